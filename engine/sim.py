"""Fast simulation: random (or policy-driven) play-outs of Spades and Oh Hell.

This is the engine's fastest public path, for computer players' play-outs and
for the speed benchmarks.  It explains nothing and builds no :class:`Verdict`,
:class:`~engine.cards.Card` or action objects: hands are ``int`` bitmasks and
cards are indices 0..51 (``suit * 13 + rank - 2``, suits clubs, diamonds,
hearts, spades = 0..3, as in :mod:`engine.cards`).

The rules are the engine's own:

* Legal plays are exactly :func:`engine.tricks.legal_play_mask` (lead
  restriction SP-13, follow suit SP-14 / OH-9, must-trump OH-V6).  A play-out
  with a ``policy`` calls that function for every play and decides each trick
  with :func:`engine.tricks.trick_winner` (SP-16, OH-10).  The random play-out
  (no policy) inlines both for speed; ``tests/test_sim.py`` proves, over
  thousands of positions taken from real :class:`~engine.spades.SpadesGame`
  and :class:`~engine.ohhell.OhHellGame` hands, that both paths give the same
  legal sets, winners and plays as the engine.
* Spades breaking (SP-15): a spade played breaks spades, as in
  :meth:`engine.tricks.TrickState.apply`.
* Scoring: :func:`spades_side_points` calls the engine's Spades scorer
  (:func:`engine.spades_rules.side_points`, which
  :func:`engine.spades.score_spades_side` itemises), with the house rules of
  the :class:`~engine.spades_rules.SpadesRules` passed in;
  :func:`oh_hell_seat_points` is equal to
  :func:`engine.ohhell.score_oh_hell_seat` (tested over every combination).

Randomness comes only from the ``random.Random`` passed in.  Every random
card choice is :func:`pick_card`: one ``rng.random()`` draw ``u`` per card,
and the card is the ``int(u * n)``-th (0-based, lowest index first) of the
``n`` legal cards, so a play-out is reproducible from the generator's state.
Dealing (:func:`deal_masks`) gives uniformly random hands; it does not follow
the deal numbers of :mod:`engine.deal` (which fix a teaching deal).
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .cards import DECK, SUIT_MASKS, mask_of
from .ohhell import OhHellRules
from .spades_rules import BLIND_NIL, SpadesRules, side_points
from .tricks import legal_play_mask, trick_winner

__all__ = [
    "BLIND_NIL", "SimState", "Policy", "pick_card", "deal_masks", "position_of",
    "play_out_spades", "play_out_oh_hell",
    "spades_side_points", "oh_hell_seat_points",
    "random_spades_hand", "random_oh_hell_hand", "random_oh_hell_game",
]

_DEFAULT_SPADES = SpadesRules()

# _TAB[m] for a 13-bit suit mask m: the set bit positions (ranks - 2), ascending.
_TAB: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(13) if m >> i & 1) for m in range(8192))
_BIT = tuple(1 << i for i in range(52))
_NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
_ALL_CARDS = tuple(range(52))
# _FOLLOW[n][leader]: the seats that play after ``leader`` in a trick of n seats.
_FOLLOW = {n: tuple(tuple((ld + i) % n for i in range(1, n)) for ld in range(n)) for n in range(1, 8)}


class SimState:
    """What a policy may look at during a play-out (live, updated in place).

    ``game``: ``"spades"`` or ``"oh_hell"``; ``n``: seats; ``hands``: bitmask
    per seat (omniscient: a policy that must not peek should use only its own
    seat's entry); ``leader``: seat that led the current trick; ``current``:
    card indices on the table in play order; ``won``: tricks won per seat so
    far (including ``won`` given to the play-out); ``trump``: suit 0..3 or
    None; ``broken``: spades broken (SP-15; always False in Oh Hell);
    ``must_trump``: OH-V6; ``rng``: the play-out's ``random.Random``.
    """

    __slots__ = ("game", "n", "hands", "leader", "current", "won", "trump", "broken", "must_trump", "rng")

    def __init__(self, game: str, hands: list[int], leader: int, current: list[int], won: list[int],
                 trump: int | None, broken: bool, must_trump: bool, rng: random.Random):
        self.game = game
        self.n = len(hands)
        self.hands = hands
        self.leader = leader
        self.current = current
        self.won = won
        self.trump = trump
        self.broken = broken
        self.must_trump = must_trump
        self.rng = rng

    @property
    def to_play(self) -> int:
        """The seat that plays next."""
        return (self.leader + len(self.current)) % self.n

    @property
    def led_suit(self) -> int | None:
        """Suit 0..3 of the card led to the current trick, or None."""
        return self.current[0] // 13 if self.current else None

    def __repr__(self) -> str:
        return (f"SimState({self.game}, leader={self.leader}, current={self.current}, won={self.won}, "
                f"trump={self.trump}, broken={self.broken})")


#: ``policy(seat, legal_mask, state) -> card index``; must return a card in ``legal_mask``.
Policy = Callable[[int, int, SimState], int]


def pick_card(rng: random.Random, mask: int) -> int:
    """A uniformly random card index from the non-empty bitmask ``mask``.

    Draws ``u = rng.random()`` once and returns the ``int(u * n)``-th lowest
    of the ``n`` cards: exactly the choice the random play-outs make, so
    ``policy=lambda seat, legal, st: pick_card(st.rng, legal)`` replays them.
    Raises ValueError for an empty mask.
    """
    n = mask.bit_count()
    if not n:
        raise ValueError("pick_card: no card to pick from (empty mask)")
    k = int(rng.random() * n)
    for base in (0, 13, 26, 39):
        t = _TAB[(mask >> base) & 8191]
        if k < len(t):
            return base + t[k]
        k -= len(t)
    raise ValueError(f"pick_card: mask {mask:#x} has cards beyond index 51")


def deal_masks(rng: random.Random, seats: int, hand_size: int,
               turn_up: bool = False) -> tuple[list[int], int | None]:
    """Deal ``hand_size`` cards to each of ``seats`` seats uniformly at random
    (SP-4, OH-6); with ``turn_up``, also turn up one more card (OH-7).

    Returns ``(hands, turn_up_index)``: ``hands[seat]`` a bitmask of
    ``hand_size`` cards, ``turn_up_index`` a card index 0..51 or None.
    Raises ValueError if the deck has too few cards.
    """
    need = seats * hand_size + (1 if turn_up else 0)
    if seats < 1 or hand_size < 0 or need > 52:
        raise ValueError(f"cannot deal {hand_size} cards to {seats} seats"
                         f"{' and turn one up' if turn_up else ''} from 52 cards")
    rnd = rng.random
    if need > 40:  # a full shuffle by random sort keys is cheaper than 40+ swaps
        keys = [rnd() for _ in _ALL_CARDS]
        deck = sorted(_ALL_CARDS, key=keys.__getitem__)
    else:  # partial Fisher-Yates: only the cards dealt
        deck = list(_ALL_CARDS)
        for i in range(need):
            j = i + int(rnd() * (52 - i))
            deck[i], deck[j] = deck[j], deck[i]
    bit = _BIT.__getitem__
    hands = [sum(map(bit, deck[s * hand_size:(s + 1) * hand_size])) for s in range(seats)]
    return hands, (deck[seats * hand_size] if turn_up else None)


def position_of(game) -> dict:
    """The play position of an engine game, as keyword arguments for a play-out.

    ``game``: a :class:`~engine.spades.SpadesGame` or
    :class:`~engine.ohhell.OhHellGame` in the play phase.  Omniscient (every
    seat's cards, through ``game.hand_of``).  Spades:
    ``play_out_spades(**position_of(g), rng=rng)``; Oh Hell:
    ``play_out_oh_hell(**position_of(g), rng=rng)``.  Keys: ``hands``,
    ``leader``, ``current``, ``won``, and ``broken`` (Spades) or ``trump``
    and ``must_trump`` (Oh Hell).  Raises ValueError outside the play phase.
    """
    if getattr(game, "phase", None) is None or game.phase.value != "play":
        raise ValueError("position_of needs a game in the play phase")
    trick = game.current_trick
    pos = dict(hands=[mask_of(game.hand_of(s)) for s in range(game.n_seats)], leader=trick.leader,
               current=[c.index for c in trick.cards], won=list(game.tricks_won))
    if game.GAME == "spades":
        pos["broken"] = game.spades_broken
    else:
        pos["trump"] = None if game.trump is None else int(game.trump)
        pos["must_trump"] = game.rules.must_trump
    return pos


# --------------------------------------------------------------------------- checks
def _check_position(hands: Sequence[int], leader: int, current: Sequence[int], won: Sequence[int] | None,
                    n_ok: tuple[int, ...]) -> None:
    """Validate a play-out position (ValueError with the reason)."""
    n = len(hands)
    if n not in n_ok:
        raise ValueError(f"{n} hands given; this game has {' or '.join(map(str, n_ok))} seats")
    if not (isinstance(leader, int) and 0 <= leader < n):
        raise ValueError(f"leader {leader!r} is not a seat 0..{n - 1}")
    if len(current) >= n:
        raise ValueError(f"current trick has {len(current)} cards; a trick in progress has fewer than {n}")
    if won is not None and len(won) != n:
        raise ValueError(f"won has {len(won)} entries; expected {n}")
    seen = 0
    total = 0
    for h in hands:
        if not isinstance(h, int) or h < 0 or h >> 52:
            raise ValueError(f"hand {h!r} is not a 52-bit card mask")
        seen |= h
        total += h.bit_count()
    for c in current:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise ValueError(f"current card {c!r} is not a card index 0..51")
        if seen >> c & 1:
            raise ValueError(f"card {DECK[c].code} is both on the table and in a hand")
        seen |= 1 << c
        total += 1
    if seen.bit_count() != total:
        raise ValueError("a card is in two hands")
    size = hands[(leader + len(current)) % n].bit_count()  # the seat to play next
    for i in range(n):
        seat = (leader + i) % n
        want = size - 1 if i < len(current) else size
        if hands[seat].bit_count() != want:
            raise ValueError(f"seat {seat} holds {hands[seat].bit_count()} cards; with {len(current)} card(s) on "
                             f"the table led by seat {leader}, it should hold {want}")


# --------------------------------------------------------------------------- policy path
def _play_out_policy(game: str, hands: list[int], leader: int, current: list[int], won: list[int],
                     trump: int | None, lead_restricted: bool, broken: bool, must_trump: bool,
                     rng: random.Random, policy: Policy) -> list[int]:
    """Play to the end asking ``policy``; rules through engine.tricks itself."""
    n = len(hands)
    state = SimState(game, hands, leader, current, won, trump, broken, must_trump, rng)
    while current or hands[leader]:
        seat = (leader + len(current)) % n
        led = current[0] // 13 if current else None
        legal = legal_play_mask(hands[seat], led, trump, lead_restricted, broken, must_trump)
        c = policy(seat, legal, state)
        if type(c) is not int or not 0 <= c < 52 or not legal >> c & 1:
            raise ValueError(f"policy chose {c!r} for seat {seat}, which is not one of its legal cards "
                             f"{[DECK[i].code for i in range(52) if legal >> i & 1]}")
        hands[seat] ^= 1 << c
        if lead_restricted and c // 13 == trump:
            broken = state.broken = True  # SP-15, as TrickState.apply
        current.append(c)
        if len(current) == n:
            w = trick_winner(leader, [DECK[x] for x in current], trump, n)  # SP-16, OH-10
            won[w] += 1
            leader = state.leader = w
            current.clear()
    return won


# --------------------------------------------------------------------------- random Spades
def _spades_random(hands: list[int], leader: int, broken: bool, rnd, current: Sequence[int],
                   won: list[int]) -> list[int]:
    """Random Spades play-out (inlined SP-13/14/15/16); mutates hands and won."""
    TAB = _TAB
    FOLLOW = _FOLLOW[4]
    NON_SPADES = _NON_SPADES
    best = bs = sh = SM = 0
    if current:
        c = current[0]
        sh = c // 13 * 13
        SM = 8191 << sh
        best, bs = c, leader
        for i in range(1, len(current)):
            c = current[i]
            if (c >= 39 or sh <= c < sh + 13) and c > best:
                best, bs = c, (leader + i) & 3
        rest = FOLLOW[leader][len(current) - 1:]
    else:
        rest = None
    while True:
        if rest is None:  # lead (SP-12, SP-13)
            h = hands[leader]
            if not h:
                return won
            if broken:
                m = h
            else:
                m = h & NON_SPADES
                if not m:  # only spades: leading one breaks them (SP-15)
                    m = h
                    broken = True
            k = int(rnd() * m.bit_count())
            t = TAB[m & 8191]
            if k < len(t):
                sh = 0
            else:
                k -= len(t)
                t = TAB[(m >> 13) & 8191]
                if k < len(t):
                    sh = 13
                else:
                    k -= len(t)
                    t = TAB[(m >> 26) & 8191]
                    if k < len(t):
                        sh = 26
                    else:
                        k -= len(t)
                        t = TAB[m >> 39]
                        sh = 39
            best = sh + t[k]
            hands[leader] = h ^ (1 << best)
            bs = leader
            SM = 8191 << sh
            rest = FOLLOW[leader]
        for seat in rest:
            h = hands[seat]
            f = h & SM
            if f:  # follow suit (SP-14); a higher card of the suit led, or spade over spade, wins
                t = TAB[f >> sh]
                c = sh + t[int(rnd() * len(t))]
                if c > best:  # best is of the suit led or a spade (higher index than any other suit)
                    best = c
                    bs = seat
            else:  # void: any card (SP-14)
                k = int(rnd() * h.bit_count())
                t = TAB[h & 8191]
                if k < len(t):
                    c = t[k]
                else:
                    k -= len(t)
                    t = TAB[(h >> 13) & 8191]
                    if k < len(t):
                        c = 13 + t[k]
                    else:
                        k -= len(t)
                        t = TAB[(h >> 26) & 8191]
                        if k < len(t):
                            c = 26 + t[k]
                        else:
                            c = 39 + TAB[h >> 39][k - len(t)]
                            broken = True  # SP-15
                            if c > best:  # highest spade wins (SP-16)
                                best = c
                                bs = seat
            hands[seat] = h ^ (1 << c)
        won[bs] += 1
        leader = bs
        rest = None


def play_out_spades(hands: Sequence[int], leader: int, broken: bool, rng: random.Random,
                    current: Sequence[int] = (), won: Sequence[int] | None = None,
                    policy: Policy | None = None) -> list[int]:
    """Play a Spades hand to its end from any position; return tricks won per seat.

    ``hands``: 4 bitmasks (cards still held); ``leader``: the seat that led
    the trick in progress, or leads the next one if ``current`` is empty;
    ``broken``: spades broken (SP-15); ``current``: card indices already on
    the table in this trick, in play order; ``won``: tricks won per seat so
    far (default zeros; not modified).  Without ``policy`` every seat plays a
    uniformly random legal card (:func:`pick_card`); with one, each play is
    ``policy(seat, legal_mask, state)`` (a :class:`SimState`).  Rules: SP-12
    … SP-16.  Returns a new list of 4 ints.  Raises ValueError for an
    inconsistent position or a policy's illegal choice.
    """
    _check_position(hands, leader, current, won, (4,))
    hands = list(hands)
    won = [0, 0, 0, 0] if won is None else list(won)
    broken = bool(broken) or any(c >= 39 for c in current)
    if policy is not None:
        return _play_out_policy("spades", hands, leader, list(current), won, 3, True, broken, False, rng, policy)
    return _spades_random(hands, leader, broken, rng.random, current, won)


# --------------------------------------------------------------------------- random Oh Hell
def _oh_hell_random(hands: list[int], leader: int, trump: int | None, must_trump: bool, rnd,
                    current: Sequence[int], won: list[int]) -> list[int]:
    """Random Oh Hell play-out (inlined OH-9, OH-10, OH-V6); mutates hands and won."""
    TAB = _TAB
    FOLLOW = _FOLLOW[len(hands)]
    if trump is None:
        tlo = thi = 99  # no card is a trump
        TM = 0
        must_trump = False
    else:
        tlo = trump * 13
        thi = tlo + 13
        TM = 8191 << tlo
    best = bs = sh = SM = 0
    ruffed = False  # a trump of another suit than the one led is winning
    if current:
        c = current[0]
        sh = c // 13 * 13
        SM = 8191 << sh
        best, bs = c, leader
        for i in range(1, len(current)):
            c = current[i]
            if sh <= c < sh + 13:
                if c > best and not ruffed:
                    best, bs = c, (leader + i) % len(hands)
            elif tlo <= c < thi and (not ruffed or c > best):
                best, bs, ruffed = c, (leader + i) % len(hands), True
        rest = FOLLOW[leader][len(current) - 1:]
    else:
        rest = None
    while True:
        if rest is None:  # lead: any card (OH-9)
            h = hands[leader]
            if not h:
                return won
            k = int(rnd() * h.bit_count())
            t = TAB[h & 8191]
            if k < len(t):
                sh = 0
            else:
                k -= len(t)
                t = TAB[(h >> 13) & 8191]
                if k < len(t):
                    sh = 13
                else:
                    k -= len(t)
                    t = TAB[(h >> 26) & 8191]
                    if k < len(t):
                        sh = 26
                    else:
                        k -= len(t)
                        t = TAB[h >> 39]
                        sh = 39
            best = sh + t[k]
            hands[leader] = h ^ (1 << best)
            bs = leader
            SM = 8191 << sh
            ruffed = False
            rest = FOLLOW[leader]
        for seat in rest:
            h = hands[seat]
            f = h & SM
            if f:  # follow suit (OH-9)
                t = TAB[f >> sh]
                c = sh + t[int(rnd() * len(t))]
                if c > best and not ruffed:
                    best = c
                    bs = seat
            elif must_trump and h & TM:  # OH-V6: void, holds trumps: must trump
                t = TAB[(h >> tlo) & 8191]
                c = tlo + t[int(rnd() * len(t))]
                if not ruffed or c > best:
                    best = c
                    bs = seat
                    ruffed = True
            else:  # void: any card (OH-9)
                k = int(rnd() * h.bit_count())
                t = TAB[h & 8191]
                if k < len(t):
                    c = t[k]
                else:
                    k -= len(t)
                    t = TAB[(h >> 13) & 8191]
                    if k < len(t):
                        c = 13 + t[k]
                    else:
                        k -= len(t)
                        t = TAB[(h >> 26) & 8191]
                        if k < len(t):
                            c = 26 + t[k]
                        else:
                            c = 39 + TAB[h >> 39][k - len(t)]
                if tlo <= c < thi and (not ruffed or c > best):  # highest trump wins (OH-10)
                    best = c
                    bs = seat
                    ruffed = True
            hands[seat] = h ^ (1 << c)
        won[bs] += 1
        leader = bs
        rest = None


def play_out_oh_hell(hands: Sequence[int], leader: int, trump: int | None, must_trump: bool,
                     rng: random.Random, current: Sequence[int] = (), won: Sequence[int] | None = None,
                     policy: Policy | None = None) -> list[int]:
    """Play an Oh Hell hand to its end from any position; return tricks won per seat.

    ``hands``: 3..7 bitmasks (OH-1); ``leader``: the seat that led the trick
    in progress (or leads next if ``current`` is empty); ``trump``: suit
    0..3 or None (no-trump hand, OH-7); ``must_trump``: OH-V6; ``current``,
    ``won``, ``policy``: as in :func:`play_out_spades`.  Rules: OH-9,
    OH-10, OH-V6.  Returns a new list of n ints.  Raises ValueError for an
    inconsistent position or a policy's illegal choice.
    """
    _check_position(hands, leader, current, won, tuple(range(3, 8)))
    if trump is not None and trump not in (0, 1, 2, 3):
        raise ValueError(f"trump {trump!r} is not a suit 0..3 or None")
    hands = list(hands)
    won = [0] * len(hands) if won is None else list(won)
    must_trump = bool(must_trump)
    if policy is not None:
        return _play_out_policy("oh_hell", hands, leader, list(current), won, trump, False, False,
                                must_trump, rng, policy)
    return _oh_hell_random(hands, leader, trump, must_trump, rng.random, current, won)


# --------------------------------------------------------------------------- scoring
def spades_side_points(bid_a: int, bid_b: int, won_a: int, won_b: int, bags_before: int = 0,
                       rules: SpadesRules | None = None) -> tuple[int, int]:
    """One partnership's hand score: the engine's own Spades scorer
    :func:`engine.spades_rules.side_points` (SP-7 … SP-11, SP-17 … SP-20,
    house rules SP-H1/H4/H5/H7 of ``rules``, default RULES.md's), without
    score lines.

    Bids: tricks 1..13, 0 for Nil, :data:`BLIND_NIL` (−1) for Blind Nil; the
    two partners' bids and tricks won, in seat order; ``bags_before``: the
    side's bag counter.  Returns ``(hand_points, bags_after)``.
    """
    return side_points(bid_a, bid_b, won_a, won_b, bags_before, rules or _DEFAULT_SPADES)


def oh_hell_seat_points(bid: int, won: int, hand_size: int, tricks_always_count: bool = False,
                        nil_pays_hand_size: bool = False) -> int:
    """One seat's hand score, as :func:`engine.ohhell.score_oh_hell_seat`
    (OH-11, OH-V7, OH-V8) but without the score line.  Points (int)."""
    if won == bid:
        return 5 + hand_size if (bid == 0 and nil_pays_hand_size) else 10 + won
    return won if tricks_always_count else 0


# --------------------------------------------------------------------------- whole random hands
def random_spades_hand(rng: random.Random, dealer: int = 0,
                       rules: SpadesRules | None = None) -> tuple[list[int], list[int], list[int]]:
    """One random Spades hand: deal (SP-4), four random bids, 52 random
    legal plays led by the seat left of ``dealer`` (SP-12 … SP-16), scored
    by the engine's scorer under ``rules`` (SP-17 … SP-20 and the house
    rules SP-H1, H4, H5, H7; no bags carried in).

    Each bid is Nil (0) or 1..4 tricks, the five equally likely; under
    SP-H6 (``rules.min_contract``) the second partner's number is raised to
    the minimum.  Returns
    ``(bids, tricks_won, hand_points)``: bids and tricks per seat (4 ints
    each), points per partnership ``[North–South, East–West]``.
    """
    hands, _ = deal_masks(rng, 4, 13)
    rnd = rng.random
    bids = [0, 0, 0, 0]
    for i in range(1, 5):  # bidding starts left of the dealer (SP-5)
        bids[(dealer + i) & 3] = int(rnd() * 5)
    rules = rules or _DEFAULT_SPADES
    if rules.min_contract:  # SP-H6: the second partner of each side bids at least the rest
        for i in (3, 4):
            s = (dealer + i) & 3
            if bids[s]:
                bids[s] = max(bids[s], rules.min_contract - bids[s ^ 2])
    won = _spades_random(hands, (dealer + 1) & 3, False, rnd, (), [0, 0, 0, 0])
    # the engine's scorer, once per hand
    return bids, won, [side_points(bids[0], bids[2], won[0], won[2], 0, rules)[0],
                       side_points(bids[1], bids[3], won[1], won[3], 0, rules)[0]]


def random_oh_hell_hand(rng: random.Random, players: int, hand_size: int, *, turn_up: bool | None = None,
                        dealer: int = 0, must_trump: bool = False, hook: bool = False,
                        tricks_always_count: bool = False, nil_pays_hand_size: bool = False,
                        ) -> tuple[list[int], list[int], list[int], int | None]:
    """One random Oh Hell hand: deal ``hand_size`` cards to ``players``
    seats (OH-1, OH-6), turn up a trump card (OH-7; ``turn_up`` None: when a
    card is left), random bids 0..hand_size in order from left of ``dealer``
    (OH-8; with ``hook``, the dealer never makes the total equal the tricks,
    OH-V4), random legal play (OH-9, OH-10, ``must_trump`` OH-V6) and scoring
    (OH-11, OH-V7, OH-V8).

    Returns ``(bids, tricks_won, points, turn_up_index)``: per seat lists,
    and the turned-up card index or None.
    """
    if not 3 <= players <= 7:
        raise ValueError(f"Oh Hell is for 3 to 7 players, not {players!r} (OH-1)")
    if not 1 <= hand_size <= 52 // players:
        raise ValueError(f"hand size {hand_size!r} is not 1..{52 // players} for {players} players")
    if turn_up is None:
        turn_up = players * hand_size < 52
    hands, up = deal_masks(rng, players, hand_size, turn_up)
    rnd = rng.random
    bids = [0] * players
    total = 0
    for i in range(1, players):
        v = int(rnd() * (hand_size + 1))
        bids[(dealer + i) % players] = v
        total += v
    forbidden = hand_size - total
    if hook and 0 <= forbidden <= hand_size:  # OH-V4: the dealer may not bid it
        v = int(rnd() * hand_size)
        if v >= forbidden:
            v += 1
    else:
        v = int(rnd() * (hand_size + 1))
    bids[dealer % players] = v
    trump = None if up is None else up // 13
    won = _oh_hell_random(hands, (dealer + 1) % players, trump, must_trump, rnd, (), [0] * players)
    points = [0] * players
    for s in range(players):
        b, w = bids[s], won[s]
        if w == b:
            points[s] = 5 + hand_size if (b == 0 and nil_pays_hand_size) else 10 + w
        elif tricks_always_count:
            points[s] = w
    return bids, won, points, up


def random_oh_hell_game(rng: random.Random, rules: OhHellRules | None = None, dealer: int = 0) -> list[int]:
    """A whole random Oh Hell game under ``rules`` (default 4 players, hands
    1..13, OH-5/OH-6): every hand of ``rules.sizes`` dealt by the next
    dealer (OH-4), trump turned up as ``rules.has_trump`` says (OH-7), with
    the rules' options.  Returns the final score per seat (OH-12: highest
    wins).  Tricks played: ``sum(rules.sizes)``.
    """
    rules = rules or OhHellRules()
    n = rules.players
    scores = [0] * n
    d = dealer % n
    for i, size in enumerate(rules.sizes):
        _, _, pts, _ = random_oh_hell_hand(
            rng, n, size, turn_up=rules.has_trump(i), dealer=d, must_trump=rules.must_trump, hook=rules.hook,
            tricks_always_count=rules.tricks_always_count, nil_pays_hand_size=rules.nil_pays_hand_size)
        for s in range(n):
            scores[s] += pts[s]
        d = (d + 1) % n
    return scores
