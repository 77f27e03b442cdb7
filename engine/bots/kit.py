"""The computer players' shared kit: what every game's bots use, knowing no
game in particular.

* :class:`Advice` — a suggested bid with lines a learner can follow, and
  :func:`finish_advice`, which rounds its lines so that they add up to the bid.
* :func:`say`: one of the engine's messages (an id of the catalogue in
  :mod:`engine.text.advice`, with plain data: cards as codes, suits as
  letters, counts as numbers) said now, as a :class:`~engine.message.Said`
  (a ``str`` that keeps its :class:`~engine.message.Msg`): advice lines and
  every player's ``last_reason`` are made so, and render in any language.
* Spades hand values for the search (SP-17 … SP-22): :func:`game_bonus`,
  :func:`future_bag_cost`.

Nothing here imports a player, the advisor or a game's strategy; they all
import this module (see :mod:`engine.bots`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

from ..games.spades import SpadesRules
from ..message import Msg, Said, literal, msg_of, render

__all__ = ["Advice", "Line", "Scorer", "finish_advice", "say", "NO_WORDS",
           "GAME_BONUS", "HAND_POINTS", "BAG_RATE", "game_bonus", "future_bag_cost"]

#: One advice line: ``(text, value in tricks)``; the text is a :class:`~engine.message.Said`
#: (its ``msg`` says it in any language), or :data:`NO_WORDS` for a count without words.
Line = tuple[str, float]
#: ``won -> utility``: a hand's value to one seat from the tricks won per seat at its end.
Scorer = Callable[[Sequence[int]], float]


def say(message_id: str, /, **data: object) -> Said:
    """The engine's message ``message_id`` (:mod:`engine.text.advice`) with
    the plain ``data`` of its placeholders (cards as codes ``"AS"``, suits
    as letters, counts as numbers, another message as a
    :class:`~engine.message.Msg`), said now in the current language."""
    return Said(Msg(message_id, data))


#: The text of a line counted without words (``words=False``: the values alone, for the search).
NO_WORDS: Said = Said(literal(""))


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
        """The advice as a few lines of plain text, in the current language."""
        if self.bid is None:
            head = Msg("advice.look_first")
        elif self.blind_nil:
            head = Msg("advice.blind_nil")
        elif self.nil:
            head = Msg("advice.nil")
        else:
            head = Msg("advice.bid", {"bid": self.bid})
        body = [Msg("advice.line_valued", {"line": msg_of(t), "worth": v}) if v else
                Msg("advice.line", {"line": msg_of(t)}) for t, v in self.lines]
        return "\n".join(render(m) for m in [head, *body])


def finish_advice(lines: Sequence[Line], bid: int, *, sure: int = 0) -> Advice:
    """An :class:`Advice` for ``bid`` from ``lines``: the values rounded to
    hundredths, and a last line when they would not add up (rounded) to ``bid``."""
    out = [(t, round(v, 2)) for t, v in lines]
    s = sum(v for _, v in out)
    if round(s) != bid:
        out.append((say("advice.rounded", bid=bid), round(bid - s, 2)))
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
