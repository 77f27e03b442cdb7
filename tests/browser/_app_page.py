"""Helpers shared by the app's layout, accessibility and keyboard browser tests.

Not a test module (the leading underscore keeps pytest from collecting it);
the test modules import it by name (pytest puts this folder on ``sys.path``).

* :func:`start_app` — a Voila server for ``notebooks/app.ipynb`` with
  reproducible deals (``$TRICKTUTOR_SEED``), through the ``voila_server``
  fixture of ``conftest.py`` (so it is stopped at the end of the session).
* :func:`open_app` — a fresh browser context at a viewport, the page loaded
  until the app's header shows; errors thrown in the page are collected.
* :func:`open_section`, :func:`open_drill`, :func:`look_at_spades_hand`.
* :func:`overflow_report` — every way the page could scroll sideways.
* :func:`small_targets` — visible controls smaller than 44 × 44 px.
* :func:`full_screenshot` — the whole page (Voila scrolls an inner element,
  so the viewport is grown to the content first).
"""
from __future__ import annotations

import os
import pathlib
import re
import time

from playwright.sync_api import Page, expect

from tutor.app import SECTIONS, TrickTutorApp

REPO = pathlib.Path(__file__).resolve().parents[2]
APP = REPO / "notebooks" / "app.ipynb"
SEED = "7"
KERNEL_TIMEOUT_MS = 120_000
ROUND_TRIP_MS = 20_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
DRILLS = tuple(TrickTutorApp.DRILL_TITLES)   # every drill the app offers
MIN_TARGET = 44.0

MAIN_TABS = ".tt-app > .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab"
DRILL_TABS = ".tt-drill-tabs > .lm-TabBar .lm-TabBar-tab"
SPADES = ".tt-play-spades"
SPADES_HAND = f"{SPADES} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"


def start_app(voila_server) -> str:
    old = os.environ.get("TRICKTUTOR_SEED")
    os.environ["TRICKTUTOR_SEED"] = SEED          # inherited by Voila and its kernel
    try:
        return voila_server(APP)
    finally:
        if old is None:
            os.environ.pop("TRICKTUTOR_SEED", None)
        else:
            os.environ["TRICKTUTOR_SEED"] = old


def open_app(browser, url: str, viewport: dict) -> tuple[object, Page]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.tt_errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.tt_errors.append(str(exc)))  # type: ignore[attr-defined]
    page.set_default_timeout(ROUND_TRIP_MS)
    page.goto(url)
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=KERNEL_TIMEOUT_MS)
    expect(page.locator(MAIN_TABS)).to_have_count(len(SECTIONS))
    return context, page


def main_tab(page: Page, title: str):
    return page.locator(MAIN_TABS, has_text=title).first


def open_section(page: Page, title: str) -> None:
    """Click a section's tab and wait until its content is built."""
    main_tab(page, title).click()
    expect(main_tab(page, title)).to_have_attribute("aria-selected", "true")
    box = page.locator(".tt-section-" + title.lower().replace(" ", "-"))
    expect(box).to_be_visible()
    expect(box.locator(".tt-loading:visible")).to_have_count(0, timeout=ROUND_TRIP_MS)
    time.sleep(0.5)   # let the section's widgets finish rendering


def open_drill(page: Page, title: str) -> None:
    tab = page.locator(DRILL_TABS, has_text=title).first
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    expect(page.locator(".tt-drill-tabs .tt-loading:visible")).to_have_count(0, timeout=ROUND_TRIP_MS)
    time.sleep(0.5)


def look_at_spades_hand(page: Page) -> None:
    look = page.locator(SPADES).get_by_role("button", name="Look at my cards")
    if look.count() and look.is_visible():
        look.click()
    expect(page.locator(SPADES_HAND)).to_have_count(13)


