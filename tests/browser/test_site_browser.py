"""The static site (issue 25): the app with Python in the browser, no server.

``./dev.sh site`` builds ``_site/`` (skipped when nothing changed) and the site is
served from 127.0.0.1 by a plain file server; every request of the browser to any
other address is refused and counted, and the count must be 0.  Pyodide's start
is the cost (about 15 s a page), so one page drives many steps:

1. the app page (``index.html?seed=7`` -> ``voici/render/notebooks/app.html?seed=7``)
   at 1280×800, on a first visit (Python starts the usual way) and on a later one (from
   the site's memory snapshot, kept by the service worker): Learn's links point into JupyterLite's lab; each drill (a wrong
   card in Follow suit is explained with its rule; Who wins?; Bidding with
   "Show me" and its chart; Scoring); a whole Spades hand against the computer
   players (each card's answer in ≤ 1 s on average), its review in a learner's
   words (the project's own solver: no DDS in the browser); Save (a real
   download) and Load; an Oh Hell hand; Spades for two (the draw, a bid, a trick);
   the score sheets; the page at 390×844;
2. the same page again with the server stopped: it opens from the browser's cache;
3. an exercise notebook in JupyterLite's lab: run, answered, downloaded for hand-in.

Screenshots: tests/browser/artifacts/site_*.png.
"""
from __future__ import annotations

import json
import re
import statistics
import time

import pytest
from playwright.sync_api import expect

from tutor.app import SECTIONS  # the page's sections, one tab each
from _site import (APP_PATH, build_info, guard, offline_copy_complete, python_start)

pytestmark = pytest.mark.browser

START_MS = 180_000        # Pyodide and the kernel starting on a busy 2-core machine
STEP_MS = 30_000
SPADES = ".tt-play-spades"
SPADES_HAND = f"{SPADES} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
OH_HELL = ".tt-play-oh-hell"
TWO = ".tt-play-spades-two"
MAIN_TABS = ".tt-app > .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab"
DRILL_TABS = ".tt-drill-tabs > .lm-TabBar .lm-TabBar-tab"


def _watch(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _open(page, url):
    page.goto(url)
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=START_MS)
    expect(page.locator(MAIN_TABS)).to_have_count(len(SECTIONS))


def _section(page, title):
    tab = page.locator(MAIN_TABS, has_text=title).first
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    box = page.locator(".tt-section-" + title.lower().replace(" ", "-"))
    expect(box).to_be_visible()
    expect(box.locator(".tt-loading:visible")).to_have_count(0, timeout=STEP_MS)


def _drill(page, title):
    tab = page.locator(DRILL_TABS, has_text=title).first
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    expect(page.locator(".tt-drill-tabs .tt-loading:visible")).to_have_count(0, timeout=STEP_MS)


def _drills(page):
    _section(page, "Drills")
    follow = ".tt-follow-drill"
    hand = page.locator(f"{follow} .tt-row[aria-label^='Your hand'] .tt-card[data-card]")
    expect(hand.first).to_be_visible()
    # a card that does not follow suit (SP-14), in a position that has one, is explained with its rule
    on_table = page.locator(f"{follow} .tt-row[aria-label^='On the table'] .tt-card[data-card]")
    for _ in range(12):
        table = [c.get_attribute("data-card") for c in on_table.all()]
        cards = [c.get_attribute("data-card") for c in hand.all()]
        led = table[0][-1] if table else None
        if led and any(c[-1] == led for c in cards) and any(c[-1] != led for c in cards):
            wrong = next(c for c in cards if c[-1] != led)
            page.locator(f"{follow} .tt-card[data-card='{wrong}']").first.click()
            expect(page.locator(f"{follow} .tt-feedback .tt-rule").first).to_have_text("[SP-14]")
            break
        page.locator(follow).get_by_role("button", name=re.compile("Skip|Next")).click()
        expect(hand.first).to_be_visible()
        time.sleep(0.3)
    else:
        pytest.fail("no position with a card that does not follow suit in 12 tries")

    _drill(page, "Who wins?")
    expect(page.locator(".tt-winner-drill .tt-card[data-card]").first).to_be_visible()
    page.locator(".tt-winner-drill .tt-card[data-card]").first.click()
    expect(page.locator(".tt-winner-drill .tt-feedback .tt-msg").first).not_to_be_empty()

    _drill(page, "Bidding")
    drill = page.locator(".tt-bidding-drill")
    drill.locator("input[type=text]").first.fill("3")
    drill.locator("button", has_text="Bid").first.click()
    show_me = drill.locator("button", has_text="Show me").first
    expect(show_me).to_be_visible(timeout=STEP_MS)
    t0 = time.perf_counter()
    show_me.click()
    expect(drill.locator(".tt-show-me-chart svg.main-svg").first).to_be_visible(timeout=STEP_MS)
    print(f"Show me: chart {time.perf_counter() - t0:.2f} s after the click")

    _drill(page, "Scoring")
    expect(page.locator(".tt-drill-tabs").get_by_text(re.compile("points", re.I)).first).to_be_visible()


