"""Errors raised by the engine.

* :class:`InvalidInputError`: the input is malformed (not a card, not a seat,
  a corrupt record).  Nothing was changed.
* :class:`IllegalActionError`: the input is well formed but the rules forbid
  it now; it carries the :class:`~engine.verdict.Verdict` that explains why.
  Nothing was changed.
"""
from __future__ import annotations

from itertools import islice
from typing import Any, Mapping

from .message import Msg, literal, render
from .verdict import Verdict

__all__ = ["TrickTutorError", "InvalidInputError", "IllegalActionError", "quote", "QUOTE_LIMIT"]


#: Error messages quote at most this many characters of any input (HAND_RECORD.md limits).
QUOTE_LIMIT = 80


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to at most ``limit``
    characters (``…`` marks the cut).  Never raises: an integer too long to
    print (over 4,300 digits) or an object whose ``repr`` fails is described
    instead of quoted.  ``quote("AS") == "'AS'"``; a 50 MB string gives its
    first 79 characters and ``…``."""
    try:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 60:
            return f"a {'negative ' if value < 0 else ''}whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
        if isinstance(value, str) and len(value) > limit:
            value = value[: limit + 1]  # repr of the head only, never of the whole text
        text = repr(value) if not isinstance(value, (list, tuple, dict, set)) else _quote_container(value, limit)
    except Exception:  # noqa: BLE001 - an error message must never fail
        return f"a {type(value).__name__} value"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _quote_container(value: Any, limit: int) -> str:
    """repr of a container, built from at most a few quoted items (never the whole thing)."""
    items = list(islice(value.items(), 8)) if isinstance(value, dict) else list(islice(value, 8))
    if isinstance(value, dict):
        parts = [f"{quote(k, limit)}: {quote(v, limit)}" for k, v in items]
        open_, close = "{", "}"
    else:
        parts = [quote(v, limit) for v in items]
        open_, close = ("[", "]") if isinstance(value, list) else ("(", ")") if isinstance(value, tuple) else ("{", "}")
    more = ", …" if len(value) > len(items) else ""
    return open_ + ", ".join(parts) + more + close


class TrickTutorError(Exception):
    """Base class of the engine's errors."""


class InvalidInputError(TrickTutorError, ValueError):
    """Malformed input: the message quotes it and says what was expected.

    ``code`` is the message id (``"NOT_A_CARD"``), ``evidence`` its plain
    data (the input, the allowed range …), ``msg`` the
    :class:`~engine.message.Msg` they make; ``str(err)`` is the sentence
    in the current language (:mod:`engine.text`).  A caller may also pass
    a finished sentence (a ``str``), shown as it is."""

    def __init__(self, message: "Msg | str", /) -> None:
        self.msg = message if isinstance(message, Msg) else literal(str(message))
        super().__init__(self.msg)

    @property
    def code(self) -> str:
        """The message id: what is wrong (``"NOT_A_CARD"``)."""
        return self.msg.id

    @property
    def evidence(self) -> Mapping[str, Any]:
        """The plain data of the message (read-only)."""
        return self.msg.args

    def __str__(self) -> str:
        return render(self.msg)


class SamplingError(RuntimeError):
    """No deal of the unseen cards fits the public facts (should not happen
    for a view of a real game).  Raised by :mod:`engine.bots.sampling`
    (defined here, where a builtin base class is no obstacle: mypyc compiles
    that module, and a compiled class cannot inherit from ``RuntimeError``)."""


class IllegalActionError(TrickTutorError):
    """A rule forbids the action.  ``.verdict`` holds the reason code, rule id,
    message and evidence; ``str(err)`` is the verdict's sentence followed by
    ``[REASON, rule]``."""

    def __init__(self, verdict: Verdict):
        super().__init__(verdict)
        self.verdict = verdict

    def __str__(self) -> str:
        v = self.verdict
        return render(Msg("ILLEGAL_ACTION", {"message": v.msg, "reason": v.reason.value, "rule": v.rule}))
