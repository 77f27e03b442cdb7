"""Post-hand review: where did the learner's side lose tricks?

:func:`review_hand` takes a finished (or partly played) hand -- an engine
game or a hand record (HAND_RECORD.md) -- and one seat, and for each card
that seat played says how many tricks their side could take with best play
(all hands open, "double dummy") before and after it, the best card(s) at
that moment and the tricks the card cost, in words a learner can follow::

    Trick 6: you played K♥. With best play your side could still take 9
    tricks; after K♥, 8. Playing 3♥ keeps all 9.

Which solver answered is labelled on every item (``"method"``):
``"exact"`` (:mod:`engine.solver`, every rule enforced, SP-13…SP-16),
``"dds"`` (:mod:`engine.solver_dds`, DDS through endplay: the card played
obeys SP-13, the lines after it may not), ``"estimated"`` (Oh Hell above the
exact limit: sampled random play-outs, not best play) or ``"unavailable"``
(neither fits: the note says why).  Tricks are counted for the whole hand:
tricks the side has already won plus what it takes from here on.

Spades (four seats): side = the partnership (SP-1).  Nil bidders (SP-8):
whether the Nil was makeable (exactly, from the first position that fits the
exact solver) and which card broke it.  Oh Hell: the seat alone, "most
tricks this seat can take" and "can this seat still take exactly its bid"
(OH-11) against all other seats.
"""
from __future__ import annotations

import random
from typing import Any

from .actions import Phase, Play
from .cards import DECK
from .game import TrickGame
from .record import ParsedRecord, RecordError, game_to_record, loads_record, parse_record
from .sim import play_out_oh_hell, play_out_spades, position_of
from .solver import (SPADES_EXACT_TRICKS, Position, card_values, exact_bid_cards, nil_safe_cards, nil_searcher,
                     trick_searcher, exact_searcher,
                     oh_hell_position, side_seats, spades_position, tricks_left)
from .tricks import trick_winner
from . import solver_dds

__all__ = ["review_hand", "oh_hell_exact_limit", "OH_HELL_LIMITS", "TWO_PLAYER_EXACT_TRICKS"]

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


def oh_hell_exact_limit(players: int) -> int:
    """Tricks left up to which an Oh Hell review is exact (see :data:`OH_HELL_LIMITS`)."""
    return OH_HELL_LIMITS.get(players, 4)


def _parsed(source: Any) -> ParsedRecord:
    if isinstance(source, ParsedRecord):
        return source
    if isinstance(source, TrickGame):
        return parse_record(game_to_record(source))
    if isinstance(source, (bytes, bytearray, memoryview, str)):
        source = loads_record(source)
    return parse_record(source)


def _d(c: int) -> str:
    return DECK[c].display


