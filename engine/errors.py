"""Errors raised by the engine.

* :class:`InvalidInputError`: the input is malformed (not a card, not a seat,
  a corrupt record).  Nothing was changed.
* :class:`IllegalActionError`: the input is well formed but the rules forbid
  it now; it carries the :class:`~engine.verdict.Verdict` that explains why.
  Nothing was changed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from .verdict import Verdict

__all__ = ["TrickTutorError", "InvalidInputError", "IllegalActionError"]


class TrickTutorError(Exception):
    """Base class of the engine's errors."""


class InvalidInputError(TrickTutorError, ValueError):
    """Malformed input: the message quotes it and says what was expected."""


class IllegalActionError(TrickTutorError):
    """A rule forbids the action.  ``.verdict`` holds the reason code, rule id,
    message and evidence."""

    def __init__(self, verdict: "Verdict"):
        super().__init__(f"{verdict.message} [{verdict.reason.value}, {verdict.rule}]")
        self.verdict = verdict
