"""Headless tests of tutor.table.GameTable (no browser).

The learner's actions go through the table's headless API; every rule
decision is checked against the engine (reason code and rule id, never the
wording).  Computer players are level 1 here unless a test says otherwise,
so that whole games stay fast and reproducible.
"""
from __future__ import annotations

import base64
import dataclasses
import json
import random

import pytest

from engine import (Card, Look, OhHellGame, OhHellRules, Phase, Play, Reason, SeatView, SpadesGame,
                    SpadesRules)
from engine.bots import make_player
from engine.record import game_to_record
from tutor.cards import FULL_DECK, CardHand
from tutor.common import Feedback
from tutor.session import LOAD_REFUSED
from tutor.table import GameTable, new_oh_hell_table, new_spades_table, resolve_level

SOUTH = 2


# ------------------------------------------------------------------ helpers
def legal_codes(game, seat):
    return [c.code for c in game.legal_plays(seat)]


def learner_step(t: GameTable, rng: random.Random, check_feedback: bool = True) -> None:
    """The learner takes one legal decision through the table API (checking
    that the widget offers exactly the engine's legal cards)."""
    g, me = t.game, t.learner_seat
    if g.phase is Phase.DEAL:
        t.click_next_hand()
        assert g.phase is not Phase.DEAL or g.game_over
        return
    assert me in g.seats_to_act, (g.phase, g.seats_to_act)
    if g.phase is Phase.BIDDING:
        if g.view(me).hand is None:
            t.look()
        bids = [b.value for b in g.legal_bids(me) if not b.blind]
        if g.GAME == "spades":  # sensible bids, so that games end
            bids = [v for v in bids if 2 <= v <= 4]
        t.click_bid(rng.choice(bids))
        assert t.last_verdict.ok
        assert t.feedback.kind == "ok" or not check_feedback, t.feedback.text
    elif g.phase is Phase.EXCHANGE:
        t.select_pass(rng.sample(list(t.hand_widget.cards), 3))
        t.click_pass()
        assert t.feedback.kind == "ok" or not check_feedback, t.feedback.text
    else:
        legal = legal_codes(g, me)
        assert t.hand_widget.playable == legal
        assert sorted(t.hand_widget.cards) == sorted(c.code for c in g.hand_of(me))
        n = len(g.history)
        t.click_card(rng.choice(legal))
        assert t.last_verdict.ok
        assert t.feedback.kind == "ok" or not check_feedback, t.feedback.text
        assert len(g.history) > n


def play_to_end(t: GameTable, seed: int, max_steps: int = 5000) -> int:
    rng = random.Random(seed)
    steps = 0
    while not t.game.game_over:
        learner_step(t, rng)
        steps += 1
        assert steps < max_steps
    return steps


def find_position(make_table, want, seeds=range(1, 200)):
    """First seeded table (and position) where ``want(table)`` holds at a
    learner decision, reached by the learner playing seeded legal actions."""
    for seed in seeds:
        t = make_table(seed)
        rng = random.Random(seed)
        for _ in range(60):
            if t.game.game_over:
                break
            if t.game.phase is not Phase.DEAL and want(t):
                return t
            learner_step(t, rng)
    raise AssertionError("no position found")


def spades(seed, **kw):
    kw.setdefault("level", 1)
    return new_spades_table(deal_number=seed, **kw)


# ------------------------------------------------------------------ construction
def test_table_parts_and_defaults():
    t = spades(11)
    assert isinstance(t.feedback, Feedback)
    assert isinstance(t.hand_widget, CardHand)
    assert t.learner_seat == SOUTH
    assert isinstance(t.game, SpadesGame)
    assert t.game.auto_deal is False
    assert t.game.first_deal == 11
    assert t.level == 1
    # computers acted until South's bid (North dealt: East, then South)
    assert t.game.to_act == SOUTH
    assert t.game.phase is Phase.BIDDING
    assert t.status_text == "Your turn to bid. Bid Blind Nil now, or look at your cards first (SP-10)."


def test_resolve_level_falls_back_to_an_available_level():
    lv = resolve_level(2)
    assert lv in (1, 2)
    assert make_player(lv, 0).level == lv
    assert resolve_level(1) == 1


def test_learner_seat_must_be_a_seat_of_the_game():
    with pytest.raises(ValueError):
        GameTable.for_game(OhHellGame(OhHellRules(players=3), first_deal=1), learner_seat=3)


def test_same_deal_number_gives_the_same_game():
    a, b = spades(4242), spades(4242)
    assert a.game.history == b.game.history
    a.look(), b.look()
    assert a.hand_widget.cards == b.hand_widget.cards
    c = spades(4243)
    c.look()
    assert c.hand_widget.cards != a.hand_widget.cards


# ------------------------------------------------------------------ illegal and legal clicks
def _must_follow_with_choice(t):
    g, me = t.game, t.learner_seat
    if g.phase is not Phase.PLAY or g.to_act != me:
        return False
    trick = g.current_trick
    return bool(trick.cards) and len(legal_codes(g, me)) < len(g.hand_of(me))


def test_sp14_illegal_click_shows_reason_rule_and_highlights_legal_cards():
    t = find_position(spades, _must_follow_with_choice)
    g, me = t.game, SOUTH
    legal = legal_codes(g, me)
    illegal = next(c.code for c in g.hand_of(me) if c.code not in legal)
    before = g.history
    t.click_card(illegal)
    v = t.last_verdict
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_FOLLOW_SUIT, "SP-14")
    assert t.feedback.kind == "error"
    # the rule id appears once: as the badge, not also in the text
    assert t.feedback.text == "Not allowed: " + g.check_play(me, illegal).message.replace(" (SP-14)", "")
    assert "(SP-14)" not in t.feedback.text
    assert t.feedback.value.count("SP-14") == 1 and "[SP-14]" in t.feedback.value
    assert t.hand_widget.highlighted == legal
    assert t.hand_widget.playable == legal
    assert g.history == before  # nothing happened


