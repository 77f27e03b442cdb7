"""The draw drill of Spades for two (SP-2P-2): keep the top card, or pass
it and take the next card?

Each problem is a real moment of a two-player draw: a seeded pack is dealt
by :class:`engine.spades_two.SpadesTwoGame` and both players draw by the
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

import html
import pathlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from engine import Card, Suit

from ..common import Feedback, guarded
from ..table_view import TABLE_CSS, card_html
from .shared import stats_html

__all__ = ["DrawProblem", "DrawProblems", "DrawDrill", "judge_draw", "POLICY", "RULE"]

#: The rule the drill exercises.
RULE = "SP-2P-2"
#: The drill's styles: the cards and the draw panel of the table for two
#: (tutor/static/table.css, table_two.css), so that it looks the same on its own.
DRILL_CSS = TABLE_CSS + "\n" + (pathlib.Path(__file__).parents[1] / "static" / "table_two.css").read_text(
    encoding="utf-8")


def _policy():
    """The engine's standard draw policy (imported when first needed)."""
    from engine.spades_two import standard_keep  # noqa: PLC0415
    return standard_keep


#: The judgement in words, as the drill states it: the engine's standard draw
#: policy (:func:`engine.spades_two.standard_keep`; a test checks these words
#: against it for every card).
POLICY = ("keep a spade (spades are always trump), or a queen, a king or an ace; pass anything else and take "
          "the next card, whatever it is.")

_RANK_WORDS = {14: "an ace", 13: "a king", 12: "a queen"}


def _why(top: Card, keep: bool) -> str:
    """Why the policy decides ``keep`` for ``top``, in the words of
    :data:`POLICY`.  The decision is always the engine's; if these words
    would say otherwise (the policy changed), only the decision is stated."""
    d = top.display
    rank = top.rank.value
    if top.suit is Suit.SPADES:
        words, implied = f"the {d} is a spade (spades are always trump), and the policy keeps every spade", True
    elif rank >= 12:
        words, implied = f"the {d} is {_RANK_WORDS[rank]}, and the policy keeps every queen, king and ace", True
    else:
        words, implied = (f"the {d} is below a queen and not a spade, and the policy passes such a card: the next "
                          f"card could be better"), False
    if implied != keep:
        return f"the standard draw policy {'keeps' if keep else 'passes'} the {d}."
    return words + "."


