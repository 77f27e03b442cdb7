"""The static site offline, after any time (issue 33).

One first visit to the app (``index.html?lang=so``) while the server runs; then the
server stops and the browser's HTTP cache is cleared (Chrome DevTools Protocol
``Network.clearBrowserCache``: what an expired cache, days later, leaves; the
service worker and its cache stay).  With nothing but the service worker's cache:

* ``index.html`` opens the app, and a reload opens it again: each time Python starts
  from the site's memory snapshot (kept with the rest) and a card of the Follow suit
  drill is clicked and answered;
* a chapter in the page's language (Somali) opens in the lab and its first code cell runs;
* a page never opened online says what is not available offline (no browser error page).

Screenshots: tests/browser/artifacts/site_offline_*.png.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.text import language
from tutor.app import SECTION_TITLES, SECTIONS  # the page's sections, one tab each
from tutor.text import say
from _site import APP_PATH, build_info, guard, offline_copy_complete, python_start

pytestmark = pytest.mark.browser

START_MS = 180_000
STEP_MS = 30_000
MAIN_TABS = ".tt-app > .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab"
FOLLOW = ".tt-follow-drill"


def _app_answers_a_card(page, lang="so"):
    """The app is up, in ``lang``: the Drills tab's first card is clicked and answered."""
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=START_MS)
    expect(page.locator(MAIN_TABS)).to_have_count(len(SECTIONS))
    drills = page.locator(MAIN_TABS).nth(1)          # Drills
    with language(lang):
        title = say(SECTION_TITLES[1])
    # ?lang=so reaches the kernel after the page first shows (PageQuery): the page is laid out again in
    # Somali, and a click made before that can be lost in the change; click once the page speaks it
    expect(drills).to_have_text(title, timeout=START_MS)
    for _ in range(3):                               # a click while the page still settles can be lost
        drills.click()
        try:
            expect(drills).to_have_attribute("aria-selected", "true", timeout=5_000)
            break
        except AssertionError:
            continue
    expect(drills).to_have_attribute("aria-selected", "true")
    card = page.locator(f"{FOLLOW} .tt-row[aria-label] .tt-card[data-card]").last
    expect(card).to_be_visible(timeout=STEP_MS)
    card.click()
    expect(page.locator(f"{FOLLOW} .tt-feedback .tt-msg").first).not_to_be_empty(timeout=STEP_MS)


def _worker_ready(page):
    """Waits until the service worker controls the page and its cache is complete (the list
    of files is the last entry it writes); returns the caches' names and that cache's size."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=START_MS)
    offline_copy_complete(page, START_MS / 1000)
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter(n => /^tricktutor-(?!runtime)/.test(n));
        const c = await caches.open(names[0]);
        return {names, count: (await c.keys()).length};
    }""")


def test_the_site_opens_and_reloads_offline_after_the_http_cache_is_gone(site, site_browser, artifacts_dir):
    info = build_info(site.site)
    context = site_browser.new_context(viewport={"width": 1280, "height": 800})
    wall = guard(context)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site.url + "index.html?lang=so&seed=3")
        _app_answers_a_card(page)
        kept = _worker_ready(page)
        # every file the build listed, and the list itself
        assert len(kept["names"]) == 1 and kept["count"] == info["offline_files"] + 1, kept
        print(f"first visit: {site.bytes_sent / 1e6:.1f} MB sent; the service worker keeps "
              f"{info['offline_files']} files, {info['offline_bytes'] / 1e6:.1f} MB")

        site.stop()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.clearBrowserCache")
        try:
            for visit in ("open", "reload"):
                if visit == "open":
                    page.goto(site.url + "index.html?lang=so&seed=3")
                else:
                    page.reload()
                assert APP_PATH in page.url
                _app_answers_a_card(page)
                assert python_start(page) == "snapshot"        # kept with the offline copy
                cdp.send("Network.clearBrowserCache")
            page.screenshot(path=str(artifacts_dir / "site_offline_app_1280.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(artifacts_dir / "site_offline_app_390.png"))
            page.set_viewport_size({"width": 1280, "height": 800})

            # a chapter of the page's language opens in the lab and runs
            page.goto(site.url + "lab/index.html?path=notebooks/so/01_cards_and_tricks.ipynb")
            code = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").first
            expect(code).to_be_visible(timeout=START_MS)
            expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) h1").first).to_contain_text("01 ·")
            code.click()
            page.keyboard.press("Shift+Enter")
            expect(code.locator(".jp-InputArea-prompt")).to_contain_text("[1]", timeout=START_MS)
            page.screenshot(path=str(artifacts_dir / "site_offline_chapter_1280.png"))

            # a page never fetched online: a page that says so, not the browser's error
            response = page.goto(site.url + "voici/render/notebooks/00_welcome.html")
            assert response is not None and response.status == 503
            expect(page.locator("body")).to_contain_text("not available offline")
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(artifacts_dir / "site_offline_missing_390.png"))
            with page.expect_navigation():
                page.get_by_role("link", name="the app").click()
            _app_answers_a_card(page, "en")                    # its link has no ?lang=
        finally:
            site.start()
    finally:
        context.close()
    assert wall.refused == [], wall.refused
    assert errors == [], errors
