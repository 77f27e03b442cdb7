"""A table session whose game lives on a table server (issue 35), without widgets.

The table server (:mod:`tutor.tables_server`, docs/TABLE_PROTOCOL.md) holds
the game and sends each seat its own view only.  :class:`RemoteSession` is
what :class:`tutor.table.game_table.GameTable` draws for a seat at such a
table: the same table a learner knows, its game a **mirror** built from the
server's seat view by :func:`mirror_game` — the seat's own cards as the
server sent them, every card played, every bid shown, the scores before the
hand; the cards no one at this seat can see are filled in with cards this
seat has not seen, consistent with the public facts (a seat that showed out
of a suit gets none of it).  The mirror is rebuilt from each ``state`` frame;
it is never sent anywhere and never decides a rule for the table: the
seat's bids, plays and exchanges go to the server as ``act`` frames
(:attr:`RemoteSession.send`), and a refusal comes back as data (reason, rule,
evidence, message id), said here in the reader's language with the engine's
catalogue.

:class:`TableLink` is the conversation with the server for one person: join
a seat (or get it back with the seat token), watch, keep the token, and make
the :class:`RemoteSession` when the first state arrives.  It sends frames as
JSON objects through a function it is given (a browser's WebSocket relay,
:mod:`tutor.relay`; a test's asyncio client) and is fed every frame received
(:meth:`TableLink.receive`): it never opens a socket itself, so the same code
runs in Voila and in the static site (Pyodide).
"""
from __future__ import annotations

import dataclasses
from collections import deque
import logging
import os
import random
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import urlsplit

from engine import Bid, Card, Deal, Look, Pass, Phase, Play
from engine.actions import Action
from engine.cards import DECK
from engine.game import SeatView, TrickGame
from engine.options import GameRules
from engine.registry import spec_for
from engine.spec import GameSpec
from engine.text import render
from engine.verdict import Reason, Verdict
from engine.views import HandResult, ScoreLine

from .games import look_for
from .session import Outcome, TableSession
from .session_words import NAME_YOU
from .tables_server.protocol import msg_from_json
from .text import M_, say

__all__ = ["RemoteSession", "TableLink", "HubLogin", "mirror_game", "MirrorError", "verdict_from_json", "action_json",
           "open_seats", "seat_player", "result_from_json", "GameSoFar", "SENT", "TABLE_DEALS", "SERVER_SAID",
           "SEAT_TOKEN_KEY", "SEAT_N", "OFFLINE"]

log = logging.getLogger("tutor.remote_session")

#: Where a page keeps a seat's token (browser localStorage key, followed by the table code).
SEAT_TOKEN_KEY = "tricktutor-seat-"

# TRANSLATORS: a seat of a game whose seats have no names of their own (Oh Hell): seat {number} (1, 2, …).
SEAT_N = M_("together.seat_n", "Seat {number}")
# TRANSLATORS: a play, bid or exchange sent to the table server, waiting for its answer (Play with others).
SENT = M_("remote.sent", "Sent to the table…")
# TRANSLATORS: a play, bid or exchange made while the connection to the table server is lost: it was not sent.
OFFLINE = M_("remote.offline", "Not sent: the connection to the table server is lost. Play again when it is back.")
# TRANSLATORS: "Next hand" or "Undo" at a table shared with others: the table server deals the next hand itself.
TABLE_DEALS = M_("remote.table_deals", "At a shared table the next hand is dealt for everyone, and nothing can be "
                                       "taken back.")
# TRANSLATORS: the table server refused a frame for a reason that is not a rule of the game; {code} its error code
# ("stale_seq", "seat_taken"), kept in English as a technical name.
SERVER_SAID = M_("remote.server_said", "The table did not take that ({code}). Look at the table and try again.")

# TRANSLATORS: the status line at a shared table that deals by itself, before its first hand: the table waits a
# little for the people coming (a seat nobody takes in time is played by a computer player).
WAITING_FIRST = M_("remote.waiting_first", "Waiting for the other players: the first hand is dealt when they have "
                                           "sat down (a computer player plays a seat nobody takes).")
