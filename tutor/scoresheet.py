"""The score sheet: itemised score lines, running totals and a chart.

Everything comes from the engine's :class:`~engine.game.HandResult` list
(``game.results``): the score lines exactly as the engine reports them, with
their rule ids (Spades SP-7…SP-20, Oh Hell OH-11, OH-V7, OH-V8).

* :func:`score_lines_rows` — one row per score line (:class:`~tutor.rows.Rows`);
  :func:`score_lines_frame` — the same as a pandas DataFrame.
* :func:`running_totals_rows` — one row per hand: scores after it (and
  Spades bags); :func:`running_totals_frame` — the same as a DataFrame.
* :func:`score_figure` — a plotly figure of running scores by hand (Spades
  bags on a secondary axis).
* :class:`ScoreSheet` — a widget with both tables and the chart;
  :meth:`ScoreSheet.refresh` redraws it after the game moved on.

The widget renders the rows to HTML itself: it needs no pandas (which the
browser version of the app cannot load); the ``*_frame`` functions are for
notebooks.  The chart is shown as plotly's MIME bundle in an ``ipywidgets.Output``
(drawn by the jupyterlab-plotly renderer that ships with plotly, as wide as
its column: it fits a 390-px phone), not as a ``FigureWidget``, which sends
the whole plotly.js bundle (about 5 MB) to the browser with every chart.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

import ipywidgets as W

from engine.text import render, translate
from engine.text.words import LIST_SEP

from .charts import PLOTLY_MIME, figure_output
from .rows import Rows
from .text import M_, P_, say, say_html

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = ["SIDE_LABELS", "score_lines_rows", "running_totals_rows", "score_lines_frame", "running_totals_frame",
           "score_figure", "ScoreSheet", "who_labels", "PLOTLY_MIME"]

#: The MIME type of a plotly figure (drawn by the jupyterlab-plotly renderer).

#: Spades partnership labels (side 0 = North–South, side 1 = East–West; SP-1).
SIDE_LABELS = ("North–South", "East–West")

LINE_COLUMNS = ["hand", "side", "item", "points", "rule"]

# TRANSLATORS: the hover text of a score line of the chart: hand {x}, {y} points.
HOVER_POINTS = M_("scoresheet.hover_points", "hand {x}: {y} points")
# TRANSLATORS: the hover text of a bags line of the chart: hand {x}, {y} bags.
HOVER_BAGS = M_("scoresheet.hover_bags", "hand {x}: {y} bags")
#: What plotly fills in a hover text (its own template fields).
_HOVER = {"x": "%{x}", "y": "%{y}"}
# TRANSLATORS: the name of a chart line of a side's bags: {name} "North–South".
BAGS_OF = M_("scoresheet.bags_of", "{name} bags")
# TRANSLATORS: a note under the chart (Spades): the dotted lines are bags, and 10 bags cost 100 points (SP-20).
BAGS_AXIS = M_("scoresheet.bags_axis", "bags (10 cost 100 points, SP-20)")
# TRANSLATORS: the score tables' column heads (short): the side (Spades: North–South …) a line is for.
COL_SIDE = M_("scoresheet.col.side", "side")
# TRANSLATORS: the score tables' column head (Oh Hell): the player a line is for.
COL_SEAT = M_("scoresheet.col.seat", "seat")
# TRANSLATORS: the score lines' column head: what a line scores ("contract made", "bags").
COL_ITEM = M_("scoresheet.col.item", "item")
# TRANSLATORS: the score tables' column head (Spades) and the chart's second y axis: bags (SP-17, SP-20).
COL_BAGS = M_("scoresheet.col.bags", "bags")
# TRANSLATORS: the score lines' column head: the rule id (SP-14 …) a line applies.
COL_RULE = M_("scoresheet.col.rule", "rule")
# TRANSLATORS: the chart's title.
TITLE = M_("scoresheet.title", "Running scores")
# TRANSLATORS: the chart's title in Spades (bags shown too).
TITLE_BAGS = M_("scoresheet.title_bags", "Running scores and bags")
# TRANSLATORS: the chart's x axis.
AXIS_HAND = M_("scoresheet.axis_hand", "hand")
# TRANSLATORS: the chart's y axis.
AXIS_POINTS = M_("scoresheet.axis_points", "points")
# TRANSLATORS: the chart's text for screen readers before any hand is scored.
NO_HAND = M_("scoresheet.no_hand", "No hand scored yet.")
# TRANSLATORS: the chart's text for screen readers: after hand {hand_no}, {scores} "North–South 120, East–West 80".
AFTER_HAND = M_("scoresheet.after_hand", "Running scores after hand {hand_no}: {scores}.")
# TRANSLATORS: one entry of the line above: {name} and its {points}.
SCORE_OF = M_("scoresheet.score_of", "{name} {points}")
# TRANSLATORS: the score sheet's heading (HTML; keep the tags): {name} the game ("Spades").
HEADING = M_("scoresheet.heading", "<h2 style='margin:4px 0;font-size:1.17em'>Score sheet: {name}</h2>")
# TRANSLATORS: under the heading (HTML): {n} hands scored.
SCORED = P_("scoresheet.scored", "<div style='font-size:14px'>{n} hand scored.</div>",
            "<div style='font-size:14px'>{n} hands scored.</div>")
# TRANSLATORS: in place of the tables before any hand is scored (HTML).
NOTHING_YET = M_("scoresheet.nothing_yet", "<p><i>No hand has been scored yet.</i></p>")
# TRANSLATORS: the heading of the running totals (HTML).
RUNNING_TOTALS = M_("scoresheet.running_totals", "<b>Running totals</b>")
# TRANSLATORS: the heading of the folded score lines (HTML).
LINES_TITLE = M_("scoresheet.lines_title", "<b>Score lines, item by item</b>")


def _is_spades(game) -> bool:
    """Whether the game scores partnerships with bags (Spades, SP-17 … SP-20):
    side columns and bag counters."""
    return game.spec.codec.has_bags


def who_labels(game, names: Sequence[str] | None = None) -> list[str]:
    """Column labels of the scoring units, one per entry of ``game.scores``:
    the names of the seats scored together (``game.sides``) joined by "–".
    ``names`` (one per seat, default ``game.seat_names``) lets a table use
    its own: Spades ``["North–South", "East–West"]``; Oh Hell the engine's
    ``["seat 0", …]`` or a table's ``["You", "Ada", …]``."""
    names = tuple(names) if names is not None else game.seat_names
    return ["–".join(names[s] for s in side) for side in game.sides]


