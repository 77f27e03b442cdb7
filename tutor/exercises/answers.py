"""Reading a student's answer: the forms accepted, the forms refused, and the
canonical text of a normalised answer (what the sealed notebooks hash).

Accepted card forms (any case, spaces, ``-`` or ``_`` between the parts, the
emoji variation selectors U+FE0F/U+FE0E ignored): ``"10H"``, ``"TH"``,
``"10 H"``, ``"10♥"``, ``"10 ♥"``, ``"10♥️"``, ``"A-S"``, suit first
``"H10"``/``"♥10"``, and words ``"ten of hearts"``, ``"Q of clubs"``,
``"queen of clubs"``.  Refused, with a message saying what to write:
``"1H"`` (ace or ten?), ``"10"`` (no suit), ``"QN"`` (N is not a suit).

Numbers may be typed as text (``"60"``, ``" -40 "``, ``"−40"`` with a minus
sign).  Sides: ``"North–South"``/``"NS"``, ``"East–West"``/``"EW"``, and
"nobody" (``"nobody"``, ``"no one"``, ``"nobody yet"``, ``"no winner"``);
``"tie"``/``"draw"`` is its own answer (:data:`TIE`), right only when the
question's scores are tied; ``"none"`` and ``"neither"`` are refused as
unclear.

Answers read the same in every notebook, whatever its language: a card may
also be written with the rank and suit words of any of the tutor's languages
(:func:`~tutor.exercises.words.exercise_languages`), as the engine's
catalogues have them — the rank as printed (``rank.*``) or named (``rank.noun.*``,
``rank.spoken.*``), the suit's plural, single-card or card-name form (``suit.*``,
``suit_one.*``, ``suit.spoken.*``, with or without the suit symbol the catalogue puts
in it) or its symbol, rank first or suit first, or joined as the card's spoken name joins
them (``card.spoken``: the Somali ``tobanka wadnaha ♥`` or ``toban wadne``, the Hausa ``goma
na zuciya``, the Cebuano ``10 sa heart``); a seat or a side by its name in
any language (``Koonfur``, ``Arewa–Kudu``); a rank from 2 to 9 by its number word
(:data:`RANK_WORDS`: ``laba wadne``, ``duha sa heart``) and who has won by the
words of :data:`OUTCOME_WORDS` (``cidna``, ``babu kowa``, ``tabla``), as English's
"two of hearts", "nobody" and "tie" are read.  These words are compared
without case, accents or the hooks of Hausa letters (``ɗan sarki`` = ``dan
sarki``) and with any apostrophe (``luʼu-luʼu`` = ``lu'u-lu'u``).  A word
combination that two languages give to two different cards, seats or sides
reads as nothing (:func:`answer_words` lists them; the tests require there
are none).  Numbers are ASCII digits only, in every language.
"""
from __future__ import annotations

import functools
import math
import re
import unicodedata
from typing import Any

from engine import DECK, Card, Rank, Suit
from engine.text import card_name, translate
from engine.text.words import (CARD_SPOKEN, RANK_NOUNS, RANKS, SEAT_WORDS, SIDE_WORDS, SPOKEN_RANKS, SPOKEN_SUITS,
                               SUIT_NOUNS, SUIT_SINGULAR, SUIT_SYMBOLS)
from tutor.text import M_

from .words import Sentence, Words, exercise_languages, say

__all__ = ["AnswerError", "TEXT", "WHAT", "parse_answer", "parse_card_answer", "canonical", "canonical_item", "NOBODY",
           "TIE", "ITEM_KINDS", "answer_words", "word_key", "RANK_WORDS", "OUTCOME_WORDS"]

NOBODY = -1
TIE = -2
#: Kinds whose answer is a set of items judged one by one (cards, bids).
ITEM_KINDS = ("cards", "ints")


class AnswerError(ValueError):
    """The answer has the wrong type or is not understood: ``msg`` (a
    :class:`~tutor.exercises.words.Sentence`) says what to write instead
    (shown to the student, never a traceback); ``str()`` writes it in the
    current language."""

    def __init__(self, msg: Sentence):
        super().__init__(msg)
        self.msg = msg


