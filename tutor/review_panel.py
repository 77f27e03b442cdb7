"""The hand review at the table: where did the learner's side lose tricks?

:class:`ReviewPanel` sits under the hand result of a
:class:`tutor.game_table.GameTable`.  When a hand is over it offers "Review this
hand"; pressed, it asks :func:`engine.review.review_hand` (double dummy: all
hands open, best play by everyone) about every card the learner played and
shows

* the hand's double-dummy trick count (what each side takes with best play
  from the deal, and from after the bidding when a Blind Nil exchange
  changed the hands; DDS through ``endplay``, or "unavailable" without it);
* for each Nil bidder (SP-8): whether the Nil was makeable and which card
  broke it;
* the costly moments in words ("Trick 6: you played K♥. With best play your
  side could still take 9 tricks; after K♥, 8. Playing 3♥ keeps all 9."),
  each with **Replay from here**;
* a plotly chart of the tricks available to the learner's side before and
  after each of its cards (:func:`review_figure`, drawn as plotly's MIME
  bundle like the score sheet, :func:`tutor.scoresheet.chart_output`).

"Replay from here" opens a *practice copy*: a new game rebuilt from the
saved record (:func:`engine.record.game_to_record` /
:func:`~engine.record.game_from_record`) and taken back to the learner's
card at that trick, played at a second table (practice mode, hints off)
inside the panel.  The scored game, its undo history and what each seat has
seen are never touched.

The review is computed only when asked (about 0.2–1 s per hand), never
while the learner plays.  Every callback is guarded: an exception is shown
as a short note, never lost.  Headless API: :meth:`ReviewPanel.click`,
:meth:`ReviewPanel.replay`, :meth:`ReviewPanel.close_practice`; state
``result`` (the review dict), ``figure``, ``moment_texts``, ``summary_text``,
``practice`` (the practice table or None).
"""
from __future__ import annotations

import html
import logging
import sys
from typing import Any, Callable

import ipywidgets as W

from engine import Deal, Phase, Play
from engine.cards import Card

from engine.record import game_from_record, game_to_record, loads_record

from .advice import figure_output
from .common import Feedback, guarded
from .games import look_for
from .session import TableSession

__all__ = ["ReviewPanel", "review_figure", "review_summary", "review_notes", "moment_lines", "practice_game",
           "practice_table",
           "BEFORE_COLOUR", "AFTER_COLOUR", "COSTLY_COLOUR"]

log = logging.getLogger("tutor.review")

#: The table class that plays a practice copy of each game, by the tutor's game key
#: (:attr:`tutor.games.GameLook.key`): filled by :mod:`tutor.table` (which imports this module), so
#: that this module needs no table of its own.
PRACTICE_TABLES: dict[str, Any] = {}

#: colour of "best your side could take before your card"
BEFORE_COLOUR = "#4c78a8"
#: colour of "after your card"
AFTER_COLOUR = "#54a24b"
#: colour (and an ✗ marker, for colour-blind learners) of a costly card
COSTLY_COLOUR = "#c8102e"


