"""The game registry: what each game is, declared once.

Every game the engine plays is described by one frozen :class:`GameSpec`:
its name as written in hand records, the seat counts it is played with,
seat names and sides (who scores together), the bid range, its phases and
the RULES.md ids it implements, the game and rules classes (and how rules
are read from and written to a record), its scorer, and the pieces of the
hand-record codec that differ between games (:class:`RecordCodec`).
``engine.record``, ``engine.review``, the computer players and the tutor ask
the spec (or a property a game or :class:`~engine.game.SeatView` takes from
it) instead of comparing the game's name:

>>> spec_for("spades", 4).title, spec_for("spades", 4).sides(4)
('Spades', ((0, 2), (1, 3)))
>>> spec = spec_for("oh_hell", 5)
>>> spec.seat_names(5)[:2], spec.partnerships, spec.codec.score_key
(('seat 0', 'seat 1'), False, 'seat')
>>> spec_for("spades", 3)
Traceback (most recent call last):
...
engine.errors.InvalidInputError: Spades is for 2 or 4 seats, not 3 (SP-1, SP-2P-1)

How a game registers
--------------------
1. Write the game class (a :class:`~engine.game.TrickGame` subclass with
   ``GAME`` = the record name and ``n_seats``) and its rules class (with
   ``to_json()``; reading is the spec's ``rules_from_json``).
2. Build one :class:`GameSpec` for the (name, seat counts) it covers and
   call :func:`register` with it at the end of this module (the registry
   imports the game modules; the game modules never import the registry at
   import time, so there is no import cycle).  A second seat layout of an
   existing game is a second spec with the same ``name`` and other
   ``seat_counts``; :func:`register` refuses a (name, seats) pair that is
   already taken.
3. Fill in the :class:`RecordCodec` where the record format differs
   (HAND_RECORD.md): seat letters, bid words, per-side or per-seat score
   keys, bags, turn-up card, hand sizes.  ``engine.record`` reads and
   writes records only through it.

Two-player Spades (SP-2P) is a second layout (registered below as
:data:`SPADES_TWO`): the same record name ``"spades"``, ``seats: 2``, and
only the differences declared, in outline::

    register(GameSpec(
        name="spades", title="Spades for two", seat_counts=(2,), seats_rule="SP-2P-1",
        seat_names=lambda n: ("Player 1", "Player 2"),
        sides=lambda n: ((0,), (1,)),                 # each for themselves: scores, bags per player
        game_class=SpadesTwoGame, rules_class=SpadesRules,
        rules_from_json=_spades_rules_from_json,
        phases=(Phase.DEAL, Phase.DRAW, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER),
        rule_ids=SPADES_RULE_IDS + _ids("SP-2P-", 6),
        max_bid=13, nil_bids=True, blind_nil=False, fixed_trump=Suit.SPADES,
        scorer=score_spades_side,
        codec=RecordCodec(seat_letters=(), bid_words=(("nil", 0, False),), score_key="seat",
                          scores_note=" [player 0, player 1]", has_bags=True,
                          hand_size=lambda rules, index: 13,
                          start_problem=_spades_start_problem)))

A deal for two seats (``Deal(hands=(h0, h1))``, or one carrying a ``pack``
to draw from) is the game class's business: the record codec hands it the
per-seat lists of the record's ``deal`` (13 kept cards each) or a deal
number, and the game validates it (``TrickGame.deal``).  ``winners`` comes
from the game (one seat there, two partners in four-seat Spades).

Look-ups: :func:`spec_for` (name, seats), :func:`spec_of` (a game, a
:class:`~engine.game.SeatView` or a :class:`GameSpec`), :func:`game_names`,
:func:`default_seats`, :func:`seats_problem`, :func:`specs`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .actions import Bid, Deal, Draw, Phase
from .cards import Card, Suit
from .errors import InvalidInputError, quote
from .ohhell import OhHellGame, OhHellRules, _no_trump_reason, score_oh_hell_seat
from .spades import SEAT_NAMES, SpadesGame, SpadesRules, score_spades_side, start_scores_problem
from .spades_two import (PLAYER_NAMES, SpadesTwoGame, draw_outcome, standard_draw, start_scores_problem_two,
                         two_player_rules_problem)

__all__ = ["RecordCodec", "GameSpec", "register", "spec_for", "spec_of", "specs", "game_names",
           "default_seats", "seats_problem", "spec_named", "SPADES", "SPADES_TWO", "OH_HELL", "SPADES_RULE_IDS", "OH_HELL_RULE_IDS"]


def _no_start_problem(scores: Any, rules: Any) -> str | None:
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
    Hell), else a turn-up is refused with ``no_turn_up``.
    ``turn_up_problem(rules, index, card)``: why that turn-up is wrong for
    hand ``index`` (0-based), or None.  ``hand_size(rules, index)``: cards
    dealt to each seat in hand ``index``.  ``hand_count(rules)``: the most
    hands a game has (None: played to a target), cited as
    ``hand_count_rule``.  ``start_problem(scores, rules)``: why start scores
    cannot begin a game (Spades: one side already won, SP-22), or None.
    """

    hand_size: Callable[[Any, int], int]
    seat_letters: tuple[str, ...] = ()
    bid_words: tuple[tuple[str, int, bool], ...] = (("blind_nil", 0, True),)
    score_key: str = "seat"
    scores_note: str = ", one per seat"
    has_bags: bool = False
    turn_up: bool = False
    no_turn_up: str = ""
    turn_up_missing: str = ""
    turn_up_problem: Callable[[Any, int, "Card | None"], "str | None"] | None = None
    hand_count: Callable[[Any], "int | None"] = _no_hand_limit
    hand_count_rule: str = ""
    start_problem: Callable[[Any, Any], "str | None"] = _no_start_problem
    #: What the engine plays after a record's ``deal_number`` deal, before the
    #: record's actions (two-player Spades: its standard draw, SP-2P-2), or None.
    after_number_deal: Callable[[Any], None] | None = None
    #: How one hand of a game's history is written: ``(deal, actions,
    #: dealer) -> {"deal" or "deal_number", ...}`` and the actions to write,
    #: or None to leave the hand out (two-player Spades: the draw is not
    #: recorded); None: the deal's hands and every action.
    hand_out: Callable[[Any, list, int], "tuple[dict, list] | None"] | None = None

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
    (``"Spades"``).  ``seat_counts``: the seat counts this spec covers;
    ``seats_rule``: the rule id that says so; ``default_seat_count``: the
    count a record without ``seats`` means (or None: ``seats`` required).
    ``seat_names(n)`` and ``sides(n)``: for ``n`` seats, each seat's name
    and the seats scored together (one tuple per entry of ``scores``).
    ``max_bid``: the highest bid (None: the hand size).  ``game_class``,
    ``rules_class``; ``rules_from_json(obj, seats)`` reads a record's
    ``rules`` (InvalidInputError); a rules object's ``to_json()`` writes
    it.  ``phases``: the phases a game passes through.  ``rule_ids``: the
    RULES.md ids it implements.  ``nil_bids``: a bid of 0 is a Nil contract
    scored on its own (SP-8); ``blind_nil``: Blind Nil exists (SP-10);
    ``fixed_trump``: the trump suit of every hand (Spades), None when a card
    is turned up.  ``scorer``: the function that scores one hand of one
    side or seat (:func:`~engine.spades.score_spades_side`,
    :func:`~engine.ohhell.score_oh_hell_seat`); ``score_per``: ``"side"``
    or ``"seat"``.  ``codec``: the record format's differences.
    """

    name: str
    title: str
    seat_counts: tuple[int, ...]
    seats_rule: str
    seat_names: Callable[[int], tuple[str, ...]]
    sides: Callable[[int], tuple[tuple[int, ...], ...]]
    game_class: type
    rules_class: type
    rules_from_json: Callable[[Any, int], Any]
    phases: tuple[Phase, ...]
    rule_ids: tuple[str, ...]
    scorer: Callable[..., Any]
    codec: RecordCodec
    score_per: str = "seat"
    max_bid: int | None = None
    nil_bids: bool = False
    blind_nil: bool = False
    fixed_trump: Suit | None = None
    default_seat_count: int | None = None

    @property
    def partnerships(self) -> bool:
        """Whether partners score together (a side of more than one seat)."""
        n = self.seat_counts[0]
        return any(len(side) > 1 for side in self.sides(n))

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
                 **options: Any):
        """A new game of this spec (``options``: ``first_deal``, ``rng``,
        ``auto_deal``); ``bags`` only where the game keeps bags.  Raises
        InvalidInputError as the game class does."""
        kw: dict[str, Any] = dict(options, dealer=dealer)
        if scores is not None:
            kw["scores"] = scores
        if bags is not None and self.codec.has_bags:
            kw["bags"] = bags
        return self.game_class(rules, **kw)

    def rules_to_json(self, rules: Any) -> dict:
        """A rules object as a hand record's ``rules`` (defaults omitted)."""
        return rules.to_json()


