"""Reproducible deals (SP-4, OH-6, OH-7).

A **deal number** (any int ≥ 0) fixes the order of the shuffled deck, so a
teacher can give a whole class the same deal.  The shuffle is a Fisher–Yates
shuffle driven by an explicit ``random.Random(deal_number)``, using only
``getrandbits`` (whose output for an int seed is stable across Python
versions) with our own rejection sampling, never ``random.shuffle`` or
``randrange`` (whose algorithms may change between versions).
"""
from __future__ import annotations

import random

from .cards import Card, DECK
from .errors import InvalidInputError
from .message import msg

__all__ = ["shuffled_deck", "deal_hands", "random_deal_number", "MAX_DEAL_NUMBER"]

MAX_DEAL_NUMBER = 2**63 - 1


def _check_number(deal_number: int) -> int:
    if isinstance(deal_number, bool) or not isinstance(deal_number, int):
        raise InvalidInputError(msg("DEAL_NUMBER_NOT_WHOLE", value=deal_number, high=MAX_DEAL_NUMBER))
    if not 0 <= deal_number <= MAX_DEAL_NUMBER:
        raise InvalidInputError(msg("DEAL_NUMBER_OUT_OF_RANGE", value=deal_number, high=MAX_DEAL_NUMBER))
    return deal_number


def _below(rng: random.Random, n: int) -> int:
    """Uniform integer in [0, n) from ``getrandbits`` by rejection."""
    k = n.bit_length()
    while True:
        r = rng.getrandbits(k)
        if r < n:
            return r


def shuffled_deck(deal_number: int) -> list[Card]:
    """The 52 cards in the order deal ``deal_number`` deals them (top first).

    Raises :class:`InvalidInputError` for a deal number that is not an int in
    0 … 2**63−1.
    """
    rng = random.Random(_check_number(deal_number))
    deck = list(DECK)
    for i in range(51, 0, -1):
        j = _below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_hands(deal_number: int, seats: int, hand_size: int, dealer: int,
               turn_up: bool = False) -> tuple[list[list[Card]], Card | None]:
    """Deal ``hand_size`` cards to each of ``seats`` seats, one card at a time
    clockwise starting left of ``dealer`` (SP-4, OH-6); if ``turn_up``, the
    next card of the deck is turned up (OH-7).

    Returns ``(hands, turn_up_card)`` where ``hands[seat]`` is a list of
    :class:`Card` in dealt order and ``turn_up_card`` is a Card or None.
    """
    if seats * hand_size + (1 if turn_up else 0) > 52:
        raise InvalidInputError(msg("CANNOT_DEAL.turn_up" if turn_up else "CANNOT_DEAL", size=hand_size, seats=seats))
    deck = shuffled_deck(deal_number)
    hands: list[list[Card]] = [[] for _ in range(seats)]
    pos = 0
    for _ in range(hand_size):
        for k in range(1, seats + 1):
            hands[(dealer + k) % seats].append(deck[pos])
            pos += 1
    return hands, (deck[pos] if turn_up else None)


def random_deal_number(rng: random.Random | None = None) -> int:
    """A fresh six-digit deal number, short enough to read out to a class
    (from ``rng`` if given, else the OS's randomness)."""
    rng = rng or random.SystemRandom()
    return 100_000 + _below(rng, 900_000)
