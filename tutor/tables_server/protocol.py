"""The table protocol's data: frames, actions, views and verdicts as JSON.

Everything a frame carries is data (docs/TABLE_PROTOCOL.md): a card is its
code (``"QH"``), a suit its letter, a message a message id with its plain
data (``{"id": "MUST_FOLLOW_SUIT", "args": {...}}``), which each client
renders in its reader's language with the engine's catalogue
(:func:`msg_from_json` gives the :class:`~engine.message.Msg` back).  A
frame never holds a sentence.

:func:`check_frame` reads one incoming text frame (size, JSON, its type and
fields) and raises :class:`FrameError` (a code and data) for anything else;
:func:`action_from_json` turns a seat's action into an engine action.
:func:`view_json` writes a :class:`~engine.views.SeatView` (any game's,
with its own fields), :func:`public_view_json` what every seat sees alike.
"""
from __future__ import annotations

import dataclasses
import json
import math
from enum import Enum
from typing import Any, Mapping, Sequence

from engine.actions import Action, Bid, Deal, Draw, Look, Pass, Play
from engine.cards import Card, Suit
from engine.message import Msg
from engine.options import GameRules
from engine.spec import GameSpec
from engine.tricks import Trick
from engine.verdict import Verdict
from engine.views import HandResult, ScoreLine

__all__ = ["VERSION", "MAX_FRAME_BYTES", "FrameError", "check_frame", "encode", "action_to_json",
           "action_from_json", "msg_json", "msg_from_json", "verdict_json", "view_json", "public_view_json",
           "CLIENT_FRAMES"]

#: The protocol version every frame carries as ``"v"``.
VERSION = 1
#: The largest frame a client may send (bytes of UTF-8); larger ones are refused unread.
MAX_FRAME_BYTES = 8192
_MAX_STR = 200
_MAX_ID = 64

#: The frames a client may send: type -> {field: (kind, required)}.  Kinds:
#: "str" (at most 200 characters), "code" (a table code or token: 8–64 URL-safe
#: characters), "seat" (a whole number 0–6), "count" (a seat count 1–7: the game's
#: spec judges it), "int" (a whole number 0–2**31),
#: "obj" (a JSON object), "level" (1–4), "bool", "secret" (a JupyterHub token: 8–512
#: characters, letters, digits and ``- _ . ~ + / =``; checked by the hub, never stored).
CLIENT_FRAMES: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"hub_token": ("secret", False)},
    "teacher": {"key": ("code", True)},
    "watch": {"table": ("code", True)},
    "take_seat": {"table": ("code", True), "seat": ("seat", True), "name": ("str", False)},
    "resume": {"table": ("code", True), "seat_token": ("code", True)},
    "leave": {},
    "act": {"action": ("obj", True), "seq": ("int", False)},
    "open_table": {"game": ("str", True), "seats": ("count", True), "rules": ("obj", False),
                   "level": ("level", False), "next_hand": ("str", False)},
    "close_table": {"table": ("code", True)},
    "seat_computer": {"table": ("code", True), "seat": ("seat", True)},
    "free_seat": {"table": ("code", True), "seat": ("seat", True)},
    "invite": {"table": ("code", True), "seat": ("seat", True), "name": ("str", False)},
    "next_hand": {"table": ("code", True)},
    "records": {"table": ("code", True)},
    "log": {"table": ("code", True)},
    "tables": {},
    "ping": {},
}
_ENVELOPE = {"v", "type", "id"}
_URLSAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_SECRET = _URLSAFE | frozenset(".~+/=")


class FrameError(Exception):
    """A frame the server cannot take: ``code`` (``"malformed"``,
    ``"too_large"``, ``"bad_version"``, ``"unknown_type"``, ``"bad_field"``
    …) and plain ``data`` (the field at fault, the limit).  ``re``: the
    frame's ``id`` when it could be read."""

    def __init__(self, code: str, re: Any = None, **data: Any) -> None:
        super().__init__(code)
        self.code = code
        self.re = re
        self.data = data


