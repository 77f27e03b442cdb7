"""``tricktutor tables serve``: the table server on tornado.

Tornado is installed with Jupyter already (no new dependency), speaks
WebSocket and HTTP in one server (a later version can serve the static
site's files from the same port), and runs on the asyncio event loop that
Jupyter's own server uses, so the same code could run as a Jupyter or
JupyterHub service (docs/SCALING.md).

The server binds 127.0.0.1 unless ``--host`` says otherwise, prints its
``ws://`` address once it listens (the port it really bound: ``--port 0``
takes a free one), the teacher key and a join link per table it opened.
"""
from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import signal
import socket
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import urlsplit

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

from engine.registry import default_seats, spec_named

from . import protocol as P
from .hub import Hub, Identity, Settings
from .jupyterhub_auth import HubIdentity, access_scopes_from_env
from .links import app_page, join_link, qr_terminal
from .store import Store, default_db

__all__ = ["make_app", "start", "Running", "serve", "hub_identity", "listen_address"]

#: tornado's own limit on one message (a larger one closes the connection, code 1009);
#: the hub refuses frames over protocol.MAX_FRAME_BYTES with an error frame first.
_WS_MAX_BYTES = 64 * 1024


class TableSocket(tornado.websocket.WebSocketHandler):
    """One WebSocket connection, handed to the hub."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def check_origin(self, origin: str) -> bool:
        # A page of the static site (another origin) may connect: the table code, seat tokens and
        # the teacher key guard the tables, not the page's origin (a browser sends no cookie here).
        return True

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)
        self.hub.connect(self)

    def on_message(self, message: str | bytes) -> None:
        self.hub.receive(self, message)

    def on_close(self) -> None:
        self.hub.gone(self)

    def send(self, text: str) -> None:
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass


class Health(tornado.web.RequestHandler):
    """``GET /``: what this server is (JSON), for a client or a health check."""

    def initialize(self, ws_path: str) -> None:
        self.ws_path = ws_path

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps({"server": "tricktutor-tables", "protocol": P.VERSION, "websocket": self.ws_path}))


_PATH_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_-")


def _base(base_url: str) -> str:
    """``/prefix/`` of the routes: letters, digits, ``/ _ -`` only (it is a route pattern)."""
    if not set(base_url) <= _PATH_CHARS:
        raise ValueError("--base-url: letters, digits, / _ - only")
    inner = base_url.strip("/")
    return "/" + inner + "/" if inner else "/"


def make_app(hub: Hub, base_url: str = "/") -> tornado.web.Application:
    """The routes under ``base_url`` (``/``; as a JupyterHub service, its prefix
    ``/services/NAME/``): ``ws`` the WebSocket, the prefix itself what this is."""
    base = _base(base_url)
    return tornado.web.Application(
        [(base + "ws", TableSocket, {"hub": hub}), (base, Health, {"ws_path": base + "ws"})],
        websocket_max_message_size=_WS_MAX_BYTES, websocket_ping_interval=10, websocket_ping_timeout=10)


class Running:
    """A server started by :func:`start`: its ``url``, ``hub`` and :meth:`stop`."""

    def __init__(self, url: str, hub: Hub, server: tornado.httpserver.HTTPServer, store: Store) -> None:
        self.url, self.hub, self.server, self.store = url, hub, server, store

    def stop(self) -> None:
        self.server.stop()
        for conn in list(self.hub.conns.values()):
            conn.peer.close(1001, "server stopping")
        self.hub.shutdown()
        self.store.close()


async def start(host: str, port: int, db: str, settings: Settings, base_url: str = "/",
                identity: Identity | None = None) -> Running:
    """Start a server on the running event loop (``port`` 0: a free one);
    ``identity``: players' names and the teacher role from JupyterHub."""
    store = Store(db)
    hub = Hub(store, asyncio.get_running_loop(), settings, identity=identity)
    sockets = tornado.netutil.bind_sockets(port, address=host)
    bound = sockets[0].getsockname()[1]
    server = tornado.httpserver.HTTPServer(make_app(hub, base_url), max_body_size=_WS_MAX_BYTES)
    server.add_sockets(sockets)
    shown = f"[{host}]" if ":" in host else host
    base = _base(base_url)
    return Running(f"ws://{shown}:{bound}{base}ws", hub, server, store)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_address(host: str) -> str:
    """The address other computers reach this server at: ``host`` itself, or for a server listening
    on every address (``0.0.0.0``, ``::``) this computer's address on its network (the one a packet
    to a private address would leave from: no packet is sent), else its name."""
    try:
        unspecified = ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return host
    if not unspecified:
        return host
    family, probe = (socket.AF_INET6, "fd00::1") if ":" in host else (socket.AF_INET, "10.255.255.255")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 1))
            return str(s.getsockname()[0])
    except OSError:  # no route to it (a network without a gateway): an address the computer's name has
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, family)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address.split("%")[0]).is_loopback:
            return address
    return socket.gethostname()


