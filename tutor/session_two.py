"""The session of Spades for two players (SP-2P-1…SP-2P-6), without widgets:
:class:`TwoPlayerSession`, a :class:`~tutor.session.TableSession` that adds
the draw (SP-2P-2) and says it.  :class:`tutor.table_two.SpadesTwoTable`
draws it; tests and scripts drive it directly::

    from engine import SpadesTwoGame
    from tutor.session_two import TwoPlayerSession

    s = TwoPlayerSession(SpadesTwoGame(first_deal=7, auto_deal=False), level=1)
    out = s.draw(True)            # keep the top card: an Outcome, as every action
    s.events                      # the hand so far, the draws included

A draw cannot be taken back (Undo refuses): the learner has seen the card
after it, and undo never unsees cards.  The computer player's draws are said
as "kept the first" / "took the second" only (the engine's public draw log:
never its cards).
"""
from __future__ import annotations

from typing import Any

from engine import Bid, Card, Deal, Draw, InvalidInputError, Phase, Play, SpadesTwoGame
from engine.game import SeatView, TrickGame
from engine.games.spades_two import TwoSeatView
from engine.message import Msg

from .card_faces import card_display
from .games import look_named
from .session import Outcome, TableSession
from .table_words import STATUS_WAITING
from .text import M_, say

__all__ = ["TwoPlayerSession", "LEARNER_SEAT", "two_view", "KEPT_FIRST", "TOOK_SECOND"]

#: The learner's seat: seat 1, so that with the engine's default first dealer
#: (seat 0) the learner is the non-dealer and draws first in hand 1 (SP-2P-2).
LEARNER_SEAT = look_named("spades_two").default_seat

# ---------------------------------------------------------------- what the session for two says
# TRANSLATORS: Undo pressed after a draw in Spades for two (SP-2P-2).
NO_UNDO_DRAW = M_("two.no_undo_draw", "A draw cannot be taken back: you have seen the card it showed you, "
                                      "and undo never unsees cards (SP-2P-2).")
# TRANSLATORS: a draw choice that is not True or False (a programming error); {text} what was given.
NOT_A_CHOICE = M_("two.not_a_choice", "{text} is not a choice: keep the card (True) or pass it (False).")
# TRANSLATORS: the learner kept {kept} and saw and discarded the next card, {gone} (SP-2P-2).
KEPT = M_("two.kept", "You kept the {kept} and discarded the next card, the {gone}.")
# TRANSLATORS: the learner kept {kept} and discarded the next card (not shown: the pack was empty).
KEPT_UNSEEN = M_("two.kept_unseen", "You kept the {kept} and discarded the next card.")
# TRANSLATORS: the learner discarded {gone} and took the next card, {got} (SP-2P-2).
TOOK = M_("two.took", "You passed the {gone} (discarded) and took the next card: the {got}.")
# TRANSLATORS: the learner discarded {gone} and took the next card (not shown).
TOOK_UNSEEN = M_("two.took_unseen", "You passed the {gone} (discarded) and took the next card.")
# TRANSLATORS: two sentences said one after the other ("You kept the K♠ … Ada took the second card.").
THEN = M_("two.then", "{first} {second}")
# TRANSLATORS: the learner's draw in the hand's log: kept {kept}, saw and discarded {gone}.
LOG_KEPT = M_("two.log.kept", "You kept the {kept} and discarded the {gone}.")
# TRANSLATORS: the learner's draw in the hand's log: discarded {gone}, took {got}.
LOG_TOOK = M_("two.log.took", "You passed the {gone} and took the {got}.")
# TRANSLATORS: the learner's draw in the hand's log when the cards are not known any more.
YOU_KEPT_FIRST = M_("two.you_kept_first", "You kept the first card.")
# TRANSLATORS: as above.
YOU_TOOK_SECOND = M_("two.you_took_second", "You took the second card.")
# TRANSLATORS: the computer player's draw (its cards are never shown): {name} kept the first card.
KEPT_FIRST = M_("two.kept_first", "{name} kept the first card.")
# TRANSLATORS: the computer player's draw: {name} took the second card.
TOOK_SECOND = M_("two.took_second", "{name} took the second card.")
# TRANSLATORS: new game options two players cannot use; {reason} the engine's sentence.
NOT_FOR_TWO = M_("two.not_for_two", "These options cannot be used for two players: {reason}. Your current game "
                                    "is unchanged.")
# TRANSLATORS: whose turn it is, completing "Not now: …": the learner draws now.
TURN_DRAW = M_("two.turn.draw", "your turn to draw")
# TRANSLATORS: the status line of the learner's draw {number} (1 to 13); {card} the top card.
STATUS_DRAW = M_("two.status.draw", "Your draw ({number} of 13): keep the {card} or take the next card (SP-2P-2).")
# TRANSLATORS: the status line while {name} draws.
STATUS_WAIT_DRAW = M_("two.status.wait_draw", "Waiting for {name} to draw.")


def two_view(view: SeatView) -> TwoSeatView:
    """``view`` as what it is at a table for two: a two-player seat view (the draw's pack, log and discards)."""
    assert isinstance(view, TwoSeatView), type(view)
    return view


def _their_choice(name: str, kept_first: bool) -> Msg:
    return Msg((KEPT_FIRST if kept_first else TOOK_SECOND).ctxt, {"name": name})


