"""Headless tests of tutor.scoresheet: DataFrames, figure and widget.

The games are played with a fixed, engine-only policy (fixed bids, always
the lowest legal card from ``game.legal_plays``), so the expected values
depend only on the engine and the deal numbers; they are written out here and
were checked by hand against RULES.md (SP-8, SP-17…SP-20, OH-11).
"""
from __future__ import annotations

import html
import json

import plotly.graph_objects as go
import pytest

from engine import OhHellGame, OhHellRules, Phase, SpadesGame
from engine.record import game_from_record, game_to_record, replay
from tutor.scoresheet import ScoreSheet, running_totals_frame, score_figure, score_lines_frame

NS, EW = "North–South", "East–West"


def play_fixed(game, bids, hands):
    """Fixed bids per seat; always the lowest legal card (engine's list)."""
    while len(game.results) < hands and game.phase is not Phase.GAME_OVER:
        s = game.to_act
        if game.phase is Phase.BIDDING:
            legal = [b.value for b in game.legal_bids(s) if not b.blind]
            game.bid(s, bids[s] if bids[s] in legal else legal[0])
        else:
            game.play(s, game.legal_plays(s)[0])
    return game


@pytest.fixture(scope="module")
def spades_game():
    # North 3, East 4, South Nil, West 2; South's Nil fails every hand.
    return play_fixed(SpadesGame(first_deal=2024, dealer=3), [3, 4, 0, 2], 3)


@pytest.fixture(scope="module")
def oh_hell_game():
    return play_fixed(OhHellGame(OhHellRules(players=3, hand_sizes=(1, 2, 3)), first_deal=77, dealer=0),
                      [0, 1, 1], 3)


SPADES_LINES = {
    "hand": [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3],
    "side": [NS, NS, NS, NS, EW, NS, NS, NS, NS, EW, NS, NS, NS, NS, EW],
    "item": ["Nil failed (South)", "failed Nil tricks are bags (South)", "contract set", "bag penalty",
             "contract set",
             "Nil failed (South)", "failed Nil tricks are bags (South)", "contract made", "bags", "contract set",
             "Nil failed (South)", "failed Nil tricks are bags (South)", "contract set", "bag penalty",
             "contract set"],
    "points": [-100, 10, -30, -100, -60, -100, 4, 30, 1, -60, -100, 8, -30, -100, -60],
    "bags": [0, 10, 0, 0, 0, 0, 4, 0, 1, 0, 0, 8, 0, 0, 0],
    "rule": ["SP-8", "SP-19", "SP-18", "SP-20", "SP-18", "SP-8", "SP-19", "SP-17", "SP-17", "SP-18",
             "SP-8", "SP-19", "SP-18", "SP-20", "SP-18"],
}
SPADES_TOTALS = {"hand": [1, 2, 3], NS: [-220, -285, -507], EW: [-60, -120, -180],
                 f"{NS} bags": [0, 5, 3], f"{EW} bags": [0, 0, 0]}

OH_LINES = {
    "hand": [1, 1, 1, 2, 2, 2, 3, 3, 3],
    "seat": [0, 1, 2, 0, 1, 2, 0, 1, 2],
    "item": ["bid made", "bid made", "bid missed", "bid made", "bid made", "bid made", "bid made",
             "bid missed", "bid missed"],
    "points": [10, 11, 0, 10, 11, 11, 10, 0, 0],
    "rule": ["OH-11"] * 9,
}
OH_TOTALS = {"hand": [1, 2, 3], "seat 0": [10, 20, 30], "seat 1": [11, 22, 22], "seat 2": [0, 11, 11]}


def test_sp17_to_sp20_score_lines_frame_exact(spades_game):
    df = score_lines_frame(spades_game)
    assert list(df.columns) == ["hand", "side", "item", "points", "bags", "rule"]
    assert {k: df[k].tolist() for k in df.columns} == SPADES_LINES
    # the lines of each hand add up to the engine's hand points per side
    sums = df.groupby(["hand", "side"], sort=False)["points"].sum().to_dict()
    for r in spades_game.results:
        assert (sums[(r.number, NS)], sums[(r.number, EW)]) == r.points


def test_sp20_running_totals_exact_and_equal_game_scores(spades_game):
    df = running_totals_frame(spades_game)
    assert list(df.columns) == ["hand", NS, EW, f"{NS} bags", f"{EW} bags"]
    assert {k: df[k].tolist() for k in df.columns} == SPADES_TOTALS
    assert spades_game.scores == [-507, -180]
    assert spades_game.bags == [3, 0]


def test_record_round_trip_gives_the_same_frames(spades_game, oh_hell_game):
    for game, lines, totals in ((spades_game, SPADES_LINES, SPADES_TOTALS), (oh_hell_game, OH_LINES, OH_TOTALS)):
        record = json.loads(json.dumps(game_to_record(game)))
        loaded = game_from_record(record, auto_deal=False)
        assert loaded.scores == game.scores
        df = score_lines_frame(loaded)
        assert {k: df[k].tolist() for k in lines} == lines
        tot = running_totals_frame(loaded)
        assert {k: tot[k].tolist() for k in tot.columns} == totals
        out, status, err = replay(record)
        assert status == 0 and err is None
        scored = [h for h in out["hands"] if "scores_after" in h]
        assert len(scored) == 3
        assert scored[-1]["scores_after"] == list(game.scores)


