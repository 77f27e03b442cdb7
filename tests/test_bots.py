"""Computer players (issue 6): legality over many seeded games, the hook
(OH-V4), Nil ducking (SP-8), sampling consistency (SP-14/OH-9 voids) and the
per-seat view (players never see another seat's hidden cards)."""
from __future__ import annotations

import dataclasses
import random

import pytest

from engine import (Bid, Card, Deal, OhHellGame, OhHellRules, Phase, Play, SpadesGame, SpadesRules,
                    Suit, mask_of, parse_cards)
from engine.bots import LEVELS, make_player
from engine.bots.level2 import ClubPlayer
from engine.bots.level3 import ExpertPlayer, evaluate_cards
from engine.bots.sampling import (PlayState, SamplingError, club_card, play_game, sample_hands,
                                  seat_capacities, unseen_mask, weighted_deals)
from engine.cards import DECK, SUIT_MASKS


def fast_player(level: int, seed: int):
    """Level 3 with a tiny budget so that whole games stay fast in CI."""
    if level == 3:
        return ExpertPlayer(seed=seed, budget_ms=2, max_samples=2, bid_budget_ms=5, bid_samples=4)
    return make_player(level, seed)


def fill_hands(fixed: list[str], n: int = 4, size: int = 13, extra: str = "") -> tuple:
    """Hands with the given cards first, the rest of the deck dealt in order."""
    hands = [parse_cards(f) for f in fixed]
    used = {c for h in hands for c in h} | set(parse_cards(extra))
    rest = [c for c in DECK if c not in used]
    for h in hands:
        while len(h) < size:
            h.append(rest.pop(0))
    return tuple(tuple(sorted(h)) for h in hands)


# ------------------------------------------------------------------ registry
def test_make_player_registers_levels_2_and_3():
    assert isinstance(make_player(2, seed=1), ClubPlayer)
    assert isinstance(make_player(3, seed=1), ExpertPlayer)
    assert LEVELS[2].name == "club" and LEVELS[3].name == "expert"
    assert (LEVELS[2].level, LEVELS[3].level) == (2, 3)


# ------------------------------------------------------------------ many games
@pytest.mark.parametrize("level", [1, 2])
def test_sp5_sp14_many_spades_games_finish_with_legal_actions_only(level):
    # 100 games of each level against level 2, target 200 (SP-3 option)
    for i in range(100):
        g = SpadesGame(SpadesRules(target_score=200), first_deal=10_000 + i, dealer=i % 4)
        players = [make_player(level if s % 2 == i % 2 else 2, seed=i * 10 + s) for s in range(4)]
        play_game(g, players)  # g.apply raises IllegalActionError on any illegal action
        assert g.phase is Phase.GAME_OVER
        assert max(g.scores) >= 200


def test_sp10_blind_nil_exchange_games_finish():
    # scores set far behind so that level 2 bids Blind Nil (SP-10) and exchanges (SP-10/11)
    blind = 0
    for i in range(20):
        g = SpadesGame(SpadesRules(target_score=300), scores=(0, 250), first_deal=500 + i, dealer=i % 4)
        players = [make_player(2, seed=s) for s in range(4)]
        seen = []
        play_game(g, players, on_action=seen.append)
        blind += sum(1 for a in seen if isinstance(a, Bid) and a.blind)
        assert g.phase is Phase.GAME_OVER
    assert blind >= 1


def test_oh1_oh_v4_v5_v6_many_oh_hell_games_finish_with_legal_actions_only():
    options = [dict(), dict(hook=True), dict(simultaneous_bidding=True), dict(must_trump=True),
               dict(hook=True, must_trump=True, schedule="down"), dict(tricks_always_count=True, schedule="up_down"),
               dict(nil_pays_hand_size=True, hook=True)]
    k = 0
    for players in range(3, 8):
        for opt in options:
            rules = OhHellRules(players=players, hand_sizes=(1, 2, 3, 5) if "schedule" not in opt else None, **opt)
            g = OhHellGame(rules, first_deal=700 + k, dealer=k % players)
            play_game(g, [fast_player(1 + (s + k) % 2 + (s == 0), seed=s + k) for s in range(players)])
            assert g.phase is Phase.GAME_OVER
            k += 1
    assert k == 35


