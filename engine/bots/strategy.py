"""What the computer players, the bid advisor, the play-outs and the review do
differently in each game: one :class:`GameStrategy` per game.

A strategy is chosen from the game's spec through the one registry,
:func:`engine.bots.strategies.strategy_for`; nothing in the bots, the advisor
or the review asks which game it is playing.  The strategies of the games are
:class:`~engine.bots.spades_four.FourSeatSpades`,
:class:`~engine.bots.two_player.TwoSeatSpades` and
:class:`~engine.bots.oh_hell.OhHell`.

Each strategy gives the pieces that differ (how a hand is played out and
sampled, its scorer, its bid count, the level-1 … level-4 bids and the
exchange or draw) and, where the work itself lives above the registry (the
level-4 searches, the hand review), says which of that work's kinds it is:
:meth:`GameStrategy.double_dummy_card` calls a :class:`DoubleDummySearch`
method, :meth:`GameStrategy.review` a :class:`HandReviewer` method
(double dispatch: the game says what it is, the search and the review say
how it is done).
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Callable, Protocol, Sequence, TypeVar

from ..actions import Action, Bid, Look, Play
from ..cards import DECK, Card, Suit, mask_of
from ..game import SeatView
from ..message import Msg, Said, msg_of
from ..solver import Position
from .kit import Advice, Scorer, say
from .sampling import Deal, PlayState, PlayTerms, club_choice, sample_hands, state_from_view

__all__ = ["GameStrategy", "DoubleDummySearch", "OwnSeatGoal", "HandReviewer", "ShowMePlan", "BidWeight"]

#: ``hands -> weight``: how well a sampled deal fits the bids made (see :meth:`GameStrategy.bid_weight`).
BidWeight = Callable[[Deal], float]

J = TypeVar("J", contravariant=True)
R = TypeVar("R", covariant=True)
T = TypeVar("T")

class OwnSeatGoal(Protocol):
    """What one seat plays for when level 4 solves a sampled deal for that
    seat alone (Oh Hell's exact bid, two-seat Spades' contract)."""

    def values(self, view: SeatView, pos: Position, cards: list[int], bid: int, need: int) -> list[float]:
        """The value of each card index of ``cards`` in the open deal ``pos``
        (the seat to play is ``view.seat``; ``need``: ``bid`` minus tricks won)."""
        ...

    def hopeless(self, best: float) -> bool:
        """Whether a best average value of ``best`` means the goal cannot be reached."""
        ...

    def reason(self, card: Card, bid: int, best: float, deals: int) -> Said:
        """Why ``card`` was played."""
        ...


class DoubleDummySearch(Protocol):
    """Level 4's card searches (:class:`~engine.bots.level4.DoubleDummyPlayer`):
    the game's strategy chooses one (:meth:`GameStrategy.double_dummy_card`)."""

    def partnership_card(self, view: SeatView, plays: list[Play]) -> tuple[Action, Said]:
        """A partnership's tricks over sampled deals solved double dummy."""
        ...

    def own_seat_card(self, view: SeatView, plays: list[Play], goal: OwnSeatGoal) -> tuple[Action, Said]:
        """One seat's ``goal`` over sampled deals solved exactly."""
        ...


class HandReviewer(Protocol[J, R]):
    """The kinds of hand review (:mod:`engine.review`); the game's strategy
    chooses one (:meth:`GameStrategy.review`)."""

    def partnership_tricks(self, job: J) -> R:
        """Tricks of a partnership: exact, DDS above the exact limit, Nil estimated before it."""
        ...

    def own_tricks(self, job: J) -> R:
        """Tricks of one seat against one opponent: the exact solver only."""
        ...

    def exact_bid(self, job: J) -> R:
        """Most tricks and "can this seat still take exactly its bid" of one seat against all others."""
        ...


