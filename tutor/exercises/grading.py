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

**Which notebook**: the folder a notebook is in says whose hand-in it is
(``collect`` files each under the student named by where the school's
system put it); the notebook's metadata (``tricktutor.exercise`` /
``student``) says which exercise it is and whom it was made for, never its
file name, so ``ex2_trick_winner (1).ipynb`` counts.  A notebook made for
another student is never graded as the folder's student's work: it is noted
and listed as "handed in by A, made for B" (:attr:`GradeReport.made_for_other`).
``make`` signs the metadata with the class secret (HMAC-SHA256 over
exercise, student and settings); a notebook whose signature does not match
(metadata edited, a practice copy, another class's) is refused with a note.
The settings are the notebook's, cross-checked with
``KEYS/exercise_settings.json``: when they disagree or either is missing,
that exercise is not graded (a note says why) — never a silent default.  Of
several copies of one exercise, the newest (file date) that can be graded is
graded, and the row says which and why the others were not.

**Whose rows**: one per roster student, and nobody else; other folders
(a case variant of an id, a stray folder, a name that is not an id) are
listed in :attr:`GradeReport.not_on_roster`, never graded, never in
``grades.csv`` or the LMS file.  Notes and summary lines are whole
templates with named placeholders (:data:`_NOTES`, :data:`_SUMMARY`).

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
import dataclasses
import hashlib
import hmac
import json
import os
import re
import stat
from datetime import datetime
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from engine.message import Msg
from tutor.text import M_, P_, language

from .core import CheckResult, Exercise, normalise_settings, setting_shown, settings_language
from .questions import EXERCISES
from .roster import RosterError, id_problem, read_roster
from .status import UNANSWERED, Status
from .words import DEFAULT_LANGUAGE, Sentence, Words, say, text_of

__all__ = ["read_answer_cell", "analyse_cell", "read_notebook_answers", "read_notebook_cells", "CellAnswer",
           "grade_class", "GradeReport", "GradedAnswer", "Answer", "ClassKeys", "load_keys", "metadata_signature", "read_regular_file",
           "read_overrides", "read_collect_log", "neutralise_cell", "GradingError", "Refused", "SETTINGS_FILE",
           "SECRET_FILE", "ROSTER_FILE", "VARIANTS_FILE", "KEYS_DIR", "CODE_NOT_VALUE", "MAX_NOTEBOOK_BYTES",
           "MAX_CELL_CHARS", "SIGNATURE", "COLLECT_LOG", "NOT_HANDED_IN", "name_conflicts"]

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


#: Why a class cannot be graded (the teacher's command line, in the current language): catalogue entries.
_ERRORS = {
    # TRANSLATORS: grading: the file {path} (a teacher's settings file) is made of too many nested parts.
    "json_deep": M_("ex.grade.error.json_deep", "{path} is nested too deeply to be a settings file (tampered?)"),
    # TRANSLATORS: grading: the file {path} is not JSON; {error} is the reason (English).
    "json_invalid": M_("ex.grade.error.json_invalid", "{path} is not valid JSON ({error})"),
    # TRANSLATORS: grading: the teacher's keys folder {folder} does not exist; keep --keys (an option) and make (a
    # command); {secret} and {settings} are file names.
    "no_keys": M_("ex.grade.error.no_keys", "keys folder {folder} not found: pass --keys with the teacher folder "
                                            "that make wrote (it holds {secret} and {settings})"),
    # TRANSLATORS: grading: the file {path} of the keys folder is missing; keep make (a command).
    "missing": M_("ex.grade.error.missing", "{path} is missing: grading needs the keys folder make wrote (never a "
                                            "default — the settings decide the right answers)"),
    # TRANSLATORS: grading: the file {path} cannot be read as the class secret.
    "not_secret": M_("ex.grade.error.not_secret", "{path} is not the class secret"),
    # TRANSLATORS: grading: the file {path} holds something else than the class secret; keep make (a command).
    "bad_secret": M_("ex.grade.error.bad_secret", "{path} does not hold a class secret (hex digits, as make writes "
                                                  "it)"),
    # TRANSLATORS: grading: the file {path} is not the settings file; keep make (a command) and exercises (a key).
    "not_settings": M_("ex.grade.error.not_settings", "{path} is not a settings file make wrote (no exercises "
                                                      "object)"),
    # TRANSLATORS: grading: the settings file {path} names an exercise {name} that does not exist; {known} lists
    # the exercises.
    "unknown_exercise": M_("ex.grade.error.unknown_exercise", "{path}: unknown exercise {name} (known: {known})"),
    # TRANSLATORS: grading: in the settings file {path}, exercise {name}'s settings are a {type} (English), not an
    # object.
    "settings_type": M_("ex.grade.error.settings_type", "{path}: {name}: settings must be an object, not {type}"),
    # TRANSLATORS: grading: the class list {path} in the keys folder is a symbolic link.
    "roster_link": M_("ex.grade.error.roster_link", "{path} is a symbolic link (tampered keys folder?)"),
    # TRANSLATORS: grading: the file {path} is not the file of each student's variant; keep make (a command) and
    # {{student id: index}} (its shape).
    "not_variants": M_("ex.grade.error.not_variants", "{path} is not the variants file make writes ({{student id: "
                                                      "index}})"),
    # TRANSLATORS: grading: the teacher's file of changed marks {path} is refused; {error} says why (English).
    "override_refused": M_("ex.grade.error.override_refused", "override file {path} {error}"),
    # TRANSLATORS: grading: the teacher's file of changed marks {path} is not text.
    "override_not_text": M_("ex.grade.error.override_not_text", "override file {path} is not UTF-8 text"),
    # TRANSLATORS: grading: the first line of the file of changed marks {path} names the wrong columns; keep id,
    # question, mark (column names); {found} lists the columns it names.
    "override_header": M_("ex.grade.error.override_header", "override file {path}: the header must name the "
                                                            "columns id, question, mark (found: {found})"),
    # TRANSLATORS: grading: line {line} of the file of changed marks {path} has {count} fields, the first line
    # {header}.
    "override_fields": M_("ex.grade.error.override_fields", "override file {path} line {line} has {count} fields, "
                                                            "not {header}"),
    # TRANSLATORS: grading: line {line} of the file of changed marks {path}: the mark {mark} is not a number.
    "override_nan": M_("ex.grade.error.override_nan", "override file {path} line {line}: mark {mark} is not a "
                                                      "number"),
    # TRANSLATORS: grading: line {line} of the file of changed marks {path}: the mark {mark} is not from 0 to 1.
    "override_range": M_("ex.grade.error.override_range", "override file {path} line {line}: mark {mark} must be "
                                                          "between 0 and 1"),
    # TRANSLATORS: grading: a handed-in notebook's settings are a {type} (English), not an object.
    "nb_settings_type": M_("ex.grade.error.nb_settings_type", "settings must be an object, not {type}"),
    # TRANSLATORS: grading: one setting {setting} that differs between a handed-in notebook ({notebook}) and the
    # class set ({set}) (names and values as the settings file writes them).
    "setting_differs": M_("ex.grade.error.setting_differs", "{setting}: notebook {notebook}, set {set}"),
    # TRANSLATORS: grading: {folder} (where the handed-in notebooks are) is not a folder.
    "not_folder": M_("ex.grade.error.not_folder", "{folder} is not a folder"),
}


def _error(key: str, **params: Any) -> GradingError:
    """The :class:`GradingError` of ``_ERRORS[key]`` in the current language."""
    return GradingError(text_of(say(_ERRORS[key], **params)))


class Refused(Exception):
    """A file that is not read (symlink, FIFO, too large…); ``said`` says why (a clause after the file's
    name, as data: written in the reader's language), ``str()`` in the current language."""

    def __init__(self, code: str | Msg, **params: Any):
        self.said = code if isinstance(code, Msg) else say(_REFUSED[code], **params)  # a Msg: unpickled
        super().__init__(self.said)

    def __str__(self) -> str:
        return text_of(self.said)


#: Why a file is not read (a clause after its name): catalogue entries.
_REFUSED = {
    # TRANSLATORS: why a handed-in file is not read (a clause after its name: "ex1.ipynb is not a notebook …").
    "no_cells": M_("ex.grade.refused.no_cells", "is not a notebook (no list of cells)"),
    # TRANSLATORS: as above; {error} is the system's reason (English).
    "cannot_read": M_("ex.grade.refused.cannot_read", "cannot be read ({error})"),
    # TRANSLATORS: as above: the file is a symbolic link (a shortcut).
    "link": M_("ex.grade.refused.link", "is a symbolic link (only files handed in are graded)"),
    # TRANSLATORS: as above: the file is a special file of the system, or a folder.
    "not_regular": M_("ex.grade.refused.not_regular", "is not a regular file (a FIFO, device or folder)"),
    # TRANSLATORS: as above: the file is larger than {limit} megabytes; it has {size}.
    "too_large_size": M_("ex.grade.refused.too_large_size", "is larger than {limit} MB ({size} MB)"),
    # TRANSLATORS: as above: the file is larger than {limit} megabytes.
    "too_large": M_("ex.grade.refused.too_large", "is larger than {limit} MB"),
    # TRANSLATORS: as above; {error} is the system's reason (English).
    "cannot_open": M_("ex.grade.refused.cannot_open", "cannot be opened ({error})"),
    # TRANSLATORS: as above: the file is not JSON (what notebooks are written in).
    "not_json": M_("ex.grade.refused.not_json", "is not a readable notebook (not JSON)"),
    # TRANSLATORS: as above: the file's data is nested too deeply to be read.
    "nested": M_("ex.grade.refused.nested", "is not a readable notebook (nested too deeply)"),
    # TRANSLATORS: as above.
    "not_object": M_("ex.grade.refused.not_object", "is not a notebook (not a JSON object)"),
    # TRANSLATORS: as above: the notebook has no metadata (its hidden details).
    "no_metadata": M_("ex.grade.refused.no_metadata", "has no notebook metadata"),
    # TRANSLATORS: as above: a notebook, but not one made for this class; keep "tricktutor".
    "not_exercise": M_("ex.grade.refused.not_exercise", "is not an exercise notebook made for this class (no "
                                                        "tricktutor metadata)"),
    # TRANSLATORS: as above: the notebook's hidden details were changed; keep "tricktutor".
    "meta_not_object": M_("ex.grade.refused.meta_not_object", "has tampered metadata (tricktutor is not an object)"),
    # TRANSLATORS: as above: {name} (exercise or student) in the hidden details is not text.
    "meta_not_text": M_("ex.grade.refused.meta_not_text", "has tampered metadata ({name} is not text)"),
    # TRANSLATORS: as above: a file inside a zip is a link or a special file.
    "zip_link": M_("ex.grade.refused.zip_link", "is a link or special file"),
}


# ------------------------------------------------------------ answer cells
class CellAnswer(NamedTuple):
    """One answer as the grader reads it: ``status`` "value" (``value`` is
    the literal) or "code" (``reason`` says why it is not graded, in the
    current language; ``said`` the same as data, for the reader's language)."""

    status: str
    value: Any
    reason: str = ""
    said: Any = None


#: Why a cell's answer is not read (a grading note's reason, a student's feedback page): catalogue entries.
_CELL = {
    # TRANSLATORS: why an answer is not graded: its notebook cell is longer than {limit} characters.
    "too_long": M_("ex.grade.cell.too_long", "the cell is longer than {limit} characters and was not read"),
    # TRANSLATORS: why an answer is not graded: its cell is not valid Python (the programming language).
    "not_python": M_("ex.grade.cell.not_python", "the cell is not valid Python"),
    # TRANSLATORS: as above, with the line {line} where Python stops reading.
    "not_python_line": M_("ex.grade.cell.not_python_line", "the cell is not valid Python (line {line})"),
    # TRANSLATORS: why an answer is not graded: it is a calculation or a call (80 + 2), not a typed value (82).
    "calculation": M_("ex.grade.cell.calculation", "the answer is a calculation or a call, not a value"),
    # TRANSLATORS: why an answer is not graded: other code in its cell changes it.
    "changed": M_("ex.grade.cell.changed", "other code in the cell changes the answer"),
    # TRANSLATORS: why an answer is not graded: its cell is nested too deeply to be read.
    "nested": M_("ex.grade.cell.nested", "the cell is too deeply nested to read"),
    # TRANSLATORS: a grading note: the notebook's cell number {cell} has no readable text.
    "no_text": M_("ex.grade.cell.no_text", "cell {cell} has no readable text"),
    # TRANSLATORS: as above, for the cell of question {question} (q3).
    "no_text_question": M_("ex.grade.cell.no_text_question", "cell {cell} ({question}) has no readable text"),
}


def _code(key: str, **params: Any) -> CellAnswer:
    """An answer that is code: why, in the current language and as data."""
    said = say(_CELL[key], **params)
    return CellAnswer("code", None, text_of(said), said)


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
        return "code", {q: _code("too_long", limit=f"{MAX_CELL_CHARS:,}") for q in qids}
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError) as e:
        qids = dict.fromkeys(m.group(1) for m in _ASSIGN_TEXT.finditer(source))
        line = getattr(e, "lineno", None)
        return "code", {q: _code("not_python_line", line=line) if line else _code("not_python") for q in qids}
    if not tree.body:
        return "empty", {}
    out: dict[str, CellAnswer] = {}
    literal_targets: set[int] = set()
    for stmt in tree.body:
        targets: list[ast.Name] = []
        value: ast.expr | None = None
        if isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Name) for t in stmt.targets):
            targets, value = [t for t in stmt.targets if isinstance(t, ast.Name)], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        if value is None or not any(_NAME.fullmatch(t.id) for t in targets):
            continue
        try:
            read = CellAnswer("value", ast.literal_eval(value))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, OverflowError):
            read = _code("calculation")
        for t in targets:
            m = _NAME.fullmatch(t.id)
            if m:
                literal_targets.add(id(t))
                out[m.group(1)] = read
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
            match = _NAME.fullmatch(name) if name else None
            if match is None or id(node) in literal_targets:
                continue
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and not _mutated(node, parents):
                continue  # read only (print(answer_q1), ex.check("q1", answer_q1), x = answer_q1 + 1)
            qid = match.group(1)
            out[qid] = _code("changed")
    except RecursionError:
        return "code", {q: _code("nested") for q in out}
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
    that could not be read (``source`` not text…), in the current language."""
    answers, problems = _notebook_cells(nb)
    return answers, [text_of(p) for p in problems]


def _notebook_cells(nb: Any) -> tuple[dict[str, CellAnswer], list[Any]]:
    """:func:`read_notebook_cells` with the problems as sentences (data)."""
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        raise Refused("no_cells")
    out: dict[str, CellAnswer] = {}
    problems: list[Any] = []  # sentences as data
    for i, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        src = _cell_source(cell)
        if src is None:
            raw_meta = cell.get("metadata")
            meta: dict[str, Any] = raw_meta if isinstance(raw_meta, dict) else {}
            raw_tt = meta.get("tricktutor")
            tt: dict[str, Any] = raw_tt if isinstance(raw_tt, dict) else {}
            q = tt.get("question")
            problems.append(say(_CELL["no_text_question"], cell=i, question=q) if isinstance(q, str)
                            else say(_CELL["no_text"], cell=i))
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
        raise Refused("cannot_read", error=e.strerror) from None
    if stat.S_ISLNK(st.st_mode):
        raise Refused("link")
    if not stat.S_ISREG(st.st_mode):
        raise Refused("not_regular")
    if st.st_size > limit:
        raise Refused("too_large_size", limit=f"{limit / 1e6:g}", size=f"{st.st_size / 1e6:.1f}")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise Refused("cannot_open", error=e.strerror) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused("not_regular")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise Refused("too_large", limit=f"{limit / 1e6:g}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _load_json_bytes(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise Refused("not_json") from None
    except RecursionError:
        raise Refused("nested") from None


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
    use a random draw), ``lms_ids`` (id → the learning platform's id, from
    the roster's ``lms_id`` column)."""

    folder: Path
    secret: str
    exercises: dict[str, dict]
    names: dict[str, str] = field(default_factory=dict)
    ids: list[str] | None = None
    variants: dict[str, int | None] | None = None
    lms_ids: dict[str, str] = field(default_factory=dict)


