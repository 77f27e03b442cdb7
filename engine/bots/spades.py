"""What the computer players know of Spades, for four seats and for two: the
advisor's trick count of a hand (SP-6 … SP-8, SP-14, SP-16), the danger of a
Nil (SP-8), how well a sampled deal fits the bids made, and the parts of the
strategy both seat layouts share (:class:`SpadesStrategy`).

>>> from engine.cards import parse_cards
>>> a = advise_spades(parse_cards("AS KS 4S 3S AH 7H 2H KD 9D 3D 8C 5C 2C"))
>>> a.bid, round(sum(v for _, v in a.lines))
(5, 5)

Every line of advice is one of the engine's messages (``advice.spades.*`` in
:mod:`engine.text.advice`), said with plain data: the card's code, the
suit's letter, the count as a number (:func:`~engine.bots.kit.say`).
"""
from __future__ import annotations

import math
from abc import abstractmethod
from typing import Sequence, cast

from ..games.spades import SpadesRules
from ..actions import Bid
from ..cards import Card, Rank, Suit, cards_of
from ..game import SeatView
from ..solver import Position, spades_position
from ..message import Msg, Said
from .kit import NO_WORDS, Advice, Line, finish_advice, say
from .sampling import Deal, trick_in_progress
from .showme import NIL_RISK
from .strategy import BidWeight, GameStrategy, ShowMePlan

__all__ = ["advise_spades", "spades_estimate", "spades_lines", "nil_danger", "bid_objects", "bid_weight",
           "spades_rules", "SpadesStrategy", "LONG_SUIT_VALUE", "REST_VALUE"]

#: calibration (benchmarks/bots.py, advisor accuracy): long side suits and the rest of the hand
LONG_SUIT_VALUE = 0.4
REST_VALUE = 0.5

def spades_rules(view: SeatView) -> SpadesRules:
    """The rules of a Spades view (its typed record, SP-H1 … SP-H9)."""
    return cast(SpadesRules, view.rules)


