"""Benchmarks of the computer players and the bid advisor (issue 6).

Run:  python benchmarks/bots.py            (about 5 minutes on 2 cores)
      python benchmarks/bots.py --quick    (about a minute, smaller samples)

Everything uses fixed seeds and prints what was run, with 95% confidence
intervals (Wilson score interval for rates, normal interval for means):

1. Spades, level 2 vs level 1: duplicate games (each deal sequence played
   twice with the partnerships swapped), target 200 points (SP-3 option).
2. Spades, level 3 vs level 2: the same; in the matches level 3 uses a fixed
   number of sampled deals per decision instead of a time budget (so that the
   results do not depend on the machine's speed, and the match finishes in
   minutes); also the mean points per hand of level 3's side minus level 2's.
3. Oh Hell, level 3 vs level 2: 4 players, levels alternating, every game
   played twice with the seats rotated by one; exact-bid rates (OH-11).
4. Advisor accuracy over 500 seeded Spades hands: each partnership's
   suggested bid (the two advisor suggestions, Nil counting 0) against the
   tricks it takes when level-2 players bid as advised and play the deal out;
   then 100 hands played out by level-3 players (10 sampled deals a card).
5. Speed: level 3 per card and per bid (median and 95th percentile), the
   advisor's suggestion, and ``show_me``.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import Bid, OhHellGame, OhHellRules, Phase, Play, SpadesGame, SpadesRules
from engine.bots import make_player
from engine.bots.advisor import advise_bid, advise_spades, show_me
from engine.bots.level3 import ExpertPlayer
from engine.bots.sampling import play_game

Z = 1.96


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """Rate and its 95% Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    den = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / den
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / den
    return p, centre - half, centre + half


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    half = Z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, half


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# ------------------------------------------------------------------ matches
def _make(level: int, seed: int, l3: dict):
    if level == 3:
        return ExpertPlayer(seed=seed, **l3)
    return make_player(level, seed)


def spades_pair(args) -> list[tuple[bool, list[int]]]:
    """One deal sequence played twice, partnerships swapped.  Returns, per
    game, (did the strong side win, per-hand points strong minus weak)."""
    i, strong, weak, target, l3 = args
    out = []
    for swap in (0, 1):
        g = SpadesGame(SpadesRules(target_score=target), first_deal=100_000 + 1000 * i, dealer=i % 4)
        players = [_make(strong if s % 2 == swap else weak, 10 * i + s, l3) for s in range(4)]
        play_game(g, players)
        diffs = [r.points[swap] - r.points[1 - swap] for r in g.results]
        out.append((g.winners[0] % 2 == swap, diffs))
    return out


def spades_match(pool, strong: int, weak: int, deals: int, target: int, l3: dict) -> None:
    t = time.perf_counter()
    res = [g for pair in pool.map(spades_pair, [(i, strong, weak, target, l3) for i in range(deals)]) for g in pair]
    wins = sum(w for w, _ in res)
    n = len(res)
    p, lo, hi = wilson(wins, n)
    diffs = [d for _, ds in res for d in ds]
    m, half = mean_ci(diffs)
    print(f"  {n} games ({deals} deal sequences x 2, partnerships swapped), target {target}: "
          f"level {strong} won {wins} = {pct(p)} [95% CI {pct(lo)} – {pct(hi)}]")
    print(f"  points per hand, level {strong} side minus level {weak} side: {m:+.1f} ± {half:.1f} "
          f"over {len(diffs)} hands   ({time.perf_counter() - t:.0f} s)")


def oh_hell_pair(args) -> tuple[list[int], list[int]]:
    i, sizes, l3 = args
    exact = [0, 0]
    total = [0, 0]
    for rot in (0, 1):
        g = OhHellGame(OhHellRules(players=4, hand_sizes=sizes), first_deal=200_000 + 100 * i, dealer=i % 4)
        levels = [3 if (s + rot) % 2 == 0 else 2 for s in range(4)]
        play_game(g, [_make(levels[s], 10 * i + s, l3) for s in range(4)])
        for r in g.results:
            for s in range(4):
                k = levels[s] - 2
                total[k] += 1
                exact[k] += r.bids[s] == r.tricks_won[s]
    return exact, total


