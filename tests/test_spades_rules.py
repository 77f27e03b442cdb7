"""Spades rules SP-1 … SP-22 and the worked examples EX-S1 … EX-S5 of
RULES.md, through the engine's public API (``SpadesGame``).  Each test is
named after the rule it checks and asserts the verdict's reason code and rule
id (never the wording).  Deals are built by hand so that every trick is known.
"""
from __future__ import annotations

import json
import math

import pytest

from engine import (Bid, Deal, IllegalActionError, InvalidInputError, Phase, Play, Reason,
                    SpadesGame, SpadesRules, Suit, parse_card, parse_cards, partner_of, side_of, trick_winner)
from engine.record import game_to_record
from engine.games.spades import SEAT_NAMES
from engine_test_helpers import bid_all, play_lowest

# Dealer West (3): North leads.  East holds no clubs; spades J Q K (N), 2 3 4 5 A (E), 6 (S), 7 8 9 T (W).
D1 = ["AC KC QC JC AD KD QD AH KH QH JS QS KS",
      "JD TD 9D 8D 7D JH TH 9H 2S 3S 4S 5S AS",
      "TC 9C 8C 7C 6C 6D 5D 4D 8H 7H 6H 5H 6S",
      "5C 4C 3C 2C 3D 2D 4H 3H 2H 7S 8S 9S TS"]
# Dealer North (0): East leads.  West holds no hearts.
D2 = ["AH 2H 7H 8H 8S 9S TS TC 9C 8C JD TD 9D",
      "3H 4H 5H 6H JS QS 7C 6C 5C 4C 8D 7D 6D",
      "KH QH JH TH 9H KS AS 3C 2C 5D 4D 3D 2D",
      "2S 3S 4S 5S 6S 7S AC KC QC JC AD KD QD"]
# Dealer West: North holds A♣ A♦ and eleven spades; East K♠ A♠.
D3 = ["AC AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
      "KS AS 2C 3C 4C 2D 3D 4D 2H 3H 4H 5H 6H",
      "5C 6C 7C 8C 5D 6D 7D 8D 7H 8H 9H TH JH",
      "9C TC JC QC KC 9D TD JD QD KD QH KH AH"]
# One suit per seat: North all spades, so (dealer West) North leads and wins all 13 tricks.
DS = ["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
      "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
      "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
      "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"]


def codes(cards):
    return [c.code for c in cards]


def make_deal(hands):
    return Deal(tuple(tuple(parse_cards(h)) for h in hands))


def game_with(hands, dealer=3, scores=(0, 0), bags=(0, 0), rules=None, auto_deal=False):
    game = SpadesGame(rules, dealer=dealer, scores=scores, bags=bags, auto_deal=auto_deal, first_deal=1000)
    if game.phase is Phase.DEAL:
        game.deal(make_deal(hands))
    return game


def refused(game, call, *args, **kw):
    """Call a state-changing method that must be refused; check nothing changed
    (SP rules are checked before any change); return the verdict."""
    before = json.dumps(game_to_record(game))
    hands_before = [codes(game.hand_of(s)) for s in range(4)]
    with pytest.raises(IllegalActionError) as exc:
        call(*args, **kw)
    assert json.dumps(game_to_record(game)) == before
    assert [codes(game.hand_of(s)) for s in range(4)] == hands_before
    return exc.value.verdict


def assert_verdict(v, reason, rule):
    assert v.ok is False
    assert v.reason is reason
    assert v.rule == rule


