"""Rosters (issue 11 items 10 and 15): what spreadsheets save is read; what breaks folders is refused."""
from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.exercises.roster import RosterError, id_problem, read_roster, spreadsheet_rewrites


def _r(tmp_path, text, encoding="utf-8"):
    p = tmp_path / "roster.csv"
    p.write_bytes(text.encode(encoding))
    return p


def test_semicolon_roster_with_student_id_header_and_accents(tmp_path):
    r = read_roster(_r(tmp_path, "\ufeffStudent ID;Name\ns1;Siobhán O'Neill\nSiobhán_ONeill;Zoë\n"))
    assert r.ids == ["s1", "Siobhán_ONeill"]
    assert r.names() == {"s1": "Siobhán O'Neill", "Siobhán_ONeill": "Zoë"}
    assert r.warnings == []


def test_first_and_last_name_columns_and_tabs(tmp_path):
    r = read_roster(_r(tmp_path, "ID number\tFirst name\tSurname\n42a\tAmina\tKhan\n"))
    assert r.students[0].id == "42a" and r.students[0].name == "Amina Khan"


def test_windows_1252_roster_is_read_with_a_warning(tmp_path):
    r = read_roster(_r(tmp_path, "student_id,name\nsio,Siobhán\n", encoding="cp1252"))
    assert r.names()["sio"] == "Siobhán" and "not UTF-8" in r.warnings[0]


def test_unquoted_comma_in_a_name_is_refused_naming_the_line(tmp_path):
    with pytest.raises(RosterError, match=r"line 3 has 3 fields but the header has 2"):
        read_roster(_r(tmp_path, "student_id,name\ns0,Ann\ns1,Smith, John\n"))


@pytest.mark.parametrize("bad, why", [
    ("CON", "Windows device name"), ("nul.txt", "Windows device name"), ("com1", "Windows device name"),
    ("ann.", "ends with a dot"), ("exercise_settings.json", "the class set uses itself"),
    ("binder", "the class set uses itself"), ("roster2.csv", "looks like a file name"), ("../etc", "contains '/'"), ("=1+1", "contains '='"),
    ("-ann", "must start with a letter or digit"), ("a b", "contains 'U+0020'"), ("x" * 65, "longer than 64"),
])
def test_ids_that_break_folders_are_refused(tmp_path, bad, why):
    assert why in id_problem(bad)
    with pytest.raises(RosterError, match="line 3"):
        read_roster(_r(tmp_path, f"student_id\nok1\n{bad}\n"))


def test_ids_differing_only_by_case_are_refused(tmp_path):
    with pytest.raises(RosterError, match=r"'Ann' \(line 2\) and 'ann' differ only by case"):
        read_roster(_r(tmp_path, "student_id\nAnn\nann\n"))
    with pytest.raises(RosterError, match="appears more than once"):
        read_roster(_r(tmp_path, "student_id\nann\nann\n"))


def test_ids_a_spreadsheet_rewrites_are_warned(tmp_path):
    r = read_roster(_r(tmp_path, "student_id\n0012\n1e5\n3-4\nabc\n"))
    assert r.ids == ["0012", "1e5", "3-4", "abc"]
    assert len(r.warnings) == 3 and "shows it as 12" in r.warnings[0] and "scientific" in r.warnings[1]
    assert spreadsheet_rewrites("abc") is None


def test_no_id_column_and_empty_roster(tmp_path):
    with pytest.raises(RosterError, match="no student id column"):
        read_roster(_r(tmp_path, "name\nAnn\n"))
    with pytest.raises(RosterError, match="lists no students"):
        read_roster(_r(tmp_path, "student_id\n\n"))
    with pytest.raises(RosterError, match="not found"):
        read_roster(tmp_path / "none.csv")


def test_cli_prints_one_line_for_a_bad_roster(tmp_path, capsys):
    p = _r(tmp_path, "student_id,name\ns1,Smith, John\n")
    assert main(["exercises", "make", "--roster", str(p), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "line 2" in err
    assert not (tmp_path / "o").exists()


def test_semicolon_roster_through_make_and_grade(tmp_path):
    import pandas as pd
    p = _r(tmp_path, "Student ID;Name\nSiobhán_ONeill;Siobhán O'Neill\ns2;\"Smith; John\"\n")
    out = tmp_path / "c"
    assert main(["exercises", "make", "--roster", str(p), "--out", str(out), "--exercises", "ex2_trick_winner"]) == 0
    assert (out / "Siobhán_ONeill" / "ex2_trick_winner.ipynb").is_file()
    csv = tmp_path / "g.csv"
    assert main(["exercises", "grade", str(out), "--out", str(csv), "--roster", str(p), "--delimiter", ";"]) == 0
    got = pd.read_csv(csv, sep=";", keep_default_na=False, encoding="utf-8-sig")
    assert list(got["id"]) == ["Siobhán_ONeill", "s2"] and list(got["name"]) == ["Siobhán O'Neill", "Smith; John"]
    assert list(got["notes"]) == ["handed in blank", "handed in blank"]  # the notebooks make wrote, untouched
