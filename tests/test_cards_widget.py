"""Headless tests of tutor.cards (no kernel, no browser)."""

from __future__ import annotations

import logging
import pathlib

import pytest
import traitlets

import tutor.cards as cards_module
from tutor.cards import (
    FULL_DECK,
    CardHand,
    card_display,
    card_face_html,
    card_label,
    cards_html,
    is_card,
)

RANK_WORDS = dict(zip("23456789TJQKA", [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
]))
RANK_SHOWN = dict(zip("23456789TJQKA", [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
]))
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SHOWN = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def custom_msg(widget: CardHand, content: dict) -> None:
    """Deliver a custom message as the browser would (through ipywidgets' comm handler)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def state_update(widget: CardHand, **state) -> None:
    """Deliver a state update as the browser's model.save_changes() would."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}},
                        "buffers": []})


# -- pure helpers ------------------------------------------------------------------


def test_full_deck_is_52_unique_codes():
    assert len(FULL_DECK) == 52 == len(set(FULL_DECK))
    assert all(is_card(c) for c in FULL_DECK)


@pytest.mark.parametrize("code", FULL_DECK)
def test_label_and_display_all_52(code):
    rank, suit = code
    assert card_label(code) == f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"
    assert card_display(code) == RANK_SHOWN[rank] + SUIT_SHOWN[suit]


def test_label_and_display_examples():
    assert card_label("TH") == "ten of hearts"
    assert card_display("TH") == "10♥"
    assert card_label("AS") == "ace of spades"
    assert card_display("QD") == "Q♦"
    assert card_label("2C") == "two of clubs"


def test_a_cards_label_is_the_engines_spoken_name_in_each_language():
    """One spoken name per card: the widget says what the engine's card_name says, in Somali the
    rank and suit in the forms the chapters use ("tobanka wadnaha", the ten of the hearts; issue 34)."""
    from engine.text import card_name, language

    for lang in ("en", "so", "ha", "ceb"):
        with language(lang):
            assert [card_label(c) for c in FULL_DECK] == [card_name(c, lang) for c in FULL_DECK]
            assert len({card_label(c) for c in FULL_DECK}) == 52
    with language("so"):
        assert (card_label("TH"), card_label("AC"), card_label("7D"), card_label("QS")) == (
            "tobanka wadnaha ♥", "eyska caleenta ♣", "7-da dheemanka ♦", "boqoradda spades ♠")


def test_all_labels_and_displays_distinct():
    assert len({card_label(c) for c in FULL_DECK}) == 52
    assert len({card_display(c) for c in FULL_DECK}) == 52


@pytest.mark.parametrize("bad", ["10H", "th", "1H", "TX", "", "T", "THS", None, 7])
def test_helpers_reject_non_codes(bad):
    assert not is_card(bad)
    with pytest.raises(ValueError):
        card_label(bad)
    with pytest.raises(ValueError):
        card_display(bad)


# -- traits --------------------------------------------------------------------------


def test_defaults():
    h = CardHand()
    assert h.cards == [] and h.playable == [] and h.highlighted == [] and h.selected == []
    assert h.multi_select is False and h.four_colour is False
    assert h.face_down is False and h.disabled is False
    assert h.size == "auto" and h.error == ""
    assert isinstance(h.label, str)


def test_esm_and_css_loaded_from_static_files():
    static = pathlib.Path(cards_module.__file__).parent / "static"
    h = CardHand()
    assert h._esm == (static / "cards.js").read_text(encoding="utf-8")
    assert h._css == (static / "cards.css").read_text(encoding="utf-8")
    assert "export default" in h._esm
    # HTML/CSS only: nothing fetched from the network
    for text in (h._esm, h._css):
        assert "http://" not in text and "https://" not in text
        assert "@import" not in text and "url(" not in text


def test_traits_are_synced():
    h = CardHand()
    for name in ("cards", "playable", "highlighted", "selected", "multi_select",
                 "four_colour", "face_down", "disabled", "show_only", "label", "size", "error"):
        assert h.trait_metadata(name, "sync") is True, name


