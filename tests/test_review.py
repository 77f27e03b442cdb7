"""engine.review (post-hand double-dummy review) and ``tricktutor review``."""
import json
from pathlib import Path

import pytest

from engine import solver_dds
from engine.cards import parse_cards
from engine.record import RecordError, game_from_record
from engine.review import review_hand
from tutor.cli import main

HERE = Path(__file__).parent / "records" / "review"
needs_dds = pytest.mark.skipif(not solver_dds.available(),
                               reason="endplay (DDS) is not importable: " + solver_dds.UNAVAILABLE_REASON)


def load(name):
    return json.loads((HERE / name).read_text(encoding="utf-8"))


def test_costly_endgame_exact_part_written_out():
    # Deal 7, North 3, East 4, South Nil, West 3, played at random.  Trick 8: East leads
    # 10♥ into South (2♣ 9♣ 6♥ 9♥ K♥ 9♠), West holds Q♥ 2♥, North 8♥, East only spades.
    r = review_hand(load("spades_costly_endgame.json"), 2, use_dds=False)
    assert r["side"] == [0, 2] and r["seat_name"] == "South" and r["took"] == 2
    methods = [d["method"] for d in r["decisions"]]
    assert methods == ["unavailable"] * 7 + ["exact"] * 6
    assert "DDS was switched off" in r["decisions"][0]["text"]
    assert [(d["trick"], d["card"], d["before"], d["after"], d["cost"], d["best"]) for d in r["costly"]] == [
        (8, "6H", 4, 2, 2, ["KH"])]
    assert r["costly"][0]["text"] == ("Trick 8: you played 6♥. With best play your side could still take 4 tricks; "
                                      "after 6♥, 2. Playing K♥ instead would have kept all 4 tricks within reach.")
    # the exact figures after trick 8, one per decision
    assert [d["before"] for d in r["decisions"][7:]] == [4, 3, 3, 3, 3, 2]
    assert r["double_dummy"]["from_deal"]["method"] == "unavailable"


@needs_dds
def test_costly_endgame_with_dds_written_out():
    r = review_hand(load("spades_costly_endgame.json"), 2)
    assert [(d["trick"], d["card"], d["before"], d["after"], d["best"], d["method"]) for d in r["costly"]] == [
        (7, "6C", 5, 4, ["9S"], "dds"), (8, "6H", 4, 2, ["KH"], "exact")]
    assert r["double_dummy"]["from_deal"]["NS"] == 2 and r["double_dummy"]["from_deal"]["EW"] == 11
    assert r["double_dummy"]["after_bidding"]["method"] == "dds"
    assert all(d["method"] == "dds" for d in r["decisions"][:7])
    assert "SP-13" in r["decisions"][0]["note"]


def test_nil_broken_by_a_card_written_out():
    # Trick 9: West leads 5♣, North 3♥, East 7♣; South (Nil) holds 2♣ 4♣ 6♣ 9♣ J♣ and plays
    # J♣, winning the trick.  2♣, 4♣ or 6♣ would have ducked under the 7♣ and kept the Nil.
    r = review_hand(load("spades_nil_broken.json"), 2, use_dds=False)
    (nil,) = r["nil"]
    assert nil["seat"] == 2 and nil["makeable"] is True and nil["from_trick"] == 7 and nil["method"] == "exact"
    assert nil["estimate"]["trick"] == 1 and 0 <= nil["estimate"]["survival_rate"] <= 1
    assert nil["broken_by"]["trick"] == 9 and nil["broken_by"]["card"] == "JC"
    assert nil["broken_by"]["text"] == "Trick 9: South's J♣ broke the Nil; 2♣, 4♣ or 6♣ kept it."
    assert [(d["trick"], d["card"]) for d in r["costly"]] == [(9, "JC")]
    assert r["costly"][0]["text"].endswith("this card broke your Nil (SP-8).")
    # North (partner) sees the same Nil verdict
    assert review_hand(load("spades_nil_broken.json"), 0, use_dds=False)["nil"][0]["broken_by"]["card"] == "JC"


