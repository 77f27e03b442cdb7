"""Trick Tutor's widgets (ipywidgets/anywidget), built on :mod:`engine`.

Import the pieces you need (``from tutor.drills import FollowSuitDrill``);
importing :mod:`tutor` itself loads nothing from Jupyter, so the
``tricktutor`` command works without the app extra.
"""
