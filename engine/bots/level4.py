"""Level 4 "double dummy" computer player: sampled deals solved double dummy.

For each card decision the player deals the cards it cannot see many times,
consistently with everything public (:func:`engine.bots.sampling.sample_hands`:
its own hand, the cards played, the suits each seat has shown void in, the
cards it passed in a Blind Nil exchange, SP-10), keeps deals in proportion
to how well they fit the bids made (the weight level 3 gives each deal;
:func:`engine.bots.sampling.weighted_deals` resamples 8 candidates per deal
kept, so each solved deal counts fully), solves every deal *double dummy*
(all hands open, every seat playing its best) and plays the card with the best
average.  Bots receive views only; the sampled deals stand in for
the hidden hands.

Four-seat Spades (SP-1, partnerships N–S and E–W):

* Each legal card's value is the number of tricks the partnership takes from
  here on with best play.  Only the engine's legal cards are offered at the
  root (SP-13 no spade lead before spades are broken, SP-14 follow suit).
  With at most :data:`EXACT_TRICKS` tricks left (one more while spades are
  unbroken, where SP-13 can change the answer) the exact solver
  :func:`engine.solver.card_values` is used, which enforces SP-13…SP-16 in
  every line; earlier DDS (:func:`engine.solver_dds.dds_card_values`, through
  the optional ``endplay`` package) answers, whose lines after the root card
  may include a spade lead SP-13 forbids (``benchmarks/solver.py`` measures
  how often that matters).
* The average is taken over the real hand score, not raw tricks: the final
  tricks (tricks won so far plus the double-dummy tricks) are scored with the
  engine's scorer (contract, set, bags and bag penalty, Nil and Blind Nil,
  SP-7…SP-20, house rules of the view) as the partnership's points minus the
  opponents', with a bonus when the hand wins the game (SP-22) — the utility
  of :mod:`engine.bots.level3` — and, unlike level 3, each side's bag
  penalty still to come (:func:`engine.bots.level3.future_bag_cost`, SP-20),
  counted for a side once it has made its contract: an overtrick is worth +1
  now but brings the next 100-point penalty nearer, so once the contract is
  made level 4 prefers the card that takes fewer (before that, it plays for
  the contract and to set the opponents' contract).
* Nil-aware (SP-8, SP-10): while a Nil bid is alive (its bidder has won no
  trick) the solver's question "can the Nil bidder, helped by the partner,
  still lose every trick?" is answered per card — exactly by
  :func:`engine.solver.nil_safe_cards` with at most :data:`NIL_EXACT_TRICKS`
  tricks left, earlier *estimated* by playing the deal out with the level-2
  policy (the Nil bidder ducks, its partner covers, the opponents try to
  give it a trick).  A failed Nil gives its bidder one trick of its side's
  double-dummy tricks; the side's other tricks count for the seat that bid a
  number (SP-19: a failed Nil's tricks do not count towards its partner's
  contract).  So a Nil bidder ducks, its partner protects the Nil and the
  opponents try to set it, because that is what the score says.
* Where one open deal says little, level 4 plays as level 3, whose
  play-outs follow which seat wins each trick: the side of a live Nil with
  more than :data:`NIL_EXACT_TRICKS` tricks left (one play-out per card and
  deal is too noisy a survival estimate to protect a Nil worth 100 or 200
  points: forced Blind Nils in a game to 500 against level-3 defenders were
  made 85 times in 100 that way, 92 as level 3), and a seat whose own Nil
  has failed (its further tricks are only bags, SP-19, which the side's
  double-dummy count cannot tell from its partner's; not under SP-H7).
  The opponents of a Nil keep double-dummy play.

Without ``endplay`` (or if DDS fails), four-seat Spades positions with more
tricks left than the exact solver takes are played by level 3
(:class:`~engine.bots.level3.ExpertPlayer`).

Oh Hell (3–7 seats, OH-9…OH-11) and two-seat Spades are not partnership
games, which DDS cannot solve.  There, with at most :data:`OH_HELL_EXACT_TRICKS`
tricks left (fewer with many seats, see :func:`oh_hell_exact_tricks`), the
player samples deals and solves each with the exact solver's own-seat
question: Oh Hell "can I still take exactly my bid when everyone else plays
to stop me" (:func:`engine.solver.exact_bid_cards`, OH-11); two-seat Spades
the tricks this seat takes (:func:`engine.solver.card_values`) scored as a
contract.  Earlier in the hand, and whenever the bid can no longer be made
exactly, level 4 plays as level 3.

Bids: Spades numeric bids score the double-dummy check's deals
(:func:`engine.bots.advisor_dd.scoring_bid`: the bid whose hand scores best
on average against the opponents, sets and bags counted, SP-17…SP-20, the
penalty still to come included, and the game's end, SP-22, as its cards are valued); Nil and Blind Nil as
the advisor says, and the plain advisor without endplay; Oh Hell bids and
the Blind Nil exchange as level 3.  ``last_reason`` explains each
choice.
"""
from __future__ import annotations

