"""The bid advisor (issue 6): suggestions with lines that add up, Nil and
Blind Nil advice (SP-8, SP-10), the Oh Hell hook (OH-V4) and "show me"."""
from __future__ import annotations

import random
import time

from engine import Bid, Card, Deal, OhHellGame, OhHellRules, SpadesGame, SpadesRules, Suit, parse_cards
from engine.bots.advisor import Advice, advise_bid, advise_oh_hell, advise_spades, show_me
from engine.bots.level2 import ClubPlayer
from engine.cards import DECK


def adds_up(a: Advice) -> bool:
    return round(sum(v for _, v in a.lines)) == a.bid


def test_sp7_advisor_counts_tricks_with_lines_that_add_up():
    a = advise_spades(parse_cards("AS KS 4S 3S AH 7H 2H KD 9D 3D 8C 5C 2C"))
    assert a.bid == 5 and not a.nil and a.sure == 2
    assert a.lines == (
        ("A♠: a sure trick", 1.0),
        ("K♠: with the higher spades: a sure trick", 1.0),
        ("four spades: the fourth is likely a trick", 0.8),
        ("A♥: almost a sure trick", 0.95),
        ("K♦ with two small: wins about two times in three", 0.67),
        ("the other cards: queens, jacks and small trumps add about half a trick", 0.5),
    )
    assert adds_up(a)


def test_sp8_advisor_suggests_nil_with_a_weak_hand():
    a = advise_spades(parse_cards("9S 5S 2S JH 7H 4H 3H QD 8D 5D 2D 6C 3C"))
    assert (a.bid, a.nil, a.alternative) == (0, True, 1)
    assert a.lines[0] == ("Nil: a weak hand with no sure trick", 0.0)
    assert adds_up(a)


def test_sp9_advisor_avoids_nil_when_partner_bid_nil():
    a = advise_spades(parse_cards("9S 5S 2S JH 7H 4H 3H QD 8D 5D 2D 6C 3C"), partner_bid="nil")
    assert (a.bid, a.nil) == (1, False)
    assert adds_up(a)


def test_sp8_partner_nil_costs_a_little():
    hand = parse_cards("AS KS 4S 3S AH 7H 2H KD 9D 3D 8C 5C 2C")
    a = advise_spades(hand, partner_bid="nil")
    assert a.lines[-1] == ("partner bid Nil: you must win your side's tricks alone and spend high cards covering", -0.3)
    assert a.bid == 5 and adds_up(a)


def test_sp6_advice_lines_add_up_on_many_spades_hands():
    rng = random.Random(6)
    for _ in range(400):
        hand = rng.sample(DECK, 13)
        partner = rng.choice([None, None, "nil", "blind_nil", 1, 3, 5, 8])
        a = advise_spades(hand, partner_bid=partner)
        assert 0 <= a.bid <= 13 and adds_up(a)
        assert a.nil == (a.bid == 0)
        if isinstance(partner, int):
            assert partner + a.bid <= 13 or a.bid == 1


def test_oh_v4_advisor_never_suggests_the_hooked_bid_nor_below_sure_tricks():
    a = advise_oh_hell(parse_cards("AH KH 2C"), players=3, trump=Suit.HEARTS, earlier_bids=[1, 0],
                       allowed=[0, 1, 3], turn_up=Card.parse("7H"))
    assert (a.bid, a.sure) == (3, 2)
    assert a.lines[-1] == ("the hook forbids 2 (the bids may not add up to 3, OH-V4); "
                           "never go below your 2 sure tricks: bid 3", 0.85)
    assert adds_up(a)


def test_oh8_advice_lines_add_up_on_many_oh_hell_hands():
    rng = random.Random(8)
    for _ in range(400):
        players = rng.randint(3, 7)
        size = rng.randint(1, 52 // players - 1)
        cards = rng.sample(DECK, size + 1)
        hand, up = cards[:size], cards[size]
        trump = rng.choice([up.suit, None])
        earlier = [rng.randint(0, size) for _ in range(rng.randint(0, players - 1))]
        allowed = list(range(size + 1))
        if len(earlier) == players - 1 and 0 <= size - sum(earlier) <= size:
            allowed.remove(size - sum(earlier))  # the hook (OH-V4)
        a = advise_oh_hell(hand, players, trump, earlier, allowed, up if trump else None)
        assert a.bid in allowed and adds_up(a)
        assert a.bid >= min(a.sure, max(allowed))


def test_oh8_advise_bid_uses_the_view_and_the_engines_legal_bids():
    hands = (tuple(parse_cards("2D 3D 4D")), tuple(parse_cards("5D 6D 7D")), tuple(parse_cards("AH KH 2C")))
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(3,), hook=True, no_trump_final_hand=False),
                   dealer=2, auto_deal=False)
    g.deal(Deal(hands, Card.parse("7H")))
    g.bid(0, 1)
    g.bid(1, 0)
    a = advise_bid(g.view(2))
    assert a.bid == 3 and adds_up(a)


