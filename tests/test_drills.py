"""Headless tests of tutor.drills: follow suit, trick winner, bidding.

Every expectation about legality comes from the engine (``legal_plays``,
``check_play``, ``winning_offset``, ``hooked_bid``); the tests check that the
widgets pass the engine's decisions on unchanged, with reason codes and
rule ids (not message wording).
"""
from __future__ import annotations

import html
import random
import time
from collections import Counter

import pytest

from engine import Card, Phase, Reason, SpadesGame, Suit, parse_cards, winning_offset
from engine.bots.advisor import advise_bid
from tutor.drills import (
    FREE_KINDS, BiddingDrill, FollowSuitDrill, PositionStream, TrickSetup, TrickWinnerDrill, classify_position,
    count_likely_tricks, follow_setup,
)
from tutor.drills.bidding import BIDDING_GAMES
from tutor.drills.shared import for_game


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
CONFIGS = [("spades", False), ("oh_hell", False), ("oh_hell", True)]


@pytest.mark.parametrize("game,must_trump", CONFIGS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_first_cycle_is_the_cycle_of_kinds_each_tagged_with_its_rule(game, must_trump, seed):
    stream = PositionStream(game, must_trump=must_trump, seed=seed)
    setup = follow_setup(game, must_trump)
    seen = [stream.next() for _ in range(len(setup.cycle))]
    assert sorted(p.kind for p in seen) == sorted(setup.cycle)
    assert set(setup.cycle) == set(setup.kinds)
    for p in seen:
        assert p.game.phase is Phase.PLAY and p.game.to_act == p.seat
        assert classify_position(p.game) == p.kind
        assert p.rule == setup.rules[p.kind]


@pytest.mark.parametrize("game,must_trump", CONFIGS)
def test_follow_suit_mix_over_500_seeds_every_position_a_choice_most_with_an_illegal_card(game, must_trump):
    """The issue's measure: every position holds a choice among legal cards;
    at least 75% hold an illegal card too; the all-legal ones are voids in
    the suit led (freedom is the lesson); early tricks come up as well."""
    positions = with_illegal = early = 0
    rules = Counter()
    for seed in range(500):
        stream = PositionStream(game, must_trump=must_trump, seed=seed)
        for _ in range(3):
            p = stream.next()
            g = p.game
            hand = g.hand_of(p.seat)
            legal = g.legal_plays(p.seat)
            assert len(legal) >= 2, (seed, p.kind)  # a real choice
            positions += 1
            rules[p.rule] += 1
            if len(legal) < len(hand):
                with_illegal += 1
                assert p.kind not in FREE_KINDS
            else:
                assert p.kind in FREE_KINDS
                led = g.current_trick.cards[0].suit
                assert not any(c.suit == led for c in hand)  # void in the suit led
            early += p.trick <= max(1, g.view(p.seat).hand_size // 3)
    assert with_illegal / positions >= 0.75
    assert early / positions >= 0.25  # not only endgames
    assert set(rules) == set(follow_setup(game, must_trump).rules.values())


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


def test_sp15_void_may_trump_and_break_spades_and_the_feedback_says_any_card_was_allowed():
    d = go_to(FollowSuitDrill("spades", seed=6, debounce_s=0), "void")
    g = d.position.game
    assert not g.spades_broken and engine_legal(d) == d.hand.cards
    assert d.position.rule == "SP-15"
    before = d.stream.count
    d.click(next(c for c in d.hand.cards if c.endswith("S")))
    assert d.last_verdict.ok and d.stream.count == before + 1
    assert d.last.kind == "ok" and "Any card was allowed" in d.last.text and "SP-15" in d.last.text
    assert d.streak == 1


def test_oh9_void_in_suit_led_may_play_any_card():
    d = go_to(FollowSuitDrill("oh_hell", seed=8, debounce_s=0), "void")
    assert engine_legal(d) == d.hand.cards
    trump = d.position.game.trump
    assert any(c[1] == trump.letter for c in d.hand.cards)  # a trump is held, and need not be played
    d.click(d.hand.cards[-1])
    assert (d.last_verdict.ok, d.last_verdict.rule) == (True, "OH-9")
    assert "Any card was allowed" in d.last.text and "need not" in d.last.text


def test_ohv6_must_trump_refuses_a_discard_and_highlights_trumps():
    d = go_to(FollowSuitDrill("oh_hell", must_trump=True, seed=9, debounce_s=0), "must_trump")
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
        assert d.feedback.kind == "" and d.last.kind == "ok"  # the new position starts clean
        assert d.last.text.startswith("Previous position (")
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


def test_old_feedback_clears_when_a_new_position_appears():
    d = go_to(FollowSuitDrill("spades", seed=17, debounce_s=0), "follow")
    d.click(next(c for c in d.hand.cards if c not in engine_legal(d)))
    assert d.feedback.kind == "error"
    d.click(engine_legal(d)[0])
    assert d.feedback.kind == "" and d.note.kind == "" and d.hand.highlighted == []
    assert d.last.kind == "ok" and "SP-14" in d.last.text
    d.click(next(c for c in d.hand.cards if c not in engine_legal(d)) if d.position.kind not in FREE_KINDS
            else d.hand.cards[0])
    d.next()
    assert d.feedback.kind == "" and d.last.kind == ""


def test_the_cards_on_the_table_are_full_size_and_a_click_on_them_explains():
    d = go_to(FollowSuitDrill("spades", seed=19, debounce_s=0), "follow")
    assert d.table.disabled is False and d.table.size != "small"
    led = d.table.cards[0]
    assert d.table.label.startswith("On the table: ") and Card.parse(led).display in d.table.label
    d.table.simulate_click(led)
    assert d.note.kind == "info" and "click a card in your hand" in d.note.text
    assert d.mistakes == Counter() and d.positions_done == 0


@pytest.mark.parametrize("game,must_trump", CONFIGS)
def test_a_missed_rule_comes_back_after_the_next_position(game, must_trump):
    d = FollowSuitDrill(game, must_trump=must_trump, seed=18, debounce_s=0)
    for _ in range(10):
        if d.position.kind in FREE_KINDS:
            d.click(engine_legal(d)[0])
            continue
        missed = d.position.kind
        d.click(next(c for c in d.hand.cards if c not in engine_legal(d)))
        assert d.mistakes[d.position.rule] == 1
        d.click(engine_legal(d)[0])
        d.click(engine_legal(d)[0])  # the next position, from the cycle
        assert d.position.kind == missed  # then the missed kind again
        return
    raise AssertionError("no position with an illegal card in 10")


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
    assert d.last.kind == "ok" and d.streak == 0  # not at the first try
    assert d.feedback.kind == ""  # the next trick starts clean


def test_oh10_no_trump_highest_of_suit_led_wins():
    d = TrickWinnerDrill(trump=None, players=5, seed=2, debounce_s=0)
    assert d.setup.trump is None and len(d.setup.cards) == 5
    d._load(TrickSetup(parse_cards("9H AC 3H 2S 8H"), 2, None, 5))
    assert "No trump" in d.info.value and "OH-7" in d.info.value
    d.click("9H")
    assert d.last.kind == "ok" and "OH-10" in d.last.text
    assert d.streak == 1


def test_trick_winner_shows_who_played_each_card_in_order_and_the_trump():
    d = TrickWinnerDrill("spades", seed=5, debounce_s=0)
    d._load(TrickSetup(parse_cards("4H KH AC 2S"), 3, Suit.SPADES, 4))  # West leads
    assert d.play_order() == [("West", "4H"), ("North", "KH"), ("East", "AC"), ("South", "2S")]
    text = d.info.value
    positions = [text.index(w) for w in ("West</b> led", "North</b> played", "East</b> played", "South</b> played")]
    assert positions == sorted(positions)
    assert "Trump: ♠ spades" in text
    o = TrickWinnerDrill("oh_hell", trump="H", players=5, seed=5)
    o._load(TrickSetup(parse_cards("9C AC 3H 2S 8C"), 1, Suit.HEARTS, 5))
    names = [n for n, _ in o.play_order()]
    assert len(set(names)) == 5 and not any(n.startswith("seat") for n in names)
    assert "Trump: ♥ hearts" in o.info.value and o.info.value.index(names[0]) < o.info.value.index(names[1])


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
    assert d.advice.bid != forbidden  # the advisor never suggests the hooked bid
    assert d.comparison.startswith(f"You bid {legal[0]}")
    assert html.escape(d.comparison) in d.advice_html.value
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


def test_bid_box_starts_empty_and_an_empty_or_bad_bid_is_not_a_nil():
    d = BiddingDrill("spades", seed=6)
    assert d.bid_box.value == ""  # 0 would already be a bid: Nil (SP-8)
    d.bid(None)
    assert d.note.kind == "info" and "Type your bid" in d.note.text and d.learner_bid is None
    d.bid("three")
    assert d.note.kind == "info" and d.learner_bid is None and d.game.bids[d.seat] is None
    d.bid(0)
    assert d.learner_bid == 0 and d.game.bids[d.seat] == "nil"
    d.new_hand()
    assert d.bid_box.value == "" and d.bid_box.disabled is False


def test_a_new_error_replaces_an_old_note_and_a_new_note_an_old_refusal():
    """One message about the learner's latest try: "“abc” is not a number of
    tricks" does not stay beside the refusal of the bid typed next (SP-6),
    nor that refusal beside the next note."""
    d = BiddingDrill("spades", seed=6)
    d.bid("abc")
    assert d.note.kind == "info" and d.note.text.startswith("“abc” is not a number of tricks")
    d.bid(14)  # more than 13 tricks: refused by the engine (SP-6)
    assert d.feedback.kind == "error" and d.last_verdict.rule == "SP-6"
    assert d.note.text == "" and d.note.value == ""
    d.bid("xyz")
    assert d.note.text.startswith("“xyz” is not a number of tricks")
    assert d.feedback.text == "" and d.feedback.value == ""
    d.bid(None)
    assert d.note.text.startswith("Type your bid first") and d.feedback.text == ""
    assert d.learner_bid is None and d.mistakes["SP-6"] == 1


def test_the_bid_is_compared_with_the_advisors_suggestion_in_words():
    """Whole sentences: the advisor's lines are listed under their title, never
    glued into the sentence as fragments ("because A♥: but the suit is long")."""
    d = BiddingDrill("spades", seed=3)
    assert d.advice.bid == 5
    d.bid(3)
    total = f"{d.advice.total:.1f}"
    assert d.comparison == (f"You bid 3; the advisor suggests 5: its count of this hand comes to about {total} "
                            f"tricks. {for_game(BIDDING_GAMES, 'spades').risks['under']}")  # fewer than likely: bags (SP-17, SP-20)
    assert "because" not in d.comparison and d.advice.reasons[0] not in d.comparison
    assert "What counts most in the advisor&#x27;s count:" in d.advice_html.value
    assert all(f"<li>{html.escape(r)}</li>" in d.advice_html.value for r in d.advice.reasons)
    e = BiddingDrill("spades", seed=3)
    e.bid(5)
    assert e.comparison == (f"You bid 5, and the advisor suggests 5 too: its count of this hand comes to about "
                            f"{total} tricks.")
    o = BiddingDrill("oh_hell", seed=4, hand_size=5)
    o.bid(next(v for v in range(6) if v != o.advice.bid and o.game.check_bid(o.seat, v).ok))
    assert "the advisor suggests" in o.comparison and "OH-11" in o.comparison


@pytest.mark.parametrize("game", ["spades", "oh_hell"])
def test_count_likely_tricks_is_the_advisor(game):
    """One bid estimator: the drill's count is engine.bots.advisor's."""
    for seed in range(20):
        d = BiddingDrill(game, seed=seed, hand_size=6 if game == "oh_hell" else None)
        a, b = count_likely_tricks(d.bid_view), advise_bid(d.bid_view)
        assert a.bid == (0 if b.nil else b.bid) and a.total == pytest.approx(b.total)
        assert len(a.lines) == len(b.lines) and a.source == "advisor"
        assert d.advice == a


def test_count_likely_tricks_needs_a_hand_it_can_see():
    g = SpadesGame(dealer=0, auto_deal=False)
    g.deal(7)
    with pytest.raises(ValueError, match="look at the cards"):
        count_likely_tricks(g.view(g.to_act))  # not looked: only Blind Nil advice (SP-10)


def test_count_likely_tricks_respects_the_hook():
    for seed in range(60):
        d = BiddingDrill("oh_hell", seed=seed, hook=True, hand_size=4)
        if d.game.hooked_bid() is not None:
            assert d.advice.bid != d.game.hooked_bid()
            assert d.game.check_bid(d.seat, d.advice.bid).ok


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
