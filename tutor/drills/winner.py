"""The trick-winner drill: click the card that wins the trick (SP-16, OH-10, OH-7)."""
from __future__ import annotations

import html
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from engine import Card, Suit, winning_offset
from engine.message import Text
from engine.registry import OH_HELL, SPADES
from engine.spec import GameSpec
from engine.text import card_text, get_language
from engine.tricks import trick_winner_msg

from ..cards import CardHand
from ..common import Feedback, guarded
from ..text import M_, Markup, say, say_html
from .shared import NEXT, ORDINALS, SKIP, drill_spec, for_game, list_text, seat_name, stats_html, word

__all__ = ["TrickSetup", "TrickWinnerDrill", "WinnerGame", "WINNER_GAMES"]

# TRANSLATORS: the trump line of the trick-winner drill. {symbol}: the suit's symbol (♥); {trump_suit}: its name (hearts).
TRUMP = M_("drills.winner.trump", "Trump: {symbol} {trump_suit}")
# TRANSLATORS: the trump line of the trick-winner drill in Spades (SP-2). {symbol}: ♠; {trump_suit}: spades.
TRUMP_SPADES = M_("drills.winner.trump.spades", "Trump: {symbol} {trump_suit} (spades are always trump, SP-2)")
# TRANSLATORS: the trump line of the trick-winner drill when the trick has no trump.
NO_TRUMP = M_("drills.winner.trump.none", "No trump")
# TRANSLATORS: the trump line of the trick-winner drill in Oh Hell when the trick has no trump (OH-7).
NO_TRUMP_OH_HELL = M_("drills.winner.trump.none.oh_hell",
                      "No trump (as on Oh Hell's last hand, OH-7): only the suit led can win")



@dataclass(frozen=True)
class WinnerGame:
    """What the trick-winner drill says of one game it knows: the trump line with a trump
    (``{symbol}``, ``{trump_suit}``) and with none."""

    spec: GameSpec
    trump_line: Text
    no_trump_line: Text


#: The games the drill knows, one entry each.
WINNER_GAMES: tuple[WinnerGame, ...] = (
    WinnerGame(SPADES, TRUMP_SPADES, NO_TRUMP),
    WinnerGame(OH_HELL, TRUMP, NO_TRUMP_OH_HELL),
)

