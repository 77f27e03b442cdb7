"""The computer players' and the bid advisor's sentences (gettext domain
``engine``): the lines of an :class:`~engine.bots.kit.Advice`, why a player
chose its bid, card, draw or exchange (``last_reason``), the level-2 card
reasons, and why the double-dummy solver DDS cannot be used.

The code in :mod:`engine.bots` and :mod:`engine.solver_dds` names these
entries by id (``say("advice.spades.top.first", card="AS")``) with plain
data: cards as codes (``{card}`` ``"AS"`` → ``A♠``), suits as letters
(``{suit}`` → ``spades``, ``{suit_one}`` → ``spade``), counts as numbers
(``{count_word}`` → ``five``, ``{nth}`` → ``fifth``); other numbers are
written as they are, with their format (``{mean:.1f}``); ``{why}``,
``{reason}``, ``{line}`` are another message of this catalogue, said in place;
``{reasons}`` several, joined by ``; ``.  See :mod:`engine.text.render`.
"""
from __future__ import annotations

from ..message import M_, P_, Text

__all__ = ["ENTRIES"]

ENTRIES: tuple[Text, ...] = (
    # ================================================================ the advice as text (engine/bots/kit.py)
    # TRANSLATORS: the bid advisor's first line when the hand has not been looked at (Spades, SP-10).
    M_("advice.look_first", "Look at your cards first."),
    # TRANSLATORS: the bid advisor's first line: bid Blind Nil (SP-10).
    M_("advice.blind_nil", "Suggested bid: Blind Nil"),
    # TRANSLATORS: the bid advisor's first line: bid Nil, zero tricks (SP-8).
    M_("advice.nil", "Suggested bid: Nil (0)"),
    # TRANSLATORS: the bid advisor's first line: bid {bid} tricks.
    M_("advice.bid", "Suggested bid: {bid}"),
    # TRANSLATORS: one line of the advisor's count, indented: {line} is the reason, {worth} the tricks it adds.
    M_("advice.line_valued", "  {line}: {worth:+.2f}"),
    # TRANSLATORS: one line of the advisor's count that adds no tricks (a reason for a Nil), indented.
    M_("advice.line", "  {line}"),
    # TRANSLATORS: the last line of a count whose values, rounded, would not add up to the bid {bid}.
    M_("advice.rounded", "rounded to {bid}"),

    # ================================================================ the Spades count (engine/bots/spades.py)
    # Each line names a card of the hand ({card}, e.g. "A♠") and says what it is worth.
    # TRANSLATORS: advice line: the top spade, a sure trick.
    M_("advice.spades.top.first", "{card}: a sure trick"),
    # TRANSLATORS: advice line: the next spade in sequence below the top one(s).
    M_("advice.spades.top.next", "{card}: with the higher spades: a sure trick"),
    # TRANSLATORS: advice line: the king of spades with at least one lower spade.
    M_("advice.spades.king.guarded", "{card} with a guard: wins about four times in five"),
    # TRANSLATORS: advice line: the king of spades with no other spade.
    M_("advice.spades.king.alone", "{card} alone: the ace may catch it"),
    # TRANSLATORS: advice line: the queen of spades with the ace or king and two lower spades.
    M_("advice.spades.queen.higher_and_guards", "{card} with a higher spade and guards: usually a trick"),
    # TRANSLATORS: advice line: the queen of spades with two lower spades.
    M_("advice.spades.queen.two_guards", "{card} with two guards: wins more often than not"),
    # TRANSLATORS: advice line: the queen of spades with one lower spade.
    M_("advice.spades.queen.one_guard", "{card} with one guard: sometimes a trick"),
    # TRANSLATORS: advice line: the queen of spades with no other spade.
    M_("advice.spades.queen.alone", "{card} alone: rarely a trick"),
    # TRANSLATORS: advice line: {count_word} spades held ("five"); the {nth} one ("fifth") likely wins by length.
    M_("advice.spades.length.likely", "{count_word} spades: the {nth} is likely a trick"),
    # TRANSLATORS: advice line: {count_word} spades held; the {nth} one surely wins by length.
    M_("advice.spades.length.sure", "{count_word} spades: the {nth} is a trick"),
    # TRANSLATORS: advice line: a side-suit ace in a suit of four cards or fewer.
    M_("advice.spades.side_ace.short", "{card}: almost a sure trick"),
    # TRANSLATORS: advice line: a side-suit ace in a long suit (an opponent may be void and trump it).
    M_("advice.spades.side_ace.long", "{card}: in a long suit it may be trumped"),
    # TRANSLATORS: advice line: a side-suit king with the ace of its suit.
    M_("advice.spades.side_king.with_ace", "{card} with the ace: wins once the ace is played"),
    # TRANSLATORS: advice line: a side-suit king with the ace, in a long suit.
    M_("advice.spades.side_king.with_ace_long", "{card} with the ace, but a long suit gets trumped"),
    # TRANSLATORS: advice line: a side-suit king with no other card of its suit.
    M_("advice.spades.side_king.alone", "{card} alone: seldom a trick"),
    # TRANSLATORS: advice line: a side-suit king with one small card of its suit.
    M_("advice.spades.side_king.one_small", "{card} with one small: wins about three times in five"),
    # TRANSLATORS: advice line: a side-suit king with two small cards of its suit.
    M_("advice.spades.side_king.two_small", "{card} with two small: wins about two times in three"),
    # TRANSLATORS: advice line: a side-suit king with three small cards of its suit.
    M_("advice.spades.side_king.three_small", "{card} with three small: wins about half the time"),
    # TRANSLATORS: advice line: a side-suit king in a suit of five or more cards.
    M_("advice.spades.side_king.long", "{card} in a long suit: likely trumped"),
    # TRANSLATORS: advice line: a side-suit queen with the ace and king of its suit.
    M_("advice.spades.side_queen.ace_king", "{card} with the ace and king: often a trick"),
    # TRANSLATORS: advice line: a side-suit queen with the ace or the king of its suit.
    M_("advice.spades.side_queen.honour", "{card} with a higher honour: sometimes a trick"),
    # TRANSLATORS: advice line: a side-suit queen in a suit of three or four cards.
    M_("advice.spades.side_queen.guarded", "{card} guarded: now and then a trick"),
    # TRANSLATORS: advice line: {count_word} (five or more) cards of a side suit {suit} ("hearts").
    M_("advice.spades.long_side", "{count_word} {suit}: the last ones may win once the others run out"),
    # TRANSLATORS: advice line: no card of the side suit {suit} ("hearts"): a spade can trump it.
    M_("advice.spades.void.ruff", "no {suit}: a spare spade can trump them"),
    # TRANSLATORS: advice line: no card of {suit}, and a second spare spade to trump it again.
    M_("advice.spades.void.ruff_again", "no {suit}: a second spare spade can trump them again"),
    # TRANSLATORS: advice line: a single card of a side suit: {suit_one} "heart", {suit} "hearts".
    M_("advice.spades.singleton.ruff", "one {suit_one}: after it, a spare spade can trump {suit}"),
    # TRANSLATORS: advice line: two cards of the side suit {suit} ("hearts").
    M_("advice.spades.doubleton.ruff", "two {suit}: a spare spade may trump the third round"),
    # TRANSLATORS: advice line: what the rest of the hand adds.
    M_("advice.spades.rest", "the other cards: queens, jacks and small trumps add about half a trick"),
    # TRANSLATORS: a reason a Nil is safe (SP-8): the hand holds no spade.
    M_("advice.spades.nil.no_spades", "no spades at all"),
    # TRANSLATORS: a reason a Nil is safe: one spade, {card}.
    M_("advice.spades.nil.one_spade", "only one spade, the highest {card}"),
    # TRANSLATORS: a reason a Nil is safe: {count_word} (two or more) spades, the highest {card}.
    M_("advice.spades.nil.spades", "only {count_word} spades, the highest {card}"),
    # TRANSLATORS: a reason a Nil is safe: the lowest card of each side suit held, {low_cards} ("2♣ 3♦ 4♥").
    M_("advice.spades.nil.low_cards", "low cards to play under: {low_cards}"),
    # TRANSLATORS: a reason a Nil is safe: the hand holds no ace.
    M_("advice.spades.nil.no_ace", "no ace"),
    # TRANSLATORS: advice line: the partner bid Nil (SP-8).
    M_("advice.spades.partner.nil",
       "partner bid Nil: you must win your side's tricks alone and spend high cards covering"),
    # TRANSLATORS: advice line: the partner bid {bid} tricks (five or more).
    M_("advice.spades.partner.high", "partner bid {bid}: some of your honours will fall on the same tricks"),
    # TRANSLATORS: the advisor suggests Nil (SP-8).
    M_("advice.spades.nil.suggested", "Nil: a weak hand with no sure trick"),
    # TRANSLATORS: the advisor suggests Nil, worth {nil_value} points under house rule SP-H1.
    M_("advice.spades.nil.suggested_value",
       "Nil: a weak hand with no sure trick (Nil is worth {nil_value} in this game, SP-H1)"),
    # TRANSLATORS: advice line: a weak hand still bids 1, because 0 would be a Nil (SP-8).
    M_("advice.spades.at_least_one", "bid at least 1 (0 would be a Nil, SP-8)"),
    # TRANSLATORS: the advice before looking at the cards (SP-10).
    M_("advice.spades.unlooked", "look at your cards first: Blind Nil only pays off when far behind (SP-10)"),
    # TRANSLATORS: a reason for a bid above the count: the partners' bids must add up to {min_contract} (SP-H6).
    M_("advice.spades.min_contract", "{bid}: the partners' bids must add up to {min_contract} (SP-H6)"),

    # ================================================================ four-seat Spades (engine/bots/spades_four.py)
    # TRANSLATORS: the advice before looking, far behind late in the game: Blind Nil is worth {worth} points.
    M_("advice.spades.blind_nil",
       "Blind Nil: far behind late in the game, the {worth} points may catch up (SP-10)"),
    # TRANSLATORS: why a computer player bids Blind Nil (SP-10).
    M_("player.spades.blind_nil", "far behind late in the game: Blind Nil (SP-10)"),
    # TRANSLATORS: a reason of a computer player's bid: one less, since {total} tricks for the side win the game.
    M_("player.spades.one_less", "one less: {total} tricks already win the game"),
    # TRANSLATORS: why a Blind Nil (or Nil) bidder passes these cards in the exchange (SP-10).
    M_("player.spades.exchange.ducking", "pass the highest cards away from the Blind Nil hand"),
    # TRANSLATORS: why the Blind Nil bidder's partner passes these cards in the exchange (SP-10).
    M_("player.spades.exchange.partner", "pass low cards to the Blind Nil partner, so it can play under"),
    # TRANSLATORS: the exchange's cards as the rules allow them (SP-H3).
    M_("player.spades.exchange.engine", "pass three cards"),
    # TRANSLATORS: why the level-4 player bids {bid}: {samples} deals solved with all hands open; the side takes
    # {mean} tricks on average, {low} to {high} in most deals; {worth} points against the opponents.
    M_("player.spades.dd_bid",
       "double-dummy check over {samples} sampled deals: with best play your side takes {mean:.1f} tricks on "
       "average ({low}–{high}); bid {bid} scores best on average ({worth:+.0f} points against the opponents, "
       "the game's end and the bag penalty still to come counted)"),

    # ================================================================ the double-dummy check (engine/bots/advisor_dd.py)
    # TRANSLATORS: why the double-dummy bid check does not apply: the hand has not been looked at.
    M_("advice.dd.look_first", "look at the cards first"),
    # TRANSLATORS: why the double-dummy bid check does not apply: a Nil on the side (SP-8).
    M_("advice.dd.nil_side", "a Nil on the side: the side does not play for the most tricks (SP-8)"),
    # TRANSLATORS: why the double-dummy bid check found nothing: no sampled deal fits the bids made.
    M_("advice.dd.no_deal", "no sampled deal fits the bids"),
    # TRANSLATORS: advice line of the double-dummy check ("double dummy": every hand face up, best play): over
    # {samples} deals the side takes {mean} tricks on average ({low} to {high}); the partner's hand counts
    # {partner}, this one {worth}; the count of the lines above was {count}; {bid} is the middle of {count} and
    # {worth}, rounded to a whole number.
    M_("advice.dd.line",
       "double-dummy check over {samples} sampled deals (every hand face up, everyone playing their best): your "
       "side takes {mean:.1f} tricks on average ({low}–{high}); partner's hand counts about {partner:.1f}, so yours "
       "is worth about {worth:.1f}; the count above gives {count:.1f}; bid the middle of the two, rounded: {bid}"),

    # ================================================================ Spades for two (engine/bots/two_player.py)
    # TRANSLATORS: why a player keeps the top card {card} of the draw (SP-2P-2), by the standard policy.
    M_("player.spades_two.draw.keep_standard", "keep the {card}: a spade or a high card"),
    # TRANSLATORS: why a player discards the top card {card} of the draw, by the standard policy.
    M_("player.spades_two.draw.discard_standard",
       "discard the {card} and take the next card: it is neither a spade nor a high card"),
    # TRANSLATORS: why a player keeps {card}: worth {mine} tricks, an average unseen card {avg}.
    M_("player.spades_two.draw.keep",
       "keep the {card}: worth about {mine:.2f} tricks, more than the {avg:.2f} of an average unseen card"),
    # TRANSLATORS: why a player discards {card}: worth {mine} tricks, an average unseen card {avg}.
    M_("player.spades_two.draw.discard",
       "discard the {card} (about {mine:.2f} tricks) and take the next card unseen: an average unseen card is "
       "worth {avg:.2f}"),
    # TRANSLATORS: advice line (two players): no higher spade is unseen.
    M_("advice.spades_two.spade.sure", "{card}: no higher spade unseen: a sure trick"),
    # TRANSLATORS: advice line (two players): the {nth} spade ("fifth") wins by length.
    M_("advice.spades_two.spade.length", "{card}: the {nth} spade: wins once the opponent's spades are gone"),
    # TRANSLATORS: advice line (two players): one higher spade is unseen.
    M_("advice.spades_two.spade.higher_one", "{card}: one higher spade unseen"),
    # TRANSLATORS: advice line (two players): {count_word} (two or more) higher spades are unseen.
    M_("advice.spades_two.spade.higher", "{card}: {count_word} higher spades unseen"),
    # TRANSLATORS: advice line (two players): no higher card of the suit is unseen.
    M_("advice.spades_two.side.top", "{card}: no higher card unseen"),
    # TRANSLATORS: advice line (two players): one higher card of the suit ({suit_one}: "heart") is unseen.
    M_("advice.spades_two.side.higher_one", "{card}: one higher {suit_one} unseen"),
    # TRANSLATORS: advice line (two players): {count_word} (two or more) higher {suit} ("hearts") are unseen.
    M_("advice.spades_two.side.higher", "{card}: {count_word} higher {suit} unseen"),
    # TRANSLATORS: advice line (two players): no higher card unseen, but the opponent may be void and trump.
    M_("advice.spades_two.side.top_ruffed", "{card}: no higher card unseen; the opponent may trump it"),
    # TRANSLATORS: advice line (two players): one higher {suit_one} unseen, and the opponent may trump.
    M_("advice.spades_two.side.higher_one_ruffed", "{card}: one higher {suit_one} unseen; the opponent may trump it"),
    # TRANSLATORS: advice line (two players): {count_word} higher {suit} unseen, and the opponent may trump.
    M_("advice.spades_two.side.higher_ruffed", "{card}: {count_word} higher {suit} unseen; the opponent may trump it"),
    # TRANSLATORS: the advisor suggests Nil against one opponent (SP-8).
    M_("advice.spades_two.nil", "Nil: a weak hand with no sure trick against one opponent"),
    # TRANSLATORS: the advisor suggests Nil against one opponent, worth {nil_value} points (SP-H1).
    M_("advice.spades_two.nil_value",
       "Nil: a weak hand with no sure trick against one opponent (Nil is worth {nil_value} in this game, SP-H1)"),
    # TRANSLATORS: advice line (two players): bid at least {bid} (SP-8, SP-H6).
    M_("advice.spades_two.at_least", "bid at least {bid} (0 would be a Nil, SP-8)"),
    # TRANSLATORS: why the level-4 player (two players) plays {card}: the best over {deals} deals solved exactly.
    M_("player.spades_two.level4", "{card}: best average score over {deals} sampled deals solved exactly"),

    # ================================================================ Oh Hell (engine/bots/oh_hell.py)
    # TRANSLATORS: advice line (Oh Hell): the highest trump left, {card}.
    M_("advice.oh_hell.trump.top", "{card}: the highest trump left, a sure trick"),
    # TRANSLATORS: advice line (Oh Hell): a card that almost surely wins.
    M_("advice.oh_hell.card.sure", "{card}: almost a sure trick"),
    # TRANSLATORS: advice line (Oh Hell): a card that wins about four times in five.
    M_("advice.oh_hell.card.four_in_five", "{card}: wins about four times in five"),
    # TRANSLATORS: advice line (Oh Hell): a card that wins about two times in three.
    M_("advice.oh_hell.card.two_in_three", "{card}: wins about two times in three"),
    # TRANSLATORS: advice line (Oh Hell): a card that wins about half the time.
    M_("advice.oh_hell.card.half", "{card}: wins about half the time"),
    # TRANSLATORS: advice line (Oh Hell): a card that wins about one time in three.
    M_("advice.oh_hell.card.one_in_three", "{card}: wins about one time in three"),
    # TRANSLATORS: advice line (Oh Hell): a card that wins now and then.
    M_("advice.oh_hell.card.now_and_then", "{card}: wins now and then"),
    # TRANSLATORS: advice line (Oh Hell): a trump that almost surely wins.
    M_("advice.oh_hell.trump.sure", "{card} (trump): almost a sure trick"),
    # TRANSLATORS: advice line (Oh Hell): a trump that wins about four times in five.
    M_("advice.oh_hell.trump.four_in_five", "{card} (trump): wins about four times in five"),
    # TRANSLATORS: advice line (Oh Hell): a trump that wins about two times in three.
    M_("advice.oh_hell.trump.two_in_three", "{card} (trump): wins about two times in three"),
    # TRANSLATORS: advice line (Oh Hell): a trump that wins about half the time.
    M_("advice.oh_hell.trump.half", "{card} (trump): wins about half the time"),
    # TRANSLATORS: advice line (Oh Hell): a trump that wins about one time in three.
    M_("advice.oh_hell.trump.one_in_three", "{card} (trump): wins about one time in three"),
    # TRANSLATORS: advice line (Oh Hell): a trump that wins now and then.
    M_("advice.oh_hell.trump.now_and_then", "{card} (trump): wins now and then"),
    # TRANSLATORS: advice line (Oh Hell): {count_word} (three or more) trumps held.
    M_("advice.oh_hell.trump.length",
       "{count_word} trumps: more than the others are likely to hold, the extra one is likely a trick"),
    # TRANSLATORS: advice line (Oh Hell): no card of {suit} ("hearts"): a trump can trump it.
    M_("advice.oh_hell.void.ruff", "no {suit}: a small trump can trump them"),
    # TRANSLATORS: advice line (Oh Hell): one card of a suit: {suit_one} "heart", {suit} "hearts".
    M_("advice.oh_hell.singleton.ruff", "one {suit_one}: a small trump can trump {suit} later"),
    # TRANSLATORS: advice line (Oh Hell): the {n} bids made before add up to {total} of the {size} tricks, a lot.
    P_("advice.oh_hell.earlier.fight",
       "the {n} earlier bid add up to {total} of {size} tricks: the others will fight for tricks",
       "the {n} earlier bids add up to {total} of {size} tricks: the others will fight for tricks"),
    # TRANSLATORS: advice line (Oh Hell): the {n} players who bid before you asked for {total} tricks in all, fewer
    # than their share of the {size} tricks of this hand (a "{size}-card hand"), so a trick may come to you.
    P_("advice.oh_hell.earlier.spare",
       "the player before you bid {total}, less than a fair share of this {size}-card hand: a trick nobody else "
       "wants may come to you",
       "the {n} players before you bid {total} in all, less than their share of this {size}-card hand: a trick "
       "nobody else wants may come to you"),
    # TRANSLATORS: advice line (Oh Hell): the hook (OH-V4) forbids the bid {forbidden}; the bids may not add up to
    # the hand size {size}; so bid {bid}.
    M_("advice.oh_hell.hook", "the hook forbids {forbidden} (the bids may not add up to {size}, OH-V4); bid {bid}"),
    # TRANSLATORS: advice line (Oh Hell): the hook forbids {forbidden}, and the hand holds {n} sure tricks.
    P_("advice.oh_hell.hook.sure",
       "the hook forbids {forbidden} (the bids may not add up to {size}, OH-V4); never go below your {n} sure "
       "trick: bid {bid}",
       "the hook forbids {forbidden} (the bids may not add up to {size}, OH-V4); never go below your {n} sure "
       "tricks: bid {bid}"),
    # TRANSLATORS: advice line (Oh Hell): never bid fewer than the {n} sure tricks.
    P_("advice.oh_hell.sure_floor", "never bid below your {n} sure trick", "never bid below your {n} sure tricks"),
    # TRANSLATORS: why a level-3 player keeps its bid: {why} (the count's reasons), made exactly in {chance}
    # ("45%") of {samples} sampled deals.
    M_("player.oh_hell.expert.confirmed", "{why} (makes it {chance:.0%} of {samples} sampled deals)"),
    # TRANSLATORS: why a level-3 player bids {bid}: made exactly in {chance} of deals, worth {worth} points on
    # average; the count said {count}.
    M_("player.oh_hell.expert.other",
       "bid {bid}: made exactly in {chance:.0%} of sampled deals, worth {worth:.1f} points on average "
       "(the count says {count})"),
    # TRANSLATORS: why a level-4 player plays {card}: it keeps exactly the bid of {n} tricks makeable in {share}
    # ("80%") of {deals} deals solved exactly.
    P_("player.oh_hell.level4",
       "{card}: keeps exactly {n} trick makeable in {share:.0%} of {deals} sampled deals (solved exactly, the "
       "others playing to stop you)",
       "{card}: keeps exactly {n} tricks makeable in {share:.0%} of {deals} sampled deals (solved exactly, the "
       "others playing to stop you)"),

    # ================================================================ every game's players (engine/bots/strategy.py …)
    # TRANSLATORS: why a Spades player looks at its cards before bidding (instead of Blind Nil, SP-10).
    M_("player.look_first", "look at the cards before bidding"),
    # TRANSLATORS: why a level-2 player plays {card}: {reason} (one of the card reasons below).
    M_("player.card_reason", "{card}: {reason}"),
    # TRANSLATORS: the reasons of a computer player's bid, joined by "; ".
    M_("player.reasons", "{reasons}"),
    # TRANSLATORS: why a level-3 or level-4 player plays {card}: no other card may be played.
    M_("player.only_card", "{card}: the only legal card"),
    # TRANSLATORS: why a level-3 player plays the level-2 choice: {why} (its reason), confirmed over {deals} deals.
    M_("player.expert.confirmed", "{why} (confirmed over {deals} sampled deals)"),
    # TRANSLATORS: why a level-3 player plays {card}: {mean} points better than the level-2 choice {club_card}.
    M_("player.expert.better",
       "{card}: scores {mean:+.1f} points better than {club_card} on average over {deals} sampled deals"),
    # TRANSLATORS: why a level-4 player plays {card}: {deals} deals solved exactly with all hands open; {margin}
    # points ahead of the next best card.
    M_("player.dd.exact", "{card}: best average score over {deals} sampled deals solved exactly, every hand open "
                          "({margin:+.1f} points on the next best card)"),
    # TRANSLATORS: as above, where another card scores the same.
    M_("player.dd.exact_tied", "{card}: best average score over {deals} sampled deals solved exactly, every hand "
                               "open (tied with other cards)"),
    # TRANSLATORS: why a level-4 player plays {card}: {deals} deals solved by DDS (a double-dummy solver).
    M_("player.dd.dds", "{card}: best average score over {deals} sampled deals solved by DDS, every hand open "
                        "({margin:+.1f} points on the next best card)"),
    # TRANSLATORS: as above, where another card scores the same.
    M_("player.dd.dds_tied", "{card}: best average score over {deals} sampled deals solved by DDS, every hand "
                             "open (tied with other cards)"),

    # ================================================================ the level-2 card reasons (engine/bots/sampling.py)
    # Short phrases after the card ("K♥: second hand low"); "Nil" is the bid of no tricks (SP-8).
    # TRANSLATORS: a card reason: the only legal card.
    M_("club.ONLY_CARD", "only card"),
    # TRANSLATORS: a card reason: lead a card that wins the trick.
    M_("club.LEAD_MASTER", "lead a winner"),
    # TRANSLATORS: a card reason: lead trumps to take the opponents' trumps out.
    M_("club.LEAD_TRUMP", "draw trumps"),
    # TRANSLATORS: a card reason: lead from a short suit, to be void and trump it later.
    M_("club.LEAD_SHORT", "lead a short suit to trump later"),
    # TRANSLATORS: a card reason.
    M_("club.LEAD_LONG", "lead low from the longest suit"),
    # TRANSLATORS: a card reason.
    M_("club.LEAD_LOW", "lead the lowest card"),
    # TRANSLATORS: a card reason: a Nil bidder plays its highest card that still loses the trick.
    M_("club.DUCK_HIGH", "duck with the highest card that still loses"),
    # TRANSLATORS: a card reason: a Nil bidder whose every card would win for now.
    M_("club.DUCK_LOW", "every card wins: play the lowest and hope it is beaten"),
    # TRANSLATORS: a card reason: a Nil bidder, last to play, whose every card wins.
    M_("club.DUCK_DUMP", "every card wins and nobody plays after: dump the highest"),
    # TRANSLATORS: a card reason: play high so that the Nil-bidding partner need not win.
    M_("club.COVER_NIL", "cover high to protect partner's Nil"),
    # TRANSLATORS: a card reason: beat the Nil-bidding partner's card.
    M_("club.OVERTAKE_NIL", "overtake partner's Nil"),
    # TRANSLATORS: a card reason: lead high for the Nil-bidding partner.
    M_("club.LEAD_COVER_NIL", "lead high to protect partner's Nil"),
    # TRANSLATORS: a card reason: play low so that an opponent who bid Nil must win a trick.
    M_("club.BREAK_NIL_LOW", "play low against the opponent's Nil"),
    # TRANSLATORS: a card reason: play under the card of an opponent who bid Nil.
    M_("club.BREAK_NIL_UNDER", "stay under the opponent's Nil card"),
    # TRANSLATORS: a card reason.
    M_("club.PARTNER_WINS", "partner is winning: play low"),
    # TRANSLATORS: a card reason.
    M_("club.WIN_CHEAP", "win as cheaply as possible"),
    # TRANSLATORS: a card reason.
    M_("club.WIN_MASTER", "win with the highest card left in the suit"),
    # TRANSLATORS: a card reason: the proverb "second hand low".
    M_("club.SECOND_LOW", "second hand low"),
    # TRANSLATORS: a card reason: the proverb "third hand high".
    M_("club.THIRD_HIGH", "third hand high"),
    # TRANSLATORS: a card reason: trump with the lowest trump that wins the trick.
    M_("club.RUFF", "trump with the lowest trump that wins"),
    # TRANSLATORS: a card reason.
    M_("club.CANT_WIN", "cannot win: play the lowest card"),

    # ================================================================ DDS unavailable (engine/solver_dds.py)
    # TRANSLATORS: why the double-dummy solver cannot be used (the review's notes).
    M_("dds.not_installed", "the DDS solver is unavailable (package endplay is not installed)"),
    # TRANSLATORS: why the double-dummy solver cannot be used in the browser version (no server).
    M_("dds.in_browser", "the browser version of Trick Tutor cannot run the full-hand solver (DDS)"),
    # TRANSLATORS: why the solver cannot be used: its package failed to load; {error} is a Python error name.
    M_("dds.not_importable", "the DDS solver is unavailable (package endplay not importable: {error})"),
)
