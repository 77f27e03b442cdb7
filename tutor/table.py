"""The game table: a whole game of Spades or Oh Hell against computer players.

Build one with a factory (or pass your own game object to :class:`GameTable`)::

    from tutor.table import new_spades_table, new_oh_hell_table
    from engine import OhHellRules

    table = new_spades_table(deal_number=1234)          # learner South (seat 2)
    table = new_oh_hell_table(OhHellRules(players=5, hook=True), deal_number=7)
    table                                                # display it

The table never decides a rule itself: legal cards and bids, every
explanation (reason code and rule id, e.g. ``MUST_FOLLOW_SUIT`` / ``SP-14``),
scores and the winners come from the engine (:mod:`engine`).  Computer
players receive ``game.view(seat)`` only (a :class:`~engine.game.SeatView`,
never another seat's cards) and their chosen action goes through
``game.apply``.

What the learner sees: the seats around the table (Spades: North at the top,
South = "you" at the bottom; Oh Hell: the other seats in clockwise order
across the top), the dealer, whose turn it is, every bid as soon as the
learner's view shows it (OH-V5 sealed bids stay hidden until revealed), tricks
won, the current and the last trick, trump (Spades: always spades, SP-2, and
whether they are broken, SP-15; Oh Hell: the turned-up card, OH-7), scores
(and Spades bags, SP-20), hand number, dealer and deal number, and the
learner's hand as a :class:`~tutor.cards.CardHand`.

Flow of a hand: computer seats act automatically (synchronously, inside the
learner's click) until it is the learner's turn.  Spades bidding offers Blind
Nil *before* the learner's cards are shown (SP-10: the hand stays face down
until "Look at my cards"; while face down the widget holds placeholder codes,
never the real cards); after a Blind Nil the 3-card exchange uses a
multi-select hand and "Pass these 3".  When a hand ends the table stops on it
(the result and the last trick stay visible) until "Next hand" (or
``auto_continue=True``); the table deals each hand itself from the game's
deal numbers (it sets ``game.auto_deal = False``; hand *k* uses deal number
``game.first_deal + k - 1``, exactly as the engine's own auto-deal does).

Below the game: the deal-number box and "New game" (same deal number → same
cards and the same computer opponents, for a class), "Save" (a download link
holding the hand record of shared/HAND_RECORD.md, with an extra ``"tutor"``
object) and "Load" (a FileUpload; a corrupt file is explained and changes
nothing), an "Options for a new game" panel (Spades target score SP-3; Oh
Hell players OH-1, schedule OH-6/OH-V1…V3 and switches OH-V4…V8, validated by
the engine), the table log and the score sheet (:mod:`tutor.scoresheet`,
when installed), redrawn after each hand.

Clicks at the wrong moment are harmless: during the computer players' moves
(re-entrant, or a browser click queued while they played: ignored with a
note), a double click (the second finds the card gone), after the hand or
the game is over (a note saying what to press).  Undo (practice mode) takes
back to the learner's previous decision (bid, pass or card), never back
before a "Look at my cards".

Headless API (tests, browser tests): :meth:`GameTable.click_card`,
:meth:`~GameTable.click_bid`, :meth:`~GameTable.click_blind_nil`,
:meth:`~GameTable.look`, :meth:`~GameTable.select_pass` +
:meth:`~GameTable.click_pass`, :meth:`~GameTable.click_undo`,
:meth:`~GameTable.click_hint`, :meth:`~GameTable.click_next_hand`,
:meth:`~GameTable.save_record`, :meth:`~GameTable.load_record`,
:meth:`~GameTable.new_game`; properties ``game``, ``feedback``,
``hand_widget``, ``status_text``, ``learner_seat``.
"""
from __future__ import annotations

import base64
import html
import json
import logging
import random
import time
from contextlib import contextmanager
from typing import Any, Iterable, Mapping

import ipywidgets as W

from engine import (Bid, Card, Deal, IllegalActionError, InvalidInputError, Look, OhHellGame, OhHellRules,
                    Pass, Phase, Play, SpadesGame, SpadesRules, random_deal_number)
from engine.bots import make_player
from engine.game import SeatView, TrickGame
from engine.record import game_from_record, game_to_record
from engine.spades import SEAT_NAMES, partner_of, side_of

from .advice import AdvicePanel
from .cards import FULL_DECK, CardHand
from .common import Feedback, guarded

__all__ = ["GameTable", "new_spades_table", "new_oh_hell_table", "resolve_level", "DEFAULT_LEARNER_SEAT"]

log = logging.getLogger("tutor.table")

#: Seat of the learner when none is given: South in Spades, seat 0 in Oh Hell.
DEFAULT_LEARNER_SEAT = {"spades": 2, "oh_hell": 0}
#: File name offered by the "Save" download link.
SAVE_FILE_NAME = "tricktutor-game.json"
_MAX_COMPUTER_STEPS = 2000  # a whole hand of 7 seats × 7 cards plus bids is far below this
_LOG_LINES = 10
#: A card click from the browser arriving this soon (seconds) after the computer
#: players finished was made while they were playing: it is ignored with a note.
STALE_CLICK_S = 0.25
#: Refusals about timing rather than a rule of play: shown as a short note, not as a mistake.
_NOT_NOW = frozenset({"NOT_YOUR_TURN", "WRONG_PHASE", "ALREADY_BID", "HAND_NOT_DEALT", "GAME_OVER",
                      "EXCHANGE_NOT_IN_EXCHANGE", "EXCHANGE_ALREADY_PASSED"})
_RED = {"H", "D"}


_SCHEDULES = [("1 card, 2 cards … up to the most (OH-6)", "up"), ("the most down to 1 (OH-V1)", "down"),
              ("up to the most, then down (OH-V2)", "up_down"), ("down to 1, then up (OH-V3)", "down_up")]
_OH_SWITCHES = [("no_trump_final_hand", "No trump on the last hand (OH-7)"),
                ("hook", "Hook: the bids may not add up to the tricks (OH-V4)"),
                ("simultaneous_bidding", "Sealed bids, revealed together (OH-V5)"),
                ("must_trump", "Must trump when void (OH-V6)"),
                ("tricks_always_count", "Tricks always count (OH-V7)"),
                ("nil_pays_hand_size", "A made 0 pays 5 + hand size (OH-V8)")]


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


def _card_html(card: Card | None) -> str:
    if card is None:
        return '<span class="tt-tbl-none" style="opacity:.45">·</span>'
    colour = "#c8102e" if card.suit.letter in _RED else "#151515"
    return (f'<span class="tt-tbl-card" title="{html.escape(card.name)}" '
            f'style="display:inline-block;min-width:2.4em;padding:2px 5px;border:1px solid #999;'
            f'border-radius:5px;background:#fff;color:{colour};font-weight:bold;text-align:center">'
            f'{html.escape(card.display)}</span>')


