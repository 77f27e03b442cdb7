"""Hand records: the JSON format of ``docs/HAND_RECORD.md``
(``"format": "tricktutor-hand-record/1"``), and the replay behind
``tricktutor replay``.

* :func:`parse_record` checks a record and raises :class:`RecordError`
  (an :class:`InvalidInputError` whose message names the field).
* :func:`replay` runs a record through the engine and returns
  ``(output, exit_status)``: 0 all replayed, 1 stopped at an illegal action,
  2 invalid record.
* :func:`game_to_record` / :func:`game_from_record` save and load a game.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from .actions import Action, Bid, Deal, Look, Pass, Phase, Play
from .cards import Card, parse_card
from .errors import IllegalActionError, InvalidInputError
from .game import TrickGame
from .ohhell import OhHellGame, OhHellRules
from .spades import SpadesGame, SpadesRules

__all__ = ["FORMAT", "RecordError", "parse_record", "replay", "game_to_record", "game_from_record",
           "action_to_json", "legal_to_json", "load_record_file"]

FORMAT = "tricktutor-hand-record/1"
_SEAT_LETTERS = {"N": 0, "E": 1, "S": 2, "W": 3}


class RecordError(InvalidInputError):
    """An invalid hand record; ``field`` is the JSON path of the culprit."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass
class ParsedHand:
    deal: Deal | None
    deal_number: int | None
    actions: list[tuple[str, Action]]  # (field path, action)
    dealer: int | None


@dataclass
class ParsedRecord:
    game: str
    rules: Any
    seats: int
    dealer: int
    scores: list[int]
    bags: list[int]
    hands: list[ParsedHand]

    def new_game(self) -> TrickGame:
        """A fresh game at the record's start (deals supplied by the record)."""
        if self.game == "spades":
            return SpadesGame(self.rules, dealer=self.dealer, scores=self.scores, bags=self.bags, auto_deal=False)
        return OhHellGame(self.rules, dealer=self.dealer, scores=self.scores, auto_deal=False)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seat(v: Any, seats: int, field: str, game: str) -> int:
    if game == "spades" and isinstance(v, str) and v.upper() in _SEAT_LETTERS:
        return _SEAT_LETTERS[v.upper()]
    if isinstance(v, str) and v.isdigit():
        v = int(v)
    if not _is_int(v) or not 0 <= v < seats:
        raise RecordError(field, f"{v!r} is not a seat (0 to {seats - 1}{', or N E S W' if game == 'spades' else ''})")
    return v


def _card(v: Any, field: str) -> Card:
    try:
        return parse_card(v)
    except InvalidInputError as e:
        raise RecordError(field, str(e)) from None


