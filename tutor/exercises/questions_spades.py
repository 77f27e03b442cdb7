"""Exercises 3 and 4: Spades scoring, bags and the end of the game (SP-7 … SP-22)."""
from __future__ import annotations

from engine import Bid, Phase, score_spades_side
from engine.sim import play_out_spades

from .core import NOBODY, SEATS, SIDES, TIE, Question, Rng
from ._qbase import _FastHand, _plural, _NotFound, _INT_HELP


# ------------------------------------------------ exercise 3: scoring a Spades hand


def _bid_text(b: Bid) -> str:
    return "Blind Nil" if b.blind else ("Nil" if b.value == 0 else str(b.value))


def _score_hint(lines, total: int, answer: int) -> tuple[str, str]:
    """A hint from the engine's score lines that names the part to look at
    again, and the rule id of that part (the first part's for the general hint)."""
    for l in lines:
        if l.points and answer == total - l.points:
            return f"Not quite: you left out one part: “{l.item}” ({l.rule}).", l.rule
    for l in lines:
        if l.points and answer == total - 2 * l.points:
            return f"Not quite: check the sign of “{l.item}” ({l.rule}): is it won or lost?", l.rule
    parts = "; ".join(f"{l.item} ({l.rule})" for l in lines)
    return (f"Not quite. This hand's score has {_plural(len(lines), 'part')}: {parts}. Work out each part and add "
            f"them up.", lines[0].rule if lines else "")


def _int_question(title: str, prompt: list[str], answer: int, lines, rules, explain: str) -> Question:
    def judge(a: int) -> tuple[bool, str, str]:
        if a == answer:
            return True, f"Right: {explain}", ""
        return (False, *_score_hint(lines, answer, a))
    facts = {"lines": [(l.item, l.points, l.rule) for l in lines]}
    q = Question("", title, prompt, "int", answer, judge, f"{answer} ({explain})", rules, _INT_HELP, facts)
    q.candidates = _hint_answers(lines, answer)
    return q


def _hint_answers(lines, total: int, shift: int = 0) -> list[int]:
    """The answers :func:`_score_hint` has a specific hint for (plus ``shift``)."""
    return sorted({total - k * l.points + shift for l in lines for k in (1, 2) if l.points})


def _lines_text(lines) -> str:
    return ", ".join(f"{l.item} {l.points:+d}" for l in lines) or "nothing"


def _spades_side_question(title: str, rng: Rng, bids: list[Bid], tricks: list[int], bags_before: int,
                          ask: str = "points", score_before: int | None = None) -> Question:
    side = rng.below(2)
    seats = (side, side + 2)
    bids = [Bid(s, b.value, b.blind) for s, b in zip(seats, bids)]
    lines, pts, bags_after = score_spades_side(side, bids, tricks, bags_before)
    name = SIDES[side]
    contract = sum(b.value for b in bids)
    prompt = [
        f"Spades. {name} bid: {SEATS[seats[0]]} {_bid_text(bids[0])}, {SEATS[seats[1]]} {_bid_text(bids[1])}"
        + (f" (contract {contract})." if contract else "."),
        f"They won: {SEATS[seats[0]]} {_plural(tricks[0], 'trick')}, {SEATS[seats[1]]} {_plural(tricks[1], 'trick')}.",
        f"{name} had {_plural(bags_before, 'bag')} before this hand."
        if score_before is None else
        f"{name} had {score_before} points and {_plural(bags_before, 'bag')} before this hand.",
    ]
    rules = tuple(dict.fromkeys(l.rule for l in lines))
    if ask == "total":
        prompt.append(f"What is {name}'s score after this hand?")
        total = score_before + pts
        explain = f"{score_before} {_lines_text(lines)} = {total}."

        def judge_total(a: int) -> tuple[bool, str, str]:
            if a == total:
                return True, f"Right: {explain}", ""
            if a == pts:
                return False, ("Not quite: that is this hand's score only; add it to the score before the hand "
                               "(SP-17)."), "SP-17"
            return (False, *_score_hint(lines, pts, a - score_before))
        q = Question("", title, prompt, "int", total, judge_total, f"{total} ({explain})", rules, _INT_HELP,
                     {"lines": [(l.item, l.points, l.rule) for l in lines], "score_before": score_before})
        q.candidates = _hint_answers(lines, pts, score_before) + [pts]
        return q
    if ask == "points":
        prompt.append(f"How many points do {name} score for this hand (with any bag penalty)?")
        return _int_question(title, prompt, pts, lines, rules, f"{_lines_text(lines)} = {pts}.")
    prompt.append(f"How many bags do {name} have after this hand?")
    hand_bags = sum(l.points for l in lines if l.rule == "SP-19" or l.item == "bags")
    pen = sum(1 for l in lines if l.rule == "SP-20")

    def judge(a: int) -> tuple[bool, str, str]:
        if a == bags_after:
            return True, (f"Right: {bags_before} + {hand_bags} this hand; every 10 bags cost 100 points and are "
                          f"removed, the rest carry over (SP-20)."), ""
        if a == bags_before + hand_bags:
            return (False, "Not quite: when the count reaches 10, ten bags are removed (with a 100-point penalty) "
                           "(SP-20).", "SP-20")
        return False, ("Not quite: add this hand's bags (tricks over the contract, SP-17, and failed-Nil tricks, "
                       "SP-19) to the bags before, then take away 10 for each penalty (SP-20)."), "SP-17"
    q = Question("", title, prompt, "int", bags_after, judge,
                 f"{bags_after} ({bags_before} + {hand_bags} bags, {pen} penalty)", ("SP-17", "SP-19", "SP-20"),
                 _INT_HELP)
    q.candidates = [bags_before + hand_bags]
    return q


