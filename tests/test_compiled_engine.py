"""The engine compiled with mypyc, tested as the pure engine is (docs/ARCHITECTURE.md,
"Compiled engine").

``./dev.sh test`` runs everything else on the pure engine of the editable install;
here the engine's tests and the hand-record replays (:data:`COMPILED_TESTS`) run once
more, in a subprocess whose ``sys.path`` starts with this checkout's compiled build
(``scripts/compiled_engine.py``: a wheel built by setup.py, cached by the hash of its
sources, rebuilt when one changes).  They check the same numbers, deal numbers,
records and decision hashes (tests/test_bots_determinism.py) as on the pure engine,
so both paths give identical results.

Where no C compiler is found the build is the pure engine: those tests are skipped
with one line saying so, and everything else still runs.  What never depends on a
compiler: no compiled module sits in the source tree (it would shadow an edited
source), a stale build is detected, and a wheel built without a compiler is the pure
engine.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import warnings
import zipfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import compiled_engine  # noqa: E402

#: The test files run again on the compiled engine: the play core, the play-outs, the
#: cards and tricks, both games' rules and hand-record replays, the computer players
#: (their sampling is compiled), the decision hashes of every level, the exact solver, the review.
COMPILED_TESTS = (
    "tests/test_cards.py", "tests/test_playcore.py", "tests/test_sim.py", "tests/test_tricks_shared.py",
    "tests/test_spades_rules.py", "tests/test_ohhell_rules.py", "tests/test_deal.py",
    "tests/test_spades_records.py", "tests/test_ohhell_records.py", "tests/test_hand_record_rulings.py",
    "tests/test_bots.py", "tests/test_bots_determinism.py", "tests/test_advisor.py", "tests/test_level4.py",
    "tests/test_engine_api.py", "tests/test_solver.py", "tests/test_review.py",
)
#: Left out there for time (about 20 s compiled): the same legality check as level 4's other games.
DESELECT = ("tests/test_level4.py::test_sp5_sp14_level4_fifty_spades_games_only_legal_moves",)

#: Folders of the checkout that are not the project's sources (environments, caches, build output).
NOT_SOURCES = {".git", ".venv", "venv", "build", "_site", "node_modules", "__pycache__", ".mypy_cache",
               ".hypothesis", "tmp"}


def test_no_compiled_module_sits_in_the_source_tree():
    """A .so or .pyd beside the sources would be imported instead of an edited .py (Python
    prefers an extension module): the editable install is never compiled (setup.py), and
    nothing may leave one here."""
    found = []
    for dirpath, dirnames, filenames in os.walk(REPO):
        dirnames[:] = [d for d in dirnames if d not in NOT_SOURCES and not d.endswith(".egg-info")]
        found += [os.path.relpath(os.path.join(dirpath, f), REPO) for f in filenames
                  if f.endswith((".so", ".pyd")) or "__mypyc" in f]
    assert found == [], f"compiled modules in the source tree (delete them): {found}"


def test_the_compiled_modules_are_listed_once_and_exist():
    sources = compiled_engine.compiled_sources()
    assert len(set(sources)) == len(sources)
    assert {"engine/cards.py", "engine/playcore.py", "engine/tricks.py", "engine/sim.py"} <= set(sources)
    for s in sources:
        assert (REPO / s).is_file(), s


@pytest.fixture(scope="module")
def compiled_site() -> pathlib.Path:
    try:
        return compiled_engine.build()
    except compiled_engine.NotCompiled as exc:
        message = f"the compiled engine is not tested here, only the pure one: {exc}"
        warnings.warn(message, stacklevel=1)
        pytest.skip(message)


def test_the_compiled_build_is_this_checkouts(compiled_site):
    assert compiled_engine.check(compiled_site) == []


def test_a_stale_build_is_detected(compiled_site, tmp_path):
    """An edited source: another build key, and the build at hand is reported stale."""
    repo = tmp_path / "repo"
    repo.mkdir()
    for f in compiled_engine.BUILD_FILES:
        shutil.copy2(REPO / f, repo / f)
    shutil.copytree(REPO / "engine", repo / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    assert compiled_engine.build_key(repo) == compiled_engine.build_key()
    with open(repo / "engine/playcore.py", "a") as f:
        f.write("\n# an edit\n")
    with open(repo / "engine/game.py", "a") as f:  # not compiled, but in the build all the same
        f.write("\n# an edit\n")
    assert compiled_engine.build_key(repo) != compiled_engine.build_key()
    problems = compiled_engine.check(compiled_site, repo)
    assert any(p.startswith("engine/playcore.py: the build was compiled from another version") for p in problems)
    assert "engine/game.py: the build's copy differs from the checkout's" in problems


def test_engine_tests_and_record_replays_pass_on_the_compiled_engine(compiled_site):
    modules = compiled_engine.compiled_modules()
    runner = (
        "import importlib, sys, pytest\n"
        f"for name in {modules!r}:\n"
        "    f = importlib.import_module(name).__file__\n"
        "    assert f.endswith(('.so', '.pyd')), f'{name} is not compiled: {f}'\n"
        "import engine\n"
        f"assert engine.__file__.startswith({str(compiled_site)!r}), engine.__file__\n"
        "sys.exit(pytest.main(sys.argv[1:]))\n")
    args = ["-q", "-p", "no:randomly", "-p", "no:xdist", *COMPILED_TESTS,
            *(a for d in DESELECT for a in ("--deselect", d))]
    env = compiled_engine.environment(compiled_site)
    env["PYTHONSAFEPATH"] = "1"  # the current folder (the checkout, its pure engine) never on sys.path
    proc = subprocess.run([sys.executable, "-c", runner, *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=1200)
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-60:])
    assert proc.returncode == 0, tail
    assert " passed" in tail and " failed" not in tail, tail


def test_without_a_c_compiler_a_wheel_is_the_pure_engine_and_says_so_once(tmp_path):
    """``pip wheel .`` (what ``pip install .`` builds) with no compiler: a pure wheel,
    one line saying why, no failure."""
    src = tmp_path / "src"
    src.mkdir()
    for f in compiled_engine.BUILD_FILES:
        shutil.copy2(REPO / f, src / f)
    shutil.copytree(REPO / "engine", src / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "CC": str(tmp_path / "no-compiler-here"), "TRICKTUTOR_COMPILE": "auto"}
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path / "out"),
                           str(src)], env=env, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    wheel = next((tmp_path / "out").glob("tricktutor-*.whl"))
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd")) or n == compiled_engine.INFO]
    assert "engine/playcore.py" in names
    said = [line.strip() for line in out.splitlines() if line.strip().startswith("tricktutor:")]
    assert len(said) == 1 and "no working C compiler" in said[0], said
