"""``?seed=`` in the page's address (issue 25): reproducible deals without a server.

Voila passes the query string as ``$QUERY_STRING``; the static site (Voici) has no
environment, so an invisible widget sends ``location.search`` and the app re-deals
(``TrickTutorApp.reseed``).  Both give the same page as ``build_app(seed=N)``.
"""
from __future__ import annotations

import pytest

from tutor.app import TrickTutorApp, build_app, lab_link
from tutor.page_query import seed_from_environment, seed_from_query


@pytest.mark.parametrize("query, seed", [
    ("?seed=7", 7), ("seed=7", 7), ("?x=1&seed=42", 42), ("?seed=%2012", 12), ("", None), ("?seed=", None),
    ("?seed=seven", None), ("?seed=-3", None), ("?seed=10000000000", None), ("?seed=1.5", None),
])
def test_seed_from_query(query, seed):
    assert seed_from_query(query) == seed


def test_seed_from_environment_prefers_tricktutor_seed():
    assert seed_from_environment({"TRICKTUTOR_SEED": "5", "QUERY_STRING": "seed=9"}) == 5
    assert seed_from_environment({"QUERY_STRING": "seed=9"}) == 9
    assert seed_from_environment({"TRICKTUTOR_SEED": "x", "QUERY_STRING": "seed=9"}) is None
    assert seed_from_environment({}) is None


def test_build_app_reads_voilas_query_string(monkeypatch):
    monkeypatch.delenv("TRICKTUTOR_SEED", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=31")
    assert build_app().seed == 31



def test_the_page_query_re_deals_a_fresh_app_as_build_app_seed_would(monkeypatch):
    monkeypatch.delenv("TRICKTUTOR_SEED", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    fresh = TrickTutorApp(seed=None)
    fresh._page_query.search = "?seed=7"          # what the page's widget sends
    seeded = TrickTutorApp(seed=7)
    assert fresh.seed == 7
    assert fresh.drills["spades"][0].hand.cards == seeded.drills["spades"][0].hand.cards
    assert fresh.drills["spades"][0].table.cards == seeded.drills["spades"][0].table.cards
    # the games opened afterwards are dealt alike too
    fresh.open_section("Play Spades")
    seeded.open_section("Play Spades")
    assert fresh.spades_table.game.first_deal == seeded.spades_table.game.first_deal


def test_the_page_query_never_re_deals_what_the_learner_opened(monkeypatch):
    monkeypatch.delenv("TRICKTUTOR_SEED", raising=False)
    app = TrickTutorApp(seed=None)
    app.open_section("Play Spades")
    deal = app.spades_table.game.first_deal
    app._page_query.search = "?seed=7"
    assert app.seed is None and app.spades_table.game.first_deal == deal


def test_a_seed_given_in_code_wins_over_the_address():
    app = TrickTutorApp(seed=3)
    app._page_query.search = "?seed=7"
    assert app.seed == 3


def test_lab_link_in_the_browser_points_at_jupyterlites_lab(monkeypatch):
    assert lab_link("01_cards_and_tricks.ipynb") == "../../../lab/tree/notebooks/01_cards_and_tricks.ipynb"
    monkeypatch.setattr("sys.platform", "emscripten")
    assert lab_link("01_cards_and_tricks.ipynb") == "../../../lab/index.html?path=notebooks/01_cards_and_tricks.ipynb"
