"""What a table session says: seat names, the status line, the hand so far
in plain sentences, the hand result, the winners (a mixin of
:class:`tutor.session.TableSession`; it reads ``self.game`` and
``self.learner`` and never changes the game).

Seat names come from the engine (:attr:`~engine.game.TrickGame.seat_names`):
a partnership game keeps its compass points (Spades, SP-1); a game whose
seats are only numbered (Oh Hell) names the computer players
:data:`PLAYER_NAMES` clockwise from the learner, who is "You".
"""
from __future__ import annotations

import re
from typing import Any

from engine import Bid, Deal, Pass, Phase, Play

__all__ = ["SessionWords", "PLAYER_NAMES", "plural", "signed"]

#: Names of the computer players, clockwise from the learner, in games whose
#: seats have no names of their own (Oh Hell; Spades seats are compass points).
PLAYER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")
#: The status line when a single-hand session's hand is over (the review's practice copy; {hand}: its number).
SINGLE_HAND_STATUS = "Hand {hand} is over: this practice copy ends with its hand."


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def blind_nil_tooltip(game: Any) -> str:
    """What a Blind Nil bid is worth in this game and what follows it
    (SP-10; SP-H1 Nil value, SP-H3 exchange size)."""
    rules = getattr(game, "rules", None)
    worth = rules.nil_worth(blind=True) if hasattr(rules, "nil_worth") else 200
    swap = getattr(rules, "blind_nil_pass", 3)
    after = f", then swap {plural(swap, 'card')} with your partner" if swap else ", with no exchange"
    ids = "SP-10" + (", SP-H1" if worth != 200 else "") + (", SP-H3" if swap != 3 else "")
    return f"Bid Blind Nil without looking: +{worth} / −{worth}{after} ({ids})"