# ===================================================================== SP-1
def test_sp1_partners_sit_opposite():
    assert [side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert SEAT_NAMES == ("North", "East", "South", "West")


def test_sp1_four_seats_only():
    game = game_with(D1)
    for bad in (4, -1, "N", True, 1.0):
        with pytest.raises(InvalidInputError):
            game.check_bid(bad, 3)
    with pytest.raises(InvalidInputError):
        game.bid(4, 3)
    with pytest.raises(InvalidInputError):
        SpadesGame(dealer=4)


# ===================================================================== SP-2
def test_sp2_spades_are_always_trump():
    game = game_with(D1)
    assert game.view(0).trump is Suit.SPADES
    assert trick_winner(0, parse_cards("AH 2S KH QH"), Suit.SPADES, 4) == 1
    assert trick_winner(0, parse_cards("AC KC QC 2S"), Suit.SPADES, 4) == 3
    bid_all(game, 3, 4, 2, 3)
    play_lowest(game)
    assert game.results[0].trump is Suit.SPADES


# ===================================================================== SP-3
def test_sp3_target_is_500_by_default():
    assert SpadesRules().target_score == 500
    assert SpadesRules.from_json({}) == SpadesRules()
    assert SpadesRules.from_json({"target_score": 150}).target_score == 150
    for bad in (0, -5, 2.5, True, "500"):
        with pytest.raises(InvalidInputError):
            SpadesRules(target_score=bad)
    with pytest.raises(InvalidInputError):
        SpadesRules.from_json({"mercy_rule": 200})


# ===================================================================== SP-4
def test_sp4_deal_gives_13_cards_to_each_of_4_seats():
    game = SpadesGame(first_deal=5, dealer=2)
    hands = [game.hand_of(s) for s in range(4)]
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert len({c for h in hands for c in h}) == 52
    assert game.dealer == 2 and game.hands_dealt == 1


def test_sp4_a_deal_with_12_cards_or_a_card_twice_is_invalid_input():
    game = SpadesGame(auto_deal=False)
    short = [h.split() for h in DS]
    short[0] = short[0][:12]
    with pytest.raises(InvalidInputError):
        game.deal(Deal(tuple(tuple(parse_cards(h)) for h in short)))
    twice = [h.split() for h in DS]
    twice[1][0] = "AS"
    with pytest.raises(InvalidInputError):
        game.deal(Deal(tuple(tuple(parse_cards(h)) for h in twice)))
    assert game.phase is Phase.DEAL and game.history == ()


# ===================================================================== SP-5
def test_sp5_left_of_dealer_bids_first_then_clockwise():
    for dealer in range(4):
        game = game_with(D1, dealer=dealer)
        order = []
        for _ in range(4):
            order.append(game.to_act)
            game.bid(game.to_act, 3)
        assert order == [(dealer + k) % 4 for k in (1, 2, 3, 4)]


def test_sp5_bid_out_of_turn_is_refused():
    game = game_with(D1)
    v = refused(game, game.bid, 2, 3)
    assert_verdict(v, Reason.NOT_YOUR_TURN, "SP-5")
    assert v.evidence["to_act"] == 0


def test_sp5_exactly_one_round_no_second_bid():
    game = game_with(D1)
    game.bid(0, 3)
    assert_verdict(refused(game, game.bid, 0, 4), Reason.ALREADY_BID, "SP-5")
    bid_all(game, 4, 2, 3)
    assert game.phase is Phase.PLAY
    v = refused(game, game.bid, 1, 5)
    assert_verdict(v, Reason.ALREADY_BID, "SP-5")
    assert v.evidence["bid"] == 4


def test_sp5_no_card_is_played_during_the_bidding():
    game = game_with(D1)
    assert_verdict(refused(game, game.play, 0, "AC"), Reason.WRONG_PHASE, "SP-5")
    assert game.legal_plays(0) == []


def test_sp5_nobody_may_pass():
    game = game_with(D1)
    assert_verdict(game.check_bid(0, "pass"), Reason.BID_NOT_WHOLE_NUMBER, "SP-6")
    assert_verdict(game.check_bid(0, None), Reason.BID_NOT_WHOLE_NUMBER, "SP-6")


# ===================================================================== SP-6
def test_sp6_every_whole_number_0_to_13_is_legal():
    game = game_with(D1)
    for v in range(14):
        verdict = game.check_bid(0, v)
        assert verdict.ok and verdict.reason is Reason.OK
    assert [b.value for b in game.legal_bids(0) if not b.blind] == list(range(14))
    assert game.check_bid(0, 0).rule == "SP-8"  # 0 is Nil
    assert game.check_bid(0, 13).rule == "SP-6"


def test_sp6_bids_need_not_go_up():
    game = game_with(D1)
    bid_all(game, 7, 1, 0, 13)
    assert game.bids == (7, 1, "nil", 13)


@pytest.mark.parametrize("value, reason", [
    (math.nan, Reason.BID_NOT_WHOLE_NUMBER),
    (2.5, Reason.BID_NOT_WHOLE_NUMBER),
    (3.0, Reason.BID_NOT_WHOLE_NUMBER),
    ("3", Reason.BID_NOT_WHOLE_NUMBER),
    (True, Reason.BID_NOT_WHOLE_NUMBER),
    (math.inf, Reason.BID_NOT_WHOLE_NUMBER),
    (None, Reason.BID_NOT_WHOLE_NUMBER),
    (-1, Reason.BID_OUT_OF_RANGE),
    (14, Reason.BID_OUT_OF_RANGE),
])
def test_sp6_bad_bids_are_refused_with_a_reason(value, reason):
    game = game_with(D1)
    assert_verdict(game.check_bid(0, value), reason, "SP-6")
    v = refused(game, game.bid, 0, value)
    assert_verdict(v, reason, "SP-6")
    assert game.to_act == 0 and game.bids == (None, None, None, None)


def test_sp6_zero_is_accepted():
    game = game_with(D1)
    game.bid(0, 0)
    assert game.bids[0] == "nil"


# ===================================================================== SP-7 / EX-S1
def test_ex_s1_sp7_contract_sums_in_a_played_hand():
    game = game_with(DS)
    bid_all(game, 4, 3, 2, 2)  # N 4, E 3, S 2, W 2: NS must win 6, EW 5
    play_lowest(game)
    r = game.results[0]
    assert r.tricks_won == (13, 0, 0, 0)
    assert [(l.who, l.item, l.points, l.rule) for l in r.score_lines] == [
        (0, "contract made", 60, "SP-17"), (0, "bags", 7, "SP-17"), (1, "contract set", -50, "SP-18")]
    assert r.points == (67, -50)


# ===================================================================== SP-8 / EX-S2
def test_ex_s2_sp8_nil_partner_wins_his_bid_alone():
    game = game_with(DS)
    bid_all(game, 4, 3, 0, 2)  # South Nil; North alone must win 4
    play_lowest(game)
    r = game.results[0]
    assert r.bids == (4, 3, "nil", 2)
    assert [(l.item, l.points, l.rule, l.seat) for l in r.score_lines if l.who == 0] == [
        ("Nil made (South)", 100, "SP-8", 2), ("contract made", 40, "SP-17", None), ("bags", 9, "SP-17", None)]
    assert r.points[0] == 149


def test_sp8_sp19_failed_nil_tricks_are_bags_even_when_the_partner_is_set():
    game = game_with(DS)
    bid_all(game, 0, 3, 4, 2)  # North Nil takes all 13; South bid 4 takes 0
    play_lowest(game)
    r = game.results[0]
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 0] == [
        ("Nil failed (North)", -100, "SP-8"), ("failed Nil tricks are bags (North)", 13, "SP-19"),
        ("contract set", -40, "SP-18"), ("bag penalty", -100, "SP-20")]
    assert r.points[0] == -227 and r.bags_after[0] == 3


