"""The words of the static site's entry pages (``index.html``, ``offline.html``: scripts/site/build.py).

The build writes each page in English and puts beside it the same words in every
language of the chapters, taken from the tutor catalogue here (never copied by
hand); a few lines of script in the page show the reader's language (see
``build.py``).  :func:`entry_page_words` gives, for one language, each piece of
the pages as HTML: the links' addresses are the build's, their words the
catalogue's, every other character escaped.

>>> words = entry_page_words("en", {"app": "app.html", "chapters": "lab/?path=notebooks/00_welcome.ipynb",
...                                 "exercises": "lab/?path=exercises"})
>>> words["offline_what"]
'What works offline: <a href="app.html">the app</a> (drills, games, score sheets), <a href="lab/?path=notebooks/00_welcome.ipynb">the chapters</a> in every language and <a href="lab/?path=exercises">the exercises</a>.'
"""
from __future__ import annotations

import html

from tutor.text import M_, Markup, language, say, say_html

__all__ = ["entry_page_words", "PAGE_WORDS"]

#: The entry pages' words: catalogue entries.
PAGE_WORDS = {
    # TRANSLATORS: the site's first page: the link that opens the app.
    "open_app": M_("site.open_app", "Open the app"),
    # TRANSLATORS: the site's first page, after the link "Open the app", in brackets: what the app has.
    "app_has": M_("site.app_has", "Spades and Oh Hell: drills, games, score sheets"),
    # TRANSLATORS: the site's pages: the link to the chapters (the lessons).
    "chapters": M_("site.chapters", "the chapters"),
    # TRANSLATORS: the site's pages: the link to the exercises.
    "exercises": M_("site.exercises", "the exercises"),
    # TRANSLATORS: the site's first page: the app and the chapters run Python in the browser; the first visit
    # downloads it, later visits work without the internet.
    "python": M_("site.python", "Python runs in your browser: the first visit downloads it with its packages once; "
                                "later visits start from the browser's cache, and work offline."),
    # TRANSLATORS: the title (browser tab) of the page shown offline for a page the browser never saved.
    "offline_title": M_("site.offline_title", "Trick Tutor: not available offline"),
    # TRANSLATORS: the page shown offline: its first sentence (in bold).
    "offline_head": M_("site.offline_head", "This page is not available offline."),
    # TRANSLATORS: the page shown offline: why.
    "offline_why": M_("site.offline_why", "It was never opened while this computer was online, so the browser has "
                                          "no copy of it."),
    # TRANSLATORS: the page shown offline: what still works; {app}, {chapters} and {exercises} are links (their
    # words: "the app", "the chapters", "the exercises").
    "offline_what": M_("site.offline_what", "What works offline: {app} (drills, games, score sheets), {chapters} in "
                                            "every language and {exercises}."),
    # TRANSLATORS: the page shown offline: the link to the app, inside "What works offline: …".
    "the_app": M_("site.the_app", "the app"),
}


def _link(href: str, words: str) -> Markup:
    return Markup(f'<a href="{html.escape(href)}">{html.escape(words)}</a>')


def entry_page_words(lang: str, links: dict[str, str]) -> dict[str, str]:
    """Each piece of the entry pages in ``lang`` as HTML, the links (``links``: ``app``, ``chapters``,
    ``exercises`` → address) made with the catalogue's words."""
    with language(lang):
        plain = {key: html.escape(say(entry)) for key, entry in PAGE_WORDS.items() if key != "offline_what"}
        anchors = {"app": _link(links["app"], say(PAGE_WORDS["the_app"])),
                   "chapters": _link(links["chapters"], say(PAGE_WORDS["chapters"])),
                   "exercises": _link(links["exercises"], say(PAGE_WORDS["exercises"]))}
        return {**plain, "offline_what": say_html(PAGE_WORDS["offline_what"], **anchors),
                "open_app_link": _link(links["app"], say(PAGE_WORDS["open_app"])),
                "chapters_link": anchors["chapters"], "exercises_link": anchors["exercises"]}
