"""The game tables: build one with a factory (or pass your own game to
:class:`GameTable`)::

    from tutor.table import new_spades_table, new_oh_hell_table
    from engine import OhHellRules

    table = new_spades_table(deal_number=1234)          # learner South (seat 2)
    table = new_oh_hell_table(OhHellRules(players=5, hook=True), deal_number=7)
    table                                                # display it

The widget is :class:`tutor.game_table.GameTable` (re-exported here; its
docstring says what the learner sees); Spades for two has its own,
:class:`tutor.table_two.SpadesTwoTable`.  :data:`TABLES` says which table
plays each game (by the tutor's game key, :mod:`tutor.games`); the review's
"Replay from here" of a saved game opens its practice copy at that table
(:attr:`tutor.review_panel.PRACTICE_TABLES`, filled from it here).
"""
from __future__ import annotations

import random
from typing import Any

from engine import OhHellGame, OhHellRules, SpadesGame, SpadesRules, random_deal_number
from engine.spec import GameSpec

from . import review_panel
from .game_table import DEFAULT_LEARNER_SEAT, GameTable, resolve_level
from .games import look_for
from .table_two import SpadesTwoTable, new_spades_two_table

__all__ = ["GameTable", "SpadesTwoTable", "new_spades_table", "new_oh_hell_table", "resolve_level",
           "DEFAULT_LEARNER_SEAT", "TABLES", "table_class_for"]

#: The table that plays each game, by the tutor's game key (:attr:`tutor.games.GameLook.key`).
TABLES: dict[str, type[GameTable]] = {"spades": GameTable, "spades_two": SpadesTwoTable, "oh_hell": GameTable}
review_panel.PRACTICE_TABLES.update(TABLES)


def table_class_for(spec: GameSpec) -> type[GameTable]:
    """The table class that plays games of ``spec`` (KeyError for a game no table plays)."""
    return TABLES[look_for(spec).key]


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
    learner_seat = 2 if learner_seat is None else learner_seat
    first = deal_number if deal_number is not None else random_deal_number(random.Random())
    if rules is None:
        rules = SpadesRules(target_score=target_score)
    game = SpadesGame(rules, dealer=dealer, first_deal=first, auto_deal=False)
    return GameTable.for_game(game, learner_seat=learner_seat, level=level, practice=practice, hints=hints,
                              seed=seed, **kwargs)


def new_oh_hell_table(rules: OhHellRules | None = None, deal_number: int | None = None, level: int = 2, *,
                      dealer: int = 0, learner_seat: int = 0, practice: bool = True, hints: bool = True,
                      seed: int | None = None, **kwargs: Any) -> GameTable:
    """An Oh Hell table for ``rules.players`` seats (3–7, OH-1) with any
    variation of :class:`~engine.games.oh_hell.OhHellRules`; the learner at seat
    ``learner_seat`` (default 0), computer players elsewhere.  Deal numbers
    as in :func:`new_spades_table`."""
    first = deal_number if deal_number is not None else random_deal_number(random.Random())
    game = OhHellGame(rules or OhHellRules(), dealer=dealer, first_deal=first, auto_deal=False)
    return GameTable.for_game(game, learner_seat=learner_seat, level=level, practice=practice, hints=hints,
                              seed=seed, **kwargs)
