"""Grading a class's handed-in exercise notebooks — without running student code.

Layout (written by ``tricktutor exercises make`` and ``collect``)::

    CLASS/<student_id>/<any name>.ipynb     the handed-in notebooks
    KEYS/class_secret.txt                  the per-class secret (teacher only)
    KEYS/exercise_settings.json            the exercises and their settings
    KEYS/roster.csv                        ids and names (a copy of the roster)
    KEYS/variants.json                     {student id: variant index} (fixed by make; a student
                                           missing from it is not graded, with a note)

**What is graded** (:func:`read_answer_cell`, the single truth; the
notebook's own check calls it too): in notebook order, the *last* code cell
that assigns ``answer_qN`` gives question N's answer, whether or not it is
the tagged answer cell.  In that cell, the value is the literal of the last
``answer_qN = <literal>`` statement, read with :func:`ast.literal_eval` (no
code runs); other statements (``print``, comments, imports) may come before
or after.  If that assignment is code (``80 + 2``, ``sorted([...])``), the
cell is not valid Python, or other code in the cell changes the name
(``answer_q1 += 1``, ``answer_q1.append(…)``; reading it, as ``print`` or
the check cell do, is fine), the answer is "code, not a value" and scores 0.

**Which notebook**: a notebook is recognised by its metadata
(``tricktutor.exercise`` / ``student``), never by its file name, so
``ex2_trick_winner (1).ipynb`` counts.  ``make`` signs that metadata with
the class secret (HMAC-SHA256 over exercise, student and settings); a
notebook whose signature does not match (metadata edited, a classmate's
notebook, a practice copy) is refused with a note.  The settings are the
notebook's, cross-checked with ``KEYS/exercise_settings.json``: when they
disagree or either is missing, that exercise is not graded (a note says why)
— never a silent default.

**Hostile hand-ins**: only regular files and real folders inside the class
folder are read (no symbolic links, FIFOs or devices; ``O_NOFOLLOW`` and
``O_NONBLOCK``, type checked on the open file), notebooks of at most
:data:`MAX_NOTEBOOK_BYTES`, code cells of at most :data:`MAX_CELL_CHARS`.
Every per-notebook failure becomes a note on that student's row; the rest of
the class is graded.  Folder names that are not valid student ids
(:func:`tutor.exercises.roster.id_problem`) are not graded, and every CSV
cell a spreadsheet would evaluate (``=``, ``+``, ``-``, ``@`` …) is written
with a leading apostrophe.
"""
from __future__ import annotations

import ast
import csv
import hashlib
import hmac
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .core import Exercise, normalise_settings
from .questions import EXERCISES
from .roster import RosterError, id_problem, read_roster

__all__ = ["read_answer_cell", "analyse_cell", "read_notebook_answers", "read_notebook_cells", "CellAnswer", "grade_class", "GradeReport",
           "ClassKeys", "load_keys", "metadata_signature", "read_regular_file", "read_overrides",
           "neutralise_cell", "GradingError", "Refused", "SETTINGS_FILE", "SECRET_FILE", "ROSTER_FILE", "VARIANTS_FILE",
           "KEYS_DIR", "CODE_NOT_VALUE", "MAX_NOTEBOOK_BYTES", "MAX_CELL_CHARS", "SIGNATURE"]

SETTINGS_FILE = "exercise_settings.json"
SECRET_FILE = "class_secret.txt"
VARIANTS_FILE = "variants.json"  # {"format": 1, "variants": {student id: index >= 0, or null for a set made before}}
ROSTER_FILE = "roster.csv"
KEYS_DIR = "answer_keys"
SIGNATURE = "signature"
CODE_NOT_VALUE = "code, not a value"
#: Largest notebook file read (bytes); larger files are refused with a note.
MAX_NOTEBOOK_BYTES = 5_000_000
#: Longest code cell parsed (characters): an answer is a short literal.
MAX_CELL_CHARS = 20_000
MAX_TEACHER_FILE_BYTES = 1_000_000
_NAME = re.compile(r"answer_(q\d+)")
_ASSIGN_TEXT = re.compile(r"\banswer_(q\d+)\s*(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)")


