"""Turning a :class:`~engine.message.Msg` into a sentence.

A message's id names its catalogue entry (:data:`engine.text.catalog.CATALOGUE`);
the entry is translated into the language (gettext ``pgettext``, or
``npgettext`` with the message's ``n`` for an entry with a plural), then its
named placeholders are filled from the message's plain data, each formatted
*in that language* by the kind its name stands for (:data:`KINDS`):

========================  =====================================================
placeholder names          value → text
========================  =====================================================
``card`` ``led_card`` …    a card code ``"TH"`` → ``10♥``
``cards`` ``follow`` …     card codes → ``10♥, 4♥ and 2♥`` (each suit high to low)
``shown_cards`` …           card codes → ``K♣, 2♥`` (in the order given)
``cards_or``               card codes → ``2♣, 4♣ or 6♣`` (in the order given)
``low_cards``              card codes → ``2♣ 3♦`` (in the order given, spaced)
``led_suit`` ``suit`` …    a suit letter ``"H"`` → ``hearts``
``led_suit_one`` …         a suit letter → ``heart``
``rank_noun``              a rank letter ``"T"`` → ``ten``
``card_spoken``            a card code ``"TH"`` → ``ten of hearts`` (a card's spoken name)
``count_word``             a number → ``five`` (0 … 13 in words, digits above)
``nth``                    a number → ``fifth`` (an ordinal)
``seat`` ``to_act`` …      a seat number → its name (``naming``: ``compass``
                           North …, ``players`` Player 1 …, ``numbered`` seat 0 …)
``side`` ``other_side``    a side (index in the scores) → its name (North–South …)
``winners``                seat numbers → ``seat 0 and seat 2``
``value``                  any input → quoted, at most 80 characters
``bid``-words              ``bid_words``: a bid as in records (``4``, ``"nil"``) → ``4``, ``Nil``
``wanted``                 an action (``play``, ``bid`` …) → ``play a card``, ``bid`` …
``parts``                  messages → joined with ``, ``
``reasons``                messages → joined with ``; `` (the reasons of a choice)
``sentences``              messages (whole sentences) → joined with a space
========================  =====================================================

Any other value is used as it is (numbers, with the entry's format spec such
as ``{n:,}``); a :class:`~engine.message.Msg` is rendered in its place; a
:class:`~engine.message.Text` is translated and filled from the same data.

A translation that cannot be filled (a translator's typo in a placeholder)
falls back to the English entry, so a sentence is never lost.
"""
from __future__ import annotations

import math
from itertools import islice
from typing import Any, Callable, Iterable, Mapping

from ..message import LITERAL, Msg, Text
from .catalog import CATALOGUE
from .lang import get_language, translations
from .words import (ACTIONS, BID_WORDS, CARD_SPOKEN, COUNT_WORDS, LIST_AND, LIST_AND_EACH, LIST_NONE, LIST_OR,
                    LIST_SEMI, LIST_SEP, ORDINAL_OTHER, ORDINALS, QUOTE_BIG_INT, QUOTE_BIG_NEG_INT, QUOTE_OTHER, RANK_NOUNS, RANKS,
                    SEAT_WORDS, SENTENCE_SEP, SIDE_WORDS, SPOKEN_RANKS, SPOKEN_SUITS, SUIT_NOUNS, SUIT_SINGULAR, SUIT_SYMBOLS)

__all__ = ["render", "translate", "fill", "register_entries", "entry_of", "KINDS", "QUOTE_LIMIT", "card_text",
           "card_name", "cards_text", "suit_name", "count_text", "ordinal_text", "seat_text", "side_text", "join_list",
           "quote_text"]

QUOTE_LIMIT = 80
_SUITS = "CDHS"
_RANKS = "23456789TJQKA"


def translate(text: Text, lang: str | None = None, n: int | None = None) -> str:
    """``text`` (a catalogue entry) in ``lang`` (default: the current
    language); an entry with a plural takes the form for ``n``."""
    t = translations(lang or get_language(), text.domain)
    if text.plural is not None:
        return t.npgettext(text.ctxt, str(text), text.plural, n if n is not None else 1)
    return t.pgettext(text.ctxt, str(text))