def _cards_text(cards: list[int]) -> str:
    names = [_d(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _replay_hand(parsed: ParsedRecord, hand: int | None):
    """Replay up to hand ``hand`` (1-based; None: the last hand with a card
    played).  Returns (game, hand number, deal hands, bids, plays) with
    plays = [(seat, card index, position before, won before, trick number)]."""
    with_play = [i for i, h in enumerate(parsed.hands) if any(isinstance(a, Play) for _, a in h.actions)]
    if hand is None:
        if not with_play:
            raise RecordError("hands", "no hand in this record has a card played, so there is nothing to review")
        target = with_play[-1]
    else:
        if not 1 <= hand <= len(parsed.hands):
            raise RecordError("hand", f"hand {hand} does not exist: this record has {len(parsed.hands)} hand(s)")
        target = hand - 1
    game = parsed.new_game()
    deal_hands = None
    bids: tuple = ()
    plays = []
    for hi, h in enumerate(parsed.hands[:target + 1]):
        if game.phase is not Phase.DEAL:
            raise RecordError(f"hands[{hi}]", f"hand {hi} is not finished, so hand {hi + 1} cannot start")
        try:
            game.deal(h.deal if h.deal is not None else game.make_deal(h.deal_number))
            if h.deal is None and parsed.spec.codec.after_number_deal:
                parsed.spec.codec.after_number_deal(game)  # two-player Spades: the standard draw (SP-2P-2)
        except Exception as e:  # noqa: BLE001 - a record problem, said plainly
            raise RecordError(f"hands[{hi}].deal", str(e)) from None
        if hi == target:
            deal_hands = [sum(1 << c.index for c in game.hand_of(s)) for s in range(game.n_seats)]
        for path, a in h.actions:
            v = game.check(a)
            if not v.ok:
                raise RecordError(path, f"{game.seat_name(a.seat)} may not do this: {v.message} [{v.reason.value}, {v.rule}]")
            if hi == target and isinstance(a, Play):
                if not plays:
                    bids = tuple(game.bids)
                pos = position_of(game)
                plays.append((a.seat, a.card.index, pos, list(game.tricks_won), len(game.tricks) + 1))
            game.apply(a)
    return game, target + 1, deal_hands, bids, plays


def _spades_pos(p: dict) -> Position:
    return spades_position(p["hands"], p["leader"], p["current"], p["broken"])


def _spades_values(pos: Position, side: frozenset, exact_limit: int, use_dds: bool, searcher=None):
    """({card: tricks from here for side}, method, note)."""
    if tricks_left(pos) <= exact_limit:
        return card_values(pos, side, limit=exact_limit, searcher=searcher), "exact", ""
    if use_dds and solver_dds.available():
        return solver_dds.dds_card_values(pos, side), "dds", ""
    why = (solver_dds.UNAVAILABLE_REASON if use_dds else
           "DDS solves four hands only" if pos.n != 4 else "DDS was switched off")
    return None, "unavailable", (f"{tricks_left(pos)} tricks were left, more than the exact solver's "
                                 f"{exact_limit}, and {why}")


def _trick_reason(pos: Position, card: int, seat: int, best: list[int], side: frozenset, final_trick) -> str:
    """A simple reason when one is detectable (wasted trump, overtaking a partner)."""
    cur = pos.current
    if not cur:
        return ""
    n = pos.n
    led = cur[0] // 13
    w = trick_winner(pos.leader, [DECK[x] for x in cur], pos.trump, n) if len(cur) > 1 else pos.leader
    wc = cur[(w - pos.leader) % n]
    partner_winning = w in side and w != seat
    suit = card // 13
    if partner_winning and suit == 3 and led != 3 and wc // 13 != 3:
        return f"you trumped your partner's winning {_d(wc)}: a wasted trump"
    if partner_winning and suit == wc // 13 and card > wc:
        return f"you overtook your partner's winning {_d(wc)}"
    if suit == 3 and led != 3 and final_trick is not None:
        fw = final_trick
        if fw not in side:
            return "your trump was overtrumped: a wasted trump"
    return ""


def _spades_review(game, hand_no, deal_hands, bids, plays, seat, exact_limit, use_dds) -> dict:
    n = game.n_seats  # 4, or 2 for two-player Spades (SP-2P: each for themselves, 2-card tricks)
    side = side_seats(seat, n, True)
    names = [game.seat_name(s) for s in range(n)]
    two = n == 2
    yours = "you" if two else "your side"  # who the tricks are counted for
    nil_limit = exact_limit if two else NIL_EXACT_TRICKS
    if two:
        use_dds = False  # DDS solves four hands only: two-player hands are the exact solver's
    decisions = []
    timeline = []
    winners_by_trick = {}
    # trick winners for this hand, from the plays themselves
    for i, (s, c, p, won, tno) in enumerate(plays):
        if i + 1 < len(plays) and plays[i + 1][4] != tno:
            nxt_won = plays[i + 1][3]
            winners_by_trick[tno] = next(x for x in range(n) if nxt_won[x] != won[x])
    result = game.results[-1] if game.results and game.results[-1].number == hand_no else None
    nil_seats = [s for s in range(n) if bids and bids[s] in ("nil", "blind_nil")]
    nil_info = {s: {"seat": s, "name": names[s], "bid": bids[s], "makeable": None, "method": "unavailable",
                    "from_trick": None, "broken_by": None, "estimate": None, "note": ""} for s in nil_seats}
    rng = random.Random(hand_no * 7919 + seat)
    nil_at: dict[int, dict] = {}
    nil_search: dict = {}
    searcher = None
    for s, c, p, won, tno in plays:
        pos = _spades_pos(p)
        left = tricks_left(pos)
        # Nil (SP-8): exact with few enough tricks left (DDS does not solve Nil); estimated before that
        for ns, info in nil_info.items():
            if info["broken_by"] is not None or won[ns] > 0:
                continue
            if left > nil_limit:
                if two:  # the Nil estimate's play-outs are four-seat; two-player: not solved before the limit
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
                                     "text": f"Trick {tno}: {names[s]}'s {_d(c)} broke the Nil; "
                                             f"{_cards_text([x for x, v in sorted(safe.items()) if v])} kept it."}
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
                        text=f"Trick {tno}: you played {_d(c)}. Not analysed: {note}.")
            decisions.append(item)
            timeline.append({"trick": tno, "card": DECK[c].code, "before": None, "after": None, "method": method})
            continue
        before = so_far + max(vals.values())
        after = so_far + vals[c]
        best = sorted(x for x, v in vals.items() if v == max(vals.values()))
        cost = before - after
        text = (f"Trick {tno}: you played {_d(c)}. With best play {yours} could still take {before} "
                f"trick{'s' if before != 1 else ''}; after {_d(c)}, {after}.")
        reason = ""
        if cost > 0:
            alt = [x for x in best if x != c]
            text += f" Playing {_cards_text(alt)} keeps all {before}." if before > 1 else \
                f" Playing {_cards_text(alt)} keeps it."
            reason = _trick_reason(pos, c, seat, best, side, winners_by_trick.get(tno))
            if reason:
                text += f" ({reason[0].upper() + reason[1:]}.)"
        else:
            text += " Best play."
        item.update(before=before, after=after, cost=cost, best=[DECK[x].code for x in best], reason=reason,
                     text=text)
        if nil_here:
            item["nil"] = nil_here
            for nh in nil_here:
                if nh["could_survive"] and not nh["survives_after"]:
                    whose = "your" if nh["seat"] == seat else (f"{names[nh['seat']]}'s" if two else
                                                                 f"your partner {names[nh['seat']]}'s")
                    item["text"] = item["text"].replace(" Best play.", " Best play for tricks,")
                    item["text"] += (" but" if item["text"].endswith(",") else "") + \
                        f" {'t' if item['text'].endswith(',') else 'T'}his card broke {whose} Nil (SP-8)."
                    item["nil_broken"] = True
        if method == "dds":
            item["note"] = "DDS: the lines after this card may include a spade lead before spades are broken (SP-13)"
        decisions.append(item)
        timeline.append({"trick": tno, "card": DECK[c].code, "before": before, "after": after, "method": method})
    for info in nil_info.values():
        if info["makeable"] is None:
            if info["estimate"] is not None:
                info["method"] = "estimated"
                info["note"] = (f"estimated (sampled): the Nil bidder won a trick before the exact solver could "
                                f"start ({NIL_EXACT_TRICKS} tricks left); from trick {info['estimate']['trick']}, "
                                f"{info['estimate']['survival_rate']:.0%} of {_NIL_SAMPLES} play-outs with simple "
                                f"Nil-minded play kept the Nil (not best play)")
            else:
                info["note"] = ("no card was played" if not plays else
                                f"not reviewed: the Nil was lost before the exact solver could start ({nil_limit} "
                                f"tricks left)")
        elif info["from_trick"] and info["from_trick"] > 1:
            info["note"] = (f"exact from trick {info['from_trick']} on (the exact solver takes {nil_limit} "
                            f"tricks or fewer); before that only estimated")
            if info["estimate"] is not None:
                info["note"] += (f": from trick {info['estimate']['trick']}, {info['estimate']['survival_rate']:.0%} of "
                                 f"{_NIL_SAMPLES} play-outs with simple Nil-minded play kept the Nil (sampled, not best play)")
    out = {"side": sorted(side), "side_name": (names[seat] if two else "North–South" if 0 in side else "East–West"),
           "decisions": decisions, "costly": [d for d in decisions if d.get("cost") or d.get("nil_broken")],
           "nil": list(nil_info.values()), "timeline": timeline,
           "took": None if result is None else sum(result.tricks_won[x] for x in side)}
    if two:
        if seat in nil_info:  # a Nil bidder plays for no trick (SP-8): only a card that broke the Nil cost anything
            out["costly"] = [d for d in decisions if d.get("nil_broken")]
        out["double_dummy"] = _two_hand_count(deal_hands, plays, game, exact_limit)
        unreviewed = [d["trick"] for d in decisions if d["method"] == "unavailable"]
        if unreviewed:
            out["exact_from_trick"] = max(unreviewed) + 1
            out["note"] = (f"not reviewed before trick {max(unreviewed) + 1}: two-player hands are solved exactly "
                           f"(SP-13…SP-16, SP-2P-4) from {exact_limit} tricks left, the most that fits the time")
        return out
    return {**out, "double_dummy": {"from_deal": _spades_hand_count(deal_hands, (game.dealer + 1) % 4, use_dds),
                             "after_bidding": (_spades_hand_count(plays[0][2]["hands"], plays[0][2]["leader"], use_dds)
                                               if plays and not plays[0][2]["current"] and sum(plays[0][3]) == 0
                                               else None)},
            }


