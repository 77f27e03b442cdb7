"""Spades, exactly as RULES.md SP-1 … SP-22 (with every Ruling) states it,
with the house rules SP-H1 … SP-H9.

Seats 0..3 clockwise: 0 North, 1 East, 2 South, 3 West; partnerships
side 0 = North–South {0, 2} and side 1 = East–West {1, 3} (SP-1).
Scores are per partnership, in points; bags are a counter of their own.

This module declares, in order: the typed rules (:class:`SpadesRules`,
every option declared once), the one Spades scorer (:func:`side_points`,
:func:`score_spades_side`) and who wins (:func:`spades_winning_side`), what
four- and two-player Spades share (:class:`SpadesBase`: options, scores and
bags, the bidding's rules, scoring, winning), the four-player game
(:class:`SpadesGame`: the deal, looking, Blind Nil and its exchange) and
its :data:`SPEC`.  Two-player Spades (:mod:`engine.games.spades_two`)
derives from :class:`SpadesBase`.

>>> g = SpadesGame(first_deal=7, dealer=3)
>>> g.phase.value, g.to_act          # North bids first (left of dealer West)
('bidding', 0)
>>> SpadesRules(nil_value=50).nil_worth(blind=True)
100
>>> side_points(4, 0, 5, 0, 0, SpadesRules())     # 4 bid, 5 won; partner's Nil made
(141, 1)
"""
from __future__ import annotations

import random
from abc import abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar, Iterable, Sequence

from ..actions import Action, Bid, Deal, Look, Pass, Phase, Play
from ..cards import Card, Suit, cards_of, mask_of
from ..deal import deal_hands
from ..errors import InvalidInputError, quote
from ..game import HandResult, ScoreLine, SeatView, TrickGame
from ..message import M_, P_, Msg, msg, render
from ..options import Choice, GameRules, Option
from ..spec import GameSpec, RecordCodec
from ..tricks import Trick, TrickRules, TrickState
from ..validation import MAX_POINTS
from ..verdict import Reason, Verdict

__all__ = ["SpadesRules", "SpadesBase", "SpadesGame", "score_spades_side", "side_points", "BLIND_NIL",
           "OPTION_HELP", "SEAT_NAMES", "SIDE_NAMES", "side_of", "partner_of", "spades_winning_side",
           "start_scores_problem", "start_scores_issue", "SPADES_TRICK_RULES", "SPADES_RULE_IDS", "SPEC",
           "bid_json", "TITLE"]

#: The seats' names in English (messages name them through the text layer, :mod:`engine.text`).
SEAT_NAMES = ("North", "East", "South", "West")
SIDE_NAMES = ("North–South", "East–West")
#: Bid value standing for a Blind Nil in :func:`side_points` (SP-10).
BLIND_NIL = -1
SPADES_TRICK_RULES = TrickRules(trump=Suit.SPADES, lead_restricted=True, must_trump=False,
                                rule_lead="SP-13", rule_follow="SP-14", rule_break="SP-15",
                                rule_winner="SP-16", rule_turn="SP-12", rule_next_lead="SP-12",
                                rule_play="SP-14", naming="compass")
# TRANSLATORS: the game's name.
TITLE = M_("game.spades", "Spades")


def side_of(seat: int) -> int:
    """0 for North–South (seats 0, 2), 1 for East–West (seats 1, 3)."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite (SP-1)."""
    return (seat + 2) % 4


def bid_json(b: Bid | None) -> Any:
    """A bid as in records: ``"blind_nil"``, ``"nil"`` for 0, else the number (None: not made)."""
    if b is None:
        return None
    if b.blind:
        return "blind_nil"
    return "nil" if b.value == 0 else b.value


