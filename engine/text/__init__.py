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
from .catalog import CATALOGUE
from .lang import DOMAIN, LOCALE_DIR, add_translation, get_language, known_languages, language, set_language
from .render import KINDS, card_text, join_list, quote_text, render, seat_text, side_text, translate

__all__ = ["set_language", "get_language", "language", "add_translation", "known_languages", "render",
           "translate", "card_text", "seat_text", "side_text", "join_list", "quote_text", "CATALOGUE", "KINDS",
           "DOMAIN", "LOCALE_DIR", "Msg", "Text"]

set_renderer(render)
