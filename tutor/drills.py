"""Practice drills (ipywidgets) built on the engine: follow suit, trick winner, bidding.

Every rule decision and every refusal message comes from :mod:`engine`
(``check_play``, ``legal_plays``, ``check_bid``, ``winning_offset``); the
widgets only arrange what the engine says.  Each drill takes its
configuration and seed in the constructor (the "session"), never calls
``display()`` itself, wraps every callback in :func:`tutor.common.guarded`
and can be driven headless (``.click(code)``, ``.bid(value)``,
``.play_it_out()``).

* :class:`FollowSuitDrill`: a seeded stream of mid-trick positions from real
  engine games; the learner clicks the card to play (SP-13, SP-14, SP-15,
  OH-9, OH-V6).
* :class:`TrickWinnerDrill`: 3–7 cards on the table; the learner clicks the
  winning card (SP-16, OH-10).
* :class:`BiddingDrill`: a dealt hand; the learner bids (SP-6, SP-8, OH-8,
  OH-V4), sees a suggested bid with its reasons and a "Show me" chart of
  the tricks the hand took over sampled deals (:mod:`tutor.advice`), and can
  play the hand out with computer players.
"""
from __future__ import annotations

import html
import importlib
import logging
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from engine import (
    Bid, Card, OhHellGame, OhHellRules, Phase, Play, SEAT_NAMES, SpadesGame, Suit, Verdict,
    side_of, winning_offset,
)
from engine.bots import make_player
from engine.tricks import explain_trick_winner
from engine.ohhell import MAX_HAND

from .advice import AdvicePanel
from .cards import CardHand
from .common import Feedback, guarded

__all__ = [
    "FollowSuitDrill", "TrickWinnerDrill", "BiddingDrill", "Position", "PositionStream",
    "POSITION_KINDS", "classify_position", "count_likely_tricks", "Advice", "computer_player",
]

log = logging.getLogger("tutor.drills")

#: The kinds of follow-suit positions, per game.
#:
#: * ``follow``: a suit was led and the learner holds it (SP-14 / OH-9) and
#:   other cards too, so a wrong click is possible.
#: * ``void``: a suit was led and the learner holds none of it (may play any
#:   card; with must-trump on and trumps held, must trump, OH-V6).
#: * ``lead_unbroken`` (Spades): leading, spades not yet broken, holding
#:   spades and other cards (SP-13).
#: * ``lead_broken`` (Spades): leading after spades were broken, holding
#:   spades and other cards (SP-13, SP-15).
#: * ``lead`` (Oh Hell): leading; any card may be led (OH-9).
#: * ``all_spades`` / ``all_trump``: the learner's cards (two or more) are
#:   all trumps (SP-13's exception when leading).
POSITION_KINDS: dict[str, tuple[str, ...]] = {
    "spades": ("follow", "void", "lead_unbroken", "lead_broken", "all_spades"),
    "oh_hell": ("follow", "void", "lead", "all_trump"),
}

KIND_TEXT = {
    "follow": "following suit", "void": "void in the suit led", "lead_unbroken": "leading, spades not broken",
    "lead_broken": "leading, spades broken", "lead": "leading", "all_spades": "only spades left",
    "all_trump": "only trumps left",
}

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


def _seat_name(game_kind: str, seat: int) -> str:
    return SEAT_NAMES[seat] if game_kind == "spades" else f"seat {seat}"


def _stats_html(streak: int, best: int, mistakes: Counter, extra: str = "") -> str:
    if mistakes:
        tally = ", ".join(f"{html.escape(r)} ×{n}" for r, n in sorted(mistakes.items()))
    else:
        tally = "none"
    return (f'<div class="tt-stats" style="font-size:14px;margin:2px 0">'
            f'Streak <b>{streak}</b> · best <b>{best}</b> · mistakes by rule: {tally}{extra}</div>')


def computer_player(seed: int | None, prefer_level: int = 2):
    """``make_player(prefer_level, seed)`` if that level exists, else level 1.
    Returns ``(player, level)``."""
    try:
        return make_player(prefer_level, seed), prefer_level
    except (ImportError, ValueError, KeyError):
        return make_player(1, seed), 1


# ============================================================ follow-suit positions
@dataclass
class Position:
    """One follow-suit position: ``game`` (an engine game in the PLAY phase,
    ``seat`` to act), ``kind`` (see :data:`POSITION_KINDS`), ``deal_number``
    and the number of cards already played in the hand (``plays``)."""

    game: Any
    seat: int
    kind: str
    deal_number: int
    plays: int