def oh_hell_match(pool, games: int, sizes: tuple[int, ...], l3: dict) -> None:
    t = time.perf_counter()
    res = pool.map(oh_hell_pair, [(i, sizes, l3) for i in range(games)])
    ex = [sum(r[0][k] for r in res) for k in (0, 1)]
    tot = [sum(r[1][k] for r in res) for k in (0, 1)]
    print(f"  {2 * games} games of 4 players (levels alternating, seats rotated by one), hand sizes {list(sizes)}")
    for k, lv in ((0, 2), (1, 3)):
        p, lo, hi = wilson(ex[k], tot[k])
        print(f"  level {lv}: exact bid in {ex[k]} of {tot[k]} seat-hands = {pct(p)} [95% CI {pct(lo)} – {pct(hi)}]")
    print(f"  difference level 3 − level 2: {100 * (ex[1] / tot[1] - ex[0] / tot[0]):+.1f} points"
          f"   ({time.perf_counter() - t:.0f} s)")


# ------------------------------------------------------------------ advisor accuracy
def advisor_hand(args) -> list[tuple[int, int]]:
    """One seeded hand: per partnership (suggested side bid, tricks taken)."""
    i, level, l3 = args
    g = SpadesGame(first_deal=300_000 + i, dealer=i % 4)
    players = [_make(level, s, l3) for s in range(4)]
    suggested = [0, 0]
    while not g.results:
        s = g.seats_to_act[0]
        if g.phase is Phase.BIDDING and g.has_looked(s) is False:
            g.look(s)
        view = g.view(s)
        if g.phase is Phase.BIDDING:
            a = advise_bid(view)
            suggested[s % 2] += a.bid
            g.apply(Bid(s, a.bid))
        else:
            g.apply(players[s].choose(view))
    won = g.results[0].tricks_won
    return [(suggested[sd], won[sd] + won[sd + 2]) for sd in (0, 1)]


def advisor_accuracy(pool, hands: int, level: int = 2, l3: dict | None = None) -> None:
    t = time.perf_counter()
    rows = [r for rs in pool.map(advisor_hand, [(i, level, l3) for i in range(hands)]) for r in rs]
    diffs = [abs(b - k) for b, k in rows]
    within = sum(1 for d in diffs if d <= 1)
    m, half = mean_ci(diffs)
    p, lo, hi = wilson(within, len(diffs))
    bias = statistics.mean(k - b for b, k in rows)
    print(f"  {hands} seeded Spades hands, {len(rows)} partnerships, played out by level-{level} players bidding as advised")
    print(f"  mean |suggested side bid − tricks taken| = {m:.2f} ± {half:.2f}; within ±1: {within} = {pct(p)} "
          f"[95% CI {pct(lo)} – {pct(hi)}]; mean tricks − bid = {bias:+.2f}   ({time.perf_counter() - t:.0f} s)")


# ------------------------------------------------------------------ speed
def pcts(xs: list[float]) -> str:
    xs = sorted(xs)
    med = statistics.median(xs)
    p95 = xs[min(len(xs) - 1, int(math.ceil(0.95 * len(xs))) - 1)]
    f = ".2f" if xs[-1] < 10 else ".0f"
    return f"median {med:{f}} ms, p95 {p95:{f}} ms, max {xs[-1]:{f}} ms (n={len(xs)})"