# ===================================================================== SP-9
def test_sp9_both_partners_nil_is_legal_and_scored_separately():
    game = game_with(DS)
    bid_all(game, 6, 0, 1, 0)  # East and West Nil
    assert game.bids == (6, "nil", 1, "nil")
    play_lowest(game)
    r = game.results[0]
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 1] == [
        ("Nil made (East)", 100, "SP-8"), ("Nil made (West)", 100, "SP-8")]
    assert r.points == (76, 200)


# ===================================================================== SP-10 Blind Nil
def test_sp10_blind_nil_only_before_looking():
    game = game_with(D1)
    assert game.legal_bids(0)[-1] == Bid(0, 0, True)
    assert game.check_bid(0, 0, blind=True).ok
    game.look(0)
    assert game.has_looked(0)
    assert Bid(0, 0, True) not in game.legal_bids(0)
    v = refused(game, game.bid, 0, 0, blind=True)
    assert_verdict(v, Reason.BLIND_NIL_AFTER_LOOKING, "SP-10")
    assert game.check_bid(0, 0).ok  # Nil is still possible


def test_sp10_blind_nil_is_a_bid_of_zero():
    game = game_with(D1)
    assert_verdict(game.check_bid(0, 3, blind=True), Reason.BID_OUT_OF_RANGE, "SP-10")
    assert_verdict(game.check_bid(0, False, blind=True), Reason.BID_OUT_OF_RANGE, "SP-10")


def test_sp10_the_hand_is_hidden_until_looked_and_blind_bidder_sees_it_after_bidding():
    game = game_with(D1)
    assert game.view(0).hand is None and game.view(0).looked is False
    game.bid(0, 0, blind=True)
    assert game.view(0).hand is None  # still not looked while the others bid
    bid_all(game, 4, 2, 3)  # the partner (South) bids normally, before the exchange
    assert game.view(0).hand == tuple(sorted(parse_cards(D1[0])))
    assert game.phase is Phase.EXCHANGE
    assert game.exchange_seats == (0, 2) and game.seats_to_act == (0, 2)


def _blind_nil_exchange_game():
    game = game_with(D1)
    bid_all(game, "blind", 4, 2, 3)
    return game


