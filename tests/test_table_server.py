"""The table server alone (issue 35): each test starts it on a free loopback
port in its own event loop, plays through the asyncio client and stops it.

What is checked: a whole game recorded frame by frame names no hidden card
to a wrong seat; a refusal goes to the refused player only, as data, and
each client renders it in its own language; every kind of abuse is refused
with nothing changed; teacher powers need the key; Oh Hell with two people
and three computer players finishes a hand; a dropped seat is held, played
by a computer after the hold, and given back to its token.
"""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from engine.record import game_from_record, replay
from engine.text import language
from tutor.tables_server.client import ConnectionGone, LeakCheck, TableClient, refusal_text
from tutor.tables_server.hub import Settings
from tutor.tables_server.protocol import MAX_FRAME_BYTES, msg_from_json
from tutor.tables_server.server import start
from engine_test_helpers import run_async

FAST = dict(bot_delay=0.0, next_hand_delay=0.05, hold_seconds=30.0, rate=1000.0)


def run(coro_fn: Any, tmp_path: Any, **settings: Any) -> Any:
    """Run ``coro_fn(server)`` with a server on a free port, then stop it."""
    async def main() -> Any:
        server = await start("127.0.0.1", 0, str(tmp_path / "tables.sqlite3"), Settings(**{**FAST, **settings}))
        try:
            return await asyncio.wait_for(coro_fn(server), 45)
        finally:
            server.stop()
    return run_async(main())


