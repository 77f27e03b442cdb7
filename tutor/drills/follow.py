"""The follow-suit drill: which card may you play?  (SP-13, SP-14, SP-15, OH-9, OH-V6)"""
from __future__ import annotations

import time
from collections import Counter
from typing import Any

import ipywidgets as W

from engine import Verdict
from engine.message import Msg

from ..cards import CardHand
from ..common import Feedback, guarded
from ..text import M_, say, say_html
from .positions import KIND_TEXT, Position, PositionStream, setup_of
from .shared import NEXT, SKIP, named_msg, own_names, play_terms, seat_name, stats_html, verdict_text, word

__all__ = ["FollowSuitDrill", "free_position_text"]



# TRANSLATORS: the follow-suit drill's title. {game}: the game's name (Spades, Oh Hell).
TITLE = M_("drills.follow.title", "Follow suit: {game}")
# TRANSLATORS: the follow-suit drill's title with Oh Hell's must-trump variation (OH-V6). {game}: the game's name.
TITLE_MUST_TRUMP = M_("drills.follow.title.must_trump", "Follow suit: {game} (must trump)")
# TRANSLATORS: the follow-suit drill's instruction, under its title.
ASK = M_("drills.follow.ask", "Click the card you would play.")
# TRANSLATORS: the accessible name of the row of cards already played to the trick.
TABLE = M_("drills.follow.table", "On the table")
# TRANSLATORS: the accessible name of the row of cards already played: {name} led the trick with {led_card}.
TABLE_LED = M_("drills.follow.table.led", "On the table: {name} led the {led_card}")
# TRANSLATORS: the accessible name of the (empty) row of cards played when the learner leads.
TABLE_EMPTY = M_("drills.follow.table.empty", "On the table: nothing yet (you lead)")
# TRANSLATORS: the accessible name of the learner's cards.
HAND = M_("drills.follow.hand", "Your hand")
# TRANSLATORS: the accessible name of the learner's cards; {name}: the learner's seat (West).
HAND_SEAT = M_("drills.follow.hand.seat", "Your hand ({name})")
# TRANSLATORS: the "Next"/"Skip" button's tooltip in the follow-suit drill.
NEXT_TIP = M_("drills.follow.next.tooltip", "Go on to the next position")

# TRANSLATORS: the trump line (Spades): trump may be led now. {symbol}: ♠; {trump_suit}: the suit's name (spades).
TRUMP_BROKEN = M_("drills.follow.trump.broken", "Trump: {symbol} {trump_suit}, broken")
# TRANSLATORS: the trump line (Spades): no spade may be led yet (SP-13). {symbol}: ♠; {trump_suit}: spades.
TRUMP_UNBROKEN = M_("drills.follow.trump.unbroken", "Trump: {symbol} {trump_suit}, not broken yet")
# TRANSLATORS: the trump line when the hand has no trump (Oh Hell).
NO_TRUMP = M_("drills.follow.trump.none", "No trump this hand")
# TRANSLATORS: the trump line (Oh Hell). {symbol}: the suit's symbol; {trump_suit}: its name; {turn_up}: the card turned up.
TRUMP_TURNED = M_("drills.follow.trump.turned", "Trump: {symbol} {trump_suit} (turned up: {turn_up})")
# TRANSLATORS: as drills.follow.trump.turned, with Oh Hell's must-trump variation on (OH-V6).
TRUMP_TURNED_MUST = M_("drills.follow.trump.turned.must_trump",
                       "Trump: {symbol} {trump_suit} (turned up: {turn_up}) · must-trump is on (OH-V6)")
# TRANSLATORS: the trump line of a hand whose trump is fixed. {symbol}: the suit's symbol; {trump_suit}: its name.
TRUMP_FIXED = M_("drills.follow.trump.fixed", "Trump: {symbol} {trump_suit}")

