"""Spades house rules for learners: "same hand, other rules".

:func:`same_hand_other_rules` takes a finished Spades hand and scores it
again under RULES.md's default rules and under each scoring house rule
(SP-H1 Nil value, SP-H4 bag limit and penalty, SP-H5 ten for two hundred,
SP-H7 failed Nil tricks help the partner) that would change its score, side
by side in a table: :class:`~tutor.rows.Rows` (:func:`same_hand_other_rules_rows`,
no pandas: the app and the browser version use it) or a pandas DataFrame
(:func:`same_hand_other_rules`, for notebooks).  The scoring is the engine's own
(:func:`engine.games.spades.score_spades_side`); nothing here re-implements
a rule.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import Bid
from engine.errors import InvalidInputError
from engine.game import TrickGame
from engine.games.spades import SPEC as SPADES, SpadesRules, score_spades_side
from engine.record import game_from_record
from engine.text import help_text

from .rows import Rows

__all__ = ["same_hand_other_rules", "same_hand_other_rules_rows", "scoring_variants", "options_table",
           "options_rows"]

#: The columns of :func:`same_hand_other_rules_rows` ("rules" is the DataFrame's index).
SAME_HAND_COLUMNS = ("rules", "rule", "North–South", "East–West", "NS bags", "EW bags", "NS change", "EW change",
                     "score lines")


def scoring_variants(rules: SpadesRules | None = None) -> list[tuple[str, str, SpadesRules]]:
    """The scoring house rules to compare with RULES.md's defaults:
    ``(rule id, description, SpadesRules)`` for SP-H1, SP-H4, SP-H5 and
    SP-H7, each switched on alone.  A setting the game itself uses is taken
    from ``rules`` (e.g. its own bag limit); otherwise a common one (Nil 50;
    5 bags cost 50)."""
    base = SpadesRules()
    own = rules or base
    h4 = (own.bag_limit, own.bag_penalty) if (own.bag_limit, own.bag_penalty) != (10, 100) else (5, 50)
    return [
        ("SP-H1", "Nil worth 50 (Blind Nil 100)", replace(base, nil_value=50)),
        ("SP-H4", f"{h4[0]} bags cost {h4[1]}", replace(base, bag_limit=h4[0], bag_penalty=h4[1])),
        ("SP-H5", "ten for two hundred", replace(base, ten_for_200=True)),
        ("SP-H7", "failed Nil tricks help the partner", replace(base, failed_nil_tricks_help=True)),
    ]


_SCORING = {"nil_value": "SP-H1", "bag_limit": "SP-H4", "bag_penalty": "SP-H4", "ten_for_200": "SP-H5",
            "failed_nil_tricks_help": "SP-H7"}


def _bid(seat: int, b: Any) -> Bid:
    if b == "blind_nil":
        return Bid(seat, 0, True)
    return Bid(seat, 0 if b == "nil" else int(b))


def _score(result, bags_before, rules: SpadesRules) -> tuple[list[int], list[int], list]:
    points, bags, lines = [], [], []
    for side in (0, 1):
        seats = (side, side + 2)
        sl, pts, after = score_spades_side(side, [_bid(s, result.bids[s]) for s in seats],
                                           [result.tricks_won[s] for s in seats], bags_before[side], rules)
        points.append(pts)
        bags.append(after)
        lines.extend(sl)
    return points, bags, lines


def same_hand_other_rules(game_or_record: Any, hand: int = -1):
    """:func:`same_hand_other_rules_rows` as a pandas DataFrame indexed by
    ``rules`` (ImportError where pandas is missing: the browser version)."""
    return same_hand_other_rules_rows(game_or_record, hand).to_frame()


def same_hand_other_rules_rows(game_or_record: Any, hand: int = -1) -> Rows:
    """The score of one finished hand under the default rules and under each
    scoring house rule that would change it (SP-H1, SP-H4, SP-H5, SP-H7).

    ``game_or_record``: a :class:`~engine.SpadesGame` or a Spades hand record
    (dict, HAND_RECORD.md); ``hand``: index into the finished hands (default
    the last).  Bids, tricks won and the bags carried into the hand are the
    game's; only the scoring rules change.

    Returns :class:`~tutor.rows.Rows` whose first column (the DataFrame's index)
    is ``rules`` ("default rules", then
    e.g. "SP-H1 Nil worth 50 (Blind Nil 100)"; last, when the game itself
    uses scoring house rules, a row with all of them together), with columns ``rule``,
    ``North–South``, ``East–West`` (hand points), ``NS bags``, ``EW bags``
    (bags after the hand), ``NS change``, ``EW change`` (points against the
    default row) and ``score lines`` (the lines that differ from the
    default's, each with its rule id).  A house rule that gives the same
    score as the default is left out.  Raises InvalidInputError for a game
    that is not Spades or has no finished hand.
    """
    game = game_or_record
    if isinstance(game, dict):
        game = game_from_record(game)
    if not (isinstance(game, TrickGame) and game.spec is SPADES):  # four seats in two partnerships (SP-1)
        raise InvalidInputError("same_hand_other_rules needs a Spades game or a Spades hand record")
    results = game.results
    if not results:
        raise InvalidInputError("the game has no finished hand yet")
    try:
        result = results[hand]
        index = range(len(results))[hand]
    except (IndexError, TypeError):
        raise InvalidInputError(f"hand {hand!r}: the game has {len(results)} finished hands") from None
    bags_before = list(game.start_bags) if index == 0 else list(results[index - 1].bags_after or ())

    def text(lines) -> str:
        return "; ".join(f"{'NS' if l.who == 0 else 'EW'} {l.item} {l.points:+d} ({l.rule})" for l in lines)

    d_pts, d_bags, d_lines = _score(result, bags_before, SpadesRules())
    rows = [{"rules": "default rules", "rule": "SP-17…SP-20", "North–South": d_pts[0], "East–West": d_pts[1],
             "NS bags": d_bags[0], "EW bags": d_bags[1], "NS change": 0, "EW change": 0, "score lines": text(d_lines)}]
    assert isinstance(game.rules, SpadesRules)
    variants = [(f"{rule} {label}", rule, rules) for rule, label, rules in scoring_variants(game.rules)]
    own = {k: v for k, v in game.rules.changed().items() if k in _SCORING}
    if own:  # the game's own scoring options, all together
        variants.append(("this game's rules", ", ".join(sorted({_SCORING[k] for k in own})),
                         replace(SpadesRules(), **own)))
    for name, rule, rules in variants:
        pts, bags, lines = _score(result, bags_before, rules)
        if pts == d_pts and bags == d_bags:
            continue
        differ = [l for l in lines if l not in d_lines]
        rows.append({"rules": name, "rule": rule, "North–South": pts[0], "East–West": pts[1],
                     "NS bags": bags[0], "EW bags": bags[1], "NS change": pts[0] - d_pts[0],
                     "EW change": pts[1] - d_pts[1], "score lines": text(differ)})
    return Rows.from_dicts(SAME_HAND_COLUMNS, rows, index="rules")


def options_rows(rules: SpadesRules | None = None) -> Rows:
    """Every Spades option (HAND_RECORD.md name), its value in ``rules``,
    its default and a one-line explanation citing its SP-H id: columns
    ``option`` (the DataFrame's index), ``value``, ``default``, ``what it does``."""
    rules = rules or SpadesRules()
    default = SpadesRules()
    return Rows(("option", "value", "default", "what it does"),
                tuple((o.name, rules.value(o.name), default.value(o.name), help_text(o))
                      for o in SpadesRules.OPTIONS), index="option")


def options_table(rules: SpadesRules | None = None):
    """:func:`options_rows` as a pandas DataFrame indexed by ``option``
    (ImportError where pandas is missing: the browser version)."""
    return options_rows(rules).to_frame()
