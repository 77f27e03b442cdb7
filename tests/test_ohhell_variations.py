"""Oh Hell variations OH-V1 … OH-V8 (RULES.md), the no-trump-final-hand
option (OH-7) and the configuration errors raised on creation.
"""
from __future__ import annotations

import re

import pytest

from engine import (Deal, IllegalActionError, InvalidInputError, OhHellGame, OhHellRules, Phase,
                    parse_card, parse_cards)
from engine.game import ScoreLine
from engine.games.oh_hell import score_oh_hell_seat
from engine.record import RecordError, parse_record
from engine.verdict import Reason
from engine_test_helpers import play_first_legal


def dealt(rules: OhHellRules, dealer: int, hands: list[str], turn_up: str | None = None) -> OhHellGame:
    g = OhHellGame(rules, dealer=dealer, auto_deal=False)
    g.deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turn_up) if turn_up else None))
    return g


def legal_values(g: OhHellGame, seat: int) -> list[int]:
    return [b.value for b in g.legal_bids(seat)]


# --------------------------------------------------------------------------- OH-V1 … OH-V3 schedules
@pytest.mark.parametrize("n,sizes", [
    (3, (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
    (4, (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
    (5, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
    (6, (8, 7, 6, 5, 4, 3, 2, 1)),
    (7, (7, 6, 5, 4, 3, 2, 1)),
])
def test_ohv1_backwards_schedule_largest_hand_first(n, sizes):
    rules = OhHellRules(players=n, schedule="down")
    assert rules.sizes == sizes and rules.n_hands == len(sizes)


def test_ohv1_backwards_game_deals_seven_down_to_one():
    g = OhHellGame(OhHellRules(players=7, schedule="down"), dealer=0, first_deal=71)
    assert g.hand_size == 7 and len(g.hand_of(0)) == 7
    play_first_legal(g)
    assert [r.hand_size for r in g.results] == [7, 6, 5, 4, 3, 2, 1]
    # the final (1-card) hand has no trump; the first 7-card hand turns one up (49 dealt < 52)
    assert g.results[-1].trump is None and g.results[-1].turn_up is None
    assert g.results[0].turn_up is not None


def test_oh6_up_schedule_is_default_and_explicit():
    assert OhHellRules(players=6).sizes == OhHellRules(players=6, schedule="up").sizes == (1, 2, 3, 4, 5, 6, 7, 8)


def test_ohv2_up_and_down_four_players_25_hands():
    rules = OhHellRules(players=4, schedule="up_down")
    assert rules.n_hands == 25
    assert rules.sizes == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    # the 13-card turning point (hand 13) has no card to turn up (OH-7 Ruling); neighbours do
    assert [rules.has_trump(i) for i in (11, 12, 13, 24)] == [True, False, True, False]


@pytest.mark.parametrize("n,hands", [(3, 29), (4, 25), (5, 19), (6, 15), (7, 13)])
def test_ohv2_ohv3_turning_point_played_once(n, hands):
    assert OhHellRules(players=n, schedule="up_down").n_hands == hands
    assert OhHellRules(players=n, schedule="down_up").n_hands == hands


def test_ohv3_down_and_up_four_players():
    rules = OhHellRules(players=4, schedule="down_up")
    assert rules.sizes == (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    assert rules.has_trump(0) is False and rules.has_trump(1) is True


def test_ohv2_up_and_down_game_seven_players():
    g = OhHellGame(OhHellRules(players=7, schedule="up_down"), dealer=3, first_deal=5)
    play_first_legal(g)
    assert [r.hand_size for r in g.results] == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert [r.dealer for r in g.results] == [3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 0, 1]
    assert g.phase is Phase.GAME_OVER


def test_ohv3_down_and_up_game_six_players():
    g = OhHellGame(OhHellRules(players=6, schedule="down_up"), dealer=0, first_deal=6)
    play_first_legal(g)
    assert [r.hand_size for r in g.results] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
    assert g.results[-1].trump is None
    assert all(r.trump is not None for r in g.results[:-1])


def test_oh6_hand_sizes_explicit_list():
    rules = OhHellRules(players=3, hand_sizes=[1, 2, 3])
    assert rules.hand_sizes == (1, 2, 3) and rules.sizes == (1, 2, 3) and rules.n_hands == 3


# --------------------------------------------------------------------------- OH-V4 hook
def test_ohv4_hook_dealer_may_not_make_total_equal_three_players():
    # 3 players, 5 cards, dealer seat 2: seat 0 bids 4, seat 1 bids 0 → dealer may bid 0, 2, 3, 4, 5.
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(5,), hook=True), dealer=2, first_deal=12)
    assert g.dealer == 2 and g.to_act == 0
    g.bid(0, 4)
    g.bid(1, 0)
    assert g.hooked_bid() == 1
    assert legal_values(g, 2) == [0, 2, 3, 4, 5]
    v = g.check_bid(2, 1)
    assert (v.ok, v.reason, v.rule) == (False, Reason.HOOK, "OH-V4")
    assert dict(v.evidence) == {"bid": 1, "others_total": 4, "tricks": 5, "forbidden": 1}
    for ok in (0, 2, 3, 4, 5):
        assert g.check_bid(2, ok).ok


def test_ohv4_hook_message_exact_wording():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(5,), hook=True), dealer=3, first_deal=12)
    g.bid(0, 1)
    g.bid(1, 2)
    g.bid(2, 0)
    assert g.check_bid(3, 2).message == (
        "You may not bid 2: the other bids add up to 3 and there are 5 tricks, so a bid of 2 would make "
        "the total exactly 5 (hook rule, OH-V4).")


def test_ohv4_hook_others_already_over_tricks_dealer_free_no_negative_number():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(5,), hook=True), dealer=3, first_deal=12)
    g.bid(0, 3)
    g.bid(1, 1)
    g.bid(2, 2)
    assert g.hooked_bid() is None
    assert legal_values(g, 3) == [0, 1, 2, 3, 4, 5]
    for v in range(0, 6):
        verdict = g.check_bid(3, v)
        assert verdict.ok
        # a negative number, not a rule id such as "OH-8"
        assert not re.search(r"(?<![A-Za-z])[-−]\s*\d", verdict.message), verdict.message
        assert "barred" not in verdict.message and "hook" not in verdict.message.lower()