@pytest.mark.parametrize("seat, cards, reason", [
    (0, ["AC", "KC"], Reason.EXCHANGE_WRONG_COUNT),
    (0, ["AC", "KC", "QC", "JC"], Reason.EXCHANGE_WRONG_COUNT),
    (0, ["AC", "AC", "KC"], Reason.EXCHANGE_WRONG_COUNT),
    (0, ["AC", "KC", "2C"], Reason.EXCHANGE_CARD_NOT_HELD),
    (1, ["JD", "TD", "9D"], Reason.EXCHANGE_NOT_IN_EXCHANGE),
    (3, ["5C", "4C", "3C"], Reason.EXCHANGE_NOT_IN_EXCHANGE),
])
def test_sp10_exchange_refusals(seat, cards, reason):
    game = _blind_nil_exchange_game()
    v = refused(game, game.exchange, seat, cards)
    assert_verdict(v, reason, "SP-10")
    if reason is Reason.EXCHANGE_CARD_NOT_HELD:
        assert v.evidence["missing"] == ["2C"]


def test_sp10_exchange_only_once_and_not_before_the_bidding_ends():
    game = game_with(D1)
    game.bid(0, 0, blind=True)
    assert_verdict(refused(game, game.exchange, 0, ["AC", "KC", "QC"]), Reason.WRONG_PHASE, "SP-5")
    bid_all(game, 4, 2, 3)
    game.exchange(0, ["AC", "KC", "QC"])
    assert_verdict(refused(game, game.exchange, 0, ["JC", "AD", "KD"]), Reason.EXCHANGE_ALREADY_PASSED, "SP-10")
    assert_verdict(refused(game, game.play, 0, "JC"), Reason.WRONG_PHASE, "SP-10")
    game.exchange(2, ["TC", "9C", "8C"])
    assert game.phase is Phase.PLAY
    assert_verdict(refused(game, game.exchange, 2, ["7C", "6C", "6D"]), Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-10")


def test_sp10_exchange_is_simultaneous():
    game = _blind_nil_exchange_game()
    north_before, south_before = codes(game.hand_of(0)), codes(game.hand_of(2))
    game.exchange(0, ["AC", "KC", "QC"])
    # nothing moves until both have chosen; South chooses from his own 13 cards
    assert codes(game.hand_of(0)) == north_before and codes(game.hand_of(2)) == south_before
    assert game.view(0).passed == tuple(parse_cards("AC KC QC")) and game.view(0).received is None
    assert game.view(2).passed is None and game.view(2).received is None
    assert game.seats_to_act == (2,)
    assert all(parse_card("AC") not in p.cards for p in game.legal_exchanges(2))
    assert len(game.legal_exchanges(2)) == 286
    game.exchange(2, ["6D", "5D", "4D"])
    assert game.view(0).received == tuple(parse_cards("6D 5D 4D"))
    assert game.view(2).received == tuple(parse_cards("AC KC QC"))
    assert codes(game.hand_of(0)) == ["JC", "4D", "5D", "6D", "QD", "KD", "AD", "QH", "KH", "AH", "JS", "QS", "KS"]
    assert codes(game.hand_of(2)) == ["6C", "7C", "8C", "9C", "TC", "QC", "KC", "AC", "5H", "6H", "7H", "8H", "6S"]
    assert game.phase is Phase.PLAY and game.to_act == 0  # left of the dealer leads (SP-12)


def test_sp10_blind_nil_scores_200():
    game = game_with(DS)
    bid_all(game, 6, 2, 1, "blind")  # West Blind Nil: East and West swap 3 cards
    assert game.exchange_seats == (1, 3)
    game.exchange(3, ["AD", "KD", "QD"])
    game.exchange(1, ["2C", "3C", "4C"])
    play_lowest(game)
    r = game.results[0]
    assert r.tricks_won == (13, 0, 0, 0)
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 1] == [
        ("Blind Nil made (West)", 200, "SP-10"), ("contract set", -20, "SP-18")]
    assert r.points == (76, 180)


# ===================================================================== SP-11
def test_sp11_both_blind_nil_no_exchange_and_400():
    game = game_with(DS)
    bid_all(game, 7, "blind", 6, "blind")
    assert game.phase is Phase.PLAY and game.exchange_seats == ()
    v = refused(game, game.exchange, 1, ["2C", "3C", "4C"])
    assert_verdict(v, Reason.EXCHANGE_BOTH_BLIND_NIL, "SP-11")
    play_lowest(game)
    r = game.results[0]
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 1] == [
        ("Blind Nil made (East)", 200, "SP-10"), ("Blind Nil made (West)", 200, "SP-10")]
    assert r.points == (130, 400)


