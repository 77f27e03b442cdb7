"""Spades house rules SP-H1 … SP-H9 (RULES.md "Spades house rules"): one
test group per rule id with written-out values, the validation of every
option of HAND_RECORD.md's table, the configuration errors, hand records
with house rules (replay, exit 2 naming the field), the simulation, the
computer players and the "same hand, other rules" table.

Deal ``DS`` (dealer West): North holds all thirteen spades, so North leads
and wins every trick (tricks won [13, 0, 0, 0]).
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from engine import (Bid, Deal, IllegalActionError, InvalidInputError, Look, Phase, Reason, SpadesGame,
                    SpadesRules, parse_cards, score_spades_side)
from engine import sim
from engine.bots import make_player
from engine.bots.advisor import advise_spades
from engine.record import game_from_record, game_to_record, replay
from engine.games.spades import spades_winning_side
from tutor.house_rules import options_table, same_hand_other_rules
from engine_test_helpers import bid_all, play_lowest, run_replay

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "spades_house_rules_game.json"

DS = ["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
      "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
      "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
      "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"]


def make_deal(hands):
    return Deal(tuple(tuple(parse_cards(h)) for h in hands))


def game_with(hands=DS, dealer=3, scores=(0, 0), bags=(0, 0), **options):
    game = SpadesGame(SpadesRules(**options), dealer=dealer, scores=scores, bags=bags, auto_deal=False,
                      first_deal=1000)
    game.deal(make_deal(hands))
    return game


def lines(result, side):
    return [(l.item, l.points, l.rule) for l in result.score_lines if l.who == side]


def side_score(bids, tricks, bags_before=0, **options):
    """score_spades_side for North–South: bids as 4, "nil", "blind"."""
    objs = [Bid(s, 0, True) if b == "blind" else Bid(s, 0 if b == "nil" else b) for s, b in zip((0, 2), bids)]
    sl, pts, bags = score_spades_side(0, objs, list(tricks), bags_before, SpadesRules(**options))
    return [(l.item, l.points, l.rule) for l in sl], pts, bags


# ===================================================================== validation
GOOD = {"nil_value": [100, 50], "blind_nil": ["always", "never", "behind_100"], "blind_nil_pass": [3, 2, 1, 0],
        "bag_limit": [5, 10, 20], "bag_penalty": [50, 100, 150, 200], "ten_for_200": [False, True],
        "min_contract": [0, 4, 13], "failed_nil_tricks_help": [False, True], "loss_floor": [None, -1, -200],
        "target_score": [50, 200, 500, 1000]}
BAD = {"nil_value": [75, 0, 200, True, "50", 50.0], "blind_nil": ["sometimes", "Always", True, None, 1],
       "blind_nil_pass": [4, -1, True, 2.0, "3"], "bag_limit": [4, 21, 10.0, True, None],
       "bag_penalty": [40, 210, 55, True, 100.0], "ten_for_200": [1, 0, "true", None],
       "min_contract": [-1, 14, True, 4.5], "failed_nil_tricks_help": [0, "yes", None],
       "loss_floor": [0, 5, -200.0, True, "-200"], "target_score": [49, 1001, 0, -500, True, "500", 2.5]}
ALLOWED = {"nil_value": "100 (default) or 50 (SP-H1)", "blind_nil": "'always' (default), 'never' or 'behind_100' (SP-H2)",
           "blind_nil_pass": "3 (default), 2, 1 or 0 (SP-H3)", "bag_limit": "a whole number from 5 to 20 (default 10, SP-H4)",
           "bag_penalty": "a whole number from 50 to 200 in steps of 10 (default 100, SP-H4)",
           "ten_for_200": "true or false (default false, SP-H5)",
           "min_contract": "a whole number from 0 (default, off) to 13 (SP-H6)",
           "failed_nil_tricks_help": "true or false (default false, SP-H7)",
           "loss_floor": "null (default, off) or a negative whole number such as -200 (SP-H8)",
           "target_score": "a whole number from 50 to 1000 (default 500, SP-H9)"}


@pytest.mark.parametrize("option", sorted(GOOD))
def test_every_option_accepts_its_documented_values(option):
    for v in GOOD[option]:
        assert getattr(SpadesRules(**{option: v}), option) == v
        assert SpadesRules.from_json({option: v}) == SpadesRules(**{option: v})


@pytest.mark.parametrize("option, bad", [(o, b) for o in sorted(BAD) for b in BAD[o]])
def test_every_option_refuses_other_values_naming_option_and_allowed_values(option, bad):
    with pytest.raises(InvalidInputError) as exc:
        SpadesRules(**{option: bad})
    assert str(exc.value) == f"{option}: {bad!r} is not allowed; allowed: {ALLOWED[option]}"


def test_defaults_are_rules_md_and_records_carry_only_changed_options():
    r = SpadesRules()
    assert (r.nil_value, r.blind_nil, r.blind_nil_pass, r.bag_limit, r.bag_penalty, r.ten_for_200,
            r.min_contract, r.failed_nil_tricks_help, r.loss_floor, r.target_score) == \
        (100, "always", 3, 10, 100, False, 0, False, None, 500)
    assert r.to_json() == {}
    assert SpadesRules(nil_value=50, loss_floor=-200).to_json() == {"nil_value": 50, "loss_floor": -200}
    with pytest.raises(InvalidInputError, match="unknown Spades option 'mercy_rule'"):
        SpadesRules.from_json({"mercy_rule": -200})
    assert list(options_table().index) == list(GOOD)
    assert options_table(SpadesRules(nil_value=50)).loc["nil_value", "value"] == 50


def test_configuration_error_blind_nil_exchange_size_with_blind_nil_never():
    for k in (0, 1, 2):
        with pytest.raises(InvalidInputError) as exc:
            SpadesRules(blind_nil="never", blind_nil_pass=k)
        assert str(exc.value).startswith(f"blind_nil_pass: {k} is a configuration error with blind_nil 'never'")
    assert SpadesRules(blind_nil="never").blind_nil_pass == 3
    assert SpadesRules(blind_nil="behind_100", blind_nil_pass=0).blind_nil_pass == 0


def test_game_options_as_dict_and_start_bags_below_the_bag_limit():
    assert SpadesGame({"nil_value": 50}, first_deal=1).rules == SpadesRules(nil_value=50)
    with pytest.raises(InvalidInputError, match="nil_value: 60 is not allowed"):
        SpadesGame({"nil_value": 60})
    SpadesGame(SpadesRules(bag_limit=5), bags=(4, 0))
    with pytest.raises(InvalidInputError, match=r"must each be 0 to 4 \(5 bags cost 100 points at once, SP-H4\)"):
        SpadesGame(SpadesRules(bag_limit=5), bags=(5, 0))
    SpadesGame(SpadesRules(bag_limit=20), bags=(19, 0))


# ===================================================================== SP-H1
def test_SP_H1_nil_worth_50_in_a_hand():
    game = game_with(nil_value=50)
    bid_all(game, 13, "nil", "nil", 1)  # N 13, E Nil, S Nil, W 1
    play_lowest(game)
    r = game.results[0]
    assert r.tricks_won == (13, 0, 0, 0)
    assert lines(r, 0) == [("Nil made (South)", 50, "SP-H1"), ("contract made", 130, "SP-17")]
    assert lines(r, 1) == [("Nil made (East)", 50, "SP-H1"), ("contract set", -10, "SP-18")]
    assert r.points == (180, 40)
    default = game_with()
    bid_all(default, 13, "nil", "nil", 1)
    play_lowest(default)
    assert default.results[0].points == (230, 90)


def test_SP_H1_blind_nil_is_double_nil():
    assert side_score(["blind", 3], [2, 3], nil_value=50) == (
        [("Blind Nil failed (North)", -100, "SP-H1"), ("failed Blind Nil tricks are bags (North)", 2, "SP-19"),
         ("contract made", 30, "SP-17")], -68, 2)
    assert side_score(["blind", "blind"], [0, 0], nil_value=50)[1] == 200  # SP-11 scaled: ±200
    assert side_score(["nil", "nil"], [0, 1], nil_value=50)[1:] == (1, 1)  # SP-9: +50 −50 + 1 bag
    assert side_score(["blind", 3], [2, 3])[1] == -168  # default: −200 + 2 + 30


# ===================================================================== SP-H2
def test_SP_H2_never_refuses_blind_nil_and_lists_no_blind_bid():
    game = game_with(blind_nil="never")
    v = game.check_bid(0, 0, blind=True)
    assert (v.ok, v.reason, v.rule) == (False, Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-H2")
    assert [(b.value, b.blind) for b in game.legal_bids(0)] == [(v, False) for v in range(14)]
    with pytest.raises(IllegalActionError):
        game.bid(0, 0, blind=True)
    assert game.check_look(0).ok  # looking stays allowed
    game.look(0)
    game.bid(0, 0)  # Nil is still a bid
    assert game.bids[0] == "nil"


def test_SP_H2_behind_100_names_both_totals():
    game = game_with(scores=(0, 0), blind_nil="behind_100")
    v = game.check_bid(0, 0, blind=True)
    assert (v.ok, v.reason, v.rule) == (False, Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-H2")
    assert "North–South has 0, East–West has 0" in v.message and "level" in v.message
    assert not any(b.blind for b in game.legal_bids(0))

    game = game_with(scores=(-39, 60), blind_nil="behind_100")  # 99 behind: refused
    v = game.check_bid(0, 0, blind=True)
    assert not v.ok and "North–South has -39, East–West has 60" in v.message and "behind by only 99" in v.message
    assert v.evidence["scores"] == [-39, 60]

    game = game_with(scores=(-40, 60), blind_nil="behind_100")  # exactly 100 behind: allowed
    assert game.check_bid(0, 0, blind=True).ok
    assert game.legal_bids(0)[-1] == Bid(0, 0, True)
    game.bid(0, 0, blind=True)
    v = game.check_bid(1, 0, blind=True)  # East–West leads by 100
    assert not v.ok and v.rule == "SP-H2"
    assert "East–West has 60, North–South has -40" in v.message and "ahead by 100" in v.message


def test_SP_H2_behind_100_compares_totals_before_the_hand():
    # hand 1 starts level; after it NS (+230) lead EW (+90 − …) by over 100
    game = SpadesGame(SpadesRules(blind_nil="behind_100"), dealer=3, auto_deal=False, first_deal=1)
    game.deal(make_deal(DS))
    bid_all(game, 13, "nil", "nil", 1)
    play_lowest(game)
    assert game.scores == [230, 90]
    game.deal(make_deal(DS))  # dealer North now: East bids first
    assert game.to_act == 1 and game.check_bid(1, 0, blind=True).ok  # EW 140 behind
    game.bid(1, 3)
    assert not game.check_bid(2, 0, blind=True).ok


# ===================================================================== SP-H3
def test_SP_H3_two_card_exchange():
    game = game_with(blind_nil_pass=2)
    bid_all(game, "blind", 1, 4, 1)
    assert game.phase is Phase.EXCHANGE and game.exchange_seats == (0, 2)
    assert len(game.legal_exchanges(0)) == 78  # 13 choose 2
    v = game.check_exchange(0, ["2S", "3S", "4S"])
    assert (v.ok, v.reason, v.rule) == (False, Reason.EXCHANGE_WRONG_COUNT, "SP-H3")
    assert "exactly 2 different cards" in v.message
    assert "choose 2 cards to pass" in game.check_play(0, "2S").message
    game.exchange(0, ["AS", "KS"])
    game.exchange(2, ["2H", "3H"])
    assert game.phase is Phase.PLAY
    north = [c.code for c in game.hand_of(0)]
    assert "2H" in north and "3H" in north and "AS" not in north and len(north) == 13
    assert "AS" in [c.code for c in game.hand_of(2)]


def test_SP_H3_one_card_and_no_exchange():
    game = game_with(blind_nil_pass=1)
    bid_all(game, "blind", 1, 4, 1)
    assert len(game.legal_exchanges(2)) == 13
    assert game.check_exchange(2, ["AH"]).ok
    game = game_with(blind_nil_pass=0)
    bid_all(game, "blind", 1, 4, 1)
    assert game.phase is Phase.PLAY and game.exchange_seats == ()
    v = game.check_exchange(0, [])
    assert (v.ok, v.reason, v.rule) == (False, Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-H3")
    assert [c.code for c in game.hand_of(0)] == DS[0].split()


# ===================================================================== SP-H4
def test_SP_H4_bag_limit_5_penalty_50():
    assert side_score([3, 2], [6, 4], bags_before=4, bag_limit=5, bag_penalty=50) == (
        [("contract made", 50, "SP-17"), ("bags", 5, "SP-17"),
         ("bag penalty (5 bags: −50 each time)", -50, "SP-H4")], 5, 4)
    assert side_score([3, 2], [6, 4], bags_before=4) == ([("contract made", 50, "SP-17"), ("bags", 5, "SP-17")], 55, 9)


def test_SP_H4_penalty_each_time_the_count_reaches_the_limit():
    # 4 carried + 10 new = 14 bags: the limit 5 is reached twice, 4 remain
    assert side_score([1, 1], [6, 6], bags_before=4, bag_limit=5, bag_penalty=50) == (
        [("contract made", 20, "SP-17"), ("bags", 10, "SP-17"),
         ("bag penalty ×2 (5 bags: −50 each time)", -100, "SP-H4")], -70, 4)
    assert side_score([1, 1], [6, 6], bags_before=7, bag_limit=12, bag_penalty=200)[1:] == (-170, 5)


# ===================================================================== SP-H5
def test_SP_H5_ten_for_two_hundred():
    assert side_score([6, 4], [7, 4], ten_for_200=True) == (
        [("contract made", 200, "SP-H5"), ("bags", 1, "SP-17")], 201, 1)
    assert side_score([6, 5], [6, 5], ten_for_200=True)[1] == 220  # 11 → 220
    assert side_score([6, 4], [5, 4], ten_for_200=True) == ([("contract set", -200, "SP-H5")], -200, 0)
    assert side_score([5, 4], [5, 4], ten_for_200=True) == ([("contract made", 90, "SP-17")], 90, 0)
    assert side_score([6, 4], [7, 4])[1] == 101


def test_SP_H5_in_a_hand_thirteen_for_260():
    game = game_with(ten_for_200=True)
    bid_all(game, 13, 1, "nil", 1)
    play_lowest(game)
    assert lines(game.results[0], 0) == [("Nil made (South)", 100, "SP-8"), ("contract made", 260, "SP-H5")]
    assert game.results[0].points == (360, -20)


# ===================================================================== SP-H6
def test_SP_H6_second_partner_refused_a_number_below_the_minimum():
    game = game_with(min_contract=4)
    assert game.check_bid(0, 1).ok  # the first partner may bid anything
    game.bid(0, 1)
    game.bid(1, 2)
    v = game.check_bid(2, 2)
    assert (v.ok, v.reason, v.rule) == (False, Reason.BID_OUT_OF_RANGE, "SP-H6")
    assert v.evidence["low"] == 3 and "Bid 3 or more, or Nil" in v.message and "at least 4" in v.message
    assert game.check_bid(2, 3).ok and game.check_bid(2, 0).ok and game.check_bid(2, 0, blind=True).ok
    assert [(b.value, b.blind) for b in game.legal_bids(2)] == \
        [(0, False)] + [(v, False) for v in range(3, 14)] + [(0, True)]
    with pytest.raises(IllegalActionError):
        game.bid(2, 2)
    game.bid(2, 3)
    assert game.check_bid(3, 1).evidence["low"] == 2


def test_SP_H6_after_partner_nil_the_other_bids_the_minimum_or_nil():
    game = game_with(min_contract=4)
    bid_all(game, "nil", 4)
    v = game.check_bid(2, 3)
    assert not v.ok and v.rule == "SP-H6" and "your partner bid Nil" in v.message
    assert game.check_bid(2, 4).ok and game.check_bid(2, 0).ok


# ===================================================================== SP-H7
def test_SP_H7_failed_nil_tricks_count_toward_the_partners_contract():
    assert side_score([4, "nil"], [3, 2], failed_nil_tricks_help=True) == (
        [("Nil failed (South)", -100, "SP-8"), ("failed Nil tricks count toward the contract (2)", 0, "SP-H7"),
         ("contract made", 40, "SP-17"), ("bags", 1, "SP-17")], -59, 1)
    assert side_score([4, "nil"], [3, 2])[1:] == (-138, 2)  # SP-19: set, 2 bags


def test_SP_H7_contract_set_even_with_them_scores_nothing_and_no_bags():
    assert side_score([4, "nil"], [1, 1], failed_nil_tricks_help=True) == (
        [("Nil failed (South)", -100, "SP-8"),
         ("failed Nil tricks score nothing and are not bags: contract set even with them (1)", 0, "SP-H7"),
         ("contract set", -40, "SP-18")], -140, 0)
    assert side_score([4, "nil"], [1, 1])[1:] == (-139, 1)


def test_SP_H7_both_partners_nil_sp19_unchanged():
    assert side_score(["nil", "nil"], [1, 0], failed_nil_tricks_help=True) == side_score(["nil", "nil"], [1, 0])
    assert side_score(["nil", "nil"], [1, 0])[1:] == (1, 1)


# ===================================================================== SP-H8
def test_SP_H8_mercy_rule_decides_after_sp22():
    r = SpadesRules(loss_floor=-200)
    assert spades_winning_side(-200, 50, r) == 1
    assert spades_winning_side(50, -201, r) == 0
    assert spades_winning_side(-250, -210, r) == 1  # both below: the higher total
    assert spades_winning_side(-200, -200, r) is None  # equal: another hand
    assert spades_winning_side(-199, 0, r) is None
    assert spades_winning_side(510, -300, r) == 0  # SP-22 first
    assert spades_winning_side(-1000, 0, SpadesRules()) is None  # default: off


def test_SP_H8_a_game_ends_at_the_floor():
    game = game_with(scores=(-150, 0), loss_floor=-200)
    bid_all(game, "nil", 1, 1, 1)  # North's Nil fails with 13 tricks
    play_lowest(game)
    # NS: Nil −100, 13 bags +13, South's 1 set −10, 10 bags −100 → −197; EW: 2 set −20
    assert game.results[0].points == (-197, -20)
    assert game.scores == [-347, -20]
    assert game.phase is Phase.GAME_OVER and game.winners == (1, 3)
    plain = game_with(scores=(-150, 0))
    bid_all(plain, "nil", 1, 1, 1)
    play_lowest(plain)
    assert plain.scores == [-347, -20] and plain.phase is Phase.DEAL and plain.winners == ()


def test_SP_H8_start_scores_at_or_below_the_floor_are_an_invalid_start():
    with pytest.raises(InvalidInputError, match=r"North–South has -200 points, at or below the mercy floor of -200"):
        SpadesGame(SpadesRules(loss_floor=-200), scores=(-200, 0))
    SpadesGame(SpadesRules(loss_floor=-200), scores=(-199, 0))
    SpadesGame(SpadesRules(loss_floor=-200), scores=(-300, -300))  # equal: another hand
    SpadesGame(SpadesRules(), scores=(-300, 0))  # no floor by default
    rec = game_to_record(game_with())
    rec["rules"] = {"loss_floor": -100}
    rec["start"]["scores"] = [0, -150]
    out, status, err = replay(rec)
    assert status == 2 and err.startswith("start.scores: East–West has -150 points, at or below the mercy floor")


# ===================================================================== SP-H9
def test_SP_H9_target_score():
    game = game_with(target_score=200)
    bid_all(game, 13, 1, "nil", 1)
    play_lowest(game)
    assert game.scores == [230, -20] and game.phase is Phase.GAME_OVER and game.winners == (0, 2)
    game = game_with()
    bid_all(game, 13, 1, "nil", 1)
    play_lowest(game)
    assert game.scores == [230, -20] and game.phase is Phase.DEAL
    assert SpadesGame({"target_score": 300}, first_deal=1).rules.target_score == 300  # the existing option


# ===================================================================== records
def test_records_carry_the_options_and_replay():
    game = game_with(nil_value=50, min_contract=4, loss_floor=-300)
    bid_all(game, 13, "nil", "nil", 4)
    play_lowest(game)
    rec = game_to_record(game)
    assert rec["rules"] == {"nil_value": 50, "min_contract": 4, "loss_floor": -300}
    again = game_from_record(json.loads(json.dumps(rec)))
    assert again.rules == game.rules and again.scores == game.scores == [180, 10]
    out, status, err = replay(rec)
    assert status == 0 and out["hands"][0]["points"] == [180, 10]
    assert out["hands"][0]["score_lines"][0] == {"side": 0, "item": "Nil made (South)", "points": 50,
                                                 "rule": "SP-H1", "seat": 2}


def test_record_action_forbidden_by_a_house_rule_stops_the_replay():
    game = game_with(blind_nil="never")
    rec = game_to_record(game)
    rec["hands"][0]["actions"] = [{"seat": 0, "bid": "blind_nil"}]
    out, status, _ = replay(rec)
    assert status == 1 and out["stopped"]["rule"] == "SP-H2" and out["stopped"]["reason"] == "BLIND_NIL_NOT_IN_THIS_GAME"


@pytest.mark.parametrize("rules, message", [
    ({"nil_value": 75}, "rules: nil_value: 75 is not allowed; allowed: 100 (default) or 50 (SP-H1)"),
    ({"blind_nil": "never", "blind_nil_pass": 2}, "rules: blind_nil_pass: 2 is a configuration error"),
    ({"loss_floor": 100}, "rules: loss_floor: 100 is not allowed"),
])
def test_invalid_option_in_a_record_exits_2_naming_the_field(tmp_path, rules, message):
    rec = game_to_record(game_with())
    rec["rules"] = rules
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    status, out, err = run_replay(path)
    assert status == 2 and out is None
    assert err.startswith("tricktutor replay: invalid record: " + message)


def test_example_house_rules_game_replays_to_its_target():
    rec = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert rec["rules"] == {"nil_value": 50, "blind_nil": "behind_100", "blind_nil_pass": 2, "bag_limit": 8,
                            "bag_penalty": 80, "ten_for_200": True, "min_contract": 4,
                            "failed_nil_tricks_help": True, "loss_floor": -200}
    status, out, err = run_replay(EXAMPLE)
    assert status == 0 and err == ""
    assert out["game_over"] is True and out["winners"] == [1, 3]
    last = out["hands"][-1]
    assert len(out["hands"]) == 10 and last["scores_after"] == [201, 522]
    rules_cited = {l["rule"] for h in out["hands"] for l in h["score_lines"]}
    assert {"SP-H1", "SP-H4", "SP-H5", "SP-H7"} <= rules_cited
    assert any(b == "blind_nil" for h in out["hands"] for b in h["bids"].values())
    passes = [a["pass"] for h in rec["hands"] for a in h["actions"] if "pass" in a]
    assert passes and all(len(p) == 2 for p in passes)  # SP-H3: 2-card exchange
    # the record is the engine's own game: the script that made it makes it again
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from make_spades_house_rules_example import play
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    made = game_to_record(play())
    assert made["hands"] == rec["hands"] and made["rules"] == rec["rules"]


# ===================================================================== simulation
def test_sim_scores_with_the_engine_scorer_under_house_rules():
    variants = [SpadesRules(), SpadesRules(nil_value=50), SpadesRules(bag_limit=5, bag_penalty=50),
                SpadesRules(ten_for_200=True), SpadesRules(failed_nil_tricks_help=True)]
    rng = random.Random(12)
    for _ in range(3000):
        r = rng.choice(variants)
        ba, bb = rng.choice([sim.BLIND_NIL] + list(range(14))), rng.choice([sim.BLIND_NIL] + list(range(14)))
        ta = rng.randrange(14)
        tb = rng.randrange(14 - ta)
        bags = rng.randrange(r.bag_limit)
        objs = [Bid(0, 0, True) if b == sim.BLIND_NIL else Bid(0, b) for b in (ba, bb)]
        _, pts, after = score_spades_side(0, objs, [ta, tb], bags, r)
        assert sim.spades_side_points(ba, bb, ta, tb, bags, r) == (pts, after)
    assert sim.spades_side_points(6, 4, 7, 4, 0, SpadesRules(ten_for_200=True)) == (201, 1)


def test_sim_random_hand_under_house_rules_step_by_step():
    rules = SpadesRules(nil_value=50, min_contract=4, ten_for_200=True)
    for seed in range(200):
        dealer = seed % 4
        bids, won, pts = sim.random_spades_hand(random.Random(seed), dealer, rules)
        assert sum(won) == 13
        for side in (0, 1):
            a, b = bids[side], bids[side + 2]
            if a and b:
                assert a + b >= 4  # SP-H6
            _, want, _ = score_spades_side(side, [Bid(side, a), Bid(side + 2, b)], [won[side], won[side + 2]], 0, rules)
            assert pts[side] == want
    # the default rules keep the existing random stream
    assert sim.random_spades_hand(random.Random(5)) == sim.random_spades_hand(random.Random(5), 0, SpadesRules())


# ===================================================================== computer players and the advisor
NIL_HAND = "2C 9C 7D 8D QD 5H 8H TH QH KH 3S 4S 8S"


def test_advisor_values_nil_at_50_under_SP_H1():
    hand = parse_cards(NIL_HAND)
    assert advise_spades(hand).nil is True and advise_spades(hand).bid == 0
    a = advise_spades(hand, nil_value=50)
    assert a.nil is False and a.bid == 1


def test_level3_player_bids_nil_only_when_worth_it_under_SP_H1():
    others = [c for c in (DS[0] + " " + DS[1] + " " + DS[2] + " " + DS[3]).split() if c not in NIL_HAND.split()]
    hands = [" ".join(others[0:13]), " ".join(others[13:26]), " ".join(others[26:39]), NIL_HAND]
    for nil_value, want in ((100, Bid(3, 0)), (50, Bid(3, 1))):
        game = game_with(hands=hands, dealer=2, nil_value=nil_value)
        player = make_player(3, seed=1)
        assert player.choose(game.view(3)) == Look(3)
        game.look(3)
        assert player.choose(game.view(3)) == want


def test_level3_player_never_bids_blind_nil_when_SP_H2_forbids_it():
    # far behind late in the game: a level-3 player goes Blind Nil by default
    game = game_with(scores=(0, 450))
    assert make_player(3, seed=2).choose(game.view(0)) == Bid(0, 0, True)
    game = game_with(scores=(0, 450), blind_nil="never")
    assert make_player(3, seed=2).choose(game.view(0)) == Look(0)


def test_level3_players_respect_SP_H6_over_many_biddings():
    rules = SpadesRules(min_contract=5)
    for seed in range(25):
        game = SpadesGame(rules, dealer=seed % 4, first_deal=500 + seed)
        players = [make_player(3, seed=seed * 4 + s) for s in range(4)]
        while game.phase is Phase.BIDDING:
            seat = game.to_act
            game.apply(players[seat].choose(game.view(seat)))  # an illegal bid would raise
        for side in (0, 1):
            a, b = game.bids[side], game.bids[side + 2]
            if isinstance(a, int) and isinstance(b, int) and a and b:
                assert a + b >= 5


# ===================================================================== same hand, other rules
def test_same_hand_other_rules_table():
    game = game_with(bags=(3, 0))
    bid_all(game, "nil", "nil", 10, 1)  # North's Nil fails (13 tricks), South's 10 is set
    play_lowest(game)
    table = same_hand_other_rules(game)
    assert list(table.index) == ["default rules", "SP-H1 Nil worth 50 (Blind Nil 100)", "SP-H4 5 bags cost 50",
                                 "SP-H5 ten for two hundred", "SP-H7 failed Nil tricks help the partner"]
    assert table["North–South"].tolist() == [-287, -237, -337, -387, 3]
    assert table["East–West"].tolist() == [90, 40, 90, 90, 90]
    assert table["NS bags"].tolist() == [6, 6, 1, 6, 6]
    assert table["NS change"].tolist() == [0, 50, -50, -100, 290]
    assert game.results[0].points == (-287, 90)  # the game itself used the defaults
    assert "SP-H7" in table.loc["SP-H7 failed Nil tricks help the partner", "score lines"]
    assert same_hand_other_rules(game_to_record(game)).equals(table)


def test_same_hand_other_rules_leaves_out_rules_that_change_nothing():
    game = game_with()
    bid_all(game, 5, 1, 4, 1)  # no Nil, contract 9, 4 bags
    play_lowest(game)
    table = same_hand_other_rules(game)
    assert list(table.index) == ["default rules"]
    assert table.loc["default rules", "North–South"] == 94
    with pytest.raises(InvalidInputError):
        same_hand_other_rules(SpadesGame(first_deal=1))


def test_same_hand_other_rules_own_rules_row_is_the_recorded_score():
    rec = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    out, status, _ = replay(rec)
    assert status == 0
    for i, hand in enumerate(out["hands"]):
        table = same_hand_other_rules(rec, hand=i)
        if "this game's rules" in table.index:
            assert table.loc["this game's rules", ["North–South", "East–West"]].tolist() == hand["points"]
            assert table.loc["this game's rules", "rule"] == "SP-H1, SP-H4, SP-H5, SP-H7"
    table = same_hand_other_rules(rec, hand=7)  # bids N Blind Nil, E 2, S 4, W 3; tricks 0, 2, 7, 4; NS carry 5 bags
    assert list(table.index) == ["default rules", "SP-H1 Nil worth 50 (Blind Nil 100)", "SP-H4 8 bags cost 80",
                                 "this game's rules"]
    # default: Blind Nil +200, South's 4 made with 7: +43, 5 + 3 = 8 bags (below 10) → 243; Nil 50: 143;
    # 8 bags cost 80: 200 + 43 − 80 → 163 and 0 bags; the game's own rules: 100 + 43 − 80 → 63
    assert table["North–South"].tolist() == [243, 143, 163, 63]
    assert table["NS bags"].tolist() == [8, 8, 0, 0]
    assert table["East–West"].tolist() == [51, 51, 51, 51]


# ===================================================================== properties
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

house_rules = st.builds(
    lambda nil, blind, k, limit, penalty, ten, minimum, helps, floor, target: SpadesRules(
        nil_value=nil, blind_nil=blind, blind_nil_pass=(3 if blind == "never" else k), bag_limit=limit,
        bag_penalty=penalty, ten_for_200=ten, min_contract=minimum, failed_nil_tricks_help=helps,
        loss_floor=floor, target_score=target),
    st.sampled_from([100, 50]), st.sampled_from(["always", "never", "behind_100"]), st.sampled_from([3, 2, 1, 0]),
    st.integers(5, 20), st.integers(5, 20).map(lambda x: 10 * x), st.booleans(), st.integers(0, 13),
    st.booleans(), st.one_of(st.none(), st.integers(-400, -1)), st.integers(50, 300))


@settings(derandomize=True, max_examples=25, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules, seed=st.integers(0, 2 ** 32 - 1))
def test_random_house_rules_games_keep_every_invariant_and_replay(rules, seed):
    """Level-1 players (random legal actions, sometimes Blind Nil) under any
    house rules: every bid respects SP-H2/SP-H6, every exchange is SP-H3's
    size, the score lines add up, bags stay below the limit (SP-H4), the game
    ends by SP-22/SP-H8, and the record replays to the same scores."""
    rng = random.Random(seed)
    game = SpadesGame(rules, dealer=rng.randrange(4), first_deal=rng.randrange(1, 10 ** 6))
    totals = [0, 0]
    for _ in range(3000):
        if game.game_over or game.hands_dealt > 8:
            break
        seat = game.to_act
        legal = game.legal_actions(seat)
        blind = [a for a in legal if isinstance(a, Bid) and a.blind]
        if blind and rng.random() < 0.3:
            action = blind[0]
        else:
            action = rng.choice(legal)
        if isinstance(action, Bid):
            before = game.scores
            side = seat % 2
            if action.blind:
                assert rules.blind_nil != "never"
                assert rules.blind_nil == "always" or before[1 - side] - before[side] >= 100
            partner = game.bids[(seat + 2) % 4]
            if action.value and partner is not None:
                pv = 0 if partner in ("nil", "blind_nil") else partner
                assert pv + action.value >= rules.min_contract
        elif hasattr(action, "cards") and not hasattr(action, "card"):
            assert len(action.cards) == rules.blind_nil_pass > 0
        n = len(game.results)
        game.apply(action)
        if len(game.results) > n:
            r = game.results[-1]
            for side in (0, 1):
                assert sum(l.points for l in r.score_lines if l.who == side) == r.points[side]
                totals[side] += r.points[side]
            assert all(0 <= b < rules.bag_limit for b in r.bags_after)
    assert game.scores == totals
    if game.game_over:
        ns, ew = game.scores
        side = game.winners[0] % 2
        assert game.scores[side] > game.scores[1 - side]
        assert max(ns, ew) >= rules.target_score or (rules.loss_floor is not None and min(ns, ew) <= rules.loss_floor)
    out, status, _ = replay(game_to_record(game))
    assert status == 0
    finished = [h for h in out["hands"] if "scores_after" in h]
    assert len(finished) == len(game.results)
    if finished:
        assert finished[-1]["scores_after"] == game.scores