def test_ohv4_hook_one_card_earlier_zeros_dealer_must_bid_0():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(1,), hook=True), dealer=3, first_deal=12)
    for s in (0, 1, 2):
        g.bid(s, 0)
    assert legal_values(g, 3) == [0]
    v = g.check_bid(3, 1)
    assert (v.ok, v.reason, v.rule) == (False, Reason.HOOK, "OH-V4")


def test_ohv4_hook_four_cards_earlier_4_0_0_dealer_may_not_bid_0():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(4,), hook=True), dealer=3, first_deal=12)
    g.bid(0, 4)
    g.bid(1, 0)
    g.bid(2, 0)
    assert legal_values(g, 3) == [1, 2, 3, 4]
    v = g.check_bid(3, 0)
    assert (v.ok, v.reason, v.rule) == (False, Reason.HOOK, "OH-V4")


def test_ohv4_hook_only_stops_the_last_bidder():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(2,), hook=True), dealer=3, first_deal=12)
    g.bid(0, 2)  # already the whole total: earlier bidders are never stopped
    assert legal_values(g, 1) == [0, 1, 2]
    g.bid(1, 0)
    assert legal_values(g, 2) == [0, 1, 2]
    g.bid(2, 0)
    assert legal_values(g, 3) == [1, 2]


def test_ohv4_hook_off_dealer_may_make_total_equal():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(5,)), dealer=3, first_deal=12)
    g.bid(0, 1)
    g.bid(1, 2)
    g.bid(2, 0)
    assert g.check_bid(3, 2).ok
    assert legal_values(g, 3) == [0, 1, 2, 3, 4, 5]


