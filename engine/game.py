"""What Spades and Oh Hell games have in common: the action history (replay,
undo, save/load), dispatch of ``check``/``apply``, per-seat views and score
lines.  The rules themselves live in :mod:`engine.spades`,
:mod:`engine.ohhell` and :mod:`engine.tricks`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, Suit, cards_of, parse_card, parse_cards
from .deal import random_deal_number
from .errors import IllegalActionError, InvalidInputError
from .tricks import Trick, TrickState
from .verdict import Reason, Verdict

__all__ = ["ScoreLine", "HandResult", "SeatView", "TrickGame"]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One item of a hand's score: ``who`` is the partnership (Spades: 0 = NS,
    1 = EW) or the seat (Oh Hell); ``points`` may be negative; ``rule`` the
    RULES.md id.  ``seat`` names the bidder for Nil lines in Spades; ``bags``
    is how many bags the line adds to the counter (SP-17, SP-19)."""

    who: int
    item: str
    points: int
    rule: str
    seat: int | None = None
    bags: int = 0

    def to_json(self, key: str) -> dict:
        d = {key: self.who, "item": self.item, "points": self.points, "rule": self.rule}
        if self.seat is not None and key != "seat":
            d["seat"] = self.seat
        return d


@dataclass(frozen=True, slots=True)
class HandResult:
    """A completed hand: number (1…), dealer, trump (Suit or None), turn_up,
    hand_size, bids (per seat, as written in records: int, "nil",
    "blind_nil"), tricks (tuple of Trick), tricks_won per seat, score_lines,
    points (Spades per partnership, Oh Hell per seat), scores_after and
    bags_after (Spades only; else None)."""

    number: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    hand_size: int
    bids: tuple
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    score_lines: tuple[ScoreLine, ...]
    points: tuple[int, ...]
    scores_after: tuple[int, ...]
    bags_after: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SeatView:
    """What one seat may see (a computer player or a widget gets only this).

    ``hand``: the seat's own cards (tuple of Card, sorted), or None if it has
    not looked yet (Spades Blind Nil).  ``bids``: per seat, the bid as in
    records (int, "nil", "blind_nil") or None if not made *or not yet visible*
    (Oh Hell sealed bids, OH-V5).  ``current_trick``: the trick in progress;
    ``tricks``: completed tricks of this hand; ``scores``: Spades per
    partnership [NS, EW], Oh Hell per seat.  ``legal``: this seat's legal
    actions now (empty when it is not to act).
    """

    game: str
    seat: int
    n_seats: int
    phase: Phase
    hand_number: int
    hand_size: int
    dealer: int
    to_act: tuple[int, ...]
    hand: tuple[Card, ...] | None
    looked: bool
    bids: tuple
    trump: Suit | None
    turn_up: Card | None
    broken: bool
    current_trick: Trick | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    bags: tuple[int, ...] | None
    legal: tuple[Action, ...]
    rules: Any = None
    passed: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    exchange_seats: tuple[int, ...] = ()
    exchange_pending: tuple[int, ...] = ()
    last_trick: Trick | None = None
    results: tuple[HandResult, ...] = field(default=())

    @property
    def my_turn(self) -> bool:
        return self.seat in self.to_act

    def played_cards(self) -> list[Card]:
        """Every card seen played this hand (completed tricks, then the current one)."""
        out = [c for t in self.tricks for c in t.cards]
        if self.current_trick:
            out.extend(self.current_trick.cards)
        return out

    def shown_void(self) -> dict[int, set[Suit]]:
        """Suits each seat has shown void in this hand (it failed to follow)."""
        voids: dict[int, set[Suit]] = {s: set() for s in range(self.n_seats)}
        tricks = list(self.tricks) + ([self.current_trick] if self.current_trick else [])
        for t in tricks:
            if not t.cards:
                continue
            led = t.cards[0].suit
            for s, c in zip(t.seats, t.cards):
                if c.suit != led:
                    voids[s].add(led)
        return voids


