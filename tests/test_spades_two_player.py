"""Spades for two players (RULES.md SP-2P-1 … SP-2P-6): one test named after
each id with written-out values, then property tests over many seeded games
(cards conserved, views never leak, undo/replay equality), records."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (Card, Deal, Draw, IllegalActionError, InvalidInputError, Phase, Play, SpadesRules,
                    SpadesTwoGame, parse_cards, shuffled_deck, standard_draw)
from engine.cards import DECK
from engine.record import game_from_record, game_to_record, replay
from engine.registry import spec_for
from engine.games.spades_two import draw_outcome, standard_keep

PROPS = settings(derandomize=True, max_examples=60, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


def C(text: str) -> Card:
    return Card.parse(text)


def fixed_pack() -> tuple[Card, ...]:
    """K♠ on top, then 2♥, 3♣, A♦, then the rest of the deck in its order."""
    head = [C("KS"), C("2H"), C("3C"), C("AD")]
    return tuple(head + [c for c in DECK if c not in head])


def game_with_pack(pack=None, dealer=0, **kw) -> SpadesTwoGame:
    g = SpadesTwoGame(dealer=dealer, auto_deal=False, **kw)
    g.deal(Deal((), None, None, tuple(pack or fixed_pack())))
    return g


# Hands for the play tests: Player 2 (seat 1) leads; it holds A♠ K♠ and the
# hearts 2…Q; Player 1 (seat 0) holds A♥ K♥ and the clubs 2…Q.
SEAT0 = parse_cards("AH KH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")
SEAT1 = parse_cards("AS KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")


def game_with_hands(dealer=0, **kw) -> SpadesTwoGame:
    g = SpadesTwoGame(dealer=dealer, auto_deal=False, **kw)
    g.deal(Deal((tuple(SEAT0), tuple(SEAT1))))
    return g


def play_out_fixed(g: SpadesTwoGame) -> None:
    """The fixed hands played out: 0 wins A♥ and K♥, 1 wins the other 11."""
    g.play(1, "2H"); g.play(0, "AH")
    g.play(0, "KH"); g.play(1, "3H")
    g.play(0, "2C"); g.play(1, "AS")
    g.play(1, "KS"); g.play(0, "3C")
    while g.phase is Phase.PLAY:
        s = g.to_act
        g.play(s, g.legal_plays(s)[0])


# ============================================================ SP-2P-1
def test_SP_2P_1_two_players_each_for_themselves_no_blind_nil_no_exchange():
    g = game_with_hands()
    assert g.n_seats == 2 and g.GAME == "spades"
    assert g.seat_names == ("Player 1", "Player 2")
    assert g.sides == ((0,), (1,))
    assert [g.side_of_seat(s) for s in (0, 1)] == [0, 1]
    v = g.check_bid(1, 0, blind=True)
    assert (v.ok, v.reason.value, v.rule) == (False, "BLIND_NIL_NOT_IN_THIS_GAME", "SP-2P-1")
    assert "no Blind Nil" in v.message
    with pytest.raises(IllegalActionError) as e:
        g.bid(1, 0, blind=True)
    assert e.value.verdict.rule == "SP-2P-1"
    assert g.bids == (None, None)  # nothing changed
    v = g.check_exchange(1, ["2H", "3H", "4H"])
    assert (v.ok, v.reason.value, v.rule) == (False, "EXCHANGE_NOT_IN_EXCHANGE", "SP-2P-1")
    v = g.check_look(0)  # each card is seen as it is drawn: a look is accepted and changes nothing (HAND_RECORD.md)
    assert (v.ok, v.rule) == (True, "SP-2P-2")
    assert all(not a.blind for a in g.legal_actions(1))
    with pytest.raises(InvalidInputError):
        g.check_bid(2, 3)  # there is no seat 2
    # SP-H2, SP-H3 and SP-H6 are configuration errors with two seats (RULES.md, Spades for two players)
    for opts, name in (({"blind_nil": "never"}, "blind_nil"), ({"blind_nil": "behind_100"}, "blind_nil"),
                       ({"blind_nil_pass": 2}, "blind_nil_pass"), ({"blind_nil_pass": 0}, "blind_nil_pass"),
                       ({"min_contract": 3}, "min_contract"), ({"min_contract": 1}, "min_contract")):
        with pytest.raises(InvalidInputError) as e:
            SpadesTwoGame(rules=opts)
        assert str(e.value).startswith(name + ":") and "SP-2P-1" in str(e.value)
    # SP-H1, H4, H5, H7 (no partner: nothing to help), H8, H9 may be used
    g7 = SpadesTwoGame(rules={"nil_value": 50, "bag_limit": 5, "bag_penalty": 50, "ten_for_200": True,
                              "failed_nil_tricks_help": True, "loss_floor": -200, "target_score": 250})
    assert g7.rules.failed_nil_tricks_help is True


# ============================================================ SP-2P-2
def test_SP_2P_2_the_draw_keep_or_discard_hidden_from_the_other_player():
    g = game_with_pack(dealer=0)
    assert (g.phase, g.to_act, g.pack_left) == (Phase.DRAW, 1, 52)  # the non-dealer draws first
    assert g.draw_card(1) == C("KS") and g.draw_card(0) is None
    assert g.view(1).draw_card == C("KS") and g.view(0).draw_card is None
    assert g.legal_actions() == [Draw(1, True), Draw(1, False)]
    v = g.check_draw(0, True)
    assert (v.ok, v.reason.value, v.rule) == (False, "NOT_YOUR_TURN", "SP-2P-2")
    with pytest.raises(InvalidInputError):
        g.draw(1, "yes")
    v = g.check_draw(1, True)
    assert v.ok and v.rule == "SP-2P-2" and "K♠" in v.message
    g.draw(1, True)  # keep K♠: the next card (2♥) is seen and discarded
    assert g.hand_of(1) == [C("KS")] and g.discards_of(1) == [C("2H")]
    v1, v0 = g.view(1), g.view(0)
    assert v1.hand == (C("KS"),) and v1.discards == (C("2H"),)
    assert v0.hand == () and v0.discards == () and v0.draw_log == ((1, True),)
    assert v0.draw_card == C("3C") and v1.draw_card is None and v1.pack_left == 50
    g.draw(0, False)  # discard 3♣ face down, take A♦ (must keep it)
    assert g.hand_of(0) == [C("AD")] and g.discards_of(0) == [C("3C")]
    assert g.view(1).draw_log == ((1, True), (0, False))
    assert C("3C") not in g.view(1).discards and C("AD") not in (g.view(1).hand or ())
    # a bid during the draw is refused
    v = g.check_bid(1, 3)
    assert (v.ok, v.reason.value, v.rule) == (False, "WRONG_PHASE", "SP-2P-2")
    while g.phase is Phase.DRAW:
        g.draw(g.to_act, True)
    assert g.phase is Phase.BIDDING and g.pack_left == 0
    assert [len(g.hand_of(s)) for s in (0, 1)] == [13, 13]
    assert [len(g.discards_of(s)) for s in (0, 1)] == [13, 13]
    assert len(g.view(0).draw_log) == 26
    assert set(g.hand_of(0) + g.hand_of(1) + g.discards_of(0) + g.discards_of(1)) == set(DECK)


def test_SP_2P_2_undo_never_unsees_a_drawn_card():
    g = game_with_pack(dealer=0)
    g.draw(1, True)  # Player 2 saw K♠ (kept) and 2♥ (discarded)
    assert g.undo() == Draw(1, True)
    v = g.view(1)
    assert v.draw_card == C("KS") and v.hand == () and v.discards == ()
    assert v.known_pack == (C("2H"),)  # still known after the undo
    assert g.view(0).known_pack == (C("3C"),)  # Player 1 had taken 3♣ to look at when its turn came
    g.draw(1, False)
    assert g.hand_of(1) == [C("2H")] and g.discards_of(1) == [C("KS")]
    # the copy has seen the same cards
    h = game_with_pack(dealer=0)
    h.draw(1, True)
    h.undo()
    assert h.copy().view(1).known_pack == (C("2H"),)


def test_SP_2P_2_standard_draw_policy_and_deal_numbers_reproduce_the_pack():
    assert standard_keep(C("2S")) and standard_keep(C("QH")) and standard_keep(C("AD"))
    assert not standard_keep(C("JH")) and not standard_keep(C("2C"))
    pack = fixed_pack()
    draws = standard_draw(pack, 0)
    assert draws[:2] == [Draw(1, True), Draw(0, False)]  # K♠ kept; 3♣ discarded for A♦
    hands, discards = draw_outcome(pack, 0, [d.keep for d in draws])
    assert hands[1][0] == C("KS") and discards[1][0] == C("2H")
    assert hands[0][0] == C("AD") and discards[0][0] == C("3C")
    g = SpadesTwoGame(first_deal=17, dealer=1)
    assert g.pack == tuple(shuffled_deck(17))
    assert g.pack[:4] == (C("AC"), C("3D"), C("5H"), C("2S"))
    assert standard_draw(g.pack, 1) == standard_draw(tuple(shuffled_deck(17)), 1)  # deterministic


# ============================================================ SP-2P-3
def test_SP_2P_3_bidding_non_dealer_first_nil_to_13():
    g = game_with_hands(dealer=0)
    assert g.phase is Phase.BIDDING and g.to_act == 1
    assert [b.value for b in g.legal_bids(1)] == list(range(14))
    v = g.check_bid(0, 3)
    assert (v.ok, v.reason.value, v.rule) == (False, "NOT_YOUR_TURN", "SP-2P-3")
    v = g.check_bid(1, 14)
    assert (v.ok, v.reason.value, v.rule) == (False, "BID_OUT_OF_RANGE", "SP-2P-3")
    assert "14" in v.message and "13" in v.message
    v = g.check_bid(1, 2.5)
    assert (v.reason.value, v.rule) == ("BID_NOT_WHOLE_NUMBER", "SP-2P-3")
    v = g.check_bid(1, 0)
    assert (v.ok, v.rule) == (True, "SP-8")
    g.bid(1, 13)
    v = g.check_bid(1, 2)
    assert (v.reason.value, v.rule) == ("ALREADY_BID", "SP-2P-3")
    g.bid(0, 0)
    assert g.bids == ("nil", 13) and g.phase is Phase.PLAY
    # every bid from Nil to 13 is legal for the player to bid (no SP-H6 minimum with two players)
    h = game_with_hands(dealer=0)
    assert [b.value for b in h.legal_bids(1)] == list(range(14))


# ============================================================ SP-2P-4
def test_SP_2P_4_two_card_tricks_non_dealer_leads_sp13_to_16():
    g = game_with_hands(dealer=0)
    g.bid(1, 4)
    g.bid(0, 2)
    assert g.to_act == 1  # the non-dealer leads the first trick
    v = g.check_play(0, "2C")
    assert (v.ok, v.reason.value, v.rule) == (False, "NOT_YOUR_TURN", "SP-2P-4")
    v = g.check_play(1, "AS")  # a spade lead before spades are broken, with hearts held
    assert (v.ok, v.reason.value, v.rule) == (False, "SPADES_NOT_BROKEN", "SP-13")
    assert "A♠" in v.message
    assert g.legal_plays(1) == parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")
    assert g.play(1, "2H") is None
    v = g.check_play(0, "2C")
    assert (v.ok, v.reason.value, v.rule) == (False, "MUST_FOLLOW_SUIT", "SP-14")
    assert g.legal_plays(0) == parse_cards("KH AH")
    t = g.play(0, "AH")  # two cards make a trick
    assert t.cards == (C("2H"), C("AH")) and t.winner == 0 and t.seats == (1, 0)
    g.play(0, "KH"); g.play(1, "3H")
    g.play(0, "2C")
    t = g.play(1, "AS")  # no clubs: the spade trumps (SP-16) and breaks spades (SP-15)
    assert t.winner == 1 and g.spades_broken
    v = g.check_play(1, "KS")
    assert v.ok
    assert g.tricks_won == (2, 1)


# ============================================================ SP-2P-5
def test_SP_2P_5_per_player_scoring_with_own_bid_as_contract():
    g = game_with_hands(dealer=0, bags=(0, 5))
    g.bid(1, 4)
    g.bid(0, 0)
    play_out_fixed(g)
    r = g.results[0]
    assert r.tricks_won == (2, 11) and r.bids == ("nil", 4)
    lines = [(l.who, l.item, l.points, l.rule, l.bags) for l in r.score_lines]
    assert lines == [
        (0, "Nil failed (Player 1)", -100, "SP-8", 0),
        (0, "failed Nil tricks are bags (Player 1)", 2, "SP-19", 2),
        (1, "contract made", 40, "SP-17", 0),
        (1, "bags", 7, "SP-17", 7),
        (1, "bag penalty", -100, "SP-20", 0),
    ]
    assert r.points == (-98, -53)
    assert g.scores == [-98, -53] and g.bags == [2, 2]  # 5 + 7 = 12 bags: −100, 2 carried (SP-20)
    assert g.phase is Phase.DEAL and g.winners == ()
    # SP-H7 may be used with two players and changes nothing (no partner: nothing to help)
    h7 = game_with_hands(dealer=0, bags=(0, 5), rules=SpadesRules(failed_nil_tricks_help=True))
    h7.bid(1, 4)
    h7.bid(0, 0)
    play_out_fixed(h7)
    assert h7.results[0].score_lines == r.score_lines and h7.scores == [-98, -53]


def test_SP_2P_5_game_to_the_target_one_winner_and_house_rules():
    g = game_with_hands(dealer=0, scores=(480, 0))
    g.bid(1, 4)
    g.bid(0, 2)
    play_out_fixed(g)
    assert g.results[0].points == (20, 47)
    assert g.scores == [500, 47] and g.winners == (0,) and g.phase is Phase.GAME_OVER
    v = g.check_bid(0, 3)
    assert (v.reason.value, v.rule) == ("GAME_OVER", "SP-22") and "Player 1 (500 points)" in v.message
    # SP-H5 ten for two hundred: a player's own bid of 11, made exactly
    h = game_with_hands(dealer=0, rules=SpadesRules(ten_for_200=True))
    h.bid(1, 11)
    h.bid(0, 2)
    play_out_fixed(h)
    assert [(l.who, l.item, l.points, l.rule) for l in h.results[0].score_lines] == [
        (0, "contract made", 20, "SP-17"), (1, "contract made", 220, "SP-H5")]
    # SP-H1 Nil worth 50; SP-H9 target 250
    k = game_with_hands(dealer=0, rules=SpadesRules(nil_value=50, target_score=250), scores=(0, 200))
    k.bid(1, 5)
    k.bid(0, 0)
    play_out_fixed(k)
    assert k.results[0].points == (-48, 56) and k.scores == [-48, 256] and k.winners == (1,)
    # start scores already past the target are refused
    with pytest.raises(InvalidInputError):
        SpadesTwoGame(scores=(500, 0))


# ============================================================ SP-2P-6
def test_SP_2P_6_the_deal_alternates():
    g = SpadesTwoGame(first_deal=40, dealer=1, rng=random.Random(3))
    rng = random.Random(5)
    dealers, first_drawers, packs = [], [], []
    while len(dealers) < 5:
        if g.phase is Phase.DRAW and g.pack_left == 52:
            dealers.append(g.dealer)
            first_drawers.append(g.to_act)
            packs.append(g.pack)
        if g.phase is Phase.BIDDING:
            g.bid(g.to_act, 3)
            continue
        g.apply(rng.choice(g.legal_actions()))
    assert dealers == [1, 0, 1, 0, 1]
    assert first_drawers == [0, 1, 0, 1, 0]
    assert packs == [tuple(shuffled_deck(40 + k)) for k in range(5)]  # hand k: deal number 40 + k − 1
    assert [r.dealer for r in g.results] == [1, 0, 1, 0]


# ============================================================ properties
def random_game(seed: int, hands: int = 2, undo_every: int = 0):
    """A two-player game played with random legal actions for ``hands`` hands
    (bids near 3 so scores stay sane); checks the invariants at every step."""
    rng = random.Random(seed)
    g = SpadesTwoGame(first_deal=seed, dealer=seed % 2, rng=random.Random(seed))
    steps = 0
    while not g.game_over and g.hands_dealt <= hands:
        check_invariants(g)
        la = g.legal_actions()
        if g.phase is Phase.BIDDING:
            la = [a for a in la if a.value <= 5]
        a = rng.choice(la)
        if undo_every and steps % undo_every == 0:
            before = snapshot(g)
            g.apply(a)
            assert g.undo() == a
            assert snapshot(g) == before
        g.apply(a)
        steps += 1
    return g


def snapshot(g: SpadesTwoGame):
    return (g.history, g.phase, g.to_act, tuple(tuple(g.hand_of(s)) for s in (0, 1)),
            tuple(tuple(g.discards_of(s)) for s in (0, 1)), g.scores, g.bags, g.bids, g.tricks)


def check_invariants(g: SpadesTwoGame):
    if g.phase in (Phase.DRAW, Phase.BIDDING, Phase.PLAY):
        played = [c for t in g.tricks for c in t.cards] + list(g.current_trick.cards if g.current_trick else ())
        held = g.hand_of(0) + g.hand_of(1)
        disc = g.discards_of(0) + g.discards_of(1)
        pack_rest = list(g.pack[52 - g.pack_left:]) if g.pack else []
        everything = held + disc + played + pack_rest
        assert len(everything) == 52 and set(everything) == set(DECK)  # cards conserved
        if g.phase is not Phase.DRAW:
            assert len(disc) in (0, 26)  # 26 discarded (0 when the hands were given)
            assert len(held) + len(played) == 26
    for s in (0, 1):
        v = g.view(s)
        o = 1 - s
        hidden = set(g.hand_of(o)) | set(g.discards_of(o))
        shown = set(v.hand or ()) | set(v.discards) | set(v.known_pack) | ({v.draw_card} - {None})
        assert not shown & hidden, "a view shows the other player's cards or discards"
        assert v.discards == tuple(g.discards_of(s))
        assert v.draw_card == g.draw_card(s)
        for a in v.legal:
            assert a.seat == s and g.check(a).ok


@PROPS
@given(seed=st.integers(0, 2**31 - 1))
def test_property_two_player_games_conserve_cards_and_views_never_leak(seed):
    g = random_game(seed, hands=2, undo_every=7)
    # replay equality: the history rebuilds the same game
    h = SpadesTwoGame(first_deal=seed, dealer=seed % 2, auto_deal=False)
    for a in g.history:
        h.apply(a)
    assert snapshot(h) == snapshot(g)
    assert h.results == g.results
    c = g.copy()
    assert snapshot(c) == snapshot(g)


@PROPS
@given(seed=st.integers(0, 2**31 - 1))
def test_property_undo_to_the_deal_then_redo(seed):
    g = random_game(seed, hands=0)
    rng = random.Random(seed)
    while g.phase is not Phase.GAME_OVER and rng.random() < 0.97 and g.hands_dealt == 1:
        g.apply(rng.choice(g.legal_actions()))
    if g.hands_dealt != 1:
        return
    hist = g.history
    seen = [g.view(s) for s in (0, 1)]
    taken = []
    while True:
        a = g.undo()
        if a is None:
            break
        taken.append(a)
    assert g.history == hist[:1] and g.phase is Phase.DRAW
    for s in (0, 1):  # every card seen is still seen: own hand, discards and draw card
        v = g.view(s)
        before = set(seen[s].hand or ()) | set(seen[s].discards) | ({seen[s].draw_card} - {None})
        before |= {c for t in seen[s].tricks for c, p in zip(t.cards, t.seats) if p == s}
        now = set(v.known_pack) | ({v.draw_card} - {None})
        assert before <= now
    for a in reversed(taken):
        g.apply(a)
    assert g.history == hist


# ============================================================ records
def test_two_player_record_round_trip_and_replay():
    g = random_game(11, hands=2)
    rec = game_to_record(g)
    assert rec["seats"] == 2 and rec["game"] == "spades"
    assert rec["start"] == {"dealer": 1, "scores": [0, 0], "bags": [0, 0]}
    assert all("deal" in h and set(h["deal"]) == {"0", "1"} and all(len(v) == 13 for v in h["deal"].values())
               for h in rec["hands"])
    assert all("draw" not in a for h in rec["hands"] for a in h["actions"])
    text = json.dumps(rec)
    out, status, err = replay(json.loads(text))
    assert status == 0 and err is None
    done = [h for h in out["hands"] if "scores_after" in h]
    assert [h["scores_after"] for h in done] == [list(r.scores_after) for r in g.results]
    assert [h["bags_after"] for h in done] == [list(r.bags_after) for r in g.results]
    assert all("seat" in line for h in done for line in h["score_lines"])
    back = game_from_record(text, auto_deal=False)
    assert back.results == g.results and back.scores == g.scores


def test_two_player_record_with_deal_number_plays_the_standard_draw():
    g = SpadesTwoGame(first_deal=5, dealer=0)
    for d in standard_draw(g.pack, 0):
        g.apply(d)
    g.bid(1, 3)
    g.bid(0, 4)
    rec = game_to_record(g)
    assert rec["hands"] == [{"deal_number": 5, "actions": [{"seat": 1, "bid": 3}, {"seat": 0, "bid": 4}]}]
    out, status, _ = replay(rec)
    assert status == 0
    assert out["to_act"]["phase"] == "play" and out["to_act"]["seat"] == 1
    assert out["to_act"]["legal"] == [c.code for c in g.legal_plays(1)]
    rec["hands"][0]["actions"].insert(1, {"seat": 0, "bid": "blind_nil"})
    out, status, _ = replay(rec)
    assert status == 1 and out["stopped"]["reason"] == "BLIND_NIL_NOT_IN_THIS_GAME"
    assert out["stopped"]["rule"] == "SP-2P-1"
    bad = dict(rec, rules={"blind_nil": "never"})
    out, status, err = replay(bad)
    assert status == 2 and "blind_nil" in err
    assert spec_for("spades", 2).title == "Spades for two"


# ============================================================ computer players
def _bot_game(level: int, seed: int, max_hands: int | None = None, **budget):
    from engine.bots import make_player
    g = SpadesTwoGame(first_deal=seed, dealer=seed % 2, rng=random.Random(seed))
    players = [make_player(level, seed=seed * 2 + s) for s in (0, 1)]
    for p in players:
        for k, v in budget.items():
            setattr(p, k, v)
    kinds = set()
    while not g.game_over and (max_hands is None or g.hands_dealt <= max_hands):
        s = g.to_act
        view = g.view(s)
        a = players[s].choose(view)  # bots get views only
        assert a in view.legal, (level, seed, a)
        assert g.check(a).ok
        g.apply(a)
        kinds.add(type(a).__name__)
    return g, kinds


@pytest.mark.parametrize("level", [1, 2])
def test_bots_levels_1_2_play_legal_two_player_games_to_the_end(level):
    for seed in range(6):
        g, kinds = _bot_game(level, 1000 + seed)
        assert g.game_over and len(g.winners) == 1
        assert kinds == {"Draw", "Bid", "Play"}
        assert max(g.scores) >= 500 or min(g.scores) <= -500 or g.rules.loss_floor is not None


def test_bots_level_3_plays_legal_two_player_hands():
    for seed in range(2):
        g, kinds = _bot_game(3, 2000 + seed, max_hands=2, budget_ms=15, max_samples=12)
        assert kinds == {"Draw", "Bid", "Play"} and len(g.results) >= 2


def test_bot_draw_policies_and_two_player_bid_estimate():
    from engine.bots.advisor import advise_bid
    from engine.bots.two_player import advise_spades_two
    from engine.bots.two_player import card_worth, choose_draw, sample_two_hands
    g = game_with_pack(dealer=0)
    d, why = choose_draw(g.view(1), 1)
    assert d == Draw(1, True) and "K♠" in why  # level 1: a spade is kept
    d, _ = choose_draw(g.view(1), 2)
    assert d == Draw(1, True)  # K♠ is worth 0.94, far above an average unseen card
    g.draw(1, True)
    d, why = choose_draw(g.view(0), 2)  # 3♣ (0.09) is below average: discard it
    assert d == Draw(0, False) and "3♣" in why
    assert card_worth(C("AS"), []) == pytest.approx(0.97) and card_worth(C("3C"), []) == pytest.approx(0.09)
    # the estimate: A♠ K♠ Q♠ with nothing higher unseen are sure; no ace elsewhere
    hand = parse_cards("AS KS QS 2H 3H 4H 5H 6H 2D 3D 4D 2C 3C")
    adv = advise_spades_two(hand, parse_cards("JS TS 9S AH KH QH JH AD KD QD AC KC QC"))
    assert adv.sure == 3 and not adv.nil
    assert adv.bid == round(adv.total) and 3 <= adv.bid <= 6
    weak = parse_cards("2S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C")
    assert advise_spades_two(weak).nil
    # level 3's sampling: the opponent's cards come only from the 26 cards this player has not seen
    h = game_with_hands(dealer=0)
    v = h.view(1)
    opp = sample_two_hands(v, random.Random(1))[0]
    assert opp.bit_count() == 13 and not opp & Card.parse("AS").bit
    assert advise_bid(v).bid >= 1


# ============================================================ the example game
def test_example_two_player_game_replays_to_game_over():
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    path = root / "examples" / "spades_two_player_game.json"
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["game"] == "spades" and rec["seats"] == 2 and rec["rules"] == {}
    assert rec["start"] == {"dealer": 0, "scores": [0, 0], "bags": [0, 0]}
    proc = subprocess.run([sys.executable, "-m", "tutor.cli", "replay", str(path)], capture_output=True,
                          text=True, encoding="utf-8", cwd=root, timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["ok"] and out["game_over"] is True and out["winners"] == [1] and out["to_act"] is None
    assert len(out["hands"]) == 19
    last = out["hands"][-1]
    assert last["scores_after"] == [385, 571] and last["bags_after"] == [5, 1]
    assert [h["dealer"] for h in out["hands"]] == [k % 2 for k in range(19)]  # SP-2P-6
    for h in out["hands"]:
        assert sum(h["tricks_won"]) == 13 and all(len(t["cards"]) == 2 for t in h["tricks"])
        assert sum(l["points"] for l in h["score_lines"]) == sum(h["points"])
        assert {l["seat"] for l in h["score_lines"]} <= {0, 1}
    # both kinds of hand: kept cards written out, and deal numbers the engine draws again
    assert any("deal" in h for h in rec["hands"]) and any("deal_number" in h for h in rec["hands"])
    # the game loads and scores the same as the replay
    g = game_from_record(path.read_text(encoding="utf-8"), auto_deal=False)
    assert g.game_over and g.scores == [385, 571] and g.winners == (1,)


def test_review_covers_two_player_spades_with_the_exact_solver():
    """The review solves a two-player hand exactly (SP-13…SP-16, SP-2P-4): one
    decision per card of the seat, none gaining a trick, the costly ones those
    that lost one, and the hand's count splitting the 13 tricks."""
    from engine.review import review_hand
    g = random_game(3, hands=1)
    r = review_hand(game_to_record(g), 0, 1)
    assert r["hand"] == 1 and r["took"] == g.results[0].tricks_won[0]
    assert len(r["decisions"]) == 13 and {d["method"] for d in r["decisions"]} == {"exact"}
    second = [i for i, a in enumerate(g.history) if isinstance(a, Deal)][1]
    assert [d["card"] for d in r["decisions"]] == [a.card.code for a in g.history[:second]
                                                   if isinstance(a, Play) and a.seat == 0]
    assert all(d["after"] <= d["before"] for d in r["decisions"])
    assert r["costly"] == [d for d in r["decisions"] if d["after"] < d["before"]]
    assert r["double_dummy"]["method"] == "exact" and sum(r["double_dummy"]["tricks"]) == 13


