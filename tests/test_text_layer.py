"""The engine's text layer (issue 26; docs: engine/text): every sentence the
engine gives a person comes from a gettext-shaped catalogue with named
placeholders, Babel extracts every entry, and another language gets the
same facts.

* extraction: Babel, run with the project's own settings
  (``[tool.babel.extract_messages]`` in pyproject.toml and ``babel.cfg``),
  finds every entry of the ``engine`` domain with its msgctxt, English text,
  plural and a ``TRANSLATORS:`` comment;
* every message id the engine's code names is in the catalogue (the
  computer players', the advisor's and the review's too), and every Reason
  has its sentences;
* a tiny fake translation, installed for a made-up language, renders every
  verdict of many seeded games (and every error of the hostile inputs) in
  that language: no English left over, no fact lost, plurals chosen by the
  count;
* the language setting (set_language, language(), lang=).
"""
from __future__ import annotations

import ast
import gettext
import pathlib
import random
import re
import string
import tomllib

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

import engine.text as text
from engine import (Bid, Card, OhHellGame, OhHellRules, Phase, Reason, SpadesGame, SpadesRules, SpadesTwoGame, Suit,
                    InvalidInputError, parse_cards)
from engine.bots import make_player
from engine.bots.advisor import Advice, advise_bid
from engine.bots.level3 import ExpertPlayer
from engine.bots.level4 import DoubleDummyPlayer
from engine.cards import DECK
from engine.message import Msg, Said, literal, msg, render
from engine.record import RecordError, loads_record, replay
from engine.review import review_hand

REPO = pathlib.Path(__file__).resolve().parents[1]


# ================================================================== Babel finds every entry
def _babel_settings() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]], dict[str, object], tuple[str, ...]]:
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]["extract_messages"]
    with open(REPO / conf["mapping_file"], encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    keywords: dict[str, object] = {}
    for spec in conf["keywords"].split():
        name, _, args = spec.partition(":")
        parts = []
        for a in args.split(","):
            parts.append((int(a[:-1]), "c") if a.endswith("c") else int(a))
        keywords[name] = tuple(parts)
    return method_map, options_map, keywords, (conf["add_comments"],)


def _extracted() -> dict[str, tuple[object, list[str]]]:
    method_map, options_map, keywords, tags = _babel_settings()
    out: dict[str, tuple[object, list[str]]] = {}
    for _file, _line, message, comments, context in extract_from_dir(
            str(REPO / "engine"), method_map, options_map, keywords=keywords, comment_tags=tags,
            strip_comment_tags=True):
        assert context is not None, message
        assert context not in out or out[context][0] == message, f"{context} declared twice, differently"
        out[context] = (message, comments)
    return out


def test_babel_extraction_finds_every_catalogue_entry_with_a_translators_comment():
    found = _extracted()
    entries = text.all_entries()
    assert len(entries) > 350
    missing, wrong, uncommented = [], [], []
    for t in entries:
        if t.ctxt not in found:
            missing.append(t.ctxt)
            continue
        message, comments = found[t.ctxt]
        want = str(t) if t.plural is None else (str(t), t.plural)
        if message != want:
            wrong.append((t.ctxt, message, want))
        if not comments:
            uncommented.append(t.ctxt)
    assert not missing, f"not extracted by Babel: {missing}"
    assert not wrong, wrong
    assert not uncommented, f"no TRANSLATORS: comment: {uncommented}"
    # and Babel finds nothing that is not an entry (no stray M_ outside the catalogue)
    assert set(found) == {t.ctxt for t in entries}


def test_the_babel_command_line_settings_are_complete():
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]["extract_messages"]
    assert conf["keywords"] == "M_:1c,2 P_:1c,2,3" and conf["add_comments"] == "TRANSLATORS:"
    assert conf["output_file"] == "engine/locale/engine.pot" and conf["input_paths"] == "engine"
    assert "[python: **.py]" in (REPO / "babel.cfg").read_text(encoding="utf-8")


