"""Exercises in the tutor's languages (issue 27): ``make --lang so`` writes a
class set whose notebooks, sealed feedback and check replies are in Somali
(or Hausa, Cebuano); the questions' facts, the answer keys, the marks and the
teacher's files never depend on the language; answers are read the same in
every notebook (a card in any language's words, a number in ASCII digits).

Rule ids: SP-13, SP-16 (the questions checked: legal cards, trick winners).
"""
from __future__ import annotations

import argparse
import base64
import gettext
import html
import json
import re
import shutil
import zlib
from pathlib import Path

import pytest

from _classkit import fill, keys_of, load_nb, make_set, save_nb
from engine import DECK
from engine.message import Msg
from engine.text import card_name, known_languages, translate
from engine.text.lang import translations
from engine.text.words import RANK_NOUNS, RANKS, SEAT_WORDS, SIDE_WORDS, SUIT_NOUNS, SUIT_SINGULAR, SUIT_SYMBOLS
from tutor.cli import main
from tutor.exercises import EXERCISES, Exercise, answer_key
from tutor.exercises.answers import (NOBODY, OUTCOME_WORDS, RANK_WORDS, TIE, AnswerError, answer_words, canonical,
                                    parse_answer, word_key)
from tutor.exercises.classset import README_TEXT, README_WIDTH, readme_text
from tutor.exercises.core import normalise_settings
from tutor.exercises.classset import _SAY as MAKE_SAY
from tutor.cli_parser import _WORDS as CLI_WORDS
from tutor.exercises.cli import _HELP, add_exercise_commands, rules_help
from tutor.exercises.core import RULE_KITS
from tutor.exercises.collect import _SAY as COLLECT_SAY
from tutor.exercises.grading import _CELL as CELL_TEXT
from tutor.exercises.grading import _NOTES, _SUMMARY, GradedAnswer, analyse_cell, grade_class, load_keys
from tutor.exercises.status import Status
from tutor.exercises.words import text_of
from tutor.exercises.grading import _SUMMARY as GRADE_SUMMARY
from tutor.exercises.notebooks import NB_TEXT, build_notebook, notebook_text
from tutor.exercises.report import FEEDBACK_TEXT, feedback_html, write_report
from tutor.exercises.report import TEXT as REPORT_TEXT
from tutor.exercises.student import graded_check, load_sealed
from tutor.exercises.words import exercise_languages
from engine.text import add_translation
from tutor.text import get_language, language, say, set_language

SECRET = "0123456789abcdef0123456789abcdef"
OTHER_LANGUAGES = ("so", "ha", "ceb")


@pytest.fixture(autouse=True)
def _english_after():
    """load_sealed makes the process speak the notebook's language (as a student's kernel): undo it."""
    yield
    set_language("en")


@pytest.fixture
def marked_somali():
    """The Somali tutor catalogue, with every entry it does not translate yet marked «…»: what a notebook
    says then comes visibly from the Somali catalogue (translated or not), never from English text."""
    real = translations("so", "tutor")

    class Marked(gettext.NullTranslations):
        def pgettext(self, context, message):
            out = real.pgettext(context, message)
            return f"«{out}»" if out == message else out

        def npgettext(self, context, singular, plural, n):
            out = real.npgettext(context, singular, plural, n)
            return f"«{out}»" if out in (singular, plural) else out

    add_translation("so", Marked(), domain="tutor")
    yield
    add_translation("so", real, domain="tutor")


def _sealed(nb) -> dict:
    src = nb["cells"][1]["source"]
    src = src if isinstance(src, str) else "".join(src)
    text = re.search(r"load_sealed\('([^']+)'\)", src).group(1)
    return json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))


def _setup_text(nb) -> str:
    src = nb["cells"][1]["source"]
    src = src if isinstance(src, str) else "".join(src)
    return re.search(r"load_sealed\('([^']+)'\)", src).group(1)


def _data(words):
    """A question's line as data (message id and placeholder values), the same in every language."""
    if isinstance(words, Msg):
        return (words.id, {k: _data(v) for k, v in sorted(words.args.items())})
    if isinstance(words, (list, tuple)):
        return [_data(w) for w in words]
    return words


def _candidates(q) -> list:
    """Answer literals to mark: the key, and right and wrong forms of the question's kind."""
    key = q.key
    if q.kind == "cards":
        return [key, [], key[:1], *[[c] for c in q.universe or []], ["1H"]]
    if q.kind == "card":
        return [key, *[c.code for c in DECK], card_name(parse_answer("card", key).code, "so"), "QN"]
    if q.kind == "seat":
        return [key, 0, 1, 2, 3, "North", "Bari", "nowhere"]
    if q.kind == "side":
        return [key, "NS", "EW", "nobody", "tie", "Waqooyi–Koonfur", "none"]
    if q.kind == "ints":
        return [key, [0], [1, 2], list(range(14)), ["x"]]
    return [key, key + 1 if isinstance(key, int) else key, -40, 0, "52", "fifty"]


