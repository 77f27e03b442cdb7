"""The computer players' strategy for Oh Hell (3–7 seats, OH-1 … OH-12 and
the variations OH-V1 … OH-V8): :class:`OhHell`, and the advisor's Oh Hell
count (:func:`advise_oh_hell`).

What only Oh Hell does: every seat plays for exactly its own bid (OH-11), a
turned-up card is the trump (OH-7) and may be out of play, the hook forbids
one bid to the dealer (OH-V4), a void seat may have to trump (OH-V6); level
3 bids the legal bid whose exact-bid chance over sampled deals (``show_me``)
scores best, level 4 plays to keep exactly its bid makeable (:data:`EXACT_BID`).
"""
from __future__ import annotations

import math
import random
from typing import Iterable, Sequence, cast

from ..games.oh_hell import OhHellRules
from ..actions import Action, Bid, Play
from ..cards import SUIT_MASKS, Card, Rank, Suit, mask_of
from ..game import SeatView
from ..sim import oh_hell_seat_points
from ..solver import Position, exact_bid_cards, oh_hell_position
from ..message import Said
from .kit import NO_WORDS, Advice, Line, Scorer, finish_advice, say
from .sampling import PlayTerms, bid_numbers, trick_in_progress
from .showme import EXACT_BIDS, show_me_with
from .strategy import DoubleDummySearch, GameStrategy, HandReviewer, R, ShowMePlan, T

__all__ = ["advise_oh_hell", "OhHell", "OH_HELL", "EXACT_BID", "oh_hell_rules"]

def oh_hell_rules(view: SeatView) -> OhHellRules:
    """The rules of an Oh Hell view (its typed record, OH-V1 … OH-V8)."""
    return cast(OhHellRules, view.rules)


def _binom_below(h: int, p: float, r: int) -> float:
    """P(X < r) for X ~ Binomial(h, p)."""
    p = min(max(p, 0.0), 1.0)
    return sum(math.comb(h, k) * p ** k * (1 - p) ** (h - k) for k in range(0, min(r, h + 1)))


def _chance_key(p: float) -> str:
    if p >= 0.95:
        return "sure"
    if p >= 0.8:
        return "four_in_five"
    if p >= 0.6:
        return "two_in_three"
    if p >= 0.4:
        return "half"
    if p >= 0.25:
        return "one_in_three"
    return "now_and_then"


