"""Making and sharing a class set (``tricktutor exercises make``).

Two folders, side by side by default::

    OUT/                        share this (a Git repository for Binder / nbgitpuller)
      README.md                 what students do; ids are visible here
      .gitignore                keeps teacher files and checkpoints out
      binder/requirements.txt   installs tricktutor (no project checkout needed)
      binder/runtime.txt
      <student_id>/<exercise>.ipynb
    OUT-teacher/                keep private (``--keys DIR`` to choose)
      class_secret.txt          per-class secret (secrets.token_hex(16)); questions depend on it
      exercise_settings.json    {"format": 2, "exercises": {name: settings}}
      roster.csv                ids and names (grading reads them)
      variants.json             {student id: variant index}: fixed when a student is first made
      manifest.json             SHA-256 of every notebook make wrote (work vs untouched)
      answer_keys/              only with --key-notebooks

Re-running ``make`` on a set adds what is missing: new students, new
exercises (with their own settings), never touching a notebook that exists —
found by its metadata, so a renamed copy counts.  Changing the settings of
an exercise already handed out is refused; with ``--force`` it is allowed
only while every notebook of that exercise is untouched (as make wrote it).
Nothing is written through a symbolic link: a student folder or notebook
that is a link stops ``make`` before it writes anything.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import secrets
import textwrap
from contextlib import contextmanager
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from tutor.text import M_, P_

from .core import LANG, answer_key, normalise_settings, setting_shown, settings_language
from .grading import (KEYS_DIR, MAX_NOTEBOOK_BYTES, ROSTER_FILE, SECRET_FILE, SETTINGS_FILE, SIGNATURE,
                      VARIANTS_FILE, GradingError, Refused, expected_exercise, load_keys, metadata_signature,
                      read_regular_file)
from .notebooks import build_notebook, fill_answers
from .roster import Roster, Student
from .words import DEFAULT_LANGUAGE, say, text_of

__all__ = ["MakeError", "MakeResult", "make_class_set", "default_keys_folder", "set_name", "nbgitpuller_link",
           "binder_link", "repository_path", "class_requirement", "MANIFEST_FILE"]

MANIFEST_FILE = "manifest.json"
PARALLEL_FROM = 150  # students; below this one process is faster than starting workers

GITIGNORE = """\
# Trick Tutor class set: never publish teacher files (the teacher folder lives outside this one).
answer_keys/
roster*.csv
class_secret.txt
exercise_settings.json
manifest.json
variants.json
grades*.csv
report*.html
feedback/
.ipynb_checkpoints/
__pycache__/
"""

#: The class folder's README.md for students, written in the set's language (``make --lang``): one entry per
#: paragraph, each wrapped at :data:`README_WIDTH` characters.
README_TEXT = {
    # TRANSLATORS: the heading of the class folder's README for students when the teacher gave no title;
    # {name} is the class folder's name.
    "title": M_("ex.readme.title", "Exercises: {name}"),
    # TRANSLATORS: the README's first paragraph (Markdown); keep `tricktutor exercises make` (a command).
    "made": M_("ex.readme.made", "Exercise notebooks made with Trick Tutor (`tricktutor exercises make`)."),
    # TRANSLATORS: the README's paragraph for students (Markdown: **bold**, `code`); keep the answers
    # `["10H", "QH"]`, `"East"` and `52` as they are (they are typed so in every language), and File → Download
    # as the notebook's menu says it.
    "students": M_("ex.readme.students", "**Students:** open the folder with your student id and work through your "
                                         "notebooks in order. Each notebook was made for you: your neighbours have "
                                         "different deals. Write each answer as a value (`[\"10H\", \"QH\"]`, "
                                         "`\"East\"`, `52`) in the answer cell and run the check cell below it. "
                                         "When you are done, download each notebook (File → Download) and hand it "
                                         "in as your teacher asked. Do not rename or copy a classmate's notebook: "
                                         "it is recognised by what is inside, and it will not be graded for you."),
    # TRANSLATORS: the README's paragraph on privacy (Markdown: *public* in italics).
    "privacy": M_("ex.readme.privacy", "**Privacy:** this folder lists every student id (one folder each). If it "
                                       "is in a *public* repository, anyone can see those ids: use a private "
                                       "repository, or ids that do not identify anyone outside the class."),
}
#: The README's paragraphs are wrapped at this width.
README_WIDTH = 76


def readme_text(title: str | None, folder_name: str, lang: str | None = None) -> str:
    """The class folder's README.md in ``lang`` (default: the current language); ``title`` the teacher's
    (None: "Exercises: <folder name>" in ``lang``)."""
    def para(key: str) -> str:
        return textwrap.fill(text_of(README_TEXT[key], lang), README_WIDTH, break_long_words=False,
                             break_on_hyphens=False)
    heading = title or text_of(say(README_TEXT["title"], name=folder_name), lang)
    return f"# {heading}\n\n{para('made')}\n\n{para('students')}\n\n{para('privacy')}\n"


class MakeError(ValueError):
    """``make`` cannot go ahead; one line for the teacher (nothing was written)."""


#: What ``make`` says (the teacher's command line, in the current language): catalogue entries, named
#: placeholders.
_SAY: dict[str, Any] = {
    # TRANSLATORS: make's first line: {n} notebooks written into the class folder {out} (one folder per student
    # id); {total} students in the set, {new} of them new.
    "wrote": P_("ex.make.wrote", "Wrote {n} notebook under {out}/<student_id>/ (students in the set: {total}, new: "
                                 "{new}).",
                "Wrote {n} notebooks under {out}/<student_id>/ (students in the set: {total}, new: {new})."),
    # TRANSLATORS: a line of make's output: the exercises {added} added to an existing set.
    "added": M_("ex.make.added", "Exercises added: {added}."),
    # TRANSLATORS: {n} notebooks nobody had started, made again with new settings; keep "--force".
    "remade": P_("ex.make.remade", "Remade {n} untouched notebook with the new settings (--force).",
                 "Remade {n} untouched notebooks with the new settings (--force)."),
    # TRANSLATORS: {n} notebooks already in the class folder were kept as they are.
    "kept": P_("ex.make.kept", "Kept {n} notebook that already existed (students' work is never overwritten).",
               "Kept {n} notebooks that already existed (students' work is never overwritten)."),
    # TRANSLATORS: {n} notebooks with the answers filled in, written in the teacher's folder {folder}.
    "keys_written": P_("ex.make.keys_written", "Wrote {n} answer-key notebook in {folder}/<student_id>/, to go "
                                               "through a set with a student; the grader never accepts it.",
                       "Wrote {n} answer-key notebooks in {folder}/<student_id>/, to go through a set with a "
                       "student; the grader never accepts them."),
    # TRANSLATORS: make refuses to turn the practice exercise {name} into a test; keep "--out".
    "practice_to_test": M_("ex.make.practice_to_test", "{name} is in this set in practice mode: a test made from it "
                                                       "would ask the same questions, which the students' practice "
                                                       "copies already check right or wrong (a student could solve "
                                                       "their practice copy and type the answers into the test). Make "
                                                       "the test as a new set with another --out: every student gets "
                                                       "new questions."),
    # TRANSLATORS: a line of make's output: the exercises {names} are in the test mode.
    "mode_test": M_("ex.make.mode_test", "Test mode: {names}. The checks say how an answer was read and that it will "
                                         "be graded, never right or wrong; students see that on the feedback pages "
                                         "after grading."),
    # TRANSLATORS: a line of make's output: the exercises {names} are in the practice mode.
    "mode_practice": M_("ex.make.mode_practice", "Practice mode: {names}. The checks say right or wrong, so a student "
                                                 "(or a script) can try answers until they are right: these marks "
                                                 "show practice, not a test."),
    # TRANSLATORS: a line of make's output: {keys} is the teacher's folder.
    "teacher_files": M_("ex.make.teacher_files", "Teacher files (keep private, never publish): {keys}/ — the class "
                                                 "secret, settings, roster and each student's variant number; "
                                                 "grading needs them."),
    # TRANSLATORS: a line of make's output: {out} is the class folder; keep README.md, .gitignore, binder/,
    # lms_id and grades-lms.csv (file and column names).
    "share": M_("ex.make.share", "Share {out}/ (README.md, .gitignore and binder/ are in it). It lists every student "
                                 "id: use a private repository, or class ids that identify no one outside the class "
                                 "(with an lms_id column in the roster for your learning platform's ids: only "
                                 "grades-lms.csv uses it)."),
    # TRANSLATORS: a warning line of make's output; {warning} says what.
    "warning": M_("ex.make.warning", "warning: {warning}"),
}


#: Why make cannot run (its one line after "tricktutor exercises make: "), in the current language.
_ERRORS = {
    # TRANSLATORS: make: {path} is a symbolic link, so make (a command, keep it) does not write there.
    "link": M_("ex.make.error.link", "{path} is a symbolic link: make never writes through a link"),
    # TRANSLATORS: as above, for a notebook file in a student's folder.
    "link_file": M_("ex.make.error.link_file", "{path} is a symbolic link: make never writes through a link "
                                               "(replace it with the real file or remove it)"),
    # TRANSLATORS: as above, for a student's folder.
    "link_folder": M_("ex.make.error.link_folder", "{path} is a symbolic link: make never writes through a link "
                                                   "(replace it with a real folder)"),
    # TRANSLATORS: make: the teacher folder {keys} has the settings file {settings} but not the class secret file
    # {secret}; keep --out (an option).
    "no_secret": M_("ex.make.error.no_secret", "{keys} has {settings} but no {secret}: it is damaged; restore it from "
                                               "a backup or make a new set with another --out"),
    # TRANSLATORS: make: the file of each student's variant {path} lacks the student {sid} and {count} students
    # in all.
    "no_variant": M_("ex.make.error.no_variant", "{path} has no variant index for {sid} (of {count} students): it is "
                                                 "damaged; restore it from a backup"),
    # TRANSLATORS: make: the class folder {out} (option --out, keep it) is a symbolic link.
    "out_link": M_("ex.make.error.out_link", "--out {out} is a symbolic link: give the real folder"),
    # TRANSLATORS: make: the class folder {out} (option --out) is a file.
    "out_file": M_("ex.make.error.out_file", "--out {out} is a file, not a folder"),
    # TRANSLATORS: make: {parent}, the folder the class folder {out} goes in, is a file.
    "out_parent": M_("ex.make.error.out_parent", "--out {out}: {parent} is a file, not a folder"),
    # TRANSLATORS: make: the teacher folder {keys} (option --keys, keep it) is a symbolic link.
    "keys_link": M_("ex.make.error.keys_link", "--keys {keys} is a symbolic link: give the real folder"),
    # TRANSLATORS: make: the teacher folder {keys} (option --keys) is a file.
    "keys_file": M_("ex.make.error.keys_file", "--keys {keys} is a file, not a folder"),
    # TRANSLATORS: make: the teacher folder {keys} and the class folder {out} are one inside the other.
    "keys_inside": M_("ex.make.error.keys_inside", "--keys {keys} must be outside --out {out} (students must never "
                                                   "receive it) and the other way round"),
    # TRANSLATORS: make: the class list's id {sid} and the id {other} of the set differ only by capital letters.
    "case": M_("ex.make.error.case", "roster id {sid} differs only by case from {other} already in the set (one "
                                     "folder on macOS and Windows)"),
    # TRANSLATORS: make: the class folder {out} has students' folders but the teacher folder {keys} has no class
    # secret; keep --keys and --out (options).
    "not_empty": M_("ex.make.error.not_empty", "{out} already holds student folders but {keys} has no class secret: "
                                               "pass --keys with this set's teacher folder, or choose an empty --out"),
    # TRANSLATORS: make: the list of the notebooks made {path} is damaged; keep make (a command).
    "manifest": M_("ex.make.error.manifest", "{path} is damaged (not the JSON object make writes)"),
    # TRANSLATORS: make: {path} is a file, where a student's folder should be.
    "student_file": M_("ex.make.error.student_file", "{path} is a file where the student's folder should be"),
    # TRANSLATORS: make: the exercise {name} is in the set with other settings; {diff} lists the changes
    # (ex.make.error.setting_changed); keep --out and --force (options).
    "other_settings": M_("ex.make.error.other_settings", "{name} is already in this set with other settings "
                                                         "({diff}); make a new set with another --out, or --force to "
                                                         "remake its notebooks if no student has started them"),
    # TRANSLATORS: one change in ex.make.error.other_settings: the setting {setting} was {was}, is {now} (names and
    # values as they are written in the settings file).
    "setting_changed": M_("ex.make.error.setting_changed", "{setting} was {was}, now {now}"),
    # TRANSLATORS: make: --force (keep it) cannot remake the exercise {name}: {count} of its notebooks have work
    # in them, such as {example}.
    "force_worked": M_("ex.make.error.force_worked", "--force cannot change {name}'s settings: {count} of its "
                                                     "notebooks hold students' work (e.g. {example}); make a new set "
                                                     "with another --out"),
}


def _error(key: str, **params: Any) -> str:
    """One of make's errors (:data:`_ERRORS`) in the current language."""
    return text_of(say(_ERRORS[key], **params))


