"""The trick module shared by Spades and Oh Hell (engine/tricks.py).

``legal_play_mask``, ``winning_offset`` and ``trick_winner`` are called
directly with each game's settings:

* Spades: trump spades, spades may not be led until broken (SP-13), follow
  suit (SP-14), breaking (SP-15), winner (SP-16).
* Oh Hell: no trump (OH-7 final hand), a turned-up trump (OH-7), follow suit
  (OH-9), must-trump (OH-V6), winner (OH-10).

``TrickState`` is checked too, for the rule ids its verdicts quote.
"""
from __future__ import annotations

import pytest

from engine.cards import Card, Suit, cards_of, mask_of, parse_cards
from engine.games.spades import SPADES_TRICK_RULES
from engine.tricks import TrickRules, TrickState, legal_play_mask, trick_winner, winning_offset
from engine.verdict import Reason

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

OH_HELL_RULE_IDS = dict(rule_lead="OH-9", rule_follow="OH-9", rule_must_trump="OH-V6",
                        rule_winner="OH-10", rule_turn="OH-9")


def m(text: str) -> int:
    """Bitmask of cards written as text: m("AS 3S 2C")."""
    return mask_of(parse_cards(text))


def codes(mask: int) -> list[str]:
    """Card codes of a mask, in the engine's sorted order (clubs … spades, 2…A)."""
    return [c.code for c in cards_of(mask)]


def cs(text: str) -> list[Card]:
    return parse_cards(text)


# --------------------------------------------------------------------------- Spades settings
def spades_mask(hand: str, led: Suit | None, broken: bool) -> list[str]:
    return codes(legal_play_mask(m(hand), led, S, True, broken, False))


def test_sp13_spades_settings_spade_lead_refused_before_broken():
    assert spades_mask("AS 3S 2C KH", None, broken=False) == ["2C", "KH"]


def test_sp13_spades_settings_spade_lead_allowed_after_broken():
    assert spades_mask("AS 3S 2C KH", None, broken=True) == ["2C", "KH", "3S", "AS"]


def test_sp13_spades_settings_only_spades_may_be_led_unbroken():
    assert spades_mask("AS 3S", None, broken=False) == ["3S", "AS"]


def test_sp14_spades_settings_must_follow_led_suit():
    assert spades_mask("AS 3S 2C 9C KH", C, broken=False) == ["2C", "9C"]


def test_sp14_spades_settings_void_may_play_anything_trumping_not_required():
    assert spades_mask("AS 3S 2C KH", D, broken=False) == ["2C", "KH", "3S", "AS"]


def test_sp16_highest_spade_wins():
    # N leads 5H, E plays AH, S trumps with 2S, W overtrumps with 3S.
    cards = cs("5H AH 2S 3S")
    assert winning_offset(cards, S) == 3
    assert trick_winner(0, cards, S, 4) == 3


def test_sp16_highest_card_of_led_suit_wins_without_spades():
    # E leads 9D; AC and KH are off-suit and never win.
    cards = cs("9D AC TD KH")
    assert winning_offset(cards, S) == 2
    assert trick_winner(1, cards, S, 4) == 3


def test_sp15_trick_state_spades_breaks_on_spade_discard_and_quotes_rule_ids():
    # 4 seats, each one card of a hand that goes on after: N leads clubs, E is void and trumps.
    st = TrickState(SPADES_TRICK_RULES, [m("2C AD"), m("3S AH"), m("4C KD"), m("5C KH")], leader=0)
    v = st.check(0, Card.parse("AD"))
    assert v.ok and v.rule == "SP-13"
    assert st.check(1, Card.parse("3S")).reason is Reason.NOT_YOUR_TURN
    assert st.check(1, Card.parse("3S")).rule == "SP-12"
    st.apply(0, Card.parse("2C"))
    v = st.check(1, Card.parse("AH"))
    assert v.ok and v.rule == "SP-14"
    st.apply(1, Card.parse("3S"))
    assert st.broken is True
    st.apply(2, Card.parse("4C"))
    trick = st.apply(3, Card.parse("5C"))
    assert trick.winner == 1 and trick.cards == tuple(cs("2C 3S 4C 5C"))
    assert st.leader == 1 and st.won == [0, 1, 0, 0]