# ---------------------------------------------------------------- the setting
def test_the_languages_are_the_tutors_catalogues_and_english_is_no_setting():
    assert exercise_languages() == known_languages("tutor")
    assert {"en", "so", "ha", "ceb"} <= set(exercise_languages())
    english = normalise_settings({})
    assert normalise_settings({"lang": "en"}) == english and "lang" not in english
    assert normalise_settings({"lang": "so"}) == dict(english, lang="so")
    with pytest.raises(ValueError, match="lang must be one of"):
        normalise_settings({"lang": "xx"})


def test_an_english_notebook_is_what_it_was_before_languages():
    """The language enters no seed and no settings of an English set: the committed practice notebooks (made
    before ``--lang``) are rebuilt byte for byte, with --lang en or without it."""
    for name in EXERCISES:
        committed = (Path(__file__).parent.parent / "exercises" / f"{name}.ipynb").read_text(encoding="utf-8")
        assert notebook_text(build_notebook(name)) == committed
        assert notebook_text(build_notebook(name, settings={"lang": "en"})) == committed


# ------------------------------------------------------- facts never change
@pytest.mark.parametrize("mode", ["practice", "test"])
@pytest.mark.parametrize("name", list(EXERCISES))
def test_the_questions_facts_keys_and_marks_are_the_same_in_every_language(name, mode):
    settings = {"estimator": "count", "mode": mode}
    english = Exercise(name, "amina", settings, secret=SECRET, variant=3)
    for lang in OTHER_LANGUAGES:
        with language(lang):
            other = Exercise(name, "amina", dict(settings, lang=lang), secret=SECRET, variant=3)
        assert answer_key(other) == answer_key(english)
        for qid, q in english.questions.items():
            o = other.questions[qid]
            assert (_data(o.lines), o.facts, o.kind, o.rules, o.accepted, o.universe) == \
                   (_data(q.lines), q.facts, q.kind, q.rules, q.accepted, q.universe), (lang, qid)
            assert sorted(o.notes) == sorted(q.notes) and sorted(o.item_notes) == sorted(q.item_notes)
            for literal in _candidates(q):
                en_result = english.evaluate(qid, literal)
                with language(lang):
                    other_result = other.evaluate(qid, literal)
                assert (other_result.ok, other_result.status, other_result.rule) == \
                       (en_result.ok, en_result.status, en_result.rule), (lang, qid, literal)
    # the notebooks: same questions (kinds, rules), same answer cells, settings differing only by lang
    en_nb = build_notebook(name, "amina", settings, secret=SECRET, variant=3)
    so_nb = build_notebook(name, "amina", dict(settings, lang="so"), secret=SECRET, variant=3)
    assert [c["id"] for c in en_nb.cells] == [c["id"] for c in so_nb.cells]
    assert [c["source"] for c in en_nb.cells if "answer" in c["metadata"].get("tags", [])] == \
           [c["source"] for c in so_nb.cells if "answer" in c["metadata"].get("tags", [])]
    en_sealed, so_sealed = _sealed(en_nb), _sealed(so_nb)
    assert so_sealed["settings"] == dict(en_sealed["settings"], lang="so")
    assert {q: (d["kind"], d["rules"]) for q, d in so_sealed["questions"].items()} == \
           {q: (d["kind"], d["rules"]) for q, d in en_sealed["questions"].items()}
    if mode == "practice":  # the same accepted-answer tags: the same salted hashes of the same answers
        assert {q: d["accept"] for q, d in so_sealed["questions"].items()} == \
               {q: d["accept"] for q, d in en_sealed["questions"].items()}


