"""Trick Tutor's widgets (ipywidgets/anywidget), built on :mod:`engine`.

Import the pieces you need (``from tutor.drills import FollowSuitDrill``);
importing :mod:`tutor` itself loads nothing from Jupyter, so the
``tricktutor`` command works without the app extra.
"""

import sys as _sys

# jsonschema (pulled in by plotly's FigureWidget through nbformat) imports the
# optional package rfc3987_syntax when it is installed, and that import builds
# a parser grammar: 5-7 s on a small machine, at every kernel start.  Nothing
# here validates IRIs, so the tutor's kernels skip that optional checker.
if "jsonschema" not in _sys.modules:
    _sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
