"""Fast card-play machinery for the computer players and the bid advisor.

Everything here works on hand *bitmasks* (bit ``suit * 13 + rank - 2``, see
:mod:`engine.cards`) for speed, and plays through the engine's one play core
(:class:`engine.playcore.PlayCore`: legal cards, breaking, trick winners), so
the rules (SP-13 lead restriction, SP-14/OH-9 follow suit, OH-V6 must-trump,
SP-16/OH-10 winners) live only in the engine.  What kind of game is played
comes from the game's strategy (:class:`PlayTerms`: partners, lead
restriction, must-trump), never from the game's name.

* :class:`PlayState` — one hand in play (all hands known: a sampled deal), a
  :class:`~engine.playcore.PlayCore` with what the players know.
* :func:`club_choice` — the level-2 ("club") card-play policy on a
  :class:`PlayState`, with a reason code (:func:`club_card`: with the
  reason said, the message ``club.<code>`` of :mod:`engine.text.advice`);
  :class:`~engine.bots.level2.ClubPlayer` and the playouts both use it.
* :func:`play_out` — play a :class:`PlayState` to the end with a policy.
* :func:`sample_hands` — deal the unseen cards to the other seats
  consistently with everything public in a :class:`~engine.game.SeatView`
  (cards played, own hand, suits a seat has shown void in, cards this seat
  passed in a Blind Nil exchange, SP-10).
* :func:`weighted_deals` — ``n`` deals drawn in proportion to a weight (how
  well each fits the bids), by resampling many cheap candidate deals.
* :func:`state_from_view` — a :class:`PlayState` from a view, sampled hands
  and the game's :class:`PlayTerms`.
* :func:`play_game` — drive a whole game with one player per seat.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol, Sequence

from ..actions import Action, Phase
from ..cards import FULL_DECK_MASK, SUIT_MASKS, mask_of
from ..errors import SamplingError as SamplingError  # defined there: mypyc compiles this module
from ..game import SeatView
from ..message import Msg, Said
from ..playcore import PlayCore, beating_mask, beats, legal_play_mask

__all__ = [
    "PlayState", "PlayTerms", "club_choice", "club_card", "club_policy", "random_policy", "play_out",
    "sample_hands", "state_from_view", "unseen_mask", "seat_capacities", "bid_numbers", "play_game",
    "SamplingError", "weighted_deals", "RESAMPLE_FACTOR", "Policy", "Deal", "Chooser",
    "trick_in_progress",
]

#: One deal: a hand bitmask per seat.
Deal = list[int]

#: Candidate deals drawn per deal kept by :func:`weighted_deals`.
RESAMPLE_FACTOR = 8

# Reason codes of :func:`club_choice`; the phrase of each is the message "club.<code>" of the
# engine's catalogue (engine/text/advice.py), which :func:`club_card` says.
R_ONLY = "ONLY_CARD"
R_LEAD_MASTER = "LEAD_MASTER"
R_LEAD_TRUMP = "LEAD_TRUMP"
R_LEAD_SHORT = "LEAD_SHORT"
R_LEAD_LONG = "LEAD_LONG"
R_LEAD_LOW = "LEAD_LOW"
R_DUCK_HIGH = "DUCK_HIGH"
R_DUCK_LOW = "DUCK_LOW"
R_DUCK_DUMP = "DUCK_DUMP"
R_COVER = "COVER_NIL"
R_OVERTAKE = "OVERTAKE_NIL"
R_LEAD_COVER = "LEAD_COVER_NIL"
R_BREAK_LOW = "BREAK_NIL_LOW"
R_BREAK_UNDER = "BREAK_NIL_UNDER"
R_PARTNER_WINS = "PARTNER_WINS"
R_WIN_CHEAP = "WIN_CHEAP"
R_WIN_MASTER = "WIN_MASTER"
R_SECOND_LOW = "SECOND_LOW"
R_THIRD_HIGH = "THIRD_HIGH"
R_RUFF = "RUFF"
R_CANT_WIN = "CANT_WIN"

def _hi(mask: int) -> int:
    return mask.bit_length() - 1


def _lo(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _above(card: int) -> int:
    """Mask of the cards of ``card``'s suit that rank above it."""
    return SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)


