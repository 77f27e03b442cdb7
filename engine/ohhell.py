"""Oh Hell for 3–7 players, RULES.md OH-1 … OH-12 and variations OH-V1 … OH-V8.

Seats 0..n−1 clockwise; each plays for himself (OH-1); scores per seat, in
points.  Variations are fields of :class:`OhHellRules`, validated on creation.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, Suit, cards_of, mask_of, parse_cards
from .deal import deal_hands
from .errors import InvalidInputError, quote
from .game import HandResult, ScoreLine, SeatView, TrickGame
from .tricks import TrickRules, TrickState
from .validation import MAX_POINTS
from .verdict import Reason, Verdict

__all__ = ["OhHellRules", "OhHellGame", "MAX_HAND", "score_oh_hell_seat", "seat_points"]

#: Largest hand and number of hands for each player count (OH-5).
MAX_HAND = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
SCHEDULES = ("up", "down", "up_down", "down_up")
_OPTION_RULES = {
    "schedule": "OH-6, OH-V1…V3", "hand_sizes": "OH-5/6", "no_trump_final_hand": "OH-7",
    "hook": "OH-V4", "simultaneous_bidding": "OH-V5", "must_trump": "OH-V6",
    "tricks_always_count": "OH-V7", "nil_pays_hand_size": "OH-V8",
}


@dataclass(frozen=True)
class OhHellRules:
    """The Oh Hell table and its variations (all validated on creation;
    :class:`InvalidInputError` says what to change).

    ``players``: 3–7 (OH-1).  ``schedule``: ``"up"`` 1…max (OH-6, default),
    ``"down"`` max…1 (OH-V1), ``"up_down"`` 1…max…1 (OH-V2, 2·max−1 hands),
    ``"down_up"`` max…1…max (OH-V3); ``"up"`` written out is the default,
    kept as None (HAND_RECORD.md: a switch at its default value means the
    same as leaving it out).  ``hand_sizes``: an explicit list of hand sizes
    instead of a schedule (not with another schedule than the default).  ``no_trump_final_hand`` (OH-7),
    ``hook`` (OH-V4), ``simultaneous_bidding`` (OH-V5), ``must_trump``
    (OH-V6), ``tricks_always_count`` (OH-V7), ``nil_pays_hand_size`` (OH-V8).
    """

    players: int = 4
    schedule: str | None = None
    hand_sizes: tuple[int, ...] | None = None
    no_trump_final_hand: bool = True
    hook: bool = False
    simultaneous_bidding: bool = False
    must_trump: bool = False
    tricks_always_count: bool = False
    nil_pays_hand_size: bool = False
    sizes: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: play rules the computer players read from a view's rules (not options):
    #: any card may be led (OH-9), every seat plays for itself, a bid of 0 is an ordinary bid
    lead_restricted: ClassVar[bool] = False
    partnerships: ClassVar[bool] = False
    nil_bids: ClassVar[bool] = False

    def __post_init__(self) -> None:
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not 3 <= n <= 7:
            raise InvalidInputError(f"Oh Hell is for 3 to 7 players, not {quote(n)} (OH-1): choose a player count from 3 to 7")
        for name in ("no_trump_final_hand", "hook", "simultaneous_bidding", "must_trump",
                     "tricks_always_count", "nil_pays_hand_size"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInputError(f"{name} must be true or false, not {quote(getattr(self, name))}")
        if self.hook and self.simultaneous_bidding:
            raise InvalidInputError(
                "the hook (OH-V4) cannot be combined with simultaneous bidding (OH-V5): with sealed bids "
                "there is no last bidder to stop. Switch one of them off.")
        if self.schedule == "up":  # the default schedule written out means the same as leaving it out
            object.__setattr__(self, "schedule", None)
        if self.schedule is not None and self.hand_sizes is not None:
            raise InvalidInputError("give either schedule or hand_sizes, not both (OH-6)")
        m = MAX_HAND[n]
        if self.hand_sizes is not None:
            hs = self.hand_sizes
            if isinstance(hs, (str, bytes)) or not hasattr(hs, "__iter__"):
                raise InvalidInputError(f"hand_sizes must be a list of whole numbers, not {quote(hs)}")
            hs = tuple(hs)
            if not hs:
                raise InvalidInputError("hand_sizes must list at least one hand")
            for k in hs:
                if isinstance(k, bool) or not isinstance(k, int) or k < 1:
                    raise InvalidInputError(f"hand_sizes: {quote(k)} is not a hand size (a whole number of cards, at least 1)")
                if k * n > 52:
                    raise InvalidInputError(
                        f"hand_sizes: {k} cards each for {n} players needs {k * n} cards, but the deck has 52; "
                        f"use at most {52 // n} cards a hand")
            object.__setattr__(self, "hand_sizes", hs)
            sizes = hs
        else:
            sched = "up" if self.schedule is None else self.schedule
            if sched not in SCHEDULES:
                raise InvalidInputError(f"schedule {quote(sched)} is not one of {', '.join(SCHEDULES)} (OH-6, OH-V1…V3)")
            up, down = list(range(1, m + 1)), list(range(m, 0, -1))
            sizes = tuple({"up": up, "down": down, "up_down": up + down[1:], "down_up": down + up[1:]}[sched])
        object.__setattr__(self, "sizes", sizes)

    @property
    def n_hands(self) -> int:
        """How many hands the game has (OH-5, and OH-V1…V3 for the schedules)."""
        return len(self.sizes)

    def has_trump(self, hand_index: int) -> bool:
        """Whether hand ``hand_index`` (0-based) turns up a trump card (OH-7 and its Ruling)."""
        if self.no_trump_final_hand and hand_index == len(self.sizes) - 1:
            return False
        return self.sizes[hand_index] * self.players < 52

    @classmethod
    def from_json(cls, d: dict, players: int) -> "OhHellRules":
        """From a hand record's ``rules`` object and its ``seats``."""
        if not isinstance(d, dict):
            raise InvalidInputError("rules must be an object")
        unknown = sorted(set(d) - set(_OPTION_RULES))
        if unknown:
            raise InvalidInputError(f"rules: unknown Oh Hell option {quote(unknown[0])} (known: {', '.join(_OPTION_RULES)})")
        kw = dict(d)
        if "hand_sizes" in kw and kw["hand_sizes"] is not None:
            if not isinstance(kw["hand_sizes"], list):
                raise InvalidInputError("rules.hand_sizes must be a list of whole numbers")
            kw["hand_sizes"] = tuple(kw["hand_sizes"])
        return cls(players=players, **kw)

    def to_json(self) -> dict:
        """The ``rules`` object of a hand record (defaults omitted)."""
        out: dict[str, Any] = {}
        if self.schedule is not None:
            out["schedule"] = self.schedule
        if self.hand_sizes is not None:
            out["hand_sizes"] = list(self.hand_sizes)
        if not self.no_trump_final_hand:
            out["no_trump_final_hand"] = False
        for k in ("hook", "simultaneous_bidding", "must_trump", "tricks_always_count", "nil_pays_hand_size"):
            if getattr(self, k):
                out[k] = True
        return out