def test_ohv4_hook_applies_in_every_hand_with_rotating_dealer():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(1, 2, 3), hook=True), dealer=0, first_deal=33)
    seen = []
    while g.phase is not Phase.GAME_OVER:
        if g.phase is Phase.BIDDING and sum(b is not None for b in g.bids) == 2:
            assert g.to_act == g.dealer
            others = sum(b for b in g.bids if b is not None)
            forbidden = g.hand_size - others
            expected = [v for v in range(g.hand_size + 1) if v != forbidden]
            assert legal_values(g, g.dealer) == expected
            seen.append(g.dealer)
        g.apply(g.legal_actions(g.to_act)[0])
    assert seen == [0, 1, 2]
    for r in g.results:
        assert sum(r.bids) != r.hand_size


# --------------------------------------------------------------------------- OH-V5 simultaneous bidding
def test_ohv5_simultaneous_bids_in_any_order_and_sealed_until_all_in():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(3,), simultaneous_bidding=True), dealer=0, first_deal=40)
    assert g.seats_to_act == (1, 2, 3, 0)
    for s in range(4):
        assert legal_values(g, s) == [0, 1, 2, 3]
        assert g.view(s).my_turn
    g.bid(3, 2)
    assert g.seats_to_act == (1, 2, 0)
    assert g.view(3).bids == (None, None, None, 2)
    for s in (0, 1, 2):
        assert g.view(s).bids == (None, None, None, None)
    g.bid(0, 1)
    assert g.view(0).bids == (1, None, None, None)
    assert g.view(3).bids == (None, None, None, 2)
    assert g.view(1).bids == (None, None, None, None)
    g.bid(2, 0)
    assert g.view(2).bids == (None, None, 0, None)
    assert g.phase is Phase.BIDDING
    g.bid(1, 3)
    assert g.phase is Phase.PLAY
    for s in range(4):
        assert g.view(s).bids == (1, 3, 0, 2)
    assert g.to_act == 1  # the player left of the dealer leads (OH-9)


def test_ohv5_simultaneous_each_seat_bids_once():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2,), simultaneous_bidding=True), dealer=0, first_deal=40)
    g.bid(2, 1)
    v = g.check_bid(2, 0)
    assert (v.ok, v.reason, v.rule) == (False, Reason.ALREADY_BID, "OH-8")
    assert g.legal_bids(2) == []


def test_ohv5_simultaneous_no_hook_total_may_equal_tricks():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2,), simultaneous_bidding=True), dealer=0, first_deal=40)
    g.bid(0, 1)
    g.bid(2, 1)
    assert legal_values(g, 1) == [0, 1, 2]
    g.bid(1, 0)
    assert g.bids == (1, 0, 1)


def test_ohv5_hook_and_simultaneous_rejected_on_creation():
    with pytest.raises(InvalidInputError) as e:
        OhHellRules(players=4, hook=True, simultaneous_bidding=True)
    msg = str(e.value)
    assert "OH-V4" in msg and "OH-V5" in msg and "Switch one of them off" in msg


# --------------------------------------------------------------------------- OH-V6 must trump
MUST_TRUMP_DEAL = ["KD 4H", "3S AC", "2D 5H"]  # 3 players, trump ♠ (turned 9S), seat 0 leads ♦K


def must_trump_game(on: bool) -> OhHellGame:
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2), must_trump=on), dealer=2, hands=MUST_TRUMP_DEAL,
              turn_up="9S")
    for s in (0, 1, 2):
        g.bid(s, 0)
    g.play(0, "KD")
    return g


def test_ohv6_must_trump_void_seat_must_play_its_trump():
    g = must_trump_game(True)
    assert [c.code for c in g.legal_plays(1)] == ["3S"]
    v = g.check_play(1, "AC")
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_TRUMP, "OH-V6")
    assert "OH-V6" in v.message and "3♠" in v.message
    assert list(v.evidence["trumps"]) == ["3S"]
    with pytest.raises(IllegalActionError):
        g.play(1, "AC")
    assert g.check_play(1, "3S").ok


def test_ohv6_must_trump_off_void_seat_may_play_either():
    g = must_trump_game(False)
    assert [c.code for c in g.legal_plays(1)] == ["AC", "3S"]
    assert g.check_play(1, "AC").ok and g.check_play(1, "3S").ok


