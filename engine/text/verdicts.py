"""The verdict catalogue: the sentence of every verdict, keyed by its
Reason (``msgctxt`` = the reason code, or ``REASON.variant``).  Placeholders
are named after the verdict's evidence (see :mod:`engine.text.render` for
how each is written)."""
from __future__ import annotations

from ..message import M_, Text

__all__ = ["ENTRIES"]

ENTRIES: tuple[Text, ...] = (
)
