"""Filing handed-in notebooks (``tricktutor exercises collect``).

Takes folders and zip files of downloads in any naming (learning-platform
exports such as ``Amina_12345_assignsubmission_file_ex2 (1).ipynb``, ``(1)``
copies, a Mac's ``__MACOSX`` folder) and files each notebook as
``INTO/<student>/<exercise>.ipynb`` from the student and exercise named in
its metadata — never from its file name.

* Duplicates (same student and exercise): the newest (file or zip-entry
  time) is kept; the others are listed.
* Foreign files (not exercise notebooks, practice copies, other classes'
  sets when ``--keys`` is given) and tampered metadata (a student id that is
  not a valid id, a signature that does not match) are listed, never filed.
* An existing file in INTO is never overwritten silently: an identical one
  is left alone, a different one is kept and reported unless ``replace``
  is set (then the old file is moved to ``INTO/.replaced/``).
* Zip safety: entry names are never used as paths; only ``.ipynb`` entries
  are read, each at most :data:`~tutor.exercises.grading.MAX_NOTEBOOK_BYTES`
  uncompressed, at most :data:`MAX_ZIP_ENTRIES` entries and
  :data:`MAX_ZIP_TOTAL` bytes per zip; nested zips one level deep; links
  and special files in folders are skipped.
"""
from __future__ import annotations

import hashlib
import io
import hmac
import json
import os
import shutil
import stat
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from .grading import (MAX_NOTEBOOK_BYTES, SIGNATURE, ClassKeys, Refused, metadata_signature,
                      read_regular_file)
from .roster import id_problem

__all__ = ["collect", "CollectReport", "MAX_ZIP_ENTRIES", "MAX_ZIP_TOTAL"]

MAX_ZIP_ENTRIES = 20_000
MAX_ZIP_TOTAL = 1_000_000_000
MAX_NESTED_ZIP = 200_000_000
_SKIP_DIRS = {"__MACOSX", ".ipynb_checkpoints", ".git"}


@dataclass
class _Item:
    label: str       # where it came from, for messages
    data: bytes
    mtime: float


@dataclass
class CollectReport:
    filed: list[str] = field(default_factory=list)          # "sid/exercise.ipynb ← source"
    unchanged: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    tampered: list[str] = field(default_factory=list)
    not_overwritten: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)        # links, special files, unsafe zip entries

    def summary(self) -> str:
        lines = [f"Filed {len(self.filed)} notebook{'s' if len(self.filed) != 1 else ''}"
                 + (f"; {len(self.unchanged)} already there unchanged" if self.unchanged else "") + "."]
        for title, items in (("Duplicates (kept the newest)", self.duplicates),
                             ("Not exercise notebooks of this class (not filed)", self.foreign),
                             ("Tampered metadata (not filed)", self.tampered),
                             ("Not overwritten (a different file is already there; --replace takes the new one)",
                              self.not_overwritten),
                             ("Replaced (old copy moved to .replaced/)", self.replaced),
                             ("Skipped", self.skipped)):
            if items:
                lines.append(f"{title}: {len(items)}")
                lines += [f"  {x}" for x in items]
        return "\n".join(lines)


def _walk_folder(root: Path, report: CollectReport) -> Iterator[_Item]:
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for fn in sorted(filenames):
            p = Path(dirpath) / fn
            low = fn.lower()
            if fn.startswith("._") or fn.startswith("."):
                continue
            if not (low.endswith(".ipynb") or low.endswith(".zip")):
                continue
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
                report.skipped.append(f"{p}: a link or special file, not read")
                continue
            if low.endswith(".zip"):
                yield from _walk_zip(p, report)
                continue
            try:
                yield _Item(str(p), read_regular_file(p, MAX_NOTEBOOK_BYTES), st.st_mtime)
            except Refused as r:
                report.skipped.append(f"{p} {r}")


