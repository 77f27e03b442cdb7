"""The engine's message catalogue: every message id → its entry.

The entries are declared in :mod:`engine.text.verdicts` (the verdicts, by
Reason), :mod:`engine.text.errors` (InvalidInputError and hand-record
errors), :mod:`engine.text.lines` (score lines, the rules' summary),
:mod:`engine.text.advice` (the computer players and the bid advisor) and
:mod:`engine.text.review` (the hand review); words in :mod:`engine.text.words`.  The option labels, help and
summary phrases are declared with their options, in the game modules.
"""
from __future__ import annotations

from ..message import Text
from . import advice, errors, lines, review, verdicts

__all__ = ["CATALOGUE", "catalogue"]


def catalogue(*groups: tuple[Text, ...]) -> dict[str, Text]:
    """``{ctxt: entry}`` of ``groups``; ValueError for an id declared twice."""
    out: dict[str, Text] = {}
    for group in groups:
        for t in group:
            if t.ctxt in out:
                raise ValueError(f"message id {t.ctxt!r} is declared twice")
            out[t.ctxt] = t
    return out


#: Message id → entry, for every message the engine makes.
CATALOGUE: dict[str, Text] = catalogue(verdicts.ENTRIES, errors.ENTRIES, lines.ENTRIES, advice.ENTRIES, review.ENTRIES)
