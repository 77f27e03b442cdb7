"""The student's side of the exercises (issue 11 items 1, 2, 7, 8, 11, 14):
sealed notebooks hold no answer, a check says ✓ only when the grader gives the
mark, every unambiguous answer form is read, and neighbours' answers differ.

Rule ids: SP-16, SP-22, OH-V4, OH-V7 (RULES.md).
"""
from __future__ import annotations

import base64
import html
import collections
import json
import re
import zlib

import nbformat
import pytest
from hypothesis import given, settings as hsettings, strategies as st

from tutor.exercises import EXERCISES, Exercise, answer_key
from tutor.exercises.answers import AnswerError, canonical, parse_answer, parse_card_answer
from tutor.exercises.grading import read_answer_cell
from tutor.exercises.notebooks import build_notebook, fill_answers, notebook_text
from tutor.exercises.core import Shown
from tutor.exercises.student import StudentExercise, saved_view, graded_check, load_sealed, seal, seal_text

SECRET = "0123456789abcdef0123456789abcdef"
CLASS = [f"s{i:02d}" for i in range(30)]


def _teacher(name, student="alice", settings=None, variant=None):
    return Exercise(name, student, settings, secret=SECRET, variant=variant)


def _student(name, student="alice", settings=None) -> StudentExercise:
    nb = build_notebook(name, student, settings, secret=SECRET)
    ns: dict = {}
    exec(nb.cells[1].source, ns)  # the setup cell, as the student's kernel runs it
    return ns["ex"]