def _leading_with_spades_unbroken(t):
    g, me = t.game, t.learner_seat
    if g.phase is not Phase.PLAY or g.to_act != me or g.current_trick.cards or g.spades_broken:
        return False
    hand = g.hand_of(me)
    return any(c.suit.letter == "S" for c in hand) and any(c.suit.letter != "S" for c in hand)


def test_sp13_spade_lead_before_broken_is_refused_with_rule_id():
    # East deals, so South leads the first trick (SP-12)
    t = find_position(lambda s: spades(s, dealer=1), _leading_with_spades_unbroken)
    g = t.game
    spade = next(c.code for c in g.hand_of(SOUTH) if c.suit.letter == "S")
    t.click_card(spade)
    assert (t.last_verdict.reason, t.last_verdict.rule) == (Reason.SPADES_NOT_BROKEN, "SP-13")
    assert t.hand_widget.highlighted == legal_codes(g, SOUTH)
    assert all(not c.endswith("S") for c in t.hand_widget.highlighted)


def test_sp12_legal_click_plays_and_computers_continue_to_the_learners_turn():
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH)
    g = t.game
    card = legal_codes(g, SOUTH)[0]
    n = len(g.history)
    t.click_card(card)
    assert t.last_verdict.ok
    assert t.feedback.kind == "ok"
    assert t.feedback.text.startswith("You played ")
    assert g.history[n] == Play(SOUTH, g.history[n].card) and g.history[n].card.code == card
    assert card not in t.hand_widget.cards
    # the three others have played since (at least), and it is South's turn again
    assert len(g.history) >= n + 4
    assert all(isinstance(a, Play) for a in g.history[n:])
    assert g.to_act == SOUTH or g.phase is Phase.DEAL
    assert t.hand_widget.playable == legal_codes(g, SOUTH)


def test_show_legal_toggle_off_marks_nothing():
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH)
    t._show_legal.value = False
    assert t.hand_widget.playable == []
    t._show_legal.value = True
    assert t.hand_widget.playable == legal_codes(t.game, SOUTH)


@pytest.mark.parametrize("make", [
    lambda s: spades(s),
    lambda s: new_oh_hell_table(OhHellRules(players=5, must_trump=True, hand_sizes=(4, 6)), deal_number=s, level=1),
    lambda s: new_oh_hell_table(OhHellRules(players=3, hand_sizes=(7, 8)), deal_number=s, level=1),
])
def test_playable_cards_equal_the_engines_legal_list_at_every_learner_decision(make):
    for seed in (1, 2, 3):
        t = make(seed)
        rng = random.Random(seed)
        decisions = 0
        for _ in range(40):
            g = t.game
            if g.phase is Phase.PLAY and g.to_act == t.learner_seat:
                assert t.hand_widget.playable == legal_codes(g, t.learner_seat)
                assert t.hand_widget.face_down is False
                decisions += 1
            if g.game_over:
                break
            learner_step(t, rng)
        assert decisions >= 5


# ------------------------------------------------------------------ whole games
def test_sp22_whole_spades_game_to_150_through_the_table():
    t = spades(2024, target_score=150, level=2)
    play_to_end(t, seed=7)
    g = t.game
    assert g.phase is Phase.GAME_OVER
    assert g.winners in ((0, 2), (1, 3))
    side = g.winners[0] % 2
    assert g.scores[side] >= 150 and g.scores[side] > g.scores[1 - side]
    assert t.status_text.startswith("Game over: ")
    assert t.status_text.endswith("(SP-22).")
    assert "Game over" in t._result_html.value
    assert len(g.results) >= 1
    # clicks after the game is over change nothing and raise nothing
    rec = game_to_record(g)
    t.click_card("AS")
    assert t.feedback.kind == "info" and "game is over" in t.feedback.text
    t.click_bid(3)
    t.click_next_hand()
    t.click_pass()
    assert game_to_record(g) == rec
    assert t.feedback.kind == "info"
    # a finished game is nothing to lose: New game starts at once, without a question
    t.new_game(5)
    assert t.new_game_question == "" and t.game is not g and t.game.first_deal == 5


def test_oh11_whole_oh_hell_game_three_players_with_hook():
    rules = OhHellRules(players=3, hand_sizes=(1, 2, 3), hook=True)
    t = new_oh_hell_table(rules, deal_number=34, level=1)
    g = t.game
    # hand 1: seat 0 deals, so the learner bids last; the others bid 0 and 0 on 1 card (OH-V4)
    assert g.dealer == 0 and g.to_act == 0
    assert g.bids == (None, 0, 0)
    forbidden = g.hooked_bid()
    assert forbidden == 1
    t.click_bid(forbidden)
    assert (t.last_verdict.reason, t.last_verdict.rule) == (Reason.HOOK, "OH-V4")
    assert t.feedback.kind == "error"
    assert g.phase is Phase.BIDDING and g.bids[0] is None
    assert t._bid_buttons[forbidden].button_style == "danger"
    hands = 0
    rng = random.Random(5)
    while not g.game_over:
        if g.phase is Phase.DEAL:
            hands += 1
            assert t.status_text == f"Hand {hands} is over. Press “Next hand” to deal hand {hands + 1}."
        learner_step(t, rng)
    assert len(g.results) == 3
    assert [r.hand_size for r in g.results] == [1, 2, 3]
    assert [r.trump is None for r in g.results] == [False, False, True]  # OH-7: last hand no trump
    assert sum(g.results[i].bids[g.results[i].dealer] is not None for i in range(3)) == 3
    for r in g.results:  # the hook held in every hand
        assert sum(r.bids) != r.hand_size
    top = max(g.scores)
    assert g.winners == tuple(s for s in range(3) if g.scores[s] == top)
    assert t.status_text.startswith("Game over: ") and t.status_text.endswith("(OH-12).")


