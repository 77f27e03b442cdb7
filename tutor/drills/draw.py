"""The draw drill of Spades for two (SP-2P-2): keep the top card, or pass
it and take the next card?

Each problem is a real moment of a two-player draw: a seeded pack is dealt
by :class:`engine.games.spades_two.SpadesTwoGame` and both players draw by the
engine's standard draw policy up to a chosen turn; then the learner takes
the place of the player to draw, and sees what that player knows (the
seat's own view): the top card, the cards kept so far, the cards discarded
so far, the other player's choices ("kept the first" / "took the second")
and the cards left in the pack.

The drill's judgement is the engine's documented draw policy
(:data:`POLICY`, the one its computer players use); a ✓ only when the
learner's choice is that judgement.  The feedback explains the trade-off in
plain words: what keeping gives up (the next card, whatever it is) and what
passing gives up (the top card, for a card not yet seen), with the chance,
counted over the cards the learner has not seen, that the next card is one
the same policy would keep (:meth:`DrawProblem.trade_off`).  After the answer it shows what the next card was (the engine
draws it on a copy of the game).  There is no hint: the policy is stated
once, in words, and applying it is the exercise.
"""
from __future__ import annotations

import pathlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from engine import DECK, Card, SpadesTwoGame, Suit, random_deal_number
from engine.games.spades_two import TwoSeatView, standard_keep
from engine.message import Text
from engine.text import card_text, get_language

from ..card_faces import table_card_html
from ..common import Feedback, guarded
from ..text import M_, P_, Markup, say, say_html
from .shared import NEXT, SKIP, stats_html

__all__ = ["DrawProblem", "DrawProblems", "DrawDrill", "judge_draw", "policy_reason", "explain", "POLICY", "RULE"]

#: The rule the drill exercises.
RULE = "SP-2P-2"
#: The drill's styles: the cards and the draw panel of the table for two
#: (tutor/static/table.css, table_two.css), so that it looks the same on its own.  Read from the style
#: sheets, not from the table's modules: the drills open with the app, the table when its section does.
_STATIC = pathlib.Path(__file__).parents[1] / "static"
DRILL_CSS = "\n".join((_STATIC / name).read_text(encoding="utf-8") for name in ("table.css", "table_two.css"))


#: The judgement in words, as the drill states it: the engine's standard draw
#: policy (:func:`engine.games.spades_two.standard_keep`; a test checks these
#: words against it for every card).
# TRANSLATORS: the draw drill (Spades for two): the standard draw policy, in italics after "the one its computer players use:".
POLICY = M_("drills.draw.policy",
            "keep a spade (spades are always trump), or a queen, a king or an ace; pass anything else and take "
            "the next card, whatever it is.")

# TRANSLATORS: draw drill: why the policy keeps the top card {top}, a spade. Lower case: it follows "because".
WHY_SPADE = M_("drills.draw.why.spade",
               "the {top} is a spade (spades are always trump), and the policy keeps every spade.")
#: Why the policy keeps a high card, by rank (queen, king, ace).
WHY_HIGH: dict[int, Text] = {
    # TRANSLATORS: draw drill: why the policy keeps the top card {top}, an ace. Lower case: it follows "because".
    14: M_("drills.draw.why.ace", "the {top} is an ace, and the policy keeps every queen, king and ace."),
    # TRANSLATORS: draw drill: why the policy keeps the top card {top}, a king. Lower case: it follows "because".
    13: M_("drills.draw.why.king", "the {top} is a king, and the policy keeps every queen, king and ace."),
    # TRANSLATORS: draw drill: why the policy keeps the top card {top}, a queen. Lower case: it follows "because".
    12: M_("drills.draw.why.queen", "the {top} is a queen, and the policy keeps every queen, king and ace."),
}
# TRANSLATORS: draw drill: why the policy passes the top card {top}. Lower case: it follows "because".
WHY_LOW = M_("drills.draw.why.low",
             "the {top} is below a queen and not a spade, and the policy passes such a card: the next card could "
             "be better.")
# TRANSLATORS: draw drill: the policy's decision stated without a reason ({top}: the top card). Lower case.
WHY_KEEPS = M_("drills.draw.why.keeps", "the standard draw policy keeps the {top}.")
# TRANSLATORS: draw drill: the policy's decision stated without a reason ({top}: the top card). Lower case.
WHY_PASSES = M_("drills.draw.why.passes", "the standard draw policy passes the {top}.")

