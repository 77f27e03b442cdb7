"""The game tables: build one with a factory (or give your own game to
:meth:`GameTable.for_game`, or a session to :class:`GameTable`)::

    from tutor.table import new_spades_table, new_oh_hell_table, play_table
    from engine import OhHellRules
    from engine.registry import SPADES_TWO

    table = new_spades_table(deal_number=1234)          # learner South (seat 2)
    table = new_oh_hell_table(OhHellRules(players=5, hook=True), deal_number=7)
    table = play_table(SPADES_TWO, deal_number=7)       # any game with a kit (tutor.games)
    table                                                # display it

The widget is :class:`tutor.game_table.GameTable` (re-exported here; its
docstring says what the learner sees); Spades for two has its own,
:class:`tutor.table_two.SpadesTwoTable`.  Each game's kit names its table
(:attr:`tutor.games.TutorKit.table`); :data:`TABLES` gathers them by the
tutor's game key and :func:`play_table` builds the table of any game (its
session first, :func:`tutor.sessions.new_session`, then the table drawing
it).  Importing this module registers nothing: the review's "Replay from
here" finds a game's table in its kit too.
"""
from __future__ import annotations

import random
from typing import Any

from engine import OhHellRules, SpadesRules, random_deal_number
from engine.registry import OH_HELL, SPADES
from engine.spec import GameSpec

from .game_table import DEFAULT_LEARNER_SEAT, GameTable, resolve_level
from .games import KITS, kit_for
from .table_two import SpadesTwoTable, new_spades_two_table

__all__ = ["GameTable", "SpadesTwoTable", "new_spades_table", "new_oh_hell_table", "play_table", "resolve_level",
           "DEFAULT_LEARNER_SEAT", "TABLES", "table_class_for"]

#: The table that plays each game, by the tutor's game key (:attr:`tutor.games.TutorKit.key`): from the kits.
TABLES: dict[str, type[GameTable]] = {kit.key: kit.table_class() for kit in KITS}


def table_class_for(spec: GameSpec) -> type[GameTable]:
    """The table class that plays games of ``spec`` (its kit's; KeyError for a game no kit declares)."""
    return TABLES[kit_for(spec).key]


def play_table(spec: GameSpec, deal_number: int | None = None, level: int = 2, *, rules: Any = None,
               dealer: int = 0, learner_seat: int | None = None, **kwargs: Any) -> GameTable:
    """A table of a new game of ``spec`` (any game with a kit, :data:`tutor.games.KITS`): hand 1 is deal
    number ``deal_number`` (None: random), hand k ``deal_number + k - 1``; ``rules`` (None: the game's
    standard rules), ``dealer``; the learner at ``learner_seat`` (None: where the game's look seats the
    learner) against computer players of ``level``; ``kwargs`` as :meth:`GameTable.for_game`
    (``practice``, ``hints``, ``seed``, ``places`` …).  The session is built first, then the table that
    draws it."""
    first = deal_number if deal_number is not None else random_deal_number(random.Random())
    game = spec.new_game(rules, dealer=dealer, first_deal=first, auto_deal=False)
    table: GameTable = table_class_for(spec).for_game(game, learner_seat=learner_seat, level=level, **kwargs)
    return table


# ==================================================================== factories
def new_spades_table(deal_number: int | None = None, level: int = 2, *, target_score: int = 500,
                     rules: SpadesRules | None = None, dealer: int = 0, learner_seat: int | None = None,
                     practice: bool = True, hints: bool = True, seed: int | None = None, seats: int = 4,
                     **kwargs: Any) -> GameTable:
    """A Spades table (SP-1…SP-22): learner South (seat 2), partner North and
    both opponents computer players of ``level``.  Hand 1 is deal number
    ``deal_number`` (None: random), hand k is ``deal_number + k - 1``;
    ``target_score`` ends the game (SP-3, SP-22, SP-H9); ``rules`` (a
    :class:`~engine.SpadesRules`, house rules SP-H1…SP-H9) replaces it
    when given.  ``seats=2``: Spades for two (SP-2P), the learner at seat 1
    against one computer player (:func:`tutor.table_two.new_spades_two_table`).
    Raises ``InvalidInputError`` for an invalid target, ValueError for
    ``seats`` other than 4 or 2."""
    if seats == 2:
        kw = {} if learner_seat is None else {"learner_seat": learner_seat}
        return new_spades_two_table(deal_number, level, target_score=target_score, rules=rules, dealer=dealer,
                                    practice=practice, hints=hints, seed=seed, **kw, **kwargs)
    if isinstance(seats, bool) or seats != 4:
        raise ValueError(f"seats must be 4 (partners) or 2 (Spades for two, SP-2P-1), not {seats!r}")
    return play_table(SPADES, deal_number, level, rules=rules or SpadesRules(target_score=target_score),
                      dealer=dealer, learner_seat=learner_seat, practice=practice, hints=hints, seed=seed, **kwargs)


def new_oh_hell_table(rules: OhHellRules | None = None, deal_number: int | None = None, level: int = 2, *,
                      dealer: int = 0, learner_seat: int = 0, practice: bool = True, hints: bool = True,
                      seed: int | None = None, **kwargs: Any) -> GameTable:
    """An Oh Hell table for ``rules.players`` seats (3–7, OH-1) with any
    variation of :class:`~engine.games.oh_hell.OhHellRules`; the learner at seat
    ``learner_seat`` (default 0), computer players elsewhere.  Deal numbers
    as in :func:`new_spades_table`."""
    return play_table(OH_HELL, deal_number, level, rules=rules or OhHellRules(), dealer=dealer,
                      learner_seat=learner_seat, practice=practice, hints=hints, seed=seed, **kwargs)