class TrickGame:
    """Base class of :class:`~engine.spades.SpadesGame` and
    :class:`~engine.ohhell.OhHellGame`.

    Subclasses implement ``_reset``, ``_check_*``, ``_apply_*``, ``_legal``,
    ``view`` and the scoring.  Everything that changes state goes through
    :meth:`apply`, which checks first and changes nothing on refusal.
    """

    GAME = ""
    n_seats = 4

    # ---------------------------------------------------------------- set-up
    def _init_common(self, first_deal: int | None, rng: random.Random | None, auto_deal: bool) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.first_deal = first_deal
        self.auto_deal = auto_deal
        self._history: list[Action] = []
        self._reset()
        if auto_deal:
            self._auto_deal()

    # -------------------------------------------------------------- queries
    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, deals included."""
        return tuple(self._history)

    @property
    def to_act(self) -> int | None:
        """The seat that acts next (the first of :attr:`seats_to_act`), or None."""
        s = self.seats_to_act
        return s[0] if s else None

    @property
    def game_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    # --------------------------------------------- queries for tables and views
    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name in seat order (Spades: North, East, South, West;
        Oh Hell: "seat 0" …), as the engine's messages use them."""
        return tuple(self.seat_name(s) for s in range(self.n_seats))

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats scored together, one tuple per entry of ``scores`` (the
        ``who`` of a :class:`ScoreLine`): Spades ((0, 2), (1, 3)) (partners
        sit opposite, SP-1); Oh Hell one seat each (OH-11)."""
        n_sides = len(self.scores)
        return tuple(tuple(s for s in range(self.n_seats) if s % n_sides == k) for k in range(n_sides))

    def side_of_seat(self, seat: int) -> int:
        """Index in :attr:`sides` (and ``scores``) of ``seat``'s side."""
        seat = self._seat(seat)
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def bid_range(self, seat: int) -> tuple[int, int]:
        """(lowest, highest) bid ``seat`` may name this hand, before the
        hook or any other bar: 0 to the cards each seat holds (SP-6: 0 to
        13; OH-8: 0 to the hand size)."""
        return 0, self.view(self._seat(seat)).hand_size

    def bid_label(self, value: int, blind: bool = False) -> str:
        """A bid of ``value`` tricks in words (Spades names 0 "Nil", SP-8,
        and a blind 0 "Blind Nil", SP-10)."""
        if blind:
            return "Blind Nil"
        return str(value)

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise InvalidInputError(f"{seat!r} is not a seat: seats are 0 to {self.n_seats - 1}")
        return seat

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly with no cards yet), or None outside play."""
        return self._trick.current_trick() if self._trick else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Completed tricks of the current hand."""
        return tuple(self._trick.tricks) if self._trick else ()

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won so far this hand, per seat."""
        return tuple(self._trick.won) if self._trick else (0,) * self.n_seats

    def legal_bids(self, seat: int) -> list[Bid]:
        raise NotImplementedError

    def legal_exchanges(self, seat: int) -> list[Pass]:
        """Legal exchanges for ``seat`` now (only Spades has any)."""
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal bids, passes or plays for ``seat`` (default: :attr:`to_act`).
        Looking at one's cards is always allowed and not listed."""
        if seat is None:
            seat = self.to_act
            if seat is None:
                return []
        seat = self._seat(seat)
        if self.phase is Phase.BIDDING:
            return self.legal_bids(seat)
        if self.phase is Phase.EXCHANGE:
            return self.legal_exchanges(seat)
        if self.phase is Phase.PLAY:
            return [Play(seat, c) for c in self.legal_plays(seat)]
        return []

    def _apply_play(self, a: Play) -> Trick | None:
        trick = self._trick.apply(a.seat, a.card)
        if self._trick.done:
            self._finish_hand()
        return trick

    def legal_plays(self, seat: int) -> list[Card]:
        """Cards ``seat`` may play now, sorted (empty when it may not play)."""
        seat = self._seat(seat)
        if self.phase is not Phase.PLAY:
            return []
        return cards_of(self._trick.legal_mask(seat))

    def legal_play_mask(self, seat: int) -> int:
        """As :meth:`legal_plays`, as a bitmask (the fast path)."""
        if self.phase is not Phase.PLAY:
            return 0
        return self._trick.legal_mask(seat)

    def hand_of(self, seat: int) -> list[Card]:
        """All of ``seat``'s cards (omniscient: for tests and the replay tool;
        players get :meth:`view`)."""
        seat = self._seat(seat)
        if self._trick is not None:
            return cards_of(self._trick.hands[seat])
        return cards_of(self._hands[seat]) if self._hands else []

    # ------------------------------------------------------- checking/applying
    def check(self, action: Action) -> Verdict:
        """Explain whether ``action`` is allowed now.  Never raises for a rule
        violation; raises :class:`InvalidInputError` for malformed input."""
        if isinstance(action, Play):
            return self.check_play(action.seat, action.card)
        if isinstance(action, Bid):
            return self.check_bid(action.seat, action.value, blind=action.blind)
        if isinstance(action, Pass):
            return self.check_exchange(action.seat, action.cards)
        if isinstance(action, Look):
            return self.check_look(action.seat)
        if isinstance(action, Deal):
            return self.check_deal(action)
        raise InvalidInputError(f"{action!r} is not an action")

    def apply(self, action: Action):
        """Apply a legal action.  Raises :class:`IllegalActionError` (with the
        verdict) if the rules forbid it, :class:`InvalidInputError` if it is
        malformed; in both cases nothing changes.  Returns the completed
        :class:`Trick` for a play that ends one, else None."""
        verdict = self.check(action)
        if not verdict.ok:
            raise IllegalActionError(verdict)
        out = self._apply(action)
        self._history.append(action)
        if self.phase is Phase.DEAL and self.auto_deal:
            self._auto_deal()
        return out

    def _auto_deal(self) -> None:
        if self.phase is not Phase.DEAL:
            return
        if self.first_deal is None:
            self.first_deal = random_deal_number(self.rng)
        number = self.first_deal + self.hands_dealt
        deal = self.make_deal(number)
        self._apply(deal)
        self._history.append(deal)

    def deal(self, deal: Deal | int) -> None:
        """Deal the next hand: a :class:`Deal`, or a deal number."""
        if isinstance(deal, int) and not isinstance(deal, bool):
            if self.phase is not Phase.DEAL:
                raise IllegalActionError(self.check_deal(None))
            deal = self.make_deal(deal)
        self.apply(deal)

    def check_deal(self, deal: Deal | None) -> Verdict:
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        if self.phase is not Phase.DEAL:
            return Verdict.refuse(Reason.WRONG_PHASE, self._rule_deal,
                                  "The current hand is not finished, so the next hand cannot be dealt yet.")
        if deal is not None:
            self._validate_deal(deal)
        return Verdict.allow("Deal the next hand.", self._rule_deal)

    def _check_deal_hands(self, deal: Deal, size: int, rule: str) -> set[Card]:
        """Check a deal's shape (one hand of ``size`` Cards per seat, no card
        twice); returns the cards dealt.  Raises InvalidInputError."""
        if len(deal.hands) != self.n_seats:
            raise InvalidInputError(f"a deal for {self.n_seats} players has {self.n_seats} hands, "
                                    f"not {len(deal.hands)} ({rule})")
        seen: set[Card] = set()
        for seat, h in enumerate(deal.hands):
            if len(h) != size:
                raise InvalidInputError(f"{self.seat_name(seat)} is dealt {len(h)} cards; "
                                        f"hand {self.hands_dealt + 1} deals {size} to each player ({rule})")
            for c in h:
                if not isinstance(c, Card):
                    raise InvalidInputError(f"{c!r} is not a Card")
                if c in seen:
                    raise InvalidInputError(f"{c.code} is dealt twice")
                seen.add(c)
        return seen

    def play(self, seat: int, card: "Card | str"):
        """Play a card (text or :class:`Card`).  See :meth:`apply`."""
        return self.apply(Play(self._seat(seat), parse_card(card)))

    def bid(self, seat: int, value: Any, blind: bool = False):
        """Bid ``value`` tricks for ``seat``.  See :meth:`apply`."""
        return self.apply(Bid(self._seat(seat), value, blind))

    def look(self, seat: int):
        """``seat`` looks at its cards."""
        return self.apply(Look(self._seat(seat)))

    def exchange(self, seat: int, cards):
        """``seat`` chooses its three exchange cards (Spades SP-10)."""
        return self.apply(Pass(self._seat(seat), tuple(parse_cards(cards))))

    def check_look(self, seat: int) -> Verdict:
        seat = self._seat(seat)
        if self.phase in (Phase.GAME_OVER, Phase.DEAL):
            return self._phase_refusal("look at your cards")
        return Verdict.allow("You may look at your cards at any time during the hand.", self._rule_deal)

    def undo(self) -> Action | None:
        """Take back the last action by a player (and any deal that followed
        it).  Returns the action taken back, or None if there is none."""
        idx = max((i for i, a in enumerate(self._history) if not isinstance(a, Deal)), default=None)
        if idx is None:
            return None
        taken = self._history[idx]
        self._rebuild(self._history[:idx])
        return taken

    def _rebuild(self, actions: Sequence[Action]) -> None:
        self._history = []
        self._reset()
        for a in actions:
            self._apply(a)
            self._history.append(a)

    def copy(self):
        """An independent copy of this game (same history)."""
        new = object.__new__(type(self))
        new.__dict__.update({k: v for k, v in self.__dict__.items() if k in self._config_keys})
        new.rng = random.Random(self.rng.getrandbits(64))
        new._rebuild(self._history)
        return new

    # subclasses fill in
    _rule_deal = ""
    _config_keys: tuple[str, ...] = ()

    def _game_over_verdict(self) -> Verdict:
        raise NotImplementedError
