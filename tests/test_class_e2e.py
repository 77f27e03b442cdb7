"""The whole loop for a class of 30: make → fill (known marks) → zip with LMS names → collect → grade → report.

Every student's answers are chosen by a script: right (the key) or a wrong
value the checker marks wrong, on a fixed pattern, with one blank student, one
code answer and one older duplicate.  The expected marks, per-question
percentages, score distribution and most common wrong answers are computed
here from that script, then compared with grades.csv and the report's figures.
"""
from __future__ import annotations

import json
import re
import zipfile
from collections import Counter
from pathlib import Path

import pandas as pd

from _classkit import fill, load_nb, set_source
from tutor.cli import main
from tutor.exercises import EXERCISES
from tutor.exercises.classset import _key_literals
from tutor.exercises.grading import _expected, load_keys

IDS = [f"st{n:02d}" for n in range(1, 31)]
NAMES = list(EXERCISES)
SEATS = ["North", "East", "South", "West", "North–South", "East–West", "nobody"]


def _wrong(ex, qid, key):
    """A value the checker marks wrong (the commonest first, so answers repeat across students)."""
    cands = []
    if isinstance(key, bool) or key is None:
        cands = [True, False]
    elif isinstance(key, int):
        cands = [99, key + 1, key - 1, key + 10, -7]
    elif isinstance(key, str):
        cands = SEATS + ["2C", "AS", "KH", "3D", "7S"]
    elif isinstance(key, list):
        cands = [[], key[:1], key[:-1], ["2C"], ["AS"]]
    cands += [99, 0, "North", "2C", ["2C"], []]
    for c in cands:
        if c != key and ex.evaluate(qid, c).status == "wrong":
            return c
    raise AssertionError(f"no wrong answer found for {ex.name} {qid} key {key!r}")


