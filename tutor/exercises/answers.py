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
"""
from __future__ import annotations

import math
import re
from typing import Any

from engine import DECK, Card, Rank, Suit

__all__ = ["AnswerError", "parse_answer", "parse_card_answer", "canonical", "canonical_item", "NOBODY", "TIE",
           "ITEM_KINDS"]

NOBODY = -1
TIE = -2
#: Kinds whose answer is a set of items judged one by one (cards, bids).
ITEM_KINDS = ("cards", "ints")


class AnswerError(ValueError):
    """The answer has the wrong type or is not understood; the message says
    what to write instead (shown to the student, never a traceback)."""


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
_CARD_HELP = ('write a rank (A K Q J 10 9 … 2, or T for ten) and a suit (S H D C or ♠ ♥ ♦ ♣), '
              'like "10H", "10 ♥", "A-S" or "queen of clubs"')


def _clean(text: str) -> str:
    t = text.replace("\ufe0f", "").replace("\ufe0e", "").strip().lower()
    t = re.sub(r"[-_/]+", " ", t)
    t = re.sub(r"^the\s+", "", t)
    return re.sub(r"\s+", " ", t).strip()


def parse_card_answer(value: Any) -> Card:
    """One card from a student's text (see the module docstring for the forms).

    Raises :class:`AnswerError` naming the problem: a rank 1, a missing suit,
    an unknown suit letter, a seat name where a card was asked for."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise AnswerError(f"{_describe_type(value)} is not a card: {_CARD_HELP}.")
    t = _clean(value)
    m = _RANK_FIRST.fullmatch(t) or _SUIT_FIRST.fullmatch(t)
    if m:
        a, b = m.groups()
        rank, suit = (_RANK_WORDS[a], _SUIT_WORDS[b]) if a in _RANK_WORDS else (_RANK_WORDS[b], _SUIT_WORDS[a])
        return DECK[suit * 13 + rank - 2]
    if re.fullmatch(rf"1\s*({_S})|({_S})\s*1", t):
        raise AnswerError(f"{value!r} is not clear: there is no rank 1. Did you mean the ace (\"A…\") or the ten "
                          f"(\"10…\")? Write the card like \"AH\" or \"10H\".")
    if re.fullmatch(rf"{_R}", t):
        raise AnswerError(f"{value!r} has no suit: write the suit too, like \"{value.strip()}H\" or "
                          f"\"{value.strip()}♥\".")
    if t in ("north", "east", "south", "west", "n", "e", "w"):
        raise AnswerError(f"{value!r} is a seat: answer with the card itself, like \"Q♥\".")
    m = re.fullmatch(rf"({_R})\s*(.+)", t)
    if m:
        raise AnswerError(f"{value!r} is not a card: {m.group(2)!r} is not a suit. {_CARD_HELP[0].upper()}"
                          f"{_CARD_HELP[1:]}.")
    raise AnswerError(f"{value!r} is not a card: {_CARD_HELP}.")


def _describe_type(value: Any) -> str:
    if isinstance(value, bool):
        return f"the yes/no value {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, (list, tuple, set, frozenset)):
        return f"a list ({value!r})"
    if isinstance(value, float):
        return f"the decimal number {value!r}"
    if isinstance(value, dict):
        return "a dictionary"
    return f"{value!r}"


_INT_TEXT = re.compile(r"[+\-\u2212]?\d{1,6}")


def _parse_int(value: Any, what: str, example: str) -> int:
    if isinstance(value, bool) or value is None:
        raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return int(value)
        raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")
    if isinstance(value, str):
        t = value.strip().replace(" ", "")
        if _INT_TEXT.fullmatch(t):
            return int(t.replace("\u2212", "-"))
    raise AnswerError(f"Your answer is {_describe_type(value)}; {what} is a whole number, like {example}.")


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
        if isinstance(value, str):
            parts = _split_cards(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            parts = list(value)
        elif isinstance(value, Card):
            parts = [value]
        else:
            raise AnswerError(f"Your answer is {_describe_type(value)}; write a list of cards, "
                              f"like [\"10H\", \"4H\", \"AS\"].")
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
            raise AnswerError(f"{value!r} is not a seat: write \"North\", \"East\", \"South\" or \"West\".")
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return value
        raise AnswerError(f"Your answer is {_describe_type(value)}; write a seat name, like \"East\".")
    if kind == "side":
        if isinstance(value, str):
            key = _clean(value.replace("–", "-").replace("—", "-"))
            if key in _SIDE_WORDS:
                return _SIDE_WORDS[key]
            if key in ("none", "neither", "neither side", "no", "nil"):
                raise AnswerError(f"{value!r} is not clear: write \"nobody\" if no side has won the game yet, "
                                  f"or the side that has won (\"North–South\" or \"East–West\").")
            raise AnswerError(f"{value!r} is not understood: write \"North–South\" (or \"NS\"), "
                              f"\"East–West\" (or \"EW\"), or \"nobody\".")
        raise AnswerError(f"Your answer is {_describe_type(value)}; write \"North–South\", \"East–West\" "
                          f"or \"nobody\".")
    if kind == "int":
        return _parse_int(value, "the answer", "14")
    if kind == "ints":
        if isinstance(value, str):
            value = [p for p in re.split(r"[\s,;]+", value) if p]
        if isinstance(value, (list, tuple, set, frozenset)):
            return frozenset(_parse_int(v, "each bid", "3") for v in value)
        raise AnswerError(f"Your answer is {_describe_type(value)}; write a list of whole numbers, like [0, 1, 3].")
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
