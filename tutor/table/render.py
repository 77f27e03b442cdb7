"""Drawing a :class:`tutor.table.game_table.GameTable` from its session (a mixin:
the widgets are made by GameTable; the HTML comes from
:mod:`tutor.table.view`).  The learner's hand is updated in one message
(``hold_sync``), so the browser never shows new cards with old playable
marks.  Every word is a catalogue entry (:mod:`tutor.text`), said when
drawn."""
from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as W

from engine import Bid, Phase, Play
from engine.bots.advisor import advise_bid
from engine.game import SeatView, TrickGame

from . import view as V
from ..advice import AdvicePanel, count_lines
from ..cards import FULL_DECK, CardHand
from ..common import Feedback, import_in_background
from ..review_panel import ReviewPanel
from ..scoresheet import ScoreSheet
from ..session import TableSession
from ..text import M_, say

if TYPE_CHECKING:
    from .options import OptionsPanel

#: What only "Review hand N" needs (tutor.table imports it from here).
REVIEW_MODULES = ("endplay.dds",)

__all__ = ["TableRendering", "advice", "REVIEW_MODULES"]

# TRANSLATORS: the tooltip of a bid button the rules allow now; {bid} the bid ("3", "Nil").
BID_TIP = M_("table.bid_tip", "Bid {bid}")
# TRANSLATORS: the tooltip of a bid button the rules refuse now; {bid} the bid.
BID_TIP_REFUSED = M_("table.bid_tip_refused", "Bid {bid}: not allowed now (click to see why)")
# TRANSLATORS: the accessible name of the learner's hand while its cards are face down (SP-10).
HAND_FACE_DOWN = M_("table.hand.face_down", "Your hand (face down)")
# TRANSLATORS: the accessible name of the learner's hand during the Blind Nil exchange (SP-10).
HAND_CHOOSE = M_("table.hand.choose", "Your hand: choose 3 cards to pass")
# TRANSLATORS: the accessible name of the learner's hand in its turn to play.
HAND_PLAY = M_("table.hand.play", "Your hand: your turn, click a card to play it")
# TRANSLATORS: the accessible name of the learner's hand.
HAND = M_("table.hand", "Your hand")
# TRANSLATORS: in place of the score sheet when it failed; {error} is the technical error's name.
SHEET_FAILED = M_("table.sheet_failed", "(The score sheet could not be drawn: {error}.)")

log = logging.getLogger("tutor.table")


