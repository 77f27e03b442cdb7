"""The Trick Tutor app: one page with every part of the tutor, for Voila.

``notebooks/app.ipynb`` is just ``from tutor.app import build_app; build_app()``;
Voila hides the code and shows the page::

    voila notebooks/app.ipynb                         # standalone
    .../voila/render/notebooks/app.ipynb              # inside a Jupyter server (Binder)

The page, titled "Trick Tutor", has six sections (an ipywidgets ``Tab``):

* **Learn** — a summary of each chapter of the notebook series with a link to
  open it in JupyterLab, and the rule ids it teaches (SP-…, OH-…);
* **Drills** — follow suit (SP-14, OH-9, OH-V6), who wins the trick (SP-16,
  OH-10), bidding (SP-5…SP-8, OH-8, OH-V4) and scoring (SP-17…SP-20,
  OH-11, OH-V7, OH-V8), for Spades or Oh Hell, and the draw of Spades for
  two (keep or pass, SP-2P-2) (:mod:`tutor.drills`);
* **Play Spades** — a game at the table, learner South (:mod:`tutor.table`);
  its game choice "Spades for two" switches to a game against one computer
  player, the hand drawn card by card (SP-2P, :mod:`tutor.table.two`);
* **Play Oh Hell** — a game at the table; its "Options for a new game" panel
  switches on the variations OH-V1…OH-V8;
* **Score sheet** — the score sheet of each game being played (*Play
  Spades*, *Play Oh Hell*, or both once both are open;
  :mod:`tutor.scoresheet`), refreshed whenever the section is opened;
* **Play with others** — a seat at a table of a table server, with people on
  other phones and computers (``?table=CODE&server=ws://HOST:PORT/ws`` fills
  in the address and the code; :mod:`tutor.play_together`, issue 35).

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

import functools
import gc
import html
import json
import logging
import os
import pathlib
import random
import sys
from typing import Any, Callable
from urllib.parse import parse_qs

import ipywidgets as W

from engine.game import TrickGame
from engine.message import Text
from engine.text import known_languages
from engine.text.render import join_list

from .common import Feedback, guarded, import_in_background
from .drills import DRILL_GAMES, drill_game, drills_for
from .drills.menu import GAME_LABEL as DRILL_GAME_LABEL, INTRO as DRILLS_INTRO
from .games import KITS, TutorKit, app_sections, kit_for
from .page_query import PageQuery, lang_from_environment, lang_from_query, seed_from_environment, seed_from_query
from .text import M_, Markup, get_language, say, say_html, set_language, translate

__all__ = ["build_app", "TrickTutorApp", "CHAPTERS", "SECTIONS", "SECTION_TITLES", "APP_CSS", "lab_link",
           "LANGUAGES", "CHAPTER_LANGUAGES", "chapter_path"]

log = logging.getLogger("tutor.app")

#: The sections' titles, in page order: Learn, Drills, the sections that play the games (each game's kit
#: names its section, :data:`tutor.games.KITS`), Score sheet.
SECTION_TITLES: tuple[Text, ...] = (
    # TRANSLATORS: the app's section tabs (short: on a phone three share a row): the chapters' list.
    M_("app.section.learn", "Learn"),
    # TRANSLATORS: the app's section tab of the practice drills.
    M_("app.section.drills", "Drills"),
    *app_sections(),
    # TRANSLATORS: the app's section tab with the score sheets of the games being played.
    M_("app.section.score_sheet", "Score sheet"),
    # TRANSLATORS: the app's section tab where a person joins a table of a table server (people on other devices).
    M_("app.section.together", "Play with others"),
)
#: The sections, in page order, by their English titles (the keys tests and :meth:`TrickTutorApp.open_section`
#: use); :data:`SECTION_TITLES` shows them in the page's language.
SECTIONS = tuple(str(t) for t in SECTION_TITLES)

# TRANSLATORS: this language's own name, as the page's language menu shows it (each language is named in
# itself, never in English: Somali "Soomaali").
LANGUAGE_NAME = M_("app.language.name", "English")
#: The pseudo-language of the browser tests: asked for by ``?lang=qps``, never offered in the menu.
PSEUDO_LANGUAGE = "qps"


#: Each language's name in itself, as ``scripts/messages.py`` compiles it from the catalogues
#: (:data:`LANGUAGE_NAME`'s translation): read instead of the catalogues, so that a page loads no
#: catalogue but its own.
LANGUAGE_NAMES_FILE = pathlib.Path(__file__).parent / "locale" / "languages.json"


def menu_languages() -> tuple[tuple[str, str], ...]:
    """The languages the page's menu offers, as ``(name, code)``: English, then every language the tutor
    has a catalogue of (its locale folder, :func:`engine.text.known_languages`), each named in itself
    (its own catalogue's :data:`LANGUAGE_NAME`, from :data:`LANGUAGE_NAMES_FILE`; a language missing
    there is named from its catalogue)."""
    names = json.loads(LANGUAGE_NAMES_FILE.read_text(encoding="utf-8"))
    return tuple((names.get(code) or translate(LANGUAGE_NAME, code), code) for code in known_languages("tutor")
                 if code != PSEUDO_LANGUAGE)


#: The languages the page offers in its menu (:func:`menu_languages`); ``?lang=`` may also ask for any
#: language with a catalogue (the pseudo-language ``qps`` of the browser tests).
LANGUAGES = menu_languages()
#: The chapters translated into each language (by their two-digit number; the others open in English).
CHAPTER_LANGUAGES: dict[str, tuple[str, ...]] = {lang: tuple(f"{n:02d}" for n in range(14))
                                                 for lang in ("so", "ha", "ceb")}


def chapter_path(notebook: str, lang: str) -> str:
    """The chapter ``notebook`` (an English file name) in ``lang``: ``so/04_….ipynb``
    when it is translated (:data:`CHAPTER_LANGUAGES`), else the English one.

    >>> chapter_path("04_spades_playing_tricks.ipynb", "so"), chapter_path("12_two_player_spades.ipynb", "en")
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

