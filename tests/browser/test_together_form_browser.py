"""The join form of "Play with others" in real browsers (issue 35): app pages (Voila).

1. The form lines up with the rest of the section: every box (table server, table code, name) starts
   and ends where the "See the table" button and the section's first paragraph do, at 1280×800 and
   390×844, in English and in Somali (longer words); no label is cut and nothing scrolls sideways.

Screenshots: tests/browser/artifacts/together_form_<lang>_<size>.png.
"""
from __future__ import annotations

import time
from typing import Any

import pytest

from _app_page import DESKTOP, PHONE, full_screenshot, open_app, overflow_report
from _together import open_section_titled

from engine.text import language
from tutor.app import SECTION_TITLES
from tutor.text import say

pytestmark = pytest.mark.browser

# Each box of the join form, the button, the first paragraph: [what, left, right] (px); labels cut.
LINES_JS = """() => {
  const t = document.querySelector('.tt-section-play-with-others');
  const edge = (what, e) => { const r = e.getBoundingClientRect(); return [what, r.left, r.right]; };
  const out = {boxes: [], cut: []};
  out.intro = edge('intro', t.querySelector('.tt-section-intro'));
  out.button = edge('button', t.querySelector('.tt-together-connect'));
  for (const row of t.querySelectorAll('.tt-together-form > .widget-text')) {
    const label = row.querySelector('.widget-label');
    out.boxes.push(edge(label.innerText, row.querySelector('input')));
    if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
      out.cut.push(label.innerText);
  }
  return out;
}"""


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
