"""Speed of the Trick Tutor app in headless Chromium (the Voila page notebooks/app.ipynb).

Measures, for each Voila configuration ("mode"):

* **interactive**: from the start of navigation to (a) the app's section tabs
  being visible (the page is built and its widgets are live) and (b) the first
  card of the follow-suit drill being visible and clickable (this includes a
  click on the "Drills" tab, which is handled in the browser);
* **click → feedback**: from a card click in the follow-suit drill to the
  drill's explanation being on the page (the click goes to the kernel, the
  engine judges it, and the new message comes back), over ``--clicks``
  clicks (default 30): median and 95th percentile.  Illegal cards are chosen
  where possible (their explanation names the rule); when a position has no
  untried illegal card, a legal one is played and the drill moves on.

* **extra figures** (``--extra``), measured on the same page after the
  clicks, each by a function registered with :func:`extra_measure`: built in
  is ``sections`` (click on each section tab → its content built and shown,
  at the first opening, which builds the game tables in the kernel, and
  again).  Other parts of the tutor add theirs (hand end at the table,
  "Show me" in the bidding drill) the same way: a function
  ``fn(page) -> {"median_ms": ..., ...}`` registered with
  ``@extra_measure("name", key="median_ms", limit=1000)``; its figure is
  printed, stored in the JSON, and checked against ``limit`` if one is given.

``--viewport 390x844`` measures on a phone-sized page (default 1280x1000).

Modes: ``default`` (``voila notebooks/app.ipynb``, as the browser tests run
it), ``server`` (a Jupyter server with the Voila extension, as ``./dev.sh app``
and Binder serve it; Voila cannot pre-heat kernels there) and ``preheat`` (``--preheat_kernel=True --pool_size=1``: Voila runs the
notebook in a kernel before anyone asks, so the page arrives built).

Targets (issue 5): interactive within 3 s; click to feedback under 100 ms
median and 150 ms at the 95th percentile.

Usage::

    python benchmarks/browser_speed.py                  # both modes, 3 loads each, 30 clicks
    python benchmarks/browser_speed.py --modes preheat --loads 5 --json out.json

Exit status 0 when every target is met in the best mode, else 1.
Needs the app extra, Playwright (python) and Chromium (``$TT_CHROMIUM`` or
/usr/bin/chromium); never downloads a browser.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[1]
# Start/stop helpers are shared with the browser tests (tests/browser/conftest.py).
_spec = importlib.util.spec_from_file_location("tt_browser_helpers", REPO / "tests" / "browser" / "conftest.py")
_helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_helpers)
stop_voila = _helpers.stop_voila
APP = REPO / "notebooks" / "app.ipynb"
CHROMIUM = os.environ.get("TT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"]
MODES = {
    "default": [],
    "preheat": ["--preheat_kernel=True", "--pool_size=1"],
    "server": ["(jupyter server + voila extension, as ./dev.sh app and Binder)"],
}
TARGETS = {"interactive_s": 3.0, "click_median_ms": 100.0, "click_p95_ms": 150.0}

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

# Click a card and resolve with the milliseconds until a drill feedback box
# (explanation or note) changes.  Runs in the page.
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_voila(extra: list[str], log_path: pathlib.Path) -> tuple[str, subprocess.Popen]:
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    env.setdefault("TRICKTUTOR_SEED", "7")
    if extra == MODES["server"]:
        cmd = [sys.executable, "-m", "jupyter", "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
               f"--ServerApp.root_dir={REPO}", "--allow-root"]
        page = "voila/render/notebooks/app.ipynb"
    else:
        cmd = [sys.executable, "-m", "voila", str(APP), "--no-browser", f"--port={port}",
               "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", "--show_tracebacks=True", *extra]
        page = ""
    log = open(log_path, "wb")  # noqa: SIM115
    proc = subprocess.Popen(cmd, cwd=APP.parent, env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    proc._tt_log = log  # type: ignore[attr-defined]  (closed by stop_voila)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited: {log_path.read_text(errors='replace')[-2000:]}")
        try:
            urllib.request.urlopen(url + "voila/static/", timeout=2).close()
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            if time.monotonic() > deadline:
                stop(proc)
                raise RuntimeError("voila did not start within 60 s")
            time.sleep(0.2)
    return url + page, proc


def stop(proc: subprocess.Popen) -> None:
    """Stop a server and its kernels (the browser tests' ``stop_voila``)."""
    stop_voila(proc)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(-(-q * len(s) // 100)) - 1))
    return s[k]


VIEWPORT = {"width": 1280, "height": 1000}


def load_page(browser, url: str) -> tuple[dict, object, object]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(".tt-app .lm-TabBar-tab", has_text="Drills").first.wait_for(state="visible", timeout=120_000)
    t_tabs = time.perf_counter() - t0
    page.locator(".tt-app .lm-TabBar-tab", has_text="Drills").first.click()
    page.locator(HAND).first.wait_for(state="visible", timeout=60_000)
    t_card = time.perf_counter() - t0
    return {"tabs_visible_s": round(t_tabs, 3), "first_card_clickable_s": round(t_card, 3)}, context, page


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


SECTION_JS = """
async (title) => {
  const tab = Array.from(document.querySelectorAll('.tt-app > .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab'))
    .find(t => t.textContent.trim() === title);
  const box = document.querySelector('.tt-section-' + title.toLowerCase().replace(/ /g, '-'));
  const ready = () => box.offsetParent !== null && box.getBoundingClientRect().height > 0
    && !Array.from(box.querySelectorAll('.tt-loading')).some(e => e.offsetParent !== null)
    && Array.from(box.children).some(c => c.getBoundingClientRect().height > 0);
  // Lumino selects a tab on pointerdown (a bare click() event is not enough)
  const r = tab.getBoundingClientRect();
  const o = {bubbles: true, cancelable: true, button: 0, buttons: 1, clientX: r.left + r.width / 2,
             clientY: r.top + r.height / 2, pointerId: 1, isPrimary: true, pointerType: 'mouse'};
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const check = () => {
      if (ready()) { resolve(performance.now() - t0); return; }
      if (performance.now() - t0 > 30000) { resolve(null); return; }
      requestAnimationFrame(check);
    };
    tab.dispatchEvent(new PointerEvent('pointerdown', o));
    document.dispatchEvent(new PointerEvent('pointerup', {...o, buttons: 0}));
    tab.dispatchEvent(new MouseEvent('click', o));
    requestAnimationFrame(check);
  });
}
"""


@extra_measure("sections", key="max_first_open_ms")
def measure_sections(page) -> dict:
    """Click each section tab in turn: ms until its content is built and
    shown (the first opening of Play Spades / Play Oh Hell / Score sheet
    builds them in the kernel), then the same again (already built)."""
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


def run_mode(browser, mode: str, loads: int, clicks: int, workdir: pathlib.Path,
             extras: list[str] | None = None) -> dict:
    url, proc = start_voila(MODES[mode], workdir / f"voila-{mode}.log")
    try:
        result: dict = {"mode": mode, "args": MODES[mode], "loads": []}
        page = context = None
        for i in range(loads):
            if mode == "preheat":
                time.sleep(12 if i == 0 else 10)  # let the pool (re)fill: the notebook runs in advance
            if context is not None:
                context.close()
            timing, context, page = load_page(browser, url)
            result["loads"].append(timing)
            print(f"  [{mode}] load {i + 1}: tabs {timing['tabs_visible_s']:.2f} s, "
                  f"first card clickable {timing['first_card_clickable_s']:.2f} s", flush=True)
        if clicks:
            time.sleep(1.0)
            samples = measure_clicks(page, clicks)
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
            print(f"  [{mode}] {c['n']} clicks: median {c['median_ms']} ms, p95 {c['p95_ms']} ms, "
                  f"max {c['max_ms']} ms ({c['explanations_with_rule']} illegal-card explanations)", flush=True)
        if extras and page is not None:
            result["extra"] = run_extras(page, extras)
        body = page.inner_text("body") if page is not None else ""
        result["error_text_on_page"] = [w for w in ("Traceback", "Error", "Something went wrong") if w in body]
        if context is not None:
            context.close()
        firsts = [l["first_card_clickable_s"] for l in result["loads"]]
        result["first_card_clickable_median_s"] = round(statistics.median(firsts), 3)
        return result
    finally:
        stop(proc)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modes", nargs="+", default=list(MODES), choices=list(MODES))
    ap.add_argument("--loads", type=int, default=3, help="page loads per mode (default 3)")
    ap.add_argument("--clicks", type=int, default=30, help="card clicks measured per mode (default 30)")
    ap.add_argument("--json", type=pathlib.Path, help="also write the results here")
    ap.add_argument("--extra", nargs="*", default=[], metavar="NAME",
                    help=f"extra figures to measure (registered: {', '.join(sorted(EXTRA_MEASURES)) or 'none'})")
    ap.add_argument("--viewport", default="1280x1000", help="page size WIDTHxHEIGHT (e.g. 390x844)")
    args = ap.parse_args(argv)
    unknown = [n for n in args.extra if n not in EXTRA_MEASURES]
    if unknown:
        ap.error(f"unknown extra figure(s) {unknown}; registered: {sorted(EXTRA_MEASURES)}")
    try:
        w, h = (int(x) for x in args.viewport.lower().split("x"))
    except ValueError:
        ap.error(f"--viewport must be WIDTHxHEIGHT, e.g. 390x844, not {args.viewport!r}")
    VIEWPORT.update(width=w, height=h)
    from playwright.sync_api import sync_playwright

    results = []
    with tempfile.TemporaryDirectory(prefix="tt-bench-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for mode in args.modes:
                print(f"mode {mode}: voila {' '.join(MODES[mode]) or '(no extra options)'}", flush=True)
                results.append(run_mode(browser, mode, args.loads, args.clicks, pathlib.Path(tmp), args.extra))
        finally:
            browser.close()
    ok_modes = []
    for r in results:
        c = r.get("clicks") or {}
        r["meets_targets"] = bool(
            r["first_card_clickable_median_s"] <= TARGETS["interactive_s"]
            and c.get("median_ms") is not None and c["median_ms"] <= TARGETS["click_median_ms"]
            and c["p95_ms"] <= TARGETS["click_p95_ms"] and not r["error_text_on_page"]
            and all(x["meets_target"] is not False for x in (r.get("extra") or {}).values()))
        if r["meets_targets"]:
            ok_modes.append(r["mode"])
    summary = {"targets": TARGETS, "results": results, "modes_meeting_targets": ok_modes}
    print(json.dumps({r["mode"]: {"first_card_clickable_median_s": r["first_card_clickable_median_s"],
                                  "click_median_ms": (r.get("clicks") or {}).get("median_ms"),
                                  "click_p95_ms": (r.get("clicks") or {}).get("p95_ms"),
                                  "meets_targets": r["meets_targets"]} for r in results}, indent=2))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2))
    return 0 if ok_modes else 1


if __name__ == "__main__":
    sys.exit(main())
