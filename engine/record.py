"""Hand records: the JSON format of ``docs/HAND_RECORD.md``
(``"format": "tricktutor-hand-record/1"``), and the replay behind
``tricktutor replay``.

* :func:`loads_record` turns file contents (bytes or text) into a record
  object, enforcing the limits of HAND_RECORD.md *before* any expensive work:
  at most 10 MB, JSON nested at most 32 levels, numbers of at most 30
  digits; :func:`load_record_file` reads a file (at most 10 MB + 1 bytes).
  (Those limits live in :mod:`engine.record_json`; they are re-exported here.)
* :func:`parse_record` checks a record (limits included: strings of at most
  200 characters, at most 1,000 hands and 1,000 actions a hand) and raises
  :class:`RecordError` (an :class:`InvalidInputError` whose message names the
  field and quotes at most 80 characters of the input).
* :func:`replay` runs a record through the engine and returns
  ``(output, exit_status, error)``: 0 all replayed, 1 stopped at an illegal
  action, 2 invalid record.
* :func:`game_to_record` / :func:`game_from_record` save and load a game;
  :func:`game_from_record` raises only :class:`RecordError` for a bad file.

What differs between games (seat letters, bid words, per-side or per-seat
scores, bags, the turned-up card, hand sizes) is read from the game's
:class:`~engine.registry.RecordCodec` in :mod:`engine.registry`.

Seats and numbers are written with ASCII digits only: ``"²"`` or an
Arabic-Indic digit is not a seat, although ``str.isdigit()`` says it is a
digit.
"""
from __future__ import annotations

import math
import os
import stat
from dataclasses import dataclass
from typing import Any

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play, PlayerAction
from .cards import DECK, Card, parse_card
from .deal import MAX_DEAL_NUMBER
from .errors import IllegalActionError, InvalidInputError
from .game import TrickGame
from .message import Msg, msg, render
from .record_json import (FORMAT, MAX_ACTIONS, MAX_DEPTH, MAX_DIGITS, MAX_HANDS, MAX_RECORD_BYTES, MAX_STRING,
                          RecordError, check_limits, loads_record)
from .registry import GameSpec, default_seats, game_names, seats_issue, spec_for, spec_named, spec_of
from .views import HandResult

__all__ = ["FORMAT", "RecordError", "parse_record", "replay", "game_to_record", "game_from_record",
           "action_to_json", "legal_to_json", "load_record_file", "loads_record", "check_limits",
           "MAX_RECORD_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_STRING", "MAX_HANDS", "MAX_ACTIONS"]


@dataclass
class ParsedHand:
    deal: Deal | None
    deal_number: int | None
    actions: list[tuple[str, PlayerAction]]  # (field path, action)
    dealer: int | None

    def deal_for(self, game: TrickGame) -> Deal:
        """This hand's deal: the record's own, or the game's deal of its ``deal_number``."""
        if self.deal is not None:
            return self.deal
        assert self.deal_number is not None  # parse_record: a hand has deal or deal_number
        return game.make_deal(self.deal_number)


@dataclass
class ParsedRecord:
    game: str
    rules: Any
    seats: int
    dealer: int
    scores: list[int]
    bags: list[int]
    hands: list[ParsedHand]

    @property
    def spec(self) -> GameSpec:
        """The registry's spec of this record's game and seat count."""
        return spec_for(self.game, self.seats)

    def new_game(self) -> TrickGame:
        """A fresh game at the record's start (deals supplied by the record:
        ``auto_deal=False``)."""
        game = self.spec.new_game(self.rules, dealer=self.dealer, scores=self.scores, bags=self.bags,
                                  auto_deal=False)
        assert isinstance(game, TrickGame)
        return game


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seat(v: Any, seats: int, field: str, spec: GameSpec) -> int:
    """A seat: a whole number 0…seats−1, or its ASCII digits as text (deal
    keys are text), or a seat letter of the game (Spades: N E S W).
    Superscript and other Unicode digits are refused (records take ASCII
    digits only)."""
    letters = spec.codec.seat_letters
    problem = msg("REC_NOT_A_SEAT.letters" if letters else "REC_NOT_A_SEAT", value=v, high=seats - 1,
                  letters=" ".join(letters))
    if isinstance(v, str):
        if not v.isascii() or len(v) > 3:
            raise RecordError(field, problem)
        by_letter = spec.codec.seat_from_letter(v)
        if by_letter is not None:
            return by_letter
        if v.isdigit():
            v = int(v)
    if not _is_int(v) or not 0 <= v < seats:
        raise RecordError(field, problem)
    return int(v)


