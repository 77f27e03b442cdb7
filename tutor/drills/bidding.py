"""The bidding drill (SP-6, SP-8, OH-8, OH-V4) and the advice it compares a bid with.

There is one bid estimator, :mod:`engine.bots.advisor`;
:func:`count_likely_tricks` / :func:`advise` only pass its lines on.  What
differs between the games the drill knows (how a hand is dealt to the
learner, its rules line, what a bid of 0 is called) is declared once per
game in :data:`BIDDING_GAMES`.
"""
from __future__ import annotations

import dataclasses
import html
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from engine import Bid, OhHellGame, OhHellRules, Phase, SpadesGame, TrickGame, Verdict
from engine.bots import Player
from engine.bots.advisor import advise_bid
from engine.games.oh_hell import MAX_HAND
from engine.message import Text
from engine.registry import OH_HELL, SPADES, GameSpec
from engine.text import KINDS, get_language
from engine.views import SeatView

from ..advice import AdvicePanel, count_lines, tricks_text
from ..cards import CardHand
from ..common import Feedback, guarded
from ..text import M_, P_, say, say_html
from .shared import ORDINALS, computer_player, drill_spec, for_game, own_names, seat_name, verdict_text, word, you_label

__all__ = ["Advice", "advise", "count_likely_tricks", "compare_bid", "BiddingDrill", "tricks_text",
           "BIDDING_GAMES", "BiddingGame"]



def _wrapping() -> W.Layout:
    """A row of controls that wraps on a narrow screen (a translated label is longer than the English)."""
    return W.Layout(flex_flow="row wrap", align_items="center")

@dataclass
class Advice:
    """A suggested bid and why, in words.

    ``bid``: tricks (0 = Nil in Spades, SP-8); ``lines``: one sentence per
    item of the count, each ending with its value in tricks (or with none,
    for the reasons of a Nil); ``reasons``: the items that weigh most, for
    "because …"; ``total``: the unrounded count; ``nil``: the advisor
    suggests Nil; ``source``: always ``"advisor"`` (there is one estimator,
    :mod:`engine.bots.advisor`)."""

    bid: int
    lines: list[str]
    source: str = "advisor"
    reasons: list[str] = field(default_factory=list)
    total: float = 0.0
    nil: bool = False


# TRANSLATORS: an error for a programmer: the advisor was asked about a hand nobody has looked at (Spades, SP-10).
LOOK_FIRST = M_("drills.bidding.error.look_first",
                "the advisor counts tricks in a hand it can see: look at the cards first (SP-10)")


def _limit_lines(view: SeatView, adv: Any) -> list[str]:
    """The advisor's lines that are there because a bid is not allowed at
    this turn (the hook, OH-V4): the lines of its advice that its advice for
    the same view with no limit on the bids does not have.  Read from the
    advisor's output, never from its words."""
    bids = [a for a in view.legal if isinstance(a, Bid)]
    if not bids or set(range(view.hand_size + 1)) <= {a.value for a in bids if not a.blind}:
        return []  # every bid allowed: nothing to add
    free = advise_bid(dataclasses.replace(view, legal=tuple(a for a in view.legal if not isinstance(a, Bid))))
    rest = list(free.lines)
    out = []
    for line in adv.lines:
        if line in rest:
            rest.remove(line)
        else:
            out.append(str(line[0]))
    return out


def count_likely_tricks(view: SeatView) -> Advice:
    """The bid advisor's count for the seat of ``view`` (a
    :class:`~engine.game.SeatView` in the bidding, with the hand looked at),
    in words: :func:`engine.bots.advisor.advise_bid` is the one estimator.

    Raises ValueError when the view has no hand (a Spades seat that has not
    looked at its cards: the advisor then only says whether to bid Blind
    Nil, SP-10)."""
    adv = advise_bid(view)
    if adv.bid is None or view.hand is None:
        raise ValueError(say(LOOK_FIRST))
    lines = count_lines(adv.lines)
    if adv.nil:
        reasons = [str(t) for t, _ in adv.lines[1:]] or [str(t) for t, _ in adv.lines]
        bid = 0
    else:
        weighty = sorted((item for item in adv.lines if item[1] > 0), key=lambda item: -item[1])
        reasons = [str(t) for t, _ in weighty[:3]]
        reasons += _limit_lines(view, adv)  # the hook's line (OH-V4): why the count's bid is not the advice
        bid = int(adv.bid)
    return Advice(bid, lines, "advisor", reasons, round(adv.total, 2), bool(adv.nil))


#: the same function; the drill's name for it
advise = count_likely_tricks


# TRANSLATORS: a bid of 0 in Spades, in "You bid Nil (0); the advisor suggests 4 …".
SPADES_ZERO = M_("drills.bidding.zero.spades", "Nil (0)")
# TRANSLATORS: bidding drill, Spades: Bid was pressed with nothing typed.
SPADES_TYPE_FIRST = M_("drills.bidding.note.type_first.spades",
                       "Type your bid first: a number of tricks (0 is Nil (SP-8)), then press Bid.")
