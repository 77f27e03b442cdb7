"""``tricktutor exercises make``: layout, keys outside the shared folder, re-runs, links, symlinks."""
from __future__ import annotations

import collections
import json
import subprocess

import pytest

from _classkit import hand_in, keys_of, load_nb, make_set
from tutor.cli import main
from tutor.exercises.classset import binder_link, nbgitpuller_link, repository_path
from tutor.exercises.grading import GradingError, grade_class, load_keys, metadata_signature


def test_layout_keys_outside_gitignore_readme_binder(tmp_path):
    out, keys = make_set(tmp_path, ["s1", "s2"], ["ex1_legal_cards", "ex2_trick_winner"])
    assert keys == tmp_path / "class-teacher" and keys.is_dir()
    assert sorted(p.name for p in out.iterdir()) == [".gitignore", "README.md", "binder", "s1", "s2"]
    assert sorted(p.name for p in keys.iterdir()) == ["class_secret.txt", "exercise_settings.json",
                                                      "manifest.json", "roster.csv", "variants.json"]
    assert json.loads((keys / "variants.json").read_text()) == {"format": 1, "variants": {"s1": 0, "s2": 1}}
    assert oct(keys.stat().st_mode & 0o777) == "0o700"
    assert len((keys / "class_secret.txt").read_text().strip()) == 32
    gi = (out / ".gitignore").read_text()
    assert "roster*.csv" in gi and "variants.json" in gi and "answer_keys/" in gi and "class_secret.txt" in gi and "grades*.csv" in gi
    readme = (out / "README.md").read_text()
    assert "public" in readme and "student id" in readme
    req = (out / "binder" / "requirements.txt").read_text()
    assert "tricktutor[app]" in req and "-e ." not in req
    assert (out / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    settings = json.loads((keys / "exercise_settings.json").read_text())
    assert settings["format"] == 2 and list(settings["exercises"]) == ["ex1_legal_cards", "ex2_trick_winner"]
    nb = load_nb(out / "s2" / "ex2_trick_winner.ipynb")
    tt = nb["metadata"]["tricktutor"]
    secret = (keys / "class_secret.txt").read_text().strip()
    assert tt["student"] == "s2" and tt["exercise"] == "ex2_trick_winner"
    assert tt["signature"] == metadata_signature(secret, "ex2_trick_winner", "s2", tt["settings"])
    # nothing of the teacher's in the shared folder
    shared = "".join(p.read_text(encoding="utf-8") for p in out.rglob("*") if p.is_file())
    assert secret not in shared


def test_keys_inside_the_shared_folder_is_refused(tmp_path, capsys):
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\ns1\n")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(tmp_path / "c"),
                 "--keys", str(tmp_path / "c" / "keys")]) == 2
    assert "must be outside --out" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


def test_out_that_is_a_file_is_one_line(tmp_path, capsys):
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\ns1\n")
    (tmp_path / "f").write_text("x")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(tmp_path / "f")]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and len(err.strip().splitlines()) == 1


def test_adding_an_exercise_and_students_keeps_work_and_counts_right(tmp_path, capsys):
    names = ["ex1_legal_cards", "ex2_trick_winner", "ex3_spades_scoring"]
    ids = [f"s{i}" for i in range(1, 8)]
    out, keys = make_set(tmp_path, ids, names)
    assert "Wrote 21 notebooks" in capsys.readouterr().out
    work = hand_in(out, keys, "s1", "ex1_legal_cards")
    renamed = out / "s2" / "ex2_trick_winner (1).ipynb"
    hand_in(out, keys, "s2", "ex2_trick_winner").rename(renamed)
    before = work.read_bytes()
    # a new exercise with other settings (exercise 5 with OH-V7), one student fewer, one new
    roster = tmp_path / "class-roster.csv"
    roster.write_text("student_id\n" + "\n".join(ids[:-1] + ["s8"]) + "\n")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises",
                 "ex5_oh_hell_scoring", "--oh-hell-rules", "tricks_always_count", "--estimator", "count"]) == 0
    printed = capsys.readouterr().out
    # 8 students × ex5, plus s8's three earlier exercises = 11 written; 21 kept
    assert "Wrote 11 notebooks" in printed and "(students in the set: 8, new: 1)" in printed
    assert "Exercises added: ex5_oh_hell_scoring." in printed and "Kept 21 notebooks" in printed
    assert work.read_bytes() == before
    assert not (out / "s2" / "ex2_trick_winner.ipynb").exists(), "no blank notebook next to a renamed one"
    assert sorted(p.name for p in (out / "s8").iterdir()) == sorted(f"{n}.ipynb" for n in names + ["ex5_oh_hell_scoring"])
    settings = json.loads((keys / "exercise_settings.json").read_text())["exercises"]
    assert settings["ex5_oh_hell_scoring"]["oh_hell"]["tricks_always_count"] is True
    assert settings["ex1_legal_cards"]["oh_hell"]["tricks_always_count"] is False
    hand_in(out, keys, "s3", "ex5_oh_hell_scoring")
    rows = {r["id"]: r for r in grade_class(out, keys).rows}
    assert rows["s1"]["ex1_legal_cards total"] == 9 and rows["s2"]["ex2_trick_winner total"] == 8
    assert rows["s3"]["ex5_oh_hell_scoring total"] == 8


