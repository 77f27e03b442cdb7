"""Oh Hell core rules OH-1 … OH-12 and worked examples EX-O1 … EX-O6
(RULES.md), through engine.games.oh_hell's public API.

Hand-made deals are given with ``auto_deal=False`` and :class:`Deal`; seats
are 0…n−1 clockwise, the player left of the dealer bids and leads first.
"""
from __future__ import annotations


import pytest

from engine import (Bid, Card, Deal, IllegalActionError, InvalidInputError, OhHellGame, OhHellRules, Phase,
                    Suit, parse_card, parse_cards, shuffled_deck)
from engine.game import ScoreLine
from engine.games.oh_hell import MAX_HAND, score_oh_hell_seat
from engine.verdict import Reason
from engine_test_helpers import bid_all, play_first_legal


# --------------------------------------------------------------------------- helpers
def dealt(rules: OhHellRules, dealer: int, hands: list[str], turn_up: str | None = None,
          scores=None) -> OhHellGame:
    """A game whose first hand is the hand-made deal ``hands[seat]`` (card texts)."""
    g = OhHellGame(rules, dealer=dealer, scores=scores, auto_deal=False)
    g.deal(Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turn_up) if turn_up else None))
    return g


def play_queues(g: OhHellGame, queues: dict[int, str]) -> None:
    """Play each seat's cards in the order written, whenever it is that seat's turn."""
    q = {s: parse_cards(t) for s, t in queues.items()}
    while g.phase is Phase.PLAY:
        s = g.to_act
        g.play(s, q[s].pop(0))


# Four players, four cards each, no trump (a single hand is the final hand, OH-7):
# seat 0 holds the four top clubs and wins every trick it leads.
CLUBS_4 = ["AC KC QC JC", "2C 3C 4C 5C", "6C 7C 8C 9C", "TC 2D 3D 4D"]


def clubs_hand(bids: dict[int, int], **opts) -> OhHellGame:
    g = dealt(OhHellRules(players=4, hand_sizes=(4,), **opts), dealer=3, hands=CLUBS_4)
    bid_all(g, bids)
    play_queues(g, {s: h for s, h in enumerate(CLUBS_4)})
    return g


# Four players, seven cards each: seat 0 wins all seven tricks, seat 1 none.
CLUBS_7 = ["AC KC QC JC TC 9C 8C", "2C 3C 4C 5C 6C 7C 2D", "3D 4D 5D 6D 7D 8D 9D", "2H 3H 4H 5H 6H 7H 8H"]


# --------------------------------------------------------------------------- worked examples
def test_ex_o1_four_cards_legal_bids_0_to_4():
    g = dealt(OhHellRules(players=4, hand_sizes=(4,)), dealer=3, hands=CLUBS_4)
    assert [b.value for b in g.legal_bids(0)] == [0, 1, 2, 3, 4]
    assert [a.value for a in g.legal_actions(0)] == [0, 1, 2, 3, 4]
    for v in (0, 1, 2, 3, 4):
        assert g.check_bid(0, v).ok
    for v in (-1, 5):
        verdict = g.check_bid(0, v)
        assert (verdict.ok, verdict.reason, verdict.rule) == (False, Reason.BID_OUT_OF_RANGE, "OH-8")
        assert verdict.evidence["low"] == 0 and verdict.evidence["high"] == 4


def test_ex_o2_bid_4_won_4_scores_14():
    assert score_oh_hell_seat(0, 4, 4, 4, OhHellRules()) == ScoreLine(0, "bid made", 14, "OH-11")
    g = clubs_hand({0: 4, 1: 0, 2: 1, 3: 0})
    r = g.results[0]
    assert r.tricks_won == (4, 0, 0, 0)
    assert r.points[0] == 14
    assert r.score_lines[0].points == 14 and r.score_lines[0].rule == "OH-11"
    assert g.scores[0] == 14


def test_ex_o3_bid_0_won_0_scores_10():
    assert score_oh_hell_seat(1, 0, 0, 4, OhHellRules()) == ScoreLine(1, "bid made", 10, "OH-11")
    g = clubs_hand({0: 4, 1: 0, 2: 1, 3: 0})
    assert g.results[0].points == (14, 10, 0, 10)
    assert [l.rule for l in g.results[0].score_lines] == ["OH-11"] * 4


