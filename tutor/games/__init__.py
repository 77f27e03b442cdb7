"""The tutor by game: one kit per game the engine declares.

The engine declares each game once (:mod:`engine.registry`: a
:class:`~engine.spec.GameSpec` per game and seat layout).  This package
declares, once per spec, everything the tutor makes of it: its
:class:`TutorKit` in :data:`KITS`:

* its **look** (:class:`~tutor.games.looks.GameLook`: the table's title,
  rules and trump lines, how the seats sit and are named, the learner's
  seat, what a saved game of it is called and where it opens, what its
  "Options for a new game" panel leaves out or shows together);
* its **table**: the widget class that draws its session (named
  ``"module:Class"``, loaded when first needed, so that the app opens
  before any table module is read; :meth:`TutorKit.table_class`).  The
  session that plays it is chosen by the phases the engine declares
  (:func:`tutor.sessions.session_class`);
* the **drills** it offers: its choices of the drills' game switch
  (:class:`DrillGame`, each naming its drills, :mod:`tutor.drills.menu`);
* its place in the **app**: the section that plays it (the section's title
  entry), its entry in that section's game choice when the section plays
  several games, and the paragraph above its table.

Everything kept by game is built from these: the tables
(:data:`tutor.table.TABLES`), the review's practice tables, the drills'
game switch (:data:`DRILL_GAMES`), the app's sections and places, the
learner's default seats.  Adding a game's tutor is one kit here (with a
look, and a table class where the game has a phase of its own); nothing
else in ``tutor/`` is keyed by a game's name.  No widgets here.

>>> look_for(spec_for("spades", 4)).default_seat, look_for(spec_for("oh_hell", 5)).key
(2, 'oh_hell')
>>> [k.key for k in KITS], [str(s) for s in app_sections()]
(['spades', 'spades_two', 'oh_hell'], ['Play Spades', 'Play Oh Hell'])
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from engine.games.spades_two import TWO_PLAYER_FIXED
from engine.message import Text
from engine.registry import OH_HELL, SPADES, SPADES_TWO, spec_for
from engine.spec import GameSpec

from ..text import M_
from .looks import (PLAYER_NAMES, YOU, YOU_IN_A_SENTENCE, GameLook, OhHellLook, Seated, SpadesLook,
                    SpadesTwoLook)

__all__ = ["TutorKit", "DrillGame", "KITS", "LOOKS", "DRILL_GAMES", "kit_for", "kit_named", "look_for",
           "look_named", "drill_game", "app_sections", "GameLook", "SpadesLook", "SpadesTwoLook", "OhHellLook",
           "Seated", "PLAYER_NAMES", "YOU", "spec_for"]


@dataclass(frozen=True)
class DrillGame:
    """One choice of the drills' game switch: ``key`` its value (``"spades"``,
    ``"must_trump"`` …), ``label`` the button's words, ``game`` the
    registry's game name the drills deal, ``drills`` the keys of the drills
    it offers, in tab order (:data:`tutor.drills.menu.DRILLS`),
    ``must_trump`` Oh Hell's variation (OH-V6) for the drills that take it,
    ``order`` its place in the switch (the switch lists the choices by it)."""

    key: str
    label: Text
    game: str
    drills: tuple[str, ...]
    order: int
    must_trump: bool = False


@dataclass(frozen=True)
class TutorKit:
    """Everything the tutor makes of one game (see the module docstring):
    ``look`` (its :attr:`~GameLook.key` is the kit's, its
    :attr:`~GameLook.spec` the game's), ``table`` the table widget class as
    ``"module:Class"``, ``drills`` its choices of the drills' game switch,
    ``section`` the title entry of the app's section that plays it,
    ``choice`` its entry in that section's game choice (needed where the
    section plays several games; the first is shown at once), ``intro`` the
    paragraph above its table, ``exercise_rules`` the game's rule switches
    (options of its spec's rules, off unless the teacher switches them on) that
    the exercise settings take, in a section named by the spec's name
    (:data:`tutor.exercises.core.DEFAULT_SETTINGS`)."""

    look: GameLook
    table: str
    section: Text
    intro: Text
    choice: Text | None = None
    drills: tuple[DrillGame, ...] = ()
    exercise_rules: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The tutor's name for the game (the look's): ``"spades"``, ``"spades_two"``, ``"oh_hell"``."""
        return self.look.key

    @property
    def spec(self) -> GameSpec:
        return self.look.spec

    def table_class(self) -> Any:
        """The table widget class (imported the first time it is asked for)."""
        module, name = self.table.split(":")
        return getattr(importlib.import_module(module), name)


# ---------------------------------------------------------------- the app's sections of the games
# TRANSLATORS: the app's section tab with the Spades table.
PLAY_SPADES = M_("app.section.play_spades", "Play Spades")
# TRANSLATORS: the app's section tab with the Oh Hell table.
PLAY_OH_HELL = M_("app.section.play_oh_hell", "Play Oh Hell")
_FOUR_DRILLS = ("follow", "winner", "bidding", "scoring")

#: The tutor's kit of every game, one per spec of :data:`engine.registry.SPECS`, in the same order.
KITS: tuple[TutorKit, ...] = (
    TutorKit(
        SpadesLook("spades", SPADES,
                   # TRANSLATORS: what a saved game of four-player Spades is called in "This file is a saved game
                   # of …".
                   M_("games.spades.kind", "Spades for four players"),
                   # TRANSLATORS: where a saved game of four-player Spades opens, completing "open it …".
                   M_("games.spades.place", "at a Spades table for four players"),
                   default_seat=2, layout="compass"),
        "tutor.table.game_table:GameTable", PLAY_SPADES,
        # TRANSLATORS: the Play Spades section's first paragraph (SP-22 stays; <b>…</b> bold).
        M_("app.spades.intro",
           "You are <b>South</b>; your partner North and the opponents East and West are computer players. "
           "Look at your cards, bid, then click a card to play it. The first partnership to 500 points wins "
           "(SP-22). Your score sheet is in <b>Score sheet</b>."),
        # TRANSLATORS: the Play Spades section's game choice: four players in partnerships, or Spades for two.
        choice=M_("app.spades.four", "Four players, partners"),
        drills=(
            # TRANSLATORS: a choice of the drills' game switch: the drills in Spades (four players).
            DrillGame("spades", M_("drills.game.spades", "Spades"), SPADES.name, _FOUR_DRILLS, order=0),
        )),
    TutorKit(
        SpadesTwoLook("spades_two", SPADES_TWO,
                      # TRANSLATORS: what a saved game of Spades for two is called in "This file is a saved game
                      # of …".
                      M_("games.spades_two.kind", "Spades for two"),
                      # TRANSLATORS: where a saved game of Spades for two opens, completing "open it …".
                      M_("games.spades_two.place", "at a table for Spades for two"),
                      default_seat=1, layout="face_to_face", own_names=True, you_in_a_sentence=YOU_IN_A_SENTENCE,
                      fixed_options=TWO_PLAYER_FIXED),
        "tutor.table.two:SpadesTwoTable", PLAY_SPADES,
        # TRANSLATORS: the first paragraph of the Spades for two table (rule ids stay; <b>…</b> bold).
        M_("app.spades_two.intro",
           "Spades for two: you against one computer player, each for themselves (SP-2P-1). First "
           "<b>draw</b> your hand from the pack, one decision at a time: keep the top card and discard "
           "the next one, or discard the top card and take the next one (SP-2P-2). Then bid 0 to 13 "
           "(SP-2P-3) and play two-card tricks (SP-2P-4). The first to 500 points wins (SP-2P-5)."),
        # TRANSLATORS: the Play Spades section's game choice for the two-player game.
        choice=M_("app.spades.two", "Spades for two"),
        drills=(
            # TRANSLATORS: a choice of the drills' game switch: Spades for two players (rule ids SP-2P-…).
            DrillGame("spades_two", M_("drills.game.spades_two", "Spades for two (SP-2P)"), SPADES_TWO.name,
                      ("draw",), order=3),
        )),
    TutorKit(
        OhHellLook("oh_hell", OH_HELL,
                   # TRANSLATORS: what a saved game of Oh Hell is called in "This file is a saved game of …".
                   M_("games.oh_hell.kind", "Oh Hell"),
                   # TRANSLATORS: where a saved game of Oh Hell opens, completing "open it …".
                   M_("games.oh_hell.place", "at an Oh Hell table"),
                   default_seat=0, layout="ring", own_names=True, you_in_a_sentence=YOU,
                   as_now=(("schedule", "hand_sizes"),)),
        "tutor.table.game_table:GameTable", PLAY_OH_HELL,
        # TRANSLATORS: the Play Oh Hell section's first paragraph (rule ids stay; "Options for a new game" and
        # "New game" are the table's own labels: use the same words as those entries).
        M_("app.oh_hell.intro",
           "You play against computer players, each for themselves (named clockwise from you at the table). "
           "Hand 1 has one card each, hand 2 two cards, and so on (OH-6); bid the <b>exact</b> number of "
           "tricks you will win (OH-11). To play a variation (OH-V1 … OH-V8: backwards, the hook, sealed "
           "bids, must-trump, other scoring), open <b>Options for a new game</b> under the table, switch it "
           "on and press <b>New game</b>."),
        drills=(
            # TRANSLATORS: a choice of the drills' game switch: the drills in Oh Hell.
            DrillGame("oh_hell", M_("drills.game.oh_hell", "Oh Hell"), OH_HELL.name, _FOUR_DRILLS, order=1),
            # TRANSLATORS: a choice of the drills' game switch: Oh Hell with the must-trump variation (rule id
            # OH-V6).
            DrillGame("must_trump", M_("drills.game.must_trump", "Oh Hell, must trump (OH-V6)"), OH_HELL.name,
                      _FOUR_DRILLS, order=2, must_trump=True),
        ),
        # the scoring variations the Oh Hell scoring exercises follow (OH-V7, OH-V8)
        exercise_rules=("tricks_always_count", "nil_pays_hand_size")),
)

#: Every game's look, one per spec, in the order of :data:`KITS`.
LOOKS: tuple[GameLook, ...] = tuple(kit.look for kit in KITS)
#: The choices of the drills' game switch, in the order shown (:attr:`DrillGame.order`).
DRILL_GAMES: tuple[DrillGame, ...] = tuple(sorted((c for kit in KITS for c in kit.drills), key=lambda c: c.order))


def kit_for(spec: GameSpec | Any) -> TutorKit:
    """The kit of ``spec`` (a :class:`~engine.spec.GameSpec`, or anything
    with a ``spec``: a game, a view).  KeyError for a spec no kit declares."""
    spec = spec if isinstance(spec, GameSpec) else spec.spec
    for kit in KITS:
        if kit.spec is spec:
            return kit
    raise KeyError(f"no tutor kit for {spec.name!r} ({spec.seat_counts} seats)")


def kit_named(key: str) -> TutorKit:
    """The kit whose :attr:`~TutorKit.key` is ``key`` (KeyError if none)."""
    for kit in KITS:
        if kit.key == key:
            return kit
    raise KeyError(key)


def look_for(spec: GameSpec | Any) -> GameLook:
    """The look of ``spec`` (a :class:`~engine.spec.GameSpec`, or anything
    with a ``spec``: a game, a view).  KeyError for a spec no kit declares."""
    return kit_for(spec).look


def look_named(key: str) -> GameLook:
    """The look whose :attr:`~GameLook.key` is ``key`` (KeyError if none)."""
    return kit_named(key).look


def drill_game(key: str) -> DrillGame:
    """The drills' game switch's choice ``key``; KeyError for another."""
    for choice in DRILL_GAMES:
        if choice.key == key:
            return choice
    raise KeyError(key)


def app_sections() -> tuple[Text, ...]:
    """The title entries of the app's sections that play games, in page order (each once)."""
    out: list[Text] = []
    for kit in KITS:
        if kit.section not in out:
            out.append(kit.section)
    return tuple(out)