class GradingError(ValueError):
    """The class cannot be graded (keys folder missing or tampered…): one line for the teacher."""


class Refused(Exception):
    """A file that is not read (symlink, FIFO, too large…); the message says why."""


# ------------------------------------------------------------ answer cells
class CellAnswer(NamedTuple):
    """One answer as the grader reads it: ``status`` "value" (``value`` is
    the literal) or "code" (``reason`` says why it is not graded)."""

    status: str
    value: Any
    reason: str = ""


def _mutated(node: ast.Name, parents: dict) -> bool:
    """Whether a read of ``answer_qN`` may change its value: a method or
    attribute (``answer_q1.append(…)``) or an item store (``answer_q1[0] = …``)."""
    parent = parents.get(node)
    if isinstance(parent, ast.Attribute) and parent.value is node:
        return True
    if isinstance(parent, ast.Subscript) and parent.value is node and not isinstance(parent.ctx, ast.Load):
        return True
    return False


def analyse_cell(source: Any) -> tuple[str, dict[str, CellAnswer]]:
    """Every ``answer_qN`` one code cell sets, without running it.

    Returns ``(kind, answers)``: ``kind`` is "empty" (blank or comments
    only), "code" or "ok"; ``answers`` maps qid → :class:`CellAnswer`
    (status "value" with the literal, or "code" with the reason) for each
    answer name the cell assigns.  Never raises for any ``source``.
    """
    if not isinstance(source, str):
        return "code", {}
    if len(source) > MAX_CELL_CHARS:
        qids = dict.fromkeys(m.group(1) for m in _ASSIGN_TEXT.finditer(source))
        why = f"the cell is longer than {MAX_CELL_CHARS:,} characters and was not read"
        return "code", {q: CellAnswer("code", None, why) for q in qids}
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError) as e:
        qids = dict.fromkeys(m.group(1) for m in _ASSIGN_TEXT.finditer(source))
        line = getattr(e, "lineno", None)
        why = "the cell is not valid Python" + (f" (line {line})" if line else "")
        return "code", {q: CellAnswer("code", None, why) for q in qids}
    if not tree.body:
        return "empty", {}
    out: dict[str, CellAnswer] = {}
    literal_targets: set[int] = set()
    for stmt in tree.body:
        targets, value = None, None
        if isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Name) for t in stmt.targets):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        if not targets or not any(_NAME.fullmatch(t.id) for t in targets):
            continue
        try:
            lit, status, why = ast.literal_eval(value), "value", ""
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, OverflowError):
            lit, status, why = None, "code", "the answer is a calculation or a call, not a value"
        for t in targets:
            m = _NAME.fullmatch(t.id)
            if m:
                literal_targets.add(id(t))
                out[m.group(1)] = CellAnswer(status, lit, why)
    parents: dict = {}
    try:
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[child] = node
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.arg):
                name = node.arg
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                name = next((n for n in node.names if _NAME.fullmatch(n)), None)
            if not name or not _NAME.fullmatch(name) or id(node) in literal_targets:
                continue
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and not _mutated(node, parents):
                continue  # read only (print(answer_q1), ex.check("q1", answer_q1), x = answer_q1 + 1)
            qid = _NAME.fullmatch(name).group(1)
            out[qid] = CellAnswer("code", None, "other code in the cell changes the answer")
    except RecursionError:
        return "code", {q: CellAnswer("code", None, "the cell is too deeply nested to read") for q in out}
    return "ok", out


def read_answer_cell(source: Any, qid: str | None = None) -> tuple[str, str | None, Any]:
    """Read one code cell without running it: what the grader records.

    Returns ``(status, qid, value)``: ``("value", "q3", 52)`` when the cell
    sets ``answer_q3`` to the literal ``52`` (the last such assignment;
    other statements such as ``print`` may come before or after);
    ``("code", qid_or_None, None)`` when that answer is code, the cell is not
    valid Python, or other code in the cell changes the name (and for a cell
    that sets no answer but is not blank); cells that only read an answer
    (the check cell) set none; ``("empty", None, None)`` for
    a blank or comment-only cell.  ``qid``: which answer to report when the
    cell assigns several (default: the first one it assigns).
    """
    kind, answers = analyse_cell(source)
    if qid is None:
        qid = next(iter(answers), None)
    if qid is None or qid not in answers:
        if kind == "empty":
            return "empty", None, None
        return "code", None if qid is None or not answers else qid, None
    a = answers[qid]
    return a.status, qid, a.value


