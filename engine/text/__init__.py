"""The engine's text layer: every sentence the engine gives a person.

Code below this layer makes messages as data (:class:`~engine.message.Msg`:
a message id and plain data); this layer writes them in the chosen language
from gettext catalogues (domain ``engine``, ``engine/locale/<lang>/
LC_MESSAGES/engine.mo``; English, the source, needs none).  Importing it
(``import engine`` does) installs its renderer, so ``verdict.message`` and
``str(error)`` speak the current language.

>>> from engine import SpadesGame
>>> g = SpadesGame(first_deal=7, dealer=3)
>>> get_language()
'en'
>>> with language("en"):
...     g.check_bid(1, 3).message
"It is North's turn to bid. Bidding starts left of the dealer (West dealt) and goes clockwise (SP-5)."
"""
from __future__ import annotations

from ..message import Msg, Text, set_renderer
from ..options import Option
from ..registry import SPECS
from ..spec import GameSpec
from . import values, words
from .catalog import CATALOGUE
from .lang import (DOMAIN, LOCALE_DIR, add_translation, get_language, known_languages, language, register_domain,
                   set_language)
from .render import (KINDS, card_name, card_text, cards_text, count_text, entry_of, fill, join_list, ordinal_text,
                     quote_text, register_entries, render, seat_text, side_text, suit_name, translate)
from .values import answer_text, answers_text, phase_text

__all__ = ["set_language", "get_language", "language", "add_translation", "known_languages", "register_domain",
           "register_entries", "entry_of", "fill", "render",
           "translate", "card_text", "card_name", "cards_text", "suit_name", "count_text", "ordinal_text",
           "seat_text", "side_text", "join_list", "quote_text", "CATALOGUE", "KINDS",
           "DOMAIN", "LOCALE_DIR", "Msg", "Text", "all_entries", "option_texts", "label", "help_text",
           "phase_text", "answer_text", "answers_text"]

set_renderer(render)


def option_texts(option: Option) -> tuple[Text, ...]:
    """Every catalogue entry an option declares: label, help, allowed, its summary phrase and its choices'."""
    out = [option.label, option.help, option.allowed]
    if option.summary is not None:
        out.append(option.summary)
    for c in option.choices:
        out.append(c.label)
        if c.summary is not None:
            out.append(c.summary)
    return tuple(out)


def _spec_texts(spec: GameSpec) -> list[Text]:
    out = [spec.title]
    if spec.codec.scores_note is not None:
        out.append(spec.codec.scores_note)
    for o in spec.rules_class.OPTIONS:
        out.extend(option_texts(o))
    return out


def all_entries() -> tuple[Text, ...]:
    """Every entry of the ``engine`` domain, once each: the messages
    (:data:`CATALOGUE`), the words, and what each game declares (its title,
    its options' labels, help, allowed values, choices and summary phrases)."""
    seen: dict[str, Text] = {}
    for t in [*CATALOGUE.values(), *words.ENTRIES, *values.ENTRIES, *(t for spec in SPECS for t in _spec_texts(spec))]:
        seen.setdefault(t.ctxt, t)
    return tuple(seen.values())


def label(option: Option, lang: str | None = None) -> str:
    """An option's short label in ``lang`` (default: the current language)."""
    return translate(option.label, lang)


def help_text(option: Option, lang: str | None = None) -> str:
    """An option's one-line help in ``lang`` (default: the current language)."""
    return translate(option.help, lang)