def _no_trump_reason(rules: OhHellRules, index: int) -> str:
    """Why hand ``index`` (0-based) turns up no card (OH-7 and its Ruling)."""
    size = rules.sizes[index]
    if rules.no_trump_final_hand and index == len(rules.sizes) - 1:
        return (f"hand {index + 1} is the last hand of the game, which is played without trump, "
                f"so no card is turned up (OH-7)")
    return (f"hand {index + 1} deals {size} cards to each of {rules.players} players, all {size * rules.players} cards "
            f"of the deck, so no card is left to turn up and the hand is played without trump (OH-7, Ruling)")


def seat_points(bid: int, won: int, hand_size: int, rules: OhHellRules) -> tuple[str, int, str]:
    """One seat's hand score under ``rules`` (OH-11, OH-V7, OH-V8) as
    ``(item, points, rule id)``: the one Oh Hell scorer, which
    :func:`score_oh_hell_seat` and the simulation (:mod:`engine.sim`) call."""
    if won == bid:
        if bid == 0 and rules.nil_pays_hand_size:
            return "Nil made", 5 + hand_size, "OH-V8"
        return "bid made", 10 + won, "OH-11"
    if rules.tricks_always_count:
        return "bid missed, tricks count", won, "OH-V7"
    return "bid missed", 0, "OH-11"


