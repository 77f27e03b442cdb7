"""The hand review in the app (Voila + headless Chromium), on a phone (390×844)
and a desktop (1280×800).

A learner plays a whole Spades hand in *Play Spades* (bid 3, click the first
playable card each time), presses "Review hand 1" and reads the review: the
head lines (the double-dummy count, what the side took), the costly moments
or "No costly moment", and the plotly chart; nothing runs off the side of the
screen, every control is a 44-px touch target.  When there is a costly moment,
"Replay from trick N" opens the practice copy with the learner's cards in it.
Screenshots: tests/browser/artifacts/review_<size>_*.png.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from _app_page import (SPADES, SPADES_HAND, full_screenshot, look_at_spades_hand, open_section, overflow_report,
                       small_targets)

pytestmark = pytest.mark.browser

REVIEW = f"{SPADES} .tt-review"
PLAY_MS = 60_000


def play_a_hand(page) -> None:
    t = page.locator(SPADES)
    t.get_by_role("button", name="3", exact=True).click()
    expect(t.locator(".tt-seat[data-seat='2'] .tt-seat-bid")).to_contain_text("bid: 3")
    for left in range(13, 0, -1):
        playable = page.locator(f"{SPADES_HAND}.tt-playable")
        expect(playable.first).to_be_visible(timeout=PLAY_MS)
        code = playable.first.get_attribute("data-card")
        playable.first.click()
        if left > 1:
            expect(page.locator(f"{SPADES_HAND}[data-card='{code}']")).to_have_count(0, timeout=PLAY_MS)
    expect(t.locator(".tt-status")).to_contain_text("Hand 1 is over", timeout=PLAY_MS)


def test_review_after_a_hand_fits_and_replays(sized_page, artifacts_dir):
    page = sized_page
    open_section(page, "Play Spades")
    look_at_spades_hand(page)
    expect(page.locator(REVIEW)).to_be_hidden()          # no review while the hand is played
    play_a_hand(page)
    button = page.locator(REVIEW).get_by_role("button", name=re.compile(r"Review hand 1"))
    expect(button).to_be_visible()
    t0 = time.perf_counter()
    button.click()
    head = page.locator(f"{REVIEW} .tt-rv-head")
    expect(head).to_contain_text("Review of hand 1", timeout=PLAY_MS)
    expect(head).to_contain_text(re.compile(r"Your side took \d+ tricks?\."))
    # the chart is drawn by plotly in the page
    expect(page.locator(f"{REVIEW} .tt-rv-chart .js-plotly-plot")).to_be_visible(timeout=PLAY_MS)
    print(f"review shown {time.perf_counter() - t0:.2f} s after the click ({page.tt_size})")
    expect(head).to_contain_text(re.compile(r"North–South take \d+ and East–West \d+ tricks|unavailable"))
    moments = page.locator(f"{REVIEW} .tt-rv-moment")
    sub = page.locator(f"{REVIEW} .tt-rv-sub")
    expect(sub).to_contain_text(re.compile(r"Costly moments \(\d+\)|No costly moment"))
    for i in range(moments.count()):
        expect(moments.nth(i)).to_contain_text(re.compile(r"^Trick \d+: you played .+With best play your side"))
    time.sleep(1.5)
    # the chart keeps its height once drawn (tutor.advice.figure_output)
    assert page.locator(f"{REVIEW} .tt-rv-chart .js-plotly-plot").bounding_box()["height"] >= 330
    width = page.viewport_size["width"]
    assert overflow_report(page) == []
    for sel in (".tt-rv-head", ".tt-rv-moment", ".tt-rv-chart", ".tt-rv-chart .js-plotly-plot"):
        loc = page.locator(f"{REVIEW} {sel}")
        for i in range(loc.count()):
            box = loc.nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (sel, box)
    assert small_targets(page) == []
    # "How this review was worked out" folds out with its ▶ marker like the other fold-outs (issue 33)
    notes = page.locator(f"{REVIEW} .tt-rv-notes summary")
    expect(notes).to_have_text("How this review was worked out")
    assert notes.evaluate("e => getComputedStyle(e).display") == "list-item"
    full_screenshot(page, artifacts_dir / f"review_{page.tt_size}_1_review.png")

    replay = page.locator(REVIEW).get_by_role("button", name=re.compile(r"Replay from trick \d+"))
    if moments.count() == 0:
        assert replay.count() == 0
        return
    assert replay.count() == moments.count()
    trick = int(re.search(r"\d+", replay.first.inner_text()).group())
    replay.first.click()
    copy = page.locator(f"{REVIEW} .tt-practice-copy")
    expect(copy).to_be_visible(timeout=PLAY_MS)
    expect(page.locator(f"{REVIEW} .tt-rv-practice-note")).to_contain_text(f"from trick {trick}")
    # the copy holds the learner's cards as they were before that trick, ready to play
    cards = copy.locator(".tt-row[aria-label^='Your hand'] .tt-card[data-card]")
    expect(cards).to_have_count(14 - trick, timeout=PLAY_MS)
    expect(copy.locator(".tt-status")).to_contain_text("Your turn")
    # the real table still says the hand is over
    expect(page.locator(f"{SPADES} > .tt-status, {SPADES} .tt-status").first).to_contain_text("Hand 1 is over")
    time.sleep(0.5)
    assert overflow_report(page) == []
    assert small_targets(page) == []
    full_screenshot(page, artifacts_dir / f"review_{page.tt_size}_2_practice.png")