class _Fill(dict[str, Any]):
    """The placeholders of one message in one language (formatted on demand)."""

    def __init__(self, args: Mapping[str, Any], lang: str):
        super().__init__()
        self.args = args
        self.lang = lang

    def __missing__(self, key: str) -> Any:
        value = self.args[key]
        kind = KINDS.get(key)
        if isinstance(value, Msg):
            return render(value, self.lang)
        if isinstance(value, Text):
            return _fill(translate(value, self.lang, _count(self.args)), self.args, self.lang,
                         str(value) if value.plural is None else None)
        if kind is None:
            return value
        return kind(value, self.args, self.lang)


def _count(args: Mapping[str, Any]) -> int | None:
    n = args.get("n")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def _fill(template: str, args: Mapping[str, Any], lang: str, english: str | None) -> str:
    try:
        return template.format_map(_Fill(args, lang))
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        if english is None or english == template:
            raise
        return english.format_map(_Fill(args, lang))


#: Entries declared by the layers above the engine (the tutor's), by message id.
_ABOVE: dict[str, Text] = {}


def register_entries(entries: Iterable[Text]) -> None:
    """Make the message ids of ``entries`` (declared by a layer above the
    engine, in its own gettext domain) known to :func:`render`.  The same
    entry again changes nothing; ValueError for an id the engine or another
    entry already uses with other words."""
    for t in entries:
        known = CATALOGUE.get(t.ctxt) or _ABOVE.get(t.ctxt)
        if known is not None:
            if known is t or (str(known), known.plural, known.domain) == (str(t), t.plural, t.domain):
                continue
            raise ValueError(f"message id {t.ctxt!r} is declared twice")
        _ABOVE[t.ctxt] = t


def entry_of(message_id: str) -> Text:
    """The catalogue entry of ``message_id`` (the engine's or one registered
    above it).  KeyError for an id in no catalogue (a bug)."""
    got = CATALOGUE.get(message_id)
    return got if got is not None else _ABOVE[message_id]


def fill(text: Text, lang: str | None = None, /, **args: Any) -> str:
    """The entry ``text`` in ``lang`` (default: the current language), its
    placeholders filled from ``args`` by their kinds (:data:`KINDS`); an entry
    with a plural takes the form for ``args["n"]``."""
    lang = lang or get_language()
    n = _count(args)
    english = str(text) if text.plural is None or n == 1 else text.plural
    return _fill(translate(text, lang, n), args, lang, english)


def render(m: Msg, lang: str | None = None) -> str:
    """The sentence of ``m`` in ``lang`` (default: the current language).
    KeyError for a message id that is in no catalogue (a bug)."""
    lang = lang or get_language()
    if m.id == LITERAL:
        return str(m.args.get("text", ""))
    entry = entry_of(m.id)
    n = _count(m.args)
    english = str(entry) if entry.plural is None or n == 1 else entry.plural
    return _fill(translate(entry, lang, n), m.args, lang, english)


# ----------------------------------------------------------------------------- the kinds
def _word(text: Text, lang: str, **args: Any) -> str:
    """A word entry in ``lang``, its placeholders filled with ``args`` as they are."""
    word = translate(text, lang)
    if not args:
        return word
    try:
        return word.format(**args)
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        return str(text).format(**args)


def card_text(code: Any, lang: str | None = None) -> str:
    """``"TH"`` (or a Card) → ``10♥`` in ``lang`` (default: the current
    language): the card as a sentence shows it (:attr:`engine.cards.Card.display`
    is the fixed English notation)."""
    code = str(code)
    return _word(RANKS[code[0]], lang or get_language()) + SUIT_SYMBOLS[code[1]]


def card_name(code: Any, lang: str | None = None) -> str:
    """``"TH"`` (or a Card) → ``ten of hearts`` in ``lang``: a card's spoken
    name, for an accessible label (:attr:`engine.cards.Card.name` is the fixed
    English identifier)."""
    code = str(code)
    lang = lang or get_language()
    return _word(CARD_SPOKEN, lang, rank_noun=_word(SPOKEN_RANKS[code[0]], lang),
                 suit=_word(SPOKEN_SUITS[code[1]], lang))


