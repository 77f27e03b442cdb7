"""Level 4 "double dummy" computer player and the advisor's double-dummy
check (issue 14): legality over seeded games (Spades, Oh Hell), written-out
endgames (a finesse, Nil ducking), the fallback without endplay, and the
check's numbers.  Sample counts are tiny here; strength and speed live in
``benchmarks/level4.py``."""
from __future__ import annotations

import math
import random

import pytest

from engine import (Bid, Card, Deal, OhHellGame, OhHellRules, Phase, Play, SpadesGame, SpadesRules,
                    parse_cards)
from engine import solver_dds
from engine.bots import LEVELS, make_player
from engine.bots import level4 as l4mod
from engine.bots.advisor import advise_bid, advise_spades
from engine.bots.advisor_dd import DDCheck, dd_check, scoring_bid, with_dd_check
from engine.bots.level3 import ExpertPlayer
from engine.bots.level4 import DoubleDummyPlayer, position_from_view, spades_card_utilities
from engine.bots.level3 import _scorer, future_bag_cost
from engine.bots.sampling import play_game
from engine.cards import DECK, mask_of
from engine.solver import card_values, side_seats
from engine.tricks import legal_play_mask, trick_winner

needs_dds = pytest.mark.skipif(not solver_dds.available(), reason="endplay (DDS) is not installed")


def quick4(seed: int, **kw) -> DoubleDummyPlayer:
    """Level 4 with a tiny fixed number of deals, so that games stay fast."""
    opts = dict(budget_ms=float("inf"), max_samples=1, min_samples=1, bid_dd_samples=0, l3_budget_ms=2,
                l3_samples=2, bid_budget_ms=5, bid_samples=4)
    opts.update(kw)
    return DoubleDummyPlayer(seed=seed, **opts)


class Checked:
    """Wraps a player: every action it returns must be in its view's legal list (or a Look)."""

    def __init__(self, player):
        self.player = player
        self.decisions = 0

    def choose(self, view):
        a = self.player.choose(view)
        self.decisions += 1
        assert type(a).__name__ == "Look" or a in view.legal, (a, view.legal)
        return a


def south_after_bids_of_3():
    """South's view in deal 31 (dealer West) after North and East bid 3 each."""
    g = SpadesGame(first_deal=31, dealer=3)
    for s in (0, 1):
        g.look(s)
        g.apply(Bid(s, 3))
    g.look(2)
    return g.view(2)


# ------------------------------------------------------------------ registry
def test_make_player_registers_level_4():
    p = make_player(4, seed=1)
    assert isinstance(p, DoubleDummyPlayer) and isinstance(p, ExpertPlayer)
    assert LEVELS[4] is DoubleDummyPlayer and (p.level, p.name) == (4, "double dummy")


# ------------------------------------------------------------------ legality over many games
def test_sp5_sp14_level4_fifty_spades_games_only_legal_moves():
    # 50 seeded games, target 100 (SP-3 option), level 4 against levels 1-3 (partnerships alternate);
    # every 5th game the level-4 seats bid with the double-dummy check
    decisions = 0
    for i in range(50):
        g = SpadesGame(SpadesRules(target_score=100), first_deal=20_000 + i, dealer=i % 4)
        other = 1 + i % 3
        players = []
        for s in range(4):
            if s % 2 == i % 2:
                players.append(Checked(quick4(10 * i + s, bid_dd_samples=2 if i % 5 == 0 else 0)))
            elif other == 3:
                players.append(ExpertPlayer(seed=s, budget_ms=2, max_samples=2, bid_budget_ms=5, bid_samples=4))
            else:
                players.append(make_player(other, seed=10 * i + s))
        play_game(g, players)  # g.apply raises IllegalActionError on an illegal action
        assert g.phase is Phase.GAME_OVER and max(g.scores) >= 100
        decisions += sum(p.decisions for p in players if isinstance(p, Checked))
    assert decisions > 50 * 2 * 13