def classify_position(game) -> tuple[str, bool]:
    """``(kind, interesting)`` of the position for the seat to act in ``game``
    (PLAY phase).  ``interesting`` is False when the position cannot go wrong
    in the way its kind is meant to teach (e.g. following suit holding only
    the suit led)."""
    seat = game.to_act
    hand = game.hand_of(seat)
    trump = Suit.SPADES if game.GAME == "spades" else game.trump
    trick = game.current_trick
    trumps = [c for c in hand if c.suit == trump] if trump is not None else []
    others = len(hand) - len(trumps)
    if trump is not None and len(hand) >= 2 and others == 0:
        return ("all_spades" if game.GAME == "spades" else "all_trump"), True
    if trick is None or not trick.cards:
        if game.GAME == "spades":
            kind = "lead_broken" if game.spades_broken else "lead_unbroken"
            return kind, bool(trumps) and others > 0
        return "lead", len(hand) >= 2
    led = trick.cards[0].suit
    follow = [c for c in hand if c.suit == led]
    if follow:
        return "follow", len(follow) < len(hand)
    if game.GAME == "oh_hell" and game.rules.must_trump and trump is not None:
        return "void", bool(trumps) and others > 0
    return "void", len(hand) >= 2


class PositionStream:
    """A seeded, endless stream of follow-suit positions from real engine games.

    Each position comes from a fresh deal (deal number drawn from the stream's
    rng): every seat bids, then random legal cards (from
    ``game.legal_plays``) are played up to a random point where the seat to
    act faces a position of the wanted kind.  The first ``len(kinds)``
    positions cover every kind once (in a shuffled order); later ones pick a
    kind at random.

    ``game``: ``"spades"`` or ``"oh_hell"``; ``must_trump`` (Oh Hell OH-V6);
    ``players`` (Oh Hell 3–7; Spades always 4); ``seed``.
    """

    def __init__(self, game: str = "spades", must_trump: bool = False, seed: int = 0, players: int = 4):
        if game not in POSITION_KINDS:
            raise ValueError(f"game must be 'spades' or 'oh_hell', not {game!r}")
        if game == "spades" and players != 4:
            raise ValueError("Spades is played by 4 players (SP-1)")
        if game == "spades" and must_trump:
            raise ValueError("must-trump (OH-V6) is an Oh Hell variation; Spades never requires trumping (SP-14)")
        self.game_kind = game
        self.must_trump = must_trump
        self.players = players
        self.rng = random.Random(seed)
        kinds = list(POSITION_KINDS[game])
        self.rng.shuffle(kinds)
        self._queue = kinds
        self.count = 0

    def _new_game(self, deal_number: int):
        rng = self.rng
        if self.game_kind == "spades":
            g = SpadesGame(dealer=rng.randrange(4), auto_deal=False)
            g.deal(deal_number)
            while g.phase is Phase.BIDDING:
                g.bid(g.to_act, rng.randint(1, 4))
            return g
        top = min(10, MAX_HAND[self.players] - 1)
        size = rng.randint(3, top)
        rules = OhHellRules(players=self.players, hand_sizes=(size,), no_trump_final_hand=False,
                            must_trump=self.must_trump)
        g = OhHellGame(rules, dealer=rng.randrange(self.players), auto_deal=False)
        g.deal(deal_number)
        while g.phase is Phase.BIDDING:
            bids = g.legal_bids(g.to_act)
            g.apply(rng.choice(bids))
        return g

    def _rebuild(self, deal_number: int, first: Any, actions: list) -> Any:
        """A fresh game equal to ``first`` after its deal, with ``actions`` applied."""
        g = first.copy()
        for a in actions:
            g.apply(a)
        return g

    def next(self) -> Position:
        """The next position (always one where the seat to act must play)."""
        want = self._queue.pop(0) if self._queue else self.rng.choice(POSITION_KINDS[self.game_kind])
        self.count += 1
        fallback = None
        for _attempt in range(60):
            number = self.rng.getrandbits(32)
            g = self._new_game(number)
            start = g.copy()
            actions = []
            hits = []
            while g.phase is Phase.PLAY:
                kind, interesting = classify_position(g)
                if kind == want and interesting:
                    hits.append(len(actions))
                elif fallback is None and interesting:
                    fallback = (number, start, list(actions), kind)
                seat = g.to_act
                card = self.rng.choice(g.legal_plays(seat))
                a = Play(seat, card)
                g.apply(a)
                actions.append(a)
            if hits:
                k = self.rng.choice(hits)
                pg = self._rebuild(number, start, actions[:k])
                return Position(pg, pg.to_act, want, number, k)
        number, start, acts, kind = fallback  # pragma: no cover - practically unreachable
        pg = self._rebuild(number, start, acts)
        return Position(pg, pg.to_act, kind, number, len(acts))


