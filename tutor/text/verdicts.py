"""A verdict's sentence as the tutor shows it: without the entry's own
citation of the rule where the rule id stands beside it as a badge
(:func:`verdict_words`).  No widgets: the session (:mod:`tutor.session`)
and the widgets' feedback line (:class:`tutor.common.Feedback`) both use it.

>>> from engine import SpadesGame
>>> v = SpadesGame(first_deal=7, dealer=3).check_bid(1, 3)
>>> verdict_words(v.msg, v.rule)
"It is North's turn to bid. Bidding starts left of the dealer (West dealt) and goes clockwise."
"""
from __future__ import annotations

from typing import Any

from engine.message import LITERAL, Msg, Text
from engine.text import entry_of, fill, get_language, render, translate

__all__ = ["verdict_words", "CITATION"]

#: How a rule is cited inside a catalogue entry: left out where the rule id
#: is shown beside the sentence as a badge (:func:`verdict_words`).
CITATION = " ({rule})"


def _count(args: Any) -> int | None:
    n = args.get("n")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def verdict_words(m: Msg, rule: str = "") -> str:
    """The sentence of message ``m`` (a verdict's :attr:`~engine.verdict.Verdict.msg`)
    in the current language, without the entry's own citation of the rule
    (its ``" ({rule})"``: the tutor shows the rule id once, as a badge).
    An entry that cites the rule otherwise (inside a longer parenthesis)
    keeps it; a fixed text (``literal``) is said as it is."""
    if m.id == LITERAL or not rule:
        return render(m)
    lang = get_language()
    entry = entry_of(m.id)
    template = translate(entry, lang, _count(m.args))
    bare = template.replace(CITATION, "")
    if bare == template:
        return render(m)
    return fill(Text(entry.ctxt, bare, None, entry.domain), lang, **m.args)
