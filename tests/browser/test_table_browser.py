"""The game table in a real browser (Voila + headless Chromium), at phone
(390×844) and desktop (1280×800) size.

Checked as a learner on a phone would: the page never scrolls sideways;
every seat (East too) with its bid and the card it played is inside the
screen; the learner's 13 cards wrap 7 + 6; every button, card and box is a
tap target of at least 44 px; Undo / Hint / Show me keep readable labels;
after the last card the hand result (in sentences) stands next to the
"Next hand" button; the rule id appears once.  Screenshots of bidding,
mid-trick and hand end go to tests/browser/artifacts/table_*.png.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

KERNEL_TIMEOUT_MS = 120_000
ROUND_TRIP_MS = 20_000
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}

SPADES = ".tt-play-spades"
OH_HELL = ".tt-play-oh-hell"


def hand(table: str) -> str:
    return f"{table} .tt-row[aria-label^='Your hand'] .tt-card"


@pytest.fixture(scope="module")
def table_url(tmp_path_factory, voila_server, write_notebook):
    nb = write_notebook(
        tmp_path_factory.mktemp("voila") / "tables.ipynb",
        "from tutor.table import new_spades_table, new_oh_hell_table\n"
        "from engine import OhHellRules\n"
        "spades = new_spades_table(deal_number=7, level=2, seed=1)\n"
        "spades.add_class('tt-play-spades')\n"
        "spades",
        "oh = new_oh_hell_table(OhHellRules(players=5, hand_sizes=(3, 4)), deal_number=7, level=1, seed=1)\n"
        "oh.add_class('tt-play-oh-hell')\n"
        "oh",
    )
    return voila_server(nb)


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def page(request, browser, table_url):
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    pg.set_default_timeout(ROUND_TRIP_MS)
    pg.goto(table_url)
    expect(pg.locator(f"{SPADES} .tt-status")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    expect(pg.locator(f"{OH_HELL} .tt-status")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    pg.tt_size = request.param  # type: ignore[attr-defined]
    yield pg
    context.close()


def shot(page: Page, artifacts_dir, name: str) -> None:
    """A screenshot of the whole table (the viewport is made tall for it)."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 2600})
    time.sleep(0.2)
    page.screenshot(path=str(artifacts_dir / f"table_{page.tt_size}_{name}.png"))
    page.set_viewport_size(size)


def assert_no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]")
    assert max(widths[:2]) <= widths[2], f"page scrolls sideways: {widths}"


def assert_inside_screen(page: Page, locator, what: str) -> None:
    width = page.viewport_size["width"]
    for i in range(locator.count()):
        el = locator.nth(i)
        expect(el).to_be_visible()
        box = el.bounding_box()
        assert box is not None, what
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{what} runs off the screen: {box}"


def assert_tap_targets(page: Page, table: str) -> None:
    """Every visible control of the table is at least 44×44 px."""
    small = page.evaluate(
        """(sel) => {
          const root = document.querySelector(sel);
          const els = root.querySelectorAll(
            "button, input:not([type=hidden]):not([type=file]), select, summary, .tt-card[data-card], a[href]");
          const out = [];
          for (const el of els) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
            // a checkbox counts with its label (the whole label is the target)
            const target = el.type === "checkbox" && el.closest("label") ? el.closest("label") : el;
            const t = target.getBoundingClientRect();
            if (t.width < 44 || t.height < 44)
              out.push(`${el.tagName} ${(el.textContent || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 30)} ${Math.round(t.width)}x${Math.round(t.height)}`);
          }
          return out;
        }""", table)
    assert small == [], f"tap targets under 44 px: {small}"


def card_rows(page: Page, sel: str) -> list[int]:
    tops = page.evaluate(
        "(sel) => Array.from(document.querySelectorAll(sel)).map(e => Math.round(e.getBoundingClientRect().top))",
        sel)
    rows: dict[int, int] = {}
    for t in tops:
        key = next((k for k in rows if abs(k - t) < 8), t)
        rows[key] = rows.get(key, 0) + 1
    return [rows[k] for k in sorted(rows)]


