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
(OH-11).  After each choice ``last_reason`` says why, in plain English.
"""
from __future__ import annotations

from ..actions import Action, Bid, Look, Pass, Phase, Play
from ..cards import DECK, Suit, mask_of
from ..game import SeatView
from . import LEVELS
from .advisor import Advice, advise_bid, blind_nil_advisable
from .sampling import club_card, state_from_view

__all__ = ["ClubPlayer", "choose_bid", "choose_exchange", "choose_card"]


def choose_bid(view: SeatView) -> tuple[Action, str]:
    """The club bid for ``view`` (in its bidding turn) and why.  May return
    :class:`~engine.actions.Look` for an unlooked Spades hand that does not
    go Blind Nil (looking is always allowed, SP-10)."""
    seat = view.seat
    if view.hand is None:  # not looked yet: only where Blind Nil exists (SP-10)
        if blind_nil_advisable(view):
            return Bid(seat, 0, True), "far behind late in the game: Blind Nil (SP-10)"
        return Look(seat), "look at the cards before bidding"
    advice: Advice = advise_bid(view)
    bid = advice.bid
    why = "; ".join(t for t, _ in advice.lines)
    if view.spec.nil_bids and bid and not advice.nil and view.spec.partnerships:
        side = seat % 2
        partner_bid = view.bids[(seat + 2) % 4]
        target = getattr(view.rules, "target_score", 500)
        if isinstance(partner_bid, int) and bid > 1 and \
                view.scores[side] + 10 * (partner_bid + bid - 1) >= target and view.scores[side] < target:
            bid -= 1  # making a slightly smaller contract already wins the game (SP-22)
            why += f"; one less: {partner_bid + bid} tricks already win the game"
    legal = [a for a in view.legal if isinstance(a, Bid) and not a.blind]
    if bid and view.spec.nil_bids:  # never slide into a Nil (e.g. under SP-H6's minimum)
        legal = [a for a in legal if a.value] or legal
    pick = next((a for a in legal if a.value == bid), None)
    if pick is None:
        pick = min(legal, key=lambda a: (abs(a.value - bid), -a.value))
        if bid and pick.value > bid and getattr(view.rules, "min_contract", 0):
            why += f"; {pick.value}: the partners' bids must add up to {view.rules.min_contract} (SP-H6)"
    return pick, why


def choose_exchange(view: SeatView) -> tuple[Action, str]:
    """The cards to pass in a Blind Nil exchange (SP-10; three, or SP-H3's number): the Blind Nil
    (or Nil) seat gets rid of its most dangerous cards (high spades, aces,
    kings); its partner sends back its lowest side-suit cards."""
    seat = view.seat
    hand = list(view.hand or ())
    ducking = view.bids[seat] in ("blind_nil", "nil")
    k = getattr(view.rules, "blind_nil_pass", 3)
    if ducking:
        key = lambda c: (c.suit == Suit.SPADES, c.rank)  # noqa: E731
        cards = sorted(hand, key=key, reverse=True)[:k]
        why = "pass the highest cards away from the Blind Nil hand"
    else:
        key = lambda c: (c.suit == Suit.SPADES, c.rank)  # noqa: E731
        cards = sorted(hand, key=key)[:k]
        why = "pass low cards to the Blind Nil partner, so it can play under"
    action = Pass(seat, tuple(sorted(cards)))
    if action not in view.legal:  # the engine's list is the authority
        action = next(a for a in view.legal if isinstance(a, Pass))
        why = "pass three cards"
    return action, why


def choose_card(view: SeatView) -> tuple[Action, str]:
    """The club card for ``view`` (in its turn to play) and why."""
    seat = view.seat
    if view.spec.nil_bids and not view.spec.partnerships:  # two-player Spades (SP-2P-4)
        from .two_player import club_card_two
        return club_card_two(view)
    legal_cards = [a.card for a in view.legal if isinstance(a, Play)]
    hands = [0] * view.n_seats
    hands[seat] = mask_of(view.hand)
    st = state_from_view(view, hands)
    idx, reason = club_card(st, seat, mask_of(legal_cards))
    card = DECK[idx]
    action = Play(seat, card)
    if action not in view.legal:  # cannot happen: club_card picks from the legal mask
        action = Play(seat, legal_cards[0])
    return action, f"{card.display}: {reason}"


class ClubPlayer:
    """Level 2 "club": explainable heuristics (see the module docstring).
    ``choose(view)`` returns one of ``view.legal`` (or Look before a Spades
    bid); ``last_reason`` explains the last choice."""

    level = 2
    name = "club"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.last_reason = ""

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action now")
        if view.phase is Phase.BIDDING:
            action, why = self._bid(view)
        elif view.phase is Phase.DRAW:  # two-player Spades (SP-2P-2)
            from .two_player import choose_draw
            action, why = choose_draw(view, self.level)
        elif view.phase is Phase.EXCHANGE:
            action, why = choose_exchange(view)
        else:
            action, why = self._card(view)
        self.last_reason = why
        return action

    def _bid(self, view: SeatView) -> tuple[Action, str]:
        """The bid (or Look) and why; level 3 refines it."""
        return choose_bid(view)

    def _card(self, view: SeatView) -> tuple[Action, str]:
        """The card to play and why; level 3 searches instead."""
        return choose_card(view)


LEVELS[2] = ClubPlayer
