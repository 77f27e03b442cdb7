"""The one vocabulary of an answer's status: what a check says and what the grader records.

A :class:`Status` is a :class:`enum.StrEnum`: its value is the word the
catalogues, the CSS classes (``tt-wrong``) and older code compare with
(``Status.WRONG == "wrong"``).  The check in a notebook gives the first
eight; the grader adds four for answers it never judged (code, no answer
cell, no notebook, a notebook it refused).
"""
from __future__ import annotations

import enum

__all__ = ["Status", "UNANSWERED"]


class Status(enum.StrEnum):
    """One answer's status (a check's or the grader's)."""

    CORRECT = "correct"            # the mark (the only status that scores)
    WRONG = "wrong"
    INVALID = "invalid"            # not understood: wrong type, not a card…
    EMPTY = "empty"                # the answer cell still holds None
    UNKNOWN = "unknown"            # no such question, or the exercise is not loaded
    UNGRADED = "ungraded"          # a check: the grader will not give the mark as things stand
    UNSURE = "unsure"              # a check that cannot see the saved notebook
    RECEIVED = "received"          # a test set's check: read, graded later
    CODE = "code"                  # the grader: code, not a value (scores 0)
    MISSING = "missing"            # the grader: no cell of the notebook sets this answer
    NOT_HANDED_IN = "not_handed_in"  # the grader: no notebook of this exercise
    REFUSED = "refused"            # the grader: the notebook is not graded (the row's notes say why)


#: Statuses of a question that holds no attempt (a student with only these handed in nothing, or blanks).
UNANSWERED = frozenset({Status.MISSING, Status.EMPTY, Status.REFUSED, Status.NOT_HANDED_IN})