def test_a_set_remade_in_somali_grades_the_same_answers_exactly_as_in_english(tmp_path, capsys):
    """One class, one secret: the English set and the same set remade with --lang so (--force, nothing handed
    in yet) give the same keys, and the same hand-ins (right, wrong, unreadable) the same grades files."""
    names = ["ex1_legal_cards", "ex2_trick_winner", "ex4_bags_and_game_end"]
    out, keys = make_set(tmp_path, ["ann", "bo"], names, "--mode", "test")
    assert '"lang"' not in (keys / "exercise_settings.json").read_text()
    en_keys = {(sid, n): keys_of(keys, n, sid) for sid in ("ann", "bo") for n in names}
    answers = {}
    for (sid, n), key in en_keys.items():
        wrong = dict(key, q1="1H" if isinstance(key["q1"], str) else 99, q2=None)
        answers[(sid, n)] = key if sid == "ann" else wrong

    def hand_in_all(folder):
        for (sid, n), literal in answers.items():
            path = folder / sid / f"{n}.ipynb"
            save_nb(fill(load_nb(path), literal), path)
        return grade_class(folder, keys)

    english_folder = tmp_path / "handed-in-en"
    shutil.copytree(out, english_folder)
    english = hand_in_all(english_folder)
    english.write_csv(tmp_path / "en.csv"), english.write_lms_csv(tmp_path / "en-lms.csv")
    # another --lang is a settings change: refused, then --force while nobody has touched the notebooks
    roster = tmp_path / "class-roster.csv"
    args = ["exercises", "make", "--roster", str(roster), "--out", str(out), "--exercises", ",".join(names),
            "--estimator", "count", "--lang", "so"]
    assert main(args) == 2
    assert "lang was 'en', now 'so'" in capsys.readouterr().err
    assert main(args + ["--force"]) == 0
    assert "Remade 6 untouched notebooks" in capsys.readouterr().out
    assert load_nb(out / "ann" / "ex1_legal_cards.ipynb")["metadata"]["tricktutor"]["settings"]["lang"] == "so"
    assert {(sid, n): keys_of(keys, n, sid) for sid in ("ann", "bo") for n in names} == en_keys
    somali = hand_in_all(out)
    somali.write_csv(tmp_path / "so.csv"), somali.write_lms_csv(tmp_path / "so-lms.csv")
    assert (tmp_path / "so.csv").read_bytes() == (tmp_path / "en.csv").read_bytes()
    assert (tmp_path / "so-lms.csv").read_bytes() == (tmp_path / "en-lms.csv").read_bytes()
    assert [r["total"] for r in somali.rows] == [sum(len(en_keys[("ann", n)]) for n in names),
                                                 sum(len(en_keys[("bo", n)]) - 2 for n in names)]
    # the teacher's words stay English; each answer also carries the checker's words in Somali, for the student
    assert [(a.column, a.status, a.written, a.message, a.rule, a.mark) for a in somali.answers] == \
           [(a.column, a.status, a.written, a.message, a.rule, a.mark) for a in english.answers]
    assert all(a.feedback == "" for a in english.answers)
    k = load_keys(keys)
    with language("so"):
        teacher = Exercise("ex2_trick_winner", "bo", k.exercises["ex2_trick_winner"], secret=k.secret,
                           variant=k.variants["bo"])
        expected = teacher.evaluate("q1", "1H").message
    a = next(a for a in somali.answers if a.student == "bo" and a.column == "ex2_trick_winner:q1")
    assert a.status == "invalid" and a.feedback == expected and expected


# ---------------------------------------------------- a Somali class set
def test_a_somali_class_set_speaks_somali_and_reads_answers_the_same(tmp_path, marked_somali):
    out, keys = make_set(tmp_path, ["ann", "bo"], ["ex2_trick_winner"], "--lang", "so")
    en_out, _ = make_set(tmp_path, ["ann", "bo"], ["ex2_trick_winner"], out_name="english")
    k = load_keys(keys)
    nb = load_nb(out / "ann" / "ex2_trick_winner.ipynb")
    assert nb["metadata"]["tricktutor"]["settings"]["lang"] == "so"
    with language("so"):
        teacher = Exercise("ex2_trick_winner", "ann", k.exercises["ex2_trick_winner"], secret=k.secret,
                           variant=k.variants["ann"])
        heading = say(NB_TEXT["question"], number=1, title=teacher.questions["q1"].title)
        how = say(NB_TEXT["how_practice"])
    # the notebook's text is the Somali catalogue's rendering (marked where not translated yet)
    cells = {c["id"]: "".join(c["source"]) for c in nb["cells"]}
    with language("en"):
        english_heading = say(NB_TEXT["question"], number=1, title=Exercise(
            "ex2_trick_winner", "ann", {}, secret=k.secret, variant=k.variants["ann"]).questions["q1"].title)
    assert cells["q1-text"] == heading and heading != english_heading
    assert how in cells["intro"]
    en_cells = {c["id"]: "".join(c["source"]) for c in load_nb(en_out / "ann" / "ex2_trick_winner.ipynb")["cells"]}
    assert cells["q1-text"] != en_cells["q1-text"]
    sealed = _sealed(nb)
    for qid, q in teacher.questions.items():
        assert sealed["questions"][qid]["prompt"] == q.prompt
        assert sealed["questions"][qid]["title"] == q.title and sealed["questions"][qid]["help"] == q.answer_help
    assert any(re.search(r"Waqooyi|Bari|Koonfur|Galbeed", line) for line in sealed["questions"]["q1"]["prompt"])
    # the student's kernel: the setup cell makes it speak Somali; the checks reply in Somali
    ex = load_sealed(_setup_text(nb))
    assert get_language() == "so"
    key = parse_answer("card", keys_of(keys, "ex2_trick_winner", "ann")["q1"])
    wrong_card = next(c for c in DECK if c != key)
    saved = {"name": "ex2_trick_winner.ipynb", "status": "value", "owner": ("ex2_trick_winner", "ann")}
    wrong = graded_check(ex, "q1", wrong_card.code, f"answer_q1 = {wrong_card.code!r}",
                         dict(saved, value=wrong_card.code))
    invalid = graded_check(ex, "q1", "1H", "answer_q1 = '1H'", dict(saved, value="1H"))
    said = {"wrong": wrong.message, "invalid": invalid.message}  # what the student reads, in the kernel's language
    with language("so"):
        assert wrong.status == "wrong" and said["wrong"] == teacher.evaluate("q1", wrong_card.code).message
        assert invalid.status == "invalid" and said["invalid"] == teacher.evaluate("q1", "1H").message
    with language("en"):
        english = Exercise("ex2_trick_winner", "ann", dict(k.exercises["ex2_trick_winner"], lang="en"),
                           secret=k.secret, variant=k.variants["ann"])
        assert said["wrong"] != english.evaluate("q1", wrong_card.code).message
        assert said["invalid"] != english.evaluate("q1", "1H").message
    # an answer in Somali card words is read as that card, and marked as the grader marks it
    right = graded_check(ex, "q1", card_name(key.code, "so"), f"answer_q1 = {card_name(key.code, 'so')!r}",
                         dict(saved, value=card_name(key.code, "so")))
    assert right.status == "correct"
    assert teacher.evaluate("q1", card_name(key.code, "so")).ok


