"""Exercise notebooks for teachers: per-student questions, checks and grading.

* :class:`Exercise` — the teacher's side: ``Exercise(name, student, settings,
  secret, variant=None)`` with ``.evaluate(qid, answer)`` (the mark) and
  :func:`answer_key`; needs the class secret except for the practice set.
* :mod:`tutor.exercises.student` — the student's side: sealed questions
  (no answers), ``show("q1")`` and ``check("q1")`` (✓ only when the grader
  will give the mark).
* :data:`EXERCISES` — the six exercises (name → :class:`ExerciseSpec`).
* :mod:`tutor.exercises.notebooks` — build student and key notebooks.
* :mod:`tutor.exercises.grading` — grade a folder of handed-in notebooks
  without executing student code.

Nothing here imports ipywidgets: the check output is plain HTML through
``IPython.display`` (printed outside IPython), so it works in JupyterLab,
Notebook 7, Voila and Binder alike.
"""
from .core import (DEFAULT_SETTINGS, AnswerError, CheckResult, Exercise, Question, answer_key, normalise_settings,
                   parse_answer, question_seed)
from .questions import EXERCISES, ExerciseSpec

__all__ = ["Exercise", "EXERCISES", "ExerciseSpec", "CheckResult", "Question", "AnswerError",
           "DEFAULT_SETTINGS", "normalise_settings", "parse_answer", "question_seed", "answer_key"]
