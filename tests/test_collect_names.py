"""``collect``'s last holes (issue 33): a student renamed after a classmate across downloads and earlier
collects (N1), a hub home copied under a name that is no student id (N2), two roster students with one
name, a classmate's notebook opened but not answered, and a cap on the copies of one exercise.

Layouts as in test_collect.py: Moodle's "<Full name>_<participant id>_assignsubmission_file/…".
"""
from __future__ import annotations

import json
import shutil
import zipfile

import pytest

from _classkit import fill, hand_in, load_nb, make_set, save_nb
from test_collect import _moodle, _wrong_answers, _zinfo
from tutor.cli import main
from tutor.exercises.collect import collect
from tutor.exercises.grading import grade_class, load_keys

EX = "ex2_trick_winner"
NAMES = {"ann": "Amina Khan", "bob": "Bo Li", "cy": "Cyrus Oduya", "mal": "Mallory Nash"}


@pytest.fixture
def klass(tmp_path):
    out, keys = make_set(tmp_path, list(NAMES), [EX], names=NAMES)
    ann_blank = load_nb(out / "ann" / f"{EX}.ipynb")
    for sid in NAMES:
        hand_in(out, keys, sid, EX)
    return out, keys, ann_blank


def _download(path, entries):
    """A Moodle zip: ``entries`` is [(full name, participant id, notebook bytes)]."""
    with zipfile.ZipFile(path, "w") as zf:
        for name, pid, data in entries:
            zf.writestr(_zinfo(f"{_moodle(name, pid)}/{EX}.ipynb", (2026, 11, 30, 9, pid % 60, 0)), data)
    return path


def _row(into, keys, sid):
    return next(r for r in grade_class(into, keys).rows if r["id"] == sid)


def _renamed_after_ann(tmp_path, out, keys, ann_blank):
    """The first download (ann's own, bob's) and a later one in which mal, renamed "Amina Khan" (another
    participant number), hands in ann's notebook filled wrong."""
    first = _download(tmp_path / "ex2-monday.zip", [("Amina Khan", 1001, (out / "ann" / f"{EX}.ipynb").read_bytes()),
                                                    ("Bo Li", 1002, (out / "bob" / f"{EX}.ipynb").read_bytes())])
    wrong = json.dumps(fill(ann_blank, _wrong_answers(keys, EX, "ann"))).encode()
    later = _download(tmp_path / "ex2-friday.zip", [("Amina Khan", 1004, wrong)])
    return first, later


def test_n1_a_renamed_account_in_a_later_collect_is_not_filed_and_neither_copy_is_graded(klass, tmp_path, capsys):
    out, keys, ann_blank = klass
    first, later = _renamed_after_ann(tmp_path, out, keys, ann_blank)
    into = tmp_path / "handed-in"
    k = load_keys(keys)
    assert len(collect([first], into, keys=k).filed) == 2
    assert _row(into, k, "ann")[f"{EX} total"] == 8
    r = collect([later], into, keys=k)
    assert r.filed == [] and len(r.ambiguous) == 1 and "Moodle participant 1004 (Amina Khan)" in r.ambiguous[0]
    assert sorted(p.name for p in (into / "ann").iterdir()) == [f"{EX}.ipynb"]
    ann = _row(into, k, "ann")   # which account is ann's is not known: neither copy is graded as hers
    assert ann[f"{EX} total"] == 0
    assert (f"{EX}: {EX}.ipynb came from moodle 1001, moodle 1004, accounts with this student's name: not graded "
            f"(collect again with --lms-list") in ann["notes"]
    assert _row(into, k, "bob")[f"{EX} total"] == 8
    # the platform's list settles it: ann's own is graded, mal's hand-in is listed as made for ann
    sheet = tmp_path / "worksheet.csv"
    sheet.write_text("Identifier,Full name,ID number\nParticipant 1001,Amina Khan,ann\nParticipant 1002,Bo Li,bob\n"
                     "Participant 1004,Amina Khan,mal\n", encoding="utf-8")
    assert main(["exercises", "collect", str(first), str(later), "--into", str(into), "--keys", str(keys),
                 "--lms-list", str(sheet)]) == 0
    assert "Handed in by mal, made for ann" in capsys.readouterr().out
    report = grade_class(into, k)
    rows = {x["id"]: x for x in report.rows}
    assert rows["ann"][f"{EX} total"] == 8 and "not graded" not in rows["ann"]["notes"]
    assert report.not_on_roster == [] and [x["submitter"] for x in report.made_for_other] == ["mal"]


