"""The verdict catalogue: the sentence of every verdict, keyed by its
Reason (``msgctxt`` = the reason code, or ``REASON.variant``).  Placeholders
are named after the verdict's evidence (see :mod:`engine.text.render` for
how each is written)."""
from __future__ import annotations

from ..message import M_, P_, Text

__all__ = ["ENTRIES"]

ENTRIES: tuple[Text, ...] = (
    # ================================================================ playing a card (engine/tricks.py)
    # Placeholders: {card} the card tried; {rule} the rule id; {to_act} the seat to play (a name);
    # {led_card} the card led; {led_suit} its suit ("hearts"); {hand}, {could_follow}, {others},
    # {trumps}: lists of cards ("10♥, 4♥ and 2♥").
    # TRANSLATORS: another seat ({to_act}) leads the first trick of the hand.
    M_("NOT_YOUR_TURN.first_lead", "It is not your turn: {to_act} leads the first trick "
                                   "(the player left of the dealer leads to the first trick, {rule})."),
    # TRANSLATORS: {to_act} won the last trick and so leads the next one.
    M_("NOT_YOUR_TURN.next_lead", "It is not your turn: {to_act} won the last trick, so {to_act} leads this one "
                                  "(the winner of a trick leads the next, {rule})."),
    # TRANSLATORS: during a trick, {to_act} plays next.
    M_("NOT_YOUR_TURN.play", "It is not your turn: {to_act} plays next (play goes clockwise, {rule})."),
    # TRANSLATORS: the player tried to play a card it does not hold; {hand} lists its cards.
    M_("CARD_NOT_IN_HAND", "You don't hold the {card}: you can only play a card from your own hand "
                           "({rule}). Your cards are {hand}."),
    # TRANSLATORS: a spade lead allowed because spades are broken (SP-13).
    M_("OK.lead_broken", "Yes: spades are broken, so you may lead the {card} ({rule})."),
    # TRANSLATORS: a spade lead allowed because the hand holds only spades; {rule_break} is the rule on breaking.
    M_("OK.lead_only_trumps", "Yes: you hold only spades, so you may lead the {card}, "
                              "and leading it breaks spades ({rule}, {rule_break})."),
    # TRANSLATORS: any card may be led.
    M_("OK.lead_any", "Yes: the leader may lead any card ({rule})."),
    # TRANSLATORS: any card but a spade may be led (spades not broken yet).
    M_("OK.lead_any_non_spade", "Yes: the leader may lead any non-spade card ({rule})."),
    # TRANSLATORS: a spade lead refused; {others} are the leader's other cards.
    M_("SPADES_NOT_BROKEN", "Spades are not broken yet, so you may not lead the {card}. "
                            "Lead one of your other cards: {others} ({rule})."),
    # TRANSLATORS: the card follows the suit led ({led_suit}, plural: "hearts").
    M_("OK.follow", "Yes: {led_suit} were led and you follow suit with the {card} ({rule})."),
    # TRANSLATORS: void in the suit led, the player trumps as must-trump (OH-V6) asks.
    M_("OK.must_trump", "Yes: you have no {led_suit}, and with must-trump on you trump with the {card} ({rule})."),
    # TRANSLATORS: void in the suit led, any card may be played; this one is a trump.
    M_("OK.void_trump", "Yes: you have no {led_suit}, so you may play any card; the {card} is a trump ({rule})."),
    # TRANSLATORS: void in the suit led, any card may be played.
    M_("OK.void", "Yes: you have no {led_suit}, so you may play any card ({rule})."),
    # TRANSLATORS: {leader} led {led_card}; the player holds {n} card(s) of that suit ({could_follow});
    # {led_suit_one} is the suit's singular ("a heart"), {led_suit} its plural.
    P_("MUST_FOLLOW_SUIT",
       "You must follow suit: {leader} led the {led_card}, and you hold a {led_suit_one} ({could_follow}), "
       "so you must play it, not the {card} ({rule}).",
       "You must follow suit: {leader} led the {led_card}, and you hold {led_suit} ({could_follow}), "
       "so you must play one of them, not the {card} ({rule})."),
    # TRANSLATORS: must-trump (OH-V6): void in {led_suit}, the player holds {n} trump(s) ({trumps}).
    P_("MUST_TRUMP",
       "Must-trump (La Podrida, {rule}) is on: you have no {led_suit}, and you hold a trump ({trumps}), "
       "so you must play it, not the {card}.",
       "Must-trump (La Podrida, {rule}) is on: you have no {led_suit}, and you hold trumps ({trumps}), "
       "so you must play one of them, not the {card}."),
    # ================================================================ who wins a trick (engine/tricks.py)
    # Placeholders: {winner_card} the winning card; {led_suit} the suit led; {trump_suit} the trump suit;
    # {rule} the rule id; {why}, {off}, {not_why}: the sentences below.
    # TRANSLATORS: why the trick is won, at the start of an explanation (capital letter).
    M_("TRICK_WINNER.Why.trump_played", "The {winner_card} wins: a trump ({trump_suit}) was played, and the highest "
                                        "trump wins the trick ({rule})."),
    # TRANSLATORS: as above: the suit led is the trump suit.
    M_("TRICK_WINNER.Why.trump_led", "The {winner_card} wins: {led_suit} were led and are trump, and it is the "
                                     "highest of them ({rule})."),
    # TRANSLATORS: as above: the hand has no trump.
    M_("TRICK_WINNER.Why.no_trump_hand", "The {winner_card} wins: this hand has no trump, so the highest card of "
                                         "the suit led ({led_suit}) wins ({rule})."),
    # TRANSLATORS: as above: no trump was played.
    M_("TRICK_WINNER.Why.no_trump_played", "The {winner_card} wins: no trump was played, so the highest card of "
                                           "the suit led ({led_suit}) wins ({rule})."),
    # TRANSLATORS: why the trick is won, inside a sentence (after "Yes: " or "In this trick ").
    M_("TRICK_WINNER.why.trump_played", "the {winner_card} wins: a trump ({trump_suit}) was played, and the highest "
                                        "trump wins the trick ({rule})."),
    # TRANSLATORS: as above: the suit led is the trump suit.
    M_("TRICK_WINNER.why.trump_led", "the {winner_card} wins: {led_suit} were led and are trump, and it is the "
                                     "highest of them ({rule})."),
    # TRANSLATORS: as above: the hand has no trump.
    M_("TRICK_WINNER.why.no_trump_hand", "the {winner_card} wins: this hand has no trump, so the highest card of "
                                         "the suit led ({led_suit}) wins ({rule})."),
    # TRANSLATORS: as above: no trump was played.
    M_("TRICK_WINNER.why.no_trump_played", "the {winner_card} wins: no trump was played, so the highest card of "
                                           "the suit led ({led_suit}) wins ({rule})."),
    # TRANSLATORS: {off_cards} ({n} cards) were neither of the suit led nor trump.
    P_("TRICK_WINNER.off", "Off-suit cards never win: {off_cards} is neither {led_suit} nor trump.",
       "Off-suit cards never win: {off_cards} are neither {led_suit} nor trump."),
    # TRANSLATORS: {off_cards} ({n} cards) were not of the suit led, in a hand without trump.
    P_("TRICK_WINNER.off_no_trump", "Off-suit cards never win: {off_cards} is not {led_suit}.",
       "Off-suit cards never win: {off_cards} are not {led_suit}."),
    # TRANSLATORS: the whole explanation: {why}.
    M_("TRICK_WINNER.explain", "{why}"),
    # TRANSLATORS: the whole explanation: {why}, then {off}.
    M_("TRICK_WINNER.explain_off", "{why} {off}"),
    # TRANSLATORS: the learner chose the winning card.
    M_("TRICK_WINNER.yes", "Yes: {why}"),
    # TRANSLATORS: the learner chose the winning card; then {off}.
    M_("TRICK_WINNER.yes_off", "Yes: {why} {off}"),
    # TRANSLATORS: the learner chose another card: {not_why} says why it does not win.
    M_("TRICK_WINNER.not", "{not_why} In this trick {why}"),
    # TRANSLATORS: as above, then {off}.
    M_("TRICK_WINNER.not_off", "{not_why} In this trick {why} {off}"),
    # TRANSLATORS: {chosen_card} is of neither the suit led nor trump.
    M_("TRICK_WINNER.cannot_win", "The {chosen_card} cannot win: it is neither the suit led nor a trump."),
    # TRANSLATORS: {chosen_card} is not of the suit led, in a hand without trump.
    M_("TRICK_WINNER.cannot_win_no_trump", "The {chosen_card} cannot win: it is not of the suit led, and this hand "
                                           "has no trump."),
    # TRANSLATORS: {chosen_card} is beaten by the higher {winner_card} of its suit.
    M_("TRICK_WINNER.beaten", "The {chosen_card} is beaten by the higher {winner_card}."),
    # TRANSLATORS: {chosen_card} follows suit but the trick was trumped.
    M_("TRICK_WINNER.trumped", "The {chosen_card} follows suit, but a trump beats every card of the suit led."),
    # ================================================================ turn, phase, dealing (engine/game.py)
    # Placeholders: {wanted} what the player tried ("play a card", "bid" …); {rule} the rule id;
    # {to_act}, {dealer}: seats (names); {bid_words}: a bid ("4", "Nil").
    # TRANSLATORS: a deal asked for while a hand is being played.
    M_("WRONG_PHASE.deal", "The current hand is not finished, so the next hand cannot be dealt yet."),
    # TRANSLATORS: a deal allowed.
    M_("OK.deal", "Deal the next hand."),
    # TRANSLATORS: looking at one's cards is allowed.
    M_("OK.look", "You may look at your cards at any time during the hand."),
    # TRANSLATORS: a look after a hand's last trick, before the next deal; {rule}: SP-21, SP-2P-6 or OH-4.
    M_("OK.look_hand_over", "The hand is over and you have seen your cards: looking again changes nothing "
                            "until the next hand is dealt ({rule})."),
    # TRANSLATORS: two-player Spades: a player has seen every card as it was drawn.
    M_("OK.look_two", "Yes: in two-player Spades you see each card as you draw it ({rule}), so you have already seen "
                      "your cards; looking changes nothing."),
    # TRANSLATORS: the hand is over and the next one is not dealt.
    M_("HAND_NOT_DEALT", "The hand is over; the next hand has not been dealt yet, so you cannot {wanted}."),
    # TRANSLATORS: the game is over: {side} won (a partnership, or a player), with {points} points.
    M_("GAME_OVER.side", "The game is over: {side} ({points} points) won. Start a new game to play again."),
    # TRANSLATORS: the game is over without a winner.
    M_("GAME_OVER.nobody", "The game is over: nobody won. Start a new game to play again."),
    # TRANSLATORS: Oh Hell: the game is over: {winners_and} ("seat 0 and seat 2") won with {points} points.
    M_("GAME_OVER.seats", "The game is over: {winners_and} won with {points} points."),
    # TRANSLATORS: a second bid during the bidding (Spades, two players).
    M_("ALREADY_BID.once_each", "You already bid {bid_words} this hand; each player bids exactly once ({rule})."),
    # TRANSLATORS: a second bid after the bidding (four-player Spades).
    M_("ALREADY_BID.one_round", "You already bid {bid_words} this hand; there is exactly one round of bidding "
                                "({rule})."),
    # TRANSLATORS: a second bid (Oh Hell).
    M_("ALREADY_BID.everyone", "You already bid {bid_words} this hand; everyone bids once ({rule})."),
    # TRANSLATORS: a bid out of turn; {to_act} is to bid, {dealer} dealt.
    M_("NOT_YOUR_TURN.bid", "It is {to_act}'s turn to bid. Bidding starts left of the dealer ({dealer} dealt) and "
                            "goes clockwise ({rule})."),
    # TRANSLATORS: two-player Spades: a bid out of turn.
    M_("NOT_YOUR_TURN.bid_two", "It is {to_act}'s turn to bid: the non-dealer bids first, then the dealer "
                                "({dealer} dealt) ({rule})."),
    # TRANSLATORS: two-player Spades: a draw out of turn.
    M_("NOT_YOUR_TURN.draw", "It is {to_act}'s turn to draw: the non-dealer draws first, then the players take turns "
                             "until the pack is gone ({rule})."),
    # TRANSLATORS: four-player Spades: an action during the bidding; {waiting} are the seats still to bid.
    M_("WRONG_PHASE.bidding_spades", "It is still the bidding: everyone bids once before any card is played "
                                     "({waiting} still to bid). You cannot {wanted} now."),
    # TRANSLATORS: during the Blind Nil exchange; one seat ({waiting_and}) still chooses {n} card(s).
    P_("WRONG_PHASE.exchange_one",
       "The Blind Nil exchange comes first: {waiting_and} still has to choose {n} card to pass. "
       "You cannot {wanted} now.",
       "The Blind Nil exchange comes first: {waiting_and} still has to choose {n} cards to pass. "
       "You cannot {wanted} now."),
    # TRANSLATORS: during the Blind Nil exchange; several seats ({waiting_and}) still choose {n} card(s).
    P_("WRONG_PHASE.exchange",
       "The Blind Nil exchange comes first: {waiting_and} still have to choose {n} card to pass. "
       "You cannot {wanted} now.",
       "The Blind Nil exchange comes first: {waiting_and} still have to choose {n} cards to pass. "
       "You cannot {wanted} now."),
    # TRANSLATORS: four-player Spades: a bid or exchange during the play.
    M_("WRONG_PHASE.play_spades", "The bidding is over and the cards are being played, so you cannot {wanted} now "
                                  "(there is exactly one round of bidding, {rule})."),
    # TRANSLATORS: two-player Spades: an action during the draw; {pack_left} cards are left in the pack.
    M_("WRONG_PHASE.draw", "The draw comes first: the players take cards from the pack in turn until it is gone "
                           "({pack_left} cards left). You cannot {wanted} now."),
    # TRANSLATORS: two-player Spades: an action during the bidding.
    M_("WRONG_PHASE.bidding_two", "It is still the bidding: both players bid once before any card is played "
                                  "({waiting_and} still to bid). You cannot {wanted} now."),
    # TRANSLATORS: two-player Spades: an action during the play.
    M_("WRONG_PHASE.play_two", "The draw and the bidding are over and the cards are being played, so you cannot "
                               "{wanted} now."),
    # TRANSLATORS: Oh Hell: an action during the bidding.
    M_("WRONG_PHASE.bidding_oh_hell", "It is still the bidding: everyone bids before any card is played. "
                                      "You cannot {wanted} now."),
    # TRANSLATORS: Oh Hell: a bid during the play.
    M_("WRONG_PHASE.play_oh_hell", "The bidding is over and the cards are being played, so you cannot {wanted} now."),
    # ================================================================ bidding
    # TRANSLATORS: a bid that is not a whole number; {problem} says what it is instead.
    M_("BID_NOT_WHOLE_NUMBER", "A bid must be a whole number of tricks from 0 to {high}; {problem} ({rule})."),
    # TRANSLATORS: Spades: a bid below 0 or above 13; {value} is the bid, quoted.
    M_("BID_OUT_OF_RANGE.spades", "You cannot bid {value}: bids go from 0 (Nil) to 13, the number of tricks in a "
                                  "hand ({rule})."),
    # TRANSLATORS: Oh Hell: a bid above the hand size {n}.
    P_("BID_OUT_OF_RANGE.oh_hell", "You cannot bid {value}: with {n} card each, bids go from 0 to {n} ({rule}).",
       "You cannot bid {value}: with {n} cards each, bids go from 0 to {n} ({rule})."),
    # TRANSLATORS: a Blind Nil of another number than 0.
    M_("BID_OUT_OF_RANGE.blind_nil", "A Blind Nil is a bid of 0 made without looking; {value} is not 0 ({rule})."),
    # TRANSLATORS: SP-H6: the partners' bids must add up to {min_contract}; {low} is the lowest bid left.
    M_("BID_OUT_OF_RANGE.min_contract", "You cannot bid {bid}: your partner bid {partner_bid}, and the two partners' "
                                        "bids (not counting Nil) must add up to at least {min_contract} in this game "
                                        "({rule}). Bid {low} or more, or Nil."),
    # TRANSLATORS: a bid of 0 in Spades.
    M_("OK.nil", "Yes: 0 is a Nil bid: you promise to win no trick ({rule})."),
    # TRANSLATORS: a Spades bid allowed.
    M_("OK.bid_spades", "Yes: any whole number from 0 to 13 may be bid ({rule})."),
    # TRANSLATORS: a Blind Nil after looking at one's cards.
    M_("BLIND_NIL_AFTER_LOOKING", "You have already looked at your cards, so you can no longer bid Blind Nil. "
                                  "You may still bid Nil (0) or a number ({rule})."),
    # TRANSLATORS: a Blind Nil allowed.
    M_("OK.blind_nil", "Yes: you have not looked at your cards, so you may bid Blind Nil ({rule})."),
    # TRANSLATORS: house rule SP-H2 "never".
    M_("BLIND_NIL_NOT_IN_THIS_GAME.never", "Blind Nil is not allowed in this game (house rule SP-H2: never). "
                                           "You may look at your cards and bid Nil (0) or a number."),
    # TRANSLATORS: SP-H2 "behind_100": {side} has {mine} points, {other_side} {theirs}; ahead by {gap}.
    M_("BLIND_NIL_NOT_IN_THIS_GAME.ahead", "Blind Nil is allowed in this game only to a partnership 100 or more "
                                           "points behind (house rule SP-H2): {side} has {mine}, {other_side} has "
                                           "{theirs}, so you are ahead by {gap}. You may look at your cards and bid "
                                           "Nil (0) or a number."),
    # TRANSLATORS: as above, behind by {gap} (less than 100).
    M_("BLIND_NIL_NOT_IN_THIS_GAME.behind", "Blind Nil is allowed in this game only to a partnership 100 or more "
                                            "points behind (house rule SP-H2): {side} has {mine}, {other_side} has "
                                            "{theirs}, so you are behind by only {gap}. You may look at your cards and "
                                            "bid Nil (0) or a number."),
    # TRANSLATORS: as above, the scores are level.
    M_("BLIND_NIL_NOT_IN_THIS_GAME.level", "Blind Nil is allowed in this game only to a partnership 100 or more "
                                           "points behind (house rule SP-H2): {side} has {mine}, {other_side} has "
                                           "{theirs}, so you are level. You may look at your cards and bid Nil (0) "
                                           "or a number."),
    # TRANSLATORS: two-player Spades has no Blind Nil.
    M_("BLIND_NIL_NOT_IN_THIS_GAME.two", "There is no Blind Nil in two-player Spades (SP-2P-1): you saw every card "
                                         "you kept in the draw. You may bid Nil (0) or a number from 1 to 13."),
    # TRANSLATORS: Oh Hell has no Blind Nil.
    M_("BLIND_NIL_NOT_IN_THIS_GAME.oh_hell", "Oh Hell has no Blind Nil: bid a number of tricks from 0 to the hand "
                                             "size (OH-8)."),
    # TRANSLATORS: the hook (OH-V4): the others bid {others_total}; {n} tricks in the hand.
    P_("HOOK", "You may not bid {bid}: the other bids add up to {others_total} and there is {n} trick, so a bid of "
               "{bid} would make the total exactly {n} (hook rule, OH-V4).",
       "You may not bid {bid}: the other bids add up to {others_total} and there are {n} tricks, so a bid of "
       "{bid} would make the total exactly {n} (hook rule, OH-V4)."),
    # TRANSLATORS: an Oh Hell bid allowed; {size} cards each; {rule} is OH-8.
    M_("OK.bid_oh_hell", "Yes: any whole number from 0 to {size} may be bid ({rule})."),
    # TRANSLATORS: as above; the hook bars {forbidden}.
    M_("OK.bid_oh_hell_hook", "Yes: any whole number from 0 to {size} may be bid ({rule}); only {forbidden} is barred "
                              "by the hook (OH-V4)."),
    # ================================================================ the Blind Nil exchange (four-player Spades)
    # TRANSLATORS: both partners bid Blind Nil.
    M_("EXCHANGE_BOTH_BLIND_NIL", "You and your partner both bid Blind Nil, so no cards are exchanged ({rule})."),
    # TRANSLATORS: house rule SP-H3 with exchange size 0.
    M_("EXCHANGE_NOT_IN_EXCHANGE.size_0", "In this game a Blind Nil bidder exchanges no cards with his partner (house "
                                          "rule SP-H3: exchange size 0), so there is nothing to pass."),
    # TRANSLATORS: this seat is not in an exchange now.
    M_("EXCHANGE_NOT_IN_EXCHANGE", "Only a Blind Nil bidder and his partner exchange cards, once, after the bidding "
                                   "and before the first lead; you are not in an exchange now ({rule})."),
    # TRANSLATORS: two-player Spades has no exchange.
    M_("EXCHANGE_NOT_IN_EXCHANGE.two", "There is no exchange in two-player Spades: each player plays for himself, "
                                       "with no partner to pass cards to, and there is no Blind Nil ({rule})."),
    # TRANSLATORS: Oh Hell has no exchange.
    M_("EXCHANGE_NOT_IN_EXCHANGE.oh_hell", "Oh Hell has no card exchange (that is a Spades Blind Nil rule)."),
    # TRANSLATORS: the {n} card(s) chosen already: {passed}.
    P_("EXCHANGE_ALREADY_PASSED", "You have already chosen your {n} card ({passed}); the swap happens when your "
                                  "partner has chosen too (SP-10).",
       "You have already chosen your {n} cards ({passed}); the swap happens when your partner has chosen too "
       "(SP-10)."),
    # TRANSLATORS: {n} cards must be passed; {chosen} says what was chosen.
    P_("EXCHANGE_WRONG_COUNT", "You must pass exactly {n} card to your partner; {chosen} ({rule}).",
       "You must pass exactly {n} different cards to your partner; {chosen} ({rule})."),
    # TRANSLATORS: cards passed that are not held: {missing}.
    M_("EXCHANGE_CARD_NOT_HELD", "You can only pass cards you hold; you don't hold {missing} ({rule})."),
    # TRANSLATORS: an exchange allowed: {cards} are passed.
    M_("OK.exchange", "Yes: you pass {cards} to your partner; the two sets are swapped at the same time ({rule})."),
    # TRANSLATORS: no card was chosen (completes "You must pass …; ").
    M_("CHOSEN.none", "you chose no cards"),
    # TRANSLATORS: {n} cards chosen, shown as {shown}.
    P_("CHOSEN", "you chose {n:,} card ({shown})", "you chose {n:,} cards ({shown})"),
    # TRANSLATORS: {count} cards chosen, {dups} chosen more than once, so only {n} different ones.
    P_("CHOSEN.dups", "you chose {count:,} cards ({shown}), {dups}, so only {n} different card",
       "you chose {count:,} cards ({shown}), {dups}, so only {n} different cards"),
    # TRANSLATORS: the cards chosen, in the order chosen.
    M_("CHOSEN.shown", "{shown_cards}"),
    # TRANSLATORS: the first six cards chosen, and more.
    M_("CHOSEN.shown_more", "{shown_cards}, …"),
    # TRANSLATORS: a card chosen twice.
    M_("CHOSEN.twice", "the {card} twice"),
    # TRANSLATORS: a card chosen {times} times.
    M_("CHOSEN.times", "the {card} {times:,} times"),
    # TRANSLATORS: the cards chosen more than once.
    M_("CHOSEN.dups_list", "{parts_and}"),
    # TRANSLATORS: the first three cards chosen more than once, and more.
    M_("CHOSEN.dups_more", "{parts_and} …"),
    # ================================================================ two-player Spades: the draw
    # TRANSLATORS: the player keeps the top card {card}.
    M_("OK.draw_keep", "Yes: you keep the {card}; the next card is shown to you alone and discarded face down "
                       "({rule})."),
    # TRANSLATORS: the player discards the top card {card}.
    M_("OK.draw_discard", "Yes: you discard the {card} face down and take the next card into your hand, unseen until "
                          "you take it; you must keep it ({rule})."),
    # ================================================================ names on their own
    # TRANSLATORS: a seat's name on its own: {seat}.
    M_("seat.name", "{seat}"),
    # TRANSLATORS: a side's name on its own: {side}.
    M_("side.name", "{side}"),
    # TRANSLATORS: a bid on its own: {bid_words}.
    M_("bid.name", "{bid_words}"),
    # ================================================================ the value types' words (engine/cards.py)
    # TRANSLATORS: a suit's name on its own, plural ("hearts"): {suit}.
    M_("suit.name", "{suit}"),
    # TRANSLATORS: a suit's name on its own, one card ("heart"): {suit_one}.
    M_("suit_one.name", "{suit_one}"),
    # TRANSLATORS: a rank's name on its own ("ten", "queen"): {rank_noun}.
    M_("rank.name", "{rank_noun}"),
    # TRANSLATORS: a card's spoken name on its own ("ten of hearts", an accessible label): {card_spoken}.
    M_("card.name", "{card_spoken}"),
    # TRANSLATORS: a list of cards on its own ("10♥, 4♥ and 2♥"; "no cards" for none): {cards}.
    M_("cards.name", "{cards}"),
)