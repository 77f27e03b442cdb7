"""The table for Spades for two players (SP-2P-1…SP-2P-6): the learner
against one computer player.

Build one with :func:`new_spades_two_table` (or ``new_spades_table(seats=2)``)::

    from tutor.table_two import new_spades_two_table

    table = new_spades_two_table(deal_number=1234, level=2)
    table                                   # display it

The game is an :class:`engine.games.spades_two.SpadesTwoGame`; every rule, the
draw itself, the legal bids and cards, refusals (with their rule ids) and
the scores come from it.  This module only shows it:

* **the draw** (SP-2P-2), one decision at a time: the top card, drawn as a
  card, and the choice in words ("Keep the K♠? If you keep it, you'll see
  the next card and discard it. If you pass it, you take the next card,
  whatever it is."), two buttons, the cards kept so far (the learner's hand)
  and discarded so far, the cards left in the pack, and the computer
  player's choices as "kept the first" / "took the second" only (the
  engine's public draw log: never its cards);
* then bidding 0 (Nil) to 13 with no Blind Nil (SP-2P-1, SP-2P-3),
  two-card tricks (SP-2P-4), the score of each player and a per-player
  score sheet (SP-2P-5), the deal alternating (SP-2P-6).

A draw cannot be taken back (Undo refuses): the learner has seen the card
after it, and undo never unsees cards.  Nor can a game be saved during the
draw: a hand record keeps the cards each player kept, not the draw
(HAND_RECORD.md), so it would come back at the start of the draw with cards
already seen; Save works from the bidding on.  A click on a Keep/Pass button of an
earlier decision (a double click, a slow browser) is ignored with a note:
each decision has its own pair of buttons, bound to the card it was about.

The session is :class:`tutor.session_two.TwoPlayerSession` (no widgets;
re-exported here).

Headless API (on top of :class:`tutor.game_table.GameTable`'s):
:meth:`SpadesTwoTable.click_keep`, :meth:`~SpadesTwoTable.click_take_next`,
:attr:`~SpadesTwoTable.draw_buttons`, :attr:`~SpadesTwoTable.draw_html`.
"""
from __future__ import annotations

import html
import logging
import pathlib
import random
from typing import Any

import ipywidgets as W

from engine import Card, Phase, SpadesRules, SpadesTwoGame, random_deal_number
from engine.game import SeatView
from engine.games.spades_two import TWO_PLAYER_FIXED, TwoSeatView

from . import table_view as V
from .common import guarded
from .session import TableSession
from .session_two import LEARNER_SEAT, TwoPlayerSession, two_view as _two
from .game_table import GameTable
from .table_view import TAG_DEALER
from .table_words import joined
from .text import M_, P_, say, say_html

__all__ = ["SpadesTwoTable", "TwoPlayerSession", "new_spades_two_table", "draw_question", "TWO_CSS",
           "LEARNER_SEAT", "OPTIONS_NOT_FOR_TWO"]

log = logging.getLogger("tutor.table")

#: Options of the "Options for a new game" panel that two players cannot use
#: (SP-H2, SP-H3: no Blind Nil, no exchange, SP-2P-1; SP-H6: no partners; the engine refuses them,
#: :func:`engine.games.spades_two.two_player_rules_issue`); hidden at this table.  The engine declares
#: them (:data:`engine.games.spades_two.TWO_PLAYER_FIXED`; the game's look keeps them out of its panel).
OPTIONS_NOT_FOR_TWO = tuple(TWO_PLAYER_FIXED)
#: Styles added to the table's (tutor/static/table_two.css).
TWO_CSS = (pathlib.Path(__file__).parent / "static" / "table_two.css").read_text(encoding="utf-8")

# ---------------------------------------------------------------- what the table for two says
# TRANSLATORS: a click on a Keep/Pass button of an earlier draw decision; {card} the card it was about ("K♠").
STALE_DRAW = M_("two.stale_draw", "That click was about the {card}, which you have already decided on, so it was "
                                  "ignored. Look at the card on top of the pack now and choose again.")
