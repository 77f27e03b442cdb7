"""The table server killed with SIGKILL and started again on the same
database resumes each table at the same action (issue 35): the server runs
as ``tricktutor tables serve`` in a subprocess on a free loopback port."""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tutor.tables_server.client import TableClient
from engine_test_helpers import run_async, stop_process

REPO = Path(__file__).resolve().parents[1]


def start_server(db: Path) -> tuple[subprocess.Popen[str], str, str]:
    """``tricktutor tables serve`` on a free port; (process, ws url, teacher key) once it listens."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", "0", "--db", str(db),
                             "--bot-delay", "0.01", "--next-hand-delay", "0.05", "--level", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    assert proc.stdout is not None
    url = key = ""
    while not (url and key):
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else "server ended"
        if "listening: " in line:
            url = line.split("listening: ")[1].strip()
        if line.startswith("teacher key: "):
            key = line.split(": ")[1].strip()
    assert url.startswith("ws://127.0.0.1:")
    return proc, url, key


def kill9(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()


async def my_turn(c: TableClient, after: int = -1) -> dict[str, Any]:
    """Seat 0's next turn, in a state later than action ``after``."""
    return await c.wait_state(lambda f: f["seq"] > after and 0 in f["view"]["to_act"], 10)


def test_kill_9_and_restart_resumes_every_table_at_the_same_action(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"

    async def before() -> tuple[str, str, dict[str, Any], list[Any], list[Any], str]:
        proc, url, key = start_server(db)
        try:
            t = await TableClient.connect(url)
            await t.request("teacher", key=key)
            code = (await t.request("open_table", game="spades", seats=4))["table"]
            other = (await t.request("open_table", game="oh_hell", seats=4))["table"]
            await t.request("free_seat", table=code, seat=0)
            p = await TableClient.connect(url)
            token = (await p.request("take_seat", table=code, seat=0))["seat_token"]
            rng = random.Random(9)
            acked: list[Any] = []
            for _ in range(12):
                st = await my_turn(p, acked[-1][0] if acked else -1)
                action = rng.choice(st["view"]["legal"])
                r = await p.request("act", action=action, seq=st["seq"])
                assert r["type"] == "accepted", (r, action, st["seq"])
                acked.append((r["seq"], action))
            st = await my_turn(p, acked[-1][0])  # the computer players wait for seat 0: the table stands still
            log = (await t.request("log", table=code))["actions"]
            assert log[-1]["seq"] == st["seq"] - 1
            kill9(proc)  # no goodbye: the process is gone
            return code, token, st, log, acked, other
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    code, token, st, log, acked, other = run_async(asyncio.wait_for(before(), 40))

    async def after() -> None:
        proc, url, key = start_server(db)
        try:
            assert key, "the teacher key is kept in the database"
            p = await TableClient.connect(url)
            r = await p.request("resume", table=code, seat_token=token)
            assert r["type"] == "seated" and r["seat"] == 0
            again = await p.wait_state(lambda f: True)
            assert again["seq"] == st["seq"]
            assert again["view"] == st["view"]
            t = await TableClient.connect(url)
            await t.request("teacher", key=key)
            log2 = (await t.request("log", table=code))["actions"]
            assert log2 == log
            held = {(a["seq"], repr(a["action"])) for a in log2}
            assert all((q, repr(a)) in held for q, a in acked), "an acknowledged action was lost"
            tables = {x["code"] for x in (await t.request("tables"))["tables"]}
            assert {code, other} <= tables
            # and play goes on from there
            r2 = await p.request("act", action=again["view"]["legal"][0], seq=again["seq"])
            assert r2["type"] == "accepted" and r2["seq"] == again["seq"]
            await p.close()
            await t.close()
        finally:
            stop_process(proc)

    run_async(asyncio.wait_for(after(), 40))


def test_tricktutor_tables_records_writes_a_hand_record_that_replay_reads(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"

    async def play() -> str:
        proc, url, key = start_server(db)
        try:
            t = await TableClient.connect(url)
            await t.request("teacher", key=key)
            code = str((await t.request("open_table", game="oh_hell", seats=3))["table"])
            await t.request("free_seat", table=code, seat=0)
            p = await TableClient.connect(url)
            await p.request("take_seat", table=code, seat=0)
            last = -1
            while True:  # seat 0 plays its first legal action until the first hand is over
                st = await p.wait_state(lambda f, q=last: f["seq"] > q and (
                    0 in f["view"]["to_act"] or f["view"]["hands_played"] >= 1), 20)
                if st["view"]["hands_played"] >= 1:
                    break
                r = await p.request("act", action=st["view"]["legal"][0], seq=st["seq"])
                assert r["type"] == "accepted", (r, st["seq"], st["view"]["to_act"])
                last = r["seq"]
            return code
        finally:
            stop_process(proc)

    code = run_async(asyncio.wait_for(play(), 40))
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    listed = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "records", "--db", str(db)],
                            capture_output=True, text=True, env=env, cwd=REPO)
    assert listed.returncode == 0 and code in listed.stdout, (listed.stdout, listed.stderr)
    rec = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "records", "--db", str(db), "--table", code],
                         capture_output=True, text=True, env=env, cwd=REPO)
    assert rec.returncode == 0, rec.stderr
    path = tmp_path / "game.json"
    path.write_text(rec.stdout, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tutor.cli", "replay", str(path)], capture_output=True, text=True,
                         env=env, cwd=REPO)
    assert out.returncode == 0, out.stderr
    replayed = json.loads(out.stdout)
    assert replayed["ok"] and len(replayed["hands"]) >= 1 and replayed["hands"][0]["tricks_won"], replayed
    bad = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "records", "--db", str(db), "--table",
                          "x'; DROP TABLE actions; --"], capture_output=True, text=True, env=env, cwd=REPO)
    assert bad.returncode == 2 and "no table" in bad.stderr, (bad.returncode, bad.stderr)