def test_ex_o4_hook_five_cards_others_1_2_0_dealer_may_not_bid_2():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(5,), hook=True), dealer=3, first_deal=11)
    g.bid(0, 1)
    g.bid(1, 2)
    g.bid(2, 0)
    v = g.check_bid(3, 2)
    assert (v.ok, v.reason, v.rule) == (False, Reason.HOOK, "OH-V4")
    assert [b.value for b in g.legal_bids(3)] == [0, 1, 3, 4, 5]
    with pytest.raises(IllegalActionError) as e:
        g.bid(3, 2)
    assert e.value.verdict.reason is Reason.HOOK
    assert g.phase is Phase.BIDDING and g.bids == (1, 2, 0, None)


def test_ex_o5_tricks_always_count_bid_3_won_4_scores_4():
    rules = OhHellRules(tricks_always_count=True)
    assert score_oh_hell_seat(2, 3, 4, 5, rules) == ScoreLine(2, "bid missed, tricks count", 4, "OH-V7")
    g = clubs_hand({0: 3, 1: 0, 2: 1, 3: 0}, tricks_always_count=True)
    assert g.results[0].points == (4, 10, 0, 10)
    assert g.results[0].score_lines[0].rule == "OH-V7"
    assert g.results[0].score_lines[2].rule == "OH-V7"


def test_ex_o6_nil_pays_hand_size_bid_0_won_0_on_7_cards_scores_12():
    rules = OhHellRules(nil_pays_hand_size=True)
    assert score_oh_hell_seat(1, 0, 0, 7, rules) == ScoreLine(1, "Nil made", 12, "OH-V8")
    g = dealt(OhHellRules(players=4, hand_sizes=(7,), nil_pays_hand_size=True), dealer=3, hands=CLUBS_7)
    bid_all(g, {0: 7, 1: 0, 2: 1, 3: 2})
    play_queues(g, dict(enumerate(CLUBS_7)))
    r = g.results[0]
    assert r.tricks_won == (7, 0, 0, 0)
    assert r.points == (17, 12, 0, 0)
    assert r.score_lines[1] == ScoreLine(1, "Nil made", 12, "OH-V8")


# --------------------------------------------------------------------------- OH-1 players
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_oh1_three_to_seven_players_accepted(n):
    g = OhHellGame(OhHellRules(players=n), first_deal=1)
    assert g.n_seats == n and g.phase is Phase.BIDDING
    assert len(g.scores) == n


@pytest.mark.parametrize("n", [2, 8, 0, -3])
def test_oh1_other_player_counts_rejected_saying_what_to_change(n):
    with pytest.raises(InvalidInputError) as e:
        OhHellRules(players=n)
    msg = str(e.value)
    assert "OH-1" in msg and "choose a player count from 3 to 7" in msg and repr(n) in msg


def test_oh1_scores_must_match_player_count():
    with pytest.raises(InvalidInputError):
        OhHellGame(OhHellRules(players=3), scores=[0, 0, 0, 0])


# --------------------------------------------------------------------------- OH-2 deck and rank
def test_oh2_standard_deck_dealt_once_each():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(13,)), dealer=0, first_deal=42)
    cards = [c for s in range(4) for c in g.hand_of(s)]
    assert len(cards) == 52 and len(set(cards)) == 52


def test_oh2_ace_high_two_low_in_play():
    g = dealt(OhHellRules(players=3, hand_sizes=(1,)), dealer=2, hands=["2C", "AC", "KC"])
    bid_all(g, {0: 0, 1: 1, 2: 0})
    play_queues(g, {0: "2C", 1: "AC", 2: "KC"})
    assert g.results[0].tricks[0].winner == 1
    assert g.results[0].points == (10, 11, 10)


