"""HTML of the game table, drawn from a :class:`tutor.session.TableSession`
(no widgets here: :mod:`tutor.table` puts these fragments into its widgets).

What differs between games comes from the game's look
(:class:`tutor.games.GameLook`, the session's ``look``): its name and rules
line in the title, the house-rules line, the hand counter, the trump line and
how the seats sit (``layout``).  Seats, bids, tricks, the cards on the table
and the hand result are drawn the same way for every game from the engine's
queries (seat names, sides, what the learner's view shows).  Every word is a
catalogue entry (:mod:`tutor.text`), said when the fragment is drawn.
Styles: ``tutor/static/table.css`` (every class starts ``tt-tbl-`` or
``tt-seat``; nothing here uses the score sheet's ``tt-table`` class).
"""
from __future__ import annotations

import html
import pathlib
from typing import Any

from engine import Card, Deal, Phase
from engine.game import SeatView
from engine.options import GameRules

from ..card_faces import table_card_html
from ..session import TableSession
from ..session_words import joined, signed
from ..text import M_, P_, Markup, say, say_html

__all__ = ["card_html", "seats_html", "info_html", "title_html", "last_trick_html", "result_html",
           "log_html", "status_html", "TABLE_CSS", "spades_house_rules_text", "blind_nil_note_html", "seat_box",
           "trick_caption"]

#: The table's style sheet (tutor/static/table.css), put on the page once per table.
TABLE_CSS = (pathlib.Path(__file__).parents[1] / "static" / "table.css").read_text(encoding="utf-8")

# TRANSLATORS: in the table's title: {name} dealt this hand.
DEALER = M_("table.title.dealer", "dealer: {name}")
# TRANSLATORS: in the table's title: this hand is deal number {number}.
DEAL_NUMBER = M_("table.title.deal_number", "deal #{number}")
# TRANSLATORS: in the table's title: this hand comes from a saved game (no deal number).
DEAL_FROM_RECORD = M_("table.title.deal_from_record", "deal from a record")
# TRANSLATORS: in the table's title: the game's first hand was deal number {number}.
GAME_FROM_DEAL = M_("table.title.game_from_deal", "game from deal #{number}")
# TRANSLATORS: a seat box: the seat's bid is made but hidden until all are revealed (OH-V5).
SEALED = M_("table.seat.sealed", "sealed")
# TRANSLATORS: a seat box's tag: this seat dealt.
TAG_DEALER = M_("table.seat.dealer", "dealer")
# TRANSLATORS: a seat box's tag: this seat acts now.
TAG_TO_ACT = M_("table.seat.to_act", "to act")
# TRANSLATORS: a seat box: its bid and the tricks it has won (HTML; keep the tags).
SEAT_BID = M_("table.seat.bid", "bid: <b>{bid}</b> · won: <b>{won}</b>")
# TRANSLATORS: the middle of the table outside the play of the cards.
CAPTION_IDLE = M_("table.caption.idle", "The cards played appear at each seat.")
# TRANSLATORS: the middle of the table: trick {number} is about to be led by {name}.
CAPTION_TO_LEAD = M_("table.caption.to_lead", "Trick {number}: {name} to lead.")
# TRANSLATORS: the middle of the table: in trick {number}, {name} led {suit} ("hearts").
CAPTION_LED = M_("table.caption.led", "Trick {number}: {name} led {suit}.")
# TRANSLATORS: under the seats of a game of 3, 5, 6 or 7: the order of play, {order} "You → Ada → Ben".
CLOCKWISE = M_("table.clockwise", "Play goes clockwise: {order}.")
# TRANSLATORS: between the names in the order of play ("You → Ada → Ben"); keep the spaces.
ORDER_ARROW = M_("table.order_arrow", " → ")
# TRANSLATORS: the table's accessible name for screen readers; {name} the game ("Spades").
TABLE_REGION = M_("table.region", "The table: {name}")
# TRANSLATORS: one entry of the scores line: {name} and its points (HTML; keep the tags).
SCORE = M_("table.score", "{name}: <b>{points}</b>")
# TRANSLATORS: one entry of the scores line with its bags (SP-20): {name}, its points and {n} bags (HTML).
SCORE_BAGS = P_("table.score_bags", "{name}: <b>{points}</b> ({n} bag)", "{name}: <b>{points}</b> ({n} bags)")
# TRANSLATORS: the scores line (HTML); {scores} lists each side's score.
SCORES = M_("table.scores", "Scores: {scores}")
# TRANSLATORS: the scores line of a game with bags (HTML; SP-20).
SCORES_BAGS = M_("table.scores_bags", "Scores: {scores} — 10 bags cost 100 points (SP-20)")
# TRANSLATORS: between the entries of the scores line; keep the spaces.
SCORES_SEP = M_("table.scores_sep", " · ")
# TRANSLATORS: the last trick, before its cards.
LAST_TRICK = M_("table.last_trick", "Last trick:")
# TRANSLATORS: after the last trick's cards: {name} won it (HTML; keep the tags).
WON_BY = M_("table.won_by", "→ won by <b>{name}</b>")
# TRANSLATORS: the heading (and accessible name) of a hand's result: hand {number}.
RESULT_TITLE = M_("table.result.title", "Hand {number} result")
# TRANSLATORS: the caption of the table of a hand's score lines.
SCORE_LINES = M_("table.result.score_lines", "Score lines")
# TRANSLATORS: under a hand's result when the game has ended; {winners} says who won.
GAME_OVER = M_("table.result.game_over", "Game over: {winners}.")
# TRANSLATORS: why no Blind Nil button is shown (house rule SP-H2 "behind_100"); the engine's sentence is its tooltip.
NO_BLIND_NIL_NOW = M_("table.no_blind_nil_now", "No Blind Nil now: this game allows it only 100 or more points "
                                                "behind (SP-H2)")
