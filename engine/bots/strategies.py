"""The one registry of the computer players' game strategies: an explicit list
pairing each game's spec (:mod:`engine.registry`) with its
:class:`~engine.bots.strategy.GameStrategy`.

>>> from engine import spec_for
>>> type(strategy_for(spec_for("oh_hell", 5))).__name__
'OhHell'

The players, the bid advisor and the review ask :func:`strategy_for` (with a
spec, a game or a :class:`~engine.game.SeatView`) and never which game they
play.  A new game is one strategy module beside these and one line in
:data:`STRATEGIES`.
"""
from __future__ import annotations

from typing import Any

from ..registry import GameSpec, spec_for, spec_of
from .oh_hell import OH_HELL
from .spades_four import FOUR_SEAT_SPADES
from .strategy import GameStrategy
from .two_player import TWO_SEAT_SPADES

__all__ = ["STRATEGIES", "strategy_for"]


#: Every game the computer players know: (its spec, its strategy).
STRATEGIES: tuple[tuple[GameSpec, GameStrategy], ...] = (
    (spec_for("spades", 4), FOUR_SEAT_SPADES),
    (spec_for("spades", 2), TWO_SEAT_SPADES),
    (spec_for("oh_hell", 3), OH_HELL),
)
_BY_SPEC: dict[int, GameStrategy] = {id(spec): strategy for spec, strategy in STRATEGIES}


def strategy_for(thing: Any) -> GameStrategy:
    """The strategy of a game's spec, a game or a seat's view
    (:func:`engine.registry.spec_of`).  ValueError for a game the computer
    players do not know."""
    spec = spec_of(thing)
    strategy = _BY_SPEC.get(id(spec))
    if strategy is None:
        raise ValueError(f"the computer players do not know {spec.title}")  # a game missing from STRATEGIES
    return strategy
