"""The scoring drill: given the bids and tricks (and the bags before), type
the hand's points and the new bag count, then see the engine's itemised score.

Spades (SP-8 … SP-11, SP-17 … SP-20): one partnership's hand, scored by
:func:`engine.score_spades_side`.  Oh Hell (OH-11, OH-V7, OH-V8): one
player's hand, scored by :func:`engine.ohhell.score_oh_hell_seat`.  The
drill never computes a score itself: the problem is built from bids and
tricks, and the engine's lines are the answer.
"""
from __future__ import annotations

import html
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from engine import Bid, OhHellRules, SEAT_NAMES, ScoreLine, score_spades_side
from engine.ohhell import score_oh_hell_seat

from ..common import Feedback, guarded
from ._shared import GAME_NAMES, KindCycle, stats_html

#: The drill's instruction, per game.
ASK = {"spades": "Type the points North–South score for this hand and their bag count after it.",
       "oh_hell": "Type the points this hand scores."}
#: A bag count below 0 ({text}: what was typed): impossible input, refused and never graded.
BAGS_NEGATIVE = "“{text}” cannot be a bag count: bags are counted from 0 up. Type North–South's bags after this hand."
#: Something typed that is not a whole number ({text}).
NOT_A_NUMBER = "“{text}” is not a whole number: type a whole number, such as 52 or -40."

__all__ = ["ScoringProblem", "ScoringProblems", "ScoringDrill", "SCORING_KINDS", "parse_points"]

#: The kinds of problem and the rule each exercises.
SCORING_KINDS: dict[str, dict[str, str]] = {
    "spades": {
        "made": "SP-17", "overtricks": "SP-17", "set": "SP-18", "nil_made": "SP-8", "nil_failed": "SP-19",
        "blind_nil": "SP-10", "penalty": "SP-20", "double_penalty": "SP-20",
    },
    "oh_hell": {
        "exact": "OH-11", "zero_made": "OH-11", "missed": "OH-11", "tricks_count": "OH-V7",
        "nil_by_size": "OH-V8",
    },
}

KIND_TEXT = {
    "made": "contract made", "overtricks": "contract made with overtricks", "set": "contract set",
    "nil_made": "Nil", "nil_failed": "failed Nil: its tricks are bags", "blind_nil": "Blind Nil",
    "penalty": "bag penalty", "double_penalty": "two bag penalties in one hand", "exact": "exact bid",
    "zero_made": "a bid of 0 made", "missed": "bid missed", "tricks_count": "tricks always count (OH-V7)",
    "nil_by_size": "Nil pays by hand size (OH-V8)",
}


@dataclass(frozen=True)
class ScoringProblem:
    """One hand to score.

    Spades: ``bids`` (North's and South's :class:`~engine.Bid`, in seat
    order), ``tricks`` (tricks each took), ``bags_before`` (North–South's
    bag count before the hand).  Oh Hell: ``bids`` (one bid), ``tricks``
    (one count), ``hand_size``, ``rules`` (the :class:`~engine.OhHellRules`
    with the OH-V7 / OH-V8 switches).  ``kind`` and ``rule``: what it
    exercises.  The answer, from the engine: ``lines`` (score lines),
    ``points`` (the hand's points), ``bags_after`` (Spades; None in Oh Hell).
    """

    game: str
    kind: str
    rule: str
    bids: tuple
    tricks: tuple[int, ...]
    bags_before: int = 0
    hand_size: int = 13
    rules: OhHellRules | None = None
    lines: tuple[ScoreLine, ...] = ()
    points: int = 0
    bags_after: int | None = None

    @property
    def has_bags(self) -> bool:
        """Whether the learner types a bag count too (Spades)."""
        return self.bags_after is not None


