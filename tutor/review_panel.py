"""The hand review at the table: where did the learner's side lose tricks?

:class:`ReviewPanel` sits under the hand result of a
:class:`tutor.table.game_table.GameTable`.  When a hand is over it offers "Review this
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
  bundle like the score sheet, :func:`tutor.charts.figure_output`).

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

from engine.record import game_from_record, game_to_record, loads_record
from engine.text.words import LIST_AND_EACH

from .card_faces import card_display
from .charts import figure_output
from .common import Feedback, guarded
from .games import YOU, kit_for
from .session_words import joined
from .text import M_, P_, say, say_html
from .session import TableSession

__all__ = ["ReviewPanel", "review_figure", "review_summary", "review_notes", "moment_lines", "practice_game",
           "practice_table",
           "BEFORE_COLOUR", "AFTER_COLOUR", "COSTLY_COLOUR"]

log = logging.getLogger("tutor.review")

#: colour of "best your side could take before your card"
BEFORE_COLOUR = "#4c78a8"
#: colour of "after your card"
AFTER_COLOUR = "#54a24b"
#: colour (and an ✗ marker, for colour-blind learners) of a costly card
COSTLY_COLOUR = "#c8102e"


def _tricks(n: int) -> str:
    return say(TRICKS, n=n)


def _ranges(tricks: list[int]) -> str:
    """[1, 2, 3, 5] -> "1–3 and 5"."""
    parts: list[list[int]] = []
    for t in sorted(tricks):
        if parts and t == parts[-1][-1] + 1:
            parts[-1].append(t)
        else:
            parts.append([t])
    words = [say(RANGE, first=p[0], last=p[-1]) if len(p) > 2 else joined(map(str, p)) for p in parts]
    return words[0] if len(words) == 1 else joined([joined(words[:-1]), words[-1]], LIST_AND_EACH)


# ---------------------------------------------------------------- words
# What the review says, in a learner's words ({placeholders} named).  The
# engine's own technical notes go under "How this review was worked out"
# (:func:`review_notes`), folded away.
# TRANSLATORS: a number of tricks in the review's sentences ("3 tricks").
TRICKS = P_("review.tricks", "{n} trick", "{n} tricks")
# TRANSLATORS: a run of trick numbers ("1–3").
RANGE = M_("review.range", "{first}–{last}")
# TRANSLATORS: four-seat Spades: the partnerships' tricks with best play from the deal ({ns}, {ew}: numbers).
COUNT_FROM_DEAL = M_("review.count_from_deal", "With best play from the deal (all four hands open), North–South take "
                                               "{ns} and East–West {ew} tricks.")
# TRANSLATORS: as above, after the Blind Nil exchange (SP-10).
COUNT_AFTER_EXCHANGE = M_("review.count_after_exchange", "After the Blind Nil exchange (SP-10): North–South {ns}, "
                                                         "East–West {ew}.")
# TRANSLATORS: the count above is missing: DDS is not installed.
COUNT_NEEDS_DDS = M_("review.count_needs_dds", "How many tricks each side takes with best play from the deal is not "
                                               "shown: that count needs the fast solver (DDS), which is not available "
                                               "here.")
# TRANSLATORS: two-player Spades: {first} and {second} the players' names; {a} a number, {b} "8 tricks".
COUNT_TWO = M_("review.count_two", "With best play from the first lead (both hands open), {first} takes {a} and "
                                   "{second} {b} (worked out by the exact solver, which follows every rule).")
# TRANSLATORS: Oh Hell: the most tricks the learner could take ({tricks}: "3 tricks").
COUNT_MOST = M_("review.count_most", "With best play against you (all hands open) you could take at most {tricks}.")
# TRANSLATORS: as above, and exactly the learner's bid of {bid} could be made (OH-11).
COUNT_MOST_BID_MADE = M_("review.count_most_bid_made", "With best play against you (all hands open) you could take "
                                                       "at most {tricks}; exactly your bid of {bid} could be made "
                                                       "(OH-11).")
# TRANSLATORS: as above, could not be made.
COUNT_MOST_BID_NOT = M_("review.count_most_bid_not", "With best play against you (all hands open) you could take at "
                                                     "most {tricks}; exactly your bid of {bid} could not be made "
                                                     "(OH-11).")
# TRANSLATORS: the count of best play is only estimated (hands too big for the exact solver).
COUNT_ESTIMATED = M_("review.count_estimated", "How many tricks each side takes with best play is only estimated for "
                                               "this hand: its hands are too big for the exact solver.")
# TRANSLATORS: the count of best play could not be worked out.
COUNT_NONE = M_("review.count_none", "How many tricks each side takes with best play could not be worked out for "
                                     "this hand.")
# TRANSLATORS: the learner's partnership took {tricks} ("8 tricks").
TOOK_SIDE = M_("review.took_side", "Your side took {tricks}.")
# TRANSLATORS: the learner took {tricks}.
TOOK_YOU = M_("review.took_you", "You took {tricks}.")
# TRANSLATORS: a Nil bid in the review: "Nil" (SP-8).
NIL = M_("review.nil", "Nil")
# TRANSLATORS: as above: "Blind Nil" (SP-10).
BLIND_NIL = M_("review.blind_nil", "Blind Nil")
# TRANSLATORS: the learner's {bid} ("Nil") ({rule}): too many tricks left to solve it.
NIL_UNSOLVED_YOURS = M_("review.nil_unsolved.yours", "Your {bid} ({rule}): too many tricks were left to work out "
                                                     "exactly whether it could be made.")
# TRANSLATORS: as above, {name}'s Nil.
NIL_UNSOLVED = M_("review.nil_unsolved", "{name}'s {bid} ({rule}): too many tricks were left to work out exactly "
                                         "whether it could be made.")
# TRANSLATORS: the learner's {bid} could no longer be made from trick {start}.
NIL_LOST_YOURS = M_("review.nil_lost.yours", "Your {bid} ({rule}) could no longer be made at trick {start}: with best "
                                             "play a trick could be forced on it.")
# TRANSLATORS: as above, {name}'s Nil.
NIL_LOST = M_("review.nil_lost", "{name}'s {bid} ({rule}) could no longer be made at trick {start}: with best play a "
                                 "trick could be forced on it.")
# TRANSLATORS: the learner's {bid} could be made from trick {start}; {broken} the engine's sentence on the card
# that broke it.
NIL_BROKEN_YOURS = M_("review.panel.nil_broken.yours", "Your {bid} ({rule}) could be made with best play from trick {start} "
                                                 "on. {broken}")
# TRANSLATORS: as above, {name}'s Nil.
NIL_BROKEN = M_("review.nil_broken", "{name}'s {bid} ({rule}) could be made with best play from trick {start} on. "
                                     "{broken}")
# TRANSLATORS: the learner's {bid} could be made, and no card broke it.
NIL_KEPT_YOURS = M_("review.nil_kept.yours", "Your {bid} ({rule}) could be made with best play from trick {start} on, "
                                             "and no card broke it.")
# TRANSLATORS: as above, {name}'s Nil.
NIL_KEPT = M_("review.nil_kept", "{name}'s {bid} ({rule}) could be made with best play from trick {start} on, and no "
                                 "card broke it.")
# TRANSLATORS: under a Nil's line: worked out exactly only from trick {start}.
NIL_FROM = M_("review.nil_from", "(Worked out exactly from trick {start}: before that, too many tricks are left for "
                                 "the exact solver.)")
#: In the browser (the static site, Python in the page): DDS, a C extension, cannot run there.
IN_BROWSER = sys.platform == "emscripten"
# TRANSLATORS: as "review.count_needs_dds", in the browser version (no DDS there).
COUNT_NEEDS_DDS_BROWSER = M_("review.count_needs_dds_browser", "How many tricks each side takes with best play from "
                                                               "the deal is not shown: that count needs the fast "
                                                               "solver (DDS), which the browser version of Trick "
                                                               "Tutor cannot run.")
# TRANSLATORS: the learner's cards before trick {trick} were not reviewed; {limit} the exact solver's trick limit.
NOT_REVIEWED_NO_DDS_BROWSER = M_("review.not_reviewed_browser", "Your cards before trick {trick} were not reviewed: "
                                                                "with more than {limit} tricks left the exact solver "
                                                                "would take too long, and the browser version of "
                                                                "Trick Tutor cannot run the full-hand solver (DDS).")
# TRANSLATORS: as above, DDS not installed.
NOT_REVIEWED_NO_DDS = M_("review.not_reviewed_no_dds", "Your cards before trick {trick} were not reviewed: with more "
                                                       "than {limit} tricks left the exact solver would take too "
                                                       "long, and the fast solver (DDS) is not available here.")
# TRANSLATORS: as above, two players.
NOT_REVIEWED_TWO = M_("review.not_reviewed_two", "Your cards before trick {trick} were not reviewed: with more than "
                                                 "{limit} tricks left the exact solver would take too long for a hand "
                                                 "of two players.")
# TRANSLATORS: tricks {tricks} ("1–3 and 5") were estimated by playing the hand out many times.
ESTIMATED = M_("review.estimated", "Tricks {tricks} are estimates: the computer played the rest of the hand out many "
                                   "times with the hidden cards dealt at random, which comes close to best play but "
                                   "is not the same.")
# TRANSLATORS: tricks {dds} ("1–7") were worked out by DDS (SP-13).
DDS_ONLY = M_("review.dds_only", "Tricks {dds} were worked out by DDS, a fast solver made for bridge. It finds the "
                                 "best play with all hands open but, as in bridge, it may lead a spade before spades "
                                 "are broken, which Spades forbids (SP-13), so now and then it counts a line of play "
                                 "you could not follow.")
# TRANSLATORS: as above, and tricks {exact} by the exact solver.
DDS_AND_EXACT = M_("review.dds_and_exact", "Tricks {dds} were worked out by DDS, a fast solver made for bridge. It "
                                           "finds the best play with all hands open but, as in bridge, it may lead a "
                                           "spade before spades are broken, which Spades forbids (SP-13), so now and "
                                           "then it counts a line of play you could not follow. Tricks {exact} were "
                                           "worked out by the exact solver, which follows every rule.")
# TRANSLATORS: above the practice copy (HTML; keep the tags): hand {hand_no} from trick {trick}.
PRACTICE_NOTE_HTML = M_("review.practice_note", "<b>Practice copy</b> of hand {hand_no} from trick {trick}: try "
                                                "another card. Your real game, its scores and its undo history stay "
                                                "as they were.")
# TRANSLATORS: when the practice copy's hand is over.
PRACTICE_OVER = M_("review.practice_over", "The practice copy ends with this hand. Try again from the same card, or "
                                           "close it.")
# TRANSLATORS: a button: the practice copy again from trick {trick}.
TRY_AGAIN = M_("review.try_again", "Try again from trick {trick}")
# TRANSLATORS: a button.
CLOSE_PRACTICE = M_("review.close_practice", "Close the practice copy")
# TRANSLATORS: a practice button of a review of an earlier hand pressed.
EARLIER_HAND = M_("review.earlier_hand", "This review is about an earlier hand: press “Review” again.")
# TRANSLATORS: the title of the engine's technical notes, folded away under the review.
NOTES_TITLE = M_("review.notes_title", "How this review was worked out")
# TRANSLATORS: a technical note: DDS was switched off.
NOTE_DDS_SWITCHED_OFF = M_("review.note_dds_off", "DDS was switched off for this review.")


# TRANSLATORS: the chart's text for screen readers when no trick could be analysed.
CHART_NONE = M_("review.chart_none", "No trick of this hand could be analysed.")
# TRANSLATORS: the chart's text for screen readers (the learner's partnership): best {best} at trick {trick},
# {after} after the last card, took {took}.
CHART_SIDE = M_("review.chart_side", "Tricks available to your side: best {best} at trick {trick}, {after} after your "
                                     "last card; took {took}.")
# TRANSLATORS: as above, the learner alone.
CHART_YOU = M_("review.chart_you", "Tricks available to you: best {best} at trick {trick}, {after} after your last "
                                   "card; took {took}.")
# TRANSLATORS: the chart's line: the most tricks with best play before each of the learner's cards.
TRACE_BEFORE = M_("review.trace_before", "best before your card")
# TRANSLATORS: the chart's line: after each of the learner's cards.
TRACE_AFTER = M_("review.trace_after", "after your card")
# TRANSLATORS: the chart's marks of the costly cards.
TRACE_COSTLY = M_("review.trace_costly", "costly card")
# TRANSLATORS: a chart point's card and how it was worked out ("K♠ (worked out exactly)"): {card}, {method} one of
# review.method.*.
POINT = M_("review.point", "{card} ({method})")
#: How a chart point was worked out (the review's ``method``), as its label says it.
METHOD_WORDS = {
    # TRANSLATORS: a chart point's method: solved by DDS, a solver made for bridge (keep the name DDS).
    "dds": M_("review.method.dds", "DDS"),
    # TRANSLATORS: a chart point's method: worked out exactly by the tutor's own solver.
    "exact": M_("review.method.exact", "worked out exactly"),
    # TRANSLATORS: a chart point's method: an estimate from many random play-outs (Oh Hell, many tricks left).
    "estimated": M_("review.method.estimated", "an estimate"),
    # TRANSLATORS: a chart point's method: this card could not be worked out.
    "unavailable": M_("review.method.unavailable", "not worked out"),
}
# TRANSLATORS: the hover text of the chart's first line: trick {x}, best {y} tricks before {point} ("K♠ (exact)").
HOVER_BEFORE = M_("review.hover_before", "trick {x}: best {y} before {point}")
# TRANSLATORS: the hover text of the chart's second line: trick {x}, {y} tricks after {point}.
HOVER_AFTER = M_("review.hover_after", "trick {x}: {y} after {point}")
# TRANSLATORS: the hover text of a costly card: trick {x}, {point} the card.
HOVER_COSTLY = M_("review.hover_costly", "trick {x}: {point} cost tricks")
#: What plotly fills in a hover text (its own template fields), and what it adds after it.
_HOVER = {"x": "%{x}", "y": "%{y}", "point": "%{customdata}"}
_NO_TRACE_NAME = "<extra></extra>"
# TRANSLATORS: the chart's dashed line: the tricks taken.
TOOK_LINE = M_("review.took_line", "took {n}")
# TRANSLATORS: the chart's title, the learner's partnership.
TITLE_SIDE = M_("review.title_side", "Tricks available: your side's best total")
# TRANSLATORS: the chart's title, the learner alone.
TITLE_YOU = M_("review.title_you", "Tricks available: your best total")
# TRANSLATORS: the chart's x axis.
AXIS_TRICK = M_("review.axis_trick", "trick")
# TRANSLATORS: the chart's y axis.
AXIS_TRICKS = M_("review.axis_tricks", "tricks")
# TRANSLATORS: the review's button before a hand is chosen.
REVIEW_BUTTON = M_("review.button", "Review this hand")
# TRANSLATORS: the review's button: hand {hand_no}.
REVIEW_HAND = M_("review.button_hand", "Review hand {hand_no}")
# TRANSLATORS: the tooltip of the review's button.
REVIEW_TIP = M_("review.button_tip", "Where did your side lose tricks? (double dummy: all hands open, best play)")
# TRANSLATORS: the review asked for before the hand is over.
NOT_READY = M_("review.not_ready", "The review is ready when the hand is over.")
# TRANSLATORS: while the review of hand {hand_no} is worked out.
REVIEWING = M_("review.reviewing", "Reviewing hand {hand_no} (all hands open, best play)…")
# TRANSLATORS: the review's head (HTML; keep the tags), the learner's partnership: hand {hand_no}.
INTRO_SIDE = M_("review.intro_side", "<h4>Review of hand {hand_no}</h4><p class='tt-rv-how'>For every card you played: "
                                     "the most tricks your side could take in this hand before and after your card, "
                                     "worked out “double dummy”: as if every player's cards lay face up on the table "
                                     "and everyone played the best card each time.</p>")
# TRANSLATORS: as above, the learner alone.
INTRO_YOU = M_("review.intro_you", "<h4>Review of hand {hand_no}</h4><p class='tt-rv-how'>For every card you played: "
                                   "the most tricks you could take in this hand before and after your card, worked "
                                   "out “double dummy”: as if every player's cards lay face up on the table and "
                                   "everyone played the best card each time.</p>")
# TRANSLATORS: the heading of the costly moments (HTML; keep the tags): {n} of them.
COSTLY = M_("review.costly", "<b>Costly moments ({n})</b>")
# TRANSLATORS: no costly moment (HTML; keep the tags), the learner's partnership.
NO_COSTLY_SIDE = M_("review.no_costly_side", "<b>No costly moment:</b> every card you played that could be analysed "
                                             "kept the most tricks your side could take.")
# TRANSLATORS: as above, the learner alone.
NO_COSTLY_YOU = M_("review.no_costly_you", "<b>No costly moment:</b> every card you played that could be analysed "
                                           "kept the most tricks you could take.")
# TRANSLATORS: a button under a costly moment: replay from trick {trick}.
REPLAY = M_("review.replay", "Replay from trick {trick}")
# TRANSLATORS: the tooltip of the button above.
REPLAY_TIP = M_("review.replay_tip", "Try another card at trick {trick} in a practice copy (your real game stays as "
                                     "it is)")


def _count_text(r: dict, names: list[str]) -> list[str]:
    """The hand's double-dummy trick count in sentences."""
    dd = r.get("double_dummy") or {}
    out = []
    if "from_deal" in dd:  # four-seat Spades: DDS's count per partnership
        fd = dd.get("from_deal") or {}
        if fd.get("method") == "dds":
            out.append(say(COUNT_FROM_DEAL, ns=fd["NS"], ew=fd["EW"]))
            ab = dd.get("after_bidding") or {}
            if ab.get("method") == "dds" and (ab.get("NS"), ab.get("EW")) != (fd["NS"], fd["EW"]):
                out.append(say(COUNT_AFTER_EXCHANGE, ns=ab["NS"], ew=ab["EW"]))
        elif fd:
            out.append(say(COUNT_NEEDS_DDS_BROWSER if IN_BROWSER else COUNT_NEEDS_DDS))
    elif dd.get("method") == "exact" and "tricks" in dd:  # two-player Spades (SP-2P): exact from the first lead
        a, b = dd["tricks"]
        out.append(say(COUNT_TWO, first=names[0], second=names[1], a=a, b=_tricks(b)))
    elif "most_tricks" in dd:
        tricks = _tricks(dd["most_tricks"])
        made = dd.get("bid_makeable")
        out.append(say(COUNT_MOST, tricks=tricks) if made is None else
                   say(COUNT_MOST_BID_MADE if made else COUNT_MOST_BID_NOT, tricks=tricks, bid=r["bid"]))
    elif dd.get("method") == "estimated":
        out.append(say(COUNT_ESTIMATED))
    elif dd:
        out.append(say(COUNT_NONE))
    return out


