"""The "Play with others" section without a browser (issue 35): the widget
joins a real table server (on a free port) through its relay, the frames
carried by the asyncio client in place of the browser's WebSocket.

What is checked: a page link fills in the address and the code; the free
seats are offered; Join shows the table a learner knows with the seat's own
cards; another player's move re-renders it; a stored seat token gets the
seat back in a new page, also without the join link (the table kept beside
the token fills the form in); a bad address is refused with a sentence; a
person whose seat the teacher gives away is told so in their language.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from engine import Phase
from engine.text import language
from tutor.play_together import (CHOOSE, NO_SEAT, SEATED, UNSEATED, PlayTogether, join_from_query, remembered_table, server_url,
                                 table_of_link)
from tutor.relay import LAST_TABLE_KEY
from tutor.remote_session import OFFLINE, SEAT_TOKEN_KEY, SENT
from tutor.table.remote import RemoteTable
from tutor.tables_server.client import TableClient
from tutor.text import say

from test_remote_session import run, teacher_table, until


def test_links_and_addresses() -> None:
    assert join_from_query("?table=abcDEF123456&server=ws://10.0.0.5:8765/ws&lang=so") == (
        "ws://10.0.0.5:8765/ws", "abcDEF123456")
    assert join_from_query("server=ws://h:1/ws?table=XYZxyz123456") == ("ws://h:1/ws?table=XYZxyz123456",
                                                                          "XYZxyz123456")
    assert server_url("ws://10.0.0.5:8765") == "ws://10.0.0.5:8765/ws"
    assert server_url("http://x") is None and server_url("") is None
    assert table_of_link("ws://10.0.0.5:8765/ws?table=wPW_Gt4XvgFX") == "wPW_Gt4XvgFX"
    assert server_url("ws://10.0.0.5:8765/ws?table=wPW_Gt4XvgFX") == "ws://10.0.0.5:8765/ws"


def test_bad_address_is_refused_with_a_sentence() -> None:
    pt = PlayTogether()
    pt.server.value = "10.0.0.5:8765"
    pt.connect()
    assert pt.feedback.kind == "error" and "ws://" in pt.feedback.text and pt.relay.url == ""


async def page(server: Any, stored: dict[str, str] | None = None, query: str = "",
               typed: tuple[str, str, str] | None = None) -> tuple[PlayTogether, TableClient]:
    """A section whose relay is carried by an asyncio client (as the browser's WebSocket would);
    ``typed``: the server's address, the table code and the name typed in the form."""
    pt = PlayTogether()
    if typed:
        pt.server.value, pt.code.value, pt.name.value = typed
    with pt.relay.hold_trait_notifications():  # the browser sends both in one message (relay.js)
        pt.relay.search = query
        if stored:
            pt.relay.stored = dict(stored)
    client: dict[str, TableClient] = {}

    def send(frame: dict[str, Any]) -> None:
        pt.relay.sent.append(frame)
        asyncio.ensure_future(client["c"].send_raw(json.dumps(frame)))
    pt.relay.send_frame = send  # type: ignore[method-assign]
    pt.link._send = send
    pt.relay.store = lambda k, v: pt.relay.set_trait("stored", {**pt.relay.stored, k: v})  # type: ignore[method-assign]
    pt.link._store = pt.relay.store
    pt.connect()
    c = await TableClient.connect(pt.relay.url)
    client["c"] = c
    c.on_frame = lambda f, _now: pt.relay.receive_text(json.dumps(f))
    pt.relay.status = "open"
    return pt, c


def test_join_play_and_come_back(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0, 2))
        a, ca = await page(server, query=f"?table={code}&server={server.url}")
        assert a.code.value == code and a.server.value == server.url
        await until(lambda: a.seat.options)
        assert {0, 2} <= {v for _l, v in a.seat.options} and a.seat.options[0][0] == "North"
        a.join(2)
        await until(lambda: isinstance(a.table, RemoteTable))
        table = a.table
        assert table is not None and table.learner_seat == 2
        assert SEAT_TOKEN_KEY + code in a.relay.stored
        # the second person: their seat fills the table, the hand is dealt; both pages see their own cards
        b, cb = await page(server, query=f"?table={code}&server={server.url}")
        await until(lambda: b.seat.options)
        b.join(0)
        await until(lambda: b.table is not None and b.table.game.phase is Phase.BIDDING)
        await until(lambda: table.game.phase is Phase.BIDDING)
        assert table._table_html.value and table.status_text
        # a page reloaded: a new section with the stored token gets seat 2 back
        await ca.close()
        again, cc = await page(server, stored=dict(a.relay.stored), query=f"?table={code}&server={server.url}")
        await until(lambda: again.table is not None)
        assert again.table.learner_seat == 2
        for c in (cb, cc):
            await c.close()
    run(body, tmp_path)


