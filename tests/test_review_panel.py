"""The hand review at the table (tutor.review_panel) and the Blind Nil button
under house rule SP-H2, headless (button.click())."""
import json
from pathlib import Path

import pytest

from engine import Bid, Phase, SpadesGame, SpadesRules, solver_dds
from tutor.review_panel import ReviewPanel, practice_game, review_figure
from tutor.table import GameTable, new_spades_table

ROOT = Path(__file__).resolve().parent.parent
COSTLY = ROOT / "examples" / "review_costly_cards.json"
NIL = ROOT / "examples" / "review_nil_broken.json"
needs_dds = pytest.mark.skipif(not solver_dds.available(),
                               reason="endplay (DDS) is not importable: " + solver_dds.UNAVAILABLE_REASON)


def loaded_table(path=COSTLY) -> GameTable:
    t = new_spades_table(deal_number=1, level=1, seed=1)
    assert t.load_record(path.read_text(encoding="utf-8")), t.feedback.text
    return t


def played_table() -> GameTable:
    """Deal 7 at the table, South bids 3 and plays its highest legal card each time."""
    t = new_spades_table(deal_number=7, level=2, seed=1)
    t.look()
    t.click_bid(3)
    while t.game.phase is Phase.PLAY:
        t.click_card(t.game.legal_plays(2)[-1].code)
    return t


def state(game):
    """Everything that must not change when a practice copy is played."""
    return (game.history, game.phase, game.scores, game.bags, game.results, game.tricks_won,
            [game.view(s) for s in range(game.n_seats)], [game.has_looked(s) for s in range(game.n_seats)],
            game.rng.getstate())


COSTLY_TEXTS = [
    "Trick 10: you played 7♠. With best play your side could still take 11 tricks; after 7♠, 10. "
    "Playing 7♣ or 2♠ instead would have kept all 11 tricks within reach.",
    "Trick 12: you played 2♠. With best play your side could still take 10 tricks; after 2♠, 9. "
    "Playing 7♣ instead would have kept all 10 tricks within reach.",
]


def test_panel_lists_the_costly_moments_in_words():
    t = loaded_table()
    p = t._review
    assert t.game.phase is Phase.DEAL and p.layout.display != "none"
    assert p.button.description == "Review hand 1"
    p.click()
    assert p.feedback.kind == "" and p.moment_texts == COSTLY_TEXTS
    shown = [w.value for w in p.moments.children if hasattr(w, "value") and "tt-rv-moment" in w.value]
    assert [s.split(">", 1)[1].rsplit("<", 1)[0] for s in shown] == COSTLY_TEXTS
    replay = [w for w in p.moments.children if getattr(w, "description", "").startswith("Replay")]
    assert [b.description for b in replay] == ["Replay from trick 10", "Replay from trick 12"]
    assert "Your side took 9 tricks." in p.summary_text
    assert "West's Nil (SP-8) could be made with best play from trick 7 on, and no card broke it." in p.summary_text
    # the chart: before / after each of South's 13 cards, the costly ones marked
    fig = p.figure
    before, after, costly = fig.data[:3]
    assert list(before.x) == list(range(1, 14))
    assert list(before.y)[7:] == [11, 11, 11, 10, 10, 9]  # tricks 8-13: the exact solver, DDS or not
    assert list(after.y)[7:] == [11, 11, 10, 10, 9, 9]
    assert list(costly.x) == [10, 12] and list(costly.y) == [10, 9] and list(costly.text) == ["7♠", "2♠"]
    assert p.chart is not None and p.chart.outputs[-1]["data"]["text/plain"].endswith("took 9.")


@needs_dds
def test_panel_double_dummy_count_with_dds():
    p = loaded_table()._review
    p.click()
    assert p.summary_text.startswith("With best play from the deal (all four hands open), North–South take 11 "
                                     "and East–West 2 tricks.")
    # DDS said in a learner's words: what it is, and what it does not know (SP-13)
    assert ("Tricks 1–7 were worked out by DDS, a fast solver made for bridge. It finds the best play with all hands "
            "open but, as in bridge, it may lead a spade before spades are broken, which Spades forbids (SP-13), so "
            "now and then it counts a line of play you could not follow. Tricks 8–13 were worked out by the exact "
            "solver, which follows every rule.") in p.summary_text
    assert "solved by DDS, which does not know" not in p.summary_text
    assert [t["method"] for t in p.result["timeline"]] == ["dds"] * 7 + ["exact"] * 6