#: What a student is told about an answer that cannot be read.  The quoted answer forms ("10H", "North",
#: "nobody" …) are what the grader reads in every language: a translation keeps them as they are.
TEXT = {
    # TRANSLATORS: the check's reply to an answer that is not text (a number, a list …) where a card was asked
    # for; {what} describes it ("the yes/no value True", "a list (['AS'])"). Keep the quoted card forms as they are.
    "not_a_card_type": M_("ex.answer.not_a_card_type",
                          "{what} is not a card: write a rank (A K Q J 10 9 … 2, or T for ten) and a suit "
                          "(S H D C or ♠ ♥ ♦ ♣), like \"10H\", \"10 ♥\", \"A-S\" or \"queen of clubs\"."),
    # TRANSLATORS: the check's reply to a text that is not a card; {typed} is the text as the student typed it
    # (a Python literal such as '1X'). Keep the quoted card forms as they are.
    "not_a_card": M_("ex.answer.not_a_card",
                     "{typed} is not a card: write a rank (A K Q J 10 9 … 2, or T for ten) and a suit "
                     "(S H D C or ♠ ♥ ♦ ♣), like \"10H\", \"10 ♥\", \"A-S\" or \"queen of clubs\"."),
    # TRANSLATORS: a card typed with the rank 1; {typed} is what was typed ('1H'). Keep "A…", "10…", "AH", "10H".
    "rank_one": M_("ex.answer.rank_one",
                   "{typed} is not clear: there is no rank 1. Did you mean the ace (\"A…\") or the ten "
                   "(\"10…\")? Write the card like \"AH\" or \"10H\"."),
    # TRANSLATORS: a rank typed without a suit; {typed} is what was typed ('10'), {rank} the same without spaces.
    "no_suit": M_("ex.answer.no_suit", "{typed} has no suit: write the suit too, like \"{rank}H\" or \"{rank}♥\"."),
    # TRANSLATORS: a seat name typed where a card was asked for; {typed} is what was typed ('East').
    "seat_not_card": M_("ex.answer.seat_not_card", "{typed} is a seat: answer with the card itself, like \"Q♥\"."),
    # TRANSLATORS: a rank followed by something that is not a suit; {typed} is what was typed ('QN'), {rest} the
    # part that is not a suit ('n'). Keep the quoted card forms as they are.
    "not_a_suit": M_("ex.answer.not_a_suit",
                     "{typed} is not a card: {rest} is not a suit. Write a rank (A K Q J 10 9 … 2, or T for ten) and "
                     "a suit (S H D C or ♠ ♥ ♦ ♣), like \"10H\", \"10 ♥\", \"A-S\" or \"queen of clubs\"."),
    # TRANSLATORS: a number question answered with something else; {what} describes the answer.
    "int": M_("ex.answer.int", "Your answer is {what}; the answer is a whole number, like 14."),
    # TRANSLATORS: a list of bids holding something that is not a whole number; {what} describes it.
    "int_bid": M_("ex.answer.int_bid", "Your answer is {what}; each bid is a whole number, like 3."),
    # TRANSLATORS: a list of cards was asked for; {what} describes the answer. Keep the example list as it is.
    "cards_type": M_("ex.answer.cards_type",
                     "Your answer is {what}; write a list of cards, like [\"10H\", \"4H\", \"AS\"]."),
    # TRANSLATORS: a text that is not a seat; {typed} is what was typed. Keep the seat names in quotes in English:
    # they are the answers the grader reads.
    "not_a_seat": M_("ex.answer.not_a_seat",
                     "{typed} is not a seat: write \"North\", \"East\", \"South\" or \"West\"."),
    # TRANSLATORS: a seat was asked for; {what} describes the answer. Keep "East" in English (an answer form).
    "seat_type": M_("ex.answer.seat_type", "Your answer is {what}; write a seat name, like \"East\"."),
    # TRANSLATORS: "none" or "neither" typed for who has won; {typed} is what was typed. Keep the quoted answers.
    "side_unclear": M_("ex.answer.side_unclear",
                       "{typed} is not clear: write \"nobody\" if no side has won the game yet, or the side that "
                       "has won (\"North–South\" or \"East–West\")."),
    # TRANSLATORS: a text that names no side; {typed} is what was typed. Keep the quoted answers.
    "side_unknown": M_("ex.answer.side_unknown",
                       "{typed} is not understood: write \"North–South\" (or \"NS\"), \"East–West\" (or "
                       "\"EW\"), or \"nobody\"."),
    # TRANSLATORS: a side was asked for; {what} describes the answer. Keep the quoted answers.
    "side_type": M_("ex.answer.side_type",
                    "Your answer is {what}; write \"North–South\", \"East–West\" or \"nobody\"."),
    # TRANSLATORS: a list of bids was asked for; {what} describes the answer. Keep the example list.
    "ints_type": M_("ex.answer.ints_type", "Your answer is {what}; write a list of whole numbers, like [0, 1, 3]."),
}
#: How an answer of the wrong type is described ({typed}: the answer as a Python literal; any other type is
#: described by its literal alone).
WHAT = {
    # TRANSLATORS: describes an answer True or False ({typed}), inside "Your answer is …".
    "bool": M_("ex.answer.what.bool", "the yes/no value {typed}"),
    # TRANSLATORS: describes an answer that is a text ({typed}: the text in quotes), inside "Your answer is …".
    "text": M_("ex.answer.what.text", "the text {typed}"),
    # TRANSLATORS: describes an answer that is a list ({typed}: the list), inside "Your answer is …".
    "list": M_("ex.answer.what.list", "a list ({typed})"),
    # TRANSLATORS: describes an answer that is a decimal number ({typed}), inside "Your answer is …".
    "float": M_("ex.answer.what.float", "the decimal number {typed}"),
    # TRANSLATORS: describes an answer that is a Python dictionary, inside "Your answer is …".
    "dict": M_("ex.answer.what.dict", "a dictionary"),
}


