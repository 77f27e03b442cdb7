"""Trick mechanics shared by Spades and Oh Hell.

One module decides, for both games: which cards may be played (lead
restriction on trumps, follow suit, must-trump), who wins a trick, and who
leads next.  Hands are bitmasks (see :mod:`engine.cards`).  The rules
themselves live once, in the bitmask play core :mod:`engine.playcore`:
:class:`TrickState` wraps a :class:`~engine.playcore.PlayCore` and adds
the explanations (Verdicts, rule ids), and :func:`legal_play_mask` is the
core's.  The games supply a :class:`TrickRules` with their rule ids and
options:

* Spades: trump is always spades (SP-2), trumps may not be led until broken
  (SP-13), follow suit (SP-14), breaking (SP-15), winner (SP-16).
* Oh Hell: a per-hand trump or none (OH-7), any card may be led (OH-9),
  follow suit (OH-9), must-trump option (OH-V6), winner (OH-10).

A hand without trump (Oh Hell's last hand, OH-7) is explained without
speaking of trump at all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .cards import Card, DECK, SUIT_MASKS, Suit, cards_of
from .message import Msg, render
from .playcore import PlayCore, legal_play_mask, winning_position
from .verdict import Reason, Verdict

__all__ = ["TrickRules", "Trick", "TrickState", "legal_play_mask", "winning_offset", "trick_winner",
           "explain_trick_winner", "trick_winner_msg", "PlayCore"]


@dataclass(frozen=True, slots=True)
class TrickRules:
    """How tricks are played in one game.

    ``trump``: the trump :class:`Suit` or None (no-trump hand).
    ``lead_restricted``: trumps may not be led until broken unless the hand
    holds only trumps (Spades SP-13).  ``must_trump``: a player who cannot
    follow suit must trump if able (OH-V6).  ``rule_*``: the RULES.md ids
    quoted in verdicts: ``rule_turn`` who leads the first trick and plays
    next (SP-12, OH-9), ``rule_next_lead`` the winner leads the next trick
    (SP-12, OH-10), ``rule_play`` a card not held (RULES.md has no id of
    its own for possession; Spades cites SP-14 and Oh Hell OH-9, the rules
    saying which card a player may play).  ``naming``: how the game names
    its seats in messages (``"compass"`` North …, ``"players"`` Player 1 …,
    ``"numbered"`` seat 0 …; :mod:`engine.text`).
    """

    trump: Suit | None
    lead_restricted: bool = False
    must_trump: bool = False
    rule_lead: str = "OH-9"
    rule_follow: str = "OH-9"
    rule_break: str = "SP-15"
    rule_must_trump: str = "OH-V6"
    rule_winner: str = "OH-10"
    rule_turn: str = "OH-9"
    rule_next_lead: str = "OH-10"
    rule_play: str = "OH-9"
    naming: str = "numbered"


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: ``leader`` (seat), ``cards`` in play order (Card), ``winner``
    (seat, or None while the trick is incomplete).  ``seats[i]`` played
    ``cards[i]``."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    n_seats: int = 4

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % self.n_seats for i in range(len(self.cards)))

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, or None."""
        for s, c in zip(self.seats, self.cards):
            if s == seat:
                return c
        return None

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [c.code for c in self.cards], "winner": self.winner}


def winning_offset(cards: Sequence[Card], trump: int | None) -> int:
    """Index in ``cards`` (play order) of the winning card (SP-16, OH-10):
    the highest trump if any trump was played, else the highest card of the
    suit led.  Cards of other suits never win.  (The play core's
    :func:`~engine.playcore.winning_position` on card indices.)"""
    return winning_position([c.index for c in cards], None if trump is None else int(trump))


def trick_winner(leader: int, cards: Sequence[Card], trump: int | None, n_seats: int) -> int:
    """Seat that wins a complete trick led by ``leader`` (SP-16, OH-10);
    ``trump``: a :class:`Suit` or its number 0..3, or None."""
    return (leader + winning_offset(cards, trump)) % n_seats


