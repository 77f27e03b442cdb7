"""What a translated chapter shows when it runs is in its language (issue 34).

Each language's chapters 00–13 are executed, in order, in one kernel (nbclient: one
kernel start per language, not one per chapter), and everything they show is read: printed
text, tables (their heads too), a figure's titles and names, and every widget's words
(descriptions, choice labels, titles, HTML and labels, as the widget state saved with the
run holds them).  None of it may be an English seat name (North …, ``N:``), a bare
``True``/``False``/``None``, an English score-table head, a label that is a Python name
(``north_bid``, ``up_down``), a review's method code (``dds``, ``exact``: the review panel
has words for each), a Python value's string in quotes (``'KS'``, ``'exact'`` in a list a
cell returns), or English text of the engine's and the tutor's catalogues
(a passage of an English entry that the language's translation does not share).
Whether the cells run at all is nbval's job as well; here a failing cell fails the test
with its chapter and cell.
"""
from __future__ import annotations

import html
import os
import pathlib
import re
from typing import Any, Iterator

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
from babel.messages.pofile import read_po  # noqa: E402

from tutor.review_panel import METHOD_WORDS  # noqa: E402
from tutor.text import language, say  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("so", "ha", "ceb")
#: Every chapter, 00–13.
CHAPTERS = sorted(p.name for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb"))

SEAT_WORDS = re.compile(r"\b(North|East|South|West)\b|(?<![\w-])[NESW]:")
BARE = re.compile(r"\b(True|False|None)\b")
#: A game's phase as the engine names it (``Phase.PLAY.value``, ``Phase.BIDDING.name``).
PHASES = re.compile(r"\b(bidding|exchange|game_over|play)\b", re.I)
IDENTIFIER = re.compile(r"^[a-z]+(_[a-z]+)+$")
#: Python names a widget took as its label before (issue 34), and the schedule's values.
NAMES = {"north_bid", "north_tricks", "south_bid", "south_tricks", "players", "schedule", "tricks_always_count",
         "nil_pays_hand_size", "bid", "won", "up", "down", "up_down", "down_up"}
#: The English heads of the score tables (tutor.scoresheet).
HEADS = {"hand", "side", "seat", "item", "points", "bags", "rule"}
#: The review's method codes (``decisions[i]["method"]``), each of which the review panel says in words.
METHODS = re.compile(r"\b(" + "|".join(METHOD_WORDS) + r")\b")
#: A string in quotes inside a Python value a cell returns (its ``repr``): a code, not words.
QUOTED = re.compile(r"""(?<![\w'])'[A-Za-z0-9_]+'(?![\w'])""")
#: The widget state keys that hold words a person sees.
SHOWN_KEYS = {"description", "tooltip", "placeholder", "_options_labels", "titles", "label", "aria_label", "title"}
TEXT_MODELS = {"HTMLModel", "HTMLMathModel", "LabelModel"}
TAG = re.compile(r"<[^>]*>")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


STYLE = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)


def _plain(text: str) -> str:
    """Text as a person reads it: style sheets and scripts dropped, tags removed, entities read."""
    return " ".join(html.unescape(TAG.sub(" ", STYLE.sub(" ", text))).split())


def _catalogue(lang: str) -> list[tuple[str, str, str]]:
    """(message id, English, translation) of every entry of both domains in ``lang`` (plural forms each)."""
    out = []
    for po in (ROOT / "engine" / "locale" / lang / "LC_MESSAGES" / "engine.po",
               ROOT / "tutor" / "locale" / lang / "LC_MESSAGES" / "tutor.po"):
        with po.open("rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
                strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
                out.extend((m.context or "", i, " ".join(s for s in strs if s)) for i in ids)
    return out


def english_passages(lang: str) -> set[str]:
    """Passages of the catalogues' English entries (the text between placeholders and
    markup, three words or more) that no translation of ``lang`` contains: seeing one in
    a chapter's output means English catalogue text is shown."""
    entries = _catalogue(lang)
    translated = " ".join(_plain(s) for _c, _e, s in entries).lower()
    out = set()
    for context, english, _s in entries:
        # a score line is short ("bid made", "contract set"): two words are enough to be one
        least = 2 if context.startswith("SCORE.") else 3
        for piece in re.split(r"[.:;!?()\[\]“”\"]", _plain(PLACEHOLDER.sub("\n", english)).replace("\n", "|")):
            for part in piece.split("|"):
                part = part.strip(" ,–-—")
                if len(WORD.findall(part)) >= least and part.lower() not in translated:
                    out.add(part)
    return out


def _combined(lang: str, chapters: list[str] = CHAPTERS) -> tuple[Any, list[tuple[str, int]]]:
    """One notebook of every code cell of ``lang``'s ``chapters``, and where each came from."""
    cells, where = [], []
    for name in chapters:
        nb = nbformat.read(NOTEBOOKS / lang / name, as_version=4)
        for k, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                cells.append(nbformat.v4.new_code_cell(cell.source))
                where.append((name, k))
    return nbformat.v4.new_notebook(cells=cells), where


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _figure_words(fig: dict) -> Iterator[str]:
    """The words of a plotly figure: titles, trace names, hover texts."""
    def walk(node: Any, key: str = "") -> Iterator[str]:
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, k)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v, key)
        elif isinstance(node, str) and key in ("text", "name", "hovertemplate", "title"):
            yield node
    yield from walk(fig)


