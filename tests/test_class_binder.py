"""Sharing rehearsal (issue 11 item 4): a class repository works from its own binder/ alone.

As ``scripts/binder_rehearsal.sh`` does for the app: a locally built wheel
stands in for the release that ``binder/requirements.txt`` names; ``make``
writes the class set with that requirement; only the shared folder is copied
(as Binder or nbgitpuller clones it — no project source tree, no teacher
folder); a fresh virtual environment with the Python of ``binder/runtime.txt``
installs ``binder/requirements.txt`` from the repository root; then, in that
environment, a student's notebook (one answer filled in) is executed by a
Jupyter kernel and shows ✓ for it, and a ``jupyter server`` run like a hub's
(base URL ``/user/learner/``) serves the student's notebook and JupyterLab.
About 1–3 minutes with a warm pip cache; skipped when the package index
cannot be reached.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from _classkit import fill, keys_of, load_nb, make_set, save_nb

pytestmark = [pytest.mark.slow]
ROOT = Path(__file__).resolve().parent.parent


def _index_reachable() -> bool:
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple")
    u = urllib.parse.urlparse(index)
    try:
        socket.create_connection((u.hostname or "pypi.org", u.port or 443), timeout=3).close()
        return True
    except OSError:
        return False


def _env():
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_REQUIRE_VIRTUALENV", "JUPYTER_PATH",
                                                            "JUPYTER_CONFIG_PATH", "VIRTUAL_ENV")}
    return env


@pytest.mark.skipif(not _index_reachable(), reason="the package index is not reachable (pip install needs it)")
def test_class_repository_serves_from_its_own_binder(tmp_path):
    t0 = time.perf_counter()
    wheels = tmp_path / "wheels"
    src = tmp_path / "src"  # build from a copy: setuptools writes build/ into the tree it builds
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", ".venv", "venv", "build", "*.egg-info",
                                                             "__pycache__", ".hypothesis", ".mypy_cache", "_site",
                                                             "artifacts"))
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(src)],
                       capture_output=True, text=True, timeout=300, env=_env())
    assert r.returncode == 0, r.stderr[-2000:]
    wheel = next(wheels.glob("tricktutor-*.whl"))
    out, keys = make_set(tmp_path, ["amina", "bo"], ["ex2_trick_winner"],
                         "--package", f"tricktutor[app] @ {wheel.as_uri()}")
    req = (out / "binder" / "requirements.txt").read_text()
    assert wheel.as_uri() in req and "-e ." not in req
    key = keys_of(keys, "ex2_trick_winner", "amina")["q1"]

    # the class repository as a clone sees it: the shared folder only
    repo = tmp_path / "clone" / "spades-class"
    shutil.copytree(out, repo)
    assert not list(repo.rglob("class_secret.txt")) and not (repo / "answer_keys").exists()
    nb_path = repo / "amina" / "ex2_trick_winner.ipynb"
    save_nb(fill(load_nb(nb_path), {"q1": key}), nb_path)

    runtime = (repo / "binder" / "runtime.txt").read_text().strip()
    base_py = shutil.which(f"python{runtime.removeprefix('python-')}")
    assert base_py, f"binder/runtime.txt asks for {runtime}"
    venv = tmp_path / "env"
    subprocess.run([base_py, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    r = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], cwd=repo,
                       capture_output=True, text=True, timeout=600, env=_env())
    assert r.returncode == 0, r.stderr[-3000:]
    t_install = time.perf_counter() - t0

    run_nb = (
        "import json, sys, nbformat, tutor\n"
        "from nbclient import NotebookClient\n"
        "assert tutor.__file__.startswith(sys.prefix), tutor.__file__\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "NotebookClient(nb, timeout=120, kernel_name='python3', resources={'metadata': {'path': sys.argv[2]}}).execute()\n"
        "outs = {c['id']: c.get('outputs', []) for c in nb.cells}\n"
        "print(json.dumps({'tutor': tutor.__file__, 'outs': outs}))\n")
    r = subprocess.run([str(py), "-c", run_nb, str(nb_path), str(nb_path.parent)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300,
                       env=dict(_env(), JPY_SESSION_NAME=str(nb_path)))  # the notebook's file, as JupyterLab says
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert str(venv) in res["tutor"] and str(ROOT) not in res["tutor"]
    outs = res["outs"]
    errors = [o for cell in outs.values() for o in cell if o.get("output_type") == "error"]
    assert errors == [], errors
    check_q1 = json.dumps(outs.get("q1-check", outs), ensure_ascii=False)
    assert "✓" in check_q1, check_q1[:1000]

    # a hub-like Jupyter server from that environment serves the class folder
    port = socket.socket()
    port.bind(("127.0.0.1", 0))
    p = port.getsockname()[1]
    port.close()
    jdirs = tmp_path / "jupyter"
    env = dict(_env(), JUPYTER_CONFIG_DIR=str(jdirs / "config"), JUPYTER_RUNTIME_DIR=str(jdirs / "runtime"),
               JUPYTER_PLATFORM_DIRS="1")
    cmd = [str(venv / "bin" / "jupyter"), "server", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={p}",
           "--ServerApp.port_retries=0", "--ServerApp.base_url=/user/learner/", "--ServerApp.open_browser=False",
           "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={repo.parent}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                              start_new_session=True)
    try:
        base = f"http://127.0.0.1:{p}/user/learner/"
        for _ in range(120):
            try:
                urllib.request.urlopen(base + "api/status", timeout=2).read()
                break
            except OSError:
                assert server.poll() is None, server.stdout.read().decode()[-2000:]
                time.sleep(0.5)
        # the nbgitpuller urlpath for this layout: lab/tree/<repository folder>
        lab = urllib.request.urlopen(base + "lab/tree/spades-class", timeout=30)
        assert lab.status == 200 and "JupyterLab" in lab.read().decode()
        api = json.loads(urllib.request.urlopen(base + "api/contents/spades-class/amina/ex2_trick_winner.ipynb",
                                                timeout=30).read())
        assert api["content"]["metadata"]["tricktutor"]["student"] == "amina"
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
    total = time.perf_counter() - t0
    print(f"class binder rehearsal: install {t_install:.0f} s, total {total:.0f} s")
