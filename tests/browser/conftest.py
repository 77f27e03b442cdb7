"""Fixtures for real-browser tests: a Voila server and headless Chromium.

* ``start_voila(notebook_path, base_url="/") -> (url, process)`` starts
  ``python -m voila`` on a free port and waits until it answers HTTP.
  ``stop_voila(process)`` ends it (and its kernels).
* ``voila_server`` (session fixture) is a factory: ``voila_server(path)``
  returns the URL of the rendered notebook; every server it started is
  stopped at the end of the session.
* ``browser`` comes from pytest-playwright; we only override
  ``browser_type_launch_args`` so that it launches the system Chromium
  (``/usr/bin/chromium``, or ``$TT_CHROMIUM``) instead of a Playwright-downloaded
  build, which cannot be fetched here.
* ``write_notebook`` (fixture) = ``make_notebook(path, *cell_sources)``: a minimal .ipynb.

Voila renders with the project's template ``tricktutor`` (Voila's lab template
without requests to CDNs; ``share/jupyter/voila/templates/tricktutor``, found
through ``JUPYTER_PATH``), as ``./dev.sh app`` does.

Server logs go to a temporary folder (``voila-<port>.log`` under
``$TMPDIR/tricktutor-test-logs``), never next to the notebook where JupyterLab's
file browser would show them; on a start-up failure the log tail is included
in the error.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"

CHROMIUM = os.environ.get("TT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]

VOILA_START_TIMEOUT = 60.0

#: The project's Voila templates (share/jupyter/voila/templates/<name>).
JUPYTER_DATA = REPO / "share" / "jupyter"
VOILA_TEMPLATE = "tricktutor"
#: Server logs of the test session (outside the repository).
LOG_DIR = pathlib.Path(tempfile.gettempdir()) / "tricktutor-test-logs"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _normalise_base_url(base_url: str) -> str:
    return "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"


def _log_tail(log_path: pathlib.Path, n: int = 60) -> str:
    try:
        return "\n".join(log_path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


def start_voila(
    notebook_path: str | os.PathLike, base_url: str = "/", timeout: float = VOILA_START_TIMEOUT
) -> tuple[str, subprocess.Popen]:
    """Start Voila serving one notebook; return (url of the notebook page, process).

    The URL is ``http://127.0.0.1:<port><base_url>``. The server is polled on a
    static route (``voila/static/``), which does not start a kernel, until it
    answers; the notebook itself is executed only when a browser opens the URL.
    """
    notebook_path = pathlib.Path(notebook_path).resolve()
    base_url = _normalise_base_url(base_url)
    port = free_port()
    env = dict(os.environ)
    # The kernel is a child of the Voila process and inherits this env, so it
    # can import `tutor` without an editable install.
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), env.get("PYTHONPATH", "")) if p
    )
    env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(JUPYTER_DATA), env.get("JUPYTER_PATH", "")) if p
    )
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("ANYWIDGET_HMR", None)
    cmd = [
        sys.executable, "-m", "voila", str(notebook_path),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        f"--base_url={base_url}",
        "--show_tracebacks=True",
        f"--template={VOILA_TEMPLATE}",
    ]
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log_path = LOG_DIR / f"voila-{port}.log"
    log = open(log_path, "wb")  # noqa: SIM115 -- owned by the process
    proc = subprocess.Popen(
        cmd, cwd=notebook_path.parent, env=env, stdout=log, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL, start_new_session=True,
    )
    proc._tt_log = log  # type: ignore[attr-defined]
    url = f"http://127.0.0.1:{port}{base_url}"
    probe = url + "voila/static/"
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            log.close()
            raise RuntimeError(
                f"voila exited with {proc.returncode}: {' '.join(cmd)}\n{_log_tail(log_path)}"
            )
        try:
            urllib.request.urlopen(probe, timeout=2).close()
            break
        except urllib.error.HTTPError:
            break  # any HTTP answer (even 404) means the server is up
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            stop_voila(proc)
            raise RuntimeError(
                f"voila did not answer on {probe} within {timeout:.0f}s\n{_log_tail(log_path)}"
            )
        time.sleep(0.2)
    return url, proc


def stop_voila(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a server from start_voila: SIGTERM, then SIGKILL, to its whole process group."""
    if proc.poll() is None:
        # Voila started in its own session: signal the group so kernels go too.
        for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue
    # Reap stragglers (e.g. kernels) still in the group.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    log = getattr(proc, "_tt_log", None)
    if log is not None:
        log.close()


def make_notebook(path: str | os.PathLike, *sources: str) -> pathlib.Path:
    """Write a minimal nbformat-4 notebook with one code cell per source string."""
    path = pathlib.Path(path)
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"cell{i}",
             "metadata": {}, "outputs": [], "source": src}
            for i, src in enumerate(sources)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def voila_server():
    """Factory: ``url = voila_server(notebook_path, base_url="/")``; all stopped at session end."""
    procs: list[subprocess.Popen] = []

    def start(notebook_path, base_url: str = "/") -> str:
        url, proc = start_voila(notebook_path, base_url=base_url)
        procs.append(proc)
        return url

    yield start
    for proc in procs:
        stop_voila(proc)


@pytest.fixture(scope="session")
def write_notebook():
    """``write_notebook(path, *cell_sources) -> path`` (see make_notebook)."""
    return make_notebook


@pytest.fixture(scope="session")
def artifacts_dir() -> pathlib.Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright hook: launch the system Chromium with our flags."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (set TT_CHROMIUM)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture(scope="session")
def browser_name():
    """Only Chromium is available (no Playwright browser downloads)."""
    return "chromium"


# The Trick Tutor app (notebooks/app.ipynb) for the app's browser tests; a test file
# that serves a notebook of its own defines its own ``app_url``.
@pytest.fixture(scope="module")
def app_url(voila_server):
    from _app_page import start_app
    return start_app(voila_server)


def _viewports():
    from _app_page import VIEWPORTS
    return VIEWPORTS


@pytest.fixture(scope="module", params=list(_viewports()))
def sized_page(request, browser, app_url):
    """The app open at one of the test sizes (``page.tt_size``: "phone" 390×844, "desktop" 1280×800)."""
    from _app_page import open_app
    context, page = open_app(browser, app_url, _viewports()[request.param])
    page.tt_size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()
