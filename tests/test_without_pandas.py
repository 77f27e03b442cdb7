"""The app runs where pandas cannot be loaded (issue 25: the static site's Python
in the browser has no numpy, hence no pandas).

A fresh interpreter with ``pandas`` and ``numpy`` made unimportable builds the
app, opens every section, plays a Spades hand and an Oh Hell hand to the score
sheet, reviews the Spades hand (the project's own solver: no DDS, and the review
says so in a learner's words) and builds the house-rule tables: all without
pandas, and the DataFrame functions for notebooks say why they cannot work.
"""
from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap

REPO = pathlib.Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent('''
    import sys
    sys.modules["pandas"] = None      # import pandas -> ImportError, as in the browser
    sys.modules["numpy"] = None
    sys.modules["endplay"] = None     # no DDS (a C extension) either
    sys.platform = "emscripten"       # what Python in the browser says
    from engine import Phase, SpadesGame
    from tutor.app import SECTIONS, TrickTutorApp
    from tutor.house_rules import options_rows, same_hand_other_rules, same_hand_other_rules_rows
    from tutor.rows import PANDAS_MISSING
    from tutor.text import say
    from tutor.scoresheet import score_lines_frame

    app = TrickTutorApp(seed=7)
    for title in SECTIONS:
        app.open_section(title)
    sp = app.spades_table
    sp.look()
    sp.click_bid(3)
    while sp.game.phase is Phase.PLAY:
        sp.click_card(sp.game.legal_plays(2)[-1].code)
    assert len(sp.game.results) == 1, sp.feedback.text
    sp._review.click()
    summary = sp._review.summary_text
    assert "the browser version of Trick Tutor cannot run the full-hand solver (DDS)" in summary, summary
    assert "endplay" not in summary and "package" not in summary, summary
    assert sp._review.moment_texts is not None
    oh = app.oh_hell_table
    while not oh.game.results:
        seat = oh.game.to_act
        if oh.game.phase is Phase.BIDDING:
            oh.game.apply(oh.game.legal_bids(seat)[0])
        else:
            oh.game.play(seat, oh.game.legal_plays(seat)[0])
    app.open_section("Learn")
    app.open_section("Score sheet")
    assert set(app.scoresheets) == {"Spades", "Oh Hell"}
    for sheet in app.scoresheets.values():
        assert "<table" in sheet.totals_html.value and "<table" in sheet.lines_html.value
        assert sheet.chart is not None
    assert len(options_rows()) > 5
    assert len(same_hand_other_rules_rows(sp.game)) >= 1
    for fn, arg in ((score_lines_frame, sp.game), (same_hand_other_rules, sp.game)):
        try:
            fn(arg)
        except ImportError as e:
            assert str(e) == say(PANDAS_MISSING)
        else:
            raise AssertionError(f"{fn.__name__} made a DataFrame without pandas")
    # a chapter's cell: the note instead of the table, and the cell goes on (Run All does not stop)
    import contextlib, io
    from tutor.rows import pandas_or_note
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        with pandas_or_note():
            score_lines_frame(sp.game)
            raise AssertionError("a DataFrame without pandas")
    assert out.getvalue() == say(PANDAS_MISSING) + "\\n", out.getvalue()
    try:                                  # any other ImportError is not hidden
        with pandas_or_note():
            import numpy
    except ImportError:
        pass
    else:
        raise AssertionError("pandas_or_note hid another ImportError")
    assert "pandas" not in {m.split(".")[0] for m in sys.modules if sys.modules[m] is not None}
    print("ok")
''')


def test_the_app_needs_no_pandas():
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and proc.stdout.strip().endswith("ok"), proc.stderr[-3000:]
