"""Old place of Oh Hell: now :mod:`engine.games.oh_hell`.

Re-exports its public names so that old imports keep working until the
tutor has moved to the new place (issue 26; see the API log).

>>> from engine.ohhell import OhHellRules
>>> OhHellRules(players=5).n_hands
10
"""
from __future__ import annotations

from .games.oh_hell import MAX_HAND, SCHEDULES, OhHellGame, OhHellRules, score_oh_hell_seat, seat_points

__all__ = ["OhHellRules", "OhHellGame", "MAX_HAND", "SCHEDULES", "score_oh_hell_seat", "seat_points"]
