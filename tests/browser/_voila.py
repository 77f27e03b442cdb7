"""Starting and stopping the servers that the browser tests and the browser
benchmarks drive (no pytest here, so a benchmark can import it as it is).

* ``start_voila(notebook_path, base_url="/", ...) -> (url, process)`` starts
  ``python -m voila`` on a free port and waits until it answers HTTP;
  ``start_jupyter_server(root, ...) -> (base url, process)`` starts a Jupyter
  server with the Voila extension, as ``./dev.sh app`` and Binder serve the
  app (``scripts/app_server_config.py``).
* ``stop_voila(process)`` ends either (and its kernels).
* ``make_notebook(path, *cell_sources)``: a minimal .ipynb.
* ``CHROMIUM`` and ``CHROMIUM_ARGS``: Debian's Chromium, headless, never a
  Playwright download.

Voila renders with the project's template ``tricktutor`` (Voila's lab template
without requests to CDNs; ``share/jupyter/voila/templates/tricktutor``, found
through ``JUPYTER_PATH``), as ``./dev.sh app`` does.  Server logs go to a
temporary folder (``$TMPDIR/tricktutor-test-logs``), never next to the
notebook; on a start-up failure the log tail is included in the error.
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
from typing import Mapping, Sequence

REPO = pathlib.Path(__file__).resolve().parents[2]

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
VOILA_TEMPLATE = "tricktutor"
#: Server logs (outside the repository).
LOG_DIR = pathlib.Path(tempfile.gettempdir()) / "tricktutor-test-logs"


def free_port(start: int | None = None) -> int:
    """A free port on 127.0.0.1: any (``start`` None), else ``start`` or the next free one after it."""
    for port in ([0] if start is None else range(start, min(start + 100, 65536))):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise OSError(f"no free port from {start} to {start + 99} on 127.0.0.1")


def _normalise_base_url(base_url: str) -> str:
    return "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"


def _log_tail(log_path: pathlib.Path, n: int = 60) -> str:
    try:
        return "\n".join(log_path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


def server_env(repo: pathlib.Path = REPO, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a server and its kernels: ``repo`` first on
    ``PYTHONPATH`` (so the kernel imports that checkout's ``tutor``), its
    ``share/jupyter`` on ``JUPYTER_PATH`` (the Voila template), plus ``env``."""
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(p for p in (str(repo), out.get("PYTHONPATH", "")) if p)
    out.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    out["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(repo / "share" / "jupyter"), out.get("JUPYTER_PATH", "")) if p)
    out["PYTHONUNBUFFERED"] = "1"
    out.pop("ANYWIDGET_HMR", None)
    out.update(env or {})
    return out


def _wait_until_up(proc: subprocess.Popen, probe: str, log_path: pathlib.Path, cmd: Sequence[str],
                   timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            proc._tt_log.close()  # type: ignore[attr-defined]
            raise RuntimeError(f"server exited with {proc.returncode}: {' '.join(cmd)}\n{_log_tail(log_path)}")
        try:
            urllib.request.urlopen(probe, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer (even 404) means the server is up
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            stop_voila(proc)
            raise RuntimeError(f"server did not answer on {probe} within {timeout:.0f}s\n{_log_tail(log_path)}")
        time.sleep(0.2)


def _launch(cmd: list[str], cwd: pathlib.Path, env: dict[str, str], port: int) -> tuple[subprocess.Popen, pathlib.Path]:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log_path = LOG_DIR / f"voila-{port}.log"
    log = open(log_path, "wb")  # noqa: SIM115 -- owned by the process
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    proc._tt_log = log  # type: ignore[attr-defined]
    return proc, log_path


def start_voila(notebook_path: str | os.PathLike, base_url: str = "/", timeout: float = VOILA_START_TIMEOUT, *,
                extra_args: Sequence[str] = (), repo: pathlib.Path = REPO,
                env: Mapping[str, str] | None = None, port: int | None = None) -> tuple[str, subprocess.Popen]:
    """Start Voila serving one notebook; return (url of the notebook page, process).

    The URL is ``http://127.0.0.1:<port><base_url>``.  The server is polled on
    a static route (``voila/static/``), which does not start a kernel, until
    it answers; the notebook itself runs only when a browser opens the URL.
    ``extra_args``: more Voila options (e.g. ``--preheat_kernel=True``);
    ``repo``: the checkout whose ``tutor`` the kernel imports; ``env``: more
    environment variables for the server and its kernels; ``port``: the first port to
    try (default: any free one)."""
    notebook_path = pathlib.Path(notebook_path).resolve()
    base_url = _normalise_base_url(base_url)
    port = free_port(port)
    cmd = [sys.executable, "-m", "voila", str(notebook_path), "--no-browser", f"--port={port}",
           "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", f"--base_url={base_url}", "--show_tracebacks=True",
           f"--template={VOILA_TEMPLATE}", *extra_args]
    proc, log_path = _launch(cmd, notebook_path.parent, server_env(repo, env), port)
    url = f"http://127.0.0.1:{port}{base_url}"
    _wait_until_up(proc, url + "voila/static/", log_path, cmd, timeout)
    return url, proc


def start_jupyter_server(root: pathlib.Path, timeout: float = VOILA_START_TIMEOUT, *, repo: pathlib.Path = REPO,
                         env: Mapping[str, str] | None = None, port: int | None = None) -> tuple[str, subprocess.Popen]:
    """A Jupyter server with the Voila extension over ``root``, configured as
    ``./dev.sh app`` starts it (``scripts/app_server_config.py``), without a
    token; returns (base URL, process).  A notebook ``root/a/b.ipynb`` is at
    ``<base URL>voila/render/a/b.ipynb``.  ``port``: the first port to try (default: any)."""
    port = free_port(port)
    cmd = [sys.executable, "-m", "jupyter", "server", f"--config={repo / 'scripts' / 'app_server_config.py'}",
           "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           "--IdentityProvider.token=", f"--ServerApp.root_dir={root}", "--allow-root"]
    proc, log_path = _launch(cmd, root, server_env(repo, env), port)
    url = f"http://127.0.0.1:{port}/"
    _wait_until_up(proc, url + "voila/static/", log_path, cmd, timeout)
    return url, proc


def stop_voila(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a server from start_voila: SIGTERM, then SIGKILL, to its whole process group."""
    if proc.poll() is None:
        # The server started in its own session: signal the group so kernels go too.
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