def test_without_dds_the_panel_says_unavailable(monkeypatch):
    monkeypatch.setattr(solver_dds, "AVAILABLE", False)
    monkeypatch.setattr(solver_dds, "UNAVAILABLE_REASON", "the DDS solver is unavailable (package endplay is not installed)")
    p = loaded_table()._review
    p.click()
    assert p.feedback.kind == ""
    assert p.summary_text.startswith("How many tricks each side takes with best play from the deal is not shown: "
                                     "that count needs the fast solver (DDS), which is not available here.")
    assert ("Your cards before trick 8 were not reviewed: with more than 6 tricks left the exact solver would take "
            "too long, and the fast solver (DDS) is not available here.") in p.summary_text
    assert "endplay" not in p.summary_text  # the technical reason is folded away
    assert "the DDS solver is unavailable (package endplay is not installed)" in p.notes
    assert "How this review was worked out" in p.summary.value
    assert p.moment_texts == COSTLY_TEXTS  # the exact solver still reviews the last six tricks
    assert list(p.figure.data[0].y)[:7] == [None] * 7


def test_nil_broken_hand():
    p = ReviewPanel.for_record(NIL.read_text(encoding="utf-8"), 2, use_dds=False)
    p.click()
    assert p.moment_texts == ["Trick 9: you played J♣. With best play your side could still take 5 tricks; "
                              "after J♣, 5. Best play for tricks, but this card broke your Nil (SP-8)."]
    assert ("Your Nil (SP-8) could be made with best play from trick 7 on. Trick 9: South's J♣ broke the Nil; "
            "2♣, 4♣ or 6♣ kept it.") in p.summary_text


def test_replay_from_here_leaves_the_real_game_untouched():
    t = played_table()
    g = t.game
    assert t._review.layout.display != "none"
    before = state(g)
    saved = json.dumps(t.save_record(), sort_keys=True)
    p = t._review
    p.click()
    assert p.moment_texts == COSTLY_TEXTS  # the table's own hand is the example record's hand
    p.replay(0)
    practice = p.practice
    assert isinstance(practice, GameTable) and practice.game is not g
    pg = practice.game
    # the copy stands at South's card to trick 10, South to play, 9 tricks done
    assert pg.phase is Phase.PLAY and len(pg.tricks) == 9 and pg.to_act == 2
    assert [c.code for c in pg.view(2).hand] == ["7C", "2S", "6S", "7S"]
    assert sum(pg.view(2).tricks_won) == 9
    # try another card: 2♠ instead of 7♠ and play the hand out
    practice.click_card("2S")
    assert practice.feedback.kind == "ok", practice.feedback.text
    while pg.phase is Phase.PLAY:
        practice.click_card(pg.legal_plays(2)[0].code)
    practice.click_undo()  # the copy's own undo
    assert state(g) == before
    assert json.dumps(t.save_record(), sort_keys=True) == saved
    # the real table still undoes to South's last card of the real hand
    p.close_practice()
    assert p.practice is None and p.practice_box.children == ()
    assert state(g) == before


def test_the_practice_copy_ends_with_its_hand_try_again_or_close():
    """"Replay from trick N" plays that hand only: at its end the result with
    "Try again from trick N" and "Close the practice copy", never a hand 2 of
    another deal nor a review of its own; Try again goes back to the same card."""
    t = played_table()
    g = t.game
    before = state(g)
    p = t._review
    p.click()
    p.replay(0)  # trick 10
    practice = p.practice
    pg = practice.game
    start_hand = [c.code for c in pg.view(2).hand]
    assert practice.single_hand and practice._review_box.layout.display == "none"
    practice.click_card("2S")
    while pg.phase is Phase.PLAY:
        practice.click_card(pg.legal_plays(2)[0].code)
    assert pg.phase is Phase.DEAL and pg.hands_dealt == 1
    assert practice.status_text == "Hand 1 is over: this practice copy ends with its hand."
    shown = list(practice._action_box.children)
    assert practice._next_btn not in shown and practice._result_html in shown
    buttons = [b.description for box in shown for b in getattr(box, "children", ()) if hasattr(b, "description")]
    assert buttons == ["Try again from trick 10", "Close the practice copy"]
    assert practice._review_panel is None  # no review of the practice copy
    practice.click_next_hand()  # the headless "Next hand" is refused too
    assert pg.hands_dealt == 1 and pg.phase is Phase.DEAL
    assert practice.feedback.text == "This practice copy ends with its hand: no next hand is dealt."
    # try again: the same table, back at South's card to trick 10
    p.try_again()
    assert p.practice is practice and practice.game is not pg
    again = practice.game
    assert again.phase is Phase.PLAY and len(again.tricks) == 9 and again.to_act == 2
    assert [c.code for c in again.view(2).hand] == start_hand
    assert practice._action_box.children == () or practice._result_html not in practice._action_box.children
    assert state(g) == before
    # the button under the result does the same
    while again.phase is Phase.PLAY:
        practice.click_card(again.legal_plays(2)[-1].code)
    end = next(box for box in practice._action_box.children if "tt-rv-practice-end" in box._dom_classes)
    end.children[0].click()
    assert practice.game.phase is Phase.PLAY and len(practice.game.tricks) == 9
    end.children[1].click()  # close
    assert p.practice is None and p.practice_box.children == ()
    assert state(g) == before