def _two_hand_count(deal_hands, plays, game, limit: int) -> dict:
    """Two-player Spades (SP-2P): tricks each player takes with best play
    from the first lead (both hands open; exact solver, every rule)."""
    if not plays or plays[0][2]["current"] or sum(plays[0][3]):
        return {"method": "unavailable", "note": "the hand's first lead is not in the record"}
    p0 = plays[0][2]
    pos = spades_position(p0["hands"], p0["leader"], (), False)
    if tricks_left(pos) > limit:
        return {"method": "unavailable",
                "note": f"{tricks_left(pos)} tricks are more than the exact solver's two-player limit of {limit}"}
    first = trick_searcher(pos, {0}).exact(pos)
    return {"method": "exact", "tricks": [first, tricks_left(pos) - first],
            "names": [game.seat_name(0), game.seat_name(1)]}


def _nil_policy(nil_seat: int):
    """Simple Nil-minded play for the estimate: the Nil bidder plays the
    highest card that does not take the trick so far (else its highest
    card, hoping to be overtaken later, when not last; its lowest when last);
    the partner plays its highest card; the opponents play their lowest,
    leaving the Nil bidder on top.  Leads: the Nil side leads low, the
    opponents lead low too."""
    partner = (nil_seat + 2) % 4

    def policy(seat: int, legal: int, st) -> int:
        cards = [c for c in range(52) if legal >> c & 1]
        if seat == nil_seat and st.current:
            w = trick_winner(st.leader, [DECK[x] for x in st.current], 3, 4) if len(st.current) > 1 else st.leader
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

    def policy(seat, legal, st):
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


