"""The Trick Tutor app: one page with every part of the tutor, for Voila.

``notebooks/app.ipynb`` is just ``from tutor.app import build_app; build_app()``;
Voila hides the code and shows the page::

    voila notebooks/app.ipynb                         # standalone
    .../voila/render/notebooks/app.ipynb              # inside a Jupyter server (Binder)

The page, titled "Trick Tutor", has five sections (an ipywidgets ``Tab``):

* **Learn** — a summary of each chapter of the notebook series with a link to
  open it in JupyterLab, and the rule ids it teaches (SP-…, OH-…);
* **Drills** — follow suit (SP-14, OH-9, OH-V6), who wins the trick (SP-16,
  OH-10), bidding (SP-5…SP-8, OH-8, OH-V4) and scoring (SP-17…SP-20,
  OH-11, OH-V7, OH-V8), for Spades or Oh Hell, and the draw of Spades for
  two (keep or pass, SP-2P-2) (:mod:`tutor.drills`);
* **Play Spades** — a game at the table, learner South (:mod:`tutor.table`);
  its game choice "Spades for two" switches to a game against one computer
  player, the hand drawn card by card (SP-2P, :mod:`tutor.table_two`);
* **Play Oh Hell** — a game at the table; its "Options for a new game" panel
  switches on the variations OH-V1…OH-V8;
* **Score sheet** — the score sheet of each game being played (*Play
  Spades*, *Play Oh Hell*, or both once both are open;
  :mod:`tutor.scoresheet`), refreshed whenever the section is opened.

Learn and Drills are built at once; the other sections are built the first
time they are opened, so the page is interactive quickly (a game table opens
without pandas or plotly: the score sheet is loaded while the first hand is
played, :mod:`tutor.table`).  A saved game loaded at the wrong tab is refused
with the tab it belongs to (:func:`places`).  Every callback is guarded: an
exception is logged and shown as a short note on the page, never lost.

Deals: ``build_app(seed=None)`` uses ``$TRICKTUTOR_SEED`` if set, else the
page address's ``?seed=N`` (browser tests and a class's shared link make the
page reproducible with it; :mod:`tutor.page_query`), else random deal numbers.
"""
from __future__ import annotations

import html
import logging
import os
import random
import sys
from typing import Any, Callable

import ipywidgets as W  # noqa: E402

from engine import OhHellRules  # noqa: E402
from engine.game import TrickGame  # noqa: E402
from engine.message import Text  # noqa: E402
from engine.text import known_languages  # noqa: E402
from engine.text.render import join_list  # noqa: E402

from .common import Feedback, guarded  # noqa: E402
from .drills import DRILL_GAMES, drill_game, drills_for  # noqa: E402
from .drills.menu import GAME_LABEL as DRILL_GAME_LABEL, INTRO as DRILLS_INTRO  # noqa: E402
from .games import look_for  # noqa: E402
from .page_query import PageQuery, lang_from_environment, lang_from_query, seed_from_environment, seed_from_query  # noqa: E402
from .text import M_, Markup, get_language, say, say_html, set_language  # noqa: E402

__all__ = ["build_app", "TrickTutorApp", "CHAPTERS", "SECTIONS", "SECTION_TITLES", "APP_CSS", "lab_link",
           "LANGUAGES", "CHAPTER_LANGUAGES", "chapter_path"]

log = logging.getLogger("tutor.app")

#: The sections, in page order, by their English titles (the keys tests and :meth:`TrickTutorApp.open_section`
#: use); :data:`SECTION_TITLES` shows them in the page's language.
SECTIONS = ("Learn", "Drills", "Play Spades", "Play Oh Hell", "Score sheet")
SECTION_TITLES: tuple[Text, ...] = (
    # TRANSLATORS: the app's section tabs (short: on a phone three share a row): the chapters' list.
    M_("app.section.learn", "Learn"),
    # TRANSLATORS: the app's section tab of the practice drills.
    M_("app.section.drills", "Drills"),
    # TRANSLATORS: the app's section tab with the Spades table.
    M_("app.section.play_spades", "Play Spades"),
    # TRANSLATORS: the app's section tab with the Oh Hell table.
    M_("app.section.play_oh_hell", "Play Oh Hell"),
    # TRANSLATORS: the app's section tab with the score sheets of the games being played.
    M_("app.section.score_sheet", "Score sheet"),
)

#: The languages the page offers in its menu, each named in itself (never translated); ``?lang=`` may also
#: ask for any language with a catalogue (the pseudo-language ``qps`` of the browser tests).
LANGUAGES = (("English", "en"), ("Soomaali", "so"), ("Hausa", "ha"), ("Binisaya (Cebuano)", "ceb"))
#: The chapters translated into each language (by their two-digit number; the others open in English).
CHAPTER_LANGUAGES: dict[str, tuple[str, ...]] = {lang: tuple(f"{n:02d}" for n in range(11))
                                                 for lang in ("so", "ha", "ceb")}


def chapter_path(notebook: str, lang: str) -> str:
    """The chapter ``notebook`` (an English file name) in ``lang``: ``so/04_….ipynb``
    when it is translated (:data:`CHAPTER_LANGUAGES`), else the English one.

    >>> chapter_path("04_spades_playing_tricks.ipynb", "so"), chapter_path("12_two_player_spades.ipynb", "so")
    ('so/04_spades_playing_tricks.ipynb', '12_two_player_spades.ipynb')
    """
    return f"{lang}/{notebook}" if notebook[:2] in CHAPTER_LANGUAGES.get(lang, ()) else notebook

