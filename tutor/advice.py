"""The bid advisor's "show me" view: how many tricks this hand took over
many sampled deals, as a plotly bar chart (issue 6).

* :func:`show_me_figure` — a :class:`~engine.bots.advisor.ShowMe` as a
  ``plotly.graph_objects.Figure``.
* :func:`show_me_summary` — the same in one line of plain text.
* :class:`AdvicePanel` — a "Show me" button that runs
  :func:`engine.bots.advisor.show_me` on the current
  :class:`~engine.game.SeatView` and shows the chart and the summary line.
  The chart is an ``ipywidgets.Output`` holding the figure as plotly's
  MIME bundle (``application/vnd.plotly.v1+json``), drawn by the
  jupyterlab-plotly renderer that ships with plotly (no network access).
  A ``go.FigureWidget`` would carry the whole plotly.js bundle (about
  5 MB) to the browser with every new chart: 2.3–2.6 s per click in
  headless Chromium at 1280×800, against well under a second this way.  Used by :class:`tutor.drills.BiddingDrill` and, as a hint,
  by :class:`tutor.table.GameTable`.

The numbers all come from the engine's advisor; this module only draws them.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as W

from .charts import PLOTLY_MIME, figure_output
from .common import Feedback, WhenIdle, guarded, run_in_background
from .text import M_, P_, say

# TRANSLATORS: the button that charts how many tricks the learner's hand takes over many sampled deals.
SHOW_ME = M_("advice.show_me", "Show me")
# TRANSLATORS: the tooltip of the "Show me" button.
SHOW_ME_TIP = M_("advice.show_me.tip", "Play many sampled deals of the hidden cards and chart the tricks this hand takes")
# TRANSLATORS: "Show me" pressed when the learner is not bidding.
UNAVAILABLE = M_("advice.unavailable", "Show me is about your bid: ask when it is your turn to bid.")
# TRANSLATORS: what the chart's red note measures: in Oh Hell, taking a trick after bidding 0 (OH-11).
RISK_ZERO = M_("advice.risk.zero", "risk in bidding 0")
# TRANSLATORS: as above, for a Blind Nil (Spades, SP-10).
RISK_BLIND_NIL = M_("advice.risk.blind_nil", "Blind Nil risk")
# TRANSLATORS: as above, for a Nil (Spades, SP-8).
RISK_NIL = M_("advice.risk.nil", "Nil risk")
# TRANSLATORS: the summary under "Show me" when no deal could be sampled.
SUMMARY_NONE = M_("advice.summary.none", "No sampled deal could be made for this hand.")
# TRANSLATORS: the summary's first part: {n} deals sampled, {mean} the average number of tricks ("3.1").
SUMMARY_MEAN = P_("advice.summary.mean", "Over {n} sampled deal this hand took {mean} tricks on average",
                  "Over {n} sampled deals this hand took {mean} tricks on average")
# TRANSLATORS: the summary's second part: the hand took exactly {bid} tricks in {pct} ("31%") of the deals.
SUMMARY_EXACT = M_("advice.summary.exact", "exactly {bid} in {pct}")
# TRANSLATORS: the summary's risk part: {label} one of the risk labels above, {pct} a share ("12%").
SUMMARY_RISK = M_("advice.summary.risk", "{label} {pct}")
# TRANSLATORS: between the parts of the summary; keep the space.
SUMMARY_SEP = M_("advice.summary.sep", "; ")
# TRANSLATORS: the chart's title: {n} deals sampled.
CHART_TITLE = P_("advice.chart.title", "Tricks taken over {n} sampled deal", "Tricks taken over {n} sampled deals")
# TRANSLATORS: the chart's horizontal axis.
CHART_X = M_("advice.chart.x", "tricks taken")
# TRANSLATORS: the chart's vertical axis (a share of the deals, 0–100%).
CHART_Y = M_("advice.chart.y", "chance")
# TRANSLATORS: the bars' name in the legend: the tricks the hand took when played for the bid {bid}.
CHART_BARS = M_("advice.chart.bars", "tricks taken playing for {bid}")
# TRANSLATORS: what a bar says under the pointer: {tricks} tricks were taken in {deals} deals, {share} of them
# ("31%"). The three values are filled in by the chart itself.
CHART_BAR_HOVER = M_("advice.chart.bar_hover", "{tricks} tricks: {deals} deals ({share})")
# TRANSLATORS: Oh Hell's second series in the legend: the chance of taking exactly b tricks when bidding b (OH-11).
CHART_EXACT = M_("advice.chart.exact", "chance of exactly b when bidding b")
# TRANSLATORS: what that series' bar says under the pointer: bid {bid} made exactly in {share} of the deals.
CHART_EXACT_HOVER = M_("advice.chart.exact_hover", "bid {bid}: made exactly in {share} of the deals")
# TRANSLATORS: the chart's red note: {label} a risk label above, {pct} a share ("12%"); <br> is a line break.
CHART_RISK = M_("advice.chart.risk", "{label}: took a trick in {pct}<br>of the deals playing for 0")
# TRANSLATORS: under the bar of the bid the hand was played for (a seat's own bid, or the advisor's); short.
TICK_PLAYED_FOR = M_("advice.tick.played_for", "played for")
# TRANSLATORS: under the bar of a Blind Nil (SP-10); short.
TICK_BLIND_NIL = M_("advice.tick.blind_nil", "Blind Nil")
# TRANSLATORS: under the bar where the learner's bid and the advisor's agree; <br> a line break; short.
TICK_BOTH = M_("advice.tick.both", "you +<br>advisor")
# TRANSLATORS: under the advisor's suggested bid; short.
TICK_ADVISOR = M_("advice.tick.advisor", "advisor")
# TRANSLATORS: under the learner's own bid; short.
TICK_YOU = M_("advice.tick.you", "you")

if TYPE_CHECKING:  # the advisor is imported when the button is pressed, plotly when a chart is drawn
    import plotly.graph_objects as go

    from engine.bots.advisor import ShowMe
    from engine.game import SeatView

__all__ = ["show_me_figure", "show_me_summary", "risk_label", "AdvicePanel", "ShowMeButton", "figure_output",
           "tricks_text", "count_lines", "COUNT_LINE",
           "BAR_COLOUR", "BID_COLOUR", "EXACT_COLOUR", "LEARNER_COLOUR", "PLOTLY_MIME"]

#: colour of the distribution's bars
BAR_COLOUR = "#4c78a8"
#: colour (and hatching, for colour-blind learners) of the bar at the bid
BID_COLOUR = "#f58518"
#: colour of the Oh Hell "exactly b when bidding b" series
EXACT_COLOUR = "#54a24b"
#: colour (and cross-hatching) of the bar at the learner's own bid, when it differs from the suggestion
LEARNER_COLOUR = "#7b3294"


def tricks_text(v: float) -> str:
    """A trick value as a learner reads it: ``+1``, ``+0.8``, ``−0.3``."""
    t = f"{abs(v):.1f}".rstrip("0").rstrip(".")
    return ("−" if v < 0 else "+") + t


#: One line of the advisor's count with its value ({line}: the advisor's words; {value}: "+0.8").
COUNT_LINE = "{line} ({value})"


def count_lines(lines) -> list[str]:
    """The advisor's ``(text, value)`` lines as a learner reads them:
    "K♥ with three small: wins about half the time (+0.5)"; a line of no
    value (a reason for a Nil) as it is."""
    return [COUNT_LINE.format(line=t, value=tricks_text(v)) if v else str(t) for t, v in lines]


def _pct(p: float | None) -> str:
    return f"{round(100 * (p or 0.0))}%"


def risk_label(s: ShowMe) -> str | None:
    """What ``s.nil_risk`` measures, as a short label: ``"Blind Nil risk"``
    (Spades, hand not looked at, SP-10), ``"Nil risk"`` (Spades SP-8),
    ``"risk in bidding 0"`` (Oh Hell: taking a trick after bidding 0,
    OH-11); None when there is no risk to show."""
    if s.nil_risk is None:
        return None
    if s.exact:
        return say(RISK_ZERO)
    return say(RISK_BLIND_NIL) if s.blind else say(RISK_NIL)


def _x_max(s: ShowMe, learner_bid: int | None = None) -> int:
    """The highest trick count drawn: the last one any deal reached, the bid,
    the learner's bid or the highest Oh Hell bid shown, whichever is largest."""
    seen = [k for k, c in enumerate(s.counts) if c]
    mine = [learner_bid] if learner_bid is not None else []
    return max([0, s.bid, *seen, *s.exact.keys(), *mine])


