"""Follow-suit positions: kinds, the rule each exercises, and a seeded stream.

Every position holds a decision: the seat to act has at least two legal
cards (from ``game.legal_plays``).  Most positions also hold a card the
learner could plausibly pick but may not (a card of another suit while
following, a spade led before spades are broken, a discard under
must-trump); the rest are *free* positions, where every card is legal and
that freedom is the lesson (void in the suit led, SP-14 / SP-15 / OH-9 /
OH-V6).  Kinds are served in shuffled cycles in which four positions of
five hold an illegal card; a kind the learner missed comes back soon
(:meth:`PositionStream.ask_again`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any

from engine import OhHellGame, OhHellRules, Phase, Play, SpadesGame
from engine.ohhell import MAX_HAND

from ._shared import KindCycle, drill_spec

__all__ = ["Position", "PositionStream", "POSITION_KINDS", "KIND_RULE", "KIND_TEXT", "FREE_KINDS",
           "CYCLES", "classify_position", "kinds_for"]


#: The kinds of follow-suit positions, per drill configuration
#: (``"spades"``, ``"oh_hell"``, ``"oh_hell_must_trump"``).
#:
#: * ``follow``: a suit was led and the learner holds at least two of it and
#:   another card (SP-14 / OH-9: must follow suit).
#: * ``follow_trump`` (Oh Hell): as ``follow``, and the learner also holds a
#:   trump: trumping is tempting but not allowed (OH-9).
#: * ``lead_unbroken`` (Spades): leading before spades are broken, holding
#:   spades and at least two other cards (SP-13).
#: * ``must_trump`` (Oh Hell with OH-V6): void in the suit led, holding at
#:   least two trumps and another card: a trump must be played.
#: * ``void`` (free): void in the suit led, every card legal.  Spades:
#:   spades not broken and the learner holds spades and other cards: may
#:   trump, which breaks spades, or discard (SP-14, SP-15).  Oh Hell: holding
#:   trumps and other cards, no duty to trump (OH-9).  Must-trump: holding no
#:   trump, so OH-V6 does not bind (OH-V6).
POSITION_KINDS: dict[str, tuple[str, ...]] = {
    "spades": ("follow", "lead_unbroken", "void"),
    "oh_hell": ("follow", "follow_trump", "void"),
    "oh_hell_must_trump": ("follow", "must_trump", "void"),
}

#: One cycle of kinds (shuffled each time): four of five hold an illegal card.
CYCLES: dict[str, tuple[str, ...]] = {
    "spades": ("follow", "follow", "lead_unbroken", "lead_unbroken", "void"),
    "oh_hell": ("follow", "follow", "follow_trump", "follow_trump", "void"),
    "oh_hell_must_trump": ("follow", "follow", "must_trump", "must_trump", "void"),
}

#: Kinds in which every card is legal (freedom is the lesson).
FREE_KINDS = frozenset({"void"})

#: The rule each kind exercises, per configuration.
KIND_RULE: dict[str, dict[str, str]] = {
    "spades": {"follow": "SP-14", "lead_unbroken": "SP-13", "void": "SP-15"},
    "oh_hell": {"follow": "OH-9", "follow_trump": "OH-9", "void": "OH-9"},
    "oh_hell_must_trump": {"follow": "OH-9", "must_trump": "OH-V6", "void": "OH-V6"},
}

KIND_TEXT = {
    "follow": "following suit", "follow_trump": "following suit while holding trumps",
    "lead_unbroken": "leading before spades are broken", "must_trump": "void in the suit led, must trump",
    "void": "void in the suit led: any card",
}


def kinds_for(game: str, must_trump: bool = False) -> str:
    """The configuration key of :data:`POSITION_KINDS` for a game."""
    return f"{game}_must_trump" if must_trump else game


@dataclass
class Position:
    """One follow-suit position: ``game`` (an engine game in the PLAY phase,
    ``seat`` to act), ``kind`` (see :data:`POSITION_KINDS`), ``rule`` (the
    rule id it exercises), ``deal_number``, the number of cards already
    played in the hand (``plays``) and the trick number (1-based,
    ``trick``)."""

    game: Any
    seat: int
    kind: str
    deal_number: int
    plays: int
    rule: str = ""
    trick: int = 1

    @property
    def free(self) -> bool:
        """Whether every card in the hand is legal here."""
        return self.kind in FREE_KINDS


def classify_position(game) -> str | None:
    """The kind (see :data:`POSITION_KINDS`) of the position for the seat to
    act in ``game`` (PLAY phase), or None when it teaches nothing: fewer
    than two legal cards, or a kind the drills do not use.  The legal cards
    are the engine's (``game.legal_plays``)."""
    seat = game.to_act
    legal = game.legal_plays(seat)
    if len(legal) < 2:
        return None
    view = game.view(seat)  # what the seat may see: its hand, the trump, whether spades are broken
    hand = view.hand
    trump = view.trump
    must_trump = getattr(game.rules, "must_trump", False)
    trick = game.current_trick
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    others = len(hand) - len(trumps)
    illegal = len(legal) < len(hand)
    if trick is None or not trick.cards:
        # only SP-13 ever forbids a lead: spades not broken, holding spades and other cards
        if not view.broken and trumps and others >= 2 and illegal:
            return "lead_unbroken"
        return None
    led = trick.cards[0].suit
    follow = [c for c in hand if c.suit == led]
    if follow:
        if not illegal:
            return None
        # Oh Hell's variety: holding a trump too (Spades' spades are its trumps: plain "follow")
        return ("follow_trump" if view.spec.fixed_trump is None and not must_trump and trumps and led != trump
                else "follow")
    if illegal:  # void and still refused: only must-trump (OH-V6) does that
        return "must_trump" if trumps and others else None
    if must_trump:  # void holding no trump: OH-V6 does not bind
        return "void" if not trumps and trump is not None else None
    # void holding trumps and other cards: free to trump or not (SP-14, SP-15 while spades are unbroken; OH-9)
    return "void" if trumps and others and not view.broken else None