async def teacher(server: Any) -> TableClient:
    t = await TableClient.connect(server.url)
    assert (await t.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
    return t


async def open_table(t: TableClient, game: str = "spades", seats: int = 4, people: tuple[int, ...] = (),
                     **fields: Any) -> str:
    reply = await t.request("open_table", game=game, seats=seats, **fields)
    assert reply["type"] == "table_opened", reply
    code = reply["table"]
    for s in people:
        assert (await t.request("free_seat", table=code, seat=s))["type"] == "done"
    return str(code)


def leaks(seat_frames: dict[int, list[dict[str, Any]]], teacher_frames: list[dict[str, Any]]) -> list[Any]:
    """Frames to a seat naming a card another seat held, hidden, at that frame's action number
    (:class:`~tutor.tables_server.client.LeakCheck`); every frame must be checked."""
    check = LeakCheck()
    for seat, frames in seat_frames.items():
        for f in frames:
            check.seat_frame(seat, f)
    for f in teacher_frames:
        check.teacher_frame(f)
    assert check.unchecked == 0 and check.checked > 0
    return check.leaks


async def play_turn(c: TableClient, rng: random.Random) -> dict[str, Any]:
    """The seat acts on its latest state: a random legal action (or looks at its cards)."""
    st = c.state
    assert st is not None
    legal = st["view"]["legal"] or [{"look": True}]
    return await c.request("act", action=rng.choice(legal), seq=st["seq"])


# ----------------------------------------------------------------- a whole game, frame by frame
def test_whole_spades_game_sends_no_hidden_card_to_a_wrong_seat(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        rng = random.Random(35)
        t = await teacher(server)
        code = await open_table(t, people=(0, 1, 2, 3), rules={"target_score": 250, "loss_floor": -250})
        spy = await TableClient.connect(server.url)
        assert (await spy.request("watch", table=code))["role"] == "spectator"
        assert (await t.request("watch", table=code))["role"] == "teacher"
        seats: dict[int, TableClient] = {}
        tokens: dict[int, str] = {}
        for s in range(4):
            c = await TableClient.connect(server.url)
            reply = await c.request("take_seat", table=code, seat=s, name=f"p{s}")
            assert reply["type"] == "seated" and reply["seat"] == s
            seats[s], tokens[s] = c, reply["seat_token"]
        old_frames: dict[int, list[dict[str, Any]]] = {s: [] for s in range(4)}
        refusals = 0
        reloaded = False
        for _step in range(3000):
            st = await t.wait_state(lambda f: True)
            view = st["view"]
            if view["phase"] == "game_over":
                break
            if view["phase"] == "deal":
                await t.wait_state(lambda f, q=st["seq"]: f["seq"] > q, 5)
                continue
            actor = st["to_act"][0]
            c = seats[actor]
            await c.wait_state(lambda f, q=st["seq"]: f["seq"] == q, 5)
            if not reloaded and view["phase"] == "play" and len(view["tricks"]) == 5:
                # a reload mid-hand: the seat comes back with its token and sees only its own cards
                old_frames[actor] += c.frames
                await c.close()
                c = await TableClient.connect(server.url)
                assert (await c.request("resume", table=code, seat_token=tokens[actor]))["seat"] == actor
                await c.wait_state(lambda f, q=st["seq"]: f["seq"] == q, 5)
                seats[actor], reloaded = c, True
            if view["phase"] == "play" and rng.random() < 0.2:
                wrong = [x for x in c.state["view"]["hand"] or [] if {"play": x} not in c.state["view"]["legal"]]
                if wrong:
                    r = await c.request("act", action={"play": wrong[0]})
                    assert r["type"] == "refused" and r["verdict"]["ok"] is False
                    refusals += 1
            reply = await play_turn(c, rng)
            assert reply["type"] == "accepted", reply
            try:
                await t.wait_state(lambda f, q=reply["seq"]: f["seq"] > q, 5)
            except asyncio.TimeoutError:
                raise AssertionError((reply, t.state["seq"], t.state["view"]["phase"], c.state["seq"]))
        assert t.state["view"]["phase"] == "game_over", "the game did not finish"
        assert reloaded and refusals > 0 and t.state["view"]["hands_played"] >= 2
        await asyncio.sleep(0.05)
        frames = {s: old_frames[s] + c.frames for s, c in seats.items()}
        assert leaks(frames, t.frames) == []
        for s, fs in [*frames.items(), (-1, spy.frames)]:
            # a deal's number would give away every hand: only the teacher hears it
            assert all((f.get("last") or {}).get("action", {}).get("deal", None) is None for f in fs)
            assert any((f.get("last") or {}).get("action", {}) == {"deal": None} for f in fs)
        assert any(isinstance((f.get("last") or {}).get("action", {}).get("deal"), int) for f in t.frames)
        for s, fs in frames.items():
            assert all("hands" not in f for f in fs)
            assert all(f.get("seat") == s for f in fs if f.get("type") == "state")
        # the spectator saw no hand at all (as a seat -1 that holds none), only the public view
        assert leaks({-1: spy.frames}, t.frames) == []
        assert all(f["role"] == "spectator" and "hands" not in f for f in spy.frames if f["type"] == "state")
        # the teacher downloads the record; the engine replays it to the end
        rec = await t.request("records", table=code)
        out, status, err = replay(json.loads(json.dumps(rec["record"])))
        assert status == 0 and out is not None and out["game_over"], err
        for c in [t, spy, *seats.values()]:
            await c.close()
    run(body, tmp_path)


# ----------------------------------------------------------------- refusals: data, to one seat, any language
def test_refusal_goes_to_the_refused_player_only_and_each_client_renders_it(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0, 1, 2, 3), next_hand="teacher")
        await t.request("watch", table=code)
        seats = {}
        for s in range(4):
            c = await TableClient.connect(server.url)
            await c.request("take_seat", table=code, seat=s)
            seats[s] = c
        await t.request("next_hand", table=code)
        st = await t.wait_state(lambda f: f["view"]["phase"] == "bidding")
        actor = st["to_act"][0]
        other = (actor + 1) % 4
        before = {s: len(c.frames) for s, c in seats.items()}
        # out of turn: a timing refusal; a bid of 14: a rule's
        r1 = await seats[other].request("act", action={"bid": 3})
        r2 = await seats[actor].request("act", action={"bid": 14})
        assert r1["type"] == r2["type"] == "refused"
        assert r1["verdict"]["reason"] == "NOT_YOUR_TURN" and r1["verdict"]["rule"] == "SP-5"
        assert r2["verdict"]["reason"] == "BID_OUT_OF_RANGE" and r2["verdict"]["rule"] == "SP-6"
        assert r2["verdict"]["evidence"]["high"] == 13
        await asyncio.sleep(0.05)
        for s, c in seats.items():  # nobody else heard of either refusal, and nothing changed
            new = c.frames[before[s]:]
            assert [f["re"] for f in new if f["type"] == "refused"] == (
                [f["re"] for f in new if f["type"] == "refused"] if s in (actor, other) else [])
            assert all(f["type"] != "state" for f in new)
        # the words are the client's: the same data in four languages, as the engine says it
        game = game_from_record((await t.request("records", table=code))["record"], auto_deal=False)
        verdict = game.check_bid(actor, 14)
        texts = {}
        for lang in ("en", "so", "ha", "ceb"):
            texts[lang] = refusal_text(r2, lang)
            with language(lang):
                assert texts[lang] == verdict.message
        assert len(set(texts.values())) == 4
        assert "{" not in texts["so"]
        assert all(isinstance(v, (int, str, list, dict, type(None))) for v in r2["verdict"]["evidence"].values())
        assert msg_from_json(r2["verdict"]["text"]) == verdict.msg
        for c in [t, *seats.values()]:
            await c.close()
    run(body, tmp_path)


# ----------------------------------------------------------------- abuse
def test_bad_frames_get_an_error_and_change_nothing(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0,))
        p = await TableClient.connect(server.url)
        tok = (await p.request("take_seat", table=code, seat=0, name="x'); DROP TABLE actions;--"))["seat_token"]
        st = await p.wait_state(lambda f: f["view"]["phase"] == "bidding" and 0 in f["view"]["to_act"])
        seq = st["seq"]
        log_before = (await t.request("log", table=code))["actions"]
        bad: list[tuple[str | bytes, str]] = [
            ("{not json", "malformed"),
            ("[1, 2]", "malformed"),
            ("[" * 5000 + "]" * 5000, "too_large"),
            ("[" * 4000 + "]" * 4000, "malformed"),
            ('{"v": 1, "type": "act", "action": {"bid": NaN}}', "malformed"),
            ("x" * (MAX_FRAME_BYTES + 1), "too_large"),
            (b"\x00\x01binary", "malformed"),
            ('{"v": 2, "type": "ping"}', "bad_version"),
            ('{"type": "ping"}', "bad_version"),
            ('{"v": 1, "type": "shell", "cmd": "rm -rf /"}', "unknown_type"),
            ('{"v": 1, "type": "act", "action": {"bid": 3}, "seat": 1}', "bad_field"),
            ('{"v": 1, "type": "act"}', "bad_field"),
            ('{"v": 1, "type": "act", "action": {"bid": 3, "play": "AS"}}', "bad_action"),
            ('{"v": 1, "type": "act", "action": {"play": "ZZ"}}', "bad_action"),
            ('{"v": 1, "type": "act", "action": {"pass": "../../etc/passwd"}}', "bad_action"),
            ('{"v": 1, "type": "take_seat", "table": "../../../etc", "seat": 1}', "bad_field"),
            ('{"v": 1, "type": "take_seat", "table": "' + code + '", "seat": 9}', "bad_field"),
        ]
        for text, code_expected in bad:
            n = len(p.frames)
            await p.send_raw(text)
            f = await p.wait_for(lambda f: f["type"] == "error", 5, start=n)
            assert f["code"] == code_expected, (text[:40], f)
            assert p.state is not None and p.state["seq"] == seq
            if len(p.frames) > 20 and p.closed:
                break
        # an action for a stale state, and a bid out of range, change nothing either
        r = await p.request("act", action={"bid": 3}, seq=seq + 5)
        assert r["type"] == "error" and r["code"] == "stale_seq" and r["detail"]["seq"] == seq
        log_after = (await t.request("log", table=code))["actions"]
        assert log_after == log_before
        # the same action sent twice on one state (a double click) is taken once
        legal = p.state["view"]["legal"]
        ok = await p.request("act", action=legal[-1], seq=seq)
        again = await p.request("act", action=legal[-1], seq=seq)
        assert ok["type"] == "accepted" and again["code"] == "stale_seq"
        mine = [a for a in (await t.request("log", table=code))["actions"] if a["seat"] == 0]
        assert len(mine) == 1 and mine[0]["seq"] == seq
        # the name was kept as given (parameterised SQL), and the table still plays
        info = (await t.request("tables"))["tables"]
        assert [x for x in info if x["code"] == code][0]["players"][0]["name"] == "x'); DROP TABLE actions;--"
        assert tok
        for c in (t, p):
            await c.close()
    run(body, tmp_path, strikes=100)


