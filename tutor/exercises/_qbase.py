"""Helpers shared by the question generators (deals, searches, card texts)."""
from __future__ import annotations

from typing import Callable

from engine import DECK, Card, OhHellGame, OhHellRules, Phase, SpadesGame, Suit
from engine.cards import cards_of
from engine.registry import spec_named
from engine.sim import deal_masks, pick_card
from engine.tricks import Trick, legal_play_mask, trick_winner

from .core import SEATS, Question, Rng

Gen = Callable[[Rng, dict], Question]

# ------------------------------------------------------------------ helpers
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def cards_text(cards) -> str:
    """Cards for a prompt, spades, hearts, clubs, diamonds, each high to low: ``"A♠ 7♠ 10♥ 4♥"``."""
    cs = sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))
    return " ".join(c.display for c in cs) if cs else "(no cards)"


def _key_cards(cards) -> list[str]:
    """Cards as a key literal: canonical codes, sorted like :func:`cards_text`."""
    cs = sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))
    return [c.code for c in cs]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _strip_yes(msg: str) -> str:
    return msg[5:] if msg.startswith("Yes: ") else msg


def _oh_hell_game(rng: Rng, size: int, **rules) -> OhHellGame:
    rules.setdefault("no_trump_final_hand", False)
    g = OhHellGame(OhHellRules(players=4, hand_sizes=(size,), **rules),
                   first_deal=rng.bits(40), dealer=rng.below(4))
    return g


def _random_bids(g, rng: Rng, top: int | None = None) -> None:
    while g.phase is Phase.BIDDING:
        s = g.to_act
        legal = [b.value for b in g.legal_bids(s)]
        if top is not None:
            legal = [v for v in legal if v <= top] or legal
        g.bid(s, rng.pick(legal))


class _NotFound(RuntimeError):
    pass


def _trick_line(trick, names=SEATS) -> str:
    parts = [f"{names[s]} {c.display}" for s, c in zip(trick.seats, trick.cards)]
    return ", ".join(parts)


def _trump_line(g) -> str:
    return _trump_text(g.trump, g.turn_up)


_INT_HELP = "Answer with a whole number, e.g. 52 or -40."


# ------------------------------------------------------------ fast search
class _FastHand:
    """One hand dealt and played at random on bitmasks, with engine.sim's
    fast path (:func:`engine.sim.deal_masks`, :func:`engine.tricks.legal_play_mask`,
    :func:`engine.sim.pick_card`: the engine's own legality, no Verdicts or
    Card objects), every play recorded so that the position found can be
    replayed through a real game (:meth:`game`), which then gives the
    question its facts and answers.

    ``kind``: "spades" (13 cards, spades trump and restricted until broken,
    SP-13 … SP-16) or "oh_hell" (``size`` cards, a turned-up trump unless
    ``turn_up`` is False, ``must_trump`` OH-V6).  Seats 0…3; the seat left
    of ``dealer`` leads.  Cards are indices 0…51 (``suit * 13 + rank - 2``).
    """

    __slots__ = ("kind", "size", "dealer", "start", "up", "hands", "trump", "restricted", "must_trump",
                 "leader", "current", "broken", "plays", "won")

    def __init__(self, rng: Rng, kind: str, size: int = 13, *, dealer: int | None = None,
                 must_trump: bool = False, turn_up: bool = True):
        self.kind, self.size = kind, size
        self.dealer = rng.below(4) if dealer is None else dealer
        fixed = spec_named(kind).fixed_trump  # Spades: spades always trump (SP-2); Oh Hell: turned up (OH-7)
        spades = fixed is not None
        hands, up = deal_masks(rng, 4, size, turn_up and not spades)
        self.start, self.up, self.hands = tuple(hands), up, list(hands)
        self.trump = int(fixed) if spades else (None if up is None else up // 13)
        self.restricted, self.must_trump = spades, must_trump
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
            self.broken = True  # SP-15 (only read in Spades)
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

    def game(self, rng: Rng, bids: Callable[[Rng, int], int] | None = None, **rules):
        """A real :class:`SpadesGame` / :class:`OhHellGame` with this deal,
        random bids (Spades: ``bids(rng, seat)`` or 1…4; Oh Hell: any legal
        bid), and every recorded play replayed through the engine (so it
        checks each one); ``rules``: extra ``OhHellRules`` switches."""
        hands = [cards_of(m) for m in self.start]
        if self.restricted:  # Spades: spades may not be led until broken (SP-13)
            g = SpadesGame.from_hands(hands, dealer=self.dealer, **rules)
            for _ in range(4):
                s = g.to_act
                g.bid(s, bids(rng, s) if bids else rng.between(1, 4))
        else:
            rules.setdefault("no_trump_final_hand", self.up is None)
            g = OhHellGame.from_hands(hands, None if self.up is None else DECK[self.up], dealer=self.dealer,
                                      rules=OhHellRules(players=4, hand_sizes=(self.size,),
                                                        must_trump=self.must_trump, **rules))
            _random_bids(g, rng)
        for s, c in self.plays:
            g.play(s, DECK[c])
        return g


def _fast_position(rng: Rng, make: Callable[[Rng], _FastHand], pred: Callable[[_FastHand], bool],
                   tries: int = 400) -> _FastHand:
    """The first position (before a play) of random hands ``make(rng)``
    where ``pred(hand)`` holds; the hand is left at that position."""
    for _ in range(tries):
        h = make(rng)
        while not h.over:
            if pred(h):
                return h
            h.step(rng)
    raise _NotFound("no position found")  # pragma: no cover - the predicates are common


def _fast_trick(rng: Rng, make: Callable[[Rng], _FastHand], pred: Callable[[_FastHand, Trick], bool],
                tries: int = 400) -> tuple[_FastHand, Trick]:
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
    raise _NotFound("no trick found")  # pragma: no cover


def _trump_text(trump: Suit | None, turn_up: Card | None) -> str:
    if trump is None:
        return "There is no trump in this hand."
    return f"Trump is {trump.noun} {trump.symbol} (the dealer turned up the {turn_up.display})."