def test_sp13_trick_state_spades_refusal_reason_and_rule():
    st = TrickState(SPADES_TRICK_RULES, [m("AS 2C"), m("3C"), m("4C"), m("5C")], leader=0)
    v = st.check(0, Card.parse("AS"))
    assert (v.ok, v.reason, v.rule) == (False, Reason.SPADES_NOT_BROKEN, "SP-13")
    assert list(v.evidence["legal"]) == ["2C"]


def test_sp14_trick_state_spades_must_follow_reason_and_rule():
    st = TrickState(SPADES_TRICK_RULES, [m("2C"), m("3C AH"), m("4C"), m("5C")], leader=0)
    st.apply(0, Card.parse("2C"))
    v = st.check(1, Card.parse("AH"))
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_FOLLOW_SUIT, "SP-14")
    assert list(v.evidence["could_follow"]) == ["3C"]


# --------------------------------------------------------------------------- Oh Hell settings
def oh_mask(hand: str, led: Suit | None, trump: Suit | None, must_trump: bool = False) -> list[str]:
    return codes(legal_play_mask(m(hand), led, trump, False, False, must_trump))


def test_oh9_any_card_may_be_led_even_a_trump():
    assert oh_mask("AS 3S 2C", None, S) == ["2C", "3S", "AS"]
    assert oh_mask("AS 3S 2C", None, None) == ["2C", "3S", "AS"]


def test_oh9_follow_suit_with_trump():
    assert oh_mask("AH 2D 9D 4S", D, H) == ["2D", "9D"]


def test_oh9_void_may_play_any_card_when_must_trump_off():
    assert oh_mask("3S AC", D, S) == ["AC", "3S"]


def test_oh9_no_trump_hand_void_may_play_any_card():
    assert oh_mask("3S AC", D, None) == ["AC", "3S"]


def test_ohv6_must_trump_only_trumps_when_void():
    assert oh_mask("3S AC", D, S, must_trump=True) == ["3S"]
    assert oh_mask("3S 9S AC KH", D, S, must_trump=True) == ["3S", "9S"]


def test_ohv6_must_trump_without_trumps_any_card():
    assert oh_mask("AC KH", D, S, must_trump=True) == ["AC", "KH"]


def test_ohv6_must_trump_following_suit_comes_first():
    assert oh_mask("3S 5D AC", D, S, must_trump=True) == ["5D"]


def test_ohv6_must_trump_changes_nothing_without_trump():
    assert oh_mask("3S AC", D, None, must_trump=True) == ["AC", "3S"]


def test_oh10_trump_played_by_void_seat_wins():
    # Trump ♥: seat 0 leads ♣K, seat 1 plays ♥2, seat 2 plays ♣A (3 players).
    cards = cs("KC 2H AC")
    assert winning_offset(cards, H) == 1
    assert trick_winner(0, cards, H, 3) == 1


def test_oh10_off_suit_non_trump_never_wins():
    # Trump ♦: ♣J, ♥K, ♣4, ♣Q → the ♣Q wins.
    cards = cs("JC KH 4C QC")
    assert winning_offset(cards, D) == 3
    assert trick_winner(0, cards, D, 4) == 3
    assert trick_winner(2, cards, D, 4) == 1


def test_oh10_no_trump_highest_of_led_suit_wins():
    cards = cs("5S AS 2D KS AD")
    assert winning_offset(cards, None) == 1
    assert trick_winner(4, cards, None, 5) == 0


def test_oh10_highest_trump_wins_among_several():
    cards = cs("AC 2D 9C JD 3D")
    assert winning_offset(cards, D) == 3
    assert trick_winner(3, cards, D, 5) == 1


def test_oh10_trump_led_highest_trump_wins():
    cards = cs("4H 2H AS")
    assert winning_offset(cards, H) == 0


def test_oh2_ace_high_two_low():
    assert winning_offset(cs("2C AC KC"), None) == 1
    assert winning_offset(cs("3C 2C"), None) == 0