def _expected_spades_deal(seed: int) -> int:
    """The deal number ``build_app(seed)`` gives Play Spades after the drills were
    opened as :func:`_drills` opens them (each drill draws from the app's seed)."""
    from tutor.app import TrickTutorApp

    app = TrickTutorApp(seed=seed)
    app.open_section("Drills")
    for i in (1, 2, 3):                       # Who wins?, Bidding, Scoring
        app._drill_tabs.selected_index = i
    app.open_section("Play Spades")
    return app.spades_table.game.first_deal


def _play_spades_hand(page, artifacts_dir) -> list[float]:
    """Look, bid 3, play the first playable card 13 times; returns each card's
    time from the click to the next playable card (the computers' turns included)."""
    _section(page, "Play Spades")
    t = page.locator(SPADES)
    # ?seed=7 reached the kernel: the deal is the one build_app(seed=7) deals
    expect(t).to_contain_text(f"deal #{_expected_spades_deal(7)}")
    look = t.get_by_role("button", name="Look at my cards")
    if look.count() and look.is_visible():
        look.click()
    expect(page.locator(SPADES_HAND)).to_have_count(13)
    t.get_by_role("button", name="3", exact=True).click()
    expect(t.locator(".tt-seat[data-seat='2'] .tt-seat-bid")).to_contain_text("bid: 3", timeout=STEP_MS)
    times = []
    for left in range(13, 0, -1):
        playable = page.locator(f"{SPADES_HAND}.tt-playable")
        expect(playable.first).to_be_visible(timeout=STEP_MS)
        code = playable.first.get_attribute("data-card")
        t0 = time.perf_counter()
        playable.first.click()
        if left > 1:
            expect(page.locator(f"{SPADES_HAND}[data-card='{code}']")).to_have_count(0, timeout=STEP_MS)
            expect(page.locator(f"{SPADES_HAND}.tt-playable").first).to_be_visible(timeout=STEP_MS)
            times.append(time.perf_counter() - t0)
        if left == 7:
            page.screenshot(path=str(artifacts_dir / "site_spades_mid_hand_1280.png"))
    expect(t.locator(".tt-status")).to_contain_text("Hand 1 is over", timeout=STEP_MS)
    return times


def _review(page):
    review = page.locator(f"{SPADES} .tt-review")
    review.get_by_role("button", name=re.compile(r"Review hand 1")).click()
    head = review.locator(".tt-rv-head")
    expect(head).to_contain_text("Review of hand 1", timeout=60_000)
    expect(head).to_contain_text(re.compile(r"Your side took \d+ tricks?\."))
    expect(review.locator(".tt-rv-chart .js-plotly-plot")).to_be_visible(timeout=STEP_MS)
    text = head.inner_text()
    # no DDS (a C extension) in the browser: the project's own solver, said plainly
    assert "endplay" not in text and "package" not in text, text
    return text


def _save_and_load(page, tmp_path):
    t = page.locator(SPADES)
    t.get_by_role("button", name=re.compile(r"^\W*Save$")).click()
    link = t.locator("a.tt-download")
    expect(link).to_be_visible(timeout=STEP_MS)
    with page.expect_download() as dl:
        link.click()
    saved = tmp_path / "saved.json"
    dl.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"].startswith("tricktutor-hand-record/") and len(record["hands"]) == 1
    scores = re.search(r"Scores: [^\n]*", t.locator(".tt-tbl-info").first.inner_text()).group(0)
    # a new game, then Load: the saved game is back
    t.get_by_role("button", name=re.compile("New game")).click()
    t.get_by_role("button", name="Start the new game").click()   # a game in progress: asked first
    expect(t.locator(".tt-status")).not_to_contain_text("Hand 1 is over", timeout=STEP_MS)
    expect(t.locator(".tt-tbl-info").first).not_to_contain_text(scores)
    t.locator("input[type=file]").set_input_files(str(saved))
    expect(t.locator(".tt-feedback .tt-msg").first).to_contain_text(re.compile("[Ll]oaded"), timeout=STEP_MS)
    expect(t.locator(".tt-tbl-info").first).to_contain_text(scores)


