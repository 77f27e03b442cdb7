"""The example hand records that come with Trick Tutor, as the package ``tutor.examples``.

This folder (``examples/`` at the top of the repository) holds the records as
JSON files in the ``tricktutor-hand-record/1`` format (``docs/HAND_RECORD.md``).
``tutor/examples`` is a link to it, so the same files are the package
``tutor.examples`` and are installed with Trick Tutor as package data: the
chapters load them by name, from whatever folder their kernel runs in, and in
an installed (non-editable) copy too. There is one copy of each file.

>>> from tutor.examples import load, names
>>> "spades_full_game" in names()
True
>>> load("review_nil_broken")["format"]
'tricktutor-hand-record/1'

Only the standard library is used; importing this module loads no Jupyter code.
"""
from __future__ import annotations

import json
from importlib import resources

__all__ = ["names", "load"]

_SUFFIX = ".json"


def names() -> tuple[str, ...]:
    """The names of the example records, sorted (file names without ``.json``)."""
    return tuple(sorted(entry.name[: -len(_SUFFIX)] for entry in resources.files(__name__).iterdir()
                        if entry.name.endswith(_SUFFIX) and entry.is_file()))


def load(name: str) -> dict:
    """The example record ``name`` as a dict (parsed JSON), ready for ``engine.record.replay``,
    ``tutor.review_panel.ReviewPanel.for_record`` or a table's Load.

    ``name`` is a record's name from :func:`names`, with or without ``.json``
    (``"spades_full_game"``). Raises ``ValueError`` naming the examples there are
    when there is no such record (a name with a folder in it never is one).
    """
    stem = name[: -len(_SUFFIX)] if isinstance(name, str) and name.endswith(_SUFFIX) else name
    known = names()
    if stem not in known:
        raise ValueError(f"there is no example record {name!r}; the examples are: {', '.join(known)}")
    text = (resources.files(__name__) / (stem + _SUFFIX)).read_text(encoding="utf-8")
    return json.loads(text)
