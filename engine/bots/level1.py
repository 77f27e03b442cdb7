"""Level 1 "beginner" computer player: any legal card, plausible random bids."""
from __future__ import annotations

import random

from ..actions import Action, Bid, Phase
from ..game import SeatView
from .strategies import strategy_for

__all__ = ["BeginnerPlayer"]



class BeginnerPlayer:
    """Level 1 "beginner": a random legal card; a plausible random bid
    (Spades 1–4 or sometimes Nil, never Blind Nil; Oh Hell 0…about a quarter
    of the hand size + 1; two-player Spades the advisor's count give or take
    one); two-player Spades' draw by the standard policy (SP-2P-2).  The
    bids are the game's strategy's
    (:meth:`~engine.bots.strategy.GameStrategy.beginner_bids`)."""

    level = 1
    name = "beginner"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action now")  # a programming error: no view without one
        if view.phase is Phase.DRAW:  # two-player Spades: the standard draw (SP-2P-2)
            return strategy_for(view).choose_draw(view, 1)[0]
        if view.phase is Phase.BIDDING:
            bids = [a for a in legal if isinstance(a, Bid) and not a.blind]
            pool = strategy_for(view).beginner_bids(view, self.rng, bids)
            return self.rng.choice(pool or bids or legal)
        return self.rng.choice(legal)
