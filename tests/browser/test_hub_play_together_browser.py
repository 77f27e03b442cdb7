"""Play with others inside a JupyterHub, in a real browser (issue 35: identities from the hub).

A stand-in for the hub runs in this test's process (its own event loop in a thread): a fake hub API
(``/hub/api/user`` for one token), the table server in hub mode under ``/services/tables/``, and a
small proxy on one port that leads ``/services/tables/ws`` to the table server and everything else
to Voila (pages, HTTP and the kernel's WebSocket), as the hub's proxy leads ``/services/NAME/`` to a
service and ``/user/NAME/`` to the learner's server.  Voila's kernel has the learner's
``JUPYTERHUB_USER`` and ``JUPYTERHUB_API_TOKEN``, as a single-user server's kernels do.

The page, opened through the proxy with ``?table=CODE&server=/services/tables/ws`` (a path: the
page's own host), shows the hub name instead of the name box, joins, and is seated under the hub
name (the server asked the fake hub); at 390 and 1280 px.  Screenshots:
tests/browser/artifacts/hub_together_<step>_<size>.png.
"""
from __future__ import annotations

import asyncio
import json
import threading
from typing import Any
from urllib.parse import quote

import pytest
import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from playwright.sync_api import expect

from _app_page import APP, DESKTOP, PHONE, full_screenshot, main_tab, open_app, overflow_report
from _together import TOGETHER, WAIT_MS, take_first_seat
from _voila import start_voila, stop_voila

from tutor.app import SECTION_TITLES
from tutor.tables_server.client import TableClient
from tutor.tables_server.hub import Settings
from tutor.tables_server.jupyterhub_auth import HubIdentity
from tutor.tables_server.server import start
from tutor.text import say

pytestmark = pytest.mark.browser

TOKEN = "tok-amina-0123456789abcdef"


def _listen(app: tornado.web.Application) -> tuple[tornado.httpserver.HTTPServer, int]:
    sockets = tornado.netutil.bind_sockets(0, address="127.0.0.1")
    server = tornado.httpserver.HTTPServer(app, xheaders=False)
    server.add_sockets(sockets)
    return server, int(sockets[0].getsockname()[1])


class UserAPI(tornado.web.RequestHandler):
    """The fake hub's ``GET /hub/api/user``: amina for TOKEN, 403 for anything else."""

    def get(self) -> None:
        if self.request.headers.get("Authorization") != f"token {TOKEN}":
            raise tornado.web.HTTPError(403)
        self.write(json.dumps({"kind": "user", "name": "amina", "admin": False, "groups": ["class-7b"],
                               "scopes": ["access:services!service=tables"]}))


class WsProxy(tornado.websocket.WebSocketHandler):
    """A WebSocket led on to ``upstream`` (ws://…) with the same path and query, frames both ways."""

    def initialize(self, upstream: str) -> None:
        self.upstream = upstream
        self.up: Any = None

    def check_origin(self, origin: str) -> bool:
        return True

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        return subprotocols[0] if subprotocols else None

    async def open(self, *args: Any) -> None:
        url = self.upstream + self.request.uri
        protocols = [p.strip() for p in self.request.headers.get("Sec-WebSocket-Protocol", "").split(",") if p.strip()]
        self.up = await tornado.websocket.websocket_connect(url, subprotocols=protocols or None,
                                                            max_message_size=2 ** 26)
        asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        while True:
            msg = await self.up.read_message()
            if msg is None:
                self.close()
                return
            try:
                await self.write_message(msg, binary=isinstance(msg, bytes))
            except tornado.websocket.WebSocketClosedError:
                return

    async def on_message(self, message: str | bytes) -> None:
        if self.up is not None:
            await self.up.write_message(message, binary=isinstance(message, bytes))

    def on_close(self) -> None:
        if self.up is not None:
            self.up.close()


class HttpProxy(tornado.web.RequestHandler):
    """Any HTTP request led on to ``upstream`` (http://…), the answer given back as it came."""

    SUPPORTED_METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS")

    def initialize(self, upstream: str) -> None:
        self.upstream = upstream

    async def _go(self) -> None:
        headers = {k: v for k, v in self.request.headers.get_all() if k.lower() not in ("host", "content-length")}
        body = self.request.body if self.request.method in ("POST", "PUT", "PATCH") else None
        resp = await tornado.httpclient.AsyncHTTPClient().fetch(
            self.upstream + self.request.uri, method=self.request.method, headers=headers, body=body,
            follow_redirects=False, raise_error=False, decompress_response=False, allow_nonstandard_methods=True,
            request_timeout=120)
        self.clear()
        self.set_status(resp.code, resp.reason)
        seen: set[str] = set()
        for k, v in resp.headers.get_all():
            if k.lower() in ("content-length", "transfer-encoding", "connection"):
                continue
            (self.add_header if k.lower() in seen else self.set_header)(k, v)
            seen.add(k.lower())
        if resp.body:
            self.write(resp.body)

    get = post = put = delete = patch = head = options = _go  # type: ignore[assignment]


