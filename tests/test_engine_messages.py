"""What the engine tells a learner (issue 10, "Messages"): each refusal
names the right rule in RULES terms.  Exact texts are asserted because the
wording is the fault being fixed.

* a wrong seat leading the first trick is told the player left of the
  dealer leads it (SP-12 / OH-9), not "the winner of a trick leads the next";
* a card not in the hand is its own reason (CARD_NOT_IN_HAND): "you don't
  hold the 7♣", citing the play rule (SP-14 / OH-9), never a turn rule;
* a hand without trump (OH-7) is explained without speaking of trump;
* passing A♣, A♣, K♣ names the card chosen twice (SP-10).
"""
from __future__ import annotations

from engine import (Card, Deal, OhHellGame, OhHellRules, Phase, Reason, SpadesGame, Suit, parse_card,
                    parse_cards)
from engine.tricks import explain_trick_winner


def spades_in_play(dealer: int = 3) -> SpadesGame:
    g = SpadesGame(dealer=dealer, first_deal=9)
    for _ in range(4):
        g.bid(g.to_act, 3)
    assert g.phase is Phase.PLAY
    return g


# ================================================================== who leads
def test_sp12_wrong_seat_leading_the_first_trick():
    g = spades_in_play(dealer=3)
    card = g.hand_of(2)[0]
    v = g.check_play(2, card)
    assert (v.ok, v.reason, v.rule) == (False, Reason.NOT_YOUR_TURN, "SP-12")
    assert v.message == ("It is not your turn: North leads the first trick "
                         "(the player left of the dealer leads to the first trick, SP-12).")


def test_sp12_wrong_seat_leading_a_later_trick_is_told_the_winner_leads():
    g = spades_in_play(dealer=3)
    for _ in range(4):
        g.play(g.to_act, g.legal_plays(g.to_act)[0])
    leader = g.to_act
    other = (leader + 1) % 4
    names = ("North", "East", "South", "West")
    v = g.check_play(other, g.hand_of(other)[0])
    assert (v.reason, v.rule) == (Reason.NOT_YOUR_TURN, "SP-12")
    assert v.message == (f"It is not your turn: {names[leader]} won the last trick, so {names[leader]} leads this "
                         f"one (the winner of a trick leads the next, SP-12).")


def test_sp12_wrong_seat_during_a_trick_is_told_play_goes_clockwise():
    g = spades_in_play(dealer=3)
    g.play(0, g.legal_plays(0)[0])
    v = g.check_play(2, g.hand_of(2)[0])
    assert (v.reason, v.rule) == (Reason.NOT_YOUR_TURN, "SP-12")
    assert v.message == "It is not your turn: East plays next (play goes clockwise, SP-12)."


def oh_hell_one_card(dealer: int = 2) -> OhHellGame:
    """3 players, hands of 2 then 1 card; the first hand as dealt below."""
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2, 1)), dealer=dealer, auto_deal=False)
    g.deal(Deal(tuple(tuple(parse_cards(h)) for h in ("KC 5D", "2H 9S", "AC 3S")), parse_card("7H")))
    for _ in range(3):
        g.bid(g.to_act, 1)
    return g


def test_oh9_wrong_seat_leading_the_first_trick_and_oh10_later():
    g = oh_hell_one_card(dealer=2)
    v = g.check_play(1, "2H")
    assert (v.reason, v.rule) == (Reason.NOT_YOUR_TURN, "OH-9")
    assert v.message == ("It is not your turn: seat 0 leads the first trick "
                         "(the player left of the dealer leads to the first trick, OH-9).")
    g.play(0, "KC")
    g.play(1, "2H")  # no clubs: a trump (hearts) wins
    g.play(2, "AC")
    assert g.to_act == 1
    v = g.check_play(0, "5D")
    assert (v.reason, v.rule) == (Reason.NOT_YOUR_TURN, "OH-10")
    assert v.message == ("It is not your turn: seat 1 won the last trick, so seat 1 leads this one "
                         "(the winner of a trick leads the next, OH-10).")


# ================================================================== possession
def test_card_not_in_hand_spades_says_possession_and_cites_sp14():
    g = spades_in_play(dealer=3)
    mine = g.hand_of(0)
    other = next(c for c in g.hand_of(1))
    v = g.check_play(0, other)
    assert (v.reason, v.rule) == (Reason.CARD_NOT_IN_HAND, "SP-14")
    assert v.message.startswith(f"You don't hold the {other.display}: you can only play a card from your own "
                                f"hand (SP-14). Your cards are ")
    assert v.evidence["hand"] == [c.code for c in mine]


