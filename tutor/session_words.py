"""What a table session says: seat names, the status line, the hand so far
in plain sentences, the hand result, the winners (a mixin of
:class:`tutor.session.TableSession`; it reads ``self.game``, ``self.learner``
and ``self.game_look`` and never changes the game).

Every sentence is a catalogue entry (:mod:`tutor.text`), said in the current
language each time it is asked for: nothing here is kept as text, so a page
rebuilt in another language says it in that language.

Seat names come from the game's look (:func:`tutor.games.look_for`): a game
whose seats the engine names by the compass keeps them (Spades, SP-1); in the
others the learner is "You" and the computer players are named
:data:`~tutor.games.PLAYER_NAMES` clockwise from the learner.  The engine's
own sentences (a verdict, a score line) are said with those names
(:meth:`SessionWords.speak`): the seat numbers in the message's data are
given the table's names before it is said; nothing is rewritten afterwards.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from engine import Bid, Deal, Pass, Phase, Play
from engine.game import HandResult, SeatView, TrickGame
from engine.options import GameRules
from engine.message import Msg, literal, render
from engine.text import KINDS, translate
from engine.text.words import LIST_AND_EACH, LIST_SEP
from engine.tricks import Trick

from .games import PLAYER_NAMES, YOU, GameLook
from .text import M_, P_, say

__all__ = ["SessionWords", "PLAYER_NAMES", "plural", "signed", "joined", "with_names"]

# ---------------------------------------------------------------- names
# TRANSLATORS: the learner's seat box where the seat has a name of its own: {name} "South" → "South (you)".
NAME_YOU = M_("session.name_you", "{name} (you)")
# TRANSLATORS: the learner's partnership in the scores ("Your side: 120").
YOUR_SIDE = M_("session.your_side", "Your side")
# TRANSLATORS: a bid not made yet, in a seat box or a score sheet.
NO_BID = M_("session.no_bid", "—")

# ---------------------------------------------------------------- the hand so far
# TRANSLATORS: the first line of the hand's log: hand {hand_no}, {dealer_name} dealt deal number {number}.
DEALT_NUMBER = M_("session.log.dealt_number", "Hand {hand_no}: {dealer_name} dealt (deal #{number}).")
# TRANSLATORS: the first line of the hand's log for a hand read from a saved game (no deal number).
DEALT = M_("session.log.dealt", "Hand {hand_no}: {dealer_name} dealt.")
# TRANSLATORS: in the hand's log: {who} chose a bid that stays hidden until all are revealed (OH-V5).
SEALED_BID = M_("session.log.sealed_bid", "{who} chose a sealed bid.")
# TRANSLATORS: in the hand's log: {who} bid {bid} ("3", "Nil").
BID_LINE = M_("session.log.bid", "{who} bid {bid}.")
# TRANSLATORS: in the hand's log: {who} chose the cards of the Blind Nil exchange (SP-10).
CHOSE_PASS = M_("session.log.chose_pass", "{who} chose 3 cards to pass.")
# TRANSLATORS: in the hand's log: the learner passed {shown_cards} ("K♣, 2♥").
YOU_PASSED = M_("session.log.you_passed", "You passed {shown_cards}.")
# TRANSLATORS: in the hand's log: {who} played {card}.
PLAYED = M_("session.log.played", "{who} played {card}.")
# TRANSLATORS: in the hand's log: {winner} won the trick with {card}.
WON_TRICK = M_("session.log.won_trick", "→ {winner} won the trick with {card}.")

# ---------------------------------------------------------------- whose turn (completing a sentence)
# TRANSLATORS: whose turn it is, completing "Loaded the game: hand 3, …" or "Not now: …": the game is over.
TURN_GAME_OVER = M_("session.turn.game_over", "the game is over")
# TRANSLATORS: as above: hand {hand_no} is over.
TURN_HAND_OVER = M_("session.turn.hand_over", "hand {hand_no} is over")
# TRANSLATORS: as above: the learner bids now.
TURN_BID = M_("session.turn.bid", "your turn to bid")
# TRANSLATORS: as above: the learner chooses the cards of the Blind Nil exchange (SP-10).
TURN_PASS = M_("session.turn.pass", "your turn to choose 3 cards to pass")
# TRANSLATORS: as above: the learner plays a card now.
TURN_PLAY = M_("session.turn.play", "your turn to play")
# TRANSLATORS: as above: {name} acts now.
TURN_OTHER = M_("session.turn.other", "{name} to act")
# TRANSLATORS: as above: nobody can act now.
TURN_WAITING = M_("session.turn.waiting", "waiting")

# ---------------------------------------------------------------- the status line
# TRANSLATORS: the status line when the game is over; {winners} says who won ("North–South won, 520 to 310 (SP-22)").
STATUS_GAME_OVER = M_("session.status.game_over", "Game over: {winners}.")
#: The status line when a single-hand session's hand is over (the review's practice copy).
# TRANSLATORS: the status line when the review's practice copy of hand {hand_no} is over.
SINGLE_HAND_STATUS = M_("session.status.single_hand", "Hand {hand_no} is over: this practice copy ends with its hand.")
# TRANSLATORS: the status line after hand {hand_no}; pressing "Next hand" deals hand {next}.
STATUS_HAND_OVER = M_("session.status.hand_over", "Hand {hand_no} is over. Press “Next hand” to deal hand {next}.")
# TRANSLATORS: the status line: the learner bids with the cards face down, and house rule SP-H2 forbids Blind Nil now.
STATUS_BID_LOOK_FIRST = M_("session.status.bid_look_first",
                           "Your turn to bid. Look at your cards first, then bid (no Blind Nil now, SP-H2).")
# TRANSLATORS: the status line: the learner bids with the cards face down (SP-10).
STATUS_BID_BLIND = M_("session.status.bid_blind",
                      "Your turn to bid. Bid Blind Nil now, or look at your cards first (SP-10).")
# TRANSLATORS: the status line: the learner bids a number of tricks from {low} to {high}.
STATUS_BID = M_("session.status.bid", "Your turn to bid: how many tricks will you win ({low} to {high})?")
# TRANSLATORS: the status line: the learner chooses the cards of the Blind Nil exchange (SP-10).
STATUS_PASS = M_("session.status.pass", "Your turn: choose 3 cards to pass to your partner (SP-10).")
# TRANSLATORS: the status line: the learner plays a card.
STATUS_PLAY = M_("session.status.play", "Your turn: click a card to play it.")
# TRANSLATORS: the status line while {name} acts.
STATUS_WAITING_FOR = M_("session.status.waiting_for", "Waiting for {name}.")
# TRANSLATORS: the status line while nobody can act.
STATUS_WAITING = M_("session.status.waiting", "Waiting.")

# ---------------------------------------------------------------- who won
# TRANSLATORS: completing "Game over: …": no winner yet.
NO_WINNER = M_("session.no_winner", "no winner yet")
# TRANSLATORS: completing "Game over: …": partnership {side_name} won with {score} points against {other} ({rule}).
SIDE_WON = M_("session.side_won", "{side_name} won, {score} to {other} ({rule})")
# TRANSLATORS: as above, the learner's own partnership.
YOUR_SIDE_WON = M_("session.your_side_won", "{side_name} (your side) won, {score} to {other} ({rule})")
# TRANSLATORS: completing "Game over: …": the learner won alone with {points} points.
YOU_WIN = M_("session.you_win", "{name} win with {points} points ({rule})")
# TRANSLATORS: completing "Game over: …": {name} (a player) won with {points} points.
ONE_WON = M_("session.one_won", "{name} won with {points} points ({rule})")
# TRANSLATORS: completing "Game over: …": {names} ("You and Ada") share the win with {points} points.
SHARE_WIN = M_("session.share_win", "{names} share the win with {points} points ({rule})")

# ---------------------------------------------------------------- the hand's result
# TRANSLATORS: a side's result: {who} bid {bid} and took {took} tricks; {lines} the score lines
# ("contract made +40, 2 bags +2"); {rules} their rule ids.
RESULT = M_("session.result", "{who} bid {bid} and took {took}: {lines} ({rules}).")
# TRANSLATORS: as above with several score lines adding up to {total} ("+42").
RESULT_TOTAL = M_("session.result_total", "{who} bid {bid} and took {took}: {lines}: {total} in all ({rules}).")
# TRANSLATORS: a partnership's result when a partner bid Nil: {each} "West bid 2 and East bid Nil".
RESULT_EACH = M_("session.result_each", "{who}: {each}, and took {took}: {lines} ({rules}).")
# TRANSLATORS: as above with several score lines adding up to {total}.
RESULT_EACH_TOTAL = M_("session.result_each_total", "{who}: {each}, and took {took}: {lines}: {total} in all ({rules}).")
# TRANSLATORS: one score line in a result: {item} ("contract made") and its {points} ("+40").
RESULT_LINE = M_("session.result_line", "{item} {points}")
# TRANSLATORS: the bags line of a result: {n} bags and its {points} ("+2").
RESULT_BAGS = P_("session.result_bags", "{n} bag {points}", "{n} bags {points}")
# TRANSLATORS: a Nil bid in a partnership's bid: {bid} ("Nil") and who bid it ({name}).
NIL_OF = M_("session.nil_of", "{bid} ({name})")
# TRANSLATORS: one partner's bid: {name} bid {bid}.
EACH_BID = M_("session.each_bid", "{name} bid {bid}")


def plural(n: int, word: Any) -> str:
    """``n`` and a plural-sensitive entry (``P_``, with ``{n}``) in the current language."""
    return say(word, n=n)


def signed(points: int) -> str:
    """Points with their sign: "+40", "−100" (a real minus sign), "0"."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def joined(items: Iterable[str], sep: Any = LIST_SEP) -> str:
    """``items`` joined with the language's separator (``LIST_SEP`` ", ",
    or ``LIST_AND_EACH`` " and ")."""
    return translate(sep).join(items)


