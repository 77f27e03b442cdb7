"""The student's side: sealed questions, checks that tell what the grader will record.

A student's notebook carries its questions as data (:func:`seal`): the
title, the prompt lines, the answer kind, the public position facts, and a
*book* per question: salted hashes of the accepted normalised answers, and
the feedback for wrong answers, each encrypted under a key derived from that
answer (so a hint can only be read by giving that answer).  No seed, no
secret, no answer in clear: nothing in the student's kernel lists an answer
(Tab completion, ``dir(ex)``, ``vars(ex)``, the setup cell).  A student who
drives the engine on the position, or tries every answer through the check,
can still find answers; that is the same as working the question out.

In the notebook::

    from tutor.exercises.student import load_sealed
    ex = load_sealed("…")                 # the setup cell (made by build_notebook)
    from tutor.exercises.student import show
    show("q1")
    answer_q1 = ["10H", "4H"]
    from tutor.exercises.student import check
    check("q1")    # ✓ only when the grader will give the mark, else ✗ or ⚠ saying why

:func:`check` reads ``answer_qN`` from the kernel, finds the cell that set it
in IPython's input history and reads that cell with
:func:`tutor.exercises.grading.read_answer_cell` (the grader's own reader):
code instead of a value, or a cell that no longer holds the value, is a ⚠,
never a ✓.  In JupyterLab (``JPY_SESSION_NAME`` names the notebook) it also
reads the saved file as the grader would and warns when the saved answer
differs or the file name is not ``<exercise>.ipynb``; elsewhere it says it
cannot check those.
"""
from __future__ import annotations

import ast
import base64
import hashlib
import hmac
import json
import os
import zlib
from pathlib import Path
from typing import Any

from .answers import AnswerError, parse_answer
from .core import CheckResult, Exercise, _emit, _empty_or_unknown, _Shown, judge_with_book

__all__ = ["seal", "load_sealed", "StudentExercise", "check", "show", "graded_check", "SEAL_FORMAT"]

SEAL_FORMAT = 3  # 3: BLAKE2b tags and SHAKE-256 streams (one C call each; 2 used HMAC/SHA-256 blocks)
_MAX_SAVED_BYTES = 20_000_000


# ------------------------------------------------------------------ sealing
def _salt(exercise: Exercise, qid: str, secret: str | None) -> bytes:
    key = (secret or "tricktutor-practice").encode("utf-8")
    msg = f"salt|{exercise.name}|{qid}|{exercise.student}".encode("utf-8")
    return hmac.digest(key, msg, "sha256")[:16]


def _tag(salt: bytes, kind: str, text: str) -> str:
    """The salted hash of an answer (keyed BLAKE2b, 128 bits, hex)."""
    return hashlib.blake2b(f"{kind}|{text}".encode("utf-8"), key=salt, digest_size=16).hexdigest()


def _stream(salt: bytes, kind: str, text: str, n: int) -> bytes:
    """``n`` key-stream bytes for the note sealed under an answer (SHAKE-256 of salt and answer)."""
    return hashlib.shake_256(salt + f"k|{kind}|{text}".encode("utf-8")).digest(n)


_BLOCK = 96  # hints are padded to a multiple of this many bytes, so their lengths say little
_MIN_ACCEPT = 4  # accepted-answer lists are padded with decoys to at least this many entries


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _lock(salt: bytes, kind: str, text: str, message: str, block: int = _BLOCK) -> str:
    raw = b"\x01" + message.encode("utf-8")
    raw += b"\x00" * (-len(raw) % block)
    return base64.b64encode(_xor(raw, _stream(salt, kind, text, len(raw)))).decode("ascii")


def _unlock(salt: bytes, kind: str, text: str, sealed: str) -> str:
    raw = base64.b64decode(sealed)
    plain = _xor(raw, _stream(salt, kind, text, len(raw)))
    return plain[1:].rstrip(b"\x00").decode("utf-8", "replace")