def test_ohv5_simultaneous_bidding_hides_sealed_bids_until_revealed():
    rules = OhHellRules(players=4, hand_sizes=(2, 3), simultaneous_bidding=True)
    t = new_oh_hell_table(rules, deal_number=77, level=1)
    g = t.game
    assert g.phase is Phase.BIDDING and g.seats_to_act == (0,)  # computers chose first
    assert t.game.view(0).bids == (None, None, None, None)
    assert t._table_html.value.count("sealed") == 3
    t.click_bid(1)
    assert g.phase is Phase.PLAY
    assert t.game.view(0).bids[0] == 1 and None not in t.game.view(0).bids
    assert "sealed" not in t._table_html.value
    play_to_end(t, seed=3)
    assert len(g.results) == 2


# ------------------------------------------------------------------ Blind Nil and the exchange
def test_sp10_blind_nil_offered_before_the_cards_are_shown_then_exchange():
    t = spades(99)
    g = t.game
    h = t.hand_widget
    assert g.to_act == SOUTH and not g.has_looked(SOUTH)
    # face down, and the widget holds placeholders, not South's real cards
    assert h.face_down is True
    assert h.cards == list(FULL_DECK[:13])
    assert t._blind_btn.layout.display != "none" and t._look_btn.layout.display != "none"
    assert t._bid_row.layout.display == "none"
    before = g.history
    t.click_card("2C")
    assert t.feedback.kind == "info" and g.history == before
    real = [c.code for c in g.hand_of(SOUTH)]
    t.click_blind_nil()
    assert (t.last_verdict.ok, t.last_verdict.rule) == (True, "SP-10")
    assert g.bids[SOUTH] == "blind_nil"
    assert g.phase is Phase.EXCHANGE and g.seats_to_act == (SOUTH,)  # North (computer) chose already
    assert g.exchange_seats == (0, 2)
    assert h.face_down is False and h.multi_select is True
    assert sorted(h.cards) == sorted(real)
    # wrong count first (SP-10), nothing changes
    t.select_pass(real[:2])
    t.click_pass()
    assert (t.last_verdict.reason, t.last_verdict.rule) == (Reason.EXCHANGE_WRONG_COUNT, "SP-10")
    assert g.phase is Phase.EXCHANGE
    # clicking cards toggles the selection
    t.select_pass([])
    for c in real[-3:]:
        t.click_card(c)
    assert h.selected == real[-3:]
    assert t.feedback.text.endswith("(3 of 3).")
    t.click_pass()
    assert t.last_verdict.ok
    view = g.view(SOUTH)
    assert sorted(c.code for c in view.passed) == sorted(real[-3:])
    got = [c.code for c in view.received]
    assert len(got) == 3
    assert set(got) <= set(c.code for c in g.hand_of(SOUTH))
    assert not set(real[-3:]) & set(c.code for c in g.hand_of(SOUTH))
    assert t.feedback.text.startswith("You passed ") and t.feedback.text.endswith("from North.")
    assert "[SP-10]" in t.feedback.value
    assert h.multi_select is False and h.selected == []
    assert set(h.highlighted) == set(got) & set(h.cards)
    assert g.phase is Phase.PLAY and g.to_act == SOUTH


def test_sp10_blind_nil_after_looking_is_refused():
    t = spades(99)
    t.look()
    assert t.hand_widget.face_down is False
    assert t.hand_widget.cards == [c.code for c in t.game.hand_of(SOUTH)]
    t.click_blind_nil()
    assert (t.last_verdict.reason, t.last_verdict.rule) == (Reason.BLIND_NIL_AFTER_LOOKING, "SP-10")
    assert t.game.bids[SOUTH] is None


def test_sp6_bid_out_of_range_explained():
    t = spades(99)
    t.look()
    t.click_bid(14)
    assert (t.last_verdict.reason, t.last_verdict.rule) == (Reason.BID_OUT_OF_RANGE, "SP-6")
    t.click_bid(0)
    assert t.game.bids[SOUTH] == "nil"
    assert t.last_verdict.rule == "SP-8"


# ------------------------------------------------------------------ harmless clicks
def test_double_click_plays_once():
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH)
    g = t.game
    card = legal_codes(g, SOUTH)[0]
    n = len(g.history)
    t.click_card(card)
    after = g.history
    t.click_card(card)  # second click of a double click: the card has gone
    assert g.history == after
    assert sum(1 for a in g.history[n:] if a == Play(SOUTH, a.card) and a.card.code == card) == 1
    assert t.feedback.kind != "bug"
    t.click_bid(4)  # a bid click during play: explained, not applied
    assert (t.last_verdict.reason, t.last_verdict.rule) == (Reason.ALREADY_BID, "SP-5")
    assert t.feedback.kind == "info" and t.feedback.text == "Not now: " + t.last_verdict.message
    assert g.history == after


def browser_click(t: GameTable, code: str, shown: dict) -> None:
    """A click message as tutor/static/cards.js sends it: the card and what
    the browser showed (cards, playable, label) when the learner clicked."""
    t.hand_widget._handle_custom_msg({"type": "click", "card": code, "seq": 1, "shown": shown}, [])


def shown_now(t: GameTable) -> dict:
    h = t.hand_widget
    return {"cards": list(h.cards), "playable": list(h.playable), "label": h.label}