# TRANSLATORS: the position's heading (Oh Hell: the learner is "you"). {count}: the position's number; {trick}: the trick's number; {size}: tricks in the hand; {trump}: the trump line.
INFO = M_("drills.follow.info", "Position {count}: trick {trick} of {size}. <b>{trump}</b>.")
# TRANSLATORS: as drills.follow.info where the seats have names: {name} is the learner's seat (West).
INFO_SEAT = M_("drills.follow.info.seat", "Position {count}: you are <b>{name}</b>, trick {trick} of {size}. <b>{trump}</b>.")
# TRANSLATORS: who played what so far: {name} the player, {led_card}/{card} the card they played ("Ada 4♥").
PLAYED_ITEM = M_("drills.follow.played.item", "{name} {card}")
# TRANSLATORS: between two cards played, in the order they were played ("West 4♥, then North K♥").
PLAYED_SEP = M_("drills.follow.played.sep", ", then ")
# TRANSLATORS: the cards on the table. {name}: who led; {played}: every card played so far, in order ("West 4♥, then North K♥").
LED = M_("drills.follow.led", "{name} led. Played so far: {played}.")
# TRANSLATORS: the learner leads: no card is on the table yet.
LEAD = M_("drills.follow.lead", "You lead to this trick.")

# TRANSLATORS: a click that came right after a new position appeared (the tail of a double click) was ignored.
DEBOUNCED = M_("drills.follow.note.debounced",
               "That click came just as a new position appeared, so it was ignored: look at the new position, "
               "then click.")
# TRANSLATORS: a second click after the position was answered.
ANSWERED = M_("drills.follow.note.answered", "You have already answered this position: press Next.")
# TRANSLATORS: a card the learner already tried (refused) was clicked again. {card}: the card.
TRIED = M_("drills.follow.note.tried", "You already tried the {card}; choose one of the highlighted cards.")
# TRANSLATORS: the learner clicked a card on the table instead of one in the hand. {card}: that card.
ON_TABLE = M_("drills.follow.note.on_table", "The {card} is on the table already: click a card in your hand.")
# TRANSLATORS: after a position, above the next one. {kind}: what it practised; {rule}: its rule id; {card}: the card played; {why}: why it was allowed (sentences).
SUMMARY_FIRST = M_("drills.follow.summary.first",
                   "Previous position ({kind}, {rule}): you played the {card} at the first try. {why}")
# TRANSLATORS: as drills.follow.summary.first, when the learner got there after a refused card.
SUMMARY = M_("drills.follow.summary", "Previous position ({kind}, {rule}): you played the {card}. {why}")


def free_position_text(pos: Position) -> str:
    """Why every card is legal in a free position (void in the suit led),
    naming the rule: SP-14 / SP-15 (Spades), OH-9, OH-V6."""
    g = pos.game
    trick = g.current_trick
    assert trick is not None and trick.cards, "a free position follows a lead"
    return say(setup_of(g, pos.seat).free_text, led_suit=trick.cards[0].suit.letter)


