"""The bidding drill (SP-6, SP-8, OH-8, OH-V4) and the advice it compares a bid with.

There is one bid estimator, :mod:`engine.bots.advisor`;
:func:`count_likely_tricks` / :func:`advise` only put its lines into words.
"""
from __future__ import annotations

import html
import random
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

import ipywidgets as W

from engine import OhHellGame, OhHellRules, Phase, SEAT_NAMES, SpadesGame, Verdict, side_of
from engine.bots.advisor import advise_bid
from engine.ohhell import MAX_HAND

from ..advice import AdvicePanel, count_lines, tricks_text
from ..cards import CardHand
from ..common import Feedback, guarded
from ._shared import GAME_NAMES, ORDINALS, cap, computer_player, drill_spec, seat_name, you_label

__all__ = ["Advice", "advise", "count_likely_tricks", "compare_bid", "BiddingDrill", "tricks_text"]


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


def count_likely_tricks(view) -> Advice:
    """The bid advisor's count for the seat of ``view`` (a
    :class:`~engine.game.SeatView` in the bidding, with the hand looked at),
    in words: :func:`engine.bots.advisor.advise_bid` is the one estimator.

    Raises ValueError when the view has no hand (a Spades seat that has not
    looked at its cards: the advisor then only says whether to bid Blind
    Nil, SP-10)."""
    adv = advise_bid(view)
    if adv.bid is None or view.hand is None:
        raise ValueError("the advisor counts tricks in a hand it can see: look at the cards first (SP-10)")
    lines = count_lines(adv.lines)
    if adv.nil:
        reasons = [t for t, _ in adv.lines[1:]] or [t for t, _ in adv.lines]
        bid = 0
    else:
        weighty = sorted((item for item in adv.lines if item[1] > 0), key=lambda item: -item[1])
        reasons = [t for t, _ in weighty[:3]]
        hook = [t for t, v in adv.lines if "OH-V4" in t]
        reasons += hook
        bid = int(adv.bid)
    return Advice(bid, lines, "advisor", reasons, round(adv.total, 2), bool(adv.nil))


#: the same function; the drill's name for it
advise = count_likely_tricks


#: What a bid of 0 is called, per game (Spades: Nil, SP-8).
ZERO_BID_NAME = {"spades": "Nil (0)"}
#: What the empty bid box says 0 means, per game.
ZERO_BID_HELP = {"spades": "0 is Nil (SP-8)", "oh_hell": "0 means you expect no trick (OH-8)"}
#: The consequence of bidding more / fewer tricks than the advisor, or 0, per game.
BID_RISKS = {
    "spades": {"over": "Bidding more than the hand is likely to take risks a set: minus 10 a trick bid (SP-18).",
               "under": "Bidding fewer tricks than the hand is likely to take gives bags (SP-17, SP-20).",
               "zero": "A Nil fails if the hand takes even one trick: −100 (SP-8)."},
    "oh_hell": {"over": "Only an exact bid scores in Oh Hell (OH-11).",
                "under": "Only an exact bid scores in Oh Hell (OH-11).",
                "zero": "Only an exact bid scores in Oh Hell (OH-11): a bid of 0 needs no trick at all."},
}


#: How a bid is written in the bids table, where it is not just its number.
BID_SHOWN = {("spades", 0): "Nil", ("spades", "nil"): "Nil", ("spades", "blind_nil"): "Blind Nil"}


def _bid_word(b: int, game: str) -> str:
    return ZERO_BID_NAME.get(game, "0") if b == 0 else str(b)


#: The learner's bid beside the advisor's ({bid}, {suggested}: bids in words; {total}: its count, "4.8").
COMPARE_SAME = "You bid {bid}, and the advisor suggests {bid} too: its count of this hand comes to about {total} tricks."
COMPARE_OTHER = "You bid {bid}; the advisor suggests {suggested}: its count of this hand comes to about {total} tricks."
COMPARE_NIL_SAME = "You bid {bid}, and the advisor suggests a Nil too (SP-8): the hand is weak enough to take no trick."
COMPARE_NIL_OTHER = "You bid {bid}; the advisor suggests a Nil (SP-8): the hand is weak enough to take no trick."
#: The title over the lines that count most (:attr:`Advice.reasons`), and over the reasons for a Nil.
REASONS_TITLE = "What counts most in the advisor's count:"
NIL_REASONS_TITLE = "Why a Nil:"