def advise_oh_hell(hand: Sequence[Card], players: int, trump: Suit | None, earlier_bids: Sequence[int] = (),
                   allowed: Iterable[int] | None = None, turn_up: Card | None = None, *,
                   words: bool = True) -> Advice:
    """Advice for an Oh Hell bid (OH-8, OH-10, OH-11; hook OH-V4).

    ``hand``: this seat's cards (its size is the hand size); ``players``:
    3–7; ``trump``: the trump suit or None (OH-7); ``earlier_bids``: bids
    already made this hand (seats before this one); ``allowed``: the legal
    bids (from ``view.legal``, so the hook is the engine's); ``turn_up``: the
    turned-up card (out of play).  Never suggests a bid outside
    ``allowed``, and never fewer than the sure tricks because of the hook.
    ``words`` False: the lines' texts are "" (the bid alone, for sampled
    play-outs).
    """
    h = len(hand)
    n = players
    mine = mask_of(hand)
    known = mine | (turn_up.bit if turn_up is not None else 0)
    unseen = 52 - known.bit_count()
    q = min(1.0, (n - 1) * h / unseen) if unseen else 0.0
    lines: list[Line] = []
    sure = 0
    by_suit = {s: sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank) for s in Suit}
    counted_trumps = 0
    for s in Suit:
        cs = by_suit[s]
        L = len(cs)
        s_out = 13 - (known & SUIT_MASKS[s]).bit_count()
        is_trump = trump is not None and s == trump
        for i, c in enumerate(cs):
            missing = sum(1 for r in range(c.rank + 1, 15) if not known & (1 << (s * 13 + r - 2)))
            if is_trump and missing == 0:
                lines.append((say("advice.oh_hell.trump.top", card=c.code) if words else NO_WORDS, 1.0))
                sure += 1
                counted_trumps += 1
                continue
            if missing > 2 or missing > i + 1:
                continue  # needs more guards than it has
            p_clear = (1 - q) ** missing
            guarded = L - 1 - i >= missing
            p_win = p_clear + (1 - p_clear) * (0.5 if guarded else 0.1)
            if is_trump:
                v = p_win
                if v >= 0.15:
                    counted_trumps += 1 if v >= 0.5 else 0
            else:
                if trump is None:
                    ruff = 0.0
                else:
                    rnd = i + 1  # the round of the suit in which this card is played
                    void_p = _binom_below(h, s_out / unseen if unseen else 0, rnd)
                    ruff = 1 - (1 - void_p * min(1.0, h / 4)) ** (n - 1)
                v = p_win * (1 - ruff)
            if v < 0.15:
                continue
            key = ("advice.oh_hell.trump." if is_trump else "advice.oh_hell.card.") + _chance_key(v)
            lines.append((say(key, card=c.code) if words else NO_WORDS, v))
    # trump length and short suits
    if trump is not None:
        tcs = by_suit[trump]
        t = len(tcs)
        expect = h * (13 - (known & SUIT_MASKS[trump]).bit_count()) / unseen if unseen else 0
        spare = t - counted_trumps
        long_extra = max(0, t - max(2, math.ceil(expect + 1)))
        for _ in range(long_extra):
            if spare <= 0:
                break
            lines.append((say("advice.oh_hell.trump.length", count_word=t) if words else NO_WORDS, 0.7))
            spare -= 1
        if h >= 3:
            for s in Suit:
                if s == trump or spare <= 0:
                    continue
                L = len(by_suit[s])
                if L == 0:
                    lines.append((say("advice.oh_hell.void.ruff", suit=s.letter) if words else NO_WORDS, 0.5))
                    spare -= 1
                elif L == 1 and by_suit[s][0].rank < Rank.KING and h >= 5:
                    lines.append((say("advice.oh_hell.singleton.ruff", suit_one=s.letter, suit=s.letter) if words
                                  else NO_WORDS, 0.3))
                    spare -= 1
    # earlier bids: how contested the tricks are
    if earlier_bids:
        k = len(earlier_bids)
        expected = h * k / n
        diff = sum(earlier_bids) - expected
        adj = max(-0.5, min(0.5, -0.15 * diff))
        if abs(adj) >= 0.1:
            key = "advice.oh_hell.earlier.fight" if adj < 0 else "advice.oh_hell.earlier.spare"
            lines.append((say(key, n=k, total=sum(earlier_bids), size=h) if words else NO_WORDS, adj))
    total = sum(v for _, v in lines)
    bid = max(0, min(h, math.floor(total + 0.5)))
    bid = max(bid, sure)
    allowed_set = set(allowed) if allowed is not None else set(range(h + 1))
    if bid not in allowed_set:
        forbidden = bid
        cands = sorted((b for b in allowed_set if b >= sure), key=lambda b: (abs(b - total), -b))
        if not cands:
            cands = sorted(allowed_set, key=lambda b: abs(b - total))
        bid = cands[0]
        key = "advice.oh_hell.hook.sure" if bid > forbidden and sure >= forbidden else "advice.oh_hell.hook"
        lines.append((say(key, forbidden=forbidden, size=h, n=sure, bid=bid) if words else NO_WORDS, bid - total))
    elif bid != math.floor(total + 0.5):
        if bid == sure and sure > total:
            lines.append((say("advice.oh_hell.sure_floor", n=sure) if words else NO_WORDS, bid - total))
    return finish_advice(lines, bid, sure=sure)


class _ExactBid:
    """Level 4 in Oh Hell: can this seat still take exactly its bid after
    each card when everyone else plays to stop it (:func:`engine.solver.exact_bid_cards`,
    OH-11): 1 or 0 per card and deal."""

    def values(self, view: SeatView, pos: Position, cards: list[int], bid: int, need: int) -> list[float]:
        ok = exact_bid_cards(pos, view.seat, need, limit=None)
        return [1.0 if ok[c] else 0.0 for c in cards]

    def hopeless(self, best: float) -> bool:
        return best <= 0  # exactly the bid is not makeable in any sampled deal against best defence

    def reason(self, card: Card, bid: int, best: float, deals: int) -> Said:
        return say("player.oh_hell.level4", card=card.code, n=bid, share=best, deals=deals)