def trick_winner_msg(cards: Sequence[Card], trump: Suit | None, chosen: Card | None = None,
                     rule: str = "SP-16") -> Msg:
    """Why the winner of a complete trick wins (SP-16, OH-10), as a message:
    why the winning card wins and, if ``chosen`` is another card of the
    trick, why it does not; starts with "Yes: " when ``chosen`` is the
    winner.  Facts: ``winner_card``, ``led_suit``, ``trump_suit``,
    ``off_cards`` (cards of neither suit, in play order), ``chosen_card``."""
    w = cards[winning_offset(cards, trump)]
    led = cards[0].suit
    played_trump = trump is not None and any(c.suit == trump for c in cards)
    if played_trump and led != trump:
        kind = "trump_played"
    elif played_trump:
        kind = "trump_led"
    elif trump is None:
        kind = "no_trump_hand"
    else:
        kind = "no_trump_played"
    facts: dict[str, Any] = {"winner_card": w.code, "led_suit": led.letter, "rule": rule,
                             "trump_suit": None if trump is None else trump.letter}
    off = [c for c in cards if c.suit != led and c.suit != trump]
    if off:
        facts["off"] = Msg("TRICK_WINNER.off" if trump is not None else "TRICK_WINNER.off_no_trump",
                           {"off_cards": [c.code for c in off], "led_suit": led.letter, "n": len(off)})
    tail = "_off" if off else ""
    if chosen is None:
        return Msg("TRICK_WINNER.explain" + tail, {**facts, "why": Msg("TRICK_WINNER.Why." + kind, facts)})
    why = Msg("TRICK_WINNER.why." + kind, facts)
    if chosen == w:
        return Msg("TRICK_WINNER.yes" + tail, {**facts, "why": why})
    if chosen.suit != led and chosen.suit != trump:
        not_kind = "cannot_win" if trump is not None else "cannot_win_no_trump"
    elif chosen.suit == w.suit:
        not_kind = "beaten"
    else:  # chosen follows the suit led, the winner is a trump
        not_kind = "trumped"
    not_why = Msg("TRICK_WINNER." + not_kind, {"chosen_card": chosen.code, "winner_card": w.code})
    return Msg("TRICK_WINNER.not" + tail, {**facts, "why": why, "not_why": not_why})


def explain_trick_winner(cards: Sequence[Card], trump: Suit | None, chosen: Card | None = None,
                         rule: str = "SP-16") -> str:
    """:func:`trick_winner_msg` as a sentence in the current language (plain
    English by default)."""
    return render(trick_winner_msg(cards, trump, chosen, rule))


#: The play's messages without data of their own (their facts are the verdict's evidence): made once.
_FIXED = {t: Msg(t) for t in ("OK.follow", "OK.must_trump", "OK.void_trump", "OK.void", "CARD_NOT_IN_HAND",
                              "SPADES_NOT_BROKEN")}


