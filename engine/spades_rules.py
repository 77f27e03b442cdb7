"""Old place of the Spades options and scorer: now :mod:`engine.games.spades`.

Re-exports its public names so that old imports keep working until the
tutor has moved to the new place (issue 26; see the API log).
"""
from __future__ import annotations

from .games.spades import BLIND_NIL, OPTION_HELP, SEAT_NAMES, SpadesRules, score_spades_side, side_points

__all__ = ["SpadesRules", "BLIND_NIL", "side_points", "score_spades_side", "OPTION_HELP", "SEAT_NAMES"]