_SEAT = KINDS["seat"]
_SIDE = KINDS["side"]
_SEAT_LISTS = {KINDS["winners_and"]: LIST_AND_EACH, KINDS["waiting"]: LIST_SEP}
_MSG_LISTS = (KINDS["parts"], KINDS["parts_and"])


def with_names(m: Msg, name: Callable[[int], str], sides: Sequence[Sequence[int]]) -> Msg:
    """The engine's message ``m`` with its seats called ``name(seat)`` (a
    table's or a drill's players: "you", Ada …): the seat numbers in its data
    (a seat, a side of one seat, lists of seats; nested messages too) replaced
    by the names before it is said, so nothing is rewritten afterwards.
    ``sides``: the game's sides (``game.sides``)."""
    args: dict[str, Any] = {}
    for key, value in m.args.items():
        kind = KINDS.get(key)
        if isinstance(value, Msg):
            value = with_names(value, name, sides)
        elif kind is _SEAT and isinstance(value, int):
            value = literal(name(value))
        elif kind is _SIDE and isinstance(value, int) and len(sides[value]) == 1:
            value = literal(name(sides[value][0]))
        elif kind in _SEAT_LISTS and isinstance(value, (list, tuple)):
            value = literal(joined((name(int(s)) for s in value), _SEAT_LISTS[kind]))
        elif kind in _MSG_LISTS and isinstance(value, (list, tuple)):
            value = [with_names(v, name, sides) if isinstance(v, Msg) else v for v in value]
        args[key] = value
    return Msg(m.id, args)