def _read_teacher_json(path: Path) -> Any:
    try:
        data = read_regular_file(path, MAX_TEACHER_FILE_BYTES)
    except Refused as e:
        raise GradingError(f"{path} {e}") from None
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise _error("json_deep", path=path) from None
    except (UnicodeDecodeError, ValueError) as e:
        raise _error("json_invalid", path=path, error=e) from None


def load_keys(folder: str | os.PathLike) -> ClassKeys:
    """Read a keys folder written by ``make``.  Raises :class:`GradingError`
    (one line) when it, its secret or its settings file is missing, not a
    regular file, or not what ``make`` writes."""
    folder = Path(folder)
    if not folder.is_dir():
        raise _error("no_keys", folder=folder, secret=SECRET_FILE, settings=SETTINGS_FILE)
    sp, kp = folder / SECRET_FILE, folder / SETTINGS_FILE
    for p in (sp, kp):
        if not os.path.lexists(p):
            raise _error("missing", path=p)
    try:
        secret = read_regular_file(sp, 1000).decode("ascii").strip()
    except (Refused, UnicodeDecodeError) as e:
        raise (GradingError(f"{sp} {e}") if isinstance(e, Refused) else _error("not_secret", path=sp)) from None
    if not re.fullmatch(r"[0-9a-f]{32,128}", secret):
        raise _error("bad_secret", path=sp)
    stored = _read_teacher_json(kp)
    exs = stored.get("exercises") if isinstance(stored, dict) else None
    if not isinstance(exs, dict) or not exs:
        raise _error("not_settings", path=kp)
    exercises: dict[str, dict] = {}
    for name, settings in exs.items():
        if name not in EXERCISES:
            raise _error("unknown_exercise", path=kp, name=repr(name), known=", ".join(EXERCISES))
        if not isinstance(settings, dict):
            raise _error("settings_type", path=kp, name=name, type=type(settings).__name__)
        try:
            exercises[name] = normalise_settings(settings)
        except ValueError as e:
            raise GradingError(f"{kp}: {name}: {e}") from None
    keys = ClassKeys(folder, secret, exercises)
    rp = folder / ROSTER_FILE
    if os.path.lexists(rp):
        if os.path.islink(rp):
            raise _error("roster_link", path=rp)
        try:
            roster = read_roster(rp)
        except RosterError as e:
            raise GradingError(str(e)) from None
        keys.names, keys.ids, keys.lms_ids = roster.names(), roster.ids, roster.lms_ids()
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
        raise _error("not_variants", path=path)
    return dict(v)