def _say(key: str, n: int | None = None, **params: Any) -> str:
    """One of make's lines (:data:`_SAY`) in the current language; ``n`` the count it is about."""
    return text_of(say(_SAY[key], **({"n": n} if n is not None else {}), **params))


@dataclass
class MakeResult:
    out: Path
    keys: Path
    students_total: int = 0
    students_new: int = 0
    written: int = 0
    kept: int = 0
    remade: int = 0
    key_notebooks: int = 0
    exercises_added: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    repo_root: Path | None = None
    modes: dict[str, str] = field(default_factory=dict)

    def summary(self) -> str:
        lines = [_say("wrote", self.written, out=self.out, total=self.students_total, new=self.students_new)]
        if self.exercises_added:
            lines.append(_say("added", added=", ".join(self.exercises_added)))
        if self.remade:
            lines.append(_say("remade", self.remade))
        if self.kept:
            lines.append(_say("kept", self.kept))
        if self.key_notebooks:
            lines.append(_say("keys_written", self.key_notebooks, folder=self.keys / KEYS_DIR))
        for mode in ("test", "practice"):
            names = [n for n, m in self.modes.items() if m == mode]
            if names:
                lines.append(_say(f"mode_{mode}", names=", ".join(names)))
        lines.append(_say("teacher_files", keys=self.keys))
        lines.append(_say("share", out=self.out))
        lines += [_say("warning", warning=w) for w in self.warnings]
        return "\n".join(lines)


