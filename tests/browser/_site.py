"""The static site (``./dev.sh site``) for the site's browser tests and benchmark.

Not a test module (leading underscore).  Shared by ``test_site_browser.py`` and
``benchmarks/site_speed.py``:

* :func:`build_site` — ``./dev.sh site`` (its own environment ``.venv/site``; skipped
  when nothing the site is made from changed); returns ``_site/``.
* :class:`SiteServer` — the site on 127.0.0.1 (scripts/site/serve.py's server, in a
  thread of this process: it can be stopped and restarted on the same port), and
  how many bytes it sent.
* :func:`offline_copy_complete`, :func:`python_start`, :func:`set_snapshot_aside` — the
  service worker's offline copy, how the kernel's Python started (from the site's
  snapshot or the usual way), a start without the snapshot.
* :data:`OFFLINE_LAUNCH` — Chromium options that refuse every address but
  127.0.0.1 (a proxy that does not exist, and a host resolver that knows no name);
  :func:`guard` records each request of a context that is not for 127.0.0.1
  (``guard(context).refused``).  No request interception (``context.route``):
  Playwright switches the browser's HTTP cache off for routed contexts, and the
  site's second visit (offline) comes from that cache.
"""
from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import subprocess
import sys
import threading

REPO = pathlib.Path(__file__).resolve().parents[2]
SITE = REPO / "_site"
APP_PATH = "voici/render/notebooks/app.html"

_spec = importlib.util.spec_from_file_location("tt_site_serve", REPO / "scripts" / "site" / "serve.py")
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)

#: Chromium's host resolver answers nothing but 127.0.0.1.
NO_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
#: Every request not for 127.0.0.1 (loopback bypasses a proxy) goes to a proxy on
#: a port where nothing listens: refused, whatever its address.
DEAD_PROXY = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}


def offline_launch(launch_args: dict) -> dict:
    """Chromium launch options (pytest-playwright's) with both walls added."""
    return {**launch_args, "args": [*launch_args.get("args", []), NO_OTHER_HOSTS], "proxy": DEAD_PROXY}


def build_site(timeout: float = 900) -> pathlib.Path:
    """Build ``_site/`` with ``./dev.sh site`` (which sets up ``.venv/site`` the first
    time); raise RuntimeError with the output's tail if it fails."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(["bash", str(REPO / "dev.sh"), "site"], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    if proc.returncode != 0 or not (SITE / "index.html").is_file():
        raise RuntimeError(f"./dev.sh site failed ({proc.returncode}):\n{(proc.stdout + proc.stderr)[-4000:]}")
    print((proc.stderr.strip().splitlines() or [""])[-1], file=sys.stderr)
    return SITE


def build_info(site: pathlib.Path = SITE) -> dict:
    return json.loads((site / "build-info.json").read_text())


class _CountingHandler(serve.Handler):
    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.bytes_sent += source.tell() - start


class SiteServer:
    """``SiteServer(site).start()`` -> serves on 127.0.0.1:``port``; ``stop()``;
    ``start()`` again binds the same port.  ``bytes_sent`` counts file bytes."""

    def __init__(self, site: pathlib.Path = SITE, port: int = 0):
        self.site, self.port, self._server, self._thread = site, port, None, None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def bytes_sent(self) -> int:
        return self._server.bytes_sent if self._server else 0

    def reset_count(self) -> None:
        self._server.bytes_sent = 0

    def start(self) -> SiteServer:
        import functools
        import http.server
        handler = functools.partial(_CountingHandler, directory=str(self.site))
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self._server.bytes_sent = 0
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(10)
            self._server = None


class Guard:
    """Records every request of a context that is not for 127.0.0.1 (the browser,
    launched with :func:`offline_launch`, refuses them)."""

    LOCAL = ("http://127.0.0.1:", "ws://127.0.0.1:", "blob:", "data:", "about:", "chrome-extension:")

    def __init__(self, context):
        self.refused: list[str] = []
        self.requests = 0
        context.on("request", self._seen)

    def _seen(self, request):
        self.requests += 1
        if not request.url.startswith(self.LOCAL):
            self.refused.append(request.url)


def guard(context) -> Guard:
    return Guard(context)


def offline_copy_complete(page, timeout_s: float = 300) -> None:
    """Waits until the site's service worker has kept every file of the build (its list of
    files is the last entry it writes); ``page`` is any page of the site."""
    import time
    deadline = time.monotonic() + timeout_s
    while not page.evaluate("""async () => {
        for (const name of await caches.keys()) {
            const c = await caches.open(name);
            if (await c.match(new URL("__tricktutor-files__.json", location.origin + "/").href)) return true;
        }
        return false;
    }"""):
        if time.monotonic() > deadline:
            raise TimeoutError("the service worker's offline copy was not complete in time")
        page.wait_for_timeout(1000)


def python_start(page) -> str | None:
    """How the page's kernel started Python (scripts/site/start-pyodide.js): "snapshot", or
    "usual: <why>"; None while no kernel worker said."""
    for worker in page.workers:
        try:
            said = worker.evaluate("self.ttPythonStart || null")
        except Exception:     # noqa: BLE001 -- a worker that ended meanwhile
            continue
        if said:
            return said
    return None


def set_snapshot_aside(page, snapshot: str, aside: bool) -> int:
    """Takes the site's snapshot (``build_info()["snapshot"]``) out of the offline copy
    (``aside=True``: the next start is the usual one), held in ``page``'s memory, or puts it
    back; ``page`` stays open between the two.  Returns how many copies moved."""
    return page.evaluate("""async ([path, aside]) => {
        const url = new URL(path, location.origin + "/").href;
        if (aside) {
            window.ttHeld = [];
            for (const name of await caches.keys()) {
                const c = await caches.open(name);
                const r = await c.match(url);
                if (r) { window.ttHeld.push([name, r]); await c.delete(url); }
            }
            return window.ttHeld.length;
        }
        for (const [name, r] of window.ttHeld) await (await caches.open(name)).put(url, r);
        return window.ttHeld.splice(0).length;
    }""", [snapshot, aside])