def _bad(settings):
    raise ValueError(text_of(say(_ERRORS["nb_settings_type"], type=type(settings).__name__)))


def expected_exercise(name: str, student: str, settings: dict, secret: str, variant: int | None = None) -> Exercise:
    """The exercise ``name`` as ``make`` generated it for ``student`` with
    its ``variant`` index (the one place that regenerates expected answers)."""
    return Exercise(name, student, settings, secret=secret, variant=variant)


# ------------------------------------------------------------ the report
NOT_HANDED_IN = "not handed in"  # Answer.message (in English) of every question of a notebook never handed in
#: The grader's words on an answer it did not judge (the report's "what the checker says" column).
_ANSWER = {
    # TRANSLATORS: the class report, an answer's line: the notebook of this question was not handed in.
    "not_handed_in": M_("ex.grade.answer.not_handed_in", "not handed in"),
    # TRANSLATORS: the class report, an answer's line: the checker failed on this answer; {error} is the error's
    # name (English).
    "checker_error": M_("ex.grade.answer.checker_error", "checker error {error}"),
}
#: The collect log ``collect`` keeps in the folder it files into (read by ``grade``).
COLLECT_LOG = ".tricktutor-collect.json"

#: Notes on a student's row and on the class: catalogue entries (named placeholders), shown in the reader's
#: language: the teacher's (grades.csv, the report, the CLI) or the set's (the student's feedback page).
_NOTES = {
    # TRANSLATORS: a grading note (teacher's report, a student's feedback page): a folder or hand-in {name}
    # whose student is not on the class list (roster).
    "not_on_roster": M_("ex.grade.note.not_on_roster", "{name}: not on the roster"),
    # TRANSLATORS: a grading note: a hand-in {name} whose place (a folder, a zip) names no student.
    "names_nobody": M_("ex.grade.note.names_nobody", "{name}: where it was found names no student"),
    # TRANSLATORS: a grading note: two students on the class list share the name {name}; keep "--lms-list"
    # (a command option).
    "same_name": M_("ex.grade.note.same_name", "{name}: two or more students on the roster have this name (collect "
                                               "again with --lms-list)"),
    # TRANSLATORS: a grading note: two accounts of the learning platform carry the name {name}; keep "--lms-list".
    "two_accounts": M_("ex.grade.note.two_accounts", "{name}: another account carries the same name (collect again "
                                                     "with --lms-list)"),
    # TRANSLATORS: a grading note: a folder {name} that holds the folders of several students.
    "class_copy": M_("ex.grade.note.class_copy", "{name}: a folder named by no student that holds several students' "
                                                 "folders (a copy of the class folder?)"),
    # TRANSLATORS: a grading note: folder {name} is not on the class list; {other} is a student id that differs
    # only in capital letters.
    "not_on_roster_like": M_("ex.grade.note.not_on_roster_like", "{name}: not on the roster (did you mean {other}?)"),
    # TRANSLATORS: a grading note: folder {name} (in quotes) cannot be a student id; {why} says why.
    "not_an_id": M_("ex.grade.note.not_an_id", "{name}: folder name is not a student id ({why}): not graded"),
    # TRANSLATORS: a grading note: the student's folder is a symbolic link (a shortcut), so it is not graded.
    "folder_link": M_("ex.grade.note.folder_link", "the student folder is a symbolic link: not graded"),
    # TRANSLATORS: as above, for the folder {name} (in quotes).
    "folder_link_top": M_("ex.grade.note.folder_link_top", "{name}: the student folder is a symbolic link: not "
                                                           "graded"),
    # TRANSLATORS: a grading note: the student's folder cannot be read; {error} is the system's reason (English).
    "folder_unreadable": M_("ex.grade.note.folder_unreadable", "folder cannot be read ({error})"),
    # TRANSLATORS: a grading note: the file {file} is not graded; {why} says why (a clause: "is a symbolic link").
    "file_refused": M_("ex.grade.note.file_refused", "{file} {why}: not graded"),
    # TRANSLATORS: a grading note: the notebook {file} is exercise {exercise} (in quotes), which is not in this set.
    "other_exercise": M_("ex.grade.note.other_exercise", "{file} is exercise {exercise}, not one of this set: not "
                                                         "graded"),
    # TRANSLATORS: a grading note: no notebook of exercise {exercise} was handed in.
    "not_handed_in": M_("ex.grade.note.not_handed_in", "{exercise}: not handed in"),
    # TRANSLATORS: a grading note: {count} copies of exercise {exercise} were handed in; the file {file} of
    # {date} was graded.
    "copies": M_("ex.grade.note.copies", "{exercise}: {count} copies handed in; graded {file} ({date}), the newest "
                                         "copy that can be graded"),
    # TRANSLATORS: a grading note: the copy {file} of {date} is older than the one graded.
    "copy_older": M_("ex.grade.note.copy_older", "{exercise}: {file} ({date}) is an older copy: not graded"),
    # TRANSLATORS: a grading note: the copy {file} of {date} is not graded; {why} says why (a clause).
    "copy_refused": M_("ex.grade.note.copy_refused", "{exercise}: {file} ({date}) {why}: not graded"),
    # TRANSLATORS: a grading note: the notebook {file} is not graded; {why} says why (a clause).
    "refused": M_("ex.grade.note.refused", "{exercise}: {file} {why}: not graded"),
    # TRANSLATORS: a grading note: student {student} handed in a notebook made for the student {owner}.
    "made_for_other": M_("ex.grade.note.made_for_other", "{exercise}: {file} was handed in by {student} but made for "
                                                         "{owner}: not graded as {student}'s work"),
    # TRANSLATORS: a grading note: the grader failed on the notebook {file}; {error} is the error's name (English).
    "crashed": M_("ex.grade.note.crashed", "{exercise}: {file} could not be graded ({error}): not graded"),
    # TRANSLATORS: a grading note: {problem} says which cell of exercise {exercise} could not be read.
    "cell_problem": M_("ex.grade.note.cell_problem", "{exercise}: {problem}"),
    # TRANSLATORS: a grading note: the answers {qids} (q1, q3) are code (a calculation), not typed values; they
    # score 0.
    "code": M_("ex.grade.note.code", "{exercise}: code, not a value in {qids}"),
    # TRANSLATORS: as above, with the reasons {items} ("the answer is a calculation or a call, not a value").
    "code_why": M_("ex.grade.note.code_why", "{exercise}: code, not a value in {qids} ({items})"),
    # TRANSLATORS: a grading note: the notebook of exercise {exercise} was handed in with no answer.
    "blank": M_("ex.grade.note.blank", "{exercise}: handed in blank"),
    # TRANSLATORS: a grading note: questions {qids} (q1, q3) have no answer.
    "no_answer": M_("ex.grade.note.no_answer", "{exercise}: no answer for {qids}"),
    # TRANSLATORS: a grading note: the answers to {qids} could not be read (not a card, text for a number).
    "not_understood": M_("ex.grade.note.not_understood", "{exercise}: answer not understood in {qids}"),
    # TRANSLATORS: a grading note: the student handed in nothing.
    "nothing": M_("ex.grade.note.nothing", "nothing handed in"),
    # TRANSLATORS: a grading note: every notebook the student handed in has no answer.
    "all_blank": M_("ex.grade.note.all_blank", "handed in blank"),
    # TRANSLATORS: a grading note: the teacher changed the mark of question {column} (ex1_legal_cards:q3) to
    # {mark}; the grader had given {was}.
    "override": M_("ex.grade.note.override", "override {column}: {mark} (graded {was})"),
    # TRANSLATORS: a grading note: the student handed in exercise {exercise} made for the student {owner}; it
    # was not filed; {source} is the file it came from.
    "collect_other": M_("ex.grade.note.collect_other", "handed in {exercise} made for {owner}, not filed ({source})"),
    # TRANSLATORS: a grading note: the notebook's hidden details were changed, or it belongs to another class.
    "collect_tampered": M_("ex.grade.note.collect_tampered", "handed in a notebook whose metadata was edited or is "
                                                             "another class's, not filed ({source})"),
    # TRANSLATORS: a grading note: the file {source} is not one of this set's notebooks.
    "collect_foreign": M_("ex.grade.note.collect_foreign", "handed in a file that is not one of this set's "
                                                           "notebooks, not filed ({source})"),
    # TRANSLATORS: a grading note: more copies of exercise {exercise} were handed in than the teacher's program
    # keeps.
    "collect_too_many": M_("ex.grade.note.collect_too_many", "{exercise}: more copies handed in than collect keeps, "
                                                             "not filed ({source})"),
    # TRANSLATORS: a grading note: the file {file} came from the accounts {accounts}, which carry this student's
    # name; keep "--lms-list".
    "contested": M_("ex.grade.note.contested", "{exercise}: {file} came from {accounts}, accounts with this "
                                               "student's name: not graded (collect again with --lms-list, your "
                                               "platform's list of students, to tell them apart)"),
    # TRANSLATORS: a warning for the teacher: an override names student {id} and question {question}, which
    # are not in the class.
    "override_unknown": M_("ex.grade.note.override_unknown", "override {id} {question} matches no student and "
                                                             "question: ignored"),
}
#: Why a notebook is not graded (a clause after its file name in a note).
_WHY = {
    # TRANSLATORS: why a notebook is not graded (a clause after its file name: "ex1.ipynb names no settings…").
    "no_settings": M_("ex.grade.why.no_settings", "names no settings in its metadata"),
    # TRANSLATORS: as above: the notebook's signature is not this class's.
    "signature": M_("ex.grade.why.signature", "does not carry this class's signature (metadata edited, or not made "
                                              "by make for this class)"),
    # TRANSLATORS: as above; {error} is the reason (English).
    "bad_settings": M_("ex.grade.why.bad_settings", "has settings that cannot be used ({error})"),
    # TRANSLATORS: as above; {file} is the settings file's name, {diff} lists the settings that differ.
    "other_settings": M_("ex.grade.why.other_settings", "was made with other settings than {file} says ({diff})"),
    # TRANSLATORS: as above; {file} is the file of variant numbers (variants.json).
    "no_variant": M_("ex.grade.why.no_variant", "is for a student with no variant index in {file} (teacher folder "
                                                "edited or damaged? restore it from a backup)"),
    # TRANSLATORS: as above: the questions could not be made again; {error} is the error's name (English).
    "questions": M_("ex.grade.why.questions", "questions could not be built ({error})"),
}
#: Summary lines of :meth:`GradeReport.summary` (the teacher's command line, in the current language).
_SUMMARY: dict[str, Any] = {
    # TRANSLATORS: the first line grade prints: {n} students graded, {problems} problems noted.
    "graded": P_("ex.grade.summary.graded", "Graded {n} student; problems found: {problems}.",
                 "Graded {n} students; problems found: {problems}."),
    # TRANSLATORS: a heading grade prints: {n} folders or hand-ins whose student is not on the class list.
    "not_on_roster": M_("ex.grade.summary.not_on_roster", "Not on the roster (not graded, not in the LMS file): {n}"),
    # TRANSLATORS: a heading grade prints: {n} notebooks handed in by one student but made for another.
    "made_for_other": M_("ex.grade.summary.made_for_other", "Handed in by one student, made for another (never "
                                                            "graded as the hand-in's student's work): {n}"),
    # TRANSLATORS: one line under that heading: {submitter} handed in {exercise} made for {owner}, from the
    # file {source}.
    "made_for_other_line": M_("ex.grade.summary.made_for_other_line", "Handed in by {submitter}, made for {owner}: "
                                                                      "{exercise} ({source})."),
    # TRANSLATORS: a warning line grade prints; {warning} says what.
    "warning": M_("ex.grade.summary.warning", "warning: {warning}"),
}


