"""The template every trick-taking game fills in: :class:`TrickGame`.

What every game shares is written here once: the action history (replay,
undo, save/load), dispatch of ``check``/``apply``, the checks of game over,
phase, turn and possession (a card's checks are the play core's,
:class:`~engine.tricks.TrickState`), the timing of bids and the whole-number
check of a bid.  What differs between games is a declared attribute (rule
ids, message ids) or an abstract method that each game module in
:mod:`engine.games` implements (the deal, the bidding's own rules, the
exchange, applying an action, scoring, a seat's view).

A game object is **not thread-safe**: it is a plain mutable object with no
locks.  Use one game from one thread at a time (two threads playing one game
can corrupt its history); give each thread its own game, or :meth:`TrickGame.copy`.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Sequence, TypeVar

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, Suit, cards_of, parse_card, parse_cards
from .deal import MAX_DEAL_NUMBER, random_deal_number
from .errors import IllegalActionError, InvalidInputError, quote
from .message import Msg, msg
from .options import GameRules
from .playcore import PlayCore
from .spec import GameSpec
from .tricks import Trick, TrickState
from .validation import MAX_POINTS, whole_number_issue
from .verdict import Reason, Verdict
from .views import HandResult, ScoreLine, SeatView

__all__ = ["ScoreLine", "HandResult", "SeatView", "TrickGame"]

G = TypeVar("G", bound="TrickGame")


def _check_first_deal(value: Any) -> int | None:
    """``first_deal`` is None or a deal number 0 … 2**63−1 (SP-4, OH-6)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEAL_NUMBER:
        raise InvalidInputError(msg("FIRST_DEAL", value=value, high=MAX_DEAL_NUMBER))
    return value