# TRANSLATORS: bidding drill, Oh Hell: Bid was pressed with nothing typed.
OH_HELL_TYPE_FIRST = M_("drills.bidding.note.type_first.oh_hell",
                        "Type your bid first: a number of tricks (0 means you expect no trick (OH-8)), then press "
                        "Bid.")
#: The consequence of bidding more / fewer tricks than the advisor, or 0, in Spades.
SPADES_RISKS: dict[str, Text] = {
    # TRANSLATORS: bidding drill, Spades: the learner bid more than the advisor suggests.
    "over": M_("drills.bidding.risk.spades.over",
               "Bidding more than the hand is likely to take risks a set: minus 10 a trick bid (SP-18)."),
    # TRANSLATORS: bidding drill, Spades: the learner bid fewer tricks than the advisor suggests.
    "under": M_("drills.bidding.risk.spades.under",
                "Bidding fewer tricks than the hand is likely to take gives bags (SP-17, SP-20)."),
    # TRANSLATORS: bidding drill, Spades: the learner bid Nil where the advisor suggests a number.
    "zero": M_("drills.bidding.risk.spades.zero",
               "A Nil fails if the hand takes even one trick: −100 (SP-8)."),
}
#: The same in Oh Hell.
OH_HELL_RISKS: dict[str, Text] = {
    # TRANSLATORS: bidding drill, Oh Hell: the learner bid more than the advisor suggests.
    "over": M_("drills.bidding.risk.oh_hell.over", "Only an exact bid scores in Oh Hell (OH-11)."),
    # TRANSLATORS: bidding drill, Oh Hell: the learner bid fewer tricks than the advisor suggests.
    "under": M_("drills.bidding.risk.oh_hell.under", "Only an exact bid scores in Oh Hell (OH-11)."),
    # TRANSLATORS: bidding drill, Oh Hell: the learner bid 0 where the advisor suggests a number.
    "zero": M_("drills.bidding.risk.oh_hell.zero",
               "Only an exact bid scores in Oh Hell (OH-11): a bid of 0 needs no trick at all."),
}

# TRANSLATORS: the learner's bid beside the advisor's, when they agree. {bid}: the bid; {total}: the advisor's count ("4.8").
COMPARE_SAME = M_("drills.bidding.compare.same",
                  "You bid {bid}, and the advisor suggests {bid} too: its count of this hand comes to about "
                  "{total} tricks.")
# TRANSLATORS: the learner's bid beside the advisor's. {bid}: the learner's bid; {suggested}: the advisor's; {total}: its count ("4.8").
COMPARE_OTHER = M_("drills.bidding.compare.other",
                   "You bid {bid}; the advisor suggests {suggested}: its count of this hand comes to about "
                   "{total} tricks.")
# TRANSLATORS: the learner's bid of Nil, as the advisor suggests (SP-8). {bid}: the learner's bid.
COMPARE_NIL_SAME = M_("drills.bidding.compare.nil_same",
                      "You bid {bid}, and the advisor suggests a Nil too (SP-8): the hand is weak enough to take "
                      "no trick.")
# TRANSLATORS: the advisor suggests a Nil (SP-8) and the learner bid something else ({bid}).
COMPARE_NIL_OTHER = M_("drills.bidding.compare.nil_other",
                       "You bid {bid}; the advisor suggests a Nil (SP-8): the hand is weak enough to take no trick.")
#: The title over the lines that count most (:attr:`Advice.reasons`), and over the reasons for a Nil.
# TRANSLATORS: above the advisor's lines that weigh most, after a bid.
REASONS_TITLE = M_("drills.bidding.reasons", "What counts most in the advisor's count:")
# TRANSLATORS: above the advisor's reasons for a Nil (SP-8), after a bid.
NIL_REASONS_TITLE = M_("drills.bidding.reasons.nil", "Why a Nil:")


def _bid_word(b: int, game: str) -> str:
    zero = for_game(BIDDING_GAMES, game).zero_name
    return word(zero) if b == 0 and zero is not None else str(b)


def compare_bid(learner_bid: int, adv: Advice, game: str) -> str:
    """One or two whole sentences comparing the learner's bid with the
    advisor's suggestion ("You bid 3; the advisor suggests 5: its count of
    this hand comes to about 4.8 tricks." and, when they differ, what the
    difference risks).  The lines behind the count are listed apart
    (:attr:`Advice.reasons`, under :data:`REASONS_TITLE`), never glued into
    the sentence."""
    bid, sug = _bid_word(learner_bid, game), _bid_word(adv.bid, game)
    if adv.nil:
        head = say(COMPARE_NIL_SAME if learner_bid == adv.bid else COMPARE_NIL_OTHER, bid=bid)
    else:
        head = say(COMPARE_SAME if learner_bid == adv.bid else COMPARE_OTHER, bid=bid, suggested=sug,
                   total=f"{adv.total:.1f}")
    if learner_bid == adv.bid:
        return head
    risk = "zero" if learner_bid == 0 else "over" if learner_bid > adv.bid else "under"
    return f"{head} {word(for_game(BIDDING_GAMES, game).risks[risk])}"