def _note(code: str, **params: Any) -> Sentence:
    """A note as data: written when shown, in the reader's language (:func:`note_text`)."""
    return say(_NOTES[code], **params)


def _why(code: str, **params: Any) -> Words:
    if code == "unreadable":
        return params["why"]
    if code in ("other_settings", "no_variant"):
        params["file"] = SETTINGS_FILE if code == "other_settings" else VARIANTS_FILE
    return say(_WHY[code], **params)


def note_text(note: Words, lang: str | None = None) -> str:
    """A note (or a reason) written in ``lang`` (default: the current language)."""
    return text_of(note, lang)


@dataclass
class GradedAnswer:
    """One question of one student, as graded: the one value the report, the
    feedback pages and the marks read.  ``written``: the literal as written
    (repr), or ``""`` when none; ``status``: a
    :class:`~tutor.exercises.status.Status` (correct / wrong / invalid /
    empty from the checker; code / missing (no answer in a notebook handed
    in) / not_handed_in (no notebook) / refused (the notebook is not graded)
    from the grader); ``said``: the checker's words as data (a
    :class:`~tutor.exercises.core.CheckResult`'s ``said``), written only when
    shown, in the reader's language; ``rule``: the rule id a wrong answer
    breaks (data from the checker, never read from its words); ``mark``: the
    mark, stored here only (an override changes it here, the row is built
    from it); ``reason``: the grader's words when the checker said nothing
    (why the answer was not judged); ``lang``: the set's language (the
    student's feedback page)."""

    student: str
    column: str
    written: str
    status: Status
    said: Any = ""
    rule: str = ""
    mark: float = 0
    reason: Any = ""
    lang: str = ""

    def text(self, lang: str | None = None) -> str:
        """What the checker said (else the grader's reason), in ``lang`` (default: the current language)."""
        if lang is not None:
            with language(lang):
                return self.text()
        if self.said != "":
            return CheckResult(self.column, self.status, self.said).message
        return self.reason if isinstance(self.reason, str) else text_of(self.reason)

    @property
    def message(self) -> str:
        """What the checker says, in the current language (the teacher's report)."""
        return self.text()

    @property
    def feedback(self) -> str:
        """The checker's words in the set's language when it is not English (the student's feedback page),
        else ``""`` (and ``""`` for an answer the checker never judged)."""
        if self.said == "" or self.lang in ("", DEFAULT_LANGUAGE):
            return ""
        return self.text(self.lang)


