"""Counting the likely tricks in a hand (exercise 6, "estimating a bid").

:func:`estimate_bid` uses ``engine.bots.advisor.advise_bid`` when it exists
(the computer players' bid advisor) and otherwise :func:`count_tricks`, a
simple count a beginner can do by hand:

* in a side suit: an ace is 1 trick; a king with at least one more card of its
  suit is 1 trick with the ace, else ½; a queen with two more cards and the
  ace or king is ½;
* in trumps (spades in Spades, SP-2; the turned-up suit in Oh Hell, OH-7):
  the ace, a king with another trump and a queen with two more are 1 each, and
  every trump beyond the third is 1 (long trumps win late tricks);
* a void or a singleton in a side suit with at least one trump not already
  counted is +1 (void) or +½ (singleton): a chance to trump (SP-14, SP-16).

The accepted range is the rounded count ±1, inside 0 … hand size.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from engine import Card, Rank, Suit

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
    return str(int(x)) if float(x).is_integer() else f"{x:g}".replace(".5", "½").replace("0½", "½")


def count_tricks(hand: Sequence[Card], trump: Suit | None) -> tuple[float, list[tuple[str, float]]]:
    """The simple count of module docstring: ``(total, [(reason, tricks), …])``."""
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for c in hand:
        by_suit[c.suit].append(c)
    for s in by_suit:
        by_suit[s].sort(key=lambda c: -c.rank)
    parts: list[tuple[str, float]] = []
    trumps_used = 0
    if trump is not None:
        tr = by_suit[trump]
        ranks = {c.rank for c in tr}
        n = len(tr)
        if Rank.ACE in ranks:
            parts.append((f"A{trump.symbol} (top trump)", 1)); trumps_used += 1
        if Rank.KING in ranks and n >= 2:
            parts.append((f"K{trump.symbol} with another trump", 1)); trumps_used += 1
        if Rank.QUEEN in ranks and n >= 3:
            parts.append((f"Q{trump.symbol} with two more trumps", 1)); trumps_used += 1
        if n > 3:
            parts.append((f"{n - 3} long trump{'s' if n - 3 > 1 else ''} beyond the third", n - 3))
            trumps_used = n  # the long trumps are counted: none is spare for ruffing
    spare = (len(by_suit[trump]) - trumps_used) if trump is not None else 0
    for s in Suit:
        if s == trump:
            continue
        cs = by_suit[s]
        ranks = {c.rank for c in cs}
        n = len(cs)
        if Rank.ACE in ranks:
            parts.append((f"A{s.symbol}", 1))
        if Rank.KING in ranks and n >= 2:
            if Rank.ACE in ranks:
                parts.append((f"K{s.symbol} with the A{s.symbol}", 1))
            else:
                parts.append((f"K{s.symbol} with a guard", 0.5))
        if Rank.QUEEN in ranks and n >= 3 and (Rank.ACE in ranks or Rank.KING in ranks):
            parts.append((f"Q{s.symbol} with two more {s.noun}", 0.5))
        if trump is not None and spare > 0 and n <= 1:
            if n == 0:
                parts.append((f"void in {s.noun} with a spare trump", 1)); spare -= 1
            else:
                parts.append((f"singleton {s.singular} with a spare trump", 0.5)); spare -= 1
    return sum(v for _, v in parts), parts


def _advisor_estimate(view, hand_size: int):
    """The bid advisor's suggestion (``engine.bots.advisor.advise_bid``), or
    None if it is not installed or gives no numeric bid.  Returns
    ``(center, low, high, text)``; a Nil suggestion uses the numeric bid the
    hand would otherwise make (``Advice.alternative``)."""
    try:
        from engine.bots.advisor import advise_bid  # type: ignore
    except Exception:  # noqa: BLE001 - optional component
        return None
    try:
        advice = advise_bid(view)
    except Exception:  # noqa: BLE001
        return None
    center = getattr(advice, "bid", None)
    if getattr(advice, "nil", False) or getattr(advice, "blind_nil", False):
        center = getattr(advice, "alternative", None)
    if isinstance(center, bool) or not isinstance(center, int) or not 0 <= center <= hand_size:
        return None
    lines = [(t, v) for t, v in getattr(advice, "lines", ()) if v]
    text = "; ".join(f"{t} ({round(v, 1):+g})" for t, v in lines)
    return center, max(0, center - 1), min(hand_size, center + 1), text


def estimate_bid(hand: Sequence[Card], trump: Suit | None, hand_size: int, estimator: str = "auto",
                 view=None) -> BidEstimate:
    """The accepted bid range for ``hand`` (see module docstring).

    ``estimator``: "count" (always the simple count), "advisor" or "auto"
    (the advisor when installed and ``view`` — the seat's SeatView — is given).
    """
    total, parts = count_tricks(hand, trump)
    if estimator in ("auto", "advisor") and view is not None:
        adv = _advisor_estimate(view, hand_size)
        if adv is not None:
            center, low, high, text = adv
            expl = f"the bid advisor counts {text or 'no sure tricks'}: about {center}"
            return BidEstimate(center, low, high, tuple(parts), "advisor", expl)
    center = min(hand_size, int(math.floor(total + 0.5)))
    low, high = max(0, center - 1), min(hand_size, center + 1)
    count_text = " + ".join(f"{t} {_fmt(v)}" for t, v in parts) or "no sure tricks"
    expl = f"count: {count_text} ≈ {_fmt(total)} trick{'s' if total != 1 else ''}"
    return BidEstimate(center, low, high, tuple(parts), "count", expl)
