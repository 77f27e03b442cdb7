"""Exercises 5 and 6: Oh Hell scoring and the hook, estimating a bid (OH-8, OH-11, OH-V4, OH-V7, OH-V8, SP-6)."""
from __future__ import annotations

import math

from engine import DECK, Card, OhHellGame, OhHellRules, Phase, SpadesGame, Suit
from engine.ohhell import score_oh_hell_seat
from engine.verdict import Reason

from .bidcount import estimate_bid
from .core import SEATS, Question, Rng
from ._qbase import cards_text, _plural, _oh_hell_game, _random_bids, _trump_line, _INT_HELP


# ------------------------------------------------ exercise 5: Oh Hell scoring and the hook
def _oh_rules_text(rules: OhHellRules) -> str:
    nil = (" A successful bid of 0 scores 5 + the hand size instead (variation OH-V8)."
           if rules.nil_pays_hand_size else "")
    if rules.tricks_always_count:
        return ("Scoring: an exact bid scores 10 + the tricks won (OH-11). With the variation “tricks always "
                "count” (OH-V7), a missed bid still scores 1 point per trick won, without the 10." + nil)
    return "Scoring: an exact bid scores 10 + the tricks won; a missed bid scores 0 (OH-11)." + nil


def _oh_score_question(title: str, rng: Rng, rules: OhHellRules, bid: int, won: int, size: int) -> Question:
    """The player's running score after one hand (the score before is drawn
    at random, so the answer differs from one student to the next even
    where the rules fix the hand's points, e.g. a missed bid's 0)."""
    seat = rng.below(4)
    before = rng.between(0, 120)
    line = score_oh_hell_seat(seat, bid, won, size, rules)
    pts = line.points
    ans = before + pts
    prompt = [f"Oh Hell, {size} cards each.", _oh_rules_text(rules),
              f"{SEATS[seat]} had {before} points before this hand.",
              f"{SEATS[seat]} bid {bid} and won {_plural(won, 'trick')}.",
              f"What is {SEATS[seat]}'s score after this hand?"]

    def judge(a: int) -> tuple[bool, str, str]:
        if a == ans:
            return True, f"Right: {before} + {pts} ({line.item}, {line.rule}) = {ans}.", ""
        if a == pts and before:
            return (False, "Not quite: that is this hand's score only; add it to the score before the hand (OH-11).",
                    "OH-11")
        got = a - before
        if bid == won:
            if got == 10 and bid > 0:
                return False, f"Not quite: an exact bid scores 10 plus the tricks won ({line.rule}).", line.rule
            if got == won:
                return (False, f"Not quite: the bid was made exactly, which is worth the 10 as well ({line.rule}).",
                        line.rule)
            return False, f"Not quite: the bid was made exactly; see how an exact bid scores ({line.rule}).", line.rule
        if rules.tricks_always_count:
            return False, (f"Not quite: the bid was missed; under this variation a missed bid still scores "
                           f"the tricks won, without the 10 ({line.rule})."), line.rule
        return False, f"Not quite: only an exact prediction scores; this one was missed ({line.rule}).", line.rule
    q = Question("", title, prompt, "int", ans, judge, f"{ans} ({before} + {line.item} {pts}, {line.rule})",
                 (line.rule,), _INT_HELP, {"before": before, "points": pts, "bid": bid, "won": won})
    q.candidates = [pts, before + 10, before + won]
    return q


def _teacher_rules(settings: dict, **extra) -> OhHellRules:
    opts = dict(settings["oh_hell"])
    opts.update(extra)
    return OhHellRules(players=4, **opts)


def _ex5_made(rng: Rng, settings: dict) -> Question:
    size = rng.between(3, 10)
    b = rng.between(1, min(size, 5))
    return _oh_score_question("An exact bid", rng, _teacher_rules(settings), b, b, size)


def _ex5_missed(rng: Rng, settings: dict) -> Question:
    size = rng.between(4, 10)
    b = rng.between(1, min(size, 5))
    w = rng.pick([x for x in range(0, min(size, b + 3) + 1) if x != b])
    return _oh_score_question("A missed bid", rng, _teacher_rules(settings), b, w, size)


def _ex5_zero(rng: Rng, settings: dict) -> Question:
    size = rng.between(2, 10)
    return _oh_score_question("A bid of 0 made", rng, _teacher_rules(settings), 0, 0, size)


def _hook_game(rng: Rng) -> OhHellGame:
    """Three bids before the dealer's, chosen so the barred bid is spread
    evenly over 0 … the hand size (one class's answers differ)."""
    while True:
        size = rng.between(3, 9)
        barred = rng.between(0, size)
        rest = size - barred
        cuts = sorted(rng.between(0, rest) for _ in range(2))
        bids = [cuts[0], cuts[1] - cuts[0], rest - cuts[1]]
        g = _oh_hell_game(rng, size, hook=True)
        for b in bids:
            g.bid(g.to_act, b)
        if g.hooked_bid() == barred:
            return g