# ============================================================================ the rules
# Each option is declared once here.  Its label is short (a form field), its help one line
# starting with its rule id, "allowed" completes "…; allowed: " in an error, a choice's label
# is an entry of a choice list, and a summary phrase one item of "House rules: …".
OPTIONS: tuple[Option, ...] = (
    Option(
        "nil_value", "SP-H1", "int", 100, only_choices=True,
        # TRANSLATORS: option label (SP-H1): how much a Nil is worth.
        label=M_("spades.option.nil_value.label", "Nil worth"),
        # TRANSLATORS: option help (SP-H1).
        help=M_("spades.option.nil_value.help",
                "SP-H1 Nil value: Nil scores ±100 (default) or ±50; Blind Nil is always double."),
        # TRANSLATORS: the values allowed for SP-H1, ending "…; allowed: " in an error.
        allowed=M_("spades.option.nil_value.allowed", "100 (default) or 50 (SP-H1)"),
        choices=(
            # TRANSLATORS: choice list entry: Nil worth 100 (the standard).
            Choice(100, M_("spades.option.nil_value.choice.100", "100 (standard)")),
            # TRANSLATORS: choice list entry: Nil worth 50.
            Choice(50, M_("spades.option.nil_value.choice.50", "50"))),
        # TRANSLATORS: summary phrase: {value} is what a Nil is worth.
        summary=M_("spades.option.nil_value.summary", "Nil ±{value} (SP-H1)")),
    Option(
        "blind_nil", "SP-H2", "str", "always",
        # TRANSLATORS: option label (SP-H2): when Blind Nil is allowed.
        label=M_("spades.option.blind_nil.label", "Blind Nil"),
        # TRANSLATORS: option help (SP-H2).
        help=M_("spades.option.blind_nil.help",
                "SP-H2 When Blind Nil is allowed: always (default), never, or only 100 or more points behind."),
        # TRANSLATORS: the values allowed for SP-H2 (keep the quoted words).
        allowed=M_("spades.option.blind_nil.allowed", "'always' (default), 'never' or 'behind_100' (SP-H2)"),
        choices=(
            # TRANSLATORS: choice list entry: Blind Nil always allowed (the standard).
            Choice("always", M_("spades.option.blind_nil.choice.always", "always (standard)")),
            # TRANSLATORS: choice list entry: Blind Nil never allowed.
            Choice("never", M_("spades.option.blind_nil.choice.never", "never"),
                   # TRANSLATORS: summary phrase: no Blind Nil in this game.
                   M_("spades.option.blind_nil.summary.never", "no Blind Nil (SP-H2)")),
            # TRANSLATORS: choice list entry: Blind Nil only 100 or more points behind.
            Choice("behind_100", M_("spades.option.blind_nil.choice.behind_100", "only 100+ behind"),
                   # TRANSLATORS: summary phrase: Blind Nil only 100 or more points behind.
                   M_("spades.option.blind_nil.summary.behind_100", "Blind Nil only 100+ behind (SP-H2)")))),
    Option(
        "blind_nil_pass", "SP-H3", "int", 3, only_choices=True,
        # TRANSLATORS: option label (SP-H3): how many cards the Blind Nil exchange swaps.
        label=M_("spades.option.blind_nil_pass.label", "Exchange"),
        # TRANSLATORS: option help (SP-H3).
        help=M_("spades.option.blind_nil_pass.help",
                "SP-H3 Blind Nil exchange size: 3 cards (default), 2, 1 or 0 (no exchange)."),
        # TRANSLATORS: the values allowed for SP-H3.
        allowed=M_("spades.option.blind_nil_pass.allowed", "3 (default), 2, 1 or 0 (SP-H3)"),
        choices=(
            # TRANSLATORS: choice list entry: 3 cards (the standard).
            Choice(3, M_("spades.option.blind_nil_pass.choice.3", "3 cards (standard)")),
            # TRANSLATORS: choice list entry: 2 cards.
            Choice(2, M_("spades.option.blind_nil_pass.choice.2", "2 cards")),
            # TRANSLATORS: choice list entry: 1 card.
            Choice(1, M_("spades.option.blind_nil_pass.choice.1", "1 card")),
            # TRANSLATORS: choice list entry: no exchange at all.
            Choice(0, M_("spades.option.blind_nil_pass.choice.0", "0: no exchange"))),
        # TRANSLATORS: summary phrase: the exchange swaps {value} cards ({n} is the same count).
        summary=P_("spades.option.blind_nil_pass.summary", "Blind Nil exchange {value} card (SP-H3)",
                   "Blind Nil exchange {value} cards (SP-H3)")),
    Option(
        "bag_limit", "SP-H4", "int", 10, low=5, high=20, summary_with=("bag_penalty",),
        # TRANSLATORS: option label (SP-H4): how many bags cost the penalty.
        label=M_("spades.option.bag_limit.label", "Bag limit"),
        # TRANSLATORS: option help (SP-H4).
        help=M_("spades.option.bag_limit.help",
                "SP-H4 Bag limit: this many bags cost the bag penalty (default 10; 5 to 20)."),
        # TRANSLATORS: the values allowed for the bag limit.
        allowed=M_("spades.option.bag_limit.allowed", "a whole number from 5 to 20 (default 10, SP-H4)"),
        # TRANSLATORS: summary phrase: {bag_limit} bags cost {bag_penalty} points.
        summary=M_("spades.option.bag_limit.summary", "{bag_limit} bags cost {bag_penalty} (SP-H4)")),
    Option(
        "bag_penalty", "SP-H4", "int", 100, low=50, high=200, step=10,
        # TRANSLATORS: option label (SP-H4): the points lost for the bags.
        label=M_("spades.option.bag_penalty.label", "Bag penalty"),
        # TRANSLATORS: option help (SP-H4).
        help=M_("spades.option.bag_penalty.help",
                "SP-H4 Bag penalty: points lost each time the bags reach the limit (default 100; 50 to 200 by 10)."),
        # TRANSLATORS: the values allowed for the bag penalty.
        allowed=M_("spades.option.bag_penalty.allowed",
                   "a whole number from 50 to 200 in steps of 10 (default 100, SP-H4)")),
    Option(
        "ten_for_200", "SP-H5", "bool", False,
        # TRANSLATORS: option label (SP-H5): ten tricks or more score double.
        label=M_("spades.option.ten_for_200.label", "Ten for two hundred"),
        # TRANSLATORS: option help (SP-H5).
        help=M_("spades.option.ten_for_200.help",
                "SP-H5 Ten for two hundred: a contract of 10 or more scores 20 per trick (made or set)."),
        # TRANSLATORS: the values allowed for SP-H5 (keep true and false).
        allowed=M_("spades.option.ten_for_200.allowed", "true or false (default false, SP-H5)"),
        # TRANSLATORS: summary phrase: SP-H5 is on.
        summary=M_("spades.option.ten_for_200.summary", "ten for 200 (SP-H5)")),
    Option(
        "min_contract", "SP-H6", "int", 0, low=0, high=13,
        # TRANSLATORS: option label (SP-H6): the partners' smallest bid together.
        label=M_("spades.option.min_contract.label", "Min. bid"),
        # TRANSLATORS: option help (SP-H6).
        help=M_("spades.option.min_contract.help",
                "SP-H6 Minimum partnership bid: the partners' number bids add up to at least this (default 0, off)."),
        # TRANSLATORS: the values allowed for SP-H6.
        allowed=M_("spades.option.min_contract.allowed", "a whole number from 0 (default, off) to 13 (SP-H6)"),
        # TRANSLATORS: summary phrase: the partners bid at least {value} together.
        summary=M_("spades.option.min_contract.summary", "partners bid at least {value} (SP-H6)")),
    Option(
        "failed_nil_tricks_help", "SP-H7", "bool", False,
        # TRANSLATORS: option label (SP-H7).
        label=M_("spades.option.failed_nil_tricks_help.label", "Failed Nil tricks help partner"),
        # TRANSLATORS: option help (SP-H7).
        help=M_("spades.option.failed_nil_tricks_help.help",
                "SP-H7 Failed Nil tricks help the partner: they count toward the partner's contract."),
        # TRANSLATORS: the values allowed for SP-H7 (keep true and false).
        allowed=M_("spades.option.failed_nil_tricks_help.allowed", "true or false (default false, SP-H7)"),
        # TRANSLATORS: summary phrase: SP-H7 is on.
        summary=M_("spades.option.failed_nil_tricks_help.summary", "failed Nil tricks help partner (SP-H7)")),
    Option(
        "loss_floor", "SP-H8", "int", None, high=-1, nullable=True,
        # TRANSLATORS: option label (SP-H8): the mercy rule's floor.
        label=M_("spades.option.loss_floor.label", "Mercy floor"),
        # TRANSLATORS: option help (SP-H8).
        help=M_("spades.option.loss_floor.help",
                "SP-H8 Mercy rule: a partnership at or below this negative total loses (default off)."),
        # TRANSLATORS: the values allowed for SP-H8 (keep null).
        allowed=M_("spades.option.loss_floor.allowed",
                   "null (default, off) or a negative whole number such as -200 (SP-H8)"),
        choices=(
            # TRANSLATORS: choice list entry: no mercy rule (the standard).
            Choice(None, M_("spades.option.loss_floor.choice.off", "off (standard)")),
            # TRANSLATORS: choice list entry: lose at −200.
            Choice(-200, M_("spades.option.loss_floor.choice.-200", "−200")),
            # TRANSLATORS: choice list entry: lose at −300.
            Choice(-300, M_("spades.option.loss_floor.choice.-300", "−300")),
            # TRANSLATORS: choice list entry: lose at −500.
            Choice(-500, M_("spades.option.loss_floor.choice.-500", "−500"))),
        # TRANSLATORS: summary phrase: a side at −{value_abs} points or below loses.
        summary=M_("spades.option.loss_floor.summary", "lose at −{value_abs} (SP-H8)")),
    Option(
        "target_score", "SP-H9", "int", 500, low=50, high=1000,
        # TRANSLATORS: option label (SP-H9): the points that win the game.
        label=M_("spades.option.target_score.label", "Play to"),
        # TRANSLATORS: option help (SP-H9).
        help=M_("spades.option.target_score.help",
                "SP-H9 Target score: the game is won at this many points (default 500; 50 to 1000)."),
        # TRANSLATORS: the values allowed for SP-H9.
        allowed=M_("spades.option.target_score.allowed", "a whole number from 50 to 1000 (default 500, SP-H9)"),
        # TRANSLATORS: summary phrase: the game is played to {value} points.
        summary=M_("spades.option.target_score.summary", "play to {value} (SP-H9)")),
)
#: One line per option: what it does (shown by the tutor next to the option).
OPTION_HELP: dict[str, str] = {o.name: o.help for o in OPTIONS}
#: Each option's default, as declared: the rules' fields take theirs from here.
_DEFAULT: dict[str, Any] = {o.name: o.default for o in OPTIONS}


