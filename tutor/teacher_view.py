"""The teacher's projector view of a table server's table (issue 35): :class:`TeacherView`.

With the teacher key the server prints (typed, or from the page link
``?teacher=KEY``: a link to keep to oneself), the teacher sees every hand of a
table at once (the server sends a teacher every hand, TABLE_PROTOCOL.md),
opens a table of any game the server plays, puts a computer player in a
seat, and deals the next hand.  The page's own WebSocket carries the frames
(:class:`tutor.relay.SocketRelay`, one of its own beside the player's).
Every word is a catalogue entry; every callback is guarded.
"""
from __future__ import annotations

import html
from typing import Any, Callable
from urllib.parse import parse_qs

import ipywidgets as W

from engine.registry import spec_for, specs

from .card_faces import table_card_html
from .common import Feedback, guarded
from .relay import SocketRelay
from .remote_session import HubLogin
from .table.view import TABLE_CSS
from .text import M_, say

__all__ = ["TeacherView", "teacher_key_from_query"]

# TRANSLATORS: the title of the teacher's part of the Play with others section (folded away).
TITLE = M_("teacher.title", "For the teacher: every hand on the projector")
# TRANSLATORS: the label of the box for the teacher key the table server printed.
KEY = M_("teacher.key", "Teacher key")
# TRANSLATORS: a button: show every hand of the table whose code is given.
SHOW = M_("teacher.show", "Show every hand")
# TRANSLATORS: the label of the choice of game for a new table.
GAME = M_("teacher.game", "Game")
# TRANSLATORS: a game and its number of seats in the choice above: {game} "Spades", {n} 4.
GAME_SEATS = M_("teacher.game_seats", "{game}, {n} seats")
# TRANSLATORS: a button: open a new table of the chosen game (every seat starts with a computer player, free for people).
OPEN = M_("teacher.open", "Open a table")
# TRANSLATORS: after a table was opened: {code} its code, to give the players.
OPENED = M_("teacher.opened", "Table {code} is open. Give the players this code with the server's address.")
# TRANSLATORS: the label of the seat choice for a computer player.
SEAT = M_("teacher.seat", "Seat")
# TRANSLATORS: a button: a computer player plays the chosen seat.
COMPUTER = M_("teacher.computer", "Computer player there")
# TRANSLATORS: a button: deal the next hand of the table.
DEAL = M_("teacher.deal", "Deal the next hand")
# TRANSLATORS: the server did not accept the teacher key.
BAD_KEY = M_("teacher.bad_key", "This is not the teacher key of this table server.")
# TRANSLATORS: in a seat's line: a person sits there ({name}: the name they typed, or nothing).
PERSON = M_("teacher.person", "person {name}")
# TRANSLATORS: in a seat's line: a computer player plays the seat.
BOT = M_("teacher.bot", "computer player")
# TRANSLATORS: in a seat's line: the seat is free for a person.
FREE = M_("teacher.free", "free seat")
# TRANSLATORS: in a seat's line: its bid ({bid}) and the tricks it has won ({won}).
BID_WON = M_("teacher.bid_won", "bid {bid} · won {won}")
# TRANSLATORS: the server refused a teacher's frame: {code} its technical name.
REFUSED = M_("teacher.refused", "The table server refused that ({code}).")


def teacher_key_from_query(query: str) -> str:
    """The ``teacher`` of a page link's query ("" when none)."""
    key = (parse_qs((query or "").lstrip("?")).get("teacher") or [""])[0].strip()
    return "".join(ch for ch in key if ch.isalnum() or ch in "-_")[:64]


