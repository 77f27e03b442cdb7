"""The table a learner knows, at a table server's table (issue 35): :class:`RemoteTable`.

It draws a :class:`tutor.remote_session.RemoteSession` exactly as
:class:`~tutor.table.game_table.GameTable` draws a game against computer
players: the same seats, cards, bids, hints, hand log and result.  What a
shared table cannot do is hidden: New game, Save, Load, the options, Undo
and "Next hand" (the server deals the next hand for everyone).  Its title counts
the table's hands; its score sheet shows the table's whole game so far (the
state frames' ``results``); each seat box says who plays it (the
person's name, or a computer player).  The session
calls :meth:`RemoteTable.refresh` when a new state arrives (another player's
move, a computer player's) and :meth:`RemoteTable.show_outcome` with a
refusal the server sent back, said in the reader's language.
"""
from __future__ import annotations

from typing import Any

from ..common import guarded
from ..remote_session import SENT, RemoteSession
from ..session import Outcome
from ..text import say
from .game_table import GameTable

__all__ = ["RemoteTable"]


class RemoteTable(GameTable):
    """A seat at a shared table (``session``: a :class:`~tutor.remote_session.RemoteSession`)."""

    SESSION = RemoteSession

    def __init__(self, session: RemoteSession, hints: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("show_legal", True)  # no practice mode at a shared table, but the legal cards marked
        super().__init__(session, hints=hints, **kwargs)
        self._look_btn.add_class("tt-look")
        self.add_class("tt-remote-table")
        for w in (self._game_row, self._confirm_box, self._options.widget, self._next_btn, self._undo_btn):
            w.layout.display = "none"
        session.on_change = self.refresh
        session.on_outcome = self.show_outcome

    def _score_game(self) -> Any:
        session = self._session
        assert isinstance(session, RemoteSession)
        return session.score_game()  # every hand of the table, not only the mirror's one

    @guarded()
    def refresh(self) -> None:
        """Draw the session's state again (a new state came from the table)."""
        if self._feedback.text == say(SENT):
            self._feedback.clear()  # the table has answered: the move is on the table
        self._render()
        self._refresh_scoresheet()

    @guarded()
    def show_outcome(self, out: Outcome) -> None:
        """Show an outcome that came after the click (a refusal from the table)."""
        self._show(out)
        self._highlight = list(out.highlight) if out.kind == "error" else []
        self._render()
