"""The class report (``tricktutor exercises report``): one offline HTML file.

Built from a :class:`~tutor.exercises.grading.GradeReport` with pandas
(tables) and plotly (charts; plotly.js is embedded inline once, so the file
opens without a network).  Sections: summary figures, the score
distribution, percent right per question (of the students who handed that
exercise in), the three most common wrong answers per question with the rule
each breaks (the checker's rule id, as data) and an example of the checker's
explanation, the class table with notes, the hand-ins made for another
student and the folders not on the roster (neither is graded), and one
feedback section per student.  ``feedback/<id>.html`` files (one per
student, no scripts, titled with the student's name) can be handed back.

The figures are also embedded as JSON (``<script type="application/json"
id="tt-figures">``) so that tests and other tools read exactly what the
charts show.
"""
from __future__ import annotations

import html
import json
import os
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tutor.text import M_, get_language, language
from tutor.text import say as say_text

from .grading import GradeReport
from .roster import id_problem
from .words import DEFAULT_LANGUAGE, say, text_of

__all__ = ["report_figures", "write_report", "feedback_html", "feedback_language", "TEXT", "FEEDBACK_TEXT"]

#: What a student's feedback says about each answer (and the report's feedback sections, in English): catalogue
#: entries, so the feedback page of a set made in another language is written in it.
_STATUS_TEXT = {
    # TRANSLATORS: a student's feedback page (after grading), the mark column: the answer got the mark.
    "correct": M_("ex.feedback.status.correct", "✓ right"),
    # TRANSLATORS: the feedback page's mark column: the answer is wrong.
    "wrong": M_("ex.feedback.status.wrong", "✗ wrong"),
    # TRANSLATORS: the feedback page's mark column: the answer could not be read (not a card, text for a number).
    "invalid": M_("ex.feedback.status.invalid", "⚠ not understood"),
    # TRANSLATORS: the feedback page's mark column: the answer cell still held None.
    "empty": M_("ex.feedback.status.empty", "no answer"),
    # TRANSLATORS: the feedback page's mark column: no cell of the notebook sets this answer.
    "missing": M_("ex.feedback.status.missing", "no answer"),
    # TRANSLATORS: the feedback page's mark column: the answer cell held code, not a typed value; it scores 0.
    "code": M_("ex.feedback.status.code", "code, not a value (0)"),
    # TRANSLATORS: the feedback page's mark column: the notebook was not graded (the row's notes say why).
    "refused": M_("ex.feedback.status.refused", "notebook not graded"),
    # TRANSLATORS: the feedback page's mark column: the answer could not be read.
    "unknown": M_("ex.feedback.status.unknown", "⚠ not understood"),
    # TRANSLATORS: the feedback page's mark column: the notebook was not handed in.
    "not_handed_in": M_("ex.feedback.status.not_handed_in", "not handed in"),
}
#: The words of a student's feedback page (whole sentences and headings, named placeholders).
FEEDBACK_TEXT = {
    # TRANSLATORS: the title of a student's feedback page (after grading); {who} is the student's name or id.
    "feedback_title": M_("ex.feedback.title", "Trick Tutor exercises: feedback for {who}"),
    # TRANSLATORS: the first line of a student's feedback page.
    "feedback_intro": M_("ex.feedback.intro", "Your answers, the mark each one got and what the checker says about "
                                              "it."),
    # TRANSLATORS: a column heading of the feedback page's table: the question (q1, q2 …).
    "col_question": M_("ex.feedback.col.question", "Question"),
    # TRANSLATORS: a column heading of the feedback page's table: the mark the answer got (1 or 0) and why.
    "col_mark": M_("ex.feedback.col.mark", "Mark"),
    # TRANSLATORS: a column heading of the feedback page's table: the answer as the student typed it.
    "col_answer": M_("ex.feedback.col.answer", "Your answer"),
    # TRANSLATORS: a column heading of the feedback page's table: the checker's explanation of the answer.
    "col_says": M_("ex.feedback.col.says", "What the checker says"),
    # TRANSLATORS: on the feedback page, before the grading notes {notes} (written in the page's language).
    "notes": M_("ex.feedback.notes", "Notes: {notes}"),
}
#: The class report's words (the teacher's page, in the current language): catalogue entries, named placeholders.
TEXT = {
    # TRANSLATORS: the title of the class report (after grading), an HTML page for the teacher.
    "title": M_("ex.report.title", "Trick Tutor exercises: class report"),
    # TRANSLATORS: the report's first line: made at {when} (a date and time), {students} students, {questions}
    # questions in {exercises} exercises, named {names}.
    "generated": M_("ex.report.generated", "Generated {when}. {students} students, {questions} questions in "
                                           "{exercises} exercise(s): {names}."),
    # TRANSLATORS: a figure's label under a percentage: the class's mean score.
    "mean": M_("ex.report.mean", "mean score"),
    # TRANSLATORS: a figure's label under a percentage: the class's median score.
    "median": M_("ex.report.median", "median score"),
    # TRANSLATORS: a figure's label under a number: how many marks a student can get.
    "marks": M_("ex.report.marks", "marks available"),
    # TRANSLATORS: a figure's label under a number: how many students have grading notes.
    "with_notes": M_("ex.report.with_notes", "students with notes"),
    # TRANSLATORS: a heading of the report and a chart's title.
    "pct_heading": M_("ex.report.pct_heading", "Percent right per question"),
    # TRANSLATORS: the text under that heading.
    "pct_explain": M_("ex.report.pct_explain", "For each question: of the students who handed in that exercise's "
                                               "notebook (a blank notebook counts, a missing one does not), the "
                                               "percentage who got the mark."),
    # TRANSLATORS: the chart's vertical axis.
    "pct_axis": M_("ex.report.pct_axis", "% right (of those who handed it in)"),
    # TRANSLATORS: what the chart shows when the pointer is on a bar: {question} the question, {percent} the
    # percentage.
    "pct_hover": M_("ex.report.pct_hover", "{question}: {percent}% right of those who handed it in"),
    # TRANSLATORS: a column of the report's table: how many students handed the question's notebook in.
    "col_handed": M_("ex.report.col_handed", "handed in"),
    # TRANSLATORS: a column of the report's table: the percentage right.
    "col_pct": M_("ex.report.col_pct", "% right of those who handed it in"),
    # TRANSLATORS: a column of the report's tables: the question (ex1_legal_cards:q1).
    "col_question": M_("ex.report.col_question", "question"),
    # TRANSLATORS: a heading of the report.
    "dist_heading": M_("ex.report.dist_heading", "Score distribution"),
    # TRANSLATORS: a chart's title.
    "dist_title": M_("ex.report.dist_title", "Score distribution (percent of the maximum)"),
    # TRANSLATORS: the chart's horizontal axis: the score in percent.
    "dist_axis": M_("ex.report.dist_axis", "percent"),
    # TRANSLATORS: the chart's vertical axis: how many students.
    "dist_students": M_("ex.report.dist_students", "students"),
    # TRANSLATORS: what the chart shows when the pointer is on a bar: {band} the percent band, {count} students.
    "dist_hover": M_("ex.report.dist_hover", "{band}%: {count} students"),
    # TRANSLATORS: a heading of the report.
    "wrong_heading": M_("ex.report.wrong_heading", "Most common wrong answers"),
    # TRANSLATORS: the text under that heading.
    "wrong_explain": M_("ex.report.wrong_explain", "Up to three per question, with the rule the answer breaks (from "
                                                   "the checker's verdict on that answer)."),
    # TRANSLATORS: a column of the wrong answers' table: the wrong answer as typed.
    "col_wrong": M_("ex.report.col_wrong", "wrong answer"),
    # TRANSLATORS: a column of the wrong answers' table: how many students gave it.
    "col_students": M_("ex.report.col_students", "students"),
    # TRANSLATORS: a column of the wrong answers' table: the rule id the answer breaks (SP-14).
    "col_rule": M_("ex.report.col_rule", "rule broken"),
    # TRANSLATORS: a column of the wrong answers' table: the checker's words on one such answer.
    "col_example": M_("ex.report.col_example", "what the checker says (example)"),
    # TRANSLATORS: a heading of the report: the table of every student's marks.
    "class_heading": M_("ex.report.class_heading", "The class"),
    # TRANSLATORS: a heading of the report.
    "other_heading": M_("ex.report.other_heading", "Handed in by one student, made for another"),
    # TRANSLATORS: the text under that heading.
    "other_explain": M_("ex.report.other_explain", "These notebooks were made for one student and handed in by "
                                                   "another. None was graded as the work of the student who handed "
                                                   "it in."),
    # TRANSLATORS: a line under that heading.
    "other_line": M_("ex.report.other_line", "Handed in by {submitter}, made for {owner}."),
    # TRANSLATORS: a heading of the report.
    "roster_heading": M_("ex.report.roster_heading", "Not on the roster"),
    # TRANSLATORS: the text under that heading; keep grades.csv (a file name).
    "roster_explain": M_("ex.report.roster_explain", "Folders and hand-ins whose student is not on the roster: not "
                                                     "graded, not in grades.csv or the LMS file."),
    # TRANSLATORS: a line under that heading: {name} is not on the class list; {other} a student id that differs
    # only by capital letters.
    "roster_like": M_("ex.report.roster_like", "{name}: not on the roster; did you mean {other}?"),
    # TRANSLATORS: a line under that heading: {name} (in quotes) cannot be a student id; {why} says why.
    "roster_bad": M_("ex.report.roster_bad", "{name}: not a student id ({why})."),
    # TRANSLATORS: a line under that heading.
    "roster_plain": M_("ex.report.roster_plain", "{name}: not on the roster."),
    # TRANSLATORS: a line under that heading: where {name} was found names no student.
    "roster_nobody": M_("ex.report.roster_nobody", "{name}: where it was found names no student."),
    # TRANSLATORS: report: the folder of the students' feedback pages {folder} is a symbolic link, so nothing is
    # written there.
    "feedback_link": M_("ex.report.feedback_link", "{folder} is a symbolic link: not written"),
    # TRANSLATORS: a heading of the report: each student's answers follow.
    "per_student": M_("ex.report.per_student", "Feedback per student"),
}


