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
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Iterable

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, Suit, cards_of, describe_cards, mask_of, parse_cards
from .deal import deal_hands
from .errors import InvalidInputError, quote
from .game import HandResult, ScoreLine, SeatView, TrickGame
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


@dataclass(frozen=True)
class SpadesRules:
    """Options for Spades.  ``target_score``: points that win the game
    (SP-3, SP-22; default 500).  Validated on creation (InvalidInputError)."""

    target_score: int = 500

    def __post_init__(self) -> None:
        t = self.target_score
        if isinstance(t, bool) or not isinstance(t, int) or t <= 0:
            raise InvalidInputError(f"target_score {quote(t)} must be a whole number of points above 0 (SP-3)")

    @classmethod
    def from_json(cls, d: dict) -> "SpadesRules":
        """From a hand record's ``rules`` object; unknown switches are errors."""
        if not isinstance(d, dict):
            raise InvalidInputError("rules must be an object")
        unknown = set(d) - {"target_score"}
        if unknown:
            raise InvalidInputError(f"rules: unknown Spades option {quote(sorted(unknown)[0])} (known: target_score)")
        return cls(**d)

    def to_json(self) -> dict:
        return {} if self.target_score == 500 else {"target_score": self.target_score}


def _bid_json(b: Bid | None):
    if b is None:
        return None
    if b.blind:
        return "blind_nil"
    return "nil" if b.value == 0 else b.value


def score_spades_side(side: int, bids: list[Bid], tricks: list[int], bags_before: int,
                      ) -> tuple[list[ScoreLine], int, int]:
    """Score one partnership's hand (SP-7, SP-8 … SP-11, SP-17 … SP-20).

    ``bids``/``tricks``: the two partners' :class:`Bid` (blind = Blind Nil)
    and tricks won, in seat order; ``bags_before``: the side's bag counter.
    Returns ``(score_lines, hand_points, bags_after)``; the lines add up to
    ``hand_points``.
    """
    seats = (side, side + 2)
    lines: list[ScoreLine] = []
    contract = 0
    counted = 0
    bags = 0
    for seat, b, t in zip(seats, bids, tricks):
        if b.value == 0:  # Nil or Blind Nil: scored on its own (SP-8 … SP-11)
            worth, name, rule = (200, "Blind Nil", "SP-10") if b.blind else (100, "Nil", "SP-8")
            if t == 0:
                lines.append(ScoreLine(side, f"{name} made ({SEAT_NAMES[seat]})", worth, rule, seat))
            else:
                lines.append(ScoreLine(side, f"{name} failed ({SEAT_NAMES[seat]})", -worth, rule, seat))
                lines.append(ScoreLine(side, f"failed {name} tricks are bags ({SEAT_NAMES[seat]})", t, "SP-19", seat, bags=t))
                bags += t
        else:
            contract += b.value
            counted += t
    if contract:
        if counted >= contract:
            lines.append(ScoreLine(side, "contract made", 10 * contract, "SP-17"))
            if counted > contract:
                lines.append(ScoreLine(side, "bags", counted - contract, "SP-17", bags=counted - contract))
                bags += counted - contract
        else:
            lines.append(ScoreLine(side, "contract set", -10 * contract, "SP-18"))
    total = bags_before + bags
    penalties, total = divmod(total, 10)
    if penalties:
        item = "bag penalty" if penalties == 1 else f"bag penalty ×{penalties}"
        lines.append(ScoreLine(side, item, -100 * penalties, "SP-20"))
    return lines, sum(l.points for l in lines), total


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
        if any(b < 0 or b > 9 for b in self.start_bags):
            raise InvalidInputError(f"bags {list(self.start_bags)} must each be 0 to 9 (10 bags cost 100 points at once, SP-20)")
        problem = start_scores_problem(self.start_scores, self.rules.target_score)
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
        """Seats that swap 3 cards this hand (SP-10/11)."""
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
                                  f"{'has' if len(left) == 1 else 'have'} to choose 3 cards to pass. You cannot {wanted} now.",
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
        return Verdict.allow(f"Yes: any whole number from 0 to 13 may be bid (SP-6).", "SP-6", bid=value)

    def legal_bids(self, seat: int) -> list[Bid]:
        """Every legal :class:`Bid` for ``seat`` now (0…13, then Blind Nil if allowed)."""
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING or self.seats_to_act[0] != seat:
            return []
        out = [Bid(seat, v) for v in range(14)]
        if not self._looked[seat]:
            out.append(Bid(seat, 0, True))
        return out

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
        """May ``seat`` pass these three cards to its partner (SP-10, SP-11)?"""
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
        if self.phase is not Phase.EXCHANGE or seat not in self._exchange_seats:
            return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-10",
                                  "Only a Blind Nil bidder and his partner exchange cards, once, after the "
                                  "bidding and before the first lead; you are not in an exchange now (SP-10).",
                                  exchange_seats=list(self._exchange_seats))
        if seat in self._passes:
            return Verdict.refuse(Reason.EXCHANGE_ALREADY_PASSED, "SP-10",
                                  f"You have already chosen your 3 cards ({describe_cards(self._passes[seat])}); "
                                  f"the swap happens when your partner has chosen too (SP-10).")
        hand = self._hands[seat]
        if len(cards) != 3 or len(set(cards)) != 3:
            return Verdict.refuse(Reason.EXCHANGE_WRONG_COUNT, "SP-10",
                                  f"You must pass exactly 3 different cards to your partner; {_chosen_text(cards)} (SP-10).",
                                  cards=[c.code for c in cards])
        missing = [c for c in cards if not hand & c.bit]
        if missing:
            return Verdict.refuse(Reason.EXCHANGE_CARD_NOT_HELD, "SP-10",
                                  f"You can only pass cards you hold; you don't hold {describe_cards(missing)} (SP-10).",
                                  cards=[c.code for c in cards], missing=[c.code for c in missing])
        return Verdict.allow(f"Yes: you pass {describe_cards(cards)} to your partner; the two sets are swapped "
                             f"at the same time (SP-10).", "SP-10", cards=[c.code for c in cards])

    def legal_exchanges(self, seat: int) -> list[Pass]:
        """Every legal :class:`Pass` for ``seat`` now (any 3 of its 13 cards: 286)."""
        seat = self._seat(seat)
        if self.phase is not Phase.EXCHANGE or seat not in self.seats_to_act:
            return []
        return [Pass(seat, cs) for cs in combinations(cards_of(self._hands[seat]), 3)]

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
            if len(blind) == 1:  # SP-10; both Blind Nil: no exchange (SP-11)
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
                side, [self._bids[side], self._bids[side + 2]], [won[side], won[side + 2]], self._bags[side])
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
        if (ns >= target or ew >= target) and ns != ew:  # SP-22 (equal: play on)
            side = 0 if ns > ew else 1
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


def start_scores_problem(scores, target: int) -> str | None:
    """Why ``scores`` ([NS, EW] before the first hand) cannot start a game
    to ``target`` points, or None.  A side at or past the target with the
    scores unequal would already have won (SP-22), so such a start is refused
    as invalid (rather than treated as a finished game); equal scores at or
    past the target are a valid start: another hand is played (SP-22)."""
    ns, ew = scores
    if (ns >= target or ew >= target) and ns != ew:
        side = 0 if ns > ew else 1
        return (f"{SIDE_NAMES[side]} already has {quote(max(ns, ew))} points, at or past the target of {target}, "
                f"so that game is already won (SP-22); a game can start with a side at or past the target "
                f"only if the scores are equal (then another hand is played)")
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
