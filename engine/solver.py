"""Exact double-dummy solver for Spades and Oh Hell endgames (pure Python).

"Double dummy": every hand is open; every player plays perfectly for their
side.  The play rules are the engine's own: legal cards come from
:func:`engine.tricks.legal_play_mask` (SP-13 no spade lead before spades are
broken unless the leader holds only spades, SP-14 follow suit, OH-9, OH-V6
must-trump), the winner of each trick from the play core's
:func:`engine.playcore.winning_position` (as :func:`engine.tricks.trick_winner`)
(SP-16, OH-10), and a spade played breaks spades (SP-15), exactly as in
:meth:`engine.tricks.TrickState.apply` and :mod:`engine.sim`.

Positions use the representation of :mod:`engine.sim`: hands are ``int``
bitmasks (card index ``suit * 13 + rank - 2``, suits clubs, diamonds,
hearts, spades = 0..3), ``current`` the card indices on the table in play
order, ``leader`` the seat that led them.  :func:`engine.sim.position_of`
gives one from a game.

The search is alpha-beta (min-max) with a transposition table of value
bounds kept at trick boundaries, equivalent cards merged (cards of one suit
in one hand with no other unplayed card between them), and a cheap move
order (win cheaply, else play low).  Public entry points:

* :func:`solve_tricks` -- tricks a set of seats (a Spades side, an Oh Hell
  seat) takes with best play from a position.
* :func:`card_values` -- that number after each legal card of the player to
  play (the DDS "solve board" question, with SP-13 enforced).
* :func:`can_take_exactly` / :func:`exact_bid_cards` -- Oh Hell: can one seat
  take exactly ``k`` more tricks when everyone else plays to stop it.
* :func:`nil_survives` -- Spades Nil: can the Nil bidder (helped by a
  partner) avoid every remaining trick against both opponents (SP-8).

Limits (measured by ``benchmarks/solver.py`` on the project machine): Spades
positions of up to :data:`SPADES_EXACT_TRICKS` tricks left and Oh Hell hands of
up to :data:`OH_HELL_EXACT_CARDS` cards are solved quickly enough for a hand
review; larger positions are refused with :class:`TooLargeError` so that a
caller never waits without knowing (the review then uses DDS or says
"estimated").
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .cards import DECK
from .playcore import winning_position
from .tricks import legal_play_mask

__all__ = ["Position", "TooLargeError", "SPADES_EXACT_TRICKS", "OH_HELL_EXACT_CARDS",
           "spades_position", "oh_hell_position", "solve_tricks", "card_values", "best_cards",
           "can_take_exactly", "exact_bid_cards", "exact_searcher", "nil_survives", "nil_safe_cards", "nil_searcher", "trick_searcher", "nil_tricks", "nil_card_values", "tricks_left", "side_seats"]

#: Largest number of tricks left for which Spades positions are solved exactly by default.
SPADES_EXACT_TRICKS = 6
#: Largest Oh Hell hand (cards per seat) a per-seat review is solved exactly for by default.
OH_HELL_EXACT_CARDS = 7

_SPADES = 3


class TooLargeError(ValueError):
    """The position has more tricks left than the exact solver is allowed
    (the ``limit`` passed, default :data:`SPADES_EXACT_TRICKS`)."""


def _check(hands: Sequence[int], leader: int, current: Sequence[int]) -> None:
    """ValueError unless ``hands`` (2 to 7 disjoint 52-bit masks), ``leader`` and the
    cards on the table ``current`` make a position (each seat holding its due)."""
    n = len(hands)
    if not 2 <= n <= 7:
        raise ValueError(f"{n} hands given; a position has 2 to 7 seats")
    if not (isinstance(leader, int) and 0 <= leader < n):
        raise ValueError(f"leader {leader!r} is not a seat 0..{n - 1}")
    if len(current) >= n:
        raise ValueError(f"{len(current)} cards on the table; a trick in progress has fewer than {n}")
    seen = 0
    for h in list(hands) + [1 << c for c in current]:
        if not isinstance(h, int) or h < 0 or h >> 52 or seen & h:
            raise ValueError("hands and table must be disjoint 52-bit card masks")
        seen |= h
    size = hands[(leader + len(current)) % n].bit_count()
    for i in range(n):
        want = size - 1 if i < len(current) else size
        if hands[(leader + i) % n].bit_count() != want:
            raise ValueError(f"seat {(leader + i) % n} holds {hands[(leader + i) % n].bit_count()} cards; "
                             f"it should hold {want}")


class Position:
    """A play position: ``hands`` (bitmask per seat), ``leader``, ``current``
    (card indices on the table), ``trump`` (suit 0..3 or None),
    ``lead_restricted`` (SP-13 on), ``broken`` (SP-15), ``must_trump``
    (OH-V6).  Immutable by convention; :meth:`play` returns a new one.
    ``check=False`` skips the checks of the hands and the table, for a position
    made from a checked one (:meth:`play`)."""

    __slots__ = ("hands", "leader", "current", "trump", "lead_restricted", "broken", "must_trump")

    def __init__(self, hands: Sequence[int], leader: int, current: Sequence[int] = (), *,
                 trump: int | None, lead_restricted: bool, broken: bool = False, must_trump: bool = False,
                 check: bool = True):
        if check:
            _check(hands, leader, current)
        self.hands = tuple(hands)
        self.leader = leader
        self.current = tuple(current)
        self.trump = trump
        self.lead_restricted = lead_restricted
        self.broken = broken
        self.must_trump = must_trump

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def to_play(self) -> int:
        """The seat that plays next."""
        return (self.leader + len(self.current)) % len(self.hands)

    def legal_mask(self) -> int:
        """Bitmask of the cards the player to play may play (SP-13, SP-14, OH-9, OH-V6)."""
        led = self.current[0] // 13 if self.current else None
        return legal_play_mask(self.hands[self.to_play], led, self.trump, self.lead_restricted,
                               self.broken, self.must_trump)

    def legal_indices(self) -> list[int]:
        """Card indices (0–51) of :meth:`legal_mask`, lowest first."""
        out, m = [], self.legal_mask()
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def play(self, card: int) -> tuple["Position", int | None]:
        """The position after the player to play plays card index ``card``
        (must be legal; ValueError otherwise) and the seat that won the trick
        this card completed (or None)."""
        if not self.legal_mask() >> card & 1:
            raise ValueError(f"{DECK[card].code} is not a legal card for seat {self.to_play} here")
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] ^= 1 << card
        broken = self.broken or (self.lead_restricted and card // 13 == self.trump)
        cur = self.current + (card,)
        winner = None
        leader = self.leader
        if len(cur) == len(hands):
            winner = (leader + winning_position(cur, self.trump)) % len(hands)
            leader, cur = winner, ()
        return Position(hands, leader, cur, trump=self.trump, lead_restricted=self.lead_restricted, broken=broken,
                        must_trump=self.must_trump, check=False), winner


def spades_position(hands: Sequence[int], leader: int, current: Sequence[int] = (), broken: bool = False,
                    won: object = None) -> Position:
    """A Spades position (trump spades, SP-13 on); ``won`` is ignored (it
    lets ``spades_position(**position_of(game))`` work)."""
    return Position(hands, leader, current, trump=_SPADES, lead_restricted=True, broken=broken)


def oh_hell_position(hands: Sequence[int], leader: int, current: Sequence[int] = (), trump: int | None = None,
                     must_trump: bool = False, won: object = None) -> Position:
    """An Oh Hell position (any card may be led, OH-9); ``won`` is ignored."""
    return Position(hands, leader, current, trump=trump, lead_restricted=False, must_trump=must_trump)


def tricks_left(pos: Position) -> int:
    """Tricks still to be completed, counting the one in progress."""
    return pos.hands[pos.to_play].bit_count()  # the player to play has not played to it yet


def side_seats(seat: int, n: int, partnership: bool) -> frozenset[int]:
    """``seat`` and, in four-seat Spades (``partnership``), its partner (SP-1)."""
    return frozenset({seat, (seat + 2) % 4}) if partnership and n == 4 else frozenset({seat})


# ----------------------------------------------------------------------------- search core
_BETWEEN: dict[tuple[int, int], int] = {}


def _between(a: int, b: int) -> int:
    """Bits strictly between card indices a < b (same suit)."""
    k = (a, b)
    m = _BETWEEN.get(k)
    if m is None:
        m = _BETWEEN[k] = ((1 << b) - 1) & ~((1 << (a + 1)) - 1)
    return m


def _representatives(legal: int, hand: int, live: int) -> list[int]:
    """One card of each run of equivalent legal cards (highest kept): two
    cards of one suit in ``hand`` are equivalent when no card of ``live``
    (all unplayed cards, and the cards on the table) outside ``hand`` lies
    between them.  Ascending card index."""
    out: list[int] = []
    others = live & ~hand
    prev = -1
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if prev >= 0 and prev // 13 == c // 13 and not (_between(prev, c) & others):
            out[-1] = c  # same run: keep the higher
        else:
            out.append(c)
        prev = c
    return out


class _Searcher:
    """Alpha-beta over one objective: the number of tricks won by ``count``
    seats; seats with ``maxi[seat]`` maximise it, the others minimise it."""

    __slots__ = ("n", "trump", "lr", "mt", "count", "maxi", "tt", "nodes")

    def __init__(self, pos: Position, count: Iterable[int], maximisers: Iterable[int]):
        self.n = pos.n
        self.trump = pos.trump
        self.lr = pos.lead_restricted
        self.mt = pos.must_trump
        cs, ms = set(count), set(maximisers)
        self.count = tuple(1 if s in cs else 0 for s in range(self.n))
        self.maxi = tuple(s in ms for s in range(self.n))
        self.tt: dict[tuple[tuple[int, ...], int, bool], tuple[int, int]] = {}
        self.nodes = 0

    def _order(self, reps: list[int], cur: tuple[int, ...], leader: int, seat: int) -> list[int]:
        if not cur:  # leading: high cards first (they win or force), then the rest
            return sorted(reps, key=lambda c: -(c % 13))
        w = (leader + winning_position(cur, self.trump)) % self.n if len(cur) > 1 else leader
        wc = cur[(w - leader) % self.n]
        friend = self.maxi[w] == self.maxi[seat]
        led = cur[0] // 13
        trump = self.trump

        def beats(c: int) -> bool:
            if c // 13 == wc // 13:
                return c > wc
            return c // 13 == trump and wc // 13 != trump

        if friend:  # partner winning: play low
            return sorted(reps, key=lambda c: (beats(c), c % 13, c // 13 == trump))
        # try the cheapest winning card first, then low losers
        return sorted(reps, key=lambda c: (0, c // 13 == trump and led != trump, c % 13) if beats(c)
                      else (1, c // 13 == trump, c % 13))

    def value(self, hands: list[int], leader: int, cur: tuple[int, ...], broken: bool, alpha: int, beta: int) -> int:
        """Tricks for ``count`` from here (the current trick included), exact
        within (alpha, beta); fail-soft bounds outside it."""
        self.nodes += 1
        n = self.n
        key = None
        if not cur:
            left = hands[leader].bit_count()
            if not left:
                return 0
            key = (tuple(hands), leader, broken)
            e = self.tt.get(key)
            lo, hi = (0, left) if e is None else e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a0, b0 = alpha, beta
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        seat = (leader + len(cur)) % n
        hand = hands[seat]
        led = cur[0] // 13 if cur else None
        legal = legal_play_mask(hand, led, self.trump, self.lr, broken, self.mt)
        live = 0
        for h in hands:
            live |= h
        for c in cur:
            live |= 1 << c
        reps = _representatives(legal, hand, live)
        if len(reps) > 1:
            reps = self._order(reps, cur, leader, seat)
        maximise = self.maxi[seat]
        best = -1 if maximise else 99
        trump, lr = self.trump, self.lr
        for c in reps:
            hands[seat] = hand ^ (1 << c)
            nb = broken or (lr and c // 13 == trump)
            nc = cur + (c,)
            if len(nc) == n:
                w = (leader + winning_position(nc, trump)) % n
                g = self.count[w]
                v = g + self.value(hands, w, (), nb, alpha - g, beta - g)
            else:
                v = self.value(hands, leader, nc, nb, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        hands[seat] = hand
        if key is not None:
            lo, hi = (0, hands[leader].bit_count()) if self.tt.get(key) is None else self.tt[key]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
        return best

    def exact(self, pos: Position) -> int:
        return self.value(list(pos.hands), pos.leader, pos.current, pos.broken, -1, 99)


def _check_size(pos: Position, limit: int | None) -> None:
    if limit is not None and tricks_left(pos) > limit:
        raise TooLargeError(f"{tricks_left(pos)} tricks are left; the exact solver is limited to {limit} "
                            f"(pass a larger limit to wait longer)")


def solve_tricks(pos: Position, seats: Iterable[int], *, limit: int | None = SPADES_EXACT_TRICKS) -> int:
    """Tricks that ``seats`` (e.g. a Spades side ``{0, 2}``, or one Oh Hell
    seat) take from ``pos`` on, the trick in progress included, when they
    play to take as many as possible and every other seat plays to stop them
    (double dummy, SP-13…SP-16 / OH-9…OH-10).  Raises :class:`TooLargeError`
    if more than ``limit`` tricks are left (None: no limit)."""
    _check_size(pos, limit)
    seats = set(seats)
    return _Searcher(pos, seats, seats).exact(pos)


def card_values(pos: Position, seats: Iterable[int] | None = None, *,
                limit: int | None = SPADES_EXACT_TRICKS, searcher: "_Searcher | None" = None) -> dict[int, int]:
    """For every legal card of the player to play: the tricks ``seats`` take
    from ``pos`` on (trick in progress included) after that card, with best
    play by all.  ``seats`` defaults to the side of the player to play
    (Spades with 4 seats: the partnership, SP-1; otherwise the seat).
    Returns ``{card index: tricks}``.  :class:`TooLargeError` as
    :func:`solve_tricks`."""
    _check_size(pos, limit)
    if seats is None:
        seats = side_seats(pos.to_play, pos.n, pos.lead_restricted)
    seats = set(seats)
    s = searcher or trick_searcher(pos, seats)
    out = {}
    for c in pos.legal_indices():
        nxt, w = pos.play(c)
        g = 1 if (w is not None and w in seats) else 0
        out[c] = g + s.value(list(nxt.hands), nxt.leader, nxt.current, nxt.broken, -1, 99)
    return out


def trick_searcher(pos: Position, seats: Iterable[int]) -> "_Searcher":
    """A search object counting tricks for ``seats`` whose transposition table
    may be reused, through ``searcher=``, for later positions of the same hand
    (the table holds values of positions, whoever reached them)."""
    seats = set(seats)
    return _Searcher(pos, seats, seats)


def best_cards(values: dict[int, int], maximise: bool = True) -> list[int]:
    """The card indices with the best value in ``values`` (ascending)."""
    if not values:
        return []
    b = max(values.values()) if maximise else min(values.values())
    return sorted(c for c, v in values.items() if v == b)


# ----------------------------------------------------------------------------- Nil (SP-8)
def nil_survives(pos: Position, nil_seat: int, *, limit: int | None = SPADES_EXACT_TRICKS) -> bool:
    """Whether the Nil bidder ``nil_seat`` can win none of the remaining
    tricks (the one in progress included), helped by the partner, when
    both opponents try to give them one (SP-8, double dummy).  Tricks
    already won are the caller's to check.  :class:`TooLargeError` as
    :func:`solve_tricks`."""
    _check_size(pos, limit)
    s = _Searcher(pos, {nil_seat}, [x for x in range(pos.n) if x not in side_seats(nil_seat, pos.n, True)])
    # a null window (0, 1): only "none" against "at least one" is asked, far faster than the count
    return s.value(list(pos.hands), pos.leader, pos.current, pos.broken, 0, 1) == 0


def nil_searcher(pos: Position, nil_seat: int) -> "_Searcher":
    """A search object for ``nil_seat``'s Nil whose transposition table may be
    reused, through ``searcher=``, for later positions of the same hand."""
    return _Searcher(pos, {nil_seat}, [x for x in range(pos.n) if x not in side_seats(nil_seat, pos.n, True)])


def nil_safe_cards(pos: Position, nil_seat: int, *, limit: int | None = SPADES_EXACT_TRICKS,
                   searcher: "_Searcher | None" = None) -> dict[int, bool]:
    """For each legal card of the player to play: can the Nil bidder still
    win no trick after it (see :func:`nil_survives`)?  ``{card index: bool}``.
    ``searcher``: from :func:`nil_searcher` for the same hand and seat."""
    _check_size(pos, limit)
    s = searcher or nil_searcher(pos, nil_seat)
    out = {}
    for c in pos.legal_indices():
        nxt, w = pos.play(c)
        out[c] = w != nil_seat and s.value(list(nxt.hands), nxt.leader, nxt.current, nxt.broken, 0, 1) == 0
    return out


def nil_tricks(pos: Position, nil_seat: int, *, limit: int | None = SPADES_EXACT_TRICKS,
               card: int | None = None) -> int:
    """Fewest tricks the Nil bidder can be held to (by themself and their
    partner, the opponents pushing tricks on them) from ``pos``; with
    ``card``, after the player to play plays that card."""
    _check_size(pos, limit)
    n = pos.n
    friends = side_seats(nil_seat, n, True)
    opponents = [s for s in range(n) if s not in friends]
    s = _Searcher(pos, {nil_seat}, opponents)
    if card is None:
        return s.exact(pos)
    nxt, w = pos.play(card)
    return (1 if w == nil_seat else 0) + s.exact(nxt)


def nil_card_values(pos: Position, nil_seat: int, *, limit: int | None = SPADES_EXACT_TRICKS) -> dict[int, int]:
    """For each legal card of the player to play: the fewest tricks the Nil
    bidder can then be held to (see :func:`nil_tricks`)."""
    _check_size(pos, limit)
    out = {}
    for c in pos.legal_indices():
        out[c] = nil_tricks(pos, nil_seat, limit=None, card=c)
    return out


# ----------------------------------------------------------------------------- Oh Hell exact bid
class _ExactSearcher:
    """Can ``seat`` win exactly ``k`` of the remaining tricks when it plays
    for that and all other seats play to stop it (OH-11's objective)."""

    __slots__ = ("n", "trump", "mt", "seat", "memo", "nodes")

    def __init__(self, pos: Position, seat: int):
        self.n, self.trump, self.mt, self.seat = pos.n, pos.trump, pos.must_trump, seat
        self.memo: dict[tuple[tuple[int, ...], int, int], bool] = {}
        self.nodes = 0

    def can(self, hands: list[int], leader: int, cur: tuple[int, ...], k: int) -> bool:
        self.nodes += 1
        n = self.n
        left = hands[(leader + len(cur)) % n].bit_count()
        if k < 0 or k > left:
            return False
        if left == 0:
            return k == 0
        key = None
        if not cur:
            key = (tuple(hands), leader, k)
            r = self.memo.get(key)
            if r is not None:
                return r
        seat = (leader + len(cur)) % n
        hand = hands[seat]
        led = cur[0] // 13 if cur else None
        legal = legal_play_mask(hand, led, self.trump, False, False, self.mt)
        live = 0
        for h in hands:
            live |= h
        for c in cur:
            live |= 1 << c
        mine = seat == self.seat
        result = not mine
        for c in _representatives(legal, hand, live):
            hands[seat] = hand ^ (1 << c)
            nc = cur + (c,)
            if len(nc) == n:
                w = (leader + winning_position(nc, self.trump)) % n
                ok = self.can(hands, w, (), k - (w == self.seat))
            else:
                ok = self.can(hands, leader, nc, k)
            if ok == mine:
                result = mine
                break
        hands[seat] = hand
        if key is not None:
            self.memo[key] = result
        return result


def can_take_exactly(pos: Position, seat: int, k: int, *, limit: int | None = OH_HELL_EXACT_CARDS) -> bool:
    """Whether ``seat`` can win exactly ``k`` of the remaining tricks (the
    one in progress included) against all other seats playing to stop it,
    every hand open (Oh Hell OH-11: only an exact bid scores).
    :class:`TooLargeError` if more than ``limit`` tricks are left."""
    _check_size(pos, limit)
    return _ExactSearcher(pos, seat).can(list(pos.hands), pos.leader, pos.current, k)


def exact_searcher(pos: Position, seat: int) -> _ExactSearcher:
    """A search object for ``seat``'s exact-bid question whose table may be
    reused, through ``searcher=``, for later positions of the same hand."""
    return _ExactSearcher(pos, seat)


def exact_bid_cards(pos: Position, seat: int, k: int, *, limit: int | None = OH_HELL_EXACT_CARDS,
                    searcher: _ExactSearcher | None = None) -> dict[int, bool]:
    """For each legal card of the player to play: can ``seat`` still win
    exactly ``k`` of the remaining tricks after it (see
    :func:`can_take_exactly`)?  ``{card index: bool}``.  ``searcher``: from
    :func:`exact_searcher` for the same hand and seat."""
    _check_size(pos, limit)
    s = searcher or _ExactSearcher(pos, seat)
    out = {}
    for c in pos.legal_indices():
        nxt, w = pos.play(c)
        out[c] = s.can(list(nxt.hands), nxt.leader, nxt.current, k - (w == seat))
    return out