def test_a_somali_test_sets_feedback_pages_are_in_somali(tmp_path, marked_somali):
    out, keys = make_set(tmp_path, ["ann"], ["ex1_legal_cards"], "--lang", "so", "--mode", "test")
    key = keys_of(keys, "ex1_legal_cards", "ann")
    answers = dict(key, q1=["1H"], q2=["AS", "KS"])
    path = out / "ann" / "ex1_legal_cards.ipynb"
    nb = load_nb(path)
    ex = load_sealed(_setup_text(nb))
    received = ex.evaluate("q2", ["AS", "KS"])
    set_language("en")
    save_nb(fill(nb, answers), path)
    report = grade_class(out, keys)
    assert report.languages == {"ex1_legal_cards": "so"}
    page = feedback_html(report, report.rows[0])
    with language("so"):
        title = say(FEEDBACK_TEXT["feedback_title"], who="Ann")
    assert "<html lang='so'>" in page and f"<title>{title}</title>" in page
    assert title != str(FEEDBACK_TEXT["feedback_title"]).format(who="Ann")
    k = load_keys(keys)
    with language("so"):
        teacher = Exercise("ex1_legal_cards", "ann", k.exercises["ex1_legal_cards"], secret=k.secret,
                           variant=k.variants["ann"])
        says = teacher.evaluate("q2", ["AS", "KS"]).message
    a = next(a for a in report.answers if a.column == "ex1_legal_cards:q2")
    assert a.feedback == says and a.message != says
    assert html.escape(says) in page
    assert received.status == "received"


def test_a_somali_sets_feedback_page_has_its_notes_in_somali_and_the_teacher_reads_them_in_his_language(tmp_path):
    """Issue 34: the grading notes are catalogue entries, kept as data until shown: grades.csv and the
    teacher's summary have them in the current language, the student's feedback page in the set's."""
    out, keys = make_set(tmp_path, ["ann"], ["ex1_legal_cards", "ex2_trick_winner"], "--lang", "so")
    key = keys_of(keys, "ex1_legal_cards", "ann")
    path = out / "ann" / "ex1_legal_cards.ipynb"
    save_nb(fill(load_nb(path), {q: v for q, v in key.items() if q != "q2"}), path)
    (out / "ann" / "ex2_trick_winner.ipynb").unlink()
    set_language("en")
    report = grade_class(out, keys)
    row = report.rows[0]
    assert row["notes"] == "ex2_trick_winner: not handed in; ex1_legal_cards: no answer for q2"
    with language("so"):
        somali_notes = "; ".join([say(_NOTES["not_handed_in"], exercise="ex2_trick_winner"),
                                  say(_NOTES["no_answer"], exercise="ex1_legal_cards", qids="q2")])
        notes_line = say(FEEDBACK_TEXT["notes"], notes=somali_notes)
        somali_summary = report.summary()
        somali_graded = say(_SUMMARY["graded"], n=1, problems=2)
    assert somali_notes != row["notes"] and "lama dhiibin" in somali_notes
    page = feedback_html(report, row)
    assert html.escape(notes_line) in page and row["notes"] not in page
    assert report.notes_text(row, "so") == somali_notes and report.notes_text(row) == row["notes"]
    # the teacher's command line follows the current language (English by default)
    assert report.summary().startswith("Graded 1 student; problems found: 2.")
    assert somali_summary.splitlines()[0] == somali_graded != report.summary().splitlines()[0]
    # the class report is the teacher's: in the current language (its notes too); the feedback pages the set's
    write_report(report, tmp_path / "report-en.html")
    with language("ceb"):
        write_report(report, tmp_path / "report-ceb.html", feedback_dir=tmp_path / "feedback")
        heading, cebuano_notes = say(REPORT_TEXT["per_student"]), report.notes_text(row)
    english, cebuano = ((tmp_path / f"report-{x}.html").read_text(encoding="utf-8") for x in ("en", "ceb"))
    assert "<html lang='en'>" in english and "Feedback per student" in english and row["notes"] in english
    assert "<html lang='ceb'>" in cebuano and heading in cebuano and "Feedback per student" not in cebuano
    assert html.escape(cebuano_notes) in cebuano and cebuano_notes != row["notes"]
    assert (tmp_path / "feedback" / "ann.html").read_text(encoding="utf-8") == page


