"""The tutor's text layer (issue 26): its entries (gettext domain ``tutor``)
are declared once with ``M_``/``P_``, extracted by Babel with the project's
settings, filled by the engine's placeholder kinds, escaped inside HTML, and
translated from the tutor's own catalogue with English as the fallback."""
from __future__ import annotations

import gettext
import importlib
import pathlib
import pkgutil

import pytest
from babel.messages.extract import extract_from_dir

import tutor
import tutor.text as tt
from engine.message import msg
from engine.text import add_translation, language

from test_text_layer import _babel_settings

REPO = pathlib.Path(__file__).resolve().parents[1]


def _import_all_tutor_modules() -> None:
    for info in pkgutil.walk_packages(tutor.__path__, "tutor."):
        importlib.import_module(info.name)


def _extracted() -> dict[str, tuple[object, list[str]]]:
    method_map, options_map, keywords, tags = _babel_settings()
    out: dict[str, tuple[object, list[str]]] = {}
    for _file, _line, message, comments, context in extract_from_dir(
            str(REPO / "tutor"), method_map, options_map, keywords=keywords, comment_tags=tags,
            strip_comment_tags=True):
        assert context is not None, message
        assert context not in out or out[context][0] == message, f"{context} declared twice, differently"
        out[context] = (message, comments)
    return out


def test_babel_extracts_every_tutor_entry_with_a_translators_comment_and_nothing_else():
    _import_all_tutor_modules()
    found = _extracted()
    declared = {t.ctxt: t for t in tt.entries() if not t.ctxt.startswith(("doctest.", "test."))}
    missing = sorted(set(declared) - set(found))
    stray = sorted(set(found) - set(declared))
    assert not missing, f"declared but not extracted by Babel (an M_ call Babel cannot read?): {missing}"
    assert not stray, f"extracted but never declared when the tutor is imported: {stray}"
    wrong = [(c, found[c][0]) for c, t in declared.items()
             if found[c][0] != (str(t) if t.plural is None else (str(t), t.plural))]
    assert not wrong, wrong
    uncommented = [c for c in declared if not found[c][1]]
    assert not uncommented, f"no TRANSLATORS: comment: {uncommented}"
    assert all(t.domain == "tutor" for t in declared.values())


def test_say_fills_placeholders_by_their_kinds_and_renders_a_nested_message():
    t = tt.M_("test.say", "{seat} may not play {card}: {why}")
    why = msg("CARD_NOT_IN_HAND", card="QH", rule="SP-14", hand=["2C", "AS"])
    out = tt.say(t, seat=2, naming="compass", card="QH", why=why)
    assert out.startswith("South may not play Q♥: ")
    assert out.endswith(str(why))


def test_say_html_escapes_every_value_but_markup():
    t = tt.M_("test.html", "<b>{name}</b>: {note} {card} ({n:,})")
    out = tt.say_html(t, name="A&B <i>", note=tt.Markup("<i>ok</i>"), card="TS", n=12345)
    assert out == "<b>A&amp;B &lt;i&gt;</b>: <i>ok</i> 10♠ (12,345)"


def test_plural_entry_follows_the_count():
    t = tt.P_("test.tricks", "{n} trick", "{n} tricks")
    assert [tt.say(t, n=k) for k in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]


def test_a_tutor_entry_is_translated_from_the_tutor_domain_and_falls_back_to_english():
    t = tt.M_("test.translated", "Next hand for {seat}")
    plain = tt.M_("test.untranslated", "Undo")

    class Fake(gettext.NullTranslations):
        def pgettext(self, context: str, message: str) -> str:
            if context == "test.translated":
                return "Gacanta xigta: {seat}"
            if context == "test.broken":
                return "{nope}"
            return message

    add_translation("qa", Fake(), domain="tutor")
    broken = tt.M_("test.broken", "Look at {card}")
    with language("qa"):
        assert tt.say(t, seat=0, naming="compass") == "Gacanta xigta: North"
        assert tt.say(plain) == "Undo"                      # not translated: English
        assert tt.say(broken, card="AS") == "Look at A♠"     # a translation that cannot be filled: English
        assert tt.say_html(broken, card="AS") == "Look at A♠"
    # the engine's domain is not the tutor's: the tutor's catalogue never translates an engine entry
    engine_msg = msg("CARD_NOT_IN_HAND", card="QH", rule="SP-14", hand=["2C", "AS"])
    english = str(engine_msg)
    with language("qa"):
        assert str(engine_msg) == english


def test_an_id_declared_twice_with_other_words_is_refused_and_the_same_entry_again_is_not():
    tt.M_("test.twice", "Once")
    assert tt.M_("test.twice", "Once") == "Once"
    with pytest.raises(ValueError):
        tt.M_("test.twice", "Twice")
    with pytest.raises(ValueError):
        tt.M_("MUST_FOLLOW_SUIT", "an engine id taken by the tutor")
