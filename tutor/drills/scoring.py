"""The scoring drill: given the bids and tricks (and the bags before), type
the hand's points and the new bag count, then see the engine's itemised score.

Spades (SP-8 … SP-11, SP-17 … SP-20): one partnership's hand, scored by
:func:`engine.score_spades_side`.  Oh Hell (OH-11, OH-V7, OH-V8): one
player's hand, scored by :func:`engine.games.oh_hell.score_oh_hell_seat`.
The drill never computes a score itself: the problem is built from bids and
tricks, and the engine's lines are the answer.  What differs between the two
games (the kinds of problem, how one is made and shown) is declared once per
game in :data:`SCORING_GAMES`.
"""
from __future__ import annotations

import html
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import ipywidgets as W

from engine import Bid, OhHellRules, ScoreLine, score_spades_side
from engine.games.oh_hell import score_oh_hell_seat
from engine.message import Text
from engine.registry import OH_HELL, SPADES, GameSpec, spec_named
from engine.text import KINDS, get_language, seat_text

from ..common import Feedback, guarded
from ..text import M_, P_, Markup, say, say_html
from .shared import NEXT, KindCycle, for_game, list_text, stats_html

__all__ = ["ScoringProblem", "ScoringProblems", "ScoringDrill", "SPADES_KINDS", "OH_HELL_KINDS", "SCORING_GAMES",
           "ScoringGame",
           "parse_points"]

#: The kinds of problem in Spades and the rule each exercises.
SPADES_KINDS: dict[str, str] = {
    "made": "SP-17", "overtricks": "SP-17", "set": "SP-18", "nil_made": "SP-8", "nil_failed": "SP-19",
    "blind_nil": "SP-10", "penalty": "SP-20", "double_penalty": "SP-20",
}
#: The kinds of problem in Oh Hell and the rule each exercises.
OH_HELL_KINDS: dict[str, str] = {
    "exact": "OH-11", "zero_made": "OH-11", "missed": "OH-11", "tricks_count": "OH-V7", "nil_by_size": "OH-V8",
}

# TRANSLATORS: a programmer asked for a kind of problem the drill does not have. {kind}: what was asked; {game}: the game.
NOT_A_KIND = M_("drills.scoring.error.kind", "{kind} is not a scoring problem kind of {game}")
# TRANSLATORS: an error for a programmer: the text given is not a whole number. {typed}: the text.
NOT_WHOLE = M_("drills.scoring.error.not_whole", "“{typed}” is not a whole number")


#: A text box's label as wide as its words (a translation is longer than the English), the box after it.
_LABEL_FITS = {"description_width": "initial"}


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
    bids: tuple[Any, ...]
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


def _spades_problem(r: random.Random, kind: str, rule: str) -> ScoringProblem:
    """A Spades problem of ``kind``: one partnership (North–South), its bids, tricks and bags before."""
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


def _oh_hell_problem(r: random.Random, kind: str, rule: str) -> ScoringProblem:
    """An Oh Hell problem of ``kind``: one player's bid and tricks in a hand of 3 to 10 cards."""
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


# ----------------------------------------------------------------------------- how a problem is shown
_TD = "<td style='padding:2px 12px 2px 0'>"
# TRANSLATORS: scoring drill, Spades: the hand's heading. {count}: its number; {game}: Spades; {side}: the partnership scored (North–South).
SPADES_HEAD = M_("drills.scoring.spades.head", "Hand {count}: {game}, {side}.")
# TRANSLATORS: a column of the scoring drill's table (Spades): the players.
COL_PLAYER = M_("drills.scoring.col.player", "Player")
# TRANSLATORS: a column of the scoring drill's table (Spades): each player's bid.
COL_BID = M_("drills.scoring.col.bid", "Bid")
# TRANSLATORS: a column of the scoring drill's table (Spades): tricks each player won.
COL_TRICKS = M_("drills.scoring.col.tricks", "Tricks won")
# TRANSLATORS: scoring drill, Spades: the other partnership's tricks. {other_side}: East–West; {n}: tricks.
OTHERS_TOOK = P_("drills.scoring.spades.others", "{other_side} took the other {n} trick.",
                 "{other_side} took the other {n} tricks.")
