"""The rulings of HAND_RECORD.md (issue 28, "Hand records"), each with its
right value: a ``look`` by a seat that has already seen its cards is
accepted and changes nothing (four- and two-player Spades alike); a switch
written at its default value means the same as leaving it out; whole numbers
carry no decimal point; a start the rules could never reach is invalid;
``tricktutor replay`` refuses anything that is not a regular file at once
(exit 2); the JSON error names "at line …" once."""
from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from engine import (IllegalActionError, InvalidInputError, OhHellGame, OhHellRules, Phase, Reason, SpadesGame,
                    SpadesRules, SpadesTwoGame, standard_draw)
from engine.record import RecordError, game_from_record, game_to_record, loads_record, parse_record, replay

ROOT = Path(__file__).resolve().parent.parent


def cli(path: Path | str, timeout: float = 30) -> tuple[int, str, str, float]:
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "tutor.cli", "replay", str(path)], capture_output=True, cwd=ROOT,
                       timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode("utf-8", "backslashreplace"), time.perf_counter() - t0


def spades_record(**start) -> dict:
    """A four-player Spades record: deal 41 dealt by West, the bidding and two tricks."""
    g = SpadesGame(first_deal=41, dealer=3)
    for s in range(4):
        g.bid(s, 3)
    for _ in range(8):
        g.play(g.to_act, g.legal_plays(g.to_act)[0])
    rec = game_to_record(g)
    rec["start"].update(start)
    return rec


def two_player_record() -> dict:
    """A two-player record by deal number (the engine's own draw), bids and three tricks."""
    g = SpadesTwoGame(first_deal=17, dealer=0)
    for d in standard_draw(g.pack, g.dealer):
        g.apply(d)
    g.bid(1, 4)
    g.bid(0, 3)
    for _ in range(6):
        g.play(g.to_act, g.legal_plays(g.to_act)[0])
    rec = game_to_record(g)
    assert rec["hands"][0]["deal_number"] == 17
    return rec


def without_steps(out: dict) -> dict:
    return {k: v for k, v in out.items() if k != "steps"}


def invalid(rec: dict) -> str:
    out, status, err = replay(rec)
    assert (status, out) == (2, None), (status, err)
    assert err is not None and "\n" not in err
    return err


# ================================================================== a look changes nothing
def test_a_second_look_in_four_player_spades_is_accepted_and_changes_nothing():
    rec = spades_record()
    base, status, _ = replay(rec)
    assert status == 0
    looked = copy.deepcopy(rec)
    acts = looked["hands"][0]["actions"]
    # North bid a number (so has looked); a look before and after the bidding, and twice in the play
    looked["hands"][0]["actions"] = (acts[:1] + [{"seat": 0, "look": True}] + acts[1:4]
                                     + [{"seat": 0, "look": True}, {"seat": 2, "look": True}] + acts[4:6]
                                     + [{"seat": 3, "look": True}] + acts[6:])
    out, status, err = replay(looked)
    assert (status, err) == (0, None)
    assert without_steps(out) == without_steps(base)
    assert [s["action"] for s in out["steps"]].count({"look": True}) == 4
    g = game_from_record(looked, auto_deal=False)
    assert game_to_record(g) == game_to_record(game_from_record(rec, auto_deal=False))


@pytest.mark.parametrize("phase_steps", [0, 10, 26, 28, 31])
def test_a_look_in_two_player_spades_is_accepted_and_changes_nothing(phase_steps):
    """SP-2P-2: each card is seen as it is drawn, so a look there always
    changes nothing; it was refused with ALREADY_LOOKED, SP-2P-1, before."""
    g = SpadesTwoGame(first_deal=17, dealer=0)
    for _ in range(phase_steps):
        acts = g.legal_actions()
        g.apply(acts[0] if g.phase is not Phase.BIDDING else acts[3])
    before = (game_to_record(g), g.history, [g.view(s) for s in (0, 1)])
    for seat in (0, 1):
        v = g.check_look(seat)
        assert (v.ok, v.reason, v.rule) == (True, Reason.OK, "SP-2P-2")
        assert g.look(seat) is None
        assert g.has_looked(seat)
    assert (game_to_record(g), g.history, [g.view(s) for s in (0, 1)]) == before