class TrickGame(ABC):
    """Base class of every game: :class:`~engine.games.spades.SpadesGame`,
    :class:`~engine.games.spades_two.SpadesTwoGame` and
    :class:`~engine.games.oh_hell.OhHellGame`.

    A game module fills in the abstract methods (``_reset``, ``_apply``,
    ``make_deal``, ``_validate_deal``, ``seats_to_act``, ``bids``,
    ``legal_bids``, ``_check_blind_bid``, ``_check_number_bid``,
    ``_check_exchange``, ``_hand_phase_refusal``, ``_finish_hand``,
    ``view``) and declares its rule and message ids (``RULE_*``,
    ``TEXT_*``); ``spec`` is its :class:`~engine.spec.GameSpec`.
    Everything that changes state goes through :meth:`apply`, which checks
    first and changes nothing on refusal.

    Dealing: ``auto_deal`` (a constructor option of every game, default
    True) deals each hand from the game's deal numbers as soon as the game
    is made and after every hand (hand *k* gets ``first_deal + k − 1``, see
    :meth:`deal_next`).  With ``auto_deal=False`` the game waits in
    :attr:`Phase.DEAL <engine.actions.Phase.DEAL>` for the caller to deal:
    :meth:`deal` with a :class:`~engine.actions.Deal` or a deal number,
    :meth:`deal_next`, or build the game with :meth:`from_hands`.  The
    attribute ``auto_deal`` may be changed later (a loaded record does).

    :attr:`scores`, :attr:`results` (and Spades' ``bags``) hand out copies
    (a new list each time; results are frozen): changing them never changes
    the game.  A game object is not thread-safe (see the module docstring).
    """

    #: The game's declaration (set by its module to its ``SPEC``).
    spec: ClassVar[GameSpec]
    #: The game's name in hand records (``spec.name``).
    GAME: ClassVar[str] = ""
    n_seats: int = 4

    # ------------------------------------------------------------ declared by each game
    #: Who deals and how (SP-4, SP-2P-2, OH-6): the rule of a deal's verdicts.
    RULE_DEAL: ClassVar[str] = ""
    #: Who deals next (SP-21, SP-2P-6, OH-4): cited when the next hand is not dealt yet.
    RULE_NEXT_DEAL: ClassVar[str] = ""
    #: The bidding order, once each (SP-5, SP-2P-3, OH-8).
    RULE_BID: ClassVar[str] = ""
    #: Who wins the game (SP-22, OH-12): cited when the game is over.
    RULE_GAME_OVER: ClassVar[str] = ""
    #: Message ids: a second bid during the bidding / after it; a bid out of turn;
    #: the game over; a look allowed (and its rule, default RULE_DEAL).
    TEXT_ALREADY_BID_DURING: ClassVar[str] = ""
    TEXT_ALREADY_BID_AFTER: ClassVar[str] = ""
    TEXT_BID_TURN: ClassVar[str] = "NOT_YOUR_TURN.bid"
    TEXT_GAME_OVER: ClassVar[str] = ""
    TEXT_LOOK: ClassVar[str] = "OK.look"
    RULE_LOOK: ClassVar[str] = ""
    #: Constructor settings kept by :meth:`copy` (the rest is state, rebuilt from the history).
    _config_keys: ClassVar[tuple[str, ...]] = ()

    # ------------------------------------------------------------ state every game keeps
    rules: GameRules
    rng: random.Random
    auto_deal: bool
    phase: Phase
    hands_dealt: int
    dealer: int
    start_dealer: int
    start_scores: tuple[int, ...]
    #: Bags carried into the first hand (a game that keeps bags; else none).
    start_bags: tuple[int, ...] = ()
    winners: tuple[int, ...]
    _first_deal: int | None
    _history: list[Action]
    _snapshots: list[tuple[int, dict[str, Any]]]
    _state_keys: tuple[str, ...]
    _scores: list[int]
    _results: list[HandResult]
    _hands: list[int]
    _bids: list[Bid | None]
    _trick: TrickState | None

    # ---------------------------------------------------------------- set-up
    def _init_common(self, first_deal: int | None, rng: random.Random | None, auto_deal: bool) -> None:
        if rng is not None and not isinstance(rng, random.Random):
            raise InvalidInputError(msg("RNG_NOT_RANDOM", value=rng))
        if not isinstance(auto_deal, bool):
            raise InvalidInputError(msg("AUTO_DEAL_NOT_BOOL", value=auto_deal))
        self.rng = rng if rng is not None else random.Random()
        self.first_deal = first_deal
        self.auto_deal = auto_deal
        self._history = []
        self._snapshots = []
        self._reset()
        self._state_keys = tuple(k for k in vars(self) if k not in self._config_keys
                                 and k not in ("rng", "_history", "_snapshots", "_state_keys", "_first_deal"))
        if auto_deal:
            self.deal_next()

    @classmethod
    def _from_hands(cls: type[G], hands: Any, turn_up: Any, auto_deal: Any, **options: Any) -> G:
        """A game built with ``options`` and ``auto_deal=False``, its first
        hand dealt from ``hands`` (and ``turn_up``), then ``auto_deal`` set."""
        if not isinstance(auto_deal, bool):
            raise InvalidInputError(msg("AUTO_DEAL_NOT_BOOL", value=auto_deal))
        if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
            raise InvalidInputError(msg("HANDS_NOT_LIST", value=hands))
        cards = tuple(tuple(sorted(parse_cards(h))) for h in hands)
        up = None if turn_up is None else parse_card(turn_up)
        make: Callable[..., G] = cls  # a game class's constructor takes its options and auto_deal
        game = make(auto_deal=False, **options)
        game.deal(Deal(cards, up))
        game.auto_deal = auto_deal
        return game

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
        their cards when they are dealt, and two-player Spades players as
        they draw them, so this is always True there."""
        self._seat(seat)
        return True

    # -------------------------------------------------------------- queries
    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied so far, deals included."""
        return tuple(self._history)

    @property
    def history_length(self) -> int:
        """How many actions :attr:`history` holds (without copying it)."""
        return len(self._history)

    @property
    @abstractmethod
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several while sealed bids are chosen, OH-V5)."""

    @property
    @abstractmethod
    def bids(self) -> tuple[Any, ...]:
        """Bids this hand per seat, as in records (int, "nil", "blind_nil"; None if not made)."""

    @property
    @abstractmethod
    def trump(self) -> Suit | None:
        """This hand's trump suit (None: a hand without trump)."""

    @property
    @abstractmethod
    def turn_up(self) -> Card | None:
        """The card turned up for trump this hand, if any (Oh Hell, OH-7)."""

    @property
    @abstractmethod
    def hand_size(self) -> int:
        """Cards each seat is dealt this hand."""

    @property
    def to_act(self) -> int | None:
        """The seat that acts next (the first of :attr:`seats_to_act`), or None."""
        s = self.seats_to_act
        return s[0] if s else None

    @property
    def game_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def seat_name(self, seat: int) -> str:
        """``seat``'s name in the current language (Spades: North …; two
        players: Player 1, Player 2; Oh Hell: seat 0 …)."""
        return self.spec.seat_name(seat)

    # --------------------------------------------- queries for tables and views
    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name in seat order (Spades: North, East, South, West;
        Oh Hell: "seat 0" …), as the engine's messages use them."""
        return self.spec.seat_names(self.n_seats)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats scored together, one tuple per entry of ``scores`` (the
        ``who`` of a :class:`ScoreLine`): Spades ((0, 2), (1, 3)) (partners
        sit opposite, SP-1); two-player Spades and Oh Hell one seat each
        (SP-2P-1, OH-11)."""
        return self.spec.sides(self.n_seats)

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
            return str(msg("bid.name", bid_words="blind_nil"))
        return str(value)

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise InvalidInputError(msg("NOT_A_SEAT", value=seat, high=self.n_seats - 1))
        return seat

    def _play(self) -> TrickState:
        """The play of this hand (only asked during the play)."""
        assert self._trick is not None, "no trick state outside the play"
        return self._trick

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

    @property
    def play_core(self) -> PlayCore | None:
        """A copy of this hand's :class:`~engine.playcore.PlayCore` (every
        seat's cards: omniscient), or None outside play."""
        return self._trick.core.copy() if self._trick else None

    @abstractmethod
    def legal_bids(self, seat: int) -> list[Bid]:
        """Every legal :class:`Bid` for ``seat`` now."""

    def legal_exchanges(self, seat: int) -> list[Pass]:
        """Legal exchanges for ``seat`` now (only four-player Spades has any)."""
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal bids, passes or plays for ``seat`` (default: :attr:`to_act`).
        Looking at one's cards is always allowed and not listed."""
        if seat is None:
            seat = self.to_act
            if seat is None:
                return []
        seat = self._seat(seat)
        phase = self.phase
        if phase is Phase.PLAY:
            tr = self._trick
            assert tr is not None
            return [Play(seat, c) for c in cards_of(tr.legal_mask(seat))]
        if phase is Phase.BIDDING:
            return list(self.legal_bids(seat))
        if phase is Phase.EXCHANGE:
            return list(self.legal_exchanges(seat))
        return []

    def _apply_play(self, a: Play) -> Trick | None:
        state = self._trick
        assert state is not None
        trick = state.apply(a.seat, a.card)
        if state.done:
            self._finish_hand()
        return trick

    def legal_plays(self, seat: int) -> list[Card]:
        """Cards ``seat`` may play now, sorted (empty when it may not play)."""
        seat = self._seat(seat)
        if self.phase is not Phase.PLAY:
            return []
        return cards_of(self._play().legal_mask(seat))

    def legal_play_mask(self, seat: int) -> int:
        """As :meth:`legal_plays`, as a bitmask (the fast path)."""
        if self.phase is not Phase.PLAY:
            return 0
        return self._play().legal_mask(seat)

    def hand_of(self, seat: int) -> list[Card]:
        """All of ``seat``'s cards (omniscient: for tests and the replay tool;
        players get :meth:`view`)."""
        seat = self._seat(seat)
        if self._trick is not None:
            return cards_of(self._trick.hands[seat])
        return cards_of(self._hands[seat]) if self._hands else []

    @abstractmethod
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see (a :class:`~engine.views.SeatView`)."""

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
        return self._check_other(action)

    def _check_other(self, action: Any) -> Verdict:
        """A game's own kind of action (two-player Spades: a Draw); else InvalidInputError."""
        raise InvalidInputError(msg("NOT_AN_ACTION", value=action))

    def _normalize(self, action: Any) -> Action:
        """The action with its seat checked and its cards parsed
        (InvalidInputError for a malformed one): ``Play(0, "AS")`` becomes
        ``Play(0, Card(AS))``, ``Pass(0, None)`` is refused."""
        if isinstance(action, Play):
            return Play(self._seat(action.seat), parse_card(action.card))
        if isinstance(action, Pass):
            return Pass(self._seat(action.seat), tuple(parse_cards(action.cards)))
        if isinstance(action, Bid):
            if not isinstance(action.blind, bool):
                raise InvalidInputError(msg("BLIND_NOT_BOOL", value=action.blind))
            self._seat(action.seat)
            return action
        if isinstance(action, Look):
            self._seat(action.seat)
            return action
        if isinstance(action, Deal):
            return action
        raise InvalidInputError(msg("NOT_AN_ACTION", value=action))

    def apply(self, action: Action) -> Trick | None:
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
        return self._commit(action)

    def attempt(self, action: Action) -> Verdict:
        """Check ``action`` once and apply it when the rules allow it; the
        :class:`Verdict` either way (why it was allowed, or why not: a
        refused action changes nothing).  A table's click is one legality
        computation: the verdict it shows is the one that let the action
        through.  Raises :class:`InvalidInputError` for a malformed action.

        >>> from engine import Play, SpadesGame
        >>> g = SpadesGame(first_deal=7, dealer=3)
        >>> g.attempt(Play(0, "2C")).reason.name
        'WRONG_PHASE'
        """
        action = self._normalize(action)
        verdict = self.check(action)
        if verdict.ok:
            self._commit(action)
        return verdict

    def _commit(self, action: Action) -> Trick | None:
        """Apply ``action``, normalised and allowed (:meth:`apply`, :meth:`attempt`)."""
        if isinstance(action, Look) and self.has_looked(action.seat):
            return None
        out = self._apply(action)
        self._history.append(action)
        if isinstance(action, Deal):
            self._take_snapshot()
        if self.phase is Phase.DEAL and self.auto_deal:
            self.deal_next()
        return out

    @abstractmethod
    def _apply(self, a: Action) -> Trick | None:
        """Change the state by an action already checked (or a deal)."""

    @abstractmethod
    def _reset(self) -> None:
        """The state before the first deal."""

    @abstractmethod
    def make_deal(self, number: int) -> Deal:
        """The :class:`Deal` that deal number ``number`` gives the next hand."""

    @abstractmethod
    def _validate_deal(self, deal: Deal) -> None:
        """InvalidInputError if ``deal`` cannot be the next hand's deal."""

    @abstractmethod
    def _finish_hand(self) -> None:
        """Score the hand just played, then end the game or wait for the next deal."""

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
        assert self.first_deal is not None
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

    def _capture(self) -> dict[str, Any]:
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

    def _restore(self, state: dict[str, Any]) -> None:
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
        self.apply(deal)  # type: ignore[arg-type]  # anything else is refused as input by _normalize/_validate

    def check_deal(self, deal: Deal | None) -> Verdict:
        """May the next hand be dealt now (game over, the hand in progress)?
        With a ``deal``, its shape is checked too (InvalidInputError)."""
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        if self.phase is not Phase.DEAL:
            return Verdict.refuse(Reason.WRONG_PHASE, self.RULE_DEAL, msg("WRONG_PHASE.deal"))
        if deal is not None:
            self._validate_deal(deal)
        return Verdict.allow(msg("OK.deal"), self.RULE_DEAL)

    def _check_deal_hands(self, deal: Deal, size: int, rule: str) -> set[Card]:
        """Check a deal's shape (one hand of ``size`` Cards per seat, no card
        twice); returns the cards dealt.  Raises InvalidInputError."""
        if not isinstance(deal.hands, (tuple, list)) or not all(isinstance(h, (tuple, list)) for h in deal.hands):
            raise InvalidInputError(msg("DEAL_HANDS_SHAPE", value=deal.hands))
        if deal.turn_up is not None and not isinstance(deal.turn_up, Card):
            raise InvalidInputError(msg("TURN_UP_NOT_CARD", value=deal.turn_up))
        if len(deal.hands) != self.n_seats:
            raise InvalidInputError(msg("DEAL_HAND_COUNT", seats=self.n_seats, got=len(deal.hands), rule=rule))
        seen: set[Card] = set()
        for seat, h in enumerate(deal.hands):
            if len(h) != size:
                raise InvalidInputError(msg("DEAL_HAND_SIZE", seat=seat, naming=self.spec.naming, got=len(h),
                                            number=self.hands_dealt + 1, size=size, rule=rule))
            for c in h:
                if not isinstance(c, Card):
                    raise InvalidInputError(msg("NOT_A_CARD_OBJECT", value=c))
                if c in seen:
                    raise InvalidInputError(msg("DEALT_TWICE", code=c.code))
                seen.add(c)
        return seen

    def play(self, seat: int, card: "Card | str") -> Trick | None:
        """Play a card (text or :class:`Card`).  See :meth:`apply`."""
        return self.apply(Play(self._seat(seat), parse_card(card)))

    def bid(self, seat: int, value: Any, blind: bool = False) -> Trick | None:
        """Bid ``value`` tricks for ``seat``.  See :meth:`apply`."""
        return self.apply(Bid(self._seat(seat), value, blind))

    def look(self, seat: int) -> Trick | None:
        """``seat`` looks at its cards."""
        return self.apply(Look(self._seat(seat)))

    def exchange(self, seat: int, cards: Any) -> Trick | None:
        """``seat`` chooses its three exchange cards (Spades SP-10): a list
        of card texts or Cards, or one string such as ``"2C 3C 4C"``.
        InvalidInputError for anything else (``None``, a number)."""
        return self.apply(Pass(self._seat(seat), tuple(parse_cards(cards))))

    # ------------------------------------------------------- the checks, written once
    def check_play(self, seat: int, card: "Card | str") -> Verdict:
        """May ``seat`` play ``card`` now?  Game over, phase, then the play
        core's checks (:meth:`engine.tricks.TrickState.check`): turn (who
        leads the first trick, the winner of a trick the next: SP-12,
        SP-2P-4, OH-9, OH-10), possession (CARD_NOT_IN_HAND: RULES.md has no
        rule id of its own for it, so the verdict cites the rule saying which
        card a player may play, SP-14 or OH-9, and its message says "you
        don't hold the 7♣"), the lead of trumps (SP-13), follow suit (SP-14,
        OH-9), must-trump (OH-V6).  Raises InvalidInputError only for a
        malformed card or seat."""
        seat = self._seat(seat)
        card = parse_card(card)
        tr = self._trick
        if self.phase is not Phase.PLAY or tr is None:
            return self._phase_refusal("play")
        return tr.check(seat, card)

    def check_bid(self, seat: int, value: Any, blind: bool = False) -> Verdict:
        """May ``seat`` bid ``value`` (``blind=True``: a Blind Nil) now?

        Checks in order: game over, phase, already bid / not your turn (the
        bidding order: SP-5, SP-2P-3, OH-8), then the game's own rules of a
        bid (:meth:`_check_blind_bid`, :meth:`_check_number_bid`: whole
        number, range, Nil, Blind Nil, the hook …).  Returns a
        :class:`Verdict`; never raises for a rule violation
        (InvalidInputError for a bad seat or a ``blind`` that is not a bool).
        """
        seat = self._seat(seat)
        if not isinstance(blind, bool):
            raise InvalidInputError(msg("BLIND_NOT_BOOL", value=blind))
        refused = self._bid_timing_refusal(seat)
        if refused is not None:
            return refused
        if blind:
            return self._check_blind_bid(seat, value)
        return self._check_number_bid(seat, value)

    @abstractmethod
    def _check_blind_bid(self, seat: int, value: Any) -> Verdict:
        """The verdict on a Blind Nil by ``seat`` (whose turn it is to bid)."""

    @abstractmethod
    def _check_number_bid(self, seat: int, value: Any) -> Verdict:
        """The verdict on a bid of ``value`` by ``seat`` (whose turn it is to bid)."""

    def check_exchange(self, seat: int, cards: Any) -> Verdict:
        """May ``seat`` pass these cards to its partner (the Blind Nil
        exchange, SP-10, SP-11)?  InvalidInputError for a bad seat or
        malformed cards; only four-player Spades has an exchange."""
        seat = self._seat(seat)
        return self._check_exchange(seat, tuple(parse_cards(cards)))

    @abstractmethod
    def _check_exchange(self, seat: int, cards: tuple[Card, ...]) -> Verdict:
        """The verdict on ``seat`` passing ``cards`` (parsed)."""

    def check_look(self, seat: int) -> Verdict:
        """May ``seat`` look at its cards?  Always during a hand (a look by a
        seat that has seen its cards changes nothing, HAND_RECORD.md);
        refused when the game is over or the next hand is not dealt."""
        self._seat(seat)
        if self.phase in (Phase.GAME_OVER, Phase.DEAL):
            return self._phase_refusal("look")
        return Verdict.allow(msg(self.TEXT_LOOK), self.RULE_LOOK or self.RULE_DEAL)

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

    def copy(self: G) -> G:
        """An independent copy of this game (same history)."""
        new = object.__new__(type(self))
        new.__dict__.update({k: v for k, v in self.__dict__.items()
                             if k in self._config_keys or k in ("_first_deal", "_state_keys")})
        new.rng = random.Random(self.rng.getrandbits(64))
        new._history = []
        new._snapshots = []
        new._rebuild(self._history)
        return new

    # -------------------------------------------------- shared refusals
    def _phase_refusal(self, wanted: str) -> Verdict:
        """Why a ``wanted`` action (``"bid"``, ``"play"``, ``"exchange"``,
        ``"look"``, ``"draw"``) is out of phase: the game is over, the next
        hand is not dealt, or the hand is in another phase
        (:meth:`_hand_phase_refusal`).  Always a timing refusal
        (:attr:`Verdict.is_timing`)."""
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        if self.phase is Phase.DEAL:
            return Verdict.refuse(Reason.HAND_NOT_DEALT, self.RULE_NEXT_DEAL,
                                  msg("HAND_NOT_DEALT", wanted=wanted))
        return self._hand_phase_refusal(wanted)

    @abstractmethod
    def _hand_phase_refusal(self, wanted: str) -> Verdict:
        """Why ``wanted`` is out of phase during a hand (the game's phases)."""

    def _game_over_verdict(self) -> Verdict:
        """GAME_OVER, naming the winners and their points (SP-22, OH-12)."""
        w = self.winners
        side = self.side_of_seat(w[0]) if w else 0
        return Verdict.refuse(Reason.GAME_OVER, self.RULE_GAME_OVER,
                              Msg(self.TEXT_GAME_OVER if w else "GAME_OVER.nobody",
                                  {"side": side, "points": self._scores[side] if w else 0, "winners_and": w,
                                   "naming": self.spec.naming}),
                              winners=list(w))

    def _bid_timing_refusal(self, seat: int) -> Verdict | None:
        """The refusal of any bid by ``seat`` now for a reason of timing
        (outside the bidding, already bid, not its turn), or None.  The
        rule cited is ``RULE_BID`` (SP-5, SP-2P-3, OH-8)."""
        rule = self.RULE_BID
        own = self._bids[seat]
        if self.phase is not Phase.BIDDING:
            if self.phase in (Phase.EXCHANGE, Phase.PLAY) and own is not None:
                return Verdict.refuse(Reason.ALREADY_BID, rule,
                                      Msg(self.TEXT_ALREADY_BID_AFTER, {"bid_words": self._bid_words(own)}),
                                      **self._bid_evidence(own))
            return self._phase_refusal("bid")
        if own is not None:
            return Verdict.refuse(Reason.ALREADY_BID, rule,
                                  Msg(self.TEXT_ALREADY_BID_DURING, {"bid_words": self._bid_words(own)}),
                                  **self._bid_evidence(own))
        to_act = self.seats_to_act
        if seat not in to_act:
            return Verdict.refuse(Reason.NOT_YOUR_TURN, rule,
                                  Msg(self.TEXT_BID_TURN, {"dealer": self.dealer, "naming": self.spec.naming}),
                                  to_act=to_act[0])
        return None

    def _bid_number_refusal(self, value: Any, high: int, rule: str, out_of_range: Msg) -> Verdict | None:
        """The refusal of a bid ``value`` that is not a whole number 0 …
        ``high`` (BID_NOT_WHOLE_NUMBER, or BID_OUT_OF_RANGE saying
        ``out_of_range``), citing ``rule`` (SP-6, SP-2P-3, OH-8); None if
        it is one."""
        bad = whole_number_issue(value)
        if bad:
            return Verdict.refuse(Reason.BID_NOT_WHOLE_NUMBER, rule, Msg("BID_NOT_WHOLE_NUMBER",
                                                                         {"high": high, "problem": bad}),
                                  bid=quote(value))
        if not 0 <= value <= high:
            return Verdict.refuse(Reason.BID_OUT_OF_RANGE, rule, out_of_range,
                                  bid=value if abs(value) < MAX_POINTS else quote(value), low=0, high=high)
        return None

    def _bid_words(self, bid: Bid) -> Any:
        """A bid as its message data: its value (Spades: as in records,
        ``"nil"``, ``"blind_nil"``), written by the text layer ("4", "Nil")."""
        return bid.value

    def _bid_evidence(self, bid: Bid) -> dict[str, Any]:
        """Evidence naming a bid already made (none by default)."""
        return {}