def _spades(kind: str, rule: str, bids: tuple[Bid, Bid], tricks: tuple[int, int], before: int) -> ScoringProblem:
    lines, points, after = score_spades_side(0, list(bids), list(tricks), before)
    return ScoringProblem("spades", kind, rule, bids, tricks, before, 13, None, tuple(lines), points, after)


def _split(rng: random.Random, total: int, low: int = 1) -> tuple[int, int]:
    a = rng.randint(low, total - low)
    return a, total - a


class ScoringProblems:
    """A seeded stream of scoring problems for ``game`` (``"spades"`` or
    ``"oh_hell"``): kinds in shuffled cycles (every kind of
    :data:`SCORING_KINDS` once a cycle); :meth:`ask_again` brings a kind
    back after the next problem."""

    def __init__(self, game: str = "spades", seed: int = 0):
        if game not in SCORING_KINDS:
            raise ValueError(f"game must be 'spades' or 'oh_hell', not {game!r}")
        self.game = game
        self.rng = random.Random(seed)
        self._cycle = KindCycle(SCORING_KINDS[game], self.rng)
        self.count = 0

    def ask_again(self, kind: str) -> None:
        """Serve another problem of ``kind`` after the next one."""
        if kind not in SCORING_KINDS[self.game]:
            raise ValueError(f"{kind!r} is not a scoring problem kind of {self.game}")
        self._cycle.ask_again(kind)

    def _next_kind(self) -> str:
        return self._cycle.next()

    def next(self) -> ScoringProblem:
        """The next problem."""
        kind = self._next_kind()
        self.count += 1
        return self.make(kind)

    def make(self, kind: str) -> ScoringProblem:
        """A problem of ``kind`` (random within it)."""
        if kind not in SCORING_KINDS[self.game]:
            raise ValueError(f"{kind!r} is not a scoring problem kind of {self.game}")
        rule = SCORING_KINDS[self.game][kind]
        return getattr(self, f"_{self.game}")(kind, rule)

    def _spades(self, kind: str, rule: str) -> ScoringProblem:
        r = self.rng
        if kind in ("made", "overtricks", "set", "penalty"):
            contract = r.randint(3, 9)
            if kind == "made":
                took, before = contract, r.randint(0, 9)
            elif kind == "overtricks":
                extra = r.randint(1, min(4, 13 - contract))
                took, before = contract + extra, r.randint(0, 9 - extra)
            elif kind == "set":
                took, before = r.randint(max(0, contract - 4), contract - 1), r.randint(0, 9)
            else:  # the bag count passes 10 once
                contract = r.randint(3, 8)
                extra = r.randint(2, min(5, 13 - contract))
                took, before = contract + extra, r.randint(10 - extra, 9)
            b1, b2 = _split(r, contract)
            t1 = r.randint(max(0, took - 13), min(took, 13))
            return _spades(kind, rule, (Bid(0, b1), Bid(2, b2)), (t1, took - t1), before)
        if kind == "double_penalty":  # the count reaches 20: two penalties in one hand (SP-20)
            before = r.randint(8, 9)
            need = 20 - before
            if before == 9 and r.random() < 0.4:  # bid 1 each and take all 13 tricks: 11 bags
                t1 = r.randint(0, 13)
                return _spades(kind, rule, (Bid(0, 1), Bid(2, 1)), (t1, 13 - t1), before)
            partner_bid = r.randint(1, before - 7)  # a failed Nil's tricks are bags too (SP-19)
            nil_took = r.randint(2, 6)
            partner_took = r.randint(need - nil_took + partner_bid, 13 - nil_took)
            nil_seat = r.choice((0, 1))
            nil, other = Bid(2 * nil_seat, 0), Bid(2 * (1 - nil_seat), partner_bid)
            bids = (nil, other) if nil_seat == 0 else (other, nil)
            tricks = (nil_took, partner_took) if nil_seat == 0 else (partner_took, nil_took)
            return _spades(kind, rule, bids, tricks, before)
        # Nil and Blind Nil: one partner bids 0, the other a number
        nil_seat = r.choice((0, 1))
        partner_bid = r.randint(2, 6)
        if kind == "nil_made":
            nil_took = 0
        elif kind == "nil_failed":
            nil_took = r.randint(1, 3)
        else:
            nil_took = r.choice((0, 0, 1, 2))
        partner_took = r.randint(max(0, partner_bid - 2), min(13 - nil_took, partner_bid + 2))
        before = r.randint(0, 9 - (partner_took - partner_bid if partner_took > partner_bid else 0) - nil_took) \
            if kind != "blind_nil" else r.randint(0, 5)
        before = max(0, before)
        nil = Bid(2 * nil_seat, 0, blind=(kind == "blind_nil"))
        other = Bid(2 * (1 - nil_seat), partner_bid)
        bids = (nil, other) if nil_seat == 0 else (other, nil)
        tricks = (nil_took, partner_took) if nil_seat == 0 else (partner_took, nil_took)
        return _spades(kind, rule, bids, tricks, before)

    def _oh_hell(self, kind: str, rule: str) -> ScoringProblem:
        r = self.rng
        size = r.randint(3, 10)
        always = kind == "tricks_count"
        by_size = kind == "nil_by_size"
        if kind == "exact":
            bid = r.randint(1, size)
            won = bid
        elif kind == "zero_made":
            bid = won = 0
        elif kind == "missed":
            bid = r.randint(0, size)
            won = r.choice([k for k in range(size + 1) if k != bid])
        elif kind == "tricks_count":
            bid = r.randint(0, size)
            won = r.choice([k for k in range(size + 1) if k != bid])
        else:  # OH-V8; with OH-V7 on too now and then (its line only counts a miss)
            bid = won = 0
            always = r.random() < 0.5
        rules = OhHellRules(players=4, hand_sizes=(size,), tricks_always_count=always, nil_pays_hand_size=by_size)
        line = score_oh_hell_seat(0, bid, won, size, rules)
        return ScoringProblem("oh_hell", kind, rule, (bid,), (won,), 0, size, rules, (line,), line.points, None)


