"""Speed of the end of a hand at the game table, in headless Chromium.

Opens the Voila app (notebooks/app.ipynb, ``TRICKTUTOR_SEED=7``), goes to
"Play Spades" and plays ``--hands`` hands as a learner would (look, bid 3,
always the first playable card).  For each hand it times the learner's last
card click → the hand result being on the page (``.tt-tbl-result``), and
prints every time and the median.

Target (issue 13): median ≤ 1 s.  Measured on the development machine
(2 shared cores, other work running): before the table split 5.1–7.0 s
(median 5.7 s); after it 0.08–0.44 s (medians 0.12 s and 0.34 s in two runs).

Usage::

    python benchmarks/table_hand_end.py --hands 3

Exit status 0 when the median meets the target, else 1.  Needs Playwright
(python) and Chromium (``$TT_CHROMIUM`` or /usr/bin/chromium); never
downloads a browser.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import re
import statistics
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from _voila import CHROMIUM, CHROMIUM_ARGS, start_voila, stop_voila  # noqa: E402

TARGET_S = 1.0
SPADES = ".tt-play-spades"
HAND = f"{SPADES} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"


def measure(hands: int) -> list[float]:
    from playwright.sync_api import expect, sync_playwright

    os.environ["TRICKTUTOR_SEED"] = "7"
    url, proc = start_voila(REPO / "notebooks" / "app.ipynb")
    times: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.set_default_timeout(120_000)
            page.goto(url)
            page.locator(".tt-app-header h1").wait_for(timeout=180_000)
            page.locator(".tt-app .lm-TabBar-tab", has_text="Play Spades").first.click()
            table = page.locator(SPADES)
            for _ in range(hands):
                table.get_by_role("button", name="Look at my cards").click()
                expect(page.locator(HAND).first).to_have_attribute("data-card", re.compile(r"^..$"))
                table.get_by_role("button", name="3", exact=True).click()
                while True:
                    playable = page.locator(f"{HAND}.tt-playable")
                    playable.first.wait_for()
                    code = playable.first.get_attribute("data-card")
                    last = page.locator(HAND).count() == 1
                    start = time.monotonic()
                    playable.first.click()
                    if last:
                        table.locator(".tt-tbl-result").wait_for()
                        times.append(time.monotonic() - start)
                        break
                    expect(page.locator(f"{HAND}[data-card='{code}']")).to_have_count(0)
                table.get_by_role("button", name="Next hand").click()
            browser.close()
    finally:
        stop_voila(proc)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3)
    args = ap.parse_args(argv)
    times = measure(args.hands)
    med = statistics.median(times)
    print("last card -> hand result shown (s):", ", ".join(f"{t:.2f}" for t in times))
    print(f"median {med:.2f} s (target <= {TARGET_S:.0f} s): {'met' if med <= TARGET_S else 'NOT met'}")
    return 0 if med <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