def judge_draw(view) -> tuple[bool, str]:
    """The drill's judgement for a two-player Spades ``view`` whose seat is
    drawing: ``(keep, reason)``.  ``keep`` is the engine's standard draw
    policy (:func:`engine.spades_two.standard_keep` of the top card, the
    level-1 computer player's); ``reason`` says why in plain words."""
    top = view.draw_card
    keep = bool(_policy()(top))
    return keep, _why(top, keep)


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
        top, :func:`engine.spades_two.standard_keep`), and among them
        ``spades`` and ``high`` (queens, kings and aces of the other suits)."""
        keeps = _policy()
        keepers = [c for c in self.unseen if keeps(c)]
        return {
            "unseen": len(self.unseen),
            "keepers": len(keepers),
            "spades": sum(c.suit is Suit.SPADES for c in keepers),
            "high": sum(c.suit is not Suit.SPADES for c in keepers),
        }


def _pct(k: int, n: int) -> str:
    return f"{round(100 * k / n)}%" if n else "0%"


def explain(p: DrawProblem, keep: bool) -> str:
    """Plain words for the learner's choice ``keep`` on ``p``: what each
    choice gives up, the chance that the unseen next card is one the policy
    would keep, the judgement and its reason.  (No ✓/✗ here: the drill
    adds it.)"""
    t = p.trade_off()
    d, n, k = p.top.display, t["unseen"], t["keepers"]
    kinds = [f"{t['spades']} spade{'s' if t['spades'] != 1 else ''}",
             f"{t['high']} queen{'s' if t['high'] != 1 else ''}, king{'s' if t['high'] != 1 else ''} or "
             f"ace{'s' if t['high'] != 1 else ''} of other suits"]
    chance = (f"it is one of the {n} cards you have not seen, and {k} of them ({_pct(k, n)}) are cards the policy "
              f"would keep ({', '.join(kinds)})")
    if p.keep:  # the top card is a keeper: passing trades a sure keeper for a chance of one
        keep_words = f"Keeping the {d} makes a card worth keeping yours for sure; you give up only the next card."
        pass_words = (f"Passing gives up the {d} for the next card, unseen: {chance}; the other {n - k} "
                      f"({_pct(n - k, n)}) are cards it passes.")
    else:  # the top card is one the policy passes: keeping it gives up the chance of a better one
        keep_words = (f"Keeping the {d} gives up the next card, whatever it is: {chance}. You would see it and "
                      f"discard it.")
        pass_words = (f"Passing gives up the {d}, a card the policy passes, for that {_pct(k, n)} chance; "
                      f"otherwise you take another card it would pass, as it passes the {d}.")
    judged = f"keep the {d}" if p.keep else "pass it and take the next card"
    mine = f"keep the {d}" if keep else "pass it and take the next card"
    first = keep_words + " " + pass_words if keep else pass_words + " " + keep_words
    return f"You chose to {mine}. {first} The drill's judgement: {judged}, because {p.reason}"


class DrawProblems:
    """A seeded stream of :class:`DrawProblem`: each from a new pack (deal
    number drawn from ``seed``), at a draw turn chosen so that the hand kept
    so far has 1 to 11 cards (the first and last draws have little to
    weigh).  The players before it draw by the engine's standard policy."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.count = 0

    def next(self) -> DrawProblem:
        from engine import SpadesTwoGame, random_deal_number  # noqa: PLC0415
        rng = self.rng
        self.count += 1
        number = random_deal_number(rng)
        dealer = rng.randrange(2)
        g = SpadesTwoGame(dealer=dealer, first_deal=number, auto_deal=True)
        turns = rng.randrange(2, 24)  # draws before this one, both players together
        for _ in range(turns):
            seat = g.to_act
            keep, _why = judge_draw(g.view(seat))
            g.draw(seat, keep)
        seat = g.to_act
        view = g.view(seat)
        keep, reason = judge_draw(view)
        trial = g.copy()
        trial.draw(seat, True)  # keep the top card: the next card is shown to this seat and discarded
        after = trial.view(seat)
        next_card = next(iter(set(after.discards) - set(view.discards)))
        seen = set(view.hand) | set(view.discards) | {view.draw_card}
        from engine import DECK  # noqa: PLC0415
        unseen = tuple(c for c in DECK if c not in seen)
        theirs = tuple(k for s, k in view.draw_log if s != seat)
        return DrawProblem(number, dealer, seat, view.draw_card, tuple(view.hand), tuple(view.discards), theirs,
                           view.pack_left, len(view.hand) + 1, keep, reason, next_card, unseen)


