"""HTML of the game table, drawn from a :class:`tutor.session.TableSession`
(no widgets here: :mod:`tutor.table` puts these fragments into its widgets).

Per game only the wording of the title and of the trump line differs
(:class:`SpadesLook`, :class:`OhHellLook`); seats, bids, tricks, the cards
on the table and the hand result are drawn the same way for every game from
the engine's queries (seat names, sides, what the learner's view shows).
Styles: ``tutor/static/table.css`` (every class starts ``tt-tbl-`` or
``tt-seat``; nothing here uses the score sheet's ``tt-table`` class).
"""
from __future__ import annotations

import html
import pathlib
from typing import Any

from engine import Card, Deal, Phase
from engine.game import SeatView

from .session import TableSession
from .table_words import signed as _signed

__all__ = ["card_html", "seats_html", "info_html", "title_html", "last_trick_html", "result_html",
           "log_html", "status_html", "TABLE_CSS", "look_for", "spades_house_rules_text", "blind_nil_note_html"]

_RED = {"H", "D"}
#: The table's style sheet (tutor/static/table.css), put on the page once per table.
TABLE_CSS = (pathlib.Path(__file__).parent / "static" / "table.css").read_text(encoding="utf-8")


def _e(text: Any) -> str:
    return html.escape(str(text))


def card_html(card: Card | None, small: bool = False) -> str:
    """A card drawn as a card (rank over suit, red or black), or an empty slot."""
    size = " tt-tbl-card-sm" if small else ""
    if card is None:
        return f"<span class='tt-tbl-card tt-tbl-empty{size}' aria-hidden='true'></span>"
    colour = "tt-tbl-red" if card.suit.letter in _RED else "tt-tbl-black"
    rank = card.display[:-1]
    return (f"<span class='tt-tbl-card {colour}{size}' role='img' aria-label='{_e(card.name)}' "
            f"data-card='{card.code}'><span class='tt-tbl-rank'>{_e(rank)}</span>"
            f"<span class='tt-tbl-suit'>{_e(card.suit.symbol)}"
            f"</span></span>")


class _Look:
    """Wording that differs between games (title and trump line)."""

    name = ""

    def title(self, s: TableSession) -> tuple[str, str]:
        raise NotImplementedError

    def trump(self, view: SeatView) -> str:
        raise NotImplementedError

    def house_rules(self, s: TableSession) -> str:
        """The house rules in force, one short line ("" for none)."""
        return ""


def spades_house_rules_text(rules) -> str:
    """The Spades house rules that are on (SP-H1 … SP-H9), e.g. "House rules:
    Nil ±50 (SP-H1), ten for 200 (SP-H5)"; "" for RULES.md's standard rules.
    Shape: one line of text naming each option that is on with its id."""
    r = rules
    on = []
    if r.nil_value != 100:
        on.append(f"Nil ±{r.nil_value} (SP-H1)")
    if r.blind_nil == "never":
        on.append("no Blind Nil (SP-H2)")
    elif r.blind_nil == "behind_100":
        on.append("Blind Nil only 100+ behind (SP-H2)")
    if r.blind_nil_pass != 3:
        on.append(f"Blind Nil exchange {r.blind_nil_pass} card{'s' if r.blind_nil_pass != 1 else ''} (SP-H3)")
    if (r.bag_limit, r.bag_penalty) != (10, 100):
        on.append(f"{r.bag_limit} bags cost {r.bag_penalty} (SP-H4)")
    if r.ten_for_200:
        on.append("ten for 200 (SP-H5)")
    if r.min_contract:
        on.append(f"partners bid at least {r.min_contract} (SP-H6)")
    if r.failed_nil_tricks_help:
        on.append("failed Nil tricks help partner (SP-H7)")
    if r.loss_floor is not None:
        on.append(f"lose at −{-r.loss_floor} (SP-H8)")
    if r.target_score != 500:
        on.append(f"play to {r.target_score} (SP-H9)")
    return ("House rules: " + ", ".join(on)) if on else ""


class SpadesLook(_Look):
    def title(self, s: TableSession) -> tuple[str, str]:
        return "Spades", f"game to {s.game.rules.target_score} points (SP-3)"

    def house_rules(self, s: TableSession) -> str:
        return spades_house_rules_text(s.game.rules)

    def trump(self, view: SeatView) -> str:
        return (f"Trump: <b>♠ spades</b>, always (SP-2) · spades broken: "
                f"<b>{'yes' if view.broken else 'not yet'}</b> (SP-13, SP-15)")


