"""tutor.session.TableSession without any widget, and the engine queries it
relies on (seat names, sides, bid range, timing refusals)."""
from __future__ import annotations

import json
import random

import pytest

from engine import (Bid, Deal, Look, OhHellGame, OhHellRules, Phase, Reason, SpadesGame, Verdict)
from engine.message import Msg
from tutor.session import LOAD_REFUSED, MAX_LOAD_BYTES, PLAYER_NAMES, TableSession
from tutor.table import new_spades_table

SOUTH = 2


def spades_session(deal=7, **kw):
    kw.setdefault("level", 1)
    return TableSession(SpadesGame(first_deal=deal, auto_deal=False, **kw.pop("game_kw", {})), **kw)


def oh_session(players=5, deal=7, **kw):
    kw.setdefault("level", 1)
    rules = kw.pop("rules", None) or OhHellRules(players=players, hand_sizes=(3, 4))
    return TableSession(OhHellGame(rules, first_deal=deal, auto_deal=False), **kw)


def learner_move(s: TableSession, rng: random.Random):
    g, me = s.game, s.learner
    if g.phase is Phase.DEAL:
        return s.next_hand()
    if g.phase is Phase.BIDDING:
        if g.view(me).hand is None:
            s.look()
        bids = [b.value for b in g.legal_bids(me) if not b.blind]
        if len(g.sides) < g.n_seats:
            bids = [v for v in bids if 2 <= v <= 4]
        return s.bid(rng.choice(bids))
    if g.phase is Phase.EXCHANGE:
        return s.exchange([c.code for c in rng.sample(g.hand_of(me), 3)])
    return s.play(rng.choice(g.legal_plays(me)).code)


# ------------------------------------------------------------------ engine queries
def test_engine_seat_names_sides_and_bid_range():
    sp = SpadesGame(first_deal=1)
    oh = OhHellGame(OhHellRules(players=5, hand_sizes=(3, 4)), first_deal=1)
    assert sp.seat_names == ("North", "East", "South", "West")
    assert oh.seat_names == tuple(f"seat {k}" for k in range(5))
    assert sp.sides == ((0, 2), (1, 3))
    assert oh.sides == ((0,), (1,), (2,), (3,), (4,))
    assert [sp.side_of_seat(s) for s in range(4)] == [0, 1, 0, 1]
    assert sp.bid_range(1) == (0, 13)      # SP-6
    assert oh.bid_range(2) == (0, 3)       # OH-8: the hand size
    assert (sp.bid_label(0), sp.bid_label(0, blind=True), sp.bid_label(5)) == ("Nil", "Blind Nil", "5")
    assert (oh.bid_label(0), oh.bid_label(3)) == ("0", "3")


@pytest.mark.parametrize("reason, timing", [
    (Reason.NOT_YOUR_TURN, True), (Reason.WRONG_PHASE, True), (Reason.ALREADY_BID, True),
    (Reason.GAME_OVER, True), (Reason.HAND_NOT_DEALT, True), (Reason.EXCHANGE_NOT_IN_EXCHANGE, True),
    (Reason.EXCHANGE_ALREADY_PASSED, True), (Reason.ALREADY_LOOKED, True),
    (Reason.MUST_FOLLOW_SUIT, False), (Reason.SPADES_NOT_BROKEN, False), (Reason.HOOK, False),
    (Reason.BID_OUT_OF_RANGE, False), (Reason.EXCHANGE_WRONG_COUNT, False), (Reason.CARD_NOT_IN_HAND, False),
    (Reason.OK, False),
])
def test_timing_refusals_are_told_from_rule_refusals(reason, timing):
    assert reason.is_timing is timing
    if reason is not Reason.OK:
        assert Verdict.refuse(reason, "SP-5", "x").is_timing is timing
    assert Verdict.allow("fine").is_timing is False


def test_every_reason_is_classified_once():
    # a new Reason must be thought about: timing or rule (the tutor shows them differently)
    assert {r.value for r in Reason if r.is_timing} == {
        "NOT_YOUR_TURN", "WRONG_PHASE", "ALREADY_BID", "GAME_OVER", "HAND_NOT_DEALT",
        "EXCHANGE_NOT_IN_EXCHANGE", "EXCHANGE_ALREADY_PASSED", "ALREADY_LOOKED"}