# ----------------------------------------------- item 1 / 14: nothing to read
def _all_values(obj, seen=None):
    """Every str/int reachable from an object's attributes (what dir/vars show)."""
    seen = seen if seen is not None else set()
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _all_values(k, seen)
            yield from _all_values(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from _all_values(v, seen)
    elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        for attr in dir(obj):
            if attr.startswith("__"):
                continue
            try:
                v = getattr(obj, attr)
            except Exception:  # noqa: BLE001
                continue
            if callable(v):
                continue
            yield from _all_values(v, seen)


@pytest.mark.parametrize("name", ["ex1_legal_cards", "ex2_trick_winner", "ex5_oh_hell_scoring"])
def test_no_attribute_or_cell_of_the_students_kernel_holds_an_answer(name):
    teacher = _teacher(name)
    ex = _student(name)
    assert not any(hasattr(ex, a) for a in ("key", "answers", "questions", "solution", "secret", "seed"))
    public = [a for a in dir(ex) if not a.startswith("_")]
    assert set(public) == {"check", "evaluate", "mode", "name", "qids", "settings", "show", "student", "title"}
    values = list(_all_values(ex)) + list(_all_values(vars(ex)))
    nb_text = notebook_text(build_notebook(name, "alice", secret=SECRET))
    sealed = json.dumps(seal(teacher, SECRET))
    assert SECRET not in nb_text and SECRET not in sealed and "reveal_answers" not in nb_text
    for qid, q in teacher.questions.items():
        if q.kind in ("cards", "card", "ints"):  # answers that cannot occur by chance in other text
            canon = canonical(q.kind, parse_answer(q.kind, q.key))
            shown = [c.display for c in parse_answer("cards", q.key)] if q.kind == "cards" else []
            if len(canon) >= 5:  # a single card code like "QH" also occurs in help texts
                assert canon not in sealed and canon not in nb_text, qid
            assert not any(v == canon or v == q.key for v in values if isinstance(v, str)), qid
            if len(shown) > 1:
                assert " ".join(shown) not in sealed
        assert q.solution not in nb_text and q.solution not in sealed
    # the settings shown in the notebook are rules and the mode only: no switch shows answers
    assert set(ex.settings) == {"oh_hell", "estimator", "mode"}


def test_a_classmates_set_cannot_be_made_without_the_class_secret():
    with pytest.raises(ValueError, match="class secret"):
        Exercise.load("ex1_legal_cards", student="fay")
    with pytest.raises(ValueError, match="class secret"):
        build_notebook("ex1_legal_cards", "fay")
    other = Exercise("ex1_legal_cards", "fay", secret="a guessed secret")
    mine = _teacher("ex1_legal_cards", "fay")
    assert sum(answer_key(other)[q] != answer_key(mine)[q] for q in mine.qids) >= 8


def test_setup_cell_is_sealed_text_and_damage_is_a_plain_error():
    nb = build_notebook("ex3_spades_scoring", "alice", secret=SECRET)
    nbformat.validate(nb)
    assert notebook_text(nb) == nbformat.writes(nb) + "\n"
    src = nb.cells[1].source
    blob = re.search(r'load_sealed\("([A-Za-z0-9+/=]+)"\)|load_sealed\(\'([A-Za-z0-9+/=]+)\'\)', src)
    data = json.loads(zlib.decompress(base64.b64decode(blob.group(1) or blob.group(2))))
    assert data["student"] == "alice" and set(data["questions"]) == {f"q{i}" for i in range(1, 9)}
    assert all(set(q) >= {"salt", "accept", "notes", "prompt"} for q in data["questions"].values())
    assert len({q["salt"] for q in data["questions"].values()}) == 8  # a salt per question
    with pytest.raises(ValueError, match="damaged"):
        load_sealed("not base64 at all")
    assert nb.metadata.tricktutor == {"exercise": "ex3_spades_scoring", "student": "alice",
                                      "settings": _teacher("ex3_spades_scoring").settings, "format": 2}
    answers = [c for c in nb.cells if "answer" in c.metadata.get("tags", [])]
    assert [c.metadata.tricktutor.question for c in answers] == [f"q{i}" for i in range(1, 9)]


# ------------------------------------ the student's check agrees with the grader
def _answers_to_try(q):
    key = q.key
    out = [key]
    if q.kind == "int":
        out += [key + d for d in (-200, -100, -20, -10, -2, -1, 1, 2, 10, 100, 200)] + [0, str(key)]
    elif q.kind == "card":
        out += list(q.facts["cards"]) + ["2C", "AS", "1H", "10"]
    elif q.kind == "cards":
        out += [key[:-1], key + ["2C"], q.facts["hand"], [], "AS KS"]
    elif q.kind == "ints":
        out += [key[:-1], key + [key[-1] + 1], list(range(20)), [0]]
    elif q.kind == "side":
        out += ["NS", "EW", "nobody", "tie", "neither", 1]
    return out


@pytest.mark.parametrize("name", list(EXERCISES))
def test_sealed_check_and_teacher_evaluate_agree_on_status_and_message(name):
    for student in ("alice", "s07"):
        teacher, ex = _teacher(name, student), _student(name, student)
        for qid, q in teacher.questions.items():
            for a in _answers_to_try(q):
                t, s = teacher.evaluate(qid, a), ex.evaluate(qid, a)
                assert (t.status, t.message) == (s.status, s.message), (qid, a)
            assert ex.evaluate(qid, q.key).ok


# ------------------------------------------------- item 2: ✓ means the mark
def _check(ex, qid, value, source, saved=None):
    return graded_check(ex, qid, value, source, saved)


def test_code_answers_and_cells_that_do_not_hold_the_value_never_get_a_tick():
    ex = _student("ex3_spades_scoring")
    key = _teacher("ex3_spades_scoring").questions["q1"].key
    a, b = key - 2, 2
    forms = [f"answer_q1 = {a} + {b}", f"answer_q1 = int('{key}')", f"x = {key}\nanswer_q1 = x",
             f"answer_q1 = {key}\nanswer_q1 += 0", f"answer_q1 = sum([{a}, {b}])", "answer_q2 = 5\nanswer_q1 = 7"]
    for src in forms:
        r = _check(ex, "q1", key, src)
        graded = read_answer_cell(src)
        assert not r.ok and r.status == "ungraded" and r.symbol == "⚠", src
        if graded[0] != "value" or graded[1] != "q1":
            assert "will not be graded" in r.message and f"`answer_q1 = {key}`" in r.message
    # the value changed after the cell ran (e.g. by code elsewhere)
    r = _check(ex, "q1", key, f"answer_q1 = {key + 1}")
    assert r.status == "ungraded" and "the grader reads the cell" in r.message
    # the cell cannot be found in this session's history
    r = _check(ex, "q1", key, None)
    assert r.status == "ungraded" and "cannot find the cell" in r.message
    # a typed literal, but the check cannot see the saved file: it says it cannot tell, never ✓
    r = _check(ex, "q1", key, f"answer_q1 = {key}")
    assert not r.ok and r.status == "unsure" and r.symbol == "?" and "cannot see the saved notebook file" in r.message
    assert r.message.startswith("The value itself is right.")
    assert read_answer_cell(f"answer_q1 = {key}") == ("value", "q1", key)


def test_list_answer_built_with_code_is_refused_even_when_right():
    teacher, ex = _teacher("ex1_legal_cards"), _student("ex1_legal_cards")
    key = teacher.questions["q1"].key
    src = f"answer_q1 = sorted({key!r})"
    assert read_answer_cell(src)[0] == "code"
    r = _check(ex, "q1", sorted(key), src)
    assert r.status == "ungraded" and f"answer_q1 = {sorted(key)!r}" in r.message


def test_saved_file_checks_name_save_state_and_owner():
    ex = _student("ex2_trick_winner")
    key = _teacher("ex2_trick_winner").questions["q1"].key
    src = f"answer_q1 = {key!r}"
    ok = {"name": "ex2_trick_winner.ipynb", "status": "value", "value": key,
          "owner": ("ex2_trick_winner", "alice")}
    r = _check(ex, "q1", key, src, ok)
    assert r.ok and "cannot see" not in r.message
    r = _check(ex, "q1", key, src, dict(ok, name="ex2_trick_winner (1).ipynb"))
    assert r.status == "ungraded" and "Rename" in r.message and "'ex2_trick_winner.ipynb'" in r.message
    r = _check(ex, "q1", key, src, dict(ok, status="missing", value=None))  # re-typed in a new cell, not saved
    assert r.status == "ungraded" and "Save the notebook" in r.message
    r = _check(ex, "q1", key, src, dict(ok, value="2C"))
    assert r.status == "ungraded" and "answer_q1 = '2C'" in r.message
    r = _check(ex, "q1", key, src, dict(ok, owner=("ex2_trick_winner", "bob")))
    assert r.status == "ungraded" and "another exercise or student" in r.message


def test_saved_view_reads_the_notebook_named_by_jpy_session_name(tmp_path, monkeypatch):
    teacher = _teacher("ex2_trick_winner")
    ex = _student("ex2_trick_winner")
    key = answer_key(teacher)
    nb = fill_answers(build_notebook("ex2_trick_winner", "alice", secret=SECRET), {"q1": key["q1"]})
    path = tmp_path / "ex2_trick_winner (1).ipynb"
    path.write_text(notebook_text(nb), encoding="utf-8")
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    assert saved_view(ex, "q1") is None
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))
    view = saved_view(ex, "q1")
    assert view["name"] == path.name and view["status"] == "value" and view["value"] == key["q1"]
    assert view["owner"] == ("ex2_trick_winner", "alice")
    r = graded_check(ex, "q1", key["q1"], f"answer_q1 = {key['q1']!r}", view)
    assert r.status == "ungraded" and "Rename" in r.message
    assert saved_view(ex, "q2")["status"] in ("missing", "empty") or saved_view(ex, "q2")["value"] is None
    # renamed in JupyterLab while the kernel runs: the variable still names the old file
    monkeypatch.chdir(tmp_path)
    path.rename(tmp_path / "ex2_trick_winner.ipynb")
    view = saved_view(ex, "q1")
    assert view["name"] == "ex2_trick_winner.ipynb" and view["value"] == key["q1"]
    assert graded_check(ex, "q1", key["q1"], f"answer_q1 = {key['q1']!r}", view).ok