def test_n1_two_zips_in_one_run_file_neither_and_a_first_filed_copy_is_not_graded(klass, tmp_path):
    out, keys, ann_blank = klass
    first, later = _renamed_after_ann(tmp_path, out, keys, ann_blank)
    k = load_keys(keys)
    r = collect([first, later], tmp_path / "one-run", keys=k)
    assert sorted(x.split(" ← ")[0] for x in r.filed) == [f"bob/{EX}.ipynb"] and len(r.ambiguous) == 2
    assert _row(tmp_path / "one-run", k, "ann")[f"{EX} total"] == 0
    # the renamed account collected first: its copy was filed as ann's; her own, later, shows the conflict
    into = tmp_path / "other-order"
    assert [x.split(" ← ")[0] for x in collect([later], into, keys=k).filed] == [f"ann/{EX}.ipynb"]
    r = collect([first], into, keys=k)
    assert len(r.ambiguous) == 1 and "1001" in r.ambiguous[0]
    ann = _row(into, k, "ann")
    assert ann[f"{EX} total"] == 0 and "accounts with this student's name: not graded" in ann["notes"]
    # the same student in two assignments (other numbers) handing in two exercises is no conflict (test_collect);
    # nor is a file that is no hand-in: a renamed account handing in ann's notebook with edited metadata
    tampered = json.loads((out / "ann" / f"{EX}.ipynb").read_text())
    tampered["metadata"]["tricktutor"]["settings"]["estimator"] = "advisor"
    into = tmp_path / "tampered"
    collect([first], into, keys=k)
    r = collect([_download(tmp_path / "t.zip", [("Amina Khan", 1005, json.dumps(tampered).encode())])], into, keys=k)
    assert len(r.tampered) == 1 and r.ambiguous == []
    assert _row(into, k, "ann")[f"{EX} total"] == 8