@dataclass(frozen=True)
class SpadesRules(GameRules):
    """Options of a Spades game (RULES.md "Spades house rules"), each
    declared once in :data:`OPTIONS` (``SpadesRules.OPTIONS``).

    ``nil_value`` (SP-H1): 100 or 50 points for Nil, Blind Nil double.
    ``blind_nil`` (SP-H2): ``"always"``, ``"never"`` or ``"behind_100"``.
    ``blind_nil_pass`` (SP-H3): cards swapped in a Blind Nil exchange, 3/2/1/0.
    ``bag_limit``/``bag_penalty`` (SP-H4): 5…20 bags / 50…200 points by 10.
    ``ten_for_200`` (SP-H5), ``failed_nil_tricks_help`` (SP-H7): bool.
    ``min_contract`` (SP-H6): 0 (off) … 13.  ``loss_floor`` (SP-H8): None or
    a negative whole number.  ``target_score`` (SP-3, SP-22, SP-H9): 50…1000.

    Validated on creation: a bad value raises :class:`InvalidInputError`
    whose message starts with the option's name and lists the allowed
    values; a Blind Nil exchange size other than 3 with Blind Nil ``never``
    is a configuration error (RULES.md).
    """

    OPTIONS: ClassVar[tuple[Option, ...]] = OPTIONS

    # each default is the option's declared one (written once, in OPTIONS)
    nil_value: int = _DEFAULT["nil_value"]
    blind_nil: str = _DEFAULT["blind_nil"]
    blind_nil_pass: int = _DEFAULT["blind_nil_pass"]
    bag_limit: int = _DEFAULT["bag_limit"]
    bag_penalty: int = _DEFAULT["bag_penalty"]
    ten_for_200: bool = _DEFAULT["ten_for_200"]
    min_contract: int = _DEFAULT["min_contract"]
    failed_nil_tricks_help: bool = _DEFAULT["failed_nil_tricks_help"]
    loss_floor: int | None = _DEFAULT["loss_floor"]
    target_score: int = _DEFAULT["target_score"]

    def __post_init__(self) -> None:
        for o in self.OPTIONS:
            problem = o.problem(getattr(self, o.name))
            if problem is not None:
                raise InvalidInputError(problem)
        if self.blind_nil == "never" and self.blind_nil_pass != 3:
            raise InvalidInputError(msg("SPADES_PASS_WITHOUT_BLIND_NIL", value=self.blind_nil_pass))

    # ------------------------------------------------------------------ helpers
    def nil_worth(self, blind: bool = False) -> int:
        """Points of a Nil (SP-8, SP-H1), doubled for Blind Nil (SP-10)."""
        return 2 * self.nil_value if blind else self.nil_value

    @classmethod
    def from_json(cls, d: object) -> "SpadesRules":
        """From a hand record's ``rules`` object (HAND_RECORD.md option
        names); an unknown option, or a value the option does not take
        (``3.0`` for ``3``), is an InvalidInputError.  An option written at
        its default means the same as leaving it out."""
        return cls(**cls.options_from_json(d, TITLE))