# TRANSLATORS: an error for a programmer: the draw drill was asked to judge a seat that is not drawing.
NOT_DRAWING = M_("drills.draw.error.not_drawing", "the seat of this view is not drawing (SP-2P-2)")
# TRANSLATORS: draw drill: a percentage ({pct}: a whole number 0-100).
PERCENT = M_("drills.draw.percent", "{pct}%")
# TRANSLATORS: draw drill, in the chance of a good next card: how many unseen spades the policy would keep.
SPADES_COUNT = P_("drills.draw.count.spades", "{n} spade", "{n} spades")
# TRANSLATORS: draw drill, in the chance of a good next card: how many unseen high cards of the other suits.
HIGH_COUNT = P_("drills.draw.count.high", "{n} queen, king or ace of other suits",
                "{n} queens, kings or aces of other suits")
# TRANSLATORS: draw drill: the chance that the next card is one worth keeping. {unseen}: cards not seen; {keepers}: those the policy would keep; {pct}: their share (12%); {spades}, {high}: "3 spades", "5 queens, kings or aces of other suits".
CHANCE = M_("drills.draw.chance",
            "it is one of the {unseen} cards you have not seen, and {keepers} of them ({pct}) are cards the policy "
            "would keep ({spades}, {high})")
# TRANSLATORS: draw drill, the top card ({top}) is worth keeping: what keeping gives up.
KEEP_SURE = M_("drills.draw.keep.sure",
               "Keeping the {top} makes a card worth keeping yours for sure; you give up only the next card.")
# TRANSLATORS: draw drill, the top card ({top}) is worth keeping: what passing gives up. {chance}: drills.draw.chance; {rest}: the other unseen cards; {rest_pct}: their share.
PASS_SURE = M_("drills.draw.pass.sure",
               "Passing gives up the {top} for the next card, unseen: {chance}; the other {rest} ({rest_pct}) are "
               "cards it passes.")
# TRANSLATORS: draw drill, the top card ({top}) is one the policy passes: what keeping gives up. {chance}: drills.draw.chance.
KEEP_LOW = M_("drills.draw.keep.low",
              "Keeping the {top} gives up the next card, whatever it is: {chance}. You would see it and discard it.")
# TRANSLATORS: draw drill, the top card ({top}) is one the policy passes: what passing gives up. {pct}: the chance of a card worth keeping.
PASS_LOW = M_("drills.draw.pass.low",
              "Passing gives up the {top}, a card the policy passes, for that {pct} chance; otherwise you take "
              "another card it would pass, as it passes the {top}.")
# TRANSLATORS: draw drill, after the learner kept the top card {top}.
CHOSE_KEEP = M_("drills.draw.chose.keep", "You chose to keep the {top}.")
# TRANSLATORS: draw drill, after the learner passed the top card.
CHOSE_PASS = M_("drills.draw.chose.pass", "You chose to pass it and take the next card.")
# TRANSLATORS: draw drill: the judgement is to keep the top card {top}. {reason}: why (drills.draw.why.*).
JUDGED_KEEP = M_("drills.draw.judged.keep", "The drill's judgement: keep the {top}, because {reason}")
# TRANSLATORS: draw drill: the judgement is to pass the top card. {reason}: why (drills.draw.why.*).
JUDGED_PASS = M_("drills.draw.judged.pass", "The drill's judgement: pass it and take the next card, because {reason}")
# TRANSLATORS: draw drill: the whole explanation. {chose}: what the learner chose; {first}, {second}: what each choice gives up (the learner's choice first); {judged}: the judgement.
EXPLAIN = M_("drills.draw.explain", "{chose} {first} {second} {judged}")


def policy_reason(top: Card, keep: bool) -> str:
    """Why the policy decides ``keep`` for ``top``, in the words of
    :data:`POLICY` (a clause in lower case).  The decision is always the
    engine's; if these words would say otherwise (the policy changed), only
    the decision is stated."""
    rank = top.rank.value
    if top.suit is Suit.SPADES:
        words, implied = WHY_SPADE, True
    elif rank >= 12:
        words, implied = WHY_HIGH[rank], True
    else:
        words, implied = WHY_LOW, False
    if implied != keep:
        return say(WHY_KEEPS if keep else WHY_PASSES, top=top.code)
    return say(words, top=top.code)


