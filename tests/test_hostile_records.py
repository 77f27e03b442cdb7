"""Hostile and huge hand records (issue 10), through ``tricktutor replay`` in a
subprocess and through :func:`engine.record.replay` / :func:`loads_record`:

* F1: seats and numbers take ASCII digits only: a superscript or any other
  Unicode digit in any seat or number field is an invalid record (exit 2,
  one line naming the field), never a traceback (property test over every
  Unicode digit character);
* F2: ``deal_number`` out of range names the field;
* F3: ``start.scores`` at or past the target is refused unless equal (SP-22);
* the limits of HAND_RECORD.md (10 MB, nesting 32, 30 digits, 200
  characters, 1,000 hands, 1,000 actions a hand) are checked before any
  expensive work, and messages quote at most 80 characters of the input;
* ``"seats": 4.0``, a cp1252 stdout, ``| head`` (broken pipe), and exit 3 for a bug.
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import tutor.cli
from engine import InvalidInputError, SpadesGame, SpadesRules
from engine.record import (MAX_RECORD_BYTES, RecordError, game_from_record, loads_record, parse_record,
                           replay)

ROOT = Path(__file__).resolve().parent.parent
SPADES = ROOT / "tests" / "records" / "spades" / "bags7_bid5_take8.json"
OH_HELL = ROOT / "tests" / "records" / "oh_hell" / "hook_violation.json"
FULL_GAME = ROOT / "examples" / "spades_full_game.json"

#: Every character that ``str.isdigit()`` calls a digit but that is not an ASCII digit
#: (superscripts ² ³, Arabic-Indic ٣, Devanagari ३, circled ①, fullwidth ３ …).
UNICODE_DIGITS = [chr(i) for i in range(sys.maxunicode + 1)
                  if chr(i).isdigit() and not chr(i).isascii() and unicodedata.category(chr(i)) != "Cs"]


def run(path, *args, env=None, timeout=120):
    """``python -m tutor.cli replay PATH [ARGS]`` → (exit status, stdout bytes, stderr text)."""
    p = subprocess.run([sys.executable, "-m", "tutor.cli", "replay", str(path), *args], capture_output=True,
                       cwd=ROOT, timeout=timeout, env=env)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "backslashreplace")


def spades() -> dict:
    return json.loads(SPADES.read_text(encoding="utf-8"))


def oh_hell() -> dict:
    return json.loads(OH_HELL.read_text(encoding="utf-8"))


def write(tmp_path, rec, name="rec.json") -> Path:
    p = tmp_path / name
    p.write_text(rec if isinstance(rec, str) else json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return p


def invalid(rec) -> str:
    """The one-line error of an invalid record (replay status 2)."""
    out, status, err = replay(rec)
    assert status == 2 and out is None, (status, out and out["stopped"])
    assert "\n" not in err
    return err


# ================================================================== F1: ASCII digits only
def test_unicode_digit_list_holds_the_found_cases():
    assert {"²", "³", "٣", "३", "３"} <= set(UNICODE_DIGITS)
    assert len(UNICODE_DIGITS) > 500


def test_f1_superscript_dealer_exits_2_with_one_line_naming_the_field(tmp_path):
    rec = spades()
    rec["start"]["dealer"] = "³"
    status, out, err = run(write(tmp_path, rec))
    assert (status, out) == (2, b"")
    assert err == "tricktutor replay: invalid record: start.dealer: '³' is not a seat (0 to 3, or N E S W)\n"


def test_ascii_digit_seats_and_letters_still_work():
    rec = spades()
    rec["start"]["dealer"] = "W"
    rec["hands"][0]["actions"][0]["seat"] = "0"
    out, status, err = replay(rec)
    assert status == 0, err
    rec["start"]["dealer"] = "3"
    assert replay(rec)[1] == 0


SEAT_FIELDS = {
    "start.dealer": lambda r, d: r["start"].__setitem__("dealer", d),
    "hands[0].actions[0].seat": lambda r, d: r["hands"][0]["actions"][0].__setitem__("seat", d),
    "hands[0].dealer": lambda r, d: r["hands"][0].__setitem__("dealer", d),
    "hands[0].deal": lambda r, d: r["hands"][0].__setitem__("deal", {(d if k == "1" else k): v
                                                                      for k, v in r["hands"][0]["deal"].items()}),
}
NUMBER_FIELDS = {
    "seats": lambda r, d: r.__setitem__("seats", d),
    "start.scores": lambda r, d: r["start"].__setitem__("scores", [d, 0]),
    "start.bags": lambda r, d: r["start"].__setitem__("bags", [d, 0]),
    "hands[0].deal_number": lambda r, d: (r["hands"][0].pop("deal"), r["hands"][0].__setitem__("deal_number", d)),
    "rules": lambda r, d: r["rules"].__setitem__("target_score", d),
}


@settings(max_examples=300, deadline=None)
@given(digit=st.sampled_from(UNICODE_DIGITS), field=st.sampled_from(sorted(SEAT_FIELDS)))
def test_f1_every_unicode_digit_in_every_seat_field_is_refused(digit, field):
    rec = spades()
    SEAT_FIELDS[field](rec, digit)
    err = invalid(rec)
    assert err == f"{field}: {digit!r} is not a seat (0 to 3, or N E S W)"


@settings(max_examples=200, deadline=None)
@given(digits=st.text(st.sampled_from(UNICODE_DIGITS + list("0123")), min_size=1, max_size=4)
       .filter(lambda t: not t.isascii()),
       field=st.sampled_from(sorted(SEAT_FIELDS)))
def test_f1_mixed_unicode_digit_texts_are_not_seats(digits, field):
    rec = spades()
    SEAT_FIELDS[field](rec, digits)
    assert invalid(rec).startswith(f"{field}: ")


@settings(max_examples=200, deadline=None)
@given(digit=st.sampled_from(UNICODE_DIGITS), field=st.sampled_from(sorted(NUMBER_FIELDS)))
def test_f1_every_unicode_digit_in_every_number_field_is_refused(digit, field):
    rec = spades()
    NUMBER_FIELDS[field](rec, digit)
    assert invalid(rec).startswith(f"{field}: ")


@settings(max_examples=100, deadline=None)
@given(digit=st.sampled_from(UNICODE_DIGITS))
def test_f1_oh_hell_seat_and_hand_size_fields(digit):
    rec = oh_hell()
    rec["hands"][0]["actions"][1]["seat"] = digit
    assert invalid(rec) == f"hands[0].actions[1].seat: {digit!r} is not a seat (0 to 2)"
    rec = oh_hell()
    rec["rules"]["hand_sizes"] = [digit, 1]
    assert invalid(rec).startswith("rules: hand_sizes: ")
    rec = oh_hell()
    rec["seats"] = digit
    assert invalid(rec) == f"seats: Oh Hell is for 3 to 7 seats, not {digit!r} (OH-1)"


@settings(max_examples=100, deadline=None)
@given(digit=st.sampled_from(UNICODE_DIGITS))
def test_f1_a_unicode_digit_bid_is_text_judged_by_the_rules_like_ascii_text(digit):
    # a bid written as text ("3" or "³") is a rule matter (SP-6), exit 1, as documented
    rec = spades()
    rec["hands"][0]["actions"][0]["bid"] = digit
    out, status, _ = replay(rec)
    assert status == 1
    assert (out["stopped"]["reason"], out["stopped"]["rule"]) == ("BID_NOT_WHOLE_NUMBER", "SP-6")
    assert out["stopped"]["message"] == (f"A bid must be a whole number of tricks from 0 to 13; {digit!r} is text, "
                                         f"not a number (SP-6).")


def test_f1_long_s_and_kelvin_sign_are_not_seat_letters_or_cards():
    rec = spades()
    rec["start"]["dealer"] = "ſ"  # "ſ".upper() == "S"
    assert invalid(rec) == "start.dealer: 'ſ' is not a seat (0 to 3, or N E S W)"
    rec = spades()
    rec["hands"][0]["deal"]["0"][0] = "3ſ"
    assert invalid(rec).startswith("hands[0].deal.0[0]: '3ſ' is not a card")
    rec = spades()
    rec["hands"][0]["deal"]["0"][0] = "\u212aS"  # Kelvin sign K
    assert invalid(rec).startswith("hands[0].deal.0[0]: '\u212aS' is not a card")


# ================================================================== F2, F3, seats 4.0
@pytest.mark.parametrize("number", [2 ** 63, -1, 10 ** 29])
def test_f2_deal_number_out_of_range_names_the_field(number):
    rec = spades()
    rec["hands"][0].pop("deal")
    rec["hands"][0]["deal_number"] = number
    assert invalid(rec) == (f"hands[0].deal_number: {number} is not a deal number "
                            f"(a whole number from 0 to 9223372036854775807)")


def test_f2_largest_deal_number_is_accepted():
    rec = spades()
    rec["hands"][0] = {"deal_number": 2 ** 63 - 1, "actions": []}
    out, status, err = replay(rec)
    assert status == 0, err
    assert out["to_act"]["phase"] == "bidding"


def test_f3_start_scores_past_the_target_is_an_invalid_start(tmp_path):
    rec = spades()
    rec["start"]["scores"] = [600, 0]
    status, out, err = run(write(tmp_path, rec))
    assert (status, out) == (2, b"")
    assert err == ("tricktutor replay: invalid record: start.scores: North–South already has 600 points, at or past "
                   "the target of 500, so that game is already won (SP-22); a game can start with a side at or past "
                   "the target only if the scores are equal (then another hand is played)\n")


@pytest.mark.parametrize("scores, target, ok", [
    ([500, 0], 500, False), ([0, 500], 500, False), ([499, 0], 500, True), ([600, 600], 500, True),
    ([500, 500], 500, True), ([300, 250], 300, False), ([299, -900], 300, True),
])
def test_f3_start_scores_against_the_target(scores, target, ok):
    rec = spades()
    rec["start"]["scores"] = scores
    rec["rules"] = {} if target == 500 else {"target_score": target}
    out, status, err = replay(rec)
    if ok:
        assert status == 0, err
    else:
        side = "North–South" if scores[0] > scores[1] else "East–West"
        assert (status, err.split(",")[0]) == (2, f"start.scores: {side} already has {max(scores)} points")


def test_f3_equal_scores_past_the_target_play_another_hand_sp22():
    rec = spades()
    rec["start"]["scores"] = [600, 600]
    out, status, _ = replay(rec)
    assert status == 0
    hand = out["hands"][0]
    assert hand["points"] == [-47, 41]  # the record's hand: NS 50 + 3 bags − 100 (SP-20); EW 40 + 1 bag
    assert hand["scores_after"] == [553, 641]
    assert out["game_over"] is True and out["winners"] == [1, 3]  # both past 500, the higher wins (SP-22)


def test_f3_engine_refuses_the_same_start():
    with pytest.raises(InvalidInputError, match=r"^scores: East–West already has 520 points"):
        SpadesGame(scores=(0, 520))
    with pytest.raises(InvalidInputError, match="target of 200"):
        SpadesGame(SpadesRules(target_score=200), scores=(250, 100))
    assert SpadesGame(scores=(510, 510), first_deal=1).scores == [510, 510]


def test_seats_as_a_decimal_names_the_field(tmp_path):
    rec = spades()
    text = json.dumps(rec).replace('"seats": 4', '"seats": 4.0')
    status, out, err = run(write(tmp_path, text))
    assert (status, out) == (2, b"")
    assert err == "tricktutor replay: invalid record: seats: Spades is for 2 or 4 seats, not 4.0 (SP-1, SP-2P-1)\n"


# ================================================================== limits
def test_100000_nested_lists_exit_2_quickly(tmp_path):
    t0 = time.perf_counter()
    status, out, err = run(write(tmp_path, "[" * 100_000 + "]" * 100_000))
    assert time.perf_counter() - t0 < 30
    assert (status, out) == (2, b"")
    assert err == ("tricktutor replay: invalid record: record: the JSON is nested deeper than 32 levels "
                   "(a limit of HAND_RECORD.md, far beyond any real game)\n")


def test_995_levels_inside_a_field_exit_2(tmp_path):
    rec = spades()
    text = json.dumps(rec).replace('"rules": {}', '"rules": ' + "[" * 995 + "]" * 995)
    status, _, err = run(write(tmp_path, text))
    assert status == 2 and err.count("\n") == 1
    assert "nested deeper than 32 levels" in err


def test_nesting_32_is_allowed_and_33_is_not():
    rec = spades()
    rec["note"] = json.loads("[" * 31 + "]" * 31)  # the record object is level 1
    assert parse_record(loads_record(json.dumps(rec))).game == "spades"
    rec["note"] = json.loads("[" * 32 + "]" * 32)
    with pytest.raises(RecordError, match=r"^note\[0\]\[0\]\[0\]\[0\]\[0\]… \(32 levels down\): the JSON is nested deeper than 32 levels"):
        loads_record(json.dumps(rec))
    with pytest.raises(RecordError, match="nested deeper than 32 levels"):
        parse_record(rec)  # a dict given directly is checked too


def test_5000_digit_integer_anywhere_exits_2(tmp_path):
    rec = spades()
    text = json.dumps(rec).replace('"bags": [7, 0]', '"bags": [7, ' + "9" * 5000 + "]")
    status, out, err = run(write(tmp_path, text))
    assert (status, out) == (2, b"")
    assert err == ("tricktutor replay: invalid record: record: the number 999999999999999999999999999999… has 5,000 "
                   "digits; numbers in a record have at most 30 (a limit of HAND_RECORD.md, far beyond any real game)\n")


def test_30_digit_numbers_are_allowed_31_are_not():
    rec = spades()
    rec["start"]["scores"] = [-(10 ** 30 - 1), 0]
    out, status, err = replay(rec)
    assert status == 0, err
    assert out["hands"][0]["scores_after"][0] == -(10 ** 30 - 1) + out["hands"][0]["points"][0]
    with pytest.raises(RecordError, match="has 31 digits"):
        loads_record(json.dumps(rec).replace(str(10 ** 30 - 1), str(10 ** 30)))
    rec["start"]["scores"] = [-(10 ** 30), 0]
    assert invalid(rec).startswith("start.scores[0]: -1000000000000000000000000000000 has more than 30 digits")
    with pytest.raises(RecordError, match="more than 30 digits"):
        loads_record('{"x": 1.' + "1" * 40 + "}")


def test_strings_over_200_characters_are_refused_and_quoted_short(tmp_path):
    rec = spades()
    rec["hands"][0]["actions"][0] = {"seat": 0, "play": "Q" * 9_000_000}
    status, out, err = run(write(tmp_path, rec))
    assert (status, out) == (2, b"")
    assert err == ("tricktutor replay: invalid record: hands[0].actions[0].play: the text '" + "Q" * 78 + "… has "
                   "9,000,000 characters; strings in a record have at most 200 (a limit of HAND_RECORD.md, far beyond "
                   "any real game)\n")
    rec = spades()
    rec["description"] = "x" * 200
    assert replay(rec)[1] == 0
    rec["description"] = "x" * 201
    assert invalid(rec).startswith("description: the text 'xxx")
    rec = spades()
    rec["k" * 201] = 1
    assert invalid(rec).startswith("record: the key 'kkk")


def test_file_over_10_mb_and_dev_zero_stop_at_once(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    t0 = time.perf_counter()
    status, out, err = run(big, timeout=60)
    assert time.perf_counter() - t0 < 30
    assert (status, out) == (2, b"")
    assert err == ("tricktutor replay: invalid record: file: the file is larger than 10 MB (10,000,000 bytes); "
                   "a hand record is at most 10 MB (a limit of HAND_RECORD.md, far beyond any real game)\n")
    if os.path.exists("/dev/zero"):  # not a regular file: refused before reading (HAND_RECORD.md)
        t0 = time.perf_counter()
        status, out, err = run("/dev/zero", timeout=60)
        assert time.perf_counter() - t0 < 30
        assert (status, out) == (2, b"")
        assert err == ("tricktutor replay: invalid record: file: '/dev/zero' is not a regular file (a named pipe, "
                       "a device or a folder is not read); give the path of a record file\n")


def test_a_file_of_exactly_10_mb_is_read():
    rec = spades()
    text = json.dumps(rec)
    text += " " * (MAX_RECORD_BYTES - len(text.encode("utf-8")))
    assert len(text.encode("utf-8")) == MAX_RECORD_BYTES
    assert parse_record(loads_record(text.encode("utf-8"))).game == "spades"
    with pytest.raises(RecordError, match="larger than 10 MB"):
        loads_record((text + " ").encode("utf-8"))


def test_over_1000_hands_and_1000_actions_are_refused():
    rec = spades()
    rec["hands"] = [{"deal_number": i} for i in range(1001)]
    assert invalid(rec) == ("hands: the record has 1,001 hands; a record has at most 1,000 "
                            "(a limit of HAND_RECORD.md, far beyond any real game)")
    rec = spades()
    rec["hands"][0]["actions"] = [{"seat": 0, "look": True}] * 1001
    assert invalid(rec) == ("hands[0].actions: the hand has 1,001 actions; a hand has at most 1,000 in a record "
                            "(a limit of HAND_RECORD.md, far beyond any real game)")
    rec["hands"][0]["actions"] = [{"seat": 0, "look": True}] * 1000
    out, status, _ = replay(rec)
    assert status == 0 and len(out["steps"]) == 1000


def test_oh_hell_hand_count_message_is_plural_aware():
    rec = oh_hell()
    assert rec["rules"]["hand_sizes"] == [2, 1] and len(rec["hands"]) == 1
    rec["hands"].append(copy.deepcopy(rec["hands"][0]))
    rec["rules"]["hand_sizes"] = [2]
    assert invalid(rec) == "hands: this Oh Hell game has 1 hand, the record has 2 (OH-5)"
    rec["rules"]["hand_sizes"] = [2, 1]
    rec["hands"].append(copy.deepcopy(rec["hands"][0]))
    assert invalid(rec) == "hands: this Oh Hell game has 2 hands, the record has 3 (OH-5)"


def test_oh7_ruling_on_the_4_player_13_card_hand_turn_up():
    deck = [r + s for s in "CDHS" for r in "23456789TJQKA"]
    rec = {"format": "tricktutor-hand-record/1", "game": "oh_hell", "seats": 4,
           "rules": {"hand_sizes": [13], "no_trump_final_hand": False},
           "hands": [{"deal": {str(k): deck[k::4] for k in range(4)}, "turn_up": "AS", "actions": []}]}
    assert invalid(rec) == ("hands[0].turn_up: hand 1 deals 13 cards to each of 4 players, all 52 cards "
                            "of the deck, so no card is left to turn up and the hand is played without trump "
                            "(OH-7, Ruling); write null")
    rec["hands"][0]["turn_up"] = None
    out, status, err = replay(rec)
    assert status == 0, err
    assert out["hands"][0]["trump"] is None


# ================================================================== loader used by the table
BAD_FILES = {
    "not JSON": b'{"format": ',
    "not UTF-8": b"\xff\xfe\x00",
    "deep": b"[" * 100_000,
    "digits": b'{"a": ' + b"7" * 5000 + b"}",
    "superscript seat": json.dumps({**spades(), "start": {"dealer": "²"}}).encode(),
    "turn-up twice": json.dumps({**oh_hell(), "hands": [{**oh_hell()["hands"][0], "turn_up": "KC"}]}).encode(),
    "illegal action": json.dumps({**spades(), "hands": [{**spades()["hands"][0],
                                                         "actions": [{"seat": 2, "bid": 3}]}]}).encode(),
    "over 10 MB": b" " * (MAX_RECORD_BYTES + 1),
    "a list": b"[1, 2]",
    "seats 4.0": json.dumps(spades()).replace('"seats": 4', '"seats": 4.0').encode(),
    "first deal huge": json.dumps({**spades(), "tutor": {"first_deal": 1}}).encode().replace(b'"first_deal": 1',
                                                                                          b'"first_deal": ' + b"1" * 4000),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_game_from_record_raises_only_record_error_with_one_plain_sentence(name):
    data = BAD_FILES[name]
    for given_as in (data, data.decode("utf-8", "replace")):
        with pytest.raises(RecordError) as exc:
            game_from_record(given_as, auto_deal=False)
        text = str(exc.value)
        assert "\n" not in text and len(text) < 400
        assert "Traceback" not in text


def test_game_from_record_names_the_forbidden_action():
    with pytest.raises(RecordError) as exc:
        game_from_record(BAD_FILES["illegal action"], auto_deal=False)
    assert str(exc.value) == ("hands[0].actions[0]: South may not do this: It is North's turn to bid. Bidding starts "
                              "left of the dealer (West dealt) and goes clockwise (SP-5). [NOT_YOUR_TURN, SP-5]")


# ================================================================== output and exit statuses
def test_output_to_a_cp1252_stdout_is_the_same_json(tmp_path):
    # the refusal message names cards with suit symbols, which cp1252 cannot encode
    record = ROOT / "tests" / "records" / "spades" / "must_follow_suit.json"
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    status, out, err = run(record, env=env)
    assert (status, err) == (1, "")
    status8, out8, _ = run(record)
    assert status8 == 1
    assert "♥" in json.loads(out8.decode("utf-8"))["stopped"]["message"]
    assert json.loads(out.decode("cp1252")) == json.loads(out8.decode("utf-8"))


def test_a_card_symbol_in_an_error_on_a_cp1252_stderr(tmp_path):
    rec = spades()
    rec["hands"][0]["deal"]["0"][0] = "Z♣"
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    status, out, err = run(write(tmp_path, rec), env=env)
    assert (status, out) == (2, b"")
    assert err.startswith("tricktutor replay: invalid record: hands[0].deal.0[0]: 'Z\\u2663' is not a card")
    assert err.count("\n") == 1


def test_replay_into_head_ends_quietly():
    p = subprocess.Popen([sys.executable, "-m", "tutor.cli", "replay", str(FULL_GAME), "--trace"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    first = p.stdout.read(200)
    p.stdout.close()  # like `| head`: the reader goes away
    err = p.stderr.read()
    status = p.wait(timeout=120)
    assert first.startswith(b"{")
    assert err == b""
    assert status == 0


def test_an_unexpected_error_exits_3_with_one_line(monkeypatch, capsys, tmp_path):
    def boom(*_a, **_k):
        raise KeyError("a bug")

    monkeypatch.setattr(tutor.cli, "replay", boom)
    assert tutor.cli.main(["replay", str(SPADES)]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "tricktutor replay: internal error (a bug, please report it): KeyError: \"'a bug'\"\n"


def test_exit_statuses_0_1_2_are_unchanged(tmp_path):
    assert run(SPADES)[0] == 0
    rec = spades()
    rec["hands"][0]["actions"][0]["bid"] = 14
    assert run(write(tmp_path, rec))[0] == 1
    assert run(tmp_path / "missing.json")[0] == 2


def test_a_path_of_long_keys_is_quoted_short():
    rec = spades()
    rec["a" * 150] = {"b" * 150: {"c" * 150: "x" * 201}}
    err = invalid(rec)
    field = err.split(": the text")[0]
    assert field == ("a" * 39 + "…." + "b" * 38)[:79] + "…"
    assert len(err) < 300
