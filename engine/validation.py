"""Checks of plain values shared by every game (bids, scores): the text
that says what is wrong, for the games' verdicts and errors.

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

from .errors import quote

__all__ = ["MAX_POINTS", "whole_number_problem"]

#: Scores and bags given to a game have fewer than 31 digits (as numbers in hand records).
MAX_POINTS = 10 ** 30


def whole_number_problem(value: Any) -> str | None:
    """Why ``value`` is not a whole number (None if it is one): a bool, a
    decimal (even 4.0), NaN or infinity, text, anything else.  Used for bids
    (SP-6, OH-8)."""
    if isinstance(value, bool):
        return f"{quote(value)} is a yes/no value, not a number"
    if isinstance(value, int):
        return None
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN is not a number of tricks"
        if math.isinf(value):
            return f"{quote(value)} is not a number of tricks"
        return (f"{quote(value)} is not a whole number" if not value.is_integer()
                else f"{quote(value)} is written as a decimal; give the whole number {quote(int(value))}")
    if isinstance(value, str):
        return f"{quote(value)} is text, not a number"
    return f"{quote(value)} is not a number"
