"""The player's side of the table server without a browser (issue 35):
:class:`tutor.remote_session.TableLink` and :class:`~tutor.remote_session.RemoteSession`
against the real server on a free port, frames carried by the asyncio client.

What is checked: the mirror game shows each seat exactly the server's view
of it (its cards, the bids, the tricks, the legal actions, the scores) at
every state of a whole Spades hand and of an Oh Hell hand past the first;
a refused card comes back as the engine's verdict and is said in the
reader's language, to that seat only; a seat token gets the seat back.
"""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from engine import Bid, Look, Phase, Play
from engine.bots import make_player
from engine.registry import spec_for
from engine.text import language
from tutor.remote_session import RemoteSession, TableLink, mirror_game, open_seats
from tutor.table.remote import RemoteTable
from tutor.tables_server.client import TableClient
from tutor.tables_server.protocol import view_json
from tutor.tables_server.server import start
from tutor.tables_server.hub import Settings
from engine_test_helpers import run_async

FAST = dict(bot_delay=0.0, next_hand_delay=0.05, hold_seconds=30.0, rate=1000.0)


def run(coro_fn: Any, tmp_path: Any, **settings: Any) -> Any:
    async def main() -> Any:
        server = await start("127.0.0.1", 0, str(tmp_path / "tables.sqlite3"), Settings(**{**FAST, **settings}))
        try:
            return await asyncio.wait_for(coro_fn(server), 60)
        finally:
            server.stop()
    return run_async(main())


async def teacher_table(server: Any, game: str, seats: int, people: tuple[int, ...], **fields: Any) -> str:
    t = await TableClient.connect(server.url)
    assert (await t.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
    reply = await t.request("open_table", game=game, seats=seats, level=1, **fields)
    code = str(reply["table"])
    for s in people:
        assert (await t.request("free_seat", table=code, seat=s))["type"] == "done"
    await t.close()
    return code


async def linked(server: Any, store: dict[str, str] | None = None) -> tuple[TableLink, TableClient]:
    c = await TableClient.connect(server.url)
    link = TableLink(lambda f: asyncio.ensure_future(c.send_raw(json.dumps(f))),
                     (lambda k, v: store.__setitem__(k, v)) if store is not None else None)
    c.on_frame = lambda f, _now: link.receive(f)
    return link, c


def same_view(session: RemoteSession, frame: dict[str, Any]) -> None:
    """The mirror's view of the seat is the server's, field by field (the
    hidden cards it filled in appear nowhere in it)."""
    mine = view_json(session.game.view(session.learner))
    server = frame["view"]
    for key in ("hand", "bids", "tricks", "current_trick", "to_act", "tricks_won", "phase", "dealer",
                "hand_size", "trump", "turn_up", "broken", "looked"):
        assert mine[key] == server[key], (key, mine[key], server[key])
    assert sorted(map(json.dumps, mine["legal"])) == sorted(map(json.dumps, server["legal"]))
    if server["phase"] not in ("deal", "game_over"):
        assert mine["scores"] == server["scores"]


async def until(pred: Any, timeout: float = 40.0) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while not pred():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.01)


def my_move(session: RemoteSession) -> None:
    """This seat acts through the session, as the table widget would: the first legal action."""
    view = session.game.view(session.learner)
    a = view.legal[0]
    if isinstance(a, Play):
        session.play(a.card.code)
    elif isinstance(a, Bid):
        session.bid(a.value, a.blind)
    else:
        session.exchange([c.code for c in a.cards])


def test_two_people_play_a_whole_spades_hand_and_each_mirror_is_the_servers_view(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0, 2))
        store: dict[str, str] = {}
        links = []
        for seat in (0, 2):
            link, c = await linked(server, store)
            link.join(code, seat, name=f"P{seat}")
            links.append((link, c))
        await until(lambda: all(l.session is not None for l, _ in links))
        checked = 0
        while True:
            for link, c in links:
                s = link.session
                assert s is not None and c.state is not None
                await until(lambda: s.seq == c.state["seq"])
                same_view(s, c.state)
                checked += 1
            done = [l for l, _ in links if l.session.game.phase is Phase.DEAL and l.session.game.results]
            if done:
                break
            acted = False
            for link, c in links:
                s = link.session
                view = s.game.view(s.learner)
                if s.learner in view.to_act:
                    if view.hand is None:
                        s.look()
                    else:
                        my_move(s)
                    before = c.state["seq"]
                    await until(lambda: c.state["seq"] != before or link.last_error is not None)
                    acted = True
                    break
            if not acted:
                await asyncio.sleep(0.02)
        assert checked > 26
        # the hand's result: the mirror scored it as the server did
        for link, c in links:
            assert link.session.game.results[-1].scores_after == tuple(c.state["view"]["last_result"]["scores_after"])
        assert sorted(store) == [f"tricktutor-seat-{code}"] * 1 or len(store) == 1
    run(body, tmp_path)


