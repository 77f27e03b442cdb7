"""Class rosters and student ids (``tricktutor exercises make/grade --roster``).

A roster is a CSV file (comma, semicolon or tab separated, UTF-8 with or
without a byte-order mark; Windows-1252 is read with a warning) with a header
row.  The id column is called ``student_id`` (also accepted: ``Student ID``,
``id``, ``ID number``, ``username``); an optional name column ``name`` (also
``Full name``, ``Student name``, ``Student``, or ``First name`` + ``Last
name``/``Surname``); an optional ``lms_id`` column (also ``SIS User ID`` or
``ID number`` when another column holds the student id): the id the school's
learning platform matches grades on, written only to ``grades-lms.csv``, so
the class ids in the shared folder may be pseudonyms.

Student ids become folder names, so :func:`id_problem` refuses what would
break on some computer: characters other than letters (any alphabet, so
``Siobhán_ONeill`` is fine), digits and ``_ . @ -``; a first character that is
not a letter or digit; more than 64 characters; a trailing dot; Windows device
names (``CON``, ``NUL.txt``, ``COM1`` …); the names of files ``make`` writes
(``exercise_settings.json``, ``binder`` …) or any file name (``x.csv``); and two ids that differ only by
case (one folder on macOS and Windows).  Ids that a spreadsheet would rewrite
(``0012`` → 12, ``1e5`` → 100000, ``3-4`` → a date) are accepted with a
warning.  Every refusal is one :class:`RosterError` line naming the line of
the file.
"""
from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from tutor.text import M_

from .words import say, text_of

__all__ = ["Student", "Roster", "RosterError", "read_roster", "id_problem", "spreadsheet_rewrites",
           "RESERVED_NAMES", "MAX_ROSTER_BYTES"]

MAX_ROSTER_BYTES = 20_000_000
_ID_COLUMNS = ("studentid", "id", "idnumber", "username", "sisuserid")
_NAME_COLUMNS = ("name", "fullname", "studentname", "student")
_FIRST = ("firstname", "givenname", "forename")
_LAST = ("lastname", "surname", "familyname")
_LMS_ID_COLUMNS = ("lmsid", "sisuserid", "idnumber")
_WINDOWS_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10)),
                    "conin$", "conout$"}
#: Names ``make`` and ``collect`` write inside a class folder (never a student id).
RESERVED_NAMES = {"exercise_settings.json", "answer_keys", "binder", "readme.md", "feedback",
                  "grades.csv", "report.html", "class_secret", "manifest.json", "roster.csv"}
_PUNCT = set("_.@-")
_FILE_EXTENSIONS = {"csv", "html", "htm", "json", "txt", "ipynb", "md", "zip", "py"}