def _spades_hand_count(hands, leader: int, use_dds: bool) -> dict:
    """Tricks each side takes with best play from the opening lead (DDS: 13 tricks)."""
    pos = spades_position(hands, leader, (), False)
    if not (use_dds and solver_dds.available()):
        return {"method": "unavailable", "note": solver_dds.UNAVAILABLE_REASON or "DDS was switched off"}
    lead_side = side_seats(leader, 4, True)
    v = max(solver_dds.dds_card_values(pos, lead_side).values())
    ns = v if 0 in lead_side else 13 - v
    return {"method": "dds", "NS": ns, "EW": 13 - ns,
            "note": "DDS: opening lead obeys SP-13; later spade leads before spades are broken are not excluded"}


# ----------------------------------------------------------------------------- Oh Hell
def _oh_pos(p: dict) -> Position:
    return oh_hell_position(p["hands"], p["leader"], p["current"], p["trump"], p["must_trump"])


def _sampled(p: dict, card: int, seat: int, rng: random.Random) -> float:
    """Mean tricks ``seat`` wins from here after ``card``, over random play-outs."""
    pos = _oh_pos(p)
    nxt, w = pos.play(card)
    tot = 0
    for _ in range(_SAMPLES):
        won = play_out_oh_hell(list(nxt.hands), nxt.leader, nxt.trump, nxt.must_trump, rng,
                               current=list(nxt.current), won=[0] * nxt.n)
        tot += won[seat]
    return (w == seat) + tot / _SAMPLES


def _oh_hell_review(game, hand_no, deal_hands, bids, plays, seat, limit) -> dict:
    n = game.n_seats
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
            before, after = so_far + max(vals.values()), so_far + vals[c]
            exact = (exact_bid_cards(pos, seat, bid - so_far, limit=limit, searcher=es)
                     if isinstance(bid, int) else {})
            could, can = any(exact.values()), exact.get(c)
            keep = sorted(x for x, v in exact.items() if v)
            text = (f"Trick {tno}: you played {_d(c)}. With best play you could take at most {before} "
                    f"trick{'s' if before != 1 else ''}; after {_d(c)}, {after}.")
            if isinstance(bid, int):
                if could and not can:
                    text += (f" Before it you could still take exactly your bid of {bid}; after it the others "
                             f"can stop you. Playing {_cards_text(keep)} keeps the bid makeable.")
                elif could:
                    text += f" You can still take exactly your bid of {bid}."
                else:
                    text += f" Taking exactly your bid of {bid} was already out of reach against best defence."
            item.update(method="exact", before=before, after=after, cost=before - after,
                        best=[DECK[x].code for x in sorted(x for x, v in vals.items() if v == max(vals.values()))],
                        bid_makeable_before=could, bid_makeable_after=can,
                        keeps_bid=[DECK[x].code for x in keep], text=text)
        else:
            m = pos.legal_mask()
            est = {x: _sampled(p, x, seat, rng) for x in range(52) if m >> x & 1}
            item.update(method="estimated", before=None, after=None, cost=None,
                        sampled_mean_after=round(so_far + est[c], 2),
                        sampled_mean_best=round(so_far + max(est.values()), 2),
                        text=(f"Trick {tno}: you played {_d(c)}. Estimated (sampled): {tricks_left(pos)} tricks were "
                              f"left, more than the exact limit of {limit} for {n} players, so this is the mean of "
                              f"{_SAMPLES} random play-outs per card, not best play: {so_far + est[c]:.1f} tricks "
                              f"after {_d(c)}; the best card averaged {so_far + max(est.values()):.1f}."))
        decisions.append(item)
    # Oh Hell scores only an exact bid (OH-11): a costly moment is a card that lost a makeable bid.
    out: dict[str, Any] = {"side": [seat], "bid": bid, "decisions": decisions,
                           "costly": [d for d in decisions
                                      if d.get("bid_makeable_before") and d.get("bid_makeable_after") is False]}
    if plays and not plays[0][2]["current"] and sum(plays[0][3]) == 0:
        p0 = plays[0][2]
        pos = _oh_pos(p0)
        if tricks_left(pos) <= limit:
            out["double_dummy"] = {"method": "exact", "most_tricks": ts.exact(pos),
                                   "bid_makeable": (es.can(list(pos.hands), pos.leader, pos.current, bid)
                                                    if isinstance(bid, int) else None)}
        else:
            out["double_dummy"] = {"method": "estimated", "note": f"hands of {tricks_left(pos)} cards are above the "
                                   f"exact limit of {limit} for {n} players; see the sampled figures per decision"}
    return out