#: The older name of :class:`GradedAnswer`.
Answer = GradedAnswer


@dataclass
class GradeReport:
    """``rows``: one dict per roster student in :attr:`columns` order
    (``id``, ``name``, ``exercise:qN`` marks, ``<exercise> total``,
    ``total``, ``maximum``, ``percent``, ``notes``); ``answers``: every
    :class:`Answer`; ``not_on_roster``: ``{"name", "why", "like",
    "nobody"}`` for each folder (or collected hand-in) whose student is not
    on the roster, or whose place names nobody (never graded, never in the
    LMS file); ``made_for_other``:
    ``{"submitter", "owner", "exercise", "source"}`` for each notebook
    handed in by one student but made for another (never graded as the
    submitter's work); ``lms_ids``: roster id → the learning platform's id;
    ``languages``: exercise → the language its notebooks were made in;
    ``problems`` / ``warnings``: printed summary lines."""

    rows: list[dict] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    question_columns: list[str] = field(default_factory=list)
    exercises: list[str] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    not_on_roster: list[dict] = field(default_factory=list)
    made_for_other: list[dict] = field(default_factory=list)
    lms_ids: dict[str, str] = field(default_factory=dict)
    languages: dict[str, str] = field(default_factory=dict)
    notes: dict[str, list[Any]] = field(default_factory=dict)

    def notes_text(self, row: dict, lang: str | None = None) -> str:
        """The notes of ``row``'s student in ``lang`` (default: the current language), as ``grades.csv`` has
        them in the grader's."""
        notes = self.notes.get(row["id"])
        if notes is None:
            return row.get("notes", "")
        return "; ".join(note_text(n, lang) for n in notes)

    def dataframe(self):
        import pandas as pd  # type: ignore[import-untyped]  # noqa: PLC0415 - pandas (the app extra), no stubs
        return pd.DataFrame(self.rows, columns=self.columns)

    def not_on_roster_lines(self) -> list[str]:
        return [self.not_on_roster_line(x) for x in self.not_on_roster]

    @staticmethod
    def not_on_roster_line(x: dict) -> str:
        """The line of one :attr:`not_on_roster` item (in the current language)."""
        if x.get("nobody"):
            note = _note("names_nobody", name=x["name"])
        elif x.get("outcome") in ("same_name", "class_copy"):
            note = _note(x["outcome"], name=x["name"])
        elif x.get("outcome") == "ambiguous":
            note = _note("two_accounts", name=x["name"])
        elif x.get("why"):
            note = _note("not_an_id", name=repr(x["name"]), why=x["why"])
        elif x.get("like"):
            note = _note("not_on_roster_like", name=x["name"], other=x["like"])
        else:
            note = _note("not_on_roster", name=x["name"])
        return note_text(note)

    def made_for_other_lines(self) -> list[str]:
        return [note_text(say(_SUMMARY["made_for_other_line"], **x)) for x in self.made_for_other]

    def summary(self) -> str:
        """What grade prints, in the current language."""
        lines = [note_text(say(_SUMMARY["graded"], n=len(self.rows), problems=len(self.problems)))]
        lines += [f"  {p}" for p in self.problems]
        if self.not_on_roster:
            lines.append(note_text(say(_SUMMARY["not_on_roster"], n=len(self.not_on_roster))))
            lines += [f"  {x}" for x in self.not_on_roster_lines()]
        if self.made_for_other:
            lines.append(note_text(say(_SUMMARY["made_for_other"], n=len(self.made_for_other))))
            lines += [f"  {x}" for x in self.made_for_other_lines()]
        lines += ["  " + note_text(say(_SUMMARY["warning"], warning=w)) for w in self.warnings]
        return "\n".join(lines)

    def write_csv(self, path: str | os.PathLike, delimiter: str = ",") -> None:
        """``grades.csv``; with ``delimiter=';'`` decimals use a comma (semicolon locales)."""
        _write_table(path, self.columns, self.rows, delimiter)

    def write_lms_csv(self, path: str | os.PathLike, delimiter: str = ",",
                      column: str = "Trick Tutor exercises") -> None:
        """The LMS import file, one row per roster student (nothing else):
        ``Student`` (name), ``SIS User ID`` (Canvas matches on it), ``ID
        number`` (Moodle's usual "identify user by" field), both the
        roster's ``lms_id`` when it has one, else the student id, and
        ``column`` holding each student's total."""
        cols = ["Student", "SIS User ID", "ID number", column]
        rows = []
        for r in self.rows:
            lms = self.lms_ids.get(r["id"]) or r["id"]
            rows.append({"Student": r["name"], "SIS User ID": lms, "ID number": lms, column: r["total"]})
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
        raise (_error("override_refused", path=path, error=e) if isinstance(e, Refused)
               else _error("override_not_text", path=path)) from None
    lines = text.splitlines()
    if not lines:
        return {}
    delim = ";" if lines[0].count(";") > lines[0].count(",") else ","
    reader = csv.reader(lines, delimiter=delim)
    header = [h.strip().lower() for h in next(reader)]
    need = ("id", "question", "mark")
    if any(h not in header for h in need):
        raise _error("override_header", path=path, found=", ".join(header))
    out: dict[tuple[str, str], float] = {}
    for n, row in enumerate(reader, start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            raise _error("override_fields", path=path, line=n, count=len(row), header=len(header))
        sid, q, mark = (row[header.index(c)].strip() for c in need)
        try:
            m = float(mark.replace(",", "."))
        except ValueError:
            raise _error("override_nan", path=path, line=n, mark=repr(mark)) from None
        if not 0 <= m <= 1:
            raise _error("override_range", path=path, line=n, mark=f"{m:g}")
        out[(sid, q)] = m
    return out


# --------------------------------------------------------------- grading
_IGNORED_DIRS = {"__MACOSX", KEYS_DIR}


@dataclass
class _Found:
    path: Path
    mtime: float
    meta: dict
    nb: dict


def _notebook_meta(nb: Any) -> dict:
    if not isinstance(nb, dict):
        raise Refused("not_object")
    meta = nb.get("metadata")
    if not isinstance(meta, dict):
        raise Refused("no_metadata")
    tt = meta.get("tricktutor")
    if tt is None:
        raise Refused("not_exercise")
    if not isinstance(tt, dict):
        raise Refused("meta_not_object")
    for k in ("exercise", "student"):
        if not isinstance(tt.get(k), str):
            raise Refused("meta_not_text", name=k)
    return tt


def _scan_student(folder: Path) -> tuple[list[_Found], list[Any]]:
    found: list[_Found] = []
    notes: list[Any] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as err:
        return [], [_note("folder_unreadable", error=err.strerror)]
    for entry in entries:
        if entry.name.startswith(".") or not entry.name.lower().endswith(".ipynb"):
            continue
        try:
            data = read_regular_file(entry.path, MAX_NOTEBOOK_BYTES)
            nb = _load_json_bytes(data)
            meta = _notebook_meta(nb)
            found.append(_Found(Path(entry.path), os.lstat(entry.path).st_mtime, meta, nb))
        except Refused as r:
            notes.append(_note("file_refused", file=entry.name, why=r.said))
    return found, notes


def _date(mtime: float) -> str:
    try:
        return datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):
        return "no date"


