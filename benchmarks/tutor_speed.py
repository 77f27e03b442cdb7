"""Speed of the game table (tutor.table) and of the computer players.

Measures, without a browser:

1. **Feedback latency**: time from a card click (``CardHand.simulate_click``,
   the same path as a click message from the browser) to the table's
   ``Feedback`` widget value being updated, over 100 clicks: illegal clicks
   (the engine's refusal and rule id) and legal clicks (the card is played;
   the computer players then continue, which is timed separately as "whole
   click", with the clicks that end a hand — score sheet redrawn — apart).  Target: feedback < 50 ms.
2. **Computer decision time per card** (``player.choose(view)`` for a card
   play, and ``game.view(seat)`` + ``choose``) at level 1 and level 2, over
   seeded Spades and Oh Hell hands.  Target: < 100 ms per card.

By default the measurements run inside a real IPython kernel started with
``jupyter_client`` (so widget trait changes are serialised and sent as comm
messages, as in JupyterLab or Voila); ``--in-process`` runs them in this
process instead (widgets without a frontend connection).

    .venv/bin/python benchmarks/tutor_speed.py [--in-process] [--clicks 100] [--json]

Prints a table of median / p95 / max in milliseconds.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

TARGET_FEEDBACK_MS = 50.0
TARGET_COMPUTER_MS = 100.0


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def _summary(xs_s: list[float]) -> dict:
    ms = [x * 1000 for x in xs_s]
    return {"n": len(ms), "median": statistics.median(ms) if ms else float("nan"),
            "p95": _pct(ms, 95), "max": max(ms) if ms else float("nan")}


def measure_feedback(clicks: int = 100, deal_number: int = 2026) -> dict:
    """Click cards at a Spades table (computer level 2 if available):
    alternately an illegal card (when the learner holds one) and a legal one,
    until ``clicks`` of each kind have been timed.  Returns summaries in ms."""
    import random

    from engine import Phase
    from tutor.table import new_spades_table

    t = new_spades_table(deal_number=deal_number, target_score=500)
    stamp: list[float] = []
    t.feedback.observe(lambda _c: stamp.append(time.perf_counter()), names="value")
    rng = random.Random(deal_number)
    illegal_fb, illegal_whole, legal_fb, legal_whole, hand_end_whole = [], [], [], [], []
    guard = 0
    while (len(illegal_fb) < clicks or len(legal_fb) < clicks) and guard < 20000:
        guard += 1
        g, me = t.game, t.learner_seat
        if g.game_over:
            t.new_game(deal_number + guard)
            continue
        if g.phase is Phase.DEAL:
            t.click_next_hand()
            continue
        if g.phase is Phase.BIDDING:
            if g.view(me).hand is None:
                t.look()
            t.click_bid(rng.choice([2, 3, 4]))
            continue
        if g.phase is Phase.EXCHANGE:
            t.select_pass(list(t.hand_widget.cards)[:3])
            t.click_pass()
            continue
        legal = [c.code for c in g.legal_plays(me)]
        illegal = [c.code for c in g.hand_of(me) if c.code not in legal]
        if illegal and len(illegal_fb) < clicks:
            stamp.clear()
            t0 = time.perf_counter()
            t.hand_widget.simulate_click(rng.choice(illegal))
            t1 = time.perf_counter()
            assert t.feedback.kind == "error" and stamp, t.feedback.text
            illegal_fb.append(stamp[0] - t0)
            illegal_whole.append(t1 - t0)
        stamp.clear()
        scored = len(g.results)
        t0 = time.perf_counter()
        t.hand_widget.simulate_click(rng.choice(legal))
        t1 = time.perf_counter()
        assert t.feedback.kind == "ok" and stamp, t.feedback.text
        if len(legal_fb) < clicks:
            legal_fb.append(stamp[0] - t0)
            (hand_end_whole if len(g.results) > scored else legal_whole).append(t1 - t0)
    return {"level": t.level, "illegal_feedback": _summary(illegal_fb),
            "illegal_whole_click": _summary(illegal_whole), "legal_feedback": _summary(legal_fb),
            "legal_whole_click": _summary(legal_whole), "hand_end_whole_click": _summary(hand_end_whole)}


def measure_computer(level: int, hands: int = 6, seed: int = 7) -> dict:
    """Time computer players of ``level`` choosing cards in seeded hands where
    every seat is a computer: Spades (``hands`` hands) and Oh Hell for 4
    (hand sizes 5, 9, 13).  Returns per-card summaries in ms for
    ``choose`` alone and for ``view`` + ``choose``; bids separately."""
    from engine import Look, OhHellGame, OhHellRules, Phase, Play, SpadesGame
    from engine.bots import make_player

    choose_t, view_choose_t, bid_t = [], [], []

    def run(game, n_hands):
        players = [make_player(level, seed * 10 + s) for s in range(game.n_seats)]
        while game.hands_dealt <= n_hands and not game.game_over and game.phase is not Phase.DEAL:
            seat = game.seats_to_act[0]
            t0 = time.perf_counter()
            view = game.view(seat)
            t1 = time.perf_counter()
            action = players[seat].choose(view)
            t2 = time.perf_counter()
            if isinstance(action, Look):
                game.apply(action)
                continue
            if isinstance(action, Play):
                choose_t.append(t2 - t1)
                view_choose_t.append(t2 - t0)
            elif game.phase is Phase.BIDDING:
                bid_t.append(t2 - t1)
            game.apply(action)

    for h in range(hands):
        run(SpadesGame(first_deal=seed * 100 + h), 1)
    for k, size in enumerate((5, 9, 13)):
        run(OhHellGame(OhHellRules(players=4, hand_sizes=(size,)), first_deal=seed * 1000 + k), 1)
    return {"level": level, "per_card_choose": _summary(choose_t), "per_card_view_and_choose": _summary(view_choose_t),
            "per_bid_choose": _summary(bid_t)}


def measure(clicks: int = 100) -> dict:
    """Everything, as a JSON-ready dict."""
    from tutor.table import resolve_level

    out = {"feedback": measure_feedback(clicks), "computer": []}
    for level in sorted({1, resolve_level(2)}):
        out["computer"].append(measure_computer(level))
    out["level2_available"] = resolve_level(2) == 2
    return out


def _run_in_kernel(clicks: int) -> dict:
    """Run :func:`measure` inside a fresh IPython kernel (real comms)."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        here = pathlib.Path(__file__).resolve()
        code = (f"import json, runpy\n"
                f"_ns = runpy.run_path({str(here)!r}, run_name='tutor_speed_in_kernel')\n"
                f"print('@@RESULT@@' + json.dumps(_ns['measure']({clicks})))\n")
        chunks: list[str] = []

        def on_msg(msg):
            if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
                chunks.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                chunks.append("\n".join(msg["content"]["traceback"]))

        reply = kc.execute_interactive(code, timeout=600, output_hook=on_msg)
        text = "".join(chunks)
        if reply["content"]["status"] != "ok" or "@@RESULT@@" not in text:
            raise RuntimeError("benchmark failed in the kernel:\n" + text)
        return json.loads(text.split("@@RESULT@@", 1)[1].strip().splitlines()[0])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _row(name: str, s: dict, target: float | None) -> str:
    ok = "" if target is None else ("yes" if s["p95"] < target else "NO")
    tgt = "" if target is None else f"< {target:.0f}"
    return f"| {name:<44} | {s['n']:>5} | {s['median']:>8.2f} | {s['p95']:>8.2f} | {s['max']:>8.2f} | {tgt:>7} | {ok:>4} |"


