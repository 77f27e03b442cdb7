"""How long the exercise sets take to make (prints figures; not a timed test).

Run: ``python benchmarks/exercise_generation.py [students] [--make N]`` (default 40).

Prints, per exercise, the time to generate one student's questions
(:class:`tutor.exercises.Exercise`), then per student the time to build all
six sealed notebooks plus the answer key, as ``make`` does, in one process
and split over two processes.  Each figure is given as CPU time (what the
work costs) and wall time (what a teacher waits; on a busy machine it is
higher).  The goal (issue 11): a roster of 1,000 in under 30 s.

``--make N`` also runs the real command, ``tricktutor exercises make``, on a
roster of N students in a temporary folder (writing every file) and prints
its wall time.
"""
from __future__ import annotations

import csv
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tutor.exercises import EXERCISES, Exercise, answer_key
from tutor.exercises.core import _MADE
from tutor.exercises.notebooks import build_notebook, notebook_text

SECRET = "benchmark-secret-0123456789abcdef"


def _clocks():
    return time.perf_counter(), time.process_time()


def _since(start) -> tuple[float, float]:
    w, c = _clocks()
    return w - start[0], c - start[1]


def _build(ids: list[str]) -> tuple[int, float]:
    """Six sealed notebooks and the key for each id; returns (bytes, CPU seconds)."""
    c = time.process_time()
    size = 0
    for sid in ids:
        for name in EXERCISES:
            size += len(notebook_text(build_notebook(name, sid, secret=SECRET)))
            answer_key(Exercise(name, sid, secret=SECRET))
    return size, time.process_time() - c


def main(n: int = 40, make_n: int = 0) -> None:
    total_cpu = 0.0
    for name in EXERCISES:
        _MADE.clear()
        start = _clocks()
        for i in range(n):
            Exercise(name, f"b{i:04d}", secret=SECRET)
        wall, cpu = _since(start)
        total_cpu += cpu / n
        print(f"{name:24s} questions: {cpu / n * 1000:6.1f} ms CPU per student ({wall / n * 1000:6.1f} ms wall)")
    print(f"{'all six':24s} questions: {total_cpu * 1000:6.1f} ms CPU per student")

    _MADE.clear()
    start = _clocks()
    size, _ = _build([f"c{i:04d}" for i in range(n)])
    wall, cpu = _since(start)
    print(f"six sealed notebooks + key, 1 process: {cpu / n * 1000:.1f} ms CPU, {wall / n * 1000:.1f} ms wall per student "
          f"(1,000 students: {cpu / n * 1000:.0f} s CPU, {wall / n * 1000:.0f} s wall); "
          f"notebooks {size / n / 6 / 1024:.1f} KiB each")

    ids = [f"d{i:04d}" for i in range(2 * n)]
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_build, [["warm"], ["warm"]]))  # start both workers (imports) before timing
        start = time.perf_counter()
        cpus = [c for _, c in pool.map(_build, [ids[0::2], ids[1::2]])]
        wall = time.perf_counter() - start
    print(f"six sealed notebooks + key, 2 processes: {wall / len(ids) * 1000:.1f} ms wall per student "
          f"(1,000 students: {wall / len(ids) * 1000:.0f} s wall; CPU {sum(cpus) / len(ids) * 1000:.1f} ms per student)")

    if make_n:
        with tempfile.TemporaryDirectory() as tmp:
            roster = Path(tmp) / "roster.csv"
            with roster.open("w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(["student_id", "name"])
                for i in range(make_n):
                    w.writerow([f"st{i:05d}", f"Student {i}"])
            cmd = [sys.executable, "-c", "import sys; from tutor.cli import main; sys.exit(main(sys.argv[1:]))",
                   "exercises", "make", "--roster", str(roster),
                   "--out", str(Path(tmp) / "class")]
            start = time.perf_counter()
            r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ})
            wall = time.perf_counter() - start
            last = (r.stdout.strip().splitlines() or [r.stderr.strip()])[-1]
            print(f"tricktutor exercises make, {make_n} students: {wall:.1f} s wall "
                  f"(exit {r.returncode}: {last[:100]})")


if __name__ == "__main__":
    args = sys.argv[1:]
    make_n = 0
    if "--make" in args:
        i = args.index("--make")
        make_n = int(args[i + 1])
        del args[i:i + 2]
    main(int(args[0]) if args else 40, make_n)
