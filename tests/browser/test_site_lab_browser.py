"""The static site's lab (JupyterLite, Python in the browser): the chapters and a class set.

* Run All in a chapter that makes pandas tables (05, 11) runs every code cell:
  a cell that needs pandas prints the note saying why (tutor.rows.pandas_or_note)
  and the rest runs; no request of the page is answered 404 (no /favicon.ico, no
  api/contents/…/all.json for the kernel's own files).
* A class set on the site (exercises/TEACHERS.md): ``tricktutor exercises make``
  makes the student's notebook; the student uploads it into the site's lab, answers,
  saves and runs it: the check sees the saved notebook and says ✓; File → Download;
  ``tricktutor exercises collect`` files the download and ``grade`` gives the mark.

Screenshots: tests/browser/artifacts/site_lab_*.png.
"""
from __future__ import annotations

import csv
import json
import re

import pytest
from playwright.sync_api import expect

from _classkit import keys_of, make_set
from _site import guard
from tutor.cli import main

pytestmark = pytest.mark.browser

START_MS = 180_000
STEP_MS = 30_000
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"


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


def test_a_class_set_notebook_is_checked_in_the_sites_lab_then_collected_and_graded(site, site_browser, artifacts_dir,
                                                                                     tmp_path):
    out, keys = make_set(tmp_path, ["s1", "s2"], ["ex2_trick_winner"])
    key = keys_of(keys, "ex2_trick_winner", "s1")["q1"]
    context = site_browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    wall = guard(context)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    try:
        page.goto(site.url + "lab/index.html")
        listing = page.locator(".jp-DirListing-content")
        expect(listing).to_be_visible(timeout=START_MS)
        # the student's own notebook, from the class folder, uploaded into the lab's top folder
        with page.expect_file_chooser() as chooser:
            page.locator("#filebrowser jp-button[title='Upload Files']").click()
        chooser.value.set_files(str(out / "s1" / "ex2_trick_winner.ipynb"))
        item = listing.locator(".jp-DirListing-item", has_text="ex2_trick_winner.ipynb")
        expect(item).to_be_visible()
        item.dblclick()
        answer = page.locator(f"{NOTEBOOK} .jp-CodeCell", has_text="answer_q1 = None")
        expect(answer).to_have_count(1, timeout=START_MS)
        answer.locator(".cm-content").click()
        page.keyboard.press("Control+a")
        page.keyboard.type(f"answer_q1 = {key!r}")
        page.keyboard.press("Escape")
        page.keyboard.press("Control+s")                 # the check reads the saved file, as the grader does
        expect(page.locator(".jp-mod-current .jp-mod-dirty")).to_have_count(0)
        _run_all(page)
        check = page.locator(f"{NOTEBOOK} .jp-CodeCell", has_text="check('q1')").first
        expect(check.locator(".jp-OutputArea-output").first).to_contain_text("✓", timeout=START_MS)
        assert "cannot see the saved notebook" not in check.inner_text()
        check.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / "site_classset_check_1280.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=str(artifacts_dir / "site_classset_check_390.png"))
        page.set_viewport_size({"width": 1280, "height": 800})
        # handed in as on a learning platform: the platform's download has a folder per student
        downloads = tmp_path / "downloads"
        (downloads / "s1").mkdir(parents=True)
        with page.expect_download() as dl:
            _menu(page, "File", "Download")
        assert dl.value.suggested_filename == "ex2_trick_winner.ipynb"
        dl.value.save_as(downloads / "s1" / dl.value.suggested_filename)
    finally:
        context.close()
    assert wall.refused == [], wall.refused

    handed_in = tmp_path / "handed-in"
    assert main(["exercises", "collect", str(downloads), "--into", str(handed_in), "--keys", str(keys)]) == 0
    assert (handed_in / "s1" / "ex2_trick_winner.ipynb").is_file()
    grades = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(handed_in), "--keys", str(keys), "--out", str(grades)]) == 0
    rows = {r["id"]: r for r in csv.DictReader(grades.open(encoding="utf-8-sig"))}
    print("grades:", rows["s1"])
    assert rows["s1"]["ex2_trick_winner:q1"] == "1" and rows["s1"]["total"] == "1"
    assert rows["s2"]["total"] == "0"
