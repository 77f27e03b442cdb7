"""The tables and the people at them: the server's logic, without its sockets.

A :class:`Hub` holds every open table (a :class:`Table`: its game, made
through the spec registry, its seats and who watches it) and every
connection (a :class:`Peer`: anything with ``send(frame)`` and
``close(code)``).  :meth:`Hub.receive` takes one text frame from a
connection and answers it; :meth:`Hub.gone` says a connection dropped.
Timers (computer players' moves, a dropped seat's hold, the next hand) run
on the asyncio event loop the hub is given.

Rules kept here (docs/TABLE_PROTOCOL.md): an action is checked by the
engine's verdict, committed to the store, applied, then sent; a refusal
goes to the refused connection only, as data; each seat is sent its own
view, spectators the public view, a teacher (with the key) every hand.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from engine.actions import Action, Look, Phase
from engine.bots import make_player
from engine.bots import Player
from engine.errors import IllegalActionError, InvalidInputError
from engine.record import game_to_record
from engine.registry import game_names, spec_for, specs
from engine.spec import GameSpec

from . import protocol as P
from .store import Store, token_digest

__all__ = ["Hub", "Peer", "Table", "Settings", "make_table", "load_table"]

log = logging.getLogger("tricktutor.tables")

_NEXT_HAND = ("auto", "teacher")
#: Errors that count against a connection (bad input, not the timing of a play or a seat).
_STRIKES = frozenset({"malformed", "too_large", "bad_version", "unknown_type", "bad_field", "bad_action",
                      "bad_key", "not_teacher", "bad_token", "no_such_table", "rate_limited"})


class Peer(Protocol):
    """A connection: the server's WebSocket handler, or a test's fake."""

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Identity(Protocol):
    """Who owns a JupyterHub token: :class:`~tutor.tables_server.jupyterhub_auth.HubIdentity`
    (its answer has ``name`` and ``teacher``; FrameError ``hub_…`` when the hub does not vouch)."""

    async def identify(self, token: str) -> Any: ...


@dataclass
class Settings:
    """How the server behaves (``tricktutor tables serve`` options)."""

    hold_seconds: float = 60.0      # an empty person's seat is held this long, then a computer plays it
    bot_delay: float = 0.6          # seconds before a computer player acts
    next_hand_delay: float = 15.0   # seconds between hands (auto): time to read the result, take a seat
    rate: float = 20.0              # frames a second a connection may send (a bucket of 2 × rate)
    strikes: int = 8                # bad frames in a minute before a connection is closed
    level: int = 1                  # computer players' level when a table does not say


@dataclass
class Seat:
    kind: str = "computer"          # "computer", "person" or "open"
    token: str | None = None        # the person's seat token, as a digest
    name: str | None = None
    peer: Any = None                # the connection playing it now
    standin: bool = False           # a computer plays the seat while its person is away (or nobody took it)
    hold_timer: Any = None

    @property
    def by_computer(self) -> bool:
        return self.kind == "computer" or self.standin

    @property
    def empty(self) -> bool:
        """A seat for a person that nobody plays now: open, or its person away, no computer standing in."""
        return self.kind != "computer" and self.peer is None and not self.standin


@dataclass(eq=False)
class Conn:
    """What the hub knows of one connection."""

    peer: Any
    teacher: bool = False
    table: "Table | None" = None
    seat: int | None = None
    watching: "Table | None" = None
    bucket: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    bad: list[float] = field(default_factory=list)
    closed: bool = False
    user: str | None = None         # the hub name, once the hub vouched for the connection's token
    waiting: list[Any] | None = None  # frames received while the hub is asked (handled after, in order)
    results_sent: int = -1          # how many finished hands its last state frame's ``results`` held (-1: none yet)


class Table:
    """One table: a game held through the engine, its seats and its watchers."""

    def __init__(self, code: str, config: dict[str, Any], spec: GameSpec, rules: Any) -> None:
        self.code = code
        self.config = config
        self.spec = spec
        self.rules = rules
        self.n = int(config["seats"])
        self.game = spec.new_game(rules, dealer=int(config.get("dealer", 0)), first_deal=int(config["first_deal"]),
                                  auto_deal=False)
        self.seq = 0
        self.seats = [Seat() for _ in range(self.n)]
        self.bots: dict[int, Player] = {}
        self.watchers: set[Conn] = set()
        self.timer: Any = None
        self.last: dict[str, Any] | None = None
        self.acted: dict[int, int] = {}   # seat -> the number of its last action
        self.memo: dict[int, tuple[Any, Any]] = {}  # finished tricks and hands as data (protocol.data)

    @property
    def level(self) -> int:
        return int(self.config.get("level", 1))

    def bot(self, seat: int) -> Player:
        if seat not in self.bots:
            self.bots[seat] = make_player(self.level, seed=secrets.randbits(32))
        return self.bots[seat]

    def players_json(self) -> list[dict[str, Any]]:
        return [{"seat": s, "kind": st.kind, "name": st.name, "connected": st.peer is not None,
                 "computer_playing": st.by_computer} for s, st in enumerate(self.seats)]

    def info(self) -> dict[str, Any]:
        return {"code": self.code, "game": self.spec.name, "seats": self.n, "rules": self.spec.rules_to_json(self.rules),
                "level": self.level, "next_hand": self.config.get("next_hand", "auto"),
                "players": self.players_json()}


def _last_seen(last: dict[str, Any] | None, seat: int | None, view: dict[str, Any]) -> dict[str, Any] | None:
    """The last action as ``seat`` (None: a spectator) may know it: its own
    in full; another seat's play, look or draw in full, its bid as the
    receiver's view shows it (a sealed bid is null, OH-V5), its exchange
    cards never; a deal without its number (the number is every hand)."""
    if last is None or (seat is not None and last["seat"] == seat):
        return last
    action = last["action"]
    if "deal" in action:
        action = {"deal": None}
    elif "pass" in action:
        action = {"pass": None}
    elif "bid" in action:
        bids = view.get("bids") or []
        action = {"bid": bids[last["seat"]] if last["seat"] < len(bids) else None}
    return {**last, "action": action}


def make_table(code: str, config: dict[str, Any]) -> Table:
    """A table of the stored settings ``config``, its game made through the
    spec registry, before any action (InvalidInputError for settings the
    engine refuses)."""
    spec = spec_for(str(config["game"]), int(config["seats"]))
    rules = spec.rules_from_json(config.get("rules") or {}, int(config["seats"]))
    return Table(code, config, spec, rules)


def load_table(store: Store, code: str, config: dict[str, Any]) -> Table:
    """Table ``code`` as the store holds it: every stored action replayed
    through the engine (a deal by its number), its seats as stored.  Raises
    what the engine raises for an action it refuses (a damaged store)."""
    table = make_table(code, config)
    for seq, seat, obj in store.actions(code):
        act = P.stored_action(table.spec, seat, obj)
        if isinstance(act, int):
            table.game.deal(act)
        else:
            table.game.apply(act)
        table.seq = seq + 1
        table.last = {"seq": seq, "seat": seat, "action": obj}
        if seat is not None:
            table.acted[seat] = seq
    for seat, kind, token, name in store.seats(code):
        st = table.seats[seat]
        st.kind, st.token, st.name = kind, token, name
    return table


def _new_code() -> str:
    return secrets.token_urlsafe(9)   # 72 random bits: 12 URL-safe characters


class Hub:
    """Every table and connection of one server process."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop, settings: Settings | None = None,
                 teacher_key: str | None = None, identity: Identity | None = None) -> None:
        self.store = store
        self.identity = identity      # JupyterHub's identities (a hub service), or None
        self._asking: set[asyncio.Task[None]] = set()
        self.loop = loop
        self.settings = settings or Settings()
        key = teacher_key or store.meta("teacher_key")
        if key is None:
            key = secrets.token_urlsafe(18)
        store.set_meta("teacher_key", key)
        self.teacher_key = key
        self.tables: dict[str, Table] = {}
        self.conns: dict[int, Conn] = {}
        self._resume_tables()

    # ------------------------------------------------------------ start-up: replay the store
    def _resume_tables(self) -> None:
        for code, config in self.store.open_tables():
            try:
                table = load_table(self.store, code, config)
            except (InvalidInputError, IllegalActionError, KeyError, ValueError) as e:
                log.error("table %s could not be resumed: %s", code, type(e).__name__)
                continue
            for seat, st in enumerate(table.seats):
                if st.kind == "person":   # nobody is connected yet: hold the seat as after a drop
                    self._hold(table, seat)
            self.tables[code] = table
            self._next(table)

    def shutdown(self) -> None:
        """Cancel every timer (the server is stopping; the store keeps everything)."""
        for task in list(self._asking):
            task.cancel()
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()
            for st in table.seats:
                if st.hold_timer is not None:
                    st.hold_timer.cancel()

    # ------------------------------------------------------------ connections
    def connect(self, peer: Any) -> None:
        conn = Conn(peer, bucket=2 * self.settings.rate)
        self.conns[id(peer)] = conn
        self._send(conn, {"type": "welcome", "server": "tricktutor-tables", "protocol": P.VERSION,
                          "limits": {"frame_bytes": P.MAX_FRAME_BYTES, "rate": self.settings.rate},
                          "hub": self.identity is not None,
                          "games": [{"name": s.name, "seat_counts": list(s.seat_counts),
                                     "options": [o.name for o in s.options]} for s in specs()]})

    def gone(self, peer: Any) -> None:
        """A connection closed: a seat it held is held for its person (a
        computer player takes it after ``hold_seconds``)."""
        conn = self.conns.pop(id(peer), None)
        if conn is None:
            return
        conn.closed = True
        if conn.watching is not None:
            conn.watching.watchers.discard(conn)
        if conn.table is not None and conn.seat is not None:
            table, seat = conn.table, conn.seat
            st = table.seats[seat]
            if st.peer is conn:
                st.peer = None
                self._hold(table, seat)
                self._broadcast(table)

    def _hold(self, table: Table, seat: int) -> None:
        st = table.seats[seat]
        if st.hold_timer is not None:
            st.hold_timer.cancel()
        st.hold_timer = self.loop.call_later(self.settings.hold_seconds, self._stand_in, table, seat)

    def _stand_in(self, table: Table, seat: int) -> None:
        st = table.seats[seat]
        st.hold_timer = None
        if st.empty and table.code in self.tables:
            st.standin = True
            self._broadcast(table)
            self._next(table)

    def _send(self, conn: Conn, frame: dict[str, Any]) -> None:
        if not conn.closed:
            conn.peer.send(P.encode(frame))

    def _error(self, conn: Conn, code: str, re: Any = None, strike: bool = True, **detail: Any) -> None:
        frame: dict[str, Any] = {"type": "error", "code": code, "detail": detail}
        if re is not None:
            frame["re"] = re
        self._send(conn, frame)
        if strike:
            now = time.monotonic()
            conn.bad = [t for t in conn.bad if now - t < 60.0] + [now]
            if len(conn.bad) >= self.settings.strikes and not conn.closed:
                self._send(conn, {"type": "bye", "code": "too_many_bad_frames"})
                conn.closed = True
                conn.peer.close(1008, "too many bad frames")

    # ------------------------------------------------------------ frames in
    def receive(self, peer: Any, text: str | bytes) -> None:
        """One frame from ``peer``: checked, rate-limited, answered."""
        conn = self.conns.get(id(peer))
        if conn is None or conn.closed:
            return
        now = time.monotonic()
        rate = self.settings.rate
        conn.bucket = min(2 * rate, conn.bucket + (now - conn.stamp) * rate)
        conn.stamp = now
        if conn.bucket < 1.0:
            self._error(conn, "rate_limited", rate=rate)
            return
        conn.bucket -= 1.0
        if conn.waiting is not None:  # the hub is asked who this is: the frame waits for the answer
            conn.waiting.append(text)
            return
        self._handle(conn, text)

    def _handle(self, conn: Conn, text: str | bytes) -> None:
        try:
            frame = P.check_frame(text)
        except P.FrameError as e:
            self._error(conn, e.code, e.re, **e.data)
            return
        re = frame.get("id")
        handler: Callable[[Conn, dict[str, Any], Any], None] = getattr(self, "_on_" + frame["type"])
        try:
            handler(conn, frame, re)
        except P.FrameError as e:
            self._error(conn, e.code, re, strike=e.code in _STRIKES, **e.data)
        except Exception:  # a bug answers this frame with an error; the server goes on
            log.exception("frame %s failed", frame.get("type"))
            self._error(conn, "internal", re, strike=False)

    def _reply(self, conn: Conn, re: Any, frame: dict[str, Any]) -> None:
        if re is not None:
            frame = {**frame, "re": re}
        self._send(conn, frame)

    def _table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None:
            raise P.FrameError("no_such_table")
        return table

    def _need_teacher(self, conn: Conn) -> None:
        if not conn.teacher:
            raise P.FrameError("not_teacher")

    def _on_ping(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._reply(conn, re, {"type": "pong"})

    def _on_hello(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        if "hub_token" not in frame:
            self._reply(conn, re, {"type": "hello", "protocol": P.VERSION})
            return
        if self.identity is None:
            raise P.FrameError("no_hub")
        # the hub is asked who owns the token; this connection's next frames wait for the answer
        conn.waiting = []
        task = self.loop.create_task(self._identify(conn, frame["hub_token"], re))
        self._asking.add(task)
        task.add_done_callback(self._asking.discard)

    async def _identify(self, conn: Conn, token: str, re: Any) -> None:
        """The hub's answer for ``conn``'s token: its hub name (a seat it takes is
        named so) and the teacher role if the configuration gives it; or an error
        that changes nothing.  Then the frames that waited, in order."""
        assert self.identity is not None
        try:
            user = await self.identity.identify(token)
        except P.FrameError as e:
            self._error(conn, e.code, re, strike=e.code == "hub_bad_token", **e.data)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - a bug: this hello fails, the server goes on; logged by
            log.error("asking the hub failed: %s", type(e).__name__)  # its kind only (no token in a log line)
            self._error(conn, "internal", re, strike=False)
        else:
            if not conn.closed:
                conn.user = str(user.name)
                conn.teacher = conn.teacher or bool(user.teacher)
                self._reply(conn, re, {"type": "hello", "protocol": P.VERSION,
                                       "user": {"name": conn.user, "teacher": bool(user.teacher)}})
        queued, conn.waiting = conn.waiting or [], None
        for i, text in enumerate(queued):
            if conn.closed:
                break
            if conn.waiting is not None:  # another hello with a token: the rest waits again
                conn.waiting.extend(queued[i:])
                break
            self._handle(conn, text)

    def _on_teacher(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        if not hmac.compare_digest(frame["key"].encode(), self.teacher_key.encode()):
            raise P.FrameError("bad_key")
        conn.teacher = True
        self._reply(conn, re, {"type": "teacher_ok"})

    def _on_tables(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        self._reply(conn, re, {"type": "tables", "tables": [
            {**t.info(), "seq": t.seq, "phase": t.game.phase.value} for t in self.tables.values()]})

    def _on_watch(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        table = self._table(frame["table"])
        if conn.watching is not None:
            conn.watching.watchers.discard(conn)
        conn.watching = table
        conn.results_sent = -1  # a new role: its first state carries the whole game's results
        table.watchers.add(conn)
        self._reply(conn, re, {"type": "watching", "table": table.code, "role": "teacher" if conn.teacher
                               else "spectator"})
        self._send(conn, self._state(table, conn, {}))

    # ------------------------------------------------------------ seats
    def _detach(self, conn: Conn) -> None:
        """``conn`` leaves the seat it holds (it stays held for its person)."""
        if conn.table is not None and conn.seat is not None:
            st = conn.table.seats[conn.seat]
            if st.peer is conn:
                st.peer = None
                self._hold(conn.table, conn.seat)
        conn.table, conn.seat = None, None

    def _between_hands(self, table: Table) -> bool:
        return table.game.phase in (Phase.DEAL, Phase.GAME_OVER)

    def _check_takeable(self, table: Table, seat: int) -> None:
        """FrameError unless a person may take ``seat`` now: an open seat nobody
        plays; a computer player's seat (or an open seat a computer player
        plays) between hands, before the first deal included."""
        st = table.seats[seat]
        if st.kind == "person":
            raise P.FrameError("seat_taken", seat=seat)
        if st.by_computer and not self._between_hands(table):
            raise P.FrameError("between_hands", seat=seat)

    def _seat_person(self, table: Table, seat: int, name: str | None) -> str:
        token = secrets.token_urlsafe(24)
        st = table.seats[seat]
        self.store.set_seat(table.code, seat, "person", token_digest(token), name)
        st.kind, st.token, st.name, st.standin = "person", token_digest(token), name, False
        return token

    def _attach(self, conn: Conn, table: Table, seat: int) -> None:
        st = table.seats[seat]
        if st.hold_timer is not None:
            st.hold_timer.cancel()
            st.hold_timer = None
        st.peer, st.standin = conn, False
        conn.results_sent = -1  # a new role: its first state carries the whole game's results
        if conn.watching is not None:
            conn.watching.watchers.discard(conn)
            conn.watching = None
        conn.table, conn.seat = table, seat

    def _on_take_seat(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        table = self._table(frame["table"])
        seat = frame["seat"]
        if seat >= table.n:
            raise P.FrameError("bad_field", field="seat")
        if conn.seat is not None:
            raise P.FrameError("already_seated", table=conn.table.code if conn.table else None, seat=conn.seat)
        self._check_takeable(table, seat)
        token = self._seat_person(table, seat, conn.user or frame.get("name"))  # a hub user: the hub name
        self._attach(conn, table, seat)
        self._reply(conn, re, {"type": "seated", "table": table.code, "seat": seat, "seat_token": token,
                               "info": table.info()})
        self._broadcast(table)
        self._next(table)

    def _on_resume(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        table = self._table(frame["table"])
        digest = token_digest(frame["seat_token"])
        seat = next((s for s, st in enumerate(table.seats)
                     if st.kind == "person" and st.token is not None and hmac.compare_digest(st.token, digest)), None)
        if seat is None:
            raise P.FrameError("bad_token")
        st = table.seats[seat]
        if st.peer is not None and st.peer is not conn:
            raise P.FrameError("token_in_use", seat=seat)
        if conn.seat is not None and (conn.table is not table or conn.seat != seat):
            raise P.FrameError("already_seated", table=conn.table.code if conn.table else None, seat=conn.seat)
        self._attach(conn, table, seat)
        self._reply(conn, re, {"type": "seated", "table": table.code, "seat": seat, "info": table.info()})
        self._broadcast(table)
        self._next(table)

    def _on_leave(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        if conn.table is None or conn.seat is None:
            raise P.FrameError("not_seated")
        table, seat = conn.table, conn.seat
        self._to_computer(table, seat)
        self._reply(conn, re, {"type": "left", "table": table.code, "seat": seat})
        self._broadcast(table)
        self._next(table)

    def _unseat(self, table: Table, seat: int) -> None:
        """The person at ``seat`` (if any) loses it: token void, told so."""
        st = table.seats[seat]
        if st.hold_timer is not None:
            st.hold_timer.cancel()
            st.hold_timer = None
        peer = st.peer
        st.peer, st.token, st.name, st.standin = None, None, None, False
        if peer is not None:
            peer.table, peer.seat = None, None
            self._send(peer, {"type": "unseated", "table": table.code, "seat": seat})

    def _to_computer(self, table: Table, seat: int) -> None:
        self._unseat(table, seat)
        table.seats[seat].kind = "computer"
        self.store.set_seat(table.code, seat, "computer", None, None)

    # ------------------------------------------------------------ teacher powers
    def _on_open_table(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table = self.open_table(frame["game"], frame["seats"], frame.get("rules") or {},
                                frame.get("level", self.settings.level), frame.get("next_hand", "auto"))
        self._reply(conn, re, {"type": "table_opened", "table": table.code, "info": table.info()})

    def open_table(self, game: str, seats: int, rules: dict[str, Any], level: int = 1,
                   next_hand: str = "auto", open_seats: tuple[int, ...] = ()) -> Table:
        """Open a table of ``game`` for ``seats`` seats (the registry's spec,
        its ``rules`` read by the spec), every seat a computer player of
        ``level`` except ``open_seats``.  FrameError ``bad_table`` (with the
        engine's message as data) for a game, seat count or rule the
        engine refuses."""
        if next_hand not in _NEXT_HAND:
            raise P.FrameError("bad_field", field="next_hand", allowed=list(_NEXT_HAND))
        if game not in game_names():
            raise P.FrameError("bad_table", field="game", allowed=list(game_names()))
        try:
            spec = spec_for(game, seats)
            parsed = spec.rules_from_json(rules, seats)
        except InvalidInputError as e:
            raise P.FrameError("bad_table", text=P.msg_json(e.msg)) from None
        code = _new_code()
        config = {"game": game, "seats": seats, "rules": spec.rules_to_json(parsed), "level": level,
                  "next_hand": next_hand, "first_deal": secrets.randbelow(2 ** 62), "dealer": 0}
        kinds = [("open" if s in open_seats else "computer", None, None) for s in range(seats)]
        self.store.add_table(code, config, kinds)
        table = Table(code, config, spec, parsed)
        for s in open_seats:
            table.seats[s].kind = "open"
        self.tables[code] = table
        self._next(table)
        return table

    def _on_close_table(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table = self._table(frame["table"])
        self.store.close_table(table.code)
        del self.tables[table.code]
        if table.timer is not None:
            table.timer.cancel()
        for s, st in enumerate(table.seats):
            if st.hold_timer is not None:
                st.hold_timer.cancel()
            if st.peer is not None:
                self._send(st.peer, {"type": "closed", "table": table.code})
                st.peer.table, st.peer.seat = None, None
        for w in list(table.watchers):
            self._send(w, {"type": "closed", "table": table.code})
            w.watching = None
        self._reply(conn, re, {"type": "closed", "table": table.code})

    def _on_seat_computer(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table, seat = self._teacher_seat(frame)
        self._to_computer(table, seat)
        self._reply(conn, re, {"type": "done", "table": table.code})
        self._broadcast(table)
        self._next(table)

    def _on_free_seat(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table, seat = self._teacher_seat(frame)
        self._unseat(table, seat)
        table.seats[seat].kind = "open"
        self.store.set_seat(table.code, seat, "open", None, None)
        self._reply(conn, re, {"type": "done", "table": table.code})
        self._broadcast(table)
        self._next(table)  # its turn now: held for a person, then a computer player plays it

    def _on_invite(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        """The teacher seats a person: a seat token for ``seat``, handed to that person."""
        self._need_teacher(conn)
        table, seat = self._teacher_seat(frame)
        self._check_takeable(table, seat)
        token = self._seat_person(table, seat, frame.get("name"))
        self._reply(conn, re, {"type": "invited", "table": table.code, "seat": seat, "seat_token": token})
        self._broadcast(table)
        self._next(table)

    def _teacher_seat(self, frame: dict[str, Any]) -> tuple[Table, int]:
        table = self._table(frame["table"])
        if frame["seat"] >= table.n:
            raise P.FrameError("bad_field", field="seat")
        return table, frame["seat"]

    def _on_next_hand(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table = self._table(frame["table"])
        if table.game.phase is not Phase.DEAL:
            raise P.FrameError("hand_in_progress", phase=table.game.phase.value)
        self._deal(table)
        self._reply(conn, re, {"type": "done", "table": table.code})

    def _on_records(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table = self._table(frame["table"])
        self._reply(conn, re, {"type": "records", "table": table.code, "record": game_to_record(table.game),
                               "finished_hands": len(table.game.results)})

    def _on_log(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        self._need_teacher(conn)
        table = self._table(frame["table"])
        self._reply(conn, re, {"type": "log", "table": table.code, "actions": [
            {"seq": q, "seat": s, "action": a} for q, s, a in self.store.actions(table.code)]})

    # ------------------------------------------------------------ play
    def _on_act(self, conn: Conn, frame: dict[str, Any], re: Any) -> None:
        if conn.table is None or conn.seat is None:
            raise P.FrameError("not_seated")
        table, seat = conn.table, conn.seat
        if "seq" in frame and (frame["seq"] > table.seq or frame["seq"] <= table.acted.get(seat, -1)):
            raise P.FrameError("stale_seq", seq=table.seq)  # from the future, or this seat acted since
        action = P.action_from_json(table.spec, seat, frame["action"])
        try:
            verdict = table.game.check(action)
        except InvalidInputError as e:
            raise P.FrameError("bad_action", text=P.msg_json(e.msg)) from None
        if not verdict.ok:
            self._reply(conn, re, {"type": "refused", "table": table.code, "seq": table.seq, "seat": seat,
                                   "action": frame["action"], "verdict": P.verdict_json(verdict)})
            return
        seq = self._commit(table, seat, action)
        self._reply(conn, re, {"type": "accepted", "table": table.code, "seq": seq})
        if seq is not None:
            self._after(table)

    def _commit(self, table: Table, seat: int | None, action: Action | int) -> int | None:
        """Write the action to the store, apply it to the game, both or
        neither (the transaction commits only after the engine applied it;
        a game changed but not stored is rebuilt from the store).  Returns
        its sequence number; None for a look by a seat that has seen its cards
        (it changes nothing and is not stored, HAND_RECORD.md)."""
        game = table.game
        if isinstance(action, Look) and game.has_looked(action.seat):
            return None
        seq = table.seq
        before = game.history_length
        db = self.store.db
        db.execute("BEGIN IMMEDIATE")
        try:
            if isinstance(action, int):
                obj: dict[str, Any] = {"deal": action}
                self.store.add_action(table.code, seq, None, obj)
                game.deal(action)
            else:
                game.apply(action)
                obj = P.action_to_json(table.spec, game.history[-1])  # as the engine read it (cards parsed)
                self.store.add_action(table.code, seq, seat, obj)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            if game.history_length != before:
                self._rebuild(table)
            raise
        table.seq = seq + 1
        table.last = {"seq": seq, "seat": seat, "action": obj}
        if seat is not None:
            table.acted[seat] = seq
        return seq

    def _rebuild(self, table: Table) -> None:
        table.game = load_table(self.store, table.code, table.config).game

    def _deal(self, table: Table) -> None:
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        game = table.game
        if game.phase is not Phase.DEAL:
            return
        assert game.first_deal is not None
        self._commit(table, None, game.first_deal + game.hands_dealt)
        self._after(table)

    def _after(self, table: Table) -> None:
        self._broadcast(table)
        self._next(table)

    def _next(self, table: Table) -> None:
        """What happens next on its own: computer players to act, or the next hand dealt."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.code not in self.tables:
            return
        game = table.game
        if game.phase is Phase.GAME_OVER:
            return
        seats = table.seats
        if game.phase is Phase.DEAL:
            # the next hand only for someone: a person connected, or away less than the hold (a table
            # whose people have all gone stops between hands instead of playing computers forever)
            if table.config.get("next_hand") != "auto" or not any(
                    s.kind == "person" and (s.peer is not None or s.hold_timer is not None) for s in seats):
                return
            waiting = [n for n, s in enumerate(seats) if s.kind == "open" and s.empty]
            for n in waiting:  # seats opened for people: held for them, then a computer player plays them
                if seats[n].hold_timer is None:
                    self._hold(table, n)
            if not waiting:
                # the same pause before the first hand as between hands: time for the others to sit
                table.timer = self.loop.call_later(self.settings.next_hand_delay, self._deal, table)
            return
        bot = None
        for seat in game.seats_to_act:
            st = seats[seat]
            if st.by_computer:
                bot = seat if bot is None else bot
            elif st.empty and st.hold_timer is None:
                self._hold(table, seat)  # nobody there at its turn: a computer player after the hold
        if bot is not None:
            table.timer = self.loop.call_later(self.settings.bot_delay, self._bot_move, table, bot, table.seq)

    def _bot_move(self, table: Table, seat: int, seq: int) -> None:
        table.timer = None
        if table.code not in self.tables or table.seq != seq or not table.seats[seat].by_computer:
            return
        view = table.game.view(seat)
        if not view.legal:
            return
        try:
            action = table.bot(seat).choose(view)
            if not table.game.check(action).ok:
                action = view.legal[0]
        except Exception:  # a computer player's fault must not stop the table
            log.exception("computer player failed at table %s seat %s", table.code, seat)
            action = view.legal[0]
        self._commit(table, seat, action)
        self._after(table)

    # ------------------------------------------------------------ frames out
    def _state(self, table: Table, conn: Conn, cache: dict[Any, Any]) -> dict[str, Any]:
        """The state frame for ``conn``: its seat's own view, or the public
        view, or (a teacher watching) the public view with every hand."""
        game = table.game
        frame: dict[str, Any] = {"type": "state", "table": table.code, "seq": table.seq,
                                 "info": cache.get("info") or cache.setdefault("info", table.info())}
        if conn.results_sent != len(game.results):  # the finished hands, when they changed for this connection
            if "results" not in cache:
                cache["results"] = P.results_json(game.results, table.memo)
            frame["results"] = cache["results"]
            conn.results_sent = len(game.results)
        if conn.table is table and conn.seat is not None:
            frame["role"], frame["seat"] = "seat", conn.seat
            frame["view"] = view = self._seat_view(table, conn.seat, cache)
            frame["last"] = _last_seen(table.last, conn.seat, view)
            return frame
        if "public" not in cache:
            cache["public"] = P.public_view_json([self._seat_view(table, s, cache) for s in range(table.n)])
        frame["view"] = cache["public"]
        frame["last"] = table.last if conn.teacher else _last_seen(table.last, None, cache["public"])
        if conn.teacher:
            frame["role"] = "teacher"
            frame["hands"] = {str(s): [c.code for c in game.hand_of(s)] for s in range(table.n)}
            frame["bids"] = P.data(game.bids)
            frame["to_act"] = list(game.seats_to_act)
        else:
            frame["role"] = "spectator"
        return frame

    def _seat_view(self, table: Table, seat: int, cache: dict[Any, Any]) -> dict[str, Any]:
        if seat not in cache:
            if len(table.memo) > 400:
                table.memo.clear()
            cache[seat] = P.view_json(table.game.view(seat), table.memo)
        out: dict[str, Any] = cache[seat]
        return out

    def _broadcast(self, table: Table) -> None:
        cache: dict[Any, Any] = {}
        for st in table.seats:
            if st.peer is not None:
                self._send(st.peer, self._state(table, st.peer, cache))
        for w in list(table.watchers):
            self._send(w, self._state(table, w, cache))