def _card(v: Any, field: str) -> Card:
    try:
        return parse_card(v)
    except InvalidInputError as e:
        raise RecordError(field, e.msg) from None


def parse_record(obj: Any) -> ParsedRecord:
    """Validate a hand record (a dict, as loaded from JSON).

    Raises :class:`RecordError` naming the field for anything malformed: wrong
    format, unknown game or option, a seat out of range, an unknown card, a
    card dealt twice, a wrong number of cards, an action of unknown kind.
    Legality of the actions is not checked here (that is :func:`replay`'s job).
    """
    if not isinstance(obj, dict):
        raise RecordError("record", msg("REC_NOT_OBJECT"))
    check_limits(obj)
    fmt = obj.get("format")
    if fmt != FORMAT:
        raise RecordError("format", msg("REC_FORMAT", value2=FORMAT, value=fmt))
    game = obj.get("game")
    if not isinstance(game, str) or game not in game_names():
        expected = " or ".join(f'"{n}"' for n in game_names())
        raise RecordError("game", msg("REC_GAME", known=expected, value=game))
    seats = obj.get("seats", default_seats(game))
    problem = seats_issue(game, seats)
    if problem is not None:
        raise RecordError("seats", problem)
    assert isinstance(seats, int)  # seats_issue accepts only a seat count of the game
    spec = spec_for(game, seats)
    codec = spec.codec
    rules_obj = obj.get("rules", {})
    try:
        rules = spec.rules_from_json(rules_obj, seats)
    except InvalidInputError as e:  # "rules: unknown … option" is written once, as this field's
        raise RecordError("rules", e.evidence["problem"] if e.code == "RULES_FIELD" else e.msg) from None
    except TypeError as e:
        raise RecordError("rules", str(e)) from None
    start = obj.get("start", {})
    if not isinstance(start, dict):
        raise RecordError("start", msg("REC_START_NOT_OBJECT"))
    dealer = _seat(start.get("dealer", 0), seats, "start.dealer", spec)
    n_scores = spec.n_sides(seats)
    scores = start.get("scores", [0] * n_scores)
    if not isinstance(scores, list) or len(scores) != n_scores or not all(_is_int(s) for s in scores):
        raise RecordError("start.scores", msg("REC_SCORES", n=n_scores, note=codec.scores_note or ""))
    problem = codec.start_problem(scores, rules)
    if problem is not None:
        raise RecordError("start.scores", problem)
    bags = start.get("bags", [0] * n_scores)
    if codec.has_bags and (not isinstance(bags, list) or len(bags) != n_scores
                           or not all(_is_int(b) and 0 <= b < rules.bag_limit for b in bags)):
        text = "REC_BAGS.two" if n_scores == 2 else "REC_BAGS"
        raise RecordError("start.bags", msg(text + ("" if rules.bag_limit == 10 else ".house"), n=n_scores,
                                            high=rules.bag_limit - 1, note=codec.scores_note or ""))
    hands_obj = obj.get("hands")
    if not isinstance(hands_obj, list):
        raise RecordError("hands", msg("REC_HANDS_NOT_LIST"))
    if len(hands_obj) > MAX_HANDS:
        raise RecordError("hands", msg("REC_TOO_MANY_HANDS", count=len(hands_obj), most=MAX_HANDS))
    n = codec.hand_count(rules)
    if n is not None and len(hands_obj) > n:
        raise RecordError("hands", msg("REC_HAND_COUNT", game=spec.title, n=n, count=len(hands_obj),
                                       rule=codec.hand_count_rule))
    hands = []
    for i, h in enumerate(hands_obj):
        f = f"hands[{i}]"
        if not isinstance(h, dict):
            raise RecordError(f, msg("REC_HAND_NOT_OBJECT"))
        deal = number = None
        if "deal" in h and "deal_number" in h:
            raise RecordError(f, msg("REC_DEAL_AND_NUMBER"))
        if "deal_number" in h:
            number = h["deal_number"]
            if not _is_int(number) or not 0 <= number <= MAX_DEAL_NUMBER:
                raise RecordError(f + ".deal_number", msg("REC_DEAL_NUMBER", value=number, high=MAX_DEAL_NUMBER))
        elif "deal" in h:
            deal = _parse_deal(h, f, spec, seats, rules, i)
        else:
            raise RecordError(f, msg("REC_NO_DEAL"))
        hdealer = None
        if "dealer" in h:
            hdealer = _seat(h["dealer"], seats, f + ".dealer", spec)
            if hdealer != (dealer + i) % seats:
                raise RecordError(f + ".dealer", msg("REC_HAND_DEALER", number=i + 1, dealer_seat=(dealer + i) % seats,
                                                     given=hdealer))
        acts = h.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError(f + ".actions", msg("REC_ACTIONS_NOT_LIST"))
        if len(acts) > MAX_ACTIONS:
            raise RecordError(f + ".actions", msg("REC_TOO_MANY_ACTIONS", count=len(acts), most=MAX_ACTIONS))
        actions = [(f"{f}.actions[{k}]", _parse_action(a, f"{f}.actions[{k}]", spec, seats))
                   for k, a in enumerate(acts)]
        hands.append(ParsedHand(deal, number, actions, hdealer))
    return ParsedRecord(game, rules, seats, dealer, list(scores), list(bags), hands)