# TRANSLATORS: the status line at a shared table when hand {hand_no} is over: the table deals the next by itself.
HAND_OVER_SHARED = M_("remote.hand_over", "Hand {hand_no} is over. The next hand is dealt for everyone in a moment.")
# TRANSLATORS: the status line at a shared table whose teacher deals each hand, before the first hand.
TEACHER_FIRST = M_("remote.teacher_first", "Waiting for the teacher to deal the first hand.")
# TRANSLATORS: the status line at a shared table whose teacher deals each hand, when hand {hand_no} is over.
HAND_OVER_TEACHER = M_("remote.hand_over_teacher", "Hand {hand_no} is over. The teacher deals the next hand.")
# TRANSLATORS: under a seat's name at a shared table: a computer player of level {level} (1 to 4) plays the seat.
WHO_COMPUTER = M_("remote.who.computer", "computer player, level {level}")
# TRANSLATORS: under a seat's name at a shared table: nobody plays the seat yet; a person may take it.
WHO_FREE = M_("remote.who.free", "free seat")
# TRANSLATORS: under a seat's name at a shared table: the person there typed no name.
WHO_NAMELESS = M_("remote.who.nameless", "a player")
# TRANSLATORS: under a seat's name at a shared table: {name} (as the person typed it) lost the connection; the
# seat is kept for them.
WHO_AWAY = M_("remote.who.away", "{name} (away)")
# TRANSLATORS: under a seat's name at a shared table: {name} is away and a computer player plays the seat until
# they come back.
WHO_STANDIN = M_("remote.who.standin", "{name} (away: a computer player plays)")


class MirrorError(ValueError):
    """No mirror game fits the view (a view the engine cannot reach)."""


def _cards(codes: Iterable[Any]) -> list[Card]:
    return [Card.parse(c) for c in codes if c is not None]


def _trick_plays(trick: Mapping[str, Any], n: int) -> list[tuple[int, Card]]:
    leader = int(trick["leader"])
    return [((leader + i) % n, Card.parse(c)) for i, c in enumerate(trick.get("cards") or [])]


def action_json(action: Action) -> dict[str, Any]:
    """An action of this seat as the protocol's ``act`` takes it (``{"play": "QH"}``)."""
    if isinstance(action, Play):
        return {"play": action.card.code}
    if isinstance(action, Bid):
        if action.blind:
            return {"bid": "blind_nil"}
        return {"bid": action.value}
    if isinstance(action, Pass):
        return {"pass": [c.code for c in action.cards]}
    if isinstance(action, Look):
        return {"look": True}
    raise TypeError(f"no frame for {type(action).__name__}")


def _bid_action(seat: int, value: Any) -> Bid:
    if value == "blind_nil":
        return Bid(seat, 0, True)
    if value == "nil":
        return Bid(seat, 0, False)
    return Bid(seat, int(value), False)


def mirror_rules(spec: GameSpec, rules_json: Any, n_seats: int, hand_number: int) -> Any:
    """The table's rules for a mirror that starts at hand ``hand_number``: a
    game whose hand sizes follow a schedule (Oh Hell, OH-6) keeps the sizes
    from that hand on, so that the mirror's first hand is the table's."""
    rules = spec.rules_from_json(rules_json or {}, n_seats)
    sizes = getattr(rules, "sizes", None)
    if hand_number > 1 and sizes and "hand_sizes" in {f.name for f in dataclasses.fields(rules)}:
        rules = dataclasses.replace(rules, schedule=None, hand_sizes=tuple(sizes[hand_number - 1:]))
    return rules


def start_of_hand(view: Mapping[str, Any]) -> tuple[list[int], list[int] | None]:
    """The scores (and bags) before the hand of ``view``: the view's own
    during the hand; once it is over, the last result's ``scores_after``
    less its points, and its bags less the bags its score lines counted."""
    scores = list(view["scores"])
    bags = list(view["bags"]) if view.get("bags") is not None else None
    res = view.get("last_result")
    if Phase(view["phase"]) in (Phase.DEAL, Phase.GAME_OVER) and view.get("tricks") and res:
        scores = [a - p for a, p in zip(res["scores_after"], res["points"])]
        if bags is not None and res.get("bags_after") is not None:
            got = [0] * len(bags)
            for line in res.get("score_lines") or []:
                who = line.get("who")
                if line.get("bags") and isinstance(who, int) and 0 <= who < len(got):
                    got[who] += int(line["bags"])
            bags = [max(0, b - g) for b, g in zip(res["bags_after"], got)]
    return scores, bags


