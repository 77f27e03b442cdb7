"""Computer players' pieces for Spades for two players (SP-2P-1 … SP-2P-6).

Every function sees only a :class:`~engine.spades_two.TwoSeatView`:

* **The draw** (SP-2P-2).  Level 1 uses the standard policy
  (:func:`engine.spades_two.standard_keep`: keep a spade or a queen, king or
  ace).  Levels 2 and 3 judge: :func:`card_worth` values a card for the hand
  kept so far (spades are trump and always worth keeping; aces, kings and
  queens next; a side card loses value in a suit already long, because one
  opponent runs out of it and trumps); the top card is kept when it is worth
  at least the average worth of the cards this player has not seen (the
  next card is one of them, unseen).
* **Bidding**: the bid advisor's two-player path (:func:`advise_spades_two`,
  which :func:`engine.bots.advisor.advise_bid` calls for a two-player view).
* **Play**: the level-2 card heuristics (:func:`engine.bots.sampling.club_card`)
  with the player's own bid as its contract and no partner; level 3 samples
  the opponent's hand from the cards it has not seen (:func:`sample_two_hands`:
  of the 52, its own 13 kept and 13 discarded cards and the cards played are
  known; the opponent's remaining cards are drawn from the other 26 minus the
  cards played, never of a suit the opponent has shown void in) and plays
  each legal card out over the same deals, scoring both players with the
  one Spades scorer (SP-17 … SP-20, SP-2P-5).
"""
from __future__ import annotations

import math
import random
import time

from ..actions import Action, Draw, Play
from ..cards import DECK, FULL_DECK_MASK, SUIT_MASKS, Card, Rank, Suit, mask_of
from ..game import SeatView
from ..spades_rules import side_points
from ..spades_two import standard_keep
from .advisor import Advice, _count_word, _finish, _name, _nil_danger, _ordinal
from .sampling import PlayState, SamplingError, bid_numbers, club_card, club_policy, play_out

__all__ = ["advise_spades_two", "card_worth", "choose_draw", "unseen_two", "sample_two_hands", "two_state_from_view",
           "club_card_two", "expert_card_two"]

_SIDE_WORTH = {Rank.ACE: 0.9, Rank.KING: 0.65, Rank.QUEEN: 0.4, Rank.JACK: 0.22}


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


def choose_draw(view: SeatView, level: int = 2) -> tuple[Action, str]:
    """Keep or discard the top card (``view.draw_card``) and why (SP-2P-2).
    Level 1: the standard policy; levels 2–3: keep it when it is worth at
    least the average unseen card (see the module docstring)."""
    top = view.draw_card
    seat = view.seat
    if level <= 1:
        keep = standard_keep(top)
        why = (f"keep the {top.display}: a spade or a high card" if keep else
               f"discard the {top.display} and take the next card: it is neither a spade nor a high card")
        return Draw(seat, keep), why
    hand = list(view.hand or ())
    seen = mask_of(hand) | mask_of(view.discards) | top.bit | mask_of(getattr(view, "known_pack", ()))
    unknown = [c for c in DECK if not seen & c.bit]
    mine = card_worth(top, hand)
    avg = sum(card_worth(c, hand) for c in unknown) / len(unknown) if unknown else 0.0
    keep = mine >= avg
    if keep:
        return Draw(seat, True), (f"keep the {top.display}: worth about {mine:.2f} tricks, more than the "
                                  f"{avg:.2f} of an average unseen card")
    return Draw(seat, False), (f"discard the {top.display} (about {mine:.2f} tricks) and take the next card "
                               f"unseen: an average unseen card is worth {avg:.2f}")


def unseen_two(view: SeatView) -> int:
    """Cards ``view.seat`` has not seen this hand (bitmask): not its hand,
    not its discards, not played.  The opponent's cards are among them."""
    seen = mask_of(view.hand or ()) | mask_of(view.discards) | mask_of(view.played_cards())
    return FULL_DECK_MASK & ~seen


def sample_two_hands(view: SeatView, rng: random.Random) -> list[int]:
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


def two_state_from_view(view: SeatView, hands, bids=None, nil=None) -> PlayState:
    """A :class:`PlayState` for two players: each plays for its own bid
    (the state's per-seat mode: tricks needed are the seat's own bid minus
    tricks won, a Nil bidder ducks), spades trump and not led before broken
    (SP-13).  ``bids``/``nil`` default to the view's visible bids."""
    nums, nils = bid_numbers(view)
    nums = list(bids) if bids is not None else nums
    nils = list(nil) if nil is not None else nils
    ct = view.current_trick
    trick = [c.index for c in ct.cards] if ct and ct.cards else []
    leader = ct.leader if ct is not None else (view.dealer + 1) % 2
    out = mask_of(view.played_cards())
    return PlayState(False, hands, leader, int(Suit.SPADES), True, view.broken, False, view.tricks_won,
                     out, nums, nils, trick)


def club_card_two(view: SeatView) -> tuple[Action, str]:
    """The level-2 card for a two-player view and why."""
    seat = view.seat
    legal_cards = [a.card for a in view.legal if isinstance(a, Play)]
    hands = [0, 0]
    hands[seat] = mask_of(view.hand or ())
    st = two_state_from_view(view, hands)
    idx, reason = club_card(st, seat, mask_of(legal_cards))
    action = Play(seat, DECK[idx])
    if action not in view.legal:
        action = Play(seat, legal_cards[0])
    return action, f"{action.card.display}: {reason}"


