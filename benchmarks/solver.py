"""Double-dummy solver and hand review figures (issue 14).

Run ``python benchmarks/solver.py`` (about a minute; ``--quick`` for a
smaller run).  It prints:

1. **Full Spades hand review** (:func:`engine.review.review_hand`, every
   decision of one seat, 13 cards): median and worst time over random
   hands, with DDS (endplay, when installed) above the exact solver's limit,
   and with the exact solver alone (earlier decisions then unanalysed).
   Every other hand has a Nil bidder, whose Nil is solved exactly from 7
   tricks left and estimated (sampled) before.  Target: median ≤ 1 s.
2. **Exact solver vs DDS on 1,000 sampled endgames** (2 to 6 tricks left,
   random hands, a trick possibly in progress; half with spades broken,
   half not): the share of positions where any legal card's value differs,
   and of cards.  With spades broken SP-13 cannot matter and the rate must
   be 0; with spades unbroken it is how often DDS's lines (which may lead a
   spade SP-13 forbids) change an answer.  Skipped without endplay.
3. **Exact Spades solve time** by tricks left (one position, all cards).
4. **Oh Hell limit**: time of a full per-seat review (most tricks and exact
   bid for every decision) with the exact solver forced, by players and
   hand size; the largest hand size whose worst review stays within 1 s is
   the real limit (compare :data:`engine.review.OH_HELL_LIMITS`).
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import solver_dds
from engine.games.oh_hell import OhHellGame, OhHellRules
from engine.record import game_to_record
from engine.review import OH_HELL_LIMITS, review_hand
from engine.solver import card_values, spades_position
from engine.games.spades import SpadesGame


def _random_spades_record(rng: random.Random, number: int) -> dict:
    g = SpadesGame(dealer=rng.randrange(4), auto_deal=False)
    g.deal(g.make_deal(number))
    nil_seat = rng.randrange(4) if number % 2 else None  # every other hand has a Nil bidder (SP-8)
    for _ in range(4):
        s = g.to_act
        g.bid(s, 0 if s == nil_seat else rng.randint(1, 4))
    while g.phase.value == "play":
        s = g.to_act
        g.play(s, rng.choice(g.legal_plays(s)))
    return game_to_record(g)


def review_times(n_hands: int) -> None:
    rng = random.Random(1401)
    recs = [_random_spades_record(rng, 1000 + i) for i in range(n_hands)]
    modes = [("exact solver only (DDS off)", False)]
    if solver_dds.available():
        modes.insert(0, ("DDS above 6 tricks left, exact solver for the last 6", True))
    else:
        print(f"  ({solver_dds.UNAVAILABLE_REASON}; only the exact-solver mode is timed)")
    if solver_dds.available():
        t0 = time.perf_counter()
        review_hand(recs[0], 0)  # the first review also imports endplay (numpy, matplotlib): not timed
        print(f"  (first review, importing endplay: {time.perf_counter() - t0:.2f} s, not counted)")
    for label, use_dds in modes:
        ts = []
        for i, rec in enumerate(recs):
            t0 = time.perf_counter()
            review_hand(rec, i % 4, use_dds=use_dds)
            ts.append(time.perf_counter() - t0)
        print(f"  {label}: median {statistics.median(ts) * 1000:.0f} ms, worst {max(ts) * 1000:.0f} ms "
              f"over {len(ts)} hands (13 decisions each)")


def _sample_endgame(rng: random.Random, broken: bool):
    k = rng.randint(2, 6)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * k:(i + 1) * k]) for i in range(4)]
    pos = spades_position(hands, rng.randrange(4), (), broken)
    for _ in range(rng.randrange(4)):
        legal = pos.legal_mask()
        pos, _ = pos.play(rng.choice([c for c in range(52) if legal >> c & 1]))
    if not broken and pos.broken:  # a spade was discarded in the partial trick: draw again
        return _sample_endgame(rng, broken)
    return pos


def disagreement(n: int) -> None:
    if not solver_dds.available():
        print(f"  skipped: {solver_dds.UNAVAILABLE_REASON}")
        return
    rng = random.Random(1402)
    for broken in (True, False):
        pos_diff = card_diff = cards = best_diff = 0
        for _ in range(n // 2):
            pos = _sample_endgame(rng, broken)
            a, b = card_values(pos), solver_dds.dds_card_values(pos)
            diff = sum(a[c] != b[c] for c in a)
            cards += len(a)
            card_diff += diff
            pos_diff += diff > 0
            ba = {c for c, v in a.items() if v == max(a.values())}
            bb = {c for c, v in b.items() if v == max(b.values())}
            best_diff += ba != bb
        label = "spades broken (SP-13 cannot matter)" if broken else "spades not broken"
        print(f"  {label}: {pos_diff}/{n // 2} positions differ ({pos_diff / (n // 2):.1%}), "
              f"{card_diff}/{cards} card values ({card_diff / cards:.1%}), best-card set differs in "
              f"{best_diff} ({best_diff / (n // 2):.1%})")


def exact_times() -> None:
    rng = random.Random(1403)
    for k in range(3, 9):
        ts = []
        for _ in range(10):
            pos = _sample_endgame(rng, rng.random() < 0.5) if k <= 6 else None
            if pos is None or pos.hands[pos.to_play].bit_count() != k:
                deck = list(range(52))
                rng.shuffle(deck)
                pos = spades_position([sum(1 << c for c in deck[i * k:(i + 1) * k]) for i in range(4)],
                                      rng.randrange(4), (), rng.random() < 0.5)
            t0 = time.perf_counter()
            card_values(pos, limit=None)
            ts.append(time.perf_counter() - t0)
        print(f"  {k} tricks left: median {statistics.median(ts) * 1000:.1f} ms, worst {max(ts) * 1000:.1f} ms (10 positions)")


def _oh_record(rng: random.Random, players: int, size: int, number: int) -> dict:
    g = OhHellGame(OhHellRules(players=players, hand_sizes=(size,)), auto_deal=False)
    g.deal(g.make_deal(number))
    while g.phase.value == "bidding":
        s = g.to_act
        g.bid(s, rng.choice([b.value for b in g.legal_bids(s)]))
    while g.phase.value == "play":
        s = g.to_act
        g.play(s, rng.choice(g.legal_plays(s)))
    return game_to_record(g)


def oh_hell_limits(reps: int) -> None:
    rng = random.Random(1404)
    for players in range(3, 8):
        limit = 0
        row = []
        for size in range(3, 10):
            if players * size > 51:
                break
            ts = []
            for i in range(reps):
                rec = _oh_record(rng, players, size, 500 + i)
                t0 = time.perf_counter()
                review_hand(rec, i % players, exact_limit=size)
                ts.append(time.perf_counter() - t0)
            row.append(f"{size}: {statistics.median(ts) * 1000:.0f}/{max(ts) * 1000:.0f} ms")
            if max(ts) <= 1.0:
                limit = size
            else:
                break
        print(f"  {players} players (median/worst per review): {', '.join(row)} -> exact within 1 s up to "
              f"{limit} cards (engine uses {OH_HELL_LIMITS[players]})")


def main() -> None:
    quick = "--quick" in sys.argv
    print("1. Full Spades hand review (one seat, 13 decisions):")
    review_times(10 if quick else 40)
    print(f"2. Exact solver vs DDS on {200 if quick else 1000} sampled endgames (2-6 tricks left):")
    disagreement(200 if quick else 1000)
    print("3. Exact Spades solve (every legal card's value) by tricks left:")
    exact_times()
    print(f"4. Oh Hell: full per-seat review with the exact solver forced ({3 if quick else 8} hands each):")
    oh_hell_limits(3 if quick else 8)


if __name__ == "__main__":
    main()