def seal(exercise: Exercise, secret: str | None = None) -> dict:
    """The sealed data of a teacher-side :class:`Exercise` (JSON-ready dict):
    what a student's notebook carries.  ``secret`` only salts the hashes
    (it is not stored); the practice set uses a public salt."""
    questions = {}
    for qid, q in exercise.questions.items():
        salt = _salt(exercise, qid, secret)
        notes = {_tag(salt, "n", c): _lock(salt, "n", c, m) for c, m in sorted(q.notes.items())}
        # every card's (or bid's) note of a question has one size, legal and illegal alike
        size = max([len(m.encode("utf-8")) + 1 for m in q.item_notes.values()] + [1])
        items = {_tag(salt, "i", c): _lock(salt, "i", c, m, size) for c, m in sorted(q.item_notes.items())}
        questions[qid] = {
            "title": q.title, "prompt": list(q.prompt), "help": q.answer_help, "kind": q.kind,
            "rules": list(q.rules), "salt": salt.hex(),
            "accept": sorted([_tag(salt, "a", c) for c in q.accepted]
                             + [_tag(salt, "decoy", str(i)) for i in range(_MIN_ACCEPT - len(q.accepted))]),
            "notes": dict(sorted(notes.items())), "items": dict(sorted(items.items())),
            "universe": q.universe, "outside": q.outside, "generic": q.generic,
        }
    return {"format": SEAL_FORMAT, "exercise": exercise.name, "student": exercise.student,
            "settings": exercise.settings, "title": exercise.title, "questions": questions}


def seal_text(exercise: Exercise, secret: str | None = None) -> str:
    """:func:`seal` as one line of text (base64 of compressed JSON) for the setup cell."""
    raw = json.dumps(seal(exercise, secret), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return base64.b64encode(zlib.compress(raw.encode("utf-8"), 1)).decode("ascii")


class _SealedBook:
    __slots__ = ("_salt", "_accept", "_notes", "_items")

    def __init__(self, data: dict):
        self._salt = bytes.fromhex(data["salt"])
        self._accept = frozenset(data["accept"])
        self._notes = dict(data["notes"])
        self._items = dict(data["items"])

    def accepts(self, canon: str) -> bool:
        return _tag(self._salt, "a", canon) in self._accept

    def note(self, canon: str) -> str | None:
        sealed = self._notes.get(_tag(self._salt, "n", canon))
        return None if sealed is None else _unlock(self._salt, "n", canon, sealed)

    def item_note(self, item: str) -> str | None:
        sealed = self._items.get(_tag(self._salt, "i", item))
        return None if sealed is None else _unlock(self._salt, "i", item, sealed)


class StudentExercise:
    """One student's exercise as their notebook holds it: questions and sealed
    books, no answers.  ``name``, ``student``, ``title``, ``settings``,
    ``qids``; :meth:`show`, :meth:`evaluate` (the value only) and
    :meth:`check` (the value and whether the grader will read it)."""

    def __init__(self, data: dict):
        if not isinstance(data, dict) or data.get("format") != SEAL_FORMAT:
            raise ValueError("this is not a sealed exercise of this version of tricktutor")
        self.name = data["exercise"]
        self.student = data["student"]
        self.title = data["title"]
        self.settings = data["settings"]
        self._questions = {qid: dict(q) for qid, q in data["questions"].items()}

    @property
    def qids(self) -> list[str]:
        return list(self._questions)

    def show(self, qid: str) -> None:
        """Display question ``qid`` (HTML in notebooks, text elsewhere)."""
        q = self._questions.get(qid)
        if q is None:
            _emit(CheckResult(qid, "unknown", f"There is no question {qid!r} here; "
                                              f"the questions are {', '.join(self._questions)}."))
            return
        _emit(_Shown(qid, q["title"], q["prompt"], q["help"]))

    def evaluate(self, qid: str, answer: Any) -> CheckResult:
        """✓/✗ for the value ``answer`` alone (the same verdict as the grader's
        for the same literal), without displaying anything."""
        early = _empty_or_unknown(qid, answer, self.qids)
        if early is not None:
            return early
        q = self._questions[qid]
        try:
            value = parse_answer(q["kind"], answer)
        except AnswerError as e:
            return CheckResult(qid, "invalid", str(e))
        ok, msg = judge_with_book(q["kind"], value, _SealedBook(q), q["generic"], q["universe"], q["outside"])
        return CheckResult(qid, "correct" if ok else "wrong", msg)

    def check(self, qid: str, *answer: Any) -> None:
        """Check question ``qid``: the answer is read from ``answer_qN`` in the
        notebook (an explicit ``answer`` argument is accepted for older
        notebooks) and the answer cell is read as the grader reads it."""
        _emit(_check_in_kernel(self, qid, answer[0] if answer else _MISSING))

    def __repr__(self) -> str:
        return f"{self.title} — questions for {self.student} ({', '.join(self.qids)})"


def load_sealed(text: str) -> StudentExercise:
    """The :class:`StudentExercise` of a setup cell's sealed text."""
    try:
        data = json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))
    except (ValueError, zlib.error) as e:
        raise ValueError(f"the setup cell's data is damaged ({type(e).__name__}); ask your teacher for a fresh "
                         f"copy of this notebook") from None
    return StudentExercise(data)