def test_a_person_whose_seat_the_teacher_gives_away_is_told_in_their_language(tmp_path: Any) -> None:
    """The teacher frees a seated person's seat (or gives it to a computer player): that person's page,
    in Somali, says so in Somali, drops the table and shows the form again."""
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (2,))
        with language("so"):
            a, ca = await page(server, query=f"?table={code}&server={server.url}")
            await until(lambda: a.seat.options)
            a.join(2)
            await until(lambda: isinstance(a.table, RemoteTable))
            seated_line = a.status.value
            assert say(SEATED, name="")[:8] in seated_line
            t = await TableClient.connect(server.url)
            assert (await t.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
            assert (await t.request("seat_computer", table=code, seat=2))["type"] == "done"
            await until(lambda: a.table is None)
            said = say(UNSEATED)
        with language("en"):
            assert said != say(UNSEATED)
        assert a.feedback.kind == "error" and a.feedback.text == said
        assert a.form.layout.display == "" and a._table_box.children == ()
        # the seat's line is gone; the page looks at the table again and offers its seats (or says there is none)
        with language("so"):
            await until(lambda: a.status.value != "")
            assert seated_line not in a.status.value
            assert say(CHOOSE) in a.status.value or say(NO_SEAT) in a.status.value
        for c in (ca, t):
            await c.close()
    run(body, tmp_path)


def test_an_action_made_while_the_connection_is_lost_is_not_sent_and_says_so(tmp_path: Any) -> None:
    """With the page's connection lost, a bid is not sent (sent after the connection comes back, it would
    reach the server before the seat is taken back: refused as not_seated): the page says so in its
    language; once the connection is back, the same bid is sent and played."""
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0,))
        with language("so"):
            a, ca = await page(server, query=f"?table={code}&server={server.url}")
            await until(lambda: a.seat.options)
            a.join(0)
            await until(lambda: a.link.session is not None and a.link.session.learner
                        in a.link.session.game.view(0).to_act and a.link.session.game.phase is Phase.BIDDING)
            s = a.link.session
            acts = len([f for f in a.relay.sent if f.get("type") == "act"])
            a.relay.status = "closed"
            out = s.bid(3)
            assert out.text == say(OFFLINE) and out.text != ""
            assert len([f for f in a.relay.sent if f.get("type") == "act"]) == acts  # nothing went out
            a.relay.status = "open"  # back: the page resumes its seat, then the bid goes
            out = s.bid(3)
            assert out.text == say(SENT)
            await until(lambda: s.game.view(0).bids[0] == 3)
        await ca.close()
    run(body, tmp_path)


