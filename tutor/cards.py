"""A row of playing cards as a Jupyter widget (anywidget), drawn with HTML/CSS only.

Card codes are two characters, rank then suit: rank in ``23456789TJQKA``,
suit in ``CDHS``.  ``"TH"`` is the ten of hearts, displayed ``10♥``.

Example::

    from tutor.cards import CardHand

    hand = CardHand(cards=["AS", "TH", "2C", "QD"], playable=["AS", "2C"],
                    label="Your hand")
    hand.on_click(lambda card: print("clicked", card))
    hand

Semantics of the list traits:

* ``playable`` -- cards to mark as playable.  When it is non-empty, every card
  of ``cards`` not in it is dimmed (and announced "..., not playable") but
  stays clickable, so a learner can click an illegal card to ask "why not?".
  An *empty* ``playable`` means "no playability marking": nothing is dimmed
  (use ``disabled`` for "nothing can be clicked right now").
* ``highlighted`` -- extra emphasis ring.
* ``selected`` -- multi-select state; with ``multi_select=True`` a click toggles
  the card's membership (the browser updates the trait, Python sees it) and
  also fires the click callbacks.

Other traits: ``disabled`` (nothing can be clicked right now: the cards stay
readable, marked inert), ``show_only`` (cards to look at, never to click --
the cards of a trick on the table, a led card: drawn at full contrast, each
announced as a picture of the card, not a button, and not in the Tab order),
``face_down`` (card backs), ``size`` ("auto", "small", "large"),
``four_colour``, ``label`` (the row's accessible name), ``error``.

Cards inside ordinary HTML (an ``ipywidgets.HTML`` table) look the same with
:func:`cards_html` (the CSS comes with the first CardHand on the page).  The
cards' names and HTML need no widget: they are :mod:`tutor.card_faces`,
re-exported here.

Every click (mouse, Enter or Space) sends ``{"type": "click", "card": "TH",
"seq": n}`` to Python, which calls the callbacks registered with
:meth:`CardHand.on_click`.  A click on a face-down card sends
``{"type": "face_down_click", "seq": n}`` (no card: the faces are not in the
page); a widget that owns the hand answers it through ``on_msg`` (the game
table says how to see the cards).  An exception in a callback is logged with
:mod:`logging` and a short message is stored in ``error``, which the browser
shows as a small red note; it does not propagate.
"""

from __future__ import annotations

import logging
import pathlib
from typing import Any, Callable

import anywidget
import traitlets

from .card_faces import (FULL_DECK, HAND, RANKS, SUITS, card_display, card_face_html, card_label, card_words,
                         cards_html, is_card, table_card_html)
from .text import M_, say

__all__ = [
    "RANKS",
    "SUITS",
    "FULL_DECK",
    "is_card",
    "card_label",
    "card_display",
    "card_face_html",
    "cards_html",
    "table_card_html",
    "card_words",
    "CardHand",
]

log = logging.getLogger(__name__)

_STATIC = pathlib.Path(__file__).parent / "static"
#: Longest text stored in the ``error`` trait.
ERROR_MAX_LEN = 200
# TRANSLATORS: a small red note under a hand when a click could not be handled; {code} the card's code ("TH"),
# {error} the technical error.
CLICK_FAILED = M_("cards.click_failed", "Error handling {code}: {error}")


def _card_list() -> traitlets.List:
    return traitlets.List(traitlets.Unicode()).tag(sync=True)


class CardHand(anywidget.AnyWidget):
    """A row of playing cards; see the module docstring for the traits."""

    _esm = _STATIC / "cards.js"
    _css = _STATIC / "cards.css"

    cards = _card_list()
    playable = _card_list()
    highlighted = _card_list()
    selected = _card_list()
    multi_select = traitlets.Bool(False).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    face_down = traitlets.Bool(False).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    show_only = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Enum(["auto", "small", "large"], default_value="auto").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: What the row says in the browser, in the language of the page (:func:`card_words`).
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, cards: list[str] | None = None, **kwargs: Any) -> None:
        if cards is not None:
            kwargs["cards"] = list(cards)
        kwargs.setdefault("label", say(HAND))
        kwargs.setdefault("words", card_words())
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[str], Any]] = []
        self.on_msg(self._on_custom_msg)

    # -- validation ---------------------------------------------------------

    @traitlets.validate("cards")
    def _validate_cards(self, proposal: dict) -> list[str]:
        value = list(proposal["value"])
        self._validate_codes("cards", value)
        seen: set[str] = set()
        dupes: list[str] = []
        for c in value:
            if c in seen:
                dupes.append(c)
            seen.add(c)
        if dupes:
            raise traitlets.TraitError(f"cards: duplicate card(s) {dupes}")
        return value

    @traitlets.validate("playable", "highlighted", "selected")
    def _validate_marks(self, proposal: dict) -> list[str]:
        value = list(proposal["value"])
        self._validate_codes(proposal["trait"].name, value)
        return value

    @staticmethod
    def _validate_codes(name: str, value: list[str]) -> None:
        bad = [c for c in value if not is_card(c)]
        if bad:
            raise traitlets.TraitError(
                f"{name}: not card code(s) {bad}; expected rank in {RANKS!r} then "
                f"suit in {SUITS!r}, e.g. 'TH' for the ten of hearts"
            )

    # -- clicks ---------------------------------------------------------------

    def on_click(
        self, callback: Callable[[str], Any], remove: bool = False
    ) -> None:
        """Register ``callback(card_code)`` to run on every card click.

        With ``remove=True`` the callback is unregistered instead.
        """
        if remove:
            self._click_handlers = [h for h in self._click_handlers if h != callback]
        else:
            self._click_handlers.append(callback)

    def simulate_click(self, card: str) -> bool:
        """Act as if the learner clicked ``card`` in the browser (for headless tests).

        Mirrors the browser: in ``multi_select`` mode the card's membership in
        ``selected`` is toggled first, then the click callbacks run.  Returns
        False, and does nothing, if ``card`` is not in the hand or the hand is
        ``disabled``, ``show_only`` or ``face_down`` (the browser sends no
        clicks then); otherwise True.
        """
        if not self._clickable(card):
            return False
        if self.multi_select:
            if card in self.selected:
                self.selected = [c for c in self.selected if c != card]
            else:
                self.selected = [*self.selected, card]
        self._dispatch_click(card)
        return True

    def _clickable(self, card: object) -> bool:
        return (
            isinstance(card, str)
            and card in self.cards
            and not self.disabled
            and not self.show_only
            and not self.face_down
        )

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # anywidget uses the same channel for its own messages; only ours have
        # type "click".
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        card = content.get("card")
        if not isinstance(card, str) or not self._clickable(card):
            log.debug("CardHand: ignoring click on %r (seq %r)", card, content.get("seq"))
            return
        # In multi_select mode the browser has already toggled `selected` (its
        # state update reaches the kernel before this message).
        self._dispatch_click(card)

    def _dispatch_click(self, card: str) -> None:
        error = ""
        for handler in list(self._click_handlers):
            try:
                handler(card)
            except Exception as exc:  # must not vanish or propagate
                log.exception("CardHand click callback %r failed for card %s", handler, card)
                if not error:
                    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
                    error = say(CLICK_FAILED, code=card, error=detail)
                    if len(error) > ERROR_MAX_LEN:
                        error = error[: ERROR_MAX_LEN - 1] + "\u2026"
        self.error = error
