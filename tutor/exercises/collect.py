"""Filing handed-in notebooks (``tricktutor exercises collect``).

**Who handed a notebook in** is read from where the school's system put it,
never from the notebook: its metadata names the student it was *made for*,
and a student can hand in a classmate's notebook or edit that metadata.
These places name a student (exercises/TEACHERS.md says where each comes
from):

* a folder (or zip, or zip-entry folder) named by a roster id:
  ``<id>/…`` or ``<id>.zip`` (a hub's copied home folders, your own sorting);
* Moodle's "Download all submissions" (``mod/assign``): a folder
  ``<Full name>_<participant id>_assignsubmission_file/`` per student (the
  default since Moodle 3.1), or flat files
  ``<Full name>_<participant id>_assignsubmission_file_<file name>``; the
  participant id is Moodle's own number for the student in that assignment;
* Canvas's "Download Submissions": files
  ``<sortable name>[_late]_<Canvas user id>_<file id>_<file name>``, the
  name lower-cased without spaces or punctuation (``khanamina``).

Google Classroom's files are not read by name: its turned-in files sit in a
Drive folder under file names that students can change (``Amina Khan -
ex1.ipynb`` may come from anyone), so a Classroom class is collected from
folders named by student id.

The *outermost* part of the path (the source's own name, its folders, zip
names, zip-entry folders, then the file name) that has one of these forms
decides: whatever a student puts inside their own hand-in cannot make it
someone else's.  That part is matched to one roster student: by the roster
id itself; by Moodle's or Canvas's own number, through the platform's list
given with ``lms_lists`` (Moodle's grading worksheet, Canvas's gradebook
export); else by the name the platform wrote, when exactly one roster
student has that name and no other account in the same download carries it.

Then, for every exercise notebook found:

* made for the student who handed it in, and signed with this class's
  secret: filed as ``INTO/<student>/<exercise>.ipynb`` with its file or
  zip-entry date.  A copy never replaces another: a different copy of the
  same exercise is filed beside it (``<exercise> (2).ipynb``), and
  ``grade`` grades the newest copy that can be graded and says which;
  an identical one is left alone.
* made for another student: never filed; listed as "Handed in by A, made
  for B" here and in ``grade``'s report — unless it is byte for byte the
  notebook ``make`` wrote for B (the teacher folder's ``manifest.json``), as
  every student's copy of a class repository on a hub holds for all
  classmates: that is nobody's work, and it is only counted.
* opened but not answered (every answer cell as ``make`` wrote it, as a
  hub's Jupyter saves a notebook a student only opened): nobody's work,
  not filed; listed apart from those made for another.
* from a place that names nobody on the roster, a name two or more roster
  students carry, or two accounts with the same name: never filed; listed.
  Two accounts are looked for in one download, and, for the same student
  and exercise, across every source and every earlier collect into the same
  folder (a student who renamed their account after a classmate); ``grade``
  grades neither account's copy (:func:`~tutor.exercises.grading.name_conflicts`)
  until ``--lms-list`` tells them apart.
* inside a folder (or zip) that is named by no student but holds the
  folders of several (a hub home copied as ``jupyter-mallory/`` holds the
  whole class folder): never filed; listed.  Only a source itself may hold
  several students' folders.
* past :data:`MAX_COPIES` different copies of one exercise from one
  student: not filed; listed.
* not this class's notebooks (practice copies, another class's set, an
  exercise not in the set) and tampered metadata: never filed; listed.

Every outcome is also logged in ``INTO/.tricktutor-collect.json``
(:data:`~tutor.exercises.grading.COLLECT_LOG`) as codes and values, so that
``grade`` and ``report`` list them.

Zip safety: entry names are never used as paths; only ``.ipynb`` entries
are read, each at most :data:`~tutor.exercises.grading.MAX_NOTEBOOK_BYTES`
uncompressed, at most :data:`MAX_ZIP_ENTRIES` entries and
:data:`MAX_ZIP_TOTAL` bytes per zip; nested zips one level deep; links and
special files in folders are skipped.
"""
from __future__ import annotations

import csv
import hashlib
import hmac
import io
import itertools
import json
import os
import re
import secrets
import stat
import time
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator

from tutor.text import M_, P_

from .classset import MANIFEST_FILE, notebook_for
from .grading import (COLLECT_LOG, MAX_NOTEBOOK_BYTES, SIGNATURE, ClassKeys, Refused, metadata_signature,
                      name_conflicts, read_regular_file)
from .questions import EXERCISES
from .roster import id_problem
from .words import say, text_of

__all__ = ["collect", "CollectReport", "CollectError", "read_lms_list", "submitter_slot", "MAX_ZIP_ENTRIES",
           "MAX_ZIP_TOTAL", "MAX_COPIES"]

MAX_ZIP_ENTRIES = 20_000
MAX_ZIP_TOTAL = 1_000_000_000
MAX_NESTED_ZIP = 200_000_000
MAX_LMS_LIST_BYTES = 20_000_000
#: The copies of one exercise kept from one student (a resubmission a day for three weeks fits); a further
#: different copy is not filed and is listed (100 copies of 4.9 MB took 541 MB and 14 s, issue 33).
MAX_COPIES = 20
_SKIP_DIRS = {"__MACOSX", ".ipynb_checkpoints", ".git"}

# Moodle: "<Full name>_<participant id>_assignsubmission_<plugin>" + "" (folder) or "_<file>" (flat);
# Moodle writes the name with "_" turned into spaces (mod/assign/locallib.php, download_submissions).
_MOODLE = re.compile(r"(?P<name>[^_]*)_(?P<key>\d+)_assignsubmission_[a-z]+(?:_.*)?", re.S)
# Canvas: "<sortable name>[_late]_<user id>_<attachment id>_<file name>", the prefix lower-cased with every
# non-word character removed (app/models/content_zipper.rb: get_filename, add_upload_submission).
_CANVAS = re.compile(r"(?:(?P<name>[^\W_][\w]*?)_)?(?:late_)?(?P<key>\d+)_\d+_(?P<rest>.+)", re.S)