def test_the_table_kept_is_read_as_typed_text() -> None:
    kept = {"server": "ws://10.0.0.5:8765", "table": "AbC-12_x", "name": "Asha", "seat": 2}
    assert remembered_table({LAST_TABLE_KEY: json.dumps(kept)}) == {
        "server": "ws://10.0.0.5:8765/ws", "table": "AbC-12_x", "name": "Asha", "seat": 2}
    assert remembered_table({LAST_TABLE_KEY: json.dumps({**kept, "seat": True, "name": None})}) == {
        "server": "ws://10.0.0.5:8765/ws", "table": "AbC-12_x", "name": "", "seat": None}
    assert remembered_table({LAST_TABLE_KEY: json.dumps({**kept, "table": "<b>;DROP"})})["table"] == "bDROP"
    for bad in ("", "{", "[1]", json.dumps({**kept, "server": "http://x"}), json.dumps({**kept, "table": "%%"})):
        assert remembered_table({LAST_TABLE_KEY: bad}) is None, bad
    assert remembered_table({}) is None


def test_a_page_reloaded_without_the_join_link_takes_the_seat_back(tmp_path: Any) -> None:
    """The address and the code typed (no join link), a seat taken; the page reloaded, its address
    still without the link: the form is filled in again and the seat taken back without a click."""
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0, 2))
        a, ca = await page(server, typed=(server.url, code, "Asha"))
        await until(lambda: a.seat.options)
        a.join(2)
        await until(lambda: isinstance(a.table, RemoteTable))
        assert remembered_table(a.relay.stored) == {"server": server.url, "table": code, "name": "Asha", "seat": 2}
        await ca.close()
        kept = dict(a.relay.stored)
        again, cc = await page(server, stored=kept)
        await until(lambda: again.table is not None)
        assert again.table is not None and again.table.learner_seat == 2
        assert (again.server.value, again.code.value, again.name.value) == (server.url, code, "Asha")
        assert [f["type"] for f in again.relay.sent if f["type"] in ("resume", "take_seat", "watch")] == ["resume"]
        # a link to another table wins over the table kept (which is kept still)
        other = await teacher_table(server, "spades", 4, (1,))
        elsewhere, ce = await page(server, stored=kept, query=f"?table={other}&server={server.url}")
        await until(lambda: elsewhere.seat.options)
        assert elsewhere.code.value == other and elsewhere.name.value == "" and elsewhere.table is None
        assert remembered_table(elsewhere.relay.stored) is not None
        # a token the server no longer takes: forgotten, the free seats shown, the seat this browser had
        # (when free: here West's computer player, between hands) chosen first
        stale, cs = await page(server, stored={LAST_TABLE_KEY: json.dumps(
            {"server": server.url, "table": code, "name": "Asha", "seat": 3}), SEAT_TOKEN_KEY + code: "notAtoken"})
        await until(lambda: stale.seat.options)
        assert stale.relay.stored[SEAT_TOKEN_KEY + code] == "" and stale.table is None
        assert stale.name.value == "Asha" and stale.seat.options[0][1] != 3 and stale.seat.value == 3
        # a table its server no longer knows is forgotten: the next reload does not go back to it
        gone, cg = await page(server, stored={**kept, LAST_TABLE_KEY: json.dumps(
            {"server": server.url, "table": "NoSuchTable1", "seat": 0})})
        await until(lambda: gone.feedback.kind == "error")
        assert gone.code.value == "NoSuchTable1" and remembered_table(gone.relay.stored) is None
        for c in (cc, ce, cs, cg):
            await c.close()
    run(body, tmp_path)


def test_computer_players_seats_are_offered_before_the_first_deal_and_each_person_takes_one(tmp_path: Any) -> None:
    """A table whose every seat starts with a computer player: the page offers them before the first deal,
    each saying a computer player plays it, and a second page that joins well after the first still
    gets its seat (the first hand waits for people as between hands); once the hand is dealt no
    computer player's seat is offered."""
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, ())
        a, ca = await page(server, query=f"?table={code}&server={server.url}")
        await until(lambda: len(a.seat.options) == 4)
        assert a.seat.options[1] == ("East (computer player, level 1)", 1)
        a.join(1)
        await until(lambda: isinstance(a.table, RemoteTable))
        b, cb = await page(server, query=f"?table={code}&server={server.url}")
        await until(lambda: b.seat.options)
        await asyncio.sleep(1.5)
        assert 3 in {v for _l, v in b.seat.options}
        b.join(3)
        await until(lambda: b.table is not None and b.table.game.phase is Phase.BIDDING, 15)
        assert not b.feedback.text
        c, cc = await page(server, query=f"?table={code}&server={server.url}")
        await until(lambda: c.link.phase == "bidding")
        assert c.seat.options == () and c.join_btn.disabled
        for x in (ca, cb, cc):
            await x.close()
    run(body, tmp_path, next_hand_delay=3.5)