def judge_draw(view: TwoSeatView) -> tuple[bool, str]:
    """The drill's judgement for a two-player Spades ``view`` whose seat is
    drawing: ``(keep, reason)``.  ``keep`` is the engine's standard draw
    policy (:func:`engine.games.spades_two.standard_keep` of the top card,
    the level-1 computer player's); ``reason`` says why in plain words.
    ValueError when the seat is not drawing."""
    top = view.draw_card
    if top is None:
        raise ValueError(say(NOT_DRAWING))
    keep = bool(standard_keep(top))
    return keep, policy_reason(top, keep)


@dataclass(frozen=True)
class DrawProblem:
    """One draw decision.

    ``deal_number`` and ``dealer`` rebuild the game; ``seat`` is the
    learner's place; ``top`` the card on top of the pack; ``hand`` and
    ``discards`` the seat's cards kept and discarded so far (SP-2P-2: it
    knows both); ``theirs`` the other player's choices so far (True: kept
    the first); ``pack_left`` cards left in the pack (the top card
    included); ``draw`` this seat's draw number (1…13).  The judgement:
    ``keep`` and ``reason`` (:func:`judge_draw`).  ``next_card``: the card
    under the top card (drawn by the engine on a copy, shown only after the
    answer).  ``unseen``: the cards this seat has not seen (the next card is
    one of them).
    """

    deal_number: int
    dealer: int
    seat: int
    top: Card
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    theirs: tuple[bool, ...]
    pack_left: int
    draw: int
    keep: bool
    reason: str
    next_card: Card
    unseen: tuple[Card, ...] = field(repr=False, default=())

    # ------------------------------------------------------------ the trade-off
    def trade_off(self) -> dict[str, int]:
        """The counts behind the feedback, over the cards this seat has not
        seen (the next card is one of them): ``unseen`` (how many),
        ``keepers`` (those the standard policy would keep if they were on
        top, :func:`engine.games.spades_two.standard_keep`), and among them
        ``spades`` and ``high`` (queens, kings and aces of the other suits)."""
        keepers = [c for c in self.unseen if standard_keep(c)]
        return {
            "unseen": len(self.unseen),
            "keepers": len(keepers),
            "spades": sum(c.suit is Suit.SPADES for c in keepers),
            "high": sum(c.suit is not Suit.SPADES for c in keepers),
        }


def _pct(k: int, n: int) -> str:
    return say(PERCENT, pct=round(100 * k / n) if n else 0)


def explain(p: DrawProblem, keep: bool) -> str:
    """Plain words for the learner's choice ``keep`` on ``p``: what each
    choice gives up, the chance that the unseen next card is one the policy
    would keep, the judgement and its reason.  (No ✓/✗ here: the drill
    adds it.)"""
    t = p.trade_off()
    top, n, k = p.top.code, t["unseen"], t["keepers"]
    chance = say(CHANCE, unseen=n, keepers=k, pct=_pct(k, n), spades=say(SPADES_COUNT, n=t["spades"]),
                 high=say(HIGH_COUNT, n=t["high"]))
    if p.keep:  # the top card is a keeper: passing trades a sure keeper for a chance of one
        keep_words = say(KEEP_SURE, top=top)
        pass_words = say(PASS_SURE, top=top, chance=chance, rest=n - k, rest_pct=_pct(n - k, n))
    else:  # the top card is one the policy passes: keeping it gives up the chance of a better one
        keep_words = say(KEEP_LOW, top=top, chance=chance)
        pass_words = say(PASS_LOW, top=top, pct=_pct(k, n))
    judged = say(JUDGED_KEEP if p.keep else JUDGED_PASS, top=top, reason=p.reason)
    chose = say(CHOSE_KEEP if keep else CHOSE_PASS, top=top)
    first, second = (keep_words, pass_words) if keep else (pass_words, keep_words)
    return say(EXPLAIN, chose=chose, first=first, second=second, judged=judged)


