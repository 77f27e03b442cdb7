"""The Trick Tutor app (notebooks/app.ipynb) in a real browser: Voila + headless Chromium.

Checked as a person would: the page title and the drills show; in the
follow-suit drill an illegal card is explained with its rule id and the legal
cards light up, and a legal card moves on to the next position; a Spades bid
can be made at the table; a whole hand of Spades (13 plays by the learner) is
played to the score sheet; no error text or Python traceback appears at any
stage.  One Voila server and one page are shared by the tests of this module,
in order; screenshots of each stage go to tests/browser/artifacts/app_*.png.
"""
from __future__ import annotations

import os
import pathlib
import re
import time

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

REPO = pathlib.Path(__file__).resolve().parents[2]
APP = REPO / "notebooks" / "app.ipynb"
SEED = "7"                    # reproducible deals (tutor.app reads $TRICKTUTOR_SEED)
KERNEL_TIMEOUT_MS = 120_000   # first render: kernel start + notebook run
ROUND_TRIP_MS = 20_000        # browser -> kernel -> browser (a section may import pandas/plotly)
BAD_TEXT = ("Traceback", "Error", "Something went wrong")

FOLLOW = ".tt-follow-drill"
FOLLOW_HAND = f"{FOLLOW} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
FOLLOW_TABLE = f"{FOLLOW} .tt-row[aria-label^='On the table'] .tt-card[data-card]"
FOLLOW_MSG = f"{FOLLOW} .tt-feedback .tt-msg"
SPADES = ".tt-play-spades"
SPADES_HAND = f"{SPADES} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"


def assert_no_error_text(page: Page, stage: str) -> None:
    body = page.inner_text("body")
    found = [w for w in BAD_TEXT if w in body]
    assert found == [], f"{stage}: {found} on the page:\n{body[-1500:]}"


