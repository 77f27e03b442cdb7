"""What the chapters say about players, tricks and hands, and the drills they end with
(issue 13): wording a reader flagged as wrong stays fixed, and each chapter offers the
practice the issue asks for.  Running the cells is nbval's job."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


def text(prefix: str, kinds=("markdown", "code")) -> str:
    (path,) = NOTEBOOKS.glob(f"{prefix}_*.ipynb")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] in kinds)


def test_00_says_who_plays_each_game():
    t = text("00")
    assert "four (or more)" not in t
    assert "Spades is played\nby exactly four people" in t and "three to seven" in t


def test_01_a_trick_has_one_card_per_player():
    t = text("01")
    assert "The four cards together are a" not in t
    assert "three to seven in Oh Hell" in t


def test_04_ends_with_a_spades_trick_winner_drill():
    t = text("04", ("code",))
    assert 'TrickWinnerDrill(game="spades"' in t
    assert t.rstrip().endswith("winner_drill")


@pytest.mark.parametrize("prefix,game", [("05", "spades"), ("08", "oh_hell")])
def test_scoring_chapters_have_the_scoring_drill(prefix, game):
    assert f'ScoringDrill(game="{game}"' in text(prefix, ("code",))


def test_05_worked_examples_of_two_penalties_and_a_tie_at_500():
    t = text("05")
    assert "24 bags" in t and "penalties == 2" in t
    assert "### A tie at 500" in t and "game.scores == [511, 511]" in t and "not game.game_over" in t


def test_07_oh5_is_the_right_way_round_and_explains_three_players():
    t = text("07")
    assert "each\nhand can be bigger" not in t and "each hand can be bigger" not in t
    assert "with more players each\nhand must be smaller" in t
    assert "RULES.md's OH-5 sets **15 hands**" in t and "3 × 15 = 45" in t


def test_08_shows_a_last_hand_without_trump():
    t = text("08")
    assert "### The last hand has no trump (OH-7)" in t
    assert "short.trump is None" in t and "TrickWinnerDrill(game=\"oh_hell\", trump=None" in t


@pytest.mark.parametrize("prefix", ["00", "01", "04", "05", "07", "08"])
def test_players_are_named_or_they_not_he(prefix):
    assert not re.search(r"\b(he|his|him|himself)\b", text(prefix, ("markdown",)), re.IGNORECASE)
