"""Spades, exactly as RULES.md SP-1 … SP-22 (with every Ruling) states it.

Seats 0..3 clockwise: 0 North, 1 East, 2 South, 3 West; partnerships
side 0 = North–South {0, 2} and side 1 = East–West {1, 3} (SP-1).
Scores are per partnership, in points; bags are a counter of their own.

>>> g = SpadesGame(first_deal=7, dealer=3)
>>> g.phase.value, g.to_act          # North bids first (left of dealer West)
('bidding', 0)
"""
from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any, Iterable

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, Suit, cards_of, describe_cards, mask_of, parse_cards
from .deal import deal_hands
from .errors import InvalidInputError, quote
from .game import HandResult, ScoreLine, SeatView, TrickGame
from .spades_rules import SpadesRules, score_spades_side
from .tricks import TrickRules, TrickState
from .verdict import Reason, Verdict

__all__ = ["SpadesRules", "SpadesGame", "score_spades_side", "SEAT_NAMES", "side_of", "partner_of"]

SEAT_NAMES = ("North", "East", "South", "West")
#: Scores and bags given to a game have fewer than 31 digits (as numbers in hand records).
MAX_POINTS = 10 ** 30
SIDE_NAMES = ("North–South", "East–West")
SPADES_TRICK_RULES = TrickRules(trump=Suit.SPADES, lead_restricted=True, must_trump=False,
                                rule_lead="SP-13", rule_follow="SP-14", rule_break="SP-15",
                                rule_winner="SP-16", rule_turn="SP-12", rule_next_lead="SP-12",
                                rule_play="SP-14")


def side_of(seat: int) -> int:
    """0 for North–South (seats 0, 2), 1 for East–West (seats 1, 3)."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite (SP-1)."""
    return (seat + 2) % 4


def _bid_json(b: Bid | None):
    if b is None:
        return None
    if b.blind:
        return "blind_nil"
    return "nil" if b.value == 0 else b.value