def test_browser_click_made_on_an_earlier_view_is_ignored_and_a_current_one_never_is():
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH
                      and len(t.game.tricks) >= 1)
    g = t.game
    old_view = shown_now(t)
    first = legal_codes(g, SOUTH)[0]
    browser_click(t, first, old_view)       # a click on the current view: played
    assert any(a == Play(SOUTH, Card.parse(first)) for a in g.history)
    assert g.to_act == SOUTH
    after = g.history
    # a second click the browser made before the new hand reached it (old view): ignored
    queued = legal_codes(g, SOUTH)[0]
    browser_click(t, queued, old_view)
    assert g.history == after
    assert t.feedback.kind == "info" and t.feedback.text.startswith("That click was made on an earlier view")
    # the same card clicked on the current view is played, however long after the computers moved
    browser_click(t, queued, shown_now(t))
    assert len(g.history) > len(after) and g.history[len(after)] == Play(SOUTH, Card.parse(queued))
    # a click message without "shown" (an older page) is handled as before
    if g.phase is Phase.PLAY and g.to_act == SOUTH:
        n = len(g.history)
        t.hand_widget._handle_custom_msg({"type": "click", "card": legal_codes(g, SOUTH)[0], "seq": 2}, [])
        assert len(g.history) > n


class ClickingPlayer:
    """A computer player that, while choosing, receives a learner click."""

    def __init__(self, inner, table_ref):
        self.inner, self.table_ref, self.level, self.name = inner, table_ref, inner.level, "clicker"
        self.notes = []

    def choose(self, view):
        t = self.table_ref[0]
        if t is not None and t.game.hand_of(SOUTH):
            n = len(t.game.history)
            t.click_card(t.game.hand_of(SOUTH)[0].code)
            t.click_bid(3)
            t.click_undo()
            assert len(t.game.history) == n
            self.notes.append(t.feedback.text)
        return self.inner.choose(view)


def test_click_during_a_computer_turn_is_ignored_with_a_note():
    ref = [None]
    west = ClickingPlayer(make_player(1, 3), ref)
    t = spades(5, players={3: west})
    ref[0] = t
    rng = random.Random(1)
    for _ in range(12):
        learner_step(t, rng, check_feedback=False)
        # the learner's own action was accepted; the click made meanwhile was only noted
        assert t.feedback.text in ("One moment: the computer players are still playing.",) or t.feedback.kind == "ok"
    assert west.notes
    assert set(west.notes) == {"One moment: the computer players are still playing."}
    assert t.feedback.kind != "bug"


def test_click_when_the_hand_is_over_asks_for_next_hand():
    t = spades(8)
    rng = random.Random(2)
    while t.game.phase is not Phase.DEAL:
        learner_step(t, rng)
    g = t.game
    before = g.history
    assert t.hand_widget.cards == []
    t.click_card("AS")
    assert t.feedback.kind == "info"
    assert t.feedback.text == "Hand 1 is over. Press “Next hand” to play on."
    t.click_bid(2)
    assert g.history == before
    assert "Hand 1 result" in t._result_html.value
    assert t._next_btn in t._action_box.children
    t.click_next_hand()
    assert g.hands_dealt == 2
    assert g.history[len(before)].number == 9  # hand 2 is deal #first_deal + 1


# ------------------------------------------------------------------ undo
def test_undo_takes_back_to_the_learners_previous_decision():
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH
                      and len(t.game.tricks) >= 2)
    g = t.game
    before = g.history
    hand = list(t.hand_widget.cards)
    t.click_card(legal_codes(g, SOUTH)[-1])
    assert g.history != before
    t.click_undo()
    assert g.history == before
    assert g.to_act == SOUTH
    assert t.hand_widget.cards == hand
    assert t.feedback.kind == "info" and t.feedback.text.startswith("Taken back: your play of ")


def test_undo_back_into_the_bidding_keeps_the_look():
    t = spades(21)
    t.look()
    t.click_bid(2)
    t.click_undo()
    g = t.game
    assert g.phase is Phase.BIDDING and g.to_act == SOUTH and g.bids[SOUTH] is None
    assert g.has_looked(SOUTH)  # undo never gives back a Blind Nil chance
    assert any(isinstance(a, Look) and a.seat == SOUTH for a in g.history)  # the Look stays in the history


def test_undo_is_off_outside_practice_mode():
    t = spades(21, practice=False)
    t.look()
    t.click_bid(2)
    h = t.game.history
    t.click_undo()
    assert t.game.history == h
    assert t.feedback.text == "Undo is switched off for this game."
    assert t._undo_btn.layout.display == "none"


def test_undo_with_nothing_to_take_back():
    t = spades(21)
    h = t.game.history
    t.click_undo()
    assert t.game.history == h and t.feedback.kind == "info"


# ------------------------------------------------------------------ save and load
def test_save_then_load_resumes_the_same_position():
    t = spades(303)
    rng = random.Random(4)
    for _ in range(9):
        learner_step(t, rng)
    rec = t.save_record()
    assert rec["format"] == "tricktutor-hand-record/1" and rec["game"] == "spades"
    assert rec["tutor"] == {"learner_seat": 2, "first_deal": 303, "level": 1}
    t._on_save()
    link = t.download_html
    assert 'download="tricktutor-game.json"' in link
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert json.loads(base64.b64decode(data)) == rec
    other = spades(1)
    assert other.load_record(json.dumps(rec)) is True
    assert other.feedback.kind == "ok"
    assert other.save_record() == rec
    assert other.game.to_act == t.game.to_act == SOUTH
    assert other.game.phase is t.game.phase
    assert other.hand_widget.cards == t.hand_widget.cards
    assert other.hand_widget.playable == t.hand_widget.playable
    assert other.game.first_deal == 303
    # both continue identically for the learner: same legal cards after the same play
    card = legal_codes(t.game, SOUTH)[0]
    t.click_card(card)
    other.click_card(card)
    assert other.game.hand_of(SOUTH) == t.game.hand_of(SOUTH)