def test_level3_finishes_spades_and_oh_hell_games_with_legal_actions_only():
    for i in range(4):
        g = SpadesGame(SpadesRules(target_score=100), first_deal=900 + i, dealer=i)
        play_game(g, [fast_player(3 if s % 2 == i % 2 else 2, seed=s) for s in range(4)])
        assert g.phase is Phase.GAME_OVER
    for i, opt in enumerate([dict(hook=True), dict(must_trump=True), dict(simultaneous_bidding=True)]):
        g = OhHellGame(OhHellRules(players=3 + 2 * i, hand_sizes=(2, 4), **opt), first_deal=40 + i)
        play_game(g, [fast_player(3, seed=s) for s in range(3 + 2 * i)])
        assert g.phase is Phase.GAME_OVER


# ------------------------------------------------------------------ hook
def hooked_dealer_game() -> OhHellGame:
    """3 players, 3 cards, trump hearts (turned-up ♥7); seat 2 deals and holds ♥A ♥K ♣2;
    seats 0 and 1 have bid 1 and 0."""
    hands = fill_hands(["2D 3D 4D", "5D 6D 7D", "AH KH 2C"], n=3, size=3, extra="7H")
    g = OhHellGame(OhHellRules(players=3, hand_sizes=(3,), hook=True, no_trump_final_hand=False),
                   dealer=2, auto_deal=False)
    g.deal(Deal(hands, Card.parse("7H")))
    g.bid(0, 1)
    g.bid(1, 0)
    return g


@pytest.mark.parametrize("level", [2, 3])
def test_oh_v4_hooked_dealer_with_two_sure_tricks_never_bids_0_or_1(level):
    g = hooked_dealer_game()
    view = g.view(2)
    assert view.trump is Suit.HEARTS and g.hooked_bid() == 2
    assert sorted(a.value for a in view.legal) == [0, 1, 3]
    for seed in range(10):
        bid = make_player(level, seed=seed).choose(view)
        assert bid == Bid(2, 3)  # 2 sure tricks, 2 forbidden by the hook → 3, never 0 or 1
        assert g.check(bid).ok


# ------------------------------------------------------------------ Nil ducking
def nil_game() -> SpadesGame:
    """North leads ♥5; East bid Nil and holds ♥A ♥3 ♥2."""
    hands = fill_hands(["5H 9H AC KC QC JC TC AD KD QD JD TD 9D",
                        "AH 3H 2H 2C 3C 4C 2D 3D 4D 2S 3S 4S 5S",
                        "", ""])
    g = SpadesGame(dealer=3, auto_deal=False)
    g.deal(Deal(hands))
    g.bid(0, 4)
    g.bid(1, 0)   # Nil (SP-8)
    g.bid(2, 3)
    g.bid(3, 3)
    return g


def test_sp8_club_nil_bidder_plays_its_safe_low_card():
    g = nil_game()
    g.play(0, "5H")
    p = ClubPlayer(seed=1)
    action = p.choose(g.view(1))
    assert action == Play(1, Card.parse("3H"))  # the highest heart that still loses to ♥5
    assert g.check(action).ok
    assert "duck" in p.last_reason


def test_sp8_club_nil_bidder_leads_its_lowest_card():
    st = PlayState(True, [0, mask_of(parse_cards("AH 3H 2H 9C")), 0, 0], leader=1, trump=int(Suit.SPADES),
                   lead_restricted=True, broken=False, must_trump=False, won=[0] * 4, out=0,
                   bids=[4, 0, 3, 3], nil=[False, True, False, False])
    card, _ = club_card(st, 1, st.legal(1))
    assert DECK[card] == Card.parse("2H")


def test_sp8_club_covers_partners_nil():
    # South's partner North bid Nil and plays after West: South (2nd to play) covers high
    st = PlayState(True, [mask_of(parse_cards("4D 2C")), 0, mask_of(parse_cards("AD 6D 3D")), 0], leader=1,
                   trump=int(Suit.SPADES), lead_restricted=True, broken=False, must_trump=False, won=[0] * 4,
                   out=Card.parse("5D").bit, bids=[0, 3, 4, 3], nil=[True, False, False, False],
                   trick=[Card.parse("5D").index])
    card, reason = club_card(st, 2, st.legal(2))
    assert DECK[card] == Card.parse("AD") and "Nil" in reason