def _link_base(url: str, host: str) -> str:
    """``url`` (``ws://HOST:PORT/…``) with the host others reach it at (:func:`network_address`)."""
    shown = network_address(host)
    if shown == host:
        return url
    parts = urlsplit(url)
    netloc = f"[{shown}]" if ":" in shown else shown
    return parts._replace(netloc=f"{netloc}:{parts.port}").geturl()


def hub_identity(args: argparse.Namespace, env: Mapping[str, str]) -> HubIdentity | None:
    """JupyterHub's identities when the server runs as a hub service: the hub's
    API from ``--hub-api-url`` or ``$JUPYTERHUB_API_URL`` (none: no hub), the
    access scope as JupyterHub's HubAuth reads it from the environment, the
    teachers from ``--teacher-group`` and ``--teacher-admins``."""
    api_url = args.hub_api_url if args.hub_api_url is not None else env.get("JUPYTERHUB_API_URL", "")
    if not api_url:
        if args.teacher_group or args.teacher_admins:
            raise ValueError("--teacher-group and --teacher-admins need JupyterHub ($JUPYTERHUB_API_URL, as a hub "
                             "service, or --hub-api-url)")
        return None
    if urlsplit(api_url).scheme not in ("http", "https"):
        raise ValueError("--hub-api-url: an http:// or https:// address")
    return HubIdentity(api_url, access_scopes_from_env(env), args.teacher_group or (), args.teacher_admins)


def listen_address(args: argparse.Namespace, env: Mapping[str, str]) -> tuple[str, int]:
    """``--host`` and ``--port``; when not given, those of ``$JUPYTERHUB_SERVICE_URL``
    (where the hub's proxy expects the service), else 127.0.0.1 and 8765."""
    service = urlsplit(env.get("JUPYTERHUB_SERVICE_URL", ""))
    try:
        service_port = service.port
    except ValueError:
        service_port = None
    host = args.host or service.hostname or "127.0.0.1"
    port = args.port if args.port is not None else service_port if service_port is not None else 8765
    return host, port


async def serve(args: argparse.Namespace) -> int:
    """Run the server until SIGINT or SIGTERM."""
    if args.app_url and app_page(args.app_url) is None:
        raise ValueError(f"--app-url is not an http:// or https:// address: {args.app_url[:80]!r}")
    db = Path(args.db) if args.db else default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    settings = Settings(hold_seconds=args.hold_seconds, bot_delay=args.bot_delay,
                        next_hand_delay=args.next_hand_delay, rate=args.rate, level=args.level)
    env = os.environ
    base_url = args.base_url or env.get("JUPYTERHUB_SERVICE_PREFIX") or "/"
    identity = hub_identity(args, env)
    host, port = listen_address(args, env)
    running = await start(host, port, str(db), settings, base_url, identity)
    hub, url = running.hub, running.url
    rules = json.loads(args.rules) if args.rules else {}
    opened = []
    for game, seats, computers in args.table or []:
        n = seats or default_seats(game) or spec_named(game).seat_counts[0]
        k = n - 1 if computers is None else min(computers, n)
        opened.append(hub.open_table(game, n, rules, args.level, "auto", open_seats=tuple(range(n - k))))
    print(f"Trick Tutor table server listening: {url}", flush=True)
    print(f"teacher key: {hub.teacher_key}", flush=True)
    page = app_page(args.app_url) if args.app_url else ""
    join = _link_base(url, host)  # a server on every address: the links name this computer's
    if identity is not None:
        teachers = [f"group {g}" for g in sorted(identity.teacher_groups)] + (["hub admins"] if identity.teacher_admins
                                                                             else [])
        print(f"JupyterHub identities: {identity.user_url}; teachers without the key: "
              f"{', '.join(teachers) or 'none'}", flush=True)
        public = env.get("JUPYTERHUB_PUBLIC_URL", "")
        through = (public.replace("https://", "wss://", 1).replace("http://", "ws://", 1).rstrip("/") + "/ws"
                   if public.startswith(("http://", "https://")) else _base(base_url) + "ws")
        print(f"players reach it through the hub: {through} (wss:// when the hub is on https)", flush=True)
        join = through
    for t in hub.tables.values():
        note = "new" if t in opened else "resumed"
        print(f"table {t.code} ({t.spec.name}, {t.n} seats, {note}): join {join}?table={t.code}", flush=True)
        link = join_link(page or "", join, t.code)
        if page:
            print(f"  the app's join link: {link}", flush=True)
        if args.qr:
            print(qr_terminal(link), end="", flush=True)
    if not _is_loopback(host):
        print("This server is open to the network: anyone who can reach this computer can connect and watch a "
              "table whose code they know. The table codes, seat tokens and the teacher key are the only keys; "
              "frames travel unencrypted (ws://), so use it on a school network you trust, never on the open "
              "internet without a TLS proxy in front (wss://).", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await stop.wait()
    running.stop()
    return 0
