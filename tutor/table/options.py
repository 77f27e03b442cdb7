"""The table's "Options for a new game" panel, generated from the engine's
option declarations (:attr:`engine.options.GameRules.OPTIONS`).

Each option of the game's rules class is one widget, made from its
:class:`~engine.options.Option`: a choice list for an option with
``choices`` (each :class:`~engine.options.Choice`'s label), a whole-number
box for a whole number, a tick box for an on/off option; its label
(:func:`engine.text.label`) and its one-line help (:func:`engine.text.help_text`)
come from the declaration, in the current language.  The defaults are
RULES.md's standard rules.  A game whose spec has several seat counts (Oh
Hell, OH-1) gets a "Players" list too.  What differs by game comes from its
look (:mod:`tutor.games`): the options it keeps at their defaults (Spades
for two: ``fixed_options``, left out) and an option whose current value is
offered "as now" in another's list (Oh Hell's own hand sizes in the
schedule list, ``as_now``).  A new house rule of a game therefore needs
nothing here.

The engine validates the rules (the rules class raises InvalidInputError
saying what to change); the panel only collects them.
"""
from __future__ import annotations

import html
from typing import Any, Iterable

import ipywidgets as W

from engine.options import GameRules, Option
from engine.registry import OH_HELL, SPADES
from engine.text import help_text, label

from ..games import GameLook, look_for
from ..text import M_, say

__all__ = ["OptionsPanel", "SP_ORDER", "option_widget"]

# TRANSLATORS: the title of the folded panel of options for the next new game.
TITLE = M_("options.title", "Options for a new game")
# TRANSLATORS: under the panel's title.
TAKE_EFFECT = M_("options.take_effect", "These take effect when you press “New game”.")
# TRANSLATORS: the label of the list of the number of players (Oh Hell, OH-1).
PLAYERS = M_("options.players", "Players")
# TRANSLATORS: an entry of a choice list keeping a loaded game's value that the list does not offer; {number} it.
AS_NOW = M_("options.as_now", "{number} (as now)")

#: The Spades options in the order the panel shows them (their declaration order: the SP-H ids in turn).
SP_ORDER = SPADES.rules_class.option_names()
#: A choice-list value standing for "keep the other option's current value" (:attr:`tutor.games.GameLook.as_now`).
AS_NOW_VALUE = "custom"
_WIDE = W.Layout(width="100%", max_width="360px")
_DESC = {"description_width": "110px"}


def _off(option: Option) -> Any:
    """What a widget shows for a nullable whole-number option that is off
    (None): 0 when 0 is not an allowed value (the mercy floor, SP-H8)."""
    return 0 if option.nullable and option.kind == "int" else None


def _shown(option: Option, value: Any) -> Any:
    return _off(option) if value is None and _off(option) is not None else value


def _value(option: Option, shown: Any) -> Any:
    return None if option.nullable and shown == _off(option) else shown


def option_widget(option: Option) -> W.ValueWidget | None:
    """The widget of ``option`` at its default value (None for an option
    no widget shows: a ``"custom"`` one with no choices)."""
    if option.choices:
        choices = [(say(c.label), _shown(option, c.value)) for c in option.choices]
        default = _shown(option, option.default)
        if default is None:
            default = choices[0][1]
        w: W.ValueWidget = W.Dropdown(options=choices, value=default, description=label(option), layout=_WIDE,
                                      style=_DESC)
    elif option.kind == "int":
        w = W.IntText(value=_shown(option, option.default), description=label(option), layout=_WIDE, style=_DESC)
    elif option.kind == "bool":
        w = W.Checkbox(value=bool(option.default), description=label(option), indent=False)
    else:
        return None
    w.tooltip = help_text(option)
    return w


