"""The table's Hint during the play of a hand: a good card and why.

The card is the one the level-2 ("club") computer player would choose in
the learner's place, from the learner's own view only (its cards, the cards
played, the bids): :func:`engine.bots.sampling.club_choice`, which picks among
the engine's legal cards, so a hint never names a card a rule forbids.  Its
reason comes back as a reason key (:data:`engine.bots.sampling.R_ONLY` …);
the learner's sentence for each key is here (:data:`REASONS`), with named
placeholders, never built from the engine's words.

Headless::

    hint = play_hint(game.view(seat))     # seat's turn to play
    hint.card, hint.headline, hint.lines
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

from engine import DECK, Card, Play
from engine.bots import sampling as S
from engine.bots.strategies import strategy_for
from engine.cards import mask_of
from engine.game import SeatView

__all__ = ["PlayHint", "play_hint", "REASONS", "HEADLINE", "SOURCE"]

log = logging.getLogger("tutor.table")

#: The hint's headline ({card}: the card, as "7♥").
HEADLINE = "Hint: play the {card}."
#: Where the card comes from.
SOURCE = "This is the card the club-level computer player would choose in your place, from what you can see."
#: Why, for each reason key of :func:`engine.bots.sampling.club_card` ({card}: the card; {suit}: its suit, "hearts").
REASONS: dict[str, str] = {
    S.R_ONLY: "The {card} is the only card the rules let you play now.",
    S.R_LEAD_MASTER: "The {card} is the highest {suit} still out, so it should win this trick.",
    S.R_LEAD_TRUMP: ("Leading a high trump makes the other players spend their trumps, so they cannot trump "
                     "your winners later."),
    S.R_LEAD_SHORT: ("The {card} is your only card in {suit}: once it is gone you can trump {suit} when someone "
                     "leads them."),
    S.R_LEAD_LONG: ("A low card from your longest suit keeps your high cards for later, and the last cards of a "
                    "long suit often win once the others have none."),
    S.R_LEAD_LOW: "You do not need to win this trick, so lead a low card and keep your high cards.",
    S.R_DUCK_HIGH: ("You do not want this trick: the {card} is your highest card that still loses it, so it gets "
                    "rid of a dangerous card safely."),
    S.R_DUCK_LOW: ("Each of your cards would win this trick for now; with the lowest, the players after you have "
                   "the best chance to beat it."),
    S.R_DUCK_DUMP: ("Each of your cards wins this trick and nobody plays after you, so play your highest: you take "
                    "this trick anyway and lose a card that could win another."),
    S.R_COVER: ("Your partner bid Nil and plays after you: win the trick with a high card, so your partner can "
                "play under it."),
    S.R_OVERTAKE: "Your partner bid Nil and is winning this trick: beat your partner's card to save the Nil.",
    S.R_LEAD_COVER: "Your partner bid Nil: lead a high card, so your partner can play under it.",
    S.R_BREAK_LOW: ("An opponent bid Nil: a low card leaves that player more chances to win a trick and lose "
                    "the Nil."),
    S.R_BREAK_UNDER: ("An opponent who bid Nil is winning this trick: stay under that card, so the Nil player "
                      "takes the trick."),
    S.R_PARTNER_WINS: "Your partner is winning this trick already, so play a low card and keep your high ones.",
    S.R_WIN_CHEAP: "You play last: the {card} is your lowest card that wins the trick.",
    S.R_WIN_MASTER: "The {card} is the highest {suit} still out, so it wins the trick whoever plays after you.",
    S.R_SECOND_LOW: ("You play second: a low card keeps your high ones, because the players after you may still "
                     "beat them (“second hand low”)."),
    S.R_THIRD_HIGH: ("Play high: the {card} may win the trick, or at least make the last player use a higher card "
                     "(“third hand high”)."),
    S.R_RUFF: "You have none of the suit led: the {card} is your lowest trump that wins the trick.",
    S.R_CANT_WIN: "None of your cards can win this trick, so play your lowest and keep the better ones.",
}
#: A reason key with no sentence here (an engine newer than these words).
REASON_UNKNOWN = "The {card} is a card the rules allow, and the computer player's choice."


@dataclass(frozen=True)
class PlayHint:
    """A good card for the learner now: ``card`` (always one of the legal
    plays), ``reason`` (the computer player's reason key), ``headline`` and
    ``lines`` (the learner's sentences: why, and where it comes from)."""

    card: Card
    reason: str
    headline: str
    lines: tuple[str, ...]


def play_hint(view: SeatView, name: Callable[[int], str] | None = None) -> PlayHint:
    """The hint for ``view`` (the learner's :class:`~engine.game.SeatView`
    in its turn to play, SP-12…SP-16 / OH-9…OH-10).  ``name(seat)``: the
    table's seat names (not used by the present sentences; kept so that a
    sentence may name a seat).  Raises ValueError when the view has no card
    to play."""
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    if not legal:
        raise ValueError(f"seat {view.seat} has no card to play now")
    hands = [0] * view.n_seats
    hands[view.seat] = mask_of(view.hand or ())
    state = strategy_for(view).state(view, hands)  # the game's own play terms (SP-13, SP-2P-4, OH-V6 …)
    index, reason = S.club_choice(state, view.seat, mask_of(legal))
    card = DECK[index]
    if card not in legal:  # cannot happen: club_card picks from the legal cards; never hint an illegal one
        log.error("club_card chose %s, not a legal card of %s", card, legal)
        card, reason = legal[0], ""
    words = REASONS.get(reason, REASON_UNKNOWN)
    why = words.format(card=card.display, suit=card.suit.noun)
    return PlayHint(card, reason, HEADLINE.format(card=card.display), (why, SOURCE))
