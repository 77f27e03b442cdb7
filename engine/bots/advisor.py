"""The bid advisor: a suggested bid with lines a learner can follow, and a
"show me" distribution of the tricks a hand takes over sampled deals.

>>> from engine.cards import parse_cards
>>> a = advise_spades(parse_cards("AS KS 4S 3S AH 7H 2H KD 9D 3D 8C 5C 2C"))
>>> a.bid, round(sum(v for _, v in a.lines))
(5, 5)

* :func:`advise_bid` (a :class:`~engine.game.SeatView`) and the context
  versions :func:`advise_spades` / :func:`advise_oh_hell` return an
  :class:`Advice`: ``bid`` (a number of tricks; 0 is Nil in Spades, SP-8),
  ``lines`` — ``(text, value)`` pairs whose values add up, rounded, to the
  bid — and the ``sure`` tricks the hand holds.
* :func:`show_me` plays sampled deals out with the level-2 policy and
  returns a :class:`ShowMe`: how often this hand took 0, 1, 2 … tricks, the
  Nil / Blind Nil risk (Spades SP-8, SP-10) and, in Oh Hell, the chance of
  taking exactly each bid when playing for it (OH-11).

This module is the one bid estimator of Trick Tutor: the computer players,
the bidding drill (``tutor.drills.count_likely_tricks``) and exercise 6
(``tutor.exercises.bidcount``) all count tricks with it.  What each game
counts is its strategy's (:mod:`engine.bots.strategies`): the Spades count
is :mod:`engine.bots.spades` (four seats, :mod:`engine.bots.spades_four`;
two, :mod:`engine.bots.two_player`), the Oh Hell count
:mod:`engine.bots.oh_hell`.  It is pure Python (no plotting); the tutor
draws the chart.
"""
from __future__ import annotations

from ..game import SeatView
from .kit import Advice
from .oh_hell import advise_oh_hell
from .showme import ShowMe, show_me_with
from .spades import advise_spades, spades_estimate
from .spades_four import blind_nil_advisable
from .strategies import strategy_for

__all__ = ["Advice", "ShowMe", "advise_bid", "advise_spades", "advise_oh_hell", "show_me",
           "blind_nil_advisable", "spades_estimate"]


def advise_bid(view: SeatView, *, double_dummy: int = 0, seed: int | None = 0) -> Advice:
    """Advice for the seat of ``view`` (in its bidding turn, or any time
    during bidding).  Spades uses the partner's bid if already made; Oh Hell
    uses the hand size, trump, earlier bids and the legal bids (hook,
    OH-V4).  An unlooked Spades hand gets Blind Nil advice (SP-10) or
    ``bid=None`` ("look first").  ``double_dummy``: if above 0, four-seat
    Spades bids follow the double-dummy check over that many sampled deals
    (``seed``), when DDS is available (:mod:`engine.bots.advisor_dd`)."""
    strategy = strategy_for(view)
    advice = strategy.advise(view)
    if double_dummy:
        return strategy.double_dummy_advice(view, advice, double_dummy, seed)
    return advice


def show_me(view: SeatView, samples: int = 100, seed: int | None = 0, budget_ms: float = 900.0) -> ShowMe:
    """Distribution of the tricks this seat's hand takes over ``samples``
    deals of the unseen cards (:func:`~engine.bots.sampling.sample_hands`)
    played out by the level-2 policy, within about ``budget_ms``.  See
    :class:`ShowMe` and :func:`engine.bots.showme.show_me_with`."""
    return show_me_with(strategy_for(view), view, samples, seed, budget_ms)
