"""``tricktutor exercises collect``: who handed a notebook in comes from where the school's system put it
(Moodle, Canvas, folders named by id), never from the notebook; nothing is ever replaced.

Layouts as the platforms write them: Moodle's mod/assign download_submissions
("<Full name>_<participant id>_assignsubmission_file/…"), Canvas's content_zipper
("<sortable name>[_late]_<user id>_<file id>_<file name>").  A file name a student chooses (Google
Classroom's "<Full name> - <file name>") names nobody.
"""
from __future__ import annotations

import json
import os
import time
import zipfile

import pytest

from _classkit import hand_in, keys_of, fill, load_nb, make_set
from tutor.cli import main
from tutor.exercises.collect import CollectError, Slot, collect, read_lms_list, submitter_slot
from tutor.exercises.grading import COLLECT_LOG, grade_class, load_keys

EXS = ["ex1_legal_cards", "ex2_trick_winner"]
NAMES = {"ann": "Amina Khan", "bob": "Bo Li", "cy": "Cyrus Oduya"}


@pytest.fixture
def klass(tmp_path):
    out, keys = make_set(tmp_path, list(NAMES), EXS, names=NAMES)
    for sid in NAMES:
        for n in EXS:
            hand_in(out, keys, sid, n)
    return out, keys


def _zinfo(name, when=(2026, 11, 30, 10, 0, 0)):
    zi = zipfile.ZipInfo(name, date_time=when)
    zi.external_attr = 0o100644 << 16
    return zi


def _moodle(full_name, pid):
    return f"{full_name}_{pid}_assignsubmission_file"


def _wrong_answers(keys, name, sid):
    """A value for each question that the key does not accept (an empty list, a far number, another seat)."""
    out = {}
    for q, v in keys_of(keys, name, sid).items():
        out[q] = [] if isinstance(v, list) else ("2C" if v != "2C" else "3C")
    return out


def test_layouts_are_read_from_the_platforms_own_forms():
    ids = {"s2024-001"}
    assert submitter_slot(("dl.zip", "Amina Khan_4711_assignsubmission_file", "ex1.ipynb"), ids) == \
        (Slot("moodle", "4711", "Amina Khan"), 1)
    assert submitter_slot(("dl.zip", "Amina Khan_4711_assignsubmission_file_ex1 (1).ipynb"), ids)[0].key == "4711"
    assert submitter_slot(("subs.zip", "khanamina_late_31337_998877_ex1_legal_cards.ipynb"), ids)[0] == \
        Slot("canvas", "31337", "khanamina")
    assert submitter_slot(("Ex 1", "Amina Khan - ex1_legal_cards.ipynb"), ids) is None  # a name anyone can type
    assert submitter_slot(("homes", "s2024-001", "spades-class", "x", "ex1.ipynb"), ids)[0] == Slot("id", "s2024-001")
    # the outermost place decides: a Moodle folder holding a folder named by another student's id
    assert submitter_slot(("dl", "Bo Li_12_assignsubmission_file", "s2024-001", "ex1.ipynb"), ids)[0].key == "12"
    assert submitter_slot(("dl", "ex1_legal_cards (1).ipynb"), ids) is None


