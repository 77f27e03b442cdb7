"""The language the engine speaks, and its gettext catalogues.

English is the source language: every catalogue entry's ``msgid`` is its
English text, so English needs no file and a missing translation falls back
to English.  Another language ``xx`` is read from
``engine/locale/xx/LC_MESSAGES/engine.mo`` (gettext domain ``engine``,
compiled by Babel from ``engine.po``), or installed by
:func:`add_translation` (tests, tools).

The language is one setting for the whole process (a learner's kernel
speaks one language): :func:`set_language`, :func:`get_language`, and the
context manager :func:`language` for a block.
"""
from __future__ import annotations

import gettext
import re
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import InvalidInputError
from ..message import msg

__all__ = ["DOMAIN", "LOCALE_DIR", "DEFAULT", "set_language", "get_language", "language", "translations",
           "add_translation", "known_languages"]

#: The gettext domain of the engine's messages.
DOMAIN = "engine"
#: Where the compiled catalogues live: ``<lang>/LC_MESSAGES/engine.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The source language.
DEFAULT = "en"

_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*\Z")
_lock = threading.Lock()
_state = {"lang": DEFAULT}
_loaded: dict[str, gettext.NullTranslations] = {}


def _check(code: object) -> str:
    if not isinstance(code, str) or not _CODE.match(code):
        raise InvalidInputError(msg("NOT_A_LANGUAGE", value=code))
    return code


def set_language(code: str) -> None:
    """Speak ``code`` from now on (``"en"``, ``"so"``, ``"ha"``, ``"ceb"`` …).
    A language without a catalogue speaks English.  InvalidInputError (a
    ValueError) for a code that is not a language code."""
    _state["lang"] = _check(code)


def get_language() -> str:
    """The language spoken now (default ``"en"``)."""
    return _state["lang"]


@contextmanager
def language(code: str) -> Iterator[str]:
    """``with language("so"): …``: speak ``code`` inside the block, then
    the language spoken before."""
    before = _state["lang"]
    _state["lang"] = _check(code)
    try:
        yield code
    finally:
        _state["lang"] = before


def translations(code: str) -> gettext.NullTranslations:
    """The gettext translations of ``code`` (English, or a language without
    a catalogue: the identity).  Loaded once per language."""
    got = _loaded.get(code)
    if got is None:
        with _lock:
            got = _loaded.get(code)
            if got is None:
                if code == DEFAULT:
                    got = gettext.NullTranslations()
                else:
                    got = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)
                _loaded[code] = got
    return got


def add_translation(code: str, catalogue: gettext.NullTranslations) -> None:
    """Use ``catalogue`` for language ``code`` (instead of a compiled file):
    for tests and tools that check a language before its ``.mo`` exists."""
    with _lock:
        _loaded[_check(code)] = catalogue


def known_languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue in :data:`LOCALE_DIR`."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (DEFAULT, *[c for c in found if c != DEFAULT])
