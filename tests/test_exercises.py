"""Exercise notebooks: per-student questions whose answers come from the engine,
checks with teaching hints (rule ids), and notebooks that run with the key.

Rule ids: SP-13 … SP-22, OH-7 … OH-11, OH-V4, OH-V6 … OH-V8 (RULES.md).
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tutor.exercises import EXERCISES, AnswerError, Exercise as _Exercise, answer_key, parse_answer
from tutor.exercises.core import question_seed
from tutor.exercises.notebooks import build_notebook, fill_answers, notebook_text

SECRET = "test-class-secret"


class Exercise:
    """The teacher-side Exercise with this file's class secret."""

    @staticmethod
    def load(name, student="practice", settings=None, **kw):
        return _Exercise.load(name, student, settings, secret=None if student == "practice" else SECRET, **kw)

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\((?:[^()]*\b)?(?:SP|OH)-(?:V)?\d+")
STUDENTS = ("alice", "s2024-017")


# --------------------------------------------------------------- structure
def test_six_exercises_with_6_to_12_questions_each():
    assert list(EXERCISES) == ["ex1_legal_cards", "ex2_trick_winner", "ex3_spades_scoring",
                               "ex4_bags_and_game_end", "ex5_oh_hell_scoring", "ex6_estimating_a_bid"]
    counts = {name: len(Exercise.load(name, "alice").questions) for name in EXERCISES}
    assert counts == {"ex1_legal_cards": 9, "ex2_trick_winner": 8, "ex3_spades_scoring": 8,
                      "ex4_bags_and_game_end": 9, "ex5_oh_hell_scoring": 8, "ex6_estimating_a_bid": 6}


def test_seed_is_hmac_of_exercise_question_and_student_with_the_class_secret():
    import hashlib
    import hmac
    s = question_seed("ex1_legal_cards", "q1", "alice", SECRET)
    want = hmac.new(SECRET.encode(), b"ex1_legal_cards|q1|alice", hashlib.sha256).digest()[:8]
    assert s == int.from_bytes(want, "big") and 0 <= s < 2**64
    assert s != question_seed("ex1_legal_cards", "q1", "alicf", SECRET)
    assert s != question_seed("ex1_legal_cards", "q2", "alice", SECRET)
    assert s != question_seed("ex1_legal_cards", "q1", "alice", "another class")
    with pytest.raises(ValueError, match="class secret"):
        question_seed("ex1_legal_cards", "q1", "alice")  # without the secret only the practice set
    assert question_seed("ex1_legal_cards", "q1", "practice") == question_seed("ex1_legal_cards", "q1", "practice")


@pytest.mark.parametrize("name", list(EXERCISES))
def test_same_student_same_questions_different_students_different_deals(name):
    a1, a2, b = (Exercise.load(name, "alice"), Exercise.load(name, "alice"), Exercise.load(name, "bob"))
    assert [q.prompt for q in a1.questions.values()] == [q.prompt for q in a2.questions.values()]
    assert answer_key(a1) == answer_key(a2)
    differ = sum(a1.questions[q].prompt != b.questions[q].prompt for q in a1.qids)
    assert differ >= len(a1.qids) - 1  # at most one accidental coincidence


@pytest.mark.parametrize("name", list(EXERCISES))
@pytest.mark.parametrize("student", ["alice", "bob", "s2024-017", "x"])
def test_every_key_answer_is_accepted(name, student):
    ex = Exercise.load(name, student)
    for qid, q in ex.questions.items():
        r = ex.evaluate(qid, q.key)
        assert r.status == "correct", (qid, r)
        assert r.message.startswith(("Right", "Good estimate"))


# ------------------------------------------- answers come from the engine
def test_sp13_sp14_legal_card_keys_equal_the_engine_legal_plays():
    """The key of each Spades legal-card question is what SpadesGame.legal_plays says
    for the position (rebuilt here from the facts: hand and trick)."""
    ex = Exercise.load("ex1_legal_cards", "alice")
    q3 = ex.questions["q3"]  # leading before spades are broken (SP-13)
    hand = q3.facts["hand"]
    non_spades = [c for c in hand if not c.endswith("S")]
    assert sorted(q3.key) == sorted(non_spades)
    q2 = ex.questions["q2"]  # void in the suit led: every card (SP-14)
    assert sorted(q2.key) == sorted(q2.facts["hand"])
    q5 = ex.questions["q5"]  # only spades left, unbroken: every spade may be led (SP-13)
    assert all(c.endswith("S") for c in q5.facts["hand"]) and sorted(q5.key) == sorted(q5.facts["hand"])


def test_sp19_failed_nil_key_equals_score_spades_side():
    ex = Exercise.load("ex3_spades_scoring", "bob")
    q = ex.questions["q5"]
    items = [(item, rule) for item, _, rule in q.facts["lines"]]
    assert any(rule == "SP-19" for _, rule in items) and any(rule == "SP-8" for _, rule in items)
    assert q.key == sum(p for _, p, _ in q.facts["lines"])


def test_sp20_two_penalties_question_has_a_double_penalty():
    for student in ("alice", "bob", "carol"):
        q = Exercise.load("ex4_bags_and_game_end", student).questions["q3"]
        assert ("bag penalty ×2", -200, "SP-20") in q.facts["lines"]


def test_oh11_v7_v8_scores_follow_teacher_settings():
    plain = Exercise.load("ex5_oh_hell_scoring", "alice")
    v7 = Exercise.load("ex5_oh_hell_scoring", "alice", oh_hell={"tricks_always_count": True})
    q_plain, q_v7 = plain.questions["q2"], v7.questions["q2"]  # a missed bid, same deal for both
    assert q_plain.prompt[2:4] == q_v7.prompt[2:4]
    won = int(re.search(r"won (\d+) trick", q_plain.prompt[3]).group(1))
    before = q_plain.facts["before"]
    assert f"had {before} points before" in q_plain.prompt[2]
    assert q_plain.key == before + 0 and q_v7.key == before + won  # a miss scores 0; under OH-V7 the tricks
    assert "OH-V7" in q_v7.prompt[1]
    # the OH-V7 scoring line no longer says "any other result scores 0" next to "still scores 1 per trick"
    assert "scores 0" not in q_v7.prompt[1] and "a missed bid scores 0" in q_plain.prompt[1]


def test_oh_v4_forbidden_bid_is_refused_by_the_engine_hook():
    for student in STUDENTS:
        q = Exercise.load("ex5_oh_hell_scoring", student).questions["q4"]
        assert q.facts["refusal"] == "HOOK" and q.facts["refusal_rule"] == "OH-V4"
        assert q.key == q.facts["size"] - q.facts["others_total"]


# ------------------------------------------------------- wrong answers
def _wrong(q):
    if q.kind == "cards":
        return q.key[:-1] if len(q.key) > 1 else []
    if q.kind == "card":  # another card of the trick
        return next(c for c in q.facts["cards"] if c != q.key)
    if q.kind == "side":
        return "nobody" if q.key != "nobody" else "NS"
    if q.kind == "ints":
        return q.key[:-1]
    if "low" in q.facts:  # a bid estimate: outside the accepted range
        return q.facts["high"] + 1 if q.facts["high"] + 1 <= q.facts["size"] else q.facts["low"] - 1
    return q.key + 1


@pytest.mark.parametrize("name", list(EXERCISES))
def test_every_question_rejects_a_wrong_answer_with_a_hint(name):
    for student in STUDENTS:
        ex = Exercise.load(name, student)
        for qid, q in ex.questions.items():
            r = ex.evaluate(qid, _wrong(q))
            assert r.status == "wrong", (qid, r)
            assert r.message.startswith("Not quite"), (qid, r.message)
            assert len(r.message) > 40
            if name != "ex6_estimating_a_bid":
                assert RULE_ID.search(r.message), (qid, r.message)
            assert "Answer:" not in r.message


def test_reveal_answers_is_gone_an_old_settings_file_still_loads():
    ex = Exercise.load("ex2_trick_winner", "alice", reveal_answers=True)
    assert "reveal_answers" not in ex.settings
    q = ex.questions["q3"]
    r = ex.evaluate("q3", _wrong(q))
    assert r.status == "wrong" and q.key not in r.message and "Answer:" not in r.message


def test_sp13_leading_a_spade_before_broken_hint():
    ex = Exercise.load("ex1_legal_cards", "alice")
    q = ex.questions["q3"]
    spade = next(c for c in q.facts["hand"] if c.endswith("S"))
    r = ex.evaluate("q3", q.key + [spade])
    assert r.status == "wrong" and "(SP-13)" in r.message and "not broken" in r.message


def test_sp14_must_follow_suit_hint():
    ex = Exercise.load("ex1_legal_cards", "bob")
    q = ex.questions["q1"]
    led = q.facts["trick"][0][-1]
    other = next(c for c in q.facts["hand"] if c[-1] != led)
    r = ex.evaluate("q1", q.key + [other])
    assert r.status == "wrong" and "(SP-14)" in r.message and "must follow suit" in r.message


def test_oh_v6_must_trump_hint():
    ex = Exercise.load("ex1_legal_cards", "alice")
    q = ex.questions["q7"]
    trump = q.facts["trump"]
    other = next(c for c in q.facts["hand"] if c[-1] != trump)
    r = ex.evaluate("q7", q.key + [other])
    assert r.status == "wrong" and "(OH-V6)" in r.message and "must play a trump" in r.message


def test_sp14_card_not_in_hand_hint():
    ex = Exercise.load("ex1_legal_cards", "alice")
    q = ex.questions["q2"]
    missing = next(c for c in ("2C", "3C", "4C", "5C", "6C") if c not in q.facts["hand"])
    r = ex.evaluate("q2", q.key + [missing])
    assert r.status == "wrong" and "not in your hand" in r.message


def test_sp16_trumped_trick_hint_names_the_trump():
    ex = Exercise.load("ex2_trick_winner", "alice")
    q = ex.questions["q3"]
    led = q.facts["cards"][0][-1]
    follower = next(c for c in q.facts["cards"] if c[-1] == led)
    r = ex.evaluate("q3", follower)
    assert r.status == "wrong" and "(SP-16)" in r.message and "a trump (spades) was played" in r.message


def test_oh7_last_hand_spade_is_not_a_trump_hint():
    for student in STUDENTS:
        ex = Exercise.load("ex2_trick_winner", student)
        q = ex.questions["q8"]
        spade = next(c for c in q.facts["cards"] if c.endswith("S"))
        r = ex.evaluate("q8", spade)
        assert r.status == "wrong" and "(OH-7)" in r.message and "no trump" in r.message


def test_sp19_left_out_failed_nil_bags_hint():
    ex = Exercise.load("ex3_spades_scoring", "bob")
    q = ex.questions["q5"]
    bags = next(p for item, p, rule in q.facts["lines"] if rule == "SP-19")
    r = ex.evaluate("q5", q.key - bags)
    assert r.status == "wrong" and "failed Nil tricks are bags" in r.message and "(SP-19)" in r.message


def test_sp20_forgot_double_penalty_hint():
    ex = Exercise.load("ex4_bags_and_game_end", "alice")
    q = ex.questions["q3"]
    r = ex.evaluate("q3", q.key + 200)
    assert r.status == "wrong" and "bag penalty ×2" in r.message and "(SP-20)" in r.message


def _q8(tied: bool):
    for i in range(40):
        ex = Exercise.load("ex4_bags_and_game_end", f"s{i}")
        ns, ew = ex.questions["q8"].facts["scores_after"]
        if (ns == ew) == tied:
            return ex
    raise AssertionError("no such student")  # pragma: no cover


def test_sp22_tie_at_500_hint_and_tie_accepted_only_for_a_tie():
    ex = _q8(tied=True)
    assert ex.questions["q8"].key == "nobody"
    r = ex.evaluate("q8", "North-South")
    assert r.status == "wrong" and "equal" in r.message and "(SP-22)" in r.message
    for word in ("nobody", "no one", "tie", "a tie", "draw"):
        assert ex.evaluate("q8", word).ok, word
    untied = _q8(tied=False)
    q = untied.questions["q8"]
    assert q.key in ("North–South", "East–West")
    for word in ("tie", "nobody"):
        r = untied.evaluate("q8", word)
        assert r.status == "wrong" and "(SP-22)" in r.message
    for word in ("None", "neither", "none"):  # unclear: refused, never a mark
        r = untied.evaluate("q8", word)
        assert r.status == "invalid" and '"nobody"' in r.message


def test_oh_v4_hook_hint_for_an_allowed_bid():
    ex = Exercise.load("ex5_oh_hell_scoring", "alice")
    q = ex.questions["q4"]
    allowed = next(v for v in range(q.facts["size"] + 1) if v != q.key)
    r = ex.evaluate("q4", allowed)
    assert r.status == "wrong" and "OH-V4" in r.message and f"may bid {allowed}" in r.message
    # the hint explains the student's bid and never hands over the barred one (or the total that gives it)
    numbers = set(re.findall(r"\d+", re.sub(r"\((?:OH|SP)-V?\d+\)", "", r.message)))
    assert numbers <= {str(allowed), str(q.facts["size"])}
    assert f"would be {q.facts['others_total'] + allowed}" not in r.message


def test_bid_estimate_accepts_a_range_and_explains_the_count():
    ex = Exercise.load("ex6_estimating_a_bid", "alice", estimator="count")
    q = ex.questions["q1"]
    lo, hi = q.facts["low"], q.facts["high"]
    assert hi - lo <= 2 and lo <= q.key <= hi
    for v in range(lo, hi + 1):
        r = ex.evaluate("q1", v)
        assert r.status == "correct" and "count:" in r.message and f"from {lo} to {hi}" in r.message
    assert ex.evaluate("q1", 14).status == "wrong"
    for v in range(0, 14):
        assert ex.evaluate("q1", v).ok == (lo <= v <= hi)


# ------------------------------------------------------- wrong types
def test_wrong_type_answers_get_a_clear_message_not_a_traceback():
    ex3 = Exercise.load("ex3_spades_scoring", "alice")
    key = ex3.questions["q1"].key
    assert ex3.evaluate("q1", str(key)).ok and ex3.evaluate("q1", f" {key} ").ok  # a number typed as text
    assert ex3.evaluate("q1", "fifty").status == "invalid"
    assert ex3.evaluate("q1", True).status == "invalid"
    assert ex3.evaluate("q1", 2.5).status == "invalid"
    assert ex3.evaluate("q1", None).status == "empty"
    ex1 = Exercise.load("ex1_legal_cards", "alice")
    r = ex1.evaluate("q1", ["1X"])
    assert r.status == "invalid" and "'1X' is not a card" in r.message
    assert ex1.evaluate("q1", 7).status == "invalid"
    ex2 = Exercise.load("ex2_trick_winner", "alice")
    r = ex2.evaluate("q1", "Centre")
    assert r.status == "invalid" and "not a card" in r.message
    r = ex2.evaluate("q1", "East")
    assert r.status == "invalid" and "answer with the card itself" in r.message
    assert ex2.evaluate("q1", 9).status == "invalid"
    assert ex2.evaluate("q99", "East").status == "unknown"


def test_answer_forms_cards_seats_sides():
    assert parse_answer("cards", "10H TH") == parse_answer("cards", ["10♥"])
    assert parse_answer("cards", ("as", "2c")) == parse_answer("cards", "A♠, 2♣")
    assert parse_answer("seat", "East") == parse_answer("seat", "e") == parse_answer("seat", 1) == 1
    assert parse_answer("side", "North–South") == parse_answer("side", "ns") == 0
    assert parse_answer("side", "nobody") == -1
    with pytest.raises(AnswerError):
        parse_answer("seat", 4)


def test_show_and_check_print_outside_ipython(capsys):
    from tutor.exercises.core import emit
    ex = Exercise.load("ex3_spades_scoring", "alice")
    for answer in (ex.questions["q1"].key, ex.questions["q1"].key + 1, "x"):
        emit(ex.evaluate("q1", answer))
    ex.show("q1")
    out = capsys.readouterr().out
    assert "✓ q1: Right" in out and "✗ q1: Not quite" in out and "⚠ q1:" in out and "Q1. Contract made exactly" in out
    assert "Traceback" not in out


def test_check_result_html_has_mark_and_colours_red_suits():
    ex = Exercise.load("ex2_trick_winner", "alice")
    html = ex.evaluate("q1", ex.questions["q1"].key)._repr_html_()
    assert "✓" in html and 'class="tt-check tt-correct"' in html


# ------------------------------------------------------- notebooks
@pytest.mark.parametrize("name", list(EXERCISES))
def test_committed_notebook_is_the_built_practice_notebook_without_outputs(name):
    path = ROOT / "exercises" / f"{name}.ipynb"
    text = path.read_text(encoding="utf-8")
    assert text == notebook_text(build_notebook(name))
    nb = nbformat.reads(text, as_version=4)
    nbformat.validate(nb)
    assert "widgets" not in nb.metadata
    answers = [c for c in nb.cells if "answer" in c.metadata.get("tags", [])]
    assert [c.source for c in answers] == [f"answer_q{i} = None" for i in range(1, len(answers) + 1)]
    for c in nb.cells:
        if c.cell_type == "code":
            assert c.outputs == [] and c.execution_count is None


def _run(nb):
    from nbclient import NotebookClient
    NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=False).execute()
    return nb


