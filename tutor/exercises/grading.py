"""Grading a class's handed-in exercise notebooks — without running student code.

Layout: ``DIR/<student_id>/<exercise>.ipynb`` (as written by ``tricktutor
exercises make``), optionally ``DIR/exercise_settings.json`` (the teacher's
settings, used to regenerate the questions) and ``DIR/answer_keys/<id>.json``
(cross-checked when present; the grader does not need it).

Each answer cell (tag ``answer``) must be exactly ``answer_qN = <literal>``:
the cell is parsed with :func:`ast.parse` and only the assigned expression is
evaluated, with :func:`ast.literal_eval`.  Anything else (a call, an import,
``__import__("os").system(…)``) is reported as "code, not a value" and scores
0.  The expected answers are regenerated from the folder's student id, so a
notebook from another student's set (metadata student ≠ folder) is reported
and scores 0.  A corrupt notebook, a missing notebook or a missing answer is
reported in the ``notes`` column and the printed summary and never stops the
rest of the class being graded.
"""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from .core import Exercise, answer_key, normalise_settings
from .questions import EXERCISES

__all__ = ["read_answer_cell", "read_notebook_answers", "grade_class", "GradeReport", "SETTINGS_FILE",
           "KEYS_DIR", "CODE_NOT_VALUE", "SECRET_FILE"]

SETTINGS_FILE = "exercise_settings.json"
KEYS_DIR = "answer_keys"
SECRET_FILE = "class_secret.txt"
CODE_NOT_VALUE = "code, not a value"
_NAME = re.compile(r"answer_(q\d+)")