def test_oh11_score_lines_and_totals_exact(oh_hell_game):
    df = score_lines_frame(oh_hell_game)
    assert list(df.columns) == ["hand", "seat", "item", "points", "rule"]
    assert {k: df[k].tolist() for k in df.columns} == OH_LINES
    tot = running_totals_frame(oh_hell_game)
    assert {k: tot[k].tolist() for k in tot.columns} == OH_TOTALS
    assert oh_hell_game.scores == [30, 22, 11]
    assert tot.iloc[-1, 1:].tolist() == oh_hell_game.scores


def test_score_figure_spades_traces(spades_game):
    fig = score_figure(spades_game)
    assert isinstance(fig, go.Figure)
    assert [t.name for t in fig.data] == [NS, EW, f"{NS} bags", f"{EW} bags"]
    assert [list(t.x) for t in fig.data] == [[0, 1, 2, 3]] * 4
    assert list(fig.data[0].y) == [0, -220, -285, -507]
    assert list(fig.data[1].y) == [0, -60, -120, -180]
    assert list(fig.data[2].y) == [0, 0, 5, 3]
    assert list(fig.data[3].y) == [0, 0, 0, 0]
    assert [t.yaxis for t in fig.data] == [None, None, "y2", "y2"]
    assert fig.layout.yaxis2.overlaying == "y"


def test_score_figure_oh_hell_traces(oh_hell_game):
    fig = score_figure(oh_hell_game)
    assert [t.name for t in fig.data] == ["seat 0", "seat 1", "seat 2"]
    assert [list(t.y) for t in fig.data] == [[0, 10, 20, 30], [0, 11, 22, 22], [0, 0, 11, 11]]


def test_start_scores_are_the_first_point_of_the_chart():
    g = SpadesGame(first_deal=5, scores=(120, -40), bags=(7, 2))
    fig = score_figure(g)
    assert [list(t.y) for t in fig.data] == [[120], [-40], [7], [2]]


@pytest.mark.parametrize("game", [SpadesGame(first_deal=1), OhHellGame(OhHellRules(players=5), first_deal=1)])
def test_empty_game_frames_figure_and_widget(game):
    lines = score_lines_frame(game)
    assert len(lines) == 0
    assert "points" in lines.columns and "rule" in lines.columns
    totals = running_totals_frame(game)
    assert len(totals) == 0
    fig = score_figure(game)
    assert len(fig.data) == (4 if game.GAME == "spades" else 5)
    sheet = ScoreSheet(game)
    assert "No hand has been scored yet" in sheet.totals_html.value
    assert sheet.figure is None and sheet.chart is None  # no chart until a hand is scored


def test_scoresheet_widget_tables_chart_and_refresh():
    g = SpadesGame(first_deal=2024, dealer=3)
    sheet = ScoreSheet(g)
    assert sheet.figure is None
    play_fixed(g, [3, 4, 0, 2], 2)
    sheet.refresh()
    assert isinstance(sheet.figure, go.Figure)
    # the chart goes to the browser as plotly's MIME bundle in an Output (not a 5 MB FigureWidget)
    head, shown = sheet.chart.outputs         # the title above the chart (tutor.charts), then the chart
    assert head["data"]["text/plain"] == "Running scores and bags"
    bundle = shown["data"]["application/vnd.plotly.v1+json"]
    assert [t["y"] for t in bundle["data"]][:2] == [[0, -220, -285], [0, -60, -120]]
    assert bundle["config"] == {"displayModeBar": False, "responsive": True}
    assert shown["data"]["text/plain"] == "Running scores after hand 2: North–South −285, East–West −120."
    chart, note = sheet._chart_slot.children
    assert chart is sheet.chart and "bags (10 cost 100 points, SP-20)" in note.value
    # a real minus sign, as the hand's result writes it (issue 33: the sheet wrote "-285", the result "−100")
    assert "<table" in sheet.totals_html.value and "<td>−285</td>" in sheet.totals_html.value
    assert "-2" not in sheet.totals_html.value and "<td>−100</td>" in sheet.lines_html.value
    assert sheet.totals["North–South"].tolist()[-1] == -285  # the data keep their numbers
    assert "SP-19" in sheet.lines_html.value and "failed Nil tricks are bags (South)" in sheet.lines_html.value
    assert list(sheet.figure.data[0].y) == [0, -220, -285]
    assert [t.name for t in sheet.figure.data] == [NS, EW, f"{NS} bags", f"{EW} bags"]
    o = play_fixed(OhHellGame(OhHellRules(players=3, hand_sizes=(1, 2, 3)), first_deal=77, dealer=0), [0, 1, 1], 3)
    sheet.refresh(o)
    assert [t.name for t in sheet.figure.data] == ["seat 0", "seat 1", "seat 2"]
    assert sheet.totals["seat 0"].tolist() == [10, 20, 30]
    assert "Oh Hell" in sheet.title.value


