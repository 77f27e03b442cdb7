"""No dispatch on a game's name outside the registry (issue 12).

What differs between games is declared once, in :mod:`engine.registry`
(a :class:`~engine.registry.GameSpec` per game and seat layout); code asks
the spec (``game.spec``, ``view.spec``, ``spec_for(name, seats)``) or a
property of the game or view, never ``GAME == …``, ``view.game == "spades"``
or ``game in ("spades", "oh_hell")``.  This test reads the source of
``engine/`` and of ``tutor/``, and
fails naming each line that compares a game's name.
"""
from __future__ import annotations

import ast
import pathlib
import re


REPO = pathlib.Path(__file__).resolve().parents[1]

_NAME = r"""['"](?:spades|oh_hell)['"]"""
#: Comparisons with a game's name: ``GAME ==``, ``.game ==``, ``== "spades"``,
#: ``"oh_hell" !=``, ``in ("spades", …)``.
DISPATCH = re.compile(
    r"\bGAME\s*[!=]="
    r"|\.game\s*[!=]="
    r"|[!=]=\s*" + _NAME
    + r"|" + _NAME + r"\s*[!=]="
    + r"|\bin\s*[(\[{]\s*" + _NAME
)


def _dispatch_lines(path: pathlib.Path) -> list[str]:
    out = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0]
        if DISPATCH.search(code):
            out.append(f"{path.relative_to(REPO)}:{no}: {line.strip()}")
    return out


def _checked_files() -> list[pathlib.Path]:
    files = [p for p in sorted((REPO / "engine").rglob("*.py")) if p.name != "registry.py"]
    files += sorted((REPO / "tutor").rglob("*.py"))
    return files


def test_the_pattern_finds_name_dispatch_and_nothing_else():
    hits = ['if view.game == "spades":', "if game.GAME != 'oh_hell':", 'if game not in ("spades", "oh_hell"):',
            'x = "spades" == kind', 'key = "side" if g == "spades" else "seat"', "if self.game == 'oh_hell':"]
    misses = ['GAME = "spades"', 'spec_for("spades", 4)', 'names = {"spades": "Spades"}',
              "if view.spec.nil_bids:", 'kind = "spades"']
    assert all(DISPATCH.search(h) for h in hits)
    assert not any(DISPATCH.search(m) for m in misses)


def test_no_game_name_dispatch_in_engine_or_tutor():
    found = []
    for path in _checked_files():
        found += _dispatch_lines(path)
    assert not found, ("dispatch on a game's name (ask the registry's GameSpec instead, "
                       "engine/registry.py):\n" + "\n".join(found))


#: Sorting refusals into "timing" and "rule" by their reason
#: (``reason in ("NOT_YOUR_TURN", "WRONG_PHASE")``): a verdict says itself
#: whether it is about timing (``Verdict.is_timing``, engine/verdict.py).
_TIMING = r"(?:NOT_YOUR_TURN|WRONG_PHASE|ALREADY_BID|GAME_OVER|HAND_NOT_DEALT|EXCHANGE_NOT_IN_EXCHANGE|EXCHANGE_ALREADY_PASSED|ALREADY_LOOKED)"
REASON_TEXT = re.compile(r"reason\S*\s*(?:[!=]=|(?:not\s+)?in)\s*[^#]*\b" + _TIMING + r"\b")


def test_no_caller_sorts_refusals_by_reason_text():
    assert REASON_TEXT.search('if v.reason.value in ("NOT_YOUR_TURN", "WRONG_PHASE"):')
    assert REASON_TEXT.search("if verdict.reason in {Reason.WRONG_PHASE, Reason.GAME_OVER}:")
    assert not REASON_TEXT.search("if verdict.is_timing:")
    assert not REASON_TEXT.search('assert v.reason == "MUST_FOLLOW_SUIT"')   # one rule's reason: fine
    found = []
    for path in sorted((REPO / "engine").rglob("*.py")) + sorted((REPO / "tutor").rglob("*.py")):
        if path.name == "verdict.py":
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if REASON_TEXT.search(line.split("#", 1)[0]):
                found.append(f"{path.relative_to(REPO)}:{no}: {line.strip()}")
    assert not found, "use Verdict.is_timing / Reason members:\n" + "\n".join(found)