class ShowMePlan(Protocol):
    """Which bids ``show_me`` plays each sampled deal for, and what it reports
    (:mod:`engine.bots.showme`)."""

    def plays(self, view: SeatView, own_bid: int, blind: bool) -> list[tuple[int, bool]]:
        """``(bid, plays for Nil)`` pairs, the main one first."""
        ...

    def summary(self, view: SeatView, results: dict[tuple[int, bool], list[int]], plays: list[tuple[int, bool]],
                own_bid: int) -> tuple[list[int], float | None, dict[int, float]]:
        """``(tricks per deal of the main play, Nil risk, exact-bid chances)``."""
        ...


class GameStrategy(ABC):
    """One game's computer-player strategy (see the module docstring).

    Every method sees a :class:`~engine.game.SeatView` of this game only.
    Defaults are the common case; a game overrides what it does differently.
    """

    # ------------------------------------------------------------------ play-outs
    @abstractmethod
    def terms(self, view: SeatView) -> PlayTerms:
        """How a hand of this game is played out on bitmasks."""

    def sample(self, view: SeatView, rng: random.Random, *, include_own: bool = False) -> Deal:
        """One deal of the cards ``view.seat`` cannot see, consistent with the
        public facts (:func:`~engine.bots.sampling.sample_hands`)."""
        return sample_hands(view, rng, include_own=include_own)

    def state(self, view: SeatView, hands: Sequence[int], bids: Sequence[int | None] | None = None,
              nil: Sequence[bool] | None = None) -> PlayState:
        """The play-out state of ``view`` with ``hands`` (:func:`~engine.bots.sampling.state_from_view`)."""
        return state_from_view(view, hands, bids, nil, terms=self.terms(view))

    @abstractmethod
    def position(self, view: SeatView, hands: list[int]) -> Position:
        """The solver's position of ``view`` with the cards still held ``hands``."""

    @abstractmethod
    def scorer(self, view: SeatView, future_bags: bool = False) -> Scorer:
        """``won -> utility`` of this seat at the end of the hand (tricks won
        per seat at its end): what level 3's play-outs and level 4's solved
        deals are valued by; ``future_bags`` (level 4) adds the bag penalty
        still to come where the game has bags."""

    def bid_weight(self, view: SeatView) -> BidWeight | None:
        """How well a sampled deal fits the bids made, or None (all deals equal)."""
        return None

    # ------------------------------------------------------------------ the advisor
    @abstractmethod
    def advise(self, view: SeatView) -> Advice:
        """The bid advisor's advice for the seat of ``view`` (:func:`engine.bots.advisor.advise_bid`)."""

    @abstractmethod
    def count_hand(self, hand: Sequence[Card], trump: Suit | None, players: int) -> Advice:
        """The bid advisor's count of ``hand`` from its cards and ``trump`` alone
        (no earlier bids, no Nil), at a table of ``players``: the exercises'
        simple count of a hand (``tutor.exercises.bidcount``)."""

    @abstractmethod
    def estimate_bid(self, view: SeatView, hand: Sequence[Card]) -> int | None:
        """The bid another seat holding ``hand`` is taken to make in ``show_me``'s play-outs."""

    @abstractmethod
    def show_me_plan(self) -> ShowMePlan:
        """What ``show_me`` plays and reports in this game."""

    def double_dummy_advice(self, view: SeatView, advice: Advice, samples: int, seed: int | None) -> Advice:
        """``advice`` after the double-dummy check, where the game has one (else unchanged)."""
        return advice

    # ------------------------------------------------------------------ the players
    @abstractmethod
    def beginner_bids(self, view: SeatView, rng: random.Random, bids: list[Bid]) -> list[Bid]:
        """The bids level 1 draws from (``bids``: the legal bids, no Blind Nil)."""

    def unlooked_bid(self, view: SeatView) -> tuple[Action, Said]:
        """Level 2's action before looking at the cards: look."""
        return Look(view.seat), say("player.look_first")

    def adjust_club_bid(self, view: SeatView, advice: Advice, bid: int) -> tuple[int, Msg | None]:
        """Level 2's change to the advised ``bid`` and the reason for it, added
        to the advice's (none by default)."""
        return bid, None

    def numeric_bids(self, legal: list[Bid]) -> list[Bid]:
        """The legal bids a numeric bid may slide to."""
        return legal

    def raised_bid_note(self, view: SeatView, pick: Bid) -> Msg | None:
        """Why a bid above the advised one was taken (None by default)."""
        return None

    def club_bid(self, view: SeatView, advice: Advice | None = None) -> tuple[Action, Said]:
        """Level 2's bid (or Look) and why: the advice, adjusted by the game,
        as the nearest legal bid (:func:`engine.bots.level2.choose_bid`).
        Why: the advice's lines and the game's notes, as one message
        (``player.reasons``: each reason joined by ``; ``)."""
        if view.hand is None:
            return self.unlooked_bid(view)
        if advice is None:
            advice = self.advise(view)
        bid = advice.bid
        assert bid is not None, "a looked hand gets a bid"
        reasons = [msg_of(t) for t, _ in advice.lines]
        bid, note = self.adjust_club_bid(view, advice, bid)
        if note is not None:
            reasons.append(note)
        legal = [a for a in view.legal if isinstance(a, Bid) and not a.blind]
        if bid:
            legal = self.numeric_bids(legal)
        pick = next((a for a in legal if a.value == bid), None)
        if pick is None:
            pick = min(legal, key=lambda a: (abs(a.value - bid), -a.value))
            if bid and pick.value > bid:
                raised = self.raised_bid_note(view, pick)
                if raised is not None:
                    reasons.append(raised)
        return pick, say("player.reasons", reasons=reasons)

    def club_card(self, view: SeatView) -> tuple[Action, Said]:
        """Level 2's card and why (:func:`~engine.bots.sampling.club_card` on
        :meth:`state`)."""
        seat = view.seat
        legal_cards = [a.card for a in view.legal if isinstance(a, Play)]
        hands = [0] * view.n_seats
        hands[seat] = mask_of(view.hand or ())
        st = self.state(view, hands)
        idx, code = club_choice(st, seat, mask_of(legal_cards))
        card = DECK[idx]
        action = Play(seat, card)
        if action not in view.legal:  # cannot happen: club_choice picks from the legal mask
            action = Play(seat, legal_cards[0])
        return action, say("player.card_reason", card=card.code, reason=Msg(f"club.{code}"))

    def choose_draw(self, view: SeatView, level: int) -> tuple[Action, Said]:
        """The draw (keep or discard the top card) and why, where the game has one
        (ValueError, a programming error, for a game without a draw)."""
        raise ValueError("there is no draw in this game")

    def choose_exchange(self, view: SeatView) -> tuple[Action, Said]:
        """The cards to pass in an exchange and why, where the game has one
        (ValueError, a programming error, for a game without an exchange)."""
        raise ValueError("there is no exchange in this game")

    def expert_bid(self, view: SeatView, club: Action, why: Said, rng: random.Random, samples: int,
                   budget_ms: float) -> tuple[Action, Said]:
        """Level 3's change to level 2's bid ``club`` (none by default)."""
        return club, why

    def double_dummy_bid(self, view: SeatView, rng: random.Random, samples: int) -> tuple[Action, Said] | None:
        """Level 4's bid from sampled deals solved double dummy, or None (bid as level 3)."""
        return None

    @abstractmethod
    def double_dummy_card(self, search: DoubleDummySearch, view: SeatView, plays: list[Play]) -> tuple[Action, Said]:
        """Level 4's card: one of ``search``'s searches."""

    # ------------------------------------------------------------------ the review
    @abstractmethod
    def review(self, reviewer: HandReviewer[T, R], job: T) -> R:
        """The hand review of this game: one of ``reviewer``'s kinds."""
