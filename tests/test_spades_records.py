"""The issue's Spades scenarios as hand records (tests/records/spades/*.json),
replayed through ``tricktutor replay`` in a subprocess, plus the replay exit
statuses (0 ok, 1 illegal action, 2 invalid record) and ``--trace``
(HAND_RECORD.md).  Every expected value is written out.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.record import game_from_record, game_to_record, replay
from engine_test_helpers import run_replay

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records" / "spades"
EXAMPLES = ROOT / "examples"
CARD_ORDER = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def load(name):
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def lines_of(hand, side):
    return [(l["item"], l["points"], l["rule"]) for l in hand["score_lines"] if l["side"] == side]


# ------------------------------------------------------------------ play scenarios
def test_sp14_sp16_trick1_void_east_trumps_wins_and_may_lead_spade():
    status, out, err = run_replay(RECORDS / "trick1_void_trumps_then_leads_spade.json", "--trace")
    assert status == 0, err
    assert out["ok"] is True and out["stopped"] is None
    hand = out["hands"][0]
    assert hand["tricks"] == [{"leader": 0, "cards": ["AC", "2S", "TC", "5C"], "winner": 1}]
    assert hand["tricks_won"] == [0, 1, 0, 0]
    assert hand["current_trick"] == {"leader": 1, "cards": ["AS"]}
    steps = out["steps"]
    # East, void in clubs, could play any of his 13 cards to trick 1 (SP-14)
    assert steps[5] == {"index": 5, "seat": 1, "action": {"play": "2S"}, "legal_before":
                        ["7D", "8D", "9D", "TD", "JD", "9H", "TH", "JH", "2S", "3S", "4S", "5S", "AS"]}
    # spades were broken by the trump, so East may lead any card, spades included (SP-13, SP-15)
    assert steps[8] == {"index": 8, "seat": 1, "action": {"play": "AS"}, "legal_before":
                        ["7D", "8D", "9D", "TD", "JD", "9H", "TH", "JH", "3S", "4S", "5S", "AS"]}
    assert out["to_act"] == {"seat": 2, "phase": "play", "legal": ["6S"]}


def test_sp13_spade_lead_before_broken_is_refused_in_replay():
    status, out, _ = run_replay(RECORDS / "spade_lead_before_broken.json")
    assert status == 1
    stopped = out["stopped"]
    assert {k: stopped[k] for k in ("index", "seat", "reason", "rule")} == {
        "index": 4, "seat": 0, "reason": "SPADES_NOT_BROKEN", "rule": "SP-13"}
    assert "K♠" in stopped["message"]
    assert out["ok"] is False
    assert len(out["steps"]) == 4
    assert out["to_act"] == {"seat": 0, "phase": "play",
                             "legal": ["JC", "QC", "KC", "AC", "QD", "KD", "AD", "QH", "KH", "AH"]}


def test_sp14_must_follow_suit_is_refused_in_replay():
    status, out, _ = run_replay(RECORDS / "must_follow_suit.json")
    assert status == 1
    stopped = out["stopped"]
    assert set(stopped) == {"index", "seat", "reason", "rule", "message"}
    assert (stopped["index"], stopped["seat"], stopped["reason"], stopped["rule"]) == (6, 2, "MUST_FOLLOW_SUIT", "SP-14")
    for shown in ("A♣", "clubs", "10♣", "9♣", "8♣", "7♣", "6♣", "8♥"):
        assert shown in stopped["message"]
    assert out["hands"][0]["current_trick"] == {"leader": 0, "cards": ["AC", "2S"]}
    assert out["to_act"] == {"seat": 2, "phase": "play", "legal": ["6C", "7C", "8C", "9C", "TC"]}


def test_sp13_sp15_leader_holding_only_spades_may_lead_any_and_it_breaks_spades():
    status, out, err = run_replay(RECORDS / "leader_holds_only_spades.json", "--trace")
    assert status == 0, err
    steps = out["steps"]
    # trick 3: North holds only spades, spades unbroken: all eleven are legal
    assert steps[12]["action"] == {"play": "2S"}
    assert steps[12]["legal_before"] == ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]
    # at trick 1 North, holding clubs and diamonds too, could not lead a spade
    assert steps[4]["legal_before"] == ["AC", "AD"]
    # East won trick 3 with the K♠ and, spades now broken, leads the A♠
    hand = out["hands"][0]
    assert hand["tricks"][2] == {"leader": 0, "cards": ["2S", "KS", "7H", "QH"], "winner": 1}
    assert steps[16] == {"index": 16, "seat": 1, "action": {"play": "AS"}, "legal_before":
                         ["3C", "4C", "3D", "4D", "2H", "3H", "4H", "5H", "6H", "AS"]}
    assert hand["tricks_won"] == [2, 1, 0, 0]


def test_sp15_spades_broken_in_hand_1_are_unbroken_in_hand_2():
    status, out, _ = run_replay(RECORDS / "spades_unbroken_in_hand_2.json")
    assert status == 1
    assert [h["number"] for h in out["hands"]] == [1, 2]
    assert out["hands"][0]["points"] == [55, -70]
    assert any(c.endswith("S") for t in out["hands"][0]["tricks"] for c in t["cards"])
    assert out["hands"][1]["dealer"] == 0  # SP-21
    stopped = out["stopped"]
    assert (stopped["index"], stopped["seat"], stopped["reason"], stopped["rule"]) == (60, 1, "SPADES_NOT_BROKEN", "SP-13")
    assert out["to_act"]["legal"] == ["8C", "3D", "6D", "7D", "TD", "KD", "3H", "8H", "AH"]


def test_sp16_sp12_west_trumps_wins_and_leads_next():
    status, out, _ = run_replay(RECORDS / "west_trumps_and_leads.json")
    assert status == 0
    hand = out["hands"][0]
    assert hand["dealer"] == 0
    assert hand["tricks"] == [{"leader": 1, "cards": ["3H", "KH", "2S", "AH"], "winner": 3}]
    assert out["to_act"]["seat"] == 3
    assert out["to_act"]["legal"] == ["JC", "QC", "KC", "AC", "QD", "KD", "AD", "3S", "4S", "5S", "6S", "7S"]


# ------------------------------------------------------------------ scoring scenarios
def test_sp20_carry_7_bags_bid_5_take_8():
    status, out, _ = run_replay(RECORDS / "bags7_bid5_take8.json")
    assert status == 0
    hand = out["hands"][0]
    assert hand["tricks_won"][0] + hand["tricks_won"][2] == 8
    assert lines_of(hand, 0) == [("contract made", 50, "SP-17"), ("bags", 3, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert hand["points"][0] == -47
    assert hand["bags_after"][0] == 0
    assert hand["scores_after"] == [-47, 41]


def test_sp20_carry_9_bags_bid_1_and_1_take_all_13_two_penalties():
    status, out, _ = run_replay(RECORDS / "bags9_bid_1_and_1_take_13.json")
    assert status == 0
    hand = out["hands"][0]
    assert hand["tricks_won"] == [13, 0, 0, 0]
    assert lines_of(hand, 0) == [("contract made", 20, "SP-17"), ("bags", 11, "SP-17"),
                                 ("bag penalty ×2", -200, "SP-20")]
    assert lines_of(hand, 1) == [("contract set", -20, "SP-18")]
    assert hand["points"] == [-169, -20]
    assert hand["bags_after"] == [0, 0]


def test_sp18_sp20_47_points_7_bags_set_then_bag_penalty():
    status, out, _ = run_replay(RECORDS / "two_hands_set_then_bags.json")
    assert status == 0
    h1, h2 = out["hands"]
    assert h1["tricks_won"][0] + h1["tricks_won"][2] == 9
    assert lines_of(h1, 0) == [("contract set", -100, "SP-18")]
    assert h1["scores_after"][0] == -53 and h1["bags_after"][0] == 7
    assert h2["tricks_won"][0] + h2["tricks_won"][2] == 9
    assert lines_of(h2, 0) == [("contract made", 40, "SP-17"), ("bags", 5, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert h2["scores_after"][0] == -108 and h2["bags_after"][0] == 2
    assert h2["dealer"] == 0


def test_sp22_game_over_ns_win_with_520():
    status, out, _ = run_replay(RECORDS / "game_over_ns_520.json")
    assert status == 0
    hand = out["hands"][0]
    assert hand["tricks_won"][0] + hand["tricks_won"][2] == 4
    assert hand["tricks_won"][1] + hand["tricks_won"][3] == 9
    assert hand["points"] == [40, 54]
    assert hand["scores_after"] == [520, 354]
    assert out["game_over"] is True
    assert out["winners"] == [0, 2]
    assert out["to_act"] is None


def test_sp22_tie_at_531_is_not_over_and_another_hand_is_dealt():
    status, out, _ = run_replay(RECORDS / "tie_531_plays_on.json")
    assert status == 0
    h1 = out["hands"][0]
    assert h1["points"] == [61, 51]
    assert h1["scores_after"] == [531, 531]
    assert out["game_over"] is False and out["winners"] == []
    assert len(out["hands"]) == 2 and out["hands"][1]["bids"] == {"1": 3}
    # loaded with automatic dealing, the engine deals the next hand by itself
    rec = load("tie_531_plays_on.json")
    rec["hands"] = rec["hands"][:1]
    game = game_from_record(rec)
    assert game.phase.value == "bidding" and game.hands_dealt == 2 and game.dealer == 0


def test_sp8_sp19_nil_fails_with_2_tricks_partner_makes_3():
    status, out, _ = run_replay(RECORDS / "nil_fails_partner_makes.json")
    assert status == 0
    hand = out["hands"][0]
    assert hand["bids"]["0"] == "nil" and hand["bids"]["2"] == 3
    assert hand["tricks_won"][0] == 2 and hand["tricks_won"][2] == 3
    assert lines_of(hand, 0) == [("Nil failed (North)", -100, "SP-8"),
                                 ("failed Nil tricks are bags (North)", 2, "SP-19"),
                                 ("contract made", 30, "SP-17")]
    assert hand["points"][0] == -68
    assert hand["bags_after"][0] == 2


def test_sp11_nil_and_blind_nil_partners_exchange_and_score_separately():
    status, out, _ = run_replay(RECORDS / "nil_and_blind_nil_partners.json")
    assert status == 0
    steps = out["steps"]
    assert [s["action"] for s in steps[:4]] == [{"bid": "nil"}, {"bid": 3}, {"bid": "blind_nil"}, {"bid": 4}]
    assert [s["seat"] for s in steps[4:6]] == [0, 2] and all("pass" in s["action"] for s in steps[4:6])
    hand = out["hands"][0]
    assert hand["tricks_won"][0] == 0 and hand["tricks_won"][2] == 1
    assert lines_of(hand, 0) == [("Nil made (North)", 100, "SP-8"), ("Blind Nil failed (South)", -200, "SP-10"),
                                 ("failed Blind Nil tricks are bags (South)", 1, "SP-19")]
    assert hand["points"][0] == -99 and hand["bags_after"][0] == 1


def test_sp10_blind_nil_exchange_record():
    status, out, _ = run_replay(RECORDS / "blind_nil_exchange.json", "--trace")
    assert status == 0
    steps = out["steps"]
    assert steps[0]["legal_before"][-1] == "blind_nil"
    assert steps[4] == {"index": 4, "seat": 0, "action": {"pass": ["KC", "4S", "8S"]},
                        "legal_before": steps[4]["legal_before"]}
    assert len(steps[4]["legal_before"]) == 286  # any 3 of 13 cards
    assert steps[4]["legal_before"][0] == "2C 3C JC"
    # North now holds South's 6♣ 4♦ 9♦ and not his K♣ 4♠ 8♠
    assert out["to_act"] == {"seat": 0, "phase": "play",
                             "legal": ["2C", "3C", "6C", "JC", "2D", "3D", "4D", "9D", "QD", "2H", "3H", "5H", "8H"]}


def test_sp11_both_blind_nil_no_exchange_in_replay():
    status, out, _ = run_replay(RECORDS / "both_blind_nil_no_exchange.json")
    assert status == 1
    s = out["stopped"]
    assert (s["index"], s["seat"], s["reason"], s["rule"]) == (4, 1, "EXCHANGE_BOTH_BLIND_NIL", "SP-11")
    assert out["to_act"]["phase"] == "play"


def test_sp10_blind_nil_after_looking_in_replay():
    status, out, _ = run_replay(RECORDS / "blind_nil_after_looking.json")
    assert status == 1
    s = out["stopped"]
    assert (s["index"], s["seat"], s["reason"], s["rule"]) == (1, 0, "BLIND_NIL_AFTER_LOOKING", "SP-10")
    assert out["steps"] == [{"index": 0, "seat": 0, "action": {"look": True}}]
    assert "blind_nil" not in out["to_act"]["legal"]


@pytest.mark.parametrize("name, index, seat, reason", [
    ("bid_not_whole_number.json", 1, 1, "BID_NOT_WHOLE_NUMBER"),
    ("bid_out_of_range.json", 0, 0, "BID_OUT_OF_RANGE"),
])
def test_sp6_bad_bids_in_replay(name, index, seat, reason):
    status, out, _ = run_replay(RECORDS / name)
    assert status == 1
    s = out["stopped"]
    assert (s["index"], s["seat"], s["reason"], s["rule"]) == (index, seat, reason, "SP-6")


@pytest.mark.parametrize("name, seat", [("action_after_game_over.json", 1),
                                        ("bid_after_last_trick_of_won_game.json", 0)])
def test_sp22_action_after_game_over_is_refused_in_replay(name, seat):
    status, out, _ = run_replay(RECORDS / name)
    assert status == 1
    s = out["stopped"]
    assert (s["index"], s["seat"], s["reason"], s["rule"]) == (56, seat, "GAME_OVER", "SP-22")
    assert out["game_over"] is True and out["winners"] == [0, 2]
    assert len(out["steps"]) == 56 and len(out["hands"]) == 1


# ------------------------------------------------------------------ exit statuses and invalid records
def _write(tmp_path, obj, name="record.json"):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return p


def _base():
    return load("bags7_bid5_take8.json")


def _set_card(rec, seat, i, card):
    rec["hands"][0]["deal"][seat][i] = card
    return rec


@pytest.mark.parametrize("mutate, field", [
    (lambda r: _set_card(r, "0", 0, "ZZ"), "hands[0].deal.0[0]"),
    (lambda r: _set_card(r, "1", 4, r["hands"][0]["deal"]["0"][0]), "hands[0].deal.1[4]"),
    (lambda r: r["hands"][0]["deal"]["2"].pop() and r, "hands[0].deal.2"),
    (lambda r: r["hands"][0]["actions"][0].update(seat=5) or r, "hands[0].actions[0].seat"),
    (lambda r: r["start"].update(dealer=5) or r, "start.dealer"),
    (lambda r: r.update(rules={"mercy_rule": True}) or r, "rules"),
    (lambda r: r.update(seats=5) or r, "seats"),
    (lambda r: r.update(format="pbn") or r, "format"),
    (lambda r: r["hands"][0]["actions"][3].update(play="AS") or r, "hands[0].actions[3]"),
])
def test_replay_invalid_record_exits_2_naming_the_field(tmp_path, mutate, field):
    rec = mutate(_base())
    status, out, err = run_replay(_write(tmp_path, rec))
    assert status == 2
    assert out is None
    assert len(err.strip().splitlines()) == 1
    assert field in err


def test_replay_bad_json_exits_2(tmp_path):
    status, out, err = run_replay(_write(tmp_path, '{"format": "tricktutor-hand-record/1", "game": '))
    assert status == 2 and out is None
    assert len(err.strip().splitlines()) == 1
    assert "not valid JSON" in err


def test_replay_unknown_card_message_quotes_it(tmp_path):
    status, _, err = run_replay(_write(tmp_path, _set_card(_base(), "0", 0, "1S")))
    assert status == 2
    assert "'1S'" in err


def test_replay_card_dealt_twice_message(tmp_path):
    rec = _base()
    dup = rec["hands"][0]["deal"]["0"][0]
    status, _, err = run_replay(_write(tmp_path, _set_card(rec, "3", 0, dup)))
    assert status == 2
    assert f"{dup} is dealt twice" in err


@pytest.mark.parametrize("bid_text, reason", [
    ("NaN", "BID_NOT_WHOLE_NUMBER"), ("2.5", "BID_NOT_WHOLE_NUMBER"), ('"3"', "BID_NOT_WHOLE_NUMBER"),
    ("true", "BID_NOT_WHOLE_NUMBER"), ("-1", "BID_OUT_OF_RANGE"), ("14", "BID_OUT_OF_RANGE"),
])
def test_sp6_bad_bid_values_in_a_record_file(tmp_path, bid_text, reason):
    rec = _base()
    rec["hands"][0]["actions"][0]["bid"] = "@BID@"
    text = json.dumps(rec).replace('"@BID@"', bid_text)
    status, out, err = run_replay(_write(tmp_path, text))
    assert status == 1, err
    s = out["stopped"]
    assert (s["index"], s["seat"], s["reason"], s["rule"]) == (0, 0, reason, "SP-6")
    assert out["steps"] == []


def test_replay_ok_exits_0_with_the_documented_shape():
    status, out, _ = run_replay(RECORDS / "bags7_bid5_take8.json")
    assert status == 0
    assert set(out) == {"ok", "stopped", "steps", "hands", "game_over", "winners", "to_act"}
    assert set(out["hands"][0]) == {"number", "dealer", "trump", "bids", "tricks", "tricks_won", "score_lines",
                                    "points", "scores_after", "bags_after"}
    assert out["hands"][0]["trump"] == "S"
    assert [s["index"] for s in out["steps"]] == list(range(56))
    for hand in out["hands"]:
        for side in (0, 1):
            assert sum(l["points"] for l in hand["score_lines"] if l["side"] == side) == hand["points"][side]


def test_trace_legal_before_is_sorted_clubs_to_spades_two_to_ace():
    status, out, _ = run_replay(RECORDS / "two_hands_set_then_bags.json", "--trace")
    assert status == 0
    plays = 0
    for step in out["steps"]:
        legal = step["legal_before"]
        if "play" in step["action"]:
            plays += 1
            assert legal == sorted(legal, key=CARD_ORDER.index)
            assert step["action"]["play"] in legal
        else:
            # nobody in this record looks before bidding, so Blind Nil is still open (SP-10)
            assert legal == [str(v) for v in range(14)] + ["blind_nil"]
    assert plays == 104


def test_replay_without_trace_has_no_legal_before():
    _, out, _ = run_replay(RECORDS / "west_trumps_and_leads.json")
    assert all("legal_before" not in s for s in out["steps"])


def test_replay_through_the_installed_tricktutor_script():
    exe = shutil.which("tricktutor") or str(Path(sys.executable).parent / "tricktutor")
    if not Path(exe).exists():
        pytest.skip("tricktutor console script not installed")
    proc = subprocess.run([exe, "replay", str(RECORDS / "game_over_ns_520.json")],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["game_over"] is True and out["winners"] == [0, 2]
    proc = subprocess.run([exe, "replay", str(RECORDS / "must_follow_suit.json")],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["stopped"]["reason"] == "MUST_FOLLOW_SUIT"


# ------------------------------------------------------------------ every record round-trips
ALL_OK_RECORDS = sorted(p.name for p in RECORDS.glob("*.json") if replay(json.loads(p.read_text("utf-8")))[1] == 0)


@pytest.mark.parametrize("name", ALL_OK_RECORDS)
def test_records_save_load_round_trip(name):
    rec = load(name)
    game = game_from_record(rec, auto_deal=False)
    again = game_to_record(game)
    assert game_to_record(game_from_record(again, auto_deal=False)) == again
    assert replay(again)[0] == replay(rec)[0]


# ------------------------------------------------------------------ examples
def test_example_full_game_is_played_to_500():
    status, out, err = run_replay(EXAMPLES / "spades_full_game.json")
    assert status == 0, err
    assert out["game_over"] is True
    assert out["winners"] == [1, 3]
    last = out["hands"][-1]["scores_after"]
    assert max(last) >= 500 and last[1] > last[0]
    assert all(max(h["scores_after"]) < 500 or h is out["hands"][-1] for h in out["hands"])
    assert len(out["hands"]) == 14
    assert out["hands"][-1]["scores_after"] == [362, 506]


def test_example_short_game():
    status, out, _ = run_replay(EXAMPLES / "spades_short_game.json")
    assert status == 0
    rec = json.loads((EXAMPLES / "spades_short_game.json").read_text("utf-8"))
    assert rec["rules"] == {"target_score": 150}
    assert out["game_over"] is True and out["winners"] == [0, 2]
    assert out["hands"][-1]["scores_after"] == [173, 33]
    assert len(out["hands"]) == 3


def test_example_blind_nil_hand():
    status, out, _ = run_replay(EXAMPLES / "spades_blind_nil_hand.json")
    assert status == 0
    hand = out["hands"][0]
    assert hand["bids"] == {"0": "blind_nil", "1": 2, "2": 6, "3": 2}
    assert [s["action"] for s in out["steps"][4:6]] == [{"pass": ["KC", "4S", "8S"]}, {"pass": ["4D", "6C", "9D"]}]
    assert hand["tricks_won"][0] == 0
    assert ("Blind Nil made (North)", 200, "SP-10") in lines_of(hand, 0)
    assert hand["points"] == [262, 41]
    assert out["game_over"] is False


@pytest.mark.parametrize("path", sorted(str(p) for p in EXAMPLES.glob("spades_*.json")))
def test_every_example_replays_cleanly(path):
    status, out, err = run_replay(path)
    assert status == 0, err
    assert out["ok"] is True
