"""The exercises' words: how what a student reads is held (as data) and written (in a language).

A question's line, a hint, a check's sentence is a :class:`Sentence` until it is
shown: a catalogue entry's id (declared with :func:`tutor.text.M_` in the module
that shows it, gettext domain ``tutor``) and plain data — card codes ``"TH"``,
suit letters, seat numbers, counts, a score line's :class:`~engine.message.Msg`.
:func:`text_of` writes it in a language, :func:`html_of` for a notebook's HTML
output.  A text already written (a hint sealed in a student's notebook, made
in the notebook's language) is a ``str`` and is shown as it is:
``Words = Msg | str``.

Placeholders are written by the engine's text layer
(:data:`engine.text.KINDS`: ``card`` → ``10♥``, ``cards`` → ``10♥, 4♥ and
2♥``, ``shown_cards``, ``suit`` → ``hearts``, ``suit_one`` → ``heart``,
``seat`` → ``North``, ``side`` → ``North–South`` (the exercises' seats are
the four compass seats: :func:`say` passes ``naming="compass"``),
``bid_words``, ``parts`` …) and by three kinds of the exercises' own:

=============  ============================================================
``listed``     card codes → ``A♠ 7♠ 10♥ 4♥``: a hand as a prompt lists it
               (spades, hearts, clubs, diamonds, each high to low), or
               ``(no cards)``
``symbol``     a suit letter → its symbol ``♠`` (the same in every language)
``items``      messages (or texts) → joined with ``; ``
``numbers``    whole numbers → ``0, 1, 3`` (in the order given)
``card_list``  card codes → ``A♠, 10♥, 4♥`` (in the order given)
=============  ============================================================

A :class:`~engine.cards.Card` value is written as a card; a :class:`Code`
value is program text, shown as `` `answer_q1 = 52` `` in plain text and as
``<code>`` in HTML, so that no sentence is rewritten to mark it up.

>>> text_of(say(M_("doctest.ex.hand", "{seat} holds {listed}."), seat=2, listed=["TH", "AS", "4H", "7S"]))
'South holds A♠ 7♠ 10♥ 4♥.'
>>> html_of(say(M_("doctest.ex.code", "Type {code} for {card}."), code=Code("answer_q1 = 'QH'"), card="QH"))
'Type <code style="white-space:pre-wrap">answer_q1 = &#x27;QH&#x27;</code> for Q<span style="color:#c62828">♥</span>.'
"""
from __future__ import annotations

import functools
import html
from typing import Any, Callable, Union

from engine.cards import Card
from engine.message import Msg, Text
from engine.text import card_text, entry_of, get_language, known_languages, language, render, translate
from engine.text.words import LIST_SEP, SUIT_SYMBOLS
from tutor.text import DOMAIN as TUTOR_DOMAIN
from tutor.text import M_, Markup, say_html

__all__ = ["Sentence", "Words", "say", "text_of", "html_of", "plain_html", "Code", "HAND_ORDER", "hand_codes",
           "language_of", "DEFAULT_LANGUAGE", "exercise_languages", "class_set_languages", "PSEUDO_LANGUAGE"]

#: The language of a notebook without a ``lang`` setting (every notebook made before languages came).
DEFAULT_LANGUAGE = "en"


@functools.lru_cache(maxsize=1)
def exercise_languages() -> tuple[str, ...]:
    """The languages a class set can be made in (``make --lang``): English and
    every language the tutor has a compiled catalogue for
    (:func:`engine.text.known_languages` of the ``tutor`` domain), English first."""
    return known_languages(TUTOR_DOMAIN)


#: The catalogues' pseudo-language (accented, lengthened English for the browser tests that look for
#: untranslated or cut text): never a class set's language, so ``make --lang`` neither lists nor takes it.
PSEUDO_LANGUAGE = "qps"


def class_set_languages() -> tuple[str, ...]:
    """The languages ``make --lang`` offers (docs/translations.md): :func:`exercise_languages` without
    the pseudo-language."""
    return tuple(lang for lang in exercise_languages() if lang != PSEUDO_LANGUAGE)


#: The order a prompt lists a hand in: spades, hearts, clubs, diamonds.
HAND_ORDER = "SHCD"
_RANKS = "23456789TJQKA"

# TRANSLATORS: stands for an empty hand in a question ("Your cards: (no cards).").
NO_CARDS = M_("ex.words.no_cards", "(no cards)")
# TRANSLATORS: between the items of a list of explanations ("contract made 60; bags +2"); keep the space.
ITEM_SEP = M_("ex.words.item_sep", "; ")


