"""The table for Spades for two players (SP-2P-1…SP-2P-6): the learner
against one computer player.

Build one with :func:`new_spades_two_table` (or ``new_spades_table(seats=2)``)::

    from tutor.table_two import new_spades_two_table

    table = new_spades_two_table(deal_number=1234, level=2)
    table                                   # display it

The game is an :class:`engine.spades_two.SpadesTwoGame`; every rule, the
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

Headless API (on top of :class:`tutor.table.GameTable`'s):
:meth:`SpadesTwoTable.click_keep`, :meth:`~SpadesTwoTable.click_take_next`,
:attr:`~SpadesTwoTable.draw_buttons`, :attr:`~SpadesTwoTable.draw_html`.
"""
from __future__ import annotations

import html
import logging
import pathlib
import random
import re
from typing import Any

import ipywidgets as W

from engine import Card, Deal, InvalidInputError, Phase, SpadesRules, SpadesTwoGame, random_deal_number
from engine.game import SeatView

from . import table_view as V
from .common import guarded
from .session import Outcome, TableSession
from .table import GameTable
from .table_words import plural, signed

__all__ = ["SpadesTwoTable", "TwoPlayerSession", "new_spades_two_table", "draw_question", "TWO_CSS",
           "LEARNER_SEAT", "OPTIONS_NOT_FOR_TWO"]

log = logging.getLogger("tutor.table")

#: The learner's seat: seat 1, so that with the engine's default first dealer
#: (seat 0) the learner is the non-dealer and draws first in hand 1 (SP-2P-2).
LEARNER_SEAT = 1
#: Options of the "Options for a new game" panel that two players cannot use
#: (SP-H2, SP-H3: no Blind Nil, no exchange, SP-2P-1; SP-H6: no partners; the engine refuses them,
#: :func:`engine.spades_two.two_player_rules_problem`); hidden at this table.
OPTIONS_NOT_FOR_TWO = ("blind_nil", "blind_nil_pass", "min_contract")
#: Styles added to the table's (tutor/static/table_two.css).
TWO_CSS = (pathlib.Path(__file__).parent / "static" / "table_two.css").read_text(encoding="utf-8")
_NO_UNDO_DRAW = ("A draw cannot be taken back: you have seen the card it showed you, "
                 "and undo never unsees cards (SP-2P-2).")
_STALE_DRAW = ("That click was about the {card}, which you have already decided on, so it was ignored. "
               "Look at the card on top of the pack now and choose again.")


def _e(text: Any) -> str:
    return html.escape(str(text))


def draw_question(card: Card) -> str:
    """The draw decision about ``card`` in words (SP-2P-2)."""
    d = card.display
    return (f"Keep the {d}? If you keep it, you'll see the next card and discard it. "
            f"If you pass it, you take the next card, whatever it is.")


def _choice_words(kept_first: bool) -> str:
    return "kept the first" if kept_first else "took the second"