def speed(hands: int) -> None:
    card_ms: list[float] = []
    bid_ms: list[float] = []
    oh_bid_ms: list[float] = []
    for i in range(hands):
        g = SpadesGame(first_deal=400_000 + i, dealer=i % 4)
        players = [ExpertPlayer(seed=s) for s in range(4)]
        while g.hands_dealt == 1 and g.phase is not Phase.DEAL:
            s = g.seats_to_act[0]
            view = g.view(s)
            t = time.perf_counter()
            a = players[s].choose(view)
            ms = 1000 * (time.perf_counter() - t)
            if isinstance(a, Play) and len(view.legal) > 1:
                card_ms.append(ms)
            elif isinstance(a, Bid):
                bid_ms.append(ms)
            g.apply(a)
    for i in range(hands):
        g = OhHellGame(OhHellRules(players=4, hand_sizes=(13, 7, 3), hook=True), first_deal=500_000 + i)
        players = [ExpertPlayer(seed=s) for s in range(4)]
        while g.phase is not Phase.GAME_OVER:
            s = g.seats_to_act[0]
            view = g.view(s)
            t = time.perf_counter()
            a = players[s].choose(view)
            ms = 1000 * (time.perf_counter() - t)
            if isinstance(a, Play) and len(view.legal) > 1:
                card_ms.append(ms)
            elif isinstance(a, Bid):
                oh_bid_ms.append(ms)
            g.apply(a)
    print(f"  level 3 (default budget 250 ms a card, 700 ms an Oh Hell bid) per card, Spades and Oh Hell: {pcts(card_ms)}")
    print(f"  level 3 per bid, Spades (advisor): {pcts(bid_ms)}")
    print(f"  level 3 per bid, Oh Hell (sampled exact-bid search, 13/7/3 cards): {pcts(oh_bid_ms)}")
    rng = random.Random(9)
    from engine.cards import DECK
    adv = []
    for _ in range(500):
        hand = rng.sample(DECK, 13)
        t = time.perf_counter()
        advise_spades(hand)
        adv.append(1000 * (time.perf_counter() - t))
    print(f"  advisor suggestion (Spades, 500 hands): {pcts(adv)}")
    sm = []
    for i in range(20):
        g = SpadesGame(first_deal=600_000 + i)
        g.look(g.to_act)
        t = time.perf_counter()
        show_me(g.view(g.to_act), samples=100)
        sm.append(1000 * (time.perf_counter() - t))
        og = OhHellGame(OhHellRules(players=4, hand_sizes=(10,)), first_deal=600_000 + i)
        t = time.perf_counter()
        show_me(og.view(og.to_act), samples=100)
        sm.append(1000 * (time.perf_counter() - t))
    print(f"  show_me (100 samples; Spades and Oh Hell 10-card hands): {pcts(sm)}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller samples (about a minute)")
    ap.add_argument("--l3-samples", type=int, default=30, help="level 3 deals per card in the matches")
    ap.add_argument("--l3-bid-samples", type=int, default=120, help="level 3 deals per Oh Hell bid in the matches")
    a = ap.parse_args(argv)
    q = a.quick
    inf = float("inf")
    l3 = dict(budget_ms=inf, max_samples=a.l3_samples, bid_budget_ms=inf, bid_samples=a.l3_bid_samples)
    t0 = time.perf_counter()
    print(f"benchmarks/bots.py{' --quick' if q else ''}: python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    with Pool(2) as pool:
        print("\n1. Spades, level 2 vs level 1 (target ≥ 70% wins)")
        spades_match(pool, 2, 1, 20 if q else 100, 200, l3)
        print(f"\n2. Spades, level 3 vs level 2 (target ≥ 55% wins, lower CI end > 50%); level 3 in matches: "
              f"{a.l3_samples} sampled deals per card (no time limit)")
        spades_match(pool, 3, 2, 4 if q else 30, 200, l3)
        print("\n3. Oh Hell, level 3 vs level 2 exact-bid rate (target: +5 points); level 3 bids from "
              f"{l3['bid_samples']} sampled deals in the matches")
        oh_hell_match(pool, 3 if q else 30, (1, 2, 3, 4, 5, 6, 7), l3)
        print("\n4. Advisor accuracy")
        advisor_accuracy(pool, 100 if q else 500)
        l3_fast = dict(l3, max_samples=10)
        advisor_accuracy(pool, 20 if q else 100, 3, l3_fast)
        print("  (level 3 here with 10 sampled deals per card)")
    print("\n5. Speed (one process)")
    speed(1 if q else 3)
    print(f"\ntotal {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
