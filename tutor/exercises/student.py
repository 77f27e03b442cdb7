"""The student's side: sealed questions, checks that tell what the grader will record.

A student's notebook carries its questions as data (:func:`seal`).  What else
it carries depends on the set's mode, chosen by the teacher at ``make``:

* **practice**: a *book* per question: salted hashes of the accepted
  normalised answers, and the feedback for wrong answers, each encrypted
  under a key derived from that answer (so a hint can only be read by giving
  that answer).  The check says right (✓) or wrong (✗) with a hint.  A
  script that asks the check every candidate answer finds the right one:
  practice sets are for learning, not for marks that must resist that.
* **test**: the title, prompt lines, answer kind and rule ids only; nothing
  derived from an accepted answer (no hash, no sealed feedback, no salt), so
  neither the check nor the notebook's data can tell right from wrong.  The
  check says only how the answer was read and whether the grader will read
  it; right and wrong come with the feedback pages after grading.

A set made in another language (``make --lang so``: the settings' ``lang``)
carries its questions and a practice set's feedback written in it, and its
setup cell (:func:`load_sealed`) makes the kernel speak it, so every check
replies in it; answers are read the same in every language
(:func:`tutor.exercises.answers.parse_answer`).

No seed, no secret, no answer in clear in either mode: nothing in the
student's kernel lists an answer (Tab completion, ``dir(ex)``, ``vars(ex)``,
the setup cell).

In the notebook::

    from tutor.exercises.student import load_sealed
    ex = load_sealed("…")                 # the setup cell (made by build_notebook)
    from tutor.exercises.student import show
    show("q1")
    answer_q1 = ["10H", "4H"]
    from tutor.exercises.student import check
    check("q1")    # ✓ only when the grader will give the mark, else ✗, ⚠ or ? saying why

:func:`check` reads ``answer_qN`` from the kernel, finds the cell that set it
in IPython's input history and reads that cell with
:func:`tutor.exercises.grading.read_answer_cell` (the grader's own reader):
code instead of a value, or a cell that no longer holds the value, is a ⚠,
never a ✓.  The grader reads the saved notebook file (the last cell, in
notebook order, that sets ``answer_qN``), so the check reads that file too
when it can find it (JupyterLab and Notebook 7 name it in
``JPY_SESSION_NAME``, VS Code in ``__vsc_ipynb_file__``; JupyterLite, the static
site, names nothing: there it is ``<exercise>.ipynb`` beside the kernel) and warns when the
saved answer differs or the file name is not ``<exercise>.ipynb``.  Where it
cannot find the file it says it cannot tell what the grader will read
(status "unsure", ``?``): never a ✓ that might not be the mark.
"""
from __future__ import annotations

import ast
import base64
import hashlib
import hmac
import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any

from tutor.text import M_, set_language

from .answers import AnswerError, parse_answer
from .core import (CheckResult, Exercise, Line, Shown, emit, empty_or_unknown, judge_with_book, no_question, read_as,
                   settings_language)
