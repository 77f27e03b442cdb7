"""The Binder rehearsal (scripts/binder_rehearsal.sh) as a test.

It builds a fresh virtual environment from binder/requirements.txt alone (so it
needs the package index: skipped when PyPI cannot be reached), starts a
Jupyter server under /user/learner/ and drives the Voila app and JupyterLab in
headless Chromium.  About 1.5 minutes with a warm pip cache, 3 cold.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import urllib.parse

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "binder_rehearsal.sh"


def _index_reachable() -> bool:
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple")
    host = urllib.parse.urlparse(index).hostname or "pypi.org"
    port = urllib.parse.urlparse(index).port or 443
    try:
        socket.create_connection((host, port), timeout=3).close()
        return True
    except OSError:
        return False


def _binder_python() -> str:
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()     # e.g. python-3.11
    return runtime.replace("python-", "python")


@pytest.mark.skipif(shutil.which(_binder_python()) is None,
                    reason="the Python version of binder/runtime.txt is not installed here")
@pytest.mark.skipif(not _index_reachable(), reason="the package index is not reachable (pip install needs it)")
def test_app_and_lab_work_from_binder_files_alone():
    # the browser side runs under the interpreter of this test run (it has Playwright)
    env = {**os.environ, "TT_PYTHON": sys.executable}
    proc = subprocess.run(["bash", str(SCRIPT)], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=360)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-4000:]
    assert "explained with [SP-14]" in out
    assert "JupyterLab opened 00_welcome.ipynb with an idle kernel" in out
    assert "postBuild: JupyterLab settings overrides written to" in out
    assert "JupyterLab: no notification over the chapter (no news pop-up)" in out
    assert "PASSED: the app and JupyterLab work from binder/ alone" in out