# ============================================================================ scoring
def side_points(bid_a: int, bid_b: int | None, won_a: int, won_b: int, bags_before: int,
                rules: SpadesRules, lines: list[tuple[Msg, int, str, int | None, int]] | None = None,
                side: int = 0, naming: str = "compass") -> tuple[int, int]:
    """One partnership's hand score (SP-7 … SP-11, SP-17 … SP-20 and the
    house rules SP-H1, SP-H4, SP-H5, SP-H7 of ``rules``).

    Bids: 1..13 tricks, 0 for Nil, :data:`BLIND_NIL` (−1) for Blind Nil; the
    two partners' bids and tricks won in seat order (seats ``side`` and
    ``side + 2``); ``bags_before``: the side's bag counter.  Returns
    ``(hand_points, bags_after)``.  With ``lines`` (a list), appends the
    itemised ``(item, points, rule, seat, bags)`` tuples (``item`` a
    :class:`~engine.message.Msg`), which add up to ``hand_points``.  A
    one-seat side (two-player Spades, SP-2P-5: the contract is the player's
    own bid) passes ``bid_b=None`` (``won_b`` is ignored; the seat is
    ``side``).  ``naming``: how the lines name the seats (``"compass"``,
    ``"players"``).
    """
    pts = bags = failed = 0  # failed: tricks of failed Nil bidders (SP-19 / SP-H7)
    seats_bids: tuple[tuple[int, int], ...]
    if bid_b is None:  # one player on his own (SP-2P-5)
        if bid_a > 0:
            contract, counted, seats_bids = bid_a, won_a, ()
        else:
            contract = counted = 0
            seats_bids = ((bid_a, won_a),)
        bid_b = 0
    elif bid_a > 0 and bid_b > 0:  # no Nil: the common case, straight to the contract
        contract, counted, seats_bids = bid_a + bid_b, won_a + won_b, ()
    else:
        contract = counted = 0
        seats_bids = ((bid_a, won_a), (bid_b, won_b))
    nil_rule = "SP-H1" if rules.nil_value != 100 else None
    help_partner = rules.failed_nil_tricks_help and (bid_a > 0 or bid_b > 0)
    for i, (b, w) in enumerate(seats_bids):
        if b > 0:
            contract += b
            counted += w
            continue
        blind = b < 0
        worth = 2 * rules.nil_value if blind else rules.nil_value
        kind = "blind_nil" if blind else "nil"
        seat = side + 2 * i
        who = {"seat": seat, "naming": naming}
        if w == 0:
            pts += worth
            if lines is not None:
                lines.append((Msg(f"SCORE.{kind}_made", who), worth, nil_rule or ("SP-10" if blind else "SP-8"),
                              seat, 0))
            continue
        pts -= worth
        if lines is not None:
            lines.append((Msg(f"SCORE.{kind}_failed", who), -worth, nil_rule or ("SP-10" if blind else "SP-8"),
                          seat, 0))
        if help_partner:  # SP-H7: they count toward the partner's contract
            failed += w
        else:  # SP-19: bags
            pts += w
            bags += w
            if lines is not None:
                lines.append((Msg(f"SCORE.{kind}_tricks_bags", who), w, "SP-19", seat, w))
    if contract:
        per, rule_made, rule_set = 10, "SP-17", "SP-18"
        if rules.ten_for_200 and contract >= 10:  # SP-H5
            per, rule_made, rule_set = 20, "SP-H5", "SP-H5"
        if counted + failed >= contract:
            pts += per * contract + (counted + failed - contract)
            bags += counted + failed - contract
            if lines is not None:
                if failed:
                    lines.append((msg("SCORE.failed_nil_help", n=failed), 0, "SP-H7", None, 0))
                lines.append((msg("SCORE.contract_made"), per * contract, rule_made, None, 0))
                if counted + failed > contract:
                    lines.append((msg("SCORE.bags"), counted + failed - contract, "SP-17", None,
                                  counted + failed - contract))
        else:
            pts -= per * contract
            if lines is not None:
                if failed:
                    lines.append((msg("SCORE.failed_nil_no_help", n=failed), 0, "SP-H7", None, 0))
                lines.append((msg("SCORE.contract_set"), -per * contract, rule_set, None, 0))
    limit = rules.bag_limit
    bags += bags_before
    if bags >= limit:  # SP-20 / SP-H4: the penalty each time the count reaches the limit
        times, bags = divmod(bags, limit)
        pts -= times * rules.bag_penalty
        if lines is not None:
            rule = "SP-20" if (limit, rules.bag_penalty) == (10, 100) else "SP-H4"
            text = "SCORE.bag_penalty" if times == 1 else "SCORE.bag_penalty_times"
            if rule == "SP-H4":
                text += "_house"
            lines.append((msg(text, times=times, limit=limit, penalty=rules.bag_penalty), -times * rules.bag_penalty,
                          rule, None, 0))
    return pts, bags


def score_spades_side(side: int, bids: Sequence[Bid | None], tricks: Sequence[int], bags_before: int,
                      rules: SpadesRules | None = None,
                      names: Sequence[str] | str = SEAT_NAMES) -> tuple[list[ScoreLine], int, int]:
    """Score one partnership's hand (SP-7, SP-8 … SP-11, SP-17 … SP-20, and
    the house rules of ``rules``: SP-H1, SP-H4, SP-H5, SP-H7).

    ``bids``/``tricks``: the two partners' :class:`~engine.actions.Bid`
    (blind = Blind Nil) and tricks won, in seat order; ``bags_before``: the
    side's bag counter; ``rules``: :class:`SpadesRules` (default: RULES.md's).
    Returns ``(score_lines, hand_points, bags_after)``; the lines
    (:class:`~engine.views.ScoreLine`, each citing its rule id) add up to
    ``hand_points``.  Two-player Spades (SP-2P-5): ``bids``/``tricks`` of
    one player (``side`` is the seat); ``names``: the seats' naming scheme
    (``"compass"``, ``"players"``), or the old tuple of English names
    (four or two of them).
    """
    rules = rules or SpadesRules()
    naming = names if isinstance(names, str) else ("players" if len(names) == 2 else "compass")
    raw: list[tuple[Msg, int, str, int | None, int]] = []
    codes = [BLIND_NIL if b is not None and b.blind else (b.value if b is not None else 0) for b in bids]
    if len(codes) == 1:
        pts, bags_after = side_points(codes[0], None, tricks[0], 0, bags_before, rules, raw, side, naming)
    else:
        pts, bags_after = side_points(codes[0], codes[1], tricks[0], tricks[1], bags_before, rules, raw, side, naming)
    lines = [ScoreLine(side, _english(item.id, tuple(sorted(item.args.items()))), p, rule, seat, bags=bg, msg=item)
             for item, p, rule, seat, bg in raw]
    return lines, pts, bags_after


@lru_cache(maxsize=512)
def _english(id: str, args: tuple[tuple[str, Any], ...]) -> str:
    """A score line's item as hand records write it (English), made once per line kind and data."""
    return render(Msg(id, dict(args)), "en")


def spades_winning_side(ns: int, ew: int, rules: SpadesRules) -> int | None:
    """The partnership (0 NS, 1 EW) that has won after a hand with totals
    ``ns``/``ew``, or None (play another hand).  SP-22 first: a side at or
    past ``rules.target_score`` (SP-H9), the higher if both, none if equal;
    then the mercy rule SP-H8: a side at or below ``rules.loss_floor`` loses,
    the higher total wins if both are, none if they are equal."""
    target, floor = rules.target_score, rules.loss_floor
    if (ns >= target or ew >= target) and ns != ew:  # SP-22 (equal: play on)
        return 0 if ns > ew else 1
    if floor is not None and (ns <= floor or ew <= floor) and ns != ew:  # SP-H8
        return 0 if ns > ew else 1
    return None


def start_scores_issue(scores: Sequence[int], target: int, floor: int | None = None) -> Msg | None:
    """Why ``scores`` ([NS, EW] before the first hand) cannot start a game
    to ``target`` points, as a message, or None.  A side at or past the
    target with the scores unequal would already have won (SP-22), so such a
    start is refused as invalid (rather than treated as a finished game);
    equal scores at or past the target are a valid start: another hand is
    played (SP-22).  Likewise with a mercy floor (SP-H8): a side at or below
    ``floor`` with the scores unequal would already have lost."""
    ns, ew = scores
    if (ns >= target or ew >= target) and ns != ew:
        return msg("START.past_target", side=0 if ns > ew else 1, naming="compass", value=max(ns, ew),
                   target=target)
    if floor is not None and (ns <= floor or ew <= floor) and ns != ew:
        return msg("START.below_floor", side=0 if ns < ew else 1, naming="compass", value=min(ns, ew), floor=floor)
    return None