class TrickState:
    """The play phase of one hand: hands (bitmasks), the current trick, the
    completed tricks and tricks won per seat, and whether trumps are broken.

    The state is a :class:`~engine.playcore.PlayCore` (``core``), the same
    one the simulation and the computer players use; this object adds the
    completed :class:`Trick` records and the explanations.  The owning game
    checks phase and game-over; this object checks turn, possession and the
    play rules, and applies plays.  2 to 7 seats.
    """

    __slots__ = ("rules", "core", "tricks")

    def __init__(self, rules: TrickRules, hands: list[int], leader: int):
        self.rules = rules
        self.core = PlayCore(hands, leader, None if rules.trump is None else int(rules.trump),
                             rules.lead_restricted, rules.must_trump)
        self.tricks: list[Trick] = []

    # --- queries -----------------------------------------------------------
    @property
    def n(self) -> int:
        return self.core.n

    @property
    def hands(self) -> list[int]:
        """Bitmask per seat of the cards still held (the core's list)."""
        return self.core.hands

    @property
    def leader(self) -> int:
        return self.core.leader

    @property
    def won(self) -> list[int]:
        return self.core.won

    @property
    def broken(self) -> bool:
        return self.core.broken

    @property
    def current(self) -> list[Card]:
        """The cards of the trick in progress, in play order."""
        return [DECK[i] for i in self.core.trick]

    @property
    def to_play(self) -> int:
        return self.core.to_play

    @property
    def led_suit(self) -> Suit | None:
        tr = self.core.trick
        return Suit(tr[0] // 13) if tr else None

    @property
    def done(self) -> bool:
        return self.core.done

    def legal_mask(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play now (empty if not its turn);
        the play core's :meth:`~engine.playcore.PlayCore.legal`."""
        core = self.core
        if core.done:
            return 0
        return core.legal(seat)

    def current_trick(self) -> Trick:
        return Trick(self.leader, tuple(self.current), None, self.n)

    # --- explaining --------------------------------------------------------
    def check(self, seat: int, card: Card) -> Verdict:
        """Explain whether ``seat`` may play ``card`` now (turn, possession,
        lead restriction, follow suit, must-trump).  Never raises."""
        r = self.rules
        to_play = self.to_play
        trick_cards = self.core.trick
        naming = {"naming": r.naming}
        if seat != to_play:
            if not trick_cards and not self.tricks:
                rule, text = r.rule_turn, "NOT_YOUR_TURN.first_lead"
            elif not trick_cards:
                rule, text = r.rule_next_lead, "NOT_YOUR_TURN.next_lead"
            else:
                rule, text = r.rule_turn, "NOT_YOUR_TURN.play"
            return Verdict.refuse(Reason.NOT_YOUR_TURN, rule, Msg(text, naming), to_act=to_play, card=card.code)
        hand = self.hands[seat]
        legal = self.legal_mask(seat)
        legal_codes = [c.code for c in cards_of(legal)]
        if not hand & card.bit:
            return Verdict.refuse(Reason.CARD_NOT_IN_HAND, r.rule_play, _FIXED["CARD_NOT_IN_HAND"],
                                  card=card.code, hand=[c.code for c in cards_of(hand)], legal=legal_codes)
        trump = r.trump
        if not trick_cards:
            if legal & card.bit:
                if trump is not None and card.suit == trump and r.lead_restricted:
                    text = "OK.lead_broken" if self.broken else "OK.lead_only_trumps"
                else:
                    text = "OK.lead_any_non_spade" if r.lead_restricted and not self.broken else "OK.lead_any"
                return Verdict.allow(Msg(text, {"rule_break": r.rule_break}), r.rule_lead, card=card.code,
                                     led_suit=None, legal=legal_codes)
            assert trump is not None  # a lead is refused only under the lead restriction on trumps (SP-13)
            others = cards_of(hand & ~SUIT_MASKS[trump])
            return Verdict.refuse(Reason.SPADES_NOT_BROKEN, r.rule_lead, _FIXED["SPADES_NOT_BROKEN"],
                                  card=card.code, led_suit=None, broken=False, others=[c.code for c in others],
                                  legal=legal_codes)
        led = DECK[trick_cards[0]]
        led_suit = led.suit
        follow = cards_of(hand & SUIT_MASKS[led_suit])
        ev = dict(card=card.code, led_suit=led_suit.letter, led_card=led.code,
                  could_follow=[c.code for c in follow], legal=legal_codes)
        if legal & card.bit:
            trumped_by_rule = r.must_trump and trump is not None and card.suit == trump
            if card.suit == led_suit:
                text = "OK.follow"
            elif trumped_by_rule:
                text = "OK.must_trump"
            elif trump is not None and card.suit == trump:
                text = "OK.void_trump"
            else:
                text = "OK.void"
            return Verdict.allow(_FIXED[text], r.rule_must_trump if trumped_by_rule else r.rule_follow, **ev)
        if follow:
            return Verdict.refuse(
                Reason.MUST_FOLLOW_SUIT, r.rule_follow,
                Msg("MUST_FOLLOW_SUIT", {"leader": self.leader, "led_suit_one": led_suit.letter, "n": len(follow),
                                         **naming}), **ev)
        assert trump is not None  # must-trump is the only rule left
        trumps = cards_of(hand & SUIT_MASKS[trump])
        return Verdict.refuse(Reason.MUST_TRUMP, r.rule_must_trump, Msg("MUST_TRUMP", {"n": len(trumps)}),
                              trumps=[c.code for c in trumps], **ev)

    # --- applying ----------------------------------------------------------
    def apply(self, seat: int, card: Card) -> Trick | None:
        """Play ``card`` for ``seat`` (already checked legal: ``seat`` is the
        seat to play).  Returns the completed :class:`Trick` when this card
        ends one, else None."""
        core = self.core
        leader = core.leader
        played = core.trick  # the core starts a new list for the next trick
        winner = core.play(card.index)  # SP-15 breaking, SP-16/OH-10 winner: the core's
        if winner is None:
            return None
        trick = Trick(leader, tuple(DECK[i] for i in played), winner, core.n)
        self.tricks.append(trick)
        return trick
