"""Chapter 13 (notebooks/13_reading_the_review.ipynb): the costly moments and
counts written out in its text are what engine.review says about the two
example hands, so the text cannot drift from the live review.  Running the
notebook is nbval's job (``pytest --nbval-lax notebooks/13_reading_the_review.ipynb``)."""
from __future__ import annotations

import json
import os
import pathlib
import re

import pytest

from engine import solver_dds
from engine.review import review_hand

REPO = pathlib.Path(__file__).resolve().parents[1]
CHAPTER = REPO / "notebooks" / "13_reading_the_review.ipynb"
EXAMPLES = REPO / "examples"


def _cells() -> list[dict]:
    return json.loads(CHAPTER.read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    s = cell["source"]
    return s if isinstance(s, str) else "".join(s)


def section(title_start: str) -> str:
    """The markdown of the section whose heading starts with ``title_start``."""
    md = [_src(c) for c in _cells() if c["cell_type"] == "markdown"]
    found = [m for m in md if m.startswith(f"## {title_start}")]
    assert len(found) == 1, title_start
    return found[0]


def quotes(text: str) -> list[str]:
    return [line[2:].strip() for line in text.splitlines() if line.startswith("> ")]


def record(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_hand_1_text_matches_the_review():
    text = section("Hand 1")
    r = review_hand(record("review_costly_cards.json"), 2)
    assert quotes(text) == [d["text"] for d in r["costly"]]
    assert len(quotes(text)) == 2
    assert re.search(r"You took (\d+)\.", text).group(1) == str(r["took"])
    bids = re.search(r"North bid (\d+), East (\d+), South \(you\) (\d+) and West Nil", text).groups()
    assert [int(b) for b in bids] + ["nil"] == r["bids"]


def test_hand_2_text_matches_the_review():
    text = section("Hand 2")
    r = review_hand(record("review_nil_broken.json"), 2)
    (nil,) = r["nil"]
    assert quotes(text) == [r["costly"][0]["text"], nil["broken_by"]["text"]]
    assert len(r["costly"]) == 1
    assert f"exactly from trick {nil['from_trick']} on" in text and nil["makeable"] is True
    assert re.search(r"North bid (\d+), East (\d+), you \(South\) bid \*\*Nil\*\* and West (\d+)", text).groups() \
        == tuple(str(b) for b in (r["bids"][0], r["bids"][1], r["bids"][3]))


@pytest.mark.skipif(not solver_dds.available(), reason="the double-dummy count needs DDS (endplay)")
@pytest.mark.parametrize("title, name", [("Hand 1", "review_costly_cards.json"), ("Hand 2", "review_nil_broken.json")])
def test_double_dummy_counts_in_the_text(title, name):
    text = " ".join(section(title).split())
    ns, ew = re.search(r"North–South take (\d+) tricks? and East–West (\d+)", text).groups()
    fd = review_hand(record(name), 2)["double_dummy"]["from_deal"]
    assert (int(ns), int(ew)) == (fd["NS"], fd["EW"])


def test_the_solver_limits_in_the_text_are_the_engines():
    from engine.solver import SPADES_EXACT_TRICKS
    from engine.review import NIL_EXACT_TRICKS
    assert f"The last {SPADES_EXACT_TRICKS} tricks are solved" in section("What the review shows")
    assert NIL_EXACT_TRICKS == 13 - 7 + 1  # "solved exactly from trick 7 on" in Hand 2


def test_chapter_is_clean_titled_thin_and_cites_real_rule_ids():
    cells = _cells()
    assert _src(cells[0]).startswith("# 13 · Reading the review")
    code = [c for c in cells if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    assert all("widgets" not in c.get("metadata", {}) for c in cells)
    assert "widgets" not in json.loads(CHAPTER.read_text(encoding="utf-8")).get("metadata", {})
    assert any("from tutor" in _src(c) for c in code)
    assert all(len(_src(c).splitlines()) <= 12 for c in code)  # thin: the tutor does the work
    cited = set(re.findall(r"\b(?:SP|OH)-(?:V|H|2P-)?\d+\b", "\n".join(_src(c) for c in cells)))
    assert {"SP-8", "SP-13", "SP-14", "SP-16"} <= cited
    rules = None
    for candidate in (os.environ.get("TT_RULES_MD"), REPO.parent / "shared" / "RULES.md", REPO / "docs" / "RULES.md"):
        if candidate and pathlib.Path(candidate).is_file():
            rules = pathlib.Path(candidate).read_text(encoding="utf-8")
            break
    if rules is None:
        pytest.skip("RULES.md not found (set TT_RULES_MD)")
    defined = set(re.findall(r"\*\*((?:SP|OH)-(?:V|H|2P-)?\d+)\b", rules))
    assert cited - defined == set()