class SessionWords:
    """Plain-language views of a session's game (see the module docstring)."""

    game: TrickGame
    learner: int
    game_look: GameLook
    single_hand: bool
    #: The title names the game's deal numbers (a seat at a shared table is never told them).
    deal_numbers: bool = True

    # ============================================================ names
    def _own(self, seat: int) -> str:
        """The table's name of ``seat`` (the learner too: "South", or "You")."""
        if not self.game_look.own_names:
            return self.game.seat_name(seat)
        if seat == self.learner:
            return say(YOU)
        return say(PLAYER_NAMES[(seat - self.learner) % self.game.n_seats - 1])

    def name(self, seat: int, you: bool = True) -> str:
        """The seat's name: "You" for the learner (with ``you``), else the
        engine's seat name (Spades: North …) or a player's name (Oh Hell:
        Ada, Ben … clockwise from the learner)."""
        if you and seat == self.learner:
            return say(YOU)
        return self._own(seat)

    def label(self, seat: int) -> str:
        """Name for a seat box: "South (you)" or "You" when the seat has no name of its own."""
        if seat == self.learner and not self.game_look.own_names:
            return say(NAME_YOU, name=self._own(seat))
        return self._own(seat)

    def hand_counted(self, view: SeatView) -> tuple[SeatView, GameRules]:
        """The view and the rules that number the hand in the title ("Hand 3",
        Oh Hell's "Hand 3 of 10"): the game's own; a seat at a shared table
        counts the table's hands."""
        return view, self.game.rules

    def hand_no(self, number: int) -> int:
        """Hand ``number`` of the session's game as its players count it (a shared table: its own count)."""
        return number

    def seat_player(self, seat: int) -> str:
        """Who plays ``seat``, said under its name in the seat box ("" at a learner's own table)."""
        return ""

    def side_name(self, side: int) -> str:
        """"Your side" / "You" for the learner's side, else its name
        (a partnership's, "East–West", or its one seat's)."""
        seats = self.game.sides[side]
        if self.learner in seats:
            return say(YOUR_SIDE) if len(seats) > 1 else say(YOU)
        if len(seats) == 1:
            return self._own(seats[0])
        return render(Msg("side.name", {"side": side, "naming": self.game.spec.naming}))

    def _in_sentence(self, seat: int) -> str:
        if seat == self.learner and self.game_look.you_in_a_sentence is not None:
            return say(self.game_look.you_in_a_sentence)
        return self._own(seat)

    def named(self, m: Msg) -> Msg:
        """The engine's message ``m`` with its seats given this table's names
        (:func:`with_names`).  Unchanged where the table keeps the engine's names."""
        if not self.game_look.own_names:
            return m
        return with_names(m, self._in_sentence, self.game.sides)

    def speak(self, m: Msg) -> str:
        """The engine's message ``m`` in the current language, its seats called
        by the table's names (:meth:`named`)."""
        return render(self.named(m))

    def bid_word(self, bid: Any) -> str:
        """A bid as recorded (int, "nil", "blind_nil", None) in words."""
        if bid is None:
            return say(NO_BID)
        if bid == "blind_nil":
            return self.game.bid_label(0, blind=True)
        if bid == "nil":
            return self.game.bid_label(0)
        return str(bid)

    # ============================================================ queries
    @property
    def events(self) -> list[str]:
        """The current hand in plain sentences, from the game's history (so an
        undone action is never listed): the deal, every bid (a sealed bid
        still hidden from the learner, OH-V5, as "chose a sealed bid"),
        passes, cards and who won each trick."""
        return self._events()

    def _events(self) -> list[str]:
        g, me = self.game, self.learner
        hist = g.history
        start = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
        if start < 0:
            return []
        hand_no = sum(isinstance(a, Deal) for a in hist)
        deal = hist[start]
        assert isinstance(deal, Deal)
        dealer = self.name(self._dealer_of_hand(hand_no))
        said = self.hand_no(hand_no)  # as the players count it (a shared table: the table's hand)
        out = [say(DEALT_NUMBER, hand_no=said, dealer_name=dealer, number=deal.number) if deal.number is not None else
               say(DEALT, hand_no=said, dealer_name=dealer)]
        visible = g.view(me).bids
        tricks = self._tricks_of_hand(hand_no)
        played = 0
        for a in hist[start + 1:]:
            if not isinstance(a, (Bid, Pass, Play)):
                continue
            who = self.name(a.seat)
            if isinstance(a, Bid):
                if a.seat != me and visible[a.seat] is None and g.phase is Phase.BIDDING:
                    out.append(say(SEALED_BID, who=who))
                else:
                    out.append(say(BID_LINE, who=who, bid=g.bid_label(a.value, a.blind)))
            elif isinstance(a, Pass):
                out.append(say(CHOSE_PASS, who=who) if a.seat != me else
                           say(YOU_PASSED, shown_cards=[c.code for c in a.cards]))
            else:
                out.append(say(PLAYED, who=who, card=a.card.code))
                played += 1
                if played % g.n_seats == 0 and played // g.n_seats <= len(tricks):
                    t = tricks[played // g.n_seats - 1]
                    won = t.card_of(t.winner) if t.winner is not None else None
                    assert t.winner is not None and won is not None  # a finished trick has its winner
                    out.append(say(WON_TRICK, winner=self.name(t.winner), card=won.code))
        return out

    def _dealer_of_hand(self, hand_no: int) -> int:
        g = self.game
        if hand_no == g.hands_dealt:
            return g.dealer
        return g.results[hand_no - 1].dealer

    def _tricks_of_hand(self, hand_no: int) -> Sequence[Trick]:
        g = self.game
        if g.phase in (Phase.DEAL, Phase.GAME_OVER) and len(g.results) >= hand_no:
            return g.results[hand_no - 1].tricks
        return g.tricks

    def turn_phrase(self) -> str:
        """Whose turn it is, as the end of a sentence ("your turn to bid")."""
        g, me = self.game, self.learner
        if g.phase is Phase.GAME_OVER:
            return say(TURN_GAME_OVER)
        if g.phase is Phase.DEAL:
            return say(TURN_HAND_OVER, hand_no=self.hand_no(g.hands_dealt))
        to_act = g.seats_to_act
        if me in to_act:
            turn = {Phase.BIDDING: TURN_BID, Phase.EXCHANGE: TURN_PASS, Phase.PLAY: TURN_PLAY}.get(g.phase)
            if turn is not None:
                return say(turn)
        return say(TURN_OTHER, name=self.name(to_act[0])) if to_act else say(TURN_WAITING)

    def status(self) -> str:
        """The status line: whose turn, what to do, hand or game over."""
        g, me = self.game, self.learner
        view = g.view(me)
        if g.phase is Phase.GAME_OVER:
            return say(STATUS_GAME_OVER, winners=self.winners_text())
        if g.phase is Phase.DEAL:
            if self.single_hand:
                return say(SINGLE_HAND_STATUS, hand_no=self.hand_no(g.hands_dealt))
            return say(STATUS_HAND_OVER, hand_no=self.hand_no(g.hands_dealt), next=self.hand_no(g.hands_dealt) + 1)
        if me in view.to_act:
            if g.phase is Phase.BIDDING:
                if view.hand is None:
                    if not any(b.blind for b in g.legal_bids(me)):  # house rule SP-H2 forbids it now
                        return say(STATUS_BID_LOOK_FIRST)
                    return say(STATUS_BID_BLIND)
                low, high = g.bid_range(me)
                return say(STATUS_BID, low=low, high=high)
            if g.phase is Phase.EXCHANGE:
                return say(STATUS_PASS)
            return say(STATUS_PLAY)
        return say(STATUS_WAITING_FOR, name=self.name(view.to_act[0])) if view.to_act else say(STATUS_WAITING)

    def winners_text(self) -> str:
        """Who won, completing "Game over: …" (the rule that ended the game cited)."""
        g = self.game
        if not g.winners:
            return say(NO_WINNER)
        side = g.side_of_seat(g.winners[0])
        rule = g.check_look(self.learner).rule  # the game-over refusal cites the rule that ended the game
        if len(g.sides[side]) > 1:
            other = max(s for k, s in enumerate(g.scores) if k != side)
            name = render(Msg("side.name", {"side": side, "naming": g.spec.naming}))
            entry = YOUR_SIDE_WON if self.learner in g.sides[side] else SIDE_WON
            return say(entry, side_name=name, score=g.scores[side], other=other, rule=rule)
        if len(g.winners) > 1:
            return say(SHARE_WIN, names=joined((self.name(s) for s in g.winners), LIST_AND_EACH),
                       points=g.scores[side], rule=rule)
        entry = YOU_WIN if g.winners == (self.learner,) else ONE_WON
        return say(entry, name=self.name(g.winners[0]), points=g.scores[side], rule=rule)

    def partner(self) -> int | None:
        """The learner's partner (the other seat of its side), or None."""
        side = self.game.sides[self.game.side_of_seat(self.learner)]
        others = [s for s in side if s != self.learner]
        return others[0] if others else None

    def hand_result(self) -> tuple[list[str], list[tuple[str, str, int, str]]] | None:
        """The last scored hand when the hand (or game) is over: sentences,
        one per side ("Your side bid 10 and took 8: contract set −100
        (SP-18)."), and the itemised lines ``(side name, item, points,
        rule)``, each line in the table's names.  None while a hand is being
        played."""
        g = self.game
        if g.phase not in (Phase.DEAL, Phase.GAME_OVER) or not g.results:
            return None
        r: HandResult = g.results[-1]
        sentences: list[str] = []
        items: list[tuple[str, str, int, str]] = []
        for k, seats in enumerate(g.sides):
            who = self.side_name(k)
            took = sum(r.tricks_won[s] for s in seats)
            lines = [line for line in r.score_lines if line.who == k]
            words = [self.speak(line.msg) if line.msg is not None else line.item for line in lines]
            parts = [say(RESULT_BAGS, n=line.points, points=signed(line.points))
                     if line.msg is not None and line.msg.id == "SCORE.bags" else
                     say(RESULT_LINE, item=word, points=signed(line.points)) for line, word in zip(lines, words)]
            rules = ", ".join(dict.fromkeys(line.rule for line in lines))
            total = signed(r.points[k])
            many = len(lines) > 1
            nils = [s for s in seats if isinstance(r.bids[s], str)]
            if nils and len(seats) > 1:  # "East–West: West bid 2 and East bid Nil, and took 5: …"
                each = joined((say(EACH_BID, name=self.name(s), bid=self.bid_word(r.bids[s])) for s in seats),
                              LIST_AND_EACH)
                text = say(RESULT_EACH_TOTAL if many else RESULT_EACH, who=who, each=each, took=took,
                           lines=joined(parts), total=total, rules=rules)
            else:
                if len(seats) == 1:
                    bid = self.bid_word(r.bids[seats[0]])
                else:
                    ints = [r.bids[s] for s in seats if isinstance(r.bids[s], int)]
                    bid = joined(([str(sum(ints))] if ints else []) +
                                 [say(NIL_OF, bid=self.bid_word(r.bids[s]), name=self.name(s)) for s in nils],
                                 LIST_AND_EACH)
                text = say(RESULT_TOTAL if many else RESULT, who=who, bid=bid, took=took, lines=joined(parts),
                           total=total, rules=rules)
            sentences.append(text)
            items.extend((who, word, line.points, line.rule) for line, word in zip(lines, words))
        return sentences, items