def score_lines_rows(game, names: Sequence[str] | None = None, words: bool = False) -> Rows:
    """Every score line of every finished hand, in the engine's order.

    Columns: ``hand`` (1…), ``side`` (Spades: "North–South"/"East–West") or
    ``seat`` (Oh Hell: int, or the seat's name when ``names`` gives one
    per seat, as a table calls them), ``item`` (text, e.g. "contract made",
    "Nil failed (South)", "bid made"), ``points`` (int, may be negative),
    ``bags`` (Spades only: bags this line adds — the "bags" line of SP-17
    and failed-Nil lines of SP-19, which also score +1 point each),
    ``rule`` (RULES.md id).  The points of a hand's lines for one
    side/seat add up to that hand's points for it.  An empty game gives no
    rows, with these columns.  ``words``: each ``item`` as a person reads it,
    the line's message in the current language (:mod:`engine.text`; the
    score sheet shown on a page), instead of its English name as hand
    records write it.
    """
    spades = _is_spades(game)
    who_col = "side" if spades else "seat"
    labels = who_labels(game, names)
    rows = []
    for r in game.results:
        for line in r.score_lines:
            who = labels[line.who] if (spades or names is not None) else line.who
            # bag lines score +1 point per bag and add that many bags (SP-17, SP-19)
            item = render(line.msg) if words and line.msg is not None else line.item
            rows.append((r.number, who, item, line.points) + ((line.bags,) if spades else ()) + (line.rule,))
    cols = ("hand", who_col, "item", "points") + (("bags",) if spades else ()) + ("rule",)
    dtypes = {"hand": "int64", "points": "int64"}
    if spades:
        dtypes["bags"] = "int64"
    elif names is None:
        dtypes["seat"] = "int64"
    return Rows(cols, tuple(rows), dtypes=dtypes)


def score_lines_frame(game, names: Sequence[str] | None = None, words: bool = False):
    """:func:`score_lines_rows` as a pandas ``DataFrame`` (same columns; int64
    numbers).  ``words``: for a person to read (a chapter's table): each line's
    words and the column heads in the current language (:func:`column_headings`),
    as the score sheet shows them.  ImportError where pandas is missing (the
    browser version)."""
    frame = score_lines_rows(game, names, words).to_frame()
    return frame.rename(columns=column_headings(game, names)) if words else frame


def running_totals_rows(game, names: Sequence[str] | None = None) -> Rows:
    """Scores after each finished hand, one row per hand.

    Columns: ``hand`` (1…), one column per side/seat (see :func:`who_labels`)
    with the running total in points; Spades also ``"North–South bags"`` and
    ``"East–West bags"`` (the bag counter after the hand, 0…9, SP-20).  The
    last row equals ``game.scores`` (and ``game.bags``) once a hand ends.
    """
    labels = who_labels(game, names)
    spades = _is_spades(game)
    cols = ("hand", *labels, *([f"{l} bags" for l in labels] if spades else []))
    rows = tuple((r.number, *r.scores_after, *(r.bags_after if spades else ())) for r in game.results)
    return Rows(cols, rows, dtypes={c: "int64" for c in cols})