# TRANSLATORS: the draw decision (SP-2P-2); {card} the card on top of the pack ("K♠").
DRAW_QUESTION = M_("two.draw_question", "Keep the {card}? If you keep it, you'll see the next card and discard it. "
                                        "If you pass it, you take the next card, whatever it is.")
# TRANSLATORS: a draw choice in a list of draws ("kept the first, took the second").
CHOICE_KEPT = M_("two.choice.kept", "kept the first")
# TRANSLATORS: as above.
CHOICE_TOOK = M_("two.choice.took", "took the second")
# TRANSLATORS: a seat box during the draw: the seat's last choice.
LAST_KEPT = M_("two.last.kept", "last: kept the first")
# TRANSLATORS: as above.
LAST_TOOK = M_("two.last.took", "last: took the second")
# TRANSLATORS: a seat box during the draw before the seat's first draw.
NO_DRAW_YET = M_("two.no_draw_yet", "no draw yet")
# TRANSLATORS: a seat box's tag during the draw: this seat draws now.
TAG_TO_DRAW = M_("two.tag.to_draw", "to draw")
# TRANSLATORS: a seat box during the draw: the cards it has kept (HTML; keep the tags).
KEPT_OF = M_("two.kept_of", "kept: <b>{number}</b> of 13")
# TRANSLATORS: the middle of the table during the draw: {n} cards left, {name} draws first.
DRAW_CAPTION = P_("two.draw_caption", "The draw: {n} card left in the pack (13 draws each, {name} first).",
                  "The draw: {n} cards left in the pack (13 draws each, {name} first).")
# TRANSLATORS: a draw button pressed when there is no draw to make; {turn} whose turn it is ("the game is over").
NOT_NOW_TURN = M_("two.not_now", "Not now: {turn}.")
# TRANSLATORS: the draw panel: cards discarded so far ({n}), drawn after it as cards.
DISCARDED = P_("two.discarded", "Discarded so far ({n}, out of play this hand; only you know them):",
               "Discarded so far ({n}, out of play this hand; only you know them):")
# TRANSLATORS: the draw panel before the first discard.
DISCARDED_NONE = M_("two.discarded_none", "Discarded so far: none yet.")
# TRANSLATORS: the draw panel: the other player's {n} draws, {choices} "kept the first, took the second".
THEIR_DRAWS = M_("two.their_draws", "{name}'s draws ({n}): {choices}. You never see {name}'s cards, only which of "
                                    "the two was kept.")
# TRANSLATORS: the draw panel before the other player's first draw.
NOT_DRAWN_YET = M_("two.not_drawn_yet", "{name} has not drawn yet.")
# TRANSLATORS: the draw panel's accessible name and heading.
THE_DRAW = M_("two.the_draw", "The draw")
# TRANSLATORS: the draw panel's heading line (HTML; keep the tags): draw {number} of 13, {n} cards left.
DRAW_HEAD = P_("two.draw_head", "<b>The draw</b> (SP-2P-2) · your draw {number} of 13 · <b>{n} card</b> left in "
                                "the pack",
               "<b>The draw</b> (SP-2P-2) · your draw {number} of 13 · <b>{n} cards</b> left in the pack")
# TRANSLATORS: the caption under the top card of the pack.
TOP_CARD = M_("two.top_card", "top card")
# TRANSLATORS: the draw button that keeps {card}.
KEEP_BUTTON = M_("two.keep_button", "Keep the {card}")
# TRANSLATORS: the tooltip of the button above.
KEEP_TIP = M_("two.keep_tip", "Keep the {card}; the next card is shown to you and discarded (SP-2P-2)")
# TRANSLATORS: the draw button that discards the top card and takes the next one.
TAKE_BUTTON = M_("two.take_button", "Pass it: take the next card")
# TRANSLATORS: the tooltip of the button above; {card} the top card.
TAKE_TIP = M_("two.take_tip", "Discard the {card}; the next card goes to your hand, whatever it is (SP-2P-2)")
# TRANSLATORS: the accessible name of the learner's hand during the draw: {n} cards kept so far.
HAND_KEPT = M_("two.hand_kept", "Your hand: kept so far, {n} of 13")
# TRANSLATORS: the accessible name of the learner's hand before the first draw.
HAND_NOTHING = M_("two.hand_nothing", "Your hand: nothing kept yet (13 draws to come)")
# TRANSLATORS: Save pressed during the draw (HAND_RECORD.md keeps the kept cards, not the draw).
NO_SAVE_IN_DRAW = M_("two.no_save_in_draw", "A game cannot be saved during the draw: a saved game keeps the 13 "
                                            "cards each player kept, not the draw itself. Finish the draw, then "
                                            "press Save.")