def test_a_client_that_keeps_sending_bad_frames_is_disconnected_and_rate_limited(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0,))
        bad = await TableClient.connect(server.url)
        for _ in range(12):
            try:
                await bad.send_raw("{")
            except ConnectionGone:
                break
            await asyncio.sleep(0.01)
        await bad.wait_for(lambda f: f["type"] == "bye", 5)
        await asyncio.wait_for(bad._reader, 5)
        assert bad.closed
        # a flood: refused beyond the rate, and the server and the other tables go on
        flood = await TableClient.connect(server.url)
        for _ in range(60):
            await flood.send("ping")
        await asyncio.sleep(0.3)
        kinds = [f.get("code") or f["type"] for f in flood.frames if f["type"] in ("pong", "error", "bye")]
        assert "rate_limited" in kinds and "pong" in kinds
        other = await TableClient.connect(server.url)
        assert (await other.request("take_seat", table=code, seat=0))["type"] == "seated"
        for c in (t, flood, other):
            await c.close()
    run(body, tmp_path, rate=10.0, strikes=8)


def test_seat_tokens_seats_and_teacher_powers_are_refused_to_the_wrong_client(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0, 1), next_hand="teacher")
        a = await TableClient.connect(server.url)
        b = await TableClient.connect(server.url)
        ta = (await a.request("take_seat", table=code, seat=0))["seat_token"]
        # a second client claiming a taken seat, or a computer's seat mid-hand
        assert (await b.request("take_seat", table=code, seat=0))["code"] == "seat_taken"
        # a wrong token, a live token reused by a second client
        assert (await b.request("resume", table=code, seat_token="A" * 32))["code"] == "bad_token"
        assert (await b.request("resume", table=code, seat_token=ta))["code"] == "token_in_use"
        # acting without a seat; a table that does not exist
        assert (await b.request("act", action={"bid": 2}))["code"] == "not_seated"
        assert (await b.request("take_seat", table="A" * 12, seat=1))["code"] == "no_such_table"
        # teacher frames without the key, or with a wrong one
        for kind, fields in [("open_table", {"game": "spades", "seats": 4}), ("close_table", {"table": code}),
                             ("seat_computer", {"table": code, "seat": 0}), ("free_seat", {"table": code, "seat": 2}),
                             ("invite", {"table": code, "seat": 1}), ("next_hand", {"table": code}),
                             ("records", {"table": code}), ("log", {"table": code}), ("tables", {})]:
            r = await b.request(kind, **fields)
            assert r["type"] == "error" and r["code"] == "not_teacher", (kind, r)
        assert (await b.request("teacher", key="x" * 24))["code"] == "bad_key"
        # nothing changed: seat 0 still a's, seat 1 still open, no hand dealt
        info = [x for x in (await t.request("tables"))["tables"] if x["code"] == code][0]
        assert [p["kind"] for p in info["players"]] == ["person", "open", "computer", "computer"]
        assert info["seq"] == 0 and info["phase"] == "deal"
        tb = (await b.request("take_seat", table=code, seat=1))["seat_token"]
        await t.request("next_hand", table=code)
        st = await a.wait_state(lambda f: f["view"]["phase"] == "bidding")
        # b may not take a computer's seat mid-hand
        c = await TableClient.connect(server.url)
        assert (await c.request("take_seat", table=code, seat=2))["code"] == "between_hands"
        # an action for another seat: a frame has no seat field, so a acts only as seat 0
        actor = st["view"]["to_act"][0]
        mover = a if actor == 0 else b
        waiter = b if actor == 0 else a
        r = await waiter.request("act", action={"bid": 2})
        assert r["type"] == "refused" and r["verdict"]["reason"] == "NOT_YOUR_TURN"
        # the teacher powers, with the key: invite a person into seat 3 between hands, the record, close
        assert (await t.request("invite", table=code, seat=3))["code"] == "between_hands"
        assert tb and mover
        for cl in (t, a, b, c):
            await cl.close()
    run(body, tmp_path, strikes=50)