class TwoPlayerSession(TableSession):
    """A :class:`~tutor.session.TableSession` for two-player Spades: adds the
    draw (:meth:`draw`), its sentences in :attr:`events` and the status
    line, and refuses to undo a draw.  ``game``: a game with a draw phase
    (Spades for two); a game it cannot play raises TypeError."""

    PHASES = TableSession.PHASES | {Phase.DRAW}

    def __init__(self, game: TrickGame, learner_seat: int | None = None, **kwargs: Any):
        #: What the learner saw at each of its draws: {(hand number, draw index): (kept, got, discarded)}.
        self._notes: dict[tuple[int, int], tuple[bool, Card | None, Card | None]] = {}
        super().__init__(game, LEARNER_SEAT if learner_seat is None else learner_seat, **kwargs)

    def default_seat(self, game: TrickGame) -> int:
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
        assert isinstance(g, SpadesTwoGame)
        if not isinstance(keep, bool):
            return Outcome("error", NOT_A_CHOICE, {"text": repr(keep)})
        before = two_view(g.view(me))
        with self._busy():
            v = g.attempt(Draw(me, keep))  # checked once (:meth:`TableSession._attempt`)
            if not v.ok:
                return self._refused(v)
            after = two_view(g.view(me))
            self.advance()
        top = before.draw_card
        assert top is not None
        index = sum(1 for s, _k in before.draw_log if s == me)
        got = next(iter(set(after.hand or ()) - set(before.hand or ())), None)
        gone = next(iter(set(after.discards or ()) - set(before.discards or ())), None)
        self._notes[(after.hand_number, index)] = (keep, got, gone)
        if keep:
            entry, args = ((KEPT, {"kept": card_display(top.code), "gone": card_display(gone.code)}) if gone else
                           (KEPT_UNSEEN, {"kept": card_display(top.code)}))
        else:
            entry, args = ((TOOK, {"gone": card_display(top.code), "got": card_display(got.code)}) if got else
                           (TOOK_UNSEEN, {"gone": card_display(top.code)}))
        now = two_view(self.game.view(me))
        theirs = [k for s, k in now.draw_log[len(after.draw_log):] if s != me]
        highlight = (got.code,) if got is not None else ()
        if theirs:
            return Outcome("ok", THEN, {"first": Msg(entry.ctxt, args),
                                        "second": _their_choice(self.name(1 - me), theirs[-1])}, v, highlight)
        return Outcome("ok", entry, args, v, highlight)

    def undo(self) -> Outcome:
        """As :meth:`TableSession.undo`, but a draw is never taken back
        (the learner has seen the next card: undo never unsees cards)."""
        g, me = self.game, self.learner
        if not self.busy and self.practice and g.phase not in (Phase.DEAL, Phase.GAME_OVER):
            hist = g.history
            last_deal = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
            mine = [a for a in hist[last_deal + 1:] if getattr(a, "seat", None) == me]
            if mine and not isinstance(mine[-1], (Bid, Play)):
                return Outcome("info", NO_UNDO_DRAW)
        return super().undo()

    def new_game(self, number: int | None, rules: Any) -> Outcome:
        try:
            return super().new_game(number, rules)
        except InvalidInputError as e:  # an option two players cannot use: the engine's words
            return Outcome("error", NOT_FOR_TWO, {"reason": e.msg})

    # ============================================================ words
    def _draw_sentences(self, view: TwoSeatView) -> list[str]:
        me = self.learner
        out: list[str] = []
        mine = 0
        for seat, kept_first in view.draw_log:
            if seat == me:
                note = self._notes.get((view.hand_number, mine))
                mine += 1
                if note is not None and note[0] == kept_first and note[1] is not None and note[2] is not None:
                    _k, got, gone = note
                    assert got is not None and gone is not None
                    out.append(say(LOG_KEPT, kept=card_display(got.code), gone=card_display(gone.code))
                               if kept_first else
                               say(LOG_TOOK, gone=card_display(gone.code), got=card_display(got.code)))
                else:
                    out.append(say(YOU_KEPT_FIRST if kept_first else YOU_TOOK_SECOND))
            else:
                out.append(say(KEPT_FIRST if kept_first else TOOK_SECOND, name=self.name(seat)))
        return out

    @property
    def events(self) -> list[str]:
        """The hand so far in sentences: the deal, every draw (the computer
        player's as "kept the first / took the second" only), bids, cards
        and who won each trick."""
        base = self._events()
        if not base:
            return base
        return base[:1] + self._draw_sentences(two_view(self.game.view(self.learner))) + base[1:]

    def turn_phrase(self) -> str:
        g, me = self.game, self.learner
        if g.phase is Phase.DRAW and me in g.seats_to_act:
            return say(TURN_DRAW)
        return super().turn_phrase()

    def status(self) -> str:
        g, me = self.game, self.learner
        if g.phase is Phase.DRAW:
            view = two_view(g.view(me))
            if me in view.to_act and view.draw_card is not None:
                return say(STATUS_DRAW, number=len(view.hand or ()) + 1, card=view.draw_card.code)
            return say(STATUS_WAIT_DRAW, name=self.name(view.to_act[0])) if view.to_act else say(STATUS_WAITING)
        return super().status()
