"""``tricktutor tables serve``: the table server on tornado.

Tornado is installed with Jupyter already (no new dependency), speaks
WebSocket and HTTP in one server (``--site DIR`` serves the static
site's files from the same port: a classroom needs no other web server), and runs on the asyncio event loop that
Jupyter's own server uses, so the same code could run as a Jupyter or
JupyterHub service (docs/SCALING.md).

The server binds 127.0.0.1 unless ``--host`` says otherwise, prints its
``ws://`` address once it listens (the port it really bound: ``--port 0``
takes a free one), the teacher key and a join link per table it opened,
in the language spoken (``serve --lang``): catalogue entries with named
placeholders, each value (an address, the key, a link) last on its line or in
brackets as in English, so that a line can be read by a person in any
language (programs read the English lines: ``listening: URL``, ``teacher key: KEY``).
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
from ..text import M_, P_, say

__all__ = ["make_app", "start", "Running", "serve", "hub_identity", "listen_address"]

#: The lines ``serve`` prints (in the language spoken): catalogue entries, named placeholders.
_LINES = {
    # TRANSLATORS: the first line tables serve prints: {url} its WebSocket address (ws://…), last on the line.
    "listening": M_("tables.serve.listening", "Trick Tutor table server listening: {url}"),
    # TRANSLATORS: the second line: {key} the teacher key (last on the line; the teacher types it in the app).
    "key": M_("tables.serve.key", "teacher key: {key}"),
    # TRANSLATORS: a server run as a JupyterHub service: {url} the hub's address it asks who a player is;
    # {teachers} who is a teacher without the key (the two entries below, or "none").
    "hub": M_("tables.serve.hub", "JupyterHub identities: {url}; teachers without the key: {teachers}"),
    # TRANSLATORS: in the line above: the members of the JupyterHub group {group}.
    "hub_group": M_("tables.serve.hub_group", "group {group}"),
    # TRANSLATORS: in the line above: JupyterHub's administrators.
    "hub_admins": M_("tables.serve.hub_admins", "hub admins"),
    # TRANSLATORS: in the line above: nobody is a teacher without the key.
    "hub_none": M_("tables.serve.hub_none", "none"),
    # TRANSLATORS: a JupyterHub service: {address} the address players' pages connect to (keep wss://, https).
    "through": M_("tables.serve.through", "players reach it through the hub: {address} (wss:// when the hub is on "
                                          "https)"),
    # TRANSLATORS: the app's join link of the table above (printed indented under it); {link} last on the line.
    "app_link": M_("tables.serve.app_link", "the app's join link: {link}"),
    # TRANSLATORS: printed when the server listens on a network address (--host): what that means. Keep ws://,
    # wss:// and TLS.
    "open": M_("tables.serve.open", "This server is open to the network: anyone who can reach this computer can "
                                    "connect and watch a table whose code they know. The table codes, seat tokens "
                                    "and the teacher key are the only keys; frames travel unencrypted (ws://), so use "
                                    "it on a school network you trust, never on the open internet without a TLS "
                                    "proxy in front (wss://)."),
}
#: A table's line: opened now, or resumed from the database (its code first: ``table CODE …``).
_TABLE_LINES = {
    # TRANSLATORS: a table opened at start: {code} its code, {game} the game's name as --table writes it (spades,
    # oh_hell: keep it), {n} its seats, {link} the join link (last on the line).
    True: P_("tables.serve.table_new", "table {code} ({game}, {n} seat, new): join {link}",
             "table {code} ({game}, {n} seats, new): join {link}"),
    # TRANSLATORS: as above, a table resumed from the database (opened before the server was restarted).
    False: P_("tables.serve.table_resumed", "table {code} ({game}, {n} seat, resumed): join {link}",
              "table {code} ({game}, {n} seats, resumed): join {link}"),
}
#: Why ``serve`` cannot start, in the language spoken (raised as ValueError; the command prints it).
_ERRORS = {
    # TRANSLATORS: --base-url (keep it) may hold only these characters.
    "base_url": M_("tables.serve.bad_base_url", "--base-url: letters, digits, / _ - only"),
    # TRANSLATORS: --teacher-group and --teacher-admins (keep them) need a JupyterHub; keep $JUPYTERHUB_API_URL
    # and --hub-api-url.
    "no_hub": M_("tables.serve.no_hub", "--teacher-group and --teacher-admins need JupyterHub ($JUPYTERHUB_API_URL, "
                                        "as a hub service, or --hub-api-url)"),
    # TRANSLATORS: --hub-api-url (keep it) is not a web address.
    "hub_api_url": M_("tables.serve.bad_hub_api_url", "--hub-api-url: an http:// or https:// address"),
    # TRANSLATORS: --app-url (keep it) is not a web address: {url} what was given (quoted).
    "app_url": M_("tables.serve.bad_app_url", "--app-url is not an http:// or https:// address: {url}"),
    # TRANSLATORS: --site (keep it) names a folder that holds no built static site; {path} the folder (quoted);
    # keep ./dev.sh site.
    "site": M_("tables.serve.bad_site", "--site: {path} holds no built static site (build it with ./dev.sh site)"),
}


def _say(line: str, /, **params: Any) -> None:
    """Print one of :data:`_LINES` (in the language spoken)."""
    print(say(_LINES[line], **params), flush=True)


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


#: The app's page in a built static site (scripts/site/build.py: APP_PAGE).
SITE_APP_PAGE = "voici/render/notebooks/app.html"

#: Types Python's table may lack or get wrong (as scripts/site/serve.py: wasm must be application/wasm for
#: streaming compilation).
_SITE_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
               ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json"}


class SiteFiles(tornado.web.StaticFileHandler):
    """The static site's files (``--site``), as GitHub Pages serves them: the browser may reuse a file for
    10 minutes; text compressed for a browser that asks (the application's ``compress_response``).
    tornado's handler refuses a path outside the folder."""

    def get_content_type(self) -> str:
        suffix = Path(self.absolute_path or "").suffix.lower()
        return _SITE_TYPES.get(suffix) or super().get_content_type()

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "max-age=600")


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
        raise ValueError(say(_ERRORS["base_url"]))
    inner = base_url.strip("/")
    return "/" + inner + "/" if inner else "/"


