"""The app's "Play with others" section (issue 35): :class:`PlayTogether`.

A person joins a table of a table server (``tricktutor tables serve``,
docs/TABLE_PROTOCOL.md): the server's address and the table's code (or a
link carrying both: ``…/app.html?table=CODE&server=ws://HOST:PORT/ws``),
a name if they like, a free seat, Join — then the table a learner knows
(:class:`tutor.table.remote.RemoteTable`) shows that seat's cards and the
others' moves as they come.

The page's own WebSocket carries the frames (:class:`tutor.relay.SocketRelay`),
in Voila and in the static site alike; :class:`tutor.remote_session.TableLink`
speaks the protocol.  The seat token is kept in the browser's localStorage:
a reload, or a server that went away and came back, gets the seat back by
itself.  So is the table the browser last took a seat at (its server, code,
the name typed, the seat: :func:`remembered_table`), so that a page reloaded
without the join link fills the form in and takes the seat back too, once
the section is opened.  Every callback is guarded: an error is shown on the page.
"""
from __future__ import annotations

import html
import json
import logging
import os
from typing import Any, Mapping
from urllib.parse import parse_qs, urlsplit

import ipywidgets as W

from engine.registry import spec_for

from .common import Feedback, guarded
from .relay import LAST_TABLE_KEY, SocketRelay
from .remote_session import SEAT_TOKEN_KEY, HubLogin, TableLink, seat_player
from .table.remote import RemoteTable
from .tables_server.links import SEAT_TOKEN_PARAM
from .teacher_view import TeacherView, seat_label
from .text import M_, say

__all__ = ["PlayTogether", "join_from_query", "remembered_table", "server_url", "table_of_link",
           "token_from_query"]

log = logging.getLogger("tutor.play_together")

# TRANSLATORS: the Play with others section's first paragraph.
INTRO = M_("together.intro", "Play at one table with your family, friends or class, each on their own phone or "
                             "computer, each in their own language. Whoever started the table server gives you its "
                             "address and the table's code (or a link with both).")
# TRANSLATORS: the label of the table server's address box (ws://…).
SERVER = M_("together.server", "Table server")
# TRANSLATORS: the label of the table code box.
CODE = M_("together.code", "Table code")
# TRANSLATORS: the label of the box for the player's name (optional).
NAME = M_("together.name", "Your name")
# TRANSLATORS: a button: connect to the table server and see the table's free seats.
CONNECT = M_("together.connect", "See the table")
# TRANSLATORS: the label before the choice of a free seat.
SEAT = M_("together.seat", "Your seat")
# TRANSLATORS: a seat to choose that a computer player plays now (taken between hands): {name} its name ("East"),
# {who} "computer player, level 2".
SEAT_WHO = M_("together.seat_who", "{name} ({who})")
# TRANSLATORS: a button: sit at the chosen seat.
JOIN = M_("together.join", "Join")
# TRANSLATORS: the status while the page connects to the table server.
CONNECTING = M_("together.connecting", "Connecting to the table server…")
# TRANSLATORS: the connection to the table server was lost; the page tries again by itself.
LOST = M_("together.lost", "The connection to the table server is lost. Trying again…")
# TRANSLATORS: the table server could not be reached at all.
UNREACHABLE = M_("together.unreachable", "The table server cannot be reached at this address. Check the address "
                                         "with whoever started it.")
# TRANSLATORS: the table's free seats are shown: choose one.
CHOOSE = M_("together.choose", "Choose a free seat and press Join.")
# TRANSLATORS: no seat of the table is free now.
NO_SEAT = M_("together.no_seat", "No seat is free at this table now. A computer player's seat can be taken "
                                 "between hands: wait for this hand to end, or ask the teacher.")
# TRANSLATORS: a seat was chosen and taken: {name} the seat's name ("South (you)", "You").
SEATED = M_("together.seated", "Your seat: {name}. Your cards are yours only; the others see theirs.")
# TRANSLATORS: the table code names no table of this server.
NO_TABLE = M_("together.no_table", "This server has no table with that code. Check the code (capital and small "
                                   "letters count).")
# TRANSLATORS: the seat was taken by someone else just before.
SEAT_TAKEN = M_("together.seat_taken", "Someone has just taken that seat. Choose another one.")
# TRANSLATORS: a computer player's seat can only be taken between hands.
BETWEEN_HANDS = M_("together.between_hands", "A computer player's seat can be taken only between hands. Wait for "
                                             "this hand to end.")