def _parse_deal(h: dict[str, Any], f: str, spec: GameSpec, seats: int, rules: Any, index: int) -> Deal:
    d = h["deal"]
    if not isinstance(d, dict):
        raise RecordError(f + ".deal", msg("REC_DEAL_NOT_OBJECT"))
    codec = spec.codec
    size = codec.hand_size(rules, index)
    hands: list[tuple[Card, ...] | None] = [None] * seats
    seen: dict[Card, str] = {}
    for key, cards in d.items():
        s = _seat(key, seats, f"{f}.deal", spec)
        if hands[s] is not None:
            raise RecordError(f"{f}.deal.{key}", msg("REC_SEAT_DEALT_TWICE", number=s))
        if not isinstance(cards, list):
            raise RecordError(f"{f}.deal.{key}", msg("REC_CARDS_NOT_LIST"))
        if len(cards) != size:
            raise RecordError(f"{f}.deal.{key}", msg("REC_HAND_SIZE", count=len(cards), number=index + 1, size=size))
        parsed = []
        for k, c in enumerate(cards):
            card = _card(c, f"{f}.deal.{key}[{k}]")
            if card in seen:
                raise RecordError(f"{f}.deal.{key}[{k}]", msg("REC_CARD_DEALT_TWICE", code=card.code, where=seen[card]))
            seen[card] = f"{f}.deal.{key}"
            parsed.append(card)
        hands[s] = tuple(parsed)
    missing = [s for s in range(seats) if hands[s] is None]
    if missing:
        raise RecordError(f + ".deal", msg("REC_NO_CARDS_FOR_SEAT", number=missing[0]))
    turn_up = None
    if codec.turn_up:
        if "turn_up" not in h:
            raise RecordError(f + ".turn_up", codec.turn_up_missing or msg("REC_TURN_UP_MISSING"))
        if h["turn_up"] is not None:
            turn_up = _card(h["turn_up"], f + ".turn_up")
        problem = codec.turn_up_issue(rules, index, turn_up) if codec.turn_up_issue else None
        if problem is not None:
            raise RecordError(f + ".turn_up", problem)
        if turn_up is not None and turn_up in seen:
            raise RecordError(f + ".turn_up", msg("REC_TURN_UP_DEALT", code=turn_up.code))
    elif h.get("turn_up") is not None:
        raise RecordError(f + ".turn_up", codec.no_turn_up or msg("REC_NO_TURN_UP"))
    full = tuple(x for x in hands if x is not None)
    return Deal(full, turn_up, None)


