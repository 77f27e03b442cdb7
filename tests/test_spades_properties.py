"""Property tests of the Spades engine with hypothesis (seeded, derandomized).

Random games are played with random legal actions (bids 0…4, sometimes Blind
Nil, random exchanges, random legal cards) and after every action the engine
is checked against invariants of RULES.md:

* the 52 cards are conserved: hands + cards played this hand (SP-2, SP-4);
* every hand has 13 tricks and 13 tricks won (SP-16);
* at every play decision, the cards for which ``check_play`` is ok are exactly
  ``legal_plays`` (all 52 cards are asked), and every other card gets a
  reason other than OK and a rule id (SP-12 … SP-14);
* score lines add up to each side's hand points and running scores (SP-17 … SP-20);
* save → load (``game_to_record``/``game_from_record``) gives the same record
  and the same views, and the record replays with exit status 0;
* ``undo`` after a random action restores the same record (plus a Look for
  any seat that saw its cards in that action: undo never unsees cards);
* card text round-trips.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import DECK, IllegalActionError, Phase, Reason, SpadesGame, SpadesRules, parse_card
from engine.record import game_from_record, game_to_record, replay
from engine_test_helpers import check_cards_conserved, play_checked_game

FAST = settings(derandomize=True, max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow], database=None)
SLOW = settings(derandomize=True, max_examples=2000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow], database=None)


def new_game(rng: random.Random, target: int) -> SpadesGame:
    return SpadesGame(SpadesRules(target_score=target), dealer=rng.randrange(4),
                      first_deal=rng.getrandbits(40), rng=random.Random(rng.getrandbits(32)))


def random_step(game: SpadesGame, rng: random.Random, nil_rate: float = 0.1, max_bid: int = 4) -> None:
    """Apply one random legal action: bids 1…``max_bid``, Nil with probability
    ``nil_rate`` and Blind Nil about half as often; random exchanges; random
    legal cards."""
    if game.phase is Phase.BIDDING:
        seat = game.to_act
        r = rng.random()
        if not game.has_looked(seat) and r < nil_rate / 2:
            game.bid(seat, 0, blind=True)
        elif r < nil_rate:
            game.bid(seat, 0)
        else:
            game.bid(seat, rng.randint(1, max_bid))
    elif game.phase is Phase.EXCHANGE:
        seat = rng.choice(game.seats_to_act)
        game.exchange(seat, rng.sample(game.hand_of(seat), 3))
    elif game.phase is Phase.PLAY:
        seat = game.to_act
        game.play(seat, rng.choice(game.legal_plays(seat)))
    else:  # pragma: no cover - auto_deal never leaves a game in DEAL
        raise AssertionError(f"unexpected phase {game.phase}")


def check_play_decision(game: SpadesGame) -> None:
    seat = game.to_act
    legal = set(game.legal_plays(seat))
    assert legal, "the player to act always has a legal card"
    ok = set()
    for card in DECK:
        v = game.check_play(seat, card)
        if v.ok:
            ok.add(card)
            assert v.reason is Reason.OK
        else:
            assert v.reason is not Reason.OK
            assert v.rule.startswith("SP-")
    assert ok == legal
    assert set(game.hand_of(seat)) >= legal
    other = (seat + 1) % 4
    for card in game.hand_of(other):
        v = game.check_play(other, card)
        assert not v.ok and v.reason is Reason.NOT_YOUR_TURN and v.rule == "SP-12"


def check_spades_lines(game: SpadesGame) -> None:
    """The last hand's score lines cite only the default scoring rules (SP-8, SP-10, SP-17 … SP-20)."""
    r = game.results[-1]
    assert all(l.rule in {"SP-8", "SP-10", "SP-17", "SP-18", "SP-19", "SP-20"} for l in r.score_lines)


def check_save_load(game: SpadesGame) -> None:
    rec = game_to_record(game)
    again = game_from_record(json.loads(json.dumps(rec)))
    assert game_to_record(again) == rec
    for seat in range(4):
        assert again.view(seat) == game.view(seat)
    out, status, err = replay(rec)
    assert status == 0, (err, out and out["stopped"])


def check_undo_restores(game: SpadesGame, rng: random.Random, nil_rate: float, max_bid: int) -> None:
    """Undo after a random step restores the same record, except that a seat
    that saw its cards in the step has still seen them (SP-10: undo never
    unsees cards): the record then ends with a Look for it, and no more."""
    looked_before = [game.has_looked(s) for s in range(4)]
    hand_before = game.hands_dealt
    before = game_to_record(game)
    random_step(game, rng, nil_rate, max_bid)
    same_hand = game.hands_dealt == hand_before
    looked_step = [game.has_looked(s) for s in range(4)] if same_hand else looked_before
    game.undo()
    after = game_to_record(game)
    n = len(before["hands"][-1]["actions"])
    added = after["hands"][-1]["actions"][n:]
    after["hands"][-1]["actions"] = after["hands"][-1]["actions"][:n]
    assert after == before
    newly = [s for s in range(4) if looked_step[s] and not looked_before[s]]
    assert sorted(a["seat"] for a in added) == newly
    assert all(a == {"seat": a["seat"], "look": True} for a in added)
    assert [game.has_looked(s) for s in range(4)] == looked_step


