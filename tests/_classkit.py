"""Helpers for the teacher-side tests: make a class set, read its keys, fill notebooks."""
from __future__ import annotations

import json
from pathlib import Path

from tutor.cli import main
from tutor.exercises.classset import key_literals
from tutor.exercises.grading import load_keys
from tutor.exercises.notebooks import answer_source


def make_set(tmp: Path, ids, exercises, *extra, out_name="class", names=None) -> tuple[Path, Path]:
    """``tricktutor exercises make`` for ``ids``; returns (class folder, keys folder)."""
    roster = tmp / f"{out_name}-roster.csv"
    rows = ["student_id,name"] + [f"{i},{(names or {}).get(i, i.title())}" for i in ids]
    roster.write_text("\n".join(rows) + "\n", encoding="utf-8")
    out = tmp / out_name
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out),
                 "--exercises", ",".join(exercises), "--estimator", "count", *extra]) == 0
    return out, tmp / f"{out_name}-teacher"


def keys_of(keys_dir: Path, name: str, sid: str) -> dict:
    k = load_keys(keys_dir)
    return key_literals(name, sid, k.exercises[name], k.secret, (k.variants or {}).get(sid))


def load_nb(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def save_nb(nb: dict, path: Path) -> None:
    Path(path).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def answer_cell_index(nb: dict, qid: str) -> int:
    for i, c in enumerate(nb["cells"]):
        if (c.get("metadata", {}).get("tricktutor") or {}).get("question") == qid:
            return i
    raise KeyError(qid)


def set_source(nb: dict, qid: str, source: str | None) -> dict:
    """Replace the answer cell of ``qid`` (None deletes the cell)."""
    i = answer_cell_index(nb, qid)
    if source is None:
        del nb["cells"][i]
    else:
        nb["cells"][i]["source"] = source
    return nb


def fill(nb: dict, answers: dict) -> dict:
    for qid, value in answers.items():
        set_source(nb, qid, answer_source(qid, value))
    return nb


def hand_in(out: Path, keys_dir: Path, sid: str, name: str, changes: dict | None = None) -> Path:
    """Fill ``sid``'s notebook with the key, then apply ``changes`` (qid → cell source or None)."""
    path = out / sid / f"{name}.ipynb"
    nb = fill(load_nb(path), keys_of(keys_dir, name, sid))
    for qid, src in (changes or {}).items():
        set_source(nb, qid, src)
    save_nb(nb, path)
    return path