class Sentence(Msg):
    """A :class:`~engine.message.Msg` of the exercises: ``str()`` writes it
    with the exercises' placeholder kinds too (:func:`text_of`)."""

    __slots__ = ()

    def __str__(self) -> str:
        return text_of(self)


#: What a person reads: a sentence as data, or a text already written in its language.
Words = Union[Msg, str]


class Code(str):
    """Program text inside a sentence (``answer_q1 = 52``): back-quoted in
    plain text, a ``<code>`` element in HTML."""

    def __str__(self) -> str:
        return f"`{str.__str__(self)}`"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def markup(self) -> Markup:
        """The HTML of this code (escaped)."""
        return Markup(f'<code style="white-space:pre-wrap">{html.escape(str.__str__(self))}</code>')


def say(entry: Text, /, **data: Any) -> Sentence:
    """The sentence ``entry`` with its placeholders' ``data`` (the exercises'
    seats are compass seats unless ``naming`` says otherwise)."""
    data.setdefault("naming", "compass")
    return Sentence(entry.ctxt, data)


def hand_codes(cards: Any) -> list[str]:
    """Card codes (or Cards) in the order a prompt lists a hand: spades,
    hearts, clubs, diamonds, each high to low."""
    codes = [c.code if isinstance(c, Card) else str(c) for c in cards]
    return sorted(codes, key=lambda c: (HAND_ORDER.index(c[1]), -_RANKS.index(c[0])))


def _listed(value: Any, lang: str) -> str:
    codes = hand_codes(value)
    return " ".join(card_text(c, lang) for c in codes) if codes else translate(NO_CARDS, lang)


def _symbol(value: Any, lang: str) -> str:
    return SUIT_SYMBOLS[str(value)]


def _items(value: Any, lang: str) -> str:
    return translate(ITEM_SEP, lang).join(text_of(m, lang) for m in value)


def _card_list(value: Any, lang: str) -> str:
    return translate(LIST_SEP, lang).join(card_text(c, lang) for c in value)


def _numbers(value: Any, lang: str) -> str:
    return translate(LIST_SEP, lang).join(str(int(v)) for v in value)


_OWN_KINDS: dict[str, Callable[[Any, str], str]] = {
    "listed": _listed, "symbol": _symbol, "items": _items, "numbers": _numbers, "card_list": _card_list}


def _prepared(m: Msg, lang: str, html_out: bool = False) -> dict[str, Any]:
    """``m``'s data with the exercises' own kinds written in ``lang`` (the
    engine's kinds are left to the engine)."""
    args: dict[str, Any] = {}
    for k, v in m.args.items():
        own = _OWN_KINDS.get(k)
        if own is not None:
            v = own(v, lang)
        elif isinstance(v, Code):
            v = v.markup() if html_out else str(v)
        elif isinstance(v, Msg):
            v = _written(v, lang)
        elif isinstance(v, Card):
            v = card_text(v.code, lang)
        elif isinstance(v, (list, tuple)) and any(isinstance(x, Msg) for x in v):
            v = [_written(x, lang) if isinstance(x, Msg) else x for x in v]
        args[k] = v
    return args


def _written(m: Msg, lang: str) -> str:
    return render(Msg(m.id, _prepared(m, lang)), lang)


def language_of(lang: str | None) -> str:
    return lang or get_language()


def text_of(words: Words, lang: str | None = None) -> str:
    """``words`` in ``lang`` (default: the current language) as plain text."""
    lang = language_of(lang)
    if isinstance(words, Msg):
        return _written(words, lang)
    if isinstance(words, Text):
        return translate(words, lang)
    return str(words)


_RED = {ord("♥"): '<span style="color:#c62828">♥</span>', ord("♦"): '<span style="color:#c62828">♦</span>'}


def plain_html(text: str) -> str:
    """A text already written, for HTML: escaped, the red suits' symbols red."""
    return html.escape(text).translate(_RED)


def html_of(words: Words, lang: str | None = None) -> str:
    """``words`` in ``lang`` for HTML: every value escaped, :class:`Code`
    as ``<code>``, the red suits' symbols red (a symbol is drawn red
    wherever it stands; no sentence is read to find it)."""
    lang = language_of(lang)
    if not isinstance(words, Msg):
        return plain_html(text_of(words, lang))
    with language(lang):  # say_html writes in the current language
        out = say_html(entry_of(words.id), **_prepared(words, lang, html_out=True))
    return out.translate(_RED)
