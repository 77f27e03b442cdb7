"""The computer players' strategy for Spades for two players (SP-2P-1 …
SP-2P-6): :class:`TwoSeatSpades`.

Every function sees only a :class:`~engine.games.spades_two.TwoSeatView`:

* **The draw** (SP-2P-2).  Level 1 uses the standard policy
  (:func:`engine.games.spades_two.standard_keep`: keep a spade or a queen, king or
  ace).  Levels 2 and 3 judge: :func:`card_worth` values a card for the hand
  kept so far (spades are trump and always worth keeping; aces, kings and
  queens next; a side card loses value in a suit already long, because one
  opponent runs out of it and trumps); the top card is kept when it is worth
  at least the average worth of the cards this player has not seen (the
  next card is one of them, unseen).
* **Bidding**: the bid advisor's two-player count (:func:`advise_spades_two`,
  which :func:`engine.bots.advisor.advise_bid` uses for a two-player view).
* **Play**: the level-2 card heuristics (:func:`engine.bots.sampling.club_card`)
  with the player's own bid as its contract and no partner; level 3 samples
  the opponent's hand from the cards it has not seen (:func:`sample_two_hands`:
  of the 52, its own 13 kept and 13 discarded cards and the cards played are
  known; the opponent's remaining cards are drawn from the other 26 minus the
  cards played, never of a suit the opponent has shown void in) and plays
  each legal card out over the same deals, scoring both players with the
  one Spades scorer (SP-17 … SP-20, SP-2P-5).  Level 4 solves sampled deals
  exactly for this player's tricks, scored as a contract (:data:`CONTRACT`).
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Sequence, cast

from ..actions import Action, Bid, Draw, Play
from ..cards import DECK, FULL_DECK_MASK, SUIT_MASKS, Card, Rank, Suit, mask_of
from ..game import SeatView
from ..sim import spades_side_points
from ..solver import Position, card_values
from ..games.spades_two import standard_keep
from ..message import Said
from .kit import NO_WORDS, Advice, Line, Scorer, finish_advice, game_bonus, say
from .sampling import Deal, PlayState, PlayTerms, SamplingError, bid_numbers, state_from_view
from .spades import SpadesStrategy, nil_danger, spades_rules
from .strategy import DoubleDummySearch, HandReviewer, R, T

if TYPE_CHECKING:
    from ..games.spades_two import TwoSeatView

__all__ = ["advise_spades_two", "card_worth", "choose_draw", "unseen_two", "sample_two_hands", "two_state_from_view",
           "club_card_two", "TwoSeatSpades", "TWO_SEAT_SPADES", "CONTRACT"]

_SIDE_WORTH = {Rank.ACE: 0.9, Rank.KING: 0.65, Rank.QUEEN: 0.4, Rank.JACK: 0.22}
_PLAY = PlayTerms(partners=False, lead_restricted=True, must_trump=False)


def _two(view: SeatView) -> TwoSeatView:
    return cast("TwoSeatView", view)


def card_worth(card: Card, hand: "list[Card] | tuple[Card, ...]") -> float:
    """Rough tricks ``card`` adds to ``hand`` (the cards kept so far) with
    one opponent: a spade 0.55 (2♠) … 0.97 (A♠); a side ace 0.9, king 0.65,
    queen 0.4, jack 0.22, lower cards 0.08 … 0.16; a side card loses 6% per
    card beyond three already held in its suit (a long suit gets trumped)."""
    if card.suit is Suit.SPADES:
        return 0.55 + 0.035 * (card.rank - 2)
    base = _SIDE_WORTH.get(card.rank, 0.08 + 0.01 * (card.rank - 2))
    length = sum(1 for c in hand if c.suit is card.suit)
    return base * max(0.4, 1 - 0.06 * max(0, length - 3))


def choose_draw(view: SeatView, level: int = 2) -> tuple[Action, Said]:
    """Keep or discard the top card (``view.draw_card``) and why (SP-2P-2).
    Level 1: the standard policy; levels 2–3: keep it when it is worth at
    least the average unseen card (see the module docstring)."""
    two = _two(view)
    top = two.draw_card
    assert top is not None, "the draw shows this seat its top card"
    seat = view.seat
    if level <= 1:
        keep = standard_keep(top)
        return Draw(seat, keep), say("player.spades_two.draw.keep_standard" if keep else
                                     "player.spades_two.draw.discard_standard", card=top.code)
    hand = list(view.hand or ())
    seen = mask_of(hand) | mask_of(two.discards) | top.bit | mask_of(two.known_pack)
    unknown = [c for c in DECK if not seen & c.bit]
    mine = card_worth(top, hand)
    avg = sum(card_worth(c, hand) for c in unknown) / len(unknown) if unknown else 0.0
    keep = mine >= avg
    return Draw(seat, keep), say("player.spades_two.draw.keep" if keep else "player.spades_two.draw.discard",
                                 card=top.code, mine=mine, avg=avg)


def unseen_two(view: SeatView) -> int:
    """Cards ``view.seat`` has not seen this hand (bitmask): not its hand,
    not its discards, not played.  The opponent's cards are among them."""
    seen = mask_of(view.hand or ()) | mask_of(_two(view).discards) | mask_of(view.played_cards())
    return FULL_DECK_MASK & ~seen


