"""Exercise notebooks for teachers: per-student questions, checks and grading.

* :class:`Exercise` — ``Exercise.load("ex1_legal_cards", student="alice")``,
  then ``ex.show("q1")`` and ``ex.check("q1", answer)`` (✓/✗ with a hint).
* :data:`EXERCISES` — the six exercises (name → :class:`ExerciseSpec`).
* :mod:`tutor.exercises.notebooks` — build student and key notebooks.
* :mod:`tutor.exercises.grading` — grade a folder of handed-in notebooks
  without executing student code.

Nothing here imports ipywidgets: the check output is plain HTML through
``IPython.display`` (printed outside IPython), so it works in JupyterLab,
Notebook 7, Voila and Binder alike.
"""
from .core import (DEFAULT_SETTINGS, AnswerError, CheckResult, Exercise, Question, normalise_settings,
                   parse_answer, question_seed)
from .questions import EXERCISES, ExerciseSpec

__all__ = ["Exercise", "EXERCISES", "ExerciseSpec", "CheckResult", "Question", "AnswerError",
           "DEFAULT_SETTINGS", "normalise_settings", "parse_answer", "question_seed"]