class FollowSuitDrill(W.VBox):
    """Follow-suit drill: which card may you play?  (SP-13, SP-14, SP-15, OH-9, OH-V6)

    Parameters: ``game`` ``"spades"`` | ``"oh_hell"``; ``must_trump`` (Oh
    Hell La Podrida, OH-V6); ``seed`` (the same seed gives the same stream
    of positions); ``players`` (Oh Hell 3–7); ``auto_advance`` (True: a legal
    click moves straight on to the next position; False: press *Next*);
    ``debounce_s`` (seconds after an automatic advance during which a click
    is treated as the tail of a double click and ignored, with a note).

    Positions come from :class:`~tutor.drills.positions.PositionStream`:
    every one holds a choice among legal cards, most hold an illegal card
    too, and a kind the learner gets wrong comes back soon.  The learner's
    cards carry no playability marking before the click.  A click is judged
    by ``game.check_play``: legal → the engine's OK message (for a free
    position, why every card was allowed); illegal → its message and rule
    id, and the engine's legal cards are highlighted.  When a new position
    appears the old feedback clears; the answer to the previous position is
    summed up in :attr:`last` (a :class:`~tutor.common.Feedback`).  State
    for tests: ``streak``, ``best_streak``, ``mistakes`` (Counter by rule
    id), ``position`` (with ``kind`` and ``rule``), ``position_kind``,
    ``last_verdict``, ``positions_done``.
    """

    position: Position

    def __init__(self, game: str = "spades", must_trump: bool = False, seed: int = 0, players: int = 4,
                 auto_advance: bool = True, debounce_s: float = 0.4, **kwargs: Any):
        self.game_kind = game
        self.stream = PositionStream(game, must_trump=must_trump, seed=seed, players=players)
        self.spec = self.stream.spec
        self.players = players
        self.auto_advance = auto_advance
        self.debounce_s = debounce_s
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter[str] = Counter()
        self.positions_done = 0
        self.last_verdict: Verdict | None = None
        self._accepting = False
        self._wrong_tried: set[str] = set()
        self._advanced_at = -1e9

        self.must_trump = must_trump
        self.title = W.HTML()
        self.stats = W.HTML()
        self.info = W.HTML()
        # full-size and not greyed out: the led card is the most important card on screen
        self.table = CardHand(cards=[], label=say(TABLE))
        self.table.on_click(self._on_table_card)
        self.hand = CardHand(cards=[], label=say(HAND))
        self.feedback = Feedback()
        self.note = Feedback()
        self.last = Feedback()
        self.last.add_class("tt-last-position")
        self.next_button = W.Button(icon="arrow-right")
        self._words()
        self.hand.on_click(self._on_card)
        self.next_button.on_click(self._on_next)
        super().__init__([self.title, self.stats, self.last, self.info, self.table, self.hand, self.feedback,
                          self.note, self.next_button], **kwargs)
        self.add_class("tt-drill")
        self._load(self.stream.next())

    # ---------------------------------------------------------------- queries
    @property
    def position_kind(self) -> str:
        """The kind of the current position (see :attr:`~tutor.drills.positions.FollowSetup.kinds`)."""
        return self.position.kind

    @property
    def seat(self) -> int:
        """The seat the learner plays in the current position."""
        return self.position.seat

    def legal_cards(self) -> list[str]:
        """The engine's legal cards (codes, sorted) for the current position."""
        return [c.code for c in self.position.game.legal_plays(self.position.seat)]

    def click(self, code: str) -> bool:
        """Simulate the learner clicking ``code`` in their hand (headless)."""
        return bool(self.hand.simulate_click(code))

    def next(self) -> None:
        """Go on to the next position (as the *Next* button)."""
        self.next_button.click()

    def relabel(self) -> None:
        """Say the drill again in the current language (after the page's
        language changed): the same position, streak and counts; the last
        answer's lines, in the language before, are cleared."""
        self._words()
        self.feedback.clear()
        self.note.clear()
        self.last.clear()
        self._draw()

    # ---------------------------------------------------------------- drawing
    def _words(self) -> None:
        """The drill's fixed words (title, instruction, button tip) in the current language."""
        title = say_html(TITLE_MUST_TRUMP if self.must_trump else TITLE, game=self.spec.title)
        self.title.value = (f"<h2 style='margin:4px 0;font-size:1.17em'>{title}</h2>"
                            f"<div style='font-size:14px'>{say_html(ASK)}</div>")
        self.next_button.tooltip = say(NEXT_TIP)

    def _name(self, seat: int) -> str:
        return seat_name(self.spec, seat, learner=self.position.seat, n_seats=self.position.game.n_seats)

    def _verdict_text(self, v: Verdict) -> str:
        return verdict_text(self.spec, v, self._name, self.position.game.sides)

    def _trump_line(self, pos: Position) -> str:
        view = pos.game.view(pos.seat)
        trump = view.trump
        if trump is None:
            return say(NO_TRUMP)
        terms = play_terms(view)
        if terms.lead_restricted:  # trumps are led once broken (SP-13)
            return say(TRUMP_BROKEN if view.broken else TRUMP_UNBROKEN, symbol=trump.symbol, trump_suit=trump.letter)
        if view.turn_up is None:
            return say(TRUMP_FIXED, symbol=trump.symbol, trump_suit=trump.letter)
        return say(TRUMP_TURNED_MUST if terms.must_trump else TRUMP_TURNED, symbol=trump.symbol,
                   trump_suit=trump.letter, turn_up=view.turn_up.code)

    def _load(self, pos: Position) -> None:
        self.position = pos
        self._wrong_tried = set()
        self.feedback.clear()  # the old feedback belongs to the old position
        self.note.clear()
        self.hand.highlighted = []
        self.hand.playable = []  # never reveal the legal cards before the click
        self.hand.disabled = False
        self._accepting = True
        self._draw()

    def _draw(self) -> None:
        """The current position in the current language."""
        pos = self.position
        g = pos.game
        trick = g.current_trick
        if trick is not None and trick.cards:
            played = word(PLAYED_SEP).join(say(PLAYED_ITEM, name=self._name(s), card=c.code)
                                           for s, c in zip(trick.seats, trick.cards))
            table_text = say_html(LED, name=self._name(trick.leader), played=played)
            label = say(TABLE_LED, name=self._name(trick.leader), led_card=trick.cards[0].code)
        else:
            table_text = say_html(LEAD)
            label = say(TABLE_EMPTY)
        size = g.view(pos.seat).hand_size
        trump = self._trump_line(pos)
        if own_names(self.spec):
            head = say_html(INFO_SEAT, count=self.stream.count, name=self._name(pos.seat), trick=pos.trick,
                            size=size, trump=trump)
            hand_label = say(HAND_SEAT, name=self._name(pos.seat))
        else:
            head = say_html(INFO, count=self.stream.count, trick=pos.trick, size=size, trump=trump)
            hand_label = say(HAND)
        self.info.value = f"<div style='font-size:15px;line-height:1.5'>{head}<br>{table_text}</div>"
        self.table.cards = [c.code for c in trick.cards] if trick is not None else []
        self.table.label = label
        self.hand.cards = [c.code for c in g.hand_of(pos.seat)]
        self.hand.label = hand_label
        self.next_button.description = say(SKIP if self.auto_advance else NEXT)
        self._draw_stats()

    def _draw_stats(self) -> None:
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes, done=self.positions_done)

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_card(self, code: str) -> None:
        now = time.monotonic()
        if now - self._advanced_at < self.debounce_s:
            self.note.show_info(say(DEBOUNCED))
            return
        if not self._accepting:
            self.note.show_info(say(ANSWERED))
            return
        if code in self._wrong_tried:
            self.note.show_info(say(TRIED, card=code))
            return
        self.note.clear()
        pos = self.position
        v = pos.game.check_play(pos.seat, code)
        self.last_verdict = v
        if not v.ok:
            if not self._wrong_tried:
                self.stream.ask_again(pos.kind)  # a missed rule comes back soon
            self._wrong_tried.add(code)
            self.mistakes[v.rule] += 1
            self.streak = 0
            self.feedback.show_verdict(v, text=self._verdict_text(v))
            self.hand.highlighted = self.legal_cards()
            self._draw_stats()
            return
        first_try = not self._wrong_tried
        if first_try:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        self.positions_done += 1
        why: str | Msg = (free_position_text(pos) if pos.free
                          else named_msg(self.spec, v.msg, self._name, pos.game.sides))
        summary = say(SUMMARY_FIRST if first_try else SUMMARY, kind=KIND_TEXT[pos.kind], rule=pos.rule, card=code,
                      why=why)
        self._accepting = False
        self.hand.highlighted = [code]
        if self.auto_advance:
            self.last.show_ok(summary)
            self._load(self.stream.next())
            self._advanced_at = time.monotonic()
        else:
            if pos.free:
                self.feedback.show_ok(str(why))
            else:
                self.feedback.show_verdict(v, text=self._verdict_text(v))
            self.last.clear()
            self._draw_stats()  # the hand stays clickable: a second click gets a note

    @guarded("note")
    def _on_table_card(self, code: str) -> None:
        self.note.show_info(say(ON_TABLE, card=code))

    @guarded()
    def _on_next(self, _button: Any = None) -> None:
        if self._accepting:
            self.streak = 0  # skipping a position ends the streak
        self.last.clear()
        self._load(self.stream.next())
