"""Headless tests of the table for Spades for two (tutor.table_two, SP-2P-1…6).

The learner acts through the table's buttons (``button.click()``) and card
clicks; every rule decision, the draw and the score are checked against the
engine (a second game replaying the same actions), never re-derived here.
Computer players are level 1 unless a test says otherwise (fast, reproducible).
"""
from __future__ import annotations

import json
import random
import re

import pytest

from engine import Phase, SpadesRules, SpadesTwoGame
from engine.record import game_to_record
from tutor.table import GameTable, new_spades_table
from tutor.table_two import (LEARNER_SEAT, SpadesTwoTable, TwoPlayerSession, draw_question,
                             new_spades_two_table)

ME = LEARNER_SEAT
BOT = 1 - LEARNER_SEAT
CODE = re.compile(r"data-card='([2-9TJQKA][CDHS])'")


def make_table(deal: int = 11, level: int = 1, **kw) -> SpadesTwoTable:
    return new_spades_two_table(deal_number=deal, level=level, seed=3, **kw)


def shown_html(t: SpadesTwoTable) -> str:
    """Everything the learner sees as HTML or text (the hand widget aside)."""
    parts = [t._title.value, t._status.value, t._info_html.value, t._table_html.value, t.draw_html,
             t._last_trick_html.value, t._log_html.value, t._result_html.value, t.feedback.value,
             t._hint_html.value, "\n".join(t.events)]
    parts += [b.description + " " + b.tooltip for b in (t.draw_buttons or ())]
    return "\n".join(parts)


def hidden_from_learner(t: SpadesTwoTable) -> set:
    """Cards the learner may not see now: the computer player's hand and
    discards, and the pack below the top card (omniscient test access)."""
    g = t.game
    bot = g.view(BOT)
    hidden = set(g.hand_of(BOT)) | set(bot.discards or ())
    if g.phase is Phase.DRAW:
        me = g.view(ME)
        seen = set(me.hand or ()) | set(me.discards or ()) | ({me.draw_card} if me.draw_card else set())
        from engine import DECK
        hidden |= {c for c in DECK if c not in seen and c not in set(bot.hand or ()) | set(bot.discards or ())}
    return hidden


def assert_no_leak(t: SpadesTwoTable) -> None:
    hidden = hidden_from_learner(t)
    text = shown_html(t)
    codes = set(CODE.findall(text))
    assert not codes & {c.code for c in hidden}, sorted(codes & {c.code for c in hidden})
    words = {c.display for c in hidden}
    leaked = [w for w in words if re.search(rf"(?<![\d♠♥♦♣]){re.escape(w)}", text)]
    assert leaked == [], leaked
    assert set(t.hand_widget.cards) <= {c.code for c in (t.game.view(ME).hand or ())}


def learner_step(t: SpadesTwoTable, rng: random.Random, bids=(2, 3, 4)) -> None:
    """One learner decision through the widgets, checking the widgets offer what the engine allows."""
    g = t.game
    assert ME in g.seats_to_act, (g.phase, g.seats_to_act)
    if g.phase is Phase.DRAW:
        keep, take = t.draw_buttons
        n = len(g.history)
        (keep if rng.random() < 0.5 else take).click()
        assert t.feedback.kind == "ok", t.feedback.text
        assert len(g.history) > n
    elif g.phase is Phase.BIDDING:
        legal = sorted(b.value for b in g.legal_bids(ME))
        assert legal == list(range(0, 14))
        assert [b.description for b in t._bid_buttons] == ["Nil"] + [str(v) for v in range(1, 14)]
        t._bid_buttons[rng.choice(bids)].click()
        assert t.feedback.kind == "ok", t.feedback.text
    else:
        legal = [c.code for c in g.legal_plays(ME)]
        assert t.hand_widget.playable == legal
        n = len(g.history)
        t.click_card(rng.choice(legal))
        assert t.feedback.kind == "ok", t.feedback.text
        assert len(g.history) > n


# ------------------------------------------------------------------ the table
def test_factory_and_seats_option():
    t = make_table()
    assert isinstance(t, SpadesTwoTable) and isinstance(t, GameTable)
    assert isinstance(t.session, TwoPlayerSession)
    assert t.game.n_seats == 2 and t.learner_seat == ME == 1
    assert t.seat_names == ("Ada", "You") if ME == 1 else ("You", "Ada")
    t2 = new_spades_table(deal_number=11, level=1, seats=2)
    assert isinstance(t2, SpadesTwoTable) and t2.game.first_deal == 11
    with pytest.raises(ValueError):
        new_spades_table(deal_number=1, seats=3)
    assert not isinstance(new_spades_table(deal_number=1, level=1), SpadesTwoTable)


