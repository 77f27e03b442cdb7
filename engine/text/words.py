"""Words the engine's sentences are made with: ranks, suits, seats and
sides, bids, actions, counts and ordinals, lists (gettext domain ``engine``).  Each is a catalogue
entry (:func:`~engine.message.M_`); :mod:`engine.text.render` writes a
placeholder's value with them."""
from __future__ import annotations

from ..message import M_, Text

__all__ = ["RANKS", "SUIT_SYMBOLS", "SUIT_NOUNS", "SUIT_SINGULAR", "SEAT_WORDS", "SIDE_WORDS", "BID_WORDS", "ACTIONS",
           "LIST_AND", "LIST_AND_EACH", "LIST_SEP", "LIST_NONE", "QUOTE_BIG_INT", "QUOTE_BIG_NEG_INT", "QUOTE_OTHER",
           "RANK_NOUNS", "CARD_SPOKEN", "SPOKEN_RANKS", "SPOKEN_SUITS", "COUNT_WORDS", "ORDINALS", "ORDINAL_OTHER",
           "LIST_OR", "LIST_SEMI", "SENTENCE_SEP", "ENTRIES"]

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
#: Rank letter → the rank's name, as in a card's spoken name ("ten of hearts", :func:`engine.text.card_name`).
RANK_NOUNS: dict[str, Text] = {
    # TRANSLATORS: the rank's name in a card's spoken name ("two of clubs"; screen readers say it).
    "2": M_("rank.noun.2", "two"),
    # TRANSLATORS: the rank's name in a card's spoken name ("three of clubs").
    "3": M_("rank.noun.3", "three"),
    # TRANSLATORS: the rank's name in a card's spoken name ("four of clubs").
    "4": M_("rank.noun.4", "four"),
    # TRANSLATORS: the rank's name in a card's spoken name ("five of clubs").
    "5": M_("rank.noun.5", "five"),
    # TRANSLATORS: the rank's name in a card's spoken name ("six of clubs").
    "6": M_("rank.noun.6", "six"),
    # TRANSLATORS: the rank's name in a card's spoken name ("seven of clubs").
    "7": M_("rank.noun.7", "seven"),
    # TRANSLATORS: the rank's name in a card's spoken name ("eight of clubs").
    "8": M_("rank.noun.8", "eight"),
    # TRANSLATORS: the rank's name in a card's spoken name ("nine of clubs").
    "9": M_("rank.noun.9", "nine"),
    # TRANSLATORS: the rank's name in a card's spoken name ("ten of clubs").
    "T": M_("rank.noun.T", "ten"),
    # TRANSLATORS: the rank's name in a card's spoken name ("jack of clubs").
    "J": M_("rank.noun.J", "jack"),
    # TRANSLATORS: the rank's name in a card's spoken name ("queen of clubs").
    "Q": M_("rank.noun.Q", "queen"),
    # TRANSLATORS: the rank's name in a card's spoken name ("king of clubs").
    "K": M_("rank.noun.K", "king"),
    # TRANSLATORS: the rank's name in a card's spoken name ("ace of clubs").
    "A": M_("rank.noun.A", "ace"),
}
# TRANSLATORS: a card's spoken name (an accessible label, read aloud): {rank_noun} is "ten", {suit} "hearts".
CARD_SPOKEN = M_("card.spoken", "{rank_noun} of {suit}")
#: A count 0 … 13 in words, as the advice says it ("five spades: …"); digits above.
COUNT_WORDS: tuple[Text, ...] = (
    # TRANSLATORS: the count 0 in words, before a noun ("no clubs").
    M_("count.0", "no"),
    # TRANSLATORS: the count 1 in words, before a noun ("one club").
    M_("count.1", "one"),
    # TRANSLATORS: the count 2 in words, before a plural noun ("two clubs").
    M_("count.2", "two"),
    # TRANSLATORS: the count 3 in words, before a plural noun ("three clubs").
    M_("count.3", "three"),
    # TRANSLATORS: the count 4 in words, before a plural noun ("four spades").
    M_("count.4", "four"),
    # TRANSLATORS: the count 5 in words, before a plural noun ("five spades").
    M_("count.5", "five"),
    # TRANSLATORS: the count 6 in words, before a plural noun ("six spades").
    M_("count.6", "six"),
    # TRANSLATORS: the count 7 in words, before a plural noun ("seven spades").
    M_("count.7", "seven"),
    # TRANSLATORS: the count 8 in words, before a plural noun ("eight spades").
    M_("count.8", "eight"),
    # TRANSLATORS: the count 9 in words, before a plural noun ("nine spades").
    M_("count.9", "nine"),
    # TRANSLATORS: the count 10 in words, before a plural noun ("ten spades").
    M_("count.10", "ten"),
    # TRANSLATORS: the count 11 in words, before a plural noun ("eleven spades").
    M_("count.11", "eleven"),
    # TRANSLATORS: the count 12 in words, before a plural noun ("twelve spades").
    M_("count.12", "twelve"),
    # TRANSLATORS: the count 13 in words, before a plural noun ("thirteen spades").
    M_("count.13", "thirteen"),
)
#: The ordinals 0 … 13 in words ("the fifth is likely a trick"); :data:`ORDINAL_OTHER` above.
ORDINALS: tuple[Text, ...] = (
    # TRANSLATORS: the ordinal 0 in words (not used in practice).
    M_("count.nth.0", "zeroth"),
    # TRANSLATORS: the ordinal 1 in words, as in "the first spade".
    M_("count.nth.1", "first"),
    # TRANSLATORS: the ordinal 2 in words, as in "the second spade".
    M_("count.nth.2", "second"),
    # TRANSLATORS: the ordinal 3 in words, as in "the third spade".
    M_("count.nth.3", "third"),
    # TRANSLATORS: the ordinal 4 in words, as in "the fourth is likely a trick".
    M_("count.nth.4", "fourth"),
    # TRANSLATORS: the ordinal 5 in words, as in "the fifth is likely a trick".
    M_("count.nth.5", "fifth"),
    # TRANSLATORS: the ordinal 6 in words, as in "the sixth is a trick".
    M_("count.nth.6", "sixth"),
    # TRANSLATORS: the ordinal 7 in words, as in "the seventh is a trick".
    M_("count.nth.7", "seventh"),
    # TRANSLATORS: the ordinal 8 in words, as in "the eighth is a trick".
    M_("count.nth.8", "eighth"),
    # TRANSLATORS: the ordinal 9 in words, as in "the ninth is a trick".
    M_("count.nth.9", "ninth"),
    # TRANSLATORS: the ordinal 10 in words, as in "the tenth is a trick".
    M_("count.nth.10", "tenth"),
    # TRANSLATORS: the ordinal 11 in words, as in "the eleventh is a trick".
    M_("count.nth.11", "eleventh"),
    # TRANSLATORS: the ordinal 12 in words, as in "the twelfth is a trick".
    M_("count.nth.12", "twelfth"),
    # TRANSLATORS: the ordinal 13 in words, as in "the thirteenth is a trick".
    M_("count.nth.13", "thirteenth"),
)
# TRANSLATORS: an ordinal above 13 in digits; {n} is the number (14th, 15th …).
ORDINAL_OTHER = M_("count.nth.other", "{n}th")
# TRANSLATORS: the end of a list: {head} is "10♥, 4♥", {last} is "2♥".
LIST_AND = M_("list.and", "{head} and {last}")
# TRANSLATORS: the end of a list of choices: {head} is "2♣, 4♣", {last} is "6♣" ("2♣, 4♣ or 6♣ kept it").
LIST_OR = M_("list.or", "{head} or {last}")
# TRANSLATORS: between the reasons of a choice ("a sure trick; one less: …"); keep the space.
LIST_SEMI = M_("list.semicolon", "; ")
# TRANSLATORS: between two whole sentences of one remark ("Trick 8: … Playing K♥ keeps all 4."); a space in English.
SENTENCE_SEP = M_("list.sentence_sep", " ")
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
#: Rank letter and suit letter → the words of a card's spoken name (:data:`CARD_SPOKEN`, "ten of hearts"), apart
#: from :data:`RANK_NOUNS` and :data:`SUIT_NOUNS` because a language may inflect them there (Somali says "tobanka
#: wadnaha", the ten of the hearts, where a sentence says "wadne", hearts).
SPOKEN_RANKS: dict[str, Text] = {
    # TRANSLATORS: the two at the head of a card's spoken name ("two of clubs"), in the form that place asks for.
    "2": M_("rank.spoken.2", "two"),
    # TRANSLATORS: the three at the head of a card's spoken name ("three of clubs"), in the form that place asks for.
    "3": M_("rank.spoken.3", "three"),
    # TRANSLATORS: the four at the head of a card's spoken name ("four of clubs"), in the form that place asks for.
    "4": M_("rank.spoken.4", "four"),
    # TRANSLATORS: the five at the head of a card's spoken name ("five of clubs"), in the form that place asks for.
    "5": M_("rank.spoken.5", "five"),
    # TRANSLATORS: the six at the head of a card's spoken name ("six of clubs"), in the form that place asks for.
    "6": M_("rank.spoken.6", "six"),
    # TRANSLATORS: the seven at the head of a card's spoken name ("seven of clubs"), in the form that place asks for.
    "7": M_("rank.spoken.7", "seven"),
    # TRANSLATORS: the eight at the head of a card's spoken name ("eight of clubs"), in the form that place asks for.
    "8": M_("rank.spoken.8", "eight"),
    # TRANSLATORS: the nine at the head of a card's spoken name ("nine of clubs"), in the form that place asks for.
    "9": M_("rank.spoken.9", "nine"),
    # TRANSLATORS: the ten at the head of a card's spoken name ("ten of clubs"), in the form that place asks for.
    "T": M_("rank.spoken.T", "ten"),
    # TRANSLATORS: the jack at the head of a card's spoken name ("jack of clubs"), in the form that place asks for.
    "J": M_("rank.spoken.J", "jack"),
    # TRANSLATORS: the queen at the head of a card's spoken name ("queen of clubs"), in the form that place asks for.
    "Q": M_("rank.spoken.Q", "queen"),
    # TRANSLATORS: the king at the head of a card's spoken name ("king of clubs"), in the form that place asks for.
    "K": M_("rank.spoken.K", "king"),
    # TRANSLATORS: the ace at the head of a card's spoken name ("ace of clubs"), in the form that place asks for.
    "A": M_("rank.spoken.A", "ace"),
}
SPOKEN_SUITS: dict[str, Text] = {
    # TRANSLATORS: the suit after the rank in a card's spoken name ("ten of clubs"), in the form that place asks for.
    "C": M_("suit.spoken.C", "clubs"),
    # TRANSLATORS: the suit after the rank in a card's spoken name ("ten of diamonds"), in the form that place asks for.
    "D": M_("suit.spoken.D", "diamonds"),
    # TRANSLATORS: the suit after the rank in a card's spoken name ("ten of hearts"), in the form that place asks for.
    "H": M_("suit.spoken.H", "hearts"),
    # TRANSLATORS: the suit after the rank in a card's spoken name ("ten of spades"), in the form that place asks for.
    "S": M_("suit.spoken.S", "spades"),
}


def _all() -> tuple[Text, ...]:
    out: list[Text] = [*RANKS.values(), *SUIT_NOUNS.values(), *SUIT_SINGULAR.values(), *BID_WORDS.values(),
                       *ACTIONS.values(), LIST_AND, LIST_AND_EACH, LIST_SEP, LIST_NONE, QUOTE_BIG_INT, QUOTE_BIG_NEG_INT,
                       QUOTE_OTHER, *RANK_NOUNS.values(), CARD_SPOKEN, *COUNT_WORDS, *ORDINALS, ORDINAL_OTHER, LIST_OR,
                       LIST_SEMI, SENTENCE_SEP, *SPOKEN_RANKS.values(), *SPOKEN_SUITS.values()]
    for words in SEAT_WORDS.values():
        out.extend(words if isinstance(words, tuple) else (words,))
    for sides in SIDE_WORDS.values():
        out.extend(sides)
    return tuple(out)


#: Every word entry (for the extraction test and the catalogue's checks).
ENTRIES: tuple[Text, ...] = _all()