def mirror_game(spec: GameSpec, rules_json: Any, view: Mapping[str, Any], rng: random.Random | None = None,
                tries: int = 40, start: tuple[list[int], list[int] | None] | None = None) -> TrickGame:
    """A game of ``spec`` whose view for ``view["seat"]`` is the server's
    ``view`` (TABLE_PROTOCOL.md's ``state.view``): the hand in progress
    replayed from a deal that gives this seat its own cards and the others
    the cards they played plus cards this seat has not seen (none of a suit
    a seat showed out of).  MirrorError when no such deal is found."""
    rng = rng or random.Random(0)
    last: Exception | None = None
    for i in range(tries):
        try:
            # what each rule that may be in play tells about the hidden hands: both, each alone, neither
            # (Spades has SP-13 but not OH-V6: a Spades discard holding spades is no void in spades)
            return _mirror_once(spec, rules_json, view, rng, start or start_of_hand(view),
                                inferences=_INFERENCES[i % len(_INFERENCES)])
        except MirrorError:
            raise
        except Exception as e:  # noqa: BLE001 - an unlucky filling: another try
            last = e
    raise MirrorError(f"no mirror of this view: {last}")


#: The inferences a mirror tries in turn, as ``(SP-13, OH-V6)`` switches (:func:`_voids`).
_INFERENCES = ((True, True), (True, False), (False, True), (False, False))


def _voids(tricks: list[Mapping[str, Any]], n: int, trump: Any, inferences: tuple[bool, bool]) -> list[set[Any]]:
    """The suits each seat cannot hold (any more): those it showed out of
    (SP-14, OH-9); and what a rule that may be in play tells, each where
    its switch in ``inferences`` is on: a seat that led trump before trump
    was played held only trumps (SP-13), a seat that showed out without
    trumping held no trump (OH-V6)."""
    lead_rule, trump_rule = inferences
    void: list[set[Any]] = [set() for _ in range(n)]
    trump_played = False
    for t in tricks:
        tp = _trick_plays(t, n)
        if not tp:
            continue
        led = tp[0][1].suit
        if lead_rule and trump is not None and led.letter == trump and not trump_played:
            void[tp[0][0]] |= {c.suit for c in DECK if c.suit.letter != trump}
        for s, c in tp[1:]:
            if c.suit != led:
                void[s].add(led)
                if trump_rule and trump is not None and c.suit.letter != trump:
                    void[s] |= {x.suit for x in DECK if x.suit.letter == trump}
        trump_played = trump_played or any(trump is not None and c.suit.letter == trump for _s, c in tp)
    return void


def _fill(pool: list[Card], need: list[int], void: list[set[Any]], rng: random.Random) -> list[list[Card]]:
    """``need[s]`` cards of ``pool`` for each seat, none of a suit in ``void[s]``:
    how many of each suit each seat gets by a maximum flow (suits to seats),
    which cards of that suit at random.  ValueError when no filling fits."""
    suits = sorted({c.suit for c in pool}, key=lambda x: x.letter)
    n = len(need)
    have = {su: [c for c in pool if c.suit == su] for su in suits}
    flow = {(su, s): 0 for su in suits for s in range(n)}
    left_suit = {su: len(have[su]) for su in suits}
    left_seat = list(need)

    def augment() -> bool:
        # breadth-first search: source -> suit -> seat (-> suit back along used edges) -> sink
        prev: dict[Any, Any] = {}
        queue: deque[Any] = deque()
        for su in suits:
            if left_suit[su] > 0:
                prev[("u", su)] = None
                queue.append(("u", su))
        while queue:
            node = queue.popleft()
            if node[0] == "u":
                order = list(range(n))
                rng.shuffle(order)
                for s in order:
                    if node[1] not in void[s] and ("s", s) not in prev:
                        prev[("s", s)] = node
                        if left_seat[s] > 0:
                            cur: Any = ("s", s)
                            while prev[cur] is not None:
                                p = prev[cur]
                                if p[0] == "u":
                                    flow[(p[1], cur[1])] += 1
                                else:
                                    flow[(cur[1], p[1])] -= 1
                                cur = p
                            left_suit[cur[1]] -= 1
                            left_seat[s] -= 1
                            return True
                        queue.append(("s", s))
            else:
                for su in suits:
                    if flow[(su, node[1])] > 0 and ("u", su) not in prev:
                        prev[("u", su)] = node
                        queue.append(("u", su))
        return False

    while sum(left_seat) and augment():
        pass
    if sum(left_seat):
        raise ValueError("no filling")
    out: list[list[Card]] = [[] for _ in range(n)]
    for su in suits:
        cards = list(have[su])
        rng.shuffle(cards)
        for s in range(n):
            k = flow[(su, s)]
            out[s].extend(cards[:k])
            cards = cards[k:]
    return out


