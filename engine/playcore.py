"""The one trick-play core: bitmask hands, the trick, legal cards, the winner.

Every part of the engine that plays cards uses this module: the explaining
path (:class:`engine.tricks.TrickState`, which wraps a :class:`PlayCore` and
adds the Verdicts and rule ids), the fast simulation (:mod:`engine.sim`), the
double-dummy solver and the computer players' sampled play-outs
(:mod:`engine.bots.sampling`).  So the explaining path and the fast path
cannot disagree: there is one of them.

Cards are indices 0..51 (``suit * 13 + rank - 2``; suits clubs, diamonds,
hearts, spades = 0..3, as in :mod:`engine.cards`) and hands are ``int``
bitmasks of them.  The rules, for any number of seats from 2 to 7:

* who may play what (:func:`legal_play_mask`): trumps may not be led until
  broken unless the hand holds only trumps (``lead_restricted``, Spades
  SP-13), follow suit (SP-14, OH-9), a void player must trump if able
  (``must_trump``, OH-V6);
* breaking (SP-15): a trump played breaks trumps;
* who wins (:func:`beats`, :func:`winning_position`): the highest trump if
  any trump was played, else the highest card of the suit led (SP-16,
  OH-10); a hand without trump (``trump`` None, OH-7) has no trumps;
* the winner of a trick leads the next (SP-12, OH-10).

:func:`random_play_out` is the uniformly random play-out of a
:class:`PlayCore` (one ``rnd()`` draw per card, the ``int(u * n)``-th lowest
of the ``n`` legal cards, as :func:`pick_card`); it is written for speed
with this module's tables and is proved step by step equal to
:meth:`PlayCore.legal` / :meth:`PlayCore.play` in ``tests/test_playcore.py``.
:func:`random_spades_play_out` is the same play-out specialised to
four-seat Spades (the simulation's :func:`engine.sim.random_spades_hand`):
hands as 13-bit suit masks, followers unrolled, and no draw for a forced
play (one legal card), as :func:`pick_unforced`; it is proved step by step
equal to the same :class:`PlayCore` driven by :func:`pick_unforced`.
"""
from __future__ import annotations

import random
from math import floor
from typing import Any, Callable, Sequence

from .errors import InvalidInputError
from .message import msg

#: A ``random.Random().random``-like function: each call a float in [0, 1).
Rnd = Callable[[], float]

__all__ = ["PlayCore", "legal_play_mask", "beats", "beating_mask", "winning_position", "nth_card", "pick_card",
           "pick_unforced", "random_play_out", "random_play_out_masks", "random_spades_play_out", "random_spades_loop",
           "suit_masks", "SUIT_MASK", "BIT", "FULL_MASK"]

#: bit of each card index
BIT: tuple[int, ...] = tuple(1 << i for i in range(52))
#: mask of each suit 0..3
SUIT_MASK: tuple[int, ...] = tuple(8191 << (13 * s) for s in range(4))
FULL_MASK = (1 << 52) - 1
_NOT_SUIT = tuple(FULL_MASK ^ m for m in SUIT_MASK)
#: For each 13-bit mask ``m`` (index): a tuple of the items whose bits are set in ``m``, in order.
Table = tuple[tuple[int, ...], ...]


def subsets_table(items: Sequence[int]) -> Table:
    """For every ``m`` in ``range(2 ** len(items))`` (the index), the tuple of
    ``items[i]`` for each bit ``i`` set in ``m``, lowest bit first:
    ``subsets_table((7, 8))[3] == (7, 8)``.  Built by doubling (each new item
    appended to every tuple so far), one tuple per entry."""
    out: list[tuple[int, ...]] = [()]
    for x in items:
        out += [t + (x,) for t in out]
    return tuple(out)


# The play-outs' lookup tables, built on first use (not at import: 4 x 8,192 and 8,192 tuples took
# 50-150 ms of every kernel start the old way, about 15 ms now, more under Pyodide; a kernel that
# never plays a card out need not pay).  _TAB[s][m] for a 13-bit suit mask m: the card indices of
# suit s it holds, lowest first (see _card_tables).
_TAB: tuple[Table, ...] | None = None


def _card_tables() -> tuple[Table, ...]:
    """``_TAB``, built now if it is not yet (a race builds it twice: the same tables)."""
    global _TAB
    if _TAB is None:
        _TAB = tuple(subsets_table(range(13 * s, 13 * s + 13)) for s in range(4))
    return _TAB
