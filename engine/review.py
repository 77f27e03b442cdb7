"""Post-hand review: where did the learner's side lose tricks?

:func:`review_hand` takes a finished (or partly played) hand -- an engine
game or a hand record (HAND_RECORD.md) -- and one seat, and for each card
that seat played says how many tricks their side could take with best play
(all hands open, "double dummy") before and after it, the best card(s) at
that moment and the tricks the card cost, in words a learner can follow::

    Trick 6: you played K♥. With best play your side could still take 9
    tricks; after K♥, 8. Playing 3♥ instead would have kept all 9 tricks within reach.

Which solver answered is labelled on every item (``"method"``):
``"exact"`` (:mod:`engine.solver`, every rule enforced, SP-13…SP-16),
``"dds"`` (:mod:`engine.solver_dds`, DDS through endplay: the card played
obeys SP-13, the lines after it may not), ``"estimated"`` (Oh Hell above the
exact limit: sampled random play-outs, not best play) or ``"unavailable"``
(neither fits: the note says why).  Tricks are counted for the whole hand:
tricks the side has already won plus what it takes from here on.

Which review a game gets is its strategy's
(:meth:`engine.bots.strategy.GameStrategy.review`, through the one registry
:func:`engine.bots.strategies.strategy_for`), one of three kinds:

* partnership tricks (four-seat Spades): side = the partnership (SP-1),
  exact up to the exact limit, DDS above it; Nil bidders (SP-8): whether the
  Nil was makeable (exactly, from the first position that fits the exact
  solver, estimated before that) and which card broke it;
* one seat's tricks against one opponent (two-seat Spades, SP-2P): the exact
  solver only (:data:`TWO_PLAYER_EXACT_TRICKS`);
* exact bid (Oh Hell): the seat alone, "most tricks this seat can take" and
  "can this seat still take exactly its bid" (OH-11) against all other seats.

Every sentence is a message of the engine's catalogue (``review.*`` in
:mod:`engine.text.review`) said with plain data (cards as codes, seats as
numbers): each ``text``, ``note`` and ``reason`` of the result is a
:class:`~engine.message.Said`, a ``str`` in the current language whose
``msg`` says it again in any other (``seat_name``, ``name`` and
``side_name`` are the names in the current language).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, cast

from .actions import Action, Deal, Phase, Play
from .bots.strategies import strategy_for
from .cards import DECK, Card
from .game import HandResult, TrickGame
from .message import Msg, Said, literal, msg_of
from .playcore import winning_position
from .record import ParsedRecord, RecordError, game_to_record, loads_record, parse_record
from .sim import SimState, play_out_oh_hell, play_out_spades, position_of
from .solver import (SPADES_EXACT_TRICKS, Position, card_values, exact_bid_cards, exact_searcher, nil_safe_cards,
                     nil_searcher, oh_hell_position, side_seats, spades_position, trick_searcher, tricks_left)
from .errors import InvalidInputError
from .verdict import Verdict
from . import solver_dds

__all__ = ["review_hand", "oh_hell_exact_limit", "OH_HELL_LIMITS", "TWO_PLAYER_EXACT_TRICKS", "NIL_EXACT_TRICKS",
           "ReviewJob"]

#: Largest Oh Hell hand (cards per seat) reviewed exactly, by number of players
#: (measured by benchmarks/solver.py: the worst full review of 8 random hands within 1 s;
#: 3 and 4 players reach 8-9 cards, kept at 7, the largest hand the issue asks for).
OH_HELL_LIMITS = {3: 7, 4: 7, 5: 6, 6: 4, 7: 4}
_SAMPLES = 200
#: Two-player Spades (SP-2P, two hands, 2-card tricks): tricks left from which a review is exact
#: (every rule, :mod:`engine.solver`).  With two hands the whole hand fits: a full 13-card review
#: (hand count plus 13 decisions, Nil included) took median 0.2 s, worst 0.8 s over 30 random hands
#: (benchmarks/review_panel.py).
TWO_PLAYER_EXACT_TRICKS = 13
#: Tricks left up to which a Nil (SP-8) is solved exactly (null-window search; benchmarks/solver.py).
NIL_EXACT_TRICKS = 7
_NIL_SAMPLES = 100

def _say(message_id: str, /, **data: Any) -> Said:
    """The review's message ``message_id`` (:mod:`engine.text.review`) with plain data, said now."""
    return Said(Msg(message_id, data))