def _mirror_once(spec: GameSpec, rules_json: Any, view: Mapping[str, Any], rng: random.Random,
                 start: tuple[list[int], list[int] | None],
                 inferences: tuple[bool, bool] = (True, True)) -> TrickGame:
    n, me = int(view["n_seats"]), int(view["seat"])
    number = int(view.get("hand_number") or 1)
    rules = mirror_rules(spec, rules_json, n, number)
    phase = Phase(view["phase"])
    undealt = phase in (Phase.DEAL, Phase.GAME_OVER) and not view.get("tricks") and view.get("last_result") is None
    dealer = int(view["dealer"])
    # a game not dealt yet names the seat before the first dealer (the deal moves it on)
    game: TrickGame = spec.new_game(rules, dealer=(dealer + 1) % n if undealt else dealer,
                                    scores=start[0], bags=start[1], auto_deal=False)
    if undealt:
        return game
    if phase in (Phase.DEAL, Phase.GAME_OVER) and not view.get("tricks"):
        raise MirrorError("a finished hand without its tricks")
    size = int(view["hand_size"])
    tricks = list(view.get("tricks") or [])
    if view.get("current_trick"):
        tricks.append(view["current_trick"])
    plays = [p for t in tricks for p in _trick_plays(t, n)]
    played: list[list[Card]] = [[] for _ in range(n)]
    for s, c in plays:
        played[s].append(c)
    void = _voids(tricks, n, view.get("trump"), inferences)
    own = _cards(view.get("hand") or [])
    passed = _cards(view.get("passed") or [])
    received = _cards(view.get("received") or [])
    partner_of = {s: (s + 2) % 4 for s in view.get("exchange_seats") or []} if n == 4 else {}
    hands: list[list[Card]] = [[] for _ in range(n)]
    if view.get("hand") is not None:
        hands[me] = [c for c in own if c not in received] + played[me] + passed
    else:
        hands[me] = list(played[me])
    if received and me in partner_of:
        p = partner_of[me]
        hands[p] = [c for c in played[p] if c not in passed] + received
    for s in range(n):
        if s != me and not hands[s]:
            hands[s] = [c for c in played[s] if not (s == partner_of.get(me) and c in passed)]
    seen = {c for h in hands for c in h}
    turn_up = Card.parse(view["turn_up"]) if view.get("turn_up") else None
    if turn_up is not None:
        seen.add(turn_up)
    pool = [c for c in DECK if c not in seen]
    need = [size - len(h) for h in hands]
    if min(need) < 0:
        raise MirrorError(f"a seat holds more than {size} cards")
    for s, cards in enumerate(_fill(pool, need, void, rng)):
        hands[s].extend(cards)
    game.deal(Deal(tuple(tuple(h) for h in hands), turn_up=turn_up))
    _replay(game, view, me, n, plays, passed, received, partner_of, played)
    return game


def _replay(game: TrickGame, view: Mapping[str, Any], me: int, n: int, plays: list[tuple[int, Card]],
            passed: list[Card], received: list[Card], partner_of: dict[int, int], played: list[list[Card]]) -> None:
    bids = list(view.get("bids") or [None] * n)
    to_act = set(view.get("to_act") or [])
    phase = Phase(view["phase"])
    later = phase is not Phase.BIDDING
    # the bidding, in the order the game asks for it; a sealed bid (OH-V5) not yet shown: a legal stand-in
    pending = {s: b for s, b in enumerate(bids) if b is not None}
    sealed = {s for s in range(n) if bids[s] is None and phase is Phase.BIDDING and s not in to_act
              and s != me} if view.get("tricks") is None or not plays else set()
    for _ in range(4 * n):
        if game.phase is not Phase.BIDDING:
            break
        ready = [s for s in game.seats_to_act if s in pending or s in sealed]
        if not ready:
            break
        s = ready[0]
        if s in pending:
            b = _bid_action(s, pending.pop(s))
            if not b.blind and not game.has_looked(s):
                game.apply(Look(s))
            game.apply(b)
        else:
            sealed.discard(s)
            if not game.has_looked(s):
                game.apply(Look(s))
            game.apply(game.legal_bids(s)[0])
    if view.get("looked") and not game.has_looked(me) and game.phase is not Phase.GAME_OVER:
        game.apply(Look(me))
    if game.phase is Phase.EXCHANGE or (later and view.get("exchange_seats")):
        pending_x = set(view.get("exchange_pending") or [])
        for s in list(game.seats_to_act):
            if game.phase is not Phase.EXCHANGE:
                break
            if s in pending_x and phase is Phase.EXCHANGE:
                continue
            if s == me:
                cards = passed
            elif partner_of.get(me) == s:
                cards = received
            else:
                keep = set(played[s])
                cards = [c for c in game.hand_of(s) if c not in keep][:len(passed) or 3]
            if not game.has_looked(s):
                game.apply(Look(s))
            game.apply(Pass(s, tuple(cards)))
    for s, c in plays:
        game.apply(Play(s, c))