# _FOLLOW[n][leader]: the seats that play after ``leader`` in a trick of n seats.
_FOLLOW = {n: tuple(tuple((ld + i) % n for i in range(1, n)) for ld in range(n)) for n in range(1, 8)}


def legal_play_mask(hand: int, led_suit: int | None, trump: int | None,
                    lead_restricted: bool, broken: bool, must_trump: bool) -> int:
    """The bitmask of cards in ``hand`` that may be played (SP-13, SP-14,
    OH-9, OH-V6).

    ``led_suit``: suit 0..3 of the card led to the trick, None when leading;
    ``trump``: suit 0..3 or None; ``lead_restricted``: trumps may not be led
    until ``broken`` unless the hand holds only trumps; ``must_trump``: a
    void player must trump if able.  Returns a subset of ``hand``, never
    empty when ``hand`` is not.
    """
    if led_suit is None:
        if lead_restricted and not broken and trump is not None:
            others = hand & _NOT_SUIT[trump]
            if others:
                return others
        return hand
    follow = hand & SUIT_MASK[led_suit]
    if follow:
        return follow
    if must_trump and trump is not None:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            return trumps
    return hand


def beats(card: int, best: int, trump: int | None) -> bool:
    """Whether ``card``, played to a trick that ``best`` is winning, takes it
    over (SP-16, OH-10): a higher card of the same suit, or a trump on a
    card that is not a trump.  (``best`` is always of the suit led or a
    trump, so a card of a third suit never wins.)"""
    cs = card // 13
    if cs == best // 13:
        return card > best
    return cs == trump


def beating_mask(mask: int, best: int, trump: int | None) -> int:
    """The cards of ``mask`` that would take the trick from ``best`` (the
    card winning it): exactly those ``c`` with ``beats(c, best, trump)`` —
    the higher cards of ``best``'s suit and, unless ``best`` is a trump,
    every trump (SP-16, OH-10)."""
    s = best // 13
    above = SUIT_MASK[s] & ~((2 << best) - 1)
    if trump is not None and s != trump:
        above |= SUIT_MASK[trump]
    return mask & above


def winning_position(cards: Sequence[int], trump: int | None) -> int:
    """Index in ``cards`` (card indices in play order) of the card winning
    the trick so far (SP-16, OH-10).  ``cards`` must not be empty."""
    w = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[w], trump):
            w = i
    return w


def nth_card(mask: int, k: int) -> int:
    """The ``k``-th lowest card index (0-based) of ``mask``.  Raises
    ValueError if ``mask`` has ``k`` cards or fewer."""
    if k >= 0:
        tab = _TAB or _card_tables()
        for s in range(4):
            t = tab[s][(mask >> (13 * s)) & 8191]
            if k < len(t):
                return t[k]
            k -= len(t)
    raise InvalidInputError(msg("MASK_NO_CARD", mask=f"{mask:#x}", k=k))


def pick_card(rng: random.Random, mask: int) -> int:
    """A uniformly random card index from the non-empty bitmask ``mask``.

    Draws ``u = rng.random()`` once and returns the ``int(u * n)``-th lowest
    of the ``n`` cards: exactly the choice :func:`random_play_out` makes.
    Raises ValueError for an empty mask or one with cards beyond index 51.
    """
    n = mask.bit_count()
    if not n:
        raise InvalidInputError(msg("MASK_EMPTY"))
    if mask >> 52:
        raise InvalidInputError(msg("MASK_BEYOND_DECK", mask=f"{mask:#x}"))
    return nth_card(mask, int(rng.random() * n))


def pick_unforced(rng: random.Random, mask: int) -> int:
    """:func:`pick_card`, except that a forced play draws nothing: a
    ``mask`` of one card returns that card without calling ``rng``.  The
    choice convention of :func:`random_spades_play_out` (uniform: one
    ``rng.random()`` draw ``u`` per choice among ``n >= 2`` cards, the
    ``int(u * n)``-th lowest).  Raises ValueError as :func:`pick_card`."""
    if mask and not mask & (mask - 1) and not mask >> 52:
        return mask.bit_length() - 1
    return pick_card(rng, mask)