#: What collect says (the teacher's command line, in the current language): catalogue entries, named
#: placeholders; a heading's {n} counts the lines under it.
_SAY = {
    # TRANSLATORS: collect's first line: {n} notebooks filed into the students' folders.
    "filed": P_("ex.collect.filed", "Filed {n} notebook.", "Filed {n} notebooks."),
    # TRANSLATORS: added to the first line: {n} notebooks were already filed, unchanged.
    "unchanged": M_("ex.collect.unchanged", "{n} already there unchanged."),
    # TRANSLATORS: a heading of collect's output; {n} lines follow; keep "grade" (a command).
    "copies": M_("ex.collect.copies", "More than one copy of an exercise from the same student (each filed; grade "
                                      "grades the newest copy that can be graded and says which): {n}"),
    # TRANSLATORS: a line under that heading: {student}/{file} is another copy of {exercise}, from the file
    # {source}.
    "copies_line": M_("ex.collect.copies_line", "{student}/{file}: another copy of {exercise}, from {source}"),
    # TRANSLATORS: a heading: {n} notebooks handed in by one student but made for another.
    "other": M_("ex.collect.other", "Handed in by one student, made for another (not filed): {n}"),
    # TRANSLATORS: a line under that heading.
    "other_line": M_("ex.collect.other_line", "Handed in by {submitter}, made for {owner}: {exercise} ({source})."),
    # TRANSLATORS: a line of collect's output: {n} classmates' notebooks, untouched, found beside a student's own;
    # keep "make" (a command).
    "untouched": M_("ex.collect.untouched", "Classmates' notebooks exactly as make wrote them, found beside a "
                                            "student's own (nobody's work, not filed): {n}"),
    # TRANSLATORS: a heading: {n} files found in a place that names no student.
    "unknown": M_("ex.collect.unknown", "Where these were found names no student (not filed; put each student's "
                                        "files in a folder named by their id): {n}"),
    # TRANSLATORS: a heading; keep "--lms-list" (a command option).
    "not_on_roster": M_("ex.collect.not_on_roster", "Handed in from a place that names nobody on the roster (not "
                                                    "filed; --lms-list with your platform's list of students matches "
                                                    "its own numbers): {n}"),
    # TRANSLATORS: a heading; keep "grade" and "--lms-list".
    "ambiguous": M_("ex.collect.ambiguous", "Two accounts carry the same name (in one download, in two downloads, or "
                                            "in one and a download collected into this folder before; not filed, and "
                                            "grade grades neither's copy of that exercise; --lms-list with your "
                                            "platform's list of students tells them apart): {n}"),
    # TRANSLATORS: a heading; keep "--lms-list".
    "same_name": M_("ex.collect.same_name", "Two or more students on the roster have the name the platform wrote "
                                            "(not filed; --lms-list with your platform's list of students tells them "
                                            "apart): {n}"),
    # TRANSLATORS: a heading; keep "make".
    "opened": M_("ex.collect.opened", "Classmates' notebooks opened but not answered, found beside a student's own "
                                      "(every answer as make wrote it: nobody's work, not filed): {n}"),
    # TRANSLATORS: a line under that heading: {submitter} opened {owner}'s notebook of {exercise}.
    "opened_line": M_("ex.collect.opened_line", "{submitter} opened {owner}'s {exercise} ({source})."),
    # TRANSLATORS: a heading; keep "collected/<id>/" (a folder).
    "class_copy": M_("ex.collect.class_copy", "Folders named by no student that hold several students' folders, like "
                                              "a copy of the whole class folder in a hub home (not filed; copy each "
                                              "student's home folder to collected/<id>/, or pass a folder you sorted "
                                              "yourself as a source of its own): {n}"),
    # TRANSLATORS: a line under that heading: {folder} holds the folders of {n} students ({ids}) and {files}
    # notebooks.
    "class_copy_line": P_("ex.collect.class_copy_line", "{folder}: the folders of {n} student ({ids}), {files} "
                                                        "notebooks",
                          "{folder}: the folders of {n} students ({ids}), {files} notebooks"),
    # TRANSLATORS: a heading; {max} is how many copies collect keeps; keep "collect".
    "too_many": M_("ex.collect.too_many", "More copies of one exercise from one student than collect keeps ({max}; "
                                          "not filed: delete old copies from the student's folder to file a later "
                                          "one): {n}"),
    # TRANSLATORS: a line under that heading.
    "too_many_line": M_("ex.collect.too_many_line", "{student}/{exercise}: {source}"),
    # TRANSLATORS: a line: {slot} says where a file was (a folder, a learning platform's account), {source} the file.
    "slot_line": M_("ex.collect.slot_line", "{slot}: {source}"),
    # TRANSLATORS: a line: {n} students matched to the class list by the name the learning platform wrote, {names}.
    "by_name": P_("ex.collect.by_name", "Matched to the roster by the name the platform wrote: {n} student ({names}).",
                  "Matched to the roster by the name the platform wrote: {n} students ({names})."),
    # TRANSLATORS: a heading: {n} files that are not this class's exercise notebooks.
    "foreign": M_("ex.collect.foreign", "Not exercise notebooks of this class (not filed): {n}"),
    # TRANSLATORS: a heading: {n} notebooks whose hidden details (metadata) were changed.
    "tampered": M_("ex.collect.tampered", "Tampered metadata (not filed): {n}"),
    # TRANSLATORS: a heading: {n} files not read (links, special files).
    "skipped": M_("ex.collect.skipped", "Skipped: {n}"),
    # TRANSLATORS: a line: the file {source} and why it was not filed ({why}).
    "why_line": M_("ex.collect.why_line", "{source}: {why}"),
}
#: Where a file was, as the collect log keeps it (data read by grade: the same in every language).
_SLOT = {"id": "folder {key}", "moodle": "Moodle participant {key} ({name})", "canvas": "Canvas user {key} ({name})"}
#: Why a file is not filed (the clause after its source in a listing).
_WHY = {
    # TRANSLATORS: why collect did not file a file (after its name): it is not a notebook.
    "not_json": M_("ex.collect.why.not_json", "not a notebook (not JSON)"),
    # TRANSLATORS: as above: a notebook, but not one of Trick Tutor's exercises.
    "no_metadata": M_("ex.collect.why.no_metadata", "not a Trick Tutor exercise notebook (no tricktutor metadata)"),
    # TRANSLATORS: as above: the notebook's hidden details are damaged; keep "tricktutor".
    "meta_not_object": M_("ex.collect.why.meta_not_object", "tricktutor metadata is not an object"),
    # TRANSLATORS: as above.
    "meta_not_text": M_("ex.collect.why.meta_not_text", "student or exercise in the metadata is not text"),
    # TRANSLATORS: as above: {student} (in quotes) cannot be a student id; {why} says why.
    "bad_student": M_("ex.collect.why.bad_student", "student {student} in the metadata {why}"),
    # TRANSLATORS: as above: {exercise} (in quotes) is no exercise of Trick Tutor.
    "bad_exercise": M_("ex.collect.why.bad_exercise", "exercise {exercise} in the metadata is not one of Trick "
                                                      "Tutor's"),
    # TRANSLATORS: as above: a practice notebook (made for anyone), not one made for this class.
    "practice": M_("ex.collect.why.practice", "a practice copy, not a class notebook"),
    # TRANSLATORS: as above: the exercise {exercise} is not in this class's set.
    "not_in_set": M_("ex.collect.why.not_in_set", "{exercise} is not in this set"),
    # TRANSLATORS: as above: made for the student {student} (in quotes), who is not on the class list.
    "made_for_unknown": M_("ex.collect.why.made_for_unknown", "made for {student}, who is not on this set's roster"),
    # TRANSLATORS: as above: the notebook's signature is not this class's.
    "signature": M_("ex.collect.why.signature", "the metadata does not carry this class's signature (edited, or "
                                                "another class's set)"),
}


