"""Fast simulation: random (or policy-driven) play-outs of Spades and Oh Hell.

This is the engine's fastest public path, for computer players' play-outs and
for the speed benchmarks.  It explains nothing and builds no :class:`Verdict`,
:class:`~engine.cards.Card` or action objects: hands are ``int`` bitmasks and
cards are indices 0..51 (``suit * 13 + rank - 2``, suits clubs, diamonds,
hearts, spades = 0..3, as in :mod:`engine.cards`).

The rules are the engine's own, because the play is the engine's one play
core, :mod:`engine.playcore` (the same that :class:`~engine.tricks.TrickState`
explains):

* A play-out with a ``policy`` runs a :class:`~engine.playcore.PlayCore`
  (:class:`SimState`): legal cards from :meth:`~engine.playcore.PlayCore.legal`
  (lead restriction SP-13, follow suit SP-14 / OH-9, must-trump OH-V6),
  breaking (SP-15) and winners (SP-16, OH-10) from
  :meth:`~engine.playcore.PlayCore.play`.  The random play-out (no policy)
  is the core's :func:`~engine.playcore.random_play_out_masks`;
  ``tests/test_playcore.py`` and ``tests/test_sim.py`` prove, step by step
  and over thousands of positions taken from real
  :class:`~engine.games.spades.SpadesGame` and :class:`~engine.games.oh_hell.OhHellGame`
  hands, that both give the same legal sets, winners and plays as the engine.
* Scoring: the engine's scorers with the rules passed in, once per hand:
  :func:`engine.games.spades.side_points` (Spades, with the house rules of a
  :class:`~engine.games.spades.SpadesRules`) and
  :func:`engine.games.oh_hell.seat_points` (Oh Hell, with OH-V7/OH-V8 of an
  :class:`~engine.games.oh_hell.OhHellRules`).

Randomness comes only from the ``random.Random`` passed in.  Every random
card choice is :func:`pick_card`: one ``rng.random()`` draw ``u`` per card,
and the card is the ``int(u * n)``-th (0-based, lowest index first) of the
``n`` legal cards, so a play-out is reproducible from the generator's state;
:func:`random_spades_hand` alone skips the draw of a forced play (one legal
card: :func:`~engine.playcore.pick_unforced`), equally uniform.
Dealing (:func:`deal_masks`, and :func:`deal_four_hands` for Spades) gives
uniformly random hands; it does not follow the deal numbers of :mod:`engine.deal`
(which fix a teaching deal).
"""
from __future__ import annotations

import random
from math import floor
from typing import Any, Callable, Sequence

from .cards import DECK
from .games.oh_hell import OhHellRules, seat_points
from .playcore import BIT, FULL_MASK, PlayCore, pick_card, random_play_out_masks, random_spades_loop, suit_masks
from .games.spades import BLIND_NIL, SpadesRules, side_points

__all__ = [
    "BLIND_NIL", "SimState", "Policy", "pick_card", "deal_masks", "deal_four_hands", "position_of",
    "play_out_spades", "play_out_oh_hell",
    "spades_side_points", "oh_hell_seat_points",
    "random_spades_hand", "random_oh_hell_hand", "random_oh_hell_game",
]

_DEFAULT_SPADES = SpadesRules()
# side_points(bid_a, bid_b, won_a, won_b, 0, _DEFAULT_SPADES)[0] by (bid_a, bid_b, won_a, won_b): at most 5 * 5 * 14 * 14
_DEFAULT_POINTS: dict[tuple[int, int, int, int], int] = {}
_ALL_CARDS = tuple(range(52))
_DEFAULT_OH_HELL = OhHellRules()
_ALL_BITS = BIT
_DRAWS = (tuple(range(52, 39, -1)), tuple(range(39, 26, -1)), tuple(range(26, 13, -1)))


class SimState(PlayCore):
    """What a policy may look at during a play-out: the play core's state
    (live, updated in place) and the play-out's ``rng``.

    ``n``: seats; ``hands``: bitmask per seat (omniscient: a policy that
    must not peek should use only its own seat's entry); ``leader``: seat
    that led the current trick; ``current`` (also ``trick``): card indices
    on the table in play order; ``won``: tricks won per seat so far
    (including ``won`` given to the play-out); ``trump``: suit 0..3 or
    None; ``broken``: trumps broken (SP-15); ``lead_restricted`` (SP-13),
    ``must_trump`` (OH-V6); ``rng``: the play-out's ``random.Random``.
    """

    __slots__ = ("rng",)
    rng: random.Random

    @property
    def current(self) -> list[int]:
        return self.trick

    def copy(self) -> "SimState":
        """An independent copy (its lists copied; the same ``rng``)."""
        c = SimState(self.hands, self.leader, self.trump, self.lead_restricted, self.must_trump, self.broken,
                     self.trick, self.won)
        self._copy_state(c)
        c.rng = self.rng
        return c


