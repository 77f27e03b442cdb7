"""How fast the engine simulates, and how that compares with OpenSpiel.

Run ``python benchmarks/engine_speed.py`` (``--seconds S`` per measurement,
default 3; ``--runs R`` interleaved Spades runs, default 5; about two and a
half minutes per engine, and the compiled engine's build first when a source
changed).  It prints one table per engine, then the two side by side:

1. Spades random full hands per second through :mod:`engine.sim`
   (deal + 4 bids + 52 plays + scoring), timed in ``R`` runs interleaved
   with three OpenSpiel ``spades`` baselines (deal + 4 bids + 52 plays, see
   ``benchmarks/_openspiel.py``): OpenSpiel's C++ loop
   (``pyspiel.evaluate_bots`` with uniform random bots, one Python call per
   hand), a plain ``legal_actions()``/``apply_action`` Python loop, and the
   Python loop sampling chance nodes through ``chance_outcomes()``.  Each
   rate is the median of the ``R`` runs; each ratio is the median of the
   per-run ratios.  Targets: sim ≥ 1.0× the C++ loop (issue 12), ≥ 1.5× the
   Python loops;
2. the same through the explaining path (:class:`engine.SpadesGame` with
   ``legal_actions``/``apply``, every action checked and explained);
3. (the OpenSpiel rows of 1.)
4. Oh Hell random full games per second through the sim for 3, 4 and 7
   players (every hand of the OH-5/OH-6 schedule), and tricks per second;
5. OpenSpiel ``oh_hell`` 4 players × 12 tricks, tricks per second, against
   the sim's random 4-player 12-trick hands (deal, turn-up, bids, play,
   score), and the ratio per trick played (target ≥ 1.5×): through its
   ``chance_outcomes`` Python loop, and through its C++ loop
   (``evaluate_bots``, each timed interleaved with the sim);

6. the level-4 player's time per card and per bid with its default number
   of sampled deals (40 a card, 24 a bid) and no time budget (at its default
   250 ms a card, a slow engine stops at the budget with fewer deals), and the
   engine's part of the bidding drill's "Show me"
   (:func:`engine.bots.advisor.show_me`, 100 sampled deals played out, no
   time budget).  These two in the process's CPU time (``time.process_time``):
   on a shared machine the wall-clock time of a long computation counts the
   other processes' turns too.

Without OpenSpiel installed, rows 3 and 5 say they were skipped; the script
exits 0 either way.

Pure and compiled engine (``--engine``, default ``both``): the whole table is
measured twice in the same run, each in a subprocess, once on the pure engine
of this checkout and once on its mypyc-compiled build
(``scripts/compiled_engine.py``: built, or found in its cache, first), then a
last table puts the two side by side: the ratios to OpenSpiel's C++ loop,
level 4's time per card and "Show me"'s time.  Where no C compiler is found,
only the pure engine is measured, and the script says so.  ``--engine here``
measures whatever ``engine`` this interpreter imports, once.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import pathlib
import platform
import random
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Callable

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # for _openspiel
# the engine: the one on sys.path (installed, or PYTHONPATH: the pure or the compiled one
# of --engine both), else this checkout's
sys.path.append(str(REPO))

import engine.playcore  # noqa: E402
from engine import Bid, OhHellRules, Phase, Play, SpadesGame  # noqa: E402
from engine.bots.advisor import show_me  # noqa: E402
from engine.bots.level4 import DoubleDummyPlayer  # noqa: E402
from engine.sim import random_oh_hell_game, random_oh_hell_hand, random_spades_hand  # noqa: E402

TARGET = 1.5
CPP_TARGET = 1.0
SPADES_TRICKS = 13
OH_HELL_TRICKS = 12


def rate(step: Callable[[], object], seconds: float) -> tuple[float, int]:
    """Call ``step`` until ``seconds`` have passed; return (calls per second, calls)."""
    calls = 0
    batch = 1
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            step()
        calls += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls / elapsed, calls
        if elapsed < seconds / 20:
            batch *= 2


def explaining_spades_hand(rng: random.Random) -> None:
    """One Spades hand through SpadesGame: auto deal, 4 bids (Nil or 1..4,
    as the sim) and 52 plays, each chosen from ``legal_actions`` and
    applied with ``apply`` (checked and explained)."""
    game = SpadesGame(first_deal=rng.getrandbits(48), dealer=rng.randrange(4), rng=random.Random(rng.getrandbits(32)))
    while game.phase is Phase.BIDDING:
        bids = [a for a in game.legal_actions() if not a.blind and a.value <= 4]
        game.apply(rng.choice(bids))
    while game.phase is Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))


def openspiel_available() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def interleaved(ours: Callable[[float], tuple[float, int]], theirs: Callable[[float], dict], seconds: float,
                rounds: int = 3) -> tuple[tuple[float, int], dict]:
    """Time ``ours`` and ``theirs`` in alternating slices (``rounds`` each,
    ``seconds`` in total each), so that a busy machine slows both alike."""
    our_calls = our_time = their_hands = their_time = 0.0
    for _ in range(rounds):
        r, n = ours(seconds / rounds)
        our_calls += n
        our_time += n / r
        t = theirs(seconds / rounds)
        their_hands += t["hands"]
        their_time += t["seconds"]
    return (our_calls / our_time, int(our_calls)), {"hands": int(their_hands), "seconds": their_time,
                                                     "hands_per_second": their_hands / their_time}


SPADES_BASELINES = (("cpp", "OpenSpiel C++ loop (evaluate_bots)", CPP_TARGET),
                    ("plain", "OpenSpiel from Python, legal_actions loop", TARGET),
                    ("chance", "OpenSpiel from Python, chance_outcomes loop", TARGET))


def spades_rows(seconds: float, seed: int, runs: int, have_os: bool) -> list[dict]:
    """Spades hands/s of the sim and of each OpenSpiel baseline, ``runs``
    interleaved runs of ``seconds`` each; medians and median per-run ratios."""
    rng = random.Random(seed)
    ours: list[float] = []
    theirs: dict[str, list[float]] = {mode: [] for mode, _, _ in SPADES_BASELINES}
    calls = 0
    for run in range(runs):
        r, n = rate(lambda: random_spades_hand(rng), seconds)
        ours.append(r)
        calls += n
        if have_os:
            import _openspiel
            for mode, _, _ in SPADES_BASELINES:
                theirs[mode].append(_openspiel.spades_hands_per_second(seconds, seed + run, mode)["hands_per_second"])
    hps = statistics.median(ours)
    rows = [dict(name=f"Spades hand, engine.sim (median of {runs})", rate=hps, unit="hands/s",
                 tricks=hps * SPADES_TRICKS, n=calls, runs=ours)]
    if not have_os:
        rows.append(dict(name="Spades hand, OpenSpiel", skipped="skipped: open_spiel is not installed"))
        return rows
    for mode, label, target in SPADES_BASELINES:
        med = statistics.median(theirs[mode])
        rows.append(dict(name=f"Spades hand, {label}", rate=med, unit="hands/s", tricks=med * SPADES_TRICKS,
                         n=0, runs=theirs[mode]))
        ratio = statistics.median(a / b for a, b in zip(ours, theirs[mode]))
        rows.append(dict(ratio=ratio, target=target, name=f"Spades: sim / {label.split(' (')[0]}"))
    return rows


def measure(seconds: float, seed: int = 1, runs: int = 5) -> list[dict]:
    """Run every measurement; return table rows (dicts: name, rate, unit,
    tricks per second, n calls; or name and ratio; or name and skipped)."""
    rows: list[dict] = []
    have_os = openspiel_available()
    if have_os:
        import _openspiel

    rows.extend(spades_rows(seconds, seed, runs, have_os))

    rng = random.Random(seed)
    eps, n = rate(lambda: explaining_spades_hand(rng), seconds)
    rows.append(dict(name="Spades hand, SpadesGame legal_actions/apply", rate=eps, unit="hands/s",
                     tricks=eps * SPADES_TRICKS, n=n))

    for players in (3, 4, 7):
        rules = OhHellRules(players=players)
        rng = random.Random(seed)
        gps, n = rate(lambda: random_oh_hell_game(rng, rules), seconds)
        rows.append(dict(name=f"Oh Hell game, {players} players ({rules.n_hands} hands), engine.sim", rate=gps,
                         unit="games/s", tricks=gps * sum(rules.sizes), n=n))

    rng = random.Random(seed)
    oh = lambda s: rate(lambda: random_oh_hell_hand(rng, 4, OH_HELL_TRICKS), s)  # noqa: E731
    if have_os:
        (hps, n), os_oh = interleaved(oh, lambda s: _openspiel.oh_hell_tricks_per_second(
            s, seed, players=4, num_tricks_fixed=OH_HELL_TRICKS), seconds)
    else:
        hps, n = oh(seconds)
    rows.append(dict(name="Oh Hell hand, 4 players x 12 tricks, engine.sim", rate=hps, unit="hands/s",
                     tricks=hps * OH_HELL_TRICKS, n=n))
    if have_os:
        os_rate = os_oh["hands_per_second"]
        rows.append(dict(name="Oh Hell hand, 4 players x 12 tricks, OpenSpiel", rate=os_rate,
                         unit="hands/s", tricks=os_rate * OH_HELL_TRICKS, n=os_oh["hands"]))
        rows.append(dict(ratio=hps / os_rate, name="Oh Hell: sim / OpenSpiel, per trick played"))
        (hps2, _), os_cpp = interleaved(oh, lambda s: _openspiel.oh_hell_tricks_per_second(
            s, seed, players=4, num_tricks_fixed=OH_HELL_TRICKS, mode="cpp"), seconds)
        cpp_rate = os_cpp["hands_per_second"]
        rows.append(dict(name="Oh Hell hand, 4 players x 12 tricks, OpenSpiel C++ loop (evaluate_bots)",
                         rate=cpp_rate, unit="hands/s", tricks=cpp_rate * OH_HELL_TRICKS, n=os_cpp["hands"]))
        rows.append(dict(ratio=hps2 / cpp_rate, target=CPP_TARGET,
                         name="Oh Hell: sim / OpenSpiel C++ loop, per trick played"))
    else:
        rows.append(dict(name="Oh Hell hand, OpenSpiel", skipped="skipped: open_spiel is not installed"))
    return rows


def level4_rows(hands: int) -> list[dict]:
    """Level 4, Spades: ms per card decision (more than one legal card) and per bid,
    median and 95th percentile, at its default settings except the time budget: every
    card takes its 40 sampled deals, every bid its 24 (at the default 250 ms budget
    a card stops at the budget on a slow engine, and the times would only show the budget)."""
    card_ms: list[float] = []
    bid_ms: list[float] = []
    for i in range(hands):
        g = SpadesGame(first_deal=400_000 + i, dealer=i % 4)
        players = [DoubleDummyPlayer(seed=s, budget_ms=float("inf"), min_samples=40, l3_budget_ms=float("inf"))
                   for s in range(4)]
        while g.hands_dealt == 1 and g.phase is not Phase.DEAL:
            seat = g.seats_to_act[0]
            view = g.view(seat)
            t = time.process_time()
            a = players[seat].choose(view)
            ms = 1000 * (time.process_time() - t)
            if isinstance(a, Play) and len(view.legal) > 1:
                card_ms.append(ms)
            elif isinstance(a, Bid):
                bid_ms.append(ms)
            g.apply(a)
    return [dict(name=f"Level 4, CPU ms per card ({len(card_ms)} cards, {hands} hands)", ms=card_ms,
                 key="level4_card"),
            dict(name=f"Level 4, CPU ms per bid ({len(bid_ms)} bids)", ms=bid_ms, key="level4_bid")]


def show_me_rows(deals: int) -> list[dict]:
    """The engine's part of "Show me" (the bidding drill): :func:`engine.bots.advisor.show_me`
    at the app's settings (100 deals) for the first seat to bid in ``deals`` seeded deals."""
    times: list[float] = []
    for i in range(deals):
        g = SpadesGame(first_deal=500_000 + i, dealer=i % 4)
        view = g.view(g.seats_to_act[0])
        t = time.process_time()
        show_me(view, samples=100, seed=i, budget_ms=float("inf"))
        times.append(1000 * (time.process_time() - t))
    return [dict(name=f"Show me (100 deals), CPU ms ({deals} bidding views)", ms=times, key="show_me")]