def test_a_look_in_a_two_player_record_is_a_step_and_changes_nothing():
    rec = two_player_record()
    base, status, err = replay(rec)
    assert (status, err) == (0, None)
    looked = copy.deepcopy(rec)
    acts = looked["hands"][0]["actions"]
    looked["hands"][0]["actions"] = ([{"seat": 1, "look": True}] + acts[:2] + [{"seat": 0, "look": True}]
                                     + acts[2:5] + [{"seat": 1, "look": True}, {"seat": 1, "look": True}] + acts[5:])
    out, status, err = replay(looked)
    assert (status, err) == (0, None)
    assert without_steps(out) == without_steps(base)
    assert len(out["steps"]) == len(base["steps"]) + 4


def _finish_hand(g) -> None:
    """Play ``g``'s hand out, bidding 3 (Spades) or the first legal bid."""
    while g.phase not in (Phase.DEAL, Phase.GAME_OVER):
        acts = g.legal_actions()
        g.apply(acts[3] if g.phase is Phase.BIDDING and len(acts) > 3 else acts[0])


@pytest.mark.parametrize("make, rule", [
    (lambda: SpadesGame(first_deal=41, dealer=3, auto_deal=False), "SP-21"),
    (lambda: SpadesTwoGame(first_deal=17, dealer=0, auto_deal=False), "SP-2P-6"),
    (lambda: OhHellGame(OhHellRules(players=4, hand_sizes=(2, 3)), first_deal=5, auto_deal=False), "OH-4"),
])
def test_a_look_after_the_last_trick_before_the_next_deal_is_accepted(make, rule):
    """HAND_RECORD.md: a look after a hand's last trick, while the next hand
    is not yet dealt, changes nothing and is accepted; it stopped the replay
    with HAND_NOT_DEALT before."""
    g = make()
    g.deal_next()
    if isinstance(g, SpadesTwoGame):
        for d in standard_draw(g.pack, g.dealer):
            g.apply(d)
    _finish_hand(g)
    assert g.phase is Phase.DEAL and g.hands_dealt == 1
    before = (game_to_record(g), g.history, [g.view(s) for s in range(g.n_seats)])
    for seat in range(g.n_seats):
        v = g.check_look(seat)
        assert (v.ok, v.reason, v.rule) == (True, Reason.OK, rule)
        assert "changes nothing" in v.message and rule in v.message
        assert g.look(seat) is None
    assert (game_to_record(g), g.history, [g.view(s) for s in range(g.n_seats)]) == before
    rec = game_to_record(g)
    base, status, err = replay(rec)
    assert (status, err) == (0, None)
    rec["hands"][-1]["actions"] += [{"seat": s, "look": True} for s in range(g.n_seats)]
    out, status, err = replay(rec)
    assert (status, err, out["stopped"]) == (0, None, None)
    assert without_steps(out) == without_steps(base)
    assert len(out["steps"]) == len(base["steps"]) + g.n_seats
    assert game_to_record(game_from_record(rec, auto_deal=False)) == game_to_record(g)


def test_a_look_after_the_last_trick_of_a_record_with_two_hands_changes_nothing():
    rec = json.loads((ROOT / "tests/records/spades/two_hands_set_then_bags.json").read_text(encoding="utf-8"))
    base, status, _ = replay(rec)
    assert status == 0
    rec["hands"][0]["actions"].append({"seat": 1, "look": True})
    out, status, err = replay(rec)
    assert (status, err, out["stopped"]) == (0, None, None)
    assert without_steps(out) == without_steps(base)


