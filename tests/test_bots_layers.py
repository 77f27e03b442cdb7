"""The shape of the computer players' package (issue 26), checked on the source:

* each module of ``engine/bots`` imports only the bots' modules of the layers
  below it (kit -> games -> registry -> dispatchers, as ``engine/bots/__init__.py``
  says), so there is no import circle;
* no function-local import of a project module, and no private name imported
  from another module, in ``engine/bots``, ``engine/sim.py``,
  ``engine/solver.py``, ``engine/solver_dds.py`` or ``engine/review.py``;
* what a game does differently comes from its strategy: no
  ``getattr(... rules ...)`` with a default and no test of a spec flag
  (``spec.nil_bids``, ``spec.partnerships``, ``spec.blind_nil``) in them.
"""
from __future__ import annotations

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
BOTS = ROOT / "engine" / "bots"
OTHERS = [ROOT / "engine" / n for n in ("sim.py", "solver.py", "solver_dds.py", "review.py")]

#: The layers of engine/bots, bottom first: a module may import the bots' modules of earlier layers only.
LAYERS = [
    ["sampling", "kit"],
    ["strategy"],
    ["showme"],
    ["spades"],
    ["advisor_dd", "oh_hell", "two_player"],
    ["spades_four"],
    ["strategies"],
    ["advisor", "level1", "level2"],
    ["level3"],
    ["level4"],
    ["__init__"],
]


def _files() -> list[pathlib.Path]:
    return sorted(BOTS.glob("*.py")) + OTHERS


def _imports(path: pathlib.Path) -> list[tuple[ast.ImportFrom | ast.Import, bool]]:
    """Every import of ``path`` with whether it sits inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    local = {id(sub) for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
             for sub in ast.walk(node) if isinstance(sub, (ast.Import, ast.ImportFrom))}
    return [(n, id(n) in local) for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


def _project(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").split(".")[0] in ("engine", "tutor")
    return any(a.name.split(".")[0] in ("engine", "tutor") for a in node.names)


def test_every_bots_module_has_a_layer():
    listed = sorted(m for layer in LAYERS for m in layer)
    assert listed == sorted(p.stem for p in BOTS.glob("*.py"))


@pytest.mark.parametrize("layer", range(len(LAYERS)))
def test_bots_modules_import_only_layers_below(layer):
    below = {m for lay in LAYERS[:layer] for m in lay}
    for name in LAYERS[layer]:
        for node, _ in _imports(BOTS / f"{name}.py"):
            if not isinstance(node, ast.ImportFrom) or node.level != 1:
                continue  # "from .x import": a bots module; "from .. import": the engine below
            targets = [node.module] if node.module else [a.name for a in node.names]
            for t in targets:
                assert t in below, f"engine/bots/{name}.py imports .{t}, which is not in a layer below it"


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_late_project_import_and_no_private_name_from_another_module(path):
    for node, local in _imports(path):
        if not _project(node):
            continue
        assert not local, f"{path.name}:{node.lineno}: function-local import {ast.unparse(node)}"
        if isinstance(node, ast.ImportFrom):
            private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
            assert not private, f"{path.name}:{node.lineno}: private name(s) {private} imported"


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_getattr_on_rules_and_no_spec_flag_standing_for_a_game(path):
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"getattr\([^)]*rules", text), "read the typed rules' fields (the game's strategy)"
    assert not re.search(r"spec\.(nil_bids|partnerships|blind_nil)\b", text), "ask the game's strategy"
