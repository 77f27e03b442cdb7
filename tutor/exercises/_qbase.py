"""Helpers shared by the question generators (deals, searches, card texts)."""
from __future__ import annotations

from typing import Callable

from engine import OhHellGame, OhHellRules, Phase, SpadesGame, Suit

from .core import SEATS, Question, Rng

Gen = Callable[[Rng, dict], Question]

# ------------------------------------------------------------------ helpers
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def cards_text(cards) -> str:
    """Cards for a prompt, spades, hearts, clubs, diamonds, each high to low: ``"A♠ 7♠ 10♥ 4♥"``."""
    cs = sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))
    return " ".join(c.display for c in cs) if cs else "(no cards)"


def _key_cards(cards) -> list[str]:
    """Cards as a key literal: canonical codes, sorted like :func:`cards_text`."""
    cs = sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))
    return [c.code for c in cs]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _strip_yes(msg: str) -> str:
    return msg[5:] if msg.startswith("Yes: ") else msg


def _spades_game(rng: Rng, bids: Callable[[Rng, int], int] | None = None) -> SpadesGame:
    g = SpadesGame(first_deal=rng.bits(40), dealer=rng.below(4))
    for _ in range(4):
        s = g.to_act
        g.bid(s, bids(rng, s) if bids else rng.between(1, 4))
    return g


def _oh_hell_game(rng: Rng, size: int, **rules) -> OhHellGame:
    rules.setdefault("no_trump_final_hand", False)
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(size,), **rules),
                   first_deal=rng.bits(40), dealer=rng.below(4))
    return g


def _random_bids(g, rng: Rng, top: int | None = None) -> None:
    while g.phase is Phase.BIDDING:
        s = g.to_act
        legal = [b.value for b in g.legal_bids(s)]
        if top is not None:
            legal = [v for v in legal if v <= top] or legal
        g.bid(s, rng.pick(legal))


def _play_states(g, rng: Rng):
    """Yield ``g`` before every play of the current hand, then play a random legal card."""
    while g.phase is Phase.PLAY:
        yield g
        s = g.to_act
        g.play(s, rng.pick(g.legal_plays(s)))


def _completed_tricks(g, rng: Rng):
    """Play the current hand with random legal cards, yielding each completed Trick."""
    while g.phase is Phase.PLAY:
        s = g.to_act
        t = g.play(s, rng.pick(g.legal_plays(s)))
        if t is not None:
            yield t


class _NotFound(RuntimeError):
    pass


def _search(rng: Rng, make, pred, tries: int = 400):
    """First state of random hands (``make(rng)`` builds a game in PLAY) where
    ``pred(g)`` holds; returns the live game."""
    for _ in range(tries):
        g = make(rng)
        for state in _play_states(g, rng):
            if pred(state):
                return state
    raise _NotFound("no position found")  # pragma: no cover - the predicates are common


def _trick_line(trick, names=SEATS) -> str:
    parts = [f"{names[s]} {c.display}" for s, c in zip(trick.seats, trick.cards)]
    return ", ".join(parts)


def _trump_line(g) -> str:
    if g.trump is None:
        return "There is no trump in this hand."
    return f"Trump is {g.trump.noun} {g.trump.symbol} (the dealer turned up the {g.turn_up.display})."


_INT_HELP = "Answer with a whole number, e.g. 52 or -40."
