"""What Spades and Oh Hell games have in common: the action history (replay,
undo, save/load), dispatch of ``check``/``apply``, per-seat views and score
lines.  The rules themselves live in :mod:`engine.spades`,
:mod:`engine.ohhell` and :mod:`engine.tricks`.

A game object is **not thread-safe**: it is a plain mutable object with no
locks.  Use one game from one thread at a time (two threads playing one game
can corrupt its history); give each thread its own game, or :meth:`TrickGame.copy`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, Suit, cards_of, parse_card, parse_cards
from .deal import MAX_DEAL_NUMBER, random_deal_number
from .errors import IllegalActionError, InvalidInputError, quote
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

    @property
    def spec(self):
        """The :class:`~engine.registry.GameSpec` of this view's game and
        seat count (seat names, sides, Nil and Blind Nil, fixed trump …):
        ask it rather than comparing ``game`` with a name."""
        from .registry import spec_for
        return spec_for(self.game, self.n_seats)

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


def _check_first_deal(value: Any) -> int | None:
    """``first_deal`` is None or a deal number 0 … 2**63−1 (SP-4, OH-6)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEAL_NUMBER:
        raise InvalidInputError(f"first_deal {quote(value)} must be None or a deal number, "
                                f"a whole number from 0 to {MAX_DEAL_NUMBER}")
    return value