def _t(key: str, **params: Any) -> str:
    """One of the report's words (:data:`TEXT`) in the current language."""
    return text_of(say(TEXT[key], **params))


_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:1100px;padding:16px;
color:#1d2733;line-height:1.45}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:2px solid #1a3e72;padding-bottom:4px}
table{border-collapse:collapse;font-size:14px;margin:8px 0}th,td{border:1px solid #c9d1dc;padding:4px 8px;
text-align:left;vertical-align:top}th{background:#eef2f7}.figs{display:flex;gap:24px;flex-wrap:wrap}
.fig{background:#f6f8fb;border-radius:8px;padding:10px 16px}.fig b{font-size:1.5em;display:block}
.scroll{overflow-x:auto;max-width:100%}.scroll table{min-width:960px}.ok{color:#1b5e20}.bad{color:#8a1c1c}.student{page-break-before:always}
table.answers{width:100%}table.answers code{overflow-wrap:anywhere;white-space:normal}
table.answers td:nth-child(2){white-space:nowrap}
@media (max-width:600px){table.answers,table.answers tbody,table.answers tr,table.answers td{display:block;width:auto}
table.answers tr:first-child{display:none}table.answers tr{border:1px solid #c9d1dc;border-radius:6px;margin:0 0 8px}
table.answers td{border:none;padding:2px 10px}table.answers td:first-child{font-weight:bold;padding-top:6px}}
@media print{.plotly-graph-div{page-break-inside:avoid}}
"""


def report_figures(report: GradeReport) -> dict[str, Any]:
    """The numbers the report shows: ``students``, ``maximum``, ``mean_percent``,
    ``median_percent``, ``distribution`` (percent band → students),
    ``percent_correct`` (question → percent with the mark, of the students
    who handed that exercise in), ``handed_in`` (question → how many did),
    ``wrong_answers`` (question → up to three ``{"answer", "count", "rule",
    "example"}``, most common first), ``exercise_means`` (exercise → mean
    subtotal)."""
    import pandas as pd  # type: ignore[import-untyped]  # noqa: PLC0415 - pandas (the app extra), no stubs
    df = report.dataframe()
    n = len(df)
    fig: dict[str, Any] = {"students": n, "maximum": int(df["maximum"].max()) if n else 0}
    pct = df["percent"].astype(float) if n else pd.Series(dtype=float)
    fig["mean_percent"] = round(float(pct.mean()), 1) if n else 0.0
    fig["median_percent"] = round(float(pct.median()), 1) if n else 0.0
    bands = {f"{lo}–{lo + 9}" if lo < 90 else "90–100": 0 for lo in range(0, 100, 10)}
    for p in pct:
        lo = min(int(p // 10) * 10, 90)
        bands[f"{lo}–{lo + 9}" if lo < 90 else "90–100"] += 1
    fig["distribution"] = bands
    # per question: of the students who handed that notebook in (a missing notebook is not a wrong answer)
    handed: dict[str, set] = {c: set() for c in report.question_columns}
    for a in report.answers:
        if a.column in handed and a.status != "not_handed_in":
            handed[a.column].add(a.student)
    fig["handed_in"] = {c: len(handed[c]) for c in report.question_columns}
    fig["percent_correct"] = {c: (round(100.0 * float(df.loc[df["id"].isin(handed[c]), c].astype(float).sum())
                                        / len(handed[c]), 1) if handed[c] else 0.0)
                              for c in report.question_columns}
    wrong: dict[str, list[dict]] = {}
    for c in report.question_columns:
        answers = [a for a in report.answers if a.column == c and a.status in ("wrong", "invalid") and a.mark < 1]
        counts = Counter(a.written for a in answers)
        top = []
        for written, k in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]:
            ex = next(a for a in answers if a.written == written)
            top.append({"answer": written, "count": k, "rule": ex.rule, "example": ex.message})
        wrong[c] = top
    fig["wrong_answers"] = wrong
    fig["exercise_means"] = {e: (round(float(df[f"{e} total"].astype(float).mean()), 2) if n else 0.0)
                             for e in report.exercises}
    return fig


def feedback_language(report: GradeReport) -> str:
    """The language of the students' feedback pages: the set's language when
    all its exercises were made in one, else English."""
    langs = set(report.languages.get(e, DEFAULT_LANGUAGE) for e in report.exercises)
    return langs.pop() if len(langs) == 1 else DEFAULT_LANGUAGE


def _student_section(report: GradeReport, row: dict, standalone: bool, lang: str = DEFAULT_LANGUAGE) -> str:
    """A student's section: in the report (the teacher's language ``lang``) or, ``standalone``, their
    feedback page in ``lang`` (the checker's words and the grading notes too)."""
    sid = row["id"]
    by_col = {a.column: a for a in report.answers if a.student == sid}
    esc = html.escape

    def words(key: str, **data) -> str:
        entry = FEEDBACK_TEXT.get(key) or _STATUS_TEXT[key]
        with language(lang):
            return say_text(entry, **data)

    parts = [f'<section class="student" id="student-{esc(sid)}">',
             f"<h2>{esc(sid)}{' — ' + esc(row['name']) if row.get('name') else ''}</h2>",
             f"<p><b>{row['total']:g} / {row['maximum']}</b> ({row['percent']:g}%)"
             + (f"<br>{esc(words('notes', notes=report.notes_text(row, lang)))}"
                if row.get("notes") else "") + "</p>"]
    for e in report.exercises:
        parts.append(f"<h3>{esc(e)} — {row[f'{e} total']:g} / "
                     f"{sum(1 for c in report.question_columns if c.startswith(e + ':'))}</h3>")
        parts.append(f"<table class='answers'><tr><th>{esc(words('col_question'))}</th><th>{esc(words('col_mark'))}"
                     f"</th><th>{esc(words('col_answer'))}</th><th>{esc(words('col_says'))}</th></tr>")
        for c in report.question_columns:
            if not c.startswith(e + ":"):
                continue
            a = by_col.get(c)
            status = a.status if a else "missing"
            mark = row.get(c, 0)
            cls = "ok" if mark else "bad"
            if a is None:
                says = ""
            elif standalone and lang != DEFAULT_LANGUAGE:  # the student's page: the checker's words in their
                says = a.feedback                           # language (none for a notebook not handed in: the
            else:                                           # mark column says so)
                says = a.message
            parts.append(f"<tr><td>{esc(c.split(':')[1])}</td>"
                         f"<td class='{cls}'>{mark:g} — {esc(words(status) if status in _STATUS_TEXT else status)}"
                         f"</td><td><code>{esc(a.written if a else '')}</code></td>"
                         f"<td>{esc(says)}</td></tr>")
        parts.append("</table>")
    parts.append("</section>")
    return "\n".join(parts)


def feedback_html(report: GradeReport, row: dict, title: str | None = None) -> str:
    """A student's feedback page (standalone HTML, no scripts), titled
    "Trick Tutor exercises: feedback for <name>" unless ``title`` is given,
    in the set's language (:func:`feedback_language`)."""
    lang = feedback_language(report)
    with language(lang):
        title = title or say_text(FEEDBACK_TEXT["feedback_title"], who=row.get("name") or row["id"])
        intro = say_text(FEEDBACK_TEXT["feedback_intro"])
    return (f"<!doctype html><html lang='{html.escape(lang)}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"<style>{_CSS}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<p>{html.escape(intro)}</p>"
            f"{_student_section(report, row, True, lang)}</body></html>\n")


def _others_html(report: GradeReport) -> str:
    """The hand-ins made for another student, and what is not on the roster (escaped)."""
    esc = html.escape
    parts = []
    if report.made_for_other:
        parts.append(f"<h2>{esc(_t('other_heading'))}</h2><p>{esc(_t('other_explain'))}</p><ul>")
        parts += [f"<li>{esc(_t('other_line', submitter=x['submitter'], owner=x['owner']))} <small>("
                  f"{esc(x['exercise'])}: {esc(x['source'])})</small></li>" for x in report.made_for_other]
        parts.append("</ul>")
    if report.not_on_roster:
        parts.append(f"<h2>{esc(_t('roster_heading'))}</h2><p>{esc(_t('roster_explain'))}</p><ul>")
        for x in report.not_on_roster:
            if x.get("nobody"):
                line = _t("roster_nobody", name=x["name"])
            elif x.get("outcome") in ("same_name", "class_copy", "ambiguous"):
                line = report.not_on_roster_line(x) + "."
            elif x.get("why"):
                line = _t("roster_bad", name=repr(x["name"]), why=x["why"])
            elif x.get("like"):
                line = _t("roster_like", name=x["name"], other=x["like"])
            else:
                line = _t("roster_plain", name=x["name"])
            parts.append(f"<li>{esc(line)}</li>")
        parts.append("</ul>")
    return "".join(parts)


def write_report(report: GradeReport, path: str | os.PathLike, feedback_dir: str | os.PathLike | None = None,
                 title: str | None = None) -> dict[str, Any]:
    """Write the HTML report to ``path`` in the current language (and ``feedback_dir/<id>.html`` per
    student when given, each in its set's language); returns :func:`report_figures`."""
    title = title or _t("title")
    figs = report_figures(report)
    esc = html.escape
    generated = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    links = " · ".join(f"<a href='#student-{esc(r['id'])}'>{esc(r['id'])}</a>" for r in report.rows)
    body = [
        f"<h1>{esc(title)}</h1><p>" + esc(_t("generated", when=generated, students=figs["students"],
                                             questions=len(report.question_columns), exercises=len(report.exercises),
                                             names=", ".join(report.exercises))) + "</p>",
        "<div class='figs'>"
        f"<div class='fig'><b>{figs['mean_percent']:g}%</b>{esc(_t('mean'))}</div>"
        f"<div class='fig'><b>{figs['median_percent']:g}%</b>{esc(_t('median'))}</div>"
        f"<div class='fig'><b>{figs['maximum']}</b>{esc(_t('marks'))}</div>"
        f"<div class='fig'><b>{sum(1 for r in report.rows if r['notes'])}</b>{esc(_t('with_notes'))}</div></div>",
        *_charts_and_tables(report, figs),
        _others_html(report),
        f"<h2>{esc(_t('per_student'))}</h2><p>{links}</p>",
        *(_student_section(report, r, False, get_language()) for r in report.rows),
        f"<script type='application/json' id='tt-figures'>{_json_for_script(figs)}</script>",
    ]
    page = (f"<!doctype html><html lang='{esc(get_language())}'><head><meta charset='utf-8'><title>{esc(title)}"
            f"</title><meta name='viewport' content='width=device-width,initial-scale=1'><style>{_CSS}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")
    Path(path).write_text(page, encoding="utf-8")
    if feedback_dir is not None:
        fd = Path(feedback_dir)
        if fd.is_symlink():
            raise ValueError(_t("feedback_link", folder=fd))
        fd.mkdir(parents=True, exist_ok=True)
        for r in report.rows:
            if id_problem(r["id"]) is None:
                (fd / f"{r['id']}.html").write_text(feedback_html(report, r), encoding="utf-8")
    return figs


def _charts_and_tables(report: GradeReport, figs: dict[str, Any]) -> list[str]:
    """The report's charts (plotly) and tables (pandas), with their headings, in the current language."""
    import pandas as pd  # type: ignore[import-untyped]  # noqa: PLC0415 - pandas (the app extra)
    import plotly.graph_objects as go  # type: ignore[import-untyped]  # noqa: PLC0415 - plotly (the app extra)
    esc = html.escape
    dist = go.Figure(go.Bar(x=list(figs["distribution"]), y=list(figs["distribution"].values()),
                            marker_color="#1a3e72",
                            hovertemplate=_t("dist_hover", band="%{x}", count="%{y}") + "<extra></extra>"))
    dist.update_layout(title=_t("dist_title"), xaxis_title=_t("dist_axis"),
                       yaxis=dict(title=_t("dist_students"), dtick=1, rangemode="tozero"), height=360,
                       margin=dict(l=50, r=20, t=50, b=50))
    qs = list(figs["percent_correct"])
    per_q = go.Figure(go.Bar(x=qs, y=[figs["percent_correct"][q] for q in qs], marker_color="#2e7d32",
                             hovertemplate=_t("pct_hover", question="%{x}", percent="%{y}") + "<extra></extra>"))
    per_q.update_layout(title=_t("pct_heading"), yaxis=dict(range=[0, 100], title=_t("pct_axis")),
                        height=420, margin=dict(l=50, r=20, t=50, b=140), xaxis_tickangle=-60)
    cols = [_t("col_question"), "#", _t("col_wrong"), _t("col_students"), _t("col_rule"), _t("col_example")]
    wrong_rows = [dict(zip(cols, (q, i, w["answer"], w["count"], w["rule"] or "—", w["example"])))
                  for q, items in figs["wrong_answers"].items() for i, w in enumerate(items, start=1)]
    wrong_df = pd.DataFrame(wrong_rows, columns=cols)
    pc_df = pd.DataFrame({_t("col_question"): qs, _t("col_handed"): [figs["handed_in"][q] for q in qs],
                          _t("col_pct"): [figs["percent_correct"][q] for q in qs]})
    df = report.dataframe()
    table_cols = ["id", "name", *[f"{e} total" for e in report.exercises], "total", "maximum", "percent", "notes"]
    class_df = df[table_cols] if len(df) else pd.DataFrame(columns=table_cols)
    if len(df):  # the notes in the report's language
        class_df = class_df.assign(notes=[report.notes_text(r) for r in report.rows])
    return [
        f"<h2>{esc(_t('dist_heading'))}</h2>",
        dist.to_html(full_html=False, include_plotlyjs=True, config={"responsive": True}),
        f"<h2>{esc(_t('pct_heading'))}</h2><p>{esc(_t('pct_explain'))}</p>",
        per_q.to_html(full_html=False, include_plotlyjs=False, config={"responsive": True}),
        _scroll(pc_df.to_html(index=False, escape=True, border=0)),
        f"<h2>{esc(_t('wrong_heading'))}</h2><p>{esc(_t('wrong_explain'))}</p>",
        _scroll(wrong_df.to_html(index=False, escape=True, border=0)),
        f"<h2>{esc(_t('class_heading'))}</h2>", _scroll(class_df.to_html(index=False, escape=True, border=0)),
    ]


def _scroll(table_html: str) -> str:
    return f"<div class='scroll'>{table_html}</div>"


def _json_for_script(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
