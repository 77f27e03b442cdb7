"""Speed of the Trick Tutor app in headless Chromium (the Voila page notebooks/app.ipynb).

Usage::

    .venv/bin/python benchmarks/browser_speed.py                # default mode, 5 loads, 30 clicks
    .venv/bin/python benchmarks/browser_speed.py --modes default server --loads 7 --json out.json
    .venv/bin/python benchmarks/browser_speed.py --viewport 390x844
    .venv/bin/python benchmarks/browser_speed.py --before OLD_CHECKOUT  # before and after a change, interleaved

Needs the test extra (it brings Playwright; ``./dev.sh test`` installs it into
``.venv``, ``./dev.sh app`` alone does not) and Chromium (``$TT_CHROMIUM`` or
/usr/bin/chromium); never downloads a browser.  ``--port N``: the Voila servers
listen on 127.0.0.1 from port N up (default: any free ports).

What it measures, on each of ``--loads`` fresh page loads (a new browser
context and a new kernel each time), for each Voila configuration
(``--modes``):

* **first card**: link → the first card of the follow-suit drill visible
  and clickable (the page built, its widgets live, a click on the "Drills"
  tab, which the browser handles);
* **Play Spades**: a click on the "Play Spades" tab (its first opening:
  the kernel builds the table and the computer players act until the
  learner's turn) → the learner's hand and its first control ("Look at my
  cards", a bid button or a playable card) on the page; then **look**:
  "Look at my cards" → the 13 cards face up;
* **Review**: a finished Spades hand is loaded at that table ("Load a saved
  game"), then "Review hand 1" → the review's summary on the page (the
  first review of the kernel), and → its chart drawn.  It is pressed
  ``REVIEW_AFTER_S`` (6 s) after the table opened, where a learner takes a
  minute or more to play the hand first;
* **clicks** (after the last load): ``--clicks`` card clicks in the
  follow-suit drill → the drill's explanation on the page (the click goes to
  the kernel, the engine judges it, the message comes back): median and
  95th percentile.  Illegal cards are chosen where possible.

Every figure is printed in seconds (clicks in milliseconds), as the median
over the loads, and as a **ratio** to a one-button Voila page served the same
way in the same run (``baseline``: link → its button visible; click → the
kernel's answer on the button): the ratios change little with the load of
the machine, the seconds do.  ``--before OLD_CHECKOUT`` measures that
checkout's app too, side by side ("before" and "after"): the baseline's,
the old app's and the new app's page loads take turns, so a change in the
machine's load touches all three alike.  The load average is printed before and after
each mode; when it is above ``--busy-load`` (default 1.0) the run says that
the idle targets cannot be checked.

Targets on an idle machine (issues 5 and 28): first card ≤ 3 s; Play Spades
≤ 1.5 s; Review ≤ 1 s; clicks ≤ 100 ms median and ≤ 150 ms at the 95th
percentile.

Kernels cache compiled modules (``__pycache__``) as on a learner's machine,
even where ``PYTHONDONTWRITEBYTECODE`` is set (``--compile-each-time``
keeps it: every kernel then compiles engine/ and tutor/ from source, 0.2 to
0.5 s more).

Modes: ``default`` (``voila notebooks/app.ipynb``, as the browser tests run
it), ``server`` (a Jupyter server with the Voila extension, as ``./dev.sh
app`` and Binder serve it) and ``preheat`` (``--preheat_kernel=True
--pool_size=1``: Voila runs the notebook before anyone asks).

``--extra NAME``: more figures measured on the last page, each a function
registered with :func:`extra_measure` (built in: ``sections``, each section
tab's first and later opening).

Exit status 0 when every target is met in the first mode (by ``--repo``'s
app, the "after"), else 1 (also when the machine was too busy to tell: see
the printed note).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
# The server helpers are shared with the browser tests (tests/browser/_voila.py).
sys.path.insert(0, str(REPO / "tests" / "browser"))
from _voila import (CHROMIUM, CHROMIUM_ARGS, free_port, make_notebook, start_jupyter_server, start_voila,  # noqa: E402
                    stop_voila)

MODES = {
    "default": [],
    "server": None,  # a Jupyter server with the Voila extension (scripts/app_server_config.py)
    "preheat": ["--preheat_kernel=True", "--pool_size=1"],
}
TARGETS = {"first_card_s": 3.0, "spades_s": 1.5, "review_s": 1.0, "click_median_ms": 100.0, "click_p95_ms": 150.0}
SEED = "7"
#: The deal of the finished hand that is loaded for the review.
REVIEW_DEAL = 4242
#: Seconds from opening Play Spades to pressing "Review hand 1" (at least): far less than a hand takes.
REVIEW_AFTER_S = 6.0

#: Extra figures: name -> (function(page) -> dict, key of the figure, limit or None).
EXTRA_MEASURES: dict[str, tuple] = {}


def extra_measure(name: str, key: str = "median_ms", limit: float | None = None):
    """Register ``fn(page) -> dict`` as the extra figure ``name`` (run with
    ``--extra name``).  ``key``: the entry of the dict that is the figure;
    ``limit``: its target (the figure must be <= limit), or None."""
    def register(fn):
        EXTRA_MEASURES[name] = (fn, key, limit)
        return fn
    return register


FOLLOW = ".tt-follow-drill"
HAND = f"{FOLLOW} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
TABLE = f"{FOLLOW} .tt-row[aria-label^='On the table'] .tt-card[data-card]"
SPADES = ".tt-play-spades"
MAIN_TAB = ".tt-app > .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab"

# Polls (every animation frame) until ready() holds; resolves with the ms since t0 (or null after 60 s).
_WAIT_JS = """
const waitFor = (ready, t0) => new Promise((resolve) => {
  const check = () => {
    if (ready()) { resolve(performance.now() - t0); return; }
    if (performance.now() - t0 > 60000) { resolve(null); return; }
    requestAnimationFrame(check);
  };
  check();
});
const shown = (e) => !!e && e.offsetParent !== null && e.getBoundingClientRect().height > 0;
"""

# Click a card and resolve with the milliseconds until a drill feedback box
# (explanation or note) changes.
CLICK_JS = """
async ([selector, card]) => {
  const drill = document.querySelector(selector);
  const boxes = Array.from(drill.querySelectorAll('.tt-feedback'));
  const before = boxes.map(b => b.innerHTML);
  const target = drill.querySelector(`.tt-row[aria-label^='Your hand'] .tt-card[data-card='${card}']`);
  return await new Promise((resolve) => {
    let t0 = 0;
    const done = () => {
      const changed = boxes.findIndex((b, i) => b.innerHTML !== before[i] && b.querySelector('.tt-msg'));
      if (changed >= 0) {
        obs.disconnect();
        resolve({ms: performance.now() - t0, box: changed,
                 kind: (boxes[changed].querySelector('.tt-msg').className.match(/tt-(ok|error|info|bug)/) || [])[1],
                 text: boxes[changed].innerText});
      }
    };
    const obs = new MutationObserver(done);
    for (const b of boxes) obs.observe(b, {childList: true, subtree: true, characterData: true});
    setTimeout(() => { obs.disconnect(); resolve({ms: null, box: -1, kind: 'timeout', text: ''}); }, 10000);
    t0 = performance.now();
    target.click();
  });
}
"""

# The baseline page's button: click -> its label changes (a kernel round trip).
BASELINE_CLICK_JS = """
async () => {
  const b = document.querySelector('.tt-baseline button, button.tt-baseline');
  const before = b.textContent;
  const t0 = performance.now();
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (b.textContent !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(b, {childList: true, subtree: true, characterData: true});
    setTimeout(() => { obs.disconnect(); resolve(null); }, 10000);
    b.click();
  });
}
"""

# Lumino selects a tab on pointerdown (a bare click() is not enough).
_TAB_CLICK_JS = """
const pressTab = (title) => {
  const tab = Array.from(document.querySelectorAll('""" + MAIN_TAB + """'))
    .find(t => t.textContent.trim() === title);
  const r = tab.getBoundingClientRect();
  const o = {bubbles: true, cancelable: true, button: 0, buttons: 1, clientX: r.left + r.width / 2,
             clientY: r.top + r.height / 2, pointerId: 1, isPrimary: true, pointerType: 'mouse'};
  tab.dispatchEvent(new PointerEvent('pointerdown', o));
  document.dispatchEvent(new PointerEvent('pointerup', {...o, buttons: 0}));
  tab.dispatchEvent(new MouseEvent('click', o));
};
"""

# Play Spades tab -> the learner's hand and its first control (Look, a bid button or a playable card).
SPADES_JS = "async () => {" + _WAIT_JS + _TAB_CLICK_JS + """
  const ready = () => {
    const t = document.querySelector('""" + SPADES + """');
    if (!shown(t)) return false;
    const cards = t.querySelectorAll(".tt-row[aria-label^='Your hand'] .tt-card");
    if (!cards.length || !shown(cards[0])) return false;
    const buttons = Array.from(t.querySelectorAll('button')).filter(shown);
    return buttons.some(b => /Look at my cards|^\\s*\\d+\\s*$|^\\s*Nil\\s*$/.test(b.textContent))
      || !!t.querySelector('.tt-card.tt-playable');
  };
  const t0 = performance.now();
  pressTab('Play Spades');
  return await waitFor(ready, t0);
}"""

# "Look at my cards" -> 13 cards face up.
LOOK_JS = "async () => {" + _WAIT_JS + """
  const t = document.querySelector('""" + SPADES + """');
  const look = Array.from(t.querySelectorAll('button')).find(b => shown(b) && /Look at my cards/.test(b.textContent));
  if (!look) return null;
  const t0 = performance.now();
  look.click();
  return await waitFor(() => t.querySelectorAll(".tt-row[aria-label^='Your hand'] .tt-card[data-card]").length === 13, t0);
}"""

# "Review hand 1" -> the summary shown; then -> the chart drawn.
REVIEW_JS = "async () => {" + _WAIT_JS + """
  const t = document.querySelector('""" + SPADES + """');
  const button = Array.from(t.querySelectorAll('.tt-review button')).find(b => shown(b) && /Review hand/.test(b.textContent));
  if (!button) return null;
  const t0 = performance.now();
  button.click();
  const summary = await waitFor(() => shown(t.querySelector('.tt-review .tt-rv-head')), t0);
  const chart = await waitFor(() => shown(t.querySelector('.tt-review .tt-rv-chart svg.main-svg')), t0);
  return {summary, chart};
}"""


def baseline_notebook(folder: pathlib.Path) -> pathlib.Path:
    """A Voila page with one button whose label the kernel changes on each click."""
    return make_notebook(folder / "baseline.ipynb", "\n".join([
        "import ipywidgets as W",
        "button = W.Button(description='Click me')",
        "button.add_class('tt-baseline')",
        "clicks = [0]",
        "def on_click(_b):",
        "    clicks[0] += 1",
        "    button.description = f'Clicked {clicks[0]}'",
        "button.on_click(on_click)",
        "button",
    ]))


def finished_hand_record(deal: int = REVIEW_DEAL) -> bytes:
    """A saved Spades game (HAND_RECORD.md) whose first hand is over: every
    seat played by the level-2 computer player, the learner South."""
    from engine import Phase, SpadesGame
    from engine.bots import make_player
    from engine.record import game_to_record

    g = SpadesGame(first_deal=deal, auto_deal=False)
    g.deal_next()
    players = {s: make_player(2, deal * 16 + s) for s in range(4)}
    while g.phase is not Phase.DEAL:
        seat = g.seats_to_act[0]
        view = g.view(seat)
        action = players[seat].choose(view)
        if view.hand is None and not getattr(action, "blind", False):
            g.look(seat)
            action = players[seat].choose(g.view(seat))
        g.apply(action)
    rec = game_to_record(g)
    rec["tutor"] = {"learner_seat": 2, "first_deal": deal, "level": 2}
    return json.dumps(rec).encode("utf-8")


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(-(-q * len(s) // 100)) - 1))
    return s[k]


def median(values: list) -> float | None:
    vals = [v for v in values if v is not None]
    return round(statistics.median(vals), 3) if vals else None


VIEWPORT = {"width": 1280, "height": 800}


def new_page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def load_baseline(browser, url: str, clicks: int) -> dict:
    context, page = new_page(browser)
    try:
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.locator(".tt-baseline").first.wait_for(state="visible", timeout=120_000)
        t_button = time.perf_counter() - t0
        ms = []
        for _ in range(clicks):
            time.sleep(0.3)
            ms.append(page.evaluate(BASELINE_CLICK_JS))
        return {"button_s": round(t_button, 3), "click_ms": [None if m is None else round(m, 1) for m in ms]}
    finally:
        context.close()


def load_app(browser, url: str, record: bytes) -> tuple[dict, object, object]:
    """One fresh page: first card, Play Spades, look, review."""
    context, page = new_page(browser)
    out: dict = {}
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    drills = page.locator(MAIN_TAB, has_text="Drills").first
    drills.wait_for(state="visible", timeout=120_000)
    out["tabs_s"] = round(time.perf_counter() - t0, 3)
    drills.click()
    page.locator(HAND).first.wait_for(state="visible", timeout=60_000)
    out["first_card_s"] = round(time.perf_counter() - t0, 3)
    time.sleep(1.0)  # as a learner would: the page settles before the next click
    t_open = time.perf_counter()
    ms = page.evaluate(SPADES_JS)
    out["spades_s"] = None if ms is None else round(ms / 1000, 3)
    time.sleep(0.5)
    ms = page.evaluate(LOOK_JS)
    out["look_s"] = None if ms is None else round(ms / 1000, 3)
    # a finished hand for the review, through "Load a saved game"
    page.locator(f"{SPADES} input[type=file]").first.set_input_files(
        {"name": "finished-hand.json", "mimeType": "application/json", "buffer": record})
    page.locator(f"{SPADES} .tt-review button", has_text="Review hand").first.wait_for(state="visible")
    # a learner presses Review after a whole hand (a minute or more at the table): the page has been idle a while
    time.sleep(max(0.5, REVIEW_AFTER_S - (time.perf_counter() - t_open)))
    r = page.evaluate(REVIEW_JS) or {}
    out["review_s"] = None if r.get("summary") is None else round(r["summary"] / 1000, 3)
    out["review_chart_s"] = None if r.get("chart") is None else round(r["chart"] / 1000, 3)
    return out, context, page


def pick_card(page, tried: set[str]) -> tuple[str, bool]:
    """(card, expected_illegal): an untried off-suit card while holding the led suit (SP-14), or a
    spade lead before spades are broken while holding other suits (SP-13), else a legal card."""
    hand = [e.get_attribute("data-card") for e in page.locator(HAND).all()]
    table = [e.get_attribute("data-card") for e in page.locator(TABLE).all()]
    info = page.locator(f"{FOLLOW} .widget-html").filter(has_text="Position ").first.inner_text()
    if not table and "not broken" in info and any(c[1] != "S" for c in hand):
        spades = [c for c in hand if c[1] == "S" and c not in tried]
        if spades:
            return spades[0], True
    if table:
        led = table[0][1]
        if any(c[1] == led for c in hand):
            off = [c for c in hand if c[1] != led and c not in tried]
            if off:
                return off[0], True
            follow = [c for c in hand if c[1] == led]
            return follow[0], False
    highlighted = [e.get_attribute("data-card") for e in page.locator(f"{HAND}.tt-highlighted").all()]
    untried = [c for c in (highlighted or hand) if c not in tried]
    return (untried or hand)[0], False


def measure_clicks(page, n: int) -> list[dict]:
    page.locator(MAIN_TAB, has_text="Drills").first.click()
    page.locator(HAND).first.wait_for(state="visible")
    time.sleep(0.5)
    out: list[dict] = []
    tried: set[str] = set()
    position = None
    while len(out) < n:
        info = page.locator(f"{FOLLOW} .widget-html").filter(has_text="Position ").first.inner_text()
        if info != position:
            position, tried = info, set()
        card, illegal = pick_card(page, tried)
        tried.add(card)
        res = page.evaluate(CLICK_JS, [FOLLOW, card])
        res.update(card=card, expected_illegal=illegal)
        out.append(res)
        # after a legal card the drill moves on and ignores clicks for 0.4 s
        time.sleep(0.15 if res["kind"] == "error" else 0.6)
    return out


SECTION_JS = "async (title) => {" + _WAIT_JS + _TAB_CLICK_JS + """
  const box = document.querySelector('.tt-section-' + title.toLowerCase().replace(/ /g, '-'));
  const ready = () => shown(box)
    && !Array.from(box.querySelectorAll('.tt-loading')).some(e => e.offsetParent !== null)
    && Array.from(box.children).some(c => c.getBoundingClientRect().height > 0);
  const t0 = performance.now();
  pressTab(title);
  return await waitFor(ready, t0);
}"""


@extra_measure("sections", key="max_first_open_ms")
def measure_sections(page) -> dict:
    """Click each section tab in turn: ms until its content is built and
    shown (Play Spades is already open here), then the same again."""
    titles = ["Drills", "Play Spades", "Play Oh Hell", "Score sheet", "Learn"]
    first = {t: page.evaluate(SECTION_JS, t) for t in titles}
    again = {t: page.evaluate(SECTION_JS, t) for t in titles}
    ms = [v for v in first.values() if v is not None]
    return {"first_open_ms": {t: None if v is None else round(v, 1) for t, v in first.items()},
            "again_ms": {t: None if v is None else round(v, 1) for t, v in again.items()},
            "max_first_open_ms": round(max(ms), 1) if ms else None}


def run_extras(page, names: list[str]) -> dict:
    out = {}
    for name in names:
        fn, key, limit = EXTRA_MEASURES[name]
        figures = fn(page)
        value = figures.get(key)
        figures["meets_target"] = None if limit is None else (value is not None and value <= limit)
        figures["target"] = limit
        out[name] = figures
        print(f"  extra {name}: {key} = {value}" + (f" (target <= {limit})" if limit is not None else "")
              + f"; {json.dumps({k: v for k, v in figures.items() if k not in (key, 'meets_target', 'target')})}",
              flush=True)
    return out


#: ``--port``: the servers of this run listen from this port up, one port each (None: any free port).
NEXT_PORT: int | None = None


def _next_port() -> int | None:
    global NEXT_PORT
    if NEXT_PORT is None:
        return None
    port = free_port(NEXT_PORT)
    NEXT_PORT = port + 1
    return port


def serve(mode: str, notebook: pathlib.Path, repo: pathlib.Path, root: pathlib.Path, bytecode: bool = True):
    """(page url, process) for ``notebook`` (under ``root``) served in ``mode``.  ``bytecode``: let
    the kernels cache compiled modules (``__pycache__``), as on a learner's machine, even where
    ``PYTHONDONTWRITEBYTECODE`` is set."""
    env = {"TRICKTUTOR_SEED": SEED}
    if bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = ""
    if MODES[mode] is None:
        base, proc = start_jupyter_server(root, repo=repo, env=env, port=_next_port())
        return base + "voila/render/" + notebook.relative_to(root).as_posix(), proc
    return start_voila(notebook, extra_args=MODES[mode], repo=repo, env=env, port=_next_port())


def loadavg() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def _ratio(a, b):
    return None if a is None or not b else round(a / b, 2)


def _app_figures(loads: list[dict], page, args, mode: str, label: str) -> dict:
    """The medians of one app's loads, its clicks (on its last page) and the extras."""
    result: dict = {"loads": loads}
    for key in ("first_card_s", "spades_s", "look_s", "review_s", "review_chart_s"):
        result[key] = median([l[key] for l in loads])
    if args.clicks and page is not None:
        samples = measure_clicks(page, args.clicks)
        ms = [s["ms"] for s in samples if s["ms"] is not None]
        result["clicks"] = {
            "n": len(samples), "timeouts": sum(s["ms"] is None for s in samples),
            "explanations_with_rule": sum(s["kind"] == "error" for s in samples),
            "median_ms": round(statistics.median(ms), 1) if ms else None,
            "p95_ms": round(percentile(ms, 95), 1) if ms else None,
            "max_ms": round(max(ms), 1) if ms else None,
            "samples_ms": [None if s["ms"] is None else round(s["ms"], 1) for s in samples],
        }
        c = result["clicks"]
        print(f"  [{mode}] {label}: {c['n']} clicks, median {c['median_ms']} ms, p95 {c['p95_ms']} ms", flush=True)
    if args.extra and page is not None:
        result["extra"] = run_extras(page, args.extra)
    body = page.inner_text("body") if page is not None else ""
    result["error_text_on_page"] = [w for w in ("Traceback", "Something went wrong") if w in body]
    return result


