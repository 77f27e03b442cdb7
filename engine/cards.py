"""Cards, suits and ranks (SP-2, OH-2): frozen value types and parsing.

A card is identified by an index 0..51: ``suit * 13 + (rank - 2)``, with suits
ordered clubs, diamonds, hearts, spades and ranks 2..A.  That order is also the
sort order used everywhere in output (clubs first, each 2…A), and the index is
the bit position of the card in a hand *bitmask* (an ``int``), which is how the
engine keeps hands internally for speed.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Iterable, Iterator

from .errors import InvalidInputError
from .message import msg, render

__all__ = [
    "Suit", "Rank", "Card", "parse_card", "parse_cards", "DECK",
    "mask_of", "cards_of", "SUIT_MASKS", "FULL_DECK_MASK", "popcount",
]


class Suit(IntEnum):
    """The four suits, in output sort order (clubs low, spades high)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """Canonical one-letter code: ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """Display symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def noun(self) -> str:
        """Plural name in the current language (the catalogue entry ``suit.<letter>``
        of :mod:`engine.text.words`), e.g. ``"hearts"``."""
        return render(msg("suit.name", suit=self.letter))

    @property
    def singular(self) -> str:
        """Singular name in the current language (``suit_one.<letter>``), e.g. ``"heart"``."""
        return render(msg("suit_one.name", suit_one=self.letter))

    @classmethod
    def parse(cls, text: object) -> "Suit":
        """Parse ``"S"``, ``"s"``, ``"♠"`` or ``"spades"``; raises InvalidInputError.

        (``text`` is typed ``object``: anything else is refused with that
        error, also where mypyc compiled this module and checks the types of
        arguments.)"""
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise InvalidInputError(msg("NOT_A_SUIT", value=text))
        t = text.strip()
        if t in _SUIT_TEXT:
            return _SUIT_TEXT[t]
        low = t.lower()
        if low in _SUIT_TEXT:
            return _SUIT_TEXT[low]
        raise InvalidInputError(msg("NOT_A_SUIT", value=text))

    def __str__(self) -> str:
        return self.letter


_SUIT_TEXT = {}
for _s in Suit:
    _SUIT_TEXT[_s.letter.lower()] = _s
    _SUIT_TEXT[_s.symbol] = _s
# the English names are read in every language (input, like the letters)
for _s, _noun, _one in zip(Suit, ("clubs", "diamonds", "hearts", "spades"), ("club", "diamond", "heart", "spade")):
    _SUIT_TEXT[_noun] = _s
    _SUIT_TEXT[_one] = _s
# text-style variants of the symbols (♤ ♡ ♢ ♧)
_SUIT_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(IntEnum):
    """Ranks 2 (low) … ACE = 14 (high), as in SP-2 and OH-2."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """Canonical rank letter: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def display(self) -> str:
        """Display text: as the letter, but ``"10"`` for the ten."""
        return "10" if self == Rank.TEN else self.letter

    @property
    def noun(self) -> str:
        """Name in the current language (the catalogue entry ``rank.noun.<letter>``
        of :mod:`engine.text.words`), e.g. ``"ten"``, ``"queen"``."""
        return render(msg("rank.name", rank_noun=self.letter))

    def __str__(self) -> str:
        return self.letter


_RANK_TEXT = {r.letter.lower(): r for r in Rank}
_RANK_TEXT["10"] = Rank.TEN


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card.  Immutable and hashable; orders by suit, then rank.

    ``Card.parse("10h") == Card(Suit.HEARTS, Rank.TEN)``; ``str(card)`` is the
    canonical text ``"TH"``; ``card.display`` is ``"10♥"``; ``card.index`` is
    the 0..51 bit position used in hand bitmasks.
    """

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise InvalidInputError(msg("CARD_NEEDS_SUIT_AND_RANK", value=self.suit, value2=self.rank))

    @property
    def index(self) -> int:
        """0..51: ``suit * 13 + rank - 2``."""
        return self.suit * 13 + self.rank - 2

    @property
    def bit(self) -> int:
        """``1 << index``: this card as a one-card bitmask."""
        return 1 << (self.suit * 13 + self.rank - 2)

    @property
    def code(self) -> str:
        """Canonical text, rank then suit: ``"TH"``, ``"AS"``."""
        return self.rank.letter + self.suit.letter

    @property
    def display(self) -> str:
        """Display text with a suit symbol: ``"10♥"``."""
        return self.rank.display + self.suit.symbol

    @property
    def name(self) -> str:
        """Spoken name in the current language: ``"ten of hearts"`` (used for
        accessible labels; the entry ``card.spoken`` of :mod:`engine.text.words`)."""
        return render(msg("card.name", card_spoken=self.code))

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card at bit position ``index`` (0..51)."""
        return DECK[index]

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """Parse card text; see :func:`parse_card`."""
        return parse_card(text)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
_BY_CODE = {c.code: c for c in DECK}

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK_MASK = (1 << 52) - 1


def parse_card(text: object) -> Card:
    """Parse a card: rank then suit, either case, ``10`` or ``T`` for the ten,
    a suit letter or symbol.  Accepts ``"AS"``, ``"as"``, ``"10h"``, ``"Th"``,
    ``"A♠"`` (surrounding spaces ignored).  A :class:`Card` is returned as is.

    Ranks and suit letters are ASCII only: ``"Aſ"`` (long s) or a Kelvin sign
    for K are refused, although Python's case mapping would turn them into
    ``S`` and ``K``.

    Raises :class:`InvalidInputError` (quoting at most 80 characters of the
    input) for anything else (``text`` is typed ``object`` so that a compiled
    module refuses it with that error too, not with a TypeError).
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise InvalidInputError(msg("NOT_A_CARD.type", value=text))
    t = text.strip()
    if 2 <= len(t) <= 4 and t[:-1].isascii():
        hit = _BY_CODE.get(t.upper()) if t.isascii() else None
        if hit is not None:
            return hit
        rank_txt, suit_txt = t[:-1], t[-1]
        rank = _RANK_TEXT.get(rank_txt.lower())
        suit = _SUIT_TEXT.get(suit_txt) or _SUIT_TEXT.get(suit_txt.lower())
        if rank is not None and suit is not None:
            return DECK[suit * 13 + rank - 2]
    raise InvalidInputError(msg("NOT_A_CARD", value=text))


def parse_cards(items: "Iterable[str | Card] | str") -> list[Card]:
    """Parse several cards: a list of card texts, or one string of cards
    separated by spaces or commas.  Raises :class:`InvalidInputError`."""
    if isinstance(items, str):
        items = [p for p in items.replace(",", " ").split() if p]
    elif isinstance(items, Card):
        items = [items]
    elif isinstance(items, (bytes, bytearray, dict)) or not hasattr(items, "__iter__"):
        raise InvalidInputError(msg("NOT_A_CARD_LIST", value=items))
    return [parse_card(x) for x in items]


def mask_of(cards: Iterable[Card]) -> int:
    """Bitmask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards in a bitmask, sorted clubs, diamonds, hearts, spades, each 2…A."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def iter_indices(mask: int) -> Iterator[int]:
    """Bit positions (card indices) set in ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: int) -> int:
    """Number of cards in a bitmask."""
    return mask.bit_count()


def describe_cards(cards: Iterable[Card]) -> str:
    """``"10♥, 4♥ and 2♥"``: cards for a message in the current language,
    clubs … spades, highest first within a suit (``"no cards"`` for none)."""
    return render(msg("cards.name", cards=[c.code for c in cards]))