#: Level 4's goal in Oh Hell.
EXACT_BID = _ExactBid()


class OhHell(GameStrategy):
    """Oh Hell (see the module docstring)."""

    def terms(self, view: SeatView) -> PlayTerms:
        return PlayTerms(partners=False, lead_restricted=False, must_trump=oh_hell_rules(view).must_trump)

    def position(self, view: SeatView, hands: list[int]) -> Position:
        leader, current = trick_in_progress(view)
        trump = int(view.trump) if view.trump is not None else None
        return oh_hell_position(hands, leader, current, trump=trump, must_trump=oh_hell_rules(view).must_trump)

    def scorer(self, view: SeatView, future_bags: bool = False) -> Scorer:
        """This seat's own points (OH-11, OH-V7, OH-V8)."""
        me = view.seat
        nums, _ = bid_numbers(view)
        bid = nums[me] or 0
        size = view.hand_size
        rules = oh_hell_rules(view)

        def value(won: Sequence[int]) -> float:
            return oh_hell_seat_points(bid, won[me], size, rules=rules)
        return value

    def advise(self, view: SeatView) -> Advice:
        """Uses the hand size, trump, earlier bids and the legal bids (the hook, OH-V4)."""
        allowed = [a.value for a in view.legal if isinstance(a, Bid)] or None
        order = [(view.dealer + 1 + k) % view.n_seats for k in range(view.n_seats)]
        earlier = []
        for s in order:
            if s == view.seat:
                break
            b = view.bids[s]
            if b is not None:
                earlier.append(int(b))
        return advise_oh_hell(view.hand or (), view.n_seats, view.trump, earlier, allowed, view.turn_up)

    def count_hand(self, hand: Sequence[Card], trump: Suit | None, players: int) -> Advice:
        """:func:`advise_oh_hell` with no earlier bids."""
        return advise_oh_hell(hand, players, trump)

    def estimate_bid(self, view: SeatView, hand: Sequence[Card]) -> int | None:
        return advise_oh_hell(hand, view.n_seats, view.trump, (), None, view.turn_up, words=False).bid

    def show_me_plan(self) -> ShowMePlan:
        return EXACT_BIDS

    def beginner_bids(self, view: SeatView, rng: random.Random, bids: list[Bid]) -> list[Bid]:
        top = max(1, view.hand_size // 4 + 1)  # 0 … about a quarter of the hand size + 1
        return [a for a in bids if a.value <= top]

    def expert_bid(self, view: SeatView, club: Action, why: Said, rng: random.Random, samples: int,
                   budget_ms: float) -> tuple[Action, Said]:
        """For every legal bid, the chance of taking exactly that many tricks
        when playing for it (sampled deals, ``show_me``), times what making
        it scores (OH-11, OH-V8); never below the sure tricks (so never lower
        because of the hook, OH-V4)."""
        if not isinstance(club, Bid):
            return club, why
        advice = self.advise(view)
        sm = show_me_with(self, view, samples=samples, seed=rng.getrandbits(32), budget_ms=budget_ms)
        if not sm.exact:
            return club, why
        legal = {a.value: a for a in view.legal if isinstance(a, Bid)}
        size = view.hand_size
        rules = oh_hell_rules(view)

        def worth(b: int) -> float:
            made = oh_hell_seat_points(b, b, size, rules=rules)
            return sm.exact.get(b, 0.0) * made

        cands = [b for b in legal if b >= advice.sure] or list(legal)
        best = max(cands, key=lambda b: (round(worth(b), 6), b == club.value))
        if best == club.value:
            return club, say("player.oh_hell.expert.confirmed", why=why.msg, chance=sm.exact.get(best, 0),
                             samples=sm.samples)
        return legal[best], say("player.oh_hell.expert.other", bid=best, chance=sm.exact[best], worth=worth(best),
                                count=club.value)

    def double_dummy_card(self, search: DoubleDummySearch, view: SeatView, plays: list[Play]) -> tuple[Action, Said]:
        return search.own_seat_card(view, plays, EXACT_BID)

    def review(self, reviewer: HandReviewer[T, R], job: T) -> R:
        return reviewer.exact_bid(job)


#: The Oh Hell strategy.
OH_HELL = OhHell()
