"""DDS (the bridge double-dummy solver, through the optional ``endplay``
package) as an accelerator for four-seat Spades positions.

DDS plays bridge with spades as trump: it knows follow suit (SP-14) and the
trick winner (SP-16), not SP-13 (no spade lead before spades are broken).
This module therefore offers the engine's legal cards only (the root of each
question obeys SP-13); the lines DDS assumes *after* that card may include a
spade lead that SP-13 forbids.  ``benchmarks/solver.py`` measures how often
that changes an answer against :mod:`engine.solver`, which enforces every
rule.

The engine works without ``endplay``: :data:`AVAILABLE` is then False,
:data:`UNAVAILABLE_REASON` says why, and the functions raise
:class:`DDSUnavailableError`.
"""
from __future__ import annotations

from typing import Any, Iterable

from .message import Msg, Said
from .solver import Position, side_seats, tricks_left

__all__ = ["AVAILABLE", "UNAVAILABLE_REASON", "available", "DDSUnavailableError", "dds_card_values",
           "dds_best_tricks", "to_pbn"]

import importlib.util
import sys

# endplay imports numpy and matplotlib (about 0.8 s): only look for it here,
# import it on first use (:func:`_load`).
try:
    AVAILABLE = importlib.util.find_spec("endplay") is not None
except (ImportError, ValueError):  # a broken installation
    AVAILABLE = False
#: Why DDS cannot be used ("" when it can): a :class:`~engine.message.Said` (its ``msg`` is
#: ``dds.in_browser``, ``dds.not_installed`` or ``dds.not_importable`` of :mod:`engine.text.advice`),
#: shown in the hand review's notes.
UNAVAILABLE_REASON: str = "" if AVAILABLE else Said(
    Msg("dds.in_browser") if sys.platform == "emscripten" else Msg("dds.not_installed"))
#: endplay's (solve_board, Deal, Denom, Player, SolveMode) once imported (untyped library: Any).
_EP: tuple[Any, ...] | None = None


def available() -> bool:
    """Whether DDS can be used here (imports endplay if that has not happened yet)."""
    try:
        _load()
    except DDSUnavailableError:
        return False
    return True


def _load() -> tuple[Any, ...]:
    """Import endplay once; on failure mark DDS unavailable and raise DDSUnavailableError."""
    global _EP, AVAILABLE, UNAVAILABLE_REASON
    if not AVAILABLE:
        raise DDSUnavailableError(UNAVAILABLE_REASON)
    if _EP is None:
        try:
            # late: the optional native DDS library, loaded on the first solve (the engine works without it)
            from endplay.dds import solve_board  # noqa: PLC0415
            from endplay.dds.solve import SolveMode  # noqa: PLC0415
            from endplay.types import Deal, Denom, Player  # noqa: PLC0415
        except Exception as e:  # noqa: BLE001 - ImportError, or a broken native library
            AVAILABLE = False
            UNAVAILABLE_REASON = Said(Msg("dds.not_importable", {"error": type(e).__name__}))
            raise DDSUnavailableError(UNAVAILABLE_REASON) from None
        _EP = (solve_board, Deal, Denom, Player, SolveMode)
    return _EP


_RANKS = "23456789TJQKA"


class DDSUnavailableError(RuntimeError):
    """endplay (DDS) is not installed or cannot be loaded."""


def _hand_pbn(mask: int) -> str:
    parts = []
    for suit in (3, 2, 1, 0):  # PBN order: spades, hearts, diamonds, clubs
        bits = (mask >> (suit * 13)) & 8191
        parts.append("".join(_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1))
    return ".".join(parts)


def to_pbn(hands: Iterable[int]) -> str:
    """PBN deal text ``"N:S.H.D.C E... S... W..."`` for four hand masks (seat 0 = North)."""
    return "N:" + " ".join(_hand_pbn(h) for h in hands)


def _code(card: Any) -> int:
    """endplay Card -> engine card index."""
    suit = 3 - int(card.suit)  # endplay: spades 0, hearts 1, diamonds 2, clubs 3
    rank = int(card.rank).bit_length() - 3  # R2 = 1 << 2
    return suit * 13 + rank


def _ep_card(index: int) -> str:
    return "CDHS"[index // 13] + _RANKS[index % 13]


def _board(pos: Position, seats: Iterable[int] | None) -> tuple[Any, frozenset[int], frozenset[int], int]:
    """(endplay Deal at ``pos``, the mover's side, the side asked about,
    tricks left) for the DDS functions; errors as :func:`dds_card_values`."""
    if not AVAILABLE:
        raise DDSUnavailableError(UNAVAILABLE_REASON)
    _, _Deal, _Denom, _Player, _ = _load()
    if pos.n != 4 or pos.trump != 3:
        raise ValueError("DDS solves four-seat positions with spades as trump only")  # a programming error
    n = 4
    full = list(pos.hands)
    for i, c in enumerate(pos.current):
        full[(pos.leader + i) % n] |= 1 << c
    deal = _Deal(to_pbn(full))
    deal.trump = _Denom.spades
    deal.first = _Player(pos.leader)
    for c in pos.current:
        deal.play(_ep_card(c))
    mine = side_seats(pos.to_play, n, True)
    want = mine if seats is None else frozenset(seats)
    if want not in (frozenset({0, 2}), frozenset({1, 3})):
        raise ValueError("DDS counts tricks for a partnership: seats must be {0, 2} or {1, 3}")  # a programming error
    return deal, mine, want, tricks_left(pos)


def dds_card_values(pos: Position, seats: Iterable[int] | None = None) -> dict[int, int]:
    """DDS's value of every legal card (engine rules, SP-13 included, at
    this position) of the player to play: tricks ``seats`` (default: the
    side of the player to play) take from here on, the trick in progress
    included.  Four-seat Spades positions only (ValueError otherwise);
    :class:`DDSUnavailableError` without endplay."""
    deal, mine, want, total = _board(pos, seats)
    _solve_board = _load()[0]
    raw = {_code(card): int(v) for card, v in _solve_board(deal)}
    legal = pos.legal_mask()
    out = {}
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if c not in raw:  # DDS leaves out nothing legal in bridge terms; be safe anyway
            raise RuntimeError(f"DDS gave no value for legal card index {c}")
        v = raw[c]
        out[c] = v if want == mine else total - v
    return out


def dds_best_tricks(pos: Position, seats: Iterable[int] | None = None) -> int:
    """Tricks ``seats`` (default: the mover's side) take from ``pos`` when
    everyone plays their best: the best of :func:`dds_card_values` for the
    player to play (its side's most tricks), in about half the time.  DDS is
    asked for one best card; only if that card is one the engine forbids (a
    spade lead before spades are broken, SP-13) is every card solved.
    Errors as :func:`dds_card_values`."""
    deal, mine, want, total = _board(pos, seats)
    _solve_board, *_, _mode = _load()
    card, v = next(iter(_solve_board(deal, _mode.OptimalOne)))
    if pos.legal_mask() >> _code(card) & 1:
        top = int(v)
    else:
        top = max(dds_card_values(pos, mine).values())
    return top if want == mine else total - top
