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
"""
from __future__ import annotations

import json
import logging
import random
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from engine import (Bid, Card, Deal, IllegalActionError, InvalidInputError, Look, OhHellGame, Pass, Phase,
                    Play, SpadesGame, random_deal_number)
from engine.bots import make_player
from engine.deal import MAX_DEAL_NUMBER
from engine.game import TrickGame
from engine.record import game_from_record, game_to_record
from engine.verdict import Verdict

__all__ = ["TableSession", "Outcome", "resolve_level", "DEFAULT_LEARNER_SEAT", "PLAYER_NAMES",
           "MAX_LOAD_BYTES", "NOT_A_GAME"]

log = logging.getLogger("tutor.session")

#: Seat of the learner when none is given: South in Spades, seat 0 in Oh Hell.
DEFAULT_LEARNER_SEAT = {"spades": 2, "oh_hell": 0}
#: Names of the computer players, clockwise from the learner, in games whose
#: seats have no names of their own (Oh Hell; Spades seats are compass points).
PLAYER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")
#: Largest saved-game file the table reads (bytes).  HAND_RECORD.md allows
#: 10 MB; the browser refuses bigger files before sending them.
MAX_LOAD_BYTES = 5 * 1024 * 1024
#: Start of the message for any file that cannot be loaded.
NOT_A_GAME = "This file is not a Trick Tutor game"
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
    point at (the legal cards after a refused play, the cards received)."""

    kind: str
    text: str
    verdict: Verdict | None = None
    highlight: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return self.kind == "ok"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _quote(text: str) -> str:
    text = str(text)
    return text if len(text) <= _QUOTE else text[:_QUOTE - 1] + "…"