def test_card_not_in_hand_oh_hell_cites_oh9():
    g = oh_hell_one_card(dealer=2)
    v = g.check_play(0, "7C")
    assert (v.reason, v.rule) == (Reason.CARD_NOT_IN_HAND, "OH-9")
    assert v.message == ("You don't hold the 7♣: you can only play a card from your own hand (OH-9). "
                         "Your cards are K♣ and 5♦.")


# ================================================================== hands without trump
def test_no_trump_hand_is_explained_without_trump():
    cards = [Card.parse(c) for c in ("JC", "KH", "4C", "QC")]
    assert explain_trick_winner(cards, None, rule="OH-10") == (
        "The Q♣ wins: this hand has no trump, so the highest card of the suit led (clubs) wins (OH-10). "
        "Off-suit cards never win: K♥ is not clubs.")
    assert explain_trick_winner(cards, None, Card.parse("KH"), "OH-10") == (
        "The K♥ cannot win: it is not of the suit led, and this hand has no trump. In this trick the Q♣ wins: "
        "this hand has no trump, so the highest card of the suit led (clubs) wins (OH-10). "
        "Off-suit cards never win: K♥ is not clubs.")
    assert explain_trick_winner(cards, None, Card.parse("JC"), "OH-10").startswith(
        "The J♣ is beaten by the higher Q♣. In this trick the Q♣ wins: this hand has no trump")


def test_a_trump_hand_still_speaks_of_trump():
    cards = [Card.parse(c) for c in ("JC", "KH", "4C", "QC")]
    text = explain_trick_winner(cards, Suit.DIAMONDS, Card.parse("KH"), "OH-10")
    assert text == ("The K♥ cannot win: it is neither the suit led nor a trump. In this trick the Q♣ wins: no trump "
                    "was played, so the highest card of the suit led (clubs) wins (OH-10). Off-suit cards never win: "
                    "K♥ is neither clubs nor trump.")


def test_no_trump_last_hand_follow_message_does_not_mention_trump():
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(2,)), dealer=2, auto_deal=False)
    g.deal(Deal(tuple(tuple(parse_cards(h)) for h in ("KC 5D", "2H 9S", "AC 3S")), None))
    assert g.trump is None
    for _ in range(3):
        g.bid(g.to_act, 0)
    g.play(0, "KC")
    v = g.check_play(1, "9S")
    assert v.ok and v.message == "Yes: you have no clubs, so you may play any card (OH-9)."
    assert "trump" not in v.message


# ================================================================== the Blind Nil exchange
def test_sp10_passing_a_card_twice_names_it():
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 0, blind=True)
    for _ in range(3):
        g.bid(g.to_act, 3)
    held = g.hand_of(0)
    a, k = held[-1], held[-2]
    v = g.check_exchange(0, [a, a, k])
    assert (v.reason, v.rule) == (Reason.EXCHANGE_WRONG_COUNT, "SP-10")
    assert v.message == (f"You must pass exactly 3 different cards to your partner; you chose 3 cards "
                         f"({a.display}, {a.display}, {k.display}), the {a.display} twice, so only 2 different "
                         f"cards (SP-10).")
    assert "you chose 2 (" not in v.message
    v = g.check_exchange(0, [a, k])
    assert v.message == (f"You must pass exactly 3 different cards to your partner; you chose 2 cards "
                         f"({a.display}, {k.display}) (SP-10).")
    v = g.check_exchange(0, [])
    assert v.message == "You must pass exactly 3 different cards to your partner; you chose no cards (SP-10)."


def test_sp10_passing_a_huge_list_quotes_only_a_few_cards():
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 0, blind=True)
    for _ in range(3):
        g.bid(g.to_act, 3)
    held = g.hand_of(0)
    v = g.check_exchange(0, held * 1000)
    assert v.reason is Reason.EXCHANGE_WRONG_COUNT
    assert len(v.message) < 300
    assert v.message.startswith(f"You must pass exactly 3 different cards to your partner; you chose 13,000 cards "
                                f"({', '.join(c.display for c in held[:6])}, …), ")