def _parse_action(a: Any, f: str, spec: GameSpec, seats: int) -> PlayerAction:
    if not isinstance(a, dict):
        raise RecordError(f, msg("REC_ACTION_NOT_OBJECT"))
    if "seat" not in a:
        raise RecordError(f + ".seat", msg("REC_MISSING"))
    seat = _seat(a["seat"], seats, f + ".seat", spec)
    kinds = [k for k in ("bid", "look", "pass", "play") if k in a]
    if len(kinds) != 1:
        raise RecordError(f, msg("REC_ACTION_KIND"))
    kind = kinds[0]
    v = a[kind]
    if kind == "play":
        return Play(seat, _card(v, f + ".play"))
    if kind == "look":
        if v is not True:
            raise RecordError(f + ".look", msg("REC_LOOK_NOT_TRUE"))
        return Look(seat)
    if kind == "pass":
        if not isinstance(v, list):
            raise RecordError(f + ".pass", msg("REC_CARDS_NOT_LIST"))
        return Pass(seat, tuple(_card(c, f"{f}.pass[{k}]") for k, c in enumerate(v)))
    return spec.codec.bid_in(seat, v)  # anything else is judged by the rules (e.g. 2.5 → BID_NOT_WHOLE_NUMBER)


def load_record_file(path: str) -> ParsedRecord:
    """Read and validate a record file: only a regular file is read (a
    named pipe, a device such as ``/dev/zero``, a directory or a socket is
    refused at once, without waiting for a writer: HAND_RECORD.md), and at
    most 10 MB + 1 bytes of it (so a huge file stops at once); then
    :func:`loads_record` and :func:`parse_record`.  :class:`RecordError`
    (field ``file``) for anything bad."""
    try:
        # O_NONBLOCK: opening a FIFO for reading must not wait for a writer;
        # fstat on the open file then says what it is (no race with a rename)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise RecordError("file", msg("REC_CANNOT_READ", value=str(path), why=e.strerror or type(e).__name__)) from None
    except (ValueError, TypeError) as e:  # e.g. a NUL in the path
        raise RecordError("file", msg("REC_CANNOT_READ", value=str(path), why=str(e))) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RecordError("file", msg("REC_NOT_REGULAR", value=str(path)))
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            data = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError("file", msg("REC_CANNOT_READ", value=str(path), why=e.strerror or type(e).__name__)) from None
    finally:
        if fd >= 0:
            os.close(fd)
    return parse_record(loads_record(data))


# ----------------------------------------------------------------- output
def _spec(game: "str | TrickGame | GameSpec") -> GameSpec:
    return spec_named(game) if isinstance(game, str) else spec_of(game)


def _bid_out(spec: GameSpec, b: Bid) -> Any:
    v = spec.codec.bid_out(b)
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)  # NaN/inf are not JSON
    return v


def action_to_json(game: "str | TrickGame | GameSpec", a: Action) -> dict[str, Any]:
    """An action as in a record: ``{"bid": 4}``, ``{"play": "QH"}`` … (no
    seat).  ``game``: the game (or its spec, or its record name), which says
    how bids are written (Spades ``"nil"``, ``"blind_nil"``)."""
    if isinstance(a, Play):
        return {"play": a.card.code}
    if isinstance(a, Bid):
        return {"bid": _bid_out(_spec(game), a)}
    if isinstance(a, Pass):
        return {"pass": [c.code for c in a.cards]}
    if isinstance(a, Look):
        return {"look": True}
    raise InvalidInputError(msg("NOT_A_PLAYER_ACTION", value=a))


def legal_to_json(game: TrickGame, seat: int) -> list[str]:
    """Legal actions of ``seat`` as strings: cards canonical and sorted
    (clubs, diamonds, hearts, spades, each 2…A), bids as strings ("0"…,
    "blind_nil"), exchanges as three cards joined by spaces."""
    out = []
    for a in game.legal_actions(seat):
        if isinstance(a, Play):
            out.append(_CODES[a.card.index])
        elif isinstance(a, Bid):
            out.append("blind_nil" if a.blind else str(a.value))
        elif isinstance(a, Pass):
            out.append(" ".join(c.code for c in a.cards))
    return out


_CODES = tuple(c.code for c in DECK)  # one shared string per card


def _hand_json(game: TrickGame, result: HandResult, number: int) -> dict[str, Any]:
    codec = spec_of(game).codec
    bids = {str(s): b for s, b in enumerate(result.bids) if b is not None}
    out: dict[str, Any] = {"number": number, "dealer": result.dealer,
           "trump": result.trump.letter if result.trump is not None else None}
    if codec.turn_up:
        out["hand_size"] = result.hand_size
        out["turn_up"] = result.turn_up.code if result.turn_up else None
    out["bids"] = bids
    out["tricks"] = [t.to_json() for t in result.tricks]
    out["tricks_won"] = list(result.tricks_won)
    out["score_lines"] = [l.to_json(codec.score_key) for l in result.score_lines]
    out["points"] = list(result.points)
    out["scores_after"] = list(result.scores_after)
    if result.bags_after is not None:
        out["bags_after"] = list(result.bags_after)
    return out