def test_thirty_students_end_to_end(tmp_path, capsys):
    roster = tmp_path / "roster.csv"
    roster.write_text("Student ID;Name\n" + "".join(f"{i};Student {i[2:]}\n" for i in IDS), encoding="utf-8")
    out = tmp_path / "class"
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count"]) == 0
    assert "Wrote 180 notebooks" in capsys.readouterr().out
    keys_dir = tmp_path / "class-teacher"
    keys = load_keys(keys_dir)
    # make gave the 30 students variant indices 0..29 (teacher folder): no ex6 bid is right for more than a third
    assert sorted(keys.variants.values()) == list(range(30))
    ex6 = [_expected("ex6_estimating_a_bid", sid, keys.exercises["ex6_estimating_a_bid"], keys.secret,
                     keys.variants[sid]) for sid in IDS]
    for qid in ex6[0].qids:
        shared = Counter(a for e in ex6 for a in e.questions[qid].accepted)
        assert max(shared.values()) <= 10, (qid, shared.most_common(3))

    expected: dict[str, dict[str, int]] = {}
    wrong_written: dict[tuple[str, str], str] = {}  # (student, column) → the wrong value written
    zpath = tmp_path / "Class-Exercises-submissions.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        for s, sid in enumerate(IDS):
            marks = expected.setdefault(sid, {})
            for e, name in enumerate(NAMES):
                ex = _expected(name, sid, keys.exercises[name], keys.secret, keys.variants[sid])
                key = _key_literals(name, sid, keys.exercises[name], keys.secret, keys.variants[sid])
                nb = load_nb(out / sid / f"{name}.ipynb")
                if sid == "st30":  # hands in blank notebooks
                    for q in ex.qids:
                        marks[f"{name}:{q}"] = 0
                else:
                    answers = {}
                    for j, q in enumerate(ex.qids):
                        right = (s + 2 * e + j) % 4 != 0 and not (s >= 20 and j >= 6)
                        value = key[q] if right else _wrong(ex, q, key[q])
                        answers[q] = value
                        marks[f"{name}:{q}"] = int(right)
                        if not right:
                            wrong_written[(sid, f"{name}:{q}")] = repr(value)
                    fill(nb, answers)
                    if sid == "st05" and name == "ex3_spades_scoring":  # a code answer: 0 and a note
                        set_source(nb, "q2", f"answer_q2 = {key['q2']} + 0")
                        marks[f"{name}:q2"] = 0
                        wrong_written.pop((sid, f"{name}:q2"), None)  # code is not a wrong value
                surname = f"Surname{sid[2:]}"
                base = f"{surname}_{sid}_{1000 + s}_assignsubmission_file_"
                zf.writestr(zipfile.ZipInfo(f"Spades 2026/{base}/{name} (1).ipynb", (2026, 11, 30, 12, 0, 0)),
                            json.dumps(nb))
                if sid == "st07" and e == 0:  # an older, blank copy: the newer one is kept
                    zf.writestr(zipfile.ZipInfo(f"Spades 2026/{base}/{name}.ipynb", (2026, 11, 20, 9, 0, 0)),
                                (out / sid / f"{name}.ipynb").read_bytes())
                zf.writestr(f"__MACOSX/Spades 2026/{base}/._{name} (1).ipynb", b"\x00\x05\x16\x07")

    into = tmp_path / "handed-in"
    assert main(["exercises", "collect", str(zpath), "--into", str(into), "--keys", str(keys_dir)]) == 0
    printed = capsys.readouterr().out
    assert "Filed 180 notebooks." in printed and "Duplicates (kept the newest): 1" in printed
    assert sorted(p.name for p in into.iterdir()) == IDS

    overrides = tmp_path / "overrides.csv"
    overrides.write_text("id;question;mark\nst01;ex1_legal_cards:q1;1\n", encoding="utf-8")
    expected["st01"]["ex1_legal_cards:q1"] = 1
    wrong_written.pop(("st01", "ex1_legal_cards:q1"), None)  # overridden: no longer a wrong answer
    csv = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(into), "--keys", str(keys_dir), "--out", str(csv),
                 "--override", str(overrides)]) == 0
    grades = pd.read_csv(csv, keep_default_na=False).set_index("id")
    qcols = [c for c in grades.columns if re.fullmatch(r"ex\d_\w+:q\d+", c)]
    assert len(qcols) == 48 and set(grades["maximum"]) == {48}
    for sid in IDS:
        assert {c: int(grades.loc[sid, c]) for c in qcols} == expected[sid], sid
        assert grades.loc[sid, "total"] == sum(expected[sid].values())
    assert grades.loc["st30", "notes"] == "nothing handed in"
    assert "ex3_spades_scoring: code, not a value in q2" in grades.loc["st05", "notes"]
    assert "override ex1_legal_cards:q1" in grades.loc["st01", "notes"]

    html_path = tmp_path / "report.html"
    assert main(["exercises", "report", str(into), "--keys", str(keys_dir), "--out", str(html_path),
                 "--override", str(overrides)]) == 0
    page = html_path.read_text(encoding="utf-8")
    figs = json.loads(re.search(r"<script type='application/json' id='tt-figures'>(.*?)</script>", page).group(1))
    assert figs["students"] == 30 and figs["maximum"] == 48
    pcts = [round(100 * sum(expected[s].values()) / 48, 1) for s in IDS]
    assert figs["mean_percent"] == round(sum(pcts) / 30, 1)
    bands = Counter(min(int(p // 10) * 10, 90) for p in pcts)
    assert [figs["distribution"][k] for k in figs["distribution"]] == [bands.get(lo, 0) for lo in range(0, 100, 10)]
    for c in qcols:
        assert figs["percent_correct"][c] == round(100 * sum(expected[s][c] for s in IDS) / 30, 1), c
    for c in qcols:
        counts = Counter(w for (sid, col), w in wrong_written.items() if col == c)
        want = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
        assert [(w["answer"], w["count"]) for w in figs["wrong_answers"][c]] == want, c
    assert any(w["count"] > 1 for ws in figs["wrong_answers"].values() for w in ws)
    rules = [w["rule"] for ws in figs["wrong_answers"].values() for w in ws]
    assert sum(bool(re.fullmatch(r"(SP|OH)-V?\d+", r)) for r in rules) >= 0.8 * len(rules), rules
    # offline: plotly.js inline, no script from a network
    assert not re.search(r"<script[^>]*\bsrc=", page), "every script is inline"
    assert len(page) > 1_000_000 and "Plotly.newPlot" in page
    assert page.count("class=\"student\"") == 30
    fb = (tmp_path / "feedback" / "st01.html").read_text(encoding="utf-8")
    assert "st01" in fb and "Student 01" in fb and "<script" not in fb
    assert len(list((tmp_path / "feedback").glob("*.html"))) == 30
    assert Path(html_path).stat().st_size < 10_000_000
