"""Teacher-side speed: collecting and grading a class, and making a school-wide set.

    python benchmarks/grading_speed.py [--students 30] [--make-students 1000] [--lang en]

Prints: seconds to ``collect`` a class of ``--students`` from a zip laid out
as Moodle's "Download all submissions" names it (all six notebooks each,
filled with the answer key; each student found by the name in their
folder), seconds to grade it (every answer goes through the checker), the
same class made in the test mode, and seconds to ``make`` a set for
``--make-students`` students (six notebooks each).  Goals (issue 11):
grading 30 students < 10 s and making 1,000 < 30 s on the 2-core
development machine.  Grading never executes student code.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.exercises import EXERCISES  # noqa: E402
from tutor.exercises.classset import key_literals, make_class_set  # noqa: E402
from tutor.exercises.collect import collect  # noqa: E402
from tutor.exercises.grading import grade_class, load_keys  # noqa: E402
from tutor.exercises.notebooks import answer_source  # noqa: E402
from tutor.exercises.roster import Roster, Student  # noqa: E402


def _fill(path: Path, answers: dict) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        q = (c.get("metadata", {}).get("tricktutor") or {}).get("question")
        if q in answers:
            c["source"] = answer_source(q, answers[q])
    path.write_text(json.dumps(nb), encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--make-students", type=int, default=1000)
    ap.add_argument("--lang", default="en", help="the sets' language (make --lang): a set in another language "
                                                 "was graded by building each exercise twice before issue 32")
    args = ap.parse_args(argv)
    names = list(EXERCISES)
    settings = {"estimator": "count", "lang": args.lang}
    tmp = Path(tempfile.mkdtemp(prefix="tt-bench-"))
    try:
        roster = Roster([Student(f"s{i:04d}", f"Student {i}") for i in range(args.students)], [])
        t0 = time.perf_counter()
        make_class_set(roster, tmp / "class", names, settings)
        t_make_small = time.perf_counter() - t0
        keys = load_keys(tmp / "class-teacher")
        for st in roster.students:
            for n in names:
                key = key_literals(n, st.id, keys.exercises[n], keys.secret, keys.variants[st.id])
                _fill(tmp / "class" / st.id / f"{n}.ipynb", key)
        z = tmp / "submissions.zip"
        with zipfile.ZipFile(z, "w") as zf:
            for i, st in enumerate(roster.students):
                for n in names:
                    zf.write(tmp / "class" / st.id / f"{n}.ipynb",
                             f"{st.name}_{5000 + i}_assignsubmission_file/{n} (1).ipynb")
        t0 = time.perf_counter()
        got = collect([z], tmp / "handed-in", keys=keys)
        t_collect = time.perf_counter() - t0
        t0 = time.perf_counter()
        report = grade_class(tmp / "handed-in", tmp / "class-teacher")
        t_grade = time.perf_counter() - t0
        full = sum(r["total"] == r["maximum"] for r in report.rows)
        n_nb = args.students * len(names)
        print(f"collect: {len(got.filed)} notebooks from a Moodle-style zip in {t_collect:.2f} s "
              f"({len(got.by_name)} students matched by name)")
        print(f"grade: {args.students} students × {len(names)} notebooks = {n_nb} notebooks in {t_grade:.2f} s "
              f"({1000 * t_grade / n_nb:.1f} ms per notebook); {full}/{args.students} full marks (key answers); "
              f"goal < 10 s")
        print(f"make:  {args.students} students in {t_make_small:.2f} s")
        t0 = time.perf_counter()
        make_class_set(roster, tmp / "test-class", names, dict(settings, mode="test"))
        print(f"make:  {args.students} students in the test mode in {time.perf_counter() - t0:.2f} s")
        if args.make_students:
            big = Roster([Student(f"p{i:05d}") for i in range(args.make_students)], [])
            t0 = time.perf_counter()
            res = make_class_set(big, tmp / "school", names, settings)
            t_big = time.perf_counter() - t0
            print(f"make:  {args.make_students} students × {len(names)} notebooks ({res.written} written) in "
                  f"{t_big:.1f} s ({1000 * t_big / args.make_students:.1f} ms per student); goal < 30 s")
            t0 = time.perf_counter()
            res = make_class_set(big, tmp / "school", names, settings)
            print(f"make again (nothing to add, {res.kept} kept): {time.perf_counter() - t0:.1f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