def test_sp10_unlooked_hand_gets_blind_nil_advice_only_far_behind():
    g = SpadesGame(first_deal=3, dealer=3)
    a = advise_bid(g.view(0))
    assert a.bid is None  # look first
    g = SpadesGame(SpadesRules(target_score=500), scores=(100, 400), first_deal=3, dealer=3)
    a = advise_bid(g.view(0))
    assert (a.bid, a.blind_nil) == (0, True) and adds_up(a)
    assert ClubPlayer(1).choose(g.view(0)) == Bid(0, 0, True)


def test_sp7_advise_bid_spades_view_uses_partners_bid():
    g = SpadesGame(first_deal=11, dealer=3)
    while g.to_act != 2:  # North and East look (Look) and bid
        g.apply(ClubPlayer(g.to_act).choose(g.view(g.to_act)))
    g.look(2)
    view = g.view(2)
    a = advise_bid(view)
    assert a == advise_spades(view.hand, view.bids[0])
    assert adds_up(a)


def test_advisor_suggestion_is_fast():
    rng = random.Random(1)
    hands = [rng.sample(DECK, 13) for _ in range(50)]
    t = time.perf_counter()
    for h in hands:
        advise_spades(h)
    assert (time.perf_counter() - t) / 50 < 0.1


def test_oh11_show_me_gives_exact_chances_for_the_hooked_hand():
    hands = (tuple(parse_cards("2D 3D 4D")), tuple(parse_cards("5D 6D 7D")), tuple(parse_cards("AH KH 2C")))
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(3,), hook=True, no_trump_final_hand=False),
                   dealer=2, auto_deal=False)
    g.deal(Deal(hands, Card.parse("7H")))
    g.bid(0, 1)
    g.bid(1, 0)
    s = show_me(g.view(2), samples=30, seed=1)
    assert s.bid == 3 and s.samples == 30
    assert sum(s.counts) == 30 and abs(sum(s.chance) - 1) < 1e-9
    assert s.counts[0] == 0 and s.counts[1] == 0  # ♥A ♥K of trumps always take two (OH-10)
    assert sorted(s.exact) == [0, 1, 3]
    assert s.exact[0] == 0.0 and s.exact[1] == 0.0 and s.nil_risk == 1.0
    assert s.millis < 1000


def test_sp8_show_me_nil_risk_for_strong_and_weak_hands():
    g = SpadesGame(first_deal=21, dealer=3)
    g.look(0)
    s = show_me(g.view(0), samples=40, seed=2)
    assert s.samples == 40 and sum(s.counts) == 40 and len(s.counts) == 14
    assert 0.0 <= s.nil_risk <= 1.0
    assert s.millis < 1000


def test_sp10_show_me_blind_nil_risk_samples_the_unseen_hand():
    g = SpadesGame(first_deal=21, dealer=3)
    s = show_me(g.view(0), samples=30, seed=3)
    assert s.blind and s.bid == 0 and s.samples == 30
    assert s.nil_risk == sum(s.counts[1:]) / 30


def test_oh8_the_earlier_bids_line_says_what_it_means_in_a_one_card_hand():
    """Issue 33: "only 0 of 1 tricks: spare tricks may come your way (+0.1)" meant nothing to a learner."""
    from tutor.advice import count_lines
    a = advise_oh_hell(parse_cards("7C"), 4, Suit.HEARTS, earlier_bids=[0, 0, 0])
    assert count_lines(a.lines) == ["the 3 players before you bid 0 in all, less than their share of this 1-card "
                                    "hand: a trick nobody else wants may come to you (+0.1)"]
    one = advise_oh_hell(parse_cards("7C 8D 9S 2H 3H 4H 5H"), 3, Suit.CLUBS, earlier_bids=[0])
    assert any(line == "the player before you bid 0, less than a fair share of this 7-card hand: a trick nobody "
                       "else wants may come to you" for line, _ in one.lines), one.lines