def test_spades_table_fits_and_plays_a_hand(page: Page, artifacts_dir):
    t = page.locator(SPADES)
    # ---- bidding, face down: 13 backs in 7 + 6 on a phone, one row on a desktop
    expect(t.get_by_role("button", name="Look at my cards")).to_be_visible()
    rows = card_rows(page, hand(SPADES))
    assert sum(rows) == 13
    assert rows == ([7, 6] if page.tt_size == "phone" else [13]), rows
    assert_no_sideways_scroll(page)
    assert_inside_screen(page, t.locator(".tt-seat"), "a seat box")
    assert_inside_screen(page, t.locator(".tt-seat-bid"), "a seat's bid")
    for label in ("Undo", "Hint", "Show me"):
        btn = t.get_by_role("button", name=re.compile(rf"^\W*{label}$"))
        expect(btn).to_be_visible()
        assert btn.inner_text().strip() == label
        assert btn.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{label} is cut off"
    assert_tap_targets(page, SPADES)
    t.get_by_role("button", name="Look at my cards").click()
    expect(page.locator(f"{hand(SPADES)}[data-card]").first).to_be_visible()
    expect(t.locator(".tt-tbl-bids button").first).to_be_visible()
    assert card_rows(page, f"{hand(SPADES)}[data-card]") == ([7, 6] if page.tt_size == "phone" else [13])
    assert_tap_targets(page, SPADES)
    shot(page, artifacts_dir, "1_bidding")
    # "Show me" (the learner's turn to bid): the chart is drawn and keeps its height once drawn (plotly's
    # resize once shrank it to 0 px in an output area: tutor.advice.figure_output)
    t.get_by_role("button", name=re.compile(r"^\W*Show me$")).click()
    chart = t.locator(".tt-show-me-chart .js-plotly-plot")
    expect(chart).to_be_visible()
    time.sleep(1.5)
    assert chart.bounding_box()["height"] >= 390, chart.bounding_box()
    assert_no_sideways_scroll(page)
    shot(page, artifacts_dir, "1_show_me")
    # East (a computer) bid before South: its bid is on the screen
    east = t.locator(".tt-seat[data-seat='1']")
    expect(east.locator(".tt-seat-bid")).to_contain_text(re.compile(r"bid: (\d+|Nil)"))
    assert_inside_screen(page, east.locator(".tt-seat-bid b").first, "East's bid")
    t.get_by_role("button", name="3", exact=True).click()
    expect(t.locator(".tt-seat[data-seat='2'] .tt-seat-bid")).to_contain_text("bid: 3")

    # ---- play: the cards on the table are cards, and inside the screen
    seen_cards_on_table = 0
    mid_shot = False
    for plays in range(13):
        playable = page.locator(f"{hand(SPADES)}.tt-playable")
        expect(playable.first).to_be_visible()
        on_table = t.locator(".tt-seat .tt-tbl-card[data-card]")
        if on_table.count():
            seen_cards_on_table += on_table.count()
            assert_inside_screen(page, on_table, "a card on the table")
            for i in range(on_table.count()):
                box = on_table.nth(i).bounding_box()
                assert box["width"] >= 40 and box["height"] >= 56, f"card on the table too small: {box}"
            if not mid_shot:
                shot(page, artifacts_dir, "2_mid_trick")
                assert_no_sideways_scroll(page)
                mid_shot = True
        before = page.locator(f"{hand(SPADES)}[data-card]").count()
        assert before == 13 - plays
        code = playable.first.get_attribute("data-card")
        playable.first.click()  # no waiting before a click: a click on the current view is never dropped
        if plays < 12:
            expect(page.locator(f"{hand(SPADES)}[data-card='{code}']")).to_have_count(0)
            msg = t.locator(".tt-feedback .tt-msg").first
            expect(msg).to_have_class(re.compile(r"\btt-ok\b"))
            rule = t.locator(".tt-feedback .tt-rule").first.inner_text().strip("[]")
            assert msg.inner_text().count(rule) == 1, "the rule id appears twice"
    assert seen_cards_on_table > 0

    # ---- hand end: the result in sentences next to the Next-hand button
    result = t.locator(".tt-tbl-result")
    expect(result).to_be_visible()
    expect(result).to_contain_text(re.compile(r"Your side(:| bid) .*and took \d+: "))
    # "East–West bid 7 and took 5: …", or with a Nil "East–West: East bid 4 and West bid Nil, and took 5: …"
    expect(result).to_contain_text(re.compile(r"East–West(:| bid) .*and took \d+: "))
    nxt = t.get_by_role("button", name="Next hand")
    expect(nxt).to_be_visible()
    r, n = result.bounding_box(), nxt.bounding_box()
    assert 0 <= n["y"] - (r["y"] + r["height"]) < 40, "Next hand is not right under the result"
    assert result.evaluate("e => getComputedStyle(e).textAlign") in ("left", "start")
    expect(t.locator(".tt-status")).to_contain_text("Hand 1 is over")
    assert_no_sideways_scroll(page)
    assert_tap_targets(page, SPADES)
    shot(page, artifacts_dir, "3_hand_end")


def test_oh_hell_table_names_and_fits(page: Page, artifacts_dir):
    t = page.locator(OH_HELL)
    page.locator(OH_HELL).scroll_into_view_if_needed()
    expect(t.locator(".tt-seat")).to_have_count(5)
    text = t.inner_text()
    assert "Seat 1" not in text and "seat 0" not in text.lower() and "0 → 1" not in text
    expect(t.locator(".tt-seat[data-seat='0']")).to_contain_text("You")
    expect(t.locator(".tt-seat[data-seat='1']")).to_contain_text("Ada")
    assert_inside_screen(page, t.locator(".tt-seat"), "an Oh Hell seat")
    assert_inside_screen(page, t.locator(".tt-seat-bid"), "an Oh Hell bid")
    assert_no_sideways_scroll(page)
    assert_tap_targets(page, OH_HELL)
    t.locator(".tt-tbl-bids button").first.click()
    expect(t.locator(".tt-seat[data-seat='0'] .tt-seat-bid")).to_contain_text("bid: 0")
    expect(page.locator(f"{hand(OH_HELL)}.tt-playable").first).to_be_visible()
    on_table = t.locator(".tt-seat .tt-tbl-card[data-card]")
    if on_table.count():
        assert_inside_screen(page, on_table, "an Oh Hell card on the table")
    shot(page, artifacts_dir, "4_oh_hell")