def engine_kind() -> str:
    """"compiled" when the play core imported is a compiled module (mypyc), else "pure"."""
    return "compiled" if engine.playcore.__file__.endswith((".so", ".pyd")) else "pure"


def _load_note() -> str:
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # pragma: no cover - not on every platform
        return f"{os.cpu_count()} CPUs; sim and OpenSpiel are timed in alternating slices"
    return (f"{os.cpu_count()} CPUs, load average {load:.1f} (a busy machine lowers every rate; "
            f"sim and OpenSpiel are timed in alternating slices, so their ratio holds)")


def format_table(rows: list[dict], seconds: float) -> str:
    width = max(len(r["name"]) for r in rows) + 2
    out = [f"Trick Tutor engine speed ({engine_kind()} engine: {os.path.dirname(engine.playcore.__file__)}): "
           f"Python {platform.python_version()}, {seconds:g} s per measurement, random legal play",
           _load_note(),
           "",
           f"{'measurement':<{width}}{'rate':>20}{'tricks/s':>14}",
           "-" * (width + 34)]
    for r in rows:
        if "skipped" in r:
            out.append(f"{r['name']:<{width}}{r['skipped']:>34}")
        elif "ms" in r:
            out.append(f"{r['name']:<{width}}{_ms(r['ms']):>34}")
        elif "ratio" in r:
            target = r.get("target", TARGET)
            verdict = "met" if r["ratio"] >= target else "NOT met"
            out.append(f"{'  ' + r['name']:<{width}}{r['ratio']:>19.2f}x"
                       f"   target >= {target}x: {verdict}")
        else:
            out.append(f"{r['name']:<{width}}{r['rate']:>12,.1f} {r['unit']:<7}{r['tricks']:>14,.0f}"
                       + (f"   runs: {', '.join(f'{x:,.0f}' for x in r['runs'])}" if "runs" in r else ""))
    return "\n".join(out)