def warm_up_plotly() -> None:
    """Import plotly and make one figure with a bar (its first figure takes a
    good part of a second: validators are built on first use), so that the
    first "Show me" chart comes at once."""
    import plotly.graph_objects as go  # noqa: PLC0415

    go.Figure(go.Bar(x=[0], y=[0])).update_layout(title={"text": ""})


def show_me_figure(s: ShowMe, learner_bid: int | None = None) -> go.Figure:
    """A bar chart of ``s`` (an :class:`engine.bots.advisor.ShowMe`).

    Trace 0, ``"tricks taken playing for b"``: x = tricks 0 … the highest
    count reached (or the bid, if higher), y = ``s.chance[x]`` (a share of
    the ``s.samples`` deals, 0–1); the bar at ``x == s.bid`` is drawn in
    :data:`BID_COLOUR` with hatching, the others in :data:`BAR_COLOUR`;
    each non-zero bar is labelled with its percentage.
    Oh Hell (``s.exact`` not empty, OH-11): trace 1, ``"chance of exactly b
    when bidding b"``, x = every legal bid b, y = ``s.exact[b]``, grouped
    beside trace 0.  Spades Nil / Blind Nil (SP-8, SP-10) or an Oh Hell bid
    of 0: one annotation with ``s.nil_risk`` (the chance of taking a trick
    when playing for none).  Title: ``"Tricks taken over N sampled deals"``.

    ``learner_bid`` (the learner's own bid, if made): when it differs from
    ``s.bid`` its bar is drawn in :data:`LEARNER_COLOUR`, cross-hatched.
    The x-axis labels name both: "advisor" under the suggested bid, "you"
    under the learner's (one label "you + advisor" when they agree).  Without
    ``learner_bid`` the bar at ``s.bid`` is labelled "played for" ("Blind
    Nil" for an unlooked hand).
    """
    import plotly.graph_objects as go  # noqa: PLC0415 - plotly loads when a chart is first drawn

    xmax = _x_max(s, learner_bid)
    xs = list(range(xmax + 1))
    ys = [s.chance[k] if k < len(s.chance) else 0.0 for k in xs]
    counts = [s.counts[k] if k < len(s.counts) else 0 for k in xs]
    fig = go.Figure()
    fig.add_trace(go.Bar(
        x=xs, y=ys, name=say(CHART_BARS, bid=s.bid), customdata=counts,
        marker={"color": [BID_COLOUR if k == s.bid else LEARNER_COLOUR if k == learner_bid else BAR_COLOUR
                          for k in xs],
                "pattern": {"shape": ["/" if k == s.bid else "x" if k == learner_bid else "" for k in xs]}},
        text=[_pct(y) if y else "" for y in ys], textposition="outside",
        hovertemplate=say(CHART_BAR_HOVER, tricks="%{x}", deals="%{customdata}", share="%{y:.0%}") + "<extra></extra>"))
    if s.exact:
        bids = sorted(s.exact)
        fig.add_trace(go.Bar(
            x=bids, y=[s.exact[b] for b in bids], name=say(CHART_EXACT),
            marker={"color": EXACT_COLOUR}, text=[_pct(s.exact[b]) if s.exact[b] else "" for b in bids],
            textposition="outside",
            hovertemplate=say(CHART_EXACT_HOVER, bid="%{x}", share="%{y:.0%}") + "<extra></extra>"))
    label = risk_label(s)
    if label is not None:
        fig.add_annotation(
            text=say(CHART_RISK, label=label, pct=_pct(s.nil_risk)), xref="paper", yref="paper",
            x=1.0, y=1.0, xanchor="right", yanchor="bottom", showarrow=False,
            font={"size": 12, "color": "#8a1c1c"}, bgcolor="#fdecea", align="right")
    top = max([*ys, *s.exact.values(), 0.0])
    ticks = [str(k) for k in xs]
    if learner_bid is None:  # the bid the hand was played for: the seat's own, or the advisor's
        word = say(TICK_BLIND_NIL) if s.blind else say(TICK_PLAYED_FOR)
    else:  # the drill: s.bid is the advisor's suggestion, learner_bid the learner's own
        word = say(TICK_BOTH) if learner_bid == s.bid else say(TICK_ADVISOR)
    ticks[s.bid] += f"<br><span style='color:{BID_COLOUR}'><b>{word}</b></span>"
    if learner_bid is not None and learner_bid != s.bid:
        ticks[learner_bid] += f"<br><span style='color:{LEARNER_COLOUR}'><b>{say(TICK_YOU)}</b></span>"
    fig.update_layout(
        title={"text": say(CHART_TITLE, n=s.samples), "font": {"size": 14}, "x": 0.02},
        xaxis={"title": {"text": say(CHART_X), "font": {"size": 12}, "standoff": 8},
               "tickmode": "array", "tickvals": xs, "ticktext": ticks, "tickangle": 0, "automargin": True},
        yaxis={"title": {"text": say(CHART_Y)}, "tickformat": ".0%", "range": [0, min(1.12, top * 1.2) or 1.0]},
        barmode="group", bargap=0.2, showlegend=bool(s.exact),
        legend={"orientation": "h", "y": -0.45, "yanchor": "top"},
        margin={"l": 50, "r": 10, "t": 80, "b": 60}, height=400,
    )
    return fig