class TwoPlayerSession(TableSession):
    """A :class:`~tutor.session.TableSession` for two-player Spades: adds the
    draw (:meth:`draw`), its sentences in :attr:`events` and the status
    line, and refuses to undo a draw.  ``game`` must be a
    :class:`~engine.spades_two.SpadesTwoGame`; TypeError otherwise."""

    GAME_TYPES = (SpadesTwoGame,)

    def __init__(self, game, learner_seat: int | None = None, **kwargs: Any):
        #: What the learner saw at each of its draws: {(hand number, draw index): (kept, got, discarded)}.
        self._notes: dict[tuple[int, int], tuple[bool, Card | None, Card | None]] = {}
        super().__init__(game, LEARNER_SEAT if learner_seat is None else learner_seat, **kwargs)

    def default_seat(self, game) -> int:
        return LEARNER_SEAT

    # ============================================================ the draw
    def draw(self, keep: bool) -> Outcome:
        """The learner keeps (``keep=True``) or passes the top card
        (SP-2P-2); then the computer player acts until the learner's turn.
        The outcome says which card went to the hand and which was
        discarded (the learner sees both)."""
        note = self._not_now("draw")
        if note:
            return note
        g, me = self.game, self.learner
        if not isinstance(keep, bool):
            return Outcome("error", f"{keep!r} is not a choice: keep the card (True) or pass it (False).")
        v = g.check_draw(me, keep)
        if not v.ok:
            return self._refused(v)
        before = g.view(me)
        top = before.draw_card
        index = sum(1 for s, _k in before.draw_log if s == me)
        with self._busy():
            g.draw(me, keep)
            after = g.view(me)
            self.advance()
        got = next(iter(set(after.hand or ()) - set(before.hand or ())), None)
        gone = next(iter(set(after.discards or ()) - set(before.discards or ())), None)
        self._notes[(after.hand_number, index)] = (keep, got, gone)
        if keep:
            text = f"You kept the {top.display}" + (f" and discarded the next card, the {gone.display}." if gone
                                                     else " and discarded the next card.")
        else:
            text = f"You passed the {top.display} (discarded) and took the next card" + (
                f": the {got.display}." if got else ".")
        now = self.game.view(me)
        theirs = [k for s, k in now.draw_log[len(after.draw_log):] if s != me]
        if theirs:
            text += f" {self.name(1 - me)} {_choice_words(theirs[-1])} card."
        return Outcome("ok", text, v, (got.code,) if got is not None else ())

    def undo(self) -> Outcome:
        """As :meth:`TableSession.undo`, but a draw is never taken back
        (the learner has seen the next card: undo never unsees cards)."""
        from engine import Bid, Play  # noqa: PLC0415
        g, me = self.game, self.learner
        if not self.busy and self.practice and g.phase not in (Phase.DEAL, Phase.GAME_OVER):
            hist = g.history
            last_deal = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
            mine = [a for a in hist[last_deal + 1:] if getattr(a, "seat", None) == me]
            if mine and not isinstance(mine[-1], (Bid, Play)):
                return Outcome("info", _NO_UNDO_DRAW)
        return super().undo()

    def new_game(self, number: int | None, rules: Any) -> Outcome:
        try:
            return super().new_game(number, rules)
        except InvalidInputError as e:  # an option two players cannot use: the engine's words
            return Outcome("error", f"These options cannot be used for two players: {e}. "
                                    f"Your current game is unchanged.")

    # ============================================================ words
    def speak(self, text: str) -> str:
        """An engine message with the players called as at this table: the
        engine's "Player 1" / "Player 2" become "You" (or "you" inside a
        sentence) and the computer player's name."""
        text = super().speak(text)
        for seat, engine_name in enumerate(self.game.seat_names):
            mine = self.name(seat)
            if seat == self.learner:
                name = re.escape(engine_name)
                text = re.sub(rf"(^|[.!?]\s+){name}'s\b", lambda m: m.group(1) + "Your", text)
                text = re.sub(rf"\b{name}'s\b", "your", text)
                text = re.sub(rf"(^|[.!?]\s+){name}\b", lambda m: m.group(1) + "You", text)
                text = re.sub(rf"\b{name}\b", "you", text)
            else:
                text = re.sub(rf"\b{re.escape(engine_name)}\b", mine, text)
        return text

    def hand_result(self):
        """The last scored hand (when the hand or game is over): one sentence
        per player ("You bid 4 and took 6: contract made +40, 2 bags +2: +42
        in all (SP-17).") and the itemised lines ``(name, item, points,
        rule)``, the engine's lines in the table's names.  None while a hand
        is being played."""
        g = self.game
        if g.phase not in (Phase.DEAL, Phase.GAME_OVER) or not g.results:
            return None
        r = g.results[-1]
        sentences, items = [], []
        for seat in range(g.n_seats):
            who = self.name(seat)
            lines = [l for l in r.score_lines if l.who == g.side_of_seat(seat)]
            parts = [(f"{plural(l.points, 'bag')} {signed(l.points)}" if l.item == "bags" else
                      f"{self.speak(l.item)} {signed(l.points)}") for l in lines]
            rules = ", ".join(dict.fromkeys(l.rule for l in lines))
            text = f"{who} bid {self.bid_word(r.bids[seat])} and took {r.tricks_won[seat]}: " + ", ".join(parts)
            if len(lines) > 1:
                text += f": {signed(r.points[g.side_of_seat(seat)])} in all"
            sentences.append(f"{text} ({rules}).")
            items.extend((who, self.speak(l.item), l.points, l.rule) for l in lines)
        return sentences, items

    def _draw_sentences(self, view: SeatView) -> list[str]:
        me = self.learner
        out, mine = [], 0
        for seat, kept_first in view.draw_log:
            if seat == me:
                note = self._notes.get((view.hand_number, mine))
                mine += 1
                if note is not None and note[0] == kept_first and note[1] is not None and note[2] is not None:
                    _k, got, gone = note
                    out.append(f"You kept the {got.display} and discarded the {gone.display}." if kept_first else
                               f"You passed the {gone.display} and took the {got.display}.")
                else:
                    out.append(f"You {_choice_words(kept_first)} card.")
            else:
                out.append(f"{self.name(seat)} {_choice_words(kept_first)} card.")
        return out

    @property
    def events(self) -> list[str]:
        """The hand so far in sentences: the deal, every draw (the computer
        player's as "kept the first / took the second" only), bids, cards
        and who won each trick."""
        base = TableSession.events.fget(self)
        if not base:
            return base
        view = self.game.view(self.learner)
        return base[:1] + self._draw_sentences(view) + base[1:]

    def turn_phrase(self) -> str:
        g, me = self.game, self.learner
        if g.phase is Phase.DRAW and me in g.seats_to_act:
            return "your turn to draw"
        return super().turn_phrase()

    def status(self) -> str:
        g, me = self.game, self.learner
        if g.phase is Phase.DRAW:
            view = g.view(me)
            if me in view.to_act and view.draw_card is not None:
                n = len(view.hand or ()) + 1
                return (f"Your draw ({n} of 13): keep the {view.draw_card.display} "
                        f"or take the next card (SP-2P-2).")
            return f"Waiting for {self.name(view.to_act[0])} to draw." if view.to_act else "Waiting."
        return super().status()