def test_bad_two_player_deals_and_draws_are_refused_and_change_nothing():
    g = SpadesTwoGame(auto_deal=False)
    pack = fixed_pack()
    for bad in (Deal((), None, None, pack[:51]), Deal((), None, None, pack[:51] + (pack[0],)),
                Deal((tuple(SEAT0), tuple(SEAT1)), None, None, pack),
                Deal((tuple(SEAT0), tuple(SEAT1[:12]))), Deal((tuple(SEAT0),)),
                Deal((), C("2C"), None, pack)):
        with pytest.raises(InvalidInputError):
            g.deal(bad)
        assert g.phase is Phase.DEAL and g.history == ()
    g.deal(Deal((), None, None, pack))
    for keep in (1, None, "True"):
        with pytest.raises(InvalidInputError):
            g.apply(Draw(1, keep))
    assert g.history == (Deal((), None, None, pack),) and g.draw_card(1) == C("KS")
    v = g.check_play(1, "KS")
    assert (v.ok, v.reason.value, v.rule) == (False, "WRONG_PHASE", "SP-2P-2")


def test_example_two_player_game_is_what_the_script_makes():
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "scripts"))
    try:
        from make_spades_two_player_example import DESCRIPTION, layout, play
    finally:
        sys.path.remove(str(root / "scripts"))
    rec = game_to_record(play())
    rec = {"format": rec["format"], "description": DESCRIPTION, **{k: v for k, v in rec.items() if k != "format"}}
    assert layout(rec) == (root / "examples" / "spades_two_player_game.json").read_text(encoding="utf-8")