def test_the_draw_is_shown_card_by_card_in_words():
    t = make_table()
    g = t.game
    view = g.view(ME)
    assert g.phase is Phase.DRAW and view.dealer == 0 and g.to_act == ME  # the non-dealer draws first (SP-2P-2)
    top = view.draw_card
    assert draw_question(top) == (f"Keep the {top.display}? If you keep it, you'll see the next card and discard "
                                  f"it. If you pass it, you take the next card, whatever it is.")
    assert draw_question(top) in t.draw_html.replace("&#x27;", "'")
    assert f"data-card='{top.code}'" in t.draw_html
    assert "52 cards" in t.draw_html and "your draw 1 of 13" in t.draw_html
    keep, take = t.draw_buttons
    assert keep.description == f"Keep the {top.display}" and take.description == "Pass it: take the next card"
    assert t.hand_widget.cards == [] and "nothing kept yet" in t.hand_widget.label
    assert t.status_text.startswith(f"Your draw (1 of 13): keep the {top.display}")

    keep.click()  # keep: the top card to the hand, the next card seen and discarded
    me = g.view(ME)
    assert me.hand == (top,) and len(me.discards) == 1
    gone = me.discards[0]
    assert t.feedback.kind == "ok" and t.last_verdict.rule == "SP-2P-2"
    assert t.feedback.text.startswith(f"You kept the {top.display} and discarded the next card, the {gone.display}.")
    # the computer player drew after the learner: its choice in words, never its cards
    bot_choice = [k for s, k in me.draw_log if s == BOT]
    assert len(bot_choice) == 1
    words = "kept the first" if bot_choice[0] else "took the second"
    assert f"Ada {words} card." in t.feedback.text
    assert f"Ada's draws (1): {words}." in t.draw_html.replace("&#x27;", "'")
    assert "48 cards" in t.draw_html and "your draw 2 of 13" in t.draw_html
    assert f"data-card='{gone.code}'" in t.draw_html  # the learner's own discard is shown
    assert t.hand_widget.cards == [top.code] and t.hand_widget.highlighted == [top.code]

    top2 = me.draw_card
    t.draw_buttons[1].click()  # pass: the top card discarded, the next card taken whatever it is
    me = g.view(ME)
    got = next(iter(set(me.hand) - {top}))
    assert top2 in me.discards and got not in me.discards and len(me.hand) == 2
    assert t.feedback.text.startswith(f"You passed the {top2.display} (discarded) and took the next card: "
                                      f"the {got.display}.")
    assert t.events[1:3] == [f"You kept the {top.display} and discarded the {gone.display}.", f"Ada {words} card."]
    assert f"You passed the {top2.display} and took the {got.display}." in t.events
    assert_no_leak(t)


def test_a_full_hand_by_clicks_ends_with_the_engines_score():
    t = make_table(deal=2024)
    rng = random.Random(5)
    steps = 0
    while t.game.phase is not Phase.DEAL:
        learner_step(t, rng)
        assert_no_leak(t)
        assert "Player 1" not in shown_html(t) and "Player 2" not in shown_html(t)  # "You" and "Ada" here
        steps += 1
        assert steps < 200
    g = t.game
    assert len(g.results) == 1
    r = g.results[0]
    assert len(r.tricks) == 13 and all(len(tr.cards) == 2 for tr in r.tricks)  # two-card tricks (SP-2P-4)
    # the same actions replayed by a second engine game give the same score
    twin = SpadesTwoGame(dealer=0, first_deal=2024, auto_deal=False)
    for a in g.history:
        twin.apply(a)
    assert twin.results[0].points == r.points and twin.scores == g.scores
    # what the table shows is the engine's score
    sentences, items = t.session.hand_result()
    assert sum(p for who, _i, p, _r in items if who == "You") == r.points[ME]
    assert sum(p for who, _i, p, _r in items if who == "Ada") == r.points[BOT]
    assert f"You: <b>{g.scores[ME]}</b>" in t._info_html.value
    assert f"Ada: <b>{g.scores[BOT]}</b>" in t._info_html.value
    assert "Hand 1 result" in t._result_html.value and t._next_btn in t._action_box.children
    for line in r.score_lines:
        assert line.rule in t._result_html.value
    # the per-player score sheet
    sheet = t._scoresheet
    assert sheet is not None
    frame = __import__("tutor.scoresheet", fromlist=["running_totals_frame"]).running_totals_frame(
        g, names=t.seat_names)
    assert list(frame.iloc[-1][["You", "Ada"]]) == [g.scores[ME], g.scores[BOT]]
    # the next hand: the deal alternates (SP-2P-6)
    t.click_next_hand()
    assert g.phase is Phase.DRAW and g.view(ME).dealer == 1 and g.to_act == BOT or g.to_act == ME
    assert g.view(ME).dealer == ME


