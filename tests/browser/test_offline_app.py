"""The app works without the internet, and ``./dev.sh app`` prints only links that work.

* The Voila app (as the browser tests serve it, and as ``./dev.sh app`` serves
  it) asks nothing of any host but its own server: no Font Awesome or MathJax
  from a CDN (classrooms behind filters, or offline), and the button icons
  still show (Font Awesome comes with Voila's own static files).
* ``./dev.sh app`` with its port taken moves to a free port, and prints the
  links only once its own server answers there: the printed token is accepted
  by the server on the printed port, and the app opens at the printed link.
  What it prints on stderr has none of the noise a newcomer reads as errors.
"""
from __future__ import annotations

import os
import pathlib
import queue
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = pathlib.Path(__file__).resolve().parents[2]
APP = REPO / "notebooks" / "app.ipynb"

#: Requests to these prefixes stay on this machine (the page's own server).
LOCAL_PREFIXES = ("http://127.0.0.1:", "ws://127.0.0.1:", "blob:http://127.0.0.1:", "data:", "about:")
#: Lines of the server's output that are noise, not something to act on (issue 10).
NOISE = ("DeprecationWarning", "is deprecated", "is not trusted", "websocket_ping",
         "without encryption", "Traceback", "Editable installation")


def _watch(page) -> dict[str, list[str]]:
    seen: dict[str, list[str]] = {"requests": [], "failed": [], "errors": []}
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("requestfailed", lambda r: seen["failed"].append(f"{r.url} ({r.failure})"))
    page.on("console", lambda m: m.type == "error" and seen["errors"].append(m.text))
    return seen


def _off_host(urls: list[str]) -> list[str]:
    return [u for u in urls if not u.startswith(LOCAL_PREFIXES)]


def _open_app(page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=180_000)


def test_voila_app_asks_nothing_of_other_hosts_and_shows_its_icons(voila_server, browser, artifacts_dir):
    url = voila_server(APP)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(60_000)
    seen = _watch(page)
    try:
        _open_app(page, url)
        page.locator(".tt-app .lm-TabBar-tab", has_text="Drills").first.click()
        icon = page.locator(".tt-app button i.fa-arrow-right").first     # the drills' "Next"
        expect(icon).to_be_visible()
        family = icon.evaluate("e => getComputedStyle(e).fontFamily")
        assert "Font Awesome" in family, family
        # the icon font itself was loaded (from Voila's static files, not a CDN)
        page.wait_for_function(
            "() => document.fonts.check('900 16px \"Font Awesome 5 Free\"')", timeout=30_000)
        page.wait_for_timeout(1500)                  # late requests (lazy chunks, MathJax) too
        icon.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / "offline_app_drills_390.png"))
    finally:
        context.close()
    assert seen["requests"], "no request recorded"
    assert _off_host(seen["requests"]) == []
    assert seen["failed"] == []
    assert [e for e in seen["errors"] if "Failed to load resource" in e] == []


def test_math_is_typeset_with_the_mathjax_voila_bundles(voila_server, write_notebook, browser, tmp_path):
    """No MathJax from a CDN, and LaTeX in an output is still typeset (Voila's own MathJax 3)."""
    nb = write_notebook(tmp_path / "math.ipynb",
                        "from IPython.display import Markdown\nMarkdown('Area: $\\\\pi r^2$')")
    page = browser.new_page()
    seen = _watch(page)
    try:
        page.goto(voila_server(nb))
        math = page.locator(".jp-RenderedMarkdown mjx-container")
        expect(math).to_have_count(1, timeout=120_000)
        expect(page.locator(".jp-RenderedMarkdown")).not_to_contain_text("$")
    finally:
        page.close()
    assert _off_host(seen["requests"]) == []
    assert seen["failed"] == []


# --------------------------------------------------------------------------- ./dev.sh app


class _Lines:
    """Collect a pipe's lines in a thread (so the process never blocks on a full pipe)."""

    def __init__(self, stream):
        self.lines: list[str] = []
        self._q: queue.Queue[str] = queue.Queue()
        self._t = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._t.start()

    def _read(self, stream):
        for line in stream:
            self.lines.append(line)
            self._q.put(line)

    def wait_for(self, pattern: str, timeout: float, proc: subprocess.Popen) -> re.Match:
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        for line in self.lines:
            if m := rx.search(line):
                return m
        while time.monotonic() < deadline:
            try:
                line = self._q.get(timeout=0.5)
            except queue.Empty:
                if proc.poll() is not None and self._q.empty():
                    break
                continue
            if m := rx.search(line):
                return m
        raise AssertionError(f"no line matching {pattern!r} within {timeout:.0f} s "
                             f"(exit {proc.poll()}):\n{''.join(self.lines)[-3000:]}")


def _status(port: int, token: str) -> int:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/status",
                                 headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_dev_sh_app_moves_off_a_taken_port_and_prints_links_to_its_own_server(browser, artifacts_dir):
    # Someone else holds the port asked for (another server, or a second copy).
    squatter = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    taken = squatter.getsockname()[1]
    token = secrets.token_hex(16)
    env = {**os.environ, "PORT": str(taken), "TT_TOKEN": token}
    if sys.prefix != sys.base_prefix:     # run the app under this test run's environment
        env["TT_VENV"] = sys.prefix
    proc = subprocess.Popen(
        ["bash", str(REPO / "dev.sh"), "app"], cwd=REPO, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    out, err = _Lines(proc.stdout), _Lines(proc.stderr)
    try:
        m = out.wait_for(r"(http://127\.0\.0\.1:(\d+)/voila/render/notebooks/app\.ipynb\?token=(\w+))",
                         timeout=300, proc=proc)
        app_url, port, printed_token = m.group(1), int(m.group(2)), m.group(3)
        assert port != taken
        assert printed_token == token
        # nothing but the "moved" note and the start line came before the links
        assert any(f"Port {taken} is in use" in line for line in err.lines), "".join(err.lines)
        link_lines = [line for line in out.lines if "http" in line]
        assert all(f"127.0.0.1:{port}/" in line for line in link_lines), link_lines
        # the printed port is served by this server: it takes the printed token, refuses others
        assert _status(port, token) == 200
        assert _status(port, "0" * 32) == 403
        lab = out.wait_for(r"(http://127\.0\.0\.1:\d+/lab/tree/notebooks/00_welcome\.ipynb\?token=\w+)",
                           timeout=30, proc=proc).group(1)  # the line after the app's link
        with urllib.request.urlopen(lab, timeout=30) as r:
            assert r.status == 200 and b"JupyterLab" in r.read()
        # the app opens at the printed link, and asks nothing of any other host
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        seen = _watch(page)
        try:
            _open_app(page, app_url)
            page.wait_for_timeout(1500)
            page.screenshot(path=str(artifacts_dir / "dev_sh_app_1280.png"))
        finally:
            context.close()
        assert _off_host(seen["requests"]) == []
        assert seen["failed"] == []
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        squatter.close()
    noise = [line for line in err.lines if any(n in line for n in NOISE)]
    assert noise == [], "".join(err.lines)
