"""The draw drill of Spades for two (tutor.drills.draw, SP-2P-2), headless.

The judgement must be the engine's draw policy; the problem must be a real
moment of an engine draw (rebuilt here from its deal number and checked);
a ✓ only for the judged choice; no hint; a double answer changes nothing.
"""
from __future__ import annotations

import re

import pytest

from engine import DECK, Phase, Suit, SpadesTwoGame
from tutor.drills import DrawDrill, DrawProblems
from tutor.drills.draw import RULE, explain, judge_draw


def rebuild(p):
    """The problem's game, rebuilt from its deal number with the engine's
    policy drawing for both players until the problem's seat and draw."""
    g = SpadesTwoGame(dealer=p.dealer, first_deal=p.deal_number, auto_deal=True)
    while not (g.to_act == p.seat and len(g.view(p.seat).hand) == p.draw - 1):
        seat = g.to_act
        g.draw(seat, judge_draw(g.view(seat))[0])
    return g


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_problems_are_real_draw_positions_judged_by_the_engine(seed):
    stream = DrawProblems(seed)
    for _ in range(3):
        p = stream.next()
        g = rebuild(p)
        view = g.view(p.seat)
        assert g.phase is Phase.DRAW and view.draw_card == p.top
        assert view.hand == p.hand and tuple(view.discards) == p.discards
        assert view.pack_left == p.pack_left and 2 <= p.draw <= 12
        assert len(p.hand) == len(p.discards) == p.draw - 1
        assert (p.keep, p.reason) == judge_draw(view)
        # the next card, as the engine draws it
        g.draw(p.seat, True)
        assert set(g.view(p.seat).discards) - set(p.discards) == {p.next_card}
        assert p.next_card in p.unseen and p.top not in p.unseen
        assert len(p.unseen) == 52 - 2 * (p.draw - 1) - 1


def test_the_same_seed_gives_the_same_problems():
    a, b = DrawProblems(42), DrawProblems(42)
    assert [a.next() for _ in range(3)] == [b.next() for _ in range(3)]


def test_trade_off_numbers_are_counted_over_the_unseen_cards():
    from engine.games.spades_two import standard_keep
    for seed in (7, 8):
        p = DrawProblems(seed).next()
        t = p.trade_off()
        seen = set(p.hand) | set(p.discards) | {p.top}
        unseen = [c for c in DECK if c not in seen]
        keepers = [c for c in unseen if standard_keep(c)]
        assert t == {"unseen": len(unseen), "keepers": len(keepers),
                     "spades": sum(c.suit is Suit.SPADES for c in keepers),
                     "high": sum(c.suit is not Suit.SPADES for c in keepers)}
        words = explain(p, True)
        pct = f"{round(100 * len(keepers) / len(unseen))}%"
        assert (f"one of the {len(unseen)} cards you have not seen, and {len(keepers)} of them ({pct}) are cards "
                f"the policy would keep ({t['spades']} spade") in words
        assert words.startswith(f"You chose to keep the {p.top.display}.") and words.endswith(p.reason)
        assert explain(p, False).startswith("You chose to pass it and take the next card. Passing gives up the")


def test_a_tick_only_for_the_judged_choice():
    d = DrawDrill(seed=3)
    p = d.problem
    d.choose(p.keep)
    assert d.feedback.kind == "ok" and d.last_correct and d.streak == 1 and not d.mistakes
    assert f"The next card was the {p.next_card.display}" in d.feedback.text
    d.next()
    q = d.problem
    assert q != p and d.feedback.kind == ""
    d.choose(not q.keep)
    assert d.feedback.kind == "error" and d.last_correct is False and d.streak == 0
    assert d.mistakes[RULE] == 1 and d.best_streak == 1
    judged = f"keep the {q.top.display}" if q.keep else "pass it and take the next card"
    assert f"The drill's judgement: {judged}" in d.feedback.text


def test_a_second_answer_changes_nothing():
    d = DrawDrill(seed=5)
    p = d.problem
    d.choose(not p.keep)
    state = (d.streak, dict(d.mistakes), d.feedback.text, d.last_correct)
    d.choose(p.keep)  # a double click, or a change of mind after seeing the answer
    d.keep()
    assert (d.streak, dict(d.mistakes), d.feedback.text, d.last_correct) == state
    assert d.note.kind == "info" and "press Next" in d.note.text


def test_no_hint_and_the_answer_is_not_on_screen_before_choosing():
    d = DrawDrill(seed=8)
    buttons = [w for w in d.children if hasattr(w, "description")] + list(d.buttons.children)
    assert d.keep_button in buttons and d.take_button in buttons
    assert not [b for b in buttons if "hint" in b.description.lower()]
    p = d.problem
    screen = d.title.value + d.info.value + d.stats.value + d.keep_button.tooltip + d.take_button.tooltip
    assert p.next_card.code not in re.findall(r"data-card='(..)'", screen)
    assert p.reason not in screen and "judgement:" not in screen
    assert f"Keep the {p.top.display}?" in d.info.value
    assert f"data-card='{p.top.code}'" in d.info.value


def test_skip_breaks_the_streak_and_next_after_an_answer_does_not():
    d = DrawDrill(seed=11)
    d.choose(d.problem.keep)
    d.next()
    assert d.streak == 1
    d.next()  # skipped without answering
    assert d.streak == 0


def test_a_callback_exception_is_caught_and_shown(monkeypatch):
    d = DrawDrill(seed=2)
    import tutor.drills.draw as mod

    def boom(p, keep):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(mod, "explain", boom)
    d.keep()
    assert d.feedback.kind == "bug" and "kaboom" in d.feedback.text
    assert not d.answered and d.streak == 0 and not d.mistakes


def test_the_app_lists_the_draw_drill():
    from tutor.app import TrickTutorApp
    app = TrickTutorApp(seed=2)
    app._drill_game.value = "spades_two"
    assert app._drill_tabs.titles == ("The draw",)
    drill = app.drills["spades_two"][0]
    assert isinstance(drill, DrawDrill)
    app._drill_game.value = "spades"
    assert app._drill_tabs.titles == app.DRILL_TITLES and app._drill_tabs.selected_index == 0


def test_the_stated_policy_and_its_reasons_agree_with_the_engine_for_every_card():
    """POLICY's words and every reason the drill gives name the decision of
    engine.games.spades_two.standard_keep, for each of the 52 cards."""
    from engine.games.spades_two import standard_keep
    from tutor.drills.draw import POLICY, policy_reason
    assert POLICY.startswith("keep a spade (spades are always trump), or a queen, a king or an ace; pass anything")
    for top in DECK:
        keep = standard_keep(top)
        why = policy_reason(top, keep)
        assert not why.startswith("the standard draw policy"), (top, why)  # the words fit the decision
        if top.suit is Suit.SPADES:
            assert keep and "keeps every spade" in why
        elif top.rank >= 12:
            assert keep and "keeps every queen, king and ace" in why
        else:
            assert not keep and "passes such a card" in why
    # a decision the words would not explain is stated without a reason
    ace = next(c for c in DECK if c.code == "AH")
    assert policy_reason(ace, False) == "the standard draw policy passes the A♥."
