"""The teacher's projector view of a table server's table (issue 35): :class:`TeacherView`.

With the teacher key the server prints (typed, or from the page link
``?teacher=KEY``: a link to keep to oneself), the teacher sees every hand of a
table at once (the server sends a teacher every hand, TABLE_PROTOCOL.md),
opens a table of any game the server plays, puts a computer player in a
seat, deals the next hand, and closes the table ("Close the table", then
"Yes, close it": one slip never ends a class's game).  The page's own WebSocket carries the frames
(:class:`tutor.relay.SocketRelay`, one of its own beside the player's).
Every word is a catalogue entry; every callback is guarded.
"""
from __future__ import annotations

import base64
import functools
import html
import ipaddress
import json
from typing import Any, Callable, TypeVar
from urllib.parse import parse_qs, urlsplit

import ipywidgets as W

from engine.message import Msg
from engine.registry import spec_for, specs
from engine.spec import GameSpec
from engine.text import get_language, language, render

from .card_faces import table_card_html
from .common import Feedback, guarded
from .games import look_for
from .relay import SocketRelay
from .remote_session import SEAT_N, WHO_NAMELESS, HubLogin, seat_player
from .table.game_table import DOWNLOAD
from .table.view import TABLE_CSS
from .tables_server.links import invitation_link, join_link, qr_svg
from .tables_server.protocol import msg_from_json
from .text import M_, P_, say

__all__ = ["TeacherView", "bid_text", "seat_label", "teacher_key_from_query"]

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
# TRANSLATORS: in a seat's line: the person is connected and plays the seat.
HERE = M_("teacher.here", "connected")
# TRANSLATORS: in a seat's line: the person's connection dropped (or the invited person has not come yet); the seat is kept for them.
AWAY = M_("teacher.away", "away: the seat is kept for them")
# TRANSLATORS: in a seat's line: the person is away and a computer player plays for them until they come back.
STANDIN = M_("teacher.standin", "away: a computer player plays for them")
# TRANSLATORS: in a seat's line: its bid ({bid}: a number, or Nil, Blind Nil) and the tricks it has won ({won}).
BID_WON = M_("teacher.bid_won", "bid {bid} · won {won}")
# TRANSLATORS: a button: the chosen seat's person leaves it and it is free for another person.
FREE_SEAT = M_("teacher.free_seat", "Free the seat")
# TRANSLATORS: a button: the chosen seat's computer player leaves it, free for a person.
BOT_OUT = M_("teacher.bot_out", "Take the computer player out")
# TRANSLATORS: the label of the box for the name of a person the teacher keeps a seat for.
FOR_NAME = M_("teacher.for_name", "Name")
# TRANSLATORS: a button: keep the chosen seat for the person named in the box beside it (an invitation).
INVITE = M_("teacher.invite", "Keep the seat for this person")
# TRANSLATORS: a button: download the table's game as a hand record (a file).
RECORDS = M_("teacher.records", "Download the hand records")
# TRANSLATORS: after the records arrived: {n} finished hands are in the file (the hand being played too, if any).
RECORDS_READY = P_("teacher.records_ready", "The file holds {n} finished hand. Press the link to keep it.",
                   "The file holds {n} finished hands. Press the link to keep it.")
# TRANSLATORS: above the QR code on the projector: the players scan it, or type the link below it.
JOIN = M_("teacher.join", "Join this table: scan the code or open the link.")
# TRANSLATORS: under the join link when it names this computer only (127.0.0.1 or localhost): phones cannot reach it.
LOCAL_ONLY = M_("teacher.local_only", "This link works on this computer only (127.0.0.1 or localhost). For the "
                                      "players' phones, start the table server with --host 0.0.0.0 --site _site: its "
                                      "join links name this computer's network address and open the app from it.")
# TRANSLATORS: the folded invitation: {name} the person's name, {seat_name} the seat ("North", "Seat 3"). Only the teacher opens it.
INVITED = M_("teacher.invited", "Invitation for {name} ({seat_name}): give this link to that person only, not on the "
                                "projector.")
# TRANSLATORS: the feedback after an invitation was made: {seat_name} the seat kept.
INVITED_OK = M_("teacher.invited_ok", "{seat_name} is kept for that person. Their link is under the buttons (folded).")
# TRANSLATORS: a button: close the table shown (its game ends for everyone at it); a question follows first.
CLOSE = M_("teacher.close", "Close the table")
# TRANSLATORS: the question after "Close the table" was pressed: {code} the table's code.
CLOSE_ASK = M_("teacher.close_ask", "Close table {code}? Its game ends for everyone at it, and the players' pages "
                                    "say that the teacher closed it. Download the hand records first if you want "
                                    "them.")