def _cell_source(cell: dict) -> Any:
    src = cell.get("source")
    if isinstance(src, str):
        return src
    if isinstance(src, list) and all(isinstance(s, str) for s in src):
        return "".join(src)
    return None


def read_notebook_answers(nb: Any) -> dict[str, CellAnswer]:
    """``{qid: CellAnswer(status, value, reason)}`` for a notebook (parsed
    JSON or a NotebookNode): what the grader records for each question.

    The last code cell in notebook order that assigns ``answer_qN`` gives
    question N (tagged answer cell or not).  Raises :class:`Refused` when the
    notebook has no list of cells.
    """
    return read_notebook_cells(nb)[0]


def read_notebook_cells(nb: Any) -> tuple[dict[str, CellAnswer], list[str]]:
    """``(answers, problems)``: :func:`read_notebook_answers` and the cells
    that could not be read (``source`` not text…)."""
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        raise Refused("not a notebook (no list of cells)")
    out: dict[str, CellAnswer] = {}
    problems: list[str] = []
    for i, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        src = _cell_source(cell)
        if src is None:
            meta = cell.get("metadata") if isinstance(cell.get("metadata"), dict) else {}
            tt = meta.get("tricktutor") if isinstance(meta.get("tricktutor"), dict) else {}
            q = tt.get("question")
            problems.append(f"cell {i}{f' ({q})' if isinstance(q, str) else ''} has no readable text")
            continue
        _, answers = analyse_cell(src)
        out.update(answers)
    return out, problems


