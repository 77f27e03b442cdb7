"""The browser's WebSocket, relayed to the kernel (issue 35): :class:`SocketRelay`.

A table server (docs/TABLE_PROTOCOL.md) speaks WebSocket.  Python in the
static site (Pyodide) cannot open a socket, and a page should reach the
server from the learner's own machine anyway, so the page's JavaScript opens
it (``tutor/static/relay.js``: ``new WebSocket(url)``) and passes each text
frame to the kernel as a custom widget message, and the kernel's frames
back the same way.  One code path for Voila and the static site.

The relay also reads the page's address (``search``: a join link's
``?table=CODE&server=ws://HOST:PORT/ws``; ``page``: the address before it, for the
join link a teacher shows) and keeps seat tokens, and the table this browser
last sat at (:data:`LAST_TABLE_KEY`), in the browser's ``localStorage``
(:meth:`SocketRelay.store`; read back into ``stored`` when the page opens), so
a reload gets the seat back, with or without the link.
"""
from __future__ import annotations

import json
import logging
import pathlib
from typing import Any, Callable

import anywidget
import traitlets

__all__ = ["LAST_TABLE_KEY", "SocketRelay"]

log = logging.getLogger("tutor.relay")

_STATIC = pathlib.Path(__file__).parent / "static"

#: The localStorage key of the table this browser last took a seat at (JSON: server, table, name, seat);
#: relay.js keeps this key and those starting with ``tricktutor-seat-`` (the seat tokens), no other.
LAST_TABLE_KEY = "tricktutor-last-table"


class SocketRelay(anywidget.AnyWidget):
    """Shows nothing.  Set :attr:`url` (``ws://HOST:PORT/ws``, or a path such as
    ``/services/tables/ws``: on the page's own host, ``wss://`` on an https page) to connect
    ("" closes); :attr:`origin` is the page's origin; :attr:`status` is ``idle``, ``connecting``, ``open``,
    ``closed`` (it tries again every 2 s) or ``error``.  :meth:`send_frame`
    sends a frame (queued until the socket is open); each frame received is
    given, parsed, to the callback of :meth:`on_frame`."""

    _esm = _STATIC / "relay.js"

    url = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("idle").tag(sync=True)
    search = traitlets.Unicode("").tag(sync=True)
    origin = traitlets.Unicode("").tag(sync=True)   # the page's own origin (https://hub.example.org)
    #: the page's own address without its query (``origin + pathname``): the base of a join link
    page = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._frame_callback: Callable[[dict[str, Any]], Any] | None = None
        self.sent: list[dict[str, Any]] = []
        self.on_msg(self._on_custom)

    def on_frame(self, callback: Callable[[dict[str, Any]], Any] | None) -> None:
        """Give each frame received to ``callback`` (one at a time: it replaces the last; None: none)."""
        self._frame_callback = callback

    def send_frame(self, frame: dict[str, Any]) -> None:
        self.sent.append(frame)
        self.send({"type": "frame", "text": json.dumps(frame)})

    def store(self, key: str, value: str) -> None:
        """Keep ``key`` (it starts with ``tricktutor-seat-``, or is :data:`LAST_TABLE_KEY`) in the browser's
        localStorage; an empty ``value`` removes it."""
        self.stored = {**self.stored, key: value}
        self.send({"type": "store", "key": key, "value": value})

    def reconnect(self) -> None:
        self.send({"type": "reconnect"})

    def receive_text(self, text: str) -> None:
        """A frame's text as the browser received it (also a test's way in)."""
        try:
            frame = json.loads(text)
        except ValueError:
            log.warning("not a JSON frame from the table server: %.80r", text)
            return
        if not isinstance(frame, dict):
            return
        if self._frame_callback is not None:
            self._frame_callback(frame)

    def _on_custom(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "frame" and isinstance(content.get("text"), str):
            self.receive_text(content["text"])