def test_n2_a_hub_home_under_a_name_that_is_no_student_id_is_refused(klass, tmp_path, capsys):
    """jupyter-mallory/ holds the whole class clone: her edit of bob's notebook was graded as his (48 → 40),
    the untouched ones filed as blank hand-ins."""
    out, keys, _ = klass
    collected = tmp_path / "collected"
    clone = collected / "jupyter-mallory" / "spades-class"
    shutil.copytree(out, clone)
    nb = load_nb(clone / "bob" / f"{EX}.ipynb")
    save_nb(fill(nb, _wrong_answers(keys, EX, "bob")), clone / "bob" / f"{EX}.ipynb")
    shutil.copytree(out / "cy", collected / "cy")          # a home copied as TEACHERS.md says: filed
    into = tmp_path / "in"
    assert main(["exercises", "collect", str(collected), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Filed 1 notebook.")
    assert ("Folders named by no student that hold several students' folders, like a copy of the whole class folder "
            "in a hub home (not filed; copy each student's home folder to collected/<id>/, or pass a folder you "
            "sorted yourself as a source of its own): 1") in printed
    # (cy's notebook there is the same file as in cy's own home: read once, from there)
    assert "collected/jupyter-mallory/spades-class: the folders of 3 students (ann, bob, mal), 3 notebooks" \
        in printed
    assert sorted(p.relative_to(into).as_posix() for p in into.rglob("*.ipynb")) == [f"cy/{EX}.ipynb"]
    report = grade_class(into, keys)
    assert report.not_on_roster_lines() == [
        "collected/jupyter-mallory/spades-class: a folder named by no student that holds several students' folders "
        "(a copy of the class folder?)"]
    page = tmp_path / "report.html"
    assert main(["exercises", "report", str(into), "--keys", str(keys), "--out", str(page)]) == 0
    assert ("collected/jupyter-mallory/spades-class: a folder named by no student that holds several students' "
            "folders (a copy of the class folder?).") in page.read_text(encoding="utf-8").replace("&#x27;", "'")
    # a folder of the teacher's own sorting, passed itself, is read as before
    r = collect([clone], tmp_path / "in2", keys=load_keys(keys))
    assert len(r.filed) == 4 and r.class_copy == []
    # the same home zipped under her name, in a folder or given as a source: refused likewise
    home_zip = tmp_path / "homes" / "jupyter-mallory.zip"
    home_zip.parent.mkdir()
    shutil.make_archive(str(home_zip.with_suffix("")), "zip", collected / "jupyter-mallory")
    for source in (home_zip.parent, home_zip):
        r = collect([source], tmp_path / f"in-{source.name}", keys=load_keys(keys))
        assert r.filed == [] and len(r.class_copy) == 1, source


def test_two_roster_students_with_one_name_are_said_so_and_the_lms_list_rerun_clears_it(tmp_path, capsys):
    names = {"ann": "Amina Khan", "ann2": "Amina Khan", "bob": "Bo Li"}
    out, keys = make_set(tmp_path, list(names), [EX], names=names)
    for sid in names:
        hand_in(out, keys, sid, EX)
    z = _download(tmp_path / "dl.zip", [("Amina Khan", 11, (out / "ann" / f"{EX}.ipynb").read_bytes()),
                                        ("Amina Khan", 12, (out / "ann2" / f"{EX}.ipynb").read_bytes())])
    into = tmp_path / "in"
    assert main(["exercises", "collect", str(z), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert "Two or more students on the roster have the name the platform wrote (not filed; --lms-list" in printed
    assert "names nobody on the roster" not in printed
    assert grade_class(into, keys).not_on_roster_lines() == [
        f"Moodle participant {n} (Amina Khan): two or more students on the roster have this name (collect again with "
        f"--lms-list)" for n in (11, 12)]
    sheet = tmp_path / "ws.csv"
    sheet.write_text("Identifier,ID number\nParticipant 11,ann\nParticipant 12,ann2\n", encoding="utf-8")
    assert main(["exercises", "collect", str(z), "--into", str(into), "--keys", str(keys),
                 "--lms-list", str(sheet)]) == 0
    assert "Filed 2 notebooks." in capsys.readouterr().out
    report = grade_class(into, keys)
    assert report.not_on_roster == [] and report.not_on_roster_lines() == []
    assert {r["id"]: r[f"{EX} total"] for r in report.rows} == {"ann": 8, "ann2": 8, "bob": 0}


def test_a_classmates_notebook_opened_but_not_answered_is_not_told_as_handed_in_for_another(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["ann", "bob", "cy"], [EX])
    home = tmp_path / "collected" / "bob"
    shutil.copytree(out, home / "spades-class")
    hand_in(home / "spades-class", keys, "bob", EX)
    opened = home / "spades-class" / "ann" / f"{EX}.ipynb"   # Jupyter saved it on opening: metadata, no answer
    nb = load_nb(opened)
    nb["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb["cells"][0]["metadata"]["collapsed"] = False
    save_nb(nb, opened)
    worked = home / "spades-class" / "cy" / f"{EX}.ipynb"
    save_nb(fill(load_nb(worked), {"q1": "2C"}), worked)
    into = tmp_path / "in"
    assert main(["exercises", "collect", str(tmp_path / "collected"), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert "Filed 1 notebook." in printed
    assert ("Classmates' notebooks opened but not answered, found beside a student's own (every answer as make wrote "
            "it: nobody's work, not filed): 1") in printed and f"bob opened ann's {EX} (" in printed
    assert "Handed in by one student, made for another (not filed): 1" in printed
    assert f"Handed in by bob, made for cy: {EX}" in printed and "made for ann" not in printed
    report = grade_class(into, keys)
    assert [(x["submitter"], x["owner"]) for x in report.made_for_other] == [("bob", "cy")]


def test_copies_of_one_exercise_from_one_student_are_capped(klass, tmp_path, monkeypatch, capsys):
    import tutor.exercises.collect as col
    monkeypatch.setattr(col, "MAX_COPIES", 3)
    out, keys, _ = klass
    dl = tmp_path / "dl" / "ann"
    dl.mkdir(parents=True)
    for i in range(5):
        nb = load_nb(out / "ann" / f"{EX}.ipynb")
        nb["metadata"]["copy"] = i
        save_nb(nb, dl / f"copy{i}.ipynb")
    into = tmp_path / "in"
    assert main(["exercises", "collect", str(tmp_path / "dl"), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Filed 3 notebooks.")
    assert ("More copies of one exercise from one student than collect keeps (3; not filed: delete old copies from the "
            "student's folder to file a later one): 2") in printed and f"ann/{EX}: {dl / 'copy3.ipynb'}" in printed
    assert len(list((into / "ann").iterdir())) == 3
    ann = _row(into, keys, "ann")
    assert f"{EX}: more copies handed in than collect keeps, not filed ({dl / 'copy4.ipynb'})" in ann["notes"]