# ==================================================================== HTML
def _draw_seat_box(s: TwoPlayerSession, view: SeatView, seat: int) -> str:
    """A seat during the draw: name, dealer / to act, cards kept so far and
    its last choice (never a card of the other player)."""
    tags = []
    if seat == view.dealer:
        tags.append("dealer")
    turn = seat in view.to_act
    if turn:
        tags.append("to draw")
    choices = [k for st, k in view.draw_log if st == seat]
    kept = len(view.hand or ()) if seat == s.learner else len(choices)
    last = f"last: {_choice_words(choices[-1])}" if choices else "no draw yet"
    cls = "tt-seat" + (" tt-seat-turn" if turn else "") + (" tt-seat-me" if seat == s.learner else "")
    return (f"<div class='{cls}' data-seat='{seat}'>"
            f"<div class='tt-seat-name'><b>{_e(s.label(seat))}</b>"
            + (f" <small>({_e(', '.join(tags))})</small>" if tags else "") + "</div>"
            f"<div class='tt-seat-bid'>kept: <b>{kept}</b> of 13</div>"
            f"<div class='tt-seat-draw'>{_e(last)}</div></div>")


def two_seats_html(s: TwoPlayerSession, view: SeatView) -> str:
    """The two seats face to face: the computer player at the top, the
    learner at the bottom, the trick (two cards, SP-2P-4) or the pack in
    between."""
    me = s.learner
    other = 1 - me
    if view.phase is Phase.DRAW:
        box = _draw_seat_box
        caption = (f"The draw: {plural(view.pack_left, 'card')} left in the pack "
                   f"(13 draws each, {s.name(1 - view.dealer)} first).")
    else:
        box = V._seat_box  # noqa: SLF001 - the same seat box as every table
        caption = V._trick_caption(s, view)  # noqa: SLF001
    return (f"<div class='tt-tbl-seats' role='region' aria-label='The table: Spades for two'>"
            f"<div class='tt-tbl-felt tt-tbl-two'>"
            f"<div class='tt-tbl-n'>{box(s, view, other)}</div>"
            f"<div class='tt-tbl-c'><div class='tt-tbl-caption'>{_e(caption)}</div></div>"
            f"<div class='tt-tbl-s'>{box(s, view, me)}</div></div></div>")


def two_title_html(s: TwoPlayerSession, view: SeatView) -> str:
    g = s.game
    deal = next((a.number for a in reversed(g.history) if isinstance(a, Deal)), None)
    parts = [f"Hand {view.hand_number}" if view.hand_number else "No hand yet", f"dealer: {s.name(view.dealer)}",
             f"deal #{deal}" if deal is not None else "deal from a record"]
    if g.first_deal is not None:
        parts.append(f"game from deal #{g.first_deal}")
    house = V.spades_house_rules_text(g.rules)
    house_html = f"<br><span class='tt-tbl-house'>{_e(house)}</span>" if house else ""
    return (f"<div class='tt-tbl-title'><b class='tt-tbl-name'>Spades for two</b> "
            f"<span class='tt-tbl-rules'>— you against {_e(s.name(1 - s.learner))}, "
            f"game to {g.rules.target_score} points (SP-2P-5)</span>{house_html}<br>{_e(' · '.join(parts))}</div>")


