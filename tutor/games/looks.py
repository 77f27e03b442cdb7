"""How each game looks at the tutor: :class:`GameLook` and its kinds (Spades,
Spades for two, Oh Hell), with the words they say.

A look says what the table calls the game and its rules line, the
house-rules line, the trump line, the hand counter, how the seats sit
(``layout``) and are named (the engine's compass names, or "You" and
computer players named clockwise), the learner's seat, what a saved game of
it is called and where it opens, and which options its "Options for a new
game" panel leaves out or shows together.  Each game's look is declared in
its kit (:data:`tutor.games.KITS`); the session, the table's drawing, the
options panel and the score sheet read it with :func:`tutor.games.look_for`.
No widgets here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.game import SeatView, TrickGame
from engine.games.oh_hell import OhHellRules
from engine.games.spades import SpadesRules
from engine.message import Msg, Text
from engine.options import GameRules
from engine.spec import GameSpec

from ..card_faces import table_card_html
from ..text import M_, P_, Markup, say, say_html

__all__ = ["GameLook", "SpadesLook", "SpadesTwoLook", "OhHellLook", "Seated", "PLAYER_NAMES", "YOU",
           "YOU_IN_A_SENTENCE"]


class Seated(Protocol):
    """What a look reads of a session: its game, the learner's seat and the
    table's seat names (:class:`tutor.session.TableSession`)."""

    game: TrickGame
    learner: int

    def name(self, seat: int, you: bool = True) -> str: ...


# ---------------------------------------------------------------- seat names of the table
# TRANSLATORS: how the table names the learner ("You bid 3", a seat box "You", a score sheet column).
YOU = M_("games.you", "You")
# TRANSLATORS: the learner named inside one of the engine's sentences in Spades for two, in place of
# "Player 1" ("It is Ada's turn to bid … (you dealt)").
YOU_IN_A_SENTENCE = M_("games.you_in_a_sentence", "you")
#: Names of the computer players, clockwise from the learner, in games whose
#: seats have no names of their own (Oh Hell, Spades for two; Spades seats are compass points).
PLAYER_NAMES: tuple[Text, ...] = (
    # TRANSLATORS: the first computer player clockwise from the learner (a first name; any name will do).
    M_("games.player.1", "Ada"),
    # TRANSLATORS: the second computer player clockwise from the learner (a first name).
    M_("games.player.2", "Ben"),
    # TRANSLATORS: the third computer player clockwise from the learner (a first name).
    M_("games.player.3", "Cleo"),
    # TRANSLATORS: the fourth computer player clockwise from the learner (a first name).
    M_("games.player.4", "Dev"),
    # TRANSLATORS: the fifth computer player clockwise from the learner (a first name).
    M_("games.player.5", "Eli"),
    # TRANSLATORS: the sixth computer player clockwise from the learner (a first name).
    M_("games.player.6", "Fay"),
)

# ---------------------------------------------------------------- words of the table's title
# TRANSLATORS: the hand counter in the table's title; {number} is the hand being played.
HAND = M_("games.hand", "Hand {number}")
# TRANSLATORS: the hand counter of Oh Hell's title: hand {number} of {hands}, {n} cards dealt to each player.
HAND_OF = P_("games.hand_of", "Hand {number} of {hands} ({n} card each)", "Hand {number} of {hands} ({n} cards each)")
# TRANSLATORS: the table's title before the first hand is dealt.
NO_HAND_YET = M_("games.no_hand_yet", "No hand yet")
# TRANSLATORS: Spades' rules in the table's title; {target} points win the game.
SPADES_RULES = M_("games.spades.rules", "game to {target} points (SP-3)")
# TRANSLATORS: Spades for two's rules in the table's title; {other} is the computer player's name.
SPADES_TWO_RULES = M_("games.spades_two.rules", "you against {other}, game to {target} points (SP-2P-5)")
# TRANSLATORS: Oh Hell's name in the table's title; {n} players (3 to 7).
OH_HELL_NAME = M_("games.oh_hell.name", "Oh Hell, {n} players")
# TRANSLATORS: Oh Hell's rules in the table's title: the number of hands in the game.
OH_HELL_HANDS = P_("games.oh_hell.hands", "{n} hand", "{n} hands")
# TRANSLATORS: Oh Hell's rules in the table's title with the variations switched on: {hands} "10 hands",
# {parts} the variations ("hook, sealed bids").
OH_HELL_RULES_WITH = M_("games.oh_hell.rules_with", "{hands}; {parts}")
# TRANSLATORS: the trump line of Spades (HTML; keep the tags): {broken} is "yes" or "not yet".
SPADES_TRUMP = M_("games.spades.trump", "Trump: <b>♠ spades</b>, always (SP-2) · spades broken: "
                                        "<b>{broken}</b> (SP-13, SP-15)")