def test_load_by_file_upload():
    t = new_oh_hell_table(OhHellRules(players=4, hand_sizes=(3, 4)), deal_number=12, level=1)
    t.click_bid(1)
    rec = t.save_record()
    fresh = new_oh_hell_table(deal_number=2, level=1)
    assert fresh._upload.description == "Load a saved game"  # never "Load (0)"
    fresh._upload.simulate("tricktutor-game.json", json.dumps(rec).encode())
    assert isinstance(fresh.game, OhHellGame)
    assert fresh.save_record() == rec
    assert fresh.learner_seat == 0
    assert fresh.feedback.kind == "ok" and fresh.feedback.text.startswith("Loaded the game: hand 1, ")
    game = fresh.game
    fresh._upload.simulate("x.json", b"not a record")
    assert fresh.feedback.kind == "error" and fresh.game is game
    assert fresh.feedback.text == LOAD_REFUSED
    assert "not valid JSON" in fresh.feedback.details
    assert "<details" in fresh.feedback.value and "What is wrong with the file" in fresh.feedback.value


def test_oh_hell_record_at_the_spades_table_is_refused_naming_where_it_opens():
    """A saved game opens at the table of its own game: an Oh Hell record at a
    Spades table (and the other way round, and Spades for two) is refused
    with the place it belongs, and the game in progress is untouched."""
    oh = new_oh_hell_table(OhHellRules(players=4, hand_sizes=(3, 4)), deal_number=12, level=1)
    oh.click_bid(1)
    oh_rec = oh.save_record()
    t = spades(2)
    t.look()
    t.click_bid(3)
    game, hist = t.game, tuple(t.game.history)
    t._upload.simulate("tricktutor-game.json", json.dumps(oh_rec).encode())
    assert t.feedback.kind == "error" and t.feedback.details == ""
    assert t.feedback.text == ("This file is a saved game of Oh Hell: open it at an Oh Hell table. Nothing was "
                               "loaded here and your game is unchanged.")
    assert t.game is game and tuple(game.history) == hist and isinstance(t.game, SpadesGame)
    # in the app the table names its tab
    app_table = spades(3, places={"Oh Hell": "in the Play Oh Hell tab"})
    assert app_table.load_record(oh_rec) is False
    assert app_table.feedback.text == ("This file is a saved game of Oh Hell: open it in the Play Oh Hell tab. "
                                       "Nothing was loaded here and your game is unchanged.")
    # and the other way round
    assert oh.load_record(t.save_record()) is False
    assert oh.feedback.text.startswith("This file is a saved game of Spades for four players: open it at a Spades "
                                       "table for four players.")
    assert oh.save_record() == oh_rec
    # Spades for two at the table for four
    from tutor.table_two import new_spades_two_table
    two = new_spades_two_table(deal_number=4, level=1)
    while two.game.phase is Phase.DRAW:
        two.click_keep()
    assert t.load_record(two.save_record()) is False
    assert t.feedback.text.startswith("This file is a saved game of Spades for two: open it at a table for Spades "
                                      "for two.")
    assert t.game is game


def test_load_refuses_a_file_too_big_without_reading_it():
    t = spades(2)
    game, hist = t.game, t.game.history
    big = b" " * (11 * 1024 * 1024)
    t._upload.simulate("huge.json", big)
    assert t.feedback.kind == "error" and t.feedback.details == ""
    assert t.feedback.text == ("This file is 11.5 MB, too big to be a saved game (at most 10 MB), so nothing was "
                               "loaded and your game is unchanged.")
    assert t.game is game and game.history == hist
    # one limit: HAND_RECORD.md's 10 MB, also on the widget (the browser refuses a bigger file before sending it)
    assert t._upload.max_bytes == 10_000_000
    assert t.load_record(big) is False and t.feedback.text.startswith("This file is 11.5 MB, too big")
    # the button still works afterwards
    rec = spades(3).save_record()
    t._upload.simulate("ok.json", json.dumps(rec).encode())
    assert t.feedback.kind == "ok" and t.game.first_deal == 3


@pytest.mark.parametrize("bad, expect", [
    ("{not json", "not valid JSON (Expecting property name enclosed in double quotes at line 1"),
    (b"\xff\xfe\x00", "not UTF-8 text"),
    ({"format": "tricktutor-hand-record/1", "game": "chess"}, "game:"),
    ("[1, 2]", "record:"),
])
def test_corrupt_load_leaves_the_game_untouched(bad, expect):
    t = spades(55)
    t.look()
    t.click_bid(3)
    game, hist = t.game, t.game.history
    assert t.load_record(bad) is False
    assert t.feedback.kind == "error"
    assert t.feedback.text == LOAD_REFUSED  # one plain sentence ...
    assert expect in t.feedback.details     # ... the parser's words folded away
    assert t.game is game and game.history == hist


def test_corrupt_records_naming_the_field_and_illegal_actions():
    t = spades(56)
    rec = t.save_record()
    game, hist = t.game, t.game.history
    bad_card = json.loads(json.dumps(rec))
    bad_card["hands"][0]["deal"]["0"][3] = "ZZ"
    assert t.load_record(bad_card) is False
    assert t.feedback.text == LOAD_REFUSED and "hands[0].deal.0[3]" in t.feedback.details
    illegal = json.loads(json.dumps(rec))
    illegal["hands"][0]["actions"].append({"seat": 0, "bid": 3})  # not North's turn (SP-5)
    assert t.load_record(illegal) is False
    assert t.feedback.text == LOAD_REFUSED
    assert "NOT_YOUR_TURN" in t.feedback.details and "SP-5" in t.feedback.details
    assert t.game is game and game.history == hist


class BrokenPlayer:
    level, name = 1, "broken"

    def choose(self, view):
        raise RuntimeError("player crashed")


def test_failure_while_loading_puts_the_previous_game_back():
    t = spades(57, players={0: BrokenPlayer()}, dealer=0)  # East bids first, then South: North never asked yet
    game = t.game
    t.look()
    t.click_bid(3)  # West bids, then North crashes: shown, not raised
    assert t.feedback.kind == "bug" and "player crashed" in t.feedback.text
    fresh = SpadesGame(dealer=3, first_deal=58, auto_deal=False)  # West deals: North bids first
    fresh.deal(58)
    other = game_to_record(fresh)
    before = t.game.history
    assert t.load_record(other) is False  # North is asked to bid while loading, and crashes
    assert t.game is game and game.history == before
    assert t.feedback.kind == "bug"