class DrawProblems:
    """A seeded stream of :class:`DrawProblem`: each from a new pack (deal
    number drawn from ``seed``), at a draw turn chosen so that the hand kept
    so far has 1 to 11 cards (the first and last draws have little to
    weigh).  The players before it draw by the engine's standard policy."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.count = 0

    def next(self) -> DrawProblem:
        rng = self.rng
        self.count += 1
        number = random_deal_number(rng)
        dealer = rng.randrange(2)
        g = SpadesTwoGame(dealer=dealer, first_deal=number, auto_deal=True)
        turns = rng.randrange(2, 24)  # draws before this one, both players together
        for _ in range(turns):
            seat = _drawing(g)
            keep, _reason = judge_draw(g.view(seat))
            g.draw(seat, keep)
        seat = _drawing(g)
        view = g.view(seat)
        keep, reason = judge_draw(view)
        trial = g.copy()
        trial.draw(seat, True)  # keep the top card: the next card is shown to this seat and discarded
        after = trial.view(seat)
        next_card = next(iter(set(after.discards) - set(view.discards)))
        hand = tuple(view.hand or ())
        top = view.draw_card
        assert top is not None  # the seat to act in the draw has a top card (judge_draw checked)
        seen = set(hand) | set(view.discards) | {top}
        unseen = tuple(c for c in DECK if c not in seen)
        theirs = tuple(k for s, k in view.draw_log if s != seat)
        return DrawProblem(number, dealer, seat, top, hand, tuple(view.discards), theirs,
                           view.pack_left, len(hand) + 1, keep, reason, next_card, unseen)


def _drawing(g: SpadesTwoGame) -> int:
    """The seat to draw in ``g`` (in the draw, there always is one)."""
    seat = g.to_act
    assert seat is not None, "the draw has a seat to act"
    return seat


# TRANSLATORS: the draw drill's title (Spades for two; SP-2P-2 is the rule id).
TITLE = M_("drills.draw.title", "The draw (Spades for two, SP-2P-2)")
# TRANSLATORS: the draw drill's instruction under its title. {policy}: drills.draw.policy, shown in italics.
INTRO = M_("drills.draw.intro",
           "You are drawing your hand. Keep the top card (you then see the next card and discard it), or pass it "
           "(it is discarded and you take the next card, whatever it is)? The drill judges by the tutor's standard "
           "draw policy, the one its computer players use: <i>{policy}</i>")
# TRANSLATORS: the draw drill's button: keep the top card (before a problem is shown).
KEEP_IT = M_("drills.draw.button.keep", "Keep it")
# TRANSLATORS: the draw drill's button: keep the top card {top}.
KEEP_CARD = M_("drills.draw.button.keep.card", "Keep the {top}")
# TRANSLATORS: the draw drill's button: pass the top card and take the next one.
PASS_IT = M_("drills.draw.button.pass", "Pass it: take the next card")
# TRANSLATORS: the tooltip of the "Keep" button; {top}: the top card.
KEEP_TIP = M_("drills.draw.button.keep.tooltip", "Keep the {top}; you'll see the next card and discard it")
# TRANSLATORS: the tooltip of the "Pass" button; {top}: the top card.
PASS_TIP = M_("drills.draw.button.pass.tooltip", "Discard the {top} and take the next card, whatever it is")
# TRANSLATORS: draw drill, in place of the cards when none has been kept or discarded yet.
NONE_YET = M_("drills.draw.none_yet", "none yet")
# TRANSLATORS: the draw drill's heading. {count}: the problem's number; {draw}: the learner's draw (1-13); {draws}: draws in all (13); {n}: cards left in the pack.
HEAD = P_("drills.draw.head",
          "Problem {count} · your draw <b>{draw}</b> of {draws} · <b>{n}</b> card left in the pack",
          "Problem {count} · your draw <b>{draw}</b> of {draws} · <b>{n}</b> cards left in the pack")
# TRANSLATORS: the caption under the card on top of the pack.
TOP_CARD = M_("drills.draw.top_card", "top card")
# TRANSLATORS: the draw drill's question; {top}: the card on top of the pack.
QUESTION = M_("drills.draw.question",
              "Keep the {top}? If you keep it, you'll see the next card and discard it. If you pass it, you take "
              "the next card, whatever it is.")
# TRANSLATORS: draw drill: the learner's cards kept so far. {n}: how many; {kept}: the cards (pictures).
KEPT_SO_FAR = M_("drills.draw.kept", "Kept so far ({n}): {kept}")
# TRANSLATORS: draw drill: the learner's cards discarded so far. {n}: how many; {gone}: the cards (pictures).
DISCARDED_SO_FAR = M_("drills.draw.discarded", "Discarded so far ({n}): {gone}")
# TRANSLATORS: draw drill, part of drills.draw.theirs: how often the other player kept the first card.
THEIRS_KEPT = P_("drills.draw.theirs.kept", "kept the first {n} time", "kept the first {n} times")
# TRANSLATORS: draw drill, part of drills.draw.theirs: how often the other player took the second card.
THEIRS_TOOK = P_("drills.draw.theirs.took", "took the second {n} time", "took the second {n} times")
# TRANSLATORS: draw drill: the other player's draws so far. {kept}: drills.draw.theirs.kept; {took}: drills.draw.theirs.took.
THEIRS = M_("drills.draw.theirs", "The other player {kept}, {took} (you never see their cards).")
# TRANSLATORS: draw drill: the other player has not drawn yet.
THEIRS_NONE = M_("drills.draw.theirs.none", "The other player has not drawn yet (you never see their cards).")
# TRANSLATORS: draw drill: a second answer to the same problem.
ANSWERED = M_("drills.draw.note.answered", "You have answered this one: press Next for another draw.")
# TRANSLATORS: draw drill: the learner's choice is the judgement. {explanation}: what each choice gives up and why; {next_card}: the card under the top card.
RIGHT = M_("drills.draw.right",
           "Yes. {explanation} The next card was the {next_card}: keeping, you'd have discarded it; passing, "
           "you'd have taken it.")
# TRANSLATORS: draw drill: the learner's choice is not the judgement. {explanation}, {next_card}: as drills.draw.right.
WRONG = M_("drills.draw.wrong",
           "Not this time. {explanation} The next card was the {next_card}: keeping, you'd have discarded it; "
           "passing, you'd have taken it.")
#: Draws each player makes in a hand (SP-2P-2: 13 cards kept).
DRAWS = 13


def _cards_markup(cards: tuple[Card, ...]) -> Markup:
    """Small pictures of ``cards`` (or "none yet") in the draw panel's row of cards."""
    inner = "".join(table_card_html(c.code, small=True) for c in cards) or say_html(NONE_YET)
    return Markup(f"<span class='tt-draw-cards'>{inner}</span>")


