"""The player's side in a JupyterHub (issue 35: identities from the hub).

In a hub's Voila or notebook the kernel has the user's ``JUPYTERHUB_USER``
and own ``JUPYTERHUB_API_TOKEN``.  What is checked: the token goes only to a
table server reached through the hub's own proxy (a ``/services/…`` path on
the page's host), never to another server; the "Play with others" form shows
the hub name instead of the name box; joining a table server that runs as a
service of the hub (the fake hub of tests/test_table_server_hub.py) seats the
player under the hub name; a hub that does not answer is said in words and
the player plays on; outside a hub (the static site) nothing changes.
"""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tutor.play_together import PlayTogether, server_url
from tutor.remote_session import HubLogin
from tutor.table.remote import RemoteTable
from tutor.tables_server.client import TableClient
from tutor.tables_server.hub import Settings
from tutor.tables_server.jupyterhub_auth import HubIdentity
from tutor.tables_server.server import start
from tutor.text import language

from engine_test_helpers import run_async
from test_remote_session import teacher_table, until
from test_table_server_hub import ACCESS, FAST, FakeHub

TOKEN = "tok-amina-0123456789abcdef"
HUB_ENV = {"JUPYTERHUB_USER": "amina", "JUPYTERHUB_API_TOKEN": TOKEN, "JUPYTERHUB_BASE_URL": "/"}


def test_the_token_goes_to_the_hubs_own_services_only() -> None:
    assert HubLogin.from_env({}) is None and HubLogin.from_env({"JUPYTERHUB_USER": "amina"}) is None
    hub = HubLogin.from_env(HUB_ENV)
    assert hub is not None and hub.name == "amina" and TOKEN not in repr(hub)
    page = "https://hub.school.example"
    assert hub.token_for("/services/tables/ws", page) == TOKEN
    assert hub.token_for("/services/tables/ws") == TOKEN          # a path: on the page's own host, whatever it is
    assert hub.token_for("wss://hub.school.example/services/tables/ws", page) == TOKEN
    assert hub.token_for("wss://hub.school.example/services/tables/ws", "") is None   # the page's host unknown
    assert hub.token_for("ws://192.168.1.10:8765/ws", page) is None                 # a teacher's laptop
    assert hub.token_for("wss://elsewhere.example/services/tables/ws", page) is None
    assert hub.token_for("wss://hub.school.example/user/amina/ws", page) is None     # not a hub service
    assert hub.token_for("/services/../user/amina/ws", page) is None
    # what a browser would read as a step up too (another user's server on the same hub)
    for sneaky in ("/services/%2e%2e/user/mallory/ws", "/services/.%2E/user/mallory/ws", "/services/tables\\..\\..\\user/ws",
                   "/services/./../user/mallory/ws", "//evil.example/services/tables/ws",
                   "wss://hub.school.example@evil.example/services/tables/ws"):
        assert hub.token_for(sneaky, page) is None, sneaky
    under = HubLogin.from_env({**HUB_ENV, "JUPYTERHUB_BASE_URL": "/jh/"})
    assert under is not None and under.token_for("/jh/services/tables/ws") == TOKEN
    assert under.token_for("/services/tables/ws") is None
    # the form takes a hub service's path as the server's address
    assert server_url("/services/tables/ws") == "/services/tables/ws"
    assert server_url("//evil.example/ws") is None


def test_the_form_shows_the_hub_name_instead_of_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in HUB_ENV.items():
        monkeypatch.setenv(key, value)
    pt = PlayTogether()
    assert pt.name.layout.display == "none" and pt.name.value == "amina"
    assert pt.server.layout.display != "none" and pt.code.layout.display != "none"
    assert "amina" in pt.hub_name.value and pt.hub_name in pt.form.children
    with language("so"):
        so = PlayTogether()
    assert "amina" in so.hub_name.value and so.hub_name.value != pt.hub_name.value
    # the hub's service through its proxy: hello with the token first, then the table
    pt.relay.origin = "https://hub.school.example"
    pt.server.value, pt.code.value = "/services/tables/ws", "wPW_Gt4XvgFX"
    pt.connect()
    assert pt.relay.url == "/services/tables/ws"
    pt.relay.status = "open"
    assert [f["type"] for f in pt.relay.sent] == ["hello", "watch"]
    assert pt.relay.sent[0]["hub_token"] == TOKEN
    # another server (a teacher's laptop on the school network) never gets the token
    other = PlayTogether()
    other.relay.origin = "https://hub.school.example"
    other.server.value, other.code.value = "ws://192.168.1.10:8765/ws", "wPW_Gt4XvgFX"
    other.connect()
    other.relay.status = "open"
    assert [f["type"] for f in other.relay.sent] == ["watch"]
    assert all(TOKEN not in json.dumps(f) for f in other.relay.sent)


def test_outside_a_hub_the_name_is_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in HUB_ENV:
        monkeypatch.delenv(key, raising=False)
    pt = PlayTogether()
    assert pt.hub is None and pt.name.layout.display != "none" and pt.hub_name.value == ""