def test_rerunning_make_with_more_students_keeps_old_indices_and_questions(tmp_path, capsys):
    """Each student's variant index (teacher folder variants.json) is fixed when
    the student is first made; new students take the next indices; ex6 spreads
    a class over its 5 targets by index, so 10 students give 2 per target."""
    from tutor.exercises.questions_ohhell import SPADES_TARGETS
    ex6 = "ex6_estimating_a_bid"
    first = [f"s{i:02d}" for i in range(10)]
    out, keys = make_set(tmp_path, first, [ex6, "ex1_legal_cards"])
    variants = json.loads((keys / "variants.json").read_text())["variants"]
    assert variants == {sid: i for i, sid in enumerate(first)}
    old_nbs = {sid: (out / sid / f"{ex6}.ipynb").read_bytes() for sid in first}
    old_keys = {sid: keys_of(keys, ex6, sid) for sid in first}
    for qid in ("q1", "q2", "q3", "q4"):
        assert collections.Counter(old_keys[s][qid] for s in first) == {t: 2 for t in SPADES_TARGETS}
    hand_in(out, keys, "s03", ex6)
    # the roster re-sorted, one student dropped from it and five added: old indices never change
    later = ["n1", "n2"] + first[::-1][:-1] + ["n3", "n4", "n5"]
    roster = tmp_path / "class-roster.csv"
    roster.write_text("student_id\n" + "\n".join(later) + "\n")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises",
                 f"{ex6},ex1_legal_cards", "--estimator", "count"]) == 0
    variants = json.loads((keys / "variants.json").read_text())["variants"]
    assert {s: variants[s] for s in first} == {sid: i for i, sid in enumerate(first)}
    assert {s: variants[s] for s in ("n1", "n2", "n3", "n4", "n5")} == {"n1": 10, "n2": 11, "n3": 12, "n4": 13, "n5": 14}
    for sid in first:
        assert keys_of(keys, ex6, sid) == old_keys[sid], sid
        if sid != "s03":
            assert (out / sid / f"{ex6}.ipynb").read_bytes() == old_nbs[sid], sid
    # 15 students, indices 0..14: 3 per target; and the grader regenerates the same keys
    all_ids = list(variants)
    assert collections.Counter(keys_of(keys, ex6, s)["q1"] for s in all_ids) == {t: 3 for t in SPADES_TARGETS}
    hand_in(out, keys, "n4", ex6)
    rows = {r["id"]: r for r in grade_class(out, keys).rows}
    assert rows["s03"][f"{ex6} total"] == 6 and rows["n4"][f"{ex6} total"] == 6 and rows["n4"]["notes"] == \
        "ex1_legal_cards: handed in blank"


def test_a_student_missing_from_the_variants_record_is_a_note(tmp_path, capsys):
    ex6 = "ex6_estimating_a_bid"
    out, keys = make_set(tmp_path, ["s1", "s2"], [ex6])
    hand_in(out, keys, "s1", ex6)
    hand_in(out, keys, "s2", ex6)
    (keys / "variants.json").write_text(json.dumps({"format": 1, "variants": {"s1": 0}}))
    rows = {r["id"]: r for r in grade_class(out, keys).rows}
    assert rows["s1"][f"{ex6} total"] == 6 and rows["s1"]["notes"] == ""
    assert rows["s2"][f"{ex6} total"] == 0
    assert "no variant index in variants.json" in rows["s2"]["notes"] and "not graded" in rows["s2"]["notes"]
    # make never gives s2 another index: it refuses, in one line, before writing anything
    capsys.readouterr()
    assert main(["exercises", "make", "--roster", str(tmp_path / "class-roster.csv"), "--out", str(out),
                 "--exercises", ex6, "--estimator", "count"]) == 2
    err = capsys.readouterr().err
    assert "has no variant index for 's2'" in err and len(err.strip().splitlines()) == 1
    assert json.loads((keys / "variants.json").read_text())["variants"] == {"s1": 0}
    (keys / "variants.json").write_text(json.dumps({"format": 1, "variants": {"s1": -1, "s2": 1}}))
    with pytest.raises(GradingError, match="variants file"):
        grade_class(out, keys)


