"""A table session without widgets: a whole game of Spades or Oh Hell with
the learner at one seat and computer players at the others.

:class:`TableSession` is what :class:`tutor.table.GameTable` draws; tests and
scripts drive it directly::

    from engine import SpadesGame
    from tutor.session import TableSession

    s = TableSession(SpadesGame(first_deal=7, auto_deal=False), level=1)
    s.look()                      # Spades: see the cards (SP-10)
    out = s.bid(3)                # an Outcome: kind "ok" / "error" / "info", text, verdict
    out = s.play("2C")
    s.events                      # the hand so far, in plain sentences

Every rule decision comes from the engine: legal bids and cards, the
:class:`~engine.verdict.Verdict` of a refused action (its reason tells a
timing refusal from a rule refusal, :attr:`~engine.verdict.Verdict.is_timing`),
seat names, sides and bid ranges (:attr:`~engine.game.TrickGame.seat_names`,
:attr:`~engine.game.TrickGame.sides`, :meth:`~engine.game.TrickGame.bid_range`)
and the scoring.  Computer players receive ``game.view(seat)`` only.

Undo (practice mode) takes back to the learner's previous decision (bid,
pass or card) in the current hand and never takes back a Look: a seat that
has looked at its cards stays looked (SP-10), so a learner is never offered
Blind Nil again with the same cards in view.

A session plays one kind of game, the kind it was made with: a saved game
of another kind (an Oh Hell record at a Spades table, a two-player record at
a table for four) is refused with a sentence naming where it opens
(:attr:`TableSession.places`).  A file that cannot be loaded gets one plain
sentence (:data:`LOAD_REFUSED`, or :data:`LOAD_TOO_BIG` over the one limit
of HAND_RECORD.md, 10 MB), the parser's own words in ``Outcome.details``.
``single_hand=True``: the session plays only the hand in progress (the
review's practice copy): no next hand is dealt.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from engine import (Bid, Card, Deal, IllegalActionError, InvalidInputError, Look, OhHellGame, Phase,
                    Play, SpadesGame, random_deal_number)
from engine.bots import make_player
from engine.deal import MAX_DEAL_NUMBER
from engine.game import TrickGame
from engine.record import MAX_RECORD_BYTES, game_from_record, game_to_record, loads_record
from engine.verdict import Verdict

from .table_words import PLAYER_NAMES, SessionWords, plural as _plural

__all__ = ["TableSession", "Outcome", "resolve_level", "DEFAULT_LEARNER_SEAT", "PLAYER_NAMES",
           "MAX_LOAD_BYTES", "LOAD_REFUSED", "LOAD_TOO_BIG", "LOAD_OTHER_GAME", "PLACES", "GAME_WORDS"]

log = logging.getLogger("tutor.session")

#: Seat of the learner when none is given: South in Spades, seat 0 in Oh Hell.
DEFAULT_LEARNER_SEAT = {"spades": 2, "oh_hell": 0}
#: Largest saved-game file the table reads (bytes): HAND_RECORD.md's limit of
#: 10 MB (:data:`engine.record.MAX_RECORD_BYTES`); the browser refuses bigger
#: files before sending them.
MAX_LOAD_BYTES = MAX_RECORD_BYTES

# ---------------------------------------------------------------- what the session says about files
#: Any file that cannot be loaded (the parser's words go to ``Outcome.details``).
LOAD_REFUSED = "This file cannot be opened as a saved Trick Tutor game, so nothing was loaded and your game is unchanged."
#: A file over the size limit ({size} and {limit} in MB).
LOAD_TOO_BIG = ("This file is {size} MB, too big to be a saved game (at most {limit} MB), so nothing was loaded "
                "and your game is unchanged.")
#: A saved game of another kind than the table's ({game}: :data:`GAME_WORDS`; {place}: :data:`PLACES`).
LOAD_OTHER_GAME = ("This file is a saved game of {game}: open it {place}. Nothing was loaded here and your "
                   "game is unchanged.")
#: The loaded game, where it stands ({hand}: its number; {turn}: whose turn).
LOADED = "Loaded the game: hand {hand}, {turn}."
#: What each kind of game is called in :data:`LOAD_OTHER_GAME`, by the engine's game title.
GAME_WORDS = {"Spades": "Spades for four players", "Spades for two": "Spades for two", "Oh Hell": "Oh Hell"}
#: Where a saved game of each kind opens, by the engine's game title (the app names its tabs instead:
#: :attr:`TableSession.places`).
PLACES = {"Spades": "at a Spades table for four players", "Spades for two": "at a table for Spades for two",
          "Oh Hell": "at an Oh Hell table"}
#: A single-hand session (the review's practice copy) asked for another hand.
SINGLE_HAND_OVER = "This practice copy ends with its hand: no next hand is dealt."
_MAX_COMPUTER_STEPS = 2000  # a whole hand of 7 seats × 7 cards plus bids is far below this
_QUOTE = 80  # longest piece of a file quoted back in a message


def resolve_level(level: int) -> int:
    """The strongest computer level available that is not above ``level``
    (levels 2 and 3 are optional modules; 1 always exists)."""
    for lv in range(int(level), 0, -1):
        try:
            make_player(lv, 0)
            return lv
        except Exception:  # noqa: BLE001 - a missing or half-written level falls back
            log.info("computer level %s not available, trying %s", lv, lv - 1)
    return 1


@dataclass
class Outcome:
    """What became of a learner's action: ``kind`` "ok" (done), "error" (a
    rule refused it: ``verdict`` says which), "info" (a note: not now,
    nothing to do); ``text`` plain English; ``highlight`` card codes to
    point at (the legal cards after a refused play, the cards received);
    ``details`` the technical reason behind a refusal (folded away)."""

    kind: str
    text: str
    verdict: Verdict | None = None
    highlight: tuple[str, ...] = field(default=())
    #: More about a refusal, for those who want it (a parser's words about a file); shown folded away.
    details: str = ""

    @property
    def ok(self) -> bool:
        return self.kind == "ok"


def _quote(text: str) -> str:
    text = str(text)
    return text if len(text) <= _QUOTE else text[:_QUOTE - 1] + "…"


class TableSession(SessionWords):
    """A game played by the learner at ``learner_seat`` against computer
    players.  ``game``: a :class:`~engine.spades.SpadesGame` or
    :class:`~engine.ohhell.OhHellGame` (the session sets ``auto_deal =
    False`` and deals hand *k* from deal number ``first_deal + k - 1``).
    ``level``: computer level wanted (the strongest available not above it,
    :func:`resolve_level`); ``practice``: Undo allowed; ``seed``: seed of the
    computer players (default the first deal number, so a class on one deal
    number meets the same opponents); ``auto_continue``: deal the next hand
    at once; ``players``: optional ``{seat: player}`` (``choose(view)``).
    ``single_hand``: play only the hand in progress (the review's practice
    copy; :meth:`next_hand` refuses).  :attr:`places`: where a saved game of
    another kind opens, by game title (default :data:`PLACES`).
    Raises TypeError for another kind of game, InvalidInputError for a
    learner seat that is not a seat of the game."""

    #: The kinds of game this session plays (:mod:`tutor.table_two` plays SpadesTwoGame).
    GAME_TYPES: tuple[type, ...] = (SpadesGame, OhHellGame)

    def __init__(self, game: TrickGame, learner_seat: int | None = None, level: int = 2, practice: bool = True,
                 seed: int | None = None, auto_continue: bool = False, players: Mapping[int, Any] | None = None,
                 single_hand: bool = False):
        self.level_wanted = level
        self.level = resolve_level(level)
        self.practice = bool(practice)
        self.seed = seed
        self.auto_continue = bool(auto_continue)
        self.custom_players = dict(players) if players else None
        self.busy = False
        self.single_hand = bool(single_hand)
        #: The kind of game this session plays (the engine's spec of the game it was made with).
        self.table_spec = getattr(game, "spec", None)
        #: Where a saved game of another kind opens: game title -> place (:data:`LOAD_OTHER_GAME`).
        self.places: dict[str, str] = dict(PLACES)
        #: Called (no arguments) just before the computer players start acting:
        #: a view shows progress there.  None: nothing is called.
        self.on_computers_start = None
        self.install(game, learner_seat)

    # ============================================================ set-up
    def install(self, game: TrickGame, learner_seat: int | None, first_deal: int | None = None) -> None:
        """Make ``game`` the session's game (the computer players act until
        the learner's turn).  On any error the previous game stays."""
        if not isinstance(game, self.GAME_TYPES):
            raise TypeError(f"a table needs a {' or an '.join(t.__name__ for t in self.GAME_TYPES)}, "
                            f"not {type(game).__name__}")
        seat = self.default_seat(game) if learner_seat is None else learner_seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n_seats:
            raise InvalidInputError(f"learner_seat {seat!r} is not a seat of this game (0 to {game.n_seats - 1})")
        saved = self.__dict__.copy()
        try:
            self.game, self.learner = game, seat
            game.auto_deal = False
            if first_deal is not None:
                game.first_deal = first_deal
            if game.phase is Phase.DEAL and game.first_deal is None:
                game.first_deal = random_deal_number(game.rng)
            base = self.seed if self.seed is not None else (game.first_deal or 0)
            self.players = {s: (self.custom_players[s] if self.custom_players and s in self.custom_players
                                else make_player(self.level, (base * 16 + s) & 0xFFFFFFFF))
                            for s in range(game.n_seats) if s != seat}
            self._names = self._make_names()
            if game.phase is Phase.DEAL and game.hands_dealt == 0:
                self._deal_next()
            self.advance()
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(saved)
            raise

    def default_seat(self, game: TrickGame) -> int:
        """The learner's seat when none is given (:data:`DEFAULT_LEARNER_SEAT`)."""
        return DEFAULT_LEARNER_SEAT[game.GAME]

    def unsuitable(self, game: TrickGame) -> str | None:
        """Why a loaded ``game`` cannot be played by this session, as the
        learner's sentence (:data:`LOAD_OTHER_GAME`), or None when it can:
        a session plays the kind of game it was made with (a Spades table
        refuses Oh Hell and Spades for two, and the other way round)."""
        if game.spec is self.table_spec:
            return None
        title = game.spec.title
        return LOAD_OTHER_GAME.format(game=GAME_WORDS.get(title, title),
                                      place=self.places.get(title) or PLACES.get(title) or title)

    def has_progress(self) -> bool:
        """Whether a new game would throw away something of the learner's: the
        game is not over and a hand has been scored or the learner has made a
        decision (a bid, a card, a pass, a draw) in this hand."""
        g = self.game
        if g.phase is Phase.GAME_OVER:
            return False
        if g.results:
            return True
        return any(not isinstance(a, (Deal, Look)) and getattr(a, "seat", None) == self.learner for a in g.history)

    # ============================================================ the turn loop
    def _deal_next(self) -> None:
        self.game.deal_next()  # hand k: deal number first_deal + k - 1 (SP-4, OH-6)

    def advance(self) -> int:
        """Let the computer seats act until the learner must act, the hand is
        over (unless ``auto_continue``) or the game is over.  Returns the
        number of computer actions."""
        g = self.game
        n = 0
        for _ in range(_MAX_COMPUTER_STEPS):
            if g.phase is Phase.GAME_OVER:
                break
            if g.phase is Phase.DEAL:
                if not self.auto_continue:
                    break
                self._deal_next()
                continue
            seats = [s for s in g.seats_to_act if s != self.learner]
            if not seats:
                break
            if n == 0 and self.on_computers_start is not None:
                self.on_computers_start()
            self._computer_act(seats[0])
            n += 1
        return n

    def computers_to_act(self) -> bool:
        """True when a computer player acts next (the learner must wait)."""
        g = self.game
        return g.phase not in (Phase.DEAL, Phase.GAME_OVER) and any(s != self.learner for s in g.seats_to_act)

    def _computer_act(self, seat: int) -> None:
        g = self.game
        player = self.players[seat]
        view = g.view(seat)
        action = player.choose(view)
        if isinstance(action, Look) or (view.hand is None and not (isinstance(action, Bid) and action.blind)):
            # a computer that wants to see its cards looks first (SP-10), then decides
            g.look(seat)
            view = g.view(seat)
            action = player.choose(view)
        try:
            g.apply(action)
        except (IllegalActionError, InvalidInputError) as e:
            # a computer player bug: keep the game going with a legal action and say so
            log.error("computer player at seat %s chose %r: %s", seat, action, e)
            g.apply(view.legal[0])

    # ============================================================ learner actions
    def _not_now(self, what: str) -> Outcome | None:
        g = self.game
        if self.busy:
            return Outcome("info", "One moment: the computer players are still playing.")
        if g.phase is Phase.GAME_OVER:
            return Outcome("info", f"The game is over ({self.winners_text()}). Press “New game” to play again.")
        if g.phase is Phase.DEAL:
            if self.single_hand:
                return Outcome("info", SINGLE_HAND_OVER)
            return Outcome("info", f"Hand {g.hands_dealt} is over. Press “Next hand” to {what}.")
        return None

    def _refused(self, v: Verdict, highlight: Iterable[str] = ()) -> Outcome:
        if v.is_timing:
            return Outcome("info", f"Not now: {self.speak(v.message)}", v)
        return Outcome("error", f"Not allowed: {self.speak(v.message)}", v, tuple(highlight))

    def play(self, code: str) -> Outcome:
        """The learner plays ``code`` (then the computers play on)."""
        note = self._not_now("play on")
        if note:
            return note
        g, me = self.game, self.learner
        view = g.view(me)
        if view.hand is None:
            return Outcome("info", "Your cards are face down: look at them first, or bid Blind Nil (SP-10).")
        v = g.check_play(me, code)
        if not v.ok:
            return self._refused(v, [c.code for c in g.legal_plays(me)])
        with self._busy():
            g.play(me, code)
            self.advance()
        return Outcome("ok", f"You played {Card.parse(code).display}. {self.speak(v.message)}", v)

    def bid(self, value: Any, blind: bool = False) -> Outcome:
        """The learner bids ``value`` (``blind``: Blind Nil, SP-10)."""
        note = self._not_now("bid")
        if note:
            return note
        g, me = self.game, self.learner
        v = g.check_bid(me, value, blind=blind)
        if not v.ok:
            return self._refused(v)
        with self._busy():
            g.bid(me, value, blind=blind)
            self.advance()
        text = f"You bid {g.bid_label(value, blind)}. {self.speak(v.message)}"
        partner = self.partner()
        swap = getattr(getattr(g, "rules", None), "blind_nil_pass", 0)
        if blind and partner is not None and swap:
            text += f" After the bidding you and {self.name(partner)} swap {_plural(swap, 'card')}."
        return Outcome("ok", text, v)

    def look(self) -> Outcome:
        """The learner looks at its cards (Spades, SP-10)."""
        g, me = self.game, self.learner
        if g.phase is Phase.GAME_OVER:
            return self._not_now("look")
        if g.view(me).hand is not None:
            return Outcome("info", "You are already looking at your cards.")
        v = g.check_look(me)
        if not v.ok:
            return self._refused(v)
        g.look(me)
        return Outcome("ok", "Here are your cards. You can no longer bid Blind Nil; "
                             "bid Nil (0) or a number of tricks (SP-6, SP-10).", v)

    def exchange(self, cards: Iterable[str]) -> Outcome:
        """The learner passes ``cards`` to its partner (Blind Nil exchange, SP-10)."""
        note = self._not_now("play on")
        if note:
            return note
        g, me = self.game, self.learner
        cards = list(cards)
        v = g.check_exchange(me, cards)
        if not v.ok:
            return self._refused(v)
        with self._busy():
            g.exchange(me, cards)
            self.advance()
        got = g.view(me).received or ()
        text = f"You passed {', '.join(Card.parse(c).display for c in cards)}."
        if got:
            text = (f"You passed {', '.join(Card.parse(c).display for c in cards)} and received "
                    f"{', '.join(c.display for c in got)} from {self.name(self.partner() or 0)} (SP-10).")
        return Outcome("ok", text, v, tuple(c.code for c in got))

    def undo(self) -> Outcome:
        """Take back to the learner's previous decision in this hand, keeping
        every Look (SP-10: having looked cannot be taken back)."""
        if self.busy:
            return Outcome("info", "One moment: the computer players are still playing.")
        if not self.practice:
            return Outcome("info", "Undo is switched off for this game.")
        g, me = self.game, self.learner
        hist = g.history
        last_deal = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
        mine = [i for i, a in enumerate(hist) if i > last_deal and not isinstance(a, (Deal, Look)) and a.seat == me]
        if not mine:
            return Outcome("info", "There is nothing of yours to take back in this hand.")
        idx = mine[-1]
        # every seat that has seen its cards (by a Look, or in a Blind Nil
        # exchange) keeps them seen: undo never unsees cards (SP-10)
        seen = [seat for seat in range(g.n_seats) if g.view(seat).hand is not None]
        with self._busy():
            taken = []
            while len(g.history) > idx:
                a = g.undo()
                if a is None:
                    break
                taken.append(a)
            for seat in seen:
                if g.view(seat).hand is None:
                    g.look(seat)
            self.advance()
        decision = hist[idx]
        if isinstance(decision, Play):
            what = f"your play of {decision.card.display}"
        elif isinstance(decision, Bid):
            what = f"your bid of {g.bid_label(decision.value, decision.blind)}"
        else:
            what = "your 3 cards to pass"
        others = sum(1 for a in taken if not isinstance(a, (Look, Deal)) and a.seat != me)
        text = f"Taken back: {what}" + (f" and {_plural(others, 'computer action')}" if others else "")
        return Outcome("info", text + ". Your turn again.")

    def next_hand(self) -> Outcome:
        """Deal the next hand (after a hand is over)."""
        g = self.game
        if self.busy:
            return Outcome("info", "One moment: the computer players are still playing.")
        if g.phase is Phase.GAME_OVER:
            return self._not_now("continue")
        if g.phase is not Phase.DEAL:
            return Outcome("info", "This hand is not over yet.")
        if self.single_hand:
            return Outcome("info", SINGLE_HAND_OVER)
        with self._busy():
            self._deal_next()
            self.advance()
        return Outcome("info", f"Hand {g.hands_dealt}: {self.name(g.dealer)} dealt.")

    def _busy(self):
        session = self

        class _Busy:
            def __enter__(self):
                session.busy = True

            def __exit__(self, *exc):
                session.busy = False
                return False
        return _Busy()

    # ============================================================ new game, save, load
    def new_game(self, number: int | None, rules: Any) -> Outcome:
        """A new game of the same kind with ``rules``; hand 1 is deal
        ``number`` (None: random)."""
        if self.busy:
            return Outcome("info", "One moment: the computer players are still playing.")
        if number is None:
            number = random_deal_number(random.Random())
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_DEAL_NUMBER - 1000:
            return Outcome("error", f"{_quote(repr(number))} is not a deal number: type a whole number from 0 to "
                                    f"{MAX_DEAL_NUMBER - 1000}, or leave the box empty for a random deal.")
        old = self.game
        game = type(old)(rules, dealer=old.start_dealer % getattr(rules, "players", old.n_seats),
                         first_deal=number, auto_deal=False)
        seat = self.learner if self.learner < game.n_seats else self.default_seat(game)
        with self._busy():
            self.install(game, seat)
        return Outcome("info", f"New game from deal #{number}.")

    def save(self) -> dict:
        """The game as a hand record (HAND_RECORD.md) plus a ``"tutor"``
        object ``{"learner_seat", "first_deal", "level"}`` so that loading it
        deals the same later hands."""
        rec = game_to_record(self.game)
        rec["tutor"] = {"learner_seat": self.learner, "first_deal": self.game.first_deal, "level": self.level}
        return rec

    def load(self, obj: Any) -> Outcome:
        """Load a saved game: a dict, JSON text or bytes.  Any problem gives
        one plain sentence (:data:`LOAD_REFUSED` with the parser's reason in
        ``details``; :data:`LOAD_TOO_BIG`; :data:`LOAD_OTHER_GAME` for a game
        of another kind) and changes nothing."""
        if self.busy:
            return Outcome("info", "One moment: the computer players are still playing.")
        try:
            game, seat, first = self._read(obj)
        except _Refusal as e:  # the whole sentence is said already
            return Outcome("error", e.sentence)
        except Exception as e:  # noqa: BLE001 - any fault of the file: a plain sentence, never a traceback
            return Outcome("error", LOAD_REFUSED, details=_why(e))
        with self._busy():
            self.install(game, seat, first_deal=first)
        return Outcome("ok", LOADED.format(hand=game.hands_dealt, turn=self.turn_phrase()))

    def _read(self, obj: Any):
        if isinstance(obj, (bytes, bytearray, memoryview, str)):
            size = len(obj) if not isinstance(obj, str) else len(obj.encode("utf-8", "surrogatepass"))
            if size > MAX_LOAD_BYTES:
                raise _Refusal(too_big_sentence(size))
            obj = loads_record(obj)  # HAND_RECORD.md's limits: nesting, digits, string lengths
        game = game_from_record(obj, auto_deal=False)
        problem = self.unsuitable(game)
        if problem:
            raise _Refusal(problem)
        tutor = obj.get("tutor") if isinstance(obj, dict) else None
        tutor = tutor if isinstance(tutor, dict) else {}
        seat = tutor.get("learner_seat")
        if seat is None or (type(seat) is int and 0 <= seat < game.n_seats):
            seat = self.default_seat(game) if seat is None else seat
        else:
            raise _FileProblem(f"tutor.learner_seat: {_quote(repr(seat))} is not a seat of this game")
        first = tutor.get("first_deal")
        if first is not None and not (type(first) is int and 0 <= first <= MAX_DEAL_NUMBER - 1000):
            shown = "a very long number" if type(first) is int and first.bit_length() > 200 else _quote(repr(first))
            raise _FileProblem(f"tutor.first_deal: {shown} is not a deal number (0 to {MAX_DEAL_NUMBER - 1000})")
        return game, seat, first


def too_big_sentence(size: int) -> str:
    """:data:`LOAD_TOO_BIG` for a file of ``size`` bytes."""
    return LOAD_TOO_BIG.format(size=f"{size / 1e6:.1f}", limit=f"{MAX_LOAD_BYTES / 1e6:.0f}")


class _Refusal(ValueError):
    """A file refused with a whole sentence of its own (too big, another kind of game)."""

    def __init__(self, sentence: str):
        super().__init__(sentence)
        self.sentence = sentence


class _FileProblem(ValueError):
    pass


def _why(e: BaseException) -> str:
    """The technical reason a file cannot be loaded (shown folded away under
    the plain sentence): the engine's own words, which quote at most a short
    piece of the file."""
    if isinstance(e, RecursionError):
        return "the file is nested too deeply"
    if isinstance(e, (InvalidInputError, IllegalActionError, _FileProblem)):
        text = str(e)
        return text if len(text) <= 300 else text[:299] + "…"
    log.info("file not loaded: %s: %s", type(e).__name__, _quote(str(e)))
    return "it could not be read as a hand record"