def read_collect_log(folder: Path) -> list[dict]:
    """The entries ``collect`` logged in ``folder`` (:data:`COLLECT_LOG`), or
    ``[]`` when there is none or it cannot be read (it only adds notes)."""
    p = folder / COLLECT_LOG
    if not os.path.lexists(p):
        return []
    try:
        data = json.loads(read_regular_file(p, 50_000_000).decode("utf-8"))
    except (Refused, UnicodeDecodeError, ValueError, RecursionError):
        return []
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return []
    return [e for e in entries if isinstance(e, dict) and all(isinstance(e.get(k), (str, type(None)))
                                                             for k in ("source", "submitter", "outcome",
                                                                       "exercise", "made_for", "slot"))]


#: collect's outcomes for a file that is no hand-in of this set (edited metadata, another class's, a practice copy)
_NOT_A_HAND_IN = ("tampered", "foreign", "not_in_set")


def name_conflicts(entries: list[dict]) -> dict[tuple[str, str], set[str]]:
    """``{(student, exercise): the accounts}`` where more than one account of the platform, matched to the
    same roster student by the name it wrote, handed in that student's own notebook of that exercise:
    collect's log entries (``named``, ``account``, ``made_for``, ``exercise``), this run's and every earlier
    one's (a file that is no hand-in of this set, such as one with edited metadata, claims nothing). Neither
    account's copy is that student's for sure: a student can rename their account after a classmate. ``--lms-list`` matches the platform's numbers instead, and its entries carry no ``named``."""
    accounts: dict[tuple[str, str], set[str]] = {}
    for e in entries:
        named, account, ex = e.get("named"), e.get("account"), e.get("exercise")
        if isinstance(named, str) and named and isinstance(account, str) and isinstance(ex, str) \
                and e.get("made_for") == named and e.get("outcome") not in _NOT_A_HAND_IN:
            accounts.setdefault((named, ex), set()).add(account)
    return {k: v for k, v in accounts.items() if len(v) > 1}


@dataclass
class _ClassFolder:
    """What :func:`_scan_class` finds in the class folder: each student id's folder, notes on folders that
    are not graded (symbolic links), folders that are no student id, and class-wide problems."""

    folders: dict[str, Path]
    folder_notes: dict[str, list[Any]]
    not_ids: list[dict]
    problems: list[Any]


@dataclass
class _Log:
    """What the collect log adds: hand-ins of nobody on the roster, hand-ins made for another student,
    notes per student, and the files filed under a name two accounts carry (file → the accounts)."""

    outside: list[dict]
    made_for_other: list[dict]
    notes: dict[str, list[Any]]
    contested: dict[str, Any]


@dataclass
class _Graded:
    """One student's (or one exercise's) grading: the answers, the notes and the hand-ins made for another
    student it found."""

    answers: list[GradedAnswer] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)  # sentences as data (written in the reader's language)
    made_for_other: list[dict] = field(default_factory=list)

    def add(self, other: _Graded) -> None:
        self.answers += other.answers
        self.notes += other.notes
        self.made_for_other += other.made_for_other


def grade_class(folder: str | os.PathLike, keys: ClassKeys | str | os.PathLike,
                roster: list[str] | None = None, names: dict[str, str] | None = None,
                overrides: dict[tuple[str, str], float] | None = None,
                lms_ids: dict[str, str] | None = None) -> GradeReport:
    """Grade every student folder under ``folder`` (see the module docstring).

    ``keys``: a :class:`ClassKeys` or the keys folder.  ``roster``: ids
    expected (default: the keys folder's roster copy); one row per roster
    student, in roster order: a student without a folder or without any
    notebook gets a row of zeros noted "nothing handed in", one whose
    notebooks hold no answer at all "handed in blank".  A folder not on the
    roster is not graded: it is listed in ``not_on_roster`` (with a roster id
    that differs only by case).  Of several copies of one exercise the newest
    (file date) that can be graded is graded, and the row says which and why
    the others were not.  A notebook made for another student is never graded
    as the folder's student's work (``made_for_other``), and neither are the
    hand-ins ``collect`` logged as such.  ``overrides``: ``{(id, question):
    mark}`` applied last and noted.  Raises :class:`GradingError` only for a
    class-wide problem (keys folder); each student's problems are notes.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise _error("not_folder", folder=folder)
    if not isinstance(keys, ClassKeys):
        keys = load_keys(keys)
    report = _empty_report(keys, lms_ids)
    names = dict(keys.names, **(names or {}))
    found = _scan_class(folder)
    report.problems += [note_text(n) for n in found.problems]
    students = list(roster) if roster is not None else keys.ids
    if students is None:
        students = sorted(set(found.folders) | set(found.folder_notes))
    on_roster = set(students)
    by_fold = {s.casefold(): s for s in students}
    report.not_on_roster = found.not_ids + [
        {"name": extra, "why": "", "like": by_fold.get(extra.casefold(), "")}
        for extra in sorted((set(found.folders) | set(found.folder_notes)) - on_roster)]
    log = _read_log(folder, on_roster)
    report.not_on_roster += log.outside
    report.made_for_other += log.made_for_other
    for sid in students:
        graded = _grade_student(sid, found.folders.get(sid), found.folder_notes.get(sid, []) + log.notes.get(sid, []),
                                log.contested, keys, report.exercises)
        graded = _overridden(sid, graded, overrides or {}, set(report.question_columns))
        report.answers += graded.answers
        report.made_for_other += graded.made_for_other
        report.notes[sid] = graded.notes
        report.rows.append(_row(report, sid, names.get(sid, ""), graded))
        report.problems.extend(f"{sid}: {note_text(n)}" for n in graded.notes)
    if overrides:
        known = {(r["id"], c) for r in report.rows for c in report.question_columns}
        report.warnings += [note_text(_note("override_unknown", id=key[0], question=key[1])) for key in overrides
                            if key not in known]
    return report


def _qids(name: str) -> list[str]:
    return [f"q{i}" for i in range(1, len(EXERCISES[name].generators) + 1)]


def _empty_report(keys: ClassKeys, lms_ids: dict[str, str] | None) -> GradeReport:
    """The report's columns, exercises and languages, before any student is graded."""
    report = GradeReport()
    report.lms_ids = dict(keys.lms_ids, **(lms_ids or {}))
    report.exercises = list(keys.exercises)
    report.languages = {name: settings_language(keys.exercises[name]) for name in report.exercises}
    report.question_columns = [f"{n}:{q}" for n in report.exercises for q in _qids(n)]
    sub_cols = [f"{n} total" for n in report.exercises]
    report.columns = ["id", "name", *report.question_columns, *sub_cols, "total", "maximum", "percent", "notes"]
    return report