def _judge(result: dict, base: dict, args) -> None:
    c = result.get("clicks") or {}
    result["ratios"] = {"first_card": _ratio(result["first_card_s"], base["button_s"]),
                        "spades": _ratio(result["spades_s"], base["button_s"]),
                        "review": _ratio(result["review_s"], base["button_s"]),
                        "click": _ratio(c.get("median_ms"), base["click_ms"])}
    result["meets_targets"] = bool(
        result["first_card_s"] is not None and result["first_card_s"] <= TARGETS["first_card_s"]
        and result["spades_s"] is not None and result["spades_s"] <= TARGETS["spades_s"]
        and result["review_s"] is not None and result["review_s"] <= TARGETS["review_s"]
        and (not args.clicks or (c.get("median_ms") is not None and c["median_ms"] <= TARGETS["click_median_ms"]
                                 and c["p95_ms"] <= TARGETS["click_p95_ms"]))
        and not result["error_text_on_page"]
        and all(x["meets_target"] is not False for x in (result.get("extra") or {}).values()))


def run_mode(browser, mode: str, args, workdir: pathlib.Path, record: bytes) -> dict:
    """Every app of ``args.apps`` ({label: checkout}) and the baseline page, each on its own server,
    their page loads interleaved (baseline, then each app, ``--loads`` times), so that a change in
    the machine's load touches them alike."""
    bytecode = not args.compile_each_time
    result: dict = {"mode": mode, "load_before": loadavg(), "apps": {}}
    servers: dict[str, tuple[str, object]] = {}
    try:
        servers["baseline"] = serve(mode, baseline_notebook(workdir), args.repo, workdir, bytecode)
        for label, repo in args.apps.items():
            servers[label] = serve(mode, repo / "notebooks" / "app.ipynb", repo, repo, bytecode)
        base: list[dict] = []
        loads: dict[str, list[dict]] = {label: [] for label in args.apps}
        pages: dict[str, tuple] = {}
        for i in range(args.loads):
            if mode == "preheat":
                time.sleep(12 if i == 0 else 8)  # let the pools (re)fill: the notebook runs in advance
            base.append(load_baseline(browser, servers["baseline"][0], 6))
            for label in args.apps:
                if label in pages:
                    pages[label][0].close()
                timing, context, page = load_app(browser, servers[label][0], record)
                pages[label] = (context, page)
                loads[label].append(timing)
                print(f"  [{mode}] load {i + 1} {label}: first card {timing['first_card_s']} s; Play Spades "
                      f"{timing['spades_s']} s (look {timing['look_s']} s); review {timing['review_s']} s "
                      f"(chart {timing['review_chart_s']} s); baseline page {base[-1]['button_s']} s", flush=True)
        clicks = [m for b in base for m in b["click_ms"][1:] if m is not None]  # the first click warms up
        result["baseline"] = {"button_s": median([b["button_s"] for b in base]), "click_ms": median(clicks),
                              "loads": base}
        for label in args.apps:
            context, page = pages[label]
            result["apps"][label] = _app_figures(loads[label], page, args, mode, label)
            context.close()
    finally:
        for _url, proc in servers.values():
            stop_voila(proc)
    result["load_after"] = loadavg()
    for r in result["apps"].values():
        _judge(r, result["baseline"], args)
    busiest = max(result["load_before"][:1] + result["load_after"][:1] or [0.0])
    result["busy"] = busiest > args.busy_load
    result["meets_targets"] = result["apps"][list(args.apps)[-1]]["meets_targets"]
    return result


