"""The session needs no widgets (issue 32): ``tutor.session``, the two-player
session (``tutor.session_two``) and the factory (``tutor.sessions``) import
and play with ``ipywidgets`` and ``anywidget`` unimportable; the table is
handed its session and never builds one; a click is one legality
computation (the session shows the verdict the engine let the action
through with)."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from engine import OhHellGame, OhHellRules, Phase, SpadesGame, SpadesTwoGame
from engine.game import TrickGame
from tutor.game_table import GameTable
from tutor.session import TableSession
from tutor.session_two import TwoPlayerSession
from tutor.sessions import new_session, session_class
from tutor.table_two import SpadesTwoTable

REPO = pathlib.Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent('''
    import sys
    sys.modules["ipywidgets"] = None    # import ipywidgets -> ImportError
    sys.modules["anywidget"] = None
    from engine import Phase, SpadesGame, SpadesTwoGame
    import tutor.session
    import tutor.session_two
    from tutor.sessions import new_session

    s = new_session(SpadesGame(first_deal=7, auto_deal=False), level=1)
    assert type(s) is tutor.session.TableSession
    assert s.look().ok
    out = s.bid(3)
    assert out.ok, out.text
    while s.game.phase is Phase.PLAY and s.game.hands_dealt == 1:
        out = s.play(s.game.legal_plays(s.learner)[0].code)
        assert out.ok, out.text
    two = new_session(SpadesTwoGame(first_deal=7, auto_deal=False), level=1)
    assert type(two) is tutor.session_two.TwoPlayerSession
    out = two.draw(True)
    assert out.ok and "kept" in out.text, out.text
    assert not [m for m in ("ipywidgets", "anywidget", "traitlets", "tutor.cards", "tutor.common")
                if sys.modules.get(m) is not None]
    print("headless")
''')


def test_the_session_imports_and_plays_without_the_widget_libraries():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "headless"


def test_each_game_gets_the_session_that_plays_its_phases():
    assert session_class(SpadesGame().spec) is TableSession
    assert session_class(OhHellGame(OhHellRules(players=5)).spec) is TableSession
    assert session_class(SpadesTwoGame().spec) is TwoPlayerSession


def test_the_table_draws_the_session_it_is_given():
    s = new_session(SpadesGame(first_deal=11, auto_deal=False), level=1, practice=False)
    t = GameTable(s)
    assert t.session is s and t.game is s.game and not t._show_legal.value
    two = new_session(SpadesTwoGame(first_deal=11, auto_deal=False), level=1)
    assert SpadesTwoTable(two).session is two
    with pytest.raises(TypeError):
        GameTable(two)                      # a table for four cannot draw the draw (SP-2P-2)
    with pytest.raises(TypeError):
        SpadesTwoTable(s)
    table = GameTable.for_game(OhHellGame(OhHellRules(players=4), first_deal=3, auto_deal=False), level=1)
    assert type(table.session) is TableSession and table.learner_seat == 0


class _Counting:
    """Counts the engine's legality computations of a game: its checks and its lists of legal cards."""

    def __init__(self, game: TrickGame):
        self.checks = 0
        self.legal = 0
        check, legal = game.check, game.legal_plays

        def counted_check(action):
            self.checks += 1
            return check(action)

        def counted_legal(seat):
            self.legal += 1
            return legal(seat)

        game.check = counted_check              # type: ignore[method-assign]
        game.legal_plays = counted_legal        # type: ignore[method-assign]


def test_a_click_is_one_legality_computation():
    game = SpadesGame(first_deal=7, auto_deal=False)
    s = new_session(game, level=1)
    s.look()
    s.bid(3)
    assert game.phase is Phase.PLAY and s.learner in game.seats_to_act
    me = s.learner
    legal = [c.code for c in game.legal_plays(me)]
    illegal = next(c.code for c in game.hand_of(me) if c.code not in legal)
    count = _Counting(game)
    refused = s.play(illegal)
    assert refused.kind == "error" and list(refused.highlight) == legal
    assert (count.checks, count.legal) == (1, 0)
    before, actions = count.checks, len(game.history)
    done = s.play(legal[0])
    assert done.ok and done.verdict is not None and done.verdict.ok
    # every action of the click, the learner's card and the computer players' answers, checked once
    assert len(game.history) - actions > 1
    assert count.checks - before == len(game.history) - actions and count.legal == 0
