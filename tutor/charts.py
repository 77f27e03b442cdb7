"""A plotly chart on a page: :func:`figure_output` (the "Show me" chart, the review's, the score sheet's).

The chart travels as plotly's MIME bundle in an ``ipywidgets.Output``, drawn by
the jupyterlab-plotly renderer in Voila, JupyterLab and the static site.  Two
things the renderer does not do for a phone are done here:

* the chart's title is written above the chart as HTML (``.tt-chart-title``),
  where a long title wraps to the width of the screen, instead of in the
  chart's SVG, where it is cut at the edge (a title in Somali or Cebuano is
  longer than the English);
* the chart's box keeps the chart's height: plotly's resize, which the
  renderer calls once the chart is drawn, drops a height given without a
  width and sizes the chart to its box, and a box in an output area has no
  height of its own (the chart shrank to 0 px a second after it was drawn).
  ``tutor/static/cards.css`` gives the box of a chart of each height of
  :data:`CHART_HEIGHTS` that height (``.tt-plotly-h<height>``), so the chart
  keeps it and still follows the page's width.
"""
from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

import ipywidgets as W

if TYPE_CHECKING:  # plotly is imported when a chart is first drawn
    import plotly.graph_objects as go

__all__ = ["figure_output", "PLOTLY_MIME", "CHART_HEIGHTS"]

#: the MIME type of a plotly figure, drawn by the jupyterlab-plotly renderer
PLOTLY_MIME = "application/vnd.plotly.v1+json"
#: The heights (px) of the charts the tutor draws in an output (the review 340, the score sheet 360,
#: "Show me" 400): each has its rule in tutor/static/cards.css (``.tt-plotly-h<height>``).
CHART_HEIGHTS = (340, 360, 400)


def figure_output(fig: go.Figure | dict[str, Any], text: str = "", width: str | None = None) -> W.Output:
    """``fig`` (a plotly figure, or its JSON as a dict) in an
    ``ipywidgets.Output``: its title (if any) as an HTML heading, then one
    display of plotly's MIME bundle (plus ``text`` as its plain-text form).
    Nothing but the figure's JSON travels to the browser; the renderer's
    plotly.js is a static file the browser loads once and caches.
    ``width``: the output's CSS width ("100%": as wide as its column).  The
    figure itself is not changed."""
    out = W.Output() if width is None else W.Output(layout=W.Layout(width=width))
    bundle = dict(fig) if isinstance(fig, dict) else json.loads(fig.to_json())
    bundle["config"] = {"displayModeBar": False, "responsive": True}
    layout = dict(bundle.get("layout") or {})
    title = layout.get("title")
    heading = title.get("text") if isinstance(title, dict) else None
    outputs: list[dict[str, Any]] = []
    if heading:
        layout["title"] = {**(title if isinstance(title, dict) else {}), "text": ""}
        outputs.append({"output_type": "display_data", "metadata": {},
                        "data": {"text/html": f'<div class="tt-chart-title">{html.escape(str(heading))}</div>',
                                 "text/plain": str(heading)}})
    bundle["layout"] = layout
    height = layout.get("height")
    if height in CHART_HEIGHTS:
        out.add_class(f"tt-plotly-h{height}")
    outputs.append({"output_type": "display_data", "metadata": {},
                    "data": {PLOTLY_MIME: bundle, "text/plain": text or "a plotly chart"}})
    out.outputs = tuple(outputs)
    return out
