"""Helpers shared by the "Play with others" browser tests (issue 35), app pages (Voila) and site pages
(Pyodide) alike.  Not a test module (the leading underscore keeps pytest from collecting it).

* :class:`ServerThread` — the table server in a thread of the test's process, with a teacher client
  that opens tables, frees seats for people and deals.
* :func:`open_section_titled`, :func:`take_first_seat`, :func:`hand`, :func:`act_once`.
* :func:`play_hand` — the pages at one table play a whole hand: one page of another language is refused
  a card (explained there only), pages are reloaded mid-hand and have their seats and cards back, the
  hands shown are disjoint; it returns what it saw (:class:`PlayedHand`).
"""
from __future__ import annotations

import asyncio
import pathlib
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from playwright.sync_api import Page, expect

from _app_page import full_screenshot, main_tab

from engine.text import language
from tutor.session import NOT_ALLOWED
from tutor.tables_server.client import TableClient
from tutor.tables_server.hub import Settings
from tutor.tables_server.server import start
from tutor.text import say

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


def open_section_titled(page: Page, title: str, seated: bool = False) -> None:
    """open_section for a title in the page's language (the section's class is the English one).
    ``seated``: a page whose seat token takes its seat back by itself, where the join form is folded
    away (a join link opens the page on this section, so that may be done before the tab is clicked)."""
    main_tab(page, title).click()
    expect(page.locator(TOGETHER)).to_be_visible()
    if not seated:
        expect(page.locator(f"{TOGETHER} .tt-together-connect")).to_be_visible(timeout=WAIT_MS)


def take_first_seat(page: Page) -> None:
    """Press "See the table", choose the first free seat, press Join; the table shows."""
    page.locator(f"{TOGETHER} .tt-together-connect").click()
    seat = page.locator(f"{TOGETHER} .tt-together-seat button").first
    expect(seat).to_be_visible(timeout=WAIT_MS)
    seat.click()
    page.locator(f"{TOGETHER} .tt-together-join").click()
    expect(page.locator(f"{TOGETHER} .tt-remote-table")).to_be_visible(timeout=WAIT_MS)


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


@dataclass
class PlayedHand:
    """What :func:`play_hand` saw: the pages (their index) that showed 13 cards, the page refused a card
    (None: none was), the pages reloaded."""
    seen13: set[int] = field(default_factory=set)
    refused_on: int | None = None
    reloaded: set[int] = field(default_factory=set)


def _refuse_a_card(pages: Sequence[Page], i: int, cards: list[str], shots: pathlib.Path, prefix: str) -> bool:
    """Page ``i`` clicks a card the table does not mark playable (if it holds one): the refusal is
    explained on that page in its language and on no other page.  True when it was done."""
    page = pages[i]
    playable = set(page.locator(PLAYABLE).evaluate_all("els => els.map(e => e.dataset.card)"))
    bad = [c for c in cards if c not in playable]
    if not bad:
        return False
    page.locator(f"{HAND}[data-card='{bad[0]}']").click()
    fb = page.locator(f"{TOGETHER} .tt-feedback .tt-error")
    expect(fb).to_be_visible(timeout=WAIT_MS)
    with language(page.tt_lang):  # type: ignore[attr-defined]
        head = say(NOT_ALLOWED, reason="|").split("|")[0].strip()
    assert head and head in fb.inner_text()
    for j, other in enumerate(pages):
        if j != i:
            assert other.locator(f"{TOGETHER} .tt-feedback .tt-error").count() == 0
    full_screenshot(page, shots / f"{prefix}_refused_{page.tt_lang}.png")  # type: ignore[attr-defined]
    return True


def play_hand(pages: Sequence[Page], *, refusers: Sequence[int], reloads: Mapping[int, Callable[[Page], None]],
              shots: pathlib.Path, prefix: str, seconds: float) -> PlayedHand:
    """The pages (seated at one table, the hand dealt) play it to its end, each doing whatever its
    player has to do (:func:`act_once`).  On the way, the first page of ``refusers`` holding a card it
    cannot play clicks it (:func:`_refuse_a_card`); each page ``i`` of ``reloads`` is reloaded once it
    shows 9 cards or fewer, but some (cards face down before the bidding show none), with
    ``reloads[i](page)`` (it reloads the page and opens the section again), and the page must show the
    same cards by itself.  After each round the hands shown must be disjoint; the hand is over when no page holds a
    card and every page shows the result.
    Screenshots: ``shots/<prefix>_refused_<lang>.png``, ``<prefix>_stuck_<i>.png`` when the hand was
    not finished in ``seconds``."""
    seen = PlayedHand()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        acted = False
        for i, page in enumerate(pages):
            cards = hand(page)
            if seen.refused_on is None and i in refusers and page.locator(PLAYABLE).count():
                if _refuse_a_card(pages, i, cards, shots, prefix):
                    seen.refused_on = i
            if i in reloads and i not in seen.reloaded and 0 < len(cards) <= 9:  # cards shown, some played
                # a reload mid-hand: the page gets its seat (and its cards) back by itself
                reloads[i](page)
                expect(page.locator(HAND)).to_have_count(len(cards), timeout=WAIT_MS)
                assert sorted(hand(page)) == sorted(cards)
                seen.reloaded.add(i)
            if act_once(page):
                acted = True
                time.sleep(0.3)
        hands = [set(hand(p)) for p in pages]
        seen.seen13 |= {i for i, h in enumerate(hands) if len(h) == 13}
        assert all(not (hands[a] & hands[b]) for a in range(len(hands)) for b in range(a + 1, len(hands))), hands
        if all(not h for h in hands) and all(p.locator(f"{TOGETHER} .tt-tbl-result").count() for p in pages):
            return seen
        if not acted:
            time.sleep(0.5)
    for i, page in enumerate(pages):
        full_screenshot(page, shots / f"{prefix}_stuck_{i}.png")
    raise AssertionError("the hand was not finished in time: " + " | ".join(
        f"{len(hand(p))} cards, {p.locator(TOGETHER + ' .tt-status, ' + TOGETHER + ' .tt-feedback').all_inner_texts()}"
        for p in pages))