def _line(key: str, **params: Any) -> str:
    """One of collect's lines (:data:`_SAY`) in the current language."""
    return text_of(say(_SAY[key], **params))


#: Why collect cannot run (its one line after "tricktutor exercises collect: "), in the current language.
_ERRORS = {
    # TRANSLATORS: collect: the learning platform's list of students {path} (option --lms-list, keep it) is empty.
    "lms_empty": M_("ex.collect.error.lms_empty", "--lms-list {path} is empty"),
    # TRANSLATORS: collect: the list {path} has none of the platforms' id columns; keep 'Identifier' and 'ID'
    # (column names) and the names Moodle and Canvas.
    "lms_no_key": M_("ex.collect.error.lms_no_key", "--lms-list {path} has no 'Identifier' column (Moodle's grading "
                                                    "worksheet) or 'ID' column (Canvas's gradebook export)"),
    # TRANSLATORS: collect: no column of the list {path} holds the class's student ids; {columns} lists its columns.
    "lms_no_ids": M_("ex.collect.error.lms_no_ids", "--lms-list {path}: no column holds this set's student ids "
                                                    "(columns: {columns})"),
    # TRANSLATORS: collect: {into}, where the notebooks are filed (option --into, keep it), is not a folder.
    "into_not_folder": M_("ex.collect.error.into_not_folder", "--into {into} must be a folder (not a file or a "
                                                              "link)"),
    # TRANSLATORS: collect: the downloaded file or folder {path} does not exist.
    "not_found": M_("ex.collect.error.not_found", "{path} not found"),
    # TRANSLATORS: collect: {into} (option --into) is inside the downloads {downloads}.
    "into_inside": M_("ex.collect.error.into_inside", "--into {into} must not be inside the downloads {downloads}"),
}


def _said(key: str, **params: Any) -> str:
    """One of collect's errors (:data:`_ERRORS`) in the current language."""
    return text_of(say(_ERRORS[key], **params))


def _why(key: str, **params: Any) -> str:
    """Why a file is not filed (:data:`_WHY`) in the current language."""
    return text_of(say(_WHY[key], **params))


class CollectError(ValueError):
    """``collect`` cannot go ahead (a source missing, an unusable ``--into`` or
    ``--lms-list``): one line for the teacher, nothing filed."""


@dataclass
class _Item:
    label: str                 # where it came from, for messages
    parts: tuple[str, ...]     # the path from the source's own name inward (folders, zip names, entries)
    data: bytes
    mtime: float


@dataclass(frozen=True)
class Slot:
    """Who a place in a download names: ``layout`` ("id", "moodle" or
    "canvas"), ``key`` (the roster id, Moodle participant id or Canvas user
    id) and ``name`` (as the platform wrote it)."""

    layout: str
    key: str
    name: str = ""

    def label(self) -> str:
        return _SLOT[self.layout].format(key=self.key, name=self.name)