class TrickGame:
    """Base class of :class:`~engine.spades.SpadesGame` and
    :class:`~engine.ohhell.OhHellGame`.

    Subclasses implement ``_reset``, ``_check_*``, ``_apply_*``, ``_legal``,
    ``view`` and the scoring.  Everything that changes state goes through
    :meth:`apply`, which checks first and changes nothing on refusal.

    :attr:`scores`, :attr:`results` (and Spades' ``bags``) hand out copies
    (a new list each time; results are frozen): changing them never changes
    the game.  A game object is not thread-safe (see the module docstring).
    """

    GAME = ""
    n_seats = 4

    # ---------------------------------------------------------------- set-up
    def _init_common(self, first_deal: int | None, rng: random.Random | None, auto_deal: bool) -> None:
        if rng is not None and not isinstance(rng, random.Random):
            raise InvalidInputError(f"rng {quote(rng)} must be a random.Random (or None for a fresh one)")
        if not isinstance(auto_deal, bool):
            raise InvalidInputError(f"auto_deal must be True or False, not {quote(auto_deal)}")
        self.rng = rng if rng is not None else random.Random()
        self.first_deal = first_deal
        self.auto_deal = auto_deal
        self._history: list[Action] = []
        self._snapshots: list[tuple[int, dict]] = []
        self._reset()
        self._state_keys = tuple(k for k in vars(self) if k not in self._config_keys
                                 and k not in ("rng", "_history", "_snapshots", "_state_keys", "_first_deal"))
        if auto_deal:
            self.deal_next()

    @property
    def spec(self):
        """The :class:`~engine.registry.GameSpec` of this game and seat
        count: its record name, seat names, sides, bid range, phases, rule
        ids, scorer and record codec."""
        from .registry import spec_for
        return spec_for(self.GAME, self.n_seats)

    @property
    def first_deal(self) -> int | None:
        """Deal number of hand 1 (hand k uses ``first_deal + k − 1``), or None
        until it is drawn.  Setting it checks it: None or 0 … 2**63−1
        (InvalidInputError otherwise)."""
        return self._first_deal

    @first_deal.setter
    def first_deal(self, value: int | None) -> None:
        self._first_deal = _check_first_deal(value)

    @property
    def scores(self) -> list[int]:
        """Running scores (Spades per partnership [NS, EW], Oh Hell per seat);
        a new list each time, so changing it does not change the game."""
        return list(self._scores)

    @property
    def results(self) -> list[HandResult]:
        """The completed hands, oldest first (frozen :class:`HandResult`); a
        new list each time, so changing it does not change the game."""
        return list(self._results)

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has seen its cards this hand.  Looking is a fact:
        :meth:`undo` never makes it False again (SP-10).  Oh Hell players see
        their cards when they are dealt, so this is always True there."""
        self._seat(seat)
        return True

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
            raise InvalidInputError(f"{quote(seat)} is not a seat: seats are 0 to {self.n_seats - 1}")
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
        raise InvalidInputError(f"{quote(action)} is not an action")

    def _normalize(self, action: Action) -> Action:
        """The action with its seat checked and its cards parsed
        (InvalidInputError for a malformed one): ``Play(0, "AS")`` becomes
        ``Play(0, Card(AS))``, ``Pass(0, None)`` is refused."""
        if isinstance(action, Play):
            return Play(self._seat(action.seat), parse_card(action.card))
        if isinstance(action, Pass):
            return Pass(self._seat(action.seat), tuple(parse_cards(action.cards)))
        if isinstance(action, Bid):
            if not isinstance(action.blind, bool):
                raise InvalidInputError(f"blind must be True or False, not {quote(action.blind)}")
            self._seat(action.seat)
            return action
        if isinstance(action, Look):
            self._seat(action.seat)
            return action
        if isinstance(action, Deal):
            return action
        raise InvalidInputError(f"{quote(action)} is not an action")

    def apply(self, action: Action):
        """Apply a legal action.  Raises :class:`IllegalActionError` (with the
        verdict) if the rules forbid it, :class:`InvalidInputError` if it is
        malformed; in both cases nothing changes.  Returns the completed
        :class:`Trick` for a play that ends one, else None.

        A :class:`Look` by a seat that has already seen its cards changes
        nothing and is not added to :attr:`history`."""
        action = self._normalize(action)
        verdict = self.check(action)
        if not verdict.ok:
            raise IllegalActionError(verdict)
        if isinstance(action, Look) and self.has_looked(action.seat):
            return None
        out = self._apply(action)
        self._history.append(action)
        if isinstance(action, Deal):
            self._take_snapshot()
        if self.phase is Phase.DEAL and self.auto_deal:
            self.deal_next()
        return out

    def deal_next(self) -> Deal:
        """Deal the next hand from the game's deal numbers: hand *k* gets
        deal number ``first_deal + k − 1`` (``first_deal`` is drawn from
        ``rng`` first if it is None; SP-4, OH-6).  This is what
        ``auto_deal=True`` does after each hand; a game built with
        ``auto_deal=False`` calls it (or :meth:`deal`) itself.  Returns the
        :class:`Deal`.  Raises :class:`IllegalActionError` (reason
        WRONG_PHASE or GAME_OVER) when the current hand is not finished or
        the game is over; nothing changes then."""
        if self.phase is not Phase.DEAL:
            raise IllegalActionError(self.check_deal(None))
        if self.first_deal is None:
            self.first_deal = random_deal_number(self.rng)
        deal = self.make_deal(self.first_deal + self.hands_dealt)
        self._apply(deal)  # the engine's own deal: no need to check its shape
        self._history.append(deal)
        self._take_snapshot()
        return deal

    # ------------------------------------------------------------ snapshots
    def _take_snapshot(self) -> None:
        """Remember the state right after a deal (history length, state), so
        that :meth:`undo` replays at most the current hand."""
        self._snapshots.append((len(self._history), self._capture()))

    def _capture(self) -> dict:
        """A copy of the state (lists, dicts and sets copied one level deep;
        their items are immutable).  Only taken between hands' deals and the
        first card, when there is no trick state."""
        out = {}
        for k in self._state_keys:
            v = getattr(self, k)
            if isinstance(v, (list, dict, set)):
                v = v.copy()
            out[k] = v
        return out

    def _restore(self, state: dict) -> None:
        for k, v in state.items():
            setattr(self, k, v.copy() if isinstance(v, (list, dict, set)) else v)

    def deal(self, deal: Deal | int) -> None:
        """Deal the next hand: a :class:`Deal`, or a deal number (0 … 2**63−1).
        Raises InvalidInputError for a malformed deal, IllegalActionError
        when the current hand is not finished."""
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
        if not isinstance(deal.hands, (tuple, list)) or not all(isinstance(h, (tuple, list)) for h in deal.hands):
            raise InvalidInputError(f"a deal's hands must be one tuple of cards per seat, not {quote(deal.hands)}")
        if deal.turn_up is not None and not isinstance(deal.turn_up, Card):
            raise InvalidInputError(f"turn_up {quote(deal.turn_up)} is not a Card")
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
                    raise InvalidInputError(f"{quote(c)} is not a Card")
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
        """``seat`` chooses its three exchange cards (Spades SP-10): a list
        of card texts or Cards, or one string such as ``"2C 3C 4C"``.
        InvalidInputError for anything else (``None``, a number)."""
        return self.apply(Pass(self._seat(seat), tuple(parse_cards(cards))))

    def check_look(self, seat: int) -> Verdict:
        seat = self._seat(seat)
        if self.phase in (Phase.GAME_OVER, Phase.DEAL):
            return self._phase_refusal("look at your cards")
        return Verdict.allow("You may look at your cards at any time during the hand.", self._rule_deal)

    def undo(self) -> Action | None:
        """Take back the last bid, pass or play (and any deal that followed
        it).  Returns the action taken back, or None if there is nothing that
        can be taken back.

        Looking at one's cards is a fact of the world, not an action that can
        be taken back (SP-10; "undo never unsees cards"): a :class:`Look` is
        never taken back, a seat that had seen its cards before the undo has
        still seen them after it (taking back a number bid, which implies
        looking, leaves a :class:`Look` in the history), and undo refuses
        (returns None) to go back past a deal whose cards a seat has looked
        at.  Cost: the current hand is replayed from the snapshot taken at
        its deal, never the whole game.
        """
        hist = self._history
        idx = next((i for i in range(len(hist) - 1, -1, -1) if not isinstance(hist[i], (Deal, Look))), None)
        if idx is None:
            return None
        later = hist[idx + 1:]
        if any(isinstance(a, Deal) for a in later) and any(isinstance(a, Look) for a in later):
            return None  # a seat has looked at a later deal: going back would unsee it
        hand_before = self.hands_dealt
        looked_before = [s for s in range(self.n_seats) if self.has_looked(s)]
        taken = hist[idx]
        kept = hist[:idx] + [a for a in later if isinstance(a, Look)]
        self._rebuild(kept, idx)
        if self.hands_dealt == hand_before and self.phase is not Phase.DEAL:
            for s in looked_before:
                if not self.has_looked(s):
                    self._apply(Look(s))
                    self._history.append(Look(s))
        return taken

    def _rebuild(self, actions: Sequence[Action], n_same: int = 0) -> None:
        """Set the state to that after ``actions``, whose first ``n_same``
        actions are those of the current history; replays from the latest
        snapshot that lies within that shared prefix (from the start if none)."""
        actions = list(actions)
        while self._snapshots and self._snapshots[-1][0] > n_same:
            self._snapshots.pop()
        if self._snapshots:
            pos, state = self._snapshots[-1]
            self._restore(state)
            self._history = actions[:pos]
        else:
            pos = 0
            self._history = []
            self._reset()
        for a in actions[pos:]:
            self._apply(a)
            self._history.append(a)
            if isinstance(a, Deal):
                self._take_snapshot()

    def copy(self):
        """An independent copy of this game (same history)."""
        new = object.__new__(type(self))
        new.__dict__.update({k: v for k, v in self.__dict__.items()
                             if k in self._config_keys or k in ("_first_deal", "_state_keys")})
        new.rng = random.Random(self.rng.getrandbits(64))
        new._history = []
        new._snapshots = []
        new._rebuild(self._history)
        return new

    # subclasses fill in
    _rule_deal = ""
    _config_keys: tuple[str, ...] = ()

    def _game_over_verdict(self) -> Verdict:
        raise NotImplementedError
