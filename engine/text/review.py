"""The hand review's sentences (:mod:`engine.review`; gettext domain ``engine``).

Placeholders: ``{card}``, ``{winner_card}`` a card (``"KH"`` → ``K♥``);
``{cards_or}`` the cards that would have done better, in order
(``2♣, 4♣ or 6♣``); ``{seat}`` a seat's name (with the game's naming);
``{trick}`` a trick number from 1; ``{before}``/``{after}`` tricks before
and after the card; ``{limit}`` the exact solver's limit in tricks left;
``{left}`` tricks left; ``{why}``, ``{note}``, ``{message}`` another message
said in place; ``{sentences}`` whole sentences of one remark, joined by a
space.  Numbers keep their format (``{rate:.0%}``).
"""
from __future__ import annotations

from ..message import M_, P_, Text

__all__ = ["ENTRIES"]

ENTRIES: tuple[Text, ...] = (
    # ================================================================ replaying the record
    # TRANSLATORS: a record to review has no card played in any hand.
    M_("review.no_play", "no hand in this record has a card played, so there is nothing to review"),
    # TRANSLATORS: the hand number {hand_no} asked for is not in the record, which has {n} hands.
    P_("review.no_hand", "hand {hand_no} does not exist: this record has {n} hand(s)",
       "hand {hand_no} does not exist: this record has {n} hand(s)"),
    # TRANSLATORS: hand {hand_no} of the record (numbered from 0) did not end, so hand {next} cannot follow it.
    M_("review.unfinished", "hand {hand_no} is not finished, so hand {next} cannot start"),
    # TRANSLATORS: a record's action is refused: {seat} may not do it; {message} is the rules' sentence;
    # {reason} and {rule} are codes (MUST_FOLLOW_SUIT, SP-14): keep them.
    M_("review.illegal", "{seat} may not do this: {message} [{reason}, {rule}]"),
    # TRANSLATORS: the seat {value} asked for is not a seat of this game (seats 0 to {last}).
    M_("review.bad_seat", "seat {value} is not a seat of this game (0..{last})"),
    # ================================================================ the solvers
    # TRANSLATORS: the double-dummy solver (DDS) was not asked for.
    M_("review.dds_off", "DDS was switched off"),
    # TRANSLATORS: the double-dummy solver (DDS) solves hands of four seats only.
    M_("review.dds_four_only", "DDS solves four hands only"),
    # TRANSLATORS: the review of a two-player hand: DDS is not used, the exact solver is.
    M_("review.dds_four_only_two", "DDS solves four hands only; two-player hands are solved by the exact solver"),
    # TRANSLATORS: a card not reviewed: {left} tricks were left, more than the exact solver's limit {limit}, and
    # {why} (why DDS could not help).
    M_("review.too_many", "{left} tricks were left, more than the exact solver's {limit}, and {why}"),
    # TRANSLATORS: a note on a card reviewed by DDS: its lines may break the rule SP-13.
    M_("review.dds_lines",
       "DDS: the lines after this card may include a spade lead before spades are broken (SP-13)"),
    # TRANSLATORS: a note on the hand's count by DDS from the opening lead.
    M_("review.dds_count",
       "DDS: opening lead obeys SP-13; later spade leads before spades are broken are not excluded"),
    # ================================================================ simple reasons of a costly card
    # TRANSLATORS: the reason a card cost a trick: it trumped the partner's winning card {winner_card}.
    M_("review.reason.trumped_partner", "you trumped your partner's winning {winner_card}: a wasted trump"),
    # TRANSLATORS: the reason a card cost a trick: it beat the partner's winning card {winner_card}.
    M_("review.reason.overtook_partner", "you overtook your partner's winning {winner_card}"),
    # TRANSLATORS: the reason a card cost a trick: the trump was beaten by a higher trump.
    M_("review.reason.overtrumped", "your trump was overtrumped: a wasted trump"),
    # TRANSLATORS: as "you trumped your partner's winning …", as a sentence in brackets after the figures.
    M_("review.reason.trumped_partner.paren", "(You trumped your partner's winning {winner_card}: a wasted trump.)"),
    # TRANSLATORS: as "you overtook your partner's winning …", as a sentence in brackets.
    M_("review.reason.overtook_partner.paren", "(You overtook your partner's winning {winner_card}.)"),
    # TRANSLATORS: as "your trump was overtrumped …", as a sentence in brackets.
    M_("review.reason.overtrumped.paren", "(Your trump was overtrumped: a wasted trump.)"),
    # ================================================================ a decision (tricks of a side, or of one seat)
    # TRANSLATORS: the review of one card: trick {trick}, the card {card}; the side could take {n} tricks
    # before it (counting the tricks already won) and {after} after it.
    P_("review.decision.side",
       "Trick {trick}: you played {card}. With best play your side could still take {n} trick; after {card}, "
       "{after}.",
       "Trick {trick}: you played {card}. With best play your side could still take {n} tricks; after {card}, "
       "{after}."),
    # TRANSLATORS: as above, for one player alone (two-player Spades).
    P_("review.decision.own",
       "Trick {trick}: you played {card}. With best play you could still take {n} trick; after {card}, {after}.",
       "Trick {trick}: you played {card}. With best play you could still take {n} tricks; after {card}, "
       "{after}."),
    # TRANSLATORS: after review.decision.*: had the learner played one of {cards_or} instead, the {before} tricks
    # of the sentence before could all still have been taken (the card played cost some of them).
    M_("review.keeps_all", "Playing {cards_or} instead would have kept all {before} tricks within reach."),
    # TRANSLATORS: as above, when one trick could still be taken before the card and none after it.
    M_("review.keeps_it", "Playing {cards_or} instead would have kept that trick within reach."),
    # TRANSLATORS: the card played was as good as any.
    M_("review.best_play", "Best play."),
    # TRANSLATORS: the card was best for tricks but broke the learner's own Nil (SP-8).
    M_("review.nil_broken.first.yours", "Best play for tricks, but this card broke your Nil (SP-8)."),
    # TRANSLATORS: the card was best for tricks but broke the Nil of the partner, {seat}.
    M_("review.nil_broken.first.partner", "Best play for tricks, but this card broke your partner {seat}'s Nil (SP-8)."),
    # TRANSLATORS: the card was best for tricks but broke the Nil of {seat}, the opponent.
    M_("review.nil_broken.first.other", "Best play for tricks, but this card broke {seat}'s Nil (SP-8)."),
    # TRANSLATORS: the card broke the learner's own Nil (SP-8).
    M_("review.nil_broken.yours", "This card broke your Nil (SP-8)."),
    # TRANSLATORS: the card broke the Nil of the partner, {seat}.
    M_("review.nil_broken.partner", "This card broke your partner {seat}'s Nil (SP-8)."),
    # TRANSLATORS: the card broke the Nil of {seat}, the opponent.
    M_("review.nil_broken.other", "This card broke {seat}'s Nil (SP-8)."),
    # TRANSLATORS: a card not reviewed; {note} says why.
    M_("review.not_analysed", "Trick {trick}: you played {card}. Not analysed: {note}."),
    # ================================================================ Nil (SP-8)
    # TRANSLATORS: {seat}'s card {card} at trick {trick} broke the Nil; the cards {cards_or} would have kept it.
    M_("review.nil.broken_by", "Trick {trick}: {seat}'s {card} broke the Nil; {cards_or} kept it."),
    # TRANSLATORS: the Nil was only estimated: {rate} ("85%") of {samples} play-outs from trick {trick} kept it;
    # the exact solver starts at {limit} tricks left.
    M_("review.nil.estimated",
       "estimated (sampled): the Nil bidder won a trick before the exact solver could start ({limit} tricks "
       "left); from trick {trick}, {rate:.0%} of {samples} play-outs with simple Nil-minded play kept the Nil "
       "(not best play)"),
    # TRANSLATORS: the Nil was not reviewed: no card was played.
    M_("review.nil.no_card", "no card was played"),
    # TRANSLATORS: the Nil was lost before the exact solver could start ({limit} tricks left).
    M_("review.nil.lost_early",
       "not reviewed: the Nil was lost before the exact solver could start ({limit} tricks left)"),
    # TRANSLATORS: the Nil is solved exactly from trick {trick} on ({limit} tricks left or fewer).
    M_("review.nil.exact_from",
       "exact from trick {trick} on (the exact solver takes {limit} tricks or fewer); before that only estimated"),
    # TRANSLATORS: as above, with the estimate before: from trick {from_trick}, {rate} of {samples} play-outs kept it.
    M_("review.nil.exact_from_estimated",
       "exact from trick {trick} on (the exact solver takes {limit} tricks or fewer); before that only estimated: "
       "from trick {from_trick}, {rate:.0%} of {samples} play-outs with simple Nil-minded play kept the Nil "
       "(sampled, not best play)"),
    # ================================================================ two-player Spades
    # TRANSLATORS: cards before trick {trick} were not reviewed: the exact solver starts at {limit} tricks left.
    M_("review.two.exact_from",
       "not reviewed before trick {trick}: two-player hands are solved exactly (SP-13…SP-16, SP-2P-4) from "
       "{limit} tricks left, the most that fits the time"),
    # TRANSLATORS: the hand's count from the first lead cannot be given: the first lead is not in the record.
    M_("review.two.no_first_lead", "the hand's first lead is not in the record"),
    # TRANSLATORS: the hand's count cannot be given: {left} tricks, more than the limit {limit}.
    M_("review.two.too_many", "{left} tricks are more than the exact solver's two-player limit of {limit}"),
    # ================================================================ Oh Hell
    # TRANSLATORS: the review of one card (Oh Hell): at most {n} tricks before it, {after} after it.
    P_("review.oh.decision",
       "Trick {trick}: you played {card}. With best play you could take at most {n} trick; after {card}, "
       "{after}.",
       "Trick {trick}: you played {card}. With best play you could take at most {n} tricks; after {card}, "
       "{after}."),
    # TRANSLATORS: (Oh Hell, OH-11) the card lost the exact bid of {bid}; the cards {cards_or} kept it.
    M_("review.oh.bid_lost",
       "Before it you could still take exactly your bid of {bid}; after it the others can stop you. Playing "
       "{cards_or} keeps the bid makeable."),
    # TRANSLATORS: (Oh Hell) the exact bid of {bid} is still makeable.
    M_("review.oh.bid_open", "You can still take exactly your bid of {bid}."),
    # TRANSLATORS: (Oh Hell) the exact bid of {bid} could no longer be made against best play.
    M_("review.oh.bid_gone", "Taking exactly your bid of {bid} was already out of reach against best defence."),
    # TRANSLATORS: (Oh Hell) a card estimated by {samples} random play-outs: {left} tricks left, above the limit
    # {limit} for {players} players; {after} tricks on average after the card, {best} after the best card.
    M_("review.oh.estimated",
       "Trick {trick}: you played {card}. Estimated (sampled): {left} tricks were left, more than the exact limit "
       "of {limit} for {players} players, so this is the mean of {samples} random play-outs per card, not best "
       "play: {after:.1f} tricks after {card}; the best card averaged {best:.1f}."),
    # TRANSLATORS: (Oh Hell) the hand's count from the first lead: hands of {left} cards, above the limit.
    M_("review.oh.too_large",
       "hands of {left} cards are above the exact limit of {limit} for {players} players; see the sampled figures "
       "per decision"),
    # TRANSLATORS: one remark of the review made of whole sentences: {sentences}, joined by a space.
    M_("review.remark", "{sentences}"),
)