def _below(card: int) -> int:
    """Mask of the cards of ``card``'s suit that rank below it."""
    return SUIT_MASKS[card // 13] & ((1 << card) - 1)


def _lowest_by_rank(mask: int, avoid_suit: int | None = None) -> int:
    """The card of lowest rank in ``mask`` (ties: the longer suit first),
    preferring suits other than ``avoid_suit``."""
    best = -1
    best_key = None
    for s in range(4):
        m = mask & SUIT_MASKS[s]
        if not m:
            continue
        c = _lo(m)
        key = (s == avoid_suit, c - 13 * s, -m.bit_count())
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def _highest_by_rank(mask: int, avoid_suit: int | None = None) -> int:
    """The card of highest rank in ``mask``, preferring suits other than ``avoid_suit``."""
    best = -1
    best_key = None
    for s in range(4):
        m = mask & SUIT_MASKS[s]
        if not m:
            continue
        c = _hi(m)
        key = (s == avoid_suit, -(c - 13 * s), m.bit_count())
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


@dataclass(frozen=True)
class PlayTerms:
    """How a game's hand is played out on bitmasks (a game's strategy gives
    them, :meth:`engine.bots.strategy.GameStrategy.terms`): ``partners``:
    partners 0–2 and 1–3 share a contract and Nil bids are played for
    (four-seat Spades, SP-1, SP-8); ``lead_restricted``: trumps may not be
    led before they are broken (SP-13); ``must_trump``: a seat void in the
    suit led must trump (OH-V6)."""

    partners: bool
    lead_restricted: bool
    must_trump: bool


class PlayState(PlayCore):
    """One hand being played, every hand known (a real or sampled deal): the
    play core's state plus what the players know.

    ``hands``: bitmask per seat; ``leader``: seat that led the current trick;
    ``trick``: card indices played to it so far; ``trump``: suit int or None;
    ``lead_restricted``/``broken``/``must_trump``: the trick rules (SP-13,
    SP-15, OH-V6); ``won``: tricks per seat; ``out``: cards known out of play
    to everyone (played cards, Oh Hell turn-up); ``bids``: per seat int or
    None (unknown); ``nil``: per seat, bid Nil or Blind Nil (Spades);
    ``partners``: partnership play (Spades for four: partners 0–2 and 1–3
    share a contract, Nil bids), False when every seat plays for itself
    (Oh Hell, Spades for two).
    """

    __slots__ = ("partners", "out", "bids", "nil")

    def __init__(self, partners: bool, hands: Sequence[int], leader: int, trump: int | None,
                 lead_restricted: bool, broken: bool, must_trump: bool, won: Sequence[int],
                 out: int, bids: Sequence[int | None], nil: Sequence[bool], trick: Sequence[int] = ()):
        PlayCore.__init__(self, hands, leader, trump, lead_restricted, must_trump, broken, trick, won)
        self.partners = partners
        self.out = out
        self.bids: list[int | None] = list(bids)
        self.nil: list[bool] = list(nil)

    def copy(self) -> "PlayState":
        """An independent copy (its lists copied)."""
        c = PlayState(self.partners, self.hands, self.leader, self.trump, self.lead_restricted, self.broken,
                      self.must_trump, self.won, self.out, self.bids, self.nil, self.trick)
        self._copy_state(c)
        return c

    def _beats(self, c: int, w: int) -> bool:
        """``c`` beats ``w``, the card winning the trick (the core's :func:`~engine.playcore.beats`)."""
        return beats(c, w, self.trump)

    def apply(self, seat: int, card: int) -> None:
        """``seat`` (the seat to play) plays ``card``: the core's
        :meth:`~engine.playcore.PlayCore.play`, and the card is out."""
        self.out |= 1 << card
        self.play(card)

    # --- what a seat wants -------------------------------------------------
    def side_need(self, seat: int) -> int:
        """Spades: tricks the seat's partnership still needs for its contract
        (SP-7; Nil bidders' tricks don't count, SP-19).  Oh Hell: the seat's
        bid minus tricks won.  Unknown bids count as 0."""
        if not self.partners:
            b = self.bids[seat]
            return (b or 0) - self.won[seat]
        need = 0
        for s in (seat % 2, seat % 2 + 2):
            if not self.nil[s]:
                need += (self.bids[s] or 0) - self.won[s]
        return need


def club_card(st: PlayState, seat: int, legal: int) -> tuple[int, Said]:
    """:func:`club_choice` with the reason said (the message ``club.<code>``,
    in the current language): ``(card index, reason)``."""
    card, code = club_choice(st, seat, legal)
    return card, Said(Msg(f"club.{code}"))


def club_choice(st: PlayState, seat: int, legal: int) -> tuple[int, str]:
    """The level-2 ("club") choice for ``seat`` among ``legal`` (a bitmask):
    ``(card index, reason code)`` (one of the ``R_*`` codes, e.g. ``"SECOND_LOW"``).

    Uses only what the seat may know: its own hand, cards out of play, the
    trick so far, bids and tricks won.  Spades: duck when Nil (SP-8), protect
    partner's Nil, play low against an opponent's Nil, win cheaply while the
    partnership needs tricks (SP-7), duck bags once the contract is made
    (SP-17, SP-20) unless the opponents can still be set (SP-18).  Oh Hell:
    take tricks while short of the bid, duck once it is reached (OH-11).
    """
    if not legal & (legal - 1):
        return _lo(legal), R_ONLY
    n = st.n
    hand = st.hands[seat]
    trick = st.trick
    trump = st.trump
    known = st.out | hand  # cards this seat knows are not in an opponent's hand

    def master(c: int) -> bool:
        return not (_above(c) & ~known)

    # ---- what this seat wants from this trick
    partners = st.partners
    partner = (seat + 2) % 4 if partners else -1
    partner_nil = partners and st.nil[partner] and st.won[partner] == 0
    me_nil = partners and st.nil[seat]
    opp_nil = [s for s in ((seat + 1) % 4, (seat + 3) % 4) if partners and st.nil[s] and st.won[s] == 0] \
        if partners else []
    if me_nil:
        mode_take = False
    else:
        need = st.side_need(seat)
        if need > 0:
            mode_take = True
        elif partners:
            opp = (seat + 1) % 4
            opp_need = st.side_need(opp)
            mode_take = 0 < opp_need <= st.tricks_left and st.tricks_left - opp_need <= 2
        else:
            mode_take = False
    played_seats = [(st.leader + i) % n for i in range(len(trick))]
    after = [(st.leader + i) % n for i in range(len(trick) + 1, n)]

    # ---- leading
    if not trick:
        if partner_nil and not me_nil:
            return _highest_by_rank(legal, trump), R_LEAD_COVER
        if not mode_take:
            return _lowest_by_rank(legal, trump), (R_BREAK_LOW if opp_nil else R_LEAD_LOW)
        if opp_nil:
            return _lowest_by_rank(legal, trump), R_BREAK_LOW
        trumps = hand & SUIT_MASKS[trump] if trump is not None else 0
        if trumps and legal & trumps:
            t = _hi(legal & trumps)
            if master(t) and trumps.bit_count() >= 3:
                return t, R_LEAD_TRUMP
        side_masters = [c for s in range(4) if s != trump and legal & SUIT_MASKS[s]
                        for c in (_hi(legal & SUIT_MASKS[s]),) if master(c)]
        if side_masters:
            return max(side_masters, key=lambda c: (c % 13, -(hand & SUIT_MASKS[c // 13]).bit_count())), R_LEAD_MASTER
        side = legal & ~(SUIT_MASKS[trump] if trump is not None else 0)
        if side:
            if trumps.bit_count() >= 2:
                for s in range(4):
                    m = side & SUIT_MASKS[s]
                    if m and not (m & (m - 1)) and (_lo(m) % 13) < 9:
                        return _lo(m), R_LEAD_SHORT
            best_s = max((s for s in range(4) if side & SUIT_MASKS[s]), key=lambda s: (side & SUIT_MASKS[s]).bit_count())
            return _lo(side & SUIT_MASKS[best_s]), R_LEAD_LONG
        return _lo(legal), R_LEAD_LOW

    # ---- following
    w = trick[st.win_pos]
    winner = played_seats[st.win_pos]
    winning = beating_mask(legal, w, trump)  # the core's beats(c, w, trump) for every legal c
    losing = legal & ~winning
    led = trick[0] // 13

    def duck() -> tuple[int, str]:
        if losing:
            # highest losing card; among off-suit discards the highest rank of any side suit
            if losing & SUIT_MASKS[led]:
                return _hi(losing & SUIT_MASKS[led]), R_DUCK_HIGH
            return _highest_by_rank(losing, trump), R_DUCK_HIGH
        if after:
            return _lowest_by_rank(legal, None), R_DUCK_LOW
        return _highest_by_rank(legal, None), R_DUCK_DUMP

    if me_nil:
        return duck()
    if partner_nil:
        if partner in after:
            if winning:
                return _highest_by_rank(winning, None) if winning & SUIT_MASKS[led] == 0 else _hi(winning & SUIT_MASKS[led]), R_COVER
        elif winner == partner and winning:
            return _lowest_by_rank(winning, trump) if winning & SUIT_MASKS[led] == 0 else _lo(winning & SUIT_MASKS[led]), R_OVERTAKE
    if opp_nil:
        if any(s in after for s in opp_nil):
            if losing:
                return _lowest_by_rank(losing, trump), R_BREAK_LOW
            return _lowest_by_rank(legal, trump), R_BREAK_LOW
        if winner in opp_nil:
            if losing:
                return _highest_by_rank(losing, trump) if not losing & SUIT_MASKS[led] else _hi(losing & SUIT_MASKS[led]), R_BREAK_UNDER
    if not mode_take:
        return duck()
    # take mode
    if partners and winner == partner:
        safe = not after or master(w)
        if safe or not winning:
            return (_lowest_by_rank(losing, trump) if losing else _lowest_by_rank(legal, trump)), R_PARTNER_WINS
        masters = [c for c in _iter(winning) if master(c) and c // 13 == led]
        if masters:
            return min(masters), R_WIN_MASTER
        return (_lowest_by_rank(losing, trump) if losing else _lowest_by_rank(legal, trump)), R_PARTNER_WINS
    if not winning:
        return _lowest_by_rank(legal, trump), R_CANT_WIN
    follow = winning & SUIT_MASKS[led]
    if not follow:  # winning cards are trumps played on another suit
        return _lo(winning), R_RUFF
    if not after:
        return _lo(follow), R_WIN_CHEAP
    masters = [c for c in _iter(follow) if master(c)]
    if masters:
        return min(masters), R_WIN_MASTER
    if len(trick) == 1 and losing:
        return _lowest_by_rank(losing, trump), R_SECOND_LOW
    return _hi(follow), R_THIRD_HIGH


def _iter(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def club_policy(st: PlayState, seat: int, legal: int, rng: random.Random | None = None) -> int:
    """:func:`club_choice` without the reason (the playout policy)."""
    return club_choice(st, seat, legal)[0]


def random_policy(st: PlayState, seat: int, legal: int, rng: random.Random | None) -> int:
    """A uniformly random legal card (``rng`` is required)."""
    assert rng is not None, "the random policy needs a random.Random"
    cards = list(_iter(legal))
    return cards[rng.randrange(len(cards))]


#: ``policy(state, seat, legal_mask, rng) -> card index`` (one of ``legal_mask``).
Policy = Callable[[PlayState, int, int, "random.Random | None"], int]


def play_out(st: PlayState, policy: Policy = club_policy, rng: random.Random | None = None) -> list[int]:
    """Play ``st`` (changed in place) to the end of the hand; every seat uses
    ``policy(state, seat, legal_mask, rng) -> card index``.  Returns tricks
    won per seat."""
    n = st.n
    hands = st.hands
    trump, lr, mt = st.trump, st.lead_restricted, st.must_trump
    play = st.play
    while st.tricks_left > 0 and any(hands):
        tr = st.trick
        seat = (st.leader + len(tr)) % n
        legal = legal_play_mask(hands[seat], tr[0] // 13 if tr else None, trump, lr, st.broken, mt)
        card = _lo(legal) if not legal & (legal - 1) else policy(st, seat, legal, rng)
        st.out |= 1 << card
        play(card)
    return st.won


# ------------------------------------------------------------------ sampling
def bid_numbers(view: SeatView) -> tuple[list[int | None], list[bool]]:
    """Bids as numbers (Nil and Blind Nil = 0; unknown = None) and Nil flags.
    A view writes a Nil as ``"nil"`` or ``"blind_nil"`` (SP-8, SP-10, as in
    hand records); a number, 0 included, is an ordinary bid (Oh Hell, OH-8)."""
    nums: list[int | None] = []
    nil: list[bool] = []
    for b in view.bids:
        if b is None:
            nums.append(None)
            nil.append(False)
        elif b in ("nil", "blind_nil"):
            nums.append(0)
            nil.append(True)
        else:
            nums.append(int(b))
            nil.append(False)
    return nums, nil


def trick_in_progress(view: SeatView) -> tuple[int, list[int]]:
    """``(leader, card indices on the table)`` of the trick in progress; before
    the first trick, the seat left of the dealer leads (SP-12, OH-9)."""
    ct = view.current_trick
    leader = ct.leader if ct is not None else (view.dealer + 1) % view.n_seats
    current = [c.index for c in ct.cards] if ct is not None and ct.cards else []
    return leader, current


def unseen_mask(view: SeatView) -> int:
    """Cards ``view.seat`` cannot see: not in its hand, not played this hand,
    not the Oh Hell turn-up (OH-7)."""
    seen = mask_of(view.hand or ()) | mask_of(view.played_cards())
    if view.turn_up is not None:
        seen |= view.turn_up.bit
    return FULL_DECK_MASK & ~seen


def seat_capacities(view: SeatView) -> list[int]:
    """Cards each seat still holds (hand size minus cards it has played)."""
    cap = [view.hand_size] * view.n_seats
    for t in list(view.tricks) + ([view.current_trick] if view.current_trick else []):
        for s in t.seats:
            cap[s] -= 1
    return cap


def sample_hands(view: SeatView, rng: random.Random, *, include_own: bool = False,
                 tries: int = 200) -> list[int]:
    """One deal of the cards ``view.seat`` cannot see, consistent with the
    public facts: every other seat gets exactly as many cards as it still
    holds; never a card of a suit it has shown void in (it failed to follow,
    SP-14/OH-9); the cards this seat passed in a Blind Nil exchange (SP-10)
    stay with the partner until played.  Oh Hell cards not dealt this hand
    (OH-7) are left out.

    Returns a hand bitmask per seat (this seat's own hand as it is; with
    ``include_own`` and an unlooked Spades hand, the seat's hand is sampled
    too).  Raises :class:`SamplingError` if no deal fits.
    """
    n = view.n_seats
    me = view.seat
    cap = seat_capacities(view)
    voids = view.shown_void()
    hands = [0] * n
    fixed = [0] * n
    own = mask_of(view.hand) if view.hand is not None else None
    if own is not None:
        hands[me] = own
        cap[me] = 0
    elif not include_own:
        raise SamplingError("this seat has not looked at its cards")
    pool = unseen_mask(view)
    if view.passed and view.exchange_seats:
        partner = (me + 2) % 4
        keep = mask_of(view.passed) & pool
        fixed[partner] = keep
        pool &= ~keep
        cap[partner] -= keep.bit_count()
    seats = [s for s in range(n) if cap[s] > 0]
    void_mask = [0] * n
    for s in range(n):
        for su in voids.get(s, ()):
            void_mask[s] |= SUIT_MASKS[su]
    cards = list(_iter(pool))
    if not any(void_mask[s] for s in seats):  # fast path: no voids shown, a plain shuffle
        rng.shuffle(cards)
        pos = 0
        for s in seats:
            got = 0
            for c in cards[pos:pos + cap[s]]:
                got |= 1 << c
            hands[s] |= got
            pos += cap[s]
        if pos > len(cards):
            raise SamplingError("more cards to place than unseen cards")
        return [hands[s] | fixed[s] for s in range(n)]
    # most constrained suits first: fewer seats may hold them
    def eligible_count(c: int) -> int:
        return sum(1 for s in seats if not void_mask[s] & (1 << c))
    cards.sort(key=eligible_count)
    order_keys = [eligible_count(c) for c in cards]
    spare = len(cards) - sum(cap[s] for s in seats)  # Oh Hell: undealt cards
    if spare < 0:
        raise SamplingError("more cards to place than unseen cards")
    for _ in range(tries):
        # shuffle within groups of equal constraint, keep group order
        i = 0
        arr = cards[:]
        while i < len(arr):
            j = i
            while j < len(arr) and order_keys[j] == order_keys[i]:
                j += 1
            seg = arr[i:j]
            rng.shuffle(seg)
            arr[i:j] = seg
            i = j
        left = {s: cap[s] for s in seats}
        spare_left = spare
        dealt = [0] * n
        ok = True
        for c in arr:
            bit = 1 << c
            elig = [s for s in seats if left[s] and not void_mask[s] & bit]
            total = sum(left[s] for s in elig) + spare_left
            if total <= 0:
                ok = False
                break
            r = rng.randrange(total)
            placed = False
            for s in elig:
                r -= left[s]
                if r < 0:
                    dealt[s] |= bit
                    left[s] -= 1
                    placed = True
                    break
            if not placed:
                spare_left -= 1
        if ok and not any(left.values()):
            return [hands[s] | fixed[s] | dealt[s] for s in range(n)]
    raise SamplingError("no deal of the unseen cards fits the cards played and the voids shown")


def weighted_deals(view: SeatView, rng: random.Random, n: int, weight: Callable[[Deal], float] | None,
                   factor: int = RESAMPLE_FACTOR) -> list[tuple[int, Deal]]:
    """``n`` deals of the unseen cards (:func:`sample_hands`) drawn in
    proportion to ``weight(hands)`` (e.g. how well a deal fits the bids made,
    :func:`engine.bots.spades.bid_weight`; None: all deals equal).

    ``factor * n`` candidate deals are sampled (about 0.1 ms each with the
    weight) and ``n`` of them drawn by systematic resampling, so the deals a
    player solves follow what the bids say instead of each carrying a weight
    (a dozen weighted deals are worth about 8 equal ones in mid-game Spades
    positions, fewer after surprising bids).  Returns
    ``[(multiplicity, hands)]``: each distinct deal once with the number of
    times it was drawn (multiplicities add up to ``n``), in the order drawn.
    Without a weight, ``n`` plain deals of multiplicity 1.  Raises
    :class:`SamplingError` if no deal fits the public facts, or if every
    candidate has weight 0 or less."""
    if n <= 0:
        return []
    if weight is None:
        return [(1, sample_hands(view, rng)) for _ in range(n)]
    cands = [sample_hands(view, rng) for _ in range(max(1, factor) * n)]
    ws = [max(0.0, weight(h)) for h in cands]
    total = sum(ws)
    if total <= 0:
        raise SamplingError("no sampled deal fits the bids")
    cum = list(accumulate(ws))
    last = max(i for i, w in enumerate(ws) if w > 0)  # a draw rounded past the end goes here
    step = total / n
    u = rng.random() * step
    drawn = Counter(min(bisect_right(cum, u + i * step), last) for i in range(n))  # in candidate order
    return [(k, cands[i]) for i, k in drawn.items()]


def state_from_view(view: SeatView, hands: Sequence[int], bids: Sequence[int | None] | None = None,
                    nil: Sequence[bool] | None = None, *, terms: PlayTerms) -> PlayState:
    """A :class:`PlayState` for the hand in ``view`` with ``hands`` (a real
    or sampled deal; cards still held), played by the game's ``terms``
    (its strategy's :meth:`~engine.bots.strategy.GameStrategy.terms`).
    ``bids``/``nil`` default to the view's visible bids."""
    b, nl = bid_numbers(view)
    if bids is not None:
        b = list(bids)
    if nil is not None:
        nl = list(nil)
    ct = view.current_trick
    trick = [c.index for c in ct.cards] if ct and ct.cards else []
    if ct is not None:
        leader = ct.leader
    else:  # bidding: the seat left of the dealer leads (SP-12, OH-9)
        leader = (view.dealer + 1) % view.n_seats
    out = mask_of(view.played_cards())
    if view.turn_up is not None:
        out |= view.turn_up.bit
    trump = int(view.trump) if view.trump is not None else None
    return PlayState(terms.partners, hands, leader, trump, terms.lead_restricted, view.broken, terms.must_trump,
                     view.tricks_won, out, b, nl, trick)


# ------------------------------------------------------------------ games
class Chooser(Protocol):
    """Anything that chooses an action from a seat's view (a computer player)."""

    def choose(self, view: SeatView) -> Action: ...


def play_game(game: Any, players: Sequence[Chooser], max_actions: int = 100_000,
              on_action: Callable[[Action], object] | None = None) -> None:
    """Play ``game`` (a SpadesGame or OhHellGame) to the end, seat ``s``
    choosing with ``players[s].choose(game.view(s))``.  Every action goes
    through ``game.apply`` (so an illegal one raises IllegalActionError).
    A player may return :class:`~engine.actions.Look` to see its cards
    before bidding (Spades SP-10: looking is always allowed, and not listed
    in ``view.legal``).  ``on_action(action)`` is called after each one."""
    for _ in range(max_actions):
        if game.phase is Phase.GAME_OVER:
            return
        seats = game.seats_to_act
        if not seats:
            raise RuntimeError(f"nobody to act in phase {game.phase}")
        seat = seats[0]
        action = players[seat].choose(game.view(seat))
        game.apply(action)
        if on_action is not None:
            on_action(action)
    raise RuntimeError("game did not finish")