# ============================================================ the games
# TRANSLATORS: the bidding drill's rules line in Spades.
SPADES_RULES = M_("drills.bidding.rules.spades", "Spades are trump (SP-2). Bid 0 for Nil (SP-8); bids go 0–13 (SP-6).")
# TRANSLATORS: the bidding drill's rules line in Oh Hell. {symbol}, {trump_suit}: the trump suit; {turn_up}: the card turned up; {n}: cards in each hand.
OH_HELL_RULES = P_("drills.bidding.rules.oh_hell",
                   "Trump: {symbol} {trump_suit} (turned up {turn_up}). {n} card each: bids go 0–{n} (OH-8).",
                   "Trump: {symbol} {trump_suit} (turned up {turn_up}). {n} cards each: bids go 0–{n} (OH-8).")
# TRANSLATORS: the bidding drill's rules line in Oh Hell with no trump. {n}: cards in each hand.
OH_HELL_RULES_NO_TRUMP = P_("drills.bidding.rules.oh_hell.no_trump",
                            "No trump this hand. {n} card each: bids go 0–{n} (OH-8).",
                            "No trump this hand. {n} cards each: bids go 0–{n} (OH-8).")
# TRANSLATORS: as drills.bidding.rules.oh_hell, with the hook on (OH-V4).
OH_HELL_RULES_HOOK = P_("drills.bidding.rules.oh_hell.hook",
                        "Trump: {symbol} {trump_suit} (turned up {turn_up}). {n} card each: bids go 0–{n} (OH-8); "
                        "hook on: the dealer may not make the bids total the tricks (OH-V4).",
                        "Trump: {symbol} {trump_suit} (turned up {turn_up}). {n} cards each: bids go 0–{n} (OH-8); "
                        "hook on: the dealer may not make the bids total the tricks (OH-V4).")
# TRANSLATORS: as drills.bidding.rules.oh_hell.no_trump, with the hook on (OH-V4).
OH_HELL_RULES_NO_TRUMP_HOOK = P_("drills.bidding.rules.oh_hell.no_trump.hook",
                                 "No trump this hand. {n} card each: bids go 0–{n} (OH-8); hook on: the dealer may "
                                 "not make the bids total the tricks (OH-V4).",
                                 "No trump this hand. {n} cards each: bids go 0–{n} (OH-8); hook on: the dealer may "
                                 "not make the bids total the tricks (OH-V4).")
# TRANSLATORS: an error for a programmer: a hand size Oh Hell cannot deal. {high}: the most cards; {players}: players (OH-5).
BAD_HAND_SIZE = M_("drills.bidding.error.hand_size", "hand_size must be 1 to {high} for {players} players (OH-5)")


class BiddingGame:
    """How the bidding drill deals a game's hand to the learner and states
    its rules, and its words: what a bid of 0 is called (``zero_name``;
    None: "0"), the note when the bid box is empty (``type_first``), the
    consequence of bidding more, fewer or 0 (``risks``: ``"over"``,
    ``"under"``, ``"zero"``).  One instance per game in :data:`BIDDING_GAMES`."""

    spec: GameSpec
    zero_name: Text | None = None
    type_first: Text
    risks: dict[str, Text]

    def check(self, players: int, hand_size: int | None) -> None:
        """ValueError for options the game cannot deal."""

    def deal(self, rng: random.Random, players: int, dealer_position: int, hand_size: int | None,
             hook: bool) -> tuple[int, TrickGame]:
        """``(the learner's seat, a game ready to deal)`` with the learner
        ``dealer_position`` in the bidding order (1: first … players: the dealer)."""
        raise NotImplementedError

    def ready(self, game: TrickGame, seat: int) -> None:
        """What the learner does after the deal, before anyone bids."""

    def rules_line(self, game: TrickGame, hook: bool) -> str:
        """The trump and the bids allowed, in a sentence or two."""
        raise NotImplementedError


class _SpadesBidding(BiddingGame):
    """Spades: the learner is South, partner North (SP-1), and looks at the
    cards at once (so no Blind Nil, SP-10)."""

    spec = SPADES
    zero_name = SPADES_ZERO
    type_first = SPADES_TYPE_FIRST
    risks = SPADES_RISKS

    def deal(self, rng: random.Random, players: int, dealer_position: int, hand_size: int | None,
             hook: bool) -> tuple[int, TrickGame]:
        seat = 2
        return seat, SpadesGame(dealer=(seat - dealer_position) % 4, auto_deal=False)

    def ready(self, game: TrickGame, seat: int) -> None:
        game.look(seat)  # the drill shows the hand at once, so no Blind Nil (SP-10)

    def rules_line(self, game: TrickGame, hook: bool) -> str:
        return say(SPADES_RULES)


