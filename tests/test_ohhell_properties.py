"""Property tests of the Oh Hell engine (hypothesis, derandomized).

Whole games are played across 3–7 players and every valid combination of
options (hook OH-V4, simultaneous bidding OH-V5, must-trump OH-V6, tricks
always count OH-V7, Nil pays hand size OH-V8, no-trump final hand OH-7,
schedules OH-6/OH-V1…V3 or short explicit hand sizes).  At every decision:

* cards are conserved (held + played = dealt, no duplicates, turned card apart);
* ``check_play`` accepts exactly ``legal_plays`` among all 52 cards;
* ``check_bid`` accepts exactly ``legal_bids`` among −1 … size+1;
* the hook never leaves the dealer without a legal bid;
* under simultaneous bidding no view shows another seat's bid early;

and after every hand: as many tricks as cards in a hand, score lines add up,
scores accumulate; save → load round-trips.
"""
from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import DECK, OhHellGame, OhHellRules, Phase
from engine.record import game_from_record, game_to_record, replay
from engine_test_helpers import play_checked_game

# Whole games cost up to ~1 s each (7-player up_down schedules); keep the file well under 60 s.
GAME_SETTINGS = settings(max_examples=60, derandomize=True, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])
STEP_SETTINGS = settings(max_examples=100, derandomize=True, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


@st.composite
def oh_hell_rules(draw) -> OhHellRules:
    """Any valid OhHellRules, kept small: schedules only for 6 or 7 players
    (at most 8 cards a hand), otherwise 1–3 hands of 1–4 cards."""
    players = draw(st.integers(3, 7))
    hook = draw(st.booleans())
    simultaneous = False if hook else draw(st.booleans())
    opts = dict(players=players, hook=hook, simultaneous_bidding=simultaneous,
                must_trump=draw(st.booleans()), tricks_always_count=draw(st.booleans()),
                nil_pays_hand_size=draw(st.booleans()), no_trump_final_hand=draw(st.booleans()))
    if players >= 6 and draw(st.integers(0, 3)) == 0:
        opts["schedule"] = draw(st.sampled_from(["up", "down", "up_down", "down_up"]))
    else:
        top = min(4, 52 // players)
        opts["hand_sizes"] = tuple(draw(st.lists(st.integers(1, top), min_size=1, max_size=3)))
    return OhHellRules(**opts)


def check_bidding_decision(g: OhHellGame) -> None:
    size = g.hand_size
    for s in range(g.n_seats):
        legal = [b.value for b in g.legal_bids(s)]
        ok = [v for v in range(-1, size + 2) if g.check_bid(s, v).ok]
        assert ok == legal
        if s in g.seats_to_act:
            assert legal, "a seat to bid always has a legal bid (the hook never blocks everything)"
            if g.rules.hook and s == g.dealer:
                others = sum(b for b in g.bids if b is not None)
                assert legal == [v for v in range(size + 1) if v != size - others]
                refused = [v for v in range(size + 1) if not g.check_bid(s, v).ok]
                for v in refused:
                    verdict = g.check_bid(s, v)
                    assert (verdict.reason.value, verdict.rule) == ("HOOK", "OH-V4")
        else:
            assert legal == []
    if g.rules.simultaneous_bidding:
        for s in range(g.n_seats):
            seen = g.view(s).bids
            for t in range(g.n_seats):
                assert seen[t] == (g.bids[t] if t == s else None)
    else:
        assert len(g.seats_to_act) == 1
        for s in range(g.n_seats):
            assert g.view(s).bids == g.bids


def check_play_decision(g: OhHellGame, rng: random.Random) -> None:
    seat = g.to_act
    others = [s for s in range(g.n_seats) if s != seat]
    for s in (seat, rng.choice(others)):
        legal = g.legal_plays(s)
        ok = [c for c in DECK if g.check_play(s, c).ok]
        assert ok == legal
        if s == seat:
            assert legal and set(legal) <= set(g.hand_of(s))
        else:
            assert legal == []
    view = g.view(seat)
    assert list(view.hand) == g.hand_of(seat)
    assert [a.card for a in view.legal] == g.legal_plays(seat)


def check_oh_hell_points(g: OhHellGame) -> None:
    """The last hand's points, one line per seat, as OH-11, OH-V7, OH-V8 say; the hook (OH-V4) held."""
    r = g.results[-1]
    assert [l.who for l in r.score_lines] == list(range(g.n_seats))
    for s, line in enumerate(r.score_lines):
        bid, won = r.bids[s], r.tricks_won[s]
        if bid == won:
            expected = 5 + r.hand_size if (bid == 0 and g.rules.nil_pays_hand_size) else 10 + won
        else:
            expected = won if g.rules.tricks_always_count else 0
        assert line.points == expected
    if g.rules.hook:
        assert sum(r.bids) != r.hand_size


def play_oh_hell_game(rules: OhHellRules, seed: int) -> tuple[OhHellGame, list]:
    """Play a whole game with random legal actions, checking every decision
    (conftest's :func:`play_checked_game`: cards conserved, hand results).
    Returns the game and saved records taken at random moments."""
    rng = random.Random(seed)
    start = [rng.randint(-20, 20) for _ in range(rules.players)]
    g = OhHellGame(rules, dealer=rng.randrange(rules.players), scores=start, first_deal=rng.getrandbits(32))
    snapshots = []
    results = [0]

    def before(g: OhHellGame, steps: int) -> None:
        assert g.hand_size == rules.sizes[g.hands_dealt - 1]
        assert (g.turn_up is not None) == rules.has_trump(g.hands_dealt - 1)
        if g.phase is Phase.BIDDING:
            check_bidding_decision(g)
        else:
            assert g.phase is Phase.PLAY
            check_play_decision(g, rng)

    def step(g: OhHellGame, rng: random.Random) -> None:
        if g.phase is Phase.BIDDING:
            g.apply(rng.choice(g.legal_bids(rng.choice(g.seats_to_act))))
        else:
            g.apply(rng.choice(g.legal_actions(g.to_act)))

    def after(g: OhHellGame, steps: int) -> None:
        if len(g.results) > results[0]:
            results[0] = len(g.results)
            check_oh_hell_points(g)
        if rng.random() < 0.03:
            snapshots.append(game_to_record(g))

    play_checked_game(g, rng, step, before=before, after=after)
    assert len(g.results) == rules.n_hands
    top = max(g.scores)
    assert g.winners == tuple(s for s in range(g.n_seats) if g.scores[s] == top)
    snapshots.append(game_to_record(g))
    return g, snapshots


@GAME_SETTINGS
@given(rules=oh_hell_rules(), seed=st.integers(0, 2**32 - 1))
def test_oh_properties_whole_games_every_option(rules, seed):
    event(f"players={rules.players}")
    event(f"schedule={rules.schedule}" if rules.schedule else "hand_sizes")
    chosen = dataclasses.asdict(rules)
    for name in ("hook", "simultaneous_bidding", "must_trump", "tricks_always_count", "nil_pays_hand_size"):
        if chosen[name]:
            event(name)
    g, snapshots = play_oh_hell_game(rules, seed)
    for rec in snapshots:
        rec = json.loads(json.dumps(rec))  # through real JSON text
        loaded = game_from_record(rec, auto_deal=False)
        assert game_to_record(loaded) == rec
        out, status, err = replay(rec)
        assert status == 0, err
        if loaded.phase is not Phase.GAME_OVER:
            continue
        assert loaded.scores == g.scores and loaded.winners == g.winners
        for s in range(g.n_seats):
            assert loaded.view(s) == g.view(s)
        assert out["winners"] == list(g.winners)
        for h in out["hands"]:
            assert [l["points"] for l in h["score_lines"]] == h["points"]


@STEP_SETTINGS
@given(rules=oh_hell_rules(), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40))
def test_oh_properties_mid_game_save_load_and_undo(rules, seed, steps):
    rng = random.Random(seed)
    g = OhHellGame(rules, dealer=rng.randrange(rules.players), first_deal=rng.getrandbits(32))
    for _ in range(steps):
        if g.phase is Phase.GAME_OVER:
            break
        seat = rng.choice(g.seats_to_act)
        g.apply(rng.choice(g.legal_actions(seat)))
    rec = json.loads(json.dumps(game_to_record(g)))
    loaded = game_from_record(rec, auto_deal=False)
    for s in range(g.n_seats):
        assert loaded.view(s) == g.view(s)
        assert loaded.legal_actions(s) == g.legal_actions(s)
    copy = g.copy()
    if copy.undo() is not None:
        assert len(copy.history) < len(g.history)
        assert g.history[:len(copy.history)] == copy.history