def sample_two_hands(view: SeatView, rng: random.Random) -> Deal:
    """One deal consistent with what ``view.seat`` knows: its own hand as it
    is, the opponent's remaining cards drawn from :func:`unseen_two`
    (never of a suit it has shown void in; the rest of the unseen cards are
    the opponent's discards).  Raises SamplingError if none fits."""
    me = view.seat
    opp = 1 - me
    held = view.hand_size - sum(1 for t in list(view.tricks) + ([view.current_trick] if view.current_trick else [])
                                for s in t.seats if s == opp)
    pool = unseen_two(view)
    for su in view.shown_void().get(opp, ()):
        pool &= ~SUIT_MASKS[su]
    cards = [c for c in range(52) if pool >> c & 1]
    if len(cards) < held:
        raise SamplingError("the opponent's cards do not fit the cards unseen and the voids shown")
    got = 0
    for c in rng.sample(cards, held):
        got |= 1 << c
    hands = [0, 0]
    hands[me] = mask_of(view.hand or ())
    hands[opp] = got
    return hands


def two_state_from_view(view: SeatView, hands: Sequence[int], bids: Sequence[int | None] | None = None,
                        nil: Sequence[bool] | None = None) -> PlayState:
    """A :class:`~engine.bots.sampling.PlayState` for two players: each plays
    for its own bid (the state's per-seat mode: tricks needed are the seat's
    own bid minus tricks won, a Nil bidder ducks), spades trump and not led
    before broken (SP-13).  ``bids``/``nil`` default to the view's visible bids."""
    return state_from_view(view, hands, bids, nil, terms=_PLAY)


def club_card_two(view: SeatView) -> tuple[Action, Said]:
    """The level-2 card for a two-player view and why."""
    return TWO_SEAT_SPADES.club_card(view)


# ----------------------------------------------------------------- the bid advisor's two-player estimate
def _at_least(n: int, k: int) -> float:
    """P(Binomial(n, 1/2) >= k)."""
    return sum(math.comb(n, i) for i in range(max(0, k), n + 1)) / 2 ** n if n >= 0 else 0.0


def advise_spades_two(hand: Sequence[Card], discards: Sequence[Card] = (), *, nil_value: int = 100,
                      min_bid: int = 1, words: bool = True) -> Advice:
    """Advice for a two-player Spades bid (SP-2P-3, SP-2P-5: the contract is
    the player's own bid).

    With one opponent, each of the 26 cards this player has not seen (not
    kept, not discarded: SP-2P-2) is in the opponent's hand half the time.
    A card counts as a trick when no unseen card of its suit beats it
    (``0.5 ** higher_unseen``); a side card's value is cut by the chance
    that the opponent has run out of the suit by then and trumps; the
    ``k``-th spade also wins by length when the opponent holds fewer than
    ``k`` spades.  Nil (SP-8) for a hand with little danger and few tricks.
    ``min_bid``: SP-H6's lowest number bid.  ``words`` False: the lines'
    texts are "" (the bid alone, for sampled play-outs).
    """
    known = {c for c in hand} | {c for c in discards}
    unseen = [c for c in DECK if c not in known]
    by_suit = {s: sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank) for s in Suit}
    lines: list[Line] = []
    sure = 0
    us = sum(1 for c in unseen if c.suit == Suit.SPADES)
    for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        u_suit = sum(1 for c in unseen if c.suit == s)
        for k, c in enumerate(by_suit[s], start=1):
            higher = sum(1 for x in unseen if x.suit == s and x.rank > c.rank)
            top = 0.5 ** higher
            if s == Suit.SPADES:
                v = max(top, 1 - _at_least(us, k))  # by rank, or by length: the opponent has fewer spades
                if higher == 0:
                    sure += 1
                    key = "spade.sure"
                elif v > top:
                    key = "spade.length"
                else:
                    key = "spade.higher_one" if higher == 1 else "spade.higher"
            else:
                follows = _at_least(u_suit, k)  # the opponent still holds the suit on the k-th round
                v = top * (0.35 + 0.65 * follows)
                key = ("side.top" if higher == 0 else "side.higher_one" if higher == 1 else "side.higher") + \
                    ("_ruffed" if follows < 0.6 else "")
            if v >= 0.05:
                lines.append((say(f"advice.spades_two.{key}", card=c.code, nth=k, count_word=higher,
                                  suit_one=s.letter, suit=s.letter) if words else NO_WORDS, v))
    total = sum(v for _, v in lines)
    numeric = max(max(1, min_bid), min(13, math.floor(total + 0.5)))
    danger, reasons = nil_danger(hand, words=words)
    scale = nil_value / 100
    if danger <= 0.9 * scale and total <= 2.0 * scale:
        head = (NO_WORDS if not words else say("advice.spades_two.nil") if nil_value == 100 else
                say("advice.spades_two.nil_value", nil_value=nil_value))
        return Advice(0, tuple([(head, 0.0)] + [(r, 0.0) for r in reasons]), sure=sure, nil=True,
                      alternative=numeric)
    if total < numeric - 0.5 and numeric == max(1, min_bid):
        lines.append((say("advice.spades_two.at_least", bid=numeric) if words else NO_WORDS, numeric - total))
    return finish_advice(lines, numeric, sure=sure)


