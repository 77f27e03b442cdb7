"""``tricktutor exercises …``: the teacher's commands (see exercises/TEACHERS.md).

    tricktutor exercises make --roster roster.csv --out DIR
        [--exercises ex1_legal_cards,ex3_spades_scoring] [--reveal-answers]
        [--oh-hell-rules tricks_always_count,nil_pays_hand_size]
        [--estimator auto|advisor|count]
        [--print-nbgitpuller HUB_URL REPO_URL [--branch main]]
        [--key-notebooks]
    tricktutor exercises grade DIR --out grades.csv [--roster roster.csv]

``make`` writes ``DIR/<student_id>/<exercise>.ipynb`` for every student of
the roster (a CSV with a ``student_id`` column, optionally ``name``),
``DIR/answer_keys/<student_id>.json`` and ``DIR/exercise_settings.json``.
``grade`` writes one CSV row per student (a column per ``exercise:question``,
``total`` and ``notes``) and prints a summary.  Exit status: 0 done, 2 bad
input (one line on stderr).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import quote, urlencode

__all__ = ["add_exercise_commands", "nbgitpuller_link", "read_roster"]

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}")
_OH_HELL_OPTIONS = ("tricks_always_count", "nil_pays_hand_size")


class _Input(Exception):
    pass


def read_roster(path: str | Path) -> list[str]:
    """Student ids from a roster CSV (column ``student_id``); ids must be
    usable as folder names (letters, digits, ``_ . @ -``) and unique."""
    import pandas as pd
    try:
        df = pd.read_csv(path, dtype=str, keep_default_na=False)
    except FileNotFoundError:
        raise _Input(f"roster {path} not found") from None
    except Exception as e:  # noqa: BLE001 - pandas raises several parser errors
        raise _Input(f"roster {path} is not a readable CSV file ({e})") from None
    cols = {c.strip().lower(): c for c in df.columns}
    if "student_id" not in cols:
        raise _Input(f"roster {path} has no student_id column (columns: {', '.join(df.columns)})")
    ids = [v.strip() for v in df[cols["student_id"]]]
    ids = [v for v in ids if v]
    for v in ids:
        if not _ID.fullmatch(v) or v in ("answer_keys",):
            raise _Input(f"roster: student id {v!r} cannot be a folder name: use letters, digits, _ . @ - "
                         f"(at most 64 characters)")
    dup = sorted({v for v in ids if ids.count(v) > 1})
    if dup:
        raise _Input(f"roster: student id {dup[0]!r} appears more than once")
    if not ids:
        raise _Input(f"roster {path} lists no students")
    return ids


def nbgitpuller_link(hub_url: str, repo_url: str, branch: str = "main", path: str = "exercises") -> str:
    """An nbgitpuller link: opening it on the school's JupyterHub clones (or
    updates) ``repo_url`` into the student's home and opens JupyterLab at
    ``<repo folder>/<path>``."""
    repo_dir = repo_url.rstrip("/").split("/")[-1]
    if repo_dir.endswith(".git"):
        repo_dir = repo_dir[:-4]
    urlpath = f"lab/tree/{repo_dir}/{path}".rstrip("/")
    query = urlencode({"repo": repo_url, "urlpath": urlpath, "branch": branch}, quote_via=quote)
    return f"{hub_url.rstrip('/')}/hub/user-redirect/git-pull?{query}"


def _settings_from_args(args) -> dict:
    oh = {k: False for k in _OH_HELL_OPTIONS}
    for opt in filter(None, (x.strip() for x in (args.oh_hell_rules or "").split(","))):
        if opt not in oh:
            raise _Input(f"--oh-hell-rules: unknown option {opt!r} (choose from {', '.join(_OH_HELL_OPTIONS)})")
        oh[opt] = True
    estimator = args.estimator
    if estimator == "auto":  # fix the choice now, so grading later regenerates the same ranges
        try:
            from engine.bots.advisor import advise_bid  # noqa: F401
            estimator = "advisor"
        except Exception:  # noqa: BLE001
            estimator = "count"
    return {"reveal_answers": bool(args.reveal_answers), "oh_hell": oh, "estimator": estimator}


def _make(args) -> int:
    import secrets

    from tutor.exercises import EXERCISES, Exercise, answer_key
    from tutor.exercises.grading import KEYS_DIR, SECRET_FILE, SETTINGS_FILE
    from tutor.exercises.notebooks import build_notebook, fill_answers, notebook_text
    try:
        ids = read_roster(args.roster)
        settings = _settings_from_args(args)
        names = list(EXERCISES)
        if args.exercises:
            names = [n.strip() for n in args.exercises.split(",") if n.strip()]
            bad = [n for n in names if n not in EXERCISES]
            if bad:
                raise _Input(f"--exercises: no exercise {bad[0]!r} (choose from {', '.join(EXERCISES)})")
    except _Input as e:
        print(f"tricktutor exercises make: {e}", file=sys.stderr)
        return 2
    out = Path(args.out)
    settings_text = json.dumps({"exercises": names, **settings}, indent=2) + "\n"
    old_settings = out / SETTINGS_FILE
    if old_settings.exists() and not args.force and old_settings.read_text(encoding="utf-8") != settings_text:
        print(f"tricktutor exercises make: {out} was made with other settings ({old_settings}); "
              f"use another --out, or --force to remake it (handed-in notebooks would be overwritten)",
              file=sys.stderr)
        return 2
    (out / KEYS_DIR).mkdir(parents=True, exist_ok=True)
    secret_file = out / KEYS_DIR / SECRET_FILE  # the class secret: variants nobody else can regenerate
    if not secret_file.exists():
        secret_file.write_text(secrets.token_hex(16) + "\n", encoding="utf-8")
    secret = secret_file.read_text(encoding="utf-8").strip()
    old_settings.write_text(settings_text, encoding="utf-8")
    kept = 0
    for sid in ids:
        (out / sid).mkdir(exist_ok=True)
        keys = {}
        for name in names:
            path = out / sid / f"{name}.ipynb"
            if path.exists() and not args.force:
                kept += 1  # never overwrite a student's work (it may already be handed in)
            else:
                path.write_text(notebook_text(build_notebook(name, sid, settings, secret=secret)), encoding="utf-8")
            keys[name] = answer_key(Exercise(name, sid, settings, secret=secret))
        if args.key_notebooks:
            (out / KEYS_DIR / sid).mkdir(exist_ok=True)
            for name in names:
                nb = fill_answers(build_notebook(name, sid, settings, secret=secret), keys[name])
                (out / KEYS_DIR / sid / f"{name}.ipynb").write_text(notebook_text(nb), encoding="utf-8")
        (out / KEYS_DIR / f"{sid}.json").write_text(json.dumps(keys, indent=2, ensure_ascii=False) + "\n",
                                                    encoding="utf-8")
    print(f"Wrote {len(names)} notebook{'s' if len(names) != 1 else ''} for each of {len(ids)} "
          f"student{'s' if len(ids) != 1 else ''} under {out}/<student_id>/, answer keys under "
          f"{out}/{KEYS_DIR}/ (keep these private) and the settings in {out}/{SETTINGS_FILE}.")
    if kept:
        print(f"Kept {kept} notebook{'s' if kept != 1 else ''} that already existed (students' work is never "
              f"overwritten; --force remakes them).")
    if args.print_nbgitpuller:
        hub, repo = args.print_nbgitpuller
        print("nbgitpuller link (each student then opens the folder with their id):")
        print(nbgitpuller_link(hub, repo, args.branch, path=out.name))
    return 0


def _grade(args) -> int:
    from tutor.exercises.grading import grade_class
    folder = Path(args.folder)
    if not folder.is_dir():
        print(f"tricktutor exercises grade: {folder} is not a folder", file=sys.stderr)
        return 2
    try:
        roster = read_roster(args.roster) if args.roster else None
        report = grade_class(folder, roster=roster)
    except _Input as e:
        print(f"tricktutor exercises grade: {e}", file=sys.stderr)
        return 2
    except ValueError as e:  # a broken exercise_settings.json
        print(f"tricktutor exercises grade: {e}", file=sys.stderr)
        return 2
    report.dataframe().to_csv(args.out, index=False)
    print(report.summary())
    print(f"Grades written to {args.out}.")
    return 0


def add_exercise_commands(subparsers) -> None:
    """Add ``exercises make`` and ``exercises grade`` to the ``tricktutor`` parser."""
    ex = subparsers.add_parser("exercises", help="teacher tools: make a class set of exercise notebooks, grade them")
    sub = ex.add_subparsers(dest="exercises_command", required=True)
    m = sub.add_parser("make", help="write one notebook per student and exercise, plus answer keys")
    m.add_argument("--roster", required=True, help="CSV file with a student_id column (and maybe name)")
    m.add_argument("--out", required=True, help="folder to write DIR/<student_id>/<exercise>.ipynb into")
    m.add_argument("--exercises", help="comma-separated exercise names (default: all six)")
    m.add_argument("--reveal-answers", action="store_true",
                   help="after a wrong answer, also show the expected answer (default: hints only)")
    m.add_argument("--oh-hell-rules", default="",
                   help="Oh Hell scoring variations for exercise 5: tricks_always_count (OH-V7), "
                        "nil_pays_hand_size (OH-V8), comma-separated")
    m.add_argument("--estimator", choices=("auto", "advisor", "count"), default="auto",
                   help="exercise 6: the bid advisor (if installed) or the simple count")
    m.add_argument("--print-nbgitpuller", nargs=2, metavar=("HUB_URL", "REPO_URL"),
                   help="also print an nbgitpuller link for a JupyterHub")
    m.add_argument("--branch", default="main", help="branch for the nbgitpuller link (default main)")
    m.add_argument("--force", action="store_true",
                   help="overwrite notebooks that already exist in DIR (by default they are kept)")
    m.add_argument("--key-notebooks", action="store_true",
                   help="also write notebooks with the answers filled in: DIR/answer_keys/<student_id>/")
    m.set_defaults(func=_make)
    g = sub.add_parser("grade", help="grade handed-in notebooks (never runs student code)")
    g.add_argument("folder", help="the class folder (DIR/<student_id>/<exercise>.ipynb)")
    g.add_argument("--out", required=True, help="CSV file to write (one row per student)")
    g.add_argument("--roster", help="roster CSV: also list students who handed in nothing")
    g.set_defaults(func=_grade)