def test_sp10_level4_blind_nil_games_finish_legally():
    # far behind: level 2 / level 4 bid Blind Nil and exchange (SP-10, SP-11); level 4 samples
    # with the exchange cards it knows
    for i in range(3):
        g = SpadesGame(SpadesRules(target_score=500), first_deal=21_000 + i, dealer=i % 4, scores=(400, 0))
        players = [Checked(quick4(s)) if s % 2 == 1 else make_player(2, s) for s in range(4)]
        play_game(g, players)
        assert g.phase is Phase.GAME_OVER


@pytest.mark.parametrize("players", [3, 4, 5])
def test_oh9_level4_oh_hell_games_only_legal_moves(players):
    for i in range(2):
        g = OhHellGame(OhHellRules(players=players, hand_sizes=(5, 4, 3, 2, 1), hook=True,
                                   must_trump=bool(i)), first_deal=22_000 + i)
        ps = [Checked(quick4(s, max_samples=2, min_samples=2)) if s % 2 == 0 else make_player(2, s)
              for s in range(players)]
        play_game(g, ps)
        assert g.phase is Phase.GAME_OVER


def test_oh11_level4_uses_the_exact_solver_in_small_oh_hell_hands():
    methods = []
    for i in range(3):
        g = OhHellGame(OhHellRules(players=4, hand_sizes=(3,), hook=False), first_deal=23_000 + i)
        players = [quick4(s, max_samples=4, min_samples=4) for s in range(4)]
        while g.phase is not Phase.GAME_OVER:
            s = g.seats_to_act[0]
            view = g.view(s)
            a = players[s].choose(view)
            assert a in view.legal
            if view.phase is Phase.PLAY and len(view.legal) > 1:
                methods.append(players[s].last_method)
                if players[s].last_method == "exact":
                    assert "sampled deals (solved exactly" in players[s].last_reason
            g.apply(a)
    assert "exact" in methods and set(methods) <= {"exact", "level 3"}


# ------------------------------------------------------------------ written-out endgames
ENDING = ["2H 3H 2C",   # North leads ♥2
          "KH 5H 3D",   # East: ♥K ♥5 ♦3
          "AH QH 4S",   # South: ♥A ♥Q ♠4
          "6H 7H 8H"]   # West


def _game_at_ending(ending: list[str], bids=(3, 3, 3, 3), seed: int = 0) -> SpadesGame:
    """A Spades game whose hand has reached ``ending`` (equal-sized hands, North to lead):
    the other cards are dealt at random and played off in earlier tricks (found by search),
    so North wins the last of them (it leads the ending)."""
    ends = [mask_of(parse_cards(e)) for e in ending]
    k = len(ending[0].split())
    used = 0
    for m in ends:
        used |= m
    rest = [c for c in range(52) if not used >> c & 1]
    rng = random.Random(seed)
    for _ in range(400):
        rng.shuffle(rest)
        fill = [sum(1 << c for c in rest[s * (13 - k):(s + 1) * (13 - k)]) for s in range(4)]
        plays = _filler_plays([ends[s] | fill[s] for s in range(4)], fill, 13 - k, rng)
        if plays is not None:
            break
    else:
        raise AssertionError("no filler found")
    hands = tuple(tuple(sorted(DECK[c] for c in range(52) if (ends[s] | fill[s]) >> c & 1)) for s in range(4))
    g = SpadesGame(dealer=(plays[0][0] - 1) % 4, auto_deal=False)  # the seat after the dealer leads (SP-12)
    g.deal(Deal(hands))
    for s in [(g.dealer + 1 + j) % 4 for j in range(4)]:
        g.bid(s, bids[s])
    for seat, c in plays:
        g.play(seat, DECK[c].code)
    assert g.to_act == 0 and len(g.view(0).hand) == k
    return g


