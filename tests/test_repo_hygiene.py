"""Repository hygiene: nothing in the repository names a path of one particular machine.

A path such as ``<root>/venv/bin/python`` or ``<home>/alice/project`` works on
the machine it was written on and nowhere else (issue 10: the Binder
rehearsal looked for the developer's Python and failed on every fresh clone).
Scripts and tests must use the interpreter they run under (``sys.executable``),
the project's ``.venv``, or a path relative to the repository.

Every file git knows of (tracked, or new and not ignored) is read; when git or
the ``.git`` folder is missing (a copy of the tree, as Binder has) the tree is
walked instead, skipping what ``.gitignore`` names as generated.

The patterns are assembled from parts below so that this file does not name
the paths it looks for.
"""
from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]

_SEP = "/"
_BS = "\\"
#: Absolute paths that belong to one machine.  An absolute path starts the
#: string or follows a character that cannot be part of a URL's host or path
#: (so a path inside a URL, such as a site's ``/docs/`` folder, is not a hit).
_START = r"(?:^|(?<=[\s\"'`(=,;:\[{<>|])|(?<=file://))"
MACHINE_PATH = re.compile(
    _START
    + "(?:"
    + re.escape(_SEP + "wo" + "rk" + _SEP)                        # the build machine's work tree
    + "|" + re.escape(_SEP + "ro" + "ot" + _SEP)                  # root's home
    + "|" + re.escape(_SEP + "ho" + "me" + _SEP) + r"[A-Za-z0-9._-]+" + re.escape(_SEP)   # a user's home
    + "|" + re.escape(_SEP + "Us" + "ers" + _SEP) + r"[A-Za-z0-9._ -]+" + re.escape(_SEP)  # macOS homes
    + ")"
    + "|" + r"(?<![A-Za-z])[A-Za-z]:" + re.escape(_BS) + "{1,2}" + "(?i:us" + "ers)" + re.escape(_BS),  # Windows
    re.MULTILINE,
)

#: Folders never part of the repository (virtual environments, caches, build output).
_SKIP_DIRS = {".git", ".venv", "venv", "__pycache__", "build", ".hypothesis", ".ipynb_checkpoints",
              "artifacts", ".pytest_cache", "node_modules"}


def _repository_files() -> list[pathlib.Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO, capture_output=True, check=True, timeout=60,
        ).stdout
        names = [n for n in out.decode("utf-8", "surrogateescape").split("\0") if n]
        if names:
            return [REPO / n for n in names if (REPO / n).is_file()]
    except (OSError, subprocess.SubprocessError):
        pass
    files = []
    for path in REPO.rglob("*"):
        rel = path.relative_to(REPO).parts
        if any(p in _SKIP_DIRS or p.endswith(".egg-info") for p in rel[:-1]):
            continue
        if path.is_file() and not path.name.endswith((".log", ".pyc")):
            files.append(path)
    return files


def machine_paths(text: str) -> list[tuple[int, str]]:
    """``[(line number, line)]`` for each line of ``text`` naming a machine's absolute path."""
    hits = []
    for m in MACHINE_PATH.finditer(text):
        line_no = text.count("\n", 0, m.start()) + 1
        line = text.splitlines()[line_no - 1]
        hits.append((line_no, line.strip()[:160]))
    return hits


@pytest.mark.parametrize("example", [
    "exec " + _SEP + "wo" + "rk" + _SEP + "venv/bin/python",
    "if [ -x " + _SEP + "wo" + "rk" + _SEP + "venv/bin/python ]",
    'PY = "' + _SEP + "ro" + "ot" + _SEP + '.pyenv/shims/python3"',
    "see " + _SEP + "ho" + "me" + _SEP + "alice" + _SEP + "tricktutor/README.md",
    "file://" + _SEP + "ro" + "ot" + _SEP + "notes.txt",
    "(" + _SEP + "Us" + "ers" + _SEP + "bob" + _SEP + "src)",
    r'open("C:' + _BS + "Us" + "ers" + _BS + r'carol\Desktop\hand.json")',
    "C:" + _BS * 2 + "us" + "ers" + _BS * 2 + "dan",
])
def test_the_patterns_find_machine_paths(example):
    assert machine_paths(example), example


@pytest.mark.parametrize("example", [
    "https://example.org" + _SEP + "wo" + "rk" + _SEP + "x",       # a URL, not a file path
    "https://mybinder.org/v2/gh/tricktutor/tricktutor/main?urlpath=voila/render/notebooks/app.ipynb",
    ".venv/bin/python benchmarks/tutor_speed.py",
    "/usr/bin/chromium --version",                                # Debian's standard place, on every machine
    "network" + _SEP + "home" + _SEP + "x",                        # a relative path
])
def test_the_patterns_leave_portable_paths_alone(example):
    assert not machine_paths(example), example


def test_no_file_of_the_repository_names_a_path_of_one_machine():
    files = _repository_files()
    assert len(files) > 50, f"only {len(files)} files found under {REPO.name}"
    offenders = []
    for path in files:
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary (images)
        text = data.decode("utf-8", "replace")
        for line_no, line in machine_paths(text):
            offenders.append(f"{path.relative_to(REPO)}:{line_no}: {line}")
    assert not offenders, "machine-specific absolute paths:\n" + "\n".join(offenders)


SHARED = REPO.parent / "shared"


@pytest.mark.parametrize("name", ["RULES.md", "HAND_RECORD.md"])
def test_docs_copies_are_identical_to_the_shared_documents(name):
    """docs/RULES.md and docs/HAND_RECORD.md are byte-for-byte copies of ../shared/ (for Binder)."""
    shared = SHARED / name
    if not shared.is_file():
        pytest.skip(f"../shared/{name} is not next to this checkout (a clone on its own)")
    copy = REPO / "docs" / name
    assert copy.is_file(), f"docs/{name} is missing"
    assert copy.read_bytes() == shared.read_bytes(), (
        f"docs/{name} differs from ../shared/{name}: copy it over (cp ../shared/{name} docs/{name})"
    )


#: What a repository of sources never tracks: packages and archives (they come from PyPI or npm
#: at pinned versions, or are built).
ARCHIVES = (".whl", ".zip", ".tar", ".tar.gz", ".tgz", ".egg", ".so", ".pyd", ".jar")


def test_no_archive_or_built_file_is_tracked():
    offenders = [str(p.relative_to(REPO)) for p in _repository_files() if p.name.endswith(ARCHIVES)]
    assert not offenders, "archives or built files in the repository: " + ", ".join(offenders)