def _nil_text(r: dict, me: int) -> list[str]:
    out = []
    for info in r.get("nil") or []:
        mine = info["seat"] == me
        words = {"name": info["name"], "bid": say(BLIND_NIL if info["bid"] == "blind_nil" else NIL),
                 "rule": "SP-10" if info["bid"] == "blind_nil" else "SP-8"}
        if info["makeable"] is None:
            out.append(say(NIL_UNSOLVED_YOURS if mine else NIL_UNSOLVED, **words))
            continue
        start = info["from_trick"]
        if not info["makeable"]:
            text = say(NIL_LOST_YOURS if mine else NIL_LOST, start=start, **words)
        elif info["broken_by"] is not None:
            text = say(NIL_BROKEN_YOURS if mine else NIL_BROKEN, start=start, broken=info["broken_by"]["text"],
                       **words)
        else:
            text = say(NIL_KEPT_YOURS if mine else NIL_KEPT, start=start, **words)
        out.append(text)
        if start and start > 1:
            out.append(say(NIL_FROM, start=start))
    return out


def review_summary(r: dict, me: int, names: list[str]) -> list[str]:
    """The review's head lines, in a learner's words: the double-dummy
    count, what the side took, the Nils, which decisions were not analysed
    and why, and which solver worked out which tricks (plain text; the
    engine's technical notes are in :func:`review_notes`)."""
    out = _count_text(r, names)
    if r.get("took") is not None:
        out.append(say(TOOK_SIDE if len(r["side"]) > 1 else TOOK_YOU, tricks=_tricks(r["took"])))
    out.extend(_nil_text(r, me))
    skipped = [d for d in r["decisions"] if d.get("method") == "unavailable"]
    if skipped:
        sv = r.get("solver") or {}
        two = len(names) == 2
        out.append(say(NOT_REVIEWED_TWO if two else NOT_REVIEWED_NO_DDS_BROWSER if IN_BROWSER else NOT_REVIEWED_NO_DDS,
                       trick=max(d["trick"] for d in skipped) + 1, limit=sv.get("exact_limit")))
    est = [d["trick"] for d in r["decisions"] if d.get("method") == "estimated"]
    if est:
        out.append(say(ESTIMATED, tricks=_ranges(est)))
    dds = [d["trick"] for d in r["decisions"] if d.get("method") == "dds"]
    if dds:
        exact = [d["trick"] for d in r["decisions"] if d.get("method") == "exact"]
        out.append(say(DDS_AND_EXACT, dds=_ranges(dds), exact=_ranges(exact)) if exact else
                   say(DDS_ONLY, dds=_ranges(dds)))
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
    labels = [say(POINT, card=t["card"], method=METHOD_WORDS[t["method"]]) for t in tl]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=[t["before"] for t in tl], name=say(TRACE_BEFORE),
                             mode="lines+markers", line={"color": BEFORE_COLOUR}, customdata=labels,
                             hovertemplate=say(HOVER_BEFORE, **_HOVER) + _NO_TRACE_NAME))
    fig.add_trace(go.Scatter(x=xs, y=[t["after"] for t in tl], name=say(TRACE_AFTER),
                             mode="lines+markers", line={"color": AFTER_COLOUR, "dash": "dot"},
                             marker={"symbol": "square"}, customdata=labels,
                             hovertemplate=say(HOVER_AFTER, **_HOVER) + _NO_TRACE_NAME))
    costly = r.get("costly") or []
    fig.add_trace(go.Scatter(x=[d["trick"] for d in costly], y=[d.get("after") for d in costly],
                             name=say(TRACE_COSTLY), mode="markers+text",
                             marker={"color": COSTLY_COLOUR, "symbol": "x", "size": 13},
                             text=[card_display(d["card"]) for d in costly], textposition="bottom center",
                             textfont={"color": COSTLY_COLOUR},
                             hovertemplate=say(HOVER_COSTLY, **{**_HOVER, "point": "%{text}"}) + _NO_TRACE_NAME))
    if r.get("took") is not None:
        fig.add_hline(y=r["took"], line={"dash": "dash", "color": "#888"},
                      annotation_text=say(TOOK_LINE, n=r["took"]), annotation_position="top left")
    vals = [v for t in tl for v in (t["before"], t["after"]) if v is not None] + [r.get("took") or 0]
    fig.update_layout(
        title={"text": say(TITLE_SIDE if len(r["side"]) > 1 else TITLE_YOU), "font": {"size": 14}, "x": 0.02},
        xaxis={"title": {"text": say(AXIS_TRICK)}, "dtick": 1, "range": [0.5, max(xs + [1]) + 0.5]},
        yaxis={"title": {"text": say(AXIS_TRICKS)}, "dtick": 1, "range": [min(vals + [0]) - 0.6, max(vals + [1]) + 0.8]},
        legend={"orientation": "h", "y": -0.3, "yanchor": "top"},
        margin={"l": 45, "r": 10, "t": 40, "b": 40}, height=340)
    return fig


