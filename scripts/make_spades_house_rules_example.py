"""Write examples/spades_house_rules_game.json: a whole Spades game under
house rules SP-H1 … SP-H9, played to its target by the engine's level-2
computer players (reproducible: fixed deal numbers and player seeds).

Run from the repository root: ``python scripts/make_spades_house_rules_example.py``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import SpadesGame, SpadesRules  # noqa: E402
from engine.bots import make_player  # noqa: E402
from engine.record import game_to_record  # noqa: E402

RULES = SpadesRules(nil_value=50, blind_nil="behind_100", blind_nil_pass=2, bag_limit=8, bag_penalty=80,
                    ten_for_200=True, min_contract=4, failed_nil_tricks_help=True, loss_floor=-200,
                    target_score=500)
DESCRIPTION = ("A whole Spades game to 500 under house rules SP-H1…SP-H9 (Nil 50, Blind Nil only 100 behind, "
               "2-card pass, 8 bags cost 80, 10 for 200, minimum bid 4, mercy floor -200), level-2 players.")


def play(first_deal: int = 2067, seed: int = 12, level: int = 2) -> SpadesGame:
    """The game: deal numbers from ``first_deal``, players seeded ``seed + seat``."""
    game = SpadesGame(RULES, dealer=0, first_deal=first_deal)
    players = [make_player(level, seed + s) for s in range(4)]
    while not game.game_over:
        seat = game.to_act
        game.apply(players[seat].choose(game.view(seat)))
    return game


def layout(rec: dict) -> str:
    """The examples' layout: one line per seat's deal and per action."""
    d = json.dumps
    out = ["{"]
    for key in ("format", "description", "game", "rules", "seats", "start"):
        out.append(f"  {d(key)}: {d(rec[key], ensure_ascii=False)},")
    out.append('  "hands": [')
    for i, hand in enumerate(rec["hands"]):
        out.append("    {")
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
    out = ROOT / "examples" / "spades_house_rules_game.json"
    out.write_text(layout(rec), encoding="utf-8")
    print(f"{out.name}: {len(game.results)} hands, scores {game.scores}, winners {list(game.winners)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
