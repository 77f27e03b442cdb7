"""The translation catalogues (issue 27): up to date with the code, compiled as committed,
each entry's placeholders and markup the English ones, plural forms CLDR's.

* ``scripts/messages.py --check``: every template, .po and .mo is what the pipeline makes
  from today's sources (an entry added in the code and not yet in a .po fails here);
* each committed .mo is the compile of its .po (read back entry by entry);
* every msgstr has exactly the placeholders of its msgid (names and format specs), the same
  inline tags, and no fuzzy flag;
* plural forms: each language's header is the rule of CLDR, checked for n = 0 … 14, and a
  plural entry is chosen by it at run time.
"""
from __future__ import annotations

import gettext
import importlib.util
import io
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("tt_messages", REPO / "scripts" / "messages.py")
assert _spec and _spec.loader
messages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(messages)

LANGS = [*messages.LANGUAGES, messages.PSEUDO]
CATALOGUES = [(d, lang) for d in messages.DOMAINS for lang in LANGS]


def _po(domain: str, lang: str):
    with open(messages.po_path(domain, lang), "rb") as fh:
        return read_po(fh, abort_invalid=True)


def test_catalogues_are_up_to_date_with_the_code():
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "messages.py"), "--check"],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("domain, lang", CATALOGUES)
def test_the_committed_mo_is_the_compile_of_its_po(domain, lang):
    po = messages.po_path(domain, lang)
    with open(po.with_suffix(".mo"), "rb") as fh:
        committed = gettext.GNUTranslations(fh)
    fresh = gettext.GNUTranslations(io.BytesIO(messages.mo_bytes(_po(domain, lang))))
    assert committed._catalog == fresh._catalog  # type: ignore[attr-defined]


def _fields(text: str) -> list[str]:
    return sorted(f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text) if name is not None)


def _tags(text: str) -> list[str]:
    return sorted(re.findall(r"</?\w+", text))


@pytest.mark.parametrize("domain, lang", CATALOGUES)
def test_every_translation_has_the_english_placeholders_and_markup(domain, lang):
    bad = []
    for m in _po(domain, lang):
        if not m.id:
            continue
        assert not m.fuzzy, (m.context, "fuzzy")
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if len(ids) == 1:   # a sentence: exactly the English placeholders
            if strs[0] and (_fields(strs[0]) != _fields(ids[0]) or _tags(strs[0]) != _tags(ids[0])):
                bad.append((m.context, strs[0]))
        else:               # a plural: each form uses only the English forms' placeholders
            allowed = set(_fields(ids[0])) | set(_fields(ids[1]))
            for s in strs:
                if s and (not set(_fields(s)) <= allowed or _tags(s) != _tags(ids[1])):
                    bad.append((m.context, s))
    assert bad == []


def _cldr_other(lang: str, n: int) -> bool:
    """CLDR's plural category of ``n`` is 'other' (written out from CLDR, not from the headers):
    Somali, Hausa: one is n = 1; Cebuano (CLDR's Filipino rule): other is v = 0 and i % 10 in 4, 6, 9."""
    if lang == "ceb":
        return n % 10 in (4, 6, 9)
    return n != 1


@pytest.mark.parametrize("domain", sorted(messages.DOMAINS))
@pytest.mark.parametrize("lang", sorted(messages.LANGUAGES))
def test_plural_forms_are_cldrs_for_n_0_to_14(domain, lang):
    cat = _po(domain, lang)
    assert cat.num_plurals == 2
    with open(messages.po_path(domain, lang).with_suffix(".mo"), "rb") as fh:
        trans = gettext.GNUTranslations(fh)
    for n in range(15):
        # gettext's own evaluation of the header's rule: form 1 exactly where CLDR says "other"
        assert trans.plural(n) == int(_cldr_other(lang, n)), (lang, n)  # type: ignore[attr-defined]


def test_a_plural_entry_is_chosen_by_the_languages_rule():
    from engine.text import add_translation, language

    for lang in messages.LANGUAGES:
        header = (f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  f'"Plural-Forms: {messages.LANGUAGES[lang]}\\n"\n\n'
                  'msgctxt "test.plural"\nmsgid "{n} trick"\nmsgid_plural "{n} tricks"\n'
                  'msgstr[0] "{n} ONE"\nmsgstr[1] "{n} OTHER"\n')
        cat = read_po(io.StringIO(header))
        add_translation(f"x{lang[:2]}", gettext.GNUTranslations(io.BytesIO(messages.mo_bytes(cat))), "tutor")
        from tutor.text import P_, say
        entry = P_("test.plural", "{n} trick", "{n} tricks")
        with language(f"x{lang[:2]}"):
            got = [say(entry, n=n) for n in range(15)]
        assert got == [f"{n} {'OTHER' if _cldr_other(lang, n) else 'ONE'}" for n in range(15)], lang


def test_the_pseudo_language_changes_every_letter_and_keeps_placeholders():
    assert messages.pseudo_text("{seat} leads {card}.") == "[{seat} ľéåđš {card}. ~~]"
    assert messages.pseudo_text("<b>Nil</b> (SP-14)") == "[<b>Ñîľ</b> (SP-14) ~~]"


@pytest.mark.parametrize("domain", sorted(messages.DOMAINS))
@pytest.mark.parametrize("lang", sorted(messages.LANGUAGES))
def test_every_entry_is_translated(domain, lang):
    """Issue 27: 100% of each catalogue translated (every plural form too), none fuzzy; with the test
    above, every translation has the English placeholders."""
    cat = _po(domain, lang)
    empty = [m.context for m in cat if m.id and (m.fuzzy or not (
        m.string if isinstance(m.string, str) else all(m.string)))]
    total = sum(1 for m in cat if m.id)
    assert total > 0 and empty == [], f"{len(empty)} of {total} entries untranslated: {empty[:10]}"



@pytest.mark.parametrize("lang", sorted(messages.LANGUAGES))
def test_every_reason_has_its_message_translated(lang):
    """Each engine ``Reason`` (but OK, and ALREADY_LOOKED that no game gives) has its catalogue entries (tests/test_text_layer.py) and each is
    translated in ``lang``'s catalogue."""
    from engine.text.catalog import CATALOGUE
    from engine.verdict import Reason

    translated = {m.context for m in _po("engine", lang) if m.id and m.string}
    for reason in Reason:
        if reason in (Reason.OK, Reason.ALREADY_LOOKED):  # no message: nothing refused / no game gives it
            continue
        ids = [k for k in CATALOGUE if k == reason.value or k.startswith(reason.value + ".")]
        assert ids and set(ids) <= translated, (reason, set(ids) - translated)
