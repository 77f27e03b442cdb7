"""The join form of "Play with others" in real browsers (issue 35): app pages (Voila).

1. The form lines up with the rest of the section: every box (table server, table code, name) starts
   and ends where the "See the table" button and the section's first paragraph do, at 1280×800 and
   390×844, in English and in Somali (longer words); no label is cut and nothing scrolls sideways.
   So does the choice of a seat, once shown (checked in 2, which has a table server).
2. A page opened without a join link, where the learner typed the server's address, the table code and
   a name and took a seat, then reloaded (the address still without the link): once "Play with others"
   is opened again, the seat is back by itself (the same cards, no click) and the form holds what was
   typed (the table server's address, the table code and the name; the browser's localStorage).

Screenshots: tests/browser/artifacts/together_form_<lang>_<size>.png, together_back_<step>.png.
"""
from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from _app_page import DESKTOP, PHONE, full_screenshot, open_app, overflow_report
from _together import HAND, TOGETHER, WAIT_MS, ServerThread, act_once, hand, open_section_titled, take_first_seat

from engine.text import language
from tutor.app import SECTION_TITLES
from tutor.text import say

pytestmark = pytest.mark.browser

# Each box of the join form, the button, the first paragraph, the seat choice's label (once shown):
# [what, left, right] (px); labels cut.
LINES_JS = """() => {
  const t = document.querySelector('.tt-section-play-with-others');
  const edge = (what, e) => { const r = e.getBoundingClientRect(); return [what, r.left, r.right]; };
  const out = {boxes: [], cut: []};
  out.intro = edge('intro', t.querySelector('.tt-section-intro'));
  out.button = edge('button', t.querySelector('.tt-together-connect'));
  const seat = t.querySelector('.tt-together-seat > .widget-label');
  if (seat && seat.getBoundingClientRect().width) out.seat = edge('seat', seat);
  for (const row of t.querySelectorAll('.tt-together-form > .widget-text')) {
    const label = row.querySelector('.widget-label');
    out.boxes.push(edge(label.innerText, row.querySelector('input')));
    if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
      out.cut.push(label.innerText);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def tables(tmp_path_factory: Any) -> Any:
    st = ServerThread(str(tmp_path_factory.mktemp("form_tables") / "tables.sqlite3"))
    yield st
    st.stop()


@pytest.mark.parametrize("lang", ["en", "so"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_join_form_lines_up_with_the_section(browser: Any, app_url: str, artifacts_dir: Any, lang: str,
                                                 size: str) -> None:
    context, page = open_app(browser, f"{app_url}?lang={lang}", DESKTOP if size == "desktop" else PHONE)
    try:
        with language(lang):
            open_section_titled(page, say(SECTION_TITLES[-1]))
        time.sleep(0.5)
        full_screenshot(page, artifacts_dir / f"together_form_{lang}_{size}.png")
        lines = page.evaluate(LINES_JS)
        assert len(lines["boxes"]) >= 3, lines
        _w, left, right = lines["button"]
        assert abs(lines["intro"][1] - left) <= 1, lines
        for what, box_left, box_right in lines["boxes"]:
            assert abs(box_left - left) <= 1 and abs(box_right - right) <= 1, (what, lines)
        assert not lines["cut"], lines
        assert not overflow_report(page), overflow_report(page)
        assert not page.tt_errors  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_reload_without_the_join_link_takes_the_seat_back(browser: Any, app_url: str, tables: ServerThread,
                                                            artifacts_dir: Any) -> None:
    code = tables.open_table("spades", 4, (0,))     # seats 1, 2, 3: computer players
    title = say(SECTION_TITLES[-1])
    context, page = open_app(browser, app_url, PHONE)
    try:
        open_section_titled(page, title)
        boxes = page.locator(f"{TOGETHER} .tt-together-form > .widget-text input")
        boxes.nth(0).fill(tables.server.url)
        boxes.nth(1).fill(code)
        boxes.nth(2).fill("Asha")
        page.locator(f"{TOGETHER} .tt-together-connect").click()
        expect(page.locator(f"{TOGETHER} .tt-together-seat button").first).to_be_visible(timeout=WAIT_MS)
        lines = page.evaluate(LINES_JS)   # the seat choice lines up with the form too
        assert abs(lines["seat"][1] - lines["button"][1]) <= 1, lines
        full_screenshot(page, artifacts_dir / "together_back_seats.png")
        take_first_seat(page)
        tables.deal(code)
        deadline = time.monotonic() + 120
        while len(hand(page)) != 12 and time.monotonic() < deadline:   # look, bid, play a card
            act_once(page)
            time.sleep(0.5)   # the kernel answers: the button pressed goes away
        cards = hand(page)
        assert len(cards) == 12, cards
        status = page.locator(f"{TOGETHER} .tt-together-status").inner_text()
        full_screenshot(page, artifacts_dir / "together_back_before.png")
        page.reload()   # the page's address has no join link: nothing in it names the server or the table
        expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=WAIT_MS)
        assert "table=" not in page.url and "server=" not in page.url
        open_section_titled(page, title, seated=True)
        expect(page.locator(HAND)).to_have_count(12, timeout=WAIT_MS)
        assert sorted(hand(page)) == sorted(cards)
        expect(page.locator(f"{TOGETHER} .tt-together-status")).to_have_text(status)
        assert [boxes.nth(i).input_value() for i in range(3)] == [tables.server.url, code, "Asha"]
        full_screenshot(page, artifacts_dir / "together_back_after.png")
        assert not page.tt_errors  # type: ignore[attr-defined]
    finally:
        context.close()
