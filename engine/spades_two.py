"""Spades for two players, exactly as RULES.md SP-2P-1 … SP-2P-6 states it.

Two seats, 0 and 1 ("Player 1", "Player 2"), each for themselves (SP-2P-1):
no Blind Nil, no exchange, no partner.  A hand is a **draw** (SP-2P-2), then
bidding 0 (Nil) … 13 (SP-2P-3), then 13 two-card tricks under SP-13 … SP-16
(SP-2P-4), scored per player with SP-17 … SP-20, each player's contract
being their own bid (SP-2P-5), to ``rules.target_score`` (SP-22, SP-H9).
The deal alternates (SP-2P-6).

The draw is part of the history as :class:`~engine.actions.Draw` actions,
so undo, replay, copy and save come from it.  The non-dealer, then the
dealer, in turn: the seat to act sees the top card (:meth:`SpadesTwoGame.draw_card`)
and keeps it (the next card is looked at and discarded) or discards it face
down (the next card goes into the hand).  The other player learns only which
of the two was kept (``view.draw_log``), never the cards.

House rules with two players (the options of :class:`SpadesRules`), as
RULES.md's two-player section says: Nil's value (SP-H1), the bag limit and
penalty (SP-H4), ten for two hundred (SP-H5, a player's own bid of 10 or
more), the mercy floor (SP-H8) and the target (SP-H9) apply per player;
SP-H7 may be set and changes nothing (no partner: nothing to help).  SP-H2,
SP-H3 and SP-H6 are configuration errors with two seats (InvalidInputError
naming the option): ``blind_nil`` or ``blind_nil_pass`` other than their
defaults (there is no Blind Nil and no exchange, SP-2P-1) and a
``min_contract`` above 0 (a minimum *partnership* bid needs partners).

>>> g = SpadesTwoGame(first_deal=17, dealer=0)
>>> g.phase.value, g.to_act, g.pack_left      # the non-dealer draws first
('draw', 1, 52)
>>> len(standard_draw(g.pack, 0))
26
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from .actions import Action, Bid, Deal, Draw, Look, Pass, Phase, Play
from .cards import DECK, Card, Suit, cards_of, mask_of, parse_card, parse_cards
from .deal import shuffled_deck
from .errors import IllegalActionError, InvalidInputError, quote
from .game import HandResult, ScoreLine, SeatView, TrickGame
from .spades import spades_winning_side
from .validation import MAX_POINTS, whole_number_problem as _whole_number_problem
from .spades_rules import SpadesRules, score_spades_side
from .tricks import TrickRules, TrickState
from .verdict import Reason, Verdict
from .spades_two_draw import draw_outcome, standard_draw, standard_keep

__all__ = ["SpadesTwoGame", "TwoSeatView", "PLAYER_NAMES", "standard_draw", "standard_keep",
           "draw_outcome", "two_player_rules_problem", "SPADES_TWO_TRICK_RULES"]

#: The two seats' names (seats 0 and 1; no compass letters, SP-2P-1).
PLAYER_NAMES = ("Player 1", "Player 2")
SPADES_TWO_TRICK_RULES = TrickRules(trump=Suit.SPADES, lead_restricted=True, must_trump=False,
                                    rule_lead="SP-13", rule_follow="SP-14", rule_break="SP-15",
                                    rule_winner="SP-16", rule_turn="SP-2P-4", rule_next_lead="SP-12",
                                    rule_play="SP-14")


def two_player_rules_problem(rules: SpadesRules) -> str | None:
    """Why ``rules`` cannot be used with two players (a sentence starting
    with the option's name), or None.  Blind Nil and its exchange do not
    exist with two players (SP-2P-1), and SP-H6 needs partners; SP-H7 is
    allowed and changes nothing (RULES.md, Spades for two players)."""
    d = SpadesRules()
    if rules.blind_nil != d.blind_nil:
        return (f"blind_nil: {quote(rules.blind_nil)} is a configuration error with two players: two-player "
                f"Spades has no Blind Nil at all (SP-2P-1); leave blind_nil at its default {d.blind_nil!r}")
    if rules.blind_nil_pass != d.blind_nil_pass:
        return (f"blind_nil_pass: {rules.blind_nil_pass} is a configuration error with two players: there is no "
                f"Blind Nil and no exchange (SP-2P-1); leave blind_nil_pass at its default {d.blind_nil_pass}")
    if rules.min_contract != d.min_contract:
        return (f"min_contract: {rules.min_contract} is a configuration error with two players: SP-H6 is a "
                f"minimum for two partners' bids added, and two-player Spades has no partners (SP-2P-1); "
                f"leave min_contract at its default {d.min_contract}")
    return None


# ----------------------------------------------------------------------------- the view
@dataclass(frozen=True)
class TwoSeatView(SeatView):
    """A :class:`SeatView` of two-player Spades, with the draw (SP-2P-2):

    ``draw_card``: the top card this seat is looking at while it decides
    (None otherwise, and never in the other seat's view).  ``discards``:
    this seat's own discards this hand (it saw each one).  ``draw_log``:
    public ``(seat, kept_first)`` per draw turn so far, never the cards.
    ``pack_left``: cards left in the pack.  ``known_pack``: cards still in
    the pack that this seat has already seen (only after an undo: undo never
    unsees a card).
    """

    draw_card: Card | None = None
    discards: tuple[Card, ...] = ()
    draw_log: tuple[tuple[int, bool], ...] = ()
    pack_left: int = 0
    known_pack: tuple[Card, ...] = ()


def _bid_json(b: Bid | None):
    if b is None:
        return None
    return "nil" if b.value == 0 else b.value


def _bid_text(b: Bid) -> str:
    return "Nil" if b.value == 0 else str(b.value)


def _int_pair(values: Iterable[int], name: str) -> list[int]:
    try:
        vals = list(values)
    except TypeError:
        raise InvalidInputError(f"{name} must be two whole numbers [player 0, player 1], got {quote(values)}") from None
    if len(vals) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in vals):
        raise InvalidInputError(f"{name} must be two whole numbers [player 0, player 1], got {quote(vals)}")
    if any(abs(v) >= MAX_POINTS for v in vals):
        raise InvalidInputError(f"{name} {quote(vals)}: each must have at most 30 digits")
    return vals


def start_scores_problem_two(scores, rules: SpadesRules) -> str | None:
    """Why ``scores`` [player 0, player 1] cannot start a two-player game
    to ``rules.target_score`` (SP-22, SP-H8 per player), or None."""
    p0, p1 = scores
    if spades_winning_side(p0, p1, rules) is None:
        return None
    return (f"{quote([p0, p1])}: one player has already won (at or past the target of {rules.target_score}, SP-22"
            f"{', or at or below the mercy floor of ' + str(rules.loss_floor) + ', SP-H8' if rules.loss_floor is not None else ''}); "
            f"a game can start so only with equal scores")


class SpadesTwoGame(TrickGame):
    """A whole game of Spades for two players (SP-2P-1 … SP-2P-6).

    Parameters: ``rules`` (:class:`SpadesRules`, a dict of its options, or
    None; see the module docstring for the options two players use),
    ``dealer`` (0 or 1, deals hand 1; then the deal alternates, SP-2P-6),
    ``scores``/``bags`` ([player 0, player 1] before the first hand),
    ``first_deal`` (deal number of hand 1: its pack order; hand k uses
    first_deal+k−1), ``rng``, ``auto_deal`` (deal each hand's pack from the
    deal numbers; False when the caller supplies deals).

    Phases: DRAW (SP-2P-2) → BIDDING (SP-2P-3) → PLAY (SP-2P-4) → scored
    (SP-2P-5) → DEAL of the next hand or GAME_OVER.  A :class:`Deal` with a
    ``pack`` (52 Cards, top first) starts the draw; one with ``hands``
    (13 Cards each: a hand record's ``deal``) skips it.

    Raises :class:`InvalidInputError` for a bad argument (the option's name
    for rules two players cannot use).  Not thread-safe.
    """

    GAME = "spades"
    n_seats = 2
    _rule_deal = "SP-2P-2"
    _config_keys = ("rules", "start_dealer", "start_scores", "start_bags", "first_deal", "auto_deal", "rng")

    def __init__(self, rules: SpadesRules | dict | None = None, *, dealer: int = 0,
                 scores: Iterable[int] = (0, 0), bags: Iterable[int] = (0, 0),
                 first_deal: int | None = None, rng: random.Random | None = None,
                 auto_deal: bool = True):
        if rules is None:
            rules = SpadesRules()
        elif isinstance(rules, dict):
            rules = SpadesRules.from_json(rules)
        elif not isinstance(rules, SpadesRules):
            raise InvalidInputError(f"rules {quote(rules)} must be a SpadesRules, a dict of options, or None for the defaults")
        problem = two_player_rules_problem(rules)
        if problem:
            raise InvalidInputError(problem)
        self.rules = rules
        self.start_dealer = self._seat(dealer)
        self.start_scores = tuple(_int_pair(scores, "scores"))
        self.start_bags = tuple(_int_pair(bags, "bags"))
        limit = rules.bag_limit
        if any(b < 0 or b >= limit for b in self.start_bags):
            raise InvalidInputError(f"bags {list(self.start_bags)} must each be 0 to {limit - 1} ({limit} bags cost "
                                    f"{rules.bag_penalty} points at once, {'SP-20' if limit == 10 else 'SP-H4'})")
        problem = start_scores_problem_two(self.start_scores, rules)
        if problem:
            raise InvalidInputError(f"scores: {problem}")
        self._init_common(first_deal, rng, auto_deal)

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        self.phase = Phase.DEAL
        self.hands_dealt = 0
        self.dealer = (self.start_dealer - 1) % 2  # the first deal moves it to start_dealer
        self._scores = list(self.start_scores)
        self._bags = list(self.start_bags)
        self._results: list[HandResult] = []
        self.winners: tuple[int, ...] = ()
        self._deal: Deal | None = None
        self._pack: tuple[Card, ...] = ()
        self._pos = 0
        self._hands: list[int] = []
        self._discards = [0, 0]
        self._draw_log: list[tuple[int, bool]] = []
        self._seen = [0, 0]
        self._bids: list[Bid | None] = [None, None]
        self._trick: TrickState | None = None

    def seat_name(self, seat: int) -> str:
        return PLAYER_NAMES[seat]

    def bid_label(self, value: int, blind: bool = False) -> str:
        return "Nil" if value == 0 else str(value)

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.DRAW:
            return ((self.dealer + 1 + self._pos // 2) % 2,)
        if self.phase is Phase.BIDDING:
            n = sum(b is not None for b in self._bids)
            return ((self.dealer + 1 + n) % 2,)
        if self.phase is Phase.PLAY:
            return (self._trick.to_play,)
        return ()

    @property
    def bids(self) -> tuple:
        """Bids this hand per player, as in records: int, "nil" or None."""
        return tuple(_bid_json(b) for b in self._bids)

    @property
    def bags(self) -> list[int]:
        """Bags carried per player [p0, p1] (SP-20, SP-2P-5); a new list each time."""
        return list(self._bags)

    @property
    def trump(self) -> Suit:
        """Always spades (SP-2)."""
        return Suit.SPADES

    @property
    def turn_up(self) -> None:
        """No card is turned up (SP-2): always None."""
        return None

    @property
    def hand_size(self) -> int:
        """Cards each player holds after the draw: 13 (SP-2P-2)."""
        return 13

    @property
    def spades_broken(self) -> bool:
        return bool(self._trick and self._trick.broken)

    @property
    def pack(self) -> tuple[Card, ...]:
        """This hand's pack, top first (omniscient: for tests, records and
        the replay tool; players get :meth:`view`).  ``()`` when the hand was
        dealt as two 13-card hands."""
        return self._pack

    @property
    def pack_left(self) -> int:
        """Cards left in the pack (52 before the draw, 0 after it)."""
        return len(self._pack) - self._pos if self._pack else 0

    @property
    def draw_log(self) -> tuple[tuple[int, bool], ...]:
        """Public: ``(seat, kept_first)`` per draw turn of this hand."""
        return tuple(self._draw_log)

    def draw_card(self, seat: int) -> Card | None:
        """The top card ``seat`` is looking at, if it is its turn to draw; else None (SP-2P-2)."""
        seat = self._seat(seat)
        if self.phase is Phase.DRAW and self.seats_to_act[0] == seat:
            return self._pack[self._pos]
        return None

    def discards_of(self, seat: int) -> list[Card]:
        """``seat``'s discards this hand (omniscient; a player sees only its own in :meth:`view`)."""
        return cards_of(self._discards[self._seat(seat)])

    def make_deal(self, number: int) -> Deal:
        """The :class:`Deal` of deal number ``number``: the pack in that
        number's shuffled order (``engine.deal.shuffled_deck``), to draw from (SP-2P-2)."""
        return Deal((), None, number, tuple(shuffled_deck(number)))

    def _validate_deal(self, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise InvalidInputError(f"{quote(deal)} is not a Deal")
        if deal.turn_up is not None:
            raise InvalidInputError("Spades has no turned-up card (spades are always trump, SP-2)")
        if deal.pack:
            if deal.hands:
                raise InvalidInputError("a two-player deal gives either the pack to draw from or the two "
                                        "13-card hands, not both (SP-2P-2)")
            pack = deal.pack
            if not isinstance(pack, (tuple, list)) or len(pack) != 52 or not all(isinstance(c, Card) for c in pack):
                raise InvalidInputError(f"a pack is 52 Cards, top first (SP-2P-2), not {quote(pack)}")
            if len(set(pack)) != 52:
                raise InvalidInputError("a pack has each of the 52 cards once (SP-2P-2)")
            return
        self._check_deal_hands(deal, 13, "SP-2P-2")

    # ------------------------------------------------------------- checks
    def _game_over_verdict(self) -> Verdict:
        w = self.winners[0] if self.winners else None
        who = f"{PLAYER_NAMES[w]} ({self._scores[w]} points)" if w is not None else "nobody"
        return Verdict.refuse(Reason.GAME_OVER, "SP-22",
                              f"The game is over: {who} won. Start a new game to play again.",
                              winners=list(self.winners))

    def _phase_refusal(self, wanted: str) -> Verdict:
        if self.phase is Phase.GAME_OVER:
            return self._game_over_verdict()
        if self.phase is Phase.DEAL:
            return Verdict.refuse(Reason.HAND_NOT_DEALT, "SP-2P-6",
                                  f"The hand is over; the next hand has not been dealt yet, so you cannot {wanted}.")
        if self.phase is Phase.DRAW:
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-2P-2",
                                  f"The draw comes first: the players take cards from the pack in turn until it is "
                                  f"gone ({self.pack_left} cards left). You cannot {wanted} now.", phase="draw")
        if self.phase is Phase.BIDDING:
            left = [PLAYER_NAMES[s] for s in range(2) if self._bids[s] is None]
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-2P-3",
                                  f"It is still the bidding: both players bid once before any card is played "
                                  f"({' and '.join(left)} still to bid). You cannot {wanted} now.", phase="bidding")
        return Verdict.refuse(Reason.WRONG_PHASE, "SP-2P-3",
                              f"The draw and the bidding are over and the cards are being played, so you cannot "
                              f"{wanted} now.", phase="play")

    def check_draw(self, seat: int, keep: Any) -> Verdict:
        """May ``seat`` keep (``keep=True``) or discard (``keep=False``) the
        top card now (SP-2P-2)?  InvalidInputError if ``keep`` is not a bool
        or ``seat`` not 0/1; never raises for a rule."""
        seat = self._seat(seat)
        if not isinstance(keep, bool):
            raise InvalidInputError(f"keep must be True (keep the top card) or False (discard it), not {quote(keep)}")
        if self.phase is not Phase.DRAW:
            return self._phase_refusal("draw a card")
        turn = self.seats_to_act[0]
        if seat != turn:
            return Verdict.refuse(Reason.NOT_YOUR_TURN, "SP-2P-2",
                                  f"It is {PLAYER_NAMES[turn]}'s turn to draw: the non-dealer draws first, then the "
                                  f"players take turns until the pack is gone (SP-2P-2).", to_act=turn)
        top = self._pack[self._pos]
        if keep:
            return Verdict.allow(f"Yes: you keep the {top.display}; the next card is shown to you alone and "
                                 f"discarded face down (SP-2P-2).", "SP-2P-2", card=top.code, keep=True)
        return Verdict.allow(f"Yes: you discard the {top.display} face down and take the next card into your hand, "
                             f"unseen until you take it; you must keep it (SP-2P-2).", "SP-2P-2",
                             card=top.code, keep=False)

    def draw(self, seat: int, keep: bool):
        """``seat`` keeps or discards the top card (SP-2P-2).  See :meth:`apply`."""
        return self.apply(Draw(self._seat(seat), keep))

    def check(self, action: Action) -> Verdict:
        if isinstance(action, Draw):
            return self.check_draw(action.seat, action.keep)
        return super().check(action)

    def _normalize(self, action: Action) -> Action:
        if isinstance(action, Draw):
            seat = self._seat(action.seat)
            if not isinstance(action.keep, bool):
                raise InvalidInputError(f"keep must be True (keep the top card) or False (discard it), "
                                        f"not {quote(action.keep)}")
            return Draw(seat, action.keep)
        return super()._normalize(action)

    def check_bid(self, seat: int, value: Any, blind: bool = False) -> Verdict:
        """May ``seat`` bid ``value`` now?  Game over (SP-22), phase, already
        bid / not your turn (SP-2P-3: the non-dealer bids first), no Blind
        Nil (SP-2P-1), whole number, 0…13 (SP-2P-3).  Never raises for a rule (InvalidInputError for a bad seat)."""
        seat = self._seat(seat)
        if not isinstance(blind, bool):
            raise InvalidInputError(f"blind must be True or False, not {quote(blind)}")
        if self.phase is not Phase.BIDDING:
            if self.phase is Phase.PLAY and self._bids[seat] is not None:
                return Verdict.refuse(Reason.ALREADY_BID, "SP-2P-3",
                                      f"You already bid {_bid_text(self._bids[seat])} this hand; each player bids "
                                      f"exactly once (SP-2P-3).", bid=_bid_json(self._bids[seat]))
            return self._phase_refusal("bid")
        if self._bids[seat] is not None:
            return Verdict.refuse(Reason.ALREADY_BID, "SP-2P-3",
                                  f"You already bid {_bid_text(self._bids[seat])} this hand; each player bids "
                                  f"exactly once (SP-2P-3).", bid=_bid_json(self._bids[seat]))
        turn = self.seats_to_act[0]
        if seat != turn:
            return Verdict.refuse(Reason.NOT_YOUR_TURN, "SP-2P-3",
                                  f"It is {PLAYER_NAMES[turn]}'s turn to bid: the non-dealer bids first, then the "
                                  f"dealer ({PLAYER_NAMES[self.dealer]} dealt) (SP-2P-3).", to_act=turn)
        if blind:
            return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-2P-1",
                                  "There is no Blind Nil in two-player Spades (SP-2P-1): you saw every card you "
                                  "kept in the draw. You may bid Nil (0) or a number from 1 to 13.")
        bad = _whole_number_problem(value)
        if bad:
            return Verdict.refuse(Reason.BID_NOT_WHOLE_NUMBER, "SP-2P-3",
                                  f"A bid must be a whole number of tricks from 0 to 13; {bad} (SP-2P-3).",
                                  bid=quote(value))
        if not 0 <= value <= 13:
            return Verdict.refuse(Reason.BID_OUT_OF_RANGE, "SP-2P-3",
                                  f"You cannot bid {quote(value)}: bids go from 0 (Nil) to 13, the number of tricks "
                                  f"in a hand (SP-2P-3).",
                                  bid=value if abs(value) < 10 ** 30 else quote(value), low=0, high=13)
        if value == 0:
            return Verdict.allow("Yes: 0 is a Nil bid: you promise to win no trick (SP-8).", "SP-8", bid=0)
        return Verdict.allow("Yes: any whole number from 0 to 13 may be bid (SP-2P-3).", "SP-2P-3", bid=value)

    def legal_bids(self, seat: int) -> list[Bid]:
        """Every legal :class:`Bid` for ``seat`` now: Nil (0) and 1 … 13 (SP-2P-3)."""
        seat = self._seat(seat)
        if self.phase is not Phase.BIDDING or self.seats_to_act[0] != seat:
            return []
        return [Bid(seat, v) for v in range(14)]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """As :meth:`TrickGame.legal_actions`; in the draw ``[Draw(s, True), Draw(s, False)]``."""
        if self.phase is Phase.DRAW:
            turn = self.seats_to_act[0]
            if seat is None:
                seat = turn
            seat = self._seat(seat)
            return [Draw(seat, True), Draw(seat, False)] if seat == turn else []
        return super().legal_actions(seat)

    def check_look(self, seat: int) -> Verdict:
        """Allowed during a hand, and changes nothing: each player sees every
        card as it is drawn (SP-2P-2), so a two-player seat has always seen
        its cards (HAND_RECORD.md: a ``look`` by a seat that has already seen
        its cards is accepted).  Refused, as in every game, when the game is
        over or the next hand is not dealt."""
        self._seat(seat)
        if self.phase in (Phase.GAME_OVER, Phase.DEAL):
            return self._phase_refusal("look at your cards")
        return Verdict.allow("Yes: in two-player Spades you see each card as you draw it (SP-2P-2), so you "
                             "have already seen your cards; looking changes nothing.", "SP-2P-2")

    def check_exchange(self, seat: int, cards) -> Verdict:
        """Refused: no exchange with two players (SP-2P-1).  InvalidInputError for malformed cards."""
        self._seat(seat)
        parse_cards(cards)
        return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-2P-1",
                              "There is no exchange in two-player Spades: each player plays for himself, with no "
                              "partner to pass cards to, and there is no Blind Nil (SP-2P-1).")

    def check_play(self, seat: int, card: "Card | str") -> Verdict:
        """May ``seat`` play ``card`` now?  Game over, phase, turn (SP-2P-4:
        the non-dealer leads the first trick; SP-12: the winner leads the
        next), possession, spades not broken (SP-13), follow suit (SP-14)."""
        seat = self._seat(seat)
        card = parse_card(card)
        if self.phase is not Phase.PLAY:
            return self._phase_refusal("play a card")
        return self._trick.check(seat, card)

    # ------------------------------------------------------------- applying
    def _apply(self, a: Action):
        if isinstance(a, Play):
            return self._apply_play(a)
        if isinstance(a, Draw):
            pack, pos = self._pack, self._pos
            top, nxt = pack[pos], pack[pos + 1]
            kept, gone = (top, nxt) if a.keep else (nxt, top)
            self._hands[a.seat] |= kept.bit
            self._discards[a.seat] |= gone.bit
            self._seen[a.seat] |= top.bit | nxt.bit
            self._draw_log.append((a.seat, a.keep))
            self._pos = pos + 2
            if self._pos >= len(pack):
                self.phase = Phase.BIDDING
            else:
                self._seen[self.seats_to_act[0]] |= pack[self._pos].bit  # the next seat takes the top card
            return None
        if isinstance(a, Bid):
            self._bids[a.seat] = Bid(a.seat, a.value)
            if all(b is not None for b in self._bids):
                self._start_play()
            return None
        if isinstance(a, Deal):
            self._start_hand(a)
            return None
        if isinstance(a, Look):
            return None
        raise InvalidInputError(f"{quote(a)} is not an action")

    def _start_hand(self, deal: Deal) -> None:
        self.dealer = (self.dealer + 1) % 2  # SP-2P-6: the deal alternates
        self.hands_dealt += 1
        self._deal = deal
        self._bids = [None, None]
        self._trick = None
        self._discards = [0, 0]
        self._draw_log = []
        self._pos = 0
        if deal.pack:
            self._pack = tuple(deal.pack)
            self._hands = [0, 0]
            self._seen = [0, 0]
            self.phase = Phase.DRAW
            self._seen[(self.dealer + 1) % 2] |= self._pack[0].bit  # the non-dealer takes the top card
        else:
            self._pack = ()
            self._hands = [mask_of(h) for h in deal.hands]
            self._seen = list(self._hands)
            self.phase = Phase.BIDDING

    def _start_play(self) -> None:
        self._trick = TrickState(SPADES_TWO_TRICK_RULES, list(self._hands), (self.dealer + 1) % 2, self.seat_name)
        self.phase = Phase.PLAY

    def _finish_hand(self) -> None:
        won = self._trick.won
        lines: list[ScoreLine] = []
        points = []
        for p in (0, 1):
            sl, pts, bags_after = score_spades_side(p, [self._bids[p]], [won[p]], self._bags[p], self.rules,
                                                    PLAYER_NAMES)
            lines.extend(sl)
            points.append(pts)
            self._scores[p] += pts
            self._bags[p] = bags_after
        self._results.append(HandResult(
            number=self.hands_dealt, dealer=self.dealer, trump=Suit.SPADES, turn_up=None, hand_size=13,
            bids=self.bids, tricks=tuple(self._trick.tricks), tricks_won=tuple(won),
            score_lines=tuple(lines), points=tuple(points), scores_after=tuple(self._scores),
            bags_after=tuple(self._bags)))
        w = spades_winning_side(self._scores[0], self._scores[1], self.rules)
        if w is not None:
            self.winners = (w,)
            self.phase = Phase.GAME_OVER
        else:
            self.phase = Phase.DEAL

    # ------------------------------------------------------------- undo, copy
    def undo(self) -> Action | None:
        """Take back the last draw, bid or play.  Returns it, or None when
        there is nothing to take back.  Undo never unsees a card: a seat
        keeps seeing every card it saw in this hand's draw (``view.known_pack``
        lists those back in the pack), and undo never goes back past a deal
        (the non-dealer sees the top card, or both players their hands, at
        once: SP-2P-2)."""
        hist = self._history
        idx = next((i for i in range(len(hist) - 1, -1, -1) if not isinstance(hist[i], (Deal, Look))), None)
        if idx is None or any(isinstance(a, Deal) for a in hist[idx + 1:]):
            return None
        seen = list(self._seen)
        taken = hist[idx]
        self._rebuild(hist[:idx], idx)
        self._seen = [a | b for a, b in zip(self._seen, seen)]
        return taken

    def copy(self) -> "SpadesTwoGame":
        """An independent copy (same history; each seat has seen the same cards)."""
        new = super().copy()
        new._seen = list(self._seen)
        return new

    # ------------------------------------------------------------- views
    def view(self, seat: int) -> TwoSeatView:
        """What ``seat`` may see: its own kept cards, its own discards, the
        top card while it decides a draw, the public draw log (which of the
        two was kept, never the cards), bids, tricks, scores and bags; never
        the other player's cards, draw cards or discards (SP-2P-2)."""
        seat = self._seat(seat)
        tr = self._trick
        hand_mask = tr.hands[seat] if tr is not None else (self._hands[seat] if self._hands else 0)
        to_act = self.seats_to_act
        draw_card = self.draw_card(seat)
        known = 0
        if self._pack and self._pos < len(self._pack):
            rest = mask_of(self._pack[self._pos:])
            known = self._seen[seat] & rest & ~(draw_card.bit if draw_card else 0)
        return TwoSeatView(
            game=self.GAME, seat=seat, n_seats=2, phase=self.phase, hand_number=self.hands_dealt,
            hand_size=13, dealer=self.dealer, to_act=to_act,
            hand=tuple(cards_of(hand_mask)), looked=True,
            bids=self.bids, trump=Suit.SPADES, turn_up=None, broken=self.spades_broken,
            current_trick=tr.current_trick() if tr else None,
            tricks=tuple(tr.tricks) if tr else (), tricks_won=self.tricks_won,
            scores=tuple(self._scores), bags=tuple(self._bags),
            legal=tuple(self.legal_actions(seat)) if seat in to_act else (),
            rules=self.rules, last_trick=tr.tricks[-1] if tr and tr.tricks else None,
            results=tuple(self._results),
            draw_card=draw_card, discards=tuple(cards_of(self._discards[seat])),
            draw_log=tuple(self._draw_log), pack_left=self.pack_left, known_pack=tuple(cards_of(known)))