_SPECS: list[GameSpec] = []


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (see the module docstring).  Raises
    ValueError if one of its (name, seats) pairs is already registered."""
    for other in _SPECS:
        if other.name == spec.name and set(other.seat_counts) & set(spec.seat_counts):
            raise ValueError(f"{spec.name!r} for {sorted(set(other.seat_counts) & set(spec.seat_counts))} "
                             f"seats is already registered")
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


def _counts_text(counts: list[int]) -> str:
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(str(c) for c in counts)


def seats_problem(name: str, seats: Any) -> str | None:
    """Why game ``name`` cannot be played by ``seats`` seats (a plain
    sentence citing the rule), or None when it can."""
    fam = _family(name)
    if not fam:
        known = " or ".join(f'"{n}"' for n in game_names())
        return f"no game called {quote(name)} (known: {known})"
    counts = sorted({c for s in fam for c in s.seat_counts})
    if isinstance(seats, int) and not isinstance(seats, bool) and seats in counts:
        return None
    rules = ", ".join(dict.fromkeys(s.seats_rule for s in fam))
    text = f"{fam[0].title} is for {_counts_text(counts)} seats, not {quote(seats)} ({rules})"
    if len(counts) == 1 and fam[0].default_seat_count is not None:
        text += f": write the whole number {counts[0]}"
    return text


def spec_for(name: str, seats: int) -> GameSpec:
    """The spec of game ``name`` (as in hand records) for ``seats`` seats.
    Raises InvalidInputError naming the allowed seat counts (SP-1, OH-1)."""
    problem = seats_problem(name, seats)
    if problem:
        raise InvalidInputError(problem)
    return next(s for s in _family(name) if seats in s.seat_counts)


def spec_named(name: str) -> GameSpec:
    """The first spec registered under ``name`` (for what every seat count
    of a game shares, such as its bid words).  InvalidInputError if none."""
    fam = _family(name)
    if not fam:
        raise InvalidInputError(seats_problem(name, None))
    return fam[0]


def spec_of(thing: Any) -> GameSpec:
    """The spec of a game, a :class:`~engine.game.SeatView` (anything with
    a game name and ``n_seats``) or a spec itself."""
    if isinstance(thing, GameSpec):
        return thing
    name = getattr(thing, "GAME", None) or getattr(thing, "game", None)
    return spec_for(name, thing.n_seats)


# ============================================================= the games
def _ids(prefix: str, n: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, n + 1))


SPADES_RULE_IDS = _ids("SP-", 22) + _ids("SP-H", 9)
OH_HELL_RULE_IDS = _ids("OH-", 12) + _ids("OH-V", 8)


def _spades_rules_from_json(obj: Any, seats: int) -> SpadesRules:
    return SpadesRules.from_json(obj)


def _spades_start_problem(scores: Any, rules: SpadesRules) -> str | None:
    return start_scores_problem(scores, rules.target_score, rules.loss_floor)


def _oh_hell_turn_up_problem(rules: OhHellRules, index: int, card: Card | None) -> str | None:
    if rules.has_trump(index) and card is None:
        return f"hand {index + 1} turns up a trump card (OH-7); null is only for a hand without trump"
    if not rules.has_trump(index) and card is not None:
        return _no_trump_reason(rules, index) + "; write null"
    return None


SPADES = register(GameSpec(
    name="spades", title="Spades", seat_counts=(4,), seats_rule="SP-1", default_seat_count=4,
    seat_names=lambda n: SEAT_NAMES,
    sides=lambda n: ((0, 2), (1, 3)),
    game_class=SpadesGame, rules_class=SpadesRules, rules_from_json=_spades_rules_from_json,
    phases=(Phase.DEAL, Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY, Phase.GAME_OVER),
    rule_ids=SPADES_RULE_IDS, scorer=score_spades_side, score_per="side",
    max_bid=13, nil_bids=True, blind_nil=True, fixed_trump=Suit.SPADES,
    codec=RecordCodec(
        hand_size=lambda rules, index: 13, seat_letters=("N", "E", "S", "W"),
        bid_words=(("nil", 0, False), ("blind_nil", 0, True)), score_key="side", scores_note=" [NS, EW]",
        has_bags=True, no_turn_up="Spades turns up no card (spades are always trump, SP-2)",
        start_problem=_spades_start_problem),
))

def _spades_two_rules_from_json(obj: Any, seats: int) -> SpadesRules:
    rules = SpadesRules.from_json(obj)
    problem = two_player_rules_problem(rules)
    if problem:
        raise InvalidInputError(problem)
    return rules


# two-player Spades hand records (the draw is not recorded, HAND_RECORD.md)
def record_number_draw(game: "SpadesTwoGame") -> None:
    """After a hand record's ``deal_number`` deal: play the standard draw
    (:func:`standard_draw`), as HAND_RECORD.md says ("with ``deal_number``
    the engine plays its own reproducible draw", SP-2P-2)."""
    if game.phase is Phase.DRAW and game.pack_left == 52:
        for d in standard_draw(game.pack, game.dealer):
            game.apply(d)


def record_hand_out(deal: Deal, actions: list, dealer: int) -> tuple[dict, list] | None:
    """One hand of a two-player game's history as a hand record writes it
    (HAND_RECORD.md: the draw is not recorded): ``({"deal_number": N}, …)``
    when the draw was the standard one from deal number N, else
    ``({"deal": {"0": kept, "1": kept}}, …)`` with each player's 13 kept
    cards; the actions without the :class:`Draw` steps.  None for a hand
    whose draw is not finished (it cannot be written in this format)."""
    plays = [a for a in actions if not isinstance(a, Draw)]
    if not deal.pack:
        return {"deal": {str(s): [c.code for c in h] for s, h in enumerate(deal.hands)}}, plays
    keeps = [a.keep for a in actions if isinstance(a, Draw)]
    if len(keeps) < 26:
        return None
    if deal.number is not None and [Draw(a.seat, a.keep) for a in actions if isinstance(a, Draw)] \
            == standard_draw(deal.pack, dealer):
        return {"deal_number": deal.number}, plays
    hands, _ = draw_outcome(deal.pack, dealer, keeps)
    return {"deal": {str(s): [c.code for c in sorted(h)] for s, h in enumerate(hands)}}, plays


SPADES_TWO = register(GameSpec(
    name="spades", title="Spades for two", seat_counts=(2,), seats_rule="SP-2P-1",
    seat_names=lambda n: PLAYER_NAMES,
    sides=lambda n: ((0,), (1,)),  # each for themselves: scores and bags per player (SP-2P-1, SP-2P-5)
    game_class=SpadesTwoGame, rules_class=SpadesRules, rules_from_json=_spades_two_rules_from_json,
    phases=(Phase.DEAL, Phase.DRAW, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER),
    rule_ids=SPADES_RULE_IDS + _ids("SP-2P-", 6), scorer=score_spades_side, score_per="seat",
    max_bid=13, nil_bids=True, blind_nil=False, fixed_trump=Suit.SPADES,
    codec=RecordCodec(
        hand_size=lambda rules, index: 13,
        bid_words=(("nil", 0, False), ("blind_nil", 0, True)), score_key="seat",
        scores_note=" [player 0, player 1]", has_bags=True,
        no_turn_up="Spades turns up no card (spades are always trump, SP-2)",
        start_problem=start_scores_problem_two,
        after_number_deal=record_number_draw, hand_out=record_hand_out),
))

OH_HELL = register(GameSpec(
    name="oh_hell", title="Oh Hell", seat_counts=(3, 4, 5, 6, 7), seats_rule="OH-1",
    seat_names=lambda n: tuple(f"seat {s}" for s in range(n)),
    sides=lambda n: tuple((s,) for s in range(n)),
    game_class=OhHellGame, rules_class=OhHellRules, rules_from_json=OhHellRules.from_json,
    phases=(Phase.DEAL, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER),
    rule_ids=OH_HELL_RULE_IDS, scorer=score_oh_hell_seat, score_per="seat",
    codec=RecordCodec(
        hand_size=lambda rules, index: rules.sizes[index], turn_up=True,
        turn_up_missing="an Oh Hell hand needs turn_up (a card, or null when none is turned)",
        turn_up_problem=_oh_hell_turn_up_problem,
        hand_count=lambda rules: rules.n_hands, hand_count_rule="OH-5"),
))
