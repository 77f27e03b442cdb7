"""How long the exercise sets take to make (prints figures; not a timed test).

Run: ``python benchmarks/exercise_generation.py [students]`` (default 40).
Prints, per exercise, the time to generate one student's questions
(:class:`tutor.exercises.Exercise`), then per student the time to build all
six sealed notebooks plus the answer key, as ``make`` does.
"""
from __future__ import annotations

import sys
import time

from tutor.exercises import EXERCISES, Exercise, answer_key
from tutor.exercises.core import _MADE
from tutor.exercises.notebooks import build_notebook, notebook_text

SECRET = "benchmark-secret-0123456789abcdef"


def main(n: int = 40) -> None:
    total = 0.0
    for name in EXERCISES:
        _MADE.clear()
        t = time.perf_counter()
        for i in range(n):
            Exercise(name, f"b{i:04d}", secret=SECRET)
        per = (time.perf_counter() - t) / n
        total += per
        print(f"{name:24s} questions: {per * 1000:6.1f} ms per student")
    print(f"{'all six':24s} questions: {total * 1000:6.1f} ms per student")
    _MADE.clear()
    t = time.perf_counter()
    size = 0
    for i in range(n):
        for name in EXERCISES:
            size += len(notebook_text(build_notebook(name, f"c{i:04d}", secret=SECRET)))
            answer_key(Exercise(name, f"c{i:04d}", secret=SECRET))
    per = (time.perf_counter() - t) / n
    print(f"six sealed notebooks + key: {per * 1000:.1f} ms per student "
          f"({per * 1000 * 1000 / 1000:.0f} s for 1,000 students); notebooks {size / n / 6 / 1024:.1f} KiB each")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