# ----------------------------------------------------------------- level 4's goal
class _Contract:
    """Level 4 in two-seat Spades: the tricks this player takes in each open
    deal (:func:`engine.solver.card_values`), scored as its contract: 10 a
    trick bid and half a point less per overtrick when made, -10 a trick
    bid when set (SP-17, SP-18, SP-2P-5)."""

    def values(self, view: SeatView, pos: Position, cards: list[int], bid: int, need: int) -> list[float]:
        me = view.seat
        vals = card_values(pos, {me}, limit=None)
        won = view.tricks_won[me]
        row = []
        for c in cards:
            final = won + vals[c]
            row.append(10.0 * bid + 0.5 * (bid - final) if final >= bid else -10.0 * bid)
        return row

    def hopeless(self, best: float) -> bool:
        return False

    def reason(self, card: Card, bid: int, best: float, deals: int) -> Said:
        return say("player.spades_two.level4", card=card.code, deals=deals)


#: Level 4's goal in two-seat Spades.
CONTRACT = _Contract()


class TwoSeatSpades(SpadesStrategy):
    """Spades for two (see the module docstring)."""

    def terms(self, view: SeatView) -> PlayTerms:
        return _PLAY

    def sample(self, view: SeatView, rng: random.Random, *, include_own: bool = False) -> Deal:
        return sample_two_hands(view, rng)

    def scorer(self, view: SeatView, future_bags: bool = False) -> Scorer:
        """This player's hand points minus the opponent's (SP-17 … SP-20 per
        player, SP-2P-5), plus a bonus when the hand wins the game (SP-22)."""
        me = view.seat
        nums, _ = bid_numbers(view)
        bags = view.bags or (0, 0)
        rules = spades_rules(view)
        target = rules.target_score

        def value(won: Sequence[int]) -> float:
            pts = [spades_side_points(nums[p] or 0, None, won[p], 0, bags[p], rules)[0] for p in (0, 1)]
            return pts[me] - pts[1 - me] + game_bonus(view.scores[me] + pts[me], view.scores[1 - me] + pts[1 - me],
                                                      target)
        return value

    def looked_advice(self, view: SeatView, hand: tuple[Card, ...]) -> Advice:
        rules = spades_rules(view)
        return advise_spades_two(hand, _two(view).discards, nil_value=rules.nil_value, min_bid=rules.min_contract)

    def estimate_bid(self, view: SeatView, hand: Sequence[Card]) -> int | None:
        return advise_spades_two(hand, words=False).bid

    def beginner_bids(self, view: SeatView, rng: random.Random, bids: list[Bid]) -> list[Bid]:
        count = self.advise(view).bid
        assert count is not None, "the hand has been looked at"
        guess = count + rng.choice((-1, 0, 0, 1))  # the count, give or take one
        return [a for a in bids if a.value == guess] or [a for a in bids if a.value == 1]

    def choose_draw(self, view: SeatView, level: int) -> tuple[Action, Said]:
        return choose_draw(view, level)

    def double_dummy_card(self, search: DoubleDummySearch, view: SeatView, plays: list[Play]) -> tuple[Action, Said]:
        return search.own_seat_card(view, plays, CONTRACT)

    def review(self, reviewer: HandReviewer[T, R], job: T) -> R:
        return reviewer.own_tricks(job)


#: The two-seat Spades strategy.
TWO_SEAT_SPADES = TwoSeatSpades()
