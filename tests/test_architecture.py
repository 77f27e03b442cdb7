"""The floors of docs/ARCHITECTURE.md, checked on the import graph (issue 26).

value types -> play core -> game declarations -> games -> registry ->
records -> sim, solvers, players, review -> the engine's text layer ->
the ``engine`` package -> the tutor's text layer -> the tutor.

Read from the sources with ``ast``: every ``import`` counts, at module level,
inside a function or under ``if TYPE_CHECKING``.  A module may import its own
floor and the floors below; never a floor above.  In ``engine/`` there is no
import circle, no function-local import of a project module and no private
name (``_x``) imported from another module.  The inner layers of
``engine/bots`` are checked by tests/test_bots_layers.py, the engine's
freedom from Jupyter and data libraries by tests/test_engine_purity.py.
"""
from __future__ import annotations

import ast
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "tutor")

#: Each floor, bottom first: (name, modules, packages whose every module sits on it).
#: The engine's modules are listed one by one, so that a new module is given its floor on purpose.
FLOORS: list[tuple[str, set[str], tuple[str, ...]]] = [
    ("value types", {"engine.message", "engine.errors", "engine.verdict", "engine.cards", "engine.actions",
                     "engine.deal", "engine.validation"}, ()),
    ("play core", {"engine.playcore", "engine.tricks"}, ()),
    ("game declarations", {"engine.options", "engine.spec", "engine.views", "engine.game"}, ()),
    ("games", set(), ("engine.games",)),
    ("registry", {"engine.registry"}, ()),
    ("records", {"engine.record_json", "engine.record"}, ()),
    ("sim, solvers, players, review", {"engine.solver", "engine.solver_dds", "engine.sim", "engine.review"},
     ("engine.bots",)),
    ("engine text layer", set(), ("engine.text",)),
    ("engine package", {"engine"}, ()),
    ("tutor text layer", set(), ("tutor.text",)),
    ("tutor", set(), ("tutor",)),
]

