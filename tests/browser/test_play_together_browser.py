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

import time
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from _app_page import DESKTOP, PHONE, full_screenshot, open_app, overflow_report
from _together import TOGETHER, WAIT_MS, ServerThread, act_once, open_section_titled, play_hand, take_first_seat

from engine.text import language
from tutor.app import SECTION_TITLES
from tutor.text import say

pytestmark = pytest.mark.browser


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
    take_first_seat(page)
    page.tt_lang = lang  # type: ignore[attr-defined]
    return context, page


def reload_with_link(page: Page) -> None:
    """Reload the page (its address is the join link) and open the section again."""
    page.reload()
    open_section_titled(page, say(SECTION_TITLES[-1]), seated=True)


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
        played = play_hand([p for _c, p in pages], refusers=(1, 2), reloads={3: reload_with_link},
                           shots=artifacts_dir, prefix="together", seconds=300)
        assert played.seen13 == {0, 1, 2, 3}  # each page showed its own 13 cards (and no other page's: disjoint)
        assert played.refused_on is not None, "no Somali or Hausa player ever held a card it could not play"
        assert played.reloaded == {3}
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