def _hook_prompt(g: OhHellGame) -> list[str]:
    dealer = g.dealer
    others = [(dealer + k) % 4 for k in (1, 2, 3)]
    return [f"Oh Hell with the hook (OH-V4), {g.hand_size} cards each.",
            f"{SEATS[dealer]} dealt, so {SEATS[dealer]} bids last. The others bid: "
            + ", ".join(f"{SEATS[s]} {g.bids[s]}" for s in others) + "."]


def _ex5_hook_forbidden(rng: Rng, settings: dict) -> Question:
    g = _hook_game(rng)
    forbidden = g.hooked_bid()
    dealer, size = g.dealer, g.hand_size
    others_total = sum(b for b in g.bids if b is not None)
    prompt = _hook_prompt(g) + [f"Which bid may {SEATS[dealer]} NOT make?"]
    refusal = g.check_bid(dealer, forbidden)

    def judge(a: int) -> tuple[bool, str, str]:
        v = g.check_bid(dealer, a)
        if not v.ok and v.reason is Reason.HOOK:
            return True, "Right: " + v.message, ""
        if not v.ok:  # out of range (OH-8)
            return False, f"Not quite: a bid is a whole number of tricks from 0 to {size} (OH-8).", "OH-8"
        return False, (f"Not quite: {SEATS[dealer]} may bid {a}. The hook bars only the bid that would make all "
                       f"four bids add up to the number of tricks, {size}: add up the other bids first (OH-V4)."), \
            "OH-V4"
    q = Question("", "The dealer's forbidden bid", prompt, "int", forbidden, judge,
                 f"{forbidden} ({refusal.message})", ("OH-V4",), "Answer with a whole number.",
                 {"size": size, "others_total": others_total, "refusal": refusal.reason.value,
                  "refusal_rule": refusal.rule})
    q.candidates = list(range(0, size + 1))
    q.generic, q.generic_rule = f"Not quite: a bid is a whole number of tricks from 0 to {size} (OH-8).", "OH-8"
    return q


def _ex5_hook_legal(rng: Rng, settings: dict) -> Question:
    g = _hook_game(rng)
    dealer, size = g.dealer, g.hand_size
    legal = frozenset(b.value for b in g.legal_bids(dealer))
    prompt = _hook_prompt(g) + [f"Which bids may {SEATS[dealer]} make? List them all."]

    right = f"Right: 0 to {size}, except {g.hooked_bid()} (OH-8, OH-V4)."

    def judge(a: frozenset) -> tuple[bool, str]:  # asked only for the accepted answer
        return a == legal, right
    q = Question("", "The dealer's legal bids", prompt, "ints", sorted(legal), judge,
                 f"{sorted(legal)}", ("OH-8", "OH-V4"), "Answer with a list of whole numbers, e.g. [0, 1, 3].")
    q.universe = [str(v) for v in range(size + 1)]
    q.outside = f"Not quite: {{item}} is not a bid here: a bid is a whole number of tricks from 0 to {size} (OH-8)."
    q.outside_rule = "OH-8"
    # the note for the barred bid does not name it: "you may not bid 3" would hand over the whole answer
    barred = (f"Not quite: the hook bars one of the bids you listed: {SEATS[dealer]} may not make the four bids "
              f"add up to {size}, the number of tricks (OH-V4). Add up the other three bids to find it.")
    q.item_notes = {str(v): ("" if v in legal else barred) for v in range(size + 1)}
    q.item_rules = {str(v): "OH-V4" for v in range(size + 1) if v not in legal}
    q.generic = (f"Not quite: every bid you listed is allowed, but you left out at least one: every whole number "
                 f"from 0 to {size} may be bid (OH-8), except the one the hook bars (OH-V4).")
    q.generic_rule = "OH-8"
    return q


def _ex5_v7(rng: Rng, settings: dict) -> Question:
    size = rng.between(4, 10)
    b = rng.between(1, min(size, 4))
    w = rng.pick([x for x in range(1, min(size, b + 3) + 1) if x != b])
    return _oh_score_question("Variation: tricks always count", rng,
                              OhHellRules(players=4, tricks_always_count=True), b, w, size)


def _ex5_v8(rng: Rng, settings: dict) -> Question:
    size = rng.between(2, 10)
    return _oh_score_question("Variation: Nil pays by hand size", rng,
                              OhHellRules(players=4, nil_pays_hand_size=True), 0, 0, size)


