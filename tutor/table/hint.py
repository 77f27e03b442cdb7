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
from engine.message import Text

from ..text import M_, say

__all__ = ["PlayHint", "play_hint", "REASONS", "HEADLINE", "SOURCE"]

log = logging.getLogger("tutor.table")

# TRANSLATORS: the play hint's headline; {card} the card ("7♥").
HEADLINE = M_("hint.headline", "Hint: play the {card}.")
# TRANSLATORS: under the play hint: where the card comes from.
SOURCE = M_("hint.source", "This is the card the club-level computer player would choose in your place, from what "
                           "you can see.")
#: Why, for each reason key of :func:`engine.bots.sampling.club_choice` ({card}: the card; {suit}: its suit, "hearts").
REASONS: dict[str, Text] = {
    # TRANSLATORS: why the play hint's card (reason ONLY); {card} the card, {suit} its suit where named.
    S.R_ONLY: M_("hint.only", "The {card} is the only card the rules let you play now."),
    # TRANSLATORS: why the play hint's card (reason LEAD_MASTER); {card} the card, {suit} its suit where named.
    S.R_LEAD_MASTER: M_("hint.lead_master", "The {card} is the highest of the {suit} still out, so it should win "
                                            "this trick."),
    # TRANSLATORS: why the play hint's card (reason LEAD_TRUMP); {card} the card, {suit} its suit where named.
    S.R_LEAD_TRUMP: M_("hint.lead_trump", "Leading a high trump makes the other players spend their trumps, so "
                                          "they cannot trump your winners later."),
    # TRANSLATORS: why the play hint's card (reason LEAD_SHORT); {card} the card, {suit} its suit where named.
    S.R_LEAD_SHORT: M_("hint.lead_short", "The {card} is your only card in {suit}: once it is gone you can "
                                          "trump {suit} when someone leads them."),
    # TRANSLATORS: why the play hint's card (reason LEAD_LONG); {card} the card, {suit} its suit where named.
    S.R_LEAD_LONG: M_("hint.lead_long", "A low card from your longest suit keeps your high cards for later, and"
                                        " the last cards of a long suit often win once the others have none."),
    # TRANSLATORS: why the play hint's card (reason LEAD_LOW); {card} the card, {suit} its suit where named.
    S.R_LEAD_LOW: M_("hint.lead_low", "You do not need to win this trick, so lead a low card and keep your high"
                                      " cards."),
    # TRANSLATORS: why the play hint's card (reason DUCK_HIGH); {card} the card, {suit} its suit where named.
    S.R_DUCK_HIGH: M_("hint.duck_high", "You do not want this trick: the {card} is your highest card that still"
                                        " loses it, so it gets rid of a dangerous card safely."),
    # TRANSLATORS: why the play hint's card (reason DUCK_LOW); {card} the card, {suit} its suit where named.
    S.R_DUCK_LOW: M_("hint.duck_low", "Each of your cards would win this trick for now; with the lowest, the "
                                      "players after you have the best chance to beat it."),
    # TRANSLATORS: why the play hint's card (reason DUCK_DUMP); {card} the card, {suit} its suit where named.
    S.R_DUCK_DUMP: M_("hint.duck_dump", "Each of your cards wins this trick and nobody plays after you, so play"
                                        " your highest: you take this trick anyway and lose a card that could "
                                        "win another."),
    # TRANSLATORS: why the play hint's card (reason COVER); {card} the card, {suit} its suit where named.
    S.R_COVER: M_("hint.cover", "Your partner bid Nil and plays after you: win the trick with a high card, so "
                                "your partner can play under it."),
    # TRANSLATORS: why the play hint's card (reason OVERTAKE); {card} the card, {suit} its suit where named.
    S.R_OVERTAKE: M_("hint.overtake", "Your partner bid Nil and is winning this trick: beat your partner's card"
                                      " to save the Nil."),
    # TRANSLATORS: why the play hint's card (reason LEAD_COVER); {card} the card, {suit} its suit where named.
    S.R_LEAD_COVER: M_("hint.lead_cover", "Your partner bid Nil: lead a high card, so your partner can play "
                                          "under it."),
    # TRANSLATORS: why the play hint's card (reason BREAK_LOW); {card} the card, {suit} its suit where named.
    S.R_BREAK_LOW: M_("hint.break_low", "An opponent bid Nil: a low card leaves that player more chances to win"
                                        " a trick and lose the Nil."),
    # TRANSLATORS: why the play hint's card (reason BREAK_UNDER); {card} the card, {suit} its suit where named.
    S.R_BREAK_UNDER: M_("hint.break_under", "An opponent who bid Nil is winning this trick: stay under that "
                                            "card, so the Nil player takes the trick."),
    # TRANSLATORS: why the play hint's card (reason PARTNER_WINS); {card} the card, {suit} its suit where named.
    S.R_PARTNER_WINS: M_("hint.partner_wins", "Your partner is winning this trick already, so play a low card "
                                              "and keep your high ones."),
    # TRANSLATORS: why the play hint's card (reason WIN_CHEAP); {card} the card, {suit} its suit where named.
    S.R_WIN_CHEAP: M_("hint.win_cheap", "You play last: the {card} is your lowest card that wins the trick."),
    # TRANSLATORS: why the play hint's card (reason WIN_MASTER); {card} the card, {suit} its suit where named.
    S.R_WIN_MASTER: M_("hint.win_master", "The {card} is the highest of the {suit} still out, so it wins the "
                                          "trick whoever plays after you."),
    # TRANSLATORS: why the play hint's card (reason SECOND_LOW); {card} the card, {suit} its suit where named.
    S.R_SECOND_LOW: M_("hint.second_low", "You play second: a low card keeps your high ones, because the "
                                          "players after you may still beat them (“second hand low”)."),
    # TRANSLATORS: why the play hint's card (reason THIRD_HIGH); {card} the card, {suit} its suit where named.
    S.R_THIRD_HIGH: M_("hint.third_high", "Play high: the {card} may win the trick, or at least make the last "
                                          "player use a higher card (“third hand high”)."),
    # TRANSLATORS: why the play hint's card (reason RUFF); {card} the card, {suit} its suit where named.
    S.R_RUFF: M_("hint.ruff", "You have none of the suit led: the {card} is your lowest trump that wins the "
                              "trick."),
    # TRANSLATORS: why the play hint's card (reason CANT_WIN); {card} the card, {suit} its suit where named.
    S.R_CANT_WIN: M_("hint.cant_win", "None of your cards can win this trick, so play your lowest and keep the "
                                      "better ones."),
}
# TRANSLATORS: why the play hint's card, for a reason these words do not know; {card} the card.
REASON_UNKNOWN = M_("hint.unknown", "The {card} is a card the rules allow, and the computer player's choice.")


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
    why = say(REASONS.get(reason, REASON_UNKNOWN), card=card.code, suit=card.suit.letter)
    return PlayHint(card, reason, say(HEADLINE, card=card.code), (why, say(SOURCE)))