def running_totals_frame(game, names: Sequence[str] | None = None, words: bool = False):
    """:func:`running_totals_rows` as a pandas ``DataFrame`` (int64 columns).
    ``words``: the column heads in the current language (:func:`column_headings`),
    for a person to read.  ImportError where pandas is missing (the browser version)."""
    frame = running_totals_rows(game, names).to_frame()
    return frame.rename(columns=column_headings(game, names)) if words else frame


def _start_scores(game) -> list[int]:
    return list(game.start_scores)


def score_figure(game, names: Sequence[str] | None = None) -> go.Figure:
    """Running scores by hand as a plotly figure.

    One line per side (Spades) or seat (Oh Hell), named as in
    :func:`who_labels`, x = hand number starting at 0 (the scores before the
    first hand), y = points.  Spades adds one dashed line per side for its
    bags (named ``"North–South bags"`` …) on a secondary y axis (``y2``).
    """
    totals = running_totals_rows(game, names)
    labels = who_labels(game, names)
    spades = _is_spades(game)
    xs = [0] + totals.column("hand")
    import plotly.graph_objects as go  # noqa: PLC0415 - plotly loads when the first hand is scored, not with the table

    fig = go.Figure()
    start = _start_scores(game)
    for i, label in enumerate(labels):
        fig.add_trace(go.Scatter(x=xs, y=[start[i]] + totals.column(label), name=label,
                                 mode="lines+markers", hovertemplate=say(HOVER_POINTS, **_HOVER)))
    if spades:
        start_bags = list(game.start_bags)
        for i, label in enumerate(labels):
            fig.add_trace(go.Scatter(x=xs, y=[start_bags[i]] + totals.column(f"{label} bags"),
                                     name=say(BAGS_OF, name=label), yaxis="y2", mode="lines+markers",
                                     line={"dash": "dot"}, hovertemplate=say(HOVER_BAGS, **_HOVER)))
        fig.update_layout(yaxis2={"title": {"text": say(COL_BAGS)}, "overlaying": "y",
                                  "side": "right", "range": [-0.5, 10], "autorange": False,
                                  "tickmode": "linear", "tick0": 0, "dtick": 2, "showgrid": False})
    fig.update_layout(
        title={"text": say(TITLE_BAGS if spades else TITLE)},
        xaxis={"title": {"text": say(AXIS_HAND)}, "dtick": 1, "rangemode": "tozero"},
        yaxis={"title": {"text": say(AXIS_POINTS)}},
        legend={"orientation": "h", "y": -0.25},
        margin={"l": 50, "r": 50, "t": 50, "b": 40}, height=360,
    )
    return fig


def column_headings(game, names: Sequence[str] | None = None) -> dict[str, str]:
    """The score tables' column names (:func:`score_lines_rows`,
    :func:`running_totals_rows`) → their heads in the current language (a
    side's or seat's own name is already a name: not listed)."""
    heads = {"hand": say(AXIS_HAND), "side": say(COL_SIDE), "seat": say(COL_SEAT), "item": say(COL_ITEM),
             "points": say(AXIS_POINTS), "bags": say(COL_BAGS), "rule": say(COL_RULE)}
    for label in who_labels(game, names):
        heads[f"{label} bags"] = say(BAGS_OF, name=label)
    return heads


def _chart_text(game, names: Sequence[str] | None = None) -> str:
    """One sentence for the chart: the running totals after the last hand."""
    totals = running_totals_rows(game, names)
    if totals.empty:
        return say(NO_HAND)
    last = dict(zip(totals.columns, totals.rows[-1]))
    parts = [say(SCORE_OF, name=label, points=_minus(last[label])) for label in who_labels(game, names)]
    return say(AFTER_HAND, hand_no=last["hand"], scores=translate(LIST_SEP).join(parts))


def _minus(v: Any) -> Any:
    """A negative number as shown, with a real minus sign ("−40", as the hand's result writes it,
    :func:`tutor.session_words.signed`), not a hyphen; anything else as it is."""
    return f"−{-v}" if isinstance(v, int) and not isinstance(v, bool) and v < 0 else v


def _with_minus(rows: Rows) -> Rows:
    """``rows`` as shown (:func:`_minus`); the rows' data keep their numbers."""
    return replace(rows, rows=tuple(tuple(_minus(v) for v in r) for r in rows.rows))