class PlayCore:
    """One hand's play: hands, the trick in progress, tricks won, broken.

    ``hands``: bitmask per seat (2..7 seats); ``leader``: the seat that led
    the trick in progress (or leads next); ``trick``: card indices played to
    it, in play order; ``trump``: suit 0..3 or None; ``lead_restricted``
    (SP-13), ``must_trump`` (OH-V6), ``broken`` (SP-15); ``won``: tricks
    won per seat; ``win_pos``: index in ``trick`` of the card winning it so
    far; ``tricks_left``: tricks still to be completed.

    The caller checks turn and legality (:meth:`legal`); :meth:`play`
    applies a card for the seat to play.
    """

    __slots__ = ("n", "hands", "leader", "trick", "trump", "lead_restricted", "must_trump", "broken",
                 "won", "win_pos", "tricks_left")

    def __init__(self, hands: Sequence[int], leader: int, trump: int | None = None, lead_restricted: bool = False,
                 must_trump: bool = False, broken: bool = False, trick: Sequence[int] = (),
                 won: Sequence[int] | None = None):
        self.n = len(hands)
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.trump = trump
        self.lead_restricted = bool(lead_restricted)
        self.must_trump = bool(must_trump) and trump is not None
        self.broken = bool(broken) or (trump is not None and any(c // 13 == trump for c in self.trick))
        self.won = [0] * self.n if won is None else list(won)
        self.win_pos = winning_position(self.trick, trump) if self.trick else 0
        self.tricks_left = max(h.bit_count() for h in self.hands) if self.hands else 0

    def copy(self) -> "PlayCore":
        """An independent copy (lists of the core copied).  A subclass with
        more state overrides this and copies that too (:meth:`_copy_state`)."""
        c = PlayCore(self.hands, self.leader, self.trump, self.lead_restricted, self.must_trump, self.broken,
                     self.trick, self.won)
        self._copy_state(c)
        return c

    def _copy_state(self, c: "PlayCore") -> None:
        """Set ``c``'s derived fields to this core's, so that a copy is this
        state exactly (whatever the constructor would derive).  Written out
        field by field, not through ``__new__`` and ``__slots__``: the same
        code runs compiled by mypyc (docs/ARCHITECTURE.md, "Compiled engine")."""
        c.broken = self.broken
        c.must_trump = self.must_trump
        c.win_pos = self.win_pos
        c.tricks_left = self.tricks_left

    @property
    def to_play(self) -> int:
        """The seat that plays next."""
        return (self.leader + len(self.trick)) % self.n

    @property
    def led_suit(self) -> int | None:
        """Suit 0..3 of the card led to the trick in progress, or None."""
        return self.trick[0] // 13 if self.trick else None

    @property
    def done(self) -> bool:
        """Every card has been played."""
        return not self.trick and not any(self.hands)

    @property
    def winner_so_far(self) -> int | None:
        """The seat winning the trick in progress, or None before the lead."""
        return (self.leader + self.win_pos) % self.n if self.trick else None

    def legal(self, seat: int | None = None) -> int:
        """Bitmask of the cards ``seat`` (default: the seat to play) may play
        now; 0 if it is not that seat's turn (SP-13, SP-14, OH-9, OH-V6)."""
        to_play = (self.leader + len(self.trick)) % self.n
        if seat is not None and seat != to_play:
            return 0
        tr = self.trick
        return legal_play_mask(self.hands[to_play], tr[0] // 13 if tr else None, self.trump,
                               self.lead_restricted, self.broken, self.must_trump)

    def play(self, card: int) -> int | None:
        """The seat to play plays ``card`` (assumed legal).  Returns the
        winning seat when the card completes the trick (that seat leads
        next, its ``won`` count goes up), else None."""
        n = self.n
        tr = self.trick
        k = len(tr)
        self.hands[(self.leader + k) % n] &= ~(1 << card)
        suit = card // 13
        if suit == self.trump:
            self.broken = True  # a trump led (only trumps held) or played off-suit (SP-15)
        tr.append(card)
        if k:
            w = tr[self.win_pos]  # as beats(card, w, trump), inlined: SP-16, OH-10
            if (card > w) if suit == w // 13 else suit == self.trump:
                self.win_pos = k
        if k + 1 < n:
            return None
        winner = (self.leader + self.win_pos) % n
        self.won[winner] += 1
        self.leader = winner
        self.trick = []
        self.win_pos = 0
        self.tricks_left -= 1
        return winner

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(leader={self.leader}, trick={self.trick}, won={self.won}, "
                f"trump={self.trump}, broken={self.broken})")


def random_play_out(core: PlayCore, rnd: Rnd) -> list[int]:
    """Play ``core`` (changed in place) to the end of the hand, every seat
    choosing uniformly at random among its legal cards; returns
    ``core.won``.

    ``rnd``: a ``random.Random().random``-like function; each card is the
    ``floor(rnd() * n)``-th lowest of the ``n`` legal cards (one draw per
    card, as :func:`pick_card`).  See :func:`random_play_out_masks`.
    """
    leader, broken = random_play_out_masks(core.hands, core.leader, core.trump, core.lead_restricted,
                                           core.must_trump, core.broken, core.trick, core.won, rnd)
    core.leader = leader
    core.broken = broken
    core.trick = []
    core.win_pos = 0
    core.tricks_left = 0
    return core.won


def random_play_out_masks(hands: list[int], leader: int, trump: int | None, lead_restricted: bool,
                          must_trump: bool, broken: bool, trick: Sequence[int], won: list[int],
                          rnd: Rnd) -> tuple[int, bool]:
    """:func:`random_play_out` on plain values, for the simulation's speed:
    ``hands`` (bitmask per seat, 2..7 seats) and ``won`` (tricks per seat)
    are updated in place; ``trick``: card indices already played to the
    trick in progress led by ``leader`` (not modified).  Returns ``(last
    trick's winner, broken)``.

    A trick in progress is finished card by card with :meth:`PlayCore.legal`
    and :meth:`PlayCore.play`; whole tricks are then played by a loop
    written for speed with this module's tables.  Its legal sets are those
    of :func:`legal_play_mask` and its winners those of :func:`beats`
    (tested step by step against :meth:`PlayCore.legal` and
    :meth:`PlayCore.play` in ``tests/test_playcore.py``).
    """
    n = len(hands)
    if trick:  # finish the trick in progress step by step
        core = PlayCore(hands, leader, trump, lead_restricted, must_trump, broken, trick, won)
        while core.trick:
            legal = core.legal()
            core.play(nth_card(legal, floor(rnd() * legal.bit_count())))
        hands[:] = core.hands
        won[:] = core.won
        leader = core.leader
        broken = core.broken
    left = hands[leader].bit_count()  # cards in every hand
    if not left:
        return leader, broken
    FOLLOW = _FOLLOW[n]
    TAB = _TAB or _card_tables()
    T0, T1, T2, T3 = TAB
    if trump is None:
        tlo = thi = 99  # no card is a trump
        TM = 0
        TT = T0
        must_trump = False
    else:
        tlo = trump * 13
        thi = tlo + 13
        TM = SUIT_MASK[trump]
        TT = TAB[trump]
    NT = FULL_MASK ^ TM
    unbroken = lead_restricted and trump is not None and not broken  # trumps may not be led yet (SP-13)
    # ``best`` is the winning card's power: its index if it is of the suit led,
    # 100 + its index if it is a trump played on another suit (it beats every
    # card of the suit led, and only a higher trump beats it, SP-16, OH-10).
    for left in range(left, 0, -1):
        # the lead (SP-12, SP-13, OH-9)
        h = hands[leader]
        if unbroken:
            m = h & NT
            if not m:  # only trumps: leading one breaks them (SP-15)
                m = h
                unbroken = False
                broken = True
            k = floor(rnd() * m.bit_count())
        else:
            m = h
            k = floor(rnd() * left)
        t = T0[m & 8191]
        if k < len(t):
            T = T0
            sh = 0
        else:
            k -= len(t)
            t = T1[(m >> 13) & 8191]
            if k < len(t):
                T = T1
                sh = 13
            else:
                k -= len(t)
                t = T2[(m >> 26) & 8191]
                if k < len(t):
                    T = T2
                    sh = 26
                else:
                    k -= len(t)
                    t = T3[m >> 39]
                    T = T3
                    sh = 39
        best = t[k]
        hands[leader] = h ^ (1 << best)
        bs = leader
        SM = 8191 << sh
        for seat in FOLLOW[leader]:
            h = hands[seat]
            f = h & SM
            if f:  # follow suit (SP-14, OH-9)
                t = T[f >> sh]
                c = t[floor(rnd() * len(t))]
                if c > best:
                    best = c
                    bs = seat
            else:
                if must_trump and h & TM:  # OH-V6: void and holds trumps: must trump
                    t = TT[(h >> tlo) & 8191]
                    c = t[floor(rnd() * len(t))]
                else:  # void: any card (SP-14, OH-9)
                    k = floor(rnd() * left)
                    t = T0[h & 8191]
                    if k < len(t):
                        c = t[k]
                    else:
                        k -= len(t)
                        t = T1[(h >> 13) & 8191]
                        if k < len(t):
                            c = t[k]
                        else:
                            k -= len(t)
                            t = T2[(h >> 26) & 8191]
                            if k < len(t):
                                c = t[k]
                            else:
                                c = T3[h >> 39][k - len(t)]
                if tlo <= c < thi:  # a trump on another suit: breaks trumps (SP-15), wins unless a higher trump is in
                    broken = True
                    unbroken = False
                    if c + 100 > best:
                        best = c + 100
                        bs = seat
            hands[seat] = h ^ (1 << c)
        won[bs] += 1
        leader = bs
    return leader, broken


# --------------------------------------------------------------------------- four-seat Spades
# _SUITBITS[m] for a 13-bit suit mask m: its single bits (1 << rank - 2), lowest first (built on first use).
_SUITBITS: Table | None = None


def _suit_bits() -> Table:
    """``_SUITBITS``, built now if it is not yet."""
    global _SUITBITS
    if _SUITBITS is None:
        _SUITBITS = subsets_table([1 << i for i in range(13)])
    return _SUITBITS


_NEXT4 = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))


