"""The computer players' shared kit: what every game's bots use, knowing no
game in particular.

* :class:`Advice` — a suggested bid with lines a learner can follow, and
  :func:`finish_advice`, which rounds its lines so that they add up to the bid.
* Words for counts, ordinals and cards in advice lines (:func:`count_word`,
  :func:`ordinal`, :func:`card_name`) and :func:`say`, which fills one of a
  module's sentence tables (``TEXT``: a whole sentence per id, named
  placeholders) — the tables the text layer takes over.
* Spades hand values for the search (SP-17 … SP-22): :func:`game_bonus`,
  :func:`future_bag_cost`.

Nothing here imports a player, the advisor or a game's strategy; they all
import this module (see :mod:`engine.bots`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Mapping, Sequence

from .. import SpadesRules
from ..cards import Card

__all__ = ["Advice", "Line", "Scorer", "finish_advice", "count_word", "ordinal", "card_name", "say",
           "GAME_BONUS", "HAND_POINTS", "BAG_RATE", "game_bonus", "future_bag_cost", "TEXT"]

#: One advice line: ``(text, value in tricks)``.
Line = tuple[str, float]
#: ``won -> utility``: a hand's value to one seat from the tricks won per seat at its end.
Scorer = Callable[[Sequence[int]], float]

#: The kit's sentences, by id (named placeholders; see :func:`say`).
TEXT: dict[str, str] = {
    "advice.look_first": "Look at your cards first.",
    "advice.blind_nil": "Suggested bid: Blind Nil",
    "advice.nil": "Suggested bid: Nil (0)",
    "advice.bid": "Suggested bid: {bid}",
    "advice.line_valued": "  {text}: {value:+.2f}",
    "advice.line": "  {text}",
    "advice.rounded": "rounded to {bid}",
}

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth", "eleventh", "twelfth", "thirteenth")


def say(table: Mapping[str, str], key: str, **values: object) -> str:
    """The sentence ``key`` of ``table`` with its named placeholders filled
    (KeyError for an unknown id or a missing placeholder)."""
    return table[key].format(**values)


def count_word(k: int) -> str:
    """``k`` in words for advice lines: "no", "one" … "thirteen" (digits above)."""
    return _COUNT_WORDS[k] if 0 <= k <= 13 else str(k)


def ordinal(k: int) -> str:
    """"first" … "thirteenth" ("14th" above)."""
    return _ORDINALS[k] if 0 <= k <= 13 else f"{k}th"


def card_name(c: Card) -> str:
    """A card as advice lines show it ("A♠")."""
    return c.display


@dataclass(frozen=True)
class Advice:
    """A suggested bid and why.

    ``bid``: tricks to bid (Spades: 0 means Nil, SP-8; ``blind_nil`` True
    means bid Blind Nil, SP-10, and ``bid`` is 0); None when the seat must
    look at its cards first.  ``lines``: ``(text, value)`` pairs; the values
    (tricks, may be fractional or negative) add up — rounded to a whole
    number — to ``bid``.  ``sure``: tricks the hand wins whatever happens
    (top trumps).  ``total``: the unrounded sum.  ``alternative``: for a
    Nil suggestion, the numeric bid the hand would otherwise make.
    """

    bid: int | None
    lines: tuple[Line, ...]
    sure: int = 0
    nil: bool = False
    blind_nil: bool = False
    alternative: int | None = None

    @property
    def total(self) -> float:
        return sum(v for _, v in self.lines)

    def text(self) -> str:
        """The advice as a few lines of plain text."""
        if self.bid is None:
            head = say(TEXT, "advice.look_first")
        elif self.blind_nil:
            head = say(TEXT, "advice.blind_nil")
        elif self.nil:
            head = say(TEXT, "advice.nil")
        else:
            head = say(TEXT, "advice.bid", bid=self.bid)
        body = [say(TEXT, "advice.line_valued", text=t, value=v) if v else say(TEXT, "advice.line", text=t)
                for t, v in self.lines]
        return "\n".join([head, *body])


def finish_advice(lines: Sequence[Line], bid: int, *, sure: int = 0) -> Advice:
    """An :class:`Advice` for ``bid`` from ``lines``: the values rounded to
    hundredths, and a last line when they would not add up (rounded) to ``bid``."""
    out = [(t, round(v, 2)) for t, v in lines]
    s = sum(v for _, v in out)
    if round(s) != bid:
        out.append((say(TEXT, "advice.rounded", bid=bid), round(bid - s, 2)))
    return Advice(bid, tuple(out), sure=sure)


# ===================================================================== Spades hand values
GAME_BONUS = 200  # points of utility for a hand that wins the game (SP-22)
#: For :func:`future_bag_cost`: points the leading side gains in an average hand, and bags a side
#: collects in an average hand (the level-4 and level-3 sides in benchmark games to 500 took 1.35 and 0.5).
HAND_POINTS = 50
BAG_RATE = 1.0


def game_bonus(mine: int, theirs: int, target: int) -> int:
    """Utility for the end of a Spades game after a hand (SP-22): +GAME_BONUS
    if the side's total ``mine`` wins (a side reached ``target`` and ``mine``
    is the higher total), -GAME_BONUS if the opponents' ``theirs`` wins, 0 if
    the game goes on (nobody at the target, or equal totals)."""
    if (mine >= target or theirs >= target) and mine != theirs:
        return GAME_BONUS if mine > theirs else -GAME_BONUS
    return 0


@lru_cache(maxsize=4096)
def _penalties_to_come(bags: int, lam10: int, limit: int) -> float:
    """Expected number of bag penalties when ``bags`` (0 <= bags < limit)
    grow by a Poisson number of bags with mean ``lam10 / 10``."""
    lam = lam10 / 10.0
    if lam <= 0:
        return 0.0
    p = math.exp(-lam)
    total = acc = 0.0
    y = 0
    while acc < 1.0 - 1e-9 and y < 400:
        total += p * ((bags + y) // limit)
        acc += p
        y += 1
        p *= lam / y
    return total


def future_bag_cost(bags: int, mine: int, theirs: int, rules: SpadesRules) -> float:
    """The bag penalty a Spades side can expect still to pay after this hand
    (points, >= 0; SP-20, SP-H4): the side holds ``bags`` bags after the
    hand (below ``rules.bag_limit``), the totals after the hand are ``mine``
    and ``theirs``.  The game is expected to last ``(target - leader's
    total) / HAND_POINTS`` more hands, in which the side collects a Poisson
    number of bags, :data:`BAG_RATE` a hand; each time the count reaches the
    limit costs ``rules.bag_penalty``.  0 when the hand ends the game
    (:func:`game_bonus` not 0).  So a bag costs about ``bag_penalty /
    bag_limit`` points early in a long game, more when the count is near
    the limit, and little when the game is about to end."""
    target = rules.target_score
    if game_bonus(mine, theirs, target):
        return 0.0
    hands_left = max(0, target - max(mine, theirs)) / HAND_POINTS
    lam10 = int(round(10 * BAG_RATE * hands_left))
    return rules.bag_penalty * _penalties_to_come(bags % rules.bag_limit, lam10, rules.bag_limit)