# ------------------------------------------------------------------ names
def test_oh_hell_seats_get_names_clockwise_from_the_learner():
    s = oh_session(players=5, learner_seat=2)
    assert [s.name(k) for k in range(5)] == ["Cleo", "Dev", "You", "Ada", "Ben"]
    assert s.label(2) == "You"
    assert s.side_name(2) == "You" and s.side_name(3) == "Ada"
    # the engine's sentence about seats 3 and 4 (its data: seat numbers), said with the table's names
    turn = Msg("NOT_YOUR_TURN.bid", {"to_act": 3, "rule": "OH-8", "dealer": 4, "naming": "numbered"})
    assert s.speak(turn) == ("It is Ada's turn to bid. Bidding starts left of the dealer (Ben dealt) and goes "
                             "clockwise (OH-8).")
    text = " ".join(s.events) + s.status()
    assert "seat" not in text.lower()
    assert PLAYER_NAMES[0] == "Ada"


def test_spades_keeps_compass_names():
    s = spades_session()
    assert [s.name(k, you=False) for k in range(4)] == ["North", "East", "South", "West"]
    assert s.name(SOUTH) == "You" and s.label(SOUTH) == "South (you)"
    assert s.side_name(0) == "Your side" and s.side_name(1) == "East–West"
    assert s.partner() == 0


# ------------------------------------------------------------------ refusals
def test_timing_refusal_is_a_note_and_rule_refusal_an_error():
    s = spades_session()
    s.look()
    out = s.bid(14)
    assert (out.kind, out.verdict.reason) == ("error", Reason.BID_OUT_OF_RANGE)
    assert out.text.startswith("Not allowed: ")
    assert s.bid(3).ok
    out = s.bid(4)  # a second bid in the same hand
    assert (out.kind, out.verdict.reason) == ("info", Reason.ALREADY_BID)
    assert out.text.startswith("Not now: ")


def test_illegal_play_highlights_the_engines_legal_cards():
    rng = random.Random(3)
    s = spades_session(deal=11)
    for _ in range(200):
        g = s.game
        if g.phase is Phase.PLAY and g.to_act == SOUTH and g.current_trick.cards:
            legal = [c.code for c in g.legal_plays(SOUTH)]
            bad = [c.code for c in g.hand_of(SOUTH) if c.code not in legal]
            if bad:
                out = s.play(bad[0])
                assert out.kind == "error" and out.verdict.reason is Reason.MUST_FOLLOW_SUIT
                assert list(out.highlight) == legal
                return
        learner_move(s, rng)
    pytest.fail("no must-follow position")


# ------------------------------------------------------------------ undo
def test_undo_never_takes_back_a_look_and_keeps_computer_looks():
    # East deals: South bids first; West, North and East look and bid after South
    s = spades_session(deal=21, game_kw={"dealer": 1})
    g = s.game
    assert g.to_act == SOUTH
    assert s.look().ok
    assert s.bid(2).ok
    looked = [seat for seat in range(4) if g.has_looked(seat)]
    assert set(looked) >= {SOUTH}
    out = s.undo()
    assert out.text.startswith("Taken back: your bid of 2")
    assert g.phase is Phase.BIDDING and g.to_act == SOUTH and g.bids[SOUTH] is None
    # every seat that had looked is still looking (SP-10): no Blind Nil offered again
    assert all(g.has_looked(seat) for seat in looked)
    assert g.check_bid(SOUTH, 0, blind=True).reason is Reason.BLIND_NIL_AFTER_LOOKING
    assert s.bid(0, blind=True).kind == "error"


def test_undo_message_does_not_count_looks_as_computer_actions():
    s = spades_session(deal=21, game_kw={"dealer": 1})
    s.look()
    s.bid(2)
    g = s.game
    hist = g.history
    idx = max(i for i, a in enumerate(hist) if isinstance(a, Bid) and a.seat == SOUTH)
    computer = sum(1 for a in hist[idx + 1:] if not isinstance(a, (Look, Deal)))
    looks_after = sum(1 for a in hist[idx + 1:] if isinstance(a, Look))
    assert looks_after >= 1  # the computers looked before bidding
    out = s.undo()
    assert out.text == f"Taken back: your bid of 2 and {computer} computer actions. Your turn again."


