"""The computer players, the advisor, the play-outs and the review decide the
same for the same seed: every decision of seeded games at each level (1–4;
four-seat Spades with house rules, Spades for two, Oh Hell with its
variations), the advisor's lines and numbers, ``show_me``, the double-dummy
bid check, random hands of :mod:`engine.sim` and :func:`engine.review.review_hand`
are written out as JSON and compared, section by section, with the SHA-256
of that text recorded when the players were last changed on purpose.

A failing section means a decision, a number or a sentence changed: run
``python tests/test_bots_determinism.py SECTION`` before and after the change
and diff the two outputs to see which.  Level 3 and 4 play with an unlimited
time budget and a fixed number of sampled deals, so the decisions do not
depend on the machine's speed; a change of strength made on purpose records
new hashes here (and says so in its commit).
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from engine import OhHellGame, OhHellRules, Phase, SpadesGame, SpadesRules, SpadesTwoGame, solver_dds
from engine.bots import make_player
from engine.bots.advisor import advise_bid, show_me
from engine.bots.advisor_dd import dd_check, scoring_bid
from engine.bots.level3 import ExpertPlayer
from engine.bots.level4 import DoubleDummyPlayer
from engine.record import RecordError
from engine.review import review_hand
from engine import sim

INF = float("inf")


def _player(level: int, seed: int, dds: bool = True) -> Any:
    """A player whose decisions do not depend on the clock."""
    if level == 3:
        return ExpertPlayer(seed=seed, budget_ms=INF, max_samples=6, bid_budget_ms=INF, bid_samples=12)
    if level == 4:
        return DoubleDummyPlayer(seed=seed, budget_ms=INF, max_samples=3, min_samples=1, bid_dd_samples=4,
                                 use_dds=dds, l3_budget_ms=INF, l3_samples=5, bid_budget_ms=INF, bid_samples=12)
    return make_player(level, seed)


def _play(game: Any, players: list[Any], hands: int, log: list, views: list | None = None) -> Any:
    """Play ``hands`` hands (or to the game's end), logging every decision."""
    while game.phase is not Phase.GAME_OVER and len(game.results) < hands:
        seat = game.seats_to_act[0]
        view = game.view(seat)
        if views is not None and view.phase is Phase.BIDDING:
            views.append(view)
        p = players[seat]
        action = p.choose(view)
        log.append([len(game.results) + 1, seat, repr(action), getattr(p, "last_reason", ""),
                    getattr(p, "last_method", "")])
        game.apply(action)
    return game


def _advice(a: Any) -> list:
    return [a.bid, [list(x) for x in a.lines], a.sure, a.nil, a.blind_nil, a.alternative]


def _show(s: Any) -> list:
    return [s.bid, s.samples, list(s.counts), [round(x, 9) for x in s.chance], round(s.mean, 9), s.nil_risk,
            s.blind, sorted((k, round(v, 9)) for k, v in s.exact.items())]


def _review(game: Any, use_dds: bool = False) -> list:
    out = []
    for seat in range(game.n_seats):
        r = review_hand(game, seat, use_dds=use_dds)
        r.pop("solver", None)  # what was available (DDS on this machine), not an answer
        out.append(_strip_times(r))
    return out


def _strip_times(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _strip_times(v) for k, v in obj.items() if k not in ("millis",)}
    if isinstance(obj, (list, tuple)):
        return [_strip_times(v) for v in obj]
    if isinstance(obj, float):
        return round(obj, 9)
    return obj


# ----------------------------------------------------------------------------- sections
def spades_levels_1_2() -> list:
    log: list = []
    views: list = []
    for i, rules in enumerate((SpadesRules(), SpadesRules(nil_value=50, min_contract=4),
                               SpadesRules(failed_nil_tricks_help=True, ten_for_200=True, bag_limit=5))):
        g = SpadesGame(rules, first_deal=100 + i, dealer=i)
        _play(g, [_player(1 + (s + i) % 2, seed=10 * i + s) for s in range(4)], 3, log, views)
    return [log, [_advice(advise_bid(v)) for v in views]]


def spades_blind_nil() -> list:
    """Far behind late in the game: Blind Nil and its exchange (SP-10, SP-H3)."""
    log: list = []
    views: list = []
    for i, rules in enumerate((SpadesRules(), SpadesRules(blind_nil_pass=2, nil_value=50))):
        g = SpadesGame(rules, first_deal=7 + i, dealer=i, scores=(60, 420))
        _play(g, [_player(2, seed=s + i) for s in range(4)], 2, log, views)
    return [log, [_advice(advise_bid(v)) for v in views]]


def spades_level_3() -> list:
    log: list = []
    g = SpadesGame(SpadesRules(target_score=300), first_deal=31, scores=(200, 150), bags=(8, 3))
    _play(g, [_player(3 if s % 2 == 0 else 2, seed=s) for s in range(4)], 1, log)
    return [log, _review(g)]


def spades_level_4_no_dds() -> list:
    log: list = []
    g = SpadesGame(first_deal=41, dealer=1)
    _play(g, [_player(4 if s % 2 == 1 else 3, seed=s, dds=False) for s in range(4)], 1, log)
    return log


def spades_level_4_dds() -> list:
    log: list = []
    views: list = []
    g = SpadesGame(SpadesRules(bag_penalty=50), first_deal=43, dealer=2, scores=(380, 350), bags=(7, 2))
    _play(g, [_player(4 if s % 2 == 0 else 3, seed=s) for s in range(4)], 1, log, views)
    checks = []
    for v in [v for v in views if v.hand is not None][:3]:
        chk = dd_check(v, samples=4, seed=5)
        checks.append([chk.samples, list(chk.counts), round(chk.mean, 9), chk.low, chk.high,
                       None if chk.partner is None else round(chk.partner, 9),
                       None if chk.worth is None else round(chk.worth, 9), chk.bid, chk.reason,
                       _strip_times([list(r) for r in chk.rows]), _strip_times(list(scoring_bid(v, chk)))])
        checks.append(_advice(advise_bid(v, double_dummy=4, seed=3)))
    return [log, checks, _review(g, use_dds=True)]


def spades_two() -> list:
    log: list = []
    views: list = []
    games = []
    for i, (a, b) in enumerate(((1, 2), (2, 3), (3, 4), (4, 1))):
        rules = (SpadesRules(nil_value=50) if i == 1 else SpadesRules(bag_limit=5, ten_for_200=True) if i == 2
                 else SpadesRules())
        g = SpadesTwoGame(rules, first_deal=200 + i, dealer=i % 2)
        _play(g, [_player(a, seed=i), _player(b, seed=i + 1)], 1, log, views)
        games.append(g)
    shows = [_show(show_me(v, samples=12, seed=4, budget_ms=INF)) for v in views[:2] if v.hand is not None]
    return [log, [_advice(advise_bid(v)) for v in views], shows, _review(games[2], use_dds=False)]


def oh_hell() -> list:
    log: list = []
    views: list = []
    games = []
    variants = [
        (OhHellRules(players=3, hand_sizes=(5, 6)), (1, 2, 3)),
        (OhHellRules(players=4, hand_sizes=(4,), hook=True, must_trump=True), (2, 3, 4, 1)),
        (OhHellRules(players=5, hand_sizes=(3, 2), simultaneous_bidding=True, tricks_always_count=True,
                     no_trump_final_hand=True), (4, 2, 2, 3, 1)),
        (OhHellRules(players=4, hand_sizes=(5,), nil_pays_hand_size=True, hook=True), (4, 3, 4, 2)),
    ]
    for i, (rules, levels) in enumerate(variants):
        g = OhHellGame(rules, first_deal=300 + i, dealer=i % rules.players)
        _play(g, [_player(lv, seed=i * 10 + s) for s, lv in enumerate(levels)], len(rules.sizes), log, views)
        games.append(g)
    shows = [_show(show_me(v, samples=10, seed=2, budget_ms=INF)) for v in views[::3]]
    return [log, [_advice(advise_bid(v)) for v in views], shows, _review(games[0]), _review(games[3])]


def review_records() -> list:
    """The review of recorded hands for every seat: Nils made, broken and
    estimated, DDS switched off, a small exact limit, a record that fails."""
    root = Path(__file__).parent / "records"
    out: list = []
    for name, limits in (("review/spades_nil_broken.json", (None, 4)), ("review/spades_costly_endgame.json", (None, 3)),
                         ("review/spades_two_player.json", (None, 6)), ("review/oh_hell_3p_4cards.json", (None, 2)),
                         ("spades/nil_and_blind_nil_partners.json", (None,)),
                         ("spades/nil_fails_partner_makes.json", (None,)), ("spades/blind_nil_exchange.json", (None,)),
                         ("oh_hell/trump_then_no_trump_3p.json", (None, 3)),
                         ("oh_hell/hook_violation.json", (None,))):
        text = (root / name).read_text(encoding="utf-8")
        for limit in limits:
            for seat in range(4):
                try:
                    r = review_hand(text, seat, exact_limit=limit, use_dds=False)
                except RecordError as e:
                    out.append([name, limit, seat, str(e)])
                    continue
                r.pop("solver", None)
                out.append([name, limit, seat, _strip_times(r)])
    return out


def simulation() -> list:
    rng = random.Random(9)
    out: list = []
    for k in range(20):
        out.append(sim.random_spades_hand(rng, dealer=k % 4,
                                         rules=SpadesRules(min_contract=5) if k % 3 == 0 else None))
        out.append(list(sim.random_oh_hell_hand(rng, 3 + k % 5, 1 + k % 8, hook=bool(k % 2),
                                                must_trump=bool(k % 3))))
    out.append(sim.random_oh_hell_game(rng, OhHellRules(players=5, schedule="up_down")))
    return out


SECTIONS: dict[str, Callable[[], Any]] = {
    "spades_levels_1_2": spades_levels_1_2,
    "spades_blind_nil": spades_blind_nil,
    "spades_level_3": spades_level_3,
    "spades_level_4_no_dds": spades_level_4_no_dds,
    "spades_level_4_dds": spades_level_4_dds,
    "spades_two": spades_two,
    "oh_hell": oh_hell,
    "simulation": simulation,
    "review_records": review_records,
}

#: SHA-256 of each section's JSON text (see the module docstring).
EXPECTED = {
    "oh_hell": "203e0fb907c6a2f03af62611a0f7ef25dd357487df29c54a12138287ba263024",
    "simulation": "ef9a3c9c5b72fa99fbba1e33df117e86454642b75e5fc779d728cf8b9ff320cb",
    "spades_blind_nil": "d892371ec342f9ed42666674b5dea6e0f5a55e60fe9e391b39462609d131e8bc",
    "spades_level_3": "468b30400b31743ba36b009119ab04523a3b4d6dd92371f81d780fcda13fef77",
    "spades_level_4_dds": "b8aaaa6c65c22e5aa31f70114b426d4836ae31edc86d0f7848c9587c597833c8",
    "spades_level_4_no_dds": "c3f9584299c6d3f860e0689ea164f725b3ef1a049d9cc602db2fa8bab3df88d0",
    "spades_levels_1_2": "7e8937594ffcce910f5e56bb2d4ae1df2f627cde1a72185da37afe422b020692",
    "spades_two": "39d40b7f97225daaff8ada29497eb103a997c797bbead38fa1f4c1cc4ea58889",
    "review_records": "d21a78a578abcedb4bd3ba0e2ea5669ad35ebd79f725d04b55d43ec96f747020",
}


def section_text(name: str) -> str:
    return json.dumps(SECTIONS[name](), sort_keys=True, ensure_ascii=False, indent=0)


@pytest.mark.parametrize("name", sorted(SECTIONS))
def test_seeded_decisions_numbers_and_words_are_unchanged(name: str) -> None:
    if name == "spades_level_4_dds" and not solver_dds.available():
        pytest.skip("DDS (endplay) is not installed")
    digest = hashlib.sha256(section_text(name).encode()).hexdigest()
    assert digest == EXPECTED[name], f"section {name} changed: see the module docstring"


if __name__ == "__main__":
    for n in sys.argv[1:] or sorted(SECTIONS):
        text = section_text(n)
        if len(sys.argv) > 1:
            print(text)
        else:
            print(f'    "{n}": "{hashlib.sha256(text.encode()).hexdigest()}",')
