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
a table for four) is refused with a sentence naming where it opens (the
game's look, :mod:`tutor.games`, or :attr:`TableSession.places`).  Every
sentence is a catalogue entry (:mod:`tutor.text`); an :class:`Outcome`
keeps its entry and data and says it in the current language when asked, and
the session keeps no text: a page rebuilt in another language (issue 27)
shows the same game from the same session in that language.  A file that cannot be loaded gets one plain
sentence (:data:`LOAD_REFUSED`, or :data:`LOAD_TOO_BIG` over the one limit
of HAND_RECORD.md, 10 MB), the parser's own words in ``Outcome.details``.
``single_hand=True``: the session plays only the hand in progress (the
review's practice copy): no next hand is dealt.
"""
from __future__ import annotations

import logging
import random
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from engine import (Bid, Card, Deal, IllegalActionError, InvalidInputError, Look, Pass, Phase, Play,
                    random_deal_number)
from engine.actions import Action
from engine.cards import parse_card, parse_cards
from engine.bots import make_player
from engine.deal import MAX_DEAL_NUMBER
from engine.game import TrickGame
from engine.message import Msg, Text
from engine.record import MAX_RECORD_BYTES, game_from_record, game_to_record, loads_record
from engine.spec import GameSpec
from engine.verdict import Verdict

from .text.verdicts import verdict_words
from .games import LOOKS, look_for
from .session_words import PLAYER_NAMES, SessionWords
from .text import M_, P_, say

__all__ = ["TableSession", "Outcome", "resolve_level", "DEFAULT_LEARNER_SEAT", "PLAYER_NAMES",
           "MAX_LOAD_BYTES", "LOAD_REFUSED", "LOAD_TOO_BIG", "LOAD_OTHER_GAME", "too_big_sentence"]

log = logging.getLogger("tutor.session")

#: Seat of the learner when none is given, by the tutor's game key (each game's look says it:
#: :attr:`tutor.games.GameLook.default_seat`): South in Spades, seat 1 in Spades for two, seat 0 in Oh Hell.
DEFAULT_LEARNER_SEAT = {look.key: look.default_seat for look in LOOKS}
#: Largest saved-game file the table reads (bytes): HAND_RECORD.md's limit of
#: 10 MB (:data:`engine.record.MAX_RECORD_BYTES`); the browser refuses bigger
#: files before sending them.
MAX_LOAD_BYTES = MAX_RECORD_BYTES

# ---------------------------------------------------------------- what the session says about files
#: Any file that cannot be loaded (the parser's words go to ``Outcome.details``).
# TRANSLATORS: a file that could not be loaded as a saved game (Load a saved game).
LOAD_REFUSED = M_("session.load_refused", "This file cannot be opened as a saved Trick Tutor game, so nothing was "
                                          "loaded and your game is unchanged.")
#: A file over the size limit ({size} and {limit} in MB).
# TRANSLATORS: a file too big to load; {size} and {limit} are in megabytes ("11.5", "10").
LOAD_TOO_BIG = M_("session.load_too_big", "This file is {size} MB, too big to be a saved game (at most {limit} MB), "
                                          "so nothing was loaded and your game is unchanged.")
#: A saved game of another kind than the table's ({game}: what it is called; {place}: where it opens).
# TRANSLATORS: a saved game of another game than this table's: {game} "Oh Hell", {place} "at an Oh Hell table"
# or "in the Play Oh Hell tab".
LOAD_OTHER_GAME = M_("session.load_other_game", "This file is a saved game of {game}: open it {place}. Nothing was "
                                                "loaded here and your game is unchanged.")
# TRANSLATORS: a saved game loaded: hand {hand_no}, and whose turn it is ({turn}: "your turn to bid").
LOADED = M_("session.loaded", "Loaded the game: hand {hand_no}, {turn}.")
# TRANSLATORS: the review's practice copy asked for another hand.
SINGLE_HAND_OVER = M_("session.single_hand_over", "This practice copy ends with its hand: no next hand is dealt.")
# TRANSLATORS: the learner acted while the computer players were playing.
BUSY = M_("session.busy", "One moment: the computer players are still playing.")
# TRANSLATORS: the learner acted after the game ended; {winners} says who won ("North–South won, 520 to 310 (SP-22)").
GAME_IS_OVER = M_("session.game_is_over", "The game is over ({winners}). Press “New game” to play again.")
# TRANSLATORS: the learner tried to play after hand {hand_no} was over.
HAND_OVER_PLAY = M_("session.hand_over.play", "Hand {hand_no} is over. Press “Next hand” to play on.")
# TRANSLATORS: the learner tried to bid after hand {hand_no} was over.
HAND_OVER_BID = M_("session.hand_over.bid", "Hand {hand_no} is over. Press “Next hand” to bid.")
# TRANSLATORS: the learner tried to draw (Spades for two) after hand {hand_no} was over.
HAND_OVER_DRAW = M_("session.hand_over.draw", "Hand {hand_no} is over. Press “Next hand” to draw.")
# TRANSLATORS: the learner tried to go on after hand {hand_no} was over.
HAND_OVER_CONTINUE = M_("session.hand_over.continue", "Hand {hand_no} is over. Press “Next hand” to continue.")
#: What a learner tried after the hand was over, by the session's name for it.
HAND_OVER = {"play on": HAND_OVER_PLAY, "bid": HAND_OVER_BID, "draw": HAND_OVER_DRAW, "continue": HAND_OVER_CONTINUE}
# TRANSLATORS: an action refused because of when it was made: {reason} is the engine's sentence.
NOT_NOW = M_("session.not_now", "Not now: {reason}")
# TRANSLATORS: an action refused by a rule: {reason} is the engine's sentence (with its rule).
NOT_ALLOWED = M_("session.not_allowed", "Not allowed: {reason}")
# TRANSLATORS: a card clicked while the learner's cards are face down (SP-10).
FACE_DOWN = M_("session.face_down", "Your cards are face down: look at them first, or bid Blind Nil (SP-10).")
# TRANSLATORS: the learner played {card}; {reason} is the engine's sentence saying why it is allowed.
PLAYED = M_("session.played", "You played {card}. {reason}")
# TRANSLATORS: the learner bid {bid} ("3", "Nil"); {reason} is the engine's sentence saying why it is allowed.
BID_DONE = M_("session.bid_done", "You bid {bid}. {reason}")
# TRANSLATORS: as above, for a Blind Nil: the learner and {partner} swap {n} cards after the bidding (SP-10).
BID_DONE_SWAP = P_("session.bid_done_swap", "You bid {bid}. {reason} After the bidding you and {partner} swap {n} card.",
                   "You bid {bid}. {reason} After the bidding you and {partner} swap {n} cards.")
# TRANSLATORS: "Look at my cards" pressed again.
ALREADY_LOOKING = M_("session.already_looking", "You are already looking at your cards.")
# TRANSLATORS: after "Look at my cards": {rule} is SP-10 (Blind Nil only before looking); SP-6 the legal bids.
LOOKED = M_("session.looked", "Here are your cards. You can no longer bid Blind Nil ({rule}); bid Nil (0) or a "
                              "number of tricks (SP-6).")
# TRANSLATORS: the Blind Nil exchange done: the learner passed {shown_cards} ("K♣, 2♥, 3♦").
PASSED = M_("session.passed", "You passed {shown_cards}.")
# TRANSLATORS: as above, and received {off_cards} from {partner}; {rule} the rule of the exchange (SP-10).
PASSED_GOT = M_("session.passed_got", "You passed {shown_cards} and received {off_cards} from {partner} ({rule}).")
# TRANSLATORS: Undo pressed in a game without practice mode.
UNDO_OFF = M_("session.undo_off", "Undo is switched off for this game.")
# TRANSLATORS: Undo pressed with nothing of the learner's to take back.
UNDO_NOTHING = M_("session.undo_nothing", "There is nothing of yours to take back in this hand.")
# TRANSLATORS: Undo took back the learner's play of {card}.
UNDO_PLAY = M_("session.undo.play", "Taken back: your play of {card}. Your turn again.")
# TRANSLATORS: Undo took back the learner's play of {card} and {n} actions of the computer players.
UNDO_PLAY_MORE = P_("session.undo.play_more", "Taken back: your play of {card} and {n} computer action. Your turn again.",
                    "Taken back: your play of {card} and {n} computer actions. Your turn again.")
# TRANSLATORS: Undo took back the learner's bid of {bid}.
UNDO_BID = M_("session.undo.bid", "Taken back: your bid of {bid}. Your turn again.")
# TRANSLATORS: Undo took back the learner's bid of {bid} and {n} actions of the computer players.
UNDO_BID_MORE = P_("session.undo.bid_more", "Taken back: your bid of {bid} and {n} computer action. Your turn again.",
                   "Taken back: your bid of {bid} and {n} computer actions. Your turn again.")
# TRANSLATORS: Undo took back the cards the learner chose to pass (SP-10).
UNDO_PASS = M_("session.undo.pass", "Taken back: your 3 cards to pass. Your turn again.")
# TRANSLATORS: as above, and {n} actions of the computer players.
UNDO_PASS_MORE = P_("session.undo.pass_more", "Taken back: your 3 cards to pass and {n} computer action. Your turn "
                                              "again.",
                    "Taken back: your 3 cards to pass and {n} computer actions. Your turn again.")
# TRANSLATORS: "Next hand" pressed during a hand.
NOT_OVER = M_("session.not_over", "This hand is not over yet.")
# TRANSLATORS: the next hand is dealt: hand {hand_no}, {dealer_name} dealt.
NEXT_HAND = M_("session.next_hand", "Hand {hand_no}: {dealer_name} dealt.")
# TRANSLATORS: a deal number that cannot be used; {value} is what was given, {high} the highest deal number.
NOT_A_DEAL_NUMBER = M_("session.not_a_deal_number", "{text} is not a deal number: type a whole number from 0 to "
                                                    "{high}, or leave the box empty for a random deal.")
# TRANSLATORS: a new game started from deal number {number}.
NEW_GAME = M_("session.new_game", "New game from deal #{number}.")
# TRANSLATORS: why a file was not loaded (folded away): its JSON is nested too deeply.
WHY_NESTED = M_("session.why.nested", "the file is nested too deeply")
# TRANSLATORS: why a file was not loaded (folded away): it is not a hand record.
WHY_UNREADABLE = M_("session.why.unreadable", "it could not be read as a hand record")
# TRANSLATORS: why a file was not loaded (folded away): its learner seat {text} is not a seat of the game.
WHY_SEAT = M_("session.why.seat", "tutor.learner_seat: {text} is not a seat of this game")
# TRANSLATORS: why a file was not loaded (folded away): its first deal {text} is not a deal number (0 to {high}).
WHY_FIRST_DEAL = M_("session.why.first_deal", "tutor.first_deal: {text} is not a deal number (0 to {high})")
# TRANSLATORS: stands for a number too long to quote in the line above.
LONG_NUMBER = M_("session.why.long_number", "a very long number")
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


@dataclass(frozen=True)
class Outcome:
    """What became of a learner's action: ``kind`` "ok" (done), "error" (a
    rule refused it: ``verdict`` says which), "info" (a note: not now,
    nothing to do); ``entry`` and ``args``: the catalogue entry that says it
    and its data, :attr:`text` the sentence in the current language;
    ``highlight`` card codes to point at (the legal cards after a refused
    play, the cards received); ``details`` the technical reason behind a
    refusal (folded away)."""

    kind: str
    entry: Text
    args: Mapping[str, Any] = field(default_factory=dict)
    verdict: Verdict | None = None
    highlight: tuple[str, ...] = ()
    #: More about a refusal, for those who want it (a parser's words about a file); shown folded away.
    details: str = ""

    @property
    def ok(self) -> bool:
        return self.kind == "ok"

    @property
    def text(self) -> str:
        """The sentence, in the current language."""
        return say(self.entry, **self.args)

    def text_with_badge(self) -> str:
        """:attr:`text` with the verdict's own sentence said without its
        citation of the rule (the rule id is shown beside it as a badge:
        :meth:`tutor.common.Feedback.show_verdict`)."""
        v = self.verdict
        if v is None or not v.rule:
            return self.text
        args = {k: verdict_words(a, v.rule) if isinstance(a, Msg) else a for k, a in self.args.items()}
        return verdict_words(Msg(self.entry.ctxt, {**args, "rule": v.rule}), v.rule)


def _note(entry: Text, **args: Any) -> Outcome:
    return Outcome("info", entry, args)


def _quote(text: str) -> str:
    text = str(text)
    return text if len(text) <= _QUOTE else text[:_QUOTE - 1] + "…"


class TableSession(SessionWords):
    """A game played by the learner at ``learner_seat`` against computer
    players.  ``game``: a game of any spec with a look (:mod:`tutor.games`)
    whose phases this session plays (:attr:`PHASES`; the session sets
    ``auto_deal = False`` and deals hand *k* from deal number ``first_deal +
    k - 1``).  ``level``: computer level wanted (the strongest available not
    above it, :func:`resolve_level`); ``practice``: Undo allowed; ``seed``:
    seed of the computer players (default the first deal number, so a class
    on one deal number meets the same opponents); ``auto_continue``: deal the
    next hand at once; ``players``: optional ``{seat: player}``
    (``choose(view)``).  ``single_hand``: play only the hand in progress (the
    review's practice copy; :meth:`next_hand` refuses).  ``places``: where a
    saved game of another kind opens, by the tutor's game key (``"oh_hell"``:
    "in the Play Oh Hell tab"; default: the game's look, "at an Oh Hell
    table").  Raises TypeError for a game with a phase this session cannot
    play (Spades for two's draw: :class:`tutor.session_two.TwoPlayerSession`),
    InvalidInputError for a learner seat that is not a seat of the game."""

    #: The phases this session can play (a game with another phase needs a session that adds it).
    PHASES: frozenset[Phase] = frozenset({Phase.DEAL, Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY, Phase.GAME_OVER})

    def __init__(self, game: TrickGame, learner_seat: int | None = None, level: int = 2, practice: bool = True,
                 seed: int | None = None, auto_continue: bool = False, players: Mapping[int, Any] | None = None,
                 single_hand: bool = False, places: Mapping[str, str] | None = None):
        self.level_wanted = level
        self.level = resolve_level(level)
        self.practice = bool(practice)
        self.seed = seed
        self.auto_continue = bool(auto_continue)
        self.custom_players = dict(players) if players else None
        self.busy = False
        self.single_hand = bool(single_hand)
        #: The kind of game this session plays (the engine's spec of the game it was made with).
        self.table_spec: GameSpec = game.spec
        #: Where a saved game of another kind opens: game key (or title) -> place (:data:`LOAD_OTHER_GAME`).
        self.places: dict[str, str] = dict(places or {})
        #: Called (no arguments) just before the computer players start acting:
        #: a view shows progress there.  None: nothing is called.
        self.on_computers_start: Callable[[], Any] | None = None
        self.install(game, learner_seat)

    # ============================================================ set-up
    def install(self, game: TrickGame, learner_seat: int | None, first_deal: int | None = None) -> None:
        """Make ``game`` the session's game (the computer players act until
        the learner's turn).  On any error the previous game stays."""
        missing = set(game.spec.phases) - self.PHASES
        if missing:
            raise TypeError(f"{type(self).__name__} cannot play {type(game).__name__}: it has no "
                            f"{', '.join(sorted(p.value for p in missing))} phase")
        look = look_for(game.spec)
        seat = look.default_seat if learner_seat is None else learner_seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n_seats:
            raise InvalidInputError(f"learner_seat {seat!r} is not a seat of this game (0 to {game.n_seats - 1})")
        saved = self.__dict__.copy()
        try:
            self.game, self.learner, self.game_look = game, seat, look
            game.auto_deal = False
            if first_deal is not None:
                game.first_deal = first_deal
            if game.phase is Phase.DEAL and game.first_deal is None:
                game.first_deal = random_deal_number(game.rng)
            base = self.seed if self.seed is not None else (game.first_deal or 0)
            self.players = {s: (self.custom_players[s] if self.custom_players and s in self.custom_players
                                else make_player(self.level, (base * 16 + s) & 0xFFFFFFFF))
                            for s in range(game.n_seats) if s != seat}
            if game.phase is Phase.DEAL and game.hands_dealt == 0:
                self._deal_next()
            self.advance()
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(saved)
            raise

    def default_seat(self, game: TrickGame) -> int:
        """The learner's seat when none is given (the game's look: South in
        Spades, seat 1 in Spades for two, seat 0 in Oh Hell)."""
        return look_for(game.spec).default_seat

    def unsuitable(self, game: TrickGame) -> Outcome | None:
        """Why a loaded ``game`` cannot be played by this session, as the
        learner's sentence (:data:`LOAD_OTHER_GAME`), or None when it can:
        a session plays the kind of game it was made with (a Spades table
        refuses Oh Hell and Spades for two, and the other way round)."""
        if game.spec is self.table_spec:
            return None
        other = look_for(game.spec)
        place = self.places.get(other.key) or self.places.get(str(game.spec.title)) or other.place
        return Outcome("error", LOAD_OTHER_GAME, {"game": other.kind_name, "place": place})

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
            return _note(BUSY)
        if g.phase is Phase.GAME_OVER:
            return _note(GAME_IS_OVER, winners=self.winners_text())
        if g.phase is Phase.DEAL:
            if self.single_hand:
                return _note(SINGLE_HAND_OVER)
            return _note(HAND_OVER.get(what, HAND_OVER_CONTINUE), hand_no=self.hand_no(g.hands_dealt))
        return None

    def _attempt(self, action: Action) -> Verdict:
        """The learner's ``action``: checked once and applied by the engine when
        the rules allow it (:meth:`engine.game.TrickGame.attempt`), then the
        computer players act.  The verdict the engine returns is the one the
        learner is shown: a click is one legality computation."""
        with self._busy():
            v = self.game.attempt(action)
            if v.ok:
                self.advance()
        return v

    def _refused(self, v: Verdict, highlight: Iterable[str] = ()) -> Outcome:
        reason = self.named(v.msg)
        if v.is_timing:
            return Outcome("info", NOT_NOW, {"reason": reason}, v)
        return Outcome("error", NOT_ALLOWED, {"reason": reason}, v, tuple(highlight))

    def play(self, code: str) -> Outcome:
        """The learner plays ``code`` (then the computers play on)."""
        note = self._not_now("play on")
        if note:
            return note
        g, me = self.game, self.learner
        view = g.view(me)
        if view.hand is None:
            return _note(FACE_DOWN)
        v = self._attempt(Play(me, parse_card(code)))
        if not v.ok:
            return self._refused(v, v.evidence.get("legal", ()))  # the cards the rules allow, as the engine found them
        return Outcome("ok", PLAYED, {"card": Card.parse(code).code, "reason": self.named(v.msg)}, v)

    def bid(self, value: Any, blind: bool = False) -> Outcome:
        """The learner bids ``value`` (``blind``: Blind Nil, SP-10)."""
        note = self._not_now("bid")
        if note:
            return note
        g, me = self.game, self.learner
        v = self._attempt(Bid(me, value, blind))
        if not v.ok:
            return self._refused(v)
        args: dict[str, Any] = {"bid": g.bid_label(value, blind), "reason": self.named(v.msg)}
        partner = self.partner()
        swap = self.game_look.blind_nil_swap(g.rules) if blind else 0
        if partner is not None and swap:
            return Outcome("ok", BID_DONE_SWAP, {**args, "partner": self.name(partner), "n": swap}, v)
        return Outcome("ok", BID_DONE, args, v)

    def look(self) -> Outcome:
        """The learner looks at its cards (Spades, SP-10)."""
        g, me = self.game, self.learner
        if g.phase is Phase.GAME_OVER:
            note = self._not_now("look")
            assert note is not None
            return note
        if g.view(me).hand is not None:
            return _note(ALREADY_LOOKING)
        v = g.attempt(Look(me))
        if not v.ok:
            return self._refused(v)
        return Outcome("ok", LOOKED, {"rule": v.rule}, v)

    def exchange(self, cards: Iterable[str]) -> Outcome:
        """The learner passes ``cards`` to its partner (Blind Nil exchange, SP-10)."""
        note = self._not_now("play on")
        if note:
            return note
        g, me = self.game, self.learner
        chosen = list(cards)
        v = self._attempt(Pass(me, tuple(parse_cards(chosen))))
        if not v.ok:
            return self._refused(v)
        got = g.view(me).received or ()
        codes = [Card.parse(c).code for c in chosen]
        if got:
            return Outcome("ok", PASSED_GOT, {"shown_cards": codes, "off_cards": [c.code for c in got],
                                              "partner": self.name(self.partner() or 0), "rule": v.rule},
                           v, tuple(c.code for c in got))
        return Outcome("ok", PASSED, {"shown_cards": codes}, v)

    def undo(self) -> Outcome:
        """Take back to the learner's previous decision in this hand, keeping
        every Look (SP-10: having looked cannot be taken back)."""
        if self.busy:
            return _note(BUSY)
        if not self.practice:
            return _note(UNDO_OFF)
        g, me = self.game, self.learner
        hist = g.history
        last_deal = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
        mine = [i for i, a in enumerate(hist)
                if i > last_deal and not isinstance(a, (Deal, Look)) and getattr(a, "seat", None) == me]
        if not mine:
            return _note(UNDO_NOTHING)
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
        others = sum(1 for a in taken if not isinstance(a, (Look, Deal)) and getattr(a, "seat", None) != me)
        if isinstance(decision, Play):
            entry, args = (UNDO_PLAY_MORE if others else UNDO_PLAY), {"card": decision.card.code}
        elif isinstance(decision, Bid):
            entry, args = (UNDO_BID_MORE if others else UNDO_BID), {"bid": g.bid_label(decision.value,
                                                                                        decision.blind)}
        else:
            entry, args = (UNDO_PASS_MORE if others else UNDO_PASS), {}
        return Outcome("info", entry, {**args, "n": others} if others else args)

    def next_hand(self) -> Outcome:
        """Deal the next hand (after a hand is over)."""
        g = self.game
        if self.busy:
            return _note(BUSY)
        if g.phase is Phase.GAME_OVER:
            note = self._not_now("continue")
            assert note is not None
            return note
        if g.phase is not Phase.DEAL:
            return _note(NOT_OVER)
        if self.single_hand:
            return _note(SINGLE_HAND_OVER)
        with self._busy():
            self._deal_next()
            self.advance()
        return _note(NEXT_HAND, hand_no=self.hand_no(g.hands_dealt), dealer_name=self.name(g.dealer))

    @contextmanager
    def _busy(self) -> Iterator[None]:
        self.busy = True
        try:
            yield
        finally:
            self.busy = False

    # ============================================================ new game, save, load
    def new_game(self, number: int | None, rules: Any) -> Outcome:
        """A new game of the same kind with ``rules``; hand 1 is deal
        ``number`` (None: random).  Raises InvalidInputError for rules the
        game refuses (the engine's words)."""
        if self.busy:
            return _note(BUSY)
        if number is None:
            number = random_deal_number(random.Random())
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_DEAL_NUMBER - 1000:
            return Outcome("error", NOT_A_DEAL_NUMBER, {"text": _quote(repr(number)), "high": MAX_DEAL_NUMBER - 1000})
        old = self.game
        game = self.table_spec.new_game(rules, first_deal=number, auto_deal=False)
        dealer = old.start_dealer % game.n_seats  # the first dealer stays, in a game of as many seats
        if dealer:
            game = self.table_spec.new_game(rules, dealer=dealer, first_deal=number, auto_deal=False)
        seat = self.learner if self.learner < game.n_seats else self.default_seat(game)
        with self._busy():
            self.install(game, seat)
        return _note(NEW_GAME, number=number)

    def save(self) -> dict[str, Any]:
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
            return _note(BUSY)
        try:
            game, seat, first = self._read(obj)
        except _Refusal as e:  # the whole sentence is said already
            return e.outcome
        except Exception as e:  # noqa: BLE001 - any fault of the file: a plain sentence, never a traceback
            return Outcome("error", LOAD_REFUSED, details=_why(e))
        with self._busy():
            self.install(game, seat, first_deal=first)
        return Outcome("ok", LOADED, {"hand_no": game.hands_dealt, "turn": self.turn_phrase()})

    def _read(self, obj: Any) -> tuple[TrickGame, int, int | None]:
        if isinstance(obj, (bytes, bytearray, memoryview, str)):
            size = len(obj) if not isinstance(obj, str) else len(obj.encode("utf-8", "surrogatepass"))
            if size > MAX_LOAD_BYTES:
                raise _Refusal(too_big_outcome(size))
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
            raise _FileProblem(say(WHY_SEAT, text=_quote(repr(seat))))
        first = tutor.get("first_deal")
        if first is not None and not (type(first) is int and 0 <= first <= MAX_DEAL_NUMBER - 1000):
            shown = say(LONG_NUMBER) if type(first) is int and first.bit_length() > 200 else _quote(repr(first))
            raise _FileProblem(say(WHY_FIRST_DEAL, text=shown, high=MAX_DEAL_NUMBER - 1000))
        return game, seat, first


def too_big_outcome(size: int) -> Outcome:
    """:data:`LOAD_TOO_BIG` for a file of ``size`` bytes."""
    return Outcome("error", LOAD_TOO_BIG, {"size": f"{size / 1e6:.1f}", "limit": f"{MAX_LOAD_BYTES / 1e6:.0f}"})


def too_big_sentence(size: int) -> str:
    """:data:`LOAD_TOO_BIG` for a file of ``size`` bytes, in the current language."""
    return too_big_outcome(size).text


class _Refusal(ValueError):
    """A file refused with a whole sentence of its own (too big, another kind of game)."""

    def __init__(self, outcome: Outcome):
        super().__init__(outcome.text)
        self.outcome = outcome


class _FileProblem(ValueError):
    pass


def _why(e: BaseException) -> str:
    """The technical reason a file cannot be loaded (shown folded away under
    the plain sentence): the engine's own words, which quote at most a short
    piece of the file."""
    if isinstance(e, RecursionError):
        return say(WHY_NESTED)
    if isinstance(e, (InvalidInputError, IllegalActionError, _FileProblem)):
        text = str(e)
        return text if len(text) <= 300 else text[:299] + "…"
    log.info("file not loaded: %s: %s", type(e).__name__, _quote(str(e)))
    return say(WHY_UNREADABLE)
