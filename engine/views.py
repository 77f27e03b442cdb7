"""What a game shows: score lines, completed hands and a seat's view.

:class:`ScoreLine` (one item of a hand's score, with its RULES.md id),
:class:`HandResult` (a completed hand) and :class:`SeatView` (everything
one seat may see).  Frozen values; :mod:`engine.game` re-exports them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Phase
from .cards import Card, Suit
from .message import Msg, render
from .options import GameRules
from .spec import GameSpec
from .tricks import Trick

__all__ = ["ScoreLine", "HandResult", "SeatView"]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One item of a hand's score: ``who`` is the partnership (Spades: 0 = NS,
    1 = EW) or the seat (Oh Hell); ``points`` may be negative; ``rule`` the
    RULES.md id.  ``seat`` names the bidder for Nil lines in Spades; ``bags``
    is how many bags the line adds to the counter (SP-17, SP-19).  ``item``
    is the line's name in English, as hand records write it ("contract
    made"); ``msg`` the same as a :class:`~engine.message.Msg`, for a
    person in their language (:mod:`engine.text`)."""

    who: int
    item: str
    points: int
    rule: str
    seat: int | None = None
    bags: int = 0
    msg: Msg | None = field(default=None, compare=False, repr=False)

    @property
    def message(self) -> str:
        """The line's words in the current language (:func:`engine.text.set_language`):
        "contract made" in English, "qandaraaska waa la gaaray" in Somali; its
        ``item`` for a line made without a message."""
        return render(self.msg) if self.msg is not None else self.item

    def to_json(self, key: str) -> dict[str, Any]:
        d = {key: self.who, "item": self.item, "points": self.points, "rule": self.rule}
        if self.seat is not None and key != "seat":
            d["seat"] = self.seat
        return d


@dataclass(frozen=True, slots=True)
class HandResult:
    """A completed hand: number (1…), dealer, trump (Suit or None), turn_up,
    hand_size, bids (per seat, as written in records: int, "nil",
    "blind_nil"), tricks (tuple of Trick), tricks_won per seat, score_lines,
    points (Spades per partnership, Oh Hell per seat), scores_after and
    bags_after (Spades only; else None)."""

    number: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    hand_size: int
    bids: tuple[Any, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    score_lines: tuple[ScoreLine, ...]
    points: tuple[int, ...]
    scores_after: tuple[int, ...]
    bags_after: tuple[int, ...] | None = None


@dataclass(frozen=True)
class SeatView:
    """What one seat may see (a computer player or a widget gets only this).

    ``hand``: the seat's own cards (tuple of Card, sorted), or None if it has
    not looked yet (Spades Blind Nil).  ``bids``: per seat, the bid as in
    records (int, "nil", "blind_nil") or None if not made *or not yet visible*
    (Oh Hell sealed bids, OH-V5).  ``current_trick``: the trick in progress;
    ``tricks``: completed tricks of this hand; ``scores``: Spades per
    partnership [NS, EW], Oh Hell per seat.  ``legal``: this seat's legal
    actions now (empty when it is not to act).  ``rules``: the game's typed
    rules.  ``spec``: the game's :class:`~engine.spec.GameSpec` (seat names,
    sides, Nil and Blind Nil, fixed trump …): ask it rather than comparing
    ``game`` with a name.
    """

    game: str
    seat: int
    n_seats: int
    phase: Phase
    hand_number: int
    hand_size: int
    dealer: int
    to_act: tuple[int, ...]
    hand: tuple[Card, ...] | None
    looked: bool
    bids: tuple[Any, ...]
    trump: Suit | None
    turn_up: Card | None
    broken: bool
    current_trick: Trick | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    bags: tuple[int, ...] | None
    legal: tuple[Action, ...]
    passed: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    exchange_seats: tuple[int, ...] = ()
    exchange_pending: tuple[int, ...] = ()
    last_trick: Trick | None = None
    results: tuple[HandResult, ...] = field(default=())
    rules: GameRules = field(kw_only=True)
    spec: GameSpec = field(kw_only=True, repr=False, compare=False)

    @property
    def my_turn(self) -> bool:
        return self.seat in self.to_act

    def played_cards(self) -> list[Card]:
        """Every card seen played this hand (completed tricks, then the current one)."""
        out = [c for t in self.tricks for c in t.cards]
        if self.current_trick:
            out.extend(self.current_trick.cards)
        return out

    def shown_void(self) -> dict[int, set[Suit]]:
        """Suits each seat has shown void in this hand (it failed to follow)."""
        voids: dict[int, set[Suit]] = {s: set() for s in range(self.n_seats)}
        tricks = list(self.tricks) + ([self.current_trick] if self.current_trick else [])
        for t in tricks:
            if not t.cards:
                continue
            led = t.cards[0].suit
            for s, c in zip(t.seats, t.cards):
                if c.suit != led:
                    voids[s].add(led)
        return voids
