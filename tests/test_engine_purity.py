"""The rules engine is pure Python: importing it must not pull in Jupyter,
widgets or data libraries (the engine runs in a plain interpreter, in
exercise graders and in the ``tricktutor replay`` command)."""
from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("ipywidgets", "IPython", "anywidget", "plotly", "pandas", "voila", "traitlets",
             "ipykernel", "nbformat", "nbclient")
FORBIDDEN_PREFIXES = ("jupyter",)  # jupyter_core, jupyter_client, jupyterlab, jupyter_server …


def _modules_after(script: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _offenders(mods: list[str]) -> list[str]:
    out = []
    for m in mods:
        top = m.split(".")[0]
        if top in FORBIDDEN or top.lower().startswith(FORBIDDEN_PREFIXES):
            out.append(m)
    return out


def test_engine_record_and_bots_import_no_jupyter_widget_or_data_libraries():
    mods = _modules_after(
        "import json, sys\n"
        "import engine, engine.record, engine.bots\n"
        "print(json.dumps(sorted(sys.modules)))\n")
    assert {"engine", "engine.record", "engine.bots", "engine.games.spades"} <= set(mods)
    assert _offenders(mods) == []


def test_every_engine_module_imports_no_jupyter_widget_or_data_libraries():
    mods = _modules_after(
        "import importlib, json, pkgutil, sys\n"
        "import engine\n"
        "names = [m.name for m in pkgutil.walk_packages(engine.__path__, 'engine.')]\n"
        "for n in names:\n"
        "    importlib.import_module(n)\n"
        "from engine.bots import make_player\n"
        "for level in (1, 2, 3):\n"
        "    try:\n"
        "        make_player(level, seed=1)\n"
        "    except ValueError:\n"
        "        pass\n"
        "print(json.dumps(sorted(sys.modules)))\n")
    assert "engine.bots" in mods
    assert _offenders(mods) == []