# TRANSLATORS: in the trump line: spades have been broken.
BROKEN_YES = M_("games.spades.broken_yes", "yes")
# TRANSLATORS: in the trump line: spades have not been broken yet.
BROKEN_NOT_YET = M_("games.spades.broken_not_yet", "not yet")
# TRANSLATORS: Oh Hell's trump line before the first hand (HTML).
OH_HELL_NO_HAND = M_("games.oh_hell.trump_no_hand", "No hand dealt yet")
# TRANSLATORS: Oh Hell's trump line (HTML; keep the tags): {card_html} is the turned-up card drawn as a card,
# {suit} the trump suit ("hearts").
OH_HELL_TURNED_UP = M_("games.oh_hell.turned_up", "Turned up: {card_html} → trump is <b>{suit}</b> (OH-7)")
# TRANSLATORS: Oh Hell's trump line for a hand without trump (HTML).
OH_HELL_NO_TRUMP = M_("games.oh_hell.no_trump", "<b>No trump</b> this hand (OH-7)")
# TRANSLATORS: the tooltip of "Bid Blind Nil" (SP-10); {worth} the points won or lost, then what follows it.
BLIND_NIL_TIP_SWAP = P_("games.spades.blind_nil_tip",
                        "Bid Blind Nil without looking: +{worth} / −{worth}, then swap {n} card with your partner "
                        "({rules})",
                        "Bid Blind Nil without looking: +{worth} / −{worth}, then swap {n} cards with your partner "
                        "({rules})")
# TRANSLATORS: the tooltip of "Bid Blind Nil" when house rule SP-H3 has no exchange; {rules} the rule ids.
BLIND_NIL_TIP_NO_SWAP = M_("games.spades.blind_nil_tip_no_swap",
                           "Bid Blind Nil without looking: +{worth} / −{worth}, with no exchange ({rules})")

# TRANSLATORS: the Oh Hell options panel's entry for hand sizes of the game's own; {sizes} "3, 4".
AS_NOW_SIZES = M_("games.oh_hell.as_now_sizes", "as now: {sizes} cards")


@dataclass(frozen=True)
class GameLook:
    """How one game (``spec``) looks at the tutor (see the module docstring).

    ``key``: the tutor's name for it (``"spades"``, ``"spades_two"``,
    ``"oh_hell"``; the app's places and the drills' games use it).
    ``kind_name``, ``place``: what a saved game of it is called and where
    it opens, in the sentence refusing it at another table.
    ``default_seat``: the learner's seat when none is given.
    ``own_names``: the table names the seats itself (the learner "You", the
    computer players :data:`PLAYER_NAMES` clockwise), instead of the engine's
    names (the compass points of Spades); ``you_in_a_sentence``: the
    learner's name inside the engine's sentences then.  ``layout``: how the
    seats sit (``"compass"``: four around, partner across; ``"ring"``:
    clockwise across the top; ``"face_to_face"``: two).  ``fixed_options``:
    options the game keeps at their defaults (left out of its options
    panel).  ``as_now``: pairs ``(option, other)``: the panel offers the
    current value of option ``other`` (which has no field of its own) as one
    entry of ``option``'s choice list.
    """

    key: str
    spec: GameSpec
    kind_name: Text
    place: Text
    default_seat: int
    layout: str
    own_names: bool = False
    you_in_a_sentence: Text | None = None
    fixed_options: tuple[str, ...] = ()
    as_now: tuple[tuple[str, str], ...] = ()

    def name(self, game: TrickGame) -> str:
        """What the table's title calls the game ("Spades")."""
        return say(self.spec.title)

    def rules_line(self, s: Seated, rules: GameRules) -> str:
        """The rules in force (``rules``: the game's, a shared table's whole game), after the name in the title."""
        return ""

    def house_line(self, rules: GameRules) -> str:
        """The house rules that are on, one line (``rules.summary()``), or ""."""
        summary = rules.summary()
        return "" if summary is None else str(summary)

    def hand_text(self, view: SeatView, rules: GameRules) -> str:
        """The hand counter of the title ("Hand 3", "No hand yet")."""
        return say(HAND, number=view.hand_number) if view.hand_number else say(NO_HAND_YET)

    def trump_html(self, view: SeatView) -> str:
        """The trump line (HTML)."""
        return ""

    def blind_nil_tooltip(self, rules: GameRules) -> str:
        """What a Blind Nil bid is worth and what follows it ("" where there is none)."""
        return ""

    def blind_nil_swap(self, rules: GameRules) -> int:
        """How many cards a Blind Nil bidder and partner swap after the bidding (SP-10, SP-H3; 0: none)."""
        return 0

    def other_option_words(self, option: str, rules: GameRules) -> str | None:
        """The label of the panel's "as now" entry that keeps the value of the
        option shown with ``option`` (:attr:`as_now`), or None."""
        return None


