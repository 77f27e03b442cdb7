"""How fast the engine simulates, and how that compares with OpenSpiel.

Run ``python benchmarks/engine_speed.py`` (``--seconds S`` per measurement,
default 3; ``--runs R`` interleaved Spades runs, default 5; the whole run
takes about a minute).  It prints one table:

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
   score), and the ratio per trick played (target ≥ 1.5×).

Without OpenSpiel installed, rows 3 and 5 say they were skipped; the script
exits 0 either way.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import sys
import time
from typing import Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # for _openspiel
sys.path.insert(1, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the engine, if not installed

from engine import OhHellRules, Phase, SpadesGame
from engine.sim import random_oh_hell_game, random_oh_hell_hand, random_spades_hand

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
    else:
        rows.append(dict(name="Oh Hell hand, OpenSpiel", skipped="skipped: open_spiel is not installed"))
    return rows


def _load_note() -> str:
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # pragma: no cover - not on every platform
        return f"{os.cpu_count()} CPUs; sim and OpenSpiel are timed in alternating slices"
    return (f"{os.cpu_count()} CPUs, load average {load:.1f} (a busy machine lowers every rate; "
            f"sim and OpenSpiel are timed in alternating slices, so their ratio holds)")


def format_table(rows: list[dict], seconds: float) -> str:
    width = max(len(r["name"]) for r in rows) + 2
    out = [f"Trick Tutor engine speed: Python {platform.python_version()}, {seconds:g} s per measurement, "
           f"random legal play",
           _load_note(),
           "",
           f"{'measurement':<{width}}{'rate':>20}{'tricks/s':>14}",
           "-" * (width + 34)]
    for r in rows:
        if "skipped" in r:
            out.append(f"{r['name']:<{width}}{r['skipped']:>34}")
        elif "ratio" in r:
            target = r.get("target", TARGET)
            verdict = "met" if r["ratio"] >= target else "NOT met"
            out.append(f"{'  ' + r['name']:<{width}}{r['ratio']:>19.2f}x"
                       f"   target >= {target}x: {verdict}")
        else:
            out.append(f"{r['name']:<{width}}{r['rate']:>12,.1f} {r['unit']:<7}{r['tricks']:>14,.0f}"
                       + (f"   runs: {', '.join(f'{x:,.0f}' for x in r['runs'])}" if "runs" in r else ""))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="duration of each measurement (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5, help="interleaved Spades runs (default 5)")
    ap.add_argument("--spades-only", action="store_true", help="only the Spades comparison (row 1)")
    args = ap.parse_args(argv)
    if args.spades_only:
        rows = spades_rows(args.seconds, args.seed, args.runs, openspiel_available())
    else:
        rows = measure(args.seconds, args.seed, args.runs)
    print(format_table(rows, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