def score_oh_hell_seat(seat: int, bid: int, won: int, hand_size: int, rules: OhHellRules) -> ScoreLine:
    """The score line of one seat for one hand (OH-11, OH-V7, OH-V8), from :func:`seat_points`."""
    item, points, rule = seat_points(bid, won, hand_size, rules)
    return ScoreLine(seat, item, points, rule)


class OhHellGame(TrickGame):
    """A whole game of Oh Hell.

    Parameters: ``rules`` (:class:`OhHellRules`, including the player
    count), ``dealer`` (first dealer's seat, OH-4), ``scores`` (per seat
    before hand 1), ``first_deal`` (deal number of hand 1; hand k uses
    first_deal+k−1), ``rng``, ``auto_deal`` (default True: the game deals
    hand 1 at once and each next hand when the last one is scored, from the
    deal numbers, :meth:`~engine.game.TrickGame.deal_next`; False: the game
    waits in Phase.DEAL for the caller's :meth:`~engine.game.TrickGame.deal`).
    To start from given hands, use :meth:`from_hands`.
    """

    GAME = "oh_hell"
    _rule_deal = "OH-6"
    _config_keys = ("rules", "n_seats", "start_dealer", "start_scores", "first_deal", "auto_deal", "rng")

    def __init__(self, rules: OhHellRules | None = None, *, dealer: int = 0,
                 scores: Iterable[int] | None = None, first_deal: int | None = None,
                 rng: random.Random | None = None, auto_deal: bool = True):
        if rules is None:
            rules = OhHellRules()
        elif not isinstance(rules, OhHellRules):
            raise InvalidInputError(f"rules {quote(rules)} must be an OhHellRules (or None for the defaults)")
        self.rules = rules
        self.n_seats = self.rules.players
        self.start_dealer = self._seat(dealer)
        try:
            sc = list(scores) if scores is not None else [0] * self.n_seats
        except TypeError:
            raise InvalidInputError(f"scores must be {self.n_seats} whole numbers, one per seat, got {quote(scores)}") from None
        if len(sc) != self.n_seats or any(isinstance(v, bool) or not isinstance(v, int) for v in sc):
            raise InvalidInputError(f"scores must be {self.n_seats} whole numbers, one per seat, got {quote(sc)}")
        if any(abs(v) >= MAX_POINTS for v in sc):
            raise InvalidInputError(f"scores {quote(sc)}: each must have at most 30 digits")
        self.start_scores = tuple(sc)
        self._init_common(first_deal, rng, auto_deal)

    @classmethod
    def from_hands(cls, hands, turn_up=None, *, dealer: int = 0, rules: "OhHellRules | dict | None" = None,
                   scores: Iterable[int] | None = None, first_deal: int | None = None,
                   rng: random.Random | None = None, auto_deal: bool = False) -> "OhHellGame":
        """A game whose first hand is ``hands``, ready for the bidding.

        ``hands``: one hand per seat (seat 0 first), all the same size, each
        as one text (``"AH 7C 2D"``) or a list of card texts or
        :class:`~engine.cards.Card`; ``turn_up``: the card turned up for
        trump (OH-7), or None for a hand without trump; ``dealer`` dealt
        them (OH-4).  ``rules``: an :class:`OhHellRules` whose first hand has
        this size, or a dict of its options, or None; a dict or None gets
        ``players`` = the number of hands and, unless given, a game of this
        one hand (``hand_sizes=(size,)``) with ``no_trump_final_hand`` true
        exactly when ``turn_up`` is None.  ``scores``, ``first_deal``,
        ``rng``: as for the constructor; ``auto_deal`` (default False):
        deal later hands from the deal numbers (True) or wait for
        :meth:`deal` (False).

        Raises :class:`InvalidInputError` for a malformed card, a card dealt
        twice (or also turned up), hands of the wrong size (OH-6), a turn-up
        where the hand has no trump or none where it has one (OH-7), or a bad
        option (OH-1, OH-5).

        >>> g = OhHellGame.from_hands(["AH 7C 2D", "KH 9C 3S", "5C 8D QS", "4H JD TC"], turn_up="6S", dealer=3)
        >>> g.trump.noun, g.hand_size, g.to_act, g.rules.n_hands
        ('spades', 3, 0, 1)
        """
        if rules is None or isinstance(rules, dict):
            opts = dict(rules or {})
            if isinstance(hands, (list, tuple)) and hands:
                opts.setdefault("players", len(hands))
                if opts.get("hand_sizes") is None and opts.get("schedule") in (None, "up"):  # a game of this one hand
                    opts.pop("schedule", None)
                    opts["hand_sizes"] = (len(parse_cards(hands[0])),)
                    opts.setdefault("no_trump_final_hand", turn_up is None)
            unknown = sorted(set(opts) - set(_OPTION_RULES) - {"players"})
            if unknown:
                raise InvalidInputError(f"rules: unknown Oh Hell option {quote(unknown[0])} "
                                        f"(known: players, {', '.join(_OPTION_RULES)})")
            rules = OhHellRules(**opts)
        return cls._from_hands(hands, turn_up, auto_deal, rules=rules, dealer=dealer, scores=scores,
                               first_deal=first_deal, rng=rng)

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        n = self.n_seats
        self.phase = Phase.DEAL
        self.hands_dealt = 0
        self.dealer = (self.start_dealer - 1) % n
        self._scores = list(self.start_scores)
        self._results: list[HandResult] = []
        self.winners: tuple[int, ...] = ()
        self._hands: list[int] = []
        self._bids: list[Bid | None] = [None] * n
        self._deal: Deal | None = None
        self.trump: Suit | None = None
        self.turn_up: Card | None = None
        self.hand_size = 0
        self._trick_rules: TrickRules | None = None
        self._trick: TrickState | None = None

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        n = self.n_seats
        if self.phase is Phase.BIDDING:
            order = [(self.dealer + 1 + k) % n for k in range(n)]
            if self.rules.simultaneous_bidding:
                return tuple(s for s in order if self._bids[s] is None)
            return (order[sum(b is not None for b in self._bids)],)
        if self.phase is Phase.PLAY:
            return (self._trick.to_play,)
        return ()

    @property
    def bids(self) -> tuple:
        """Bids per seat this hand (ints; None if not made).  Omniscient: a
        seat's :meth:`view` hides sealed bids (OH-V5)."""
        return tuple(None if b is None else b.value for b in self._bids)

    @property
    def hand_index(self) -> int:
        return self.hands_dealt - 1

    def next_hand_plan(self) -> tuple[int, bool]:
        """(hand size, whether a card is turned up) for the next hand to deal."""
        i = self.hands_dealt
        return self.rules.sizes[i], self.rules.has_trump(i)

    def make_deal(self, number: int) -> Deal:
        """The :class:`Deal` that deal number ``number`` gives the next hand (OH-6, OH-7)."""
        size, turn = self.next_hand_plan()
        hands, up = deal_hands(number, self.n_seats, size, (self.dealer + 1) % self.n_seats, turn)
        return Deal(tuple(tuple(sorted(h)) for h in hands), up, number)

    def _validate_deal(self, deal: Deal) -> None:
        if self.hands_dealt >= self.rules.n_hands:
            n = self.rules.n_hands
            raise InvalidInputError(f"the game has only {n} hand{'s' if n != 1 else ''} (OH-5)")
        size, turn = self.next_hand_plan()
        seen = self._check_deal_hands(deal, size, "OH-6")
        if turn and deal.turn_up is None:
            raise InvalidInputError(f"turn_up: hand {self.hands_dealt + 1} turns up a trump card (OH-7)")
        if not turn and deal.turn_up is not None:
            raise InvalidInputError(f"turn_up: {_no_trump_reason(self.rules, self.hands_dealt)}")
        if deal.turn_up is not None and deal.turn_up in seen:
            raise InvalidInputError(f"turn_up: {deal.turn_up.code} is also in a hand")

    # ------------------------------------------------------------- checks
    def _game_over_verdict(self) -> Verdict:
        names = " and ".join(f"seat {s}" for s in self.winners)
        return Verdict.refuse(Reason.GAME_OVER, "OH-12",
                              f"The game is over: {names} won with {self._scores[self.winners[0]] if self.winners else 0} points.",
                              winners=list(self.winners))

    def _hand_phase_refusal(self, wanted: str) -> Verdict:
        if self.phase is Phase.BIDDING:
            return Verdict.refuse(Reason.WRONG_PHASE, "OH-8",
                                  f"It is still the bidding: everyone bids before any card is played. You cannot {wanted} now.",
                                  phase="bidding")
        return Verdict.refuse(Reason.WRONG_PHASE, "OH-8",
                              f"The bidding is over and the cards are being played, so you cannot {wanted} now.",
                              phase="play")

    _rule_next_deal = "OH-4"
    _rule_bid = "OH-8"
    _once_during = _once_after = "everyone bids once"

    def hooked_bid(self) -> int | None:
        """The dealer's forbidden bid under the hook (OH-V4), or None."""
        if not self.rules.hook or self.phase is not Phase.BIDDING:
            return None
        if sum(b is not None for b in self._bids) != self.n_seats - 1:
            return None
        others = sum(b.value for b in self._bids if b is not None)
        forbidden = self.hand_size - others
        return forbidden if 0 <= forbidden <= self.hand_size else None

    def check_bid(self, seat: int, value: Any, blind: bool = False) -> Verdict:
        """May ``seat`` bid ``value`` now?  Game over (OH-12), phase, already
        bid / not your turn (OH-8), whole number 0…hand size (OH-8), the hook
        (OH-V4).  Never raises for a rule violation."""
        seat = self._seat(seat)
        refused = self._bid_timing_refusal(seat)
        if refused is not None:
            return refused
        if blind:
            return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "OH-8",
                                  "Oh Hell has no Blind Nil: bid a number of tricks from 0 to the hand size (OH-8).")
        size = self.hand_size
        refused = self._bid_number_refusal(
            value, size, "OH-8",
            f"You cannot bid {quote(value)}: with {size} card{'s' if size != 1 else ''} each, bids go from 0 to {size} (OH-8).")
        if refused is not None:
            return refused
        forbidden = self.hooked_bid()
        if forbidden is not None and value == forbidden:
            others = self.hand_size - forbidden
            return Verdict.refuse(
                Reason.HOOK, "OH-V4",
                f"You may not bid {value}: the other bids add up to {others} and there "
                f"{'are' if size != 1 else 'is'} {size} trick{'s' if size != 1 else ''}, so a bid of {value} would make "
                f"the total exactly {size} (hook rule, OH-V4).",
                bid=value, others_total=others, tricks=size, forbidden=forbidden)
        why = f"any whole number from 0 to {size} may be bid (OH-8)"
        if forbidden is not None:
            why += f"; only {forbidden} is barred by the hook (OH-V4)"
        return Verdict.allow(f"Yes: {why}.", "OH-8", bid=value)

    def legal_bids(self, seat: int) -> list[Bid]:
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING or seat not in self.seats_to_act:
            return []
        forbidden = self.hooked_bid()
        return [Bid(seat, v) for v in range(self.hand_size + 1) if v != forbidden]

    def check_play(self, seat: int, card: "Card | str") -> Verdict:
        """May ``seat`` play ``card`` now?  Phase, turn (OH-9: left of the
        dealer leads first; OH-10: the winner leads next), possession
        (CARD_NOT_IN_HAND, cited as OH-9, the play rule: RULES.md has no rule
        id of its own for holding the card; the message says "you don't hold
        the 7♣"), follow suit (OH-9), must-trump (OH-V6)."""
        seat = self._seat(seat)
        card = Card.parse(card)
        if self.phase is not Phase.PLAY:
            return self._phase_refusal("play a card")
        return self._trick.check(seat, card)

    def check_exchange(self, seat: int, cards) -> Verdict:
        self._seat(seat)
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "OH-8",
                              "Oh Hell has no card exchange (that is a Spades Blind Nil rule).")

    # ------------------------------------------------------------- applying
    def _apply(self, a: Action):
        if isinstance(a, Play):
            return self._apply_play(a)
        if isinstance(a, Bid):
            self._bids[a.seat] = a
            if all(b is not None for b in self._bids):
                self._trick = TrickState(self._trick_rules, list(self._hands), (self.dealer + 1) % self.n_seats,
                                         self.seat_name)
                self.phase = Phase.PLAY
            return None
        if isinstance(a, Look):
            return None
        if isinstance(a, Deal):
            n = self.n_seats
            self.dealer = (self.dealer + 1) % n  # OH-4
            self.hand_size = self.rules.sizes[self.hands_dealt]
            self.hands_dealt += 1
            self._deal = a
            self._hands = [mask_of(h) for h in a.hands]
            self._bids = [None] * n
            self.turn_up = a.turn_up
            self.trump = a.turn_up.suit if a.turn_up is not None else None
            self._trick_rules = TrickRules(trump=self.trump, lead_restricted=False, must_trump=self.rules.must_trump,
                                           rule_lead="OH-9", rule_follow="OH-9", rule_must_trump="OH-V6",
                                           rule_winner="OH-10", rule_turn="OH-9",
                                           rule_next_lead="OH-10", rule_play="OH-9")
            self._trick = None
            self.phase = Phase.BIDDING
            return None
        raise InvalidInputError(f"{quote(a)} is not an Oh Hell action")

    def _finish_hand(self) -> None:
        won = self._trick.won
        lines = [score_oh_hell_seat(s, self._bids[s].value, won[s], self.hand_size, self.rules)
                 for s in range(self.n_seats)]
        points = [l.points for l in lines]
        for s in range(self.n_seats):
            self._scores[s] += points[s]
        self._results.append(HandResult(
            number=self.hands_dealt, dealer=self.dealer, trump=self.trump, turn_up=self.turn_up,
            hand_size=self.hand_size, bids=self.bids, tricks=tuple(self._trick.tricks), tricks_won=tuple(won),
            score_lines=tuple(lines), points=tuple(points), scores_after=tuple(self._scores)))
        if self.hands_dealt >= self.rules.n_hands:  # OH-12: highest total wins; equal totals share
            top = max(self._scores)
            self.winners = tuple(s for s in range(self.n_seats) if self._scores[s] == top)
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.DEAL

    # ------------------------------------------------------------- views
    def visible_bids(self, seat: int) -> tuple:
        """Bids ``seat`` may see: all of them, except under simultaneous
        bidding (OH-V5) while bids are still being chosen: only its own."""
        if self.rules.simultaneous_bidding and self.phase is Phase.BIDDING:
            return tuple(b.value if (b is not None and s == seat) else None for s, b in enumerate(self._bids))
        return self.bids

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand, the turned-up card, visible
        bids (OH-8, OH-V5), tricks and scores."""
        seat = self._seat(seat)
        tr = self._trick
        hand_mask = tr.hands[seat] if tr is not None else (self._hands[seat] if self._hands else 0)
        to_act = self.seats_to_act
        return SeatView(
            game=self.GAME, seat=seat, n_seats=self.n_seats, phase=self.phase, hand_number=self.hands_dealt,
            hand_size=self.hand_size, dealer=self.dealer, to_act=to_act, hand=tuple(cards_of(hand_mask)),
            looked=True, bids=self.visible_bids(seat), trump=self.trump, turn_up=self.turn_up, broken=False,
            current_trick=tr.current_trick() if tr else None, tricks=tuple(tr.tricks) if tr else (),
            tricks_won=self.tricks_won, scores=tuple(self._scores), bags=None,
            legal=tuple(self.legal_actions(seat)) if seat in to_act else (), rules=self.rules,
            last_trick=tr.tricks[-1] if tr and tr.tricks else None, results=tuple(self._results))
