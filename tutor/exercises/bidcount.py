"""Counting the likely tricks in a hand (exercise 6, "estimating a bid").

There is one bid estimator in Trick Tutor, the computer players' bid
advisor (:mod:`engine.bots.advisor`); this module turns its count into an
accepted range and a sentence for the student.

* :func:`count_tricks` — the advisor's count of a hand from the cards and
  the trump alone (Spades: :func:`~engine.bots.advisor.advise_spades`
  without the Nil choice; Oh Hell: :func:`~engine.bots.advisor.advise_oh_hell`
  with no earlier bids): aces, guarded kings, high and long trumps, and
  voids or short suits a spare trump can ruff (SP-14, SP-16, OH-10).  Which
  count a game uses is its strategy's (:func:`engine.bots.strategies.strategy_for`
  of the game's spec, ``count_hand``).
* :func:`estimate_bid` — with ``estimator="count"`` the rounded count; with
  ``"advisor"``/``"auto"`` and the seat's view, the advisor's suggestion for
  that seat (partner's bid, earlier bids, the hook, OH-V4).

The accepted range is the suggestion ±1, inside 0 … hand size.  The
explanation is a :class:`~tutor.exercises.words.Sentence`; the advisor's own
lines ("an ace", …) are put in it as the advisor gives them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from engine import Card, SeatView, Suit
from engine.bots.advisor import Advice, advise_bid
from engine.bots.strategies import strategy_for
from engine.registry import OH_HELL, SPADES, game_names, spec_named
from engine.spec import GameSpec
from tutor.text import M_

from .words import Words, say

__all__ = ["BidEstimate", "count_tricks", "estimate_bid", "TEXT"]

#: What the explanations say.
TEXT = {
    # TRANSLATORS: one item of a hand's count of tricks: {what} is the advisor's reason ("an ace"), {worth} the
    # tricks it counts ("+1", "½", "-0.3").
    "item": M_("ex6.item", "{what} ({worth})"),
    # TRANSLATORS: stands for a count that found no trick.
    "no_tricks": M_("ex6.no_tricks", "no likely tricks"),
    # TRANSLATORS: stands for the reasons of a Nil suggestion when the advisor gives none.
    "weak_hand": M_("ex6.weak_hand", "a weak hand"),
    # TRANSLATORS: the bid advisor's estimate (after "Good estimate: "): {items} its reasons, {total} the tricks
    # counted ("3.5"), {center} the bid.
    "advisor": M_("ex6.advisor", "the bid advisor counts {items}: {total} tricks in all, so about {center}"),
    # TRANSLATORS: the advisor would bid Nil (SP-8) (after "Good estimate: "): {items} why, {center} the tricks the
    # hand would otherwise bid.
    "advisor_nil": M_("ex6.advisor_nil", "the bid advisor would bid Nil with this weak hand ({items}); as a number of "
                                         "tricks it counts about {center}"),
    # TRANSLATORS: the simple count of a hand (after "Good estimate: "): {items} its items, {total} the tricks
    # counted, {center} the bid.
    "count": M_("ex6.count", "count: {items}: {total} tricks in all, so about {center}"),
}


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
    explanation: Words


def _fmt(x: float) -> str:
    """A trick value for the student: ``1``, ``0.8``, ``½``, ``-0.3``."""
    if float(x).is_integer():
        return str(int(x))
    if abs(x - round(x * 2) / 2) < 1e-9 and abs(x) < 1:
        return ("-" if x < 0 else "") + "½"
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _items(lines: Sequence[tuple[Any, float]]) -> list[Words]:
    items: list[Words] = [say(TEXT["item"], what=t, worth=f"{'+' if v > 0 else ''}{_fmt(v)}") for t, v in lines]
    return items or [TEXT["no_tricks"]]


def _spec_of(hand: Sequence[Card], trump: Suit | None, game: str | None) -> GameSpec:
    """The game ``hand`` is counted for: game ``game``'s spec, or without one
    Spades for 13 cards with spades trump (SP-2), else Oh Hell.  ValueError
    for a game the bid advisor does not count."""
    if game is None:
        return SPADES if trump == Suit.SPADES and len(hand) == 13 else OH_HELL
    known = game_names()
    if game in known:
        spec = spec_named(game)
        try:
            strategy_for(spec)
            return spec
        except ValueError:
            pass
    # a bug in code, in English: the questions pass a game's spec name, never a teacher's or a student's text
    raise ValueError(f"game must be {' or '.join(repr(n) for n in known)}, not {game!r}")


def _count(spec: GameSpec, hand: Sequence[Card], trump: Suit | None, players: int) -> Advice:
    """The advisor's count of ``hand`` in the game of ``spec`` (its strategy's
    :meth:`~engine.bots.strategy.GameStrategy.count_hand`)."""
    return strategy_for(spec).count_hand(hand, trump, players)


def count_tricks(hand: Sequence[Card], trump: Suit | None, players: int = 4,
                 game: str | None = None) -> tuple[float, list[tuple[str, float]]]:
    """The bid advisor's count of ``hand``: ``(total, [(reason, tricks), …])``;
    the tricks add up to ``total`` (a float).

    ``trump``: the trump suit (spades in Spades, SP-2; the turned-up suit in
    Oh Hell, OH-7; None: no trump); ``players``: Oh Hell's table size (3–7);
    ``game``: ``"spades"`` or ``"oh_hell"`` (None: Spades for 13 cards with
    spades trump, else Oh Hell).  Raises ValueError for an unknown game.
    """
    adv = _count(_spec_of(hand, trump, game), hand, trump, players)
    parts = [(t, v) for t, v in adv.lines if v]
    return sum(v for _, v in parts), parts


def _advisor_estimate(view: SeatView, hand_size: int) -> tuple[int, int, int, Words] | None:
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
    text: Words
    if nil:
        reasons: list[Words] = [t for t, _ in advice.lines[1:]] or [TEXT["weak_hand"]]
        text = say(TEXT["advisor_nil"], items=reasons, center=center)
    else:
        text = say(TEXT["advisor"], items=_items([(t, v) for t, v in advice.lines if v]),
                   total=_fmt(round(advice.total, 1)), center=center)
    return center, max(0, center - 1), min(hand_size, center + 1), text


def estimate_bid(hand: Sequence[Card], trump: Suit | None, hand_size: int, estimator: str = "auto",
                 view: SeatView | None = None) -> BidEstimate:
    """The accepted bid range for ``hand`` (see module docstring).

    ``estimator``: "count" (the advisor's count of the cards alone), "advisor"
    or "auto" (the advisor's suggestion for the seat, when ``view`` — the
    seat's SeatView — is given; else the count).  Raises ValueError for an
    unknown estimator.
    """
    if estimator not in ("auto", "advisor", "count"):  # a bug in code (normalise_settings checks a teacher's): English
        raise ValueError(f"estimator must be auto, advisor or count, not {estimator!r}")
    players = view.n_seats if view is not None else 4
    spec = _spec_of(hand, trump, view.game if view is not None else None)
    total, parts = count_tricks(hand, trump, players, spec.name)
    if estimator in ("auto", "advisor") and view is not None:
        adv = _advisor_estimate(view, hand_size)
        if adv is not None:
            center, low, high, text = adv
            return BidEstimate(center, low, high, tuple(parts), "advisor", text)
    center = min(hand_size, _count(spec, hand, trump, players).bid or 0)
    low, high = max(0, center - 1), min(hand_size, center + 1)
    expl = say(TEXT["count"], items=_items(parts), total=_fmt(round(total, 1)), center=center)
    return BidEstimate(center, low, high, tuple(parts), "count", expl)