#: The page's styles (tutor/static/app.css: system fonts only; nothing is loaded from the network).
APP_CSS = "\n<style>\n" + (pathlib.Path(__file__).parent / "static" / "app.css").read_text(encoding="utf-8") + "</style>\n"


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
# TRANSLATORS: the label before the Play Spades section's game choice.
GAME_LABEL = M_("app.spades.game", "Game:")


def section_kits(section: Text) -> tuple[TutorKit, ...]:
    """The kits of the games the app's section ``section`` plays, in order (the first is shown at once; a
    section playing several offers a game choice, each kit's :attr:`~tutor.games.TutorKit.choice`)."""
    return tuple(kit for kit in KITS if kit.section is section)


def _choice(kit: TutorKit) -> Text:
    if kit.choice is None:
        raise ValueError(f"the kit of {kit.key!r} shares its section with other games: it needs a choice entry")
    return kit.choice


def places() -> dict[str, str]:
    """Where a saved game of each kind opens in the app, in the page's language (a table refuses another
    kind's file, naming this place; :attr:`tutor.session.TableSession.places`), by the tutor's game key."""
    out = {}
    for kit in KITS:
        tab = say(kit.section)
        several = len(section_kits(kit.section)) > 1
        out[kit.key] = say(PLACE_CHOICE, tab=tab, choice=say(_choice(kit))) if several else say(PLACE_TAB, tab=tab)
    return out


def _where(kit: TutorKit) -> Text:
    """What the Score sheet section calls where ``kit``'s game is played: its section (its choice when it is
    not its section's first game)."""
    return kit.section if section_kits(kit.section)[0] is kit else _choice(kit)


# TRANSLATORS: the page's heading paragraph, under the title "Trick Tutor" (which stays as it is).
HEADER = M_("app.header", "Learn to play <b>Spades</b> and <b>Oh Hell</b>: read a chapter, practise with a drill, "
                          "then play a game. Every illegal move is explained with its rule.")
# TRANSLATORS: the label of the page's language menu (each language is named in itself).
LANGUAGE_LABEL = M_("app.language", "Language:")
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