# ------------------------------------------------------------------ new game, deal box
def test_new_game_with_a_deal_number_and_bad_deal_text():
    t = spades(1, target_score=200)
    t.new_game(777)
    assert t.game.first_deal == 777 and t.game.rules.target_score == 200
    assert t.game.hands_dealt == 1 and t.game.history[0].number == 777
    assert "deal #777" in t._title.value
    g = t.game
    t._deal_box.value = "seven"
    t._new_btn.click()
    assert t.feedback.kind == "error" and t.game is g


def test_new_game_deals_new_cards_unless_the_learner_typed_a_number():
    """The deal box holds only what the learner typed: the table never puts
    the current deal number there, so New game with an empty box deals new
    cards; a typed number is used once (the title shows the deal)."""
    t = spades(1)
    assert t._deal_box.value == "" and "deal #1" in t._title.value
    t.new_game()
    first = t.game.first_deal
    assert first != 1 and t.game.history[0].number == first and t._deal_box.value == ""
    assert f"deal #{first}" in t._title.value
    t.new_game()
    assert t.game.first_deal not in (1, first)
    t.new_game(777)
    assert t.game.first_deal == 777 and t._deal_box.value == ""
    t._new_btn.click()  # the box is empty again: new cards, not deal 777 again
    assert t.game.first_deal != 777


def test_new_game_during_a_game_asks_first_and_loses_nothing():
    """One click never throws a game in progress away: New game asks, "Keep
    playing" leaves the game exactly as it was, "Start the new game" starts it."""
    t = spades(5)
    t.look()
    t.click_bid(3)
    t.click_card(legal_codes(t.game, SOUTH)[0])
    g, hist = t.game, tuple(t.game.history)
    t.new_game()
    assert t.game is g and tuple(g.history) == hist
    assert t._confirm_box.layout.display != "none"
    assert t.new_game_question == ("Start a new game? The game you are playing (hand 1) ends here and cannot be "
                                   "brought back. To keep it, press “Keep playing”, then “Save”.")
    assert t.new_game_question in t._confirm_html.value.replace("&#x27;", "'")
    assert [b.description for b in (t._confirm_yes, t._confirm_no)] == ["Start the new game", "Keep playing"]
    t.keep_playing()
    assert t._confirm_box.layout.display == "none" and t.new_game_question == ""
    assert t.feedback.kind == "info" and t.feedback.text == "Your game goes on where you left it."
    assert t.game is g and tuple(g.history) == hist
    t.click_undo()  # the game and its undo history are intact
    assert t.feedback.text.startswith("Taken back: your play of ")
    # a question left open goes away when the learner plays on
    t.new_game(99)
    assert t.new_game_question
    t.click_card(legal_codes(t.game, SOUTH)[0])
    assert t.new_game_question == "" and t._confirm_box.layout.display == "none"
    t.confirm_new_game()  # nothing is pending any more
    assert t.game is g
    # asked again and answered yes: deal 99
    t.new_game(99)
    t.confirm_new_game()
    assert t.game is not g and t.game.first_deal == 99 and t.game.hands_dealt == 1
    assert t._confirm_box.layout.display == "none" and t.feedback.text == "New game from deal #99."
    # nothing decided yet in the new game: no question
    t.new_game(100)
    assert t.new_game_question == "" and t.game.first_deal == 100


def test_ohv4_ohv5_new_game_options_are_validated_by_the_engine():
    t = new_oh_hell_table(OhHellRules(players=4, hand_sizes=(2, 3)), deal_number=5, level=1)
    assert t._options.players.value == 4 and t._options.schedule.value == "custom"
    game = t.game
    t._options.checks["hook"].value = True
    t._options.checks["simultaneous_bidding"].value = True
    t.new_game(8)
    assert t.feedback.kind == "error" and "OH-V4" in t.feedback.text and "OH-V5" in t.feedback.text
    assert t.game is game
    t._options.checks["simultaneous_bidding"].value = False
    t._options.players.value = 6
    t._options.checks["must_trump"].value = True
    t.new_game(8)
    g = t.game
    assert isinstance(g, OhHellGame) and g.n_seats == 6
    assert (g.rules.hook, g.rules.must_trump, g.rules.hand_sizes) == (True, True, (2, 3))
    assert t.learner_seat == 0 and g.first_deal == 8
    assert t._table_html.value.count("data-seat=") == 6
    t._options.schedule.value = "down"
    t._options.players.value = 7
    t.new_game(9)
    assert t.game.rules.sizes == (7, 6, 5, 4, 3, 2, 1) and t.game.hand_size == 7


def test_sp3_new_game_target_score_option():
    t = spades(1)
    assert t._options.target.value == 500
    t._options.target.value = 250
    t.new_game(3)
    assert t.game.rules.target_score == 250 and "game to 250 points (SP-3)" in t._title.value


# ------------------------------------------------------------------ hints and score sheet
def test_hints_off_for_a_teacher():
    t = spades(3, hints=False)
    t.look()
    t.click_hint()
    assert t.feedback.text == "Hints are switched off for this game."
    assert t._hint_btn.layout.display == "none"


