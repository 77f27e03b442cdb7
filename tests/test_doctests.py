"""The examples in engine/'s docstrings run and stay true (issue 12).

``./dev.sh test`` runs them through pytest's ``--doctest-modules`` over
``engine``; this test checks that the command does so, and runs every
engine module's examples itself, so that a targeted ``pytest tests`` run
checks them as well."""
from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
WITH_EXAMPLES = sorted(str(p.relative_to(REPO).with_suffix("")).replace("/", ".")
                       for p in (REPO / "engine").rglob("*.py") if ">>> " in p.read_text(encoding="utf-8"))


def test_the_test_command_runs_the_engine_doctests():
    block = (REPO / "dev.sh").read_text(encoding="utf-8").split("\n  test)", 1)[1].split(";;", 1)[0]
    command = " ".join(block.replace("\\\n", " ").split())
    assert "-m pytest -q --nbval-lax --doctest-modules" in command
    assert " tests notebooks exercises engine " in command


def test_there_are_examples_to_run():
    assert {"engine.registry", "engine.games.spades", "engine.games.oh_hell", "engine.validation"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_engine_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
