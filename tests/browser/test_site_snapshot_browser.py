"""The static site's kernel starts Python from the site's memory snapshot on a later visit
(scripts/site/start-pyodide.js, made at build time by scripts/site/snapshot.cjs).

* A first visit starts Python the usual way (the snapshot is not downloaded before the app
  starts) and the site's service worker keeps the snapshot with the rest of the offline copy.
* Later visits start from it: an exercise in the lab runs, its check answers, ``print`` shows
  in the notebook, and ``random`` draws differently at each start (its seed is not the build's).
* A snapshot that cannot be used (the offline copy's file replaced by one of another Pyodide
  build, then by bytes that are no snapshot) falls back to the usual start, says so in the
  console, and the app works.

Screenshots: tests/browser/artifacts/site_snapshot_*.png.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from _site import (build_info, guard, offline_copy_complete, python_start)

pytestmark = pytest.mark.browser

START_MS = 180_000
STEP_MS = 30_000
FOLLOW = ".tt-follow-drill"
DRILLS = ".tt-app .lm-TabBar-tab"
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"


#: Replaces the offline copy's snapshot: "buildid", the same memory said to be another Pyodide's
#: (Pyodide refuses it once its module is made); "junk", gzip-compressed bytes that are no snapshot.
BREAK_SNAPSHOT = """async ([path, how]) => {
    const url = new URL(path, location.origin + "/").href;
    for (const name of await caches.keys()) {
        const c = await caches.open(name);
        const kept = await c.match(url);
        if (!kept) continue;
        let raw;
        if (how === "buildid") {
            raw = new Uint8Array(await new Response(kept.body.pipeThrough(new DecompressionStream("gzip")))
                .arrayBuffer());
            raw[16] ^= 0xff;             // the header's build id (Pyodide's snapshot.ts)
        } else {
            raw = new Uint8Array(1 << 20).fill(7);
        }
        await c.put(url, new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"))));
    }
}"""


def _app_answers_a_card(page, url):
    page.goto(url)
    tab = page.locator(DRILLS, has_text="Drills").first
    expect(tab).to_be_visible(timeout=START_MS)
    for _ in range(3):                               # a click while the page still settles can be lost
        tab.click()
        try:
            expect(tab).to_have_attribute("aria-selected", "true", timeout=5_000)
            break
        except AssertionError:
            continue
    card = page.locator(f"{FOLLOW} .tt-row[aria-label^='Your hand'] .tt-card[data-card]").first
    expect(card).to_be_visible(timeout=STEP_MS)
    card.click()
    expect(page.locator(f"{FOLLOW} .tt-feedback .tt-msg").first).not_to_be_empty(timeout=STEP_MS)


def _menu(page, menu, item):
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{menu}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{item}$")).first.click()


def _exercise_draws(page, url) -> str:
    """Opens an exercise in the lab, answers q1 with a cell that also prints a random draw,
    runs all: the check answers; returns the printed draw."""
    page.goto(url + "lab/index.html?path=exercises/ex2_trick_winner.ipynb")
    answer = page.locator(f"{NOTEBOOK} .jp-CodeCell", has_text="answer_q1 = None")
    expect(answer).to_have_count(1, timeout=START_MS)
    answer.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.type("answer_q1 = 'North'\nimport random\nprint('draw', random.random())")
    page.locator(f"{NOTEBOOK} .jp-Cell").first.click()
    page.keyboard.press("Escape")
    _menu(page, "Run", "Run All Cells")
    check = page.locator(f"{NOTEBOOK} .jp-CodeCell", has_text="check('q1')")
    expect(check.locator(".jp-OutputArea-output").first).to_be_visible(timeout=START_MS)
    printed = page.locator(f"{NOTEBOOK} .jp-CodeCell", has_text="answer_q1 = 'North'").locator(
        ".jp-OutputArea-output")
    expect(printed.first).to_contain_text("draw 0.", timeout=STEP_MS)
    return (printed.first.text_content() or "").strip()


def test_a_later_visit_starts_from_the_snapshot_and_a_broken_one_starts_the_usual_way(site, site_browser,
                                                                                        artifacts_dir):
    snapshot = build_info(site.site)["snapshot"]
    assert (site.site / snapshot).is_file()
    context = site_browser.new_context(viewport={"width": 1280, "height": 800})
    wall = guard(context)
    said: list[str] = []
    context.on("console", lambda m: "Trick Tutor: " in m.text and said.append(f"{m.type}: {m.text}"))
    errors: list[str] = []
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # a first visit: the usual start, and the snapshot is not fetched before the app is up
        sent_before = site.bytes_sent
        _app_answers_a_card(page, site.url + "index.html?seed=7")
        assert python_start(page).startswith("usual: no snapshot kept yet"), python_start(page)
        assert site.bytes_sent - sent_before < 30e6
        offline_copy_complete(page)

        # later visits: from the snapshot; the lab's kernel prints, checks and draws afresh
        draws = []
        for visit in range(2):
            draws.append(_exercise_draws(page, site.url))
            assert python_start(page) == "snapshot"
            if visit == 0:
                page.screenshot(path=str(artifacts_dir / "site_snapshot_lab_1280.png"))
        assert draws[0] != draws[1], draws
        _app_answers_a_card(page, site.url + "index.html?seed=7")
        assert python_start(page) == "snapshot"
        assert any(s.startswith("info: Trick Tutor: Python started from the site's snapshot") for s in said), said

        # the offline copy's snapshot cannot be used: the usual start, said in the console; the app works
        for broken, why in (("buildid", "Snapshot build id mismatch"), ("junk", "the kept file is not the snapshot")):
            page.evaluate(BREAK_SNAPSHOT, [snapshot, broken])
            said.clear()
            _app_answers_a_card(page, site.url + "index.html?seed=7")
            assert python_start(page).startswith("usual: starting from the snapshot failed"), python_start(page)
            assert why in python_start(page), python_start(page)
            assert any(s.startswith("warning: Trick Tutor: starting Python from the site's snapshot failed")
                       for s in said), said
        page.screenshot(path=str(artifacts_dir / "site_snapshot_fallback_1280.png"))
    finally:
        context.close()
    assert wall.refused == [], wall.refused
    assert errors == []
