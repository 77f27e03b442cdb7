"""Tables as rows: one code path for the app's HTML and for pandas (issue 25).

The app's score sheets and house-rule tables are :class:`Rows` rendered to HTML
here, so they work where pandas cannot be loaded (the static site: Python in the
browser has no numpy, hence no pandas).  Notebook users get the same rows as a
pandas ``DataFrame`` (:meth:`Rows.to_frame`): pandas stays the project's table
library wherever it runs.
"""
from __future__ import annotations

import html
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from .text import M_, say

__all__ = ["Rows", "PANDAS_MISSING", "PandasMissing", "pandas_or_note"]

#: Why a DataFrame cannot be made here (the browser version has no pandas).
# TRANSLATORS: a chapter's cell asks for a pandas table in the static site (Python in the browser), where pandas
# cannot be loaded; "pandas", "Binder" and "JupyterLab" are names.
PANDAS_MISSING = M_("rows.pandas_missing", "This table needs pandas, which the browser version of Trick Tutor (Python "
                                           "in the browser, no server) cannot load. Open this notebook on Binder or "
                                           "in your own JupyterLab for it.")


class PandasMissing(ImportError):
    """A DataFrame was asked for where pandas cannot be loaded (its message:
    :data:`PANDAS_MISSING`, in the learner's language)."""


@contextmanager
def pandas_or_note() -> Iterator[None]:
    """For a notebook's cell that shows a pandas table::

        with pandas_or_note():
            display(running_totals_frame(game))

    Where pandas is missing (the browser version) the block stops at the
    DataFrame and the cell prints :data:`PANDAS_MISSING` instead of failing, so
    that "Run All" goes on with the next cells.  Any other error, an ImportError
    of anything else included, goes through as usual."""
    try:
        yield
    except PandasMissing as e:
        print(e)


@dataclass(frozen=True)
class Rows:
    """A table: ``columns`` (names) and ``rows`` (tuples, one value per column).

    ``index``: the column that becomes the DataFrame's index in :meth:`to_frame`
    (None: a plain range index).  ``dtypes``: column -> pandas dtype for
    :meth:`to_frame` (e.g. ``"int64"``, so an empty table keeps its types).
    Displayed in a notebook, it shows as the HTML table of :meth:`to_html`.
    """

    columns: tuple[str, ...]
    rows: tuple[tuple, ...]
    index: str | None = None
    dtypes: Mapping[str, str] | None = None

    @classmethod
    def from_dicts(cls, columns: Sequence[str], dicts: Iterable[Mapping[str, Any]], **kw) -> Rows:
        """Rows from dicts keyed by column name (a missing key raises KeyError)."""
        return cls(tuple(columns), tuple(tuple(d[c] for c in columns) for d in dicts), **kw)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.rows)

    @property
    def empty(self) -> bool:
        return not self.rows

    def column(self, name: str) -> list:
        """The values of column ``name``, top to bottom (KeyError for an unknown name)."""
        try:
            i = self.columns.index(name)
        except ValueError:
            raise KeyError(name) from None
        return [r[i] for r in self.rows]

    def dicts(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, r)) for r in self.rows]

    def to_html(self, classes: str = "", heads: Mapping[str, str] | None = None) -> str:
        """An HTML ``<table>`` (header row, one row per row; values escaped),
        ``classes`` on the table element; ``heads``: column name → the head
        shown (a column not in it: its name)."""
        cls = f' class="{html.escape(classes)}"' if classes else ""
        shown = heads or {}
        head = "".join(f"<th>{html.escape(str(shown.get(c, c)))}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>"
                       for r in self.rows)
        return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def _repr_html_(self) -> str:
        return self.to_html("tt-rows")

    def to_frame(self):
        """The rows as a pandas ``DataFrame`` (``index`` as its index, ``dtypes``
        applied).  Raises :class:`PandasMissing` (an ImportError saying
        :data:`PANDAS_MISSING`) where pandas is not installed."""
        try:
            import pandas as pd  # noqa: PLC0415 -- only notebook users need it; absent in the browser
        except ImportError as e:
            raise PandasMissing(say(PANDAS_MISSING)) from e
        df = pd.DataFrame(list(self.rows), columns=list(self.columns))
        if self.dtypes:
            df = df.astype(dict(self.dtypes))
        return df.set_index(self.index) if self.index is not None else df