@dataclass
class CollectReport:
    """What ``collect`` did, as lists of lines (see :meth:`summary`)."""

    filed: list[str] = field(default_factory=list)          # "sid/exercise.ipynb ← source"
    unchanged: list[str] = field(default_factory=list)
    copies: list[str] = field(default_factory=list)
    made_for_other: list[str] = field(default_factory=list)
    unknown_submitter: list[str] = field(default_factory=list)
    not_on_roster: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    same_name: list[str] = field(default_factory=list)      # a name several roster students carry
    opened: list[str] = field(default_factory=list)         # classmates' notebooks opened, every answer untouched
    class_copy: list[str] = field(default_factory=list)     # folders holding several students' folders
    too_many: list[str] = field(default_factory=list)       # copies past MAX_COPIES
    foreign: list[str] = field(default_factory=list)
    tampered: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)        # links, special files, unsafe zip entries
    by_name: list[str] = field(default_factory=list)        # roster ids matched by the platform's name
    untouched_others: int = 0                                # classmates' blank notebooks as make wrote them

    def summary(self) -> str:
        """What collect prints, in the current language."""
        lines = [_line("filed", n=len(self.filed))]
        if self.unchanged:
            lines[0] += " " + _line("unchanged", n=len(self.unchanged))
        if self.untouched_others:
            lines.append(_line("untouched", n=self.untouched_others))
        if self.by_name:
            lines.append(_line("by_name", n=len(self.by_name), names=", ".join(self.by_name)))
        for key, items in (("copies", self.copies), ("opened", self.opened), ("other", self.made_for_other),
                           ("unknown", self.unknown_submitter), ("class_copy", self.class_copy),
                           ("not_on_roster", self.not_on_roster), ("same_name", self.same_name),
                           ("ambiguous", self.ambiguous), ("too_many", self.too_many), ("foreign", self.foreign),
                           ("tampered", self.tampered), ("skipped", self.skipped)):
            if items:
                lines.append(_line(key, n=len(items), max=MAX_COPIES))
                lines += [f"  {x}" for x in items]
        return "\n".join(lines)


# ------------------------------------------------------------- walking
class _Skip(str):
    """A line saying what a walk did not read (a link, a special file, an unsafe zip entry)."""


def _walk_folder(root: Path) -> Iterator[_Item | _Skip]:
    top = Path(os.path.abspath(root)).name
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        rel = Path(dirpath).relative_to(root).parts
        for fn in sorted(filenames):
            p = Path(dirpath) / fn
            low = fn.lower()
            if fn.startswith("."):
                continue
            if not (low.endswith(".ipynb") or low.endswith(".zip")):
                continue
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
                yield _Skip(f"{p}: a link or special file, not read")
                continue
            parts = (top, *rel, fn)
            if low.endswith(".zip"):
                yield from _walk_zip(p, parts=parts)
                continue
            try:
                yield _Item(str(p), parts, read_regular_file(p, MAX_NOTEBOOK_BYTES), st.st_mtime)
            except Refused as r:
                yield _Skip(f"{p} {r}")


def _walk_zip(path: Path, depth: int = 0, data: bytes | None = None,
              parts: tuple[str, ...] | None = None) -> Iterator[_Item | _Skip]:
    label = str(path)
    parts = parts if parts is not None else (Path(os.path.abspath(path)).name,)
    try:
        if data is None:
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
                raise Refused("zip_link")
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            fobj: IO[bytes] = os.fdopen(fd, "rb")
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                fobj.close()
                raise Refused("zip_link")
        else:
            fobj = io.BytesIO(data)
        zf = zipfile.ZipFile(fobj)
    except (Refused, zipfile.BadZipFile, OSError, ValueError) as e:
        yield _Skip(f"{label}: not a readable zip file ({e})")
        return
    with zf, (fobj if data is None else io.BytesIO()):
        infos = zf.infolist()
        if len(infos) > MAX_ZIP_ENTRIES:
            yield _Skip(f"{label}: more than {MAX_ZIP_ENTRIES} entries, not read")
            return
        total = 0
        for info in infos:
            name = info.filename
            entry = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
            base = entry[-1] if entry else ""
            if info.is_dir() or not entry or any(p in _SKIP_DIRS for p in entry) or base.startswith("."):
                continue
            low = base.lower()
            if not (low.endswith(".ipynb") or (low.endswith(".zip") and depth == 0)):
                continue
            mode = (info.external_attr >> 16) & 0o170000
            if mode and mode != stat.S_IFREG:
                yield _Skip(f"{label}:{name}: a link or special file in the zip, not read")
                continue
            limit = MAX_NOTEBOOK_BYTES if low.endswith(".ipynb") else MAX_NESTED_ZIP
            if info.file_size > limit:
                yield _Skip(f"{label}:{name}: larger than {limit / 1e6:g} MB uncompressed, not read")
                continue
            total += info.file_size
            if total > MAX_ZIP_TOTAL:
                yield _Skip(f"{label}: more than {MAX_ZIP_TOTAL / 1e9:g} GB uncompressed, rest not read")
                return
            try:
                with zf.open(info) as f:
                    content = f.read(limit + 1)
            except (zipfile.BadZipFile, RuntimeError, OSError, NotImplementedError, EOFError) as e:
                yield _Skip(f"{label}:{name}: cannot be read ({e})")
                continue
            if len(content) > limit:  # the header lied about the size
                yield _Skip(f"{label}:{name}: larger than its zip entry says, not read")
                continue
            try:
                mtime = time.mktime((*info.date_time, 0, 0, -1))
            except (OverflowError, ValueError):
                mtime = 0.0
            if low.endswith(".zip"):
                yield from _walk_zip(Path(f"{label}:{name}"), depth + 1, content, (*parts, *entry))
            else:
                yield _Item(f"{label}:{name}", (*parts, *entry), content, mtime)


