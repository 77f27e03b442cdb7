"""Exercises 5 and 6: Oh Hell scoring and the hook, estimating a bid (OH-8, OH-11, OH-V4, OH-V7, OH-V8, SP-6).

Scores come from :func:`engine.games.oh_hell.score_oh_hell_seat` and played :class:`~engine.OhHellGame`
hands, the hook from ``hooked_bid``/``check_bid``/``legal_bids`` (the refusal shown through the
verdict's ``msg``), bid estimates from :func:`tutor.exercises.bidcount.estimate_bid`.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from engine import DECK, Card, OhHellGame, OhHellRules, Phase, SpadesGame, Suit, TrickGame
from engine.games.oh_hell import score_oh_hell_seat
from engine.verdict import Reason
from tutor.text import M_, P_

from .bidcount import BidEstimate, estimate_bid
from .kit import INT_HELP, Question, Rng, oh_hell_game, random_bids, seat_numbers, seat_to_act, trump_line
from .kit import TEXT as KIT
from .words import Words, say

__all__ = ["ex5_made", "ex5_missed", "ex5_zero", "ex5_hook_forbidden", "ex5_hook_legal", "ex5_v7", "ex5_v8",
           "ex5_table", "ex6_spades", "ex6_oh_hell", "SPADES_TARGETS", "OH_HELL_TARGETS", "TEXT"]

#: What exercises 5 and 6 say.
TEXT = {
    # ------------------------------------------------------------------ exercise 5
    # TRANSLATORS: a question's line: how Oh Hell is scored (OH-11).
    "rules": M_("ex5.rules", "Scoring: an exact bid scores 10 + the tricks won; a missed bid scores 0 (OH-11)."),
    # TRANSLATORS: as above, with the variation "Nil pays by hand size" (OH-V8).
    "rules_v8": M_("ex5.rules_v8", "Scoring: an exact bid scores 10 + the tricks won; a missed bid scores 0 (OH-11). "
                                   "A successful bid of 0 scores 5 + the hand size instead (variation OH-V8)."),
    # TRANSLATORS: as above, with the variation "tricks always count" (OH-V7).
    "rules_v7": M_("ex5.rules_v7", "Scoring: an exact bid scores 10 + the tricks won (OH-11). With the variation "
                                   "“tricks always count” (OH-V7), a missed bid still scores 1 point per trick won, "
                                   "without the 10."),
    # TRANSLATORS: as above, with both variations (OH-V7, OH-V8).
    "rules_v7_v8": M_("ex5.rules_v7_v8", "Scoring: an exact bid scores 10 + the tricks won (OH-11). With the "
                                         "variation “tricks always count” (OH-V7), a missed bid still scores 1 point "
                                         "per trick won, without the 10. A successful bid of 0 scores 5 + the hand "
                                         "size instead (variation OH-V8)."),
    # TRANSLATORS: a question's first line: Oh Hell with {n} cards in each hand.
    "size": P_("ex5.size", "Oh Hell, {n} card each.", "Oh Hell, {n} cards each."),
    # TRANSLATORS: a question's line: the player {seat} ("North") had {points} points before the hand (the English
    # says "points" for any number).
    "had": M_("ex5.had", "{seat} had {points} points before this hand."),
    # TRANSLATORS: a question's line: {seat} bid {bid} and won {n} tricks.
    "bid_won": P_("ex5.bid_won", "{seat} bid {bid} and won {n} trick.", "{seat} bid {bid} and won {n} tricks."),
    # TRANSLATORS: the question: {seat}'s running score after the hand.
    "ask_total": M_("ex5.ask_total", "What is {seat}'s score after this hand?"),
    # TRANSLATORS: the check's reply to the right score: {before} the score before, {points} the hand's points,
    # {item} the score line's name ("bid made"), {rule} its rule id, {total} the new score.
    "right": M_("ex5.right", "Right: {before} + {points} ({item}, {rule}) = {total}."),
    # TRANSLATORS: the check's reply when the answer is this hand's points instead of the new score (OH-11).
    "hand_only": M_("ex5.hand_only", "Not quite: that is this hand's score only; add it to the score before the hand "
                                     "(OH-11)."),
    # TRANSLATORS: the check's reply to an exact bid scored 10 without the tricks; {rule} the rule id.
    "exact_plus": M_("ex5.exact_plus", "Not quite: an exact bid scores 10 plus the tricks won ({rule})."),
    # TRANSLATORS: the check's reply to an exact bid scored with the tricks only; {rule} the rule id.
    "exact_ten": M_("ex5.exact_ten", "Not quite: the bid was made exactly, which is worth the 10 as well ({rule})."),
    # TRANSLATORS: the check's reply to another wrong score of an exact bid; {rule} the rule id.
    "exact_how": M_("ex5.exact_how", "Not quite: the bid was made exactly; see how an exact bid scores ({rule})."),
    # TRANSLATORS: the check's reply to a wrong score of a missed bid under "tricks always count" (OH-V7).
    "missed_v7": M_("ex5.missed_v7", "Not quite: the bid was missed; under this variation a missed bid still scores "
                                     "the tricks won, without the 10 ({rule})."),
    # TRANSLATORS: the check's reply to a wrong score of a missed bid; {rule} the rule id.
    "missed": M_("ex5.missed", "Not quite: only an exact prediction scores; this one was missed ({rule})."),
    # TRANSLATORS: the answer, for the teacher: {total} ({before} + {item} {points}, {rule}).
    "score_solution": M_("ex5.score_solution", "{total} ({before} + {item} {points}, {rule})"),
    # TRANSLATORS: a question's first line: Oh Hell with the hook (OH-V4), {n} cards in each hand.
    "hook_size": P_("ex5.hook_size", "Oh Hell with the hook (OH-V4), {n} card each.",
                    "Oh Hell with the hook (OH-V4), {n} cards each."),
    # TRANSLATORS: a question's line: {seat} is the dealer; {parts} the other bids ("North 3, East 0, South 2").
    "hook_dealt": M_("ex5.hook_dealt", "{seat} dealt, so {seat} bids last. The others bid: {parts}."),
    # TRANSLATORS: the question: the bid the hook bars for the dealer {seat} (OH-V4).
    "ask_forbidden": M_("ex5.ask_forbidden", "Which bid may {seat} NOT make?"),
    # TRANSLATORS: the check's reply to the right barred bid: {reason} is the game's own sentence for the refusal.
    "hook_right": M_("ex5.hook_right", "Right: {reason}"),
    # TRANSLATORS: the check's reply to a bid out of range (OH-8): {size} the hand size.
    "range": M_("ex5.range", "Not quite: a bid is a whole number of tricks from 0 to {size} (OH-8)."),
    # TRANSLATORS: the check's reply to a bid the dealer {seat} may make ({bid}); {size} the number of tricks.
    "may_bid": M_("ex5.may_bid", "Not quite: {seat} may bid {bid}. The hook bars only the bid that would make all "
                                 "four bids add up to the number of tricks, {size}: add up the other bids first "
                                 "(OH-V4)."),
    # TRANSLATORS: the answer, for the teacher: {answer} ({reason}: the game's refusal).
    "forbidden_solution": M_("ex5.forbidden_solution", "{answer} ({reason})"),
    # TRANSLATORS: how to answer a bid question.
    "whole_help": M_("ex5.whole_help", "Answer with a whole number."),
    # TRANSLATORS: the question: every bid the dealer {seat} may make.
    "ask_legal": M_("ex5.ask_legal", "Which bids may {seat} make? List them all."),
    # TRANSLATORS: the check's reply to the right list: 0 to {size} but {barred} (OH-8, OH-V4).
    "legal_right": M_("ex5.legal_right", "Right: 0 to {size}, except {barred} (OH-8, OH-V4)."),
    # TRANSLATORS: how to answer "which bids?"; keep the example list.
    "list_help": M_("ex5.list_help", "Answer with a list of whole numbers, e.g. [0, 1, 3]."),
    # TRANSLATORS: the check's reply to a listed number out of range: {item} that number (keep {item} as it is: the
    # check fills it), {size} the hand size.
    "legal_outside": M_("ex5.legal_outside", "Not quite: {item} is not a bid here: a bid is a whole number of tricks "
                                             "from 0 to {size} (OH-8)."),
    # TRANSLATORS: the check's reply to a list holding the barred bid (not named, so as not to give the answer away):
    # {seat} the dealer, {size} the number of tricks.
    "barred": M_("ex5.barred", "Not quite: the hook bars one of the bids you listed: {seat} may not make the four bids "
                               "add up to {size}, the number of tricks (OH-V4). Add up the other three bids to find "
                               "it."),
    # TRANSLATORS: the check's reply when allowed bids are missing from the list; {size} the hand size.
    "legal_left_out": M_("ex5.legal_left_out", "Not quite: every bid you listed is allowed, but you left out at least "
                                               "one: every whole number from 0 to {size} may be bid (OH-8), except the "
                                               "one the hook bars (OH-V4)."),
    # TRANSLATORS: one player's score line in an explanation: {seat} {item} ("bid made") {points}.
    "table_line": M_("ex5.table_line", "{seat} {item} {points}"),
    # TRANSLATORS: the explanation of a whole table's points: {items} the players' lines, {total} their sum.
    "table_sum": M_("ex5.table_sum", "{items} = {total}."),
    # TRANSLATORS: the question of the whole table.
    "ask_table": M_("ex5.ask_table", "How many points do the four players score this hand, added together?"),
    # TRANSLATORS: the check's reply to a wrong total of the table (OH-11).
    "table_how": M_("ex5.table_how", "Not quite: score each player on their own, as the scoring line above says, then "
                                     "add up every player's score (OH-11)."),
    # ------------------------------------------------------------------ exercise 6
    # TRANSLATORS: the check's reply to a bid out of range: {size} the hand size, {rule} the rule id.
    "bid_range": M_("ex6.range", "Not quite: a bid is a number of tricks from 0 to {size} ({rule})."),
    # TRANSLATORS: the check's reply to a bid in the accepted range: {why} how the hand was counted, {low} … {high}
    # the accepted bids.
    "good": M_("ex6.good", "Good estimate: {why}. Bids from {low} to {high} are accepted."),
    # TRANSLATORS: the check's reply to a bid above the accepted range.
    "too_high": M_("ex6.too_high", "Not quite: that is more tricks than this hand is likely to win. Count the sure "
                                   "tricks: aces, kings with a guard, high trumps and long trumps, and a void or "
                                   "singleton you can trump."),
    # TRANSLATORS: the check's reply to a bid below the accepted range.
    "too_low": M_("ex6.too_low", "Not quite: this hand is likely to win more tricks than that. Count its aces, kings "
                                 "with a guard, high trumps and every trump beyond the third."),
    # TRANSLATORS: the answer, for the teacher: {center} (accepted {low}–{high}; {why}).
    "bid_solution": M_("ex6.solution", "{center} (accepted {low}–{high}; {why})"),
    # TRANSLATORS: how to answer the bid question.
    "bid_help": M_("ex6.help", "Answer with a whole number (your bid)."),
    # TRANSLATORS: a question's first line (Spades, SP-2).
    "spades": M_("ex6.spades", "Spades (spades are trump)."),
    # TRANSLATORS: a question's line: the student's seat {seat} and 13 cards {listed} ("A♠ 7♠ 10♥ …").
    "you_13": M_("ex6.you_13", "You are {seat} and bid first. Your 13 cards: {listed}."),
    # TRANSLATORS: a question's line: the student's seat {seat} and cards {listed}.
    "you": M_("ex6.you", "You are {seat} and bid first. Your cards: {listed}."),
    # TRANSLATORS: the question of exercise 6.
    "ask": M_("ex6.ask", "How many tricks do you expect to win? Give your bid."),
}


# ------------------------------------------------ exercise 5: Oh Hell scoring and the hook
def _oh_rules_text(rules: OhHellRules) -> Words:
    if rules.tricks_always_count:
        return TEXT["rules_v7_v8" if rules.nil_pays_hand_size else "rules_v7"]
    return TEXT["rules_v8" if rules.nil_pays_hand_size else "rules"]


def _oh_score_question(rng: Rng, rules: OhHellRules, bid: int, won: int, size: int) -> Question:
    """The player's running score after one hand (the score before is drawn
    at random, so the answer differs from one student to the next even
    where the rules fix the hand's points, e.g. a missed bid's 0)."""
    seat = rng.below(4)
    before = rng.between(0, 120)
    line = score_oh_hell_seat(seat, bid, won, size, rules)
    pts = line.points
    ans = before + pts
    item = line.msg or line.item
    prompt: list[Words] = [say(TEXT["size"], n=size), _oh_rules_text(rules),
                           say(TEXT["had"], seat=seat, points=before),
                           say(TEXT["bid_won"], seat=seat, bid=bid, n=won),
                           say(TEXT["ask_total"], seat=seat)]

    def judge(a: int) -> tuple[bool, Words, str]:
        if a == ans:
            return True, say(TEXT["right"], before=before, points=pts, item=item, rule=line.rule, total=ans), ""
        if a == pts and before:
            return False, TEXT["hand_only"], "OH-11"
        got = a - before
        if bid == won:
            if got == 10 and bid > 0:
                return False, say(TEXT["exact_plus"], rule=line.rule), line.rule
            if got == won:
                return False, say(TEXT["exact_ten"], rule=line.rule), line.rule
            return False, say(TEXT["exact_how"], rule=line.rule), line.rule
        if rules.tricks_always_count:
            return False, say(TEXT["missed_v7"], rule=line.rule), line.rule
        return False, say(TEXT["missed"], rule=line.rule), line.rule
    q = Question(prompt, "int", ans, judge,
                 say(TEXT["score_solution"], total=ans, before=before, item=item, points=pts, rule=line.rule),
                 (line.rule,), INT_HELP, {"before": before, "points": pts, "bid": bid, "won": won})
    q.candidates = [pts, before + 10, before + won]
    return q


def _teacher_rules(settings: dict[str, Any], **extra: Any) -> OhHellRules:
    opts = dict(settings["oh_hell"])
    opts.update(extra)
    return OhHellRules(players=4, **opts)


def ex5_made(rng: Rng, settings: dict[str, Any]) -> Question:
    size = rng.between(3, 10)
    b = rng.between(1, min(size, 5))
    return _oh_score_question(rng, _teacher_rules(settings), b, b, size)


def ex5_missed(rng: Rng, settings: dict[str, Any]) -> Question:
    size = rng.between(4, 10)
    b = rng.between(1, min(size, 5))
    w = rng.pick([x for x in range(0, min(size, b + 3) + 1) if x != b])
    return _oh_score_question(rng, _teacher_rules(settings), b, w, size)


def ex5_zero(rng: Rng, settings: dict[str, Any]) -> Question:
    size = rng.between(2, 10)
    return _oh_score_question(rng, _teacher_rules(settings), 0, 0, size)


def _hook_game(rng: Rng) -> OhHellGame:
    """Three bids before the dealer's, chosen so the barred bid is spread
    evenly over 0 … the hand size (one class's answers differ)."""
    while True:
        size = rng.between(3, 9)
        barred = rng.between(0, size)
        rest = size - barred
        cuts = sorted(rng.between(0, rest) for _ in range(2))
        bids = [cuts[0], cuts[1] - cuts[0], rest - cuts[1]]
        g = oh_hell_game(rng, size, hook=True)
        for b in bids:
            g.bid(seat_to_act(g), b)
        if g.hooked_bid() == barred:
            return g


def _hook_prompt(g: OhHellGame) -> list[Words]:
    dealer = g.dealer
    others = [(dealer + k) % 4 for k in (1, 2, 3)]
    return [say(TEXT["hook_size"], n=g.hand_size),
            say(TEXT["hook_dealt"], seat=dealer,
                parts=[say(KIT["seat_number"], seat=s, number=g.bids[s]) for s in others])]


def ex5_hook_forbidden(rng: Rng, settings: dict[str, Any]) -> Question:
    g = _hook_game(rng)
    forbidden = g.hooked_bid()
    dealer, size = g.dealer, g.hand_size
    others_total = sum(b for b in g.bids if b is not None)
    prompt = _hook_prompt(g) + [say(TEXT["ask_forbidden"], seat=dealer)]
    refusal = g.check_bid(dealer, forbidden)
    out_of_range = say(TEXT["range"], size=size)

    def judge(a: int) -> tuple[bool, Words, str]:
        v = g.check_bid(dealer, a)
        if not v.ok and v.reason is Reason.HOOK:
            return True, say(TEXT["hook_right"], reason=v.msg), ""
        if not v.ok:  # out of range (OH-8)
            return False, out_of_range, "OH-8"
        return False, say(TEXT["may_bid"], seat=dealer, bid=a, size=size), "OH-V4"
    q = Question(prompt, "int", forbidden, judge, say(TEXT["forbidden_solution"], answer=forbidden, reason=refusal.msg),
                 ("OH-V4",), TEXT["whole_help"],
                 {"size": size, "others_total": others_total, "refusal": refusal.reason.value,
                  "refusal_rule": refusal.rule})
    q.candidates = list(range(0, size + 1))
    q.generic, q.generic_rule = out_of_range, "OH-8"
    return q


def ex5_hook_legal(rng: Rng, settings: dict[str, Any]) -> Question:
    g = _hook_game(rng)
    dealer, size = g.dealer, g.hand_size
    legal = frozenset(b.value for b in g.legal_bids(dealer))
    prompt = _hook_prompt(g) + [say(TEXT["ask_legal"], seat=dealer)]
    right = say(TEXT["legal_right"], size=size, barred=g.hooked_bid())

    def judge(a: frozenset[int]) -> tuple[bool, Words]:  # asked only for the accepted answer
        return a == legal, right
    q = Question(prompt, "ints", sorted(legal), judge, f"{sorted(legal)}", ("OH-8", "OH-V4"), TEXT["list_help"])
    q.universe = [str(v) for v in range(size + 1)]
    q.outside = say(TEXT["legal_outside"], size=size)
    q.outside_rule = "OH-8"
    # the note for the barred bid does not name it: "you may not bid 3" would hand over the whole answer
    barred = say(TEXT["barred"], seat=dealer, size=size)
    q.item_notes = {str(v): ("" if v in legal else barred) for v in range(size + 1)}
    q.item_rules = {str(v): "OH-V4" for v in range(size + 1) if v not in legal}
    q.generic = say(TEXT["legal_left_out"], size=size)
    q.generic_rule = "OH-8"
    return q


def ex5_v7(rng: Rng, settings: dict[str, Any]) -> Question:
    size = rng.between(4, 10)
    b = rng.between(1, min(size, 4))
    w = rng.pick([x for x in range(1, min(size, b + 3) + 1) if x != b])
    return _oh_score_question(rng, OhHellRules(players=4, tricks_always_count=True), b, w, size)


def ex5_v8(rng: Rng, settings: dict[str, Any]) -> Question:
    size = rng.between(2, 10)
    return _oh_score_question(rng, OhHellRules(players=4, nil_pays_hand_size=True), 0, 0, size)


def ex5_table(rng: Rng, settings: dict[str, Any]) -> Question:
    # the number of exact bids (1, 2 or 3) is drawn first, so the totals spread (left to chance, a total of
    # 0 or 10, one Nil made, would be a third of the class's answer): the hand is played once, then the same
    # cards are played again by the engine after bids that make exactly that many players' bids exact
    made = rng.between(1, 3)
    size = rng.between(3, 7)
    rules = _teacher_rules(settings, hand_sizes=(size,), no_trump_final_hand=False)
    num, dealer = rng.bits(40), rng.below(4)
    first = OhHellGame(rules, first_deal=num, dealer=dealer)
    random_bids(first, rng, top=max(1, size // 2))
    plays: list[tuple[int, Card]] = []
    while first.phase is Phase.PLAY:
        s = seat_to_act(first)
        c = rng.pick(first.legal_plays(s))
        plays.append((s, c))
        first.play(s, c)
    won = first.results[-1].tricks_won
    exact = set(rng.shuffled(range(4))[:made])
    bids = {s: won[s] if s in exact else rng.pick([b for b in range(0, max(1, size // 2) + 2) if b != won[s]])
            for s in range(4)}
    g = OhHellGame(rules, first_deal=num, dealer=dealer)
    while g.phase is Phase.BIDDING:
        s = seat_to_act(g)
        g.bid(s, bids[s])
    for s, c in plays:
        g.play(s, c)
    r = g.results[-1]
    total = sum(r.points)
    prompt: list[Words] = [say(KIT["oh_hell_size"], n=size), _oh_rules_text(g.rules),
                           say(KIT["bids_all"], parts=seat_numbers(r.bids)),
                           say(KIT["won_all"], parts=seat_numbers(r.tricks_won)),
                           TEXT["ask_table"]]
    explain = say(TEXT["table_sum"], total=total,
                  items=[say(TEXT["table_line"], seat=l.who, item=l.msg or l.item, points=l.points)
                         for l in r.score_lines])

    def judge(a: int) -> tuple[bool, Words, str]:
        if a == total:
            return True, say(KIT["right_why"], why=explain), ""
        return False, TEXT["table_how"], "OH-11"
    q = Question(prompt, "int", total, judge, say(KIT["answer_why"], answer=total, why=explain),
                 tuple(dict.fromkeys(l.rule for l in r.score_lines)), INT_HELP)
    q.candidates = []
    return q


# ------------------------------------------------ exercise 6: estimating a bid
def _bid_question(prompt: list[Words], est: BidEstimate, size: int, rule: str) -> Question:
    out_of_range = say(TEXT["bid_range"], size=size, rule=rule)
    good = say(TEXT["good"], why=est.explanation, low=est.low, high=est.high)

    def judge(a: int) -> tuple[bool, Words, str]:
        if not 0 <= a <= size:
            return False, out_of_range, rule
        if est.low <= a <= est.high:
            return True, good, ""
        if a > est.high:
            return False, TEXT["too_high"], ""
        return False, TEXT["too_low"], ""
    q = Question(prompt, "int", est.center, judge,
                 say(TEXT["bid_solution"], center=est.center, low=est.low, high=est.high, why=est.explanation),
                 (rule,), TEXT["bid_help"], {"low": est.low, "high": est.high, "size": size, "source": est.source})
    q.accepted = list(range(est.low, est.high + 1))
    q.candidates = list(range(0, size + 1))
    q.generic, q.generic_rule = out_of_range, rule
    return q


#: Card strength for :func:`_weighted_hand` by trump suit (None: no trump): rank 0…1, +1 for a trump.
_STRENGTH = {t: tuple((c.rank - 2) / 12 + (1.0 if c.suit == t else 0.0) for c in DECK)
             for t in (None, *Suit)}


def _weighted_hand(rng: Rng, size: int, trump: Suit | None, beta: float) -> list[Card]:
    """``size`` cards drawn without replacement, each card weighted
    ``exp(beta * strength)`` (strength: rank 0…1, +1 for a trump), so a
    large ``beta`` gives aces and long trumps, a negative one small cards
    (Efraimidis–Spirakis keys ``log(u) / w``)."""
    rnd, log, exp = rng.random, math.log, math.exp
    keys = [log(rnd() or 1e-300) * exp(-beta * st) for st in _STRENGTH[trump]]
    return [DECK[i] for i in sorted(range(52), key=keys.__getitem__, reverse=True)[:size]]


#: (estimate as a fraction of the hand size, bias) pairs measured for :func:`_weighted_hand`:
#: the first bias tried for a target (then adjusted by what the estimate says).
_BIAS = ((0.0, -5.0), (0.05, -2.0), (0.1, -1.0), (0.16, -0.5), (0.24, 0.0), (0.31, 0.5), (0.42, 1.0),
         (0.57, 1.5), (0.63, 2.0), (0.8, 3.0), (0.86, 4.0), (0.9, 6.0), (0.95, 9.0), (1.0, 14.0))


def _first_bias(f: float) -> float:
    for (f0, b0), (f1, b1) in zip(_BIAS, _BIAS[1:]):
        if f <= f1:
            return b0 + (b1 - b0) * (f - f0) / (f1 - f0)
    return _BIAS[-1][1]  # pragma: no cover - f <= 1


MakeGame = Callable[[Rng, list[Card]], tuple[TrickGame, int]]


def _hand_with_estimate(rng: Rng, size: int, trump: Suit | None, make_game: MakeGame, estimator: str,
                        targets: tuple[int, ...]) -> tuple[TrickGame, int, list[Card], BidEstimate]:
    """A game whose bidding seat holds a hand whose estimate is a target
    chosen first from ``targets`` by :meth:`Rng.spread_pick` (in a class set,
    by the student's variant: any 5k consecutive variants get each target k
    times; in practice sets, at random), so a class's accepted bid ranges
    spread instead of sharing the usual 2–4; see :data:`SPADES_TARGETS`.  Hands are drawn with a
    bias towards strong or weak cards (:func:`_weighted_hand`), the bias
    adjusted by what :func:`~tutor.exercises.bidcount.estimate_bid` (called
    on the real seat view, never copied) says, until it gives the target;
    after 200 hands the closest is used (the top of the range is rare).
    ``make_game(rng, hand)`` returns ``(game, seat)``.  Returns ``(game,
    seat, hand, estimate)``."""
    target = rng.spread_pick(targets)
    beta = _first_bias(target / size)
    best: tuple[TrickGame, int, list[Card], BidEstimate, int] | None = None
    for _ in range(200):
        hand = _weighted_hand(rng, size, trump, beta)
        if estimator != "count":  # a cheap first look (the simple count, no game) before asking the advisor
            gap = target - estimate_bid(hand, trump, size, "count").center
            if abs(gap) > 1:
                beta += 0.3 * gap + (0.15 if gap > 0 else -0.15)
                continue
        g, seat = make_game(rng, hand)
        hand = list(g.hand_of(seat))
        est = estimate_bid(hand, trump, size, estimator, view=g.view(seat))
        gap = target - est.center
        if best is None or abs(gap) < abs(best[4]):
            best = (g, seat, hand, est, gap)
            if gap == 0:
                break
        beta += 0.3 * gap + (0.15 if gap > 0 else -0.15)
    assert best is not None  # 200 tries, at least one reaches the game
    return best[0], best[1], best[2], best[3]


def _rest_dealt(rng: Rng, hand: list[Card], seat: int, size: int,
                keep: Card | None = None) -> list[tuple[Card, ...]]:
    """The four hands of a deal in which ``seat`` holds ``hand`` (the others
    dealt at random from the rest, leaving out ``keep``)."""
    out = {c.index for c in hand}
    if keep is not None:
        out.add(keep.index)
    rest = [i for i in range(52) if i not in out]
    keys = [rng.random() for _ in rest]
    cards = [DECK[rest[k]] for k in sorted(range(len(rest)), key=keys.__getitem__)]
    hands: list[tuple[Card, ...]] = []
    pos = 0
    for s in range(4):
        if s == seat:
            hands.append(tuple(sorted(hand)))
        else:
            hands.append(tuple(sorted(cards[pos:pos + size])))
            pos += size
    return hands


#: The estimates a hand is built for.  The accepted bids are the estimate ±1
#: (bidcount.py), so these centres' ranges do not overlap ({0,1,2}, {3,4,5},
#: {6,7,8}, {9,10,11}, {12,13}): each bid is accepted only for the students of
#: one centre: exactly a fifth of a class set's students (their variants
#: spread over the targets, :meth:`~tutor.exercises.core.Rng.spread_pick`).  The bid
#: advisor never suggests 0 in Spades, hence 1 at the bottom.
SPADES_TARGETS = (1, 4, 7, 10, 13)
#: The same for a 12-card Oh Hell hand: {0,1}, {2,3,4}, {5,6,7}, {8,9,10}, {11,12}.
OH_HELL_TARGETS = (0, 3, 6, 9, 12)
OH_HELL_SIZE = 12


def ex6_spades(rng: Rng, settings: dict[str, Any]) -> Question:
    def make_game(r: Rng, hand: list[Card]) -> tuple[TrickGame, int]:
        dealer = r.below(4)
        seat = (dealer + 1) % 4
        hands = _rest_dealt(r, hand, seat, 13)
        g = SpadesGame.from_hands(hands, dealer=dealer)
        g.look(seat)
        return g, seat
    g, seat, hand, est = _hand_with_estimate(rng, 13, Suit.SPADES, make_game, settings["estimator"],
                                             SPADES_TARGETS)
    prompt: list[Words] = [TEXT["spades"], say(TEXT["you_13"], seat=seat, listed=hand), TEXT["ask"]]
    q = _bid_question(prompt, est, 13, "SP-6")
    q.facts.update(hand=[c.code for c in hand], trump="S")
    return q


def ex6_oh_hell(rng: Rng, settings: dict[str, Any]) -> Question:
    size = OH_HELL_SIZE  # a long hand: a wide range of estimates
    trump = rng.pick((Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))

    def make_game(r: Rng, hand: list[Card]) -> tuple[TrickGame, int]:
        dealer = r.below(4)
        seat = (dealer + 1) % 4
        up = r.pick([c for c in DECK if c.suit == trump and c not in hand])  # the turned-up card (OH-7)
        hands = _rest_dealt(r, hand, seat, size, up)
        g = OhHellGame.from_hands(hands, turn_up=up, dealer=dealer,
                                  rules=OhHellRules(players=4, hand_sizes=(size,), no_trump_final_hand=False))
        return g, seat
    g, seat, hand, est = _hand_with_estimate(rng, size, trump, make_game, settings["estimator"],
                                             OH_HELL_TARGETS)
    prompt: list[Words] = [say(KIT["oh_hell_size"], n=size), trump_line(g),
                           say(TEXT["you"], seat=seat, listed=hand), TEXT["ask"]]
    q = _bid_question(prompt, est, size, "OH-8")
    q.facts.update(hand=[c.code for c in hand], trump=trump.letter)
    return q