def draw_panel_html(s: TwoPlayerSession, view: SeatView) -> str:
    """The learner's draw decision: the top card, the question in words,
    what the learner has kept and discarded, the other player's choices
    and the cards left in the pack (SP-2P-2)."""
    top = view.draw_card
    mine = [k for st, k in view.draw_log if st == s.learner]
    theirs = [k for st, k in view.draw_log if st != s.learner]
    other = s.name(1 - s.learner)
    discards = tuple(view.discards or ())
    if discards:
        gone = "".join(V.card_html(c, small=True) for c in discards)
        gone_html = (f"<div class='tt-draw-line'><span>Discarded so far ({len(discards)}, out of play this hand; "
                     f"only you know them):</span> <span class='tt-draw-cards'>{gone}</span></div>")
    else:
        gone_html = "<div class='tt-draw-line'>Discarded so far: none yet.</div>"
    if theirs:
        seq = ", ".join(_choice_words(k) for k in theirs)
        their_html = (f"<div class='tt-draw-line'>{_e(other)}'s draws ({len(theirs)}): {_e(seq)}. "
                      f"You never see {_e(other)}'s cards, only which of the two was kept.</div>")
    else:
        their_html = f"<div class='tt-draw-line'>{_e(other)} has not drawn yet.</div>"
    question = (f"<p class='tt-draw-q'>{_e(draw_question(top))}</p>" if top is not None else "")
    card = V.card_html(top) if top is not None else ""
    return (f"<div class='tt-draw' role='region' aria-label='The draw'>"
            f"<div class='tt-draw-head'><b>The draw</b> (SP-2P-2) · your draw {len(mine) + 1} of 13 · "
            f"<b>{plural(view.pack_left, 'card')}</b> left in the pack</div>"
            f"<div class='tt-draw-top'><div class='tt-draw-card'>{card}"
            f"<div class='tt-draw-cap'>top card</div></div>{question}</div>"
            f"{gone_html}{their_html}</div>")


# ==================================================================== the table
class SpadesTwoTable(GameTable):
    """A game of Spades for two: the learner (seat 1 unless
    ``learner_seat`` says otherwise) against one computer player of
    ``level`` (1–3).  Parameters as :class:`tutor.table.GameTable`; ``game``
    must be a two-player Spades game (``SpadesTwoGame``)."""

    _session_class = TwoPlayerSession

    def __init__(self, game, learner_seat: int | None = None, **kwargs: Any):
        self._draw_key: tuple[int, int] | None = None
        self._draw_buttons: tuple[W.Button, W.Button] | None = None
        self._old_draw_buttons: list[W.Button] = []
        self._draw_html = W.HTML()
        self._draw_row = W.HBox()
        self._draw_row.add_class("tt-tbl-row")
        self._draw_row.add_class("tt-draw-buttons")
        self._draw_box = W.VBox([self._draw_html, self._draw_row])
        self._draw_box.add_class("tt-draw-box")
        super().__init__(game, learner_seat=LEARNER_SEAT if learner_seat is None else learner_seat, **kwargs)
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
            self._feedback.show_info(f"Not now: {self.session.turn_phrase()}.")
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
        if g.phase is Phase.DRAW and me in view.to_act and view.draw_card is not None:
            self._draw_html.value = draw_panel_html(self._session, view)
            self._new_draw_buttons(view)
            self._action_box.children = [self._draw_box, *self._action_box.children]

    def _new_draw_buttons(self, view: SeatView) -> None:
        """A fresh pair of buttons for this decision (hand number, draw
        number), bound to it: a click on an older pair (a double click, a
        slow browser) is recognised and ignored with a note."""
        key = (view.hand_number, len(view.draw_log))
        if self._draw_key == key and self._draw_buttons is not None:
            return  # the same decision drawn again (after a note): keep its buttons
        self._draw_key = key
        d = view.draw_card.display
        keep = W.Button(description=f"Keep the {d}", button_style="primary", layout=W.Layout(width="auto"),
                        tooltip=f"Keep the {d}; the next card is shown to you and discarded (SP-2P-2)")
        take = W.Button(description="Pass it: take the next card", layout=W.Layout(width="auto"),
                        tooltip=f"Discard the {d}; the next card goes to your hand, whatever it is (SP-2P-2)")
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
            self._hand.label = (f"Your hand: kept so far, {n} of 13" if n else
                                "Your hand: nothing kept yet (13 draws to come)")

    # ------------------------------------------------------------ callbacks
    @guarded()
    def _on_save(self) -> None:
        if self.game.phase is Phase.DRAW:
            # a hand record keeps each player's 13 kept cards, not the draw (HAND_RECORD.md): saved now, the
            # game would come back at the start of this draw with cards you have already seen
            self._download.value = ""
            self._feedback.show_info("A game cannot be saved during the draw: a saved game keeps the 13 cards "
                                     "each player kept, not the draw itself. Finish the draw, then press Save.")
            return
        super()._on_save()

    @guarded()
    def _on_draw(self, keep: bool, key: tuple[int, int], card: Card) -> None:
        view = self.game.view(self.learner_seat)
        if (view.hand_number, len(view.draw_log)) != key or view.draw_card != card:
            self._feedback.show_info(_STALE_DRAW.format(card=card.display))
            return
        out = self._session.draw(keep)
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
    return SpadesTwoTable(game, learner_seat=learner_seat, level=level, practice=practice, hints=hints, seed=seed,
                          **kwargs)