class OhHellLook(_Look):
    _SWITCHES = (("hook", "hook"), ("simultaneous_bidding", "sealed bids"), ("must_trump", "must trump"),
                 ("tricks_always_count", "tricks always count"), ("nil_pays_hand_size", "0 pays 5 + hand size"))

    def title(self, s: TableSession) -> tuple[str, str]:
        g = s.game
        opts = [label for k, label in self._SWITCHES if getattr(g.rules, k)]
        return f"Oh Hell, {g.n_seats} players", f"{g.rules.n_hands} hands" + (f"; {', '.join(opts)}" if opts else "")

    def trump(self, view: SeatView) -> str:
        if view.hand_number == 0:
            return "No hand dealt yet"
        if view.turn_up is not None:
            return (f"Turned up: {card_html(view.turn_up, small=True)} → trump is "
                    f"<b>{_e(view.trump.noun)}</b> (OH-7)")
        return "<b>No trump</b> this hand (OH-7)"


_LOOKS = {"spades": SpadesLook(), "oh_hell": OhHellLook()}


def look_for(game) -> _Look:
    """The wording for ``game``'s kind (``game.GAME``)."""
    return _LOOKS[game.GAME]


# ---------------------------------------------------------------- fragments
def title_html(s: TableSession, view: SeatView) -> str:
    g = s.game
    name, rules = look_for(g).title(s)
    deal = next((a.number for a in reversed(g.history) if isinstance(a, Deal)), None)
    hand_txt = f"Hand {view.hand_number}" if view.hand_number else "No hand yet"
    n_hands = getattr(g.rules, "n_hands", None)
    if n_hands and view.hand_number:
        hand_txt += f" of {n_hands} ({view.hand_size} card{'s' if view.hand_size != 1 else ''} each)"
    parts = [hand_txt, f"dealer: {s.name(view.dealer)}",
             f"deal #{deal}" if deal is not None else "deal from a record"]
    if g.first_deal is not None:
        parts.append(f"game from deal #{g.first_deal}")
    house = look_for(g).house_rules(s)
    house_html = f"<br><span class='tt-tbl-house'>{_e(house)}</span>" if house else ""
    return (f"<div class='tt-tbl-title'><b class='tt-tbl-name'>{_e(name)}</b> "
            f"<span class='tt-tbl-rules'>— {_e(rules)}</span>{house_html}<br>{_e(' · '.join(parts))}</div>")


def status_html(text: str, busy: bool = False) -> str:
    cls = "tt-status tt-tbl-busy" if busy else "tt-status"
    spin = "<span class='tt-tbl-spinner' aria-hidden='true'></span>" if busy else ""
    aria = " aria-busy='true'" if busy else ""
    return f"<div class='{cls}' role='status' aria-live='polite'{aria}>{spin}{_e(text)}</div>"


def _seat_box(s: TableSession, view: SeatView, seat: int) -> str:
    g = s.game
    trick = view.current_trick
    played = trick.card_of(seat) if trick is not None and seat in trick.seats else None
    bid = view.bids[seat]
    if bid is None and g.bids[seat] is not None:  # made, but not shown to the learner yet (OH-V5)
        bid_txt = "sealed"
    else:
        bid_txt = s.bid_word(bid)
    tags = []
    if seat == view.dealer:
        tags.append("dealer")
    turn = seat in view.to_act and view.phase not in (Phase.DEAL, Phase.GAME_OVER)
    if turn:
        tags.append("to act")
    cls = "tt-seat" + (" tt-seat-turn" if turn else "") + (" tt-seat-me" if seat == s.learner else "")
    return (f"<div class='{cls}' data-seat='{seat}'>"
            f"<div class='tt-seat-name'><b>{_e(s.label(seat))}</b>"
            + (f" <small>({_e(', '.join(tags))})</small>" if tags else "") + "</div>"
            f"<div class='tt-seat-bid'>bid: <b>{_e(bid_txt)}</b> · won: <b>{view.tricks_won[seat]}</b></div>"
            f"<div class='tt-seat-card'>{card_html(played)}</div></div>")


def _trick_caption(s: TableSession, view: SeatView) -> str:
    trick = view.current_trick
    if view.phase is not Phase.PLAY:
        return "The cards played appear at each seat."
    if trick is None or not trick.cards:
        return f"Trick {len(view.tricks) + 1}: {s.name(view.to_act[0])} to lead."
    return f"Trick {len(view.tricks) + 1}: {s.name(trick.leader)} led {trick.cards[0].suit.noun}."


