"""The app in another language (issue 27): ``?lang=`` chooses it, the menu switches it without losing
the game in progress, the Learn list opens the chapters of the page's language."""
from __future__ import annotations

import pathlib

import pytest

from engine.text import get_language, set_language
from tutor.drills import drill_game, drills_for
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
    """The menu is derived from the locale folders: a language with a catalogue is offered, named by its
    own catalogue (issue 32)."""
    app = build_app(seed=1)
    assert [v for _, v in app.language.options] == ["en", "ceb", "ha", "so"]   # English, then by code
    assert dict(LANGUAGES) == {"English": "en", "Binisaya (Cebuano)": "ceb", "Hausa": "ha", "Soomaali": "so"}


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


def _drill_words(drill) -> str:
    return " ".join(str(getattr(w, "value", "")) + " " + str(getattr(w, "description", ""))
                    for w in drill.children)


def test_switching_language_keeps_each_drill_its_position_and_its_counts():
    """Issue 34: a change of language mid-drill used to start the drills again (streak and position
    lost, and from the bidding drill back to follow suit)."""
    app = build_app(seed=7, lang="en")
    app.open_section("Drills")
    follow = app.drills["spades"][0]
    follow.debounce_s = 0                               # clicks as fast as a test makes them
    for _ in range(3):                                  # three positions answered right at the first try
        follow.click(follow.legal_cards()[0])
    while not (wrong := [c for c in follow.hand.cards if c not in follow.legal_cards()]):
        follow.next()                                   # a position where a card is refused
    follow.click(wrong[0])                              # a mistake on this position
    position, streak, best, mistakes = follow.position, follow.streak, follow.best_streak, dict(follow.mistakes)
    app._drill_tabs.selected_index = 2                  # the bidding drill
    bidding = app.drills["spades"][2]
    deal, hand = bidding.deal_number, list(bidding.hand.cards)
    bidding.bid(3)
    advice_en = bidding.advice_html.value
    app.switch_language("so")
    assert app._drill_tabs.selected_index == 2 and app._drill_game.value == "spades"
    assert app.drills["spades"][0] is follow and app.drills["spades"][2] is bidding
    assert (follow.position, follow.streak, follow.best_streak, dict(follow.mistakes)) == (position, streak, best,
                                                                                            mistakes)
    assert bidding.deal_number == deal and list(bidding.hand.cards) == hand and bidding.learner_bid == 3
    assert bidding.advice_html.value and bidding.advice_html.value != advice_en     # said again, in Somali
    assert bidding.bid_button.description not in ("", "Bid")
    assert "Streak" not in follow.stats.value and "Follow suit" not in follow.title.value
    assert follow in app._drill_boxes["spades"][0].children and bidding in app._drill_boxes["spades"][2].children
    follow.click(follow.legal_cards()[0])               # the drill goes on from the same position
    assert follow.positions_done == 4 and follow.position is not position and follow.streak == 0


def test_learn_opens_the_chapters_of_the_pages_language():
    for lang, numbers in CHAPTER_LANGUAGES.items():
        for file, *_ in CHAPTERS:
            path = chapter_path(file, lang)
            assert (NOTEBOOKS / path).is_file(), path
            assert (path == f"{lang}/{file}") == (file[:2] in numbers)
    app = build_app(seed=2, lang="so")
    learn = app._boxes[0].children[0].value
    assert "notebooks/so/04_spades_playing_tricks.ipynb" in learn
    assert "notebooks/so/12_two_player_spades.ipynb" in learn     # chapters 11–13 are in Somali too


def _play_some(table, steps: int) -> None:
    """The learner looks at their cards, bids the first bid offered and plays the first legal card,
    ``steps`` decisions in all (the computer players answer)."""
    import random

    rng = random.Random(7)
    for _ in range(steps):
        g, me = table.game, table.learner_seat
        if g.game_over or me not in g.seats_to_act:
            break
        if g.phase.name == "BIDDING":
            if g.view(me).hand is None:
                table.look()
            table.click_bid(rng.choice([b.value for b in g.legal_bids(me) if not b.blind and b.value <= 4]))
        else:
            table.click_card(g.legal_plays(me)[0].code)
        assert table.last_verdict.ok


