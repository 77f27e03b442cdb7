"""Play with others on the static site (issue 35): Pyodide pages at one table of a table server.

The site (``./dev.sh site``, :mod:`_site`) is served from 127.0.0.1 and opened in a Chromium that
reaches no other address (:func:`_site.offline_launch`); the table server runs in this test's
process on a free port (``ServerThread`` of _together.py, with its teacher client that opens the
table).  Pyodide cannot open a socket: the page's own WebSocket carries the frames
(:mod:`tutor.relay`, ``tutor/static/relay.js`` in the site's wheel) to ``ws://127.0.0.1:PORT``.

A Spades table with two computer players and two people: two site app pages (English at 1280×800,
Somali at 390×844) open the join link (``app.html?table=CODE&server=ws://…``), take a seat each in
"Play with others" and play the whole hand: each page shows only its own cards (13 at the deal, the
two hands disjoint), a refused card is explained on that page (in its language) and on the other
page not at all, each page reloaded mid-hand gets its seat and cards back by itself (the seat token in
localStorage; the Somali page is reloaded with its join link, the English one opened again without
it: the table it sat at is kept too), and no request leaves 127.0.0.1.

A classroom's table server that serves the site itself (``tricktutor tables serve --site _site``):
the app link it prints (``http://…:PORT/voici/…/app.html?table=…&server=ws://…:PORT/ws``) opens
the app from that same port, in Hausa on a phone, and the page sits at the table and is dealt its
13 cards: one server, one port, no other web server.

Screenshots: tests/browser/artifacts/site_together_<step>_<lang>.png.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from _app_page import DESKTOP, PHONE, full_screenshot, overflow_report
from _site import APP_PATH, SiteServer, guard
from _together import HAND, TOGETHER, WAIT_MS, ServerThread, open_section_titled, play_hand, take_first_seat

from engine.text import language
from tutor.app import SECTION_TITLES
from tutor.text import say
from engine_test_helpers import stop_process

pytestmark = pytest.mark.browser

START_MS = 180_000        # Pyodide and the kernel starting on a busy 2-core machine


@pytest.fixture(scope="module")
def tables(tmp_path_factory: Any) -> Any:
    st = ServerThread(str(tmp_path_factory.mktemp("site_tables") / "tables.sqlite3"))
    yield st
    st.stop()


def join_site_page(browser: Any, site: SiteServer, st: ServerThread, code: str, lang: str,
                   viewport: dict) -> tuple[Any, Page, Any]:
    """A site app page opened with the table's join link that takes the first free seat."""
    context = browser.new_context(viewport=viewport)
    walls = guard(context)
    page = context.new_page()
    page.tt_errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.tt_errors.append(str(exc)))  # type: ignore[attr-defined]
    page.goto(f"{site.url}{APP_PATH}?table={code}&server={quote(st.server.url, safe='')}&lang={lang}")
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=START_MS)
    with language(lang):
        open_section_titled(page, say(SECTION_TITLES[-1]))
    take_first_seat(page)
    page.tt_lang = lang  # type: ignore[attr-defined]
    return context, page, walls


def reload_with_link(page: Page) -> None:
    """A site page reloaded mid-hand (its address is the join link): the new kernel gets the seat (and
    its cards) back by itself (the seat token in the site's localStorage), before or after its section
    is opened again."""
    page.reload()
    reopen(page)


def reload_without_link(page: Page) -> None:
    """The site's app opened again mid-hand at its plain address (no join link): once the section is
    opened, the page gets the seat (and its cards) back by itself (the table kept in localStorage)."""
    page.goto(page.url.split("?")[0] + f"?lang={page.tt_lang}")  # type: ignore[attr-defined]
    assert "table=" not in page.url
    reopen(page)


def reopen(page: Page) -> None:
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=START_MS)
    with language(page.tt_lang):  # type: ignore[attr-defined]
        open_section_titled(page, say(SECTION_TITLES[-1]), seated=True)


def test_two_people_and_two_computers_play_a_spades_hand_on_the_site(site: SiteServer, site_browser: Any,
                                                                     tables: ServerThread,
                                                                     artifacts_dir: Any) -> None:
    code = tables.open_table("spades", 4, (0, 1))     # seats 2 and 3: computer players
    langs = (("en", DESKTOP), ("so", PHONE))
    pages: list[tuple[Any, Page, Any]] = []
    try:
        for lang, viewport in langs:   # each takes the first seat no person holds: seats 0 and 1
            pages.append(join_site_page(site_browser, site, tables, code, lang, viewport))
        tables.deal(code)
        for _c, page, _w in pages:
            full_screenshot(page, artifacts_dir / f"site_together_seated_{page.tt_lang}.png")  # type: ignore[attr-defined]
        played = play_hand([p for _c, p, _w in pages], refusers=(0, 1),
                           reloads={0: reload_without_link, 1: reload_with_link},
                           shots=artifacts_dir, prefix="site_together", seconds=400)
        assert played.seen13 == {0, 1}   # each page showed its own 13 cards (and not the other's: disjoint)
        assert played.refused_on is not None, "neither player ever held a card it could not play"
        assert played.reloaded == {0, 1}
        for _c, page, walls in pages:
            full_screenshot(page, artifacts_dir / f"site_together_hand_over_{page.tt_lang}.png")  # type: ignore[attr-defined]
            assert not overflow_report(page), overflow_report(page)
            assert not page.tt_errors  # type: ignore[attr-defined]
            assert walls.refused == []
    finally:
        for context, _p, _w in pages:
            context.close()


def test_the_table_server_serves_the_site_and_its_link_seats_a_phone(site: SiteServer, site_browser: Any,
                                                                   tmp_path: Path, artifacts_dir: Any) -> None:
    repo = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(repo) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", "0", "--db",
                             str(tmp_path / "t.sqlite3"), "--table", "spades:4:3", "--next-hand-delay", "1",
                             "--bot-delay", "0.1", "--site", str(site.site)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=repo,
                            start_new_session=True)
    context = site_browser.new_context(viewport=PHONE)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not any(APP_PATH + "?" in ln for ln in lines):
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else "server ended"
            lines.append(line.strip())
        link = lines[-1].split()[-1]
        ws = lines[0].split()[-1]
        assert link.startswith(ws.replace("ws://", "http://", 1).rsplit("/ws", 1)[0] + "/" + APP_PATH)
        walls = guard(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(link + "&lang=ha")
        expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=START_MS)
        with language("ha"):
            open_section_titled(page, say(SECTION_TITLES[-1]))
        take_first_seat(page)
        look = page.locator(f"{TOGETHER} .tt-look")   # dealt: the cards face down until the player looks (SP-10)
        expect(look).to_be_visible(timeout=WAIT_MS)
        look.click()
        expect(page.locator(HAND)).to_have_count(13, timeout=WAIT_MS)
        full_screenshot(page, artifacts_dir / "site_together_served_by_the_table_server_ha.png")
        assert not errors and walls.refused == []
    finally:
        context.close()
        stop_process(proc)
