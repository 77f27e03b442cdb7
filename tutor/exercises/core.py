"""The check API of the exercise notebooks: seeds, answers, questions, checks.

A student's questions are built from a seed derived from the exercise name,
the question id and the student id (:func:`question_seed`, SHA-256), so the
same id always gives the same deals and two ids give different ones.  Every
expected answer is computed by the engine (see :mod:`tutor.exercises.questions`).

In a notebook::

    from tutor.exercises import Exercise
    ex = Exercise.load("ex1_legal_cards", student="alice")
    ex.show("q1")                 # the question, cards as text like 10♥
    answer_q1 = ["10H", "4H"]
    ex.check("q1", answer_q1)     # ✓ or ✗ with a hint that teaches

Output goes through ``IPython.display`` (an object with ``_repr_html_`` and a
plain-text ``__repr__``), so it looks the same in JupyterLab, Notebook 7,
Voila and Binder; outside IPython it is printed.  :meth:`Exercise.evaluate`
returns the :class:`CheckResult` without displaying anything (for tests and
the grader).
"""
from __future__ import annotations

import hashlib
import html
import math
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from engine import Card, InvalidInputError, parse_card

__all__ = [
    "SEATS", "SIDES", "AnswerError", "Question", "CheckResult", "Exercise",
    "question_seed", "Rng", "parse_answer", "DEFAULT_SETTINGS", "normalise_settings",
]

SEATS = ("North", "East", "South", "West")
SIDES = ("North–South", "East–West")
NOBODY = -1

#: Teacher settings baked into each notebook (and DIR/exercise_settings.json).
#: ``reveal_answers``: show the expected answer after a wrong try;
#: ``oh_hell``: OhHellRules switches for the Oh Hell scoring questions
#: (``tricks_always_count`` OH-V7, ``nil_pays_hand_size`` OH-V8);
#: ``estimator``: "auto" (the bid advisor if installed, else the simple count),
#: "advisor" or "count" (exercise 6).
DEFAULT_SETTINGS: dict[str, Any] = {
    "reveal_answers": False,
    "oh_hell": {"tricks_always_count": False, "nil_pays_hand_size": False},
    "estimator": "auto",
}


def normalise_settings(settings: dict | None) -> dict:
    """``DEFAULT_SETTINGS`` updated with ``settings``; raises ValueError for
    unknown keys or values of the wrong type."""
    out = {"reveal_answers": DEFAULT_SETTINGS["reveal_answers"],
           "oh_hell": dict(DEFAULT_SETTINGS["oh_hell"]),
           "estimator": DEFAULT_SETTINGS["estimator"]}
    for k, v in (settings or {}).items():
        if k == "reveal_answers":
            if not isinstance(v, bool):
                raise ValueError(f"reveal_answers must be true or false, not {v!r}")
            out[k] = v
        elif k == "oh_hell":
            if not isinstance(v, dict):
                raise ValueError("oh_hell must be an object of rule switches")
            for opt, flag in v.items():
                if opt not in out["oh_hell"]:
                    raise ValueError(f"unknown Oh Hell option {opt!r} for the exercises "
                                     f"(known: {', '.join(out['oh_hell'])})")
                if not isinstance(flag, bool):
                    raise ValueError(f"Oh Hell option {opt} must be true or false, not {flag!r}")
                out["oh_hell"][opt] = flag
        elif k == "estimator":
            if v not in ("auto", "advisor", "count"):
                raise ValueError(f"estimator must be auto, advisor or count, not {v!r}")
            out[k] = v
        else:
            raise ValueError(f"unknown exercise setting {k!r} (known: reveal_answers, oh_hell, estimator)")
    return out