class _OhHellBidding(BiddingGame):
    """Oh Hell: the learner sits at seat 0; one hand of ``hand_size`` cards
    (2 … 8 at random), a card turned up for trump (OH-7), the hook (OH-V4) as asked."""

    spec = OH_HELL
    type_first = OH_HELL_TYPE_FIRST
    risks = OH_HELL_RISKS

    def check(self, players: int, hand_size: int | None) -> None:
        if hand_size is not None and not (1 <= hand_size <= MAX_HAND[players]):
            raise ValueError(say(BAD_HAND_SIZE, high=MAX_HAND[players], players=players))

    def deal(self, rng: random.Random, players: int, dealer_position: int, hand_size: int | None,
             hook: bool) -> tuple[int, TrickGame]:
        seat = 0
        size = hand_size or rng.randint(2, min(8, MAX_HAND[players]))
        rules = OhHellRules(players=players, hand_sizes=(size,), no_trump_final_hand=False, hook=hook)
        return seat, OhHellGame(rules, dealer=(seat - dealer_position) % players, auto_deal=False)

    def rules_line(self, game: TrickGame, hook: bool) -> str:
        n = game.hand_size
        trump, turn_up = game.trump, game.turn_up
        if trump is None or turn_up is None:
            return say(OH_HELL_RULES_NO_TRUMP_HOOK if hook else OH_HELL_RULES_NO_TRUMP, n=n)
        return say(OH_HELL_RULES_HOOK if hook else OH_HELL_RULES, n=n, symbol=trump.symbol,
                   trump_suit=trump.letter, turn_up=turn_up.code)


#: The games the bidding drill knows, one entry each (how it deals, states the rules and names the risks).
BIDDING_GAMES: tuple[BiddingGame, ...] = (_SpadesBidding(), _OhHellBidding())


# ============================================================ bidding drill
# TRANSLATORS: the bidding drill's title. {game}: the game's name.
TITLE = M_("drills.bidding.title", "Bidding: {game}")
# TRANSLATORS: the bidding drill's title with the hook on (Oh Hell, OH-V4). {game}: the game's name.
TITLE_HOOK = M_("drills.bidding.title.hook", "Bidding: {game} (hook)")
# TRANSLATORS: the accessible name of the learner's cards.
HAND = M_("drills.bidding.hand", "Your hand")
# TRANSLATORS: the accessible name of the learner's cards; {name}: the learner's seat (South).
HAND_SEAT = M_("drills.bidding.hand.seat", "Your hand ({name})")
# TRANSLATORS: the label of the box where the learner types a bid.
BID_BOX = M_("drills.bidding.box", "Your bid")
# TRANSLATORS: the grey hint inside the empty bid box.
BID_BOX_HINT = M_("drills.bidding.box.hint", "tricks")
# TRANSLATORS: the button that makes the bid typed in the box.
BID_BUTTON = M_("drills.bidding.button.bid", "Bid")
# TRANSLATORS: the button that lets computer players play the hand out after the bidding.
PLAY_BUTTON = M_("drills.bidding.button.play", "Play it out")
# TRANSLATORS: the tooltip of the "Play it out" button.
PLAY_TIP = M_("drills.bidding.button.play.tooltip", "Computer players play the whole hand, your seat included")
# TRANSLATORS: the button that deals another hand to bid.
NEW_BUTTON = M_("drills.bidding.button.new", "New hand")
# TRANSLATORS: the hand's heading where the seats have names. {name}: the learner's seat; {who_dealt}: the dealer's; {ordinal}: the learner's place in the bidding (2nd); {players}: how many bid.
DEALT_SEAT = M_("drills.bidding.dealt.seat",
                "You are <b>{name}</b>; {who_dealt} dealt, so you bid {ordinal} of {players}.")
# TRANSLATORS: as drills.bidding.dealt.seat when the learner ({name}) dealt and bids last.
DEALT_SEAT_YOU = M_("drills.bidding.dealt.seat.you", "You are <b>{name}</b>; you dealt, so you bid {ordinal} of {players}.")
# TRANSLATORS: the hand's heading (Oh Hell). {who_dealt}: the dealer's name; {ordinal}: the learner's place in the bidding (2nd); {players}: how many bid.
DEALT = M_("drills.bidding.dealt", "{who_dealt} dealt, so you bid {ordinal} of {players}.")
# TRANSLATORS: the hand's heading (Oh Hell) when the learner dealt and bids last. {ordinal}, {players}: as drills.bidding.dealt.
DEALT_YOU = M_("drills.bidding.dealt.you", "You dealt, so you bid {ordinal} of {players}.")
# TRANSLATORS: after the hand's heading, in a partnership game (Spades, SP-1). {name}: the partner's seat (North).
PARTNER = M_("drills.bidding.partner", "Your partner is {name}.")
# TRANSLATORS: the caption of the table of bids made so far.
BIDS_CAPTION = M_("drills.bidding.bids", "Bids, in order")
# TRANSLATORS: a click on a card while bidding.
NO_PLAY = M_("drills.bidding.note.no_play",
             "In the bidding no card is played: count your likely tricks, type a bid and press Bid.")