def test_a_nil_hand_is_told_in_the_tables_names():
    t = make_table(deal=6)
    g = t.game
    while g.phase is not Phase.DEAL:
        if g.phase is Phase.DRAW:
            t.click_take_next()
        elif g.phase is Phase.BIDDING:
            t.click_bid(0)
        else:
            t.click_card(g.legal_plays(ME)[-1].code)
    r = g.results[0]
    sentences, items = t.session.hand_result()
    took = r.tricks_won[ME]
    assert took > 0 and r.bids[ME] == "nil"  # this deal's Nil fails: its lines are the engine's SP-8, SP-19
    assert sentences[ME] == (f"You bid Nil and took {took}: Nil failed (you) −100, failed Nil tricks are bags "
                             f"(you) +{took}: −{100 - took} in all (SP-8, SP-19).")
    assert [(i, p, rule) for who, i, p, rule in items if who == "You"] == [
        ("Nil failed (you)", -100, "SP-8"), ("failed Nil tricks are bags (you)", took, "SP-19")]
    assert r.points[ME] == took - 100
    # the engine's sentences name the players as the table does (their seats given as data)
    from engine.message import Msg
    assert t.session.speak(Msg("NOT_YOUR_TURN.bid_two", {"to_act": BOT, "dealer": ME, "rule": "SP-2P-3"})) == (
        "It is Ada's turn to bid: the non-dealer bids first, then the dealer (you dealt) (SP-2P-3).")


def test_double_click_on_a_draw_button_loses_nothing():
    t = make_table()
    g = t.game
    keep, _take = t.draw_buttons
    top = g.view(ME).draw_card
    keep.click()
    after = g.history
    view = g.view(ME)
    keep.click()  # the same button again: it was about the top card already decided on
    assert g.history == after and g.view(ME) == view
    assert t.feedback.kind == "info" and f"about the {top.display}, which you have already decided on" in \
        t.feedback.text
    # the buttons of the decision now on screen still work
    n = len(view.hand)
    t.draw_buttons[0].click()
    assert len(g.view(ME).hand) == n + 1


def test_out_of_turn_clicks_lose_nothing():
    t = make_table()
    g = t.game
    t.click_keep()
    code = g.view(ME).hand[0].code
    before = g.history
    t.click_card(code)  # a card click during the draw: not a time to play (the engine's timing refusal)
    assert g.history == before and t.feedback.kind == "info" and t.last_verdict.is_timing
    t.click_bid(3)
    assert g.history == before and t.feedback.kind == "info"
    out = t.session.bid(3)
    assert out.kind == "info" and out.verdict is not None and out.verdict.is_timing
    # finish the draw, then an old draw button and a draw outside the draw
    while g.phase is Phase.DRAW:
        old = t.draw_buttons
        t.click_take_next()
    before = g.history
    old[0].click()
    assert g.history == before and t.feedback.kind == "info"
    t.click_keep()
    assert g.history == before and t.feedback.kind == "info"
    out = t.session.draw(True)
    assert out.kind == "info" and g.history == before
    assert t.session.draw("yes").kind in ("info", "error") and g.history == before


def test_bidding_is_0_to_13_without_blind_nil():
    t = make_table()
    g = t.game
    while g.phase is Phase.DRAW:
        t.click_keep()
    assert g.phase is Phase.BIDDING and ME in g.seats_to_act
    assert len(g.view(ME).hand) == 13 and len(g.view(ME).discards) == 13
    assert t._look_btn.layout.display == "none" and t._blind_btn.layout.display == "none"
    assert [b.description for b in t._bid_buttons] == ["Nil"] + [str(v) for v in range(1, 14)]
    before = g.history
    out = t.session.bid(0, blind=True)
    assert out.kind == "error" and out.verdict.rule == "SP-2P-1" and g.history == before
    t.click_bid(14)
    assert t.feedback.kind == "error" and g.history == before
    t.click_bid(4)
    assert t.feedback.kind == "ok" and g.bids[ME] == 4