class PositionStream:
    """A seeded, endless stream of follow-suit positions from real engine games.

    Each position comes from a fresh deal (deal number drawn from the
    stream's rng): every seat bids, then random legal cards (from
    ``game.legal_plays``) are played through the whole hand; among the
    moments where the seat to act faces a position of the wanted kind, a
    trick is chosen uniformly (so early tricks come up as often as late
    ones) and then a moment in it.  Kinds come in shuffled cycles
    (:data:`CYCLES`); :meth:`ask_again` schedules one more position of a
    kind, served after the next one.

    ``game``: ``"spades"`` or ``"oh_hell"``; ``must_trump`` (Oh Hell OH-V6);
    ``players`` (Oh Hell 3–7; Spades always 4); ``seed``.  Raises
    ValueError for a configuration the rules do not allow.
    """

    def __init__(self, game: str = "spades", must_trump: bool = False, seed: int = 0, players: int = 4):
        spec = drill_spec(game, players)
        if must_trump and "must_trump" not in {f.name for f in fields(spec.rules_class)}:
            raise ValueError(f"must-trump (OH-V6) is an Oh Hell variation; {spec.title} never requires trumping (SP-14)")
        self.game_kind = game
        self.spec = spec
        self.config = kinds_for(game, must_trump)
        self.must_trump = must_trump
        self.players = players
        self.rng = random.Random(seed)
        self._cycle = KindCycle(CYCLES[self.config], self.rng)
        self.count = 0

    @property
    def kinds(self) -> tuple[str, ...]:
        return POSITION_KINDS[self.config]

    def ask_again(self, kind: str) -> None:
        """Serve one more position of ``kind`` soon (after the next one):
        the learner missed it."""
        if kind not in self.kinds:
            raise ValueError(f"{kind!r} is not a position kind of {self.config}")
        self._cycle.ask_again(kind)

    def _next_kind(self) -> str:
        return self._cycle.next()

    def _new_game(self, deal_number: int):
        rng = self.rng
        if self.spec.partnerships:
            g = SpadesGame(dealer=rng.randrange(4), auto_deal=False)
            g.deal(deal_number)
            while g.phase is Phase.BIDDING:
                g.bid(g.to_act, rng.randint(1, 4))
            return g
        top = min(10, MAX_HAND[self.players] - 1)
        size = rng.randint(min(5, top), top)
        rules = OhHellRules(players=self.players, hand_sizes=(size,), no_trump_final_hand=False,
                            must_trump=self.must_trump)
        g = OhHellGame(rules, dealer=rng.randrange(self.players), auto_deal=False)
        g.deal(deal_number)
        while g.phase is Phase.BIDDING:
            g.apply(rng.choice(g.legal_bids(g.to_act)))
        return g

    def _walk(self, want: str):
        """Play one random hand; return ``(deal number, start, actions, hits)``
        where ``hits`` maps a trick index to the action counts at which the
        seat to act faces a ``want`` position."""
        number = self.rng.getrandbits(32)
        g = self._new_game(number)
        start = g.copy()
        actions: list = []
        hits: dict[int, list[int]] = {}
        while g.phase is Phase.PLAY:
            if classify_position(g) == want:
                hits.setdefault(len(g.tricks), []).append(len(actions))
            seat = g.to_act
            a = Play(seat, self.rng.choice(g.legal_plays(seat)))
            g.apply(a)
            actions.append(a)
        return number, start, actions, hits

    def _position(self, kind: str, number: int, start, actions: list, k: int) -> Position:
        g = start.copy()
        for a in actions[:k]:
            g.apply(a)
        return Position(g, g.to_act, kind, number, k, KIND_RULE[self.config][kind], len(g.tricks) + 1)

    def next(self) -> Position:
        """The next position (always one where the seat to act must play and
        has a choice among at least two legal cards)."""
        want = self._next_kind()
        self.count += 1
        kinds = [want] + [k for k in self.kinds if k != want and k not in FREE_KINDS] + \
                [k for k in self.kinds if k != want and k in FREE_KINDS]
        for kind in kinds:  # the wanted kind first; another only if it cannot be found
            for _attempt in range(80):
                number, start, actions, hits = self._walk(kind)
                if hits:
                    trick = self.rng.choice(sorted(hits))
                    return self._position(kind, number, start, actions, self.rng.choice(hits[trick]))
        raise RuntimeError(f"no follow-suit position could be found for {self.config}")  # pragma: no cover
