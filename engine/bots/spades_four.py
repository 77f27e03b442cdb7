"""The computer players' strategy for four-seat Spades (SP-1 … SP-22,
partnerships North–South and East–West): :class:`FourSeatSpades`.

What only four-seat Spades does: partners share a contract and protect each
other's Nil (SP-1, SP-8), a hand's value is the partnership's points minus
the opponents' (SP-17 … SP-20, SP-22), deals are weighted by how well they
fit the bids, Blind Nil far behind late in the game and its exchange (SP-10,
SP-H3), a bid one less when a smaller contract already wins the game, and
the double-dummy check of bids (:mod:`engine.bots.advisor_dd`).
"""
from __future__ import annotations

import random
from typing import Sequence

from ..games.spades import score_spades_side
from ..actions import Action, Bid, Pass, Play
from ..cards import Card, Suit
from ..game import SeatView
from ..message import Msg, Said
from .advisor_dd import dd_check, scoring_bid, with_dd_check
from .kit import Advice, Scorer, future_bag_cost, game_bonus, say
from .sampling import PlayTerms
from .spades import (SpadesStrategy, advise_spades, bid_objects, bid_weight, spades_estimate,
                     spades_rules)
from .strategy import BidWeight, DoubleDummySearch, HandReviewer, R, T

__all__ = ["FourSeatSpades", "FOUR_SEAT_SPADES", "blind_nil_advisable"]

_PLAY = PlayTerms(partners=True, lead_restricted=True, must_trump=False)


def blind_nil_advisable(view: SeatView) -> bool:
    """Whether a club player bids Blind Nil (SP-10) before looking: only far
    behind late in the game, and never when the partner already bid Nil."""
    if view.looked or not any(isinstance(a, Bid) and a.blind for a in view.legal):
        return False
    side = view.seat % 2
    mine, theirs = view.scores[side], view.scores[1 - side]
    target = spades_rules(view).target_score
    partner_bid = view.bids[(view.seat + 2) % 4]
    if partner_bid in ("nil", "blind_nil", 0):
        return False
    return theirs >= 0.6 * target and theirs - mine >= max(150, 0.3 * target)