def test_a_set_made_before_variants_keeps_its_students_random_draw(tmp_path):
    """A teacher folder without variants.json (a set made before variants):
    its students keep variant None (the random draw their notebooks were made
    with); students added later get indices from 0."""
    out, keys = make_set(tmp_path, ["s1", "s2"], ["ex1_legal_cards"])
    (keys / "variants.json").unlink()
    roster = tmp_path / "class-roster.csv"
    roster.write_text("student_id\ns1\ns2\ns3\n")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises",
                 "ex1_legal_cards", "--estimator", "count"]) == 0
    assert json.loads((keys / "variants.json").read_text())["variants"] == {"s1": None, "s2": None, "s3": 0}
    hand_in(out, keys, "s1", "ex1_legal_cards")
    hand_in(out, keys, "s3", "ex1_legal_cards")
    rows = {r["id"]: r for r in grade_class(out, keys).rows}
    assert rows["s1"]["ex1_legal_cards total"] == 9 and rows["s3"]["ex1_legal_cards total"] == 9


def test_changed_settings_refused_force_only_while_untouched(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["s1", "s2"], ["ex5_oh_hell_scoring"])
    roster = tmp_path / "class-roster.csv"
    args = ["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", "ex5_oh_hell_scoring",
            "--oh-hell-rules", "nil_pays_hand_size", "--estimator", "count"]
    assert main(args) == 2
    assert "already in this set with other settings" in capsys.readouterr().err
    before = (out / "s1" / "ex5_oh_hell_scoring.ipynb").read_bytes()
    assert main(args + ["--force"]) == 0
    assert "Remade 2 untouched notebooks" in capsys.readouterr().out
    assert (out / "s1" / "ex5_oh_hell_scoring.ipynb").read_bytes() != before
    hand_in(out, keys, "s1", "ex5_oh_hell_scoring")
    args[-3] = "tricks_always_count"
    assert main(args + ["--force"]) == 2
    assert "hold students' work" in capsys.readouterr().err
    assert grade_class(out, keys).rows[0]["total"] == 8


def test_never_writes_through_a_symlink(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["s1"], ["ex2_trick_winner"])
    outside = tmp_path / "outside"
    outside.mkdir()
    (out / "s2").symlink_to(outside)
    roster = tmp_path / "class-roster.csv"
    roster.write_text("student_id\ns1\ns2\n")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", "ex2_trick_winner",
                 "--estimator", "count"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert list(outside.iterdir()) == []
    (out / "s2").unlink()
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    nb = out / "s1" / "ex2_trick_winner.ipynb"
    nb.unlink()
    nb.symlink_to(target)
    roster.write_text("student_id\ns1\n")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", "ex2_trick_winner",
                 "--estimator", "count", "--force"]) == 2
    assert target.read_text() == "keep me"


def test_existing_student_folders_without_keys_are_refused(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["s1"], ["ex2_trick_winner"])
    roster = tmp_path / "class-roster.csv"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out),
                 "--keys", str(tmp_path / "other-keys")]) == 2
    assert "has no class secret" in capsys.readouterr().err


def test_nbgitpuller_urlpath_for_nested_out(tmp_path, capsys):
    repo = tmp_path / "spades-class"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\ns1\n")
    out = repo / "sets" / "year10" / "spades"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", "ex1_legal_cards",
                 "--keys", str(tmp_path / "keys"), "--repo-url", "https://github.com/teacher/spades-class",
                 "--hub-url", "https://hub.school.example"]) == 0
    printed = capsys.readouterr().out
    assert ("https://hub.school.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fteacher%2F"
            "spades-class&urlpath=lab%2Ftree%2Fspades-class%2Fsets%2Fyear10%2Fspades&branch=main") in printed
    assert "https://mybinder.org/v2/gh/teacher/spades-class/main?urlpath=lab%2Ftree%2Fsets%2Fyear10%2Fspades" in printed
    assert "copy" in printed and "binder/" in printed  # binder/ must be at the repository root
    assert repository_path(out) == (repo, "sets/year10/spades")


def test_link_helpers():
    assert nbgitpuller_link("https://hub.example", "https://github.com/a/b.git", "dev", "exercises") == (
        "https://hub.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fa%2Fb.git"
        "&urlpath=lab%2Ftree%2Fb%2Fexercises&branch=dev")
    assert nbgitpuller_link("https://hub.example/", "https://github.com/a/b", "main", "") == (
        "https://hub.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fa%2Fb"
        "&urlpath=lab%2Ftree%2Fb&branch=main")
    assert binder_link("https://gitlab.com/a/b") is None
    assert binder_link("https://github.com/a/b.git", "main", "") == "https://mybinder.org/v2/gh/a/b/main?urlpath=lab%2Ftree"


