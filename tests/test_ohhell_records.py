"""Oh Hell hand records (shared/HAND_RECORD.md) replayed through the
``tricktutor replay`` command, run as ``python -m tutor.cli replay PATH``.

Records live in tests/records/oh_hell/; the shipped examples are
examples/oh_hell_*.json.  Exit status: 0 replayed, 1 stopped at a forbidden
action (``stopped`` says why), 2 invalid record (one line on stderr naming
the field).
"""
from __future__ import annotations

import json
import pathlib

import pytest

from engine import Phase
from engine.record import game_from_record, game_to_record, replay
from engine_test_helpers import run_replay

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records" / "oh_hell"
EXAMPLES = ROOT / "examples"
HOOK_EXAMPLE = EXAMPLES / "oh_hell_3p_hook_full_game.json"
SIMULTANEOUS_EXAMPLE = EXAMPLES / "oh_hell_4p_simultaneous_bidding.json"


def load(path: pathlib.Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def write(tmp_path: pathlib.Path, rec: dict, name: str = "rec.json") -> pathlib.Path:
    p = tmp_path / name
    p.write_text(json.dumps(rec), encoding="utf-8")
    return p


def assert_score_lines_add_up(hands: list[dict]) -> None:
    for h in hands:
        if "points" not in h:
            continue
        n = len(h["points"])
        assert [l["seat"] for l in h["score_lines"]] == list(range(n))
        for l in h["score_lines"]:
            assert "side" not in l and l["rule"] in ("OH-11", "OH-V7", "OH-V8")
        per_seat = [0] * n
        for l in h["score_lines"]:
            per_seat[l["seat"]] += l["points"]
        assert per_seat == h["points"]


# --------------------------------------------------------------------------- a trump hand, then a no-trump hand
def test_oh7_record_turn_up_per_hand_and_null_on_final_hand():
    status, out, err = run_replay(RECORDS / "trump_then_no_trump_3p.json")
    assert status == 0, err
    assert out["ok"] is True and out["stopped"] is None
    assert [h["turn_up"] for h in out["hands"]] == ["7H", None]
    assert [h["trump"] for h in out["hands"]] == ["H", None]
    assert [h["hand_size"] for h in out["hands"]] == [2, 1]
    assert [h["dealer"] for h in out["hands"]] == [2, 0]


def test_oh10_record_trump_from_void_seat_wins_and_leads():
    status, out, _ = run_replay(RECORDS / "trump_then_no_trump_3p.json")
    h1, h2 = out["hands"]
    assert h1["tricks"] == [{"leader": 0, "cards": ["KC", "2H", "AC"], "winner": 1},
                            {"leader": 1, "cards": ["9S", "3S", "5D"], "winner": 1}]
    assert h2["tricks"] == [{"leader": 1, "cards": ["QD", "KD", "4C"], "winner": 2}]
    assert h1["tricks_won"] == [0, 2, 0] and h2["tricks_won"] == [0, 0, 1]


def test_oh11_record_score_lines_use_seat_keys_and_add_up():
    status, out, _ = run_replay(RECORDS / "trump_then_no_trump_3p.json")
    h1, h2 = out["hands"]
    assert h1["bids"] == {"0": 0, "1": 2, "2": 1}
    assert h1["score_lines"] == [
        {"seat": 0, "item": "bid made", "points": 10, "rule": "OH-11"},
        {"seat": 1, "item": "bid made", "points": 12, "rule": "OH-11"},
        {"seat": 2, "item": "bid missed", "points": 0, "rule": "OH-11"},
    ]
    assert h1["points"] == [10, 12, 0] and h1["scores_after"] == [10, 12, 0]
    assert h2["points"] == [10, 10, 11] and h2["scores_after"] == [20, 22, 11]
    assert "bags_after" not in h1
    assert_score_lines_add_up(out["hands"])


def test_oh12_record_game_over_with_winner():
    status, out, _ = run_replay(RECORDS / "trump_then_no_trump_3p.json")
    assert out["game_over"] is True and out["winners"] == [1] and out["to_act"] is None
    assert len(out["steps"]) == 15
    assert [s["index"] for s in out["steps"]] == list(range(15))


def test_oh12_record_extra_hand_after_game_end_is_invalid(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    rec["hands"].append({"deal_number": 5, "actions": []})
    status, out, err = run_replay(write(tmp_path, rec))
    assert status == 2 and out is None
    assert "hands" in err and "OH-5" in err and len(err.strip().splitlines()) == 1


def test_oh7_record_thirteen_card_hand_turn_up_null():
    status, out, _ = run_replay(RECORDS / "thirteen_card_hand_4p.json")
    assert status == 0
    (h,) = out["hands"]
    assert (h["hand_size"], h["trump"], h["turn_up"], h["dealer"]) == (13, None, None, 0)
    assert out["to_act"] == {"seat": 1, "phase": "bidding",
                             "legal": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"]}


# --------------------------------------------------------------------------- invalid records (exit 2)
def test_oh7_record_turn_up_null_on_trump_hand_exit_2_names_turn_up():
    status, out, err = run_replay(RECORDS / "turn_up_null_on_trump_hand.json")
    assert status == 2 and out is None
    assert "hands[0].turn_up" in err and "OH-7" in err
    assert len(err.strip().splitlines()) == 1


def test_oh7_record_turn_up_on_no_trump_hand_exit_2_names_turn_up():
    status, out, err = run_replay(RECORDS / "turn_up_on_no_trump_hand.json")
    assert status == 2 and out is None
    assert "hands[1].turn_up" in err


def test_oh7_record_missing_turn_up_exit_2(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    del rec["hands"][1]["turn_up"]
    status, out, err = run_replay(write(tmp_path, rec))
    assert status == 2 and "hands[1].turn_up" in err


def test_oh7_record_turn_up_card_also_dealt_exit_2(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    rec["hands"][0]["turn_up"] = "KC"
    status, out, err = run_replay(write(tmp_path, rec))
    assert status == 2 and "hands[0].turn_up" in err


def test_oh6_record_wrong_number_of_cards_exit_2(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    rec["hands"][0]["deal"]["2"] = ["AC"]
    status, out, err = run_replay(write(tmp_path, rec))
    assert status == 2 and "hands[0].deal.2" in err


def test_ohv5_record_hook_with_simultaneous_exit_2_names_rules(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    rec["rules"] = {"hand_sizes": [2, 1], "hook": True, "simultaneous_bidding": True}
    status, out, err = run_replay(write(tmp_path, rec))
    assert status == 2 and err.startswith("tricktutor replay: invalid record: rules")


# --------------------------------------------------------------------------- forbidden actions (exit 1)
def test_oh9_record_must_follow_violation_exit_1():
    status, out, _ = run_replay(RECORDS / "must_follow_violation.json")
    assert status == 1 and out["ok"] is False
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (4, 1, "MUST_FOLLOW_SUIT", "OH-9")
    assert len(out["steps"]) == 4
    (h,) = out["hands"]
    assert h["current_trick"] == {"leader": 0, "cards": ["KC"]}
    assert "score_lines" not in h
    assert out["to_act"] == {"seat": 1, "phase": "play", "legal": ["2C"]}
    assert out["game_over"] is False and out["winners"] == []


def test_ohv4_record_hook_violation_exit_1():
    status, out, _ = run_replay(RECORDS / "hook_violation.json")
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (2, 2, "HOOK", "OH-V4")
    assert out["hands"][0]["bids"] == {"0": 1, "1": 0}
    assert out["to_act"] == {"seat": 2, "phase": "bidding", "legal": ["0", "2"]}


def test_ohv6_record_must_trump_violation_exit_1():
    status, out, _ = run_replay(RECORDS / "must_trump_violation.json")
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (4, 1, "MUST_TRUMP", "OH-V6")
    assert out["to_act"] == {"seat": 1, "phase": "play", "legal": ["3S"]}


def test_oh8_record_bid_out_of_turn_exit_1(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    acts = rec["hands"][0]["actions"]
    acts[0], acts[1] = acts[1], acts[0]
    status, out, _ = run_replay(write(tmp_path, rec))
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (0, 1, "NOT_YOUR_TURN", "OH-8")


# --------------------------------------------------------------------------- simultaneous bidding record
def test_ohv5_record_bids_in_any_order_with_trace():
    status, out, _ = run_replay(RECORDS / "simultaneous_any_order.json", "--trace")
    assert status == 0 and out["ok"] is True
    assert [s["seat"] for s in out["steps"][:3]] == [2, 0, 1]
    assert [s["legal_before"] for s in out["steps"][:3]] == [["0", "1", "2"]] * 3
    assert out["steps"][4]["legal_before"] == ["2H", "9S"]
    assert out["to_act"] == {"seat": 0, "phase": "deal", "legal": []}  # hand 2 not in the record
    assert out["hands"][0]["scores_after"] == [10, 12, 0]
    assert_score_lines_add_up(out["hands"])


# --------------------------------------------------------------------------- shipped examples
def test_ohv4_example_full_three_player_hook_game():
    status, out, err = run_replay(HOOK_EXAMPLE)
    assert status == 0, err
    rec = load(HOOK_EXAMPLE)
    assert rec["game"] == "oh_hell" and rec["seats"] == 3 and rec["rules"] == {"hook": True}
    assert out["game_over"] is True and out["winners"] == [0] and out["to_act"] is None
    assert len(out["steps"]) == 405  # 15 hands × 3 bids + 3 × (1 + … + 15) cards
    hands = out["hands"]
    assert [h["hand_size"] for h in hands] == list(range(1, 16))
    assert [h["dealer"] for h in hands] == [0, 1, 2] * 5
    assert [h["turn_up"] for h in hands] == ["2C", "6C", "JC", "3C", "QS", "5H", "2C", "6D", "3C", "AC", "3C",
                                             "KS", "TH", "6C", None]
    assert [h["scores_after"] for h in hands][-1] == [46, 20, 34]
    assert [h["scores_after"] for h in hands][:3] == [[10, 0, 10], [10, 10, 10], [10, 20, 21]]
    for h in hands:  # the hook: the bids never add up to the tricks (OH-V4)
        assert sum(h["bids"].values()) != h["hand_size"]
        assert sum(h["tricks_won"]) == h["hand_size"]
    assert_score_lines_add_up(hands)


def test_ohv4_example_dealer_had_a_forbidden_bid_in_every_hand():
    # Earlier bids never exceeded the hand size, so in all 15 hands the hook barred one dealer bid.
    game = game_from_record(load(HOOK_EXAMPLE))
    assert game.phase is Phase.GAME_OVER
    forbidden = []
    for h in game.results:
        others = sum(b for s, b in enumerate(h.bids) if s != h.dealer)
        forbidden.append(h.hand_size - others)
        assert h.bids[h.dealer] != h.hand_size - others
    assert all(0 <= f <= h.hand_size for f, h in zip(forbidden, game.results))
    assert forbidden[:4] == [1, 2, 2, 1]


def test_ohv4_example_tampered_dealer_bid_refused(tmp_path):
    rec = load(HOOK_EXAMPLE)
    first = rec["hands"][0]["actions"]
    assert first[:3] == [{"seat": 1, "bid": 0}, {"seat": 2, "bid": 0}, {"seat": 0, "bid": 0}]
    first[2] = {"seat": 0, "bid": 1}  # 0 + 0 + 1 = 1 trick: the hook forbids it
    status, out, _ = run_replay(write(tmp_path, rec))
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (2, 0, "HOOK", "OH-V4")


def test_ohv5_example_full_four_player_simultaneous_game():
    status, out, err = run_replay(SIMULTANEOUS_EXAMPLE)
    assert status == 0, err
    rec = load(SIMULTANEOUS_EXAMPLE)
    assert rec["seats"] == 4 and rec["rules"] == {"simultaneous_bidding": True}
    assert out["game_over"] is True and out["winners"] == [3]
    assert len(out["steps"]) == 416  # 13 × 4 bids + 4 × (1 + … + 13) cards
    hands = out["hands"]
    assert [h["hand_size"] for h in hands] == list(range(1, 14))
    assert hands[-1]["scores_after"] == [31, 14, 10, 42]
    assert [h["turn_up"] for h in hands] == ["9H", "7C", "AD", "AS", "3D", "5H", "8D", "3H", "QH", "5D", "8D",
                                             "9H", None]
    # bids were made out of the clockwise order in hand 1 (dealer 2: order would be 3, 0, 1, 2)
    assert [a["seat"] for a in rec["hands"][0]["actions"][:4]] == [0, 1, 3, 2]
    assert_score_lines_add_up(hands)


def test_ohv5_example_is_refused_without_simultaneous_bidding(tmp_path):
    rec = load(SIMULTANEOUS_EXAMPLE)
    rec["rules"] = {}
    status, out, _ = run_replay(write(tmp_path, rec))
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (0, 0, "NOT_YOUR_TURN", "OH-8")


@pytest.mark.parametrize("path", [HOOK_EXAMPLE, SIMULTANEOUS_EXAMPLE, RECORDS / "trump_then_no_trump_3p.json"])
def test_oh_record_save_load_round_trip(path):
    rec = load(path)
    game = game_from_record(rec)
    again = game_to_record(game)
    for key in ("format", "game", "seats", "hands"):
        assert again[key] == rec[key]
    assert again["rules"] == rec["rules"]
    assert again["start"]["dealer"] == rec["start"]["dealer"]
    out1, s1, _ = replay(rec)
    out2, s2, _ = replay(again)
    assert s1 == s2 == 0 and out1 == out2


def test_oh12_record_action_after_game_over_exit_1(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    rec["hands"][1]["actions"].append({"seat": 1, "play": "AS"})
    status, out, _ = run_replay(write(tmp_path, rec))
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["seat"], st["reason"], st["rule"]) == (15, 1, "GAME_OVER", "OH-12")
    assert out["game_over"] is True and out["winners"] == [1] and out["to_act"] is None
    assert len(out["steps"]) == 15


def test_oh8_record_exchange_is_not_an_oh_hell_action(tmp_path):
    rec = load(RECORDS / "trump_then_no_trump_3p.json")
    rec["hands"][0]["actions"].insert(3, {"seat": 1, "pass": ["2H", "9S", "AC"]})
    status, out, _ = run_replay(write(tmp_path, rec))
    assert status == 1
    st = out["stopped"]
    assert (st["index"], st["reason"], st["rule"]) == (3, "EXCHANGE_NOT_IN_EXCHANGE", "OH-8")
