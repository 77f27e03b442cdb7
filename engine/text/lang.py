"""The language the engine speaks, and its gettext catalogues.

English is the source language: every catalogue entry's ``msgid`` is its
English text, so English needs no file and a missing translation falls back
to English.  Another language ``xx`` is read from
``engine/locale/xx/LC_MESSAGES/engine.mo`` (gettext domain ``engine``,
compiled by Babel from ``engine.po``), or installed by
:func:`add_translation` (tests, tools).

The language is the reader's, not the process's: it is held in a
:class:`contextvars.ContextVar` (default ``"en"``), so two readers served at
once (two threads, two asyncio tasks, two connections of a table server)
each read their own language, and a language set by one never changes the
other's sentences.  :func:`set_language` sets it for the current context
(a thread, a task; in a Jupyter kernel, where every cell and every widget
callback runs in the kernel's one context, for the whole kernel: a
notebook's or a Voila page's), :func:`get_language` reads it, and the
context manager :func:`language` sets it for a block.  A new thread starts
in English unless it is given the language (``contextvars.copy_context()``).
"""
from __future__ import annotations

import gettext
import re
import threading
from contextvars import ContextVar
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import InvalidInputError
from ..message import msg

__all__ = ["DOMAIN", "LOCALE_DIR", "DEFAULT", "set_language", "get_language", "language", "translations",
           "add_translation", "known_languages", "register_domain"]

#: The gettext domain of the engine's messages.
DOMAIN = "engine"
#: Where the compiled catalogues live: ``<lang>/LC_MESSAGES/engine.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The source language.
DEFAULT = "en"

_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*\Z")
_lock = threading.Lock()
#: The current reader's language (one per context: thread, task, kernel).
_current: ContextVar[str] = ContextVar("tricktutor_language", default=DEFAULT)
_loaded: dict[tuple[str, str], gettext.NullTranslations] = {}
#: gettext domain → the folder of its compiled catalogues (``<lang>/LC_MESSAGES/<domain>.mo``).
_LOCALE_DIRS: dict[str, Path] = {DOMAIN: LOCALE_DIR}


def register_domain(domain: str, localedir: Path) -> None:
    """Let entries of ``domain`` (a layer above the engine: the tutor's
    ``"tutor"``) be translated from ``localedir/<lang>/LC_MESSAGES/<domain>.mo``.
    Registering the same domain again with the same folder changes nothing;
    ValueError for another folder."""
    with _lock:
        known = _LOCALE_DIRS.get(domain)
        if known is not None and known != localedir:
            raise ValueError(f"gettext domain {domain!r} is already read from {known}")
        _LOCALE_DIRS[domain] = localedir


def _check(code: object) -> str:
    if not isinstance(code, str) or not _CODE.match(code):
        raise InvalidInputError(msg("NOT_A_LANGUAGE", value=code))
    return code


def set_language(code: str) -> None:
    """Speak ``code`` from now on (``"en"``, ``"so"``, ``"ha"``, ``"ceb"`` …).
    A language without a catalogue speaks English.  InvalidInputError (a
    ValueError) for a code that is not a language code.  Only the current
    context (thread, task, kernel) speaks it: see the module docstring."""
    _current.set(_check(code))


def get_language() -> str:
    """The language spoken now in this context (default ``"en"``)."""
    return _current.get()


@contextmanager
def language(code: str) -> Iterator[str]:
    """``with language("so"): …``: speak ``code`` inside the block, then
    the language spoken before (in this context only)."""
    before = _current.get()
    _current.set(_check(code))
    try:
        yield code
    finally:
        _current.set(before)


def translations(code: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The gettext translations of ``code`` for ``domain`` (English, or a
    language without a catalogue: the identity).  Loaded once per language
    and domain.  KeyError for a domain never registered (:func:`register_domain`)."""
    key = (code, domain)
    got = _loaded.get(key)
    if got is None:
        with _lock:
            got = _loaded.get(key)
            if got is None:
                if code == DEFAULT:
                    got = gettext.NullTranslations()
                else:
                    got = gettext.translation(domain, localedir=str(_LOCALE_DIRS[domain]), languages=[code],
                                              fallback=True)
                _loaded[key] = got
    return got


def add_translation(code: str, catalogue: gettext.NullTranslations, domain: str = DOMAIN) -> None:
    """Use ``catalogue`` for language ``code`` and ``domain`` (instead of a
    compiled file): for tests and tools that check a language before its
    ``.mo`` exists."""
    with _lock:
        _loaded[(_check(code), domain)] = catalogue


def known_languages(domain: str = DOMAIN) -> tuple[str, ...]:
    """English and every language with a compiled catalogue of ``domain``."""
    folder = _LOCALE_DIRS[domain]
    found = sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{domain}.mo"))
    return (DEFAULT, *[c for c in found if c != DEFAULT])
