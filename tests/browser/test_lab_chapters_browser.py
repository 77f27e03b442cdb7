"""The chapters open in JupyterLab without its first-run pop-ups (issue 28).

A fresh JupyterLab asks every new user "Would you like to get notified about
official Jupyter news?" in a notification over the chapter, and (once news are
switched on) checks the internet for JupyterLab updates.  A learner who opens a
chapter has nothing to decide there: the settings override
``share/jupyter/lab/settings/overrides.json`` switches both off
(``fetchNews: "false"``, ``checkForUpdates: false``).  ``./dev.sh app`` reads it
through ``scripts/app_server_config.py``; Binder copies it into the environment
with ``binder/postBuild`` (``scripts/binder_rehearsal.sh`` checks that side).

Here ``./dev.sh app`` itself is started (as a learner starts it), a chapter is
opened at 1280×800 and 390×844, and the page must show no notification at all
once the kernel is idle; the settings the page received are checked too.
"""
from __future__ import annotations

import json
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
import urllib.request

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = pathlib.Path(__file__).resolve().parents[2]
CHAPTER = "04_spades_playing_tricks.ipynb"
NOTIFICATION_PLUGIN = "@jupyterlab/apputils-extension:notification"
#: JupyterLab's notifications are react-toastify toasts.
TOAST = ".Toastify__toast"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def dev_sh_app():
    """``./dev.sh app`` on a free port: yields (base URL, token); stopped at the end."""
    token = secrets.token_hex(16)
    # JupyterLab makes a checkpoint of the notebook it opens: leave none behind in notebooks/
    checkpoint = REPO / "notebooks" / ".ipynb_checkpoints" / CHAPTER.replace(".ipynb", "-checkpoint.ipynb")
    had_checkpoint = checkpoint.exists()
    env = {**os.environ, "PORT": str(_free_port()), "TT_TOKEN": token}
    if sys.prefix != sys.base_prefix:     # the app under this test run's environment
        env["TT_VENV"] = sys.prefix
    proc = subprocess.Popen(["bash", str(REPO / "dev.sh"), "app"], cwd=REPO, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    try:
        deadline = time.monotonic() + 300
        base = None
        while time.monotonic() < deadline and base is None:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                if proc.poll() is not None:
                    break
                continue
            seen.append(line)
            if m := re.search(r"(http://127\.0\.0\.1:\d+/)lab/tree/notebooks/00_welcome\.ipynb\?token=", line):
                base = m.group(1)
        assert base, "./dev.sh app printed no JupyterLab link:\n" + "".join(seen)[-3000:]
        yield base, token
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if not had_checkpoint:
            checkpoint.unlink(missing_ok=True)
            try:
                checkpoint.parent.rmdir()       # only if now empty
            except OSError:
                pass


def test_the_server_hands_jupyterlab_the_override(dev_sh_app):
    base, token = dev_sh_app
    req = urllib.request.Request(f"{base}lab/api/settings/{NOTIFICATION_PLUGIN}",
                                 headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        settings = json.load(r)
    # the schema's defaults are what the page uses when the user has set nothing
    props = settings["schema"]["properties"]
    assert props["fetchNews"]["default"] == "false"      # JupyterLab's own default: "none" (= ask)
    assert props["checkForUpdates"]["default"] is False


@pytest.mark.parametrize("size, viewport", [("desktop", {"width": 1280, "height": 800}),
                                            ("phone", {"width": 390, "height": 844})])
def test_a_chapter_opens_without_a_news_pop_up(dev_sh_app, browser, artifacts_dir, size, viewport):
    base, token = dev_sh_app
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        page.goto(f"{base}lab/tree/notebooks/{CHAPTER}?token={token}")
        notebook = page.locator(".jp-Notebook").first
        expect(notebook).to_contain_text("04 · Spades: playing tricks", timeout=180_000)
        expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=120_000)
        # JupyterLab asks about news as soon as it has restored its layout and read its
        # settings; give it time to ask, then check that it did not
        page.wait_for_timeout(4000)
        page.screenshot(path=str(artifacts_dir / f"lab_chapter_04_{size}.png"))
        toasts = page.locator(TOAST)
        assert toasts.count() == 0, toasts.all_inner_texts()
        assert "Jupyter news" not in page.inner_text("body")
    finally:
        context.close()