# TRANSLATORS: scoring drill, Spades: the bags before the hand. {side}: North–South; {n}: bags.
BAGS_BEFORE = P_("drills.scoring.spades.bags_before", "{side} had <b>{n} bag</b> before this hand.",
                 "{side} had <b>{n} bags</b> before this hand.")
# TRANSLATORS: scoring drill, Oh Hell: the hand. {count}: its number; {game}: Oh Hell; {size}: cards each; {bid}: the bid; {n}: tricks won.
OH_HELL_HEAD = P_("drills.scoring.oh_hell.head",
                  "Hand {count}: {game}, {size} cards each. You bid <b>{bid}</b> and won <b>{n}</b> trick.",
                  "Hand {count}: {game}, {size} cards each. You bid <b>{bid}</b> and won <b>{n}</b> tricks.")
# TRANSLATORS: scoring drill, Oh Hell: the scoring variations. {tricks_count}, {nil_by_size}: each option, on or off.
OPTIONS = M_("drills.scoring.oh_hell.options", "Scoring options: {tricks_count}; {nil_by_size}.")
# TRANSLATORS: scoring drill, Oh Hell: the variation OH-V7 is on.
V7_ON = M_("drills.scoring.oh_hell.v7.on", "tricks always count (OH-V7): <b>on</b>")
# TRANSLATORS: scoring drill, Oh Hell: the variation OH-V7 is off.
V7_OFF = M_("drills.scoring.oh_hell.v7.off", "tricks always count (OH-V7): off")
# TRANSLATORS: scoring drill, Oh Hell: the variation OH-V8 is on.
V8_ON = M_("drills.scoring.oh_hell.v8.on", "Nil pays by hand size (OH-V8): <b>on</b>")
# TRANSLATORS: scoring drill, Oh Hell: the variation OH-V8 is off.
V8_OFF = M_("drills.scoring.oh_hell.v8.off", "Nil pays by hand size (OH-V8): off")


def _bid_text(b: Bid) -> str:
    """A Spades bid as the game writes it (Nil, Blind Nil, or its number)."""
    return str(KINDS["bid_words"](spec_named("spades").codec.bid_out(b), {}, get_language()))


def _spades_html(p: ScoringProblem, count: int) -> str:
    spec = spec_named("spades")
    lang = get_language()
    rows = "".join(f"<tr>{_TD}{html.escape(seat_text(b.seat, spec.naming, lang))}</td>{_TD}<b>"
                   f"{html.escape(_bid_text(b))}</b></td>{_TD}<b>{t}</b></td></tr>"
                   for b, t in zip(p.bids, p.tricks))
    head = say_html(SPADES_HEAD, count=count, game=spec.title, side=0, naming=spec.naming)
    others = say_html(OTHERS_TOOK, other_side=1, naming=spec.naming, n=13 - sum(p.tricks))
    bags = say_html(BAGS_BEFORE, side=0, naming=spec.naming, n=p.bags_before)
    return (f"<div style='font-size:15px;line-height:1.5'>{head}<table class='tt-scoring-problem' "
            f"style='margin:4px 0'><tr>{_TD}{say_html(COL_PLAYER)}</td>{_TD}{say_html(COL_BID)}</td>"
            f"{_TD}{say_html(COL_TRICKS)}</td></tr>{rows}</table>{others} {bags}</div>")