def compare_bid(learner_bid: int, adv: Advice, game: str) -> str:
    """One or two whole sentences comparing the learner's bid with the
    advisor's suggestion ("You bid 3; the advisor suggests 5: its count of
    this hand comes to about 4.8 tricks." and, when they differ, what the
    difference risks).  The lines behind the count are listed apart
    (:attr:`Advice.reasons`, under :data:`REASONS_TITLE`), never glued into
    the sentence."""
    bid, sug = _bid_word(learner_bid, game), _bid_word(adv.bid, game)
    if adv.nil:
        head = (COMPARE_NIL_SAME if learner_bid == adv.bid else COMPARE_NIL_OTHER).format(bid=bid)
    else:
        head = (COMPARE_SAME if learner_bid == adv.bid else COMPARE_OTHER).format(
            bid=bid, suggested=sug, total=f"{adv.total:.1f}")
    if learner_bid == adv.bid:
        return head
    risk = "zero" if learner_bid == 0 else "over" if learner_bid > adv.bid else "under"
    return f"{head} {BID_RISKS[game][risk]}"


# ============================================================ bidding drill
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

    def __init__(self, game: str = "spades", seed: int = 0, hand_size: int | None = None, players: int = 4,
                 hook: bool = False, dealer_position: int | None = None, **kwargs: Any):
        spec = drill_spec(game, players)
        if hook and "hook" not in {f.name for f in fields(spec.rules_class)}:
            raise ValueError(f"{spec.title} has no hook (the hook is Oh Hell's OH-V4)")
        n = players
        if dealer_position is not None and not (isinstance(dealer_position, int) and 1 <= dealer_position <= n):
            raise ValueError(f"dealer_position must be 1 (first to bid) to {n} (the dealer), not {dealer_position!r}")
        if spec.max_bid is None and hand_size is not None and not (1 <= hand_size <= MAX_HAND[n]):
            raise ValueError(f"hand_size must be 1 to {MAX_HAND[n]} for {n} players (OH-5)")
        self.game_kind = game
        self.spec = spec
        self.players = n
        self.hook = hook
        self.fixed_size = hand_size
        self.fixed_position = dealer_position
        self.rng = random.Random(seed)
        self.seed = seed
        self.mistakes: Counter = Counter()
        self.last_verdict: Verdict | None = None
        self.learner_bid: int | None = None
        self.outcome: dict | None = None
        self.advice: Advice | None = None
        self.comparison = ""
        self.hands_played = 0

        self.title = W.HTML(f"<h2 style='margin:4px 0;font-size:1.17em'>Bidding: {GAME_NAMES[game]}"
                            f"{' (hook)' if hook else ''}</h2>")
        self.info = W.HTML()
        self.hand = CardHand(cards=[], label="Your hand")
        self.hand.on_click(self._on_card)
        self.bids_html = W.HTML()
        # a text box that starts empty: 0 would already be a bid (Nil in Spades, SP-8)
        self.bid_box = W.Text(value="", description="Your bid", placeholder="tricks",
                              layout=W.Layout(width="180px"))
        self.bid_box.continuous_update = False
        self.bid_button = W.Button(description="Bid", button_style="primary")
        self.feedback = Feedback()
        self.note = Feedback()
        self.advice_html = W.HTML()
        self.bid_view = None
        self.show_me = AdvicePanel(lambda: self.bid_view, learner_bid=lambda: self.learner_bid)
        self.show_me.layout.display = "none"
        self.play_button = W.Button(description="Play it out", icon="play", disabled=True,
                                    tooltip="Computer players play the whole hand, your seat included")
        self.new_button = W.Button(description="New hand", icon="refresh")
        self.result_html = W.HTML()
        self.bid_button.on_click(self._on_bid)
        self.play_button.on_click(self._on_play)
        self.new_button.on_click(self._on_new)
        super().__init__([self.title, self.info, self.hand, self.bids_html,
                          W.HBox([self.bid_box, self.bid_button]), self.feedback, self.note, self.advice_html,
                          self.show_me, W.HBox([self.play_button, self.new_button]), self.result_html], **kwargs)
        self.add_class("tt-drill")
        self._deal()

    # ---------------------------------------------------------------- dealing
    def _deal(self) -> None:
        rng = self.rng
        n = self.players
        pos = self.fixed_position
        if pos is None:
            pos = n if self.hook else rng.randint(1, n)
        number = rng.getrandbits(32)
        if self.spec.partnerships:  # the learner is South, partner North (SP-1)
            self.seat = 2
            g = SpadesGame(dealer=(self.seat - pos) % 4, auto_deal=False)
        else:
            self.seat = 0
            size = self.fixed_size or rng.randint(2, min(8, MAX_HAND[n]))
            rules = OhHellRules(players=n, hand_sizes=(size,), no_trump_final_hand=False, hook=self.hook)
            g = OhHellGame(rules, dealer=(self.seat - pos) % n, auto_deal=False)
        g.deal(number)
        self.game = g
        self.deal_number = number
        self.position_in_bidding = pos
        self.bots = []
        self.bot_level = 1
        for s in range(n):
            bot, level = computer_player(self.seed * 100 + self.hands_played * 10 + s)
            self.bots.append(bot)
            self.bot_level = level
        if self.spec.blind_nil:
            g.look(self.seat)  # the drill shows the hand at once, so no Blind Nil (SP-10)
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
        who = self._name(self.seat)
        if self.spec.partnerships:
            trump = "Spades are trump (SP-2). Bid 0 for Nil (SP-8); bids go 0–13 (SP-6)"
            partner = SEAT_NAMES[(self.seat + 2) % 4]
            extra = f" Your partner is {partner}."
        else:
            trump = (f"Trump: {g.trump.symbol} {g.trump.noun} (turned up {g.turn_up.display})"
                     if g.trump is not None else "No trump this hand")
            trump += f". {g.hand_size} card{'s' if g.hand_size != 1 else ''} each: bids go 0–{g.hand_size} (OH-8)"
            if self.hook:
                trump += "; hook on: the dealer may not make the bids total the tricks (OH-V4)"
            extra = ""
        you = "" if who == "you" else f"You are <b>{html.escape(who)}</b>; "
        dealer = "You" if g.dealer == self.seat else cap(self._name(g.dealer))
        self.info.value = (f"<div style='font-size:15px;line-height:1.5'>{you}"
                           f"{html.escape(dealer)} dealt, so you bid "
                           f"{ORDINALS[self.position_in_bidding - 1]} of {self.players}.{html.escape(extra)}<br>"
                           f"{html.escape(trump)}.</div>")
        self.hand.cards = [c.code for c in g.hand_of(self.seat)]
        self.hand.label = "Your hand" if who == "you" else f"Your hand ({who})"
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

    def _draw_bids(self) -> None:
        g = self.game
        n = self.players
        order = [(g.dealer + 1 + k) % n for k in range(n)]
        cells = []
        bids = g.view(self.seat).bids
        for s in order:
            b = bids[s]
            shown = "—" if b is None else BID_SHOWN.get((self.game_kind, b), str(b))
            name = you_label(self._name(s)) if s == self.seat else cap(self._name(s))
            cells.append(f"<td style='padding:2px 10px'>{html.escape(name)}</td>"
                         f"<td style='padding:2px 10px'><b>{shown}</b></td>")
        self.bids_html.value = ("<table style='font-size:14px'><caption style='text-align:left'>Bids, in order"
                                "</caption>" + "".join(f"<tr>{c}</tr>" for c in cells) + "</table>")

    def _name(self, seat: int) -> str:
        return seat_name(self.game_kind, seat, learner=self.seat, n_seats=self.players)

    # ---------------------------------------------------------------- headless
    def bid(self, value: int) -> None:
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
        self.note.show_info("In the bidding no card is played: count your likely tricks, type a bid and press Bid.")

    @guarded()
    def _on_bid(self, _button=None) -> None:
        g = self.game
        if self.learner_bid is not None:
            self.note.show_info(f"You already bid {self.learner_bid} on this hand: press Play it out or New hand.")
            return
        text = self.bid_box.value.strip()
        # one message about the learner's latest try: an older note or refusal is cleared by a new one
        if not text:
            self.feedback.clear()
            self.note.show_info(f"Type your bid first: a number of tricks ({ZERO_BID_HELP[self.game_kind]}), "
                                f"then press Bid.")
            return
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None:
            self.feedback.clear()
            self.note.show_info(f"“{text[:40]}” is not a number of tricks: type a whole number such as 3.")
            return
        v = g.check_bid(self.seat, value)
        self.last_verdict = v
        if not v.ok:
            self.mistakes[v.rule] += 1
            self.note.clear()
            self.feedback.show_verdict(v)
            return
        self.note.clear()
        g.bid(self.seat, value)
        self.learner_bid = value
        self.feedback.show_verdict(v)
        self._bots_act(until_learner=True)  # the remaining seats bid
        self._draw_bids()
        adv = self.advice
        items = "".join(f"<li>{html.escape(line)}</li>" for line in adv.lines)
        self.comparison = compare_bid(value, adv, self.game_kind)
        reasons = "".join(f"<li>{html.escape(r)}</li>" for r in adv.reasons)
        title = NIL_REASONS_TITLE if adv.nil else REASONS_TITLE
        self.advice_html.value = (
            f"<div class='tt-bid-advice' style='font-size:15px;line-height:1.4'><p style='margin:4px 0'>"
            f"<b>{html.escape(self.comparison)}</b></p>"
            + (f"<p style='margin:4px 0'>{html.escape(title)}</p><ul class='tt-bid-reasons' style='margin:2px 0'>"
               f"{reasons}</ul>" if reasons else "")
            + f"<details><summary>The advisor's whole count</summary>"
            f"<ul style='margin:2px 0'>{items}</ul></details></div>")
        self.show_me.layout.display = ""
        self.bid_box.disabled = True
        self.bid_button.disabled = True
        self.play_button.disabled = False

    @guarded()
    def _on_play(self, _button=None) -> None:
        if self.learner_bid is None:
            self.note.show_info("Bid first, then play the hand out.")
            return
        if self.outcome is not None:
            self.note.show_info("This hand has been played out already: press New hand for another.")
            return
        g = self.game
        self._bots_act(until_learner=False)
        r = g.results[-1]
        self.hands_played += 1
        seat = self.seat
        took = r.tricks_won[seat]
        if self.spec.partnerships:
            side = side_of(seat)
            partner = (seat + 2) % 4
            pb = r.bids[partner]
            pbv = 0 if pb in ("nil", "blind_nil") else pb
            mine_v = 0 if r.bids[seat] == "nil" else r.bids[seat]
            side_tricks = took + r.tricks_won[partner]
            lines = [l for l in r.score_lines if l.who == side]
            self.outcome = {"bid": self.learner_bid, "tricks": took, "side_bid": mine_v + pbv,
                            "side_tricks": side_tricks, "points": r.points[side],
                            "score_lines": [(l.item, l.points, l.rule) for l in lines]}
            head = (f"You bid {self.learner_bid} and took {took} trick{'s' if took != 1 else ''}; "
                    f"with {SEAT_NAMES[partner]} (bid {pb}) your side bid {mine_v + pbv} "
                    f"and took {side_tricks}: {r.points[side]:+d} points.")
        else:
            lines = [r.score_lines[seat]]
            self.outcome = {"bid": self.learner_bid, "tricks": took, "points": r.points[seat],
                            "score_lines": [(l.item, l.points, l.rule) for l in lines]}
            head = (f"You bid {self.learner_bid} and took {took} trick{'s' if took != 1 else ''}: "
                    f"{r.points[seat]} points.")
        rows = "".join(
            f"<tr><td>{html.escape(you_label(self._name(s)) if s == seat else cap(self._name(s)))}</td>"
            f"<td>{html.escape(str(r.bids[s]))}</td><td>{r.tricks_won[s]}</td></tr>" for s in range(self.players))
        items = "".join(f"<li>{html.escape(l.item)}: {l.points:+d} ({html.escape(l.rule)})</li>" for l in lines)
        self.result_html.value = (
            f"<div style='font-size:14px'><b>{html.escape(head)}</b> Every seat, yours included, was played "
            f"by the level-{self.bot_level} computer player.<table style='margin:4px 0'><tr><th>Seat</th>"
            f"<th>Bid</th><th>Tricks</th></tr>{rows}</table><ul style='margin:2px 0'>{items}</ul></div>")
        self.play_button.disabled = True

    @guarded()
    def _on_new(self, _button=None) -> None:
        if self.learner_bid is not None and self.outcome is None:
            self.hands_played += 1
        self._deal()
