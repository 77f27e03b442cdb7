"""The drills the app offers, declared once: :data:`DRILL_GAMES` (the choices
of the drills' game switch) and :data:`DRILLS` (one entry per drill: its tab
title, its CSS class, how it is made and for which choices it is shown).

The app's Drills section is built from these two lists alone: a new drill is
one :class:`Drill` entry here, a new game choice one :class:`DrillGame`.

>>> [str(d.title) for d in drills_for("spades")]
['Follow suit', 'Who wins?', 'Bidding', 'Scoring']
>>> [str(d.title) for d in drills_for("spades_two")]
['The draw']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.message import Text

from ..text import M_
from .bidding import BiddingDrill
from .draw import DrawDrill
from .follow import FollowSuitDrill
from .scoring import ScoringDrill
from .winner import TrickWinnerDrill

__all__ = ["DrillGame", "Drill", "DRILL_GAMES", "DRILLS", "drill_game", "drills_for", "INTRO", "GAME_LABEL"]


@dataclass(frozen=True)
class DrillGame:
    """One choice of the drills' game switch: ``key`` its value (``"spades"``,
    ``"oh_hell"``, ``"must_trump"``, ``"spades_two"``), ``label`` the button's
    words, ``game`` the registry's game name and ``must_trump`` Oh Hell's
    variation (OH-V6) for the drills that take it."""

    key: str
    label: Text
    game: str
    must_trump: bool = False


@dataclass(frozen=True)
class Drill:
    """One drill of the app: ``key`` (stable), ``title`` (its tab), ``css_class``
    (on the widget, for the page's tests), ``make(choice, seed)`` -> the widget
    (built the first time its tab is opened) and ``games``: the keys of the
    :data:`DRILL_GAMES` choices it is shown for, in this order."""

    key: str
    title: Text
    css_class: str
    make: Callable[[DrillGame, int], Any]
    games: tuple[str, ...]

    def build(self, choice: DrillGame, seed: int) -> Any:
        """The drill's widget for ``choice``, seeded with ``seed``, with its CSS class."""
        widget = self.make(choice, seed)
        widget.add_class(self.css_class)
        return widget


#: The choices of the drills' game switch, in the order shown.
DRILL_GAMES: tuple[DrillGame, ...] = (
    # TRANSLATORS: a choice of the drills' game switch: the drills in Spades (four players).
    DrillGame("spades", M_("drills.game.spades", "Spades"), "spades"),
    # TRANSLATORS: a choice of the drills' game switch: the drills in Oh Hell.
    DrillGame("oh_hell", M_("drills.game.oh_hell", "Oh Hell"), "oh_hell"),
    # TRANSLATORS: a choice of the drills' game switch: Oh Hell with the must-trump variation (rule id OH-V6).
    DrillGame("must_trump", M_("drills.game.must_trump", "Oh Hell, must trump (OH-V6)"), "oh_hell", True),
    # TRANSLATORS: a choice of the drills' game switch: Spades for two players (rule ids SP-2P-…).
    DrillGame("spades_two", M_("drills.game.spades_two", "Spades for two (SP-2P)"), "spades"),
)

_FOUR_SEATS = ("spades", "oh_hell", "must_trump")

#: Every drill of the app, in the order of its tabs.
DRILLS: tuple[Drill, ...] = (
    # TRANSLATORS: the tab of the follow-suit drill (which card may you play?).
    Drill("follow", M_("drills.tab.follow", "Follow suit"), "tt-follow-drill",
          lambda c, seed: FollowSuitDrill(game=c.game, must_trump=c.must_trump, seed=seed), _FOUR_SEATS),
    # TRANSLATORS: the tab of the trick-winner drill (click the card that wins the trick).
    Drill("winner", M_("drills.tab.winner", "Who wins?"), "tt-winner-drill",
          lambda c, seed: TrickWinnerDrill(game=c.game, seed=seed), _FOUR_SEATS),
    # TRANSLATORS: the tab of the bidding drill.
    Drill("bidding", M_("drills.tab.bidding", "Bidding"), "tt-bidding-drill",
          lambda c, seed: BiddingDrill(game=c.game, seed=seed), _FOUR_SEATS),
    # TRANSLATORS: the tab of the scoring drill (work out a hand's points).
    Drill("scoring", M_("drills.tab.scoring", "Scoring"), "tt-scoring-drill",
          lambda c, seed: ScoringDrill(game=c.game, seed=seed), _FOUR_SEATS),
    # TRANSLATORS: the tab of the draw drill of Spades for two (keep the top card or take the next, SP-2P-2).
    Drill("draw", M_("drills.tab.draw", "The draw"), "tt-draw-drill",
          lambda c, seed: DrawDrill(seed=seed), ("spades_two",)),
)

# TRANSLATORS: the label before the drills' game switch.
GAME_LABEL = M_("drills.game.label", "Game:")
# TRANSLATORS: the introduction of the app's Drills section; the words in <b> are the tabs' and the game switch's names.
INTRO = M_("drills.intro",
           "Four short drills. <b>Follow suit</b>: click the card you would play; a wrong card is explained with its "
           "rule and the legal cards light up. <b>Who wins?</b>: click the winning card of a trick. <b>Bidding</b>: "
           "choose a bid and see how the hand goes. <b>Scoring</b>: work out a hand's points and bags. "
           "<b>Spades for two</b> has its own drill: <b>The draw</b>, keep the top card or take the next one "
           "(SP-2P-2).")


def drill_game(key: str) -> DrillGame:
    """The game switch's choice ``key``; KeyError for another."""
    for choice in DRILL_GAMES:
        if choice.key == key:
            return choice
    raise KeyError(key)


def drills_for(key: str) -> tuple[Drill, ...]:
    """The drills shown for the game switch's choice ``key``, in tab order."""
    return tuple(d for d in DRILLS if key in d.games)
