"""Grading handed-in notebooks: what is graded, settings, notes, grades.csv, overrides.

The grader never executes student code: cells are parsed with ``ast`` and
only literal values count.  The class below is made with ``make`` and filled
in the test (all right, some wrong, a corrupt file, code that would create
/tmp/PWNED_tt if run, a blank student, a classmate's notebook, a renamed
file, an answer re-typed in a new cell after deleting the original).
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pandas as pd
import pytest

from _classkit import hand_in, keys_of, load_nb, make_set, save_nb
from tutor.cli import main
from tutor.exercises.grading import (grade_class, load_keys, read_answer_cell, read_notebook_answers, read_notebook_cells,
                                     neutralise_cell)
from tutor.exercises.notebooks import answer_source

PWNED = Path("/tmp/PWNED_tt")
EXS = ["ex1_legal_cards", "ex3_spades_scoring"]
Q1 = [f"ex1_legal_cards:q{i}" for i in range(1, 10)]
Q3 = [f"ex3_spades_scoring:q{i}" for i in range(1, 9)]
COLUMNS = ["id", "name", *Q1, *Q3, "ex1_legal_cards total", "ex3_spades_scoring total", "total", "maximum",
           "percent", "notes"]


# ----------------------------------------------------------- reading answers
def test_read_answer_cell_literals_only_and_other_statements_allowed():
    assert read_answer_cell("answer_q3 = 52") == ("value", "q3", 52)
    assert read_answer_cell("answer_q3 = -40  # my guess\n") == ("value", "q3", -40)
    assert read_answer_cell('answer_q1 = ["10H", "QH"]') == ("value", "q1", ["10H", "QH"])
    assert read_answer_cell("answer_q2 = None") == ("value", "q2", None)
    # ✓-but-0 forms of issue 11 item 2 that are values: a print line after, a comment, an import before
    assert read_answer_cell("answer_q2 = 82\nprint(answer_q2)") == ("value", "q2", 82)
    assert read_answer_cell("answer_q2 = 1; print(1)") == ("value", "q2", 1)
    assert read_answer_cell("import os\nanswer_q2 = 1") == ("value", "q2", 1)
    assert read_answer_cell("answer_q2 = 5\nanswer_q2 = 7") == ("value", "q2", 7)
    assert read_answer_cell("answer_q2: int = 7") == ("value", "q2", 7)
    # code: never run, never a mark
    assert read_answer_cell("answer_q2 = 80 + 2") == ("code", "q2", None)
    assert read_answer_cell('answer_q1 = sorted(["QH", "10H"])') == ("code", "q1", None)
    assert read_answer_cell('answer_q2 = __import__("os").system("touch /tmp/PWNED_tt")') == ("code", "q2", None)
    assert read_answer_cell("answer_q2 = len('abc')") == ("code", "q2", None)
    assert read_answer_cell("answer_q2 = 5\nanswer_q2 += 1") == ("code", "q2", None)
    assert read_answer_cell('answer_q1 = ["QH"]\nanswer_q1.append("10H")') == ("code", "q1", None)
    assert read_answer_cell('answer_q1 = ["QH"]\nanswer_q1[0] = "10H"') == ("code", "q1", None)
    assert read_answer_cell("answer_q2 = (") == ("code", "q2", None)
    assert read_answer_cell("answer_q2 == 1") == ("code", None, None)
    assert read_answer_cell("x = 3") == ("code", None, None)
    assert read_answer_cell("   \n# nothing") == ("empty", None, None)
    assert read_answer_cell(None) == ("code", None, None)
    # a cell that only reads the answer (the check cell) sets none
    assert read_answer_cell('ex.check("q1", answer_q1)') == ("code", None, None)
    # several answers in one cell
    assert read_answer_cell("answer_q1 = 1\nanswer_q2 = 2", qid="q2") == ("value", "q2", 2)
    assert read_answer_cell("answer_q1 = 1\nanswer_q2 = 2") == ("value", "q1", 1)
    assert not PWNED.exists()


def test_huge_or_deep_cells_are_code_and_quick():
    big = "answer_q1 = [" + ", ".join(['"10H"'] * 10_000) + "]"
    assert read_answer_cell(big) == ("code", "q1", None)
    deep = "answer_q1 = " + "[" * 3000 + "]" * 3000
    assert read_answer_cell(deep)[0] == "code"


def test_last_code_cell_that_assigns_is_graded():
    nb = {"cells": [
        {"cell_type": "code", "source": "answer_q1 = None", "metadata": {"tags": ["answer"]}},
        {"cell_type": "code", "source": 'ex.check("q1", answer_q1)', "metadata": {}},
        {"cell_type": "markdown", "source": "answer_q1 = 99", "metadata": {}},
        {"cell_type": "code", "source": ["# retyped\n", "answer_q1 = 52\n", "print(answer_q1)"], "metadata": {}},
        {"cell_type": "code", "source": "answer_q2 = 1", "metadata": {}},
        {"cell_type": "code", "source": "answer_q2 = 2 * 3", "metadata": {}},
    ]}
    answers = read_notebook_answers(nb)
    assert answers["q1"].status == "value" and answers["q1"].value == 52
    assert answers["q1"][:2] == ("value", 52)
    assert answers["q2"].status == "code" and "calculation" in answers["q2"].reason
    nb["cells"].append({"cell_type": "code", "source": None, "metadata": {"tricktutor": {"question": "q3"}}})
    assert read_notebook_cells(nb)[1] == ["cell 7 (q3) has no readable text"]


# ----------------------------------------------------------- the class folder
IDS = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]


@pytest.fixture
def klass(tmp_path):
    if PWNED.exists():
        PWNED.unlink()
    out, keys = make_set(tmp_path, IDS, EXS, names={"ann": "Amina Khan", "ben": "Amina Osei"})
    hand_in(out, keys, "ann", EXS[0]); hand_in(out, keys, "ann", EXS[1])
    k = keys_of(keys, EXS[1], "ben")
    hand_in(out, keys, "ben", EXS[0], {"q1": answer_source("q1", [])})
    hand_in(out, keys, "ben", EXS[1], {"q2": answer_source("q2", k["q2"] + 1), "q3": answer_source("q3", "sixty")})
    (out / "cat" / f"{EXS[0]}.ipynb").write_text('{"cells": [ this is not JSON', encoding="utf-8")
    hand_in(out, keys, "cat", EXS[1])
    hand_in(out, keys, "dan", EXS[0], {"q2": 'answer_q2 = __import__("os").system("touch /tmp/PWNED_tt")',
                                       "q3": 'import os\nanswer_q3 = os.listdir(".")'})
    hand_in(out, keys, "dan", EXS[1])
    # eve: nothing touched (a blank student)
    # fay: hands in ann's filled notebook for exercise 1, her own exercise 3
    shutil.copy(out / "ann" / f"{EXS[0]}.ipynb", out / "fay" / f"{EXS[0]}.ipynb")
    hand_in(out, keys, "fay", EXS[1])
    # gus: renamed download of exercise 1; exercise 3 not handed in
    p = hand_in(out, keys, "gus", EXS[0])
    p.rename(out / "gus" / f"{EXS[0]} (1).ipynb")
    (out / "gus" / f"{EXS[1]}.ipynb").unlink()
    # hal: deleted the q4 answer cell of exercise 3 and re-typed it in a new cell at the end, with a print
    path = hand_in(out, keys, "hal", EXS[1], {"q4": None})
    nb = load_nb(path)
    nb["cells"].append({"cell_type": "code", "execution_count": None, "id": "mine", "metadata": {}, "outputs": [],
                        "source": f"answer_q4 = {keys_of(keys, EXS[1], 'hal')['q4']!r}\nprint('done')"})
    save_nb(nb, path)
    hand_in(out, keys, "hal", EXS[0], {"q5": "answer_q5 = 80 + 2"})
    # ivy: exercise 1 only, with a code answer that is right in the kernel
    kv = keys_of(keys, EXS[0], "ivy")
    hand_in(out, keys, "ivy", EXS[0], {"q1": f"answer_q1 = sorted({kv['q1']!r})"})
    return out, keys


def _row(df, sid):
    return df[df["id"] == sid].iloc[0]


def test_grade_class_csv_values(klass, tmp_path, capsys):
    out, keys = klass
    csv = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(csv)]) == 0
    assert not PWNED.exists(), "the grader ran student code"
    got = pd.read_csv(csv, keep_default_na=False, dtype={"notes": str})
    assert list(got.columns) == COLUMNS
    assert list(got["id"]) == IDS
    assert list(got["name"][:3]) == ["Amina Khan", "Amina Osei", "Cat"]
    assert set(got["maximum"]) == {17}
    r = _row(got, "ann")
    assert (r["total"], r["percent"], r["notes"], r["ex1_legal_cards total"]) == (17, 100.0, "", 9)
    r = _row(got, "ben")
    assert r["total"] == 14 and r["ex1_legal_cards:q1"] == 0 and r["ex3_spades_scoring:q2"] == 0
    assert r["notes"] == "ex3_spades_scoring: answer not understood in q3"
    assert r["percent"] == round(100 * 14 / 17, 1)
    r = _row(got, "cat")
    assert r["total"] == 8 and "ex1_legal_cards.ipynb is not a readable notebook (not JSON): not graded" in r["notes"]
    r = _row(got, "dan")
    assert r["total"] == 15 and r["ex1_legal_cards:q2"] == 0 and r["ex1_legal_cards:q3"] == 0
    assert r["notes"].startswith("ex1_legal_cards: code, not a value in q2, q3")
    assert _row(got, "eve")["notes"] == "handed in blank" and _row(got, "eve")["total"] == 0
    r = _row(got, "fay")
    assert r["total"] == 8
    assert ("ex1_legal_cards: ex1_legal_cards.ipynb was handed in by fay but made for ann: not graded as fay's work"
            in r["notes"])
    r = _row(got, "gus")
    assert r["ex1_legal_cards total"] == 9 and r["total"] == 9, "a renamed file is recognised by its metadata"
    assert r["notes"] == "ex3_spades_scoring: not handed in"
    r = _row(got, "hal")
    assert r["ex3_spades_scoring:q4"] == 1, "an answer re-typed in a new cell gets the mark"
    assert r["total"] == 16 and r["ex1_legal_cards:q5"] == 0
    assert "ex1_legal_cards: code, not a value in q5 (the answer is a calculation or a call" in r["notes"]
    r = _row(got, "ivy")
    assert r["total"] == 8 and "code, not a value in q1" in r["notes"]
    printed = capsys.readouterr().out
    assert "Graded 9 students;" in printed and "warning" not in printed
    assert "Handed in by fay, made for ann: ex1_legal_cards (ex1_legal_cards.ipynb)." in printed


def test_semicolon_delimiter_and_lms_file(klass, tmp_path):
    out, keys = klass
    csv = tmp_path / "g.csv"
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(csv), "--delimiter", ";"]) == 0
    text = csv.read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("id;name;ex1_legal_cards:q1;")
    got = pd.read_csv(csv, sep=";", decimal=",", keep_default_na=False, encoding="utf-8-sig")
    assert _row(got, "ben")["percent"] == pytest.approx(82.4)
    assert ";82,4;" in text
    lms = pd.read_csv(tmp_path / "g-lms.csv", sep=";", keep_default_na=False, encoding="utf-8-sig")
    assert list(lms.columns) == ["Student", "SIS User ID", "ID number", "Trick Tutor exercises"]
    assert list(lms["SIS User ID"]) == IDS and list(lms["Trick Tutor exercises"])[:2] == [17, 14]


def test_overrides_apply_and_survive_regrading(klass, tmp_path):
    out, keys = klass
    ov = tmp_path / "overrides.csv"
    ov.write_text("id,question,mark\nivy,ex1_legal_cards:q1,1\nben,ex3_spades_scoring:q3,0.5\n", encoding="utf-8")
    csv = tmp_path / "g.csv"
    for _ in range(2):  # re-grading keeps the teacher's decisions
        assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(csv),
                     "--override", str(ov)]) == 0
        got = pd.read_csv(csv, keep_default_na=False)
        assert _row(got, "ivy")["total"] == 9 and "override ex1_legal_cards:q1: 1 (graded 0)" in _row(got, "ivy")["notes"]
        assert _row(got, "ben")["total"] == 14.5
    ov.write_text("id,question,mark\nivy,ex1_legal_cards:q1,2\n", encoding="utf-8")
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(csv), "--override", str(ov)]) == 2


# ------------------------------------------------------------ settings
def test_missing_or_broken_settings_file_refuses_with_one_line(klass, tmp_path, capsys):
    out, keys = klass
    (keys / "exercise_settings.json").unlink()
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(tmp_path / "g.csv")]) == 2
    err = capsys.readouterr().err
    assert "exercise_settings.json is missing" in err and len(err.strip().splitlines()) == 1
    (keys / "exercise_settings.json").mkdir()
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(tmp_path / "g.csv")]) == 2
    assert "not a regular file" in capsys.readouterr().err
    (keys / "exercise_settings.json").rmdir()
    (keys / "exercise_settings.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(tmp_path / "g.csv")]) == 2
    assert "nested too deeply" in capsys.readouterr().err
    assert not (tmp_path / "g.csv").exists()
    assert main(["exercises", "grade", str(out), "--keys", str(tmp_path / "nokeys"), "--out", "g.csv"]) == 2
    assert "keys folder" in capsys.readouterr().err


def test_oh_hell_rules_set_is_graded_with_its_settings(tmp_path):
    """Issue 11 item 3: a set made with --oh-hell-rules tricks_always_count scores 8/8, never 6/8."""
    out, keys = make_set(tmp_path, ["zoe", "yan"], ["ex5_oh_hell_scoring"], "--oh-hell-rules", "tricks_always_count")
    hand_in(out, keys, "zoe", "ex5_oh_hell_scoring")
    path = hand_in(out, keys, "yan", "ex5_oh_hell_scoring")
    nb = load_nb(path)  # yan edits the settings in the metadata back to the default rules
    nb["metadata"]["tricktutor"]["settings"]["oh_hell"]["tricks_always_count"] = False
    save_nb(nb, path)
    report = grade_class(out, keys)
    zoe, yan = report.rows
    assert zoe["total"] == 8 and zoe["maximum"] == 8 and zoe["notes"] == ""
    assert yan["total"] == 0 and "does not carry this class's signature" in yan["notes"]
    # the set's settings file edited: every notebook disagrees, each says so
    s = json.loads((keys / "exercise_settings.json").read_text())
    s["exercises"]["ex5_oh_hell_scoring"]["oh_hell"]["tricks_always_count"] = False
    (keys / "exercise_settings.json").write_text(json.dumps(s))
    zoe = grade_class(out, keys).rows[0]
    assert zoe["total"] == 0 and "was made with other settings than exercise_settings.json says" in zoe["notes"]


# ------------------------------------------------------------ crafted notebooks
@pytest.mark.parametrize("craft, note", [
    (lambda nb: nb["metadata"].__setitem__("tricktutor", ["x"]), "tricktutor is not an object"),
    (lambda nb: nb["metadata"]["tricktutor"].__setitem__("student", 5), "student is not text"),
    (lambda nb: nb["metadata"].__setitem__("tricktutor", None), "no tricktutor metadata"),
    (lambda nb: nb.__setitem__("metadata", "x"), "has no notebook metadata"),
    (lambda nb: nb.__setitem__("cells", {"a": 1}), "not a notebook (no list of cells)"),
    (lambda nb: nb["cells"].__setitem__(3, None), None),
    (lambda nb: nb["cells"][3].__setitem__("source", None), "has no readable text"),
    (lambda nb: nb["cells"][3]["metadata"].__setitem__("tags", 5), None),
    (lambda nb: nb["cells"][3]["metadata"].__setitem__("tricktutor", {"question": ["q1"]}), None),
])
def test_crafted_notebooks_become_notes_and_the_class_is_graded(tmp_path, craft, note):
    out, keys = make_set(tmp_path, ["ann", "bob"], ["ex2_trick_winner"])
    hand_in(out, keys, "ann", "ex2_trick_winner")
    path = hand_in(out, keys, "bob", "ex2_trick_winner")
    nb = load_nb(path)
    craft(nb)
    save_nb(nb, path)
    report = grade_class(out, keys)
    assert report.rows[0]["total"] == 8
    bob = report.rows[1]
    if note:
        assert note in bob["notes"], bob["notes"]
    assert bob["total"] <= 8


def test_formula_folder_names_never_reach_the_csv_as_formulas(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["ann"], ["ex2_trick_winner"], names={"ann": "=1+1"})
    hand_in(out, keys, "ann", "ex2_trick_winner")
    for bad in ("=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)"):
        (out / bad).mkdir()
        shutil.copy(out / "ann" / "ex2_trick_winner.ipynb", out / bad / "ex2_trick_winner.ipynb")
    csv = tmp_path / "g.csv"
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(csv)]) == 0
    got = pd.read_csv(csv, keep_default_na=False)
    # folders that are not student ids are never graded nor written to either CSV file: they are listed
    assert list(got["id"]) == ["ann"] and _row(got, "ann")["name"] == "'=1+1" and list(got["total"]) == [8]
    lms = pd.read_csv(tmp_path / "g-lms.csv", keep_default_na=False)
    assert list(lms["SIS User ID"]) == ["ann"] and list(lms["Student"]) == ["'=1+1"]
    printed = capsys.readouterr().out
    assert "Not on the roster (not graded, not in the LMS file): 4" in printed
    assert "'+1': folder name is not a student id" in printed
    assert neutralise_cell("-3") == "'-3" and neutralise_cell(-3) == -3 and neutralise_cell("ok") == "ok"


# ------------------------------------------------------------ CLI input errors
def test_grade_out_errors_are_one_line(klass, tmp_path, capsys):
    out, keys = klass
    for bad, msg in ((tmp_path, "is a folder"), (tmp_path / "nope" / "g.csv", "does not exist")):
        assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(bad)]) == 2
        err = capsys.readouterr().err
        assert msg in err and len(err.strip().splitlines()) == 1
    assert main(["exercises", "grade", str(tmp_path / "nope"), "--keys", str(keys), "--out", "g.csv"]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_grade_with_roster_lists_students_who_handed_in_nothing(klass, tmp_path):
    out, keys = klass
    roster = tmp_path / "roster2.csv"
    roster.write_text("Student ID;Name\nann;Amina K\nben;B\nzed;Zed Z\n", encoding="utf-8")
    report = grade_class(out, keys, roster=["ann", "ben", "zed"], names={"zed": "Zed Z"})
    ids = [r["id"] for r in report.rows]
    assert ids == ["ann", "ben", "zed"], "only the roster's students have rows"
    zed = report.rows[2]
    assert zed["notes"] == "nothing handed in" and zed["name"] == "Zed Z" and zed["total"] == 0
    # the other folders are listed, never graded
    assert [x["name"] for x in report.not_on_roster] == ["cat", "dan", "eve", "fay", "gus", "hal", "ivy"]
    assert "  eve: not on the roster" in report.summary()


def test_keys_loader_reads_what_make_wrote(klass):
    _, keys = klass
    k = load_keys(keys)
    assert list(k.exercises) == EXS and len(k.secret) == 32 and k.ids == IDS
    assert k.names["ann"] == "Amina Khan"


# ------------------------------------------------------------ properties
from hypothesis import given, settings as hsettings, strategies as st  # noqa: E402

_LITERALS = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12),
                         lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner), max_leaves=12)


@hsettings(max_examples=150, deadline=None)
@given(value=_LITERALS, n=st.integers(1, 12), before=st.sampled_from(["", "# note\n", "import math\n"]),
       after=st.sampled_from(["", "\nprint('ok')", "\nprint(answer_qN)", "  # mine"]))
def test_any_literal_reads_back_exactly(value, n, before, after):
    q = f"q{n}"
    src = before + answer_source(q, value) + after.replace("answer_qN", f"answer_{q}")
    assert read_answer_cell(src) == ("value", q, value)


@hsettings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_reading_any_text_never_raises(src):
    status, qid, value = read_answer_cell(src)
    assert status in ("value", "code", "empty")
    if status != "value":
        assert value is None


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                     max_leaves=8)


@pytest.fixture(scope="module")
def fuzz_class(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fuzz")
    out, keys = make_set(tmp, ["ann", "bob"], ["ex2_trick_winner"])
    hand_in(out, keys, "ann", "ex2_trick_winner")
    path = hand_in(out, keys, "bob", "ex2_trick_winner")
    return out, keys, path.read_text(encoding="utf-8")


@hsettings(max_examples=40, deadline=None)
@given(where=st.sampled_from(["tt", "settings", "exercise", "student", "cell", "cell_meta", "source", "cells", "nb"]),
       junk=_JSON)
def test_any_crafted_value_is_a_note_never_a_crash(fuzz_class, where, junk):
    out, keys, original = fuzz_class
    nb = json.loads(original)
    tt = nb["metadata"]["tricktutor"]
    if where == "tt":
        nb["metadata"]["tricktutor"] = junk
    elif where in ("settings", "exercise", "student"):
        tt[where] = junk
    elif where == "cell":
        nb["cells"][3] = junk
    elif where == "cell_meta":
        nb["cells"][3]["metadata"] = junk
    elif where == "source":
        nb["cells"][3]["source"] = junk
    elif where == "cells":
        nb["cells"] = junk
    else:
        nb = junk
    path = out / "bob" / "ex2_trick_winner.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    try:
        rows = grade_class(out, keys).rows
    finally:
        path.write_text(original, encoding="utf-8")
    assert rows[0]["total"] == 8 and 0 <= rows[1]["total"] <= 8


# ------------------------------------------------------------ issue 28: the grade book and the LMS file
def test_lms_file_holds_roster_students_only_a_case_variant_is_listed_not_zeroed(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["s2024-001", "s2024-002"], ["ex2_trick_winner"])
    hand_in(out, keys, "s2024-001", "ex2_trick_winner")
    (out / "S2024-001").mkdir()  # a case variant of a real id (an LMS matching without case would take it)
    shutil.copy(out / "s2024-002" / "ex2_trick_winner.ipynb", out / "S2024-001" / "ex2_trick_winner.ipynb")
    (out / "visitor").mkdir()
    csv = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(csv)]) == 0
    printed = capsys.readouterr().out
    lms = pd.read_csv(tmp_path / "grades-lms.csv", keep_default_na=False)
    assert list(lms["SIS User ID"]) == ["s2024-001", "s2024-002"] and list(lms["Trick Tutor exercises"]) == [8, 0]
    assert list(pd.read_csv(csv, keep_default_na=False)["id"]) == ["s2024-001", "s2024-002"]
    assert "Not on the roster (not graded, not in the LMS file): 2" in printed
    assert "  S2024-001: not on the roster (did you mean s2024-001?)" in printed and "  visitor: not on the roster" in printed
    page = tmp_path / "report.html"
    assert main(["exercises", "report", str(out), "--keys", str(keys), "--out", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "<h2>Not on the roster</h2>" in html and "S2024-001: not on the roster; did you mean s2024-001?" in html


def test_an_lms_id_column_lets_class_ids_be_pseudonyms(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name,lms_id\nt01,Amina Khan,s2024-001\nt02,Bo Li,s2024-002\n", encoding="utf-8")
    out = tmp_path / "class"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", "ex2_trick_winner"]) == 0
    keys = tmp_path / "class-teacher"
    assert load_keys(keys).lms_ids == {"t01": "s2024-001", "t02": "s2024-002"}
    assert sorted(p.name for p in out.iterdir() if p.is_dir() and p.name != "binder") == ["t01", "t02"]
    assert "s2024" not in "".join(p.read_text(encoding="utf-8") for p in out.rglob("*.ipynb"))
    hand_in(out, keys, "t02", "ex2_trick_winner")
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(tmp_path / "g.csv")]) == 0
    lms = pd.read_csv(tmp_path / "g-lms.csv", keep_default_na=False)
    assert list(lms["SIS User ID"]) == ["s2024-001", "s2024-002"] and list(lms["ID number"]) == ["s2024-001", "s2024-002"]
    assert list(lms["Trick Tutor exercises"]) == [0, 8]
    dup = tmp_path / "dup.csv"
    dup.write_text("student_id,lms_id\nt01,x1\nt02,X1\n", encoding="utf-8")
    assert main(["exercises", "make", "--roster", str(dup), "--out", str(tmp_path / "c2")]) == 2


def test_nothing_handed_in_and_handed_in_blank_are_told_apart(tmp_path):
    out, keys = make_set(tmp_path, ["ann", "bob", "cy"], ["ex1_legal_cards", "ex2_trick_winner"])
    into = tmp_path / "in"
    (into / "ann").mkdir(parents=True)
    shutil.copy(out / "ann" / "ex1_legal_cards.ipynb", into / "ann")  # one blank notebook
    (into / "bob").mkdir()
    for n in ("ex1_legal_cards", "ex2_trick_winner"):
        shutil.copy(out / "bob" / f"{n}.ipynb", into / "bob")         # both, blank
    rows = {r["id"]: r for r in grade_class(into, keys).rows}
    assert rows["ann"]["notes"] == "handed in blank; ex2_trick_winner: not handed in"
    assert rows["bob"]["notes"] == "handed in blank"
    assert rows["cy"]["notes"] == "nothing handed in"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_file_that_cannot_be_written_is_named(klass, tmp_path, capsys):
    out, keys = klass
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", "/dev/full",
                 "--lms-out", str(tmp_path / "lms.csv")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "tricktutor exercises grade: cannot write /dev/full (No space left on device)"
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(tmp_path / "g.csv"),
                 "--lms-out", "/dev/full"]) == 2
    assert "cannot write /dev/full (No space left on device)" in capsys.readouterr().err
    assert main(["exercises", "report", str(out), "--keys", str(keys), "--out", "/dev/full"]) == 2
    assert "tricktutor exercises report: cannot write /dev/full (No space left on device)" in capsys.readouterr().err


def test_report_says_what_percent_right_is_of_and_feedback_pages_are_the_students(klass, tmp_path):
    out, keys = klass
    page = tmp_path / "r.html"
    assert main(["exercises", "report", str(out), "--keys", str(keys), "--out", str(page)]) == 0
    import html as _html
    html = _html.unescape(page.read_text(encoding="utf-8"))
    assert ("For each question: of the students who handed in that exercise's notebook (a blank notebook counts, a "
            "missing one does not), the percentage who got the mark.") in html
    assert "% right of those who handed it in" in html and "<th>handed in</th>" in html
    fb = (tmp_path / "feedback-class" / "ann.html").read_text(encoding="utf-8")
    assert "<title>Trick Tutor exercises: feedback for Amina Khan</title>" in fb and "class report" not in fb


def test_two_sets_reported_into_one_folder_keep_their_own_feedback_pages(tmp_path, capsys):
    """Issue 33: a second ``report`` in the same folder silently overwrote the first set's feedback/ pages;
    each set's pages go to feedback-<set>/ (the set's name from its teacher folder)."""
    a_out, a_keys = make_set(tmp_path, ["ann", "bob"], ["ex1_legal_cards"], out_name="spades-a")
    b_out, b_keys = make_set(tmp_path, ["ann", "cy"], ["ex2_trick_winner"], out_name="spades-b")
    hand_in(a_out, a_keys, "ann", "ex1_legal_cards")
    reports = tmp_path / "reports"
    reports.mkdir()
    for out, keys in ((a_out, a_keys), (b_out, b_keys)):
        assert main(["exercises", "report", str(out), "--keys", str(keys),
                     "--out", str(reports / f"{out.name}.html")]) == 0
    printed = capsys.readouterr().out
    assert f"feedback pages for students in {reports / 'feedback-spades-a'}/." in printed
    assert sorted(p.relative_to(reports).as_posix() for p in reports.rglob("*.html")) == [
        "feedback-spades-a/ann.html", "feedback-spades-a/bob.html", "feedback-spades-b/ann.html",
        "feedback-spades-b/cy.html", "spades-a.html", "spades-b.html"]
    assert "ex1_legal_cards" in (reports / "feedback-spades-a" / "ann.html").read_text(encoding="utf-8")
    assert "ex2_trick_winner" in (reports / "feedback-spades-b" / "ann.html").read_text(encoding="utf-8")
