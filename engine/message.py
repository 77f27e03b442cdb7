"""Messages as data: what a sentence says, apart from its words.

The engine never builds a sentence for a person.  It builds a :class:`Msg`:
a message id (a gettext ``msgctxt``, e.g. ``"MUST_FOLLOW_SUIT"``) and the
plain data of its placeholders (card codes ``"TH"``, suit letters, seat
numbers, counts, the raw input to quote).  The text layer
(:mod:`engine.text`) turns a Msg into a sentence in the chosen language from
its catalogue; it registers itself here (:func:`set_renderer`) when the
``engine`` package is imported, so this module and the value types that
carry messages (:class:`~engine.verdict.Verdict`,
:class:`~engine.errors.InvalidInputError`) never import it.

:func:`M_` and :func:`P_` declare a catalogue entry (a :class:`Text`: the
English source text, a ``str``, with its ``msgctxt``).  Babel extracts them
(keywords ``M_:1c,2`` and ``P_:1c,2,3``; see ``babel.cfg``).

>>> t = M_("game.spades", "Spades")
>>> t == "Spades", t.ctxt
(True, 'game.spades')
>>> Msg("HOOK", {"n": 3}).args["n"]
3
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

__all__ = ["ENGINE_DOMAIN", "Text", "Msg", "Said", "M_", "P_", "msg", "literal", "render", "set_renderer", "said",
           "msg_of", "LITERAL"]

#: The message id of a fixed text given by a caller (``Msg(LITERAL, {"text": …})``):
#: shown as given, in every language (old callers that pass a sentence).
LITERAL = "LITERAL"


#: The gettext domain of the engine's own entries (the tutor declares its own, ``"tutor"``).
ENGINE_DOMAIN = "engine"


class Text(str):
    """A catalogue entry: the English source text (the ``str`` itself, the
    gettext ``msgid``), its stable id ``ctxt`` (the ``msgctxt``), for an
    entry whose grammar changes with a count the English ``plural``, and the
    gettext ``domain`` whose catalogue translates it (``"engine"``, or a layer
    above that declares its own, such as the tutor's ``"tutor"``).
    Compares and hashes as its English text."""

    ctxt: str
    plural: str | None
    domain: str

    def __new__(cls, ctxt: str, msgid: str, plural: str | None = None, domain: str = ENGINE_DOMAIN) -> "Text":
        self = super().__new__(cls, msgid)
        self.ctxt = ctxt
        self.plural = plural
        self.domain = domain
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.ctxt, str(self), self.plural, self.domain))


def M_(ctxt: str, msgid: str) -> Text:
    """Declare a catalogue entry: ``M_("HOOK", "You may not bid {bid}: …")``.
    ``ctxt`` is the stable message id, ``msgid`` the English text with named
    placeholders."""
    return Text(ctxt, msgid)


def P_(ctxt: str, singular: str, plural: str) -> Text:
    """Declare a catalogue entry whose grammar follows a count: the English
    singular and plural (gettext ``npgettext``).  The count is the message's
    ``n`` argument."""
    return Text(ctxt, singular, plural)


_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Msg:
    """A message to show: ``id`` (the catalogue's message id) and ``args``
    (read-only mapping of plain data for its placeholders; a value may be
    another :class:`Msg`, rendered in its place).  ``str(msg)`` is the
    sentence in the current language (:func:`render`)."""

    id: str
    args: Mapping[str, Any] = field(default_factory=lambda: _NO_ARGS)

    def __post_init__(self) -> None:
        if not isinstance(self.args, MappingProxyType):
            object.__setattr__(self, "args", MappingProxyType(dict(self.args)))

    def __str__(self) -> str:
        return render(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.id, dict(self.args)))


def msg(id: str, /, **args: Any) -> Msg:
    """``msg("HOOK", bid=2, others=3)``: a :class:`Msg`."""
    return Msg(id, args)


def literal(text: str) -> Msg:
    """A fixed text given by a caller, shown as it is in every language."""
    return Msg(LITERAL, {"text": text})


Renderer = Callable[[Msg, "str | None"], str]


def _bare(m: Msg, lang: str | None = None) -> str:
    """Before the text layer registers (never once ``engine`` is imported):
    the message id and its data, so nothing fails."""
    if m.id == LITERAL:
        return str(m.args.get("text", ""))
    return f"{m.id} {dict(m.args)}"


_renderer: list[Renderer] = [_bare]


def set_renderer(renderer: Renderer) -> None:
    """Install the function that turns a :class:`Msg` into a sentence
    (``renderer(msg, lang)``; ``lang`` None: the current language).  The
    text layer calls this once, when it is imported."""
    _renderer[0] = renderer


def render(m: Msg, lang: str | None = None) -> str:
    """The sentence of ``m`` in ``lang`` (default: the current language)."""
    return _renderer[0](m, lang)


class Said(str):
    """A message as said to a person: the ``str`` is the sentence of
    :attr:`msg` in the language current when it was said; :attr:`msg` (the
    message id and plain data) says it again in any language
    (:meth:`in_language`, or ``str(said.msg)`` in the current one).

    What the computer players and the review give a person (advice lines,
    a player's ``last_reason``, a review's remarks) is a ``Said``: code that
    reads those as text (compares, joins, writes JSON) keeps working, and a
    view that changes language re-renders :attr:`msg`; nothing parses the text.

    >>> s = said(literal("as given"))
    >>> s == "as given", s.msg.id
    (True, 'LITERAL')
    """

    msg: Msg

    def __new__(cls, m: Msg) -> "Said":
        self = super().__new__(cls, render(m))
        self.msg = m
        return self

    def in_language(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        return render(self.msg, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_said_as, (str(self), self.msg))


def _said_as(text: str, m: Msg) -> Said:
    """A :class:`Said` of ``m`` whose text is ``text`` (unpickling, copying: the words kept as said)."""
    out = str.__new__(Said, text)
    out.msg = m
    return out


def said(m: Msg) -> Said:
    """``m`` said now: a :class:`Said` (its sentence in the current language)."""
    return Said(m)


def msg_of(text: "str | Msg") -> Msg:
    """The message of ``text``: a :class:`Msg` as it is, a :class:`Said`'s
    :attr:`~Said.msg`, any other string a :func:`literal` (shown as given)."""
    if isinstance(text, Msg):
        return text
    if isinstance(text, Said):
        return text.msg
    return literal(str(text))
