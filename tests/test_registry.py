"""The game registry (engine/registry.py, issue 12): one frozen spec per game
and seat layout, looked up by (record name, seats)."""
from __future__ import annotations

import dataclasses
import pathlib
import re

import pytest

from engine import Bid, OhHellGame, OhHellRules, Phase, SpadesGame, SpadesRules, Suit
from engine.errors import InvalidInputError
from engine.record import game_to_record, parse_record, replay
from engine.registry import (OH_HELL, SPADES, default_seats, game_names, register, seats_problem,
                             spec_for, spec_named, spec_of, specs)
import engine.registry as registry

REPO = pathlib.Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"\b(?:SP|OH)-(?:H|V|2P-)?\d+\b")


def test_look_up_by_name_and_seats():
    assert spec_for("spades", 4) is SPADES
    for n in range(3, 8):
        assert spec_for("oh_hell", n) is OH_HELL
    assert game_names() == ("spades", "oh_hell")
    assert default_seats("spades") == 4 and default_seats("oh_hell") is None
    assert spec_named("oh_hell") is OH_HELL


@pytest.mark.parametrize("name, seats, message", [
    ("spades", 3, "Spades is for 2 or 4 seats, not 3 (SP-1, SP-2P-1)"),
    ("spades", 4.0, "Spades is for 2 or 4 seats, not 4.0 (SP-1, SP-2P-1)"),
    ("oh_hell", 8, "Oh Hell is for 3 to 7 seats, not 8 (OH-1)"),
    ("oh_hell", True, "Oh Hell is for 3 to 7 seats, not True (OH-1)"),
    ("bridge", 4, 'no game called \'bridge\' (known: "spades", "oh_hell")'),
])
def test_unknown_layouts_are_refused_with_the_rule(name, seats, message):
    assert seats_problem(name, seats) == message
    with pytest.raises(InvalidInputError) as e:
        spec_for(name, seats)
    assert str(e.value) == message


def test_spades_spec_declares_the_four_seat_game():
    s = SPADES
    assert (s.name, s.title, s.seat_counts) == ("spades", "Spades", (4,))
    assert s.seat_names(4) == ("North", "East", "South", "West")
    assert s.sides(4) == ((0, 2), (1, 3)) and s.partnerships and s.n_sides(4) == 2
    assert [s.partner_of(x, 4) for x in range(4)] == [2, 3, 0, 1]
    assert s.bid_range(13) == (0, 13)
    assert s.phases == (Phase.DEAL, Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY, Phase.GAME_OVER)
    assert s.fixed_trump is Suit.SPADES
    assert s.game_class is SpadesGame and s.rules_class is SpadesRules
    c = s.codec
    assert c.seat_letters == ("N", "E", "S", "W") and c.seat_from_letter("w") == 3 and c.seat_from_letter("X") is None
    assert (c.score_key, c.has_bags, c.turn_up, c.hand_size(SpadesRules(), 5)) == ("side", True, False, 13)


def test_oh_hell_spec_declares_one_seat_per_side():
    s = OH_HELL
    assert s.seat_names(5) == ("seat 0", "seat 1", "seat 2", "seat 3", "seat 4")
    assert s.sides(3) == ((0,), (1,), (2,)) and not s.partnerships
    assert s.partner_of(1, 5) is None
    assert s.bid_range(7) == (0, 7)
    assert s.fixed_trump is None
    rules = OhHellRules(players=5)
    assert s.codec.hand_size(rules, 3) == 4 and s.codec.hand_count(rules) == 10
    assert s.codec.turn_up_problem(rules, 9, None) is None  # the last hand has no trump (OH-7)
    assert s.codec.turn_up_problem(rules, 0, None) == ("hand 1 turns up a trump card (OH-7); "
                                                        "null is only for a hand without trump")


@pytest.mark.parametrize("spec, text, bid", [
    (SPADES, "nil", Bid(1, 0)), (SPADES, "NIL", Bid(1, 0)), (SPADES, "blind_nil", Bid(1, 0, True)),
    (SPADES, 4, Bid(1, 4)), (OH_HELL, "nil", Bid(1, "nil")), (OH_HELL, "blind_nil", Bid(1, 0, True)),
    (OH_HELL, 2.5, Bid(1, 2.5)),
])
def test_bid_words_in_records(spec, text, bid):
    assert spec.codec.bid_in(1, text) == bid


