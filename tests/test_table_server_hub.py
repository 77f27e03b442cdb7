"""The table server as a JupyterHub service (issue 35: identities from the hub).

A fake hub (a small tornado app on a free loopback port) answers
``GET /hub/api/user`` for the tokens it knows, with each user's admin flag,
groups and scopes, as JupyterHub does; the real table server runs on another
free port in hub mode.  What is checked: a player whose ``hello`` carries a
good token is seated under the hub name (whatever name was typed); a bad token,
a token without the service's access scope, a hub that is down or answers with
an error are each refused with an error frame (data) and change nothing;
members of the teacher group (and hub admins when configured) are teachers
without the key, others are not; the hub is asked once per token while its
answer is cached; frames sent while the hub is asked wait for the answer; no
token reaches the SQLite file or a log line; ``tricktutor tables serve`` reads
the hub's environment (prefix, service URL, API URL, service name).
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web

from tutor.tables_server.client import TableClient
from tutor.tables_server.hub import Settings
from tutor.tables_server.jupyterhub_auth import HubIdentity, access_scopes_from_env, has_scope
from tutor.tables_server.server import start
from engine_test_helpers import run_async

ROOT = Path(__file__).resolve().parent.parent
FAST = dict(bot_delay=0.0, next_hand_delay=0.05, hold_seconds=30.0, rate=1000.0)
ACCESS = "access:services!service=tables"

# token -> the user model the hub answers with (as GET /hub/api/user does: name, admin, groups, scopes)
USERS: dict[str, dict[str, Any]] = {
    "tok-amina-0123456789abcdef": {"kind": "user", "name": "amina", "admin": False, "groups": ["class-7b"],
                                   "scopes": [ACCESS, "users:activity!user=amina"]},
    "tok-baraka-0123456789abcdef": {"kind": "user", "name": "baraka", "admin": False, "groups": ["class-7b"],
                                    "scopes": ["access:services", "users:activity!user=baraka"]},
    "tok-teacher-0123456789abcdef": {"kind": "user", "name": "ms.dalisay", "admin": False,
                                     "groups": ["teachers", "class-7b"], "scopes": [ACCESS]},
    "tok-admin-0123456789abcdef": {"kind": "user", "name": "root-admin", "admin": True, "groups": [],
                                   "scopes": [ACCESS]},
    "tok-noaccess-0123456789abcdef": {"kind": "user", "name": "chidi", "admin": False, "groups": [],
                                      "scopes": ["users:activity!user=chidi"]},
    "tok-service-0123456789abcdef": {"kind": "service", "name": "culler", "scopes": [ACCESS]},
}


class FakeHub:
    """``/hub/api/user`` for the tokens of USERS (403 for any other); ``mode``
    "ok", "error" (HTTP 500), "page" (a web page, not JSON) or "slow" (answers after 3 s);
    ``asked`` counts requests."""

    def __init__(self) -> None:
        self.asked = 0
        self.mode = "ok"
        self.headers: list[str] = []
        hub = self

        class UserAPI(tornado.web.RequestHandler):
            async def get(self) -> None:
                hub.asked += 1
                auth = self.request.headers.get("Authorization", "")
                hub.headers.append(auth.split(" ", 1)[0])
                if hub.mode == "error":
                    raise tornado.web.HTTPError(500)
                if hub.mode == "page":   # a wrong API address: a web page, not the hub's API
                    self.write("<html>JupyterHub</html>")
                    return
                if hub.mode == "slow":
                    await asyncio.sleep(3)
                model = USERS.get(auth[len("token "):]) if auth.startswith("token ") else None
                if model is None:
                    raise tornado.web.HTTPError(403)
                self.set_header("Content-Type", "application/json")
                self.write(json.dumps(model))

        sockets = tornado.netutil.bind_sockets(0, address="127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.server = tornado.httpserver.HTTPServer(tornado.web.Application([("/hub/api/user", UserAPI)]))
        self.server.add_sockets(sockets)
        self.api_url = f"http://127.0.0.1:{self.port}/hub/api"

    def stop(self) -> None:
        self.server.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(body: Any, tmp_path: Path, teacher_groups: tuple[str, ...] = ("teachers",), teacher_admins: bool = False,
        hub_down: bool = False, timeout: float = 5.0) -> Any:
    """``body(server, fake_hub)`` with a fake hub and a table server in hub mode on free ports."""
    async def main() -> Any:
        fake = FakeHub()
        api_url = fake.api_url
        if hub_down:
            fake.stop()
            api_url = f"http://127.0.0.1:{free_port()}/hub/api"
        identity = HubIdentity(api_url, {ACCESS}, teacher_groups, teacher_admins, timeout=timeout)
        server = await start("127.0.0.1", 0, str(tmp_path / "tables.sqlite3"), Settings(**FAST),
                             base_url="/services/tables/", identity=identity)
        try:
            return await asyncio.wait_for(body(server, fake), 40)
        finally:
            server.stop()
            fake.stop()
    return run_async(main())


async def open_table(t: TableClient, people: tuple[int, ...] = (0, 1, 2, 3)) -> str:
    reply = await t.request("open_table", game="spades", seats=4, next_hand="teacher")
    assert reply["type"] == "table_opened", reply
    for s in people:
        assert (await t.request("free_seat", table=reply["table"], seat=s))["type"] == "done"
    return str(reply["table"])


async def key_teacher(server: Any) -> TableClient:
    t = await TableClient.connect(server.url)
    assert (await t.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
    return t


def players(server: Any, code: str) -> list[Any]:
    return [(p["kind"], p["name"]) for p in server.hub.tables[code].info()["players"]]


# ----------------------------------------------------------------- a player from the hub
def test_a_good_token_seats_the_player_under_the_hub_name(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        assert server.url.endswith("/services/tables/ws")
        t = await key_teacher(server)
        code = await open_table(t)
        p = await TableClient.connect(server.url)
        assert p.frames[0]["type"] == "welcome" and p.frames[0]["hub"] is True
        hello = await p.request("hello", hub_token="tok-amina-0123456789abcdef")
        assert hello["type"] == "hello" and hello["user"] == {"name": "amina", "teacher": False}
        seated = await p.request("take_seat", table=code, seat=1, name="Typed Name")
        assert seated["type"] == "seated"
        assert seated["info"]["players"][1]["name"] == "amina"
        assert players(server, code)[1] == ("person", "amina")
        # the name is kept with the seat: the store has it, a resume after a restart shows it
        assert [s for s in server.store.seats(code) if s[0] == 1][0][3] == "amina"
        # the unfiltered scope grants the service's access too (access:services)
        q = await TableClient.connect(server.url)
        assert (await q.request("hello", hub_token="tok-baraka-0123456789abcdef"))["user"]["name"] == "baraka"
        assert (await q.request("take_seat", table=code, seat=2))["info"]["players"][2]["name"] == "baraka"
        # a player without a token still types a name (the static site has no hub)
        r = await TableClient.connect(server.url)
        assert (await r.request("take_seat", table=code, seat=3, name="Nasra"))["info"]["players"][3]["name"] == "Nasra"
        assert fake.headers and set(fake.headers) == {"token"}
        for c in (t, p, q, r):
            await c.close()
    run(body, tmp_path)


def test_frames_sent_while_the_hub_is_asked_wait_for_its_answer(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        t = await key_teacher(server)
        code = await open_table(t)
        p = await TableClient.connect(server.url)
        # hello and take_seat at once, without waiting: the seat is still taken under the hub name
        hid = await p.send("hello", hub_token="tok-amina-0123456789abcdef")
        sid = await p.send("take_seat", table=code, seat=0, name="Someone Else")
        seated = await p.wait_for(lambda f: f.get("re") == sid)
        hello = next(f for f in p.frames if f.get("re") == hid)
        assert p.frames.index(hello) < p.frames.index(seated)
        assert seated["type"] == "seated" and seated["info"]["players"][0]["name"] == "amina"
        await t.close()
        await p.close()
    run(body, tmp_path)


def test_a_bad_token_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        t = await key_teacher(server)
        code = await open_table(t)
        before = (players(server, code), server.hub.tables[code].seq)
        p = await TableClient.connect(server.url)
        err = await p.request("hello", hub_token="tok-nobody-0123456789abcdef")
        assert err["type"] == "error" and err["code"] == "hub_bad_token" and err["detail"] == {}
        # a service's token names no player
        err = await p.request("hello", hub_token="tok-service-0123456789abcdef")
        assert err["code"] == "hub_bad_token" and err["detail"] == {"kind": "service"}
        # a token without the service's access scope (access:services!service=tables)
        err = await p.request("hello", hub_token="tok-noaccess-0123456789abcdef")
        assert err["code"] == "hub_no_access" and err["detail"] == {"scopes": [ACCESS]}
        # a token the protocol cannot carry is refused before the hub is asked
        asked = fake.asked
        assert (await p.request("hello", hub_token="a b"))["code"] == "bad_field"
        assert fake.asked == asked
        assert (players(server, code), server.hub.tables[code].seq) == before
        # nothing of the refused identities stuck: not a teacher, and a seat keeps the typed name
        assert (await p.request("open_table", game="spades", seats=4))["code"] == "not_teacher"
        seated = await p.request("take_seat", table=code, seat=0, name="Chidi")
        assert seated["info"]["players"][0]["name"] == "Chidi"
        await t.close()
        await p.close()
    run(body, tmp_path)


def test_bad_tokens_count_against_the_connection(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        p = await TableClient.connect(server.url)
        for i in range(7):
            assert (await p.request("hello", hub_token=f"tok-guess-{i:02d}-0123456789"))["code"] == "hub_bad_token"
        await p.send("hello", hub_token="tok-guess-99-0123456789")
        bye = await p.wait_for(lambda f: f.get("type") == "bye")
        assert bye["code"] == "too_many_bad_frames"
    run(body, tmp_path)


# ----------------------------------------------------------------- teachers from the hub
def test_a_teacher_group_member_is_a_teacher_without_the_key(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        t = await TableClient.connect(server.url)
        hello = await t.request("hello", hub_token="tok-teacher-0123456789abcdef")
        assert hello["user"] == {"name": "ms.dalisay", "teacher": True}
        code = await open_table(t, people=(0,))
        assert (await t.request("watch", table=code))["role"] == "teacher"
        st = await t.wait_state(lambda f: f["table"] == code)
        assert set(st["hands"]) == {"0", "1", "2", "3"}
        assert (await t.request("tables"))["type"] == "tables"
        # a member of another group is not, nor is a hub admin unless the server says so
        for token in ("tok-amina-0123456789abcdef", "tok-admin-0123456789abcdef"):
            s = await TableClient.connect(server.url)
            assert (await s.request("hello", hub_token=token))["user"]["teacher"] is False
            assert (await s.request("open_table", game="spades", seats=4))["code"] == "not_teacher"
            assert (await s.request("watch", table=code))["role"] == "spectator"
            await s.close()
        await t.close()
    run(body, tmp_path)


def test_hub_admins_are_teachers_when_configured(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        a = await TableClient.connect(server.url)
        assert (await a.request("hello", hub_token="tok-admin-0123456789abcdef"))["user"] == {
            "name": "root-admin", "teacher": True}
        assert (await a.request("open_table", game="oh_hell", seats=3))["type"] == "table_opened"
        g = await TableClient.connect(server.url)   # no teacher group configured: a member is not a teacher
        assert (await g.request("hello", hub_token="tok-teacher-0123456789abcdef"))["user"]["teacher"] is False
        await a.close()
        await g.close()
    run(body, tmp_path, teacher_groups=(), teacher_admins=True)


# ----------------------------------------------------------------- a hub that does not answer
def test_a_hub_that_is_down_gives_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        t = await key_teacher(server)
        code = await open_table(t)
        before = players(server, code)
        p = await TableClient.connect(server.url)
        hid = await p.send("hello", hub_token="tok-amina-0123456789abcdef")
        pid = await p.send("ping")   # waits for the hub's answer, then is answered
        err = await p.wait_for(lambda f: f.get("re") == hid)
        assert err["type"] == "error" and err["code"] == "hub_unavailable" and err["detail"] == {"why": "connect"}
        assert (await p.wait_for(lambda f: f.get("re") == pid))["type"] == "pong"
        assert players(server, code) == before
        # not a strike: the connection goes on, and a seat can be taken under a typed name
        assert (await p.request("take_seat", table=code, seat=0, name="Amina"))["info"]["players"][0]["name"] == "Amina"
        await t.close()
        await p.close()
    run(body, tmp_path, hub_down=True)


def test_a_hub_that_fails_or_hangs_gives_a_clear_error(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        p = await TableClient.connect(server.url)
        fake.mode = "error"
        err = await p.request("hello", hub_token="tok-amina-0123456789abcdef")
        assert err["code"] == "hub_unavailable" and err["detail"] == {"status": 500}
        fake.mode = "page"
        err = await p.request("hello", hub_token="tok-amina-0123456789abcdef")
        assert err["code"] == "hub_unavailable" and err["detail"] == {"why": "answer"}
        fake.mode = "slow"
        err = await p.request("hello", hub_token="tok-amina-0123456789abcdef")
        assert err["code"] == "hub_unavailable" and err["detail"] == {"why": "timeout"}
        # an unanswered question is not cached: the hub answers again, the player is known
        fake.mode = "ok"
        assert (await p.request("hello", hub_token="tok-amina-0123456789abcdef"))["user"]["name"] == "amina"
        await p.close()
    run(body, tmp_path, timeout=0.5)


def test_a_tokens_answer_is_cached_briefly(tmp_path: Path) -> None:
    async def body(server: Any, fake: FakeHub) -> None:
        for _ in range(3):
            p = await TableClient.connect(server.url)
            assert (await p.request("hello", hub_token="tok-amina-0123456789abcdef"))["user"]["name"] == "amina"
            assert (await p.request("hello", hub_token="tok-nobody-0123456789abcdef"))["code"] == "hub_bad_token"
            await p.close()
        assert fake.asked == 2
        server.hub.identity.cache_seconds = 0.0   # the answer is old: the hub is asked again
        server.hub.identity._cache.clear()
        p = await TableClient.connect(server.url)
        await p.request("hello", hub_token="tok-amina-0123456789abcdef")
        assert fake.asked == 3
        await p.close()
    run(body, tmp_path)


def test_no_token_in_the_database_or_the_log(tmp_path: Path, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    tokens = ["tok-amina-0123456789abcdef", "tok-teacher-0123456789abcdef", "tok-nobody-0123456789abcdef"]

    async def body(server: Any, fake: FakeHub) -> None:
        t = await TableClient.connect(server.url)
        await t.request("hello", hub_token=tokens[1])
        code = await open_table(t)
        p = await TableClient.connect(server.url)
        await p.request("hello", hub_token=tokens[2])
        await p.request("hello", hub_token=tokens[0])
        await p.request("take_seat", table=code, seat=0)
        fake.mode = "error"
        q = await TableClient.connect(server.url)
        await q.request("hello", hub_token="tok-baraka-0123456789abcdef")
        await t.request("next_hand", table=code)
        await p.wait_state(lambda f: f["seq"] >= 1)
        for c in (t, p, q):
            await c.close()
    run(body, tmp_path)
    stored = b"".join(f.read_bytes() for f in tmp_path.iterdir() if f.name.startswith("tables.sqlite3"))
    assert b"amina" in stored   # the name is kept, as a seat's name
    for tok in tokens + ["tok-baraka-0123456789abcdef"]:
        assert tok.encode() not in stored
        assert all(tok not in r.getMessage() for r in caplog.records)


def test_a_server_without_a_hub_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        server = await start("127.0.0.1", 0, str(tmp_path / "t.sqlite3"), Settings(**FAST))
        try:
            p = await TableClient.connect(server.url)
            assert p.frames[0]["hub"] is False
            err = await p.request("hello", hub_token="tok-amina-0123456789abcdef")
            assert err["type"] == "error" and err["code"] == "no_hub"
            assert (await p.request("hello"))["type"] == "hello"
            await p.close()
        finally:
            server.stop()
    run_async(asyncio.wait_for(main(), 20))


# ----------------------------------------------------------------- the access scope, as HubAuth reads it
def test_the_access_scope_from_the_hubs_environment() -> None:
    assert access_scopes_from_env({"JUPYTERHUB_SERVICE_NAME": "tables"}) == {ACCESS}
    assert access_scopes_from_env({"JUPYTERHUB_SERVICE_NAME": "tables",
                                   "JUPYTERHUB_OAUTH_ACCESS_SCOPES": '["access:services!service=cards"]'}) == {
        "access:services!service=cards"}
    assert access_scopes_from_env({}) == frozenset()
    assert has_scope({ACCESS}, ["access:services"]) and has_scope({ACCESS}, [ACCESS])
    assert not has_scope({ACCESS}, ["access:services!service=other", "access:servers"])
    assert has_scope(set(), [])


# ----------------------------------------------------------------- the command, started as the hub starts it
def test_the_command_reads_the_hubs_environment(tmp_path: Path) -> None:
    async def main() -> None:
        fake = FakeHub()
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTERHUB_API_URL": fake.api_url,
               "JUPYTERHUB_API_TOKEN": "service-token-0123456789", "JUPYTERHUB_SERVICE_NAME": "tables",
               "JUPYTERHUB_SERVICE_PREFIX": "/services/tables/", "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
               "JUPYTERHUB_BASE_URL": "/"}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tutor.cli", "tables", "serve", "--db", str(tmp_path / "hub.sqlite3"),
            "--teacher-group", "teachers", "--table", "spades:4:3", env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            assert proc.stdout is not None
            lines = []
            while not any(x.startswith("table ") for x in lines):
                line = await asyncio.wait_for(proc.stdout.readline(), 30)
                assert line, (lines, await proc.stderr.read() if proc.stderr else b"")
                lines.append(line.decode())
            assert f"ws://127.0.0.1:{port}/services/tables/ws" in lines[0]
            assert any("group teachers" in x for x in lines)
            assert any("/services/tables/ws" in x for x in lines if "players reach it" in x)
            assert not any("service-token" in x or "tok-" in x for x in lines)
            # a table's join link: the path through the hub's proxy (the page resolves it on the hub's host)
            assert [x for x in lines if x.startswith("table ")][0].rstrip().split(" join ")[1].startswith(
                "/services/tables/ws?table=")
            c = await TableClient.connect(f"ws://127.0.0.1:{port}/services/tables/ws")
            assert (await c.request("hello", hub_token="tok-teacher-0123456789abcdef"))["user"] == {
                "name": "ms.dalisay", "teacher": True}
            assert (await c.request("open_table", game="spades", seats=4))["type"] == "table_opened"
            d = await TableClient.connect(f"ws://127.0.0.1:{port}/services/tables/ws")
            assert (await d.request("hello", hub_token="tok-noaccess-0123456789abcdef"))["code"] == "hub_no_access"
            await c.close()
            await d.close()
        finally:
            proc.terminate()
            await asyncio.wait_for(proc.wait(), 20)
            fake.stop()
    run_async(asyncio.wait_for(main(), 60))


def test_teachers_from_the_hub_need_a_hub(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
    env["PYTHONPATH"] = str(ROOT)
    r = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", "0", "--db",
                        str(tmp_path / "t.sqlite3"), "--teacher-group", "teachers"],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--teacher-group" in r.stderr and "JUPYTERHUB_API_URL" in r.stderr
