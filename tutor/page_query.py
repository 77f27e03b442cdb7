"""The page's address, for the app: ``?seed=N`` makes its deals reproducible,
``?lang=so`` (``ha``, ``ceb``, ``en``) chooses the language it speaks.

A teacher's link ``…/app.html?seed=42`` gives the whole class the same drills and
deals; the browser tests use it to be deterministic.  Two ways in, one answer:

* Voila (a server) passes the query string to the kernel as ``$QUERY_STRING``:
  read when the app is built (:func:`seed_from_environment`);
* the static site (Voici: Python in the browser, no server and no environment)
  has no such variable: :class:`PageQuery`, an invisible widget, reads
  ``window.location.search`` in the page once it is shown and sends it to the
  kernel, where the app re-deals what it has drawn so far
  (:meth:`tutor.app.TrickTutorApp.reseed`).

``$TRICKTUTOR_SEED`` (a whole number) still works and wins over the address.
A ``lang`` that is not a language code, or one with no catalogue, is English.
"""
from __future__ import annotations

import logging
import os
from urllib.parse import parse_qs

import anywidget
import traitlets

__all__ = ["PageQuery", "seed_from_query", "seed_from_environment", "lang_from_query", "lang_from_environment"]

log = logging.getLogger("tutor.page_query")

#: Largest seed accepted from an address (a deal number's range).
MAX_SEED = 10**9


def seed_from_query(query: str) -> int | None:
    """The ``seed`` of a query string (``"?seed=7&x=1"`` or ``"seed=7"``): a whole
    number 0 … 10⁹, else None (missing or malformed: random deals, never an error)."""
    values = parse_qs(query.lstrip("?")).get("seed", [])
    try:
        seed = int(values[0].strip()) if values else None
    except ValueError:
        log.warning("seed=%r in the address is not a whole number; using random deals", values[0])
        return None
    if seed is not None and not 0 <= seed <= MAX_SEED:
        log.warning("seed=%d in the address is out of range (0 … %d); using random deals", seed, MAX_SEED)
        return None
    return seed


def seed_from_environment(environ=os.environ) -> int | None:
    """``$TRICKTUTOR_SEED`` if set (a whole number), else the ``seed`` of Voila's
    ``$QUERY_STRING``, else None."""
    text = environ.get("TRICKTUTOR_SEED", "").strip()
    if text:
        try:
            return int(text)
        except ValueError:
            log.warning("TRICKTUTOR_SEED=%r is not a whole number; using random deals", text)
            return None
    return seed_from_query(environ.get("QUERY_STRING", ""))


def lang_from_query(query: str, known: tuple[str, ...]) -> str | None:
    """The ``lang`` of a query string (``"?lang=so"``) when it is one of ``known``
    (the languages with a catalogue, :func:`engine.text.known_languages`), else
    None (missing or unknown: the app's default, never an error).

    >>> lang_from_query("?seed=3&lang=ha", ("en", "so", "ha"))
    'ha'
    >>> lang_from_query("lang=xx", ("en", "so")) is None
    True
    """
    values = parse_qs(query.lstrip("?")).get("lang", [])
    code = values[0].strip() if values else ""
    if not code:
        return None
    if code not in known:
        log.warning("lang=%r in the address has no catalogue; speaking the default", code)
        return None
    return code


def lang_from_environment(known: tuple[str, ...], environ=os.environ) -> str | None:
    """The ``lang`` of Voila's ``$QUERY_STRING`` (see :func:`lang_from_query`)."""
    return lang_from_query(environ.get("QUERY_STRING", ""), known)


class PageQuery(anywidget.AnyWidget):
    """Shows nothing; once on the page, sets :attr:`search` to the page's
    ``location.search`` (e.g. ``"?seed=7"``, ``""`` when there is none)."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.display = "none";
        model.set("search", window.location.search || "");
        model.save_changes();
      }
    };
    """
    search = traitlets.Unicode("").tag(sync=True)
