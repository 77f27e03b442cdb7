"""Load on the table server: N tables played by scripted players over WebSocket.

    python benchmarks/table_load.py --url ws://HOST:PORT/ws --key TEACHER_KEY --tables 20 --seconds 60
    python benchmarks/table_load.py --serve --tables 20 --seconds 40 --kill-after 20
    python benchmarks/table_load.py --serve --tables 50 --seconds 40 --computers 3

With ``--serve`` the benchmark starts ``tricktutor tables serve`` itself (a
free loopback port, a new database in a temporary folder); ``--kill-after
S`` kills it with SIGKILL after S seconds and starts it again on the same
database and port: every client reconnects by itself with its seat token
(the teacher connections with the key).

Each table is opened by a teacher connection, which watches it (the
teacher's frames give every hand at every action: the truth the leak check
compares with).  ``--computers K`` puts K computer players at each table
(the server's, ``--level``), the other seats are scripted people: each acts
on its own state, after ``--think-ms`` (random 0.5–1.5×), with a random
legal action.  When a game ends, the table's teacher opens a new one.

Measured: the time from an action sent to every scripted seat of that table
having a state at least that new (p95, p99); ``lost``: actions the server
acknowledged that its log of the table no longer holds at the end;
``leaks``: frames to a seat that named a card another seat held, hidden
(:class:`~tutor.tables_server.client.LeakCheck`); ``errors``: error or
refusal frames, and connections that could not be restored.  The last line::

    table-load: tables=N actions=A p95_ms=X p99_ms=Y lost=L leaks=K errors=E

Targets (issue 35, on a 2-core machine): 20 tables with a SIGKILL restart
after 20 s: p95 ≤ 150 ms, lost = leaks = errors = 0; 50 tables of 3 computer
players and 1 scripted person: p95 ≤ 300 ms.  Measured figures:
docs/SCALING.md.  Exit status 0 when lost, leaks and errors are 0.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tutor.tables_server.client import ConnectionGone, LeakCheck, TableClient  # noqa: E402


#: The --rate the benchmark's server gets (frames a second per connection).
RATE = 50


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors: list[Any] = []
        self.leaks = LeakCheck()
        self.frames: list[tuple[int | None, dict[str, Any]]] = []  # every frame, in order (seat None: a teacher's)
        self.acked: dict[str, list[tuple[int, int, Any]]] = {}
        self.restarts = 0


class Server:
    """``tricktutor tables serve`` in a subprocess (``--serve``)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.dir = tempfile.mkdtemp(prefix="table-load-")
        self.db = os.path.join(self.dir, "tables.sqlite3")
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None
        self.url = self.key = ""

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        cmd = [sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", str(self.port), "--db", self.db,
               "--bot-delay", str(self.args.bot_delay), "--next-hand-delay", "0.2", "--level", str(self.args.level),
               "--rate", str(RATE)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
                                     cwd=REPO)
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("table-load: the server did not start")
            if "listening: " in line:
                self.url = line.split("listening: ")[1].strip()
                self.port = int(self.url.rsplit(":", 1)[1].split("/")[0])
            if line.startswith("teacher key: "):
                self.key = line.split(": ", 1)[1].strip()
                return

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


async def reconnect(url: str, deadline: float) -> TableClient:
    while True:
        try:
            return await TableClient.connect(url, keep=False, timeout=2.0)
        except (OSError, asyncio.TimeoutError, ConnectionGone, Exception):  # noqa: BLE001 - the server is away
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