def read_answer_cell(source: str) -> tuple[str, str | None, Any]:
    """Read one answer cell without running it.

    Returns ``(status, qid, value)``: ``("value", "q3", 52)`` for
    ``answer_q3 = 52``; ``("code", qid_or_None, None)`` when the cell holds
    anything but one assignment of a literal to ``answer_qN``;
    ``("empty", None, None)`` for a blank cell.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # ValueError: NUL bytes
        m = _NAME.search(source)
        return "code", m.group(1) if m else None, None
    if not tree.body:
        return "empty", None, None
    stmt = tree.body[0]
    if (len(tree.body) != 1 or not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1
            or not isinstance(stmt.targets[0], ast.Name) or not _NAME.fullmatch(stmt.targets[0].id)):
        m = _NAME.search(source)
        return "code", m.group(1) if m else None, None
    qid = _NAME.fullmatch(stmt.targets[0].id).group(1)
    try:
        value = ast.literal_eval(stmt.value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return "code", qid, None
    return "value", qid, value


def read_notebook_answers(nb) -> dict[str, tuple[str, Any]]:
    """``{qid: (status, value)}`` from the answer cells of a notebook
    (status "value" or "code"); the first cell for a question counts."""
    out: dict[str, tuple[str, Any]] = {}
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        meta = cell.get("metadata", {}) or {}
        if "answer" not in (meta.get("tags") or []):
            continue
        status, qid, value = read_answer_cell(cell.get("source", "") if isinstance(cell.get("source"), str)
                                              else "".join(cell.get("source", [])))
        meta_q = (meta.get("tricktutor") or {}).get("question")
        if meta_q and qid and meta_q != qid:
            status, value = "code", None  # the cell assigns another question's name
        qid = meta_q or qid
        if qid is None or status == "empty" or qid in out:
            continue
        out[qid] = (status, value)
    return out


@dataclass
class GradeReport:
    """``rows``: one dict per student (``student_id``, ``exercise:qN`` → 0/1,
    ``total``, ``notes``); ``columns`` in order; ``problems``: printed summary lines."""

    rows: list[dict] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
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


def _load_class_file(folder: Path, settings: dict | None) -> tuple[dict, list[str] | None]:
    """(settings, exercise names or None) from ``folder/exercise_settings.json``."""
    stored: dict = {}
    p = folder / SETTINGS_FILE
    if p.exists():
        try:
            stored = json.loads(p.read_text(encoding="utf-8"))
        except ValueError as e:
            raise ValueError(f"{p} is not valid JSON ({e})") from None
        if not isinstance(stored, dict):
            raise ValueError(f"{p} must hold a JSON object")
    names = stored.pop("exercises", None)
    if names is not None and (not isinstance(names, list) or any(n not in EXERCISES for n in names)):
        raise ValueError(f"{p}: exercises must be a list of exercise names ({', '.join(EXERCISES)})")
    return normalise_settings(settings if settings is not None else stored), names


def grade_class(folder: str | Path, settings: dict | None = None,
                exercises: list[str] | None = None, roster: list[str] | None = None) -> GradeReport:
    """Grade every student folder under ``folder`` (see module docstring).

    Each correct answer scores 1.  Settings: ``settings`` if given, else
    ``folder/exercise_settings.json`` (written by ``make``: the settings and
    the ``exercises`` handed out), else the defaults.  Exercises:
    ``exercises`` if given, else the class file's, else those found.
    ``roster``: student ids expected; a student without a folder gets a row
    of zeros noted "nothing handed in", a folder not on it is noted.
    """
    folder = Path(folder)
    settings, class_names = _load_class_file(folder, settings)
    found_dirs = sorted(p.name for p in folder.iterdir()
                        if p.is_dir() and p.name != KEYS_DIR and not p.name.startswith("."))
    students = sorted(set(found_dirs) | set(roster or ()))
    names = exercises or class_names
    if names is None:  # no class file: the exercises found in any student's folder
        found = {p.stem for sid in students for p in (folder / sid).glob("*.ipynb")}
        names = [n for n in EXERCISES if n in found] or list(EXERCISES)
    secret_file = folder / KEYS_DIR / SECRET_FILE
    secret = secret_file.read_text(encoding="utf-8").strip() if secret_file.is_file() else None
    report = GradeReport()
    qcols = [f"{name}:q{i}" for name in names for i in range(1, len(EXERCISES[name].generators) + 1)]
    report.columns = ["student_id", *qcols, "total", "notes"]
    for sid in students:
        row: dict[str, Any] = {"student_id": sid, **{c: 0 for c in qcols}}
        notes: list[str] = []
        key_file = folder / KEYS_DIR / f"{sid}.json"
        stored_key = None
        if roster is not None and sid not in roster:
            notes.append("not on the roster")
        if sid not in found_dirs:
            row["total"], row["notes"] = 0, "nothing handed in"
            report.rows.append(row)
            report.problems.append(f"{sid}: nothing handed in")
            continue
        if key_file.exists():
            try:
                stored_key = json.loads(key_file.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                report.warnings.append(f"{sid}: answer key file {key_file.name} is not readable JSON")
        for name in names:
            try:
                ex = Exercise(name, sid, settings, secret=secret)
            except Exception as e:  # noqa: BLE001 - reported, never fatal for the class
                notes.append(f"{name}: questions could not be built for this id ({type(e).__name__})")
                continue
            if stored_key is not None and name in stored_key:
                if json.loads(json.dumps(answer_key(ex), ensure_ascii=False)) != stored_key[name]:
                    report.warnings.append(f"{sid}: {name}: the stored answer key differs from the regenerated "
                                           f"one (were the settings changed?); grading uses the regenerated key")
            path = folder / sid / f"{name}.ipynb"
            if not path.exists():
                notes.append(f"{name}: notebook missing")
                continue
            try:
                nb = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
            except Exception:  # noqa: BLE001 - any unreadable file is reported, never fatal
                notes.append(f"{name}: corrupt notebook (not a readable .ipynb)")
                continue
            meta = (nb.get("metadata", {}) or {}).get("tricktutor") or {}
            owner = meta.get("student")
            if owner is not None and owner != sid:
                notes.append(f"{name}: notebook is from {owner}'s set, not {sid}'s")
                continue
            if meta.get("exercise") not in (None, name):
                notes.append(f"{name}: notebook is exercise {meta.get('exercise')}, not {name}")
                continue
            answers = read_notebook_answers(nb)
            code, missing, invalid = [], [], []
            for qid in ex.qids:
                status, value = answers.get(qid, ("missing", None))
                if status == "code":
                    code.append(qid)
                    continue
                if status == "missing":
                    missing.append(qid)
                    continue
                try:
                    result = ex.evaluate(qid, value)
                except Exception:  # noqa: BLE001 - an answer the checker cannot handle is not fatal
                    invalid.append(qid)
                    continue
                if result.status == "correct":
                    row[f"{name}:{qid}"] = 1
                elif result.status == "empty":
                    missing.append(qid)
                elif result.status == "invalid":
                    invalid.append(qid)
            if code:
                notes.append(f"{name}: {CODE_NOT_VALUE} in {', '.join(code)}")
            if missing:
                notes.append(f"{name}: no answer for {', '.join(missing)}")
            if invalid:
                notes.append(f"{name}: answer not understood in {', '.join(invalid)}")
        row["total"] = sum(row[c] for c in qcols)
        row["notes"] = "; ".join(notes)
        report.rows.append(row)
        report.problems.extend(f"{sid}: {n}" for n in notes)
    return report
