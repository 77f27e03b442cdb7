"""The teacher's projector view in a real browser (issue 35): a Voila app page with the teacher key
in its link, against a table server in this test's process (a free port, stopped at the end).

The teacher opens a table with the view's button; the class's join link is shown as text and as a
QR code (an SVG); the teacher takes South's computer player out and keeps South for "Amina": the
invitation link (folded away) opens a phone page that has the seat at once, and the teacher's board
names Amina beside South; the hand records download as a file a replay reads; the language menu
redraws the board in Somali on the same connection. Looked at at 1280×800 and 390×844 (no sideways
scroll). The teacher closes a table where a Hausa phone sits: "Close the table" asks first (and "No"
keeps it), "Yes, close it" closes it; the phone's page says so in Hausa and shows its form again.
On the static site (Pyodide: segno there too), the same view opens a table and draws the join link
to the site's own app page and its QR code.
Screenshots: tests/browser/artifacts/teacher_<step>_<size>.png.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from _app_page import DESKTOP, PHONE, full_screenshot, open_app, overflow_report
from _site import APP_PATH, SiteServer
from _together import TOGETHER, WAIT_MS, ServerThread, open_section_titled, take_first_seat
from test_site_play_together_browser import START_MS

from engine.record import game_from_record
from engine.registry import spec_for
from engine.text import language
from tutor.app import SECTION_TITLES
from tutor.play_together import TABLE_CLOSED
from tutor.teacher_view import CLOSE_ASK, CLOSED, HERE
from tutor.text import say

pytestmark = pytest.mark.browser

TEACHER = f"{TOGETHER} .tt-teacher"


@pytest.fixture(scope="module")
def tables(tmp_path_factory: Any) -> Any:
    st = ServerThread(str(tmp_path_factory.mktemp("tables") / "tables.sqlite3"))
    yield st
    st.stop()


def cut_or_outside(page: Any) -> list[str]:
    """The teacher panel's labels cut short and its controls that reach past the panel's right edge."""
    return page.evaluate("""() => {
        const panel = document.querySelector('.tt-teacher');
        const edge = panel.getBoundingClientRect().right + 1;
        const bad = [];
        for (const el of panel.querySelectorAll('.widget-label, .jupyter-button, select, input')) {
            const r = el.getBoundingClientRect();
            if (r.width === 0) continue;
            if (r.right > edge) bad.push('outside: ' + (el.textContent || el.value || el.tagName).trim().slice(0, 40));
            if (el.classList.contains('widget-label') && el.scrollWidth > el.clientWidth + 1)
                bad.push('cut: ' + el.textContent.trim().slice(0, 40));
        }
        return bad;
    }""")


def seat_row(page: Page, seat: int) -> Any:
    return page.locator(f"{TEACHER} .tt-teacher-seat[data-seat='{seat}']")


def open_teacher(browser: Any, app_url: str, tables: ServerThread) -> tuple[Any, Page]:
    """The app on a desktop, opened with the server's address and the teacher key (English)."""
    key = tables.server.hub.teacher_key
    return open_app(browser, f"{app_url}?server={quote(tables.server.url, safe='')}&teacher={key}&lang=en", DESKTOP)