def _oh_hell_hand(page):
    _section(page, "Play Oh Hell")
    t = page.locator(OH_HELL)
    look = t.get_by_role("button", name="Look at my cards")
    if look.count() and look.is_visible():
        look.click()
    bids = t.locator(".tt-tbl-bids button:enabled")
    expect(bids.first).to_be_visible(timeout=STEP_MS)
    bids.first.click()
    hand = f"{OH_HELL} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
    playable = page.locator(f"{hand}.tt-playable")
    expect(playable.first).to_be_visible(timeout=STEP_MS)
    playable.first.click()                          # hand 1: one card each (OH-6)
    expect(t.locator(".tt-status")).to_contain_text("Hand 1 is over", timeout=STEP_MS)


def _spades_for_two(page):
    _section(page, "Play Spades")
    page.locator(".tt-spades-choice").get_by_role("button", name="Spades for two").click()
    two = page.locator(TWO)
    expect(two).to_be_visible(timeout=STEP_MS)
    expect(page.locator(SPADES)).to_be_hidden()
    hand = f"{TWO} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
    for kept in range(1, 14):                       # 13 draws: keep the top card each time
        two.get_by_role("button", name=re.compile(r"^Keep the ")).click()
        expect(page.locator(hand)).to_have_count(kept, timeout=STEP_MS)
    bids = two.locator(".tt-tbl-bids button:enabled")
    expect(bids.first).to_be_visible(timeout=STEP_MS)
    bids.nth(min(2, bids.count() - 1)).click()
    playable = page.locator(f"{hand}.tt-playable")
    expect(playable.first).to_be_visible(timeout=STEP_MS)
    playable.first.click()
    expect(page.locator(hand)).to_have_count(12, timeout=STEP_MS)
    # back to four players: that table is shown again (layout.display "" reaches the page)
    page.locator(".tt-spades-choice").get_by_role("button", name=re.compile("Four players")).click()
    expect(page.locator(SPADES)).to_be_visible()
    expect(two).to_be_hidden()