def report(res: dict, where: str) -> str:
    fb = res["feedback"]
    lines = [f"Trick Tutor speed ({where}; computer level at the table: {fb['level']}; times in ms)", "",
             "| measurement                                  |     n |   median |      p95 |      max |  target | met  |",
             "|----------------------------------------------|-------|----------|----------|----------|---------|------|",
             _row("click → feedback, illegal card", fb["illegal_feedback"], TARGET_FEEDBACK_MS),
             _row("illegal click incl. legal-card highlight", fb["illegal_whole_click"], TARGET_FEEDBACK_MS),
             _row("click → feedback, legal card", fb["legal_feedback"], TARGET_FEEDBACK_MS),
             _row("legal click incl. computer replies", fb["legal_whole_click"], None),
             _row("  … the click that ends a hand (score sheet)", fb["hand_end_whole_click"], None)]
    for c in res["computer"]:
        lv = c["level"]
        lines.append(_row(f"level {lv}: choose, per card", c["per_card_choose"], TARGET_COMPUTER_MS))
        lines.append(_row(f"level {lv}: view + choose, per card", c["per_card_view_and_choose"], TARGET_COMPUTER_MS))
        lines.append(_row(f"level {lv}: choose, per bid", c["per_bid_choose"], None))
    if not res.get("level2_available"):
        lines.append("\n(level 2 is not available in this checkout: only level 1 was measured)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--in-process", action="store_true", help="measure in this process, not in a kernel")
    ap.add_argument("--clicks", type=int, default=100, help="clicks of each kind (default 100)")
    ap.add_argument("--json", action="store_true", help="print the raw results as JSON too")
    args = ap.parse_args(argv)
    if args.in_process:
        res, where = measure(args.clicks), "in process"
    else:
        res, where = _run_in_kernel(args.clicks), "inside an IPython kernel"
    print(report(res, where))
    if args.json:
        print(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
