"""The question generators of the six exercise notebooks.

Every generator takes an :class:`~tutor.exercises.core.Rng` (seeded from the
exercise, question and student id) and the teacher's settings, builds its deal
or position with the engine, and takes the expected answer from the engine:
legal cards from ``legal_plays``/``check_play`` (SP-13, SP-14, OH-9, OH-V6),
trick winners from :func:`engine.tricks.trick_winner` (SP-16, OH-10), Spades
scores from :func:`engine.score_spades_side` and whole :class:`SpadesGame`
hands (SP-17 … SP-22), Oh Hell scores from :func:`score_oh_hell_seat` and
played :class:`OhHellGame` hands (OH-11, OH-V7, OH-V8), the hook from
``hooked_bid``/``check_bid``/``legal_bids`` (OH-V4), bid estimates from
:func:`tutor.exercises.bidcount.estimate_bid`.  Nothing is typed in by hand.

Positions are searched for on the engine's fast path (:mod:`engine.sim`:
bitmask hands, :func:`engine.tricks.legal_play_mask`, random legal plays;
see :class:`~tutor.exercises._qbase._FastHand`), and the position found is
replayed through a real game, which checks every play and gives the facts
and answers; a question's wanted outcome (a winning rank, a game result, a
bid estimate) is drawn first and the search looks for it, so the answers
spread over a class.

Seats are 0 North, 1 East, 2 South, 3 West in both games (the Oh Hell
questions use four players and the same seat names).
"""
from __future__ import annotations

from dataclasses import dataclass

from ._qbase import Gen
from .questions_play import (_ex1_all_spades, _ex1_follow, _ex1_lead_broken, _ex1_lead_unbroken, _ex1_oh_lead,
                             _ex1_oh_must_trump, _ex1_oh_must_trump_follow, _ex1_oh_void, _ex1_void, _ex2_discard,
                             _ex2_follow, _ex2_oh_final, _ex2_oh_no_trump_played, _ex2_oh_trumped,
                             _ex2_overtrumped, _ex2_spade_led, _ex2_trumped)
from .questions_spades import (_ex3_bags, _ex3_blind_failed, _ex3_blind_made, _ex3_both_nil, _ex3_made,
                               _ex3_nil_failed, _ex3_nil_made, _ex3_set, _ex4_both_over, _ex4_carry,
                               _ex4_penalty_bags, _ex4_penalty_points, _ex4_penalty_stops, _ex4_reach,
                               _ex4_three_hands, _ex4_tie, _ex4_two_penalties)
from .questions_ohhell import (_ex5_hook_forbidden, _ex5_hook_legal, _ex5_made, _ex5_missed, _ex5_table, _ex5_v7,
                               _ex5_v8, _ex5_zero, _ex6_oh_hell, _ex6_spades)

__all__ = ["EXERCISES", "ExerciseSpec"]


@dataclass(frozen=True)
class ExerciseSpec:
    """One exercise notebook: ``name`` (file stem), ``title``, ``skill`` (one
    paragraph for the notebook's introduction), ``rules`` (ids practised),
    ``generators`` (one per question, in order), ``titles`` (question titles)."""

    name: str
    title: str
    skill: str
    rules: tuple[str, ...]
    generators: tuple[Gen, ...]
    titles: tuple[str, ...]


# ------------------------------------------------------------------ registry
def _spec(name, title, skill, rules, items) -> ExerciseSpec:
    return ExerciseSpec(name, title, skill, rules, tuple(g for _, g in items), tuple(t for t, _ in items))