# --------------------------------------------------------------------------- OH-3 object
def test_oh3_object_only_an_exact_prediction_scores():
    # Seat 0 wins 4 tricks: a bid of 4 scores, bids of 3 or 2 do not (no overtricks bonus).
    assert clubs_hand({0: 4, 1: 0, 2: 0, 3: 0}).results[0].points[0] == 14
    assert clubs_hand({0: 3, 1: 0, 2: 0, 3: 0}).results[0].points[0] == 0
    assert clubs_hand({0: 2, 1: 0, 2: 0, 3: 0}).results[0].points[0] == 0


# --------------------------------------------------------------------------- OH-4 dealers
def test_oh4_dealer_rotates_left_each_hand():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(1, 2, 3, 1)), dealer=1, first_deal=5)
    assert g.dealer == 1
    play_first_legal(g)
    assert [r.dealer for r in g.results] == [1, 2, 0, 1]
    assert [r.number for r in g.results] == [1, 2, 3, 4]


def test_oh4_dealer_rotation_seven_players_wraps():
    g = OhHellGame(OhHellRules(players=7, hand_sizes=(1,) * 9), dealer=5, first_deal=3)
    play_first_legal(g)
    assert [r.dealer for r in g.results] == [5, 6, 0, 1, 2, 3, 4, 5, 6]


# --------------------------------------------------------------------------- OH-5 number of hands
@pytest.mark.parametrize("n,hands", [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_oh5_number_of_hands_per_player_count(n, hands):
    rules = OhHellRules(players=n)
    assert rules.n_hands == hands
    assert MAX_HAND[n] == hands
    assert rules.sizes == tuple(range(1, hands + 1))


def test_oh5_full_default_game_seven_players_plays_seven_hands():
    g = OhHellGame(OhHellRules(players=7), dealer=0, first_deal=77)
    play_first_legal(g)
    assert g.phase is Phase.GAME_OVER
    assert len(g.results) == 7
    assert [r.hand_size for r in g.results] == [1, 2, 3, 4, 5, 6, 7]


def test_oh5_full_default_game_three_players_plays_fifteen_hands():
    g = OhHellGame(OhHellRules(players=3), dealer=2, first_deal=300)
    play_first_legal(g)
    assert len(g.results) == 15
    assert [r.hand_size for r in g.results] == list(range(1, 16))
    assert [len(r.tricks) for r in g.results] == list(range(1, 16))
    v = g.check_deal(None)
    assert (v.ok, v.reason, v.rule) == (False, Reason.GAME_OVER, "OH-12")


# --------------------------------------------------------------------------- OH-6 hand sizes
def test_oh6_hand_k_deals_k_cards_each():
    g = OhHellGame(OhHellRules(players=5), dealer=0, first_deal=8)
    sizes = []
    while g.phase is not Phase.GAME_OVER:
        if g.phase is Phase.BIDDING and not any(b is not None for b in g.bids):
            sizes.append([len(g.hand_of(s)) for s in range(5)])
        g.apply(g.legal_actions(g.to_act)[0])
    assert sizes == [[k] * 5 for k in range(1, 11)]


def test_oh6_wrong_number_of_cards_in_a_deal_rejected():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2, 1)), auto_deal=False)
    with pytest.raises(InvalidInputError) as e:
        g.deal(Deal((tuple(parse_cards("AC")), tuple(parse_cards("KC 2C")), tuple(parse_cards("3C 4C"))),
                    parse_card("5H")))
    assert "OH-6" in str(e.value)
    assert g.phase is Phase.DEAL


# --------------------------------------------------------------------------- OH-7 trump
def test_oh7_trump_is_suit_of_turned_up_card():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=2,
              hands=["KC 5D", "2H 9S", "AC 3S"], turn_up="7D")
    assert g.turn_up == Card.parse("7D")
    assert g.trump is Suit.DIAMONDS
    assert g.view(0).trump is Suit.DIAMONDS and g.view(1).turn_up == Card.parse("7D")


