"""Computer players.  Every player sees only a :class:`~engine.game.SeatView`
(never another seat's hidden cards) and chooses one of ``view.legal``.

``make_player(level, seed)`` gives a player: 1 "beginner" (any legal card,
plausible random bids); higher levels are added by :mod:`engine.bots.level2`
and :mod:`engine.bots.level3` when present.
"""
from __future__ import annotations

import random
from typing import Protocol

from ..actions import Action, Bid, Pass, Phase, Play
from ..game import SeatView

__all__ = ["Player", "BeginnerPlayer", "make_player", "LEVELS"]


class Player(Protocol):
    """A computer player: ``choose(view) -> Action`` (one of ``view.legal``)."""

    level: int
    name: str

    def choose(self, view: SeatView) -> Action: ...


class BeginnerPlayer:
    """Level 1 "beginner": a random legal card; a plausible random bid
    (Spades 1–4 or sometimes Nil, never Blind Nil; Oh Hell 0…about a quarter
    of the hand size + 1; two-player Spades the advisor's count give or take
    one); two-player Spades' draw by the standard policy (SP-2P-2)."""

    level = 1
    name = "beginner"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action now")
        if view.phase is Phase.DRAW:  # two-player Spades: the standard draw (SP-2P-2)
            from .two_player import choose_draw
            return choose_draw(view, 1)[0]
        if view.phase is Phase.BIDDING:
            bids = [a for a in legal if isinstance(a, Bid) and not a.blind]
            if view.spec.nil_bids and not view.spec.partnerships:  # two players: the count, give or take one
                from .advisor import advise_bid
                guess = advise_bid(view).bid + self.rng.choice((-1, 0, 0, 1))
                pool = [a for a in bids if a.value == guess] or [a for a in bids if a.value == 1]
            elif view.spec.nil_bids:  # Spades: a number 1–4, now and then a Nil (SP-8)
                pool = [a for a in bids if 1 <= a.value <= 4]
                if self.rng.random() < 0.05:
                    pool = [a for a in bids if a.value == 0]
            else:
                top = max(1, view.hand_size // 4 + 1)
                pool = [a for a in bids if a.value <= top]
            return self.rng.choice(pool or bids or legal)
        return self.rng.choice(legal)


LEVELS: dict[int, type] = {1: BeginnerPlayer}


def make_player(level: int = 1, seed: int | None = None):
    """A computer player of ``level`` (1 beginner, 2 club, 3 expert)."""
    if level == 2 and 2 not in LEVELS:
        from . import level2  # noqa: F401  (registers itself)
    if level == 3 and 3 not in LEVELS:
        from . import level3  # noqa: F401
    try:
        return LEVELS[level](seed=seed)
    except KeyError:
        raise ValueError(f"no computer player of level {level!r}: choose 1, 2 or 3") from None
