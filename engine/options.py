"""Typed rules: a game's options, each declared once.

A game's rules are a frozen dataclass deriving from :class:`GameRules`
whose ``OPTIONS`` declare every option once, as an :class:`Option`: its name
(the dataclass field and the key in hand records), its type and allowed
values, its default, the RULES.md id it implements, a short label and a
one-line help (both catalogue entries, :func:`~engine.message.M_`), and the
phrase it adds to the summary line when it is on.  From that one
declaration come:

* validation (:meth:`Option.problem`, which a rules class runs in
  ``__post_init__``; a bad value is an InvalidInputError naming the option);
* the record codec (:meth:`GameRules.to_json` writes the options that differ
  from their defaults; :meth:`GameRules.options_from_json` reads a record's
  ``rules`` object: unknown names refused, a value at its default the same
  as leaving it out, HAND_RECORD.md);
* the summary line (:meth:`GameRules.summary`: the options that are on);
* what an options panel or a chapter's table shows
  (:meth:`GameRules.option_rows`, ``Option.label``, ``Option.help``,
  ``Option.choices``).

Adding a house rule to a game is one :class:`Option` in its rules class,
one field, and the code that applies it (a check or a scoring line).

>>> from engine.message import M_
>>> o = Option("bag_limit", "SP-H4", "int", 10, label=M_("x", "Bag limit"), help=M_("y", "…"),
...            allowed=M_("z", "5 to 20"), low=5, high=20)
>>> o.accepts(10), o.accepts(10.0), o.accepts(21), o.accepts(True)
(True, False, False, False)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import InvalidInputError
from .message import Msg, Text, msg

__all__ = ["Choice", "Option", "GameRules", "is_whole_number"]


def is_whole_number(value: object) -> bool:
    """An ``int`` that is not a ``bool`` (a record's ``3``, never ``3.0`` or ``true``)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Choice:
    """One value an options panel offers for an option: ``value`` and its
    ``label`` on a choice list; ``summary``: the phrase this value adds to
    the summary line (None: the option's own phrase, or none at the
    default)."""

    value: Any
    label: Text
    summary: Text | None = None


@dataclass(frozen=True)
class Option:
    """One option of a game's rules, declared once.

    ``name``: the rules field and the key in a hand record's ``rules``.
    ``rule``: the RULES.md id (``"SP-H4"``).  ``kind``: ``"bool"``,
    ``"int"`` (a whole number: ``low`` … ``high`` in steps of ``step`` from
    ``low``; with ``choices``, only those values), ``"str"`` (one of the
    ``choices``) or ``"custom"`` (checked by the rules class itself).
    ``nullable``: None is allowed (the option is off).  ``default``: the
    value of RULES.md's standard rules.  ``label``: a short label for a
    panel; ``help``: one line saying what it does; ``allowed``: the allowed
    values in words, for the error message.  ``choices``: the values a panel
    offers (for a ``"str"`` option, and an ``"int"`` one with ``only_choices``,
    also the only values allowed).  ``summary``: the phrase the option adds to
    the summary line when it is not at its default (placeholders:
    ``{value}``, ``{value_abs}``, ``{n}`` for a count, and the names of the
    options in ``summary_with``); ``summary_with``: other options whose
    change shows this phrase too (and which then add none of their own).
    ``invalid``: the message id of the error for a value not accepted
    (placeholders ``{name}``, ``{value}``, ``{allowed}``).
    """

    name: str
    rule: str
    kind: str
    default: Any
    label: Text
    help: Text
    allowed: Text
    choices: tuple[Choice, ...] = ()
    only_choices: bool = False
    low: int | None = None
    high: int | None = None
    step: int = 1
    nullable: bool = False
    summary: Text | None = None
    summary_with: tuple[str, ...] = ()
    invalid: str = "OPTION_NOT_ALLOWED"

    def accepts(self, value: object) -> bool:
        """Whether ``value`` is allowed for this option (its type exactly:
        ``10.0`` is not the whole number 10, ``1`` is not ``true``)."""
        if value is None:
            return self.nullable
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "str":
            return isinstance(value, str) and any(value == c.value for c in self.choices)
        if self.kind == "int":
            if not is_whole_number(value):
                return False
            assert isinstance(value, int)
            if self.only_choices:
                return any(value == c.value for c in self.choices)
            if self.low is not None and value < self.low:
                return False
            if self.high is not None and value > self.high:
                return False
            return (value - (self.low or 0)) % self.step == 0
        return True  # "custom": the rules class checks it

    def problem(self, value: object) -> Msg | None:
        """Why ``value`` is not allowed (the message names the option, quotes
        the value and lists the allowed values), or None."""
        if self.accepts(value):
            return None
        return msg(self.invalid, name=self.name, value=value, allowed=self.allowed)


class GameRules:
    """Base of every game's typed rules (a frozen dataclass per game whose
    fields are its options, declared in ``OPTIONS``)."""

    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    @classmethod
    def option(cls, name: str) -> Option:
        """The declaration of option ``name`` (KeyError if there is none)."""
        for o in cls.OPTIONS:
            if o.name == name:
                return o
        raise KeyError(name)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Every option's name, in declaration order (as in HAND_RECORD.md)."""
        return tuple(o.name for o in cls.OPTIONS)

    def value(self, name: str) -> Any:
        """The value of option ``name`` in these rules (KeyError if it is not an option)."""
        self.option(name)
        return getattr(self, name)

    def changed(self) -> dict[str, Any]:
        """The options that differ from their defaults, ``{name: value}``, in declaration order."""
        out: dict[str, Any] = {}
        for o in self.OPTIONS:
            v = self.value(o.name)
            if v != o.default or type(v) is not type(o.default):
                out[o.name] = v
        return out

    def to_json(self) -> dict[str, Any]:
        """A hand record's ``rules`` object: the options that differ from
        their defaults (``{}`` for RULES.md's own rules); tuples as lists."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.changed().items()}

    @classmethod
    def options_from_json(cls, obj: object, game: Text) -> dict[str, Any]:
        """The options of a hand record's ``rules`` object, checked:
        InvalidInputError for a non-object or an unknown option (naming the
        known ones; ``game`` is the game's title), and for a value the
        option does not accept (its type exactly: ``3.0`` is not ``3``).  A
        value at its default is then dropped: it means the same as leaving
        it out (HAND_RECORD.md)."""
        if not isinstance(obj, dict):
            raise InvalidInputError(msg("RULES_NOT_OBJECT"))
        names = cls.option_names()
        unknown = sorted(str(k) for k in obj if k not in names)
        if unknown:
            raise InvalidInputError(msg("RULES_FIELD", problem=msg("RULES_UNKNOWN_OPTION", game=game, value=unknown[0],
                                                                   known=", ".join(names))))
        out: dict[str, Any] = {}
        for o in cls.OPTIONS:
            if o.name not in obj:
                continue
            v = obj[o.name]
            problem = o.problem(v)
            if problem is not None:
                raise InvalidInputError(problem)
            if not (v == o.default and type(v) is type(o.default)):
                out[o.name] = v
        return out

    def summary_parts(self) -> list[Msg]:
        """One phrase per option that is on (not at its default), in
        declaration order, as messages (``rules.part.<name>``)."""
        changed = self.changed()
        shown: set[str] = set()
        out: list[Msg] = []
        for o in self.OPTIONS:
            if o.name in shown:
                continue
            group = (o.name, *o.summary_with)
            if not any(n in changed for n in group):
                continue
            shown.update(group)
            value = self.value(o.name)
            phrase: Text | None = o.summary
            for c in o.choices:
                if c.value == value and type(c.value) is type(value) and c.summary is not None:
                    phrase = c.summary
            if phrase is None:
                continue
            args: dict[str, Any] = {n: self.value(n) for n in group}
            args.update(value=value, phrase=phrase)
            if isinstance(value, int) and not isinstance(value, bool):
                args.update(value_abs=abs(value), n=value)
            out.append(Msg("rules.part", args))
        return out

    def summary(self) -> Msg | None:
        """The summary line of the options that are on ("House rules: Nil
        ±50 (SP-H1), ten for 200 (SP-H5)"), or None for the standard rules."""
        parts = self.summary_parts()
        if not parts:
            return None
        return msg("rules.summary", parts=parts)

    def option_rows(self) -> list[tuple[Option, Any]]:
        """``(option, value)`` for every option, in declaration order: what an
        options panel or a chapter's table of options is made from."""
        return [(o, self.value(o.name)) for o in self.OPTIONS]