def _e(text: Any) -> str:
    return html.escape(str(text))


def draw_question(card: Card) -> str:
    """The draw decision about ``card`` in words (SP-2P-2)."""
    return say(DRAW_QUESTION, card=card.code)


# ==================================================================== HTML
def _draw_seat_box(s: TableSession, view: SeatView, seat: int) -> str:
    """A seat during the draw: name, dealer / to act, cards kept so far and
    its last choice (never a card of the other player)."""
    tags = []
    if seat == view.dealer:
        tags.append(say(TAG_DEALER))
    turn = seat in view.to_act
    if turn:
        tags.append(say(TAG_TO_DRAW))
    choices = [k for st, k in _two(view).draw_log if st == seat]
    kept = len(view.hand or ()) if seat == s.learner else len(choices)
    last = say(LAST_KEPT if choices[-1] else LAST_TOOK) if choices else say(NO_DRAW_YET)
    cls = "tt-seat" + (" tt-seat-turn" if turn else "") + (" tt-seat-me" if seat == s.learner else "")
    return (f"<div class='{cls}' data-seat='{seat}'>"
            f"<div class='tt-seat-name'><b>{_e(s.label(seat))}</b>"
            + (f" <small>({_e(joined(tags))})</small>" if tags else "") + "</div>"
            f"<div class='tt-seat-bid'>{say_html(KEPT_OF, number=kept)}</div>"
            f"<div class='tt-seat-draw'>{_e(last)}</div></div>")


def two_seats_html(s: TableSession, view: SeatView) -> str:
    """The two seats face to face: the computer player at the top, the
    learner at the bottom, the trick (two cards, SP-2P-4) or the pack in
    between."""
    me = s.learner
    other = 1 - me
    if view.phase is Phase.DRAW:
        box = _draw_seat_box
        caption = say(DRAW_CAPTION, n=_two(view).pack_left, name=s.name(1 - view.dealer))
    else:
        box = V.seat_box
        caption = V.trick_caption(s, view)
    return (f"<div class='tt-tbl-seats' role='region' aria-label='{_e(say(V.TABLE_REGION, name=s.game_look.name(s.game)))}'>"
            f"<div class='tt-tbl-felt tt-tbl-two'>"
            f"<div class='tt-tbl-n'>{box(s, view, other)}</div>"
            f"<div class='tt-tbl-c'><div class='tt-tbl-caption'>{_e(caption)}</div></div>"
            f"<div class='tt-tbl-s'>{box(s, view, me)}</div></div></div>")


def two_title_html(s: TableSession, view: SeatView) -> str:
    """The title: the game's look says it (:meth:`tutor.games.SpadesTwoLook.rules_line`)."""
    return V.title_html(s, view)