# Every element that could make the page scroll sideways: the document, and each
# scrolling box that holds the app (Voila scrolls an inner panel, not the body).
OVERFLOW_JS = """() => {
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollWidth > innerWidth) out.push(`document: ${doc.scrollWidth} > ${innerWidth}`);
  const app = document.querySelector('.tt-app');
  for (let e = app; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (e.scrollWidth > e.clientWidth + 1 && cs.overflowX !== 'visible' && cs.overflowX !== 'hidden'
        && cs.overflowX !== 'clip')
      out.push(`${e.tagName}.${String(e.className).slice(0, 60)}: scrollWidth ${e.scrollWidth} > ${e.clientWidth}`);
    if (e.scrollLeft > 0) out.push(`${e.tagName}.${String(e.className).slice(0, 60)}: scrolled ${e.scrollLeft}px sideways`);
  }
  const r = app.getBoundingClientRect();
  if (r.left < 0 || r.right > innerWidth + 0.5) out.push(`.tt-app spans ${r.left}..${r.right}`);
  return out;
}"""


def overflow_report(page: Page) -> list[str]:
    """Why the page scrolls sideways ([] when it does not)."""
    return page.evaluate(OVERFLOW_JS)


# Visible controls of the app and their size.  Each entry: [kind, name, width, height, left, right].
TARGETS_JS = """() => {
  const seen = new Set(); const out = [];
  const visible = (e) => { const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let a = e; a; a = a.parentElement) { const cs = getComputedStyle(a);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false; }
    return true; };
  const add = (kind, e, box) => { if (seen.has(e) || !visible(e)) return; seen.add(e);
    const r = (box || e).getBoundingClientRect();
    const name = (e.getAttribute('aria-label') || e.innerText || e.value || e.title || '').trim().slice(0, 40);
    out.push([kind, name, r.width, r.height, r.left, r.right]); };
  const app = document.querySelector('.tt-app');
  for (const e of app.querySelectorAll('.lm-TabBar-tab')) add('tab', e);
  for (const e of app.querySelectorAll('button, .jupyter-button')) add('button', e);
  for (const e of app.querySelectorAll('input[type=text], input[type=number], select, textarea')) add('field', e);
  for (const e of app.querySelectorAll('input[type=checkbox]')) add('checkbox', e, e.closest('label') || e);
  for (const e of app.querySelectorAll('summary')) add('summary', e);
  for (const e of app.querySelectorAll('.tt-row[role=toolbar] .tt-card[data-card]')) add('card', e);
  return out;
}"""


def controls(page: Page) -> list[list]:
    return page.evaluate(TARGETS_JS)


def small_targets(page: Page, minimum: float = MIN_TARGET) -> list[list]:
    """Visible controls (tabs, buttons, fields, checkbox labels, summaries,
    clickable cards) narrower or lower than ``minimum`` px, or sticking out
    of the viewport sideways."""
    width = page.viewport_size["width"]
    return [c for c in controls(page)
            if c[2] < minimum - 0.5 or c[3] < minimum - 0.5 or c[4] < -0.5 or c[5] > width + 0.5]


def card_rows(page: Page, cards_selector: str) -> list[int]:
    """Cards per visual row (top to bottom) of the cards matched."""
    bottoms = page.eval_on_selector_all(
        cards_selector, "els => els.map(e => e.getBoundingClientRect().bottom)")
    rows: list[list[float]] = []
    for b in sorted(bottoms):
        if rows and b - rows[-1][-1] <= 12:     # raised (playable) cards sit a little higher
            rows[-1].append(b)
        else:
            rows.append([b])
    return [len(r) for r in rows]


def full_screenshot(page: Page, path: pathlib.Path) -> None:
    """The whole page: Voila's page scrolls an inner element, so Playwright's
    ``full_page=True`` only gets the viewport; grow the viewport to the content."""
    size = page.viewport_size
    height = page.evaluate("""() => { const app = document.querySelector('.tt-app');
        let top = 0; for (let e = app; e; e = e.parentElement) top += e.scrollTop || 0;
        return Math.ceil(app.getBoundingClientRect().bottom + top + 24); }""")
    page.set_viewport_size({"width": size["width"], "height": min(max(height, size["height"]), 12_000)})
    try:
        time.sleep(0.3)
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
