"""The teacher's projector view without a browser (issue 35): :class:`tutor.teacher_view.TeacherView`
against a real table server on a free port, its frames carried by the asyncio client in place of the
browser's WebSocket.

What is checked: the teacher frees a seat, keeps one for a named person (whose invitation link
seats them), puts a computer player in and takes it out, and downloads the table's hand record;
what the server refuses is said in the teacher's words from the error's data; the board names the
people beside their seats (as text, never markup) and says bids as the table does (Nil, Blind Nil);
the class's join link is shown as text and as a QR code; a change of language redraws the board in
the new words, on the same connection.
"""
from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import segno

from engine.record import game_from_record
from engine.text import language
from tutor.play_together import TABLE_CLOSED, PlayTogether, token_from_query
from tutor.remote_session import SEAT_TOKEN_KEY
from tutor.tables_server.client import TableClient
from tutor.tables_server.links import invitation_link, join_link, qr_svg, qr_terminal
from tutor.teacher_view import CLOSED, NEED_CODE, NEED_SERVER, TeacherView, bid_text
from tutor.text import say

from test_remote_session import run, until
from engine_test_helpers import stop_process

PAGE = "http://192.168.1.10:8866/app.html"
REPO = Path(__file__).resolve().parent.parent


def test_bids_links_and_the_qr_code() -> None:
    with language("en"):
        assert [bid_text(b) for b in ("nil", "blind_nil", 4, 0, None)] == ["Nil", "Blind Nil", "4", "0", "—"]
    with language("qps"):  # the pseudo-language: the words come from the engine's catalogue
        assert "[Ñîľ ~]" in bid_text("nil") and "[ßľîñđ Ñîľ ~~~]" in bid_text("blind_nil")
    link = join_link(PAGE, "ws://192.168.1.10:8765/ws", "wPW_Gt4XvgFX")
    assert link.startswith(PAGE + "?")
    q = parse_qs(urlsplit(link).query)
    assert q == {"table": ["wPW_Gt4XvgFX"], "server": ["ws://192.168.1.10:8765/ws"]}
    assert join_link("", "ws://h:1/ws", "abcdefgh") == "ws://h:1/ws?table=abcdefgh"
    invite = invitation_link(PAGE, "ws://h:1/ws", "abcdefgh", "tok_EN-123")
    assert token_from_query(urlsplit(invite).query) == "tok_EN-123"
    assert parse_qs(urlsplit(invite).query)["seat_token"] == ["tok_EN-123"] and "&token=" not in invite
    # the Jupyter server's own login token (?token=… of a local app's page) is never taken for a seat's
    assert token_from_query("table=abcdefgh&token=jupyter-login-token") == ""
    svg = qr_svg(link)
    assert svg.startswith("<svg") and "viewBox" in svg and "<text" not in svg
    # the drawing is the QR code of the link: its size is the code's (version 5: 37 modules, a border of 3)
    n = segno.make(link, error="m").symbol_size(scale=1, border=3)[0]
    assert f'viewBox="0 0 {n} {n}"' in svg


def test_a_button_pressed_before_the_address_or_the_code_is_typed_says_what_to_type() -> None:
    """"Show every hand" and "Open a table" with no server address (or one that is not), or "Show every hand"
    with no table code: the view says what to type, in the page's language, and sends nothing."""
    with language("ha"):
        pt = PlayTogether()
        t = pt.teacher
        t.key.value = "a-teacher-key"
        t.show_btn.click()
        assert t.feedback.kind == "error" and t.feedback.text == say(NEED_SERVER)
        pt.server.value = "192.168.1.10:8765"  # not ws://…
        t.open_btn.click()
        assert t.feedback.text == say(NEED_SERVER)
        pt.server.value = "ws://192.168.1.10:8765/ws"
        t.show_btn.click()
        assert t.feedback.kind == "error" and t.feedback.text == say(NEED_CODE)
        hausa = t.feedback.text
        assert t.relay.url == "" and t.relay.sent == []
    with language("en"):
        assert say(NEED_CODE) != hausa


