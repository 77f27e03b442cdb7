"""``tricktutor exercises …``: the teacher's commands (exercises/TEACHERS.md walks through them).

    tricktutor exercises make --roster roster.csv --out class [--keys class-teacher]
        [--mode practice|test] [--lang en|so|ha|ceb] [--exercises ex1_legal_cards,ex3_spades_scoring]
        [--oh-hell-rules tricks_always_count,nil_pays_hand_size] [--estimator auto|advisor|count]
        [--repo-url URL [--hub-url URL] [--branch main]] [--package REQUIREMENT]
        [--key-notebooks] [--force]
    tricktutor exercises collect DOWNLOADS... --into handed-in --keys class-teacher [--lms-list LIST.csv]
    tricktutor exercises grade handed-in --keys class-teacher --out grades.csv
        [--delimiter ';'] [--lms-out grades-lms.csv] [--override overrides.csv] [--roster roster.csv]
    tricktutor exercises report handed-in --keys class-teacher [--out report.html]
        [--feedback feedback/] [--override overrides.csv]

``--oh-hell-rules`` is the option of the one game whose exercises take rule
switches today: each game with :attr:`~tutor.games.TutorKit.exercise_rules`
has its ``--<game>-rules`` (:data:`~tutor.exercises.core.RULE_KITS`).

``make`` writes the class folder to share (one folder per student, README,
.gitignore, binder/) and the teacher folder (default ``<out>-teacher``: the
class secret, settings, roster copy) that grading needs and students must
never get.  Exit status: 0 done, 2 bad input or a file that cannot be
written (one line on stderr naming it).

What the commands print is in :data:`_LINES` (catalogue entries), their help in :data:`_HELP`.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tutor.cli_parser import Parser
from tutor.exercises import EXERCISES
from tutor.exercises.classset import (MakeError, binder_link, make_class_set, nbgitpuller_link, repository_path,
                                      set_name)
from tutor.exercises.collect import CollectError, collect
from tutor.exercises.core import DEFAULT_SETTINGS, RULE_KITS
from tutor.exercises.grading import GradingError, grade_class, load_keys, read_overrides
from tutor.exercises.report import write_report
from tutor.exercises.roster import RosterError
from tutor.exercises.roster import read_roster as roster_of
from tutor.exercises.words import class_set_languages, say, text_of
from tutor.text import M_

__all__ = ["add_exercise_commands", "nbgitpuller_link", "read_roster"]

#: What the commands print (in the current language, English by default): catalogue entries, named placeholders.
_LINES = {
    # TRANSLATORS: a command could not write the file {path}; {error} is the system's reason (English).
    "cannot_write": M_("ex.cli.cannot_write", "cannot write {path} ({error})"),
    # TRANSLATORS: grade's last line: the grades file {out} and the learning platform's import file {lms}; keep
    # the column names Student, SIS User ID, ID number (the platforms' own).
    "graded": M_("ex.cli.graded", "Grades written to {out}; LMS import file (Student, SIS User ID, ID number, total; "
                                  "roster students only) to {lms}."),
    # TRANSLATORS: report's last line: {students} students, mean score {mean} percent, the report {out}, the
    # students' feedback pages in the folder {feedback}.
    "reported": M_("ex.cli.reported", "Report for {students} students (mean {mean}%) written to {out}; feedback pages "
                                      "for students in {feedback}/."),
    # TRANSLATORS: a warning line (a roster's); {warning} says what.
    "warning": M_("ex.cli.warning", "warning: {warning}"),
    # TRANSLATORS: make's line before a link for the school's JupyterHub (nbgitpuller, a tool's name).
    "nbgitpuller": M_("ex.cli.nbgitpuller", "nbgitpuller link for your JupyterHub (each student then opens the folder "
                                            "with their id):"),
    # TRANSLATORS: make's line before a Binder link (Binder: a free service that runs notebooks).
    "binder": M_("ex.cli.binder", "Binder link (sessions are temporary: students download their notebooks before "
                                  "closing):"),
}


#: The commands' input errors (after "tricktutor exercises <command>: "), in the current language.
_LINES.update({
    # TRANSLATORS: make: the option {flag} (a game's rule switches, e.g. --oh-hell-rules) names a switch {option}
    # that does not exist; {known} lists the switches (keep them and {flag} as they are).
    "unknown_rule": M_("ex.cli.unknown_rules_option", "{flag}: unknown option {option} (choose from {known})"),
    # TRANSLATORS: make: the option --reveal-answers (keep it) was removed.
    "reveal_answers": M_("ex.cli.reveal_answers", "--reveal-answers is no longer offered: notebooks never hold the "
                                                  "answers"),
    # TRANSLATORS: make: --exercises names an exercise {name} that does not exist; {known} lists the exercises.
    "no_exercise": M_("ex.cli.no_exercise", "--exercises: no exercise {name} (choose from {known})"),
    # TRANSLATORS: grade/report: the class folder {folder} was made by an old version (no class secret).
    "old_set": M_("ex.cli.old_set", "{folder} was made by an older tricktutor (settings and keys inside the class "
                                    "folder, no class secret): its notebooks cannot be graded safely; make a new set "
                                    "for the next hand-in"),
    # TRANSLATORS: grade/report: the teacher's keys folder was not found beside {folder} under the name {guess};
    # keep --keys (an option) and make (a command).
    "no_keys": M_("ex.cli.no_keys", "pass --keys with the teacher folder make wrote (not found next to {folder}: "
                                    "{guess})"),
    # TRANSLATORS: grade/report: {folder} (the class folder) is not a folder.
    "not_folder": M_("ex.cli.not_folder", "{folder} is not a folder"),
    # TRANSLATORS: grade: the file to write, {path}, given with the option {option} (--out, --lms-out), is a folder;
    # {example} is a file name in it.
    "out_folder": M_("ex.cli.out_folder", "{option} {path} is a folder: give a file name, e.g. {example}"),
    # TRANSLATORS: grade: the folder {folder} of the file {path} (option {option}) does not exist.
    "out_no_folder": M_("ex.cli.out_no_folder", "{option} {path}: the folder {folder} does not exist"),
    # TRANSLATORS: grade: the file {path} (option {option}) is a symbolic link, so it is not written.
    "out_link": M_("ex.cli.out_link", "{option} {path} is a symbolic link: not written"),
    # TRANSLATORS: grade: the option --delimiter (keep it) takes a comma, a semicolon or tab (keep "tab").
    "delimiter": M_("ex.cli.delimiter", "--delimiter must be ',' or ';' (or tab)"),
})


def _line(key: str, **params: object) -> str:
    return text_of(say(_LINES[key], **params))


#: The commands' help (in the current language when the parser is built): catalogue entries.
_HELP = {
    # TRANSLATORS: help of "tricktutor exercises": the teacher's commands (make, collect, grade, report: keep them).
    "exercises": M_("ex.cli.help.exercises", "teacher tools: make a class set, collect, grade, report"),
    # TRANSLATORS: help of the command grade; it never runs the code students wrote.
    "grade": M_("ex.cli.help.grade", "grade handed-in notebooks (never runs student code)"),
    # TRANSLATORS: help of the command report: one HTML file that works offline, and a page for each student.
    "report": M_("ex.cli.help.report", "write the class report (one offline HTML file) and feedback pages"),
    # TRANSLATORS: grade/report: the class folder argument; keep DIR/<student_id>/*.ipynb and collect (a command).
    "folder": M_("ex.cli.help.folder", "the class folder (DIR/<student_id>/*.ipynb), e.g. from collect"),
    # TRANSLATORS: grade/report --keys; keep make (a command), DIR-teacher (DIR is the class folder).
    "grade_keys": M_("ex.cli.help.grade_keys", "the teacher folder make wrote (default: DIR-teacher if it exists)"),
    # TRANSLATORS: grade/report --roster: the class list file (CSV).
    "grade_roster": M_("ex.cli.help.grade_roster", "roster CSV (default: the copy in the teacher folder)"),
    # TRANSLATORS: grade/report --override: a CSV file of the teacher's own marks; keep the column names id,
    # question, mark.
    "override": M_("ex.cli.help.override", "CSV of manual decisions: id, question, mark (applied on every run)"),
    # TRANSLATORS: grade --out: the grades file.
    "grade_out": M_("ex.cli.help.grade_out", "grades CSV file to write"),
    # TRANSLATORS: grade --delimiter: the CSV column separator; keep ',' and ';'.
    "delimiter": M_("ex.cli.help.delimiter", "',' (default) or ';' for semicolon locales"),
    # TRANSLATORS: grade --lms-out: the learning platform's import file; keep <out>-lms.csv.
    "lms_out": M_("ex.cli.help.lms_out", "LMS import CSV (default: <out>-lms.csv)"),
    # TRANSLATORS: report --out; keep report.html.
    "report_out": M_("ex.cli.help.report_out", "HTML file to write (default report.html)"),
    # TRANSLATORS: report --feedback; keep feedback-SET/, --out, SET and -teacher.
    "feedback": M_("ex.cli.help.feedback", "folder for per-student pages (default: feedback-SET/ next to --out, SET the "
                                           "class set's name: its teacher folder's without -teacher)"),
    # TRANSLATORS: help of the command make: one notebook for each student and each exercise.
    "make": M_("ex.cli.help.make", "write one notebook per student and exercise (adds to an existing set)"),
    # TRANSLATORS: the end of make's help, printed as written: keep the line breaks (lines of at most 79
    # characters), the indentation, --mode, practice, test, ✓, ✗ and 'tricktutor exercises report'.
    "make_epilog": M_("ex.cli.help.make_epilog",
                      "Modes (--mode; an exercise keeps the mode it was first made with):\n"
                      "  practice  Each notebook's check says right (✓) or wrong (✗) with a hint: good\n"
                      "            for learning. A student, or a script, can try answers until the\n"
                      "            check says ✓, in their own notebook or a classmate's, so practice\n"
                      "            marks do not show what a student knows.\n"
                      "  test      The check says only how an answer was read (\"the number 52\") and\n"
                      "            that it will be graded; nothing in the notebook tells right from\n"
                      "            wrong. Students see right and wrong on the feedback pages that\n"
                      "            'tricktutor exercises report' writes after grading.\n"
                      "A student's questions are the same in both modes."),
    # TRANSLATORS: make --roster: the class list file; keep student_id, 'Student ID', name and lms_id (column names).
    "roster": M_("ex.cli.help.roster", "CSV with a student_id (or 'Student ID') column, maybe name "
                                       "and lms_id (the id your learning platform matches grades on)"),
    # TRANSLATORS: make --mode; keep practice and test (the option's values).
    "mode": M_("ex.cli.help.mode",
               "practice (the default for a new exercise; one already in the set keeps its mode) or test. "
               "practice: each notebook's check says right or wrong with a hint, "
               "so students learn as they go; a script can ask that check every answer, so the marks show "
               "practice, not what a student knows. test: the check says only how an answer was read and that "
               "it will be graded, and the notebook holds nothing from which right can be told from wrong; "
               "students see right and wrong on the feedback pages after grading."),
    # TRANSLATORS: make --lang: the class set's language; keep en.
    "lang": M_("ex.cli.help.lang",
               "the language of the notebooks: their text, questions and check replies (default en; an "
               "exercise already in the set keeps its language, and a new one takes the set's). Answers are read "
               "the same in every language, and the questions, grading and report are the same."),
    # TRANSLATORS: make --out; keep OUT/<student_id>/<exercise>.ipynb.
    "make_out": M_("ex.cli.help.make_out", "the class folder to share: OUT/<student_id>/<exercise>.ipynb"),
    # TRANSLATORS: make --keys; keep OUT-teacher and OUT (the class folder).
    "make_keys": M_("ex.cli.help.make_keys", "teacher folder (default: OUT-teacher next to OUT); keep it private"),
    # TRANSLATORS: make --exercises.
    "exercises_list": M_("ex.cli.help.exercises_list", "comma-separated exercise names (default: all six)"),
    # TRANSLATORS: make --oh-hell-rules (one such option per game): the game {game}'s variations that the
    # exercises named in {exercises} (e.g. ex5_oh_hell_scoring) follow when named here; {options} lists them with
    # their rule ids, e.g. "tricks_always_count (OH-V7), nil_pays_hand_size (OH-V8)" (keep them as they are).
    "rules": M_("ex.cli.help.rules", "{game} variations for {exercises}: {options}, comma-separated"),
    # TRANSLATORS: make --estimator: how exercise 6 estimates a bid.
    "estimator": M_("ex.cli.help.estimator", "exercise 6: the bid advisor (if installed) or the simple count"),
    # TRANSLATORS: make --repo-url; Binder, nbgitpuller: tools' names.
    "repo_url": M_("ex.cli.help.repo_url", "the class repository (GitHub…): print Binder and nbgitpuller links"),
    # TRANSLATORS: make --hub-url; keep --repo-url.
    "hub_url": M_("ex.cli.help.hub_url", "your JupyterHub (with --repo-url): print an nbgitpuller link"),
    # TRANSLATORS: make --branch: the git branch; keep main.
    "branch": M_("ex.cli.help.branch", "branch for the links (default main)"),
    # TRANSLATORS: make --package: the Python package to install; keep binder/requirements.txt.
    "package": M_("ex.cli.help.package", "pip requirement for binder/requirements.txt (default: this tricktutor "
                                         "release)"),
    # TRANSLATORS: make --force.
    "force": M_("ex.cli.help.force", "allow changing an exercise's settings while none of its notebooks has been "
                                     "worked on"),
    # TRANSLATORS: make --key-notebooks.
    "key_notebooks": M_("ex.cli.help.key_notebooks", "also write notebooks with the answers filled in, in the "
                                                     "teacher folder"),
    # TRANSLATORS: make --jobs: how many processes work at once.
    "jobs": M_("ex.cli.help.jobs", "worker processes (default: 2 for large rosters)"),
    # TRANSLATORS: help of the command collect; keep DIR/<student>/<exercise>.ipynb.
    "collect": M_("ex.cli.help.collect", "file downloaded notebooks (folders, zips) as DIR/<student>/<exercise>.ipynb"),
    # TRANSLATORS: collect's description: how it knows whose a notebook is (Moodle, Canvas: platforms' names).
    "collect_help": M_("ex.cli.help.collect_description",
                       "files each notebook under the student named by where the school's system put it (Moodle, "
                       "Canvas, or folders named by student id), never by the notebook itself"),
    # TRANSLATORS: collect's downloads argument.
    "downloads": M_("ex.cli.help.downloads", "your learning platform's downloads (zips or folders), or folders "
                                             "named by student id"),
    # TRANSLATORS: collect --into: a notebook already there is kept; a different one is put next to it.
    "into": M_("ex.cli.help.into", "the folder to file them in (then grade it); a copy already "
                                   "there is never replaced: a different one is filed beside it"),
    # TRANSLATORS: collect --keys; keep make (a command).
    "collect_keys": M_("ex.cli.help.collect_keys", "the teacher folder make wrote (roster, signatures, exercises)"),
    # TRANSLATORS: collect --lms-list; Moodle, Canvas: platforms' names.
    "lms_list": M_("ex.cli.help.lms_list", "your platform's list of students, to match its own numbers to your "
                                           "roster: Moodle's grading worksheet or Canvas's gradebook export (repeat "
                                           "for several)"),
}


def _help(key: str) -> str:
    """A help text in the current language, ``%`` doubled for argparse."""
    return _text(key).replace("%", "%%")


def _text(key: str, **params: object) -> str:
    return text_of(say(_HELP[key], **params))


def _rules_flag(game: str) -> str:
    """The option of ``make`` that switches on the exercise rules of the game named ``game`` in its spec (a
    key of :data:`~tutor.exercises.core.RULE_KITS`): ``--oh-hell-rules``."""
    return f"--{game.replace('_', '-')}-rules"


def _rules_dest(game: str) -> str:
    return f"{game}_rules"


def rules_help(game: str) -> str:
    """The help of :func:`_rules_flag`'s option, in the current language: the game's title, its switches with
    their rule ids (its spec's option declarations) and the exercises citing those rules."""
    kit = RULE_KITS[game]
    options = [kit.spec.rules_class.option(name) for name in kit.exercise_rules]
    cited = {o.rule for o in options}
    exercises = [name for name, spec in EXERCISES.items() if cited & set(spec.rules)]
    return _text("rules", game=kit.spec.title, exercises=", ".join(exercises),
                 options=", ".join(f"{o.name} ({o.rule})" for o in options)).replace("%", "%%")


class _Input(Exception):
    pass


def read_roster(path: str | Path) -> list[str]:
    """Student ids of a roster (see :func:`tutor.exercises.roster.read_roster`);
    raises ``_Input`` with one line."""
    try:
        return roster_of(path).ids
    except RosterError as e:
        raise _Input(str(e)) from None


def _settings_from_args(args) -> dict:
    settings: dict = {}
    for name, kit in RULE_KITS.items():  # each game's rule switches, from its own option (--<game>-rules)
        switches = dict.fromkeys(kit.exercise_rules, False)
        for opt in filter(None, (x.strip() for x in (getattr(args, _rules_dest(name)) or "").split(","))):
            if opt not in switches:
                raise _Input(_line("unknown_rule", flag=_rules_flag(name), option=repr(opt), known=", ".join(switches)))
            switches[opt] = True
        settings[name] = switches
    if "estimator" in DEFAULT_SETTINGS:
        estimator = args.estimator
        if estimator == "auto":  # fix the choice now, so grading later regenerates the same ranges
            estimator = "advisor"  # the bid advisor ships with the engine (tutor.exercises.bidcount uses it)
        settings["estimator"] = estimator
    if getattr(args, "mode", None):  # else: an exercise in the set keeps its mode, a new one is practice
        settings["mode"] = args.mode
    if getattr(args, "lang", None):  # else: an exercise in the set keeps its language (see make_class_set)
        settings["lang"] = args.lang
    if getattr(args, "reveal_answers", False):
        if "reveal_answers" not in DEFAULT_SETTINGS:
            raise _Input(_line("reveal_answers"))
        settings["reveal_answers"] = True
    elif "reveal_answers" in DEFAULT_SETTINGS:
        settings["reveal_answers"] = False
    return settings


def _fail(cmd: str, msg: str) -> int:
    print(f"tricktutor exercises {cmd}: {msg}", file=sys.stderr)
    return 2


def _cannot_write(cmd: str, e: OSError, path=None) -> int:
    """One line naming the file that could not be written (``e.filename`` is
    None when a write, not an open, fails: a full disk, ``/dev/full``)."""
    return _fail(cmd, _line("cannot_write", path=e.filename or path or "a file", error=e.strerror or e))


def _make(args) -> int:
    try:
        roster = roster_of(args.roster)
        settings = _settings_from_args(args)
        names = list(EXERCISES)
        if args.exercises:
            names = list(dict.fromkeys(n.strip() for n in args.exercises.split(",") if n.strip()))
            bad = [n for n in names if n not in EXERCISES]
            if bad:
                raise _Input(_line("no_exercise", name=repr(bad[0]), known=", ".join(EXERCISES)))
        result = make_class_set(roster, args.out, names, settings, keys=args.keys, force=args.force,
                                key_notebooks=args.key_notebooks, requirement=args.package, jobs=args.jobs)
    except (_Input, RosterError, MakeError) as e:
        return _fail("make", str(e))
    except OSError as e:
        return _cannot_write("make", e, args.out)
    for w in roster.warnings:
        print(_line("warning", warning=w))
    print(result.summary())
    hub, repo = args.hub_url, args.repo_url
    if args.print_nbgitpuller:
        hub, repo = args.print_nbgitpuller
    if repo:
        _, path = repository_path(Path(args.out))
        if hub:
            print(_line("nbgitpuller"))
            print(nbgitpuller_link(hub, repo, args.branch, path=path))
        b = binder_link(repo, args.branch, path)
        if b:
            print(_line("binder"))
            print(b)
    return 0


def _collect(args) -> int:
    try:
        keys = load_keys(args.keys)
        report = collect(args.downloads, args.into, keys=keys, lms_lists=args.lms_list)
    except (GradingError, CollectError) as e:
        return _fail("collect", str(e))
    except OSError as e:
        return _cannot_write("collect", e, args.into)
    print(report.summary())
    return 0


def _keys_for(args, folder: Path) -> Path:
    if args.keys:
        return Path(args.keys)
    guess = Path(os.path.abspath(folder))
    guess = guess.parent / f"{guess.name}-teacher"
    if guess.is_dir():
        return guess
    if (folder / "exercise_settings.json").is_file() and (folder / "answer_keys").is_dir():
        raise _Input(_line("old_set", folder=folder))
    raise _Input(_line("no_keys", folder=folder, guess=guess.name))


def _graded(args, cmd: str):
    folder = Path(args.folder)
    if not folder.is_dir():
        raise _Input(_line("not_folder", folder=folder))
    keys = load_keys(_keys_for(args, folder))
    roster = names = lms_ids = None
    if args.roster:
        r = roster_of(args.roster)
        roster, names, lms_ids = r.ids, r.names(), r.lms_ids()
    overrides = read_overrides(args.override) if args.override else None
    return (grade_class(folder, keys, roster=roster, names=names, overrides=overrides, lms_ids=lms_ids),
            (GradingError, RosterError))


def _check_out_file(path: str, what: str) -> Path:
    p = Path(path)
    if p.is_dir():
        raise _Input(_line("out_folder", option=what, path=p, example=p / "grades.csv"))
    if not Path(os.path.abspath(p)).parent.is_dir():
        raise _Input(_line("out_no_folder", option=what, path=p, folder=p.parent))
    if p.is_symlink():
        raise _Input(_line("out_link", option=what, path=p))
    return p


def _grade(args) -> int:
    try:
        out = _check_out_file(args.out, "--out")
        lms = _check_out_file(args.lms_out or str(out.with_name(f"{out.stem}-lms{out.suffix or '.csv'}")),
                              "--lms-out")
        if args.delimiter not in (",", ";", "\t", "tab"):
            raise _Input(_line("delimiter"))
        delim = "\t" if args.delimiter == "tab" else args.delimiter
        report, _ = _graded(args, "grade")
    except (_Input, GradingError, RosterError) as e:
        return _fail("grade", str(e))
    for path, write in ((out, report.write_csv), (lms, report.write_lms_csv)):
        try:
            write(path, delimiter=delim)
        except OSError as e:
            return _cannot_write("grade", e, path)
    print(report.summary())
    print(_line("graded", out=out, lms=lms))
    return 0


def _report(args) -> int:
    out = feedback = None
    try:
        out = _check_out_file(args.out, "--out")
        report, _ = _graded(args, "report")
        feedback = Path(args.feedback) if args.feedback else out.with_name(
            f"feedback-{set_name(_keys_for(args, Path(args.folder)))}")
        figs = write_report(report, out, feedback_dir=feedback)
    except (_Input, GradingError, RosterError, ValueError) as e:
        return _fail("report", str(e))
    except OSError as e:
        return _cannot_write("report", e, out)
    print(report.summary())
    print(_line("reported", students=figs["students"], mean=f"{figs['mean_percent']:g}", out=out, feedback=feedback))
    return 0


def add_exercise_commands(subparsers) -> None:
    """Add ``exercises make|collect|grade|report`` to the ``tricktutor`` parser."""
    ex = subparsers.add_parser("exercises", help=_help("exercises"))
    # the commands speak the current language even under a plain argparse parser (tutor.cli's is a Parser)
    sub = ex.add_subparsers(dest="exercises_command", required=True, parser_class=Parser)
    m = sub.add_parser("make", help=_help("make"),
                       epilog=_text("make_epilog"), formatter_class=argparse.RawDescriptionHelpFormatter)
    m.add_argument("--roster", required=True, help=_help("roster"))
    m.add_argument("--mode", choices=("practice", "test"), help=_help("mode"))
    m.add_argument("--lang", choices=class_set_languages(), help=_help("lang"))
    m.add_argument("--out", required=True, help=_help("make_out"))
    m.add_argument("--keys", help=_help("make_keys"))
    m.add_argument("--exercises", help=_help("exercises_list"))
    m.add_argument("--reveal-answers", action="store_true", help=argparse_suppress())
    for game in RULE_KITS:  # each game whose exercises take rule switches: --<game>-rules
        m.add_argument(_rules_flag(game), dest=_rules_dest(game), default="", help=rules_help(game))
    m.add_argument("--estimator", choices=("auto", "advisor", "count"), default="auto",
                   help=_help("estimator"))
    m.add_argument("--repo-url", help=_help("repo_url"))
    m.add_argument("--hub-url", help=_help("hub_url"))
    m.add_argument("--print-nbgitpuller", nargs=2, metavar=("HUB_URL", "REPO_URL"), help=argparse_suppress())
    m.add_argument("--branch", default="main", help=_help("branch"))
    m.add_argument("--package", help=_help("package"))
    m.add_argument("--force", action="store_true",
                   help=_help("force"))
    m.add_argument("--key-notebooks", action="store_true",
                   help=_help("key_notebooks"))
    m.add_argument("--jobs", type=int, help=_help("jobs"))
    m.set_defaults(func=_make)
    c = sub.add_parser("collect", help=_help("collect"),
                       description=_text("collect_help"))
    c.add_argument("downloads", nargs="+", help=_help("downloads"))
    c.add_argument("--into", required=True, help=_help("into"))
    c.add_argument("--keys", required=True, help=_help("collect_keys"))
    c.add_argument("--lms-list", action="append", metavar="LIST.csv",
                   help=_help("lms_list"))
    c.set_defaults(func=_collect)
    for name in ("grade", "report"):
        g = sub.add_parser(name, help=_help(name))
        g.add_argument("folder", help=_help("folder"))
        g.add_argument("--keys", help=_help("grade_keys"))
        g.add_argument("--roster", help=_help("grade_roster"))
        g.add_argument("--override", help=_help("override"))
        if name == "grade":
            g.add_argument("--out", required=True, help=_help("grade_out"))
            g.add_argument("--delimiter", default=",", help=_help("delimiter"))
            g.add_argument("--lms-out", help=_help("lms_out"))
            g.set_defaults(func=_grade)
        else:
            g.add_argument("--out", default="report.html", help=_help("report_out"))
            g.add_argument("--feedback", help=_help("feedback"))
            g.set_defaults(func=_report)


def argparse_suppress():
    return argparse.SUPPRESS
