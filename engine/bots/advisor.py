"""The bid advisor: a suggested bid with lines a learner can follow, and a
"show me" distribution of the tricks a hand takes over sampled deals.

>>> from engine.cards import parse_cards
>>> a = advise_spades(parse_cards("AS KS 4S 3S AH 7H 2H KD 9D 3D 8C 5C 2C"))
>>> a.bid, round(sum(v for _, v in a.lines))
(5, 5)

* :func:`advise_bid` (a :class:`~engine.game.SeatView`) and the context
  versions :func:`advise_spades` / :func:`advise_oh_hell` return an
  :class:`Advice`: ``bid`` (a number of tricks; 0 is Nil in Spades, SP-8),
  ``lines`` — ``(text, value)`` pairs whose values add up, rounded, to the
  bid — and the ``sure`` tricks the hand holds.
* :func:`show_me` plays sampled deals out with the level-2 policy and
  returns a :class:`ShowMe`: how often this hand took 0, 1, 2 … tricks, the
  Nil / Blind Nil risk (Spades SP-8, SP-10) and, in Oh Hell, the chance of
  taking exactly each bid when playing for it (OH-11).

This module is the one bid estimator of Trick Tutor: the computer players,
the bidding drill (``tutor.drills.count_likely_tricks``) and exercise 6
(``tutor.exercises.bidcount``) all count tricks with it.  It is pure Python
(no plotting); the tutor draws the chart.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..actions import Bid
from ..cards import SUIT_MASKS, Card, Rank, Suit, mask_of
from ..game import SeatView
from .sampling import (SamplingError, bid_numbers, club_policy, play_out, sample_hands,
                       state_from_view)

__all__ = ["Advice", "ShowMe", "advise_bid", "advise_spades", "advise_oh_hell", "show_me",
           "blind_nil_advisable", "spades_estimate"]


@dataclass(frozen=True)
class Advice:
    """A suggested bid and why.

    ``bid``: tricks to bid (Spades: 0 means Nil, SP-8; ``blind_nil`` True
    means bid Blind Nil, SP-10, and ``bid`` is 0); None when the seat must
    look at its cards first.  ``lines``: ``(text, value)`` pairs; the values
    (tricks, may be fractional or negative) add up — rounded to a whole
    number — to ``bid``.  ``sure``: tricks the hand wins whatever happens
    (top trumps).  ``total``: the unrounded sum.  ``alternative``: for a
    Nil suggestion, the numeric bid the hand would otherwise make.
    """

    bid: int | None
    lines: tuple[tuple[str, float], ...]
    sure: int = 0
    nil: bool = False
    blind_nil: bool = False
    alternative: int | None = None

    @property
    def total(self) -> float:
        return sum(v for _, v in self.lines)

    def text(self) -> str:
        """The advice as a few lines of plain text."""
        if self.bid is None:
            head = "Look at your cards first."
        elif self.blind_nil:
            head = "Suggested bid: Blind Nil"
        elif self.nil:
            head = "Suggested bid: Nil (0)"
        else:
            head = f"Suggested bid: {self.bid}"
        body = [f"  {t}: {v:+.2f}" if v else f"  {t}" for t, v in self.lines]
        return "\n".join([head, *body])


def _r(x: float) -> float:
    return round(x, 2)


def _finish(lines: list[tuple[str, float]], bid: int, **kw) -> Advice:
    """Round the values and make sure they add up (rounded) to ``bid``."""
    lines = [(t, _r(v)) for t, v in lines]
    s = sum(v for _, v in lines)
    if round(s) != bid:
        lines.append((f"rounded to {bid}", _r(bid - s)))
    return Advice(bid, tuple(lines), **kw)


def _name(c: Card) -> str:
    return c.display


def _count_word(k: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen")[k] if 0 <= k <= 13 else str(k)


def _ordinal(k: int) -> str:
    return ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth", "thirteenth")[k] if 0 <= k <= 13 else f"{k}th"


# ===================================================================== Spades
#: calibration (benchmarks/bots.py, advisor accuracy): long side suits and the rest of the hand
LONG_SUIT_VALUE = 0.4
REST_VALUE = 0.5
def _spades_lines(hand: Sequence[Card]) -> tuple[list[tuple[str, float]], int]:
    """Counted tricks of a Spades hand: (lines, sure tricks)."""
    by_suit: dict[Suit, list[Card]] = {s: sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank)
                                        for s in Suit}
    lines: list[tuple[str, float]] = []
    sp = by_suit[Suit.SPADES]
    t = len(sp)
    ranks = {c.rank for c in sp}
    sure = 0
    counted = 0  # spades already counted as tricks
    # top spades in sequence from the ace are sure (SP-16: the highest spade wins)
    seq = 0
    for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN):
        if r in ranks:
            seq += 1
        else:
            break
    for i, c in enumerate(sp[:seq]):
        what = "a sure trick" if i == 0 else "with the higher spades: a sure trick"
        lines.append((f"{_name(c)}: {what}", 1.0))
    sure = seq
    counted = seq
    honors = [c for c in sp[seq:] if c.rank >= Rank.QUEEN]
    for c in honors:
        higher_missing = sum(1 for r in range(c.rank + 1, 15) if r not in ranks)
        guards = t - 1
        if c.rank == Rank.KING:
            v, why = ((0.8, "with a guard: wins about four times in five") if guards >= 1
                      else (0.4, "alone: the ace may catch it"))
        else:  # queen
            if higher_missing == 1 and guards >= 2:
                v, why = 0.8, "with a higher spade and guards: usually a trick"
            elif guards >= 2:
                v, why = 0.6, "with two guards: wins more often than not"
            elif guards == 1:
                v, why = 0.3, "with one guard: sometimes a trick"
            else:
                v, why = 0.1, "alone: rarely a trick"
        lines.append((f"{_name(c)} {why}", v))
        if v >= 0.5:
            counted += 1
    for k in range(4, t + 1):
        if k <= counted:  # that many spades are already counted as tricks
            continue
        v = 0.8 if k == 4 else 0.9 if k == 5 else 1.0
        lines.append((f"{_count_word(t)} spades: the {_ordinal(k)} is {'likely ' if v < 1 else ''}a trick", v))
        counted += 1
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cs = by_suit[s]
        L = len(cs)
        rs = {c.rank for c in cs}
        for c in cs:
            if c.rank == Rank.ACE:
                v = 0.95 if L <= 4 else 0.7 if L == 5 else 0.4
                why = "almost a sure trick" if L <= 4 else "in a long suit it may be trumped"
                lines.append((f"{_name(c)}: {why}", v))
            elif c.rank == Rank.KING:
                small = L - 1
                if Rank.ACE in rs:
                    v = 0.8 if L <= 4 else 0.5 if L == 5 else 0.2
                    why = "with the ace: wins once the ace is played" if L <= 4 else "with the ace, but a long suit gets trumped"
                elif L == 1:
                    v, why = 0.2, "alone: seldom a trick"
                elif L <= 3:
                    v = 0.6 if L == 2 else 0.67
                    why = f"with {_count_word(small)} small: wins about " + ("three times in five" if L == 2 else "two times in three")
                elif L == 4:
                    v, why = 0.5, "with three small: wins about half the time"
                else:
                    v, why = 0.3, "in a long suit: likely trumped"
                lines.append((f"{_name(c)} {why}", v))
            elif c.rank == Rank.QUEEN and 3 <= L <= 4:
                tops = (Rank.ACE in rs) + (Rank.KING in rs)
                v = (0.5, 0.3, 0.2)[2 - tops] if tops else 0.2
                why = ("with the ace and king: often a trick" if tops == 2 else
                       "with a higher honour: sometimes a trick" if tops == 1 else "guarded: now and then a trick")
                lines.append((f"{_name(c)} {why}", v))
    # long side suits: once the others run out, the last cards may win
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        L = len(by_suit[s])
        if L >= 5:
            lines.append((f"{_count_word(L)} {s.noun}: the last ones may win once the others run out",
                          LONG_SUIT_VALUE * (L - 4)))
    # short side suits let spare spades trump (SP-14, SP-16)
    spare = max(0, t - counted)
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        if spare <= 0 or t < 2:
            break
        L = len(by_suit[s])
        if L == 0:
            lines.append((f"no {s.noun}: a spare spade can trump them", 0.8))
            spare -= 1
            if spare > 0 and t >= 4:
                lines.append((f"no {s.noun}: a second spare spade can trump them again", 0.4))
                spare -= 1
        elif L == 1 and by_suit[s][0].rank != Rank.ACE:
            lines.append((f"one {s.singular}: after it, a spare spade can trump {s.noun}", 0.5))
            spare -= 1
        elif L == 2 and t >= 4:
            lines.append((f"two {s.noun}: a spare spade may trump the third round", 0.2))
            spare -= 1
    if REST_VALUE:
        lines.append(("the other cards: queens, jacks and small trumps add about half a trick", REST_VALUE))
    return lines, sure


def _nil_danger(hand: Sequence[Card]) -> tuple[float, list[str]]:
    """How risky a Nil is (0 = safe; above about 1: too risky) and reasons
    that make it safe."""
    danger = 0.0
    by_suit = {s: sorted((c for c in hand if c.suit == s), key=lambda c: c.rank) for s in Suit}
    sp = by_suit[Suit.SPADES]
    for c in sp:
        if c.rank >= Rank.QUEEN:
            danger += 1.5
        elif c.rank == Rank.JACK:
            danger += 0.6
        elif c.rank == Rank.TEN:
            danger += 0.3
    if len(sp) >= 4:
        danger += 1.0 * (len(sp) - 3)
    for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        cs = by_suit[s]
        L = len(cs)
        if not cs:
            continue
        for c in cs:
            if c.rank == Rank.ACE:
                danger += 1.0
            elif c.rank == Rank.KING:
                danger += 0.3 if L >= 4 else 0.8
            elif c.rank == Rank.QUEEN:
                danger += 0.15 if L >= 3 else 0.5
            elif c.rank == Rank.JACK and L <= 2:
                danger += 0.2
        if cs[0].rank >= Rank.NINE:
            danger += 0.5
    reasons = []
    high_sp = sp[-1] if sp else None
    if not sp:
        reasons.append("no spades at all")
    else:
        reasons.append(f"only {_count_word(len(sp))} spade{'s' if len(sp) > 1 else ''}, the highest {_name(high_sp)}")
    lows = [cs[0] for s, cs in by_suit.items() if s != Suit.SPADES and cs]
    if lows:
        reasons.append("low cards to play under: " + " ".join(_name(c) for c in lows))
    if not any(c.rank == Rank.ACE for c in hand):
        reasons.append("no ace")
    return danger, reasons


def spades_estimate(hand: Sequence[Card]) -> float:
    """Counted tricks of a Spades hand (the sum of the advisor's lines before
    any Nil choice or partner adjustment)."""
    return sum(v for _, v in _spades_lines(hand)[0])


def advise_spades(hand: Sequence[Card], partner_bid=None, *, allow_nil: bool = True, nil_value: int = 100) -> Advice:
    """Advice for a Spades bid (SP-6 … SP-8).

    ``hand``: the 13 cards; ``partner_bid``: the partner's bid if already made
    (int, ``"nil"`` or ``"blind_nil"``), else None.  Suggests Nil (SP-8) for a
    weak hand whose partner has not bid Nil; otherwise at least 1.
    ``nil_value`` 50 (house rule SP-H1): Nil is worth half as much, so it
    is suggested only for a hand about half as risky.
    """
    lines, sure = _spades_lines(hand)
    total = sum(v for _, v in lines)
    partner_nil = partner_bid in ("nil", "blind_nil") or partner_bid == 0
    if partner_nil:
        lines.append(("partner bid Nil: you must win your side's tricks alone and spend high cards covering", -0.3))
    elif isinstance(partner_bid, int) and partner_bid >= 5:
        lines.append((f"partner bid {partner_bid}: some of your honours will fall on the same tricks", -0.3))
    total = sum(v for _, v in lines)
    numeric = max(1, min(13, math.floor(total + 0.5)))
    if isinstance(partner_bid, int) and partner_bid + numeric > 13:
        numeric = max(1, 13 - partner_bid)
    danger, reasons = _nil_danger(hand)
    scale = nil_value / 100  # SP-H1: a Nil worth 50 is worth half the risk
    if allow_nil and not partner_nil and danger <= 0.9 * scale and total <= 2.5 * scale:
        nil_lines = [("Nil: a weak hand with no sure trick" + ("" if nil_value == 100 else
                      f" (Nil is worth {nil_value} in this game, SP-H1)"), 0.0)] + [(r, 0.0) for r in reasons]
        return Advice(0, tuple(nil_lines), sure=sure, nil=True, alternative=numeric)
    if total < 0.5:
        lines.append(("bid at least 1 (0 would be a Nil, SP-8)", 1 - total))
    return _finish(lines, numeric, sure=sure)


def blind_nil_advisable(view: SeatView) -> bool:
    """Whether a club player bids Blind Nil (SP-10) before looking: only far
    behind late in the game, and never when the partner already bid Nil."""
    if not view.spec.blind_nil or view.looked or not any(isinstance(a, Bid) and a.blind for a in view.legal):
        return False
    side = view.seat % 2
    mine, theirs = view.scores[side], view.scores[1 - side]
    target = getattr(view.rules, "target_score", 500)
    partner_bid = view.bids[(view.seat + 2) % 4]
    if partner_bid in ("nil", "blind_nil", 0):
        return False
    return theirs >= 0.6 * target and theirs - mine >= max(150, 0.3 * target)


# ===================================================================== Oh Hell
def _binom_below(h: int, p: float, r: int) -> float:
    """P(X < r) for X ~ Binomial(h, p)."""
    p = min(max(p, 0.0), 1.0)
    return sum(math.comb(h, k) * p ** k * (1 - p) ** (h - k) for k in range(0, min(r, h + 1)))


def advise_oh_hell(hand: Sequence[Card], players: int, trump: Suit | None, earlier_bids: Sequence[int] = (),
                   allowed: Iterable[int] | None = None, turn_up: Card | None = None) -> Advice:
    """Advice for an Oh Hell bid (OH-8, OH-10, OH-11; hook OH-V4).

    ``hand``: this seat's cards (its size is the hand size); ``players``:
    3–7; ``trump``: the trump suit or None (OH-7); ``earlier_bids``: bids
    already made this hand (seats before this one); ``allowed``: the legal
    bids (from ``view.legal``, so the hook is the engine's); ``turn_up``: the
    turned-up card (out of play).  Never suggests a bid outside
    ``allowed``, and never fewer than the sure tricks because of the hook.
    """
    h = len(hand)
    n = players
    mine = mask_of(hand)
    known = mine | (turn_up.bit if turn_up is not None else 0)
    unseen = 52 - known.bit_count()
    q = min(1.0, (n - 1) * h / unseen) if unseen else 0.0
    lines: list[tuple[str, float]] = []
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
                lines.append((f"{_name(c)}: the highest trump left, a sure trick", 1.0))
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
            chance = _chance_words(v)
            lines.append((f"{_name(c)}{' (trump)' if is_trump else ''}: {chance}", v))
    # trump length and short suits
    if trump is not None:
        tcs = by_suit[trump]
        t = len(tcs)
        expect = h * (13 - (known & SUIT_MASKS[trump]).bit_count()) / unseen if unseen else 0
        spare = t - counted_trumps
        long_extra = max(0, t - max(2, math.ceil(expect + 1)))
        for k in range(long_extra):
            if spare <= 0:
                break
            lines.append((f"{_count_word(t)} trumps: more than the others are likely to hold, the extra one is likely a trick", 0.7))
            spare -= 1
        if h >= 3:
            for s in Suit:
                if s == trump or spare <= 0:
                    continue
                L = len(by_suit[s])
                if L == 0:
                    lines.append((f"no {s.noun}: a small trump can trump them", 0.5))
                    spare -= 1
                elif L == 1 and by_suit[s][0].rank < Rank.KING and h >= 5:
                    lines.append((f"one {s.singular}: a small trump can trump {s.noun} later", 0.3))
                    spare -= 1
    # earlier bids: how contested the tricks are
    if earlier_bids:
        k = len(earlier_bids)
        expected = h * k / n
        diff = sum(earlier_bids) - expected
        adj = max(-0.5, min(0.5, -0.15 * diff))
        if abs(adj) >= 0.1:
            if adj < 0:
                lines.append((f"the {k} earlier bid{'s' if k > 1 else ''} add up to {sum(earlier_bids)} of {h} tricks: "
                              f"the others will fight for tricks", adj))
            else:
                lines.append((f"the {k} earlier bid{'s' if k > 1 else ''} add up to only {sum(earlier_bids)} of {h} tricks: "
                              f"spare tricks may come your way", adj))
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
        lines.append((f"the hook forbids {forbidden} (the bids may not add up to {h}, OH-V4); "
                      f"{'never go below your ' + str(sure) + ' sure trick' + ('s' if sure != 1 else '') + ': ' if bid > forbidden and sure >= forbidden else ''}"
                      f"bid {bid}", bid - total))
    elif bid != math.floor(total + 0.5):
        if bid == sure and sure > total:
            lines.append((f"never bid below your {sure} sure trick{'s' if sure != 1 else ''}", bid - total))
    return _finish(lines, bid, sure=sure)


def _chance_words(p: float) -> str:
    if p >= 0.95:
        return "almost a sure trick"
    if p >= 0.8:
        return "wins about four times in five"
    if p >= 0.6:
        return "wins about two times in three"
    if p >= 0.4:
        return "wins about half the time"
    if p >= 0.25:
        return "wins about one time in three"
    return "wins now and then"


# ===================================================================== views
def advise_bid(view: SeatView, *, double_dummy: int = 0, seed: int | None = 0) -> Advice:
    """Advice for the seat of ``view`` (in its bidding turn, or any time
    during bidding).  Spades uses the partner's bid if already made; Oh Hell
    uses the hand size, trump, earlier bids and the legal bids (hook,
    OH-V4).  An unlooked Spades hand gets Blind Nil advice (SP-10) or
    ``bid=None`` ("look first").  ``double_dummy``: if above 0, four-seat
    Spades bids follow the double-dummy check over that many sampled deals
    (``seed``), when DDS is available (:mod:`engine.bots.advisor_dd`)."""
    if double_dummy:
        from .advisor_dd import with_dd_check
        return with_dd_check(view, advise_bid(view), double_dummy, seed)
    if view.spec.nil_bids:
        if view.hand is None:
            if blind_nil_advisable(view):
                worth = 2 * getattr(view.rules, "nil_value", 100)  # Blind Nil is double Nil (SP-10, SP-H1)
                return Advice(0, ((f"Blind Nil: far behind late in the game, the {worth} points may catch up (SP-10)", 0.0),),
                              nil=True, blind_nil=True)
            return Advice(None, (("look at your cards first: Blind Nil only pays off when far behind (SP-10)", 0.0),))
        if not view.spec.partnerships:  # two-player Spades (SP-2P-3): the player's own contract
            from .two_player import advise_spades_two
            return advise_spades_two(view.hand, getattr(view, "discards", ()),
                                     nil_value=getattr(view.rules, "nil_value", 100),
                                     min_bid=getattr(view.rules, "min_contract", 0))
        partner = view.spec.partner_of(view.seat, view.n_seats)
        return advise_spades(view.hand, view.bids[partner] if partner is not None else None,
                             nil_value=getattr(view.rules, "nil_value", 100))
    allowed = [a.value for a in view.legal if isinstance(a, Bid)] or None
    order = [(view.dealer + 1 + k) % view.n_seats for k in range(view.n_seats)]
    earlier = []
    for s in order:
        if s == view.seat:
            break
        if view.bids[s] is not None:
            earlier.append(int(view.bids[s]))
    return advise_oh_hell(view.hand, view.n_seats, view.trump, earlier, allowed, view.turn_up)


# ===================================================================== show me
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


def _others_bids(view: SeatView, hands: Sequence[int], own_bid: int) -> tuple[list[int], list[bool]]:
    """Bids for a playout: the visible ones, the advisor's estimate for the
    others, ``own_bid`` for this seat."""
    from ..cards import cards_of
    nums, nil = bid_numbers(view)
    for s in range(view.n_seats):
        if s == view.seat:
            nums[s] = own_bid
            continue
        if nums[s] is None:
            hand = cards_of(hands[s])
            if view.spec.nil_bids and not view.spec.partnerships:  # two players (SP-2P-3)
                from .two_player import advise_spades_two
                nums[s] = advise_spades_two(hand).bid
            elif view.spec.nil_bids:
                nums[s] = max(1, round(spades_estimate(hand)))
            else:
                nums[s] = advise_oh_hell(hand, view.n_seats, view.trump, (), None, view.turn_up).bid
    return nums, nil


def show_me(view: SeatView, samples: int = 100, seed: int | None = 0, budget_ms: float = 900.0) -> ShowMe:
    """Distribution of the tricks this seat's hand takes over ``samples``
    deals of the unseen cards (:func:`~engine.bots.sampling.sample_hands`)
    played out by the level-2 policy, within about ``budget_ms``.  See
    :class:`ShowMe`."""
    t0 = time.perf_counter()
    rng = random.Random(seed)
    me = view.seat
    blind = view.hand is None  # an unlooked hand: Blind Nil (SP-10)
    advice = advise_bid(view)
    nums, _ = bid_numbers(view)
    own_bid = nums[me] if nums[me] is not None else (advice.bid if advice.bid is not None else 0)
    size = view.hand_size
    deadline = t0 + budget_ms / 1000.0
    spades = view.spec.nil_bids  # Spades: the bid and Nil; exact-bid games: every legal bid
    two = spades and not view.spec.partnerships  # two-player Spades: the opponent's hand from the unseen cards
    if two:
        from .two_player import sample_two_hands, two_state_from_view
    legal_bids = sorted({a.value for a in view.legal if isinstance(a, Bid) and not a.blind}) if not spades else []
    if not legal_bids and not spades:
        legal_bids = [own_bid]
    # every sampled deal is played once per bid of interest (the same deals for
    # every bid: a fair comparison); Spades: the bid and Nil, Oh Hell: every legal bid
    if spades:
        plays = [(own_bid, blind or own_bid == 0)] + ([] if (blind or own_bid == 0) else [(0, True)])
    else:
        plays = [(b, False) for b in legal_bids]
        if own_bid not in legal_bids:
            plays.insert(0, (own_bid, False))
    results: dict[tuple[int, bool], list[int]] = {p: [] for p in plays}
    done = 0
    while done < samples and (done == 0 or time.perf_counter() < deadline):
        try:
            hands = sample_two_hands(view, rng) if two else sample_hands(view, rng, include_own=blind)
        except SamplingError:
            break
        bids, nil = _others_bids(view, hands, own_bid)
        for b, nil_flag in plays:
            bb = list(bids)
            bb[me] = b
            nn = list(nil)
            nn[me] = nil_flag
            st = two_state_from_view(view, hands, bb, nn) if two else state_from_view(view, hands, bb, nn)
            results[(b, nil_flag)].append(play_out(st, club_policy, rng)[me])
        done += 1
    main = results[plays[0]] if spades else results[(own_bid, False)]
    counts = [0] * (size + 1)
    for k in main:
        counts[k] += 1
    m = max(1, len(main))
    nil_risk = None
    exact: dict[int, float] = {}
    if spades:
        nil_runs = results[plays[-1]]
        nil_risk = sum(1 for k in nil_runs if k > 0) / max(1, len(nil_runs))
    else:
        for b in legal_bids:
            res = results[(b, False)]
            exact[b] = sum(1 for k in res if k == b) / max(1, len(res))
        if 0 in exact:
            nil_risk = 1 - exact[0]
    return ShowMe(bid=own_bid, samples=len(main), counts=tuple(counts),
                  chance=tuple(c / m for c in counts), mean=sum(main) / m, nil_risk=nil_risk, blind=blind,
                  exact=exact, millis=(time.perf_counter() - t0) * 1000)