def test_notebook_run_in_a_kernel_check_before_answer_code_answer_and_right_answer(tmp_path, monkeypatch):
    name = "ex3_spades_scoring"
    key = answer_key(_teacher(name))
    nb = fill_answers(build_notebook(name, "alice", secret=SECRET), key)
    early = nbformat.v4.new_code_cell("from tutor.exercises.student import check\ncheck('q1')", id="early")
    nb.cells.insert(0, early)
    for c in nb.cells:
        if c.metadata.get("tricktutor", {}).get("question") == "q2":
            c.source = f"answer_q2 = {key['q2'] - 10} + 10"
        if c.id == "q3-answer":
            c.source = "x = 3  # no answer_q3 in the kernel when q3's check runs"
    path = tmp_path / f"{name}.ipynb"
    path.write_text(notebook_text(nb), encoding="utf-8")  # saved, as JupyterLab saves it
    out = _run_with_session_file(nb, path, monkeypatch)
    assert "questions are not loaded" in out["early"] and "Error" not in out["early"]
    assert out["q1-check"].startswith("✓ q1: Right")
    assert out["q2-check"].startswith("⚠ q2: This answer will not be graded") and "The value itself is right" in out["q2-check"]
    assert "not set yet" in out["q3-check"] and "NameError" not in out["q3-check"]
    assert all(out[f"q{i}-check"].startswith("✓") for i in range(4, 9))


def test_a_later_scratch_cell_outside_jupyterlab_never_gets_a_tick(tmp_path, monkeypatch):
    """The issue's case: outside JupyterLab (no saved file to read), a scratch cell below the answer cell
    sets answer_q1 too; the student re-runs the answer cell and the check. The grader reads the scratch
    cell (the last one in notebook order) and gives 0, so the check must not show ✓: it says it cannot tell.
    With the saved file in view (JupyterLab), it names the problem."""
    name = "ex3_spades_scoring"
    key = answer_key(_teacher(name))
    nb = fill_answers(build_notebook(name, "alice", secret=SECRET), key)
    i = next(n for n, c in enumerate(nb.cells) if c.id == "q1-check")
    nb.cells.insert(i + 1, nbformat.v4.new_code_cell(f"answer_q1 = {key['q1'] + 7}  # trying something", id="scratch"))
    nb.cells.append(nbformat.v4.new_code_cell(f"answer_q1 = {key['q1']}\nfrom tutor.exercises.student import check\n"
                                              f"check('q1')", id="again"))
    assert read_answer_cell(nb.cells[i + 1].source) == ("value", "q1", key["q1"] + 7)
    from tutor.exercises.grading import read_notebook_answers
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    from nbclient import NotebookClient
    NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=False).execute()
    again = "".join(o.get("text", "") or o.get("data", {}).get("text/plain", "") for o in nb.cells[-1].outputs)
    assert not again.startswith("✓") and again.startswith("? q1:") and "cannot tell what the grader will read" in again
    saved = json.loads(notebook_text(nb))
    assert read_notebook_answers(saved)["q1"].value == key["q1"]  # here the later cell repeats the right value…
    # …so with the file saved and in view the check agrees with the grader; make the scratch cell the last one
    nb.cells.pop()
    path = tmp_path / f"{name}.ipynb"
    path.write_text(notebook_text(nb), encoding="utf-8")
    assert read_notebook_answers(json.loads(path.read_text()))["q1"].value == key["q1"] + 7
    ex = _student(name)
    view = saved_view(ex, "q1", {"__vsc_ipynb_file__": str(path)})  # VS Code names the file in the namespace
    r = graded_check(ex, "q1", key["q1"], f"answer_q1 = {key['q1']}", view)
    assert r.status == "ungraded" and f"answer_q1 = {key['q1'] + 7}" in r.message
    assert "Delete or change any cell below your answer that sets answer_q1" in r.message