#: The notebook series: (file name, title, one-line summary, rule ids taught); titles and summaries are
#: catalogue entries (:func:`str` gives the English).
CHAPTERS: tuple[tuple[str, Text, Text, str], ...] = (
    # TRANSLATORS: the title of chapter 00 in the Learn list (the chapter's own title where it is translated).
    ("00_welcome.ipynb", M_("app.chapter.00.title", "Welcome"),
     # TRANSLATORS: the one-line summary of chapter 00 in the Learn list.
     M_("app.chapter.00.summary",
        "What Trick Tutor is, how to run a notebook cell, and how to use this app."),
     ""),
    # TRANSLATORS: the title of chapter 01 in the Learn list (the chapter's own title where it is translated).
    ("01_cards_and_tricks.ipynb", M_("app.chapter.01.title", "Cards, tricks, following suit and trumps"),
     # TRANSLATORS: the one-line summary of chapter 01 in the Learn list.
     M_("app.chapter.01.summary",
        "The pack, the order of the cards, what a trick is, why you must follow suit, and how trumps win."),
     "shared by both games"),
    # TRANSLATORS: the title of chapter 02 in the Learn list (the chapter's own title where it is translated).
    ("02_spades_deal_and_bidding.ipynb", M_("app.chapter.02.title", "Spades: players, the deal and bidding"),
     # TRANSLATORS: the one-line summary of chapter 02 in the Learn list.
     M_("app.chapter.02.summary",
        "Partners sit opposite; 13 cards each; one round of bids; partners add their bids into a contract."),
     "SP-1 … SP-7"),
    # TRANSLATORS: the title of chapter 03 in the Learn list (the chapter's own title where it is translated).
    ("03_spades_nil_and_blind_nil.ipynb", M_("app.chapter.03.title", "Spades: Nil and Blind Nil"),
     # TRANSLATORS: the one-line summary of chapter 03 in the Learn list.
     M_("app.chapter.03.summary",
        "Promise to win nothing for ±100, or do it before looking for ±200, and swap three cards."),
     "SP-8 … SP-11"),
    # TRANSLATORS: the title of chapter 04 in the Learn list (the chapter's own title where it is translated).
    ("04_spades_playing_tricks.ipynb", M_("app.chapter.04.title", "Spades: playing tricks"),
     # TRANSLATORS: the one-line summary of chapter 04 in the Learn list.
     M_("app.chapter.04.summary",
        "Who leads, following suit, why you cannot lead a spade until spades are broken, who wins."),
     "SP-12 … SP-16"),
    # TRANSLATORS: the title of chapter 05 in the Learn list (the chapter's own title where it is translated).
    ("05_spades_scoring.ipynb", M_("app.chapter.05.title", "Spades: scoring, bags and winning"),
     # TRANSLATORS: the one-line summary of chapter 05 in the Learn list.
     M_("app.chapter.05.summary",
        "10 points a trick of the contract, bags and the 100-point bag penalty, and the race to 500."),
     "SP-17 … SP-22"),
    # TRANSLATORS: the title of chapter 06 in the Learn list (the chapter's own title where it is translated).
    ("06_play_spades.ipynb", M_("app.chapter.06.title", "Play a game of Spades"),
     # TRANSLATORS: the one-line summary of chapter 06 in the Learn list.
     M_("app.chapter.06.summary",
        "You and a computer partner against two computer players."),
     ""),
    # TRANSLATORS: the title of chapter 07 in the Learn list (the chapter's own title where it is translated).
    ("07_oh_hell_deal_trump_bidding.ipynb", M_("app.chapter.07.title", "Oh Hell: deal, trump and bidding"),
     # TRANSLATORS: the one-line summary of chapter 07 in the Learn list.
     M_("app.chapter.07.summary",
        "Everyone for himself; hands grow by one card; a turned-up card picks trump; bid what you will win."),
     "OH-1 … OH-8"),
    # TRANSLATORS: the title of chapter 08 in the Learn list (the chapter's own title where it is translated).
    ("08_oh_hell_play_and_scoring.ipynb", M_("app.chapter.08.title", "Oh Hell: play and scoring"),
     # TRANSLATORS: the one-line summary of chapter 08 in the Learn list.
     M_("app.chapter.08.summary",
        "Any card may be led; follow suit; only an exact bid scores 10 + tricks."),
     "OH-9 … OH-12"),
    # TRANSLATORS: the title of chapter 09 in the Learn list (the chapter's own title where it is translated).
    ("09_oh_hell_variations.ipynb", M_("app.chapter.09.title", "Oh Hell variations"),
     # TRANSLATORS: the one-line summary of chapter 09 in the Learn list.
     M_("app.chapter.09.summary",
        "Backwards, up and down, the hook, secret bids, must-trump and two scoring variations."),
     "OH-V1 … OH-V8"),
    # TRANSLATORS: the title of chapter 10 in the Learn list (the chapter's own title where it is translated).
    ("10_play_oh_hell.ipynb", M_("app.chapter.10.title", "Play a game of Oh Hell"),
     # TRANSLATORS: the one-line summary of chapter 10 in the Learn list.
     M_("app.chapter.10.summary",
        "A whole game against computer players, with any variation switched on."),
     ""),
    # TRANSLATORS: the title of chapter 11 in the Learn list (the chapter's own title where it is translated).
    ("11_spades_house_rules.ipynb", M_("app.chapter.11.title", "Spades house rules"),
     # TRANSLATORS: the one-line summary of chapter 11 in the Learn list.
     M_("app.chapter.11.summary",
        "Nil worth 50, when Blind Nil is allowed, bag limits, ten for two hundred, minimum bids, mercy and target."),
     "SP-H1 … SP-H9"),
    # TRANSLATORS: the title of chapter 12 in the Learn list (the chapter's own title where it is translated).
    ("12_two_player_spades.ipynb", M_("app.chapter.12.title", "Spades for two"),
     # TRANSLATORS: the one-line summary of chapter 12 in the Learn list.
     M_("app.chapter.12.summary",
        "No partners: draw your hand card by card (keep one, discard one), bid 0 to 13, two-card tricks."),
     "SP-2P-1 … SP-2P-6"),
    # TRANSLATORS: the title of chapter 13 in the Learn list (the chapter's own title where it is translated).
    ("13_reading_the_review.ipynb", M_("app.chapter.13.title", "Reading the review"),
     # TRANSLATORS: the one-line summary of chapter 13 in the Learn list.
     M_("app.chapter.13.summary",
        "After a hand: what best play would have taken, the cards that cost a trick, and replaying from there."),
     ""),
)