# TRANSLATORS: the title of the folded log of the hand's events.
LOG_TITLE = M_("table.log_title", "This hand so far")


def _e(text: Any) -> str:
    return html.escape(str(text))


def card_html(card: Card | None, small: bool = False) -> str:
    """A card drawn as a card (rank over suit, red or black), or an empty slot
    (:func:`tutor.cards.table_card_html`)."""
    return table_card_html(None if card is None else card.code, small)


def spades_house_rules_text(rules: GameRules) -> str:
    """The house rules that are on (SP-H1 … SP-H9), e.g. "House rules:
    Nil ±50 (SP-H1), ten for 200 (SP-H5)"; "" for RULES.md's standard rules:
    the engine's summary line (``rules.summary()``), made from the option
    declarations, in the current language."""
    summary = rules.summary()
    return "" if summary is None else str(summary)


# ---------------------------------------------------------------- fragments
def title_html(s: TableSession, view: SeatView) -> str:
    """The table's title: the game and its rules, the house rules that are
    on, the hand counter, the dealer and the deal numbers."""
    g, look = s.game, s.game_look
    counted, rules = s.hand_counted(view)  # a shared table: its hand number and its whole game's rules
    parts = [look.hand_text(counted, rules), say(DEALER, name=s.name(view.dealer))]
    if s.deal_numbers:
        deal = next((a.number for a in reversed(g.history) if isinstance(a, Deal)), None)
        parts.append(say(DEAL_NUMBER, number=deal) if deal is not None else say(DEAL_FROM_RECORD))
        if g.first_deal is not None:
            parts.append(say(GAME_FROM_DEAL, number=g.first_deal))
    house = look.house_line(rules)
    house_html = f"<br><span class='tt-tbl-house'>{_e(house)}</span>" if house else ""
    return (f"<div class='tt-tbl-title'><b class='tt-tbl-name'>{_e(look.name(g))}</b> "
            f"<span class='tt-tbl-rules'>— {_e(look.rules_line(s, rules))}</span>{house_html}<br>"
            f"{_e(' · '.join(parts))}</div>")