def test_oh7_turned_card_is_next_card_of_the_deck_after_the_deal():
    # 3 players, hand of 2 (not the last hand): 6 cards dealt, the 7th is turned up.
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=0, first_deal=1234)
    deck = shuffled_deck(1234)
    assert g.turn_up == deck[6]
    assert g.trump is deck[6].suit
    dealt_cards = {c for s in range(3) for c in g.hand_of(s)}
    assert dealt_cards == set(deck[:6]) and g.turn_up not in dealt_cards
    # the first card goes to the player left of the dealer (seat 1)
    assert deck[0] in g.hand_of(1) and deck[1] in g.hand_of(2) and deck[2] in g.hand_of(0)


def test_oh7_final_hand_no_trump_no_turned_card():
    rules = OhHellRules(players=3, hand_sizes=(1, 2, 3))
    assert [rules.has_trump(i) for i in range(3)] == [True, True, False]
    g = OhHellGame(rules, dealer=0, first_deal=9)
    play_first_legal(g, max_hands=2)
    assert g.hands_dealt == 3 and g.hand_size == 3
    assert g.trump is None and g.turn_up is None
    assert [r.trump is not None for r in g.results] == [True, True]


def test_oh7_four_players_thirteen_card_hand_deals_all_52_no_trump_no_turn_up():
    # 13-card hand as the first of two hands: not the final hand, yet no card is left to turn (Ruling).
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(13, 1)), dealer=0, first_deal=21)
    assert {c for s in range(4) for c in g.hand_of(s)} == set(shuffled_deck(21))
    assert g.trump is None and g.turn_up is None
    assert OhHellRules(players=4).has_trump(12) is False


def test_oh7_five_players_final_ten_card_hand_no_trump_though_two_cards_remain():
    rules = OhHellRules(players=5)
    assert rules.sizes[-1] == 10 and rules.has_trump(9) is False
    g = OhHellGame(OhHellRules(players=5, hand_sizes=(10,)), dealer=0, first_deal=55)
    held = {c for s in range(5) for c in g.hand_of(s)}
    assert len(held) == 50
    assert g.trump is None and g.turn_up is None


def test_oh7_no_trump_final_hand_off_five_players_final_hand_has_trump():
    rules = OhHellRules(players=5, no_trump_final_hand=False)
    assert rules.has_trump(9) is True
    g = OhHellGame(OhHellRules(players=5, hand_sizes=(10,), no_trump_final_hand=False), dealer=0, first_deal=55)
    held = {c for s in range(5) for c in g.hand_of(s)}
    assert g.turn_up is not None and g.turn_up not in held
    assert g.trump is g.turn_up.suit
    assert g.turn_up == shuffled_deck(55)[50]


def test_oh7_no_trump_final_hand_off_four_players_thirteen_still_no_trump():
    rules = OhHellRules(players=4, no_trump_final_hand=False)
    assert rules.has_trump(12) is False and rules.has_trump(11) is True
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(13,), no_trump_final_hand=False), dealer=0, first_deal=4)
    assert g.trump is None and g.turn_up is None


def test_oh7_deal_with_wrong_turn_up_rejected():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(1, 1)), auto_deal=False)
    hands = (tuple(parse_cards("AC")), tuple(parse_cards("KC")), tuple(parse_cards("QC")))
    with pytest.raises(InvalidInputError) as e:
        g.deal(Deal(hands, None))
    assert "turn_up" in str(e.value) and "OH-7" in str(e.value)
    with pytest.raises(InvalidInputError) as e:
        g.deal(Deal(hands, parse_card("AC")))
    assert "turn_up" in str(e.value)
    g.deal(Deal(hands, parse_card("2H")))
    assert g.trump is Suit.HEARTS


# --------------------------------------------------------------------------- OH-8 bidding
def test_oh8_bidding_starts_left_of_dealer_and_goes_clockwise():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(3,)), dealer=1, first_deal=6)
    order = []
    while g.phase is Phase.BIDDING:
        order.append(g.to_act)
        assert g.seats_to_act == (g.to_act,)
        g.bid(g.to_act, 1)
    assert order == [2, 3, 0, 1]


def test_oh8_bid_out_of_turn_refused():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(3,)), dealer=1, first_deal=6)
    v = g.check_bid(0, 1)
    assert (v.ok, v.reason, v.rule) == (False, Reason.NOT_YOUR_TURN, "OH-8")
    assert v.evidence["to_act"] == 2
    assert g.legal_bids(0) == []


