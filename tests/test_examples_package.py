"""The example hand records are package data: ``tutor.examples`` (issue 28).

Chapters 11 and 13 used to read ``../examples/*.json`` and worked only with their
kernel in ``notebooks/``.  The records stay in ``examples/`` at the top of the
repository (the README's commands and the tests name them there), and
``tutor/examples`` is a link to that folder, so the same files are the package
``tutor.examples``: installed as package data, loaded by name from any folder.
There is one copy of each file.
"""
from __future__ import annotations

import hashlib
import json
import os
import pathlib
import subprocess
import sys
import tomllib

import pytest

import tutor.examples
from engine.record import replay

REPO = pathlib.Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
RECORDS = sorted(p.stem for p in EXAMPLES.glob("*.json"))


def test_the_package_is_the_examples_folder():
    assert (REPO / "tutor" / "examples").resolve() == EXAMPLES.resolve()
    assert pathlib.Path(tutor.examples.__file__).resolve().parent == EXAMPLES.resolve()


def test_names_are_the_records_in_examples():
    assert len(RECORDS) >= 9
    assert tutor.examples.names() == tuple(RECORDS)


@pytest.mark.parametrize("name", RECORDS)
def test_load_gives_the_file_parsed_and_replayable(name):
    record = tutor.examples.load(name)
    assert record == json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    assert tutor.examples.load(f"{name}.json") == record
    assert record["format"] == "tricktutor-hand-record/1"
    _, status, _ = replay(record)
    assert status == 0, name


@pytest.mark.parametrize("bad", ["no_such_game", "../pyproject", "examples/spades_full_game", "", None])
def test_an_unknown_name_is_refused_with_the_names_there_are(bad):
    with pytest.raises(ValueError) as e:
        tutor.examples.load(bad)
    assert "there is no example record" in str(e.value) and "spades_full_game" in str(e.value)


def test_pyproject_ships_the_records_as_package_data():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert "*.json" in setuptools["package-data"]["tutor.examples"]
    assert any(p == "tutor*" or p.startswith("tutor") for p in setuptools["packages"]["find"]["include"])


def test_the_records_load_from_any_folder(tmp_path):
    """A kernel started elsewhere (another folder, no PYTHONPATH) reads them too."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = ("import tutor.examples as e; r = e.load('review_costly_cards'); "
            "print(len(e.names()), r['format'])")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(len(RECORDS)), "tricktutor-hand-record/1"]


def test_there_is_one_copy_of_each_record():
    """No JSON file elsewhere in the repository repeats an example record."""
    digests = {hashlib.sha256(p.read_bytes()).hexdigest(): p.name for p in EXAMPLES.glob("*.json")}
    tracked = subprocess.run(["git", "ls-files", "-z", "*.json"], cwd=REPO, capture_output=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    copies = [n for n in tracked.stdout.decode().split("\0") if n and not n.startswith("examples/")
              and (REPO / n).is_file() and hashlib.sha256((REPO / n).read_bytes()).hexdigest() in digests]
    assert copies == []


def test_the_module_docstring_example_runs():
    import doctest
    result = doctest.testmod(tutor.examples)
    assert result.attempted == 3 and result.failed == 0
