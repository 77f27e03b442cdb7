"""Play with others in real browsers (issue 35): app pages (Voila) at one table of a table server.

The table server runs in this test's process on a free port (its own event loop in a thread) and is
stopped at the end; a teacher (the asyncio client, with the key) opens the tables.  Each page opens
the app with a join link (``?table=CODE&server=ws://…&lang=…``), opens "Play with others", presses
"See the table", takes the first free seat and plays, with the table a learner knows; the page's own
WebSocket carries the frames (:mod:`tutor.relay`).

1. Spades, four people on four pages (English, Somali, Hausa, English; two phones 390×844, two
   desktops 1280×800): each page sees only its own 13 cards (the four hands are disjoint); a card
   refused to a player of another language is explained on that page in its language (the engine's
   verdict rendered with the catalogue) and on no other page; a page reloaded mid-hand gets its seat
   back by itself (the seat token in localStorage) and plays on; the whole hand is played to its result;
   a teacher page (the key in its link) sees all four hands, 13 cards each, and none once played.
2. Oh Hell, two people and three computer players: the hand is played to its result.

Screenshots: tests/browser/artifacts/together_<step>_<size>.png.
"""
from __future__ import annotations

import asyncio
import threading
import time
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from _app_page import DESKTOP, PHONE, full_screenshot, open_app, overflow_report

from engine.text import language
from tutor.app import SECTION_TITLES
from tutor.session import NOT_ALLOWED
from tutor.tables_server.client import TableClient
from tutor.tables_server.hub import Settings
from tutor.tables_server.server import start
from tutor.text import say

pytestmark = pytest.mark.browser

TOGETHER = ".tt-section-play-with-others"
HAND = f"{TOGETHER} .tt-row[role=toolbar] .tt-card[data-card]"
PLAYABLE = f"{TOGETHER} .tt-row[role=toolbar] .tt-card.tt-playable[data-card]"
WAIT_MS = 60_000


class ServerThread:
    """The table server in a thread of this process (its own event loop)."""

    def __init__(self, db: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = self.call(start("127.0.0.1", 0, db, Settings(bot_delay=0.2, next_hand_delay=60.0,
                                                                    hold_seconds=60.0, rate=50.0)))
        self.teacher = self.call(TableClient.connect(self.server.url))
        assert self.call(self.teacher.request("teacher", key=self.server.hub.teacher_key))["type"] == "teacher_ok"

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    def open_table(self, game: str, seats: int, people: tuple[int, ...]) -> str:
        reply = self.call(self.teacher.request("open_table", game=game, seats=seats, level=1, next_hand="teacher"))
        code = str(reply["table"])
        for s in people:
            assert self.call(self.teacher.request("free_seat", table=code, seat=s))["type"] == "done"
        return code

    def deal(self, code: str) -> None:
        """The teacher deals the next hand (tables here wait for the teacher: the result stays shown)."""
        assert self.call(self.teacher.request("next_hand", table=code))["type"] == "done"

    def stop(self) -> None:
        async def bye() -> None:
            await self.teacher.close()
            self.server.stop()
        self.call(bye())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: Any) -> Any:
    st = ServerThread(str(tmp_path_factory.mktemp("tables") / "tables.sqlite3"))
    yield st
    st.stop()


def join_page(browser: Any, app_url: str, st: ServerThread, code: str, lang: str, viewport: dict) -> tuple[Any, Page]:
    """An app page opened with the table's join link that takes the first free seat."""
    link = f"{app_url}?table={code}&server={quote(st.server.url, safe='')}&lang={lang}"
    context, page = open_app(browser, link, viewport)
    with language(lang):
        title = say(SECTION_TITLES[-1])
    open_section_titled(page, title)
    page.locator(f"{TOGETHER} .tt-together-connect").click()
    seat = page.locator(f"{TOGETHER} .tt-together-seat button").first
    expect(seat).to_be_visible(timeout=WAIT_MS)
    seat.click()
    page.locator(f"{TOGETHER} .tt-together-join").click()
    expect(page.locator(f"{TOGETHER} .tt-remote-table")).to_be_visible(timeout=WAIT_MS)
    page.tt_lang = lang  # type: ignore[attr-defined]
    return context, page


