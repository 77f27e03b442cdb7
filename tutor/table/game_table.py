"""The game table widget, :class:`GameTable`: a whole game against computer players
(the factories and the table of each game are in :mod:`tutor.table`).

Build one with a factory (or :meth:`GameTable.for_game` with your own game object)::

    from tutor.table import new_spades_table, new_oh_hell_table
    from engine import OhHellRules

    table = new_spades_table(deal_number=1234)          # learner South (seat 2)
    table = new_oh_hell_table(OhHellRules(players=5, hook=True), deal_number=7)
    table                                                # display it

The game itself is a :class:`tutor.session.TableSession` (``table.session``):
learner seat, computer players, turn loop, undo, next hand, save and load,
the hand in plain sentences; it can be driven without widgets.  This module
only draws it (HTML from :mod:`tutor.table.view`, styles in
``tutor/static/table.css``) and turns clicks into session calls.  The table
never decides a rule itself: legal cards and bids, every explanation (reason
code and rule id), scores and winners come from the engine.

What the learner sees: the seats around the table (four seats at the compass
points with the partner across; other counts clockwise across the top), each
with its bid (OH-V5 sealed bids stay hidden until revealed), tricks won and
the card it played to the current trick, drawn as a card; the dealer and whose
turn it is; trump (Spades: always spades, SP-2, broken or not, SP-15; Oh Hell:
the turned-up card, OH-7); scores (and bags, SP-20); the learner's hand as a
:class:`~tutor.cards.CardHand`.  Spades bidding offers Blind Nil before the
cards are shown (SP-10: face down until "Look at my cards"; the widget then
holds placeholder codes, never the real cards).  When a hand ends the result
stands next to the table in sentences, the score lines under them, with
"Next hand".  While the computer players act the status line shows progress.

Clicks at the wrong moment are harmless: a card click the browser made on an
earlier view of the hand (before the computer players' moves reached it) is
ignored with a note; the browser sends what it showed with every click
(``tutor/static/cards.js``), so a click on the current view is never dropped,
however slow the machine.  Double clicks, clicks after the hand or the game
is over, and a click on a face-down card (before "Look at my cards") get a
short note.

Hint: in the bidding, the bid advisor's suggestion and its count; in the
play, a good card and why (:mod:`tutor.table.hint`: the club computer
player's choice from the learner's view, never a card a rule forbids),
marked in the hand.  "New game" during a game asks first (see
:class:`GameTable`); a saved game of another kind is refused, naming where
it opens (``places``); a file that cannot be loaded gets one plain sentence,
the parser's words folded away.

The table opens quickly: what is not needed at once is made when first
needed (the options' widgets, the Blind Nil exchange, the review, the score
sheet) or once the page is shown and the browser idle (the bid buttons, the
imports a hand's end needs: :data:`HAND_END_MODULES`).

Headless API (tests, browser tests): :meth:`GameTable.click_card`,
:meth:`~GameTable.click_bid`, :meth:`~GameTable.click_blind_nil`,
:meth:`~GameTable.look`, :meth:`~GameTable.select_pass` +
:meth:`~GameTable.click_pass`, :meth:`~GameTable.click_undo`,
:meth:`~GameTable.click_hint`, :meth:`~GameTable.click_next_hand`,
:meth:`~GameTable.save_record`, :meth:`~GameTable.load_record`,
:meth:`~GameTable.new_game` (+ :meth:`~GameTable.confirm_new_game` /
:meth:`~GameTable.keep_playing`), :meth:`~GameTable.click_face_down`,
:meth:`~GameTable.set_hand_end`, :meth:`~GameTable.replace_game`;
properties ``game``, ``session``, ``feedback``, ``hand_widget``,
``status_text``, ``learner_seat``, ``events``, ``hint_text``,
``new_game_question``.
"""
from __future__ import annotations

import base64
import html
import json
import logging
import random
from typing import Any, Iterable, Mapping

import ipywidgets as W

from engine import InvalidInputError, Phase, random_deal_number
from engine.bots import advisor
from engine.game import SeatView, TrickGame
from engine.verdict import Verdict

from . import view as V
from ..advice import AdvicePanel
from ..cards import CardHand, card_display
from ..common import Feedback, WhenIdle, guarded, import_in_background
from ..session import DEFAULT_LEARNER_SEAT, Outcome, TableSession, resolve_level, too_big_sentence
from ..sessions import new_session
from .hint import play_hint
from .load import LoadButton
from ..review_panel import ReviewPanel, practice_table
from .options import OptionsPanel
from .render import TableRendering, advice as _advice
from ..session_words import joined
from ..text import M_, say, say_html