def draw_panel_html(s: TableSession, seat_view: SeatView) -> str:
    """The learner's draw decision: the top card, the question in words,
    what the learner has kept and discarded, the other player's choices
    and the cards left in the pack (SP-2P-2)."""
    view = _two(seat_view)
    top = view.draw_card
    mine = [k for st, k in view.draw_log if st == s.learner]
    theirs = [k for st, k in view.draw_log if st != s.learner]
    other = s.name(1 - s.learner)
    discards = tuple(view.discards or ())
    if discards:
        gone = "".join(V.card_html(c, small=True) for c in discards)
        gone_html = (f"<div class='tt-draw-line'><span>{_e(say(DISCARDED, n=len(discards)))}</span> "
                     f"<span class='tt-draw-cards'>{gone}</span></div>")
    else:
        gone_html = f"<div class='tt-draw-line'>{_e(say(DISCARDED_NONE))}</div>"
    if theirs:
        seq = joined(say(CHOICE_KEPT if k else CHOICE_TOOK) for k in theirs)
        their_html = (f"<div class='tt-draw-line'>"
                      f"{_e(say(THEIR_DRAWS, name=other, n=len(theirs), choices=seq))}</div>")
    else:
        their_html = f"<div class='tt-draw-line'>{_e(say(NOT_DRAWN_YET, name=other))}</div>"
    question = (f"<p class='tt-draw-q'>{_e(draw_question(top))}</p>" if top is not None else "")
    card = V.card_html(top) if top is not None else ""
    return (f"<div class='tt-draw' role='region' aria-label='{_e(say(THE_DRAW))}'>"
            f"<div class='tt-draw-head'>{say_html(DRAW_HEAD, number=len(mine) + 1, n=view.pack_left)}</div>"
            f"<div class='tt-draw-top'><div class='tt-draw-card'>{card}"
            f"<div class='tt-draw-cap'>{_e(say(TOP_CARD))}</div></div>{question}</div>"
            f"{gone_html}{their_html}</div>")


# ==================================================================== the table
class SpadesTwoTable(GameTable):
    """A game of Spades for two: the learner (seat 1 unless the session
    says otherwise) against one computer player.  Parameters as
    :class:`tutor.game_table.GameTable`; ``session`` must be a
    :class:`~tutor.session_two.TwoPlayerSession` (build both with
    :meth:`~tutor.game_table.GameTable.for_game` or :func:`new_spades_two_table`)."""

    SESSION = TwoPlayerSession

    def __init__(self, session: TableSession, **kwargs: Any):
        self._draw_key: tuple[int, int] | None = None
        self._draw_buttons: tuple[W.Button, W.Button] | None = None
        self._old_draw_buttons: list[W.Button] = []
        self._draw_html = W.HTML()
        self._draw_row = W.HBox()
        self._draw_row.add_class("tt-tbl-row")
        self._draw_row.add_class("tt-draw-buttons")
        self._draw_box = W.VBox([self._draw_html, self._draw_row])
        self._draw_box.add_class("tt-draw-box")
        super().__init__(session, **kwargs)
        self.add_class("tt-two-table")
        self._style.value = f"<style>{V.TABLE_CSS}\n{TWO_CSS}</style>"
        self._look_btn.layout.display = "none"  # no Blind Nil for two players (SP-2P-1)
        self._blind_btn.layout.display = "none"
        # "Replay from here" in the review opens the practice copy at a table for two
        # (GameTable._open_practice: a table of this kind, tutor.review_panel)

    # ------------------------------------------------------------ API
    @property
    def draw_buttons(self) -> tuple[W.Button, W.Button] | None:
        """The (keep, take the next card) buttons of the current draw
        decision, or None when the learner is not drawing."""
        return self._draw_buttons if self._draw_box in self._action_box.children else None

    @property
    def draw_html(self) -> str:
        """HTML of the draw panel (empty when the learner is not drawing)."""
        return self._draw_html.value if self.draw_buttons is not None else ""

    def click_keep(self) -> None:
        """As if the learner pressed "Keep" (SP-2P-2); a note if there is no draw to make."""
        self._click_draw(0)

    def click_take_next(self) -> None:
        """As if the learner pressed "Pass it: take the next card" (SP-2P-2)."""
        self._click_draw(1)

    def _click_draw(self, which: int) -> None:
        buttons = self.draw_buttons
        if buttons is None:
            self._feedback.show_info(say(NOT_NOW_TURN, turn=self.session.turn_phrase()))
            return
        buttons[which].click()

    # ------------------------------------------------------------ rendering
    def _after_install(self) -> None:
        self._options.hide(OPTIONS_NOT_FOR_TWO)
        super()._after_install()

    def _render(self) -> None:
        super()._render()
        s = self._session
        view = s.game.view(s.learner)
        self._title.value = two_title_html(s, view)
        self._table_html.value = two_seats_html(s, view)
        self._render_hand_label(view)

    def _render_actions(self, view: SeatView) -> None:
        super()._render_actions(view)
        g, me = self.game, self.learner_seat
        if g.phase is Phase.DRAW and me in view.to_act and _two(view).draw_card is not None:
            self._draw_html.value = draw_panel_html(self._session, view)
            self._new_draw_buttons(_two(view))
            self._action_box.children = [self._draw_box, *self._action_box.children]

    def _new_draw_buttons(self, view: TwoSeatView) -> None:
        """A fresh pair of buttons for this decision (hand number, draw
        number), bound to it: a click on an older pair (a double click, a
        slow browser) is recognised and ignored with a note."""
        key = (view.hand_number, len(view.draw_log))
        if self._draw_key == key and self._draw_buttons is not None:
            return  # the same decision drawn again (after a note): keep its buttons
        self._draw_key = key
        assert view.draw_card is not None
        d = view.draw_card.code
        keep = W.Button(description=say(KEEP_BUTTON, card=d), button_style="primary", layout=W.Layout(width="auto"),
                        tooltip=say(KEEP_TIP, card=d))
        take = W.Button(description=say(TAKE_BUTTON), layout=W.Layout(width="auto"), tooltip=say(TAKE_TIP, card=d))
        for b, choice in ((keep, True), (take, False)):
            b.on_click(lambda _b, choice=choice, key=key, card=view.draw_card: self._on_draw(choice, key, card))
        # close the buttons two decisions old (a click on the last pair still gets its note)
        for b in self._old_draw_buttons:
            b.close()
        self._old_draw_buttons = list(self._draw_buttons or ())
        self._draw_buttons = (keep, take)
        self._draw_row.children = (keep, take)

    def _render_hand_label(self, view: SeatView) -> None:
        if view.phase is Phase.DRAW:
            n = len(view.hand or ())
            self._hand.label = say(HAND_KEPT, n=n) if n else say(HAND_NOTHING)

    # ------------------------------------------------------------ callbacks
    @guarded()
    def _on_save(self) -> None:
        if self.game.phase is Phase.DRAW:
            # a hand record keeps each player's 13 kept cards, not the draw (HAND_RECORD.md): saved now, the
            # game would come back at the start of this draw with cards you have already seen
            self._download.value = ""
            self._feedback.show_info(say(NO_SAVE_IN_DRAW))
            return
        super()._on_save()

    @guarded()
    def _on_draw(self, keep: bool, key: tuple[int, int], card: Card) -> None:
        view = _two(self.game.view(self.learner_seat))
        if (view.hand_number, len(view.draw_log)) != key or view.draw_card != card:
            self._feedback.show_info(say(STALE_DRAW, card=card.code))
            return
        session = self._session
        assert isinstance(session, TwoPlayerSession)
        out = session.draw(keep)
        self._show(out)
        self._highlight = list(out.highlight) if out.kind == "ok" else []
        self._render()