#: Words an answer may use in every language, beside the engine's card, seat and side words: the ranks 2 to 9
#: as numbers are said (a catalogue that prints the rank as a digit has no word for it), and who has won.
#: Each is one word or phrase a student types as the whole answer (or, for a rank, with a suit word).
RANK_WORDS = {
    # TRANSLATORS: the number 2 as a word, as a student may type a card's rank ("two of hearts"); one word or
    # phrase, no sentence (the answer reader compares it with what the student typed).
    "2": M_("ex.answer.word.rank.2", "two"),
    # TRANSLATORS: as above, the number 3.
    "3": M_("ex.answer.word.rank.3", "three"),
    # TRANSLATORS: as above, the number 4.
    "4": M_("ex.answer.word.rank.4", "four"),
    # TRANSLATORS: as above, the number 5.
    "5": M_("ex.answer.word.rank.5", "five"),
    # TRANSLATORS: as above, the number 6.
    "6": M_("ex.answer.word.rank.6", "six"),
    # TRANSLATORS: as above, the number 7.
    "7": M_("ex.answer.word.rank.7", "seven"),
    # TRANSLATORS: as above, the number 8.
    "8": M_("ex.answer.word.rank.8", "eight"),
    # TRANSLATORS: as above, the number 9.
    "9": M_("ex.answer.word.rank.9", "nine"),
}
#: Who has won, as a student may answer it: NOBODY or TIE → its words.
OUTCOME_WORDS = {
    NOBODY: (
        # TRANSLATORS: an answer a student may type for "which side has won the game?" when no side has won yet;
        # one word or phrase (the answer reader compares it with what the student typed).
        M_("ex.answer.word.nobody", "nobody"),
        # TRANSLATORS: as above, another way to say it: there is no winner (yet).
        M_("ex.answer.word.no_winner", "no winner"),
    ),
    TIE: (
        # TRANSLATORS: an answer a student may type for "which side has won the game?" when both sides are equal;
        # one word or phrase.
        M_("ex.answer.word.tie", "tie"),
        # TRANSLATORS: as above, another word for it (a draw).
        M_("ex.answer.word.draw", "draw"),
    ),
}


def _refuse(key: str, **data: Any) -> AnswerError:
    return AnswerError(say(TEXT[key], **data))


_RANK_WORDS = {
    "a": Rank.ACE, "ace": Rank.ACE, "k": Rank.KING, "king": Rank.KING, "q": Rank.QUEEN, "queen": Rank.QUEEN,
    "j": Rank.JACK, "jack": Rank.JACK, "10": Rank.TEN, "t": Rank.TEN, "ten": Rank.TEN,
    "9": Rank.NINE, "nine": Rank.NINE, "8": Rank.EIGHT, "eight": Rank.EIGHT, "7": Rank.SEVEN, "seven": Rank.SEVEN,
    "6": Rank.SIX, "six": Rank.SIX, "5": Rank.FIVE, "five": Rank.FIVE, "4": Rank.FOUR, "four": Rank.FOUR,
    "3": Rank.THREE, "three": Rank.THREE, "2": Rank.TWO, "two": Rank.TWO, "deuce": Rank.TWO,
}
_SUIT_WORDS = {
    "s": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "h": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "d": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "c": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}


