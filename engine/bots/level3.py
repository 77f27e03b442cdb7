"""Level 3 "expert" computer player: sampling and playouts.

For each card decision the expert deals the unseen cards many times
consistently with everything public (:func:`engine.bots.sampling.sample_hands`:
cards played, its own hand, suits each seat has shown void in, the cards it
passed in a Blind Nil exchange), plays every legal card in every sampled deal
and finishes the hand with the level-2 policy (:func:`engine.bots.sampling.club_card`),
then picks the card with the best average hand score — the real score:
Spades partnership points minus the opponents' (SP-7 … SP-20, bags and bag
penalty included, plus a bonus when the hand wins the game, SP-22); Oh Hell
its own points (OH-11, OH-V7, OH-V8).  The same deals are used for every
card (a fair comparison), within ``budget_ms`` per decision.

Bids come from the bid advisor (as level 2), refined by the game's strategy
(:meth:`~engine.bots.strategy.GameStrategy.expert_bid`: Oh Hell searches its
bid over sampled deals); the Blind Nil exchange as level 2.  How deals are
sampled, played out, weighted and scored is the game's strategy's
(:mod:`engine.bots.strategies`).
"""
from __future__ import annotations

import math
import random
import time

from ..actions import Action, Play
from ..cards import Card
from ..game import SeatView
from ..message import Said
from .kit import BAG_RATE, GAME_BONUS, HAND_POINTS, NO_WORDS, Scorer, future_bag_cost, game_bonus, say
from .level2 import ClubPlayer, choose_bid, choose_card
from .sampling import SamplingError, club_policy, play_out
from .strategies import strategy_for

__all__ = ["ExpertPlayer", "evaluate_cards", "game_bonus", "future_bag_cost", "GAME_BONUS", "HAND_POINTS",
           "BAG_RATE"]

#: Per sampled deal: (its weight, the utility of each card).
Rows = list[tuple[float, list[float]]]


def _scorer(view: SeatView, future_bags: bool = False) -> Scorer:
    """A function ``won -> utility`` for this seat at the end of the hand:
    the game's strategy's :meth:`~engine.bots.strategy.GameStrategy.scorer`
    (Spades: the side's hand points minus the opponents', plus
    :func:`~engine.bots.kit.game_bonus`, with ``future_bags`` the bag
    penalty still to come; Oh Hell: the seat's own points)."""
    return strategy_for(view).scorer(view, future_bags)


def evaluate_cards(view: SeatView, rng: random.Random, budget_ms: float = 250.0,
                   max_samples: int = 200, min_samples: int = 4) -> dict[Card, tuple[float, int]]:
    """Average utility of each legal card of ``view`` over sampled deals:
    ``{card: (mean utility, samples)}``.  In four-seat Spades each deal is
    weighted by how well it fits the bids (see :func:`engine.bots.spades.bid_weight`).
    Stops after ``max_samples`` deals or when ``budget_ms`` is used up (but
    after at least ``min_samples``)."""
    cards, rows = _per_sample_values(view, rng, budget_ms, max_samples, min_samples)
    wsum = sum(w for w, _ in rows)
    out = {}
    for i, c in enumerate(cards):
        out[c] = ((sum(w * vals[i] for w, vals in rows) / wsum) if wsum else 0.0, len(rows))
    return out


def _per_sample_values(view: SeatView, rng: random.Random, budget_ms: float, max_samples: int,
                       min_samples: int) -> tuple[list[Card], Rows]:
    """(cards, [(weight, [utility per card])]) over sampled deals."""
    t_end = time.perf_counter() + budget_ms / 1000.0
    me = view.seat
    strategy = strategy_for(view)
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    value = strategy.scorer(view)
    weight = strategy.bid_weight(view)
    rows: Rows = []
    for k in range(max_samples):
        if k >= min_samples and time.perf_counter() > t_end:
            break
        try:
            hands = strategy.sample(view, rng)
        except SamplingError:
            break
        w = weight(hands) if weight else 1.0
        base = strategy.state(view, hands)
        vals = []
        for c in cards:
            st = base.copy()
            st.apply(me, c.index)
            vals.append(value(play_out(st, club_policy, rng)))
        rows.append((w, vals))
    return cards, rows


class ExpertPlayer(ClubPlayer):
    """Level 3 "expert": evaluates each legal card by playing sampled deals
    out (see the module docstring).  ``budget_ms``: time per card decision
    (default 250 ms); ``max_samples``: deals per decision at most;
    ``threshold``: how sure (a paired t statistic over the deals) it must be
    that another card beats the club card before playing it;
    ``bid_budget_ms``/``bid_samples``: the bid search of games that have
    one (Oh Hell, :meth:`engine.bots.oh_hell.OhHell.expert_bid`).
    ``last_reason`` explains the last choice."""

    level = 3
    name = "expert"

    def __init__(self, seed: int | None = None, budget_ms: float = 250.0, max_samples: int = 200,
                 threshold: float = 1.0, bid_budget_ms: float = 700.0, bid_samples: int = 240):
        self.rng = random.Random(seed)
        self.bid_budget_ms = bid_budget_ms
        self.bid_samples = bid_samples
        self.threshold = threshold
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.last_reason = NO_WORDS

    def _bid(self, view: SeatView) -> tuple[Action, Said]:
        action, why = choose_bid(view)
        return strategy_for(view).expert_bid(view, action, why, self.rng, self.bid_samples, self.bid_budget_ms)

    def _card(self, view: SeatView) -> tuple[Action, Said]:
        return self._choose_card(view)

    def _choose_card(self, view: SeatView) -> tuple[Action, Said]:
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(plays) == 1:
            return plays[0], say("player.only_card", card=plays[0].card.code)
        club_action, club_why = choose_card(view)
        assert isinstance(club_action, Play)
        cards, rows = _per_sample_values(view, self.rng, self.budget_ms, self.max_samples, 4)
        n = len(rows)
        wsum = sum(w for w, _ in rows)
        if n < 2 or wsum <= 0:
            return club_action, club_why
        ci = cards.index(club_action.card)
        # paired comparison with the club card on the same deals: leave the
        # explainable club play only for a clearly better card
        best, best_mean = ci, 0.0
        found = False
        for i in range(len(cards)):
            if i == ci:
                continue
            diffs = [(w, vals[i] - vals[ci]) for w, vals in rows]
            mean = sum(w * d for w, d in diffs) / wsum
            var = sum(w * (d - mean) ** 2 for w, d in diffs) / wsum
            se = math.sqrt(var / n) if var > 0 else 0.0
            t = mean / se if se > 0 else (float("inf") if mean > 0 else 0.0)
            if mean > 0 and t > self.threshold and (not found or mean > best_mean):
                best, best_mean, found = i, mean, True
        if best == ci:
            return club_action, say("player.expert.confirmed", why=club_why.msg, deals=n)
        card = cards[best]
        return Play(view.seat, card), say("player.expert.better", card=card.code, mean=best_mean,
                                          club_card=club_action.card.code, deals=n)