def test_key_notebooks_are_in_the_teacher_folder_and_unsigned(tmp_path):
    out, keys = make_set(tmp_path, ["kim"], ["ex2_trick_winner"], "--key-notebooks")
    key_nb = keys / "answer_keys" / "kim" / "ex2_trick_winner.ipynb"
    assert "answer_q1 = None" not in key_nb.read_text(encoding="utf-8")
    assert "signature" not in load_nb(key_nb)["metadata"]["tricktutor"]
    assert not (out / "answer_keys").exists()


def test_key_notebooks_on_an_existing_set_are_counted(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["kim", "lee", "max"], ["ex2_trick_winner", "ex3_spades_scoring"])
    capsys.readouterr()
    roster = tmp_path / "class-roster.csv"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                 "--exercises", "ex2_trick_winner,ex3_spades_scoring", "--key-notebooks"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Wrote 0 notebooks under ")
    assert f"Wrote 6 answer-key notebooks in {keys / 'answer_keys'}/<student_id>/" in printed
    assert len(list((keys / "answer_keys").rglob("*.ipynb"))) == 6


def test_the_mode_is_chosen_at_make_kept_on_a_rerun_and_changed_only_while_untouched(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["kim", "lee"], ["ex2_trick_winner"], "--mode", "test")
    printed = capsys.readouterr().out
    assert "Test mode: ex2_trick_winner. The checks say how an answer was read" in printed
    settings = json.loads((keys / "exercise_settings.json").read_text())["exercises"]
    assert settings["ex2_trick_winner"]["mode"] == "test"
    assert load_nb(out / "kim" / "ex2_trick_winner.ipynb")["metadata"]["tricktutor"]["settings"]["mode"] == "test"
    # a rerun without --mode adds a student and keeps the exercise's mode; a new exercise is practice
    roster = tmp_path / "class-roster.csv"
    roster.write_text("student_id\nkim\nlee\nmo\n", encoding="utf-8")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                 "--exercises", "ex2_trick_winner,ex3_spades_scoring"]) == 0
    printed = capsys.readouterr().out
    assert "Test mode: ex2_trick_winner." in printed and "Practice mode: ex3_spades_scoring." in printed
    assert load_nb(out / "mo" / "ex2_trick_winner.ipynb")["metadata"]["tricktutor"]["settings"]["mode"] == "test"
    # the same student's questions in both modes (the mode never changes a deal)
    k = load_keys(keys)
    test_q = keys_of(keys, "ex2_trick_winner", "kim")
    from tutor.exercises.grading import expected_exercise
    practice = expected_exercise("ex2_trick_winner", "kim", dict(k.exercises["ex2_trick_winner"], mode="practice"),
                         k.secret, k.variants["kim"])
    assert {q: x.prompt for q, x in practice.questions.items()} == {
        q: x.prompt for q, x in expected_exercise("ex2_trick_winner", "kim", k.exercises["ex2_trick_winner"], k.secret,
                                          k.variants["kim"]).questions.items()}
    assert {q: x.key for q, x in practice.questions.items()} == test_q
    # changing the mode of an exercise in the set: refused, --force only while nobody has worked on it
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                 "--exercises", "ex2_trick_winner", "--mode", "practice"]) == 2
    assert "mode was 'test', now 'practice'" in capsys.readouterr().err
    hand_in(out, keys, "kim", "ex2_trick_winner")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                 "--exercises", "ex2_trick_winner", "--mode", "practice", "--force"]) == 2
    assert "hold students' work" in capsys.readouterr().err


def test_a_practice_set_is_never_made_a_test_in_place(tmp_path, capsys):
    """Issue 33, N3: ``make --mode test --force`` on a practice set kept every question, so a student solved
    their practice copy by script and typed the answers into the test (48/48). Refused, with the reason and
    the way (a new set: new questions); nothing is written. Test to practice (after the test) stays possible."""
    out, keys = make_set(tmp_path, ["kim", "lee"], ["ex2_trick_winner"])
    before = {p: p.read_bytes() for p in [*out.rglob("*.ipynb"), *keys.iterdir()]}
    roster = tmp_path / "class-roster.csv"
    for extra in ([], ["--force"]):
        assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                     "--exercises", "ex2_trick_winner", "--mode", "test", *extra]) == 2
        err = capsys.readouterr().err
        assert "ex2_trick_winner is in this set in practice mode: a test made from it would ask the same questions" \
            in err and "Make the test as a new set with another --out" in err
        assert {p: p.read_bytes() for p in before} == before
    test_out, test_keys = make_set(tmp_path, ["kim", "lee"], ["ex2_trick_winner"], "--mode", "test", out_name="test")
    assert keys_of(test_keys, "ex2_trick_winner", "kim") != keys_of(keys, "ex2_trick_winner", "kim")
    assert main(["exercises", "make", "--roster", str(tmp_path / "test-roster.csv"), "--out", str(test_out),
                 "--estimator", "count", "--exercises", "ex2_trick_winner", "--mode", "practice", "--force"]) == 0