class HubStandIn:
    """The fake hub, the table server as its service and the proxy, in a thread with its own loop."""

    def __init__(self, db: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self._start(db))

    async def _start(self, db: str) -> None:
        self.api, api_port = _listen(tornado.web.Application([("/hub/api/user", UserAPI)]))
        identity = HubIdentity(f"http://127.0.0.1:{api_port}/hub/api", {"access:services!service=tables"})
        self.server = await start("127.0.0.1", 0, db, Settings(bot_delay=0.2, next_hand_delay=60.0, rate=50.0),
                                  base_url="/services/tables/", identity=identity)
        self.teacher = await TableClient.connect(self.server.url)
        assert (await self.teacher.request("teacher", key=self.server.hub.teacher_key))["type"] == "teacher_ok"

    def proxy_to(self, voila: str) -> str:
        """Start the proxy in front of Voila (``http://127.0.0.1:PORT``); its own address."""
        tables = self.server.url.split("/services/")[0]   # ws://127.0.0.1:PORT
        ws_voila = voila.replace("http://", "ws://")

        async def go() -> int:
            app = tornado.web.Application([
                (r"/services/tables/ws", WsProxy, {"upstream": tables}),
                (r"/api/kernels/[^/]+/channels", WsProxy, {"upstream": ws_voila}),
                (r"/api/events/subscribe", WsProxy, {"upstream": ws_voila}),
                (r"/.*", HttpProxy, {"upstream": voila}),
            ], websocket_max_message_size=2 ** 26)
            self.proxy, port = _listen(app)
            return port
        return f"http://127.0.0.1:{self.call(go())}"

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(60)

    def open_table(self) -> str:
        reply = self.call(self.teacher.request("open_table", game="spades", seats=4, level=1, next_hand="teacher"))
        code = str(reply["table"])
        for s in (0, 1):
            assert self.call(self.teacher.request("free_seat", table=code, seat=s))["type"] == "done"
        return code

    def stop(self) -> None:
        async def bye() -> None:
            await self.teacher.close()
            self.server.stop()
            self.api.stop()
            if hasattr(self, "proxy"):
                self.proxy.stop()
        self.call(bye())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="module")
def hub(tmp_path_factory: Any) -> Any:
    st = HubStandIn(str(tmp_path_factory.mktemp("hubtables") / "tables.sqlite3"))
    url, proc = start_voila(APP, env={"JUPYTERHUB_USER": "amina", "JUPYTERHUB_API_TOKEN": TOKEN,
                                      "JUPYTERHUB_BASE_URL": "/", "TRICKTUTOR_SEED": "7"})
    try:
        st.page_url = st.proxy_to(url.rstrip("/"))  # type: ignore[attr-defined]
        yield st
    finally:
        stop_voila(proc)
        st.stop()


@pytest.mark.parametrize("size,viewport", [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_hub_player_is_seated_under_the_hub_name(browser: Any, hub: Any, artifacts_dir: Any, size: str,
                                                   viewport: dict) -> None:
    code = hub.open_table()
    link = f"{hub.page_url}/?table={code}&server={quote('/services/tables/ws', safe='')}"
    context, page = open_app(browser, link, viewport)
    try:
        main_tab(page, say(SECTION_TITLES[-1])).click()
        label = page.locator(f"{TOGETHER} .tt-together-hub-name")
        expect(label).to_contain_text("amina", timeout=WAIT_MS)
        boxes = page.locator(f"{TOGETHER} .tt-together-form input[type=text]")
        assert [boxes.nth(i).is_visible() for i in range(3)] == [True, True, False]   # server, code; no name box
        assert [boxes.nth(i).input_value() for i in range(2)] == ["/services/tables/ws", code]
        full_screenshot(page, artifacts_dir / f"hub_together_form_{size}.png")
        take_first_seat(page)
        players, users = hub.call(_players(hub, code))
        assert [p["name"] for p in players if p["kind"] == "person"] == ["amina"]
        assert "amina" in users   # the seat's connection: the hub vouched for it (not a name typed)
        full_screenshot(page, artifacts_dir / f"hub_together_seated_{size}.png")
        assert not overflow_report(page), overflow_report(page)
        assert not page.tt_errors, page.tt_errors  # type: ignore[attr-defined]
    finally:
        context.close()


async def _players(hub: Any, code: str) -> tuple[list[dict[str, Any]], list[str | None]]:
    """The table's players, and the hub names of the connections seated there."""
    table = hub.server.hub.tables[code]
    users = [st.peer.user for st in table.seats if st.peer is not None]
    return list(table.info()["players"]), users
