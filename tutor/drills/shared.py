"""What the drills share: the game a drill is set for, seat names, the
streak line, computer players and the order of problem kinds.

Every word here comes from the tutor's catalogue (:mod:`tutor.text`) or the
engine's words (:mod:`engine.text`); nothing below builds an English
sentence from pieces.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Iterable, TypeVar

from engine.bots import Player, make_player
from engine.bots.sampling import PlayTerms
from engine.bots.strategies import strategy_for
from engine import Verdict
from engine.message import Msg, Text
from engine.registry import GameSpec, game_names, spec_named
from engine.text import get_language, seat_text, translate
from engine.text.words import LIST_SEP

from ..text.verdicts import verdict_words
from ..session_words import PLAYER_NAMES, with_names
from ..text import M_, say, say_html

__all__ = ["for_game", "ORDINALS", "TRICK_NAMES", "YOU", "NEXT", "SKIP", "own_names", "drill_spec", "seat_name", "you_label", "stats_html", "word", "bad_game",
           "list_text", "computer_player", "play_terms", "KindCycle", "named_msg", "verdict_text"]

#: Ordinal numbers of a place in the bidding or in a trick (1st … 7th).
ORDINALS: tuple[Text, ...] = (
    # TRANSLATORS: an ordinal, a place in an order ("you bid 1st of 4"; a trick's first card).
    M_("drills.ordinal.1", "1st"),
    # TRANSLATORS: an ordinal, a place in an order ("you bid 2nd of 4").
    M_("drills.ordinal.2", "2nd"),
    # TRANSLATORS: an ordinal, a place in an order ("you bid 3rd of 4").
    M_("drills.ordinal.3", "3rd"),
    # TRANSLATORS: an ordinal, a place in an order ("you bid 4th of 4").
    M_("drills.ordinal.4", "4th"),
    # TRANSLATORS: an ordinal, a place in an order ("you bid 5th of 7").
    M_("drills.ordinal.5", "5th"),
    # TRANSLATORS: an ordinal, a place in an order ("you bid 6th of 7").
    M_("drills.ordinal.6", "6th"),
    # TRANSLATORS: an ordinal, a place in an order ("you bid 7th of 7").
    M_("drills.ordinal.7", "7th"),
)

#: Names of the players of a trick in the trick-winner drill (no learner at
#: the table) in a game whose seats have no names of their own.
TRICK_NAMES: tuple[Text, ...] = (
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.0", "Ada"),
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.1", "Ben"),
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.2", "Cleo"),
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.3", "Dev"),
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.4", "Eve"),
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.5", "Finn"),
    # TRANSLATORS: a player's first name in the trick-winner drill; keep it, or use a short first name common in your language.
    M_("drills.name.6", "Gus"),
)

#: The learner's own seat, named in a list of players (Oh Hell, where the seats have no names).
# TRANSLATORS: the learner's own seat in a list of players (the bids table, the hand's result), capitalised.
YOU = M_("drills.you", "You")
#: The learner's seat in a game whose seats have names ({name}: the seat's name, e.g. South).
# TRANSLATORS: the learner's own seat in a list of players; {name} is the seat's name (South).
YOU_AT = M_("drills.you_at", "{name} (you)")
#: How the learner is named in the middle of a sentence, where the seats have no names.
# TRANSLATORS: the learner as a player's name inside a sentence ("Your hand", "… you are …"); lower case.
YOU_NAME = M_("drills.you_name", "you")

# TRANSLATORS: a drill's button: go on to the next problem (after answering).
NEXT = M_("drills.next", "Next")
# TRANSLATORS: a drill's button: go on to the next problem without answering this one.
SKIP = M_("drills.skip", "Skip")

# TRANSLATORS: the drill's streak line. {streak}: right answers in a row now; {best}: the best run; {tally}: mistakes by rule id ("SP-14 ×2, SP-13 ×1") or "none".
STATS = M_("drills.stats", "Streak <b>{streak}</b> · best <b>{best}</b> · mistakes by rule: {tally}")
# TRANSLATORS: the follow-suit drill's streak line; as "Streak … mistakes by rule: …" with {done}: positions answered.
STATS_POSITIONS = M_("drills.stats.positions",
                     "Streak <b>{streak}</b> · best <b>{best}</b> · mistakes by rule: {tally} · "
                     "positions done <b>{done}</b>")
# TRANSLATORS: the scoring drill's streak line; as "Streak … mistakes by rule: …" with {done}: hands scored.
STATS_HANDS = M_("drills.stats.hands",
                 "Streak <b>{streak}</b> · best <b>{best}</b> · mistakes by rule: {tally} · "
                 "hands scored <b>{done}</b>")
# TRANSLATORS: in the streak line, when no mistake has been made ("mistakes by rule: none").
STATS_NONE = M_("drills.stats.none", "none")
# TRANSLATORS: one rule in the streak line's tally of mistakes: {rule} a rule id (SP-14), {count} how many times.
STATS_RULE = M_("drills.stats.rule", "{rule} ×{count}")

# TRANSLATORS: a drill made for a game that does not exist. {game}: what was asked; {games}: the games there are.
BAD_GAME = M_("drills.error.game", "game must be {games}, not {game}")
# TRANSLATORS: joins the names of the games in "game must be 'spades' or 'oh_hell'".
GAMES_OR = M_("drills.error.game_or", " or ")
# TRANSLATORS: a drill made for a number of players the game is not played by. {game}: the game's name; {low}, {high}: the counts it is played by; {players}: what was asked; {rule}: the rule id.
BAD_PLAYERS = M_("drills.error.players", "{game} is for {low} to {high} players, not {players} ({rule})")
# TRANSLATORS: as drills.error.players, for a game played by one number of players only ({count}).
BAD_PLAYERS_ONE = M_("drills.error.players_one", "{game} is for {count} players, not {players} ({rule})")


def word(text: Any) -> str:
    """A word or name in the current language: a catalogue entry
    (:class:`~engine.message.Text`) translated, anything else as it is."""
    return translate(text) if isinstance(text, Text) else str(text)


def list_text(items: Iterable[str]) -> str:
    """``items`` joined by the language's list separator (``a, b, c``)."""
    return translate(LIST_SEP).join(items)


