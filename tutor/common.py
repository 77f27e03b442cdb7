"""Helpers shared by the tutor's widgets: feedback boxes and guarded callbacks.

An exception inside a widget callback would vanish in Voila; :func:`guarded`
catches it, logs it, and shows a short message in the widget instead.
"""
from __future__ import annotations

import functools
import html
import logging
from typing import Any, Callable

import ipywidgets as W

from engine import Verdict

__all__ = ["guarded", "Feedback", "verdict_html"]

log = logging.getLogger("tutor")


class Feedback(W.HTML):
    """A feedback line: ``show_ok``, ``show_error``, ``show_info``,
    ``show_verdict``.  The last message's kind is in ``.kind`` ("ok",
    "error", "info", "bug") and its plain text in ``.text`` (for tests)."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.kind = ""
        self.text = ""
        self.add_class("tt-feedback")

    def _set(self, kind: str, text: str, extra_html: str = "") -> None:
        colours = {"ok": ("#e8f5e9", "#1b5e20", "✓"), "error": ("#fdecea", "#8a1c1c", "✗"),
                   "info": ("#e8f0fe", "#1a3e72", "ℹ"), "bug": ("#fff4e5", "#7a4100", "⚠")}
        bg, fg, icon = colours[kind]
        self.kind, self.text = kind, text
        self.value = (f'<div role="status" aria-live="polite" class="tt-msg tt-{kind}" '
                      f'style="background:{bg};color:{fg};padding:8px 12px;border-radius:6px;'
                      f'font-size:15px;line-height:1.4;margin:4px 0">'
                      f'<span aria-hidden="true" style="font-weight:bold">{icon}</span> '
                      f'{html.escape(text)}{extra_html}</div>')

    def show_ok(self, text: str) -> None:
        self._set("ok", text)

    def show_error(self, text: str) -> None:
        self._set("error", text)

    def show_info(self, text: str) -> None:
        self._set("info", text)

    def show_bug(self, text: str) -> None:
        self._set("bug", text)

    def show_verdict(self, v: Verdict, prefix: str = "", text: str | None = None,
                     kind: str | None = None) -> None:
        """Green for an OK verdict, red for a refusal.  The rule id appears
        once, as the ``[SP-14]`` badge: a "(SP-14)" in the message (or in
        ``text``, a caller's wording of it) is dropped."""
        words = prefix + (v.message if text is None else text)
        rule = ""
        if v.rule:
            words = words.replace(f" ({v.rule})", "")
            rule = f' <span class="tt-rule" style="font-family:monospace">[{html.escape(v.rule)}]</span>'
        self._set(kind or ("ok" if v.ok else "error"), words, rule)

    def clear(self) -> None:
        self.kind, self.text, self.value = "", "", ""


def verdict_html(v: Verdict) -> str:
    """A verdict as a short HTML fragment (message and rule id)."""
    return f"{html.escape(v.message)} <code>{html.escape(v.rule)}</code>"


def guarded(feedback_attr: str = "feedback") -> Callable:
    """Decorate a widget method used as a callback: any exception is logged
    and shown as a short note in ``self.<feedback_attr>`` (a :class:`Feedback`),
    never swallowed silently and never raised into the widget machinery."""
    def deco(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            try:
                return fn(self, *args, **kwargs)
            except Exception as e:  # noqa: BLE001 - shown to the learner, logged for us
                log.exception("error in %s", fn.__qualname__)
                fb = getattr(self, feedback_attr, None)
                if fb is not None:
                    fb.show_bug(f"Something went wrong ({type(e).__name__}: {e}). "
                                f"Your game is unchanged; please try again.")
                return None
        return wrapper
    return deco