def make_app(hub: Hub, base_url: str = "/", site: Path | None = None) -> tornado.web.Application:
    """The routes under ``base_url`` (``/``; as a JupyterHub service, its prefix
    ``/services/NAME/``): ``ws`` the WebSocket, the prefix itself what this is; with
    ``site`` (a built static site's folder) the prefix serves the site's files instead
    (what this is moves to ``server.json``)."""
    base = _base(base_url)
    routes: list[Any] = [(base + "ws", TableSocket, {"hub": hub})]
    if site is None:
        routes.append((base, Health, {"ws_path": base + "ws"}))
    else:
        routes += [(base + "server.json", Health, {"ws_path": base + "ws"}),
                   (base + "(.*)", SiteFiles, {"path": str(site), "default_filename": "index.html"})]
    return tornado.web.Application(
        routes, compress_response=site is not None,
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
                identity: Identity | None = None, site: Path | None = None) -> Running:
    """Start a server on the running event loop (``port`` 0: a free one);
    ``identity``: players' names and the teacher role from JupyterHub; ``site``: a
    built static site served from the same port (:func:`make_app`)."""
    store = Store(db)
    hub = Hub(store, asyncio.get_running_loop(), settings, identity=identity)
    sockets = tornado.netutil.bind_sockets(port, address=host)
    bound = sockets[0].getsockname()[1]
    server = tornado.httpserver.HTTPServer(make_app(hub, base_url, site), max_body_size=_WS_MAX_BYTES)
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
            raise ValueError(say(_ERRORS["no_hub"]))
        return None
    if urlsplit(api_url).scheme not in ("http", "https"):
        raise ValueError(say(_ERRORS["hub_api_url"]))
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


def check_arguments(args: argparse.Namespace, env: Mapping[str, str]) -> None:
    """The command line's checks that need no server (``--app-url``, the hub's settings): ValueError with
    the sentence to print, before any event loop or database is started."""
    if args.app_url and app_page(args.app_url) is None:
        raise ValueError(say(_ERRORS["app_url"], url=repr(args.app_url[:80])))
    if getattr(args, "site", None) and not (Path(args.site) / SITE_APP_PAGE).is_file():
        raise ValueError(say(_ERRORS["site"], path=repr(str(args.site)[:200])))
    hub_identity(args, env)


def site_app_url(ws_url: str, base_url: str) -> str:
    """The app's page of the site this server serves: ``ws://HOST:PORT/ws`` → ``http://HOST:PORT/…/app.html``."""
    parts = urlsplit(ws_url)
    scheme = "https" if parts.scheme == "wss" else "http"
    return f"{scheme}://{parts.netloc}{_base(base_url)}{SITE_APP_PAGE}"


async def serve(args: argparse.Namespace) -> int:
    """Run the server until SIGINT or SIGTERM."""
    check_arguments(args, os.environ)
    db = Path(args.db) if args.db else default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    settings = Settings(hold_seconds=args.hold_seconds, bot_delay=args.bot_delay,
                        next_hand_delay=args.next_hand_delay, rate=args.rate, level=args.level)
    env = os.environ
    base_url = args.base_url or env.get("JUPYTERHUB_SERVICE_PREFIX") or "/"
    identity = hub_identity(args, env)
    host, port = listen_address(args, env)
    site = Path(args.site).resolve() if getattr(args, "site", None) else None
    running = await start(host, port, str(db), settings, base_url, identity, site)
    hub, url = running.hub, running.url
    rules = json.loads(args.rules) if args.rules else {}
    opened = []
    for game, seats, computers in args.table or []:
        n = seats or default_seats(game) or spec_named(game).seat_counts[0]
        k = n - 1 if computers is None else min(computers, n)
        opened.append(hub.open_table(game, n, rules, args.level, "auto", open_seats=tuple(range(n - k))))
    _say("listening", url=url)
    _say("key", key=hub.teacher_key)
    join = _link_base(url, host)  # a server on every address: the links name this computer's
    # the app's page the join links open: --app-url, else the site this server serves (same host and port)
    page = app_page(args.app_url) if args.app_url else site_app_url(join, base_url) if site is not None else ""
    if identity is not None:
        teachers = [say(_LINES["hub_group"], group=g) for g in sorted(identity.teacher_groups)]
        if identity.teacher_admins:
            teachers.append(say(_LINES["hub_admins"]))
        _say("hub", url=identity.user_url, teachers=", ".join(teachers) or say(_LINES["hub_none"]))
        public = env.get("JUPYTERHUB_PUBLIC_URL", "")
        through = (public.replace("https://", "wss://", 1).replace("http://", "ws://", 1).rstrip("/") + "/ws"
                   if public.startswith(("http://", "https://")) else _base(base_url) + "ws")
        _say("through", address=through)
        join = through
    for t in hub.tables.values():
        print(say(_TABLE_LINES[t in opened], code=t.code, game=t.spec.name, n=t.n, link=f"{join}?table={t.code}"),
              flush=True)
        link = join_link(page or "", join, t.code)
        if page:
            print("  " + say(_LINES["app_link"], link=link), flush=True)
        if args.qr:
            print(qr_terminal(link), end="", flush=True)
    if not _is_loopback(host):
        _say("open")
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