def test_sp11_both_blind_nil_while_the_other_side_exchanges():
    game = game_with(D1)
    bid_all(game, "blind", "blind", 3, "blind")  # East and West both Blind Nil; North Blind Nil, South 3
    assert game.exchange_seats == (0, 2)
    assert_verdict(refused(game, game.exchange, 1, ["JD", "TD", "9D"]), Reason.EXCHANGE_BOTH_BLIND_NIL, "SP-11")


def test_sp11_nil_and_blind_nil_partners_exchange_and_are_scored_separately():
    game = game_with(DS)
    bid_all(game, 6, 0, 1, "blind")  # East Nil (has looked), West Blind Nil
    assert game.phase is Phase.EXCHANGE and game.exchange_seats == (1, 3)
    game.exchange(1, ["AC", "KC", "QC"])
    game.exchange(3, ["2D", "3D", "4D"])
    play_lowest(game)
    r = game.results[0]
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 1] == [
        ("Nil made (East)", 100, "SP-8"), ("Blind Nil made (West)", 200, "SP-10")]
    assert r.points[1] == 300


# ===================================================================== SP-12
def test_sp12_left_of_dealer_leads_and_the_winner_leads_next():
    game = game_with(D2, dealer=0)
    bid_all(game, 2, 4, 5, 2)
    assert game.to_act == 1
    v = refused(game, game.play, 0, "AH")
    assert_verdict(v, Reason.NOT_YOUR_TURN, "SP-12")
    assert v.evidence["to_act"] == 1
    for seat, card in [(1, "3H"), (2, "KH"), (3, "2S")]:
        game.play(seat, card)
    trick = game.play(0, "AH")
    assert trick.winner == 3
    assert game.to_act == 3 and game.current_trick.leader == 3


def test_card_not_in_hand_is_its_own_reason_citing_the_play_rule_sp14():
    # possession has no rule id of its own in RULES.md: the verdict cites SP-14 (which card a
    # player may play) and says "you don't hold", never the turn rule SP-12
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    v = refused(game, game.play, 0, "2C")
    assert_verdict(v, Reason.CARD_NOT_IN_HAND, "SP-14")
    assert v.message.startswith("You don't hold the 2♣: you can only play a card from your own hand (SP-14).")
    assert "turn" not in v.message
    assert v.evidence["hand"] == ["JC", "QC", "KC", "AC", "QD", "KD", "AD", "QH", "KH", "AH", "JS", "QS", "KS"]


# ===================================================================== SP-13
def test_sp13_spade_lead_before_broken_is_illegal():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    v = refused(game, game.play, 0, "KS")
    assert_verdict(v, Reason.SPADES_NOT_BROKEN, "SP-13")
    assert v.evidence["others"] == ["JC", "QC", "KC", "AC", "QD", "KD", "AD", "QH", "KH", "AH"]
    assert v.evidence["broken"] is False
    assert codes(game.legal_plays(0)) == ["JC", "QC", "KC", "AC", "QD", "KD", "AD", "QH", "KH", "AH"]
    assert "K♠" in v.message


def test_sp13_leader_holding_only_spades_may_lead_any_spade_and_it_breaks_spades():
    game = game_with(D3)
    bid_all(game, 5, 2, 1, 3)
    for seat, card in [(0, "AC"), (1, "2C"), (2, "5C"), (3, "9C"), (0, "AD"), (1, "2D"), (2, "5D"), (3, "9D")]:
        game.play(seat, card)
    assert game.to_act == 0 and not game.spades_broken
    assert codes(game.legal_plays(0)) == ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]
    v = game.check_play(0, "QS")
    assert v.ok and v.rule == "SP-13"
    game.play(0, "2S")
    assert game.spades_broken and game.view(1).broken
    for seat, card in [(1, "KS"), (2, "7H"), (3, "QH")]:
        game.play(seat, card)
    assert game.to_act == 1
    assert game.check_play(1, "AS").ok  # East holds other suits, but spades are broken now
    assert "AS" in codes(game.legal_plays(1))


# ===================================================================== SP-14 / EX-S3
def test_ex_s3_sp14_a_player_without_the_suit_led_may_play_anything():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    game.play(0, "AC")
    assert codes(game.legal_plays(1)) == ["7D", "8D", "9D", "TD", "JD", "9H", "TH", "JH", "2S", "3S", "4S", "5S", "AS"]
    for card in ("7D", "JH", "2S"):  # a diamond, a heart or a spade: trumping is allowed, never required
        v = game.check_play(1, card)
        assert v.ok and v.rule == "SP-14"
        assert v.evidence["could_follow"] == []


