"""Reproducible deals (SP-4): a deal number fixes the whole deal.

The stored orders below were produced once by ``engine.deal.shuffled_deck``;
if the shuffle changes, every saved ``deal_number`` in teachers' records
would silently mean another deal, so these tests must fail.
"""
from __future__ import annotations

import random

import pytest

from engine import SpadesGame
from engine.deal import MAX_DEAL_NUMBER, deal_hands, random_deal_number, shuffled_deck
from engine.errors import InvalidInputError

STORED_DECKS = {
    0: "4H AC 8S 4S AH 9C 7C QH 3C QS 9H 2C 6C JH 9D 3D AS 5H TH 7S 2S KC 5S 6D 4D QC "
       "TD 3H KS QD 5C 6S JC TS 8C 3S 7D TC 9S 2D KH JD 6H 8D AD 7H 8H 5D 4C 2H JS KD",
    1: "QS JC KH JD 4C AH 8D KC JH 7C 5H AS 6S 4D QD 9S TS TD 3S 2S AC KS 8H 9D AD 2H "
       "TH QC 9H 5C 7D 3D 6D 7S 2C 3H 5S 3C 8S 8C 2D KD 4S 6H 4H 7H 9C 5D 6C JS QH TC",
    42: "JC QD AD 5C TD AH 5D 2S 8D KC 9S KD 9H 5H 7H 6S 6C 4H QC 2H QH 2C 7S 7D 5S KS "
        "JH JS 6H 9D JD AC AS 8H 8S 2D 4S QS 4C 3H KH 7C TH 8C TC 3D 4D 6D TS 3C 9C 3S",
    2**40: "KH QC QH 8D 7C 9H 2C JC TD KC 4S 9C AH 9S 6S TC 6H 4D TH 5D 3D 2D TS KS 7D 3C "
           "5H AC 4H AS 8H 2S QD 7H 2H 4C 6D 8S 9D QS 7S JS JH 3S AD KD 5C 3H 6C 5S JD 8C",
}

# SpadesGame(first_deal=N, dealer=0): hands per seat (sorted), seat 1 gets the first card.
STORED_SPADES_HANDS = {
    0: ["2C 2D 3D 5D 6D 8D KD 3H QH 3S 4S 6S 7S",
        "3C 4C 6C JC 4D 7D AD 4H KH AH 2S KS AS",
        "9C TC QC KC AC JD QD 2H 5H 7H JH TS QS",
        "5C 7C 8C 9D TD 6H 8H 9H TH 5S 8S 9S JS"],
    42: ["5C 8C AC 2D 6D 7D KD 2H 3H 2S 3S 6S JS",
         "6C TC JC 8D TD 6H 9H QH KH 4S 5S TS AS",
         "2C 3C 7C KC 3D 9D QD 4H 5H 8H AH QS KS",
         "4C 9C QC 4D 5D JD AD 7H TH JH 7S 8S 9S"],
}


@pytest.mark.parametrize("number", sorted(STORED_DECKS))
def test_sp4_shuffled_deck_is_stored_order(number):
    assert " ".join(c.code for c in shuffled_deck(number)) == STORED_DECKS[number]


@pytest.mark.parametrize("number", sorted(STORED_SPADES_HANDS))
def test_sp4_spades_deal_hands_are_stored(number):
    game = SpadesGame(first_deal=number, dealer=0)
    assert [" ".join(c.code for c in game.hand_of(s)) for s in range(4)] == STORED_SPADES_HANDS[number]
    assert game.dealer == 0 and game.to_act == 1
    # make_deal deals for the NEXT dealer (seat 1), so seat 2 receives the first card
    deal = game.make_deal(number)
    assert deal.number == number
    first = shuffled_deck(number)[0]
    assert first in deal.hands[2]


def test_sp4_deal_one_card_at_a_time_starting_left_of_dealer():
    deck = shuffled_deck(0)
    hands, turn = deal_hands(0, 4, 13, dealer=3)
    assert turn is None
    # dealer West (3): North gets cards 0, 4, 8, …; East 1, 5, …
    assert hands[0] == deck[0::4]
    assert hands[1] == deck[1::4]
    assert hands[2] == deck[2::4]
    assert hands[3] == deck[3::4]
    assert [c.code for c in hands[0][:3]] == ["4H", "AH", "3C"]


def test_sp4_every_deal_has_52_distinct_cards_13_each():
    for number in (0, 1, 42, 2**40, MAX_DEAL_NUMBER):
        hands, _ = deal_hands(number, 4, 13, 0)
        assert [len(h) for h in hands] == [13, 13, 13, 13]
        assert len({c for h in hands for c in h}) == 52


def test_next_hand_uses_the_next_deal_number():
    game = SpadesGame(first_deal=41, dealer=3)
    assert game.history[0].number == 41


def test_same_number_same_deal_different_number_different_deal():
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)


@pytest.mark.parametrize("bad", [-1, MAX_DEAL_NUMBER + 1, 2.0, "3", True, None])
def test_bad_deal_numbers_are_invalid_input(bad):
    with pytest.raises(InvalidInputError) as exc:
        shuffled_deck(bad)
    assert repr(bad) in str(exc.value)


def test_random_deal_number_from_rng_is_reproducible():
    a = random_deal_number(random.Random(5))
    b = random_deal_number(random.Random(5))
    assert a == b
    assert 100_000 <= a <= 999_999  # six digits: easy to read out to a class