class Wire:
    """A teacher's view whose relay is carried by an asyncio client (as the browser's WebSocket)."""

    def __init__(self, view: TeacherView) -> None:
        self.view = view
        self.client: TableClient | None = None
        self.pending: list[dict[str, Any]] = []
        view.relay.send_frame = self.send  # type: ignore[method-assign]

    def send(self, frame: dict[str, Any]) -> None:
        if self.client is not None:
            asyncio.ensure_future(self.client.send_raw(json.dumps(frame)))
        else:
            self.pending.append(frame)

    async def open(self, url: str) -> None:
        self.client = await TableClient.connect(url)
        self.client.on_frame = lambda f, _now: self.view.relay.receive_text(json.dumps(f))
        self.view.relay.status = "open"


def seat_line(view: TeacherView, seat: int) -> str:
    m = re.search(rf"<div class='tt-teacher-seat[^']*' data-seat='{seat}'>(.*?)<div class='tt-teacher-cards'>",
                  view.board.value)
    assert m, view.board.value[:400]
    return m.group(1)


def test_the_teacher_frees_invites_seats_computers_and_downloads_the_records(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        with language("en"):
            pt = PlayTogether()
            t = pt.teacher
            wire = Wire(t)
            pt.server.value = server.url
            t.relay.page = PAGE
            t.key.value = server.hub.teacher_key
            t.game.value = "spades:4"
            t.open_btn.click()
            await wire.open(server.url)
            await until(lambda: t.state is not None)
            code = t.state["table"]
            # the class's join link, as text and as a QR code
            link = join_link(PAGE, server.url, code)
            assert link in t.join.value.replace("&amp;", "&") and "<svg" in t.join.value
            assert "Computer player" not in t.free_btn.description and t.free_btn.description == \
                "Take the computer player out"
            # every seat has a computer player: take two out, for people
            for s in (0, 2):
                t.seat.value = s
                assert not t.free_btn.disabled and t.computer_btn.disabled
                t.free_btn.click()
                await until(lambda s=s: "free seat" in seat_line(t, s))
            assert t.feedback.text == "Done."
            # a person sits at North with a name that is not markup: shown beside the seat, as text
            amina = await TableClient.connect(server.url)
            await amina.request("take_seat", table=code, seat=0, name="Amina <b>A</b>")
            await until(lambda: "Amina" in seat_line(t, 0))
            line = seat_line(t, 0)
            assert "Amina &lt;b&gt;A&lt;/b&gt;" in line and "connected" in line and "<b>A</b>" not in line
            # the teacher keeps South for Baraka: an invitation link, folded away; the hand is dealt
            t.seat.value = 2
            assert t.free_btn.description == "Free the seat" and t.free_btn.disabled
            t.name.value = "Baraka"
            t.invite_btn.click()
            await until(lambda: "<details" in t.invitation.value)
            assert "Baraka" in t.invitation.value and "South" in t.invitation.value
            assert "Baraka" in seat_line(t, 2) and "kept for them" in seat_line(t, 2)
            href = re.search(r"href='([^']+)'", t.invitation.value)
            assert href is not None
            invite = href.group(1).replace("&amp;", "&")
            token = token_from_query(urlsplit(invite).query)
            assert len(token) == 32 and token not in t.board.value + t.join.value
            # Baraka's page opened with the invitation link takes South at once, and keeps the token
            baraka = PlayTogether()
            bwire: dict[str, TableClient] = {}

            def bsend(frame: dict[str, Any]) -> None:
                asyncio.ensure_future(bwire["c"].send_raw(json.dumps(frame)))
            baraka.relay.send_frame = bsend  # type: ignore[method-assign]
            baraka.link._send = bsend
            baraka.relay.store = (lambda k, v: baraka.relay.set_trait(  # type: ignore[method-assign]
                "stored", {**baraka.relay.stored, k: v}))
            bwire["c"] = await TableClient.connect(server.url)
            bwire["c"].on_frame = lambda f, _now: baraka.relay.receive_text(json.dumps(f))
            baraka.relay.search = "?" + urlsplit(invite).query
            assert baraka.relay.url == server.url
            baraka.relay.status = "open"
            await until(lambda: baraka.table is not None)
            assert baraka.table is not None and baraka.table.learner_seat == 2
            assert baraka.relay.stored.get(SEAT_TOKEN_KEY + code) == token
            await until(lambda: "connected" in seat_line(t, 2) and t.state["view"]["phase"] != "deal")
            # refusals, in the teacher's words from the error's data
            t.seat.value = 0
            t.invite_btn.disabled = False
            t.invite_btn.click()
            await until(lambda: t.feedback.kind == "error")
            assert t.feedback.text == "A person sits at North. Free the seat first."
            t.seat.value = 1
            t.invite_btn.click()  # a computer player's seat, in the middle of a hand
            await until(lambda: "between hands" in t.feedback.text)
            assert t.feedback.text.startswith("East has a computer player in this hand")
            t.deal_btn.click()
            await until(lambda: "hand is being played" in t.feedback.text)
            # the computer player of East out, then in again
            t.free_btn.click()
            await until(lambda: "free seat" in seat_line(t, 1))
            assert t.free_btn.disabled and not t.computer_btn.disabled
            t.computer_btn.click()
            await until(lambda: "computer player" in seat_line(t, 1))
            # the hand records: a download link of the table's game, a record replay reads
            t.records_btn.click()
            await until(lambda: "tt-download" in t.download.value)
            assert f"tricktutor-table-{code}.json" in t.download.value
            data = re.search(r"base64,([A-Za-z0-9+/=]+)", t.download.value)
            assert data is not None
            record = json.loads(base64.b64decode(data.group(1)))
            assert game_from_record(record, auto_deal=False).n_seats == 4
            assert t.feedback.kind == "ok" and "0 finished hands" in t.feedback.text
            # another table opened: the first one's record and invitation go, its join link is the new one's
            t.open_btn.click()
            await until(lambda: t.state["table"] != code)
            assert t.download.value == "" and t.invitation.value == ""
            assert t.state["table"] in t.join.value and code not in t.join.value
            for c in (wire.client, amina, bwire["c"]):
                if c is not None:
                    await c.close()
    run(body, tmp_path)


def test_the_teacher_closes_a_table_after_a_question_and_a_somali_players_page_says_so(tmp_path: Any) -> None:
    """"Close the table" asks first ("No, keep it open" keeps it); "Yes, close it" closes it: the teacher's
    board goes, the view can open a new table; a Somali player's page (a seat) says in Somali that the
    teacher closed it, drops its table and the table's seat token, and shows the form again."""
    async def body(server: Any) -> None:
        with language("en"):
            pt = PlayTogether()
            t = pt.teacher
            wire = Wire(t)
            pt.server.value = server.url
            t.key.value = server.hub.teacher_key
            assert t.close_btn.disabled and t.close_btn.description == "Close the table"
            t.open_btn.click()
            await wire.open(server.url)
            await until(lambda: t.state is not None)
            code = t.state["table"]
            t.seat.value = 0
            t.free_btn.click()  # North's computer player out, for the player
            await until(lambda: "free seat" in seat_line(t, 0))
        with language("so"):  # the player's page and its connection speak Somali
            player = PlayTogether()
            pwire: dict[str, TableClient] = {}

            def psend(frame: dict[str, Any]) -> None:
                asyncio.ensure_future(pwire["c"].send_raw(json.dumps(frame)))
            player.relay.send_frame = psend  # type: ignore[method-assign]
            player.link._send = psend
            stored: list[tuple[str, str]] = []

            def keep(k: str, v: str) -> None:
                stored.append((k, v))
                player.relay.set_trait("stored", {**player.relay.stored, k: v})
            player.relay.store = keep  # type: ignore[method-assign]
            pwire["c"] = await TableClient.connect(server.url)
            pwire["c"].on_frame = lambda f, _now: player.relay.receive_text(json.dumps(f))
            player.server.value, player.code.value = server.url, code
            player.connect()
            player.relay.status = "open"
            await until(lambda: 0 in player.link.open_seats())
            player.join(0)
            await until(lambda: player.table is not None)
            assert player.relay.stored.get(SEAT_TOKEN_KEY + code)
            closed_so = say(TABLE_CLOSED)
        with language("en"):
            assert closed_so != say(TABLE_CLOSED)
            await until(lambda: "connected" in seat_line(t, 0))
            # the first click only asks; "No" keeps the table open
            assert not t.close_btn.disabled and t.close_box.layout.display == "none"
            t.close_btn.click()
            assert t.close_box.layout.display == "" and t.close_btn.disabled
            assert f"Close table {code}?" in t.close_ask.value and "hand records" in t.close_ask.value
            t.close_no.click()
            assert t.close_box.layout.display == "none" and t.close_ask.value == "" and not t.close_btn.disabled
            await asyncio.sleep(0.3)
            assert code in server.hub.tables and t.state is not None and player.table is not None
            assert not any(f.get("type") == "close_table" for f in wire.pending)
            # asked again, and confirmed: closed for everyone at it
            t.close_btn.click()
            t.close_yes.click()
            await until(lambda: t.state is None)
            assert code not in server.hub.tables
            assert t.feedback.kind == "ok" and t.feedback.text == say(CLOSED, code=code)
            assert t.board.value == "" and t.join.value == "" and t.close_box.layout.display == "none"
            assert all(b.disabled for b in (t.close_btn, t.deal_btn, t.records_btn, t.free_btn, t.computer_btn,
                                            t.invite_btn))
        # the player's page: told in Somali, its table and the table's seat token gone, the form back
        await until(lambda: player.table is None)
        assert closed_so in player.status.value and "role='status'" in player.status.value
        assert player.feedback.text == "" and player.form.layout.display == ""
        assert player.link.session is None and player.link.seat is None and player.link.token is None
        assert stored[-1] == (SEAT_TOKEN_KEY + code, "") and player._stored_token(code) is None
        assert player._table_box.children == () and player._seats_box.layout.display == "none"
        with language("en"):
            # the teacher's view opens a new table, the close button is there for it
            t.open_btn.click()
            await until(lambda: t.state is not None)
            assert t.state["table"] != code and not t.close_btn.disabled and len(seat_line(t, 3)) > 0
            # a table closed meanwhile by another teacher: this view is told the same way
            other = await TableClient.connect(server.url)
            assert (await other.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
            second = t.state["table"]
            t.close_btn.click()  # a question pending about the table another teacher closes
            assert (await other.request("close_table", table=second))["type"] == "closed"
            await until(lambda: t.state is None)
            assert t.feedback.text == say(CLOSED, code=second) and t.close_box.layout.display == "none"
            for c in (wire.client, pwire["c"], other):
                if c is not None:
                    await c.close()
    run(body, tmp_path)


def test_bids_are_said_as_the_table_says_them() -> None:
    """A teacher's state frame (as the server sends it) with a Nil and a Blind Nil: the board says them."""
    with language("en"):
        t = TeacherView(lambda: "ws://127.0.0.1:1/ws", lambda: "abcdefgh", lambda _c: None)
        players = [{"seat": s, "kind": k, "name": n, "connected": c, "computer_playing": p}
                   for s, k, n, c, p in ((0, "person", "Amina", True, False), (1, "computer", None, False, True),
                                         (2, "person", None, False, True), (3, "open", None, False, False))]
        frame = {"type": "state", "table": "abcdefgh", "seq": 9, "role": "teacher",
                 "info": {"code": "abcdefgh", "game": "spades", "seats": 4, "level": 2, "players": players},
                 "view": {"phase": "bidding", "bids": [None] * 4, "tricks_won": [0] * 4,
                          "current_trick": None, "to_act": [3]},
                 "hands": {str(s): [] for s in range(4)}, "bids": ["nil", 3, "blind_nil", None], "to_act": [3]}
        t.relay.receive_text(json.dumps(frame))
        assert "bid Nil" in seat_line(t, 0) and "Amina" in seat_line(t, 0)
        assert "bid 3" in seat_line(t, 1) and "computer player, level 2" in seat_line(t, 1)
        assert "bid Blind Nil" in seat_line(t, 2) and "a player" in seat_line(t, 2)
        assert "a computer player plays for them" in seat_line(t, 2)
        assert "free seat" in seat_line(t, 3) and "tt-teacher-to-act" in t.board.value
        assert not any(w in seat_line(t, s) for s in range(4) for w in ("nil", "blind_nil", "None"))
        # the connection lost, then back (a server restarted): told, then the key and the table again
        sent: list[dict[str, Any]] = []
        t.relay.send_frame = sent.append  # type: ignore[method-assign]
        t.relay.status = "open"
        t.relay.status = "closed"
        assert t.feedback.kind == "error" and "Trying again" in t.feedback.text
        sent.clear()
        t.relay.status = "open"
        assert t.feedback.text == "" and [f["type"] for f in sent] == ["teacher", "watch"]
        assert sent[1]["table"] == "abcdefgh"
        # a teacher key in the page's address that the browser reads (the static site) fills the box
        assert not t.key.value and t.fold.selected_index is None
        t.relay.search = "?server=ws%3A%2F%2Fh%3A1%2Fws&teacher=K3y_abc-123"
        assert t.key.value == "K3y_abc-123" and t.fold.selected_index == 0
        # the join link names this computer only: the teacher is told; on the school network, not
        assert "this computer only" in t.join.value and "ws://127.0.0.1:1/ws?table=abcdefgh" in t.join.value
        t._server = lambda: "ws://192.168.1.10:8765/ws"
        t.relay.page = PAGE  # the page's address arrives from the browser: the link is the app's
        assert "this computer only" not in t.join.value
        assert join_link(PAGE, "ws://192.168.1.10:8765/ws", "abcdefgh").replace("&", "&amp;") in t.join.value


def test_a_change_of_language_redraws_the_teachers_board(tmp_path: Any) -> None:
    """The app laid out again in Somali: the teacher's view comes back on the same connection with
    its table, the board's words in Somali; a seat change after it is drawn in Somali too; a close
    question waiting for its answer is asked again in the new language."""
    from tutor.app import SECTIONS, TrickTutorApp

    async def body(server: Any) -> None:
        with language("en"):
            app = TrickTutorApp(seed=3, lang="en")
            app.open_section(SECTIONS[-1])
            pt = app.together
            t = pt.teacher
            wire = Wire(t)
            pt.server.value = server.url
            t.key.value = server.hub.teacher_key
            t.open_btn.click()
            await wire.open(server.url)
            await until(lambda: t.state is not None)
            code = t.state["table"]
            assert "North" in seat_line(t, 0) and "computer player" in seat_line(t, 0)
            english_title = t.fold.titles[0]
            app.switch_language("so")
            t2 = app.together.teacher
            assert t2 is not t and t2.relay is t.relay and t2.state is not None and t2.state["table"] == code
            assert t2.key.value == server.hub.teacher_key and t2.fold.titles[0] != english_title
            assert t2.fold.selected_index == 0
            lines = " ".join(seat_line(t2, s) for s in range(4))
            assert "North" not in lines and "computer player" not in lines and "Waqooyi" in lines
            assert code in t2.join.value
            # the next frames reach the new view (the old one no longer listens)
            t2.seat.value = 1
            t2.free_btn.click()
            await until(lambda: t2.feedback.kind == "ok")
            assert t2.feedback.text != "Done." and t.feedback.text != t2.feedback.text
            await until(lambda: t2.state["info"]["players"][1]["kind"] == "open")
            assert "free seat" not in seat_line(t2, 1)
            # a close question waiting for its answer is asked again in the new words; "No" keeps the table
            t2.close_btn.click()
            asked_so = t2.close_ask.value
            assert code in asked_so and t2.close_box.layout.display == ""
            app.switch_language("en")
            t3 = app.together.teacher
            assert "free seat" in seat_line(t3, 1)
            assert t3.close_box.layout.display == "" and t3.close_btn.disabled
            assert f"Close table {code}?" in t3.close_ask.value and t3.close_ask.value != asked_so
            t3.close_no.click()
            assert t3.close_box.layout.display == "none" and not t3.close_btn.disabled
            await asyncio.sleep(0.3)
            assert code in server.hub.tables and t3.state is not None
            if wire.client is not None:
                await wire.client.close()
    run(body, tmp_path)


def _modules(text: str) -> list[list[bool]]:
    """A terminal QR code read back into modules (True: dark): each character is two rows, its upper
    and lower half; light is drawn (█), dark is the terminal's own background."""
    halves = {"█": (False, False), "▀": (False, True), "▄": (True, False), " ": (True, True)}
    rows: list[list[bool]] = []
    for line in text.splitlines():
        top, bottom = zip(*(halves[ch] for ch in line))
        rows += [list(top), list(bottom)]
    return rows


def test_the_terminal_qr_code_reads_back_as_the_links_code() -> None:
    link = join_link("https://tricktutor.github.io/tricktutor/app.html", "ws://192.168.1.10:8765/ws", "wPW_Gt4XvgFX")
    text = qr_terminal(link)
    width = {len(line) for line in text.splitlines()}
    assert len(width) == 1 and width.pop() <= 80  # one width, within a terminal's
    code = segno.make(link, error="m")
    expected = [[bool(v) for v in row] for row in code.matrix_iter(scale=1, border=4)]
    assert _modules(text)[:len(expected)] == expected
    assert all(all(row) for row in _modules(text)[len(expected):])  # an odd count: the last half is the background


def test_tables_serve_prints_the_app_link_and_its_qr_code(tmp_path: Any) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    app = "https://example.org/tt/app.html"
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", "0", "--db",
                             str(tmp_path / "t.sqlite3"), "--table", "spades:4:2", "--qr", "--app-url", app],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("▀"):  # the QR code's last line
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else "server ended"
            lines.append(line.rstrip("\n"))
        url = next(ln.split("listening: ")[1] for ln in lines if "listening: " in ln)
        code = next(ln.split()[1] for ln in lines if ln.startswith("table "))
        link = join_link(app, url, code)
        assert f"  the app's join link: {link}" in lines
        start = next(i for i, ln in enumerate(lines) if ln.startswith("██"))
        assert "\n".join(lines[start:]) + "\n" == qr_terminal(link)
    finally:
        stop_process(proc)
    bad = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", "0", "--db",
                          str(tmp_path / "u.sqlite3"), "--app-url", "ftp://x/app.html"],
                         capture_output=True, text=True, env=env, cwd=REPO, timeout=60)
    assert bad.returncode == 2 and "--app-url" in bad.stderr


