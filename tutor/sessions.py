"""The session that plays each game, and the factory that builds one (no widgets).

A game's session is chosen by the phases the engine declares for it
(:attr:`engine.spec.GameSpec.phases`): the plainest session class that
plays every phase of the game (:attr:`tutor.session.TableSession.PHASES`).
Spades and Oh Hell are played by :class:`~tutor.session.TableSession`,
Spades for two (its draw, SP-2P-2) by :class:`~tutor.session_two.TwoPlayerSession`.
A new game with a phase of its own brings a session class that adds it
(one entry in :data:`SESSION_CLASSES`); nothing here names a game.

The table widget is handed the session it draws
(:class:`tutor.game_table.GameTable`); a table server, a test or a script
builds one with :func:`new_session` and drives it without widgets::

    >>> from engine import SpadesTwoGame
    >>> s = new_session(SpadesTwoGame(first_deal=7, auto_deal=False), level=1)
    >>> type(s).__name__, s.learner
    ('TwoPlayerSession', 1)
"""
from __future__ import annotations

from typing import Any

from engine.game import TrickGame
from engine.spec import GameSpec

from .session import TableSession
from .session_two import TwoPlayerSession

__all__ = ["SESSION_CLASSES", "session_class", "new_session"]

#: Every session class, the plainest first: a game is played by the first that plays all its phases.
SESSION_CLASSES: tuple[type[TableSession], ...] = (TableSession, TwoPlayerSession)


def session_class(spec: GameSpec) -> type[TableSession]:
    """The session class that plays games of ``spec`` (TypeError for a game none plays)."""
    for cls in SESSION_CLASSES:
        if set(spec.phases) <= cls.PHASES:
            return cls
    raise TypeError(f"no session plays {spec.name!r}: its phases are {sorted(p.value for p in spec.phases)}")


def new_session(game: TrickGame, learner_seat: int | None = None, **kwargs: Any) -> TableSession:
    """A session playing ``game`` with the learner at ``learner_seat`` (None:
    the game's look says where); ``kwargs`` as :class:`~tutor.session.TableSession`
    (``level``, ``practice``, ``seed``, ``auto_continue``, ``players``,
    ``single_hand``, ``places``)."""
    return session_class(game.spec)(game, learner_seat, **kwargs)
