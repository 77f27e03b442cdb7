"""Hostile hand-ins (issue 11 item 13): each finishes quickly with a note, and the class is graded.

Grading runs in a subprocess with a timeout, so a regression (reading
/dev/zero, blocking on a FIFO) fails the test instead of hanging the suite.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pandas as pd
import pytest

from _classkit import hand_in, keys_of, load_nb, make_set, save_nb
from tutor.cli import main

EX = "ex2_trick_winner"


@pytest.fixture
def klass(tmp_path):
    out, keys = make_set(tmp_path, ["ann", "bob", "cyd", "dee", "eli", "flo"], [EX], "--key-notebooks")
    hand_in(out, keys, "ann", EX)
    return out, keys


def _grade(out, keys, tmp_path, timeout=60):
    csv = tmp_path / "g.csv"
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "tutor.cli", "exercises", "grade", str(out), "--keys", str(keys),
                        "--out", str(csv)], capture_output=True, text=True, timeout=timeout)
    took = time.perf_counter() - t0
    assert r.returncode == 0, r.stderr
    df = pd.read_csv(csv, keep_default_na=False).set_index("id")
    return df, took, r.stdout


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_symlink_to_dev_zero_fifo_and_symlinks_into_the_keys(klass, tmp_path):
    out, keys = klass
    nb = out / "bob" / f"{EX}.ipynb"
    nb.unlink()
    nb.symlink_to("/dev/zero")
    nb2 = out / "cyd" / f"{EX}.ipynb"
    nb2.unlink()
    os.mkfifo(nb2)
    nb3 = out / "dee" / f"{EX}.ipynb"
    nb3.unlink()
    nb3.symlink_to(keys / "answer_keys" / "dee" / f"{EX}.ipynb")  # the key notebook: full marks if followed
    shutil.rmtree(out / "eli")
    (out / "eli").symlink_to(keys / "answer_keys" / "eli")
    # flo copies the key notebook itself in (unsigned: refused)
    shutil.copy(keys / "answer_keys" / "flo" / f"{EX}.ipynb", out / "flo" / f"{EX}.ipynb")
    df, took, printed = _grade(out, keys, tmp_path)
    assert took < 30
    assert df.loc["ann", "total"] == 8
    assert "is a symbolic link" in df.loc["bob", "notes"] and df.loc["bob", "total"] == 0
    assert "not a regular file" in df.loc["cyd", "notes"] and df.loc["cyd", "total"] == 0
    assert "is a symbolic link" in df.loc["dee", "notes"] and df.loc["dee", "total"] == 0
    assert "student folder is a symbolic link" in df.loc["eli", "notes"] and df.loc["eli", "total"] == 0
    assert "does not carry this class's signature" in df.loc["flo", "notes"] and df.loc["flo", "total"] == 0


def test_fifty_megabyte_literal_is_refused_quickly(klass, tmp_path):
    out, keys = klass
    path = out / "bob" / f"{EX}.ipynb"
    nb = load_nb(path)
    for c in nb["cells"]:
        if (c.get("metadata", {}).get("tricktutor") or {}).get("question") == "q1":
            c["source"] = "answer_q1 = '" + "A" * 50_000_000 + "'"
    save_nb(nb, path)
    # and a 1 MB literal (under the notebook limit, over the cell limit) in cyd's
    k = keys_of(keys, EX, "cyd")
    p2 = hand_in(out, keys, "cyd", EX)
    nb = load_nb(p2)
    for c in nb["cells"]:
        if (c.get("metadata", {}).get("tricktutor") or {}).get("question") == "q2":
            c["source"] = "answer_q2 = '" + "B" * 1_000_000 + "'"
    save_nb(nb, p2)
    df, took, _ = _grade(out, keys, tmp_path)
    assert took < 30
    assert df.loc["ann", "total"] == 8
    assert "is larger than 5 MB" in df.loc["bob", "notes"] and df.loc["bob", "total"] == 0
    assert df.loc["cyd", "total"] == 7 and "longer than 20,000 characters" in df.loc["cyd", "notes"]
    assert k["q2"] is not None


def test_student_folder_symlinked_outside_and_regular_file_at_top(klass, tmp_path):
    out, keys = klass
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(out / "ann" / f"{EX}.ipynb", elsewhere / f"{EX}.ipynb")
    shutil.rmtree(out / "flo")
    (out / "flo").symlink_to(elsewhere)   # a roster student's folder
    (out / "zed").symlink_to(elsewhere)   # a folder of nobody on the roster
    (out / "stray.ipynb").write_text("{}", encoding="utf-8")
    df, _, printed = _grade(out, keys, tmp_path)
    assert "student folder is a symbolic link" in df.loc["flo", "notes"] and df.loc["flo", "total"] == 0
    assert "zed" not in df.index and "zed: not on the roster" in printed
    assert "stray.ipynb" not in df.index


def test_macosx_folder_is_not_a_student(klass, tmp_path):
    out, keys = klass
    (out / "__MACOSX" / "ann").mkdir(parents=True)
    (out / "__MACOSX" / "ann" / f"._{EX}.ipynb").write_bytes(b"\x00\x05\x16\x07")
    (out / ".ipynb_checkpoints").mkdir()
    df, _, _ = _grade(out, keys, tmp_path)
    assert "__MACOSX" not in df.index and ".ipynb_checkpoints" not in df.index
    assert len(df) == 6


def test_main_in_process_grades_the_class_too(klass, tmp_path):
    out, keys = klass
    assert main(["exercises", "grade", str(out), "--keys", str(keys), "--out", str(tmp_path / "g.csv")]) == 0
