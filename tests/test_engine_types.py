"""The engine is typed (issue 26): ``./dev.sh test`` runs mypy first, over
``engine/`` under ``--strict`` (pyproject.toml ``[tool.mypy]``), and the
package ships ``py.typed`` so that its users' type checkers read its types."""
from __future__ import annotations

import pathlib
import tomllib

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_dev_sh_test_runs_mypy_strict_over_the_engine():
    block = (REPO / "dev.sh").read_text(encoding="utf-8").split("\n  test)", 1)[1].split(";;", 1)[0]
    assert '"$VENV/bin/python" -m mypy >&2' in block
    assert block.index("-m mypy") < block.index("-m pytest")  # types first, before the long test run
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = conf["tool"]["mypy"]
    assert mypy["strict"] is True and mypy["files"] == ["engine"]
    assert any(d.startswith("mypy") for d in conf["project"]["optional-dependencies"]["test"])


def test_the_engine_ships_its_types():
    assert (REPO / "engine" / "py.typed").is_file()
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in conf["tool"]["setuptools"]["package-data"]["engine"]
