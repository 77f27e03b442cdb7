"""Small helpers shared by the drills: seat names, the streak line, computer players."""
from __future__ import annotations

import html
from collections import Counter

from engine.bots import make_player
from engine.registry import GameSpec, game_names, spec_named

from ..table_words import PLAYER_NAMES

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")

#: The games' names, for titles.
GAME_NAMES = {"spades": "Spades", "oh_hell": "Oh Hell"}

#: Names of the Oh Hell players, clockwise from the learner's seat (the
#: learner is "you"); the drills never call anyone "seat 3".
OH_HELL_NAMES = ("you", *PLAYER_NAMES)  # the same names as at the game table
#: Names of the players of a trick in the trick-winner drill (no learner at the table).
TRICK_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus")


def drill_spec(game: str, players: int | None = None) -> GameSpec:
    """The registry's spec of a drill's ``game`` (``"spades"`` or
    ``"oh_hell"``); ValueError for another name, or for ``players`` (when
    given) that the game is not played by (SP-1, OH-1)."""
    if game not in game_names():
        raise ValueError(f"game must be {' or '.join(repr(n) for n in game_names())}, not {game!r}")
    spec = spec_named(game)
    counts = spec.seat_counts
    if players is not None and (isinstance(players, bool) or players not in counts):
        text = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])
        raise ValueError(f"{spec.title} is for {text} players, not {players!r} ({spec.seats_rule})")
    return spec


def seat_name(game_kind: str, seat: int, learner: int | None = None, n_seats: int = 4) -> str:
    """A seat's name: Spades' compass names (SP-1); in Oh Hell "you" for the
    learner's seat, else a first name clockwise from the learner."""
    spec = spec_named(game_kind)
    if spec.partnerships:  # partners sit opposite: the compass names
        return spec.seat_names(n_seats)[seat]
    if learner is None:
        return TRICK_NAMES[seat % len(TRICK_NAMES)]
    return OH_HELL_NAMES[(seat - learner) % n_seats]


def you_label(name: str) -> str:
    """How the learner's own seat is listed: "You" in Oh Hell (the seat is
    called "you"), "South (you)" in Spades."""
    return "You" if name == "you" else f"{cap(name)} (you)"


def cap(text: str) -> str:
    """``text`` with its first letter upper-case."""
    return text[:1].upper() + text[1:]


def stats_html(streak: int, best: int, mistakes: Counter, extra: str = "") -> str:
    """The streak line: streak, best streak and the mistakes tallied by rule id."""
    if mistakes:
        tally = ", ".join(f"{html.escape(r)} ×{n}" for r, n in sorted(mistakes.items()))
    else:
        tally = "none"
    return (f'<div class="tt-stats" style="font-size:14px;margin:2px 0">'
            f'Streak <b>{streak}</b> · best <b>{best}</b> · mistakes by rule: {tally}{extra}</div>')


def computer_player(seed: int | None, prefer_level: int = 2):
    """``make_player(prefer_level, seed)`` if that level exists, else level 1.
    Returns ``(player, level)``."""
    try:
        return make_player(prefer_level, seed), prefer_level
    except (ImportError, ValueError, KeyError):
        return make_player(1, seed), 1


class KindCycle:
    """The order in which a drill serves its kinds of problem: shuffled
    cycles of ``kinds`` (each kind once a cycle, shuffled with ``rng``), and
    a kind the learner missed comes back after the next problem
    (:meth:`ask_again`)."""

    def __init__(self, kinds, rng):
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