@pytest.mark.parametrize("start", ["usual", "snapshot"])
def test_the_site_runs_the_app_offline_and_asks_nothing_of_other_hosts(site, site_browser, artifacts_dir,
                                                                        tmp_path, start):
    """``start``: the page's Python starts the usual way (a first visit) or from the site's
    snapshot (a later visit: the service worker's offline copy holds it)."""
    info = build_info(site.site)
    print(f"site: {info['bytes'] / 1e6:.1f} MB in {info['files']} files, built in {info['build_seconds']} s")
    context = site_browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    wall = guard(context)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    errors = _watch(page)
    try:
        if start == "snapshot":
            _open(page, site.url + "index.html?seed=7")
            offline_copy_complete(page)
        t0 = time.perf_counter()
        _open(page, site.url + "index.html?seed=7")
        assert APP_PATH in page.url and "seed=7" in page.url
        print(f"{'cold' if start == 'usual' else 'later'} open: {time.perf_counter() - t0:.1f} s, "
              f"{site.bytes_sent / 1e6:.1f} MB sent; Python started: {python_start(page)}")
        assert python_start(page).startswith(start), python_start(page)
        # Learn: every chapter one click away, in JupyterLite's lab
        links = page.locator(".tt-learn .tt-chapter a")
        expect(links).to_have_count(14)
        href = page.locator(".tt-chapter[data-notebook='04_spades_playing_tricks.ipynb'] a").get_attribute("href")
        assert href == "../../../lab/index.html?path=notebooks/04_spades_playing_tricks.ipynb"
        page.screenshot(path=str(artifacts_dir / "site_learn_1280.png"))

        _drills(page)
        page.screenshot(path=str(artifacts_dir / "site_drills_1280.png"))
        times = _play_spades_hand(page, artifacts_dir)
        print(f"Spades: a card's answer (computers' cards included) median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s")
        assert statistics.mean(times) <= 1.0, times
        review = _review(page)
        page.screenshot(path=str(artifacts_dir / "site_review_1280.png"))
        print("review:", review[:300])
        _save_and_load(page, tmp_path)
        _oh_hell_hand(page)
        _spades_for_two(page)
        _section(page, "Score sheet")
        expect(page.locator(".tt-app-scoresheet table.tt-score-table").first).to_be_visible()
        page.screenshot(path=str(artifacts_dir / "site_scores_1280.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        _section(page, "Play Spades")
        page.screenshot(path=str(artifacts_dir / "site_spades_390.png"))
        assert errors == []

        # the server stops; the page opens again from the browser's cache
        site.stop()
        try:
            t0 = time.perf_counter()
            _open(page, site.url + APP_PATH + "?seed=7")
            print(f"open with the server stopped: {time.perf_counter() - t0:.1f} s")
            _section(page, "Drills")
            expect(page.locator(".tt-follow-drill .tt-card[data-card]").first).to_be_visible()
            page.screenshot(path=str(artifacts_dir / "site_offline_390.png"))
        finally:
            site.start()
    finally:
        context.close()
    assert wall.refused == [], wall.refused
    assert errors == []


def _menu(page, menu, item):
    """Choose ``item`` in JupyterLab's menu bar menu ``menu``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{menu}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{item}$")).first.click()


def test_an_exercise_is_filled_in_and_downloaded_in_the_browser(site, site_browser, artifacts_dir, tmp_path):
    context = site_browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    wall = guard(context)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    try:
        page.goto(site.url + "lab/index.html?path=exercises/ex2_trick_winner.ipynb")
        cells = page.locator(".jp-Notebook .jp-Cell")
        expect(cells.first).to_be_visible(timeout=START_MS)
        answer = page.locator(".jp-Notebook .jp-CodeCell", has_text="answer_q1 = None")
        expect(answer).to_have_count(1)
        editor = answer.locator(".cm-content")
        editor.click()
        page.keyboard.press("Control+a")
        page.keyboard.type("answer_q1 = 'North'")
        # run the notebook from the top: the kernel starts in the browser
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Escape")
        _menu(page, "Run", "Run All Cells")
        check = page.locator(".jp-Notebook .jp-CodeCell", has_text="check('q1')")
        expect(check.locator(".jp-OutputArea-output").first).to_be_visible(timeout=START_MS)
        page.screenshot(path=str(artifacts_dir / "site_exercise_1280.png"))
        page.keyboard.press("Control+s")
        with page.expect_download() as dl:
            _menu(page, "File", "Download")
        path = tmp_path / "handin.ipynb"
        dl.value.save_as(path)
        nb = json.loads(path.read_text(encoding="utf-8"))
        sources = ["".join(c["source"]) for c in nb["cells"]]
        assert "answer_q1 = 'North'" in sources
        assert nb["metadata"]["tricktutor"]["exercise"] == "ex2_trick_winner"
    finally:
        context.close()
    assert wall.refused == [], wall.refused


def test_the_walls_refuse_other_hosts_and_the_guard_counts_them(site, site_browser):
    """The check above is only as good as its walls: a request to another address
    (a name, or a bare IP address) fails in this browser and is counted."""
    context = site_browser.new_context()
    wall = guard(context)
    page = context.new_page()
    try:
        page.goto(site.url + "index.html")     # redirects to the app; no need to wait for it
        got = page.evaluate("""async () => Promise.all(['http://192.0.2.1/x.js', 'https://example.org/y.js']
            .map(u => fetch(u).then(() => 'answered', () => 'refused')))""")
    finally:
        context.close()
    assert got == ["refused", "refused"]
    assert "http://192.0.2.1/x.js" in wall.refused and "https://example.org/y.js" in wall.refused


def test_dev_sh_site_serve_prints_the_link_of_the_server_it_started(site):
    """``./dev.sh site --serve`` with its port taken: it says so, serves on the next
    free port, and the link it prints is that server's (it answers with the site)."""
    import os
    import signal
    import socket
    import subprocess
    import urllib.request

    from _site import REPO

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.Popen(["bash", str(REPO / "dev.sh"), "site", "--serve"], cwd=REPO, text=True,
                            env={**env, "PORT": str(port)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        lines = []
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            m = re.search(r"(http://127\.0\.0\.1:(\d+)/)\s*$", line)
            if m:
                break
        else:
            m = None
        assert m, "".join(lines)
        link, printed = m.group(1), int(m.group(2))
        assert printed != port
        with urllib.request.urlopen(link + "index.html", timeout=30) as r:
            assert r.status == 200 and b"Trick Tutor" in r.read()
        with urllib.request.urlopen(link + APP_PATH, timeout=30) as r:
            assert r.status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
        taken.close()
    assert f"Port {port} is in use: using {printed}." in proc.stderr.read()
