"""One tutor kit per game (issue 32): tutor.games.KITS declares, once per spec,
what the tutor makes of the game, and everything kept by game is built from it."""
from __future__ import annotations

import pytest

from engine import Phase
from engine.registry import SPECS
from tutor.app import SECTIONS, TrickTutorApp, places
from tutor.drills import DRILL_GAMES, drills_for
from tutor.games import KITS, LOOKS, kit_for, kit_named, look_for
from tutor.sessions import session_class
from tutor.table import TABLES, play_table


def test_one_kit_per_spec_in_the_registrys_order():
    assert [kit.spec for kit in KITS] == list(SPECS)
    assert len({kit.key for kit in KITS}) == len(KITS)
    assert LOOKS == tuple(kit.look for kit in KITS)
    for kit in KITS:
        assert kit_for(kit.spec) is kit and kit_named(kit.key) is kit and look_for(kit.spec) is kit.look
    with pytest.raises(KeyError):
        kit_named("bridge")


def test_each_kits_table_draws_the_session_of_its_game():
    for kit in KITS:
        table = kit.table_class()
        assert TABLES[kit.key] is table
        assert table.SESSION is session_class(kit.spec)


@pytest.mark.parametrize("kit", KITS, ids=lambda k: k.key)
def test_play_table_builds_any_games_table(kit):
    t = play_table(kit.spec, deal_number=17, level=1)
    assert type(t) is kit.table_class() and t.game.spec is kit.spec
    assert t.game.first_deal == 17 and t.learner_seat == kit.look.default_seat
    assert t.game.rules == kit.spec.rules_class()          # the standard rules
    assert t.game.phase is not Phase.DEAL


def test_the_drills_game_switch_comes_from_the_kits():
    assert [c.key for c in DRILL_GAMES] == ["spades", "oh_hell", "must_trump", "spades_two"]
    assert {c.key for kit in KITS for c in kit.drills} == {c.key for c in DRILL_GAMES}
    assert all(drills_for(c.key) for c in DRILL_GAMES)


def test_the_apps_game_sections_and_places_come_from_the_kits():
    assert SECTIONS == ("Learn", "Drills", "Play Spades", "Play Oh Hell", "Score sheet", "Play with others")
    assert places() == {"spades": "in the Play Spades tab (Game: Four players, partners)",
                        "spades_two": "in the Play Spades tab (Game: Spades for two)",
                        "oh_hell": "in the Play Oh Hell tab"}
    app = TrickTutorApp(seed=3)
    for kit in KITS:
        app.open_section(str(kit.section))
        if kit.key not in app.tables:
            app.choices[next(k.key for k in KITS if k.section is kit.section)].value = kit.key
        table = getattr(app, f"{kit.key}_table")
        assert type(table) is kit.table_class() and table.game.spec is kit.spec
        assert f"tt-play-{kit.key.replace('_', '-')}" in table._dom_classes

