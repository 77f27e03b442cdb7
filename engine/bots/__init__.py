"""Computer players.  Every player sees only a :class:`~engine.game.SeatView`
(never another seat's hidden cards) and chooses one of ``view.legal``.

``make_player(level, seed)`` gives a player: 1 "beginner" (any legal card,
plausible random bids, :mod:`engine.bots.level1`), 2 "club"
(:mod:`engine.bots.level2`), 3 "expert" (:mod:`engine.bots.level3`), 4
"double dummy" (:mod:`engine.bots.level4`).

How the package is built (each module imports only modules listed before it):

* the kit: :mod:`~engine.bots.sampling` (bitmask play, sampling, the
  level-2 card policy), :mod:`~engine.bots.kit` (advice, words, Spades hand
  values), :mod:`~engine.bots.strategy` (what a game's strategy gives),
  :mod:`~engine.bots.showme` ("show me" for any strategy);
* the games: :mod:`~engine.bots.spades` (the Spades count, shared by both
  layouts), :mod:`~engine.bots.advisor_dd` (the double-dummy bid check),
  :mod:`~engine.bots.spades_four`, :mod:`~engine.bots.two_player`,
  :mod:`~engine.bots.oh_hell` (one strategy each);
* the registry :mod:`~engine.bots.strategies` (spec → strategy, one list);
* the dispatchers: :mod:`~engine.bots.advisor` (``advise_bid``,
  ``show_me``), the players level 1 … 4, and :func:`make_player` here.
"""
from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..game import SeatView
from .level1 import BeginnerPlayer
from .level2 import ClubPlayer
from .level3 import ExpertPlayer
from .level4 import DoubleDummyPlayer

__all__ = ["Player", "BeginnerPlayer", "make_player", "LEVELS"]



class Player(Protocol):
    """A computer player: ``choose(view) -> Action`` (one of ``view.legal``)."""

    level: int
    name: str

    def choose(self, view: SeatView) -> Action: ...


#: The players by level.
LEVELS: dict[int, type[BeginnerPlayer] | type[ClubPlayer]] = {
    1: BeginnerPlayer, 2: ClubPlayer, 3: ExpertPlayer, 4: DoubleDummyPlayer}


def make_player(level: int = 1, seed: int | None = None) -> Player:
    """A computer player of ``level`` (1 beginner, 2 club, 3 expert, 4 double dummy).
    ValueError for another level."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"no computer player of level {level!r}: choose 1, 2, 3 or 4") from None
    return cls(seed=seed)