def test_practice_game_is_built_at_the_trick_asked():
    t = loaded_table()
    g = t.game
    before = state(g)
    pg = practice_game(g, 2, 1, 12)
    assert len(pg.tricks) == 11 and pg.to_act == 2 and [c.code for c in pg.view(2).hand] == ["7C", "2S"]
    assert state(g) == before
    with pytest.raises(ValueError, match="trick 14"):
        practice_game(g, 2, 1, 14)


def test_panel_shows_only_after_a_hand_and_clears_for_the_next():
    t = new_spades_table(deal_number=7, level=2, seed=1)
    assert t._review.layout.display == "none"
    t._review.click()
    assert t._review.feedback.text == "The review is ready when the hand is over."
    t = played_table()
    t._review.click()
    assert t._review.result is not None
    t.click_next_hand()
    assert t._review.layout.display == "none" and t._review.result is None and t._review.moment_texts == []


def test_an_exception_in_the_review_is_shown_and_the_game_goes_on(monkeypatch):
    import engine.review

    def broken(*_a, **_k):
        raise RuntimeError("solver exploded")
    monkeypatch.setattr(engine.review, "review_hand", broken)
    t = loaded_table()
    before = state(t.game)
    t._review.click()
    assert t._review.feedback.kind == "bug" and "solver exploded" in t._review.feedback.text
    assert not t._review.button.disabled
    assert state(t.game) == before
    t.click_next_hand()
    assert t.game.phase is Phase.BIDDING


def test_figure_of_an_unanalysed_hand_is_still_drawn():
    r = {"side": [0, 2], "took": 3, "costly": [], "decisions": [],
         "timeline": [{"trick": 1, "card": "AS", "before": None, "after": None, "method": "unavailable"}]}
    fig = review_figure(r)
    assert list(fig.data[0].y) == [None] and fig.layout.title.text == "Tricks available: your side's best total"


# ------------------------------------------------------------------ Blind Nil and SP-H2
def blind_state(t: GameTable):
    return (t._blind_btn.layout.display, t._blind_note.value, t.status_text)


def test_blind_nil_hidden_when_the_house_rule_says_never():
    t = new_spades_table(deal_number=5, level=1, rules=SpadesRules(blind_nil="never"))
    g = t.game
    assert g.phase is Phase.BIDDING and g.view(2).hand is None and 2 in g.seats_to_act
    assert not any(b.blind for b in g.legal_bids(2))
    display, note, status = blind_state(t)
    assert display == "none" and note == ""
    assert t._look_btn.layout.display != "none"
    assert status == "Your turn to bid. Look at your cards first, then bid (no Blind Nil now, SP-H2)."


def test_blind_nil_hidden_with_the_rule_in_a_tooltip_when_not_100_behind():
    t = new_spades_table(deal_number=5, level=1, rules=SpadesRules(blind_nil="behind_100"))
    display, note, _ = blind_state(t)
    assert display == "none"
    msg = t.game.check_bid(2, 0, blind=True).message
    assert msg.startswith("Blind Nil is allowed in this game only to a partnership 100 or more points behind")
    import html
    assert f"title='{html.escape(msg)}'" in note
    assert "No Blind Nil now: this game allows it only 100 or more points behind (SP-H2)" in note