# ------------------------------------------------------ item 7: answer forms
@pytest.mark.parametrize("text", ["10 H", "10 ♥", "10♥", "10♥\ufe0f", "H10", "♥10", "ten of hearts", "10 of hearts",
                                  "TH", "th", "10-H", "Ten of Hearts", "the ten of hearts"])
def test_ten_of_hearts_forms(text):
    assert parse_card_answer(text).code == "TH"


def test_other_card_forms_and_lists():
    assert parse_card_answer("A-S").code == "AS"
    assert parse_card_answer("Q of clubs").code == "QC" == parse_card_answer("queen of clubs").code
    assert parse_card_answer("S A").code == "AS"
    assert canonical("cards", parse_answer("cards", "10 H, 4 H")) == "4H TH"
    assert parse_answer("cards", "10 H 4H A♠") == parse_answer("cards", ["TH", "4h", "as"])
    assert parse_answer("int", "60") == 60 and parse_answer("int", " -40 ") == -40 and parse_answer("int", "−40") == -40
    assert parse_answer("ints", "0, 1, 3") == frozenset({0, 1, 3})


@pytest.mark.parametrize("text,words", [("1H", "no rank 1"), ("10", "no suit"), ("QN", "not a suit"),
                                        ("East", "is a seat"), ("", "not a card")])
def test_ambiguous_card_forms_are_refused_with_help(text, words):
    with pytest.raises(AnswerError, match=words):
        parse_card_answer(text)


@pytest.mark.parametrize("text, said", [
    ("toban", "'toban' has no suit: write the suit too, like \"10H\""),       # Somali ten, alone
    ("ten", "'ten' has no suit: write the suit too, like \"10H\""),
    ("tree of hearts", "'tree of hearts' is not a card: write a rank"),
    ("toban x", "'toban x' is not a card"),
    ("Q of bananas", "'Q of bananas' is not a card: 'of bananas' is not a suit"),
    ("10X", "'10X' is not a card: 'x' is not a suit"),
])
def test_a_rank_prefix_is_never_cut_out_of_a_longer_word(text, said):
    """'toban' read as T + 'oban' and 'tree of hearts' as T + 'ree of hearts' (issue 33)."""
    with pytest.raises(AnswerError) as e:
        parse_card_answer(text)
    assert str(e.value).startswith(said), str(e.value)
    assert "'oban'" not in str(e.value) and "'ree" not in str(e.value)


def test_numbers_as_text_score_like_numbers():
    ex = _teacher("ex3_spades_scoring")
    key = ex.questions["q2"].key
    assert ex.evaluate("q2", str(key)).ok and ex.evaluate("q2", float(key)).ok
    assert not ex.evaluate("q2", f"{key} points").ok


# ------------------------------------------------- item 8: variety and hints
def _class(name):
    """A 30-student class as ``make`` makes it: student i has variant index i."""
    return [_teacher(name, s, variant=i) for i, s in enumerate(CLASS)]


@pytest.mark.parametrize("name", list(EXERCISES))
def test_no_answer_is_shared_by_more_than_a_third_of_a_30_student_class(name):
    """For every question with more than three possible answers, no accepted
    answer is right for more than 10 of 30 students (fixed class secret,
    variants 0..29 as make gives them)."""
    exs = _class(name)
    for qid in exs[0].qids:
        q0 = exs[0].questions[qid]
        counts = collections.Counter(a for e in exs for a in e.questions[qid].accepted)
        if q0.kind == "side":  # three possible answers: only require that it varies
            winners = collections.Counter(e.questions[qid].facts["winner"] for e in exs)
            assert len(winners) >= 2, (qid, winners)
            continue
        assert max(counts.values()) <= 10, (qid, q0.title, counts.most_common(3))


def test_ex6_accepted_bids_spread_over_a_class():
    """ex6 accepts the estimate ±1 (bidcount.py), so its question picks the
    estimate first from centres whose accepted ranges do not overlap, and
    builds a hand for it: a bid is accepted only for the students of one
    centre.  In a class set the centre is the student's variant index (+ a
    per-question offset) into a class-level order of the 5 centres, so a
    30-student class (variants 0..29) has exactly 6 students on each centre
    of every question (where independent draws put 13 of 30 on one); and the
    questions do not all put a student on the same centre.  Without a
    variant (practice sets) the centre is drawn per student: pooled over 150
    students at most 30% share a bid (expected 20%)."""
    from tutor.exercises.questions_ohhell import OH_HELL_TARGETS, SPADES_TARGETS
    exs = _class("ex6_estimating_a_bid")
    more = [_teacher("ex6_estimating_a_bid", f"t{i:03d}") for i in range(150)]
    for qid in exs[0].qids:
        q0 = exs[0].questions[qid]
        targets = SPADES_TARGETS if q0.facts["size"] == 13 else OH_HELL_TARGETS
        centres = collections.Counter(e.questions[qid].key for e in exs)
        assert centres == {t: 6 for t in targets}, (qid, centres)
        ranges = [set(range(t - 1, t + 2)) for t in targets]
        assert all(not a & b for a in ranges for b in ranges if a is not b)  # one centre per bid
        counts = collections.Counter(a for e in exs for a in e.questions[qid].accepted)
        assert max(counts.values()) == 6, (qid, counts.most_common(3))
        drawn = collections.Counter(e.questions[qid].key for e in more)
        assert set(drawn) <= set(targets) and len(drawn) >= 4, (qid, drawn)
        pooled = collections.Counter(a for e in more for a in e.questions[qid].accepted)
        assert max(pooled.values()) <= 0.30 * 150, (qid, pooled.most_common(3))
        for e in exs[:5]:  # the key is the estimate's centre, the accepted bids its range
            q = e.questions[qid]
            assert q.facts["low"] <= q.key <= q.facts["high"]
            assert sorted(map(int, q.accepted)) == list(range(q.facts["low"], q.facts["high"] + 1))
    # the same student is not on the same centre in every question (per-question offsets and orders)
    spades = [q for q in exs[0].qids if exs[0].questions[q].facts["size"] == 13]
    assert any(len({e.questions[q].key for q in spades}) > 1 for e in exs)