#: The page's styles (system fonts only; nothing is loaded from the network).
APP_CSS = """
<style>
.tt-app { max-width: 1080px; margin: 0 auto; padding: 0 8px 40px; box-sizing: border-box;
  font-family: "DejaVu Sans", "Segoe UI", "Noto Sans", Arial, sans-serif; font-size: 15px;
  color: #1d1d1d; line-height: 1.45; }
.tt-app-header h1 { font-size: 30px; margin: 10px 0 2px; color: #0b5d2a; letter-spacing: .5px; }
/* The heading and the language menu: side by side, the menu under the heading on a phone. */
.tt-app .tt-app-top { flex-wrap: wrap; align-items: flex-start; justify-content: space-between; gap: 0 16px;
  height: auto; width: 100%; }
.tt-app .tt-app-top > .widget-html, .tt-app .tt-app-top > .jupyter-widget-html { flex: 1 1 300px; min-width: 0;
  margin: 0; }
.tt-app .tt-language { width: auto; max-width: 100%; margin: 14px 0 6px; }
/* A control's label (ipywidgets' description, 80 px by default) is as wide as its words in any language,
   wrapping rather than cut. */
.tt-app .widget-inline-hbox > .widget-label, .tt-app .jupyter-widget-inline-hbox > .widget-label {
  width: auto !important; min-width: 0; max-width: 60vw; white-space: normal; overflow: visible;
  text-overflow: clip; flex: 0 1 auto; }
.tt-app-header p { margin: 0 0 8px; font-size: 16px; color: #333; }
/* Section tabs (the app's and the drills'): a bar of buttons that wraps onto a
   second row on a narrow screen instead of running off it; every tab is at
   least 44 px high (touch target) and its label is never cut. */
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar { min-height: 0; height: auto; overflow: visible;
  font: inherit; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar > .lm-TabBar-content { flex-wrap: wrap; gap: 4px;
  align-items: stretch; padding: 0 0 6px; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 1 1 auto !important;
  min-width: 44px !important; max-width: none !important; min-height: 44px; line-height: 1.2;
  margin: 0; padding: 0 14px; align-items: center; justify-content: center; transform: none;
  font-size: 15px; color: #1d1d1d; background: #e6eee6; border: 1px solid #9db09d; border-radius: 8px;
  cursor: pointer; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab:hover:not(.lm-mod-current) {
  background: #d5e4d5; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab.lm-mod-current {
  color: #fff; background: #0b5d2a; border-color: #0b5d2a; font-weight: bold; min-height: 44px;
  transform: none; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab.lm-mod-current:before { display: none; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab:focus-visible {
  outline: 3px solid #0b3fa8; outline-offset: 2px; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tabIcon { display: none; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tabLabel { flex: 0 1 auto;
  overflow: visible; text-overflow: clip; white-space: normal; text-align: center; overflow-wrap: anywhere; }
.tt-app .jupyter-widgets.jupyter-widget-tab > .widget-tab-contents { padding: 12px 14px; border-radius: 8px; }
.tt-app .jupyter-button, .tt-app .widget-button { font-size: 14px; }
.tt-learn { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 10px; }
.tt-learn .tt-chapter { border: 1px solid #cfd8cf; border-radius: 8px; padding: 8px 12px; background: #fbfdfb; }
.tt-learn .tt-chapter h2 { margin: 0 0 4px; font-size: 16px; }
.tt-learn .tt-chapter p { margin: 0 0 4px; }
.tt-learn .tt-rules { font-family: monospace; font-size: 13px; color: #0b5d2a; }
.tt-learn a { color: #0a58ca; display: inline-block; min-height: 24px; padding: 4px 0; }
.tt-section-intro { margin: 0 0 8px; font-size: 15px; }
.tt-app .tt-sheet-note { margin: 4px 0 12px; }
/* option checkboxes and drop-downs: as wide as their labels (ipywidgets' default 300px cuts them) */
.tt-app .widget-checkbox, .tt-app .jupyter-widget-checkbox { width: auto; max-width: 100%; }
.tt-app .widget-dropdown, .tt-app .jupyter-widget-dropdown { width: auto; }
.tt-app .widget-dropdown > select, .tt-app .jupyter-widget-dropdown > select { min-width: 6em; width: auto; }
/* The drills' game switch: buttons of their label's width that wrap, 44 px high. */
.tt-app .tt-drill-game { flex-wrap: wrap; height: auto; width: auto; max-width: 100%; }
.tt-app .tt-drill-game .widget-toggle-buttons, .tt-app .tt-drill-game .jupyter-widget-toggle-buttons {
  flex-wrap: wrap; gap: 4px; }
.tt-app .tt-drill-game .jupyter-button { margin: 0; }
.tt-app .tt-drill-game .jupyter-button.mod-active { background: #1b5e20; color: #fff; font-weight: bold; }
/* Play Spades: four players or Spades for two (the same look as the drills' game switch). */
.tt-app .tt-spades-choice { flex-wrap: wrap; height: auto; width: auto; max-width: 100%; margin: 0 0 8px; }
.tt-app .tt-spades-choice .widget-toggle-buttons, .tt-app .tt-spades-choice .jupyter-widget-toggle-buttons {
  flex-wrap: wrap; gap: 4px; }
.tt-app .tt-spades-choice .jupyter-button { margin: 0; }
.tt-app .tt-spades-choice .jupyter-button.mod-active { background: #1b5e20; color: #fff; font-weight: bold; }
/* Every control is a touch target of at least 44 x 44 px (phones, touch laptops). */
.tt-app .jupyter-button, .tt-app .widget-button { min-height: 44px; min-width: 44px; height: auto; }
.tt-app .widget-text input, .tt-app .jupyter-widget-text input,
.tt-app .widget-dropdown > select, .tt-app .jupyter-widget-dropdown > select { min-height: 44px; height: auto; }
.tt-app .widget-text, .tt-app .jupyter-widget-text,
.tt-app .widget-dropdown, .tt-app .jupyter-widget-dropdown { height: auto; }
.tt-app .widget-checkbox, .tt-app .jupyter-widget-checkbox { height: auto; }
.tt-app .widget-checkbox label, .tt-app .jupyter-widget-checkbox label { min-height: 44px;
  display: inline-flex; align-items: center; }
.tt-app summary { min-height: 44px; line-height: 44px; }
.tt-app input[type=checkbox] { width: 24px; height: 24px; margin: 0 8px 0 0; flex: 0 0 auto; }
/* Accordion headers ("Options for a new game"): readable text, 44 px high. */
.tt-app .jupyter-widget-Collapse-header { color: #1d1d1d; background: #eef3ee; min-height: 44px;
  display: flex; align-items: center; font-weight: bold; }
.tt-app .jupyter-widget-Collapse-header span { color: inherit; }
/* Phones and narrow windows: the page's side margins shrink so that a 13-card
   hand fits 7 + 6 at 390 px. */
@media (max-width: 700px) {
  .jp-Cell:has(.tt-app) { padding: 0 !important; }
  .lm-BoxPanel-child:has(> * .tt-app) { padding: 4px 6px !important; }
  .tt-app { padding: 0 0 40px; }
  .tt-app-header h1 { font-size: 26px; }
  .tt-app-header p { font-size: 15px; }
  .tt-app .jupyter-widgets.jupyter-widget-tab > .widget-tab-contents { padding: 8px 4px; }
  .tt-app .widget-tab-contents .jupyter-widgets.jupyter-widget-tab > .widget-tab-contents {
    padding: 6px 0; border-width: 0; }
  .tt-app .jupyter-widgets.jupyter-widget-tab { margin-left: 0; margin-right: 0; }
  /* three tabs a row at most, so the second row is not one lone long tab */
  .tt-app .jupyter-widgets.jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { padding: 0 8px;
    flex: 1 1 28% !important; }
  .tt-learn a { min-height: 44px; line-height: 36px; }
}
</style>
"""