@pytest.mark.parametrize("path", ["oh_hell/hook_violation.json", "spades_two"])
def test_seat_letters_name_seats_in_four_seat_spades_only(path):
    """HAND_RECORD.md: N E S W in four-seat Spades only; every other record is
    refused with exit 2 naming the field and the seats it takes."""
    rec = (two_player_record() if path == "spades_two" else
           json.loads((ROOT / "tests/records" / path).read_text(encoding="utf-8")))
    high = rec["seats"] - 1
    for field, change in [
        ("hands[0].actions[0].seat", lambda r: r["hands"][0]["actions"][0].__setitem__("seat", "N")),
        ("start.dealer", lambda r: r.setdefault("start", {}).__setitem__("dealer", "E")),
    ]:
        r = copy.deepcopy(rec)
        change(r)
        err = invalid(r)
        assert err.startswith(f"{field}: ") and f"is not a seat (0 to {high})" in err, err
        assert "N E S W" not in err
    if "deal" in rec["hands"][0]:
        r = copy.deepcopy(rec)
        deal = r["hands"][0]["deal"]
        deal["S"] = deal.pop("0")
        assert f"'S' is not a seat (0 to {high})" in invalid(r)
    four = spades_record()
    four["hands"][0]["actions"][0]["seat"] = "N"
    assert replay(four)[1] == 0


def test_a_look_is_still_refused_when_no_hand_is_dealt_or_the_game_is_over():
    g = SpadesTwoGame(auto_deal=False)
    v = g.check_look(0)
    assert (v.ok, v.reason, v.rule) == (False, Reason.HAND_NOT_DEALT, "SP-2P-6")
    with pytest.raises(IllegalActionError):
        g.look(1)
    four = SpadesGame(auto_deal=False)
    assert four.check_look(0).reason is Reason.HAND_NOT_DEALT


# ================================================================== a switch at its default value
SPADES_DEFAULTS = {"nil_value": 100, "blind_nil": "always", "blind_nil_pass": 3, "bag_limit": 10,
                   "bag_penalty": 100, "ten_for_200": False, "min_contract": 0, "failed_nil_tricks_help": False,
                   "loss_floor": None, "target_score": 500}
OH_HELL_DEFAULTS = {"schedule": "up", "no_trump_final_hand": True, "hook": False, "simultaneous_bidding": False,
                    "must_trump": False, "tricks_always_count": False, "nil_pays_hand_size": False}


@pytest.mark.parametrize("name", sorted(SPADES_DEFAULTS))
def test_each_spades_switch_at_its_default_means_the_same_as_leaving_it_out(name):
    rec = spades_record()
    base = replay(rec)
    rec["rules"] = {name: SPADES_DEFAULTS[name]}
    assert replay(rec) == base
    assert parse_record(rec).rules == SpadesRules()
    assert game_to_record(game_from_record(rec))["rules"] == {}


def test_every_switch_at_its_default_at_once():
    rec = spades_record()
    base = replay(rec)
    rec["rules"] = dict(SPADES_DEFAULTS)
    assert replay(rec) == base
    two = two_player_record()
    base2 = replay(two)
    two["rules"] = dict(SPADES_DEFAULTS)  # SP-H2, SP-H3, SP-H6 at their defaults are no configuration error
    assert replay(two) == base2
    oh = json.loads((ROOT / "tests/records/oh_hell/hook_violation.json").read_text(encoding="utf-8"))
    base3 = replay(oh)
    oh["rules"] = {**OH_HELL_DEFAULTS, **oh.get("rules", {})}
    assert replay(oh) == base3


def test_blind_nil_never_with_the_default_exchange_size_is_valid():
    rec = spades_record()
    rec["rules"] = {"blind_nil": "never", "blind_nil_pass": 3}
    assert parse_record(rec).rules == SpadesRules(blind_nil="never")
    rec["rules"] = {"blind_nil": "never", "blind_nil_pass": 2}
    assert invalid(rec).startswith("rules: blind_nil_pass: 2 is a configuration error with blind_nil 'never'")


