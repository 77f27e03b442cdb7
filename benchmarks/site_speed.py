"""The static site (issue 25) against the local Voila app, side by side in one run.

    python benchmarks/site_speed.py [--rounds 3] [--no-build] [--port 8000] [--json out.json]

Builds the site (``./dev.sh site``; skipped when up to date), serves it from
127.0.0.1 (scripts/site/serve.py's server, counting bytes) and starts the Voila app
(``voila notebooks/app.ipynb``, as the browser tests run it).  Each round, in
headless Chromium at 1280×800, alternating so both meet the same machine load:

* **Voila**: a fresh browser context opens the app -> first clickable card (the
  Drills tab clicked as soon as it shows, then the follow-suit drill's first card);
* **site cold**: a fresh context (empty cache, no service worker) opens
  ``index.html`` -> first clickable card, and the bytes the server sent for it
  (the cold download: the server compresses as scripts/site/serve.py and GitHub Pages do,
  ``--no-gzip`` sends every file as it is);
* **site warm**: once the site's service worker has kept its offline copy (a later
  visit), the same context opens the page again -> first clickable card: a first time
  (the browser compiles Pyodide's WebAssembly again, now that it comes from the offline
  copy), then twice more: with the offline copy as it is (the kernel starts Python
  from the site's memory snapshot, scripts/site/start-pyodide.js) and with the snapshot
  set aside (the usual start), in alternating order; each says how its kernel started.

Then where a warm start's time goes, measured in a page of its own that does what
the kernel does in its Web Worker, step by step (the Pyodide runtime, the
preloaded wheels, then each import), the usual way and from the snapshot, and the
cold download by kind of file.

Targets (issue 25): warm <= 2x Voila's time in the same run; cold <= 15 s;
cold download <= 25 MB.  Exit status 0 when all are met, else 1.
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import pathlib
import shutil
import statistics
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
import _site  # noqa: E402  (tests/browser/_site.py: build, serve, walls)

_spec = importlib.util.spec_from_file_location("tt_browser_speed", REPO / "benchmarks" / "browser_speed.py")
_speed = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_speed)

TARGETS = {"warm_over_voila": 2.0, "cold_s": 15.0, "cold_mb": 25.0}
VIEWPORT = {"width": 1280, "height": 800}
HAND = ".tt-follow-drill .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
DRILLS = ".tt-app .lm-TabBar-tab"

#: The worker-side steps (what jupyterlite-pyodide-kernel 0.7's worker does, then the app's imports).
STEPS_JS = r"""
const fromSnapshot = self.location.search.includes("snapshot=1");
importScripts(fromSnapshot ? "../static/pyodide/start-pyodide.js" : "../static/pyodide/pyodide.js");
(async () => {
  const t0 = performance.now(); const out = []; let last = t0;
  const mark = (what) => { const now = performance.now(); out.push([what, (now - last) / 1000]); last = now; };
  const lock = await (await fetch("../static/pyodide/pyodide-lock.json")).json();
  const py = await loadPyodide({ indexURL: new URL("../static/pyodide/", self.location.href).href });
  if (fromSnapshot && self.ttPythonStart !== "snapshot") throw new Error("no start from the snapshot: " + self.ttPythonStart);
  mark(fromSnapshot ? "Pyodide from the snapshot (wasm, memory)" : "Pyodide runtime (wasm, stdlib)");
  await py.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
  mark(`${Object.keys(lock.packages).length} preloaded wheels (fetch, unpack)`);
  const run = async (what, code) => { await py.runPythonAsync(code); mark(what); };
  await run("import micropip, piplite", "import piplite.piplite");
  await run("import IPython", "import IPython");
  await run("import pyodide_kernel (the kernel)", "import pyodide_kernel\npyodide_kernel.kernel_instance.interpreter.send_comm = lambda *a, **k: None");
  await run("import ipywidgets, anywidget", "import ipywidgets, anywidget");
  await run("import tutor.app", "import tutor.app");
  await run("the app's first sections (drills)", "import tutor.drills");
  await run("import plotly.graph_objects", "import plotly.graph_objects");
  await run("the game table (Play Spades)", "import tutor.table");
  postMessage({ steps: out, total: (performance.now() - t0) / 1000 });
})().catch(e => postMessage({ error: String(e) }));
"""
STEPS_HTML = """<!doctype html><script>window.result = null;
const w = new Worker("steps.js" + location.search); w.onmessage = (e) => { window.result = e.data; };</script>"""


def first_card(page, url: str) -> float:
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    tab = page.locator(DRILLS, has_text="Drills").first
    tab.wait_for(state="visible", timeout=180_000)
    tab.click()
    page.locator(HAND).first.wait_for(state="visible", timeout=60_000)
    return time.perf_counter() - t0


def warm_visits(ctx, url: str, helper, snapshot: str, snapshot_first: bool) -> dict:
    """Later visits in ``ctx``: the first one; then two more, with the offline copy as it is
    and with the snapshot set aside (``helper``, a page of the site, holds it meanwhile)."""
    row = {}
    # the first later visit (the browser compiles what it now gets from the offline copy)
    page = ctx.new_page()
    row["site_warm_first_s"] = first_card(page, url)
    row["site_warm_first_start"] = _site.python_start(page)
    page.close()
    for with_snapshot in ((True, False) if snapshot_first else (False, True)):
        key = "site_warm_s" if with_snapshot else "site_warm_usual_s"
        if not with_snapshot and not _site.set_snapshot_aside(helper, snapshot, True):
            raise RuntimeError(f"the offline copy holds no {snapshot}")
        page = ctx.new_page()
        try:
            row[key] = first_card(page, url)
            row[key.replace("_s", "_start")] = _site.python_start(page)
        finally:
            page.close()
            if not with_snapshot:
                _site.set_snapshot_aside(helper, snapshot, False)
    return row


class _ByPath(_site._CountingHandler):
    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.by_path[self.path.split("?")[0]] += source.tell() - start


def kind(path: str) -> str:
    if path.startswith("/static/pyodide/"):
        return "Python packages (wheels)" if path.endswith(".whl") else "Pyodide runtime"
    if path.startswith("/extensions/"):
        return "JupyterLab extensions (widgets, plotly, kernel)"
    if path.startswith(("/build/", "/voici/build/")):
        return "JupyterLite and Voici code"
    return "pages, settings, notebooks"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    ap.add_argument("--site", help="measure this built site instead (implies --no-build)")
    ap.add_argument("--no-gzip", action="store_true", help="the server sends every file uncompressed")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--port", type=int, help="the site's server listens on 127.0.0.1 at this port or the next "
                                             "free one, the Voila app's on the port after it (default: any)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    site = pathlib.Path(args.site) if args.site else _site.SITE if args.no_build else _site.build_site()
    info = _site.build_info(site)
    # the site's server, counting the bytes it sends by path
    import functools
    import http.server
    import threading
    _ByPath.compress = not args.no_gzip
    handler = functools.partial(_ByPath, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", _speed.free_port(args.port) if args.port else 0), handler)
    httpd.bytes_sent, httpd.by_path, httpd.daemon_threads = 0, collections.Counter(), True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    if args.port:
        _speed.NEXT_PORT = httpd.server_address[1] + 1
    bench_dir = site / "__bench__"
    bench_dir.mkdir(exist_ok=True)
    (bench_dir / "steps.js").write_text(STEPS_JS)
    (bench_dir / "steps.html").write_text(STEPS_HTML)
    (bench_dir / "blank.html").write_text("<!doctype html><title>site_speed</title>")
    results: dict = {"site_bytes": info["bytes"], "site_files": info["files"],
                     "build_seconds": info["build_seconds"], "rounds": []}
    with sync_playwright() as pw:
        voila_url, voila = _speed.serve("default", REPO / "notebooks" / "app.ipynb", REPO, REPO)
        browser = pw.chromium.launch(**_site.offline_launch(
            {"executable_path": _speed.CHROMIUM, "args": _speed.CHROMIUM_ARGS, "headless": True}))
        try:
            for r in range(args.rounds):
                row = {}
                ctx = browser.new_context(viewport=VIEWPORT)
                row["voila_s"] = first_card(ctx.new_page(), voila_url)
                ctx.close()
                ctx = browser.new_context(viewport=VIEWPORT)
                wall = _site.guard(ctx)
                page = ctx.new_page()
                httpd.bytes_sent = 0
                httpd.by_path.clear()
                row["site_cold_s"] = first_card(page, base + "index.html?seed=7")
                page.wait_for_timeout(1500)     # what the page fetches after the first card
                row["cold_mb"] = httpd.bytes_sent / 1e6
                by_kind = collections.Counter()
                for path, n in httpd.by_path.items():
                    by_kind[kind(path)] += n
                row["cold_mb_by_kind"] = {k: round(v / 1e6, 2) for k, v in by_kind.most_common()}
                row["site_cold_start"] = _site.python_start(page)
                _site.offline_copy_complete(page)
                helper = ctx.new_page()
                helper.goto(base + "__bench__/blank.html")
                page.close()
                httpd.bytes_sent = 0
                row.update(warm_visits(ctx, base + "index.html?seed=7", helper, info["snapshot"], r % 2 == 0))
                row["warm_mb"] = httpd.bytes_sent / 1e6
                row["refused"] = list(wall.refused)
                ctx.close()
                results["rounds"].append({k: (round(v, 2) if isinstance(v, float) else v) for k, v in row.items()})
                print(json.dumps(results["rounds"][-1]), flush=True)
            # where a warm start goes (the cache is warm from the rounds above)
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "index.html?seed=7")        # the site's offline copy, for the snapshot
            page.locator(HAND.split(" ")[0]).first.wait_for(state="attached", timeout=300_000)
            _site.offline_copy_complete(page)
            for key, query in (("warm_start_steps", ""), ("warm_start_steps_snapshot", "?snapshot=1")):
                steps = None
                for _ in range(2):              # the first warms the cache, the second is measured
                    page.goto(base + "__bench__/steps.html" + query)
                    page.wait_for_function("window.result !== null", timeout=300_000)
                    steps = page.evaluate("window.result")
                results[key] = steps
            ctx.close()
        finally:
            browser.close()
            _speed.stop_voila(voila)
            httpd.shutdown()
            shutil.rmtree(bench_dir, ignore_errors=True)
    rounds = results["rounds"]
    med = {k: statistics.median(r[k] for r in rounds)
           for k in ("voila_s", "site_cold_s", "site_warm_first_s", "site_warm_s", "site_warm_usual_s", "cold_mb")}
    results["median"] = {k: round(v, 2) for k, v in med.items()}
    ratio = med["site_warm_s"] / med["voila_s"]
    print(f"\nsite: {info['bytes'] / 1e6:.1f} MB on disk in {info['files']} files, built in {info['build_seconds']} s")
    print(f"open -> first clickable card, median of {len(rounds)}: Voila {med['voila_s']:.1f} s · "
          f"site warm {med['site_warm_s']:.1f} s ({ratio:.1f}x Voila; target <= {TARGETS['warm_over_voila']}x) · "
          f"site cold {med['site_cold_s']:.1f} s (target <= {TARGETS['cold_s']} s)")
    starts = collections.Counter(r[k] for r in rounds for k in ("site_warm_first_start", "site_warm_start"))
    print(f"site warm without the snapshot {med['site_warm_usual_s']:.1f} s "
          f"({med['site_warm_usual_s'] / med['voila_s']:.1f}x Voila): the snapshot saves "
          f"{med['site_warm_usual_s'] - med['site_warm_s']:.1f} s; the first later visit "
          f"{med['site_warm_first_s']:.1f} s ({med['site_warm_first_s'] / med['voila_s']:.1f}x Voila); "
          "Python started from " + ", ".join(f"{k} ({n})" for k, n in starts.items()))
    print(f"cold download {med['cold_mb']:.1f} MB sent (gzip where it helps; target <= {TARGETS['cold_mb']} MB): "
          + ", ".join(f"{k} {v} MB" for k, v in rounds[-1]["cold_mb_by_kind"].items()))
    for key, how in (("warm_start_steps", "the usual way"), ("warm_start_steps_snapshot", "from the snapshot")):
        if (results.get(key) or {}).get("steps"):
            print(f"a warm start in the kernel's worker, {how}, {results[key]['total']:.1f} s:")
            for what, s in results[key]["steps"]:
                print(f"  {s:6.2f} s  {what}")
        elif results.get(key):
            print(f"a warm start in the kernel's worker, {how}: {results[key]}")
    refused = sorted({u for r in rounds for u in r["refused"]})
    print(f"requests to other hosts: {len(refused)}")
    ok = (ratio <= TARGETS["warm_over_voila"] and med["site_cold_s"] <= TARGETS["cold_s"]
          and med["cold_mb"] <= TARGETS["cold_mb"] and not refused)
    results["targets_met"] = ok
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=1))
    print("targets:", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