def open_section_titled(page: Page, title: str, seated: bool = False) -> None:
    """open_section for a title in the page's language (the section's class is the English one).
    ``seated``: a page whose seat token takes its seat back by itself, where the join form is folded
    away (a join link opens the page on this section, so that may be done before the tab is clicked)."""
    from _app_page import main_tab
    main_tab(page, title).click()
    expect(page.locator(TOGETHER)).to_be_visible()
    if not seated:
        expect(page.locator(f"{TOGETHER} .tt-together-connect")).to_be_visible(timeout=WAIT_MS)


def hand(page: Page) -> list[str]:
    return [c for c in page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.card)")]


def act_once(page: Page) -> bool:
    """Whatever this page's player has to do now, if anything: look, bid 3 (or the nearest bid the
    table allows), or play the first card the table marks playable.  True when it acted."""
    look = page.locator(f"{TOGETHER} .tt-look")
    if look.count() and look.is_visible():
        look.click()
        return True
    bids = page.locator(f"{TOGETHER} .tt-tbl-bids button")
    if bids.count() and bids.first.is_visible():
        allowed = [i for i in range(bids.count()) if "danger" not in (bids.nth(i).get_attribute("class") or "")]
        pick = min(allowed, key=lambda i: abs(i - 3)) if allowed else 0
        bids.nth(pick).click()
        return True
    playable = page.locator(PLAYABLE)
    if playable.count():
        playable.first.click()
        return True
    return False


def played_out(page: Page) -> bool:
    return page.locator(f"{TOGETHER} .tt-tbl-result, {TOGETHER} .tt-tbl-score").count() > 0 and not hand(page)


