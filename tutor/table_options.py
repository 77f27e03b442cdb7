"""The table's "Options for a new game" panel.

Spades: the house rules SP-H1 … SP-H9 (the target score is SP-H9, SP-3),
each option a widget with its one-line explanation
(:data:`engine.spades_rules.OPTION_HELP`); the defaults are RULES.md's
standard rules.  Oh Hell: players (OH-1), the schedule of
hand sizes (OH-6, OH-V1…V3) and the variations (OH-7, OH-V4…V8).  The engine
validates the rules (:class:`~engine.spades.SpadesRules`,
:class:`~engine.ohhell.OhHellRules` raise InvalidInputError saying what to
change); the panel only collects them.
"""
from __future__ import annotations

import html

import ipywidgets as W

from engine import OhHellRules, SpadesRules
from engine.spades_rules import OPTION_HELP

__all__ = ["OptionsPanel"]

SCHEDULES = [("1 card, 2 cards … up to the most (OH-6)", "up"), ("the most down to 1 (OH-V1)", "down"),
             ("up to the most, then down (OH-V2)", "up_down"), ("down to 1, then up (OH-V3)", "down_up")]
OH_SWITCHES = [("no_trump_final_hand", "No trump on the last hand (OH-7)"),
               ("hook", "Hook: the bids may not add up to the tricks (OH-V4)"),
               ("simultaneous_bidding", "Sealed bids, revealed together (OH-V5)"),
               ("must_trump", "Must trump when void (OH-V6)"),
               ("tricks_always_count", "Tricks always count (OH-V7)"),
               ("nil_pays_hand_size", "A made 0 pays 5 + hand size (OH-V8)")]


#: Spades options shown as a choice list: name -> [(label, value)] (SP-H1, H2, H3, H8;
#: a mercy floor of 0 stands for "off", loss_floor None).
SP_CHOICES = {
    "nil_value": [("100 (standard)", 100), ("50", 50)],
    "blind_nil": [("always (standard)", "always"), ("never", "never"), ("only 100+ behind", "behind_100")],
    "blind_nil_pass": [("3 cards (standard)", 3), ("2 cards", 2), ("1 card", 1), ("0: no exchange", 0)],
    "loss_floor": [("off (standard)", 0), ("−200", -200), ("−300", -300), ("−500", -500)],
}
#: Spades options typed as a whole number (the engine checks the range: SP-H4, H6, H9).
SP_NUMBERS = {"target_score": "Play to", "bag_limit": "Bag limit", "bag_penalty": "Bag penalty",
              "min_contract": "Min. bid"}
SP_LABELS = {"nil_value": "Nil worth", "blind_nil": "Blind Nil", "blind_nil_pass": "Exchange",
             "loss_floor": "Mercy floor"}
#: Spades options that are on/off (SP-H5, SP-H7).
SP_SWITCHES = {"ten_for_200": "Ten for two hundred", "failed_nil_tricks_help": "Failed Nil tricks help partner"}
#: Order on screen: the SP-H ids in turn.
SP_ORDER = ("nil_value", "blind_nil", "blind_nil_pass", "bag_limit", "bag_penalty", "ten_for_200",
            "min_contract", "failed_nil_tricks_help", "loss_floor", "target_score")
_WIDE = W.Layout(width="100%", max_width="360px")
_DESC = {"description_width": "110px"}