class DrawDrill(W.VBox):
    """The draw drill (SP-2P-2): keep the top card or take the next one.

    ``seed``: the stream of problems (:class:`DrawProblems`).  Headless
    API: :meth:`keep`, :meth:`take_next` (or :meth:`choose`), :meth:`next`;
    state ``problem``, ``answered``, ``last_correct``, ``streak``,
    ``best_streak``, ``mistakes`` (Counter by rule id), ``feedback``.
    """

    problem: DrawProblem

    def __init__(self, seed: int = 0, **kwargs: Any):
        self.problems = DrawProblems(seed)
        self.answered = False
        self.last_correct: bool | None = None
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter[str] = Counter()
        self.count = 0
        self.title = W.HTML()
        self.stats = W.HTML()
        self.info = W.HTML()
        self.keep_button = W.Button(description=say(KEEP_IT), button_style="primary", layout=W.Layout(width="auto"))
        self.take_button = W.Button(layout=W.Layout(width="auto"))
        self.keep_button.on_click(lambda _b: self._on_choice(True))
        self.take_button.on_click(lambda _b: self._on_choice(False))
        buttons = W.HBox([self.keep_button, self.take_button], layout=W.Layout(flex_flow="row wrap"))
        buttons.add_class("tt-tbl-row")
        self.feedback = Feedback()
        self.note = Feedback()
        self.next_button = W.Button(description=say(NEXT), icon="arrow-right", layout=W.Layout(width="auto"))
        self.next_button.on_click(lambda _b: self._on_next())
        self.buttons = buttons
        self._words()
        style = W.HTML(f"<style>{DRILL_CSS}</style>")
        super().__init__([style, self.title, self.stats, self.info, buttons, self.feedback, self.note,
                          self.next_button], **kwargs)
        self.add_class("tt-drill")
        self._load(self.problems.next())

    # ------------------------------------------------------------ API
    def choose(self, keep: bool) -> None:
        """As if the learner pressed "Keep" (``keep=True``) or "Pass"."""
        (self.keep_button if keep else self.take_button).click()

    def keep(self) -> None:
        """As if the learner pressed "Keep"."""
        self.choose(True)

    def take_next(self) -> None:
        """As if the learner pressed "Pass it: take the next card"."""
        self.choose(False)

    def next(self) -> None:
        """As if the learner pressed "Next" (or "Skip")."""
        self.next_button.click()

    # ------------------------------------------------------------ drawing
    def relabel(self) -> None:
        """Say the drill again in the current language (after the page's
        language changed): the same draw, streak and counts; an answer's
        feedback, in the language before, is cleared."""
        self._words()
        self.feedback.clear()
        self.note.clear()
        self._draw()

    def _words(self) -> None:
        """The drill's fixed words (title, the policy, the second button) in the current language."""
        self.title.value = (
            f"<h2 style='margin:4px 0;font-size:1.17em'>{say_html(TITLE)}</h2>"
            f"<div class='tt-draw-policy' style='font-size:14px;line-height:1.4'>{say_html(INTRO, policy=POLICY)}"
            "</div>")
        self.take_button.description = say(PASS_IT)

    def _load(self, p: DrawProblem) -> None:
        self.problem = p
        self.count += 1
        self.answered = False
        self.feedback.clear()
        self.note.clear()
        self.keep_button.disabled = self.take_button.disabled = False
        self._draw()

    def _draw(self) -> None:
        """The current draw in the current language."""
        p = self.problem
        top = p.top.code
        hand = _cards_markup(p.hand)
        gone = _cards_markup(p.discards)
        if p.theirs:
            kept = sum(p.theirs)
            theirs = say_html(THEIRS, kept=say(THEIRS_KEPT, n=kept), took=say(THEIRS_TOOK, n=len(p.theirs) - kept))
        else:
            theirs = say_html(THEIRS_NONE)
        self.info.value = (
            f"<div class='tt-draw' style='font-size:15px'>"
            f"<div class='tt-draw-head'>{say_html(HEAD, count=self.count, draw=p.draw, draws=DRAWS, n=p.pack_left)}"
            f"</div>"
            f"<div class='tt-draw-top'><div class='tt-draw-card'>{table_card_html(p.top.code)}"
            f"<div class='tt-draw-cap'>{say_html(TOP_CARD)}</div></div>"
            f"<p class='tt-draw-q'>{say_html(QUESTION, top=top)}</p></div>"
            f"<div class='tt-draw-line'>{say_html(KEPT_SO_FAR, n=len(p.hand), kept=hand)}</div>"
            f"<div class='tt-draw-line'>{say_html(DISCARDED_SO_FAR, n=len(p.discards), gone=gone)}</div>"
            f"<div class='tt-draw-line'>{theirs}</div>"
            f"</div>")
        self.keep_button.description = say(KEEP_CARD, top=top)
        self.keep_button.tooltip = say(KEEP_TIP, top=top)
        self.take_button.tooltip = say(PASS_TIP, top=top)
        self.next_button.description = say(NEXT if self.answered else SKIP)
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)

    # ------------------------------------------------------------ callbacks
    @guarded()
    def _on_choice(self, keep: bool) -> None:
        p = self.problem
        if self.answered:
            self.note.show_info(say(ANSWERED))
            return
        right = keep == p.keep
        words = explain(p, keep)  # first: nothing changes if it fails
        next_card = card_text(p.next_card.code, get_language())
        self.answered = True
        self.note.clear()
        self.last_correct = right
        if right:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.feedback.show_ok(say(RIGHT, explanation=words, next_card=next_card))
        else:
            self.streak = 0
            self.mistakes[RULE] += 1
            self.feedback.show_error(say(WRONG, explanation=words, next_card=next_card))
        self.keep_button.disabled = self.take_button.disabled = True
        self.next_button.description = say(NEXT)
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)

    @guarded()
    def _on_next(self) -> None:
        if not self.answered:
            self.streak = 0
        self._load(self.problems.next())
