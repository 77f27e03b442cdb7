"""engine.solver (exact double-dummy, SP-13…SP-16, OH-9…OH-11, SP-8 Nil) and engine.solver_dds."""
import random

import pytest

from engine.cards import parse_cards
from engine.solver import (TooLargeError, can_take_exactly, card_values, exact_bid_cards, nil_survives,
                           nil_tricks, oh_hell_position, solve_tricks, spades_position, tricks_left)
from engine import solver_dds

# DDS comes with the optional endplay package (the `app` extra); the engine and these tests run without it,
# and test_dds_missing_is_reported checks what happens then.
needs_dds = pytest.mark.skipif(not solver_dds.available(),
                               reason="endplay (DDS) is not importable: " + solver_dds.UNAVAILABLE_REASON)


def m(text):
    return sum(1 << c.index for c in parse_cards(text))


def codes(values):
    from engine.cards import DECK
    return {DECK[c].code: v for c, v in values.items()}


def brute(pos, seats):
    """Plain min-max over every legal card: the reference the solver must match."""
    if tricks_left(pos) == 0:
        return 0
    vals = []
    legal = pos.legal_mask()
    for c in range(52):
        if legal >> c & 1:
            nxt, w = pos.play(c)
            vals.append((w in seats if w is not None else 0) + brute(nxt, seats))
    return max(vals) if pos.to_play in seats else min(vals)


def random_spades(rng, k, broken):
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * k:(i + 1) * k]) for i in range(4)]
    pos = spades_position(hands, rng.randrange(4), (), broken)
    for _ in range(rng.randrange(4)):
        legal = pos.legal_mask()
        pos, _ = pos.play(rng.choice([c for c in range(52) if legal >> c & 1]))
    return pos


# ----------------------------------------------------------------- written-out endgames
def test_finesse_two_card_ending():
    # North 3♥ 2♥, East K♥ 4♥, South A♥ Q♥, West 6♥ 5♥.  A lead from North
    # through East's K♥ lets South finesse the Q♥: N–S take both tricks.
    hands = [m("3H 2H"), m("KH 4H"), m("AH QH"), m("6H 5H")]
    assert solve_tricks(spades_position(hands, 0, (), True), {0, 2}) == 2
    # South on lead must lead into the K♥ and takes only one.
    assert solve_tricks(spades_position(hands, 2, (), True), {0, 2}) == 1
    # North led 2♥, East played 4♥: South's Q♥ (the finesse) keeps both, A♥ takes one.
    pos = spades_position([m("3H"), m("KH"), m("AH QH"), m("6H 5H")], 0, tuple(c.index for c in parse_cards("2H 4H")),
                          True)
    assert codes(card_values(pos)) == {"QH": 2, "AH": 1}


def test_three_card_ending_ruff_then_clubs():
    # North A♥ K♥ Q♥, East 2♠ 3♣ 4♣, South 4♥ 3♥ 2♥, West 7♣ 6♣ 5♣; spades broken,
    # North leads.  East ruffs the first heart with 2♠ and East–West run the clubs: N–S take 0.
    hands = [m("AH KH QH"), m("2S 3C 4C"), m("4H 3H 2H"), m("7C 6C 5C")]
    pos = spades_position(hands, 0, (), True)
    assert codes(card_values(pos)) == {"QH": 0, "KH": 0, "AH": 0}
    assert solve_tricks(pos, {1, 3}) == 3
    # East on play after A♥ led: 2♠ wins all three for E–W; a club lets N–S win one.
    nxt, _ = pos.play(parse_cards("AH")[0].index)
    assert codes(card_values(nxt)) == {"3C": 2, "4C": 2, "2S": 3}