def _spades(rules: GameRules) -> SpadesRules:
    assert isinstance(rules, SpadesRules), rules
    return rules


@dataclass(frozen=True)
class SpadesLook(GameLook):
    """Spades: the compass seats, game to the target (SP-3), spades trump and broken (SP-2, SP-13, SP-15)."""

    def rules_line(self, s: Seated, rules: GameRules) -> str:
        return say(SPADES_RULES, target=_spades(rules).target_score)

    def trump_html(self, view: SeatView) -> str:
        return say_html(SPADES_TRUMP, broken=BROKEN_YES if view.broken else BROKEN_NOT_YET)

    def blind_nil_tooltip(self, rules: GameRules) -> str:
        r = _spades(rules)
        worth, swap = r.nil_worth(blind=True), r.blind_nil_pass
        ids = "SP-10" + (", SP-H1" if worth != 200 else "") + (", SP-H3" if swap != 3 else "")
        if swap:
            return say(BLIND_NIL_TIP_SWAP, worth=worth, n=swap, rules=ids)
        return say(BLIND_NIL_TIP_NO_SWAP, worth=worth, rules=ids)

    def blind_nil_swap(self, rules: GameRules) -> int:
        return _spades(rules).blind_nil_pass


@dataclass(frozen=True)
class SpadesTwoLook(SpadesLook):
    """Spades for two: face to face, against one computer player (SP-2P)."""

    def rules_line(self, s: Seated, rules: GameRules) -> str:
        return say(SPADES_TWO_RULES, other=s.name(1 - s.learner), target=_spades(rules).target_score)

    def blind_nil_tooltip(self, rules: GameRules) -> str:
        return ""

    def blind_nil_swap(self, rules: GameRules) -> int:
        return 0  # no Blind Nil with two players (SP-2P-1)


@dataclass(frozen=True)
class OhHellLook(GameLook):
    """Oh Hell: numbered seats named by the table, hands that change size, a turned-up trump (OH-7)."""

    def name(self, game: TrickGame) -> str:
        return say(OH_HELL_NAME, n=game.n_seats)

    def rules_line(self, s: Seated, rules: GameRules) -> str:
        assert isinstance(rules, OhHellRules)
        hands = say(OH_HELL_HANDS, n=rules.n_hands)
        # the variations switched on: the on/off options that are off by default (OH-V4 … OH-V8)
        on = [o.summary for o in rules.OPTIONS
              if o.kind == "bool" and o.default is False and rules.value(o.name) is True and o.summary is not None]
        if not on:
            return hands
        return say(OH_HELL_RULES_WITH, hands=hands, parts=[Msg("rules.part", {"phrase": t}) for t in on])

    def house_line(self, rules: GameRules) -> str:
        return ""  # the variations are in the rules line

    def hand_text(self, view: SeatView, rules: GameRules) -> str:
        if not view.hand_number:
            return say(NO_HAND_YET)
        assert isinstance(rules, OhHellRules)
        return say(HAND_OF, number=view.hand_number, hands=rules.n_hands, n=view.hand_size)

    def trump_html(self, view: SeatView) -> str:
        if view.hand_number == 0:
            return say_html(OH_HELL_NO_HAND)
        if view.turn_up is not None and view.trump is not None:
            return say_html(OH_HELL_TURNED_UP, card_html=Markup(table_card_html(view.turn_up.code, small=True)),
                            suit=view.trump.letter)
        return say_html(OH_HELL_NO_TRUMP)

    def other_option_words(self, option: str, rules: GameRules) -> str | None:
        other = dict(self.as_now).get(option)
        value = None if other is None else rules.value(other)
        if value is None:
            return None
        return say(AS_NOW_SIZES, sizes=", ".join(map(str, value)))