def test_ohv6_must_trump_need_not_overtrump():
    g = dealt(OhHellRules(players=3, hand_sizes=(1, 1), must_trump=True), dealer=2,
              hands=["KD", "AS", "2S"], turn_up="9S")
    for s in (0, 1, 2):
        g.bid(s, 0)
    g.play(0, "KD")
    g.play(1, "AS")
    assert g.check_play(2, "2S").ok


def test_ohv6_must_trump_changes_nothing_on_no_trump_hand():
    g = dealt(OhHellRules(players=3, hand_sizes=(2,), must_trump=True), dealer=2, hands=MUST_TRUMP_DEAL)
    assert g.trump is None
    for s in (0, 1, 2):
        g.bid(s, 0)
    g.play(0, "KD")
    assert [c.code for c in g.legal_plays(1)] == ["AC", "3S"]


def test_ohv6_must_trump_following_suit_still_first():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2), must_trump=True), dealer=2,
              hands=["KD 4H", "3S 5D", "2D 5H"], turn_up="9S")
    for s in (0, 1, 2):
        g.bid(s, 0)
    g.play(0, "KD")
    v = g.check_play(1, "3S")
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_FOLLOW_SUIT, "OH-9")


# --------------------------------------------------------------------------- OH-V7, OH-V8 scoring
@pytest.mark.parametrize("bid,won,points,item,rule", [
    (3, 4, 4, "bid missed, tricks count", "OH-V7"),
    (3, 0, 0, "bid missed, tricks count", "OH-V7"),
    (2, 1, 1, "bid missed, tricks count", "OH-V7"),
    (2, 2, 12, "bid made", "OH-11"),
])
def test_ohv7_tricks_always_count(bid, won, points, item, rule):
    line = score_oh_hell_seat(0, bid, won, 6, OhHellRules(tricks_always_count=True))
    assert line == ScoreLine(0, item, points, rule)


@pytest.mark.parametrize("size,points", [(1, 6), (4, 9), (7, 12), (13, 18)])
def test_ohv8_nil_pays_by_hand_size(size, points):
    assert score_oh_hell_seat(2, 0, 0, size, OhHellRules(nil_pays_hand_size=True)) == \
        ScoreLine(2, "Nil made", points, "OH-V8")


def test_ohv8_only_successful_nil_changes():
    rules = OhHellRules(nil_pays_hand_size=True)
    assert score_oh_hell_seat(0, 0, 1, 7, rules) == ScoreLine(0, "bid missed", 0, "OH-11")
    assert score_oh_hell_seat(0, 3, 3, 7, rules) == ScoreLine(0, "bid made", 13, "OH-11")


def test_ohv7_ohv8_together():
    rules = OhHellRules(tricks_always_count=True, nil_pays_hand_size=True)
    assert score_oh_hell_seat(0, 0, 0, 5, rules).points == 10
    assert score_oh_hell_seat(0, 0, 2, 5, rules) == ScoreLine(0, "bid missed, tricks count", 2, "OH-V7")


def test_ohv7_full_hand_missed_bids_keep_tricks():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2), tricks_always_count=True), dealer=2,
              hands=["KC 5D", "2H 9S", "AC 3S"], turn_up="7H")
    for s, b in ((0, 1), (1, 0), (2, 0)):
        g.bid(s, b)
    for s, c in ((0, "KC"), (1, "2H"), (2, "AC"), (1, "9S"), (2, "3S"), (0, "5D")):
        g.play(s, c)
    r = g.results[0]
    assert r.tricks_won == (0, 2, 0)
    assert r.points == (0, 2, 10)
    assert [l.rule for l in r.score_lines] == ["OH-V7", "OH-V7", "OH-11"]