import random
import time
from typing import Any

from ..actions import Action, Play
from ..cards import DECK
from ..game import SeatView
from .. import solver as _solver
from .. import solver_dds as _dds
from ..solver import Position
from ..message import Said
from .kit import Scorer, say
from .level2 import choose_card
from .level3 import ExpertPlayer
from .sampling import SamplingError, bid_numbers, club_policy, play_out, sample_hands, weighted_deals
from .spades import spades_rules
from .strategy import OwnSeatGoal
from .strategies import strategy_for

__all__ = ["DoubleDummyPlayer", "EXACT_TRICKS", "NIL_EXACT_TRICKS", "OH_HELL_EXACT_TRICKS",
           "oh_hell_exact_tricks", "position_from_view", "spades_card_utilities"]

#: Tricks left (at most) for which four-seat Spades is solved by the exact solver instead of DDS.
EXACT_TRICKS = 4
#: Tricks left (at most) for which a live Nil's survival is solved exactly (else estimated by a play-out).
NIL_EXACT_TRICKS = 4
#: Tricks left (at most) for which Oh Hell (4 seats) and two-seat Spades are solved exactly per sampled deal.
OH_HELL_EXACT_TRICKS = 4


def oh_hell_exact_tricks(n_seats: int) -> int:
    """Largest number of tricks left for which level 4 solves an Oh Hell (or
    two-seat Spades) position exactly per sampled deal: 6 with 2 seats, 5 with
    3, :data:`OH_HELL_EXACT_TRICKS` with 4, 3 with 5–7 (the search grows with
    the number of cards left)."""
    return {2: 6, 3: 5, 4: OH_HELL_EXACT_TRICKS}.get(n_seats, 3)


class _Fallback(Exception):
    """Level 4 cannot solve this position: play as level 3."""


def position_from_view(view: SeatView, hands: list[int]) -> Position:
    """The solver :class:`~engine.solver.Position` for ``view`` with the
    cards still held ``hands`` (bitmask per seat, e.g. a sampled deal): the
    game's strategy's :meth:`~engine.bots.strategy.GameStrategy.position`.
    Raises ValueError if the hands do not fit the trick in progress."""
    return strategy_for(view).position(view, hands)


_NILS = ("nil", "blind_nil")


def _live_nils(view: SeatView) -> list[int]:
    """Seats whose Nil or Blind Nil is still alive (no trick won yet)."""
    return [s for s, b in enumerate(view.bids) if b in _NILS and view.tricks_won[s] == 0]