def verdict_from_json(obj: Mapping[str, Any]) -> Verdict:
    """A ``refused`` frame's ``verdict`` as the engine's Verdict (its message from the data, never a sentence)."""
    return Verdict(False, Reason(obj["reason"]), str(obj.get("rule") or ""), msg_from_json(obj["text"]),
                   dict(obj.get("evidence") or {}))


def open_seats(info: Mapping[str, Any], phase: str | None) -> list[int]:
    """The seats a person may take now, as the server decides it
    (TABLE_PROTOCOL.md ``take_seat``): an open seat nobody plays at any
    time; a computer player's seat, or an open seat a computer player plays,
    between hands (before the first deal too).  ``phase``: the table's
    (None: not known yet, so no computer player's seat)."""
    between = phase in (Phase.DEAL.value, Phase.GAME_OVER.value)
    return [int(p["seat"]) for p in info.get("players") or []
            if p.get("kind") in ("open", "computer") and (between or (
                p.get("kind") == "open" and not p.get("computer_playing")))]


def result_from_json(obj: Mapping[str, Any]) -> HandResult:
    """A finished hand of a state frame's ``results`` as the engine's
    :class:`~engine.views.HandResult`, for the score sheet: its number,
    dealer, bids, tricks won, score lines (each with its message, said in
    the reader's language; ``item`` its English words as a hand record
    writes them), points and totals.  Its cards are not in the frame: no
    tricks, no turn-up, no trump."""
    lines = []
    for line in obj.get("score_lines") or []:
        m = msg_from_json(line["text"]) if line.get("text") else None
        lines.append(ScoreLine(int(line["who"]), render(m, "en") if m is not None else "", int(line["points"]),
                               str(line.get("rule") or ""), line.get("seat"), int(line.get("bags") or 0), m))
    bags = obj.get("bags_after")
    return HandResult(number=int(obj["number"]), dealer=int(obj["dealer"]), trump=None, turn_up=None,
                      hand_size=int(obj["hand_size"]), bids=tuple(obj.get("bids") or ()), tricks=(),
                      tricks_won=tuple(int(x) for x in obj.get("tricks_won") or ()), score_lines=tuple(lines),
                      points=tuple(int(x) for x in obj["points"]),
                      scores_after=tuple(int(x) for x in obj["scores_after"]),
                      bags_after=None if bags is None else tuple(int(x) for x in bags))


def seat_player(info: Mapping[str, Any], seat: int, me: int | None = None) -> str:
    """Who plays ``seat`` of a table (its ``info``, TABLE_PROTOCOL.md), in the
    reader's words: the name the person typed (data, shown as text), "away"
    when their connection dropped; or "computer player, level N"; or "free
    seat".  ``me``: the reader's own seat (nothing said when they typed no name)."""
    p = next((x for x in info.get("players") or [] if x.get("seat") == seat), None)
    if p is None:
        return ""
    if p.get("kind") == "person":
        if seat == me and not p.get("name"):
            return ""  # "You" says it
        name = str(p.get("name") or "") or say(WHO_NAMELESS)
        if p.get("connected"):
            return name
        return say(WHO_STANDIN if p.get("computer_playing") else WHO_AWAY, name=name)
    if p.get("kind") == "open" and not p.get("computer_playing"):
        return say(WHO_FREE)
    return say(WHO_COMPUTER, level=info.get("level", ""))


@dataclasses.dataclass(frozen=True)
class GameSoFar:
    """A shared table's whole game so far, as :class:`tutor.scoresheet.ScoreSheet`
    reads a game: every finished hand of the table (``results``, from the
    state frames' ``results``), the scores it started from, its seats
    and sides.  The mirror game holds only the hand being played."""

    spec: GameSpec
    seat_names: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    start_scores: tuple[int, ...]
    start_bags: tuple[int, ...]
    results: tuple[HandResult, ...]