def spades_lines(hand: Sequence[Card], *, words: bool = True) -> tuple[list[Line], int]:
    """Counted tricks of a Spades hand: (lines, sure tricks).  ``words``
    False: every line's text is "" (the values alone, for the search)."""
    by_suit: dict[Suit, list[Card]] = {s: sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank)
                                        for s in Suit}
    lines: list[Line] = []
    sp = by_suit[Suit.SPADES]
    t = len(sp)
    ranks = {c.rank for c in sp}
    # top spades in sequence from the ace are sure (SP-16: the highest spade wins)
    seq = 0
    for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN):
        if r in ranks:
            seq += 1
        else:
            break
    for i, c in enumerate(sp[:seq]):
        key = "advice.spades.top.first" if i == 0 else "advice.spades.top.next"
        lines.append((say(key, card=c.code) if words else NO_WORDS, 1.0))
    sure = seq
    counted = seq  # spades already counted as tricks
    honors = [c for c in sp[seq:] if c.rank >= Rank.QUEEN]
    for c in honors:
        higher_missing = sum(1 for r in range(c.rank + 1, 15) if r not in ranks)
        guards = t - 1
        if c.rank == Rank.KING:
            v, why = (0.8, "king.guarded") if guards >= 1 else (0.4, "king.alone")
        else:  # queen
            if higher_missing == 1 and guards >= 2:
                v, why = 0.8, "queen.higher_and_guards"
            elif guards >= 2:
                v, why = 0.6, "queen.two_guards"
            elif guards == 1:
                v, why = 0.3, "queen.one_guard"
            else:
                v, why = 0.1, "queen.alone"
        lines.append((say(f"advice.spades.{why}", card=c.code) if words else NO_WORDS, v))
        if v >= 0.5:
            counted += 1
    for k in range(4, t + 1):
        if k <= counted:  # that many spades are already counted as tricks
            continue
        v = 0.8 if k == 4 else 0.9 if k == 5 else 1.0
        key = "advice.spades.length.likely" if v < 1 else "advice.spades.length.sure"
        lines.append((say(key, count_word=t, nth=k) if words else NO_WORDS, v))
        counted += 1
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cs = by_suit[s]
        L = len(cs)
        rs = {c.rank for c in cs}
        for c in cs:
            if c.rank == Rank.ACE:
                v = 0.95 if L <= 4 else 0.7 if L == 5 else 0.4
                key = "advice.spades.side_ace.short" if L <= 4 else "advice.spades.side_ace.long"
                lines.append((say(key, card=c.code) if words else NO_WORDS, v))
            elif c.rank == Rank.KING:
                if Rank.ACE in rs:
                    v = 0.8 if L <= 4 else 0.5 if L == 5 else 0.2
                    why = "side_king.with_ace" if L <= 4 else "side_king.with_ace_long"
                elif L == 1:
                    v, why = 0.2, "side_king.alone"
                elif L <= 3:
                    v = 0.6 if L == 2 else 0.67
                    why = "side_king.one_small" if L == 2 else "side_king.two_small"
                elif L == 4:
                    v, why = 0.5, "side_king.three_small"
                else:
                    v, why = 0.3, "side_king.long"
                lines.append((say(f"advice.spades.{why}", card=c.code) if words else NO_WORDS, v))
            elif c.rank == Rank.QUEEN and 3 <= L <= 4:
                tops = (Rank.ACE in rs) + (Rank.KING in rs)
                v = (0.5, 0.3, 0.2)[2 - tops] if tops else 0.2
                why = ("side_queen.ace_king" if tops == 2 else
                       "side_queen.honour" if tops == 1 else "side_queen.guarded")
                lines.append((say(f"advice.spades.{why}", card=c.code) if words else NO_WORDS, v))
    # long side suits: once the others run out, the last cards may win
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        L = len(by_suit[s])
        if L >= 5:
            lines.append((say("advice.spades.long_side", count_word=L, suit=s.letter) if words else NO_WORDS,
                          LONG_SUIT_VALUE * (L - 4)))
    # short side suits let spare spades trump (SP-14, SP-16)
    spare = max(0, t - counted)
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        if spare <= 0 or t < 2:
            break
        L = len(by_suit[s])
        if L == 0:
            lines.append((say("advice.spades.void.ruff", suit=s.letter) if words else NO_WORDS, 0.8))
            spare -= 1
            if spare > 0 and t >= 4:
                lines.append((say("advice.spades.void.ruff_again", suit=s.letter) if words else NO_WORDS, 0.4))
                spare -= 1
        elif L == 1 and by_suit[s][0].rank != Rank.ACE:
            lines.append((say("advice.spades.singleton.ruff", suit_one=s.letter, suit=s.letter) if words
                          else NO_WORDS, 0.5))
            spare -= 1
        elif L == 2 and t >= 4:
            lines.append((say("advice.spades.doubleton.ruff", suit=s.letter) if words else NO_WORDS, 0.2))
            spare -= 1
    if REST_VALUE:
        lines.append((say("advice.spades.rest") if words else NO_WORDS, REST_VALUE))
    return lines, sure


def nil_danger(hand: Sequence[Card], *, words: bool = True) -> tuple[float, list[Said]]:
    """How risky a Nil is for ``hand`` (0 = safe; above about 1: too risky,
    SP-8) and the reasons that make it safe (messages ``advice.spades.nil.*``;
    none with ``words`` False)."""
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
    reasons: list[Said] = []
    if not words:
        return danger, reasons
    if not sp:
        reasons.append(say("advice.spades.nil.no_spades"))
    elif len(sp) == 1:
        reasons.append(say("advice.spades.nil.one_spade", card=sp[-1].code))
    else:
        reasons.append(say("advice.spades.nil.spades", count_word=len(sp), card=sp[-1].code))
    lows = [cs[0] for s, cs in by_suit.items() if s != Suit.SPADES and cs]
    if lows:
        reasons.append(say("advice.spades.nil.low_cards", low_cards=[c.code for c in lows]))
    if not any(c.rank == Rank.ACE for c in hand):
        reasons.append(say("advice.spades.nil.no_ace"))
    return danger, reasons


def spades_estimate(hand: Sequence[Card]) -> float:
    """Counted tricks of a Spades hand (the sum of the advisor's lines before
    any Nil choice or partner adjustment)."""
    return sum(v for _, v in spades_lines(hand, words=False)[0])