def test_sp14_must_follow_suit():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    game.play(0, "AC")
    game.play(1, "2S")
    v = refused(game, game.play, 2, "8H")
    assert_verdict(v, Reason.MUST_FOLLOW_SUIT, "SP-14")
    assert v.evidence["could_follow"] == ["6C", "7C", "8C", "9C", "TC"]
    assert v.evidence["led_suit"] == "C" and v.evidence["led_card"] == "AC" and v.evidence["card"] == "8H"
    for shown in ("A♣", "clubs", "10♣", "9♣", "8♣", "7♣", "6♣", "8♥"):
        assert shown in v.message
    assert_verdict(game.check_play(2, "6S"), Reason.MUST_FOLLOW_SUIT, "SP-14")  # no trumping when able to follow
    assert codes(game.legal_plays(2)) == ["6C", "7C", "8C", "9C", "TC"]


def test_sp14_must_follow_with_a_single_card_names_it():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    game.play(0, "AC")
    game.play(1, "2S")
    game.play(2, "TC")
    game.play(3, "5C")
    game.play(1, "AS")  # East leads a spade: South holds only the 6♠
    v = game.check_play(2, "9C")
    assert_verdict(v, Reason.MUST_FOLLOW_SUIT, "SP-14")
    assert v.evidence["could_follow"] == ["6S"]
    assert "6♠" in v.message


# ===================================================================== SP-15
def test_sp15_a_void_player_trumping_breaks_spades_and_they_stay_broken():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    game.play(0, "AC")
    assert not game.spades_broken
    game.play(1, "2S")
    assert game.spades_broken
    game.play(2, "TC")
    game.play(3, "5C")
    assert game.tricks[0].winner == 1
    assert game.check_play(1, "3S").ok
    game.play(1, "3S")
    while game.phase is Phase.PLAY:
        assert game.spades_broken
        seat = game.to_act
        game.play(seat, game.legal_plays(seat)[0])


def test_sp15_spades_are_unbroken_at_the_start_of_the_next_hand():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    play_lowest(game)
    assert any(c.suit is Suit.SPADES for t in game.results[0].tricks for c in t.cards)
    assert game.phase is Phase.DEAL
    game.deal(make_deal(D2))  # dealer is now North; East leads
    bid_all(game, 2, 4, 5, 2)
    assert not game.spades_broken and not game.view(1).broken
    assert_verdict(refused(game, game.play, 1, "JS"), Reason.SPADES_NOT_BROKEN, "SP-13")


# ===================================================================== SP-16
def test_sp16_east_leads_heart_west_trumps_west_wins():
    game = game_with(D2, dealer=0)
    bid_all(game, 2, 4, 5, 2)
    for seat, card in [(1, "3H"), (2, "KH"), (3, "2S"), (0, "AH")]:
        game.play(seat, card)
    assert game.tricks[0].winner == 3
    assert game.tricks_won == (0, 0, 0, 1)
    assert game.to_act == 3


@pytest.mark.parametrize("cards, winner", [
    ("5C AD 7C KH", 2),      # no spade: highest club wins, the A♦ and K♥ never win
    ("5C 2S 3S KC", 2),      # highest spade wins
    ("AH KH QH JH", 0),
    ("2H 3S AS KS", 2),
    ("2D 3H 4C 5H", 0),      # only the led suit counts
])
def test_sp16_trick_winner(cards, winner):
    assert trick_winner(0, parse_cards(cards), Suit.SPADES, 4) == winner


def test_sp16_tricks_are_counted_per_player():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    play_lowest(game)
    r = game.results[0]
    assert sum(r.tricks_won) == 13 and len(r.tricks) == 13
    assert r.tricks_won == tuple(sum(1 for t in r.tricks if t.winner == s) for s in range(4))


# ===================================================================== SP-17 … SP-20 in play
def test_ex_s4_sp17_contract_made_plus_bags():
    game = game_with(DS)
    bid_all(game, 3, 3, 2, 2)  # NS 5, take 13: 50 + 8 bags
    play_lowest(game)
    assert game.results[0].points == (58, -50)
    assert game.bags == [8, 0]


def test_sp18_contract_set():
    game = game_with(DS)
    bid_all(game, 6, 1, 1, 1)  # EW bid 2, take 0: −20
    play_lowest(game)
    assert [(l.item, l.points, l.rule) for l in game.results[0].score_lines if l.who == 1] == [
        ("contract set", -20, "SP-18")]