from .grading import read_answer_cell, read_notebook_answers
from .status import Status
from .words import Code, Words, exercise_languages, say, text_of

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
    (it is not stored); the practice set uses a public salt.  In the test
    mode (``exercise.settings["mode"] == "test"``) only what the question
    shows is kept (:func:`_seal_test`)."""
    if exercise.settings.get("mode") == "test":
        return _seal_test(exercise)
    questions = {}
    for qid, q in exercise.questions.items():
        salt = _salt(exercise, qid, secret)
        book = q.book_texts(q.lang or None)
        notes = {_tag(salt, "n", c): _lock(salt, "n", c, m) for c, m in sorted(book["notes"].items())}
        # every card's (or bid's) note of a question has one size, legal and illegal alike
        item_notes = book["item_notes"]
        size = max([len(m.encode("utf-8")) + 1 for m in item_notes.values()] + [1])
        items = {_tag(salt, "i", c): _lock(salt, "i", c, m, size) for c, m in sorted(item_notes.items())}
        accepted = q.accepted or []
        questions[qid] = {
            "title": text_of(q.title), "prompt": list(q.prompt), "help": text_of(q.answer_help), "kind": q.kind,
            "rules": list(q.rules), "salt": salt.hex(),
            "accept": sorted([_tag(salt, "a", c) for c in accepted]
                             + [_tag(salt, "decoy", str(i)) for i in range(_MIN_ACCEPT - len(accepted))]),
            "notes": dict(sorted(notes.items())), "items": dict(sorted(items.items())),
            "universe": q.universe, "outside": book["outside"], "generic": book["generic"],
        }
    return {"format": SEAL_FORMAT, "exercise": exercise.name, "student": exercise.student,
            "settings": exercise.settings, "title": exercise.title, "questions": questions}


def _seal_test(exercise: Exercise) -> dict:
    """A test set's data: each question's title, prompt, answer help, answer
    kind and rule ids; nothing read from ``key``, ``accepted``, ``notes``,
    ``item_notes``, ``generic``, ``outside`` or ``solution`` (a test makes the
    notebook with those swapped for a wrong answer's and compares bytes)."""
    questions = {qid: {"title": q.title, "prompt": list(q.prompt), "help": q.answer_help, "kind": q.kind,
                       "rules": list(q.rules)}
                 for qid, q in exercise.questions.items()}
    return {"format": SEAL_FORMAT, "mode": "test", "exercise": exercise.name, "student": exercise.student,
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

    def note_rule(self, canon: str) -> str:  # a notebook carries no rule ids beside its notes
        return ""

    def item_rule(self, item: str) -> str:
        return ""


# TRANSLATORS: the setup cell of an exercise notebook holds data of another kind or version (a student sees it
# as the error of that cell); "tricktutor" is the program's name.
NOT_SEALED = M_("ex.seal.not_sealed", "This is not a sealed exercise of this version of tricktutor: ask your "
                                      "teacher for a fresh copy of this notebook.")
# TRANSLATORS: the setup cell's data cannot be read; {error} is the name of the Python error (binascii.Error).
DAMAGED = M_("ex.seal.damaged", "The setup cell's data is damaged ({error}): ask your teacher for a fresh copy of "
                                "this notebook.")


class StudentExercise:
    """One student's exercise as their notebook holds it: questions (and, in
    a practice set, sealed books), no answers.  ``name``, ``student``,
    ``title``, ``settings``, ``mode`` ("practice" or "test"), ``qids``;
    :meth:`show`, :meth:`evaluate` (the value only) and :meth:`check` (the
    value and whether the grader will read it)."""

    def __init__(self, data: dict):
        if not isinstance(data, dict) or data.get("format") != SEAL_FORMAT:
            raise ValueError(text_of(NOT_SEALED))
        self.name = data["exercise"]
        self.student = data["student"]
        self.title = data["title"]
        self.settings = data["settings"]
        self.mode = "test" if data.get("mode") == "test" else "practice"
        self._questions = {qid: dict(q) for qid, q in data["questions"].items()}

    @property
    def qids(self) -> list[str]:
        return list(self._questions)

    def show(self, qid: str) -> None:
        """Display question ``qid`` (HTML in notebooks, text elsewhere)."""
        q = self._questions.get(qid)
        if q is None:
            emit(no_question(qid, self._questions))
            return
        emit(Shown(qid, q["title"], q["prompt"], q["help"]))

    def evaluate(self, qid: str, answer: Any) -> CheckResult:
        """The verdict on the value ``answer`` alone, without displaying
        anything: in a practice set ✓/✗ (the same verdict as the grader's for
        the same literal); in a test set "received" with the sentence saying
        how it was read, the same for a right and a wrong answer."""
        early = empty_or_unknown(qid, answer, self.qids)
        if early is not None:
            return early
        q = self._questions[qid]
        try:
            value = parse_answer(q["kind"], answer)
        except AnswerError as e:
            return CheckResult(qid, Status.INVALID, e.msg)
        if self.mode == "test":
            return CheckResult(qid, Status.RECEIVED, read_as(q["kind"], value))
        ok, msg, _ = judge_with_book(q["kind"], value, _SealedBook(q), q["generic"], q["universe"], q["outside"])
        return CheckResult(qid, Status.CORRECT if ok else Status.WRONG, msg)

    def check(self, qid: str, *answer: Any) -> None:
        """Check question ``qid``: the answer is read from ``answer_qN`` in the
        notebook (an explicit ``answer`` argument is accepted for older
        notebooks) and the answer cell is read as the grader reads it."""
        emit(_check_in_kernel(self, qid, answer[0] if answer else _MISSING))

    def __repr__(self) -> str:
        return text_of(say(LOADED, title=self.title, student=self.student, qids=", ".join(self.qids)))


# TRANSLATORS: what the first cell of an exercise notebook shows once it has loaded the questions: {title} the
# exercise's title, {student} the student id, {qids} the questions (q1, q2, …).
LOADED = M_("ex.loaded", "{title} — questions for {student} ({qids})")


def load_sealed(text: str) -> StudentExercise:
    """The :class:`StudentExercise` of a setup cell's sealed text.  The
    kernel speaks the set's language from now on (its settings' ``lang``,
    English without one: :func:`tutor.text.set_language`), so the checks
    and their messages are written in the notebook's language."""
    try:
        data = json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))
    except (ValueError, zlib.error) as e:
        raise ValueError(text_of(say(DAMAGED, error=type(e).__name__))) from None
    ex = StudentExercise(data)
    lang = settings_language(ex.settings if isinstance(ex.settings, dict) else None)
    if lang in exercise_languages():  # a language this tutor cannot speak leaves the kernel as it is
        set_language(lang)
    return ex


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
    return read_answer_cell(source)