class RemoteSession(TableSession):
    """A seat at a table server's table, drawn by :class:`~tutor.table.game_table.GameTable`.

    ``spec``: the table's game; ``seat``: this person's seat; ``send``: sends
    one client frame (a dict without ``v``/``id``; the link adds them).  Feed
    it each ``state`` frame (:meth:`update`) and each ``refused`` frame
    (:meth:`refused`); ``on_change`` is called after a new state,
    ``on_outcome`` with an :class:`~tutor.session.Outcome` that arrived later
    than the click (a refusal)."""

    deal_numbers = False  # the table's deal numbers are never sent to a seat

    def __init__(self, spec: GameSpec, n_seats: int, seat: int, send: Callable[[dict[str, Any]], Any],
                 rules_json: Any = None) -> None:
        self.level_wanted = self.level = 0
        self.practice = False
        self.seed = None
        self.auto_continue = False
        self.custom_players = None
        self.busy = False
        self.single_hand = False
        self.table_spec = spec
        self.places = {}
        self.on_computers_start = None
        self.players = {}
        self.send = send
        self.rules_json = rules_json or {}
        self.seq: int | None = None
        self.state: dict[str, Any] | None = None
        self.on_change: Callable[[], Any] | None = None
        self.on_outcome: Callable[[Outcome], Any] | None = None
        self.game_look = look_for(spec)
        self.learner = seat
        self.n_seats = n_seats
        self.game = spec.new_game(mirror_rules(spec, self.rules_json, n_seats, 1), auto_deal=False)
        self.table_rules = spec.rules_from_json(self.rules_json, n_seats)  # every hand of the table (Oh Hell's count)
        self._rng = random.Random(seat)
        self._starts: dict[Any, tuple[list[int], list[int] | None]] = {}
        self._offset = 0  # the table's hands before the mirror's first
        self._so_far: GameSoFar | None = None

    # ------------------------------------------------------------ frames in
    def update(self, frame: Mapping[str, Any]) -> None:
        """A ``state`` frame: rebuild the mirror (the view is this seat's own)."""
        view = frame["view"]
        key = view.get("hand_number")
        if Phase(view["phase"]) not in (Phase.DEAL, Phase.GAME_OVER):
            self._starts = {key: start_of_hand(view)}  # scores before this hand, as the table says them
        game = mirror_game(self.table_spec, self.rules_json, view, self._rng, start=self._starts.get(key))
        self.game, self.seq, self.state = game, frame.get("seq"), dict(frame)
        self._offset = max(0, int(key or 0) - game.hands_dealt)
        past = frame.get("results")  # sent when the finished hands changed (and in a connection's first state)
        if past is not None and (self._so_far is None or len(self._so_far.results) != len(past)):
            fresh = self.table_spec.new_game(self.table_rules, auto_deal=False)
            self._so_far = GameSoFar(self.table_spec, tuple(game.seat_names), tuple(map(tuple, game.sides)),
                                     tuple(fresh.start_scores), tuple(fresh.start_bags),
                                     tuple(result_from_json(r) for r in past))
        if self.on_change is not None:
            self.on_change()

    # ------------------------------------------------------------ what the table says of itself
    def score_game(self) -> Any:
        """What the score sheet shows: the table's whole game so far (:class:`GameSoFar`; the mirror's
        own hand from a server that sends no ``results``)."""
        return self._so_far if self._so_far is not None else self.game

    @property
    def table_info(self) -> Mapping[str, Any]:
        """The table's ``info`` of the last state frame (TABLE_PROTOCOL.md)."""
        return (self.state or {}).get("info") or {}

    def _own(self, seat: int) -> str:
        """A shared table names each seat alike on every page: North … where the game names its seats, else
        "Seat 1", "Seat 2" … as the join form and the teacher's board do (not Ada, Ben … counted from each
        viewer's own seat, which would give one seat a name per page); the learner's own seat is "You"."""
        if not self.game_look.own_names or seat == self.learner:
            return super()._own(seat)
        return say(SEAT_N, number=seat + 1)

    def label(self, seat: int) -> str:
        """A seat box's name; the learner's own is "Seat 2 (you)" where seats have no names of their own."""
        if seat == self.learner and self.game_look.own_names:
            return say(NAME_YOU, name=say(SEAT_N, number=seat + 1))
        return super().label(seat)

    def hand_no(self, number: int) -> int:
        return number + self._offset  # the mirror's hand 1 is the table's hand N

    def hand_counted(self, view: SeatView) -> tuple[SeatView, GameRules]:
        if not view.hand_number:
            return view, self.table_rules
        return dataclasses.replace(view, hand_number=self.hand_no(view.hand_number)), self.table_rules

    def seat_player(self, seat: int) -> str:
        return seat_player(self.table_info, seat, self.learner)

    def refused(self, frame: Mapping[str, Any]) -> Outcome:
        """A ``refused`` frame: the engine's verdict, said in the reader's language."""
        v = verdict_from_json(frame["verdict"])
        out = self._refused(v, v.evidence.get("legal", ()))
        if self.on_outcome is not None:
            self.on_outcome(out)
        return out

    def error(self, frame: Mapping[str, Any]) -> Outcome:
        """An ``error`` frame about this seat's action (``stale_seq`` …)."""
        out = Outcome("info", SERVER_SAID, {"code": str(frame.get("code"))})
        if self.on_outcome is not None:
            self.on_outcome(out)
        return out

    # ------------------------------------------------------------ the seat's actions
    def _act(self, action: Action) -> Outcome:
        frame: dict[str, Any] = {"type": "act", "action": action_json(action)}
        if self.seq is not None:
            frame["seq"] = self.seq
        if self.send(frame) == 0:  # the connection is lost (TableLink.send)
            return Outcome("info", OFFLINE)
        return Outcome("info", SENT)

    def _attempt(self, action: Action) -> Verdict:  # the table decides, never the mirror
        raise NotImplementedError

    def advance(self) -> int:
        return 0  # the server's computer players act there

    def computers_to_act(self) -> bool:
        return False

    def play(self, code: str) -> Outcome:
        view = self.game.view(self.learner)
        if view.hand is None:
            return super().play(code)  # face down: the session's note (SP-10)
        return self._act(Play(self.learner, Card.parse(code)))

    def bid(self, value: Any, blind: bool = False) -> Outcome:
        return self._act(Bid(self.learner, 0 if blind else value, blind))

    def look(self) -> Outcome:
        out = super().look()  # the mirror shows the cards it has: they are this seat's own
        if out.ok:
            self._act(Look(self.learner))
        return out

    def exchange(self, cards: Iterable[str]) -> Outcome:
        return self._act(Pass(self.learner, tuple(Card.parse(c) for c in cards)))

    def undo(self) -> Outcome:
        return Outcome("info", TABLE_DEALS)

    def status(self) -> str:
        if self.game.phase is Phase.DEAL and self.state is not None:
            number = self.state["view"].get("hand_number") or 0
            teacher = self.table_info.get("next_hand") == "teacher"  # the teacher deals, not the table
            if not number:
                return say(TEACHER_FIRST if teacher else WAITING_FIRST)
            return say(HAND_OVER_TEACHER if teacher else HAND_OVER_SHARED, hand_no=number)
        return super().status()

    def next_hand(self) -> Outcome:
        return Outcome("info", TABLE_DEALS)

    def has_progress(self) -> bool:
        return False

    def new_game(self, number: int | None, rules: Any) -> Outcome:
        return Outcome("info", TABLE_DEALS)

    def load(self, obj: Any) -> Outcome:
        return Outcome("info", TABLE_DEALS)