def lab_link(notebook: str) -> str:
    """Relative link from ``…/voila/render/notebooks/app.ipynb`` to
    ``…/lab/tree/notebooks/<notebook>`` (works under any base URL, e.g.
    Binder's ``/user/<name>/``); in the static site (Python in the browser), from
    ``…/voici/render/notebooks/app.html`` to JupyterLite's
    ``…/lab/index.html?path=notebooks/<notebook>``."""
    if sys.platform == "emscripten":
        return f"../../../lab/index.html?path=notebooks/{notebook}"
    return f"../../../lab/tree/notebooks/{notebook}"


# TRANSLATORS: the Learn section's first paragraph (<b>…</b> marks words shown bold; keep SP-14 as it is).
LEARN_INTRO = M_("app.learn.intro",
                 "The notebook series teaches both games from zero, one idea at a time, with worked examples checked "
                 "by the rules engine. Every rule has an id such as <b>SP-14</b>; the tutor quotes it whenever it "
                 "stops a move. Practise in <b>Drills</b>, then play a whole game.")
# TRANSLATORS: the link under each chapter of the Learn section.
OPEN_CHAPTER = M_("app.learn.open", "Open the chapter in JupyterLab")
# TRANSLATORS: under a chapter of the Learn section that is not translated: it opens in English.
IN_ENGLISH = M_("app.learn.in_english", "(in English)")
# TRANSLATORS: the Learn section's rule ids line of chapter 01, which teaches no rule of its own.
SHARED_RULES = M_("app.learn.shared", "shared by both games")
# TRANSLATORS: shown in a section while it is being built ({what}: the section's or drill's title).
LOADING = M_("app.loading", "Opening {what} …")


def _learn_html() -> str:
    lang = get_language()
    cards = []
    for file, title, summary, rules in CHAPTERS:
        number = file[:2]
        path = chapter_path(file, lang)
        rules_text = say(SHARED_RULES) if rules == "shared by both games" else rules
        rules_html = f"<div class='tt-rules'>{html.escape(rules_text)}</div>" if rules_text else ""
        english = (f" <span class='tt-in-english'>{say_html(IN_ENGLISH)}</span>"
                   if lang in CHAPTER_LANGUAGES and path == file else "")
        cards.append(
            f"<div class='tt-chapter' data-notebook='{html.escape(path)}'>"
            f"<h2>{number} · {html.escape(say(title))}</h2>"
            f"<p>{html.escape(say(summary))}</p>{rules_html}"
            f"<a href='{lab_link(path)}' target='_blank' rel='noopener'>{say_html(OPEN_CHAPTER)}</a>{english}"
            f"</div>")
    return (f"<p class='tt-section-intro'>{say_html(LEARN_INTRO)}</p>"
            "<div class='tt-learn'>" + "".join(cards) + "</div>")