def review_hand(source: Any, seat: int, hand: int | None = None, *, exact_limit: int | None = None,
                use_dds: bool = True) -> dict:
    """Review one hand for ``seat``.

    ``source``: a :class:`~engine.game.TrickGame`, a hand record (dict, or
    the file's bytes/text) or a :class:`~engine.record.ParsedRecord`.
    ``hand``: 1-based hand number (default: the last hand with a card
    played).  ``exact_limit``: tricks left up to which the exact solver is
    used (Spades default :data:`~engine.solver.SPADES_EXACT_TRICKS`; Oh Hell
    default :func:`oh_hell_exact_limit`).  ``use_dds``: allow DDS (when
    endplay is installed) above that.

    Returns a JSON-ready dict: ``game``, ``hand``, ``seat``, ``seat_name``,
    ``solver`` (what was available), ``decisions`` (one per card the seat
    played: ``trick``, ``card``, ``before``, ``after``, ``cost``, ``best``,
    ``method``, ``text``), ``costly`` (those with a cost), and per game
    ``double_dummy`` and (Spades) ``nil``.  Raises
    :class:`~engine.record.RecordError` for a bad record, hand or seat.
    """
    parsed = _parsed(source)
    if not (isinstance(seat, int) and 0 <= seat < parsed.seats):
        raise RecordError("seat", f"seat {seat!r} is not a seat of this game (0..{parsed.seats - 1})")
    game, hand_no, deal_hands, bids, plays = _replay_hand(parsed, hand)
    out: dict[str, Any] = {"game": parsed.game, "hand": hand_no, "seat": seat, "seat_name": game.seat_name(seat),
                           "bids": [b for b in bids] if bids else None}
    if parsed.spec.nil_bids and not parsed.spec.partnerships:  # two-player Spades (SP-2P): the exact solver only
        lim = TWO_PLAYER_EXACT_TRICKS if exact_limit is None else exact_limit
        out["solver"] = {"exact_limit": lim, "dds_available": False,
                         "dds_note": "DDS solves four hands only; two-player hands are solved by the exact solver"}
        out.update(_spades_review(game, hand_no, deal_hands, bids, plays, seat, lim, False))
    elif parsed.spec.partnerships:  # partners' tricks count together; Nil (SP-8) is reviewed on its own
        lim = SPADES_EXACT_TRICKS if exact_limit is None else exact_limit
        out["solver"] = {"exact_limit": lim, "dds_available": use_dds and solver_dds.available(),
                         "dds_note": ("DDS was switched off" if not use_dds else
                                     "" if solver_dds.available() else solver_dds.UNAVAILABLE_REASON)}
        out.update(_spades_review(game, hand_no, deal_hands, bids, plays, seat, lim, use_dds))
    else:
        lim = oh_hell_exact_limit(parsed.seats) if exact_limit is None else exact_limit
        out["solver"] = {"exact_limit": lim, "estimated_above": lim}
        out.update(_oh_hell_review(game, hand_no, deal_hands, bids, plays, seat, lim))
    return out