def _alt(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_R, _S = _alt(_RANK_WORDS), _alt(_SUIT_WORDS)
_RANK_FIRST = re.compile(rf"({_R})\s*(?:of\s+)?({_S})")
_SUIT_FIRST = re.compile(rf"({_S})\s*({_R})")


def _clean(text: str) -> str:
    t = text.replace("\ufe0f", "").replace("\ufe0e", "").strip().lower()
    t = re.sub(r"[-_/]+", " ", t)
    t = re.sub(r"^the\s+", "", t)
    return re.sub(r"\s+", " ", t).strip()


_APOSTROPHES = {ord(c): "'" for c in "\u02bc\u2019\u2018\u00b4`\u02b9\u02bb"}
#: Letters a keyboard without them writes as their plain Latin letter (Hausa's hooked letters).
_PLAIN_LETTERS = {ord("ɗ"): "d", ord("ɓ"): "b", ord("ƙ"): "k", ord("ƴ"): "y", ord("Ɗ"): "d", ord("Ɓ"): "b",
                  ord("Ƙ"): "k", ord("Ƴ"): "y"}


def word_key(text: str) -> str:
    """How a word of an answer is compared across languages: :func:`_clean`
    (lower case, ``-_/`` as spaces, no leading "the"), then without accents,
    Hausa's hooked letters as plain ones and every apostrophe as ``'``."""
    t = unicodedata.normalize("NFKD", _clean(text.translate(_APOSTROPHES).translate(_PLAIN_LETTERS)))
    return unicodedata.normalize("NFC", "".join(ch for ch in t if not unicodedata.combining(ch)))


def _without_symbols(word: str) -> str:
    """A catalogue's suit word without the suit symbols it may carry (Somali ``caleen ♣`` → ``caleen``)."""
    return " ".join(word.translate({ord(sym): " " for sym in SUIT_SYMBOLS.values()}).split())


def _card_forms(lang: str) -> dict[str, set[str]]:
    """Every way ``lang``'s catalogue writes a card: word key → card codes."""
    forms: dict[str, set[str]] = {}

    def add(text: str, code: str) -> None:
        key = word_key(text)
        if key:
            forms.setdefault(key, set()).add(code)

    spoken = translate(CARD_SPOKEN, lang)
    for r in RANKS:
        ranks = {translate(RANKS[r], lang), translate(RANK_NOUNS[r], lang), translate(SPOKEN_RANKS[r], lang)}
        if r in RANK_WORDS:
            ranks.add(translate(RANK_WORDS[r], lang))
        for s_, sym in SUIT_SYMBOLS.items():
            code = r + s_
            add(card_name(code, lang), code)
            suits = {sym}
            for entry in (SUIT_NOUNS[s_], SUIT_SINGULAR[s_], SPOKEN_SUITS[s_]):
                word = translate(entry, lang)
                suits |= {word, _without_symbols(word)}
            for rank in ranks:
                for suit in suits - {""}:
                    add(f"{rank} {suit}", code)
                    add(f"{suit} {rank}", code)
                    try:
                        add(spoken.format(rank_noun=rank, suit=suit), code)
                    except (KeyError, IndexError, ValueError):  # a catalogue entry that cannot be filled
                        pass
    return forms


def _named_forms(lang: str) -> dict[str, dict[str, set[int]]]:
    """``lang``'s seat and side names: ``{"seat": word key → seats, "side": word key → sides}``."""
    seats: dict[str, set[int]] = {}
    sides: dict[str, set[int]] = {}
    compass = SEAT_WORDS["compass"]
    for i, entry in enumerate(compass if isinstance(compass, tuple) else ()):
        seats.setdefault(word_key(translate(entry, lang)), set()).add(i)
    for i, entry in enumerate(SIDE_WORDS["compass"]):
        name = word_key(translate(entry, lang).replace("–", "-").replace("—", "-"))
        for key in (name, name.replace(" ", "")):
            sides.setdefault(key, set()).add(i)
    for outcome, entries in OUTCOME_WORDS.items():
        for entry in entries:
            sides.setdefault(word_key(translate(entry, lang)), set()).add(outcome)
    return {"seat": seats, "side": sides}


@functools.lru_cache(maxsize=1)
def answer_words() -> dict[str, Any]:
    """The answer words of every language of the tutor, from the engine's
    catalogues: ``{"card": {word key: card code}, "seat": {word key: 0..3},
    "side": {word key: 0 or 1}, "rank": {word key: rank letter}, "ambiguous":
    {kind: {word key: what it could be}}}``.  A key two languages give to two different things is left out
    of its table and listed under ``ambiguous`` (read as nothing)."""
    merged: dict[str, dict[str, set]] = {"card": {}, "seat": {}, "side": {}, "rank": {}}
    for lang in exercise_languages():
        for key, codes in _card_forms(lang).items():
            merged["card"].setdefault(key, set()).update(codes)
        for r in RANKS:
            for entry in (RANKS[r], RANK_NOUNS[r], *([RANK_WORDS[r]] if r in RANK_WORDS else [])):
                key = word_key(translate(entry, lang))
                if key:
                    merged["rank"].setdefault(key, set()).add(r)
        for kind, table in _named_forms(lang).items():
            for key, values in table.items():
                merged[kind].setdefault(key, set()).update(values)
    out: dict[str, Any] = {"ambiguous": {}}
    for kind, table in merged.items():
        out[kind] = {k: next(iter(v)) for k, v in table.items() if len(v) == 1}
        out["ambiguous"][kind] = {k: sorted(v) for k, v in table.items() if len(v) > 1}
    return out


_BY_CODE = {c.code: c for c in DECK}


def _card_in_any_language(text: str) -> Card | None:
    code = answer_words()["card"].get(word_key(text))
    return None if code is None else _BY_CODE[code]


def parse_card_answer(value: Any) -> Card:
    """One card from a student's text (see the module docstring for the forms).

    Raises :class:`AnswerError` naming the problem: a rank 1, a missing suit,
    an unknown suit letter, a seat name where a card was asked for."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise _refuse("not_a_card_type", what=_describe_type(value))
    t = _clean(value)
    m = _RANK_FIRST.fullmatch(t) or _SUIT_FIRST.fullmatch(t)
    if m:
        a, b = m.groups()
        rank, suit = (_RANK_WORDS[a], _SUIT_WORDS[b]) if a in _RANK_WORDS else (_RANK_WORDS[b], _SUIT_WORDS[a])
        return DECK[suit * 13 + rank - 2]
    card = _card_in_any_language(value)
    if card is not None:
        return card
    if re.fullmatch(rf"1\s*({_S})|({_S})\s*1", t):
        raise _refuse("rank_one", typed=repr(value))
    rank = answer_words()["rank"].get(word_key(value))
    if re.fullmatch(rf"{_R}", t) or rank is not None:  # a rank alone, in any language ("10", "ten", "toban")
        shown = translate(RANKS[rank], "en") if rank is not None and len(value.strip()) > 2 else value.strip()
        raise _refuse("no_suit", typed=repr(value), rank=shown)
    if t in ("north", "east", "south", "west", "n", "e", "w") or word_key(value) in answer_words()["seat"]:
        raise _refuse("seat_not_card", typed=repr(value))
    # a rank, then something that is not a suit: the rank a word of its own ("Q of bananas") or one sign
    # after it ("QN"); never the first letters of a longer word ("tree", "toban" are not T + "ree", "oban")
    m = re.fullmatch(rf"({_R})(?:\s+(.+)|(\S))", t)
    if m:
        raise _refuse("not_a_suit", typed=repr(value), rest=repr(m.group(2) or m.group(3)))
    raise _refuse("not_a_card", typed=repr(value))


def _describe_type(value: Any) -> Words:
    if isinstance(value, bool):
        return say(WHAT["bool"], typed=repr(value))
    if isinstance(value, str):
        return say(WHAT["text"], typed=repr(value))
    if isinstance(value, (list, tuple, set, frozenset)):
        return say(WHAT["list"], typed=repr(value))
    if isinstance(value, float):
        return say(WHAT["float"], typed=repr(value))
    if isinstance(value, dict):
        return say(WHAT["dict"])
    return repr(value)


_INT_TEXT = re.compile(r"[+\-\u2212]?[0-9]{1,6}")  # ASCII digits only, in every language


def _parse_int(value: Any, refusal: str) -> int:
    """``value`` as a whole number, or AnswerError ``TEXT[refusal]``."""
    if isinstance(value, bool) or value is None:
        raise _refuse(refusal, what=_describe_type(value))
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return int(value)
        raise _refuse(refusal, what=_describe_type(value))
    if isinstance(value, str):
        t = value.strip().replace(" ", "")
        if _INT_TEXT.fullmatch(t):
            return int(t.replace("\u2212", "-"))
    raise _refuse(refusal, what=_describe_type(value))


def _split_cards(text: str) -> list[str]:
    """Card texts in one string: split at commas/semicolons, else at spaces,
    joining neighbours that only make a card together ("10 H")."""
    if re.search(r"[,;]", text):
        return [q for p in re.split(r"[,;]", text) for q in _split_cards(p)]
    toks = text.split()
    out: list[str] = []
    i = 0
    while i < len(toks):
        for n in (4, 3, 2):  # "ten of hearts", "10 of H", "10 H"
            if i + n <= len(toks):
                joined = " ".join(toks[i:i + n])
                try:
                    parse_card_answer(joined)
                except AnswerError:
                    continue
                try:
                    parse_card_answer(toks[i])
                    single_ok = True
                except AnswerError:
                    single_ok = False
                if not single_ok:
                    out.append(joined)
                    i += n
                    break
        else:
            out.append(toks[i])
            i += 1
    return out


_SEAT_WORDS = {"north": 0, "n": 0, "east": 1, "e": 1, "south": 2, "s": 2, "west": 3, "w": 3}
_SIDE_WORDS = {
    "north south": 0, "northsouth": 0, "ns": 0, "n s": 0, "north and south": 0,
    "east west": 1, "eastwest": 1, "ew": 1, "e w": 1, "east and west": 1,
    "nobody": NOBODY, "no one": NOBODY, "noone": NOBODY, "nobody yet": NOBODY, "no winner": NOBODY,
    "nobody has won": NOBODY, "no one has won": NOBODY,
    "tie": TIE, "a tie": TIE, "draw": TIE, "a draw": TIE, "tied": TIE,
}


def parse_answer(kind: str, value: Any):
    """Turn a student's literal answer into the normal form for ``kind``.

    ``"cards"`` → frozenset of :class:`Card` (a list/tuple/set of card texts,
    or one string "10H 4H"); ``"card"`` → Card; ``"seat"`` → 0..3 ("East",
    "E" or 1); ``"side"`` → 0, 1, :data:`NOBODY` (-1) or :data:`TIE` (-2);
    ``"int"`` → int (``52``, ``52.0`` or ``"52"``); ``"ints"`` → frozenset of int.
    Raises :class:`AnswerError` with a student-facing message.
    """
    if kind == "cards":
        parts: list[Any]
        if isinstance(value, str):
            parts = _split_cards(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            parts = list(value)
        elif isinstance(value, Card):
            parts = [value]
        else:
            raise _refuse("cards_type", what=_describe_type(value))
        return frozenset(parse_card_answer(p) for p in parts)
    if kind == "card":
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]
        return parse_card_answer(value)
    if kind == "seat":
        if isinstance(value, str):
            key = _clean(value)
            if key in _SEAT_WORDS:
                return _SEAT_WORDS[key]
            seat = answer_words()["seat"].get(word_key(value))
            if seat is not None:
                return seat
            raise _refuse("not_a_seat", typed=repr(value))
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return value
        raise _refuse("seat_type", what=_describe_type(value))
    if kind == "side":
        if isinstance(value, str):
            key = _clean(value.replace("–", "-").replace("—", "-"))
            if key in _SIDE_WORDS:
                return _SIDE_WORDS[key]
            side = answer_words()["side"].get(word_key(value.replace("–", "-").replace("—", "-")))
            if side is not None:
                return side
            if key in ("none", "neither", "neither side", "no", "nil"):
                raise _refuse("side_unclear", typed=repr(value))
            raise _refuse("side_unknown", typed=repr(value))
        raise _refuse("side_type", what=_describe_type(value))
    if kind == "int":
        return _parse_int(value, "int")
    if kind == "ints":
        if isinstance(value, str):
            value = [p for p in re.split(r"[\s,;]+", value) if p]
        if isinstance(value, (list, tuple, set, frozenset)):
            return frozenset(_parse_int(v, "int_bid") for v in value)
        raise _refuse("ints_type", what=_describe_type(value))
    raise ValueError(f"unknown answer kind {kind!r}")  # a bug in a question, not a student error


def canonical_item(kind: str, item: Any) -> str:
    """The text of one item of a set answer: a card code or a whole number."""
    return item.code if kind == "cards" else str(int(item))


def canonical(kind: str, value: Any) -> str:
    """The canonical text of a normalised answer (output of :func:`parse_answer`):
    card codes in deck order, numbers in ascending order; what the sealed
    notebooks hash."""
    if kind == "cards":
        return " ".join(c.code for c in sorted(value, key=lambda c: c.index))
    if kind == "card":
        return value.code
    if kind == "ints":
        return " ".join(str(v) for v in sorted(value))
    return str(int(value))
