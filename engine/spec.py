"""What a game declares: :class:`GameSpec` and its :class:`RecordCodec`.

Every game module in :mod:`engine.games` ends in one ``SPEC`` (a frozen
:class:`GameSpec`, or one per seat layout): its name in hand records, the
seat counts it is played with, how its seats are named and which seats
score together, its bid range, phases and rule ids, its game and typed
rules classes, its scorer, and the pieces of the hand-record format that
differ between games.  :mod:`engine.registry` lists the specs; the record
codec, the simulation, the computer players and the tutor ask a spec
instead of comparing a game's name.

This module declares the types only; it knows no game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .actions import Bid, Phase
from .cards import Card, Suit
from .message import Msg, Text, render
from .options import GameRules

__all__ = ["RecordCodec", "GameSpec"]


def _no_start_problem(scores: Any, rules: Any) -> Msg | None:
    return None


def _no_hand_limit(rules: Any) -> int | None:
    return None


@dataclass(frozen=True)
class RecordCodec:
    """How a game's hand records differ (HAND_RECORD.md).

    ``seat_letters``: the letter of each seat accepted for it in a record
    (Spades ``("N", "E", "S", "W")``; ``()`` none).  ``bid_words``: bid
    texts accepted in a record, as ``(word, value, blind)``, and written back
    for such bids (Spades ``("nil", 0, False)``; every game reads
    ``"blind_nil"`` so that the rules, not the parser, refuse it where it
    does not exist).  ``score_key``: the key of a score line's ``who`` in the
    output (``"side"`` per partnership, ``"seat"`` per seat).
    ``scores_note``: how the start scores are listed, for messages
    (``" [NS, EW]"``).  ``has_bags``: ``start.bags`` and ``bags_after``
    exist.  ``turn_up``: each hand gives ``"turn_up"`` (a card or null; Oh
    Hell), else a turn-up is refused with ``no_turn_up``;
    ``turn_up_missing``: the message when a hand leaves it out.
    ``turn_up_issue(rules, index, card)``: why that turn-up is wrong for
    hand ``index`` (0-based), or None (:meth:`turn_up_problem`: as a
    sentence).  ``hand_size(rules, index)``: cards dealt to each seat in hand
    ``index``.  ``hand_count(rules)``: the most hands a game has (None:
    played to a target), cited as ``hand_count_rule``.
    ``start_problem(scores, rules)``: why start scores cannot begin a game
    (Spades: one side already won, SP-22), or None.
    """

    hand_size: Callable[[Any, int], int]
    seat_letters: tuple[str, ...] = ()
    bid_words: tuple[tuple[str, int, bool], ...] = (("blind_nil", 0, True),)
    score_key: str = "seat"
    scores_note: Text | None = None
    has_bags: bool = False
    turn_up: bool = False
    no_turn_up: Msg | None = None
    turn_up_missing: Msg | None = None
    turn_up_issue: Callable[[Any, int, "Card | None"], "Msg | None"] | None = None
    hand_count: Callable[[Any], "int | None"] = _no_hand_limit
    hand_count_rule: str = ""
    start_problem: Callable[[Any, Any], "Msg | None"] = _no_start_problem
    #: What the engine plays after a record's ``deal_number`` deal, before the
    #: record's actions (two-player Spades: its standard draw, SP-2P-2), or None.
    after_number_deal: Callable[[Any], None] | None = None
    #: How one hand of a game's history is written: ``(deal, actions,
    #: dealer) -> {"deal" or "deal_number", ...}`` and the actions to write,
    #: or None to leave the hand out (two-player Spades: the draw is not
    #: recorded); None: the deal's hands and every action.
    hand_out: Callable[[Any, list[Any], int], "tuple[dict[str, Any], list[Any]] | None"] | None = None

    def turn_up_problem(self, rules: Any, index: int, card: Card | None) -> str | None:
        """Why ``card`` is the wrong turn-up for hand ``index`` (a sentence
        in the current language), or None."""
        issue = self.turn_up_issue(rules, index, card) if self.turn_up_issue else None
        return None if issue is None else render(issue)

    def seat_from_letter(self, text: str) -> int | None:
        """The seat a letter names (either case), or None."""
        up = text.upper()
        return self.seat_letters.index(up) if up in self.seat_letters else None

    def bid_in(self, seat: int, value: Any) -> Bid:
        """A record's bid (``4``, ``"nil"``, ``"blind_nil"``, or anything
        else, kept as given for the rules to judge) as a :class:`Bid`."""
        if isinstance(value, str):
            for word, v, blind in self.bid_words:
                if value.lower() == word:
                    return Bid(seat, v, blind)
        return Bid(seat, value)

    def bid_out(self, bid: Bid) -> Any:
        """A :class:`Bid` as written in a record: its word if it has one
        (Spades ``"nil"``, ``"blind_nil"``), else its value."""
        v = bid.value
        for word, value, blind in self.bid_words:
            if blind and bid.blind:
                return word
            if not blind and not bid.blind and isinstance(v, int) and not isinstance(v, bool) and v == value:
                return word
        return v


@dataclass(frozen=True)
class GameSpec:
    """One game (or one seat layout of it), declared for the whole engine.

    ``name``: as in hand records (``"spades"``); ``title``: for people
    (``"Spades"``, a catalogue entry).  ``seat_counts``: the seat counts
    this spec covers; ``seats_rule``: the rule id that says so;
    ``default_seat_count``: the count a record without ``seats`` means (or
    None: ``seats`` required).  ``naming``: how seats are named in messages
    (``"compass"``: North, East, South, West; ``"players"``: Player 1,
    Player 2; ``"numbered"``: seat 0 …), see :meth:`seat_names`.
    ``sides(n)``: for ``n`` seats, the seats scored together (one tuple per
    entry of ``scores``).  What a seat may see is ``game_class.view(seat)``
    (a :class:`~engine.views.SeatView`: its own hand, public bids and
    tricks; Oh Hell's sealed bids hidden, OH-V5), whose ``spec`` is this
    spec.  ``max_bid``: the highest bid (None: the hand size).
    ``game_class``, ``rules_class`` (a :class:`~engine.options.GameRules`
    whose ``OPTIONS`` declare every option); ``rules_from_json(obj,
    seats)`` reads a record's ``rules`` (InvalidInputError); a rules
    object's ``to_json()`` writes it.  ``phases``: the phases a game passes
    through.  ``rule_ids``: the RULES.md ids it implements.  ``fixed_trump``: the trump suit of every hand
    (Spades), None when a card is turned up.  ``scorer``: the function that
    scores one hand of one side or seat
    (:func:`~engine.games.spades.score_spades_side`,
    :func:`~engine.games.oh_hell.score_oh_hell_seat`).  ``winner_rule``: the rule that says who wins
    a trick (SP-16, OH-10).  ``codec``: the record format's differences.
    """

    name: str
    title: Text
    seat_counts: tuple[int, ...]
    seats_rule: str
    naming: str
    sides: Callable[[int], tuple[tuple[int, ...], ...]]
    game_class: type
    rules_class: type[GameRules]
    rules_from_json: Callable[[Any, int], Any]
    phases: tuple[Phase, ...]
    rule_ids: tuple[str, ...]
    scorer: Callable[..., Any]
    codec: RecordCodec
    max_bid: int | None = None
    fixed_trump: Suit | None = None
    default_seat_count: int | None = None
    winner_rule: str = ""

    def seat_name(self, seat: int) -> str:
        """The name of ``seat`` in the current language (North, Player 1, seat 0 …)."""
        return render(Msg("seat.name", {"seat": seat, "naming": self.naming}))

    def seat_names(self, n: int) -> tuple[str, ...]:
        """The names of ``n`` seats in seat order, in the current language
        (Spades: North, East, South, West; two players: Player 1, Player 2;
        Oh Hell: seat 0 …)."""
        return tuple(render(Msg("seat.name", {"seat": s, "naming": self.naming})) for s in range(n))

    def side_names(self, n: int) -> tuple[str, ...]:
        """The names of the scores' entries for ``n`` seats (Spades:
        North–South, East–West; else the seats' names), in the current language."""
        return tuple(render(Msg("side.name", {"side": k, "naming": self.naming})) for k in range(len(self.sides(n))))

    @property
    def partnerships(self) -> bool:
        """Whether partners score together (a side of more than one seat)."""
        n = self.seat_counts[0]
        return any(len(side) > 1 for side in self.sides(n))

    @property
    def options(self) -> tuple[Any, ...]:
        """The options of this game's rules (``rules_class.OPTIONS``: each an
        :class:`~engine.options.Option` with its record name, type, range,
        default, rule id, label and help)."""
        return self.rules_class.OPTIONS

    def n_sides(self, seats: int) -> int:
        """How many scores a game of ``seats`` seats keeps."""
        return len(self.sides(seats))

    def partner_of(self, seat: int, seats: int) -> int | None:
        """The partner of ``seat`` (SP-1), or None when each plays alone."""
        for side in self.sides(seats):
            if seat in side and len(side) == 2:
                return side[1] if side[0] == seat else side[0]
        return None

    def bid_range(self, hand_size: int) -> tuple[int, int]:
        """(lowest, highest) bid with ``hand_size`` cards each (SP-6, OH-8)."""
        return 0, hand_size if self.max_bid is None else self.max_bid

    def new_game(self, rules: Any = None, *, dealer: int = 0, scores: Any = None, bags: Any = None,
                 **options: Any) -> Any:
        """A new game of this spec (an instance of ``game_class``, a
        :class:`~engine.game.TrickGame`; ``options``: ``first_deal``,
        ``rng``, ``auto_deal``); ``bags`` only where the game keeps bags.
        Raises InvalidInputError as the game class does."""
        kw: dict[str, Any] = dict(options, dealer=dealer)
        if scores is not None:
            kw["scores"] = scores
        if bags is not None and self.codec.has_bags:
            kw["bags"] = bags
        return self.game_class(rules, **kw)

    def rules_to_json(self, rules: Any) -> dict[str, Any]:
        """A rules object as a hand record's ``rules`` (defaults omitted)."""
        out: dict[str, Any] = rules.to_json()
        return out