def _oh_hell_html(p: ScoringProblem, count: int) -> str:
    rules = p.rules
    assert rules is not None, "an Oh Hell problem has its rules"
    head = say_html(OH_HELL_HEAD, count=count, game=spec_named("oh_hell").title, size=p.hand_size, bid=p.bids[0],
                    n=p.tricks[0])
    options = say_html(OPTIONS, tricks_count=Markup(say_html(V7_ON if rules.tricks_always_count else V7_OFF)),
                       nil_by_size=Markup(say_html(V8_ON if rules.nil_pays_hand_size else V8_OFF)))
    return f"<div style='font-size:15px;line-height:1.5'>{head}<br>{options}</div>"


@dataclass(frozen=True)
class ScoringGame:
    """What the scoring drill does for one game (``spec``): its kinds of problem (kind
    → rule id), how a problem of a kind is made (``make(rng, kind, rule)``),
    the instruction (``ask``, a catalogue entry) and how a problem is shown
    (``describe(problem, count)``: HTML)."""

    spec: GameSpec
    kinds: dict[str, str]
    make: Callable[[random.Random, str, str], ScoringProblem]
    ask: Text
    describe: Callable[[ScoringProblem, int], str]


#: The games the scoring drill knows, one :class:`ScoringGame` each.
SCORING_GAMES: tuple[ScoringGame, ...] = (
    # TRANSLATORS: the scoring drill's instruction, Spades. {side}: the partnership (North–South).
    ScoringGame(SPADES, SPADES_KINDS, _spades_problem,
                M_("drills.scoring.ask.spades", "Type the points {side} score for this hand and their bag count after it."),
                _spades_html),
    # TRANSLATORS: the scoring drill's instruction, Oh Hell.
    ScoringGame(OH_HELL, OH_HELL_KINDS, _oh_hell_problem,
                M_("drills.scoring.ask.oh_hell", "Type the points this hand scores."), _oh_hell_html),
)


class ScoringProblems:
    """A seeded stream of scoring problems for ``game`` (``"spades"`` or
    ``"oh_hell"``): kinds in shuffled cycles (every kind of
    its :attr:`ScoringGame.kinds` once a cycle); :meth:`ask_again` brings a kind
    back after the next problem."""

    def __init__(self, game: str = "spades", seed: int = 0):
        self._game = for_game(SCORING_GAMES, game)
        self.game = game
        self.rng = random.Random(seed)
        self._cycle = KindCycle(self._game.kinds, self.rng)
        self.count = 0

    def ask_again(self, kind: str) -> None:
        """Serve another problem of ``kind`` after the next one."""
        if kind not in self._game.kinds:
            raise ValueError(say(NOT_A_KIND, kind=repr(kind), game=self.game))
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
        if kind not in self._game.kinds:
            raise ValueError(say(NOT_A_KIND, kind=repr(kind), game=self.game))
        return self._game.make(self.rng, kind, self._game.kinds[kind])


def parse_points(text: str) -> int | None:
    """A whole number typed by the learner ("40", "-100", "−100", "+52"), or
    None for an empty box.  Raises ValueError for anything else."""
    t = text.strip().replace("−", "-").replace("–", "-").replace(" ", "")
    if not t:
        return None
    if t.startswith("+"):
        t = t[1:]
    if not t.lstrip("-").isdigit() or t.count("-") > 1 or len(t) > 30:
        raise ValueError(say(NOT_WHOLE, typed=text.strip()))
    return int(t)


# TRANSLATORS: the scoring drill's title. {game}: the game's name.
TITLE = M_("drills.scoring.title", "Scoring: {game}")
# TRANSLATORS: the label of the box for the hand's points.
POINTS_BOX = M_("drills.scoring.box.points", "Points")
# TRANSLATORS: the grey hint inside the empty points box.
POINTS_HINT = M_("drills.scoring.box.points.hint", "e.g. 52 or -40")
# TRANSLATORS: the label of the box for the bag count after the hand (Spades).
BAGS_BOX = M_("drills.scoring.box.bags", "Bags after")
# TRANSLATORS: the grey hint inside the empty bags box.
BAGS_HINT = M_("drills.scoring.box.bags.hint", "0 to 9")
# TRANSLATORS: the button that checks the answer.
CHECK = M_("drills.scoring.button.check", "Check")
# TRANSLATORS: the tooltip of the scoring drill's Next button.
NEXT_TIP = M_("drills.scoring.next.tooltip", "A new hand to score")
# TRANSLATORS: a bag count below 0 was typed: refused, never graded. {typed}: what was typed; {side}: North–South.
BAGS_NEGATIVE = M_("drills.scoring.note.bags_negative",
                   "“{typed}” cannot be a bag count: bags are counted from 0 up. Type {side}'s bags after this hand.")