#: What reading a roster says (the teacher's command line, in the current language): catalogue entries.
_SAY = {
    # TRANSLATORS: reading the class list (a CSV file, the roster) {path}: it does not exist.
    "not_found": M_("ex.roster.not_found", "roster {path} not found"),
    # TRANSLATORS: as above: {path} is a folder or a special file.
    "not_file": M_("ex.roster.not_file", "roster {path} is not a file"),
    # TRANSLATORS: as above: the file is larger than {limit} megabytes.
    "too_large": M_("ex.roster.too_large", "roster {path} is larger than {limit} MB"),
    # TRANSLATORS: as above; {error} is the system's reason (English).
    "unreadable": M_("ex.roster.unreadable", "roster {path} cannot be read ({error})"),
    # TRANSLATORS: as above: the file has no student.
    "no_students": M_("ex.roster.no_students", "roster {path} lists no students"),
    # TRANSLATORS: a warning: the class list {path} is not in UTF-8 and was read as Windows-1252; keep 'CSV UTF-8'
    # (a spreadsheet's choice when saving).
    "not_utf8": M_("ex.roster.not_utf8", "roster {path} is not UTF-8: read as Windows-1252 (save it as 'CSV UTF-8' "
                                         "to be sure of accents)"),
    # TRANSLATORS: as above: the file is empty.
    "empty": M_("ex.roster.empty", "roster {path} is empty"),
    # TRANSLATORS: as above: line {line} is not CSV; {error} is the reason (English).
    "not_csv": M_("ex.roster.not_csv", "roster {path} line {line} is not readable CSV ({error})"),
    # TRANSLATORS: as above: the first line (line {line}) names no column of student ids; {found} lists the
    # columns it names; keep 'student_id' (a column name).
    "no_id_column": M_("ex.roster.no_id_column", "roster {path} has no student id column: the header (line {line}) "
                                                 "should name one 'student_id' column (found: {found})"),
    # TRANSLATORS: as above: line {line} has {count} fields, the first line {header}.
    "fields": M_("ex.roster.fields", "roster {path} line {line} has {count} fields but the header has {header} (a "
                                     "comma or semicolon inside a name? put the name in double quotes)"),
    # TRANSLATORS: a warning: line {line} of the class list has no student id.
    "no_id": M_("ex.roster.no_id", "roster line {line}: no student id, row skipped"),
    # TRANSLATORS: as above: the student id {sid} (in quotes) cannot be a folder's name; {why} says why
    # (ex.roster.id.*).
    "bad_id": M_("ex.roster.bad_id", "roster {path} line {line}: student id {sid} {why}"),
    # TRANSLATORS: a warning: a spreadsheet would change the id {sid} ({rewrite} says how, ex.roster.rewrite.*);
    # keep grades.csv (a file name).
    "rewrites": M_("ex.roster.rewrites", "roster line {line}: id {sid}: {rewrite}; keep the column as text when you "
                                         "edit grades.csv in a spreadsheet"),
    # TRANSLATORS: as above: the student id {sid} is twice in the list, also on line {other_line}.
    "twice": M_("ex.roster.twice", "roster {path} line {line}: student id {sid} appears more than once (also line "
                                   "{other_line})"),
    # TRANSLATORS: as above: the ids {other} and {sid} differ only by capital letters.
    "case": M_("ex.roster.case", "roster {path} line {line}: student ids {other} (line {other_line}) and {sid} differ "
                                 "only by case, which is one folder on macOS and Windows"),
    # TRANSLATORS: as above: the learning platform's id {lms} is also the student {other}'s.
    "lms_twice": M_("ex.roster.lms_twice", "roster {path} line {line}: LMS id {lms} is also {other}'s (line "
                                           "{other_line}): the learning platform would give both the same mark"),
}


def _said(key: str, **params: object) -> str:
    return text_of(say(_SAY[key], **params))


#: Why a value cannot be a student id (after the id: "'x/y' contains '/': …"), and how a spreadsheet would
#: change an id: clauses in the current language.
_ID = {
    # TRANSLATORS: why a value cannot be a student id (a folder's name), after the id: it is empty.
    "empty": M_("ex.roster.id.empty", "is empty"),
    # TRANSLATORS: as above: it has more than {limit} characters.
    "too_long": M_("ex.roster.id.too_long", "is longer than {limit} characters"),
    # TRANSLATORS: as above: its letters are not written in Unicode's usual (NFC) form.
    "not_nfc": M_("ex.roster.id.not_nfc", "is not in the normal (NFC) Unicode form"),
    # TRANSLATORS: as above: it has the character {char} (in quotes); keep "_ . @ -" (the signs allowed).
    "bad_char": M_("ex.roster.id.bad_char", "contains {char}: use letters (any alphabet, e.g. á, ø, ß), digits and "
                                            "_ . @ - only"),
    # TRANSLATORS: as above: its first character is not a letter or a digit.
    "first": M_("ex.roster.id.first", "must start with a letter or digit"),
    # TRANSLATORS: as above: it ends with "." (a folder name on Windows loses it).
    "dot": M_("ex.roster.id.dot", "ends with a dot (Windows drops it from folder names)"),
    # TRANSLATORS: as above: it is one of Windows's reserved names (keep the names in brackets).
    "device": M_("ex.roster.id.device", "is a Windows device name (CON, PRN, AUX, NUL, COM1–9, LPT1–9) and cannot "
                                        "be a folder"),
    # TRANSLATORS: as above: a file or folder of the class set has this name.
    "reserved": M_("ex.roster.id.reserved", "is the name of a file or folder the class set uses itself"),
    # TRANSLATORS: as above: it ends like a file name (.{ext}); keep .gitignore (a file name).
    "file_name": M_("ex.roster.id.file_name", "looks like a file name (ends with .{ext}), which the class set's "
                                              ".gitignore may hide"),
    # TRANSLATORS: how a spreadsheet would change a student id: it would show {number}, without the zeros in front.
    "zeros": M_("ex.roster.rewrite.zeros", "a spreadsheet shows it as {number} (leading zeros dropped)"),
    # TRANSLATORS: as above: it would read the id (such as 12E3) as a number written with a power of ten.
    "scientific": M_("ex.roster.rewrite.scientific", "a spreadsheet reads it as a number in scientific notation"),
    # TRANSLATORS: as above: the id is a number too long for a spreadsheet.
    "digits": M_("ex.roster.rewrite.digits", "a spreadsheet rounds numbers of more than 15 digits"),
    # TRANSLATORS: as above: the id looks like a date.
    "date": M_("ex.roster.rewrite.date", "a spreadsheet may turn it into a date"),
}