def parse_record(obj: Any) -> ParsedRecord:
    """Validate a hand record (a dict, as loaded from JSON).

    Raises :class:`RecordError` naming the field for anything malformed: wrong
    format, unknown game or option, a seat out of range, an unknown card, a
    card dealt twice, a wrong number of cards, an action of unknown kind.
    Legality of the actions is not checked here (that is :func:`replay`'s job).
    """
    if not isinstance(obj, dict):
        raise RecordError("record", "a hand record is a JSON object")
    fmt = obj.get("format")
    if fmt != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {fmt!r}")
    game = obj.get("game")
    if game not in ("spades", "oh_hell"):
        raise RecordError("game", f"expected \"spades\" or \"oh_hell\", got {game!r}")
    seats = obj.get("seats", 4 if game == "spades" else None)
    if game == "spades" and seats != 4:
        raise RecordError("seats", f"Spades is for 4 seats, not {seats!r} (SP-1)")
    if game == "oh_hell" and (not _is_int(seats) or not 3 <= seats <= 7):
        raise RecordError("seats", f"Oh Hell is for 3 to 7 seats, not {seats!r} (OH-1)")
    rules_obj = obj.get("rules", {})
    try:
        rules = SpadesRules.from_json(rules_obj) if game == "spades" else OhHellRules.from_json(rules_obj, seats)
    except InvalidInputError as e:
        raise RecordError("rules", str(e).removeprefix("rules: ")) from None
    except TypeError as e:
        raise RecordError("rules", str(e)) from None
    start = obj.get("start", {})
    if not isinstance(start, dict):
        raise RecordError("start", "must be an object")
    dealer = _seat(start.get("dealer", 0), seats, "start.dealer", game)
    n_scores = 2 if game == "spades" else seats
    scores = start.get("scores", [0] * n_scores)
    if not isinstance(scores, list) or len(scores) != n_scores or not all(_is_int(s) for s in scores):
        raise RecordError("start.scores", f"must be {n_scores} whole numbers"
                          f"{' [NS, EW]' if game == 'spades' else ', one per seat'}")
    bags = start.get("bags", [0, 0])
    if game == "spades" and (not isinstance(bags, list) or len(bags) != 2
                             or not all(_is_int(b) and 0 <= b <= 9 for b in bags)):
        raise RecordError("start.bags", "must be two whole numbers 0 to 9 [NS, EW]")
    hands_obj = obj.get("hands")
    if not isinstance(hands_obj, list):
        raise RecordError("hands", "must be a list of hands")
    n_hands = 10**9 if game == "spades" else rules.n_hands
    if len(hands_obj) > n_hands:
        raise RecordError("hands", f"this Oh Hell game has {n_hands} hands, the record has {len(hands_obj)} (OH-5)")
    hands = []
    for i, h in enumerate(hands_obj):
        f = f"hands[{i}]"
        if not isinstance(h, dict):
            raise RecordError(f, "each hand is an object")
        deal = number = None
        if "deal" in h and "deal_number" in h:
            raise RecordError(f, "give either deal or deal_number, not both")
        if "deal_number" in h:
            number = h["deal_number"]
            if not _is_int(number) or number < 0:
                raise RecordError(f + ".deal_number", f"{number!r} is not a deal number (a whole number ≥ 0)")
        elif "deal" in h:
            deal = _parse_deal(h, f, game, seats, rules, i)
        else:
            raise RecordError(f, "needs deal or deal_number")
        hdealer = None
        if "dealer" in h:
            hdealer = _seat(h["dealer"], seats, f + ".dealer", game)
            if hdealer != (dealer + i) % seats:
                raise RecordError(f + ".dealer", f"hand {i + 1} is dealt by seat {(dealer + i) % seats} "
                                                 f"(left of the last dealer), not seat {hdealer}")
        acts = h.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError(f + ".actions", "must be a list")
        actions = [(f"{f}.actions[{k}]", _parse_action(a, f"{f}.actions[{k}]", game, seats)) for k, a in enumerate(acts)]
        hands.append(ParsedHand(deal, number, actions, hdealer))
    return ParsedRecord(game, rules, seats, dealer, list(scores), list(bags), hands)


def _parse_deal(h: dict, f: str, game: str, seats: int, rules, index: int) -> Deal:
    d = h["deal"]
    if not isinstance(d, dict):
        raise RecordError(f + ".deal", "must be an object with one list of cards per seat")
    size = 13 if game == "spades" else rules.sizes[index]
    hands: list[tuple[Card, ...] | None] = [None] * seats
    seen: dict[Card, str] = {}
    for key, cards in d.items():
        s = _seat(key, seats, f"{f}.deal", game)
        if hands[s] is not None:
            raise RecordError(f"{f}.deal.{key}", f"seat {s} is dealt twice")
        if not isinstance(cards, list):
            raise RecordError(f"{f}.deal.{key}", "must be a list of cards")
        if len(cards) != size:
            raise RecordError(f"{f}.deal.{key}", f"has {len(cards)} cards; hand {index + 1} deals {size} to each seat")
        parsed = []
        for k, c in enumerate(cards):
            card = _card(c, f"{f}.deal.{key}[{k}]")
            if card in seen:
                raise RecordError(f"{f}.deal.{key}[{k}]", f"{card.code} is dealt twice (also in {seen[card]})")
            seen[card] = f"{f}.deal.{key}"
            parsed.append(card)
        hands[s] = tuple(parsed)
    missing = [s for s in range(seats) if hands[s] is None]
    if missing:
        raise RecordError(f + ".deal", f"no cards for seat {missing[0]}")
    turn_up = None
    if game == "oh_hell":
        if "turn_up" not in h:
            raise RecordError(f + ".turn_up", "an Oh Hell hand needs turn_up (a card, or null when none is turned)")
        if h["turn_up"] is not None:
            turn_up = _card(h["turn_up"], f + ".turn_up")
            if turn_up in seen:
                raise RecordError(f + ".turn_up", f"{turn_up.code} is also dealt to a seat")
        if rules.has_trump(index) and turn_up is None:
            raise RecordError(f + ".turn_up", f"hand {index + 1} turns up a trump card (OH-7); null is only for a hand without trump")
        if not rules.has_trump(index) and turn_up is not None:
            raise RecordError(f + ".turn_up", f"hand {index + 1} is played without trump, so no card is turned up (OH-7)")
    elif h.get("turn_up") is not None:
        raise RecordError(f + ".turn_up", "Spades turns up no card (spades are always trump, SP-2)")
    return Deal(tuple(hands), turn_up, None)


