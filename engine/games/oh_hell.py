"""Oh Hell for 3–7 players, RULES.md OH-1 … OH-12 and variations OH-V1 … OH-V8.

Seats 0..n−1 clockwise; each plays for himself (OH-1); scores per seat, in
points.  Variations are fields of :class:`OhHellRules` (each declared once
in its ``OPTIONS``), validated on creation.  This module ends in its
:data:`SPEC`.

>>> OhHellRules(players=5).n_hands, OhHellRules(players=4, schedule="up_down").sizes[:3]
(10, (1, 2, 3))
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable

from ..actions import Action, Bid, Deal, Look, Phase, Play
from ..cards import Card, Suit, cards_of, mask_of, parse_cards
from ..deal import deal_hands
from ..errors import InvalidInputError
from ..game import HandResult, ScoreLine, SeatView, TrickGame
from ..message import M_, Msg, msg, render
from ..options import Choice, GameRules, Option
from ..spec import GameSpec, RecordCodec
from ..tricks import Trick, TrickRules, TrickState
from ..validation import MAX_POINTS
from ..verdict import Reason, Verdict

__all__ = ["OhHellRules", "OhHellGame", "MAX_HAND", "SCHEDULES", "score_oh_hell_seat", "seat_points",
           "no_trump_issue", "OH_HELL_RULE_IDS", "SPEC", "TITLE"]

#: Largest hand and number of hands for each player count (OH-5).
MAX_HAND = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
SCHEDULES = ("up", "down", "up_down", "down_up")
# TRANSLATORS: the game's name.
TITLE = M_("game.oh_hell", "Oh Hell")


# Each option is declared once here.  Its label is short (a form field or a check box), its
# help one line starting with its rule id, a choice's label an entry of a choice list, a
# summary phrase one item of a list of the variations that are on.
OPTIONS: tuple[Option, ...] = (
    Option(
        "schedule", "OH-6", "custom", None,
        # TRANSLATORS: option label (OH-6, OH-V1…V3): the order of the hand sizes.
        label=M_("oh_hell.option.schedule.label", "Hands"),
        # TRANSLATORS: option help (OH-6, OH-V1…V3).
        help=M_("oh_hell.option.schedule.help", "OH-6, OH-V1…V3 Hand sizes: 1 card up to the most (default), "
                                                "down, up then down, or down then up."),
        # TRANSLATORS: the values allowed (keep the four names).
        allowed=M_("oh_hell.option.schedule.allowed", "up, down, up_down, down_up"),
        choices=(
            # TRANSLATORS: choice list entry: 1 card, then 2 … (the standard).
            Choice("up", M_("oh_hell.option.schedule.choice.up", "1 card, 2 cards … up to the most (OH-6)")),
            # TRANSLATORS: choice list entry (OH-V1).
            Choice("down", M_("oh_hell.option.schedule.choice.down", "the most down to 1 (OH-V1)"),
                   # TRANSLATORS: summary phrase (OH-V1).
                   M_("oh_hell.option.schedule.summary.down", "the most down to 1 (OH-V1)")),
            # TRANSLATORS: choice list entry (OH-V2).
            Choice("up_down", M_("oh_hell.option.schedule.choice.up_down", "up to the most, then down (OH-V2)"),
                   # TRANSLATORS: summary phrase (OH-V2).
                   M_("oh_hell.option.schedule.summary.up_down", "up, then down (OH-V2)")),
            # TRANSLATORS: choice list entry (OH-V3).
            Choice("down_up", M_("oh_hell.option.schedule.choice.down_up", "down to 1, then up (OH-V3)"),
                   # TRANSLATORS: summary phrase (OH-V3).
                   M_("oh_hell.option.schedule.summary.down_up", "down, then up (OH-V3)")))),
    Option(
        "hand_sizes", "OH-5/6", "custom", None,
        # TRANSLATORS: option label (OH-5/6): hand sizes of one's own.
        label=M_("oh_hell.option.hand_sizes.label", "Hand sizes"),
        # TRANSLATORS: option help (OH-5/6).
        help=M_("oh_hell.option.hand_sizes.help",
                "OH-5/6 Hand sizes: an explicit list of hand sizes instead of a schedule."),
        # TRANSLATORS: the values allowed.
        allowed=M_("oh_hell.option.hand_sizes.allowed", "a list of hand sizes, each times the players at most 52"),
        # TRANSLATORS: summary phrase: the hand sizes are a list of one's own.
        summary=M_("oh_hell.option.hand_sizes.summary", "hand sizes of your own (OH-5/6)")),
    Option(
        "no_trump_final_hand", "OH-7", "bool", True, invalid="OPTION_NOT_BOOL",
        # TRANSLATORS: check box (OH-7).
        label=M_("oh_hell.option.no_trump_final_hand.label", "No trump on the last hand (OH-7)"),
        # TRANSLATORS: option help (OH-7).
        help=M_("oh_hell.option.no_trump_final_hand.help",
                "OH-7 The last hand of the game is played without trump (default on)."),
        # TRANSLATORS: the values allowed (keep true and false).
        allowed=M_("oh_hell.option.no_trump_final_hand.allowed", "true or false"),
        # TRANSLATORS: summary phrase: OH-7 switched off.
        summary=M_("oh_hell.option.no_trump_final_hand.summary", "trump on the last hand too (OH-7)")),
    Option(
        "hook", "OH-V4", "bool", False, invalid="OPTION_NOT_BOOL",
        # TRANSLATORS: check box (OH-V4).
        label=M_("oh_hell.option.hook.label", "Hook: the bids may not add up to the tricks (OH-V4)"),
        # TRANSLATORS: option help (OH-V4).
        help=M_("oh_hell.option.hook.help",
                "OH-V4 Hook: the dealer may not bid so that the bids add up to the tricks."),
        # TRANSLATORS: the values allowed (keep true and false).
        allowed=M_("oh_hell.option.hook.allowed", "true or false"),
        # TRANSLATORS: summary phrase (OH-V4).
        summary=M_("oh_hell.option.hook.summary", "hook")),
    Option(
        "simultaneous_bidding", "OH-V5", "bool", False, invalid="OPTION_NOT_BOOL",
        # TRANSLATORS: check box (OH-V5).
        label=M_("oh_hell.option.simultaneous_bidding.label", "Sealed bids, revealed together (OH-V5)"),
        # TRANSLATORS: option help (OH-V5).
        help=M_("oh_hell.option.simultaneous_bidding.help",
                "OH-V5 Simultaneous bidding: everyone chooses a sealed bid; all are revealed at once."),
        # TRANSLATORS: the values allowed (keep true and false).
        allowed=M_("oh_hell.option.simultaneous_bidding.allowed", "true or false"),
        # TRANSLATORS: summary phrase (OH-V5).
        summary=M_("oh_hell.option.simultaneous_bidding.summary", "sealed bids")),
    Option(
        "must_trump", "OH-V6", "bool", False, invalid="OPTION_NOT_BOOL",
        # TRANSLATORS: check box (OH-V6).
        label=M_("oh_hell.option.must_trump.label", "Must trump when void (OH-V6)"),
        # TRANSLATORS: option help (OH-V6).
        help=M_("oh_hell.option.must_trump.help",
                "OH-V6 La Podrida: a player who cannot follow suit must play a trump if he has one."),
        # TRANSLATORS: the values allowed (keep true and false).
        allowed=M_("oh_hell.option.must_trump.allowed", "true or false"),
        # TRANSLATORS: summary phrase (OH-V6).
        summary=M_("oh_hell.option.must_trump.summary", "must trump")),
    Option(
        "tricks_always_count", "OH-V7", "bool", False, invalid="OPTION_NOT_BOOL",
        # TRANSLATORS: check box (OH-V7).
        label=M_("oh_hell.option.tricks_always_count.label", "Tricks always count (OH-V7)"),
        # TRANSLATORS: option help (OH-V7).
        help=M_("oh_hell.option.tricks_always_count.help",
                "OH-V7 Tricks always count: a missed bid still scores 1 point per trick won."),
        # TRANSLATORS: the values allowed (keep true and false).
        allowed=M_("oh_hell.option.tricks_always_count.allowed", "true or false"),
        # TRANSLATORS: summary phrase (OH-V7).
        summary=M_("oh_hell.option.tricks_always_count.summary", "tricks always count")),
    Option(
        "nil_pays_hand_size", "OH-V8", "bool", False, invalid="OPTION_NOT_BOOL",
        # TRANSLATORS: check box (OH-V8).
        label=M_("oh_hell.option.nil_pays_hand_size.label", "A made 0 pays 5 + hand size (OH-V8)"),
        # TRANSLATORS: option help (OH-V8).
        help=M_("oh_hell.option.nil_pays_hand_size.help",
                "OH-V8 Nil pays by hand size: a successful bid of 0 scores 5 + the cards in the hand."),
        # TRANSLATORS: the values allowed (keep true and false).
        allowed=M_("oh_hell.option.nil_pays_hand_size.allowed", "true or false"),
        # TRANSLATORS: summary phrase (OH-V8).
        summary=M_("oh_hell.option.nil_pays_hand_size.summary", "0 pays 5 + hand size")),
)
_SWITCHES = tuple(o.name for o in OPTIONS if o.kind == "bool")
#: Each option's default, as declared: the rules' fields take theirs from here.
_DEFAULT: dict[str, Any] = {o.name: o.default for o in OPTIONS}


@dataclass(frozen=True)
class OhHellRules(GameRules):
    """The Oh Hell table and its variations (all validated on creation;
    :class:`InvalidInputError` says what to change); each option declared
    once in ``OhHellRules.OPTIONS``.

    ``players``: 3–7 (OH-1; from a record's ``seats``, not an option).
    ``schedule``: ``"up"`` 1…max (OH-6, default),
    ``"down"`` max…1 (OH-V1), ``"up_down"`` 1…max…1 (OH-V2, 2·max−1 hands),
    ``"down_up"`` max…1…max (OH-V3); ``"up"`` written out is the default,
    kept as None (HAND_RECORD.md: a switch at its default value means the
    same as leaving it out).  ``hand_sizes``: an explicit list of hand sizes
    instead of a schedule (not with another schedule than the default).
    ``no_trump_final_hand`` (OH-7),
    ``hook`` (OH-V4), ``simultaneous_bidding`` (OH-V5), ``must_trump``
    (OH-V6), ``tricks_always_count`` (OH-V7), ``nil_pays_hand_size`` (OH-V8).
    """

    OPTIONS: ClassVar[tuple[Option, ...]] = OPTIONS

    players: int = 4  # not an option: a record's ``seats`` (OH-1)
    # each option's default is its declared one (written once, in OPTIONS)
    schedule: str | None = _DEFAULT["schedule"]
    hand_sizes: tuple[int, ...] | None = _DEFAULT["hand_sizes"]
    no_trump_final_hand: bool = _DEFAULT["no_trump_final_hand"]
    hook: bool = _DEFAULT["hook"]
    simultaneous_bidding: bool = _DEFAULT["simultaneous_bidding"]
    must_trump: bool = _DEFAULT["must_trump"]
    tricks_always_count: bool = _DEFAULT["tricks_always_count"]
    nil_pays_hand_size: bool = _DEFAULT["nil_pays_hand_size"]
    sizes: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not 3 <= n <= 7:
            raise InvalidInputError(msg("OH_PLAYERS", value=n))
        for name in _SWITCHES:
            problem = self.option(name).problem(getattr(self, name))
            if problem is not None:
                raise InvalidInputError(problem)
        if self.hook and self.simultaneous_bidding:
            raise InvalidInputError(msg("OH_HOOK_AND_SEALED"))
        if self.schedule == "up":  # the default schedule written out means the same as leaving it out
            object.__setattr__(self, "schedule", None)
        if self.schedule is not None and self.hand_sizes is not None:
            raise InvalidInputError(msg("OH_SCHEDULE_AND_SIZES"))
        m = MAX_HAND[n]
        sizes: tuple[int, ...]
        if self.hand_sizes is not None:
            hs: Any = self.hand_sizes
            if isinstance(hs, (str, bytes)) or not hasattr(hs, "__iter__"):
                raise InvalidInputError(msg("OH_SIZES_NOT_LIST", value=hs))
            hs = tuple(hs)
            if not hs:
                raise InvalidInputError(msg("OH_SIZES_EMPTY"))
            for k in hs:
                if isinstance(k, bool) or not isinstance(k, int) or k < 1:
                    raise InvalidInputError(msg("OH_SIZE_NOT_SIZE", value=k))
                if k * n > 52:
                    raise InvalidInputError(msg("OH_SIZE_TOO_BIG", size=k, players=n, needed=k * n, most=52 // n))
            object.__setattr__(self, "hand_sizes", hs)
            sizes = hs
        else:
            sched = "up" if self.schedule is None else self.schedule
            if sched not in SCHEDULES:
                raise InvalidInputError(msg("OH_SCHEDULE", value=sched))
            up, down = list(range(1, m + 1)), list(range(m, 0, -1))
            sizes = tuple({"up": up, "down": down, "up_down": up + down[1:], "down_up": down + up[1:]}[sched])
        object.__setattr__(self, "sizes", sizes)

    @property
    def n_hands(self) -> int:
        """How many hands the game has (OH-5, and OH-V1…V3 for the schedules)."""
        return len(self.sizes)

    def has_trump(self, hand_index: int) -> bool:
        """Whether hand ``hand_index`` (0-based) turns up a trump card (OH-7 and its Ruling)."""
        if self.no_trump_final_hand and hand_index == len(self.sizes) - 1:
            return False
        return self.sizes[hand_index] * self.players < 52

    @classmethod
    def from_json(cls, d: object, players: int) -> "OhHellRules":
        """From a hand record's ``rules`` object and its ``seats``: unknown
        options and values the option does not take are InvalidInputError;
        an option written at its default means the same as leaving it out."""
        kw = cls.options_from_json(d, TITLE)
        if "hand_sizes" in kw and kw["hand_sizes"] is not None:
            if not isinstance(kw["hand_sizes"], list):
                raise InvalidInputError(msg("OH_RECORD_SIZES_NOT_LIST"))
            kw["hand_sizes"] = tuple(kw["hand_sizes"])
        return cls(players=players, **kw)


def no_trump_issue(rules: OhHellRules, index: int) -> Msg:
    """Why hand ``index`` (0-based) turns up no card (OH-7 and its Ruling)."""
    size = rules.sizes[index]
    if rules.no_trump_final_hand and index == len(rules.sizes) - 1:
        return msg("OH_NO_TRUMP.last", number=index + 1)
    return msg("OH_NO_TRUMP.all_dealt", number=index + 1, size=size, players=rules.players, total=size * rules.players)


def _score_text(bid: int, won: int, hand_size: int, rules: OhHellRules) -> tuple[str, int, str]:
    """(message id, points, rule id) of one seat's hand (OH-11, OH-V7, OH-V8)."""
    if won == bid:
        if bid == 0 and rules.nil_pays_hand_size:
            return "SCORE.oh_nil_made", 5 + hand_size, "OH-V8"
        return "SCORE.oh_bid_made", 10 + won, "OH-11"
    if rules.tricks_always_count:
        return "SCORE.oh_missed_tricks_count", won, "OH-V7"
    return "SCORE.oh_missed", 0, "OH-11"


#: Each score line's message and its English (as hand records write it), made once.
_ITEMS: dict[str, tuple[Msg, str]] = {}


def _item(text: str) -> tuple[Msg, str]:
    got = _ITEMS.get(text)
    if got is None:
        got = _ITEMS[text] = (Msg(text), render(Msg(text), "en"))
    return got


def seat_points(bid: int, won: int, hand_size: int, rules: OhHellRules) -> tuple[str, int, str]:
    """One seat's hand score under ``rules`` (OH-11, OH-V7, OH-V8) as
    ``(item, points, rule id)`` (``item`` in English, as records write it):
    the one Oh Hell scorer, which :func:`score_oh_hell_seat` and the
    simulation (:mod:`engine.sim`) call."""
    text, points, rule = _score_text(bid, won, hand_size, rules)
    return _item(text)[1], points, rule


def score_oh_hell_seat(seat: int, bid: int, won: int, hand_size: int, rules: OhHellRules) -> ScoreLine:
    """The score line of one seat for one hand (OH-11, OH-V7, OH-V8), from :func:`seat_points`."""
    text, points, rule = _score_text(bid, won, hand_size, rules)
    item, english = _item(text)
    return ScoreLine(seat, english, points, rule, msg=item)


class OhHellGame(TrickGame):
    """A whole game of Oh Hell.

    Parameters: ``rules`` (:class:`OhHellRules`, including the player
    count), ``dealer`` (first dealer's seat, OH-4), ``scores`` (per seat
    before hand 1), ``first_deal`` (deal number of hand 1; hand k uses
    first_deal+k−1), ``rng``, ``auto_deal`` (default True: the game deals
    hand 1 at once and each next hand when the last one is scored, from the
    deal numbers, :meth:`~engine.game.TrickGame.deal_next`; False: the game
    waits in Phase.DEAL for the caller's :meth:`~engine.game.TrickGame.deal`).
    To start from given hands, use :meth:`from_hands`.
    """

    GAME = "oh_hell"
    RULE_DEAL = "OH-6"
    RULE_NEXT_DEAL = "OH-4"
    RULE_BID = "OH-8"
    RULE_GAME_OVER = "OH-12"
    TEXT_ALREADY_BID_DURING = TEXT_ALREADY_BID_AFTER = "ALREADY_BID.everyone"
    TEXT_GAME_OVER = "GAME_OVER.seats"
    _config_keys = ("rules", "n_seats", "start_dealer", "start_scores", "first_deal", "auto_deal", "rng")

    rules: OhHellRules
    _deal: Deal | None
    _trump: Suit | None
    _turn_up: Card | None
    _hand_size: int
    _trick_rules: TrickRules | None

    def __init__(self, rules: OhHellRules | None = None, *, dealer: int = 0,
                 scores: Iterable[int] | None = None, first_deal: int | None = None,
                 rng: random.Random | None = None, auto_deal: bool = True):
        if rules is None:
            rules = OhHellRules()
        elif not isinstance(rules, OhHellRules):
            raise InvalidInputError(msg("OH_RULES_TYPE", value=rules))
        self.rules = rules
        self.n_seats = self.rules.players
        self.start_dealer = self._seat(dealer)
        try:
            sc = list(scores) if scores is not None else [0] * self.n_seats
        except TypeError:
            raise InvalidInputError(msg("OH_SCORES", seats=self.n_seats, value=scores)) from None
        if len(sc) != self.n_seats or any(isinstance(v, bool) or not isinstance(v, int) for v in sc):
            raise InvalidInputError(msg("OH_SCORES", seats=self.n_seats, value=sc))
        if any(abs(v) >= MAX_POINTS for v in sc):
            raise InvalidInputError(msg("SCORES_TOO_LONG", name="scores", value=sc))
        self.start_scores = tuple(sc)
        self._init_common(first_deal, rng, auto_deal)

    @classmethod
    def from_hands(cls, hands: Any, turn_up: Any = None, *, dealer: int = 0,
                   rules: "OhHellRules | dict[str, Any] | None" = None,
                   scores: Iterable[int] | None = None, first_deal: int | None = None,
                   rng: random.Random | None = None, auto_deal: bool = False) -> "OhHellGame":
        """A game whose first hand is ``hands``, ready for the bidding.

        ``hands``: one hand per seat (seat 0 first), all the same size, each
        as one text (``"AH 7C 2D"``) or a list of card texts or
        :class:`~engine.cards.Card`; ``turn_up``: the card turned up for
        trump (OH-7), or None for a hand without trump; ``dealer`` dealt
        them (OH-4).  ``rules``: an :class:`OhHellRules` whose first hand has
        this size, or a dict of its options, or None; a dict or None gets
        ``players`` = the number of hands and, unless given, a game of this
        one hand (``hand_sizes=(size,)``) with ``no_trump_final_hand`` true
        exactly when ``turn_up`` is None.  ``scores``, ``first_deal``,
        ``rng``: as for the constructor; ``auto_deal`` (default False):
        deal later hands from the deal numbers (True) or wait for
        :meth:`deal` (False).

        Raises :class:`InvalidInputError` for a malformed card, a card dealt
        twice (or also turned up), hands of the wrong size (OH-6), a turn-up
        where the hand has no trump or none where it has one (OH-7), or a bad
        option (OH-1, OH-5).

        >>> g = OhHellGame.from_hands(["AH 7C 2D", "KH 9C 3S", "5C 8D QS", "4H JD TC"], turn_up="6S", dealer=3)
        >>> g.trump.noun, g.hand_size, g.to_act, g.rules.n_hands
        ('spades', 3, 0, 1)
        """
        if rules is None or isinstance(rules, dict):
            opts = dict(rules or {})
            if isinstance(hands, (list, tuple)) and hands:
                opts.setdefault("players", len(hands))
                if opts.get("hand_sizes") is None and opts.get("schedule") in (None, "up"):  # a game of this one hand
                    opts.pop("schedule", None)
                    opts["hand_sizes"] = (len(parse_cards(hands[0])),)
                    opts.setdefault("no_trump_final_hand", turn_up is None)
            names = OhHellRules.option_names()
            unknown = sorted(set(opts) - set(names) - {"players"})
            if unknown:
                raise InvalidInputError(msg("RULES_FIELD", problem=msg("RULES_UNKNOWN_OPTION", game=TITLE,
                                                                       value=unknown[0],
                                                                       known=", ".join(("players", *names)))))
            rules = OhHellRules(**opts)
        return cls._from_hands(hands, turn_up, auto_deal, rules=rules, dealer=dealer, scores=scores,
                               first_deal=first_deal, rng=rng)

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        n = self.n_seats
        self.phase = Phase.DEAL
        self.hands_dealt = 0
        self.dealer = (self.start_dealer - 1) % n
        self._scores = list(self.start_scores)
        self._results = []
        self.winners = ()
        self._hands = []
        self._bids = [None] * n
        self._deal = None
        self._trump = None
        self._turn_up = None
        self._hand_size = 0
        self._trick_rules = None
        self._trick = None

    @property
    def trump(self) -> Suit | None:
        """This hand's trump suit: the turned-up card's (OH-7), None without trump."""
        return self._trump

    @property
    def turn_up(self) -> Card | None:
        """The card turned up for trump this hand (OH-7), or None."""
        return self._turn_up

    @property
    def hand_size(self) -> int:
        """Cards each seat is dealt this hand (OH-6; 0 before the first deal)."""
        return self._hand_size

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        n = self.n_seats
        if self.phase is Phase.BIDDING:
            order = [(self.dealer + 1 + k) % n for k in range(n)]
            if self.rules.simultaneous_bidding:
                return tuple(s for s in order if self._bids[s] is None)
            return (order[sum(b is not None for b in self._bids)],)
        if self.phase is Phase.PLAY and self._trick is not None:
            return (self._trick.core.to_play,)
        return ()

    @property
    def bids(self) -> tuple[Any, ...]:
        """Bids per seat this hand (ints; None if not made).  Omniscient: a
        seat's :meth:`view` hides sealed bids (OH-V5)."""
        return tuple(None if b is None else b.value for b in self._bids)

    @property
    def hand_index(self) -> int:
        return self.hands_dealt - 1

    def next_hand_plan(self) -> tuple[int, bool]:
        """(hand size, whether a card is turned up) for the next hand to deal."""
        i = self.hands_dealt
        return self.rules.sizes[i], self.rules.has_trump(i)

    def make_deal(self, number: int) -> Deal:
        """The :class:`Deal` that deal number ``number`` gives the next hand (OH-6, OH-7)."""
        size, turn = self.next_hand_plan()
        hands, up = deal_hands(number, self.n_seats, size, (self.dealer + 1) % self.n_seats, turn)
        return Deal(tuple(tuple(sorted(h)) for h in hands), up, number)

    def _validate_deal(self, deal: Deal) -> None:
        if self.hands_dealt >= self.rules.n_hands:
            raise InvalidInputError(msg("OH_NO_MORE_HANDS", n=self.rules.n_hands))
        size, turn = self.next_hand_plan()
        seen = self._check_deal_hands(deal, size, "OH-6")
        if turn and deal.turn_up is None:
            raise InvalidInputError(msg("OH_TURN_UP_MISSING", number=self.hands_dealt + 1))
        if not turn and deal.turn_up is not None:
            raise InvalidInputError(msg("OH_TURN_UP_NONE", problem=no_trump_issue(self.rules, self.hands_dealt)))
        if deal.turn_up is not None and deal.turn_up in seen:
            raise InvalidInputError(msg("OH_TURN_UP_IN_HAND", code=deal.turn_up.code))

    # ------------------------------------------------------------- checks
    def _hand_phase_refusal(self, wanted: str) -> Verdict:
        if self.phase is Phase.BIDDING:
            return Verdict.refuse(Reason.WRONG_PHASE, "OH-8", msg("WRONG_PHASE.bidding_oh_hell", wanted=wanted),
                                  phase="bidding")
        return Verdict.refuse(Reason.WRONG_PHASE, "OH-8", msg("WRONG_PHASE.play_oh_hell", wanted=wanted), phase="play")

    def hooked_bid(self) -> int | None:
        """The dealer's forbidden bid under the hook (OH-V4), or None."""
        if not self.rules.hook or self.phase is not Phase.BIDDING:
            return None
        if sum(b is not None for b in self._bids) != self.n_seats - 1:
            return None
        others = sum(b.value for b in self._bids if b is not None)
        forbidden = self._hand_size - others
        return forbidden if 0 <= forbidden <= self._hand_size else None

    def _check_blind_bid(self, seat: int, value: Any) -> Verdict:
        """Oh Hell has no Blind Nil (OH-8)."""
        return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "OH-8", msg("BLIND_NIL_NOT_IN_THIS_GAME.oh_hell"))

    def _check_number_bid(self, seat: int, value: Any) -> Verdict:
        """A whole number 0…hand size (OH-8), the hook (OH-V4)."""
        size = self._hand_size
        refused = self._bid_number_refusal(value, size, "OH-8", msg("BID_OUT_OF_RANGE.oh_hell", value=value, n=size))
        if refused is not None:
            return refused
        forbidden = self.hooked_bid()
        if forbidden is not None and value == forbidden:
            others = self._hand_size - forbidden
            return Verdict.refuse(Reason.HOOK, "OH-V4", msg("HOOK", n=size),
                                  bid=value, others_total=others, tricks=size, forbidden=forbidden)
        return Verdict.allow(msg("OK.bid_oh_hell" if forbidden is None else "OK.bid_oh_hell_hook", size=size,
                                 forbidden=forbidden), "OH-8", bid=value)

    def legal_bids(self, seat: int) -> list[Bid]:
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING or seat not in self.seats_to_act:
            return []
        forbidden = self.hooked_bid()
        return [Bid(seat, v) for v in range(self._hand_size + 1) if v != forbidden]

    def _check_exchange(self, seat: int, cards: tuple[Card, ...]) -> Verdict:
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "OH-8", msg("EXCHANGE_NOT_IN_EXCHANGE.oh_hell"))

    # ------------------------------------------------------------- applying
    def _apply(self, a: Action) -> Trick | None:
        if isinstance(a, Play):
            return self._apply_play(a)
        if isinstance(a, Bid):
            self._bids[a.seat] = a
            if all(b is not None for b in self._bids):
                assert self._trick_rules is not None
                self._trick = TrickState(self._trick_rules, list(self._hands), (self.dealer + 1) % self.n_seats)
                self.phase = Phase.PLAY
            return None
        if isinstance(a, Look):
            return None
        if isinstance(a, Deal):
            n = self.n_seats
            self.dealer = (self.dealer + 1) % n  # OH-4
            self._hand_size = self.rules.sizes[self.hands_dealt]
            self.hands_dealt += 1
            self._deal = a
            self._hands = [mask_of(h) for h in a.hands]
            self._bids = [None] * n
            self._turn_up = a.turn_up
            self._trump = a.turn_up.suit if a.turn_up is not None else None
            self._trick_rules = TrickRules(trump=self._trump, lead_restricted=False, must_trump=self.rules.must_trump,
                                           rule_lead="OH-9", rule_follow="OH-9", rule_must_trump="OH-V6",
                                           rule_winner="OH-10", rule_turn="OH-9",
                                           rule_next_lead="OH-10", rule_play="OH-9")
            self._trick = None
            self.phase = Phase.BIDDING
            return None
        raise InvalidInputError(msg("NOT_AN_ACTION.oh_hell", value=a))

    def _finish_hand(self) -> None:
        state = self._play()
        won = state.won
        lines = [score_oh_hell_seat(s, b.value, won[s], self._hand_size, self.rules)
                 for s, b in enumerate(self._bids) if b is not None]
        points = [line.points for line in lines]
        for s in range(self.n_seats):
            self._scores[s] += points[s]
        self._results.append(HandResult(
            number=self.hands_dealt, dealer=self.dealer, trump=self._trump, turn_up=self._turn_up,
            hand_size=self._hand_size, bids=self.bids, tricks=tuple(state.tricks), tricks_won=tuple(won),
            score_lines=tuple(lines), points=tuple(points), scores_after=tuple(self._scores)))
        if self.hands_dealt >= self.rules.n_hands:  # OH-12: highest total wins; equal totals share
            top = max(self._scores)
            self.winners = tuple(s for s in range(self.n_seats) if self._scores[s] == top)
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.DEAL

    # ------------------------------------------------------------- views
    def visible_bids(self, seat: int) -> tuple[Any, ...]:
        """Bids ``seat`` may see: all of them, except under simultaneous
        bidding (OH-V5) while bids are still being chosen: only its own."""
        if self.rules.simultaneous_bidding and self.phase is Phase.BIDDING:
            return tuple(b.value if (b is not None and s == seat) else None for s, b in enumerate(self._bids))
        return self.bids

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand, the turned-up card, visible
        bids (OH-8, OH-V5), tricks and scores."""
        seat = self._seat(seat)
        tr = self._trick
        hand_mask = tr.hands[seat] if tr is not None else (self._hands[seat] if self._hands else 0)
        to_act = self.seats_to_act
        return SeatView(
            game=self.GAME, seat=seat, n_seats=self.n_seats, phase=self.phase, hand_number=self.hands_dealt,
            hand_size=self._hand_size, dealer=self.dealer, to_act=to_act, hand=tuple(cards_of(hand_mask)),
            looked=True, bids=self.visible_bids(seat), trump=self._trump, turn_up=self._turn_up, broken=False,
            current_trick=tr.current_trick() if tr else None, tricks=tuple(tr.tricks) if tr else (),
            tricks_won=self.tricks_won, scores=tuple(self._scores), bags=None,
            legal=tuple(self.legal_actions(seat)) if seat in to_act else (), rules=self.rules,
            last_trick=tr.tricks[-1] if tr and tr.tricks else None, results=tuple(self._results), spec=SPEC)


# ============================================================================ the declaration
def _ids(prefix: str, n: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, n + 1))


OH_HELL_RULE_IDS = _ids("OH-", 12) + _ids("OH-V", 8)


def _turn_up_issue(rules: OhHellRules, index: int, card: Card | None) -> Msg | None:
    if rules.has_trump(index) and card is None:
        return msg("OH_RECORD_TURN_UP_NULL", number=index + 1)
    if not rules.has_trump(index) and card is not None:
        return msg("OH_RECORD_TURN_UP_NO_TRUMP", problem=no_trump_issue(rules, index))
    return None


# TRANSLATORS: how start scores are listed in an error ("must be 4 whole numbers, one per seat").
SCORES_NOTE = M_("oh_hell.scores_note", ", one per seat")

SPEC = GameSpec(
    name="oh_hell", title=TITLE, seat_counts=(3, 4, 5, 6, 7), seats_rule="OH-1", naming="numbered",
    sides=lambda n: tuple((s,) for s in range(n)),
    game_class=OhHellGame, rules_class=OhHellRules, rules_from_json=OhHellRules.from_json,
    phases=(Phase.DEAL, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER),
    rule_ids=OH_HELL_RULE_IDS, scorer=score_oh_hell_seat, winner_rule="OH-10",
    codec=RecordCodec(
        hand_size=lambda rules, index: rules.sizes[index], turn_up=True, scores_note=SCORES_NOTE,
        turn_up_missing=msg("OH_RECORD_TURN_UP_MISSING"), turn_up_issue=_turn_up_issue,
        hand_count=lambda rules: rules.n_hands, hand_count_rule="OH-5"),
)
OhHellGame.spec = SPEC