def _current_hand_json(game: TrickGame) -> dict[str, Any]:
    codec = spec_of(game).codec
    out: dict[str, Any] = {"number": game.hands_dealt, "dealer": game.dealer,
           "trump": game.trump.letter if game.trump is not None else None}
    if codec.turn_up:
        out["hand_size"] = game.hand_size
        out["turn_up"] = game.turn_up.code if game.turn_up else None
    out["bids"] = {str(s): b for s, b in enumerate(game.bids) if b is not None}
    out["tricks"] = [t.to_json() for t in game.tricks]
    out["tricks_won"] = list(game.tricks_won)
    cur = game.current_trick
    if cur is not None and cur.cards:
        out["current_trick"] = {"leader": cur.leader, "cards": [c.code for c in cur.cards]}
    return out


def _to_act_json(game: TrickGame) -> dict[str, Any] | None:
    if game.phase is Phase.GAME_OVER:
        return None
    if game.phase is Phase.DEAL:
        return {"seat": (game.dealer + 1) % game.n_seats, "phase": "deal", "legal": []}
    seat = game.to_act
    assert seat is not None  # a hand in progress always has a seat to act
    return {"seat": seat, "phase": game.phase.value, "legal": legal_to_json(game, seat)}


def replay(record: Any, trace: bool = False) -> tuple[dict[str, Any] | None, int, str | None]:
    """Replay a record.  Returns ``(output, status, error)``: status 0 (all
    replayed) or 1 (stopped at a forbidden action; ``output["stopped"]`` says
    why), with ``output`` as documented in HAND_RECORD.md; or status 2 with
    ``output`` None and a one-line ``error`` naming the field."""
    try:
        parsed = record if isinstance(record, ParsedRecord) else parse_record(record)
        game = parsed.new_game()
        spec = parsed.spec
    except InvalidInputError as e:
        return None, 2, str(e)
    steps: list[dict[str, Any]] = []
    stopped = None
    index = 0
    legal_key: tuple[int, int] | None = None
    legal_list: list[str] = []
    try:
        for hi, hand in enumerate(parsed.hands):
            if game.phase is Phase.GAME_OVER:
                v = game.check_deal(None)
                stopped = {"index": index, "seat": hand.actions[0][1].seat if hand.actions else None,
                           "reason": v.reason.value, "rule": v.rule, "message": v.message}
                break
            if game.phase is not Phase.DEAL:
                return None, 2, render(Msg("RECORD_FIELD", {"field": f"hands[{hi}]", "problem": msg(
                    "REC_HAND_NOT_FINISHED_TRICKS", number=hi, played=len(game.tricks), size=game.hand_size,
                    next=hi + 1)}))
            deal = hand.deal_for(game)
            try:
                game.deal(deal)
            except InvalidInputError as e:
                return None, 2, render(Msg("RECORD_FIELD", {"field": f"hands[{hi}].deal", "problem": e.msg}))
            if hand.deal is None and spec.codec.after_number_deal:
                spec.codec.after_number_deal(game)  # two-player Spades: the standard draw (SP-2P-2)
            for path, action in hand.actions:
                seat = action.seat
                legal = None
                if trace:  # unchanged state, same list: repeated looks share it (memory, HAND_RECORD limits)
                    key = (game.history_length, seat)
                    if key != legal_key:
                        legal_key, legal_list = key, legal_to_json(game, seat)
                    legal = legal_list
                try:
                    game.apply(action)  # checks first; changes nothing on refusal
                except IllegalActionError as e:
                    v = e.verdict
                    stopped = {"index": index, "seat": seat, "reason": v.reason.value, "rule": v.rule,
                               "message": v.message}
                    break
                step = {"index": index, "seat": seat, "action": action_to_json(spec, action)}
                if trace:
                    step["legal_before"] = legal
                steps.append(step)
                index += 1
            if stopped:
                break
    except InvalidInputError as e:
        return None, 2, str(e)
    hands_out = [_hand_json(game, r, r.number) for r in game.results]
    if game.phase in (Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY):
        hands_out.append(_current_hand_json(game))
    winners = list(game.winners)
    out = {"ok": stopped is None, "stopped": stopped, "steps": steps, "hands": hands_out,
           "game_over": game.phase is Phase.GAME_OVER, "winners": winners, "to_act": _to_act_json(game)}
    return out, (1 if stopped else 0), None


