"""Hand-record files: the size and JSON limits of ``docs/HAND_RECORD.md``,
checked *before* any expensive work, and :class:`RecordError`.

* :func:`loads_record` turns file contents (bytes or text) into a record
  object: at most 10 MB, JSON nested at most 32 levels, numbers of at most
  30 digits (checked as each number is read).
* :func:`check_limits` checks a record object: strings of at most 200
  characters, nesting, numbers.

What a record means (games, deals, actions) and the replay are in
:mod:`engine.record`, which re-exports everything here.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from .errors import QUOTE_LIMIT, InvalidInputError
from .message import Msg, literal, msg

__all__ = ["FORMAT", "RecordError", "loads_record", "check_limits", "MAX_RECORD_BYTES", "MAX_DEPTH",
           "MAX_DIGITS", "MAX_STRING", "MAX_HANDS", "MAX_ACTIONS"]

FORMAT = "tricktutor-hand-record/1"

# The limits of HAND_RECORD.md ("records beyond these limits, which no real game reaches").
MAX_RECORD_BYTES = 10_000_000  #: a record file is at most 10 MB
MAX_DEPTH = 32                 #: JSON nested at most 32 levels
MAX_DIGITS = 30                #: a number has at most 30 digits
MAX_STRING = 200               #: a string (or object key) has at most 200 characters
MAX_HANDS = 1000               #: at most 1,000 hands
MAX_ACTIONS = 1000             #: at most 1,000 actions in one hand


class RecordError(InvalidInputError):
    """An invalid hand record; ``field`` is the JSON path of the culprit,
    ``problem`` what is wrong there (a :class:`~engine.message.Msg`);
    ``str(err)`` is ``"field: problem"`` in the current language."""

    def __init__(self, field: str, problem: "Msg | str"):
        self.field = field
        self.problem = problem if isinstance(problem, Msg) else literal(str(problem))
        super().__init__(Msg("RECORD_FIELD", {"field": field, "problem": self.problem}))

    def __reduce__(self) -> tuple[object, ...]:
        return (RecordError, (self.field, self.problem))


def _path(parts: tuple[Any, ...]) -> str:
    """``("hands", 0, "actions", 3)`` → ``"hands[0].actions[3]"``."""
    out = ""
    cut = len(parts) > 8
    for p in parts[:6] if cut else parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            text = p if len(p) <= 40 else p[:39] + "…"
            out += f".{text}" if out else text
    if len(out) > QUOTE_LIMIT:  # a path is made of input keys: quote at most 80 characters of them
        out = out[:QUOTE_LIMIT - 1] + "…"
    if cut:
        out += f"… ({len(parts)} levels down)"
    return out or "record"


def _int_literal(text: str) -> int:
    digits = len(text) - (text[0] == "-")
    if digits > MAX_DIGITS:
        raise RecordError("record", msg("REC_NUMBER_DIGITS", head=text[:30], digits=digits, most=MAX_DIGITS))
    return int(text)


def _float_literal(text: str) -> float:
    digits = sum(ch.isdigit() for ch in text[:MAX_DIGITS + 10])
    if digits > MAX_DIGITS:
        raise RecordError("record", msg("REC_NUMBER_MORE_DIGITS", head=text[:30], most=MAX_DIGITS))
    return float(text)


def loads_record(data: "bytes | bytearray | memoryview | str") -> Any:
    """Parse the contents of a record file (UTF-8 bytes, or text) into a
    record object for :func:`parse_record`, checking the size and JSON limits
    of HAND_RECORD.md first: at most 10 MB, nesting at most 32 levels,
    numbers of at most 30 digits (checked as each number is read, so a
    5,000-digit integer or 100,000 nested lists never reach Python's own
    limits).  Raises :class:`RecordError` with a plain sentence for anything
    wrong; never another exception."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError("file", msg("REC_FILE_TOO_BIG", most=MAX_RECORD_BYTES))
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError("file", msg("REC_NOT_UTF8", byte=e.start)) from None
    elif isinstance(data, str):
        text = data
        if len(text) > MAX_RECORD_BYTES or (len(text) * 4 > MAX_RECORD_BYTES
                                            and len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES):
            raise RecordError("file", msg("REC_TEXT_TOO_BIG", most=MAX_RECORD_BYTES))
    else:
        raise RecordError("file", msg("REC_CONTENTS_TYPE", type=type(data).__name__))
    try:
        obj = json.loads(text, parse_int=_int_literal, parse_float=_float_literal)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("record", msg("REC_TOO_DEEP", most=MAX_DEPTH)) from None
    except json.JSONDecodeError as e:
        # json's own text may end in "at" ("Invalid control character at"): say "at line …" once
        what = e.msg.removesuffix(" at")
        raise RecordError("record", msg("REC_BAD_JSON", what=what, line=e.lineno, column=e.colno)) from None
    except (ValueError, TypeError, MemoryError) as e:
        raise RecordError("record", msg("REC_BAD_JSON_TYPE", type=type(e).__name__)) from None
    check_limits(obj)
    return obj


def check_limits(obj: Any) -> None:
    """Check a record object against HAND_RECORD.md's limits: nesting at most
    32 levels, strings and object keys of at most 200 characters, whole
    numbers of at most 30 digits.  Iterative (no recursion); raises
    :class:`RecordError` naming the first field over a limit."""
    stack: list[tuple[Any, int, tuple[Any, ...]]] = [(obj, 1, ())]
    while stack:
        v, depth, path = stack.pop()
        items: Iterable[tuple[Any, Any]]
        if isinstance(v, dict):
            items = v.items()
        elif isinstance(v, (list, tuple)):
            items = enumerate(v)
        else:
            _check_scalar(v, path)
            continue
        if depth > MAX_DEPTH:
            raise RecordError(_path(path), msg("REC_TOO_DEEP", most=MAX_DEPTH))
        for k, x in items:
            if isinstance(k, str) and len(k) > MAX_STRING:
                raise RecordError(_path(path), msg("REC_KEY_TOO_LONG", value=k, most=MAX_STRING))
            if isinstance(x, (dict, list, tuple)):
                stack.append((x, depth + 1, path + (k,)))
            elif isinstance(x, (str, int)) and not isinstance(x, bool):
                _check_scalar(x, path + (k,))


def _check_scalar(v: Any, path: tuple[Any, ...]) -> None:
    if isinstance(v, str):
        if len(v) > MAX_STRING:
            raise RecordError(_path(path), msg("REC_TEXT_TOO_LONG", value=v, length=len(v), most=MAX_STRING))
    elif isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** MAX_DIGITS:
        raise RecordError(_path(path), msg("REC_INT_TOO_LONG", value=v, most=MAX_DIGITS))