# --------------------------------------------------------------------------- configuration errors
@pytest.mark.parametrize("kwargs,needle", [
    (dict(players=4, hook=True, simultaneous_bidding=True), "Switch one of them off"),
    (dict(players=2), "choose a player count from 3 to 7"),
    (dict(players=8), "choose a player count from 3 to 7"),
    (dict(players=3, hand_sizes=(1, 18)), "use at most 17 cards a hand"),
    (dict(players=7, hand_sizes=(8,)), "use at most 7 cards a hand"),
    (dict(players=4, schedule="down", hand_sizes=(1, 2)), "give either schedule or hand_sizes, not both"),
    (dict(players=4, schedule="zigzag"), "is not one of up, down, up_down, down_up"),
    (dict(players=4, hand_sizes=()), "at least one hand"),
    (dict(players=4, hand_sizes=(0, 1)), "at least 1"),
    (dict(players=4, hook="yes"), "must be true or false"),
])
def test_ohv_invalid_combinations_rejected_on_creation(kwargs, needle):
    with pytest.raises(InvalidInputError) as e:
        OhHellRules(**kwargs)
    assert needle in str(e.value)


def test_oh6_hand_sizes_largest_dealable_accepted():
    assert OhHellRules(players=3, hand_sizes=(17,)).sizes == (17,)
    assert OhHellRules(players=3, hand_sizes=(17,)).has_trump(0) is False  # final hand
    assert OhHellRules(players=3, hand_sizes=(17, 1)).has_trump(0) is True  # one card left to turn


@pytest.mark.parametrize("rules,field", [
    ({"hook": True, "simultaneous_bidding": True}, "rules"),
    ({"schedule": "sideways"}, "rules"),
    ({"hand_sizes": [18]}, "rules"),
    ({"nonsense": True}, "rules"),
])
def test_ohv_invalid_combinations_rejected_in_records(rules, field):
    rec = {"format": "tricktutor-hand-record/1", "game": "oh_hell", "seats": 3, "rules": rules, "hands": []}
    with pytest.raises(RecordError) as e:
        parse_record(rec)
    assert e.value.field == field


@pytest.mark.parametrize("seats", [2, 8])
def test_oh1_record_with_wrong_seat_count_rejected(seats):
    rec = {"format": "tricktutor-hand-record/1", "game": "oh_hell", "seats": seats, "rules": {}, "hands": []}
    with pytest.raises(RecordError) as e:
        parse_record(rec)
    assert e.value.field == "seats"


def test_ohv_rules_json_round_trip():
    rules = OhHellRules(players=5, schedule="down_up", no_trump_final_hand=False, hook=True, must_trump=True,
                        tricks_always_count=True, nil_pays_hand_size=True)
    js = rules.to_json()
    assert js == {"schedule": "down_up", "no_trump_final_hand": False, "hook": True, "must_trump": True,
                  "tricks_always_count": True, "nil_pays_hand_size": True}
    back = OhHellRules.from_json(js, 5)
    assert back == rules and back.sizes == rules.sizes
    assert OhHellRules().to_json() == {}
    assert OhHellRules.from_json({"hand_sizes": [1, 2, 3]}, 3).sizes == (1, 2, 3)


@pytest.mark.parametrize("turn_up,hands", [
    ("9S", ["KD 4H", "5C AC", "2D 5H"]),  # trump ♠, seat 1 void in ♦ and holds no ♠
    (None, ["KD 4H", "3S AC", "2D 5H"]),  # final hand, no trump: must-trump changes nothing (OH-V6)
])
def test_ohv6_must_trump_discard_without_trump_allowed_under_oh9(turn_up, hands):
    sizes = (2, 2) if turn_up else (2,)
    g = dealt(OhHellRules(players=3, hand_sizes=sizes, must_trump=True), dealer=2, hands=hands, turn_up=turn_up)
    for s in (0, 1, 2):
        g.bid(s, 0)
    g.play(0, "KD")
    v = g.check_play(1, "AC")
    assert v.ok
    assert v.rule == "OH-9"


@pytest.mark.parametrize("schedule", ["", 0, False])
def test_ohv_falsy_schedule_rejected_on_creation(schedule):
    with pytest.raises(InvalidInputError) as e:
        OhHellRules(players=4, schedule=schedule)
    assert "is not one of up, down, up_down, down_up" in str(e.value)