def _parse_action(a: Any, f: str, game: str, seats: int) -> Action:
    if not isinstance(a, dict):
        raise RecordError(f, "each action is an object with a seat")
    if "seat" not in a:
        raise RecordError(f + ".seat", "missing")
    seat = _seat(a["seat"], seats, f + ".seat", game)
    kinds = [k for k in ("bid", "look", "pass", "play") if k in a]
    if len(kinds) != 1:
        raise RecordError(f, "an action has exactly one of bid, look, pass, play")
    kind = kinds[0]
    v = a[kind]
    if kind == "play":
        return Play(seat, _card(v, f + ".play"))
    if kind == "look":
        if v is not True:
            raise RecordError(f + ".look", "must be true")
        return Look(seat)
    if kind == "pass":
        if not isinstance(v, list):
            raise RecordError(f + ".pass", "must be a list of cards")
        return Pass(seat, tuple(_card(c, f"{f}.pass[{k}]") for k, c in enumerate(v)))
    if isinstance(v, str) and v.lower() == "nil" and game == "spades":
        return Bid(seat, 0)
    if isinstance(v, str) and v.lower() == "blind_nil":
        return Bid(seat, 0, True)
    return Bid(seat, v)  # anything else is judged by the rules (e.g. 2.5 → BID_NOT_WHOLE_NUMBER)


def load_record_file(path: str) -> ParsedRecord:
    """Read and validate a record file; :class:`RecordError` for bad JSON too."""
    try:
        with open(path, encoding="utf-8") as fh:
            obj = json.load(fh)
    except OSError as e:
        raise RecordError("file", f"cannot read {path}: {e.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError("record", f"not valid JSON ({e})") from None
    return parse_record(obj)


# ----------------------------------------------------------------- output
def _bid_out(game: str, b: Bid):
    if game == "spades":
        if b.blind:
            return "blind_nil"
        if b.value == 0 and _is_int(b.value):
            return "nil"
    v = b.value
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)  # NaN/inf are not JSON
    return v


def action_to_json(game: str, a: Action) -> dict:
    """An action as in a record: ``{"bid": 4}``, ``{"play": "QH"}`` … (no seat)."""
    if isinstance(a, Play):
        return {"play": a.card.code}
    if isinstance(a, Bid):
        return {"bid": _bid_out(game, a)}
    if isinstance(a, Pass):
        return {"pass": [c.code for c in a.cards]}
    if isinstance(a, Look):
        return {"look": True}
    raise InvalidInputError(f"{a!r} is not a player action")


def legal_to_json(game: TrickGame, seat: int) -> list[str]:
    """Legal actions of ``seat`` as strings: cards canonical and sorted
    (clubs, diamonds, hearts, spades, each 2…A), bids as strings ("0"…,
    "blind_nil"), exchanges as three cards joined by spaces."""
    out = []
    for a in game.legal_actions(seat):
        if isinstance(a, Play):
            out.append(a.card.code)
        elif isinstance(a, Bid):
            out.append("blind_nil" if a.blind else str(a.value))
        elif isinstance(a, Pass):
            out.append(" ".join(c.code for c in a.cards))
    return out


def _hand_json(game: TrickGame, result, number: int) -> dict:
    g = game.GAME
    key = "side" if g == "spades" else "seat"
    bids = {str(s): b for s, b in enumerate(result.bids) if b is not None}
    out = {"number": number, "dealer": result.dealer,
           "trump": result.trump.letter if result.trump is not None else None}
    if g == "oh_hell":
        out["hand_size"] = result.hand_size
        out["turn_up"] = result.turn_up.code if result.turn_up else None
    out["bids"] = bids
    out["tricks"] = [t.to_json() for t in result.tricks]
    out["tricks_won"] = list(result.tricks_won)
    out["score_lines"] = [l.to_json(key) for l in result.score_lines]
    out["points"] = list(result.points)
    out["scores_after"] = list(result.scores_after)
    if result.bags_after is not None:
        out["bags_after"] = list(result.bags_after)
    return out