def _scan_class(folder: Path) -> _ClassFolder:
    """The student folders of the class folder (sorted by name; hidden, ignored and symbolic-linked ones
    left out with a note)."""
    out = _ClassFolder({}, {}, [], [])
    for e in sorted(os.scandir(folder), key=lambda e: e.name):
        if e.name.startswith(".") or e.name in _IGNORED_DIRS or e.name.lower() in ("binder", "feedback"):
            continue
        if e.is_symlink():
            if e.is_dir():
                if id_problem(e.name) is None:
                    out.folder_notes[e.name] = [_note("folder_link")]
                else:
                    out.problems.append(_note("folder_link_top", name=repr(e.name)))
            continue
        if not e.is_dir():
            continue
        why = id_problem(e.name)
        if why:
            out.not_ids.append({"name": e.name, "why": why, "like": ""})
            continue
        out.folders[e.name] = Path(e.path)
    return out


def _read_log(folder: Path, on_roster: set[str]) -> _Log:
    """What ``collect``'s log in ``folder`` says about the roster's students and those not on it."""
    log = read_collect_log(folder)
    conflicts = name_conflicts(log)
    #: files collect filed by a name that two accounts carry for that student and exercise: graded for neither
    contested = {e["filed_as"]: ", ".join(sorted(conflicts[(e["named"], e["exercise"])])) for e in log
                 if isinstance(e.get("filed_as"), str) and (e.get("named"), e.get("exercise")) in conflicts}
    out = _Log([], [], {}, contested)
    seen_outside: set[str] = set()
    for entry in log:
        sub, outcome, source = entry.get("submitter"), entry.get("outcome"), entry.get("source") or ""
        exercise, owner = entry.get("exercise") or "?", entry.get("made_for") or "?"
        if outcome in ("unknown_submitter", "not_on_roster", "ambiguous", "same_name", "class_copy"):
            label = entry.get("slot") or source
            if label not in seen_outside:
                seen_outside.add(label)
                out.outside.append({"name": label, "why": "", "like": "", "outcome": outcome,
                                    "nobody": outcome == "unknown_submitter"})
            continue
        if sub not in on_roster or not isinstance(sub, str):
            continue
        if outcome == "other_student":
            out.made_for_other.append({"submitter": sub, "owner": owner, "exercise": exercise, "source": source})
            note = _note("collect_other", exercise=exercise, owner=owner, source=source)
        elif outcome == "tampered":
            note = _note("collect_tampered", source=source)
        elif outcome in ("foreign", "not_in_set"):
            note = _note("collect_foreign", source=source)
        elif outcome == "too_many":
            note = _note("collect_too_many", exercise=exercise, source=source)
        else:
            continue
        out.notes.setdefault(sub, []).append(note)
    return out


def _unanswered(sid: str, name: str, status: Status, reason: Any) -> list[GradedAnswer]:
    return [GradedAnswer(sid, f"{name}:{q}", "", status, reason=reason) for q in _qids(name)]


def _grade_student(sid: str, folder: Path | None, notes: list[Any], contested: dict[str, str], keys: ClassKeys,
                   exercises: list[str]) -> _Graded:
    """One roster student's answers and notes (``notes``: those the class folder and the collect log
    already hold)."""
    if folder is None:
        files = _StudentFiles({}, [], {}, False)
    else:
        files = _student_files(sid, folder, contested, keys)
    graded = _Graded(notes=list(notes) + files.notes)
    missing_of: list[str] = []
    blank_of: list[str] = []
    refused_any = files.refused
    for name in exercises:
        fs = files.by_exercise.get(name, [])
        if not fs and name in files.contested:
            graded.answers += _unanswered(sid, name, Status.REFUSED, files.contested[name])
        elif not fs:
            missing_of.append(name)
            graded.answers += _unanswered(sid, name, Status.NOT_HANDED_IN, say(_ANSWER["not_handed_in"]))
        else:
            one = _grade_copies(fs, sid, name, keys)
            graded.add(one)
            if all(a.status == Status.REFUSED for a in one.answers):
                refused_any = True
            elif all(a.status in (Status.MISSING, Status.EMPTY) for a in one.answers):
                blank_of.append(name)
    attempted = any(a.status not in UNANSWERED for a in graded.answers)
    missing_notes = [_note("not_handed_in", exercise=n) for n in missing_of]
    if not attempted and not refused_any and not graded.notes:
        graded.notes = [_note("all_blank"), *missing_notes] if blank_of else [_note("nothing")]
    else:
        graded.notes = missing_notes + [_note("blank", exercise=n) for n in blank_of] + graded.notes
    return graded


@dataclass
class _StudentFiles:
    """A student folder's notebooks that may be graded, by exercise (newest first), the notes on the others,
    the note of each exercise whose only copies came from contested accounts, and whether any was refused."""

    by_exercise: dict[str, list[_Found]]
    notes: list[Any]
    contested: dict[str, Any]
    refused: bool


def _student_files(sid: str, folder: Path, contested: dict[str, str], keys: ClassKeys) -> _StudentFiles:
    found, notes = _scan_student(folder)
    refused = bool(notes)
    held = [f for f in found if f"{sid}/{f.path.name}" in contested]
    contested_of: dict[str, Any] = {}
    for f in held:
        notes.append(_note("contested", exercise=f.meta["exercise"], file=f.path.name,
                           accounts=contested[f"{sid}/{f.path.name}"]))
        contested_of.setdefault(f.meta["exercise"], notes[-1])
        refused = True
    by_ex: dict[str, list[_Found]] = {}
    for f in found:
        if f not in held:
            by_ex.setdefault(f.meta["exercise"], []).append(f)
    for exname, fs in by_ex.items():
        if exname not in keys.exercises:
            notes += [_note("other_exercise", file=f.path.name, exercise=repr(exname)) for f in fs]
            refused = True
    newest = {name: sorted(fs, key=lambda f: (f.mtime, f.path.name), reverse=True) for name, fs in by_ex.items()}
    return _StudentFiles(newest, notes, contested_of, refused)


def _overridden(sid: str, graded: _Graded, overrides: dict[tuple[str, str], float],
                question_columns: set[str]) -> _Graded:
    """``graded`` with the teacher's overrides of ``sid``'s marks: new answers with the mark changed, each
    change noted (``graded`` itself is left as it is)."""
    answers = list(graded.answers)
    notes = list(graded.notes)
    for (oid, col), mark in overrides.items():
        if oid != sid or col not in question_columns:
            continue
        i = next((i for i, a in enumerate(answers) if a.column == col), None)
        if i is None:
            continue
        notes.append(_note("override", column=col, mark=f"{mark:g}", was=str(answers[i].mark)))
        answers[i] = dataclasses.replace(answers[i], mark=int(mark) if float(mark).is_integer() else mark)
    return _Graded(answers, notes, list(graded.made_for_other))