# ============================================================ follow-suit drill
class FollowSuitDrill(W.VBox):
    """Follow-suit drill: which card may you play?  (SP-13, SP-14, SP-15, OH-9, OH-V6)

    Parameters: ``game`` ``"spades"`` | ``"oh_hell"``; ``must_trump`` (Oh
    Hell La Podrida, OH-V6); ``seed`` (the same seed gives the same stream
    of positions); ``players`` (Oh Hell 3–7); ``auto_advance`` (True: a legal
    click moves straight on to the next position, the feedback staying
    visible; False: press *Next*); ``debounce_s`` (seconds after an automatic
    advance during which a click is treated as the tail of a double click and
    ignored, with a note).

    The learner's cards carry no playability marking before the click.  A
    click is judged by ``game.check_play``: legal → the engine's OK message;
    illegal → its message and rule id, and the engine's legal cards are
    highlighted.  State for tests: ``streak``, ``best_streak``,
    ``mistakes`` (Counter by rule id), ``position_kind``, ``last_verdict``,
    ``positions_done``.
    """

    def __init__(self, game: str = "spades", must_trump: bool = False, seed: int = 0, players: int = 4,
                 auto_advance: bool = True, debounce_s: float = 0.4, **kwargs: Any):
        self.game_kind = game
        self.stream = PositionStream(game, must_trump=must_trump, seed=seed, players=players)
        self.auto_advance = auto_advance
        self.debounce_s = debounce_s
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter = Counter()
        self.positions_done = 0
        self.last_verdict: Verdict | None = None
        self.position: Position | None = None
        self._accepting = False
        self._wrong_tried: set[str] = set()
        self._advanced_at = -1e9

        name = "Spades" if game == "spades" else "Oh Hell" + (" (must trump)" if must_trump else "")
        self.title = W.HTML(f"<h3 style='margin:4px 0'>Follow suit: {name}</h3>"
                            "<div style='font-size:14px'>Click the card you would play.</div>")
        self.stats = W.HTML()
        self.info = W.HTML()
        self.table = CardHand(cards=[], disabled=True, label="On the table", size="small")
        self.hand = CardHand(cards=[], label="Your hand")
        self.feedback = Feedback()
        self.note = Feedback()
        self.last = W.HTML()
        self.next_button = W.Button(description="Next", icon="arrow-right",
                                    tooltip="Go on to the next position")
        self.hand.on_click(self._on_card)
        self.next_button.on_click(self._on_next)
        super().__init__([self.title, self.stats, self.info, self.table, self.hand, self.feedback,
                          self.note, self.last, self.next_button], **kwargs)
        self.add_class("tt-drill")
        self._load(self.stream.next())

    # ---------------------------------------------------------------- queries
    @property
    def position_kind(self) -> str:
        """The kind of the current position (see :data:`POSITION_KINDS`)."""
        return self.position.kind

    @property
    def seat(self) -> int:
        """The seat the learner plays in the current position."""
        return self.position.seat

    def legal_cards(self) -> list[str]:
        """The engine's legal cards (codes, sorted) for the current position."""
        return [c.code for c in self.position.game.legal_plays(self.position.seat)]

    def click(self, code: str) -> bool:
        """Simulate the learner clicking ``code`` in their hand (headless)."""
        return self.hand.simulate_click(code)

    def next(self) -> None:
        """Go on to the next position (as the *Next* button)."""
        self.next_button.click()

    # ---------------------------------------------------------------- drawing
    def _load(self, pos: Position) -> None:
        self.position = pos
        self._wrong_tried = set()
        g = pos.game
        seat = pos.seat
        who = _seat_name(self.game_kind, seat)
        trick = g.current_trick
        if self.game_kind == "spades":
            trump = f"Trump: ♠ spades — {'broken' if g.spades_broken else 'not broken yet'}"
        elif g.trump is None:
            trump = "No trump this hand"
        else:
            trump = f"Trump: {g.trump.symbol} {g.trump.noun} (turned up: {g.turn_up.display})"
            if g.rules.must_trump:
                trump += " · must-trump is on (OH-V6)"
        if trick is not None and trick.cards:
            played = ", then ".join(f"{_seat_name(self.game_kind, s)} {c.display}"
                                    for s, c in zip(trick.seats, trick.cards))
            leader = _seat_name(self.game_kind, trick.leader)
            table_text = f"{leader[:1].upper() + leader[1:]} led. Played so far: {played}."
        else:
            table_text = "You lead to this trick."
        done = len(g.tricks)
        self.info.value = (f"<div style='font-size:15px;line-height:1.5'>Position {self.stream.count}: "
                           f"you are <b>{html.escape(who)}</b>, trick {done + 1}. {html.escape(trump)}.<br>"
                           f"{html.escape(table_text)}</div>")
        self.table.cards = [c.code for c in trick.cards] if trick is not None else []
        self.table.label = "On the table" if self.table.cards else "On the table: nothing yet"
        self.hand.highlighted = []
        self.hand.playable = []  # never reveal the legal cards before the click
        self.hand.cards = [c.code for c in g.hand_of(seat)]
        self.hand.label = f"Your hand ({who})"
        self.hand.disabled = False
        self.next_button.description = "Skip" if self.auto_advance else "Next"
        self._accepting = True
        self._draw_stats()

    def _draw_stats(self) -> None:
        self.stats.value = _stats_html(self.streak, self.best_streak, self.mistakes,
                                       f" · positions done <b>{self.positions_done}</b>")

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_card(self, code: str) -> None:
        now = time.monotonic()
        if now - self._advanced_at < self.debounce_s:
            self.note.show_info("That click came just as a new position appeared, so it was ignored: "
                                "look at the new position, then click.")
            return
        if not self._accepting:
            self.note.show_info("You have already answered this position: press Next.")
            return
        if code in self._wrong_tried:
            self.note.show_info(f"You already tried the {Card.parse(code).display}; "
                                f"choose one of the highlighted cards.")
            return
        self.note.clear()
        pos = self.position
        v = pos.game.check_play(pos.seat, code)
        self.last_verdict = v
        if not v.ok:
            self._wrong_tried.add(code)
            self.mistakes[v.rule] += 1
            self.streak = 0
            self.feedback.show_verdict(v)
            self.hand.highlighted = self.legal_cards()
            self._draw_stats()
            return
        first_try = not self._wrong_tried
        if first_try:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        self.positions_done += 1
        self.feedback.show_verdict(v)
        card = Card.parse(code)
        self.last.value = (f"<div style='font-size:13px;opacity:.85'>Position {self.stream.count} "
                           f"({html.escape(KIND_TEXT[pos.kind])}): you played the {card.display}"
                           f"{' at the first try' if first_try else ''}.</div>")
        self._accepting = False
        self.hand.highlighted = [code]
        if self.auto_advance:
            self._load(self.stream.next())
            self._advanced_at = time.monotonic()
        else:
            self._draw_stats()  # the hand stays clickable: a second click gets a note

    @guarded()
    def _on_next(self, _button=None) -> None:
        if self._accepting:
            self.streak = 0  # skipping a position ends the streak
        self.note.clear()
        self.feedback.clear()
        self.last.value = ""
        self._load(self.stream.next())


