"""The whole loop for a class of 30: make → fill (known marks) → zip as Moodle names it → collect → grade → report.

Every student's answers are chosen by a script: right (the key) or a wrong
value the checker marks wrong, on a fixed pattern, with one blank student, one
code answer, one older blank copy beside a student's work, and a classmate's
notebook handed in with a later date.  The expected marks, per-question
percentages, score distribution and most common wrong answers are computed
here from that script, then compared with grades.csv and the report's figures.

A second, smaller class is made in the test mode, and the 30-line script that
the issue (28) used to hand in 48/48 asks each notebook's check every
candidate answer: in the practice mode it finds every answer; in the test
mode every candidate gets the same verdict, so it finds none.
"""
from __future__ import annotations

import json
import re
import zipfile
from collections import Counter
from pathlib import Path

import pandas as pd

import subprocess
import sys

from _classkit import fill, load_nb, set_source
from tutor.cli import main
from tutor.exercises import EXERCISES
from tutor.exercises.classset import key_literals
from tutor.exercises.grading import expected_exercise, load_keys

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
    ex6 = [expected_exercise("ex6_estimating_a_bid", sid, keys.exercises["ex6_estimating_a_bid"], keys.secret,
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
                ex = expected_exercise(name, sid, keys.exercises[name], keys.secret, keys.variants[sid])
                key = key_literals(name, sid, keys.exercises[name], keys.secret, keys.variants[sid])
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
                # Moodle's "Download all submissions" in folders: "<Full name>_<participant id>_assignsubmission_file"
                base = f"Student {sid[2:]}_{1000 + s}_assignsubmission_file"
                zf.writestr(zipfile.ZipInfo(f"Spades 2026/{base}/{name} (1).ipynb", (2026, 11, 30, 12, 0, 0)),
                            json.dumps(nb))
                if sid == "st07" and e == 0:  # an older, blank copy: filed beside it, the newer one is graded
                    zf.writestr(zipfile.ZipInfo(f"Spades 2026/{base}/{name}.ipynb", (2026, 11, 20, 9, 0, 0)),
                                (out / sid / f"{name}.ipynb").read_bytes())
                if sid == "st08" and e == 1:  # st08 hands in st09's notebook, wrong answers, dated later
                    theirs = fill(load_nb(out / "st09" / f"{name}.ipynb"),
                                  {q: _wrong(expected_exercise(name, "st09", keys.exercises[name], keys.secret,
                                                       keys.variants["st09"]), q, v)
                                   for q, v in key_literals(name, "st09", keys.exercises[name], keys.secret,
                                                             keys.variants["st09"]).items()})
                    zf.writestr(zipfile.ZipInfo(f"Spades 2026/{base}/for st09/{name}.ipynb", (2027, 1, 1, 0, 0, 0)),
                                json.dumps(theirs))
                zf.writestr(f"__MACOSX/Spades 2026/{base}/._{name} (1).ipynb", b"\x00\x05\x16\x07")

    into = tmp_path / "handed-in"
    assert main(["exercises", "collect", str(zpath), "--into", str(into), "--keys", str(keys_dir)]) == 0
    printed = capsys.readouterr().out
    assert "Filed 181 notebooks." in printed and "Matched to the roster by the name the platform wrote: 30" in printed
    assert "More than one copy of an exercise from the same student (each filed; grade grades the newest copy " \
           "that can be graded and says which): 1" in printed
    assert "Handed in by one student, made for another (not filed): 1" in printed
    assert "Handed in by st08, made for st09: ex2_trick_winner" in printed
    assert sorted(p.name for p in into.iterdir() if not p.name.startswith(".")) == IDS

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
    assert grades.loc["st30", "notes"] == "handed in blank"
    assert "ex3_spades_scoring: code, not a value in q2" in grades.loc["st05", "notes"]
    assert "override ex1_legal_cards:q1" in grades.loc["st01", "notes"]
    assert "ex1_legal_cards: 2 copies handed in; graded ex1_legal_cards.ipynb (2026-11-30 12:00), the newest" \
           in grades.loc["st07", "notes"]
    assert "handed in ex2_trick_winner made for st09, not filed" in grades.loc["st08", "notes"]
    assert "ex2" not in grades.loc["st09", "notes"]  # st09's own hand-in, graded as handed in
    lms = pd.read_csv(tmp_path / "grades-lms.csv", keep_default_na=False)
    assert list(lms["SIS User ID"]) == IDS and list(lms["Trick Tutor exercises"]) == list(grades["total"])

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
    assert "Handed in by st08, made for st09." in page and "of the students who handed in that exercise" in page
    fb = (tmp_path / "feedback-class" / "st01.html").read_text(encoding="utf-8")
    assert "st01" in fb and "<title>Trick Tutor exercises: feedback for Student 01</title>" in fb
    assert "<script" not in fb and "class report" not in fb
    assert len(list((tmp_path / "feedback-class").glob("*.html"))) == 30
    assert Path(html_path).stat().st_size < 10_000_000


# The script a student wrote (issue 28): it asks the notebook's own check every candidate answer, keeps
# the first one the check marks right, and writes it into the answer cell; then it hands the notebook in.
ORACLE_ATTACK = r"""
import itertools, json, re, sys
path = sys.argv[1]
nb = json.load(open(path, encoding="utf-8"))
ns = {}
exec("".join(nb["cells"][1]["source"]), ns)          # the setup cell: the notebook's own questions
ex = ns["ex"]
found = {}
for qid in ex.qids:
    q = ex._questions[qid]
    hand = re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", " ".join(q["prompt"]))
    kind = q["kind"]
    cands = {"int": range(-400, 700), "seat": ["North", "East", "South", "West"],
             "side": ["North–South", "East–West", "nobody", "tie"], "card": hand,
             "ints": [list(c) for n in range(1, 5) for c in itertools.combinations(range(14), n)],
             "cards": [list(c) for n in range(1, len(hand) + 1) for c in itertools.combinations(hand, n)][:20000]}[kind]
    verdicts = {}
    for c in cands:
        r = ex.evaluate(qid, c)
        verdicts.setdefault((r.status, r.symbol), c)
        if r.status == "correct":
            found[qid] = c
            break
for cell in nb["cells"]:
    qid = (cell.get("metadata", {}).get("tricktutor") or {}).get("question")
    if qid in found:
        cell["source"] = f"answer_{qid} = {found[qid]!r}"
json.dump(nb, open(path, "w", encoding="utf-8"))
print(json.dumps({"found": sorted(found), "questions": ex.qids}))
"""


def test_the_checks_oracle_finds_every_answer_in_practice_and_none_in_a_test_set(tmp_path, capsys):
    """Both modes for the same two students and exercises: in practice mode the script that asks the check
    finds every answer (the check is an oracle, as TEACHERS.md says); in test mode it finds none, and the
    hand-in it makes scores no more than a guess."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\nann,Ann A\nbob,Bob B\n", encoding="utf-8")
    exs = "ex2_trick_winner,ex3_spades_scoring"
    for mode in ("practice", "test"):
        out = tmp_path / mode
        assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", exs,
                     "--estimator", "count", "--mode", mode]) == 0
        assert f"{mode.capitalize()} mode: ex2_trick_winner, ex3_spades_scoring." in capsys.readouterr().out
        results = {}
        for name in exs.split(","):
            r = subprocess.run([sys.executable, "-c", ORACLE_ATTACK, str(out / "bob" / f"{name}.ipynb")],
                               capture_output=True, text=True, timeout=300)
            assert r.returncode == 0, r.stderr
            results[name] = json.loads(r.stdout)
        into = tmp_path / f"{mode}-in"
        assert main(["exercises", "collect", str(out / "bob"), "--into", str(into), "--keys",
                     str(tmp_path / f"{mode}-teacher")]) == 0
        csv = tmp_path / f"{mode}.csv"
        assert main(["exercises", "grade", str(into), "--keys", str(tmp_path / f"{mode}-teacher"),
                     "--out", str(csv)]) == 0
        bob = pd.read_csv(csv, keep_default_na=False).set_index("id").loc["bob"]
        if mode == "practice":
            assert all(r["found"] == r["questions"] for r in results.values())
            assert bob["total"] == 16 and bob["maximum"] == 16
        else:
            assert all(r["found"] == [] for r in results.values())
            assert bob["total"] == 0 and bob["notes"] == "handed in blank"
