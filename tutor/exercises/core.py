"""The teacher's side of the exercises: seeds, generated questions, evaluation.

A student's questions are built from a seed derived from the exercise name,
the question id and the student id keyed with the class secret
(:func:`question_seed`, HMAC-SHA256), so the same id always gives the same
deals, two ids give different ones, and nobody without the teacher's secret
can regenerate anyone's set.  In a class set each student also has a
variant index fixed by ``make`` (kept in the teacher folder): a question
that spreads a class over a few outcomes (ex6's target estimate) takes the
outcome at that index in a class-level order (:meth:`Rng.spread_pick`), so
a class is spread evenly instead of by chance.  Every expected answer is computed by the engine
(see :mod:`tutor.exercises.questions`).

:class:`Exercise` holds the answers: it is for the teacher and the grader
(``Exercise(name, student, settings, secret, variant).evaluate(qid, answer)``;
:func:`answer_key` lists the expected answers).  A student's notebook never
builds one: it carries its questions as sealed data
(:mod:`tutor.exercises.student`): in a practice set with salted hashes of
the accepted answers (its check says right or wrong), in a test set
(``settings["mode"] == "test"``) with nothing derived from an accepted
answer (its check says only how an answer was read).  Only the shipped
practice sets (student ``"practice"``) need no secret.

Output goes through ``IPython.display`` (an object with ``_repr_html_`` and a
plain-text ``__repr__``), so it looks the same in JupyterLab, Notebook 7,
Voila and Binder; outside IPython it is printed.
"""
from __future__ import annotations

import hashlib
import hmac
import html
import json
from dataclasses import dataclass
from typing import Any, Iterable, Union

from engine.message import Msg
from tutor.games import KITS, TutorKit
from tutor.text import M_, get_language

from .answers import ITEM_KINDS, NOBODY, TIE, AnswerError, canonical, canonical_item, parse_answer
from .kit import Question, Rng
from .questions import EXERCISES
from .status import Status
from .words import DEFAULT_LANGUAGE, Sentence, Words, exercise_languages, hand_codes, html_of, say, text_of

__all__ = [
    "AnswerError", "Question", "CheckResult", "Exercise", "answer_key",
    "question_seed", "Rng", "parse_answer", "DEFAULT_SETTINGS", "normalise_settings", "PRACTICE_STUDENT",
    "NOBODY", "TIE", "judge_with_book", "MODES", "LANG", "settings_language", "setting_shown", "read_as", "emit", "empty_or_unknown", "no_question", "READ_AS", "CHECK_TEXT", "Shown", "PlainBook",
]

#: The student id of the shipped practice notebooks (the only set made without a secret).
PRACTICE_STUDENT = "practice"

#: Teacher settings baked into each notebook (and DIR/exercise_settings.json).
#: ``oh_hell`` (a section per game with exercise rule switches, :data:`RULE_KITS`): OhHellRules switches for the Oh Hell scoring questions
#: (``tricks_always_count`` OH-V7, ``nil_pays_hand_size`` OH-V8);
#: ``estimator``: "auto" (the bid advisor if installed, else the simple count),
#: "advisor" or "count" (exercise 6); ``mode``: "practice" (the notebook's
#: check says right or wrong) or "test" (it says only how the answer was
#: read and whether it will be graded; the notebook holds nothing derived
#: from an accepted answer).  The mode never changes a student's questions.
#: ``lang`` (not a default: see :data:`LANG`): the language the notebook is
#: written in and its check replies in; it never changes a question's facts.
#: The kits whose game's rule switches the settings take (:attr:`~tutor.games.TutorKit.exercise_rules`), by
#: the settings section holding them: the game's name in its spec.
RULE_KITS: dict[str, TutorKit] = {kit.spec.name: kit for kit in KITS if kit.exercise_rules}
DEFAULT_SETTINGS: dict[str, Any] = {
    **{name: dict.fromkeys(kit.exercise_rules, False) for name, kit in RULE_KITS.items()},
    "estimator": "auto",
    "mode": "practice",
}
#: The two modes a teacher chooses between at ``make`` (see ``DEFAULT_SETTINGS``).
MODES = ("practice", "test")
#: The setting naming a set's language (one of :func:`~tutor.exercises.words.exercise_languages`).  It is
#: kept only when it is not :data:`~tutor.exercises.words.DEFAULT_LANGUAGE`: an English set's settings (and so
#: its notebooks, their signatures and ``exercise_settings.json``) are what they were before languages came.
LANG = "lang"


