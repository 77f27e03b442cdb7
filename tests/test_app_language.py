"""The app in another language (issue 27): ``?lang=`` chooses it, the menu switches it without losing
the game in progress, the Learn list opens the chapters of the page's language."""
from __future__ import annotations

import pathlib

import pytest

from engine.text import get_language, set_language
from tutor.app import CHAPTER_LANGUAGES, CHAPTERS, LANGUAGES, SECTIONS, build_app, chapter_path

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def test_the_address_chooses_the_language(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "seed=3&lang=ha")
    monkeypatch.delenv("TRICKTUTOR_SEED", raising=False)
    app = build_app()
    assert get_language() == "ha" and app.language.value == "ha" and app.seed == 3
    monkeypatch.setenv("QUERY_STRING", "lang=xx")     # no catalogue: the language spoken now
    set_language("en")
    assert build_app().language.value == "en"


def test_the_menu_offers_each_language_in_its_own_name():
    app = build_app(seed=1)
    assert [v for _, v in app.language.options] == ["en", "so", "ha", "ceb"]
    assert dict(LANGUAGES)["Soomaali"] == "so"


def test_switching_language_keeps_the_game_in_progress_and_speaks_the_new_one():
    app = build_app(seed=5, lang="en")
    app.open_section("Play Spades")
    table = app.spades_table
    game = table.game
    seat = table.session.learner
    table.session.look()                             # the learner has seen their cards
    actions = len(game.actions) if hasattr(game, "actions") else None
    english_titles = app.tabs.titles
    app.switch_language("qps")                       # as ?lang=qps does (not in the menu)
    assert get_language() == "qps" and app.language.value == "qps"
    assert app.tabs.titles != english_titles and all(t.startswith("[") for t in app.tabs.titles)
    assert app.tabs.selected_index == SECTIONS.index("Play Spades")
    assert app.spades_table is not table and app.spades_table.game is game     # the same game goes on
    assert app.spades_table.session.learner == seat
    if actions is not None:
        assert len(game.actions) == actions
    app.language.value = "so"                        # as a click on the menu does
    assert get_language() == "so" and app.spades_table.game is game
    app.language.value = "en"
    assert app.tabs.titles == english_titles and app.spades_table.game is game


def test_learn_opens_the_chapters_of_the_pages_language():
    for lang, numbers in CHAPTER_LANGUAGES.items():
        for file, *_ in CHAPTERS:
            path = chapter_path(file, lang)
            assert (NOTEBOOKS / path).is_file(), path
            assert (path == f"{lang}/{file}") == (file[:2] in numbers)
    app = build_app(seed=2, lang="so")
    learn = app._boxes[0].children[0].value
    assert "notebooks/so/04_spades_playing_tricks.ipynb" in learn
    assert "notebooks/12_two_player_spades.ipynb" in learn        # not translated: the English chapter