def shot(page: Page, artifacts_dir: pathlib.Path, name: str) -> None:
    page.screenshot(path=str(artifacts_dir / f"app_{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def app_page(voila_server, browser, artifacts_dir):
    old = os.environ.get("TRICKTUTOR_SEED")
    os.environ["TRICKTUTOR_SEED"] = SEED          # inherited by Voila and its kernel
    try:
        url = voila_server(APP)
    finally:
        if old is None:
            os.environ.pop("TRICKTUTOR_SEED", None)
        else:
            os.environ["TRICKTUTOR_SEED"] = old
    context = browser.new_context(viewport={"width": 1280, "height": 1300})
    page = context.new_page()
    page.set_default_timeout(ROUND_TRIP_MS)
    page.goto(url)
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=KERNEL_TIMEOUT_MS)
    yield page
    context.close()


def open_section(page: Page, title: str) -> None:
    page.locator(".tt-app .lm-TabBar-tab", has_text=title).first.click()


def test_page_shows_title_sections_and_learn(app_page, artifacts_dir):
    page = app_page
    assert page.title() == "Trick Tutor"
    tabs = page.locator(".tt-app .lm-TabBar-tab").all_inner_texts()
    assert [t.strip() for t in tabs[:5]] == ["Learn", "Drills", "Play Spades", "Play Oh Hell", "Score sheet"]
    chapters = page.locator(".tt-learn .tt-chapter")
    from tutor.app import CHAPTERS
    expect(chapters).to_have_count(len(CHAPTERS))  # 00–10 and 12 (Spades for two)
    expect(page.locator(".tt-chapter[data-notebook='12_two_player_spades.ipynb']")).to_contain_text(
        "SP-2P-1 … SP-2P-6")
    link = page.locator(".tt-chapter[data-notebook='04_spades_playing_tricks.ipynb'] a")
    assert link.get_attribute("href") == "../../../lab/tree/notebooks/04_spades_playing_tricks.ipynb"
    expect(page.locator(".tt-learn")).to_contain_text("SP-12 … SP-16")
    # no code is visible in Voila
    assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper:visible").count() == 0
    shot(page, artifacts_dir, "01_learn")
    assert_no_error_text(page, "learn")


def test_drills_are_shown(app_page, artifacts_dir):
    page = app_page
    open_section(page, "Drills")
    expect(page.locator(FOLLOW)).to_be_visible()
    expect(page.locator(f"{FOLLOW} h2")).to_have_text("Follow suit: Spades")
    for title in ("Follow suit", "Who wins?", "Bidding"):
        expect(page.locator(".tt-drill-tabs .lm-TabBar-tab", has_text=title)).to_have_count(1)
    expect(page.locator(FOLLOW_HAND).first).to_be_visible()
    shot(page, artifacts_dir, "02_drills")
    assert_no_error_text(page, "drills")


def _illegal_choice(hand: list[str], table: list[str]) -> str | None:
    """A card that is certainly illegal in a Spades follow-suit position
    (a card off the led suit while holding it: SP-14; a spade lead while
    holding other suits and spades may be unbroken: tried, may be legal)."""
    if table:
        led = table[0][1]
        if any(c[1] == led for c in hand):
            off = [c for c in hand if c[1] != led]
            return off[0] if off else None
        return None
    return None


def test_follow_suit_illegal_card_is_explained_then_legal_card_advances(app_page, artifacts_dir):
    page = app_page
    info = page.locator(f"{FOLLOW} .tt-row[aria-label^='Your hand']")
    expect(info).to_be_visible()
    # Find a position where an illegal card exists (skip the others).
    for _ in range(20):
        hand = [c.get_attribute("data-card") for c in page.locator(FOLLOW_HAND).all()]
        table = [c.get_attribute("data-card") for c in page.locator(FOLLOW_TABLE).all()]
        card = _illegal_choice(hand, table)
        if card:
            break
        page.locator(FOLLOW).get_by_role("button", name=re.compile("Skip|Next")).click()
        expect(page.locator(FOLLOW_HAND).first).to_be_visible()
        time.sleep(0.5)
    else:
        pytest.fail("no position with an illegal card in 20 positions")
    position = page.locator(f"{FOLLOW} .widget-html, {FOLLOW} .jupyter-widget-html").filter(
        has_text=re.compile(r"Position \d+")).first.inner_text()
    page.locator(f"{FOLLOW_HAND}[data-card='{card}']").click()
    msg = page.locator(FOLLOW_MSG).first
    expect(msg).to_have_class(re.compile(r"\btt-error\b"))
    expect(msg).to_contain_text("You must follow suit")
    expect(page.locator(f"{FOLLOW} .tt-feedback .tt-rule").first).to_have_text("[SP-14]")
    highlighted = page.locator(f"{FOLLOW_HAND}.tt-highlighted")
    expect(highlighted.first).to_be_visible()
    legal = [c.get_attribute("data-card") for c in highlighted.all()]
    led = table[0][1]
    assert legal and all(c[1] == led for c in legal)
    shot(page, artifacts_dir, "03_follow_suit_illegal")
    assert_no_error_text(page, "illegal card")

    page.locator(f"{FOLLOW_HAND}[data-card='{legal[0]}']").click()
    expect(page.locator(FOLLOW_MSG).first).to_have_class(re.compile(r"\btt-ok\b"))
    expect(page.locator(FOLLOW_MSG).first).to_contain_text("Yes:")
    new_position = page.locator(f"{FOLLOW} .widget-html, {FOLLOW} .jupyter-widget-html").filter(
        has_text=re.compile(r"Position \d+")).first
    expect(new_position).not_to_have_text(position)
    shot(page, artifacts_dir, "04_follow_suit_legal")
    assert_no_error_text(page, "legal card")


def _spades_bid(page: Page, value: str) -> None:
    table = page.locator(SPADES)
    look = table.get_by_role("button", name="Look at my cards")
    expect(look).to_be_visible(timeout=ROUND_TRIP_MS)
    look.click()
    expect(page.locator(SPADES_HAND).first).to_have_attribute("data-card", re.compile(r"^[2-9TJQKA][CDHS]$"))
    bid = table.get_by_role("button", name=value, exact=True)
    expect(bid).to_be_visible()
    bid.click()


def test_spades_bid_can_be_made(app_page, artifacts_dir):
    page = app_page
    open_section(page, "Play Spades")
    expect(page.locator(SPADES)).to_be_visible(timeout=ROUND_TRIP_MS)
    shot(page, artifacts_dir, "05_spades_table")
    _spades_bid(page, "3")
    south = page.locator(f"{SPADES} .tt-seat[data-seat='2']")
    expect(south).to_contain_text("bid: 3")
    expect(page.locator(f"{SPADES_HAND}.tt-playable").first).to_be_visible()
    shot(page, artifacts_dir, "06_spades_bid")
    assert_no_error_text(page, "spades bid")


def test_whole_spades_hand_is_played_to_the_score_sheet(app_page, artifacts_dir):
    page = app_page
    status = page.locator(f"{SPADES} .tt-status")
    plays = 0
    for plays in range(1, 14):
        playable = page.locator(f"{SPADES_HAND}.tt-playable")
        expect(playable.first).to_be_visible()
        before = page.locator(SPADES_HAND).count()
        assert before == 14 - plays
        card = playable.first.get_attribute("data-card")
        page.locator(f"{SPADES_HAND}[data-card='{card}']").click()  # the card read is the card clicked
        if plays < 13:
            expect(page.locator(f"{SPADES_HAND}[data-card='{card}']")).to_have_count(0)
        if plays == 7:
            shot(page, artifacts_dir, "07_spades_mid_hand")
    assert plays == 13
    expect(status).to_contain_text("Hand 1 is over", timeout=ROUND_TRIP_MS)  # the computers finish the hand
    expect(page.locator(SPADES).get_by_role("button", name="Next hand")).to_be_visible()
    expect(page.locator(f"{SPADES} .tt-scoresheet")).to_contain_text("1 hand scored")
    shot(page, artifacts_dir, "08_spades_hand_over")
    assert_no_error_text(page, "hand over")

    open_section(page, "Score sheet")
    sheet = page.locator(".tt-app-scoresheet-spades")
    expect(sheet).to_be_visible(timeout=ROUND_TRIP_MS)
    expect(sheet).to_contain_text("1 hand scored")
    expect(sheet).to_contain_text("Running totals")
    expect(sheet).to_contain_text("SP-17")
    shot(page, artifacts_dir, "09_score_sheet")
    assert_no_error_text(page, "score sheet")


def test_oh_hell_section_with_options(app_page, artifacts_dir):
    page = app_page
    open_section(page, "Play Oh Hell")
    table = page.locator(".tt-play-oh-hell")
    expect(table).to_be_visible(timeout=ROUND_TRIP_MS)
    expect(table).to_contain_text("Your turn to bid")
    table.get_by_text("Options for a new game").click()
    expect(table).to_contain_text("(OH-V4)")
    expect(table).to_contain_text("(OH-V8)")
    shot(page, artifacts_dir, "10_oh_hell")
    assert_no_error_text(page, "oh hell")


def test_score_sheet_follows_both_games(app_page, artifacts_dir):
    """With Spades and Oh Hell both started, the Score sheet shows both games
    (it used to show only Spades, even while Oh Hell was played)."""
    page = app_page
    open_section(page, "Score sheet")
    spades = page.locator(".tt-app-scoresheet-spades")
    oh_hell = page.locator(".tt-app-scoresheet-oh-hell")
    expect(spades).to_be_visible(timeout=ROUND_TRIP_MS)
    expect(oh_hell).to_be_visible()
    expect(spades).to_contain_text("Score sheet: Spades")
    expect(spades).to_contain_text("1 hand scored")
    expect(oh_hell).to_contain_text("Score sheet: Oh Hell")
    expect(oh_hell).to_contain_text("0 hands scored")
    expect(page.locator(".tt-section-score-sheet .tt-section-intro")).to_contain_text("Play Oh Hell")
    shot(page, artifacts_dir, "11_score_sheet_both_games")
    assert_no_error_text(page, "score sheet, both games")