def test_a_refused_card_is_said_in_the_readers_language_to_that_seat_only(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (0, 1, 2, 3))
        links = []
        for seat in range(4):
            link, c = await linked(server)
            link.join(code, seat)
            links.append((link, c))
        await until(lambda: all(l.session is not None for l, _ in links))
        outcomes: dict[int, list[Any]] = {s: [] for s in range(4)}
        for link, _c in links:
            assert link.session is not None
            link.session.on_outcome = outcomes[link.seat].append  # type: ignore[index]
        # play on (first legal card) until a follower holds a card it may not play: it tries that card
        def to_act() -> Any:
            return next((l for l, c in links if l.session.seq == c.state["seq"]
                         and l.seat in l.session.game.view(l.seat).to_act), None)
        for _ in range(80):
            await until(lambda: to_act() is not None)
            link = to_act()
            s, seat = link.session, link.seat
            view = s.game.view(seat)
            if view.hand is None:
                s.look()
                await until(lambda: s.game.view(seat).hand is not None and not s.seq != s.seq)
                await asyncio.sleep(0.05)
                continue
            legal = {a.card for a in view.legal if isinstance(a, Play)}
            bad = [x for x in view.hand if x not in legal]
            if bad and view.current_trick is not None and view.current_trick.cards:
                with language("so"):
                    s.play(bad[0].code)
                    await until(lambda: outcomes[seat])
                    out = outcomes[seat][0]
                    assert out.kind == "error" and out.verdict is not None
                    assert out.verdict.rule in ("SP-14", "SP-15")
                    text = out.text
                with language("en"):
                    english = out.text
                assert text != english and "Not allowed" in english and "Not allowed" not in text
                await asyncio.sleep(0.2)
                assert all(not outcomes[x] for x in range(4) if x != seat)
                return
            before = s.seq
            my_move(s)
            await until(lambda: s.seq != before)
        raise AssertionError("no seat ever held a card it could not play")
    run(body, tmp_path)