def test_any_30_consecutive_variants_spread_evenly_over_five_targets():
    """Rng.spread_pick: a class-level order of the items at (variant + offset) mod n,
    the same for every student of a class (whatever their own seed)."""
    from tutor.exercises.core import Rng, class_seed
    seed = class_seed("ex6_estimating_a_bid", "q1", SECRET)
    assert seed == class_seed("ex6_estimating_a_bid", "q1", SECRET) != class_seed("ex6_estimating_a_bid", "q2", SECRET)
    for start in (0, 7, 29, 1000):
        picks = []
        for v in range(start, start + 30):
            r = Rng(v * 7919 + 3)  # each student's own seed: no effect on the pick
            r.spread = (seed, v)
            picks.append(r.spread_pick((1, 4, 7, 10, 13)))
        assert collections.Counter(picks) == {1: 6, 4: 6, 7: 6, 10: 6, 13: 6}, start
    assert Rng(5).spread_pick((1, 4, 7, 10, 13)) in (1, 4, 7, 10, 13)  # no variant: a random pick


def test_a_variant_must_be_a_whole_number_and_needs_the_secret():
    for bad in (-1, 1.0, True, "3"):
        with pytest.raises(ValueError, match="variant"):
            Exercise("ex6_estimating_a_bid", "alice", secret=SECRET, variant=bad)
    with pytest.raises(ValueError, match="secret"):
        Exercise("ex6_estimating_a_bid", "practice", variant=0)
    a = _teacher("ex6_estimating_a_bid", "alice", variant=0)
    assert [q.key for q in a.questions.values()] == [q.key for q in _teacher("ex6_estimating_a_bid", "alice", variant=0).questions.values()]
    assert Exercise("ex6_estimating_a_bid", "alice", None, SECRET, 0).variant == 0  # positional form


def test_ex6_hands_are_built_for_their_estimate_with_the_simple_count():
    """With the simple count, each ex6 key is bidcount.estimate_bid of the hand shown (called again here)."""
    from engine import Card, Suit
    from tutor.exercises.bidcount import estimate_bid
    for s in CLASS[:8]:
        ex = _teacher("ex6_estimating_a_bid", s, {"estimator": "count"})
        for qid, q in ex.questions.items():
            hand = [Card.parse(c) for c in q.facts["hand"]]
            assert len(hand) == q.facts["size"] and all(c.display in " ".join(q.prompt) for c in hand)
            trump = next(x for x in Suit if x.letter == q.facts["trump"])
            est = estimate_bid(hand, trump, q.facts["size"], "count")
            assert (q.key, q.facts["low"], q.facts["high"]) == (est.center, est.low, est.high), (s, qid)


def test_questions_the_rules_used_to_fix_now_vary():
    ex4, ex5 = _class("ex4_bags_and_game_end"), _class("ex5_oh_hell_scoring")
    for qid in ("q2", "q3", "q7"):  # a missed bid, a made Nil, Nil under OH-V8: the running score
        assert len({e.questions[qid].key for e in ex5}) >= 20, qid
    assert len({e.questions["q4"].key for e in ex4}) >= 5  # bags after a penalty (was 0 for most)
    for qid in ("q8", "q9"):  # was always "nobody"
        assert len({e.questions[qid].key for e in ex4}) == 3, qid


def test_titles_and_hints_do_not_give_answers_away():
    for name in EXERCISES:
        for title in EXERCISES[name].titles:
            assert not re.search(r"\btie\b", title.lower())
    for e in _class("ex5_oh_hell_scoring")[:10]:
        q = e.questions["q8"]
        for a in {q.key + 1, q.key - 10, 0} - {q.key}:
            r = e.evaluate("q8", a)
            assert not r.ok and "of the 4 players" not in r.message and "made the bid exactly" not in r.message
        q5 = e.questions["q5"]
        missing = q5.key[1:]  # leaves out the first legal bid
        r = e.evaluate("q5", missing)
        assert r.status == "wrong" and "left out" in r.message
        assert set(re.findall(r"\d+", re.sub(r"\((?:OH|SP)-V?\d+\)", "", r.message))) <= {"0", str(max(q5.key + [0]))} | {
            str(int(x)) for x in re.findall(r"from 0 to (\d+)", r.message)}


