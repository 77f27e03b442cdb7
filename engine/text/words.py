"""Words the engine's sentences are made with: ranks, suits, seats and
sides, bids, actions, lists (gettext domain ``engine``).  Each is a catalogue
entry (:func:`~engine.message.M_`); :mod:`engine.text.render` writes a
placeholder's value with them."""
from __future__ import annotations

from ..message import M_, Text

__all__ = ["RANKS", "SUIT_SYMBOLS", "SUIT_NOUNS", "SUIT_SINGULAR", "SEAT_WORDS", "SIDE_WORDS", "BID_WORDS",
           "ACTIONS", "LIST_AND", "LIST_AND_EACH", "LIST_SEP", "LIST_NONE", "QUOTE_BIG_INT", "QUOTE_BIG_NEG_INT", "QUOTE_OTHER",
           "ENTRIES"]

#: Rank letter → the rank as written on a card (before the suit symbol).
RANKS: dict[str, Text] = {
    # TRANSLATORS: a card's rank as printed before its suit symbol (2♣); keep it short.
    "2": M_("rank.2", "2"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (3♣).
    "3": M_("rank.3", "3"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (4♣).
    "4": M_("rank.4", "4"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (5♣).
    "5": M_("rank.5", "5"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (6♣).
    "6": M_("rank.6", "6"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (7♣).
    "7": M_("rank.7", "7"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (8♣).
    "8": M_("rank.8", "8"),
    # TRANSLATORS: a card's rank as printed before its suit symbol (9♣).
    "9": M_("rank.9", "9"),
    # TRANSLATORS: the ten as printed before its suit symbol (10♣).
    "T": M_("rank.T", "10"),
    # TRANSLATORS: the jack as printed before its suit symbol (J♣); one or two letters.
    "J": M_("rank.J", "J"),
    # TRANSLATORS: the queen as printed before its suit symbol (Q♣); one or two letters.
    "Q": M_("rank.Q", "Q"),
    # TRANSLATORS: the king as printed before its suit symbol (K♣); one or two letters.
    "K": M_("rank.K", "K"),
    # TRANSLATORS: the ace as printed before its suit symbol (A♣); one or two letters.
    "A": M_("rank.A", "A"),
}
#: Suit letter → symbol (the same in every language).
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NOUNS: dict[str, Text] = {
    # TRANSLATORS: the suit, plural, as in "clubs were led", "you hold clubs".
    "C": M_("suit.C", "clubs"),
    # TRANSLATORS: the suit, plural, as in "diamonds were led".
    "D": M_("suit.D", "diamonds"),
    # TRANSLATORS: the suit, plural, as in "hearts were led".
    "H": M_("suit.H", "hearts"),
    # TRANSLATORS: the suit, plural, as in "spades are trump".
    "S": M_("suit.S", "spades"),
}
SUIT_SINGULAR: dict[str, Text] = {
    # TRANSLATORS: one card of the suit, as in "you hold a club".
    "C": M_("suit_one.C", "club"),
    # TRANSLATORS: one card of the suit, as in "you hold a diamond".
    "D": M_("suit_one.D", "diamond"),
    # TRANSLATORS: one card of the suit, as in "you hold a heart".
    "H": M_("suit_one.H", "heart"),
    # TRANSLATORS: one card of the suit, as in "you hold a spade".
    "S": M_("suit_one.S", "spade"),
}
#: Seat names by naming scheme: four compass seats (Spades), two players
#: (two-player Spades), or numbered seats (Oh Hell: "seat {seat}").
SEAT_WORDS: dict[str, "tuple[Text, ...] | Text"] = {
    "compass": (
        # TRANSLATORS: seat 0 of four-player Spades.
        M_("seat.compass.0", "North"),
        # TRANSLATORS: seat 1 of four-player Spades.
        M_("seat.compass.1", "East"),
        # TRANSLATORS: seat 2 of four-player Spades.
        M_("seat.compass.2", "South"),
        # TRANSLATORS: seat 3 of four-player Spades.
        M_("seat.compass.3", "West"),
    ),
    "players": (
        # TRANSLATORS: the first player of two-player Spades (seat 0).
        M_("seat.players.0", "Player 1"),
        # TRANSLATORS: the second player of two-player Spades (seat 1).
        M_("seat.players.1", "Player 2"),
    ),
    # TRANSLATORS: a numbered seat of Oh Hell; {seat} is its number from 0 ({number} from 1).
    "numbered": M_("seat.numbered", "seat {seat}"),
}
#: Names of the scores' entries when a side has two seats.
SIDE_WORDS: dict[str, tuple[Text, ...]] = {
    "compass": (
        # TRANSLATORS: the partnership of North and South (seats 0 and 2).
        M_("side.compass.0", "North–South"),
        # TRANSLATORS: the partnership of East and West (seats 1 and 3).
        M_("side.compass.1", "East–West"),
    ),
}
BID_WORDS: dict[str, Text] = {
    # TRANSLATORS: the Spades bid of zero tricks (SP-8), as said in a sentence.
    "nil": M_("bid.nil", "Nil"),
    # TRANSLATORS: the Spades bid of zero tricks made before looking (SP-10).
    "blind_nil": M_("bid.blind_nil", "Blind Nil"),
}
#: What a player tried to do, as in "so you cannot {wanted} now".
ACTIONS: dict[str, Text] = {
    # TRANSLATORS: completes "… so you cannot play a card now".
    "play": M_("action.play", "play a card"),
    # TRANSLATORS: completes "… so you cannot bid now".
    "bid": M_("action.bid", "bid"),
    # TRANSLATORS: completes "… so you cannot pass cards now" (the Blind Nil exchange).
    "exchange": M_("action.exchange", "pass cards"),
    # TRANSLATORS: completes "… so you cannot look at your cards now".
    "look": M_("action.look", "look at your cards"),
    # TRANSLATORS: completes "… so you cannot draw a card now" (two-player Spades).
    "draw": M_("action.draw", "draw a card"),
}
# TRANSLATORS: the end of a list: {head} is "10♥, 4♥", {last} is "2♥".
LIST_AND = M_("list.and", "{head} and {last}")
# TRANSLATORS: between every two items of a list joined with "and" ("seat 0 and seat 2 and seat 5"); keep the spaces.
LIST_AND_EACH = M_("list.and_each", " and ")
# TRANSLATORS: between the items of a list ("10♥, 4♥"); keep the space.
LIST_SEP = M_("list.sep", ", ")
# TRANSLATORS: an empty list of cards.
LIST_NONE = M_("list.none", "no cards")
# TRANSLATORS: stands for a number too long to quote; {digits} is how many digits it has.
QUOTE_BIG_INT = M_("quote.big_int", "a whole number of about {digits} digits")
# TRANSLATORS: stands for a negative number too long to quote.
QUOTE_BIG_NEG_INT = M_("quote.big_negative_int", "a negative whole number of about {digits} digits")
# TRANSLATORS: stands for a value that cannot be shown; {type} is a Python type name (str, list …).
QUOTE_OTHER = M_("quote.other", "a {type} value")


def _all() -> tuple[Text, ...]:
    out: list[Text] = [*RANKS.values(), *SUIT_NOUNS.values(), *SUIT_SINGULAR.values(), *BID_WORDS.values(),
                       *ACTIONS.values(), LIST_AND, LIST_AND_EACH, LIST_SEP, LIST_NONE, QUOTE_BIG_INT, QUOTE_BIG_NEG_INT, QUOTE_OTHER]
    for words in SEAT_WORDS.values():
        out.extend(words if isinstance(words, tuple) else (words,))
    for sides in SIDE_WORDS.values():
        out.extend(sides)
    return tuple(out)


#: Every word entry (for the extraction test and the catalogue's checks).
ENTRIES: tuple[Text, ...] = _all()