def test_blind_nil_offered_when_100_behind():
    rules = SpadesRules(blind_nil="behind_100")
    g = SpadesGame(rules, scores=(0, 100), first_deal=5, auto_deal=False)
    t = GameTable.for_game(g, learner_seat=2, level=1)
    assert Bid(2, 0, True) in t.game.legal_bids(2)
    display, note, status = blind_state(t)
    assert display != "none" and note == ""
    assert status == "Your turn to bid. Bid Blind Nil now, or look at your cards first (SP-10)."
    t.click_blind_nil()
    assert t.feedback.kind == "ok" and t.game.bids[2] == "blind_nil"


def test_blind_nil_offered_under_the_standard_rules():
    t = new_spades_table(deal_number=5, level=1)
    assert blind_state(t)[:2] == ("", "")


def test_oh_hell_table_review_names_the_card_that_lost_the_bid():
    from engine import OhHellRules
    from tutor.table import new_oh_hell_table
    t = new_oh_hell_table(OhHellRules(players=4, hand_sizes=(5,)), deal_number=3, level=1, seed=1)
    t.click_bid(1)
    while t.game.phase is Phase.PLAY:
        t.click_card(t.game.legal_plays(0)[0].code)
    p = t._review
    p.click()
    assert p.feedback.kind == ""
    assert p.summary_text == ("With best play against you (all hands open) you could take at most 0 tricks; "
                              "exactly your bid of 1 could not be made (OH-11).")
    assert p.moment_texts == ["Trick 4: you played J♦. With best play you could take at most 1 trick; after J♦, 0. "
                              "Before it you could still take exactly your bid of 1; after it the others can stop "
                              "you. Playing J♠ keeps the bid makeable."]
    assert [(d["trick"], d["before"], d["after"]) for d in p.result["decisions"]] == [
        (1, 0, 0), (2, 1, 1), (3, 1, 1), (4, 1, 0), (5, 0, 0)]
    assert p.figure.layout.title.text == "Tricks available: your best total"


def test_two_player_record_in_the_panel(monkeypatch):
    rec = (ROOT / "tests" / "records" / "review" / "spades_two_player.json").read_text(encoding="utf-8")
    p = ReviewPanel.for_record(rec, 1)
    p.click()
    assert p.feedback.kind == ""
    assert p.summary_text == ("With best play from the first lead (both hands open), Player 1 takes 5 and Player 2 "
                              "8 tricks (worked out by the exact solver, which follows every rule). You took 6 "
                              "tricks. Player 1's Nil (SP-8) could no longer be made at trick 1: with best play a "
                              "trick could be forced on it.")
    assert [t.split(".")[0] for t in p.moment_texts] == ["Trick 6: you played 4♠", "Trick 7: you played Q♦"]
    assert p.figure.layout.title.text == "Tricks available: your best total"
    p.replay(0)  # a saved two-player game replays at a table for two
    from tutor.table.two import SpadesTwoTable
    assert p.feedback.kind == "" and isinstance(p.practice, SpadesTwoTable)
    assert len(p.practice_game.tricks) == 5 and p.practice_game.to_act == 1
    import engine.review
    monkeypatch.setattr(engine.review, "TWO_PLAYER_EXACT_TRICKS", 8)  # below the whole hand: said plainly
    low = ReviewPanel.for_record(rec, 1)
    low.click()
    assert ("Your cards before trick 6 were not reviewed: with more than 8 tricks left the exact solver would take "
            "too long for a hand of two players.") in low.summary_text
    assert any("two-player hands are solved exactly" in n for n in low.notes)  # the engine's words, folded away


# ------------------------------------------------------------------ two-player Spades: replay at a table for two
def two_state(t):
    """The real two-player table's game as :func:`state` sees it, plus the
    learner's own account of the hand (its draw sentences) and saved record."""
    return state(t.game), list(t.events), json.dumps(t.save_record(), sort_keys=True)


