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
from engine.text import answer_text, help_text, label, translate

from .rows import Rows
from .scoresheet import BAGS_OF, COL_RULE
from .text import M_, say

__all__ = ["same_hand_other_rules", "same_hand_other_rules_rows", "scoring_variants", "options_table",
           "options_rows"]

#: The columns of :func:`same_hand_other_rules_rows` ("rules" is the DataFrame's index).
SAME_HAND_COLUMNS = ("rules", "rule", "North–South", "East–West", "NS bags", "EW bags", "NS change", "EW change",
                     "score lines")
#: The columns of :func:`options_rows` ("option" is the DataFrame's index).
OPTIONS_COLUMNS = ("option", "value", "default", "what it does")

# ---------------------------------------------------------------- the tables' words (``words=True``)
# TRANSLATORS: chapter 11's table of the Spades options: the head of the column of the options' names.
COL_OPTION = M_("house_rules.col.option", "option")
# TRANSLATORS: as above: the head of the column of each option's value in this game.
COL_VALUE = M_("house_rules.col.value", "value")
# TRANSLATORS: as above: the head of the column of each option's standard value (RULES.md).
COL_DEFAULT = M_("house_rules.col.default", "default")
# TRANSLATORS: as above: the head of the column of what each option does (its rule id and one line).
COL_WHAT = M_("house_rules.col.what", "what it does")
# TRANSLATORS: the "same hand, other rules" table (chapter 11): the head of the column naming the rules a row uses.
COL_RULES = M_("house_rules.col.rules", "rules")
# TRANSLATORS: as above: the head of a side's change against the standard rules; {name} the side (North–South).
CHANGE_OF = M_("house_rules.col.change_of", "{name} change")
# TRANSLATORS: as above: the head of the column of the score lines that differ from the standard rules'.
COL_LINES = M_("house_rules.col.lines", "score lines")
# TRANSLATORS: as above: the row of RULES.md's standard rules.
DEFAULT_RULES = M_("house_rules.row.default", "default rules")
# TRANSLATORS: as above: the row of the game's own scoring house rules, all together.
THIS_GAME = M_("house_rules.row.this_game", "this game's rules")
# TRANSLATORS: as above: a row's house rule, SP-H1 (a Nil worth 50, a Blind Nil 100).
VARIANT_NIL = M_("house_rules.variant.nil", "Nil worth 50 (Blind Nil 100)")
# TRANSLATORS: as above: SP-H4, {limit} bags cost {penalty} points.
VARIANT_BAGS = M_("house_rules.variant.bags", "{limit} bags cost {penalty}")
# TRANSLATORS: as above: SP-H5, a contract of 10 or more scores 200 when made.
VARIANT_TEN = M_("house_rules.variant.ten", "ten for two hundred")
# TRANSLATORS: as above: SP-H7, the tricks of a failed Nil count toward the partner's contract.
VARIANT_HELP = M_("house_rules.variant.help", "failed Nil tricks help the partner")
# TRANSLATORS: as above: a row's house rule with its id: {rule} "SP-H1", {name} its words.
VARIANT = M_("house_rules.variant", "{rule} {name}")
# TRANSLATORS: as above: one score line in the last column: {who} the side, {line} its words, {points} "+40".
LINE = M_("house_rules.line", "{who} {line} {points} ({rule})")


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
        ("SP-H1", say(VARIANT_NIL), replace(base, nil_value=50)),
        ("SP-H4", say(VARIANT_BAGS, limit=h4[0], penalty=h4[1]), replace(base, bag_limit=h4[0], bag_penalty=h4[1])),
        ("SP-H5", say(VARIANT_TEN), replace(base, ten_for_200=True)),
        ("SP-H7", say(VARIANT_HELP), replace(base, failed_nil_tricks_help=True)),
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


def same_hand_other_rules(game_or_record: Any, hand: int = -1, words: bool = False):
    """:func:`same_hand_other_rules_rows` as a pandas DataFrame indexed by
    ``rules`` (ImportError where pandas is missing: the browser version)."""
    return same_hand_other_rules_rows(game_or_record, hand, words).to_frame()