def start_scores_problem(scores: Sequence[int], target: int, floor: int | None = None) -> str | None:
    """:func:`start_scores_issue` as a sentence in the current language."""
    issue = start_scores_issue(scores, target, floor)
    return None if issue is None else render(issue)


def _start_issue(scores: Any, rules: SpadesRules) -> Msg | None:
    return start_scores_issue(scores, rules.target_score, rules.loss_floor)


# ============================================================================ what four and two players share
def _int_pair(values: Any, name: str, text: str) -> list[int]:
    try:
        vals = list(values)
    except TypeError:
        raise InvalidInputError(msg(text, name=name, value=values)) from None
    if len(vals) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in vals):
        raise InvalidInputError(msg(text, name=name, value=vals))
    if any(abs(v) >= MAX_POINTS for v in vals):
        raise InvalidInputError(msg("SCORES_TOO_LONG", name=name, value=vals))
    return vals


class SpadesBase(TrickGame):
    """What four- and two-player Spades share: the options
    (:class:`SpadesRules`), the start (scores and bags per side, SP-20,
    SP-22), trump always spades (SP-2), bids 0 (Nil, SP-8) to 13 (SP-6,
    SP-2P-3), scoring per side (SP-17 … SP-20, SP-2P-5) and who wins (SP-22,
    SP-H8).  A subclass declares its seats, phases, deal and view.
    """

    GAME = "spades"
    RULE_GAME_OVER = "SP-22"
    TEXT_GAME_OVER = "GAME_OVER.side"
    #: The rule of a bid's value (SP-6; SP-2P-3).
    RULE_BID_VALUE: ClassVar[str] = "SP-6"
    #: The message id of bad start scores or bags (how the pair is listed).
    TEXT_SCORES_PAIR: ClassVar[str] = "SCORES_PAIR.sides"
    _config_keys = ("rules", "start_dealer", "start_scores", "start_bags", "first_deal", "auto_deal", "rng")

    rules: SpadesRules
    start_bags: tuple[int, ...]
    _bags: list[int]
    _deal: Deal | None

    def __init__(self, rules: SpadesRules | dict[str, Any] | None = None, *, dealer: int = 0,
                 scores: Iterable[int] = (0, 0), bags: Iterable[int] = (0, 0),
                 first_deal: int | None = None, rng: random.Random | None = None,
                 auto_deal: bool = True):
        if rules is None:
            rules = SpadesRules()
        elif isinstance(rules, dict):
            rules = SpadesRules.from_json(rules)
        elif not isinstance(rules, SpadesRules):
            raise InvalidInputError(msg("SPADES_RULES_TYPE", value=rules))
        problem = self._rules_issue(rules)
        if problem is not None:
            raise InvalidInputError(problem)
        self.rules = rules
        self.start_dealer = self._seat(dealer)
        self.start_scores = tuple(_int_pair(scores, "scores", self.TEXT_SCORES_PAIR))
        self.start_bags = tuple(_int_pair(bags, "bags", self.TEXT_SCORES_PAIR))
        limit = rules.bag_limit
        if any(b < 0 or b >= limit for b in self.start_bags):
            raise InvalidInputError(msg("BAGS_AT_LIMIT", value=list(self.start_bags), high=limit - 1, limit=limit,
                                        penalty=rules.bag_penalty, rule="SP-20" if limit == 10 else "SP-H4"))
        problem = self._start_issue(self.start_scores, rules)
        if problem is not None:
            raise InvalidInputError(msg("START_SCORES", problem=problem))
        self._init_common(first_deal, rng, auto_deal)

    def _rules_issue(self, rules: SpadesRules) -> Msg | None:
        """Why these rules cannot be used with this many seats (None: they can)."""
        return None

    def _start_issue(self, scores: Sequence[int], rules: SpadesRules) -> Msg | None:
        """Why start scores cannot begin a game (SP-22, SP-H8), or None."""
        return start_scores_issue(scores, rules.target_score, rules.loss_floor)

    def _reset_common(self, n: int) -> None:
        self.phase = Phase.DEAL
        self.hands_dealt = 0
        self.dealer = (self.start_dealer - 1) % n  # the first deal moves it to start_dealer
        self._scores = list(self.start_scores)
        self._bags = list(self.start_bags)
        self._results = []
        self.winners = ()
        self._hands = []
        self._deal = None
        self._bids = [None] * n
        self._trick = None

    # ------------------------------------------------------------- queries
    def bid_label(self, value: int, blind: bool = False) -> str:
        return render(msg("bid.name", bid_words=bid_json(Bid(0, value, blind)))) if value == 0 or blind else str(value)

    @property
    def bids(self) -> tuple[Any, ...]:
        """Bids this hand per seat, as in records: int, "nil", "blind_nil" or None."""
        return tuple(bid_json(b) for b in self._bids)

    @property
    def trump(self) -> Suit:
        """The trump suit: always spades (SP-2)."""
        return Suit.SPADES

    @property
    def turn_up(self) -> None:
        """No card is turned up in Spades (SP-2): always None."""
        return None

    @property
    def hand_size(self) -> int:
        """Cards each seat holds for the play: 13 (SP-4, SP-2P-2)."""
        return 13

    @property
    def spades_broken(self) -> bool:
        return bool(self._trick and self._trick.broken)

    @property
    def bags(self) -> list[int]:
        """Bags carried per side [NS, EW] (per player with two, SP-2P-5) (SP-20); a new list each time."""
        return list(self._bags)

    # ------------------------------------------------------------- the bidding's rules
    def _bid_words(self, bid: Bid) -> Any:
        return bid_json(bid)

    def _bid_evidence(self, bid: Bid) -> dict[str, Any]:
        return {"bid": bid_json(bid)}

    def _check_number_bid(self, seat: int, value: Any) -> Verdict:
        """Whole number (SP-6), 0…13 (SP-6, SP-2P-3), Nil (SP-8), the
        partners' minimum (SP-H6)."""
        rule = self.RULE_BID_VALUE
        refused = self._bid_number_refusal(value, 13, rule, msg("BID_OUT_OF_RANGE.spades", value=value))
        if refused is not None:
            return refused
        if value == 0:
            return Verdict.allow(msg("OK.nil"), "SP-8", bid=0)
        low = self._min_number_bid(seat)
        if value < low:
            p = self._bids[partner_of(seat)]
            n = self.rules.min_contract
            return Verdict.refuse(Reason.BID_OUT_OF_RANGE, "SP-H6", msg("BID_OUT_OF_RANGE.min_contract",
                                                                        partner_bid=bid_json(p)),
                                  bid=value, low=low, high=13, min_contract=n)
        return Verdict.allow(msg("OK.bid_spades"), rule, bid=value)

    def _min_number_bid(self, seat: int) -> int:
        """The lowest number (not Nil) ``seat`` may bid: 1, or what SP-H6
        asks of the second partner to bid (partner's Nil counts as 0)."""
        n = self.rules.min_contract
        if not n:
            return 1
        p = self._bids[partner_of(seat)]
        if p is None:
            return 1
        return max(1, n - int(p.value))

    def legal_bids(self, seat: int) -> list[Bid]:
        """Every legal :class:`Bid` for ``seat`` now (0…13, then Blind Nil if allowed)."""
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING or self.seats_to_act[0] != seat:
            return []
        low = self._min_number_bid(seat)
        return [Bid(seat, v) for v in range(14) if v == 0 or v >= low] + self._blind_nil_bids(seat)

    @abstractmethod
    def _blind_nil_bids(self, seat: int) -> list[Bid]:
        """The Blind Nil ``seat`` may bid now, if any."""

    # ------------------------------------------------------------- scoring and winning
    def _finish_hand(self) -> None:
        won = self._play().won
        lines: list[ScoreLine] = []
        points = []
        naming = self.spec.naming
        for side, seats in enumerate(self.sides):
            sl, pts, bags_after = score_spades_side(side, [self._bids[s] for s in seats], [won[s] for s in seats],
                                                    self._bags[side], self.rules, naming)
            lines.extend(sl)
            points.append(pts)
            self._scores[side] += pts
            self._bags[side] = bags_after
        self._results.append(HandResult(
            number=self.hands_dealt, dealer=self.dealer, trump=Suit.SPADES, turn_up=None, hand_size=13,
            bids=self.bids, tricks=tuple(self._play().tricks), tricks_won=tuple(won),
            score_lines=tuple(lines), points=tuple(points), scores_after=tuple(self._scores),
            bags_after=tuple(self._bags)))
        winner = spades_winning_side(self._scores[0], self._scores[1], self.rules)
        if winner is not None:
            self.winners = self.sides[winner]
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.DEAL

    def _view_fields(self, seat: int) -> dict[str, Any]:
        """What every Spades seat may see (the public part of a view)."""
        tr = self._trick
        to_act = self.seats_to_act
        return dict(game=self.GAME, seat=seat, n_seats=self.n_seats, phase=self.phase, hand_number=self.hands_dealt,
                    hand_size=13, dealer=self.dealer, to_act=to_act, bids=self.bids, trump=Suit.SPADES, turn_up=None,
                    broken=self.spades_broken, current_trick=tr.current_trick() if tr else None,
                    tricks=tuple(tr.tricks) if tr else (), tricks_won=self.tricks_won,
                    scores=tuple(self._scores), bags=tuple(self._bags),
                    legal=tuple(self.legal_actions(seat)) if seat in to_act else (), rules=self.rules,
                    last_trick=tr.tricks[-1] if tr and tr.tricks else None, results=tuple(self._results),
                    spec=self.spec)