# ================================================================== every id the code names exists
_ID_CALL = re.compile(r"""\b(?:msg|Msg|say|_say)\(\s*f?["']([A-Za-z_.\-{}0-9]+)["']""")
#: The players', the advisor's and the review's ids also travel as plain strings (a key chosen, then said).
_ID_STRING = re.compile(r"""f?["']((?:advice|player|club|review|dds)\.[A-Za-z_.{}0-9]+)["']""")
_TEXT_ATTR = re.compile(r"""\bTEXT_[A-Z_]+\s*(?::\s*ClassVar\[str\])?\s*=\s*(?:TEXT_[A-Z_]+\s*=\s*)?["']([A-Za-z_.]+)["']""")


def _engine_sources() -> list[pathlib.Path]:
    skip = ("bots", "sim.py", "solver.py", "solver_dds.py", "review.py")
    return [p for p in sorted((REPO / "engine").rglob("*.py")) if not any(part in skip for part in p.parts)]


def _all_engine_sources() -> list[pathlib.Path]:
    """Every module of the engine but its catalogue (engine/text), the players and the review included."""
    return [p for p in sorted((REPO / "engine").rglob("*.py")) if "text" not in p.relative_to(REPO / "engine").parts]


def test_every_message_id_in_the_code_is_in_the_catalogue():
    ids: set[str] = set()
    for path in _all_engine_sources():
        src = path.read_text(encoding="utf-8")
        for m in _ID_CALL.finditer(src):
            ids.add(m.group(1))
        for m in _TEXT_ATTR.finditer(src):
            ids.add(m.group(1))
        for m in _ID_STRING.finditer(src):
            ids.add(m.group(1))
    static = {i for i in ids if "{" not in i and not i.endswith(".") and i != "LITERAL"}
    assert len(static) > 150
    missing = sorted(i for i in static if i not in text.CATALOGUE)
    # ids built at run time (an f-string or a prefix + variant) are checked by rendering below
    prefixes = sorted(i.split("{")[0] for i in ids if "{" in i or i.endswith("."))
    assert not missing, missing
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in text.CATALOGUE), prefix


def test_the_verdict_catalogue_is_keyed_by_reason():
    for reason in Reason:
        if reason is Reason.ALREADY_LOOKED:  # no game gives it any more (HAND_RECORD.md: a look is accepted)
            continue
        assert any(k == reason.value or k.startswith(reason.value + ".") for k in text.CATALOGUE), reason


def test_placeholders_are_known_kinds_or_plain_data():
    """Each placeholder of a verdict sentence is written by its kind (cards,
    suits, seats …) or is a plain number/name; a sentence is never pasted
    in except as a message of its own."""
    fmt = string.Formatter()
    names: set[str] = set()
    for t in text.CATALOGUE.values():
        for form in (str(t), t.plural or ""):
            names |= {f for _lit, f, _spec, _conv in fmt.parse(form) if f}
    plain = {"rule", "rule_break", "n", "high", "low", "size", "bid", "others_total", "forbidden", "min_contract",
             "points", "mine", "theirs", "gap", "pack_left", "count", "times", "target", "floor", "seats", "got",
             "number", "code", "name", "allowed", "game", "known", "counts", "rules", "most", "head", "digits",
             "byte", "type", "what", "line", "column", "length", "field", "problem", "message", "reason", "letters",
             "note", "where", "why", "next", "played", "dealer_seat", "given", "players", "needed", "total", "why",
             "phrase", "parts", "not_why", "off", "chosen", "dups", "shown", "bid_words", "partner_bid", "text",
             "limit", "penalty", "mask", "k",
             # the computer players', the advisor's and the review's figures (numbers, with their format)
             "after", "avg", "before", "best", "chance", "deals", "error", "from_trick", "hand_no", "last", "left",
             "margin", "mean", "nil_value", "partner", "rate", "samples", "share", "trick", "worth"}
    unknown = sorted(n for n in names if n not in text.KINDS and n not in plain)
    assert not unknown, unknown


# ================================================================== a fake language
_WORD = ("rank.", "suit.", "suit_one.", "seat.", "side.", "bid.", "action.", "list.", "quote.", "count.")