def _ms(xs: list[float]) -> str:
    p95 = sorted(xs)[min(len(xs) - 1, max(0, -(-95 * len(xs) // 100) - 1))]
    return f"median {statistics.median(xs):,.0f} ms, p95 {p95:,.0f} ms"


def figures(rows: list[dict]) -> dict:
    """The figures compared between the pure and the compiled engine."""
    out: dict = {"engine": engine_kind()}
    for r in rows:
        if r.get("name", "").startswith("Spades: sim / OpenSpiel C++ loop"):
            out["spades_cpp"] = r["ratio"]
        elif r.get("name", "").startswith("Oh Hell: sim / OpenSpiel C++ loop"):
            out["oh_hell_cpp"] = r["ratio"]
        elif r.get("name", "").startswith("Oh Hell: sim / OpenSpiel"):
            out["oh_hell"] = r["ratio"]
        elif r.get("name", "").startswith("Spades hand, engine.sim"):
            out["spades_hands"] = r["rate"]
        elif "key" in r:
            out[r["key"]] = statistics.median(r["ms"])
    return out


def run_here(args: argparse.Namespace) -> dict:
    if args.spades_only:
        rows = spades_rows(args.seconds, args.seed, args.runs, openspiel_available())
    else:
        rows = measure(args.seconds, args.seed, args.runs)
        if args.level4_hands:
            rows.extend(level4_rows(args.level4_hands))
        if args.show_me_deals:
            rows.extend(show_me_rows(args.show_me_deals))
    print(format_table(rows, args.seconds), flush=True)
    return figures(rows)


def run_both(args: argparse.Namespace, argv: list[str]) -> int:
    """This script on the pure engine, then on the compiled one (subprocesses), then both side by side."""
    sys.path.insert(0, str(REPO / "scripts"))
    import compiled_engine

    paths = {"pure": str(REPO)}
    try:
        paths["compiled"] = str(compiled_engine.build())
    except compiled_engine.NotCompiled as exc:
        print(f"No compiled engine here ({exc}): the pure engine only.\n", flush=True)
    results: dict[str, dict] = {}
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="tt-engine-speed-"))
    for kind, path in paths.items():
        out = tmp / f"{kind}.json"
        env = {**os.environ, "PYTHONPATH": path, "PYTHONSAFEPATH": "1"}
        cmd = [sys.executable, __file__, *argv, "--engine", "here", "--figures", str(out)]
        print(f"== {kind} engine", flush=True)
        subprocess.run(cmd, env=env, check=True)
        results[kind] = json.loads(out.read_text())
        if results[kind]["engine"] != kind:
            raise SystemExit(f"the {kind} run imported the {results[kind]['engine']} engine")
        print(flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    if len(results) == 2:
        print(compare_table(results["pure"], results["compiled"]))
    return 0


def compare_table(pure: dict, comp: dict) -> str:
    rows = [("Spades: sim / OpenSpiel C++ loop", "spades_cpp", "x", 2.0),
            ("Oh Hell: sim / OpenSpiel C++ loop", "oh_hell_cpp", "x", 1.5),
            ("Oh Hell: sim / OpenSpiel Python loop", "oh_hell", "x", None),
            ("Level 4, CPU ms per card (median)", "level4_card", " ms", None),
            ("Level 4, CPU ms per bid (median)", "level4_bid", " ms", None),
            ("Show me, CPU ms (median)", "show_me", " ms", None)]
    out = ["Pure and compiled (mypyc) engine, this run (each engine against OpenSpiel in alternating slices; "
           "level 4 and Show me in CPU time)", "",
           f"{'measurement':<40}{'pure':>12}{'compiled':>12}{'compiled/pure':>15}", "-" * 79]
    for name, key, unit, target in rows:
        if key not in pure or key not in comp:
            continue
        a, b = pure[key], comp[key]
        fmt = (lambda v: f"{v:.2f}{unit}") if unit == "x" else (lambda v: f"{v:,.0f}{unit}")
        line = f"{name:<40}{fmt(a):>12}{fmt(b):>12}{b / a:>14.2f}x"
        if target is not None:
            line += f"   compiled target >= {target}x: {'met' if b >= target else 'NOT met'}"
        out.append(line)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="duration of each measurement (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5, help="interleaved Spades runs (default 5)")
    ap.add_argument("--spades-only", action="store_true", help="only the Spades comparison (row 1)")
    ap.add_argument("--level4-hands", type=int, default=1, help="Spades hands of four level-4 players (default 1)")
    ap.add_argument("--show-me-deals", type=int, default=12, help="bidding views for Show me (default 12)")
    ap.add_argument("--engine", choices=("both", "here"), default="both",
                    help="both: the pure and the compiled engine, side by side (default); here: the engine imported")
    ap.add_argument("--figures", help=argparse.SUPPRESS)  # --engine here: the figures as JSON, for --engine both
    args = ap.parse_args(argv)
    if args.engine == "both":
        rest, skip = [], False
        for a in argv:   # the same options, less --engine
            if skip or a.startswith("--engine="):
                skip = False
            elif a == "--engine":
                skip = True
            else:
                rest.append(a)
        return run_both(args, rest)
    result = run_here(args)
    if args.figures:
        pathlib.Path(args.figures).write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