def test_oh_hell_schedule_up_written_out_is_the_default_even_with_hand_sizes():
    rules = OhHellRules.from_json({"schedule": "up", "hand_sizes": [1, 2, 3]}, 3)
    assert rules == OhHellRules.from_json({"hand_sizes": [1, 2, 3]}, 3) and rules.sizes == (1, 2, 3)
    assert OhHellRules(players=4, schedule="up") == OhHellRules(players=4)
    assert OhHellRules(players=4, schedule="up").to_json() == {}
    with pytest.raises(InvalidInputError, match="give either schedule or hand_sizes, not both"):
        OhHellRules.from_json({"schedule": "down", "hand_sizes": [1, 2, 3]}, 3)
    g = OhHellGame.from_hands(["AH 7C", "KH 9C", "5C 8D"], rules={"schedule": "up"}, dealer=2)
    assert g.rules.sizes == (2,)  # as with no schedule written: a game of this one hand


# ================================================================== whole numbers: no decimal point
@pytest.mark.parametrize("rules", [
    {"nil_value": 100.0}, {"nil_value": 50.0}, {"blind_nil_pass": 3.0}, {"bag_limit": 10.0}, {"bag_penalty": 1e2},
    {"min_contract": 0.0}, {"loss_floor": -200.0}, {"target_score": 500.0}, {"target_score": 3e2},
    {"ten_for_200": 0}, {"failed_nil_tricks_help": 1},
])
def test_spades_numbers_with_a_decimal_point_are_invalid(rules):
    rec = spades_record()
    rec["rules"] = rules
    (name, value), = rules.items()
    assert invalid(rec).startswith(f"rules: {name}: {value!r} is not allowed; allowed: ")


@pytest.mark.parametrize("rules, needle", [
    ({"hand_sizes": [1.0, 2]}, "hand_sizes: 1.0 is not a hand size"),
    ({"hook": 0}, "hook must be true or false, not 0"),
    ({"no_trump_final_hand": 1}, "no_trump_final_hand must be true or false, not 1"),
])
def test_oh_hell_numbers_with_a_decimal_point_are_invalid(rules, needle):
    rec = {"format": "tricktutor-hand-record/1", "game": "oh_hell", "seats": 3, "rules": rules, "hands": []}
    assert needle in invalid(rec)


@pytest.mark.parametrize("path, value, field", [
    (("start", "dealer"), 1.0, "start.dealer"), (("start", "scores"), [0.0, 0], "start.scores"),
    (("start", "bags"), [2.0, 0], "start.bags"), (("seats",), 4.0, "seats"),
])
def test_start_and_seats_with_a_decimal_point_are_invalid(path, value, field):
    rec = spades_record()
    target = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert invalid(rec).startswith(field + ": ")


def test_a_deal_number_with_a_decimal_point_is_invalid():
    rec = spades_record()
    rec["hands"] = [{"deal_number": 41.0}]
    assert invalid(rec) == "hands[0].deal_number: 41.0 is not a deal number (a whole number from 0 to 9223372036854775807)"


def test_a_bid_with_a_decimal_point_is_refused_by_the_rules():
    """A bid is judged by the rules (HAND_RECORD.md): 3.0 is not taken for 3."""
    rec = spades_record()
    rec["hands"][0]["actions"][0]["bid"] = 3.0
    out, status, _ = replay(rec)
    assert status == 1 and out["steps"] == []
    s = out["stopped"]
    assert (s["reason"], s["rule"]) == ("BID_NOT_WHOLE_NUMBER", "SP-6")
    assert s["message"] == ("A bid must be a whole number of tricks from 0 to 13; 3.0 is written as a decimal; "
                            "give the whole number 3 (SP-6).")