class DrawDrill(W.VBox):
    """The draw drill (SP-2P-2): keep the top card or take the next one.

    ``seed``: the stream of problems (:class:`DrawProblems`).  Headless
    API: :meth:`keep`, :meth:`take_next` (or :meth:`choose`), :meth:`next`;
    state ``problem``, ``answered``, ``last_correct``, ``streak``,
    ``best_streak``, ``mistakes`` (Counter by rule id), ``feedback``.
    """

    def __init__(self, seed: int = 0, **kwargs: Any):
        self.problems = DrawProblems(seed)
        self.problem: DrawProblem | None = None
        self.answered = False
        self.last_correct: bool | None = None
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter = Counter()
        self.count = 0
        self.title = W.HTML(
            "<h2 style='margin:4px 0;font-size:1.17em'>The draw (Spades for two, SP-2P-2)</h2>"
            "<div class='tt-draw-policy' style='font-size:14px;line-height:1.4'>You are drawing your hand. Keep "
            "the top card (you then see the next card and discard it), or pass it (it is discarded and you take "
            "the next card, whatever it is)? The drill judges by the tutor's standard draw policy, the one its "
            f"computer players use: <i>{html.escape(POLICY)}</i></div>")
        self.stats = W.HTML()
        self.info = W.HTML()
        self.keep_button = W.Button(description="Keep it", button_style="primary", layout=W.Layout(width="auto"))
        self.take_button = W.Button(description="Pass it: take the next card", layout=W.Layout(width="auto"))
        self.keep_button.on_click(lambda _b: self._on_choice(True))
        self.take_button.on_click(lambda _b: self._on_choice(False))
        buttons = W.HBox([self.keep_button, self.take_button], layout=W.Layout(flex_flow="row wrap"))
        buttons.add_class("tt-tbl-row")
        self.feedback = Feedback()
        self.note = Feedback()
        self.next_button = W.Button(description="Next", icon="arrow-right", layout=W.Layout(width="auto"))
        self.next_button.on_click(lambda _b: self._on_next())
        self.buttons = buttons
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
        self.choose(True)

    def take_next(self) -> None:
        self.choose(False)

    def next(self) -> None:
        self.next_button.click()

    # ------------------------------------------------------------ drawing
    def _load(self, p: DrawProblem) -> None:
        self.problem = p
        self.count += 1
        self.answered = False
        self.feedback.clear()
        self.note.clear()
        d = p.top.display
        hand = "".join(card_html(c, small=True) for c in p.hand) or "none yet"
        gone = "".join(card_html(c, small=True) for c in p.discards) or "none yet"
        if p.theirs:
            kept = sum(p.theirs)
            theirs = (f"kept the first {kept} time{'s' if kept != 1 else ''}, took the second "
                      f"{len(p.theirs) - kept} time{'s' if len(p.theirs) - kept != 1 else ''}")
        else:
            theirs = "has not drawn yet"
        self.info.value = (
            f"<div class='tt-draw' style='font-size:15px'>"
            f"<div class='tt-draw-head'>Problem {self.count} · your draw <b>{p.draw}</b> of 13 · "
            f"<b>{p.pack_left}</b> cards left in the pack</div>"
            f"<div class='tt-draw-top'><div class='tt-draw-card'>{card_html(p.top)}"
            f"<div class='tt-draw-cap'>top card</div></div>"
            f"<p class='tt-draw-q'>Keep the {html.escape(d)}? If you keep it, you'll see the next card and "
            f"discard it. If you pass it, you take the next card, whatever it is.</p></div>"
            f"<div class='tt-draw-line'>Kept so far ({len(p.hand)}): <span class='tt-draw-cards'>{hand}</span></div>"
            f"<div class='tt-draw-line'>Discarded so far ({len(p.discards)}): "
            f"<span class='tt-draw-cards'>{gone}</span></div>"
            f"<div class='tt-draw-line'>The other player {html.escape(theirs)} (you never see their cards).</div>"
            f"</div>")
        self.keep_button.description = f"Keep the {d}"
        self.keep_button.tooltip = f"Keep the {d}; you'll see the next card and discard it"
        self.take_button.tooltip = f"Discard the {d} and take the next card, whatever it is"
        self.keep_button.disabled = self.take_button.disabled = False
        self.next_button.description = "Skip"
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)

    # ------------------------------------------------------------ callbacks
    @guarded()
    def _on_choice(self, keep: bool) -> None:
        p = self.problem
        if self.answered:
            self.note.show_info("You have answered this one: press Next for another draw.")
            return
        right = keep == p.keep
        words = explain(p, keep)  # first: nothing changes if it fails
        after = (f" The next card was the {p.next_card.display}: keeping, you'd have discarded it; "
                 f"passing, you'd have taken it.")
        self.answered = True
        self.note.clear()
        self.last_correct = right
        if right:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.feedback.show_ok("Yes. " + words + after)
        else:
            self.streak = 0
            self.mistakes[RULE] += 1
            self.feedback.show_error("Not this time. " + words + after)
        self.keep_button.disabled = self.take_button.disabled = True
        self.next_button.description = "Next"
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)

    @guarded()
    def _on_next(self) -> None:
        if not self.answered:
            self.streak = 0
        self._load(self.problems.next())