def default_keys_folder(out: Path) -> Path:
    """``OUT-teacher`` next to ``OUT`` (never inside the folder teachers publish)."""
    out = Path(os.path.abspath(out))
    return out.parent / f"{out.name}-teacher"


def set_name(keys: str | os.PathLike) -> str:
    """A class set's name, for the files made for it: its teacher folder's name without ``-teacher``
    (``spades-class-teacher`` → ``spades-class``)."""
    name = Path(os.path.abspath(keys)).name
    return name[:-len("-teacher")] if name.endswith("-teacher") and len(name) > len("-teacher") else name


def _inside(child: Path, parent: Path) -> bool:
    c, p = os.path.realpath(child), os.path.realpath(parent)
    return c == p or c.startswith(p.rstrip(os.sep) + os.sep)


# ----------------------------------------------------------- notebooks
def _build(name: str, sid: str, settings: dict, secret: str, variant: int | None = None):
    """``build_notebook`` with the class secret and the student's variant (the one place that calls it)."""
    return build_notebook(name, sid, settings, secret=secret, variant=variant)


def notebook_for(name: str, sid: str, settings: dict, secret: str, variant: int | None = None) -> str:
    """The text of ``sid``'s notebook for exercise ``name`` (``variant``: the
    student's index from the teacher folder), with the signed metadata."""
    nb = _build(name, sid, settings, secret, variant)
    tt = nb["metadata"]["tricktutor"]
    tt[SIGNATURE] = metadata_signature(secret, tt["exercise"], tt["student"], tt["settings"])
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def key_literals(name: str, sid: str, settings: dict, secret: str, variant: int | None = None) -> dict[str, Any]:
    return answer_key(expected_exercise(name, sid, settings, secret, variant))