class TableRun:
    """One table: its teacher, its scripted seats, and the measures."""

    def __init__(self, url: str, key: str, args: argparse.Namespace, stats: Stats, rng: random.Random) -> None:
        self.url, self.key, self.args, self.stats, self.rng = url, key, args, stats, rng
        self.code = ""
        self.people: list[int] = []
        self.seen: dict[int, int] = {}             # seat -> latest seq its connection has
        self.sent: list[tuple[int, float, set[int]]] = []  # (seq acted on, time, seats still to see it)
        self.tokens: dict[int, str] = {}
        self.stop = False
        self.teacher: TableClient | None = None

    async def open(self) -> None:
        t = self.teacher
        assert t is not None
        seats = self.args.seats
        r = await t.request("open_table", game=self.args.game, seats=seats, level=self.args.level,
                            rules={"target_score": 1000} if self.args.game == "spades" else {})
        self.code = r["table"]
        self.stats.acked.setdefault(self.code, [])
        self.people = list(range(seats - self.args.computers))
        for s in self.people:
            await t.request("free_seat", table=self.code, seat=s)
        self.seen = {s: -1 for s in self.people}
        self.sent = []
        await t.request("watch", table=self.code)

    def _on_teacher_frame(self, f: dict[str, Any], now: float) -> None:
        self.stats.frames.append((None, f))  # checked after the run: the measure stays light
        if f.get("type") == "state" and f.get("table") == self.code and f["view"]["phase"] == "game_over":
            self.over = True

    async def run_teacher(self, end: float) -> None:
        self.over = False
        t = self.teacher = await TableClient.connect(self.url, keep=False)
        t.on_frame = self._on_teacher_frame
        await t.request("teacher", key=self.key)
        await self.open()
        started = asyncio.Event()
        seats = [asyncio.ensure_future(self.run_seat(s, end, started)) for s in self.people]
        started.set()
        while time.monotonic() < end:
            await asyncio.sleep(0.1)
            if t.closed:
                back = await self._back(end)
                if back is None:
                    break
                t = self.teacher = back
            if self.over:
                self.over = False
                for task in seats:
                    task.cancel()
                await self.open()
                seats = [asyncio.ensure_future(self.run_seat(s, end, started)) for s in self.people]
        self.stop = True
        await asyncio.gather(*seats, return_exceptions=True)
        await t.close()

    async def _back(self, end: float) -> TableClient | None:
        try:
            t = await reconnect(self.url, time.monotonic() + 30)
            t.on_frame = self._on_teacher_frame
            await t.request("teacher", key=self.key)
            await t.request("watch", table=self.code)
            return t
        except Exception as e:  # noqa: BLE001
            self.stats.errors.append(("teacher reconnect", repr(e)))
            return None

    def _on_seat_frame(self, seat: int, code: str, f: dict[str, Any], now: float) -> None:
        if f.get("type") in ("error", "refused"):
            self.stats.errors.append((code, seat, f))
        if f.get("table") != code:
            return
        self.stats.frames.append((seat, f))
        if f.get("type") != "state":
            return
        seq = f["seq"]
        self.seen[seat] = max(self.seen.get(seat, -1), seq)
        keep = []
        for q, t0, waiting in self.sent:
            if q < seq:
                waiting.discard(seat)
            if waiting:
                keep.append((q, t0, waiting))
            else:
                self.stats.latencies.append(now - t0)
        self.sent = keep

    async def run_seat(self, seat: int, end: float, started: asyncio.Event) -> None:
        code = self.code
        await started.wait()
        c = await TableClient.connect(self.url, keep=False)
        c.on_frame = lambda f, now: self._on_seat_frame(seat, code, f, now)
        r = await c.request("take_seat", table=code, seat=seat)
        self.tokens[seat] = r["seat_token"]
        acted = -1
        while not self.stop and time.monotonic() < end:
            try:
                st = await c.wait_state(lambda f: f["seq"] > acted and seat in f["view"]["to_act"],
                                        max(0.01, end - time.monotonic()))
                think = self.args.think_ms / 1000 * self.rng.uniform(0.5, 1.5)
                await asyncio.sleep(think)
                if self.stop or time.monotonic() >= end:
                    break
                legal = st["view"]["legal"] or [{"look": True}]
                action = self.rng.choice(legal)
                q = st["seq"]
                self.sent.append((q, time.perf_counter(), set(self.people)))
                r = await c.request("act", action=action, seq=q)
                if r.get("type") == "accepted" and r["seq"] is not None:
                    self.stats.actions += 1
                    self.stats.acked[code].append((r["seq"], seat, action))
                    acted = r["seq"]
            except asyncio.TimeoutError:
                continue
            except (ConnectionGone, asyncio.CancelledError) as e:
                if isinstance(e, asyncio.CancelledError) or self.stop:
                    break
                try:
                    c = await reconnect(self.url, time.monotonic() + 30)
                    c.on_frame = lambda f, now: self._on_seat_frame(seat, code, f, now)
                    r = await c.request("resume", table=code, seat_token=self.tokens[seat])
                    if r.get("type") != "seated":
                        self.stats.errors.append((code, seat, "resume", r))
                        break
                except Exception as e2:  # noqa: BLE001
                    self.stats.errors.append((code, seat, "reconnect", repr(e2)))
                    break
        await c.close()