def _id(key: str, **params: object) -> str:
    return text_of(say(_ID[key], **params))


class RosterError(ValueError):
    """A roster (or id) that cannot be used; the message is one line for the teacher."""


@dataclass(frozen=True)
class Student:
    id: str
    name: str = ""
    line: int = 0
    lms_id: str = ""  # the id the learning platform matches grades on ("" = the same as ``id``)


@dataclass
class Roster:
    students: list[Student]
    warnings: list[str]

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.students]

    def names(self) -> dict[str, str]:
        return {s.id: s.name for s in self.students}

    def lms_ids(self) -> dict[str, str]:
        """``{id: lms_id}`` for the students whose roster row names an LMS id."""
        return {s.id: s.lms_id for s in self.students if s.lms_id}


def id_problem(value: str) -> str | None:
    """Why ``value`` cannot be a student id (and folder name), or None if it can.

    Allowed: letters of any alphabet, digits and ``_ . @ -``, starting with a
    letter or digit, at most 64 characters, no trailing dot, not a Windows
    device name (``CON``, ``NUL.txt``, ``COM1``…), not a name the class set
    uses itself (:data:`RESERVED_NAMES`).
    """
    if not isinstance(value, str) or not value:
        return _id("empty")
    if len(value) > 64:
        return _id("too_long", limit=64)
    if value != unicodedata.normalize("NFC", value):
        return _id("not_nfc")
    for ch in value:
        if ch in _PUNCT:
            continue
        cat = unicodedata.category(ch)
        if not (cat.startswith("L") or cat == "Nd"):
            shown = ch if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
            return _id("bad_char", char=repr(shown))
    if not (unicodedata.category(value[0]).startswith("L") or unicodedata.category(value[0]) == "Nd"):
        return _id("first")
    if value.endswith("."):
        return _id("dot")
    if value.split(".")[0].lower() in _WINDOWS_DEVICES:
        return _id("device")
    if value.lower() in RESERVED_NAMES:
        return _id("reserved")
    ext = value.lower().rsplit(".", 1)[-1] if "." in value else ""
    if ext in _FILE_EXTENSIONS:
        return _id("file_name", ext=ext)
    return None


_NUMBERISH = re.compile(r"[+-]?(\d+[.,]?\d*|\d*[.,]\d+)([eE][+-]?\d+)?")
_DATEISH = re.compile(r"\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?")


def spreadsheet_rewrites(value: str) -> str | None:
    """How a spreadsheet would change ``value`` when the CSV is opened, or None."""
    if re.fullmatch(r"0\d+", value):
        return _id("zeros", number=str(int(value)))
    if re.fullmatch(r"\d+[eE][+-]?\d+", value):
        return _id("scientific")
    if re.fullmatch(r"\d{16,}", value):
        return _id("digits")
    if _DATEISH.fullmatch(value):
        return _id("date")
    return None


