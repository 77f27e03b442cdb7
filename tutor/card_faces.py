"""Cards without widgets: each card's printed and spoken name in the
current language, cards drawn as HTML (a face as a :class:`~tutor.cards.CardHand`
draws it, a row of them, a card on the game table's felt), and the words a
card row says in the browser (:func:`card_words`).  The session, the games'
looks and every page that shows cards in HTML use it; the widget is
:mod:`tutor.cards` (which re-exports these).

>>> card_display("TH"), card_label("TH")
('10♥', 'ten of hearts')
"""
from __future__ import annotations

import html
from typing import Any

from engine import DECK, Card
from engine.text import card_name, card_text, get_language, translate
from engine.text.words import RANKS as RANK_SYMBOLS

from .text import M_, say

__all__ = ["RANKS", "SUITS", "FULL_DECK", "is_card", "card_label", "card_display", "card_face_html", "cards_html",
           "table_card_html", "card_words", "check_card", "NOT_PLAYABLE", "FACE_DOWN", "HIGHLIGHTED", "HAND",
           "CARDS"]

RANKS = "23456789TJQKA"
SUITS = "CDHS"

#: All 52 codes, suit by suit (clubs, diamonds, hearts, spades), low to high.
FULL_DECK: tuple[str, ...] = tuple(c.code for c in DECK)
_BY_CODE = {c.code: c for c in DECK}


# ---------------------------------------------------------------- the words of a card row
# TRANSLATORS: a card in a hand that may not be played now, as a screen reader says it; {name} its spoken name
# ("ten of hearts").
NOT_PLAYABLE = M_("cards.not_playable", "{name}, not playable")
# TRANSLATORS: a card of the hand seen from the back (before "Look at my cards"), as a screen reader says it.
FACE_DOWN = M_("cards.face_down", "face-down card")
# TRANSLATORS: said by a screen reader of a card the tutor points at (a hint, the cards received).
HIGHLIGHTED = M_("cards.highlighted", "highlighted")
# TRANSLATORS: the accessible name of a row of cards when no other is given.
HAND = M_("cards.hand", "Hand")
# TRANSLATORS: the accessible name of a row of cards shown in a page when no other is given.
CARDS = M_("cards.cards", "Cards")

_WORDS: dict[str, dict[str, Any]] = {}


def card_words() -> dict[str, Any]:
    """What a card row says in the current language, for the browser
    (:attr:`CardHand.words`): ``names`` (each card's spoken name), ``ranks``
    (each rank as printed on a card), ``not_playable`` (a template with
    ``{name}``, which the browser fills), ``face_down``, ``highlighted``,
    ``hand``.  Made once per language."""
    lang = get_language()
    got = _WORDS.get(lang)
    if got is None:
        got = {"names": {code: card_label(code) for code in FULL_DECK},
               "ranks": {r: say(t) for r, t in RANK_SYMBOLS.items()},
               "not_playable": translate(NOT_PLAYABLE),
               "face_down": say(FACE_DOWN), "highlighted": say(HIGHLIGHTED), "hand": say(HAND)}
        _WORDS[lang] = got
    return got


def is_card(code: object) -> bool:
    """True if ``code`` is a canonical card code such as ``"TH"``."""
    return isinstance(code, str) and code in _BY_CODE


def check_card(code: object) -> Card:
    """The card of ``code``; ValueError for anything that is not a canonical card code."""
    if not is_card(code):
        raise ValueError(
            f"not a card code: {code!r} (expected rank in {RANKS!r} then suit in "
            f"{SUITS!r}, e.g. 'TH' for the ten of hearts)"
        )
    return _BY_CODE[code]  # type: ignore[index]


def card_label(code: str) -> str:
    """Spoken name of a card in the current language: ``card_label("TH") ==
    "ten of hearts"`` (the engine's :func:`engine.text.card_name`, the words a
    card's name is said with in each language).  Raises ValueError for anything
    that is not a canonical card code."""
    check_card(code)
    return card_name(code, get_language())


def card_display(code: str) -> str:
    """Short printed form of a card: ``card_display("TH") == "10♥"`` (the
    engine's card words, :func:`engine.text.card_text`).  Raises ValueError otherwise."""
    check_card(code)
    return card_text(code, get_language())


_SUIT_SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def _rank_text(rank: str) -> str:
    return say(RANK_SYMBOLS[rank])


def card_face_html(code: str, who: str | None = None) -> str:
    """One face-up card as HTML, drawn like a CardHand card (class
    ``tt-card``; put it inside :func:`cards_html`'s container, which sets the
    size).  ``who``: optional caption under the card (e.g. the seat that
    played it), escaped.  Raises ValueError for a malformed card code."""
    check_card(code)
    rank, suit = code[0], code[1]
    rank_text = html.escape(_rank_text(rank))
    classes = f"tt-card tt-suit-{suit}" + (" tt-court" if rank in "JQK" else "") + (" tt-ace" if rank == "A" else "")
    face = (f'<span class="{classes}" role="img" aria-label="{html.escape(card_label(code))}" data-card="{code}" '
            f'data-rank="{rank_text}" data-suit="{_SUIT_SYMBOL[suit]}"><span class="tt-index" aria-hidden="true">'
            f'<span class="tt-rank">{rank_text}</span><span class="tt-suit">{_SUIT_SYMBOL[suit]}</span></span></span>')
    if who is None:
        return face
    return f'<span class="tt-played">{face}<span class="tt-played-by">{html.escape(who)}</span></span>'


def cards_html(codes: list[str], label: str | None = None, size: str = "medium",
               who: list[str] | None = None) -> str:
    """A row of face-up cards as static HTML (for cards shown, not clicked):
    ``<div class="tt-cards-static" role="group" aria-label=label>`` holding
    :func:`card_face_html` of each code.  ``size``: "small" (44 px wide),
    "medium" (56 px) or "large" (72 px); ``who``: optional caption per card.
    ``label`` None: :data:`CARDS`.  Raises ValueError for a malformed code
    or an unknown size."""
    if size not in ("small", "medium", "large"):
        raise ValueError(f"size must be 'small', 'medium' or 'large', not {size!r}")
    if who is not None and len(who) != len(codes):
        raise ValueError(f"who has {len(who)} captions for {len(codes)} cards")
    faces = "".join(card_face_html(c, None if who is None else who[i]) for i, c in enumerate(codes))
    label = say(CARDS) if label is None else label
    return (f'<div class="tt-cards-static" data-size="{size}" role="group" '
            f'aria-label="{html.escape(label)}">{faces}</div>')


def table_card_html(code: str | None, small: bool = False) -> str:
    """A card drawn on the game table's felt (rank over suit, red or black;
    class ``tt-tbl-card``, styles in ``tutor/static/table.css``), or an
    empty slot for None.  Raises ValueError for a malformed code."""
    size = " tt-tbl-card-sm" if small else ""
    if code is None:
        return f"<span class='tt-tbl-card tt-tbl-empty{size}' aria-hidden='true'></span>"
    check_card(code)
    colour = "tt-tbl-red" if code[1] in "HD" else "tt-tbl-black"
    return (f"<span class='tt-tbl-card {colour}{size}' role='img' aria-label='{html.escape(card_label(code))}' "
            f"data-card='{code}'><span class='tt-tbl-rank'>{html.escape(_rank_text(code[0]))}</span>"
            f"<span class='tt-tbl-suit'>{_SUIT_SYMBOL[code[1]]}"
            f"</span></span>")