def test_traits_round_trip_through_widget_state():
    h = CardHand(
        cards=["AS", "TH", "2C", "QD"], playable=["AS", "2C"], highlighted=["2C"],
        selected=["TH"], multi_select=True, four_colour=True, face_down=False,
        disabled=True, label="Your hand", size="small",
    )
    state = h.get_state()
    assert state["cards"] == ["AS", "TH", "2C", "QD"]
    assert state["playable"] == ["AS", "2C"]
    assert state["highlighted"] == ["2C"]
    assert state["selected"] == ["TH"]
    assert state["multi_select"] is True and state["four_colour"] is True
    assert state["disabled"] is True and state["face_down"] is False
    assert state["label"] == "Your hand" and state["size"] == "small"

    other = CardHand()
    other.set_state(state)
    for name in ("cards", "playable", "highlighted", "selected", "multi_select",
                 "four_colour", "face_down", "disabled", "label", "size"):
        assert getattr(other, name) == getattr(h, name), name


def test_cards_positional_argument():
    assert CardHand(["AS", "KH"]).cards == ["AS", "KH"]


@pytest.mark.parametrize("trait", ["cards", "playable", "highlighted", "selected"])
def test_invalid_codes_rejected(trait):
    h = CardHand(cards=["AS"])
    with pytest.raises(traitlets.TraitError):
        setattr(h, trait, ["10H"])


def test_duplicate_cards_rejected():
    with pytest.raises(traitlets.TraitError):
        CardHand(cards=["AS", "AS"])


def test_size_enum():
    h = CardHand()
    for size in ("auto", "small", "large"):
        h.size = size
    with pytest.raises(traitlets.TraitError):
        h.size = "huge"


# -- clicks --------------------------------------------------------------------------


def test_simulate_click_fires_callbacks_with_card():
    h = CardHand(cards=["AS", "TH", "2C", "QD"], playable=["AS", "2C"])
    got_a, got_b = [], []
    h.on_click(got_a.append)
    h.on_click(got_b.append)
    assert h.simulate_click("TH") is True  # not playable, still clickable
    assert h.simulate_click("AS") is True
    assert got_a == ["TH", "AS"] and got_b == ["TH", "AS"]


def test_simulate_click_unknown_card_is_noop_returning_false():
    h = CardHand(cards=["AS", "TH"])
    got = []
    h.on_click(got.append)
    assert h.simulate_click("KD") is False   # valid code, not in hand
    assert h.simulate_click("ZZ") is False   # not a code at all
    assert h.simulate_click(None) is False
    assert got == [] and h.error == ""


def test_simulate_click_ignored_when_disabled_or_face_down():
    h = CardHand(cards=["AS"], disabled=True)
    got = []
    h.on_click(got.append)
    assert h.simulate_click("AS") is False
    h.disabled, h.face_down = False, True
    assert h.simulate_click("AS") is False
    h.face_down = False
    assert h.simulate_click("AS") is True
    assert got == ["AS"]


def test_on_click_remove():
    h = CardHand(cards=["AS"])
    got = []
    h.on_click(got.append)
    h.on_click(got.append, remove=True)
    h.simulate_click("AS")
    assert got == []


def test_multi_select_toggles_via_simulate_click():
    h = CardHand(cards=["AS", "TH", "2C", "QD"], multi_select=True)
    seen = []
    h.on_click(lambda card: seen.append((card, list(h.selected))))
    h.simulate_click("TH")
    h.simulate_click("2C")
    h.simulate_click("QD")
    assert h.selected == ["TH", "2C", "QD"]
    h.simulate_click("2C")
    assert h.selected == ["TH", "QD"]
    # callbacks fire on every toggle and already see the new selection
    assert seen == [("TH", ["TH"]), ("2C", ["TH", "2C"]), ("QD", ["TH", "2C", "QD"]),
                    ("2C", ["TH", "QD"])]


def test_single_select_click_does_not_touch_selected():
    h = CardHand(cards=["AS", "TH"], selected=["AS"])
    h.simulate_click("TH")
    assert h.selected == ["AS"]


def test_browser_click_message_fires_callbacks():
    h = CardHand(cards=["AS", "TH", "2C", "QD"], playable=["AS", "2C"])
    got = []
    h.on_click(got.append)
    custom_msg(h, {"type": "click", "card": "TH", "seq": 1})
    custom_msg(h, {"type": "click", "card": "KS", "seq": 2})       # not in hand
    custom_msg(h, {"type": "other", "card": "AS", "seq": 3})       # not ours
    custom_msg(h, {"kind": "anywidget-command", "name": "x"})      # anywidget's own
    assert got == ["TH"]