# TRANSLATORS: a button under the question above: close the table now.
CLOSE_YES = M_("teacher.close_yes", "Yes, close it")
# TRANSLATORS: a button under the question above: do not close the table.
CLOSE_NO = M_("teacher.close_no", "No, keep it open")
# TRANSLATORS: after a table was closed: {code} its code. The teacher can open another one.
CLOSED = M_("teacher.closed", "Table {code} is closed: its players have left it. You can open a new table.")
# TRANSLATORS: the teacher's change of a seat was done.
DONE = M_("teacher.done", "Done.")
# TRANSLATORS: the server refused: the table code names no open table (it was closed, or the code is wrong).
NO_TABLE = M_("teacher.no_table", "The table server has no open table with the code {code}.")
# TRANSLATORS: the server refused: a person sits at that seat ({seat_name}); free it first.
SEAT_TAKEN = M_("teacher.seat_taken", "A person sits at {seat_name}. Free the seat first.")
# TRANSLATORS: the server refused: a computer player's seat ({seat_name}) is given to a person only between hands.
BETWEEN = M_("teacher.between_hands", "{seat_name} has a computer player in this hand: a person can have the seat "
                                      "only between hands. Try again when the hand ends.")
# TRANSLATORS: the server refused to deal: a hand is being played.
IN_PROGRESS = M_("teacher.hand_in_progress", "A hand is being played: the next one can be dealt when it ends.")
# TRANSLATORS: the server refused a seat this table does not have.
NO_SEAT = M_("teacher.no_seat", "This table has no such seat.")
# TRANSLATORS: the teacher pressed a button before typing the table server's address (or typed one that is not).
NEED_SERVER = M_("teacher.need_server", "Type the table server's address first (it starts with ws:// or wss://).")
# TRANSLATORS: the teacher pressed "Show every hand" before typing a table's code.
NEED_CODE = M_("teacher.need_code", "Type the table's code first, or open a new table.")
# TRANSLATORS: the server refused: too many clicks in a short time.
TOO_FAST = M_("teacher.too_fast", "Too many requests at once. Wait a moment and try again.")
# TRANSLATORS: the server refused a game, seat count or house rule: {reason} the rules engine's reason, in words.
BAD_TABLE = M_("teacher.bad_table", "The table server cannot open that table: {reason}")
# TRANSLATORS: the server refused a teacher's frame for another reason: {code} its technical name.
REFUSED = M_("teacher.refused", "The table server refused that ({code}).")
# TRANSLATORS: the connection to the table server was lost; the page tries again by itself.
LOST = M_("teacher.lost", "The connection to the table server is lost. Trying again…")

#: The name of a downloaded table's hand record (the table's code in it).
RECORD_FILE = "tricktutor-table-{code}.json"


def bid_text(bid: Any) -> str:
    """A bid as the protocol writes it (a number, ``"nil"``, ``"blind_nil"``; None: none yet) in words,
    as the table says it (the engine's bid words: Nil, Blind Nil)."""
    if bid is None:
        return "—"
    if isinstance(bid, str):
        return render(Msg("bid.name", {"bid_words": bid}))
    return str(bid)


F = TypeVar("F", bound=Callable[..., Any])


def _spoken(fn: F) -> F:
    """A callback speaks the language the view was built in (the page's: the app builds the view again
    on a change of language), whichever context the frame or the click arrives in."""
    @functools.wraps(fn)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with language(self.lang):
            return fn(self, *args, **kwargs)
    return wrapper  # type: ignore[return-value]


def seat_label(spec: GameSpec, seat: int) -> str:
    """A seat's name as the join form and the teacher's board say it: North, East … where the game
    names its seats, else Seat 1, Seat 2 … (Oh Hell, Spades for two)."""
    if look_for(spec).own_names:
        return say(SEAT_N, number=seat + 1)
    return spec.seat_name(seat)


def teacher_key_from_query(query: str) -> str:
    """The ``teacher`` of a page link's query ("" when none)."""
    key = (parse_qs((query or "").lstrip("?")).get("teacher") or [""])[0].strip()
    return "".join(ch for ch in key if ch.isalnum() or ch in "-_")[:64]


