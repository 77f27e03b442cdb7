"""The tutor's words: every sentence and label the widgets, drills, table,
review, score sheet, app and exercises show a person (gettext domain
``tutor``; files ``tutor/locale/<lang>/LC_MESSAGES/tutor.mo``, compiled by
Babel from ``tutor.po``; English, the source, needs none).

An entry is declared once, in the module that shows it, with :func:`M_` (or
:func:`P_` when its grammar follows a count), a stable message id and the
English text with named placeholders, and a ``TRANSLATORS:`` comment saying
where it appears and what each placeholder holds::

    #: The note under the hand when a card is refused.
    REFUSED = M_("table.refused", "You may not play {card}: {reason}")

and shown with :func:`say` (plain text) or :func:`say_html` (inside HTML:
every placeholder's value is escaped)::

    say(REFUSED, card="QH", reason=verdict.msg)

Placeholder values are plain data and are written in the language by the
engine's text layer (:data:`engine.text.KINDS`: ``card`` ``"QH"`` → ``Q♥``,
``seat`` 2 with ``naming`` → ``South`` …); a :class:`~engine.message.Msg`
(a verdict's ``msg``) is rendered in its place, a :class:`Text` translated.
An entry is a whole sentence (never fragments glued together); markup inside
an entry is kept to inline tags (``<b>``, ``<i>``, ``<code>``) that a
translator can move with the words.

The language is the engine's one setting (:func:`engine.text.set_language`,
re-exported here).

>>> GREETING = M_("doctest.greeting", "{seat} leads {card}.")
>>> say(GREETING, seat=2, naming="compass", card="QH")
'South leads Q♥.'
>>> say_html(M_("doctest.html", "<b>{name}</b> wrote {card}"), name="<script>", card="TH")
'<b>&lt;script&gt;</b> wrote 10♥'
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Mapping

from engine.message import Msg, Text
from engine.text import (KINDS, fill, get_language, language, register_domain, register_entries, render,
                         set_language, translate)

__all__ = ["DOMAIN", "LOCALE_DIR", "M_", "P_", "Markup", "say", "say_html", "entries", "get_language",
           "set_language", "language", "translate"]

#: The gettext domain of the tutor's entries.
DOMAIN = "tutor"
#: Where the compiled catalogues live: ``<lang>/LC_MESSAGES/tutor.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

register_domain(DOMAIN, LOCALE_DIR)

_ENTRIES: dict[str, Text] = {}


def _declare(text: Text) -> Text:
    known = _ENTRIES.get(text.ctxt)
    if known is not None and (str(known), known.plural) != (str(text), text.plural):
        raise ValueError(f"message id {text.ctxt!r} is declared twice with other words")
    register_entries([text])
    _ENTRIES[text.ctxt] = text
    return text


def M_(ctxt: str, msgid: str) -> Text:
    """Declare an entry of the ``tutor`` domain: ``ctxt`` its stable message
    id (the gettext ``msgctxt``), ``msgid`` the English text with named
    placeholders.  Babel keyword ``M_:1c,2``.  ValueError when the id is
    already declared with other words."""
    return _declare(Text(ctxt, msgid, None, DOMAIN))


def P_(ctxt: str, singular: str, plural: str) -> Text:
    """Declare an entry whose grammar follows the count ``n`` (gettext
    ``npgettext``): the English singular and plural.  Babel keyword
    ``P_:1c,2,3``."""
    return _declare(Text(ctxt, singular, plural, DOMAIN))


def entries() -> tuple[Text, ...]:
    """Every entry of the ``tutor`` domain declared so far (by the modules
    imported so far), in declaration order."""
    return tuple(_ENTRIES.values())


def say(text: Text, /, **args: Any) -> str:
    """``text`` in the current language, its placeholders filled from
    ``args`` (see the module docstring)."""
    return fill(text, None, **args)


class Markup(str):
    """A piece of HTML made by the tutor itself (already safe): passed to
    :func:`say_html` it goes in as it is, where any other text is escaped."""


class _HtmlFill(dict[str, Any]):
    def __init__(self, args: Mapping[str, Any], lang: str):
        super().__init__()
        self.args = args
        self.lang = lang

    def __missing__(self, key: str) -> Any:
        value = self.args[key]
        if isinstance(value, Markup):
            return str(value)
        if isinstance(value, Msg):
            return html.escape(render(value, self.lang))
        if isinstance(value, Text):
            return html.escape(fill(value, self.lang, **self.args))
        kind = KINDS.get(key)
        if kind is not None:
            return html.escape(str(kind(value, self.args, self.lang)))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value  # format specs such as {n:,} apply
        return html.escape(str(value))


def say_html(text: Text, /, **args: Any) -> str:
    """``text`` in the current language for an HTML page: the entry's own
    markup is kept, every placeholder's value is escaped (but a
    :class:`Markup` value, which the tutor made itself).  A translation
    that cannot be filled falls back to the English entry."""
    lang = get_language()
    n = args.get("n")
    count = n if isinstance(n, int) and not isinstance(n, bool) else None
    english = str(text) if text.plural is None or count == 1 else text.plural
    template = translate(text, lang, count)
    try:
        return template.format_map(_HtmlFill(args, lang))
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        if template == english:
            raise
        return english.format_map(_HtmlFill(args, lang))
