"""The Spades table's "Options for a new game" panel offers the house rules
SP-H1 … SP-H9 (RULES.md "Spades house rules"): a widget per option with its
one-line explanation, RULES.md's rules by default, validated by the engine,
applied by "New game", shown under the table title, kept by Save / Load.
Headless (ipywidgets only)."""
from __future__ import annotations

import dataclasses
import html
import json

from engine import SpadesRules
from engine.games.spades import OPTION_HELP
from tutor.table import new_oh_hell_table, new_spades_table
from tutor.table.view import spades_house_rules_text


def spades(deal, **kw):
    kw.setdefault("level", 1)
    return new_spades_table(deal_number=deal, seed=3, **kw)


def house_line(t) -> str:
    """The text of the house-rules line under the table title ("" if none)."""
    title = t._title.value
    if "tt-tbl-house" not in title:
        return ""
    return html.unescape(title.split("<span class='tt-tbl-house'>")[1].split("</span>")[0])


def test_panel_has_every_option_with_its_explanation_and_standard_defaults():
    t = spades(11)
    o = t._options
    assert list(o.sp) == ["nil_value", "blind_nil", "blind_nil_pass", "bag_limit", "bag_penalty", "ten_for_200",
                          "min_contract", "failed_nil_tricks_help", "loss_floor", "target_score"]
    assert {n: w.value for n, w in o.sp.items()} == {
        "nil_value": 100, "blind_nil": "always", "blind_nil_pass": 3, "bag_limit": 10, "bag_penalty": 100,
        "ten_for_200": False, "min_contract": 0, "failed_nil_tricks_help": False, "loss_floor": 0,
        "target_score": 500}
    assert o.rules(t.game) == SpadesRules()
    shown = " ".join(row.children[1].value for row in o.spades_box.children)
    for name in o.sp:
        assert html.escape(OPTION_HELP[name]) in shown
    for i in range(1, 10):
        assert f"SP-H{i}" in shown
    assert house_line(t) == ""  # the standard rules: no house-rules line


def test_sp_h1_h5_h8_new_game_applies_the_options_and_the_title_lists_them():
    t = spades(11)
    o = t._options
    o.sp["nil_value"].value = 50
    o.sp["ten_for_200"].value = True
    o.sp["loss_floor"].value = -200
    t.new_game(40)
    r = t.game.rules
    assert (r.nil_value, r.ten_for_200, r.loss_floor) == (50, True, -200)
    assert (r.blind_nil, r.blind_nil_pass, r.bag_limit, r.bag_penalty, r.min_contract) == ("always", 3, 10, 100, 0)
    assert t.game.first_deal == 40
    assert house_line(t) == "House rules: Nil ±50 (SP-H1), ten for 200 (SP-H5), lose at −200 (SP-H8)"


def test_sp_h2_h3_h4_h6_h7_h9_new_game_applies_the_options():
    t = spades(12)
    o = t._options
    o.sp["blind_nil"].value = "behind_100"
    o.sp["blind_nil_pass"].value = 2
    o.sp["bag_limit"].value = 5
    o.sp["bag_penalty"].value = 50
    o.sp["min_contract"].value = 4
    o.sp["failed_nil_tricks_help"].value = True
    o.sp["target_score"].value = 300
    t.new_game(41)
    assert t.game.rules == SpadesRules(blind_nil="behind_100", blind_nil_pass=2, bag_limit=5, bag_penalty=50,
                                       min_contract=4, failed_nil_tricks_help=True, target_score=300)
    assert house_line(t) == ("House rules: Blind Nil only 100+ behind (SP-H2), Blind Nil exchange 2 cards (SP-H3), "
                             "5 bags cost 50 (SP-H4), partners bid at least 4 (SP-H6), "
                             "failed Nil tricks help partner (SP-H7), play to 300 (SP-H9)")
    assert "game to 300 points (SP-3)" in t._title.value


def test_refused_combination_leaves_the_game_unchanged():
    t = spades(13)
    t.look()
    before_game, before_rec = t.game, json.dumps(t.save_record(), sort_keys=True)
    o = t._options
    o.sp["blind_nil"].value = "never"
    o.sp["blind_nil_pass"].value = 2  # RULES.md: a configuration error with no Blind Nil
    t.new_game(99)
    assert t.game is before_game
    assert json.dumps(t.save_record(), sort_keys=True) == before_rec
    assert t.feedback.kind == "error"
    assert t.feedback.text == ("These options cannot be used: blind_nil_pass: 2 is a configuration error with "
                               "blind_nil 'never' (there is no Blind Nil, so no exchange size; "
                               "SP-H2, SP-H3): leave it at 3. Your current game is unchanged.")