def advise_spades(hand: Sequence[Card], partner_bid: int | str | None = None, *, allow_nil: bool = True,
                  nil_value: int = 100) -> Advice:
    """Advice for a Spades bid (SP-6 … SP-8).

    ``hand``: the 13 cards; ``partner_bid``: the partner's bid if already made
    (int, ``"nil"`` or ``"blind_nil"``), else None.  Suggests Nil (SP-8) for a
    weak hand whose partner has not bid Nil; otherwise at least 1.
    ``nil_value`` 50 (house rule SP-H1): Nil is worth half as much, so it
    is suggested only for a hand about half as risky.
    """
    lines, sure = spades_lines(hand)
    partner_nil = partner_bid in ("nil", "blind_nil") or partner_bid == 0
    if partner_nil:
        lines.append((say("advice.spades.partner.nil"), -0.3))
    elif isinstance(partner_bid, int) and partner_bid >= 5:
        lines.append((say("advice.spades.partner.high", bid=partner_bid), -0.3))
    total = sum(v for _, v in lines)
    numeric = max(1, min(13, math.floor(total + 0.5)))
    if isinstance(partner_bid, int) and partner_bid + numeric > 13:
        numeric = max(1, 13 - partner_bid)
    danger, reasons = nil_danger(hand)
    scale = nil_value / 100  # SP-H1: a Nil worth 50 is worth half the risk
    if allow_nil and not partner_nil and danger <= 0.9 * scale and total <= 2.5 * scale:
        head = (say("advice.spades.nil.suggested") if nil_value == 100 else
                say("advice.spades.nil.suggested_value", nil_value=nil_value))
        nil_lines = [(head, 0.0)] + [(r, 0.0) for r in reasons]
        return Advice(0, tuple(nil_lines), sure=sure, nil=True, alternative=numeric)
    if total < 0.5:
        lines.append((say("advice.spades.at_least_one"), 1 - total))
    return finish_advice(lines, numeric, sure=sure)


def bid_objects(view: SeatView) -> list[Bid]:
    """The view's Spades bids as :class:`~engine.actions.Bid` (a bid not yet
    made counts as a Nil: 0)."""
    out = []
    for s, b in enumerate(view.bids):
        if b == "blind_nil":
            out.append(Bid(s, 0, True))
        elif b == "nil" or b is None:
            out.append(Bid(s, 0))
        else:
            out.append(Bid(s, int(b)))
    return out


def bid_weight(view: SeatView) -> BidWeight | None:
    """Four-seat Spades: a function ``hands -> weight`` saying how well a
    sampled deal fits the bids already made (a seat that bid 4 rarely holds
    a one-trick hand; a Nil bidder rarely holds high spades).  None when
    nothing to use."""
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

    def weight(hands: Deal) -> float:
        w = 1.0
        for s in seats:
            full = cards_of(hands[s] | played[s])
            b = view.bids[s]
            if b in ("nil", 0):
                d, _ = nil_danger(full, words=False)
                w *= math.exp(-max(0.0, d - 0.9))
            elif b == "blind_nil":
                continue
            else:
                e = max(1.0, spades_estimate(full))
                w *= math.exp(-((e - int(b)) ** 2) / 4.5)  # sigma 1.5 tricks
        return w
    return weight


class SpadesStrategy(GameStrategy):
    """What Spades for four and Spades for two share: spades are trump and not
    led before broken (SP-13), a numeric bid never slides into a Nil (SP-8),
    SP-H6's minimum, ``show_me``'s bid-and-Nil plan, and the advice for an
    unlooked hand."""

    def position(self, view: SeatView, hands: list[int]) -> Position:
        leader, current = trick_in_progress(view)
        return spades_position(hands, leader, current, broken=view.broken)

    def show_me_plan(self) -> ShowMePlan:
        return NIL_RISK

    def advise(self, view: SeatView) -> Advice:
        if view.hand is None:
            return self.unlooked_advice(view)
        return self.looked_advice(view, view.hand)

    def count_hand(self, hand: Sequence[Card], trump: Suit | None, players: int) -> Advice:
        """:func:`advise_spades` without the Nil choice (spades are trump, SP-2)."""
        return advise_spades(hand, None, allow_nil=False)

    def unlooked_advice(self, view: SeatView) -> Advice:
        """Advice before looking at the cards: look first."""
        return Advice(None, ((say("advice.spades.unlooked"), 0.0),))

    @abstractmethod
    def looked_advice(self, view: SeatView, hand: tuple[Card, ...]) -> Advice:
        """Advice for the looked hand ``hand``."""

    def numeric_bids(self, legal: list[Bid]) -> list[Bid]:
        return [a for a in legal if a.value] or legal  # never slide into a Nil (e.g. under SP-H6's minimum)

    def raised_bid_note(self, view: SeatView, pick: Bid) -> Msg | None:
        least = spades_rules(view).min_contract
        return Msg("advice.spades.min_contract", {"bid": pick.value, "min_contract": least}) if least else None