def _walk_zip(path: Path, report: CollectReport, depth: int = 0, data: bytes | None = None) -> Iterator[_Item]:
    label = str(path)
    try:
        if data is None:
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
                raise Refused("is a link or special file")
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            fobj = os.fdopen(fd, "rb")
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                fobj.close()
                raise Refused("is a link or special file")
        else:
            fobj = io.BytesIO(data)
        zf = zipfile.ZipFile(fobj)
    except (Refused, zipfile.BadZipFile, OSError, ValueError) as e:
        report.skipped.append(f"{label}: not a readable zip file ({e})")
        return
    with zf, (fobj if data is None else io.BytesIO()):
        infos = zf.infolist()
        if len(infos) > MAX_ZIP_ENTRIES:
            report.skipped.append(f"{label}: more than {MAX_ZIP_ENTRIES} entries, not read")
            return
        total = 0
        for info in infos:
            name = info.filename
            parts = name.replace("\\", "/").split("/")
            base = parts[-1]
            if info.is_dir() or any(p in _SKIP_DIRS for p in parts) or base.startswith("."):
                continue
            low = base.lower()
            if not (low.endswith(".ipynb") or (low.endswith(".zip") and depth == 0)):
                continue
            mode = (info.external_attr >> 16) & 0o170000
            if mode and mode != stat.S_IFREG:
                report.skipped.append(f"{label}:{name}: a link or special file in the zip, not read")
                continue
            limit = MAX_NOTEBOOK_BYTES if low.endswith(".ipynb") else MAX_NESTED_ZIP
            if info.file_size > limit:
                report.skipped.append(f"{label}:{name}: larger than {limit / 1e6:g} MB uncompressed, not read")
                continue
            total += info.file_size
            if total > MAX_ZIP_TOTAL:
                report.skipped.append(f"{label}: more than {MAX_ZIP_TOTAL / 1e9:g} GB uncompressed, rest not read")
                return
            try:
                with zf.open(info) as f:
                    content = f.read(limit + 1)
            except (zipfile.BadZipFile, RuntimeError, OSError, NotImplementedError, EOFError) as e:
                report.skipped.append(f"{label}:{name}: cannot be read ({e})")
                continue
            if len(content) > limit:  # the header lied about the size
                report.skipped.append(f"{label}:{name}: larger than its zip entry says, not read")
                continue
            try:
                mtime = time.mktime((*info.date_time, 0, 0, -1))
            except (OverflowError, ValueError):
                mtime = 0.0
            if low.endswith(".zip"):
                yield from _walk_zip(Path(f"{label}:{name}"), report, depth + 1, content)
            else:
                yield _Item(f"{label}:{name}", content, mtime)