def test_oh11_club_takes_cheaply_when_short_of_its_bid():
    st = PlayState(False, [mask_of(parse_cards("AH QH 3H")), 0, 0], leader=1, trump=None,
                   lead_restricted=False, broken=False, must_trump=False, won=[0, 0, 0], out=0,
                   bids=[1, 0, 1], nil=[False] * 3, trick=[Card.parse("JH").index, Card.parse("2H").index])
    card, _ = club_card(st, 0, st.legal(0))
    assert DECK[card] == Card.parse("QH")  # last to play: the lowest card that wins
    st.bids[0] = 0
    card, _ = club_card(st, 0, st.legal(0))
    assert DECK[card] == Card.parse("3H")  # bid reached (or 0): duck


# ------------------------------------------------------------------ sampling
def _views_during_game(seed: int, game: str):
    rng = random.Random(seed)
    if game == "spades":
        g = SpadesGame(first_deal=seed, scores=(0, 300), dealer=seed % 4)
    else:
        g = OhHellGame(OhHellRules(players=3 + seed % 5, hand_sizes=(6,), must_trump=bool(seed % 2),
                                   no_trump_final_hand=False), first_deal=seed)
    players = [make_player(1 + (s + seed) % 2, seed=s) for s in range(g.n_seats)]
    stop = rng.randrange(2, g.n_seats * (13 if game == "spades" else 6))  # a play inside the first hand
    k = 0
    while g.phase is not Phase.GAME_OVER and g.hands_dealt == 1:
        s = g.seats_to_act[0]
        if g.phase is Phase.PLAY:
            k += 1
            if k >= stop:
                break
        g.apply(players[s].choose(g.view(s)))
    return g


@pytest.mark.parametrize("seed", range(40))
def test_sp14_oh9_sampling_never_gives_a_seat_a_suit_it_has_shown_void_in(seed):
    g = _views_during_game(seed, "spades" if seed % 2 == 0 else "oh_hell")
    assert g.phase is Phase.PLAY
    seat = g.to_act
    view = g.view(seat)
    voids = view.shown_void()
    cap = seat_capacities(view)
    unseen = unseen_mask(view)
    rng = random.Random(seed)
    for _ in range(30):
        hands = sample_hands(view, rng)
        assert hands[seat] == mask_of(view.hand)
        union = 0
        for s in range(view.n_seats):
            assert hands[s].bit_count() == cap[s] == len(g.hand_of(s))
            for su in voids[s]:
                assert hands[s] & SUIT_MASKS[su] == 0
            if s != seat:
                assert hands[s] & ~unseen == 0
                assert union & hands[s] == 0
                union |= hands[s]
        if view.passed and view.exchange_seats:  # SP-10: what I passed is with partner
            keep = mask_of(view.passed) & unseen
            assert hands[(seat + 2) % 4] & keep == keep
        if view.game == "spades":
            assert union == unseen


def test_sp14_sampling_respects_a_void_shown_in_the_current_trick():
    g = nil_game()
    g.play(0, "5H")
    g.play(1, "3H")
    view = g.view(2)
    # play on until somebody shows a void; then check samples
    players = [ClubPlayer(s) for s in range(4)]
    rng = random.Random(3)
    found = False
    while g.phase is Phase.PLAY:
        view = g.view(g.to_act)
        voids = view.shown_void()
        if any(voids[s] for s in range(4) if s != view.seat):
            found = True
            for _ in range(20):
                hands = sample_hands(view, rng)
                for s in range(4):
                    for su in voids[s]:
                        assert hands[s] & SUIT_MASKS[su] == 0
        g.apply(players[g.to_act].choose(view))
    assert found