# TRANSLATORS: the trick-winner drill's title. {game}: the game's name.
TITLE = M_("drills.winner.title", "Who wins the trick? ({game})")
# TRANSLATORS: the trick-winner drill's instruction, under its title.
ASK = M_("drills.winner.ask", "Click the card that wins.")
# TRANSLATORS: the accessible name of the row of the trick's cards.
TABLE = M_("drills.winner.table", "The trick, in play order")
# TRANSLATORS: the accessible name of the row of the trick's cards; {names}: the players, in play order ("Ada, Ben, Cleo").
TABLE_ORDER = M_("drills.winner.table.order", "The trick, in play order: {names}")
# TRANSLATORS: the trick's heading. {count}: the trick's number in the drill; {trump}: the trump line (in bold).
INFO = M_("drills.winner.info", "Trick {count}. {trump}.")
# TRANSLATORS: above the list of who played which card, in play order.
WHO = M_("drills.winner.who", "Who played what, in order:")
# TRANSLATORS: the trick's first card in the list of plays. {name}: the player; {card}: the card (drawn in colour).
ROW_LED = M_("drills.winner.row.led", "<b>{name}</b> led {card}")
# TRANSLATORS: a later card in the list of plays. {name}: the player; {card}: the card (drawn in colour).
ROW_PLAYED = M_("drills.winner.row.played", "<b>{name}</b> played {card}")
# TRANSLATORS: a click right after a new trick appeared (the tail of a double click) was ignored.
DEBOUNCED = M_("drills.winner.note.debounced", "That click came just as a new trick appeared, so it was ignored.")
# TRANSLATORS: a second click after the trick was answered.
ANSWERED = M_("drills.winner.note.answered", "You have already answered this trick: press Next.")
# TRANSLATORS: a card already tried (wrong) was clicked again.
TRIED = M_("drills.winner.note.tried", "You already tried that card: the winner is highlighted.")
# TRANSLATORS: after a trick, above the next one. {why}: why the winner wins (the engine's sentences).
PREVIOUS = M_("drills.winner.previous", "Previous trick: {why}")
# TRANSLATORS: a programmer asked for a number of players the drill does not have. {players}: what was asked.
BAD_PLAYERS = M_("drills.winner.error.players", "players must be 3 to 7, not {players}")


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

    Above the cards, who played each card, in order (the leader first), and
    the trump state (spades; a suit; or no trump, as on Oh Hell's last hand,
    OH-7).  The answer is always ``engine.winning_offset(cards, trump)``;
    the explanation is the engine's (:func:`engine.tricks.trick_winner_msg`).
    A new trick clears the old feedback; the answer to the previous trick is
    summed up in :attr:`last`.  State:
    ``streak``, ``best_streak``, ``mistakes`` (Counter by rule id),
    ``setup`` (:class:`TrickSetup`), ``last_correct``.
    """

    setup: TrickSetup

    def __init__(self, game: str = "oh_hell", players: int = 4, trump: Any = "random", seed: int = 0,
                 auto_advance: bool = True, debounce_s: float = 0.4, **kwargs: Any):
        drill_spec(game)
        if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 7:
            raise ValueError(say(BAD_PLAYERS, players=repr(players)))
        spec = drill_spec(game, players)
        if spec.fixed_trump is not None:  # the game's one trump (SP-2)
            trump = spec.fixed_trump
        elif trump not in ("random", None):
            trump = Suit.parse(trump)
        self.game_kind = game
        self.spec = spec
        self.players = players
        self.trump_choice = trump
        self.rule = spec.winner_rule  # SP-16, OH-10
        self.rng = random.Random(seed)
        self.auto_advance = auto_advance
        self.debounce_s = debounce_s
        self.streak = 0
        self.best_streak = 0
        self.mistakes: Counter[str] = Counter()
        self.count = 0
        self.last_correct: bool | None = None
        self._accepting = False
        self._wrong_tried: set[str] = set()
        self._advanced_at = -1e9

        self.title = W.HTML()
        self.stats = W.HTML()
        self.info = W.HTML()
        self.table = CardHand(cards=[], label=say(TABLE))
        self.feedback = Feedback()
        self.note = Feedback()
        self.last = Feedback()
        self.last.add_class("tt-last-position")
        self.next_button = W.Button(description=say(NEXT), icon="arrow-right")
        self._words()
        self.table.on_click(self._on_card)
        self.next_button.on_click(self._on_next)
        super().__init__([self.title, self.stats, self.last, self.info, self.table, self.feedback, self.note,
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

    def _trump_line(self, trump: Suit | None) -> str:
        lines = for_game(WINNER_GAMES, self.game_kind)
        if trump is None:
            return say(lines.no_trump_line)
        return say(lines.trump_line, symbol=trump.symbol, trump_suit=trump.letter)

    def relabel(self) -> None:
        """Say the drill again in the current language (after the page's
        language changed): the same trick, streak and counts; the last
        answer's lines, in the language before, are cleared."""
        self._words()
        self.feedback.clear()
        self.note.clear()
        self.last.clear()
        self._draw()

    def _words(self) -> None:
        """The drill's fixed words (title and instruction) in the current language."""
        self.title.value = (f"<h2 style='margin:4px 0;font-size:1.17em'>{say_html(TITLE, game=self.spec.title)}</h2>"
                            f"<div style='font-size:14px'>{say_html(ASK)}</div>")

    def _load(self, setup: TrickSetup) -> None:
        self.setup = setup
        self.count += 1
        self._wrong_tried = set()
        self.feedback.clear()  # the old feedback belongs to the old trick
        self.note.clear()
        self.table.highlighted = []
        self.table.disabled = False
        self._accepting = True
        self._draw()

    def _draw(self) -> None:
        """The current trick in the current language."""
        setup = self.setup
        names = [self._name(setup, i) for i in range(len(setup.cards))]
        lang = get_language()
        rows = []
        for i, c in enumerate(setup.cards):
            colour = "#b00020" if c.suit in (Suit.HEARTS, Suit.DIAMONDS) else "#111"
            card = Markup(f"<span class='tt-card-text' style='font-size:17px;font-weight:bold;color:{colour}'>"
                          f"{html.escape(card_text(c.code, lang))}</span>")
            rows.append(f"<li style='margin:1px 0'><span style='display:inline-block;min-width:2.6em;opacity:.75'>"
                        f"{html.escape(word(ORDINALS[i]))}</span> "
                        f"{say_html(ROW_LED if i == 0 else ROW_PLAYED, name=names[i], card=card)}</li>")
        trump = Markup(f"<b class='tt-trump-state'>{html.escape(self._trump_line(setup.trump))}</b>")
        self.info.value = (f"<div style='font-size:15px;line-height:1.5'>{say_html(INFO, count=self.count, trump=trump)}"
                           f"<br>{say_html(WHO)}"
                           f"<ol class='tt-play-order' style='list-style:none;padding-left:4px;margin:2px 0'>"
                           f"{''.join(rows)}</ol></div>")
        self.table.cards = [c.code for c in setup.cards]
        self.table.label = say(TABLE_ORDER, names=list_text(names))
        self.next_button.description = say(SKIP if self.auto_advance else NEXT)
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)

    def _name(self, setup: TrickSetup, i: int) -> str:
        return seat_name(self.spec, (setup.leader + i) % setup.n_seats)

    def play_order(self) -> list[tuple[str, str]]:
        """``[(player name, card code), …]`` in play order, the leader first."""
        s = self.setup
        return [(self._name(s, i), c.code) for i, c in enumerate(s.cards)]

    # ---------------------------------------------------------------- queries
    def winning_card(self) -> str:
        """Code of the winning card, from :func:`engine.winning_offset`."""
        return self.setup.winner.code

    def click(self, code: str) -> bool:
        """Simulate a click on ``code`` on the table (headless)."""
        return bool(self.table.simulate_click(code))

    def next(self) -> None:
        self.next_button.click()

    def explain(self, code: str) -> str:
        """Why the winner wins and, if ``code`` is another card, why that card
        does not (the engine's :func:`engine.tricks.trick_winner_msg`), in the
        current language."""
        s = self.setup
        return str(trick_winner_msg(s.cards, s.trump, Card.parse(code), self.rule))

    # ---------------------------------------------------------------- callbacks
    @guarded()
    def _on_card(self, code: str) -> None:
        if time.monotonic() - self._advanced_at < self.debounce_s:
            self.note.show_info(say(DEBOUNCED))
            return
        if not self._accepting:
            self.note.show_info(say(ANSWERED))
            return
        if code in self._wrong_tried:
            self.note.show_info(say(TRIED))
            return
        self.note.clear()
        text = self.explain(code)
        if code == self.winning_card():
            self.last_correct = True
            if not self._wrong_tried:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            self._accepting = False
            if self.auto_advance:
                self.last.show_ok(say(PREVIOUS, why=text))
                self._load(self._make_setup())
                self._advanced_at = time.monotonic()
            else:
                self.feedback.show_ok(text)
                self.table.highlighted = [code]
                self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)
            return
        self.last_correct = False
        self._wrong_tried.add(code)
        self.mistakes[self.rule] += 1
        self.streak = 0
        self.feedback.show_error(text)
        self.table.highlighted = [self.winning_card()]
        self.stats.value = stats_html(self.streak, self.best_streak, self.mistakes)

    @guarded()
    def _on_next(self, _button: Any = None) -> None:
        if self._accepting:
            self.streak = 0
        self.last.clear()
        self._load(self._make_setup())