def _text(output) -> str:
    if output.output_type == "stream":
        return output.text
    return output.get("data", {}).get("text/plain", "")


@pytest.mark.parametrize("name", list(EXERCISES))
def test_key_filled_notebooks_execute_and_every_check_passes(name, tmp_path):
    """For two students, the notebook with the answer key filled in is saved
    and executed with nbclient (python3 kernel) with the saved file named as
    JupyterLab names it (``JPY_SESSION_NAME``); every check cell shows ✓ and
    nothing else.  Both students' notebooks run in one kernel (their cells
    one after the other, each student's part naming that student's file) to
    keep the suite fast."""
    cells = []
    for student in STUDENTS:
        nb = fill_answers(build_notebook(name, student, secret=SECRET), answer_key(Exercise.load(name, student)))
        path = tmp_path / student / f"{name}.ipynb"
        path.parent.mkdir()
        path.write_text(notebook_text(nb), encoding="utf-8")
        cells.append(nbformat.v4.new_code_cell(f"import os\nos.environ['JPY_SESSION_NAME'] = {str(path)!r}",
                                               id=f"{student.replace('-', '')}-session"))
        for c in nb.cells:
            c.id = f"{student.replace('-', '')}-{c.id}"
        cells.extend(nb.cells)
    nb = build_notebook(name, STUDENTS[0], secret=SECRET)
    nb.cells = cells
    _run(nb)
    checks = [c for c in nb.cells if "check" in c.metadata.get("tags", [])]
    assert len(checks) == 2 * len(EXERCISES[name].generators)
    for c in checks:
        out = "".join(_text(o) for o in c.outputs)
        assert "✓" in out and "✗" not in out and "⚠" not in out, (c.id, out)
        assert not any(o.output_type == "error" for o in c.outputs)