# ================================================================== a start the rules could never reach
@pytest.mark.parametrize("rules, start, ok", [
    ({}, {"bags": [9, 9]}, True), ({}, {"bags": [10, 0]}, False), ({}, {"bags": [0, 12]}, False),
    ({"bag_limit": 5}, {"bags": [4, 0]}, True), ({"bag_limit": 5}, {"bags": [5, 0]}, False),
    ({}, {"scores": [499, 0]}, True), ({}, {"scores": [500, 0]}, False), ({}, {"scores": [0, 730]}, False),
    ({}, {"scores": [500, 500]}, True), ({}, {"scores": [620, 620]}, True),  # SP-22: equal, another hand
    ({"target_score": 300}, {"scores": [300, 10]}, False), ({"target_score": 300}, {"scores": [299, 10]}, True),
    ({"loss_floor": -200}, {"scores": [-199, 0]}, True), ({"loss_floor": -200}, {"scores": [-200, 0]}, False),
    ({"loss_floor": -200}, {"scores": [0, -450]}, False),
    ({"loss_floor": -200}, {"scores": [-250, -250]}, True),  # SP-H8: equal totals play another hand
    ({"loss_floor": -200}, {"scores": [600, -300]}, False), ({}, {"scores": [-5000, 0]}, True),  # no floor: play on
])
def test_a_start_the_rules_could_never_reach_is_invalid(rules, start, ok):
    rec = spades_record(**start)
    rec["rules"] = rules
    two = two_player_record()
    two["rules"] = rules
    two["start"].update(start)
    for r in (rec, two):
        out, status, err = replay(r)
        if ok:
            assert status == 0, err
        else:
            assert (status, out) == (2, None)
            assert err.startswith("start.bags: " if "bags" in start else "start.scores: ")
    seats_kw = dict(scores=start.get("scores", (0, 0)), bags=start.get("bags", (0, 0)))
    for cls in (SpadesGame, SpadesTwoGame):
        if ok:
            cls(rules, **seats_kw, first_deal=1)
        else:
            with pytest.raises(InvalidInputError):
                cls(rules, **seats_kw, first_deal=1)


# ================================================================== only a regular file is read
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_replay_refuses_a_named_pipe_at_once():
    # a short folder: the message quotes the whole path only up to a length (pytest's own tmp_path is
    # longer under xdist workers, and the quote would end in "…")
    folder = Path(tempfile.mkdtemp(prefix="tt"))
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    status, out, err, seconds = cli(fifo)
    assert (status, out) == (2, "")
    assert seconds < 20  # it used to block until killed
    assert err == (f"tricktutor replay: invalid record: file: {str(fifo)!r} is not a regular file (a named pipe, "
                   f"a device or a folder is not read); give the path of a record file\n")
    with pytest.raises(RecordError) as e:
        from engine.record import load_record_file
        load_record_file(str(fifo))
    assert e.value.field == "file"
    shutil.rmtree(folder)


def test_replay_refuses_a_folder(tmp_path):
    status, out, err, _ = cli(tmp_path)
    assert (status, out) == (2, "")
    assert "is not a regular file" in err and err.count("\n") == 1


def test_replay_reads_a_link_to_a_regular_file(tmp_path):
    src = ROOT / "tests/records/spades/bags7_bid5_take8.json"
    link = tmp_path / "link.json"
    link.symlink_to(src)
    assert cli(link)[0] == 0


# ================================================================== the JSON error
def test_invalid_control_character_says_at_line_once():
    with pytest.raises(RecordError) as e:
        loads_record('{"a": "x\ny"}')
    assert str(e.value) == "record: not valid JSON (Invalid control character at line 1, column 9)"
    with pytest.raises(RecordError) as e:
        loads_record('{"a" 1}')
    assert str(e.value) == "record: not valid JSON (Expecting ':' delimiter at line 1, column 6)"
