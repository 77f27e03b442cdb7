"""Write examples/spades_two_player_game.json: a whole game of Spades for
two players (SP-2P-1 … SP-2P-6) to 500, played by the engine's computer
players: Player 1 (seat 0) at level 3, Player 2 (seat 1) at level 2
(reproducible: fixed deal numbers, player seeds and a fixed number of sampled
deals per level-3 decision, no time budget).

The record keeps each player's 13 kept cards per hand (HAND_RECORD.md: the
draw itself is not recorded), or the hand's deal number where both players'
draws happened to be the standard draw (the engine replays it).  Run from the repository root:
``python scripts/make_spades_two_player_example.py``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import SpadesTwoGame  # noqa: E402
from engine.bots import make_player  # noqa: E402
from engine.record import game_to_record  # noqa: E402

DESCRIPTION = ("Spades for two (SP-2P) to 500: seat 0 level 3, seat 1 level 2. A deal is the 13 cards each "
               "kept in the draw, or the deal number when both drew as the standard draw.")


def play(first_deal: int = 7301, seed: int = 5) -> SpadesTwoGame:
    """The game: deal numbers from ``first_deal``; seat 0 level 3 (16 sampled
    deals per decision, no time limit), seat 1 level 2; seeds ``seed + seat``."""
    game = SpadesTwoGame(dealer=0, first_deal=first_deal)
    expert = make_player(3, seed)
    expert.budget_ms = 10 ** 9
    expert.max_samples = 16
    players = [expert, make_player(2, seed + 1)]
    while not game.game_over:
        seat = game.to_act
        game.apply(players[seat].choose(game.view(seat)))
    return game


def layout(rec: dict) -> str:
    """One line per player's deal and per action."""
    d = json.dumps
    out = ["{"]
    for key in ("format", "description", "game", "rules", "seats", "start"):
        out.append(f"  {d(key)}: {d(rec[key], ensure_ascii=False)},")
    out.append('  "hands": [')
    for i, hand in enumerate(rec["hands"]):
        out.append("    {")
        if "deal_number" in hand:  # the draw was the standard one: the engine plays it again
            out.append(f'      "deal_number": {d(hand["deal_number"])},')
        else:
            out.append('      "deal": {')
            seats = list(hand["deal"])
            out += [f"        {d(s)}: {d(hand['deal'][s])}" + ("," if k < len(seats) - 1 else "")
                    for k, s in enumerate(seats)]
            out.append("      },")
        out.append('      "actions": [')
        acts = hand["actions"]
        out += [f"        {d(a)}" + ("," if k < len(acts) - 1 else "") for k, a in enumerate(acts)]
        out.append("      ]")
        out.append("    }" + ("," if i < len(rec["hands"]) - 1 else ""))
    out += ["  ]", "}"]
    text = "\n".join(out) + "\n"
    assert json.loads(text) == rec
    return text


def main() -> int:
    game = play()
    rec = game_to_record(game)
    rec = {"format": rec["format"], "description": DESCRIPTION, **{k: v for k, v in rec.items() if k != "format"}}
    out = ROOT / "examples" / "spades_two_player_game.json"
    out.write_text(layout(rec), encoding="utf-8")
    print(f"{out.name}: {len(game.results)} hands, scores {game.scores}, bags {game.bags}, "
          f"winners {list(game.winners)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