#: What the check says about the cell and the saved file: whole sentences, named placeholders.  ``{name}``
#: is always the answer's variable (``answer_q1``): program text, kept as it is in every language.
SAY = {
    # TRANSLATORS: a check's advice: {code} is the answer cell as it should be typed (`answer_q1 = 'QH'`: program
    # text, shown as code).
    "fix_typed": M_("ex.check.fix_typed", "Type the value itself, for example {code}, run that cell, then "
                                          "run this check again."),
    # TRANSLATORS: as above, when the value cannot be written as Python text: {code} is the cell's start
    # (`answer_q1 = `: program text, shown as code).
    "fix_untyped": M_("ex.check.fix_untyped", "Type the value itself after {code}, run that cell, then run this "
                                              "check again."),
    # TRANSLATORS: the check cannot find the cell that set {name} (answer_q1); {code} is that cell as program text
    # (`answer_q1 = …`).
    "no_cell": M_("ex.check.no_cell", "I cannot find the cell that set {name} in this session, so I cannot tell "
                                      "whether the grader will read it. Run your answer cell ({code}) again, "
                                      "then this check."),
    # TRANSLATORS: the answer cell of {name} holds code, not a typed value; {code} is the form of an answer cell
    # (`answer_q1 = <value>`: program text).
    "code_cell": M_("ex.check.code_cell", "This answer will not be graded: the grader reads only a value typed in the "
                                          "answer cell ({code}) and never runs code, and the cell that "
                                          "set {name} holds code."),
    # TRANSLATORS: {name} holds {now} (Python text) but its cell says {cell}.
    "cell_differs": M_("ex.check.cell_differs", "{name} holds {now} now, but its cell says {cell}; the grader reads "
                                                "the cell. Put the answer you mean in the answer cell, run it, then run "
                                                "this check again."),
    # TRANSLATORS: as above, when the value held cannot be written as Python text.
    "cell_differs_value": M_("ex.check.cell_differs_value", "{name} holds a value now, but its cell says {cell}; the "
                                                            "grader reads the cell. Put the answer you mean in the "
                                                            "answer cell, run it, then run this check again."),
    # TRANSLATORS: the saved notebook {file} (its name in quotes) was made for another exercise or student.
    "other_owner": M_("ex.check.other_owner", "The saved file {file} holds another exercise or student's questions; "
                                              "hand in the notebook made for you."),
    # TRANSLATORS: the saved notebook has no answer for question {qid} (q1); keep the menu names of your Jupyter.
    "not_saved_none": M_("ex.check.not_saved_none", "The saved notebook file has no graded answer for {qid}, and the "
                                                    "grader reads the saved file. Save the notebook (Ctrl+S or File ▸ "
                                                    "Save), then run this check again."),
    # TRANSLATORS: the saved notebook gives another answer cell {code} (`answer_q1 = 'QH'`: program text) for {qid};
    # {name} the variable (answer_q1).
    "not_saved_value": M_("ex.check.not_saved_value", "The saved notebook file gives {code} for {qid}: the "
                                                      "grader reads the last cell, in notebook order, that sets {name}. "
                                                      "Delete or change any cell below your answer that sets {name}, "
                                                      "save the notebook (Ctrl+S or File ▸ Save), then run this check "
                                                      "again."),
    # TRANSLATORS: the notebook file is named {file}; the grader wants {want} (both file names in quotes).
    "rename": M_("ex.check.rename", "This file is named {file}; your teacher's grader looks for {want}. Rename it "
                                    "(File ▸ Rename Notebook) to {want} before handing it in."),
    # TRANSLATORS: the check's verdict on the value alone, when it is right (another sentence says what else is amiss).
    "value_right": M_("ex.check.value_right", "The value itself is right."),
    # TRANSLATORS: the check's verdict on the value alone: {feedback} is the question's own reply.
    "value_wrong": M_("ex.check.value_wrong", "The value itself: {feedback}"),
    # TRANSLATORS: the check cannot see the saved file: {name} the variable (answer_q1), {file} the notebook's name.
    "cannot_see_file": M_("ex.check.cannot_see_file", "This check cannot see the saved notebook file here, so it "
                                                      "cannot tell what the grader will read: the grader reads the "
                                                      "saved file, and in it the last cell, in notebook order, that "
                                                      "sets {name}. Keep your answer in that cell (and no other cell "
                                                      "that sets {name} below it), save the notebook as {file} and "
                                                      "hand in that file."),
    # TRANSLATORS: a test set's check: the answer is saved where the grader reads it.
    "test_will_grade": M_("ex.check.test_will_grade", "The saved notebook holds this answer where the grader reads it, "
                                                      "so this is what will be graded. Whether it is right comes with "
                                                      "your feedback page, after your teacher grades the set."),
    # TRANSLATORS: the check or show cell was run before the notebook's first cell (the questions).
    "not_loaded_check": M_("ex.check.not_loaded", "The questions are not loaded: run the first code cell of this "
                                                  "notebook (after a restart the kernel starts empty), then your "
                                                  "answer cell, then this check."),
    # TRANSLATORS: as above, from the cell that shows a question.
    "not_loaded_show": M_("ex.show.not_loaded", "The questions are not loaded: run the first code cell of this "
                                                "notebook (after a restart the kernel starts empty), then this cell."),
    # TRANSLATORS: the answer variable {name} (answer_q1) of question {qid} (q1) is not set; {code} is its answer cell
    # as program text (`answer_q1 = …`).
    "not_set": M_("ex.check.not_set", "{name} is not set yet: run the answer cell for {qid} (the cell with "
                                      "{code}) first, then this check. After a restart, run the notebook's "
                                      "cells again from the top."),
    # TRANSLATORS: the checker itself failed; {error} is the name of the Python error (KeyError).
    "checker_failed": M_("ex.check.failed", "The checker could not read this answer ({error}); please tell your "
                                            "teacher."),
}