def question_seed(exercise: str, qid: str, student: str) -> int:
    """A 64-bit seed from SHA-256 of ``"exercise/qid/student"`` (stable across
    Python versions and machines, unlike ``hash()``)."""
    digest = hashlib.sha256(f"{exercise}/{qid}/{student}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    """Deterministic choices from a seed, using only ``getrandbits`` (whose
    output for an int seed is stable across Python versions)."""

    def __init__(self, seed: int):
        self._r = random.Random(seed)

    def bits(self, k: int) -> int:
        return self._r.getrandbits(k)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)``."""
        if n <= 1:
            return 0
        k = n.bit_length()
        while True:
            v = self._r.getrandbits(k)
            if v < n:
                return v

    def between(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]``."""
        return lo + self.below(hi - lo + 1)

    def pick(self, seq: Sequence):
        return seq[self.below(len(seq))]

    def shuffled(self, seq: Iterable) -> list:
        out = list(seq)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


# --------------------------------------------------------------------- answers
class AnswerError(ValueError):
    """The answer has the wrong type or is not understood; the message says
    what to write instead (shown to the student, never a traceback)."""


_SEAT_WORDS = {"north": 0, "n": 0, "east": 1, "e": 1, "south": 2, "s": 2, "west": 3, "w": 3}
_SIDE_WORDS = {
    "north-south": 0, "northsouth": 0, "ns": 0, "n-s": 0, "north south": 0, "n/s": 0,
    "east-west": 1, "eastwest": 1, "ew": 1, "e-w": 1, "east west": 1, "e/w": 1,
    "nobody": NOBODY, "no one": NOBODY, "noone": NOBODY, "none": NOBODY, "neither": NOBODY,
    "nobody yet": NOBODY, "tie": NOBODY,
}


def _describe_type(value: Any) -> str:
    if isinstance(value, bool):
        return f"the yes/no value {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, (list, tuple, set, frozenset)):
        return f"a list ({value!r})"
    if isinstance(value, float):
        return f"the decimal number {value!r}"
    if isinstance(value, dict):
        return "a dictionary"
    return f"{value!r}"


def _parse_int(value: Any, what: str, example: str) -> int:
    if isinstance(value, bool) or value is None:
        raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return int(value)
        raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")
    if isinstance(value, str):
        t = value.strip()
        if re.fullmatch(r"[+-]?\d+", t):
            raise AnswerError(f"Your answer is the text {value!r}: write the number without quotes, "
                              f"like answer = {int(t)}.")
        raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")
    raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")


def _parse_card_text(value: Any) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise AnswerError(f"{_describe_type(value)} is not a card: write a card as text, "
                          f"rank then suit, like \"10H\", \"TH\" or \"10♥\".")
    try:
        return parse_card(value)
    except InvalidInputError:
        raise AnswerError(f"{value!r} is not a card: write a rank (A K Q J 10 9 … 2, or T for ten) "
                          f"then a suit (S H D C or ♠ ♥ ♦ ♣), like \"10H\" or \"A♠\".") from None


def parse_answer(kind: str, value: Any):
    """Turn a student's literal answer into the normal form for ``kind``.

    ``"cards"`` → frozenset of :class:`Card` (a list/tuple/set of card texts,
    or one string "10H 4H"); ``"card"`` → Card; ``"seat"`` → 0..3 ("East",
    "E" or 1); ``"side"`` → 0, 1 or -1 for nobody ("North–South", "NS",
    "nobody"); ``"int"`` → int; ``"ints"`` → frozenset of int.
    Raises :class:`AnswerError` with a student-facing message.
    """
    if kind == "cards":
        if isinstance(value, str):
            parts = [p for p in value.replace(",", " ").split() if p]
        elif isinstance(value, (list, tuple, set, frozenset)):
            parts = list(value)
        elif isinstance(value, Card):
            parts = [value]
        else:
            raise AnswerError(f"Your answer is {_describe_type(value)}; write a list of cards, "
                              f"like [\"10H\", \"4H\", \"AS\"].")
        return frozenset(_parse_card_text(p) for p in parts)
    if kind == "card":
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]
        return _parse_card_text(value)
    if kind == "seat":
        if isinstance(value, str):
            key = value.strip().lower()
            if key in _SEAT_WORDS:
                return _SEAT_WORDS[key]
            raise AnswerError(f"{value!r} is not a seat: write \"North\", \"East\", \"South\" or \"West\" "
                              f"(or the seat number 0–3).")
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value <= 3:
                return value
            raise AnswerError(f"{value} is not a seat number: seats are 0 North, 1 East, 2 South, 3 West.")
        raise AnswerError(f"Your answer is {_describe_type(value)}; write a seat name, like \"East\".")
    if kind == "side":
        if isinstance(value, str):
            key = re.sub(r"\s+", " ", value.strip().lower().replace("–", "-").replace("—", "-"))
            if key in _SIDE_WORDS:
                return _SIDE_WORDS[key]
            raise AnswerError(f"{value!r} is not understood: write \"North–South\" (or \"NS\"), "
                              f"\"East–West\" (or \"EW\"), or \"nobody\".")
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return value
        raise AnswerError(f"Your answer is {_describe_type(value)}; write \"North–South\", \"East–West\" "
                          f"or \"nobody\".")
    if kind == "int":
        return _parse_int(value, "the answer", "14")
    if kind == "ints":
        if isinstance(value, (list, tuple, set, frozenset)):
            return frozenset(_parse_int(v, "each bid", "3") for v in value)
        raise AnswerError(f"Your answer is {_describe_type(value)}; write a list of whole numbers, like [0, 1, 3].")
    raise ValueError(f"unknown answer kind {kind!r}")  # a bug in a question, not a student error


# ------------------------------------------------------------------- questions
@dataclass
class Question:
    """One generated question.

    ``prompt``: plain-text lines (cards as "10♥"); ``kind``: answer kind for
    :func:`parse_answer`; ``key``: the expected answer as a Python literal
    (what the answer key and key notebooks contain); ``judge(normalised)``
    returns ``(ok, feedback)``; ``solution``: the answer with its explanation
    (shown only when the teacher allows it); ``rules``: rule ids it practises;
    ``facts``: the position behind it (hand, trick, score lines…) for
    teachers and tests.
    """

    qid: str
    title: str
    prompt: list[str]
    kind: str
    key: Any
    judge: Callable[[Any], tuple[bool, str]]
    solution: str
    rules: tuple[str, ...] = ()
    answer_help: str = ""
    facts: dict = field(default_factory=dict)


@dataclass
class CheckResult:
    """The outcome of one check.  ``status``: "correct", "wrong", "invalid"
    (not understood: wrong type, not a card…), "empty" (still None) or
    "unknown" (no such question).  ``message``: what the student sees."""

    qid: str
    status: str
    message: str

    @property
    def ok(self) -> bool:
        return self.status == "correct"

    @property
    def symbol(self) -> str:
        return {"correct": "✓", "wrong": "✗", "invalid": "⚠", "empty": "…", "unknown": "⚠"}[self.status]

    def text(self) -> str:
        return f"{self.symbol} {self.qid}: {self.message}"

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        bg, fg = {"correct": ("#e8f5e9", "#1b5e20"), "wrong": ("#fdecea", "#8a1c1c"),
                  "invalid": ("#fff4e5", "#7a4100"), "empty": ("#eef1f5", "#37474f"),
                  "unknown": ("#fff4e5", "#7a4100")}[self.status]
        return (f'<div class="tt-check tt-{self.status}" role="status" '
                f'style="background:{bg};color:{fg};padding:8px 12px;border-radius:6px;'
                f'font-size:15px;line-height:1.45;margin:4px 0">'
                f'<b aria-hidden="true">{self.symbol}</b> {_cards_html(self.message)}</div>')


class _Shown:
    """A rendered question: HTML for notebooks, plain text for consoles."""

    def __init__(self, q: Question):
        self.q = q

    def __repr__(self) -> str:
        lines = [f"{self.q.qid.upper()}. {self.q.title}", *self.q.prompt]
        if self.q.answer_help:
            lines.append(self.q.answer_help)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(f"<p style='margin:3px 0'>{_cards_html(line)}</p>" for line in self.q.prompt)
        helptext = (f"<p style='margin:6px 0 0;opacity:.75'><i>{_cards_html(self.q.answer_help)}</i></p>"
                    if self.q.answer_help else "")
        return (f'<div class="tt-question" style="border-left:4px solid #1a3e72;padding:6px 12px;'
                f'font-size:15px;line-height:1.45"><b>{html.escape(self.q.qid.upper())}. '
                f'{html.escape(self.q.title)}</b>{body}{helptext}</div>')


def _cards_html(text: str) -> str:
    """Escape ``text`` and colour red-suit symbols."""
    esc = html.escape(text)
    return re.sub(r"((?:10|[2-9JQKA])?[♥♦])", r'<span style="color:#c62828">\1</span>', esc)


def _emit(obj: Any) -> None:
    """Display through IPython when a kernel/shell is running, else print."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython is in the app extra
        print(repr(obj))
        return
    if get_ipython() is None:
        print(repr(obj))
    else:
        display(obj)


class Exercise:
    """One exercise notebook's questions for one student.

    ``Exercise.load(name, student, settings)``: ``name`` is one of
    :data:`tutor.exercises.EXERCISES` (e.g. ``"ex1_legal_cards"``),
    ``student`` any id string, ``settings`` see :data:`DEFAULT_SETTINGS`.
    """

    def __init__(self, name: str, student: str, settings: dict | None = None):
        from .questions import EXERCISES
        if name not in EXERCISES:
            raise ValueError(f"no exercise {name!r}: choose one of {', '.join(EXERCISES)}")
        if not isinstance(student, str) or not student.strip():
            raise ValueError("student must be a non-empty id string")
        self.name = name
        self.student = student
        self.settings = normalise_settings(settings)
        spec = EXERCISES[name]
        self.title = spec.title
        self.questions: dict[str, Question] = {}
        for i, gen in enumerate(spec.generators, start=1):
            qid = f"q{i}"
            q = gen(Rng(question_seed(name, qid, student)), self.settings)
            q.qid = qid
            self.questions[qid] = q

    @classmethod
    def load(cls, name: str, student: str = "practice", settings: dict | None = None, **overrides) -> "Exercise":
        """The exercise ``name`` for ``student`` (keyword overrides such as
        ``reveal_answers=True`` are merged into ``settings``)."""
        merged = dict(settings or {})
        merged.update(overrides)
        return cls(name, student, merged)

    @property
    def qids(self) -> list[str]:
        return list(self.questions)

    def key(self) -> dict[str, Any]:
        """``{qid: expected answer literal}`` (the answer key)."""
        return {qid: q.key for qid, q in self.questions.items()}

    def question(self, qid: str) -> Question:
        if qid not in self.questions:
            raise KeyError(qid)
        return self.questions[qid]

    def show(self, qid: str) -> None:
        """Display question ``qid`` (HTML in notebooks, text elsewhere)."""
        if qid not in self.questions:
            _emit(CheckResult(qid, "unknown", f"There is no question {qid!r} here; "
                                              f"the questions are {', '.join(self.questions)}."))
            return
        _emit(_Shown(self.questions[qid]))

    def evaluate(self, qid: str, answer: Any) -> CheckResult:
        """Check ``answer`` for ``qid`` without displaying anything."""
        q = self.questions.get(qid)
        if q is None:
            return CheckResult(qid, "unknown", f"There is no question {qid!r} here; "
                                                f"the questions are {', '.join(self.questions)}.")
        if answer is None or answer is Ellipsis:
            return CheckResult(qid, "empty", "No answer yet: replace None in the answer cell with your answer, "
                                             "run that cell, then run this one.")
        try:
            value = parse_answer(q.kind, answer)
        except AnswerError as e:
            return CheckResult(qid, "invalid", str(e))
        try:
            ok, feedback = q.judge(value)
        except AnswerError as e:
            return CheckResult(qid, "invalid", str(e))
        if ok:
            return CheckResult(qid, "correct", feedback)
        if self.settings["reveal_answers"]:
            feedback += f" Answer: {q.solution}"
        return CheckResult(qid, "wrong", feedback)

    def check(self, qid: str, answer: Any) -> None:
        """Check ``answer`` and show ✓ or ✗ with a hint (never raises for a
        student's answer)."""
        try:
            result = self.evaluate(qid, answer)
        except Exception as e:  # noqa: BLE001 - a bug must not look like the student's fault
            result = CheckResult(qid, "invalid", f"The checker could not read this answer ({type(e).__name__}); "
                                                 f"please tell your teacher.")
        _emit(result)

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, student={self.student!r}, {len(self.questions)} questions)"
