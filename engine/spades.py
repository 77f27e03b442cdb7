"""Old place of four-player Spades: now :mod:`engine.games.spades`.

Re-exports its public names so that old imports keep working until the
tutor has moved to the new place (issue 26; see the API log).

>>> from engine.spades import SpadesGame
>>> SpadesGame(first_deal=7, dealer=3).to_act
0
"""
from __future__ import annotations

from .games.spades import (SEAT_NAMES, SIDE_NAMES, SPADES_TRICK_RULES, SpadesGame, SpadesRules, partner_of,
                           score_spades_side, side_of, spades_winning_side, start_scores_problem)

__all__ = ["SpadesRules", "SpadesGame", "score_spades_side", "SEAT_NAMES", "SIDE_NAMES", "side_of", "partner_of",
           "SPADES_TRICK_RULES", "spades_winning_side", "start_scores_problem"]
