"""Speed of the bidding drill's "Show me" chart in headless Chromium (the Voila app).

For each viewport (default 1280×800 and 390×844) the script loads
``notebooks/app.ipynb`` in Voila, opens Drills → Bidding, and ``--clicks``
times: types a bid, presses *Bid*, then measures from the click on *Show me*
to the chart's SVG being on the page (the click goes to the kernel, the
advisor samples deals, and the figure comes back).  The first click of a
page is reported on its own (the browser may still be fetching plotly's
renderer), then the median over all clicks.

Target (issue 13): "Show me" within 1 s.  Before the chart was sent as
plotly's MIME bundle it was a ``FigureWidget`` that carried the whole
plotly.js bundle (about 5 MB) with every chart: 2.3–2.6 s a click here at
1280×800 (4.5–5 s when the issue was filed).

Usage::

    python benchmarks/show_me_speed.py                 # both viewports, 4 clicks each
    python benchmarks/show_me_speed.py --clicks 8 --viewports 390x844

Exit status 0 when every median is within the target, else 1.  Needs the app
extra, Playwright (python) and Chromium (``$TT_CHROMIUM`` or /usr/bin/chromium);
never downloads a browser.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
# The server helpers are shared with the browser tests (tests/browser/_voila.py).
sys.path.insert(0, str(REPO / "tests" / "browser"))
from _voila import CHROMIUM, CHROMIUM_ARGS, start_voila, stop_voila  # noqa: E402

TARGET_S = 1.0
DRILL = ".tt-bidding-drill"
CHART = f"{DRILL} .tt-show-me-chart svg.main-svg"


def measure(browser, url: str, width: int, height: int, clicks: int) -> dict:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit")
        page.locator(".tt-app .lm-TabBar-tab", has_text="Drills").first.click(timeout=120_000)
        page.locator(".tt-drill-tabs .lm-TabBar-tab", has_text="Bidding").first.click(timeout=60_000)
        times = []
        for _ in range(clicks):
            box = page.locator(f"{DRILL} input[type=text]").first
            box.wait_for(timeout=60_000)
            box.fill("2")
            page.locator(f"{DRILL} button", has_text="Bid").first.click()
            button = page.locator(f"{DRILL} button", has_text="Show me").first
            button.wait_for(state="visible", timeout=30_000)
            t0 = time.perf_counter()
            button.click()
            page.locator(CHART).first.wait_for(timeout=30_000)
            times.append(time.perf_counter() - t0)
            page.locator(f"{DRILL} button", has_text="New hand").first.click()
            page.locator(CHART).first.wait_for(state="detached", timeout=30_000)
        overflow = page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
        return {"viewport": f"{width}x{height}", "first_click_s": round(times[0], 3),
                "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
                "clicks": len(times), "horizontal_overflow": overflow}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--viewports", nargs="+", default=["1280x800", "390x844"])
    ap.add_argument("--clicks", type=int, default=4, help="Show me clicks per viewport (default 4)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    results = []
    with sync_playwright() as pw:
        url, proc = start_voila(REPO / "notebooks" / "app.ipynb", env={"TRICKTUTOR_SEED": "7"})
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for vp in args.viewports:
                w, h = (int(x) for x in vp.split("x"))
                results.append(measure(browser, url, w, h, args.clicks))
                print(json.dumps(results[-1]), flush=True)
        finally:
            browser.close()
            stop_voila(proc)
    ok = all(r["median_s"] <= TARGET_S for r in results)
    print(f"target: Show me within {TARGET_S} s (median) -> {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
