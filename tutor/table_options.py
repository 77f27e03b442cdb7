"""The table's "Options for a new game" panel.

Spades: the target score (SP-3).  Oh Hell: players (OH-1), the schedule of
hand sizes (OH-6, OH-V1…V3) and the variations (OH-7, OH-V4…V8).  The engine
validates the rules (:class:`~engine.spades.SpadesRules`,
:class:`~engine.ohhell.OhHellRules` raise InvalidInputError saying what to
change); the panel only collects them.
"""
from __future__ import annotations

import ipywidgets as W

from engine import OhHellRules, SpadesRules

__all__ = ["OptionsPanel"]

SCHEDULES = [("1 card, 2 cards … up to the most (OH-6)", "up"), ("the most down to 1 (OH-V1)", "down"),
             ("up to the most, then down (OH-V2)", "up_down"), ("down to 1, then up (OH-V3)", "down_up")]
OH_SWITCHES = [("no_trump_final_hand", "No trump on the last hand (OH-7)"),
               ("hook", "Hook: the bids may not add up to the tricks (OH-V4)"),
               ("simultaneous_bidding", "Sealed bids, revealed together (OH-V5)"),
               ("must_trump", "Must trump when void (OH-V6)"),
               ("tricks_always_count", "Tricks always count (OH-V7)"),
               ("nil_pays_hand_size", "A made 0 pays 5 + hand size (OH-V8)")]


class OptionsPanel:
    """The options accordion (``.widget``); :meth:`sync` shows a game's
    rules, :meth:`rules` builds the rules for the next new game of the same
    kind (raises InvalidInputError, a ValueError, for a bad combination)."""

    def __init__(self) -> None:
        self.target = W.BoundedIntText(value=500, min=10, max=10000, step=50, description="Play to",
                                       tooltip="Points that win the game (SP-3, SP-22)")
        self.players = W.Dropdown(options=[3, 4, 5, 6, 7], value=4, description="Players")
        self.schedule = W.Dropdown(description="Hands", options=SCHEDULES, value="up")
        self.checks = {name: W.Checkbox(value=False, description=label, indent=False) for name, label in OH_SWITCHES}
        self.spades_box = W.VBox([self.target])
        self.oh_hell_box = W.VBox([W.HBox([self.players, self.schedule], layout=W.Layout(flex_flow="row wrap")),
                                   *self.checks.values()])
        inner = W.VBox([W.HTML("<small>These take effect when you press “New game”.</small>"),
                        self.spades_box, self.oh_hell_box])
        self.widget = W.Accordion(children=[inner], selected_index=None)
        self.widget.set_title(0, "Options for a new game")

    def sync(self, game) -> None:
        spades = isinstance(game.rules, SpadesRules)
        self.spades_box.layout.display = None if spades else "none"
        self.oh_hell_box.layout.display = "none" if spades else None
        if spades:
            self.target.value = game.rules.target_score
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
        if isinstance(game.rules, SpadesRules):
            return SpadesRules(target_score=int(self.target.value))
        switches = {name: bool(cb.value) for name, cb in self.checks.items()}
        if self.schedule.value == "custom":
            return OhHellRules(players=int(self.players.value), hand_sizes=game.rules.hand_sizes, **switches)
        return OhHellRules(players=int(self.players.value), schedule=self.schedule.value, **switches)