def _upper_outside_placeholders(s: str) -> str:
    out = []
    for lit, field, spec, conv in string.Formatter().parse(s):
        out.append(lit.upper().replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    return "".join(out)


def _only_placeholders(s: str) -> str:
    fields = []
    for _lit, field, spec, conv in string.Formatter().parse(s):
        if field is not None:
            fields.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    return " / ".join(fields)


class FakeTranslation(gettext.NullTranslations):
    """"xx": a sentence becomes "XX[ {p1} / {p2} … ]" (every fact of the
    English, nothing else of its words; its plural is marked "XXPL"); a word
    is written in capitals (NORTH, HEARTS, NIL)."""

    def pgettext(self, context: str, message: str) -> str:
        if context.startswith(_WORD):
            return _upper_outside_placeholders(message)
        return "XX[ " + _only_placeholders(message) + " ]"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return ("XX[ " if n == 1 else "XXPL[ ") + _only_placeholders(msgid1 if n == 1 else msgid2) + " ]"


@pytest.fixture(scope="module")
def fake() -> str:
    text.add_translation("xx", FakeTranslation())
    return "xx"


def _verdicts(seed: int) -> list:
    """Verdicts of seeded random games of each kind, legal and not (timing, rules), with every kind of probe."""
    rng = random.Random(seed)
    out = []
    blind_nil = rng.choice(["always", "behind_100", "never"])
    games = [SpadesGame(SpadesRules(blind_nil=blind_nil, min_contract=rng.choice([0, 4]),
                                    blind_nil_pass=3 if blind_nil == "never" else rng.choice([3, 1, 0]),
                                    target_score=150), first_deal=seed, dealer=seed % 4),
             SpadesTwoGame(SpadesRules(target_score=150), first_deal=seed),
             OhHellGame(OhHellRules(players=rng.choice([3, 5]), hand_sizes=(2, 3), hook=rng.random() < 0.5,
                                    must_trump=rng.random() < 0.5), first_deal=seed)]
    for g in games:
        for _ in range(120):
            seats = range(g.n_seats)
            for s in seats:
                out.append(g.check_play(s, rng.choice(DECK)))
                out.append(g.check_bid(s, rng.choice([0, 1, 3, 13, 14, -1, 2.5, 4.0, "3", True])))
                out.append(g.check_bid(s, 0, blind=True))
                held = g.hand_of(s) or list(DECK)
                out.append(g.check_exchange(s, rng.sample(held, min(3, len(held)))
                                            if rng.random() < 0.8 else [DECK[0], DECK[0]]))
                out.append(g.check_look(s))
                if isinstance(g, SpadesTwoGame):
                    out.append(g.check_draw(s, rng.random() < 0.5))
            out.append(g.check_deal(None))
            if g.phase is Phase.GAME_OVER:
                break
            acts = g.legal_actions()
            if not acts:
                break
            if g.phase is Phase.BIDDING:
                acts = [a for a in acts if not isinstance(a, Bid) or a.blind or a.value <= 3] or acts
            act = rng.choice(acts)
            out.append(g.check(act))
            g.apply(act)
    return out


def _assert_same_facts(english: str, other: str, m: Msg) -> None:
    assert other.startswith(("XX[", "XXPL[")), (m.id, other)
    # nothing English is left: outside quoted input ('…') and rule ids, no lower-case letter
    rest = re.sub(r"'[^']*'|\"[^\"]*\"|\b(?:True|False|None|nan|inf)\b", "", other)
    assert not re.search(r"[a-z]", rest), (m.id, english, other)


def test_a_fake_language_renders_every_verdict_with_the_same_facts(fake):
    seen: set[str] = set()
    for seed in range(6):
        for v in _verdicts(seed):
            m = v.msg
            seen.add(m.id)
            english = render(m, "en")
            assert english == v.message  # the current language is still English
            other = render(m, fake)
            _assert_same_facts(english, other, m)
            # the same facts: every card and seat of the evidence, in the other language's words
            for key in ("card", "led_card"):
                code = v.evidence.get(key)
                if code and "{" + key + "}" in str(text.CATALOGUE[m.id]) + (text.CATALOGUE[m.id].plural or ""):
                    assert text.card_text(code, "en") in english
                    assert text.card_text(code, fake) in other
    assert len(seen) >= 45, sorted(seen)


def test_the_fake_language_names_seats_suits_and_chooses_plurals(fake):
    g = SpadesGame.from_hands(["AS KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "AH KH QS JS 2C 3C 4C 5C 6C 7C 8C 9C TC",
                               "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TS 9S 8S 7S 6S 5S 4S 3S 2S"],
                              dealer=3)
    for s in range(4):
        g.bid(s, 3)
    g.play(0, "2H")
    v = g.check_play(1, "2C")  # East holds A♥ K♥: must follow (two of them: the plural)
    assert v.reason is Reason.MUST_FOLLOW_SUIT
    assert v.message == ("You must follow suit: North led the 2♥, and you hold hearts (A♥ and K♥), so you must play "
                         "one of them, not the 2♣ (SP-14).")
    assert render(v.msg, fake) == "XXPL[ NORTH / 2♥ / HEARTS / A♥ AND K♥ / 2♣ / SP-14 ]"
    with text.language(fake):
        assert g.check_play(1, "2C").message == "XXPL[ NORTH / 2♥ / HEARTS / A♥ AND K♥ / 2♣ / SP-14 ]"
        assert g.seat_name(3) == "WEST" and g.seat_names == ("NORTH", "EAST", "SOUTH", "WEST")
        assert str(SpadesRules(nil_value=50).summary()) == "XX[ XX[ XX[ 50 ] ] ]"
    assert g.seat_name(3) == "West"


def test_a_fake_language_renders_every_error(fake):
    bad_inputs = [lambda: SpadesGame(rules={"nil_value": 75}), lambda: SpadesGame(scores=(600, 0)),
                  lambda: SpadesTwoGame(rules={"blind_nil": "never"}), lambda: OhHellRules(players=9),
                  lambda: OhHellRules(hook=True, simultaneous_bidding=True), lambda: SpadesGame(first_deal=-1),
                  lambda: SpadesGame(first_deal=1).play(0, "ZZ"), lambda: loads_record(b"\xff"),
                  lambda: loads_record('{"a": 1' + "0" * 40 + "}"), lambda: SpadesRules.from_json({"x": 1})]
    for make in bad_inputs:
        with pytest.raises(InvalidInputError) as e:
            make()
        english = str(e.value)
        other = render(e.value.msg, fake)
        assert english and other.startswith(("XX[", "XXPL[")), (english, other)
    rec = {"format": "tricktutor-hand-record/1", "game": "spades", "hands": [{"deal_number": 3, "actions": [
        {"seat": 2, "bid": 3}]}]}
    out, status, err = replay(rec)
    assert status == 1 and out["stopped"]["message"].startswith("It is East's turn to bid")
    with text.language(fake):
        out, status, err = replay(rec)
        assert out["stopped"]["message"] == "XX[ EAST / NORTH / SP-5 ]"
        out, status, err = replay({"format": 1})  # an invalid record: its one line in the language
        assert (out, status) == (None, 2) and err == "XX[ format / XX[ 'tricktutor-hand-record/1' / 1 ] ]"
        with pytest.raises(RecordError) as e:
            loads_record("[")
        assert str(e.value).startswith("XX[ record / XX[")


# ================================================================== the language setting
def test_language_setting_and_fallback(fake):
    assert text.get_language() == "en"
    with text.language("so"):  # the Somali catalogue (issue 27)
        assert text.get_language() == "so"
        assert SpadesGame(first_deal=7, dealer=3).check_bid(1, 3).message.startswith("Waa doorka Waqooyi")
    assert text.get_language() == "en"
    text.set_language(fake)
    try:
        assert SpadesGame(first_deal=7, dealer=3).check_bid(1, 3).message == "XX[ NORTH / WEST / SP-5 ]"
        assert render(msg("OK.deal"), "en") == "Deal the next hand."
    finally:
        text.set_language("en")
    with pytest.raises(ValueError):
        text.set_language("not a language!")
    assert render(literal("as given")) == "as given" and str(InvalidInputError("as given")) == "as given"
    assert "en" in text.known_languages()


def test_a_broken_translation_falls_back_to_english():
    class Broken(gettext.NullTranslations):
        def pgettext(self, context: str, message: str) -> str:
            return message if context.startswith(_WORD) else "{nonsense} " + message

        def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
            return "{nonsense}"

    text.add_translation("zz", Broken())
    v = SpadesGame(first_deal=7, dealer=3).check_bid(1, 3)
    assert render(v.msg, "zz") == v.message


def _said_in(obj: object) -> list[Said]:
    """Every Said inside a review's result (dicts and lists)."""
    if isinstance(obj, Said):
        return [obj]
    if isinstance(obj, dict):
        return [x for v in obj.values() for x in _said_in(v)]
    if isinstance(obj, (list, tuple)):
        return [x for v in obj for x in _said_in(v)]
    return []


def _players_words() -> tuple[list[Said], list[Advice]]:
    """What the computer players, the advisor and the review say in a few seeded games (every game, levels 1-4)."""
    inf = float("inf")
    said: list[Said] = []
    advice: list[Advice] = []
    tables = [
        (SpadesGame(SpadesRules(min_contract=4), first_deal=11, dealer=1, scores=(60, 420)), (2, 3, 2, 1)),
        (SpadesTwoGame(first_deal=12), (2, 3)),
        (OhHellGame(OhHellRules(players=4, hand_sizes=(3, 4), hook=True), first_deal=13), (2, 3, 4, 2)),
    ]
    for g, levels in tables:
        players = [ExpertPlayer(seed=s, budget_ms=inf, max_samples=4, bid_budget_ms=inf, bid_samples=8) if lv == 3
                   else DoubleDummyPlayer(seed=s, budget_ms=inf, max_samples=2, min_samples=1, bid_dd_samples=0,
                                          use_dds=False, l3_budget_ms=inf, l3_samples=3, bid_budget_ms=inf,
                                          bid_samples=8) if lv == 4
                   else make_player(lv, s) for s, lv in enumerate(levels)]
        while g.phase is not Phase.GAME_OVER and not g.results:
            seat = g.seats_to_act[0]
            view = g.view(seat)
            if view.phase is Phase.BIDDING:
                advice.append(advise_bid(view))
            g.apply(players[seat].choose(view))
            reason = getattr(players[seat], "last_reason", None)
            if reason:
                said.append(reason)
        said += _said_in(review_hand(g, 0, use_dds=False))
    said += _said_in(review_hand((REPO / "tests/records/review/spades_nil_broken.json").read_text(encoding="utf-8"),
                                 2, use_dds=False))
    return said, advice


def test_a_fake_language_renders_what_the_players_the_advisor_and_the_review_say(fake):
    """Advice lines, a player's last_reason and the review's remarks are Said: the English text as before
    (tests/test_bots_determinism.py holds it byte for byte) and a message that another language writes
    with the same facts, nothing English left."""
    said, advice = _players_words()
    ids = set()
    for s in said + [t for a in advice for t, _v in a.lines]:
        assert isinstance(s, Said), repr(s)
        ids.add(s.msg.id)
        assert render(s.msg, "en") == s
        other = render(s.msg, fake)
        if s.msg.id == "side.name":  # a name on its own (the review's side_name): the word in capitals
            assert other == s.upper()
        else:
            _assert_same_facts(s, other, s.msg)
        for card in re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", s):  # every card of the English in the other language
            assert card in other, (s, other)
    # the players' reasons of all kinds: a count line, a card reason, a level-3 search, the review's remark ...
    assert {"player.reasons", "player.card_reason", "review.remark", "review.nil.broken_by"} <= ids, sorted(ids)
    assert any(i.startswith("advice.oh_hell.") for i in ids) and any(i.startswith("player.spades_two.") for i in ids)
    with text.language(fake):
        a = advice[0]
        assert a.text().startswith("XX[") and not re.search(r"[a-z]", re.sub(r"'[^']*'", "", a.text()))
    assert advice[0].text().startswith("Suggested bid")


def test_value_words_come_from_the_text_layer(fake):
    """Cards, suits and counts in a person's words (engine.cards' value types know no language)."""
    ten = Card.parse("TH")
    assert (text.card_text(ten), text.card_name(ten), text.suit_name("H"),
            text.suit_name(Suit.HEARTS, one=True)) == (ten.display, ten.name, "hearts", "heart")
    assert text.cards_text(parse_cards("2H TH 4H AS")) == "10♥, 4♥, 2♥ and A♠" and text.cards_text([]) == "no cards"
    assert (text.count_text(5), text.ordinal_text(5), text.ordinal_text(14)) == ("five", "fifth", "14th")
    assert text.card_name("TH", fake) == "XX[ TEN / HEARTS ]" and text.suit_name("S", fake) == "SPADES"
    assert (text.count_text(3, fake), text.ordinal_text(2, fake)) == ("THREE", "SECOND")


def test_score_lines_keep_english_items_and_carry_their_message(fake):
    g = SpadesGame(first_deal=4, dealer=0, rules=SpadesRules(target_score=50))
    while not g.results:
        s = g.to_act
        acts = g.legal_actions(s)
        g.apply(acts[1] if g.phase is Phase.BIDDING else acts[0])
    line = g.results[0].score_lines[0]
    assert isinstance(line.msg, Msg) and render(line.msg, "en") == line.item
    with text.language(fake):
        assert line.item == render(line.msg, "en") and render(line.msg).startswith("XX")


def test_summary_line_matches_the_tutors_own(fake):
    """rules.summary() is what the table writes today (tutor.table.view.spades_house_rules_text), for every
    option alone and a few together: the tutor can take it from the engine."""
    from tutor.table.view import spades_house_rules_text
    cases = [SpadesRules()]
    for o in SpadesRules.OPTIONS:
        for c in o.choices:
            if c.value != o.default:
                cases.append(SpadesRules(**{o.name: c.value}))
    cases += [SpadesRules(bag_limit=7), SpadesRules(bag_penalty=50), SpadesRules(ten_for_200=True),
              SpadesRules(min_contract=4), SpadesRules(failed_nil_tricks_help=True), SpadesRules(target_score=300),
              SpadesRules(nil_value=50, blind_nil_pass=1, loss_floor=-200, target_score=250, ten_for_200=True)]
    for r in cases:
        summary = r.summary()
        assert (str(summary) if summary else "") == spades_house_rules_text(r), r


def test_option_declarations_drive_validation_and_the_record_codec():
    for o in SpadesRules.OPTIONS:
        assert o.accepts(o.default) and o.problem(o.default) is None
        assert str(text.label(o)) and text.help_text(o).startswith(o.rule)
        if o.kind == "int":
            assert not o.accepts(float(o.default or -1)) and not o.accepts(True)
    assert SpadesRules.from_json({"nil_value": 100, "target_score": 500}) == SpadesRules()
    assert SpadesRules(nil_value=50).to_json() == {"nil_value": 50}
    rows = dict((o.name, v) for o, v in SpadesRules(bag_limit=7).option_rows())
    assert rows["bag_limit"] == 7 and rows["target_score"] == 500
    assert [o.name for o in OhHellRules.OPTIONS] == ["schedule", "hand_sizes", "no_trump_final_hand", "hook",
                                                     "simultaneous_bidding", "must_trump", "tricks_always_count",
                                                     "nil_pays_hand_size"]


def test_no_module_below_the_text_layer_imports_it():
    for path in _engine_sources():
        rel = path.relative_to(REPO / "engine")
        if rel.parts[0] == "text" or rel.name == "__init__.py" and len(rel.parts) == 1:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = (node.module or "")
                assert not target.startswith(("text", "engine.text")) and not (
                    node.level and target == "" and any(a.name == "text" for a in node.names)), path



def test_the_value_types_words_come_from_the_catalogue(fake):
    """Suit.noun / singular, Rank.noun, Card.name and describe_cards say the catalogue's words in the current
    language (English as before); parsing still reads the English names in any language."""
    from engine.cards import describe_cards
    ten = Card.parse("TH")
    english = (Suit.HEARTS.noun, Suit.HEARTS.singular, ten.rank.noun, ten.name,
               describe_cards(parse_cards("2H TH AS 4H")), describe_cards([]))
    assert english == ("hearts", "heart", "ten", "ten of hearts", "10♥, 4♥, 2♥ and A♠", "no cards")
    with text.language(fake):
        assert (Suit.HEARTS.noun, Suit.HEARTS.singular, ten.rank.noun) == ("HEARTS", "HEART", "TEN")
        # the fake language writes a message as "XX[ its placeholders ]", a word in capitals
        assert "TEN" in ten.name and "HEARTS" in ten.name and "of" not in ten.name
        assert "10♥ AND 2♥" in describe_cards(parse_cards("2H TH"))
        assert Suit.parse("hearts") is Suit.HEARTS and Suit.parse("spade") is Suit.SPADES
    assert ten.name == "ten of hearts"