def test_practice_notebook_runs_with_no_answers_yet():
    nb = nbformat.read(ROOT / "exercises" / "ex4_bags_and_game_end.ipynb", as_version=4)
    _run(nb)
    for c in nb.cells:
        if "check" in c.metadata.get("tags", []):
            assert "No answer yet" in "".join(_text(o) for o in c.outputs)
        if "question" in c.metadata.get("tags", []):
            assert "text/html" in c.outputs[0]["data"]


def test_notebook_text_is_what_nbformat_writes():
    """notebook_text skips nbformat's deep copy and validation; the text is the same, byte for byte."""
    from tutor.exercises import EXERCISES as ALL
    for name in ALL:
        for student, secret in (("practice", None), ("zoë", "a-class-secret")):
            nb = build_notebook(name, student, secret=secret)
            nbformat.validate(nb)
            assert notebook_text(nb) == nbformat.writes(nb) + "\n"
            filled = fill_answers(nb, {"q1": ["10H", "QH"], "q2": 52})
            assert notebook_text(filled) == nbformat.writes(filled) + "\n"


def test_same_secret_and_id_give_the_same_questions_in_a_fresh_build():
    """Seeds come from the class secret; the fast searches use only that seed (no cache, no global state)."""
    from tutor.exercises import EXERCISES as ALL
    from tutor.exercises.core import MADE
    first = {n: _Exercise(n, "kim", secret="k1") for n in ALL}
    MADE.clear()
    for n in ALL:
        again = _Exercise(n, "kim", secret="k1")
        assert answer_key(again) == answer_key(first[n])
        assert [q.prompt for q in again.questions.values()] == [q.prompt for q in first[n].questions.values()]
        assert [q.accepted for q in again.questions.values()] == [q.accepted for q in first[n].questions.values()]
        other = _Exercise(n, "kim", secret="k2")
        assert [q.prompt for q in other.questions.values()] != [q.prompt for q in first[n].questions.values()]


