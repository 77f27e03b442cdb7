"""The static site's lab (JupyterLite, Python in the browser): the chapters and a class set.

* Run All in a chapter that makes pandas tables (05, 11) runs every code cell:
  a cell that needs pandas prints the note saying why (tutor.rows.pandas_or_note)
  and the rest runs; no request of the page is answered 404 (no /favicon.ico, no
  api/contents/…/all.json for the kernel's own files).

Screenshots: tests/browser/artifacts/site_lab_*.png.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from _site import SiteServer, build_site, guard, offline_launch

pytestmark = pytest.mark.browser

START_MS = 180_000
STEP_MS = 30_000
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"


@pytest.fixture(scope="module")
def site():
    path = build_site()
    server = SiteServer(path).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def site_browser(browser_type, browser_type_launch_args):
    b = browser_type.launch(**offline_launch(browser_type_launch_args))
    yield b
    b.close()


def _menu(page, menu, item):
    """Choose ``item`` in JupyterLab's menu bar menu ``menu``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{menu}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{item}$")).first.click()


def _run_all(page):
    page.locator(f"{NOTEBOOK} .jp-Cell").first.click()
    page.keyboard.press("Escape")
    _menu(page, "Run", "Run All Cells")


def _prompts(page) -> list[str]:
    return [p.strip() for p in page.locator(f"{NOTEBOOK} .jp-CodeCell .jp-InputArea-prompt").all_text_contents()]


@pytest.mark.parametrize("chapter", ["11_spades_house_rules.ipynb", "05_spades_scoring.ipynb"])
def test_run_all_goes_past_the_pandas_cells(site, site_browser, artifacts_dir, chapter):
    context = site_browser.new_context(viewport={"width": 1280, "height": 800})
    wall = guard(context)
    missing: list[str] = []
    context.on("response", lambda r: r.status == 404 and missing.append(r.url))
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    try:
        page.goto(site.url + f"lab/index.html?path=notebooks/{chapter}")
        expect(page.locator(f"{NOTEBOOK} .jp-CodeCell").first).to_be_visible(timeout=START_MS)
        nb = json.loads((site.site / "files" / "notebooks" / chapter).read_text(encoding="utf-8"))
        count = sum(c["cell_type"] == "code" for c in nb["cells"])
        code_cells = page.locator(f"{NOTEBOOK} .jp-CodeCell")
        expect(code_cells).to_have_count(count)
        _run_all(page)
        last = code_cells.nth(count - 1).locator(".jp-InputArea-prompt")
        expect(last).to_have_text(re.compile(r"\[\d+\]"), timeout=START_MS)
        prompts = _prompts(page)
        assert all(re.fullmatch(r"\[\d+\]:", p) for p in prompts), prompts
        assert page.locator(f"{NOTEBOOK} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
                            ).count() == 0
        notes = page.locator(f"{NOTEBOOK} .jp-OutputArea-output", has_text="This table needs pandas")
        expect(notes.first).to_be_visible()
        notes.first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"site_lab_{chapter[:2]}_1280.png"))
        print(f"{chapter}: {count} code cells run, {notes.count()} pandas notes")
    finally:
        context.close()
    assert wall.refused == [], wall.refused
    assert missing == [], missing