def test_teacher_sees_every_hand_seats_people_and_computers_and_deals(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0,), next_hand="teacher", level=1)
        await t.request("watch", table=code)
        inv = await t.request("invite", table=code, seat=0, name="Amina")
        assert inv["type"] == "invited"
        p = await TableClient.connect(server.url)
        assert (await p.request("resume", table=code, seat_token=inv["seat_token"]))["seat"] == 0
        assert (await t.request("next_hand", table=code))["type"] == "done"
        st = await t.wait_state(lambda f: f["seq"] >= 1)
        assert sorted(len(h) for h in st["hands"].values()) == [13, 13, 13, 13]
        assert (await t.request("next_hand", table=code))["code"] == "hand_in_progress"
        ps = await p.wait_state(lambda f: f["seq"] >= 1)
        assert ps["view"]["hand"] is None or len(ps["view"]["hand"]) == 13  # Spades: cards seen after a look
        assert (await t.request("seat_computer", table=code, seat=0))["type"] == "done"
        await p.wait_for(lambda f: f["type"] == "unseated", 5)
        # the computer plays the hand to its end; the next waits for the teacher
        st = await t.wait_state(lambda f: f["view"]["phase"] == "deal" and f["view"]["hands_played"] == 1, 20)
        rec = (await t.request("records", table=code))
        assert rec["finished_hands"] == 1
        out, status, _err = replay(rec["record"])
        assert status == 0 and out is not None and len(out["hands"]) == 1
        assert (await p.request("resume", table=code, seat_token=inv["seat_token"]))["code"] == "bad_token"
        assert (await t.request("close_table", table=code))["type"] == "closed"
        assert (await p.request("take_seat", table=code, seat=1))["code"] == "no_such_table"
        for cl in (t, p):
            await cl.close()
    run(body, tmp_path)