def _current_hand_json(game: TrickGame) -> dict:
    g = game.GAME
    out = {"number": game.hands_dealt, "dealer": game.dealer}
    if g == "spades":
        out["trump"] = "S"
        bids = game.bids
    else:
        out["trump"] = game.trump.letter if game.trump is not None else None
        out["hand_size"] = game.hand_size
        out["turn_up"] = game.turn_up.code if game.turn_up else None
        bids = game.bids
    out["bids"] = {str(s): b for s, b in enumerate(bids) if b is not None}
    out["tricks"] = [t.to_json() for t in game.tricks]
    out["tricks_won"] = list(game.tricks_won)
    cur = game.current_trick
    if cur is not None and cur.cards:
        out["current_trick"] = {"leader": cur.leader, "cards": [c.code for c in cur.cards]}
    return out


def _to_act_json(game: TrickGame):
    if game.phase is Phase.GAME_OVER:
        return None
    if game.phase is Phase.DEAL:
        return {"seat": (game.dealer + 1) % game.n_seats, "phase": "deal", "legal": []}
    seat = game.to_act
    return {"seat": seat, "phase": game.phase.value, "legal": legal_to_json(game, seat)}


def replay(record: Any, trace: bool = False) -> tuple[dict | None, int, str | None]:
    """Replay a record.  Returns ``(output, status, error)``: status 0 (all
    replayed) or 1 (stopped at a forbidden action; ``output["stopped"]`` says
    why), with ``output`` as documented in HAND_RECORD.md; or status 2 with
    ``output`` None and a one-line ``error`` naming the field."""
    try:
        parsed = record if isinstance(record, ParsedRecord) else parse_record(record)
        game = parsed.new_game()
    except InvalidInputError as e:
        return None, 2, str(e)
    steps = []
    stopped = None
    index = 0
    try:
        for hi, hand in enumerate(parsed.hands):
            if game.phase is Phase.GAME_OVER:
                v = game.check_deal(None)
                stopped = {"index": index, "seat": hand.actions[0][1].seat if hand.actions else None,
                           "reason": v.reason.value, "rule": v.rule, "message": v.message}
                break
            if game.phase is not Phase.DEAL:
                return None, 2, (f"hands[{hi}]: hand {hi} is not finished "
                                 f"({len(game.tricks)} of {game.hand_size if game.GAME == 'oh_hell' else 13} tricks played), "
                                 f"so hand {hi + 1} cannot start")
            deal = hand.deal if hand.deal is not None else game.make_deal(hand.deal_number)
            try:
                game.deal(deal)
            except InvalidInputError as e:
                return None, 2, f"hands[{hi}].deal: {e}"
            for path, action in hand.actions:
                seat = action.seat
                legal = legal_to_json(game, seat) if trace else None
                v = game.check(action)
                if not v.ok:
                    stopped = {"index": index, "seat": seat, "reason": v.reason.value, "rule": v.rule,
                               "message": v.message}
                    break
                game.apply(action)
                step = {"index": index, "seat": seat, "action": action_to_json(game.GAME, action)}
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
def game_to_record(game: TrickGame) -> dict:
    """The game so far as a hand record (a dict ready for ``json.dump``)."""
    g = game.GAME
    rec: dict[str, Any] = {"format": FORMAT, "game": g, "rules": game.rules.to_json(), "seats": game.n_seats}
    start: dict[str, Any] = {"dealer": game.start_dealer, "scores": list(game.start_scores)}
    if g == "spades":
        start["bags"] = list(game.start_bags)
    rec["start"] = start
    hands = []
    for a in game.history:
        if isinstance(a, Deal):
            h: dict[str, Any] = {"deal": {str(s): [c.code for c in cards] for s, cards in enumerate(a.hands)}}
            if g == "oh_hell":
                h["turn_up"] = a.turn_up.code if a.turn_up else None
            h["actions"] = []
            hands.append(h)
        else:
            hands[-1]["actions"].append({"seat": a.seat, **action_to_json(g, a)})
    rec["hands"] = hands
    return rec


def game_from_record(record: Any, auto_deal: bool = True) -> TrickGame:
    """Rebuild a game from a saved record.  Raises :class:`RecordError` for
    an invalid record and :class:`IllegalActionError` if it contains a
    forbidden action; never returns a half-loaded game."""
    parsed = record if isinstance(record, ParsedRecord) else parse_record(record)
    game = parsed.new_game()
    for hi, hand in enumerate(parsed.hands):
        deal = hand.deal if hand.deal is not None else game.make_deal(hand.deal_number)
        try:
            game.deal(deal)
        except InvalidInputError as e:
            raise RecordError(f"hands[{hi}].deal", str(e)) from None
        for path, action in hand.actions:
            game.apply(action)
    game.auto_deal = auto_deal
    if auto_deal:
        game._auto_deal()
    return game