# ------------------------------------------------------------ who handed it in
def submitter_slot(parts: tuple[str, ...] | list[str], roster_ids: set[str]) -> tuple[Slot, int] | None:
    """The :class:`Slot` that the outermost part of ``parts`` names, and that
    part's index; None when no part has one of the forms collect reads."""
    for i, part in enumerate(parts):
        stem = part[:-4] if part.lower().endswith(".zip") else part
        if stem in roster_ids:
            return Slot("id", stem), i
        m = _MOODLE.fullmatch(part)
        if m:
            return Slot("moodle", m.group("key"), m.group("name").strip()), i
        last = i == len(parts) - 1 or part.lower().endswith(".zip")
        if last:
            m = _CANVAS.fullmatch(part)
            if m and m.group("rest").lower().endswith((".ipynb", ".zip")):
                return Slot("canvas", m.group("key"), m.group("name") or ""), i
    return None


def _fold(text: str) -> str:
    """Case, accents and punctuation folded away (for comparing names)."""
    t = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in t if not unicodedata.combining(ch))


def _tokens(name: str) -> list[str]:
    return [t for t in re.split(r"[\W_]+", _fold(name)) if t]


def _name_index(names: dict[str, str]) -> dict[str, set[str]]:
    """Name keys → roster ids: the name's words in any order (Moodle) and
    run together in any order (Canvas's ``khanamina``)."""
    index: dict[str, set[str]] = {}
    for sid, name in names.items():
        toks = _tokens(name)
        if not toks:
            continue
        keys = {" ".join(sorted(toks))}
        if len(toks) <= 5:
            keys |= {"".join(p) for p in itertools.permutations(toks)}
        for k in keys:
            index.setdefault(k, set()).add(sid)
    return index


def _name_key(slot: Slot) -> str:
    if slot.layout == "canvas":
        return "".join(_tokens(slot.name))
    return " ".join(sorted(_tokens(slot.name)))