#: ``policy(seat, legal_mask, state) -> card index``; must return a card in ``legal_mask``.
Policy = Callable[[int, int, SimState], int]


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
            j = i + floor(rnd() * (52 - i))
            deck[i], deck[j] = deck[j], deck[i]
    bit = _ALL_BITS.__getitem__
    hands = [sum(map(bit, deck[s * hand_size:(s + 1) * hand_size])) for s in range(seats)]
    return hands, (deck[seats * hand_size] if turn_up else None)


def deal_four_hands(rng: random.Random) -> list[int]:
    """Four random 13-card hands (SP-4), uniformly: the fast deal of
    :func:`random_spades_hand`.  Each card of the first three hands is
    drawn from the cards left (the ``int(u * left)``-th, in deck order with
    unordered removal; one ``rng.random()`` draw per card); the fourth hand
    is the rest.  Returns 4 bitmasks."""
    rnd = rng.random
    deck = list(_ALL_BITS)
    take = deck.pop
    a = b = c = 0
    m0, m1, m2 = _DRAWS
    for m in m0:
        a |= take(floor(rnd() * m))
    for m in m1:
        b |= take(floor(rnd() * m))
    for m in m2:
        c |= take(floor(rnd() * m))
    return [a, b, c, FULL_MASK ^ a ^ b ^ c]


def position_of(game: Any) -> dict[str, Any]:
    """The play position of an engine game, as keyword arguments for a play-out.

    ``game``: a :class:`~engine.games.spades.SpadesGame` or
    :class:`~engine.games.oh_hell.OhHellGame` in the play phase.  Omniscient (every
    seat's cards, from the game's play core, ``game.play_core``).  Spades
    (a lead-restricted game):
    ``play_out_spades(**position_of(g), rng=rng)``; Oh Hell:
    ``play_out_oh_hell(**position_of(g), rng=rng)``.  Keys: ``hands``,
    ``leader``, ``current``, ``won``, and ``broken`` (Spades) or ``trump``
    and ``must_trump`` (Oh Hell).  Raises ValueError outside the play phase.
    """
    if getattr(game, "phase", None) is None or game.phase.value != "play":
        raise ValueError("position_of needs a game in the play phase")
    core = game.play_core
    pos = dict(hands=list(core.hands), leader=core.leader, current=list(core.trick), won=list(core.won))
    if core.lead_restricted:  # Spades' play-out: trump spades, lead restricted (SP-13)
        pos["broken"] = core.broken
    else:
        pos["trump"] = core.trump
        pos["must_trump"] = core.must_trump
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


# --------------------------------------------------------------------------- play-outs
def _play_out(hands: list[int], leader: int, current: list[int], won: list[int], trump: int | None,
              lead_restricted: bool, broken: bool, must_trump: bool, rng: random.Random,
              policy: Policy | None) -> list[int]:
    """Play to the end with the play core: its random play-out, or asking ``policy``."""
    if policy is None:
        random_play_out_masks(hands, leader, trump, lead_restricted, must_trump, broken, current, won, rng.random)
        return won
    state = SimState(hands, leader, trump, lead_restricted, must_trump, broken, current, won)
    state.rng = rng
    while state.trick or state.hands[state.leader]:
        seat = state.to_play
        legal = state.legal()
        c = policy(seat, legal, state)
        if type(c) is not int or not 0 <= c < 52 or not legal >> c & 1:
            raise ValueError(f"policy chose {c!r} for seat {seat}, which is not one of its legal cards "
                             f"{[DECK[i].code for i in range(52) if legal >> i & 1]}")
        state.play(c)
    return state.won


def play_out_spades(hands: Sequence[int], leader: int, broken: bool, rng: random.Random,
                    current: Sequence[int] = (), won: Sequence[int] | None = None,
                    policy: Policy | None = None) -> list[int]:
    """Play a Spades hand to its end from any position; return tricks won per seat.

    ``hands``: 4 bitmasks (2 for two-player Spades, SP-2P) (cards still held); ``leader``: the seat that led
    the trick in progress, or leads the next one if ``current`` is empty;
    ``broken``: spades broken (SP-15); ``current``: card indices already on
    the table in this trick, in play order; ``won``: tricks won per seat so
    far (default zeros; not modified).  Without ``policy`` every seat plays a
    uniformly random legal card (:func:`pick_card`); with one, each play is
    ``policy(seat, legal_mask, state)`` (a :class:`SimState`).  Rules: SP-12
    … SP-16.  Returns a new list of 4 ints.  Raises ValueError for an
    inconsistent position or a policy's illegal choice.
    """
    _check_position(hands, leader, current, won, (2, 4))
    won = [0] * len(hands) if won is None else list(won)
    broken = bool(broken) or any(c >= 39 for c in current)
    return _play_out(list(hands), leader, list(current), won, 3, True, broken, False, rng, policy)


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
    won = [0] * len(hands) if won is None else list(won)
    return _play_out(list(hands), leader, list(current), won, trump, False, False, bool(must_trump), rng, policy)