def test_a_somali_class_folders_readme_is_in_somali(tmp_path):
    """Issue 34: the class folder's README for students is in the set's language; an English set's is as
    before (tests/test_classset.py holds its words)."""
    out, _ = make_set(tmp_path, ["ann"], ["ex2_trick_winner"], "--lang", "so")
    en_out, _ = make_set(tmp_path, ["ann"], ["ex2_trick_winner"], out_name="english")
    readme = (out / "README.md").read_text(encoding="utf-8")
    english = (en_out / "README.md").read_text(encoding="utf-8")
    with language("so"):
        title = say(README_TEXT["title"], name=out.name)
        students = say(README_TEXT["students"])
    assert readme == readme_text(None, out.name, "so") != readme_text(None, out.name, "en")
    assert readme.startswith(f"# {title}\n") and title != f"Exercises: {out.name}"
    assert " ".join(students.split()[:4]) in " ".join(readme.split()) and "**Ardayda:**" in readme
    assert english.startswith(f"# Exercises: {en_out.name}\n") and "**Students:**" in english
    assert all(len(line) <= README_WIDTH or " " not in line for line in readme.splitlines())


def test_the_teachers_commands_speak_the_current_language(tmp_path, capsys):
    """Issue 34: make's, collect's and grade's lines are catalogue entries: English by default, the current
    language when one is set (a set made in Somali is reported to a Hausa-speaking teacher in Hausa)."""
    with language("ha"):
        out, keys = make_set(tmp_path, ["ann", "bo"], ["ex2_trick_winner"], "--lang", "so")
        made = capsys.readouterr().out
        assert main(["exercises", "collect", str(out), "--into", str(tmp_path / "in"), "--keys", str(keys)]) == 0
        collected = capsys.readouterr().out
        assert main(["exercises", "grade", str(tmp_path / "in"), "--keys", str(keys),
                     "--out", str(tmp_path / "grades.csv")]) == 0
        graded = capsys.readouterr().out
        expected = [say(MAKE_SAY["wrote"], n=2, out=out, total=2, new=2), say(COLLECT_SAY["filed"], n=2),
                    say(GRADE_SUMMARY["graded"], n=2, problems=2)]
    assert made.splitlines()[0] == expected[0] and made.startswith("An rubuta littattafai 2 ")
    assert collected.splitlines()[0] == expected[1] == "An ajiye littattafai 2."
    assert graded.splitlines()[0] == expected[2]
    assert "ba a miƙa ba" not in graded and "An rubuta makin a cikin" in graded  # untouched notebooks: answered
    assert main(["exercises", "grade", str(tmp_path / "in"), "--keys", str(keys),
                 "--out", str(tmp_path / "grades-en.csv")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("Grades written to ")
    # grades.csv's notes are the teacher's words too: Hausa, then English
    assert "an miƙa shi babu komai" in (tmp_path / "grades.csv").read_text(encoding="utf-8-sig")
    assert "handed in blank" in (tmp_path / "grades-en.csv").read_text(encoding="utf-8-sig")


def test_why_an_answer_cell_is_not_read_is_data_written_in_the_readers_language():
    """The grader's reasons for an answer that is code are sentences as data: English in the CellAnswer's
    reason (the current language), the set's language on a feedback page."""
    kind, answers = analyse_cell("answer_q1 = 80 + 2")
    a = answers["q1"]
    assert kind == "ok" and a.status == "code" and a.reason == "the answer is a calculation or a call, not a value"
    with language("so"):
        somali = say(CELL_TEXT["calculation"])
    assert text_of(a.said, "so") == somali != a.reason
    graded = GradedAnswer("ann", "ex1_legal_cards:q1", "", Status.CODE, reason=a.said, lang="so")
    assert graded.message == a.reason and graded.text("so") == somali and graded.feedback == ""


# ----------------------------------------------------------- answers in words
def test_every_languages_spoken_card_name_reads_as_that_card():
    for lang in exercise_languages():
        for card in DECK:
            assert parse_answer("card", card_name(card.code, lang)) == card, (lang, card)
        hand = [card_name(c.code, lang) for c in DECK[:13]]
        assert parse_answer("cards", hand) == frozenset(DECK[:13])


@pytest.mark.parametrize("typed, code", [
    ("toban wadne", "TH"), ("Toban Wadne ♥", "TH"), ("eys caleen", "AC"), ("boqorad spades", "QS"),
    ("10 dheeman", "TD"), ("wadne toban", "TH"),                                     # Somali
    ("tobanka wadnaha", "TH"), ("eyska caleenta", "AC"), ("7-da dheemanka", "7D"),  # Somali, as the cards are named
    ("goma na zuciya", "TH"), ("ɗan sarki na luʼu-luʼu", "JD"), ("dan sarki na lu'u-lu'u", "JD"),
    ("sarauniya na kulob", "QC"), ("biyu zuciya", "2H"),                              # Hausa
    ("10 sa heart", "TH"), ("queen sa spade", "QS"), ("ace sa diamond", "AD"),       # Cebuano
    ("ten of hearts", "TH"), ("10♥", "TH"), ("QH", "QH"),                           # English, as before
])
def test_cards_typed_in_somali_hausa_or_cebuano_words_read_right(typed, code):
    assert parse_answer("card", typed).code == code
    assert canonical("cards", parse_answer("cards", [typed, "2C"])) == canonical("cards", parse_answer(
        "cards", [code, "2C"]))


def test_seats_and_sides_in_any_language():
    for lang in exercise_languages():
        for i, entry in enumerate(SEAT_WORDS["compass"]):
            assert parse_answer("seat", translate(entry, lang)) == i
        for i, entry in enumerate(SIDE_WORDS["compass"]):
            assert parse_answer("side", translate(entry, lang)) == i
    assert parse_answer("seat", "koonfur") == 2 and parse_answer("side", "Arewa-Kudu") == 0
    with pytest.raises(AnswerError):
        parse_answer("card", "Koonfur")  # a seat where a card is asked: said so, never a card


def test_numbers_are_ascii_digits_only():
    assert parse_answer("int", "52") == 52 and parse_answer("int", "−40") == -40
    for typed in ("٥٢", "５２", "५२"):
        with pytest.raises(AnswerError):
            parse_answer("int", typed)


def test_no_answer_word_reads_as_two_things_across_languages():
    """Each catalogue word is one rank, one suit or one seat, in every language together; no combination is
    ambiguous; and every form the reader knows reads (through the whole reader, English forms first) as the
    card the catalogues give it."""
    ranks: dict[str, set] = {}
    suits: dict[str, set] = {}
    for lang in exercise_languages():
        for r in RANKS:
            for entry in (RANKS[r], RANK_NOUNS[r], *([RANK_WORDS[r]] if r in RANK_WORDS else [])):
                ranks.setdefault(word_key(translate(entry, lang)), set()).add(r)
        for s in SUIT_SYMBOLS:
            for entry in (SUIT_NOUNS[s], SUIT_SINGULAR[s]):
                suits.setdefault(word_key(translate(entry, lang)), set()).add(s)
    assert {w: v for w, v in ranks.items() if len(v) > 1} == {}
    assert {w: v for w, v in suits.items() if len(v) > 1} == {}
    assert set(ranks) & set(suits) == set()
    words = answer_words()
    assert set(words["seat"]).isdisjoint(set(ranks) | set(suits))
    assert words["ambiguous"] == {"card": {}, "seat": {}, "side": {}, "rank": {}}
    assert set(words["rank"]) == set(ranks)
    assert set(words["seat"]).isdisjoint(words["card"])
    for form, code in words["card"].items():
        assert parse_answer("card", form).code == code, form
    # no word is two kinds of answer either: a card, a seat, a side (or who has won) and a rank are apart
    tables = {kind: set(words[kind]) for kind in ("card", "seat", "side", "rank")}
    for kind, keys in tables.items():
        for other, other_keys in tables.items():
            assert kind == other or keys.isdisjoint(other_keys), (kind, other, sorted(keys & other_keys)[:5])


@pytest.mark.parametrize("lang", ["en", "so", "ha", "ceb"])
def test_every_language_reads_number_ranks_and_who_has_won_as_english_does(lang):
    """Issue 34: "laba wadne", "duha sa heart", "cidna", "kunnen doki" … read as "two of hearts", "nobody" and
    "tie" do: the rank words 2-9 and who has won are catalogue entries, read in every language."""
    for r, entry in RANK_WORDS.items():
        rank = translate(entry, lang)
        for s in SUIT_SYMBOLS:
            suit = " ".join(translate(SUIT_NOUNS[s], lang).replace(SUIT_SYMBOLS[s], " ").split())
            assert parse_answer("card", f"{rank} {suit}").code == r + s, (lang, rank, suit)
            assert parse_answer("card", f"{rank.upper()} {SUIT_SYMBOLS[s]}").code == r + s
        with pytest.raises(AnswerError):  # a rank word alone has no suit
            parse_answer("card", rank)
    for outcome, entries in OUTCOME_WORDS.items():
        for entry in entries:
            assert parse_answer("side", translate(entry, lang)) == outcome, (lang, translate(entry, lang))
            assert parse_answer("side", f"  {translate(entry, lang).upper()} ") == outcome
    assert parse_answer("side", "nobody") == NOBODY and parse_answer("side", "tie") == TIE


@pytest.mark.parametrize("name", list(EXERCISES))
def test_a_somali_test_notebook_holds_nothing_derived_from_an_accepted_answer(name, monkeypatch):
    """As in English (test_exercises_student): made again with every answer key swapped for a wrong one, a
    Somali test notebook is the same bytes; a Somali practice notebook changes (the swap is real)."""
    from test_exercises_student import _with_a_wrong_key
    from tutor.exercises.classset import notebook_for
    test = {"mode": "test", "estimator": "count", "lang": "so"}
    practice = dict(test, mode="practice")
    before = {m: notebook_for(name, "s07", s, SECRET, 7) for m, s in (("test", test), ("practice", practice))}
    with monkeypatch.context() as m:
        _with_a_wrong_key(m)
        after = {m_: notebook_for(name, "s07", s, SECRET, 7) for m_, s in (("test", test), ("practice", practice))}
    assert after["test"] == before["test"]
    assert after["practice"] != before["practice"]
    assert json.loads(before["test"])["metadata"]["tricktutor"]["settings"]["lang"] == "so"


def test_a_rerun_keeps_each_exercises_language_and_a_new_exercise_takes_the_sets(tmp_path, capsys):
    out, keys = make_set(tmp_path, ["kim"], ["ex2_trick_winner"], "--lang", "ha")
    roster = tmp_path / "class-roster.csv"
    roster.write_text("student_id\nkim\nlee\n", encoding="utf-8")
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                 "--exercises", "ex2_trick_winner,ex3_spades_scoring"]) == 0
    settings = json.loads((keys / "exercise_settings.json").read_text())["exercises"]
    assert settings["ex2_trick_winner"]["lang"] == settings["ex3_spades_scoring"]["lang"] == "ha"
    for sid in ("kim", "lee"):
        for n in ("ex2_trick_winner", "ex3_spades_scoring"):
            assert load_nb(out / sid / f"{n}.ipynb")["metadata"]["tricktutor"]["settings"]["lang"] == "ha"
    # --lang en on a Hausa exercise is a change of settings like any other
    assert main(["exercises", "make", "--roster", str(roster), "--out", str(out), "--estimator", "count",
                 "--exercises", "ex2_trick_winner", "--lang", "en"]) == 2
    assert "lang was 'ha', now 'en'" in capsys.readouterr().err
    # a notebook of another language handed in is not graded as this set's, and the note says which
    other_out, other_keys = make_set(tmp_path, ["kim"], ["ex2_trick_winner"], out_name="other")
    k = load_keys(keys)
    from tutor.exercises.grading import metadata_signature
    nb = load_nb(other_out / "kim" / "ex2_trick_winner.ipynb")
    tt = nb["metadata"]["tricktutor"]
    tt["signature"] = metadata_signature(k.secret, tt["exercise"], tt["student"], tt["settings"])
    save_nb(nb, out / "kim" / "ex2_trick_winner.ipynb")
    row = grade_class(out, keys).rows[0]
    assert "lang: notebook 'en', set 'ha'" in row["notes"]


