"""Checks of plain values shared by every game (bids, scores): what is
wrong with a value, as a message for the games' verdicts and errors.

>>> whole_number_problem(3) is None
True
>>> whole_number_problem(2.5)
'2.5 is not a whole number'
>>> whole_number_problem(4.0)
'4.0 is written as a decimal; give the whole number 4'
"""
from __future__ import annotations

import math
from typing import Any

from .message import Msg, msg, render

__all__ = ["MAX_POINTS", "whole_number_issue", "whole_number_problem"]

#: Scores and bags given to a game have fewer than 31 digits (as numbers in hand records).
MAX_POINTS = 10 ** 30


def whole_number_issue(value: Any) -> Msg | None:
    """Why ``value`` is not a whole number, as a message (None if it is
    one): a bool, a decimal (even 4.0), NaN or infinity, text, anything
    else.  Used for bids (SP-6, OH-8)."""
    if isinstance(value, bool):
        return msg("NOT_WHOLE.bool", value=value)
    if isinstance(value, int):
        return None
    if isinstance(value, float):
        if math.isnan(value):
            return msg("NOT_WHOLE.nan")
        if math.isinf(value):
            return msg("NOT_WHOLE.infinite", value=value)
        if not value.is_integer():
            return msg("NOT_WHOLE.fraction", value=value)
        return msg("NOT_WHOLE.decimal", value=value, whole=int(value))
    if isinstance(value, str):
        return msg("NOT_WHOLE.text", value=value)
    return msg("NOT_WHOLE.other", value=value)


def whole_number_problem(value: Any) -> str | None:
    """:func:`whole_number_issue` as a sentence in the current language."""
    issue = whole_number_issue(value)
    return None if issue is None else render(issue)
