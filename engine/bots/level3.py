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

Bids come from the bid advisor (as level 2); the Blind Nil exchange as level 2.
"""
from __future__ import annotations

import math
import random
import time
from functools import lru_cache

from ..actions import Action, Bid, Phase, Play
from ..cards import cards_of
from ..game import SeatView
from ..ohhell import score_oh_hell_seat
from ..spades import score_spades_side
from . import LEVELS
from .advisor import advise_bid, show_me
from .level2 import ClubPlayer, choose_bid, choose_card
from .sampling import (SamplingError, bid_numbers, club_policy, play_out, sample_hands,
                       state_from_view)

__all__ = ["ExpertPlayer", "evaluate_cards"]

GAME_BONUS = 200  # points of utility for a hand that wins the game (SP-22)
#: For :func:`future_bag_cost`: points the leading side gains in an average hand, and bags a side
#: collects in an average hand (the level-4 and level-3 sides in benchmark games to 500 took 1.35 and 0.5).
HAND_POINTS = 50
BAG_RATE = 1.0


def _spades_bid_objs(view: SeatView) -> list[Bid]:
    out = []
    for s, b in enumerate(view.bids):
        if b == "blind_nil":
            out.append(Bid(s, 0, True))
        elif b == "nil" or b is None:
            out.append(Bid(s, 0))
        else:
            out.append(Bid(s, int(b)))
    return out


def game_bonus(mine: int, theirs: int, target: int) -> int:
    """Utility for the end of a Spades game after a hand (SP-22): +GAME_BONUS
    if the side's total ``mine`` wins (a side reached ``target`` and ``mine``
    is the higher total), -GAME_BONUS if the opponents' ``theirs`` wins, 0 if
    the game goes on (nobody at the target, or equal totals)."""
    if (mine >= target or theirs >= target) and mine != theirs:
        return GAME_BONUS if mine > theirs else -GAME_BONUS
    return 0


@lru_cache(maxsize=4096)
def _penalties_to_come(bags: int, lam10: int, limit: int) -> float:
    """Expected number of bag penalties when ``bags`` (0 <= bags < limit)
    grow by a Poisson number of bags with mean ``lam10 / 10``."""
    lam = lam10 / 10.0
    if lam <= 0:
        return 0.0
    p = math.exp(-lam)
    total = acc = 0.0
    y = 0
    while acc < 1.0 - 1e-9 and y < 400:
        total += p * ((bags + y) // limit)
        acc += p
        y += 1
        p *= lam / y
    return total


def future_bag_cost(bags: int, mine: int, theirs: int, rules) -> float:
    """The bag penalty a Spades side can expect still to pay after this hand
    (points, >= 0; SP-20, SP-H4): the side holds ``bags`` bags after the
    hand (below ``rules.bag_limit``), the totals after the hand are ``mine``
    and ``theirs``.  The game is expected to last ``(target - leader's
    total) / HAND_POINTS`` more hands, in which the side collects a Poisson
    number of bags, :data:`BAG_RATE` a hand; each time the count reaches the
    limit costs ``rules.bag_penalty``.  0 when the hand ends the game
    (:func:`game_bonus` not 0).  So a bag costs about ``bag_penalty /
    bag_limit`` points early in a long game, more when the count is near
    the limit, and little when the game is about to end."""
    target = getattr(rules, "target_score", 500)
    if game_bonus(mine, theirs, target):
        return 0.0
    hands_left = max(0, target - max(mine, theirs)) / HAND_POINTS
    lam10 = int(round(10 * BAG_RATE * hands_left))
    return rules.bag_penalty * _penalties_to_come(bags % rules.bag_limit, lam10, rules.bag_limit)


def _scorer(view: SeatView, future_bags: bool = False):
    """A function ``won -> utility`` for this seat at the end of the hand.
    Spades: the side's hand points minus the opponents', plus
    :func:`game_bonus`; with ``future_bags`` (level 4) each side's
    :func:`future_bag_cost` is counted too, but only for a side that has
    already made its contract (the tricks won so far by its seats that bid
    a number at least the sum of their bids, SP-7; a failed Nil's tricks do
    not count, SP-19, unless SP-H7).  Before that, ducking a trick to save a later
    bag risks the set (SP-18), and sampled double-dummy play, which sees
    every card, underrates that risk: counted from the first trick, the
    cost made level 4 duck its way into sets and let the opponents make
    theirs (the first hand of a game to 500, 60 duplicate deals against
    level 3: 24 ± 21 points worse, the bags' cost to come included)."""
    me = view.seat
    if view.spec.partnerships:  # partnership points minus the opponents' (SP-17 … SP-20)
        bids = _spades_bid_objs(view)
        bags = view.bags or (0, 0)
        side = me % 2
        target = getattr(view.rules, "target_score", 500)
        scores = view.scores
        tw = view.tricks_won
        helps = getattr(view.rules, "failed_nil_tricks_help", False)  # SP-H7
        made = [sum(tw[s] for s in (sd, sd + 2) if bids[s].value or helps)
                >= sum(b.value for b in (bids[sd], bids[sd + 2])) for sd in (0, 1)]

        def value(won):
            pts, after = [], []
            for sd in (0, 1):
                _, p, b = score_spades_side(sd, [bids[sd], bids[sd + 2]], [won[sd], won[sd + 2]], bags[sd], view.rules)
                pts.append(p)
                after.append(b)
            mine, theirs = scores[side] + pts[side], scores[1 - side] + pts[1 - side]
            v = pts[side] - pts[1 - side] + game_bonus(mine, theirs, target)
            if future_bags:
                if made[1 - side]:
                    v += future_bag_cost(after[1 - side], theirs, mine, view.rules)
                if made[side]:
                    v -= future_bag_cost(after[side], mine, theirs, view.rules)
            return v
        return value
    nums, _ = bid_numbers(view)
    bid = nums[me] or 0
    size = view.hand_size
    rules = view.rules

    def value(won):
        return score_oh_hell_seat(me, bid, won[me], size, rules).points
    return value


def _bid_weight_fn(view: SeatView):
    """Spades: a function ``hands -> weight`` saying how well a sampled deal
    fits the bids already made (a seat that bid 4 rarely holds a one-trick
    hand; a Nil bidder rarely holds high spades).  None when nothing to use."""
    if not view.spec.partnerships:
        return None
    me = view.seat
    played: list[int] = [0] * 4
    for t in list(view.tricks) + ([view.current_trick] if view.current_trick else []):
        for s, c in zip(t.seats, t.cards):
            played[s] |= c.bit
    # cards that changed hands in an exchange make the bid-time hand unknowable: skip those seats
    skip = set(view.exchange_seats)
    seats = [s for s in range(4) if s != me and s not in skip and view.bids[s] is not None]
    if not seats:
        return None
    from .advisor import _nil_danger, spades_estimate

    def weight(hands) -> float:
        w = 1.0
        for s in seats:
            full = cards_of(hands[s] | played[s])
            b = view.bids[s]
            if b in ("nil", 0):
                d, _ = _nil_danger(full)
                w *= math.exp(-max(0.0, d - 0.9))
            elif b == "blind_nil":
                continue
            else:
                e = max(1.0, spades_estimate(full))
                w *= math.exp(-((e - int(b)) ** 2) / 4.5)  # sigma 1.5 tricks
        return w
    return weight


def evaluate_cards(view: SeatView, rng: random.Random, budget_ms: float = 250.0,
                   max_samples: int = 200, min_samples: int = 4) -> dict:
    """Average utility of each legal card of ``view`` over sampled deals:
    ``{card: (mean utility, samples)}``.  In Spades each deal is weighted by
    how well it fits the bids (see :func:`_bid_weight_fn`).  Stops after
    ``max_samples`` deals or when ``budget_ms`` is used up (but after at
    least ``min_samples``)."""
    per = _per_sample_values(view, rng, budget_ms, max_samples, min_samples)
    cards, rows = per
    wsum = sum(w for w, _ in rows)
    out = {}
    for i, c in enumerate(cards):
        out[c] = ((sum(w * vals[i] for w, vals in rows) / wsum) if wsum else 0.0, len(rows))
    return out


def _per_sample_values(view: SeatView, rng: random.Random, budget_ms: float, max_samples: int,
                       min_samples: int):
    """(cards, [(weight, [utility per card])]) over sampled deals."""
    t_end = time.perf_counter() + budget_ms / 1000.0
    me = view.seat
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    value = _scorer(view)
    weight = _bid_weight_fn(view)
    rows = []
    for k in range(max_samples):
        if k >= min_samples and time.perf_counter() > t_end:
            break
        try:
            hands = sample_hands(view, rng)
        except SamplingError:
            break
        w = weight(hands) if weight else 1.0
        base = state_from_view(view, hands)
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
    ``bid_budget_ms``/``bid_samples``: the Oh Hell bid search (see
    :meth:`_oh_hell_bid`).
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
        self.last_reason = ""

    def _bid(self, view: SeatView) -> tuple[Action, str]:
        action, why = choose_bid(view)
        if not view.spec.nil_bids and isinstance(action, Bid):  # exact-bid games (OH-11)
            action, why = self._oh_hell_bid(view, action, why)
        return action, why

    def _card(self, view: SeatView) -> tuple[Action, str]:
        return self._choose_card(view)

    def _oh_hell_bid(self, view: SeatView, club: Bid, club_why: str) -> tuple[Action, str]:
        """Oh Hell: for every legal bid, the chance of taking exactly that many
        tricks when playing for it (sampled deals, :func:`~engine.bots.advisor.show_me`),
        times what making it scores (OH-11, OH-V8); never below the sure
        tricks (so never lower because of the hook, OH-V4)."""
        advice = advise_bid(view)
        sm = show_me(view, samples=self.bid_samples, seed=self.rng.getrandbits(32), budget_ms=self.bid_budget_ms)
        if not sm.exact:
            return club, club_why
        legal = {a.value: a for a in view.legal if isinstance(a, Bid)}
        size = view.hand_size

        def worth(b: int) -> float:
            made = score_oh_hell_seat(view.seat, b, b, size, view.rules).points
            return sm.exact.get(b, 0.0) * made

        cands = [b for b in legal if b >= advice.sure] or list(legal)
        best = max(cands, key=lambda b: (round(worth(b), 6), b == club.value))
        if best == club.value:
            return club, club_why + f" (makes it {sm.exact.get(best, 0):.0%} of {sm.samples} sampled deals)"
        return legal[best], (f"bid {best}: made exactly in {sm.exact[best]:.0%} of sampled deals, "
                             f"worth {worth(best):.1f} points on average (the count says {club.value})")

    def _choose_card(self, view: SeatView) -> tuple[Action, str]:
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(plays) == 1:
            return plays[0], f"{plays[0].card.display}: the only legal card"
        if view.spec.nil_bids and not view.spec.partnerships:  # two-player Spades (SP-2P-4)
            from .two_player import expert_card_two
            return expert_card_two(view, self.rng, self.budget_ms, self.max_samples, self.threshold)
        club_action, club_why = choose_card(view)
        cards, rows = _per_sample_values(view, self.rng, self.budget_ms, self.max_samples, 4)
        n = len(rows)
        wsum = sum(w for w, _ in rows)
        if n < 2 or wsum <= 0:
            return club_action, club_why
        ci = cards.index(club_action.card)
        # paired comparison with the club card on the same deals: leave the
        # explainable club play only for a clearly better card
        best, best_t, best_mean = ci, 0.0, None
        for i in range(len(cards)):
            if i == ci:
                continue
            diffs = [(w, vals[i] - vals[ci]) for w, vals in rows]
            mean = sum(w * d for w, d in diffs) / wsum
            var = sum(w * (d - mean) ** 2 for w, d in diffs) / wsum
            se = math.sqrt(var / n) if var > 0 else 0.0
            t = mean / se if se > 0 else (float("inf") if mean > 0 else 0.0)
            if mean > 0 and t > self.threshold and (best_mean is None or mean > best_mean):
                best, best_t, best_mean = i, t, mean
        if best == ci:
            return club_action, f"{club_why} (confirmed over {n} sampled deals)"
        card = cards[best]
        return Play(view.seat, card), (f"{card.display}: scores {best_mean:+.1f} points better than "
                                       f"{club_action.card.display} on average over {n} sampled deals")


LEVELS[3] = ExpertPlayer