def show_me_summary(s: ShowMe) -> str:
    """One line of plain text, e.g. ``"Over 100 sampled deals this hand took
    3.1 tricks on average; exactly 3 in 31%; Nil risk 12%"`` (the risk part
    only where :func:`risk_label` has one)."""
    if s.samples == 0:
        return say(SUMMARY_NONE)
    parts = [say(SUMMARY_MEAN, n=s.samples, mean=f"{s.mean:.1f}"),
             say(SUMMARY_EXACT, bid=s.bid, pct=_pct(s.chance[s.bid] if s.bid < len(s.chance) else 0.0))]
    label = risk_label(s)
    if label is not None:
        parts.append(say(SUMMARY_RISK, label=label, pct=_pct(s.nil_risk)))
    return say(SUMMARY_SEP).join(parts)


class AdvicePanel(W.VBox):
    """A "Show me" button with the chart and summary it produces.

    ``AdvicePanel(get_view)``: ``get_view()`` returns the
    :class:`~engine.game.SeatView` to study (the learner's, in the bidding),
    or None when there is nothing to show now (the panel then says
    ``unavailable``, a string or a function returning one).  ``samples``, ``seed`` and ``budget_ms`` go to
    :func:`engine.bots.advisor.show_me` (about ``budget_ms`` milliseconds per
    click).  ``learner_bid()`` (optional) returns the learner's own bid, marked
    on the chart beside the suggestion.  State after a click: ``result`` (the ShowMe), ``figure`` (the
    plotly Figure), ``chart`` (an ``Output`` showing it, :func:`figure_output`, in :attr:`chart_box`),
    ``summary_text`` (plain text).  :meth:`click` presses the button
    (headless); :meth:`clear` removes the chart.  ``with_button=False``
    leaves :attr:`button` out of the panel, for the caller to place it
    (the game table puts it beside "Hint").
    """

    def __init__(self, get_view: Callable[[], SeatView | None], *, samples: int = 100, seed: int | None = 0,
                 budget_ms: float = 900.0,
                 unavailable: str | Callable[[], str] = lambda: say(UNAVAILABLE),
                 with_button: bool = True, learner_bid: Callable[[], int | None] | None = None,
                 warm_up: str = "now", **kwargs: Any):
        if warm_up not in ("now", "idle"):
            raise ValueError(f"warm_up must be 'now' or 'idle', not {warm_up!r}")
        self.get_view = get_view
        self.get_learner_bid = learner_bid
        self.samples = samples
        self.seed = seed
        self.budget_ms = budget_ms
        self.unavailable = unavailable
        self.result: ShowMe | None = None
        self.figure: go.Figure | None = None
        self.chart: W.Output | None = None
        self.summary_text = ""
        self.button = W.Button(description=say(SHOW_ME), icon="bar-chart", tooltip=say(SHOW_ME_TIP))
        self.button.on_click(self._on_show)
        self.feedback = Feedback()
        self.summary = W.HTML()
        self.chart_box = W.Box()
        self.chart_box.add_class("tt-show-me-chart")
        # an empty chart, never shown: the browser loads plotly's renderer (about
        # half a second of its time) while the learner reads the hand, not after
        # "Show me" is pressed; and plotly is loaded in the kernel.  warm_up
        # "now": with the panel (the bidding drill, whose chart is its point);
        # "idle": once the page is shown and the browser idle (the game table,
        # which opens sooner without it)
        self._warm_up: W.Output | None = None
        parts = [self.feedback, self.summary, self.chart_box]
        if warm_up == "idle":
            self._idle = WhenIdle()
            self._idle.on_idle(self._send_warm_up)
            parts.append(self._idle)
        else:
            self._send_warm_up(parts)
        super().__init__([self.button, *parts] if with_button else parts, **kwargs)
        self.add_class("tt-show-me")

    def _send_warm_up(self, parts: list | None = None) -> None:
        if self._warm_up is not None:
            return
        self._warm_up = figure_output({"data": [], "layout": {}}, "")
        self._warm_up.layout.display = "none"
        if parts is not None:
            parts.append(self._warm_up)
        else:
            self.children = (*self.children, self._warm_up)  # type: ignore[has-type]
        run_in_background(warm_up_plotly)

    def click(self) -> None:
        """Press "Show me" (headless)."""
        self.button.click()

    def relabel(self) -> None:
        """The button in the current language (after the page's language changed); the chart and its
        words, in the language before, are removed (:meth:`clear`)."""
        self.button.description, self.button.tooltip = say(SHOW_ME), say(SHOW_ME_TIP)
        self.clear()

    def clear(self) -> None:
        """Remove the chart, summary and note (a new hand, or not the learner's turn)."""
        self.result = None
        self.figure = None
        self.summary_text = ""
        self.summary.value = ""
        self.feedback.clear()
        self._set_chart(None)

    def _set_chart(self, widget: W.Output | None) -> None:
        old = self.chart
        self.chart = widget
        self.chart_box.children = (widget,) if widget is not None else ()
        if old is not None:
            old.close()

    @guarded()
    def _on_show(self, _button=None) -> None:
        view = self.get_view()
        if view is None:
            self.clear()
            self.feedback.show_info(self.unavailable() if callable(self.unavailable) else self.unavailable)
            return
        from engine.bots.advisor import show_me  # noqa: PLC0415 - optional engine module
        self.button.disabled = True
        try:
            s = show_me(view, samples=self.samples, seed=self.seed, budget_ms=self.budget_ms)
        finally:
            self.button.disabled = False
        self.feedback.clear()
        self.result = s
        mine = self.get_learner_bid() if self.get_learner_bid is not None else None
        self.figure = show_me_figure(s, learner_bid=mine)
        self.summary_text = show_me_summary(s)
        self.summary.value = (f'<div class="tt-show-me-summary" style="font-size:14px;margin:2px 0">'
                              f'{html.escape(self.summary_text)}.</div>')
        self._set_chart(figure_output(self.figure, self.summary_text))


#: the panel is a "Show me" button first of all
ShowMeButton = AdvicePanel