def _key(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", unicodedata.normalize("NFKD", header).lower())


def _decode(raw: bytes, path) -> tuple[str, list[str]]:
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        return raw.decode("utf-16"), []
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace"), [_said("not_utf8", path=path)]


def _delimiter(header_line: str) -> str:
    counts = {d: header_line.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_roster(path: str | os.PathLike) -> Roster:
    """Read and check a roster (see the module docstring).

    Returns a :class:`Roster` (students in file order, warnings as lines).
    Raises :class:`RosterError` (one line naming the file and line) for a
    missing or unreadable file, no id column, a row with the wrong number of
    fields (e.g. an unquoted comma in ``Smith, John``), an id that cannot be
    a folder name, two ids equal but for case, or no students.
    """
    p = Path(path)
    try:
        if not p.is_file():
            raise RosterError(_said("not_found" if not p.exists() else "not_file", path=path))
        if p.stat().st_size > MAX_ROSTER_BYTES:
            raise RosterError(_said("too_large", path=path, limit=MAX_ROSTER_BYTES // 1_000_000))
        raw = p.read_bytes()
    except OSError as e:
        raise RosterError(_said("unreadable", path=path, error=e.strerror or e)) from None
    text, warnings = _decode(raw, path)
    (hline, header), body = _rows(text, path)
    cols = _columns(header, hline, path)
    students: list[Student] = []
    seen: dict[str, Student] = {}
    seen_lms: dict[str, Student] = {}
    for line, row in body:
        st, said = _student(row, line, header, cols, path)
        warnings += said
        if st is None:
            continue
        _check_unique(st, seen, seen_lms, path)
        seen[st.id.casefold()] = st
        if st.lms_id:
            seen_lms[st.lms_id.casefold()] = st
        students.append(st)
    if not students:
        raise RosterError(_said("no_students", path=path))
    return Roster(students, warnings)


def _rows(text: str, path: str | os.PathLike) -> tuple[tuple[int, list[str]], list[tuple[int, list[str]]]]:
    """The header and the rows that are not blank, each with its line number."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise RosterError(_said("empty", path=path))
    delim = _delimiter(lines[first])
    # csv.reader's line_num is the physical line (quoted newlines included): messages name it.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim)
    numbered: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            numbered.append((reader.line_num, row))
    except csv.Error as e:
        raise RosterError(_said("not_csv", path=path, line=reader.line_num, error=e)) from None
    numbered = [(n, r) for n, r in numbered if any(c.strip() for c in r)]
    return numbered[0], numbered[1:]


class _Columns(NamedTuple):
    id: int
    name: int | None
    first: int | None
    last: int | None
    lms: int | None


def _columns(header: list[str], hline: int, path: str | os.PathLike) -> _Columns:
    keys = [_key(h) for h in header]
    id_col = next((keys.index(k) for k in _ID_COLUMNS if k in keys), None)
    if id_col is None:
        raise RosterError(_said("no_id_column", path=path, line=hline, found=", ".join(repr(h) for h in header)))
    return _Columns(id_col,
                    next((keys.index(k) for k in _NAME_COLUMNS if k in keys and keys.index(k) != id_col), None),
                    next((keys.index(k) for k in _FIRST if k in keys), None),
                    next((keys.index(k) for k in _LAST if k in keys), None),
                    next((keys.index(k) for k in _LMS_ID_COLUMNS if k in keys and keys.index(k) != id_col), None))


def _student(row: list[str], line: int, header: list[str], cols: _Columns, path: str | os.PathLike
             ) -> tuple[Student | None, list[str]]:
    """One row's student (None for a row without an id) and the warnings it gives."""
    while len(row) > len(header) and not row[-1].strip():
        row = row[:-1]  # trailing separators a spreadsheet adds
    if len(row) != len(header):
        raise RosterError(_said("fields", path=path, line=line, count=len(row), header=len(header)))
    sid = unicodedata.normalize("NFC", row[cols.id].strip())
    if not sid:
        return None, [_said("no_id", line=line)]
    why = id_problem(sid)
    if why:
        raise RosterError(_said("bad_id", path=path, line=line, sid=repr(sid), why=why))
    warnings = []
    rew = spreadsheet_rewrites(sid)
    if rew:
        warnings.append(_said("rewrites", line=line, sid=repr(sid), rewrite=rew))
    if cols.name is not None:
        name = row[cols.name].strip()
    else:
        name = " ".join(row[c].strip() for c in (cols.first, cols.last) if c is not None).strip()
    lms = row[cols.lms].strip() if cols.lms is not None else ""
    return Student(sid, name, line, lms), warnings


def _check_unique(st: Student, seen: dict[str, Student], seen_lms: dict[str, Student],
                  path: str | os.PathLike) -> None:
    """RosterError when ``st``'s id (or LMS id) is one a student read before has."""
    other = seen.get(st.id.casefold())
    if other is not None:
        if other.id == st.id:
            raise RosterError(_said("twice", path=path, line=st.line, sid=repr(st.id), other_line=other.line))
        raise RosterError(_said("case", path=path, line=st.line, other=repr(other.id), other_line=other.line,
                                sid=repr(st.id)))
    twin = seen_lms.get(st.lms_id.casefold()) if st.lms_id else None
    if twin is not None:
        raise RosterError(_said("lms_twice", path=path, line=st.line, lms=repr(st.lms_id), other=repr(twin.id),
                                other_line=twin.line))