class _Form:
    """The widgets of one rules class's options (and the players list where the spec has several seat counts)."""

    def __init__(self, rules_class: type[GameRules], seat_counts: tuple[int, ...], with_help: bool):
        self.rules_class = rules_class
        self.fields: dict[str, W.ValueWidget] = {}
        self.rows: dict[str, W.Widget] = {}
        for o in rules_class.OPTIONS:
            w = option_widget(o)
            if w is None:
                continue
            self.fields[o.name] = w
            if with_help:
                help_html = W.HTML(f"<div class='tt-opt-help'>{html.escape(help_text(o))}</div>")
                self.rows[o.name] = W.VBox([w, help_html], layout=W.Layout(margin="0 0 6px 0"))
            else:
                self.rows[o.name] = w
        self.players: W.Dropdown | None = None
        if len(seat_counts) > 1:
            self.players = W.Dropdown(options=list(seat_counts), value=seat_counts[0] if 4 not in seat_counts else 4,
                                      description=say(PLAYERS))
        choices = [name for name, w in self.fields.items() if isinstance(w, W.Dropdown)]
        lists = ([self.players] if self.players is not None else []) + [self.fields[n] for n in choices]
        others = [self.rows[n] for n in self.fields if n not in choices]
        if with_help:
            self.box = W.VBox(list(self.rows.values()), layout=W.Layout(max_width="370px"))
        else:
            self.box = W.VBox([W.HBox(lists, layout=W.Layout(flex_flow="row wrap")), *others])

    def show(self, rules: GameRules, look: GameLook, n_seats: int) -> None:
        as_now = dict(look.as_now)
        for name, w in self.fields.items():
            o = self.rules_class.option(name)
            value = _shown(o, rules.value(name))
            if isinstance(w, W.Dropdown):
                base = [(say(c.label), _shown(o, c.value)) for c in o.choices]
                words = look.other_option_words(name, rules) if name in as_now else None
                if words is not None:
                    w.options = [*base, (words, AS_NOW_VALUE)]
                    w.value = AS_NOW_VALUE
                    continue
                if value is None:
                    value = base[0][1]
                w.options = base if value in [v for _l, v in base] else [*base, (say(AS_NOW, number=value), value)]
            w.value = value
        if self.players is not None:
            self.players.value = n_seats

    def hide(self, names: Iterable[str]) -> None:
        hidden = set(names)
        for name, row in self.rows.items():
            row.layout.display = "none" if name in hidden else ""

    def rules(self, current: GameRules, look: GameLook) -> GameRules:
        values: dict[str, Any] = {}
        as_now = dict(look.as_now)
        for name, w in self.fields.items():
            if name in as_now and w.value == AS_NOW_VALUE:  # keep the other option's value (Oh Hell's hand sizes)
                values[as_now[name]] = current.value(as_now[name])
            else:
                values[name] = _value(self.rules_class.option(name), w.value)
        if self.players is not None:
            values["players"] = int(self.players.value)
        return self.rules_class(**values)


class OptionsPanel:
    """The options accordion (``.widget``); :meth:`sync` shows a game's
    rules, :meth:`rules` builds the rules for the next new game of the same
    kind (raises InvalidInputError, a ValueError, for a bad combination:
    the engine's own message naming the option and the allowed values).

    The option widgets are made the first time they are needed (the
    accordion opened, :meth:`rules`, or one of the attributes ``sp``,
    ``target``, ``players``, ``schedule``, ``checks``, ``spades_box``,
    ``oh_hell_box`` read): a table opens sooner without them (about a third
    of its widgets), and most games never change an option.  ``sp``: the
    Spades option widgets by option name; ``checks``: Oh Hell's on/off
    options; ``players``, ``schedule``: Oh Hell's lists."""

    def __init__(self) -> None:
        self._built = False
        self._game: Any = None
        self._hidden: tuple[str, ...] = ()
        self._forms: dict[type[GameRules], _Form] = {}
        self._inner = W.VBox()
        self.widget = W.Accordion(children=[self._inner], selected_index=None)
        self.widget.add_class("tt-options")  # labels wrap between words, nothing past the panel (table.css)
        self.widget.set_title(0, say(TITLE))
        self.widget.observe(self._on_open, names="selected_index")

    def _on_open(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self._build()

    def __getattr__(self, name: str) -> Any:
        # the option widgets, made on first use (see the class docstring)
        if name in ("sp", "target", "players", "schedule", "checks", "spades_box", "oh_hell_box") \
                and not self.__dict__.get("_built", True):
            self._build()
            return getattr(self, name)
        raise AttributeError(name)

    def _build(self) -> None:
        if self._built:
            return
        self._built = True
        for spec, with_help in ((SPADES, True), (OH_HELL, False)):
            self._forms[spec.rules_class] = _Form(spec.rules_class, spec.seat_counts, with_help)
        spades, oh_hell = self._forms[SPADES.rules_class], self._forms[OH_HELL.rules_class]
        #: Spades option widgets by option name (value = the option's value).
        self.sp = spades.fields
        self.target = self.sp["target_score"]
        self.spades_box = spades.box
        spades.hide(self._hidden)
        self.players = oh_hell.players
        self.schedule = oh_hell.fields["schedule"]
        self.checks = {n: w for n, w in oh_hell.fields.items() if isinstance(w, W.Checkbox)}
        self.oh_hell_box = oh_hell.box
        if self._game is not None:
            self._apply(self._game)
        self._inner.children = [W.HTML(f"<small>{html.escape(say(TAKE_EFFECT))}</small>"),
                                *(f.box for f in self._forms.values())]

    def hide(self, names: Iterable[str]) -> None:
        """Leave the options ``names`` out of the panel (besides those the game's look keeps fixed)."""
        self._hidden = tuple(names)
        if self._built:
            for form in self._forms.values():
                form.hide(self._hidden)

    def sync(self, game: Any) -> None:
        """Show ``game``'s rules (now, or when the panel is made)."""
        self._game = game
        if self._built:
            self._apply(game)

    def _apply(self, game: Any) -> None:
        look = look_for(game.spec)
        kind = type(game.rules)
        for rules_class, form in self._forms.items():
            form.box.layout.display = "" if rules_class is kind else "none"
        form = self._forms[kind]
        form.hide((*self._hidden, *look.fixed_options))
        form.show(game.rules, look, game.n_seats)

    def rules(self, game: Any) -> GameRules:
        """The rules of the next new game of ``game``'s kind, from the widgets."""
        self._build()
        return self._forms[type(game.rules)].rules(game.rules, look_for(game.spec))