# ============================================================ trick-winner drill
@dataclass
class TrickSetup:
    """A trick on the table: ``cards`` in play order, ``leader`` (seat),
    ``trump`` (Suit or None), ``n_seats``; ``winner_index`` from
    :func:`engine.winning_offset`."""

    cards: list[Card]
    leader: int
    trump: Suit | None
    n_seats: int
    winner_index: int = field(init=False)

    def __post_init__(self) -> None:
        self.winner_index = winning_offset(self.cards, self.trump)

    @property
    def winner(self) -> Card:
        return self.cards[self.winner_index]


class TrickWinnerDrill(W.VBox):
    """Trick-winner drill: click the card that wins the trick (SP-16, OH-10).

    Parameters: ``game`` ``"oh_hell"`` (any trump or no trump, rule OH-10) or
    ``"spades"`` (spades are trump, rule SP-16); ``players`` 3–7 (cards on
    the table; Spades: 4); ``trump``: ``"random"`` (each deal picks one of
    the four suits or no trump), ``None`` (no trump) or a suit (``"H"``,
    ``Suit.HEARTS``); ``seed``; ``auto_advance``, ``debounce_s`` as in
    :class:`FollowSuitDrill`.

    The answer is always ``engine.winning_offset(cards, trump)``.  State:
    ``streak``, ``best_streak``, ``mistakes`` (Counter by rule id),
    ``setup`` (:class:`TrickSetup`), ``last_correct``.
    """

    def __init__(self, game: str = "oh_hell", players: int = 4, trump: Any = "random", seed: int = 0,
                 auto_advance: bool = True, debounce_s: float = 0.4, **kwargs: Any):
        if game not in ("spades", "oh_hell"):
            raise ValueError(f"game must be 'spades' or 'oh_hell', not {game!r}")
        if not isinstance(players, int) or not 3 <= players <= 7:
            raise ValueError(f"players must be 3 to 7, not {players!r}")
        if game == "spades":
            if players != 4:
                raise ValueError("Spades is played by 4 players (SP-1)")
            trump = Suit.SPADES
        elif trump not in ("random", None):
            trump = Suit.parse(trump)
        self.game_kind = game
        self.players = players
        self.trump_choice = trump
        self.rule = "SP-16" if game == "spades" else "OH-10"
        self.rng = random.Random(seed)
        self.auto_advance = auto_advance
        self.debounce_s = debounce_s
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter = Counter()
        self.count = 0
        self.setup: TrickSetup | None = None
        self.last_correct: bool | None = None
        self._accepting = False
        self._wrong_tried: set[str] = set()
        self._advanced_at = -1e9

        self.title = W.HTML(f"<h3 style='margin:4px 0'>Who wins the trick? "
                            f"({'Spades' if game == 'spades' else 'Oh Hell'})</h3>"
                            "<div style='font-size:14px'>Click the card that wins.</div>")
        self.stats = W.HTML()
        self.info = W.HTML()
        self.table = CardHand(cards=[], label="The trick, in play order")
        self.feedback = Feedback()
        self.note = Feedback()
        self.next_button = W.Button(description="Next", icon="arrow-right")
        self.table.on_click(self._on_card)
        self.next_button.on_click(self._on_next)
        super().__init__([self.title, self.stats, self.info, self.table, self.feedback, self.note,
                          self.next_button], **kwargs)
        self.add_class("tt-drill")
        self._load(self._make_setup())

    # ---------------------------------------------------------------- positions
    def _make_setup(self) -> TrickSetup:
        rng = self.rng
        trump = self.trump_choice
        if trump == "random":
            trump = rng.choice([Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None])
        deck = list(range(52))
        rng.shuffle(deck)
        pool = [Card.from_index(i) for i in deck]
        led = pool.pop()
        cards = [led]
        for _ in range(self.players - 1):
            r = rng.random()
            if r < 0.5:
                want = led.suit
            elif r < 0.75 and trump is not None:
                want = trump
            else:
                want = None
            pick = next((c for c in pool if want is None or c.suit == want), pool[0])
            pool.remove(pick)
            cards.append(pick)
        return TrickSetup(cards, rng.randrange(self.players), trump, self.players)

    def _load(self, setup: TrickSetup) -> None:
        self.setup = setup
        self.count += 1
        self._wrong_tried = set()
        names = [self._name(setup, i) for i in range(len(setup.cards))]
        if setup.trump is None:
            trump = "No trump"
        else:
            trump = f"Trump: {setup.trump.symbol} {setup.trump.noun}"
        order = ", ".join(f"{names[i]} {c.display}" for i, c in enumerate(setup.cards))
        self.info.value = (f"<div style='font-size:15px;line-height:1.5'>Trick {self.count}. "
                           f"<b>{html.escape(trump)}</b>. {html.escape(names[0][:1].upper() + names[0][1:])} led the "
                           f"{setup.cards[0].display}.<br>Play order: {html.escape(order)}.</div>")
        self.table.highlighted = []
        self.table.cards = [c.code for c in setup.cards]
        self.table.disabled = False
        self.next_button.description = "Skip" if self.auto_advance else "Next"
        self._accepting = True
        self.stats.value = _stats_html(self.streak, self.best_streak, self.mistakes)

    def _name(self, setup: TrickSetup, i: int) -> str:
        return _seat_name(self.game_kind, (setup.leader + i) % setup.n_seats)

    # ---------------------------------------------------------------- queries
    def winning_card(self) -> str:
        """Code of the winning card, from :func:`engine.winning_offset`."""
        return self.setup.winner.code

    def click(self, code: str) -> bool:
        """Simulate a click on ``code`` on the table (headless)."""
        return self.table.simulate_click(code)

    def next(self) -> None:
        self.next_button.click()

    def explain(self, code: str) -> str:
        """Why the winner wins and, if ``code`` is another card, why that card
        does not (the engine's :func:`engine.tricks.explain_trick_winner`)."""
        s = self.setup
        return explain_trick_winner(s.cards, s.trump, Card.parse(code), self.rule)

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_card(self, code: str) -> None:
        if time.monotonic() - self._advanced_at < self.debounce_s:
            self.note.show_info("That click came just as a new trick appeared, so it was ignored.")
            return
        if not self._accepting:
            self.note.show_info("You have already answered this trick: press Next.")
            return
        if code in self._wrong_tried:
            self.note.show_info("You already tried that card: the winner is highlighted.")
            return
        self.note.clear()
        text = self.explain(code)
        if code == self.winning_card():
            self.last_correct = True
            if not self._wrong_tried:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            self.feedback.show_ok(text)
            self._accepting = False
            if self.auto_advance:
                self._load(self._make_setup())
                self._advanced_at = time.monotonic()
            else:
                self.table.highlighted = [code]
                self.stats.value = _stats_html(self.streak, self.best_streak, self.mistakes)
            return
        self.last_correct = False
        self._wrong_tried.add(code)
        self.mistakes[self.rule] += 1
        self.streak = 0
        self.feedback.show_error(text)
        self.table.highlighted = [self.winning_card()]
        self.stats.value = _stats_html(self.streak, self.best_streak, self.mistakes)

    @guarded()
    def _on_next(self, _button=None) -> None:
        if self._accepting:
            self.streak = 0
        self.note.clear()
        self.feedback.clear()
        self._load(self._make_setup())