async def hub_page(url: str, origin: str) -> tuple[PlayTogether, TableClient]:
    """A section in a hub whose relay is carried by an asyncio client (as the browser's WebSocket would)."""
    pt = PlayTogether()
    client: dict[str, TableClient] = {}

    def send(frame: dict[str, Any]) -> None:
        pt.relay.sent.append(frame)
        asyncio.ensure_future(client["c"].send_raw(json.dumps(frame)))
    pt.relay.send_frame = send  # type: ignore[method-assign]
    pt.link._send = send
    pt.relay.origin = origin
    pt.server.value = url
    return pt, client  # type: ignore[return-value]


def run_hub(body: Any, tmp_path: Path, hub_down: bool = False) -> Any:
    async def main() -> Any:
        fake = FakeHub()
        if hub_down:
            fake.stop()
        identity = HubIdentity(fake.api_url, {ACCESS}, ("teachers",))
        server = await start("127.0.0.1", 0, str(tmp_path / "tables.sqlite3"), Settings(**FAST),
                             base_url="/services/tables/", identity=identity)
        try:
            return await asyncio.wait_for(body(server), 40)
        finally:
            server.stop()
            fake.stop()
    return run_async(main())


async def join_through_hub(server: Any, code: str) -> tuple[PlayTogether, tuple[str | None, str]]:
    """The page joins the table's first free seat; also what its feedback said before Join."""
    # the page is on the hub's host; the proxy's /services/tables/ leads to the server (here: its own port)
    origin = server.url.replace("ws://", "http://").split("/services/")[0]
    pt, client = await hub_page(server.url, origin)
    pt.code.value = code
    pt.connect()
    c = await TableClient.connect(pt.relay.url)
    client["c"] = c  # type: ignore[index]
    c.on_frame = lambda f, _now: pt.relay.receive_text(json.dumps(f))
    pt.relay.status = "open"
    await until(lambda: pt.seat.options)
    said = (pt.feedback.kind, pt.feedback.text)
    pt.join(pt.seat.options[0][1])
    return pt, said


def test_joining_a_hub_service_seats_the_player_under_the_hub_name(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in HUB_ENV.items():
        monkeypatch.setenv(key, value)

    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0,))
        pt, said = await join_through_hub(server, code)
        await until(lambda: isinstance(pt.table, RemoteTable))
        assert pt.link.user == "amina"
        assert server.hub.tables[code].info()["players"][0]["name"] == "amina"
        assert said[0] != "error" and pt.feedback.kind != "error"
    run_hub(body, tmp_path)


def test_a_hub_that_does_not_answer_is_said_and_the_player_plays_on(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in HUB_ENV.items():
        monkeypatch.setenv(key, value)

    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0,))
        pt, said = await join_through_hub(server, code)
        assert said[0] == "error" and "hub" in said[1]
        await until(lambda: isinstance(pt.table, RemoteTable))
        assert pt.link.user is None
        assert pt.link.last_error is not None and pt.link.last_error["code"] == "hub_unavailable"
        # the name shown (the hub name) went as a typed name
        assert server.hub.tables[code].info()["players"][0]["name"] == "amina"
    run_hub(body, tmp_path, hub_down=True)


async def teacher_part(server: Any) -> tuple[PlayTogether, TableClient]:
    """The section's teacher part, its relay carried by an asyncio client, on the hub's host."""
    pt = PlayTogether()
    t = pt.teacher
    client: dict[str, TableClient] = {}
    pending: list[dict[str, Any]] = []

    def send(frame: dict[str, Any]) -> None:
        t.relay.sent.append(frame)
        if "c" in client:
            asyncio.ensure_future(client["c"].send_raw(json.dumps(frame)))
        else:
            pending.append(frame)
    t.relay.send_frame = send  # type: ignore[method-assign]
    t.relay.origin = server.url.replace("ws://", "http://").split("/services/")[0]
    pt.server.value = server.url
    t.open_btn.click()
    c = await TableClient.connect(server.url)
    client["c"] = c
    c.on_frame = lambda f, _now: t.relay.receive_text(json.dumps(f))
    t.relay.status = "open"
    return pt, c


def test_a_hub_teacher_opens_a_table_without_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ms.dalisay")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-teacher-0123456789abcdef")

    async def body(server: Any) -> None:
        pt, c = await teacher_part(server)
        t = pt.teacher
        await until(lambda: t.state is not None)
        assert t.relay.sent[0]["type"] == "hello" and "key" not in t.relay.sent[0]
        assert set(t.state["hands"]) == {"0", "1", "2", "3"} and pt.code.value == t.state["table"]
        await c.close()
    run_hub(body, tmp_path)


def test_a_hub_user_outside_the_teachers_group_is_not_a_teacher(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in HUB_ENV.items():
        monkeypatch.setenv(key, value)

    async def body(server: Any) -> None:
        pt, c = await teacher_part(server)
        t = pt.teacher
        await until(lambda: t.feedback.kind == "error")
        assert "teacher key" in t.feedback.text and t.state is None and not server.hub.tables
        await c.close()
    run_hub(body, tmp_path)