def _value_fn(view: SeatView):
    """``won -> utility``: this player's hand points minus the opponent's
    (SP-17 … SP-20 per player, SP-2P-5), plus a bonus when the hand wins
    the game (SP-22)."""
    me = view.seat
    nums, nil = bid_numbers(view)
    bags = view.bags or (0, 0)
    rules = view.rules
    target = rules.target_score

    from .level3 import game_bonus  # late: level 3 imports this module lazily

    def value(won):
        pts = [side_points(nums[p] or 0, None, won[p], 0, bags[p], rules)[0] for p in (0, 1)]
        return pts[me] - pts[1 - me] + game_bonus(view.scores[me] + pts[me], view.scores[1 - me] + pts[1 - me], target)
    return value


def expert_card_two(view: SeatView, rng: random.Random, budget_ms: float = 250.0, max_samples: int = 200,
                    threshold: float = 1.0) -> tuple[Action, str]:
    """Level 3's card for a two-player view: every legal card played out
    over the same sampled deals (:func:`sample_two_hands`) by the level-2
    policy; the level-2 card unless another is clearly better (a paired t
    statistic above ``threshold``)."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if len(plays) == 1:
        return plays[0], f"{plays[0].card.display}: the only legal card"
    club_action, club_why = club_card_two(view)
    cards = [a.card for a in plays]
    value = _value_fn(view)
    t_end = time.perf_counter() + budget_ms / 1000.0
    rows = []
    for k in range(max_samples):
        if k >= 4 and time.perf_counter() > t_end:
            break
        try:
            hands = sample_two_hands(view, rng)
        except SamplingError:
            break
        base = two_state_from_view(view, hands)
        vals = []
        for c in cards:
            st = base.copy()
            st.apply(view.seat, c.index)
            vals.append(value(play_out(st, club_policy, rng)))
        rows.append(vals)
    n = len(rows)
    if n < 2:
        return club_action, club_why
    ci = cards.index(club_action.card)
    best, best_mean = ci, None
    for i in range(len(cards)):
        if i == ci:
            continue
        diffs = [r[i] - r[ci] for r in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / n
        se = math.sqrt(var / n) if var > 0 else 0.0
        t = mean / se if se > 0 else (float("inf") if mean > 0 else 0.0)
        if mean > 0 and t > threshold and (best_mean is None or mean > best_mean):
            best, best_mean = i, mean
    if best == ci:
        return club_action, f"{club_why} (confirmed over {n} sampled deals)"
    card = cards[best]
    return Play(view.seat, card), (f"{card.display}: scores {best_mean:+.1f} points better than "
                                   f"{club_action.card.display} on average over {n} sampled deals")


# ----------------------------------------------------------------- the bid advisor's two-player estimate
def _at_least(n: int, k: int) -> float:
    """P(Binomial(n, 1/2) >= k)."""
    return sum(math.comb(n, i) for i in range(max(0, k), n + 1)) / 2 ** n if n >= 0 else 0.0


def advise_spades_two(hand: Sequence[Card], discards: Sequence[Card] = (), *, nil_value: int = 100,
                      min_bid: int = 1) -> Advice:
    """Advice for a two-player Spades bid (SP-2P-3, SP-2P-5: the contract is
    the player's own bid).

    With one opponent, each of the 26 cards this player has not seen (not
    kept, not discarded: SP-2P-2) is in the opponent's hand half the time.
    A card counts as a trick when no unseen card of its suit beats it
    (``0.5 ** higher_unseen``); a side card's value is cut by the chance
    that the opponent has run out of the suit by then and trumps; the
    ``k``-th spade also wins by length when the opponent holds fewer than
    ``k`` spades.  Nil (SP-8) for a hand with little danger and few tricks.
    ``min_bid``: SP-H6's lowest number bid.
    """
    known = {c for c in hand} | {c for c in discards}
    unseen = [c for c in DECK if c not in known]
    by_suit = {s: sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank) for s in Suit}
    lines: list[tuple[str, float]] = []
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
                    why = "no higher spade unseen: a sure trick"
                elif v > top:
                    why = f"the {_ordinal(k)} spade: wins once the opponent's spades are gone"
                else:
                    why = f"{_count_word(higher)} higher spade{'s' if higher > 1 else ''} unseen"
            else:
                follows = _at_least(u_suit, k)  # the opponent still holds the suit on the k-th round
                v = top * (0.35 + 0.65 * follows)
                why = ("no higher card unseen" if higher == 0 else
                       f"{_count_word(higher)} higher {s.singular if higher == 1 else s.noun} unseen")
                if follows < 0.6:
                    why += "; the opponent may trump it"
            if v >= 0.05:
                lines.append((f"{_name(c)}: {why}", v))
    total = sum(v for _, v in lines)
    numeric = max(max(1, min_bid), min(13, math.floor(total + 0.5)))
    danger, reasons = _nil_danger(hand)
    scale = nil_value / 100
    if danger <= 0.9 * scale and total <= 2.0 * scale:
        nil_lines = [("Nil: a weak hand with no sure trick against one opponent"
                      + ("" if nil_value == 100 else f" (Nil is worth {nil_value} in this game, SP-H1)"), 0.0)]
        return Advice(0, tuple(nil_lines + [(r, 0.0) for r in reasons]), sure=sure, nil=True, alternative=numeric)
    if total < numeric - 0.5 and numeric == max(1, min_bid):
        lines.append((f"bid at least {numeric} (0 would be a Nil, SP-8)", numeric - total))
    return _finish(lines, numeric, sure=sure)