def test_sp13_forbids_the_spade_lead_dds_would_choose():
    # North 7♣ A♠, East 5♦ Q♠, South 3♣ 3♦, West 5♥ 10♥; spades not broken, North leads.
    # Cashing A♠ (dropping Q♠) would take both tricks, but SP-13 forbids leading it:
    # North must lead 7♣, East ruffs with Q♠, and N–S take one trick (the A♠ ruff later).
    hands = [m("7C AS"), m("5D QS"), m("3C 3D"), m("5H TH")]
    pos = spades_position(hands, 0, (), False)
    assert codes(card_values(pos)) == {"7C": 1}
    assert solve_tricks(pos, {0, 2}) == 1
    # Had spades been broken, A♠ first is best: 2 tricks.
    assert codes(card_values(spades_position(hands, 0, (), True))) == {"7C": 1, "AS": 2}
    if solver_dds.available():  # DDS is offered the engine's legal cards only
        assert codes(solver_dds.dds_card_values(pos)) == {"7C": 1}
        # DDS's one best card is the forbidden A♠ lead, so dds_best_tricks solves every card: 1, not 2
        assert solver_dds.dds_best_tricks(pos) == 1 and solver_dds.dds_best_tricks(pos, {1, 3}) == 1
        assert solver_dds.dds_best_tricks(spades_position(hands, 0, (), True)) == 2


def test_only_spades_may_be_led_before_broken():
    # SP-13's exception: the leader holds only spades.
    hands = [m("AS 2S"), m("KH 4H"), m("QH 3H"), m("JH 5H")]
    pos = spades_position(hands, 0, (), False)
    assert codes(card_values(pos)) == {"2S": 2, "AS": 2}


def test_matches_plain_minimax_on_random_endgames():
    rng = random.Random(14)
    for _ in range(150):
        pos = random_spades(rng, rng.randint(1, 3), rng.random() < 0.5)
        seats = {0, 2} if rng.random() < 0.5 else {1, 3}
        assert solve_tricks(pos, seats) == brute(pos, seats)
        vals = card_values(pos, seats)
        legal = pos.legal_mask()
        assert set(vals) == {c for c in range(52) if legal >> c & 1}
        for c, v in vals.items():
            nxt, w = pos.play(c)
            assert v == (w in seats if w is not None else 0) + brute(nxt, seats)


def test_too_large_is_refused():
    rng = random.Random(1)
    pos = random_spades(rng, 8, True)
    with pytest.raises(TooLargeError):
        solve_tricks(pos, {0, 2})
    with pytest.raises(ValueError):
        spades_position([m("AS"), m("KS AH"), m("QS"), m("JS")], 0)  # unequal hands
    with pytest.raises(ValueError):
        spades_position([m("AS"), m("AS"), m("QS"), m("JS")], 0)  # a card in two hands


# ----------------------------------------------------------------- Nil (SP-8)
def test_nil_survives_small_cases():
    # South (Nil) holds 2♥ 3♥ under everyone's hearts: safe.
    hands = [m("AH KH"), m("QH JH"), m("2H 3H"), m("TH 9H")]
    assert nil_survives(spades_position(hands, 0, (), True), 2)
    # South holds the A♥ and must follow: the Nil cannot survive.
    hands = [m("KH 2H"), m("QH JH"), m("AH 3H"), m("TH 9H")]
    pos = spades_position(hands, 0, (), True)
    assert not nil_survives(pos, 2)
    assert nil_tricks(pos, 2) == 1


def test_nil_matches_minimax():
    def brute_nil(pos, nil):
        if tricks_left(pos) == 0:
            return 0
        res = []
        legal = pos.legal_mask()
        for c in range(52):
            if legal >> c & 1:
                nxt, w = pos.play(c)
                res.append((w == nil) + brute_nil(nxt, nil))
        return min(res) if pos.to_play in (nil, (nil + 2) % 4) else max(res)
    rng = random.Random(8)
    for _ in range(100):
        pos = random_spades(rng, rng.randint(1, 3), rng.random() < 0.5)
        s = rng.randrange(4)
        assert nil_tricks(pos, s) == brute_nil(pos, s)


# ----------------------------------------------------------------- Oh Hell
def brute_exact_small(pos, seat, k):
    if tricks_left(pos) == 0:
        return k == 0
    res = []
    legal = pos.legal_mask()
    for c in range(52):
        if legal >> c & 1:
            nxt, w = pos.play(c)
            res.append(brute_exact_small(nxt, seat, k - (w == seat)))
    return any(res) if pos.to_play == seat else all(res)


