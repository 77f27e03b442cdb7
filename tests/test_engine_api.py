"""The engine's public API under bad input and misuse (issue 10): every
malformed argument is an :class:`InvalidInputError` (never TypeError or
AttributeError), scores/bags/results cannot be changed from outside, undo
never forgets that a seat looked at its cards (F4, SP-10) and replays only
the current hand, and messages quote at most 80 characters of any input.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine import (Bid, Card, Deal, IllegalActionError, InvalidInputError, Look, OhHellGame, OhHellRules, Pass,
                    Phase, Play, Reason, SpadesGame, SpadesRules, parse_cards)
from engine import game as game_module
from engine.game import TrickGame
from engine.record import game_to_record


def exchange_game() -> SpadesGame:
    """Dealer West; North bids Blind Nil, so North and South exchange (SP-10)."""
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 0, blind=True)
    g.bid(1, 3)
    g.bid(2, 4)
    g.bid(3, 3)
    assert g.phase is Phase.EXCHANGE and g.exchange_seats == (0, 2)
    return g


# ================================================================== malformed input
@pytest.mark.parametrize("cards", [None, 5, 2.5, b"2C 3C 4C", {"2C": 1}])
def test_exchange_with_a_non_list_is_invalid_input(cards):
    g = exchange_game()
    before = game_to_record(g)
    with pytest.raises(InvalidInputError, match="is not a list of cards"):
        g.exchange(0, cards)
    with pytest.raises(InvalidInputError, match="is not a list of cards"):
        g.apply(Pass(0, cards))
    with pytest.raises(InvalidInputError):
        g.check(Pass(0, cards))
    assert game_to_record(g) == before


def test_pass_none_is_invalid_input_in_any_phase():
    g = SpadesGame(dealer=3, first_deal=9)
    with pytest.raises(InvalidInputError):
        g.apply(Pass(0, None))
    with pytest.raises(InvalidInputError):
        g.exchange(0, None)


def test_apply_normalises_card_text_and_keeps_cards_in_the_history():
    g = SpadesGame(dealer=3, first_deal=9)
    for s, b in ((0, 3), (1, 3), (2, 3), (3, 3)):
        g.bid(s, b)
    card = g.legal_plays(0)[0]
    g.apply(Play(0, card.code.lower()))
    assert g.history[-1] == Play(0, card) and isinstance(g.history[-1].card, Card)
    with pytest.raises(InvalidInputError):
        g.apply(Play(1, None))
    with pytest.raises(InvalidInputError, match="is not a seat"):
        g.apply(Play("1", g.legal_plays(1)[0]))
    with pytest.raises(InvalidInputError, match="blind must be True or False"):
        g.apply(Bid(1, 0, blind="yes"))


@pytest.mark.parametrize("kwargs, match", [
    ({"first_deal": "5"}, "first_deal '5' must be None or a deal number"),
    ({"first_deal": -1}, "first_deal -1 must be None or a deal number"),
    ({"first_deal": 2 ** 63}, "first_deal 9223372036854775808 must be None"),
    ({"first_deal": 1.0}, "first_deal 1.0 must be None"),
    ({"rng": "x"}, r"rng 'x' must be a random.Random"),
    ({"rng": 42}, r"rng 42 must be a random.Random"),
    ({"rules": "x"}, "rules 'x' must be a SpadesRules"),
    ({"rules": OhHellRules()}, "must be a SpadesRules"),
    ({"scores": None}, "scores must be two whole numbers"),
    ({"scores": (10 ** 30, 0)}, "at most 30 digits"),
    ({"dealer": "0"}, "'0' is not a seat"),
    ({"auto_deal": "no"}, "auto_deal must be True or False"),
])
def test_spades_game_constructor_refuses_bad_arguments(kwargs, match):
    with pytest.raises(InvalidInputError, match=match):
        SpadesGame(**kwargs)


def test_spades_rules_as_a_dict_of_options():
    assert SpadesGame({"target_score": 300}, first_deal=1).rules == SpadesRules(target_score=300)
    with pytest.raises(InvalidInputError, match="unknown Spades option 'x'"):
        SpadesGame({"x": 1})


@pytest.mark.parametrize("kwargs, match", [
    ({"rules": "x"}, "rules 'x' must be an OhHellRules"),
    ({"rules": SpadesRules()}, "must be an OhHellRules"),
    ({"first_deal": "5"}, "first_deal '5' must be None"),
    ({"rng": "x"}, "rng 'x' must be a random.Random"),
    ({"scores": 7}, "scores must be 4 whole numbers"),
])
def test_oh_hell_game_constructor_refuses_bad_arguments(kwargs, match):
    with pytest.raises(InvalidInputError, match=match):
        OhHellGame(**kwargs)


def test_first_deal_is_checked_when_set_so_a_loaded_game_cannot_break_next_hand():
    g = SpadesGame(dealer=0, first_deal=1)
    with pytest.raises(InvalidInputError) as exc:
        g.first_deal = 10 ** 3999
    assert len(str(exc.value)) < 200
    assert "about 4000 digits" in str(exc.value)
    assert g.first_deal == 1
    g.first_deal = 2 ** 63 - 1
    assert g.first_deal == 2 ** 63 - 1


def test_a_malformed_deal_is_invalid_input():
    g = SpadesGame(dealer=0, auto_deal=False)
    for bad in (Deal(None), Deal(("AS",) * 4), Deal(tuple(tuple(parse_cards("2C")) for _ in range(4)), turn_up="AS")):
        with pytest.raises(InvalidInputError):
            g.deal(bad)
    assert g.phase is Phase.DEAL and g.history == ()


def test_messages_quote_at_most_80_characters_of_huge_input():
    g = SpadesGame(dealer=3, first_deal=9)
    with pytest.raises(InvalidInputError) as exc:
        g.play(0, "Q" * 1_000_000)
    assert len(str(exc.value)) < 250 and "Q" * 79 not in str(exc.value)
    v = g.check_bid(0, "7" * 1_000_000)
    assert v.reason is Reason.BID_NOT_WHOLE_NUMBER and len(v.message) < 250
    v = g.check_bid(0, 10 ** 5000)  # over Python's 4,300-digit printing limit
    assert v.reason is Reason.BID_OUT_OF_RANGE
    assert v.message == ("You cannot bid a whole number of about 5001 digits: bids go from 0 (Nil) to 13, "
                         "the number of tricks in a hand (SP-6).")
    with pytest.raises(InvalidInputError, match="about 5001 digits is not a seat"):
        g.bid(10 ** 5000, 1)
    assert engine.errors.quote(list(range(10 ** 6))) == "[0, 1, 2, 3, 4, 5, 6, 7, …]" and len(engine.errors.quote([[[1]]] * 10)) <= 80


# ================================================================== copies, not the game's own lists
def test_scores_bags_and_results_are_copies():
    g = SpadesGame(dealer=3, first_deal=9, scores=(40, -20), bags=(3, 1))
    g.scores[0] = 999
    g.bags[1] = 9
    g.results.append("x")
    assert g.scores == [40, -20] and g.bags == [3, 1] and g.results == []
    assert g.view(0).scores == (40, -20)
    o = OhHellGame(OhHellRules(players=3), first_deal=4, scores=[1, 2, 3])
    o.scores[0] = 999
    o.results.append("x")
    assert o.scores == [1, 2, 3] and o.results == []


def test_docs_say_a_game_is_not_thread_safe():
    assert "not thread-safe" in engine.__doc__
    assert "not thread-safe" in TrickGame.__doc__
    assert "not thread-safe" in game_module.__doc__


# ================================================================== F4: looking is a fact (SP-10)
def test_f4_bid_then_undo_still_looked():
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 4)
    assert g.undo() == Bid(0, 4)
    v = g.check_bid(0, 0, blind=True)
    assert (v.ok, v.reason, v.rule) == (False, Reason.BLIND_NIL_AFTER_LOOKING, "SP-10")
    assert g.has_looked(0) and g.view(0).hand is not None and g.view(0).looked
    assert Bid(0, 0, True) not in g.legal_bids(0)
    assert g.history[-1] == Look(0)


def test_f4_look_then_undo_takes_nothing_back():
    g = SpadesGame(dealer=3, first_deal=9)
    g.look(0)
    assert g.undo() is None
    assert g.has_looked(0)
    assert g.check_bid(0, 0, blind=True).reason is Reason.BLIND_NIL_AFTER_LOOKING
    with pytest.raises(IllegalActionError) as exc:
        g.bid(0, 0, blind=True)
    assert exc.value.verdict.reason is Reason.BLIND_NIL_AFTER_LOOKING


def test_f4_undo_of_a_later_bid_keeps_an_earlier_look():
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 3)
    g.look(2)
    g.bid(1, 4)
    assert g.undo() == Bid(1, 4)
    # East saw his cards to bid 4: he has still seen them; West has not looked
    assert g.has_looked(2) and g.has_looked(1) and not g.has_looked(3)
    assert g.check_bid(1, 0, blind=True).reason is Reason.BLIND_NIL_AFTER_LOOKING
    assert g.undo() == Bid(0, 3)
    assert g.has_looked(0) and g.has_looked(1) and g.has_looked(2) and not g.has_looked(3)
    assert [a for a in g.history if isinstance(a, Look)] == [Look(2), Look(1), Look(0)]
    assert g.to_act == 0 and g.bids == (None, None, None, None)


def test_f4_blind_nil_bidder_who_saw_cards_after_the_bidding_has_still_seen_them():
    g = SpadesGame(dealer=3, first_deal=9)
    g.bid(0, 0, blind=True)
    g.bid(1, 3)
    g.bid(2, 4)
    assert not g.has_looked(0)
    g.bid(3, 3)  # the bidding is over: the Blind Nil bidder looks (SP-10)
    assert g.has_looked(0)
    assert g.undo() == Bid(3, 3)
    assert g.has_looked(0) and g.has_looked(3) and g.view(0).hand is not None
    assert g.check_bid(3, 0, blind=True).reason is Reason.BLIND_NIL_AFTER_LOOKING


def test_f4_undo_never_goes_back_past_a_deal_whose_cards_were_seen():
    g = SpadesGame(dealer=3, first_deal=9)
    for s in range(4):
        g.bid(s, 3)
    while g.hands_dealt == 1:
        g.play(g.to_act, g.legal_plays(g.to_act)[0])
    assert g.phase is Phase.BIDDING and g.hands_dealt == 2
    g.look(g.to_act)
    n = len(g.history)
    assert g.undo() is None  # taking back hand 1's last card would take back the new deal, already seen
    assert len(g.history) == n and g.hands_dealt == 2


def test_undo_past_an_unseen_deal_is_still_allowed():
    g = SpadesGame(dealer=3, first_deal=9)
    for s in range(4):
        g.bid(s, 3)
    while g.hands_dealt == 1:
        last = Play(g.to_act, g.legal_plays(g.to_act)[0])
        g.apply(last)
    assert g.undo() == last
    assert g.hands_dealt == 1 and g.phase is Phase.PLAY and g.results == []


def test_repeated_looks_are_one_fact_not_thousands_of_actions():
    g = SpadesGame(dealer=3, first_deal=9)
    for _ in range(1000):
        g.look(1)
    assert [a for a in g.history if isinstance(a, Look)] == [Look(1)]
    o = OhHellGame(OhHellRules(players=3), first_deal=4)
    o.look(0)
    assert not any(isinstance(a, Look) for a in o.history) and o.has_looked(0)


# ================================================================== undo replays the current hand only
def _random_step(g, rng):
    seat = rng.choice(g.seats_to_act)
    if g.GAME == "spades" and g.phase is Phase.BIDDING and rng.random() < 0.2:
        g.look(rng.randrange(4))
        return
    acts = g.legal_actions(seat)
    if g.phase is Phase.BIDDING and g.GAME == "spades":
        acts = [a for a in acts if a.blind or a.value <= 4]
    g.apply(rng.choice(acts))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), oh_hell=st.booleans())
def test_undo_from_snapshots_equals_a_full_replay(seed, oh_hell):
    rng = random.Random(seed)
    if oh_hell:
        g = OhHellGame(OhHellRules(players=rng.choice([3, 4, 5]), hand_sizes=(2, 3, 1)), first_deal=seed)
    else:
        g = SpadesGame(SpadesRules(target_score=150), dealer=rng.randrange(4), first_deal=seed)
    for _ in range(300):
        if g.phase is Phase.GAME_OVER:
            break
        if rng.random() < 0.25:
            g.undo()
            full = g.copy()  # rebuilt from the whole history, without snapshots
            assert game_to_record(full) == game_to_record(g)
            for s in range(g.n_seats):
                assert full.view(s) == g.view(s)
                assert full.has_looked(s) == g.has_looked(s)
        else:
            _random_step(g, rng)