def suit_name(suit: Any, lang: str | None = None, *, one: bool = False) -> str:
    """A suit (a letter ``"H"``, or a :class:`~engine.cards.Suit`) → its
    name in ``lang``: ``hearts``, or with ``one`` a single card's ``heart``."""
    letter = str(suit)
    return _word((SUIT_SINGULAR if one else SUIT_NOUNS)[letter], lang or get_language())


def count_text(k: int, lang: str | None = None) -> str:
    """``k`` in words as the advice says it ("no", "one" … "thirteen"; digits above)."""
    return _word(COUNT_WORDS[k], lang or get_language()) if 0 <= k < len(COUNT_WORDS) else str(k)


def ordinal_text(k: int, lang: str | None = None) -> str:
    """The ``k``-th in words ("first" … "thirteenth"; "14th" above)."""
    lang = lang or get_language()
    return _word(ORDINALS[k], lang) if 0 <= k < len(ORDINALS) else _word(ORDINAL_OTHER, lang, n=k)


def _card_key(code: str) -> tuple[int, int]:
    return _SUITS.index(code[1]), -_RANKS.index(code[0])


def join_list(items: list[str], lang: str | None = None, *, last: Text = LIST_AND) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``lang`` (``last=LIST_OR``: ``a, b or c``)."""
    lang = lang or get_language()
    if not items:
        return _word(LIST_NONE, lang)
    if len(items) == 1:
        return items[0]
    return _word(last, lang, head=_word(LIST_SEP, lang).join(items[:-1]), last=items[-1])


def cards_text(cards: Iterable[Any], lang: str | None = None) -> str:
    """Card codes (or Cards) → ``10♥, 4♥ and 2♥`` in ``lang``: each suit
    highest first, clubs … spades; ``no cards`` for none."""
    lang = lang or get_language()
    codes = sorted((str(c) for c in cards), key=_card_key)
    return join_list([card_text(c, lang) for c in codes], lang)


def _card(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return card_text(value, lang)


def _cards(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return cards_text(value, lang)


def _played(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(LIST_SEP, lang).join(card_text(c, lang) for c in value)


def _cards_or(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return join_list([card_text(c, lang) for c in value], lang, last=LIST_OR)


def _card_row(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in value)


def _suit(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(SUIT_NOUNS[str(value)], lang)


def _suit_one(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(SUIT_SINGULAR[str(value)], lang)


def _rank_noun(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(RANK_NOUNS[str(value)[0]], lang)


def _card_spoken(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return card_name(value, lang)


def _count_word(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return count_text(int(value), lang)


def _nth(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return ordinal_text(int(value), lang)


def seat_text(seat: int, naming: str, lang: str | None = None) -> str:
    """The name of ``seat`` under the naming scheme ``naming`` in ``lang``."""
    lang = lang or get_language()
    words = SEAT_WORDS[naming]
    if isinstance(words, Text):
        return _word(words, lang, seat=seat, number=seat + 1)
    return _word(words[seat], lang)


def side_text(side: int, naming: str, lang: str | None = None) -> str:
    """The name of scores entry ``side`` (a partnership, or one seat) in ``lang``."""
    lang = lang or get_language()
    words = SIDE_WORDS.get(naming)
    if words is None:
        return seat_text(side, naming, lang)
    return _word(words[side], lang)


def _seat(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return seat_text(int(value), str(args.get("naming", "numbered")), lang)


def _side(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return side_text(int(value), str(args.get("naming", "numbered")), lang)


def _seats_and(value: Any, args: Mapping[str, Any], lang: str) -> str:
    naming = str(args.get("naming", "numbered"))
    return _word(LIST_AND_EACH, lang).join(seat_text(int(s), naming, lang) for s in value)


def _seats_comma(value: Any, args: Mapping[str, Any], lang: str) -> str:
    naming = str(args.get("naming", "numbered"))
    return _word(LIST_SEP, lang).join(seat_text(int(s), naming, lang) for s in value)


def _msgs_and(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(LIST_AND_EACH, lang).join(render(m, lang) for m in value)


def _reasons(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(LIST_SEMI, lang).join(render(m, lang) for m in value)


def _sentences(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(SENTENCE_SEP, lang).join(render(m, lang) for m in value)


def quote_text(value: object, lang: str | None = None, limit: int = QUOTE_LIMIT) -> str:
    """``value`` quoted for a message in ``lang``: its ``repr`` cut to at
    most ``limit`` characters (``…`` marks the cut); an integer too long to
    print, or an object whose ``repr`` fails, is described instead."""
    lang = lang or get_language()
    try:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 60:
            digits = int(value.bit_length() * 0.30103) + 1
            return _word(QUOTE_BIG_NEG_INT if value < 0 else QUOTE_BIG_INT, lang, digits=digits)
        if isinstance(value, str) and len(value) > limit:
            value = value[: limit + 1]
        text = repr(value) if not isinstance(value, (list, tuple, dict, set)) else _quote_items(value, lang, limit)
    except Exception:  # noqa: BLE001 - a message must never fail
        return _word(QUOTE_OTHER, lang, type=type(value).__name__)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _quote_items(value: Any, lang: str, limit: int) -> str:
    items = list(islice(value.items(), 8)) if isinstance(value, dict) else list(islice(value, 8))
    if isinstance(value, dict):
        parts = [f"{quote_text(k, lang, limit)}: {quote_text(v, lang, limit)}" for k, v in items]
        open_, close = "{", "}"
    else:
        parts = [quote_text(v, lang, limit) for v in items]
        open_, close = ("[", "]") if isinstance(value, list) else ("(", ")") if isinstance(value, tuple) else ("{", "}")
    more = ", …" if len(value) > len(items) else ""
    return open_ + ", ".join(parts) + more + close


def _quote(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return quote_text(value, lang)


def _bid_words(value: Any, args: Mapping[str, Any], lang: str) -> str:
    if isinstance(value, str) and value in BID_WORDS:
        return _word(BID_WORDS[value], lang)
    return str(value)


def _wanted(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(ACTIONS[str(value)], lang)


def _parts(value: Any, args: Mapping[str, Any], lang: str) -> str:
    return _word(LIST_SEP, lang).join(render(m, lang) if isinstance(m, Msg) else str(m) for m in value)


def _finite(value: Any, args: Mapping[str, Any], lang: str) -> Any:
    return value if not isinstance(value, float) or math.isfinite(value) else repr(value)


Kind = Callable[[Any, Mapping[str, Any], str], Any]
_GROUPS: Iterable[tuple[Kind, tuple[str, ...]]] = (
    (_card, ("card", "led_card", "top", "winner_card", "chosen_card", "turn_up", "club_card")),
    (_cards, ("cards", "hand", "could_follow", "trumps", "others", "missing", "passed", "held")),
    (_played, ("shown_cards", "off_cards")),
    (_cards_or, ("cards_or",)),
    (_card_row, ("low_cards",)),
    (_suit, ("suit", "led_suit", "trump_suit")),
    (_suit_one, ("suit_one", "led_suit_one")),
    (_rank_noun, ("rank_noun",)),
    (_card_spoken, ("card_spoken",)),
    (_count_word, ("count_word",)),
    (_nth, ("nth",)),
    (_seat, ("seat", "to_act", "leader", "dealer", "player", "winner_seat")),
    (_side, ("side", "other_side")),
    (_seats_and, ("winners_and", "waiting_and")),
    (_seats_comma, ("waiting",)),
    (_msgs_and, ("parts_and",)),
    (_reasons, ("reasons",)),
    (_sentences, ("sentences",)),
    (_quote, ("value", "value2", "whole", "default")),
    (_bid_words, ("bid_words", "partner_bid")),
    (_wanted, ("wanted",)),
    (_parts, ("parts",)),
)
#: Placeholder name → how its value is written (see the module docstring).
KINDS: dict[str, Kind] = {name: kind for kind, names in _GROUPS for name in names}