class TeacherView(W.VBox):
    """``server()`` and ``code()`` give the address and the table code (the
    join form's boxes); ``set_code(code)`` fills the code in after a table is opened.
    ``previous``: the view this one replaces (the page laid out again in another
    language): its connection, table and key are kept, the board redrawn in the new words."""

    relay: SocketRelay
    key: W.Password
    _ids: int

    def __init__(self, server: Callable[[], str | None], code: Callable[[], str], set_code: Callable[[str], Any],
                 query: str = "", previous: TeacherView | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tt-teacher")
        self._server, self._code, self._set_code = server, code, set_code
        self._detached = False
        #: the language the view speaks (the page's when it was built)
        self.lang = get_language()
        self.relay = previous.relay if previous is not None else SocketRelay()
        self.relay.observe(self._on_status, names="status")
        self.relay.observe(self._on_page, names="page")
        self.relay.observe(self._on_search, names="search")
        self.feedback = Feedback()
        self.state: dict[str, Any] | None = previous.state if previous is not None else None
        self._queue: list[dict[str, Any]] = previous._queue if previous is not None else []
        self._ids = previous._ids if previous is not None else 0
        #: the frames sent, by id: an answer (or an error) is read against what was asked
        self._asked: dict[int, dict[str, Any]] = previous._asked if previous is not None else {}
        #: the last hand record received (its table's code, the record, its finished hands) and invitation
        self._record: tuple[str, Any, int] | None = previous._record if previous is not None else None
        self._invitation: tuple[str, int, str, str] | None = previous._invitation if previous is not None else None
        wide = W.Layout(width="auto", max_width="100%")
        style = {"description_width": "initial"}
        key = previous.key.value if previous is not None else teacher_key_from_query(query)
        self.key = W.Password(description=say(KEY), value=key, layout=wide, style=style)
        self.show_btn = self._button(SHOW, self._on_show, "tt-teacher-show", "primary")
        choices = [(say(GAME_SEATS, game=say(sp.title), n=n), f"{sp.name}:{n}")
                   for sp in specs() for n in sp.seat_counts]
        self.game = W.Dropdown(options=choices, description=say(GAME), layout=wide, style=style)
        if previous is not None:
            self.game.value = previous.game.value
        self.open_btn = self._button(OPEN, self._on_open, "tt-teacher-open")
        self.seat = W.Dropdown(options=[], description=say(SEAT), layout=W.Layout(width="auto", min_width="12em"),
                               style=style)
        self.seat.observe(self._on_seat, names="value")
        self.seat.add_class("tt-teacher-seat-choice")
        self.game.add_class("tt-teacher-game")
        self.name = W.Text(description=say(FOR_NAME), layout=W.Layout(width="auto", max_width="100%"), style=style)
        self.name.add_class("tt-teacher-name-box")
        self.computer_btn = self._button(COMPUTER, self._on_computer, "tt-teacher-computer")
        self.free_btn = self._button(FREE_SEAT, self._on_free, "tt-teacher-free")
        self.invite_btn = self._button(INVITE, self._on_invite, "tt-teacher-invite")
        self.deal_btn = self._button(DEAL, self._on_deal, "tt-teacher-deal", "success")
        self.records_btn = self._button(RECORDS, self._on_records, "tt-teacher-records")
        self._make_close_question()
        self.download, self.invitation, self.join, self.board = (
            self._html(f"tt-teacher-{part}") for part in ("download", "invitation", "join", "board"))
        row1 = W.HBox([self.game, self.open_btn])
        row2 = W.HBox([self.seat, self.computer_btn, self.free_btn])
        row3 = W.HBox([self.name, self.invite_btn])
        row4 = W.HBox([self.deal_btn, self.records_btn, self.close_btn])
        for r in (row1, row2, row3, row4):
            r.layout.flex_flow = "row wrap"
            r.layout.align_items = "center"
        body = W.VBox([self.key, self.show_btn, row1, row2, row3, row4, self.close_box, self.feedback,
                       self.download, self.invitation, self.join, self.board, self.relay])
        shown = bool(self.key.value) or self.state is not None
        self.fold = W.Accordion(children=[body], titles=(say(TITLE),), selected_index=0 if shown else None)
        self.children = [self.fold]
        if previous is not None:
            previous.detach()  # its frames callback off: this view's on, below
        self.relay.on_frame(self._on_frame)
        if previous is not None:
            self.name.value = previous.name.value
            if self.state is not None:
                self._draw()
                if previous.seat.value in [v for _l, v in self.seat.options]:
                    self.seat.value = previous.seat.value
            self._draw_download()
            self._draw_invitation()
        self._seat_buttons()
        if previous is not None and previous._closing is not None and self.state is not None \
                and previous._closing == self.state["table"]:
            self._on_close()  # the question still waits for its answer: asked again, in this view's words

    def _make_close_question(self) -> None:
        """"Close the table" and the question it asks first ("Yes, close it" / "No, keep it open")."""
        self.close_btn = self._button(CLOSE, self._on_close, "tt-teacher-close", "danger")
        #: the code of the table the teacher asked to close, while the question waits for an answer
        self._closing: str | None = None
        self.close_ask = W.HTML()
        self.close_yes = self._button(CLOSE_YES, self._on_close_yes, "tt-teacher-close-yes", "danger")
        self.close_no = self._button(CLOSE_NO, self._on_close_no, "tt-teacher-close-no")
        answers = W.HBox([self.close_yes, self.close_no], layout=W.Layout(flex_flow="row wrap"))
        self.close_box = W.VBox([self.close_ask, answers], layout=W.Layout(display="none"))
        self.close_box.add_class("tt-teacher-close-box")

    @staticmethod
    def _html(css_class: str) -> W.HTML:
        """An empty HTML part of the view, with its CSS class."""
        part = W.HTML()
        part.add_class(css_class)
        return part

    def detach(self) -> None:
        """Stop following the relay (a new view, in another language, takes it over); once is enough."""
        if self._detached:
            return
        self._detached = True
        self.relay.unobserve(self._on_status, names="status")
        self.relay.unobserve(self._on_page, names="page")
        self.relay.unobserve(self._on_search, names="search")
        self.relay.on_frame(None)

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

    def _can_ask(self, need_code: bool) -> bool:
        """A server's address typed (and a table's code, when ``need_code``); else the view says what to type."""
        if self._server() is None:
            self.feedback.show_error(say(NEED_SERVER))
            return False
        if need_code and not self._code():
            self.feedback.show_error(say(NEED_CODE))
            return False
        return True

    def _frame_out(self, frame: dict[str, Any]) -> None:
        url = self._server()
        if url is None:
            return
        self._ids += 1
        frame = {"v": 1, "id": self._ids, **frame}
        self._asked[self._ids] = frame
        while len(self._asked) > 256:  # frames never answered (a dropped connection) are forgotten
            del self._asked[next(iter(self._asked))]
        if self.relay.url != url:
            self._queue = [{"v": 1, "id": 0, **self._login()}, frame]
            self.relay.url = url
        elif self.relay.status == "open":
            self.relay.send_frame(frame)
        else:
            self._queue.append(frame)

    @_spoken
    @guarded()
    def _on_status(self, change: dict) -> None:
        if change["new"] == "open":
            if self.feedback.text == say(LOST):  # back again (the server restarted, the network came back)
                self.feedback.clear()
            queue, self._queue = self._queue or [{"v": 1, "id": 0, **self._login()}], []
            if self.state is not None and not any(f.get("type") == "watch" for f in queue):
                queue.append({"v": 1, "id": 0, "type": "watch", "table": self.state["table"]})
            for f in queue:
                self.relay.send_frame(f)
        elif change["new"] == "closed" and change.get("old") == "open":
            self.feedback.show_error(say(LOST))

    @_spoken
    @guarded()
    def _on_page(self, _change: dict) -> None:
        """The page's address arrived from the browser: the links are built on it."""
        self._draw_join()
        self._draw_invitation()

    @_spoken
    @guarded()
    def _on_search(self, change: dict) -> None:
        """The page's query arrived from the browser (the static site, where the kernel has no
        ``QUERY_STRING``): a ``teacher`` key in it fills the box and opens the fold."""
        key = teacher_key_from_query(change["new"])
        if key and not self.key.value:
            self.key.value = key
            self.fold.selected_index = 0

    @_spoken
    @guarded()
    def _on_seat(self, _change: dict) -> None:
        self._seat_buttons()

    def _table_seat(self) -> tuple[str, int] | None:
        if self.state is None or self.seat.value is None:
            return None
        return str(self.state["table"]), int(self.seat.value)

    @_spoken
    @guarded()
    def _on_show(self) -> None:
        self.feedback.clear()
        if not self._can_ask(need_code=True):
            return
        self._frame_out(self._login())
        self._frame_out({"type": "watch", "table": self._code()})

    @_spoken
    @guarded()
    def _on_open(self) -> None:
        name, n = str(self.game.value).split(":")
        if not self._can_ask(need_code=False):
            return
        self._frame_out(self._login())
        self._frame_out({"type": "open_table", "game": name, "seats": int(n), "level": 2})

    @_spoken
    @guarded()
    def _on_computer(self) -> None:
        where = self._table_seat()
        if where is not None:
            self._frame_out({"type": "seat_computer", "table": where[0], "seat": where[1]})

    @_spoken
    @guarded()
    def _on_free(self) -> None:
        where = self._table_seat()
        if where is not None:
            self._frame_out({"type": "free_seat", "table": where[0], "seat": where[1]})

    @_spoken
    @guarded()
    def _on_invite(self) -> None:
        where = self._table_seat()
        if where is not None:
            frame: dict[str, Any] = {"type": "invite", "table": where[0], "seat": where[1]}
            name = self.name.value.strip()[:200]
            if name:
                frame["name"] = name
            self._frame_out(frame)

    @_spoken
    @guarded()
    def _on_deal(self) -> None:
        if self.state is not None:
            self._frame_out({"type": "next_hand", "table": self.state["table"]})

    @_spoken
    @guarded()
    def _on_records(self) -> None:
        if self.state is not None:
            self._frame_out({"type": "records", "table": self.state["table"]})

    @_spoken
    @guarded()
    def _on_close(self) -> None:
        """The first step: the question, with its two buttons (one slip never ends a class's game)."""
        if self.state is None:
            return
        self._closing = str(self.state["table"])
        self.feedback.clear()  # the question alone says what is at stake
        ask = html.escape(say(CLOSE_ASK, code=self._closing))
        self.close_ask.value = f"<p class='tt-teacher-close-ask' role='alert'>{ask}</p>"
        self.close_box.layout.display = ""
        self._seat_buttons()

    @_spoken
    @guarded()
    def _on_close_yes(self) -> None:
        code, shown = self._closing, self.state["table"] if self.state is not None else None
        self._ask_no_more()
        if code is not None and code == shown:  # the table asked about is still the one shown
            self._frame_out({"type": "close_table", "table": code})

    @_spoken
    @guarded()
    def _on_close_no(self) -> None:
        self._ask_no_more()

    def _ask_no_more(self) -> None:
        self._closing = None
        self.close_ask.value = ""
        self.close_box.layout.display = "none"
        self._seat_buttons()

    # ------------------------------------------------------------ frames in
    @_spoken
    @guarded()
    def _on_frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        asked = self._asked.pop(frame["re"], None) if isinstance(frame.get("re"), int) else None
        if kind == "table_opened":
            code = str(frame["table"])
            self._set_code(code)
            self.feedback.show_ok(say(OPENED, code=code))
            self._frame_out({"type": "watch", "table": code})
        elif kind == "state" and "hands" in frame:
            if self._closing is not None and self._closing != frame["table"]:  # the question was about another
                self._ask_no_more()
            # another table (or the first one after a table was closed): its own links
            if self._record is not None and self._record[0] != frame["table"]:
                self._record = None
                self._draw_download()
            if self._invitation is not None and self._invitation[0] != frame["table"]:
                self._invitation = None
                self._draw_invitation()
            self.state = frame
            self._draw()
        elif kind == "done" and asked is not None and asked.get("type") in ("seat_computer", "free_seat"):
            self.feedback.show_ok(say(DONE))
        elif kind == "invited":
            name = str((asked or {}).get("name") or "")
            self._invitation = (str(frame["table"]), int(frame["seat"]), name, str(frame["seat_token"]))
            self._draw_invitation()
            self.feedback.show_ok(say(INVITED_OK, seat_name=self._seat_name(int(frame["seat"]))))
        elif kind == "records":
            self._record = (str(frame["table"]), frame["record"], int(frame.get("finished_hands") or 0))
            self._draw_download()
            self.feedback.show_ok(say(RECORDS_READY, n=self._record[2]))
        elif kind == "closed":
            if self.state is not None and frame.get("table") == self.state["table"]:
                self._table_closed(str(frame["table"]))
        elif kind == "error":
            self.feedback.show_error(self._refusal(frame, asked or {}))

    def _table_closed(self, code: str) -> None:
        """The table shown was closed (by this teacher, or another): the board, its join link, seats and
        invitation go; the hand records already downloaded stay (the file of a closed table)."""
        self.state = None
        self.board.value = self.join.value = ""
        self._invitation = None
        self._draw_invitation()
        self.seat.options = []
        if self._closing == code:
            self._ask_no_more()
        self._seat_buttons()
        self.feedback.show_ok(say(CLOSED, code=code))

    def _refusal(self, frame: dict[str, Any], asked: dict[str, Any]) -> str:
        """The server's error frame in the teacher's words (its code and data, never a sentence of the server)."""
        code, detail = frame.get("code"), frame.get("detail") or {}
        seat_name = self._seat_name(detail.get("seat", asked.get("seat")))
        if code in ("bad_key", "not_teacher"):
            return say(BAD_KEY)
        if code == "no_such_table":
            return say(NO_TABLE, code=str(asked.get("table") or self._code()))
        if code == "seat_taken":
            return say(SEAT_TAKEN, seat_name=seat_name)
        if code == "between_hands":
            return say(BETWEEN, seat_name=seat_name)
        if code == "hand_in_progress":
            return say(IN_PROGRESS)
        if code == "bad_field" and detail.get("field") == "seat":
            return say(NO_SEAT)
        if code == "rate_limited":
            return say(TOO_FAST)
        if code == "bad_table" and isinstance(detail.get("text"), dict):
            return say(BAD_TABLE, reason=render(msg_from_json(detail["text"])))
        return say(REFUSED, code=str(code))

    # ------------------------------------------------------------ drawing
    def _seat_names(self) -> list[str]:
        if self.state is None:
            return []
        info = self.state["info"]
        spec = spec_for(info["game"], int(info["seats"]))
        return [seat_label(spec, s) for s in range(int(info["seats"]))]

    def _seat_name(self, seat: Any) -> str:
        names = self._seat_names()
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    def _players(self) -> list[dict[str, Any]]:
        n = len(self._seat_names())
        players = list((self.state or {}).get("info", {}).get("players") or [])
        return [p if isinstance(p, dict) else {} for p in players[:n]] + [{}] * (n - len(players))

    def _seat_buttons(self) -> None:
        """The seat buttons as the chosen seat allows: its computer player out, or its person; a computer
        player in where there is none; an invitation where no person sits."""
        players = self._players()
        seat = self.seat.value
        p = players[seat] if isinstance(seat, int) and seat < len(players) else None
        kind = (p or {}).get("kind")
        self.free_btn.description = say(BOT_OUT if kind == "computer" else FREE_SEAT)
        self.free_btn.disabled = p is None or kind == "open"
        self.computer_btn.disabled = p is None or kind == "computer"
        self.invite_btn.disabled = p is None or kind == "person"
        for b in (self.deal_btn, self.records_btn):
            b.disabled = self.state is None
        self.close_btn.disabled = self.state is None or self._closing is not None

    def _who(self, seat: int, p: dict[str, Any]) -> tuple[str, str]:
        """A seat's player: the name typed (or none) and how the seat is played (a seat no person holds:
        as the players' tables say it, "computer player, level N" or "free seat")."""
        if p.get("kind") == "person":
            name = str(p.get("name") or "") or say(WHO_NAMELESS)
            how = HERE if p.get("connected") else STANDIN if p.get("computer_playing") else AWAY
            return name, say(how)
        return "", seat_player((self.state or {}).get("info") or {}, seat)

    def _draw(self) -> None:
        st = self.state
        assert st is not None
        view = st["view"]
        names = self._seat_names()
        options = [(n, s) for s, n in enumerate(names)]
        if list(self.seat.options) != options:
            chosen = self.seat.value
            self.seat.options = options
            self.seat.value = chosen if isinstance(chosen, int) and chosen < len(names) else 0
        bids = st.get("bids") or view.get("bids") or []
        won = view.get("tricks_won") or []
        to_act = set(st.get("to_act") or view.get("to_act") or [])
        trick = (view.get("current_trick") or {})
        played = {}
        if trick.get("cards"):
            for i, c in enumerate(trick["cards"]):
                played[(int(trick["leader"]) + i) % len(names)] = c
        rows = []
        for s, (name, p) in enumerate(zip(names, self._players())):
            who, how = self._who(s, p)
            bid = bid_text(bids[s] if s < len(bids) else None)
            line = say(BID_WON, bid=bid, won=won[s] if s < len(won) else 0)
            cards = "".join(table_card_html(c, True) for c in (st["hands"].get(str(s)) or []))
            now = table_card_html(played[s], True) if s in played else ""
            turn = " tt-teacher-to-act" if s in to_act else ""
            rows.append(f"<div class='tt-teacher-seat{turn}' data-seat='{s}'><b>{html.escape(name)}</b> "
                        + (f"<span class='tt-teacher-who'>{html.escape(who)}</span> " if who else "")
                        + f"<small>{html.escape(how)} · {html.escape(line)}</small>"
                        f"<div class='tt-teacher-cards'>{cards} {now}</div></div>")
        self.board.value = (f"<style>{TABLE_CSS}{_CSS}</style>" + "".join(rows))
        self._draw_join()
        self._seat_buttons()

    def _draw_join(self) -> None:
        """The class's join link, as text and as a QR code for the projector."""
        server = self._server()
        if self.state is None or server is None:
            self.join.value = ""
            return
        link = join_link(self.relay.page, server, str(self.state["table"]))
        local = any(_loopback(u) for u in (server, self.relay.page) if u)
        note = f"<p class='tt-teacher-local'>{html.escape(say(LOCAL_ONLY))}</p>" if local else ""
        self.join.value = (f"<div class='tt-teacher-qr-box'><div class='tt-teacher-qr' role='img' "
                           f"aria-label='{html.escape(link)}'>{qr_svg(link)}</div><div class='tt-teacher-join-text'>"
                           f"<p>{html.escape(say(JOIN))}</p><p class='tt-teacher-link'><a href='{html.escape(link)}' "
                           f"target='_blank' rel='noopener'>{html.escape(link)}</a></p>{note}</div></div>")

    def _draw_download(self) -> None:
        if self._record is None:
            self.download.value = ""
            return
        code, record, _n = self._record
        data = base64.b64encode(json.dumps(record, indent=1).encode("utf-8")).decode("ascii")
        file = RECORD_FILE.format(code=code)
        self.download.value = (f'<a download="{html.escape(file)}" href="data:application/json;base64,{data}" '
                               f'class="tt-download">{html.escape(say(DOWNLOAD, file=file))}</a>')

    def _draw_invitation(self) -> None:
        server = self._server()
        if self._invitation is None or server is None:
            self.invitation.value = ""
            return
        code, seat, name, token = self._invitation
        link = invitation_link(self.relay.page, server, code, token)
        title = say(INVITED, name=name or say(WHO_NAMELESS), seat_name=self._seat_name(seat))
        self.invitation.value = (f"<details><summary>{html.escape(title)}</summary><p class='tt-teacher-link'>"
                                 f"<a href='{html.escape(link)}' target='_blank' rel='noopener'>{html.escape(link)}"
                                 "</a></p></details>")


def _loopback(url: str) -> bool:
    """Whether ``url`` names this computer only (127.x.x.x, ::1, localhost)."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_CSS = (".tt-teacher-seat{margin:6px 0;padding:2px 6px;border-left:4px solid transparent;font-size:16px}"
        ".tt-teacher-seat small{font-size:14px}"
        ".tt-teacher-to-act{border-left-color:#1a73e8}.tt-teacher-who{font-weight:600;color:#0b5394}"
        ".tt-teacher-cards{display:flex;flex-wrap:wrap;gap:2px}"
        ".tt-teacher-qr-box{display:flex;flex-wrap:wrap;gap:16px;align-items:center;margin:8px 0}"
        ".tt-teacher-qr{flex:0 0 auto;width:min(300px,70vw)}.tt-teacher-qr svg{width:100%;height:auto;display:block}"
        ".tt-teacher-join-text{flex:1 1 16em;min-width:0;font-size:18px}"
        ".tt-teacher-link{overflow-wrap:anywhere;font-size:20px}.tt-teacher-qr-box p{margin:6px 0}"
        ".tt-teacher-local{font-size:15px;color:#7a4100}"
        ".tt-teacher-close-ask{font-size:16px;margin:6px 0;color:#8b0000;font-weight:600}"
        ".tt-teacher .tt-teacher-invitation summary{line-height:1.4;padding:12px 0;box-sizing:border-box}"
        "@media (max-width:600px){.tt-teacher-join-text{font-size:16px}.tt-teacher-link{font-size:16px}}")