def _filler_plays(hands, fill, tricks, rng):
    """Depth-first search for ``tricks`` tricks played from ``fill`` cards only, each legal for the
    whole hand, the last won by North.  Returns [(seat, card index)] or None."""
    hands = list(hands)
    fill = list(fill)
    out = []

    def rec(leader, broken, t, budget=[4000]):
        if t == 0:
            return leader == 0
        budget[0] -= 1
        if budget[0] < 0:
            return False

        def play(i, cur, broken):
            if i == 4:
                w = trick_winner(leader, [DECK[c] for c in cur], 3, 4)
                return rec(w, broken, t - 1)
            seat = (leader + i) % 4
            led = cur[0] // 13 if cur else None
            legal = legal_play_mask(hands[seat], led, 3, True, broken, False) & fill[seat]
            cards = [c for c in range(52) if legal >> c & 1]
            rng.shuffle(cards)
            for c in cards[:3]:
                hands[seat] ^= 1 << c
                fill[seat] ^= 1 << c
                out.append((seat, c))
                if play(i + 1, cur + [c], broken or c // 13 == 3):
                    return True
                out.pop()
                hands[seat] ^= 1 << c
                fill[seat] ^= 1 << c
            return False
        return play(0, [], broken)

    for first in range(4):
        out.clear()
        if rec(first, False, tricks):
            return list(out)
    return None


def _open(monkeypatch, g: SpadesGame):
    """Make level 4 see every hand (an open, double-dummy position): its samplers return the real deal."""
    real = [mask_of(g.view(s).hand) for s in range(4)]
    monkeypatch.setattr(l4mod, "sample_hands", lambda view, rng, **kw: list(real))
    monkeypatch.setattr(l4mod, "weighted_deals", lambda view, rng, n, weight, **kw: [(n, list(real))])
    return real


@needs_dds
def test_sp16_level4_takes_the_finesse_in_an_open_ending(monkeypatch):
    g = _game_at_ending(ENDING)
    g.play(0, "2H")
    g.play(1, "5H")
    view = g.view(2)
    real = _open(monkeypatch, g)
    # the solver's numbers, written out: ♥Q (finesse) 3 tricks for North-South, ♥A 2
    pos = position_from_view(view, real)
    assert card_values(pos, side_seats(2, 4, True)) == {Card.parse("QH").index: 3, Card.parse("AH").index: 2}
    p = DoubleDummyPlayer(seed=1, budget_ms=float("inf"), max_samples=3)
    assert p.choose(view) == Play(2, Card.parse("QH"))
    assert p.last_method == "exact" and "3 sampled deals solved exactly" in p.last_reason


def test_sp8_level4_nil_bidder_ducks_when_it_can():
    # North leads ♥5; East bid Nil and holds ♥A ♥3 ♥2: ♥A would win the trick and break the Nil
    hands = [parse_cards("5H 9H AC KC QC JC TC AD KD QD JD TD 9D"),
             parse_cards("AH 3H 2H 2C 3C 4C 2D 3D 4D 2S 3S 4S 5S")]
    used = {c for h in hands for c in h}
    rest = [c for c in DECK if c not in used]
    hands += [rest[:13], rest[13:]]
    g = SpadesGame(dealer=3, auto_deal=False)
    g.deal(Deal(tuple(tuple(sorted(h)) for h in hands)))
    for s, b in enumerate((4, 0, 3, 3)):
        g.bid(s, b)
    g.play(0, "5H")
    for seed in range(3):
        p = DoubleDummyPlayer(seed=seed, budget_ms=float("inf"), max_samples=4, use_dds=solver_dds.available())
        a = p.choose(g.view(1))
        assert a.card in (Card.parse("3H"), Card.parse("2H")), p.last_reason
        # 13 tricks left: a live Nil on the side is played with level 3's play-outs (module docstring)
        assert p.last_method == "level 3"


@needs_dds
def test_sp8_level4_nil_bidder_ducks_in_an_open_ending(monkeypatch):
    # East bid Nil; North leads ♥2, East holds ♥K ♥5 ♦3: ♥5 ducks (South's ♥A/♥Q are above it);
    # ♥K would win the trick unless South overtakes; written out: the Nil survives only after ♥5
    g = _game_at_ending(ENDING, bids=(3, 0, 3, 3), seed=3)
    assert g.view(1).tricks_won[1] == 0  # the Nil is alive (seed 3: East has won no trick yet)
    g.play(0, "2H")
    view = g.view(1)
    _open(monkeypatch, g)
    p = DoubleDummyPlayer(seed=3, budget_ms=float("inf"), max_samples=2)
    assert p.choose(view) == Play(1, Card.parse("5H"))
    assert p.last_method == "exact"  # 3 tricks left: the Nil solver answers


def test_sp8_level4_plays_a_live_nil_side_as_level_3_until_the_nil_solver_takes_over():
    """East bid Nil.  With 13 tricks left, East and its partner West play as level 3 (play-outs
    that follow who wins each trick), the opponents North and South double dummy.  (In the last
    NIL_EXACT_TRICKS the Nil side is solved exactly: the open-ending test above.)"""
    g = SpadesGame(first_deal=31, dealer=3)
    for s, b in enumerate((3, 0, 3, 3)):
        g.look(s)
        g.bid(s, b)
    methods = {}
    for _ in range(4):
        s = g.seats_to_act[0]
        p = quick4(s, max_samples=2, min_samples=2, use_dds=solver_dds.available())
        g.apply(p.choose(g.view(s)))
        if p.last_method != "only card":
            methods[s] = p.last_method
    assert methods[1] == methods[3] == "level 3"
    assert methods[0] == methods[2] == ("dds" if solver_dds.available() else "level 3")


def test_sp19_level4_plays_its_own_failed_nil_as_level_3():
    """North bid Nil and has won tricks (failed, SP-8): its further tricks are bags only (SP-19),
    which the side's double-dummy count cannot tell from South's, so North plays as level 3;
    South, its partner, is solved exactly (3 tricks left)."""
    g = _game_at_ending(ENDING, bids=(0, 3, 4, 3), seed=0)
    assert g.view(0).tricks_won[0] == 4
    p = DoubleDummyPlayer(seed=1, budget_ms=float("inf"), max_samples=2)
    a = p.choose(g.view(0))
    assert p.last_method == "level 3"
    g.apply(a)
    g.play(1, "5H")
    p.choose(g.view(2))
    assert p.last_method == "exact"


def test_sp8_spades_card_utilities_score_a_nil_set_for_the_opponents():
    """East bid Nil and has won no trick; North–South have 6 + 3 tricks, West 1.  North leads ♥2,
    East ♥5 (keeping ♥K ♦3); South (♥A ♥Q ♠4) chooses (exact solver, 3 tricks left):
    ♥A wins, and North–South's ♥Q later forces East's ♥K to win a trick: the Nil fails.
    North–South take 2: 11 tricks on 3 + 3 = 60 + 5 bags = 65 (SP-17); East–West: West set -30
    (SP-18), the Nil -100 (SP-8), East's trick a bag +1 (SP-19) = -129; utility 65 + 129 = 194.
    ♥Q (the finesse) takes all 3 and East's ♥K falls under ♥A: 66 against -30 + 100 = 70: -4.
    So setting the Nil is worth 198 points more than the extra trick."""
    g = _game_at_ending(ENDING, bids=(3, 0, 3, 3), seed=3)
    assert g.view(1).tricks_won == (6, 0, 3, 1)  # the Nil is alive
    g.play(0, "2H")
    g.play(1, "5H")
    view = g.view(2)
    real = [mask_of(g.view(s).hand) for s in range(4)]
    cards = [Card.parse("AH").index, Card.parse("QH").index]
    assert spades_card_utilities(view, real, cards, _scorer(view)) == [194, -4]


def test_sp19_level4_counts_its_sides_tricks_for_the_partner_of_a_failed_nil():
    """North bid Nil and has already won 4 tricks (the Nil failed, SP-8); South bid 4 and has 1,
    East–West bid 3 + 3 and have 5.  South plays to ♥2 ♥5 with ♥A or ♥Q (the finesse; the exact
    solver: ♥Q takes all 3 tricks left for North–South, ♥A 2).  A failed Nil's tricks do not count
    towards its partner's contract (SP-19), so the side's tricks are South's:
    ♥Q: South 4 = contract made +40, the Nil -100, North's 4 tricks are bags +4: -56; East–West take
    5 of 6: set -60 (SP-18); utility -56 - (-60) = 4.
    ♥A: South 3, set -40, -100, +4: -136; East–West make 6: +60; utility -196.
    (Given to North, the failed Nil, South's contract would look set either way: -73 and -194, and
    West would value a set North–South at +73.)"""
    g = _game_at_ending(ENDING, bids=(0, 3, 4, 3), seed=0)
    g.play(0, "2H")
    g.play(1, "5H")
    view = g.view(2)
    assert view.bids == ("nil", 3, 4, 3) and view.tricks_won == (4, 3, 1, 2)
    real = [mask_of(g.view(s).hand) for s in range(4)]
    cards = [Card.parse("AH").index, Card.parse("QH").index]
    assert spades_card_utilities(view, real, cards, _scorer(view)) == [-196, 4]
    # the defenders value it the same way: after ♥Q, West (♥6 ♥7 ♥8) sees its side set, -60 - (-56)
    g.play(2, "QH")
    west = g.view(3)
    real = [mask_of(g.view(s).hand) for s in range(4)]
    hearts = [Card.parse(c).index for c in ("6H", "7H", "8H")]
    assert spades_card_utilities(west, real, hearts, _scorer(west)) == [-4, -4, -4]


# ------------------------------------------------------------------ without endplay
def test_level4_plays_legally_without_endplay(monkeypatch):
    monkeypatch.setattr(solver_dds, "AVAILABLE", False)
    monkeypatch.setattr(solver_dds, "UNAVAILABLE_REASON", "the DDS solver is unavailable (test)")
    monkeypatch.setattr(solver_dds, "_EP", None)
    assert not solver_dds.available()
    methods = set()
    for i in range(3):
        g = SpadesGame(SpadesRules(target_score=100), first_deal=24_000 + i, dealer=i % 4)
        players = [Checked(quick4(s, bid_dd_samples=2)) if s % 2 == 0 else make_player(2, s) for s in range(4)]
        while g.phase is not Phase.GAME_OVER:
            s = g.seats_to_act[0]
            a = players[s].choose(g.view(s))
            if s % 2 == 0:
                methods.add(players[s].player.last_method)
            g.apply(a)
    assert {"level 3", "exact"} <= methods and "dds" not in methods
    # the bid check says it cannot run and leaves the advice as it is
    g = SpadesGame(first_deal=24_100)
    g.look(g.to_act)
    view = g.view(g.to_act)
    chk = dd_check(view, samples=2)
    assert chk.bid is None and "unavailable" in chk.reason
    assert advise_bid(view, double_dummy=4) == advise_bid(view)


# ------------------------------------------------------------------ the advisor's double-dummy check
@needs_dds
def test_dd_check_all_thirteen_spades_takes_every_trick():
    spades = parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    rest = [c for c in DECK if c not in spades]
    g = SpadesGame(dealer=0, auto_deal=False)
    g.deal(Deal((tuple(sorted(rest[:13])), tuple(sorted(spades)), tuple(sorted(rest[13:26])),
                 tuple(sorted(rest[26:])))))
    g.look(1)
    view = g.view(1)
    chk = dd_check(view, samples=5, seed=1)
    assert chk.samples == 5 and chk.counts[13] == 5 and chk.mean == 13 and (chk.low, chk.high) == (13, 13)
    # worth: 13 tricks minus the advisor's count for partner West's sampled hands (it has no spades);
    # the bid halfway between the advisor's count and that worth
    assert chk.worth == pytest.approx(13 - chk.partner) and chk.count == pytest.approx(advise_spades(view.hand).total)
    assert chk.bid == max(1, min(13, int(chk.count + 0.5 * (chk.worth - chk.count) + 0.5)))


@needs_dds
def test_dd_check_follows_the_partner_bid_and_lines_add_up():
    view = south_after_bids_of_3()
    chk = dd_check(view, samples=6, seed=4)
    assert sum(chk.counts) == 6 and abs(sum(chk.chance) - 1) < 1e-9
    assert chk.low <= chk.mean <= chk.high and chk.worth == pytest.approx(chk.mean - chk.partner)
    assert chk.count == pytest.approx(advise_spades(view.hand, 3, allow_nil=False).total)
    assert chk.bid == max(1, min(10, int(chk.count + 0.5 * (chk.worth - chk.count) + 0.5)))
    plain = advise_spades(view.hand, 3)
    adv = with_dd_check(view, plain, samples=6, seed=4)
    if not plain.nil:
        assert adv.bid == chk.bid and round(adv.total) == adv.bid
        assert adv.lines[:len(plain.lines)] == plain.lines and "double-dummy check over 6 sampled deals" in adv.lines[-1][0]
        assert advise_bid(view, double_dummy=6, seed=4) == adv
    # same seed, same answer
    assert dd_check(view, samples=6, seed=4).counts == chk.counts


def test_dd_check_does_not_apply_to_a_nil_side_or_oh_hell():
    g = SpadesGame(first_deal=32, dealer=3)
    g.look(0)
    g.apply(Bid(0, 0))  # North bids Nil
    g.look(1)
    g.apply(Bid(1, 3))
    g.look(2)
    chk = dd_check(g.view(2), samples=2)
    assert chk.bid is None and "Nil" in chk.reason
    og = OhHellGame(OhHellRules(players=4, hand_sizes=(5,)), first_deal=33)
    v = og.view(og.to_act)
    assert advise_bid(v, double_dummy=4) == advise_bid(v)
    with pytest.raises(ValueError):
        dd_check(v)


def test_sp_2p_4_level4_two_player_games_only_legal_moves():
    """Two-player Spades (SP-2P-1…6): level 4 draws, bids and plays only legal actions, from its view."""
    from engine import SpadesTwoGame
    for i in range(2):
        g = SpadesTwoGame(SpadesRules(target_score=150), first_deal=23_000 + i, dealer=i % 2, rng=random.Random(i))
        four = Checked(quick4(i, max_samples=2, min_samples=2))
        players = [four, make_player(2, 7 + i)] if i == 0 else [make_player(2, 7 + i), four]
        play_game(g, players)
        assert g.phase is Phase.GAME_OVER and len(g.winners) == 1
        assert four.decisions > 26  # draws, bids and cards of at least one whole hand


def south_after_4_and_3(rules=None, scores=(0, 0)):
    """South's view in deal 31 (dealer West) after North bid 4 and East 3."""
    g = SpadesGame(rules, first_deal=31, dealer=3, scores=scores)
    g.look(0)
    g.apply(Bid(0, 4))
    g.look(1)
    g.apply(Bid(1, 3))
    g.look(2)
    return g.view(2)


def poisson_mod(lam: float, residues, modulus: int = 10) -> float:
    """P(Y mod ``modulus`` in ``residues``) for Y ~ Poisson(``lam``), summed term by term."""
    return sum(math.exp(-lam) * lam ** y / math.factorial(y) for y in range(120) if y % modulus in residues)


def test_sp20_future_bag_cost_is_the_penalty_still_to_come():
    """SP-20: 10 bags cost 100.  After this hand a side expects (target - leader's total) / 50 more
    hands and 1 bag a hand (Poisson)."""
    r = SpadesRules()
    # the hand ends the game (SP-22): nothing more to pay, whatever the bags
    assert future_bag_cost(9, 510, 300, r) == 0 and future_bag_cost(9, 300, 520, r) == 0
    # 9 bags with the leader 10 points short: 0.2 hands, 0.2 bags expected; any bag brings the penalty
    assert future_bag_cost(9, 490, 0, r) == pytest.approx(100 * (1 - math.exp(-0.2)))  # 18.13
    assert future_bag_cost(0, 490, 0, r) == pytest.approx(0, abs=1e-9)  # 10 bags in 0.2 hands: never
    # early in a game to 500 (10 hands, 10 bags expected) the 5th bag costs 100 P(Y = 5, 15, 25…) = 7.26,
    # about its share of the penalty (100 / 10)
    fifth = future_bag_cost(5, 0, 0, r) - future_bag_cost(4, 0, 0, r)
    assert fifth == pytest.approx(100 * poisson_mod(10.0, {5}), abs=1e-6) and fifth == pytest.approx(7.26, abs=0.01)
    # house rule SP-H4: 5 bags cost 50; with 4 bags and 0.2 bags expected
    h4 = SpadesRules(bag_limit=5, bag_penalty=50)
    assert future_bag_cost(4, 490, 0, h4) == pytest.approx(50 * (1 - math.exp(-0.2)))


def test_sp20_level4_counts_a_sides_future_bags_only_once_its_contract_is_made():
    """North holds all 13 spades and wins every trick; North–South bid 4 + 2 (contract 6), East–West
    3 + 3.  Taking all 13: North–South 60 + 7 bags = 67 (SP-17, SP-19), East–West set -60 (SP-18):
    127 to North–South.  Before the first trick neither side has made its contract, so level 4's
    utility is the hand's 127 alone.  After six tricks North–South have made theirs: their 7 bags'
    penalty still to come is counted, (500 - 67) / 50 = 8.66 hands of Poisson bags (mean 8.7):
    100 E[(7 + Y) // 10] = 109.56, so 127 - 109.56 = 17.44 (East: -17.44).  East–West have not made
    theirs, so their bags (none here) would not count."""
    suits = {s: " ".join(r + s for r in "23456789TJQKA") for s in "SHDC"}
    g = SpadesGame.from_hands([suits["S"], suits["H"], suits["D"], suits["C"]], dealer=3)
    for b in (4, 3, 2, 3):
        g.bid(g.to_act, b)
    all_north = (13, 0, 0, 0)
    assert _scorer(g.view(0), future_bags=True)(all_north) == 127
    assert _scorer(g.view(1), future_bags=True)(all_north) == -127
    for _ in range(24):
        s = g.seats_to_act[0]
        g.apply(g.view(s).legal[0])
    assert g.view(0).tricks_won == (6, 0, 0, 0)
    cost = 100 * sum(math.exp(-8.7) * 8.7 ** y / math.factorial(y) * ((7 + y) // 10) for y in range(150))
    assert round(cost, 2) == 109.56
    assert _scorer(g.view(0), future_bags=True)(all_north) == pytest.approx(127 - cost, abs=1e-6)
    assert _scorer(g.view(1), future_bags=True)(all_north) == pytest.approx(cost - 127, abs=1e-6)
    assert _scorer(g.view(0))(all_north) == 127  # level 3 never counts bags to come


def test_sp17_sp18_scoring_bid_prefers_the_contract_that_scores_best_over_the_deals():
    """Partner North bid 4, the opponents 3 and 3; the side takes 7 tricks in half the deals and 5
    in the other half (double dummy), the opponents the rest.  Bid 1 (contract 5) always makes:
    50 + 2 bags against the opponents' 60, or 50 against 60 + 2 bags: on average (-8 - 12) / 2 =
    -10 (SP-17, SP-19); the two sides' bags cost the same later (future_bag_cost, 8.8 hands left
    either way) and cancel.  Bid 2 (contract 6): 61 with 1 bag against 60, or set -60 (SP-18)
    against 62 with 2 bags: (1 - 122 + C(2) - C(1)) / 2, where C(2) - C(1) = 100 P(Y = 8, 18, …)
    for Y ~ Poisson(8.8) = 13.68 (the 2nd bag brings the penalty when 8 more come): -53.66.
    Bid 3: 70 - 60 = 10, or -70 - 62 + C(2) - C(0), where C(2) - C(0) = 100 P(Y = 8, 9, 18, 19, …)
    = 26.94: (10 - 132 + 26.94) / 2 = -47.53."""
    view = south_after_bids_of_3()
    rows = ((1.0, 7, 3.0, (3, 3)), (1.0, 5, 3.0, (3, 3)))
    chk = DDCheck(2, (0,) * 14, (0.0,) * 14, 6.0, 5, 7, 3.0, 3.0, 2.0, 2, rows=rows)
    best, worth = scoring_bid(south_after_4_and_3(), chk, bids=[1, 2, 3])
    assert best == 1
    c21, c20 = 100 * poisson_mod(8.8, {8}), 100 * poisson_mod(8.8, {8, 9})
    assert (round(c21, 2), round(c20, 2)) == (13.68, 26.94)
    assert worth == {1: pytest.approx(-10.0), 2: pytest.approx((1 - 122 + c21) / 2, abs=1e-6),
                     3: pytest.approx((10 - 132 + c20) / 2, abs=1e-6)}
    assert (round(worth[2], 2), round(worth[3], 2)) == (-53.66, -47.53)
    # before the partner bids, the partner's count (rounded, at least 1) stands for its bid
    g2 = SpadesGame(first_deal=31, dealer=3)
    g2.look(0)
    v0 = g2.view(0)
    chk0 = DDCheck(2, (0,) * 14, (0.0,) * 14, 6.0, 5, 7, 3.6, 2.4, 2.0, 2,
                   rows=((1.0, 7, 3.6, (3, 3)), (1.0, 5, 3.6, (3, 3))))
    best0, worth0 = scoring_bid(v0, chk0, bids=[1, 2, 3])
    assert (best0, worth0[1]) == (1, pytest.approx(-10.0))
    # the check does not apply (a Nil on the side): no bid
    assert scoring_bid(view, DDCheck(0, (0,) * 14, (0.0,) * 14, 0.0, 0, 0, None, None, None, None)) == (None, {})


def test_sp22_scoring_bid_reaches_for_the_target_when_a_contract_wins_the_game():
    """The same deals with the target at 200 and the scores 140 (North–South) to 120: bid 2
    (contract 6) reaches 201 when the side takes 7 (the game won, +200 on 61 - 60: 201; no future
    bag cost, the game is over) and is set otherwise (-122): on average 39.5.  Bid 3: 70 - 60 + 200
    = 210 or -132: 39.  Bid 1 (contract 5) reaches only 192 or 190 and the game goes on: -10 as
    before (the bags' later cost cancels again).  So the side bids for the game."""
    rows = ((1.0, 7, 3.0, (3, 3)), (1.0, 5, 3.0, (3, 3)))
    chk = DDCheck(2, (0,) * 14, (0.0,) * 14, 6.0, 5, 7, 3.0, 3.0, 2.0, 2, rows=rows)
    view = south_after_4_and_3(SpadesRules(target_score=200), scores=(140, 120))
    best, worth = scoring_bid(view, chk, bids=[1, 2, 3])
    assert best == 2
    assert worth == {1: pytest.approx(-10.0), 2: pytest.approx(39.5), 3: pytest.approx(39.0)}
    # a Nil opponent counts as made: West's Nil (+100) with East's 3 takes the opponents to the target first
    rows_nil = ((1.0, 7, 3.0, (3, 0)), (1.0, 5, 3.0, (3, 0)))
    chk_nil = DDCheck(2, (0,) * 14, (0.0,) * 14, 6.0, 5, 7, 3.0, 3.0, 2.0, 2, rows=rows_nil)
    best_nil, worth_nil = scoring_bid(view, chk_nil, bids=[1, 2, 3])
    # bid 2, 7 tricks: 201 against 120 + 100 + 30 + 3 bags = 253, the game lost: 61 - 133 - 200 = -272;
    # 5 tricks: -60 against 100 + 30 + 5 = 135 (255): -195 - 200 = -395; on average -333.5
    assert worth_nil[2] == pytest.approx(-333.5)
    # bid 1: 52 - 133 - 200 = -281 (192 against 253) and 50 - 135 - 200 = -285: -283, the best of a lost cause
    assert (best_nil, worth_nil[1]) == (1, pytest.approx(-283.0))


@needs_dds
def test_level4_bids_the_scoring_bid_of_its_check():
    view = south_after_bids_of_3()
    p = quick4(5, bid_dd_samples=6)
    seed = random.Random(5).getrandbits(32)
    a = p.choose(view)
    plain = advise_bid(view)
    if plain.nil:
        assert a == Bid(2, 0)
    else:
        best, _ = scoring_bid(view, dd_check(view, 6, seed))
        assert a == Bid(2, best) and "scores best on average" in p.last_reason