def test_ohv6_trick_state_must_trump_reason_rule_and_evidence():
    rules = TrickRules(trump=S, lead_restricted=False, must_trump=True, **OH_HELL_RULE_IDS)
    st = TrickState(rules, [m("KD"), m("3S AC"), m("2D")], leader=0)
    st.apply(0, Card.parse("KD"))
    v = st.check(1, Card.parse("AC"))
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_TRUMP, "OH-V6")
    assert list(v.evidence["trumps"]) == ["3S"]
    assert list(v.evidence["legal"]) == ["3S"]
    ok = st.check(1, Card.parse("3S"))
    assert ok.ok and ok.rule == "OH-V6"


def test_oh9_trick_state_oh_hell_trump_lead_allowed_and_never_broken_rule():
    rules = TrickRules(trump=S, lead_restricted=False, must_trump=False, **OH_HELL_RULE_IDS)
    st = TrickState(rules, [m("AS 2C"), m("3C"), m("4C")], leader=0)
    v = st.check(0, Card.parse("AS"))
    assert v.ok and v.rule == "OH-9"
    st.apply(0, Card.parse("AS"))
    v = st.check(1, Card.parse("3C"))
    assert v.ok and v.rule == "OH-9"


def test_oh9_trick_state_oh_hell_must_follow_reason_rule():
    rules = TrickRules(trump=H, lead_restricted=False, must_trump=False, **OH_HELL_RULE_IDS)
    st = TrickState(rules, [m("KC"), m("2C 2H"), m("AC")], leader=0)
    st.apply(0, Card.parse("KC"))
    v = st.check(1, Card.parse("2H"))
    assert (v.ok, v.reason, v.rule) == (False, Reason.MUST_FOLLOW_SUIT, "OH-9")
    v = st.check(2, Card.parse("AC"))
    assert (v.ok, v.reason, v.rule) == (False, Reason.NOT_YOUR_TURN, "OH-9")
    v = st.check(1, Card.parse("AD"))
    assert (v.ok, v.reason, v.rule) == (False, Reason.CARD_NOT_IN_HAND, "OH-9")


def test_oh10_trick_state_winner_leads_next_three_seats():
    rules = TrickRules(trump=H, **OH_HELL_RULE_IDS)
    st = TrickState(rules, [m("KC 5D"), m("2H 9S"), m("AC 3S")], leader=0)
    st.apply(0, Card.parse("KC"))
    st.apply(1, Card.parse("2H"))
    trick = st.apply(2, Card.parse("AC"))
    assert (trick.leader, trick.winner, trick.seats) == (0, 1, (0, 1, 2))
    assert st.to_play == 1 and st.won == [0, 1, 0]


@pytest.mark.parametrize("lead_restricted,broken,must_trump", [
    (False, False, False), (True, False, False), (True, True, False), (False, False, True)])
def test_legal_mask_is_subset_of_hand_and_never_empty(lead_restricted, broken, must_trump):
    hand = m("AS 3S 2C KH 7D")
    for led in (None, C, D, H, S):
        for trump in (None, C, D, H, S):
            if lead_restricted and trump is None:
                continue
            mask = legal_play_mask(hand, led, trump, lead_restricted, broken, must_trump)
            assert mask and mask & ~hand == 0


def test_sp16_oh10_explain_trick_winner_says_why_and_why_not():
    from engine.tricks import explain_trick_winner
    cards = [Card.parse(c) for c in ("3H", "KH", "2S", "AH")]  # EX: E leads ♥3, S ♥K, W ♠2, N ♥A
    assert explain_trick_winner(cards, Suit.SPADES, Card.parse("2S")).startswith("Yes: the 2♠ wins: a trump")
    why_not = explain_trick_winner(cards, Suit.SPADES, Card.parse("AH"), "SP-16")
    assert why_not.startswith("The A♥ follows suit, but a trump beats every card of the suit led.")
    no_trump = [Card.parse(c) for c in ("JC", "KH", "4C", "QC")]
    text = explain_trick_winner(no_trump, Suit.DIAMONDS, Card.parse("KH"), "OH-10")
    assert text.startswith("The K♥ cannot win: it is neither the suit led nor a trump.")
    assert "the Q♣ wins: no trump was played" in text and "(OH-10)" in text
    assert explain_trick_winner(no_trump, None).startswith("The Q♣ wins")
