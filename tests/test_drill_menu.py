"""The app's drills come from one list (tutor.drills.DRILLS) and the games'
kits (their choices of the game switch, tutor.games.DRILL_GAMES): the game
switch, the tabs and the widgets the app builds are those entries, and a new
drill is one entry there and its key in the choices that offer it (issues 26
and 32)."""
from __future__ import annotations

import dataclasses
import gettext

import ipywidgets as W
import pytest

import tutor.drills.menu as menu
import tutor.games
from engine.message import Text
from engine.registry import game_names
from engine.text import add_translation, language
from tutor.app import TrickTutorApp
from tutor.drills import DRILL_GAMES, DRILLS, Drill, drill_game, drills_for


def test_every_choice_is_a_registry_game_with_drills_and_every_drill_has_a_choice():
    keys = [c.key for c in DRILL_GAMES]
    assert keys == ["spades", "oh_hell", "must_trump", "spades_two"]
    assert {c.game for c in DRILL_GAMES} <= set(game_names())
    assert all(drills_for(k) for k in keys)
    assert {k for c in DRILL_GAMES for k in c.drills} == {d.key for d in DRILLS}  # each drill offered
    assert len({d.key for d in DRILLS}) == len({d.css_class for d in DRILLS}) == len(DRILLS) == 5
    assert drill_game("must_trump").must_trump and not drill_game("oh_hell").must_trump
    with pytest.raises(KeyError):
        drill_game("bridge")


def test_the_app_switch_and_tabs_are_the_lists_entries():
    app = TrickTutorApp(seed=4)
    assert [value for _label, value in app._drill_game.options] == [c.key for c in DRILL_GAMES]
    assert [label for label, _value in app._drill_game.options] == [
        "Spades", "Oh Hell", "Oh Hell, must trump (OH-V6)", "Spades for two (SP-2P)"]
    assert app.DRILL_TITLES == ("Follow suit", "Who wins?", "Bidding", "Scoring")
    for choice in DRILL_GAMES:
        app._drill_game.value = choice.key
        drills = drills_for(choice.key)
        assert app._drill_tabs.titles == tuple(str(d.title) for d in drills)
        for i, d in enumerate(drills):
            app._drill_tabs.selected_index = i
            widget = app.drills[choice.key][i]
            assert d.css_class in widget._dom_classes
            assert type(widget) is type(d.make(choice, 1))
        if choice.key != "spades_two":
            assert app.drills[choice.key][0].stream.must_trump is choice.must_trump
            assert app.drills[choice.key][0].game_kind == choice.game


def test_a_new_drill_is_one_entry(monkeypatch):
    made = []

    def make(choice, seed):
        made.append((choice.key, seed))
        return W.HTML(f"{choice.game} {seed}")

    title = Text("test.drills.tab.extra", "Extra", None, "tutor")  # not declared: no catalogue entry for a test
    extra = Drill("extra", title, "tt-extra-drill", make)
    monkeypatch.setattr(menu, "DRILLS", (*menu.DRILLS, extra))
    oh_hell = drill_game("oh_hell")   # the choice that offers it, in Oh Hell's kit
    monkeypatch.setattr(tutor.games, "DRILL_GAMES", tuple(
        dataclasses.replace(c, drills=(*c.drills, "extra")) if c is oh_hell else c for c in DRILL_GAMES))
    app = TrickTutorApp(seed=5)
    assert "Extra" not in app._drill_tabs.titles  # Spades: not its game
    app._drill_game.value = "oh_hell"
    assert app._drill_tabs.titles[-1] == "Extra"
    app._drill_tabs.selected_index = len(app._drill_tabs.titles) - 1
    widget = app.drills["oh_hell"][-1]
    assert "tt-extra-drill" in widget._dom_classes and made and made[0][0] == "oh_hell"
    assert widget.value == f"oh_hell {made[0][1]}"


def test_drill_entries_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DRILLS[0].title = "x"  # type: ignore[misc]


class _Brackets(gettext.NullTranslations):
    """A pseudo-language: every entry of the tutor's catalogue in ‹ ›."""

    def pgettext(self, context: str, message: str) -> str:
        return f"‹{message}›"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return f"‹{singular if n == 1 else plural}›"


def test_the_drills_words_come_from_the_catalogue():
    add_translation("qx-drills", _Brackets(), domain="tutor")
    with language("qx-drills"):
        app = TrickTutorApp(seed=6)
        assert all(label.startswith("‹") for label, _value in app._drill_game.options)
        assert app._drill_game.description == "‹Game:›"
        for choice in DRILL_GAMES:
            app._drill_game.value = choice.key
            assert all(t.startswith("‹") and t.endswith("›") for t in app._drill_tabs.titles)
            for i in range(len(app._drill_tabs.titles)):
                app._drill_tabs.selected_index = i
                drill = app.drills[choice.key][i]
                assert "<h2 style='margin:4px 0;font-size:1.17em'>‹" in drill.title.value
                if hasattr(drill, "stats"):  # the bidding drill has no streak line
                    assert "‹Streak <b>0</b>" in drill.stats.value
        draw = app.drills["spades_two"][0]
        draw.keep()
        assert draw.feedback.text.startswith(("✗ ‹Not this time.", "✓ ‹Yes.", "‹"))
        assert draw.keep_button.description.startswith("‹Keep the ")