def spades_card_utilities(view: SeatView, hands: list[int], cards: list[int], scorer: Scorer, *,
                          exact_tricks: int = EXACT_TRICKS, nil_exact_tricks: int = NIL_EXACT_TRICKS,
                          use_dds: bool = True, rng: random.Random | None = None) -> list[float]:
    """Four-seat Spades: the utility (see the module docstring) of each card
    index in ``cards`` (legal for ``view.seat``) in one deal ``hands`` (cards
    still held per seat), every hand open.  ``scorer``: ``won -> utility``
    (:meth:`engine.bots.spades_four.FourSeatSpades.scorer`).  Raises :class:`_Fallback` when
    neither the exact solver (too many tricks left) nor DDS (unavailable,
    ``use_dds`` False) can answer."""
    me = view.seat
    strategy = strategy_for(view)
    pos = strategy.position(view, hands)
    left = _solver.tricks_left(pos)
    side = frozenset({me, (me + 2) % 4})
    limit = exact_tricks + (0 if view.broken else 1)  # unbroken spades: SP-13 may matter, be exact longer
    if left <= limit:
        tricks = _solver.card_values(pos, side, limit=None)
    elif use_dds and _dds.AVAILABLE:
        try:
            tricks = _dds.dds_card_values(pos, side)
        except _dds.DDSUnavailableError:
            raise _Fallback("DDS unavailable") from None
    else:
        raise _Fallback(f"{left} tricks left and no DDS")
    won = list(view.tricks_won)
    nils = _live_nils(view)
    survive: dict[int, dict[int, bool]] = {}
    for ns in nils:
        if left <= nil_exact_tricks:
            survive[ns] = _solver.nil_safe_cards(pos, ns, limit=None)
        else:  # estimated: one play-out per card with the level-2 policy (the Nil ducks, partner covers)
            base = strategy.state(view, hands)
            r = rng or random.Random(0)
            est = {}
            for c in cards:
                st = base.copy()
                st.apply(me, c)
                est[c] = play_out(st, club_policy, r)[ns] == 0
            survive[ns] = est
    out = []
    for c in cards:
        t_side = tricks[c]
        final = list(won)
        for sd_seats, t in ((side, t_side), (frozenset(range(4)) - side, left - t_side)):
            a, b = sorted(sd_seats)
            rest = t
            for s in (a, b):
                if s in survive and rest > 0 and not survive[s][c]:
                    final[s] += 1  # the Nil bidder takes (at least) one of its side's tricks
                    rest -= 1
            # the rest go to the seat that bid a number (SP-19: a failed Nil's tricks would not count
            # towards its partner's contract, only as bags); with two Nils on the side, to one that is
            # not alive (its Nil would otherwise break)
            keep = ([s for s in (a, b) if view.bids[s] not in _NILS]
                    or [s for s in (a, b) if s not in survive] or [a])
            final[keep[0]] += rest
        out.append(scorer(final))
    return out