def test_review_of_game_object_equals_review_of_record():
    rec = load("spades_costly_endgame.json")
    game = game_from_record(rec, auto_deal=False)
    assert review_hand(game, 2, use_dds=False) == review_hand(rec, 2, use_dds=False)


def test_without_endplay_the_review_says_dds_is_unavailable(monkeypatch):
    monkeypatch.setattr(solver_dds, "AVAILABLE", False)
    monkeypatch.setattr(solver_dds, "UNAVAILABLE_REASON", "the DDS solver is unavailable (package endplay not importable)")
    r = review_hand(load("spades_costly_endgame.json"), 2)
    assert r["solver"]["dds_available"] is False
    assert r["double_dummy"]["from_deal"] == {"method": "unavailable",
                                              "note": "the DDS solver is unavailable (package endplay not importable)"}
    assert "endplay" in r["decisions"][0]["note"]
    assert [d["trick"] for d in r["costly"]] == [8]
    # South won a trick before the exact Nil solver could start: the Nil is only estimated
    (nil,) = r["nil"]
    assert nil["method"] == "estimated" and nil["makeable"] is None and "sampled" in nil["note"]


def test_oh_hell_review_written_out():
    # 3 players, 4 cards, bids 0, 1, 4.  Seat 0 bid 0 and made it; at trick 1 its Q♥ gave up
    # a trick it could have taken, which is right for a bid of 0: no costly moment.
    rec = load("oh_hell_3p_4cards.json")
    r = review_hand(rec, 0)
    assert r["bid"] == 0 and r["costly"] == []
    first = r["decisions"][0]
    assert (first["card"], first["before"], first["after"], first["method"]) == ("QH", 1, 0, "exact")
    assert first["keeps_bid"] == ["QH"] and first["bid_makeable_after"] is True
    assert r["double_dummy"] == {"method": "exact", "most_tricks": 0, "bid_makeable": True}


def test_oh_hell_large_hands_are_labelled_estimated():
    from engine.games.oh_hell import OhHellGame, OhHellRules
    from engine.record import game_to_record
    g = OhHellGame(OhHellRules(players=6, hand_sizes=(8,)), auto_deal=False)
    g.deal(g.make_deal(3))
    while g.phase.value == "bidding":
        g.bid(g.to_act, 1)
    while g.phase.value == "play":
        s = g.to_act
        g.play(s, g.legal_plays(s)[0])
    r = review_hand(game_to_record(g), 1)
    assert r["solver"]["exact_limit"] == 4
    assert [d["method"] for d in r["decisions"]] == ["estimated"] * 4 + ["exact"] * 4
    assert "Estimated (sampled)" in r["decisions"][0]["text"] and "not best play" in r["decisions"][0]["text"]
    assert r["double_dummy"]["method"] == "estimated"


def test_bad_hand_and_seat():
    rec = load("spades_costly_endgame.json")
    with pytest.raises(RecordError, match="hand 2 does not exist"):
        review_hand(rec, 0, 2)
    with pytest.raises(RecordError, match="seat 4"):
        review_hand(rec, 4)