# TRANSLATORS: the teacher gave this person's seat to someone else (or to a computer player, or freed it).
UNSEATED = M_("together.unseated", "You no longer have a seat at this table: the teacher changed the seats.")
# TRANSLATORS: the teacher closed the table this person sat at (or looked at): its game is over.
TABLE_CLOSED = M_("together.closed", "The teacher has closed this table: its game is over. To play again, ask for "
                                     "the code of a new table.")
# TRANSLATORS: an address that is not a table server's (it must start with ws:// or wss://).
BAD_ADDRESS = M_("together.bad_address", "“{text}” is not a table server's address: it starts with ws:// or wss:// "
                                         "(for example ws://192.168.1.10:8765/ws).")
# TRANSLATORS: the table server refused a frame for a reason that is not a rule; {code}: its technical name.
REFUSED = M_("together.refused", "The table server refused that ({code}).")
# TRANSLATORS: in a school's JupyterHub (the site where the learner logged in), shown instead of the name box:
# {name} the learner's user name there, which the other players see.
HUB_NAME = M_("together.hub_name", "Your name at the table: {name} (your name on this hub).")
# TRANSLATORS: the table server could not ask the hub (the school's JupyterHub) who the learner is.
HUB_UNAVAILABLE = M_("together.hub_unavailable", "The table server could not ask the hub who you are. You can "
                                                 "play on: your name is sent as it is shown here.")
# TRANSLATORS: the hub (the school's JupyterHub) did not confirm to the table server who the learner is.
HUB_REFUSED = M_("together.hub_refused", "The hub did not confirm to the table server who you are (the teacher can "
                                         "check the hub's settings). You can play on: your name is sent as it is "
                                         "shown here.")


def server_url(text: str) -> str | None:
    """The WebSocket address typed or linked (``ws://HOST:PORT``, with ``/ws`` added when
    it names no path; or a path, ``/services/tables/ws``: a JupyterHub service on the
    page's own host), or None for something else."""
    text = (text or "").strip()
    parts = urlsplit(text)
    if text.startswith("/") and not text.startswith("//") and not parts.scheme and not parts.netloc:
        return parts.path
    if parts.scheme not in ("ws", "wss") or not parts.netloc:
        return None
    path = parts.path if parts.path not in ("", "/") else "/ws"
    return f"{parts.scheme}://{parts.netloc}{path}"


def join_from_query(query: str) -> tuple[str, str]:
    """The server address and table code of a page link
    (``?table=CODE&server=ws://HOST:PORT/ws``), each "" when missing; a
    server link carrying the table (``ws://…/ws?table=CODE``) gives both."""
    q = parse_qs((query or "").lstrip("?"))
    server = (q.get("server") or [""])[0].strip()[:300]
    table = (q.get("table") or [""])[0].strip()[:64]
    if server and not table:
        table = (parse_qs(urlsplit(server).query).get("table") or [""])[0][:64]
    return server, table


def token_from_query(query: str) -> str:
    """The seat token of a teacher's invitation link (``…&seat_token=TOKEN``), or "" (docs/TABLE_PROTOCOL.md:
    ``invite``).  A ``token=`` of the address is the Jupyter server's login token, never a seat's."""
    return _code((parse_qs((query or "").lstrip("?")).get(SEAT_TOKEN_PARAM) or [""])[0])


def table_of_link(text: str) -> str:
    """The table code of a server's join link (``ws://HOST:PORT/ws?table=CODE``), or ""."""
    return _code((parse_qs(urlsplit((text or "").strip()).query).get("table") or [""])[0])


def _code(text: str) -> str:
    return "".join(ch for ch in (text or "").strip() if ch.isalnum() or ch in "-_")[:64]


def remembered_table(stored: Mapping[str, str]) -> dict[str, Any] | None:
    """The table this browser last took a seat at, as the page kept it (``stored``: the relay's
    localStorage keys): ``{"server", "table", "name", "seat"}`` (name "" and seat None when not
    kept), or None when nothing (usable) is kept.  Whatever is kept is checked as typed text is."""
    try:
        obj = json.loads(stored.get(LAST_TABLE_KEY) or "null")
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    server = server_url(str(obj.get("server") or ""))
    table = _code(str(obj.get("table") or ""))
    if server is None or not table:
        return None
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 64:
        seat = None
    return {"server": server, "table": table, "name": str(obj.get("name") or "")[:200], "seat": seat}