def encode(frame: Mapping[str, Any]) -> str:
    """A frame as compact JSON text, with the version field first."""
    return json.dumps({"v": VERSION, **frame}, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _field_ok(kind: str, v: Any) -> bool:
    if kind == "str":
        return isinstance(v, str) and len(v) <= _MAX_STR
    if kind == "code":
        return isinstance(v, str) and 8 <= len(v) <= _MAX_ID and set(v) <= _URLSAFE
    if kind == "seat":
        return _is_int(v) and 0 <= v <= 6
    if kind == "count":
        return _is_int(v) and 1 <= v <= 7
    if kind == "level":
        return _is_int(v) and 1 <= v <= 4
    if kind == "int":
        return _is_int(v) and 0 <= v <= 2 ** 31
    if kind == "obj":
        return isinstance(v, dict)
    if kind == "bool":
        return isinstance(v, bool)
    if kind == "secret":
        return isinstance(v, str) and 8 <= len(v) <= 512 and set(v) <= _SECRET
    return False


def check_frame(text: str | bytes) -> dict[str, Any]:
    """One client frame, checked: a JSON object of at most
    :data:`MAX_FRAME_BYTES` bytes with ``"v": 1``, a known ``type``, its
    required fields and no unknown one, each of its kind.  Raises
    :class:`FrameError`; reads nothing of a frame that is too large."""
    if isinstance(text, bytes):
        raise FrameError("malformed", why="binary")
    if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise FrameError("too_large", limit=MAX_FRAME_BYTES)
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise FrameError("malformed", why="json") from None
    if not isinstance(obj, dict):
        raise FrameError("malformed", why="not_object")
    re = obj.get("id")
    if re is not None and not ((isinstance(re, str) and len(re) <= _MAX_ID) or (_is_int(re) and abs(re) < 2 ** 53)):
        raise FrameError("bad_field", field="id")
    if obj.get("v") != VERSION or not _is_int(obj.get("v")):
        raise FrameError("bad_version", re=re, supported=[VERSION])
    kind = obj.get("type")
    fields = CLIENT_FRAMES.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise FrameError("unknown_type", re=re)
    for key in obj:
        if key not in _ENVELOPE and key not in fields:
            raise FrameError("bad_field", re=re, field=str(key)[:_MAX_ID])
    for key, (fkind, required) in fields.items():
        if key not in obj:
            if required:
                raise FrameError("bad_field", re=re, field=key, missing=True)
            continue
        if not _field_ok(fkind, obj[key]):
            raise FrameError("bad_field", re=re, field=key)
    return obj


# ----------------------------------------------------------------- actions
_DRAW_WORDS = {"keep": True, "discard": False}


def action_to_json(spec: GameSpec, action: Action) -> dict[str, Any]:
    """An action as the protocol writes it: ``{"play": "QH"}``, ``{"bid": 4}``
    (Spades ``"nil"``, ``"blind_nil"``), ``{"pass": [...]}``, ``{"look": true}``,
    ``{"draw": "keep"}``; a deal is ``{"deal": N}`` (its deal number)."""
    if isinstance(action, Play):
        return {"play": action.card.code}
    if isinstance(action, Bid):
        return {"bid": spec.codec.bid_out(action)}
    if isinstance(action, Pass):
        return {"pass": [c.code for c in action.cards]}
    if isinstance(action, Look):
        return {"look": True}
    if isinstance(action, Draw):
        return {"draw": "keep" if action.keep else "discard"}
    if isinstance(action, Deal):
        return {"deal": action.number}
    raise ValueError(type(action).__name__)


def action_from_json(spec: GameSpec, seat: int, obj: Any) -> Action:
    """A seat's action from its JSON (one key of ``play``, ``bid``, ``pass``,
    ``look``, ``draw``), as an engine action whose values the engine checks
    (a card text is parsed there).  FrameError ``bad_action`` for any
    other shape."""
    if not isinstance(obj, dict) or len(obj) != 1:
        raise FrameError("bad_action", why="one_key")
    (key, value), = obj.items()
    if key == "play" and isinstance(value, str) and len(value) <= 4:
        return Play(seat, value)  # type: ignore[arg-type]  # the engine parses the card (InvalidInputError)
    if key == "bid" and (_is_int(value) or (isinstance(value, float) and math.isfinite(value))
                         or (isinstance(value, str) and len(value) <= 20)):
        return spec.codec.bid_in(seat, value)
    if key == "pass" and isinstance(value, list) and len(value) <= 13 and all(
            isinstance(c, str) and len(c) <= 4 for c in value):
        return Pass(seat, tuple(value))
    if key == "look" and value is True:
        return Look(seat)
    if key == "draw" and value in _DRAW_WORDS:
        return Draw(seat, _DRAW_WORDS[value])
    raise FrameError("bad_action", why="shape", key=str(key)[:20])


def stored_action(spec: GameSpec, seat: int | None, obj: Mapping[str, Any]) -> Action | int:
    """An action as the store keeps it: a deal number (int) for ``{"deal": N}``,
    else the seat's action."""
    if "deal" in obj:
        return int(obj["deal"])
    assert seat is not None
    return action_from_json(spec, seat, dict(obj))


# ----------------------------------------------------------------- messages and verdicts
def msg_json(m: Msg) -> dict[str, Any]:
    """A message as data: ``{"id": ..., "args": {...}}`` (args that are
    messages are written the same way, under ``{"msg": ...}``)."""
    return {"id": m.id, "args": {str(k): data(v) for k, v in m.args.items()}}


def msg_from_json(obj: Mapping[str, Any]) -> Msg:
    """The :class:`~engine.message.Msg` of :func:`msg_json`'s data (what a
    client renders with ``engine.text.render(m, lang)``)."""
    def back(v: Any) -> Any:
        if isinstance(v, dict):
            if set(v) == {"msg"} and isinstance(v["msg"], dict):
                return msg_from_json(v["msg"])
            return {k: back(x) for k, x in v.items()}
        if isinstance(v, list):
            return [back(x) for x in v]
        return v
    return Msg(str(obj["id"]), {str(k): back(v) for k, v in dict(obj.get("args") or {}).items()})


def verdict_json(v: Verdict) -> dict[str, Any]:
    """A verdict as data: ``ok``, ``reason`` (code), ``rule`` (RULES.md id),
    ``evidence`` and ``text`` (its message as data, evidence and rule included:
    :attr:`~engine.verdict.Verdict.msg`).  No sentence."""
    return {"ok": v.ok, "reason": v.reason.value, "rule": v.rule, "evidence": data(dict(v.evidence)),
            "text": msg_json(v.msg)}


# ----------------------------------------------------------------- views
#: Fields of a view a frame leaves out: the spec and rules (sent once, in the table's
#: description) and the past hands as the engine holds them (the last one is sent in full as
#: ``last_result``; every one, without its cards, as the state frame's ``results``: :func:`results_json`).
_VIEW_SKIP = frozenset({"spec", "rules", "results"})


def data(v: Any, memo: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """Any engine value as JSON data: cards as codes, suits as letters,
    tricks as ``{"leader", "cards", "winner"}``, actions as
    :func:`action_to_json` writes them (bids with numbers), messages as
    :func:`msg_json`, frozen records field by field.  ``memo`` (id → (value,
    data)) keeps the data of finished tricks and hands, which do not change
    and which every seat's view shares: each is written once per table."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return int(v) if not isinstance(v, Enum) else _enum(v)
    if isinstance(v, float):
        return v if math.isfinite(v) else str(v)
    if isinstance(v, Card):
        return v.code
    if isinstance(v, Enum):
        return _enum(v)
    if isinstance(v, Trick):
        if memo is None or v.winner is None:
            return v.to_json()
        hit = memo.get(id(v))
        if hit is None or hit[0] is not v:
            hit = memo[id(v)] = (v, v.to_json())
        return hit[1]
    if isinstance(v, HandResult) and memo is not None:
        hit = memo.get(id(v))
        if hit is None or hit[0] is not v:
            hit = memo[id(v)] = (v, {f.name: data(getattr(v, f.name)) for f in dataclasses.fields(v)})
        return hit[1]
    if isinstance(v, Msg):
        return {"msg": msg_json(v)}
    if isinstance(v, ScoreLine):
        d = v.to_json("who")
        del d["item"]  # the English words of a hand record; the message below says it in any language
        if v.bags:
            d["bags"] = v.bags
        if v.msg is not None:
            d["text"] = msg_json(v.msg)
        return d
    if isinstance(v, (Play, Bid, Pass, Look, Draw)):
        return {"seat": v.seat, **_plain_action(v)}
    if isinstance(v, GameRules):
        return v.to_json()
    if isinstance(v, Mapping):
        return {str(k): data(x, memo) for k, x in v.items()}
    if isinstance(v, (list, tuple, set, frozenset)):
        items = sorted(v, key=repr) if isinstance(v, (set, frozenset)) else v
        return [data(x, memo) for x in items]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: data(getattr(v, f.name), memo) for f in dataclasses.fields(v) if f.name not in _VIEW_SKIP}
    return str(v)


def _enum(v: Enum) -> Any:
    if isinstance(v, Suit):
        return v.letter
    return v.value


def _plain_action(a: Action) -> dict[str, Any]:
    if isinstance(a, Bid):
        return {"bid": "blind_nil" if a.blind else a.value}
    if isinstance(a, Play):
        return {"play": a.card.code}
    if isinstance(a, Pass):
        return {"pass": [c.code for c in a.cards]}
    if isinstance(a, Draw):
        return {"draw": "keep" if a.keep else "discard"}
    return {"look": True}


def view_json(view: Any, memo: dict[int, tuple[Any, Any]] | None = None) -> dict[str, Any]:
    """What one seat may see (its :class:`~engine.views.SeatView`, any
    game's subclass with its own fields) as JSON data; legal actions as the
    protocol's actions (``{"bid": "nil"}``).  ``memo``: see :func:`data`."""
    out = data(view, memo)
    spec = view.spec
    out["legal"] = [action_to_json(spec, a) for a in view.legal]
    out["last_result"] = data(view.results[-1], memo) if view.results else None
    out["hands_played"] = len(view.results)
    return dict(out)


#: Fields of a finished hand that ``results`` leaves out (``last_result`` keeps them): its cards.
_RESULT_SKIP = frozenset({"tricks", "turn_up"})


def results_json(results: Sequence[Any], memo: dict[int, tuple[Any, Any]] | None = None) -> list[dict[str, Any]]:
    """Every finished hand of a game (its :class:`~engine.views.HandResult` list)
    as a state frame's ``results``: each as ``last_result`` without its cards
    (``tricks``, ``turn_up``), the whole game so far for a score sheet."""
    return [{k: v for k, v in data(r, memo).items() if k not in _RESULT_SKIP} for r in results]


def _agree(values: list[Any]) -> Any:
    """What every seat's value agrees on: the value if all are equal; lists of
    one length item by item; else None."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1:
        return [_agree([v[i] for v in values]) for i in range(len(first))]
    return None


def public_view_json(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The public view: of the seats' views (:func:`view_json`, one per
    seat), each field as far as every seat sees it alike (a hand becomes a
    list of nulls, one per card; a sealed bid null until shown), ``seat``
    and ``legal`` left out."""
    out = {}
    for key in views[0]:
        if key in ("seat", "legal", "looked"):
            continue
        out[key] = _agree([v.get(key) for v in views])
    return out
