"""Practice drills (ipywidgets) built on the engine: follow suit, trick winner, bidding, scoring.

Every rule decision, refusal message and score comes from :mod:`engine`
(``check_play``, ``legal_plays``, ``check_bid``, ``winning_offset``, the
scorers); the widgets only arrange what the engine says.  Each drill takes
its configuration and seed in the constructor (the "session"), never calls
``display()`` itself, wraps every callback in :func:`tutor.common.guarded`
and can be driven headless (``.click(code)``, ``.bid(value)``,
``.answer(points, bags)``, ``.play_it_out()``).

* :class:`FollowSuitDrill` (:mod:`.follow`, positions from :mod:`.positions`):
  positions from real engine games, each a choice among legal cards, most
  with an illegal card the learner could pick (SP-13, SP-14, SP-15, OH-9,
  OH-V6).
* :class:`TrickWinnerDrill` (:mod:`.winner`): 3–7 cards on the table, who
  played them and the trump; the learner clicks the winning card (SP-16,
  OH-10, OH-7).
* :class:`BiddingDrill` (:mod:`.bidding`): a dealt hand; the learner bids
  (SP-6, SP-8, OH-8, OH-V4) and sees the bid advisor's suggestion in words
  and a "Show me" chart (:mod:`tutor.advice`), and can play the hand out.
* :class:`ScoringDrill` (:mod:`.scoring`): bids, tricks and bags before; the
  learner types the hand's points and the new bag count and sees the
  engine's itemised score (SP-17 … SP-20, SP-8 … SP-11, OH-11, OH-V7, OH-V8).
* :class:`DrawDrill` (:mod:`.draw`): Spades for two, the draw (SP-2P-2):
  keep the top card or pass it and take the next; judged by the engine's
  standard draw policy, the trade-off explained in plain words.

:data:`DRILLS` (:mod:`.menu`) lists every drill the app offers, and
:data:`DRILL_GAMES` the choices of its game switch: the app's Drills section
is built from them, so a new drill is one entry there.
"""
from __future__ import annotations

from .shared import computer_player
from .bidding import Advice, BiddingDrill, advise, compare_bid, count_likely_tricks
from .draw import DrawDrill, DrawProblem, DrawProblems
from .follow import FollowSuitDrill, free_position_text
from .menu import DRILL_GAMES, DRILLS, Drill, DrillGame, drill_game, drills_for
from .positions import (
    FOLLOW_SETUPS, FREE_KINDS, KIND_TEXT, FollowSetup, Position, PositionStream, classify_position, follow_setup,
    kinds_for,
)
from .scoring import ScoringDrill, ScoringProblem, ScoringProblems
from .winner import TrickSetup, TrickWinnerDrill

__all__ = [
    "FollowSuitDrill", "TrickWinnerDrill", "BiddingDrill", "ScoringDrill", "ScoringProblem", "ScoringProblems",
    "Position", "PositionStream", "FollowSetup", "FOLLOW_SETUPS", "follow_setup", "FREE_KINDS", "KIND_TEXT",
    "classify_position", "kinds_for", "free_position_text", "count_likely_tricks", "advise", "compare_bid",
    "Advice", "computer_player", "TrickSetup", "DrawDrill", "DrawProblem", "DrawProblems",
    "DRILLS", "DRILL_GAMES", "Drill", "DrillGame", "drill_game", "drills_for",
]
