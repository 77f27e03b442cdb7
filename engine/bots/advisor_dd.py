"""The bid advisor's double-dummy check (four-seat Spades, SP-6…SP-8).

Over deals of the unseen cards consistent with the bidder's view
(:func:`engine.bots.sampling.sample_hands`: its own hand, and the Blind Nil
exchange cards it knows; deals kept in proportion to how well they fit the
bids already made, with the level-3 player's weight, by
:func:`engine.bots.sampling.weighted_deals`), every deal is solved double dummy
by DDS (:func:`engine.solver_dds.dds_best_tricks`, through the optional
``endplay`` package) from the opening lead (the seat left of the dealer
leads, SP-12; its lead obeys SP-13): how many tricks the bidder's
partnership takes when all four hands are open and everyone plays their best.

* :func:`dd_check` returns a :class:`DDCheck`: the distribution of those
  tricks, its (weighted) mean, what this hand is worth by that measure and
  the bid it suggests for this seat.  The hand's *worth* is the side's
  double-dummy tricks minus the advisor's count for the partner's sampled
  hand, averaged over the same deals (paired, so most of the partner's
  variation cancels; the weighting by bids makes a partner who bid 4 hold
  four-trick hands).  The suggested bid is halfway (:data:`DD_WEIGHT`)
  between the advisor's count and that worth: a fixed number of deals
  leaves noise, and halfway did best in a trial over 60 seeded hands
  played at level 4 (weights 0.25, 0.5, 0.75 and 1 tried);
  ``benchmarks/level4.py`` measures the result.  Its
  ``bid`` is None where the check does not apply: a Nil on the side (the
  side would not play for the most tricks, SP-8), an unlooked hand, or no
  DDS.
* :func:`scoring_bid` chooses, over the same deals, the bid whose hand
  scores best on average against the opponents (SP-17 made, SP-18 set,
  bags and their penalty, SP-19/SP-H4), winning or losing the game counted
  (SP-22): the level-4 player bids so (bidding the most likely trick count
  risks a set as often as it makes).
* :func:`with_dd_check` turns an :class:`~engine.bots.advisor.Advice` into
  one that follows the check's suggested bid, with a line a learner can
  read.  :func:`engine.bots.advisor.advise_bid` calls it when asked
  (``double_dummy=``) and DDS is available: the learner is told the
  expected count, while level 4 bids to score.

``benchmarks/level4.py`` reports the advisor's mean |bid − tricks| with and
without the check when all four seats play at level 4, and the same for
bids made as if the bidders saw all 52 cards: each side bidding the real
deal's double-dummy tricks.  On its 80 hands (160 sides) the check brings the
side's bid from 1.18 to 0.82 tricks of the real deal's double-dummy count,
but level-4 play ends 0.9–1.0 tricks from that count, so the bids land
0.99 tricks from the tricks taken, the 52-card bidder 0.97.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..actions import Bid
from ..cards import cards_of
from ..game import SeatView
from .. import solver_dds as _dds
from ..sim import BLIND_NIL, spades_side_points
from ..solver import spades_position
from ..message import Said, msg_of
from .kit import Advice, future_bag_cost, game_bonus, say
from .sampling import SamplingError, weighted_deals
from .spades import advise_spades, bid_objects, bid_weight, spades_estimate, spades_rules

__all__ = ["DDCheck", "dd_check", "scoring_bid", "with_dd_check", "DEFAULT_SAMPLES"]

#: Deals solved per check by default (about 20–40 ms each with DDS at the first trick).
DEFAULT_SAMPLES = 24
#: How far the suggested bid moves from the advisor's count towards the double-dummy worth (0..1).
DD_WEIGHT = 0.5


@dataclass(frozen=True)
class DDCheck:
    """Tricks the bidder's partnership takes with best play, every hand open.

    ``samples``: deals drawn; ``counts[k]``: deals in which the side takes
    exactly ``k`` of the 13 tricks (14 entries; a deal drawn twice counts
    twice); ``chance[k]``: the weighted share of deals; ``mean``: the
    weighted mean (tricks); ``low``/``high``:
    the 10th and 90th weighted percentiles; ``partner``: the weighted mean
    of the advisor's count for the partner's sampled hands (tricks);
    ``worth``: ``mean - partner`` (this hand's share, tricks); ``count``:
    the advisor's count for this hand; ``bid``: the suggested bid for this
    seat (None: the check does not apply, see ``reason``); ``millis``: time
    taken; ``rows``: per distinct deal ``(times drawn, side's tricks,
    advisor's count for the partner's hand, opponents' bids)``, the opponents' bids in seat order
    (the bid made, 0 for Nil, -1 for Blind Nil; before an opponent bids, the
    advisor's count for its sampled hand rounded, at least 1).
    """

    samples: int
    counts: tuple[int, ...]
    chance: tuple[float, ...]
    mean: float
    low: int
    high: int
    partner: float | None
    worth: float | None
    count: float | None
    bid: int | None
    reason: str = ""
    millis: float = 0.0
    rows: tuple[tuple[float, int, float, tuple[int, int]], ...] = ()


def _empty(reason: Said, t0: float) -> DDCheck:
    return DDCheck(0, (0,) * 14, (0.0,) * 14, 0.0, 0, 0, None, None, None, None, reason,
                   (time.perf_counter() - t0) * 1000)


def dd_check(view: SeatView, samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
             budget_ms: float | None = None) -> DDCheck:
    """The double-dummy check for the Spades bidder of ``view`` (four seats,
    hand looked at, bidding phase or later): ``samples`` deals of the unseen
    cards (fewer if ``budget_ms`` runs out; at least one), each solved by DDS.
    See :class:`DDCheck`.  Never raises for a missing DDS: ``bid`` is None
    and ``reason`` says why.  ValueError for a game that is not four-seat
    Spades."""
    t0 = time.perf_counter()
    me = view.seat
    partner = view.spec.partner_of(me, view.n_seats)  # the side's tricks count together (SP-1)
    if partner is None:
        raise ValueError("the double-dummy bid check is for four-seat Spades")  # a programming error
    if view.hand is None:
        return _empty(say("advice.dd.look_first"), t0)
    pb = view.bids[partner]
    if view.bids[me] in ("nil", "blind_nil") or pb in ("nil", "blind_nil"):
        return _empty(say("advice.dd.nil_side"), t0)
    if not _dds.available():
        return _empty(Said(msg_of(_dds.UNAVAILABLE_REASON)), t0)
    rng = random.Random(seed)
    weight = bid_weight(view)
    side = frozenset({me, partner})
    leader = (view.dealer + 1) % 4  # SP-12
    opponents = (1, 3) if me % 2 == 0 else (0, 2)  # in seat order
    codes = [BLIND_NIL if b.blind else b.value for b in bid_objects(view)]  # side_points' bid numbers
    deadline = None if budget_ms is None else t0 + budget_ms / 1000.0
    rows: list[tuple[float, int, float, tuple[int, int]]] = []
    try:  # deals drawn in proportion to how well they fit the bids made (resampled)
        deals = weighted_deals(view, rng, max(1, samples), weight)
    except SamplingError:
        deals = []
    for k, (w, hands) in enumerate(deals):
        if k and deadline is not None and time.perf_counter() > deadline:
            break
        pos = spades_position(hands, leader)
        tricks = _dds.dds_best_tricks(pos, side)
        pest = spades_estimate(cards_of(hands[partner]))
        oa, ob = (codes[o] if view.bids[o] is not None
                  else max(1, int(spades_estimate(cards_of(hands[o])) + 0.5)) for o in opponents)
        rows.append((w, tricks, pest, (oa, ob)))
    wsum = sum(r[0] for r in rows)
    if not rows or wsum <= 0:
        return _empty(say("advice.dd.no_deal"), t0)
    counts = [0] * 14
    chance = [0.0] * 14
    for drawn, t, *_ in rows:
        counts[t] += int(drawn)
        chance[t] += drawn / wsum
    mean = sum(r[0] * r[1] for r in rows) / wsum
    p_mean = sum(r[0] * r[2] for r in rows) / wsum
    acc, low, high = 0.0, None, 13
    for t in range(14):
        acc += chance[t]
        if low is None and acc >= 0.1 - 1e-12:
            low = t
        if acc >= 0.9 - 1e-12:
            high = t
            break
    worth = mean - p_mean
    count = advise_spades(view.hand, pb, allow_nil=False, nil_value=spades_rules(view).nil_value).total
    bid = int(count + DD_WEIGHT * (worth - count) + 0.5)
    cap = 13 - (int(pb) if pb is not None else 0)
    bid = max(1, min(cap, bid))
    return DDCheck(sum(counts), tuple(counts), tuple(chance), mean, low or 0, high, p_mean, worth, count,
                   bid, "", (time.perf_counter() - t0) * 1000, tuple(rows))


def scoring_bid(view: SeatView, check: DDCheck, bids: list[int] | None = None) -> tuple[int | None, dict[int, float]]:
    """The bid (1..13 tricks) for the seat of ``view`` whose hand scores best
    on average over the deals of ``check`` (a :func:`dd_check` of this view),
    and the average per bid considered (points).

    In each deal the side takes the double-dummy number of tricks and the
    opponents the rest.  The side's contract is this bid plus the partner's
    bid (SP-7) or, before the partner bids, the advisor's count for the
    partner's sampled hand (at least 1); the opponents' bids are those of
    ``check.rows`` (an opponent's Nil counted as made).  Both sides are
    scored by the engine's scorer, :func:`engine.games.spades.side_points`,
    with their bags: made contracts, sets, bags and a bag penalty reached in
    this hand (SP-17…SP-20, house rules).  The value of a deal is the side's
    points minus the opponents', as level 4 values its cards
    (:meth:`engine.bots.spades_four.FourSeatSpades.scorer`), plus :func:`~engine.bots.kit.game_bonus`
    (SP-22: ±200 when the hand wins or loses the game), minus the side's
    :func:`~engine.bots.kit.future_bag_cost` and plus the opponents' (the
    bag penalty still to come: SP-20, SP-H4).  ``bids``: the bids to
    consider (default the legal non-Nil bids of ``view``).  Returns
    ``(None, {})`` when the check does not apply (``check.bid`` None).

    So near the end of a game the bid reaches for the target (a contract that
    wins the game is worth a set risk) or stays safe (a lead that a set
    would lose), where in an early hand it is the contract that scores best.
    """
    checked = check.bid
    if checked is None or not check.rows:
        return None, {}
    if bids is None:
        bids = sorted({a.value for a in view.legal if isinstance(a, Bid) and not a.blind and a.value > 0})
    me = view.seat
    side = me % 2
    pb = view.bids[(me + 2) % 4]
    rules = spades_rules(view)
    bags = tuple(view.bags or (0, 0))
    scores = tuple(view.scores)
    target = rules.target_score
    wsum = sum(r[0] for r in check.rows)
    other = int(pb) if isinstance(pb, int) else None
    deals = []  # (weight, side's tricks, partner's bid or count, opponents' points and bags): the same for every bid
    for w, t, pest, (oa, ob) in check.rows:
        won_a = 13 - t if oa > 0 or ob <= 0 else 0  # their tricks go to a seat that did not bid Nil (its Nil made)
        theirs, their_bags = spades_side_points(oa, ob, won_a, 13 - t - won_a, bags[1 - side], rules)
        deals.append((w, t, other if other is not None else max(1, int(pest + 0.5)), theirs, their_bags))
    worth: dict[int, float] = {}
    for b in bids:
        tot = 0.0
        for w, t, partner, theirs, their_bags in deals:
            mine, my_bags = spades_side_points(b, partner, t, 0, bags[side], rules)
            m_tot, t_tot = scores[side] + mine, scores[1 - side] + theirs
            tot += w * (mine - theirs + game_bonus(m_tot, t_tot, target)
                        - future_bag_cost(my_bags, m_tot, t_tot, rules) + future_bag_cost(their_bags, t_tot, m_tot, rules))
        worth[b] = tot / wsum
    if not worth:
        return None, {}
    best = max(worth, key=lambda b: (round(worth[b], 6), -abs(b - checked)))
    return best, worth


def with_dd_check(view: SeatView, advice: Advice, samples: int = DEFAULT_SAMPLES, seed: int | None = 0) -> Advice:
    """``advice`` (an :class:`~engine.bots.advisor.Advice` for ``view``)
    following the double-dummy check: the same lines plus one saying what
    the check found, valued so that the lines add up to the checked bid.
    Unchanged when the check does not apply (a Nil suggested or on the side,
    no DDS, an unlooked hand)."""
    if view.spec.partner_of(view.seat, view.n_seats) is None or advice.bid is None or advice.nil \
            or advice.blind_nil:
        return advice
    chk = dd_check(view, samples, seed)
    if chk.bid is None:
        return advice
    total = sum(v for _, v in advice.lines)
    text = say("advice.dd.line", samples=chk.samples, mean=chk.mean, low=chk.low, high=chk.high, partner=chk.partner,
               worth=chk.worth, count=chk.count, bid=chk.bid)
    return Advice(chk.bid, tuple(advice.lines) + ((text, round(chk.bid - total, 2)),), sure=advice.sure)