def test_oh8_everyone_bids_once():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(3,)), dealer=0, first_deal=6)
    g.bid(1, 2)
    v = g.check_bid(1, 1)
    assert (v.ok, v.reason, v.rule) == (False, Reason.ALREADY_BID, "OH-8")
    g.bid(2, 0)
    g.bid(0, 0)
    assert g.phase is Phase.PLAY
    v = g.check_bid(0, 1)
    assert (v.ok, v.reason, v.rule) == (False, Reason.ALREADY_BID, "OH-8")


@pytest.mark.parametrize("value", [2.5, "3", None, True])
def test_oh8_bid_must_be_whole_number(value):
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(3,)), dealer=0, first_deal=6)
    v = g.check_bid(1, value)
    assert (v.ok, v.reason, v.rule) == (False, Reason.BID_NOT_WHOLE_NUMBER, "OH-8")


def test_oh8_no_blind_nil_in_oh_hell():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(3,)), dealer=0, first_deal=6)
    v = g.check_bid(1, 0, blind=True)
    assert (v.ok, v.reason, v.rule) == (False, Reason.BLIND_NIL_NOT_IN_THIS_GAME, "OH-8")


def test_oh8_bids_are_public():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(3,)), dealer=3, first_deal=6)
    g.bid(0, 2)
    g.bid(1, 0)
    for s in range(4):
        assert g.view(s).bids == (2, 0, None, None)


def test_oh8_play_refused_during_bidding():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2,)), dealer=2, first_deal=6)
    card = g.hand_of(0)[0]
    v = g.check_play(0, card)
    assert (v.ok, v.reason, v.rule) == (False, Reason.WRONG_PHASE, "OH-8")
    assert g.legal_plays(0) == []


def test_oh8_bid_range_follows_hand_size():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(1, 7)), dealer=2, first_deal=6)
    assert [b.value for b in g.legal_bids(0)] == [0, 1]
    play_first_legal(g, max_hands=1)
    assert [b.value for b in g.legal_bids(1)] == [0, 1, 2, 3, 4, 5, 6, 7]


# --------------------------------------------------------------------------- OH-9 play
def test_oh9_player_left_of_dealer_leads_first():
    g = dealt(OhHellRules(players=4, hand_sizes=(4,)), dealer=1, hands=CLUBS_4)
    bid_all(g, {0: 0, 1: 0, 2: 0, 3: 0})
    assert g.phase is Phase.PLAY and g.to_act == 2
    assert g.current_trick.leader == 2


def test_oh9_any_card_may_be_led_including_trump_on_first_trick():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=2,
              hands=["AS 2C", "3C 4D", "5C 6D"], turn_up="9S")
    bid_all(g, {0: 1, 1: 0, 2: 0})
    assert [c.code for c in g.legal_plays(0)] == ["2C", "AS"]
    v = g.check_play(0, "AS")
    assert v.ok and v.rule == "OH-9"


def test_oh9_must_follow_suit():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=2,
              hands=["KC 5D", "2C 2H", "AC 3S"], turn_up="7H")
    bid_all(g, {0: 0, 1: 0, 2: 1})
    g.play(0, "KC")
    v = g.check_play(1, "2H")
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_FOLLOW_SUIT, "OH-9")
    assert [c.code for c in g.legal_plays(1)] == ["2C"]
    with pytest.raises(IllegalActionError) as e:
        g.play(1, "2H")
    assert e.value.verdict.reason is Reason.MUST_FOLLOW_SUIT
    assert [c.code for c in g.hand_of(1)] == ["2C", "2H"]


def test_oh9_void_in_led_suit_may_play_any_card():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=2,
              hands=["KC 5D", "2H 9S", "AC 3S"], turn_up="7H")
    bid_all(g, {0: 0, 1: 0, 2: 1})
    g.play(0, "KC")
    assert [c.code for c in g.legal_plays(1)] == ["2H", "9S"]


