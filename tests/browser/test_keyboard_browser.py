"""A whole hand of Spades played with the keyboard alone (Tab, arrows, Enter,
Space), in Chromium at 1280×800 and at 390×844.

Only key presses drive the page; the test reads the page (which element has
the focus, which cards are playable) to decide which key to press next, as a
person looking at the screen would.  From the page's first load:
arrow keys along the section tabs and Enter open *Play Spades*; Tab reaches
"Look at my cards" (Enter) and a bid button (Space); Tab reaches the hand;
arrow keys move between cards and Enter plays the playable one, 13 times,
until the hand is scored; then the section tabs (Shift+Tab back to them) open
*Score sheet*, which shows the hand.  Screenshots:
tests/browser/artifacts/keyboard_<size>_*.png.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from axe_playwright_python import sync_playwright as axe_sync  # test extra; axe.min.js is inside its wheel

from _app_page import (
    MAIN_TABS, ROUND_TRIP_MS, SECTIONS, SPADES, SPADES_HAND, VIEWPORTS, full_screenshot, open_app,
)

pytestmark = pytest.mark.browser

MAX_TABS = 120   # Tab presses allowed to reach a control


def focused(page: Page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
      return {tag: e.tagName, text: (e.innerText || '').trim(), label: e.getAttribute('aria-label') || '',
              card: e.dataset ? (e.dataset.card || '') : '', role: e.getAttribute('role') || '',
              inSpadesHand: !!e.closest(".tt-play-spades .tt-row[aria-label^='Your hand']"),
              tab: e.classList.contains('lm-TabBar-tab') && e.closest('.jupyter-widget-tab').parentElement.classList.contains('tt-app'),
              playable: e.classList.contains('tt-playable')}; }""")


def tab_until(page: Page, wanted, what: str, key: str = "Tab") -> dict:
    """Press Tab (or Shift+Tab) until ``wanted(focused)``; fail after MAX_TABS presses."""
    for _ in range(MAX_TABS):
        f = focused(page)
        if wanted(f):
            return f
        page.keyboard.press(key)
    pytest.fail(f"{what} not reached with {MAX_TABS} × {key}; focus is on {focused(page)}")


def open_section_by_keys(page: Page, title: str) -> None:
    f = focused(page)
    if not f["tab"]:
        f = tab_until(page, lambda f: f["tab"], "the section tabs", key="Shift+Tab")
    current = SECTIONS.index(f["text"])
    target = SECTIONS.index(title)
    for _ in range(abs(target - current)):
        page.keyboard.press("ArrowRight" if target > current else "ArrowLeft")
    assert focused(page)["text"] == title
    page.keyboard.press("Enter")
    expect(page.locator(MAIN_TABS, has_text=title).first).to_have_attribute("aria-selected", "true")


def play_card_by_keys(page: Page) -> str:
    """Move the focus onto a playable card with the arrow keys and press Enter.
    The page is read again if the hand changed while the keys were pressed
    (the computers' moves arrive on their own)."""
    for _ in range(5):
        expect(page.locator(f"{SPADES} .tt-status")).to_contain_text("Your turn", timeout=ROUND_TRIP_MS)
        f = focused(page)
        if not f["inSpadesHand"]:
            f = tab_until(page, lambda f: f["inSpadesHand"], "the hand")
        cards = page.eval_on_selector_all(SPADES_HAND, "els => els.map(e => [e.dataset.card,"
                                                       " e.classList.contains('tt-playable')])")
        codes = [c for c, _ in cards]
        playable = [c for c, p in cards if p]
        assert playable, f"no playable card in {codes}"
        i, target = codes.index(f["card"]), codes.index(playable[0])
        for _ in range(abs(target - i)):
            page.keyboard.press("ArrowRight" if target > i else "ArrowLeft")
        f = focused(page)
        if f["card"] == playable[0] and f["playable"]:
            page.keyboard.press("Enter")
            return playable[0]
    pytest.fail(f"could not reach a playable card with the arrow keys; focus is on {focused(page)}")


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_whole_spades_hand_by_keyboard(browser, app_url, size, artifacts_dir):
    context, page = open_app(browser, app_url, VIEWPORTS[size])
    try:
        # From the top of the page: Tab to the section tabs, arrows + Enter to Play Spades.
        tab_until(page, lambda f: f["tab"], "the section tabs")
        open_section_by_keys(page, "Play Spades")
        table = page.locator(SPADES)
        expect(table.get_by_role("button", name="Look at my cards")).to_be_visible(timeout=ROUND_TRIP_MS)

        tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Look at my cards", "Look at my cards")
        page.keyboard.press("Enter")
        expect(page.locator(SPADES_HAND)).to_have_count(13)
        expect(page.locator(SPADES_HAND).first).to_have_attribute("data-card", re.compile(r"^[2-9TJQKA][CDHS]$"))

        tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "3", "the bid button 3")
        page.keyboard.press(" ")
        expect(page.locator(f"{SPADES} .tt-seat[data-seat='2']")).to_contain_text("3")
        expect(page.locator(f"{SPADES_HAND}.tt-playable").first).to_be_visible(timeout=ROUND_TRIP_MS)
        full_screenshot(page, artifacts_dir / f"keyboard_{size}_bid.png")

        for n in range(13, 0, -1):
            expect(page.locator(f"{SPADES_HAND}.tt-playable").first).to_be_visible(timeout=ROUND_TRIP_MS)
            assert page.locator(SPADES_HAND).count() == n
            card = play_card_by_keys(page)
            expect(page.locator(f"{SPADES_HAND}[data-card='{card}']")).to_have_count(0, timeout=ROUND_TRIP_MS)
            if n == 7:
                full_screenshot(page, artifacts_dir / f"keyboard_{size}_mid_hand.png")
        expect(page.locator(f"{SPADES} .tt-status")).to_contain_text("Hand 1 is over", timeout=ROUND_TRIP_MS)
        full_screenshot(page, artifacts_dir / f"keyboard_{size}_hand_over.png")

        # The next hand can be dealt by keyboard too.
        tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Next hand", "Next hand")
        page.keyboard.press("Enter")
        expect(page.locator(f"{SPADES} .tt-status")).not_to_contain_text("Hand 1 is over", timeout=ROUND_TRIP_MS)

        # Back to the section tabs, and on to the score sheet.
        open_section_by_keys(page, "Score sheet")
        sheet = page.locator(".tt-app-scoresheet-spades")
        expect(sheet).to_be_visible(timeout=ROUND_TRIP_MS)
        expect(sheet).to_contain_text("1 hand scored")
        expect(sheet.locator(".js-plotly-plot")).to_be_visible(timeout=ROUND_TRIP_MS)  # the chart is drawn
        box = sheet.locator(".js-plotly-plot").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= VIEWPORTS[size]["width"], box  # and fits the screen
        full_screenshot(page, artifacts_dir / f"keyboard_{size}_score_sheet.png")
        # the score sheet with a hand scored (tables, chart) is axe-clean too
        violations = axe_sync.Axe().run(page).response["violations"]
        blocking = [f"{v['impact']} {v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in violations
                    if v["impact"] in ("serious", "critical")]
        assert blocking == []
        assert page.tt_errors == []
    finally:
        context.close()