class OptionsPanel:
    """The options accordion (``.widget``); :meth:`sync` shows a game's
    rules, :meth:`rules` builds the rules for the next new game of the same
    kind (raises InvalidInputError, a ValueError, for a bad combination:
    the engine's own message naming the option and the allowed values).

    The option widgets are made the first time they are needed (the
    accordion opened, :meth:`rules`, or one of the attributes ``sp``,
    ``target``, ``players``, ``schedule``, ``checks``, ``spades_box``,
    ``oh_hell_box`` read): a table opens sooner without them (about a third
    of its widgets), and most games never change an option."""

    def __init__(self) -> None:
        self._built = False
        self._game = None
        self._hidden: tuple[str, ...] = ()
        self._inner = W.VBox()
        self.widget = W.Accordion(children=[self._inner], selected_index=None)
        self.widget.set_title(0, "Options for a new game")
        self.widget.observe(self._on_open, names="selected_index")

    def _on_open(self, change: dict) -> None:
        if change["new"] is not None:
            self._build()

    def __getattr__(self, name: str):
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
        #: Spades option widgets by SpadesRules field name (value = the option's value).
        self.sp: dict[str, W.ValueWidget] = {}
        defaults = SpadesRules()
        for name in SP_ORDER:
            if name in SP_CHOICES:
                w = W.Dropdown(options=SP_CHOICES[name], value=getattr(defaults, name),
                               description=SP_LABELS[name], layout=_WIDE, style=_DESC)
            elif name in SP_NUMBERS:
                w = W.IntText(value=getattr(defaults, name), description=SP_NUMBERS[name], layout=_WIDE,
                              style=_DESC)
            else:
                w = W.Checkbox(value=getattr(defaults, name), description=SP_SWITCHES[name], indent=False)
            w.tooltip = OPTION_HELP[name]
            self.sp[name] = w
        self.target = self.sp["target_score"]
        self.players = W.Dropdown(options=[3, 4, 5, 6, 7], value=4, description="Players")
        self.schedule = W.Dropdown(description="Hands", options=SCHEDULES, value="up")
        self.checks = {name: W.Checkbox(value=False, description=label, indent=False) for name, label in OH_SWITCHES}
        rows = []
        for name in SP_ORDER:
            help_html = W.HTML(f"<div class='tt-opt-help'>{html.escape(OPTION_HELP[name])}</div>")
            row = W.VBox([self.sp[name], help_html], layout=W.Layout(margin="0 0 6px 0"))
            if name in self._hidden:
                row.layout.display = "none"
            rows.append(row)
        self.spades_box = W.VBox(rows, layout=W.Layout(max_width="370px"))
        self.oh_hell_box = W.VBox([W.HBox([self.players, self.schedule], layout=W.Layout(flex_flow="row wrap")),
                                   *self.checks.values()])
        if self._game is not None:
            self._apply(self._game)
        self._inner.children = [W.HTML("<small>These take effect when you press “New game”.</small>"),
                                self.spades_box, self.oh_hell_box]

    def hide(self, names) -> None:
        """Leave the Spades options ``names`` out of the panel (Spades for two: :mod:`tutor.table_two`)."""
        self._hidden = tuple(names)
        if self._built:
            for name, row in zip(SP_ORDER, self.spades_box.children):
                row.layout.display = "none" if name in self._hidden else ""

    def sync(self, game) -> None:
        """Show ``game``'s rules (now, or when the panel is made)."""
        self._game = game
        if self._built:
            self._apply(game)

    def _apply(self, game) -> None:
        spades = isinstance(game.rules, SpadesRules)
        self.spades_box.layout.display = "" if spades else "none"
        self.oh_hell_box.layout.display = "none" if spades else ""
        if spades:
            for name, w in self.sp.items():
                value = getattr(game.rules, name)
                value = 0 if value is None else value
                if name in SP_CHOICES and value not in [v for _l, v in w.options]:
                    w.options = [*SP_CHOICES[name], (f"{value} (as now)", value)]
                w.value = value
            return
        r = game.rules
        options = list(SCHEDULES)
        if r.hand_sizes is not None:
            options.append((f"as now: {', '.join(map(str, r.hand_sizes))} cards", "custom"))
        self.schedule.options = options
        self.schedule.value = "custom" if r.hand_sizes is not None else (r.schedule or "up")
        self.players.value = r.players
        for name, cb in self.checks.items():
            cb.value = bool(getattr(r, name))

    def rules(self, game):
        self._build()
        if isinstance(game.rules, SpadesRules):
            values = {name: w.value for name, w in self.sp.items()}
            values["loss_floor"] = values["loss_floor"] or None
            return SpadesRules(**values)
        switches = {name: bool(cb.value) for name, cb in self.checks.items()}
        if self.schedule.value == "custom":
            return OhHellRules(players=int(self.players.value), hand_sizes=game.rules.hand_sizes, **switches)
        return OhHellRules(players=int(self.players.value), schedule=self.schedule.value, **switches)