def suit_masks(hand: int) -> list[int]:
    """The 52-bit card mask ``hand`` as 4 13-bit suit masks (clubs,
    diamonds, hearts, spades; bit ``rank - 2``): the hand shape of
    :func:`random_spades_play_out`."""
    return [hand & 8191, hand >> 13 & 8191, hand >> 26 & 8191, hand >> 39 & 8191]


def random_spades_play_out(hands: list[int], leader: int, broken: bool, won: list[int], rnd: Rnd,
                           trick: Sequence[int] = (), log: list[Any] | None = None) -> tuple[int, bool]:
    """Four-seat Spades played to the end of the hand, every seat choosing
    uniformly at random among its legal cards (SP-12 … SP-16: spades trump,
    not led until broken unless the hand holds only spades, SP-13; follow
    suit, SP-14; a spade played breaks them, SP-15; highest spade, else
    highest card of the suit led, wins and leads next, SP-16, SP-12).

    ``hands``: 4 card bitmasks (52-bit, cards still held; emptied in place);
    ``leader``: seat 0..3 that led ``trick`` (card indices already played
    to the trick in progress, in play order; not modified) or leads next;
    ``broken``: spades broken; ``won``: tricks per seat, updated in place;
    ``rnd``: a ``random.Random().random``-like function.  Returns ``(last
    trick's winner, broken)``.  ``log`` (tests): see :func:`random_spades_loop`.

    Draws: :func:`pick_unforced`'s — a forced play (one legal card) draws
    nothing, every other play draws ``u = rnd()`` once and plays the
    ``floor(u * n)``-th lowest of its ``n`` legal cards: as uniform as
    :func:`pick_card` (exactly, up to the ``floor(u * n)`` rounding of a
    53-bit ``u``), but not :func:`random_play_out`'s stream.  A trick in
    progress is finished with :meth:`PlayCore.legal`/:meth:`PlayCore.play`;
    whole tricks are played by :func:`random_spades_loop`.
    """
    if trick:
        core = PlayCore(hands, leader, 3, True, False, broken, trick, won)
        while core.trick:  # as pick_unforced
            m = core.legal()
            core.play(nth_card(m, floor(rnd() * m.bit_count())) if m & (m - 1) else m.bit_length() - 1)
        won[:] = core.won
        leader, broken = core.leader, core.broken
        hands[:] = core.hands
    suits = [suit_masks(h) for h in hands]
    out = random_spades_loop(suits, leader, broken, won, rnd, log)
    hands[:] = [0, 0, 0, 0]
    return out