def _d(code: str) -> str:
    return Card.parse(code).display


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _ranges(tricks: list[int]) -> str:
    """[1, 2, 3, 5] -> "1–3 and 5"."""
    parts: list[list[int]] = []
    for t in sorted(tricks):
        if parts and t == parts[-1][-1] + 1:
            parts[-1].append(t)
        else:
            parts.append([t])
    words = [f"{p[0]}–{p[-1]}" if len(p) > 2 else ", ".join(map(str, p)) for p in parts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# ---------------------------------------------------------------- words
# What the review says, in a learner's words ({placeholders} named).  The
# engine's own technical notes go under "How this review was worked out"
# (:func:`review_notes`), folded away.
#: Four-seat Spades: the partnerships' tricks with best play from the deal.
COUNT_FROM_DEAL = ("With best play from the deal (all four hands open), North–South take {ns} and East–West "
                   "{ew} tricks.")
COUNT_AFTER_EXCHANGE = "After the Blind Nil exchange (SP-10): North–South {ns}, East–West {ew}."
COUNT_NEEDS_DDS = ("How many tricks each side takes with best play from the deal is not shown: that count needs "
                   "the fast solver (DDS), which is not available here.")
#: Two-player Spades ({first}, {second}: the players' names).
COUNT_TWO = ("With best play from the first lead (both hands open), {first} takes {a} and {second} {b} "
             "(worked out by the exact solver, which follows every rule).")
#: Oh Hell: the most tricks the learner could take ({tricks}: "3 tricks").
COUNT_MOST = "With best play against you (all hands open) you could take at most {tricks}."
COUNT_MOST_BID_MADE = ("With best play against you (all hands open) you could take at most {tricks}; exactly "
                       "your bid of {bid} could be made (OH-11).")
COUNT_MOST_BID_NOT = ("With best play against you (all hands open) you could take at most {tricks}; exactly "
                      "your bid of {bid} could not be made (OH-11).")
COUNT_ESTIMATED = ("How many tricks each side takes with best play is only estimated for this hand: its hands are "
                   "too big for the exact solver.")
COUNT_NONE = "How many tricks each side takes with best play could not be worked out for this hand."
TOOK_SIDE = "Your side took {tricks}."
TOOK_YOU = "You took {tricks}."
NIL_UNSOLVED = "{who} {bid} ({rule}): too many tricks were left to work out exactly whether it could be made."
NIL_LOST = ("{who} {bid} ({rule}) could no longer be made at trick {start}: with best play a trick could be forced "
            "on it.")
NIL_BROKEN = "{who} {bid} ({rule}) could be made with best play from trick {start} on. {broken}"
NIL_KEPT = "{who} {bid} ({rule}) could be made with best play from trick {start} on, and no card broke it."
NIL_FROM = "(Worked out exactly from trick {start}: before that, too many tricks are left for the exact solver.)"
#: Your cards before trick {trick} were not analysed ({limit}: the exact solver's trick limit).
#: In the browser (the static site, Python in the page): DDS, a C extension, cannot run there.
IN_BROWSER = sys.platform == "emscripten"
COUNT_NEEDS_DDS_BROWSER = ("How many tricks each side takes with best play from the deal is not shown: that count "
                           "needs the fast solver (DDS), which the browser version of Trick Tutor cannot run.")
NOT_REVIEWED_NO_DDS_BROWSER = ("Your cards before trick {trick} were not reviewed: with more than {limit} tricks "
                               "left the exact solver would take too long, and the browser version of Trick Tutor "
                               "cannot run the full-hand solver (DDS).")
NOT_REVIEWED_NO_DDS = ("Your cards before trick {trick} were not reviewed: with more than {limit} tricks left the "
                       "exact solver would take too long, and the fast solver (DDS) is not available here.")
NOT_REVIEWED_TWO = ("Your cards before trick {trick} were not reviewed: with more than {limit} tricks left the "
                    "exact solver would take too long for a hand of two players.")
ESTIMATED = ("Tricks {tricks} are estimates: the computer played the rest of the hand out many times with the "
             "hidden cards dealt at random, which comes close to best play but is not the same.")
#: Which solver worked out which tricks ({dds}, {exact}: trick ranges such as "1–7").
DDS_ONLY = ("Tricks {dds} were worked out by DDS, a fast solver made for bridge. It finds the best play with all "
            "hands open but, as in bridge, it may lead a spade before spades are broken, which Spades forbids "
            "(SP-13), so now and then it counts a line of play you could not follow.")
DDS_AND_EXACT = ("Tricks {dds} were worked out by DDS, a fast solver made for bridge. It finds the best play with "
                 "all hands open but, as in bridge, it may lead a spade before spades are broken, which Spades "
                 "forbids (SP-13), so now and then it counts a line of play you could not follow. Tricks {exact} "
                 "were worked out by the exact solver, which follows every rule.")
#: The practice copy ({hand}, {trick}: where it starts; HTML, the words escaped).
PRACTICE_NOTE_HTML = ("<b>Practice copy</b> of hand {hand} from trick {trick}: try another card. Your real game, "
                      "its scores and its undo history stay as they were.")
PRACTICE_OVER = "The practice copy ends with this hand. Try again from the same card, or close it."
TRY_AGAIN = "Try again from trick {trick}"
CLOSE_PRACTICE = "Close the practice copy"
EARLIER_HAND = "This review is about an earlier hand: press “Review” again."
#: The title of the engine's technical notes, folded away under the summary.
NOTES_TITLE = "How this review was worked out"
NOTE_DDS_SWITCHED_OFF = "DDS was switched off for this review."


def _count_text(r: dict, names: list[str]) -> list[str]:
    """The hand's double-dummy trick count in sentences."""
    dd = r.get("double_dummy") or {}
    out = []
    if "from_deal" in dd:  # four-seat Spades: DDS's count per partnership
        fd = dd.get("from_deal") or {}
        if fd.get("method") == "dds":
            out.append(COUNT_FROM_DEAL.format(ns=fd["NS"], ew=fd["EW"]))
            ab = dd.get("after_bidding") or {}
            if ab.get("method") == "dds" and (ab.get("NS"), ab.get("EW")) != (fd["NS"], fd["EW"]):
                out.append(COUNT_AFTER_EXCHANGE.format(ns=ab["NS"], ew=ab["EW"]))
        elif fd:
            out.append(COUNT_NEEDS_DDS_BROWSER if IN_BROWSER else COUNT_NEEDS_DDS)
    elif dd.get("method") == "exact" and "tricks" in dd:  # two-player Spades (SP-2P): exact from the first lead
        a, b = dd["tricks"]
        out.append(COUNT_TWO.format(first=names[0], second=names[1], a=a, b=_plural(b, "trick")))
    elif "most_tricks" in dd:
        tricks = _plural(dd["most_tricks"], "trick")
        made = dd.get("bid_makeable")
        out.append(COUNT_MOST.format(tricks=tricks) if made is None else
                   (COUNT_MOST_BID_MADE if made else COUNT_MOST_BID_NOT).format(tricks=tricks, bid=r["bid"]))
    elif dd.get("method") == "estimated":
        out.append(COUNT_ESTIMATED)
    elif dd:
        out.append(COUNT_NONE)
    return out


def _nil_text(r: dict, me: int) -> list[str]:
    out = []
    for info in r.get("nil") or []:
        who = "Your" if info["seat"] == me else f"{info['name']}'s"
        bid = "Blind Nil" if info["bid"] == "blind_nil" else "Nil"
        rule = "SP-10" if info["bid"] == "blind_nil" else "SP-8"
        if info["makeable"] is None:
            out.append(NIL_UNSOLVED.format(who=who, bid=bid, rule=rule))
            continue
        start = info["from_trick"]
        if not info["makeable"]:
            text = NIL_LOST.format(who=who, bid=bid, rule=rule, start=start)
        elif info["broken_by"] is not None:
            text = NIL_BROKEN.format(who=who, bid=bid, rule=rule, start=start, broken=info["broken_by"]["text"])
        else:
            text = NIL_KEPT.format(who=who, bid=bid, rule=rule, start=start)
        out.append(text)
        if start and start > 1:
            out.append(NIL_FROM.format(start=start))
    return out


def review_summary(r: dict, me: int, names: list[str]) -> list[str]:
    """The review's head lines, in a learner's words: the double-dummy
    count, what the side took, the Nils, which decisions were not analysed
    and why, and which solver worked out which tricks (plain text; the
    engine's technical notes are in :func:`review_notes`)."""
    out = _count_text(r, names)
    if r.get("took") is not None:
        out.append((TOOK_SIDE if len(r["side"]) > 1 else TOOK_YOU).format(tricks=_plural(r["took"], "trick")))
    out.extend(_nil_text(r, me))
    skipped = [d for d in r["decisions"] if d.get("method") == "unavailable"]
    if skipped:
        sv = r.get("solver") or {}
        two = len(names) == 2
        out.append((NOT_REVIEWED_TWO if two else NOT_REVIEWED_NO_DDS_BROWSER if IN_BROWSER else NOT_REVIEWED_NO_DDS).format(
            trick=max(d["trick"] for d in skipped) + 1, limit=sv.get("exact_limit")))
    est = [d["trick"] for d in r["decisions"] if d.get("method") == "estimated"]
    if est:
        out.append(ESTIMATED.format(tricks=_ranges(est)))
    dds = [d["trick"] for d in r["decisions"] if d.get("method") == "dds"]
    if dds:
        exact = [d["trick"] for d in r["decisions"] if d.get("method") == "exact"]
        out.append(DDS_AND_EXACT.format(dds=_ranges(dds), exact=_ranges(exact)) if exact else
                   DDS_ONLY.format(dds=_ranges(dds)))
    return out


def review_notes(r: dict) -> list[str]:
    """The engine's own notes about how the review was worked out (which
    solver, why a part was not solved), as it wrote them: shown folded away
    under :data:`NOTES_TITLE` for those who want them."""
    notes: list[str] = []
    dd = r.get("double_dummy") or {}
    for part in (dd, dd.get("from_deal") or {}, dd.get("after_bidding") or {}):
        if part.get("note"):
            notes.append(part["note"])
    for info in r.get("nil") or []:
        if info.get("note"):
            notes.append(f"{info['name']}: {info['note']}")
    if r.get("note"):
        notes.append(r["note"])
    sv = r.get("solver") or {}
    if sv.get("dds_note") and any(d.get("method") == "unavailable" for d in r.get("decisions") or []):
        notes.append(sv["dds_note"])
    return list(dict.fromkeys(notes))


def moment_lines(r: dict) -> list[str]:
    """One sentence (engine.review's own words) per costly moment."""
    return [d["text"] for d in r.get("costly") or []]


def review_figure(r: dict):
    """A plotly figure of the tricks available across the hand.

    Trace 0 ``"best before your card"`` and trace 1 ``"after your card"``:
    x = trick number of each of the learner's cards, y = tricks the side
    takes in the whole hand with best play from there (tricks already won
    included; None where the decision was not analysed).  Trace 2
    ``"costly card"``: the costly moments (an ✗ at the "after" value).  A
    dashed line marks the tricks actually taken.  Title names the unit.
    """
    import plotly.graph_objects as go  # noqa: PLC0415 - only when a review is drawn

    tl = r.get("timeline") or [{"trick": d["trick"], "card": d["card"], "before": d.get("before"),
                                "after": d.get("after"), "method": d.get("method")} for d in r["decisions"]]
    xs = [t["trick"] for t in tl]
    labels = [f"{_d(t['card'])} ({t['method']})" for t in tl]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=[t["before"] for t in tl], name="best before your card",
                             mode="lines+markers", line={"color": BEFORE_COLOUR}, customdata=labels,
                             hovertemplate="trick %{x}: best %{y} before %{customdata}<extra></extra>"))
    fig.add_trace(go.Scatter(x=xs, y=[t["after"] for t in tl], name="after your card",
                             mode="lines+markers", line={"color": AFTER_COLOUR, "dash": "dot"},
                             marker={"symbol": "square"}, customdata=labels,
                             hovertemplate="trick %{x}: %{y} after %{customdata}<extra></extra>"))
    costly = r.get("costly") or []
    fig.add_trace(go.Scatter(x=[d["trick"] for d in costly], y=[d.get("after") for d in costly],
                             name="costly card", mode="markers+text",
                             marker={"color": COSTLY_COLOUR, "symbol": "x", "size": 13},
                             text=[_d(d["card"]) for d in costly], textposition="bottom center",
                             textfont={"color": COSTLY_COLOUR},
                             hovertemplate="trick %{x}: %{text} cost tricks<extra></extra>"))
    if r.get("took") is not None:
        fig.add_hline(y=r["took"], line={"dash": "dash", "color": "#888"},
                      annotation_text=f"took {r['took']}", annotation_position="top left")
    unit = "your side's" if len(r["side"]) > 1 else "your"
    vals = [v for t in tl for v in (t["before"], t["after"]) if v is not None] + [r.get("took") or 0]
    fig.update_layout(
        title={"text": f"Tricks available: {unit} best total", "font": {"size": 14}, "x": 0.02},
        xaxis={"title": {"text": "trick"}, "dtick": 1, "range": [0.5, max(xs + [1]) + 0.5]},
        yaxis={"title": {"text": "tricks"}, "dtick": 1, "range": [min(vals + [0]) - 0.6, max(vals + [1]) + 0.8]},
        legend={"orientation": "h", "y": -0.3, "yanchor": "top"},
        margin={"l": 45, "r": 10, "t": 40, "b": 40}, height=340)
    return fig