def test_listing_every_bid_in_q5_does_not_name_the_barred_bid():
    for e in _class("ex5_oh_hell_scoring")[:10]:
        q = e.questions["q5"]
        size = int(re.search(r"(\d+) cards each", q.prompt[0]).group(1))
        barred = (set(range(size + 1)) - set(q.key)).pop()
        r = e.evaluate("q5", list(range(size + 1)))
        assert r.status == "wrong" and "OH-V4" in r.message
        assert set(re.findall(r"\d+", re.sub(r"\((?:OH|SP)-V?\d+\)", "", r.message))) <= {str(size)}, r.message
        assert barred == size or str(barred) not in re.sub(r"\((?:OH|SP)-V?\d+\)", "", r.message)


def test_right_message_for_legal_cards_names_every_legal_card():
    for s in CLASS[:10]:
        ex = _teacher("ex1_legal_cards", s)
        for qid, q in ex.questions.items():
            r = ex.evaluate(qid, q.key)
            cards = parse_answer("cards", q.key)
            assert r.ok and all(c.display in r.message for c in cards), (qid, r.message)


@pytest.mark.parametrize("name", ["ex3_spades_scoring", "ex4_bags_and_game_end", "ex5_oh_hell_scoring"])
def test_every_specific_hint_of_a_number_question_is_in_its_book(name):
    """Each number question records the hints of its judge for the answers it
    lists; over 501 answers around the key the book gives exactly what the
    judge says (so the student's check loses no hint)."""
    from tutor.exercises.core import PlainBook, judge_with_book
    for student in ("alice", "s03", "s11"):
        ex = _teacher(name, student)
        for qid, q in ex.questions.items():
            if q.kind != "int":
                continue
            for a in range(q.key - 250, q.key + 251):  # and the rule id each wrong answer breaks, as data
                got = judge_with_book("int", a, PlainBook(q), q.generic, generic_rule=q.generic_rule)
                assert got == q.judged(a), (qid, a)


def _run_with_session_file(nb, path, monkeypatch):
    from nbclient import NotebookClient
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))  # what JupyterLab gives the kernel: the notebook's path
    NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return {c.id: "".join(o.get("text", "") or o.get("data", {}).get("text/plain", "") for o in c.outputs)
            for c in nb.cells if c.cell_type == "code"}


def test_in_jupyterlab_the_check_reads_the_saved_file_its_name_and_whether_it_is_saved(tmp_path, monkeypatch):
    name = "ex3_spades_scoring"
    key = answer_key(_teacher(name))
    filled = fill_answers(build_notebook(name, "alice", secret=SECRET), key)
    saved = fill_answers(build_notebook(name, "alice", secret=SECRET), {"q1": key["q1"]})  # q2 typed, not saved
    renamed = tmp_path / f"{name} (1).ipynb"
    renamed.write_text(notebook_text(saved), encoding="utf-8")
    out = _run_with_session_file(nbformat.reads(notebook_text(filled), as_version=4), renamed, monkeypatch)
    assert out["q1-check"].startswith("⚠ q1:") and "Rename" in out["q1-check"] and f"'{name}.ipynb'" in out["q1-check"]
    assert out["q2-check"].startswith("⚠ q2:") and "save the notebook (Ctrl+S" in out["q2-check"]
    good = tmp_path / f"{name}.ipynb"
    good.write_text(notebook_text(filled), encoding="utf-8")
    out = _run_with_session_file(nbformat.reads(notebook_text(filled), as_version=4), good, monkeypatch)
    for i in range(1, 9):
        assert out[f"q{i}-check"].startswith(f"✓ q{i}: Right"), out[f"q{i}-check"]
        assert "cannot see" not in out[f"q{i}-check"]


def test_sealed_data_does_not_show_which_entries_are_right_by_their_shape():
    """A tie question accepts "nobody" and "tie", others one side: the lists
    of accepted hashes are padded, and every sealed hint has a padded length,
    so neither the count nor the size of an entry tells the answer."""
    sizes = set()
    for s in CLASS[:12]:
        data = seal(_teacher("ex4_bags_and_game_end", s), SECRET)
        sizes.add(len(data["questions"]["q8"]["accept"]))
        data1 = seal(_teacher("ex1_legal_cards", s), SECRET)
        for q in data1["questions"].values():
            assert len({len(v) for v in q["items"].values()}) == 1  # legal and illegal cards alike
    assert sizes == {4}


def test_a_tick_always_means_the_grader_reads_that_value():
    """Whatever the answer cell holds, the check shows ✓ only when the
    grader's reader (grading.read_answer_cell) finds that very value in it."""
    ex = _student("ex3_spades_scoring")
    key = _teacher("ex3_spades_scoring").questions["q1"].key
    sources = [f"answer_q1 = {key}", f"answer_q1 = {key}\nprint(answer_q1)", f"answer_q1 = {key}  # done",
               f"answer_q1 = ({key})", f"answer_q1 = {key}.0", f"answer_q1 = '{key}'", f"answer_q1: int = {key}",
               f"answer_q1 = {key - 1} + 1", f"answer_q1 = abs({key})", f"answer_q1 = answer_q1 = {key}",
               f"if True:\n    answer_q1 = {key}", f"answer_q1 = {key}; x = 1", f"answer_q1 = -(-{key})"]
    for src in sources:
        graded = read_answer_cell(src)
        saved = {"name": "ex3_spades_scoring.ipynb", "status": graded[0], "value": graded[2],
                 "owner": ("ex3_spades_scoring", "alice")}  # the saved file holds that cell
        r = _check(ex, "q1", key, src, saved)
        if r.ok:
            assert graded[0] == "value" and graded[1] == "q1" and graded[2] == key, src
        else:
            assert r.status == "ungraded" or graded[2] != key, src
        assert not _check(ex, "q1", key, src).ok, src  # without the saved file: never ✓