def test_the_teachers_view_on_a_projector_and_a_phone(browser: Any, app_url: str, tables: ServerThread,
                                                      artifacts_dir: Any) -> None:
    tctx, teacher = open_teacher(browser, app_url, tables)
    contexts = [tctx]
    try:
        open_section_titled(teacher, say(SECTION_TITLES[-1]))
        teacher.locator(f"{TEACHER} .tt-teacher-open").click()  # the first game: Spades, 4 seats
        expect(teacher.locator(f"{TEACHER} .tt-teacher-seat")).to_have_count(4, timeout=WAIT_MS)
        code = teacher.locator(f"{TOGETHER} .tt-together-form input").nth(1).input_value()
        assert len(code) == 12
        # the class's join link: the app's page with the table and the server, as text and as a QR code
        link = teacher.locator(f"{TEACHER} .tt-teacher-link a").first
        expect(link).to_contain_text(f"table={code}")
        href = link.get_attribute("href") or ""
        assert href.startswith(app_url.split("?")[0]) and "teacher=" not in href and "server=ws" in href
        qr = teacher.locator(f"{TEACHER} .tt-teacher-qr svg")
        expect(qr).to_be_visible()
        box = qr.bounding_box()
        assert box is not None and box["width"] >= 200 and abs(box["width"] - box["height"]) < 2
        # South's computer player out, South kept for Amina
        teacher.locator(f"{TEACHER} .tt-teacher-seat-choice select").select_option(label="South")
        teacher.locator(f"{TEACHER} .tt-teacher-free").click()
        expect(seat_row(teacher, 2)).to_contain_text("free seat", timeout=WAIT_MS)
        teacher.locator(f"{TEACHER} .tt-teacher-name-box input").fill("Amina")
        teacher.locator(f"{TEACHER} .tt-teacher-invite").click()
        invitation = teacher.locator(f"{TEACHER} .tt-teacher-invitation details")
        expect(invitation).to_be_visible(timeout=WAIT_MS)
        assert not invitation.locator("a").is_visible()  # folded: not on the projector
        expect(seat_row(teacher, 2)).to_contain_text("Amina")
        full_screenshot(teacher, artifacts_dir / "teacher_board_desktop.png")
        assert overflow_report(teacher) == []
        invite = invitation.locator("a").get_attribute("href") or ""
        assert "seat_token=" in invite and f"table={code}" in invite
        # Amina's phone opens her invitation link: her seat at once, her cards on her page
        pctx, phone = open_app(browser, invite, PHONE)
        contexts.append(pctx)
        expect(phone.locator(f"{TOGETHER} .tt-remote-table")).to_be_visible(timeout=WAIT_MS)
        expect(seat_row(teacher, 2)).to_contain_text("connected", timeout=WAIT_MS)
        # the teacher deals (the test server's pause before a hand is 60 s: a table would deal by itself
        # only then, as long as the wait below, which made this test a race)
        expect(teacher.locator(f"{TEACHER} .tt-teacher-cards [data-card]")).to_have_count(0)
        teacher.locator(f"{TEACHER} .tt-teacher-deal").click()
        expect(teacher.locator(f"{TEACHER} .tt-teacher-cards [data-card]")).to_have_count(52, timeout=WAIT_MS)
        # the hand records: a file that a replay reads
        teacher.locator(f"{TEACHER} .tt-teacher-records").click()
        download_link = teacher.locator(f"{TEACHER} .tt-teacher-download a.tt-download")
        expect(download_link).to_be_visible(timeout=WAIT_MS)
        with teacher.expect_download() as got:
            download_link.click()
        assert got.value.suggested_filename == f"tricktutor-table-{code}.json"
        record = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        assert game_from_record(record, auto_deal=False).n_seats == 4
        # the teacher's page on a phone: no sideways scroll
        teacher.set_viewport_size(PHONE)
        full_screenshot(teacher, artifacts_dir / "teacher_board_phone.png")
        assert overflow_report(teacher) == []
        teacher.set_viewport_size(DESKTOP)
        # another language: the board redrawn in Somali, on the same connection
        teacher.locator(".tt-language select").select_option(label="Soomaali")
        with language("so"):
            south, connected = spec_for("spades", 4).seat_name(2), say(HERE)
        expect(seat_row(teacher, 2)).to_contain_text(south, timeout=WAIT_MS)
        expect(seat_row(teacher, 2)).to_contain_text(connected)
        expect(seat_row(teacher, 2)).to_contain_text("Amina")
        expect(teacher.locator(f"{TEACHER} .tt-teacher-cards [data-card]")).to_have_count(52)
        expect(teacher.locator(f"{TEACHER} .tt-teacher-qr svg")).to_be_visible()
        full_screenshot(teacher, artifacts_dir / "teacher_board_so_desktop.png")
        # on a phone, in Somali: every control inside the panel, every label whole (none cut to a word)
        teacher.set_viewport_size(PHONE)
        full_screenshot(teacher, artifacts_dir / "teacher_board_so_phone.png")
        assert overflow_report(teacher) == []
        assert cut_or_outside(teacher) == [], cut_or_outside(teacher)
        teacher.set_viewport_size(DESKTOP)
        assert teacher.tt_errors == [] and phone.tt_errors == []  # type: ignore[attr-defined]
    finally:
        for c in contexts:
            c.close()


