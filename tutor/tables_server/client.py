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

from engine.text import render

from .protocol import VERSION, msg_from_json

try:  # the websockets package, when installed
    from websockets.asyncio.client import connect as _ws_connect
except ImportError:  # pragma: no cover - tornado's client instead
    _ws_connect = None
    from tornado.websocket import websocket_connect

__all__ = ["TableClient", "ConnectionGone", "refusal_text"]


class ConnectionGone(Exception):
    """The server closed the connection (or went away)."""


def refusal_text(frame: dict[str, Any], lang: str) -> str:
    """A ``refused`` frame's verdict as a sentence in ``lang`` (``"so"``,
    ``"ha"``, ``"ceb"``, ``"en"``), from its message data."""
    return render(msg_from_json(frame["verdict"]["text"]), lang)


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
        if _ws_connect is not None:
            ws = await asyncio.wait_for(_ws_connect(url, max_size=2 ** 22, compression=None,
                                                    open_timeout=timeout), timeout)
        else:  # pragma: no cover
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
        except Exception as e:  # noqa: BLE001
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