def _bid_text(bid: Any) -> str:
    if bid is None:
        return "—"
    if bid == "nil":
        return "Nil"
    if bid == "blind_nil":
        return "Blind Nil"
    return str(bid)


class GameTable(W.VBox):
    """A game of Spades or Oh Hell with the learner at ``learner_seat`` and
    computer players at every other seat.

    Parameters
    ----------
    game:
        a :class:`~engine.spades.SpadesGame` or :class:`~engine.ohhell.OhHellGame`
        (the session; the table plays it and sets ``game.auto_deal = False``).
    learner_seat:
        the learner's seat (default: 2 = South in Spades, 0 in Oh Hell).
    level:
        computer level wanted (default 2); the strongest available level not
        above it is used (see :func:`resolve_level`), stored in ``.level``.
    practice:
        True allows Undo and shows the legal cards by default.
    hints:
        True shows a Hint button and a "Show me" chart of the tricks the
        hand takes over sampled deals (:class:`~tutor.advice.AdvicePanel`)
        when :mod:`engine.bots.advisor` exists (a teacher sets False: both
        are hidden).
    seed:
        seed of the computer players (default: the game's first deal number,
        so a class playing the same deal number meets the same opponents).
    show_legal:
        mark the legal cards at each play (default: ``practice``).
    auto_continue:
        deal the next hand at once instead of waiting for "Next hand".
    players:
        optional ``{seat: player}`` overriding computer players (each has
        ``choose(view) -> action``).
    """

    def __init__(self, game: TrickGame, learner_seat: int | None = None, level: int = 2, practice: bool = True,
                 hints: bool = True, seed: int | None = None, show_legal: bool | None = None,
                 auto_continue: bool = False, players: Mapping[int, Any] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("tt-table")
        self.level_wanted = level
        self.level = resolve_level(level)
        self.practice = bool(practice)
        self.hints = bool(hints)
        self.seed = seed
        self.auto_continue = bool(auto_continue)
        self._custom_players = dict(players) if players else None
        self._busy = False
        self.stale_click_s = STALE_CLICK_S
        self._computers_done_at = float("-inf")
        self._api_click = False
        self._last_verdict = None
        self._highlight: list[str] = []
        self._events: list[str] = []
        self._results_seen = 0
        self._scoresheet = None
        self._scoresheet_key = None
        self._bid_buttons: list[W.Button] = []
        self._bid_range = -1
        self._hint_available = self._advisor() is not None

        # --- widgets --------------------------------------------------------
        self._feedback = Feedback()
        self._title = W.HTML()
        self._status = W.HTML()
        self._table_html = W.HTML()
        self._info_html = W.HTML()
        self._last_trick_html = W.HTML()
        self._log_html = W.HTML()
        self._result_html = W.HTML()
        self._hint_html = W.HTML()
        self._hand = CardHand(label="Your hand")
        self._hand.on_click(self._on_card_clicked)

        self._look_btn = W.Button(description="Look at my cards", button_style="primary",
                                  tooltip="See your 13 cards (after this you can no longer bid Blind Nil, SP-10)")
        self._look_btn.on_click(lambda _b: self._on_look())
        self._blind_btn = W.Button(description="Bid Blind Nil", button_style="warning",
                                   tooltip="Bid Blind Nil without looking: +200 / −200, then swap 3 cards (SP-10)")
        self._blind_btn.on_click(lambda _b: self._on_blind_nil())
        self._bid_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._bid_box = W.VBox([W.HTML("<b>Your bid</b>"), W.HBox([self._look_btn, self._blind_btn]), self._bid_row])
        self._pass_btn = W.Button(description="Pass these 3", button_style="primary",
                                  tooltip="Give the 3 selected cards to your partner (SP-10)")
        self._pass_btn.on_click(lambda _b: self._on_pass())
        self._pass_box = W.VBox([W.HTML("<b>Blind Nil exchange</b>: click 3 cards to give your partner, "
                                        "then press “Pass these 3” (SP-10)."), self._pass_btn])
        self._next_btn = W.Button(description="Next hand", button_style="success")
        self._next_btn.on_click(lambda _b: self._on_next_hand())

        self._undo_btn = W.Button(description="Undo", icon="undo",
                                  tooltip="Take back your last decision (practice mode)")
        self._undo_btn.on_click(lambda _b: self._on_undo())
        self._hint_btn = W.Button(description="Hint", icon="lightbulb-o",
                                  tooltip="What would the advisor bid, and why?")
        self._hint_btn.on_click(lambda _b: self._on_hint())
        self._show_me = AdvicePanel(self._show_me_view, unavailable=self._show_me_unavailable, with_button=False)
        self._show_legal = W.Checkbox(value=self.practice if show_legal is None else bool(show_legal),
                                      description="Show legal cards", indent=False)
        self._show_legal.observe(self._on_show_legal, names="value")
        self._controls = W.HBox([self._undo_btn, self._hint_btn, self._show_me.button, self._show_legal])

        self._deal_box = W.Text(placeholder="random", description="Deal #",
                                layout=W.Layout(width="190px"),
                                tooltip="Everyone who starts a game with the same deal number gets the same cards")
        self._new_btn = W.Button(description="New game")
        self._new_btn.on_click(lambda _b: self._on_new_game())
        self._save_btn = W.Button(description="Save", icon="download")
        self._save_btn.on_click(lambda _b: self._on_save())
        self._download = W.HTML()
        self._upload = W.FileUpload(accept=".json,application/json", multiple=False, description="Load")
        self._upload.observe(self._on_upload, names="value")
        self._game_row = W.HBox([self._deal_box, self._new_btn, self._save_btn, self._upload, self._download],
                                layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._score_box = W.VBox()
        self._action_box = W.VBox()
        self._build_options()

        self._install(game, learner_seat, players=self._custom_players)
        self.children = [self._title, self._status, self._table_html, self._info_html, self._last_trick_html,
                         self._action_box, self._hand, self._feedback, self._hint_html, self._show_me, self._controls,
                         self._result_html, self._game_row, self._options, self._log_html, self._score_box]

    # ================================================================ API
    @property
    def game(self) -> TrickGame:
        """The game being played (replaced by :meth:`new_game` / :meth:`load_record`)."""
        return self._game

    @property
    def feedback(self) -> Feedback:
        """The learner's feedback line (``.kind``, ``.text``)."""
        return self._feedback

    @property
    def hand_widget(self) -> CardHand:
        """The learner's hand."""
        return self._hand

    @property
    def learner_seat(self) -> int:
        return self._learner

    @property
    def status_text(self) -> str:
        """Plain text of the status line (whose turn, hand over, game over)."""
        return self._status_plain

    @property
    def events(self) -> list[str]:
        """The recent events of this hand shown in the table log (plain text)."""
        return list(self._events)

    @property
    def last_verdict(self):
        """The engine :class:`~engine.verdict.Verdict` behind the last
        feedback about a learner action (None before any)."""
        return self._last_verdict

    @property
    def hint_text(self) -> str:
        return self._hint_plain

    @property
    def download_html(self) -> str:
        """The last "Save" link (HTML with a ``data:`` URI; empty before Save)."""
        return self._download.value

    def click_card(self, code: str) -> None:
        """As if the learner clicked ``code`` in the hand (plays it, toggles it
        in the exchange, or explains why not)."""
        self._api_click = True
        try:
            if not self._hand.simulate_click(code):
                self._on_card(code)  # the browser would not send it; answer with a note anyway
        finally:
            self._api_click = False

    def click_bid(self, value: Any) -> None:
        """As if the learner pressed the bid button ``value`` (0 is Nil in Spades)."""
        self._on_bid(value)

    def click_blind_nil(self) -> None:
        self._blind_btn.click()

    def look(self) -> None:
        """"Look at my cards" (Spades, SP-10)."""
        self._look_btn.click()

    def select_pass(self, codes: Iterable[str]) -> None:
        """Select the cards to pass in a Blind Nil exchange (replaces the selection)."""
        self._hand.selected = [c for c in codes]

    def click_pass(self) -> None:
        self._pass_btn.click()

    def click_undo(self) -> None:
        self._undo_btn.click()

    def click_hint(self) -> None:
        self._hint_btn.click()

    def click_next_hand(self) -> None:
        self._next_btn.click()

    def save_record(self) -> dict:
        """The game as a hand record (HAND_RECORD.md) plus a ``"tutor"`` object
        ``{"learner_seat", "first_deal", "level"}`` so that loading it deals
        the same later hands."""
        rec = game_to_record(self._game)
        rec["tutor"] = {"learner_seat": self._learner, "first_deal": self._game.first_deal, "level": self.level}
        return rec

    def load_record(self, obj: Any) -> bool:
        """Load a saved game: a dict, JSON text or bytes.  Returns True on
        success; otherwise shows why in :attr:`feedback` and leaves the
        current game untouched."""
        return bool(self._load(obj))

    def new_game(self, deal_number: int | None = None) -> None:
        """Start a new game with the same kind of game and rules; hand 1 uses
        ``deal_number`` (None: a random one, shown in the deal box)."""
        self._deal_box.value = "" if deal_number is None else str(deal_number)
        self._new_btn.click()

    # ================================================================ set-up
    def _build_options(self) -> None:
        """The "Options for a new game" panel: Spades target score (SP-3);
        Oh Hell players (OH-1), schedule (OH-6, OH-V1…V3) and variations."""
        self._opt_target = W.BoundedIntText(value=500, min=10, max=10000, step=50, description="Play to",
                                            tooltip="Points that win the game (SP-3, SP-22)")
        self._opt_players = W.Dropdown(options=[3, 4, 5, 6, 7], value=4, description="Players")
        self._opt_schedule = W.Dropdown(description="Hands", options=_SCHEDULES, value="up")
        self._opt_checks = {name: W.Checkbox(value=False, description=label, indent=False)
                            for name, label in _OH_SWITCHES}
        self._opt_spades = W.VBox([self._opt_target])
        self._opt_oh_hell = W.VBox([W.HBox([self._opt_players, self._opt_schedule]),
                                    *self._opt_checks.values()])
        inner = W.VBox([W.HTML("<small>These take effect when you press “New game”.</small>"),
                        self._opt_spades, self._opt_oh_hell])
        self._options = W.Accordion(children=[inner], selected_index=None)
        self._options.set_title(0, "Options for a new game")

    def _sync_options(self) -> None:
        g = self._game
        spades = g.GAME == "spades"
        self._opt_spades.layout.display = None if spades else "none"
        self._opt_oh_hell.layout.display = "none" if spades else None
        if spades:
            self._opt_target.value = g.rules.target_score
            return
        r = g.rules
        options = list(_SCHEDULES)
        if r.hand_sizes is not None:
            options.append((f"as now: {', '.join(map(str, r.hand_sizes))} cards", "custom"))
        self._opt_schedule.options = options
        self._opt_schedule.value = "custom" if r.hand_sizes is not None else (r.schedule or "up")
        self._opt_players.value = r.players
        for name, cb in self._opt_checks.items():
            cb.value = bool(getattr(r, name))

    def _rules_from_options(self):
        """Rules for the next new game from the options panel (the engine
        validates them: InvalidInputError says what to change)."""
        old = self._game
        if old.GAME == "spades":
            return SpadesRules(target_score=int(self._opt_target.value))
        schedule = self._opt_schedule.value
        switches = {name: bool(cb.value) for name, cb in self._opt_checks.items()}
        if schedule == "custom":
            return OhHellRules(players=int(self._opt_players.value), hand_sizes=old.rules.hand_sizes, **switches)
        return OhHellRules(players=int(self._opt_players.value), schedule=schedule, **switches)

    def _install(self, game: TrickGame, learner_seat: int | None, players: Mapping[int, Any] | None = None,
                 first_deal: int | None = None) -> None:
        if not isinstance(game, (SpadesGame, OhHellGame)):
            raise TypeError(f"GameTable needs a SpadesGame or an OhHellGame, not {type(game).__name__}")
        seat = DEFAULT_LEARNER_SEAT[game.GAME] if learner_seat is None else learner_seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n_seats:
            raise InvalidInputError(f"learner_seat {seat!r} is not a seat of this game (0 to {game.n_seats - 1})")
        self._game = game
        self._learner = seat
        game.auto_deal = False  # the table deals each hand itself (after "Next hand")
        if first_deal is not None:
            game.first_deal = first_deal
        if game.phase is Phase.DEAL and game.first_deal is None:
            game.first_deal = random_deal_number(game.rng)
        base = self.seed if self.seed is not None else (game.first_deal or 0)
        self._players: dict[int, Any] = {}
        for s in range(game.n_seats):
            if s == seat:
                continue
            if players and s in players:
                self._players[s] = players[s]
            else:
                self._players[s] = make_player(self.level, (base * 16 + s) & 0xFFFFFFFF)
        self._events = []
        self._highlight = []
        self._hint_plain = ""
        self._hint_html.value = ""
        self._show_me.clear()
        self._results_seen = len(game.results)
        self._deal_box.value = "" if game.first_deal is None else str(game.first_deal)
        self._sync_options()
        if game.phase is Phase.DEAL and game.hands_dealt == 0:
            self._deal_next()
        self._advance()
        self._refresh_scoresheet()
        self._render()

    def _swap(self, game: TrickGame, seat: int, first_deal: int | None = None) -> None:
        """Install another game; if that fails half-way, the previous game
        (untouched) is put back and the error is raised."""
        saved = (self._game, self._learner, self._players, list(self._events), self._results_seen,
                 self._deal_box.value)
        try:
            self._install(game, seat, players=self._custom_players, first_deal=first_deal)
        except Exception:
            (self._game, self._learner, self._players, self._events, self._results_seen,
             self._deal_box.value) = saved
            self._sync_options()
            self._render()
            raise

    def _advisor(self):
        try:
            from engine.bots import advisor  # noqa: PLC0415 - optional module
        except Exception:  # noqa: BLE001 - absent or half-written: no hints
            return None
        return advisor

    # ================================================================ engine steps
    @contextmanager
    def _step(self):
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    def _deal_next(self) -> None:
        g = self._game
        if g.first_deal is None:
            g.first_deal = random_deal_number(g.rng)
        g.deal(g.first_deal + g.hands_dealt)
        self._events = [f"Hand {g.hands_dealt}: {g.seat_name(g.dealer) if g.GAME == 'spades' else self._name(g.dealer)} "
                        f"dealt (deal #{g.first_deal + g.hands_dealt - 1})."]
        self._highlight = []

    def _name(self, seat: int, you: bool = True) -> str:
        if self._game.GAME == "spades":
            name = SEAT_NAMES[seat]
        else:
            name = f"Seat {seat}"
        return f"{name} (you)" if you and seat == self._learner else name

    def _advance(self) -> int:
        """Let the computer seats act until the learner must act, the hand is
        over (unless ``auto_continue``) or the game is over.  Returns the
        number of computer actions."""
        g = self._game
        n = 0
        for _ in range(_MAX_COMPUTER_STEPS):
            if g.phase is Phase.GAME_OVER:
                break
            if g.phase is Phase.DEAL:
                if not self.auto_continue:
                    break
                self._note_hand_end()
                self._deal_next()
                continue
            seats = [s for s in g.seats_to_act if s != self._learner]
            if not seats:
                break
            self._computer_act(seats[0])
            n += 1
        self._note_hand_end()
        if n:
            self._computers_done_at = time.monotonic()
        return n

    def _computer_act(self, seat: int) -> None:
        g = self._game
        player = self._players[seat]
        view = g.view(seat)
        action = player.choose(view)
        if isinstance(action, Look) or (view.hand is None and not (isinstance(action, Bid) and action.blind)):
            # Spades: a computer that wants to see its cards looks first (SP-10), then decides
            g.look(seat)
            view = g.view(seat)
            action = player.choose(view)
        try:
            result = g.apply(action)
        except (IllegalActionError, InvalidInputError) as e:
            # a computer player bug: keep the game going with a legal action and say so
            log.error("computer player at seat %s chose %r: %s", seat, action, e)
            action = view.legal[0]
            result = g.apply(action)
        self._record_event(action, result)

    def _record_event(self, action, trick) -> None:
        who = self._name(action.seat, you=False) if action.seat != self._learner else "You"
        g = self._game
        if isinstance(action, Bid):
            sealed = g.GAME == "oh_hell" and g.rules.simultaneous_bidding and g.phase is Phase.BIDDING
            if sealed and action.seat != self._learner:
                text = f"{who} chose a sealed bid."
            else:
                text = f"{who} bid {_bid_text('blind_nil' if action.blind else ('nil' if action.value == 0 and g.GAME == 'spades' else action.value))}."
        elif isinstance(action, Pass):
            text = f"{who} chose 3 cards to pass." if action.seat != self._learner else \
                f"You passed {', '.join(c.display for c in action.cards)}."
        elif isinstance(action, Play):
            text = f"{who} played {action.card.display}."
        else:
            return
        self._events.append(text)
        if trick is not None:
            w = trick.winner
            rule = "SP-16" if g.GAME == "spades" else "OH-10"
            self._events.append(f"→ {'You' if w == self._learner else self._name(w, you=False)} won the trick "
                                f"with {trick.card_of(w).display} ({rule}).")
        self._events = self._events[-_LOG_LINES:]

    def _note_hand_end(self) -> None:
        g = self._game
        if len(g.results) > self._results_seen:
            self._results_seen = len(g.results)
            self._refresh_scoresheet()

    # ================================================================ callbacks
    def _guard_state(self, what: str) -> bool:
        """Common refusals for a learner click: busy, game over, hand over.
        Shows a short note and returns False when the click must be ignored."""
        g = self._game
        if self._busy:
            self._feedback.show_info("One moment: the computer players are still playing.")
            return False
        if g.phase is Phase.GAME_OVER:
            self._feedback.show_info(f"The game is over ({self._winners_text()}). "
                                     f"Press “New game” to play again.")
            return False
        if g.phase is Phase.DEAL:
            self._feedback.show_info(f"Hand {g.hands_dealt} is over. Press “Next hand” to {what}.")
            return False
        return True

    @guarded()
    def _on_card_clicked(self, code: str) -> None:
        """A click from the hand widget.  A browser click that was queued while
        the computer players were playing (it arrives within
        ``stale_click_s`` of them finishing) is ignored: the learner clicked
        before seeing the new trick."""
        if not self._api_click and time.monotonic() - self._computers_done_at < self.stale_click_s:
            self._feedback.show_info("That click came while the computer players were playing, so it was "
                                     "ignored. Look at the table and click again.")
            return
        self._on_card(code)

    @guarded()
    def _on_card(self, code: str) -> None:
        if not self._guard_state("play on"):
            return
        g, me = self._game, self._learner
        view = g.view(me)
        if view.hand is None:
            self._feedback.show_info("Your cards are face down: look at them first, or bid Blind Nil (SP-10).")
            return
        if g.phase is Phase.EXCHANGE and me in g.seats_to_act:
            chosen = list(self._hand.selected)
            self._feedback.show_info(f"Chosen to pass: {', '.join(Card.parse(c).display for c in chosen) or 'none'} "
                                     f"({len(chosen)} of 3).")
            return
        verdict = g.check_play(me, code)
        self._last_verdict = verdict
        if not verdict.ok:
            if verdict.reason.value in _NOT_NOW:
                self._feedback.show_info(f"Not now: {verdict.message}")
            else:
                self._feedback.show_verdict(verdict, prefix="Not allowed: ")
                self._highlight = [c.code for c in g.legal_plays(me)]
                self._render()
            return
        with self._step():
            trick = g.play(me, code)
            self._feedback.show_verdict(verdict, prefix=f"You played {Card.parse(code).display}. ")
            self._highlight = []
            self._record_event(Play(me, Card.parse(code)), trick)
            self._advance()
        self._render()

    def _on_bid(self, value: Any) -> None:
        self._bid(value, blind=False)

    @guarded()
    def _bid(self, value: Any, blind: bool) -> None:
        if not self._guard_state("bid"):
            return
        g, me = self._game, self._learner
        verdict = g.check_bid(me, value, blind=blind)
        self._last_verdict = verdict
        if not verdict.ok:
            if verdict.reason.value in _NOT_NOW:
                self._feedback.show_info(f"Not now: {verdict.message}")
            else:
                self._feedback.show_verdict(verdict, prefix="Not allowed: ")
            return
        with self._step():
            g.bid(me, value, blind=blind)
            what = "Blind Nil" if blind else ("Nil" if value == 0 and g.GAME == "spades" else str(value))
            extra = ""
            if blind:
                extra = f" After the bidding you and {self._name(partner_of(me), you=False)} swap 3 cards."
            self._feedback.show_verdict(verdict, prefix=f"You bid {what}. ")
            if extra:
                self._feedback.show_ok(self._feedback.text + extra)
            self._record_event(Bid(me, value, blind), None)
            self._advance()
        self._render()

    @guarded()
    def _on_blind_nil(self) -> None:
        self._bid(0, blind=True)

    @guarded()
    def _on_look(self) -> None:
        g, me = self._game, self._learner
        if g.phase is Phase.GAME_OVER:
            self._guard_state("look")
            return
        v = g.check_look(me)
        if g.GAME == "spades" and g.has_looked(me):
            self._feedback.show_info("You are already looking at your cards.")
            return
        if not v.ok:
            self._feedback.show_verdict(v)
            return
        g.look(me)
        self._show_me.clear()  # a Blind Nil chart no longer applies
        self._feedback.show_info("Here are your cards. You can no longer bid Blind Nil; "
                                 "bid Nil (0) or a number of tricks (SP-6, SP-10).")
        self._render()

    @guarded()
    def _on_pass(self) -> None:
        if not self._guard_state("play on"):
            return
        g, me = self._game, self._learner
        cards = list(self._hand.selected)
        verdict = g.check_exchange(me, cards)
        self._last_verdict = verdict
        if not verdict.ok:
            if verdict.reason.value in ("EXCHANGE_WRONG_COUNT", "EXCHANGE_CARD_NOT_HELD"):
                self._feedback.show_verdict(verdict, prefix="Not allowed: ")
            else:
                self._feedback.show_info(f"Not now: {verdict.message}")
            return
        with self._step():
            g.exchange(me, cards)
            self._record_event(Pass(me, tuple(Card.parse(c) for c in cards)), None)
            self._advance()
            view = g.view(me)
            got = view.received or ()
            self._feedback.show_verdict(verdict, prefix="")
            if got:
                self._feedback.show_ok(f"You passed {', '.join(Card.parse(c).display for c in cards)} and received "
                                       f"{', '.join(c.display for c in got)} from "
                                       f"{self._name(partner_of(me), you=False)} (SP-10).")
            self._highlight = [c.code for c in got]
        self._hand.selected = []
        self._render()

    @guarded()
    def _on_undo(self) -> None:
        if self._busy:
            self._feedback.show_info("One moment: the computer players are still playing.")
            return
        if not self.practice:
            self._feedback.show_info("Undo is switched off for this game.")
            return
        g, me = self._game, self._learner
        if not any(not isinstance(a, (Deal, Look)) and a.seat == me for a in g.history):
            self._feedback.show_info("There is nothing of yours to take back yet.")
            return
        with self._step():
            taken = []
            while True:
                a = g.undo()
                if a is None:
                    break
                taken.append(a)
                if not isinstance(a, Look) and a.seat == me:
                    break
            self._results_seen = len(g.results)
            self._events.append(f"Undo: took back {len(taken)} action{'s' if len(taken) != 1 else ''}.")
            self._highlight = []
            self._advance()
        last = taken[-1] if taken else None
        if isinstance(last, Play):
            what = f"your play of {last.card.display}"
        elif isinstance(last, Bid):
            what = "your bid"
        elif isinstance(last, Pass):
            what = "your 3 cards to pass"
        else:
            what = "your last decision"
        others = len(taken) - 1
        self._feedback.show_info(f"Taken back: {what}" + (f" and {others} computer action{'s' if others != 1 else ''}"
                                                          if others > 0 else "") + ". Your turn again.")
        self._refresh_scoresheet()
        self._render()

    @guarded()
    def _on_hint(self) -> None:
        if not self.hints:
            self._feedback.show_info("Hints are switched off for this game.")
            return
        adv = self._advisor()
        if adv is None:
            self._feedback.show_info("No advisor is available in this installation.")
            return
        g, me = self._game, self._learner
        if g.phase is not Phase.BIDDING or me not in g.seats_to_act:
            self._feedback.show_info("Hints are about your bid: ask when it is your turn to bid.")
            return
        head, lines = _advice(adv, g.view(me))
        self._hint_plain = head + "".join(f"\n• {l}" for l in lines)
        items = "".join(f"<li>{html.escape(l)}</li>" for l in lines)
        self._hint_html.value = (f'<div class="tt-hint" style="border-left:4px solid #f0a500;padding:4px 10px">'
                                 f'<b>{html.escape(head)}</b><ul style="margin:4px 0">{items}</ul></div>')

    def _show_me_view(self) -> SeatView | None:
        """The learner's view for "Show me" (:class:`~tutor.advice.AdvicePanel`):
        only with hints on, in the learner's bidding turn (a Spades hand not
        looked at yet gives the Blind Nil view, SP-10)."""
        g, me = self._game, self._learner
        if not (self.hints and self._hint_available) or g.phase is not Phase.BIDDING or me not in g.seats_to_act:
            return None
        return g.view(me)

    def _show_me_unavailable(self) -> str:
        if not self.hints:
            return "Hints are switched off for this game."
        if not self._hint_available:
            return "No advisor is available in this installation."
        return "Show me is about your bid: ask when it is your turn to bid."

    @guarded()
    def _on_next_hand(self) -> None:
        g = self._game
        if self._busy:
            self._feedback.show_info("One moment: the computer players are still playing.")
            return
        if g.phase is Phase.GAME_OVER:
            self._guard_state("continue")
            return
        if g.phase is not Phase.DEAL:
            self._feedback.show_info("This hand is not over yet.")
            return
        with self._step():
            self._deal_next()
            self._advance()
        self._feedback.show_info(f"Hand {g.hands_dealt}: {self._name(g.dealer)} dealt.")
        self._hint_html.value = ""
        self._show_me.clear()
        self._render()

    @guarded()
    def _on_new_game(self) -> None:
        if self._busy:
            self._feedback.show_info("One moment: the computer players are still playing.")
            return
        text = (self._deal_box.value or "").strip()
        if text:
            try:
                number = int(text)
                if number < 0:
                    raise ValueError
            except ValueError:
                self._feedback.show_error(f"“{text}” is not a deal number: type a whole number ≥ 0, "
                                          f"or leave the box empty for a random deal.")
                return
        else:
            number = random_deal_number(random.Random())
        old = self._game
        try:
            rules = self._rules_from_options()
        except InvalidInputError as e:
            self._feedback.show_error(f"These options cannot be used: {e}. Your current game is unchanged.")
            return
        if old.GAME == "spades":
            game = SpadesGame(rules, dealer=old.start_dealer, first_deal=number, auto_deal=False)
            seat = self._learner
        else:
            game = OhHellGame(rules, dealer=old.start_dealer % rules.players, first_deal=number, auto_deal=False)
            seat = self._learner if self._learner < rules.players else DEFAULT_LEARNER_SEAT["oh_hell"]
        with self._step():
            self._swap(game, seat)
        self._feedback.show_info(f"New game from deal #{number}.")

    @guarded()
    def _on_save(self) -> None:
        rec = self.save_record()
        text = json.dumps(rec, indent=1)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self._download.value = (f'<a download="{SAVE_FILE_NAME}" href="data:application/json;base64,{data}" '
                                f'class="tt-download">Download {SAVE_FILE_NAME}</a>')
        self._feedback.show_ok(f"Saved hand {self._game.hands_dealt}: use the link to download the hand record.")

    @guarded()
    def _on_upload(self, change) -> None:
        files = change.get("new") or ()
        if not files:
            return
        f = files[0]
        content = f.get("content") if isinstance(f, Mapping) else None
        if content is None:
            self._feedback.show_error("Could not read the uploaded file. Your current game is unchanged.")
        else:
            self._load(bytes(content))
        self._upload.value = ()  # ready for the next file (even the same one again)

    @guarded()
    def _load(self, obj: Any) -> bool:
        if self._busy:
            self._feedback.show_info("One moment: the computer players are still playing.")
            return False
        try:
            if isinstance(obj, (bytes, bytearray, memoryview)):
                obj = bytes(obj).decode("utf-8")
            if isinstance(obj, str):
                obj = json.loads(obj)
            game = game_from_record(obj, auto_deal=False)
        except (ValueError, TypeError, KeyError, IllegalActionError) as e:  # JSON, record and rule errors
            if isinstance(e, UnicodeDecodeError):
                why = "the file is not text (UTF-8)"
            elif isinstance(e, json.JSONDecodeError):
                why = f"the file is not valid JSON ({e.msg}, line {e.lineno})"
            else:
                why = str(e)
            self._feedback.show_error(f"Could not load the game: {why}. Your current game is unchanged.")
            return False
        tutor = obj.get("tutor") if isinstance(obj.get("tutor"), dict) else {}
        seat = tutor.get("learner_seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n_seats:
            seat = DEFAULT_LEARNER_SEAT[game.GAME]
        first = tutor.get("first_deal")
        if isinstance(first, bool) or not isinstance(first, int) or first < 0:
            first = None
        with self._step():
            self._swap(game, seat, first_deal=first)
        self._feedback.show_ok(f"Loaded the game: hand {game.hands_dealt}, {self._turn_phrase()}.")
        return True

    def _on_show_legal(self, _change) -> None:
        self._render()

    # ================================================================ rendering
    def _winners_text(self) -> str:
        g = self._game
        if not g.winners:
            return "no winner yet"
        if g.GAME == "spades":
            side = side_of(g.winners[0])
            names = ("North–South", "East–West")[side] + (" (your side)" if side == side_of(self._learner) else "")
            return f"{names} won, {g.scores[side]} to {g.scores[1 - side]} (SP-22)"
        names = " and ".join(self._name(s) for s in g.winners)
        verb = "share the win" if len(g.winners) > 1 else "won"
        return f"{names} {verb} with {g.scores[g.winners[0]]} points (OH-12)"

    def _turn_phrase(self) -> str:
        g, me = self._game, self._learner
        if g.phase is Phase.GAME_OVER:
            return "the game is over"
        if g.phase is Phase.DEAL:
            return f"hand {g.hands_dealt} is over"
        to_act = g.seats_to_act
        if me in to_act:
            return {Phase.BIDDING: "your turn to bid", Phase.EXCHANGE: "your turn to choose 3 cards to pass",
                    Phase.PLAY: "your turn to play"}[g.phase]
        return f"{self._name(to_act[0])} to act" if to_act else "waiting"

    def _render(self) -> None:
        g, me = self._game, self._learner
        view = g.view(me)
        self._render_title(view)
        self._render_status(view)
        self._render_table(view)
        self._render_info(view)
        self._render_last_trick(view)
        self._render_actions(view)
        self._render_hand(view)
        self._render_result(view)
        self._log_html.value = ("<div class='tt-log' style='font-size:13px;opacity:.85'>"
                                + "<br>".join(html.escape(e) for e in self._events) + "</div>") if self._events else ""
        self._undo_btn.layout.display = None if self.practice else "none"
        self._hint_btn.layout.display = None if (self.hints and self._hint_available) else "none"
        self._show_me.button.layout.display = self._hint_btn.layout.display
        self._show_me.layout.display = self._hint_btn.layout.display

    def _render_title(self, view: SeatView) -> None:
        g = self._game
        if g.GAME == "spades":
            name = "Spades"
            rules = f"game to {g.rules.target_score} points (SP-3)"
        else:
            name = f"Oh Hell, {g.n_seats} players"
            opts = [k for k in ("hook", "simultaneous_bidding", "must_trump", "tricks_always_count",
                                "nil_pays_hand_size") if getattr(g.rules, k)]
            rules = f"{g.rules.n_hands} hands" + (f"; {', '.join(o.replace('_', ' ') for o in opts)}" if opts else "")
        deal = self._current_deal_number()
        deal_txt = f"deal #{deal}" if deal is not None else "deal from a record"
        hand_txt = f"Hand {view.hand_number}" if view.hand_number else "No hand yet"
        if g.GAME == "oh_hell" and view.hand_number:
            hand_txt += f" of {g.rules.n_hands} ({view.hand_size} card{'s' if view.hand_size != 1 else ''} each)"
        self._title.value = (f"<div class='tt-title'><b style='font-size:17px'>{html.escape(name)}</b> "
                             f"<span style='opacity:.8'>— {html.escape(rules)}</span><br>"
                             f"{html.escape(hand_txt)} · dealer: {html.escape(self._name(view.dealer))} · "
                             f"{html.escape(deal_txt)}"
                             + (f" · game from deal #{g.first_deal}" if g.first_deal is not None else "")
                             + "</div>")

    def _current_deal_number(self) -> int | None:
        for a in reversed(self._game.history):
            if isinstance(a, Deal):
                return a.number
        return None

    def _render_status(self, view: SeatView) -> None:
        g, me = self._game, self._learner
        if g.phase is Phase.GAME_OVER:
            text = f"Game over: {self._winners_text()}."
        elif g.phase is Phase.DEAL:
            text = f"Hand {g.hands_dealt} is over. Press “Next hand” to deal hand {g.hands_dealt + 1}."
        elif me in view.to_act:
            if g.phase is Phase.BIDDING:
                if view.hand is None:
                    text = "Your turn to bid. Bid Blind Nil now, or look at your cards first (SP-10)."
                else:
                    top = 13 if g.GAME == "spades" else view.hand_size
                    text = f"Your turn to bid: how many tricks will you win (0 to {top})?"
            elif g.phase is Phase.EXCHANGE:
                text = "Your turn: choose 3 cards to pass to your partner (SP-10)."
            else:
                text = "Your turn: click a card to play it."
        else:
            text = f"Waiting for {self._name(view.to_act[0])}." if view.to_act else "Waiting."
        self._status_plain = text
        self._status.value = (f"<div class='tt-status' role='status' aria-live='polite' "
                              f"style='font-size:16px;font-weight:bold;margin:4px 0'>{html.escape(text)}</div>")

    def _seat_box(self, view: SeatView, seat: int) -> str:
        g = self._game
        trick = view.current_trick
        played = trick.card_of(seat) if trick is not None else None
        bid = view.bids[seat]
        if bid is None and g.GAME == "oh_hell" and g.rules.simultaneous_bidding and view.phase is Phase.BIDDING \
                and seat not in view.to_act:
            bid_txt = "sealed"
        else:
            bid_txt = _bid_text(bid)
        turn = seat in view.to_act
        tags = []
        if seat == view.dealer:
            tags.append("dealer")
        if turn:
            tags.append("to act")
        border = "3px solid #f0a500" if turn else "1px solid #bbb"
        return (f"<div class='tt-seat' data-seat='{seat}' style='border:{border};border-radius:8px;padding:4px 8px;"
                f"min-width:7.5em;background:#f8faf8;text-align:center'>"
                f"<div><b>{html.escape(self._name(seat))}</b>"
                + (f" <small>({', '.join(tags)})</small>" if tags else "") + "</div>"
                f"<div>bid: <b>{html.escape(bid_txt)}</b> · tricks: <b>{view.tricks_won[seat]}</b></div>"
                f"<div style='margin-top:3px'>{_card_html(played)}</div></div>")

    def _render_table(self, view: SeatView) -> None:
        g, me = self._game, self._learner
        n = g.n_seats
        if g.GAME == "spades":
            # compass layout relative to the learner: partner across, left-hand opponent on the left
            top, left, right, bottom = (me + 2) % 4, (me + 1) % 4, (me + 3) % 4, me
            cell = "display:flex;justify-content:center;align-items:center"
            body = (f"<div style='display:grid;grid-template-columns:1fr 1fr 1fr;gap:6px;max-width:560px'>"
                    f"<div></div><div style='{cell}'>{self._seat_box(view, top)}</div><div></div>"
                    f"<div style='{cell}'>{self._seat_box(view, left)}</div>"
                    f"<div style='{cell};font-size:12px;opacity:.7'>{self._trick_caption(view)}</div>"
                    f"<div style='{cell}'>{self._seat_box(view, right)}</div>"
                    f"<div></div><div style='{cell}'>{self._seat_box(view, bottom)}</div><div></div></div>")
        else:
            others = [(me + k) % n for k in range(1, n)]
            row = "".join(self._seat_box(view, s) for s in others)
            body = (f"<div style='display:flex;flex-wrap:wrap;gap:6px;justify-content:center;max-width:760px'>{row}</div>"
                    f"<div style='text-align:center;font-size:12px;opacity:.7;margin:4px'>{self._trick_caption(view)}"
                    f" (play goes clockwise: {' → '.join(str(s) for s in [me] + others)})</div>"
                    f"<div style='display:flex;justify-content:center;max-width:760px'>{self._seat_box(view, me)}</div>")
        self._table_html.value = f"<div class='tt-table-seats' aria-label='The table'>{body}</div>"

    def _trick_caption(self, view: SeatView) -> str:
        trick = view.current_trick
        if view.phase is not Phase.PLAY:
            return "the cards played appear here"
        if trick is None or not trick.cards:
            return f"trick {len(view.tricks) + 1}: {html.escape(self._name(view.to_act[0]))} to lead"
        return (f"trick {len(view.tricks) + 1}: {html.escape(self._name(trick.leader))} led "
                f"{html.escape(trick.cards[0].suit.noun)}")

    def _render_info(self, view: SeatView) -> None:
        g, me = self._game, self._learner
        parts = []
        if g.GAME == "spades":
            parts.append("Trump: <b style='color:#151515'>♠ spades</b>, always (SP-2)")
            parts.append(f"Spades broken: <b>{'yes' if view.broken else 'not yet'}</b> (SP-13, SP-15)")
            sides = []
            for side in (0, 1):
                nm = "North–South" if side == 0 else "East–West"
                if side == side_of(me):
                    nm += " (you)"
                sides.append(f"{nm}: <b>{view.scores[side]}</b> points, {view.bags[side]} bag"
                             f"{'s' if view.bags[side] != 1 else ''}")
            parts.append("Scores: " + " · ".join(sides) + " (bags: 10 cost 100 points, SP-20)")
        else:
            if view.hand_number == 0:
                parts.append("No hand dealt yet")
            elif view.turn_up is not None:
                parts.append(f"Turned up: {_card_html(view.turn_up)} → trump is <b>{html.escape(view.trump.noun)}</b> (OH-7)")
            else:
                parts.append("<b>No trump</b> this hand (OH-7)")
            parts.append("Scores: " + " · ".join(f"{html.escape(self._name(s))}: <b>{view.scores[s]}</b>"
                                                  for s in range(g.n_seats)))
        self._info_html.value = "<div class='tt-info' style='margin:4px 0'>" + "<br>".join(parts) + "</div>"

    def _render_last_trick(self, view: SeatView) -> None:
        last = view.last_trick
        if last is None and view.phase is Phase.DEAL and view.results:
            last = view.results[-1].tricks[-1]
        if last is None:
            self._last_trick_html.value = ""
            return
        cards = " ".join(f"{html.escape(self._name(s, you=False) if s != self._learner else 'you')}: {_card_html(c)}"
                         for s, c in zip(last.seats, last.cards))
        winner = "you" if last.winner == self._learner else self._name(last.winner, you=False)
        self._last_trick_html.value = (f"<div class='tt-last-trick' style='font-size:13px'>Last trick: {cards} "
                                       f"→ won by <b>{html.escape(winner)}</b></div>")

    def _render_actions(self, view: SeatView) -> None:
        g, me = self._game, self._learner
        boxes = []
        my_turn = me in view.to_act
        if g.phase is Phase.BIDDING and my_turn:
            spades = g.GAME == "spades"
            not_looked = spades and view.hand is None
            self._look_btn.layout.display = None if not_looked else "none"
            self._blind_btn.layout.display = None if not_looked else "none"
            top = 13 if spades else view.hand_size
            self._ensure_bid_buttons(top, spades)
            legal = {a.value for a in view.legal if isinstance(a, Bid) and not a.blind}
            for v, b in enumerate(self._bid_buttons):
                ok = v in legal
                b.button_style = "" if ok or not self._show_legal.value else "danger"
                b.tooltip = (f"Bid {v}" if ok else f"Bid {v}: not allowed now (click to see why)")
            self._bid_row.layout.display = "none" if not_looked else None
            boxes.append(self._bid_box)
        elif g.phase is Phase.EXCHANGE and my_turn:
            boxes.append(self._pass_box)
        elif g.phase is Phase.DEAL:
            boxes.append(self._next_btn)
        if not (g.phase is Phase.BIDDING and my_turn):
            self._hint_html.value = ""
            self._show_me.clear()
        self._action_box.children = boxes

    def _ensure_bid_buttons(self, top: int, spades: bool) -> None:
        if top == self._bid_range:
            return
        buttons = []
        for v in range(top + 1):
            label = "Nil" if (v == 0 and spades) else str(v)
            b = W.Button(description=label, layout=W.Layout(width="52px" if label == "Nil" else "44px"))
            b.on_click(lambda _b, v=v: self._on_bid(v))
            buttons.append(b)
        self._bid_buttons = buttons
        self._bid_row.children = buttons
        self._bid_range = top

    def _render_hand(self, view: SeatView) -> None:
        g, me = self._game, self._learner
        h = self._hand
        if view.hand is None:  # Spades before looking: backs only, never the real cards (SP-10)
            h.multi_select = False
            h.selected = []
            h.playable = []
            h.highlighted = []
            h.cards = list(FULL_DECK[:13])
            h.face_down = True
            h.label = "Your hand (face down)"
            return
        codes = [c.code for c in view.hand]
        exchange = g.phase is Phase.EXCHANGE and me in view.to_act
        h.face_down = False
        if not exchange:
            h.selected = []
        h.multi_select = exchange
        h.cards = codes
        h.selected = [c for c in h.selected if c in codes]
        legal = [a.card.code for a in view.legal if isinstance(a, Play)]
        h.playable = legal if (legal and self._show_legal.value) else []
        h.highlighted = [c for c in self._highlight if c in codes]
        if exchange:
            h.label = "Your hand: choose 3 cards to pass"
        elif legal:
            h.label = "Your hand: your turn, click a card to play it"
        else:
            h.label = "Your hand"

    def _render_result(self, view: SeatView) -> None:
        g = self._game
        if g.phase not in (Phase.DEAL, Phase.GAME_OVER) or not view.results:
            self._result_html.value = ""
            return
        r = view.results[-1]
        key_name = (lambda w: ("North–South" if w == 0 else "East–West")) if g.GAME == "spades" else \
            (lambda w: self._name(w))
        rows = "".join(f"<tr><td>{html.escape(key_name(l.who))}</td><td>{html.escape(l.item)}</td>"
                       f"<td style='text-align:right'>{l.points:+d}</td><td><code>{html.escape(l.rule)}</code></td></tr>"
                       for l in r.score_lines)
        bids = ", ".join(f"{html.escape(self._name(s))} bid {html.escape(_bid_text(b))} won {t}"
                         for s, (b, t) in enumerate(zip(r.bids, r.tricks_won)))
        over = ""
        if g.phase is Phase.GAME_OVER:
            over = f"<div style='font-size:17px;margin-top:6px'><b>Game over: {html.escape(self._winners_text())}.</b></div>"
        self._result_html.value = (f"<div class='tt-hand-result'><b>Hand {r.number} result</b><br>"
                                   f"<small>{bids}</small><table style='border-collapse:collapse;margin-top:4px'>"
                                   f"{rows}</table>{over}</div>")

    def _refresh_scoresheet(self) -> None:
        """Show or redraw the score sheet (tutor.scoresheet, optional) when
        the game or its number of scored hands changed."""
        key = (id(self._game), len(self._game.results))
        if key == self._scoresheet_key:
            return
        try:
            from tutor.scoresheet import ScoreSheet  # noqa: PLC0415 - optional, written separately
        except ImportError:
            self._score_box.children = ()
            return
        try:
            if self._scoresheet is None:
                self._scoresheet = ScoreSheet(self._game)
                self._score_box.children = (self._scoresheet,)
            else:
                self._scoresheet.refresh(self._game)
            self._scoresheet_key = key
        except Exception as e:  # noqa: BLE001 - the score sheet must not break the game
            log.exception("score sheet failed")
            self._score_box.children = (W.HTML(f"<small>(The score sheet could not be drawn: "
                                               f"{html.escape(type(e).__name__)}.)</small>"),)


def _advice(adv, view: SeatView) -> tuple[str, list[str]]:
    """The advisor's suggested bid for ``view`` as (headline, reason lines):
    :func:`engine.bots.advisor.advise_bid` returns an ``Advice`` with
    ``bid`` (None: look first), ``nil``/``blind_nil`` flags and ``lines`` of
    ``(text, tricks)`` pairs that add up to the bid."""
    a = adv.advise_bid(view)
    if a.bid is None:
        head = "Look at your cards first"
    elif a.blind_nil:
        head = "Suggested bid: Blind Nil"
    elif a.nil or (a.bid == 0 and view.game == "spades"):
        head = "Suggested bid: Nil"
    else:
        head = f"Suggested bid: {a.bid}"
    lines = []
    for item in a.lines:
        text, value = (item if isinstance(item, tuple) else (str(item), 0))
        lines.append(f"{text} ({value:+.2f} tricks)" if value else str(text))
    return head, lines


# ==================================================================== factories
def new_spades_table(deal_number: int | None = None, level: int = 2, *, target_score: int = 500,
                     dealer: int = 0, learner_seat: int = 2, practice: bool = True, hints: bool = True,
                     seed: int | None = None, **kwargs: Any) -> GameTable:
    """A Spades table (SP-1…SP-22): learner South (seat 2), partner North and
    both opponents computer players of ``level``.  Hand 1 is deal number
    ``deal_number`` (None: random), hand k is ``deal_number + k - 1``;
    ``target_score`` ends the game (SP-3, SP-22)."""
    first = deal_number if deal_number is not None else random_deal_number(random.Random())
    game = SpadesGame(SpadesRules(target_score=target_score), dealer=dealer, first_deal=first, auto_deal=False)
    return GameTable(game, learner_seat=learner_seat, level=level, practice=practice, hints=hints, seed=seed,
                     **kwargs)


def new_oh_hell_table(rules: OhHellRules | None = None, deal_number: int | None = None, level: int = 2, *,
                      dealer: int = 0, learner_seat: int = 0, practice: bool = True, hints: bool = True,
                      seed: int | None = None, **kwargs: Any) -> GameTable:
    """An Oh Hell table for ``rules.players`` seats (3–7, OH-1) with any
    variation of :class:`~engine.ohhell.OhHellRules`; the learner at seat
    ``learner_seat`` (default 0), computer players elsewhere.  Deal numbers
    as in :func:`new_spades_table`."""
    first = deal_number if deal_number is not None else random_deal_number(random.Random())
    game = OhHellGame(rules or OhHellRules(), dealer=dealer, first_deal=first, auto_deal=False)
    return GameTable(game, learner_seat=learner_seat, level=level, practice=practice, hints=hints, seed=seed,
                     **kwargs)