def test_oh9_play_goes_clockwise_out_of_turn_refused():
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=2,
              hands=["KC 5D", "2H 9S", "AC 3S"], turn_up="7H")
    bid_all(g, {0: 0, 1: 0, 2: 1})
    v = g.check_play(2, "AC")
    assert (v.ok, v.reason, v.rule) == (False, Reason.NOT_YOUR_TURN, "OH-9")
    v = g.check_play(0, "AC")
    assert (v.ok, v.reason, v.rule) == (False, Reason.CARD_NOT_IN_HAND, "OH-9")


# --------------------------------------------------------------------------- OH-10 winning a trick
def test_oh10_trump_from_void_seat_wins_and_leads_next():
    # Trump ♥, seat 0 leads ♣K, seat 1 (void in clubs) plays ♥2, seat 2 plays ♣A.
    g = dealt(OhHellRules(players=3, hand_sizes=(2, 2)), dealer=2,
              hands=["KC 5D", "2H 9S", "AC 3S"], turn_up="7H")
    bid_all(g, {0: 0, 1: 2, 2: 1})
    g.play(0, "KC")
    g.play(1, "2H")
    trick = g.play(2, "AC")
    assert trick.winner == 1
    assert g.to_act == 1 and g.current_trick.leader == 1
    assert g.tricks_won == (0, 1, 0)


def test_oh10_off_suit_queen_of_led_suit_wins_with_diamond_trump():
    # Trump ♦: ♣J, ♥K, ♣4, ♣Q → the ♣Q wins (4 players, seat 0 leads).
    g = dealt(OhHellRules(players=4, hand_sizes=(1, 1)), dealer=3,
              hands=["JC", "KH", "4C", "QC"], turn_up="2D")
    assert g.trump is Suit.DIAMONDS
    bid_all(g, {0: 0, 1: 0, 2: 0, 3: 1})
    play_queues(g, {0: "JC", 1: "KH", 2: "4C", 3: "QC"})
    r = g.results[0]
    assert r.tricks[0].winner == 3
    assert r.tricks_won == (0, 0, 0, 1)
    assert r.points == (10, 10, 10, 11)


def test_oh10_no_trump_hand_highest_of_led_suit_wins():
    g = dealt(OhHellRules(players=3, hand_sizes=(1,)), dealer=0, hands=["AD", "5H", "2H"])
    bid_all(g, {0: 1, 1: 1, 2: 0})
    play_queues(g, {1: "5H", 2: "2H", 0: "AD"})
    assert g.results[0].tricks[0].winner == 1


# --------------------------------------------------------------------------- OH-11 scoring
@pytest.mark.parametrize("bid,won,points,item", [
    (0, 0, 10, "bid made"), (1, 1, 11, "bid made"), (5, 5, 15, "bid made"), (13, 13, 23, "bid made"),
    (2, 3, 0, "bid missed"), (3, 2, 0, "bid missed"), (0, 1, 0, "bid missed")])
def test_oh11_exact_bid_scores_10_plus_tricks_else_0(bid, won, points, item):
    line = score_oh_hell_seat(3, bid, won, 13, OhHellRules())
    assert line == ScoreLine(3, item, points, "OH-11")


def test_oh11_scores_accumulate_and_lines_add_up():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(1, 2, 3)), dealer=0, first_deal=17,
                   scores=[5, 0, -3, 0])
    play_first_legal(g)
    total = [5, 0, -3, 0]
    for r in g.results:
        assert [l.who for l in r.score_lines] == [0, 1, 2, 3]
        assert tuple(l.points for l in r.score_lines) == r.points
        total = [t + p for t, p in zip(total, r.points)]
        assert r.scores_after == tuple(total)
        assert sum(r.tricks_won) == r.hand_size
    assert tuple(g.scores) == tuple(total)


# --------------------------------------------------------------------------- OH-12 winner
def test_oh12_highest_total_wins():
    g = dealt(OhHellRules(players=3, hand_sizes=(1,)), dealer=2, hands=["AC", "2C", "3D"])
    bid_all(g, {0: 1, 1: 0, 2: 1})
    play_queues(g, {0: "AC", 1: "2C", 2: "3D"})
    assert g.phase is Phase.GAME_OVER
    assert tuple(g.scores) == (11, 10, 0)
    assert g.winners == (0,)