ROWS = (("link -> first clickable card", "first_card_s", "first_card", "<= 3 s"),
        ("Play Spades tab -> hand, controls", "spades_s", "spades", "<= 1.5 s"),
        ("  then Look -> 13 cards face up", "look_s", None, ""),
        ("Review -> the review shown", "review_s", "review", "<= 1 s"),
        ("  Review -> its chart drawn", "review_chart_s", None, ""))


def report(r: dict) -> None:
    b, apps = r["baseline"], r["apps"]
    n = len(b["loads"])
    print(f"\n== mode {r['mode']}: medians of {n} loads each (load average before {r['load_before']}, "
          f"after {r['load_after']})")
    head = "".join(f"{label + ' s':>10} {'x base':>7}" for label in apps)
    print(f"  {'figure':34}{head} {'target':>9}")
    print(f"  {'baseline page: link -> button':34}" + "".join(f"{b['button_s']!s:>10} {'1':>7}" for _ in apps))
    for title, key, ratio, target in ROWS:
        cells = "".join(f"{a[key]!s:>10} {(a['ratios'][ratio] if ratio else '')!s:>7}" for a in apps.values())
        print(f"  {title:34}{cells} {target:>9}")
    if any(a.get("clicks") for a in apps.values()):
        cells = "".join(f"{(a.get('clicks') or {}).get('median_ms')!s:>10} {a['ratios']['click']!s:>7}"
                        for a in apps.values())
        print(f"  {'click -> feedback, median (ms)':34}{cells} {'<= 100':>9}")
        cells = "".join(f"{(a.get('clicks') or {}).get('p95_ms')!s:>10} {'':>7}" for a in apps.values())
        print(f"  {'click -> feedback, p95 (ms)':34}{cells} {'<= 150':>9}")
        print(f"  (baseline page: click -> answer {b['click_ms']} ms)")
    for label, a in apps.items():
        if a["error_text_on_page"]:
            print(f"  {label}: error text on the page: {a['error_text_on_page']}")
        verdict = "met" if a["meets_targets"] else "NOT met"
        note = (f"; the machine was busy (load average above {BUSY_NOTE}), so the idle targets cannot be "
                f"checked by this run: compare the ratios") if r["busy"] else ""
        print(f"  {label}: targets {verdict}{note}")