# ----------------------------------------------------------------- Oh Hell, people and computer players
def test_oh_hell_two_people_three_computer_players_finish_a_hand(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        rng = random.Random(5)
        t = await teacher(server)
        code = await open_table(t, game="oh_hell", seats=5, people=(0, 1), level=2,
                                rules={"schedule": "down", "hook": True})
        await t.request("watch", table=code)
        people = {}
        for s in (0, 1):
            c = await TableClient.connect(server.url)
            await c.request("take_seat", table=code, seat=s)
            people[s] = c
        while True:
            st = await t.wait_state(lambda f: f["view"]["hands_played"] >= 1 or any(
                s in f["to_act"] for s in people), 20)
            if st["view"]["hands_played"] >= 1:
                break
            actor = next(s for s in st["to_act"] if s in people)
            c = people[actor]
            await c.wait_state(lambda f, q=st["seq"]: f["seq"] == q, 5)
            r = await play_turn(c, rng)
            assert r["type"] == "accepted", r
            await t.wait_state(lambda f, q=r["seq"]: f["seq"] > q, 5)
        result = t.state["view"]["last_result"]
        assert result["hand_size"] == 10 and len(result["tricks"]) == 10
        assert leaks({s: c.frames for s, c in people.items()}, t.frames) == []
        for cl in (t, *people.values()):
            await cl.close()
    run(body, tmp_path)


def test_two_player_spades_table_deals_and_draws(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, game="spades", seats=2, people=(0,))
        await t.request("watch", table=code)
        p = await TableClient.connect(server.url)
        await p.request("take_seat", table=code, seat=0)
        rng = random.Random(2)
        last = -1
        for _ in range(60):
            await p.wait_state(lambda f, q=last: f["seq"] > q and 0 in f["view"]["to_act"], 10)
            r = await play_turn(p, rng)
            last = r.get("seq", last)
            assert r["type"] == "accepted", r
        assert any(f["view"]["phase"] == "draw" for f in p.frames if f["type"] == "state")
        await asyncio.sleep(0.05)
        assert leaks({0: p.frames}, t.frames) == []
        for cl in (t, p):
            await cl.close()
    run(body, tmp_path)


# ----------------------------------------------------------------- a dropped connection
def test_a_dropped_seat_is_held_then_played_by_a_computer_and_given_back(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0,))
        await t.request("watch", table=code)
        p = await TableClient.connect(server.url)
        tok = (await p.request("take_seat", table=code, seat=0))["seat_token"]
        st = await p.wait_state(lambda f: 0 in f["view"]["to_act"], 10)
        await p.close()
        held = await t.wait_state(lambda f: not f["info"]["players"][0]["connected"], 5)
        assert held["seq"] == st["seq"] and not held["info"]["players"][0]["computer_playing"]
        # after the hold a computer player acts for seat 0
        await t.wait_state(lambda f: f["info"]["players"][0]["computer_playing"] and f["seq"] > st["seq"], 5)
        q = await TableClient.connect(server.url)
        r = await q.request("resume", table=code, seat_token=tok)
        assert r["type"] == "seated" and r["seat"] == 0
        back = await t.wait_state(lambda f: f["info"]["players"][0]["connected"], 5)
        assert not back["info"]["players"][0]["computer_playing"]
        for cl in (t, q):
            await cl.close()
    run(body, tmp_path, hold_seconds=0.3)