def test_a_classmates_notebook_with_a_later_date_never_replaces_their_hand_in(klass, tmp_path, capsys):
    """The issue's case: bob fills ann's blank notebook with wrong answers and hands it in, dated later,
    from his own Moodle folder (even inside a folder named 'ann'): it is never filed as ann's work."""
    out, keys = klass
    ann_blank = json.loads((out / "ann" / "ex2_trick_winner.ipynb").read_text())  # in the shared folder
    fill(ann_blank, _wrong_answers(keys, "ex2_trick_winner", "ann"))
    z = tmp_path / "Spades-Exercise 2-4242.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr(_zinfo(f"{_moodle('Amina Khan', 1001)}/ex2_trick_winner.ipynb", (2026, 11, 30, 9, 0, 0)),
                    (out / "ann" / "ex2_trick_winner.ipynb").read_bytes())
        zf.writestr(_zinfo(f"{_moodle('Bo Li', 1002)}/ex2_trick_winner.ipynb", (2026, 11, 30, 9, 5, 0)),
                    (out / "bob" / "ex2_trick_winner.ipynb").read_bytes())
        zf.writestr(_zinfo(f"{_moodle('Bo Li', 1002)}/ann/ex2_trick_winner (1).ipynb", (2027, 1, 1, 0, 0, 0)),
                    json.dumps(ann_blank))
        zf.writestr(_zinfo(f"{_moodle('Bo Li', 1002)}/ex2_for_ann.ipynb", (2027, 1, 2, 0, 0, 0)),
                    json.dumps(dict(ann_blank, cells=ann_blank["cells"][:-1])))
    into = tmp_path / "handed-in"
    assert main(["exercises", "collect", str(z), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert "Filed 2 notebooks." in printed
    assert "Matched to the roster by the name the platform wrote: 2 students (ann, bob)." in printed
    assert "Handed in by one student, made for another (not filed): 2" in printed
    assert f"Handed in by bob, made for ann: ex2_trick_winner ({z}:{_moodle('Bo Li', 1002)}/ann/" in printed
    assert sorted(p.relative_to(into).as_posix() for p in into.rglob("*.ipynb")) == [
        "ann/ex2_trick_winner.ipynb", "bob/ex2_trick_winner.ipynb"]
    assert (into / "ann" / "ex2_trick_winner.ipynb").read_bytes() == (out / "ann" / "ex2_trick_winner.ipynb").read_bytes()
    csv = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(into), "--keys", str(keys), "--out", str(csv)]) == 0
    printed = capsys.readouterr().out
    rows = {r["id"]: r for r in grade_class(into, keys).rows}
    assert rows["ann"]["ex2_trick_winner total"] == 8 and "ex2" not in rows["ann"]["notes"]
    assert rows["bob"]["ex2_trick_winner total"] == 8
    assert "handed in ex2_trick_winner made for ann, not filed" in rows["bob"]["notes"]
    assert "Handed in by bob, made for ann: ex2_trick_winner" in printed
    page = tmp_path / "report.html"
    assert main(["exercises", "report", str(into), "--keys", str(keys), "--out", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "Handed in by one student, made for another" in html and "Handed in by bob, made for ann." in html


def test_moodle_flat_files_canvas_and_folders_named_by_id_and_no_file_name_a_student_chose(klass, tmp_path):
    out, keys = klass
    dl = tmp_path / "downloads"
    dl.mkdir()
    with zipfile.ZipFile(dl / "moodle-flat.zip", "w") as zf:  # Moodle before 3.1, or "in folders" off
        zf.writestr(_zinfo(_moodle("Amina Khan", 77) + "_ex1_legal_cards.ipynb"),
                    (out / "ann" / "ex1_legal_cards.ipynb").read_bytes())
    with zipfile.ZipFile(dl / "submissions.zip", "w") as zf:  # Canvas, a late one
        zf.writestr(_zinfo("libo_late_555_90001_ex1_legal_cards.ipynb"), (out / "bob" / "ex1_legal_cards.ipynb").read_bytes())
    classroom = dl / "Exercise 2"  # Google Classroom's Drive folder: file names the students chose
    classroom.mkdir()
    (classroom / "Cyrus Oduya - ex2_trick_winner.ipynb").write_bytes((out / "cy" / "ex2_trick_winner.ipynb").read_bytes())
    (dl / "cy").mkdir()  # the same class sorted into folders named by id
    (dl / "cy" / "ex2_trick_winner.ipynb").write_bytes((out / "cy" / "ex2_trick_winner.ipynb").read_bytes())
    hub = dl / "hub-homes" / "ann" / "spades-class" / "bob"  # ann's copy of the class folder holds bob's notebook
    hub.mkdir(parents=True)
    (hub / "ex2_trick_winner.ipynb").write_bytes((out / "bob" / "ex2_trick_winner.ipynb").read_bytes())
    (dl / "hub-homes" / "ann" / "spades-class" / "ann").mkdir()
    (dl / "hub-homes" / "ann" / "spades-class" / "ann" / "ex2_trick_winner.ipynb").write_bytes(
        (out / "ann" / "ex2_trick_winner.ipynb").read_bytes())
    r = collect([dl], tmp_path / "in", keys=load_keys(keys))
    assert sorted(x.split(" ← ")[0] for x in r.filed) == [
        "ann/ex1_legal_cards.ipynb", "ann/ex2_trick_winner.ipynb", "bob/ex1_legal_cards.ipynb",
        "cy/ex2_trick_winner.ipynb"]
    assert len(r.made_for_other) == 1 and r.made_for_other[0].startswith("Handed in by ann, made for bob")
    assert r.unknown_submitter == [str(classroom / "Cyrus Oduya - ex2_trick_winner.ipynb")]


def test_the_platforms_list_matches_its_numbers_blind_marking_and_two_accounts_with_one_name(klass, tmp_path):
    out, keys = klass
    z = tmp_path / "blind.zip"
    with zipfile.ZipFile(z, "w") as zf:  # blind marking: Moodle writes "Participant" for every name
        for sid, pid in (("ann", 5001), ("bob", 5002)):
            zf.writestr(_zinfo(f"{_moodle('Participant', pid)}/ex1.ipynb"), (out / sid / "ex1_legal_cards.ipynb").read_bytes())
    k = load_keys(keys)
    r = collect([z], tmp_path / "in", keys=k)
    assert r.filed == [] and len(r.not_on_roster) == 2 and "Moodle participant 5001 (Participant)" in r.not_on_roster[0]
    worksheet = tmp_path / "Grades-Exercise 1.csv"  # Moodle's grading worksheet, ID number shown
    worksheet.write_text('Identifier,"Full name","ID number","Email address",Status\n'
                         'Participant 5001,"Amina Khan",ann,a@x.example,Submitted\n'
                         'Participant 5002,"Bo Li",bob,b@x.example,Submitted\n', encoding="utf-8")
    assert read_lms_list(worksheet, k.ids) == {("moodle", "5001"): "ann", ("moodle", "5002"): "bob"}
    r = collect([z], tmp_path / "in", keys=k, lms_lists=[worksheet])
    assert sorted(x.split(" ← ")[0] for x in r.filed) == ["ann/ex1_legal_cards.ipynb", "bob/ex1_legal_cards.ipynb"]
    gradebook = tmp_path / "gradebook.csv"  # Canvas's gradebook export
    gradebook.write_text("Student,ID,SIS User ID,SIS Login ID,Section\n    Points Possible,,,,\n"
                         '"Oduya, Cyrus",777,cy,cy@x,A\n', encoding="utf-8")
    assert read_lms_list(gradebook, k.ids) == {("canvas", "777"): "cy"}
    (tmp_path / "bad.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(CollectError, match="no 'Identifier' column"):
        read_lms_list(tmp_path / "bad.csv", k.ids)
    # two accounts carrying one roster name in one download: neither is filed
    z2 = tmp_path / "twins.zip"
    with zipfile.ZipFile(z2, "w") as zf:
        zf.writestr(_zinfo(f"{_moodle('Cyrus Oduya', 61)}/ex2.ipynb"), (out / "cy" / "ex2_trick_winner.ipynb").read_bytes())
        zf.writestr(_zinfo(f"{_moodle('Cyrus Oduya', 62)}/ex2.ipynb"), (out / "bob" / "ex2_trick_winner.ipynb").read_bytes())
    r = collect([z2], tmp_path / "in2", keys=k)
    assert r.filed == [] and len(r.ambiguous) == 2
    # the same student in two Moodle assignments (two downloads, two participant numbers) is not ambiguous
    z3, z4 = tmp_path / "ex1.zip", tmp_path / "ex2.zip"
    for zp, pid, n in ((z3, 61, "ex1_legal_cards"), (z4, 99, "ex2_trick_winner")):
        with zipfile.ZipFile(zp, "w") as zf:
            zf.writestr(_zinfo(f"{_moodle('Cyrus Oduya', pid)}/{n}.ipynb"), (out / "cy" / f"{n}.ipynb").read_bytes())
    r = collect([z3, z4], tmp_path / "in3", keys=k)
    assert len(r.filed) == 2 and r.ambiguous == []


def test_two_copies_from_one_student_are_both_filed_and_the_newest_gradeable_is_graded(klass, tmp_path):
    """A copy never replaces another; grade takes the newest copy that can be graded and notes the refused one."""
    out, keys = klass
    k = load_keys(keys)
    good = out / "ann" / "ex1_legal_cards.ipynb"            # 9/9
    damaged = json.loads(good.read_text())
    damaged["cells"] = {"a": 1}                             # newer, signed, but no list of cells
    z = tmp_path / "dl.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr(_zinfo(f"{_moodle('Amina Khan', 1)}/ex1_legal_cards.ipynb", (2026, 11, 30, 10, 0, 0)),
                    good.read_bytes())
        zf.writestr(_zinfo(f"{_moodle('Amina Khan', 1)}/ex1_legal_cards (1).ipynb", (2026, 11, 30, 12, 0, 0)),
                    json.dumps(damaged))
    into = tmp_path / "in"
    r = collect([z], into, keys=k)
    assert len(r.filed) == 2 and len(r.copies) == 1
    assert sorted(p.name for p in (into / "ann").iterdir()) == ["ex1_legal_cards (2).ipynb", "ex1_legal_cards.ipynb"]
    ann = next(x for x in grade_class(into, k).rows if x["id"] == "ann")
    assert ann["ex1_legal_cards total"] == 9
    assert ("ex1_legal_cards: 2 copies handed in; graded ex1_legal_cards.ipynb (2026-11-30 10:00), the newest "
            "copy that can be graded") in ann["notes"]
    assert ("ex1_legal_cards: ex1_legal_cards (2).ipynb (2026-11-30 12:00) is not a notebook (no list of cells): "
            "not graded") in ann["notes"]
    # collecting the same download again changes nothing; a later, different, good copy is added and graded
    r = collect([z], into, keys=k)
    assert r.filed == [] and len(r.unchanged) == 2
    later = load_nb(good)
    fill(later, {"q1": []})
    late = tmp_path / "late" / "ann"
    late.mkdir(parents=True)
    (late / "whatever.ipynb").write_text(json.dumps(later))
    os.utime(late / "whatever.ipynb", (time.time(), time.time()))
    r = collect([late], into, keys=k)
    assert [x.split(" ← ")[0] for x in r.filed] == ["ann/ex1_legal_cards (3).ipynb"]
    ann = next(x for x in grade_class(into, k).rows if x["id"] == "ann")
    assert ann["ex1_legal_cards total"] == 8 and "3 copies handed in; graded ex1_legal_cards (3).ipynb" in ann["notes"]
    assert "ex1_legal_cards: ex1_legal_cards.ipynb (2026-11-30 10:00) is an older copy: not graded" in ann["notes"]


def test_zip_with_macosx_foreign_tampered_traversal_and_no_identity(klass, tmp_path, capsys):
    out, keys = klass
    z = tmp_path / "downloads.zip"
    tampered = json.loads((out / "bob" / "ex2_trick_winner.ipynb").read_bytes())
    tampered["metadata"]["tricktutor"]["student"] = "cy"   # bob relabels his notebook as cy's
    traversal = json.loads((out / "cy" / "ex1_legal_cards.ipynb").read_bytes())
    traversal["metadata"]["tricktutor"]["student"] = "../../evil"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr(_zinfo(f"sub/{_moodle('Amina Khan', 1)}/ex1_legal_cards.ipynb"),
                    (out / "ann" / "ex1_legal_cards.ipynb").read_bytes())
        zf.writestr(_zinfo(f"__MACOSX/sub/{_moodle('Amina Khan', 1)}/._ex1_legal_cards.ipynb"), b"\x00\x05\x16\x07")
        zf.writestr(_zinfo(f"sub/{_moodle('Bo Li', 2)}/ex2.ipynb"), json.dumps(tampered))
        zf.writestr(_zinfo("../../escape.ipynb"), json.dumps(traversal))
        zf.writestr(_zinfo(f"sub/{_moodle('Cyrus Oduya', 3)}/notes.ipynb"), json.dumps({"cells": [], "metadata": {}}))
        zf.writestr(_zinfo("sub/loose.ipynb"), (out / "cy" / "ex2_trick_winner.ipynb").read_bytes())
        zf.writestr(_zinfo(f"sub/{_moodle('Zoe Nobody', 9)}/ex2.ipynb"), (out / "cy" / "ex2_trick_winner.ipynb").read_bytes())
        zf.writestr(_zinfo("sub/readme.txt"), "hello")
    into = tmp_path / "handed-in"
    assert main(["exercises", "collect", str(z), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert sorted(p.relative_to(into).as_posix() for p in into.rglob("*.ipynb")) == ["ann/ex1_legal_cards.ipynb"]
    assert "Tampered metadata (not filed): 2" in printed
    assert "does not carry this class's signature" in printed and "'../../evil'" in printed
    assert "Not exercise notebooks of this class (not filed): 1" in printed
    assert "Where these were found names no student (not filed; put each student's files in a folder named by " \
           "their id): 1" in printed and "sub/loose.ipynb" in printed
    assert "Moodle participant 9 (Zoe Nobody)" in printed
    assert not (tmp_path / "escape.ipynb").exists() and not list(tmp_path.parent.glob("evil*"))
    assert sorted(p.name for p in into.iterdir()) == [COLLECT_LOG, "ann"]
    report = grade_class(into, keys)
    assert [x["name"] for x in report.not_on_roster] == [f"{z}:sub/loose.ipynb", "Moodle participant 9 (Zoe Nobody)"]
    assert report.not_on_roster_lines() == [f"{z}:sub/loose.ipynb: where it was found names no student",
                                            "Moodle participant 9 (Zoe Nobody): not on the roster"]
    rows = {r["id"]: r for r in report.rows}
    assert rows["ann"]["total"] == 9 and rows["cy"]["total"] == 0
    assert rows["cy"]["notes"].startswith("ex1_legal_cards: not handed in; ex2_trick_winner: not handed in; handed "
                                          "in a file that is not one of this set's notebooks, not filed (")
    assert "handed in a notebook whose metadata was edited or is another class's, not filed" in rows["bob"]["notes"]


def test_zip_limits_links_and_special_files(klass, tmp_path, monkeypatch):
    out, keys = klass
    import tutor.exercises.collect as col
    monkeypatch.setattr(col, "MAX_NOTEBOOK_BYTES", 50_000)
    z = tmp_path / "d.zip"
    with zipfile.ZipFile(z, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(_zinfo("big.ipynb"), b"{" + b" " * 10_000_000 + b"}")   # compresses to almost nothing
        link = _zinfo("link.ipynb")
        link.external_attr = 0o120777 << 16
        zf.writestr(link, "/etc/passwd")
    folder = tmp_path / "dl"
    folder.mkdir()
    (folder / "zero.ipynb").symlink_to("/dev/null")
    os.mkfifo(folder / "fifo.ipynb")
    t0 = time.perf_counter()
    r = collect([z, folder], tmp_path / "in", keys=load_keys(keys))
    assert time.perf_counter() - t0 < 10
    assert r.filed == []
    text = "\n".join(r.skipped)
    assert "big.ipynb: larger than" in text and "link.ipynb: a link or special file" in text
    assert "zero.ipynb: a link or special file" in text and "fifo.ipynb: a link or special file" in text


def test_practice_copy_and_other_class_are_foreign(klass, tmp_path):
    out, keys = klass
    from tutor.exercises.notebooks import build_notebook, notebook_text
    dl = tmp_path / "ann"
    dl.mkdir()
    (dl / "ex1_legal_cards.ipynb").write_text(notebook_text(build_notebook("ex1_legal_cards")))
    other_out, other_keys = make_set(tmp_path, ["ann"], EXS, out_name="other")
    (dl / "ann_other.ipynb").write_bytes((other_out / "ann" / "ex2_trick_winner.ipynb").read_bytes())
    r = collect([dl], tmp_path / "in", keys=load_keys(keys))
    assert r.filed == [] and len(r.foreign) == 1 and "practice copy" in r.foreign[0]
    assert len(r.tampered) == 1 and "signature" in r.tampered[0]


def test_collect_errors_are_one_line(klass, tmp_path, capsys):
    out, keys = klass
    assert main(["exercises", "collect", str(tmp_path / "none.zip"), "--into", str(tmp_path / "in"),
                 "--keys", str(keys)]) == 2
    assert "not found" in capsys.readouterr().err
    (tmp_path / "f").write_text("x")
    assert main(["exercises", "collect", str(out), "--into", str(tmp_path / "f"), "--keys", str(keys)]) == 2
    assert "must be a folder" in capsys.readouterr().err
    (tmp_path / "list.csv").write_text("x\n", encoding="utf-8")
    assert main(["exercises", "collect", str(out), "--into", str(tmp_path / "in"), "--keys", str(keys),
                 "--lms-list", str(tmp_path / "list.csv")]) == 2
    err = capsys.readouterr().err
    assert "--lms-list" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(SystemExit):  # the teacher folder is needed: it holds the roster
        main(["exercises", "collect", str(out), "--into", str(tmp_path / "in")])


def test_a_hub_home_holds_every_classmates_untouched_notebook_and_that_is_nobodys_work(tmp_path, capsys):
    """nbgitpuller clones the whole class repository into each home: a student's copied home holds every
    classmate's notebook as make wrote it. Those are counted, not listed as hand-ins made for another;
    a classmate's notebook that was worked on is listed."""
    out, keys = make_set(tmp_path, ["ann", "bob", "cy"], EXS)
    home = tmp_path / "collected" / "ann"
    import shutil
    shutil.copytree(out, home / "spades-class")
    hand_in(home / "spades-class", keys, "ann", "ex1_legal_cards")
    hand_in(home / "spades-class", keys, "cy", "ex2_trick_winner")   # ann worked on cy's notebook
    assert main(["exercises", "collect", str(tmp_path / "collected"), "--into", str(tmp_path / "in"),
                 "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert "Filed 2 notebooks." in printed
    assert "Classmates' notebooks exactly as make wrote them, found beside a student's own (nobody's work, not " \
           "filed): 3" in printed
    assert "Handed in by one student, made for another (not filed): 1" in printed
    assert "Handed in by ann, made for cy: ex2_trick_winner" in printed