def test_undo_never_takes_back_a_draw_but_takes_back_a_bid():
    t = make_table()
    g = t.game
    t.click_keep()
    before = g.history
    t.click_undo()
    assert g.history == before and t.feedback.kind == "info" and "cannot be taken back" in t.feedback.text
    while g.phase is Phase.DRAW:
        t.click_take_next()
    drawn = g.view(ME).hand
    t.click_bid(3)
    assert g.bids[ME] == 3
    t.click_undo()
    assert g.phase is Phase.BIDDING and g.bids[ME] is None and g.view(ME).hand == drawn
    assert ME in g.seats_to_act


def test_a_callback_exception_is_caught_and_shown(monkeypatch):
    t = make_table()
    before = t.game.history

    def boom(keep):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(t.session, "draw", boom)
    t.click_keep()
    assert t.feedback.kind == "bug" and "kaboom" in t.feedback.text and t.game.history == before


def test_save_and_load_a_two_player_game_and_refuse_the_other_kind():
    t = make_table()
    g = t.game
    while g.phase is Phase.DRAW:
        t.click_keep()
    t.click_bid(3)
    rec = t.save_record()
    assert rec["seats"] == 2 and rec["tutor"]["learner_seat"] == ME
    other = make_table(deal=99)
    assert other.load_record(json.dumps(rec))
    assert other.game.n_seats == 2 and other.game.bids[ME] == 3 and other.learner_seat == ME
    four = new_spades_table(deal_number=5, level=1)
    before = four.game.history
    assert not four.load_record(rec)
    assert four.feedback.text == ("This file is a saved game of Spades for two: open it at a table for Spades for "
                                  "two. Nothing was loaded here and your game is unchanged.")
    assert four.game.history == before
    rec4 = four.save_record()
    assert not t.load_record(rec4)
    assert t.feedback.text.startswith("This file is a saved game of Spades for four players: open it at a Spades "
                                      "table for four players.") and t.game is g


def test_save_is_refused_during_the_draw_and_offered_after_it():
    t = make_table()
    t.click_keep()
    before = t.game.history
    t._save_btn.click()
    assert t.feedback.kind == "info" and "cannot be saved during the draw" in t.feedback.text
    assert t.download_html == "" and t.game.history == before
    while t.game.phase is Phase.DRAW:
        t.click_keep()
    t._save_btn.click()
    assert t.feedback.kind == "ok" and "tricktutor-game.json" in t.download_html


def test_new_game_keeps_two_players_and_hides_options_two_cannot_use():
    t = make_table()
    hidden = [row.layout.display for row in t._options.spades_box.children]
    from tutor.table_options import SP_ORDER
    from tutor.table_two import OPTIONS_NOT_FOR_TWO
    assert [n for n, d in zip(SP_ORDER, hidden) if d == "none"] == list(OPTIONS_NOT_FOR_TWO)
    t._options.sp["target_score"].value = 200
    t.new_game(77)
    g = t.game
    assert isinstance(g, SpadesTwoGame) and g.first_deal == 77 and g.rules.target_score == 200
    assert g.phase is Phase.DRAW and "game to 200 points" in t._title.value
    assert "Spades for two" in t._title.value


def test_a_whole_game_to_200_through_the_widgets():
    t = new_spades_two_table(deal_number=7, level=1, seed=1, rules=SpadesRules(target_score=200))
    rng = random.Random(9)
    steps = 0
    while not t.game.game_over:
        if t.game.phase is Phase.DEAL:
            t.click_next_hand()
            continue
        learner_step(t, rng, bids=(5,))  # about what random play wins: the game moves on
        steps += 1
        assert steps < 3000
    g = t.game
    dealers = [r.dealer for r in g.results]
    assert all(a != b for a, b in zip(dealers, dealers[1:]))  # the deal alternates (SP-2P-6)
    assert "Game over" in t.status_text and t.session.winners_text() in t.status_text
    assert max(g.scores) >= 200
    rec = game_to_record(g)
    assert rec["seats"] == 2


def test_the_app_offers_spades_for_two():
    from tutor.app import SECTIONS, TrickTutorApp
    app = TrickTutorApp(seed=4)
    app.open_section("Play Spades")
    assert app.spades_table is not None and app.spades_two_table is None
    app.choices["spades"].value = "spades_two"
    t = app.spades_two_table
    assert isinstance(t, SpadesTwoTable) and t.game.phase is Phase.DRAW
    assert t.draw_buttons is not None
    app.open_section("Score sheet")
    assert "Spades for two" in app.scoresheets
    app.choices["spades"].value = "spades"
    boxes = app.game_boxes
    assert boxes["spades_two"].layout.display == "none" and boxes["spades"].layout.display != "none"
    assert "Score sheet" in SECTIONS
