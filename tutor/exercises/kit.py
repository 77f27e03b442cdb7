"""The question families' kit: the seeded choices, the question (with its book),
deals searched for on the engine's fast path, and the words several families share.

* :class:`Rng` — deterministic choices from a seed (a class spreads over a
  question's outcomes with :meth:`Rng.spread_pick`).
* :class:`Question` — one generated question (teacher side: it holds the
  answer); its lines and feedback are data (:mod:`tutor.exercises.words`),
  written in the notebook's language when the notebook is made or a check
  speaks.
* :class:`SpadesHand`, :class:`OhHellHand` — one hand dealt and played at
  random on bitmasks (:mod:`engine.sim`), replayed through the real game once
  a position is found; :func:`fast_position`, :func:`fast_trick`.
* The lines several families show: :func:`trump_line`, :func:`trick_parts`,
  :data:`INT_HELP`.

Seats are 0 North, 1 East, 2 South, 3 West in both games.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence

from engine import DECK, Card, OhHellGame, OhHellRules, Phase, SpadesGame, Suit, TrickGame
from engine.games.spades import SPADES_TRICK_RULES
from engine.cards import cards_of
from engine.message import Msg
from engine.sim import deal_masks, pick_card
from engine.tricks import Trick, legal_play_mask, trick_winner
from tutor.text import M_, P_

from .answers import ITEM_KINDS, NOBODY, TIE, canonical, parse_answer
from .words import Sentence, Words, hand_codes, language_of, say, text_of

__all__ = ["Rng", "Gen", "Question", "Judged", "FastHand", "SpadesHand", "OhHellHand", "NotFound", "fast_position",
           "fast_trick", "key_cards", "seat_numbers", "oh_hell_game", "random_bids", "trump_line", "trump_words",
           "trick_parts", "seat_to_act", "won_by", "winning_card", "led_suit", "INT_HELP", "TEXT"]


# ------------------------------------------------------------------ seeded choices
class Rng(random.Random):
    """Deterministic choices from a seed, using only ``random()`` and
    ``getrandbits`` (whose output for an int seed is stable across Python
    versions)."""

    #: With a class variant: ``(class_seed, variant)`` for :meth:`spread_pick` (set by the Exercise).
    spread: tuple[int, int] | None = None

    def __init__(self, seed: int):
        super().__init__(seed)

    def bits(self, k: int) -> int:
        return self.getrandbits(k)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)``."""
        if n <= 1:
            return 0
        k = n.bit_length()
        while True:
            v = self.getrandbits(k)
            if v < n:
                return v

    def between(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]``."""
        return lo + self.below(hi - lo + 1)

    def pick(self, seq: Sequence[Any]) -> Any:
        return seq[self.below(len(seq))]

    def spread_pick(self, seq: Sequence[Any]) -> Any:
        """Pick from ``seq`` so that a class spreads evenly over it: with a
        class variant (``self.spread = (class_seed, variant)``, the class seed
        the same for every student of the class and question) the item is a
        class-level permutation of ``seq`` (drawn from the class seed) at
        ``(variant + offset) % len(seq)`` (offset drawn from the class seed
        too), so any ``len(seq) * k`` consecutive variants get each item
        exactly ``k`` times; without one (practice sets), a random pick."""
        if self.spread is None:
            return self.pick(seq)
        class_seed, variant = self.spread
        r = Rng(class_seed)
        perm = r.shuffled(seq)
        return perm[(variant + r.below(len(perm))) % len(perm)]

    def shuffled(self, seq: Iterable[Any]) -> list[Any]:
        out = list(seq)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


# ------------------------------------------------------------------- questions
#: What a question's judge returns for an answer: ``(ok, feedback)`` or ``(ok, feedback, rule id)``.
Judged = tuple[Any, ...]


@dataclass
class Question:
    """One generated question (teacher side: it holds the answer).

    ``lines``: what the question says, one :data:`~tutor.exercises.words.Words`
    per line (``prompt``: the same written in the exercise's language, set by
    :meth:`write`); ``title``: set from the exercise's list of questions;
    ``kind``: answer kind for :func:`~tutor.exercises.answers.parse_answer`;
    ``key``: the expected answer as a Python literal (the answer key);
    ``judge(normalised)`` returns ``(ok, feedback[, rule id])`` and is asked
    once per candidate answer when the question is made, to write its book
    (below); ``solution``: the answer with its explanation (teacher only);
    ``rules``: rule ids it practises; ``answer_help``: how to answer;
    ``facts``: the position behind it (hand, trick, score lines…) for
    teachers and tests.

    The book (what a check consults, the same on both sides): ``accepted``
    (normalised answers that score 1; default: the key), ``candidates``
    (normalised answers whose feedback is recorded; default by kind),
    ``generic`` (feedback for any other wrong answer), and for set answers
    (``cards``, ``ints``) ``universe`` (item texts that may be listed: the
    hand, the bids 0…n), ``outside`` (feedback for an item outside it: its
    ``item`` placeholder is left out, the check gives it) and ``item_notes``
    (item text → why it is wrong, ``""`` when it is right).  ``notes``,
    ``note_rules``, ``item_rules``, ``generic_rule``, ``outside_rule``: the
    feedback per answer and the rule ids they cite, as data.
    """

    lines: list[Words]
    kind: str
    key: Any
    judge: Callable[[Any], Judged]
    solution: Words
    rules: tuple[str, ...] = ()
    answer_help: Words = ""
    facts: dict[str, Any] = field(default_factory=dict)
    qid: str = ""
    title: Words = ""
    prompt: list[str] = field(default_factory=list)
    accepted: list[Any] | None = None
    candidates: list[Any] | None = None
    generic: Words | None = None
    universe: list[str] | None = None
    outside: Words = ""
    item_notes: dict[str, Words] = field(default_factory=dict)
    notes: dict[str, Words] = field(default_factory=dict)
    item_rules: dict[str, str] = field(default_factory=dict)
    note_rules: dict[str, str] = field(default_factory=dict)
    generic_rule: str | None = None
    outside_rule: str = ""
    lang: str = ""
    _beside_generic: bool = field(default=False, repr=False)

    def judged(self, answer: Any) -> tuple[bool, Words, str]:
        """The judge's ``(ok, feedback, rule id)`` for a normalised answer (rule ``""`` when none), the
        feedback as words (data: written when it is shown, in the reader's language)."""
        verdict = self.judge(answer)
        return bool(verdict[0]), verdict[1], verdict[2] if len(verdict) > 2 else ""

    def write(self, lang: str | None = None) -> None:
        """Write what the question says in ``lang`` (default: the current
        language): ``prompt`` from ``lines``, and the title, solution and help
        as texts.  The book (notes, generic and outside feedback, item notes)
        stays words: the grader judges once and writes the feedback in each
        reader's language; :meth:`book_texts` writes it for a notebook."""
        self.lang = language_of(lang)
        lang = self.lang
        self.prompt = [text_of(line, lang) for line in self.lines]
        self.title = text_of(self.title, lang)
        self.solution = text_of(self.solution, lang)
        self.answer_help = text_of(self.answer_help, lang)

    def book_texts(self, lang: str | None = None) -> dict[str, Any]:
        """The book written in ``lang`` (default: the current language), as a
        student's notebook carries it: ``notes`` (canonical text → feedback;
        a wrong answer's note that reads as the generic feedback is left out,
        the generic says it), ``item_notes``, ``generic`` and ``outside``
        (keeping its ``{item}`` placeholder for the check to fill)."""
        generic = None if self.generic is None else text_of(self.generic, lang)
        notes = {}
        for c, m in self.notes.items():
            text = text_of(m, lang)
            if c in (self.accepted or ()) or not self._beside_generic or text != generic:
                notes[c] = text
        outside = self.outside
        if isinstance(outside, Msg) and "item" not in outside.args:
            outside = Sentence(outside.id, {**outside.args, "item": "{item}"})
        return {"notes": notes, "item_notes": {k: text_of(v, lang) for k, v in self.item_notes.items()},
                "generic": generic, "outside": text_of(outside, lang)}

    def finish(self, lang: str | None = None) -> None:
        """Write the question in ``lang`` (:meth:`write`), then fill
        ``accepted`` (canonical texts), ``notes`` (canonical text → feedback)
        and ``note_rules`` from ``judge``; called once when the question is
        made."""
        self.write(lang)
        acc = self.accepted if self.accepted is not None else [parse_answer(self.kind, self.key)]
        self.accepted = sorted({canonical(self.kind, a) for a in acc})
        if self.kind in ITEM_KINDS:
            for a in acc:
                self.notes[canonical(self.kind, a)] = self.judged(a)[1]
            if self.generic is None:  # pragma: no cover - item questions set it
                raise ValueError("an item question needs its generic feedback")  # a bug in a question: English
            if self.generic_rule is None:
                self.generic_rule = ""
            return
        cands = list(acc) + list(self.candidates if self.candidates is not None else _default_candidates(self))
        if self.generic is None and self.kind == "int":
            far = parse_answer("int", self.key) + 100_003
            _, self.generic, self.generic_rule = self.judged(far)
        self._beside_generic = self.generic is not None
        for a in cands:
            c = canonical(self.kind, a)
            if c in self.notes:
                continue
            ok, msg, rule = self.judged(a)
            if (c in self.accepted) != ok:  # pragma: no cover - a bug in a question
                raise AssertionError(f"{self.qid}: judge and accepted answers disagree on {c}")
            if ok or msg != self.generic:  # as data; book_texts leaves out a note that reads as the generic
                self.notes[c] = msg
                if rule:
                    self.note_rules[c] = rule
        if self.generic is None:
            self.generic = TEXT["look_again"]
        if self.generic_rule is None:
            self.generic_rule = ""


def _default_candidates(q: Question) -> list[Any]:
    if q.kind == "seat":
        return [0, 1, 2, 3]
    if q.kind == "side":
        return [0, 1, NOBODY, TIE]
    if q.kind == "int":
        k = parse_answer("int", q.key)
        return list(range(k - 250, k + 251))
    return []


#: A question generator: ``gen(rng, settings)`` returns the question (its title is the exercise's).
Gen = Callable[[Rng, dict[str, Any]], Question]

#: Lines and feedback several families share.
TEXT = {
    # TRANSLATORS: the check's reply to a wrong answer the question has no particular hint for.
    "look_again": M_("ex.kit.look_again", "Not quite: look at the question again."),
    # TRANSLATORS: how to answer a number question; keep the examples 52 and -40.
    "int_help": M_("ex.kit.int_help", "Answer with a whole number, e.g. 52 or -40."),
    # TRANSLATORS: a question's line: the hand has no trump (Oh Hell's last hand, OH-7).
    "no_trump": M_("ex.kit.no_trump", "There is no trump in this hand."),
    # TRANSLATORS: a question's line: the trump suit (Oh Hell, OH-7); {suit} is the suit's name ("hearts"),
    # {symbol} its symbol (♥), {card} the card the dealer turned up (Q♥).
    "trump": M_("ex.kit.trump", "Trump is {suit} {symbol} (the dealer turned up the {card})."),
    # TRANSLATORS: one card of a trick as a question lists it: {seat} played {card} ("North 10♥"); the list
    # separates these with commas.
    "trick_item": M_("ex.kit.trick_item", "{seat} {card}"),
    # TRANSLATORS: one seat and a number in a list of bids or tricks won ("North 3").
    "seat_number": M_("ex.kit.seat_number", "{seat} {number}"),
    # TRANSLATORS: a question's line: every seat's bid, {parts} ("North 3, East 2, …").
    "bids_all": M_("ex.kit.bids_all", "Bids: {parts}."),
    # TRANSLATORS: a question's line: every seat's tricks won, {parts} ("North 3, East 2, …").
    "won_all": M_("ex.kit.won_all", "Tricks won: {parts}."),
    # TRANSLATORS: a question's first line in Oh Hell: four players and the hand size {n}.
    "oh_hell_size": P_("ex.oh_hell_size", "Oh Hell, 4 players, {n} card each.", "Oh Hell, 4 players, {n} cards each."),
    # TRANSLATORS: the check's reply to a right answer: {why} explains it (a sentence that ends with its full stop).
    "right_why": M_("ex.kit.right_why", "Right: {why}"),
    # TRANSLATORS: an answer with its explanation, for the teacher: {answer} ({why}).
    "answer_why": M_("ex.kit.answer_why", "{answer} ({why})"),
}
INT_HELP = TEXT["int_help"]


def trump_words(trump: Suit | None, turn_up: Card | None) -> Words:
    """The line saying this hand's trump (and the card turned up), or that there is none."""
    if trump is None or turn_up is None:
        return TEXT["no_trump"]
    return say(TEXT["trump"], suit=trump.letter, symbol=trump.letter, card=turn_up.code)


def trump_line(g: TrickGame) -> Words:
    """:func:`trump_words` for the game ``g``'s hand."""
    return trump_words(g.trump, g.turn_up)


def trick_parts(trick: Trick) -> list[Words]:
    """The cards of ``trick`` as a question lists them (``North 10♥``, …), for a ``parts`` placeholder."""
    return [say(TEXT["trick_item"], seat=s, card=c.code) for s, c in zip(trick.seats, trick.cards)]


def seat_numbers(numbers: Sequence[Any]) -> list[Words]:
    """Every seat's number (bid, tricks won) for a ``parts`` placeholder: ``North 3, East 2, …``."""
    return [say(TEXT["seat_number"], seat=s, number=v) for s, v in enumerate(numbers)]


def key_cards(cards: Iterable[Card]) -> list[str]:
    """Cards as a key literal: canonical codes, in the order a prompt lists a hand."""
    return hand_codes(cards)


def oh_hell_game(rng: Rng, size: int, **rules: Any) -> OhHellGame:
    rules.setdefault("no_trump_final_hand", False)
    return OhHellGame(OhHellRules(players=4, hand_sizes=(size,), **rules),
                      first_deal=rng.bits(40), dealer=rng.below(4))


def seat_to_act(g: TrickGame) -> int:
    """The seat to act in ``g`` (a question's game is never over where it asks)."""
    s = g.to_act
    if s is None:  # pragma: no cover - a bug in a question
        raise NotFound("the game has no seat to act")
    return s


def won_by(t: Trick) -> int:
    """The seat that won the completed trick ``t``."""
    if t.winner is None:  # pragma: no cover - the searches give completed tricks
        raise NotFound("the trick is not complete")
    return t.winner


def winning_card(t: Trick) -> Card:
    """The card that won the completed trick ``t`` (SP-16, OH-10)."""
    card = None if t.winner is None else t.card_of(t.winner)
    if card is None:  # pragma: no cover - the searches give completed tricks
        raise NotFound("the trick is not complete")
    return card


def led_suit(t: Trick) -> Suit:
    """The suit led to the (started) trick ``t``."""
    if t.led_suit is None:  # pragma: no cover - the searches give completed tricks
        raise NotFound("the trick has no card")
    return t.led_suit


def random_bids(g: TrickGame, rng: Rng, top: int | None = None) -> None:
    """Bid at random (legal bids, at most ``top`` where any is) until the bidding is over."""
    while g.phase is Phase.BIDDING:
        s = seat_to_act(g)
        legal = [b.value for b in g.legal_bids(s)]
        if top is not None:
            legal = [v for v in legal if v <= top] or legal
        g.bid(s, rng.pick(legal))


class NotFound(RuntimeError):
    """No position or trick of the wanted kind was found (the searches' predicates are common: never seen)."""


# ------------------------------------------------------------ fast search
class FastHand:
    """One hand dealt and played at random on bitmasks, with engine.sim's
    fast path (:func:`engine.sim.deal_masks`, :func:`engine.tricks.legal_play_mask`,
    :func:`engine.sim.pick_card`: the engine's own legality, no Verdicts or
    Card objects), every play recorded so that the position found can be
    replayed through a real game (:meth:`game`), which then gives the
    question its facts and answers.

    The game is the subclass's (:class:`SpadesHand`, :class:`OhHellHand`):
    its spec says the trump (a fixed suit, SP-2, or a card turned up unless
    ``turn_up`` is False, OH-7) and its rules whether a lead is restricted
    until trump is broken (SP-13 … SP-15); ``must_trump`` is OH-V6.  Seats
    0…3; the seat left of ``dealer`` leads.  Cards are indices 0…51
    (``suit * 13 + rank - 2``).
    """

    #: The game the hand is replayed through.
    GAME: ClassVar[type[TrickGame]]
    #: Whether its rules restrict a lead of trump until trump is broken (SP-13).
    LEAD_RESTRICTED: ClassVar[bool]

    __slots__ = ("size", "dealer", "start", "up", "hands", "trump", "restricted", "must_trump",
                 "leader", "current", "broken", "plays", "won")

    def __init__(self, rng: Rng, size: int, *, dealer: int | None = None, must_trump: bool = False,
                 turn_up: bool = True):
        spec = self.GAME.spec
        self.size = size
        self.dealer = rng.below(4) if dealer is None else dealer
        fixed = spec.fixed_trump  # a fixed trump suit (SP-2), else a card turned up (OH-7)
        hands, up = deal_masks(rng, 4, size, turn_up and fixed is None)
        self.start, self.up, self.hands = tuple(hands), up, list(hands)
        self.trump: int | None = int(fixed) if fixed is not None else (None if up is None else up // 13)
        self.restricted = self.LEAD_RESTRICTED
        self.must_trump = must_trump
        self.leader = (self.dealer + 1) % 4
        self.current: list[int] = []
        self.broken = False
        self.plays: list[tuple[int, int]] = []
        self.won = [0, 0, 0, 0]

    @property
    def seat(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.current)) % 4

    @property
    def led(self) -> int | None:
        """The suit led (0…3) to the trick in progress, or None when leading."""
        return self.current[0] // 13 if self.current else None

    @property
    def over(self) -> bool:
        return not any(self.hands)

    def step(self, rng: Rng) -> tuple[int, tuple[int, ...]] | None:
        """Play a random legal card for the seat to play; returns
        ``(leader, cards)`` when that completes a trick, else None."""
        cur = self.current
        leader = self.leader
        seat = (leader + len(cur)) % 4
        trump = self.trump
        c = pick_card(rng, legal_play_mask(self.hands[seat], cur[0] // 13 if cur else None, trump,
                                           self.restricted, self.broken, self.must_trump))
        self.hands[seat] ^= 1 << c
        cur.append(c)
        self.plays.append((seat, c))
        if trump is not None and c // 13 == trump:
            self.broken = True  # SP-15 (only read where a lead is restricted)
        if len(cur) < 4:
            return None
        cards = tuple(cur)
        best = cards[0]
        off = 0
        for i in (1, 2, 3):  # the engine's winning_offset (SP-16, OH-10) on indices
            c = cards[i]
            if c // 13 == best // 13:
                if c > best:
                    best, off = c, i
            elif c // 13 == trump:
                best, off = c, i
        w = (leader + off) % 4
        self.won[w] += 1
        self.leader, self.current = w, []
        return leader, cards

    def trick(self, leader: int, cards: tuple[int, ...]) -> Trick:
        """A completed trick as the engine's :class:`~engine.tricks.Trick`,
        its winner from :func:`engine.tricks.trick_winner`."""
        cs = tuple(DECK[c] for c in cards)
        return Trick(leader, cs, trick_winner(leader, cs, None if self.trump is None else Suit(self.trump), 4))

    def trump_suit(self) -> Suit | None:
        return None if self.trump is None else Suit(self.trump)

    def dealt(self, rng: Rng, bids: Callable[[Rng, int], int] | None = None, **rules: Any) -> TrickGame:
        """The real game with this deal, bid (see the subclass), before any play."""
        raise NotImplementedError

    def game(self, rng: Rng, bids: Callable[[Rng, int], int] | None = None, **rules: Any) -> Any:
        """The real game with this deal (:meth:`dealt`) and every recorded
        play replayed through the engine (so it checks each one)."""
        g = self.dealt(rng, bids, **rules)
        for s, c in self.plays:
            g.play(s, DECK[c])
        return g


class SpadesHand(FastHand):
    """A Spades hand (13 cards each, spades trump and restricted until broken, SP-2, SP-13 … SP-16)."""

    GAME = SpadesGame
    LEAD_RESTRICTED = SPADES_TRICK_RULES.lead_restricted  # SP-13
    __slots__ = ()

    def __init__(self, rng: Rng, *, dealer: int | None = None):
        super().__init__(rng, 13, dealer=dealer)

    def dealt(self, rng: Rng, bids: Callable[[Rng, int], int] | None = None, **rules: Any) -> SpadesGame:
        """A :class:`SpadesGame` of this deal after four bids: ``bids(rng, seat)``
        or 1…4 at random; ``rules``: the game's other arguments (scores, bags)."""
        g = SpadesGame.from_hands([cards_of(m) for m in self.start], dealer=self.dealer, **rules)
        for _ in range(4):
            s = seat_to_act(g)
            g.bid(s, bids(rng, s) if bids else rng.between(1, 4))
        return g


class OhHellHand(FastHand):
    """An Oh Hell hand of ``size`` cards each, four players, a turned-up trump
    unless ``turn_up`` is False (OH-7), ``must_trump`` OH-V6."""

    GAME = OhHellGame
    LEAD_RESTRICTED = False  # any card may be led (OH-9)
    __slots__ = ()

    def dealt(self, rng: Rng, bids: Callable[[Rng, int], int] | None = None, **rules: Any) -> OhHellGame:
        """An :class:`OhHellGame` of this deal after random legal bids;
        ``rules``: extra ``OhHellRules`` switches."""
        rules.setdefault("no_trump_final_hand", self.up is None)
        g = OhHellGame.from_hands([cards_of(m) for m in self.start], None if self.up is None else DECK[self.up],
                                  dealer=self.dealer,
                                  rules=OhHellRules(players=4, hand_sizes=(self.size,), must_trump=self.must_trump,
                                                    **rules))
        random_bids(g, rng)
        return g


def fast_position(rng: Rng, make: Callable[[Rng], FastHand], pred: Callable[[FastHand], bool],
                  tries: int = 400) -> FastHand:
    """The first position (before a play) of random hands ``make(rng)``
    where ``pred(hand)`` holds; the hand is left at that position."""
    for _ in range(tries):
        h = make(rng)
        while not h.over:
            if pred(h):
                return h
            h.step(rng)
    raise NotFound("no position found")  # pragma: no cover - the predicates are common


def fast_trick(rng: Rng, make: Callable[[Rng], FastHand], pred: Callable[[FastHand, Trick], bool],
               tries: int = 400) -> tuple[FastHand, Trick]:
    """The first completed trick of random hands ``make(rng)`` for which
    ``pred(hand, trick)`` holds (``trick`` an engine Trick)."""
    for _ in range(tries):
        h = make(rng)
        while not h.over:
            done = h.step(rng)
            if done is not None:
                t = h.trick(*done)
                if pred(h, t):
                    return h, t
    raise NotFound("no trick found")  # pragma: no cover
