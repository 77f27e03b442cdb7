"""engine.sim, the fast simulation path, plays by exactly the engine's rules.

The proof has two links:

1. The policy path of ``play_out_spades``/``play_out_oh_hell`` is checked
   against real :class:`SpadesGame`/:class:`OhHellGame` hands: positions are
   taken from engine games at random points, the sim plays them out, and the
   whole sequence is replayed into the engine, comparing at every step the
   seat to play, the legal set (SP-13, SP-14, OH-9, OH-V6) and every trick's
   winner (SP-16, OH-10), then the tricks won.
2. The random path (no policy, rules inlined for speed) makes the same
   choices as the policy path driven by ``pick_card`` with the same seed;
   ``random_spades_hand`` (the four-seat Spades loop, no draw for a forced
   play) the choices of the policy path driven by ``pick_unforced``.

Values written out below (``random_spades_hand(Random(1))`` …) pin the
random stream: Python's ``Random.random()`` is stable across versions.
"""
from __future__ import annotations

import random
from itertools import product

import pytest

from engine import DECK, OhHellGame, OhHellRules, SpadesGame, mask_of, parse_cards
from engine.actions import Bid
from engine.games.oh_hell import score_oh_hell_seat
from engine.games.spades import score_spades_side
from engine.playcore import pick_unforced
from engine.tricks import legal_play_mask
from engine import sim


def m(text: str) -> int:
    """Bitmask of cards written as text ("AS 2C")."""
    return mask_of(parse_cards(text)) if text else 0


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)] if text else []


def codes(mask: int) -> str:
    return " ".join(DECK[i].code for i in range(52) if mask >> i & 1)


class Recorder:
    """A policy that picks like the random path and records what it saw."""

    def __init__(self):
        self.log = []  # (seat, legal, card, leader, won before the play)

    def __call__(self, seat, legal, st):
        assert st.to_play == seat
        c = sim.pick_card(st.rng, legal)
        self.log.append((seat, legal, c, st.leader, tuple(st.won)))
        return c


def lowest(seat, legal, st):
    return (legal & -legal).bit_length() - 1


def highest(seat, legal, st):
    return legal.bit_length() - 1


# --------------------------------------------------------------------------- engine positions
def _drive_to_play(game, rng, bid_high):
    while game.phase.value == "bidding":
        game.bid(game.to_act, rng.randrange(bid_high + 1))


def _random_plays(game, rng, k):
    for _ in range(k):
        if game.phase.value != "play":
            return
        seat = game.to_act
        game.play(seat, DECK[sim.pick_card(rng, game.legal_play_mask(seat))])


def _position(game):
    pos = sim.position_of(game)
    return pos["hands"], pos["leader"], pos["current"], pos["won"]


def _replay_into_engine(game, log, won):
    """Replay the sim's plays; every step must match the engine exactly."""
    for i, (seat, legal, card, leader, won_before) in enumerate(log):
        assert game.to_act == seat
        assert game.legal_play_mask(seat) == legal, (codes(game.legal_play_mask(seat)), codes(legal))
        assert game.current_trick.leader == leader
        assert game.tricks_won == won_before
        trick = game.play(seat, DECK[card])
        if trick is not None and i + 1 < len(log):
            assert log[i + 1][3] == trick.winner  # the sim's next leader is the engine's winner
    assert list(game.results[-1].tricks_won) == won


def test_sp13_sp14_sp16_sim_matches_spades_game_over_many_positions():
    steps = 0
    for seed in range(600):
        rng = random.Random(seed)
        game = SpadesGame(first_deal=seed, dealer=seed % 4, rng=random.Random(seed))
        _drive_to_play(game, rng, 4)
        _random_plays(game, rng, rng.randrange(52))
        hands, leader, current, won = _position(game)
        rec = Recorder()
        out = sim.play_out_spades(hands, leader, game.spades_broken, random.Random(seed), current, won, policy=rec)
        fast = sim.play_out_spades(hands, leader, game.spades_broken, random.Random(seed), current, won)
        assert fast == out
        assert sum(out) == 13
        _replay_into_engine(game, rec.log, out)
        steps += len(rec.log)
    assert steps > 12000


