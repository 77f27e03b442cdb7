"""Old place of two-player Spades: now :mod:`engine.games.spades_two`.

Re-exports its public names so that old imports keep working until the
tutor has moved to the new place (issue 26; see the API log).
"""
from __future__ import annotations

from .games.spades_two import (PLAYER_NAMES, SPADES_TWO_TRICK_RULES, SpadesTwoGame, TwoSeatView, draw_outcome,
                               standard_draw, standard_keep, start_scores_problem_two, two_player_rules_problem)

__all__ = ["SpadesTwoGame", "TwoSeatView", "PLAYER_NAMES", "standard_draw", "standard_keep",
           "draw_outcome", "two_player_rules_problem", "start_scores_problem_two", "SPADES_TWO_TRICK_RULES"]