def _dds_unavailable() -> Msg:
    """Why DDS cannot be used (:data:`engine.solver_dds.UNAVAILABLE_REASON`), as a message."""
    return msg_of(solver_dds.UNAVAILABLE_REASON)


def oh_hell_exact_limit(players: int) -> int:
    """Tricks left up to which an Oh Hell review is exact (see :data:`OH_HELL_LIMITS`)."""
    return OH_HELL_LIMITS.get(players, 4)


class ReplayGame(Protocol):
    """What the review reads of a replayed game (any game's
    :class:`~engine.game.TrickGame`)."""

    @property
    def phase(self) -> Phase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def n_seats(self) -> int: ...
    @property
    def bids(self) -> tuple[Any, ...]: ...
    @property
    def tricks(self) -> tuple[Any, ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def results(self) -> list[HandResult]: ...
    def deal(self, deal: Deal | int) -> None: ...
    def make_deal(self, number: int | None) -> Deal: ...
    def hand_of(self, seat: int) -> list[Card]: ...
    def check(self, action: Action) -> Verdict: ...
    def apply(self, action: Action) -> Any: ...
    def seat_name(self, seat: int) -> str: ...


#: One card played: (seat, card index, position before it as :func:`engine.sim.position_of` gives it,
#: tricks won per seat before it, trick number from 1).
PlayRow = tuple[int, int, dict[str, Any], list[int], int]


@dataclass(frozen=True)
class ReviewJob:
    """One hand to review, replayed: ``game`` (after the hand's last action),
    ``hand_no`` (from 1), ``deal_hands`` (bitmask per seat as dealt),
    ``bids`` (per seat, as in records, when the first card was played),
    ``plays`` (:data:`PlayRow` per card), the reviewed ``seat``,
    ``exact_limit`` (None: the kind's default), ``use_dds`` and ``naming``
    (how the game names its seats: :attr:`engine.spec.GameSpec.naming`)."""

    game: ReplayGame
    hand_no: int
    deal_hands: list[int] | None
    bids: tuple[Any, ...]
    plays: list[PlayRow]
    seat: int
    exact_limit: int | None
    use_dds: bool
    naming: str = "numbered"


def _parsed(source: Any) -> ParsedRecord:
    if isinstance(source, ParsedRecord):
        return source
    if isinstance(source, TrickGame):
        return parse_record(game_to_record(source))
    if isinstance(source, (bytes, bytearray, memoryview, str)):
        source = loads_record(source)
    return parse_record(source)


def _codes(cards: list[int]) -> list[str]:
    return [DECK[c].code for c in cards]


def _problem(e: Exception) -> Msg:
    """What an engine error says, as a message (a hand record's deal refused)."""
    return e.msg if isinstance(e, InvalidInputError) else literal(str(e))


def _replay_hand(parsed: ParsedRecord, hand: int | None
                 ) -> tuple[ReplayGame, int, list[int] | None, tuple[Any, ...], list[PlayRow]]:
    """Replay up to hand ``hand`` (1-based; None: the last hand with a card
    played).  Returns (game, hand number, deal hands, bids, plays) with
    plays = [(seat, card index, position before, won before, trick number)]."""
    with_play = [i for i, h in enumerate(parsed.hands) if any(isinstance(a, Play) for _, a in h.actions)]
    if hand is None:
        if not with_play:
            raise RecordError("hands", Msg("review.no_play"))
        target = with_play[-1]
    else:
        if not 1 <= hand <= len(parsed.hands):
            raise RecordError("hand", Msg("review.no_hand", {"hand_no": hand, "n": len(parsed.hands)}))
        target = hand - 1
    game = cast(ReplayGame, parsed.new_game())
    deal_hands = None
    bids: tuple[Any, ...] = ()
    plays: list[PlayRow] = []
    for hi, h in enumerate(parsed.hands[:target + 1]):
        if game.phase is not Phase.DEAL:
            raise RecordError(f"hands[{hi}]", Msg("review.unfinished", {"hand_no": hi, "next": hi + 1}))
        try:
            game.deal(h.deal if h.deal is not None else game.make_deal(h.deal_number))
            if h.deal is None and parsed.spec.codec.after_number_deal:
                parsed.spec.codec.after_number_deal(game)  # two-player Spades: the standard draw (SP-2P-2)
        except Exception as e:  # noqa: BLE001 - a record problem, said plainly
            raise RecordError(f"hands[{hi}].deal", _problem(e)) from None
        if hi == target:
            deal_hands = [sum(1 << c.index for c in game.hand_of(s)) for s in range(game.n_seats)]
        for path, a in h.actions:
            v = game.check(a)
            if not v.ok:
                assert not isinstance(a, Deal), "a record's actions hold no deal"
                raise RecordError(path, Msg("review.illegal", {"seat": a.seat, "naming": parsed.spec.naming,
                                                               "message": v.msg, "reason": v.reason.value,
                                                               "rule": v.rule}))
            if hi == target and isinstance(a, Play):
                if not plays:
                    bids = tuple(game.bids)
                pos = position_of(game)
                plays.append((a.seat, a.card.index, pos, list(game.tricks_won), len(game.tricks) + 1))
            game.apply(a)
    return game, target + 1, deal_hands, bids, plays


def _spades_pos(p: dict[str, Any]) -> Position:
    return spades_position(p["hands"], p["leader"], p["current"], p["broken"])


def _spades_values(pos: Position, side: frozenset[int], exact_limit: int, use_dds: bool,
                   searcher: Any = None) -> tuple[dict[int, int] | None, str, str]:
    """({card: tricks from here for side}, method, note)."""
    if tricks_left(pos) <= exact_limit:
        return card_values(pos, side, limit=exact_limit, searcher=searcher), "exact", ""
    if use_dds and solver_dds.available():
        return solver_dds.dds_card_values(pos, side), "dds", ""
    why = (_dds_unavailable() if use_dds else
           Msg("review.dds_four_only") if pos.n != 4 else Msg("review.dds_off"))
    return None, "unavailable", _say("review.too_many", left=tricks_left(pos), limit=exact_limit, why=why)


def _trick_reason_id(pos: Position, card: int, seat: int, side: frozenset[int],
                     final_trick: int | None) -> tuple[str, str] | None:
    """A simple reason when one is detectable (wasted trump, overtaking a
    partner): ``(message id, the winning card's code)`` or None."""
    cur = pos.current
    if not cur:
        return None
    n = pos.n
    led = cur[0] // 13
    w = (pos.leader + winning_position(cur, pos.trump)) % n if len(cur) > 1 else pos.leader
    wc = cur[(w - pos.leader) % n]
    partner_winning = w in side and w != seat
    suit = card // 13
    if partner_winning and suit == 3 and led != 3 and wc // 13 != 3:
        return "review.reason.trumped_partner", DECK[wc].code
    if partner_winning and suit == wc // 13 and card > wc:
        return "review.reason.overtook_partner", DECK[wc].code
    if suit == 3 and led != 3 and final_trick is not None:
        if final_trick not in side:
            return "review.reason.overtrumped", DECK[wc].code
    return None


def _trick_reason(pos: Position, card: int, seat: int, best: list[int], side: frozenset[int],
                  final_trick: int | None) -> str:
    """A simple reason when one is detectable (wasted trump, overtaking a partner), or ""."""
    found = _trick_reason_id(pos, card, seat, side, final_trick)
    return _say(found[0], winner_card=found[1]) if found else ""


class _Tricks:
    """Tricks of a side (see :class:`_Reviewer`): what the two trick reviews
    (a partnership's, one seat's) do differently."""

    decision_key = "review.decision.side"
    estimate_nil = True

    def limit(self, exact_limit: int | None) -> int:
        return SPADES_EXACT_TRICKS if exact_limit is None else exact_limit

    def solver(self, limit: int, use_dds: bool) -> dict[str, Any]:
        return {"exact_limit": limit, "dds_available": use_dds and solver_dds.available(),
                "dds_note": (_say("review.dds_off") if not use_dds else
                             "" if solver_dds.available() else Said(_dds_unavailable()))}

    def dds(self, use_dds: bool) -> bool:
        return use_dds

    def nil_limit(self, exact_limit: int) -> int:
        return NIL_EXACT_TRICKS

    def whose(self, nil_seat: int, seat: int) -> str:
        return "yours" if nil_seat == seat else "partner"

    def side_name(self, names: list[str], seat: int, side: frozenset[int]) -> str:
        return _say("side.name", side=0 if 0 in side else 1, naming="compass")

    def finish(self, out: dict[str, Any], job: ReviewJob, decisions: list[dict[str, Any]],
               nil_info: dict[int, dict[str, Any]], limit: int, use_dds: bool) -> dict[str, Any]:
        plays = job.plays
        assert job.deal_hands is not None
        return {**out, "double_dummy": {
            "from_deal": _spades_hand_count(job.deal_hands, (job.game.dealer + 1) % 4, use_dds),
            "after_bidding": (_spades_hand_count(plays[0][2]["hands"], plays[0][2]["leader"], use_dds)
                              if plays and not plays[0][2]["current"] and sum(plays[0][3]) == 0 else None)}}


class _OwnTricks(_Tricks):
    """One seat's tricks against one opponent (two-seat Spades): the exact solver only."""

    decision_key = "review.decision.own"
    estimate_nil = False  # the Nil estimate's play-outs are four-seat: not solved before the limit

    def limit(self, exact_limit: int | None) -> int:
        return TWO_PLAYER_EXACT_TRICKS if exact_limit is None else exact_limit

    def solver(self, limit: int, use_dds: bool) -> dict[str, Any]:
        return {"exact_limit": limit, "dds_available": False, "dds_note": _say("review.dds_four_only_two")}

    def dds(self, use_dds: bool) -> bool:
        return False  # DDS solves four hands only: two-player hands are the exact solver's

    def nil_limit(self, exact_limit: int) -> int:
        return exact_limit

    def whose(self, nil_seat: int, seat: int) -> str:
        return "yours" if nil_seat == seat else "other"

    def side_name(self, names: list[str], seat: int, side: frozenset[int]) -> str:
        return names[seat]

    def finish(self, out: dict[str, Any], job: ReviewJob, decisions: list[dict[str, Any]],
               nil_info: dict[int, dict[str, Any]], limit: int, use_dds: bool) -> dict[str, Any]:
        if job.seat in nil_info:  # a Nil bidder plays for no trick (SP-8): only a card that broke the Nil cost
            out["costly"] = [d for d in decisions if d.get("nil_broken")]
        out["double_dummy"] = _two_hand_count(job.plays, job.game, limit)
        unreviewed = [d["trick"] for d in decisions if d["method"] == "unavailable"]
        if unreviewed:
            out["exact_from_trick"] = max(unreviewed) + 1
            out["note"] = _say("review.two.exact_from", trick=max(unreviewed) + 1, limit=limit)
        return out


_PARTNERSHIP = _Tricks()
_OWN = _OwnTricks()


def _tricks_review(job: ReviewJob, kind: _Tricks) -> dict[str, Any]:
    game, hand_no, bids, plays, seat = job.game, job.hand_no, job.bids, job.plays, job.seat
    exact_limit = kind.limit(job.exact_limit)
    use_dds = kind.dds(job.use_dds)
    n = game.n_seats  # 4, or 2 for two-player Spades (SP-2P: each for themselves, 2-card tricks)
    side = side_seats(seat, n, True)
    names = [game.seat_name(s) for s in range(n)]
    naming = job.naming
    nil_limit = kind.nil_limit(exact_limit)
    decisions: list[dict[str, Any]] = []
    timeline = []
    winners_by_trick = {}
    # trick winners for this hand, from the plays themselves
    for i, (s, c, p, won, tno) in enumerate(plays):
        if i + 1 < len(plays) and plays[i + 1][4] != tno:
            nxt_won = plays[i + 1][3]
            winners_by_trick[tno] = next(x for x in range(n) if nxt_won[x] != won[x])
    result = game.results[-1] if game.results and game.results[-1].number == hand_no else None
    nil_seats = [s for s in range(n) if bids and bids[s] in ("nil", "blind_nil")]
    nil_info: dict[int, dict[str, Any]] = {
        s: {"seat": s, "name": names[s], "bid": bids[s], "makeable": None, "method": "unavailable",
            "from_trick": None, "broken_by": None, "estimate": None, "note": ""} for s in nil_seats}
    rng = random.Random(hand_no * 7919 + seat)
    nil_at: dict[int, dict[str, Any]] = {}
    nil_search: dict[int, Any] = {}
    searcher = None
    for s, c, p, won, tno in plays:
        pos = _spades_pos(p)
        left = tricks_left(pos)
        # Nil (SP-8): exact with few enough tricks left (DDS does not solve Nil); estimated before that
        for ns, info in nil_info.items():
            if info["broken_by"] is not None or won[ns] > 0:
                continue
            if left > nil_limit:
                if not kind.estimate_nil:
                    continue
                if info["estimate"] is None:
                    info["estimate"] = {"trick": tno, "survival_rate": _nil_estimate(pos, ns, rng),
                                        "samples": _NIL_SAMPLES}
                continue
            if ns not in nil_search:
                nil_search[ns] = nil_searcher(pos, ns)
            safe = nil_safe_cards(pos, ns, limit=nil_limit, searcher=nil_search[ns])
            before_ok = any(safe.values()) if s in side_seats(ns, n, True) else all(safe.values())
            if info["makeable"] is None:
                info.update(makeable=before_ok, method="exact", from_trick=tno)
            if s == seat:
                nil_at[ns] = {"seat": ns, "could_survive": before_ok, "survives_after": safe[c], "method": "exact"}
            if before_ok and not safe[c]:
                info["broken_by"] = {"trick": tno, "seat": s, "name": names[s], "card": DECK[c].code,
                                     "text": _say("review.nil.broken_by", trick=tno, seat=s, naming=naming,
                                                  card=DECK[c].code,
                                                  cards_or=_codes([x for x, v in sorted(safe.items()) if v]))}
        if s != seat:
            continue
        nil_here = [nil_at.pop(ns) for ns in list(nil_at)]
        if searcher is None and left <= exact_limit:
            searcher = trick_searcher(pos, side)
        vals, method, note = _spades_values(pos, side, exact_limit, use_dds, searcher)
        so_far = sum(won[x] for x in side)
        item: dict[str, Any] = {"trick": tno, "card": DECK[c].code, "method": method}
        if vals is None:
            item.update(before=None, after=None, cost=None, best=[], note=note,
                        text=_say("review.not_analysed", trick=tno, card=DECK[c].code, note=msg_of(note)))
            decisions.append(item)
            timeline.append({"trick": tno, "card": DECK[c].code, "before": None, "after": None, "method": method})
            continue
        top = max(vals.values())
        before = so_far + top
        after = so_far + vals[c]
        best = sorted(x for x, v in vals.items() if v == top)
        cost = before - after
        parts = [Msg(kind.decision_key, {"trick": tno, "card": DECK[c].code, "n": before, "after": after})]
        reason: str = ""
        if cost > 0:
            alt = _codes([x for x in best if x != c])
            parts.append(Msg("review.keeps_all", {"cards_or": alt, "before": before}) if before > 1 else
                         Msg("review.keeps_it", {"cards_or": alt}))
            found = _trick_reason_id(pos, c, seat, side, winners_by_trick.get(tno))
            if found:
                reason = _say(found[0], winner_card=found[1])
                parts.append(Msg(found[0] + ".paren", {"winner_card": found[1]}))
        broken = [nh for nh in nil_here if nh["could_survive"] and not nh["survives_after"]]
        if cost <= 0 and not broken:
            parts.append(Msg("review.best_play"))
        for i, nh in enumerate(broken):
            first = "first." if cost <= 0 and i == 0 else ""
            parts.append(Msg(f"review.nil_broken.{first}{kind.whose(nh['seat'], seat)}",
                             {"seat": nh["seat"], "naming": naming}))
        item.update(before=before, after=after, cost=cost, best=[DECK[x].code for x in best], reason=reason,
                    text=_say("review.remark", sentences=parts))
        if nil_here:
            item["nil"] = nil_here
            if broken:
                item["nil_broken"] = True
        if method == "dds":
            item["note"] = _say("review.dds_lines")
        decisions.append(item)
        timeline.append({"trick": tno, "card": DECK[c].code, "before": before, "after": after, "method": method})
    for info in nil_info.values():
        est = info["estimate"]
        if info["makeable"] is None:
            if est is not None:
                info["method"] = "estimated"
                info["note"] = _say("review.nil.estimated", limit=NIL_EXACT_TRICKS, trick=est["trick"],
                                    rate=est["survival_rate"], samples=_NIL_SAMPLES)
            else:
                info["note"] = (_say("review.nil.no_card") if not plays else
                                _say("review.nil.lost_early", limit=nil_limit))
        elif info["from_trick"] and info["from_trick"] > 1:
            if est is not None:
                info["note"] = _say("review.nil.exact_from_estimated", trick=info["from_trick"], limit=nil_limit,
                                    from_trick=est["trick"], rate=est["survival_rate"], samples=_NIL_SAMPLES)
            else:
                info["note"] = _say("review.nil.exact_from", trick=info["from_trick"], limit=nil_limit)
    out = {"solver": kind.solver(exact_limit, use_dds),
           "side": sorted(side), "side_name": kind.side_name(names, seat, side),
           "decisions": decisions, "costly": [d for d in decisions if d.get("cost") or d.get("nil_broken")],
           "nil": list(nil_info.values()), "timeline": timeline,
           "took": None if result is None else sum(result.tricks_won[x] for x in side)}
    return kind.finish(out, job, decisions, nil_info, exact_limit, use_dds)


def _two_hand_count(plays: list[PlayRow], game: ReplayGame, limit: int) -> dict[str, Any]:
    """Two-player Spades (SP-2P): tricks each player takes with best play
    from the first lead (both hands open; exact solver, every rule)."""
    if not plays or plays[0][2]["current"] or sum(plays[0][3]):
        return {"method": "unavailable", "note": _say("review.two.no_first_lead")}
    p0 = plays[0][2]
    pos = spades_position(p0["hands"], p0["leader"], (), False)
    if tricks_left(pos) > limit:
        return {"method": "unavailable", "note": _say("review.two.too_many", left=tricks_left(pos), limit=limit)}
    first = trick_searcher(pos, {0}).exact(pos)
    return {"method": "exact", "tricks": [first, tricks_left(pos) - first],
            "names": [game.seat_name(0), game.seat_name(1)]}


def _nil_policy(nil_seat: int) -> Callable[[int, int, SimState], int]:
    """Simple Nil-minded play for the estimate: the Nil bidder plays the
    highest card that does not take the trick so far (else its highest
    card, hoping to be overtaken later, when not last; its lowest when last);
    the partner plays its highest card; the opponents play their lowest,
    leaving the Nil bidder on top.  Leads: the Nil side leads low, the
    opponents lead low too."""
    partner = (nil_seat + 2) % 4

    def policy(seat: int, legal: int, st: SimState) -> int:
        cards = [c for c in range(52) if legal >> c & 1]
        if seat == nil_seat and st.current:
            w = (st.leader + winning_position(st.current, 3)) % 4 if len(st.current) > 1 else st.leader
            wc = st.current[(w - st.leader) % 4]
            losing = [c for c in cards if (c // 13 == wc // 13 and c < wc)
                      or (c // 13 != wc // 13 and c // 13 != 3)]
            if losing:
                return max(losing, key=lambda c: (c // 13 != 3, c % 13))
            return min(cards, key=lambda c: c % 13)
        if seat == partner and st.current:
            return max(cards, key=lambda c: (c // 13 == 3, c % 13))
        return min(cards, key=lambda c: (c // 13 == 3, c % 13))
    return policy


def _nil_estimate(pos: Position, nil_seat: int, rng: random.Random) -> float:
    """Share of play-outs (simple Nil-minded play, a random card 1 time in 4) in which the Nil survives."""
    base = _nil_policy(nil_seat)

    def policy(seat: int, legal: int, st: SimState) -> int:
        if rng.random() < 0.25:
            cards = [c for c in range(52) if legal >> c & 1]
            return cards[int(rng.random() * len(cards))]
        return base(seat, legal, st)
    ok = 0
    for _ in range(_NIL_SAMPLES):
        won = play_out_spades(list(pos.hands), pos.leader, pos.broken, rng, current=list(pos.current),
                              won=[0, 0, 0, 0], policy=policy)
        ok += won[nil_seat] == 0
    return ok / _NIL_SAMPLES


def _spades_hand_count(hands: list[int], leader: int, use_dds: bool) -> dict[str, Any]:
    """Tricks each side takes with best play from the opening lead (DDS: 13 tricks)."""
    pos = spades_position(hands, leader, (), False)
    if not (use_dds and solver_dds.available()):
        return {"method": "unavailable",
                "note": Said(_dds_unavailable()) if solver_dds.UNAVAILABLE_REASON else _say("review.dds_off")}
    lead_side = side_seats(leader, 4, True)
    v = max(solver_dds.dds_card_values(pos, lead_side).values())
    ns = v if 0 in lead_side else 13 - v
    return {"method": "dds", "NS": ns, "EW": 13 - ns, "note": _say("review.dds_count")}


# ----------------------------------------------------------------------------- Oh Hell
def _oh_pos(p: dict[str, Any]) -> Position:
    return oh_hell_position(p["hands"], p["leader"], p["current"], p["trump"], p["must_trump"])


def _sampled(p: dict[str, Any], card: int, seat: int, rng: random.Random) -> float:
    """Mean tricks ``seat`` wins from here after ``card``, over random play-outs."""
    pos = _oh_pos(p)
    nxt, w = pos.play(card)
    tot = 0
    for _ in range(_SAMPLES):
        won = play_out_oh_hell(list(nxt.hands), nxt.leader, nxt.trump, nxt.must_trump, rng,
                               current=list(nxt.current), won=[0] * nxt.n)
        tot += won[seat]
    return (w == seat) + tot / _SAMPLES


def _exact_bid_review(job: ReviewJob) -> dict[str, Any]:
    game, hand_no, bids, plays, seat = job.game, job.hand_no, job.bids, job.plays, job.seat
    n = game.n_seats
    limit = oh_hell_exact_limit(n) if job.exact_limit is None else job.exact_limit
    bid = bids[seat] if bids else None
    decisions = []
    rng = random.Random(hand_no * 1000 + seat)
    ts = es = None
    if plays:  # one table per question for the whole hand
        p0 = _oh_pos(plays[0][2])
        ts, es = trick_searcher(p0, {seat}), exact_searcher(p0, seat)
    for s, c, p, won, tno in plays:
        if s != seat:
            continue
        pos = _oh_pos(p)
        so_far = won[seat]
        item: dict[str, Any] = {"trick": tno, "card": DECK[c].code}
        if tricks_left(pos) <= limit:
            vals = card_values(pos, {seat}, limit=limit, searcher=ts)
            top = max(vals.values())
            before, after = so_far + top, so_far + vals[c]
            exact = (exact_bid_cards(pos, seat, bid - so_far, limit=limit, searcher=es)
                     if isinstance(bid, int) else {})
            could, can = any(exact.values()), exact.get(c)
            keep = sorted(x for x, v in exact.items() if v)
            parts = [Msg("review.oh.decision", {"trick": tno, "card": DECK[c].code, "n": before, "after": after})]
            if isinstance(bid, int):
                if could and not can:
                    parts.append(Msg("review.oh.bid_lost", {"bid": bid, "cards_or": _codes(keep)}))
                elif could:
                    parts.append(Msg("review.oh.bid_open", {"bid": bid}))
                else:
                    parts.append(Msg("review.oh.bid_gone", {"bid": bid}))
            item.update(method="exact", before=before, after=after, cost=before - after,
                        best=[DECK[x].code for x in sorted(x for x, v in vals.items() if v == top)],
                        bid_makeable_before=could, bid_makeable_after=can,
                        keeps_bid=[DECK[x].code for x in keep], text=_say("review.remark", sentences=parts))
        else:
            m = pos.legal_mask()
            est = {x: _sampled(p, x, seat, rng) for x in range(52) if m >> x & 1}
            item.update(method="estimated", before=None, after=None, cost=None,
                        sampled_mean_after=round(so_far + est[c], 2),
                        sampled_mean_best=round(so_far + max(est.values()), 2),
                        text=_say("review.oh.estimated", trick=tno, card=DECK[c].code, left=tricks_left(pos),
                                  limit=limit,
                                  players=n, samples=_SAMPLES, after=so_far + est[c],
                                  best=so_far + max(est.values())))
        decisions.append(item)
    # Oh Hell scores only an exact bid (OH-11): a costly moment is a card that lost a makeable bid.
    out: dict[str, Any] = {"solver": {"exact_limit": limit, "estimated_above": limit},
                           "side": [seat], "bid": bid, "decisions": decisions,
                           "costly": [d for d in decisions
                                      if d.get("bid_makeable_before") and d.get("bid_makeable_after") is False]}
    if plays and not plays[0][2]["current"] and sum(plays[0][3]) == 0:
        pos = _oh_pos(plays[0][2])
        if tricks_left(pos) <= limit:
            assert ts is not None and es is not None
            out["double_dummy"] = {"method": "exact", "most_tricks": ts.exact(pos),
                                   "bid_makeable": (es.can(list(pos.hands), pos.leader, pos.current, bid)
                                                    if isinstance(bid, int) else None)}
        else:
            out["double_dummy"] = {"method": "estimated",
                                   "note": _say("review.oh.too_large", left=tricks_left(pos), limit=limit, players=n)}
    return out


class _Reviewer:
    """The kinds of review (:class:`engine.bots.strategy.HandReviewer`); a
    game's strategy picks one."""

    def partnership_tricks(self, job: ReviewJob) -> dict[str, Any]:
        return _tricks_review(job, _PARTNERSHIP)

    def own_tricks(self, job: ReviewJob) -> dict[str, Any]:
        return _tricks_review(job, _OWN)

    def exact_bid(self, job: ReviewJob) -> dict[str, Any]:
        return _exact_bid_review(job)


_REVIEWER = _Reviewer()


def review_hand(source: Any, seat: int, hand: int | None = None, *, exact_limit: int | None = None,
                use_dds: bool = True) -> dict[str, Any]:
    """Review one hand for ``seat``.

    ``source``: a :class:`~engine.game.TrickGame`, a hand record (dict, or
    the file's bytes/text) or a :class:`~engine.record.ParsedRecord`.
    ``hand``: 1-based hand number (default: the last hand with a card
    played).  ``exact_limit``: tricks left up to which the exact solver is
    used (Spades default :data:`~engine.solver.SPADES_EXACT_TRICKS`, Spades
    for two :data:`TWO_PLAYER_EXACT_TRICKS`; Oh Hell default
    :func:`oh_hell_exact_limit`).  ``use_dds``: allow DDS (when endplay is
    installed) above that.

    Returns a JSON-ready dict: ``game``, ``hand``, ``seat``, ``seat_name``,
    ``solver`` (what was available), ``decisions`` (one per card the seat
    played: ``trick``, ``card``, ``before``, ``after``, ``cost``, ``best``,
    ``method``, ``text``), ``costly`` (those with a cost), and per game
    ``double_dummy`` and (Spades) ``nil``.  Raises
    :class:`~engine.record.RecordError` for a bad record, hand or seat.
    """
    parsed = _parsed(source)
    if not (isinstance(seat, int) and 0 <= seat < parsed.seats):
        raise RecordError("seat", Msg("review.bad_seat", {"value": seat, "last": parsed.seats - 1}))
    game, hand_no, deal_hands, bids, plays = _replay_hand(parsed, hand)
    out: dict[str, Any] = {"game": parsed.game, "hand": hand_no, "seat": seat, "seat_name": game.seat_name(seat),
                           "bids": [b for b in bids] if bids else None}
    job = ReviewJob(game, hand_no, deal_hands, bids, plays, seat, exact_limit, use_dds, parsed.spec.naming)
    out.update(strategy_for(parsed.spec).review(_REVIEWER, job))
    return out
