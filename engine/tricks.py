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
from typing import Callable, Sequence

from .cards import Card, DECK, SUIT_MASKS, Suit, cards_of, describe_cards
from .playcore import PlayCore, legal_play_mask, winning_position
from .verdict import Reason, Verdict

__all__ = ["TrickRules", "Trick", "TrickState", "legal_play_mask", "winning_offset", "trick_winner",
           "explain_trick_winner", "PlayCore"]


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
    saying which card a player may play).
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

    def to_json(self) -> dict:
        return {"leader": self.leader, "cards": [c.code for c in self.cards], "winner": self.winner}


def winning_offset(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in ``cards`` (play order) of the winning card (SP-16, OH-10):
    the highest trump if any trump was played, else the highest card of the
    suit led.  Cards of other suits never win.  (The play core's
    :func:`~engine.playcore.winning_position` on card indices.)"""
    return winning_position([c.index for c in cards], None if trump is None else int(trump))


def trick_winner(leader: int, cards: Sequence[Card], trump: Suit | None, n_seats: int) -> int:
    """Seat that wins a complete trick led by ``leader`` (SP-16, OH-10)."""
    return (leader + winning_offset(cards, trump)) % n_seats


def explain_trick_winner(cards: Sequence[Card], trump: Suit | None, chosen: Card | None = None,
                         rule: str = "SP-16") -> str:
    """Plain English for who wins a complete trick (SP-16, OH-10): why the
    winning card wins and, if ``chosen`` is another card of the trick, why it
    does not.  Starts with "Yes: " when ``chosen`` is the winner."""
    w = cards[winning_offset(cards, trump)]
    led = cards[0].suit
    played_trump = trump is not None and any(c.suit == trump for c in cards)
    if played_trump and led != trump:
        why = (f"the {w.display} wins: a trump ({trump.noun}) was played, and the highest trump "
               f"wins the trick ({rule}).")
    elif played_trump:
        why = f"the {w.display} wins: {led.noun} were led and are trump, and it is the highest of them ({rule})."
    elif trump is None:
        why = (f"the {w.display} wins: this hand has no trump, so the highest card of the suit led "
               f"({led.noun}) wins ({rule}).")
    else:
        why = (f"the {w.display} wins: no trump was played, so the highest card of the suit led "
               f"({led.noun}) wins ({rule}).")
    off = [c for c in cards if c.suit != led and c.suit != trump]
    if off:
        what = f"neither {led.noun} nor trump" if trump is not None else f"not {led.noun}"
        why += (f" Off-suit cards never win: {', '.join(c.display for c in off)} "
                f"{'is' if len(off) == 1 else 'are'} {what}.")
    if chosen is None:
        return why[0].upper() + why[1:]
    if chosen == w:
        return "Yes: " + why
    if chosen.suit != led and chosen.suit != trump:
        not_why = (f"The {chosen.display} cannot win: it is neither the suit led nor a trump." if trump is not None
                   else f"The {chosen.display} cannot win: it is not of the suit led, and this hand has no trump.")
    elif chosen.suit == w.suit:
        not_why = f"The {chosen.display} is beaten by the higher {w.display}."
    else:  # chosen follows the suit led, the winner is a trump
        not_why = f"The {chosen.display} follows suit, but a trump beats every card of the suit led."
    return f"{not_why} In this trick {why}"


class TrickState:
    """The play phase of one hand: hands (bitmasks), the current trick, the
    completed tricks and tricks won per seat, and whether trumps are broken.

    The state is a :class:`~engine.playcore.PlayCore` (``core``), the same
    one the simulation and the computer players use; this object adds the
    completed :class:`Trick` records and the explanations.  The owning game
    checks phase and game-over; this object checks turn, possession and the
    play rules, and applies plays.  2 to 7 seats.
    """

    __slots__ = ("rules", "core", "tricks", "seat_name")

    def __init__(self, rules: TrickRules, hands: list[int], leader: int,
                 seat_name: Callable[[int], str] = lambda s: f"seat {s}"):
        self.rules = rules
        self.core = PlayCore(hands, leader, None if rules.trump is None else int(rules.trump),
                             rules.lead_restricted, rules.must_trump)
        self.tricks: list[Trick] = []
        self.seat_name = seat_name

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
        if seat != to_play:
            name = self.seat_name(to_play)
            if not trick_cards and not self.tricks:
                rule = r.rule_turn
                text = (f"It is not your turn: {name} leads the first trick "
                        f"(the player left of the dealer leads to the first trick, {rule}).")
            elif not trick_cards:
                rule = r.rule_next_lead
                text = (f"It is not your turn: {name} won the last trick, so {name} leads this one "
                        f"(the winner of a trick leads the next, {rule}).")
            else:
                rule = r.rule_turn
                text = f"It is not your turn: {name} plays next (play goes clockwise, {rule})."
            return Verdict.refuse(Reason.NOT_YOUR_TURN, rule, text, to_act=to_play, card=card.code)
        hand = self.hands[seat]
        legal = self.legal_mask(seat)
        legal_codes = [c.code for c in cards_of(legal)]
        if not hand & card.bit:
            return Verdict.refuse(
                Reason.CARD_NOT_IN_HAND, r.rule_play,
                f"You don't hold the {card.display}: you can only play a card from your own hand "
                f"({r.rule_play}). Your cards are {describe_cards(cards_of(hand))}.",
                card=card.code, hand=[c.code for c in cards_of(hand)], legal=legal_codes)
        trump = r.trump
        if not trick_cards:
            if legal & card.bit:
                if trump is not None and card.suit == trump and r.lead_restricted:
                    if self.broken:
                        why = f"spades are broken, so you may lead the {card.display} ({r.rule_lead})."
                    else:
                        why = (f"you hold only spades, so you may lead the {card.display}, "
                               f"and leading it breaks spades ({r.rule_lead}, {r.rule_break}).")
                else:
                    why = f"the leader may lead any {'non-spade ' if r.lead_restricted and not self.broken else ''}card ({r.rule_lead})."
                return Verdict.allow("Yes: " + why, r.rule_lead, card=card.code, led_suit=None, legal=legal_codes)
            others = cards_of(hand & ~SUIT_MASKS[trump])
            return Verdict.refuse(
                Reason.SPADES_NOT_BROKEN, r.rule_lead,
                f"Spades are not broken yet, so you may not lead the {card.display}. "
                f"Lead one of your other cards: {describe_cards(others)} ({r.rule_lead}).",
                card=card.code, led_suit=None, broken=False, others=[c.code for c in others], legal=legal_codes)
        led = DECK[trick_cards[0]]
        led_suit = led.suit
        leader_name = self.seat_name(self.leader)
        follow = cards_of(hand & SUIT_MASKS[led_suit])
        ev = dict(card=card.code, led_suit=led_suit.letter, led_card=led.code,
                  could_follow=[c.code for c in follow], legal=legal_codes)
        if legal & card.bit:
            if card.suit == led_suit:
                why = f"{led_suit.noun} were led and you follow suit with the {card.display} ({r.rule_follow})."
            elif r.must_trump and trump is not None and card.suit == trump:
                why = (f"you have no {led_suit.noun}, and with must-trump on you trump with the "
                       f"{card.display} ({r.rule_must_trump}).")
            elif trump is not None and card.suit == trump:
                why = (f"you have no {led_suit.noun}, so you may play any card; the {card.display} "
                       f"is a trump ({r.rule_follow}).")
            else:
                why = f"you have no {led_suit.noun}, so you may play any card ({r.rule_follow})."
            trumped_by_rule = r.must_trump and trump is not None and card.suit == trump
            return Verdict.allow("Yes: " + why, r.rule_must_trump if trumped_by_rule else r.rule_follow, **ev)
        if follow:
            return Verdict.refuse(
                Reason.MUST_FOLLOW_SUIT, r.rule_follow,
                f"You must follow suit: {leader_name} led the {led.display}, and you hold "
                f"{'a ' + led_suit.singular if len(follow) == 1 else led_suit.noun} "
                f"({describe_cards(follow)}), so you must play "
                f"{'it' if len(follow) == 1 else 'one of them'}, not the {card.display} ({r.rule_follow}).",
                **ev)
        trumps = cards_of(hand & SUIT_MASKS[trump])  # must-trump is the only rule left
        return Verdict.refuse(
            Reason.MUST_TRUMP, r.rule_must_trump,
            f"Must-trump (La Podrida, {r.rule_must_trump}) is on: you have no {led_suit.noun}, and you hold "
            f"{'a trump' if len(trumps) == 1 else 'trumps'} ({describe_cards(trumps)}), so you must play "
            f"{'it' if len(trumps) == 1 else 'one of them'}, not the {card.display}.",
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