def test_timing_and_rule_refusals_say_which_they_are():
    from engine import SpadesGame
    g = SpadesGame(first_deal=5, dealer=3)
    assert g.check_bid(1, 3).is_timing and g.check_bid(1, 3).reason == "NOT_YOUR_TURN"
    assert g.check_play(0, g.hand_of(0)[0]).is_timing        # still the bidding (SP-5)
    assert not g.check_bid(0, 14).is_timing and g.check_bid(0, 14).reason == "BID_OUT_OF_RANGE"
    assert not g.check_bid(0, 3).is_timing                    # allowed: not a refusal at all


# ---------------------------------------------------------------- no dict keyed by a game's name (issue 32)
#: What the tutor keeps by game is declared once, in the game's kit (tutor/games: look, table, drills'
#: choices, the app's section), and what a drill does in each game it knows in that drill's one entry per
#: game (``FOLLOW_SETUPS``, ``WINNER_GAMES``, ``BIDDING_GAMES``, ``SCORING_GAMES``, each with its spec);
#: nothing else in ``tutor/`` holds a dict whose keys are games' names.
#: Dicts that still do, by file, with how many such dicts each holds: the list may only shrink (a new
#: file, or one more dict in a listed file, fails).  The exercises' per-game settings are still kept so
#: (tutor/exercises belongs to the teacher pipeline's refactor); the other keys are suits' names that
#: happen to be a game's ("spades": the suit).
KNOWN_GAME_KEYED: dict[str, int] = {
    "tutor/drills/draw.py": 1,          # "spades": the trade-off's count of spades (the suit)
    "tutor/exercises/answers.py": 1,    # "spades": the suit, as an answer may name it
    "tutor/exercises/questions_ohhell.py": 1,   # "spades": a sentence about the suit
    "tutor/exercises/questions_play.py": 1,     # "spades": a sentence about the suit
}


def _game_names() -> set[str]:
    from engine.registry import game_names
    from tutor.games import KITS
    return set(game_names()) | {kit.key for kit in KITS}


def _game_keyed_dicts(source: str, names: set[str]) -> list[int]:
    """The lines of the dict displays in ``source`` with a game's name as a key, and of ``dict(name=…)``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            if any(isinstance(k, ast.Constant) and k.value in names for k in node.keys):
                out.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            if any(kw.arg in names for kw in node.keywords):
                out.append(node.lineno)
    return out


def test_the_pattern_finds_dicts_keyed_by_a_game_and_nothing_else():
    names = {"spades", "oh_hell"}
    assert _game_keyed_dicts('X = {"spades": 1, "x": 2}', names) == [1]
    assert _game_keyed_dicts('X = dict(oh_hell=3)', names) == [1]
    assert _game_keyed_dicts('X = {k.key: k for k in KITS}\nY = {"suit": "spades"}\nZ = ["spades"]', names) == []


def test_no_dict_in_the_tutor_is_keyed_by_a_games_name():
    names = _game_names()
    found: dict[str, list[int]] = {}
    for path in sorted((REPO / "tutor").rglob("*.py")):
        lines = _game_keyed_dicts(path.read_text(encoding="utf-8"), names)
        if lines:
            found[path.relative_to(REPO).as_posix()] = lines
    over = {f: lines for f, lines in found.items() if len(lines) > KNOWN_GAME_KEYED.get(f, 0)}
    assert not over, ("a dict keyed by a game's name (declare it in the game's kit, tutor/games, instead):\n"
                      + "\n".join(f"{f}: lines {lines}" for f, lines in over.items()))
    gone = {f for f in KNOWN_GAME_KEYED if len(found.get(f, ())) < KNOWN_GAME_KEYED[f]}
    assert not gone, f"fewer game-keyed dicts now in {sorted(gone)}: lower KNOWN_GAME_KEYED"


def test_importing_the_tables_registers_nothing():
    """table.py builds its TABLES from the kits and changes no other module on import (issue 32)."""
    import importlib
    import sys

    import tutor.review_panel
    before = dict(vars(tutor.review_panel))
    sys.modules.pop("tutor.table", None)
    table = importlib.import_module("tutor.table")
    assert dict(vars(tutor.review_panel)) == before
    from tutor.games import KITS
    assert set(table.TABLES) == {kit.key for kit in KITS}
    assert all(table.TABLES[kit.key] is kit.table_class() for kit in KITS)
