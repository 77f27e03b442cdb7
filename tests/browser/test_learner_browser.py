"""Issue 28's learner fixes in the app (Voila + headless Chromium), on a phone
(390×844) and a desktop (1280×800), as a learner meets them:

* a face-down card clicked before "Look at my cards" says how to see the cards;
* "New game" in the middle of a hand asks first: "Keep playing" leaves the
  hand as it was, "Start the new game" deals new cards (another deal number);
* Hint during the play names a card the learner may play, and why;
* a saved Oh Hell game loaded at Play Spades is refused in one sentence naming
  the Play Oh Hell tab (the Spades game goes on), and opens at Play Oh Hell;
* a broken file gets one plain sentence with the parser's words folded away,
  and an 11 MB file one sentence, never two messages;
* the review's practice copy ("Replay from trick 10" of
  examples/review_costly_cards.json) ends with its hand: "Try again from trick
  10" and "Close the practice copy", no "Next hand", no review of its own.

Nothing runs off the side of the screen, every control is a 44-px target.
Screenshots: tests/browser/artifacts/learner_<size>_*.png.
"""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from _app_page import REPO, SPADES, SPADES_HAND, full_screenshot, open_section, overflow_report, small_targets

pytestmark = pytest.mark.browser

OH_HELL = ".tt-play-oh-hell"
PLAY_MS = 60_000
COSTLY = REPO / "examples" / "review_costly_cards.json"


def msg(page, table: str = SPADES):
    return page.locator(f"{table} > .tt-feedback .tt-msg, {table} .tt-feedback .tt-msg").first


def load_file(page, table: str, name: str, data: bytes) -> None:
    page.locator(f"{table} input[type=file]").first.set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": data})


def fits(page) -> None:
    time.sleep(0.4)
    assert overflow_report(page) == []
    assert small_targets(page) == []


def oh_hell_record() -> bytes:
    from engine import OhHellGame, OhHellRules
    from engine.record import game_to_record
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(3, 4)), first_deal=12, auto_deal=False)
    g.deal_next()
    rec = game_to_record(g)
    rec["tutor"] = {"learner_seat": 0, "first_deal": 12, "level": 1}
    return json.dumps(rec).encode()


def test_face_down_click_then_new_game_mid_hand(sized_page, artifacts_dir):
    page = sized_page
    open_section(page, "Play Spades")
    t = page.locator(SPADES)
    # a face-down card before "Look at my cards" gives feedback (SP-10)
    backs = t.locator(".tt-row[aria-label^='Your hand'] .tt-card.tt-back")
    expect(backs).to_have_count(13)
    backs.nth(3).click()
    expect(msg(page)).to_have_text(re.compile(r"Your cards are face down\. Press “Look at my cards” to see them"))
    t.get_by_role("button", name="Look at my cards").click()
    expect(page.locator(SPADES_HAND)).to_have_count(13)
    t.get_by_role("button", name="3", exact=True).click()
    expect(t.locator(".tt-seat[data-seat='2'] .tt-seat-bid")).to_contain_text("bid: 3")
    # Hint in the play: a card the rules allow, and why
    playable = page.locator(f"{SPADES_HAND}.tt-playable")
    expect(playable.first).to_be_visible(timeout=PLAY_MS)
    legal = [e.get_attribute("data-card") for e in playable.all()]
    t.get_by_role("button", name=re.compile(r"^\W*Hint$")).click()
    hint = t.locator(".tt-tbl-hint")
    expect(hint).to_contain_text(re.compile(r"Hint: play the \S+\."))
    expect(hint).to_contain_text("club-level computer player")
    marked = page.locator(f"{SPADES_HAND}.tt-highlighted")
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-card") in legal
    full_screenshot(page, artifacts_dir / f"learner_{page.tt_size}_1_hint.png")
    code = marked.get_attribute("data-card")
    marked.click()
    expect(page.locator(f"{SPADES_HAND}[data-card='{code}']")).to_have_count(0, timeout=PLAY_MS)
    expect(hint).to_have_count(0)
    # New game mid-hand: asked first; Keep playing loses nothing
    title = t.locator(".tt-tbl-title").inner_text()
    cards = sorted(e.get_attribute("data-card") for e in page.locator(SPADES_HAND).all())
    t.get_by_role("button", name="New game").click()
    question = t.locator(".tt-tbl-question")
    expect(question).to_have_text(re.compile(r"^Start a new game\? The game you are playing \(hand 1\) ends here"))
    expect(t.get_by_role("button", name="Start the new game")).to_be_visible()
    keep = t.get_by_role("button", name="Keep playing")
    expect(keep).to_be_visible()
    fits(page)
    question.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"learner_{page.tt_size}_2_new_game_question.png"))
    keep.click()
    expect(question).to_be_hidden()
    expect(msg(page)).to_have_text(re.compile("Your game goes on where you left it"))
    assert t.locator(".tt-tbl-title").inner_text() == title
    assert sorted(e.get_attribute("data-card") for e in page.locator(SPADES_HAND).all()) == cards
    # asked again, and started: new cards (the deal box was left empty)
    deal = re.search(r"deal #(\d+)", title).group(1)
    t.get_by_role("button", name="New game").click()
    t.get_by_role("button", name="Start the new game").click()
    expect(t.locator(".tt-tbl-title")).not_to_contain_text(f"deal #{deal} ")
    expect(msg(page)).to_have_text(re.compile(r"New game from deal #\d+\."))
    assert t.get_by_label("Deal #").input_value() == ""
    expect(t.locator(".tt-row[aria-label^='Your hand'] .tt-card.tt-back")).to_have_count(13)