__all__ = ["GameTable", "resolve_level", "DEFAULT_LEARNER_SEAT", "HAND_END_MODULES", "NEW_GAME_QUESTION"]

log = logging.getLogger("tutor.table")

#: What a hand's end needs, imported in the background once the table is shown (:meth:`GameTable._warm_up`):
#: the score sheet (drawn when the hand ends) and the review.
HAND_END_MODULES = ("tutor.scoresheet", "engine.review", "tutor.review_panel")
#: What only "Review hand N" needs is imported in the background when a hand ends, while the learner reads
#: the result: :data:`tutor.table.render.REVIEW_MODULES` (endplay's DDS, about 1 s: it loads matplotlib).

#: File name offered by the "Save" download link.
SAVE_FILE_NAME = "tricktutor-game.json"

# ---------------------------------------------------------------- what the table says
# TRANSLATORS: a card click made on an earlier view of the hand, ignored.
STALE_NOTE = M_("table.stale_click", "That click was made on an earlier view of your hand (the computer players have "
                                     "played since), so it was ignored. Look at the table and click again.")
# TRANSLATORS: "New game" pressed while a game is being played; {hand_no} the hand being played.
NEW_GAME_QUESTION = M_("table.new_game_question", "Start a new game? The game you are playing (hand {hand_no}) ends "
                                                  "here and cannot be brought back. To keep it, press “Keep playing”, "
                                                  "then “Save”.")
# TRANSLATORS: the button answering the question above: yes.
NEW_GAME_YES = M_("table.new_game_yes", "Start the new game")
# TRANSLATORS: the button answering the question above: no.
NEW_GAME_NO = M_("table.new_game_no", "Keep playing")
# TRANSLATORS: after "Keep playing".
KEPT_PLAYING = M_("table.kept_playing", "Your game goes on where you left it.")
# TRANSLATORS: the title of the parser's words (folded away) under a file that could not be loaded.
FILE_DETAILS_TITLE = M_("table.file_details_title", "What is wrong with the file")
# TRANSLATORS: a face-down card clicked before "Look at my cards" (SP-10).
FACE_DOWN_NOTE = M_("table.face_down_note", "Your cards are face down. Press “Look at my cards” to see them (SP-10).")
# TRANSLATORS: as above, when Blind Nil may be bid.
FACE_DOWN_NOTE_BLIND = M_("table.face_down_note_blind", "Your cards are face down. Press “Look at my cards” to see "
                                                        "them, or bid Blind Nil without looking (SP-10).")
# TRANSLATORS: Hint or Show me pressed where a teacher switched hints off.
HINTS_OFF = M_("table.hints_off", "Hints are switched off for this game.")
# TRANSLATORS: Hint pressed in an installation without the advisor.
NO_ADVISOR = M_("table.no_advisor", "No advisor is available in this installation.")
# TRANSLATORS: Hint pressed when it is not the learner's turn.
HINT_NOT_NOW = M_("table.hint_not_now", "A hint is about your bid or your card: ask when it is your turn to bid or "
                                        "to play.")
# TRANSLATORS: Show me pressed outside the learner's bidding turn.
SHOW_ME_NOT_NOW = M_("table.show_me_not_now", "Show me is about your bid: ask when it is your turn to bid.")
# TRANSLATORS: the accessible name of the learner's hand.
YOUR_HAND = M_("table.your_hand", "Your hand")
# TRANSLATORS: a button: see the cards (Spades: before it, Blind Nil may be bid, SP-10).
LOOK_BUTTON = M_("table.look_button", "Look at my cards")
# TRANSLATORS: the tooltip of "Look at my cards".
LOOK_TIP = M_("table.look_tip", "See your cards (after this you can no longer bid Blind Nil, SP-10)")
# TRANSLATORS: a button: bid Blind Nil (SP-10).
BLIND_BUTTON = M_("table.blind_button", "Bid Blind Nil")
# TRANSLATORS: the heading of the bid buttons (HTML).
YOUR_BID = M_("table.your_bid", "<b>Your bid</b>")
# TRANSLATORS: a button: deal the next hand.
NEXT_BUTTON = M_("table.next_button", "Next hand")
# TRANSLATORS: a button: take back the learner's last decision.
UNDO_BUTTON = M_("table.undo_button", "Undo")
# TRANSLATORS: the tooltip of Undo.
UNDO_TIP = M_("table.undo_tip", "Take back your last decision (practice mode)")
# TRANSLATORS: a button: a good bid or card now.
HINT_BUTTON = M_("table.hint_button", "Hint")
# TRANSLATORS: the tooltip of Hint.
HINT_TIP = M_("table.hint_tip", "A good bid or card now, and why")
# TRANSLATORS: a tick box: mark the cards the rules allow.
SHOW_LEGAL = M_("table.show_legal", "Show legal cards")
# TRANSLATORS: the empty deal-number box's placeholder.
RANDOM = M_("table.random", "random")
# TRANSLATORS: the label of the deal-number box.
DEAL_NO = M_("table.deal_no", "Deal #")
# TRANSLATORS: the tooltip of the deal-number box.
DEAL_TIP = M_("table.deal_tip", "Everyone who starts a game with the same deal number gets the same cards")
# TRANSLATORS: a button: start a new game.
NEW_BUTTON = M_("table.new_button", "New game")
# TRANSLATORS: a button: save the game to a file.
SAVE_BUTTON = M_("table.save_button", "Save")
# TRANSLATORS: the status line while the computer players act.
COMPUTERS_PLAYING = M_("table.computers_playing", "The computer players are playing…")
# TRANSLATORS: the Blind Nil exchange's button (SP-10).
PASS_BUTTON = M_("table.pass_button", "Pass these 3")
# TRANSLATORS: the tooltip of the button above.
PASS_TIP = M_("table.pass_tip", "Give the 3 selected cards to your partner (SP-10)")
# TRANSLATORS: the Blind Nil exchange's instructions (HTML; keep the tags).
PASS_HELP = M_("table.pass_help", "<b>Blind Nil exchange</b>: click 3 cards to give your partner, then press “Pass "
                                  "these 3” (SP-10).")