_PATH_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_.~-")


@dataclasses.dataclass(frozen=True)
class HubLogin:
    """The JupyterHub user this kernel runs for: in a hub's Voila or notebook the
    single-user server has the user's ``JUPYTERHUB_USER`` and own
    ``JUPYTERHUB_API_TOKEN`` in its environment, and its kernels inherit them.
    A table server that runs as a service of the same hub takes the token in
    its ``hello`` frame and seats the player under the hub name
    (docs/TABLE_PROTOCOL.md; the server asks the hub whose token it is).  The
    token is never shown (not in ``repr``) and goes to no other server:
    :meth:`token_for`."""

    name: str
    token: str = dataclasses.field(repr=False)
    base_url: str = "/"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "HubLogin | None":
        """The hub user of ``env`` (the process's environment), or None outside a hub."""
        env = os.environ if env is None else env
        name, token = env.get("JUPYTERHUB_USER", ""), env.get("JUPYTERHUB_API_TOKEN", "")
        if not name or not token:
            return None
        base = "/" + env.get("JUPYTERHUB_BASE_URL", "/").strip("/") + "/"
        return cls(name, token, base.replace("//", "/"))

    def token_for(self, url: str, page_origin: str = "") -> str | None:
        """The token, for a table server reached through this hub's own proxy
        only: ``url`` under the hub's ``services/`` path, either a path (the
        page resolves it against its own address: the hub's) or an address on
        the host of the page (``page_origin``, ``https://hub.example.org``).
        None for any other server (a teacher's laptop must not get the token)."""
        parts = urlsplit(url)
        path = parts.path
        # plain characters only: a browser reads %2e%2e and a backslash as a step up, out of services/
        if (not path.startswith(self.base_url + "services/") or not set(path) <= _PATH_CHARS
                or any(seg in (".", "..") for seg in path.split("/"))):
            return None
        if not parts.netloc:
            return self.token if not parts.scheme else None
        page = urlsplit(page_origin)
        if page.scheme not in ("http", "https") or not page.netloc:
            return None
        return self.token if page.netloc.lower() == parts.netloc.lower() else None


