"""The compiled engine of this checkout, for the tests and the benchmarks.

``./dev.sh`` installs the project editable (``pip install -e``), and an editable
install is never compiled (setup.py): no ``.so`` ever sits next to a source it
could silently shadow.  The compiled modules are tested and timed from a
separate build instead: a wheel of this checkout's engine, built by the same
setup.py as a release wheel (``pip wheel``, mypyc), unpacked into a folder of
its own, which a subprocess puts first on its ``sys.path``.

That folder is a cache keyed by the SHA-256 of everything the build's modules
are made from (every file under ``engine/``, setup.py, pyproject.toml) and of
the Python and mypy versions: an edited source means another key, so a new build (about
half a minute), never an old one.  The cache lives in the virtual environment
(``<sys.prefix>/tricktutor-compiled/<key>``; ``$TT_COMPILED_CACHE`` elsewhere);
only the newest build is kept.

Run as a script it builds (or finds) the build and prints its folder, or the
reason there is none (no C compiler, say) with exit status 3.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile

REPO = pathlib.Path(__file__).resolve().parents[1]
#: What the build is made from, besides every file under engine/ (the first two make the build key;
#: the other two only the wheel's metadata).
BUILD_FILES = ("pyproject.toml", "setup.py", "README.md", "LICENSE")
KEY_FILES = BUILD_FILES[:2]
INFO = "engine/_compiled.json"


def compiled_sources(repo: pathlib.Path = REPO) -> list[str]:
    """The modules setup.py compiles (``[tool.tricktutor] compiled`` in pyproject.toml)."""
    with open(repo / "pyproject.toml", "rb") as f:
        return list(tomllib.load(f)["tool"]["tricktutor"]["compiled"])


def compiled_modules(repo: pathlib.Path = REPO) -> list[str]:
    """The same as module names (``engine.playcore``)."""
    return [p.removesuffix(".py").replace("/", ".") for p in compiled_sources(repo)]


def engine_files(repo: pathlib.Path = REPO) -> list[pathlib.Path]:
    """Every file of the engine package (caches left out), sorted."""
    return sorted(p for p in (repo / "engine").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".so", ".pyd"))


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_key(repo: pathlib.Path = REPO) -> str:
    """The hash of everything the compiled build is made from."""
    h = hashlib.sha256()
    try:
        mypy_version = importlib.metadata.version("mypy")
    except importlib.metadata.PackageNotFoundError:
        mypy_version = "-"
    h.update(f"{sys.version}|{sys.platform}|mypy {mypy_version}\n".encode())
    for p in [repo / f for f in KEY_FILES] + engine_files(repo):
        h.update(p.relative_to(repo).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def cache_root() -> pathlib.Path:
    return pathlib.Path(os.environ.get("TT_COMPILED_CACHE") or pathlib.Path(sys.prefix) / "tricktutor-compiled")


class NotCompiled(Exception):
    """The build made the pure engine: no C compiler here, say (the reason is the message)."""


def _build(repo: pathlib.Path, dest: pathlib.Path) -> None:
    """Build the wheel from a copy of the sources (a build writes build/ where it runs; the
    checkout's is the site build's) and unpack it into ``dest``/site."""
    with tempfile.TemporaryDirectory(prefix="tt-compiled-") as tmp:
        src = pathlib.Path(tmp) / "src"
        src.mkdir()
        for f in BUILD_FILES:
            shutil.copy2(repo / f, src / f)
        for p in engine_files(repo):
            (src / p.relative_to(repo)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, src / p.relative_to(repo))
        out = pathlib.Path(tmp) / "wheel"
        proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(src)],
                              capture_output=True, text=True, env={**os.environ, "TRICKTUTOR_COMPILE": "auto"})
        said = [line.strip() for line in (proc.stdout + proc.stderr).splitlines() if line.strip().startswith("tricktutor:")]
        if proc.returncode != 0:
            raise RuntimeError(f"pip wheel failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
        wheel = next(out.glob("tricktutor-*.whl"))
        if wheel.name.endswith("-none-any.whl"):
            reason = said[-1] if said else "tricktutor: the build made the pure engine"
            if "no working C compiler" in reason:
                raise NotCompiled(reason.removeprefix("tricktutor: "))
            raise RuntimeError(f"the compiled build failed: {reason}\n{proc.stdout[-3000:]}")
        with zipfile.ZipFile(wheel) as z:
            z.extractall(dest / "site")
        shutil.copy2(wheel, dest / wheel.name)


def build(repo: pathlib.Path = REPO) -> pathlib.Path:
    """The folder to put first on ``sys.path`` for this checkout's compiled engine,
    built when no build of the current sources is cached.  Raises :class:`NotCompiled`
    where the build gives the pure engine for want of a C compiler, RuntimeError
    when it fails otherwise."""
    root = cache_root()
    key = build_key(repo)
    final = root / key
    if (final / "site").is_dir():
        return final / "site"
    root.mkdir(parents=True, exist_ok=True)
    tmp = pathlib.Path(tempfile.mkdtemp(prefix=f".{key}-", dir=root))
    try:
        _build(repo, tmp)   # NotCompiled is not remembered: a compiler installed later is used
        try:
            tmp.rename(final)  # atomic: another process building the same key at once keeps its own
        except OSError:
            pass
        for old in root.iterdir():  # only the newest build is kept
            if old.name != final.name and not old.name.startswith("."):
                shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not final.is_dir():
        raise RuntimeError(f"the compiled build could not be stored in {final}")
    return build(repo)


def check(site: pathlib.Path, repo: pathlib.Path = REPO) -> list[str]:
    """What is wrong with the build in ``site`` for this checkout (empty: nothing): a compiled
    module missing, or any engine file of the build not the checkout's (a stale build)."""
    problems = []
    for mod in compiled_sources(repo):
        stem = (site / mod).with_suffix("")
        if not [p for p in stem.parent.glob(stem.name + ".*") if p.suffix in (".so", ".pyd")]:
            problems.append(f"{mod}: no compiled module in the build")
    info = json.loads((site / INFO).read_text()) if (site / INFO).is_file() else {"sources": {}}
    for mod in compiled_sources(repo):
        if info["sources"].get(mod) != sha256(repo / mod):
            problems.append(f"{mod}: the build was compiled from another version of this source ({INFO})")
    for p in engine_files(repo):
        rel = p.relative_to(repo)
        if rel.suffix == ".py" and (not (site / rel).is_file() or sha256(site / rel) != sha256(p)):
            problems.append(f"{rel.as_posix()}: the build's copy differs from the checkout's")
    return problems


def environment(site: pathlib.Path) -> dict[str, str]:
    """Environment for ``python -P`` (no current folder on ``sys.path``) running the compiled engine."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    return env


def main() -> int:
    try:
        site = build()
    except NotCompiled as exc:
        print(f"no compiled engine here: {exc}", file=sys.stderr)
        return 3
    problems = check(site)
    for p in problems:
        print(p, file=sys.stderr)
    print(site)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