def test_every_card_in_every_form_round_trips():
    from engine import DECK
    names = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven",
             6: "six", 5: "five", 4: "four", 3: "three", 2: "two"}
    for c in DECK:
        rank = "10" if c.rank == 10 else c.code[0]
        suit_word = c.suit.noun
        for text in (c.code, c.code.lower(), c.display, f"{rank} {c.code[-1]}", f"{c.code[-1]}{rank}",
                     f"{names[int(c.rank)]} of {suit_word}", f"{rank}-{c.code[-1]}", c.display + "\ufe0f",
                     f" {rank} of {suit_word.capitalize()} "):
            assert parse_card_answer(text) == c, text


_ANSWERS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                     st.text(max_size=30), st.lists(st.text(max_size=6), max_size=6),
                     st.lists(st.integers(-3, 15), max_size=8), st.sampled_from(["10 H", "A-S", "H10", "tie", "NS"]))
_PAIRS = {}


def _pair(name):
    if name not in _PAIRS:
        _PAIRS[name] = (_teacher(name), _student(name))
    return _PAIRS[name]


@hsettings(max_examples=150, deadline=None)
@given(name=st.sampled_from(list(EXERCISES)), q=st.integers(1, 6), answer=_ANSWERS)
def test_any_answer_gets_the_same_verdict_from_the_check_and_the_grader(name, q, answer):
    teacher, ex = _pair(name)
    qid = f"q{q}"
    t, s = teacher.evaluate(qid, answer), ex.evaluate(qid, answer)
    assert (t.status, t.message) == (s.status, s.message)
    assert t.status in ("correct", "wrong", "invalid", "empty")


# --------------------------------------------- issue 28: the test mode gives a script nothing
def _candidates(q) -> list:
    """Answers to try on a question: every answer its book knows (right or wrong), and a few more."""
    out = [q.key, *q.accepted]
    if q.kind == "int":
        k = parse_answer("int", q.key)
        out += list(range(k - 60, k + 61)) + [int(c) for c in q.notes]
    elif q.kind == "cards":
        hand = q.universe
        out += [[c] for c in hand] + [hand, hand[:-1], []]
    elif q.kind == "ints":
        out += [[int(v)] for v in q.universe] + [[int(v) for v in q.universe]]
    elif q.kind == "card":
        out += list(q.notes) + ["2C", "AS", "KH"]
    elif q.kind == "seat":
        out += ["North", "East", "South", "West"]
    elif q.kind == "side":
        out += ["NS", "EW", "nobody", "tie"]
    return out


@pytest.mark.parametrize("name", list(EXERCISES))
def test_in_a_test_set_the_check_says_the_same_for_every_candidate_answer(name):
    """A script that asks a test notebook's check every candidate answer learns only how each was read:
    the status is "received" for all, right and wrong, and the message is the read-as sentence alone."""
    from tutor.exercises.core import read_as
    settings = {"mode": "test"}
    teacher, ex = _teacher(name, "alice", settings), _student(name, "alice", settings)
    assert ex.mode == "test"
    for qid, q in teacher.questions.items():
        saw_right = saw_wrong = False
        for a in _candidates(q):
            truth = teacher.evaluate(qid, a)
            r = ex.evaluate(qid, a)
            if truth.status == "invalid":  # not readable as this kind of answer: the same message in both modes
                assert (r.status, r.message) == (truth.status, truth.message)
                continue
            assert r.status == "received" and r.symbol == "✎" and not r.ok
            assert r.message == read_as(q.kind, parse_answer(q.kind, a)), (qid, a)
            saved = {"name": f"{name}.ipynb", "status": "value", "value": a, "owner": (name, "alice")}
            g = graded_check(ex, qid, a, f"answer_{qid} = {a!r}", saved)
            assert g.status == "received" and g.message.split("\n")[0] == r.message
            assert g.message.split("\n")[1:] == graded_check(ex, qid, q.key, f"answer_{qid} = {q.key!r}",
                                                              dict(saved, value=q.key)).message.split("\n")[1:]
            saw_right |= truth.ok
            saw_wrong |= truth.status == "wrong"
        assert saw_right and saw_wrong, qid  # both kinds were asked
        assert ex.evaluate(qid, "no such card ZZ").status in ("invalid", "received")