@pytest.mark.parametrize("make, saved_in, loaded_in", [
    ("spades", "so", "ha"), ("spades", "ceb", "en"), ("spades", "en", "so"),
    ("oh_hell", "ha", "ceb"), ("oh_hell", "so", "en")])
def test_a_saved_game_loads_in_any_language(make, saved_in, loaded_in):
    """Issue 27: a game saved in one language (the Save link's file) loads in another, the same game to
    the card: a hand record carries no words (docs/HAND_RECORD.md), so the file is byte-for-byte the one
    an English page saves, and the table says "Loaded the game …" in the language it is in now."""
    import base64
    import json

    from tutor.session import LOADED
    from tutor.table import new_oh_hell_table, new_spades_table
    from tutor.text import say

    new = {"spades": new_spades_table, "oh_hell": new_oh_hell_table}[make]
    files = {}
    for lang in (saved_in, "en"):
        set_language(lang)
        table = new(deal_number=303, level=1)
        _play_some(table, 6)
        table._on_save()
        files[lang] = base64.b64decode(table.download_html.split("base64,", 1)[1].split('"', 1)[0])
        record = table.save_record()
    assert files[saved_in] == files["en"]
    set_language(loaded_in)
    other = new(deal_number=1, level=1)
    other._upload.simulate("tricktutor-game.json", files[saved_in])
    assert other.feedback.kind == "ok"
    assert other.save_record() == record == json.loads(files[saved_in])
    assert other.hand_widget.cards == table.hand_widget.cards
    assert other.feedback.text == say(LOADED, hand_no=other.game.hands_dealt,
                                      turn=other._session.turn_phrase())
    if loaded_in != "en":
        set_language("en")
        assert other.feedback.text != say(LOADED, hand_no=other.game.hands_dealt,
                                          turn=other._session.turn_phrase())


@pytest.mark.parametrize("kind", ["spades", "oh_hell", "spades_two"])
def test_every_drill_says_itself_again_in_the_new_language(kind):
    """``relabel``: each drill's words in the language now, its state untouched."""
    for entry in drills_for(kind):
        set_language("en")
        drill = entry.build(drill_game(kind), 3)
        before = {k: v for k, v in vars(drill).items() if k in ("streak", "best_streak", "count", "positions_done",
                                                                "problems_done", "hands_played", "deal_number")}
        english = drill.title.value
        set_language("so")
        drill.relabel()
        assert drill.title.value != english, entry
        assert {k: getattr(drill, k) for k in before} == before, entry


def test_the_menu_names_come_from_the_catalogues_without_loading_them():
    """``tutor/locale/languages.json`` (written by scripts/messages.py from the catalogues) names each
    language as its own catalogue does, and an English page's start parses no tutor catalogue at all
    (parsing the three to name them cost the start 90 million instructions: issue 32's speed check)."""
    import json
    import subprocess
    import sys

    from tutor.app import LANGUAGE_NAME, LANGUAGE_NAMES_FILE, translate
    from engine.text import known_languages
    names = json.loads(LANGUAGE_NAMES_FILE.read_text(encoding="utf-8"))
    assert {c: names[c] for c in known_languages("tutor") if c != "en"} == {
        c: translate(LANGUAGE_NAME, c) for c in known_languages("tutor") if c != "en"}
    probe = ("import gettext, sys\n"
             "parsed = []\n"
             "orig = gettext.GNUTranslations._parse\n"
             "def parse(self, fp):\n"
             "    parsed.append(getattr(fp, 'name', '?'))\n"
             "    return orig(self, fp)\n"
             "gettext.GNUTranslations._parse = parse\n"
             "from tutor.app import build_app\n"
             "app = build_app(seed=1, lang='en')\n"
             "print(len(app.language.options), [p for p in parsed if p.endswith('tutor.mo')])\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split("\n")[0] == "4 []", out.stdout + out.stderr