def status_html(text: str, busy: bool = False) -> str:
    cls = "tt-status tt-tbl-busy" if busy else "tt-status"
    spin = "<span class='tt-tbl-spinner' aria-hidden='true'></span>" if busy else ""
    aria = " aria-busy='true'" if busy else ""
    return f"<div class='{cls}' role='status' aria-live='polite'{aria}>{spin}{_e(text)}</div>"


def seat_box(s: TableSession, view: SeatView, seat: int) -> str:
    """One seat: its name, dealer / to act, its bid, tricks won and the card it played to the trick."""
    g = s.game
    trick = view.current_trick
    played = trick.card_of(seat) if trick is not None and seat in trick.seats else None
    bid = view.bids[seat]
    if bid is None and g.bids[seat] is not None:  # made, but not shown to the learner yet (OH-V5)
        bid_txt = say(SEALED)
    else:
        bid_txt = s.bid_word(bid)
    tags = []
    if seat == view.dealer:
        tags.append(say(TAG_DEALER))
    turn = seat in view.to_act and view.phase not in (Phase.DEAL, Phase.GAME_OVER)
    if turn:
        tags.append(say(TAG_TO_ACT))
    cls = "tt-seat" + (" tt-seat-turn" if turn else "") + (" tt-seat-me" if seat == s.learner else "")
    who = s.seat_player(seat)  # a shared table: the person's name as typed (text, escaped), or a computer player
    return (f"<div class='{cls}' data-seat='{seat}'>"
            f"<div class='tt-seat-name'><b>{_e(s.label(seat))}</b>"
            + (f" <small>({_e(joined(tags))})</small>" if tags else "") + "</div>"
            + (f"<div class='tt-seat-who' title='{_e(who)}'>{_e(who)}</div>" if who else "")
            + f"<div class='tt-seat-bid'>{say_html(SEAT_BID, bid=bid_txt, won=view.tricks_won[seat])}</div>"
            f"<div class='tt-seat-card'>{card_html(played)}</div></div>")


def trick_caption(s: TableSession, view: SeatView) -> str:
    """The words in the middle of the table: who leads, or what was led."""
    trick = view.current_trick
    if view.phase is not Phase.PLAY:
        return say(CAPTION_IDLE)
    if trick is None or not trick.cards:
        return say(CAPTION_TO_LEAD, number=len(view.tricks) + 1, name=s.name(view.to_act[0]))
    return say(CAPTION_LED, number=len(view.tricks) + 1, name=s.name(trick.leader), suit=trick.cards[0].suit.letter)


def seats_html(s: TableSession, view: SeatView) -> str:
    """The seats around the table, each with its bid, tricks won and the card
    it played to the current trick (drawn as a card).  The ``compass``
    layout puts four seats at the compass points (partner across, the
    left-hand player on the left); ``ring`` goes clockwise across the top,
    the learner at the bottom."""
    g, me = s.game, s.learner
    n = g.n_seats
    caption = f"<div class='tt-tbl-caption'>{_e(trick_caption(s, view))}</div>"
    if s.game_look.layout == "compass":
        left, top, right = ((me + k) % 4 for k in (1, 2, 3))
        body = (f"<div class='tt-tbl-felt tt-tbl-four'>"
                f"<div class='tt-tbl-n'>{seat_box(s, view, top)}</div>"
                f"<div class='tt-tbl-w'>{seat_box(s, view, left)}</div>"
                f"<div class='tt-tbl-c'>{caption}</div>"
                f"<div class='tt-tbl-e'>{seat_box(s, view, right)}</div>"
                f"<div class='tt-tbl-s'>{seat_box(s, view, me)}</div></div>")
    else:
        others = "".join(seat_box(s, view, (me + k) % n) for k in range(1, n))
        order = joined((s.name((me + k) % n) for k in range(n)), ORDER_ARROW)
        body = (f"<div class='tt-tbl-felt tt-tbl-ring'><div class='tt-tbl-others'>{others}</div>"
                f"{caption}<div class='tt-tbl-order'>{_e(say(CLOCKWISE, order=order))}</div>"
                f"<div class='tt-tbl-s'>{seat_box(s, view, me)}</div></div>")
    return (f"<div class='tt-tbl-seats' role='region' aria-label='{_e(say(TABLE_REGION, name=s.game_look.name(g)))}'>"
            f"{body}</div>")


