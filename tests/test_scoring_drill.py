"""Headless tests of the scoring drill (tutor.drills.ScoringDrill).

The expected points and bags are worked out here from RULES.md with the
values written out (EX-S4, EX-S5 …) or asked of the engine's scorers; the
drill must pass the engine's score on unchanged and tally mistakes by rule.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine import Bid, OhHellRules, score_spades_side
from engine.games.oh_hell import score_oh_hell_seat
from tutor.drills import ScoringDrill, ScoringProblems
from tutor.drills.scoring import OH_HELL_KINDS, SPADES_KINDS, ScoringProblem, parse_points


def load(drill: ScoringDrill, problem: ScoringProblem) -> ScoringDrill:
    drill._load(problem)
    return drill


def spades_problem(kind, bids, tricks, before) -> ScoringProblem:
    lines, points, after = score_spades_side(0, list(bids), list(tricks), before)
    return ScoringProblem("spades", kind, SPADES_KINDS[kind], tuple(bids), tuple(tricks), before, 13,
                          None, tuple(lines), points, after)


# ------------------------------------------------------------------ problems
@pytest.mark.parametrize("seed", range(40))
def test_every_spades_kind_exercises_its_rule(seed):
    st = ScoringProblems("spades", seed)
    for kind, rule in SPADES_KINDS.items():
        p = st.make(kind)
        assert sum(p.tricks) <= 13 and 0 <= p.bags_before <= 9
        lines, points, after = score_spades_side(0, list(p.bids), list(p.tricks), p.bags_before)
        assert (list(p.lines), p.points, p.bags_after) == (lines, points, after)  # the engine's answer
        penalties = [l.points for l in p.lines if l.rule == "SP-20"]
        assert penalties == {"penalty": [-100], "double_penalty": [-200]}.get(kind, [])
        assert any(l.rule == rule for l in p.lines)
        if kind == "made":
            assert p.bags_after == p.bags_before
        if kind == "overtricks":
            assert p.bags_after > p.bags_before


@pytest.mark.parametrize("seed", range(40))
def test_every_oh_hell_kind_exercises_its_rule(seed):
    st = ScoringProblems("oh_hell", seed)
    for kind, rule in OH_HELL_KINDS.items():
        p = st.make(kind)
        (line,) = p.lines
        assert line == score_oh_hell_seat(0, p.bids[0], p.tricks[0], p.hand_size, p.rules)
        assert line.rule == rule and p.bags_after is None


def test_kinds_come_in_cycles_and_a_missed_kind_comes_back():
    st = ScoringProblems("spades", 3)
    kinds = [st.next().kind for _ in range(len(SPADES_KINDS))]
    assert sorted(kinds) == sorted(SPADES_KINDS)
    st.ask_again("nil_failed")
    st.next()
    assert st.next().kind == "nil_failed"
    with pytest.raises(ValueError):
        st.ask_again("exact")  # an Oh Hell kind


# ------------------------------------------------------------------ Spades drill
def test_ex_s4_made_with_two_bags_right_answer():
    d = load(ScoringDrill("spades", seed=1), spades_problem("overtricks", (Bid(0, 2), Bid(2, 3)), (4, 3), 0))
    assert "Bid" in d.problem_html.value and "0 bags" in d.problem_html.value
    d.answer(52, 2)  # EX-S4: bid 5, won 7 → 50 + 2 bags
    assert d.last_correct is True and d.feedback.kind == "ok" and d.streak == 1
    assert "contract made" in d.lines_html.value and "SP-17" in d.lines_html.value
    assert d.mistakes == Counter()


def test_ex_s5_penalty_wrong_answer_is_explained_and_tallied_by_rule():
    # EX-S5's third hand: 6 bags before, bid 4, won 9 → 5 bags: 11 → −100, 1 carried
    d = load(ScoringDrill("spades", seed=2), spades_problem("penalty", (Bid(0, 2), Bid(2, 2)), (5, 4), 6))
    d.answer(45, 11)
    assert d.last_correct is False and d.feedback.kind == "error"
    assert d.problem.points == 40 + 5 - 100 and d.problem.bags_after == 1
    assert "-55" in d.feedback.text and "1 bag" in d.feedback.text
    assert "bag penalty" in d.lines_html.value and "SP-20" in d.lines_html.value
    assert "6 before + 5 this hand = 11" in d.lines_html.value
    assert d.mistakes == Counter({"SP-20": 1}) and d.streak == 0
    d.answer(-55, 1)  # one answer per hand
    assert d.note.kind == "info" and d.problems_done == 1


def test_two_penalties_in_one_hand():
    # 9 bags before; bid 1 + 1 and take all 13: 11 bags → 20 → two penalties, 0 carried (SP-20)
    d = load(ScoringDrill("spades", seed=3), spades_problem("double_penalty", (Bid(0, 1), Bid(2, 1)), (6, 7), 9))
    d.answer("−169", "0")  # a typographic minus is accepted
    assert d.problem.points == 20 + 11 - 200 and d.last_correct is True


def test_failed_nil_tricks_are_bags_and_blind_nil_scores_200():
    p = spades_problem("nil_failed", (Bid(0, 0), Bid(2, 4)), (2, 5), 3)
    d = load(ScoringDrill("spades", seed=4), p)
    # Nil failed −100; its 2 tricks are bags +2 (SP-19); contract 4 made with 5: 40 + 1
    assert (p.points, p.bags_after) == (-100 + 2 + 40 + 1, 6)
    d.answer(-57, 6)
    assert d.last_correct is True and "SP-19" in d.lines_html.value
    b = spades_problem("blind_nil", (Bid(0, 3), Bid(2, 0, blind=True)), (3, 0), 0)
    assert (b.points, b.bags_after) == (200 + 30, 0)


def test_empty_or_bad_answers_are_refused_without_counting():
    d = ScoringDrill("spades", seed=5)
    d.answer(None, None)
    assert d.note.kind == "info" and "Type the points and the bag count" in d.note.text
    d.answer("fifty", 2)
    assert d.note.kind == "info" and "not a whole number" in d.note.text
    d.answer(10, None)
    assert d.note.kind == "info"
    assert d.problems_done == 0 and d.mistakes == Counter() and not d.answered


def test_impossible_bag_count_is_refused_not_graded():
    """Bags -1 is impossible input (a bag count starts at 0, SP-20): refused with
    a note, never graded as a mistake; and the note goes when a real answer comes."""
    d = load(ScoringDrill("spades", seed=2), spades_problem("penalty", (Bid(0, 2), Bid(2, 2)), (5, 4), 6))
    d.answer("abc", 1)
    assert d.note.text == "“abc” is not a whole number: type a whole number, such as 52 or -40."
    d.answer(-55, -1)
    assert d.note.kind == "info"
    assert d.note.text == ("“-1” cannot be a bag count: bags are counted from 0 up. Type North–South's bags after "
                           "this hand.")
    assert not d.answered and d.problems_done == 0 and d.mistakes == Counter() and d.streak == 0
    assert d.feedback.kind == "" and d.last_correct is None
    d.answer(-55, "−3")  # a typographic minus is no way round it
    assert d.note.text.startswith("“−3” cannot be a bag count") and not d.answered
    d.answer(-55, 1)
    assert d.last_correct is True and d.note.text == "" and d.feedback.kind == "ok"


def test_next_clears_the_old_feedback_and_skipping_ends_the_streak():
    d = ScoringDrill("spades", seed=6)
    d.answer(d.problem.points, d.problem.bags_after)
    assert d.streak == 1 and d.feedback.kind == "ok"
    d.next()
    assert d.feedback.kind == "" and d.lines_html.value == "" and d.points_box.value == ""
    assert d.check_button.disabled is False
    d.next()  # skipped without an answer
    assert d.streak == 0 and d.best_streak == 1


# ------------------------------------------------------------------ Oh Hell drill
def test_oh_hell_points_only_and_the_variations():
    d = ScoringDrill("oh_hell", seed=7)
    assert d.bags_box.layout.display == "none"
    exact = OhHellRules(players=4, hand_sizes=(5,))
    line = score_oh_hell_seat(0, 4, 4, 5, exact)
    load(d, ScoringProblem("oh_hell", "exact", "OH-11", (4,), (4,), 0, 5, exact, (line,), line.points, None))
    d.answer(14)  # EX-O2
    assert d.last_correct is True
    v7 = OhHellRules(players=4, hand_sizes=(5,), tricks_always_count=True)
    line = score_oh_hell_seat(0, 3, 4, 5, v7)
    load(d, ScoringProblem("oh_hell", "tricks_count", "OH-V7", (3,), (4,), 0, 5, v7, (line,), line.points, None))
    assert "tricks always count (OH-V7): <b>on</b>" in d.problem_html.value
    d.answer(0)  # EX-O5: bid 3, won 4 → 4 with OH-V7
    assert d.last_correct is False and d.problem.points == 4
    assert d.mistakes == Counter({"OH-V7": 1}) and "OH-V7" in d.lines_html.value
    v8 = OhHellRules(players=4, hand_sizes=(7,), nil_pays_hand_size=True)
    line = score_oh_hell_seat(0, 0, 0, 7, v8)
    load(d, ScoringProblem("oh_hell", "nil_by_size", "OH-V8", (0,), (0,), 0, 7, v8, (line,), line.points, None))
    d.answer("12")  # EX-O6
    assert d.last_correct is True


def test_same_seed_same_problems():
    a, b = ScoringDrill("spades", seed=9), ScoringDrill("spades", seed=9)
    for _ in range(6):
        assert a.problem == b.problem
        a.next()
        b.next()


def test_parse_points():
    assert parse_points(" +52 ") == 52 and parse_points("−100") == -100 and parse_points("") is None
    for bad in ("5.5", "--3", "4-2", "1" * 31):
        with pytest.raises(ValueError):
            parse_points(bad)


def test_the_app_offers_the_scoring_drill_for_both_games():
    from tutor.app import TrickTutorApp
    app = TrickTutorApp(seed=1)
    app.open_section("Drills")
    assert app.DRILL_TITLES[3] == "Scoring"
    app._drill_tabs.selected_index = 3
    assert isinstance(app.drills["spades"][3], ScoringDrill) and app.drills["spades"][3].game_kind == "spades"
    app._drill_game.value = "oh_hell"
    app._drill_tabs.selected_index = 3
    assert app.drills["oh_hell"][3].game_kind == "oh_hell"