def test_four_people_four_languages_one_spades_hand(browser: Any, app_url: str, tables: ServerThread,
                                                    artifacts_dir: Any) -> None:
    code = tables.open_table("spades", 4, (0, 1, 2, 3))
    langs = (("en", DESKTOP), ("so", PHONE), ("ha", PHONE), ("en", DESKTOP))
    pages: list[tuple[Any, Page]] = []
    pages_extra: list[tuple[Any, Page]] = []
    try:
        for lang, viewport in langs:  # each takes the first free seat: seats 0, 1, 2, 3 in this order
            pages.append(join_page(browser, app_url, tables, code, lang, viewport))
        tables.deal(code)
        # the teacher's page (the key in its link): every hand of the table, 13 cards each
        key = tables.server.hub.teacher_key
        tctx, teacher = open_app(browser, f"{app_url}?table={code}&server={quote(tables.server.url, safe='')}"
                                 f"&teacher={key}", DESKTOP)
        pages_extra.append((tctx, teacher))
        open_section_titled(teacher, say(SECTION_TITLES[-1]))
        teacher.locator(f"{TOGETHER} .tt-teacher-show").click()
        expect(teacher.locator(f"{TOGETHER} .tt-teacher-seat")).to_have_count(4, timeout=WAIT_MS)
        expect(teacher.locator(f"{TOGETHER} .tt-teacher-cards [data-card]")).to_have_count(52, timeout=WAIT_MS)
        full_screenshot(teacher, artifacts_dir / "together_teacher_desktop.png")
        for (_c, page), (lang, viewport) in zip(pages, langs):  # cards face down until a player's turn to bid
            size = "phone" if viewport is PHONE else "desktop"
            full_screenshot(page, artifacts_dir / f"together_seated_{lang}_{size}.png")
        seen13: set[int] = set()
        refused_on: int | None = None
        reloaded = False
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            acted = False
            for i, (_c, page) in enumerate(pages):
                cards = hand(page)
                if refused_on is None and i in (1, 2) and page.locator(PLAYABLE).count():
                    playable = set(page.locator(PLAYABLE).evaluate_all("els => els.map(e => e.dataset.card)"))
                    bad = [c for c in cards if c not in playable]
                    if bad:
                        page.locator(f"{HAND}[data-card='{bad[0]}']").click()
                        fb = page.locator(f"{TOGETHER} .tt-feedback .tt-error")
                        expect(fb).to_be_visible(timeout=WAIT_MS)
                        with language(page.tt_lang):  # type: ignore[attr-defined]
                            head = say(NOT_ALLOWED, reason="|").split("|")[0].strip()
                        assert head and head in fb.inner_text()
                        for j, (_c2, other) in enumerate(pages):
                            if j != i:
                                assert other.locator(f"{TOGETHER} .tt-feedback .tt-error").count() == 0
                        full_screenshot(page, artifacts_dir / f"together_refused_{page.tt_lang}_phone.png")
                        refused_on = i
                if not reloaded and len(cards) <= 9 and i == 3:
                    # a reload mid-hand: the page gets its seat (and its cards) back by itself
                    page.reload()
                    open_section_titled(page, say(SECTION_TITLES[-1]), seated=True)
                    expect(page.locator(HAND)).to_have_count(len(cards), timeout=WAIT_MS)
                    assert sorted(hand(page)) == sorted(cards)
                    reloaded = True
                if act_once(page):
                    acted = True
                    time.sleep(0.3)
            hands = [set(hand(p)) for _c, p in pages]
            seen13 |= {i for i, h in enumerate(hands) if len(h) == 13}
            assert all(not (hands[a] & hands[b]) for a in range(4) for b in range(a + 1, 4)), hands
            if all(not h for h in hands) and pages[0][1].locator(f"{TOGETHER} .tt-tbl-result").count():
                break
            if not acted:
                time.sleep(0.5)
        else:
            for i, (_c, page) in enumerate(pages):
                full_screenshot(page, artifacts_dir / f"together_stuck_{i}.png")
            raise AssertionError("the hand was not finished in time: " + " | ".join(
                f"{len(hand(p))} cards, {p.locator(TOGETHER + ' .tt-status, ' + TOGETHER + ' .tt-feedback').all_inner_texts()}"
                for _c, p in pages))
        assert seen13 == {0, 1, 2, 3}  # each page showed its own 13 cards (and no other page's: disjoint)
        assert refused_on is not None, "no Somali or Hausa player ever held a card it could not play"
        assert reloaded
        for (_c, page), (lang, viewport) in zip(pages, langs):
            size = "phone" if viewport is PHONE else "desktop"
            full_screenshot(page, artifacts_dir / f"together_hand_over_{lang}_{size}.png")
            assert not overflow_report(page), overflow_report(page)
            assert not page.tt_errors  # type: ignore[attr-defined]
        # the teacher still sees every card not yet played: none, the hand is over
        expect(teacher.locator(f"{TOGETHER} .tt-teacher-cards [data-card]")).to_have_count(0, timeout=WAIT_MS)
    finally:
        for context, _p in pages + pages_extra:
            context.close()


def test_oh_hell_two_people_three_computers_finish_a_hand(browser: Any, app_url: str, tables: ServerThread,
                                                          artifacts_dir: Any) -> None:
    code = tables.open_table("oh_hell", 5, (0, 1))
    pages = [join_page(browser, app_url, tables, code, "en", PHONE),
             join_page(browser, app_url, tables, code, "so", DESKTOP)]
    try:
        tables.deal(code)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            acted = any(act_once(p) for _c, p in pages)
            if all(p.locator(f"{TOGETHER} .tt-tbl-result").count() for _c, p in pages):
                break
            time.sleep(0.3 if acted else 0.6)
        else:
            raise AssertionError("the Oh Hell hand was not finished in time")
        full_screenshot(pages[0][1], artifacts_dir / "together_oh_hell_phone.png")
        full_screenshot(pages[1][1], artifacts_dir / "together_oh_hell_desktop.png")
    finally:
        for context, _p in pages:
            context.close()