def test_two_player_table_replays_a_costly_moment_at_a_table_for_two():
    from engine import Card, Play, SpadesTwoGame
    from tutor.table.two import SpadesTwoTable, new_spades_two_table
    t = new_spades_two_table(deal_number=11, level=1, seed=3)
    g = t.game
    while g.phase is not Phase.DEAL:  # the learner (seat 1) takes every second card, bids 3, plays high
        if g.phase is Phase.DRAW:
            t.click_take_next()
        elif g.phase is Phase.BIDDING:
            t.click_bid(3)
        else:
            t.click_card(g.legal_plays(1)[-1].code)
        assert t.feedback.kind == "ok", t.feedback.text
    before = two_state(t)
    p = t._review
    p.click()
    assert p.feedback.kind == ""
    assert p.moment_texts[0] == ("Trick 4: you played 10♦. With best play you could still take 6 tricks; after 10♦, "
                                 "5. Playing 5♦ instead would have kept all 6 tricks within reach.")
    p.replay(0)
    assert p.feedback.kind == "", p.feedback.text
    practice = p.practice
    assert isinstance(practice, SpadesTwoTable) and "tt-practice-copy" in practice._dom_classes
    assert practice in p.practice_box.children and practice._game_row.layout.display == "none"
    assert not practice.hints and practice.practice and practice.learner_seat == 1
    pg = practice.game
    assert isinstance(pg, SpadesTwoGame) and pg is not g and pg is p.practice_game
    # the copy stands at the learner's card to trick 4: 3 tricks done, Ada's lead (4♦) on the table, the
    # learner to play with the cards it then held
    plays = [a for a in g.history if isinstance(a, Play)]
    assert plays[6:8] == [Play(0, Card.parse("4D")), Play(1, Card.parse("TD"))]
    assert pg.phase is Phase.PLAY and len(pg.tricks) == 3 and pg.to_act == 1
    assert pg.current_trick.cards == (Card.parse("4D"),)
    assert {c.code for c in pg.view(1).hand} == {a.card.code for a in plays[7:] if a.seat == 1}
    assert [a for a in pg.history if isinstance(a, Play)] == plays[:7] and pg.bids == g.results[0].bids
    assert practice.status_text == "Your turn: click a card to play it."
    # another card: 5♦ instead of 10♦, then the hand played out at the practice table
    practice.click_card("5D")
    assert practice.feedback.kind == "ok", practice.feedback.text
    assert [a for a in pg.history if isinstance(a, Play)][7] == Play(1, Card.parse("5D"))
    while pg.phase is Phase.PLAY:
        practice.click_card(pg.legal_plays(1)[0].code)
        assert practice.feedback.kind == "ok", practice.feedback.text
    assert pg.phase in (Phase.DEAL, Phase.GAME_OVER) and len(pg.results) == 1
    assert two_state(t) == before  # the real game: history, scores, results, views, rng, saved record
    p.close_practice()
    assert p.practice is None and two_state(t) == before


def test_two_player_record_replays_from_the_table_for_two():
    from engine import Card, Play
    from tutor.table.two import SpadesTwoTable, new_spades_two_table
    rec = (ROOT / "tests" / "records" / "review" / "spades_two_player.json").read_text(encoding="utf-8")
    t = new_spades_two_table(deal_number=5, level=1, seed=1)
    assert t.load_record(rec), t.feedback.text
    before = two_state(t)
    p = t._review
    p.click()
    assert [m.split(".")[0] for m in p.moment_texts] == ["Trick 6: you played 4♠", "Trick 7: you played Q♦"]
    assert p.moment_texts[1].endswith("Playing 10♣, J♣, Q♣ or A♣ instead would have kept all 8 tricks within reach.")
    p.replay(1)
    practice, pg = p.practice, p.practice_game
    assert isinstance(practice, SpadesTwoTable) and practice.game is pg
    # trick 7 of the record: the learner (Player 2, seat 1) won trick 6 and leads with Q♦, A♣ … 3♣ left
    assert len(pg.tricks) == 6 and pg.to_act == 1
    assert sorted(c.code for c in pg.view(1).hand) == sorted(["QD", "AC", "QC", "JC", "TC", "3C", "5D"])
    practice.click_card("7H")  # a card the learner does not hold: refused, nothing changes
    assert practice.feedback.kind == "error" and "You don't hold the 7♥" in practice.feedback.text
    assert len(pg.tricks) == 6 and pg.to_act == 1 and len(pg.view(1).hand) == 7
    practice.click_card("AC")
    assert practice.feedback.kind == "ok", practice.feedback.text
    assert [a for a in pg.history if isinstance(a, Play)][12] == Play(1, Card.parse("AC"))
    assert two_state(t) == before
    # a second Replay replaces the copy; the real game still untouched
    p.replay(0)
    assert p.practice is not practice and len(p.practice_game.tricks) == 5 and p.practice_game.to_act == 1
    assert two_state(t) == before