@pytest.mark.parametrize("name", list(EXERCISES))
def test_the_rule_a_wrong_answer_breaks_is_data_and_its_hint_names_it(name):
    """The checker gives the rule id as data (CheckResult.rule, which the grade book's "rule broken"
    reads); the hint the student reads names that same rule."""
    seen = 0
    for student in ("alice", "s2024-017"):
        ex = Exercise.load(name, student)
        for qid, q in ex.questions.items():
            tries = {"int": lambda: [parse_answer("int", q.key) + d for d in (-100, -10, -1, 1, 10, 100)],
                     "cards": lambda: [[c] for c in q.universe] + [q.universe[:-1]],
                     "ints": lambda: [[int(v)] for v in q.universe], "card": lambda: list(q.facts["cards"]),
                     "seat": lambda: ["North", "East", "South", "West"],
                     "side": lambda: ["NS", "EW", "nobody", "tie"]}[q.kind]()
            for a in tries:
                r = ex.evaluate(qid, a)
                assert r.rule == "" or r.status == "wrong", (qid, a)
                if r.status == "wrong" and r.rule:
                    seen += 1
                    assert re.fullmatch(r"(SP|OH)-V?\d+", r.rule) and r.rule in r.message, (qid, a, r)
    assert seen > 10


def test_ex3_q8s_rule_ids_do_not_tell_which_nil_failed():
    """ex3 q8 (both partners Nil): the rule ids followed the score lines, so a test set's notebook said
    "SP-10, SP-19, SP-8" when the Blind Nil failed and "SP-10, SP-8, SP-19" when the Nil did (issue 33)."""
    seen: dict[tuple, set[str]] = {}
    for i in range(120):
        ex = _Exercise("ex3_spades_scoring", f"st{i:03d}", {"mode": "test"}, secret="s3cret")
        q = ex.questions["q8"]
        failed = next(item for item, points, rule in q.facts["lines"] if points < 0 and rule in ("SP-8", "SP-10"))
        seen.setdefault(q.rules, set()).add("blind" if failed.startswith("Blind") else "nil")
    assert set(seen) == {("SP-8", "SP-19"), ("SP-10", "SP-8", "SP-19")}
    assert seen[("SP-10", "SP-8", "SP-19")] == {"blind", "nil"}