class TeacherView(W.VBox):
    """``server()`` and ``code()`` give the address and the table code (the
    join form's boxes); ``set_code(code)`` fills the code in after a table is opened."""

    def __init__(self, server: Callable[[], str | None], code: Callable[[], str], set_code: Callable[[str], Any],
                 query: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tt-teacher")
        self._server, self._code, self._set_code = server, code, set_code
        self.relay = SocketRelay()
        self.relay.on_frame(self._on_frame)
        self.relay.observe(self._on_status, names="status")
        self.feedback = Feedback()
        self.state: dict[str, Any] | None = None
        self._queue: list[dict[str, Any]] = []
        self._ids = 0
        wide = W.Layout(width="auto", max_width="100%")
        style = {"description_width": "initial"}
        self.key = W.Password(description=say(KEY), value=teacher_key_from_query(query), layout=wide, style=style)
        self.show_btn = self._button(SHOW, self._on_show, "tt-teacher-show", "primary")
        choices = [(say(GAME_SEATS, game=say(sp.title), n=n), f"{sp.name}:{n}")
                   for sp in specs() for n in sp.seat_counts]
        self.game = W.Dropdown(options=choices, description=say(GAME), layout=wide, style=style)
        self.open_btn = self._button(OPEN, self._on_open, "tt-teacher-open")
        self.seat = W.Dropdown(options=[], description=say(SEAT), layout=W.Layout(width="auto", min_width="12em"),
                               style=style)
        self.computer_btn = self._button(COMPUTER, self._on_computer, "tt-teacher-computer")
        self.deal_btn = self._button(DEAL, self._on_deal, "tt-teacher-deal", "success")
        self.board = W.HTML()
        self.board.add_class("tt-teacher-board")
        row1 = W.HBox([self.game, self.open_btn])
        row2 = W.HBox([self.seat, self.computer_btn, self.deal_btn])
        for r in (row1, row2):
            r.layout.flex_flow = "row wrap"
        body = W.VBox([self.key, self.show_btn, row1, row2, self.feedback, self.board, self.relay])
        self.fold = W.Accordion(children=[body], titles=(say(TITLE),), selected_index=0 if self.key.value else None)
        self.children = [self.fold]

    def _button(self, entry: Any, fn: Callable[[], Any], cls: str, style: str = "") -> W.Button:
        b = W.Button(description=say(entry), button_style=style, layout=W.Layout(width="auto"))
        b.on_click(lambda _b: fn())
        b.add_class(cls)
        return b

    # ------------------------------------------------------------ frames out
    def _login(self) -> dict[str, Any]:
        """The teacher key; with no key typed, in a JupyterHub, the hub token for this hub's own
        table server (a user of its teachers' group is a teacher without the key: docs/SCALING.md)."""
        hub = HubLogin.from_env()
        token = hub.token_for(self._server() or "", self.relay.origin) if hub else None
        if not self.key.value.strip() and token:
            return {"type": "hello", "hub_token": token}
        return {"type": "teacher", "key": self.key.value.strip()}

    def _frame_out(self, frame: dict[str, Any]) -> None:
        url = self._server()
        if url is None:
            return
        self._ids += 1
        frame = {"v": 1, "id": self._ids, **frame}
        if self.relay.url != url:
            self._queue = [{"v": 1, "id": 0, **self._login()}, frame]
            self.relay.url = url
        elif self.relay.status == "open":
            self.relay.send_frame(frame)
        else:
            self._queue.append(frame)

    @guarded()
    def _on_status(self, change: dict) -> None:
        if change["new"] == "open":
            queue, self._queue = self._queue or [{"v": 1, "id": 0, **self._login()}], []
            if self.state is not None and not any(f.get("type") == "watch" for f in queue):
                queue.append({"v": 1, "id": 0, "type": "watch", "table": self.state["table"]})
            for f in queue:
                self.relay.send_frame(f)

    @guarded()
    def _on_show(self) -> None:
        self.feedback.clear()
        self._frame_out(self._login())
        self._frame_out({"type": "watch", "table": self._code()})

    @guarded()
    def _on_open(self) -> None:
        name, n = str(self.game.value).split(":")
        self._frame_out(self._login())
        self._frame_out({"type": "open_table", "game": name, "seats": int(n), "level": 2})

    @guarded()
    def _on_computer(self) -> None:
        if self.state is not None and self.seat.value is not None:
            self._frame_out({"type": "seat_computer", "table": self.state["table"], "seat": int(self.seat.value)})

    @guarded()
    def _on_deal(self) -> None:
        if self.state is not None:
            self._frame_out({"type": "next_hand", "table": self.state["table"]})

    # ------------------------------------------------------------ frames in
    @guarded()
    def _on_frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "table_opened":
            code = str(frame["table"])
            self._set_code(code)
            self.feedback.show_ok(say(OPENED, code=code))
            self._frame_out({"type": "watch", "table": code})
        elif kind == "state" and "hands" in frame:
            self.state = frame
            self._draw()
        elif kind == "error":
            self.feedback.show_error(say(BAD_KEY) if frame.get("code") in ("bad_key", "not_teacher")
                                     else say(REFUSED, code=str(frame.get("code"))))

    def _draw(self) -> None:
        st = self.state
        assert st is not None
        info, view = st["info"], st["view"]
        spec = spec_for(info["game"], int(info["seats"]))
        names = [spec.seat_name(s) for s in range(int(info["seats"]))]
        if [v for _l, v in self.seat.options] != list(range(len(names))):
            self.seat.options = [(n, s) for s, n in enumerate(names)]
            self.seat.value = 0
        bids = st.get("bids") or view.get("bids") or []
        won = view.get("tricks_won") or []
        trick = (view.get("current_trick") or {})
        played = {}
        if trick.get("cards"):
            for i, c in enumerate(trick["cards"]):
                played[(int(trick["leader"]) + i) % len(names)] = c
        rows = []
        for s, name in enumerate(names):
            p = (info.get("players") or [{}] * len(names))[s]
            who = (say(PERSON, name=p.get("name") or "") if p.get("kind") == "person"
                   else say(BOT) if p.get("kind") == "computer" else say(FREE))
            bid = bids[s] if s < len(bids) and bids[s] is not None else "—"
            cards = "".join(table_card_html(c, True) for c in (st["hands"].get(str(s)) or []))
            now = table_card_html(played[s], True) if s in played else ""
            rows.append(f"<div class='tt-teacher-seat' data-seat='{s}'><b>{html.escape(name)}</b> "
                        f"<small>{html.escape(who)} · {html.escape(say(BID_WON, bid=bid, won=won[s] if s < len(won) else 0))}"
                        f"</small><div class='tt-teacher-cards'>{cards} {now}</div></div>")
        self.board.value = (f"<style>{TABLE_CSS}.tt-teacher-seat{{margin:6px 0}}.tt-teacher-cards{{display:flex;"
                            "flex-wrap:wrap;gap:2px}</style>" + "".join(rows))