@pytest.mark.parametrize("rules", [{"nil_value": 50, "blind_nil": "never", "target_score": 200}])
def test_house_rules_are_chosen_when_the_table_opens(tmp_path: Any, rules: dict[str, Any]) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        r = await t.request("open_table", game="spades", seats=4, rules=rules)
        assert r["info"]["rules"] == rules
        bad = await t.request("open_table", game="spades", seats=4, rules={"nil_value": 77})
        assert bad["type"] == "error" and bad["code"] == "bad_table" and bad["detail"]["text"]["id"]
        assert (await t.request("open_table", game="spades", seats=3))["code"] == "bad_table"
        assert (await t.request("open_table", game="chess", seats=2))["code"] == "bad_table"
        await t.close()
    run(body, tmp_path)


def test_under_a_jupyterhub_service_prefix(tmp_path: Any) -> None:
    async def main() -> None:
        server = await start("127.0.0.1", 0, str(tmp_path / "t.sqlite3"), Settings(**FAST), base_url="/services/tables/")
        try:
            assert server.url.endswith("/services/tables/ws")
            c = await TableClient.connect(server.url)
            assert (await c.request("ping"))["type"] == "pong"
            await c.close()
        finally:
            server.stop()
    run_async(asyncio.wait_for(main(), 20))