def play_spades_game(seed: int, target: int, max_hands: int, full_checks: bool,
                     nil_rate: float = 0.1, max_bid: int = 4) -> SpadesGame:
    """Random legal play for up to ``max_hands`` hands through conftest's
    :func:`play_checked_game` (cards conserved, hand results); with
    ``full_checks`` every decision is checked too, and undo and save/load
    once each at random steps."""
    rng = random.Random(seed)
    game = new_game(rng, target)
    save_at = rng.randrange(52 * max_hands)
    undo_at = rng.randrange(52 * max_hands)
    results = [0]

    def before(game: SpadesGame, steps: int) -> None:
        if game.phase is Phase.PLAY and full_checks:
            check_play_decision(game)
        if game.phase is Phase.BIDDING and full_checks:
            seat = game.to_act
            assert all(game.check(b).ok for b in game.legal_bids(seat))
        if full_checks and steps == undo_at:
            check_undo_restores(game, rng, nil_rate, max_bid)

    def after(game: SpadesGame, steps: int) -> None:
        if len(game.results) > results[0]:
            results[0] = len(game.results)
            check_spades_lines(game)
        if full_checks and steps == save_at:
            check_save_load(game)

    play_checked_game(game, rng, lambda g, r: random_step(g, r, nil_rate, max_bid), max_hands=max_hands,
                      before=before, after=after, conserve=lambda g: full_checks or g.phase is not Phase.PLAY)
    if game.phase is Phase.GAME_OVER:
        side = 0 if game.scores[0] > game.scores[1] else 1
        assert game.winners == (side, side + 2)
        assert max(game.scores) >= target and game.scores[0] != game.scores[1]
        assert game.legal_actions(0) == [] and game.to_act is None
    return game


@FAST
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([60, 150, 500]))
def test_random_games_keep_every_invariant(seed, target):
    game = play_spades_game(seed, target, max_hands=2, full_checks=True)
    check_save_load(game)


@FAST
@given(data=st.data())
def test_random_games_drawn_step_by_step(data):
    """The same invariants with every choice drawn by hypothesis (so failures shrink)."""
    game = SpadesGame(dealer=data.draw(st.integers(0, 3)), first_deal=data.draw(st.integers(0, 2**40)))
    for _ in range(60):
        if game.phase is Phase.BIDDING:
            seat = game.to_act
            blind = not game.has_looked(seat) and data.draw(st.booleans())
            game.bid(seat, 0 if blind else data.draw(st.integers(0, 4)), blind=blind)
        elif game.phase is Phase.EXCHANGE:
            seat = data.draw(st.sampled_from(game.seats_to_act))
            cards = data.draw(st.lists(st.sampled_from(game.hand_of(seat)), min_size=3, max_size=3, unique=True))
            game.exchange(seat, cards)
        else:
            check_play_decision(game)
            seat = game.to_act
            game.play(seat, data.draw(st.sampled_from(game.legal_plays(seat))))
        check_cards_conserved(game)
    check_save_load(game)


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_refused_random_actions_change_nothing(seed):
    """Random (mostly illegal) actions: a refusal never changes the game."""
    rng = random.Random(seed)
    game = new_game(rng, 500)
    for _ in range(80):
        before = json.dumps(game_to_record(game))
        seat = rng.randrange(4)
        kind = rng.randrange(3)
        try:
            if kind == 0:
                game.play(seat, rng.choice(DECK))
            elif kind == 1:
                game.bid(seat, rng.choice([-1, 0, 3, 14, 2.5, "3", True]), blind=rng.random() < 0.2)
            else:
                game.exchange(seat, rng.sample(DECK, rng.choice([2, 3, 4])))
        except IllegalActionError as exc:  # refused: nothing changed
            assert exc.verdict.reason is not Reason.OK and exc.verdict.rule.startswith("SP-")
            assert json.dumps(game_to_record(game)) == before
        if rng.random() < 0.5 and game.phase is not Phase.GAME_OVER:
            random_step(game, rng)


@settings(derandomize=True, max_examples=200, database=None)
@given(card=st.sampled_from(DECK), lower=st.booleans(), ten=st.booleans(), symbol=st.booleans())
def test_card_text_round_trips(card, lower, ten, symbol):
    rank = "10" if (ten and card.rank.letter == "T") else card.rank.letter
    suit = card.suit.symbol if symbol else card.suit.letter
    text = rank + suit
    if lower:
        text = text.lower()
    assert parse_card(text) is card
    assert parse_card(card.code) is card and parse_card(card.display) is card
    assert str(parse_card(text)) == card.code


@pytest.mark.slow
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_thousands_of_random_games(seed):
    """The heavier variant: 2000 games to a 120-point target (bids 1…3, Nil
    rare, at most 30 hands; about 93 % reach the target, 8 hands on average),
    with the cheaper invariants after every action."""
    game = play_spades_game(seed, 120, max_hands=30, full_checks=False, nil_rate=0.03, max_bid=3)
    assert game.phase is Phase.GAME_OVER or len(game.results) == 30