def test_cli_review(capsys, tmp_path):
    path = HERE / "spades_costly_endgame.json"
    assert main(["review", str(path), "--seat", "S"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 2 and any(d["trick"] == 8 and d["cost"] == 2 for d in out["costly"])
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["review", str(bad)]) == 2
    assert "invalid record" in capsys.readouterr().err
    assert main(["review", str(path), "--hand", "5"]) == 2


def test_simple_reasons_wasted_trump_and_overtaking():
    from engine.review import _trick_reason
    from engine.solver import spades_position

    def m(text):
        return sum(1 << c.index for c in parse_cards(text))
    idx = [c.index for c in parse_cards("AH 2H")]
    # North (seat 0) led A♥, East 2♥; South (seat 2) is void in hearts and trumps
    # its partner's winning ace: a wasted trump.
    pos = spades_position([m("3C"), m("4C"), m("2S 5C"), m("6C 7C")], 0, idx, True)
    spade = parse_cards("2S")[0].index
    assert _trick_reason(pos, spade, 2, [], frozenset({0, 2}), 0) == "you trumped your partner's winning A♥: a wasted trump"
    # North led K♥, East 2♥, South overtakes with A♥.
    idx = [c.index for c in parse_cards("KH 2H")]
    pos = spades_position([m("3C"), m("4C"), m("AH 5C"), m("6C 7C")], 0, idx, True)
    ace = parse_cards("AH")[0].index
    assert _trick_reason(pos, ace, 2, [], frozenset({0, 2}), 2) == "you overtook your partner's winning K♥"
    # North leads 2♥, East wins with A♥ so far, South trumps with 2♠ and West overtrumps with 3♠.
    idx = [c.index for c in parse_cards("2H AH")]
    pos = spades_position([m("3C"), m("4C"), m("2S 5C"), m("3S 7C")], 0, idx, True)
    assert _trick_reason(pos, spade, 2, [], frozenset({0, 2}), 3) == "your trump was overtrumped: a wasted trump"
    # following suit with a low card gives no reason
    assert _trick_reason(pos, parse_cards("5C")[0].index, 2, [], frozenset({0, 2}), 1) == ""


# ------------------------------------------------------------------ two-player Spades (SP-2P)
def test_two_player_hand_reviewed_exactly_written_out():
    # Deal 17, the engine's first legal draw choice each turn; Player 2 (seat 1) bid 4, Player 1 Nil;
    # each played its highest legal card.  Two hands, 2-card tricks: the exact solver (every rule,
    # SP-13…SP-16, SP-2P-4) reviews the whole hand.
    rec = load("spades_two_player.json")
    r = review_hand(rec, 1)
    assert r["side"] == [1] and r["seat_name"] == "Player 2" and r["took"] == 6 and r["bids"] == ["nil", 4]
    assert r["solver"]["exact_limit"] == 13 and r["solver"]["dds_available"] is False
    assert [d["method"] for d in r["decisions"]] == ["exact"] * 13
    assert r["double_dummy"] == {"method": "exact", "tricks": [5, 8], "names": ["Player 1", "Player 2"]}
    assert [(d["trick"], d["card"], d["before"], d["after"], d["cost"], d["best"]) for d in r["costly"]] == [
        (6, "4S", 8, 7, 1, ["3C", "TC", "JC", "QC", "AC"]), (7, "QD", 8, 6, 2, ["TC", "JC", "QC", "AC"])]
    assert r["costly"][1]["text"] == ("Trick 7: you played Q♦. With best play you could still take 8 tricks; "
                                      "after Q♦, 6. Playing 10♣, J♣, Q♣ or A♣ instead would have kept all 8 tricks within reach.")
    # the Nil bidder: exact from the first trick; a Nil bidder's costly moments are only cards that broke it
    r0 = review_hand(rec, 0)
    (nil,) = r0["nil"]
    assert (nil["makeable"], nil["method"], nil["from_trick"], nil["broken_by"]) == (False, "exact", 1, None)
    assert r0["costly"] == []


def test_two_player_review_says_where_it_starts_below_a_smaller_limit():
    r = review_hand(load("spades_two_player.json"), 1, exact_limit=8)
    assert [d["method"] for d in r["decisions"]] == ["unavailable"] * 5 + ["exact"] * 8
    assert r["exact_from_trick"] == 6
    assert r["note"] == ("not reviewed before trick 6: two-player hands are solved exactly (SP-13…SP-16, SP-2P-4) "
                         "from 8 tricks left, the most that fits the time")
    assert r["decisions"][0]["text"] == ("Trick 1: you played 10♥. Not analysed: 13 tricks were left, more than the "
                                         "exact solver's 8, and DDS solves four hands only.")
    assert [(d["trick"], d["cost"]) for d in r["costly"]] == [(6, 1), (7, 2)]
    assert r["double_dummy"]["method"] == "unavailable"