def test_teacher_view_shows_every_hand_and_deals(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        pt = PlayTogether()
        t = pt.teacher
        client: dict[str, TableClient] = {}
        pending: list[dict[str, Any]] = []

        def send(frame: dict[str, Any]) -> None:
            if "c" in client:
                asyncio.ensure_future(client["c"].send_raw(json.dumps(frame)))
            else:
                pending.append(frame)
        t.relay.send_frame = send  # type: ignore[method-assign]
        pt.server.value = server.url
        t.key.value = "wrong-key-123"
        t.open_btn.click()
        c = await TableClient.connect(server.url)
        client["c"] = c
        c.on_frame = lambda f, _now: t.relay.receive_text(json.dumps(f))
        t.relay.status = "open"
        await until(lambda: t.feedback.kind == "error")
        assert "teacher key" in t.feedback.text
        t.key.value = server.hub.teacher_key
        t.game.value = "spades:4"
        t.open_btn.click()
        await until(lambda: t.state is not None)
        code = t.state["table"]
        assert pt.code.value == code and code in t.feedback.text
        t.deal_btn.click()  # every seat has a computer player: the teacher deals, the computers play
        await until(lambda: t.state is not None and sum(len(h) for h in t.state["hands"].values()) == 52
                    or t.state["view"]["phase"] != "deal")
        await until(lambda: t.board.value.count("data-seat=") == 4)
        assert t.board.value.count("tt-teacher-seat") >= 4
        await c.close()
    run(body, tmp_path)


def test_a_change_of_language_keeps_the_seat(tmp_path: Any) -> None:
    """The app laid out again in Somali: the section comes back with the same connection and seat,
    its words in Somali."""
    from engine.text import language
    from tutor.app import SECTIONS, TrickTutorApp

    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (2,))
        with language("en"):
            app = TrickTutorApp(seed=3, lang="en")
            app.open_section(SECTIONS[-1])
            pt = app.together
            c = await TableClient.connect(server.url)

            def send(frame: dict[str, Any]) -> None:
                asyncio.ensure_future(c.send_raw(json.dumps(frame)))
            pt.link._send = send
            c.on_frame = lambda f, _now: pt.relay.receive_text(json.dumps(f))
            pt.link.join(code, 2)
            await until(lambda: pt.table is not None)
            relay, link = pt.relay, pt.link
            app.switch_language("so")
            again = app.together
            assert again is not pt and again.relay is relay and again.link is link
            assert again.table is not None and again.table.learner_seat == 2
            assert "Bari" in again.table._table_html.value  # South, in Somali
            await c.close()
            app.switch_language("en")
    run(body, tmp_path)


def test_a_join_link_opens_the_page_on_play_with_others(monkeypatch: Any) -> None:
    """A join link (?table=CODE&server=…) lands on the section where the table is joined, in Voila
    (the kernel's QUERY_STRING) and on the static site (the page's address read by the browser)."""
    from tutor.app import SECTIONS, build_app

    monkeypatch.setenv("QUERY_STRING", "lang=en&table=AbCdEfGh12&server=ws%3A%2F%2F127.0.0.1%3A8931%2Fws")
    app = build_app(seed=1, lang="en")
    assert app.tabs.selected_index == SECTIONS.index("Play with others")
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    plain = build_app(seed=1, lang="en")
    assert plain.tabs.selected_index == 0
    plain._page_query.search = "?table=AbCdEfGh12&server=ws://127.0.0.1:8931/ws"
    assert plain.tabs.selected_index == SECTIONS.index("Play with others")