def signed(points: int) -> str:
    """Points with their sign: "+40", "−100" (a real minus sign), "0"."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


class SessionWords:
    """Plain-English views of a session's game (see the module docstring)."""

    def _make_names(self) -> tuple[str, ...]:
        g, me = self.game, self.learner
        if len(g.sides) < g.n_seats:  # partnerships sit at the compass points (SP-1): keep the engine's names
            return g.seat_names
        names = list(g.seat_names)
        names[me] = "You"
        for k in range(1, g.n_seats):
            names[(me + k) % g.n_seats] = PLAYER_NAMES[k - 1]
        return tuple(names)

    def name(self, seat: int, you: bool = True) -> str:
        """The seat's name: "You" for the learner (with ``you``), else the
        engine's seat name (Spades: North …) or a player's name (Oh Hell:
        Ada, Ben … clockwise from the learner)."""
        if you and seat == self.learner:
            return "You"
        return self._names[seat]

    def label(self, seat: int) -> str:
        """Name for a seat box: "South (you)" or "You" when the seat has no name of its own."""
        if seat == self.learner:
            own = self._names[seat]
            return own if own == "You" else f"{own} (you)"
        return self._names[seat]

    def side_name(self, side: int) -> str:
        """"Your side" / "You" for the learner's side, else the names of its seats ("East–West")."""
        seats = self.game.sides[side]
        if self.learner in seats:
            return "Your side" if len(seats) > 1 else "You"
        return "–".join(self._names[s] for s in seats)

    def speak(self, text: str) -> str:
        """An engine message with the seats called by the table's names."""
        g = self.game
        if self._names == g.seat_names:
            return text
        return re.sub(r"\b[Ss]eat (\d)\b", lambda m: self._names[int(m.group(1))]
                      if int(m.group(1)) < g.n_seats else m.group(0), text)

    def bid_word(self, bid: Any) -> str:
        """A bid as recorded (int, "nil", "blind_nil", None) in words."""
        if bid is None:
            return "—"
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
        g, me = self.game, self.learner
        hist = g.history
        start = max((i for i, a in enumerate(hist) if isinstance(a, Deal)), default=-1)
        if start < 0:
            return []
        hand_no = sum(isinstance(a, Deal) for a in hist)
        deal = hist[start]
        dealer = self._dealer_of_hand(hand_no)
        out = [f"Hand {hand_no}: {self.name(dealer)} dealt"
               + (f" (deal #{deal.number})." if deal.number is not None else ".")]
        visible = g.view(me).bids
        tricks = self._tricks_of_hand(hand_no)
        played = 0
        for a in hist[start + 1:]:
            who = self.name(a.seat)
            if isinstance(a, Bid):
                if a.seat != me and visible[a.seat] is None and g.phase is Phase.BIDDING:
                    out.append(f"{who} chose a sealed bid.")
                else:
                    out.append(f"{who} bid {g.bid_label(a.value, a.blind)}.")
            elif isinstance(a, Pass):
                out.append(f"{who} chose 3 cards to pass." if a.seat != me else
                           f"You passed {', '.join(c.display for c in a.cards)}.")
            elif isinstance(a, Play):
                out.append(f"{who} played {a.card.display}.")
                played += 1
                if played % g.n_seats == 0 and played // g.n_seats <= len(tricks):
                    t = tricks[played // g.n_seats - 1]
                    out.append(f"→ {self.name(t.winner)} won the trick with {t.card_of(t.winner).display}.")
        return out

    def _dealer_of_hand(self, hand_no: int) -> int:
        g = self.game
        if hand_no == g.hands_dealt:
            return g.dealer
        return g.results[hand_no - 1].dealer

    def _tricks_of_hand(self, hand_no: int):
        g = self.game
        if g.phase in (Phase.DEAL, Phase.GAME_OVER) and len(g.results) >= hand_no:
            return g.results[hand_no - 1].tricks
        return g.tricks

    def turn_phrase(self) -> str:
        g, me = self.game, self.learner
        if g.phase is Phase.GAME_OVER:
            return "the game is over"
        if g.phase is Phase.DEAL:
            return f"hand {g.hands_dealt} is over"
        to_act = g.seats_to_act
        if me in to_act:
            return {Phase.BIDDING: "your turn to bid", Phase.EXCHANGE: "your turn to choose 3 cards to pass",
                    Phase.PLAY: "your turn to play"}[g.phase]
        return f"{self.name(to_act[0])} to act" if to_act else "waiting"

    def status(self) -> str:
        """The status line: whose turn, what to do, hand or game over."""
        g, me = self.game, self.learner
        view = g.view(me)
        if g.phase is Phase.GAME_OVER:
            return f"Game over: {self.winners_text()}."
        if g.phase is Phase.DEAL:
            if getattr(self, "single_hand", False):
                return SINGLE_HAND_STATUS.format(hand=g.hands_dealt)
            return f"Hand {g.hands_dealt} is over. Press “Next hand” to deal hand {g.hands_dealt + 1}."
        if me in view.to_act:
            if g.phase is Phase.BIDDING:
                if view.hand is None:
                    if not any(b.blind for b in g.legal_bids(me)):  # house rule SP-H2 forbids it now
                        return "Your turn to bid. Look at your cards first, then bid (no Blind Nil now, SP-H2)."
                    return "Your turn to bid. Bid Blind Nil now, or look at your cards first (SP-10)."
                low, high = g.bid_range(me)
                return f"Your turn to bid: how many tricks will you win ({low} to {high})?"
            if g.phase is Phase.EXCHANGE:
                return "Your turn: choose 3 cards to pass to your partner (SP-10)."
            return "Your turn: click a card to play it."
        return f"Waiting for {self.name(view.to_act[0])}." if view.to_act else "Waiting."

    def winners_text(self) -> str:
        g = self.game
        if not g.winners:
            return "no winner yet"
        side = g.side_of_seat(g.winners[0])
        rule = g.check_look(self.learner).rule  # the game-over refusal cites the rule that ended the game
        if len(g.sides[side]) > 1:
            names = "–".join(self._names[s] for s in g.sides[side])
            if self.learner in g.sides[side]:
                names += " (your side)"
            other = max(s for k, s in enumerate(g.scores) if k != side)
            return f"{names} won, {g.scores[side]} to {other} ({rule})"
        names = " and ".join(self.name(s) for s in g.winners)
        verb = "share the win" if len(g.winners) > 1 else ("win" if g.winners == (self.learner,) else "won")
        return f"{names} {verb} with {g.scores[side]} points ({rule})"

    def partner(self) -> int | None:
        """The learner's partner (the other seat of its side), or None."""
        side = self.game.sides[self.game.side_of_seat(self.learner)]
        others = [s for s in side if s != self.learner]
        return others[0] if others else None

    def hand_result(self) -> tuple[list[str], list[tuple[str, str, int, str]]] | None:
        """The last scored hand when the hand (or game) is over: sentences,
        one per side ("Your side bid 10 and took 8: contract set −100
        (SP-18)."), and the itemised lines ``(side name, item, points,
        rule)``.  None while a hand is being played."""
        g = self.game
        if g.phase not in (Phase.DEAL, Phase.GAME_OVER) or not g.results:
            return None
        r = g.results[-1]
        sentences, items = [], []
        for k, seats in enumerate(g.sides):
            who = self.side_name(k)
            ints = [r.bids[s] for s in seats if isinstance(r.bids[s], int)]
            nils = [f"{self.bid_word(r.bids[s])} ({self.name(s)})" for s in seats if isinstance(r.bids[s], str)]
            took = sum(r.tricks_won[s] for s in seats)
            bid = " and ".join(([str(sum(ints))] if ints else []) + nils)
            lines = [l for l in r.score_lines if l.who == k]
            parts = [(f"{plural(l.points, 'bag')} {signed(l.points)}" if l.item == "bags" else
                      f"{l.item} {signed(l.points)}") for l in lines]
            rules = ", ".join(dict.fromkeys(l.rule for l in lines))
            if nils:  # "East–West: West bid 2 and East bid Nil, and took 5: …"
                each = " and ".join(f"{self.name(s)} bid {self.bid_word(r.bids[s])}" for s in seats)
                text = f"{who}: {each}, and took {took}: " + ", ".join(parts)
            else:
                text = f"{who} bid {bid} and took {took}: " + ", ".join(parts)
            if len(lines) > 1:
                text += f": {signed(r.points[k])} in all"
            sentences.append(f"{text} ({rules}).")
            items.extend((who, l.item, l.points, l.rule) for l in lines)
        return sentences, items