def test_undo_removes_the_undone_actions_from_the_log():
    rng = random.Random(5)
    s = spades_session(deal=31)
    while not (s.game.phase is Phase.PLAY and s.game.to_act == SOUTH and len(s.game.tricks) >= 1):
        learner_move(s, rng)
    before = s.events
    card = s.game.legal_plays(SOUTH)[0]
    s.play(card.code)
    assert f"You played {card.display}." in s.events
    assert len(s.events) > len(before)
    s.undo()
    assert s.events == before
    assert f"You played {card.display}." not in s.events


def test_undo_stays_in_the_current_hand():
    rng = random.Random(2)
    s = spades_session(deal=8)
    while s.game.phase is not Phase.DEAL:
        learner_move(s, rng)
    s.next_hand()
    g = s.game
    h = g.history
    out = s.undo()
    assert out.kind == "info" and out.text == "There is nothing of yours to take back in this hand."
    assert g.history == h


# ------------------------------------------------------------------ hand result and events
def test_hand_result_in_sentences_with_itemised_lines():
    rng = random.Random(4)
    s = spades_session(deal=12)
    assert s.hand_result() is None
    while s.game.phase is not Phase.DEAL:
        learner_move(s, rng)
    sentences, items = s.hand_result()
    r = s.game.results[-1]
    assert len(sentences) == 2
    ours = sentences[0]
    bid = sum(b for b in (r.bids[0], r.bids[2]) if isinstance(b, int))
    took = r.tricks_won[0] + r.tricks_won[2]
    assert ours.startswith(f"Your side bid {bid}") and f" and took {took}: " in ours
    assert sentences[1].startswith("East–West bid ")
    assert ours.endswith(").")
    # the itemised lines are the engine's score lines, by side
    assert [(i[1], i[2], i[3]) for i in items] == [(l.item, l.points, l.rule) for l in r.score_lines]
    assert sum(p for who, _, p, _ in items if who == "Your side") == r.points[0]


def test_events_are_plain_sentences_of_the_hand():
    s = oh_session(players=4, learner_seat=0)
    ev = s.events
    assert ev[0] == "Hand 1: You dealt (deal #7)."
    assert ev[1:] == [f"{s.name(a.seat)} bid {a.value}." for a in s.game.history[1:]]


def test_sealed_bids_are_not_told_until_revealed():
    rules = OhHellRules(players=4, hand_sizes=(2, 3), simultaneous_bidding=True)
    s = TableSession(OhHellGame(rules, first_deal=77, auto_deal=False), level=1)
    assert s.events[1:] == [f"{s.name(k)} chose a sealed bid." for k in (1, 2, 3)]
    s.bid(1)
    assert all("sealed" not in e for e in s.events)


def test_a_whole_oh_hell_game_headless():
    rng = random.Random(9)
    s = oh_session(players=3, rules=OhHellRules(players=3, hand_sizes=(1, 2, 3), hook=True))
    steps = 0
    while not s.game.game_over:
        out = learner_move(s, rng)
        assert out.kind in ("ok", "info"), out.text
        steps += 1
        assert steps < 200
    assert s.status().startswith("Game over: ") and s.status().endswith("(OH-12).")
    assert s.play("AS").kind == "info"


# ------------------------------------------------------------------ save and load
def _record():
    s = spades_session(deal=303)
    rng = random.Random(1)
    for _ in range(5):
        learner_move(s, rng)
    return s.save()


