"""Spades for two in the app (Voila + Chromium), at 390×844 and 1280×800.

Open Play Spades, choose "Spades for two", make the draw's first choices
(keep the top card, then pass one and take the next), and check what a
person sees: the question in words, the card kept in the hand, the card
discarded, the other player's choices in words only, the pack count going
down by two a turn; nothing off-screen sideways; every control a 44-px
touch target.  Then the draw drill in Drills.  Screenshots:
tests/browser/artifacts/two_player_<size>_*.png.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from _app_page import (ROUND_TRIP_MS, full_screenshot, open_drill, open_section, overflow_report, small_targets)
from axe_playwright_python import sync_playwright as axe_sync  # test extra; axe.min.js is inside its wheel
from test_a11y_browser import run_axe

pytestmark = pytest.mark.browser

TWO = ".tt-play-spades-two"
HAND = f"{TWO} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
DRAW = f"{TWO} .tt-draw"


def _pack_left(page) -> int:
    text = page.locator(f"{DRAW} .tt-draw-head").inner_text()
    return int(re.search(r"(\d+) cards? left in the pack", text).group(1))


def _top_card(page) -> str:
    return page.locator(f"{DRAW} .tt-draw-card [data-card]").get_attribute("data-card")


@pytest.fixture(scope="module")
def axe():
    return axe_sync.Axe()


def test_spades_for_two_draw_in_the_app(sized_page, artifacts_dir, axe):
    page = sized_page
    size = page.tt_size
    open_section(page, "Play Spades")
    page.locator(".tt-spades-choice").get_by_role("button", name="Spades for two").click()
    expect(page.locator(TWO)).to_be_visible(timeout=ROUND_TRIP_MS)
    expect(page.locator(".tt-play-spades")).to_be_hidden()
    expect(page.locator(DRAW)).to_be_visible()
    expect(page.locator(f"{TWO} .tt-tbl-name")).to_have_text("Spades for two")
    q = page.locator(f"{DRAW} .tt-draw-q")
    expect(q).to_contain_text("If you keep it, you'll see the next card and discard it. "
                              "If you pass it, you take the next card, whatever it is.")
    assert _pack_left(page) == 52
    expect(page.locator(HAND)).to_have_count(0)
    assert overflow_report(page) == []
    assert small_targets(page) == [], small_targets(page)
    full_screenshot(page, artifacts_dir / f"two_player_{size}_draw_start.png")

    # 1. keep the top card
    top = _top_card(page)
    page.locator(TWO).get_by_role("button", name=re.compile(r"^Keep the ")).click()
    expect(page.locator(f"{TWO} > .tt-feedback")).to_contain_text("You kept the", timeout=ROUND_TRIP_MS)
    expect(page.locator(HAND)).to_have_count(1)
    assert page.locator(HAND).first.get_attribute("data-card") == top
    expect(page.locator(f"{DRAW} .tt-draw-head")).to_contain_text("48 cards")
    expect(page.locator(DRAW)).to_contain_text(re.compile(r"Ada's draws \(1\): (kept the first|took the second)"))
    expect(page.locator(f"{DRAW} .tt-draw-line .tt-tbl-card")).to_have_count(1)  # the learner's own discard

    # 2. pass the next top card and take the card under it
    second = _top_card(page)
    page.locator(TWO).get_by_role("button", name="Pass it: take the next card").click()
    expect(page.locator(f"{TWO} > .tt-feedback")).to_contain_text("You passed the", timeout=ROUND_TRIP_MS)
    expect(page.locator(HAND)).to_have_count(2)
    assert second not in [e.get_attribute("data-card") for e in page.locator(HAND).all()]
    expect(page.locator(f"{DRAW} .tt-draw-head")).to_contain_text("44 cards")
    discards = page.locator(f"{DRAW} .tt-draw-line .tt-tbl-card")
    expect(discards).to_have_count(2)
    assert second in [e.get_attribute("data-card") for e in discards.all()]

    # 3. a double click on Keep makes one decision only (the second click is about a card already decided)
    page.locator(TWO).get_by_role("button", name=re.compile(r"^Keep the ")).dblclick()
    expect(page.locator(HAND)).to_have_count(3, timeout=ROUND_TRIP_MS)
    time.sleep(1.0)
    expect(page.locator(HAND)).to_have_count(3)
    expect(page.locator(f"{DRAW} .tt-draw-head")).to_contain_text("40 cards")

    assert overflow_report(page) == []
    assert small_targets(page) == [], small_targets(page)
    full_screenshot(page, artifacts_dir / f"two_player_{size}_draw_after.png")
    assert run_axe(axe, page, "spades for two, the draw", artifacts_dir) == []
    assert page.tt_errors == []


def test_the_draw_drill_in_the_app(sized_page, artifacts_dir, axe):
    page = sized_page
    open_section(page, "Drills")
    page.locator(".tt-drill-game").get_by_role("button", name="Spades for two (SP-2P)").click()
    open_drill(page, "The draw")
    drill = page.locator(".tt-draw-drill")
    expect(drill).to_be_visible(timeout=ROUND_TRIP_MS)
    expect(drill.locator(".tt-draw-q")).to_contain_text("If you keep it, you'll see the next card and discard it.")
    drill.get_by_role("button", name=re.compile(r"^Keep the ")).click()
    expect(drill.locator(".tt-feedback").first).to_contain_text("The next card was the", timeout=ROUND_TRIP_MS)
    assert overflow_report(page) == []
    assert small_targets(page) == [], small_targets(page)
    full_screenshot(page, artifacts_dir / f"two_player_{page.tt_size}_draw_drill.png")
    assert run_axe(axe, page, "drills the draw", artifacts_dir) == []
    page.locator(".tt-drill-game").get_by_role("button", name="Spades", exact=True).click()
    assert page.tt_errors == []
