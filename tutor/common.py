"""Helpers shared by the tutor's widgets: feedback boxes, guarded callbacks,
and a signal that the browser is idle.

An exception inside a widget callback would vanish in Voila; :func:`guarded`
catches it, logs it, and shows a short message in the widget instead.
:class:`WhenIdle` tells Python when the page has been shown and the browser
has nothing to do, for work that should not slow the first view (loading
plotly's renderer before the first chart is asked for).

Every word shown here is a catalogue entry of the tutor (:mod:`tutor.text`),
said in the current language when it is shown.  A verdict is shown from its
message (:attr:`engine.verdict.Verdict.msg`): :func:`verdict_words` says it
without its own citation of the rule when the rule id stands beside it as a
badge.
"""
from __future__ import annotations

import functools
import html
import importlib
import logging
import sys
import threading
import time
from typing import Any, Callable, TypeVar

import anywidget
import ipywidgets as W
import traitlets

from engine import Verdict

from .text import M_, say
from .text.verdicts import verdict_words

__all__ = ["guarded", "Feedback", "verdict_html", "DETAILS_TITLE", "WhenIdle",
           "import_in_background", "run_in_background"]

log = logging.getLogger("tutor")

# TRANSLATORS: the title of the folded-away technical details under a message.
DETAILS_TITLE = M_("common.details", "Details")
# TRANSLATORS: shown when a button's action failed unexpectedly; {error} is the technical error
# ("KeyError: 3"), kept as it is.
SOMETHING_WRONG = M_("common.something_wrong", "Something went wrong ({error}). Your game is unchanged; "
                                               "please try again.")


