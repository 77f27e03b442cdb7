"""Spades options (house rules SP-H1 … SP-H9) and the Spades scorer.

:class:`SpadesRules` holds every option of ``HAND_RECORD.md``'s table under
its documented name; the defaults are the rules SP-1 … SP-22 of RULES.md.
:func:`side_points` is the one Spades scorer: :func:`score_spades_side`
(itemised score lines for a game) and :mod:`engine.sim` (points only, once
per simulated hand) both call it.

>>> SpadesRules(nil_value=50).nil_worth(blind=True)
100
>>> side_points(4, 0, 5, 0, 0, SpadesRules())     # 4 bid, 5 won; partner's Nil made
(141, 1)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import InvalidInputError, quote
from .game import ScoreLine

__all__ = ["SpadesRules", "BLIND_NIL", "side_points", "score_spades_side", "OPTION_HELP"]

#: Bid value standing for a Blind Nil in :func:`side_points` (SP-10).
BLIND_NIL = -1
SEAT_NAMES = ("North", "East", "South", "West")

#: One line per option: what it does (shown by the tutor next to the option).
OPTION_HELP = {
    "nil_value": "SP-H1 Nil value: Nil scores ±100 (default) or ±50; Blind Nil is always double.",
    "blind_nil": "SP-H2 When Blind Nil is allowed: always (default), never, or only 100 or more points behind.",
    "blind_nil_pass": "SP-H3 Blind Nil exchange size: 3 cards (default), 2, 1 or 0 (no exchange).",
    "bag_limit": "SP-H4 Bag limit: this many bags cost the bag penalty (default 10; 5 to 20).",
    "bag_penalty": "SP-H4 Bag penalty: points lost each time the bags reach the limit (default 100; 50 to 200 by 10).",
    "ten_for_200": "SP-H5 Ten for two hundred: a contract of 10 or more scores 20 per trick (made or set).",
    "min_contract": "SP-H6 Minimum partnership bid: the partners' number bids add up to at least this (default 0, off).",
    "failed_nil_tricks_help": "SP-H7 Failed Nil tricks help the partner: they count toward the partner's contract.",
    "loss_floor": "SP-H8 Mercy rule: a partnership at or below this negative total loses (default off).",
    "target_score": "SP-H9 Target score: the game is won at this many points (default 500; 50 to 1000).",
}
_ALLOWED = {
    "nil_value": "100 (default) or 50 (SP-H1)",
    "blind_nil": "'always' (default), 'never' or 'behind_100' (SP-H2)",
    "blind_nil_pass": "3 (default), 2, 1 or 0 (SP-H3)",
    "bag_limit": "a whole number from 5 to 20 (default 10, SP-H4)",
    "bag_penalty": "a whole number from 50 to 200 in steps of 10 (default 100, SP-H4)",
    "ten_for_200": "true or false (default false, SP-H5)",
    "min_contract": "a whole number from 0 (default, off) to 13 (SP-H6)",
    "failed_nil_tricks_help": "true or false (default false, SP-H7)",
    "loss_floor": "null (default, off) or a negative whole number such as -200 (SP-H8)",
    "target_score": "a whole number from 50 to 1000 (default 500, SP-H9)",
}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class SpadesRules:
    """Options of a Spades game (RULES.md "Spades house rules").

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

    nil_value: int = 100
    blind_nil: str = "always"
    blind_nil_pass: int = 3
    bag_limit: int = 10
    bag_penalty: int = 100
    ten_for_200: bool = False
    min_contract: int = 0
    failed_nil_tricks_help: bool = False
    loss_floor: int | None = None
    target_score: int = 500
    #: play rules the computer players read from a view's rules (not options):
    #: spades may not be led until broken (SP-13), no must-trump, partners
    #: share a contract when four play (SP-1), a bid of 0 is Nil (SP-8)
    lead_restricted: ClassVar[bool] = True
    must_trump: ClassVar[bool] = False
    partnerships: ClassVar[bool] = True
    nil_bids: ClassVar[bool] = True

    def __post_init__(self) -> None:
        ok = {
            "nil_value": lambda v: _is_int(v) and v in (100, 50),
            "blind_nil": lambda v: isinstance(v, str) and v in ("always", "never", "behind_100"),
            "blind_nil_pass": lambda v: _is_int(v) and v in (0, 1, 2, 3),
            "bag_limit": lambda v: _is_int(v) and 5 <= v <= 20,
            "bag_penalty": lambda v: _is_int(v) and 50 <= v <= 200 and v % 10 == 0,
            "ten_for_200": lambda v: isinstance(v, bool),
            "min_contract": lambda v: _is_int(v) and 0 <= v <= 13,
            "failed_nil_tricks_help": lambda v: isinstance(v, bool),
            "loss_floor": lambda v: v is None or (_is_int(v) and v < 0),
            "target_score": lambda v: _is_int(v) and 50 <= v <= 1000,
        }
        for f in fields(self):
            v = getattr(self, f.name)
            if not ok[f.name](v):
                raise InvalidInputError(f"{f.name}: {quote(v)} is not allowed; allowed: {_ALLOWED[f.name]}")
        if self.blind_nil == "never" and self.blind_nil_pass != 3:
            raise InvalidInputError(
                f"blind_nil_pass: {self.blind_nil_pass} is a configuration error with blind_nil 'never' "
                f"(there is no Blind Nil, so no exchange size; SP-H2, SP-H3): leave it at 3")

    # ------------------------------------------------------------------ helpers
    def nil_worth(self, blind: bool = False) -> int:
        """Points of a Nil (SP-8, SP-H1), doubled for Blind Nil (SP-10)."""
        return 2 * self.nil_value if blind else self.nil_value

    def changed(self) -> dict:
        """The options that differ from the defaults, ``{name: value}``."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}

    @classmethod
    def from_json(cls, d: dict) -> "SpadesRules":
        """From a hand record's ``rules`` object (HAND_RECORD.md option
        names); an unknown option is an InvalidInputError."""
        if not isinstance(d, dict):
            raise InvalidInputError("rules must be an object")
        known = [f.name for f in fields(cls)]
        unknown = set(d) - set(known)
        if unknown:
            raise InvalidInputError(f"rules: unknown Spades option {quote(sorted(map(str, unknown))[0])} "
                                    f"(known: {', '.join(known)})")
        return cls(**d)

    def to_json(self) -> dict:
        """The options that differ from the defaults (``{}`` for RULES.md's own)."""
        return self.changed()


# ----------------------------------------------------------------------------- scoring
def side_points(bid_a: int, bid_b: int | None, won_a: int, won_b: int, bags_before: int,
                rules: SpadesRules, lines: list | None = None, side: int = 0,
                names: tuple[str, ...] = SEAT_NAMES) -> tuple[int, int]:
    """One partnership's hand score (SP-7 … SP-11, SP-17 … SP-20 and the
    house rules SP-H1, SP-H4, SP-H5, SP-H7 of ``rules``).

    Bids: 1..13 tricks, 0 for Nil, :data:`BLIND_NIL` (−1) for Blind Nil; the
    two partners' bids and tricks won in seat order (seats ``side`` and
    ``side + 2``); ``bags_before``: the side's bag counter.  Returns
    ``(hand_points, bags_after)``.  With ``lines`` (a list), appends the
    itemised ``(item, points, rule, seat, bags)`` tuples, which add up to
    ``hand_points``.  A one-seat side (two-player Spades, SP-2P-5: the
    contract is the player's own bid) passes ``bid_b=None`` (``won_b`` is
    ignored; the seat is ``side``).  ``names``: seat names for the lines.
    """
    pts = bags = failed = 0  # failed: tricks of failed Nil bidders (SP-19 / SP-H7)
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
        name = "Blind Nil" if blind else "Nil"
        seat = side + 2 * i
        if w == 0:
            pts += worth
            if lines is not None:
                lines.append((f"{name} made ({names[seat]})", worth, nil_rule or ("SP-10" if blind else "SP-8"), seat, 0))
            continue
        pts -= worth
        if lines is not None:
            lines.append((f"{name} failed ({names[seat]})", -worth, nil_rule or ("SP-10" if blind else "SP-8"), seat, 0))
        if help_partner:  # SP-H7: they count toward the partner's contract
            failed += w
        else:  # SP-19: bags
            pts += w
            bags += w
            if lines is not None:
                lines.append((f"failed {name} tricks are bags ({names[seat]})", w, "SP-19", seat, w))
    if contract:
        per, rule_made, rule_set = 10, "SP-17", "SP-18"
        if rules.ten_for_200 and contract >= 10:  # SP-H5
            per, rule_made, rule_set = 20, "SP-H5", "SP-H5"
        if counted + failed >= contract:
            pts += per * contract + (counted + failed - contract)
            bags += counted + failed - contract
            if lines is not None:
                if failed:
                    lines.append((f"failed Nil tricks count toward the contract ({failed})", 0, "SP-H7", None, 0))
                lines.append(("contract made", per * contract, rule_made, None, 0))
                if counted + failed > contract:
                    lines.append(("bags", counted + failed - contract, "SP-17", None, counted + failed - contract))
        else:
            pts -= per * contract
            if lines is not None:
                if failed:
                    lines.append((f"failed Nil tricks score nothing and are not bags: contract set even with them "
                                  f"({failed})", 0, "SP-H7", None, 0))
                lines.append(("contract set", -per * contract, rule_set, None, 0))
    limit = rules.bag_limit
    bags += bags_before
    if bags >= limit:  # SP-20 / SP-H4: the penalty each time the count reaches the limit
        times, bags = divmod(bags, limit)
        pts -= times * rules.bag_penalty
        if lines is not None:
            rule = "SP-20" if (limit, rules.bag_penalty) == (10, 100) else "SP-H4"
            item = "bag penalty" if times == 1 else f"bag penalty ×{times}"
            if rule == "SP-H4":
                item += f" ({limit} bags: −{rules.bag_penalty} each time)"
            lines.append((item, -times * rules.bag_penalty, rule, None, 0))
    return pts, bags


def score_spades_side(side: int, bids: list, tricks: list[int], bags_before: int,
                      rules: SpadesRules | None = None,
                      names: tuple[str, ...] = SEAT_NAMES) -> tuple[list, int, int]:
    """Score one partnership's hand (SP-7, SP-8 … SP-11, SP-17 … SP-20, and
    the house rules of ``rules``: SP-H1, SP-H4, SP-H5, SP-H7).

    ``bids``/``tricks``: the two partners' :class:`~engine.actions.Bid`
    (blind = Blind Nil) and tricks won, in seat order; ``bags_before``: the
    side's bag counter; ``rules``: :class:`SpadesRules` (default: RULES.md's).
    Returns ``(score_lines, hand_points, bags_after)``; the lines
    (:class:`~engine.game.ScoreLine`, each citing its rule id) add up to
    ``hand_points``.  Two-player Spades (SP-2P-5): ``bids``/``tricks`` of
    one player (``side`` is the seat), ``names`` the players' names.
    """
    rules = rules or SpadesRules()
    raw: list = []
    codes = [BLIND_NIL if b.blind else b.value for b in bids]
    if len(codes) == 1:
        pts, bags_after = side_points(codes[0], None, tricks[0], 0, bags_before, rules, raw, side, names)
    else:
        pts, bags_after = side_points(codes[0], codes[1], tricks[0], tricks[1], bags_before, rules, raw, side, names)
    lines = [ScoreLine(side, item, p, rule, seat, bags=bg) for item, p, rule, seat, bg in raw]
    return lines, pts, bags_after
