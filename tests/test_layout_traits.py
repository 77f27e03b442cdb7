"""No code sets a widget's layout trait to None (issue 25).

Under the browser kernel (Pyodide, the static site), Python's ``None`` reaches the
page as JavaScript ``undefined`` and the change is dropped: a widget hidden with
``layout.display = "none"`` and shown again with ``None`` stays hidden (the bid
buttons did, and Spades could not be played).  ``""`` (the CSS default) reaches the
page under both kernels.  This test reads every Python file of the project and the
code cells of its notebooks and fails on any assignment of None (or of an
expression that can be None, such as ``None if x else "none"``) to
``<something>.layout.<trait>``, on ``Layout(<trait>=None)`` and on
``setattr(<something>.layout, ..., None)``.
"""
from __future__ import annotations

import ast
import json
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
SOURCES = ("engine", "tutor", "scripts", "benchmarks", "notebooks", "exercises", "examples")


def _can_be_none(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value is None
    if isinstance(node, ast.IfExp):
        return _can_be_none(node.body) or _can_be_none(node.orelse)
    if isinstance(node, ast.BoolOp):
        return any(_can_be_none(v) for v in node.values)
    return False


def _is_layout_attr(target: ast.AST) -> bool:
    """``<x>.layout.<trait>``."""
    return (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute)
            and target.value.attr == "layout")


def _is_layout_call(node: ast.Call) -> bool:
    f = node.func
    return (isinstance(f, ast.Name) and f.id == "Layout") or (isinstance(f, ast.Attribute) and f.attr == "Layout")


def none_layout_settings(source: str, filename: str) -> list[str]:
    """Where ``source`` sets a layout trait to None: ["file:line: code"]."""
    tree = ast.parse(source, filename)
    hits = []
    for node in ast.walk(tree):
        bad = False
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bad = any(_is_layout_attr(t) for t in targets) and _can_be_none(node.value)
        elif isinstance(node, ast.Call) and _is_layout_call(node):
            bad = any(k.arg is not None and _can_be_none(k.value) for k in node.keywords)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
              and len(node.args) == 3 and isinstance(node.args[0], ast.Attribute)
              and node.args[0].attr == "layout"):
            bad = _can_be_none(node.args[2])
        if bad:
            hits.append(f"{filename}:{node.lineno}: {ast.get_source_segment(source, node)}")
    return hits


def _project_sources():
    for top in SOURCES:
        for path in sorted((REPO / top).rglob("*.py")):
            yield path.relative_to(REPO).as_posix(), path.read_text(encoding="utf-8")
        for path in sorted((REPO / top).rglob("*.ipynb")):
            nb = json.loads(path.read_text(encoding="utf-8"))
            for i, cell in enumerate(nb["cells"]):
                if cell["cell_type"] == "code":
                    src = "".join(cell["source"])
                    if not src.lstrip().startswith(("%", "!")):
                        yield f"{path.relative_to(REPO).as_posix()}[cell {i}]", src


def test_no_code_sets_a_layout_trait_to_none():
    hits = [h for name, src in _project_sources() for h in none_layout_settings(src, name)]
    assert hits == [], "set these to \"\" (the CSS default), not None:\n" + "\n".join(hits)


@pytest.mark.parametrize("code", [
    "w.layout.display = None",
    "self._box.layout.display = None if shown else 'none'",
    "self._box.layout.visibility = 'hidden' if x else None",
    "b = W.Button(layout=W.Layout(display=None))",
    "Layout(width='10px', display=None)",
    "setattr(w.layout, 'display', None)",
    "w.layout.display = flag and None",
])
def test_the_check_finds_each_way_of_setting_none(code):
    assert len(none_layout_settings(code, "x.py")) == 1


@pytest.mark.parametrize("code", [
    "w.layout.display = ''",
    "w.layout.display = '' if shown else 'none'",
    "w.layout = W.Layout(display='none')",
    "w.value = None",
    "x.layout = None",           # replacing the layout object is another matter
])
def test_the_check_leaves_other_code_alone(code):
    assert none_layout_settings(code, "x.py") == []