EXERCISES: dict[str, ExerciseSpec] = {s.name: s for s in (
    _spec("ex1_legal_cards", "Which cards are legal here?",
          "Following suit, playing when you are void, leading before and after spades are broken, a hand of "
          "only spades, and Oh Hell with and without must-trump.",
          ("SP-13", "SP-14", "SP-15", "OH-9", "OH-V6"),
          [("Follow suit (Spades)", _ex1_follow), ("Void in the suit led (Spades)", _ex1_void),
           ("Leading before spades are broken", _ex1_lead_unbroken),
           ("Leading after spades are broken", _ex1_lead_broken), ("A hand of only spades", _ex1_all_spades),
           ("Oh Hell: void, must-trump off", _ex1_oh_void), ("Oh Hell: void, must-trump on", _ex1_oh_must_trump),
           ("Oh Hell: must-trump on, but you can follow", _ex1_oh_must_trump_follow),
           ("Oh Hell: leading", _ex1_oh_lead)]),
    _spec("ex2_trick_winner", "Who wins this trick?",
          "The highest card of the suit led wins, unless a trump was played: then the highest trump wins. "
          "Cards of other suits never win. Oh Hell's last hand has no trump at all.",
          ("SP-16", "OH-10", "OH-7"),
          [("Everyone follows suit", _ex2_follow), ("A high card of another suit", _ex2_discard),
           ("Trumped", _ex2_trumped), ("Two spades on the trick", _ex2_overtrumped),
           ("A spade is led", _ex2_spade_led), ("Oh Hell: a trump is played", _ex2_oh_trumped),
           ("Oh Hell: nobody trumps", _ex2_oh_no_trump_played),
           ("Oh Hell: the last hand, without trump", _ex2_oh_final)]),
    _spec("ex3_spades_scoring", "Scoring a Spades hand",
          "A partnership's score for one hand: contract made or set, bags, Nil and Blind Nil made and failed, "
          "and the tricks of a failed Nil counted as bags.",
          ("SP-7", "SP-8", "SP-9", "SP-10", "SP-17", "SP-18", "SP-19"),
          [("Contract made exactly", _ex3_made), ("Contract made with overtricks", _ex3_bags),
           ("Contract set", _ex3_set), ("Nil made", _ex3_nil_made), ("Nil failed", _ex3_nil_failed),
           ("Blind Nil made, partner set", _ex3_blind_made), ("Blind Nil failed, partner set", _ex3_blind_failed),
           ("Both partners Nil", _ex3_both_nil)]),
    _spec("ex4_bags_and_game_end", "Bags over a game, and the end of the game",
          "Bags carry over from hand to hand; every 10 cost 100 points (sometimes twice at once). "
          "The first side to 500 wins; if both get there, the higher score; a tie means another hand.",
          ("SP-20", "SP-21", "SP-22"),
          [("Bags carried over", _ex4_carry), ("A bag penalty", _ex4_penalty_points),
           ("Two bag penalties at once", _ex4_two_penalties),
           ("The bag count after a penalty", _ex4_penalty_bags),
           ("Bags over three hands", _ex4_three_hands), ("A side reaches 500", _ex4_reach),
           ("Both sides over 500", _ex4_both_over), ("Both sides over 500, close scores", _ex4_tie),
           ("Near 500, with a bag penalty", _ex4_penalty_stops)]),
    _spec("ex5_oh_hell_scoring", "Oh Hell scoring and the hook",
          "Only an exact bid scores (10 + tricks). With the hook the dealer may not make the bids add up to "
          "the number of tricks. Two scoring variations: tricks always count, and Nil pays by hand size.",
          ("OH-11", "OH-V4", "OH-V7", "OH-V8"),
          [("An exact bid", _ex5_made), ("A missed bid", _ex5_missed), ("A bid of 0 made", _ex5_zero),
           ("The dealer's forbidden bid", _ex5_hook_forbidden), ("The dealer's legal bids", _ex5_hook_legal),
           ("Variation: tricks always count", _ex5_v7), ("Variation: Nil pays by hand size", _ex5_v8),
           ("A whole table", _ex5_table)]),
    _spec("ex6_estimating_a_bid", "Estimating a bid",
          "Count the tricks a hand is likely to win: aces, guarded kings, high and long trumps, and voids or "
          "singletons you can trump. Any bid in a sensible range around the count is accepted.",
          ("SP-6", "OH-8"),
          [("Count the tricks (Spades)", _ex6_spades), ("Count the tricks (Spades)", _ex6_spades),
           ("Count the tricks (Spades)", _ex6_spades), ("Count the tricks (Spades)", _ex6_spades),
           ("Count the tricks (Oh Hell)", _ex6_oh_hell), ("Count the tricks (Oh Hell)", _ex6_oh_hell)]),
)}