# ============================================================ bidding advice
@dataclass
class Advice:
    """A suggested bid (int, 0 = Nil) and the reasons behind it (list of str)."""

    bid: int
    lines: list[str]
    source: str = "count"


def count_likely_tricks(view) -> Advice:
    """A simple, explainable count of likely tricks for a :class:`SeatView`
    in the bidding (used when ``engine.bots.advisor`` is not available).

    Trumps (spades in Spades, the turned-up suit in Oh Hell): the ace 1, the
    king with another trump 1, the queen with two more 1, each trump beyond
    the third 1.  Other suits: the ace 1, the king with a guard ½.  With a
    trump to spare, a void counts 1 and a singleton ½.  The total is rounded
    to the nearest whole number (halves down), kept within the legal bids
    (SP-6, OH-8, OH-V4); in Spades a hand with nothing better than 0 and
    only low cards suggests Nil (SP-8), else at least 1.
    """
    hand = list(view.hand or ())
    trump = view.trump
    lines: list[str] = []
    total = 0.0
    by_suit = {s: sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank) for s in Suit}
    trumps = by_suit[trump] if trump is not None else []
    spare_trumps = 0
    if trump is not None:
        n = len(trumps)
        ranks = {c.rank for c in trumps}
        counted = 0
        for rank, need, label in ((14, 1, "the top trump wins a trick"),
                                  (13, 2, "a trump king with another trump to protect it"),
                                  (12, 3, "a trump queen with two more trumps")):
            if rank in ranks and n >= need:
                c = next(c for c in trumps if c.rank == rank)
                lines.append(f"{c.display}: {label} (+1)")
                total += 1
                counted += 1
        long = max(0, n - 3)
        if long:
            lines.append(f"{n} {trump.noun}: the {long} beyond the third should win late tricks (+{long})")
            total += long
        spare_trumps = max(0, n - counted - long)
    for s in Suit:
        if s == trump:
            continue
        cs = by_suit[s]
        if cs and cs[0].rank == 14:
            lines.append(f"{cs[0].display}: an ace of a side suit usually wins (+1)")
            total += 1
        king = next((c for c in cs if c.rank == 13), None)
        if king is not None and len(cs) >= 2:
            lines.append(f"{king.display}: a guarded king wins about half the time (+½)")
            total += 0.5
        if spare_trumps and len(hand) >= 3:
            if not cs:
                lines.append(f"no {s.noun}: a spare trump can ruff them (+1)")
                total += 1
                spare_trumps -= 1
            elif len(cs) == 1 and spare_trumps:
                lines.append(f"one {s.singular}: once it is gone a spare trump can ruff (+½)")
                total += 0.5
                spare_trumps -= 1
    bid = math.floor(total + 0.5) if total % 1 != 0.5 else math.floor(total)
    bid = min(bid, len(hand))
    lines.append(f"Total: about {total:g} likely tricks → {bid}.")
    legal = sorted({a.value for a in view.legal if isinstance(a, Bid) and not a.blind})
    if view.game == "spades" and bid == 0:
        high = [c for c in hand if c.rank >= 11]
        if not high and len(trumps) <= 3:
            lines.append("No card above 10 and few spades: a Nil bid (0) is worth trying (SP-8).")
        else:
            bid = 1
            lines.append("Nil would be risky with these high cards, so bid at least 1 (SP-6, SP-8).")
    if legal and bid not in legal:
        alt = min(legal, key=lambda v: (abs(v - total), v))
        lines.append(f"{bid} is not allowed here (the hook, OH-V4), so {alt}.")
        bid = alt
    return Advice(bid, lines, "count")