class Feedback(W.HTML):
    """A feedback line: ``show_ok``, ``show_error``, ``show_info``,
    ``show_verdict``.  The last message's kind is in ``.kind`` ("ok",
    "error", "info", "bug"), its plain text in ``.text`` and its folded-away
    details in ``.details`` (for tests).  One message at a time: each
    replaces the last."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.kind = ""
        self.text = ""
        self.details = ""
        self.add_class("tt-feedback")

    def _set(self, kind: str, text: str, extra_html: str = "", details: str = "",
             details_title: str | None = None) -> None:
        colours = {"ok": ("#e8f5e9", "#1b5e20", "✓"), "error": ("#fdecea", "#8a1c1c", "✗"),
                   "info": ("#e8f0fe", "#1a3e72", "ℹ"), "bug": ("#fff4e5", "#7a4100", "⚠")}
        bg, fg, icon = colours[kind]
        self.kind, self.text, self.details = kind, text, details
        title = say(DETAILS_TITLE) if details_title is None else details_title
        folded = (f'<details class="tt-msg-details" style="margin:4px 0 0;font-size:13px">'
                  f'<summary style="cursor:pointer">{html.escape(title)}</summary>'
                  f'<div style="overflow-wrap:anywhere">{html.escape(details)}</div></details>') if details else ""
        self.value = (f'<div role="status" aria-live="polite" class="tt-msg tt-{kind}" '
                      f'style="background:{bg};color:{fg};padding:8px 12px;border-radius:6px;'
                      f'font-size:15px;line-height:1.4;margin:4px 0">'
                      f'<span aria-hidden="true" style="font-weight:bold">{icon}</span> '
                      f'{html.escape(text)}{extra_html}{folded}</div>')

    def show_ok(self, text: str) -> None:
        self._set("ok", text)

    def show_error(self, text: str, details: str = "", details_title: str | None = None) -> None:
        """A refusal in one plain sentence; ``details`` (technical words, such
        as a parser's) folded away under ``details_title`` (default :data:`DETAILS_TITLE`)."""
        self._set("error", text, details=details, details_title=details_title)

    def show_info(self, text: str) -> None:
        self._set("info", text)

    def show_bug(self, text: str) -> None:
        self._set("bug", text)

    def show_verdict(self, v: Verdict, prefix: str = "", text: str | None = None,
                     kind: str | None = None) -> None:
        """Green for an OK verdict, red for a refusal.  The rule id appears
        once, as the ``[SP-14]`` badge: the verdict's sentence is said
        without its own citation (:func:`verdict_words`).  ``text``: the
        caller's sentence about the verdict instead (already without the
        citation), after ``prefix``."""
        words = prefix + (verdict_words(v.msg, v.rule) if text is None else text)
        rule = ""
        if v.rule:
            rule = f' <span class="tt-rule" style="font-family:monospace">[{html.escape(v.rule)}]</span>'
        self._set(kind or ("ok" if v.ok else "error"), words, rule)

    def clear(self) -> None:
        self.kind, self.text, self.details, self.value = "", "", "", ""


def verdict_html(v: Verdict) -> str:
    """A verdict as a short HTML fragment (message and rule id)."""
    return f"{html.escape(v.message)} <code>{html.escape(v.rule)}</code>"


F = TypeVar("F", bound=Callable[..., Any])


def guarded(feedback_attr: str = "feedback") -> Callable[[F], F]:
    """Decorate a widget method used as a callback: any exception is logged
    and shown as a short note in ``self.<feedback_attr>`` (a :class:`Feedback`,
    :data:`SOMETHING_WRONG`), never swallowed silently and never raised into
    the widget machinery."""
    def deco(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except Exception as e:  # shown to the learner, logged for us
                log.exception("error in %s", fn.__qualname__)
                fb = getattr(self, feedback_attr, None)
                if fb is not None:
                    fb.show_bug(say(SOMETHING_WRONG, error=f"{type(e).__name__}: {e}"))
                return None
        return wrapper  # type: ignore[return-value]
    return deco


_IDLE_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";
  let idle = null;
  const go = () => { idle = null; model.send({ type: "idle" }); };
  const timer = setTimeout(() => {
    if (window.requestIdleCallback) idle = window.requestIdleCallback(go, { timeout: 5000 });
    else go();
  }, model.get("delay_ms"));
  return () => { clearTimeout(timer); if (idle !== null && window.cancelIdleCallback) window.cancelIdleCallback(idle); };
}
export default { render };
"""


class WhenIdle(anywidget.AnyWidget):
    """An invisible widget: once shown in a page, ``delay_ms`` later, when
    the browser is idle, it calls each ``on_idle`` callback (once per
    widget, the first page only).  Headless (no browser) it never fires;
    :meth:`fire` does it by hand."""

    _esm = _IDLE_ESM
    delay_ms = traitlets.Int(1500).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[], Any]] = []
        self.fired = False
        self.on_msg(self._on_msg)

    def on_idle(self, callback: Callable[[], Any]) -> None:
        self._callbacks.append(callback)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "idle":
            self.fire()

    def fire(self) -> None:
        """Call the callbacks (once)."""
        if self.fired:
            return
        self.fired = True
        for cb in self._callbacks:
            try:
                cb()
            except Exception:  # a warm-up must never break the page
                log.exception("idle callback %r failed", cb)


_warming: set[str] = set()


def _start(thread: threading.Thread) -> bool:
    """Start ``thread``; False where Python cannot start threads (the static
    site's Python in the browser, Pyodide: "can't start new thread"), so a
    warm-up is simply skipped there and its work done when it is needed."""
    try:
        thread.start()
    except RuntimeError:
        log.info("no threads here: %s skipped", thread.name)
        return False
    return True


def import_in_background(*modules: str, delay: float = 0.0) -> threading.Thread | None:
    """Import ``modules`` in a daemon thread (each at most once per process),
    ``delay`` seconds from now, so that a later ``import`` of them is
    instant: what the table needs when a hand ends (the score sheet, the
    review's solvers) is loaded while the learner plays, not after the last
    card.  Returns the thread, or None when there is nothing left to import.
    A failed import is logged and tried again, in the foreground, where it
    is needed."""
    todo = [m for m in modules if m not in sys.modules and m not in _warming]
    if not todo:
        return None
    _warming.update(todo)

    def run() -> None:
        if delay > 0:
            time.sleep(delay)
        for name in todo:
            try:
                importlib.import_module(name)
            except Exception:  # the real import, later, reports it
                log.info("background import of %s failed", name, exc_info=True)

    thread = threading.Thread(target=run, name="tt-import", daemon=True)
    if not _start(thread):
        _warming.difference_update(todo)  # imported in the foreground, where it is needed
        return None
    return thread


_ran: set[Callable[[], Any]] = set()


def run_in_background(fn: Callable[[], Any], delay: float = 0.0) -> threading.Thread | None:
    """Run ``fn()`` once per process in a daemon thread, ``delay`` seconds
    from now (a warm-up, such as :func:`tutor.advice.warm_up_plotly`); an
    exception is logged, never raised.  Returns the thread, or None when
    ``fn`` has run (or is running) already."""
    if fn in _ran:
        return None
    _ran.add(fn)

    def run() -> None:
        if delay > 0:
            time.sleep(delay)
        try:
            fn()
        except Exception:  # a warm-up must never break anything
            log.info("background %s failed", getattr(fn, "__name__", fn), exc_info=True)

    thread = threading.Thread(target=run, name="tt-warm-up", daemon=True)
    return thread if _start(thread) else None