def _chart_text(r: dict) -> str:
    tl = [t for t in (r.get("timeline") or []) if t.get("before") is not None]
    if not tl:
        return "No trick of this hand could be analysed."
    return (f"Tricks available to {'your side' if len(r['side']) > 1 else 'you'}: best {tl[0]['before']} at "
            f"trick {tl[0]['trick']}, {tl[-1]['after']} after your last card; took {r.get('took')}.")


# ---------------------------------------------------------------- practice copy
def practice_game(game, seat: int, hand: int, trick: int):
    """A new, independent game at the moment ``seat`` is about to play its
    card to ``trick`` of ``hand`` (1-based): rebuilt from ``game``'s record
    (HAND_RECORD.md) and taken back with :meth:`~engine.game.TrickGame.undo`.
    ``game`` is only read (its history, scores, views and random generator
    stay as they were).  Raises ValueError if that card is not in the game."""
    g = game_from_record(game_to_record(game), auto_deal=False)
    hist = list(g.history)
    deals = [i for i, a in enumerate(hist) if isinstance(a, Deal)]
    if not 1 <= hand <= len(deals):
        raise ValueError(f"hand {hand} is not in this game")
    end = deals[hand] if hand < len(deals) else len(hist)
    plays = [i for i in range(deals[hand - 1], end) if isinstance(hist[i], Play)]
    n = g.n_seats
    target = next((i for k, i in enumerate(plays) if k // n == trick - 1 and hist[i].seat == seat), None)
    if target is None:
        raise ValueError(f"{g.seat_name(seat)} played no card to trick {trick} of hand {hand}")
    if hand < len(deals):
        raise ValueError("only the last hand dealt can be replayed")
    while any(isinstance(a, Play) and i >= target for i, a in enumerate(g.history)):
        if g.undo() is None:
            raise ValueError(f"trick {trick} of hand {hand} cannot be reached by undo")
    return g


def practice_table(table_class, game, seat: int, session) -> W.Widget:
    """The table that plays a practice copy: ``table_class``
    (:class:`tutor.game_table.GameTable` or a subclass, such as
    :class:`tutor.table_two.SpadesTwoTable`) on ``game`` (from
    :func:`practice_game`) with the learner at ``seat``, in practice mode,
    hints off, computer players of ``session``'s level and seed.  Marked
    with the CSS class ``tt-practice-copy``; its game row (new game, save,
    load), options and score sheet are hidden: a copy is not a game to save
    or restart.  It plays one hand only (``single_hand``): when the hand is
    over it shows its result and the widgets the panel gives it
    (:meth:`tutor.game_table.GameTable.set_hand_end`: try again, close), never a
    next hand of another deal, nor a review of its own.  Raises TypeError if
    ``table_class`` does not play ``game``."""
    t = table_class(game, learner_seat=seat, level=session.level, practice=True, hints=False, seed=session.seed,
                    single_hand=True)
    t.add_class("tt-practice-copy")
    for part in (t._game_row, t._options.widget, t._score_box):  # noqa: SLF001 - the table's own parts
        part.layout.display = "none"
    return t


class _RecordSession:
    """What the panel reads of a session, for a saved game no table plays."""

    def __init__(self, game, learner: int, level: int):
        if isinstance(learner, bool) or not isinstance(learner, int) or not 0 <= learner < game.n_seats:
            raise ValueError(f"seat {learner!r} is not a seat of this game (0 to {game.n_seats - 1})")
        self.game, self.learner, self.level, self.seed = game, learner, level, None

    def name(self, seat: int, you: bool = True) -> str:
        return "You" if you and seat == self.learner else self.game.seat_name(seat)


# ---------------------------------------------------------------- the widget
class ReviewPanel(W.VBox):
    """The review of the last finished hand (see the module docstring).

    ``ReviewPanel(session)``: ``session`` a :class:`tutor.session.TableSession`
    (its ``game`` and ``learner`` are read when the button is pressed, so a
    new or loaded game is followed).  ``open_practice(game, seat)`` (optional)
    returns the widget that plays a practice copy (default: a
    :class:`tutor.game_table.GameTable` in practice mode, hints off, computer
    players of the session's level, :func:`practice_table`; the table for
    two, :class:`tutor.table_two.SpadesTwoTable`, passes its own kind).
    ``use_dds``: allow DDS above the exact solver's limit (when ``endplay``
    is installed).  Call :meth:`sync` after
    the game changed: the panel shows only when a hand is over, and a review
    of an older hand is cleared.
    """

    def __init__(self, session, *, open_practice: Callable[[Any, int], W.Widget] | None = None,
                 use_dds: bool = True, **kwargs: Any):
        self.session = session
        self.open_practice = open_practice
        self.use_dds = use_dds
        self.result: dict | None = None
        self.figure = None
        self.chart: W.Output | None = None
        self.summary_text = ""
        self.moment_texts: list[str] = []
        self.notes: list[str] = []
        self.practice: W.Widget | None = None
        self.practice_game = None
        self._practice_trick: int | None = None
        self._key: tuple | None = None
        self.button = W.Button(description="Review this hand", icon="search", layout=W.Layout(width="auto"),
                               tooltip="Where did your side lose tricks? (double dummy: all hands open, best play)")
        self.button.on_click(lambda _b: self._on_review())
        self.feedback = Feedback()
        self.summary = W.HTML()
        self.moments = W.VBox()
        self.moments.add_class("tt-rv-moments")
        self.chart_box = W.Box(layout=W.Layout(width="100%"))
        self.chart_box.add_class("tt-rv-chart")
        self.practice_box = W.VBox()
        self.practice_box.add_class("tt-rv-practice")
        super().__init__([self.button, self.feedback, self.summary, self.moments, self.chart_box,
                          self.practice_box], **kwargs)
        self.add_class("tt-review")
        self.sync()

    @classmethod
    def for_record(cls, record: Any, seat: int | None = None, *, level: int = 2, **kwargs: Any) -> "ReviewPanel":
        """A panel for a saved game (a hand record: dict, JSON text or bytes,
        HAND_RECORD.md) whose last hand is over, reviewed for ``seat``
        (default: the record's ``tutor.learner_seat``, else South in Spades,
        seat 0 in Oh Hell).  Raises :class:`engine.record.RecordError` /
        ``InvalidInputError`` for a bad record or seat."""
        if isinstance(record, (str, bytes, bytearray)):
            record = loads_record(record)
        if seat is None:
            tutor = record.get("tutor") if isinstance(record, dict) else None
            seat = tutor.get("learner_seat") if isinstance(tutor, dict) else None
        game = game_from_record(record, auto_deal=False)
        session: Any
        if set(game.spec.phases) <= TableSession.PHASES:
            session = TableSession(game, seat, level=level)
        else:  # a game with a phase the plain session does not play (Spades for two's draw): read only
            session = _RecordSession(game, 0 if seat is None else seat, level)
        table = PRACTICE_TABLES.get(look_for(game.spec).key)
        if table is not None:  # replayed at the table of its game (Spades for two: a table for two)
            kwargs.setdefault("open_practice", lambda g, s: practice_table(table, g, s, session))
        return cls(session, **kwargs)

    # ------------------------------------------------------------ API
    def click(self) -> None:
        """Press "Review this hand" (headless)."""
        self.button.click()

    def replay(self, k: int) -> None:
        """Press "Replay from here" on costly moment ``k`` (0-based)."""
        buttons = [w for w in self.moments.children if isinstance(w, W.Button)]
        buttons[k].click()

    def close_practice(self) -> None:
        """Close the practice copy (the real game was never changed)."""
        old = self.practice
        self.practice = None
        self.practice_game = None
        self.practice_box.children = ()
        if old is not None:
            old.close()

    def _hand_key(self) -> tuple | None:
        g = self.session.game
        if g.phase not in (Phase.DEAL, Phase.GAME_OVER) or not g.results:
            return None
        return (id(g), g.results[-1].number, len(g.history), self.session.learner)

    def sync(self) -> None:
        """Show the panel when a hand is over; clear a review of another hand."""
        key = self._hand_key()
        self.layout.display = "" if key is not None else "none"
        if key != self._key:
            self._key = key
            self.clear()
            if key is not None:
                self.button.description = f"Review hand {key[1]}"

    def clear(self) -> None:
        self.result = None
        self.figure = None
        self.summary_text = ""
        self.moment_texts = []
        self.notes = []
        self.summary.value = ""
        self.feedback.clear()
        self.moments.children = ()
        self._set_chart(None)
        self.close_practice()

    def _set_chart(self, widget: W.Output | None) -> None:
        old = self.chart
        self.chart = widget
        self.chart_box.children = (widget,) if widget is not None else ()
        if old is not None:
            old.close()

    # ------------------------------------------------------------ callbacks
    @guarded()
    def _on_review(self) -> None:
        from engine.review import review_hand  # noqa: PLC0415 - the solvers load when asked

        self.sync()
        if self._key is None:
            self.feedback.show_info("The review is ready when the hand is over.")
            return
        s = self.session
        g, me = s.game, s.learner
        hand = g.results[-1].number
        self.feedback.show_info(f"Reviewing hand {hand} (all hands open, best play)…")
        self.button.disabled = True
        try:
            r = review_hand(g, me, hand=hand, use_dds=self.use_dds)
        finally:
            self.button.disabled = False
        self.feedback.clear()
        self.close_practice()
        self.result = r
        names = [s.name(x, you=False) for x in range(g.n_seats)]
        head = review_summary(r, me, names)
        self.summary_text = " ".join(head)
        self.moment_texts = moment_lines(r)
        who = "your side" if len(r["side"]) > 1 else "you"
        intro = (f"<h4>Review of hand {hand}</h4><p class='tt-rv-how'>For every card you played: the most "
                 f"tricks {who} could take in this hand with best play by everyone, all hands open "
                 f"(“double dummy”), before and after your card.</p>")
        self.notes = review_notes(r)
        notes = (f"<details class='tt-rv-notes'><summary>{html.escape(NOTES_TITLE)}</summary><ul>"
                 + "".join(f"<li>{html.escape(n)}</li>" for n in self.notes) + "</ul></details>") if self.notes else ""
        self.summary.value = (f"<div class='tt-rv-head'>{intro}"
                              + "".join(f"<p>{html.escape(t)}</p>" for t in head) + notes + "</div>")
        rows: list[W.Widget] = []
        if self.moment_texts:
            rows.append(W.HTML(f"<p class='tt-rv-sub'><b>Costly moments "
                               f"({len(self.moment_texts)})</b></p>"))
        else:
            rows.append(W.HTML("<p class='tt-rv-sub'><b>No costly moment:</b> every card you played that could "
                               "be analysed kept the most tricks " + who + " could take.</p>"))
        for d, text in zip(r.get("costly") or [], self.moment_texts):
            rows.append(W.HTML(f"<p class='tt-rv-moment' data-trick='{d['trick']}'>{html.escape(text)}</p>"))
            b = W.Button(description=f"Replay from trick {d['trick']}", icon="repeat",
                         tooltip=f"Try another card at trick {d['trick']} in a practice copy "
                                 f"(your real game stays as it is)", layout=W.Layout(width="auto"))
            b.add_class("tt-rv-replay")
            b.on_click(lambda _b, t=d["trick"]: self._on_replay(t))
            rows.append(b)
        self.moments.children = rows
        self.figure = review_figure(r)
        self._set_chart(figure_output(self.figure, _chart_text(r), width="100%"))

    @guarded()
    def _on_replay(self, trick: int) -> None:
        s = self.session
        if self.result is None or self._hand_key() != self._key:
            self.feedback.show_info(EARLIER_HAND)
            return
        hand = self.result["hand"]
        g = practice_game(s.game, s.learner, hand, trick)
        self.close_practice()
        table = (self.open_practice or self._default_practice)(g, s.learner)
        self.practice_game = g
        self.practice = table
        self._practice_trick = trick
        close = W.Button(description=CLOSE_PRACTICE, icon="times", layout=W.Layout(width="auto"))
        close.on_click(lambda _b: self.close_practice())
        if hasattr(table, "set_hand_end"):  # the copy ends with its hand: try again, or close
            again = W.Button(description=TRY_AGAIN.format(trick=trick), icon="repeat", button_style="primary",
                             layout=W.Layout(width="auto"))
            again.add_class("tt-rv-try-again")
            again.on_click(lambda _b: self.try_again())
            close_too = W.Button(description=CLOSE_PRACTICE, icon="times", layout=W.Layout(width="auto"))
            close_too.on_click(lambda _b: self.close_practice())
            end = W.HBox([again, close_too])
            end.add_class("tt-tbl-row")
            end.add_class("tt-rv-practice-end")
            table.set_hand_end([W.HTML(f"<p class='tt-rv-practice-over'>{html.escape(PRACTICE_OVER)}</p>"), end])
        note = W.HTML(f"<p class='tt-rv-practice-note'>{PRACTICE_NOTE_HTML.format(hand=hand, trick=trick)}</p>")
        self.practice_box.children = (note, close, table)

    def try_again(self) -> None:
        """"Try again from trick N": the practice copy back at the same
        moment (a new copy of the real game, which is never changed)."""
        self._on_try_again()

    @guarded()
    def _on_try_again(self) -> None:
        s, table = self.session, self.practice
        if table is None or self.result is None or self._hand_key() != self._key:
            return
        g = practice_game(s.game, s.learner, self.result["hand"], self._practice_trick)
        if hasattr(table, "replace_game"):
            table.replace_game(g)
            self.practice_game = g
        else:
            self._on_replay(self._practice_trick)

    def _default_practice(self, game: Any, seat: int) -> W.Widget:
        """The practice copy at the table of its game (:data:`PRACTICE_TABLES`)."""
        table = PRACTICE_TABLES.get(look_for(game.spec).key)
        if table is None:
            raise LookupError(f"no table plays {game.spec.name!r} here: import tutor.table first")
        return practice_table(table, game, seat, self.session)