def test_out_of_range_number_refused_with_the_engine_message():
    t = spades(14)
    before = t.game
    t._options.sp["bag_limit"].value = 30
    t.new_game(5)
    assert t.game is before and t.game.rules == SpadesRules()
    assert t.feedback.text.startswith("These options cannot be used: bag_limit: 30 is not allowed; "
                                      "allowed: a whole number from 5 to 20")
    assert t.feedback.text.endswith("Your current game is unchanged.")
    t._options.sp["target_score"].value = 20
    t._options.sp["bag_limit"].value = 10
    t.new_game(5)
    assert t.game is before and "target_score: 20 is not allowed" in t.feedback.text


def test_saved_game_keeps_the_house_rules_and_load_restores_them():
    rules = SpadesRules(nil_value=50, blind_nil="never", bag_limit=7, bag_penalty=150, ten_for_200=True,
                        loss_floor=-300, target_score=250)
    t = spades(15)
    for name, value in dataclasses.asdict(rules).items():
        t._options.sp[name].value = 0 if value is None else value  # the mercy floor's "off" is 0
    t.new_game(77)
    assert t.game.rules == rules
    rec = t.save_record()
    assert rec["rules"] == {"nil_value": 50, "blind_nil": "never", "bag_limit": 7, "bag_penalty": 150,
                            "ten_for_200": True, "loss_floor": -300, "target_score": 250}
    other = spades(16)
    assert other.game.rules == SpadesRules()
    assert other.load_record(json.dumps(rec)) is True
    assert other.game.rules == rules
    # the panel now shows the loaded game's options, so "New game" keeps them
    assert other._options.sp["bag_penalty"].value == 150 and other._options.sp["loss_floor"].value == -300
    assert house_line(other) == ("House rules: Nil ±50 (SP-H1), no Blind Nil (SP-H2), 7 bags cost 150 (SP-H4), "
                                 "ten for 200 (SP-H5), lose at −300 (SP-H8), play to 250 (SP-H9)")
    other.new_game(3)
    assert other.game.rules == rules


def test_loaded_mercy_floor_not_in_the_list_is_offered_as_it_is():
    t = spades(17)
    rec = t.save_record()
    rec["rules"] = {"loss_floor": -250}
    assert t.load_record(rec) is True
    w = t._options.sp["loss_floor"]
    assert w.value == -250 and ("-250 (as now)", -250) in w.options
    t.new_game(4)
    assert t.game.rules == SpadesRules(loss_floor=-250)


def test_house_rules_text_names_each_rule():
    assert spades_house_rules_text(SpadesRules()) == ""
    assert spades_house_rules_text(SpadesRules(blind_nil_pass=1)) == "House rules: Blind Nil exchange 1 card (SP-H3)"


def test_oh_hell_table_shows_no_spades_options():
    t = new_oh_hell_table(deal_number=5, level=1)
    assert t._options.spades_box.layout.display == "none"
    assert "House rules" not in t._title.value



def test_blind_nil_tooltip_and_message_follow_sp_h1_and_sp_h3():
    from engine import SpadesRules
    from tutor.table import new_spades_table
    t = new_spades_table(deal_number=5)
    assert t._blind_btn.tooltip == ("Bid Blind Nil without looking: +200 / −200, then swap 3 cards "
                                    "with your partner (SP-10)")
    t = new_spades_table(deal_number=5, rules=SpadesRules(nil_value=50, blind_nil_pass=0))
    assert t.game.rules.nil_value == 50 and t.game.rules.blind_nil_pass == 0
    assert t._blind_btn.tooltip == "Bid Blind Nil without looking: +100 / −100, with no exchange (SP-10, SP-H1, SP-H3)"
    t = new_spades_table(deal_number=5, rules=SpadesRules(blind_nil_pass=2))
    assert t._blind_btn.tooltip == ("Bid Blind Nil without looking: +200 / −200, then swap 2 cards "
                                    "with your partner (SP-10, SP-H3)")