def _loading(what: str) -> W.HTML:
    return W.HTML(f"<p class='tt-loading'><i>{say_html(LOADING, what=what)}</i></p>")


def _seed_from_env() -> int | None:
    return seed_from_environment(os.environ)


# TRANSLATORS: where a saved game of another kind opens in the app, inside "open it {place}" ({tab}: the
# section's title, {choice}: the Play Spades section's game choice, both as the page shows them).
PLACE_CHOICE = M_("app.place.choice", "in the {tab} tab (Game: {choice})")
# TRANSLATORS: where a saved game of Oh Hell opens ({tab}: the section's title as the page shows it).
PLACE_TAB = M_("app.place.tab", "in the {tab} tab")
# TRANSLATORS: the Play Spades section's game choice: four players in partnerships, or Spades for two.
CHOICE_FOUR = M_("app.spades.four", "Four players, partners")
# TRANSLATORS: the Play Spades section's game choice for the two-player game.
CHOICE_TWO = M_("app.spades.two", "Spades for two")
# TRANSLATORS: the label before the Play Spades section's game choice.
GAME_LABEL = M_("app.spades.game", "Game:")


def places() -> dict[str, str]:
    """Where a saved game of each kind opens in the app, in the page's language (a table refuses another
    kind's file, naming this place; :attr:`tutor.session.TableSession.places`), by the tutor's game key."""
    spades = say(SECTION_TITLES[2])
    return {"spades": say(PLACE_CHOICE, tab=spades, choice=say(CHOICE_FOUR)),
            "spades_two": say(PLACE_CHOICE, tab=spades, choice=say(CHOICE_TWO)),
            "oh_hell": say(PLACE_TAB, tab=say(SECTION_TITLES[3]))}


# TRANSLATORS: the page's heading paragraph, under the title "Trick Tutor" (which stays as it is).
HEADER = M_("app.header", "Learn to play <b>Spades</b> and <b>Oh Hell</b>: read a chapter, practise with a drill, "
                          "then play a game. Every illegal move is explained with its rule.")
# TRANSLATORS: the label of the page's language menu (each language is named in itself).
LANGUAGE_LABEL = M_("app.language", "Language:")
# TRANSLATORS: the Play Spades section's first paragraph (SP-22 stays; <b>…</b> bold).
SPADES_INTRO = M_("app.spades.intro",
                  "You are <b>South</b>; your partner North and the opponents East and West are computer players. "
                  "Look at your cards, bid, then click a card to play it. The first partnership to 500 points wins "
                  "(SP-22). Your score sheet is in <b>Score sheet</b>.")
# TRANSLATORS: the first paragraph of the Spades for two table (rule ids stay; <b>…</b> bold).
SPADES_TWO_INTRO = M_("app.spades_two.intro",
                      "Spades for two: you against one computer player, each for themselves (SP-2P-1). First "
                      "<b>draw</b> your hand from the pack, one decision at a time: keep the top card and discard "
                      "the next one, or discard the top card and take the next one (SP-2P-2). Then bid 0 to 13 "
                      "(SP-2P-3) and play two-card tricks (SP-2P-4). The first to 500 points wins (SP-2P-5).")
# TRANSLATORS: the Play Oh Hell section's first paragraph (rule ids stay; "Options for a new game" and "New
# game" are the table's own labels: use the same words as those entries).
OH_HELL_INTRO = M_("app.oh_hell.intro",
                   "You play against computer players, each for themselves (named clockwise from you at the table). "
                   "Hand 1 has one card each, hand 2 two cards, and so on (OH-6); bid the <b>exact</b> number of "
                   "tricks you will win (OH-11). To play a variation (OH-V1 … OH-V8: backwards, the hook, sealed "
                   "bids, must-trump, other scoring), open <b>Options for a new game</b> under the table, switch it "
                   "on and press <b>New game</b>.")
# TRANSLATORS: the Score sheet section before any game was started (<b>…</b>: the sections' titles).
SCORES_NONE = M_("app.scores.none",
                 "No game has been started yet. Open <b>{spades}</b> or <b>{oh_hell}</b> to play; the score sheet "
                 "of each game you play appears here.")
# TRANSLATORS: the Score sheet section's paragraph ({games}: the games being played, e.g. "Play Spades and
# Play Oh Hell", each in bold; rule ids stay).
SCORES_SOME = M_("app.scores.some",
                 "The score sheet of your game in {games}: every line of every hand with its rule (Spades SP-17 … "
                 "SP-20, Oh Hell OH-11, OH-V7, OH-V8) and the running totals.")
# TRANSLATORS: a section could not be built ({section}: its title; {error}: the programmer's error, as is).
SECTION_BROKEN = M_("app.section.broken", "Something went wrong while opening “{section}” ({error}). Try opening "
                                          "the section again.")


