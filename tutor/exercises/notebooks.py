"""Building the exercise notebooks (nbformat 4, no outputs, no widget state).

Layout of every notebook (cell ids are fixed, so a rebuilt notebook is byte
for byte the same):

* ``intro`` — markdown: title, skill, rule ids, how to answer;
* ``setup`` — code (tag ``setup``, source hidden): ``ex = load_sealed("…")``,
  the student's questions as sealed data (:mod:`tutor.exercises.student`:
  titles and prompt lines with the position, the hand for card questions,
  and in a practice set salted hashes of the accepted answers and the
  engine's explanations sealed under the answers they explain; in a test set
  nothing derived from an accepted answer; never an answer, seed or secret);
* per question N: ``qN-text`` markdown heading, ``qN-show`` code
  ``show("qN")``, ``qN-answer`` code (tag ``answer``, metadata
  ``{"tricktutor": {"question": "qN"}}``) containing exactly
  ``answer_qN = None``, and ``qN-check`` code ``check("qN")`` (each cell
  imports what it calls, so it says something plain after a restart).

Notebook metadata ``tricktutor`` = ``{"exercise", "student", "settings",
"format": 2}`` (a set made in another language than English has ``"lang"``
in its settings: the notebook is written in it); the grader compares ``student`` with the folder it found the
notebook in.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
from nbformat import NotebookNode
from nbformat.v4 import nbjson

from tutor.text import M_, language, say

from .core import PRACTICE_STUDENT, Exercise, normalise_settings, settings_language
from .questions import EXERCISES
from .student import seal_text
from .words import text_of

__all__ = ["build_notebook", "fill_answers", "answer_source", "notebook_text", "write_practice_notebooks",
           "PRACTICE_STUDENT", "FORMAT", "NB_TEXT"]

FORMAT = 2

#: What a notebook says around its questions (Markdown: keep the `code`, the **bold** and the symbols).
NB_TEXT = {
    # TRANSLATORS: a notebook's heading (Markdown): exercise {number} (1…6) and its title {title}.
    "heading": M_("ex.nb.heading", "# Exercise {number}: {title}"),
    # TRANSLATORS: a notebook's introduction: the rule ids it practises, {rules} ("SP-13, SP-14").
    "rules": M_("ex.nb.rules", "Rules practised: {rules} (see docs/RULES.md in the project)."),
    # TRANSLATORS: a notebook's introduction: the student id {student} the questions were made for (Markdown bold).
    "made_for": M_("ex.nb.made_for", "These questions were made for **{student}**: your neighbours have different "
                                     "deals."),
    # TRANSLATORS: a practice notebook's instructions (Markdown); keep the code in back quotes and the symbols
    # ✓ ✗ ⚠ ? as they are (the check shows them).
    "how_practice": M_("ex.nb.how_practice", "**How to work.** Run the first code cell once (it loads your questions). "
                                             "For each question, run the cell that shows it, replace `None` in the "
                                             "answer cell with your answer (a value such as `[\"10H\", \"QH\"]`, "
                                             "`\"Q♥\"` or `52`), run the answer cell, then run the check cell: it says "
                                             "✓ or ✗ with a hint, ⚠ when the grader would not read your answer, or ? "
                                             "when it cannot see your saved notebook. Try again as often as you like."),
    # TRANSLATORS: a test notebook's instructions (Markdown); keep the code in back quotes.
    "how_test": M_("ex.nb.how_test", "**How to work.** Run the first code cell once (it loads your questions). For "
                                     "each question, run the cell that shows it, replace `None` in the answer cell "
                                     "with your answer (a value such as `[\"10H\", \"QH\"]`, `\"Q♥\"` or `52`), run "
                                     "the answer cell, then run the check cell."),
    # TRANSLATORS: a test notebook's note (Markdown); keep the symbols ✎ ⚠ ? as they are (the check shows them).
    "test_note": M_("ex.nb.test_note", "**This is a test.** The check does not say whether an answer is right. It says "
                                       "how your answer was read (for example “the number 52”) and, with ✎, that the "
                                       "grader will read it; ⚠ when the grader would not read it, or ? when the check "
                                       "cannot see your saved notebook. You see what was right on your feedback page, "
                                       "after your teacher grades the set."),
    # TRANSLATORS: every notebook's advice for the marks (Markdown); keep the code in back quotes.
    "for_marks": M_("ex.nb.for_marks", "**For your marks.** Type only a value in each answer cell (`answer_q3 = 52`, "
                                       "not `answer_q3 = 40 + 12`): your teacher's grader reads the value and never "
                                       "runs code. Keep the answer in its own cell, save the notebook (Ctrl+S) and "
                                       "keep its file name."),
    # TRANSLATORS: the comment at the top of a notebook's first code cell (one line of Python code, after "# ").
    "setup": M_("ex.nb.setup", "Your questions (sealed: they hold no answers). Run this cell once."),
    # TRANSLATORS: a question's heading in a notebook (Markdown): question {number} and its title {title}.
    "question": M_("ex.nb.question", "## Question {number}: {title}"),
}


def _how(mode: str) -> str:
    """The notebook's instructions for its ``mode`` (practice or test), in the current language."""
    if mode == "test":
        return "\n\n".join(say(NB_TEXT[k]) for k in ("how_test", "test_note", "for_marks"))
    return "\n\n".join(say(NB_TEXT[k]) for k in ("how_practice", "for_marks"))