def graded_check(ex: StudentExercise, qid: str, value: Any, cell_source: str | None,
                 saved: dict | None = None) -> CheckResult:
    """The check a student sees, from what the kernel knows.

    ``value``: the current ``answer_qN``; ``cell_source``: the source of the
    cell that set it (None if not found); ``saved``: what the saved notebook
    file says (``{"name": file name, "status": …, "value": …, "owner":
    (exercise, student)}``), or None when the front end cannot tell.  Never ✓
    unless the grader, reading the cell and the saved file, gives the mark:
    without the file a right value is "unsure" (``?``, "cannot tell what the
    grader will read").  In a test set the verdict on the value is only how it
    was read (status "received"), the same for a right and a wrong answer."""
    early = empty_or_unknown(qid, value, ex.qids)
    if early is not None:
        return early
    result = ex.evaluate(qid, value)
    name = f"answer_{qid}"
    problems: list[Words] = []
    typed = _literal_form(value)
    fix = (say(SAY["fix_typed"], code=Code(f"{name} = {typed}")) if typed
           else say(SAY["fix_untyped"], code=Code(f"{name} = ")))
    if cell_source is None:
        problems.append(say(SAY["no_cell"], name=name, code=Code(f"{name} = …")))
    else:
        status, cqid, cvalue = _read_cell(cell_source)
        if status != "value" or cqid != qid:
            problems += [say(SAY["code_cell"], name=name, code=Code(f"{name} = <value>")), fix]
        elif cvalue != value or type(cvalue) is not type(value):
            problems.append(say(SAY["cell_differs"], name=name, now=typed, cell=_literal_form(cvalue)) if typed
                            else say(SAY["cell_differs_value"], name=name, cell=_literal_form(cvalue)))
    fname = f"{ex.name}.ipynb"
    if saved is not None and not problems:
        owner = saved.get("owner")
        if owner is not None and tuple(owner) != (ex.name, ex.student):
            problems.append(say(SAY["other_owner"], file=repr(saved["name"])))
        elif saved.get("status") != "value" or saved.get("value") != value \
                or type(saved.get("value")) is not type(value):
            if saved.get("status") != "value":
                problems.append(say(SAY["not_saved_none"], qid=qid))
            else:
                problems.append(say(SAY["not_saved_value"], name=name, qid=qid,
                                    code=Code(f"{name} = {_literal_form(saved.get('value')) or '…'}")))
        elif saved.get("name") != fname:
            problems.append(say(SAY["rename"], file=repr(saved["name"]), want=repr(fname)))
    on_value: Line
    if result.status == "received":
        on_value = result.lines[0]  # how the answer was read
    elif result.status == "correct":
        on_value = say(SAY["value_right"])
    else:
        on_value = say(SAY["value_wrong"], feedback=result.message)
    if problems:
        return CheckResult(qid, Status.UNGRADED, (tuple(problems), on_value))
    if result.status in ("invalid", "wrong"):
        return result
    if saved is None:
        return CheckResult(qid, Status.UNSURE, (on_value, say(SAY["cannot_see_file"], name=name, file=fname)))
    if result.status == "received":
        return CheckResult(qid, Status.RECEIVED, (on_value, say(SAY["test_will_grade"])))
    return result