def test_a_server_on_every_address_links_to_this_computers_network_address() -> None:
    """``--host 0.0.0.0``: the join links (and their QR codes) name an address phones can reach, never 0.0.0.0."""
    from tutor.tables_server.server import _link_base, network_address

    for host in ("127.0.0.1", "localhost", "192.168.1.10"):
        assert network_address(host) == host
        assert _link_base(f"ws://{host}:8765/ws", host) == f"ws://{host}:8765/ws"
    shown = network_address("0.0.0.0")
    assert shown and shown != "0.0.0.0"
    base = _link_base("ws://0.0.0.0:8765/ws", "0.0.0.0")
    assert base.startswith("ws://") and base.endswith(":8765/ws") and "0.0.0.0" not in base


def test_seats_without_names_of_their_own_are_numbered_from_one() -> None:
    """Oh Hell's seats on the teacher's board and in the seat choice: Seat 1 … Seat 5, as the join form says them."""
    with language("en"):
        t = TeacherView(lambda: "ws://127.0.0.1:1/ws", lambda: "abcdefgh", lambda _c: None)
        frame = {"type": "state", "table": "abcdefgh", "seq": 0, "role": "teacher",
                 "info": {"code": "abcdefgh", "game": "oh_hell", "seats": 5,
                          "players": [{"seat": s, "kind": "computer", "name": None, "connected": False,
                                       "computer_playing": True} for s in range(5)]},
                 "view": {"phase": "deal", "bids": [None] * 5, "tricks_won": [0] * 5, "current_trick": None},
                 "hands": {str(s): [] for s in range(5)}, "bids": [None] * 5, "to_act": []}
        t.relay.receive_text(json.dumps(frame))
        assert [label for label, _v in t.seat.options] == [f"Seat {n}" for n in range(1, 6)]
        assert "<b>Seat 1</b>" in seat_line(t, 0) and "<b>Seat 5</b>" in seat_line(t, 4)