def test_make_help_lists_no_undocumented_language_and_refuses_the_pseudo_language(tmp_path, capsys):
    """``--lang qps`` was listed in ``make --help`` but documented nowhere (issue 33): the pseudo-language
    of the browser tests is no class set's language."""
    with pytest.raises(SystemExit):
        main(["exercises", "make", "--help"])
    shown = capsys.readouterr().out
    assert "{en,ceb,ha,so}" in shown and "qps" not in shown
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\nann\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["exercises", "make", "--roster", str(roster), "--out", str(tmp_path / "c"), "--lang", "qps"])
    err = capsys.readouterr().err
    assert "invalid choice: 'qps'" in err and not (tmp_path / "c").exists()


@pytest.mark.parametrize("lang", ["so", "ha", "ceb"])
@pytest.mark.parametrize("command", ["make", "collect", "grade", "report"])
def test_teacher_cli_help_speaks_the_language_it_was_built_in(lang, command):
    """``tricktutor exercises <command> --help`` (issue 34): every option's help and make's
    modes epilog come from the catalogue, in the language current when the parser is built;
    the same parser built in English again says the English."""
    def helps(code):
        with language(code):
            parser = argparse.ArgumentParser(prog="tricktutor")
            add_exercise_commands(parser.add_subparsers())
        ex = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["exercises"]
        cmd = next(a for a in ex._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
        texts = [a.help for a in cmd._actions if a.help not in (None, argparse.SUPPRESS) and a.dest != "help"]
        return texts + ([cmd.epilog] if cmd.epilog else []) + ([cmd.description] if cmd.description else [])

    english, spoken = helps("en"), helps(lang)
    with language("en"):  # a game's --<game>-rules help is an entry filled with the game's declaration
        catalogue = {str(e) for e in _HELP.values()} | {rules_help(game) for game in RULE_KITS}
    assert english and set(english) <= catalogue
    assert len(spoken) == len(english)
    assert not set(spoken) & set(english), [t for t in spoken if t in english]
    assert helps("en") == english


def _cli(capsys, argv):
    """``tricktutor`` run with ``argv`` that stops in argparse: (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    return stop.value.code, out, err


#: argparse's own English words, none of which a teacher working in another language should see.
ARGPARSE_ENGLISH = ("usage:", "options:", "positional arguments", "show this help message and exit", "error:",
                    "argument ", "invalid choice", "the following arguments are required", "unrecognized arguments",
                    "invalid int value", "not a whole number")


@pytest.mark.parametrize("lang", ["so", "ha", "ceb"])
def test_teacher_cli_says_argparse_words_in_the_language(lang, tmp_path, capsys):
    """Issue 34: the teacher's CLI's usage line, list titles, -h's help and its errors (an invalid choice,
    a value that is not a number, required arguments missing, unrecognized arguments) come from the tutor
    catalogue in the current language, with argparse's data in the placeholders; English is argparse's."""
    roster = tmp_path / "r.csv"
    roster.write_text("student_id\nann\n", encoding="utf-8")
    out_dir = tmp_path / "c"
    make = ["exercises", "make", "--roster", str(roster), "--out", str(out_dir)]
    cases = {
        "help": (["exercises", "collect", "--help"], 0),
        "choice": ([*make, "--lang", "qps"], 2),
        "whole": ([*make, "--jobs", "two"], 2),
        "required": (["exercises", "collect", "x"], 2),
        "command": (["exercises", "grade"], 2),
        "unknown_command": (["exercises", "mark"], 2),
        "unrecognized": ([*make, "--colour", "red"], 2),
    }
    shown = {}
    for case, (argv, status) in cases.items():
        with language(lang):
            code, out, err = _cli(capsys, argv)
        assert code == status, (case, err)
        shown[case] = out + err
        for english in ARGPARSE_ENGLISH:
            assert english not in shown[case], (case, english, shown[case])
        with language("en"):
            code, out, err = _cli(capsys, argv)
        assert code == status and (out + err).startswith("usage: tricktutor"), (case, err)
    assert not out_dir.exists()
    with language(lang):
        words = {k: say(v) if "{" not in str(v) else None for k, v in CLI_WORDS.items()}
        assert shown["help"].startswith(words["usage"] + " tricktutor exercises collect")
        for key in ("positionals", "options", "help"):
            assert words[key] in shown["help"], key
        assert say(CLI_WORDS["argument"], argument="--lang", problem=say(
            CLI_WORDS["invalid_choice"], value="qps", choices="'en', 'ceb', 'ha', 'so'")) in shown["choice"]
        assert say(CLI_WORDS["not_whole"], value="two") in shown["whole"]
        assert say(CLI_WORDS["required"], arguments="--into, --keys") in shown["required"]
        assert say(CLI_WORDS["required"], arguments="folder, --out") in shown["command"]
        assert say(CLI_WORDS["invalid_choice"], value="mark",
                   choices="'make', 'collect', 'grade', 'report'") in shown["unknown_command"]
        assert say(CLI_WORDS["error"], prog="tricktutor", message=say(
            CLI_WORDS["unrecognized"], arguments="--colour red")) in shown["unrecognized"]


def test_teacher_cli_english_argparse_words_are_argparse_s(tmp_path, capsys):
    """In English the CLI says what argparse says (a sub-command's name as its choices, not a Python name)."""
    code, out, err = _cli(capsys, ["exercises", "collect", "x"])
    assert err.splitlines()[-1] == ("tricktutor exercises collect: error: the following arguments are required: "
                                    "--into, --keys")
    code, out, err = _cli(capsys, ["exercises"])
    assert err.splitlines()[-1] == ("tricktutor exercises: error: the following arguments are required: "
                                    "{make,collect,grade,report}")
    code, out, err = _cli(capsys, ["exercises", "make", "--help"])
    assert out.startswith("usage: tricktutor exercises make [-h] --roster ROSTER")
    assert "\noptions:\n  -h, --help            show this help message and exit\n" in out
    for game in RULE_KITS:  # every game whose exercises take rule switches has its option, from its declaration
        flag = f"--{game.replace('_', '-')}-rules"
        assert flag in out
        for name in RULE_KITS[game].exercise_rules:
            option = RULE_KITS[game].spec.rules_class.option(name)
            assert f"{name} ({option.rule})" in " ".join(out.split())
    assert "Oh Hell variations for ex5_oh_hell_scoring: tricks_always_count (OH-V7), nil_pays_hand_size " \
           "(OH-V8), comma-separated" in " ".join(out.split())


@pytest.mark.parametrize("lang", ["so", "ha", "ceb"])
def test_exercise_errors_a_teacher_meets_are_in_the_language(lang):
    """Issue 34: the Python side's errors a teacher can meet (a misspelt exercise, an empty student id, a
    student's questions asked for without the class secret) are catalogue entries, said in the language."""
    problems = []
    for args in (("ex9_nothing", "ann"), ("ex1_legal_cards", " "), ("ex1_legal_cards", "ann")):
        with language(lang), pytest.raises(ValueError) as said:
            Exercise(*args)
        with language("en"), pytest.raises(ValueError) as english:
            Exercise(*args)
        assert str(said.value) != str(english.value)
        problems.append(str(said.value))
    assert "'ex9_nothing'" in problems[0] and "'ann'" in problems[2] and "'practice'" in problems[2]