# ==================================================================== factory
def new_spades_two_table(deal_number: int | None = None, level: int = 2, *, target_score: int = 500,
                         rules: SpadesRules | None = None, dealer: int = 0, learner_seat: int = LEARNER_SEAT,
                         practice: bool = True, hints: bool = True, seed: int | None = None,
                         **kwargs: Any) -> SpadesTwoTable:
    """A table for Spades for two (SP-2P-1…SP-2P-6): the learner at seat
    ``learner_seat`` (default 1: with dealer 0 the learner draws first)
    against a computer player of ``level`` (1–3).  Hand 1 is deal number
    ``deal_number`` (None: random), hand k ``deal_number + k − 1``; the
    deal alternates (SP-2P-6); ``target_score`` ends the game (SP-2P-5,
    SP-H9); ``rules`` (a :class:`~engine.SpadesRules`) replaces it when
    given.  Raises ``InvalidInputError`` for an invalid target or seat."""
    first = deal_number if deal_number is not None else random_deal_number(random.Random())
    if rules is None:
        rules = SpadesRules(target_score=target_score)
    game = SpadesTwoGame(rules, dealer=dealer, first_deal=first, auto_deal=False)
    table = SpadesTwoTable.for_game(game, learner_seat=learner_seat, level=level, practice=practice, hints=hints,
                                    seed=seed, **kwargs)
    assert isinstance(table, SpadesTwoTable)
    return table