# --------------------------------------------------------------------------- scoring
def spades_side_points(bid_a: int, bid_b: int | None, won_a: int, won_b: int, bags_before: int = 0,
                       rules: SpadesRules | None = None) -> tuple[int, int]:
    """One partnership's hand score: the engine's own Spades scorer
    :func:`engine.games.spades.side_points` (SP-7 … SP-11, SP-17 … SP-20,
    house rules SP-H1/H4/H5/H7 of ``rules``, default RULES.md's), without
    score lines.

    Bids: tricks 1..13, 0 for Nil, :data:`BLIND_NIL` (−1) for Blind Nil; the
    two partners' bids and tricks won, in seat order (two-player Spades,
    SP-2P-5: ``bid_b`` None and ``won_b`` 0, one player alone); ``bags_before``: the
    side's bag counter.  Returns ``(hand_points, bags_after)``.
    """
    return side_points(bid_a, bid_b, won_a, won_b, bags_before, rules or _DEFAULT_SPADES)


_OH_HELL_SCORING: dict[tuple[bool, bool], OhHellRules] = {}


def _oh_hell_rules(tricks_always_count: bool, nil_pays_hand_size: bool) -> OhHellRules:
    key = (bool(tricks_always_count), bool(nil_pays_hand_size))
    rules = _OH_HELL_SCORING.get(key)
    if rules is None:
        rules = _OH_HELL_SCORING[key] = OhHellRules(tricks_always_count=key[0], nil_pays_hand_size=key[1])
    return rules


def oh_hell_seat_points(bid: int, won: int, hand_size: int, tricks_always_count: bool = False,
                        nil_pays_hand_size: bool = False, rules: OhHellRules | None = None) -> int:
    """One seat's hand score: the engine's Oh Hell scorer
    :func:`engine.games.oh_hell.seat_points` (OH-11, OH-V7, OH-V8) without the
    score line.  ``rules`` (an :class:`~engine.games.oh_hell.OhHellRules`) gives
    the options; without it, the two flags do.  Points (int)."""
    if rules is None:
        rules = _oh_hell_rules(tricks_always_count, nil_pays_hand_size)
    return seat_points(bid, won, hand_size, rules)[1]


# --------------------------------------------------------------------------- whole random hands
def random_spades_hand(rng: random.Random, dealer: int = 0,
                       rules: SpadesRules | None = None) -> tuple[list[int], list[int], list[int]]:
    """One random Spades hand: deal (SP-4), four random bids, 52 random
    legal plays led by the seat left of ``dealer`` (SP-12 … SP-16, the play
    core's four-seat Spades play-out :func:`~engine.playcore.random_spades_loop`:
    a forced play draws nothing, as :func:`~engine.playcore.pick_unforced`), scored by the engine's scorer under ``rules``
    (SP-17 … SP-20 and the house rules SP-H1, H4, H5, H7; no bags carried
    in).

    Each bid is Nil (0) or 1..4 tricks, the five equally likely; under
    SP-H6 (``rules.min_contract``) the second partner's number is raised to
    the minimum.  Returns
    ``(bids, tricks_won, hand_points)``: bids and tricks per seat (4 ints
    each), points per partnership ``[North–South, East–West]``.
    """
    hands = deal_four_hands(rng)
    rnd = rng.random
    d1 = (dealer + 1) & 3
    d2 = (dealer + 2) & 3
    d3 = (dealer + 3) & 3
    d4 = dealer & 3
    bids = [0, 0, 0, 0]
    bids[d1] = floor(rnd() * 5)  # bidding starts left of the dealer (SP-5)
    bids[d2] = floor(rnd() * 5)
    bids[d3] = floor(rnd() * 5)
    bids[d4] = floor(rnd() * 5)
    if rules is None:
        rules = _DEFAULT_SPADES
    elif rules.min_contract:  # SP-H6: the second partner of each side bids at least the rest
        for s in (d3, d4):
            if bids[s]:
                bids[s] = max(bids[s], rules.min_contract - bids[s ^ 2])
    won = [0, 0, 0, 0]
    random_spades_loop([suit_masks(h) for h in hands], d1, False, won, rnd)
    # the engine's scorer, once per hand (its points remembered for the default rules)
    if rules is _DEFAULT_SPADES:
        ns, ew = (bids[0], bids[2], won[0], won[2]), (bids[1], bids[3], won[1], won[3])
        a = _DEFAULT_POINTS.get(ns)
        if a is None:
            a = _DEFAULT_POINTS[ns] = side_points(*ns, 0, rules)[0]
        b = _DEFAULT_POINTS.get(ew)
        if b is None:
            b = _DEFAULT_POINTS[ew] = side_points(*ew, 0, rules)[0]
        return bids, won, [a, b]
    return bids, won, [side_points(bids[0], bids[2], won[0], won[2], 0, rules)[0],
                       side_points(bids[1], bids[3], won[1], won[3], 0, rules)[0]]


