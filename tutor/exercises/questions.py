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
see :class:`~tutor.exercises.kit.FastHand`), and the position found is
replayed through a real game, which checks every play and gives the facts
and answers; a question's wanted outcome (a winning rank, a game result, a
bid estimate) is drawn first and the search looks for it, so the answers
spread over a class.

Seats are 0 North, 1 East, 2 South, 3 West in both games (the Oh Hell
questions use four players and the same seat names).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.message import Text

from tutor.text import M_

from .kit import Gen
from .questions_play import (ex1_all_spades, ex1_follow, ex1_lead_broken, ex1_lead_unbroken, ex1_oh_lead,
                             ex1_oh_must_trump, ex1_oh_must_trump_follow, ex1_oh_void,
                             ex1_void, ex2_discard, ex2_follow, ex2_oh_final,
                             ex2_oh_no_trump_played, ex2_oh_trumped, ex2_overtrumped,
                             ex2_spade_led, ex2_trumped)
from .questions_spades import (ex3_bags, ex3_blind_failed, ex3_blind_made, ex3_both_nil, ex3_made, ex3_nil_failed,
                               ex3_nil_made, ex3_set, ex4_both_over, ex4_carry,
                               ex4_penalty_bags, ex4_penalty_points, ex4_penalty_stops,
                               ex4_reach, ex4_three_hands, ex4_tie, ex4_two_penalties)
from .questions_ohhell import (ex5_hook_forbidden, ex5_hook_legal, ex5_made, ex5_missed, ex5_table, ex5_v7, ex5_v8,
                               ex5_zero, ex6_oh_hell, ex6_spades)

__all__ = ["EXERCISES", "ExerciseSpec"]


@dataclass(frozen=True)
class ExerciseSpec:
    """One exercise notebook: ``name`` (file stem), ``title``, ``skill`` (one
    paragraph for the notebook's introduction), ``rules`` (ids practised),
    ``generators`` (one per question, in order), ``titles`` (question titles)."""

    name: str
    title: Text
    skill: Text
    rules: tuple[str, ...]
    generators: tuple[Gen, ...]
    titles: tuple[Text, ...]


# ------------------------------------------------------------------ registry
def _spec(name: str, title: Text, skill: Text, rules: tuple[str, ...],
          items: list[tuple[Text, Gen]]) -> ExerciseSpec:
    return ExerciseSpec(name, title, skill, rules, tuple(g for _, g in items), tuple(t for t, _ in items))