def test_the_teacher_closes_a_table_and_a_hausa_phone_is_told(browser: Any, app_url: str, tables: ServerThread,
                                                                artifacts_dir: Any) -> None:
    tctx, teacher = open_teacher(browser, app_url, tables)
    contexts = [tctx]
    try:
        open_section_titled(teacher, say(SECTION_TITLES[-1]))
        close = teacher.locator(f"{TEACHER} .tt-teacher-close")
        expect(close).to_be_disabled()  # no table shown yet
        teacher.locator(f"{TEACHER} .tt-teacher-open").click()
        expect(teacher.locator(f"{TEACHER} .tt-teacher-seat")).to_have_count(4, timeout=WAIT_MS)
        code = teacher.locator(f"{TOGETHER} .tt-together-form input").nth(1).input_value()
        # a Hausa phone takes a seat (before the first deal: a computer player's seat is free for a person)
        pctx, phone = open_app(browser, f"{app_url}?table={code}&server={quote(tables.server.url, safe='')}&lang=ha",
                               PHONE)
        contexts.append(pctx)
        with language("ha"):
            open_section_titled(phone, say(SECTION_TITLES[-1]))
        take_first_seat(phone)
        expect(seat_row(teacher, 0)).to_contain_text("connected", timeout=WAIT_MS)
        # the first click asks; "No" keeps the table
        ask = teacher.locator(f"{TEACHER} .tt-teacher-close-ask")
        close.click()
        expect(ask).to_have_text(say(CLOSE_ASK, code=code), timeout=WAIT_MS)
        expect(close).to_be_disabled()
        full_screenshot(teacher, artifacts_dir / "teacher_close_ask_desktop.png")
        assert overflow_report(teacher) == []
        teacher.set_viewport_size(PHONE)
        teacher.locator(f"{TEACHER} .tt-teacher-close-yes").scroll_into_view_if_needed()
        full_screenshot(teacher, artifacts_dir / "teacher_close_ask_phone.png")
        assert overflow_report(teacher) == []
        teacher.set_viewport_size(DESKTOP)
        teacher.locator(f"{TEACHER} .tt-teacher-close-no").click()
        expect(ask).to_have_count(0, timeout=WAIT_MS)
        expect(teacher.locator(f"{TEACHER} .tt-teacher-seat")).to_have_count(4)
        expect(phone.locator(f"{TOGETHER} .tt-remote-table")).to_be_visible()
        # asked again and confirmed: closed, for the teacher and the phone
        close.click()
        teacher.locator(f"{TEACHER} .tt-teacher-close-yes").click()
        expect(teacher.locator(f"{TEACHER} .tt-teacher-seat")).to_have_count(0, timeout=WAIT_MS)
        expect(teacher.locator(TEACHER)).to_contain_text(say(CLOSED, code=code))
        expect(teacher.locator(f"{TEACHER} .tt-teacher-qr svg")).to_have_count(0)
        expect(close).to_be_disabled()
        full_screenshot(teacher, artifacts_dir / "teacher_closed_desktop.png")
        with language("ha"):
            told = say(TABLE_CLOSED)
        expect(phone.locator(f"{TOGETHER} .tt-together-status")).to_have_text(told, timeout=WAIT_MS)
        expect(phone.locator(f"{TOGETHER} .tt-remote-table")).to_have_count(0)
        expect(phone.locator(f"{TOGETHER} .tt-together-connect")).to_be_visible()
        expect(phone.locator(f"{TOGETHER} .tt-together-join")).to_be_hidden()
        full_screenshot(phone, artifacts_dir / "together_closed_ha_phone.png")
        assert overflow_report(phone) == []
        phone.set_viewport_size(DESKTOP)
        full_screenshot(phone, artifacts_dir / "together_closed_ha_desktop.png")
        # the teacher opens a new table at once
        teacher.locator(f"{TEACHER} .tt-teacher-open").click()
        expect(teacher.locator(f"{TEACHER} .tt-teacher-seat")).to_have_count(4, timeout=WAIT_MS)
        expect(close).to_be_enabled()
        assert teacher.tt_errors == [] and phone.tt_errors == []  # type: ignore[attr-defined]
    finally:
        for c in contexts:
            c.close()


def test_the_teachers_view_on_the_static_site(site: SiteServer, site_browser: Any, tables: ServerThread,
                                              artifacts_dir: Any) -> None:
    key = tables.server.hub.teacher_key
    context = site_browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.tt_errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda exc: page.tt_errors.append(str(exc)))  # type: ignore[attr-defined]
        page.goto(f"{site.url}{APP_PATH}?server={quote(tables.server.url, safe='')}&teacher={key}&lang=en")
        expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=START_MS)
        open_section_titled(page, say(SECTION_TITLES[-1]))
        page.locator(f"{TEACHER} .tt-teacher-open").click()
        expect(page.locator(f"{TEACHER} .tt-teacher-seat")).to_have_count(4, timeout=WAIT_MS)
        expect(page.locator(f"{TEACHER} .tt-teacher-qr svg")).to_be_visible()
        href = page.locator(f"{TEACHER} .tt-teacher-link a").first.get_attribute("href") or ""
        assert href.startswith(f"{site.url}{APP_PATH}?table=") and "server=ws" in href, href
        full_screenshot(page, artifacts_dir / "teacher_site_desktop.png")
        assert overflow_report(page) == [] and page.tt_errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
