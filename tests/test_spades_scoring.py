"""Spades scoring at the scoring level (SP-7 … SP-11, SP-17 … SP-20) with
``engine.games.spades.score_spades_side(side, bids, tricks, bags_before)`` and the
worked examples EX-S1, EX-S2, EX-S4 and EX-S5 of RULES.md, values written out.
"""
from __future__ import annotations

import pytest

from engine.actions import Bid
from engine.games.spades import score_spades_side

NIL = "nil"
BLIND = "blind_nil"


def _bid(seat, b):
    if b == NIL:
        return Bid(seat, 0)
    if b == BLIND:
        return Bid(seat, 0, True)
    return Bid(seat, b)


def score(side, bids, tricks, bags_before=0):
    """``(lines as (item, points, rule) tuples, hand points, bags after)``."""
    b = [_bid(side, bids[0]), _bid(side + 2, bids[1])]
    lines, points, bags = score_spades_side(side, b, list(tricks), bags_before)
    assert sum(l.points for l in lines) == points
    assert all(l.who == side for l in lines)
    return [(l.item, l.points, l.rule) for l in lines], points, bags


# ------------------------------------------------------------- EX-S1 / SP-7
def test_ex_s1_sp7_contracts_are_the_partners_sums():
    # A 4, B 3, C 2, D 2 (A, C partners = North–South; B, D = East–West)
    # A+C must win at least 6: 6 made, 5 set
    assert score(0, (4, 2), (3, 3)) == ([("contract made", 60, "SP-17")], 60, 0)
    assert score(0, (4, 2), (5, 0)) == ([("contract set", -60, "SP-18")], -60, 0)
    # B+D must win at least 5
    assert score(1, (3, 2), (0, 5)) == ([("contract made", 50, "SP-17")], 50, 0)
    assert score(1, (3, 2), (2, 2)) == ([("contract set", -50, "SP-18")], -50, 0)


def test_sp7_a_nil_bid_adds_nothing_to_the_contract():
    lines, points, bags = score(0, (4, NIL), (4, 0))
    assert lines == [("Nil made (South)", 100, "SP-8"), ("contract made", 40, "SP-17")]
    assert (points, bags) == (140, 0)


# ------------------------------------------------------------- EX-S2 / SP-8
def test_ex_s2_sp8_nil_partner_must_win_his_bid_alone():
    # A bids 4, partner C Nil; C wins nothing, A alone must win at least 4
    assert score(0, (4, NIL), (4, 0))[1] == 140
    assert score(0, (4, NIL), (3, 0)) == ([("Nil made (South)", 100, "SP-8"), ("contract set", -40, "SP-18")], 60, 0)


def test_sp8_nil_failure_minus_100_its_tricks_do_not_help_the_partner():
    lines, points, bags = score(0, (4, NIL), (3, 1))
    assert lines == [("Nil failed (South)", -100, "SP-8"), ("failed Nil tricks are bags (South)", 1, "SP-19"),
                     ("contract set", -40, "SP-18")]
    assert (points, bags) == (-139, 1)


def test_sp8_sp19_nil_takes_2_partner_bid_3_took_3():
    lines, points, bags = score(0, (NIL, 3), (2, 3))
    assert lines == [("Nil failed (North)", -100, "SP-8"), ("failed Nil tricks are bags (North)", 2, "SP-19"),
                     ("contract made", 30, "SP-17")]
    assert points == -68
    assert bags == 2


# ------------------------------------------------------------- SP-9 both Nil
def test_sp9_both_nil_succeed_plus_200():
    assert score(1, (NIL, NIL), (0, 0)) == ([("Nil made (East)", 100, "SP-8"), ("Nil made (West)", 100, "SP-8")], 200, 0)


def test_sp9_both_nil_fail_minus_200_every_trick_a_bag():
    lines, points, bags = score(1, (NIL, NIL), (1, 2))
    assert lines == [("Nil failed (East)", -100, "SP-8"), ("failed Nil tricks are bags (East)", 1, "SP-19"),
                     ("Nil failed (West)", -100, "SP-8"), ("failed Nil tricks are bags (West)", 2, "SP-19")]
    assert (points, bags) == (-197, 3)


def test_sp9_both_nil_one_each_net_zero_plus_bags():
    lines, points, bags = score(0, (NIL, NIL), (0, 1))
    assert [l[1] for l in lines] == [100, -100, 1]
    assert (points, bags) == (1, 1)


# ------------------------------------------------------------- SP-10 / SP-11 Blind Nil
def test_sp10_blind_nil_success_plus_200():
    assert score(0, (BLIND, 5), (0, 5)) == ([("Blind Nil made (North)", 200, "SP-10"), ("contract made", 50, "SP-17")], 250, 0)


def test_sp10_blind_nil_failure_minus_200():
    lines, points, bags = score(0, (BLIND, 5), (1, 5))
    assert lines == [("Blind Nil failed (North)", -200, "SP-10"), ("failed Blind Nil tricks are bags (North)", 1, "SP-19"),
                     ("contract made", 50, "SP-17")]
    assert (points, bags) == (-149, 1)