EXERCISES: dict[str, ExerciseSpec] = {s.name: s for s in (
    _spec("ex1_legal_cards",
          # TRANSLATORS: the title of exercise notebook 1 (a heading; also the questions' page title).
          M_("ex1.title", "Which cards are legal here?"),
          # TRANSLATORS: the introduction of exercise notebook 1: the skill it practises.
          M_("ex1.skill", "Following suit, playing when you are void, leading before and after spades are "
                          "broken, a hand of only spades, and Oh Hell with and without must-trump."),
          ("SP-13", "SP-14", "SP-15", "OH-9", "OH-V6"),
          [
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.follow", "Follow suit (Spades)"), ex1_follow),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.void", "Void in the suit led (Spades)"), ex1_void),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.lead_unbroken", "Leading before spades are broken"), ex1_lead_unbroken),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.lead_broken", "Leading after spades are broken"), ex1_lead_broken),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.all_spades", "A hand of only spades"), ex1_all_spades),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.oh_void", "Oh Hell: void, must-trump off"), ex1_oh_void),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.oh_must_trump", "Oh Hell: void, must-trump on"), ex1_oh_must_trump),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.oh_must_trump_follow", "Oh Hell: must-trump on, but you can follow"),
               ex1_oh_must_trump_follow),
              # TRANSLATORS: the title of a question of exercise 1.
              (M_("ex1.q.oh_lead", "Oh Hell: leading"), ex1_oh_lead),
          ]),
    _spec("ex2_trick_winner",
          # TRANSLATORS: the title of exercise notebook 2 (a heading; also the questions' page title).
          M_("ex2.title", "Who wins this trick?"),
          # TRANSLATORS: the introduction of exercise notebook 2: the skill it practises.
          M_("ex2.skill", "The highest card of the suit led wins, unless a trump was played: then the highest "
                          "trump wins. Cards of other suits never win. Oh Hell's last hand has no trump at all."),
          ("SP-16", "OH-10", "OH-7"),
          [
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.follow", "Everyone follows suit"), ex2_follow),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.discard", "A high card of another suit"), ex2_discard),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.trumped", "Trumped"), ex2_trumped),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.overtrumped", "Two spades on the trick"), ex2_overtrumped),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.spade_led", "A spade is led"), ex2_spade_led),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.oh_trumped", "Oh Hell: a trump is played"), ex2_oh_trumped),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.oh_no_trump_played", "Oh Hell: nobody trumps"), ex2_oh_no_trump_played),
              # TRANSLATORS: the title of a question of exercise 2.
              (M_("ex2.q.oh_final", "Oh Hell: the last hand, without trump"), ex2_oh_final),
          ]),
    _spec("ex3_spades_scoring",
          # TRANSLATORS: the title of exercise notebook 3 (a heading; also the questions' page title).
          M_("ex3.title", "Scoring a Spades hand"),
          # TRANSLATORS: the introduction of exercise notebook 3: the skill it practises.
          M_("ex3.skill", "A partnership's score for one hand: contract made or set, bags, Nil and Blind Nil "
                          "made and failed, and the tricks of a failed Nil counted as bags."),
          ("SP-7", "SP-8", "SP-9", "SP-10", "SP-17", "SP-18", "SP-19"),
          [
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.made", "Contract made exactly"), ex3_made),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.bags", "Contract made with overtricks"), ex3_bags),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.set", "Contract set"), ex3_set),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.nil_made", "Nil made"), ex3_nil_made),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.nil_failed", "Nil failed"), ex3_nil_failed),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.blind_made", "Blind Nil made, partner set"), ex3_blind_made),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.blind_failed", "Blind Nil failed, partner set"), ex3_blind_failed),
              # TRANSLATORS: the title of a question of exercise 3.
              (M_("ex3.q.both_nil", "Both partners Nil"), ex3_both_nil),
          ]),
    _spec("ex4_bags_and_game_end",
          # TRANSLATORS: the title of exercise notebook 4 (a heading; also the questions' page title).
          M_("ex4.title", "Bags over a game, and the end of the game"),
          # TRANSLATORS: the introduction of exercise notebook 4: the skill it practises.
          M_("ex4.skill", "Bags carry over from hand to hand; every 10 cost 100 points (sometimes twice at "
                          "once). The first side to 500 wins; if both get there, the higher score; a tie means "
                          "another hand."),
          ("SP-20", "SP-21", "SP-22"),
          [
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.carry", "Bags carried over"), ex4_carry),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.penalty_points", "A bag penalty"), ex4_penalty_points),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.two_penalties", "Two bag penalties at once"), ex4_two_penalties),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.penalty_bags", "The bag count after a penalty"), ex4_penalty_bags),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.three_hands", "Bags over three hands"), ex4_three_hands),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.reach", "A side reaches 500"), ex4_reach),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.both_over", "Both sides over 500"), ex4_both_over),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.tie", "Both sides over 500, close scores"), ex4_tie),
              # TRANSLATORS: the title of a question of exercise 4.
              (M_("ex4.q.penalty_stops", "Near 500, with a bag penalty"), ex4_penalty_stops),
          ]),
    _spec("ex5_oh_hell_scoring",
          # TRANSLATORS: the title of exercise notebook 5 (a heading; also the questions' page title).
          M_("ex5.title", "Oh Hell scoring and the hook"),
          # TRANSLATORS: the introduction of exercise notebook 5: the skill it practises.
          M_("ex5.skill", "Only an exact bid scores (10 + tricks). With the hook the dealer may not make the "
                          "bids add up to the number of tricks. Two scoring variations: tricks always count, "
                          "and Nil pays by hand size."),
          ("OH-11", "OH-V4", "OH-V7", "OH-V8"),
          [
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.made", "An exact bid"), ex5_made),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.missed", "A missed bid"), ex5_missed),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.zero", "A bid of 0 made"), ex5_zero),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.hook_forbidden", "The dealer's forbidden bid"), ex5_hook_forbidden),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.hook_legal", "The dealer's legal bids"), ex5_hook_legal),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.v7", "Variation: tricks always count"), ex5_v7),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.v8", "Variation: Nil pays by hand size"), ex5_v8),
              # TRANSLATORS: the title of a question of exercise 5.
              (M_("ex5.q.table", "A whole table"), ex5_table),
          ]),
    _spec("ex6_estimating_a_bid",
          # TRANSLATORS: the title of exercise notebook 6 (a heading; also the questions' page title).
          M_("ex6.title", "Estimating a bid"),
          # TRANSLATORS: the introduction of exercise notebook 6: the skill it practises.
          M_("ex6.skill", "Count the tricks a hand is likely to win: aces, guarded kings, high and long trumps,"
                          " and voids or singletons you can trump. Any bid in a sensible range around the count"
                          " is accepted."),
          ("SP-6", "OH-8"),
          [
              # TRANSLATORS: the title of a question of exercise 6.
              (M_("ex6.q.spades", "Count the tricks (Spades)"), ex6_spades),
              # TRANSLATORS: the title of a question of exercise 6.
              (M_("ex6.q.spades", "Count the tricks (Spades)"), ex6_spades),
              # TRANSLATORS: the title of a question of exercise 6.
              (M_("ex6.q.spades", "Count the tricks (Spades)"), ex6_spades),
              # TRANSLATORS: the title of a question of exercise 6.
              (M_("ex6.q.spades", "Count the tricks (Spades)"), ex6_spades),
              # TRANSLATORS: the title of a question of exercise 6.
              (M_("ex6.q.oh_hell", "Count the tricks (Oh Hell)"), ex6_oh_hell),
              # TRANSLATORS: the title of a question of exercise 6.
              (M_("ex6.q.oh_hell", "Count the tricks (Oh Hell)"), ex6_oh_hell),
          ]),
)}
