"""axe-core on every section of the app (and every drill, and the Spades table
with the learner's cards shown), at 1280×800 and at 390×844: no serious or
critical violation.

axe-core comes from the PyPI package ``axe-playwright-python``, which ships
``axe.min.js`` inside its wheel (nothing is downloaded when the tests run).
The full results of each check (violations of every impact, with the
elements) are written to tests/browser/artifacts/axe_<size>_<where>.json, and
every violation found (any impact) is printed, so moderate ones are visible
in the test log too.
"""
from __future__ import annotations

import json

import pytest
from axe_playwright_python import sync_playwright as axe_sync  # test extra; axe.min.js is inside its wheel

from _app_page import (
    DRILLS, SECTIONS, look_at_spades_hand, open_drill, open_section, slug,
)

pytestmark = pytest.mark.browser

BLOCKING = ("serious", "critical")
# WCAG 2.x A/AA rules and axe's best practices
AXE_OPTIONS = {"resultTypes": ["violations"],
               "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                     "best-practice"]}}


@pytest.fixture(scope="module")
def axe():
    return axe_sync.Axe()


def run_axe(axe, page, where: str, artifacts_dir) -> list[str]:
    """Run axe on the whole page; save the results; return the blocking
    violations as readable lines."""
    results = axe.run(page, options=AXE_OPTIONS).response
    violations = results["violations"]
    (artifacts_dir / f"axe_{page.tt_size}_{slug(where)}.json").write_text(
        json.dumps(violations, indent=1), encoding="utf-8")
    for v in violations:
        print(f"[{page.tt_size} {where}] {v['impact']}: {v['id']} ({len(v['nodes'])}) {v['help']}")
    return [f"{v['impact']} {v['id']}: {v['help']} -- "
            + "; ".join(f"{n['target']} {n['html'][:120]}" for n in v["nodes"][:5])
            for v in violations if v["impact"] in BLOCKING]


@pytest.mark.parametrize("section", SECTIONS)
def test_section_has_no_serious_violations(sized_page, axe, section, artifacts_dir):
    page = sized_page
    open_section(page, section)
    found = run_axe(axe, page, section, artifacts_dir)
    if section == "Drills":
        for title in DRILLS:
            open_drill(page, title)
            found += run_axe(axe, page, f"drills {title}", artifacts_dir)
        open_drill(page, "Follow suit")
    if section == "Play Spades":
        look_at_spades_hand(page)
        found += run_axe(axe, page, "spades hand shown", artifacts_dir)
    assert found == [], "\n".join(found)


def test_axe_really_finds_violations(sized_page, axe, artifacts_dir):
    """The check can fail: a low-contrast, unnamed button added to the page is reported."""
    page = sized_page
    page.evaluate("""() => { const b = document.createElement('button'); b.id = 'tt-axe-probe';
        b.style.cssText = 'color:#bbb;background:#fff'; b.innerHTML = '<i></i>';
        document.querySelector('.tt-app').appendChild(b); }""")
    try:
        ids = {v["id"] for v in axe.run(page, options=AXE_OPTIONS).response["violations"]
               if v["impact"] in BLOCKING}
        assert "button-name" in ids
    finally:
        page.evaluate("() => document.getElementById('tt-axe-probe').remove()")