@pytest.mark.parametrize("make", [
    lambda seed: spades(seed, level=1),
    lambda seed: new_oh_hell_table(OhHellRules(players=4, hand_sizes=(5,)), deal_number=seed, level=1),
    lambda seed: new_oh_hell_table(OhHellRules(players=3, hand_sizes=(6,), must_trump=True), deal_number=seed,
                                   level=1),
])
def test_hint_during_play_names_a_legal_card_and_why(make):
    """Hint in the play of a hand names a good card (the club player's choice,
    from the learner's view) with its reason in a learner's sentence, and
    never a card a rule forbids (SP-13, SP-14, OH-9, OH-V6)."""
    from tutor.table_hint import REASONS, SOURCE
    hinted = 0
    for seed in (11, 12, 13):
        t = make(seed)
        rng = random.Random(seed)
        while t.game.results == []:
            g, me = t.game, t.learner_seat
            if g.phase is Phase.PLAY and me in g.seats_to_act:
                legal = legal_codes(g, me)
                t.click_hint()
                head, why, source = t.hint_text.split("\n• ")
                card = next(c for c in legal if head == f"Hint: play the {Card.parse(c).display}.")
                assert card in legal and t.hand_widget.highlighted == [card]
                assert source == SOURCE
                assert why in {r.format(card=Card.parse(card).display, suit=Card.parse(card).suit.noun)
                               for r in REASONS.values()}
                assert t.feedback.kind == "" and len(g.history) == len(t.game.history)  # nothing was played
                hinted += 1
                t.click_card(rng.choice(legal))
                assert t.hint_text == "" and t._hint_html.value == ""  # a hint is about one moment
            else:
                learner_step(t, rng)
    assert hinted >= 12
    t.click_hint()  # the hand is over
    assert t.feedback.kind == "info" and t.feedback.text == ("A hint is about your bid or your card: ask when it is "
                                                             "your turn to bid or to play.")


def test_hint_during_play_at_the_table_for_two():
    from tutor.table_two import new_spades_two_table
    t = new_spades_two_table(deal_number=8, level=1)
    while t.game.phase is Phase.DRAW:
        t.click_keep()
    t.click_bid(3)
    me = t.learner_seat
    for _ in range(5):
        assert t.game.phase is Phase.PLAY and me in t.game.seats_to_act
        legal = legal_codes(t.game, me)
        t.click_hint()
        assert t.hint_text.startswith("Hint: play the ")
        assert t.hand_widget.highlighted[0] in legal
        t.click_card(legal[0])


def test_a_face_down_card_clicked_before_looking_says_how_to_see_the_cards():
    t = spades(3)
    assert t.hand_widget.face_down
    t.click_face_down()
    assert t.feedback.kind == "info"
    assert t.feedback.text == ("Your cards are face down. Press “Look at my cards” to see them, or bid Blind Nil "
                               "without looking (SP-10).")
    never = spades(3, rules=SpadesRules(blind_nil="never"))  # house rule SP-H2: no Blind Nil
    never.click_face_down()
    assert never.feedback.text == "Your cards are face down. Press “Look at my cards” to see them (SP-10)."
    t.look()
    t.feedback.clear()
    t.click_face_down()  # the cards are face up: nothing to say
    assert t.feedback.kind == ""


def test_hint_shows_the_advisors_bid_when_available():
    t = spades(3)
    if not t._hint_available:
        pytest.skip("engine.bots.advisor is not present in this checkout")
    t.look()
    t.click_hint()
    assert t.feedback.kind != "bug", t.feedback.text
    assert t.hint_text.startswith("Suggested bid: ")


def test_score_sheet_section_when_available():
    """The score sheet under the table appears when the first hand is scored
    (before that there is nothing to show, and its imports would slow the
    table's first opening)."""
    t = spades(3)
    assert t._score_box.children == ()
    try:
        from tutor.scoresheet import ScoreSheet
    except ImportError:
        return
    rng = random.Random(3)
    while not t.game.results:
        learner_step(t, rng)
    assert len(t._score_box.children) == 1 and isinstance(t._score_box.children[0], ScoreSheet)


# ------------------------------------------------------------------ privacy of computer players
class RecordingPlayer:
    """Wraps a computer player and checks everything it is given."""

    def __init__(self, seat, inner, game_ref):
        self.seat, self.inner, self.game_ref = seat, inner, game_ref
        self.level, self.name = inner.level, "recording"
        self.calls = 0

    def choose(self, *args, **kwargs):
        assert not kwargs and len(args) == 1
        view = args[0]
        assert type(view) is SeatView
        assert view.seat == self.seat
        g = self.game_ref[0]
        if view.hand is None:  # Spades before looking: no cards at all (SP-10)
            assert view.looked is False and view.game == "spades" and view.phase is Phase.BIDDING
        else:
            assert view.hand == tuple(g.hand_of(self.seat))  # its own cards, and only them
        for f in dataclasses.fields(view):  # nothing in the view is a game or another hand
            assert not isinstance(getattr(view, f.name), (SpadesGame, OhHellGame))
        if view.phase is Phase.BIDDING and getattr(g.rules, "simultaneous_bidding", False):
            assert all(b is None for s, b in enumerate(view.bids) if s != self.seat)
        self.calls += 1
        return self.inner.choose(view)


@pytest.mark.parametrize("game", [
    SpadesGame(SpadesRules(target_score=100), first_deal=17, auto_deal=False),
    OhHellGame(OhHellRules(players=5, hand_sizes=(2, 3), simultaneous_bidding=True), first_deal=4, auto_deal=False),
])
def test_computer_players_never_see_another_seats_hidden_cards(game):
    ref = [game]
    players = {s: RecordingPlayer(s, make_player(resolve_level(2), s), ref) for s in range(game.n_seats)}
    t = GameTable.for_game(game, players=players)
    play_to_end(t, seed=9)
    me = t.learner_seat
    assert me not in players or players[me].calls == 0
    assert all(p.calls > 0 for s, p in players.items() if s != me)


class BlindNilPartner:
    """North: bids Blind Nil without looking (SP-10), otherwise a level-1 player."""

    level, name = 1, "blind"

    def __init__(self):
        self.inner = make_player(1, 0)
        self.views = []

    def choose(self, view):
        self.views.append(view)
        blind = [a for a in view.legal if getattr(a, "blind", False)]
        if view.hand is None and blind:
            return blind[0]
        return self.inner.choose(view)


