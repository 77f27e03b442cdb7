"""The one trick-play core (engine/playcore.py) and everything built on it.

1. At every step of thousands of random hands, the core's legal set is
   exactly the set of cards :meth:`TrickState.check` (the explaining path)
   allows, and every trick's winner is the one an independent reference (the
   rule as written: highest trump played, else highest card of the suit
   led, SP-16 / OH-10) picks and the one ``explain_trick_winner`` names:
   Spades for four, two-card tricks (two-player Spades, SP-2P-4), Oh Hell
   for 3 to 7 with and without must-trump (OH-V6) and trump-less hands (OH-7).
2. The core's fast random play-out (:func:`random_play_out_masks`) makes
   the very plays the step-by-step path makes with :func:`pick_card`, from
   fresh deals and from positions in the middle of a trick; its four-seat
   Spades loop (:func:`random_spades_play_out`, :func:`random_spades_loop`)
   makes, trick by trick, the plays, winners and breaking of the
   step-by-step path driven by :func:`pick_unforced` (no draw for a forced
   play), over thousands of positions, broken and unbroken.
3. The simulation's scores are the engine's under non-default options
   (Spades SP-H1/H4/H5/H7, Oh Hell OH-V7/OH-V8) in random seeded games.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as hs

from engine import DECK, Card, OhHellGame, OhHellRules, Phase, SpadesGame, SpadesRules, Suit
from engine.games.oh_hell import score_oh_hell_seat, seat_points
from engine.playcore import (PlayCore, beating_mask, beats, legal_play_mask, nth_card, pick_card, pick_unforced,
                             random_play_out, random_play_out_masks, random_spades_loop, random_spades_play_out,
                             suit_masks, winning_position)
from engine.sim import BLIND_NIL, deal_masks, oh_hell_seat_points, random_oh_hell_hand, spades_side_points
from engine.games.spades import SPADES_TRICK_RULES
from engine.tricks import TrickRules, TrickState, explain_trick_winner

OH_HELL_RULES = dict(lead_restricted=False, rule_lead="OH-9", rule_follow="OH-9", rule_must_trump="OH-V6",
                     rule_winner="OH-10", rule_turn="OH-9", rule_next_lead="OH-10", rule_play="OH-9")


def reference_winner(cards: list[int], trump: int | None) -> int:
    """Position of the winning card, written straight from SP-16 / OH-10."""
    led = cards[0] // 13
    trumps = [i for i, c in enumerate(cards) if trump is not None and c // 13 == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c // 13 == led]
    return max(pool, key=lambda i: cards[i])


def reference_legal(hand: int, led: int | None, trump: int | None, restricted: bool, broken: bool,
                    must_trump: bool) -> int:
    """Legal cards, written straight from SP-13/SP-14, OH-9, OH-V6 (card by card)."""
    cards = [c for c in range(52) if hand >> c & 1]
    if led is None:
        ok = cards
        if restricted and not broken and trump is not None and any(c // 13 != trump for c in cards):
            ok = [c for c in cards if c // 13 != trump]
    elif any(c // 13 == led for c in cards):
        ok = [c for c in cards if c // 13 == led]
    elif must_trump and trump is not None and any(c // 13 == trump for c in cards):
        ok = [c for c in cards if c // 13 == trump]
    else:
        ok = cards
    return sum(1 << c for c in ok)


def trick_rules(kind: str, trump: int | None, must_trump: bool) -> TrickRules:
    if kind == "spades":
        return SPADES_TRICK_RULES
    return TrickRules(trump=None if trump is None else Suit(trump), must_trump=must_trump, **OH_HELL_RULES)


def play_checked_hand(rng: random.Random, kind: str, n: int, size: int, trump: int | None,
                      must_trump: bool) -> int:
    """Deal and play one hand through TrickState, checking the core against
    the explaining path and the references at every step.  Returns steps."""
    hands, _ = deal_masks(rng, n, size)
    rules = trick_rules(kind, trump, must_trump)
    restricted = kind == "spades"
    ts = TrickState(rules, hands, leader=rng.randrange(n))
    core = ts.core
    steps = 0
    while not ts.done:
        seat = ts.to_play
        hand = ts.hands[seat]
        led = core.led_suit
        legal = core.legal(seat)
        assert legal == ts.legal_mask(seat) == legal_play_mask(hand, led, trump, restricted, core.broken,
                                                               must_trump and trump is not None)
        assert legal == reference_legal(hand, led, trump, restricted, core.broken, must_trump)
        allowed = sum(1 << c for c in range(52) if hand >> c & 1 and ts.check(seat, DECK[c]).ok)
        assert allowed == legal
        other = (seat + 1) % n
        assert core.legal(other) == 0 and not ts.check(other, DECK[(ts.hands[other] & -ts.hands[other]).bit_length() - 1]).ok
        if core.trick:
            assert core.winner_so_far == (core.leader + reference_winner(core.trick, trump)) % n
        card = pick_card(rng, legal)
        before = list(core.trick) + [card]
        leader = core.leader
        trick = ts.apply(seat, DECK[card])
        steps += 1
        if trick is not None:
            assert [c.index for c in trick.cards] == before and len(before) == n
            want = (leader + reference_winner(before, trump)) % n
            assert trick.winner == want == ts.leader
            w_card = DECK[before[reference_winner(before, trump)]]
            text = explain_trick_winner(list(trick.cards), None if trump is None else Suit(trump))
            assert text.startswith(f"The {w_card.display} wins")
    assert sum(ts.won) == size
    return steps


CONFIGS = ([("spades", 4, 13, 3, False), ("spades", 2, 13, 3, False), ("spades", 2, 26, 3, False)]
           + [("oh_hell", n, size, trump, mt) for n in range(3, 8) for size in (52 // n, 3)
              for trump in (None, 0, 2, 3) for mt in (False, True)])


@settings(max_examples=400, deadline=None)
@given(seed=hs.integers(0, 2**32 - 1), config=hs.sampled_from(CONFIGS))
def test_sp13_sp14_sp16_oh9_oh10_ohv6_core_equals_explaining_path_every_step(seed, config):
    kind, n, size, trump, mt = config
    play_checked_hand(random.Random(seed), kind, n, size, trump, mt)


def test_core_equals_explaining_path_over_thousands_of_seeded_hands():
    steps = 0
    kinds = set()
    for seed in range(1200):
        kind, n, size, trump, mt = CONFIGS[seed % len(CONFIGS)]
        steps += play_checked_hand(random.Random(seed), kind, n, size, trump, mt)
        kinds.add((kind, n))
    assert steps > 30000
    assert kinds == {("spades", 4), ("spades", 2)} | {("oh_hell", n) for n in range(3, 8)}


def test_sp_2p_4_two_card_trick_second_card_wins_or_not():
    # two seats: a trick is complete after two cards; the winner leads next
    ts = TrickState(SPADES_TRICK_RULES, [1 << 0 | 1 << 14, 1 << 5 | 1 << 40], leader=0)
    assert ts.apply(0, DECK[0]) is None  # 2C led
    trick = ts.apply(1, DECK[5])  # 7C wins
    assert trick.winner == 1 and trick.seats == (0, 1) and ts.leader == 1 and ts.won == [0, 1]
    # spades are not broken, but seat 1 holds only a spade (4S): it may lead it, and that breaks spades (SP-13, SP-15)
    assert ts.legal_mask(1) == 1 << 40 and not ts.broken
    ts.apply(1, DECK[40])
    assert ts.broken
    trick = ts.apply(0, DECK[14])  # 3D on a spade lead loses
    assert trick.winner == 1 and ts.done and ts.won == [0, 2]


def fast_equals_stepwise(hands, leader, trump, restricted, must_trump, broken, trick, won, seed):
    core = PlayCore(hands, leader, trump, restricted, must_trump, broken, trick, won)
    rng = random.Random(seed)
    log = []
    while not core.done:
        c = pick_card(rng, core.legal())
        log.append(c)
        core.play(c)
    fast_won = list(won)
    last, fast_broken = random_play_out_masks(list(hands), leader, trump, restricted, must_trump, broken, trick,
                                              fast_won, random.Random(seed).random)
    assert fast_won == core.won
    assert last == core.leader
    if restricted:
        assert fast_broken == core.broken
    again = PlayCore(hands, leader, trump, restricted, must_trump, broken, trick, won)
    assert random_play_out(again, random.Random(seed).random) == core.won
    return len(log)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_fast_random_play_out_makes_the_stepwise_plays(n):
    for seed in range(400):
        r = random.Random(seed * 10 + n)
        size = 52 // n - (seed % 2)
        hands, up = deal_masks(r, n, size)
        spades = n in (2, 4) and seed % 3 == 0
        trump = 3 if spades else (None if seed % 5 == 0 else r.randrange(4))
        mt = not spades and seed % 2 == 1
        leader = seed % n
        fast_equals_stepwise(hands, leader, trump, spades, mt, spades and seed % 7 == 0, (), [0] * n, seed)
        # from the middle of a trick: play some cards step by step first
        core = PlayCore(hands, leader, trump, spades, mt)
        for _ in range(r.randrange(n * size)):
            core.play(pick_card(r, core.legal()))
        fast_equals_stepwise(core.hands, core.leader, trump, spades, mt, core.broken, core.trick, core.won, seed)


def spades4_stepwise(hands, leader, broken, trick, won, seed, pick=pick_unforced):
    """The step-by-step path (PlayCore.legal/play, ``pick`` drawing from
    Random(seed)): a record ``(seat to lead, broken, suit masks per seat)``
    at the first trick boundary and after every later trick, the plays of
    those tricks (seat order from the leader), the core, the next draw."""
    core = PlayCore(hands, leader, 3, True, False, broken, trick, won)
    rng = random.Random(seed)
    records, plays, cards = [], [], []
    if not core.trick:
        records.append((core.leader, core.broken, [suit_masks(h) for h in core.hands]))
    stats = dict(forced=0, lead_breaks=0, ruffs=0)
    while not core.done:
        legal = core.legal()
        if legal & (legal - 1) == 0:
            stats["forced"] += 1
        if not core.trick and not core.broken and legal >> 39:
            stats["lead_breaks"] += 1
        c = pick(rng, legal)
        in_progress = bool(core.trick) and len(records) == 0
        cards.append(c)
        winner = core.play(c)
        if winner is not None:
            if len(cards) == 4 and cards[0] < 39 and max(cards) >= 39:  # a spade on another suit
                stats["ruffs"] += 1
            if not in_progress and records:
                plays.append(tuple(cards))
            cards = []
            records.append((core.leader, core.broken, [suit_masks(h) for h in core.hands]))
    return records, plays, core, rng.random(), stats


def spades4_fast_equals_stepwise(hands, leader, broken, trick, won, seed, pick=pick_unforced):
    """random_spades_play_out against spades4_stepwise, trick by trick; returns the stepwise stats."""
    records, plays, core, next_draw, stats = spades4_stepwise(hands, leader, broken, trick, won, seed, pick)
    rng = random.Random(seed)
    log = []
    fast_hands, fast_won = list(hands), list(won)
    last, fast_broken = random_spades_play_out(fast_hands, leader, broken, fast_won, rng.random, trick, log)
    assert log == records  # seat to lead (the winner), broken and every hand, trick by trick
    fast_plays = []  # each seat's card in each trick: the one its hand lost
    for (ld, _, before), (_, _, after) in zip(log, log[1:]):
        trick_cards = []
        for seat in ((ld + i) % 4 for i in range(4)):
            lost = [13 * s + (b ^ a).bit_length() - 1 for s, (b, a) in enumerate(zip(before[seat], after[seat])) if b != a]
            assert len(lost) == 1
            trick_cards.append(lost[0])
        fast_plays.append(tuple(trick_cards))
    assert fast_plays == plays
    assert (fast_won, last, fast_broken, fast_hands) == (core.won, core.leader, core.broken, [0, 0, 0, 0])
    assert rng.random() == next_draw  # the same number of draws
    return stats


def test_sp12_to_sp16_spades_loop_makes_the_stepwise_plays_over_thousands_of_positions():
    totals = dict(forced=0, lead_breaks=0, ruffs=0)
    kinds = set()
    for seed in range(3000):
        r = random.Random(seed)
        hands, _ = deal_masks(r, 4, 13)
        leader = r.randrange(4)
        broken = seed % 5 == 0
        core = PlayCore(hands, leader, 3, True, False, broken)
        for _ in range(0 if seed % 4 == 0 else r.randrange(52)):  # fresh hands, or any point of the hand
            core.play(pick_card(r, core.legal()))
        kinds.add((len(core.trick) > 0, core.broken))
        stats = spades4_fast_equals_stepwise(core.hands, core.leader, core.broken, core.trick, core.won, seed)
        for k in totals:
            totals[k] += stats[k]
    assert kinds == {(False, False), (False, True), (True, False), (True, True)}
    assert totals["forced"] > 10000 and totals["lead_breaks"] > 20 and totals["ruffs"] > 5000, totals


def test_spades_loop_comparison_can_fail():
    """The comparison is sharp: the old convention (a draw for every play,
    pick_card) gives other plays or another stream than the four-seat loop."""
    caught = 0
    for seed in range(20):
        hands, _ = deal_masks(random.Random(seed), 4, 13)
        with pytest.raises(AssertionError):
            spades4_fast_equals_stepwise(hands, seed % 4, False, [], [0] * 4, seed, pick=pick_card)
        caught += 1
    assert caught == 20


def test_spades_loop_on_suit_masks_and_pick_unforced():
    hands, _ = deal_masks(random.Random(7), 4, 13)
    won = [0] * 4
    H = [suit_masks(h) for h in hands]
    assert [sum(m << 13 * s for s, m in enumerate(x)) for x in H] == hands
    records, _, core, _, _ = spades4_stepwise(hands, 2, False, [], [0] * 4, 7)
    assert random_spades_loop(H, 2, False, won, random.Random(7).random) == (core.leader, core.broken)
    assert won == core.won and sum(won) == 13 and H == [[0] * 4] * 4
    r = random.Random(3)
    state = r.getstate()
    assert pick_unforced(r, 1 << 44) == 44 and r.getstate() == state  # forced: no draw
    assert pick_unforced(r, 0b1011 << 20) == pick_card(random.Random(3), 0b1011 << 20)
    with pytest.raises(ValueError):
        pick_unforced(r, 0)
    with pytest.raises(ValueError):
        pick_unforced(r, 1 << 60)


def test_beating_mask_is_beats_card_by_card():
    r = random.Random(5)
    for _ in range(3000):
        mask = r.getrandbits(52)
        best = r.randrange(52)
        trump = r.choice([None, 0, 1, 2, 3])
        want = sum(1 << c for c in range(52) if mask >> c & 1 and beats(c, best, trump))
        assert beating_mask(mask, best, trump) == want


def test_beats_winning_position_and_nth_card():
    # 5H led, 9H, 2S (trump) and AS: the ace of spades wins
    cards = [Card.parse(x).index for x in ("5H", "9H", "2S", "AS")]
    assert winning_position(cards, 3) == 3 and winning_position(cards, None) == 1
    assert beats(cards[1], cards[0], 3) and not beats(cards[0], cards[1], 3)
    assert not beats(0, 27, None)  # 2C never beats a heart that is winning, without trump
    assert nth_card(0b1011 | 1 << 51, 3) == 51
    with pytest.raises(ValueError):
        nth_card(0b11, 2)


# --------------------------------------------------------------------------- scores: sim == engine
def _bid_number(b) -> int:
    return BLIND_NIL if b == "blind_nil" else 0 if b == "nil" else int(b)


@pytest.mark.parametrize("rules", [
    SpadesRules(nil_value=50), SpadesRules(ten_for_200=True), SpadesRules(failed_nil_tricks_help=True),
    SpadesRules(bag_limit=5, bag_penalty=50), SpadesRules(nil_value=50, ten_for_200=True, bag_limit=7,
                                                          failed_nil_tricks_help=True)])
def test_sp_h1_h4_h5_h7_sim_spades_scores_equal_the_engines_in_random_games(rules):
    checked = 0
    nils = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = SpadesGame(rules=rules, first_deal=seed, dealer=seed % 4, rng=random.Random(seed))
        while game.phase is not Phase.GAME_OVER and len(game.results) < 15:
            acts = game.legal_actions(game.seats_to_act[0])
            if game.phase is Phase.BIDDING:  # low bids and Nils, so that bags and Nils come up
                acts = [a for a in acts if getattr(a, "value", 0) <= 4] or acts
            game.apply(rng.choice(acts))
        bags = [0, 0]
        for res in game.results:
            b = [_bid_number(x) for x in res.bids]
            w = res.tricks_won
            nils += sum(1 for x in b if x <= 0)
            for side in (0, 1):
                pts, after = spades_side_points(b[side], b[side + 2], w[side], w[side + 2], bags[side], rules)
                assert (pts, after) == (res.points[side], res.bags_after[side]), (res, side)
                checked += 1
            bags = list(res.bags_after)
    assert checked > 150 and nils > 20


@pytest.mark.parametrize("options", [dict(tricks_always_count=True), dict(nil_pays_hand_size=True),
                                     dict(tricks_always_count=True, nil_pays_hand_size=True, must_trump=True,
                                          hook=True)])
def test_oh_v7_v8_sim_oh_hell_scores_equal_the_engines_in_random_games(options):
    checked = 0
    for seed in range(15):
        n = 3 + seed % 5
        rules = OhHellRules(players=n, hand_sizes=(1, 2, 3, 5, 52 // n), **options)
        rng = random.Random(seed)
        game = OhHellGame(rules, first_deal=seed, dealer=seed % n, rng=random.Random(seed))
        while game.phase is not Phase.GAME_OVER:
            game.apply(rng.choice(game.legal_actions(game.seats_to_act[0])))
        for res in game.results:
            for s in range(n):
                want = score_oh_hell_seat(s, int(res.bids[s]), res.tricks_won[s], res.hand_size, rules).points
                assert res.points[s] == want
                assert oh_hell_seat_points(int(res.bids[s]), res.tricks_won[s], res.hand_size, rules=rules) == want
                checked += 1
    assert checked > 200
    # the sim's whole random hands are scored the same way, with the rules' options
    for seed in range(300):
        n = 3 + seed % 5
        rules = OhHellRules(players=n, **options)
        size = 1 + seed % (52 // n)
        bids, won, pts, _ = random_oh_hell_hand(random.Random(seed), n, size, rules=rules)
        assert pts == [seat_points(b, w, size, rules)[1] for b, w in zip(bids, won)]
        assert pts == [score_oh_hell_seat(s, bids[s], won[s], size, rules).points for s in range(n)]