def advise(view) -> Advice:
    """Advice for the seat of ``view``: :func:`engine.bots.advisor.advise_bid`
    when that module is importable (checked at each call), else
    :func:`count_likely_tricks`."""
    try:
        mod = importlib.import_module("engine.bots.advisor")
        fn = getattr(mod, "advise_bid")
    except (ImportError, AttributeError):
        log.debug("engine.bots.advisor.advise_bid is not available: using the simple trick count")
        return count_likely_tricks(view)
    adv = fn(view)
    lines = []
    for line in adv.lines:
        if isinstance(line, (tuple, list)) and len(line) == 2 and isinstance(line[1], (int, float)):
            text, value = line
            lines.append(f"{text} ({value:+.2f})" if value else str(text))
        else:
            lines.append(str(line))
    bid = adv.bid
    if bid in ("nil", "blind_nil"):
        bid = 0
    if bid is None:  # "look at your cards first": the drill always shows the hand, so count instead
        return count_likely_tricks(view)
    return Advice(int(bid), lines, "advisor")


# ============================================================ bidding drill
class BiddingDrill(W.VBox):
    """Bidding drill (SP-6, SP-8, OH-8, OH-V4): bid a dealt hand, see a
    suggested bid with its reasons, then play the hand out.

    Parameters: ``game`` ``"spades"`` (13 cards, the learner is South) or
    ``"oh_hell"`` (the learner is seat 0; a card is turned up for trump);
    ``seed``; ``hand_size`` (Oh Hell; None: 2…8 at random); ``players`` (Oh
    Hell 3–7); ``hook`` (Oh Hell OH-V4); ``dealer_position``: the learner's
    place in the bidding order, 1 (first, left of the dealer) … players (the
    dealer, who bids last; the default with the hook), None: random.

    Earlier bids are made by computer players (level 2 if available, else 1;
    see :attr:`bot_level`) and shown.  After a legal bid, ``show_me`` (a
    :class:`~tutor.advice.AdvicePanel`, shown when the advisor is installed)
    charts the tricks the hand took over sampled deals, as seen at the
    learner's bidding turn (``bid_view``).  ``bid(value)``,
    ``show_me.click()`` and ``play_it_out()`` drive it headless.  State:
    ``game``, ``seat``, ``advice`` (:class:`Advice`), ``last_verdict``,
    ``learner_bid``, ``outcome`` (dict after the play-out), ``mistakes``
    (Counter by rule id).
    """

    def __init__(self, game: str = "spades", seed: int = 0, hand_size: int | None = None, players: int = 4,
                 hook: bool = False, dealer_position: int | None = None, **kwargs: Any):
        if game not in ("spades", "oh_hell"):
            raise ValueError(f"game must be 'spades' or 'oh_hell', not {game!r}")
        if game == "spades" and (players != 4 or hook):
            raise ValueError("Spades is for 4 players and has no hook (the hook is Oh Hell's OH-V4)")
        n = players
        if dealer_position is not None and not (isinstance(dealer_position, int) and 1 <= dealer_position <= n):
            raise ValueError(f"dealer_position must be 1 (first to bid) to {n} (the dealer), not {dealer_position!r}")
        if game == "oh_hell" and hand_size is not None and not (1 <= hand_size <= MAX_HAND[n]):
            raise ValueError(f"hand_size must be 1 to {MAX_HAND[n]} for {n} players (OH-5)")
        self.game_kind = game
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
        self.hands_played = 0

        self.title = W.HTML(f"<h3 style='margin:4px 0'>Bidding: {'Spades' if game == 'spades' else 'Oh Hell'}"
                            f"{' (hook)' if hook else ''}</h3>")
        self.info = W.HTML()
        self.hand = CardHand(cards=[], label="Your hand")
        self.hand.on_click(self._on_card)
        self.bids_html = W.HTML()
        self.bid_box = W.IntText(value=0, description="Your bid", layout=W.Layout(width="180px"))
        self.bid_button = W.Button(description="Bid", button_style="primary")
        self.feedback = Feedback()
        self.note = Feedback()
        self.advice_html = W.HTML()
        self.bid_view = None
        self.show_me = AdvicePanel(lambda: self.bid_view)
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
        if self.game_kind == "spades":
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
        if self.game_kind == "spades":
            g.look(self.seat)  # the drill shows the hand at once, so no Blind Nil (SP-10)
        self._bots_act(until_learner=True)
        self.bid_view = g.view(self.seat)  # the learner's bidding turn, for "Show me"
        self.advice = advise(self.bid_view)
        self.learner_bid = None
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
        who = _seat_name(self.game_kind, self.seat)
        if self.game_kind == "spades":
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
        self.info.value = (f"<div style='font-size:15px;line-height:1.5'>You are <b>{html.escape(who)}</b>; "
                           f"{html.escape(_seat_name(self.game_kind, g.dealer))} dealt, so you bid "
                           f"{ORDINALS[self.position_in_bidding - 1]} of {self.players}.{html.escape(extra)}<br>"
                           f"{html.escape(trump)}.</div>")
        self.hand.cards = [c.code for c in g.hand_of(self.seat)]
        self.hand.label = f"Your hand ({who})"
        self._draw_bids()
        self.bid_box.value = 0
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
            shown = "—" if b is None else ("Nil" if b in (0, "nil") else ("Blind Nil" if b == "blind_nil" else str(b)))
            name = _seat_name(self.game_kind, s) + (" (you)" if s == self.seat else "")
            cells.append(f"<td style='padding:2px 10px'>{html.escape(name)}</td>"
                         f"<td style='padding:2px 10px'><b>{shown}</b></td>")
        self.bids_html.value = ("<table style='font-size:14px'><caption style='text-align:left'>Bids, in order"
                                "</caption>" + "".join(f"<tr>{c}</tr>" for c in cells) + "</table>")

    # ---------------------------------------------------------------- headless
    def bid(self, value: int) -> None:
        """Type ``value`` in the bid box and press *Bid* (headless)."""
        self.bid_box.value = value
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
        value = self.bid_box.value
        v = g.check_bid(self.seat, value)
        self.last_verdict = v
        if not v.ok:
            self.mistakes[v.rule] += 1
            self.feedback.show_verdict(v)
            return
        self.note.clear()
        g.bid(self.seat, value)
        self.learner_bid = value
        self.feedback.show_verdict(v)
        self._bots_act(until_learner=True)  # the remaining seats bid
        self._draw_bids()
        adv = self.advice
        same = "the same as your bid" if adv.bid == value else f"you bid {value}"
        src = "advisor" if adv.source == "advisor" else "simple trick count"
        items = "".join(f"<li>{html.escape(line)}</li>" for line in adv.lines)
        self.advice_html.value = (f"<div style='font-size:14px'><b>Suggested bid: {adv.bid}</b> ({same}; "
                                  f"from the {src}).<ul style='margin:2px 0'>{items}</ul></div>")
        self.show_me.layout.display = None if adv.source == "advisor" else "none"
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
        if self.game_kind == "spades":
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
                    f"with {SEAT_NAMES[partner]} (bid {pb}) your side took {side_tricks} "
                    f"of {mine_v + pbv} bid: {r.points[side]:+d} points.")
        else:
            lines = [r.score_lines[seat]]
            self.outcome = {"bid": self.learner_bid, "tricks": took, "points": r.points[seat],
                            "score_lines": [(l.item, l.points, l.rule) for l in lines]}
            head = (f"You bid {self.learner_bid} and took {took} trick{'s' if took != 1 else ''}: "
                    f"{r.points[seat]} points.")
        rows = "".join(
            f"<tr><td>{html.escape(_seat_name(self.game_kind, s))}{' (you)' if s == seat else ''}</td>"
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