def info_html(s: TableSession, view: SeatView) -> str:
    """Trump line and the scores (per side, with bags where the game has them, SP-20)."""
    g = s.game
    parts = [s.game_look.trump_html(view)]
    scores = []
    for k in range(len(g.sides)):
        if view.bags is not None:
            scores.append(say_html(SCORE_BAGS, name=s.side_name(k), points=view.scores[k], n=view.bags[k]))
        else:
            scores.append(say_html(SCORE, name=s.side_name(k), points=view.scores[k]))
    line = Markup(joined(scores, SCORES_SEP))
    parts.append(say_html(SCORES_BAGS if view.bags else SCORES, scores=line))
    return "<div class='tt-tbl-info'>" + "<br>".join(parts) + "</div>"


def last_trick_html(s: TableSession, view: SeatView) -> str:
    last = view.last_trick
    if last is None and view.phase in (Phase.DEAL, Phase.GAME_OVER) and view.results:
        last = view.results[-1].tricks[-1]
    if last is None:
        return ""
    assert last.winner is not None  # a finished trick has its winner
    cards = "".join(f"<span class='tt-tbl-lt'>{_e(s.name(seat))} {card_html(c, small=True)}</span>"
                    for seat, c in zip(last.seats, last.cards))
    return (f"<div class='tt-tbl-last'><span>{_e(say(LAST_TRICK))}</span> {cards} "
            f"<span>{say_html(WON_BY, name=s.name(last.winner))}</span></div>")


def result_html(s: TableSession) -> str:
    """The hand result in sentences, the itemised score lines under them,
    and "Game over" when the game has ended."""
    res = s.hand_result()
    if res is None:
        return ""
    sentences, items = res
    r = s.game.results[-1]
    rows = "".join(f"<tr><td>{_e(who)}</td><td>{_e(item)}</td><td class='tt-tbl-pts'>"
                   f"{_e(signed(points))}</td><td><code>{_e(rule)}</code></td></tr>"
                   for who, item, points, rule in items)
    over = ""
    if s.game.phase is Phase.GAME_OVER:
        over = f"<p class='tt-tbl-over'><b>{_e(say(GAME_OVER, winners=s.winners_text()))}</b></p>"
    title = say(RESULT_TITLE, number=s.hand_no(r.number))
    return (f"<div class='tt-tbl-result' role='region' aria-label='{_e(title)}'>"
            f"<h4>{_e(title)}</h4>"
            + "".join(f"<p>{_e(t)}</p>" for t in sentences)
            + f"<table class='tt-tbl-lines'><caption>{_e(say(SCORE_LINES))}</caption>{rows}</table>{over}</div>")


def blind_nil_note_html(s: TableSession, seat: int) -> str:
    """Why no Blind Nil button is shown to ``seat`` (face down, its turn to
    bid): "" unless the engine refuses the Blind Nil now by comparing the
    scores (house rule SP-H2 ``behind_100``: its refusal gives the scores as
    evidence); then a short line whose tooltip (``title``) is the engine's
    refusal, naming both totals.  (With SP-H2 ``never`` the house rules line
    under the title already says "no Blind Nil".)"""
    v = s.game.check_bid(seat, 0, blind=True)
    if v.ok or v.rule != "SP-H2" or "scores" not in v.evidence:
        return ""
    return (f"<span class='tt-tbl-blind-off' title='{_e(s.speak(v.msg))}' tabindex='0'>"
            f"{_e(say(NO_BLIND_NIL_NOW))}</span>")


def log_html(events: list[str], lines: int = 10) -> str:
    if not events:
        return ""
    shown = events[-lines:]
    return (f"<details class='tt-tbl-log' open><summary>{_e(say(LOG_TITLE))}</summary>"
            + "<br>".join(_e(e) for e in shown) + "</details>")