G = TypeVar("G")


def for_game(setups: Iterable[G], game: str) -> G:
    """The entry of ``setups`` (a drill's declarations, one per game it knows, each with its ``spec``)
    for the game named ``game`` (the registry's name: ``"spades"``, ``"oh_hell"``); ValueError naming the
    games the drill knows for another."""
    known = list(setups)
    spec = spec_named(game) if game in game_names() else None
    for setup in known:
        if getattr(setup, "spec") is spec:
            return setup
    raise ValueError(bad_game(game, [getattr(s, "spec").name for s in known]))


def bad_game(game: object, names: Iterable[str]) -> str:
    """The error for a drill asked for ``game``, which is not one of ``names``."""
    return say(BAD_GAME, game=repr(game), games=word(GAMES_OR).join(repr(n) for n in names))


def drill_spec(game: str, players: int | None = None) -> GameSpec:
    """The registry's spec of a drill's ``game`` (its record name,
    ``"spades"``, ``"oh_hell"`` …); ValueError for another name, or for
    ``players`` (when given) that the game is not played by (SP-1, OH-1)."""
    if game not in game_names():
        raise ValueError(bad_game(game, game_names()))
    spec = spec_named(game)
    counts = spec.seat_counts
    if players is not None and (isinstance(players, bool) or players not in counts):
        if len(counts) > 1:
            raise ValueError(say(BAD_PLAYERS, game=spec.title, low=counts[0], high=counts[-1], players=repr(players),
                                 rule=spec.seats_rule))
        raise ValueError(say(BAD_PLAYERS_ONE, game=spec.title, count=counts[0], players=repr(players),
                             rule=spec.seats_rule))
    return spec


def own_names(spec: GameSpec) -> bool:
    """Whether the game's seats have names of their own (Spades' compass
    points, SP-1): the drills then use them; else players get first names."""
    return spec.naming == "compass"