def settings_language(settings: dict | None) -> str:
    """The language of (normalised or raw) exercise ``settings``: its ``lang``, else English."""
    lang = (settings or {}).get(LANG)
    return lang if isinstance(lang, str) and lang else DEFAULT_LANGUAGE


def setting_shown(settings: dict, key: str) -> Any:
    """A setting as the teacher chose it, for a message comparing two sets of settings (English is the
    absence of ``lang``: shown as "en", not None)."""
    return settings_language(settings) if key == LANG else settings.get(key)


#: Why exercise settings are refused (make's options, a settings file grade reads), in the current language.
_SETTING_ERRORS = {
    # TRANSLATORS: the exercise settings (a settings file's entry for one exercise) are not a JSON object.
    "not_object": M_("ex.settings.error.not_object", "the exercise settings must be an object (a dict)"),
    # TRANSLATORS: the settings' section {section} (a game's name, such as oh_hell: keep it) is not an object.
    "rules_not_object": M_("ex.settings.error.rules_not_object", "{section} must be an object of rule switches"),
    # TRANSLATORS: the settings name an option {option} of the game {game} that the exercises do not have; {known}
    # lists the options (keep them as they are).
    "unknown_rule": M_("ex.settings.error.unknown_rule", "unknown {game} option {option} for the exercises (known: "
                                                         "{known})"),
    # TRANSLATORS: the game {game}'s option {option} is set to {given}, not true or false (keep true and false).
    "rule_not_bool": M_("ex.settings.error.rule_not_bool", "{game} option {option} must be true or false, not "
                                                           "{given}"),
    # TRANSLATORS: the setting estimator is {given}; keep estimator, auto, advisor and count (the values).
    "estimator": M_("ex.settings.error.estimator", "estimator must be auto, advisor or count, not {given}"),
    # TRANSLATORS: the setting mode is {given}; keep mode, practice and test (the values).
    "mode": M_("ex.settings.error.mode", "mode must be practice or test, not {given}"),
    # TRANSLATORS: the setting lang is {given}; {known} lists the languages' codes; keep lang.
    "lang": M_("ex.settings.error.lang", "lang must be one of {known}, not {given}"),
    # TRANSLATORS: the settings have a setting {setting} that does not exist; {known} lists the settings (keep
    # them).
    "unknown": M_("ex.settings.error.unknown", "unknown exercise setting {setting} (known: {known})"),
}


def _setting_error(key: str, **params: Any) -> str:
    return text_of(say(_SETTING_ERRORS[key], **params))


#: Why an exercise's questions cannot be made for what a teacher asked (the Python side of ``make``:
#: :class:`Exercise`, :func:`question_seed`), in the current language.  A value only code can get wrong (a
#: secret or variant ``make`` and ``grade`` read and check first) is refused in English, said so where it is.
_EXERCISE_ERRORS = {
    # TRANSLATORS: the questions of the student {student} (an id, quoted) cannot be made without the class secret
    # (kept in the teacher folder); only the set of the student {practice} (quoted; keep it) is made without one.
    "needs_secret": M_("ex.error.needs_secret", "the questions of student {student} need the class secret (kept in "
                                                "the teacher folder); only the {practice} set is made without one"),
    # TRANSLATORS: there is no exercise {name} (quoted); {known} lists the exercises' names (keep them).
    "no_exercise": M_("ex.error.no_exercise", "no exercise {name}: choose one of {known}"),
    # TRANSLATORS: the student's id given to make the questions is empty (or not a text).
    "no_student": M_("ex.error.no_student", "the student's id must be a text that is not empty"),
}