def read_lms_list(path: str | os.PathLike, ids: list[str], lms_ids: dict[str, str] | None = None
                  ) -> dict[tuple[str, str], str]:
    """``{(layout, platform number): roster id}`` from a learning platform's
    list of students: Moodle's grading worksheet (column ``Identifier``,
    "Participant 1234567") or Canvas's gradebook export (column ``ID``).
    The roster id is read from the column whose values are roster ids (or
    the roster's ``lms_id``s): ``ID number``, ``SIS User ID``, ``Username``,
    ``Email address``…  Raises :class:`CollectError` (one line) for a file
    that is not such a list."""
    p = Path(path)
    try:
        raw = read_regular_file(p, MAX_LMS_LIST_BYTES)
    except Refused as e:
        raise CollectError(f"--lms-list {path} {e}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise CollectError(_said("lms_empty", path=path))
    counts = {d: lines[0].count(d) for d in (",", ";", "\t")}
    delim = max(counts, key=lambda d: counts[d])
    rows = list(csv.reader(lines, delimiter=delim))
    header = [re.sub(r"[^a-z0-9]", "", h.lower()) for h in rows[0]]
    body = rows[1:]
    if "identifier" in header:
        layout, kcol = "moodle", header.index("identifier")
    elif "id" in header:
        layout, kcol = "canvas", header.index("id")
    else:
        raise CollectError(_said("lms_no_key", path=path))
    who = {i: i for i in ids}
    who.update({v: k for k, v in (lms_ids or {}).items() if v})
    best, best_n = None, 0
    for c in range(len(header)):
        if c == kcol:
            continue
        n = sum(1 for r in body if c < len(r) and r[c].strip() in who)
        if n > best_n:
            best, best_n = c, n
    if best is None:
        raise CollectError(_said("lms_no_ids", path=path, columns=", ".join(rows[0])))
    out: dict[tuple[str, str], str] = {}
    for r in body:
        if kcol >= len(r) or best >= len(r):
            continue
        m = re.fullmatch(r"\D*?(\d+)", r[kcol].strip())
        sid = who.get(r[best].strip())
        if m and sid:
            out[(layout, m.group(1))] = sid
    return out


def _identify(item: _Item, keys: ClassKeys) -> tuple[str, str | None, str | None, str]:
    """``(kind, made for, exercise, why)`` from the notebook's metadata; kind:
    ok / foreign / tampered."""
    try:
        nb = json.loads(item.data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "foreign", None, None, _why("not_json")
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    tt = meta.get("tricktutor") if isinstance(meta, dict) else None
    if tt is None:
        return "foreign", None, None, _why("no_metadata")
    if not isinstance(tt, dict):
        return "tampered", None, None, _why("meta_not_object")
    sid, ex = tt.get("student"), tt.get("exercise")
    if not isinstance(sid, str) or not isinstance(ex, str):
        return "tampered", None, None, _why("meta_not_text")
    why = id_problem(sid)
    if why:
        return "tampered", None, None, _why("bad_student", student=repr(sid[:40]), why=why)
    if ex not in EXERCISES:
        return "tampered", None, None, _why("bad_exercise", exercise=repr(ex[:40]))
    if sid == "practice" and tt.get(SIGNATURE) is None:
        return "foreign", sid, ex, _why("practice")
    if ex not in keys.exercises:
        return "not_in_set", sid, ex, _why("not_in_set", exercise=ex)
    sig = tt.get(SIGNATURE)
    if not isinstance(sig, str) or not hmac.compare_digest(
            sig, metadata_signature(keys.secret, ex, sid, tt.get("settings"))):
        return "tampered", sid, ex, _why("signature")
    if keys.ids is not None and sid not in keys.ids:
        return "foreign", sid, ex, _why("made_for_unknown", student=repr(sid))
    return "ok", sid, ex, ""


# ---------------------------------------------------------------- collect
def collect(sources: list[str | os.PathLike], into: str | os.PathLike, keys: ClassKeys,
            lms_lists: list[str | os.PathLike] | None = None) -> CollectReport:
    """File every exercise notebook found in ``sources`` (folders, zip files
    or single notebooks) under ``into``; see the module docstring.  ``keys``:
    the teacher folder's :class:`ClassKeys` (the roster, settings and secret);
    ``lms_lists``: learning-platform lists of students (:func:`read_lms_list`).
    Raises :class:`CollectError` (one line, nothing filed) when a source is
    missing, ``into`` is unusable or a list cannot be read."""
    into = Path(into)
    _check_places(sources, into)
    ids = list(keys.ids or [])
    roster = set(ids)
    lms_map: dict[tuple[str, str], str] = {}
    for lst in lms_lists or []:
        lms_map.update(read_lms_list(lst, ids, keys.lms_ids))
    report = CollectReport()
    found, report.skipped = _gather(sources, roster)
    resolved, ambiguous = _resolve(found, lms_map, _name_index({i: keys.names.get(i, "") for i in ids}))
    report.by_name = sorted({sid for k, (sid, how) in resolved.items() if how == "name" and k not in ambiguous})
    copies_of = _class_copies(found, roster)
    log, judged = _judge_all(found, keys, resolved)
    # two accounts with one name: in this download (above), and across every source and every earlier collect
    # into this folder, for the same student and exercise (a student renamed after a classmate)
    ctx = _Context(keys, resolved, ambiguous, copies_of, name_conflicts([*_read_log(into), *log]), _manifest(keys),
                   _Shelf(into))
    for item, slot, scope, entry, why in judged:
        settled = _settle(item, slot, scope, entry, why, ctx)
        entry.update(settled.entry)
        report.untouched_others += settled.untouched
        for kind, line in settled.lines:
            getattr(report, kind).append(line)
    for scope, ids_there in copies_of.items():
        files = sum(1 for _, _, sc in found if sc[:len(scope)] == scope)
        shown = ", ".join(sorted(ids_there)[:5]) + (", …" if len(ids_there) > 5 else "")
        report.class_copy.append(_line("class_copy_line", folder="/".join(scope), n=len(ids_there),
                                                                ids=shown, files=files))
    _write_log(into, log)
    return report


def _check_places(sources: list[str | os.PathLike], into: Path) -> None:
    if os.path.lexists(into) and (into.is_symlink() or not into.is_dir()):
        raise CollectError(_said("into_not_folder", into=into))
    for s in sources:
        if not os.path.lexists(s):
            raise CollectError(_said("not_found", path=s))
        if Path(s).resolve() == into.resolve() or (Path(s).is_dir()
                                                   and Path(into).resolve().is_relative_to(Path(s).resolve())):
            raise CollectError(_said("into_inside", into=into, downloads=s))


_Found = tuple[_Item, "Slot | None", tuple]   # (item, slot, the slot's place: the path above it)


def _gather(sources: list[str | os.PathLike], roster: set[str]) -> tuple[list[_Found], list[str]]:
    """Every notebook in ``sources`` with the slot that says who handed it in (the same file from the same
    place once), and the lines saying what was not read."""
    found: list[_Found] = []
    skipped: list[str] = []
    seen: set[tuple[bytes, tuple]] = set()
    for s in sources:
        p = Path(s)
        if p.is_symlink():
            skipped.append(f"{p}: a link, not read")
            continue
        if p.is_dir():
            items: Iterator[_Item | _Skip] = _walk_folder(p)
        elif p.name.lower().endswith(".zip"):
            items = _walk_zip(p)
        else:
            try:
                items = iter([_Item(str(p), (p.name,), read_regular_file(p, MAX_NOTEBOOK_BYTES),
                                    os.lstat(p).st_mtime)])
            except Refused as r:
                skipped.append(f"{p} {r}")
                continue
        for item in items:
            if isinstance(item, _Skip):
                skipped.append(str(item))
                continue
            hit = submitter_slot(item.parts, roster)
            slot, scope = (hit[0], item.parts[:hit[1]]) if hit else (None, ())
            digest = (hashlib.sha256(item.data).digest(), (slot.layout, slot.key) if slot else ())
            if digest in seen:  # the same file from the same place twice (e.g. a folder and its zip)
                continue
            seen.add(digest)
            found.append((item, slot, scope))
    return found, skipped


def _resolve(found: list[_Found], lms_map: dict[tuple[str, str], str], index: dict[str, set[str]]
             ) -> tuple[dict[tuple, tuple[str, str]], set[tuple]]:
    """Slots → roster ids: exact ids and the platform's list first, then a name only one account carries.
    A platform's numbers are its own (Moodle's differ from one assignment to the next), so a slot is
    known by where it is (the download it is in), its layout and its key.  Returns ``{(scope, layout,
    key): (sid, how)}`` and the slots matched by a name another slot there matched too."""
    resolved: dict[tuple, tuple[str, str]] = {}
    for _, slot, scope in found:
        if slot is None or (scope, slot.layout, slot.key) in resolved:
            continue
        k = (scope, slot.layout, slot.key)
        if slot.layout == "id":
            resolved[k] = (slot.key, "id")
        elif (slot.layout, slot.key) in lms_map:
            resolved[k] = (lms_map[(slot.layout, slot.key)], "list")
        else:
            match = index.get(_name_key(slot), set())
            resolved[k] = ((next(iter(match)), "name") if len(match) == 1 else
                           ("", "same_name") if match else ("", "none"))
    claimed: dict[tuple, set[tuple]] = {}  # (scope, layout, sid) → the slots claiming that student there
    for k, (sid, how) in resolved.items():
        if sid:
            claimed.setdefault((k[0], k[1], sid), set()).add(k)
    ambiguous = {k for k, (sid, how) in resolved.items() if how == "name" and len(claimed[(k[0], k[1], sid)]) > 1}
    return resolved, ambiguous


def _judge_all(found: list[_Found], keys: ClassKeys, resolved: dict[tuple, tuple[str, str]]
               ) -> tuple[list[dict], list[tuple[_Item, Slot | None, tuple, dict[str, Any], str]]]:
    """Each notebook's log entry (what it is, for whom it was made, whose slot it came from) and why."""
    log: list[dict] = []
    judged = []
    for item, slot, scope in found:
        kind, owner, ex, why = _identify(item, keys)
        entry: dict[str, Any] = {"source": item.label, "submitter": None, "slot": slot.label() if slot else None,
                                 "outcome": kind, "exercise": ex, "made_for": owner, "filed_as": None,
                                 "sha256": hashlib.sha256(item.data).hexdigest()}
        if slot is not None:
            sid, how = resolved[(scope, slot.layout, slot.key)]
            entry["account"] = f"{slot.layout} {slot.key}"
            entry["named"] = sid if how == "name" else None  # the roster student the platform's name matched
        log.append(entry)
        judged.append((item, slot, scope, entry, why))
    return log, judged


@dataclass
class _Context:
    """What settling one notebook reads: the keys, the slots resolved, the class copies, the name conflicts,
    the notebooks as make wrote them, and the shelf that files them."""

    keys: ClassKeys
    resolved: dict[tuple, tuple[str, str]]
    ambiguous: set[tuple]
    copies_of: dict[tuple, set[str]]
    conflicts: dict[tuple[str, str], set[str]]
    as_made: dict[str, str]
    shelf: _Shelf


@dataclass
class _Settled:
    """What became of one notebook: the log entry's new fields, the report's lines (list name, line) and
    whether it was a classmate's untouched notebook."""

    entry: dict[str, Any] = field(default_factory=dict)
    lines: list[tuple[str, str]] = field(default_factory=list)
    untouched: int = 0


def _settle(item: _Item, slot: Slot | None, scope: tuple, entry: dict[str, Any], why: str, ctx: _Context
            ) -> _Settled:
    kind, owner, ex = entry["outcome"], entry["made_for"], entry["exercise"]
    out = _Settled()
    if kind in ("foreign", "not_in_set", "tampered"):
        out.lines.append(("tampered" if kind == "tampered" else "foreign",
                          _line("why_line", source=item.label, why=why)))
    if slot is None:
        if kind == "ok":
            out.entry["outcome"] = "unknown_submitter"
            out.lines.append(("unknown_submitter", item.label))
        return out
    k = (scope, slot.layout, slot.key)
    sid, how = ctx.resolved[k]
    if scope in ctx.copies_of:
        out.entry.update(outcome="class_copy" if kind == "ok" else kind, slot="/".join(scope))
        return out
    slot_line = _line("slot_line", slot=slot.label(), source=item.label)
    if k in ctx.ambiguous or (how == "name" and owner == sid and (sid, ex) in ctx.conflicts):
        out.entry["outcome"] = "ambiguous" if kind == "ok" else kind
        if kind == "ok":
            out.lines.append(("ambiguous", slot_line))
        return out
    if not sid:
        if kind == "ok":
            out.entry["outcome"] = "same_name" if how == "same_name" else "not_on_roster"
            out.lines.append(("same_name" if how == "same_name" else "not_on_roster", slot_line))
        return out
    out.entry["submitter"] = sid
    if kind != "ok":
        return out
    if owner != sid and ctx.as_made.get(f"{owner}/{ex}") == entry["sha256"]:
        out.entry["outcome"] = "untouched_other"  # a classmate's notebook as make wrote it: nobody's work
        out.untouched = 1
        return out
    assert ex is not None and owner is not None  # a notebook classified "ok" names its exercise and student
    if owner != sid and _answers_as_made(item, ctx.keys, owner, ex):
        out.entry["outcome"] = "opened_other"  # opened (on a hub, Jupyter saves it) but not one answer written
        out.lines.append(("opened", _line("opened_line", submitter=sid, owner=owner, exercise=ex,
                                                               source=item.label)))
        return out
    if owner != sid:
        out.entry["outcome"] = "other_student"
        out.lines.append(("made_for_other", _line("other_line", submitter=sid, owner=owner, exercise=ex,
                                                                      source=item.label)))
        return out
    filed = ctx.shelf.file(item, sid, ex)
    out.entry.update(outcome=filed.outcome, filed_as=filed.filed_as)
    out.lines += filed.lines
    return out


def _class_copies(found: list[tuple[_Item, Slot | None, tuple]], roster: set[str]) -> dict[tuple, set[str]]:
    """The folders (and zips) inside a source that hold the folders of several roster students (named by
    id): only a source itself, a folder or zip the teacher gives, may hold them. A hub home copied, or
    zipped, under a name that is no student id (``jupyter-mallory/``, ``jupyter-mallory.zip``) holds the
    whole class folder so; each of its students' folders would be filed as that student's hand-in.
    Returns ``{the folder's path (names from the source's own): the ids of the folders in it}``."""
    held: dict[tuple, set[str]] = {}
    for item, slot, scope in found:
        if slot is None or slot.layout != "id" or len(scope) < 2:
            continue
        held.setdefault(scope, set()).add(slot.key)
    return {scope: ids for scope, ids in held.items() if len(ids) >= 2 and ids <= roster}


def _answer_cells(nb: object) -> dict[str, object] | None:
    """Each answer cell's source by question id (None: not a notebook with a list of cells)."""
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        return None
    out: dict[str, object] = {}
    for c in cells:
        meta = c.get("metadata") if isinstance(c, dict) else None
        tt = meta.get("tricktutor") if isinstance(meta, dict) else None
        qid = tt.get("question") if isinstance(tt, dict) else None
        if isinstance(qid, str):
            src = c.get("source")
            out[qid] = "".join(src) if isinstance(src, list) and all(isinstance(x, str) for x in src) else src
    return out


def _answers_as_made(item: _Item, keys: ClassKeys, owner: str, ex: str) -> bool:
    """Whether every answer cell of ``item`` (a notebook made for ``owner``) is as ``make`` wrote it: opened
    and saved (as a hub's Jupyter does), never answered."""
    try:
        mine = _answer_cells(json.loads(item.data.decode("utf-8-sig")))
        made = _answer_cells(json.loads(notebook_for(ex, owner, keys.exercises[ex], keys.secret,
                                                     (keys.variants or {}).get(owner))))
    except (UnicodeDecodeError, ValueError, RecursionError, KeyError):
        return False
    return mine is not None and bool(made) and mine == made


def _manifest(keys: ClassKeys) -> dict[str, str]:
    """``{"<student>/<exercise>": sha256}`` of the notebooks ``make`` wrote (``{}`` if unreadable)."""
    p = Path(keys.folder) / MANIFEST_FILE
    try:
        data = json.loads(read_regular_file(p, 50_000_000).decode("utf-8"))
    except (Refused, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(data, dict) else {}


@dataclass
class _Filing:
    """What filing one notebook did: the outcome code, the path filed as (relative to the folder filed
    into) and the report's lines (list name, line)."""

    outcome: str
    filed_as: str | None
    lines: list[tuple[str, str]]


class _Shelf:
    """The folder ``collect`` files into, knowing by content what each student's folder holds."""

    def __init__(self, into: Path):
        self.into = into
        self._taken: dict[Path, set[bytes]] = {}

    def _held(self, d: Path) -> set[bytes]:
        have = self._taken.get(d)
        if have is None:  # what the student's folder already holds, by content
            have = set()
            if d.is_dir():
                for e in os.scandir(d):
                    if e.name.lower().endswith(".ipynb") and not e.is_symlink() and e.is_file():
                        try:
                            have.add(hashlib.sha256(read_regular_file(e.path, MAX_NOTEBOOK_BYTES)).digest())
                        except Refused:
                            pass
            self._taken[d] = have
        return have

    def file(self, item: _Item, sid: str, ex: str) -> _Filing:
        """File one notebook as ``into/sid/ex.ipynb`` (or the next free ``ex (n).ipynb``
        when a different copy is there); never overwrites."""
        d = self.into / sid
        if os.path.lexists(d) and (d.is_symlink() or not d.is_dir()):
            return _Filing("skipped", None, [("skipped", f"{d} is a link or a file: {item.label} not filed")])
        have = self._held(d)
        digest = hashlib.sha256(item.data).digest()
        if digest in have:
            return _Filing("unchanged", None, [("unchanged", f"{sid}/{ex}.ipynb ← {item.label}")])
        d.mkdir(parents=True, exist_ok=True)
        n = 1
        while True:  # O_EXCL: a file already there is never replaced, whatever its name
            if n > MAX_COPIES:
                line = _line("too_many_line", student=sid, exercise=ex, source=item.label)
                return _Filing("too_many", None, [("too_many", line)])
            target = d / (f"{ex}.ipynb" if n == 1 else f"{ex} ({n}).ipynb")
            try:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
                break
            except FileExistsError:
                n += 1
        with os.fdopen(fd, "wb") as f:
            f.write(item.data)
        if item.mtime:
            os.utime(target, (item.mtime, item.mtime))
        have.add(digest)
        rel = target.relative_to(self.into).as_posix()
        lines = [("filed", f"{rel} ← {item.label}")]
        if n == 1:
            return _Filing("filed", rel, lines)
        lines.append(("copies", _line("copies_line", student=sid, file=target.name, exercise=ex,
                                                            source=item.label)))
        return _Filing("copy", rel, lines)


def _read_log(into: Path) -> list[dict]:
    """The entries of ``into``'s collect log ([] when there is none or it cannot be read)."""
    p = into / COLLECT_LOG
    if not os.path.lexists(p):
        return []
    try:
        data = json.loads(read_regular_file(p, 50_000_000).decode("utf-8"))
        return [e for e in data.get("entries", []) if isinstance(e, dict)]
    except (Refused, UnicodeDecodeError, ValueError, RecursionError, AttributeError):
        return []


def _write_log(into: Path, new: list[dict]) -> None:
    """Add ``new`` entries to ``into``'s collect log.  An entry already there
    for the same source and content is replaced by this run's, which judged it
    again (with ``--lms-list`` a name two accounts carried is now a student),
    where it was; a file filed before keeps the path it was filed as."""
    if not new:
        return
    into.mkdir(parents=True, exist_ok=True)
    p = into / COLLECT_LOG
    entries = _read_log(into)
    where = {(e.get("source"), e.get("sha256")): i for i, e in enumerate(entries)}
    for e in new:
        key = (e["source"], e["sha256"])
        if key in where:
            old = entries[where[key]]
            if e["outcome"] == "unchanged" and old.get("filed_as"):
                e = dict(e, outcome=old.get("outcome"), filed_as=old.get("filed_as"))
            entries[where[key]] = e
        else:
            where[key] = len(entries)
            entries.append(e)
    tmp = into / f".{COLLECT_LOG}.tmp-{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"format": 1, "entries": entries}, f, ensure_ascii=False, indent=0)
        f.write("\n")
    os.replace(tmp, p)