def seat_name(spec: GameSpec, seat: int, learner: int | None = None, n_seats: int = 4) -> str:
    """A seat's name in the current language: the game's own seat names
    (Spades' compass points, SP-1); else "you" for the learner's seat and a
    first name clockwise from the learner (as at the game table), or, with
    no learner (the trick-winner drill), a first name by seat."""
    if own_names(spec):
        return seat_text(seat, spec.naming, get_language())
    if learner is None:
        return word(TRICK_NAMES[seat % len(TRICK_NAMES)])
    k = (seat - learner) % n_seats
    return word(YOU_NAME) if k == 0 else word(PLAYER_NAMES[k - 1])


def named_msg(spec: GameSpec, m: Msg, name: Callable[[int], str], sides: Any) -> Msg:
    """The engine's message ``m`` with its seats called as the drill calls
    them (``name``: "you", Ada … where the game's seats have no names of their
    own, Oh Hell), so a refusal names the same player as the position above
    it; unchanged where the seats have names (Spades)."""
    return m if own_names(spec) else with_names(m, name, sides)


def verdict_text(spec: GameSpec, v: Verdict, name: Callable[[int], str], sides: Any) -> str:
    """A verdict's sentence for a drill's feedback line: without its own
    citation of the rule (shown as the badge) and with the drill's names
    for the seats (:func:`named_msg`)."""
    return verdict_words(named_msg(spec, v.msg, name, sides), v.rule)


def you_label(spec: GameSpec, seat: int) -> str:
    """How the learner's own seat is listed: "You" where the seats have no
    names (Oh Hell), "South (you)" where they do (Spades)."""
    if own_names(spec):
        return say(YOU_AT, name=seat_name(spec, seat))
    return word(YOU)


def stats_html(streak: int, best: int, mistakes: Counter[str], done: int | None = None, hands: bool = False) -> str:
    """The streak line: streak, best streak and the mistakes tallied by rule
    id; with ``done``, the positions answered (or, ``hands``, the hands scored)."""
    if mistakes:
        tally = list_text(say(STATS_RULE, rule=r, count=n) for r, n in sorted(mistakes.items()))
    else:
        tally = word(STATS_NONE)
    if done is None:
        line = say_html(STATS, streak=streak, best=best, tally=tally)
    else:
        line = say_html(STATS_HANDS if hands else STATS_POSITIONS, streak=streak, best=best, tally=tally, done=done)
    return f'<div class="tt-stats" style="font-size:14px;margin:2px 0">{line}</div>'


def computer_player(seed: int | None, prefer_level: int = 2) -> tuple[Player, int]:
    """``make_player(prefer_level, seed)`` if that level exists, else level 1.
    Returns ``(player, level)``."""
    try:
        return make_player(prefer_level, seed), prefer_level
    except (ImportError, ValueError, KeyError):
        return make_player(1, seed), 1


def play_terms(view: Any) -> PlayTerms:
    """How the game of ``view`` (a :class:`~engine.views.SeatView`) plays a
    hand, from its declaration: trumps may not be led before they are broken
    (SP-13), a void seat must trump (OH-V6)."""
    return strategy_for(view).terms(view)


class KindCycle:
    """The order in which a drill serves its kinds of problem: shuffled
    cycles of ``kinds`` (each kind once a cycle, shuffled with ``rng``), and
    a kind the learner missed comes back after the next problem
    (:meth:`ask_again`)."""

    def __init__(self, kinds: Iterable[str], rng: random.Random):
        self.kinds = tuple(kinds)
        self.rng = rng
        self._queue: list[str] = []
        self._again: list[str] = []
        self._since_again = 0

    def ask_again(self, kind: str) -> None:
        """Serve ``kind`` once more, after the next problem."""
        if kind not in self._again:
            self._again.append(kind)
            self._since_again = 0

    def next(self) -> str:
        """The kind of the next problem."""
        if self._again and self._since_again >= 1:
            self._since_again = 0
            return self._again.pop(0)
        self._since_again += 1
        if not self._queue:
            cycle = list(self.kinds)
            self.rng.shuffle(cycle)
            self._queue = cycle
        return self._queue.pop(0)