def _split(rng: Rng, total: int, cap_each: int = 13) -> tuple[int, int]:
    a = rng.between(max(0, total - cap_each), min(total, cap_each))
    return a, total - a


def _ex3_made(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 6), rng.between(1, 6)
    t = _split(rng, b1 + b2)
    return _spades_side_question("Contract made exactly", rng, [Bid(0, b1), Bid(0, b2)], list(t), rng.between(0, 6))


def _ex3_bags(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 5), rng.between(1, 4)
    k = rng.between(1, 3)
    bb = rng.between(0, 9 - k)
    return _spades_side_question("Contract made with overtricks", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), bb)


def _ex3_set(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(2, 6), rng.between(1, 6)
    k = rng.between(1, 4)
    return _spades_side_question("Contract set", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 - k)), rng.between(0, 9))


def _nil_pair(rng: Rng, nil: Bid, nil_won: int, partner_bid: int, partner_won: int, title: str,
              bags_room: bool = True) -> Question:
    order = rng.below(2)
    bids = [nil, Bid(0, partner_bid)]
    tricks = [nil_won, partner_won]
    if order:
        bids.reverse(); tricks.reverse()
    hand_bags = max(0, partner_won - partner_bid) + nil_won
    bb = rng.between(0, max(0, 9 - hand_bags))
    return _spades_side_question(title, rng, bids, tricks, bb)


def _ex3_nil_made(rng: Rng, settings: dict) -> Question:
    p = rng.between(2, 6)
    return _nil_pair(rng, Bid(0, 0), 0, p, p + rng.between(0, 2), "Nil made")


def _ex3_nil_failed(rng: Rng, settings: dict) -> Question:
    p = rng.between(2, 6)
    return _nil_pair(rng, Bid(0, 0), rng.between(1, 3), p, p + rng.between(0, 2), "Nil failed")


def _ex3_blind_made(rng: Rng, settings: dict) -> Question:
    p = rng.between(2, 9)
    return _nil_pair(rng, Bid(0, 0, True), 0, p, p - rng.between(1, min(3, p)), "Blind Nil made, partner set")


def _ex3_blind_failed(rng: Rng, settings: dict) -> Question:
    p = rng.between(3, 6)
    return _nil_pair(rng, Bid(0, 0, True), rng.between(1, 3), p, p - rng.between(1, 2),
                     "Blind Nil failed, partner set")


def _ex3_both_nil(rng: Rng, settings: dict) -> Question:
    a = Bid(0, 0, rng.below(2) == 0)
    b = Bid(0, 0)
    won = rng.between(1, 6)
    bids, tricks = [a, b], [0, won]
    if rng.below(2):
        tricks.reverse()
    return _spades_side_question("Both partners Nil", rng, bids, tricks, rng.between(0, 9 - won))


# ------------------------------------------------ exercise 4: bags and the end of the game
def _ex4_carry(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 4), rng.between(1, 4)
    after = rng.between(1, 9)
    k = rng.between(1, min(after, 4))
    return _spades_side_question("Bags carried over", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), after - k, ask="bags")


def _ex4_penalty_points(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 4), rng.between(1, 4)
    k = rng.between(1, 4)
    bb = rng.between(10 - k, 9)
    return _spades_side_question("A bag penalty", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), bb, ask="total", score_before=rng.between(60, 440))