def shown(nb: Any, where: list[tuple[str, int]]) -> Iterator[tuple[str, str, str]]:
    """(where, kind, text) for everything the run shows."""
    for cell, (name, k) in zip(nb.cells, where):
        at = f"{name} cell {k}"
        for out in cell.get("outputs", []):
            if out.output_type == "stream":
                yield at, "text", out.text
            elif out.output_type == "error":
                yield at, "error", "\n".join(out.traceback)
            else:
                data = out.get("data", {})
                if "text/html" in data:
                    page = data["text/html"]
                    for head in re.findall(r"<th[^>]*>(.*?)</th>", page, re.S):
                        yield at, "head", _plain(head)
                    yield at, "text", _plain(page)
                elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
                    yield at, "value", data["text/plain"]
                for mime, fig in data.items():
                    if "plotly" in mime:
                        for words in _figure_words(fig):
                            yield at, "text", _plain(words)
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in state.values():
        st = model.get("state", {})
        name = model.get("model_name", "")
        for key, value in st.items():
            if key in SHOWN_KEYS or (key == "value" and name in TEXT_MODELS):
                for text in _strings(value):
                    yield f"widget {name}", "label" if key in SHOWN_KEYS else "text", _plain(text)


def run(lang: str, chapters: list[str] = CHAPTERS) -> tuple[Any, list[tuple[str, int]]]:
    nb, where = _combined(lang, chapters)
    env_path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    os.environ["PYTHONPATH"] = env_path
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                                     resources={"metadata": {"path": str(NOTEBOOKS / lang)}})
    client.execute()
    return nb, where


def problems(lang: str, nb: Any, where: list[tuple[str, int]]) -> list[str]:
    passages = english_passages(lang)
    found = []
    for at, kind, text in shown(nb, where):
        if kind == "error":
            found.append(f"{at}: the cell failed: {text[-400:]}")
            continue
        if kind == "head":
            if text.strip().lower() in HEADS:
                found.append(f"{at}: English table head {text!r}")
            continue
        if kind == "label" and (IDENTIFIER.match(text) or text in NAMES):
            found.append(f"{at}: a Python name as a label: {text!r}")
        for m in SEAT_WORDS.finditer(text):
            found.append(f"{at}: English seat name {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}")
        for m in PHASES.finditer(text):
            found.append(f"{at}: the phase {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}")
        for m in BARE.finditer(text):
            found.append(f"{at}: bare {m.group(0)} in {text[max(0, m.start() - 40):m.end() + 40]!r}")
        for m in METHODS.finditer(text):
            found.append(f"{at}: the review's method code {m.group(0)!r} in "
                         f"{text[max(0, m.start() - 40):m.end() + 40]!r}")
        if kind == "value":
            for m in QUOTED.finditer(text):
                found.append(f"{at}: a Python string {m.group(0)} in {text[max(0, m.start() - 40):m.end() + 40]!r}")
        low = text.lower()
        for p in passages:
            if p.lower() in low:
                found.append(f"{at}: English catalogue text {p!r}")
    return found


def test_english_passages_catch_an_untranslated_score_line():
    """The check itself: an English score line and a refusal are passages it looks for."""
    passages = {p.lower() for p in english_passages("so")}
    assert "failed nil tricks are bags" in passages and "contract made" in passages and "bid made" in passages
    assert any("bidding starts left of the dealer" in p for p in passages)


def test_a_review_method_code_or_a_returned_code_is_caught():
    """The check itself: chapter 13's last cell once returned the review's decisions as tuples of codes
    (``(8, 'KS', 11, 11, 'exact')``); that value, or a printed method code, is found."""
    cell = nbformat.v4.new_code_cell("")
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "[(8, 'KS', 11, 11, 'exact')]"},
                                           execution_count=1),
                    nbformat.v4.new_output("stream", name="stdout", text="7 A♠ (dds) 11 → 11\n")]
    nb = nbformat.v4.new_notebook(cells=[cell])
    found = problems("so", nb, [("13_reading_the_review.ipynb", 5)])
    assert any("'KS'" in f for f in found) and any("'exact'" in f for f in found)
    assert any("method code 'dds'" in f for f in found)


@pytest.mark.parametrize("lang", LANGS)
def test_chapter_13_says_the_review_in_its_language(lang):
    """Chapter 13 alone (the review, issue 34): its decisions are said with the review panel's words for
    how each card was worked out, never the method's code."""
    name = "13_reading_the_review.ipynb"
    nb, where = run(lang, [name])
    found = problems(lang, nb, where)
    assert not found, f"{len(found)} English or Python words shown:\n" + "\n".join(found[:60])
    printed = "".join(o.text for c in nb.cells for o in c.get("outputs", []) if o.output_type == "stream")
    with language(lang):
        assert say(METHOD_WORDS["exact"]) in printed and say(METHOD_WORDS["dds"]) in printed


@pytest.mark.parametrize("lang", LANGS)
def test_translated_chapters_show_their_language(lang):
    nb, where = run(lang)
    found = problems(lang, nb, where)
    assert not found, f"{len(found)} English or Python words shown:\n" + "\n".join(found[:60])
