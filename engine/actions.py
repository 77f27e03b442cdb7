"""Actions: the frozen steps a game's history is made of.

A game is its starting options plus a list of actions; replay, undo and
save/load all come from that list.  Seats are ints 0… clockwise (Spades:
0 North, 1 East, 2 South, 3 West).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Union

from .cards import Card

__all__ = ["Phase", "Deal", "Draw", "Bid", "Look", "Pass", "Play", "Action", "PlayerAction"]


class Phase(str, Enum):
    """Where a game is.  ``DEAL``: waiting for the next hand to be dealt."""

    DEAL = "deal"
    DRAW = "draw"  # two-player Spades: keep or discard from the pack (SP-2P-2)
    BIDDING = "bidding"
    EXCHANGE = "exchange"
    PLAY = "play"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal a hand: ``hands[seat]`` is a tuple of :class:`Card`; ``turn_up``
    the Oh Hell trump card turned up (or None); ``number`` the deal number it
    came from, if any (SP-4, OH-6, OH-7).  Two-player Spades: ``pack`` (52
    Cards, top first) with ``hands=()`` starts the draw (SP-2P-2)."""

    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card | None = None
    number: int | None = None
    pack: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    """Two-player Spades (SP-2P-2): ``seat`` keeps the top card of the pack
    (``keep=True``; the next card is looked at and discarded) or discards
    it (``keep=False``; the next card is taken into the hand)."""

    seat: int
    keep: bool


@dataclass(frozen=True, slots=True)
class Bid:
    """``seat`` bids ``value`` tricks (0 is Nil).  ``blind=True`` is a Spades
    Blind Nil (value 0).  ``value`` is kept as given so that a bad value
    (2.5, "3") can be explained rather than crash (SP-6, OH-8)."""

    seat: int
    value: Any
    blind: bool = False


@dataclass(frozen=True, slots=True)
class Look:
    """``seat`` looks at its cards (SP-10: after this, no Blind Nil)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` chooses the three cards it gives its partner in a Blind Nil
    exchange (SP-10, SP-11)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``card`` to the current trick (SP-12…SP-16, OH-9…OH-10)."""

    seat: int
    card: Card


Action = Union[Deal, Draw, Bid, Look, Pass, Play]
#: An action a seat takes (every action but a deal): each has a ``seat``.
PlayerAction = Union[Draw, Bid, Look, Pass, Play]
