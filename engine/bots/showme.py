""""Show me": the tricks a hand takes over sampled deals played out by the
level-2 policy, for any game through its strategy.

:func:`show_me_with` does the work for a :class:`~engine.bots.strategy.GameStrategy`
(:func:`engine.bots.advisor.show_me` picks the game's strategy and calls it);
:data:`NIL_RISK` and :data:`EXACT_BIDS` are the two plans a game chooses
between (:meth:`~engine.bots.strategy.GameStrategy.show_me_plan`): Spades
plays each deal for the bid and for Nil (SP-8, SP-10), Oh Hell for every
legal bid (OH-11).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..actions import Bid
from ..cards import cards_of
from ..game import SeatView
from .sampling import SamplingError, bid_numbers, club_policy, play_out
from .strategy import GameStrategy

__all__ = ["ShowMe", "show_me_with", "NIL_RISK", "EXACT_BIDS"]


@dataclass(frozen=True)
class ShowMe:
    """What happened to this hand over ``samples`` sampled deals played out
    by the level-2 policy.

    ``counts[k]``: deals in which the hand took exactly ``k`` tricks while
    playing for ``bid`` (the suggested bid, or the seat's actual bid once
    made); ``chance[k] = counts[k] / samples``.  ``nil_risk``: the chance
    that the hand takes at least one trick when it plays for Nil (Spades
    SP-8; for an unlooked hand, Blind Nil SP-10, with the hand itself
    sampled) or bids 0 (Oh Hell).  ``exact``: Oh Hell only, ``exact[b]`` is
    the chance of taking exactly ``b`` tricks when bidding and playing for
    ``b`` (OH-11), for every legal ``b``.  ``millis``: time taken.

    A chart: a bar per ``k`` (x = tricks, y = ``chance[k]``), the bar at
    ``bid`` highlighted; for Oh Hell a second series ``exact``.
    """

    bid: int
    samples: int
    counts: tuple[int, ...]
    chance: tuple[float, ...]
    mean: float
    nil_risk: float | None
    blind: bool = False
    exact: dict[int, float] = field(default_factory=dict)
    millis: float = 0.0


class _NilRisk:
    """Spades: each deal played for the bid and, unless that is already Nil, for Nil (SP-8, SP-10)."""

    def plays(self, view: SeatView, own_bid: int, blind: bool) -> list[tuple[int, bool]]:
        nil_first = blind or own_bid == 0
        return [(own_bid, nil_first)] + ([] if nil_first else [(0, True)])

    def summary(self, view: SeatView, results: dict[tuple[int, bool], list[int]], plays: list[tuple[int, bool]],
                own_bid: int) -> tuple[list[int], float | None, dict[int, float]]:
        nil_runs = results[plays[-1]]
        return results[plays[0]], sum(1 for k in nil_runs if k > 0) / max(1, len(nil_runs)), {}


class _ExactBids:
    """Oh Hell: each deal played for every legal bid (OH-11), the seat's own bid first if not legal."""

    def plays(self, view: SeatView, own_bid: int, blind: bool) -> list[tuple[int, bool]]:
        legal_bids = self._legal(view, own_bid)
        plays = [(b, False) for b in legal_bids]
        if own_bid not in legal_bids:
            plays.insert(0, (own_bid, False))
        return plays

    @staticmethod
    def _legal(view: SeatView, own_bid: int) -> list[int]:
        return sorted({a.value for a in view.legal if isinstance(a, Bid) and not a.blind}) or [own_bid]

    def summary(self, view: SeatView, results: dict[tuple[int, bool], list[int]], plays: list[tuple[int, bool]],
                own_bid: int) -> tuple[list[int], float | None, dict[int, float]]:
        exact: dict[int, float] = {}
        for b in self._legal(view, own_bid):
            res = results[(b, False)]
            exact[b] = sum(1 for k in res if k == b) / max(1, len(res))
        return results[(own_bid, False)], (1 - exact[0] if 0 in exact else None), exact


#: The Spades plan: the bid and Nil.
NIL_RISK = _NilRisk()
#: The Oh Hell plan: every legal bid.
EXACT_BIDS = _ExactBids()


def show_me_with(strategy: GameStrategy, view: SeatView, samples: int = 100, seed: int | None = 0,
                 budget_ms: float = 900.0) -> ShowMe:
    """Distribution of the tricks this seat's hand takes over ``samples``
    deals of the unseen cards (the strategy's
    :meth:`~engine.bots.strategy.GameStrategy.sample`) played out by the
    level-2 policy, within about ``budget_ms``.  The other seats' unknown
    bids are the strategy's :meth:`~engine.bots.strategy.GameStrategy.estimate_bid`.
    See :class:`ShowMe`."""
    t0 = time.perf_counter()
    rng = random.Random(seed)
    me = view.seat
    blind = view.hand is None  # an unlooked hand: Blind Nil (SP-10)
    advice = strategy.advise(view)
    nums, _ = bid_numbers(view)
    own = nums[me]
    own_bid = own if own is not None else (advice.bid if advice.bid is not None else 0)
    size = view.hand_size
    deadline = t0 + budget_ms / 1000.0
    plan = strategy.show_me_plan()
    # every sampled deal is played once per bid of interest (the same deals for every bid: a fair comparison)
    plays = plan.plays(view, own_bid, blind)
    results: dict[tuple[int, bool], list[int]] = {p: [] for p in plays}
    done = 0
    while done < samples and (done == 0 or time.perf_counter() < deadline):
        try:
            hands = strategy.sample(view, rng, include_own=blind)
        except SamplingError:
            break
        bids, nil = _others_bids(strategy, view, hands, own_bid)
        for b, nil_flag in plays:
            bb = list(bids)
            bb[me] = b
            nn = list(nil)
            nn[me] = nil_flag
            st = strategy.state(view, hands, bb, nn)
            results[(b, nil_flag)].append(play_out(st, club_policy, rng)[me])
        done += 1
    main, nil_risk, exact = plan.summary(view, results, plays, own_bid)
    counts = [0] * (size + 1)
    for k in main:
        counts[k] += 1
    m = max(1, len(main))
    return ShowMe(bid=own_bid, samples=len(main), counts=tuple(counts),
                  chance=tuple(c / m for c in counts), mean=sum(main) / m, nil_risk=nil_risk, blind=blind,
                  exact=exact, millis=(time.perf_counter() - t0) * 1000)


def _others_bids(strategy: GameStrategy, view: SeatView, hands: list[int],
                 own_bid: int) -> tuple[list[int | None], list[bool]]:
    """Bids for a playout: the visible ones, the strategy's estimate for the
    others, ``own_bid`` for this seat."""
    nums, nil = bid_numbers(view)
    for s in range(view.n_seats):
        if s == view.seat:
            nums[s] = own_bid
            continue
        if nums[s] is None:
            nums[s] = strategy.estimate_bid(view, cards_of(hands[s]))
    return nums, nil