# ----------------------------------------------------------------- files
def read_regular_file(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file (not a symlink, FIFO or
    device) of at most ``limit`` bytes; else raises :class:`Refused`
    saying why.  Opens with ``O_NOFOLLOW | O_NONBLOCK`` and checks the type
    of the open file, so a swapped-in FIFO cannot hang the reader."""
    try:
        st = os.lstat(path)
    except OSError as e:
        raise Refused(f"cannot be read ({e.strerror})") from None
    if stat.S_ISLNK(st.st_mode):
        raise Refused("is a symbolic link (only files handed in are graded)")
    if not stat.S_ISREG(st.st_mode):
        raise Refused("is not a regular file (a FIFO, device or folder)")
    if st.st_size > limit:
        raise Refused(f"is larger than {limit / 1e6:g} MB ({st.st_size / 1e6:.1f} MB)")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise Refused(f"cannot be opened ({e.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused("is not a regular file (a FIFO, device or folder)")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise Refused(f"is larger than {limit / 1e6:g} MB")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _load_json_bytes(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise Refused("is not a readable notebook (not JSON)") from None
    except RecursionError:
        raise Refused("is not a readable notebook (nested too deeply)") from None


# ------------------------------------------------------------- the keys
def metadata_signature(secret: str, exercise: Any, student: Any, settings: Any) -> str:
    """HMAC-SHA256 (hex, 32 characters) of the notebook's exercise, student
    and settings under the class secret: ``make`` writes it into the
    notebook metadata; ``collect`` and ``grade`` check it."""
    msg = json.dumps({"exercise": exercise, "student": student, "settings": settings},
                     sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(secret.encode("utf-8"), msg.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


@dataclass
class ClassKeys:
    """The teacher's keys folder: ``secret``, ``exercises`` (name → settings,
    in hand-out order), ``names`` (id → name, from the roster copy), ``ids``
    (roster order, or None without a roster copy), ``variants`` (id → the
    student's variant index, None for a student made before variants; the
    whole mapping None for a set made before variants, whose questions all
    use a random draw)."""

    folder: Path
    secret: str
    exercises: dict[str, dict]
    names: dict[str, str] = field(default_factory=dict)
    ids: list[str] | None = None
    variants: dict[str, int | None] | None = None


def _read_teacher_json(path: Path) -> Any:
    try:
        data = read_regular_file(path, MAX_TEACHER_FILE_BYTES)
    except Refused as e:
        raise GradingError(f"{path} {e}") from None
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise GradingError(f"{path} is nested too deeply to be a settings file (tampered?)") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise GradingError(f"{path} is not valid JSON ({e})") from None


def load_keys(folder: str | os.PathLike) -> ClassKeys:
    """Read a keys folder written by ``make``.  Raises :class:`GradingError`
    (one line) when it, its secret or its settings file is missing, not a
    regular file, or not what ``make`` writes."""
    folder = Path(folder)
    if not folder.is_dir():
        raise GradingError(f"keys folder {folder} not found: pass --keys with the teacher folder "
                           f"that make wrote (it holds {SECRET_FILE} and {SETTINGS_FILE})")
    sp, kp = folder / SECRET_FILE, folder / SETTINGS_FILE
    for p in (sp, kp):
        if not os.path.lexists(p):
            raise GradingError(f"{p} is missing: grading needs the keys folder make wrote (never a default "
                               f"— the settings decide the right answers)")
    try:
        secret = read_regular_file(sp, 1000).decode("ascii").strip()
    except (Refused, UnicodeDecodeError) as e:
        raise GradingError(f"{sp} {e if isinstance(e, Refused) else 'is not the class secret'}") from None
    if not re.fullmatch(r"[0-9a-f]{32,128}", secret):
        raise GradingError(f"{sp} does not hold a class secret (hex digits, as make writes it)")
    stored = _read_teacher_json(kp)
    exs = stored.get("exercises") if isinstance(stored, dict) else None
    if not isinstance(exs, dict) or not exs:
        raise GradingError(f"{kp} is not a settings file make wrote (no exercises object)")
    exercises: dict[str, dict] = {}
    for name, settings in exs.items():
        if name not in EXERCISES:
            raise GradingError(f"{kp}: unknown exercise {name!r} (known: {', '.join(EXERCISES)})")
        if not isinstance(settings, dict):
            raise GradingError(f"{kp}: {name}: settings must be an object, not {type(settings).__name__}")
        try:
            exercises[name] = normalise_settings(settings)
        except ValueError as e:
            raise GradingError(f"{kp}: {name}: {e}") from None
    keys = ClassKeys(folder, secret, exercises)
    rp = folder / ROSTER_FILE
    if os.path.lexists(rp):
        if os.path.islink(rp):
            raise GradingError(f"{rp} is a symbolic link (tampered keys folder?)")
        try:
            roster = read_roster(rp)
        except RosterError as e:
            raise GradingError(str(e)) from None
        keys.names, keys.ids = roster.names(), roster.ids
    vp = folder / VARIANTS_FILE
    if os.path.lexists(vp):
        keys.variants = read_variants(vp)
    return keys


def read_variants(path: Path) -> dict[str, int | None]:
    """``{student id: variant index}`` from the teacher folder's
    :data:`VARIANTS_FILE` (written by ``make``).  Raises
    :class:`GradingError` (one line) when it is not what make writes."""
    stored = _read_teacher_json(path)
    v = stored.get("variants") if isinstance(stored, dict) else None
    if not isinstance(v, dict) or not all(
            isinstance(k, str) and (i is None or (type(i) is int and i >= 0)) for k, i in v.items()):
        raise GradingError(f"{path} is not the variants file make writes ({{student id: index}})")
    return dict(v)


def _bad(settings):
    raise ValueError(f"settings must be an object, not {type(settings).__name__}")


def _expected(name: str, student: str, settings: dict, secret: str, variant: int | None = None) -> Exercise:
    """The exercise ``name`` as ``make`` generated it for ``student`` with
    its ``variant`` index (the one place that regenerates expected answers)."""
    try:
        return Exercise(name, student, settings, secret=secret, variant=variant)
    except TypeError as e:  # main before the per-class secret landed (exstudent's branch)
        if "secret" not in str(e):
            raise
        return Exercise(name, student, settings)


# ------------------------------------------------------------ the report
NOT_HANDED_IN = "not handed in"  # Answer.message of every question of a notebook never handed in


@dataclass
class Answer:
    """One graded answer: what the student wrote and what the checker said."""

    student: str
    column: str
    written: str          # the literal as written (repr), or "" when none
    status: str           # correct / wrong / invalid / empty / code / missing / refused
    message: str = ""
    rule: str = ""
    mark: float = 0


@dataclass
class GradeReport:
    """``rows``: one dict per student in :attr:`columns` order (``id``,
    ``name``, ``exercise:qN`` marks, ``<exercise> total``, ``total``,
    ``maximum``, ``percent``, ``notes``); ``answers``: every
    :class:`Answer`; ``problems`` / ``warnings``: printed summary lines."""

    rows: list[dict] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    question_columns: list[str] = field(default_factory=list)
    exercises: list[str] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def dataframe(self):
        import pandas as pd
        return pd.DataFrame(self.rows, columns=self.columns)

    def summary(self) -> str:
        n = len(self.rows)
        lines = [f"Graded {n} student{'s' if n != 1 else ''}; "
                 f"{len(self.problems)} problem{'s' if len(self.problems) != 1 else ''} found."]
        lines += [f"  {p}" for p in self.problems]
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)

    def write_csv(self, path: str | os.PathLike, delimiter: str = ",") -> None:
        """``grades.csv``; with ``delimiter=';'`` decimals use a comma (semicolon locales)."""
        _write_table(path, self.columns, self.rows, delimiter)

    def write_lms_csv(self, path: str | os.PathLike, delimiter: str = ",",
                      column: str = "Trick Tutor exercises") -> None:
        """The LMS import file: ``Student`` (name), ``SIS User ID`` (Canvas
        matches on it), ``ID number`` (Moodle's usual "identify user by"
        field), and ``column`` holding each student's total."""
        cols = ["Student", "SIS User ID", "ID number", column]
        rows = [{"Student": r["name"], "SIS User ID": r["id"], "ID number": r["id"], column: r["total"]}
                for r in self.rows]
        _write_table(path, cols, rows, delimiter)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "|", "%")