class SpadesGame(TrickGame):
    """A whole game of Spades for four seats.

    Parameters: ``rules`` (:class:`SpadesRules`), ``dealer`` (seat of the
    first dealer, SP-4), ``scores``/``bags`` ([NS, EW] before the first
    hand), ``first_deal`` (deal number of hand 1; hand k uses first_deal+k−1;
    None: drawn from ``rng``), ``auto_deal`` (deal each next hand from the
    deal numbers automatically; False when the caller supplies deals, as the
    hand-record replay does).

    Phases: BIDDING (SP-5/6, Blind Nil SP-10), EXCHANGE (SP-10/11), PLAY
    (SP-12…16), then the hand is scored (SP-17…20) and either the game is
    over (SP-22) or the next dealer (SP-21) deals.

    Raises :class:`InvalidInputError` for a bad argument: ``rules`` not a
    :class:`SpadesRules` (or a dict of its options, or None), a bad seat,
    scores or bags (0…9), ``first_deal`` not None or 0…2**63−1, ``rng`` not
    a ``random.Random``.  Starting scores with a side at or past the target
    are refused unless the two scores are equal (SP-22: that game would
    already be won; equal scores play another hand).  Not thread-safe.
    """

    GAME = "spades"
    n_seats = 4
    _rule_deal = "SP-4"
    _config_keys = ("rules", "start_dealer", "start_scores", "start_bags", "first_deal", "auto_deal", "rng")

    def __init__(self, rules: SpadesRules | None = None, *, dealer: int = 0,
                 scores: Iterable[int] = (0, 0), bags: Iterable[int] = (0, 0),
                 first_deal: int | None = None, rng: random.Random | None = None,
                 auto_deal: bool = True):
        if rules is None:
            rules = SpadesRules()
        elif isinstance(rules, dict):
            rules = SpadesRules.from_json(rules)
        elif not isinstance(rules, SpadesRules):
            raise InvalidInputError(f"rules {quote(rules)} must be a SpadesRules, a dict of options, or None for the defaults")
        self.rules = rules
        self.start_dealer = self._seat(dealer)
        self.start_scores = tuple(_int_pair(scores, "scores"))
        self.start_bags = tuple(_int_pair(bags, "bags"))
        limit = self.rules.bag_limit
        if any(b < 0 or b >= limit for b in self.start_bags):
            raise InvalidInputError(f"bags {list(self.start_bags)} must each be 0 to {limit - 1} ({limit} bags cost "
                                    f"{self.rules.bag_penalty} points at once, {'SP-20' if limit == 10 else 'SP-H4'})")
        problem = start_scores_problem(self.start_scores, self.rules.target_score, self.rules.loss_floor)
        if problem:
            raise InvalidInputError(f"scores: {problem}")
        self._init_common(first_deal, rng, auto_deal)

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        self.phase = Phase.DEAL
        self.hands_dealt = 0
        self.dealer = (self.start_dealer - 1) % 4  # the first deal moves it to start_dealer
        self._scores = list(self.start_scores)
        self._bags = list(self.start_bags)
        self._results: list[HandResult] = []
        self.winners: tuple[int, ...] = ()
        self._hands: list[int] = []
        self._deal: Deal | None = None
        self._bids: list[Bid | None] = [None] * 4
        self._looked = [False] * 4
        self._passes: dict[int, tuple[Card, ...]] = {}
        self._received: dict[int, tuple[Card, ...]] = {}
        self._exchange_seats: tuple[int, ...] = ()
        self._trick: TrickState | None = None

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def bid_label(self, value: int, blind: bool = False) -> str:
        return _bid_text(Bid(0, value, blind)) if value == 0 or blind else str(value)

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.BIDDING:
            n = sum(b is not None for b in self._bids)
            return ((self.dealer + 1 + n) % 4,)
        if self.phase is Phase.EXCHANGE:
            return tuple(s for s in self._exchange_seats if s not in self._passes)
        if self.phase is Phase.PLAY:
            return (self._trick.to_play,)
        return ()

    @property
    def bids(self) -> tuple:
        """Bids this hand per seat, as in records: int, "nil", "blind_nil" or None."""
        return tuple(_bid_json(b) for b in self._bids)

    @property
    def trump(self) -> Suit:
        """The trump suit: always spades (SP-2)."""
        return Suit.SPADES

    @property
    def turn_up(self) -> None:
        """No card is turned up in Spades (SP-2): always None."""
        return None

    @property
    def hand_size(self) -> int:
        """Cards each seat is dealt: 13 (SP-4)."""
        return 13

    @property
    def spades_broken(self) -> bool:
        return bool(self._trick and self._trick.broken)

    @property
    def bags(self) -> list[int]:
        """Bags carried per partnership [NS, EW] (SP-20); a new list each time."""
        return list(self._bags)

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has seen its cards this hand (SP-10): it looked,
        bid a number, or the bidding is over.  A fact: :meth:`undo` never
        makes it False again, so Blind Nil stays refused
        (BLIND_NIL_AFTER_LOOKING)."""
        return self._looked[self._seat(seat)]

    @property
    def exchange_seats(self) -> tuple[int, ...]:
        """Seats that swap cards this hand (SP-10/11; how many: ``rules.blind_nil_pass``, SP-H3)."""
        return self._exchange_seats

    def make_deal(self, number: int) -> Deal:
        """The :class:`Deal` that deal number ``number`` gives the next dealer (SP-4)."""
        next_dealer = (self.dealer + 1) % 4
        hands, _ = deal_hands(number, 4, 13, next_dealer)
        return Deal(tuple(tuple(sorted(h)) for h in hands), None, number)

    def _validate_deal(self, deal: Deal) -> None:
        self._check_deal_hands(deal, 13, "SP-4")
        if deal.turn_up is not None:
            raise InvalidInputError("Spades has no turned-up card (spades are always trump, SP-2)")

    # ------------------------------------------------------------- checks
    def _game_over_verdict(self) -> Verdict:
        return Verdict.refuse(Reason.GAME_OVER, "SP-22",
                              f"The game is over: {self._winner_text()} won. Start a new game to play again.",
                              winners=list(self.winners))

    def _winner_text(self) -> str:
        if not self.winners:
            return "nobody"
        side = side_of(self.winners[0])
        return f"{SIDE_NAMES[side]} ({self._scores[side]} points)"

    def _phase_refusal(self, wanted: str) -> Verdict:
        """Why a ``wanted`` action ("bid", "play", "exchange") is out of phase."""
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        if self.phase is Phase.DEAL:
            return Verdict.refuse(Reason.HAND_NOT_DEALT, "SP-21",
                                  f"The hand is over; the next hand has not been dealt yet, so you cannot {wanted}.")
        if self.phase is Phase.BIDDING:
            left = [SEAT_NAMES[s] for s in range(4) if self._bids[s] is None]
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-5",
                                  f"It is still the bidding: everyone bids once before any card is played "
                                  f"({', '.join(left)} still to bid). You cannot {wanted} now.",
                                  phase="bidding")
        if self.phase is Phase.EXCHANGE:
            left = [SEAT_NAMES[s] for s in self.seats_to_act]
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-10",
                                  f"The Blind Nil exchange comes first: {' and '.join(left)} still "
                                  f"{'has' if len(left) == 1 else 'have'} to choose {self.rules.blind_nil_pass} card{'s' if self.rules.blind_nil_pass != 1 else ''} to pass. You cannot {wanted} now.",
                                  phase="exchange")
        return Verdict.refuse(Reason.WRONG_PHASE, "SP-5",
                              f"The bidding is over and the cards are being played, so you cannot {wanted} now "
                              f"(there is exactly one round of bidding, SP-5).", phase="play")

    def check_bid(self, seat: int, value: Any, blind: bool = False) -> Verdict:
        """May ``seat`` bid ``value`` (``blind=True``: Blind Nil) now?

        Checks in order: game over (SP-22), phase, already bid / not your
        turn (SP-5), whole number (SP-6), 0…13 (SP-6), Blind Nil only before
        looking (SP-10).  Returns a :class:`Verdict`; never raises for a
        rule violation (InvalidInputError for a bad seat).
        """
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING:
            if self.phase in (Phase.EXCHANGE, Phase.PLAY) and self._bids[seat] is not None:
                return Verdict.refuse(Reason.ALREADY_BID, "SP-5",
                                      f"You already bid {_bid_text(self._bids[seat])} this hand; there is exactly one round of bidding (SP-5).",
                                      bid=_bid_json(self._bids[seat]))
            return self._phase_refusal("bid")
        if self._bids[seat] is not None:
            return Verdict.refuse(Reason.ALREADY_BID, "SP-5",
                                  f"You already bid {_bid_text(self._bids[seat])} this hand; each player bids exactly once (SP-5).",
                                  bid=_bid_json(self._bids[seat]))
        turn = self.seats_to_act[0]
        if seat != turn:
            return Verdict.refuse(Reason.NOT_YOUR_TURN, "SP-5",
                                  f"It is {SEAT_NAMES[turn]}'s turn to bid. Bidding starts left of the dealer "
                                  f"({SEAT_NAMES[self.dealer]} dealt) and goes clockwise (SP-5).",
                                  to_act=turn)
        if blind:
            if value != 0 or isinstance(value, bool) or not isinstance(value, int):
                return Verdict.refuse(Reason.BID_OUT_OF_RANGE, "SP-10",
                                      f"A Blind Nil is a bid of 0 made without looking; {quote(value)} is not 0 (SP-10).",
                                      bid=quote(value))
            if self._looked[seat]:
                return Verdict.refuse(Reason.BLIND_NIL_AFTER_LOOKING, "SP-10",
                                      "You have already looked at your cards, so you can no longer bid Blind Nil. "
                                      "You may still bid Nil (0) or a number (SP-10).")
            refused = self._blind_nil_refusal(seat)
            if refused is not None:
                return refused
            return Verdict.allow("Yes: you have not looked at your cards, so you may bid Blind Nil (SP-10).", "SP-10")
        bad = _whole_number_problem(value)
        if bad:
            return Verdict.refuse(Reason.BID_NOT_WHOLE_NUMBER, "SP-6",
                                  f"A bid must be a whole number of tricks from 0 to 13; {bad} (SP-6).",
                                  bid=quote(value))
        if not 0 <= value <= 13:
            return Verdict.refuse(Reason.BID_OUT_OF_RANGE, "SP-6",
                                  f"You cannot bid {quote(value)}: bids go from 0 (Nil) to 13, the number of tricks in a hand (SP-6).",
                                  bid=value if abs(value) < 10 ** 30 else quote(value), low=0, high=13)
        if value == 0:
            return Verdict.allow("Yes: 0 is a Nil bid: you promise to win no trick (SP-8).", "SP-8", bid=0)
        low = self._min_number_bid(seat)
        if value < low:
            p = self._bids[partner_of(seat)]
            n = self.rules.min_contract
            return Verdict.refuse(Reason.BID_OUT_OF_RANGE, "SP-H6",
                                  f"You cannot bid {value}: your partner bid {_bid_text(p)}, and the two partners' bids "
                                  f"(not counting Nil) must add up to at least {n} in this game (SP-H6). "
                                  f"Bid {low} or more, or Nil.", bid=value, low=low, high=13, min_contract=n)
        return Verdict.allow(f"Yes: any whole number from 0 to 13 may be bid (SP-6).", "SP-6", bid=value)

    def legal_bids(self, seat: int) -> list[Bid]:
        """Every legal :class:`Bid` for ``seat`` now (0…13, then Blind Nil if allowed)."""
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING or self.seats_to_act[0] != seat:
            return []
        low = self._min_number_bid(seat)
        out = [Bid(seat, v) for v in range(14) if v == 0 or v >= low]
        if not self._looked[seat] and self._blind_nil_refusal(seat) is None:
            out.append(Bid(seat, 0, True))
        return out

    def _min_number_bid(self, seat: int) -> int:
        """The lowest number (not Nil) ``seat`` may bid: 1, or what SP-H6
        asks of the second partner to bid (partner's Nil counts as 0)."""
        n = self.rules.min_contract
        p = self._bids[partner_of(seat)]
        if not n or p is None:
            return 1
        return max(1, n - p.value)

    def _blind_nil_refusal(self, seat: int) -> Verdict | None:
        """Why SP-H2 forbids ``seat`` a Blind Nil now (None: allowed).
        ``behind_100`` compares the totals before this hand."""
        when = self.rules.blind_nil
        if when == "always":
            return None
        if when == "never":
            return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-H2",
                                  "Blind Nil is not allowed in this game (house rule SP-H2: never). "
                                  "You may look at your cards and bid Nil (0) or a number.")
        side = side_of(seat)
        mine, theirs = self._scores[side], self._scores[1 - side]
        if theirs - mine >= 100:
            return None
        gap = (f"ahead by {mine - theirs}" if mine > theirs else
               f"behind by only {theirs - mine}" if theirs > mine else "level")
        return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-H2",
                              f"Blind Nil is allowed in this game only to a partnership 100 or more points behind "
                              f"(house rule SP-H2): {SIDE_NAMES[side]} has {mine}, {SIDE_NAMES[1 - side]} has {theirs}, "
                              f"so you are {gap}. "
                              f"You may look at your cards and bid Nil (0) or a number.",
                              scores=[mine, theirs] if side == 0 else [theirs, mine])

    def check_play(self, seat: int, card: "Card | str") -> Verdict:
        """May ``seat`` play ``card`` now?  Game over (SP-22), phase, turn
        (SP-12: left of the dealer leads the first trick, the winner of a
        trick the next), possession (CARD_NOT_IN_HAND: RULES.md has no rule
        id of its own for it, so the verdict cites SP-14, the rule saying
        which card a player may play, and its message says "you don't hold
        the 7♣"), spades not broken (SP-13), follow suit (SP-14).
        Raises InvalidInputError only for a malformed card or seat."""
        seat = self._seat(seat)
        card = Card.parse(card)
        if self.phase is not Phase.PLAY:
            return self._phase_refusal("play a card")
        return self._trick.check(seat, card)

    def check_exchange(self, seat: int, cards) -> Verdict:
        """May ``seat`` pass these cards to its partner (SP-10, SP-11)?  How
        many: ``rules.blind_nil_pass`` (3 by default; SP-H3, with 0 there is
        no exchange at all)."""
        seat = self._seat(seat)
        cards = tuple(parse_cards(cards))
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        side = side_of(seat)
        mine = [self._bids[s] for s in (side, side + 2)]
        if self.phase is not Phase.DEAL and all(b is not None and b.blind for b in mine):
            return Verdict.refuse(Reason.EXCHANGE_BOTH_BLIND_NIL, "SP-11",
                                  "You and your partner both bid Blind Nil, so no cards are exchanged (SP-11).")
        if self.phase in (Phase.BIDDING, Phase.DEAL):
            return self._phase_refusal("pass cards")
        if self.rules.blind_nil_pass == 0:
            return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-H3",
                                  "In this game a Blind Nil bidder exchanges no cards with his partner "
                                  "(house rule SP-H3: exchange size 0), so there is nothing to pass.")
        if self.phase is not Phase.EXCHANGE or seat not in self._exchange_seats:
            return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-10",
                                  "Only a Blind Nil bidder and his partner exchange cards, once, after the "
                                  "bidding and before the first lead; you are not in an exchange now (SP-10).",
                                  exchange_seats=list(self._exchange_seats))
        k = self.rules.blind_nil_pass
        size_rule = "SP-10" if k == 3 else "SP-H3"
        if seat in self._passes:
            return Verdict.refuse(Reason.EXCHANGE_ALREADY_PASSED, size_rule,
                                  f"You have already chosen your {k} card{'s' if k != 1 else ''} ({describe_cards(self._passes[seat])}); "
                                  f"the swap happens when your partner has chosen too (SP-10).")
        hand = self._hands[seat]
        if len(cards) != k or len(set(cards)) != k:
            what = f"exactly {k} different cards" if k != 1 else "exactly 1 card"
            return Verdict.refuse(Reason.EXCHANGE_WRONG_COUNT, size_rule,
                                  f"You must pass {what} to your partner; {_chosen_text(cards)} ({size_rule}).",
                                  cards=[c.code for c in cards])
        missing = [c for c in cards if not hand & c.bit]
        if missing:
            return Verdict.refuse(Reason.EXCHANGE_CARD_NOT_HELD, "SP-10",
                                  f"You can only pass cards you hold; you don't hold {describe_cards(missing)} (SP-10).",
                                  cards=[c.code for c in cards], missing=[c.code for c in missing])
        return Verdict.allow(f"Yes: you pass {describe_cards(cards)} to your partner; the two sets are swapped "
                             f"at the same time (SP-10).", "SP-10", cards=[c.code for c in cards])

    def legal_exchanges(self, seat: int) -> list[Pass]:
        """Every legal :class:`Pass` for ``seat`` now (any ``rules.blind_nil_pass``
        of its 13 cards: 286 for 3, SP-10/SP-H3)."""
        seat = self._seat(seat)
        if self.phase is not Phase.EXCHANGE or seat not in self.seats_to_act:
            return []
        return [Pass(seat, cs) for cs in combinations(cards_of(self._hands[seat]), self.rules.blind_nil_pass)]

    # ------------------------------------------------------------- applying
    def _apply(self, a: Action):
        if isinstance(a, Play):
            return self._apply_play(a)
        if isinstance(a, Bid):
            self._bids[a.seat] = Bid(a.seat, a.value, a.blind)
            if not a.blind:
                self._looked[a.seat] = True  # a player who bids a number has looked
            if all(b is not None for b in self._bids):
                self._end_bidding()
            return None
        if isinstance(a, Look):
            self._looked[a.seat] = True
            return None
        if isinstance(a, Pass):
            self._passes[a.seat] = tuple(a.cards)
            p = partner_of(a.seat)
            if p in self._passes:  # both chosen: swap at the same time (SP-10 ruling)
                mine, theirs = mask_of(self._passes[a.seat]), mask_of(self._passes[p])
                self._hands[a.seat] = (self._hands[a.seat] & ~mine) | theirs
                self._hands[p] = (self._hands[p] & ~theirs) | mine
                self._received[a.seat] = self._passes[p]
                self._received[p] = self._passes[a.seat]
            if all(s in self._passes for s in self._exchange_seats):
                self._start_play()
            return None
        if isinstance(a, Deal):
            self._start_hand(a)
            return None
        raise InvalidInputError(f"{quote(a)} is not an action")

    def _start_hand(self, deal: Deal) -> None:
        self.dealer = (self.dealer + 1) % 4  # SP-21: left of the last dealer
        self.hands_dealt += 1
        self._deal = deal
        self._hands = [mask_of(h) for h in deal.hands]
        self._bids = [None] * 4
        self._looked = [False] * 4
        self._passes = {}
        self._received = {}
        self._exchange_seats = ()
        self._trick = None
        self.phase = Phase.BIDDING

    def _end_bidding(self) -> None:
        seats = []
        for side in (0, 1):
            blind = [s for s in (side, side + 2) if self._bids[s].blind]
            if len(blind) == 1 and self.rules.blind_nil_pass:  # SP-10; both Blind Nil: none (SP-11); SP-H3 0: none
                seats.extend((side, side + 2))
        self._exchange_seats = tuple(sorted(seats))
        self._looked = [True] * 4  # the Blind Nil bidder looks after the bid (SP-10)
        if seats:
            self.phase = Phase.EXCHANGE
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._trick = TrickState(SPADES_TRICK_RULES, list(self._hands), (self.dealer + 1) % 4, self.seat_name)
        self.phase = Phase.PLAY

    def _finish_hand(self) -> None:
        won = self._trick.won
        lines: list[ScoreLine] = []
        points = []
        for side in (0, 1):
            sl, pts, bags_after = score_spades_side(
                side, [self._bids[side], self._bids[side + 2]], [won[side], won[side + 2]], self._bags[side], self.rules)
            lines.extend(sl)
            points.append(pts)
            self._scores[side] += pts
            self._bags[side] = bags_after
        self._results.append(HandResult(
            number=self.hands_dealt, dealer=self.dealer, trump=Suit.SPADES, turn_up=None, hand_size=13,
            bids=self.bids, tricks=tuple(self._trick.tricks), tricks_won=tuple(won),
            score_lines=tuple(lines), points=tuple(points), scores_after=tuple(self._scores),
            bags_after=tuple(self._bags)))
        target = self.rules.target_score
        ns, ew = self._scores
        side = spades_winning_side(ns, ew, self.rules)
        if side is not None:
            self.winners = (side, side + 2)
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.DEAL

    # ------------------------------------------------------------- views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand once looked, public bids,
        tricks, scores and bags; its own exchange cards; never another seat's
        hand or pass."""
        seat = self._seat(seat)
        tr = self._trick
        if tr is not None:
            hand_mask = tr.hands[seat]
        else:
            hand_mask = self._hands[seat] if self._hands else 0
        looked = self._looked[seat]
        to_act = self.seats_to_act
        return SeatView(
            game=self.GAME, seat=seat, n_seats=4, phase=self.phase, hand_number=self.hands_dealt,
            hand_size=13, dealer=self.dealer, to_act=to_act,
            hand=tuple(cards_of(hand_mask)) if looked else None, looked=looked,
            bids=self.bids, trump=Suit.SPADES, turn_up=None, broken=self.spades_broken,
            current_trick=tr.current_trick() if tr else None,
            tricks=tuple(tr.tricks) if tr else (), tricks_won=self.tricks_won,
            scores=tuple(self._scores), bags=tuple(self._bags),
            legal=tuple(self.legal_actions(seat)) if seat in to_act else (),
            rules=self.rules, passed=self._passes.get(seat), received=self._received.get(seat),
            exchange_seats=self._exchange_seats, exchange_pending=to_act if self.phase is Phase.EXCHANGE else (),
            last_trick=tr.tricks[-1] if tr and tr.tricks else None, results=tuple(self._results))


def spades_winning_side(ns: int, ew: int, rules: SpadesRules) -> int | None:
    """The partnership (0 NS, 1 EW) that has won after a hand with totals
    ``ns``/``ew``, or None (play another hand).  SP-22 first: a side at or
    past ``rules.target_score`` (SP-H9), the higher if both, none if equal;
    then the mercy rule SP-H8: a side at or below ``rules.loss_floor`` loses,
    the higher total wins if both are, none if they are equal."""
    target, floor = rules.target_score, rules.loss_floor
    if (ns >= target or ew >= target) and ns != ew:  # SP-22 (equal: play on)
        return 0 if ns > ew else 1
    if floor is not None and (ns <= floor or ew <= floor) and ns != ew:  # SP-H8
        return 0 if ns > ew else 1
    return None


def start_scores_problem(scores, target: int, floor: int | None = None) -> str | None:
    """Why ``scores`` ([NS, EW] before the first hand) cannot start a game
    to ``target`` points, or None.  A side at or past the target with the
    scores unequal would already have won (SP-22), so such a start is refused
    as invalid (rather than treated as a finished game); equal scores at or
    past the target are a valid start: another hand is played (SP-22).
    Likewise with a mercy floor (SP-H8): a side at or below ``floor`` with
    the scores unequal would already have lost."""
    ns, ew = scores
    if (ns >= target or ew >= target) and ns != ew:
        side = 0 if ns > ew else 1
        return (f"{SIDE_NAMES[side]} already has {quote(max(ns, ew))} points, at or past the target of {target}, "
                f"so that game is already won (SP-22); a game can start with a side at or past the target "
                f"only if the scores are equal (then another hand is played)")
    if floor is not None and (ns <= floor or ew <= floor) and ns != ew:
        side = 0 if ns < ew else 1
        return (f"{SIDE_NAMES[side]} has {quote(min(ns, ew))} points, at or below the mercy floor of {floor}, "
                f"so that game is already lost (SP-H8); a game can start with a side at or below the floor "
                f"only if the scores are equal")
    return None


def _chosen_text(cards) -> str:
    """"you chose 2 cards (A♣ and K♣)", naming a card chosen twice."""
    if not cards:
        return "you chose no cards"
    counts: dict = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    dups = [c for c, k in counts.items() if k > 1]
    shown = ", ".join(c.display for c in cards[:6]) + (", …" if len(cards) > 6 else "")
    text = f"you chose {len(cards):,} card{'s' if len(cards) != 1 else ''} ({shown})"
    if dups:
        twice = " and ".join(f"the {c.display} {'twice' if counts[c] == 2 else f'{counts[c]:,} times'}"
                             for c in dups[:3]) + (" …" if len(dups) > 3 else "")
        text += f", {twice}, so only {len(counts)} different card{'s' if len(counts) != 1 else ''}"
    return text


def _bid_text(b: Bid) -> str:
    return "Blind Nil" if b.blind else ("Nil" if b.value == 0 else str(b.value))


def _whole_number_problem(value: Any) -> str | None:
    """Why ``value`` is not a whole number (None if it is one)."""
    if isinstance(value, bool):
        return f"{quote(value)} is a yes/no value, not a number"
    if isinstance(value, int):
        return None
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN is not a number of tricks"
        if math.isinf(value):
            return f"{quote(value)} is not a number of tricks"
        return (f"{quote(value)} is not a whole number" if not value.is_integer()
                else f"{quote(value)} is written as a decimal; give the whole number {quote(int(value))}")
    if isinstance(value, str):
        return f"{quote(value)} is text, not a number"
    return f"{quote(value)} is not a number"


def _int_pair(values: Iterable[int], name: str) -> list[int]:
    try:
        vals = list(values)
    except TypeError:
        raise InvalidInputError(f"{name} must be two whole numbers [North–South, East–West], got {quote(values)}") from None
    if len(vals) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in vals):
        raise InvalidInputError(f"{name} must be two whole numbers [North–South, East–West], got {quote(vals)}")
    if any(abs(v) >= MAX_POINTS for v in vals):
        raise InvalidInputError(f"{name} {quote(vals)}: each must have at most 30 digits")
    return vals