class TableLink:
    """One person's conversation with a table server (docs/TABLE_PROTOCOL.md).

    ``send(frame)`` sends one client frame (a dict; ``v`` and ``id`` are added
    here); ``store(key, value)`` keeps the seat token (a page: the browser's
    localStorage, so a reload gets the seat back).  Feed every frame received
    to :meth:`receive`.  ``on_session`` is called once the seat's first state
    has built :attr:`session`; ``on_info`` on every change of the table's
    seats; ``on_problem(code)`` on an error frame not about an action.
    :attr:`online` (the page's connection is open) False: a seat's action is
    not sent (its session says :data:`OFFLINE`): sent after the connection
    comes back, it would reach the server before the seat is taken back."""

    def __init__(self, send: Callable[[dict[str, Any]], None],
                 store: Callable[[str, str], None] | None = None) -> None:
        self._send = send
        self._store = store
        self._ids = 0
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.info: dict[str, Any] | None = None
        self.phase: str | None = None
        self.session: RemoteSession | None = None
        self.last_error: dict[str, Any] | None = None
        self.user: str | None = None   # the hub name the server confirmed (a hub service: ``hello`` with a token)
        self.on_session: Callable[[RemoteSession], Any] | None = None
        self.on_info: Callable[[], Any] | None = None
        self.on_problem: Callable[[str], Any] | None = None
        self._acts: set[int] = set()
        self.online = True

    def send(self, frame: dict[str, Any]) -> int:
        """Send ``frame``; its id, or 0 when it is a seat's action and the connection is lost (not sent)."""
        if frame.get("type") == "act" and not self.online:
            return 0
        self._ids += 1
        if frame.get("type") == "act":
            self._acts.add(self._ids)
        self._send({"v": 1, "id": self._ids, **frame})
        return self._ids

    # ------------------------------------------------------------ asking
    def hello(self, hub_token: str) -> None:
        """Tell the server who this is, with the JupyterHub token (its answer names the user)."""
        self.send({"type": "hello", "hub_token": hub_token})

    def watch(self, table: str) -> None:
        self.table = table
        self.send({"type": "watch", "table": table})

    def join(self, table: str, seat: int, name: str | None = None) -> None:
        self.table = table
        frame: dict[str, Any] = {"type": "take_seat", "table": table, "seat": int(seat)}
        if name:
            frame["name"] = name[:200]
        self.send(frame)

    def resume(self, table: str, token: str) -> None:
        self.table, self.token = table, token
        self.send({"type": "resume", "table": table, "seat_token": token})

    def open_seats(self) -> list[int]:
        return open_seats(self.info or {}, self.phase)

    # ------------------------------------------------------------ frames in
    def receive(self, frame: Mapping[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "hello" and isinstance(frame.get("user"), dict):
            self.user = str(frame["user"].get("name") or "") or None
        elif kind == "seated":
            self.table, self.seat = str(frame["table"]), int(frame["seat"])
            self.info = dict(frame.get("info") or {})
            if frame.get("seat_token"):
                self.token = str(frame["seat_token"])
                if self._store is not None:
                    self._store(SEAT_TOKEN_KEY + self.table, self.token)
        elif kind == "state":
            self.info = dict(frame.get("info") or self.info or {})
            self.phase = (frame.get("view") or {}).get("phase")
            if frame.get("role") == "seat" and self.seat is not None:
                if self.session is None:
                    spec = spec_for(self.info["game"], int(self.info["seats"]))
                    self.session = RemoteSession(spec, int(self.info["seats"]), self.seat, self.send, self.info.get("rules"))
                    self.session.update(frame)
                    if self.on_session is not None:
                        self.on_session(self.session)
                else:
                    self.session.update(frame)
            if self.on_info is not None:
                self.on_info()
        elif kind == "refused" and self.session is not None:
            self.session.refused(frame)
        elif kind in ("unseated", "closed"):
            self.seat = None
            self.session = None  # the seat's game is over for this page: a seat taken again builds its own
            if kind == "closed":  # the table is gone, and the token with it
                self.table = self.token = self.info = self.phase = None
            if self.on_problem is not None:
                self.on_problem(str(kind))
        elif kind == "error":
            self.last_error = dict(frame)
            if frame.get("re") in self._acts and self.session is not None:
                self.session.error(frame)
            elif self.on_problem is not None:
                self.on_problem(str(frame.get("code")))
