"""The table server's seats over a game (issue 35), each test on a real server
on a free port: a seat opened for a person that nobody takes never stops the
table (a computer player plays it after the hold, and a person takes it back
between hands); a computer player's seat offered before the first deal can be
taken by every person who comes in the pause before it (not only the first);
each state frame carries every finished hand's score for the score sheet.
"""
from __future__ import annotations

import asyncio
from typing import Any

from tutor.tables_server.client import TableClient, cards_named

from test_table_server import leaks, open_table, run, teacher


def _player(st: dict[str, Any], seat: int) -> dict[str, Any]:
    return dict(st["info"]["players"][seat])


def test_an_open_seat_nobody_takes_is_played_by_a_computer_after_the_hold(tmp_path: Any) -> None:
    """Seat 1 is opened for a person who never comes: at its turn the table waits the hold, then a
    computer player plays it (``computer_playing``, still ``open``); a person cannot take it in the
    middle of that hand, and takes it between hands."""
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0, 1), next_hand="teacher")
        await t.request("watch", table=code)
        p = await TableClient.connect(server.url)
        assert (await p.request("take_seat", table=code, seat=0, name="Amina"))["type"] == "seated"
        assert (await t.request("next_hand", table=code))["type"] == "done"
        # the table goes on past seat 1's turn: a computer player plays it, and the hand ends
        st = await t.wait_state(lambda f: _player(f, 1)["computer_playing"], 5)
        assert _player(st, 1)["kind"] == "open" and not _player(st, 1)["connected"]
        late = await TableClient.connect(server.url)
        mid = await late.request("take_seat", table=code, seat=1, name="Ben")
        assert mid["type"] == "error" and mid["code"] == "between_hands"
        f = await play_hand(t, p, 0)  # seat 0 (a person) plays its turns; seat 1's are the computer's
        assert f["view"]["hands_played"] == 1
        # between hands the person takes it, and plays it from the next hand on
        r = await late.request("take_seat", table=code, seat=1, name="Ben")
        assert r["type"] == "seated" and r["seat"] == 1
        st = await t.wait_state(lambda f: _player(f, 1)["kind"] == "person", 5)
        assert not _player(st, 1)["computer_playing"] and _player(st, 1)["name"] == "Ben"
        for c in (t, p, late):
            await c.close()
    run(body, tmp_path, hold_seconds=0.3)


def test_an_open_seat_does_not_stop_an_automatic_table_from_dealing(tmp_path: Any) -> None:
    """An automatic table waits for the person of an open seat the hold time, then deals; a computer
    player plays the seat until a person takes it between hands."""
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0, 2))
        await t.request("watch", table=code)
        p = await TableClient.connect(server.url)
        await p.request("take_seat", table=code, seat=0)
        st = await p.wait_state(lambda f: f["view"]["hand_number"] == 1, 5)
        assert _player(st, 2)["kind"] == "open" and _player(st, 2)["computer_playing"]
        for c in (t, p):
            await c.close()
    run(body, tmp_path, hold_seconds=0.3)


def test_every_person_who_comes_before_the_first_deal_gets_a_computer_players_seat(tmp_path: Any) -> None:
    """A table whose every seat starts with a computer player: the first person sits, and the first
    hand waits the pause between hands from the last person who sat, so that a second person
    (well after a second) still takes a computer player's seat; the hand is then dealt to both."""
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t)
        a = await TableClient.connect(server.url)
        assert (await a.request("watch", table=code))["type"] == "watching"
        offered = a.state
        assert offered is not None and offered["view"]["phase"] == "deal"
        assert all(p["kind"] == "computer" for p in offered["info"]["players"])
        assert (await a.request("take_seat", table=code, seat=1, name="A"))["type"] == "seated"
        b = await TableClient.connect(server.url)
        await b.request("watch", table=code)
        await asyncio.sleep(1.6)
        assert b.state is not None and b.state["view"]["phase"] == "deal"  # still offered to b: it can take it
        r = await b.request("take_seat", table=code, seat=3, name="B")
        assert r["type"] == "seated", r
        st = await b.wait_state(lambda f: f["view"]["hand_number"] == 1, 10)
        assert [p["kind"] for p in st["info"]["players"]] == ["computer", "person", "computer", "person"]
        for c in (t, a, b):
            await c.close()
    run(body, tmp_path, next_hand_delay=3.5)


def test_state_frames_carry_every_finished_hands_score_and_no_hidden_card(tmp_path: Any) -> None:
    """``results``: every finished hand of the table (number, bids, tricks won, score lines, points,
    totals after it), the same to a seat and to a spectator, naming no card; in a connection's first
    state and whenever a hand ends, in no other state frame (the frames stay small); the frames of two
    hands still send no hidden card to a wrong seat."""
    async def body(server: Any) -> None:
        t = await teacher(server)
        code = await open_table(t, people=(0,), next_hand="teacher")
        await t.request("watch", table=code)
        p = await TableClient.connect(server.url)
        await p.request("take_seat", table=code, seat=0, name="Amina")
        spy = await TableClient.connect(server.url)
        await spy.request("watch", table=code)
        for hand in (1, 2):
            await t.request("next_hand", table=code)
            f = await play_hand(t, p, 0)
            assert f["view"]["hands_played"] == hand
        await p.wait_state(lambda x, q=f["seq"]: x["seq"] == q, 5)
        await spy.wait_state(lambda x, q=f["seq"]: x["seq"] == q, 5)
        for c in (p, spy):
            states = [x for x in c.frames if x["type"] == "state"]
            sent = [(x["view"]["hands_played"], x["results"]) for x in states if "results" in x]
            assert [n for n, _r in sent] == [0, 1, 2] and len(states) > 20
            results = sent[-1][1]
            st = states[-1]
            assert [r["number"] for r in results] == [1, 2]
            assert results[-1] == {k: v for k, v in st["view"]["last_result"].items()
                                   if k not in ("tricks", "turn_up")}
            assert results[1]["scores_after"] == st["view"]["scores"]
            assert all(line["text"]["id"] for r in results for line in r["score_lines"])
            assert not cards_named(results)
        assert sent == [(n, r) for n, r in [(x["view"]["hands_played"], x["results"]) for x in p.frames
                                            if x["type"] == "state" and "results" in x]]
        # a connection that comes later gets the whole game in its first state
        late = await TableClient.connect(server.url)
        await late.request("watch", table=code)
        assert late.state is not None and late.state["results"] == results
        assert leaks({0: p.frames}, t.frames) == []
        for c in (t, p, spy, late):
            await c.close()
    run(body, tmp_path)


async def play_hand(t: TableClient, p: TableClient, seat: int) -> dict[str, Any]:
    """``p`` (at ``seat``) plays the first legal action at each of its turns until the hand ends;
    the teacher's last state."""
    while True:
        f = await t.wait_state(lambda f: f["view"]["phase"] == "deal" or seat in f["to_act"], 20)
        if f["view"]["phase"] == "deal":
            return f
        mine = await p.wait_state(lambda x, q=f["seq"]: x["seq"] == q, 5)
        legal = mine["view"]["legal"] or [{"look": True}]
        assert (await p.request("act", action=legal[0], seq=mine["seq"]))["type"] == "accepted"
        await t.wait_state(lambda x, q=f["seq"]: x["seq"] > q, 5)