def random_spades_loop(H: list[list[int]], leader: int, broken: bool, won: list[int], rnd: Rnd,
                       log: list[Any] | None = None) -> tuple[int, bool]:
    """The whole tricks of :func:`random_spades_play_out`, written for speed.

    ``H[seat][suit]``: 13-bit suit masks (bit ``rank - 2``) of the 4 seats,
    all holding the same number of cards, at a trick boundary (updated in
    place); ``leader``, ``broken``, ``won``, ``rnd``: as
    :func:`random_spades_play_out`.  A card is a single bit ``c`` of its
    suit mask; the card winning the trick has power ``c`` if of the suit
    led, ``c << 13`` if a spade on another suit (above every card of the
    suit led; SP-16); a discard never wins.  With ``log`` (a list), appends
    ``(seat to lead, broken, copy of H)`` first and after each trick (tests).
    """
    BITS = _SUITBITS or _suit_bits()
    NEXT = _NEXT4
    fl = floor
    hs = H[leader]
    left = len(BITS[hs[0]]) + len(BITS[hs[1]]) + len(BITS[hs[2]]) + len(BITS[hs[3]])
    if log is not None:
        log.append((leader, broken, [list(h) for h in H]))
    while left:
        # the lead (SP-12, SP-13): any card once broken, else a non-spade if the hand holds one
        hs = H[leader]
        if broken:
            n = left
        else:
            n = left - len(BITS[hs[3]])
            if not n:  # only spades: leading one breaks them (SP-13, SP-15)
                n = left
                broken = True
        k = fl(rnd() * n) if n > 1 else 0
        if k < len(t := BITS[(x := hs[0])]):
            ls = 0
        elif (k := k - len(t)) < len(t := BITS[(x := hs[1])]):
            ls = 1
        elif (k := k - len(t)) < len(t := BITS[(x := hs[2])]):
            ls = 2
        else:
            k -= len(t)
            t = BITS[(x := hs[3])]
            ls = 3
        best = t[k]
        hs[ls] = x ^ best
        w = leader
        s1, s2, s3 = NEXT[leader]
        # the three followers, unrolled (the same code for s1, s2, s3)
        hs = H[s1]
        if f := hs[ls]:  # follow suit (SP-14); one card of the suit: forced, no draw
            t = BITS[f]
            if (n := len(t)) > 1:
                c = t[fl(rnd() * n)]
                hs[ls] = f ^ c
            else:
                c = f
                hs[ls] = 0
            if c > best:
                best = c
                w = s1
        else:  # void: any card (SP-14)
            k = fl(rnd() * left) if left > 1 else 0
            if k < len(t := BITS[(x := hs[0])]):
                hs[0] = x ^ t[k]
            elif (k := k - len(t)) < len(t := BITS[(x := hs[1])]):
                hs[1] = x ^ t[k]
            elif (k := k - len(t)) < len(t := BITS[(x := hs[2])]):
                hs[2] = x ^ t[k]
            else:  # a spade on another suit: breaks (SP-15), wins unless a higher one is in (SP-16)
                c = BITS[(x := hs[3])][k - len(t)]
                hs[3] = x ^ c
                broken = True
                if (c := c << 13) > best:
                    best = c
                    w = s1
        hs = H[s2]
        if f := hs[ls]:  # follow suit (SP-14); one card of the suit: forced, no draw
            t = BITS[f]
            if (n := len(t)) > 1:
                c = t[fl(rnd() * n)]
                hs[ls] = f ^ c
            else:
                c = f
                hs[ls] = 0
            if c > best:
                best = c
                w = s2
        else:  # void: any card (SP-14)
            k = fl(rnd() * left) if left > 1 else 0
            if k < len(t := BITS[(x := hs[0])]):
                hs[0] = x ^ t[k]
            elif (k := k - len(t)) < len(t := BITS[(x := hs[1])]):
                hs[1] = x ^ t[k]
            elif (k := k - len(t)) < len(t := BITS[(x := hs[2])]):
                hs[2] = x ^ t[k]
            else:  # a spade on another suit: breaks (SP-15), wins unless a higher one is in (SP-16)
                c = BITS[(x := hs[3])][k - len(t)]
                hs[3] = x ^ c
                broken = True
                if (c := c << 13) > best:
                    best = c
                    w = s2
        hs = H[s3]
        if f := hs[ls]:  # follow suit (SP-14); one card of the suit: forced, no draw
            t = BITS[f]
            if (n := len(t)) > 1:
                c = t[fl(rnd() * n)]
                hs[ls] = f ^ c
            else:
                c = f
                hs[ls] = 0
            if c > best:
                best = c
                w = s3
        else:  # void: any card (SP-14)
            k = fl(rnd() * left) if left > 1 else 0
            if k < len(t := BITS[(x := hs[0])]):
                hs[0] = x ^ t[k]
            elif (k := k - len(t)) < len(t := BITS[(x := hs[1])]):
                hs[1] = x ^ t[k]
            elif (k := k - len(t)) < len(t := BITS[(x := hs[2])]):
                hs[2] = x ^ t[k]
            else:  # a spade on another suit: breaks (SP-15), wins unless a higher one is in (SP-16)
                c = BITS[(x := hs[3])][k - len(t)]
                hs[3] = x ^ c
                broken = True
                if (c := c << 13) > best:
                    best = c
                    w = s3
        won[w] += 1
        leader = w
        left -= 1
        if log is not None:
            log.append((w, broken, [list(h) for h in H]))
    return leader, broken