class PlayTogether(W.VBox):
    """The section: the join form, then the table.  ``relay`` and ``link``
    (kept by the app across a change of language) default to new ones; ``previous``: the
    section this one replaces (in another language): its boxes' values and the teacher's view
    (its connection and board) are kept."""

    teacher: TeacherView

    def __init__(self, relay: SocketRelay | None = None, link: TableLink | None = None,
                 previous: PlayTogether | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tt-together")
        self.relay = relay or SocketRelay()
        self.link = link or TableLink(self.relay.send_frame, self.relay.store)
        self.feedback = Feedback()
        self.table: RemoteTable | None = None
        self._intro = W.HTML(f"<p class='tt-section-intro'>{html.escape(say(INTRO))}</p>")
        wide = W.Layout(width="auto", max_width="100%")
        style = {"description_width": "initial"}
        self.server = W.Text(description=say(SERVER), placeholder="ws://192.168.1.10:8765/ws", layout=wide,
                             style=style)
        self.code = W.Text(description=say(CODE), layout=wide, style=style)
        self.name = W.Text(description=say(NAME), layout=wide, style=style)
        self.connect_btn = W.Button(description=say(CONNECT), button_style="primary", layout=W.Layout(width="auto"))
        self.connect_btn.on_click(lambda _b: self._on_connect())
        self.connect_btn.add_class("tt-together-connect")
        self.seat = W.ToggleButtons(options=[], description=say(SEAT), style={"button_width": "auto",
                                                                             "description_width": "initial"})
        self.join_btn = W.Button(description=say(JOIN), button_style="success", layout=W.Layout(width="auto"))
        self.join_btn.on_click(lambda _b: self._on_join())
        self.join_btn.add_class("tt-together-join")
        self.seat.add_class("tt-together-seat")
        self.status = W.HTML()
        self._seats_box = W.VBox([self.seat, self.join_btn])
        self._seats_box.layout.display = "none"
        # in a JupyterHub: the hub name instead of the name box (a hub service's table server confirms it)
        self.hub = HubLogin.from_env()
        self.hub_name = W.HTML()
        if self.hub is not None:
            self.name.value = self.hub.name
            self.name.layout = W.Layout(display="none")  # its own: the boxes above share theirs
            self.hub_name.value = f"<p class='tt-together-hub-name'>{html.escape(say(HUB_NAME, name=self.hub.name))}</p>"
        self.form = W.VBox([self.server, self.code, self.name, self.hub_name, self.connect_btn, self._seats_box])
        self.form.add_class("tt-together-form")
        self._table_box = W.VBox()
        self._wanted = False
        self._invited = ("", "")  # (table code, seat token) of a teacher's invitation link
        self._seat_wish: int | None = None  # the seat this browser last had here (chosen first when free)
        self.relay.observe(self._on_status, names="status")
        self.relay.observe(self._on_search, names="search")
        self.relay.observe(self._on_stored, names="stored")
        self.relay.on_frame(self._on_frame)
        self.link.on_info = self._on_info
        self.link.on_session = self._on_session
        self.link.on_problem = self._on_problem
        query = self.relay.search or os.environ.get("QUERY_STRING", "")
        if previous is not None:
            for mine, theirs in ((self.server, previous.server), (self.code, previous.code),
                                 (self.name, previous.name)):
                mine.value = theirs.value
            self._invited = previous._invited
        self._prefill(query)
        self._recall()
        self.teacher = TeacherView(lambda: server_url(self.server.value),
                                   lambda: _code(self.code.value) or table_of_link(self.server.value),
                                   self._opened, query=query,
                                   previous=previous.teacher if previous is not None else None)
        self.children = [self._intro, self.form, self.status, self.feedback, self._table_box, self.teacher,
                         self.relay]
        if self.link.session is not None:  # the page was laid out again (another language): the same seat
            self._on_session(self.link.session)

    def detach(self) -> None:
        """Stop following the relay and the link (the app lays the page out again with a new section)."""
        self._wanted = False
        self.relay.unobserve(self._on_status, names="status")
        self.relay.unobserve(self._on_search, names="search")
        self.relay.unobserve(self._on_stored, names="stored")
        self.relay.on_frame(None)
        self.teacher.detach()
        session = self.link.session
        if session is not None:
            session.on_change = session.on_outcome = None

    def _opened(self, code: str) -> None:
        """The teacher opened a table: its code goes in the code box, for the players' link."""
        self.code.value = code

    # ------------------------------------------------------------ the page's link
    def _prefill(self, query: str) -> None:
        server, table = join_from_query(query)
        if server and not self.server.value:
            self.server.value = server
        if table and not self.code.value:
            self.code.value = table
        token = token_from_query(query)
        if token and table:
            self._invited = (_code(table), token)

    @guarded()
    def _on_search(self, change: dict) -> None:
        self._prefill(change["new"])
        self._come_back()

    @guarded()
    def _on_stored(self, _change: dict) -> None:
        self._recall()
        self._come_back()

    def _stored_token(self, code: str) -> str | None:
        """The seat token this browser holds for table ``code``: kept in localStorage, else the one
        of the teacher's invitation link the page was opened with."""
        token = self.relay.stored.get(SEAT_TOKEN_KEY + code)
        if not token and self._invited[0] == code:
            token = self._invited[1]
        return token or None

    def _come_back(self) -> None:
        """A page opened (or reloaded) with a link to a table where this browser holds a seat (the token
        kept in localStorage, or given in a teacher's invitation link): take it again at once."""
        if (not self._wanted and self.link.session is None and self.code.value and self.server.value
                and self._stored_token(_code(self.code.value))):
            self._on_connect()

    # ------------------------------------------------------------ the table this browser sat at
    def _recall(self) -> None:
        """Fill the form in with the table this browser last took a seat at (its token, kept beside it,
        then takes the seat back: :meth:`_come_back`), unless the page's link names another table."""
        last = remembered_table(self.relay.stored)
        if last is None:
            return
        _server, table = join_from_query(self.relay.search or os.environ.get("QUERY_STRING", ""))
        if table and _code(table) != last["table"]:
            return
        for box, value in ((self.server, last["server"]), (self.code, last["table"]), (self.name, last["name"])):
            if value and not box.value:
                box.value = value
        self._seat_wish = last["seat"]

    def _remember(self) -> None:
        """Keep the table where this page has just been seated (its server, code, the name typed, the
        seat) in the browser's localStorage, for a reload without the join link."""
        url = self.relay.url or server_url(self.server.value)
        if not url or not self.link.table or self.link.seat is None:
            return
        text = json.dumps({"server": url, "table": self.link.table, "name": self.name.value.strip()[:200],
                           "seat": self.link.seat})
        if self.relay.stored.get(LAST_TABLE_KEY) != text:
            self.relay.store(LAST_TABLE_KEY, text)

    def _forget(self) -> None:
        """The table kept is gone (closed, or unknown to its server): a reload no longer goes back to it."""
        last = remembered_table(self.relay.stored)
        if last is not None and last["table"] == _code(self.code.value):
            self.relay.store(LAST_TABLE_KEY, "")

    # ------------------------------------------------------------ connecting
    def connect(self) -> None:
        """Press "See the table"."""
        self.connect_btn.click()

    @guarded()
    def _on_connect(self) -> None:
        url = server_url(self.server.value)
        if url is None:
            self.feedback.show_error(say(BAD_ADDRESS, text=self.server.value.strip()[:80]))
            return
        code = _code(self.code.value) or table_of_link(self.server.value)
        self.code.value = code
        self.feedback.clear()
        self._wanted = True
        self.status.value = self._line(say(CONNECTING))
        if self.relay.url == url and self.relay.status == "open":
            self._start()
        else:
            self.relay.url = url

    def _line(self, text: str) -> str:
        return f"<p class='tt-together-status' role='status'>{html.escape(text)}</p>"

    @guarded()
    def _on_status(self, change: dict) -> None:
        new, old = change["new"], change.get("old")
        self.link.online = new == "open"
        if new == "open":
            self.status.value = ""
            self._start()
        elif new == "closed" and self._wanted:
            self.status.value = self._line(say(LOST if old == "open" or self.link.seat is not None else UNREACHABLE))
        elif new == "error":
            self.status.value = self._line(say(UNREACHABLE))

    def _start(self) -> None:
        """The socket is open: get the seat back with its token, else look at the table."""
        if not self._wanted:
            return
        code = self.code.value
        token = self.link.token if self.link.table == code and self.link.token else self._stored_token(code)
        self.link.seat = None
        hub_token = self.hub.token_for(self.relay.url, self.relay.origin) if self.hub is not None else None
        if hub_token:  # a table server of this hub: it takes the hub name (the frames below wait for its answer)
            self.link.hello(hub_token)
        if token:
            self.link.resume(code, token)
        else:
            self.link.watch(code)

    # ------------------------------------------------------------ frames
    @guarded()
    def _on_frame(self, frame: dict[str, Any]) -> None:
        self.link.receive(frame)

    def _seat_label(self, seat: int) -> str:
        info = self.link.info or {}
        name = seat_label(spec_for(info["game"], int(info["seats"])), seat)
        p: dict[str, Any] = next((x for x in info.get("players") or [] if x.get("seat") == seat), {})
        if p.get("kind") == "open" and not p.get("computer_playing"):
            return name
        return say(SEAT_WHO, name=name, who=seat_player(info, seat))  # a computer player's seat says so

    def _on_info(self) -> None:
        if self.link.seat is not None:
            self._seats_box.layout.display = "none"
            return
        free = self.link.open_seats()
        chosen = self.seat.value if self.seat.value is not None else self._seat_wish
        self.seat.options = [(self._seat_label(s), s) for s in free]
        if free:
            self.seat.value = chosen if chosen in free else free[0]
        self._seats_box.layout.display = ""
        self.join_btn.disabled = not free
        if free:
            self.status.value = self._line(say(CHOOSE))
        else:
            self.status.value = self._line(say(NO_SEAT))

    def _on_session(self, session: Any) -> None:
        self._seats_box.layout.display = "none"
        self.form.layout.display = "none"  # seated: the table takes the room (a phone's screen)
        self.table = RemoteTable(session)
        self.table.add_class("tt-play-together")
        self._table_box.children = (self.table,)
        self.status.value = self._line(say(SEATED, name=session.label(session.learner)))
        key = SEAT_TOKEN_KEY + str(self.link.table)
        if self.link.token and self.relay.stored.get(key) != self.link.token:  # an invitation's token: kept too
            self.relay.store(key, self.link.token)
        self._remember()

    def _on_problem(self, code: str) -> None:
        if code == "no_hub":  # not a service of this hub: the hub name goes as a typed name
            return
        if code in ("hub_unavailable", "hub_bad_token", "hub_no_access"):
            self.feedback.show_error(say(HUB_UNAVAILABLE if code == "hub_unavailable" else HUB_REFUSED))
            return
        if code == "bad_token":  # the stored token is stale (a closed table, a seat given away): look again
            self.relay.store(SEAT_TOKEN_KEY + self.code.value, "")  # forgotten in localStorage too
            self.link.token = None
            self._invited = ("", "")
            self.link.watch(self.code.value)
            return
        if code in ("no_such_table", "closed"):
            self._forget()
        if code == "closed":
            self._table_closed()
            return
        entries = {"no_such_table": NO_TABLE, "seat_taken": SEAT_TAKEN, "between_hands": BETWEEN_HANDS,
                   "unseated": UNSEATED}
        entry = entries.get(code)
        if entry is not None:
            self.feedback.show_error(say(entry))
        else:
            self.feedback.show_error(say(REFUSED, code=code))
        if code == "unseated":
            self._table_box.children = ()
            self.table = None
            self.form.layout.display = ""
            self.status.value = ""  # no "Your seat: …" left beside the message
            self.link.watch(self.code.value)  # the table's seats offered again (another may be free)

    def _table_closed(self) -> None:
        """The teacher closed the table: the page says so; its table, seat choice and seat token go
        (the token opens no seat any more), and the form is back for another table's code."""
        code = _code(self.code.value)
        self._wanted = False  # no reconnecting to a table that is no more
        if self.relay.stored.get(SEAT_TOKEN_KEY + code):  # emptied in localStorage too: a reload does not try it
            self.relay.store(SEAT_TOKEN_KEY + code, "")
        self._invited = ("", "")
        self._table_box.children = ()
        self.table = None
        self._seats_box.layout.display = "none"
        self.form.layout.display = ""
        self.feedback.clear()
        self.status.value = self._line(say(TABLE_CLOSED))

    # ------------------------------------------------------------ joining
    def join(self, seat: int) -> None:
        """Choose ``seat`` and press Join."""
        self.seat.value = seat
        self.join_btn.click()

    @guarded()
    def _on_join(self) -> None:
        if self.seat.value is None:
            return
        self.feedback.clear()
        name = self.hub.name if self.hub is not None else self.name.value.strip()
        self.link.join(self.code.value, int(self.seat.value), name[:200] or None)