@pytest.mark.parametrize("spec, bid, out", [
    (SPADES, Bid(0, 0), "nil"), (SPADES, Bid(0, 0, True), "blind_nil"), (SPADES, Bid(0, 3), 3),
    (SPADES, Bid(0, False), False), (SPADES, Bid(0, 0.0), 0.0), (OH_HELL, Bid(0, 0), 0), (OH_HELL, Bid(0, 7), 7),
])
def test_bids_written_back(spec, bid, out):
    got = spec.codec.bid_out(bid)
    assert got == out and type(got) is type(out)


def test_games_and_views_carry_their_spec():
    g = SpadesGame(first_deal=3)
    assert g.spec is SPADES and g.view(0).spec is SPADES and spec_of(g) is SPADES and spec_of(g.view(2)) is SPADES
    o = OhHellGame(OhHellRules(players=6), first_deal=3)
    assert o.spec is OH_HELL and o.view(5).spec is OH_HELL
    assert o.seat_names == OH_HELL.seat_names(6) and g.seat_names == SPADES.seat_names(4)
    assert o.sides == OH_HELL.sides(6) and g.sides == SPADES.sides(4)
    assert g.bid_range(0) == SPADES.bid_range(g.hand_size)


def test_new_game_builds_the_registered_class():
    g = SPADES.new_game(SpadesRules(nil_value=50), dealer=2, scores=[10, 20], bags=[1, 2], first_deal=4)
    assert isinstance(g, SpadesGame) and g.start_scores == (10, 20) and g.start_bags == (1, 2)
    assert g.rules.nil_value == 50 and g.dealer == 2 and g.phase is Phase.BIDDING
    o = OH_HELL.new_game(OhHellRules(players=3), dealer=1, scores=[1, 2, 3], bags=[0, 0, 0], auto_deal=False)
    assert isinstance(o, OhHellGame) and o.start_scores == (1, 2, 3) and o.phase is Phase.DEAL


def test_rule_ids_are_rules_md_ids_and_cover_what_the_games_cite():
    known = set(RULE_ID.findall((REPO / "docs" / "RULES.md").read_text(encoding="utf-8")))
    # engine/games/spades.py holds what four- and two-player Spades share: it may cite SP-2P ids too
    for spec, module in ((registry.SPADES_TWO, "games/spades"), (registry.SPADES_TWO, "games/spades_two"),
                         (OH_HELL, "games/oh_hell")):
        assert set(spec.rule_ids) <= known
        cited = set(RULE_ID.findall((REPO / "engine" / f"{module}.py").read_text(encoding="utf-8")))
        assert cited <= set(spec.rule_ids), cited - set(spec.rule_ids)


def test_a_second_seat_layout_is_one_registration():
    """Two-player Spades (SP-2P) is registered as ("spades", 2): records with
    ``seats: 2`` reach it, four-seat records are unchanged."""
    two = registry.SPADES_TWO
    with pytest.raises(ValueError, match="already registered"):
        register(dataclasses.replace(SPADES, seat_counts=(4, 6)))
    with pytest.raises(ValueError, match="already registered"):
        register(dataclasses.replace(two))
    assert spec_for("spades", 2) is two and spec_for("spades", 4) is SPADES
    assert two.seat_names(2) == ("Player 1", "Player 2") and two.sides(2) == ((0,), (1,))
    assert not two.partnerships and two.partner_of(0, 2) is None
    assert seats_problem("spades", 3) == "Spades is for 2 or 4 seats, not 3 (SP-1, SP-2P-1)"
    assert default_seats("spades") == 4 and game_names() == ("spades", "oh_hell")
    g = SpadesGame(first_deal=5)
    rec = game_to_record(g)
    del rec["seats"]
    assert parse_record(rec).seats == 4
    assert specs() == (SPADES, two, OH_HELL)


def test_records_read_through_the_codec():
    """A Spades record with seat letters and bid words replays as before."""
    rec = game_to_record(SpadesGame(first_deal=11, dealer=3))
    rec["start"]["dealer"] = "W"
    rec["hands"][0]["actions"] = [{"seat": "N", "bid": "nil"}, {"seat": "e", "bid": 4}]
    out, status, err = replay(rec)
    assert (status, err) == (0, None)
    assert [s["action"] for s in out["steps"]] == [{"bid": "nil"}, {"bid": 4}]
    assert out["hands"][0]["bids"] == {"0": "nil", "1": 4} and out["hands"][0]["trump"] == "S"
    assert "turn_up" not in out["hands"][0] and out["to_act"]["seat"] == 2