# TRANSLATORS: Bid pressed again after bidding. {bid}: the bid made.
ALREADY_BID = M_("drills.bidding.note.already", "You already bid {bid} on this hand: press Play it out or New hand.")
# TRANSLATORS: the bid box holds something that is not a number. {typed}: what was typed (at most 40 characters).
NOT_A_NUMBER = M_("drills.bidding.note.not_a_number",
                  "“{typed}” is not a number of tricks: type a whole number such as 3.")
# TRANSLATORS: a fold-out under the advice: every line of the advisor's count.
WHOLE_COUNT = M_("drills.bidding.whole_count", "The advisor's whole count")
# TRANSLATORS: "Play it out" pressed before bidding.
BID_FIRST = M_("drills.bidding.note.bid_first", "Bid first, then play the hand out.")
# TRANSLATORS: "Play it out" pressed again.
PLAYED_ALREADY = M_("drills.bidding.note.played", "This hand has been played out already: press New hand for another.")
# TRANSLATORS: the hand's result in a partnership game (Spades). {bid}: the learner's bid; {n}: tricks the learner took; {partner}: the partner's seat; {partner_bid}: the partner's bid; {side_bid}: the side's bid; {side_tricks}: the side's tricks; {points}: the side's points, with a sign.
RESULT_SIDE = P_("drills.bidding.result.side",
                 "You bid {bid} and took {n} trick; with {partner} (bid {partner_bid}) your side bid {side_bid} and "
                 "took {side_tricks}: {points:+d} points.",
                 "You bid {bid} and took {n} tricks; with {partner} (bid {partner_bid}) your side bid {side_bid} and "
                 "took {side_tricks}: {points:+d} points.")
# TRANSLATORS: the hand's result (Oh Hell). {bid}: the learner's bid; {n}: tricks taken; {points}: the points scored.
RESULT = P_("drills.bidding.result", "You bid {bid} and took {n} trick: {points} points.",
            "You bid {bid} and took {n} tricks: {points} points.")
# TRANSLATORS: after the hand's result. {level}: the computer player's level (1–4).
PLAYED_BY = M_("drills.bidding.played_by",
               "Every seat, yours included, was played by the level-{level} computer player.")
# TRANSLATORS: a column of the hand's result table: the players.
COL_SEAT = M_("drills.bidding.col.seat", "Seat")
# TRANSLATORS: a column of the hand's result table: each player's bid.
COL_BID = M_("drills.bidding.col.bid", "Bid")
# TRANSLATORS: a column of the hand's result table: tricks each player took.
COL_TRICKS = M_("drills.bidding.col.tricks", "Tricks")
# TRANSLATORS: one line of the hand's score. {item}: what it is for (contract made); {points}: with a sign; {rule}: its rule id.
SCORE_LINE = M_("drills.bidding.score_line", "{item}: {points:+d} ({rule})")
# TRANSLATORS: an error for a programmer: the hook asked for in a game without one. {game}: the game's name.
NO_HOOK = M_("drills.bidding.error.hook", "{game} has no hook (the hook is Oh Hell's OH-V4)")
# TRANSLATORS: an error for a programmer: no such place in the bidding. {players}: the dealer's place; {position}: what was asked.
BAD_POSITION = M_("drills.bidding.error.position",
                  "dealer_position must be 1 (first to bid) to {players} (the dealer), not {position}")


def _bid_text(bid: Any) -> str:
    """A bid as in records (``4``, ``"nil"``, ``"blind_nil"``) in the current language (Nil, Blind Nil)."""
    return str(KINDS["bid_words"](bid, {}, get_language()))


