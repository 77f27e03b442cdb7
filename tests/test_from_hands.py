"""Building a game from given hands (SpadesGame.from_hands, OhHellGame.from_hands)
and the auto_deal construction option (issue 12)."""
from __future__ import annotations

import pytest

from engine import (Card, Deal, IllegalActionError, InvalidInputError, OhHellGame, OhHellRules, Phase,
                    SpadesGame, SpadesRules, Suit, parse_cards)
from engine.record import game_to_record

SUITS = {s: " ".join(r + s for r in "23456789TJQKA") for s in "SHDC"}
ALL_SPADES_NORTH = [SUITS["S"], SUITS["H"], SUITS["D"], SUITS["C"]]
OH_HANDS = ["AH 7C 2D", "KH 9C 3S", "5C 8D QS", "4H JD TC"]


def test_spades_from_hands_deals_exactly_those_hands():
    g = SpadesGame.from_hands(ALL_SPADES_NORTH, dealer=3)
    assert g.phase is Phase.BIDDING and g.to_act == 0 and g.dealer == 3 and g.hands_dealt == 1
    for seat, text in enumerate(ALL_SPADES_NORTH):
        assert g.hand_of(seat) == sorted(parse_cards(text))
    assert g.history == (Deal(tuple(tuple(sorted(parse_cards(h))) for h in ALL_SPADES_NORTH)),)
    assert g.auto_deal is False


def test_spades_hands_as_lists_of_texts_or_cards_give_the_same_game():
    as_text = SpadesGame.from_hands(ALL_SPADES_NORTH, dealer=1)
    as_lists = SpadesGame.from_hands([h.split() for h in ALL_SPADES_NORTH], dealer=1)
    as_cards = SpadesGame.from_hands(tuple([Card.parse(c) for c in reversed(h.split())] for h in ALL_SPADES_NORTH),
                                     dealer=1)
    assert game_to_record(as_text) == game_to_record(as_lists) == game_to_record(as_cards)


def test_spades_from_hands_matches_the_deal_number_game():
    numbered = SpadesGame(first_deal=123, dealer=2)
    hands = [[c.code for c in numbered.hand_of(s)] for s in range(4)]
    given = SpadesGame.from_hands(hands, dealer=2)
    for g in (numbered, given):
        for bid in (3, 4, 2, 3):
            g.bid(g.to_act, bid)
    while numbered.phase is Phase.PLAY:
        seat = numbered.to_act
        assert given.legal_plays(seat) == numbered.legal_plays(seat)
        card = numbered.legal_plays(seat)[-1]
        numbered.play(seat, card)
        given.play(seat, card)
    assert given.results[0].score_lines == numbered.results[0].score_lines


def test_spades_options_pass_through():
    g = SpadesGame.from_hands(ALL_SPADES_NORTH, dealer=3, rules={"nil_value": 50}, scores=(120, -40), bags=(4, 1))
    assert g.rules == SpadesRules(nil_value=50) and g.scores == [120, -40] and g.bags == [4, 1]


def _play_hand(g):
    for bid in (12, 1, 1, 1):   # North takes all 13 tricks
        g.bid(g.to_act, bid)
    while g.phase is Phase.PLAY:
        g.play(g.to_act, g.legal_plays(g.to_act)[0])


def test_auto_deal_false_waits_for_the_caller_true_deals_from_the_numbers():
    waiting = SpadesGame.from_hands(ALL_SPADES_NORTH, dealer=3)
    _play_hand(waiting)
    assert waiting.phase is Phase.DEAL and waiting.results[0].points == (130, -20)
    dealt = waiting.deal_next()   # first_deal drawn from rng, then hand 2 uses first_deal + 1
    assert waiting.phase is Phase.BIDDING and dealt.number == waiting.first_deal + 1
    with pytest.raises(IllegalActionError) as e:
        waiting.deal_next()
    assert e.value.verdict.reason == "WRONG_PHASE"

    auto = SpadesGame.from_hands(ALL_SPADES_NORTH, dealer=3, first_deal=40, auto_deal=True)
    _play_hand(auto)
    assert auto.hands_dealt == 2 and auto.phase is Phase.BIDDING and auto.history[-1] == SpadesGame(
        first_deal=41, dealer=0).history[0]