def random_oh_hell_hand(rng: random.Random, players: int, hand_size: int, *, turn_up: bool | None = None,
                        dealer: int = 0, must_trump: bool = False, hook: bool = False,
                        tricks_always_count: bool = False, nil_pays_hand_size: bool = False,
                        rules: OhHellRules | None = None,
                        ) -> tuple[list[int], list[int], list[int], int | None]:
    """One random Oh Hell hand: deal ``hand_size`` cards to ``players``
    seats (OH-1, OH-6), turn up a trump card (OH-7; ``turn_up`` None: when a
    card is left), random bids 0..hand_size in order from left of ``dealer``
    (OH-8; with ``hook``, the dealer never makes the total equal the tricks,
    OH-V4), random legal play (OH-9, OH-10, ``must_trump`` OH-V6) and
    scoring by the engine's scorer :func:`engine.games.oh_hell.seat_points`
    (OH-11, OH-V7, OH-V8).  ``rules`` (an
    :class:`~engine.games.oh_hell.OhHellRules`), when given, supplies
    ``must_trump``, ``hook``, ``tricks_always_count`` and
    ``nil_pays_hand_size`` instead of the keyword flags.

    Returns ``(bids, tricks_won, points, turn_up_index)``: per seat lists,
    and the turned-up card index or None.
    """
    if not 3 <= players <= 7:
        raise ValueError(f"Oh Hell is for 3 to 7 players, not {players!r} (OH-1)")
    if not 1 <= hand_size <= 52 // players:
        raise ValueError(f"hand size {hand_size!r} is not 1..{52 // players} for {players} players")
    if rules is None:
        rules = _oh_hell_rules(tricks_always_count, nil_pays_hand_size)
    else:
        must_trump, hook = rules.must_trump, rules.hook
    if turn_up is None:
        turn_up = players * hand_size < 52
    hands, up = deal_masks(rng, players, hand_size, turn_up)
    rnd = rng.random
    bids = [0] * players
    total = 0
    for i in range(1, players):
        v = floor(rnd() * (hand_size + 1))
        bids[(dealer + i) % players] = v
        total += v
    forbidden = hand_size - total
    if hook and 0 <= forbidden <= hand_size:  # OH-V4: the dealer may not bid it
        v = floor(rnd() * hand_size)
        if v >= forbidden:
            v += 1
    else:
        v = floor(rnd() * (hand_size + 1))
    bids[dealer % players] = v
    trump = None if up is None else up // 13
    won = [0] * players
    random_play_out_masks(hands, (dealer + 1) % players, trump, False, must_trump, False, (), won, rnd)
    points = [seat_points(bids[s], won[s], hand_size, rules)[1] for s in range(players)]
    return bids, won, points, up


def random_oh_hell_game(rng: random.Random, rules: OhHellRules | None = None, dealer: int = 0) -> list[int]:
    """A whole random Oh Hell game under ``rules`` (default 4 players, hands
    1..13, OH-5/OH-6): every hand of ``rules.sizes`` dealt by the next
    dealer (OH-4), trump turned up as ``rules.has_trump`` says (OH-7), with
    the rules' options (OH-V4, OH-V6, OH-V7, OH-V8).  Returns the final
    score per seat (OH-12: highest wins).  Tricks played: ``sum(rules.sizes)``.
    """
    rules = rules or _DEFAULT_OH_HELL
    n = rules.players
    scores = [0] * n
    d = dealer % n
    for i, size in enumerate(rules.sizes):
        _, _, pts, _ = random_oh_hell_hand(rng, n, size, turn_up=rules.has_trump(i), dealer=d, rules=rules)
        for s in range(n):
            scores[s] += pts[s]
        d = (d + 1) % n
    return scores