def test_a_seat_token_gets_the_seat_back(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        code = await teacher_table(server, "spades", 4, (2,))
        store: dict[str, str] = {}
        link, c = await linked(server, store)
        link.join(code, 2)
        await until(lambda: link.session is not None)
        hand = link.session.game.view(2).hand_size
        await c.close()
        again, c2 = await linked(server)
        again.resume(code, store[f"tricktutor-seat-{code}"])
        await until(lambda: again.session is not None)
        assert again.seat == 2 and again.session.game.view(2).hand_size == hand
        await c2.close()
    run(body, tmp_path)


def test_oh_hell_mirror_keeps_the_hand_size_of_a_later_hand(tmp_path: Any) -> None:
    async def body(server: Any) -> None:
        code = await teacher_table(server, "oh_hell", 5, (0, 3))
        links = []
        for seat in (0, 3):
            link, c = await linked(server)
            link.join(code, seat)
            links.append((link, c))
        await until(lambda: all(l.session is not None for l, _ in links))
        while True:
            for link, c in links:
                await until(lambda: link.session.seq == c.state["seq"])
                same_view(link.session, c.state)
            if any(c.state["view"]["hand_number"] >= 2 and c.state["view"]["phase"] == "play" for _l, c in links):
                return
            for link, c in links:
                s = link.session
                if s.learner in s.game.view(s.learner).to_act:
                    my_move(s)
                    before = c.state["seq"]
                    await until(lambda: c.state["seq"] != before)
                    break
            else:
                await asyncio.sleep(0.02)
    run(body, tmp_path)


def test_open_seats_are_the_free_ones_and_computers_between_hands() -> None:
    """Offered exactly when the server takes them: an open seat nobody plays at any time; a computer
    player's seat, or an open seat a computer player plays (nobody took it in time), between hands
    only, before the first deal too; nothing of a computer's before the table's phase is known."""
    info = {"players": [{"seat": 0, "kind": "person"}, {"seat": 1, "kind": "open"}, {"seat": 2, "kind": "computer"},
                        {"seat": 3, "kind": "open", "computer_playing": True}]}
    assert open_seats(info, "play") == [1]
    assert open_seats(info, "deal") == [1, 2, 3]
    assert open_seats(info, "game_over") == [1, 2, 3]
    assert open_seats(info, None) == [1]


def computer_acts(g: Any, bots: Any) -> None:
    """The next seat to act does what its computer player chooses (looking at its cards first, unless it
    bids Blind Nil)."""
    s = g.seats_to_act[0]
    view = g.view(s)
    a = bots[s].choose(view)
    if isinstance(a, Look) or (view.hand is None and not getattr(a, "blind", False)):
        g.look(s)
        a = bots[s].choose(g.view(s))
    g.apply(a)


# ----------------------------------------------------------------- the mirror alone, at every state of many games
MIRROR_KEYS = ("hand", "bids", "tricks", "current_trick", "to_act", "tricks_won", "phase", "dealer", "hand_size",
               "trump", "turn_up", "broken", "looked")


@pytest.mark.parametrize("game,seats,rules", [
    ("spades", 4, {}), ("oh_hell", 5, {}), ("oh_hell", 4, {"simultaneous_bidding": True}),
    ("oh_hell", 3, {"must_trump": True, "hook": True})])
def test_the_mirror_of_every_seats_view_is_that_view(game: str, seats: int, rules: dict[str, Any]) -> None:
    """Games played by computer players; at every state, for every seat, the mirror built from the
    seat's view (as the server sends it) shows that seat the same view, legal actions included (the
    filling respects every suit a seat showed out of, a trump lead before trump was played, a
    follower that did not trump)."""
    spec = spec_for(game, seats)
    rules_obj = spec.rules_from_json(rules, seats)
    checked = 0
    for number in range(4):
        g = spec.new_game(rules_obj, first_deal=number * 7 + 1, auto_deal=False)
        bots = [make_player(1, seed=number * 10 + s) for s in range(seats)]
        rng = random.Random(number)
        while g.phase is not Phase.GAME_OVER and g.hands_dealt <= 2:
            if g.phase is Phase.DEAL:
                if g.hands_dealt == 2:
                    break
                g.deal_next()
            for seat in range(seats):
                server = view_json(g.view(seat))
                mine = view_json(mirror_game(spec, spec.rules_to_json(rules_obj), server, rng).view(seat))
                for key in MIRROR_KEYS:
                    assert mine[key] == server[key], (key, seat)
                assert sorted(map(json.dumps, mine["legal"])) == sorted(map(json.dumps, server["legal"]))
                checked += 1
            computer_acts(g, bots)
    assert checked > 150


# ----------------------------------------------------------------- what the player's table says of the table
def test_the_players_table_counts_the_tables_hands_names_its_people_and_keeps_the_whole_score(tmp_path: Any) -> None:
    """An Oh Hell table whose teacher deals: each person's table says that the teacher deals the next hand
    (the table's ``info.next_hand``), titles hand N of the table with the table's count of hands (not the
    mirror's "Hand 1", no deal from a record), shows the whole game on the score sheet (every finished
    hand, from the frames' ``results``), and names who plays each seat: the names people typed, a computer
    player and its level, a person away."""
    async def body(server: Any) -> None:
        t = await TableClient.connect(server.url)
        assert (await t.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
        code = (await t.request("open_table", game="oh_hell", seats=3, level=1, next_hand="teacher"))["table"]
        for s in (0, 1):
            await t.request("free_seat", table=code, seat=s)
        links = []
        for seat, name in ((0, "Amina"), (1, "Zed <i>")):
            link, c = await linked(server)
            link.join(code, seat, name=name)
            links.append((link, c))
        await until(lambda: all(l.session is not None and l.info and l.info["players"][1]["kind"] == "person"
                                for l, _ in links))
        (a, ca), (b, cb) = links
        table = RemoteTable(a.session)
        await until(lambda: a.session.table_info["players"][1]["connected"])
        table.refresh()
        assert table.status_text == "Waiting for the teacher to deal the first hand."
        seats = table._table_html.value
        assert "Amina" in seats and "Zed &lt;i&gt;" in seats and "<i>" not in seats  # a name is text
        assert "computer player, level 1" in seats
        # each seat has one name on every page ("Seat 3", as the join form and the teacher's board say it),
        # not Ada, Ben … counted from each viewer's seat; the page's own seat is "Seat 1 (you)"
        assert a.session.name(2) == b.session.name(2) == "Seat 3" and a.session.name(1) == "Seat 2"
        assert b.session.name(0) == "Seat 1" and a.session.name(0) == "You"
        assert a.session.label(0) == "Seat 1 (you)" and b.session.label(1) == "Seat 2 (you)"
        with language("so"):
            assert a.session.name(2) == b.session.name(2) != "Seat 3"

        async def play_hand(number: int) -> None:
            assert (await t.request("next_hand", table=code))["type"] == "done"
            while not all(c.state["view"]["hands_played"] == number and l.session.seq == c.state["seq"]
                          for l, c in links):
                for link, c in links:
                    s = link.session
                    if s.seq == c.state["seq"] and s.learner in s.game.view(s.learner).to_act:
                        before = c.state["seq"]
                        my_move(s)
                        await until(lambda: c.state["seq"] != before)
                        break
                else:
                    await asyncio.sleep(0.02)

        await play_hand(1)
        assert table.status_text == "Hand 1 is over. The teacher deals the next hand."
        await play_hand(2)
        assert table.status_text == "Hand 2 is over. The teacher deals the next hand."
        title = table._title.value
        assert "Hand 2 of 15 (2 cards each)" in title and "15 hands" in title, title
        assert "Hand 1" not in title and "record" not in title and "deal #" not in title
        assert "Hand 2 result" in table._result_html.value
        sheet = table._scoresheet
        assert sheet is not None
        server_view = ca.state["view"]
        assert [r[0] for r in sheet.total_rows.rows] == [1, 2]
        assert list(sheet.total_rows.rows[-1][1:]) == server_view["scores"]
        sent = [f["results"] for f in ca.frames if f.get("type") == "state" and "results" in f]
        assert [r["scores_after"] for r in sent[-1]] == [list(r[1:]) for r in sheet.total_rows.rows]
        assert [len(r) for r in sent] == [0, 1, 2]  # sent when a hand ended (and in the first state), not each time
        assert {r[0] for r in sheet.line_rows.rows} == {1, 2}
        # hand 3 dealt: the hand's log counts the table's hands too (the mirror's own game starts at its hand 1)
        assert (await t.request("next_hand", table=code))["type"] == "done"
        await until(lambda: ca.state["view"].get("hand_number") == 3 and a.session.seq == ca.state["seq"])
        assert a.session.events[0].startswith("Hand 3: "), a.session.events
        # Zed's connection drops: Amina's table says so
        await cb.close()
        await until(lambda: not a.session.table_info["players"][1]["connected"])
        assert "Zed &lt;i&gt; (away)" in table._table_html.value
        for c in (t, ca):
            await c.close()
    run(body, tmp_path)


def test_a_spades_discard_is_no_void_in_spades_for_the_mirror() -> None:
    """Spades deal 29 (level-1 computer players): a seat discards a club holding spades (SP-14 lets it;
    OH-V6 is Oh Hell's), then leads a spade before spades are broken, holding only spades (SP-13). The
    mirror must not read the discard as "no spades" (which left no filling with that inference, and the
    filling without any inference broke SP-13 in the replay: "no mirror of this view", a stalled hand)."""
    spec = spec_for("spades", 4)
    rules_obj = spec.rules_from_json({}, 4)
    g = spec.new_game(rules_obj, first_deal=29, auto_deal=False)
    g.deal_next()
    bots = [make_player(1, seed=290 + s) for s in range(4)]
    checked = 0
    while g.phase is not Phase.DEAL:
        if g.phase is Phase.PLAY:
            for seat in range(4):
                server = view_json(g.view(seat))
                mine = view_json(mirror_game(spec, spec.rules_to_json(rules_obj), server, random.Random(0)).view(seat))
                assert sorted(map(json.dumps, mine["legal"])) == sorted(map(json.dumps, server["legal"]))
                checked += 1
        computer_acts(g, bots)
    assert checked == 4 * 52