class TableRendering:
    """The render methods of :class:`tutor.table.game_table.GameTable` (which makes
    every widget named here)."""

    _session: TableSession
    _pending_new: tuple[Any, ...] | None
    _hint_plain: str
    _hint_state: tuple[int, int] | None
    _hint_html: W.HTML
    _title: W.HTML
    _status: W.HTML
    _status_plain: str
    _table_html: W.HTML
    _info_html: W.HTML
    _last_trick_html: W.HTML
    _log_html: W.HTML
    _result_html: W.HTML
    _undo_btn: W.Button
    _hint_btn: W.Button
    _look_btn: W.Button
    _blind_btn: W.Button
    _blind_note: W.HTML
    _bid_row: W.HBox
    _bid_box: W.VBox
    _bid_buttons: list[W.Button]
    _bid_range: tuple[int, int] | None
    _next_btn: W.Button
    _show_me: AdvicePanel
    _show_legal: W.Checkbox
    _hand: CardHand
    _highlight: list[str]
    _hand_end: tuple[W.Widget, ...]
    _review_box: W.Box
    _review_panel: ReviewPanel | None
    _score_box: W.VBox
    _scoresheet: ScoreSheet | None
    _scoresheet_key: tuple[int, int] | None
    _action_box: W.VBox
    _options: OptionsPanel
    _feedback: Feedback
    hints: bool
    _hint_available: bool
    single_hand: bool
    _pass_box: W.VBox
    _bid: Callable[[Any, bool], None]

    @property
    def game(self) -> TrickGame:
        """The game being played (replaced by :meth:`new_game` / :meth:`load_record`)."""
        return self._session.game

    @property
    def learner_seat(self) -> int:
        return self._session.learner

    @property
    def seat_names(self) -> tuple[str, ...]:
        """What this table calls each seat, in seat order (Spades: the
        engine's North … West; Oh Hell: "You", then Ada, Ben … clockwise);
        the score sheet uses them."""
        return tuple(self._session.name(s, you=False) for s in range(self.game.n_seats))

    @property
    def _review(self) -> ReviewPanel:
        raise NotImplementedError

    def _cancel_new_game(self) -> None:
        raise NotImplementedError

    def _render(self) -> None:
        s = self._session
        view = s.game.view(s.learner)
        state = (id(s.game), len(s.game.history))
        if self._pending_new is not None and self._pending_new[3:] != state:
            self._cancel_new_game()  # the question was about a game that has moved on
        if self._hint_plain and self._hint_state != state:
            self._hint_html.value, self._hint_plain = "", ""  # a hint is about one moment of the game
        self._title.value = V.title_html(s, view)
        self._status_plain = s.status()
        self._status.value = V.status_html(self._status_plain)
        self._table_html.value = V.seats_html(s, view)
        self._info_html.value = V.info_html(s, view)
        self._last_trick_html.value = V.last_trick_html(s, view)
        self._render_actions(view)
        self._render_hand(view)
        self._log_html.value = V.log_html(s.events)
        self._undo_btn.layout.display = "" if s.practice else "none"
        shown = None if (self.hints and self._hint_available) else "none"
        self._hint_btn.layout.display = shown
        self._show_me.button.layout.display = shown
        # Show me studies a bid; in the play Hint shows a card: the button is off outside the bidding
        self._show_me.button.disabled = s.game.phase is not Phase.BIDDING
        self._show_me.layout.display = shown
        over = s.game.phase in (Phase.DEAL, Phase.GAME_OVER)
        if over:
            self._refresh_scoresheet()
        if self.single_hand:
            self._review_box.layout.display = "none"  # a practice copy has no review of its own
        elif over or self._review_panel is not None:
            self._review.sync()
            if over:  # the review's solvers load while the learner reads the result
                import_in_background(*REVIEW_MODULES)

    def _render_actions(self, view: SeatView) -> None:
        g, me = self.game, self.learner_seat
        boxes: list[W.Widget] = []
        my_turn = me in view.to_act
        if g.phase is Phase.BIDDING and my_turn:
            face_down = view.hand is None
            self._look_btn.layout.display = "" if face_down else "none"
            # Blind Nil only where the engine allows it (SP-10, house rule SP-H2)
            blind_ok = any(b.blind for b in g.legal_bids(me))
            self._blind_btn.layout.display = "" if face_down and blind_ok else "none"
            self._blind_note.value = V.blind_nil_note_html(self._session, me) if face_down and not blind_ok else ""
            if not face_down:  # made when the cards are seen, or once the table is shown (GameTable._warm_up)
                self._ensure_bid_buttons(g.bid_range(me))
            if self._bid_range == g.bid_range(me):
                self._style_bid_buttons(view)
            self._bid_row.layout.display = "none" if face_down else ""
            boxes.append(self._bid_box)
        elif g.phase is Phase.EXCHANGE and my_turn:
            boxes.append(self._pass_box)
        if g.phase in (Phase.DEAL, Phase.GAME_OVER):
            self._result_html.value = V.result_html(self._session)
            boxes.append(self._result_html)
            if self.single_hand:
                boxes.extend(self._hand_end)  # a practice copy ends with its hand
            elif g.phase is Phase.DEAL:
                boxes.append(self._next_btn)
        else:
            self._result_html.value = ""
        if not (g.phase is Phase.BIDDING and my_turn):
            self._show_me.clear()
        self._action_box.children = boxes

    def _style_bid_buttons(self, view: SeatView) -> None:
        """Mark the bids the engine refuses now (with "Show legal cards" on)."""
        legal = {a.value for a in view.legal if isinstance(a, Bid) and not a.blind}
        if self._bid_range is None:
            return
        for v, b in zip(range(self._bid_range[0], self._bid_range[1] + 1), self._bid_buttons):
            ok = v in legal
            b.button_style = "" if ok or not self._show_legal.value else "danger"
            b.tooltip = say(BID_TIP if ok else BID_TIP_REFUSED, bid=b.description)

    def _ensure_bid_buttons(self, bid_range: tuple[int, int]) -> None:
        if bid_range == self._bid_range:
            return
        low, high = bid_range
        buttons = []
        shared = W.Layout(width="auto")  # one layout for the row's buttons: fewer widgets to send
        for v in range(low, high + 1):
            label = self.game.bid_label(v)
            b = W.Button(description=label, layout=shared)
            if label != str(v):
                b.add_class("tt-tbl-nil")
            b.on_click(lambda _b, v=v: self._bid(v, False))
            buttons.append(b)
        self._bid_buttons = buttons
        self._bid_row.children = buttons
        self._bid_range = bid_range

    def _render_hand(self, view: SeatView) -> None:
        g, me = self.game, self.learner_seat
        h = self._hand
        with h.hold_sync():
            if view.hand is None:  # Spades before looking: backs only, never the real cards (SP-10)
                h.multi_select = False
                h.selected = []
                h.playable = []
                h.highlighted = []
                h.cards = list(FULL_DECK[:view.hand_size])
                h.face_down = True
                h.label = say(HAND_FACE_DOWN)
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
            h.label = say(HAND_CHOOSE if exchange else HAND_PLAY if legal else HAND)

    def _score_game(self) -> Any:
        """What the score sheet shows: the game played here, every hand of it
        (a seat at a shared table: the table's whole game so far)."""
        return self.game

    def _refresh_scoresheet(self) -> None:
        """Show or redraw the score sheet (:mod:`tutor.scoresheet`) when the
        game or its number of scored hands changed.  Before the first hand
        is scored there is nothing to show, and no score sheet is made (nor
        a chart): the table opens sooner."""
        g = self._score_game()
        key = (id(g), len(g.results))
        if key == self._scoresheet_key:
            return
        if not g.results and self._scoresheet is None:
            return
        try:
            if self._scoresheet is None:
                self._scoresheet = ScoreSheet(g, names=self.seat_names)
                self._score_box.children = (self._scoresheet,)
            else:
                self._scoresheet.refresh(g, names=self.seat_names)
            self._scoresheet_key = key
        except Exception as e:  # the score sheet must not break the game
            log.exception("score sheet failed")
            self._score_box.children = (W.HTML(f"<small>{html.escape(say(SHEET_FAILED, error=type(e).__name__))}"
                                               f"</small>"),)