def _two_penalty_hand(rng: Rng):
    while True:
        bb = rng.between(8, 9)
        n = rng.between(3, 6)
        p = rng.between(1, 2)
        j = rng.between(20 - bb - n, 13 - n - p)
        if bb + n + j >= 20 and n + p + j <= 13 and j >= 0:
            return bb, n, p, j


def _ex4_two_penalties(rng: Rng, settings: dict) -> Question:
    bb, n, p, j = _two_penalty_hand(rng)
    return _nil_pair_fixed(rng, bb, n, p, j, "Two bag penalties at once", "total")


def _ex4_penalty_bags(rng: Rng, settings: dict) -> Question:
    b1, b2 = rng.between(1, 3), rng.between(1, 3)
    after = rng.between(0, 6)
    k = rng.between(after + 1, min(after + 9, 13 - b1 - b2))
    return _spades_side_question("The bag count after a penalty", rng, [Bid(0, b1), Bid(0, b2)],
                                 list(_split(rng, b1 + b2 + k)), after + 10 - k, ask="bags")


def _nil_pair_fixed(rng: Rng, bb: int, n: int, p: int, j: int, title: str, ask: str) -> Question:
    bids, tricks = [Bid(0, 0), Bid(0, p)], [n, p + j]
    if rng.below(2):
        bids.reverse(); tricks.reverse()
    before = rng.between(100, 420) if ask == "total" else None
    return _spades_side_question(title, rng, bids, tricks, bb, ask=ask, score_before=before)


def _ex4_three_hands(rng: Rng, settings: dict) -> Question:
    """Three hands of one partnership (EX-S5 style), scored hand after hand."""
    while True:
        hands = []
        for _ in range(3):
            b1, b2 = rng.between(1, 4), rng.between(1, 4)
            hands.append((b1, b2, b1 + b2 + rng.between(1, 5)))
        if sum(w - b1 - b2 for b1, b2, w in hands) >= 10 and all(w <= 13 for _, _, w in hands):
            break
    side = rng.below(2)
    bags = 0
    total = 0
    all_lines = []
    for b1, b2, w in hands:
        t = _split(rng, w)
        lines, pts, bags = score_spades_side(side, [Bid(side, b1), Bid(side + 2, b2)], list(t), bags)
        total += pts
        all_lines.extend(lines)
    name = SIDES[side]
    prompt = [f"Spades. {name} start a game with 0 points and 0 bags and play three hands:"]
    for i, (b1, b2, w) in enumerate(hands, start=1):
        prompt.append(f"Hand {i}: they bid {b1} + {b2} = {b1 + b2} and win {w} tricks together.")
    prompt.append(f"What is {name}'s score after the three hands?")
    pen = [l for l in all_lines if l.rule == "SP-20"]

    def judge(a: int) -> tuple[bool, str, str]:
        if a == total:
            return True, f"Right: {_lines_text(all_lines)} = {total}; {bags} bag(s) carry over (SP-20).", ""
        if a == total + 100 * len(pen):
            return False, ("Not quite: the bags add up over the hands; when they reach 10 the partnership loses "
                           "100 points (SP-20)."), "SP-20"
        return False, ("Not quite: score each hand (10 per contracted trick and 1 per overtrick, SP-17), keep a "
                       "running count of the bags, and take 100 points off when it reaches 10 (SP-20)."), "SP-17"
    q = Question("", "Bags over three hands", prompt, "int", total, judge,
                 f"{total} ({_lines_text(all_lines)})", ("SP-17", "SP-20"), _INT_HELP)
    q.candidates = [total + 100 * len(pen)]
    return q


_SIDE_HELP = ('Answer "North–South" (or "NS"), "East–West" (or "EW"), or "nobody" if no side has won yet '
              '("tie" is accepted only when the scores are tied).')


class _HandOutline:
    """What ``choose`` sees of a hand found by the fast search: ``points``
    and ``score_lines`` per side, from the engine's
    :func:`engine.score_spades_side` (no bags carried in)."""

    __slots__ = ("points", "score_lines")

    def __init__(self, bids: dict[int, int], won: list[int]):
        self.points, self.score_lines = [], []
        for side in (0, 1):
            lines, pts, _ = score_spades_side(side, [Bid(side, bids[side]), Bid(side + 2, bids[side + 2])],
                                              [won[side], won[side + 2]], 0)
            self.points.append(pts)
            self.score_lines.extend(lines)
        self.points = tuple(self.points)