@contextmanager
def _one_validation_per_exercise():
    """nbformat validates every new cell against the JSON schema (90 % of the
    time of building a notebook); during ``make`` cells are not validated one
    by one, and the first notebook of each exercise is validated whole."""
    import nbformat.v4.nbbase as nbbase  # noqa: PLC0415 - nbformat (the app extra) loads when a notebook is made
    original = nbbase.validate
    nbbase.validate = lambda *a, **k: None
    try:
        yield
    finally:
        nbbase.validate = original


def _student_jobs(args):
    """Worker: write the notebooks of a few students (returns (sid, name, sha) rows)."""
    import nbformat  # noqa: PLC0415 - nbformat (the app extra) loads when a notebook is made
    out, jobs, secret, variants = args
    done = []
    checked: set[str] = set()
    for sid, name, settings, mode in jobs:
        with _one_validation_per_exercise():
            text = notebook_for(name, sid, settings, secret, variants.get(sid))
        if name not in checked:
            nbformat.validate(nbformat.reads(text, as_version=4))
            checked.add(name)
        path = Path(out) / sid / f"{name}.ipynb"
        _write_new(path, text, replace=(mode == "replace"))
        done.append((sid, name, hashlib.sha256(text.encode("utf-8")).hexdigest()))
    return done


def _write_new(path: Path, text: str, replace: bool = False) -> None:
    """Write ``text`` to ``path`` without following a symlink: a new file is
    created with O_EXCL|O_NOFOLLOW; a replacement goes through a temp file and
    os.replace (which replaces a link, never its target)."""
    data = text.encode("utf-8")
    if replace:
        tmp = path.with_name(f".{path.name}.tmp-{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def _write_teacher_file(path: Path, text: str, mode: int = 0o644) -> None:
    if path.is_symlink():
        raise MakeError(_error("link", path=path))
    tmp = path.with_name(f".{path.name}.tmp-{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, path)


def _existing(folder: Path, sid: str) -> tuple[dict[str, list[Path]], list[str]]:
    """Notebooks already in a student's folder, by the exercise in their
    metadata (so renamed copies count); refuses symlinks."""
    found: dict[str, list[Path]] = {}
    if not folder.exists():
        return found, []
    for e in os.scandir(folder):
        if not e.name.lower().endswith(".ipynb") or e.name.startswith("."):
            continue
        if e.is_symlink():
            raise MakeError(_error("link_file", path=e.path))
        try:
            nb = json.loads(read_regular_file(e.path, MAX_NOTEBOOK_BYTES).decode("utf-8-sig"))
            tt = nb["metadata"]["tricktutor"]
            name, owner = tt["exercise"], tt["student"]
        except (Refused, ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
            continue
        if owner == sid and isinstance(name, str):
            found.setdefault(name, []).append(Path(e.path))
    return found, []


# ------------------------------------------------------------- sharing
def repository_path(out: Path) -> tuple[Path, str]:
    """``(repository root, path of OUT inside it)``: the nearest folder above
    ``OUT`` (or ``OUT`` itself) holding ``.git``; without one, ``OUT`` is
    taken to be the repository root (publish it as its own repository)."""
    out = Path(os.path.abspath(out))
    for p in (out, *out.parents):
        if (p / ".git").exists():
            return p, out.relative_to(p).as_posix().strip(".") if p != out else ""
    return out, ""


def nbgitpuller_link(hub_url: str, repo_url: str, branch: str = "main", path: str = "") -> str:
    """An nbgitpuller link: opening it on a JupyterHub clones (or updates)
    ``repo_url`` into the student's home (folder named like the repository)
    and opens JupyterLab at ``<repository folder>/<path>`` (``path`` is
    OUT's path inside the repository, "" when OUT is the repository)."""
    repo_dir = repo_url.rstrip("/").split("/")[-1]
    if repo_dir.endswith(".git"):
        repo_dir = repo_dir[:-4]
    urlpath = "/".join(p for p in ("lab/tree", repo_dir, path.strip("/")) if p)
    query = urlencode({"repo": repo_url, "urlpath": urlpath, "branch": branch}, quote_via=quote)
    return f"{hub_url.rstrip('/')}/hub/user-redirect/git-pull?{query}"


def binder_link(repo_url: str, branch: str = "main", path: str = "") -> str | None:
    """A mybinder.org link for a GitHub repository (None for other hosts);
    JupyterLab opens at ``path`` (OUT's path in the repository)."""
    parts = repo_url.rstrip("/").removesuffix(".git").split("/")
    if len(parts) < 5 or parts[2] != "github.com":
        return None
    urlpath = "/".join(p for p in ("lab/tree", path.strip("/")) if p)
    return f"https://mybinder.org/v2/gh/{parts[3]}/{parts[4]}/{branch}?urlpath={quote(urlpath, safe='')}"


def class_requirement() -> str:
    """The pip requirement a class repository's ``binder/requirements.txt``
    uses: ``tricktutor[app] @ git+<project repository>@v<version>`` when the
    installed tricktutor names its repository (``Project-URL: Repository``),
    else ``tricktutor[app]==<version>`` (a release on PyPI)."""
    from importlib import metadata  # noqa: PLC0415 - read once, when binder/requirements.txt is written
    try:
        md = metadata.metadata("tricktutor")
        version = md["Version"]
        urls = md.get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return "tricktutor[app]"
    for u in urls:
        label, _, url = u.partition(",")
        if label.strip().lower() in ("repository", "source", "source code") and url.strip():
            return f"tricktutor[app] @ git+{url.strip().removesuffix('/')}@v{version}"
    return f"tricktutor[app]=={version}"


def _requirements_text(requirement: str) -> str:
    return ("# Binder / JupyterHub environment for this class set: installs Trick Tutor itself\n"
            "# (no checkout of the project is needed). Written by `tricktutor exercises make`.\n"
            f"{requirement}\n")


# ---------------------------------------------------------------- make
def _load_existing_set(keys: Path) -> tuple[str | None, dict[str, dict], list[Student], dict[str, int | None]]:
    secret_p = keys / SECRET_FILE
    if not keys.exists() or not os.path.lexists(secret_p):
        if keys.exists() and os.path.lexists(keys / SETTINGS_FILE):
            raise MakeError(_error("no_secret", keys=keys, settings=SETTINGS_FILE, secret=SECRET_FILE))
        return None, {}, [], {}
    try:
        k = load_keys(keys)
    except GradingError as e:
        raise MakeError(str(e)) from None
    old = [Student(i, k.names.get(i, ""), 0, k.lms_ids.get(i, "")) for i in (k.ids or [])]
    if k.variants is None:  # a set made before variants: its students keep the random draw they were made with
        variants: dict[str, int | None] = {s.id: None for s in old}
    else:
        variants = dict(k.variants)
        missing = [s.id for s in old if s.id not in variants]
        if missing:
            raise MakeError(_error("no_variant", path=keys / VARIANTS_FILE, sid=repr(missing[0]), count=len(missing)))
    return k.secret, k.exercises, old, variants


def _roster_text(students: list[Student]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    lms = any(s.lms_id for s in students)
    w.writerow(["student_id", "name", "lms_id"] if lms else ["student_id", "name"])
    for s in students:
        w.writerow([s.id, s.name, s.lms_id] if lms else [s.id, s.name])
    return buf.getvalue()


def make_class_set(roster: Roster, out: str | os.PathLike, names: list[str], settings: dict,
                   keys: str | os.PathLike | None = None, force: bool = False, key_notebooks: bool = False,
                   requirement: str | None = None, title: str | None = None, jobs: int | None = None) -> MakeResult:
    """Write (or extend) a class set; see the module docstring.

    ``roster``: students to include (added to any already in the set);
    ``names``: exercises; ``settings``: as :func:`normalise_settings` takes
    (without ``mode``, an exercise already in the set keeps its mode and a
    new one is made in the practice mode; without ``lang``, an exercise
    already in the set keeps its language and a new one takes the set's
    language when all its exercises share one, else English);
    ``keys``: the teacher folder (default ``OUT-teacher``); ``requirement``:
    the pip line for ``binder/requirements.txt`` (default
    :func:`class_requirement`); ``jobs``: worker processes (default: 2 from
    :data:`PARALLEL_FROM` students).  Raises :class:`MakeError` (one line,
    before anything is written) for an unusable ``out``/``keys``, symlinks,
    changed settings of a handed-out exercise, or ids that clash by case.
    """
    out = Path(out)
    keys_dir = _checked_places(out, keys)
    old_secret, set_exercises, old_students, variants = _load_existing_set(keys_dir)
    wanted = _wanted_settings(names, settings, set_exercises)
    new_set = old_secret is None
    secret = old_secret or ""
    if new_set:
        if out.is_dir() and any(e.is_dir() and not e.name.startswith(".") and e.name != "binder"
                                for e in os.scandir(out)):
            raise MakeError(_error("not_empty", out=out, keys=keys_dir))
        secret = secrets.token_hex(16)
    students, new_ids = _merged_students(old_students, roster)
    ids = [s.id for s in students]
    variants = _with_variants(ids, variants)
    manifest_p = keys_dir / MANIFEST_FILE
    manifest = _read_manifest(manifest_p)
    existing = _existing_notebooks(out, ids, names)
    remake = _to_remake(names, wanted, set_exercises, existing, manifest, force)
    exercises = dict(set_exercises)
    for name in names:
        exercises[name] = wanted[name]

    # nothing refused: write
    result = MakeResult(out, keys_dir, students_total=len(ids), students_new=len(new_ids),
                        exercises_added=[n for n in names if n not in set_exercises] if not new_set else [])
    out.mkdir(parents=True, exist_ok=True)
    _write_keys(keys_dir, secret if new_set else None, exercises, students, variants)
    jobs_list, result.kept, result.remade, warnings = _plan_jobs(out, ids, exercises, existing, remake)
    result.warnings += warnings
    result.written = sum(1 for j in jobs_list if j[3] == "new")
    for sid, name, sha in _run_jobs(out, jobs_list, secret, jobs, variants):
        manifest[f"{sid}/{name}"] = sha
    _write_teacher_file(manifest_p, json.dumps(manifest, indent=0, sort_keys=True) + "\n", 0o600)
    if key_notebooks:
        result.key_notebooks = _write_key_notebooks(keys_dir, students, exercises, secret, variants)
    result.modes = {name: exercises[name].get("mode", "practice") for name in exercises}
    set_langs = {settings_language(s) for s in exercises.values()}
    _write_shared(out, title, requirement, set_langs.pop() if len(set_langs) == 1 else DEFAULT_LANGUAGE)
    result.repo_root, warnings = _place_warnings(out, keys_dir, requirement)
    result.warnings += warnings
    return result


def _checked_places(out: Path, keys: str | os.PathLike | None) -> Path:
    """The teacher folder for ``out`` (``keys``, or the default beside it); :class:`MakeError` when either
    is a link or a file, or one is inside the other."""
    if os.path.lexists(out) and out.is_symlink():
        raise MakeError(_error("out_link", out=out))
    if out.exists() and not out.is_dir():
        raise MakeError(_error("out_file", out=out))
    if not out.exists() and out.parent.exists() and not out.parent.is_dir():
        raise MakeError(_error("out_parent", out=out, parent=out.parent))
    keys_dir = Path(keys) if keys is not None else default_keys_folder(out)
    if os.path.lexists(keys_dir) and keys_dir.is_symlink():
        raise MakeError(_error("keys_link", keys=keys_dir))
    if keys_dir.exists() and not keys_dir.is_dir():
        raise MakeError(_error("keys_file", keys=keys_dir))
    if _inside(keys_dir, out) or _inside(out, keys_dir):
        raise MakeError(_error("keys_inside", keys=keys_dir, out=out))
    return keys_dir


def _wanted_settings(names: list[str], settings: dict, set_exercises: dict[str, dict]) -> dict[str, dict]:
    """Each exercise's settings: without ``mode`` an exercise keeps its mode; without ``lang`` it keeps its
    language, and a new one takes the set's (when it has one language)."""
    mode_given = "mode" in (settings or {})
    lang_given = LANG in (settings or {})
    settings = normalise_settings(settings)
    set_langs = {settings_language(s) for s in set_exercises.values()}
    set_lang = set_langs.pop() if len(set_langs) == 1 else None
    wanted = {}
    for name in names:
        own = dict(settings)
        if not mode_given and name in set_exercises:
            own["mode"] = set_exercises[name].get("mode", "practice")
        if not lang_given:
            own = normalise_settings(dict(own, lang=settings_language(set_exercises[name]) if name in set_exercises
                                          else set_lang or settings_language(own)))
        wanted[name] = own
    return wanted


def _merged_students(old_students: list[Student], roster: Roster) -> tuple[list[Student], list[str]]:
    """The set's students (in order) then the roster's new ones, and the new ids; refuses ids that clash
    by case."""
    by_fold = {s.id.casefold(): s for s in old_students}
    students = list(old_students)
    new_ids = []
    for s in roster.students:
        o = by_fold.get(s.id.casefold())
        if o is None:
            by_fold[s.id.casefold()] = s
            students.append(s)
            new_ids.append(s.id)
        elif o.id != s.id:
            raise MakeError(_error("case", sid=repr(s.id), other=repr(o.id)))
        elif (s.name and s.name != o.name) or (s.lms_id and s.lms_id != o.lms_id):
            students[students.index(o)] = Student(o.id, s.name or o.name, o.line, s.lms_id or o.lms_id)
    return students, new_ids


def _with_variants(ids: list[str], variants: dict[str, int | None]) -> dict[str, int | None]:
    """Variant indices: fixed when a student is first made, never changed; new students take the next ones."""
    out = dict(variants)
    nxt = max((v for v in variants.values() if v is not None), default=-1) + 1
    for sid in ids:
        if sid not in out:
            out[sid] = nxt
            nxt += 1
    return out


def _read_manifest(path: Path) -> dict[str, str]:
    if not os.path.lexists(path):
        return {}
    try:
        manifest = json.loads(read_regular_file(path, 50_000_000).decode("utf-8"))
        if not isinstance(manifest, dict):
            raise ValueError
    except (Refused, ValueError, UnicodeDecodeError, RecursionError):
        raise MakeError(_error("manifest", path=path)) from None
    return manifest


def _existing_notebooks(out: Path, ids: list[str], names: list[str]) -> dict[str, dict[str, list[Path]]]:
    """What each student already has (by metadata); symlinks refuse the whole run."""
    existing: dict[str, dict[str, list[Path]]] = {}
    for sid in ids:
        d = out / sid
        if not os.path.lexists(d):
            existing[sid] = {}
            continue
        if d.is_symlink():
            raise MakeError(_error("link_folder", path=d))
        if not d.is_dir():
            raise MakeError(_error("student_file", path=d))
        existing[sid], _ = _existing(d, sid)
        for name in names:
            p = d / f"{name}.ipynb"
            if p.is_symlink():
                raise MakeError(_error("link", path=p))
    return existing


def _to_remake(names: list[str], wanted: dict[str, dict], set_exercises: dict[str, dict],
               existing: dict[str, dict[str, list[Path]]], manifest: dict[str, str], force: bool) -> set[str]:
    """The exercises whose settings change: only with ``force``, on untouched notebooks."""
    remake: set[str] = set()
    for name in names:
        settings = wanted[name]
        if name not in set_exercises or set_exercises[name] == settings:
            continue
        if set_exercises[name].get("mode", "practice") == "practice" and settings.get("mode") == "test":
            # a set's questions come from its secret, not its mode: a test made in place keeps the practice
            # questions, which students have had with right-or-wrong checks (and a script can solve)
            raise MakeError(_say("practice_to_test", name=name))
        worked = [p for sid in existing for p in existing[sid].get(name, [])
                  if manifest.get(f"{sid}/{name}") != _sha(p)]
        if not force:
            raise MakeError(_error("other_settings", name=name, diff=_diff(set_exercises[name], settings)))
        if worked:
            raise MakeError(_error("force_worked", name=name, count=len(worked), example=worked[0]))
        remake.add(name)
    return remake


def _write_keys(keys_dir: Path, new_secret: str | None, exercises: dict[str, dict], students: list[Student],
                variants: dict[str, int | None]) -> None:
    """The teacher folder's files (the secret only for a new set)."""
    keys_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(keys_dir, 0o700)
    if new_secret is not None:
        _write_teacher_file(keys_dir / SECRET_FILE, new_secret + "\n", 0o600)
    _write_teacher_file(keys_dir / SETTINGS_FILE,
                        json.dumps({"format": 2, "exercises": exercises}, indent=2) + "\n", 0o600)
    _write_teacher_file(keys_dir / ROSTER_FILE, _roster_text(students), 0o600)
    _write_teacher_file(keys_dir / VARIANTS_FILE,
                        json.dumps({"format": 1, "variants": variants}, indent=1) + "\n", 0o600)


def _plan_jobs(out: Path, ids: list[str], exercises: dict[str, dict], existing: dict[str, dict[str, list[Path]]],
               remake: set[str]) -> tuple[list[tuple], int, int, list[str]]:
    """``(jobs, kept, remade, warnings)``: the notebooks to write (student, exercise, settings, "new" or
    "replace"), how many are kept and remade, and what the teacher should know.  Makes the students'
    folders."""
    jobs_list: list[tuple] = []
    kept = remade = 0
    warnings: list[str] = []
    for sid in ids:
        d = out / sid
        if not d.exists():
            d.mkdir()
        for name in exercises:
            have = existing[sid].get(name, [])
            if name in remake and have:
                warnings += [f"{p} is an untouched copy with the old settings; delete it" for p in have
                             if p.name != f"{name}.ipynb"]
                jobs_list.append((sid, name, exercises[name], "replace"))
                remade += 1
            elif have:
                kept += len(have)
            elif os.path.lexists(d / f"{name}.ipynb"):
                warnings.append(f"{d / f'{name}.ipynb'} is not {sid}'s {name} notebook (other "
                                f"metadata): left as it is, no notebook written")
            else:
                jobs_list.append((sid, name, exercises[name], "new"))
    return jobs_list, kept, remade, warnings


def _write_shared(out: Path, title: str | None, requirement: str | None, lang: str) -> None:
    """Class-folder files a teacher publishes (kept when they exist: the teacher may have edited them); the
    README in the set's language ``lang``."""
    (out / "binder").mkdir(exist_ok=True)
    shared = {out / ".gitignore": GITIGNORE,
              out / "README.md": readme_text(title, out.name, lang),
              out / "binder" / "requirements.txt": _requirements_text(requirement or class_requirement()),
              out / "binder" / "runtime.txt": "python-3.11\n"}
    for p, text in shared.items():
        if not os.path.lexists(p):
            _write_teacher_file(p, text)


def _place_warnings(out: Path, keys_dir: Path, requirement: str | None) -> tuple[Path, list[str]]:
    """The Git repository's root holding ``out``, and warnings on where the set and its keys sit."""
    warnings = []
    req = requirement or class_requirement()
    if requirement is None and " @ " not in req:
        warnings.append(f"binder/requirements.txt installs {req} from PyPI; if your Trick Tutor came from "
                        f"a Git repository, remake it with --package \"tricktutor[app] @ "
                        f"git+<repository URL>@<release tag>\" (delete binder/requirements.txt first)")
    root, _ = repository_path(out)
    if root != Path(os.path.abspath(out)):
        warnings.append(f"{out} is inside the Git repository {root}: Binder reads binder/ at the "
                        f"repository root, so copy {out}/binder/ to {root}/binder/ (and check "
                        f"{root}/.gitignore keeps {keys_dir.name}/ out if it is inside the repository)")
    if _inside(keys_dir, root):
        warnings.append(f"{keys_dir} is inside the repository {root}: never commit it "
                        f"(.gitignore in {out} does not cover it)")
    return root, warnings


def _sha(p: Path) -> str | None:
    try:
        return hashlib.sha256(read_regular_file(p, MAX_NOTEBOOK_BYTES)).hexdigest()
    except Refused:
        return None


def _diff(a: dict, b: dict) -> str:
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return ", ".join(_error("setting_changed", setting=k, was=repr(setting_shown(a, k)), now=repr(setting_shown(b, k)))
                     for k in keys)



def _run_jobs(out: Path, jobs_list: list, secret: str, jobs: int | None, variants: dict) -> list:
    by_student: dict[str, list] = {}
    for j in jobs_list:
        by_student.setdefault(j[0], []).append(j)
    n_students = len(by_student)
    workers = jobs if jobs is not None else (min(2, os.cpu_count() or 1) if n_students >= PARALLEL_FROM else 1)
    if workers <= 1:
        return _student_jobs((str(out), jobs_list, secret, variants))
    groups = list(by_student.values())
    chunk = max(1, len(groups) // (workers * 8))
    batches = [(str(out), [j for g in groups[i:i + chunk] for j in g], secret, variants)
               for i in range(0, len(groups), chunk)]
    import multiprocessing  # noqa: PLC0415 - only a large class starts worker processes
    ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    done = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        for part in pool.map(_student_jobs, batches):
            done.extend(part)
    return done


def _write_key_notebooks(keys_dir: Path, students: list[Student], exercises: dict[str, dict], secret: str,
                         variants: dict) -> int:
    """Write every student's notebooks with the answers filled in (teacher
    folder, unsigned: the grader refuses them); returns how many."""
    import nbformat  # noqa: PLC0415 - nbformat (the app extra) loads when a notebook is made
    base = keys_dir / KEYS_DIR
    base.mkdir(exist_ok=True)
    written = 0
    for s in students:
        d = base / s.id
        if d.is_symlink():
            raise MakeError(_error("link", path=d))
        d.mkdir(exist_ok=True)
        keys = {}
        for name, settings in exercises.items():
            keys[name] = key_literals(name, s.id, settings, secret, variants.get(s.id))
            nb = fill_answers(_build(name, s.id, settings, secret, variants.get(s.id)), keys[name])
            nb["metadata"]["tricktutor"]["answer_key"] = True  # unsigned: the grader refuses it
            _write_teacher_file(d / f"{name}.ipynb", nbformat.writes(nb) + "\n", 0o600)
            written += 1
        _write_teacher_file(base / f"{s.id}.json", json.dumps(keys, indent=2, ensure_ascii=False) + "\n", 0o600)
    return written