def test_weighted_deals_draw_deals_in_proportion_to_their_weight():
    g = SpadesGame(first_deal=11, dealer=3)
    g.look(0)
    view = g.view(0)
    own = mask_of(view.hand)
    c = next(i for i in range(52) if not own >> i & 1)  # a card North cannot see
    rng = random.Random(5)

    def share(weight) -> float:
        hits = draws = 0
        for _ in range(200):
            deals = weighted_deals(view, rng, 12, weight)
            assert sum(m for m, _ in deals) == 12
            for m, hands in deals:
                assert hands[0] == own and m >= 1
                draws += m
                hits += m * (hands[1] >> c & 1)
        return hits / draws

    # East holds a given unseen card in 1/3 of plain deals; a weight 4 times larger when it does
    # makes that (1/3) / (1/3 + 2/3 * 1/4) = 2/3 of the deals drawn
    assert abs(share(None) - 1 / 3) < 0.04
    assert abs(share(lambda hands: 1.0 if hands[1] >> c & 1 else 0.25) - 2 / 3) < 0.04
    # a weight of 0 is never drawn
    assert share(lambda hands: float(hands[1] >> c & 1)) == 1.0
    assert [m for m, _ in weighted_deals(view, rng, 5, None)] == [1] * 5
    assert weighted_deals(view, rng, 0, None) == []
    with pytest.raises(SamplingError):
        weighted_deals(view, rng, 4, lambda hands: 0.0)


# ------------------------------------------------------------------ hidden cards
def _cards_in(obj, depth=0):
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            yield from _cards_in(x, depth + 1)
    elif isinstance(obj, dict):
        for x in obj.values():
            yield from _cards_in(x, depth + 1)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type) and depth < 6:
        for f in dataclasses.fields(obj):
            yield from _cards_in(getattr(obj, f.name), depth + 1)


@pytest.mark.parametrize("game", ["spades", "oh_hell"])
def test_seat_view_holds_no_other_seats_hidden_cards(game):
    for seed in range(6):
        g = _views_during_game(seed * 2 + (game != "spades"), game)
        if g.phase is Phase.GAME_OVER:
            continue
        for seat in range(g.n_seats):
            view = g.view(seat)
            fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "results"}
            seen = set(_cards_in(list(fields.values())))
            passed = set(view.passed or ())  # what this seat itself passed (SP-10)
            for other in range(g.n_seats):
                if other != seat:
                    assert not (set(g.hand_of(other)) - passed) & seen
            assert not any("hand" in name and name != "hand" and name != "hand_size" and name != "hand_number"
                           for name in fields)


def test_level3_evaluates_every_legal_card_on_the_same_samples():
    g = nil_game()
    g.play(0, "5H")
    view = g.view(1)
    scores = evaluate_cards(view, random.Random(1), budget_ms=1000, max_samples=6)
    assert sorted(c.code for c in scores) == ["2H", "3H", "AH"]
    assert {n for _, n in scores.values()} == {6}
    # ducking keeps the Nil alive: ♥A (winning the trick) scores worst
    assert scores[Card.parse("AH")][0] < scores[Card.parse("3H")][0]


def test_sp8_club_plays_low_against_an_opponents_nil():
    # North needs tricks, East (next to play) bid Nil: North leads its lowest card
    st = PlayState(True, [mask_of(parse_cards("AH 2H KC 7C")), 0, 0, 0], leader=0, trump=int(Suit.SPADES),
                   lead_restricted=True, broken=False, must_trump=False, won=[0] * 4, out=0,
                   bids=[4, 0, 3, 3], nil=[False, True, False, False])
    card, reason = club_card(st, 0, st.legal(0))
    assert DECK[card] == Card.parse("2H") and "Nil" in reason
    # East (Nil) is winning the trick with ♦9: South stays under it with its highest lower diamond
    st = PlayState(True, [0, 0, mask_of(parse_cards("KD 8D 3D")), 0], leader=0, trump=int(Suit.SPADES),
                   lead_restricted=True, broken=False, must_trump=False, won=[0] * 4, out=0,
                   bids=[4, 0, 3, 3], nil=[False, True, False, False],
                   trick=[Card.parse("4D").index, Card.parse("9D").index])
    card, reason = club_card(st, 2, st.legal(2))
    assert DECK[card] == Card.parse("8D") and "Nil" in reason