BUSY_NOTE = "--busy-load"


def main(argv: list[str] | None = None) -> int:
    global BUSY_NOTE
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modes", nargs="+", default=["default"], choices=list(MODES))
    ap.add_argument("--loads", type=int, default=5, help="fresh page loads per mode (default 5)")
    ap.add_argument("--clicks", type=int, default=30, help="drill card clicks measured per mode (default 30)")
    ap.add_argument("--json", type=pathlib.Path, help="also write the results here")
    ap.add_argument("--extra", nargs="*", default=[], metavar="NAME",
                    help=f"extra figures to measure (registered: {', '.join(sorted(EXTRA_MEASURES)) or 'none'})")
    ap.add_argument("--viewport", default="1280x800", help="page size WIDTHxHEIGHT (default 1280x800; 390x844)")
    ap.add_argument("--port", type=int, help="the Voila servers listen on 127.0.0.1 from this port up, one "
                                             "each (default: any free ports)")
    ap.add_argument("--repo", type=pathlib.Path, default=REPO,
                    help="the checkout whose app is measured (default: this one)")
    ap.add_argument("--before", type=pathlib.Path, metavar="CHECKOUT",
                    help="also measure the app of this checkout (e.g. the commit before a change, from "
                         "`git worktree add` or `git archive`), its loads interleaved with --repo's: before and after")
    ap.add_argument("--compile-each-time", action="store_true",
                    help="keep $PYTHONDONTWRITEBYTECODE for the kernels (every kernel compiles engine/ and tutor/ "
                         "from source; by default compiled modules are cached, as on a learner's machine)")
    ap.add_argument("--busy-load", type=float, default=1.0,
                    help="a 1-minute load average above this makes the machine too busy for the idle targets")
    args = ap.parse_args(argv)
    unknown = [n for n in args.extra if n not in EXTRA_MEASURES]
    if unknown:
        ap.error(f"unknown extra figure(s) {unknown}; registered: {sorted(EXTRA_MEASURES)}")
    try:
        w, h = (int(x) for x in args.viewport.lower().split("x"))
    except ValueError:
        ap.error(f"--viewport must be WIDTHxHEIGHT, e.g. 390x844, not {args.viewport!r}")
    if args.loads < 1:
        ap.error("--loads must be at least 1")
    args.repo = args.repo.resolve()
    args.apps = {}
    if args.before is not None:
        args.apps["before"] = args.before.resolve()
    args.apps["after" if args.before is not None else "app"] = args.repo
    for label, repo in args.apps.items():
        if not (repo / "notebooks" / "app.ipynb").is_file():
            ap.error(f"{repo} has no notebooks/app.ipynb")
    BUSY_NOTE = str(args.busy_load)
    VIEWPORT.update(width=w, height=h)
    global NEXT_PORT
    NEXT_PORT = args.port
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("Playwright (python) is missing: it comes with the project's test extra, which the app's "
                 "set-up (./dev.sh app: the app extra) leaves out. Run ./dev.sh test once (it installs the "
                 "test extra into .venv), or pip install -e '.[test]', then run this again.")

    record = finished_hand_record()
    print(f"viewport {w}x{h}; {args.loads} loads per mode; {os.cpu_count()} cores; "
          + "; ".join(f"{label}: {repo}" for label, repo in args.apps.items())
          + f"; compiled modules {'not cached' if args.compile_each_time else 'cached'}", flush=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="tt-bench-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for mode in args.modes:
                print(f"mode {mode}", flush=True)
                results.append(run_mode(browser, mode, args, pathlib.Path(tmp), record))
        finally:
            browser.close()
    for r in results:
        report(r)
    summary = {"targets": TARGETS, "viewport": VIEWPORT, "results": results}
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2))
    first = results[0]
    return 0 if first["meets_targets"] and not first["busy"] else 1


if __name__ == "__main__":
    sys.exit(main())