def _exercise_error(key: str, **params: Any) -> str:
    return text_of(say(_EXERCISE_ERRORS[key], **params))


def normalise_settings(settings: dict | None) -> dict:
    """``DEFAULT_SETTINGS`` updated with ``settings``; raises ValueError for
    unknown keys or values of the wrong type.  ``lang`` is kept only for a
    language other than English (:data:`LANG`).

    ``reveal_answers`` (a switch of earlier versions that showed the answer
    after a wrong try) is accepted in old settings files and dropped: a
    student's notebook never shows an answer."""
    if settings is not None and not isinstance(settings, dict):
        raise ValueError(_setting_error("not_object"))
    out: dict = {k: dict(v) for k, v in DEFAULT_SETTINGS.items() if k in RULE_KITS}
    out["estimator"] = DEFAULT_SETTINGS["estimator"]
    out["mode"] = DEFAULT_SETTINGS["mode"]
    for k, v in (settings or {}).items():
        if k == "reveal_answers":
            continue
        elif k in RULE_KITS:  # a game's rule switches
            title = RULE_KITS[k].spec.title
            if not isinstance(v, dict):
                raise ValueError(_setting_error("rules_not_object", section=k))
            for opt, flag in v.items():
                if opt not in out[k]:
                    raise ValueError(_setting_error("unknown_rule", game=title, option=repr(opt), known=", ".join(out[k])))
                if not isinstance(flag, bool):
                    raise ValueError(_setting_error("rule_not_bool", game=title, option=opt, given=repr(flag)))
                out[k][opt] = flag
        elif k == "estimator":
            if v not in ("auto", "advisor", "count"):
                raise ValueError(_setting_error("estimator", given=repr(v)))
            out[k] = v
        elif k == "mode":
            if v not in MODES:
                raise ValueError(_setting_error("mode", given=repr(v)))
            out[k] = v
        elif k == LANG:
            known = exercise_languages()
            if v not in known:
                raise ValueError(_setting_error("lang", known=", ".join(known), given=repr(v)))
            if v != DEFAULT_LANGUAGE:  # English is the absence of the setting (see LANG)
                out[k] = v
        else:
            settings_known = ", ".join([*RULE_KITS, "estimator", "mode", LANG])
            raise ValueError(_setting_error("unknown", setting=repr(k), known=settings_known))
    return out