def _same_hand_heads() -> tuple[str, ...]:
    """:data:`SAME_HAND_COLUMNS` in the current language (the sides' own names)."""
    ns, ew = SPADES.side_names(4)
    return (say(COL_RULES), say(COL_RULE), ns, ew, say(BAGS_OF, name=ns), say(BAGS_OF, name=ew),
            say(CHANGE_OF, name=ns), say(CHANGE_OF, name=ew), say(COL_LINES))


def same_hand_other_rules_rows(game_or_record: Any, hand: int = -1, words: bool = False) -> Rows:
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
    score as the default is left out.  ``words``: for a person to read (a
    chapter's table): the heads, the rows' names, the sides' names and the
    score lines in the current language.  Raises InvalidInputError for a game
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

    sides = SPADES.side_names(4)

    def text(lines) -> str:
        if words:
            return "; ".join(say(LINE, who=sides[l.who], line=l.message, points=f"{l.points:+d}", rule=l.rule)
                             for l in lines)
        return "; ".join(f"{'NS' if l.who == 0 else 'EW'} {l.item} {l.points:+d} ({l.rule})" for l in lines)

    d_pts, d_bags, d_lines = _score(result, bags_before, SpadesRules())
    rows = [{"rules": say(DEFAULT_RULES) if words else "default rules", "rule": "SP-17…SP-20", "North–South": d_pts[0], "East–West": d_pts[1],
             "NS bags": d_bags[0], "EW bags": d_bags[1], "NS change": 0, "EW change": 0, "score lines": text(d_lines)}]
    assert isinstance(game.rules, SpadesRules)
    variants = [(say(VARIANT, rule=rule, name=name), rule, rules) for rule, name, rules in scoring_variants(game.rules)]
    own = {k: v for k, v in game.rules.changed().items() if k in _SCORING}
    if own:  # the game's own scoring options, all together
        variants.append((say(THIS_GAME) if words else "this game's rules", ", ".join(sorted({_SCORING[k] for k in own})),
                         replace(SpadesRules(), **own)))
    for name, rule, rules in variants:
        pts, bags, lines = _score(result, bags_before, rules)
        if pts == d_pts and bags == d_bags:
            continue
        differ = [l for l in lines if l not in d_lines]
        rows.append({"rules": name, "rule": rule, "North–South": pts[0], "East–West": pts[1],
                     "NS bags": bags[0], "EW bags": bags[1], "NS change": pts[0] - d_pts[0],
                     "EW change": pts[1] - d_pts[1], "score lines": text(differ)})
    table = Rows.from_dicts(SAME_HAND_COLUMNS, rows, index="rules")
    if not words:
        return table
    heads = _same_hand_heads()
    return Rows(heads, table.rows, index=heads[0])


def _value_words(option: Any, value: Any) -> Any:
    """An option's value as a person reads it: its choice's label, yes/no, "none"; a number as it is."""
    for choice in option.choices:
        if choice.value == value:
            return translate(choice.label)
    if value is None or isinstance(value, bool):
        return answer_text(value)
    return value


def options_rows(rules: SpadesRules | None = None, words: bool = False) -> Rows:
    """Every Spades option (HAND_RECORD.md name), its value in ``rules``,
    its default and a one-line explanation citing its SP-H id: columns
    ``option`` (the DataFrame's index), ``value``, ``default``, ``what it does``.
    ``words``: for a person to read (a chapter's table): the heads, each
    option's label and its values in words (a choice's label, yes/no), in
    the current language, instead of the names and values records use."""
    rules = rules or SpadesRules()
    default = SpadesRules()
    if not words:
        return Rows(OPTIONS_COLUMNS,
                    tuple((o.name, rules.value(o.name), default.value(o.name), help_text(o))
                          for o in SpadesRules.OPTIONS), index="option")
    heads = (say(COL_OPTION), say(COL_VALUE), say(COL_DEFAULT), say(COL_WHAT))
    return Rows(heads, tuple((label(o), _value_words(o, rules.value(o.name)), _value_words(o, default.value(o.name)),
                              help_text(o)) for o in SpadesRules.OPTIONS), index=heads[0])


def options_table(rules: SpadesRules | None = None, words: bool = False):
    """:func:`options_rows` as a pandas DataFrame indexed by ``option``
    (ImportError where pandas is missing: the browser version)."""
    return options_rows(rules, words).to_frame()