class ScoreSheet(W.VBox):
    """Score sheet widget: the running totals and itemised score lines as
    HTML tables (:meth:`Rows.to_html <tutor.rows.Rows.to_html>`: no pandas) and the
    chart (:func:`score_figure`) shown by :func:`tutor.charts.figure_output`.  ``ScoreSheet(game)``;
    call :meth:`refresh` after the game changed (or ``refresh(new_game)`` to show
    another game).  ``.line_rows`` and ``.total_rows`` hold the current
    :class:`~tutor.rows.Rows` (``.lines`` and ``.totals``: the same as DataFrames,
    for notebooks), ``.figure`` the plotly Figure and ``.chart`` its Output (both
    None until a hand is scored)."""

    def __init__(self, game, names: Sequence[str] | None = None, **kwargs: Any):
        self.game = game
        self.names = tuple(names) if names is not None else None  # one per seat; None: the engine's
        self.title = W.HTML()
        self.totals_html = W.HTML()
        self.lines_html = W.HTML()
        # The chart is built once a hand has been scored: an empty chart looks broken.
        self.figure: go.Figure | None = None
        self.chart: W.Output | None = None
        self._figure_key: tuple | None = None
        self._chart_slot = W.VBox(layout=W.Layout(width="100%", overflow="visible"))  # the chart, the bags note
        self.line_rows = score_lines_rows(game, self.names)
        self.total_rows = running_totals_rows(game, self.names)
        super().__init__([self.title, self.totals_html, self._chart_slot, self.lines_html], **kwargs)
        self.add_class("tt-scoresheet")
        self.refresh()

    @property
    def lines(self):
        """The score lines as a pandas DataFrame (:func:`score_lines_frame`)."""
        return self.line_rows.to_frame()

    @property
    def totals(self):
        """The running totals as a pandas DataFrame (:func:`running_totals_frame`)."""
        return self.total_rows.to_frame()

    def refresh(self, game=None, names: Sequence[str] | None = None) -> None:
        """Recompute the tables and the chart from ``game`` (default: the one
        given before), with the seats called ``names`` (default: as before)."""
        if game is not None:
            self.game = game
        if names is not None:
            self.names = tuple(names)
        g = self.game
        self.line_rows = score_lines_rows(g, self.names)
        self.total_rows = running_totals_rows(g, self.names)
        name = g.spec.title
        n = len(g.results)
        self.title.value = say_html(HEADING, name=name) + say_html(SCORED, n=n)
        # Scoped to the score tables' own class (the game table widget is ".tt-table": a
        # rule on that name would right-align everything on the game table).
        style = ("<style>.tt-score-table{border-collapse:collapse;font-size:14px}"
                 ".tt-score-table th,.tt-score-table td{padding:2px 10px;text-align:right;"
                 "border-bottom:1px solid #ddd}"
                 ".tt-score-table.tt-lines td:nth-child(2),.tt-score-table.tt-lines td:nth-child(3)"
                 "{text-align:left}.tt-score-table.tt-lines td:last-child{white-space:nowrap}"
                 "@media (max-width:520px){.tt-score-table{font-size:13px}"
                 ".tt-score-table th,.tt-score-table td{padding:2px 4px}}</style>")
        heads = column_headings(g, self.names)
        if n == 0:
            self.totals_html.value = say_html(NOTHING_YET)
            self.lines_html.value = ""
        else:
            self.totals_html.value = (style + f"<div style='overflow-x:auto'>{say_html(RUNNING_TOTALS)}"
                                      + _with_minus(self.total_rows).to_html("tt-score-table", heads)
                                      + "</div>")
            self.lines_html.value = (f"<details open><summary>{say_html(LINES_TITLE)}</summary>"
                                     "<div style='overflow-x:auto'>"
                                     + _with_minus(score_lines_rows(g, self.names, words=True)).to_html(
                                         "tt-score-table tt-lines", heads)
                                     + "</div></details>")
        key = (id(g), n, id(g.results[-1]) if n else None, self.names)
        if key == self._figure_key and (self.figure is not None) == bool(n):
            return  # the chart already shows these hands
        self._figure_key = key
        old = self.chart
        self.figure = score_figure(g, self.names) if n else None
        self.chart = figure_output(self.figure, _chart_text(g, self.names), width="100%") if n else None
        note = [W.HTML(f"<div class='tt-chart-note' style='font-size:13px;opacity:.8;margin:0 0 6px 8px'>"
                       f"{say_html(BAGS_AXIS)}</div>")] if n and _is_spades(g) else []
        self._chart_slot.children = (self.chart, *note) if self.chart is not None else ()
        if old is not None:
            old.close()