def _row(report: GradeReport, sid: str, name: str, graded: _Graded) -> dict[str, Any]:
    """A student's row of ``grades.csv``, built from the answers' marks."""
    marks = {a.column: a.mark for a in graded.answers}
    row: dict[str, Any] = {"id": sid, "name": name, **{c: marks.get(c, 0) for c in report.question_columns}}
    for ex in report.exercises:
        row[f"{ex} total"] = sum(row[f"{ex}:{q}"] for q in _qids(ex))
    row["total"] = sum(row[c] for c in report.question_columns)
    for k in [*report.question_columns, *(f"{ex} total" for ex in report.exercises), "total"]:
        if isinstance(row[k], float) and row[k].is_integer():
            row[k] = int(row[k])
    maximum = len(report.question_columns)
    row["maximum"] = maximum
    row["percent"] = round(100.0 * row["total"] / maximum, 1) if maximum else 0.0
    row["notes"] = "; ".join(note_text(n) for n in graded.notes)
    return row


def _refusal(f: _Found, sid: str, name: str, keys: ClassKeys) -> tuple[str, dict] | None:
    """Why the notebook ``f`` in ``sid``'s folder cannot be graded as ``sid``'s
    exercise ``name``: ``("other_student", {"owner"})`` or a :data:`_WHY`
    code with its parameters; None when it can be graded."""
    meta = f.meta
    if meta["student"] != sid:
        owner = meta["student"] if id_problem(meta["student"]) is None else repr(meta["student"][:40])
        return "other_student", {"owner": owner}
    settings = meta.get("settings")
    if settings is None:
        return "no_settings", {}
    sig = meta.get(SIGNATURE)
    if not isinstance(sig, str) or not hmac.compare_digest(
            sig, metadata_signature(keys.secret, meta["exercise"], meta["student"], settings)):
        return "signature", {}
    try:
        nb_settings = normalise_settings(settings if isinstance(settings, dict) else _bad(settings))
    except ValueError as e:
        return "bad_settings", {"error": str(e)}
    if nb_settings != keys.exercises[name]:
        return "other_settings", {"diff": _diff(nb_settings, keys.exercises[name])}
    try:
        read_notebook_cells(f.nb)
    except Refused as r:
        return "unreadable", {"why": r.said}
    if keys.variants is not None and sid not in keys.variants:
        return "no_variant", {}
    return None


def _grade_copies(fs: list[_Found], sid: str, name: str, keys: ClassKeys) -> _Graded:
    """Grade the newest of ``fs`` (newest first) that can be graded; note
    the refused and older copies.  When no copy can be graded, every answer
    is refused."""
    chosen, refused = None, []
    for f in fs:
        why = _refusal(f, sid, name, keys)
        if why is None:
            chosen = f
            break
        refused.append((f, why))
    out = _Graded()
    if chosen is not None and len(fs) > 1:
        out.notes.append(_note("copies", exercise=name, count=len(fs), file=chosen.path.name,
                               date=_date(chosen.mtime)))
    for f, (code, params) in refused:
        if code == "other_student":
            out.notes.append(_note("made_for_other", exercise=name, file=f.path.name, student=sid,
                                   owner=params["owner"]))
            out.made_for_other.append({"submitter": sid, "owner": params["owner"], "exercise": name,
                                       "source": f.path.name})
        elif len(fs) > 1:
            out.notes.append(_note("copy_refused", exercise=name, file=f.path.name, date=_date(f.mtime),
                                   why=_why(code, **params)))
        else:
            out.notes.append(_note("refused", exercise=name, file=f.path.name, why=_why(code, **params)))
    if chosen is None:
        code, params = refused[0][1]
        reason = (_note("made_for_other", exercise=name, file=fs[0].path.name, student=sid, owner=params["owner"])
                  if code == "other_student" else _why(code, **params))
        out.answers = _unanswered(sid, name, Status.REFUSED, reason)
        return out
    out.notes += [_note("copy_older", exercise=name, file=f.path.name, date=_date(f.mtime))
                  for f in fs[fs.index(chosen) + 1:]]
    try:
        out.add(_grade_notebook(chosen, sid, name, keys))
    except Exception as e:  # noqa: BLE001 - one notebook never stops the class
        note = _note("crashed", exercise=name, file=chosen.path.name, error=type(e).__name__)
        out.notes.append(note)
        out.answers = _unanswered(sid, name, Status.REFUSED, note)
    return out


def _grade_notebook(f: _Found, sid: str, name: str, keys: ClassKeys) -> _Graded:
    """Grade one notebook (that :func:`_refusal` accepts): each question judged once, the checker's words
    kept as data (the report writes them in English, the feedback page in the set's language)."""
    answers, cell_problems = _notebook_cells(f.nb)
    out = _Graded(notes=[_note("cell_problem", exercise=name, problem=p) for p in cell_problems])
    variant = keys.variants.get(sid) if keys.variants is not None else None
    lang = settings_language(keys.exercises[name])
    try:
        ex = expected_exercise(name, sid, keys.exercises[name], keys.secret, variant)
    except Exception as e:  # noqa: BLE001 - reported, never fatal for the class
        why = _why("questions", error=type(e).__name__)
        out.notes.append(_note("refused", exercise=name, file=f.path.name, why=why))
        out.answers = _unanswered(sid, name, Status.REFUSED, why)
        return out
    out.answers = [_judge(ex, sid, name, qid, answers.get(qid), lang) for qid in _qids(name)]
    by_status: dict[Status, list[str]] = {}
    for qid, a in zip(_qids(name), out.answers):
        group = Status.INVALID if a.status == Status.UNKNOWN else Status.MISSING if a.status == Status.EMPTY \
            else a.status
        by_status.setdefault(group, []).append(qid)
    code, missing, invalid = (by_status.get(s, []) for s in (Status.CODE, Status.MISSING, Status.INVALID))
    if code:
        reasons: list[Any] = []
        for a in out.answers:
            if a.status == Status.CODE and a.reason and a.reason not in reasons:
                reasons.append(a.reason)
        reasons.sort(key=lambda r: text_of(r))
        out.notes.append(_note("code_why", exercise=name, qids=", ".join(code), items=tuple(reasons))
                         if reasons else _note("code", exercise=name, qids=", ".join(code)))
    if missing and len(missing) == len(out.answers) and not code and not invalid:
        return out  # blank: the caller notes it (one note for a student who handed in only blank notebooks)
    if missing:
        out.notes.append(_note("no_answer", exercise=name, qids=", ".join(missing)))
    if invalid:
        out.notes.append(_note("not_understood", exercise=name, qids=", ".join(invalid)))
    return out


def _judge(ex: Exercise, sid: str, name: str, qid: str, a: CellAnswer | None, lang: str) -> GradedAnswer:
    """One question's graded answer from the cell that sets it (None: no cell does)."""
    col = f"{name}:{qid}"
    if a is None:
        return GradedAnswer(sid, col, "", Status.MISSING, lang=lang)
    if a.status != "value":
        return GradedAnswer(sid, col, "", Status.CODE, reason=a.said if a.said is not None else a.reason, lang=lang)
    written = _short_repr(a.value)
    try:
        result = ex.evaluate(qid, a.value)
    except Exception as e:  # noqa: BLE001 - an answer the checker cannot handle is not fatal
        why = say(_ANSWER["checker_error"], error=type(e).__name__)
        return GradedAnswer(sid, col, written, Status.INVALID, reason=why, lang=lang)
    return GradedAnswer(sid, col, written, Status(result.status), result.said, result.rule,
                        1 if result.ok else 0, lang=lang)


def _diff(a: dict, b: dict) -> str:
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return ", ".join(text_of(say(_ERRORS["setting_differs"], setting=k, notebook=repr(setting_shown(a, k)),
                                 set=repr(setting_shown(b, k)))) for k in keys)


def _short_repr(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
