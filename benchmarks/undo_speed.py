"""How long ``undo`` takes (issue 10: undo was quadratic in the number of Looks).

Run ``python benchmarks/undo_speed.py`` (a few seconds).  It prints:

1. **6,000 Looks, then undo back to the last bid**: a learner clicks "Look
   at my cards" 6,000 times, then the table undoes until it reaches a bid
   (what ``GameTable``'s Undo does).  Before the fix every Look was an
   action in the history and every undo replayed the whole history:
   6,000 undos × 6,000 actions.  Now a Look by a seat that has already looked
   changes nothing and is not recorded, and a Look is never taken back
   (SP-10: looking is a fact), so one undo takes back the bid.
2. **One undo late in a long game**: a Spades game played to the end of
   hand 12 by a simple player, then one undo of the last play.  Before, undo
   replayed the whole game (every hand since the first deal); now it restores
   the snapshot taken at the current hand's deal and replays that hand only.
3. **Undo then redo every action of a whole game**: 12 hands, each action
   undone and played again in turn (the worst case for the table's Undo).

Set ``PYTHONPATH`` to another checkout's root to measure that engine (the
figures in the issue-10 report were taken with ``git archive 99b25cf engine``).
"""
from __future__ import annotations

import os
import random
import sys
import time

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import Bid, Look, Phase, SpadesGame

LOOKS = 6000


def _timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def looks_then_undo() -> tuple[float, float, int, str]:
    """(seconds for 6,000 looks, seconds to undo back to the bid, undos,
    the verdict on Blind Nil for the seat that looked, after the undos)."""
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 4)

    def look():
        for _ in range(LOOKS):
            g.look(1)

    def undo():
        n = 0
        while True:
            a = g.undo()
            n += 1
            if a is None or not isinstance(a, Look):
                return n

    t_look, _ = _timed(look)
    t_undo, n = _timed(undo)
    g.bid(0, 4)
    return t_look, t_undo, n, g.check_bid(1, 0, blind=True).reason.value


def _play_hands(g: SpadesGame, hands: int, rng: random.Random, log: list | None = None) -> None:
    while g.phase is not Phase.GAME_OVER and len(g.results) < hands:
        seat = g.to_act
        acts = g.legal_actions(seat)
        if g.phase is Phase.BIDDING:
            acts = [a for a in acts if isinstance(a, Bid) and not a.blind and 1 <= a.value <= 4] or acts
        a = rng.choice(acts)
        g.apply(a)
        if log is not None:
            log.append(a)


def long_game_one_undo() -> tuple[int, float]:
    g = SpadesGame(dealer=0, first_deal=1234)
    _play_hands(g, 11, random.Random(5))
    # into hand 12, a few tricks
    rng = random.Random(6)
    for _ in range(20):
        seat = g.to_act
        acts = g.legal_actions(seat)
        if g.phase is Phase.BIDDING:
            acts = [a for a in acts if isinstance(a, Bid) and not a.blind and 1 <= a.value <= 4] or acts
        g.apply(rng.choice(acts))
    n = len(g.history)
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        a = g.undo()
        g.apply(a)
    return n, (time.perf_counter() - t0) / reps


def undo_redo_every_action() -> tuple[int, float]:
    g = SpadesGame(dealer=0, first_deal=99)
    rng = random.Random(7)
    steps = 0
    t0 = time.perf_counter()
    while g.phase is not Phase.GAME_OVER and len(g.results) < 12:
        seat = g.to_act
        acts = g.legal_actions(seat)
        if g.phase is Phase.BIDDING:
            acts = [a for a in acts if isinstance(a, Bid) and not a.blind and 1 <= a.value <= 4] or acts
        a = rng.choice(acts)
        g.apply(a)
        taken = g.undo()
        g.apply(taken)
        steps += 1
    return steps, time.perf_counter() - t0


def main() -> int:
    import engine
    print(f"engine: {os.path.dirname(engine.__file__)}")
    t_look, t_undo, n, blind = looks_then_undo()
    print(f"1. {LOOKS:,} Looks: {t_look * 1000:.1f} ms; undo back to the bid: {n:,} undo call(s), "
          f"{t_undo * 1000:.1f} ms; then Blind Nil for the seat that looked: {blind} "
          f"(SP-10 wants BLIND_NIL_AFTER_LOOKING)")
    n, t = long_game_one_undo()
    print(f"2. one undo (+ the play again) with {n:,} actions in the history (hand 12): {t * 1000:.2f} ms")
    steps, t = undo_redo_every_action()
    print(f"3. every action of a 12-hand game undone and played again: {steps:,} actions, {t:.2f} s "
          f"({t / steps * 1000:.2f} ms per undo + play)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
