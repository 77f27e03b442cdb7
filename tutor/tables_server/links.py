"""A table's join links and their QR codes (issue 35): for the teacher's projector view
(:mod:`tutor.teacher_view`) and ``tricktutor tables serve --qr``.

A **join link** opens the app's Play with others section on a table: the app's page with
``?table=CODE&server=ws://HOST:PORT/ws``; without the app's address, the server's own
``ws://HOST:PORT/ws?table=CODE`` (the join form's address box reads it too). An
**invitation link** (``invite``, docs/TABLE_PROTOCOL.md) adds the seat token the teacher was
given for one person: ``&seat_token=…`` (not ``token``, which Jupyter, Voila and JupyterHub read as
their own login token); that person's page takes the seat at once.

QR codes are drawn by segno (pure Python, no imaging library: it runs in the static site's
Pyodide too), as an SVG that scales to its box, or as text for a terminal.  No widget here.
"""
from __future__ import annotations

import io
from urllib.parse import urlencode, urlsplit

import segno

__all__ = ["SEAT_TOKEN_PARAM", "app_page", "invitation_link", "join_link", "qr_svg", "qr_terminal"]

#: The invitation link's query name for the seat token (``token`` is the Jupyter server's own login token:
#: a link with ``token=`` is taken for a login and sent to the login page).
SEAT_TOKEN_PARAM = "seat_token"


def app_page(text: str) -> str | None:
    """The app's page address (``http(s)://…``) without a query or fragment, or None for anything else."""
    parts = urlsplit((text or "").strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def join_link(page: str, server: str, code: str) -> str:
    """The class's join link of table ``code`` at ``server`` (``ws://…/ws``), on the app's ``page``
    (its address without a query; "" when unknown: the server's own link)."""
    if page:
        return f"{page}?{urlencode({'table': code, 'server': server})}"
    return f"{server}?{urlencode({'table': code})}"


def invitation_link(page: str, server: str, code: str, token: str) -> str:
    """The join link of one person the teacher kept a seat for, with its seat ``token``: for that person only."""
    if page:
        return f"{page}?{urlencode({'table': code, 'server': server, SEAT_TOKEN_PARAM: token})}"
    return f"{server}?{urlencode({'table': code, SEAT_TOKEN_PARAM: token})}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code (error correction M): an inline SVG without a fixed size, black on white."""
    return str(segno.make(text, error="m").svg_inline(scale=1, border=3, omitsize=True, dark="#000", light="#fff"))


def qr_terminal(text: str) -> str:
    """``text`` as a QR code for a terminal: two rows of modules to a line (half blocks), light
    modules and the four-module quiet zone drawn, dark ones left to the terminal's background (a
    dark one; phones read the code inverted too), about 50 characters wide for an app's join link."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=4)
    return out.getvalue()