# ============================================================================ four players
class SpadesGame(SpadesBase):
    """A whole game of Spades for four seats.

    Parameters: ``rules`` (:class:`SpadesRules`), ``dealer`` (seat of the
    first dealer, SP-4), ``scores``/``bags`` ([NS, EW] before the first
    hand), ``first_deal`` (deal number of hand 1; hand k uses first_deal+k−1;
    None: drawn from ``rng``), ``auto_deal`` (default True: the game deals
    hand 1 at once and each next hand when the last one is scored, from the
    deal numbers, :meth:`~engine.game.TrickGame.deal_next`; False: the game
    waits in Phase.DEAL for the caller's :meth:`~engine.game.TrickGame.deal`,
    as the hand-record replay does).  To start from given hands, use
    :meth:`from_hands`.

    Phases: BIDDING (SP-5/6, Blind Nil SP-10), EXCHANGE (SP-10/11), PLAY
    (SP-12…16), then the hand is scored (SP-17…20) and either the game is
    over (SP-22) or the next dealer (SP-21) deals.

    Raises :class:`InvalidInputError` for a bad argument: ``rules`` not a
    :class:`SpadesRules` (or a dict of its options, or None), a bad seat,
    scores or bags (0…9), ``first_deal`` not None or 0…2**63−1, ``rng`` not
    a ``random.Random``.  Starting scores with a side at or past the target
    are refused unless the two scores are equal (SP-22: that game would
    already be won; equal scores play another hand).  Not thread-safe.
    """

    n_seats = 4
    RULE_DEAL = "SP-4"
    RULE_LOOK = "SP-10"  # looking at one's cards ends the chance of a Blind Nil
    RULE_NEXT_DEAL = "SP-21"
    RULE_BID = "SP-5"
    TEXT_ALREADY_BID_DURING = "ALREADY_BID.once_each"
    TEXT_ALREADY_BID_AFTER = "ALREADY_BID.one_round"

    _looked: list[bool]
    _passes: dict[int, tuple[Card, ...]]
    _received: dict[int, tuple[Card, ...]]
    _exchange_seats: tuple[int, ...]

    @classmethod
    def from_hands(cls, hands: Any, *, dealer: int = 0, rules: SpadesRules | dict[str, Any] | None = None,
                   scores: Iterable[int] = (0, 0), bags: Iterable[int] = (0, 0),
                   first_deal: int | None = None, rng: random.Random | None = None,
                   auto_deal: bool = False) -> "SpadesGame":
        """A game whose first hand is ``hands``, ready for the bidding.

        ``hands``: one hand per seat in seat order (North, East, South,
        West), each 13 cards as one text (``"AS KS 4S …"``) or a list of
        card texts or :class:`~engine.cards.Card`; ``dealer`` dealt them
        (the seat to its left bids first, SP-5).  ``rules``, ``scores``,
        ``bags``, ``first_deal``, ``rng``: as for the constructor.
        ``auto_deal`` (default False): after this hand, deal the next one
        from the deal numbers (True) or wait for :meth:`deal` (False).

        Raises :class:`InvalidInputError` for a malformed card, a card dealt
        twice, a hand that is not 13 cards or not 4 hands (SP-4), or a bad
        option.

        >>> g = SpadesGame.from_hands(["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        ...                            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        ...                            "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        ...                            "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"], dealer=3)
        >>> g.phase.value, g.to_act, g.hand_of(0)[-1].code
        ('bidding', 0, 'AS')
        """
        return cls._from_hands(hands, None, auto_deal, rules=rules, dealer=dealer, scores=scores, bags=bags,
                               first_deal=first_deal, rng=rng)

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        self._reset_common(4)
        self._looked = [False] * 4
        self._passes = {}
        self._received = {}
        self._exchange_seats = ()

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.BIDDING:
            n = sum(b is not None for b in self._bids)
            return ((self.dealer + 1 + n) % 4,)
        if self.phase is Phase.EXCHANGE:
            return tuple(s for s in self._exchange_seats if s not in self._passes)
        if self.phase is Phase.PLAY and self._trick is not None:
            return (self._trick.core.to_play,)
        return ()

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has seen its cards this hand (SP-10): it looked,
        bid a number, or the bidding is over.  A fact: :meth:`undo` never
        makes it False again, so Blind Nil stays refused
        (BLIND_NIL_AFTER_LOOKING)."""
        return self._looked[self._seat(seat)]

    @property
    def exchange_seats(self) -> tuple[int, ...]:
        """Seats that swap cards this hand (SP-10/11; how many: ``rules.blind_nil_pass``, SP-H3)."""
        return self._exchange_seats

    def make_deal(self, number: int) -> Deal:
        """The :class:`Deal` that deal number ``number`` gives the next dealer (SP-4)."""
        next_dealer = (self.dealer + 1) % 4
        hands, _ = deal_hands(number, 4, 13, next_dealer)
        return Deal(tuple(tuple(sorted(h)) for h in hands), None, number)

    def _validate_deal(self, deal: Deal) -> None:
        self._check_deal_hands(deal, 13, "SP-4")
        if deal.turn_up is not None:
            raise InvalidInputError(msg("NO_TURN_UP.spades"))

    # ------------------------------------------------------------- checks
    def _hand_phase_refusal(self, wanted: str) -> Verdict:
        """Why a ``wanted`` action is out of phase during a hand (the game
        over and an undealt hand are
        :meth:`~engine.game.TrickGame._phase_refusal`'s)."""
        if self.phase is Phase.BIDDING:
            waiting = [s for s in range(4) if self._bids[s] is None]
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-5",
                                  msg("WRONG_PHASE.bidding_spades", waiting=waiting, naming="compass", wanted=wanted),
                                  phase="bidding")
        if self.phase is Phase.EXCHANGE:
            waiting = list(self.seats_to_act)
            k = self.rules.blind_nil_pass
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-10",
                                  msg("WRONG_PHASE.exchange_one" if len(waiting) == 1 else "WRONG_PHASE.exchange",
                                      waiting_and=waiting, naming="compass", n=k, wanted=wanted),
                                  phase="exchange")
        return Verdict.refuse(Reason.WRONG_PHASE, "SP-5", msg("WRONG_PHASE.play_spades", wanted=wanted), phase="play")

    def _check_blind_bid(self, seat: int, value: Any) -> Verdict:
        """A Blind Nil: a bid of 0 (SP-10), only before looking (SP-10), and
        as SP-H2 allows."""
        if value != 0 or isinstance(value, bool) or not isinstance(value, int):
            return Verdict.refuse(Reason.BID_OUT_OF_RANGE, "SP-10", msg("BID_OUT_OF_RANGE.blind_nil", value=value),
                                  bid=quote(value))
        if self._looked[seat]:
            return Verdict.refuse(Reason.BLIND_NIL_AFTER_LOOKING, "SP-10", msg("BLIND_NIL_AFTER_LOOKING"))
        refused = self._blind_nil_refusal(seat)
        if refused is not None:
            return refused
        return Verdict.allow(msg("OK.blind_nil"), "SP-10")

    def _blind_nil_bids(self, seat: int) -> list[Bid]:
        if not self._looked[seat] and self._blind_nil_refusal(seat) is None:
            return [Bid(seat, 0, True)]
        return []

    def _blind_nil_refusal(self, seat: int) -> Verdict | None:
        """Why SP-H2 forbids ``seat`` a Blind Nil now (None: allowed).
        ``behind_100`` compares the totals before this hand."""
        when = self.rules.blind_nil
        if when == "always":
            return None
        if when == "never":
            return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-H2", msg("BLIND_NIL_NOT_IN_THIS_GAME.never"))
        side = side_of(seat)
        mine, theirs = self._scores[side], self._scores[1 - side]
        if theirs - mine >= 100:
            return None
        text = ("BLIND_NIL_NOT_IN_THIS_GAME.ahead" if mine > theirs else
                "BLIND_NIL_NOT_IN_THIS_GAME.behind" if theirs > mine else "BLIND_NIL_NOT_IN_THIS_GAME.level")
        return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-H2",
                              msg(text, side=side, other_side=1 - side, naming="compass", mine=mine, theirs=theirs,
                                  gap=abs(mine - theirs)),
                              scores=[mine, theirs] if side == 0 else [theirs, mine])

    def _check_exchange(self, seat: int, cards: tuple[Card, ...]) -> Verdict:
        """May ``seat`` pass these cards to its partner (SP-10, SP-11)?  How
        many: ``rules.blind_nil_pass`` (3 by default; SP-H3, with 0 there is
        no exchange at all)."""
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        side = side_of(seat)
        mine = [self._bids[s] for s in (side, side + 2)]
        if self.phase is not Phase.DEAL and all(b is not None and b.blind for b in mine):
            return Verdict.refuse(Reason.EXCHANGE_BOTH_BLIND_NIL, "SP-11", msg("EXCHANGE_BOTH_BLIND_NIL"))
        if self.phase in (Phase.BIDDING, Phase.DEAL):
            return self._phase_refusal("exchange")
        if self.rules.blind_nil_pass == 0:
            return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-H3", msg("EXCHANGE_NOT_IN_EXCHANGE.size_0"))
        if self.phase is not Phase.EXCHANGE or seat not in self._exchange_seats:
            return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-10", msg("EXCHANGE_NOT_IN_EXCHANGE"),
                                  exchange_seats=list(self._exchange_seats))
        k = self.rules.blind_nil_pass
        size_rule = "SP-10" if k == 3 else "SP-H3"
        if seat in self._passes:
            # SP-H3 sets only the number: passing twice is SP-10 whatever the size
            return Verdict.refuse(Reason.EXCHANGE_ALREADY_PASSED, "SP-10",
                                  msg("EXCHANGE_ALREADY_PASSED", n=k, passed=[c.code for c in self._passes[seat]]))
        hand = self._hands[seat]
        if len(cards) != k or len(set(cards)) != k:
            return Verdict.refuse(Reason.EXCHANGE_WRONG_COUNT, size_rule,
                                  msg("EXCHANGE_WRONG_COUNT", n=k, chosen=_chosen(cards)),
                                  cards=[c.code for c in cards])
        missing = [c for c in cards if not hand & c.bit]
        if missing:
            return Verdict.refuse(Reason.EXCHANGE_CARD_NOT_HELD, "SP-10", msg("EXCHANGE_CARD_NOT_HELD"),
                                  cards=[c.code for c in cards], missing=[c.code for c in missing])
        return Verdict.allow(msg("OK.exchange"), "SP-10", cards=[c.code for c in cards])

    def legal_exchanges(self, seat: int) -> list[Pass]:
        """Every legal :class:`Pass` for ``seat`` now (any ``rules.blind_nil_pass``
        of its 13 cards: 286 for 3, SP-10/SP-H3)."""
        seat = self._seat(seat)
        if self.phase is not Phase.EXCHANGE or seat not in self.seats_to_act:
            return []
        return [Pass(seat, cs) for cs in combinations(cards_of(self._hands[seat]), self.rules.blind_nil_pass)]

    # ------------------------------------------------------------- applying
    def _apply(self, a: Action) -> Trick | None:
        if isinstance(a, Play):
            return self._apply_play(a)
        if isinstance(a, Bid):
            self._bids[a.seat] = Bid(a.seat, a.value, a.blind)
            if not a.blind:
                self._looked[a.seat] = True  # a player who bids a number has looked
            if all(b is not None for b in self._bids):
                self._end_bidding()
            return None
        if isinstance(a, Look):
            self._looked[a.seat] = True
            return None
        if isinstance(a, Pass):
            self._passes[a.seat] = tuple(a.cards)
            p = partner_of(a.seat)
            if p in self._passes:  # both chosen: swap at the same time (SP-10 ruling)
                mine, theirs = mask_of(self._passes[a.seat]), mask_of(self._passes[p])
                self._hands[a.seat] = (self._hands[a.seat] & ~mine) | theirs
                self._hands[p] = (self._hands[p] & ~theirs) | mine
                self._received[a.seat] = self._passes[p]
                self._received[p] = self._passes[a.seat]
            if all(s in self._passes for s in self._exchange_seats):
                self._start_play()
            return None
        if isinstance(a, Deal):
            self._start_hand(a)
            return None
        raise InvalidInputError(msg("NOT_AN_ACTION", value=a))

    def _start_hand(self, deal: Deal) -> None:
        self.dealer = (self.dealer + 1) % 4  # SP-21: left of the last dealer
        self.hands_dealt += 1
        self._deal = deal
        self._hands = [mask_of(h) for h in deal.hands]
        self._bids = [None] * 4
        self._looked = [False] * 4
        self._passes = {}
        self._received = {}
        self._exchange_seats = ()
        self._trick = None
        self.phase = Phase.BIDDING

    def _end_bidding(self) -> None:
        seats: list[int] = []
        for side in (0, 1):
            blind = [s for s in (side, side + 2) if (b := self._bids[s]) is not None and b.blind]
            if len(blind) == 1 and self.rules.blind_nil_pass:  # SP-10; both Blind Nil: none (SP-11); SP-H3 0: none
                seats.extend((side, side + 2))
        self._exchange_seats = tuple(sorted(seats))
        self._looked = [True] * 4  # the Blind Nil bidder looks after the bid (SP-10)
        if seats:
            self.phase = Phase.EXCHANGE
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._trick = TrickState(SPADES_TRICK_RULES, list(self._hands), (self.dealer + 1) % 4)
        self.phase = Phase.PLAY

    # ------------------------------------------------------------- views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand once looked, public bids,
        tricks, scores and bags; its own exchange cards; never another seat's
        hand or pass."""
        seat = self._seat(seat)
        tr = self._trick
        if tr is not None:
            hand_mask = tr.hands[seat]
        else:
            hand_mask = self._hands[seat] if self._hands else 0
        looked = self._looked[seat]
        fields_ = self._view_fields(seat)
        return SeatView(
            hand=tuple(cards_of(hand_mask)) if looked else None, looked=looked,
            passed=self._passes.get(seat), received=self._received.get(seat),
            exchange_seats=self._exchange_seats,
            exchange_pending=fields_["to_act"] if self.phase is Phase.EXCHANGE else (), **fields_)


def _chosen(cards: Sequence[Card]) -> Msg:
    """"you chose 2 cards (A♣ and K♣)", naming a card chosen twice (as a message)."""
    if not cards:
        return msg("CHOSEN.none")
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    dups = [c for c, k in counts.items() if k > 1]
    shown = msg("CHOSEN.shown_more" if len(cards) > 6 else "CHOSEN.shown", shown_cards=[c.code for c in cards[:6]])
    if not dups:
        return msg("CHOSEN", n=len(cards), shown=shown)
    twice = [msg("CHOSEN.twice" if counts[c] == 2 else "CHOSEN.times", card=c.code, times=counts[c]) for c in dups[:3]]
    return msg("CHOSEN.dups", count=len(cards), shown=shown, n=len(counts),
               dups=msg("CHOSEN.dups_more" if len(dups) > 3 else "CHOSEN.dups_list", parts_and=twice))


# ============================================================================ the declaration
def _ids(prefix: str, n: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, n + 1))


SPADES_RULE_IDS = _ids("SP-", 22) + _ids("SP-H", 9)


def _rules_from_json(obj: Any, seats: int) -> SpadesRules:
    return SpadesRules.from_json(obj)


# TRANSLATORS: how start scores are listed in an error ("must be 2 whole numbers [NS, EW]").
SCORES_NOTE = M_("spades.scores_note", " [NS, EW]")

SPEC = GameSpec(
    name="spades", title=TITLE, seat_counts=(4,), seats_rule="SP-1", default_seat_count=4, naming="compass",
    sides=lambda n: ((0, 2), (1, 3)),
    game_class=SpadesGame, rules_class=SpadesRules, rules_from_json=_rules_from_json,
    phases=(Phase.DEAL, Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY, Phase.GAME_OVER),
    rule_ids=SPADES_RULE_IDS, scorer=score_spades_side,
    max_bid=13, fixed_trump=Suit.SPADES, winner_rule="SP-16",
    codec=RecordCodec(
        hand_size=lambda rules, index: 13, seat_letters=("N", "E", "S", "W"),
        bid_words=(("nil", 0, False), ("blind_nil", 0, True)), score_key="side", scores_note=SCORES_NOTE,
        has_bags=True, no_turn_up=msg("REC_NO_TURN_UP.spades"), start_problem=_start_issue),
)
SpadesGame.spec = SPEC
