"""Spades for two players, exactly as RULES.md SP-2P-1 … SP-2P-6 states it.

Two seats, 0 and 1 ("Player 1", "Player 2"), each for themselves (SP-2P-1):
no Blind Nil, no exchange, no partner.  A hand is a **draw** (SP-2P-2), then
bidding 0 (Nil) … 13 (SP-2P-3), then 13 two-card tricks under SP-13 … SP-16
(SP-2P-4), scored per player with SP-17 … SP-20, each player's contract
being their own bid (SP-2P-5), to ``rules.target_score`` (SP-22, SP-H9).
The deal alternates (SP-2P-6).  Everything four-player Spades has too
(options, scores and bags, the bidding's rules, scoring, winning) is
:class:`~engine.games.spades.SpadesBase`'s; this module adds the draw, the
two-seat view and the record codec's two-player parts.

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
>>> from engine.cards import parse_cards
>>> standard_keep(parse_cards("KH")[0]), standard_keep(parse_cards("9D")[0])
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..actions import Action, Bid, Deal, Draw, Look, Phase, Play
from ..cards import Card, Rank, Suit, cards_of, mask_of
from ..deal import shuffled_deck
from ..errors import InvalidInputError
from ..message import M_, Msg, msg
from ..spec import GameSpec, RecordCodec
from ..tricks import Trick, TrickRules, TrickState
from ..verdict import Reason, Verdict
from ..views import SeatView
from .spades import SPADES_RULE_IDS, SpadesBase, SpadesRules, score_spades_side, spades_winning_side

__all__ = ["SpadesTwoGame", "TwoSeatView", "PLAYER_NAMES", "standard_draw", "standard_keep",
           "draw_outcome", "two_player_rules_problem", "two_player_rules_issue", "start_scores_problem_two",
           "SPADES_TWO_TRICK_RULES", "record_number_draw", "record_hand_out", "SPEC"]

#: The two seats' names in English (seats 0 and 1; no compass letters, SP-2P-1).
PLAYER_NAMES = ("Player 1", "Player 2")
SPADES_TWO_TRICK_RULES = TrickRules(trump=Suit.SPADES, lead_restricted=True, must_trump=False,
                                    rule_lead="SP-13", rule_follow="SP-14", rule_break="SP-15",
                                    rule_winner="SP-16", rule_turn="SP-2P-4", rule_next_lead="SP-12",
                                    rule_play="SP-14", naming="players")


# ----------------------------------------------------------------------------- the draw, as pure functions
def standard_keep(card: Card) -> bool:
    """The standard draw policy (level-1 computer player, and the draw a hand
    record's ``deal_number`` implies): keep the top card if it is a spade
    (trump) or a queen, king or ace; otherwise discard it and take the next
    card unseen (SP-2P-2)."""
    return card.suit is Suit.SPADES or card.rank >= Rank.QUEEN


def standard_draw(pack: Sequence[Card], dealer: int) -> list[Draw]:
    """The 26 :class:`Draw` actions of the standard draw policy
    (:func:`standard_keep`) for ``pack`` (52 Cards, top first) dealt by
    ``dealer`` (0 or 1): the non-dealer draws first, then turns alternate
    (SP-2P-2).  Deterministic: the same pack and dealer give the same draw."""
    if len(pack) != 52:
        raise InvalidInputError(msg("PACK_SIZE", n=len(pack)))
    return [Draw((dealer + 1 + t) % 2, standard_keep(pack[2 * t])) for t in range(26)]


def draw_outcome(pack: Sequence[Card], dealer: int, keeps: Sequence[bool]) -> tuple[list[list[Card]], list[list[Card]]]:
    """``(hands, discards)`` per seat after the draw turns ``keeps`` (one
    bool per turn, in turn order: True keeps the top card) from ``pack``
    dealt by ``dealer`` (SP-2P-2)."""
    hands: list[list[Card]] = [[], []]
    discards: list[list[Card]] = [[], []]
    for t, keep in enumerate(keeps):
        seat = (dealer + 1 + t) % 2
        top, nxt = pack[2 * t], pack[2 * t + 1]
        hands[seat].append(top if keep else nxt)
        discards[seat].append(nxt if keep else top)
    return hands, discards


# ----------------------------------------------------------------------------- options two players cannot use
#: The options that must stay at their defaults with two players (SP-H2, SP-H3, SP-H6; SP-2P-1).
TWO_PLAYER_FIXED = ("blind_nil", "blind_nil_pass", "min_contract")

def two_player_rules_issue(rules: SpadesRules) -> Msg | None:
    """Why ``rules`` cannot be used with two players (a message naming the
    option), or None.  Blind Nil and its exchange do not exist with two
    players (SP-2P-1), and SP-H6 needs partners; SP-H7 is allowed and
    changes nothing (RULES.md, Spades for two players)."""
    for name in TWO_PLAYER_FIXED:
        value, default = rules.value(name), SpadesRules.option(name).default
        if value != default:
            return msg(f"TWO_PLAYER_OPTION.{name}", value=value, default=default)
    return None


def two_player_rules_problem(rules: SpadesRules) -> str | None:
    """:func:`two_player_rules_issue` as a sentence in the current language."""
    issue = two_player_rules_issue(rules)
    return None if issue is None else str(issue)


def start_scores_issue_two(scores: Any, rules: SpadesRules) -> Msg | None:
    """Why ``scores`` [player 0, player 1] cannot start a two-player game
    to ``rules.target_score`` (SP-22, SP-H8 per player), or None."""
    p0, p1 = scores
    if spades_winning_side(p0, p1, rules) is None:
        return None
    return msg("START.two_floor" if rules.loss_floor is not None else "START.two", value=[p0, p1],
               target=rules.target_score, floor=rules.loss_floor)


def start_scores_problem_two(scores: Any, rules: SpadesRules) -> str | None:
    """:func:`start_scores_issue_two` as a sentence in the current language."""
    issue = start_scores_issue_two(scores, rules)
    return None if issue is None else str(issue)


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


# ----------------------------------------------------------------------------- the game
class SpadesTwoGame(SpadesBase):
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

    n_seats = 2
    RULE_DEAL = "SP-2P-2"
    RULE_NEXT_DEAL = "SP-2P-6"
    RULE_BID = "SP-2P-3"
    RULE_BID_VALUE = "SP-2P-3"
    TEXT_ALREADY_BID_DURING = "ALREADY_BID.once_each"
    TEXT_ALREADY_BID_AFTER = "ALREADY_BID.once_each"
    TEXT_BID_TURN = "NOT_YOUR_TURN.bid_two"
    TEXT_SCORES_PAIR = "SCORES_PAIR.players"
    #: A look changes nothing: each card is seen as it is drawn (SP-2P-2).
    TEXT_LOOK = "OK.look_two"
    RULE_LOOK = "SP-2P-2"

    _pack: tuple[Card, ...]
    _pos: int
    _discards: list[int]
    _draw_log: list[tuple[int, bool]]
    _seen: list[int]

    def _rules_issue(self, rules: SpadesRules) -> Msg | None:
        return two_player_rules_issue(rules)

    def _start_issue(self, scores: Sequence[int], rules: SpadesRules) -> Msg | None:
        return start_scores_issue_two(scores, rules)

    # ------------------------------------------------------------- state
    def _reset(self) -> None:
        self._reset_common(2)
        self._pack = ()
        self._pos = 0
        self._discards = [0, 0]
        self._draw_log = []
        self._seen = [0, 0]

    def bid_label(self, value: int, blind: bool = False) -> str:
        return str(msg("bid.name", bid_words="nil")) if value == 0 else str(value)

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.DRAW:
            return ((self.dealer + 1 + self._pos // 2) % 2,)
        if self.phase is Phase.BIDDING:
            n = sum(b is not None for b in self._bids)
            return ((self.dealer + 1 + n) % 2,)
        if self.phase is Phase.PLAY and self._trick is not None:
            return (self._trick.core.to_play,)
        return ()

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
            raise InvalidInputError(msg("NOT_A_DEAL", value=deal))
        if deal.turn_up is not None:
            raise InvalidInputError(msg("NO_TURN_UP.spades"))
        if deal.pack:
            if deal.hands:
                raise InvalidInputError(msg("DEAL_PACK_AND_HANDS"))
            pack = deal.pack
            if not isinstance(pack, (tuple, list)) or len(pack) != 52 or not all(isinstance(c, Card) for c in pack):
                raise InvalidInputError(msg("DEAL_PACK_SHAPE", value=pack))
            if len(set(pack)) != 52:
                raise InvalidInputError(msg("DEAL_PACK_TWICE"))
            return
        self._check_deal_hands(deal, 13, "SP-2P-2")

    # ------------------------------------------------------------- checks
    def _hand_phase_refusal(self, wanted: str) -> Verdict:
        if self.phase is Phase.DRAW:
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-2P-2",
                                  msg("WRONG_PHASE.draw", pack_left=self.pack_left, wanted=wanted), phase="draw")
        if self.phase is Phase.BIDDING:
            waiting = [s for s in range(2) if self._bids[s] is None]
            return Verdict.refuse(Reason.WRONG_PHASE, "SP-2P-3",
                                  msg("WRONG_PHASE.bidding_two", waiting_and=waiting, naming="players",
                                      wanted=wanted), phase="bidding")
        return Verdict.refuse(Reason.WRONG_PHASE, "SP-2P-3", msg("WRONG_PHASE.play_two", wanted=wanted), phase="play")

    def check_draw(self, seat: int, keep: Any) -> Verdict:
        """May ``seat`` keep (``keep=True``) or discard (``keep=False``) the
        top card now (SP-2P-2)?  InvalidInputError if ``keep`` is not a bool
        or ``seat`` not 0/1; never raises for a rule."""
        seat = self._seat(seat)
        if not isinstance(keep, bool):
            raise InvalidInputError(msg("KEEP_NOT_BOOL", value=keep))
        if self.phase is not Phase.DRAW:
            return self._phase_refusal("draw")
        turn = self.seats_to_act[0]
        if seat != turn:
            return Verdict.refuse(Reason.NOT_YOUR_TURN, "SP-2P-2", msg("NOT_YOUR_TURN.draw", naming="players"),
                                  to_act=turn)
        top = self._pack[self._pos]
        if keep:
            return Verdict.allow(msg("OK.draw_keep"), "SP-2P-2", card=top.code, keep=True)
        return Verdict.allow(msg("OK.draw_discard"), "SP-2P-2", card=top.code, keep=False)

    def draw(self, seat: int, keep: bool) -> Trick | None:
        """``seat`` keeps or discards the top card (SP-2P-2).  See :meth:`apply`."""
        return self.apply(Draw(self._seat(seat), keep))

    def _check_other(self, action: Any) -> Verdict:
        if isinstance(action, Draw):
            return self.check_draw(action.seat, action.keep)
        return super()._check_other(action)

    def _normalize(self, action: Any) -> Action:
        if isinstance(action, Draw):
            seat = self._seat(action.seat)
            if not isinstance(action.keep, bool):
                raise InvalidInputError(msg("KEEP_NOT_BOOL", value=action.keep))
            return Draw(seat, action.keep)
        return super()._normalize(action)

    def _check_blind_bid(self, seat: int, value: Any) -> Verdict:
        """No Blind Nil with two players (SP-2P-1)."""
        return Verdict.refuse(Reason.BLIND_NIL_NOT_IN_THIS_GAME, "SP-2P-1", msg("BLIND_NIL_NOT_IN_THIS_GAME.two"))

    def _blind_nil_bids(self, seat: int) -> list[Bid]:
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """As :meth:`TrickGame.legal_actions`; in the draw ``[Draw(s, True), Draw(s, False)]``."""
        if self.phase is Phase.DRAW:
            turn = self.seats_to_act[0]
            if seat is None:
                seat = turn
            seat = self._seat(seat)
            return [Draw(seat, True), Draw(seat, False)] if seat == turn else []
        return super().legal_actions(seat)

    def _check_exchange(self, seat: int, cards: tuple[Card, ...]) -> Verdict:
        """Refused: no exchange with two players (SP-2P-1)."""
        return Verdict.refuse(Reason.EXCHANGE_NOT_IN_EXCHANGE, "SP-2P-1", msg("EXCHANGE_NOT_IN_EXCHANGE.two"))

    # ------------------------------------------------------------- applying
    def _apply(self, a: Action) -> Trick | None:
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
        raise InvalidInputError(msg("NOT_AN_ACTION", value=a))

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
        self._trick = TrickState(SPADES_TWO_TRICK_RULES, list(self._hands), (self.dealer + 1) % 2)
        self.phase = Phase.PLAY

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
        draw_card = self.draw_card(seat)
        known = 0
        if self._pack and self._pos < len(self._pack):
            rest = mask_of(self._pack[self._pos:])
            known = self._seen[seat] & rest & ~(draw_card.bit if draw_card else 0)
        return TwoSeatView(
            hand=tuple(cards_of(hand_mask)), looked=True,
            draw_card=draw_card, discards=tuple(cards_of(self._discards[seat])),
            draw_log=tuple(self._draw_log), pack_left=self.pack_left, known_pack=tuple(cards_of(known)),
            **self._view_fields(seat))


# ----------------------------------------------------------------------------- hand records
def record_number_draw(game: Any) -> None:
    """After a hand record's ``deal_number`` deal: play the standard draw
    (:func:`standard_draw`), as HAND_RECORD.md says ("with ``deal_number``
    the engine plays its own reproducible draw", SP-2P-2)."""
    if game.phase is Phase.DRAW and game.pack_left == 52:
        for d in standard_draw(game.pack, game.dealer):
            game.apply(d)


def record_hand_out(deal: Deal, actions: list[Any], dealer: int) -> tuple[dict[str, Any], list[Any]] | None:
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


def _rules_from_json(obj: Any, seats: int) -> SpadesRules:
    rules = SpadesRules.from_json(obj)
    problem = two_player_rules_issue(rules)
    if problem is not None:
        raise InvalidInputError(problem)
    return rules


def _ids(prefix: str, n: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, n + 1))


# TRANSLATORS: the name of Spades for two players.
TITLE_TWO = M_("game.spades_two", "Spades for two")
# TRANSLATORS: how start scores are listed in an error ("must be 2 whole numbers [player 0, player 1]").
SCORES_NOTE_TWO = M_("spades_two.scores_note", " [player 0, player 1]")

SPEC = GameSpec(
    name="spades", title=TITLE_TWO, seat_counts=(2,), seats_rule="SP-2P-1", naming="players",
    sides=lambda n: ((0,), (1,)),  # each for themselves: scores and bags per player (SP-2P-1, SP-2P-5)
    game_class=SpadesTwoGame, rules_class=SpadesRules, rules_from_json=_rules_from_json,
    phases=(Phase.DEAL, Phase.DRAW, Phase.BIDDING, Phase.PLAY, Phase.GAME_OVER),
    rule_ids=SPADES_RULE_IDS + _ids("SP-2P-", 6), scorer=score_spades_side,
    max_bid=13, fixed_trump=Suit.SPADES,
    codec=RecordCodec(
        hand_size=lambda rules, index: 13,
        bid_words=(("nil", 0, False), ("blind_nil", 0, True)), score_key="seat",
        scores_note=SCORES_NOTE_TWO, has_bags=True, no_turn_up=msg("REC_NO_TURN_UP.spades"),
        start_problem=start_scores_issue_two,
        after_number_deal=record_number_draw, hand_out=record_hand_out),
)
SpadesTwoGame.spec = SPEC
