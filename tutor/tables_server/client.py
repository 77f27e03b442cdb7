"""A small asyncio client of the table protocol (docs/TABLE_PROTOCOL.md).

Used by the tests and ``benchmarks/table_load.py``; a model for a client in
another language.  It speaks through the ``websockets`` package when it is
installed, else through tornado's ``websocket_connect``.

>>> # c = await TableClient.connect("ws://127.0.0.1:8765/ws")
>>> # reply = await c.request("take_seat", table=CODE, seat=0)

Every frame received is kept in :attr:`TableClient.frames` (in order, as
parsed JSON); :attr:`TableClient.state` is the latest ``state`` frame.
:func:`refusal_text` renders a refusal in the reader's language with the
engine's catalogue: the server sends data, the client writes the words.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import time
from typing import Any, Callable

from engine.cards import DECK
from engine.text import render

from .protocol import VERSION, msg_from_json

_ws_connect: Any
try:  # the websockets package, when installed
    from websockets.asyncio.client import connect as _ws_connect
except ImportError:  # pragma: no cover - tornado's client instead
    _ws_connect = None
    from tornado.websocket import websocket_connect

__all__ = ["TableClient", "ConnectionGone", "refusal_text", "LeakCheck", "cards_named"]

_CARDS = frozenset(c.code for c in DECK)


class ConnectionGone(Exception):
    """The server closed the connection (or went away)."""


def refusal_text(frame: dict[str, Any], lang: str) -> str:
    """A ``refused`` frame's verdict as a sentence in ``lang`` (``"so"``,
    ``"ha"``, ``"ceb"``, ``"en"``), from its message data."""
    return render(msg_from_json(frame["verdict"]["text"]), lang)


def cards_named(obj: Any) -> set[str]:
    """Every card code anywhere in a frame (its values, at any depth)."""
    if isinstance(obj, str):
        return {obj} if obj in _CARDS else set()
    out: set[str] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            out |= cards_named(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_named(v)
    return out


class LeakCheck:
    """Finds frames that named another seat's hidden card.

    Feed it every state frame a teacher received (:meth:`teacher_frame`:
    each one gives every hand at its action number ``seq``) and, in the
    order received, every frame a seat's connection received
    (:meth:`seat_frame`).  A seat's frame at ``seq`` leaks when it names a
    card that another seat held at that ``seq``, unless the seat itself held
    or was shown it this hand (its ``hand``, ``draw_card`` or ``legal`` in an
    earlier frame: a card it passed its partner, a two-player discard) or it
    lies in ``last_result`` (a finished hand: every card played).
    :attr:`leaks` lists them; :attr:`unchecked` counts frames whose ``seq``
    no teacher frame covered."""

    def __init__(self) -> None:
        self.truth: dict[tuple[str, int], dict[int, set[str]]] = {}
        self.own: dict[tuple[str, int], tuple[Any, set[str]]] = {}
        self.pending: dict[tuple[str, int], list[tuple[int, set[str]]]] = {}
        self.leaks: list[tuple[str, int, int, list[str]]] = []
        self.checked = 0

    def teacher_frame(self, f: dict[str, Any]) -> None:
        if f.get("type") != "state" or "hands" not in f:
            return
        key = (f["table"], f["seq"])
        self.truth[key] = {int(s): set(cards) for s, cards in f["hands"].items()}
        for seat, named in self.pending.pop(key, []):
            self._check(key, seat, named)

    def seat_frame(self, seat: int, f: dict[str, Any]) -> None:
        if "seq" not in f or "table" not in f:
            return
        view = f.get("view") or {}
        key = (f["table"], seat)
        number, own = self.own.get(key, (None, set()))
        if "hand_number" in view and view["hand_number"] != number:
            number, own = view["hand_number"], set()
        current = dict(f, view={k: v for k, v in view.items() if k != "last_result"}) if view else f
        named = cards_named(current) - own
        own = own | set(view.get("hand") or []) | cards_named(view.get("draw_card")) | cards_named(
            view.get("legal") or [])
        self.own[key] = (number, own)
        tkey = (f["table"], f["seq"])
        if tkey in self.truth:
            self._check(tkey, seat, named)
        else:
            self.pending.setdefault(tkey, []).append((seat, named))

    def _check(self, key: tuple[str, int], seat: int, named: set[str]) -> None:
        self.checked += 1
        hidden = {c for s, cards in self.truth[key].items() if s != seat for c in cards}
        bad = named & hidden
        if bad:
            self.leaks.append((key[0], key[1], seat, sorted(bad)))

    @property
    def unchecked(self) -> int:
        return sum(len(v) for v in self.pending.values())


def _retrieved(fut: "asyncio.Future[Any]") -> None:
    if not fut.cancelled():
        fut.exception()


class _TornadoSocket:
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def send(self, text: str) -> None:
        await self.conn.write_message(text)

    async def recv(self) -> str:
        m = await self.conn.read_message()
        if m is None:
            raise ConnectionGone()
        return str(m)

    async def close(self) -> None:
        self.conn.close()


class TableClient:
    """One connection to a table server."""

    def __init__(self, ws: Any, keep: bool = True) -> None:
        self.ws = ws
        self.keep = keep
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.closed = False
        self._ids = itertools.count(1)
        self._waiting: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self._changed = asyncio.Event()
        self.on_frame: Callable[[dict[str, Any], float], None] | None = None
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, url: str, keep: bool = True, timeout: float = 5.0) -> "TableClient":
        """Connect to ``url`` (``ws://HOST:PORT/ws``); OSError when nobody listens."""
        ws: Any
        if _ws_connect is not None:
            ws = await asyncio.wait_for(_ws_connect(url, max_size=2 ** 22, compression=None,
                                                    open_timeout=timeout), timeout)
        else:  # pragma: no cover - only without the websockets package (the test extra brings it)
            ws = _TornadoSocket(await asyncio.wait_for(websocket_connect(url), timeout))
        client = cls(ws, keep)
        await client.wait_for(lambda f: f.get("type") == "welcome", timeout)
        return client

    async def _read(self) -> None:
        try:
            while True:
                text = await self.ws.recv()
                now = time.perf_counter()
                frame = json.loads(text)
                if self.keep:
                    self.frames.append(frame)
                else:
                    self.frames[:] = [frame]
                if frame.get("type") == "state":
                    self.state = frame
                if self.on_frame is not None:
                    self.on_frame(frame, now)
                fut = self._waiting.pop(frame.get("re"), None) if "re" in frame else None
                if fut is not None and not fut.done():
                    fut.set_result(frame)
                self._changed.set()
        except Exception:  # noqa: BLE001 - any end of the connection
            pass
        finally:
            self.closed = True
            for fut in self._waiting.values():
                if not fut.done():
                    fut.set_exception(ConnectionGone())
            self._waiting.clear()
            self._changed.set()

    async def send_raw(self, text: str | bytes) -> None:
        try:
            await self.ws.send(text)
        except Exception as e:
            raise ConnectionGone() from e

    async def send(self, type: str, **fields: Any) -> int:
        """Send a frame (``v`` and an ``id`` added); returns its id."""
        fid = next(self._ids)
        await self.send_raw(json.dumps({"v": VERSION, "type": type, "id": fid, **fields}))
        return fid

    async def request(self, type: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        """Send a frame and wait for the reply that names it (``re``)."""
        fid = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        fut.add_done_callback(_retrieved)  # a reply lost with the connection is no unhandled error
        self._waiting[fid] = fut
        await self.send_raw(json.dumps({"v": VERSION, "type": type, "id": fid, **fields}))
        return await asyncio.wait_for(fut, timeout)

    async def wait_for(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0,
                       start: int = 0) -> dict[str, Any]:
        """The first frame from index ``start`` on for which ``pred`` is true (waits for it)."""
        deadline = time.monotonic() + timeout
        i = start
        while True:
            while i < len(self.frames):
                if pred(self.frames[i]):
                    return self.frames[i]
                i += 1
            if self.closed:
                raise ConnectionGone()
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise asyncio.TimeoutError()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def wait_state(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        """The latest state frame once ``pred`` holds for it."""
        deadline = time.monotonic() + timeout
        while True:
            if self.state is not None and pred(self.state):
                return self.state
            if self.closed:
                raise ConnectionGone()
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise asyncio.TimeoutError()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def close(self) -> None:
        try:
            await self.ws.close()
        except Exception:  # noqa: BLE001
            pass
        self._reader.cancel()