def _played_spades_hand(rng: Rng):
    """A hand dealt and played at random on engine.sim's fast path:
    ``(hand, bids in bidding order, tricks won, generator state before the
    play)``; both sides bid 2–4 each, no Nil.  The play is
    :func:`engine.sim.play_out_spades` (no plays recorded): :func:`_record`
    plays it again, card for card, when the hand is wanted."""
    h = _FastHand(rng, "spades")
    bids = [((h.dealer + k) % 4, rng.between(2, 4)) for k in (1, 2, 3, 4)]
    state = rng.getstate()
    won = play_out_spades(h.hands, h.leader, False, rng)
    return h, bids, won, state


def _record(rng: Rng, h, state, won) -> None:
    """Play ``h`` out again from the generator state ``state`` with its plays
    recorded (the same draws give the same cards: :func:`engine.sim.pick_card`
    is the play-out's choice), leaving the generator where it was."""
    after = rng.getstate()
    rng.setstate(state)
    while not h.over:
        h.step(rng)
    rng.setstate(after)
    if h.won != list(won):  # pragma: no cover - the engine's tests prove the two paths equal
        raise AssertionError("the recorded play-out differs from the fast one")


def _game_end_question(title: str, rng: Rng, choose) -> Question:
    """``choose(rng, result)`` returns (scores_before, bags_before, intended
    outcome) or None; the hand (found on the engine's fast path) is replayed
    through a SpadesGame with those scores and bids, and the engine decides
    who (if anyone) has won (SP-20, SP-22)."""
    for _ in range(500):
        h, bids, won, state = _played_spades_hand(rng)
        bid_of = dict(bids)
        setup = choose(rng, _HandOutline(bid_of, won))
        if setup is None:
            continue
        scores, bags, intended = setup
        _record(rng, h, state, won)
        g = h.game(rng, lambda r, s: bid_of[s], scores=scores, bags=bags)
        r = g.results[0]
        winner = (g.winners[0] & 1) if g.phase is Phase.GAME_OVER else NOBODY
        if winner != intended:
            continue
        break
    else:  # pragma: no cover
        raise _NotFound("no game end found")
    bid_of = dict(bids)
    prompt = [
        "Spades, played to 500 (SP-22).",
        f"Before this hand: North–South {scores[0]} points ({_plural(bags[0], 'bag')}), "
        f"East–West {scores[1]} points ({_plural(bags[1], 'bag')}).",
        "Bids: " + ", ".join(f"{SEATS[s]} {bid_of[s]}" for s in range(4)) + ".",
        "Tricks won: " + ", ".join(f"{SEATS[s]} {r.tricks_won[s]}" for s in range(4)) + ".",
        "Who has won the game after this hand?",
    ]
    ns, ew = r.scores_after
    lines = {side: [l for l in r.score_lines if l.who == side] for side in (0, 1)}
    explain = (f"North–South {scores[0]} {_lines_text(lines[0])} = {ns}; "
               f"East–West {scores[1]} {_lines_text(lines[1])} = {ew}. ")
    if winner == NOBODY:
        explain += ("Both have 500 or more with equal scores, so another hand is played (SP-22)." if ns == ew
                    else "Nobody has 500 yet, so another hand is dealt (SP-21).")
    elif ns >= 500 and ew >= 500:
        explain += f"Both reached 500, and the higher score wins: {SIDES[winner]} (SP-22)."
    else:
        explain += f"{SIDES[winner]} reached 500 first (SP-22)."
    key = "nobody" if winner == NOBODY else SIDES[winner]
    tie = winner == NOBODY and ns == ew

    def judge(a: int) -> tuple[bool, str, str]:
        if a == winner or (tie and a == TIE):
            return True, "Right: " + explain, ""
        if a == TIE:
            return False, ("Not quite: a tie needs both sides on 500 or more with equal scores (SP-22); work out "
                           "both new scores again (SP-17 … SP-20)."), "SP-22"
        # the hint depends on the student's answer, never on who really won
        if a == NOBODY:
            return False, ("Not quite: work out each side's new score (this hand's points with any bag penalty, "
                           "SP-17 … SP-20). A side that reaches 500 wins; if both do, the higher score wins, and "
                           "only equal scores mean another hand (SP-22)."), "SP-17"
        return False, (f"Not quite: work out {SIDES[a]}'s new score again, with any bag penalty taken off after the "
                       f"hand's other points (SP-17 … SP-20), and compare it with the other side's: a side needs 500 "
                       f"to win; if both reach 500 the higher score wins, and equal scores mean another hand "
                       f"(SP-22)."), "SP-17"
    q = Question("", title, prompt, "side", key, judge, f"{key}: {explain}", ("SP-20", "SP-22"), _SIDE_HELP,
                 {"scores_after": (ns, ew), "winner": winner})
    q.accepted = [NOBODY, TIE] if tie else [winner]
    return q