def _identify(item: _Item, keys: ClassKeys | None) -> tuple[str, str | None, str | None, str]:
    """``(kind, student, exercise, why)``; kind: ok / foreign / tampered."""
    try:
        nb = json.loads(item.data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "foreign", None, None, "not a notebook (not JSON)"
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    tt = meta.get("tricktutor") if isinstance(meta, dict) else None
    if tt is None:
        return "foreign", None, None, "not a Trick Tutor exercise notebook (no tricktutor metadata)"
    if not isinstance(tt, dict):
        return "tampered", None, None, "tricktutor metadata is not an object"
    sid, ex = tt.get("student"), tt.get("exercise")
    if not isinstance(sid, str) or not isinstance(ex, str):
        return "tampered", None, None, "student or exercise in the metadata is not text"
    why = id_problem(sid)
    if why:
        return "tampered", None, None, f"student {sid[:40]!r} in the metadata {why}"
    from .questions import EXERCISES
    if ex not in EXERCISES:
        return "tampered", None, None, f"exercise {ex[:40]!r} in the metadata is not one of Trick Tutor's"
    if sid == "practice" and tt.get(SIGNATURE) is None:
        return "foreign", sid, ex, "a practice copy, not a class notebook"
    if keys is not None:
        if ex not in keys.exercises:
            return "foreign", sid, ex, f"{ex} is not in this set"
        if keys.ids is not None and sid not in keys.ids:
            return "foreign", sid, ex, f"student {sid!r} is not on this set's roster"
        sig = tt.get(SIGNATURE)
        if not isinstance(sig, str) or not hmac.compare_digest(
                sig, metadata_signature(keys.secret, ex, sid, tt.get("settings"))):
            return "tampered", sid, ex, ("the metadata does not carry this class's signature (edited, or "
                                         "another class's set)")
    return "ok", sid, ex, ""


def collect(sources: list[str | os.PathLike], into: str | os.PathLike, keys: ClassKeys | None = None,
            replace: bool = False) -> CollectReport:
    """File every exercise notebook found in ``sources`` (folders, zip files
    or single notebooks) under ``into``; see the module docstring.  Raises
    ValueError (one line) when a source is missing or ``into`` is unusable."""
    into = Path(into)
    if os.path.lexists(into) and (into.is_symlink() or not into.is_dir()):
        raise ValueError(f"--into {into} must be a folder (not a file or a link)")
    for s in sources:
        if not os.path.lexists(s):
            raise ValueError(f"{s} not found")
        if Path(s).resolve() == into.resolve() or (Path(s).is_dir() and Path(into).resolve().is_relative_to(Path(s).resolve())):
            raise ValueError(f"--into {into} must not be inside the downloads {s}")
    report = CollectReport()
    best: dict[tuple[str, str], _Item] = {}
    others: dict[tuple[str, str], list[_Item]] = {}
    for s in sources:
        p = Path(s)
        if p.is_symlink():
            report.skipped.append(f"{p}: a link, not read")
            continue
        if p.is_dir():
            items = _walk_folder(p, report)
        elif p.name.lower().endswith(".zip"):
            items = _walk_zip(p, report)
        else:
            try:
                items = iter([_Item(str(p), read_regular_file(p, MAX_NOTEBOOK_BYTES), os.lstat(p).st_mtime)])
            except Refused as r:
                report.skipped.append(f"{p} {r}")
                continue
        for item in items:
            kind, sid, ex, why = _identify(item, keys)
            if kind == "foreign":
                report.foreign.append(f"{item.label}: {why}")
                continue
            if kind == "tampered":
                report.tampered.append(f"{item.label}: {why}")
                continue
            k = (sid, ex)
            if k in best:
                old = best[k]
                if hashlib.sha256(old.data).digest() == hashlib.sha256(item.data).digest():
                    continue  # the same file twice (e.g. a folder and its zip)
                if item.mtime > old.mtime:
                    best[k], item = item, old
                others.setdefault(k, []).append(item)
            else:
                best[k] = item
    for (sid, ex), item in sorted(best.items()):
        if (sid, ex) in others:
            report.duplicates.append(f"{sid}/{ex}: kept {item.label}; not used: "
                                     + ", ".join(o.label for o in others[(sid, ex)]))
        d = into / sid
        target = d / f"{ex}.ipynb"
        if os.path.lexists(d) and (d.is_symlink() or not d.is_dir()):
            report.skipped.append(f"{d} is a link or a file: {item.label} not filed")
            continue
        if os.path.lexists(target):
            if target.is_symlink() or not target.is_file():
                report.skipped.append(f"{target} is a link or special file: {item.label} not filed")
                continue
            try:
                current = read_regular_file(target, MAX_NOTEBOOK_BYTES)
            except Refused:
                current = None
            if current == item.data:
                report.unchanged.append(f"{sid}/{ex}.ipynb")
                continue
            if not replace:
                report.not_overwritten.append(f"{target}: already holds a different hand-in; new one: {item.label}")
                continue
            keep = into / ".replaced" / sid
            keep.mkdir(parents=True, exist_ok=True)
            moved = keep / f"{ex}.{int(time.time())}.ipynb"
            shutil.move(str(target), moved)
            report.replaced.append(f"{target} (old copy: {moved})")
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f".{ex}.collect-tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(item.data)
        if item.mtime:
            os.utime(tmp, (item.mtime, item.mtime))
        os.replace(tmp, target)
        report.filed.append(f"{sid}/{ex}.ipynb ← {item.label}")
    return report