def parse_points(text: str) -> int | None:
    """A whole number typed by the learner ("40", "-100", "−100", "+52"), or
    None for an empty box.  Raises ValueError for anything else."""
    t = text.strip().replace("−", "-").replace("–", "-").replace(" ", "")
    if not t:
        return None
    if t.startswith("+"):
        t = t[1:]
    if not t.lstrip("-").isdigit() or t.count("-") > 1 or len(t) > 30:
        raise ValueError(f"“{text.strip()}” is not a whole number")
    return int(t)


def _bid_text(b: Bid) -> str:
    if b.value == 0:
        return "Blind Nil" if b.blind else "Nil"
    return str(b.value)


class ScoringDrill(W.VBox):
    """Scoring drill: type a hand's points (and, in Spades, the new bag
    count), then see the engine's itemised score with rule ids.

    Parameters: ``game`` ``"spades"`` (SP-8 … SP-11, SP-17 … SP-20) or
    ``"oh_hell"`` (OH-11, OH-V7, OH-V8); ``seed`` (the same seed gives the
    same problems).  Problems come from :class:`ScoringProblems`; a kind the
    learner gets wrong comes back soon.  One answer per problem: after
    *Check* the engine's lines are shown and *Next* gives a new problem (the
    old feedback clears).  Headless: :meth:`answer` (points, bags),
    :meth:`next`.  State: ``problem``, ``streak``, ``best_streak``,
    ``mistakes`` (Counter by rule id), ``answered``, ``last_correct``,
    ``problems_done``.
    """

    def __init__(self, game: str = "spades", seed: int = 0, **kwargs: Any):
        self.game_kind = game
        self.stream = ScoringProblems(game, seed)
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter = Counter()
        self.problems_done = 0
        self.problem: ScoringProblem | None = None
        self.answered = False
        self.last_correct: bool | None = None

        self.title = W.HTML(f"<h2 style='margin:4px 0;font-size:1.17em'>Scoring: {GAME_NAMES[game]}</h2>"
                            f"<div style='font-size:14px'>{ASK[game]}</div>")
        self.stats = W.HTML()
        self.problem_html = W.HTML()
        self.points_box = W.Text(value="", description="Points", placeholder="e.g. 52 or -40",
                                 layout=W.Layout(width="200px"))
        self.bags_box = W.Text(value="", description="Bags after", placeholder="0 to 9",
                               layout=W.Layout(width="200px"))
        self.check_button = W.Button(description="Check", button_style="primary")
        self.next_button = W.Button(description="Next", icon="arrow-right", tooltip="A new hand to score")
        self.feedback = Feedback()
        self.note = Feedback()
        self.lines_html = W.HTML()
        self.check_button.on_click(self._on_check)
        self.next_button.on_click(self._on_next)
        boxes = W.HBox([self.points_box, self.bags_box, self.check_button],
                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.title, self.stats, self.problem_html, boxes, self.feedback, self.note,
                          self.lines_html, self.next_button], **kwargs)
        self.add_class("tt-drill")
        self.add_class("tt-scoring-drill")
        self._load(self.stream.next())

    # ---------------------------------------------------------------- headless
    def answer(self, points: Any, bags: Any = None) -> None:
        """Type ``points`` (and ``bags``, Spades) and press *Check* (headless)."""
        self.points_box.value = "" if points is None else str(points)
        self.bags_box.value = "" if bags is None else str(bags)
        self.check_button.click()

    def next(self) -> None:
        """Press *Next* (headless)."""
        self.next_button.click()

    # ---------------------------------------------------------------- drawing
    def _load(self, p: ScoringProblem) -> None:
        self.problem = p
        self.answered = False
        self.last_correct = None
        self.feedback.clear()
        self.note.clear()
        self.lines_html.value = ""
        self.points_box.value = ""
        self.bags_box.value = ""
        self.points_box.disabled = self.bags_box.disabled = self.check_button.disabled = False
        self.bags_box.layout.display = "" if p.has_bags else "none"
        self.problem_html.value = getattr(self, f"_problem_html_{p.game}")(p)
        self._draw_stats()

    def _draw_stats(self) -> None:
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes,
                                      f" · hands scored <b>{self.problems_done}</b>")

    def _problem_html_spades(self, p: ScoringProblem) -> str:
        td = "<td style='padding:2px 12px 2px 0'>"
        rows = "".join(f"<tr>{td}{SEAT_NAMES[b.seat]}</td>{td}<b>{_bid_text(b)}</b></td>{td}<b>{t}</b></td></tr>"
                       for b, t in zip(p.bids, p.tricks))
        others = 13 - sum(p.tricks)
        return (f"<div style='font-size:15px;line-height:1.5'>Hand {self.stream.count}: Spades, "
                f"North–South.<table class='tt-scoring-problem' style='margin:4px 0'><tr>{td}Player</td>"
                f"{td}Bid</td>{td}Tricks won</td></tr>{rows}</table>"
                f"East–West took the other {others} trick{'s' if others != 1 else ''}. "
                f"North–South had <b>{p.bags_before} bag{'s' if p.bags_before != 1 else ''}</b> before "
                f"this hand.</div>")

    def _problem_html_oh_hell(self, p: ScoringProblem) -> str:
        rules = p.rules
        opts = []
        opts.append("tricks always count (OH-V7): " + ("<b>on</b>" if rules.tricks_always_count else "off"))
        opts.append("Nil pays by hand size (OH-V8): " + ("<b>on</b>" if rules.nil_pays_hand_size else "off"))
        return (f"<div style='font-size:15px;line-height:1.5'>Hand {self.stream.count}: Oh Hell, "
                f"{p.hand_size} cards each. You bid <b>{p.bids[0]}</b> and won <b>{p.tricks[0]}</b> "
                f"trick{'s' if p.tricks[0] != 1 else ''}.<br>Scoring options: {'; '.join(opts)}.</div>")

    def _lines_html(self, p: ScoringProblem) -> str:
        rows = "".join(f"<tr><td style='padding:1px 12px 1px 0'>{html.escape(l.item)}</td>"
                       f"<td style='text-align:right;padding:1px 12px 1px 0'>{l.points:+d}</td>"
                       f"<td><code>{html.escape(l.rule)}</code></td></tr>" for l in p.lines)
        if not p.lines:
            rows = "<tr><td colspan='3'>no score line</td></tr>"
        total = (f"<tr style='border-top:1px solid #999'><td><b>points this hand</b></td>"
                 f"<td style='text-align:right;padding-right:12px'><b>{p.points:+d}</b></td><td></td></tr>")
        bags = ""
        if p.has_bags:
            added = sum(l.bags for l in p.lines)
            penalties = (p.bags_before + added) // 10
            bags = (f"<div>Bags: {p.bags_before} before + {added} this hand = {p.bags_before + added}"
                    + (f"; {penalties} penalt{'y' if penalties == 1 else 'ies'} of 100 take away "
                       f"{10 * penalties} bags (SP-20)" if penalties else "")
                    + f" → <b>{p.bags_after}</b> after.</div>")
        return (f"<div class='tt-score-lines' style='font-size:14px'><div>The engine's score:</div>"
                f"<table style='margin:2px 0'>{rows}{total}</table>{bags}</div>")

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_check(self, _button=None) -> None:
        p = self.problem
        if self.answered:
            self.note.show_info("You have already answered this hand: press Next for another.")
            return
        bad = None
        try:
            bad = self.points_box.value
            points = parse_points(bad)
            bad = self.bags_box.value
            bags = parse_points(bad) if p.has_bags else None
        except ValueError:
            self.note.show_info(NOT_A_NUMBER.format(text=bad.strip()[:40]))
            return
        if bags is not None and bags < 0:  # not a mistake to grade: no bag count is below 0 (SP-20)
            self.note.show_info(BAGS_NEGATIVE.format(text=self.bags_box.value.strip()[:40]))
            return
        if points is None or (p.has_bags and bags is None):
            what = "the points and the bag count" if p.has_bags else "the points"
            self.note.show_info(f"Type {what} first, then press Check.")
            return
        self.note.clear()
        self.answered = True
        self.problems_done += 1
        right_points = points == p.points
        right_bags = (not p.has_bags) or bags == p.bags_after
        ok = right_points and right_bags
        self.last_correct = ok
        rules = ", ".join(dict.fromkeys(l.rule for l in p.lines))
        bags_text = f" and leaves {p.bags_after} bag{'s' if p.bags_after != 1 else ''}" if p.has_bags else ""
        if ok:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.feedback.show_ok(f"Right: {p.points:+d} points{bags_text} ({rules}).")
        else:
            self.streak = 0
            self.mistakes[p.rule] += 1
            self.stream.ask_again(p.kind)
            wrong = []
            if not right_points:
                wrong.append(f"you wrote {points:+d} points")
            if not right_bags:
                wrong.append(f"{bags} bag{'s' if bags != 1 else ''}")
            self.feedback.show_error(f"Not quite ({' and '.join(wrong)}): this hand scores {p.points:+d}"
                                     f"{bags_text} ({rules}). The lines below show why.")
        self.lines_html.value = self._lines_html(p)
        self.points_box.disabled = self.bags_box.disabled = self.check_button.disabled = True
        self._draw_stats()

    @guarded()
    def _on_next(self, _button=None) -> None:
        if not self.answered:
            self.streak = 0  # skipping a hand ends the streak
        self._load(self.stream.next())