def test_oh12_equal_highest_totals_share_the_win():
    g = dealt(OhHellRules(players=3, hand_sizes=(1,)), dealer=2, hands=["AC", "2C", "3D"], scores=[0, 1, 5])
    bid_all(g, {0: 1, 1: 0, 2: 1})
    play_queues(g, {0: "AC", 1: "2C", 2: "3D"})
    assert tuple(g.scores) == (11, 11, 5)
    assert g.winners == (0, 1)
    v = g.check_deal(None)
    assert (v.ok, v.reason, v.rule) == (False, Reason.GAME_OVER, "OH-12")
    assert list(v.evidence["winners"]) == [0, 1]


def test_oh12_three_hand_game_ends_after_hand_three_no_hand_four():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(1, 2, 3)), dealer=0, first_deal=2024)
    play_first_legal(g)
    assert g.phase is Phase.GAME_OVER
    assert len(g.results) == 3 and g.hands_dealt == 3
    assert g.winners and max(g.scores) == g.scores[g.winners[0]]
    assert g.seats_to_act == () and g.to_act is None
    v = g.check_deal(None)
    assert (v.ok, v.reason, v.rule) == (False, Reason.GAME_OVER, "OH-12")
    with pytest.raises(IllegalActionError) as e:
        g.deal(99)
    assert e.value.verdict.reason is Reason.GAME_OVER
    for s in range(3):
        assert g.check_bid(s, 0).reason is Reason.GAME_OVER
        assert g.check_play(s, "AS").reason is Reason.GAME_OVER
        assert g.legal_actions(s) == []
    assert g.hands_dealt == 3
    assert sum(isinstance(a, Deal) for a in g.history) == 3


def test_oh12_game_over_refusal_names_winner_and_total():
    g = dealt(OhHellRules(players=3, hand_sizes=(1,)), dealer=2, hands=["AC", "2C", "3D"])
    bid_all(g, {0: 1, 1: 0, 2: 1})
    play_queues(g, {0: "AC", 1: "2C", 2: "3D"})
    v = g.check_bid(0, 1)
    assert "seat 0" in v.message and "11" in v.message


# --------------------------------------------------------------------------- undo / view basics
def test_oh8_undo_takes_back_last_bid():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2,)), dealer=2, first_deal=3)
    g.bid(0, 1)
    g.bid(1, 0)
    assert g.undo() == Bid(1, 0)
    assert g.bids == (1, None, None) and g.to_act == 1


def test_oh9_view_shows_only_own_hand():
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(3,)), dealer=0, first_deal=31)
    for s in range(4):
        v = g.view(s)
        assert list(v.hand) == g.hand_of(s)
        assert v.my_turn == (s == 1)
        assert (len(v.legal) > 0) == (s == 1)


def test_oh6_hand_k_uses_deal_number_first_deal_plus_k_minus_1():
    a = OhHellGame(OhHellRules(players=4, hand_sizes=(1, 2, 3)), dealer=0, first_deal=500)
    b = OhHellGame(OhHellRules(players=4, hand_sizes=(1, 2, 3)), dealer=0, first_deal=500)
    play_first_legal(a)
    play_first_legal(b)
    deals = [x for x in a.history if isinstance(x, Deal)]
    assert [d.number for d in deals] == [500, 501, 502]
    assert deals == [x for x in b.history if isinstance(x, Deal)]
    assert a.results == b.results


def test_oh12_undo_after_game_over_reopens_the_last_hand():
    g = dealt(OhHellRules(players=3, hand_sizes=(1,)), dealer=2, hands=["AC", "2C", "3D"])
    bid_all(g, {0: 1, 1: 0, 2: 1})
    play_queues(g, {0: "AC", 1: "2C", 2: "3D"})
    assert g.phase is Phase.GAME_OVER and g.winners == (0,)
    g.undo()
    assert g.phase is Phase.PLAY and g.winners == () and g.results == []
    assert tuple(g.scores) == (0, 0, 0) and g.to_act == 2
