"""The draw of two-player Spades (SP-2P-2) as pure functions: the standard
draw policy and what a sequence of keep/discard choices gives each player.
Re-exported by :mod:`engine.spades_two`.

>>> from engine.cards import parse_cards
>>> standard_keep(parse_cards("KH")[0]), standard_keep(parse_cards("9D")[0])
(True, False)
"""
from __future__ import annotations

from typing import Sequence

from .actions import Draw
from .cards import Card, Rank, Suit
from .errors import InvalidInputError

__all__ = ["standard_keep", "standard_draw", "draw_outcome"]


def standard_keep(card: Card) -> bool:
    """The standard draw policy (level-1 computer player, and the draw a hand
    record's ``deal_number`` implies): keep the top card if it is a spade
    (trump) or a queen, king or ace; otherwise discard it and take the next
    card unseen (SP-2P-2)."""
    return card.suit is Suit.SPADES or card.rank >= Rank.QUEEN


def standard_draw(pack: Sequence[Card], dealer: int) -> list[Draw]:
    """The 26 :class:`Draw` actions of the standard draw policy
    (:func:`standard_keep`) for ``pack`` (52 Cards, top first) dealt by
    ``dealer`` (0 or 1): the non-dealer draws first, then turns alternate
    (SP-2P-2).  Deterministic: the same pack and dealer give the same draw."""
    if len(pack) != 52:
        raise InvalidInputError(f"a pack has 52 cards, not {len(pack)} (SP-2P-2)")
    return [Draw((dealer + 1 + t) % 2, standard_keep(pack[2 * t])) for t in range(26)]


def draw_outcome(pack: Sequence[Card], dealer: int, keeps: Sequence[bool]) -> tuple[list[list[Card]], list[list[Card]]]:
    """``(hands, discards)`` per seat after the draw turns ``keeps`` (one
    bool per turn, in turn order: True keeps the top card) from ``pack``
    dealt by ``dealer`` (SP-2P-2)."""
    hands: list[list[Card]] = [[], []]
    discards: list[list[Card]] = [[], []]
    for t, keep in enumerate(keeps):
        seat = (dealer + 1 + t) % 2
        top, nxt = pack[2 * t], pack[2 * t + 1]
        hands[seat].append(top if keep else nxt)
        discards[seat].append(nxt if keep else top)
    return hands, discards
