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

The games the drill knows are declared once each, with their variations,
in :data:`FOLLOW_SETUPS` (:class:`FollowSetup`: the kinds of positions, a
cycle of them, the rule each exercises, why every card is legal in a free
position, how a position's hand is dealt and bid); the rest comes from the
game's declaration (its play terms).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from engine import OhHellGame, OhHellRules, Phase, Play, SpadesGame, TrickGame
from engine.actions import Action
from engine.games.oh_hell import MAX_HAND
from engine.message import Text
from engine.registry import OH_HELL, SPADES
from engine.spec import GameSpec

from ..text import M_, say
from .shared import KindCycle, bad_game, drill_spec, play_terms

__all__ = ["Position", "PositionStream", "FollowSetup", "FOLLOW_SETUPS", "KIND_TEXT", "FREE_KINDS",
           "classify_position", "follow_setup", "setup_of", "kinds_for", "config_of"]


#: The kinds of follow-suit positions (each setup lists those of its game, :attr:`FollowSetup.kinds`):
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
#: Kinds in which every card is legal (freedom is the lesson).
FREE_KINDS = frozenset({"void"})

#: What each kind of position practises, as the drill names it after the answer.
KIND_TEXT: dict[str, Text] = {
    # TRANSLATORS: what a follow-suit position practised, in "Previous position (following suit, SP-14): …".
    "follow": M_("drills.follow.kind.follow", "following suit"),
    # TRANSLATORS: what a follow-suit position practised (Oh Hell: the learner also held a trump).
    "follow_trump": M_("drills.follow.kind.follow_trump", "following suit while holding trumps"),
    # TRANSLATORS: what a follow-suit position practised (Spades: leading a spade is not allowed yet, SP-13).
    "lead_unbroken": M_("drills.follow.kind.lead_unbroken", "leading before spades are broken"),
    # TRANSLATORS: what a follow-suit position practised (Oh Hell with must-trump, OH-V6).
    "must_trump": M_("drills.follow.kind.must_trump", "void in the suit led, must trump"),
    # TRANSLATORS: what a follow-suit position practised (no card of the suit led: every card was allowed).
    "void": M_("drills.follow.kind.void", "void in the suit led: any card"),
}

# TRANSLATORS: a programmer asked for the must-trump variation (OH-V6) in a game without it. {game}: the game's name.
NO_MUST_TRUMP = M_("drills.follow.error.must_trump",
                   "must-trump (OH-V6) is an Oh Hell variation; {game} never requires trumping (SP-14)")
# TRANSLATORS: a programmer asked for a kind of position the drill does not have. {kind}: what was asked; {config}: the drill's configuration.
NOT_A_KIND = M_("drills.follow.error.kind", "{kind} is not a position kind of {config}")
# TRANSLATORS: an internal error: no position of the wanted kind turned up. {config}: the drill's configuration.
NOT_FOUND = M_("drills.follow.error.not_found", "no follow-suit position could be found for {config}")


def kinds_for(game: str, must_trump: bool = False) -> str:
    """The name of the drill's configuration for a game (its record name) and variation: ``"spades"``,
    ``"oh_hell"``, ``"oh_hell_must_trump"`` (:attr:`FollowSetup.name`)."""
    return f"{game}_must_trump" if must_trump else game


def config_of(game: TrickGame, seat: int) -> str:
    """The configuration of a game's position for ``seat``: the game's record
    name, with must-trump (OH-V6) when its rules say so (its play terms)."""
    return setup_of(game, seat).name


def follow_setup(game: str, must_trump: bool = False) -> FollowSetup:
    """The setup of the game named ``game`` (its record name) with must-trump (OH-V6) or without;
    ValueError naming the games the drill knows for another."""
    spec = drill_spec(game)
    for setup in FOLLOW_SETUPS:
        if setup.spec is spec and setup.must_trump == must_trump:
            return setup
    raise ValueError(bad_game(game, sorted({s.spec.name for s in FOLLOW_SETUPS})))


def setup_of(game: TrickGame, seat: int) -> FollowSetup:
    """The setup of a game's position for ``seat`` (must-trump as its rules say, its play terms)."""
    view = game.view(seat)
    return follow_setup(view.spec.name, play_terms(view).must_trump)


@dataclass
class Position:
    """One follow-suit position: ``game`` (an engine game in the PLAY phase,
    ``seat`` to act), ``kind`` (see :attr:`FollowSetup.kinds`), ``rule`` (the
    rule id it exercises), ``deal_number``, the number of cards already
    played in the hand (``plays``) and the trick number (1-based,
    ``trick``)."""

    game: TrickGame
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


def classify_position(game: TrickGame) -> str | None:
    """The kind (see :attr:`FollowSetup.kinds`) of the position for the seat to
    act in ``game`` (PLAY phase), or None when it teaches nothing: fewer
    than two legal cards, or a kind the drills do not use.  The legal cards
    are the engine's (``game.legal_plays``)."""
    seat = game.to_act
    if seat is None:
        return None
    legal = game.legal_plays(seat)
    if len(legal) < 2:
        return None
    view = game.view(seat)  # what the seat may see: its hand, the trump, whether spades are broken
    hand = view.hand or ()
    trump = view.trump
    must_trump = play_terms(view).must_trump
    kinds = next((f.kinds for f in FOLLOW_SETUPS if f.spec.name == view.spec.name and f.must_trump == must_trump), ())
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
        return "follow_trump" if "follow_trump" in kinds and trumps and led != trump else "follow"
    if illegal:  # void and still refused: only must-trump (OH-V6) does that
        return "must_trump" if trumps and others else None
    if must_trump:  # void holding no trump: OH-V6 does not bind
        return "void" if not trumps and trump is not None else None
    # void holding trumps and other cards: free to trump or not (SP-14, SP-15 while spades are unbroken; OH-9)
    return "void" if trumps and others and not view.broken else None


# ----------------------------------------------------------------------------- the games' hands
def _spades_hand(rng: random.Random, number: int, players: int, must_trump: bool) -> TrickGame:
    """A Spades hand after the bidding: four seats (SP-1), bids of 1 to 4."""
    g = SpadesGame(dealer=rng.randrange(4), auto_deal=False)
    g.deal(number)
    while g.phase is Phase.BIDDING:
        seat = g.to_act
        assert seat is not None
        g.bid(seat, rng.randint(1, 4))
    return g


def _oh_hell_hand(rng: random.Random, number: int, players: int, must_trump: bool) -> TrickGame:
    """An Oh Hell hand of 5 to 10 cards (fewer with many players, OH-5) after
    random legal bids; a card turned up for trump (OH-7), must-trump as asked (OH-V6)."""
    top = min(10, MAX_HAND[players] - 1)
    size = rng.randint(min(5, top), top)
    rules = OhHellRules(players=players, hand_sizes=(size,), no_trump_final_hand=False, must_trump=must_trump)
    g = OhHellGame(rules, dealer=rng.randrange(players), auto_deal=False)
    g.deal(number)
    while g.phase is Phase.BIDDING:
        seat = g.to_act
        assert seat is not None
        g.apply(rng.choice(g.legal_bids(seat)))
    return g


@dataclass(frozen=True)
class FollowSetup:
    """The follow-suit drill in one game (``spec``), with must-trump (OH-V6) or
    without: ``name`` its configuration's name (:func:`kinds_for`), ``kinds``
    the kinds of positions it serves, ``cycle`` one cycle of them (shuffled
    each time: four of five hold an illegal card), ``rules`` the rule each
    kind exercises, ``free_text`` why every card is legal in a free position
    (``{led_suit}``), ``hand`` how a position's hand is dealt and bid
    (``(rng, deal number, players, must_trump) -> game``)."""

    spec: GameSpec
    must_trump: bool
    kinds: tuple[str, ...]
    cycle: tuple[str, ...]
    rules: dict[str, str]
    free_text: Text
    hand: Callable[[random.Random, int, int, bool], TrickGame]

    @property
    def name(self) -> str:
        return kinds_for(self.spec.name, self.must_trump)


#: The games (and variations) the follow-suit drill knows, one setup each.
FOLLOW_SETUPS: tuple[FollowSetup, ...] = (
    FollowSetup(SPADES, False, ("follow", "lead_unbroken", "void"),
                ("follow", "follow", "lead_unbroken", "lead_unbroken", "void"),
                {"follow": "SP-14", "lead_unbroken": "SP-13", "void": "SP-15"},
                # TRANSLATORS: follow-suit drill, Spades, after a position where every card was allowed. {led_suit}: the suit led (plural, "hearts").
                M_("drills.follow.free.spades",
                   "Any card was allowed: you hold no {led_suit}, so you may play any card (SP-14). "
                   "A spade trumps the trick and breaks spades (SP-15); any other card is a discard."),
                _spades_hand),
    FollowSetup(OH_HELL, False, ("follow", "follow_trump", "void"),
                ("follow", "follow", "follow_trump", "follow_trump", "void"),
                {"follow": "OH-9", "follow_trump": "OH-9", "void": "OH-9"},
                # TRANSLATORS: follow-suit drill, Oh Hell, after a position where every card was allowed. {led_suit}: the suit led.
                M_("drills.follow.free.oh_hell",
                   "Any card was allowed: you hold no {led_suit}, so you may play any card (OH-9). "
                   "You may trump, but you need not."),
                _oh_hell_hand),
    FollowSetup(OH_HELL, True, ("follow", "must_trump", "void"),
                ("follow", "follow", "must_trump", "must_trump", "void"),
                {"follow": "OH-9", "must_trump": "OH-V6", "void": "OH-V6"},
                # TRANSLATORS: follow-suit drill, Oh Hell with must-trump (OH-V6): every card was allowed. {led_suit}: the suit led.
                M_("drills.follow.free.must_trump",
                   "Any card was allowed: you hold no {led_suit} and no trump, and must-trump (OH-V6) "
                   "binds only a player who holds a trump."),
                _oh_hell_hand),
)


class PositionStream:
    """A seeded, endless stream of follow-suit positions from real engine games.

    Each position comes from a fresh deal (deal number drawn from the
    stream's rng): every seat bids, then random legal cards (from
    ``game.legal_plays``) are played through the whole hand; among the
    moments where the seat to act faces a position of the wanted kind, a
    trick is chosen uniformly (so early tricks come up as often as late
    ones) and then a moment in it.  Kinds come in shuffled cycles
    (:attr:`FollowSetup.cycle`); :meth:`ask_again` schedules one more position of a
    kind, served after the next one.

    ``game``: a game of :data:`FOLLOW_SETUPS` (``"spades"`` or ``"oh_hell"``);
    ``must_trump`` (Oh Hell OH-V6); ``players`` (Oh Hell 3–7; Spades always
    4); ``seed``.  Raises ValueError for a configuration the rules do not allow.
    """

    def __init__(self, game: str = "spades", must_trump: bool = False, seed: int = 0, players: int = 4):
        spec = drill_spec(game, players)
        if must_trump and not any(o.name == "must_trump" for o in spec.options):
            raise ValueError(say(NO_MUST_TRUMP, game=spec.title))
        self.game_kind = game
        self.spec = spec
        self.setup = follow_setup(game, must_trump)
        self.config = self.setup.name
        self.must_trump = must_trump
        self.players = players
        self.rng = random.Random(seed)
        self._hand = self.setup.hand
        self._cycle = KindCycle(self.setup.cycle, self.rng)
        self.count = 0

    @property
    def kinds(self) -> tuple[str, ...]:
        return self.setup.kinds

    def ask_again(self, kind: str) -> None:
        """Serve one more position of ``kind`` soon (after the next one):
        the learner missed it."""
        if kind not in self.kinds:
            raise ValueError(say(NOT_A_KIND, kind=repr(kind), config=self.config))
        self._cycle.ask_again(kind)

    def _next_kind(self) -> str:
        return self._cycle.next()

    def _walk(self, want: str) -> tuple[int, TrickGame, list[Action], dict[int, list[int]]]:
        """Play one random hand; return ``(deal number, start, actions, hits)``
        where ``hits`` maps a trick index to the action counts at which the
        seat to act faces a ``want`` position."""
        number = self.rng.getrandbits(32)
        g = self._hand(self.rng, number, self.players, self.must_trump)
        start = g.copy()
        actions: list[Action] = []
        hits: dict[int, list[int]] = {}
        while g.phase is Phase.PLAY:
            if classify_position(g) == want:
                hits.setdefault(len(g.tricks), []).append(len(actions))
            seat = g.to_act
            assert seat is not None
            a = Play(seat, self.rng.choice(g.legal_plays(seat)))
            g.apply(a)
            actions.append(a)
        return number, start, actions, hits

    def _position(self, kind: str, number: int, start: TrickGame, actions: list[Action], k: int) -> Position:
        g = start.copy()
        for a in actions[:k]:
            g.apply(a)
        seat = g.to_act
        assert seat is not None
        return Position(g, seat, kind, number, k, self.setup.rules[kind], len(g.tricks) + 1)

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
        raise RuntimeError(say(NOT_FOUND, config=self.config))  # pragma: no cover
