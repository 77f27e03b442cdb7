"""Level 2 "club" computer player: explainable heuristics.

Bidding uses the bid advisor (:mod:`engine.bots.advisor`): count likely
tricks (top cards, guarded honours, spade length, voids and singletons with
spades to trump), Nil with a weak hand (SP-8), Blind Nil only far behind late
in the game (SP-10); in Oh Hell the estimated tricks with trump, never below
the sure tricks because of the hook (OH-V4).  Card play uses
:func:`engine.bots.sampling.club_card`: win tricks cheaply, second hand low,
duck with the highest losing card when Nil, cover high for a Nil partner,
play low against an opponent's Nil, avoid bags once the contract is made
(SP-17, SP-20), and in Oh Hell take tricks only while short of the bid
(OH-11).  After each choice ``last_reason`` says why: a
:class:`~engine.message.Said` (a ``str`` in the current language whose
``msg`` says it in any other; the entries are in :mod:`engine.text.advice`).
What differs by game is the game's strategy's (:mod:`engine.bots.strategies`).
"""
from __future__ import annotations

from ..actions import Action, Phase
from ..game import SeatView
from ..message import Said
from .kit import NO_WORDS, Advice
from .strategies import strategy_for

__all__ = ["ClubPlayer", "choose_bid", "choose_exchange", "choose_card"]



def choose_bid(view: SeatView, advice: Advice | None = None) -> tuple[Action, Said]:
    """The club bid for ``view`` (in its bidding turn) and why.  May return
    :class:`~engine.actions.Look` for an unlooked Spades hand that does not
    go Blind Nil (looking is always allowed, SP-10).  ``advice``: the
    advisor's advice to follow (default ``advise_bid(view)``).  See
    :meth:`engine.bots.strategy.GameStrategy.club_bid`."""
    return strategy_for(view).club_bid(view, advice)


def choose_exchange(view: SeatView) -> tuple[Action, Said]:
    """The cards to pass in a Blind Nil exchange (SP-10; three, or SP-H3's
    number): the Blind Nil (or Nil) seat gets rid of its most dangerous
    cards (high spades, aces, kings); its partner sends back its lowest
    side-suit cards."""
    return strategy_for(view).choose_exchange(view)


def choose_card(view: SeatView) -> tuple[Action, Said]:
    """The club card for ``view`` (in its turn to play) and why."""
    return strategy_for(view).club_card(view)


class ClubPlayer:
    """Level 2 "club": explainable heuristics (see the module docstring).
    ``choose(view)`` returns one of ``view.legal`` (or Look before a Spades
    bid); ``last_reason`` explains the last choice."""

    level = 2
    name = "club"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.last_reason: Said = NO_WORDS

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action now")  # a programming error: no view without one
        if view.phase is Phase.BIDDING:
            action, why = self._bid(view)
        elif view.phase is Phase.DRAW:  # two-player Spades (SP-2P-2)
            action, why = strategy_for(view).choose_draw(view, self.level)
        elif view.phase is Phase.EXCHANGE:
            action, why = choose_exchange(view)
        else:
            action, why = self._card(view)
        self.last_reason = why
        return action

    def _bid(self, view: SeatView) -> tuple[Action, Said]:
        """The bid (or Look) and why; level 3 refines it."""
        return choose_bid(view)

    def _card(self, view: SeatView) -> tuple[Action, Said]:
        """The card to play and why; level 3 searches instead."""
        return choose_card(view)