@pytest.mark.parametrize("lang", ["so", "ha", "ceb"])
def test_the_widgets_score_lines_are_in_the_language_the_data_in_english(lang):
    """Issue 27: the sheet a person reads names each line by the engine's message in the page's
    language (SP-17 … SP-20); the rows for notebooks keep the English names of hand records."""
    from engine.text import language, render
    g = play_fixed(SpadesGame(first_deal=2024, dealer=3), [3, 4, 0, 2], 2)
    lines = [line for r in g.results for line in r.score_lines]
    with language(lang):
        sheet = ScoreSheet(g)
        words = [render(line.msg) for line in lines]
    assert {"contract set", "failed Nil tricks are bags (South)"} <= {line.item for line in lines}
    for line, word in zip(lines, words):
        assert word != line.item
        assert f"<td>{html.escape(word)}</td>" in sheet.lines_html.value
        assert f"<td>{html.escape(line.item)}</td>" not in sheet.lines_html.value
    assert sheet.lines["item"].tolist() == [line.item for line in lines]


def test_refresh_keeps_the_chart_until_a_hand_is_added():
    g = SpadesGame(first_deal=2024, dealer=3)
    play_fixed(g, [3, 4, 0, 2], 1)
    sheet = ScoreSheet(g)
    first, first_chart = sheet.figure, sheet.chart
    sheet.refresh()
    assert sheet.figure is first and sheet.chart is first_chart  # nothing new: the same chart, not a rebuilt one
    play_fixed(g, [3, 4, 0, 2], 2)
    sheet.refresh()
    assert sheet.figure is not first
    assert list(sheet.figure.data[0].y) == [0, -220, -285]


def test_score_tables_do_not_use_the_game_tables_class():
    """The game table widget has the class "tt-table"; the score sheet's table
    styles must not reach it (they right-aligned the table's hand result)."""
    g = play_fixed(SpadesGame(first_deal=2024, dealer=3), [3, 4, 0, 2], 1)
    sheet = ScoreSheet(g)
    html_text = sheet.totals_html.value + sheet.lines_html.value
    assert 'class="tt-score-table"' in html_text
    assert 'class="tt-score-table tt-lines"' in html_text
    assert ".tt-table" not in html_text and "tt-table " not in html_text and 'tt-table"' not in html_text


# ---------------------------------------------------------------- the app's Score sheet section
def play_on(game, bids, hands):
    """play_fixed for a game at a table (which deals each hand only when told):
    deals the next hand by its deal number as the table would."""
    while len(game.results) < hands:
        if game.phase is Phase.DEAL:
            game.deal(game.first_deal + game.hands_dealt)
        play_fixed(game, bids, len(game.results) + 1)
    return game


def test_app_score_sheet_follows_the_game_in_play():
    from tutor.app import SECTIONS, TrickTutorApp

    app = TrickTutorApp(seed=11)
    app.open_section("Score sheet")
    assert app.scoresheets == {} and app.scoresheet is None
    assert app.spades_table is None and app.oh_hell_table is None  # opening the sheet starts no game
    box = app._boxes[SECTIONS.index("Score sheet")]
    assert "No game has been started yet" in box.children[0].value

    # Only Oh Hell is played: the sheet is the Oh Hell one, not Spades.
    app.open_section("Play Oh Hell")
    oh = app.oh_hell_table
    play_on(oh.game, [0, 1, 1, 0], 1)
    app.open_section("Score sheet")
    assert list(app.scoresheets) == ["Oh Hell"]
    sheet = app.scoresheets["Oh Hell"]
    assert "Score sheet: Oh Hell" in sheet.title.value and "1 hand scored" in sheet.title.value
    assert sheet.totals["hand"].tolist() == [1]
    assert list(oh.seat_names) == ["You", "Ada", "Ben", "Cleo"]  # the table's names (seat 0 is the learner)
    assert sheet.totals.iloc[-1][list(oh.seat_names)].tolist() == list(oh.game.scores)
    assert "Play Oh Hell" in box.children[0].value and "Play Spades" not in box.children[0].value
    assert "tt-app-scoresheet-oh-hell" in sheet._dom_classes

    # Both games running: both sheets, each following its own game.
    app.open_section("Play Spades")
    sp = app.spades_table
    app.open_section("Score sheet")
    assert list(app.scoresheets) == ["Spades", "Oh Hell"]
    assert "Score sheet: Spades" in app.scoresheets["Spades"].title.value
    assert "0 hands scored" in app.scoresheets["Spades"].title.value
    assert box.children[1].children == (app.scoresheets["Spades"], app.scoresheets["Oh Hell"])
    play_on(sp.game, [3, 4, 3, 2], 1)
    play_on(oh.game, [0, 1, 1, 0], 2)
    app.open_section("Learn")
    app.open_section("Score sheet")
    assert app.scoresheets["Spades"].totals.iloc[-1][["North–South", "East–West"]].tolist() == list(sp.game.scores)
    assert app.scoresheets["Oh Hell"].totals["hand"].tolist() == [1, 2]
    assert app.scoresheets["Oh Hell"] is sheet  # the same widget, refreshed