def test_sp11_both_blind_nil_plus_400_minus_400_or_net_zero():
    assert score(0, (BLIND, BLIND), (0, 0))[1:] == (400, 0)
    # both fail: −400, all 13 tricks are bags (SP-19), the 10th bag costs 100 (SP-20)
    assert score(0, (BLIND, BLIND), (6, 7))[1:] == (-400 + 13 - 100, 3)
    lines, _, _ = score(0, (BLIND, BLIND), (0, 2))
    assert [l[1] for l in lines] == [200, -200, 2]


def test_sp11_nil_and_blind_nil_partners_each_scored_on_its_own():
    assert score(0, (NIL, BLIND), (0, 0))[:2] == ([("Nil made (North)", 100, "SP-8"),
                                                   ("Blind Nil made (South)", 200, "SP-10")], 300)
    assert score(0, (NIL, BLIND), (0, 1))[1:] == (-99, 1)
    assert score(0, (NIL, BLIND), (1, 0))[1:] == (101, 1)


# ------------------------------------------------------------- SP-17 / SP-18
def test_ex_s4_sp17_bid_5_win_7_is_52():
    assert score(1, (3, 2), (4, 3)) == ([("contract made", 50, "SP-17"), ("bags", 2, "SP-17")], 52, 2)


def test_sp17_exact_contract_no_bags():
    assert score(0, (2, 2), (1, 3)) == ([("contract made", 40, "SP-17")], 40, 0)


def test_sp18_set_no_points_and_no_bags_for_tricks_won():
    assert score(0, (5, 5), (4, 5), bags_before=3) == ([("contract set", -100, "SP-18")], -100, 3)


def test_sp18_set_nil_partner_tricks_are_still_bags():
    # SP-19 ruling: failed Nil tricks are bags whether the partner's contract is made or set
    lines, points, bags = score(0, (NIL, 6), (3, 5), bags_before=0)
    assert lines == [("Nil failed (North)", -100, "SP-8"), ("failed Nil tricks are bags (North)", 3, "SP-19"),
                     ("contract set", -60, "SP-18")]
    assert (points, bags) == (-157, 3)


# ------------------------------------------------------------- SP-20 sandbagging, EX-S5
def test_ex_s5_sp20_bags_reach_11_minus_100_carry_1_then_9_more_minus_100_again():
    bags = 0
    totals = []
    for bid, won in [((2, 2), (4, 3)), ((2, 1), (3, 3)), ((2, 2), (5, 4))]:
        lines, points, bags = score(0, bid, won, bags)
        totals.append((points, bags))
    assert totals == [(43, 3), (33, 6), (-55, 1)]  # hand 3: 40 + 5 bags − 100, 11 bags → 1 carried
    assert lines == [("contract made", 40, "SP-17"), ("bags", 5, "SP-17"), ("bag penalty", -100, "SP-20")]
    # later, 9 more bags → 10 again → another −100
    lines, points, bags = score(0, (2, 2), (6, 7), bags)
    assert lines == [("contract made", 40, "SP-17"), ("bags", 9, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert (points, bags) == (-51, 0)


def test_sp20_nine_bags_carried_no_penalty_yet():
    assert score(0, (2, 2), (3, 3), bags_before=7) == ([("contract made", 40, "SP-17"), ("bags", 2, "SP-17")], 42, 9)


def test_sp20_carry_7_bid_5_take_8_minus_47_counter_0():
    lines, points, bags = score(0, (3, 2), (5, 3), bags_before=7)
    assert lines == [("contract made", 50, "SP-17"), ("bags", 3, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert (points, bags) == (-47, 0)


def test_sp20_carry_9_bid_1_and_1_take_13_two_penalties_in_one_line():
    lines, points, bags = score(0, (1, 1), (13, 0), bags_before=9)
    assert lines == [("contract made", 20, "SP-17"), ("bags", 11, "SP-17"), ("bag penalty ×2", -200, "SP-20")]
    assert (points, bags) == (-169, 0)


def test_sp18_sp20_47_points_7_bags_bid_10_take_9_then_bid_4_take_9():
    score_ns = 47
    lines, points, bags = score(0, (5, 5), (5, 4), bags_before=7)
    assert (lines, points, bags) == ([("contract set", -100, "SP-18")], -100, 7)
    score_ns += points
    assert score_ns == -53
    lines, points, bags = score(0, (2, 2), (5, 4), bags_before=bags)
    assert lines == [("contract made", 40, "SP-17"), ("bags", 5, "SP-17"), ("bag penalty", -100, "SP-20")]
    score_ns += points
    assert (score_ns, bags) == (-108, 2)


def test_sp20_failed_nil_bags_count_toward_the_penalty():
    lines, points, bags = score(0, (NIL, 4), (2, 4), bags_before=8)
    assert lines == [("Nil failed (North)", -100, "SP-8"), ("failed Nil tricks are bags (North)", 2, "SP-19"),
                     ("contract made", 40, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert (points, bags) == (-158, 0)


@pytest.mark.parametrize("bid, won, before, points, after", [
    ((1, 1), (13, 0), 0, 31 - 100, 1),   # 11 bags from 0 → one penalty, 1 carried
    ((6, 6), (7, 6), 9, 121 - 100, 0),
    ((6, 6), (6, 5), 9, -120, 9),
    ((7, 6), (7, 6), 9, 130, 9),
    ((1, 1), (1, 1), 0, 20, 0),
])
def test_sp17_sp18_sp20_table(bid, won, before, points, after):
    assert score(0, bid, won, before)[1:] == (points, after)