# TRANSLATORS: the cards chosen so far for the Blind Nil exchange: {chosen} ("K♣, 2♥") and their number {n}.
CHOSEN = M_("table.chosen", "Chosen to pass: {chosen} ({n} of 3).")
# TRANSLATORS: no card chosen yet, in the line above.
CHOSEN_NONE = M_("table.chosen_none", "none")
# TRANSLATORS: a deal number that is not a whole number; {text} what was typed.
BAD_DEAL = M_("table.bad_deal", "“{text}” is not a deal number: type a whole number ≥ 0, or leave the box empty for "
                                "a random deal.")
# TRANSLATORS: options the engine refuses; {reason} its sentence naming the option and the values allowed.
BAD_OPTIONS = M_("table.bad_options", "These options cannot be used: {reason}. Your current game is unchanged.")
# TRANSLATORS: the download link of a saved game; {file} its file name.
DOWNLOAD = M_("table.download", "⬇ Download {file}")
# TRANSLATORS: after Save: hand {hand_no}; {file} the file name.
SAVED = M_("table.saved", "Saved hand {hand_no}. Now press “Download {file}” (under the buttons) to keep the file.")


class GameTable(TableRendering, W.VBox):
    """A game of Spades or Oh Hell with the learner at ``learner_seat`` and
    computer players at every other seat.

    The table draws a session it is given and never builds one: ``GameTable(session)``
    with a :class:`~tutor.session.TableSession` (built by
    :func:`tutor.sessions.new_session`); :meth:`for_game` builds the session
    of a game and its table in one call (notebooks, the factories of
    :mod:`tutor.table`).

    Parameters
    ----------
    session:
        the game being played (a :class:`~tutor.session.TableSession` of a
        game whose phases this table draws: :attr:`SESSION`); its
        ``practice`` allows Undo and shows the legal cards by default.
    hints:
        True shows a Hint button and a "Show me" chart
        (:class:`~tutor.advice.AdvicePanel`) when :mod:`engine.bots.advisor`
        exists (a teacher sets False: both are hidden).
    show_legal:
        mark the legal cards at each play (default: the session's ``practice``).

    A session of ``single_hand`` (the review's practice copy) plays only the
    hand in progress: when it is over the widgets given to
    :meth:`set_hand_end` stand where "Next hand" would, and there is no
    review of its own.

    "New game" during a game asks first (:data:`NEW_GAME_QUESTION`: "Start
    the new game" / "Keep playing"): one click never throws a game away.
    A learner expects that question (card sites ask it), it costs one click
    only when there is something to lose, and an undo of a new game would
    be a second kind of undo beside Undo (which takes back a card, and is off
    outside practice mode).  It deals new cards unless the learner typed a
    deal number (the deal box is never filled in by the table; the title
    shows the deal being played).
    """

    #: The session this table draws (:mod:`tutor.table.two` draws Spades for two's, with its draw).
    SESSION: type[TableSession] = TableSession

    def __init__(self, session: TableSession, hints: bool = True, show_legal: bool | None = None, **kwargs: Any):
        if not isinstance(session, self.SESSION) or not set(session.game.spec.phases) <= self.SESSION.PHASES:
            raise TypeError(f"{type(self).__name__} draws a {self.SESSION.__name__} of a game without other "
                            f"phases, not a {type(session).__name__} of {session.game.spec.name!r}")
        super().__init__(**kwargs)
        self.add_class("tt-game-table")
        self.hints = bool(hints)
        self.single_hand = session.single_hand
        game = session.game
        self._hand_end: tuple[W.Widget, ...] = ()
        self._pending_new: tuple | None = None
        self._review_panel = None
        self._last_verdict: Verdict | None = None
        self._highlight: list[str] = []
        self._hint_plain = ""
        self._scoresheet = None
        self._scoresheet_key = None
        self._bid_buttons: list[W.Button] = []
        self._bid_range = None
        self._hint_available = self._advisor() is not None

        # --- widgets --------------------------------------------------------
        self._style = W.HTML(f"<style>{V.TABLE_CSS}</style>")
        self._feedback = Feedback()
        self._title = W.HTML()
        self._status = W.HTML()
        self._table_html = W.HTML()
        self._info_html = W.HTML()
        self._last_trick_html = W.HTML()
        self._log_html = W.HTML()
        self._result_html = W.HTML()
        self._hint_html = W.HTML()
        self._hand = CardHand(label=say(YOUR_HAND))
        self._hand.on_msg(self._on_hand_msg)

        self._hand.on_msg(self._on_face_down_msg)

        self._look_btn = self._button(say(LOOK_BUTTON), self._on_look, style="primary", tooltip=say(LOOK_TIP))
        self._blind_btn = self._button(say(BLIND_BUTTON), self._on_blind_nil, style="warning",
                                       tooltip=session.game_look.blind_nil_tooltip(game.rules))
        self._bid_row = W.HBox()
        self._bid_row.add_class("tt-tbl-bids")
        self._blind_note = W.HTML()  # why Blind Nil is not offered now (SP-H2), when a house rule hides it
        looks = W.HBox([self._look_btn, self._blind_btn, self._blind_note])
        looks.add_class("tt-tbl-row")
        self._bid_box = W.VBox([W.HTML(say_html(YOUR_BID)), looks, self._bid_row])
        self._pass_parts: tuple[W.Button, W.VBox] | None = None  # the Blind Nil exchange, made when needed
        self._next_btn = self._button(say(NEXT_BUTTON), self._on_next_hand, style="success")
        self._next_btn.add_class("tt-tbl-next")
        self._undo_btn = self._button(say(UNDO_BUTTON), self._on_undo, icon="undo", tooltip=say(UNDO_TIP))
        self._hint_btn = self._button(say(HINT_BUTTON), self._on_hint, icon="lightbulb-o", tooltip=say(HINT_TIP))
        self._show_me = AdvicePanel(self._show_me_view, unavailable=self._show_me_unavailable, with_button=False,
                                    warm_up="idle")
        self._show_legal = W.Checkbox(value=session.practice if show_legal is None else bool(show_legal),
                                      description=say(SHOW_LEGAL), indent=False)
        self._show_legal.observe(lambda _c: self._render(), names="value")
        self._controls = W.HBox([self._undo_btn, self._hint_btn, self._show_me.button, self._show_legal])
        self._controls.add_class("tt-tbl-controls")

        self._make_game_row()

        self._session = session
        self._session.on_computers_start = lambda: self._busy_status(say(COMPUTERS_PLAYING))
        self._review_box = W.Box()  # "Review this hand" when a hand is over (tutor.review_panel), made then
        self._idle = WhenIdle(delay_ms=300)
        self._idle.on_idle(self._warm_up)
        self._after_install()
        self.children = [self._style, self._title, self._status, self._info_html, self._table_html,
                         self._action_box, self._review_box, self._hand, self._feedback, self._hint_html,
                         self._show_me, self._controls, self._last_trick_html, self._game_row, self._confirm_box,
                         self._options.widget, self._log_html, self._score_box, self._idle]

    def _make_game_row(self) -> None:
        """The widgets below the hand: the deal box, New game, Save and Load, New game's question, the
        score, the action box and the options panel."""
        self._deal_box = W.Text(placeholder=say(RANDOM), description=say(DEAL_NO),
                                layout=W.Layout(width="auto", max_width="100%"), style={"description_width": "initial"},
                                tooltip=say(DEAL_TIP))
        self._new_btn = self._button(say(NEW_BUTTON), self._on_new_game)
        self._save_btn = self._button(say(SAVE_BUTTON), self._on_save, icon="download")
        self._download = W.HTML()
        self._upload = LoadButton()
        self._upload.on_load(self._on_upload)
        self._game_row = W.HBox([self._deal_box, self._new_btn, self._save_btn, self._upload, self._download])
        self._game_row.add_class("tt-tbl-row")
        self._confirm_box = W.VBox()  # New game's question, made the first time it is asked
        self._confirm_box.add_class("tt-tbl-confirm")
        self._confirm_box.layout.display = "none"
        self._score_box = W.VBox()
        self._action_box = W.VBox()
        self._options = OptionsPanel()

    @classmethod
    def for_game(cls, game: TrickGame, learner_seat: int | None = None, level: int = 2, practice: bool = True,
                 hints: bool = True, seed: int | None = None, show_legal: bool | None = None,
                 auto_continue: bool = False, players: Mapping[int, Any] | None = None,
                 single_hand: bool = False, places: Mapping[str, str] | None = None, **kwargs: Any) -> "GameTable":
        """The table of ``game``: its session built by :func:`tutor.sessions.new_session` (``learner_seat``
        None: the game's look says where; ``level``, ``practice``, ``seed``, ``auto_continue``,
        ``players``, ``single_hand``, ``places``: see :class:`~tutor.session.TableSession`), then this
        table drawing it (``hints``, ``show_legal``, widget ``kwargs``).  InvalidInputError for a learner
        seat that is not a seat of the game, TypeError for a game this table does not draw."""
        session = new_session(game, learner_seat, level=level, practice=practice, seed=seed,
                              auto_continue=auto_continue, players=players, single_hand=single_hand,
                              places=places)
        return cls(session, hints=hints, show_legal=show_legal, **kwargs)

    def _button(self, label: str, fn, style: str = "", icon: str = "", tooltip: str = "") -> W.Button:
        b = W.Button(description=label, button_style=style, icon=icon, tooltip=tooltip or label,
                     layout=W.Layout(width="auto"))
        b.on_click(lambda _b: fn())
        return b

    # ================================================================ API
    @property
    def session(self) -> TableSession:
        """The headless game session this table draws."""
        return self._session

    @property
    def level(self) -> int:
        return self._session.level

    @property
    def practice(self) -> bool:
        return self._session.practice

    @property
    def feedback(self) -> Feedback:
        """The learner's feedback line (``.kind``, ``.text``)."""
        return self._feedback

    @property
    def hand_widget(self) -> CardHand:
        return self._hand

    @property
    def learner_seat(self) -> int:
        return self._session.learner

    @property
    def status_text(self) -> str:
        """Plain text of the status line (whose turn, hand over, game over)."""
        return self._status_plain

    @property
    def events(self) -> list[str]:
        """The current hand in plain sentences, as in the table log."""
        return self._session.events

    @property
    def last_verdict(self):
        """The engine Verdict behind the last feedback about a learner action."""
        return self._last_verdict

    @property
    def hint_text(self) -> str:
        return self._hint_plain

    @property
    def new_game_question(self) -> str:
        """The question shown after "New game" during a game ("" when none is open)."""
        return say(NEW_GAME_QUESTION, hand_no=self._pending_new[2]) if self._pending_new else ""

    @property
    def _review(self):
        """The hand's review (:class:`tutor.review_panel.ReviewPanel`), made the first time it is needed."""
        if self._review_panel is None:
            self._review_panel = ReviewPanel(self._session, open_practice=self._open_practice)
            self._review_box.children = (self._review_panel,)
        return self._review_panel

    def _open_practice(self, game, seat: int) -> W.Widget:
        """The review's practice copy of ``game`` at a table of this kind (practice mode, hints off,
        one hand only: :func:`tutor.review_panel.practice_table`)."""
        return practice_table(type(self), game, seat, self._session)

    @property
    def download_html(self) -> str:
        """The last "Save" link (HTML with a ``data:`` URI; empty before Save)."""
        return self._download.value

    def click_card(self, code: str) -> None:
        """As if the learner clicked ``code`` in the hand (plays it, toggles it
        in the exchange, or explains why not)."""
        h = self._hand
        if h._clickable(code) and h.multi_select:
            h.selected = [c for c in h.selected if c != code] if code in h.selected else [*h.selected, code]
        self._on_card(code)

    def click_bid(self, value: Any) -> None:
        """As if the learner pressed the bid button ``value`` (0 is Nil in Spades)."""
        self._bid(value, blind=False)

    def click_blind_nil(self) -> None:
        self._blind_btn.click()

    def look(self) -> None:
        """"Look at my cards" (Spades, SP-10)."""
        self._look_btn.click()

    def select_pass(self, codes: Iterable[str]) -> None:
        """Select the cards to pass in a Blind Nil exchange (replaces the selection)."""
        self._hand.selected = list(codes)

    def click_pass(self) -> None:
        self._pass_btn.click()

    @property
    def _pass_btn(self) -> W.Button:
        return self._pass_widgets()[0]

    @property
    def _pass_box(self) -> W.VBox:
        return self._pass_widgets()[1]

    def _pass_widgets(self) -> tuple[W.Button, W.VBox]:
        """The Blind Nil exchange's button and box (SP-10), made the first time they are needed."""
        if self._pass_parts is None:
            btn = self._button(say(PASS_BUTTON), self._on_pass, style="primary", tooltip=say(PASS_TIP))
            box = W.VBox([W.HTML(say_html(PASS_HELP)), btn])
            self._pass_parts = (btn, box)
        return self._pass_parts

    def click_undo(self) -> None:
        self._undo_btn.click()

    def click_hint(self) -> None:
        self._hint_btn.click()

    def click_next_hand(self) -> None:
        self._next_btn.click()

    def save_record(self) -> dict:
        """The game as a hand record plus a ``"tutor"`` object (see :meth:`TableSession.save`)."""
        return self._session.save()

    def load_record(self, obj: Any) -> bool:
        """Load a saved game: a dict, JSON text or bytes.  Returns True on
        success; otherwise shows "This file is not a Trick Tutor game (…)"
        in :attr:`feedback` and leaves the current game untouched."""
        return bool(self._load(obj))

    def new_game(self, deal_number: int | None = None) -> None:
        """As if the learner typed ``deal_number`` in the deal box (None:
        left it empty, a random deal) and pressed "New game": a new game with
        the options panel's rules, or, while a game is being played, the
        question :attr:`new_game_question` (answer with
        :meth:`confirm_new_game` or :meth:`keep_playing`)."""
        self._deal_box.value = "" if deal_number is None else str(deal_number)
        self._new_btn.click()

    def confirm_new_game(self) -> None:
        """Press "Start the new game" under the question."""
        if self._pending_new is not None:
            self._confirm_yes.click()

    def keep_playing(self) -> None:
        """Press "Keep playing" under the question."""
        if self._pending_new is not None:
            self._confirm_no.click()

    def set_hand_end(self, widgets: Iterable[W.Widget]) -> None:
        """The widgets shown under the hand's result when a single-hand
        table's hand is over (instead of "Next hand")."""
        self._hand_end = tuple(widgets)
        self._render()

    def replace_game(self, game: TrickGame) -> None:
        """Play ``game`` (of this table's kind) at this table, the learner at
        the same seat, as it stands (the review's "Try again")."""
        self._session.install(game, self._session.learner)
        self._after_install()

    # ================================================================ set-up
    def _after_install(self) -> None:
        g = self.game
        self._highlight = []
        self._hint_plain = ""
        self._hint_html.value = ""
        self._show_me.clear()
        self._download.value = ""  # the link of a saved game would download the game just replaced
        self._deal_box.value = ""  # the learner's own number for the next game; the title shows this one
        self._cancel_new_game()
        self._options.sync(g)
        self._blind_btn.tooltip = self._session.game_look.blind_nil_tooltip(g.rules)
        self._render()
        self._refresh_scoresheet()

    @guarded()
    def _warm_up(self) -> None:
        """Once the table is shown and the browser idle: make the bid buttons
        (hidden while the cards are face down, so that "Look at my cards"
        only has to show them), and import what the end of a hand needs
        (score sheet, review) in the background, so that the hand's result
        and its review come at once (:data:`HAND_END_MODULES`)."""
        g, me = self.game, self.learner_seat
        if g.phase is Phase.BIDDING and me in g.seats_to_act:
            self._ensure_bid_buttons(g.bid_range(me))
            self._style_bid_buttons(g.view(me))
        import_in_background(*HAND_END_MODULES, delay=1.5)

    def _advisor(self) -> Any:
        """The bid advisor (:mod:`engine.bots.advisor`), or None where hints have none."""
        return advisor

    # ================================================================ feedback
    def _show(self, out: Outcome) -> None:
        """Show an outcome; a verdict's rule id appears once, as the badge."""
        self._last_verdict = out.verdict if out.verdict is not None else self._last_verdict
        v = out.verdict
        if v is not None and v.rule and out.kind in ("ok", "error"):
            self._feedback.show_verdict(v, text=out.text_with_badge(), kind=out.kind)
        elif out.kind == "error":
            self._feedback.show_error(out.text, details=out.details)
        else:
            {"ok": self._feedback.show_ok, "info": self._feedback.show_info}[out.kind](out.text)

    def _busy_status(self, text: str) -> None:
        """Progress while the computer players act or a hand is scored (sent
        to the browser before the work starts)."""
        self._status.value = V.status_html(text, busy=True)

    # ================================================================ callbacks
    def _on_hand_msg(self, _widget, content, _buffers) -> None:
        """A card click from the browser, with what the browser showed when it
        was made (``shown``: cards, playable, label).  A click on an earlier
        view (the kernel has changed the hand since) is ignored with a note;
        any other click is handled, however late it arrives."""
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        code = content.get("card")
        if not isinstance(code, str) or not self._hand._clickable(code):
            return
        shown = content.get("shown")
        if isinstance(shown, dict) and not self._is_current(shown):
            self._feedback.show_info(say(STALE_NOTE))
            return
        self._on_card(code)

    def _on_face_down_msg(self, _widget, content, _buffers) -> None:
        """A click on a face-down card (before "Look at my cards", SP-10):
        say how to see the cards."""
        if isinstance(content, dict) and content.get("type") == "face_down_click":
            self._face_down_note()

    @guarded()
    def _face_down_note(self) -> None:
        g, me = self.game, self.learner_seat
        if g.view(me).hand is not None:
            return
        blind = g.phase is Phase.BIDDING and me in g.seats_to_act and any(b.blind for b in g.legal_bids(me))
        self._feedback.show_info(say(FACE_DOWN_NOTE_BLIND if blind else FACE_DOWN_NOTE))

    def click_face_down(self) -> None:
        """As if the learner clicked one of the face-down cards (headless)."""
        self._on_face_down_msg(self._hand, {"type": "face_down_click"}, [])

    def _is_current(self, shown: dict) -> bool:
        h = self._hand
        return (list(shown.get("cards") or []) == list(h.cards)
                and list(shown.get("playable") or []) == list(h.playable)
                and shown.get("label", h.label) == h.label)

    @guarded()
    def _on_card(self, code: str) -> None:
        s = self._session
        g, me = s.game, s.learner
        if (not s.busy and g.phase is Phase.EXCHANGE and me in g.seats_to_act
                and g.view(me).hand is not None):
            chosen = list(self._hand.selected)
            names = joined(card_display(c) for c in chosen) or say(CHOSEN_NONE)
            self._feedback.show_info(say(CHOSEN, chosen=names, n=len(chosen)))
            return
        out = s.play(code)
        self._show(out)
        self._highlight = list(out.highlight) if out.kind == "error" else []
        self._render()

    @guarded()
    def _bid(self, value: Any, blind: bool) -> None:
        out = self._session.bid(value, blind)
        self._show(out)
        self._render()

    @guarded()
    def _on_blind_nil(self) -> None:
        self._bid(0, blind=True)

    @guarded()
    def _on_look(self) -> None:
        out = self._session.look()
        self._show(out)
        if out.kind == "ok":
            self._hint_html.value, self._hint_plain = "", ""  # face-down advice no longer applies
            self._show_me.clear()
        self._render()

    @guarded()
    def _on_pass(self) -> None:
        out = self._session.exchange(list(self._hand.selected))
        self._show(out)
        if out.kind == "ok":
            self._highlight = list(out.highlight)
            self._hand.selected = []
        self._render()

    @guarded()
    def _on_undo(self) -> None:
        out = self._session.undo()
        self._show(out)
        self._highlight = []
        self._render()
        self._refresh_scoresheet()

    @guarded()
    def _on_hint(self) -> None:
        """A good bid (the advisor's count) or, in the play, a good card and
        why (the level-2 computer player's choice, :func:`tutor.table.hint.play_hint`):
        always one the rules allow."""
        if not self.hints:
            self._feedback.show_info(say(HINTS_OFF))
            return
        adv = self._advisor()
        if adv is None:
            self._feedback.show_info(say(NO_ADVISOR))
            return
        g, me = self.game, self.learner_seat
        s = self._session
        if s.busy or me not in g.seats_to_act or g.phase not in (Phase.BIDDING, Phase.PLAY):
            self._feedback.show_info(say(HINT_NOT_NOW))
            return
        if g.phase is Phase.PLAY:
            hint = play_hint(g.view(me), s.name)
            head, lines = hint.headline, list(hint.lines)
            self._highlight = [hint.card.code]
        else:
            head, lines = _advice(g.view(me), g)
        self._feedback.clear()  # an older message would sit above the hint as if it were about it
        self._hint_plain = head + "".join(f"\n• {l}" for l in lines)
        self._hint_state = (id(g), len(g.history))
        items = "".join(f"<li>{html.escape(l)}</li>" for l in lines)
        self._hint_html.value = (f'<div class="tt-hint tt-tbl-hint" role="status"><b>{html.escape(head)}</b>'
                                 + (f'<ul>{items}</ul>' if items else "") + "</div>")
        if g.phase is Phase.PLAY:
            self._render_hand(g.view(me))

    def _show_me_view(self) -> SeatView | None:
        """The learner's view for "Show me": only with hints on, in the
        learner's bidding turn (a Spades hand not looked at yet gives the
        Blind Nil view, SP-10)."""
        g, me = self.game, self.learner_seat
        if not (self.hints and self._hint_available) or g.phase is not Phase.BIDDING or me not in g.seats_to_act:
            return None
        return g.view(me)

    def _show_me_unavailable(self) -> str:
        if not self.hints:
            return say(HINTS_OFF)
        if not self._hint_available:
            return say(NO_ADVISOR)
        return say(SHOW_ME_NOT_NOW)

    @guarded()
    def _on_next_hand(self) -> None:
        out = self._session.next_hand()
        self._show(out)
        self._hint_html.value, self._hint_plain = "", ""
        self._show_me.clear()
        self._render()

    @guarded()
    def _on_new_game(self) -> None:
        text = (self._deal_box.value or "").strip()
        if text:
            if not (text.isascii() and text.isdigit() and len(text) <= 30):
                self._feedback.show_error(say(BAD_DEAL, text=text[:40]))
                return
            number = int(text)
        else:
            number = random_deal_number(random.Random())  # new cards: the learner typed no number
        try:
            rules = self._options.rules(self.game)
        except ValueError as e:
            self._feedback.show_error(say(BAD_OPTIONS, reason=e.msg if isinstance(e, InvalidInputError) else str(e)))
            return
        s = self._session
        if s.has_progress() and not s.busy:
            # one click never throws a game away: ask first (see the class docstring)
            g = self.game
            self._pending_new = (number, rules, g.hands_dealt, id(g), len(g.history))
            if not self._confirm_box.children:
                self._confirm_html = W.HTML()
                self._confirm_yes = self._button(say(NEW_GAME_YES), self._on_confirm_new_game, style="danger")
                self._confirm_no = self._button(say(NEW_GAME_NO), self._on_keep_playing, style="primary")
                row = W.HBox([self._confirm_yes, self._confirm_no])
                row.add_class("tt-tbl-row")
                self._confirm_box.children = (self._confirm_html, row)
            self._confirm_html.value = (f"<div class='tt-tbl-question' role='alert'>"
                                        f"{html.escape(self.new_game_question)}</div>")
            self._confirm_box.layout.display = ""
            self._feedback.clear()
            return
        self._start_new_game(number, rules)

    def _start_new_game(self, number: int, rules: Any) -> None:
        s = self._session
        old = s.game
        out = s.new_game(number, rules)
        if s.game is not old:
            self._after_install()
        self._show(out)

    @guarded()
    def _on_confirm_new_game(self) -> None:
        pending = self._pending_new
        self._cancel_new_game()
        if pending is None:
            return
        self._start_new_game(pending[0], pending[1])

    @guarded()
    def _on_keep_playing(self) -> None:
        self._cancel_new_game()
        self._feedback.show_info(say(KEPT_PLAYING))

    def _cancel_new_game(self) -> None:
        self._pending_new = None
        self._confirm_box.layout.display = "none"
        if self._confirm_box.children:
            self._confirm_html.value = ""

    @guarded()
    def _on_save(self) -> None:
        text = json.dumps(self.save_record(), indent=1)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self._download.value = (f'<a download="{SAVE_FILE_NAME}" href="data:application/json;base64,{data}" '
                                f'class="tt-download">{html.escape(say(DOWNLOAD, file=SAVE_FILE_NAME))}</a>')
        self._feedback.show_ok(say(SAVED, hand_no=self.game.hands_dealt, file=SAVE_FILE_NAME))

    @guarded()
    def _on_upload(self, name: str, content: bytes | None, size: int) -> None:
        if content is None:  # refused by the browser before sending: one message, here
            self._feedback.show_error(too_big_sentence(size))
            return
        self._load(content)

    @guarded()
    def _load(self, obj: Any) -> bool:
        s = self._session
        old = s.game
        out = s.load(obj)
        if s.game is not old:
            self._after_install()
        if out.kind == "error":
            self._feedback.show_error(out.text, details=out.details, details_title=say(FILE_DETAILS_TITLE))
        else:
            self._show(out)
        return out.kind == "ok"