async def lost_actions(url: str, key: str, stats: Stats) -> int:
    t = await TableClient.connect(url)
    await t.request("teacher", key=key)
    lost = 0
    for code, acked in stats.acked.items():
        await asyncio.sleep(1.5 / RATE)  # within the server's rate limit for one connection
        log = (await t.request("log", table=code, timeout=30))["actions"]
        held = {(a["seq"], a["seat"], repr(a["action"])) for a in log}
        lost += sum((q, s, repr(a)) not in held for q, s, a in acked)
    await t.close()
    return lost


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


async def main_async(args: argparse.Namespace) -> int:
    server = Server(args) if args.serve else None
    try:
        return await measure(args, server)
    finally:
        if server is not None:
            server.stop()


async def measure(args: argparse.Namespace, server: "Server | None") -> int:
    url, key = args.url, args.key
    if server is not None:
        server.start()
        url, key = server.url, server.key
    if not url or not key:
        raise SystemExit("table-load: give --url and --key, or --serve")
    stats = Stats()
    rng = random.Random(args.seed)
    end = time.monotonic() + args.seconds
    runs = [TableRun(url, key, args, stats, random.Random(rng.random())) for _ in range(args.tables)]
    tasks = [asyncio.ensure_future(r.run_teacher(end)) for r in runs]
    killer = None
    if server is not None and args.kill_after:
        async def kill_and_restart() -> None:
            await asyncio.sleep(args.kill_after)
            server.kill9()
            stats.restarts += 1
            await asyncio.sleep(args.down_seconds)
            await asyncio.get_running_loop().run_in_executor(None, server.start)
        killer = asyncio.ensure_future(kill_and_restart())
    done = await asyncio.gather(*tasks, return_exceptions=True)
    for d in done:
        if isinstance(d, BaseException):
            stats.errors.append(("table", repr(d)))
    if killer is not None:
        await killer
    lost = await lost_actions(url, key, stats)
    for seat, f in stats.frames:
        if seat is None:
            stats.leaks.teacher_frame(f)
        else:
            stats.leaks.seat_frame(seat, f)
    if server is not None:
        server.stop()
    cpu = os.times()
    connections = args.tables * (1 + args.seats - args.computers)
    print(f"table-load: {args.tables} tables, {connections} connections, {args.computers} computer players a table, "
          f"think {args.think_ms} ms, {stats.restarts} SIGKILL restart(s), {len(stats.latencies)} latencies, "
          f"{stats.leaks.checked} frames checked for hidden cards ({stats.leaks.unchecked} not covered by a "
          f"teacher frame), {stats.actions / args.seconds:.1f} scripted actions/s, CPU s: benchmark "
          f"{cpu.user + cpu.system:.1f}, server {cpu.children_user + cpu.children_system:.1f}")
    for e in stats.errors[:5]:
        print("error:", str(e)[:300])
    for leak in stats.leaks.leaks[:5]:
        print("leak:", leak)
    print(f"table-load: tables={args.tables} actions={stats.actions} p95_ms={pct(stats.latencies, 95) * 1000:.1f} "
          f"p99_ms={pct(stats.latencies, 99) * 1000:.1f} lost={lost} leaks={len(stats.leaks.leaks)} "
          f"errors={len(stats.errors)}")
    return 0 if lost == 0 and not stats.leaks.leaks and not stats.errors else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="", help="the server's ws:// address (or --serve)")
    p.add_argument("--key", default="", help="the server's teacher key (printed when it starts)")
    p.add_argument("--serve", action="store_true", help="start the server here (loopback, a temporary database)")
    p.add_argument("--kill-after", type=float, default=0.0, help="with --serve: SIGKILL the server after S seconds, "
                   "then start it again on the same database and port")
    p.add_argument("--down-seconds", type=float, default=0.5, help="how long the killed server stays down")
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--seconds", type=float, default=40.0)
    p.add_argument("--game", default="spades")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--computers", type=int, default=0, help="computer players at each table (the other seats: "
                   "scripted people)")
    p.add_argument("--level", type=int, default=1, help="the computer players' level")
    p.add_argument("--bot-delay", type=float, default=0.3, help="with --serve: the server's --bot-delay")
    p.add_argument("--think-ms", type=float, default=300.0, help="a scripted person's time to act (mean)")
    p.add_argument("--seed", type=int, default=35)
    args = p.parse_args()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