class FourSeatSpades(SpadesStrategy):
    """Four-seat Spades (see the module docstring)."""

    def terms(self, view: SeatView) -> PlayTerms:
        return _PLAY

    def scorer(self, view: SeatView, future_bags: bool = False) -> Scorer:
        """The partnership's hand points minus the opponents' (SP-17 … SP-20),
        plus :func:`~engine.bots.kit.game_bonus`; with ``future_bags``
        (level 4) each side's :func:`~engine.bots.kit.future_bag_cost` is
        counted too, but only for a side that has already made its contract
        (the tricks won so far by its seats that bid a number at least the
        sum of their bids, SP-7; a failed Nil's tricks do not count, SP-19,
        unless SP-H7).  Before that, ducking a trick to save a later bag
        risks the set (SP-18), and sampled double-dummy play, which sees
        every card, underrates that risk: counted from the first trick, the
        cost made level 4 duck its way into sets and let the opponents make
        theirs (the first hand of a game to 500, 60 duplicate deals against
        level 3: 24 ± 21 points worse, the bags' cost to come included)."""
        me = view.seat
        rules = spades_rules(view)
        bids = bid_objects(view)
        bags = view.bags or (0, 0)
        side = me % 2
        target = rules.target_score
        scores = view.scores
        tw = view.tricks_won
        helps = rules.failed_nil_tricks_help  # SP-H7
        made = [sum(tw[s] for s in (sd, sd + 2) if bids[s].value or helps)
                >= sum(b.value for b in (bids[sd], bids[sd + 2])) for sd in (0, 1)]

        def value(won: Sequence[int]) -> float:
            pts, after = [], []
            for sd in (0, 1):
                _, p, b = score_spades_side(sd, [bids[sd], bids[sd + 2]], [won[sd], won[sd + 2]], bags[sd], rules)
                pts.append(p)
                after.append(b)
            mine, theirs = scores[side] + pts[side], scores[1 - side] + pts[1 - side]
            v: float = pts[side] - pts[1 - side] + game_bonus(mine, theirs, target)
            if future_bags:
                if made[1 - side]:
                    v += future_bag_cost(after[1 - side], theirs, mine, rules)
                if made[side]:
                    v -= future_bag_cost(after[side], mine, theirs, rules)
            return v
        return value

    def bid_weight(self, view: SeatView) -> BidWeight | None:
        return bid_weight(view)

    # ------------------------------------------------------------------ the advisor
    def unlooked_advice(self, view: SeatView) -> Advice:
        if blind_nil_advisable(view):
            worth = 2 * spades_rules(view).nil_value  # Blind Nil is double Nil (SP-10, SP-H1)
            return Advice(0, ((say("advice.spades.blind_nil", worth=worth), 0.0),), nil=True, blind_nil=True)
        return super().unlooked_advice(view)

    def looked_advice(self, view: SeatView, hand: tuple[Card, ...]) -> Advice:
        partner = view.spec.partner_of(view.seat, view.n_seats)
        return advise_spades(hand, view.bids[partner] if partner is not None else None,
                             nil_value=spades_rules(view).nil_value)

    def estimate_bid(self, view: SeatView, hand: Sequence[Card]) -> int:
        return max(1, round(spades_estimate(hand)))

    def double_dummy_advice(self, view: SeatView, advice: Advice, samples: int, seed: int | None) -> Advice:
        return with_dd_check(view, advice, samples, seed)

    # ------------------------------------------------------------------ the players
    def beginner_bids(self, view: SeatView, rng: random.Random, bids: list[Bid]) -> list[Bid]:
        pool = [a for a in bids if 1 <= a.value <= 4]  # a number 1–4, now and then a Nil (SP-8)
        if rng.random() < 0.05:
            pool = [a for a in bids if a.value == 0]
        return pool

    def unlooked_bid(self, view: SeatView) -> tuple[Action, Said]:
        if blind_nil_advisable(view):
            return Bid(view.seat, 0, True), say("player.spades.blind_nil")
        return super().unlooked_bid(view)

    def adjust_club_bid(self, view: SeatView, advice: Advice, bid: int) -> tuple[int, Msg | None]:
        if bid and not advice.nil:
            seat = view.seat
            side = seat % 2
            partner_bid = view.bids[(seat + 2) % 4]
            target = spades_rules(view).target_score
            if isinstance(partner_bid, int) and bid > 1 and \
                    view.scores[side] + 10 * (partner_bid + bid - 1) >= target and view.scores[side] < target:
                bid -= 1  # making a slightly smaller contract already wins the game (SP-22)
                return bid, Msg("player.spades.one_less", {"total": partner_bid + bid})
        return bid, None

    def choose_exchange(self, view: SeatView) -> tuple[Action, Said]:
        """The cards to pass in a Blind Nil exchange (SP-10; three, or SP-H3's
        number): the Blind Nil (or Nil) seat gets rid of its most dangerous
        cards (high spades, aces, kings); its partner sends back its lowest
        side-suit cards."""
        seat = view.seat
        hand = list(view.hand or ())
        ducking = view.bids[seat] in ("blind_nil", "nil")
        k = spades_rules(view).blind_nil_pass

        def key(c: Card) -> tuple[bool, int]:
            return c.suit == Suit.SPADES, c.rank

        if ducking:
            cards = sorted(hand, key=key, reverse=True)[:k]
            why = say("player.spades.exchange.ducking")
        else:
            cards = sorted(hand, key=key)[:k]
            why = say("player.spades.exchange.partner")
        action: Action = Pass(seat, tuple(sorted(cards)))
        if action not in view.legal:  # the engine's list is the authority
            action = next(a for a in view.legal if isinstance(a, Pass))
            why = say("player.spades.exchange.engine")
        return action, why

    def double_dummy_bid(self, view: SeatView, rng: random.Random, samples: int) -> tuple[Action, Said] | None:
        """Numeric bids score the double-dummy check's deals
        (:func:`~engine.bots.advisor_dd.scoring_bid`); Nil and Blind Nil as
        the advisor says."""
        if view.hand is None or samples <= 0:
            return None
        advice = self.advise(view)
        if advice.bid is None or advice.nil or advice.blind_nil:
            return self.club_bid(view, advice)
        chk = dd_check(view, samples, rng.getrandbits(32))
        best, worth = scoring_bid(view, chk)
        if best is None:
            return self.club_bid(view, advice)
        text = say("player.spades.dd_bid", samples=chk.samples, mean=chk.mean, low=chk.low, high=chk.high, bid=best,
                   worth=worth[best])
        return self.club_bid(view, Advice(best, tuple(advice.lines) + ((text, round(best - advice.total, 2)),),
                                          sure=advice.sure))

    def double_dummy_card(self, search: DoubleDummySearch, view: SeatView, plays: list[Play]) -> tuple[Action, Said]:
        return search.partnership_card(view, plays)

    # ------------------------------------------------------------------ the review
    def review(self, reviewer: HandReviewer[T, R], job: T) -> R:
        return reviewer.partnership_tricks(job)


#: The four-seat Spades strategy.
FOUR_SEAT_SPADES = FourSeatSpades()