def _ex5_table(rng: Rng, settings: dict) -> Question:
    # the number of exact bids (1, 2 or 3) is drawn first, so the totals spread (left to chance, a total of
    # 0 or 10, one Nil made, would be a third of the class's answer): the hand is played once, then the same
    # cards are played again by the engine after bids that make exactly that many players' bids exact
    made = rng.between(1, 3)
    size = rng.between(3, 7)
    rules = _teacher_rules(settings, hand_sizes=(size,), no_trump_final_hand=False)
    num, dealer = rng.bits(40), rng.below(4)
    first = OhHellGame(rules, first_deal=num, dealer=dealer)
    _random_bids(first, rng, top=max(1, size // 2))
    plays = []
    while first.phase is Phase.PLAY:
        s = first.to_act
        c = rng.pick(first.legal_plays(s))
        plays.append((s, c))
        first.play(s, c)
    won = first.results[-1].tricks_won
    exact = set(rng.shuffled(range(4))[:made])
    bids = {s: won[s] if s in exact else rng.pick([b for b in range(0, max(1, size // 2) + 2) if b != won[s]])
            for s in range(4)}
    g = OhHellGame(rules, first_deal=num, dealer=dealer)
    while g.phase is Phase.BIDDING:
        g.bid(g.to_act, bids[g.to_act])
    for s, c in plays:
        g.play(s, c)
    r = g.results[-1]
    total = sum(r.points)
    prompt = [f"Oh Hell, 4 players, {size} cards each.", _oh_rules_text(g.rules),
              "Bids: " + ", ".join(f"{SEATS[s]} {r.bids[s]}" for s in range(4)) + ".",
              "Tricks won: " + ", ".join(f"{SEATS[s]} {r.tricks_won[s]}" for s in range(4)) + ".",
              "How many points do the four players score this hand, added together?"]
    explain = "; ".join(f"{SEATS[l.who]} {l.item} {l.points}" for l in r.score_lines) + f" = {total}."

    def judge(a: int) -> tuple[bool, str, str]:
        if a == total:
            return True, "Right: " + explain, ""
        return False, ("Not quite: score each player on his own, as the scoring line above says, and add the four "
                       "scores up (OH-11)."), "OH-11"
    q = Question("", "A whole table", prompt, "int", total, judge, f"{total} ({explain})",
                 tuple(dict.fromkeys(l.rule for l in r.score_lines)), _INT_HELP)
    q.candidates = []
    return q


# ------------------------------------------------ exercise 6: estimating a bid
def _bid_question(title: str, prompt: list[str], est, size: int, rule: str) -> Question:
    def judge(a: int) -> tuple[bool, str, str]:
        if not 0 <= a <= size:
            return False, f"Not quite: a bid is a number of tricks from 0 to {size} ({rule}).", rule
        if est.low <= a <= est.high:
            return True, (f"Good estimate: {est.explanation}. Bids from {est.low} to {est.high} are accepted.")
        if a > est.high:
            return False, ("Not quite: that is more tricks than this hand is likely to win. Count the sure "
                           "tricks: aces, kings with a guard, high trumps and long trumps, and a void or "
                           "singleton you can trump.")
        return False, ("Not quite: this hand is likely to win more tricks than that. Count its aces, kings with "
                       "a guard, high trumps and every trump beyond the third.")
    q = Question("", title, prompt, "int", est.center, judge,
                 f"{est.center} (accepted {est.low}–{est.high}; {est.explanation})", (rule,),
                 "Answer with a whole number (your bid).",
                 {"low": est.low, "high": est.high, "size": size, "source": est.source})
    q.accepted = list(range(est.low, est.high + 1))
    q.candidates = list(range(0, size + 1))
    q.generic, q.generic_rule = f"Not quite: a bid is a number of tricks from 0 to {size} ({rule}).", rule
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


def _hand_with_estimate(rng: Rng, size: int, trump: Suit | None, make_game, estimator: str,
                        targets: tuple[int, ...]):
    """A game whose bidding seat holds a hand whose estimate is a target
    chosen first from ``targets`` by :meth:`Rng.spread_pick` (in a class set,
    by the student's variant: any 5k consecutive variants get each target k
    times; in practice sets, at random), so a class's accepted bid ranges
    spread instead of sharing the usual 2–4; see :data:`_SPADES_TARGETS`.  Hands are drawn with a
    bias towards strong or weak cards (:func:`_weighted_hand`), the bias
    adjusted by what :func:`~tutor.exercises.bidcount.estimate_bid` (called
    on the real seat view, never copied) says, until it gives the target;
    after 200 hands the closest is used (the top of the range is rare).
    ``make_game(rng, hand)`` returns ``(game, seat)``.  Returns ``(game,
    seat, hand, estimate)``."""
    target = rng.spread_pick(targets)
    beta = _first_bias(target / size)
    best = None
    for _ in range(200):
        hand = _weighted_hand(rng, size, trump, beta)
        if estimator != "count":  # a cheap first look (the simple count, no game) before asking the advisor
            gap = target - estimate_bid(hand, trump, size, "count").center
            if abs(gap) > 1:
                beta += 0.3 * gap + (0.15 if gap > 0 else -0.15)
                continue
        g, seat = make_game(rng, hand)
        hand = g.hand_of(seat)
        est = estimate_bid(hand, trump, size, estimator, view=g.view(seat))
        gap = target - est.center
        if best is None or abs(gap) < abs(best[4]):
            best = (g, seat, hand, est, gap)
            if gap == 0:
                break
        beta += 0.3 * gap + (0.15 if gap > 0 else -0.15)
    return best[:4]


def _rest_dealt(rng: Rng, hand: list[Card], seat: int, size: int, keep: Card | None = None):
    """The four hands of a deal in which ``seat`` holds ``hand`` (the others
    dealt at random from the rest, leaving out ``keep``)."""
    out = {c.index for c in hand}
    if keep is not None:
        out.add(keep.index)
    rest = [i for i in range(52) if i not in out]
    keys = [rng.random() for _ in rest]
    rest = [DECK[rest[k]] for k in sorted(range(len(rest)), key=keys.__getitem__)]
    hands = []
    pos = 0
    for s in range(4):
        if s == seat:
            hands.append(tuple(sorted(hand)))
        else:
            hands.append(tuple(sorted(rest[pos:pos + size])))
            pos += size
    return hands


#: The estimates a hand is built for.  The accepted bids are the estimate ±1
#: (bidcount.py), so these centres' ranges do not overlap ({0,1,2}, {3,4,5},
#: {6,7,8}, {9,10,11}, {12,13}): each bid is accepted only for the students of
#: one centre: exactly a fifth of a class set's students (their variants
#: spread over the targets, :meth:`~tutor.exercises.core.Rng.spread_pick`).  The bid
#: advisor never suggests 0 in Spades, hence 1 at the bottom.
_SPADES_TARGETS = (1, 4, 7, 10, 13)
#: The same for a 12-card Oh Hell hand: {0,1}, {2,3,4}, {5,6,7}, {8,9,10}, {11,12}.
_OH_HELL_TARGETS = (0, 3, 6, 9, 12)
_OH_HELL_SIZE = 12


def _ex6_spades(rng: Rng, settings: dict) -> Question:
    def make_game(r: Rng, hand):
        dealer = r.below(4)
        seat = (dealer + 1) % 4
        hands = _rest_dealt(r, hand, seat, 13)
        g = SpadesGame.from_hands(hands, dealer=dealer)
        g.look(seat)
        return g, seat
    g, seat, hand, est = _hand_with_estimate(rng, 13, Suit.SPADES, make_game, settings["estimator"],
                                           _SPADES_TARGETS)
    prompt = ["Spades (spades are trump).", f"You are {SEATS[seat]} and bid first. Your 13 cards: {cards_text(hand)}.",
              "How many tricks do you expect to win? Give your bid."]
    q = _bid_question("Count the tricks (Spades)", prompt, est, 13, "SP-6")
    q.facts.update(hand=[c.code for c in hand], trump="S")
    return q


def _ex6_oh_hell(rng: Rng, settings: dict) -> Question:
    size = _OH_HELL_SIZE  # a long hand: a wide range of estimates
    trump = rng.pick((Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))

    def make_game(r: Rng, hand):
        dealer = r.below(4)
        seat = (dealer + 1) % 4
        up = r.pick([c for c in DECK if c.suit == trump and c not in hand])  # the turned-up card (OH-7)
        hands = _rest_dealt(r, hand, seat, size, up)
        g = OhHellGame.from_hands(hands, turn_up=up, dealer=dealer,
                                  rules=OhHellRules(players=4, hand_sizes=(size,), no_trump_final_hand=False))
        return g, seat
    g, seat, hand, est = _hand_with_estimate(rng, size, trump, make_game, settings["estimator"],
                                           _OH_HELL_TARGETS)
    prompt = [f"Oh Hell, 4 players, {size} cards each.", _trump_line(g),
              f"You are {SEATS[seat]} and bid first. Your cards: {cards_text(hand)}.",
              "How many tricks do you expect to win? Give your bid."]
    q = _bid_question("Count the tricks (Oh Hell)", prompt, est, size, "OH-8")
    q.facts.update(hand=[c.code for c in hand], trump=trump.letter)
    return q
