"""The app's layout on a phone (390×844) and a desktop (1280×800), in Chromium.

For each size, every section is opened in turn and checked as a person would
use it: the page never scrolls sideways (not the document, and not Voila's
inner scrolling panel nor the app box); every section tab is inside the
screen, at least 44 × 44 px, and opens its section; the visible controls of
every section (tabs, buttons, fields, checkbox labels, clickable cards) are
touch targets of at least 44 × 44 px; a 13-card hand is two rows of 7 + 6 on
the phone (the bidding drill and the Spades table) and one row on the
desktop.  Screenshots of each section go to
tests/browser/artifacts/layout_<size>_<section>.png.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from _app_page import (
    DRILL_TABS, DRILLS, MAIN_TABS, MIN_TARGET, SECTIONS, SPADES_HAND, full_screenshot, look_at_spades_hand,
    main_tab, open_drill, open_section, overflow_report, slug, small_targets, card_rows,
)

pytestmark = pytest.mark.browser


def test_tabs_fit_and_are_touch_targets(sized_page, artifacts_dir):
    page = sized_page
    width = page.viewport_size["width"]
    tabs = page.locator(MAIN_TABS)
    assert [t.strip() for t in tabs.all_inner_texts()] == list(SECTIONS)  # every label whole, none cut
    for i, title in enumerate(SECTIONS):
        box = tabs.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (title, box)
        assert box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, (title, box)
        label = tabs.nth(i).locator(".lm-TabBar-tabLabel")
        # the label is not clipped: its text fits inside the tab
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), title
    # focusing the last tab (keyboard users) does not shift the app sideways
    main_tab(page, "Score sheet").focus()
    assert overflow_report(page) == []
    assert page.evaluate("document.activeElement.textContent.trim()") == "Score sheet"
    full_screenshot(page, artifacts_dir / f"layout_{page.tt_size}_tabs.png")


@pytest.mark.parametrize("section", SECTIONS)
def test_section_fits_without_sideways_scrolling(sized_page, section, artifacts_dir):
    page = sized_page
    open_section(page, section)
    if section == "Play Spades":
        look_at_spades_hand(page)
    assert overflow_report(page) == [], section
    small = small_targets(page)
    assert small == [], f"{section}: controls under {MIN_TARGET:.0f} px or off screen: {small}"
    if section == "Drills":
        for title in DRILLS:
            open_drill(page, title)
            assert overflow_report(page) == [], title
            assert small_targets(page) == [], title
            full_screenshot(page, artifacts_dir / f"layout_{page.tt_size}_drills_{slug(title)}.png")
        drill_tabs = page.locator(DRILL_TABS)
        for i in range(len(DRILLS)):
            box = drill_tabs.nth(i).bounding_box()
            assert box["height"] >= MIN_TARGET and box["width"] >= MIN_TARGET
        open_drill(page, "Follow suit")
    else:
        full_screenshot(page, artifacts_dir / f"layout_{page.tt_size}_{slug(section)}.png")
    assert page.tt_errors == []


def test_thirteen_card_hands_wrap_seven_and_six_on_a_phone(sized_page, artifacts_dir):
    page = sized_page
    phone = page.tt_size == "phone"
    open_section(page, "Drills")
    open_drill(page, "Bidding")
    bidding = ".tt-bidding-drill .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
    expect(page.locator(bidding)).to_have_count(13)
    assert card_rows(page, bidding) == ([7, 6] if phone else [13])
    open_section(page, "Play Spades")
    look_at_spades_hand(page)
    assert card_rows(page, SPADES_HAND) == ([7, 6] if phone else [13])
    sizes = page.eval_on_selector_all(SPADES_HAND, "els => els.map(e => [e.getBoundingClientRect().width,"
                                                   " e.getBoundingClientRect().height])")
    assert all(w >= MIN_TARGET and h >= MIN_TARGET for w, h in sizes), sizes
    assert overflow_report(page) == []
    full_screenshot(page, artifacts_dir / f"layout_{page.tt_size}_spades_hand.png")