def test_oh_hell_most_tricks_and_exact_bid_three_players():
    # Hearts trump.  Seat 0: A♠ 2♥; seat 1: K♠ 3♣; seat 2: Q♠ 4♣; seat 0 leads.
    hands = [m("AS 2H"), m("KS 3C"), m("QS 4C")]
    pos = oh_hell_position(hands, 0, (), trump=2)
    # The A♠ is the top spade and the 2♥ the only trump: seat 0 wins both, whatever it does.
    assert solve_tricks(pos, {0}, limit=7) == 2
    assert can_take_exactly(pos, 0, 2)
    assert not can_take_exactly(pos, 0, 1)
    assert not can_take_exactly(pos, 0, 0)
    assert codes(exact_bid_cards(pos, 0, 2)) == {"AS": True, "2H": True}
    assert codes(exact_bid_cards(pos, 0, 1)) == {"AS": False, "2H": False}
    # Seat 1 (K♠ 3♣) on lead.  After 3♣ (seat 2 must follow 4♣) seat 0 can discard the A♠,
    # lose that trick and win the next with the 2♥: exactly 1.  After K♠, seat 2's Q♠ and
    # seat 0's A♠ must follow, A♠ wins and the 2♥ wins again: 2.  Seat 1 stops the bid of 1.
    pos1 = oh_hell_position(hands, 1, (), trump=2)
    assert solve_tricks(pos1, {0}, limit=7) == 2
    assert codes(exact_bid_cards(pos1, 0, 1)) == {"3C": True, "KS": False}
    assert not can_take_exactly(pos1, 0, 1)
    assert not brute_exact_small(pos1, 0, 1)


def test_oh_hell_matches_minimax():
    def brute_exact(pos, seat, k):
        if tricks_left(pos) == 0:
            return k == 0
        res = []
        legal = pos.legal_mask()
        for c in range(52):
            if legal >> c & 1:
                nxt, w = pos.play(c)
                res.append(brute_exact(nxt, seat, k - (w == seat)))
        return any(res) if pos.to_play == seat else all(res)
    rng = random.Random(5)
    for _ in range(120):
        n, k = rng.randint(3, 7), rng.randint(1, 3)
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[j * k:(j + 1) * k]) for j in range(n)]
        pos = oh_hell_position(hands, rng.randrange(n), (), rng.choice([None, 0, 1, 2, 3]), rng.random() < 0.3)
        seat = rng.randrange(n)
        assert solve_tricks(pos, {seat}) == brute(pos, {seat})
        for b in range(k + 1):
            assert can_take_exactly(pos, seat, b) == brute_exact(pos, seat, b)


# ----------------------------------------------------------------- DDS
@needs_dds
def test_dds_identical_where_sp13_cannot_matter():
    # Spades already broken: SP-13 restricts nothing, so DDS and the exact solver agree on every card.
    rng = random.Random(1402)
    for _ in range(200):
        pos = random_spades(rng, rng.randint(1, 6), True)
        assert card_values(pos) == solver_dds.dds_card_values(pos)
        other = {1, 3} if pos.to_play in (0, 2) else {0, 2}
        assert card_values(pos, other) == solver_dds.dds_card_values(pos, other)


@needs_dds
def test_sp13_dds_best_tricks_is_the_best_legal_card_value():
    # Whole deals at the opening lead and endgames, spades broken or not (SP-13 then forbids spade leads):
    # dds_best_tricks equals the best of dds_card_values for the mover's side, for either side asked.
    rng = random.Random(1403)
    for k in range(60):
        pos = random_spades(rng, 13 if k % 3 == 0 else rng.randint(1, 8), rng.random() < 0.5)
        vals = solver_dds.dds_card_values(pos)
        other = {1, 3} if pos.to_play in (0, 2) else {0, 2}
        assert solver_dds.dds_best_tricks(pos) == max(vals.values())
        assert solver_dds.dds_best_tricks(pos, other) == tricks_left(pos) - max(vals.values())


def test_dds_missing_is_reported(monkeypatch):
    monkeypatch.setattr(solver_dds, "AVAILABLE", False)
    monkeypatch.setattr(solver_dds, "UNAVAILABLE_REASON", "the DDS solver is unavailable (test)")
    with pytest.raises(solver_dds.DDSUnavailableError):
        solver_dds.dds_card_values(spades_position([m("AS"), m("KS"), m("QS"), m("JS")], 0, (), True))
