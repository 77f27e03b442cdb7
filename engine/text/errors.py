"""The error catalogue: the sentence of every InvalidInputError and every
hand-record error (``msgctxt`` = the error's code)."""
from __future__ import annotations

from ..message import M_, Text

__all__ = ["ENTRIES"]

ENTRIES: tuple[Text, ...] = (
    # TRANSLATORS: an IllegalActionError: {message} is the verdict's sentence, then its reason code and rule id.
    M_("ILLEGAL_ACTION", "{message} [{reason}, {rule}]"),
)