class DoubleDummyPlayer(ExpertPlayer):
    """Level 4 "double dummy" (see the module docstring).

    ``budget_ms``: time per card decision (default 250 ms; at least
    ``min_samples`` deals are solved whatever the time); ``max_samples``:
    deals per decision at most (default 40; a benchmark passes
    ``budget_ms=inf`` and a fixed ``max_samples``); ``exact_tricks``,
    ``nil_exact_tricks``: see :data:`EXACT_TRICKS`, :data:`NIL_EXACT_TRICKS`;
    ``bid_dd_samples``: deals of the advisor's double-dummy check per Spades
    bid (0: the plain advisor); ``use_dds``: False to play without DDS (as
    without endplay).  Other keywords go to level 3 (its fallback).
    ``last_reason`` explains the last choice."""

    level = 4
    name = "double dummy"

    def __init__(self, seed: int | None = None, budget_ms: float = 250.0, max_samples: int = 40,
                 min_samples: int = 6, exact_tricks: int = EXACT_TRICKS, nil_exact_tricks: int = NIL_EXACT_TRICKS,
                 bid_dd_samples: int = 24, use_dds: bool = True, l3_budget_ms: float = 250.0,
                 l3_samples: int = 200, **kw: Any):
        super().__init__(seed=seed, budget_ms=l3_budget_ms, max_samples=l3_samples, **kw)
        self.dd_budget_ms = budget_ms
        self.dd_max_samples = max_samples
        self.min_samples = min_samples
        self.exact_tricks = exact_tricks
        self.nil_exact_tricks = nil_exact_tricks
        self.bid_dd_samples = bid_dd_samples
        self.use_dds = use_dds
        self.last_method = ""

    # ------------------------------------------------------------------ bids
    def _bid(self, view: SeatView) -> tuple[Action, Said]:
        """The game's double-dummy bid (four-seat Spades:
        :meth:`~engine.bots.spades_four.FourSeatSpades.double_dummy_bid`), else level 3's."""
        chosen = strategy_for(view).double_dummy_bid(view, self.rng, self.bid_dd_samples)
        if chosen is not None:
            return chosen
        return super()._bid(view)

    # ------------------------------------------------------------------ cards
    def _card(self, view: SeatView) -> tuple[Action, Said]:
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(plays) == 1:
            self.last_method = "only card"
            return plays[0], say("player.only_card", card=plays[0].card.code)
        try:
            return strategy_for(view).double_dummy_card(self, view, plays)
        except _Fallback:
            self.last_method = "level 3"
            return self._choose_card(view)

    def _pick(self, view: SeatView, cards: list[int],
              rows: list[tuple[float, list[float]]]) -> tuple[int, float, list[float]]:
        """(best card index, its mean, means) with ties going to the club card, then the lowest rank."""
        wsum = sum(w for w, _ in rows)
        if not rows or wsum <= 0:
            raise _Fallback("no weighted deal")
        means = [sum(w * v[i] for w, v in rows) / wsum for i in range(len(cards))]
        top = max(means)
        best = [c for c, m in zip(cards, means) if m >= top - 1e-9]
        club_action = choose_card(view)[0]
        assert isinstance(club_action, Play)
        club = club_action.card.index
        pick = club if club in best else min(best, key=lambda c: (c % 13, c // 13))
        return pick, top, means

    def partnership_card(self, view: SeatView, plays: list[Play]) -> tuple[Action, Said]:
        """Four-seat Spades: each card's partnership utility over sampled deals
        solved double dummy (:func:`spades_card_utilities`); :class:`_Fallback`
        where level 3 plays better (see the module docstring)."""
        me = view.seat
        left = view.hand_size - len(view.tricks)
        if left > self.nil_exact_tricks and any(s in (me, (me + 2) % 4) for s in _live_nils(view)):
            raise _Fallback("a live Nil on this side with more tricks left than the Nil solver takes")
        if (view.bids[me] in _NILS and view.tricks_won[me] > 0
                and not spades_rules(view).failed_nil_tricks_help):
            raise _Fallback("this seat's Nil has failed: its tricks are only bags (SP-19)")
        cards = [a.card.index for a in plays]
        strategy = strategy_for(view)
        scorer = strategy.scorer(view, future_bags=True)
        weight = strategy.bid_weight(view)
        t_end = time.perf_counter() + self.dd_budget_ms / 1000.0
        try:  # deals drawn in proportion to how well they fit the bids (resampled)
            deals = weighted_deals(view, self.rng, self.dd_max_samples, weight)
        except SamplingError:
            raise _Fallback("no sampled deal fits") from None
        rows: list[tuple[float, list[float]]] = []
        solved = 0
        for w, hands in deals:
            if solved >= self.min_samples and time.perf_counter() > t_end:
                break
            rows.append((w, spades_card_utilities(view, hands, cards, scorer, exact_tricks=self.exact_tricks,
                                                  nil_exact_tricks=self.nil_exact_tricks, use_dds=self.use_dds,
                                                  rng=self.rng)))
            solved += w
        pick, top, means = self._pick(view, cards, rows)
        exact = left <= self.exact_tricks + (0 if view.broken else 1)
        self.last_method = "exact" if exact else "dds"
        card = DECK[pick]
        others = sorted(means)
        margin = top - (others[-2] if len(others) > 1 else top)
        n_deals = sum(w for w, _ in rows)
        key = ("player.dd.exact" if exact else "player.dd.dds") + ("" if margin > 1e-9 else "_tied")
        return Play(view.seat, card), say(key, card=card.code, deals=n_deals, margin=margin)

    def own_seat_card(self, view: SeatView, plays: list[Play], goal: OwnSeatGoal) -> tuple[Action, Said]:
        """Oh Hell and two-seat Spades: sampled deals, each solved exactly
        for this seat's ``goal``; :class:`_Fallback` when the position is too
        large or the bid cannot be made exactly any more."""
        me = view.seat
        n = view.n_seats
        left = view.hand_size - len(view.tricks)
        if left > oh_hell_exact_tricks(n):
            raise _Fallback("too many tricks left for the exact solver")
        nums, _ = bid_numbers(view)
        bid = nums[me]
        if bid is None:
            raise _Fallback("bid unknown")
        need = bid - view.tricks_won[me]
        if need < 0 or need > left:
            raise _Fallback("the bid can no longer be made exactly")
        cards = [a.card.index for a in plays]
        strategy = strategy_for(view)
        t_end = time.perf_counter() + self.dd_budget_ms / 1000.0
        rows: list[tuple[float, list[float]]] = []
        for k in range(self.dd_max_samples):
            if k >= self.min_samples and time.perf_counter() > t_end:
                break
            try:
                hands = sample_hands(view, self.rng)
            except SamplingError:
                break
            rows.append((1.0, goal.values(view, strategy.position(view, hands), cards, bid, need)))
        pick, top, means = self._pick(view, cards, rows)
        if goal.hopeless(top):
            raise _Fallback("the goal is not reached in any sampled deal against best defence")
        self.last_method = "exact"
        return Play(me, DECK[pick]), goal.reason(DECK[pick], bid, top, len(rows))