# ----------------------------------------------------------------- save / load
def game_to_record(game: TrickGame) -> dict[str, Any]:
    """The game so far as a hand record (a dict ready for ``json.dump``)."""
    spec = spec_of(game)
    codec = spec.codec
    rec: dict[str, Any] = {"format": FORMAT, "game": spec.name, "rules": spec.rules_to_json(game.rules),
                           "seats": game.n_seats}
    start: dict[str, Any] = {"dealer": game.start_dealer, "scores": list(game.start_scores)}
    if codec.has_bags:
        start["bags"] = list(game.start_bags)
    rec["start"] = start
    hands = []
    for a in game.history:
        if isinstance(a, Deal):
            h: dict[str, Any] = {"deal": {str(s): [c.code for c in cards] for s, cards in enumerate(a.hands)}}
            if codec.turn_up:
                h["turn_up"] = a.turn_up.code if a.turn_up else None
            h["actions"] = []
            hands.append((a, h))
        else:
            hands[-1][1]["actions"].append(a)
    out = []
    for i, (deal, h) in enumerate(hands):
        acts = h["actions"]
        if codec.hand_out is not None:  # two-player Spades: the draw is not recorded
            written = codec.hand_out(deal, acts, (game.start_dealer + i) % game.n_seats)
            if written is None:
                break
            h, acts = dict(written[0]), written[1]
        h["actions"] = [{"seat": a.seat, **action_to_json(spec, a)} for a in acts]
        out.append(h)
    rec["hands"] = out
    return rec


def game_from_record(record: Any, auto_deal: bool = True) -> TrickGame:
    """Rebuild a game from a saved record: a record object (dict), a
    :class:`ParsedRecord`, or the file's contents (bytes or text, parsed by
    :func:`loads_record` with the limits of HAND_RECORD.md).

    Raises :class:`RecordError` (an :class:`InvalidInputError`, and so a
    ``ValueError``) with one plain sentence naming the field for every bad
    file: invalid JSON, a limit exceeded, an invalid record, an action the
    rules forbid (the verdict's message, reason and rule id), a game already
    over.  Never returns a half-loaded game, never raises anything else."""
    try:
        if isinstance(record, (bytes, bytearray, memoryview, str)):
            record = loads_record(record)
        parsed = record if isinstance(record, ParsedRecord) else parse_record(record)
        game = parsed.new_game()
        for hi, hand in enumerate(parsed.hands):
            if game.phase is not Phase.DEAL:
                v = game.check_deal(None)
                if game.phase is Phase.GAME_OVER:
                    raise RecordError(f"hands[{hi}]", v.msg)
                raise RecordError(f"hands[{hi}]", msg("REC_HAND_NOT_FINISHED", number=hi, next=hi + 1))
            try:
                deal = hand.deal_for(game)
                game.deal(deal)
                if hand.deal is None and parsed.spec.codec.after_number_deal:
                    parsed.spec.codec.after_number_deal(game)  # two-player Spades: the standard draw
            except InvalidInputError as e:
                raise RecordError(f"hands[{hi}].deal", e.msg) from None
            for path, action in hand.actions:
                v = game.check(action)
                if not v.ok:
                    raise RecordError(path, msg("REC_ILLEGAL", seat=action.seat, naming=game.spec.naming, message=v.msg,
                                                reason=v.reason.value, rule=v.rule))
                game.apply(action)
        game.auto_deal = auto_deal  # from now on, deal each next hand from the deal numbers
        if auto_deal and game.phase is Phase.DEAL:
            game.deal_next()
        return game
    except RecordError:
        raise
    except InvalidInputError as e:
        raise RecordError("record", e.msg) from None
    except IllegalActionError as e:
        v = e.verdict
        raise RecordError("record", Msg("ILLEGAL_ACTION", {"message": v.msg, "reason": v.reason.value,
                                                           "rule": v.rule})) from None
    except Exception as e:  # noqa: BLE001 - a bad file must never show a raw Python error
        raise RecordError("record", msg("REC_NOT_LOADED", type=type(e).__name__)) from None
