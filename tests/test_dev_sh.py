"""dev.sh's system step: Debian's chromium is installed only when no usable one is
there, and then with ``--no-install-recommends`` (issue 10: a plain
``apt-get install chromium`` pulled in 115 packages, printer and samba among them).

``apt-get`` and ``sudo`` are replaced by recording stand-ins on ``PATH``, and
``TT_CHROMIUM`` points at a stand-in browser, so nothing is installed for real.
The virtual environment is this test run's own (``TT_VENV``).
"""
from __future__ import annotations

import os
import pathlib
import stat
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(sys.prefix == sys.base_prefix,
                                reason="needs to run inside a virtual environment (TT_VENV)")


def _script(path: pathlib.Path, body: str) -> pathlib.Path:
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def _run_dev_sh_test(tmp_path, chromium: pathlib.Path) -> tuple[subprocess.CompletedProcess, list[str]]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "apt-calls.txt"
    _script(bin_dir / "apt-get", f'echo "$*" >> "{calls}"\n')
    _script(bin_dir / "sudo", 'exec "$@"\n')
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "TT_CHROMIUM": str(chromium), "TT_VENV": sys.prefix}
    # pytest --version: enough to see that the set-up let pytest start, and quick
    proc = subprocess.run(["bash", str(REPO / "dev.sh"), "test", "--version"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    lines = calls.read_text().splitlines() if calls.exists() else []
    return proc, lines


def test_a_usable_chromium_means_no_system_step(tmp_path):
    chromium = _script(tmp_path / "chromium", 'echo "Chromium 156.0.0.0 built on Debian"\n')
    proc, apt_calls = _run_dev_sh_test(tmp_path, chromium)
    assert apt_calls == []
    assert "Installing" not in proc.stderr
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("pytest ")


def test_a_missing_chromium_is_installed_without_recommends(tmp_path):
    proc, apt_calls = _run_dev_sh_test(tmp_path, tmp_path / "no-chromium-here")
    assert apt_calls == ["update -q", "install -y -q --no-install-recommends chromium"]
    # the stand-in apt-get installed nothing: dev.sh says so and stops before the tests
    assert proc.returncode == 1
    assert "chromium is still not usable" in proc.stderr