def test_browser_multi_select_state_then_click():
    """The browser saves `selected` and then sends the click; Python must not toggle again."""
    h = CardHand(cards=["AS", "TH", "2C"], multi_select=True)
    seen = []
    h.on_click(lambda card: seen.append((card, list(h.selected))))
    state_update(h, selected=["TH"])
    custom_msg(h, {"type": "click", "card": "TH", "seq": 1})
    assert h.selected == ["TH"]
    assert seen == [("TH", ["TH"])]


def test_callback_exception_sets_error_and_does_not_propagate(caplog):
    h = CardHand(cards=["AS", "TH"])
    after = []

    def boom(card):
        raise RuntimeError(f"cannot play {card}")

    h.on_click(boom)
    h.on_click(after.append)
    with caplog.at_level(logging.ERROR, logger="tutor.cards"):
        assert h.simulate_click("TH") is True
    assert "RuntimeError" in h.error and "cannot play TH" in h.error
    assert len(h.error) <= 200
    assert after == ["TH"]  # later callbacks still run
    assert any("cannot play TH" in (r.exc_text or "") or r.exc_info for r in caplog.records)

    # through the browser message path as well
    h.error = ""
    custom_msg(h, {"type": "click", "card": "AS", "seq": 7})
    assert "cannot play AS" in h.error

    # a later successful click clears the note
    h.on_click(boom, remove=True)
    h.simulate_click("AS")
    assert h.error == ""


def test_long_error_is_shortened():
    h = CardHand(cards=["AS"])

    def boom(card):
        raise ValueError("x" * 5000)

    h.on_click(boom)
    h.simulate_click("AS")
    assert 0 < len(h.error) <= 200


def test_show_only_cards_are_never_clicked():
    h = CardHand(cards=["AS", "7H"], show_only=True, label="On the table")
    got = []
    h.on_click(got.append)
    assert h.simulate_click("AS") is False
    h._on_custom_msg(h, {"type": "click", "card": "AS", "seq": 1}, [])  # as if the browser sent one
    assert got == [] and h.error == ""
    h.show_only = False
    assert h.simulate_click("AS") is True and got == ["AS"]
    assert CardHand().show_only is False


def test_static_card_html_names_the_card_and_draws_its_corners():
    face = card_face_html("TH")
    assert 'role="img"' in face and 'aria-label="ten of hearts"' in face
    assert 'class="tt-card tt-suit-H"' in face and 'data-card="TH"' in face
    assert 'data-rank="10"' in face and 'data-suit="♥"' in face
    assert '<span class="tt-rank">10</span><span class="tt-suit">♥</span>' in face
    assert "tt-court" in card_face_html("QS") and "tt-ace" in card_face_html("AC")
    played = card_face_html("2C", who="West <1st>")
    assert played.startswith('<span class="tt-played">') and "West &lt;1st&gt;" in played
    row = cards_html(["9S", "6S"], label="West led", who=["West", "North"], size="large")
    assert row.startswith('<div class="tt-cards-static" data-size="large" role="group" aria-label="West led">')
    assert row.count('class="tt-card ') == 2 and row.index("9S") < row.index("6S")
    assert cards_html([], label="Nothing played yet").endswith("></div>")


@pytest.mark.parametrize("call", [
    lambda: card_face_html("1H"), lambda: cards_html(["AS", "XX"]), lambda: cards_html(["AS"], size="huge"),
    lambda: cards_html(["AS", "KS"], who=["North"]),
])
def test_static_card_html_rejects_bad_input(call):
    with pytest.raises(ValueError):
        call()


def test_css_defines_the_classes_other_parts_rely_on():
    css = (pathlib.Path(cards_module.__file__).parent / "static" / "cards.css").read_text(encoding="utf-8")
    for selector in (".tt-hand.tt-show-only .tt-card", ".tt-cards-static .tt-card", ".tt-played-by",
                     "@container (max-width: 680px)"):
        assert selector in css, selector
