"""The engine's public values as a person reads them (gettext domain ``engine``).

A game's phase (:class:`~engine.actions.Phase`), a yes/no answer
(``game.spades_broken``, ``game.game_over``) and a missing value (no trump,
a bid not yet seen) are Python values; a chapter or a page that prints them
shows these words instead, in the current language.  A seat's name is
:func:`~engine.text.seat_text` (or ``game.seat_name``), a score line's words
:attr:`ScoreLine.message <engine.views.ScoreLine.message>`.

>>> from engine import Phase
>>> phase_text(Phase.EXCHANGE), answer_text(True), answer_text(None)
('the exchange of cards', 'yes', 'none')
>>> answers_text((None, 2, None))
'—, 2, —'
"""
from __future__ import annotations

from typing import Any, Iterable

from ..actions import Phase
from ..message import M_, Text
from .render import translate
from .words import LIST_SEP

__all__ = ["PHASE_WORDS", "ANSWER_WORDS", "HIDDEN", "ENTRIES", "phase_text", "answer_text", "answers_text"]

#: A phase's value → its word, as in "next: the play".
PHASE_WORDS: dict[str, Text] = {
    # TRANSLATORS: the phase of a game while the cards are dealt, as in "next: the deal".
    "deal": M_("phase.deal", "the deal"),
    # TRANSLATORS: the phase of two-player Spades when each player draws from the pack (SP-2P-2).
    "draw": M_("phase.draw", "the draw"),
    # TRANSLATORS: the phase of a game when the players bid, as in "next: the bidding".
    "bidding": M_("phase.bidding", "the bidding"),
    # TRANSLATORS: the phase of Spades when Blind Nil partners exchange cards (SP-11).
    "exchange": M_("phase.exchange", "the exchange of cards"),
    # TRANSLATORS: the phase of a game when the tricks are played, as in "next: the play".
    "play": M_("phase.play", "the play of the tricks"),
    # TRANSLATORS: the phase of a game that has ended.
    "game_over": M_("phase.game_over", "the game is over"),
}
#: A yes/no answer, and the word for nothing (``None``).
ANSWER_WORDS: dict[Any, Text] = {
    # TRANSLATORS: the answer yes, printed for a question such as "Spades broken?".
    True: M_("answer.yes", "yes"),
    # TRANSLATORS: the answer no, printed for a question such as "Game over?".
    False: M_("answer.no", "no"),
    # TRANSLATORS: printed where there is nothing (no trump, no card turned up).
    None: M_("answer.none", "none"),
}
# TRANSLATORS: stands in a list for a value not known yet (a sealed bid not revealed); a dash in English.
HIDDEN = M_("answer.hidden", "—")

#: Every entry of this module (for the catalogue's checks).
ENTRIES: tuple[Text, ...] = (*PHASE_WORDS.values(), *ANSWER_WORDS.values(), HIDDEN)


def phase_text(phase: Phase | str, lang: str | None = None) -> str:
    """``phase`` (a :class:`Phase` or its value) in words in ``lang`` (default:
    the current language).  KeyError for a value that is no phase."""
    return translate(PHASE_WORDS[Phase(phase).value], lang)


def answer_text(value: bool | None, lang: str | None = None) -> str:
    """``True`` → yes, ``False`` → no, ``None`` → none, in ``lang`` (default:
    the current language).  TypeError for any other value."""
    if value is not None and not isinstance(value, bool):
        raise TypeError(f"answer_text takes True, False or None, not {type(value).__name__}")
    return translate(ANSWER_WORDS[value], lang)


def answers_text(values: Iterable[object], lang: str | None = None) -> str:
    """A list of values (bids as seen from one seat) with each ``None`` shown
    as :data:`HIDDEN`, joined as a list is: ``—, 2, —``."""
    hidden = translate(HIDDEN, lang)
    return translate(LIST_SEP, lang).join(hidden if v is None else str(v) for v in values)