def _chart_text(r: dict) -> str:
    tl = [t for t in (r.get("timeline") or []) if t.get("before") is not None]
    if not tl:
        return say(CHART_NONE)
    return say(CHART_SIDE if len(r["side"]) > 1 else CHART_YOU, best=tl[0]["before"], trick=tl[0]["trick"],
               after=tl[-1]["after"], took=r.get("took"))


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
    plays = [(i, a) for i, a in enumerate(hist) if deals[hand - 1] <= i < end and isinstance(a, Play)]
    n = g.n_seats
    target = next((i for k, (i, a) in enumerate(plays) if k // n == trick - 1 and a.seat == seat), None)
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
    (:class:`tutor.table.game_table.GameTable` or a subclass, such as
    :class:`tutor.table.two.SpadesTwoTable`) on ``game`` (from
    :func:`practice_game`) with the learner at ``seat``, in practice mode,
    hints off, computer players of ``session``'s level and seed.  Marked
    with the CSS class ``tt-practice-copy``; its game row (new game, save,
    load), options and score sheet are hidden: a copy is not a game to save
    or restart.  It plays one hand only (``single_hand``): when the hand is
    over it shows its result and the widgets the panel gives it
    (:meth:`tutor.table.game_table.GameTable.set_hand_end`: try again, close), never a
    next hand of another deal, nor a review of its own.  Raises TypeError if
    ``table_class`` does not play ``game``."""
    t = table_class.for_game(game, learner_seat=seat, level=session.level, practice=True, hints=False,
                             seed=session.seed, single_hand=True)
    t.add_class("tt-practice-copy")
    for part in (t._game_row, t._options.widget, t._score_box):  # the table's own parts
        part.layout.display = "none"
    return t


class _RecordSession:
    """What the panel reads of a session, for a saved game no table plays."""

    def __init__(self, game, learner: int, level: int):
        if isinstance(learner, bool) or not isinstance(learner, int) or not 0 <= learner < game.n_seats:
            raise ValueError(f"seat {learner!r} is not a seat of this game (0 to {game.n_seats - 1})")
        self.game, self.learner, self.level, self.seed = game, learner, level, None

    def name(self, seat: int, you: bool = True) -> str:
        return say(YOU) if you and seat == self.learner else self.game.seat_name(seat)

    def hand_no(self, number: int) -> int:
        return number


# ---------------------------------------------------------------- the widget
class ReviewPanel(W.VBox):
    """The review of the last finished hand (see the module docstring).

    ``ReviewPanel(session)``: ``session`` a :class:`tutor.session.TableSession`
    (its ``game`` and ``learner`` are read when the button is pressed, so a
    new or loaded game is followed).  ``open_practice(game, seat)`` (optional)
    returns the widget that plays a practice copy (default: a
    :class:`tutor.table.game_table.GameTable` in practice mode, hints off, computer
    players of the session's level, :func:`practice_table`; the table for
    two, :class:`tutor.table.two.SpadesTwoTable`, passes its own kind).
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
        self.button = W.Button(description=say(REVIEW_BUTTON), icon="search", layout=W.Layout(width="auto"),
                               tooltip=say(REVIEW_TIP))
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
        # replayed at the table of its game (Spades for two: a table for two), as its kit names it
        kwargs.setdefault("open_practice", lambda g, s: practice_table(kit_for(g.spec).table_class(), g, s, session))
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
                self.button.description = say(REVIEW_HAND, hand_no=self.session.hand_no(key[1]))

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
            self.feedback.show_info(say(NOT_READY))
            return
        s = self.session
        g, me = s.game, s.learner
        hand = g.results[-1].number
        self.feedback.show_info(say(REVIEWING, hand_no=s.hand_no(hand)))
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
        side = len(r["side"]) > 1
        intro = say_html(INTRO_SIDE if side else INTRO_YOU, hand_no=s.hand_no(hand))
        self.notes = review_notes(r)
        notes = (f"<details class='tt-rv-notes'><summary>{html.escape(say(NOTES_TITLE))}</summary><ul>"
                 + "".join(f"<li>{html.escape(n)}</li>" for n in self.notes) + "</ul></details>") if self.notes else ""
        self.summary.value = (f"<div class='tt-rv-head'>{intro}"
                              + "".join(f"<p>{html.escape(t)}</p>" for t in head) + notes + "</div>")
        rows: list[W.Widget] = []
        if self.moment_texts:
            rows.append(W.HTML(f"<p class='tt-rv-sub'>{say_html(COSTLY, n=len(self.moment_texts))}</p>"))
        else:
            rows.append(W.HTML(f"<p class='tt-rv-sub'>{say_html(NO_COSTLY_SIDE if side else NO_COSTLY_YOU)}</p>"))
        for d, text in zip(r.get("costly") or [], self.moment_texts):
            rows.append(W.HTML(f"<p class='tt-rv-moment' data-trick='{d['trick']}'>{html.escape(text)}</p>"))
            b = W.Button(description=say(REPLAY, trick=d["trick"]), icon="repeat",
                         tooltip=say(REPLAY_TIP, trick=d["trick"]), layout=W.Layout(width="auto"))
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
            self.feedback.show_info(say(EARLIER_HAND))
            return
        hand = self.result["hand"]
        g = practice_game(s.game, s.learner, hand, trick)
        self.close_practice()
        table = (self.open_practice or self._default_practice)(g, s.learner)
        self.practice_game = g
        self.practice = table
        self._practice_trick = trick
        close = W.Button(description=say(CLOSE_PRACTICE), icon="times", layout=W.Layout(width="auto"))
        close.on_click(lambda _b: self.close_practice())
        if hasattr(table, "set_hand_end"):  # the copy ends with its hand: try again, or close
            again = W.Button(description=say(TRY_AGAIN, trick=trick), icon="repeat", button_style="primary",
                             layout=W.Layout(width="auto"))
            again.add_class("tt-rv-try-again")
            again.on_click(lambda _b: self.try_again())
            close_too = W.Button(description=say(CLOSE_PRACTICE), icon="times", layout=W.Layout(width="auto"))
            close_too.on_click(lambda _b: self.close_practice())
            end = W.HBox([again, close_too])
            end.add_class("tt-tbl-row")
            end.add_class("tt-rv-practice-end")
            table.set_hand_end([W.HTML(f"<p class='tt-rv-practice-over'>{html.escape(say(PRACTICE_OVER))}</p>"), end])
        note = W.HTML(f"<p class='tt-rv-practice-note'>{say_html(PRACTICE_NOTE_HTML, hand_no=s.hand_no(hand), trick=trick)}</p>")
        self.practice_box.children = (note, close, table)

    def try_again(self) -> None:
        """"Try again from trick N": the practice copy back at the same
        moment (a new copy of the real game, which is never changed)."""
        self._on_try_again()

    @guarded()
    def _on_try_again(self) -> None:
        s, table = self.session, self.practice
        if table is None or self.result is None or self._hand_key() != self._key or self._practice_trick is None:
            return
        g = practice_game(s.game, s.learner, self.result["hand"], self._practice_trick)
        if hasattr(table, "replace_game"):
            table.replace_game(g)
            self.practice_game = g
        else:
            self._on_replay(self._practice_trick)

    def _default_practice(self, game: Any, seat: int) -> W.Widget:
        """The practice copy at the table of its game (its kit's, :attr:`tutor.games.TutorKit.table`)."""
        return practice_table(kit_for(game.spec).table_class(), game, seat, self.session)
