"""``tricktutor exercises collect``: downloads in any naming, filed by metadata, safely."""
from __future__ import annotations

import json
import os
import time
import zipfile

import pytest

from _classkit import hand_in, load_nb, make_set
from tutor.cli import main
from tutor.exercises.collect import collect
from tutor.exercises.grading import grade_class, load_keys

EXS = ["ex1_legal_cards", "ex2_trick_winner"]


@pytest.fixture
def klass(tmp_path):
    out, keys = make_set(tmp_path, ["ann", "bob", "cy"], EXS)
    for sid in ("ann", "bob", "cy"):
        for n in EXS:
            hand_in(out, keys, sid, n)
    return out, keys


def _zinfo(name, when=(2026, 11, 30, 10, 0, 0)):
    zi = zipfile.ZipInfo(name, date_time=when)
    zi.external_attr = 0o100644 << 16
    return zi


def test_zip_with_lms_names_macosx_copies_foreign_and_tampered(klass, tmp_path, capsys):
    out, keys = klass
    z = tmp_path / "downloads.zip"
    ann1 = (out / "ann" / "ex1_legal_cards.ipynb").read_bytes()
    older = json.loads(ann1)
    older["cells"][0]["source"] = "an older try"
    tampered = json.loads((out / "bob" / "ex2_trick_winner.ipynb").read_bytes())
    tampered["metadata"]["tricktutor"]["student"] = "cy"   # bob passes his notebook off as cy's
    traversal = json.loads((out / "cy" / "ex1_legal_cards.ipynb").read_bytes())
    traversal["metadata"]["tricktutor"]["student"] = "../../evil"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr(_zinfo("submissions/Khan_Amina_1234_assignsubmission_file_ex1_legal_cards (1).ipynb",
                           (2026, 11, 30, 12, 0, 0)), ann1)
        zf.writestr(_zinfo("submissions/Khan_Amina_1234_assignsubmission_file_ex1_legal_cards.ipynb",
                           (2026, 11, 29, 12, 0, 0)), json.dumps(older))
        zf.writestr(_zinfo("__MACOSX/submissions/._Khan_Amina_ex1_legal_cards.ipynb"), b"\x00\x05\x16\x07junk")
        zf.writestr(_zinfo("submissions/ann_ex2.ipynb"), (out / "ann" / "ex2_trick_winner.ipynb").read_bytes())
        zf.writestr(_zinfo("submissions/bob/whatever.ipynb"), (out / "bob" / "ex1_legal_cards.ipynb").read_bytes())
        zf.writestr(_zinfo("submissions/bob/ex2.ipynb"), json.dumps(tampered))
        zf.writestr(_zinfo("../../escape.ipynb"), json.dumps(traversal))
        zf.writestr(_zinfo("submissions/cy/notes.ipynb"), json.dumps({"cells": [], "metadata": {}}))
        zf.writestr(_zinfo("submissions/readme.txt"), "hello")
    into = tmp_path / "handed-in"
    assert main(["exercises", "collect", str(z), "--into", str(into), "--keys", str(keys)]) == 0
    printed = capsys.readouterr().out
    assert sorted(p.relative_to(into).as_posix() for p in into.rglob("*.ipynb")) == [
        "ann/ex1_legal_cards.ipynb", "ann/ex2_trick_winner.ipynb", "bob/ex1_legal_cards.ipynb"]
    assert (into / "ann" / "ex1_legal_cards.ipynb").read_bytes() == ann1, "the newest copy is kept"
    assert "Filed 3 notebooks." in printed
    assert "Duplicates (kept the newest): 1" in printed and "(1).ipynb; not used:" in printed
    assert "Tampered metadata (not filed): 2" in printed
    assert "does not carry this class's signature" in printed and "'../../evil'" in printed
    assert "Not exercise notebooks of this class (not filed): 1" in printed
    assert not (tmp_path / "escape.ipynb").exists() and not list(tmp_path.parent.glob("evil*"))
    assert "__MACOSX" not in {p.name for p in into.iterdir()}
    # the collected folder grades (cy handed in nothing in this zip)
    rows = {r["id"]: r for r in grade_class(into, keys).rows}
    assert rows["ann"]["total"] == 17 and rows["bob"]["total"] == 9 and rows["cy"]["notes"] == "nothing handed in"


def test_never_overwrites_silently_and_replace_keeps_the_old_copy(klass, tmp_path):
    out, keys = klass
    k = load_keys(keys)
    into = tmp_path / "in"
    r = collect([out / "ann"], into, keys=k)
    assert len(r.filed) == 2
    r = collect([out / "ann"], into, keys=k)
    assert r.filed == [] and len(r.unchanged) == 2
    nb = load_nb(out / "ann" / "ex2_trick_winner.ipynb")
    nb["cells"][0]["source"] = "changed"
    newer = tmp_path / "late" / "ann_ex2_trick_winner.ipynb"
    newer.parent.mkdir()
    newer.write_text(json.dumps(nb))
    r = collect([newer.parent], into, keys=k)
    assert r.filed == [] and len(r.not_overwritten) == 1
    assert json.loads((into / "ann" / "ex2_trick_winner.ipynb").read_text())["cells"][0]["source"] != "changed"
    r = collect([newer.parent], into, keys=k, replace=True)
    assert len(r.filed) == 1 and len(r.replaced) == 1
    assert json.loads((into / "ann" / "ex2_trick_winner.ipynb").read_text())["cells"][0]["source"] == "changed"
    assert len(list((into / ".replaced" / "ann").iterdir())) == 1


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
    dl = tmp_path / "dl"
    dl.mkdir()
    (dl / "ex1_legal_cards.ipynb").write_text(notebook_text(build_notebook("ex1_legal_cards")))
    other_out, other_keys = make_set(tmp_path, ["ann"], EXS, out_name="other")
    (dl / "ann_other.ipynb").write_bytes((other_out / "ann" / "ex2_trick_winner.ipynb").read_bytes())
    r = collect([dl], tmp_path / "in", keys=load_keys(keys))
    assert r.filed == [] and len(r.foreign) == 1 and "practice copy" in r.foreign[0]
    assert len(r.tampered) == 1 and "signature" in r.tampered[0]


def test_collect_errors_are_one_line(tmp_path, capsys):
    assert main(["exercises", "collect", str(tmp_path / "none.zip"), "--into", str(tmp_path / "in")]) == 2
    assert "not found" in capsys.readouterr().err
    (tmp_path / "f").write_text("x")
    assert main(["exercises", "collect", str(tmp_path), "--into", str(tmp_path / "f")]) == 2
    assert "must be a folder" in capsys.readouterr().err


def test_without_keys_files_by_metadata_and_says_signatures_were_not_checked(klass, tmp_path, capsys):
    out, keys = klass
    dl = tmp_path / "dl" / "nested" / "deeper"
    dl.mkdir(parents=True)
    (dl / "whatever name (2).ipynb").write_bytes((out / "cy" / "ex2_trick_winner.ipynb").read_bytes())
    (dl / "._whatever name (2).ipynb").write_bytes(b"\x00\x05")
    assert main(["exercises", "collect", str(tmp_path / "dl"), "--into", str(tmp_path / "in")]) == 0
    printed = capsys.readouterr().out
    assert "Filed 1 notebook." in printed and "signatures were not checked" in printed
    assert (tmp_path / "in" / "cy" / "ex2_trick_winner.ipynb").is_file()
    rows = {r["id"]: r for r in grade_class(tmp_path / "in", keys).rows}
    assert rows["cy"]["ex2_trick_winner total"] == 8