class TrickTutorApp(W.VBox):
    """The whole app (see the module docstring).

    ``seed``: deal numbers and drill streams derive from it (None: random).
    Attributes for tests: ``tabs`` (the ``W.Tab``), ``feedback`` (app-level
    :class:`~tutor.common.Feedback`), ``drills`` (dict kind → [follow,
    winner, bidding, scoring]; "spades_two" → [draw]), None until that drill's tab is first opened), ``spades_table``,
    ``spades_two_table`` (Play Spades' "Spades for two", :attr:`spades_choice`), ``oh_hell_table``, ``scoresheet``
    (None until built); :meth:`open_section` selects a section by title.
    """

    def __init__(self, seed: int | None = None, lang: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("tt-app")
        if lang is not None:
            set_language(lang)
        self.seed = seed
        self._rng = random.Random(seed)
        self.feedback = Feedback()
        self.drills: dict[str, list[Any]] = {}
        self.spades_table: Any = None
        self.spades_two_table: Any = None  # built when "Spades for two" is first chosen in Play Spades
        self.oh_hell_table: Any = None
        self.scoresheet = None  # the first of ``scoresheets`` (None while no game is open)
        #: game title ("Spades", "Oh Hell") -> ScoreSheet, for each game table opened, in page
        #: order, as shown in the Score sheet section (which follows the games in play)
        self.scoresheets: dict[str, Any] = {}
        #: the games of the tables built so far, kept across a change of language: key -> (game, learner seat)
        self._games: dict[str, tuple[TrickGame, int]] = {}
        self._header = W.HTML()
        options = list(LANGUAGES)
        if get_language() not in [code for _, code in options]:
            options.append((get_language(), get_language()))  # asked for by ?lang= (the pseudo-language)
        self.language = W.Dropdown(options=options, value=get_language(), description=say(LANGUAGE_LABEL),
                                   style={"description_width": "auto"})
        self.language.add_class("tt-language")
        self.language.observe(self._on_language, names="value")
        self._builders: list[Callable[[], list]] = [
            self._build_learn, self._build_drills, self._build_spades, self._build_oh_hell, self._build_scores]
        self.tabs = W.Tab()
        self.tabs.observe(self._on_tab, names="selected_index")
        # ?seed=N and ?lang=xx of the page's address, where the kernel cannot see it (the static site)
        self._page_query = PageQuery()
        self._page_query.observe(self._on_page_query, names="search")
        self._lay_out()

    def _lay_out(self) -> None:
        """(Re)build every section in the current language; the game tables built so far come back
        with their games as they are (:attr:`_games`), the selected section stays selected."""
        selected = self.tabs.selected_index
        self._header.value = (APP_CSS + "<header class='tt-app-header'><h1>Trick Tutor</h1>"
                              f"<p>{say_html(HEADER)}</p></header>")
        self.language.description = say(LANGUAGE_LABEL)
        titles = tuple(say(t) for t in SECTION_TITLES)
        self._boxes = [W.VBox([_loading(title)]) for title in titles]
        for box, name in zip(self._boxes, SECTIONS):
            box.add_class("tt-section-" + name.lower().replace(" ", "-"))
        self._built = [False] * len(SECTIONS)
        self.tabs.unobserve(self._on_tab, names="selected_index")
        self.tabs.selected_index = None
        self.tabs.children = self._boxes
        self.tabs.titles = titles
        self.tabs.observe(self._on_tab, names="selected_index")
        top = W.HBox([self._header, self.language])
        top.add_class("tt-app-top")
        self.children = [top, self.feedback, self.tabs, self._page_query]
        rebuild = sorted({0, 1, *self._rebuild})
        self._rebuild = ()
        for i in rebuild:  # Learn and Drills are cheap: ready when the page appears; opened sections come back
            self._ensure(i)
        self.tabs.selected_index = selected if selected is not None else 0

    #: sections to build again at once after a change of language (those that were open)
    _rebuild: tuple[int, ...] = ()

    def switch_language(self, code: str) -> None:
        """Speak ``code`` (one of :data:`LANGUAGES`, or any language with a catalogue) from now on:
        every section is built again in it; a game in progress goes on where it was (its cards, bids,
        tricks and scores are the game's, kept), and so does every drill opened (its position, streak
        and counts; the same game and drill tab shown), said again in the new language.
        InvalidInputError for a code that is not a language code."""
        set_language(code)
        for key, table in (("spades", self.spades_table), ("spades_two", self.spades_two_table),
                           ("oh_hell", self.oh_hell_table)):
            if table is not None:
                self._games[key] = (table.game, table.session.learner)
        self._spades_two_wanted = self.spades_choice.value == "two" if hasattr(self, "spades_choice") else False
        self._rebuild = tuple(i for i, built in enumerate(self._built) if built)
        self.spades_table = self.spades_two_table = self.oh_hell_table = None
        self._lay_out()
        if code not in [value for _, value in self.language.options]:
            self.language.options = [*self.language.options, (code, code)]  # the pseudo-language, by ?lang=
        if self.language.value != code:
            self.language.value = code

    @guarded()
    def _on_language(self, change: dict) -> None:
        if change["new"] != get_language():
            self.switch_language(change["new"])

    # ---------------------------------------------------------------- API
    def open_section(self, title: str) -> None:
        """Select the section called ``title`` (one of :data:`SECTIONS`)."""
        self.tabs.selected_index = SECTIONS.index(title)

    def reseed(self, seed: int) -> bool:
        """Deal from ``seed`` as ``TrickTutorApp(seed=seed)`` would: the drills drawn
        so far are drawn again.  Only before a game section was opened or another
        drill shown (False then, and nothing changes): a learner's game is never
        re-dealt under them."""
        if seed == self.seed:
            return True
        opened = any(self._built[2:]) or set(self.drills) - {"spades"} or any(self.drills.get("spades", [None])[1:])
        if opened:
            log.info("seed %s from the address ignored: the learner has already opened more", seed)
            return False
        self.seed, self._rng = seed, random.Random(seed)
        self.drills.clear()
        self._drill_boxes.clear()
        self._show_drills(self._drill_game.value)
        return True

    @guarded()
    def _on_page_query(self, change: dict) -> None:
        seed = seed_from_query(change["new"])
        if seed is not None and self.seed is None:  # a seed given in code or $TRICKTUTOR_SEED wins
            self.reseed(seed)
        lang = lang_from_query(change["new"], known_languages("tutor"))
        if lang is not None and lang != get_language():
            self.switch_language(lang)

    def _next_seed(self) -> int | None:
        return None if self.seed is None else self._rng.randrange(1_000_000)

    # ---------------------------------------------------------------- building
    def _ensure(self, index: int) -> None:
        if self._built[index]:
            return
        box = self._boxes[index]
        try:
            box.children = self._builders[index]()
            self._built[index] = True
        except Exception as e:  # noqa: BLE001 -- shown on the page, logged for us
            log.exception("building section %s", SECTIONS[index])
            note = Feedback()
            note.show_bug(say(SECTION_BROKEN, section=say(SECTION_TITLES[index]), error=f"{type(e).__name__}: {e}"))
            box.children = [note]

    @guarded()
    def _on_tab(self, change: dict) -> None:
        index = change["new"]
        if index is None:
            return
        was_built = self._built[index]
        self._ensure(index)
        if SECTIONS[index] == "Score sheet" and was_built:
            self._refresh_scores()

    def _build_learn(self) -> list:
        return [W.HTML(_learn_html())]

    def _build_drills(self) -> list:
        """The Drills section, built from :data:`tutor.drills.DRILL_GAMES` (the
        game switch) and :data:`tutor.drills.DRILLS` (the tabs).  Built again
        after a change of language, the drills already made stay (their
        position, streak and counts), said again in the language
        (``relabel``), and the game and tab shown stay shown."""
        kind = getattr(self, "_drill_kind", DRILL_GAMES[0].key)
        old_tabs = getattr(self, "_drill_tabs", None)
        which = old_tabs.selected_index if old_tabs is not None and old_tabs.selected_index is not None else 0
        self._drill_game = W.ToggleButtons(
            options=[(say(choice.label), choice.key) for choice in DRILL_GAMES],
            value=kind, description=say(DRILL_GAME_LABEL), style={"button_width": "auto"})
        self._drill_game.add_class("tt-drill-game")
        self._drill_tabs = W.Tab()
        self._drill_tabs.add_class("tt-drill-tabs")
        self._drill_boxes: dict[str, list] = {}
        for made_for, drills in self.drills.items():
            for drill in drills:
                if drill is not None:
                    drill.relabel()
            self._drill_boxes[made_for] = [W.VBox([drill] if drill is not None else [_loading(title)])
                                           for drill, title in zip(drills, self.drill_titles(made_for))]
        self._drill_game.observe(self._on_drill_game, names="value")
        self._drill_tabs.observe(self._on_drill_tab, names="selected_index")
        self._show_drills(kind)
        if which:
            self._drill_tabs.selected_index = which
        intro = W.HTML(f"<p class='tt-section-intro'>{say_html(DRILLS_INTRO)}</p>")
        return [intro, self._drill_game, self._drill_tabs]

    #: The drill tabs of the four-seat games (English; :meth:`drill_titles` gives them in the language).
    DRILL_TITLES = tuple(str(d.title) for d in drills_for(DRILL_GAMES[0].key))

    def drill_titles(self, kind: str) -> tuple[str, ...]:
        """The drill tabs shown for ``kind`` (the game switch's value), in the current language."""
        return tuple(say(d.title) for d in drills_for(kind))

    def _make_drill(self, kind: str, which: int) -> Any:
        """Drill ``which`` (its place in :func:`tutor.drills.drills_for` ``(kind)``) for the
        game switch's choice ``kind``, seeded from the app's seed."""
        seed = self._next_seed()
        seed = seed if seed is not None else random.randrange(1_000_000)
        return drills_for(kind)[which].build(drill_game(kind), seed)

    def _show_drills(self, kind: str) -> None:
        """Show the drills of ``kind``; each is built the first time its tab is
        opened (the follow-suit drill at once), so the page starts quickly."""
        self._drill_kind = kind
        titles = self.drill_titles(kind)
        if kind not in self.drills:
            self.drills[kind] = [None] * len(titles)
            self._drill_boxes[kind] = [W.VBox([_loading(t)]) for t in titles]
        self._drill_tabs.selected_index = None
        self._drill_tabs.children = self._drill_boxes[kind]
        self._drill_tabs.titles = titles
        self._drill_tabs.selected_index = 0
        self._ensure_drill(0)

    def _ensure_drill(self, which: int) -> None:
        kind = self._drill_kind
        if which >= len(self.drills[kind]):
            return
        if self.drills[kind][which] is None:
            drill = self._make_drill(kind, which)
            self.drills[kind][which] = drill
            self._drill_boxes[kind][which].children = [drill]

    @guarded()
    def _on_drill_tab(self, change: dict) -> None:
        if change["new"] is not None:
            self._ensure_drill(change["new"])

    @guarded()
    def _on_drill_game(self, change: dict) -> None:
        self._show_drills(change["new"])

    #: The Play Spades section's game choice: (label, value).
    SPADES_CHOICES = ((CHOICE_FOUR, "four"), (CHOICE_TWO, "two"))
    _spades_two_wanted = False

    def _kept_table(self, key: str) -> Any:
        """A table around the game kept for ``key`` across a change of language, or None."""
        from .table import TABLES  # noqa: PLC0415 - the tables load when their tab is first opened
        kept = self._games.pop(key, None)
        if kept is None:
            return None
        game, learner = kept
        return TABLES[look_for(game.spec).key](game, learner_seat=learner, places=places())

    def _build_spades(self) -> list:
        from .table import new_spades_table  # noqa: PLC0415 - the table loads when its tab is first opened
        self.spades_table = (self._kept_table("spades")
                             or new_spades_table(deal_number=self._next_seed(), places=places()))
        self.spades_table.add_class("tt-play-spades")
        intro = W.HTML(f"<p class='tt-section-intro'>{say_html(SPADES_INTRO)}</p>")
        self._spades_four = W.VBox([intro, self.spades_table])
        self._spades_two = W.VBox([_loading(say(CHOICE_TWO))])
        self._spades_two.layout.display = "none"
        self.spades_choice = W.ToggleButtons(options=[(say(label), value) for label, value in self.SPADES_CHOICES],
                                             value="four", description=say(GAME_LABEL),
                                             style={"button_width": "auto"})
        self.spades_choice.add_class("tt-spades-choice")
        self.spades_choice.observe(self._on_spades_choice, names="value")
        if self._spades_two_wanted or "spades_two" in self._games:
            two = self._spades_two_wanted
            self._spades_two_wanted = False
            if "spades_two" in self._games:
                self._show_spades_two()
            self.spades_choice.value = "two" if two else "four"
        return [self.spades_choice, self._spades_four, self._spades_two]

    def _show_spades_two(self) -> None:
        from .table_two import new_spades_two_table  # noqa: PLC0415 - loaded when first chosen
        self.spades_two_table = (self._kept_table("spades_two")
                                 or new_spades_two_table(deal_number=self._next_seed(), places=places()))
        self.spades_two_table.add_class("tt-play-spades-two")
        intro = W.HTML(f"<p class='tt-section-intro'>{say_html(SPADES_TWO_INTRO)}</p>")
        self._spades_two.children = [intro, self.spades_two_table]

    @guarded()
    def _on_spades_choice(self, change: dict) -> None:
        """Show the four-player table or the table for two (built the first time it is chosen)."""
        two = change["new"] == "two"
        if two and self.spades_two_table is None:
            self._show_spades_two()
        self._spades_four.layout.display = "none" if two else ""
        self._spades_two.layout.display = "" if two else "none"

    def _build_oh_hell(self) -> list:
        from .table import new_oh_hell_table  # noqa: PLC0415 - the table loads when its tab is first opened
        self.oh_hell_table = (self._kept_table("oh_hell")
                              or new_oh_hell_table(OhHellRules(), deal_number=self._next_seed(), places=places()))
        self.oh_hell_table.add_class("tt-play-oh-hell")
        intro = W.HTML(f"<p class='tt-section-intro'>{say_html(OH_HELL_INTRO)}</p>")
        return [intro, self.oh_hell_table]

    def _tables_in_play(self) -> list[tuple[str, Any]]:
        """[(game title, table)] for every game table opened so far, in page order."""
        return [(title, table) for title, table in (("Spades", self.spades_table),
                                                     ("Spades for two", self.spades_two_table),
                                                     ("Oh Hell", self.oh_hell_table))
                if table is not None]

    def _build_scores(self) -> list:
        self._scores_intro = W.HTML()
        self._scores_box = W.VBox()
        self._scoresheets: dict[str, Any] = {}
        self._refresh_scores()
        return [self._scores_intro, self._scores_box]

    def _refresh_scores(self) -> None:
        """Show one score sheet per game being played (Spades, Oh Hell or
        both, as opened in their sections), each redrawn from its table's
        current game (a new or loaded game replaces the old one)."""
        from .scoresheet import ScoreSheet  # noqa: PLC0415 - loaded when the Score sheet tab is opened
        if not hasattr(self, "_scores_box"):
            return
        tables = self._tables_in_play()
        for title, table in tables:
            sheet = self._scoresheets.get(title)
            if sheet is None:
                sheet = ScoreSheet(table.game, names=table.seat_names)
                sheet.add_class("tt-app-scoresheet")
                sheet.add_class("tt-app-scoresheet-" + title.lower().replace(" ", "-"))
                self._scoresheets[title] = sheet
            else:
                sheet.refresh(table.game, names=table.seat_names)
        self.scoresheets = {title: self._scoresheets[title] for title, _ in tables}
        # the first sheet, for callers of the single-game API
        self.scoresheet = next(iter(self.scoresheets.values()), None)
        if not tables:
            intro = say_html(SCORES_NONE, spades=say(SECTION_TITLES[2]), oh_hell=say(SECTION_TITLES[3]))
        else:
            where = {"Spades": SECTION_TITLES[2], "Spades for two": CHOICE_TWO, "Oh Hell": SECTION_TITLES[3]}
            games = join_list([f"<b>{html.escape(say(where[t]))}</b>" for t, _ in tables], get_language())
            intro = say_html(SCORES_SOME, games=Markup(games))
        self._scores_intro.value = f"<p class='tt-section-intro'>{intro}</p>"
        self._scores_box.children = tuple(self.scoresheets.values())


def build_app(seed: int | None = None, lang: str | None = None) -> TrickTutorApp:
    """Build the Trick Tutor page (a widget; display it or make it a cell's
    last value).  ``seed``: reproducible deals and drills (default:
    ``$TRICKTUTOR_SEED`` if set, else the address's ``?seed=`` (see
    :mod:`tutor.page_query`), else random).  ``lang``: the language the page
    speaks (default: the address's ``?lang=`` when it has a catalogue, else the
    language spoken now); its menu switches it later."""
    if seed is None:
        seed = _seed_from_env()
    if lang is None:
        lang = lang_from_environment(known_languages("tutor"), os.environ)
    return TrickTutorApp(seed=seed, lang=lang)