# TRANSLATORS: something typed in a box is not a whole number. {typed}: what was typed (at most 40 characters).
NOT_A_NUMBER = M_("drills.scoring.note.not_a_number",
                  "“{typed}” is not a whole number: type a whole number, such as 52 or -40.")
# TRANSLATORS: Check pressed with a box empty (Spades: points and bags).
TYPE_BOTH = M_("drills.scoring.note.type_both", "Type the points and the bag count first, then press Check.")
# TRANSLATORS: Check pressed with the points box empty.
TYPE_POINTS = M_("drills.scoring.note.type_points", "Type the points first, then press Check.")
# TRANSLATORS: Check pressed again after answering.
ANSWERED = M_("drills.scoring.note.answered", "You have already answered this hand: press Next for another.")
# TRANSLATORS: a right answer. {points}: the hand's points with a sign; {rules}: the rule ids of its lines.
RIGHT = M_("drills.scoring.right", "Right: {points:+d} points ({rules}).")
# TRANSLATORS: a right answer (Spades). {points}: with a sign; {n}: the bags after the hand; {rules}: rule ids.
RIGHT_BAGS = P_("drills.scoring.right.bags", "Right: {points:+d} points and leaves {n} bag ({rules}).",
                "Right: {points:+d} points and leaves {n} bags ({rules}).")
# TRANSLATORS: wrong points. {wrote}: the points typed; {points}: the right points; {rules}: rule ids.
WRONG_POINTS = M_("drills.scoring.wrong.points",
                  "Not quite (you wrote {wrote:+d} points): this hand scores {points:+d} ({rules}). "
                  "The lines below show why.")
# TRANSLATORS: wrong points, right bags (Spades). {wrote}: the points typed; {points}: the right points; {n}: bags after; {rules}: rule ids.
WRONG_POINTS_BAGS = P_("drills.scoring.wrong.points.bags",
                       "Not quite (you wrote {wrote:+d} points): this hand scores {points:+d} and leaves {n} bag "
                       "({rules}). The lines below show why.",
                       "Not quite (you wrote {wrote:+d} points): this hand scores {points:+d} and leaves {n} bags "
                       "({rules}). The lines below show why.")
# TRANSLATORS: right points, wrong bags (Spades). {your_bags}: the bags typed ("3 bags"); {points}: the points; {n}: the right bags; {rules}: rule ids.
WRONG_BAGS = P_("drills.scoring.wrong.bags",
                "Not quite ({your_bags}): this hand scores {points:+d} and leaves {n} bag ({rules}). "
                "The lines below show why.",
                "Not quite ({your_bags}): this hand scores {points:+d} and leaves {n} bags ({rules}). "
                "The lines below show why.")
# TRANSLATORS: wrong points and wrong bags (Spades). {wrote}: the points typed; {your_bags}: the bags typed ("3 bags"); {points}, {n}: the right ones; {rules}: rule ids.
WRONG_BOTH = P_("drills.scoring.wrong.both",
                "Not quite (you wrote {wrote:+d} points and {your_bags}): this hand scores {points:+d} and leaves "
                "{n} bag ({rules}). The lines below show why.",
                "Not quite (you wrote {wrote:+d} points and {your_bags}): this hand scores {points:+d} and leaves "
                "{n} bags ({rules}). The lines below show why.")