def seats_html(s: TableSession, view: SeatView) -> str:
    """The seats around the table, each with its bid, tricks won and the card
    it played to the current trick (drawn as a card).  Four seats sit at the
    compass points (partner across, the left-hand player on the left); other
    counts go clockwise across the top, the learner at the bottom."""
    g, me = s.game, s.learner
    n = g.n_seats
    caption = f"<div class='tt-tbl-caption'>{_e(_trick_caption(s, view))}</div>"
    if n == 4:
        left, top, right = ((me + k) % 4 for k in (1, 2, 3))
        body = (f"<div class='tt-tbl-felt tt-tbl-four'>"
                f"<div class='tt-tbl-n'>{_seat_box(s, view, top)}</div>"
                f"<div class='tt-tbl-w'>{_seat_box(s, view, left)}</div>"
                f"<div class='tt-tbl-c'>{caption}</div>"
                f"<div class='tt-tbl-e'>{_seat_box(s, view, right)}</div>"
                f"<div class='tt-tbl-s'>{_seat_box(s, view, me)}</div></div>")
    else:
        others = "".join(_seat_box(s, view, (me + k) % n) for k in range(1, n))
        order = " → ".join(s.name((me + k) % n) for k in range(n))
        body = (f"<div class='tt-tbl-felt tt-tbl-ring'><div class='tt-tbl-others'>{others}</div>"
                f"{caption}<div class='tt-tbl-order'>Play goes clockwise: {_e(order)}.</div>"
                f"<div class='tt-tbl-s'>{_seat_box(s, view, me)}</div></div>")
    name, _rules = look_for(g).title(s)
    return f"<div class='tt-tbl-seats' role='region' aria-label='The table: {_e(name)}'>{body}</div>"


def info_html(s: TableSession, view: SeatView) -> str:
    """Trump line and the scores (per side, with bags where the game has them, SP-20)."""
    g = s.game
    parts = [look_for(g).trump(view)]
    scores = []
    for k in range(len(g.sides)):
        txt = f"{_e(s.side_name(k))}: <b>{view.scores[k]}</b>"
        if view.bags is not None:
            txt += f" ({view.bags[k]} bag{'s' if view.bags[k] != 1 else ''})"
        scores.append(txt)
    parts.append("Scores: " + " · ".join(scores) + (" — 10 bags cost 100 points (SP-20)" if view.bags else ""))
    return "<div class='tt-tbl-info'>" + "<br>".join(parts) + "</div>"


def last_trick_html(s: TableSession, view: SeatView) -> str:
    last = view.last_trick
    if last is None and view.phase in (Phase.DEAL, Phase.GAME_OVER) and view.results:
        last = view.results[-1].tricks[-1]
    if last is None:
        return ""
    cards = "".join(f"<span class='tt-tbl-lt'>{_e(s.name(seat))} {card_html(c, small=True)}</span>"
                    for seat, c in zip(last.seats, last.cards))
    return (f"<div class='tt-tbl-last'><span>Last trick:</span> {cards} "
            f"<span>→ won by <b>{_e(s.name(last.winner))}</b></span></div>")


def result_html(s: TableSession) -> str:
    """The hand result in sentences, the itemised score lines under them,
    and "Game over" when the game has ended."""
    res = s.hand_result()
    if res is None:
        return ""
    sentences, items = res
    r = s.game.results[-1]
    rows = "".join(f"<tr><td>{_e(who)}</td><td>{_e(item)}</td><td class='tt-tbl-pts'>"
                   f"{_e(_signed(points))}</td><td><code>{_e(rule)}</code></td></tr>"
                   for who, item, points, rule in items)
    over = ""
    if s.game.phase is Phase.GAME_OVER:
        over = f"<p class='tt-tbl-over'><b>Game over: {_e(s.winners_text())}.</b></p>"
    return (f"<div class='tt-tbl-result' role='region' aria-label='Hand {r.number} result'>"
            f"<h4>Hand {r.number} result</h4>"
            + "".join(f"<p>{_e(t)}</p>" for t in sentences)
            + f"<table class='tt-tbl-lines'><caption>Score lines</caption>{rows}</table>{over}</div>")


def blind_nil_note_html(game, seat: int) -> str:
    """Why no Blind Nil button is shown to ``seat`` (face down, its turn to
    bid): "" unless house rule SP-H2 is ``behind_100`` and the engine refuses
    the Blind Nil now; then a short line whose tooltip (``title``) is the
    engine's refusal, naming both totals.  (With SP-H2 ``never`` the house
    rules line under the title already says "no Blind Nil".)"""
    rules = getattr(game, "rules", None)
    if getattr(rules, "blind_nil", "always") != "behind_100":
        return ""
    v = game.check_bid(seat, 0, blind=True)
    if v.ok or v.rule != "SP-H2":
        return ""
    return (f"<span class='tt-tbl-blind-off' title='{_e(v.message)}' tabindex='0'>No Blind Nil now: this game "
            f"allows it only 100 or more points behind (SP-H2)</span>")


def log_html(events: list[str], lines: int = 10) -> str:
    if not events:
        return ""
    shown = events[-lines:]
    return ("<details class='tt-tbl-log' open><summary>This hand so far</summary>"
            + "<br>".join(_e(e) for e in shown) + "</details>")
