"""The drills the app offers, declared once: :data:`DRILLS` (one entry per
drill: its key, tab title, CSS class and how it is made).  The choices of the
drills' game switch are declared by the games' kits (:class:`tutor.games.DrillGame`
in :data:`tutor.games.KITS`, gathered in :data:`DRILL_GAMES`), each naming the
drills it offers, in tab order.

The app's Drills section is built from these alone: a new drill is one
:class:`Drill` entry here and its key in the kits' choices that offer it; a
new game choice is one :class:`~tutor.games.DrillGame` in its game's kit.

>>> [str(d.title) for d in drills_for("spades")]
['Follow suit', 'Who wins?', 'Bidding', 'Scoring']
>>> [str(d.title) for d in drills_for("spades_two")]
['The draw']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.message import Text

from ..games import DRILL_GAMES, DrillGame, drill_game
from ..text import M_
from .bidding import BiddingDrill
from .draw import DrawDrill
from .follow import FollowSuitDrill
from .scoring import ScoringDrill
from .winner import TrickWinnerDrill

__all__ = ["DrillGame", "Drill", "DRILL_GAMES", "DRILLS", "drill_game", "drills_for", "INTRO", "GAME_LABEL"]


@dataclass(frozen=True)
class Drill:
    """One drill of the app: ``key`` (stable), ``title`` (its tab), ``css_class``
    (on the widget, for the page's tests) and ``make(choice, seed)`` -> the
    widget (built the first time its tab is opened)."""

    key: str
    title: Text
    css_class: str
    make: Callable[[DrillGame, int], Any]

    def build(self, choice: DrillGame, seed: int) -> Any:
        """The drill's widget for ``choice``, seeded with ``seed``, with its CSS class."""
        widget = self.make(choice, seed)
        widget.add_class(self.css_class)
        return widget


#: Every drill of the app, in the order of its tabs.
DRILLS: tuple[Drill, ...] = (
    # TRANSLATORS: the tab of the follow-suit drill (which card may you play?).
    Drill("follow", M_("drills.tab.follow", "Follow suit"), "tt-follow-drill",
          lambda c, seed: FollowSuitDrill(game=c.game, must_trump=c.must_trump, seed=seed)),
    # TRANSLATORS: the tab of the trick-winner drill (click the card that wins the trick).
    Drill("winner", M_("drills.tab.winner", "Who wins?"), "tt-winner-drill",
          lambda c, seed: TrickWinnerDrill(game=c.game, seed=seed)),
    # TRANSLATORS: the tab of the bidding drill.
    Drill("bidding", M_("drills.tab.bidding", "Bidding"), "tt-bidding-drill",
          lambda c, seed: BiddingDrill(game=c.game, seed=seed)),
    # TRANSLATORS: the tab of the scoring drill (work out a hand's points).
    Drill("scoring", M_("drills.tab.scoring", "Scoring"), "tt-scoring-drill",
          lambda c, seed: ScoringDrill(game=c.game, seed=seed)),
    # TRANSLATORS: the tab of the draw drill of Spades for two (keep the top card or take the next, SP-2P-2).
    Drill("draw", M_("drills.tab.draw", "The draw"), "tt-draw-drill",
          lambda c, seed: DrawDrill(seed=seed)),
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


def drills_for(key: str) -> tuple[Drill, ...]:
    """The drills shown for the game switch's choice ``key``, in tab order
    (:attr:`tutor.games.DrillGame.drills`); KeyError for another choice."""
    by_key = {d.key: d for d in DRILLS}
    return tuple(by_key[k] for k in drill_game(key).drills)