class BiddingDrill(W.VBox):
    """Bidding drill (SP-6, SP-8, OH-8, OH-V4): bid a dealt hand, see a
    suggested bid with its reasons, then play the hand out.

    Parameters: ``game`` ``"spades"`` (13 cards, the learner is South) or
    ``"oh_hell"`` (the learner sits at seat 0, called "you"; the others have
    names; a card is turned up for trump);
    ``seed``; ``hand_size`` (Oh Hell; None: 2…8 at random); ``players`` (Oh
    Hell 3–7); ``hook`` (Oh Hell OH-V4); ``dealer_position``: the learner's
    place in the bidding order, 1 (first, left of the dealer) … players (the
    dealer, who bids last; the default with the hook), None: random.

    Earlier bids are made by computer players (level 2 if available, else 1;
    see :attr:`bot_level`) and shown.  The bid box starts empty (0 is a bid:
    Nil in Spades).  After a legal bid the drill compares it in words with
    the advisor's suggestion (:func:`compare_bid`, in :attr:`comparison`),
    and ``show_me`` (a :class:`~tutor.advice.AdvicePanel`) charts the tricks
    the hand took over sampled deals, as seen at the learner's bidding turn
    (``bid_view``), marking the learner's bid and the suggestion.  ``bid(value)``,
    ``show_me.click()`` and ``play_it_out()`` drive it headless.  State:
    ``game``, ``seat``, ``advice`` (:class:`Advice`), ``last_verdict``,
    ``learner_bid``, ``outcome`` (dict after the play-out), ``mistakes``
    (Counter by rule id).
    """

    game: TrickGame
    seat: int
    advice: Advice

    def __init__(self, game: str = "spades", seed: int = 0, hand_size: int | None = None, players: int = 4,
                 hook: bool = False, dealer_position: int | None = None, **kwargs: Any):
        spec = drill_spec(game, players)
        if hook and not any(o.name == "hook" for o in spec.options):
            raise ValueError(say(NO_HOOK, game=spec.title))
        n = players
        if dealer_position is not None and not (isinstance(dealer_position, int) and 1 <= dealer_position <= n):
            raise ValueError(say(BAD_POSITION, players=n, position=repr(dealer_position)))
        self.setup = for_game(BIDDING_GAMES, game)
        self.setup.check(n, hand_size)
        self.game_kind = game
        self.spec: GameSpec = spec
        self.players = n
        self.hook = hook
        self.fixed_size = hand_size
        self.fixed_position = dealer_position
        self.rng = random.Random(seed)
        self.seed = seed
        self.mistakes: Counter[str] = Counter()
        self.last_verdict: Verdict | None = None
        self.learner_bid: int | None = None
        self.outcome: dict[str, Any] | None = None
        self.comparison = ""
        self.hands_played = 0

        self.title = W.HTML()
        self.info = W.HTML()
        self.hand = CardHand(cards=[], label=say(HAND))
        self.hand.on_click(self._on_card)
        self.bids_html = W.HTML()
        # a text box that starts empty: 0 would already be a bid (Nil in Spades, SP-8)
        self.bid_box = W.Text(value="",
                              # the label as wide as its words (a translation is longer), the box after it
                              style={"description_width": "initial"}, layout=W.Layout(width="auto", max_width="100%"))
        self.bid_box.continuous_update = False
        self.bid_button = W.Button(button_style="primary")
        self.feedback = Feedback()
        self.note = Feedback()
        self.advice_html = W.HTML()
        self.bid_view: SeatView | None = None
        self.show_me = AdvicePanel(lambda: self.bid_view, learner_bid=lambda: self.learner_bid)
        self.show_me.layout.display = "none"
        self.play_button = W.Button(icon="play", disabled=True)
        self.new_button = W.Button(icon="refresh")
        self.result_html = W.HTML()
        self._words()
        self.bid_button.on_click(self._on_bid)
        self.play_button.on_click(self._on_play)
        self.new_button.on_click(self._on_new)
        # the rows wrap on a narrow screen (a translated label is longer than the English)
        super().__init__([self.title, self.info, self.hand, self.bids_html,
                          W.HBox([self.bid_box, self.bid_button], layout=_wrapping()), self.feedback, self.note,
                          self.advice_html, self.show_me, W.HBox([self.play_button, self.new_button], layout=_wrapping()),
                          self.result_html], **kwargs)
        self.add_class("tt-drill")
        self._deal()

    def relabel(self) -> None:
        """Say the drill again in the current language (after the page's
        language changed): the same deal, the bids made so far, the advice
        and the result once there (said again), the counts; feedback lines
        and the "Show me" chart, in the language before, are cleared."""
        self._words()
        self.show_me.relabel()
        self.advice = advise(self.bid_view) if self.bid_view is not None else self.advice  # its lines are words
        typed, typing_off, bid_off = self.bid_box.value, self.bid_box.disabled, self.bid_button.disabled
        self._draw()
        self.bid_box.value, self.bid_box.disabled, self.bid_button.disabled = typed, typing_off, bid_off
        if self.learner_bid is not None:
            self._show_advice(self.learner_bid)
        if self.outcome is not None:
            self._show_result()

    def _words(self) -> None:
        """The drill's fixed words (title, the bid box, the buttons) in the current language."""
        title = say_html(TITLE_HOOK if self.hook else TITLE, game=self.spec.title)
        self.title.value = f"<h2 style='margin:4px 0;font-size:1.17em'>{title}</h2>"
        self.bid_box.description, self.bid_box.placeholder = say(BID_BOX), say(BID_BOX_HINT)
        self.bid_button.description = say(BID_BUTTON)
        self.play_button.description, self.play_button.tooltip = say(PLAY_BUTTON), say(PLAY_TIP)
        self.new_button.description = say(NEW_BUTTON)

    # ---------------------------------------------------------------- dealing
    def _deal(self) -> None:
        rng = self.rng
        n = self.players
        pos = self.fixed_position
        if pos is None:
            pos = n if self.hook else rng.randint(1, n)
        number = rng.getrandbits(32)
        self.seat, g = self.setup.deal(rng, n, pos, self.fixed_size, self.hook)
        g.deal(number)
        self.game = g
        self.deal_number = number
        self.position_in_bidding = pos
        self.bots: list[Player] = []
        self.bot_level = 1
        for s in range(n):
            bot, level = computer_player(self.seed * 100 + self.hands_played * 10 + s)
            self.bots.append(bot)
            self.bot_level = level
        self.setup.ready(g, self.seat)
        self._bots_act(until_learner=True)
        self.bid_view = g.view(self.seat)  # the learner's bidding turn, for "Show me"
        self.advice = advise(self.bid_view)
        self.learner_bid = None
        self.comparison = ""
        self.outcome = None
        self.last_verdict = None
        self._draw()

    def _bots_act(self, until_learner: bool) -> None:
        """Computer players act (each from its own seat view) until the
        learner is to bid (``until_learner``) or the hand is over."""
        g = self.game
        while g.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
            seats = g.seats_to_act
            if until_learner and self.seat in seats and g.phase is Phase.BIDDING:
                return
            if until_learner and g.phase is not Phase.BIDDING:
                return
            s = seats[0]
            g.apply(self.bots[s].choose(g.view(s)))

    def _draw(self) -> None:
        g = self.game
        ordinal = ORDINALS[self.position_in_bidding - 1]
        if own_names(self.spec):
            name = self._name(self.seat)
            if g.dealer == self.seat:
                head = say_html(DEALT_SEAT_YOU, name=name, ordinal=ordinal, players=self.players)
            else:
                head = say_html(DEALT_SEAT, name=name, who_dealt=self._name(g.dealer), ordinal=ordinal,
                                players=self.players)
            self.hand.label = say(HAND_SEAT, name=name)
        else:
            if g.dealer == self.seat:
                head = say_html(DEALT_YOU, ordinal=ordinal, players=self.players)
            else:
                head = say_html(DEALT, who_dealt=self._name(g.dealer), ordinal=ordinal, players=self.players)
            self.hand.label = say(HAND)
        partner = self.spec.partner_of(self.seat, self.players)
        if partner is not None:  # partners sit opposite (SP-1)
            head += " " + say_html(PARTNER, name=self._name(partner))
        rules = html.escape(self.setup.rules_line(g, self.hook))
        self.info.value = f"<div style='font-size:15px;line-height:1.5'>{head}<br>{rules}</div>"
        self.hand.cards = [c.code for c in g.hand_of(self.seat)]
        self._draw_bids()
        self.bid_box.value = ""
        self.bid_box.disabled = False
        self.bid_button.disabled = False
        self.play_button.disabled = True
        self.feedback.clear()
        self.note.clear()
        self.advice_html.value = ""
        self.show_me.clear()
        self.show_me.layout.display = "none"
        self.result_html.value = ""

    def _player(self, seat: int) -> str:
        """A seat's name in the lists of players: the learner's own seat marked."""
        return you_label(self.spec, seat) if seat == self.seat else self._name(seat)

    def _draw_bids(self) -> None:
        g = self.game
        n = self.players
        order = [(g.dealer + 1 + k) % n for k in range(n)]
        cells = []
        bids = g.view(self.seat).bids
        for s in order:
            b = bids[s]
            shown = "—" if b is None else html.escape(_bid_text(b))
            cells.append(f"<td style='padding:2px 10px'>{html.escape(self._player(s))}</td>"
                         f"<td style='padding:2px 10px'><b>{shown}</b></td>")
        self.bids_html.value = (f"<table style='font-size:14px'><caption style='text-align:left'>"
                                f"{say_html(BIDS_CAPTION)}</caption>"
                                + "".join(f"<tr>{c}</tr>" for c in cells) + "</table>")

    def _name(self, seat: int) -> str:
        return seat_name(self.spec, seat, learner=self.seat, n_seats=self.players)

    # ---------------------------------------------------------------- headless
    def bid(self, value: Any) -> None:
        """Type ``value`` in the bid box and press *Bid* (headless)."""
        self.bid_box.value = "" if value is None else str(value)
        self.bid_button.click()

    def play_it_out(self) -> None:
        """Press *Play it out* (headless)."""
        self.play_button.click()

    def new_hand(self) -> None:
        self.new_button.click()

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_card(self, code: str) -> None:
        self.note.show_info(say(NO_PLAY))

    @guarded()
    def _on_bid(self, _button: Any = None) -> None:
        g = self.game
        if self.learner_bid is not None:
            self.note.show_info(say(ALREADY_BID, bid=self.learner_bid))
            return
        text = self.bid_box.value.strip()
        # one message about the learner's latest try: an older note or refusal is cleared by a new one
        if not text:
            self.feedback.clear()
            self.note.show_info(say(self.setup.type_first))
            return
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None:
            self.feedback.clear()
            self.note.show_info(say(NOT_A_NUMBER, typed=text[:40]))
            return
        v = g.check_bid(self.seat, value)
        self.last_verdict = v
        if not v.ok:
            self.mistakes[v.rule] += 1
            self.note.clear()
            self.feedback.show_verdict(v, text=verdict_text(self.spec, v, self._name, g.sides))
            return
        self.note.clear()
        g.bid(self.seat, value)
        self.learner_bid = value
        self.feedback.show_verdict(v, text=verdict_text(self.spec, v, self._name, g.sides))
        self._bots_act(until_learner=True)  # the remaining seats bid
        self._draw_bids()
        self._show_advice(value)

    def _show_advice(self, value: int) -> None:
        """After the learner's bid ``value``: how it compares with the advisor's, and why."""
        adv = self.advice
        items = "".join(f"<li>{html.escape(line)}</li>" for line in adv.lines)
        self.comparison = compare_bid(value, adv, self.game_kind)
        reasons = "".join(f"<li>{html.escape(r)}</li>" for r in adv.reasons)
        title = say(NIL_REASONS_TITLE if adv.nil else REASONS_TITLE)
        self.advice_html.value = (
            f"<div class='tt-bid-advice' style='font-size:15px;line-height:1.4'><p style='margin:4px 0'>"
            f"<b>{html.escape(self.comparison)}</b></p>"
            + (f"<p style='margin:4px 0'>{html.escape(title)}</p><ul class='tt-bid-reasons' style='margin:2px 0'>"
               f"{reasons}</ul>" if reasons else "")
            + f"<details><summary>{say_html(WHOLE_COUNT)}</summary>"
            f"<ul style='margin:2px 0'>{items}</ul></details></div>")
        self.show_me.layout.display = ""
        self.bid_box.disabled = True
        self.bid_button.disabled = True
        self.play_button.disabled = False

    @guarded()
    def _on_play(self, _button: Any = None) -> None:
        if self.learner_bid is None:
            self.note.show_info(say(BID_FIRST))
            return
        if self.outcome is not None:
            self.note.show_info(say(PLAYED_ALREADY))
            return
        g = self.game
        self._bots_act(until_learner=False)
        r = g.results[-1]
        self.hands_played += 1
        seat = self.seat
        took = r.tricks_won[seat]
        sides = self.spec.sides(self.players)
        side = next(i for i, members in enumerate(sides) if seat in members)  # the score the learner shares
        lines = [line for line in r.score_lines if line.who == side]
        self.outcome = {"bid": self.learner_bid, "tricks": took, "points": r.points[side],
                        "score_lines": [(line.item, line.points, line.rule) for line in lines]}
        partner = self.spec.partner_of(seat, self.players)
        if partner is not None:  # a partnership's contract (SP-7)
            self.outcome.update(side_bid=sum(0 if r.bids[s] in ("nil", "blind_nil") else r.bids[s]
                                             for s in (seat, partner)),
                                side_tricks=took + r.tricks_won[partner])
        self._show_result()

    def _show_result(self) -> None:
        """The hand played out: the learner's bid and tricks, everyone's, and the score lines."""
        assert self.outcome is not None, "the hand is played out"
        r = self.game.results[-1]
        seat = self.seat
        took = r.tricks_won[seat]
        sides = self.spec.sides(self.players)
        side = next(i for i, members in enumerate(sides) if seat in members)
        lines = [line for line in r.score_lines if line.who == side]
        partner = self.spec.partner_of(seat, self.players)
        if partner is not None:
            pb = r.bids[partner]
            side_bid, side_tricks = self.outcome["side_bid"], self.outcome["side_tricks"]
            head = say(RESULT_SIDE, bid=self.learner_bid, n=took, partner=self._name(partner), partner_bid=pb,
                       side_bid=side_bid, side_tricks=side_tricks, points=r.points[side])
        else:
            head = say(RESULT, bid=self.learner_bid, n=took, points=r.points[side])
        rows = "".join(
            f"<tr><td>{html.escape(self._player(s))}</td>"
            f"<td>{html.escape(_bid_text(r.bids[s]))}</td><td>{r.tricks_won[s]}</td></tr>"
            for s in range(self.players))
        items = "".join(f"<li>{html.escape(say(SCORE_LINE, item=line.msg or line.item, points=line.points, rule=line.rule))}"
                        f"</li>" for line in lines)
        self.result_html.value = (
            f"<div style='font-size:14px'><b>{html.escape(head)}</b> {say_html(PLAYED_BY, level=self.bot_level)}"
            f"<table style='margin:4px 0'><tr><th>{say_html(COL_SEAT)}</th><th>{say_html(COL_BID)}</th>"
            f"<th>{say_html(COL_TRICKS)}</th></tr>{rows}</table><ul style='margin:2px 0'>{items}</ul></div>")
        self.play_button.disabled = True

    @guarded()
    def _on_new(self, _button: Any = None) -> None:
        if self.learner_bid is not None and self.outcome is None:
            self.hands_played += 1
        self._deal()
