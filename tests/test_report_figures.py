"""The class report's figures: percent correct per question counts only the
students who handed that exercise in (a missing notebook is not a wrong answer)."""
from tutor.exercises.grading import Answer, GradeReport
from tutor.exercises.report import report_figures

COLS = ["id", "name", "ex1_legal_cards:q1", "ex1_legal_cards:q2", "ex1_legal_cards total",
        "total", "maximum", "percent", "notes"]


def _row(sid, q1, q2, note=""):
    return {"id": sid, "name": sid.upper(), "ex1_legal_cards:q1": q1, "ex1_legal_cards:q2": q2,
            "ex1_legal_cards total": q1 + q2, "total": q1 + q2, "maximum": 2,
            "percent": 50.0 * (q1 + q2), "notes": note}


def test_percent_correct_counts_only_students_who_handed_in():
    qs = ["ex1_legal_cards:q1", "ex1_legal_cards:q2"]
    report = GradeReport(columns=COLS, question_columns=qs, exercises=["ex1_legal_cards"])
    report.rows = [_row("a", 1, 1), _row("b", 1, 0), _row("c", 0, 0, "nothing handed in"),
                   _row("d", 0, 0, "nothing handed in"), _row("e", 0, 0)]
    for sid, marks in (("a", (1, 1)), ("b", (1, 0)), ("e", (0, 0))):
        for q, m in zip(qs, marks):
            report.answers.append(Answer(sid, q, "1" if m else "2", "correct" if m else "wrong", "", "SP-14", m))
    for sid in ("c", "d"):
        for q in qs:
            report.answers.append(Answer(sid, q, "", "not_handed_in"))
    figs = report_figures(report)
    # 3 of 5 handed in: q1 right for a and b (2 of 3), q2 for a only (1 of 3)
    assert figs["percent_correct"] == {"ex1_legal_cards:q1": 66.7, "ex1_legal_cards:q2": 33.3}
    assert figs["handed_in"] == {"ex1_legal_cards:q1": 3, "ex1_legal_cards:q2": 3}
    assert figs["students"] == 5
    assert figs["distribution"]["0–9"] == 3 and figs["distribution"]["50–59"] == 1
    assert figs["distribution"]["90–100"] == 1