# ------------------------------------------------------------- graded check
_MISSING = object()


def _assigns(source: str, name: str) -> bool:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(tree))


def _literal_form(value: Any) -> str | None:
    """``repr(value)`` when it reads back as the same literal, else None."""
    try:
        text = repr(value)
        return text if ast.literal_eval(text) == value and len(text) < 300 else None
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return None


def _read_cell(source: str):
    from .grading import read_answer_cell
    return read_answer_cell(source)


def graded_check(ex: StudentExercise, qid: str, value: Any, cell_source: str | None,
                 saved: dict | None = None) -> CheckResult:
    """The check a student sees, from what the kernel knows.

    ``value``: the current ``answer_qN``; ``cell_source``: the source of the
    cell that set it (None if not found); ``saved``: what the saved notebook
    file says (``{"name": file name, "status": …, "value": …, "owner":
    (exercise, student)}``), or None when the front end cannot tell (then the
    ✓ says so).  Never ✓ unless the grader, reading the cell (and the file,
    when known), gives the mark."""
    early = _empty_or_unknown(qid, value, ex.qids)
    if early is not None:
        return early
    result = ex.evaluate(qid, value)
    name = f"answer_{qid}"
    problems: list[str] = []
    typed = _literal_form(value)
    fix = (f"Type the value itself, for example `{name} = {typed}`, run that cell, then run this check again."
           if typed else f"Type the value itself after `{name} = `, run that cell, then run this check again.")
    if cell_source is None:
        problems.append(f"I cannot find the cell that set {name} in this session, so I cannot tell whether the "
                        f"grader will read it. Run your answer cell (`{name} = …`) again, then this check.")
    else:
        status, cqid, cvalue = _read_cell(cell_source)
        if status != "value" or cqid != qid:
            problems.append(f"This answer will not be graded: the grader reads only a value typed in the answer "
                            f"cell (`{name} = <value>`) and never runs code, and the cell that set {name} holds "
                            f"code. {fix}")
        elif cvalue != value or type(cvalue) is not type(value):
            problems.append(f"{name} holds {typed or 'a value'} now, but its cell says {_literal_form(cvalue)}; "
                            f"the grader reads the cell. Put the answer you mean in the answer cell, run it, then "
                            f"run this check again.")
    fname = f"{ex.name}.ipynb"
    if saved is not None and not problems:
        owner = saved.get("owner")
        if owner is not None and tuple(owner) != (ex.name, ex.student):
            problems.append(f"The saved file {saved['name']!r} holds another exercise or student's questions; "
                            f"hand in the notebook made for you.")
        elif saved.get("status") != "value" or saved.get("value") != value \
                or type(saved.get("value")) is not type(value):
            got = ("no graded answer" if saved.get("status") != "value"
                   else f"{name} = {_literal_form(saved.get('value')) or '…'}")
            problems.append(f"The saved notebook file has {got} for {qid}, and the grader reads the saved file. "
                            f"Save the notebook (Ctrl+S or File ▸ Save), then run this check again.")
        elif saved.get("name") != fname:
            problems.append(f"This file is named {saved['name']!r}; your teacher's grader looks for {fname!r}. "
                            f"Rename it (File ▸ Rename Notebook) to {fname!r} before handing it in.")
    if problems:
        verdict = {"correct": "The value itself is right.", "wrong": f"The value itself: {result.message}",
                   "invalid": f"The value itself: {result.message}"}[result.status]
        return CheckResult(qid, "ungraded", " ".join(problems) + "\n" + verdict)
    if result.ok and saved is None:
        return CheckResult(qid, "correct", result.message + f"\n(This check cannot see the notebook file: save it "
                                                            f"as {fname} before handing it in.)")
    return result