#: Import circles among the tutor's modules that its refactor (issue 26) is removing; the list may only shrink:
#: a circle with any other module fails.  Remove a line when its circle is gone.
KNOWN_TUTOR_CIRCLES: set[str] = set()   # all gone (issue 26)


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for pkg in PACKAGES:
        for f in (REPO / pkg).rglob("*.py"):
            parts = list(f.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = f
    return out


MODULES = _modules()


def floor_of(module: str) -> int | None:
    """The index in :data:`FLOORS` of ``module`` (listed by name first, then the longest package), or None."""
    for i, (_name, names, _packages) in enumerate(FLOORS):
        if module in names:
            return i
    best: tuple[int, int] | None = None
    for i, (_name, _names, packages) in enumerate(FLOORS):
        for p in packages:
            if (module == p or module.startswith(p + ".")) and (best is None or len(p) > best[0]):
                best = (len(p), i)
    return None if best is None else best[1]


def _imports(name: str, path: pathlib.Path) -> list[tuple[str, int, bool, list[str]]]:
    """(project module imported, line, inside a function?, names) for every import of ``path``."""
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
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
            names = [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            targets, names = [a.name for a in node.names], []
        else:
            continue
        for t in targets:
            while t and t not in MODULES:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.append((t, node.lineno, id(node) in in_function, names))
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _source_lines(name: str) -> list[str]:
    return MODULES[name].read_text(encoding="utf-8").splitlines()


def _circles(modules: set[str]) -> list[set[str]]:
    """The import circles (strongly connected groups of two or more) among ``modules`` (Tarjan);
    a package importing its own children is no circle."""
    edges = {m: {t for t, _l, _f, _n in GRAPH[m] if t in modules and not t.startswith(m + ".")} for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in sorted(modules):
        if v not in index:
            visit(v)
    return out


def test_every_module_has_a_floor():
    missing = sorted(m for m in MODULES if floor_of(m) is None)
    assert not missing, f"give these modules a floor in FLOORS (and docs/ARCHITECTURE.md): {missing}"


def test_the_floors_are_those_of_docs_architecture():
    doc = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for name, names, packages in FLOORS:
        assert name in doc, name
        for m in sorted(names) + list(packages):
            path = m.replace(".", "/")
            assert f"`{path}" in doc or f"`{m}" in doc, f"docs/ARCHITECTURE.md does not place {m}"


def _upward(graph: dict[str, list[tuple[str, int, bool, list[str]]]]) -> list[str]:
    """Every import in ``graph`` of a floor above the importing module's."""
    wrong = []
    for name, imports in graph.items():
        mine = floor_of(name)
        assert mine is not None
        for target, line, _late, _names in imports:
            theirs = floor_of(target)
            assert theirs is not None
            if theirs > mine:
                wrong.append(f"{name}:{line} ({FLOORS[mine][0]}) imports {target} ({FLOORS[theirs][0]})")
    return wrong


def test_nothing_imports_upward():
    wrong = _upward(GRAPH)
    assert not wrong, "\n".join(wrong)


def test_the_engine_has_no_circle_no_late_import_no_private_name_from_another_module():
    engine = {m for m in MODULES if m == "engine" or m.startswith("engine.")}
    late, private = [], []
    for name in sorted(engine):
        for target, line, is_late, names in GRAPH[name]:
            if is_late:
                late.append(f"{name}:{line} -> {target}")
            private += [f"{name}:{line}: {n} from {target}" for n in names
                        if n.startswith("_") and not n.startswith("__")]
    assert not late, late
    assert not private, private
    assert _circles(engine) == []


def test_the_tutor_has_no_new_import_circle():
    tutor = {m for m in MODULES if m.startswith("tutor")}
    new = [sorted(c) for c in _circles(tutor) if not c <= KNOWN_TUTOR_CIRCLES]
    assert not new, new


#: At most this many function-local imports of project modules in the whole repository (issue 26), each
#: with its reason on the line (a comment: the module loads when a section or a solver is first asked for).
MAX_LATE_IMPORTS = 10


def test_few_late_imports_each_with_its_reason_and_no_private_name_across_modules():
    late, private = [], []
    for name in sorted(MODULES):
        source = _source_lines(name)
        for target, line, is_late, names in GRAPH[name]:
            if is_late:
                late.append(f"{name}:{line} -> {target}")
                reason = "#" in source[line - 1] or source[line - 2].strip().startswith("#")
                assert reason, f"{name}:{line}: a late import of {target} without its reason (a comment)"
            private += [f"{name}:{line}: {n} from {target}" for n in names
                        if n.startswith("_") and not n.startswith("__")]
    assert len(late) <= MAX_LATE_IMPORTS, late
    assert private == []


def test_the_graph_is_read_as_the_floors_assume():
    """The engine package imports its text layer (a floor below it), the text layer the registry, a game its
    declarations; an import the other way round (a value type asking the text layer for words, the players
    importing the ``engine`` package) is found, and so is a circle."""
    def imports(a: str, b: str) -> bool:
        return any(t == b for t, _l, _f, _n in GRAPH[a])

    assert imports("engine", "engine.text") and imports("engine.text", "engine.registry")
    assert imports("engine.games.spades", "engine.game")
    assert floor_of("engine.text.render") > floor_of("engine.review") > floor_of("engine.record") > \
        floor_of("engine.games.spades") > floor_of("engine.playcore") > floor_of("engine.cards")
    assert floor_of("tutor.table") > floor_of("tutor.text") > floor_of("engine")
    assert len(_upward({"engine.cards": [("engine.text", 1, False, [])],
                        "engine.bots.kit": [("engine", 24, False, ["SpadesRules"])],
                        "engine.text.render": [("engine.cards", 3, False, [])]})) == 2
    saved = dict(GRAPH)
    try:
        GRAPH["engine.cards"] = [*GRAPH["engine.cards"], ("engine.actions", 1, True, [])]
        GRAPH["engine.actions"] = [*GRAPH["engine.actions"], ("engine.cards", 1, False, [])]
        assert {"engine.cards", "engine.actions"} in _circles({m for m in MODULES if m.startswith("engine")})
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


#: The only modules that use regular expressions, and what they read: what a person typed or a file holds,
#: never a message text (issue 26: "no regular expression is applied to a message text anywhere").
READS_WITH_RE = {
    "engine.text.lang": "a language code (ll, ll_CC)",
    "tutor.exercises.answers": "a student's answer (\"10H\", \"queen of clubs\")",
    "tutor.exercises.roster": "a roster's cells and headers",
    "tutor.exercises.collect": "a learning platform's download file names and list headers",
    "tutor.exercises.grading": "an answer cell's source and the class secret",
}


def test_regular_expressions_read_input_only():
    """A module that imports ``re`` is one of :data:`READS_WITH_RE`: the words a person reads are written
    from data (tutor.exercises.words.html_of: code as ``<code>``, red suits red), never found again in a
    sentence by a pattern."""
    def uses_re(path: pathlib.Path) -> bool:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import) and any(a.name in ("re", "regex") for a in node.names):
                return True
            if isinstance(node, ast.ImportFrom) and node.module in ("re", "regex") and not node.level:
                return True
        return False

    users = {name for name, path in MODULES.items() if uses_re(path)}
    assert users == set(READS_WITH_RE), sorted(users ^ set(READS_WITH_RE))


#: What a table server or a script drives without widgets (issue 32): the session factory, and through it
#: both sessions, the games' kits and looks, the cards' words and HTML, the tutor's text layer.
HEADLESS = ("tutor.sessions",)
#: The widget libraries (and what they stand on) none of the headless modules may import.
WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "traitlets", "ipykernel", "IPython")


def _external_imports(path: pathlib.Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_the_session_imports_no_widget_library():
    seen: set[str] = set()
    todo = list(HEADLESS)
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        parts = m.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in MODULES]  # its packages
        todo += [t for t, _line, _late, _names in GRAPH[m]]
    assert {"tutor.session", "tutor.session_two", "tutor.games", "tutor.card_faces"} <= seen
    wrong = sorted(f"{m} imports {lib}" for m in seen for lib in _external_imports(MODULES[m]) & set(WIDGET_LIBRARIES))
    assert not wrong, "\n".join(wrong)


def _loaded_on_import(start: str) -> set[str]:
    """The project modules importing ``start`` loads: its module-level imports (not those inside a
    function, which load later), theirs, and the packages of each."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        parts = m.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in MODULES]
        todo += [t for t, _line, late, _names in GRAPH[m] if not late]
    return seen


def test_neither_the_session_nor_the_apps_first_page_loads_the_table_package():
    """The table wing is one package (tutor/table/, issue 32) whose ``__init__`` builds the tables, so
    importing any module of it loads the widgets and every table: the headless session and the app's
    first page (the drills open with it) import nothing from it; the app loads it when a table is opened."""
    assert {"tutor.table", "tutor.table.game_table", "tutor.table.view", "tutor.table.two"} <= set(MODULES)
    for start in ("tutor.sessions", "tutor.app"):
        loaded = _loaded_on_import(start)
        assert "tutor.drills" in loaded or start != "tutor.app"
        table = sorted(m for m in loaded if m == "tutor.table" or m.startswith("tutor.table."))
        assert not table, f"importing {start} loads {table}"


def test_architecture_md_says_where_the_kit_the_session_and_the_language_live():
    doc = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for name in ("tutor/games/__init__.py", "tutor/session.py", "tutor/session_two.py", "tutor/sessions.py",
                 "GameTable(session)", "ContextVar", "attempt", "tutor/table/game_table.py"):
        assert f"`{name}" in doc, name


#: The longest a function (or method) in ``tutor/`` may be, in lines from its ``def`` to its last line (issue 32).
MAX_FUNCTION_LINES = 80


def long_functions(root: pathlib.Path, limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """``path:line name (n lines)`` for every function under ``root`` longer than ``limit`` lines."""
    out = []
    for f in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > limit:
                    out.append(f"{f.relative_to(root).as_posix()}:{node.lineno} {node.name} ({length} lines)")
    return out


def test_no_function_in_the_tutor_is_longer_than_80_lines():
    assert not long_functions(REPO / "tutor"), "\n".join(long_functions(REPO / "tutor"))


def test_the_length_check_sees_a_long_function(tmp_path):
    (tmp_path / "m.py").write_text("def f():\n" + "    x = 1\n" * 80 + "\n\ndef g():\n    return 1\n", encoding="utf-8")
    assert long_functions(tmp_path) == ["m.py:1 f (81 lines)"]
    assert long_functions(tmp_path, limit=81) == []