@pytest.mark.parametrize("must_trump", [False, True])
def test_oh9_oh10_ohv6_sim_matches_oh_hell_game_over_many_positions(must_trump):
    steps = 0
    trumps = set()
    for seed in range(600):
        rng = random.Random(seed)
        n = 3 + seed % 5
        size = 1 + rng.randrange(52 // n)
        rules = OhHellRules(players=n, hand_sizes=(size,), must_trump=must_trump,
                            no_trump_final_hand=seed % 4 == 0)
        game = OhHellGame(rules, dealer=seed % n, first_deal=seed, rng=random.Random(seed))
        _drive_to_play(game, rng, size)
        _random_plays(game, rng, rng.randrange(n * size))
        hands, leader, current, won = _position(game)
        trump = None if game.trump is None else int(game.trump)
        trumps.add(trump)
        rec = Recorder()
        out = sim.play_out_oh_hell(hands, leader, trump, must_trump, random.Random(seed), current, won, policy=rec)
        fast = sim.play_out_oh_hell(hands, leader, trump, must_trump, random.Random(seed), current, won)
        assert fast == out
        assert sum(out) == size
        _replay_into_engine(game, rec.log, out)
        steps += len(rec.log)
    assert steps > 8000
    assert trumps == {None, 0, 1, 2, 3}


def test_position_of_spades_and_oh_hell_games():
    game = SpadesGame(first_deal=42, dealer=0)
    for seat, bid in [(1, 3), (2, 4), (3, 2), (0, 3)]:
        game.bid(seat, bid)
    with pytest.raises(ValueError):
        sim.position_of(SpadesGame(first_deal=42, dealer=0))
    game.play(1, "6C")
    pos = sim.position_of(game)
    assert [codes(h) for h in pos["hands"]] == [
        "5C 8C AC 2D 6D 7D KD 2H 3H 2S 3S 6S JS",
        "TC JC 8D TD 6H 9H QH KH 4S 5S TS AS",
        "2C 3C 7C KC 3D 9D QD 4H 5H 8H AH QS KS",
        "4C 9C QC 4D 5D JD AD 7H TH JH 7S 8S 9S"]
    assert (pos["leader"], pos["current"], pos["won"], pos["broken"]) == (1, idx("6C"), [0, 0, 0, 0], False)
    assert sum(sim.play_out_spades(**pos, rng=random.Random(1))) == 13
    oh = OhHellGame(OhHellRules(players=3, hand_sizes=(2,), no_trump_final_hand=False, must_trump=True),
                    first_deal=5, dealer=0)
    for seat in (1, 2, 0):
        oh.bid(seat, 1)
    pos = sim.position_of(oh)
    assert pos["trump"] == int(oh.trump) and pos["must_trump"] is True and pos["leader"] == 1
    assert sum(sim.play_out_oh_hell(**pos, rng=random.Random(1))) == 2


def test_random_path_equals_policy_path_on_fresh_deals():
    pol = lambda seat, legal, st: sim.pick_card(st.rng, legal)  # noqa: E731
    for seed in range(1500):
        r = random.Random(seed)
        hands, _ = sim.deal_masks(r, 4, 13)
        broken = seed % 7 == 0
        assert (sim.play_out_spades(hands, seed % 4, broken, random.Random(seed))
                == sim.play_out_spades(hands, seed % 4, broken, random.Random(seed), policy=pol))
        n = 3 + seed % 5
        hands, up = sim.deal_masks(r, n, 52 // n - 1, True)
        trump = None if seed % 5 == 0 else up // 13
        mt = seed % 2 == 1
        assert (sim.play_out_oh_hell(hands, seed % n, trump, mt, random.Random(seed))
                == sim.play_out_oh_hell(hands, seed % n, trump, mt, random.Random(seed), policy=pol))


def test_policy_legal_set_is_engine_legal_play_mask_everywhere():
    """Every legal mask a policy is shown equals engine.tricks.legal_play_mask."""
    for seed in range(200):
        r = random.Random(seed)
        hands, up = sim.deal_masks(r, 5, 10, True)
        mt = seed % 2 == 0

        def check(seat, legal, st):
            led = st.current[0] // 13 if st.current else None
            assert legal == legal_play_mask(st.hands[seat], led, st.trump, False, False, mt)
            return sim.pick_card(st.rng, legal)
        sim.play_out_oh_hell(hands, 0, up // 13, mt, r, policy=check)


# --------------------------------------------------------------------------- rules, by example
def test_sp13_spade_lead_before_broken_is_illegal():
    hands = [m("2C AS"), m("3C 4H"), m("5C 6D"), m("7C KS")]
    rec = Recorder()
    sim.play_out_spades(hands, 0, False, random.Random(1), policy=rec)
    seat, legal, *_ = rec.log[0]
    assert (seat, codes(legal)) == (0, "2C")
    # once broken, the spade may be led (SP-13)
    rec = Recorder()
    sim.play_out_spades(hands, 0, True, random.Random(1), policy=rec)
    assert codes(rec.log[0][1]) == "2C AS"


def test_sp13_sp15_only_spades_may_be_led_and_breaks_spades():
    hands = [m("KS AS"), m("3C 4H"), m("5C 6D"), m("7C 2S")]
    seen = []

    def pol(seat, legal, st):
        seen.append((seat, codes(legal), st.broken))
        return lowest(seat, legal, st)
    won = sim.play_out_spades(hands, 0, False, random.Random(1), policy=pol)
    assert seen[0] == (0, "KS AS", False)
    assert seen[1] == (1, "3C 4H", True)  # the spade lead broke spades (SP-15)
    assert seen[3] == (3, "2S", True)     # West must follow spades (SP-14)
    assert won == [2, 0, 0, 0]


def test_ex_s3_void_in_suit_led_may_play_any_card():
    # North leads a heart; East and South follow; West has no heart (EX-S3)
    rec = Recorder()
    sim.play_out_spades([m("9D TD"), m("JD QD"), m("8C 9C"), m("3C 4D 2S")], 0, False, random.Random(1),
                        current=idx("2H KH 5H"), policy=rec)
    assert (rec.log[0][0], codes(rec.log[0][1])) == (3, "3C 4D 2S")


@pytest.mark.parametrize("west, winner", [("3C", 1), ("4D", 1), ("2S", 3)])
def test_sp16_highest_spade_wins_else_highest_of_suit_led(west, winner):
    won = sim.play_out_spades([0, 0, 0, m(west)], 0, False, random.Random(1), current=idx("2H KH 5H"))
    assert won == [1 if s == winner else 0 for s in range(4)]


def test_sp16_off_suit_higher_card_never_wins_random_path():
    # clubs led (2C); AD and AH are discards, KC is highest club
    for seed in range(20):
        won = sim.play_out_spades([0, m("AD"), m("AH"), m("KC")], 0, True, random.Random(seed), current=idx("2C"))
        assert won == [0, 0, 0, 1]


def test_sp14_must_follow_suit_legal_set():
    rec = Recorder()
    sim.play_out_spades([m("QD KD"), m("3C 9C AS"), m("4H 5H 6H"), m("7D 8D 9D")], 0, False, random.Random(3),
                        current=idx("2C"), policy=rec)
    assert (rec.log[0][0], codes(rec.log[0][1])) == (1, "3C 9C")
    assert (rec.log[1][0], codes(rec.log[1][1])) == (2, "4H 5H 6H")


def test_ohv6_must_trump_legal_set_is_the_trumps():
    # trump hearts (2); clubs led; seat 1 void in clubs with a heart
    current = idx("2C")
    hands = [m("QD KD"), m("4H 5D 6S"), m("3C 7D 8S"), m("9C TD JS")]
    for mt, want in [(True, "4H"), (False, "5D 4H 6S")]:
        rec = Recorder()
        sim.play_out_oh_hell(hands, 0, 2, mt, random.Random(1), current=current, policy=rec)
        assert codes(rec.log[0][1]) == want


def test_ohv6_must_trump_with_no_trump_hand_changes_nothing():
    hands = [m("QD KD"), m("4H 5D 6S"), m("3C 7D 8S"), m("9C TD JS")]
    rec = Recorder()
    sim.play_out_oh_hell(hands, 0, None, True, random.Random(1), current=idx("2C"), policy=rec)
    assert codes(rec.log[0][1]) == "5D 4H 6S"


@pytest.mark.parametrize("cards, trump, winner", [
    ("2C 4H 3C AD", 2, 1),     # one trump (hearts) wins
    ("2C 4H 5H AD", 2, 2),     # highest trump
    ("2C 4H 5H AD", None, 0),  # no trump: highest club wins, off-suit never
    ("2H 4H 3C AH", 2, 3),     # trump led: highest of it
    ("TC KD QC 3S", 0, 2),     # clubs trump and led
])
def test_oh10_highest_trump_else_highest_of_suit_led(cards, trump, winner):
    cs = idx(cards)
    want = [1 if s == winner else 0 for s in range(4)]
    # decided mid-trick (last card to play) by both paths
    hands = [0, 0, 0, 1 << cs[3]]
    assert sim.play_out_oh_hell(hands, 0, trump, False, random.Random(1), current=cs[:3]) == want
    assert sim.play_out_oh_hell(hands, 0, trump, False, random.Random(1), current=cs[:3], policy=lowest) == want
    # decided from the lead by both paths
    hands = [1 << c for c in cs]
    assert sim.play_out_oh_hell(hands, 0, trump, False, random.Random(1)) == want
    assert sim.play_out_oh_hell(hands, 0, trump, False, random.Random(1), policy=highest) == want


def test_oh10_after_a_trump_a_higher_card_of_the_suit_led_does_not_win():
    # 2C led, 5H trumps (hearts), then AC: the ace follows suit but the trump wins
    won = sim.play_out_oh_hell([0, 0, m("AC")], 0, 2, False, random.Random(1), current=idx("2C 5H"))
    assert won == [0, 1, 0]
    won = sim.play_out_oh_hell([m("2C"), m("5H"), m("AC")], 0, 2, False, random.Random(1))
    assert won == [0, 1, 0]


def test_play_out_continues_to_the_end_with_won_so_far():
    r = random.Random(5)
    hands, _ = sim.deal_masks(r, 4, 5)
    won = sim.play_out_spades(hands, 2, True, r, won=[3, 2, 2, 1])
    assert sum(won) == 13 and all(w >= b for w, b in zip(won, [3, 2, 2, 1]))


def test_play_out_does_not_modify_its_arguments():
    hands, _ = sim.deal_masks(random.Random(2), 4, 13)
    keep = list(hands)
    won = [0, 0, 0, 0]
    sim.play_out_spades(hands, 0, False, random.Random(2), won=won)
    sim.play_out_spades(hands, 0, False, random.Random(2), won=won, policy=lowest)
    assert hands == keep and won == [0, 0, 0, 0]


def test_inconsistent_positions_are_refused():
    hands, _ = sim.deal_masks(random.Random(2), 4, 3)
    with pytest.raises(ValueError, match="should hold"):
        sim.play_out_spades([hands[0], hands[1], hands[2], 0], 0, False, random.Random(1))
    with pytest.raises(ValueError, match="two hands"):
        sim.play_out_spades([hands[0], hands[0], hands[2], hands[3]], 0, False, random.Random(1))
    with pytest.raises(ValueError, match="both on the table"):
        c = (hands[1] & -hands[1]).bit_length() - 1
        sim.play_out_spades(hands, 1, False, random.Random(1), current=[c])
    with pytest.raises(ValueError, match="4 seats"):
        sim.play_out_spades(hands[:3], 0, False, random.Random(1))
    with pytest.raises(ValueError, match="trump"):
        sim.play_out_oh_hell(hands, 0, 4, False, random.Random(1))
    with pytest.raises(ValueError, match="not one of its legal cards"):
        sim.play_out_spades(hands, 0, False, random.Random(1), policy=lambda s, l, st: 99)


# --------------------------------------------------------------------------- scoring
def test_sp7_to_sp20_fast_spades_score_equals_score_spades_side():
    bid_values = [sim.BLIND_NIL] + list(range(14))
    n = 0
    for ba, bb, ta, bags in product(bid_values, bid_values, range(14), (0, 4, 9)):
        for tb in (0, 1, 13 - ta - 3, 13 - ta):
            if tb < 0:
                continue
            bids = [Bid(0, 0, True) if b == sim.BLIND_NIL else Bid(0, b) for b in (ba, bb)]
            _, pts, after = score_spades_side(0, bids, [ta, tb], bags)
            assert sim.spades_side_points(ba, bb, ta, tb, bags) == (pts, after)
            n += 1
    assert n > 10000


def test_ex_s4_contract_5_won_7_scores_52():
    assert sim.spades_side_points(2, 3, 3, 4) == (52, 2)


def test_ex_s5_eleven_bags_cost_100_and_carry_1():
    assert sim.spades_side_points(2, 2, 4, 5, bags_before=6) == (-55, 1)  # 45 + 5 bags -100


def test_sp9_sp11_both_partners_nil_and_blind_nil():
    assert sim.spades_side_points(0, 0, 0, 0) == (200, 0)
    assert sim.spades_side_points(0, 0, 1, 0) == (1, 1)  # -100 + 1 bag + 100
    assert sim.spades_side_points(sim.BLIND_NIL, sim.BLIND_NIL, 0, 0) == (400, 0)
    assert sim.spades_side_points(sim.BLIND_NIL, sim.BLIND_NIL, 2, 3) == (-395, 5)


def test_oh11_ohv7_ohv8_fast_oh_hell_score_equals_score_oh_hell_seat():
    for tac, nph in product((False, True), repeat=2):
        rules = OhHellRules(players=4, tricks_always_count=tac, nil_pays_hand_size=nph)
        for size in range(1, 14):
            for bid, won in product(range(size + 1), repeat=2):
                want = score_oh_hell_seat(0, bid, won, size, rules).points
                assert sim.oh_hell_seat_points(bid, won, size, tac, nph) == want


def test_ex_o2_o3_o5_o6_oh_hell_points():
    assert sim.oh_hell_seat_points(4, 4, 7) == 14
    assert sim.oh_hell_seat_points(0, 0, 7) == 10
    assert sim.oh_hell_seat_points(3, 4, 7, tricks_always_count=True) == 4
    assert sim.oh_hell_seat_points(0, 0, 7, nil_pays_hand_size=True) == 12


# --------------------------------------------------------------------------- dealing and picking
def test_sp4_oh6_oh7_deal_masks_sizes_disjoint_and_turn_up():
    for seed in range(300):
        r = random.Random(seed)
        seats = 3 + seed % 5
        size = 1 + seed % (51 // seats)
        hands, up = sim.deal_masks(r, seats, size, turn_up=True)
        assert [h.bit_count() for h in hands] == [size] * seats
        union = 0
        for h in hands:
            assert union & h == 0
            union |= h
        assert 0 <= up < 52 and not union >> up & 1
    hands, up = sim.deal_masks(random.Random(0), 4, 13)
    assert up is None and sum(hands) == (1 << 52) - 1
    with pytest.raises(ValueError):
        sim.deal_masks(random.Random(0), 4, 13, turn_up=True)


def test_deal_masks_is_reproducible_and_written_out():
    hands, up = sim.deal_masks(random.Random(7), 3, 2, turn_up=True)
    assert [codes(h) for h in hands] == ["TC 5D", "8C TH", "JD 5H"] and DECK[up].code == "3C"
    assert sim.deal_masks(random.Random(7), 4, 13) == sim.deal_masks(random.Random(7), 4, 13)


def test_sp4_deal_four_hands_is_a_deal_and_uniform_enough():
    counts = [0, 0, 0, 0]
    r = random.Random(11)
    for _ in range(4000):
        hands = sim.deal_four_hands(r)
        assert [h.bit_count() for h in hands] == [13] * 4 and sum(hands) == (1 << 52) - 1
        counts[[s for s in range(4) if hands[s] >> 51 & 1][0]] += 1
    assert all(880 < c < 1120 for c in counts), counts
    assert codes(sim.deal_four_hands(random.Random(3))[0]) == "2C 5C AC 2D 3D 8D AD 4H 8H TH 6S 7S AS"
    assert sim.deal_four_hands(random.Random(3)) == sim.deal_four_hands(random.Random(3))


def test_deal_masks_is_uniform_enough():
    # who gets the ace of spades, and whether small deals favour low cards
    counts = [0, 0, 0, 0]
    low = 0
    r = random.Random(11)
    for _ in range(4000):
        hands, _ = sim.deal_masks(r, 4, 13)
        counts[[s for s in range(4) if hands[s] >> 51 & 1][0]] += 1
        small, _ = sim.deal_masks(r, 3, 1)
        low += sum(1 for h in small if h.bit_length() - 1 < 26)
    assert all(880 < c < 1120 for c in counts), counts
    assert 5700 < low < 6300, low  # 12000 cards, half are clubs or diamonds


def test_pick_card_uniform_and_only_from_mask():
    mask = m("2C 9C AD 5H 3S KS AS")
    counts = {}
    r = random.Random(3)
    for _ in range(7000):
        c = sim.pick_card(r, mask)
        assert mask >> c & 1
        counts[c] = counts.get(c, 0) + 1
    assert len(counts) == 7 and all(850 < v < 1150 for v in counts.values()), counts
    assert DECK[sim.pick_card(random.Random(1), mask)].code == "2C"  # Random(1).random() = 0.134…: k = 0
    with pytest.raises(ValueError):
        sim.pick_card(r, 0)


# --------------------------------------------------------------------------- whole random hands
def test_random_spades_hand_written_out_and_scored_by_engine():
    # North Nil taking 3 (-100 + 3 bags) and South set, 1 of 4 (-40): -137;
    # East Nil taking 4 (-100 + 4 bags) and West 5 of 4 (40 + 1 bag): -55
    assert sim.random_spades_hand(random.Random(1)) == ([0, 0, 4, 4], [3, 4, 1, 5], [-137, -55])
    # North–South 1 + 3, taking 4 + 5 (40 + 5 bags); East–West 4 + 3 set with 3 + 1 (-70).  Derived by
    # replaying Random(2) through deal_four_hands, the bids and play_out_spades with the pick_unforced
    # policy, scored by score_spades_side (the one-draw-per-card stream gave [1, 5, 4, 3], [41, 71])
    assert sim.random_spades_hand(random.Random(2)) == ([1, 4, 3, 3], [4, 3, 5, 1], [45, -70])
    # the same random stream as dealing with deal_four_hands, four bids from left of the dealer, and
    # play_out_spades's step-by-step path picking as the four-seat play-out does (pick_unforced: a
    # forced play draws nothing); play_out_spades without a policy keeps pick_card's draw per play
    unforced = lambda seat, legal, st: pick_unforced(st.rng, legal)  # noqa: E731
    differ = 0
    for seed in range(200):
        r = random.Random(seed)
        hands = sim.deal_four_hands(r)
        bids = [0, 0, 0, 0]
        for i in (1, 2, 3, 0):
            bids[i] = int(r.random() * 5)
        state = r.getstate()
        won = sim.play_out_spades(hands, 1, False, r, policy=unforced)
        assert sim.random_spades_hand(random.Random(seed))[:2] == (bids, won)
        r.setstate(state)
        differ += sim.play_out_spades(hands, 1, False, r) != won
    assert differ > 50  # the two conventions do give other play-outs
    for seed in range(300):
        bids, won, pts = sim.random_spades_hand(random.Random(seed), dealer=seed % 4)
        assert sum(won) == 13 and all(0 <= b <= 4 for b in bids)
        for side in (0, 1):
            _, want, _ = score_spades_side(side, [Bid(side, bids[side]), Bid(side + 2, bids[side + 2])],
                                           [won[side], won[side + 2]], 0)
            assert pts[side] == want


def test_random_oh_hell_hand_written_out_and_rules():
    assert sim.random_oh_hell_hand(random.Random(1), 4, 12) == ([7, 11, 11, 6], [0, 4, 3, 5], [0, 0, 0, 0], 46)
    for seed in range(300):
        n = 3 + seed % 5
        size = 1 + seed % (52 // n)
        bids, won, pts, up = sim.random_oh_hell_hand(random.Random(seed), n, size, dealer=seed % n, hook=True)
        assert sum(won) == size and len(bids) == n
        assert sum(bids) != size  # OH-V4: the dealer is hooked
        assert (up is None) == (n * size == 52)  # OH-7 ruling
        assert pts == [10 + w if w == b else 0 for b, w in zip(bids, won)]


def test_oh5_random_oh_hell_game_plays_every_hand():
    for n in range(3, 8):
        scores = sim.random_oh_hell_game(random.Random(n), OhHellRules(players=n))
        assert len(scores) == n and all(s >= 0 for s in scores)
        # at most 10 + hand size per hand
        assert max(scores) <= sum(10 + k for k in OhHellRules(players=n).sizes)
    assert sim.random_oh_hell_game(random.Random(4)) == sim.random_oh_hell_game(random.Random(4))


def test_randomness_only_from_the_rng_passed_in():
    random.seed(12345)
    before = random.getstate()
    sim.random_spades_hand(random.Random(1))
    sim.random_oh_hell_game(random.Random(1), OhHellRules(players=5, must_trump=True))
    hands, _ = sim.deal_masks(random.Random(1), 4, 13)
    sim.play_out_spades(hands, 0, False, random.Random(1))
    assert random.getstate() == before


# --------------------------------------------------------------------------- the benchmark script runs
def _load_benchmark():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "engine_speed.py"
    spec = importlib.util.spec_from_file_location("engine_speed_under_test", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("with_openspiel", [True, False])
def test_engine_speed_benchmark_prints_table_and_exits_0(capsys, monkeypatch, with_openspiel):
    bench = _load_benchmark()
    if not with_openspiel:
        monkeypatch.setattr(bench, "openspiel_available", lambda: False)
    elif not bench.openspiel_available():
        pytest.skip("open_spiel is not installed")
    # --engine here: this process's engine (the default, both, runs the script twice in subprocesses)
    assert bench.main(["--seconds", "0.02", "--runs", "2", "--engine", "here", "--level4-hands", "0",
                       "--show-me-deals", "1"]) == 0
    out = capsys.readouterr().out
    for row in ("Spades hand, engine.sim", "Spades hand, SpadesGame legal_actions/apply",
                "Oh Hell game, 3 players (15 hands), engine.sim", "Oh Hell game, 7 players (7 hands), engine.sim",
                "Oh Hell hand, 4 players x 12 tricks, engine.sim", "Show me (100 deals), CPU ms"):
        assert row in out
    if with_openspiel:
        for row in ("Spades hand, OpenSpiel C++ loop (evaluate_bots)", "Spades: sim / OpenSpiel C++ loop",
                    "Spades: sim / OpenSpiel from Python, legal_actions loop",
                    "Spades: sim / OpenSpiel from Python, chance_outcomes loop", "per trick played"):
            assert row in out
        assert "skipped" not in out
        assert "Oh Hell: sim / OpenSpiel C++ loop, per trick played" in out
    else:
        assert out.count("skipped: open_spiel is not installed") == 2


def test_engine_speed_benchmark_puts_the_pure_and_the_compiled_engine_side_by_side():
    bench = _load_benchmark()
    pure = {"engine": "pure", "spades_cpp": 1.1, "oh_hell_cpp": 0.8, "show_me": 30.0}
    comp = {"engine": "compiled", "spades_cpp": 2.2, "oh_hell_cpp": 1.6, "show_me": 12.0}
    table = bench.compare_table(pure, comp).splitlines()
    spades = next(line for line in table if line.startswith("Spades: sim / OpenSpiel C++ loop"))
    assert "1.10x" in spades and "2.20x" in spades and "2.00x" in spades and "target >= 2.0x: met" in spades
    oh = next(line for line in table if line.startswith("Oh Hell: sim / OpenSpiel C++ loop"))
    assert "0.80x" in oh and "1.60x" in oh and "target >= 1.5x: met" in oh
    show = next(line for line in table if line.startswith("Show me, CPU ms"))
    assert "30 ms" in show and "12 ms" in show and "0.40x" in show
    assert not any(line.startswith("Level 4") for line in table)  # not measured: no row