@pytest.mark.parametrize("mutate, why", [
    (lambda r: r["tutor"].__setitem__("first_deal", 10**3999), "4,000 digits"),  # HAND_RECORD.md's limit
    (lambda r: r["tutor"].__setitem__("first_deal", 2**63), "tutor.first_deal"),
    (lambda r: r["tutor"].__setitem__("first_deal", "5"), "tutor.first_deal"),
    (lambda r: r["tutor"].__setitem__("learner_seat", 7), "tutor.learner_seat"),
    (lambda r: r["start"].__setitem__("dealer", "²") if "start" in r else r.__setitem__("start", {"dealer": "²"}),
     ""),
])
def test_bad_records_are_refused_with_the_plain_sentence(mutate, why):
    rec = _record()
    mutate(rec)
    s = spades_session(deal=1)
    game, hist = s.game, s.game.history
    out = s.load(json.dumps(rec))
    assert out.kind == "error"
    assert out.text == LOAD_REFUSED  # one plain sentence; the parser's words folded away in the details
    assert why in out.details
    assert len(out.details) < 400
    assert s.game is game and game.history == hist
    # "Next hand" and play go on as before
    rng = random.Random(1)
    for _ in range(20):
        assert learner_move(s, rng).kind in ("ok", "info")


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                       # deep nesting
    '{"format": "tricktutor-hand-record/1", "game": "spades", "x": ' + "9" * 5000 + "}",  # 5,000 digits
    '{"format": "tricktutor-hand-record/1", "game": "spades", "seats": 4.0}',
    "x" * 200,
])
def test_hostile_files_get_the_same_plain_sentence(text):
    s = spades_session(deal=1)
    game = s.game
    out = s.load(text)
    assert out.kind == "error"
    assert out.text == LOAD_REFUSED
    assert out.details and "Traceback" not in out.details and len(out.details) < 400
    assert s.game is game
    assert s.bid(3).kind in ("ok", "info", "error")


def test_a_big_file_is_refused_before_parsing():
    """One limit, HAND_RECORD.md's 10 MB, in one sentence (no details to unfold)."""
    assert MAX_LOAD_BYTES == 10_000_000
    s = spades_session(deal=1)
    assert s.load(b" " * (6 * 1024 * 1024)).details  # 6 MB is under the limit: read, and not a record
    out = s.load(b" " * 11_000_000)
    assert out.kind == "error" and out.details == ""
    assert out.text == ("This file is 11.0 MB, too big to be a saved game (at most 10 MB), so nothing was loaded "
                        "and your game is unchanged.")


def test_load_then_next_hand_uses_the_saved_first_deal():
    rng = random.Random(6)
    s = spades_session(deal=404)
    while s.game.phase is not Phase.DEAL:
        learner_move(s, rng)
    rec = s.save()
    other = spades_session(deal=1)
    assert other.load(json.dumps(rec)).ok
    assert other.next_hand().kind == "info"
    deals = [a for a in other.game.history if isinstance(a, Deal)]
    assert len(deals) == 2 and deals[-1].number == 405  # hand 2 is deal first_deal + 1


def test_table_widget_draws_the_session():
    t = new_spades_table(deal_number=7, level=1)
    assert t.session.game is t.game
    assert "tt-game-table" in t._dom_classes and "tt-table" not in t._dom_classes
    t.look()
    t.click_bid(3)
    assert t.session.events == t.events
    assert "You bid 3." in t.events


def test_undo_of_a_blind_nil_keeps_the_cards_seen():
    # after Blind Nil the learner sees the cards to choose the exchange: taking the
    # bid back must not offer Blind Nil again with those cards in view (SP-10)
    s = spades_session(deal=99)
    g = s.game
    assert g.view(SOUTH).hand is None
    assert s.bid(0, blind=True).ok
    assert g.view(SOUTH).hand is not None
    out = s.undo()
    assert out.text.startswith("Taken back: your bid of Blind Nil")
    assert g.phase is Phase.BIDDING and g.bids[SOUTH] is None
    assert g.view(SOUTH).hand is not None and g.has_looked(SOUTH)
    assert s.bid(0, blind=True).verdict.reason is Reason.BLIND_NIL_AFTER_LOOKING


def test_engine_messages_name_the_seats_as_the_table_does():
    s = oh_session(players=3, learner_seat=0)
    # the engine's sentence, its seats given as data, said with the table's names
    assert s.speak(Msg("GAME_OVER.seats", {"winners_and": [0], "points": 10, "rule": "OH-12"})) == (
        "The game is over: You won with 10 points.")
    assert s.speak(Msg("GAME_OVER.seats", {"winners_and": [1, 2], "points": 10, "rule": "OH-12"})) == (
        "The game is over: Ada and Ben won with 10 points.")
    assert s.name(0, you=False) == "You" and s.label(0) == "You"