def _made(res, side: int) -> int:
    """Points of ``side`` in hand result ``res`` (no penalty possible: bags started at 0)."""
    return res.points[side]


def _ex4_reach(rng: Rng, settings: dict) -> Question:
    def choose(r: Rng, res):
        w = r.below(2)
        pw, pl = _made(res, w), _made(res, 1 - w)
        if pw <= 10:
            return None
        u = r.between(0, min(pw - 1, 30))
        sw = 500 + u - pw
        sl = r.between(max(0, 300 - pl), 499 - max(pl, 0)) if pl < 499 else None
        if sl is None:
            return None
        scores = [0, 0]; scores[w] = sw; scores[1 - w] = sl
        return tuple(scores), (r.between(0, 5), r.between(0, 5)), w
    return _game_end_question("A side reaches 500", rng, _bags_safe(choose))


def _bags_safe(choose):
    """Keep the bag counts low enough that no penalty interferes."""
    def wrapped(rng: Rng, res):
        out = choose(rng, res)
        if out is None:
            return None
        scores, bags, intended = out
        hb = [sum(l.points for l in res.score_lines if l.who == s and l.item == "bags") for s in (0, 1)]
        bags = tuple(min(b, 9 - h) if h <= 9 else 0 for b, h in zip(bags, hb))
        if any(b < 0 for b in bags):
            return None
        return scores, bags, intended
    return wrapped


def _ex4_both_over(rng: Rng, settings: dict) -> Question:
    def choose(r: Rng, res):
        p = res.points
        if min(p) <= 12:
            return None
        u0 = r.between(0, min(p[0] - 1, 40))
        u1 = r.between(0, min(p[1] - 1, 40))
        if u0 == u1:
            return None
        scores = (500 + u0 - p[0], 500 + u1 - p[1])
        return scores, (r.between(0, 5), r.between(0, 5)), (0 if u0 > u1 else 1)
    return _game_end_question("Both sides over 500", rng, _bags_safe(choose))


def _ex4_tie(rng: Rng, settings: dict) -> Question:
    """Both sides end on 500 or more with close scores: tied (another hand)
    for about a third of the class, else one side ahead by 1–9 points."""
    outcome = rng.pick((NOBODY, 0, 1))

    def choose(r: Rng, res):
        p = res.points
        if min(p) <= 12:
            return None
        u = r.between(0, min(min(p) - 1, 30) - 10)
        lead = 0 if outcome == NOBODY else r.between(1, 9)
        final = [500 + u, 500 + u]
        if outcome != NOBODY:
            final[outcome] += lead
        scores = (final[0] - p[0], final[1] - p[1])
        return scores, (r.between(0, 5), r.between(0, 5)), outcome
    return _game_end_question("Both sides over 500, close scores", rng, _bags_safe(choose))


def _ex4_penalty_stops(rng: Rng, settings: dict) -> Question:
    """One side would pass 500 but its bag penalty keeps it under; for about
    half the class the other side reaches 500 in the same hand and wins."""
    other_wins = rng.below(2) == 1

    def choose(r: Rng, res):
        a = r.below(2)
        pa = res.points[a]
        hb = sum(l.points for l in res.score_lines if l.who == a and l.item == "bags")
        if hb < 1 or hb > 9 or pa <= 50:
            return None
        bags = [0, 0]
        bags[a] = r.between(10 - hb, 9)
        u = r.between(0, min(pa - 51, 40))
        scores = [0, 0]
        scores[a] = 550 + u - pa  # with the penalty: 450 + u; without it 550 + u
        pb = res.points[1 - a]
        hb_b = sum(l.points for l in res.score_lines if l.who == 1 - a and l.item == "bags")
        if other_wins:
            if pb <= 1:
                return None
            scores[1 - a] = 500 + r.between(0, min(pb - 1, 30)) - pb
        else:
            scores[1 - a] = r.between(max(0, 250 - pb), 480 - max(pb, 0))
        bags[1 - a] = r.between(0, max(0, 9 - hb_b))
        if scores[a] >= 500 or scores[1 - a] < 0 or scores[1 - a] >= 500:
            return None
        if (scores[1 - a] + pb >= 500) != other_wins:
            return None
        return tuple(scores), tuple(bags), (1 - a if other_wins else NOBODY)
    return _game_end_question("Near 500, with a bag penalty", rng, choose)