@pytest.mark.parametrize("hands, message", [
    (["AS KS"] + ALL_SPADES_NORTH[1:], "North is dealt 2 cards; hand 1 deals 13 to each player (SP-4)"),
    (ALL_SPADES_NORTH[:3], "a deal for 4 players has 4 hands, not 3 (SP-4)"),
    ([SUITS["S"], SUITS["S"], SUITS["D"], SUITS["C"]], "2S is dealt twice"),
    (" ".join(ALL_SPADES_NORTH), "hands must be a list with one hand of cards per seat, not "),
])
def test_spades_bad_hands_are_refused(hands, message):
    with pytest.raises(InvalidInputError) as e:
        SpadesGame.from_hands(hands)
    assert str(e.value).startswith(message)


def test_spades_malformed_card_and_option():
    with pytest.raises(InvalidInputError, match="1S"):
        SpadesGame.from_hands([SUITS["S"].replace("2S", "1S")] + ALL_SPADES_NORTH[1:])
    with pytest.raises(InvalidInputError, match="auto_deal must be True or False"):
        SpadesGame.from_hands(ALL_SPADES_NORTH, auto_deal="yes")
    with pytest.raises(InvalidInputError, match="0 to 3"):
        SpadesGame.from_hands(ALL_SPADES_NORTH, dealer=4)


def test_oh_hell_from_hands_makes_a_game_of_that_hand():
    g = OhHellGame.from_hands(OH_HANDS, turn_up="6S", dealer=3)
    assert g.rules == OhHellRules(players=4, hand_sizes=(3,), no_trump_final_hand=False)
    assert (g.trump, g.turn_up, g.hand_size, g.to_act, g.phase) == (Suit.SPADES, Card.parse("6S"), 3, 0, Phase.BIDDING)
    for seat in (0, 1, 2, 3):
        g.bid(seat, 1)
    while g.phase is Phase.PLAY:
        g.play(g.to_act, g.legal_plays(g.to_act)[0])
    assert g.phase is Phase.GAME_OVER and len(g.results) == 1


def test_oh_hell_no_trump_and_options():
    g = OhHellGame.from_hands(OH_HANDS[:3], dealer=0, rules={"must_trump": True, "hook": True})
    assert g.trump is None and g.rules.players == 3 and g.rules.must_trump and g.rules.hook
    assert g.rules.no_trump_final_hand and g.rules.hand_sizes == (3,)
    two = OhHellGame.from_hands(OH_HANDS, turn_up="6S", dealer=3, rules={"hand_sizes": (3, 3)})
    assert two.rules == OhHellRules(players=4, hand_sizes=(3, 3)) and two.rules.n_hands == 2
    full = OhHellGame.from_hands(ALL_SPADES_NORTH)   # 4 × 13 = 52 cards: no card left to turn up (OH-7)
    assert full.trump is None and full.hand_size == 13


@pytest.mark.parametrize("kwargs, message", [
    (dict(turn_up="AH"), "turn_up: AH is also in a hand"),
    (dict(turn_up=None, rules={"hand_sizes": (3, 3)}), "turn_up: hand 1 turns up a trump card (OH-7)"),
    (dict(turn_up="6S", rules=OhHellRules(players=4)), "seat 0 is dealt 3 cards; hand 1 deals 1 to each player (OH-6)"),
    (dict(turn_up="6S", rules={"hook": True, "simultaneous_bidding": True}), "the hook (OH-V4) cannot be combined"),
    (dict(turn_up="6S", rules={"sealed": True}), "rules: unknown Oh Hell option 'sealed'"),
    (dict(turn_up="6X"), "'6X'"),
])
def test_oh_hell_bad_input_is_refused(kwargs, message):
    with pytest.raises(InvalidInputError) as e:
        OhHellGame.from_hands(OH_HANDS, **kwargs)
    assert message in str(e.value)