def _with_a_wrong_key(monkeypatch):
    """Every Question made from now on has its answer key, accepted answers, hints and solution swapped for
    those of a wrong answer (as if the engine had found another answer)."""
    import dataclasses
    from tutor.exercises import core

    def wrong(q):
        if q.kind == "int":
            return parse_answer("int", q.key) + 1
        if q.kind == "cards":
            return q.universe[:1] if sorted(q.universe[:1]) != sorted(q.key) else q.universe
        if q.kind == "ints":
            return [int(q.universe[0])] if [int(q.universe[0])] != q.key else [int(v) for v in q.universe]
        if q.kind == "card":
            return "2C" if canonical("card", parse_answer("card", q.key)) != "2C" else "3C"
        if q.kind == "side":
            return "EW" if q.key != "East–West" else "NS"
        return "North"

    original = core.Exercise.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        swapped = {}
        for qid, q in self.questions.items():
            w = wrong(q)
            c = canonical(q.kind, parse_answer(q.kind, w))
            swapped[qid] = dataclasses.replace(
                q, key=w, accepted=[c], notes={c: "Right: swapped"}, note_rules={},
                item_notes={i: "Not quite: swapped" for i in (q.universe or [])}, item_rules={},
                generic="Not quite: swapped generic", generic_rule="SP-1", outside="swapped {item}",
                solution="swapped solution", judge=lambda a: (True, "Right: swapped", ""))
        self.questions = swapped
    monkeypatch.setattr(core.Exercise, "__init__", init)


@pytest.mark.parametrize("name", list(EXERCISES))
def test_a_test_notebook_holds_nothing_derived_from_an_accepted_answer(name, monkeypatch):
    """Made again with every answer key swapped for a wrong one, the same student's test notebook is byte
    for byte the same: nothing in it (hash, sealed hint, salt, size) depends on which answer is right.
    A practice notebook, which carries the hashed book, changes (so the swap is real)."""
    from tutor.exercises.classset import notebook_for
    test, practice = {"mode": "test", "estimator": "count"}, {"mode": "practice", "estimator": "count"}
    before = {m: notebook_for(name, "s07", s, SECRET, 7) for m, s in (("test", test), ("practice", practice))}
    with monkeypatch.context() as m:
        _with_a_wrong_key(m)
        assert Exercise(name, "s07", test, secret=SECRET, variant=7).questions["q1"].solution == "swapped solution"
        after = {m_: notebook_for(name, "s07", s, SECRET, 7) for m_, s in (("test", test), ("practice", practice))}
    assert after["test"] == before["test"]
    assert after["practice"] != before["practice"]
    # and what the test notebook carries per question: the question as shown, nothing else
    nb = json.loads(before["test"])
    data = json.loads(zlib.decompress(base64.b64decode(
        re.search(r"load_sealed\('([^']+)'\)", "".join(nb["cells"][1]["source"])).group(1))))
    assert data["mode"] == "test"
    for q in data["questions"].values():
        assert set(q) == {"title", "prompt", "help", "kind", "rules"}


def test_a_checks_html_marks_code_and_red_suits_from_data_not_from_its_sentence():
    """The answer cell a check asks for is program text given as a ``Code`` value (a ``<code>`` element in the
    notebook, back-quoted in plain text), and the red suits' symbols are drawn red wherever they stand
    (issue 26: no pattern finds them again in a sentence)."""
    ex = Exercise.load("ex1_legal_cards")
    sealed = load_sealed(seal_text(ex))
    q = ex.question("q1")
    r = graded_check(sealed, "q1", q.key, "answer_q1 = sorted(['2C'])")
    assert r.status == "ungraded"
    typed = f"answer_q1 = {q.key!r}"
    assert f"`{typed}`" in r.message
    html_text = r._repr_html_()
    assert f'<code style="white-space:pre-wrap">{html.escape(typed)}</code>' in html_text
    assert "`" not in html_text
    red = html_text.count('<span style="color:#c62828">')
    assert red == r.message.count("♥") + r.message.count("♦")
    shown = repr(Shown("q1", "T", ["North holds 10♥ and A♠."], ""))
    assert shown == "Q1. T\nNorth holds 10♥ and A♠."
    assert Shown("q1", "T", ["10♥ 4♦ A♠"], "")._repr_html_().count('<span style="color:#c62828">') == 2


def test_saved_view_in_jupyterlite_reads_the_exercises_own_file_beside_the_kernel(tmp_path, monkeypatch):
    """JupyterLite (the static site) names no notebook: in the browser the check reads
    <exercise>.ipynb in the kernel's folder, and still checks whose it is."""
    import sys
    teacher = _teacher("ex2_trick_winner")
    ex = _student("ex2_trick_winner")
    key = answer_key(teacher)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.chdir(tmp_path)
    nb = fill_answers(build_notebook("ex2_trick_winner", "alice", secret=SECRET), {"q1": key["q1"]})
    (tmp_path / "ex2_trick_winner.ipynb").write_text(notebook_text(nb), encoding="utf-8")
    assert saved_view(ex, "q1") is None                      # a server's kernel: no guess
    monkeypatch.setattr(sys, "platform", "emscripten")
    view = saved_view(ex, "q1")
    assert view["name"] == "ex2_trick_winner.ipynb" and view["value"] == key["q1"]
    assert graded_check(ex, "q1", key["q1"], f"answer_q1 = {key['q1']!r}", view).ok
    other = fill_answers(build_notebook("ex2_trick_winner", "bob", secret=SECRET), {"q1": key["q1"]})
    (tmp_path / "ex2_trick_winner.ipynb").write_text(notebook_text(other), encoding="utf-8")
    r = graded_check(ex, "q1", key["q1"], f"answer_q1 = {key['q1']!r}", saved_view(ex, "q1"))
    assert r.status == "ungraded" and "another exercise or student" in r.message
    (tmp_path / "ex2_trick_winner.ipynb").unlink()            # no such file: it says it cannot see it
    assert saved_view(ex, "q1") is None