def neutralise_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet will not evaluate: text starting with
    ``= + - @``, a tab, a carriage return (or ``|``, ``%``) gets a leading
    apostrophe; numbers are left alone."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _write_table(path, columns, rows, delimiter: str) -> None:
    def fmt(v):
        if isinstance(v, float):
            text = f"{v:.1f}" if not v.is_integer() else f"{int(v)}"
            return text.replace(".", ",") if delimiter == ";" else text
        return neutralise_cell(v)
    with open(path, "w", encoding="utf-8-sig", newline="") as f:
        w = csv.writer(f, delimiter=delimiter)
        w.writerow([neutralise_cell(c) for c in columns])
        for r in rows:
            w.writerow([fmt(r.get(c, "")) for c in columns])


def read_overrides(path: str | os.PathLike) -> dict[tuple[str, str], float]:
    """A teacher's manual decisions: a CSV (comma or semicolon) with columns
    ``id``, ``question`` (``ex1_legal_cards:q3``) and ``mark`` (0 to 1).
    Returns ``{(id, question): mark}``; raises :class:`GradingError` naming
    the line for anything else."""
    p = Path(path)
    try:
        text = read_regular_file(p, MAX_TEACHER_FILE_BYTES).decode("utf-8-sig")
    except (Refused, UnicodeDecodeError) as e:
        raise GradingError(f"override file {path} {e if isinstance(e, Refused) else 'is not UTF-8 text'}") from None
    lines = text.splitlines()
    if not lines:
        return {}
    delim = ";" if lines[0].count(";") > lines[0].count(",") else ","
    reader = csv.reader(lines, delimiter=delim)
    header = [h.strip().lower() for h in next(reader)]
    need = ("id", "question", "mark")
    if any(h not in header for h in need):
        raise GradingError(f"override file {path}: the header must name the columns id, question, mark "
                           f"(found: {', '.join(header)})")
    out: dict[tuple[str, str], float] = {}
    for n, row in enumerate(reader, start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            raise GradingError(f"override file {path} line {n} has {len(row)} fields, not {len(header)}")
        sid, q, mark = (row[header.index(c)].strip() for c in need)
        try:
            m = float(mark.replace(",", "."))
        except ValueError:
            raise GradingError(f"override file {path} line {n}: mark {mark!r} is not a number") from None
        if not 0 <= m <= 1:
            raise GradingError(f"override file {path} line {n}: mark {m:g} must be between 0 and 1")
        out[(sid, q)] = m
    return out


# --------------------------------------------------------------- grading
_RULE = re.compile(r"\b((?:SP|OH)-(?:V)?\d+)\b")
_IGNORED_DIRS = {"__MACOSX", KEYS_DIR}


@dataclass
class _Found:
    path: Path
    mtime: float
    meta: dict
    nb: dict


def _notebook_meta(nb: Any) -> dict:
    if not isinstance(nb, dict):
        raise Refused("is not a notebook (not a JSON object)")
    meta = nb.get("metadata")
    if not isinstance(meta, dict):
        raise Refused("has no notebook metadata")
    tt = meta.get("tricktutor")
    if tt is None:
        raise Refused("is not an exercise notebook made for this class (no tricktutor metadata)")
    if not isinstance(tt, dict):
        raise Refused("has tampered metadata (tricktutor is not an object)")
    for k in ("exercise", "student"):
        if not isinstance(tt.get(k), str):
            raise Refused(f"has tampered metadata ({k} is not text)")
    return tt


def _scan_student(folder: Path) -> tuple[list[_Found], list[str]]:
    found, notes = [], []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as e:
        return [], [f"folder cannot be read ({e.strerror})"]
    for e in entries:
        if e.name.startswith(".") or not e.name.lower().endswith(".ipynb"):
            continue
        try:
            data = read_regular_file(e.path, MAX_NOTEBOOK_BYTES)
            nb = _load_json_bytes(data)
            meta = _notebook_meta(nb)
            found.append(_Found(Path(e.path), os.lstat(e.path).st_mtime, meta, nb))
        except Refused as r:
            notes.append(f"{e.name} {r}: not graded")
    return found, notes


def grade_class(folder: str | os.PathLike, keys: ClassKeys | str | os.PathLike,
                roster: list[str] | None = None, names: dict[str, str] | None = None,
                overrides: dict[tuple[str, str], float] | None = None) -> GradeReport:
    """Grade every student folder under ``folder`` (see the module docstring).

    ``keys``: a :class:`ClassKeys` or the keys folder.  ``roster``: ids
    expected (default: the keys folder's roster copy); a student without a
    folder or without any notebook gets a row of zeros noted "nothing handed
    in"; a folder not on it is noted.  ``overrides``: ``{(id, question):
    mark}`` applied last and noted.  Raises :class:`GradingError` only for a
    class-wide problem (keys folder); each student's problems are notes.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise GradingError(f"{folder} is not a folder")
    if not isinstance(keys, ClassKeys):
        keys = load_keys(keys)
    roster = list(roster) if roster is not None else keys.ids
    names = dict(keys.names, **(names or {}))
    report = GradeReport()
    report.exercises = list(keys.exercises)
    qids_of: dict[str, list[str]] = {}
    for name in report.exercises:
        qids_of[name] = [f"q{i}" for i in range(1, len(EXERCISES[name].generators) + 1)]
    report.question_columns = [f"{n}:{q}" for n in report.exercises for q in qids_of[n]]
    sub_cols = [f"{n} total" for n in report.exercises]
    report.columns = ["id", "name", *report.question_columns, *sub_cols, "total", "maximum", "percent", "notes"]
    maximum = len(report.question_columns)

    folders: dict[str, Path] = {}
    bad_rows: list[tuple[str, str]] = []
    folder_notes: dict[str, list[str]] = {}
    for e in sorted(os.scandir(folder), key=lambda e: e.name):
        if e.name.startswith(".") or e.name in _IGNORED_DIRS or e.name.lower() in ("binder", "feedback"):
            continue
        if e.is_symlink():
            if e.is_dir():
                why = "the student folder is a symbolic link: not graded"
                if id_problem(e.name) is None:
                    folder_notes[e.name] = [why]
                else:
                    bad_rows.append((e.name, why))
            continue
        if not e.is_dir():
            continue
        why = id_problem(e.name)
        if why:
            bad_rows.append((e.name, f"folder name is not a student id ({why}): not graded"))
            continue
        folders[e.name] = Path(e.path)
    students = list(roster or [])
    extra = sorted((set(folders) | set(folder_notes)) - set(students))
    students += extra
    lower_roster = {s.casefold(): s for s in roster or []}
    for sid in students:
        row: dict[str, Any] = {"id": sid, "name": names.get(sid, ""), **{c: 0 for c in report.question_columns}}
        notes: list[str] = []
        start = len(report.answers)  # this student's answers are report.answers[start:]
        if roster is not None and sid not in roster:
            other = lower_roster.get(sid.casefold())
            notes.append(f"not on the roster{f' (did you mean {other}?)' if other else ''}")
        notes += folder_notes.get(sid, [])
        if sid in folders:
            found, file_notes = _scan_student(folders[sid])
            notes += file_notes
            by_ex: dict[str, list[_Found]] = {}
            for f in found:
                by_ex.setdefault(f.meta["exercise"], []).append(f)
            for exname, fs in by_ex.items():
                if exname not in keys.exercises:
                    for f in fs:
                        notes.append(f"{f.path.name} is exercise {exname!r}, not one of this set: not graded")
            for name in report.exercises:
                fs = sorted(by_ex.get(name, []), key=lambda f: (f.mtime, f.path.name), reverse=True)
                if not fs:
                    notes.append(f"{name}: not handed in")
                    for q in qids_of[name]:
                        report.answers.append(Answer(sid, f"{name}:{q}", "", "missing", NOT_HANDED_IN))
                    continue
                if len(fs) > 1:
                    notes.append(f"{name}: {len(fs)} copies; graded the newest, {fs[0].path.name} "
                                 f"(ignored: {', '.join(f.path.name for f in fs[1:])})")
                try:
                    _grade_notebook(fs[0], sid, name, qids_of[name], keys, row, notes, report)
                except Exception as e:  # noqa: BLE001 - one notebook never stops the class
                    for q in qids_of[name]:
                        row[f"{name}:{q}"] = 0
                    notes.append(f"{name}: {fs[0].path.name} could not be graded ({type(e).__name__}): "
                                 f"not graded")
        attempted = any(a.status not in ("missing", "empty", "refused") for a in report.answers[start:])
        if not attempted and not any("not graded" in n for n in notes):
            notes = [n for n in notes if n.startswith("not on the roster")] + ["nothing handed in"]
        _apply_overrides(sid, row, notes, overrides or {}, report.question_columns, report.answers[start:])
        for name in report.exercises:
            row[f"{name} total"] = sum(row[f"{name}:{q}"] for q in qids_of[name])
        row["total"] = sum(row[c] for c in report.question_columns)
        for k in [*report.question_columns, *sub_cols, "total"]:
            if isinstance(row[k], float) and row[k].is_integer():
                row[k] = int(row[k])
        row["maximum"] = maximum
        row["percent"] = round(100.0 * row["total"] / maximum, 1) if maximum else 0.0
        row["notes"] = "; ".join(notes)
        report.rows.append(row)
        report.problems.extend(f"{sid}: {n}" for n in notes)
    for name, why in bad_rows:
        row = {"id": name, "name": "", **{c: 0 for c in report.question_columns},
               **{c: 0 for c in sub_cols}, "total": 0, "maximum": maximum, "percent": 0.0, "notes": why}
        report.rows.append(row)
        report.problems.append(f"{name!r}: {why}")
    if overrides:
        known = {(r["id"], c) for r in report.rows for c in report.question_columns}
        for k in overrides:
            if k not in known:
                report.warnings.append(f"override {k[0]} {k[1]} matches no student and question: ignored")
    return report


def _grade_notebook(f: _Found, sid: str, name: str, qids: list[str], keys: ClassKeys,
                    row: dict, notes: list[str], report: GradeReport) -> bool:
    """Grade one notebook into ``row``; False (with a note) when it is refused."""
    meta, fname = f.meta, f.path.name

    def refuse(why: str) -> bool:
        notes.append(f"{name}: {fname} {why}: not graded")
        for q in qids:
            report.answers.append(Answer(sid, f"{name}:{q}", "", "refused", why))
        return False

    if meta["student"] != sid:
        owner = meta["student"] if id_problem(meta["student"]) is None else repr(meta["student"][:40])
        return refuse(f"is from {owner}'s set, not {sid}'s")
    settings = meta.get("settings")
    if settings is None:
        return refuse("names no settings in its metadata")
    sig = meta.get(SIGNATURE)
    if not isinstance(sig, str) or not hmac.compare_digest(
            sig, metadata_signature(keys.secret, meta["exercise"], meta["student"], settings)):
        return refuse("does not carry this class's signature (metadata edited, or not made by make "
                      "for this class)")
    try:
        nb_settings = normalise_settings(settings if isinstance(settings, dict) else _bad(settings))
    except ValueError as e:
        return refuse(f"has settings that cannot be used ({e})")
    if nb_settings != keys.exercises[name]:
        return refuse(f"was made with other settings than {SETTINGS_FILE} says ({_diff(nb_settings, keys.exercises[name])})")
    try:
        answers, cell_problems = read_notebook_cells(f.nb)
    except Refused as r:
        return refuse(str(r))
    for p in cell_problems:
        notes.append(f"{name}: {p}")
    if keys.variants is not None and sid not in keys.variants:
        return refuse(f"is for a student with no variant index in {VARIANTS_FILE} (teacher folder edited "
                      f"or damaged? restore it from a backup)")
    variant = keys.variants.get(sid) if keys.variants is not None else None
    try:
        ex = _expected(name, sid, keys.exercises[name], keys.secret, variant)
    except Exception as e:  # noqa: BLE001 - reported, never fatal for the class
        return refuse(f"questions could not be built ({type(e).__name__})")
    code, missing, invalid = [], [], []
    for qid in qids:
        col = f"{name}:{qid}"
        a = answers.get(qid)
        if a is None:
            missing.append(qid)
            report.answers.append(Answer(sid, col, "", "missing"))
            continue
        if a.status != "value":
            code.append(qid)
            report.answers.append(Answer(sid, col, "", "code", a.reason))
            continue
        written = _short_repr(a.value)
        try:
            result = ex.evaluate(qid, a.value)
        except Exception as e:  # noqa: BLE001 - an answer the checker cannot handle is not fatal
            invalid.append(qid)
            report.answers.append(Answer(sid, col, written, "invalid", f"checker error {type(e).__name__}"))
            continue
        status = result.status
        message = str(getattr(result, "message", ""))
        rule = getattr(result, "rule", None) or next(iter(_RULE.findall(message)), "")
        mark = 1 if result.ok else 0
        row[col] = mark
        if status == "empty":
            missing.append(qid)
        elif status in ("invalid", "unknown"):
            invalid.append(qid)
        report.answers.append(Answer(sid, col, written, status, message, str(rule), mark))
    if code:
        reasons = sorted({a.reason for q in code for a in [answers[q]] if a.reason})
        notes.append(f"{name}: {CODE_NOT_VALUE} in {', '.join(code)}" + (f" ({'; '.join(reasons)})" if reasons else ""))
    if missing and len(missing) == len(qids):
        notes.append(f"{name}: not attempted")
    elif missing:
        notes.append(f"{name}: no answer for {', '.join(missing)}")
    if invalid:
        notes.append(f"{name}: answer not understood in {', '.join(invalid)}")
    return True


def _diff(a: dict, b: dict) -> str:
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return ", ".join(f"{k}: notebook {a.get(k)!r}, set {b.get(k)!r}" for k in keys)


def _short_repr(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _apply_overrides(sid, row, notes, overrides, question_columns, answers) -> None:
    for (oid, col), mark in overrides.items():
        if oid != sid or col not in row or col not in question_columns:
            continue
        was = row[col]
        row[col] = int(mark) if float(mark).is_integer() else mark
        notes.append(f"override {col}: {mark:g} (graded {was})")
        for a in answers:
            if a.column == col:
                a.mark = mark
