"""The game registry: the list of every game's declaration.

Each game module in :mod:`engine.games` ends in its ``SPEC`` (a frozen
:class:`~engine.spec.GameSpec`: its name in hand records, seat counts, how
seats are named and who scores together, the bid range, phases and rule
ids, its game and typed rules classes, its scorer and record codec).  This
module lists them, explicitly, in :data:`SPECS`, and looks them up;
``engine.record``, ``engine.review``, the computer players and the tutor ask
the spec (or a property a game or :class:`~engine.views.SeatView` takes
from it) instead of comparing the game's name.  Nothing a game module
imports imports this module.

>>> spec_for("spades", 4).title, spec_for("spades", 4).sides(4)
('Spades', ((0, 2), (1, 3)))
>>> spec = spec_for("oh_hell", 5)
>>> spec.seat_names(5)[:2], spec.partnerships, spec.codec.score_key
(('seat 0', 'seat 1'), False, 'seat')
>>> spec_for("spades", 3)
Traceback (most recent call last):
...
engine.errors.InvalidInputError: Spades is for 2 or 4 seats, not 3 (SP-1, SP-2P-1)

How a game is added
-------------------
1. Write its module in :mod:`engine.games`: its typed rules (a
   :class:`~engine.options.GameRules` dataclass whose ``OPTIONS`` declare
   each option once), its game class (filling in the abstract methods of
   :class:`~engine.game.TrickGame`), and its ``SPEC`` at the end.
2. Add the spec to :data:`SPECS` below.  A second seat layout of an
   existing game is a second spec with the same ``name`` and other
   ``seat_counts`` (two-player Spades, :mod:`engine.games.spades_two`).
3. Fill in its :class:`~engine.spec.RecordCodec` where the record format
   differs (HAND_RECORD.md): seat letters, bid words, per-side or per-seat
   score keys, bags, turn-up card, hand sizes.  ``engine.record`` reads and
   writes records only through it.

Look-ups: :func:`spec_for` (name, seats), :func:`spec_of` (a game, a
:class:`~engine.views.SeatView` or a :class:`GameSpec`), :func:`game_names`,
:func:`default_seats`, :func:`seats_problem`, :func:`specs`.  :func:`register`
adds a spec at run time (refusing a (name, seats) pair already taken).
"""
from __future__ import annotations

from typing import Any

from .errors import InvalidInputError
from .games.oh_hell import OH_HELL_RULE_IDS
from .games.oh_hell import SPEC as OH_HELL
from .games.spades import SPADES_RULE_IDS
from .games.spades import SPEC as SPADES
from .games.spades_two import SPEC as SPADES_TWO
from .message import Msg, msg, render
from .spec import GameSpec, RecordCodec

__all__ = ["RecordCodec", "GameSpec", "register", "spec_for", "spec_of", "specs", "game_names",
           "default_seats", "seats_problem", "seats_issue", "spec_named", "SPECS", "SPADES", "SPADES_TWO", "OH_HELL",
           "SPADES_RULE_IDS", "OH_HELL_RULE_IDS"]

#: Every game the engine plays, in this order (record names: "spades", "oh_hell").
SPECS: tuple[GameSpec, ...] = (SPADES, SPADES_TWO, OH_HELL)
_SPECS: list[GameSpec] = list(SPECS)


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry at run time.  Raises InvalidInputError
    (a ValueError) if one of its (name, seats) pairs is already registered."""
    for other in _SPECS:
        if other.name == spec.name and set(other.seat_counts) & set(spec.seat_counts):
            raise InvalidInputError(msg("REGISTRY_TAKEN", value=spec.name,
                                        counts=", ".join(map(str, sorted(set(other.seat_counts)
                                                                           & set(spec.seat_counts))))))
    _SPECS.append(spec)
    return spec


def specs() -> tuple[GameSpec, ...]:
    """Every registered spec, in registration order."""
    return tuple(_SPECS)


def game_names() -> tuple[str, ...]:
    """The game names of hand records, in registration order (``("spades", "oh_hell")``)."""
    out: list[str] = []
    for s in _SPECS:
        if s.name not in out:
            out.append(s.name)
    return tuple(out)


def _family(name: str) -> list[GameSpec]:
    return [s for s in _SPECS if s.name == name]


def default_seats(name: str) -> int | None:
    """The seat count a record of game ``name`` without ``seats`` means, or None."""
    return next((s.default_seat_count for s in _family(name) if s.default_seat_count is not None), None)


def seats_issue(name: str, seats: Any) -> Msg | None:
    """Why game ``name`` cannot be played by ``seats`` seats (a message
    citing the rule), or None when it can."""
    fam = _family(name)
    if not fam:
        return msg("NO_SUCH_GAME", value=name, known=", ".join(f'"{n}"' for n in game_names()))
    counts = sorted({c for s in fam for c in s.seat_counts})
    if isinstance(seats, int) and not isinstance(seats, bool) and seats in counts:
        return None
    rules = ", ".join(dict.fromkeys(s.seats_rule for s in fam))
    ranged = len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1))
    write = len(counts) == 1 and fam[0].default_seat_count is not None
    return msg("SEATS" + (".range" if ranged else "") + (".write" if write else ""), game=fam[0].title, value=seats,
               counts=" or ".join(str(c) for c in counts), low=counts[0], high=counts[-1], rules=rules)


def seats_problem(name: str, seats: Any) -> str | None:
    """:func:`seats_issue` as a sentence in the current language."""
    issue = seats_issue(name, seats)
    return None if issue is None else render(issue)


def spec_for(name: str, seats: int) -> GameSpec:
    """The spec of game ``name`` (as in hand records) for ``seats`` seats.
    Raises InvalidInputError naming the allowed seat counts (SP-1, OH-1)."""
    problem = seats_issue(name, seats)
    if problem is not None:
        raise InvalidInputError(problem)
    return next(s for s in _family(name) if seats in s.seat_counts)


def spec_named(name: str) -> GameSpec:
    """The first spec registered under ``name`` (for what every seat count
    of a game shares, such as its bid words).  InvalidInputError if none."""
    fam = _family(name)
    if not fam:
        problem = seats_issue(name, None)
        assert problem is not None
        raise InvalidInputError(problem)
    return fam[0]


def spec_of(thing: Any) -> GameSpec:
    """The spec of a game, a :class:`~engine.views.SeatView` (each has
    ``spec``) or a spec itself."""
    if isinstance(thing, GameSpec):
        return thing
    spec = thing.spec
    assert isinstance(spec, GameSpec)
    return spec