def test_load_refuses_a_big_file_in_the_browser_and_keeps_working(page: Page, artifacts_dir):
    t = page.locator(SPADES)
    load = t.get_by_role("button", name="Load a saved game")
    expect(load).to_be_visible()
    assert "(0)" not in load.inner_text()
    picker = t.locator("input[type=file]")
    # 11 MB: over HAND_RECORD.md's 10 MB (and the websocket's message limit); refused before it is sent,
    # in one message: the table's feedback line (the button says nothing of its own)
    picker.set_input_files({"name": "huge.json", "mimeType": "application/json", "buffer": b" " * (11 * 1024 * 1024)})
    expect(t.locator(".tt-feedback .tt-msg").first).to_contain_text(
        "This file is 11.5 MB, too big to be a saved game (at most 10 MB)")
    expect(t.locator(".tt-tbl-load-note")).to_have_count(0)
    # the button still works: a bad small file gets the plain sentence, the game goes on
    picker.set_input_files({"name": "bad.json", "mimeType": "application/json", "buffer": b"{not json"})
    expect(t.locator(".tt-feedback .tt-msg").first).to_contain_text(
        "This file cannot be opened as a saved Trick Tutor game, so nothing was loaded and your game is unchanged.")
    t.get_by_role("button", name="Look at my cards").click()
    expect(page.locator(f"{hand(SPADES)}[data-card]").first).to_be_visible()
    assert_no_sideways_scroll(page)


def test_spades_house_rules_options_fit_and_apply(page: Page, artifacts_dir):
    """The open "Options for a new game" panel (SP-H1 … SP-H9): every option
    and its explanation inside the screen, no sideways scroll, every control
    a 44 px tap target; Nil 50 + New game shows the house-rules line."""
    t = page.locator(SPADES)
    t.get_by_text("Options for a new game").click()
    helps = t.locator(".tt-opt-help")
    expect(helps.first).to_be_visible()
    assert helps.count() == 10
    for i in range(1, 10):
        expect(t.locator(".tt-opt-help", has_text=f"SP-H{i} ").first).to_be_visible()
    assert_no_sideways_scroll(page)
    assert_inside_screen(page, helps, "an option's explanation")
    assert_inside_screen(page, t.locator(".tt-opt-help").locator("xpath=../../..").locator("select, input"),
                         "an option's control")
    assert_tap_targets(page, SPADES)
    t.locator(".tt-opt-help", has_text="SP-H1 ").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"table_{page.tt_size}_options.png"))
    shot(page, artifacts_dir, "options_full")
    t.get_by_label("Nil worth").select_option("50")
    t.get_by_role("button", name="New game").click()
    expect(t.locator(".tt-tbl-house")).to_have_text("House rules: Nil ±50 (SP-H1)")
    assert_no_sideways_scroll(page)


def test_show_me_is_off_in_the_play_the_old_download_goes_and_fold_outs_are_marked(page: Page, artifacts_dir):
    """Issue 33: "Show me" stayed enabled during the play; after New game the old "⬇ Download
    tricktutor-game.json" link stayed (and downloaded the discarded game); "What is wrong with the file" had
    no ▶ marker (its summary was a flex box)."""
    t = page.locator(SPADES)
    show_me = t.get_by_role("button", name=re.compile(r"^\W*Show me$"))
    expect(show_me).to_be_enabled()
    t.get_by_role("button", name="Look at my cards").click()
    t.get_by_role("button", name="3", exact=True).click()
    expect(page.locator(f"{hand(SPADES)}.tt-playable").first).to_be_visible()
    expect(show_me).to_be_disabled()
    t.get_by_role("button", name=re.compile(r"^\W*Hint$")).click()
    expect(t.locator(".tt-tbl-hint")).to_contain_text("Hint: play the ")
    t.get_by_role("button", name=re.compile(r"^\W*Save$")).click()
    link = t.locator("a.tt-download")
    expect(link).to_have_text("⬇ Download tricktutor-game.json")
    shot(page, artifacts_dir, "5_play_hint_saved")
    t.get_by_role("button", name=re.compile(r"^\W*New game$")).click()
    t.get_by_role("button", name="Start the new game").click()
    expect(t.get_by_role("button", name="Look at my cards")).to_be_visible()
    expect(link).to_have_count(0)
    expect(show_me).to_be_enabled()
    t.locator("input[type=file]").set_input_files(
        {"name": "bad.json", "mimeType": "application/json", "buffer": b'{"format": "tricktutor-hand-record/1"}'})
    summary = t.locator(".tt-msg-details summary")
    expect(summary).to_have_text("What is wrong with the file")
    assert summary.evaluate("e => getComputedStyle(e).display") == "list-item"
    box = summary.bounding_box()
    assert box["height"] >= 44, box
    assert_no_sideways_scroll(page)
    shot(page, artifacts_dir, "6_file_details")
