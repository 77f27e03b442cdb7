"""Cards (SP-2, OH-2): parsing, canonical text, display text, round-trips.

Hand records accept rank then suit, either case, ``10`` or ``T`` for the ten
and a suit letter or symbol (HAND_RECORD.md "Cards"); output is canonical
(``"TH"``) and the display form uses symbols (``"10♥"``).
"""
from __future__ import annotations

import pytest

from engine.cards import DECK, Card, Rank, Suit, cards_of, mask_of, parse_card, parse_cards
from engine.errors import InvalidInputError


@pytest.mark.parametrize("text, suit, rank", [
    ("AS", Suit.SPADES, Rank.ACE),
    ("as", Suit.SPADES, Rank.ACE),
    ("10h", Suit.HEARTS, Rank.TEN),
    ("Th", Suit.HEARTS, Rank.TEN),
    ("TH", Suit.HEARTS, Rank.TEN),
    ("A♠", Suit.SPADES, Rank.ACE),
    ("10♥", Suit.HEARTS, Rank.TEN),
    ("2c", Suit.CLUBS, Rank.TWO),
    ("qD", Suit.DIAMONDS, Rank.QUEEN),
    (" KS ", Suit.SPADES, Rank.KING),
])
def test_sp2_parse_accepts(text, suit, rank):
    card = parse_card(text)
    assert card == Card(suit, rank)
    assert card.suit is suit and card.rank is rank


@pytest.mark.parametrize("bad", ["1S", "ZZ", "", "AX", 5, None, "11H", "A", "ASX", "S A"])
def test_sp2_parse_rejects_with_input_quoted(bad):
    with pytest.raises(InvalidInputError) as exc:
        parse_card(bad)
    assert repr(bad) in str(exc.value)


def test_invalid_input_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse_card("1S")


def test_canonical_and_display_text_of_the_ten_of_hearts():
    card = parse_card("10h")
    assert str(card) == "TH"
    assert card.code == "TH"
    assert card.display == "10♥"
    assert card.name == "ten of hearts"
    assert repr(card) == "Card(TH)"


@pytest.mark.parametrize("text, code, display", [
    ("as", "AS", "A♠"), ("2c", "2C", "2♣"), ("jd", "JD", "J♦"), ("10s", "TS", "10♠"), ("q♥", "QH", "Q♥"),
])
def test_canonical_and_display_text(text, code, display):
    card = parse_card(text)
    assert card.code == code
    assert card.display == display


def test_deck_has_52_distinct_cards_in_output_order():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [c.code for c in DECK[:14]] == ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC",
                                          "QC", "KC", "AC", "2D"]
    assert DECK[-1].code == "AS"
    assert [c.index for c in DECK] == list(range(52))
    assert sorted(DECK) == list(DECK)


def test_all_52_round_trip_through_code_display_lowercase_and_index():
    for card in DECK:
        assert parse_card(card.code) is card
        assert parse_card(card.code.lower()) is card
        assert parse_card(card.display) is card
        assert Card.from_index(card.index) is card
        assert card.bit == 1 << card.index
    assert cards_of(mask_of(DECK)) == list(DECK)


def test_sp2_rank_order_ace_high_two_low():
    assert [r.letter for r in sorted(Rank)] == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
    assert parse_card("AS") > parse_card("KS") > parse_card("2S")


def test_parse_cards_list_and_string():
    assert [c.code for c in parse_cards("AS, 10h 2c")] == ["AS", "TH", "2C"]
    assert [c.code for c in parse_cards(["A♠", "th"])] == ["AS", "TH"]
    with pytest.raises(InvalidInputError) as exc:
        parse_cards(["AS", "ZZ"])
    assert "'ZZ'" in str(exc.value)


def test_card_is_frozen_and_hashable():
    card = parse_card("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card: 1}[parse_card("as")] == 1


def test_suit_parse():
    assert Suit.parse("♠") is Suit.SPADES
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("clubs") is Suit.CLUBS
    with pytest.raises(InvalidInputError) as exc:
        Suit.parse("X")
    assert "'X'" in str(exc.value)