def question_seed(exercise: str, qid: str, student: str, secret: str | None = None) -> int:
    """A 64-bit seed for one student's question (stable across Python versions
    and machines, unlike ``hash()``).

    With the class ``secret`` (a str, e.g. ``secrets.token_hex(16)``):
    HMAC-SHA256(secret, ``"exercise|qid|student"``), first 8 bytes.  Without
    it (``secret=None``) only the practice set can be made: SHA-256 of
    ``"exercise/qid/practice"``.  Raises ValueError for another student
    without a secret, or a secret that is not a non-empty str."""
    if secret is None:
        if student != PRACTICE_STUDENT:
            raise ValueError(_exercise_error("needs_secret", student=repr(student), practice=repr(PRACTICE_STUDENT)))
        digest = hashlib.sha256(f"{exercise}/{qid}/{student}".encode("utf-8")).digest()
    else:
        if not isinstance(secret, str) or not secret:  # a bug in code: load_keys and make check a secret first
            raise ValueError("the class secret must be a non-empty string")
        digest = hmac.new(secret.encode("utf-8"), f"{exercise}|{qid}|{student}".encode("utf-8"),
                          hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def class_seed(exercise: str, qid: str, secret: str) -> int:
    """The seed shared by a whole class for one question: HMAC-SHA256(secret,
    ``"exercise|qid"``), first 8 bytes (see :meth:`Rng.spread_pick`)."""
    if not isinstance(secret, str) or not secret:  # a bug in code (see question_seed): English
        raise ValueError("the class secret must be a non-empty string")
    digest = hmac.new(secret.encode("utf-8"), f"{exercise}|{qid}".encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def _outside(outside: Words, shown: str) -> Words:
    """The feedback for an item outside the universe, naming it: a text's ``{item}`` filled, a sentence given
    ``item`` (unless it names one itself)."""
    if isinstance(outside, Msg):
        return outside if "item" in outside.args else Sentence(outside.id, {**outside.args, "item": shown})
    return outside.format(item=shown)


class PlainBook:
    """The book of a teacher-side question (plain dicts)."""

    def __init__(self, q: Question):
        self._q = q

    def accepts(self, canon: str) -> bool:
        return canon in (self._q.accepted or ())

    def note(self, canon: str) -> Words | None:
        return self._q.notes.get(canon)

    def item_note(self, item: str) -> Words | None:
        return self._q.item_notes.get(item)

    def note_rule(self, canon: str) -> str:
        return self._q.note_rules.get(canon, "")

    def item_rule(self, item: str) -> str:
        return self._q.item_rules.get(item, "")


def judge_with_book(kind: str, value: Any, book, generic: Words, universe: list[str] | None = None,
                    outside: Words = "", generic_rule: str = "", outside_rule: str = "") -> tuple[bool, Words, str]:
    """``(ok, feedback, rule)`` for a normalised answer, from a question's
    book (:class:`PlainBook` for the teacher, a sealed book in the student's
    notebook): the one judging rule both sides share, so the student's check
    and the grader cannot disagree.  ``rule``: the rule id the answer breaks
    (``""`` when right or none), from the book's data; a sealed book has no
    rule ids and gives ``""``.  The feedback is words as the book holds
    them: texts (a sealed book) or sentences as data (the teacher's book,
    written when shown, in the reader's language)."""
    canon = canonical(kind, value)
    if book.accepts(canon):
        return True, book.note(canon) or "Right.", ""
    if kind in ITEM_KINDS:
        items = sorted(value, key=lambda x: canonical_item(kind, x))
        for it in items:
            if universe is not None and canonical_item(kind, it) not in universe:
                shown = it.display if kind == "cards" else str(it)
                return False, _outside(outside, shown), outside_rule
        for it in items:
            m = book.item_note(canonical_item(kind, it))
            if m:
                return False, m, book.item_rule(canonical_item(kind, it))
        return False, generic, generic_rule
    m = book.note(canon)
    return (False, m, book.note_rule(canon)) if m else (False, generic, generic_rule)


#: One line of a check's reply: a sentence, or sentences side by side (joined by a space).
Line = Union[Words, tuple[Words, ...]]


@dataclass
class CheckResult:
    """The outcome of one check.  ``status`` (a :class:`~tutor.exercises.status.Status`): "correct", "wrong", "invalid"
    (not understood: wrong type, not a card…), "empty" (still None),
    "ungraded" (the grader will not give the mark as things stand: code
    instead of a value, not saved, file name…), "unsure" (this check cannot
    see the saved notebook, so it cannot tell what the grader will read),
    "received" (a test set: the answer was read and will be graded; right and
    wrong come after grading) or "unknown" (no such question, or the exercise
    is not loaded).  ``said``: what the student reads, as words
    (:data:`~tutor.exercises.words.Words`: a sentence as data, or a text
    already written in the notebook's language) or a tuple of lines, each a
    sentence or a tuple of sentences side by side; :attr:`message` writes it
    as plain text, the HTML view through :func:`~tutor.exercises.words.html_of`
    (program text as ``<code>``, red suits red: no sentence is rewritten).
    ``rule``: the rule id a wrong answer breaks, as data (teacher side;
    ``""`` otherwise).  ``ok`` (the mark) is True only for "correct"."""

    qid: str
    status: Status
    said: Words | tuple[Line, ...]
    rule: str = ""

    @property
    def lines(self) -> tuple[tuple[Words, ...], ...]:
        """:attr:`said` as lines of sentences."""
        said = self.said
        rows = said if isinstance(said, tuple) else (said,)
        return tuple(row if isinstance(row, tuple) else (row,) for row in rows)

    @property
    def message(self) -> str:
        """What the student reads, as plain text in the current language (lines joined by a newline)."""
        return "\n".join(" ".join(text_of(w) for w in row) for row in self.lines)

    @property
    def ok(self) -> bool:
        return self.status == Status.CORRECT

    @property
    def symbol(self) -> str:
        return _STATUS_LOOK[self.status][0]

    def text(self) -> str:
        return f"{self.symbol} {self.qid}: {self.message}"

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        _, bg, fg = _STATUS_LOOK[self.status]
        body = "<br>".join(" ".join(html_of(w) for w in row) for row in self.lines)
        return (f'<div class="tt-check tt-{self.status}" role="status" '
                f'style="background:{bg};color:{fg};padding:8px 12px;border-radius:6px;'
                f'font-size:15px;line-height:1.45;margin:4px 0;white-space:pre-line">'
                f'<b aria-hidden="true">{self.symbol}</b> {body}</div>')


#: status → (symbol, background, text colour).  Only "correct" shows ✓.
_STATUS_LOOK = {
    "correct": ("✓", "#e8f5e9", "#1b5e20"), "wrong": ("✗", "#fdecea", "#8a1c1c"),
    "invalid": ("⚠", "#fff4e5", "#7a4100"), "empty": ("…", "#eef1f5", "#37474f"),
    "unknown": ("⚠", "#fff4e5", "#7a4100"), "ungraded": ("⚠", "#fff4e5", "#7a4100"),
    "unsure": ("?", "#fff4e5", "#7a4100"), "received": ("✎", "#e8eef8", "#1a3e72"),
}


#: "Your answer reads as …": one whole sentence per kind of answer (named placeholders).
READ_AS = {
    # TRANSLATORS: a test set's check says how an answer was read: {card_list} the cards ("A♠, 10♥, 4♥").
    "cards": M_("ex.read.cards", "Your answer reads as these cards: {card_list}."),
    # TRANSLATORS: as above, for an empty list of cards.
    "cards_none": M_("ex.read.cards_none", "Your answer reads as no cards at all."),
    # TRANSLATORS: as above, for one card {card} (Q♥).
    "card": M_("ex.read.card", "Your answer reads as the card {card}."),
    # TRANSLATORS: as above, for a seat {seat} (North).
    "seat": M_("ex.read.seat", "Your answer reads as the seat {seat}."),
    # TRANSLATORS: as above, for a partnership {side} (North–South).
    "side": M_("ex.read.side", "Your answer reads as the side {side}."),
    # TRANSLATORS: as above, for the answer "nobody" (no side has won the game yet).
    "side_nobody": M_("ex.read.side_nobody", "Your answer reads as “nobody has won yet”."),
    # TRANSLATORS: as above, for the answer "tie".
    "side_tie": M_("ex.read.side_tie", "Your answer reads as “a tie”."),
    # TRANSLATORS: as above, for a whole number {number}.
    "int": M_("ex.read.int", "Your answer reads as the number {number}."),
    # TRANSLATORS: as above, for a list of bids {numbers} ("0, 1, 3").
    "ints": M_("ex.read.ints", "Your answer reads as these bids: {numbers}."),
    # TRANSLATORS: as above, for an empty list of bids.
    "ints_none": M_("ex.read.ints_none", "Your answer reads as no bids at all."),
}
#: What a check says before it can judge an answer.
CHECK_TEXT = {
    # TRANSLATORS: a check or show cell names a question that is not in the notebook: {qid} ('q9', in quotes),
    # {qids} the questions there (q1, q2, …).
    "no_question": M_("ex.check.no_question", "There is no question {qid} here; the questions are {qids}."),
    # TRANSLATORS: the answer cell still holds None; keep "None" (Python).
    "no_answer": M_("ex.check.no_answer", "No answer yet: replace None in the answer cell with your answer, run that "
                                          "cell, then run this one."),
}


def read_as(kind: str, value: Any) -> str:
    """The sentence saying how a normalised answer (output of
    :func:`parse_answer` for ``kind``) was read, in the current language: it
    names the form only, so it is the same whether the answer is right or
    wrong."""
    if kind == "cards":
        if not value:
            return text_of(READ_AS["cards_none"])
        return text_of(say(READ_AS["cards"], card_list=hand_codes(value)))
    if kind == "card":
        return text_of(say(READ_AS["card"], card=value.code))
    if kind == "seat":
        return text_of(say(READ_AS["seat"], seat=value))
    if kind == "side":
        if value == NOBODY:
            return text_of(READ_AS["side_nobody"])
        if value == TIE:
            return text_of(READ_AS["side_tie"])
        return text_of(say(READ_AS["side"], side=value))
    if kind == "ints":
        if not value:
            return text_of(READ_AS["ints_none"])
        return text_of(say(READ_AS["ints"], numbers=sorted(value)))
    return text_of(say(READ_AS["int"], number=int(value)))


class Shown:
    """A question as shown: HTML for notebooks, plain text for consoles.
    ``title``, the ``prompt`` lines and ``answer_help`` are
    :data:`~tutor.exercises.words.Words` (a sealed notebook's are texts
    already written in its language)."""

    def __init__(self, qid: str, title: Words, prompt: Iterable[Words], answer_help: Words):
        self._parts = (qid, title, list(prompt), answer_help)

    def __repr__(self) -> str:
        qid, title, prompt, answer_help = self._parts
        lines = [f"{qid.upper()}. {text_of(title)}", *(text_of(line) for line in prompt)]
        help_text = text_of(answer_help)
        if help_text:
            lines.append(help_text)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        qid, title, prompt, answer_help = self._parts
        body = "".join(f"<p style='margin:3px 0'>{html_of(line)}</p>" for line in prompt)
        help_html = html_of(answer_help)
        helptext = f"<p style='margin:6px 0 0;opacity:.75'><i>{help_html}</i></p>" if help_html else ""
        return (f'<div class="tt-question" style="border-left:4px solid #1a3e72;padding:6px 12px;'
                f'font-size:15px;line-height:1.45"><b>{html.escape(qid.upper())}. '
                f'{html_of(title)}</b>{body}{helptext}</div>')


def emit(obj: Any) -> None:
    """Display through IPython when a kernel/shell is running, else print."""
    try:
        from IPython import get_ipython  # noqa: PLC0415 - IPython (the app extra) only in a notebook
        from IPython.display import display  # noqa: PLC0415 - as above
    except ImportError:  # pragma: no cover - IPython is in the app extra
        print(repr(obj))
        return
    if get_ipython() is None:
        print(repr(obj))
    else:
        display(obj)


def no_question(qid: str, qids: Iterable[str]) -> CheckResult:
    """The check's reply for a question ``qid`` that is not among ``qids``."""
    return CheckResult(qid, Status.UNKNOWN, say(CHECK_TEXT["no_question"], qid=repr(qid), qids=", ".join(qids)))


def empty_or_unknown(qid: str, answer: Any, qids) -> CheckResult | None:
    if qid not in qids:
        return no_question(qid, qids)
    if answer is None or answer is Ellipsis:
        return CheckResult(qid, Status.EMPTY, CHECK_TEXT["no_answer"])
    return None


#: Recently made question sets (``make`` builds each student's set twice: the
#: notebook and the key), keyed by exercise, settings and seeds.
MADE: dict[tuple, dict[str, Question]] = {}
MADE_MAX = 64


class Exercise:
    """One exercise's questions for one student, with the answers: for the
    teacher and the grader, never for a student's kernel.

    ``Exercise(name, student, settings=None, secret=None, variant=None)``: ``name`` is one
    of :data:`tutor.exercises.EXERCISES` (e.g. ``"ex1_legal_cards"``),
    ``student`` any id string, ``settings`` see :data:`DEFAULT_SETTINGS`,
    ``secret`` the class secret (see :func:`question_seed`; only the
    ``"practice"`` student may omit it), ``variant`` the student's index in
    the class (an int >= 0 fixed by ``make`` and kept in the teacher folder;
    questions that spread a class over a few outcomes, such as ex6's target
    estimate, take outcome ``(variant + offset) % n`` of a class-level
    permutation, see :meth:`Rng.spread_pick`; None: a random draw per
    student).  Raises ValueError for an unknown exercise, an empty id, bad
    settings, a missing secret or a variant that is not an int >= 0 (or is
    given without a secret).
    """

    def __init__(self, name: str, student: str, settings: dict | None = None, secret: str | None = None,
                 variant: int | None = None):
        if name not in EXERCISES:
            raise ValueError(_exercise_error("no_exercise", name=repr(name), known=", ".join(EXERCISES)))
        if not isinstance(student, str) or not student.strip():
            raise ValueError(_exercise_error("no_student"))
        self.name = name
        self.student = student
        self.settings = normalise_settings(settings)
        spec = EXERCISES[name]
        self.title = text_of(spec.title)
        if variant is not None:
            # a bug in code, in English: make fixes the variants, read_variants checks the file grade reads
            if isinstance(variant, bool) or not isinstance(variant, int) or variant < 0:
                raise ValueError(f"variant must be an int >= 0 or None, not {variant!r}")
            if secret is None:
                raise ValueError("a class variant needs the class secret")
        self.variant = variant
        seeds = {f"q{i}": question_seed(name, f"q{i}", student, secret)
                 for i in range(1, len(spec.generators) + 1)}
        spreads = {qid: None if variant is None or secret is None else (class_seed(name, qid, secret), variant)
                   for qid in seeds}
        lang = get_language()
        cache_key = (name, json.dumps(self.settings, sort_keys=True), tuple(seeds.values()), variant, lang)
        cached = MADE.get(cache_key)
        if cached is None:
            cached = {}
            for i, gen in enumerate(spec.generators, start=1):
                qid = f"q{i}"
                rng = Rng(seeds[qid])
                rng.spread = spreads[qid]
                q = gen(rng, self.settings)
                q.qid = qid
                q.title = spec.titles[i - 1]
                q.finish(lang)
                cached[qid] = q
            MADE[cache_key] = cached
            while len(MADE) > MADE_MAX:
                MADE.pop(next(iter(MADE)))
        self.questions: dict[str, Question] = dict(cached)

    @classmethod
    def load(cls, name: str, student: str = PRACTICE_STUDENT, settings: dict | None = None,
             secret: str | None = None, variant: int | None = None, **overrides) -> "Exercise":
        """The exercise ``name`` for ``student`` (keyword overrides such as
        ``estimator="count"`` are merged into ``settings``)."""
        merged = dict(settings or {})
        merged.update(overrides)
        return cls(name, student, merged, secret=secret, variant=variant)

    @property
    def qids(self) -> list[str]:
        return list(self.questions)

    def question(self, qid: str) -> Question:
        if qid not in self.questions:
            raise KeyError(qid)
        return self.questions[qid]

    def show(self, qid: str) -> None:
        """Display question ``qid`` (HTML in notebooks, text elsewhere)."""
        if qid not in self.questions:
            emit(no_question(qid, self.questions))
            return
        q = self.questions[qid]
        emit(Shown(q.qid, q.title, q.prompt, q.answer_help))

    def evaluate(self, qid: str, answer: Any) -> CheckResult:
        """Check ``answer`` (a literal as typed) for ``qid`` without displaying
        anything; ``.ok`` is the mark."""
        early = empty_or_unknown(qid, answer, self.qids)
        if early is not None:
            return early
        q = self.questions[qid]
        try:
            value = parse_answer(q.kind, answer)
        except AnswerError as e:
            return CheckResult(qid, Status.INVALID, e.msg)
        ok, feedback, rule = judge_with_book(q.kind, value, PlainBook(q), q.generic or "", q.universe,
                                             q.outside, q.generic_rule or "", q.outside_rule)
        return CheckResult(qid, Status.CORRECT if ok else Status.WRONG, feedback, rule)

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, student={self.student!r}, {len(self.questions)} questions)"


def answer_key(exercise: Exercise) -> dict[str, Any]:
    """``{qid: expected answer literal}`` of a teacher-side :class:`Exercise`
    (what ``answer_keys/`` and key notebooks hold).  A student's notebook has
    no Exercise, so this cannot reach its answers."""
    return {qid: q.key for qid, q in exercise.questions.items()}
