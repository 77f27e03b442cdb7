"""Counting the likely tricks in a hand (exercise 6, "estimating a bid").

There is one bid estimator in Trick Tutor, the computer players' bid
advisor (:mod:`engine.bots.advisor`); this module turns its count into an
accepted range and a sentence for the student.

* :func:`count_tricks` — the advisor's count of a hand from the cards and
  the trump alone (Spades: :func:`~engine.bots.advisor.advise_spades`
  without the Nil choice; Oh Hell: :func:`~engine.bots.advisor.advise_oh_hell`
  with no earlier bids): aces, guarded kings, high and long trumps, and
  voids or short suits a spare trump can ruff (SP-14, SP-16, OH-10).
* :func:`estimate_bid` — with ``estimator="count"`` the rounded count; with
  ``"advisor"``/``"auto"`` and the seat's view, the advisor's suggestion for
  that seat (partner's bid, earlier bids, the hook, OH-V4).

The accepted range is the suggestion ±1, inside 0 … hand size.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine import Card, Suit
from engine.bots.advisor import advise_bid, advise_oh_hell, advise_spades
from engine.registry import game_names, spec_named

__all__ = ["BidEstimate", "count_tricks", "estimate_bid"]


@dataclass(frozen=True)
class BidEstimate:
    """``center``: the suggested bid; ``low``…``high``: accepted bids
    (inclusive); ``parts``: ``(text, tricks)`` items of the count; ``source``:
    "count" or "advisor"; ``explanation``: one line for the student."""

    center: int
    low: int
    high: int
    parts: tuple[tuple[str, float], ...]
    source: str
    explanation: str


def _fmt(x: float) -> str:
    """A trick value for the student: ``1``, ``0.8``, ``½``, ``-0.3``."""
    if float(x).is_integer():
        return str(int(x))
    if abs(x - round(x * 2) / 2) < 1e-9 and abs(x) < 1:
        return ("-" if x < 0 else "") + "½"
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _is_spades_hand(hand: Sequence[Card], trump: Suit | None, game: str | None) -> bool:
    if game is not None:
        if game not in game_names():
            raise ValueError(f"game must be {' or '.join(repr(n) for n in game_names())}, not {game!r}")
        return spec_named(game).nil_bids  # counted as Spades: Nil is a contract of its own (SP-8)
    return trump == Suit.SPADES and len(hand) == 13


def count_tricks(hand: Sequence[Card], trump: Suit | None, players: int = 4,
                 game: str | None = None) -> tuple[float, list[tuple[str, float]]]:
    """The bid advisor's count of ``hand``: ``(total, [(reason, tricks), …])``;
    the tricks add up to ``total`` (a float).

    ``trump``: the trump suit (spades in Spades, SP-2; the turned-up suit in
    Oh Hell, OH-7; None: no trump); ``players``: Oh Hell's table size (3–7);
    ``game``: ``"spades"`` or ``"oh_hell"`` (None: Spades for 13 cards with
    spades trump, else Oh Hell).  Raises ValueError for an unknown game.
    """
    if _is_spades_hand(hand, trump, game):
        adv = advise_spades(hand, None, allow_nil=False)
    else:
        adv = advise_oh_hell(hand, players, trump)
    parts = [(t, v) for t, v in adv.lines if v]
    return sum(v for _, v in parts), parts


def _count_bid(hand: Sequence[Card], trump: Suit | None, hand_size: int, players: int, game: str | None) -> int:
    if _is_spades_hand(hand, trump, game):
        return advise_spades(hand, None, allow_nil=False).bid
    return advise_oh_hell(hand, players, trump).bid


def _advisor_estimate(view, hand_size: int):
    """The bid advisor's suggestion for the seat of ``view``
    (:func:`engine.bots.advisor.advise_bid`), or None when it gives no
    numeric bid (an unlooked Spades hand).  Returns ``(center, low, high,
    text)``; for a Nil suggestion the center is the numeric bid the hand
    would otherwise make (``Advice.alternative``)."""
    advice = advise_bid(view)
    center = advice.bid
    nil = advice.nil or advice.blind_nil
    if nil:
        center = advice.alternative
    if isinstance(center, bool) or not isinstance(center, int) or not 0 <= center <= hand_size:
        return None
    items = [(t, v) for t, v in advice.lines if v]
    if nil:
        reasons = "; ".join(t for t, _ in advice.lines[1:]) or "a weak hand"
        text = (f"the bid advisor would bid Nil with this weak hand ({reasons}); "
                f"as a number of tricks it counts about {center}")
    else:
        counted = "; ".join(f"{t} ({'+' if v > 0 else ''}{_fmt(v)})" for t, v in items) or "no likely tricks"
        text = f"the bid advisor counts {counted}: {_fmt(round(advice.total, 1))} tricks in all, so about {center}"
    return center, max(0, center - 1), min(hand_size, center + 1), text


def estimate_bid(hand: Sequence[Card], trump: Suit | None, hand_size: int, estimator: str = "auto",
                 view=None) -> BidEstimate:
    """The accepted bid range for ``hand`` (see module docstring).

    ``estimator``: "count" (the advisor's count of the cards alone), "advisor"
    or "auto" (the advisor's suggestion for the seat, when ``view`` — the
    seat's SeatView — is given; else the count).  Raises ValueError for an
    unknown estimator.
    """
    if estimator not in ("auto", "advisor", "count"):
        raise ValueError(f"estimator must be auto, advisor or count, not {estimator!r}")
    players = view.n_seats if view is not None else 4
    game = view.game if view is not None else None
    total, parts = count_tricks(hand, trump, players, game)
    if estimator in ("auto", "advisor") and view is not None:
        adv = _advisor_estimate(view, hand_size)
        if adv is not None:
            center, low, high, text = adv
            return BidEstimate(center, low, high, tuple(parts), "advisor", text)
    center = min(hand_size, _count_bid(hand, trump, hand_size, players, game))
    low, high = max(0, center - 1), min(hand_size, center + 1)
    count_text = "; ".join(f"{t} ({'+' if v > 0 else ''}{_fmt(v)})" for t, v in parts) or "no likely tricks"
    expl = f"count: {count_text}: {_fmt(round(total, 1))} tricks in all, so about {center}"
    return BidEstimate(center, low, high, tuple(parts), "count", expl)
