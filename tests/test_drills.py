"""Headless tests of tutor.drills: follow suit, trick winner, bidding.

Every expectation about legality comes from the engine (``legal_plays``,
``check_play``, ``winning_offset``, ``hooked_bid``); the tests check that the
widgets pass the engine's decisions on unchanged, with reason codes and
rule ids (not message wording).
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter
from types import SimpleNamespace

import pytest

from engine import Bid, Card, Phase, Reason, Suit, parse_cards, winning_offset
from tutor.drills import (
    POSITION_KINDS, BiddingDrill, FollowSuitDrill, PositionStream, TrickSetup, TrickWinnerDrill,
    classify_position, count_likely_tricks,
)


# ----------------------------------------------------------------- helpers
def engine_legal(drill) -> list[str]:
    """The engine's legal list for the drill's position, asked directly."""
    return [c.code for c in drill.position.game.legal_plays(drill.position.seat)]


def go_to(drill, kind: str, limit: int = 60):
    """Skip positions until one of ``kind`` (Skip button)."""
    for _ in range(limit):
        if drill.position_kind == kind:
            return drill
        drill.next()
    raise AssertionError(f"no {kind} position in {limit} positions")


# ============================================================ follow suit
@pytest.mark.parametrize("game,must_trump", [("spades", False), ("oh_hell", False), ("oh_hell", True)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_first_positions_cover_every_kind(game, must_trump, seed):
    stream = PositionStream(game, must_trump=must_trump, seed=seed)
    kinds = POSITION_KINDS[game]
    seen = [stream.next() for _ in range(len(kinds))]
    assert sorted(p.kind for p in seen) == sorted(kinds)
    for p in seen:
        assert p.game.phase is Phase.PLAY and p.game.to_act == p.seat
        assert classify_position(p.game) == (p.kind, True)


def test_same_seed_same_positions():
    a, b = PositionStream("spades", seed=42), PositionStream("spades", seed=42)
    for _ in range(8):
        pa, pb = a.next(), b.next()
        assert (pa.deal_number, pa.seat, pa.kind, pa.plays) == (pb.deal_number, pb.seat, pb.kind, pb.plays)
        assert pa.game.hand_of(pa.seat) == pb.game.hand_of(pb.seat)


def test_sp14_follow_suit_illegal_click_shows_reason_rule_and_highlights_legal():
    d = go_to(FollowSuitDrill("spades", seed=3, debounce_s=0), "follow")
    assert d.hand.playable == [] and d.hand.highlighted == []  # nothing revealed before the click
    legal = engine_legal(d)
    wrong = next(c for c in d.hand.cards if c not in legal)
    assert d.click(wrong) is True
    v = d.last_verdict
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_FOLLOW_SUIT, "SP-14")
    assert d.feedback.kind == "error"
    assert "[SP-14]" in d.feedback.value
    assert d.hand.highlighted == legal
    assert d.hand.playable == []
    assert d.mistakes == Counter({"SP-14": 1})
    assert d.streak == 0


def test_sp13_spade_lead_before_broken_is_refused_and_other_suits_highlighted():
    d = go_to(FollowSuitDrill("spades", seed=5, debounce_s=0), "lead_unbroken")
    spade = next(c for c in d.hand.cards if c.endswith("S"))
    d.click(spade)
    v = d.last_verdict
    assert (v.reason, v.rule) == (Reason.SPADES_NOT_BROKEN, "SP-13")
    assert d.feedback.kind == "error" and "[SP-13]" in d.feedback.value
    assert d.hand.highlighted == [c for c in d.hand.cards if not c.endswith("S")] == engine_legal(d)
    assert d.mistakes == Counter({"SP-13": 1})


def test_sp15_spade_lead_after_broken_is_allowed():
    d = go_to(FollowSuitDrill("spades", seed=6, debounce_s=0), "lead_broken")
    assert d.position.game.spades_broken
    before = d.stream.count
    d.click(next(c for c in d.hand.cards if c.endswith("S")))
    assert (d.last_verdict.ok, d.last_verdict.rule) == (True, "SP-13")
    assert d.feedback.kind == "ok"
    assert d.streak == 1 and d.stream.count == before + 1


def test_sp13_all_spade_hand_every_card_is_legal():
    d = go_to(FollowSuitDrill("spades", seed=7, debounce_s=0), "all_spades")
    assert all(c.endswith("S") for c in d.hand.cards) and len(d.hand.cards) >= 2
    assert engine_legal(d) == d.hand.cards
    d.click(d.hand.cards[0])
    assert d.last_verdict.ok and d.feedback.kind == "ok"
    assert d.streak == 1


def test_oh9_void_in_suit_led_may_play_any_card():
    d = go_to(FollowSuitDrill("oh_hell", seed=8, debounce_s=0), "void")
    assert engine_legal(d) == d.hand.cards
    d.click(d.hand.cards[-1])
    assert (d.last_verdict.ok, d.last_verdict.rule) == (True, "OH-9")


def test_ohv6_must_trump_refuses_a_discard_and_highlights_trumps():
    d = go_to(FollowSuitDrill("oh_hell", must_trump=True, seed=9, debounce_s=0), "void")
    trump = d.position.game.trump.letter
    discard = next(c for c in d.hand.cards if c[1] != trump)
    d.click(discard)
    v = d.last_verdict
    assert (v.reason, v.rule) == (Reason.MUST_TRUMP, "OH-V6")
    assert d.feedback.kind == "error" and "[OH-V6]" in d.feedback.value
    assert d.hand.highlighted == [c for c in d.hand.cards if c[1] == trump] == engine_legal(d)
    d.click(d.hand.highlighted[0])
    assert (d.last_verdict.ok, d.last_verdict.rule) == (True, "OH-V6")
    assert d.streak == 0  # a position answered after a mistake does not extend the streak


def test_legal_click_advances_and_increases_streak():
    d = FollowSuitDrill("oh_hell", seed=11, players=5, debounce_s=0)
    for i in range(1, 6):
        before = d.stream.count
        d.click(engine_legal(d)[0])
        assert d.feedback.kind == "ok"
        assert d.stream.count == before + 1
        assert (d.streak, d.best_streak, d.positions_done) == (i, i, i)
        assert d.hand.highlighted == [] and d.hand.playable == []
    assert "Streak <b>5</b>" in d.stats.value


def test_double_click_on_a_legal_card_counts_once_auto_advance():
    d = FollowSuitDrill("spades", seed=12)  # default debounce: the second click is the tail of a double click
    card = engine_legal(d)[0]
    count = d.stream.count
    d.click(card)
    d.click(card)  # may or may not be in the new hand; either way nothing is counted
    if card in d.hand.cards:
        assert d.note.kind == "info"
    assert (d.streak, d.positions_done, d.stream.count) == (1, 1, count + 1)
    assert d.mistakes == Counter()


def test_double_click_manual_mode_shows_note_and_counts_once():
    d = FollowSuitDrill("spades", seed=13, auto_advance=False)
    card = engine_legal(d)[0]
    d.click(card)
    d.click(card)
    assert d.note.kind == "info" and "already answered" in d.note.text
    assert (d.streak, d.positions_done) == (1, 1)
    d.next()
    assert d.note.kind == "" and d.feedback.kind == ""
    assert d.stream.count == 2 and d.streak == 1


def test_repeated_illegal_click_is_not_counted_twice():
    d = go_to(FollowSuitDrill("spades", seed=14, debounce_s=0), "follow")
    wrong = next(c for c in d.hand.cards if c not in engine_legal(d))
    d.click(wrong)
    d.click(wrong)
    assert d.mistakes == Counter({"SP-14": 1})
    assert d.note.kind == "info"


def test_skip_ends_the_streak():
    d = FollowSuitDrill("spades", seed=15, debounce_s=0)
    d.click(engine_legal(d)[0])
    assert d.streak == 1
    d.next()
    assert d.streak == 0 and d.best_streak == 1


@pytest.mark.parametrize("game,must_trump,players", [("spades", False, 4), ("oh_hell", False, 3),
                                                     ("oh_hell", False, 7), ("oh_hell", True, 4)])
def test_drill_legal_set_equals_engine_legal_list_200_positions(game, must_trump, players):
    d = FollowSuitDrill(game, must_trump=must_trump, seed=100 + players, players=players, debounce_s=0)
    rng = random.Random(1)
    for _ in range(200):
        legal = engine_legal(d)
        assert d.legal_cards() == legal
        hand = list(d.hand.cards)
        assert hand == [c.code for c in d.position.game.hand_of(d.seat)]
        illegal = [c for c in hand if c not in legal]
        for c in illegal:  # every card the engine forbids is refused, with the engine's reason
            d.click(c)
            assert d.feedback.kind == "error" and d.last_verdict.rule in d.feedback.value
            assert d.hand.highlighted == legal
        n = d.stream.count
        d.click(rng.choice(legal))  # a card the engine allows is accepted
        assert d.last_verdict.ok and d.stream.count == n + 1


def test_exception_in_callback_is_shown_not_swallowed(monkeypatch):
    d = FollowSuitDrill("spades", seed=16, debounce_s=0)

    def boom(*a, **k):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(d.position.game, "check_play", boom)
    d.click(d.hand.cards[0])
    assert d.feedback.kind == "bug" and "engine exploded" in d.feedback.text
    assert d.streak == 0 and d.positions_done == 0


def test_spades_drill_rejects_bad_configuration():
    with pytest.raises(ValueError):
        FollowSuitDrill("spades", must_trump=True)
    with pytest.raises(ValueError):
        FollowSuitDrill("spades", players=5)


# ============================================================ trick winner
def test_sp16_oh10_trick_winner_answers_equal_winning_offset():
    d = TrickWinnerDrill(seed=21, debounce_s=0)
    seen_trumps = set()
    for _ in range(300):
        s = d.setup
        seen_trumps.add(s.trump)
        cards = [Card.parse(c) for c in d.table.cards]
        assert cards == s.cards and len(cards) == 4
        win = cards[winning_offset(cards, s.trump)].code
        assert d.winning_card() == win
        for c in d.table.cards:
            if c != win:
                d.click(c)
                assert d.feedback.kind == "error" and "OH-10" in d.feedback.text
                assert d.table.highlighted == [win]
                break
        n = d.count
        d.click(win)
        assert d.last_correct is True and d.count == n + 1
    assert seen_trumps == {Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None}


def test_sp16_highest_spade_wins_and_off_suit_never_wins():
    d = TrickWinnerDrill("spades", seed=1, debounce_s=0)
    d._load(TrickSetup(parse_cards("4H KH AC 2S"), 0, Suit.SPADES, 4))
    assert d.winning_card() == "2S"
    d.click("AC")
    assert d.feedback.kind == "error" and "SP-16" in d.feedback.text
    assert "A♣ cannot win" in d.feedback.text and d.mistakes == Counter({"SP-16": 1})
    d.click("KH")
    assert "trump beats every card of the suit led" in d.feedback.text
    assert d.mistakes == Counter({"SP-16": 2})
    d.click("2S")
    assert d.feedback.kind == "ok" and d.streak == 0  # not at the first try


def test_oh10_no_trump_highest_of_suit_led_wins():
    d = TrickWinnerDrill(trump=None, players=5, seed=2, debounce_s=0)
    assert d.setup.trump is None and len(d.setup.cards) == 5
    d._load(TrickSetup(parse_cards("9H AC 3H 2S 8H"), 2, None, 5))
    d.click("9H")
    assert d.feedback.kind == "ok" and "OH-10" in d.feedback.text
    assert d.streak == 1


@pytest.mark.parametrize("players", [3, 7])
def test_trick_winner_card_count_follows_players(players):
    d = TrickWinnerDrill(players=players, trump="H", seed=3)
    assert len(d.table.cards) == players and d.setup.trump is Suit.HEARTS


def test_trick_winner_double_click_counts_once():
    d = TrickWinnerDrill(seed=4)
    win = d.winning_card()
    d.click(win)
    d.click(win)
    assert d.streak == 1 and d.count == 2
    m = TrickWinnerDrill(seed=4, auto_advance=False)
    m.click(m.winning_card())
    m.click(m.winning_card())
    assert m.streak == 1 and m.note.kind == "info"


# ============================================================ bidding
def hooked_drill(start_seed: int = 0) -> BiddingDrill:
    for seed in range(start_seed, start_seed + 50):
        d = BiddingDrill("oh_hell", seed=seed, hook=True, hand_size=5)
        if d.game.hooked_bid() is not None:
            return d
    raise AssertionError("no hooked position")


def test_ohv4_hooked_bid_is_refused_then_a_legal_bid_is_accepted_and_played_out():
    d = hooked_drill()
    g = d.game
    assert g.dealer == d.seat  # the learner is the dealer and bids last (OH-V4)
    assert sum(b is not None for b in g.bids) == 3
    forbidden = g.hooked_bid()
    d.bid(forbidden)
    v = d.last_verdict
    assert (v.ok, v.reason, v.rule) == (False, Reason.HOOK, "OH-V4")
    assert d.feedback.kind == "error" and "[OH-V4]" in d.feedback.value
    assert d.learner_bid is None and d.mistakes == Counter({"OH-V4": 1})
    legal = [b.value for b in g.legal_bids(d.seat)]
    assert forbidden not in legal
    d.bid(legal[0])
    assert d.last_verdict.ok and d.feedback.kind == "ok"
    assert d.learner_bid == legal[0] and g.bids[d.seat] == legal[0]
    assert "Suggested bid" in d.advice_html.value
    assert d.play_button.disabled is False
    d.play_it_out()
    assert g.phase is Phase.GAME_OVER
    r = g.results[-1]
    assert sum(r.tricks_won) == 5
    assert d.outcome["tricks"] == r.tricks_won[d.seat]
    assert d.outcome["points"] == g.scores[d.seat] == r.points[d.seat]
    assert "You bid" in d.result_html.value


def test_sp6_out_of_range_bid_refused_then_spades_hand_played_out():
    d = BiddingDrill("spades", seed=3)
    d.bid(14)
    assert (d.last_verdict.reason, d.last_verdict.rule) == (Reason.BID_OUT_OF_RANGE, "SP-6")
    assert d.feedback.kind == "error"
    d.bid(3)
    assert d.last_verdict.ok and d.game.bids[2] == 3
    assert all(b is not None for b in d.game.bids)  # everyone has bid
    d.play_it_out()
    g = d.game
    r = g.results[-1]
    assert g.phase is Phase.DEAL and sum(r.tricks_won) == 13
    assert d.outcome["tricks"] == r.tricks_won[2]
    assert d.outcome["side_tricks"] == r.tricks_won[0] + r.tricks_won[2]
    assert d.outcome["points"] == r.points[0] == g.scores[0]


def test_bid_and_play_it_out_twice_show_notes_and_do_nothing():
    d = BiddingDrill("spades", seed=4)
    d.play_it_out()
    assert d.note.kind == "info" and d.outcome is None
    d.bid(2)
    d.bid(5)
    assert d.note.kind == "info" and d.game.bids[2] == 2
    d.play_it_out()
    results = len(d.game.results)
    d.play_it_out()
    assert d.note.kind == "info" and len(d.game.results) == results == 1
    d.new_hand()
    assert d.learner_bid is None and d.game.phase is Phase.BIDDING and d.game.to_act == d.seat


@pytest.mark.parametrize("position", [1, 2, 3, 4])
def test_earlier_bids_are_made_and_shown(position):
    d = BiddingDrill("oh_hell", seed=5, hand_size=4, dealer_position=position)
    g = d.game
    assert g.to_act == d.seat
    assert sum(b is not None for b in g.bids) == position - 1
    assert d.bids_html.value.count("—") == 4 - (position - 1)


def test_fallback_count_when_advisor_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "engine.bots.advisor", None)  # import now raises ImportError
    d = BiddingDrill("spades", seed=6)
    assert d.advice.source == "count"
    d.bid(d.advice.bid)
    assert "simple trick count" in d.advice_html.value


def test_count_likely_tricks_exact():
    hand = tuple(parse_cards("AS KS 4S 3S AH 7H 2H KD 9D 3D 8C 5C 2C"))
    view = SimpleNamespace(hand=hand, trump=Suit.SPADES, game="spades",
                           legal=tuple(Bid(2, v) for v in range(14)))
    a = count_likely_tricks(view)
    # A♠ 1, K♠ 1, the 4th spade 1, A♥ 1, guarded K♦ ½ = 4.5 → 4 (halves round down)
    assert a.bid == 4
    assert len(a.lines) == 6 and a.lines[-1] == "Total: about 4.5 likely tricks → 4."


def test_count_likely_tricks_respects_the_hook():
    hand = tuple(parse_cards("AH KH 2C"))
    view = SimpleNamespace(hand=hand, trump=Suit.HEARTS, game="oh_hell",
                           legal=(Bid(0, 0), Bid(0, 1), Bid(0, 3)))
    a = count_likely_tricks(view)
    assert a.bid in (1, 3) and "OH-V4" in a.lines[-1]


# ============================================================ speed (printed, not asserted)
def test_measure_click_to_feedback_time(capsys):
    d = FollowSuitDrill("spades", seed=31, debounce_s=0)
    wrong_times, right_times = [], []
    for _ in range(60):
        illegal = [c for c in d.hand.cards if c not in d.legal_cards()]
        if illegal:
            t = time.perf_counter()
            d.click(illegal[0])
            wrong_times.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        d.click(d.legal_cards()[0])  # includes generating and drawing the next position
        right_times.append((time.perf_counter() - t) * 1000)
    tw = TrickWinnerDrill(seed=31, debounce_s=0)
    tw_times = []
    for _ in range(60):
        t = time.perf_counter()
        tw.click(tw.winning_card())
        tw_times.append((time.perf_counter() - t) * 1000)

    def stats(xs):
        xs = sorted(xs)
        return f"median {xs[len(xs) // 2]:.2f} ms, max {xs[-1]:.2f} ms (n={len(xs)})"

    with capsys.disabled():
        print(f"\n[speed] follow-suit illegal click -> feedback: {stats(wrong_times)}")
        print(f"[speed] follow-suit legal click -> feedback + next position: {stats(right_times)}")
        print(f"[speed] trick-winner click -> feedback + next trick: {stats(tw_times)}")
