"""``tricktutor replay`` on a record at the limits of HAND_RECORD.md (issue 10:
"54 MB of look actions → 132 s, 1.29 GB" must no longer be possible).

Run ``python benchmarks/replay_limits.py`` (about a minute).  It writes, in a
temporary directory, the most expensive record the limits allow that we know
of: a Spades game of full hands (4 bids, 52 plays, deal numbers) in which the
seat to act also "looks" at its cards again and again, up to 1,000 actions a
hand, until the file is just under 10 MB (each look is a step of the
output, and with ``--trace`` each step lists up to 14 legal actions).  It
then runs the command without and with ``--trace`` and prints the wall time,
the peak memory of the child process and the size of the output; and the
time to refuse a file just over 10 MB, and /dev/zero.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine import Phase, SpadesGame  # noqa: E402
from engine.record import FORMAT, MAX_ACTIONS, MAX_HANDS, MAX_RECORD_BYTES  # noqa: E402


def build_record(max_bytes: int = MAX_RECORD_BYTES - 2000, exchange: bool = False) -> tuple[dict, int, int]:
    """(record, hands, actions): full hands with look filler up to the limits.
    ``exchange``: North bids Blind Nil in every hand and all the looks come
    during the exchange (SP-10), where the seat to act has 286 legal passes,
    so every ``--trace`` step lists 286 actions."""
    g = SpadesGame(dealer=0, first_deal=1, auto_deal=True)
    rng = random.Random(1)
    hands = []
    size = 200
    n_actions = 0
    while len(hands) < MAX_HANDS and size < max_bytes and g.phase is not Phase.GAME_OVER:
        actions: list[dict] = []
        number = g.history[-1].number
        real = 58 if exchange else 56  # 4 bids (+ 2 passes) + 52 plays; the rest are looks
        looks_left = MAX_ACTIONS - real
        this_hand = g.hands_dealt
        while g.hands_dealt == this_hand and g.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
            seat = g.to_act
            if exchange:
                k = looks_left if g.phase is Phase.EXCHANGE else 0
            else:
                k = min(looks_left, (MAX_ACTIONS - real) // real + 1)
            actions.extend({"seat": seat, "look": True} for _ in range(k))
            looks_left -= k
            if g.phase is Phase.BIDDING and exchange and seat == (g.dealer + 1) % 4:
                g.bid(seat, 0, blind=True)
                actions.append({"seat": seat, "bid": "blind_nil"})
            elif g.phase is Phase.BIDDING:  # each side bids 13 tricks: set, so the game never ends (SP-18)
                v = 13 if exchange else (7 if seat < 2 else 6)
                g.bid(seat, v)
                actions.append({"seat": seat, "bid": v})
            elif g.phase is Phase.EXCHANGE:
                cards = g.hand_of(seat)[:3]
                g.exchange(seat, cards)
                actions.append({"seat": seat, "pass": [c.code for c in cards]})
            else:
                card = rng.choice(g.legal_plays(seat))
                g.play(seat, card)
                actions.append({"seat": seat, "play": card.code})
        hand = {"deal_number": number, "actions": actions}
        text = json.dumps(hand, separators=(",", ":"))
        if size + len(text) + 1 > max_bytes:
            break
        size += len(text) + 1
        hands.append(hand)
        n_actions += len(actions)
    rec = {"format": FORMAT, "game": "spades", "rules": {}, "seats": 4, "start": {"dealer": 0}, "hands": hands}
    return rec, len(hands), n_actions


def run(args: list[str]) -> tuple[float, int, int, int]:
    """(seconds, exit status, peak RSS of the command in MB, stdout bytes).
    The peak comes from GNU ``time`` (``%M``), which starts the command from
    its own small process, so this script's size never counts."""
    gnu_time = shutil.which("time")
    if gnu_time:  # GNU time forks the command from its own small process
        cmd = [gnu_time, "-f", "PEAK %M", sys.executable, "-m", "tutor.cli", "replay", *args]
    else:  # the child's own maximum (it may include pages shared with this process before exec)
        cmd = [sys.executable, "-c", None, "replay", *args]
    wrapper = ("import resource, runpy, sys; sys.argv = ['tricktutor'] + sys.argv[1:]; status = 0\n"
               "try:\n    runpy.run_module('tutor.cli', run_name='__main__')\n"
               "except SystemExit as e:\n    status = e.code or 0\n"
               "sys.stderr.write('PEAK %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
               "sys.exit(status)")
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        if cmd[2] is None:
            cmd[2] = wrapper
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                             stderr=err, cwd=ROOT)
        size = 0
        while True:  # count the output without keeping it
            block = p.stdout.read(1 << 20)
            if not block:
                break
            size += len(block)
        status = p.wait()
        dt = time.perf_counter() - t0
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    peak = next((int(line.split()[1]) for line in text.splitlines() if line.startswith("PEAK ")), 0)
    return dt, status, peak // 1024, size


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        rec, n_hands, n_actions = build_record()
        path = os.path.join(tmp, "limits.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(rec, fh, separators=(",", ":"))
        print(f"record at the limits: {os.path.getsize(path) / 1e6:.2f} MB, {n_hands} hands, "
              f"{n_actions:,} actions (at most {MAX_ACTIONS:,} a hand)")
        rec2, n2, a2 = build_record(exchange=True)
        path2 = os.path.join(tmp, "limits_exchange.json")
        with open(path2, "w", encoding="utf-8") as fh:
            json.dump(rec2, fh, separators=(",", ":"))
        print(f"the same with every look in a Blind Nil exchange: {os.path.getsize(path2) / 1e6:.2f} MB, "
              f"{n2} hands, {a2:,} actions")
        for label, args in (("over 10 MB", None), ("/dev/zero", ["/dev/zero"]),
                            ("replay", [path]), ("replay --trace", [path, "--trace"]),
                            ("exchange", [path2]), ("exchange --trace", [path2, "--trace"])):
            if args is None:
                big = os.path.join(tmp, "big.json")
                with open(big, "wb") as fh:
                    fh.write(b" " * (MAX_RECORD_BYTES + 1))
                args = [big]
            if label == "/dev/zero" and not os.path.exists("/dev/zero"):
                continue
            dt, status, peak, size = run(args)
            print(f"{label:>16}: exit {status}, {dt:.1f} s, peak memory {peak} MB, output {size / 1e6:.1f} MB",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