def test_ex_s5_sp20_bag_penalty_across_hands():
    # EX-S5: 3 + 3 bags carried (6), then 5 more bags → 11: −100 on that hand, 1 carried
    # (here NS bid 4 + 4 and win all 13 tricks: 5 bags)
    game = game_with(DS, bags=(6, 0))
    bid_all(game, 4, 1, 4, 1)
    play_lowest(game)
    r = game.results[0]
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 0] == [
        ("contract made", 80, "SP-17"), ("bags", 5, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert game.bags == [1, 0] and game.scores == [-15, -20]
    # "if they later collect 9 more bags (10 again), they lose another 100":
    # dealer North, East leads; South holds all the spades and wins all 13 tricks
    game.deal(make_deal([DS[2], DS[1], DS[0], DS[3]]))
    bid_all(game, 1, 2, 1, 2)  # E 1, S 2, W 1, N 2: NS bid 4, win 13 → 9 bags
    play_lowest(game)
    r = game.results[1]
    assert r.tricks_won == (0, 0, 13, 0)
    assert [(l.item, l.points, l.rule) for l in r.score_lines if l.who == 0] == [
        ("contract made", 40, "SP-17"), ("bags", 9, "SP-17"), ("bag penalty", -100, "SP-20")]
    assert game.bags == [0, 0] and game.scores == [-66, -40]  # −15 + 40 + 9 − 100


def test_sp19_sp20_score_lines_add_up_to_points():
    game = game_with(DS, bags=(9, 9))
    bid_all(game, 0, 2, 3, 0)
    play_lowest(game)
    r = game.results[0]
    for side in (0, 1):
        assert sum(l.points for l in r.score_lines if l.who == side) == r.points[side]
    assert r.points == (-100 + 13 - 30 - 200, 100 - 20)
    assert r.bags_after == (2, 9)


# ===================================================================== SP-21
def test_sp21_next_dealer_is_left_of_the_dealer_and_a_new_hand_is_dealt():
    game = SpadesGame(first_deal=3, dealer=2)
    assert game.dealer == 2
    for expected_dealer in (3, 0, 1, 2):
        bid_all(game, 1, 1, 1, 1)
        play_lowest(game)
        assert game.phase is Phase.BIDDING
        assert game.dealer == expected_dealer
        assert game.to_act == (expected_dealer + 1) % 4
    assert game.hands_dealt == 5
    assert [d.number for d in game.history if isinstance(d, Deal)] == [3, 4, 5, 6, 7]


def test_sp21_no_play_before_the_next_hand_is_dealt():
    game = game_with(DS)
    bid_all(game, 1, 1, 1, 1)
    play_lowest(game)
    assert game.phase is Phase.DEAL
    assert_verdict(refused(game, game.play, 0, "2S"), Reason.HAND_NOT_DEALT, "SP-21")
    assert game.legal_actions(0) == []


def test_sp21_no_bid_before_the_next_hand_is_dealt():
    game = game_with(DS)
    bid_all(game, 1, 1, 1, 1)
    play_lowest(game)
    assert_verdict(game.check_bid(0, 3), Reason.HAND_NOT_DEALT, "SP-21")
    assert_verdict(game.check_look(0), Reason.HAND_NOT_DEALT, "SP-21")
    assert_verdict(game.check_exchange(0, ["2C", "3C", "4C"]), Reason.HAND_NOT_DEALT, "SP-21")


# ===================================================================== SP-22
def _won_game():
    game = game_with(DS, scores=(450, 0))
    bid_all(game, 6, 1, 1, 1)  # NS 7, take 13: +76 → 526
    play_lowest(game)
    return game


def test_sp22_first_to_500_wins():
    game = _won_game()
    assert game.phase is Phase.GAME_OVER and game.game_over
    assert game.scores == [526, -20]
    assert game.winners == (0, 2)
    assert game.to_act is None and game.seats_to_act == ()
    assert game.legal_actions(0) == [] and game.legal_plays(0) == [] and game.legal_bids(1) == []


def test_sp22_after_the_game_is_won_every_action_is_refused():
    game = _won_game()
    for call, args in [(game.bid, (1, 3)), (game.bid, (0, 0)), (game.play, (0, "2S")),
                       (game.exchange, (1, ["2C", "3C", "4C"])), (game.look, (2,)), (game.deal, (7,)),
                       (game.deal, (make_deal(DS),))]:
        v = refused(game, call, *args)
        assert_verdict(v, Reason.GAME_OVER, "SP-22")
        assert v.evidence["winners"] == [0, 2]
    assert_verdict(game.check_bid(1, 0, blind=True), Reason.GAME_OVER, "SP-22")
    assert_verdict(game.check(Play(3, parse_card("AD"))), Reason.GAME_OVER, "SP-22")


def test_sp22_both_over_500_the_higher_wins():
    game = game_with(DS, scores=(400, 400))
    bid_all(game, 6, 0, 6, 0)  # NS +121 → 521 ; EW two Nils +200 → 600
    play_lowest(game)
    assert game.scores == [521, 600]
    assert game.winners == (1, 3) and game.phase is Phase.GAME_OVER


def test_sp22_equal_scores_over_500_play_another_hand():
    game = game_with(DS, scores=(400, 321), auto_deal=False)
    bid_all(game, 6, 0, 6, 0)
    play_lowest(game)
    assert game.scores == [521, 521]
    assert game.winners == () and game.phase is Phase.DEAL
    assert game.check_deal(None).ok


def test_sp22_equal_scores_automatic_deal_continues():
    game = game_with(DS, scores=(400, 321))  # first_deal=1000: hand 2 is deal number 1001
    game.auto_deal = True
    bid_all(game, 6, 0, 6, 0)
    play_lowest(game)
    assert game.scores == [521, 521]
    assert game.phase is Phase.BIDDING and game.hands_dealt == 2 and game.dealer == 0
    assert game.history[-1].number == 1001


def test_sp22_target_score_option():
    game = game_with(DS, rules=SpadesRules(target_score=75))  # NS +76 reach 75
    bid_all(game, 6, 1, 1, 1)
    play_lowest(game)
    assert game.phase is Phase.GAME_OVER and game.winners == (0, 2)


# ===================================================================== explanations and atomicity
def test_check_never_raises_for_a_rule_violation_and_apply_carries_the_verdict():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    v = game.check(Play(0, parse_card("KS")))
    assert isinstance(v.message, str) and v.message
    with pytest.raises(IllegalActionError) as exc:
        game.apply(Play(0, parse_card("KS")))
    assert exc.value.verdict == v
    assert "SPADES_NOT_BROKEN" in str(exc.value) and "SP-13" in str(exc.value)
    assert v.to_json()["reason"] == "SPADES_NOT_BROKEN"


def test_malformed_input_is_invalid_input_and_changes_nothing():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    before = game_to_record(game)
    for call, args in [(game.play, (0, "ZZ")), (game.play, (0, None)), (game.play, (7, "AC")),
                       (game.exchange, (0, ["AC", "1S", "KC"]))]:
        with pytest.raises(InvalidInputError):
            call(*args)
    assert game_to_record(game) == before


def test_state_never_half_changes_after_refused_actions_in_every_phase():
    game = game_with(D1)
    attempts = [(game.play, (0, "AC")), (game.bid, (1, 3)), (game.bid, (0, 14)), (game.exchange, (0, ["AC", "KC", "QC"]))]
    for call, args in attempts:
        refused(game, call, *args)
    game.bid(0, 0, blind=True)
    bid_all(game, 4, 2, 3)
    for call, args in [(game.exchange, (0, ["AC", "KC"])), (game.exchange, (0, ["AC", "KC", "2C"])),
                       (game.exchange, (1, ["JD", "TD", "9D"])), (game.play, (0, "AC")), (game.bid, (1, 2))]:
        refused(game, call, *args)
    game.exchange(0, ["AC", "KC", "QC"])
    snapshot_view = game.view(0)
    for call, args in [(game.exchange, (0, ["JC", "AD", "KD"])), (game.exchange, (2, ["AC", "KC", "QC"])),
                       (game.play, (2, "TC"))]:
        refused(game, call, *args)
    assert game.view(0) == snapshot_view
    game.exchange(2, ["TC", "9C", "8C"])
    for call, args in [(game.play, (0, "KS")), (game.play, (1, "2S")), (game.play, (0, "2C")),
                       (game.bid, (0, 3)), (game.exchange, (0, ["JC", "AD", "KD"]))]:
        refused(game, call, *args)


def test_undo_takes_back_the_last_action():
    game = game_with(D1)
    bid_all(game, 3, 4, 2, 3)
    before = game_to_record(game)
    game.play(0, "AC")
    assert game.undo() == Play(0, parse_card("AC"))
    assert game_to_record(game) == before
    assert game.to_act == 0