def _saved_view(ex: StudentExercise, qid: str) -> dict | None:
    """What the saved notebook says for ``qid``, read as the grader reads it,
    or None when the notebook's file is unknown (no ``JPY_SESSION_NAME``)."""
    session = os.environ.get("JPY_SESSION_NAME")
    if not session:
        return None
    p = Path(session)
    tries = [p] if p.is_absolute() else [Path.cwd() / p, Path.cwd() / p.name]
    # the variable is set when the kernel starts: after a rename the old path is gone, so try the right name
    tries.append(Path.cwd() / f"{ex.name}.ipynb")
    path = next((t for t in tries if t.is_file()), None)
    if path is None or path.suffix != ".ipynb":
        return None
    view: dict = {"name": path.name, "status": "missing", "value": None, "owner": None}
    try:
        if path.stat().st_size > _MAX_SAVED_BYTES:
            view["status"] = "too big"
            return view
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        view["status"] = "unreadable"
        return view
    meta = (nb.get("metadata") or {}).get("tricktutor") if isinstance(nb, dict) else None
    if isinstance(meta, dict):
        view["owner"] = (meta.get("exercise"), meta.get("student"))
    try:
        from .grading import read_notebook_answers
        import nbformat
        answers = read_notebook_answers(nbformat.from_dict(nb))
        status, value = answers.get(qid, ("missing", None))[:2]
    except Exception:  # noqa: BLE001 - the grader's reader changed or failed: fall back to the cell reader
        status, value = "missing", None
        for cell in nb.get("cells", []) if isinstance(nb, dict) else []:
            src = cell.get("source", "")
            src = src if isinstance(src, str) else "".join(src)
            if cell.get("cell_type") == "code" and _assigns(src, f"answer_{qid}"):
                st, cq, val = _read_cell(src)
                status, value = (st, val) if cq == qid else ("code", None)
    view["status"], view["value"] = status, value
    return view


def _find_student_exercise(ns: dict) -> StudentExercise | None:
    ex = ns.get("ex")
    if isinstance(ex, StudentExercise):
        return ex
    return next((v for v in ns.values() if isinstance(v, StudentExercise)), None)


def _check_in_kernel(ex: StudentExercise | None, qid: str, value: Any = _MISSING) -> CheckResult:
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython is in the app extra
        shell = None
    ns = shell.user_ns if shell is not None else {}
    if ex is None:
        ex = _find_student_exercise(ns)
    if ex is None:
        return CheckResult(qid, "unknown", "The questions are not loaded: run the first code cell of this notebook "
                                           "(after a restart the kernel starts empty), then your answer cell, then "
                                           "this check.")
    name = f"answer_{qid}"
    if value is _MISSING:
        if name not in ns:
            if qid not in ex.qids:
                return _empty_or_unknown(qid, None, ex.qids)
            return CheckResult(qid, "empty", f"{name} is not set yet: run the answer cell for {qid} (the cell with "
                                             f"`{name} = …`) first, then this check. After a restart, run the "
                                             f"notebook's cells again from the top.")
        value = ns[name]
    source = None
    if shell is not None:
        hist = list(getattr(shell.history_manager, "input_hist_raw", None) or ns.get("In") or [])
        source = next((s for s in reversed(hist) if isinstance(s, str) and _assigns(s, name)), None)
    try:
        saved = _saved_view(ex, qid) if source is not None else None
        return graded_check(ex, qid, value, source, saved)
    except Exception as e:  # noqa: BLE001 - a bug must not look like the student's fault
        return CheckResult(qid, "invalid", f"The checker could not read this answer ({type(e).__name__}); "
                                           f"please tell your teacher.")


def check(qid: str) -> None:
    """Check ``answer_<qid>`` of this notebook (see the module docstring);
    never raises, even before the setup cell or the answer cell has run."""
    _emit(_check_in_kernel(None, qid))


def show(qid: str) -> None:
    """Show question ``qid`` of this notebook's exercise (or say to run the setup cell first)."""
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:  # pragma: no cover
        shell = None
    ex = _find_student_exercise(shell.user_ns if shell is not None else {})
    if ex is None:
        _emit(CheckResult(qid, "unknown", "The questions are not loaded: run the first code cell of this notebook "
                                          "(after a restart the kernel starts empty), then this cell."))
        return
    ex.show(qid)
