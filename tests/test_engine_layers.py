"""The engine's floors (issue 26): value types -> the play core -> the games
(each declared once, listed by the registry) -> records -> the text layer.
Nothing imports upward, no import hides in a function, no private name
crosses modules.  Read from the sources with ``ast`` (imports inside
functions and under ``if TYPE_CHECKING`` count too).

The computer players, the simulation, the solver and the review
(``engine/bots``, ``sim.py``, ``solver*.py``, ``review.py``) sit on top of
the games and are checked by their own refactor.
"""
from __future__ import annotations

import ast
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[1]
ENGINE = REPO / "engine"
USES = ("engine.bots", "engine.sim", "engine.solver", "engine.solver_dds", "engine.review")

#: Each floor of the engine and the modules on it (the re-export modules of the old paths sit with the games).
FLOORS = [
    ("value types", {"engine.message", "engine.errors", "engine.verdict", "engine.cards", "engine.actions",
                     "engine.deal", "engine.validation"}),
    ("play core", {"engine.playcore", "engine.tricks"}),
    ("game declarations", {"engine.options", "engine.spec", "engine.views", "engine.game"}),
    ("games", {"engine.games", "engine.games.spades", "engine.games.spades_two", "engine.games.oh_hell",
               "engine.spades", "engine.spades_rules", "engine.spades_two", "engine.spades_two_draw",
               "engine.ohhell"}),
    ("registry", {"engine.registry"}),
    ("records", {"engine.record_json", "engine.record"}),
    ("text", {"engine.text", "engine.text.lang", "engine.text.words", "engine.text.verdicts", "engine.text.errors",
              "engine.text.lines", "engine.text.advice", "engine.text.review", "engine.text.catalog",
              "engine.text.render"}),
    ("package", {"engine"}),
]


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for f in ENGINE.rglob("*.py"):
        parts = list(f.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        if not name.startswith(USES):
            out[name] = f
    return out


def _imports(name: str, path: pathlib.Path, known: set[str]) -> list[tuple[str, bool, list[str]]]:
    """(imported module, inside a function?, names) for every import of a project module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_function = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for n in ast.walk(f)}
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = pkg.split(".")
                up = up[: len(up) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
            names = [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            targets, names = [a.name for a in node.names], []
        else:
            continue
        for t in targets:
            while t and t not in known and not t.startswith(USES):
                t = t.rpartition(".")[0]
            if t and t != name and (t in known or t.startswith(USES)):
                out.append((t, id(node) in in_function, names))
    return out


def test_every_engine_module_has_a_floor():
    floors = set().union(*(mods for _, mods in FLOORS))
    assert set(_modules()) == floors, set(_modules()) ^ floors


def test_no_module_imports_a_higher_floor_or_the_players():
    mods = _modules()
    level = {m: i for i, (_, group) in enumerate(FLOORS) for m in group}
    wrong = []
    for name, path in mods.items():
        for target, _late, _names in _imports(name, path, set(mods)):
            if target.startswith(USES):
                wrong.append(f"{name} imports {target} (the players, sim and review build on the games)")
            elif level[target] > level[name] or (level[target] == level[name] and name == "engine.registry"):
                wrong.append(f"{name} ({FLOORS[level[name]][0]}) imports {target} ({FLOORS[level[target]][0]})")
    assert not wrong, "\n".join(wrong)


def test_no_import_circle_no_late_import_no_private_name():
    mods = _modules()
    edges = {m: set() for m in mods}
    late, private = [], []
    for name, path in mods.items():
        for target, is_late, names in _imports(name, path, set(mods)):
            if target in mods:
                edges[name].add(target)
            if is_late:
                late.append(f"{name} -> {target}")
            private += [f"{name}: {n} from {target}" for n in names if n.startswith("_") and not n.startswith("__")]
    assert not late, late
    assert not private, private
    # no circle (a package importing its own children is no circle of design)
    seen: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        seen[m] = 1
        for t in edges[m]:
            if t.startswith(m + "."):
                continue
            assert seen.get(t) != 1, " -> ".join(stack + [m, t])
            if t not in seen:
                visit(t, stack + [m])
        seen[m] = 2

    for m in sorted(mods):
        if m not in seen:
            visit(m, [])
