"""Teacher tools: ``tricktutor exercises make`` and ``tricktutor exercises grade``.

The grader never executes student code: answer cells are parsed with
``ast`` and only literal values count.  The class folder below is prepared
in the test (all right; some wrong; a corrupt file; a code answer that
would create /tmp/PWNED_tt if run; missing answers; a notebook from another
student's set; a notebook not handed in) and the CSV is compared in full.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat
import pandas as pd
import pytest

from tutor.cli import main
from tutor.exercises import Exercise, answer_key
from tutor.exercises.grading import grade_class, read_answer_cell, read_notebook_answers
from tutor.exercises.notebooks import answer_source, fill_answers
from tutor.exercises_cli import nbgitpuller_link

PWNED = Path("/tmp/PWNED_tt")
EXS = ["ex1_legal_cards", "ex3_spades_scoring"]
Q1 = [f"ex1_legal_cards:q{i}" for i in range(1, 10)]
Q3 = [f"ex3_spades_scoring:q{i}" for i in range(1, 9)]
COLUMNS = ["student_id", *Q1, *Q3, "total", "notes"]


# ----------------------------------------------------------- reading answers
def test_read_answer_cell_literals_only():
    assert read_answer_cell("answer_q3 = 52") == ("value", "q3", 52)
    assert read_answer_cell("answer_q3 = -40  # my guess\n") == ("value", "q3", -40)
    assert read_answer_cell('answer_q1 = ["10H", "QH"]') == ("value", "q1", ["10H", "QH"])
    assert read_answer_cell("answer_q2 = None") == ("value", "q2", None)
    assert read_answer_cell('answer_q2 = __import__("os").system("touch /tmp/PWNED_tt")') == ("code", "q2", None)
    assert read_answer_cell("import os\nanswer_q2 = 1") == ("code", "q2", None)
    assert read_answer_cell("answer_q2 = 1; print(1)") == ("code", "q2", None)
    assert read_answer_cell("answer_q2 = len('abc')") == ("code", "q2", None)
    assert read_answer_cell("answer_q2 == 1") == ("code", "q2", None)
    assert read_answer_cell("answer_q2 = (") == ("code", "q2", None)
    assert read_answer_cell("x = 3") == ("code", None, None)
    assert read_answer_cell("   \n# nothing") == ("empty", None, None)
    assert not PWNED.exists()


# ----------------------------------------------------------- the class folder
def _nb(folder: Path, sid: str, name: str):
    return nbformat.read(folder / sid / f"{name}.ipynb", as_version=4)


def _save(nb, folder: Path, sid: str, name: str):
    nbformat.write(nb, folder / sid / f"{name}.ipynb")


def _set_answer(nb, qid: str, source: str | None):
    for i, c in enumerate(nb.cells):
        if c.metadata.get("tricktutor", {}).get("question") == qid:
            if source is None:
                del nb.cells[i]
            else:
                c.source = source
            return nb
    raise KeyError(qid)


@pytest.fixture
def class_folder(tmp_path):
    if PWNED.exists():
        PWNED.unlink()
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\nann,Ann A\nben,Ben B\ncat,Cat C\ndan,Dan D\neve,Eve E\nfay,Fay F\ngus,Gus G\n",
                      encoding="utf-8")
    out = tmp_path / "class"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out),
                 "--exercises", ",".join(EXS), "--estimator", "count"]) == 0
    keys = {sid: json.loads((out / "answer_keys" / f"{sid}.json").read_text(encoding="utf-8"))
            for sid in ("ann", "ben", "cat", "dan", "eve", "fay", "gus")}

    def hand_in(sid, name, changes=None):
        nb = fill_answers(_nb(out, sid, name), keys[sid][name])
        for qid, src in (changes or {}).items():
            _set_answer(nb, qid, src)
        _save(nb, out, sid, name)

    # ann: all right
    hand_in("ann", EXS[0]); hand_in("ann", EXS[1])
    # ben: some wrong (an empty card list, a score off by one) and one answer of the wrong type
    hand_in("ben", EXS[0], {"q1": answer_source("q1", [])})
    hand_in("ben", EXS[1], {"q2": answer_source("q2", keys["ben"][EXS[1]]["q2"] + 1),
                            "q3": answer_source("q3", "sixty")})
    # cat: exercise 1 is not a notebook at all
    (out / "cat" / f"{EXS[0]}.ipynb").write_text('{"cells": [ this is not JSON', encoding="utf-8")
    hand_in("cat", EXS[1])
    # dan: code instead of values (must never run)
    hand_in("dan", EXS[0], {"q2": 'answer_q2 = __import__("os").system("touch /tmp/PWNED_tt")',
                            "q3": 'import os\nanswer_q3 = os.listdir(".")'})
    hand_in("dan", EXS[1])
    # eve: exercise 1 untouched (all None), q4 of exercise 3 deleted
    hand_in("eve", EXS[1], {"q4": None})
    # fay: hands in ann's filled notebook for exercise 1
    shutil.copy(out / "ann" / f"{EXS[0]}.ipynb", out / "fay" / f"{EXS[0]}.ipynb")
    hand_in("fay", EXS[1])
    # gus: exercise 3 not handed in
    hand_in("gus", EXS[0])
    (out / "gus" / f"{EXS[1]}.ipynb").unlink()
    return out


def test_make_writes_notebooks_keys_and_settings(class_folder):
    out = class_folder
    assert sorted(p.name for p in out.iterdir()) == ["ann", "answer_keys", "ben", "cat", "dan", "eve",
                                                     "exercise_settings.json", "fay", "gus"]
    assert json.loads((out / "exercise_settings.json").read_text()) == {
        "exercises": EXS, "reveal_answers": False, "oh_hell": {"tricks_always_count": False, "nil_pays_hand_size": False},
        "estimator": "count"}
    key = json.loads((out / "answer_keys" / "eve.json").read_text(encoding="utf-8"))
    secret = (class_folder / "answer_keys" / "class_secret.txt").read_text(encoding="utf-8").strip()
    assert key == {name: answer_key(Exercise(name, "eve", {"estimator": "count"}, secret=secret)) for name in EXS}
    nb = _nb(out, "eve", EXS[1])
    assert nb.metadata.tricktutor == {"exercise": EXS[1], "student": "eve", "format": 2, "settings": {
        "oh_hell": {"tricks_always_count": False, "nil_pays_hand_size": False}, "estimator": "count"}}
    assert "load_sealed(" in nb.cells[1].source and "reveal_answers" not in nb.cells[1].source
    assert secret not in json.dumps(nb)


def test_grade_class_folder_exact_csv(class_folder, tmp_path, capsys):
    csv = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(class_folder), "--out", str(csv)]) == 0
    assert not PWNED.exists(), "the grader ran student code"
    got = pd.read_csv(csv, keep_default_na=False)
    ones1, ones3 = [1] * 9, [1] * 8
    zeros1, zeros3 = [0] * 9, [0] * 8
    rows = [
        ["ann", *ones1, *ones3, 17, ""],
        ["ben", 0, *[1] * 8, 1, 0, 0, *[1] * 5, 14,
         "ex3_spades_scoring: answer not understood in q3"],
        ["cat", *zeros1, *ones3, 8, "ex1_legal_cards: corrupt notebook (not a readable .ipynb)"],
        ["dan", 1, 0, 0, *[1] * 6, *ones3, 15, "ex1_legal_cards: code, not a value in q2, q3"],
        ["eve", *zeros1, 1, 1, 1, 0, 1, 1, 1, 1, 7,
         "ex1_legal_cards: no answer for q1, q2, q3, q4, q5, q6, q7, q8, q9; "
         "ex3_spades_scoring: no answer for q4"],
        ["fay", *zeros1, *ones3, 8, "ex1_legal_cards: notebook is from ann's set, not fay's"],
        ["gus", *ones1, *zeros3, 9, "ex3_spades_scoring: notebook missing"],
    ]
    expected = pd.DataFrame(rows, columns=COLUMNS)
    pd.testing.assert_frame_equal(got, expected)
    out = capsys.readouterr().out
    assert "Graded 7 students; 7 problems found." in out
    assert "dan: ex1_legal_cards: code, not a value in q2, q3" in out
    assert "cat: ex1_legal_cards: corrupt notebook" in out
    assert "warning" not in out


def test_grader_regenerates_the_key_and_warns_when_the_stored_key_differs(class_folder):
    key_file = class_folder / "answer_keys" / "ann.json"
    key = json.loads(key_file.read_text(encoding="utf-8"))
    key[EXS[1]]["q1"] = 999
    key_file.write_text(json.dumps(key), encoding="utf-8")
    report = grade_class(class_folder)
    assert report.rows[0]["student_id"] == "ann" and report.rows[0]["total"] == 17
    assert report.warnings == ["ann: ex3_spades_scoring: the stored answer key differs from the regenerated one "
                               "(were the settings changed?); grading uses the regenerated key"]


def test_read_notebook_answers_uses_cell_metadata(class_folder):
    nb = _nb(class_folder, "dan", EXS[0])
    answers = read_notebook_answers(nb)
    assert answers["q2"] == ("code", None) and answers["q3"] == ("code", None)
    assert answers["q1"][0] == "value"


# ----------------------------------------------------------- CLI input errors
def test_make_rejects_a_roster_without_student_id(tmp_path, capsys):
    roster = tmp_path / "r.csv"
    roster.write_text("name\nAnn\n", encoding="utf-8")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(tmp_path / "o")]) == 2
    assert "no student_id column" in capsys.readouterr().err


def test_make_rejects_unsafe_or_duplicate_ids(tmp_path, capsys):
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\n../etc\n", encoding="utf-8")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(tmp_path / "o")]) == 2
    assert "cannot be a folder name" in capsys.readouterr().err
    roster.write_text("student_id\nann\nann\n", encoding="utf-8")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(tmp_path / "o")]) == 2
    assert "more than once" in capsys.readouterr().err


def test_make_oh_hell_rule_variation_and_nbgitpuller_link(tmp_path, capsys):
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\nzoe\n", encoding="utf-8")
    out = tmp_path / "set1"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises",
                 "ex5_oh_hell_scoring", "--oh-hell-rules", "tricks_always_count", "--reveal-answers",
                 "--print-nbgitpuller", "https://hub.school.example/", "https://github.com/teacher/class-2026"]) == 0
    printed = capsys.readouterr().out
    link = ("https://hub.school.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fteacher%2F"
            "class-2026&urlpath=lab%2Ftree%2Fclass-2026%2Fset1&branch=main")
    assert link in printed
    settings = json.loads((out / "exercise_settings.json").read_text())
    assert settings.pop("exercises") == ["ex5_oh_hell_scoring"]
    assert settings["oh_hell"] == {"tricks_always_count": True, "nil_pays_hand_size": False}
    assert settings["reveal_answers"] is True
    key = json.loads((out / "answer_keys" / "zoe.json").read_text(encoding="utf-8"))["ex5_oh_hell_scoring"]
    secret = (out / "answer_keys" / "class_secret.txt").read_text(encoding="utf-8").strip()
    assert key == answer_key(Exercise("ex5_oh_hell_scoring", "zoe", settings, secret=secret))
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out),
                 "--oh-hell-rules", "hook"]) == 2
    assert "unknown option 'hook'" in capsys.readouterr().err


def test_nbgitpuller_link_strips_dot_git():
    assert nbgitpuller_link("https://hub.example", "https://github.com/a/b.git", "dev", "exercises") == (
        "https://hub.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fa%2Fb.git"
        "&urlpath=lab%2Ftree%2Fb%2Fexercises&branch=dev")


def test_grade_missing_folder_is_an_input_error(tmp_path, capsys):
    assert main(["exercises", "grade", str(tmp_path / "nope"), "--out", str(tmp_path / "g.csv")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_grade_with_roster_lists_students_who_handed_in_nothing(class_folder, tmp_path):
    roster = tmp_path / "roster2.csv"
    roster.write_text("student_id\nann\nben\ncat\ndan\neve\nfay\nhal\n", encoding="utf-8")
    csv = tmp_path / "g.csv"
    assert main(["exercises", "grade", str(class_folder), "--out", str(csv), "--roster", str(roster)]) == 0
    got = pd.read_csv(csv, keep_default_na=False)
    assert list(got["student_id"]) == ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]
    hal = got[got.student_id == "hal"].iloc[0]
    assert hal["total"] == 0 and hal["notes"] == "nothing handed in"
    assert all(hal[c] == 0 for c in Q1 + Q3)
    gus = got[got.student_id == "gus"].iloc[0]
    assert gus["notes"] == "not on the roster; ex3_spades_scoring: notebook missing" and gus["total"] == 9


def test_key_notebooks_score_full_marks(tmp_path):
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\nkim\n", encoding="utf-8")
    out = tmp_path / "set"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises",
                 "ex2_trick_winner,ex4_bags_and_game_end", "--key-notebooks"]) == 0
    for name in ("ex2_trick_winner", "ex4_bags_and_game_end"):
        key_nb = out / "answer_keys" / "kim" / f"{name}.ipynb"
        assert "answer_q1 = None" not in key_nb.read_text(encoding="utf-8")
        shutil.copy(key_nb, out / "kim" / f"{name}.ipynb")
    report = grade_class(out)
    assert report.rows == [{"student_id": "kim", **{f"ex2_trick_winner:q{i}": 1 for i in range(1, 9)},
                            **{f"ex4_bags_and_game_end:q{i}": 1 for i in range(1, 10)}, "total": 17, "notes": ""}]
    assert report.problems == [] and report.warnings == []


def test_make_never_overwrites_handed_in_work(tmp_path):
    """Re-running make (e.g. after adding a student) keeps existing notebooks."""
    import subprocess
    import sys
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id\ns1\n", encoding="utf-8")
    out = tmp_path / "class"
    cmd = [sys.executable, "-m", "tutor.cli", "exercises", "make", "--roster", str(roster), "--out", str(out)]
    assert subprocess.run(cmd, capture_output=True, text=True).returncode == 0
    work = next((out / "s1").glob("*.ipynb"))
    work.write_text(work.read_text(encoding="utf-8").replace("answer_q1 = None", "answer_q1 = 7"), encoding="utf-8")
    roster.write_text("student_id\ns1\ns2\n", encoding="utf-8")
    again = subprocess.run(cmd, capture_output=True, text=True)
    assert again.returncode == 0 and "Kept" in again.stdout
    assert "answer_q1 = 7" in work.read_text(encoding="utf-8")
    assert any((out / "s2").glob("*.ipynb"))
    forced = subprocess.run(cmd + ["--force"], capture_output=True, text=True)
    assert forced.returncode == 0
    assert "answer_q1 = 7" not in work.read_text(encoding="utf-8")
    other = subprocess.run(cmd + ["--reveal-answers"], capture_output=True, text=True)
    assert other.returncode == 2 and "other settings" in other.stderr