def saved_view(ex: StudentExercise, qid: str, ns: dict | None = None) -> dict | None:
    """What the saved notebook says for ``qid``, read as the grader reads it,
    or None when the notebook's file is unknown: the front end names it in
    ``JPY_SESSION_NAME`` (JupyterLab, Notebook 7) or ``__vsc_ipynb_file__``
    in the kernel's namespace ``ns`` (VS Code); in JupyterLite (Python in the
    browser), where neither is set, ``<exercise>.ipynb`` in the kernel's folder."""
    session = os.environ.get("JPY_SESSION_NAME") or (ns or {}).get("__vsc_ipynb_file__")
    if (not isinstance(session, str) or not session) and sys.platform == "emscripten":
        # JupyterLite (the static site): the kernel runs in the notebook's folder of the browser's
        # file system, which it reads through the page, but nothing names the notebook: the
        # exercise's own file name there (its owner is checked as for any saved file)
        session = f"{ex.name}.ipynb"
    if not isinstance(session, str) or not session:
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
        import nbformat  # noqa: PLC0415 - nbformat (the app extra) loads when a notebook is read
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
        from IPython import get_ipython  # noqa: PLC0415 - IPython only in a notebook's kernel
        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython is in the app extra
        shell = None
    ns = shell.user_ns if shell is not None else {}
    if ex is None:
        ex = _find_student_exercise(ns)
    if ex is None:
        return CheckResult(qid, Status.UNKNOWN, say(SAY["not_loaded_check"]))
    name = f"answer_{qid}"
    if value is _MISSING:
        if name not in ns:
            if qid not in ex.qids:
                return no_question(qid, ex.qids)
            return CheckResult(qid, Status.EMPTY, say(SAY["not_set"], name=name, qid=qid, code=Code(f"{name} = …")))
        value = ns[name]
    source = None
    if shell is not None:
        hist = list(getattr(shell.history_manager, "input_hist_raw", None) or ns.get("In") or [])
        source = next((s for s in reversed(hist) if isinstance(s, str) and _assigns(s, name)), None)
    try:
        saved = saved_view(ex, qid, ns) if source is not None else None
        return graded_check(ex, qid, value, source, saved)
    except Exception as e:  # noqa: BLE001 - a bug must not look like the student's fault
        return CheckResult(qid, Status.INVALID, say(SAY["checker_failed"], error=type(e).__name__))


def check(qid: str) -> None:
    """Check ``answer_<qid>`` of this notebook (see the module docstring);
    never raises, even before the setup cell or the answer cell has run."""
    emit(_check_in_kernel(None, qid))


def show(qid: str) -> None:
    """Show question ``qid`` of this notebook's exercise (or say to run the setup cell first)."""
    try:
        from IPython import get_ipython  # noqa: PLC0415 - IPython only in a notebook's kernel
        shell = get_ipython()
    except ImportError:  # pragma: no cover
        shell = None
    ex = _find_student_exercise(shell.user_ns if shell is not None else {})
    if ex is None:
        emit(CheckResult(qid, Status.UNKNOWN, say(SAY["not_loaded_show"])))
        return
    ex.show(qid)