def test_foreign_and_broken_files_are_refused_in_one_sentence(sized_page, artifacts_dir):
    page = sized_page
    open_section(page, "Play Spades")
    t = page.locator(SPADES)
    title = t.locator(".tt-tbl-title").inner_text()
    load_file(page, SPADES, "oh-hell.json", oh_hell_record())
    expect(msg(page)).to_have_text("✗ This file is a saved game of Oh Hell: open it in the Play Oh Hell tab. "
                                   "Nothing was loaded here and your game is unchanged.")
    assert t.locator(".tt-tbl-title").inner_text() == title
    assert "Oh Hell" not in t.locator(".tt-tbl-title").inner_text()
    fits(page)
    full_screenshot(page, artifacts_dir / f"learner_{page.tt_size}_3_foreign_file.png")
    # a broken file: one plain sentence, the parser's words folded away
    load_file(page, SPADES, "bad.json", b"{not json")
    m = msg(page)
    expect(m).to_contain_text("This file cannot be opened as a saved Trick Tutor game, so nothing was loaded")
    details = m.locator("details")
    expect(details).to_have_count(1)
    assert details.get_attribute("open") is None
    expect(details.locator("div")).to_be_hidden()
    details.locator("summary").click()
    expect(details.locator("div")).to_contain_text("Expecting property name enclosed in double quotes")
    # too big: one sentence, one limit (10 MB), and no second message beside it
    load_file(page, SPADES, "huge.json", b" " * 11_000_000)
    expect(msg(page)).to_have_text("✗ This file is 11.0 MB, too big to be a saved game (at most 10 MB), so nothing "
                                   "was loaded and your game is unchanged.")
    shown = [e.inner_text() for e in t.locator(".tt-msg, .tt-tbl-load-note").all() if e.is_visible()]
    assert len(shown) == 1, shown
    # at its own tab the Oh Hell game opens
    open_section(page, "Play Oh Hell")
    load_file(page, OH_HELL, "oh-hell.json", oh_hell_record())
    expect(msg(page, OH_HELL)).to_contain_text("Loaded the game: hand 1")
    expect(page.locator(OH_HELL).locator(".tt-tbl-title")).to_contain_text("deal #12")


def test_practice_copy_ends_with_its_hand(sized_page, artifacts_dir):
    page = sized_page
    open_section(page, "Play Spades")
    t = page.locator(SPADES)
    load_file(page, SPADES, "costly.json", COSTLY.read_bytes())
    expect(msg(page)).to_contain_text("Loaded the game")
    review = t.locator(".tt-review")
    review.get_by_role("button", name="Review hand 1").click()
    expect(review.locator(".tt-rv-head")).to_contain_text("Review of hand 1", timeout=PLAY_MS)
    head = review.locator(".tt-rv-head").inner_text()
    assert "DDS, which does not know" not in head
    replay = review.get_by_role("button", name="Replay from trick 10")
    replay.click()
    copy = review.locator(".tt-practice-copy")
    expect(copy).to_be_visible(timeout=PLAY_MS)
    hand = copy.locator(".tt-row[aria-label^='Your hand'] .tt-card[data-card]")
    expect(hand).to_have_count(4)
    start = sorted(e.get_attribute("data-card") for e in hand.all())
    for left in range(4, 0, -1):
        playable = copy.locator(".tt-row[aria-label^='Your hand'] .tt-card.tt-playable")
        expect(playable.first).to_be_visible(timeout=PLAY_MS)
        playable.first.click()
        if left > 1:
            expect(hand).to_have_count(left - 1, timeout=PLAY_MS)
    expect(copy.locator(".tt-status")).to_have_text("Hand 1 is over: this practice copy ends with its hand.",
                                                    timeout=PLAY_MS)
    expect(copy.locator(".tt-tbl-result")).to_be_visible()
    again = copy.get_by_role("button", name="Try again from trick 10")
    expect(again).to_be_visible()
    expect(copy.get_by_role("button", name="Close the practice copy")).to_be_visible()
    expect(copy.get_by_role("button", name="Next hand")).to_have_count(0)
    expect(copy.locator(".tt-review")).to_have_count(0)
    fits(page)
    full_screenshot(page, artifacts_dir / f"learner_{page.tt_size}_4_practice_end.png")
    again.click()
    expect(hand).to_have_count(4, timeout=PLAY_MS)
    assert sorted(e.get_attribute("data-card") for e in hand.all()) == start
    expect(copy.locator(".tt-status")).to_contain_text("Your turn")
    review.get_by_role("button", name="Close the practice copy").first.click()
    expect(copy).to_have_count(0)
    # the real game is still at the end of its hand 1
    expect(t.locator(".tt-status").first).to_contain_text("Hand 1 is over")