def new_code_cell(source: str, id: str, metadata: dict) -> nbformat.NotebookNode:
    """A code cell without outputs (built directly: nbformat's constructor
    validates every cell, which took most of the time of a class's ``make``)."""
    return NotebookNode(cell_type="code", id=id, metadata=nbformat.from_dict(metadata), source=source,
                        outputs=[], execution_count=None)


def new_markdown_cell(source: str, id: str) -> nbformat.NotebookNode:
    return NotebookNode(cell_type="markdown", id=id, metadata=NotebookNode(), source=source)


def answer_source(qid: str, value: Any = None) -> str:
    """The source of an answer cell: ``answer_q1 = None`` or the literal ``value``."""
    return f"{_answer_name(qid)} = {value!r}"


def _answer_name(qid: str) -> str:
    return f"answer_{qid}"


def build_notebook(name: str, student: str = PRACTICE_STUDENT, settings: dict | None = None,
                   secret: str | None = None, variant: int | None = None) -> nbformat.NotebookNode:
    """The exercise notebook ``name`` for ``student`` (answers all None).

    ``secret``: the class secret (needed for every student but the
    ``"practice"`` set; raises ValueError without it).  The notebook carries
    the questions as sealed data, never the answers, the seed or the secret.
    ``variant``: the student's index in the class set (see :class:`Exercise`).
    The notebook (instructions, titles, prompts, answer help, a practice
    set's sealed feedback) is written in the settings' ``lang`` (English
    without one); the questions' facts are the same in every language."""
    with language(settings_language(normalise_settings(settings))):
        return _build_notebook(name, student, settings, secret, variant)


def _build_notebook(name: str, student: str, settings: dict | None, secret: str | None,
                    variant: int | None) -> nbformat.NotebookNode:
    """:func:`build_notebook` in the current language (the set's ``lang``)."""
    spec = EXERCISES[name]
    ex = Exercise(name, student, settings, secret=secret, variant=variant)
    settings = ex.settings
    number = list(EXERCISES).index(name) + 1
    intro = "\n\n".join((say(NB_TEXT["heading"], number=number, title=ex.title), text_of(spec.skill),
                           say(NB_TEXT["rules"], rules=", ".join(spec.rules)),
                           say(NB_TEXT["made_for"], student=student), _how(settings["mode"])))
    cells = [new_markdown_cell(intro, id="intro")]
    comment = " ".join(say(NB_TEXT["setup"]).split())  # one line of a code cell, whatever the translation
    setup = (f"# {comment}\n"
             "from tutor.exercises.student import load_sealed\n\n"
             f"ex = load_sealed({seal_text(ex, secret)!r})\nex")
    cells.append(new_code_cell(setup, id="setup", metadata={"tags": ["setup"], "jupyter": {"source_hidden": True}}))
    for i, title in enumerate(spec.titles, start=1):
        qid = f"q{i}"
        cells.append(new_markdown_cell(say(NB_TEXT["question"], number=i, title=text_of(title)), id=f"{qid}-text"))
        cells.append(new_code_cell(f"from tutor.exercises.student import show\nshow({qid!r})", id=f"{qid}-show",
                                   metadata={"tags": ["question"]}))
        cells.append(new_code_cell(answer_source(qid), id=f"{qid}-answer",
                                   metadata={"tags": ["answer"], "tricktutor": {"question": qid}}))
        cells.append(new_code_cell(f"from tutor.exercises.student import check\ncheck({qid!r})", id=f"{qid}-check",
                                   metadata={"tags": ["check"]}))
    return NotebookNode(cells=cells, nbformat=4, nbformat_minor=5, metadata=nbformat.from_dict({
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
        "tricktutor": {"exercise": name, "student": student, "settings": settings, "format": FORMAT},
    }))