class TableSession:
    """A game played by the learner at ``learner_seat`` against computer
    players.  ``game``: a :class:`~engine.spades.SpadesGame` or
    :class:`~engine.ohhell.OhHellGame` (the session sets ``auto_deal =
    False`` and deals hand *k* from deal number ``first_deal + k - 1``).
    ``level``: computer level wanted (the strongest available not above it,
    :func:`resolve_level`); ``practice``: Undo allowed; ``seed``: seed of the
    computer players (default the first deal number, so a class on one deal
    number meets the same opponents); ``auto_continue``: deal the next hand
    at once; ``players``: optional ``{seat: player}`` (``choose(view)``).
    Raises TypeError for another kind of game, InvalidInputError for a
    learner seat that is not a seat of the game."""

    def __init__(self, game: TrickGame, learner_seat: int | None = None, level: int = 2, practice: bool = True,
                 seed: int | None = None, auto_continue: bool = False, players: Mapping[int, Any] | None = None):
        self.level_wanted = level
        self.level = resolve_level(level)
        self.practice = bool(practice)
        self.seed = seed
        self.auto_continue = bool(auto_continue)
        self.custom_players = dict(players) if players else None
        self.busy = False
        self.install(game, learner_seat)

    # ============================================================ set-up
    def install(self, game: TrickGame, learner_seat: int | None, first_deal: int | None = None) -> None:
        """Make ``game`` the session's game (the computer players act until
        the learner's turn).  On any error the previous game stays."""
        if not isinstance(game, (SpadesGame, OhHellGame)):
            raise TypeError(f"a table needs a SpadesGame or an OhHellGame, not {type(game).__name__}")
        seat = DEFAULT_LEARNER_SEAT[game.GAME] if learner_seat is None else learner_seat
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

    def _make_names(self) -> tuple[str, ...]:
        g, me = self.game, self.learner
        if len(g.sides) < g.n_seats:  # partnerships sit at the compass points (SP-1): keep the engine's names
            return g.seat_names
        names = list(g.seat_names)
        for k in range(1, g.n_seats):
            names[(me + k) % g.n_seats] = PLAYER_NAMES[k - 1]
        return tuple(names)

    # ============================================================ names and words
    def name(self, seat: int, you: bool = True) -> str:
        """The seat's name: "You" for the learner (with ``you``), else the
        engine's seat name (Spades: North …) or a player's name (Oh Hell:
        Ada, Ben … clockwise from the learner)."""
        if you and seat == self.learner:
            return "You"
        return self._names[seat]

    def label(self, seat: int) -> str:
        """Name for a seat box: "South (you)" or "You" when the seat has no name of its own."""
        if seat == self.learner:
            own = self._names[seat]
            return "You" if own == self.game.seat_names[seat] and own.startswith("seat ") else f"{own} (you)"
        return self._names[seat]

    def side_name(self, side: int) -> str:
        """"Your side" / "You" for the learner's side, else the names of its seats ("East–West")."""
        seats = self.game.sides[side]
        if self.learner in seats:
            return "Your side" if len(seats) > 1 else "You"
        return "–".join(self._names[s] for s in seats)

    def speak(self, text: str) -> str:
        """An engine message with the seats called by the table's names."""
        g = self.game
        if self._names == g.seat_names:
            return text
        return re.sub(r"\b[Ss]eat (\d)\b", lambda m: self._names[int(m.group(1))]
                      if int(m.group(1)) < g.n_seats else m.group(0), text)

    def bid_word(self, bid: Any) -> str:
        """A bid as recorded (int, "nil", "blind_nil", None) in words."""
        if bid is None:
            return "—"
        if bid == "blind_nil":
            return self.game.bid_label(0, blind=True)
        if bid == "nil":
            return self.game.bid_label(0)
        return str(bid)

    # ============================================================ queries
    @property
    def events(self) -> list[str]:
        """The current hand in plain sentences, from the game's history (so an
        undone action is never listed): the deal, every bid (a sealed bid
        still hidden from the learner, OH-V5, as "chose a sealed bid"),
        passes, cards and who won each trick."""
        g, me = self.game, self.learner
        hist = g.history
        start = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
        if start < 0:
            return []
        hand_no = sum(isinstance(a, Deal) for a in hist)
        deal = hist[start]
        dealer = self._dealer_of_hand(hand_no)
        out = [f"Hand {hand_no}: {self.name(dealer)} dealt"
               + (f" (deal #{deal.number})." if deal.number is not None else ".")]
        visible = g.view(me).bids
        tricks = self._tricks_of_hand(hand_no)
        played = 0
        for a in hist[start + 1:]:
            who = self.name(a.seat)
            if isinstance(a, Bid):
                if a.seat != me and visible[a.seat] is None and g.phase is Phase.BIDDING:
                    out.append(f"{who} chose a sealed bid.")
                else:
                    out.append(f"{who} bid {g.bid_label(a.value, a.blind)}.")
            elif isinstance(a, Pass):
                out.append(f"{who} chose 3 cards to pass." if a.seat != me else
                           f"You passed {', '.join(c.display for c in a.cards)}.")
            elif isinstance(a, Play):
                out.append(f"{who} played {a.card.display}.")
                played += 1
                if played % g.n_seats == 0 and played // g.n_seats <= len(tricks):
                    t = tricks[played // g.n_seats - 1]
                    out.append(f"→ {self.name(t.winner)} won the trick with {t.card_of(t.winner).display}.")
        return out

    def _dealer_of_hand(self, hand_no: int) -> int:
        g = self.game
        if hand_no == g.hands_dealt:
            return g.dealer
        return g.results[hand_no - 1].dealer

    def _tricks_of_hand(self, hand_no: int):
        g = self.game
        if g.phase in (Phase.DEAL, Phase.GAME_OVER) and len(g.results) >= hand_no:
            return g.results[hand_no - 1].tricks
        return g.tricks

    def turn_phrase(self) -> str:
        g, me = self.game, self.learner
        if g.phase is Phase.GAME_OVER:
            return "the game is over"
        if g.phase is Phase.DEAL:
            return f"hand {g.hands_dealt} is over"
        to_act = g.seats_to_act
        if me in to_act:
            return {Phase.BIDDING: "your turn to bid", Phase.EXCHANGE: "your turn to choose 3 cards to pass",
                    Phase.PLAY: "your turn to play"}[g.phase]
        return f"{self.name(to_act[0])} to act" if to_act else "waiting"

    def status(self) -> str:
        """The status line: whose turn, what to do, hand or game over."""
        g, me = self.game, self.learner
        view = g.view(me)
        if g.phase is Phase.GAME_OVER:
            return f"Game over: {self.winners_text()}."
        if g.phase is Phase.DEAL:
            return f"Hand {g.hands_dealt} is over. Press “Next hand” to deal hand {g.hands_dealt + 1}."
        if me in view.to_act:
            if g.phase is Phase.BIDDING:
                if view.hand is None:
                    return "Your turn to bid. Bid Blind Nil now, or look at your cards first (SP-10)."
                low, high = g.bid_range(me)
                return f"Your turn to bid: how many tricks will you win ({low} to {high})?"
            if g.phase is Phase.EXCHANGE:
                return "Your turn: choose 3 cards to pass to your partner (SP-10)."
            return "Your turn: click a card to play it."
        return f"Waiting for {self.name(view.to_act[0])}." if view.to_act else "Waiting."

    def winners_text(self) -> str:
        g = self.game
        if not g.winners:
            return "no winner yet"
        side = g.side_of_seat(g.winners[0])
        rule = g.check_look(self.learner).rule  # the game-over refusal cites the rule that ended the game
        if len(g.sides[side]) > 1:
            names = "–".join(self._names[s] for s in g.sides[side])
            if self.learner in g.sides[side]:
                names += " (your side)"
            other = max(s for k, s in enumerate(g.scores) if k != side)
            return f"{names} won, {g.scores[side]} to {other} ({rule})"
        names = " and ".join(self.name(s) for s in g.winners)
        verb = "share the win" if len(g.winners) > 1 else ("win" if g.winners == (self.learner,) else "won")
        return f"{names} {verb} with {g.scores[side]} points ({rule})"

    def partner(self) -> int | None:
        """The learner's partner (the other seat of its side), or None."""
        side = self.game.sides[self.game.side_of_seat(self.learner)]
        others = [s for s in side if s != self.learner]
        return others[0] if others else None

    def hand_result(self) -> tuple[list[str], list[tuple[str, str, int, str]]] | None:
        """The last scored hand when the hand (or game) is over: sentences,
        one per side ("Your side bid 10 and took 8: contract set −100
        (SP-18)."), and the itemised lines ``(side name, item, points,
        rule)``.  None while a hand is being played."""
        g = self.game
        if g.phase not in (Phase.DEAL, Phase.GAME_OVER) or not g.results:
            return None
        r = g.results[-1]
        sentences, items = [], []
        for k, seats in enumerate(g.sides):
            who = self.side_name(k)
            ints = [r.bids[s] for s in seats if isinstance(r.bids[s], int)]
            nils = [f"{self.bid_word(r.bids[s])} ({self.name(s)})" for s in seats if isinstance(r.bids[s], str)]
            took = sum(r.tricks_won[s] for s in seats)
            bid = " and ".join(([str(sum(ints))] if ints else []) + nils)
            lines = [l for l in r.score_lines if l.who == k]
            parts = [(f"{_plural(l.points, 'bag')} {_signed(l.points)}" if l.item == "bags" else
                      f"{l.item} {_signed(l.points)}") for l in lines]
            rules = ", ".join(dict.fromkeys(l.rule for l in lines))
            text = f"{who} bid {bid} and took {took}: " + ", ".join(parts)
            if len(lines) > 1:
                text += f": {_signed(r.points[k])} in all"
            sentences.append(f"{text} ({rules}).")
            items.extend((who, l.item, l.points, l.rule) for l in lines)
        return sentences, items

    # ============================================================ the turn loop
    def _deal_next(self) -> None:
        g = self.game
        if g.first_deal is None:
            g.first_deal = random_deal_number(g.rng)
        g.deal(g.first_deal + g.hands_dealt)

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
        if blind and partner is not None:
            text += f" After the bidding you and {self.name(partner)} swap 3 cards."
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
        looks = [a for a in hist[idx + 1:] if isinstance(a, Look)]
        with self._busy():
            taken = []
            while len(g.history) > idx:
                a = g.undo()
                if a is None:
                    break
                taken.append(a)
            for a in looks:  # looking stays looked (SP-10)
                if g.view(a.seat).hand is None:
                    g.look(a.seat)
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
        old = self.game
        game = type(old)(rules, dealer=old.start_dealer % getattr(rules, "players", old.n_seats),
                         first_deal=number, auto_deal=False)
        seat = self.learner if self.learner < game.n_seats else DEFAULT_LEARNER_SEAT[game.GAME]
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
        "This file is not a Trick Tutor game (why). Your current game is
        unchanged." and changes nothing."""
        if self.busy:
            return Outcome("info", "One moment: the computer players are still playing.")
        try:
            game, seat, first = self._read(obj)
        except Exception as e:  # noqa: BLE001 - any fault of the file: a plain sentence, never a traceback
            return Outcome("error", f"{NOT_A_GAME} ({_why(e)}). Your current game is unchanged.")
        with self._busy():
            self.install(game, seat, first_deal=first)
        return Outcome("ok", f"Loaded the game: hand {game.hands_dealt}, {self.turn_phrase()}.")

    def _read(self, obj: Any):
        if isinstance(obj, (bytes, bytearray, memoryview)):
            if len(obj) > MAX_LOAD_BYTES:
                raise _FileProblem(f"it is {len(obj) / 1e6:.1f} MB; a saved game is at most "
                                   f"{MAX_LOAD_BYTES / 1e6:.0f} MB")
            obj = bytes(obj).decode("utf-8")
        if isinstance(obj, str):
            if len(obj) > MAX_LOAD_BYTES:
                raise _FileProblem(f"it is {len(obj) / 1e6:.1f} MB; a saved game is at most "
                                   f"{MAX_LOAD_BYTES / 1e6:.0f} MB")
            obj = json.loads(obj)
        game = game_from_record(obj, auto_deal=False)
        tutor = obj.get("tutor") if isinstance(obj, dict) else None
        tutor = tutor if isinstance(tutor, dict) else {}
        seat = tutor.get("learner_seat")
        if seat is None or (type(seat) is int and 0 <= seat < game.n_seats):
            seat = DEFAULT_LEARNER_SEAT[game.GAME] if seat is None else seat
        else:
            raise _FileProblem(f"tutor.learner_seat: {_quote(repr(seat))} is not a seat of this game")
        first = tutor.get("first_deal")
        if first is not None and not (type(first) is int and 0 <= first <= MAX_DEAL_NUMBER - 1000):
            shown = "a very long number" if type(first) is int and first.bit_length() > 200 else _quote(repr(first))
            raise _FileProblem(f"tutor.first_deal: {shown} is not a deal number (0 to {MAX_DEAL_NUMBER - 1000})")
        return game, seat, first


class _FileProblem(ValueError):
    pass


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def _why(e: BaseException) -> str:
    """A short plain reason for a file that cannot be loaded."""
    if isinstance(e, UnicodeDecodeError):
        return "the file is not text (UTF-8)"
    if isinstance(e, json.JSONDecodeError):
        return f"the file is not valid JSON: {e.msg}, line {e.lineno}"
    if isinstance(e, RecursionError):
        return "it is nested too deeply"
    if isinstance(e, (InvalidInputError, IllegalActionError, _FileProblem)):
        text = str(e)  # the engine's own words (it quotes at most a short piece of the file)
        return text if len(text) <= 300 else text[:299] + "…"
    if isinstance(e, ValueError) and "digits" in str(e):
        return "it holds a number too long to read"
    return _quote(f"{type(e).__name__}: {e}") if str(e) else type(e).__name__