def test_a_table_whose_people_all_left_stops_between_hands(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0,))
        await t.request("watch", table=code)
        p = await TableClient.connect(server.url)
        tok = (await p.request("take_seat", table=code, seat=0))["seat_token"]
        await p.wait_state(lambda f: f["seq"] >= 1)
        await p.close()
        # the hold ends, a computer plays seat 0 to the end of the hand, and no next hand is dealt
        st = await t.wait_state(lambda f: f["view"]["phase"] == "deal" and f["view"]["hands_played"] == 1, 20)
        await asyncio.sleep(0.3)
        assert t.state["seq"] == st["seq"]
        q = await TableClient.connect(server.url)
        assert (await q.request("resume", table=code, seat_token=tok))["type"] == "seated"
        await q.wait_state(lambda f: f["view"]["hand_number"] == 2, 5)  # back: the next hand is dealt
        for cl in (t, q):
            await cl.close()
    run(body, tmp_path, hold_seconds=0.1)


def test_a_sealed_bid_is_not_sent_to_another_seat_before_it_is_shown(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, game="oh_hell", seats=3, people=(0, 1, 2),
                                rules={"simultaneous_bidding": True, "schedule": "down"})
        await t.request("watch", table=code)
        seats = {}
        for s in range(3):
            c = await TableClient.connect(server.url)
            await c.request("take_seat", table=code, seat=s)
            seats[s] = c
        st = await seats[0].wait_state(lambda f: f["view"]["phase"] == "bidding")
        assert sorted(st["view"]["to_act"]) == [0, 1, 2]  # everyone chooses at once (OH-V5)
        marks = {s: len(c.frames) for s, c in seats.items()}
        assert (await seats[0].request("act", action={"bid": 7}, seq=st["seq"]))["type"] == "accepted"
        tf = await t.wait_state(lambda f: f["seq"] > st["seq"])
        assert tf["bids"][0] == 7 and tf["last"]["action"] == {"bid": 7}  # the teacher sees it
        for s in (1, 2):
            f = await seats[s].wait_state(lambda f: f["seq"] > st["seq"])
            assert f["view"]["bids"][0] is None and f["last"]["action"] == {"bid": None}
            assert all(7 not in (x.get("view") or {}).get("bids", []) for x in seats[s].frames[marks[s]:])
        mine = await seats[0].wait_state(lambda f: f["seq"] > st["seq"])
        assert mine["view"]["bids"][0] == 7 and mine["last"]["action"] == {"bid": 7}
        # once every seat has bid, the bids are shown to all
        for s in (1, 2):
            await seats[s].request("act", action={"bid": 0}, seq=st["seq"])
        shown = await seats[1].wait_state(lambda f: f["view"]["phase"] == "play")
        assert shown["view"]["bids"] == [7, 0, 0]
        for cl in (t, *seats.values()):
            await cl.close()
    run(body, tmp_path)


@pytest.mark.parametrize("seats, rules", [
    (3, {"must_trump": True}), (4, {"hook": True, "tricks_always_count": True}),
    (6, {"nil_pays_hand_size": True}), (7, {"schedule": "up_down", "no_trump_final_hand": False})])
def test_oh_hell_tables_of_every_size_and_variation_play_a_hand(tmp_path: Any, seats: int,
                                                                  rules: dict[str, Any]) -> None:
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, game="oh_hell", seats=seats, people=(0,), rules=rules)
        p = await TableClient.connect(server.url)
        assert (await p.request("take_seat", table=code, seat=0))["info"]["rules"] == rules
        last = -1
        while True:
            st = await p.wait_state(lambda f, q=last: f["seq"] > q and (
                0 in f["view"]["to_act"] or f["view"]["hands_played"] >= 1), 20)
            if st["view"]["hands_played"] >= 1:
                break
            r = await p.request("act", action=st["view"]["legal"][0], seq=st["seq"])
            assert r["type"] == "accepted", r
            last = r["seq"]
        assert st["view"]["n_seats"] == seats and len(st["view"]["last_result"]["points"]) == seats
        for cl in (t, p):
            await cl.close()
    run(body, tmp_path)