def test_sp10_partner_blind_nil_makes_the_learner_exchange():
    north = BlindNilPartner()
    game = SpadesGame(dealer=1, first_deal=61, auto_deal=False)  # East deals: South, West, North, East bid
    t = GameTable.for_game(game, level=1, players={0: north})
    t.look()
    t.click_bid(4)
    assert game.bids[0] == "blind_nil"
    assert game.phase is Phase.EXCHANGE and game.seats_to_act == (SOUTH,)  # North chose first
    assert t._pass_box in t._action_box.children
    assert t.status_text == "Your turn: choose 3 cards to pass to your partner (SP-10)."
    assert north.views[0].hand is None and north.views[-1].phase is Phase.EXCHANGE
    mine = [c.code for c in game.hand_of(SOUTH)][:3]
    t.select_pass(mine)
    t.click_pass()
    assert t.last_verdict.ok and t.feedback.text.endswith("from North.") and "[SP-10]" in t.feedback.value
    assert [c.code for c in game.view(0).received] == mine
    assert game.phase is Phase.PLAY


# ------------------------------------------------------------------ progress, result, hints, names
class StatusWatcher:
    """A computer player that notes the table's status line while it chooses."""

    def __init__(self, inner, ref):
        self.inner, self.ref, self.level, self.name = inner, ref, inner.level, "watcher"
        self.seen = []

    def choose(self, view):
        t = self.ref[0]
        if t is not None:
            self.seen.append(t._status.value)
        return self.inner.choose(view)


def test_status_shows_progress_while_the_computers_play():
    ref = [None]
    west = StatusWatcher(make_player(1, 3), ref)
    t = spades(5, players={3: west})
    ref[0] = t
    west.seen.clear()
    t.look()
    t.click_bid(3)  # West (and North, East) bid after South
    assert west.seen, "West did not act after the learner"
    assert all("tt-tbl-busy" in v and "aria-busy='true'" in v and "computer players are playing" in v
               for v in west.seen)
    assert "tt-tbl-busy" not in t._status.value  # done: the status says whose turn it is


def test_hand_result_next_to_next_hand_in_sentences():
    t = spades(8)
    rng = random.Random(2)
    while t.game.phase is not Phase.DEAL:
        learner_step(t, rng)
    kids = list(t._action_box.children)
    assert kids == [t._result_html, t._next_btn]
    value = t._result_html.value
    assert "tt-table" not in value.replace("tt-tbl", "")  # the score sheet's style cannot reach it
    r = t.game.results[-1]
    assert r.bids == (3, "nil", 2, 1)  # deal 8: East's Nil is named with its bidder
    assert "Your side bid 5 and took 7: " in value
    assert "East–West: East bid Nil and West bid 1, and took 6: " in value
    for line in r.score_lines:
        assert html_escape(line.item) in value and line.rule in value
    assert "tt-table" not in t._dom_classes


def html_escape(s):
    import html
    return html.escape(s)


def test_face_down_hint_clears_when_the_cards_are_shown_and_never_repeats_itself():
    t = spades(3)
    if not t._hint_available:
        pytest.skip("engine.bots.advisor is not present in this checkout")
    t.click_hint()
    head, *bullets = t.hint_text.split("\n• ")
    assert head == "Look at your cards first."
    assert bullets == ["Blind Nil, a bid made before looking, only pays off when your side is far behind late in "
                       "the game (SP-10)."]
    t.look()
    assert t.hint_text == "" and t._hint_html.value == ""


def test_oh_hell_table_speaks_with_names_not_numbers():
    t = new_oh_hell_table(OhHellRules(players=4, hand_sizes=(2, 3)), deal_number=5, level=1)
    text = t._table_html.value + t._title.value + t._info_html.value + t.status_text + " ".join(t.events)
    assert "Seat 1" not in text and "seat 0" not in text.lower() and "0 → 1" not in text
    assert "You" in t._table_html.value and "Ada" in t._table_html.value
    five = new_oh_hell_table(OhHellRules(players=5, hand_sizes=(2, 3)), deal_number=5, level=1)
    assert "Play goes clockwise: You → Ada → Ben → Cleo → Dev." in five._table_html.value


def test_undo_does_not_list_undone_actions_and_counts_only_computer_moves():
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH
                      and len(t.game.tricks) >= 1)
    before_log = t.events
    card = legal_codes(t.game, SOUTH)[0]
    t.click_card(card)
    t.click_undo()
    assert t.events == before_log
    assert "tt-tbl-log" in t._log_html.value and f"You played {Card.parse(card).display}" not in t._log_html.value


def test_the_hand_reaches_the_browser_in_one_update():
    """New cards and their playable marks travel in one message, so the
    browser never shows the new hand with the old marks (which let a click
    land on a card that was no longer legal, issue 10)."""
    t = find_position(spades, lambda t: t.game.phase is Phase.PLAY and t.game.to_act == SOUTH)
    sent = []
    orig = t.hand_widget.send_state

    def record(key=None):
        sent.append(set(key) if isinstance(key, (set, list, tuple)) else key)
        return orig(key)

    t.hand_widget.send_state = record
    t.click_card(legal_codes(t.game, SOUTH)[0])
    assert len(sent) == 1, sent
    assert {"cards", "playable"} <= sent[0]


def test_refused_click_does_not_flash_progress_and_bad_deal_numbers_are_explained():
    t = spades(5)
    t.look()
    seen = []
    t._status.observe(lambda c: seen.append(c["new"]), names="value")
    t.click_bid(14)  # refused (SP-6): no computer acts, no progress shown
    assert all("tt-tbl-busy" not in v for v in seen)
    game = t.game
    t.new_game(2**64)
    assert t.feedback.kind == "error" and "is not a deal number" in t.feedback.text and t.game is game
