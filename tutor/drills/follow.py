"""The follow-suit drill: which card may you play?  (SP-13, SP-14, SP-15, OH-9, OH-V6)"""
from __future__ import annotations

import html
import time
from collections import Counter
from typing import Any

import ipywidgets as W

from engine import Card, Verdict

from ..cards import CardHand
from ..common import Feedback, guarded
from ._shared import GAME_NAMES, cap, seat_name, stats_html
from .positions import KIND_TEXT, Position, PositionStream, kinds_for

__all__ = ["FollowSuitDrill", "free_position_text"]


#: Why every card is legal in a free position, per drill configuration ({led}: the suit led).
FREE_TEXT = {
    "spades": ("Any card was allowed: you hold no {led}, so you may play any card (SP-14). "
               "A spade trumps the trick and breaks spades (SP-15); any other card is a discard."),
    "oh_hell": "Any card was allowed: you hold no {led}, so you may play any card (OH-9). You may trump, but you need not.",
    "oh_hell_must_trump": ("Any card was allowed: you hold no {led} and no trump, and must-trump (OH-V6) binds "
                           "only a player who holds a trump."),
}


def free_position_text(pos: Position) -> str:
    """Why every card is legal in a free position (void in the suit led),
    naming the rule: SP-14 / SP-15 (Spades), OH-9, OH-V6."""
    g = pos.game
    config = kinds_for(g.view(pos.seat).game, getattr(g.rules, "must_trump", False))
    return FREE_TEXT[config].format(led=g.current_trick.cards[0].suit.noun)


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

    def __init__(self, game: str = "spades", must_trump: bool = False, seed: int = 0, players: int = 4,
                 auto_advance: bool = True, debounce_s: float = 0.4, **kwargs: Any):
        self.game_kind = game
        self.stream = PositionStream(game, must_trump=must_trump, seed=seed, players=players)
        self.players = players
        self.auto_advance = auto_advance
        self.debounce_s = debounce_s
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter = Counter()
        self.positions_done = 0
        self.last_verdict: Verdict | None = None
        self.position: Position | None = None
        self._accepting = False
        self._wrong_tried: set[str] = set()
        self._advanced_at = -1e9

        name = GAME_NAMES.get(game, game) + (" (must trump)" if must_trump else "")
        self.title = W.HTML(f"<h2 style='margin:4px 0;font-size:1.17em'>Follow suit: {name}</h2>"
                            "<div style='font-size:14px'>Click the card you would play.</div>")
        self.stats = W.HTML()
        self.info = W.HTML()
        # full-size and not greyed out: the led card is the most important card on screen
        self.table = CardHand(cards=[], label="On the table")
        self.table.on_click(self._on_table_card)
        self.hand = CardHand(cards=[], label="Your hand")
        self.feedback = Feedback()
        self.note = Feedback()
        self.last = Feedback()
        self.last.add_class("tt-last-position")
        self.next_button = W.Button(description="Next", icon="arrow-right",
                                    tooltip="Go on to the next position")
        self.hand.on_click(self._on_card)
        self.next_button.on_click(self._on_next)
        super().__init__([self.title, self.stats, self.last, self.info, self.table, self.hand, self.feedback,
                          self.note, self.next_button], **kwargs)
        self.add_class("tt-drill")
        self._load(self.stream.next())

    # ---------------------------------------------------------------- queries
    @property
    def position_kind(self) -> str:
        """The kind of the current position (see :data:`~tutor.drills.positions.POSITION_KINDS`)."""
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
        return self.hand.simulate_click(code)

    def next(self) -> None:
        """Go on to the next position (as the *Next* button)."""
        self.next_button.click()

    # ---------------------------------------------------------------- drawing
    def _name(self, seat: int) -> str:
        return seat_name(self.game_kind, seat, learner=self.position.seat, n_seats=self.position.game.n_seats)

    def _load(self, pos: Position) -> None:
        self.position = pos
        self._wrong_tried = set()
        self.feedback.clear()  # the old feedback belongs to the old position
        self.note.clear()
        g = pos.game
        trick = g.current_trick
        if g.spec.fixed_trump is not None:  # Spades: always trump, led once broken (SP-2, SP-13)
            trump = f"Trump: ♠ spades, {'broken' if g.spades_broken else 'not broken yet'}"
        elif g.trump is None:
            trump = "No trump this hand"
        else:
            trump = f"Trump: {g.trump.symbol} {g.trump.noun} (turned up: {g.turn_up.display})"
            if g.rules.must_trump:
                trump += " · must-trump is on (OH-V6)"
        if trick is not None and trick.cards:
            played = ", then ".join(f"{self._name(s)} {c.display}" for s, c in zip(trick.seats, trick.cards))
            table_text = f"{cap(self._name(trick.leader))} led. Played so far: {played}."
            label = f"On the table: {self._name(trick.leader)} led the {trick.cards[0].display}"
        else:
            table_text = "You lead to this trick."
            label = "On the table: nothing yet (you lead)"
        me = self._name(pos.seat)
        who = "" if me == "you" else f"you are <b>{html.escape(me)}</b>, "
        size = g.view(pos.seat).hand_size
        self.info.value = (f"<div style='font-size:15px;line-height:1.5'>Position {self.stream.count}: "
                           f"{who}trick {pos.trick} of {size}. <b>{html.escape(trump)}</b>.<br>"
                           f"{html.escape(table_text)}</div>")
        self.table.cards = [c.code for c in trick.cards] if trick is not None else []
        self.table.label = label
        self.hand.highlighted = []
        self.hand.playable = []  # never reveal the legal cards before the click
        self.hand.cards = [c.code for c in g.hand_of(pos.seat)]
        self.hand.label = "Your hand" if me == "you" else f"Your hand ({me})"
        self.hand.disabled = False
        self.next_button.description = "Skip" if self.auto_advance else "Next"
        self._accepting = True
        self._draw_stats()

    def _draw_stats(self) -> None:
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes,
                                      f" · positions done <b>{self.positions_done}</b>")

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_card(self, code: str) -> None:
        now = time.monotonic()
        if now - self._advanced_at < self.debounce_s:
            self.note.show_info("That click came just as a new position appeared, so it was ignored: "
                                "look at the new position, then click.")
            return
        if not self._accepting:
            self.note.show_info("You have already answered this position: press Next.")
            return
        if code in self._wrong_tried:
            self.note.show_info(f"You already tried the {Card.parse(code).display}; "
                                f"choose one of the highlighted cards.")
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
            self.feedback.show_verdict(v)
            self.hand.highlighted = self.legal_cards()
            self._draw_stats()
            return
        first_try = not self._wrong_tried
        if first_try:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        self.positions_done += 1
        card = Card.parse(code)
        why = free_position_text(pos) if pos.free else v.message
        summary = (f"Previous position ({KIND_TEXT[pos.kind]}, {pos.rule}): you played the "
                   f"{card.display}{' at the first try' if first_try else ''}. {why}")
        self._accepting = False
        self.hand.highlighted = [code]
        if self.auto_advance:
            self.last.show_ok(summary)
            self._load(self.stream.next())
            self._advanced_at = time.monotonic()
        else:
            if pos.free:
                self.feedback.show_ok(why)
            else:
                self.feedback.show_verdict(v)
            self.last.clear()
            self._draw_stats()  # the hand stays clickable: a second click gets a note

    @guarded("note")
    def _on_table_card(self, code: str) -> None:
        self.note.show_info(f"The {Card.parse(code).display} is on the table already: click a card in your hand.")

    @guarded()
    def _on_next(self, _button=None) -> None:
        if self._accepting:
            self.streak = 0  # skipping a position ends the streak
        self.last.clear()
        self._load(self.stream.next())
