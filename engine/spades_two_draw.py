"""Old place of the two-player draw's functions: now :mod:`engine.games.spades_two`.

Re-exports them so that old imports keep working (issue 26; see the API log).
"""
from __future__ import annotations

from .games.spades_two import draw_outcome, standard_draw, standard_keep

__all__ = ["standard_keep", "standard_draw", "draw_outcome"]