def fill_answers(nb: nbformat.NotebookNode, answers: dict[str, Any]) -> nbformat.NotebookNode:
    """A copy of ``nb`` with the answer cells of ``answers`` (qid → literal) filled in."""
    out = nbformat.reads(nbformat.writes(nb), as_version=4)
    for cell in out.cells:
        qid = cell.get("metadata", {}).get("tricktutor", {}).get("question")
        if cell.cell_type == "code" and qid in answers:
            cell.source = answer_source(qid, answers[qid])
    return out


def notebook_text(nb: nbformat.NotebookNode) -> str:
    """The notebook as written to disk (nbformat JSON, newline at the end:
    byte for byte what ``nbformat.writes`` gives, without its schema
    validation and deep copy, which cost more than building the notebook;
    the tests validate built notebooks and compare with ``nbformat.writes``).
    A notebook with outputs or attachments goes through nbformat's writer."""
    cells = []
    for cell in nb["cells"]:
        if cell.get("outputs") or cell.get("attachments") or "trusted" in cell.get("metadata", {}):
            return nbjson.writes(nb) + "\n"
        cells.append(_cell_text(cell))
    meta = {k: v for k, v in nb["metadata"].items() if k not in ("orig_nbformat", "orig_nbformat_minor", "signature")}
    out = {k: v for k, v in nb.items() if k not in ("cells", "metadata")}
    out["metadata"] = meta
    top = _dumps(out, "\n")  # "{\n "metadata": …,\n "nbformat": …\n}": the cells go first (sorted keys)
    body = ",\n  ".join(cells)
    return ("{\n \"cells\": [\n  " + body + "\n ],\n" + top[2:] if cells else "{\n \"cells\": [],\n" + top[2:]) + "\n"


_CELL_TEXT: dict[str, str] = {}  # the cells every student's notebook shares, as written


def _cell_text(cell) -> str:
    key = repr(cell)  # cells are built by this module, keys always in one order
    text = _CELL_TEXT.get(key)
    if text is None:
        c = dict(cell)
        if isinstance(c.get("source"), str):
            c["source"] = c["source"].splitlines(True)
        text = _dumps(c, "\n  ")
        if len(key) < 4000:  # not the setup cell (one per student)
            if len(_CELL_TEXT) > 5000:
                _CELL_TEXT.clear()
            _CELL_TEXT[key] = text
    return text


_STR = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) uses for a str


def _dumps(v, nl: str) -> str:
    """``json.dumps(v, sort_keys=True, indent=1, separators=(",", ": "),
    ensure_ascii=False)`` for str/int/bool/None/list/dict (json's indented
    writer is pure Python and slow; this is the same text, faster)."""
    if isinstance(v, str):
        return _STR(v)
    if isinstance(v, dict):
        if not v:
            return "{}"
        inner = nl + " "
        return ("{" + inner + ("," + inner).join(_STR(k) + ": " + _dumps(v[k], inner) for k in sorted(v))
                + nl + "}")
    if isinstance(v, list):
        if not v:
            return "[]"
        inner = nl + " "
        return "[" + inner + ("," + inner).join(_dumps(x, inner) for x in v) + nl + "]"
    return json.dumps(v)


def write_practice_notebooks(folder: str | Path) -> list[Path]:
    """Write the committed practice notebooks ``exercises/<name>.ipynb``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in EXERCISES:
        p = folder / f"{name}.ipynb"
        p.write_text(notebook_text(build_notebook(name)), encoding="utf-8")
        paths.append(p)
    return paths