# TRANSLATORS: the bid hint's headline; {bid} the bid ("4", "Blind Nil").
ADVICE_HEAD = M_("table.advice.head", "Suggested bid: {bid}")
# TRANSLATORS: the bid hint for a Spades hand not looked at yet, when Blind Nil is not advised (SP-10).
ADVICE_LOOK_FIRST = M_("table.advice.look_first", "Look at your cards first.")
# TRANSLATORS: why, under the line above.
ADVICE_LOOK_WHY = M_("table.advice.look_why", "Blind Nil, a bid made before looking, only pays off when your side "
                                              "is far behind late in the game (SP-10).")


def advice(view: SeatView, game: TrickGame) -> tuple[str, list[str]]:
    """The advisor's suggested bid for ``view`` as (headline, lines)
    (:func:`engine.bots.advisor.advise_bid`; the bid in the game's words,
    :meth:`~engine.game.TrickGame.bid_label`; each line of its count with
    its value, :func:`tutor.advice.count_lines`)."""
    a = advise_bid(view)
    if a.bid is None:
        return say(ADVICE_LOOK_FIRST), [say(ADVICE_LOOK_WHY)]
    return say(ADVICE_HEAD, bid=game.bid_label(a.bid, blind=bool(a.blind_nil))), count_lines(a.lines)