def _page_language(fn: Callable[..., Any]) -> Callable[..., Any]:
    """An app callback speaks the page's language (:attr:`TrickTutorApp.lang`): set in the context it runs in
    (a kernel's, where it stays for the page's other widgets) before the callback builds anything."""
    @functools.wraps(fn)
    def wrapper(self: TrickTutorApp, *args: Any, **kwargs: Any) -> Any:
        if get_language() != self.lang:
            set_language(self.lang)
        return fn(self, *args, **kwargs)
    return wrapper


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
        #: The page's language: the reader's (engine.text.lang holds it per context; in a kernel, every cell
        #: and widget callback of the page runs in the kernel's one context, so the page speaks it throughout).
        self.lang = get_language()
        self.seed = seed
        self._rng = random.Random(seed)
        self.feedback = Feedback()
        self.drills: dict[str, list[Any]] = {}
        #: The game tables built so far, by the tutor's game key (``app.<key>_table`` reads one, None before);
        #: a section playing several games builds each when it is first chosen.
        self.tables: dict[str, Any] = {}
        #: The game choice of each section playing several games, by its first game's key (values: game keys).
        self.choices: dict[str, W.ToggleButtons] = {}
        #: Each game's box in its section (intro and table), by game key.
        self.game_boxes: dict[str, W.VBox] = {}
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
            self._build_learn, self._build_drills,
            *(functools.partial(self._build_games, section) for section in app_sections()), self._build_scores,
            self._build_together]
        #: The "Play with others" section (:mod:`tutor.play_together`), None until opened; its connection and
        #: seat (the relay and the link) are kept when the page is laid out again in another language.
        self.together: Any = None
        self._together_parts: tuple[Any, Any] | None = None
        self.tabs = W.Tab()
        self.tabs.observe(self._on_tab, names="selected_index")
        # ?seed=N and ?lang=xx of the page's address, where the kernel cannot see it (the static site)
        self._page_query = PageQuery()
        self._page_query.observe(self._on_page_query, names="search")
        self._lay_out()
        self._open_a_joined_table(os.environ.get("QUERY_STRING", ""))  # Voila: the page's address

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
        self.lang = code
        for key, table in self.tables.items():
            self._games[key] = (table.game, table.session.learner)
        self._chosen = {first: choice.value for first, choice in self.choices.items()}
        self._rebuild = tuple(i for i, built in enumerate(self._built) if built)
        self.tables.clear()
        self.choices.clear()
        self.game_boxes.clear()
        self._lay_out()
        if code not in [value for _, value in self.language.options]:
            self.language.options = [*self.language.options, (code, code)]  # the pseudo-language, by ?lang=
        if self.language.value != code:
            self.language.value = code

    @_page_language
    @guarded()
    def _on_language(self, change: dict) -> None:
        if change["new"] != get_language():
            self.switch_language(change["new"])

    def __getattr__(self, name: str) -> Any:
        """``app.<key>_table`` (``app.spades_table``, ``app.oh_hell_table`` …): the table of the game
        ``key`` (:data:`tutor.games.KITS`), None until it is built."""
        key = name[:-len("_table")] if name.endswith("_table") else None
        if key is not None and any(kit.key == key for kit in KITS):
            return self.__dict__.get("tables", {}).get(key)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
        first = DRILL_GAMES[0].key
        opened = any(self._built[2:]) or set(self.drills) - {first} or any(self.drills.get(first, [None])[1:])
        if opened:
            log.info("seed %s from the address ignored: the learner has already opened more", seed)
            return False
        self.seed, self._rng = seed, random.Random(seed)
        self.drills.clear()
        self._drill_boxes.clear()
        self._show_drills(self._drill_game.value)
        return True

    @_page_language
    @guarded()
    def _on_page_query(self, change: dict) -> None:
        seed = seed_from_query(change["new"])
        if seed is not None and self.seed is None:  # a seed given in code or $TRICKTUTOR_SEED wins
            self.reseed(seed)
        lang = lang_from_query(change["new"], known_languages("tutor"))
        if lang is not None and lang != get_language():
            self.switch_language(lang)
        self._open_a_joined_table(change["new"])

    def _open_a_joined_table(self, query: str) -> None:
        """A join link (``?table=CODE&server=…``, issue 35) opens the page on "Play with others"."""
        if parse_qs((query or "").lstrip("?")).get("table"):
            self.open_section("Play with others")

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
        except Exception as e:  # shown on the page, logged for us
            log.exception("building section %s", SECTIONS[index])
            note = Feedback()
            note.show_bug(say(SECTION_BROKEN, section=say(SECTION_TITLES[index]), error=f"{type(e).__name__}: {e}"))
            box.children = [note]

    @_page_language
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

    @_page_language
    @guarded()
    def _on_drill_tab(self, change: dict) -> None:
        if change["new"] is not None:
            self._ensure_drill(change["new"])

    @_page_language
    @guarded()
    def _on_drill_game(self, change: dict) -> None:
        self._show_drills(change["new"])

    #: The game chosen in each section playing several games (by its first game's key), kept across a change
    #: of language.
    _chosen: dict[str, str] = {}

    def _new_table(self, kit: TutorKit) -> Any:
        """The table of ``kit``'s game: around the game kept across a change of language, or a new game
        (the app's deal numbers, :meth:`_next_seed`); its module is loaded now, when first needed."""
        from .table import play_table  # noqa: PLC0415 - the tables load when their section is first opened
        kept = self._games.pop(kit.key, None)
        if kept is not None:
            game, learner = kept
            return kit.table_class().for_game(game, learner_seat=learner, places=places())
        return play_table(kit.spec, deal_number=self._next_seed(), places=places())

    def _build_games(self, section: Text) -> list:
        """A section playing games (:func:`section_kits`): its first game's table at once; when it plays
        several, a game choice, each other game's table built when it is first chosen."""
        kits = section_kits(section)
        first = kits[0]
        for kit in kits:
            self.game_boxes[kit.key] = W.VBox([_loading(say(kit.choice if kit.choice is not None else kit.section))])
        self._show_game(first)
        if len(kits) == 1:
            return [self.game_boxes[first.key]]
        for kit in kits[1:]:
            self.game_boxes[kit.key].layout.display = "none"
        choice = W.ToggleButtons(options=[(say(_choice(kit)), kit.key) for kit in kits], value=first.key,
                                 description=say(GAME_LABEL), style={"button_width": "auto"})
        choice.add_class(f"tt-{first.key.replace('_', '-')}-choice")
        choice.observe(self._on_game_choice, names="value")
        self.choices[first.key] = choice
        wanted = self._chosen.get(first.key, first.key)
        for kit in kits[1:]:
            if kit.key in self._games:
                self._show_game(kit)
        choice.value = wanted
        return [choice, *(self.game_boxes[kit.key] for kit in kits)]

    def _show_game(self, kit: TutorKit) -> None:
        """Build ``kit``'s table in its box (intro above it)."""
        table = self._new_table(kit)
        table.add_class("tt-play-" + kit.key.replace("_", "-"))
        self.tables[kit.key] = table
        intro = W.HTML(f"<p class='tt-section-intro'>{say_html(kit.intro)}</p>")
        self.game_boxes[kit.key].children = [intro, table]

    @_page_language
    @guarded()
    def _on_game_choice(self, change: dict) -> None:
        """Show the chosen game's table (built the first time it is chosen), hide the others of its section."""
        chosen = next(kit for kit in KITS if kit.key == change["new"])
        if chosen.key not in self.tables:
            self._show_game(chosen)
        for kit in section_kits(chosen.section):
            self.game_boxes[kit.key].layout.display = "" if kit is chosen else "none"

    def _tables_in_play(self) -> list[tuple[str, Any]]:
        """[(game title, table)] for every game table opened so far, in page order."""
        return [(str(kit.spec.title), self.tables[kit.key]) for kit in KITS if kit.key in self.tables]

    def _build_together(self) -> list:
        from .play_together import PlayTogether  # noqa: PLC0415 - loaded when the section is first opened
        parts = self._together_parts
        old = self.together
        if old is not None:
            old.detach()
        # the same connection, seat, boxes and teacher's board, in the new language
        self.together = PlayTogether(*parts, previous=old) if parts and old is not None else PlayTogether()
        self._together_parts = (self.together.relay, self.together.link)
        return [self.together]

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
            first, *_, last = app_sections()  # the entry names the first and the last section of the games
            intro = say_html(SCORES_NONE, spades=say(first), oh_hell=say(last))
        else:
            games = join_list([f"<b>{html.escape(say(_where(kit_for(table.game))))}</b>" for _, table in tables],
                              get_language())
            intro = say_html(SCORES_SOME, games=Markup(games))
        self._scores_intro.value = f"<p class='tt-section-intro'>{intro}</p>"
        self._scores_box.children = tuple(self.scoresheets.values())


#: Seconds after the page is built when the games' table modules are imported in the background (the first
#: page and its first card come first; Pyodide, with no threads, imports them when a table opens).
TABLE_WARM_UP_S = 2.0


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
    app = TrickTutorApp(seed=seed, lang=lang)
    # the games' tables, read while the learner is on the first page, so that a table opens at once
    import_in_background("tutor.table", *sorted({kit.table.split(":")[0] for kit in KITS}), delay=TABLE_WARM_UP_S)
    # The page's long-lived objects (its widgets, the catalogues, the engine's tables) leave the cyclic
    # collector's generations: a full collection no longer scans them in the middle of a learner's click
    # (browser_speed.py: without this, one review in two waited ~35 ms for one). Garbage made later is
    # collected as before.
    gc.freeze()
    return app