# TRANSLATORS: a number of bags, inside drills.scoring.wrong.* ("you wrote +40 points and 3 bags").
BAGS_COUNT = P_("drills.scoring.bags", "{n} bag", "{n} bags")
# TRANSLATORS: above the engine's score lines after an answer.
ENGINE_SCORE = M_("drills.scoring.lines", "The engine's score:")
# TRANSLATORS: the score table when the hand has no score line.
NO_LINE = M_("drills.scoring.lines.none", "no score line")
# TRANSLATORS: the total row of the score table.
POINTS_THIS_HAND = M_("drills.scoring.lines.total", "points this hand")
# TRANSLATORS: the bag count after the hand (Spades). {before}: bags before; {added}: bags this hand; {total}: their sum; {after}: bags after.
BAGS_LINE = M_("drills.scoring.lines.bags", "Bags: {before} before + {added} this hand = {total} → <b>{after}</b> after.")
# TRANSLATORS: as drills.scoring.lines.bags when the count reaches 10 (SP-20). {n}: penalties of 100; {removed}: bags taken away (10 a penalty).
BAGS_LINE_PENALTY = P_("drills.scoring.lines.bags.penalty",
                       "Bags: {before} before + {added} this hand = {total}; {n} penalty of 100 takes away {removed} "
                       "bags (SP-20) → <b>{after}</b> after.",
                       "Bags: {before} before + {added} this hand = {total}; {n} penalties of 100 take away {removed} "
                       "bags (SP-20) → <b>{after}</b> after.")


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

    problem: ScoringProblem

    def __init__(self, game: str = "spades", seed: int = 0, **kwargs: Any):
        self.game_kind = game
        self.stream = ScoringProblems(game, seed)
        self.spec = spec_named(game)
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter[str] = Counter()
        self.problems_done = 0
        self.answered = False
        self.last_correct: bool | None = None

        self.title = W.HTML()
        self.stats = W.HTML()
        self.problem_html = W.HTML()
        self.points_box = W.Text(value="", style=_LABEL_FITS, layout=W.Layout(width="auto", max_width="100%"))
        self.bags_box = W.Text(value="", style=_LABEL_FITS, layout=W.Layout(width="auto", max_width="100%"))
        self.check_button = W.Button(button_style="primary")
        self.next_button = W.Button(icon="arrow-right")
        self._words()
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
    def relabel(self) -> None:
        """Say the drill again in the current language (after the page's
        language changed): the same hand, streak and counts; an answer's
        feedback and lines, in the language before, are cleared."""
        self._words()
        self.feedback.clear()
        self.note.clear()
        self.lines_html.value = ""
        self.problem_html.value = for_game(SCORING_GAMES, self.problem.game).describe(self.problem, self.stream.count)
        self._draw_stats()

    def _words(self) -> None:
        """The drill's fixed words (title, question, boxes and buttons) in the current language."""
        ask = say_html(for_game(SCORING_GAMES, self.game_kind).ask, side=0, naming=self.spec.naming)
        self.title.value = (f"<h2 style='margin:4px 0;font-size:1.17em'>{say_html(TITLE, game=self.spec.title)}</h2>"
                            f"<div style='font-size:14px'>{ask}</div>")
        self.points_box.description, self.points_box.placeholder = say(POINTS_BOX), say(POINTS_HINT)
        self.bags_box.description, self.bags_box.placeholder = say(BAGS_BOX), say(BAGS_HINT)
        self.check_button.description = say(CHECK)
        self.next_button.description, self.next_button.tooltip = say(NEXT), say(NEXT_TIP)

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
        self.problem_html.value = for_game(SCORING_GAMES, p.game).describe(p, self.stream.count)
        self._draw_stats()

    def _draw_stats(self) -> None:
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes, done=self.problems_done,
                                      hands=True)

    def _lines_html(self, p: ScoringProblem) -> str:
        rows = "".join(f"<tr><td style='padding:1px 12px 1px 0'>{html.escape(str(line.msg or line.item))}</td>"
                       f"<td style='text-align:right;padding:1px 12px 1px 0'>{line.points:+d}</td>"
                       f"<td style='white-space:nowrap'><code>{html.escape(line.rule)}</code></td></tr>" for line in p.lines)
        if not p.lines:
            rows = f"<tr><td colspan='3'>{say_html(NO_LINE)}</td></tr>"
        total = (f"<tr style='border-top:1px solid #999'><td><b>{say_html(POINTS_THIS_HAND)}</b></td>"
                 f"<td style='text-align:right;padding-right:12px'><b>{p.points:+d}</b></td><td></td></tr>")
        bags = ""
        if p.has_bags:
            added = sum(line.bags for line in p.lines)
            penalties = (p.bags_before + added) // 10
            if penalties:
                bags = say_html(BAGS_LINE_PENALTY, before=p.bags_before, added=added, total=p.bags_before + added,
                                n=penalties, removed=10 * penalties, after=p.bags_after)
            else:
                bags = say_html(BAGS_LINE, before=p.bags_before, added=added, total=p.bags_before + added,
                                after=p.bags_after)
            bags = f"<div>{bags}</div>"
        return (f"<div class='tt-score-lines' style='font-size:14px'><div>{say_html(ENGINE_SCORE)}</div>"
                f"<table style='margin:2px 0'>{rows}{total}</table>{bags}</div>")

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_check(self, _button: Any = None) -> None:
        p = self.problem
        if self.answered:
            self.note.show_info(say(ANSWERED))
            return
        bad = ""
        try:
            bad = self.points_box.value
            points = parse_points(bad)
            bad = self.bags_box.value
            bags = parse_points(bad) if p.has_bags else None
        except ValueError:
            self.note.show_info(say(NOT_A_NUMBER, typed=bad.strip()[:40]))
            return
        if bags is not None and bags < 0:  # not a mistake to grade: no bag count is below 0 (SP-20)
            self.note.show_info(say(BAGS_NEGATIVE, typed=self.bags_box.value.strip()[:40], side=0,
                                    naming=self.spec.naming))
            return
        if points is None or (p.has_bags and bags is None):
            self.note.show_info(say(TYPE_BOTH if p.has_bags else TYPE_POINTS))
            return
        self.note.clear()
        self.answered = True
        self.problems_done += 1
        right_points = points == p.points
        right_bags = (not p.has_bags) or bags == p.bags_after
        ok = right_points and right_bags
        self.last_correct = ok
        rules = list_text(dict.fromkeys(line.rule for line in p.lines))
        if ok:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if p.has_bags:
                self.feedback.show_ok(say(RIGHT_BAGS, points=p.points, n=p.bags_after, rules=rules))
            else:
                self.feedback.show_ok(say(RIGHT, points=p.points, rules=rules))
        else:
            self.streak = 0
            self.mistakes[p.rule] += 1
            self.stream.ask_again(p.kind)
            if not p.has_bags:
                text = say(WRONG_POINTS, wrote=points, points=p.points, rules=rules)
            elif right_bags:
                text = say(WRONG_POINTS_BAGS, wrote=points, points=p.points, n=p.bags_after, rules=rules)
            else:
                your_bags = say(BAGS_COUNT, n=bags)
                text = say(WRONG_BAGS if right_points else WRONG_BOTH, wrote=points, your_bags=your_bags,
                           points=p.points, n=p.bags_after, rules=rules)
            self.feedback.show_error(text)
        self.lines_html.value = self._lines_html(p)
        self.points_box.disabled = self.bags_box.disabled = self.check_button.disabled = True
        self._draw_stats()

    @guarded()
    def _on_next(self, _button: Any = None) -> None:
        if not self.answered:
            self.streak = 0  # skipping a hand ends the streak
        self._load(self.stream.next())
