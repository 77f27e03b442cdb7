"""Helpers shared by the engine's test files.

Import them as ``from engine_test_helpers import bid_all, run_replay``:
this conftest registers itself under that name when pytest loads it
(``from conftest import …`` would be ambiguous, as tests/browser has a
conftest.py of its own).

They work for every registered game: what differs between Spades and Oh
Hell (seats, sides, hand size, turn-up) is read from the game and its
:class:`~engine.registry.GameSpec`.
"""
from __future__ import annotations

import asyncio
import json
import pathlib
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, TypeVar

from engine import Phase

ROOT = pathlib.Path(__file__).resolve().parent.parent

sys.modules.setdefault("engine_test_helpers", sys.modules[__name__])


def bid_all(game, *bids: Any) -> None:
    """Bid in turn order from left of the dealer (SP-5, OH-8).

    ``bids``: the values in turn order (``4``, ``"nil"`` for 0, ``"blind"``
    for a Blind Nil), or one dict ``{seat: value}`` used until the bidding
    is over (whatever the order, simultaneous bidding included)."""
    if len(bids) == 1 and isinstance(bids[0], dict):
        by_seat = bids[0]
        while game.phase is Phase.BIDDING:
            seat = game.to_act
            game.bid(seat, by_seat[seat])
        return
    for b in bids:
        seat = game.to_act
        if b == "blind":
            game.bid(seat, 0, blind=True)
        else:
            game.bid(seat, 0 if b == "nil" else b)


def play_lowest(game) -> None:
    """Play the lowest legal card for every seat until this hand is over."""
    n = game.hands_dealt
    while game.phase is Phase.PLAY and game.hands_dealt == n:
        seat = game.to_act
        game.play(seat, game.legal_plays(seat)[0])


def play_first_legal(game, max_hands: int | None = None) -> None:
    """Finish the game (or ``max_hands`` more hands) taking the first legal
    action each time; a game waiting for a deal gets deal number
    ``hands so far + 1000``."""
    start = len(game.results)
    while game.phase is not Phase.GAME_OVER and (max_hands is None or len(game.results) - start < max_hands):
        if game.phase is Phase.DEAL:
            game.deal(len(game.results) + 1000)
            continue
        game.apply(game.legal_actions(game.to_act)[0])


_T = TypeVar("_T")


def run_async(coro: Awaitable[_T]) -> _T:
    """``asyncio.run(coro)`` in a thread of its own: a pytest worker that has run a browser test
    holds Playwright's event loop open in its main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def stop_process(proc: subprocess.Popen) -> None:
    """Stop a server a test started (``tricktutor tables serve`` …): SIGTERM, wait for it (10 s), close its pipes."""
    proc.terminate()
    proc.wait(10)
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()


def run_replay(path, *args: str, timeout: float = 120) -> tuple[int, dict | None, str]:
    """``python -m tutor.cli replay PATH [ARGS]`` → (exit status, parsed
    stdout JSON or None, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "tutor.cli", "replay", str(path), *args],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=timeout)
    out = json.loads(proc.stdout) if proc.stdout.strip() else None
    return proc.returncode, out, proc.stderr


def played_this_hand(game) -> list:
    """Cards played in the current hand: completed tricks, then the trick in progress."""
    cards = [c for t in game.tricks for c in t.cards]
    if game.current_trick is not None:
        cards.extend(game.current_trick.cards)
    return cards


def check_cards_conserved(game, dealt: set | None = None) -> None:
    """Every card of the hand is held or played exactly once: ``n_seats ×
    hand_size`` different cards (52 in Spades), the same as ``dealt`` when
    given; the turn-up card is not among them and names the trump (OH-7),
    else the trump is the game's fixed one or none; during play no seat
    holds two cards more than another."""
    held = [c for s in range(game.n_seats) for c in game.hand_of(s)]
    everything = held + played_this_hand(game)
    assert len(everything) == len(set(everything)) == game.n_seats * game.hand_size
    if dealt is not None:
        assert set(everything) == dealt
    if game.turn_up is not None:
        assert game.turn_up not in everything and game.trump is game.turn_up.suit
    else:
        assert game.trump is game.spec.fixed_trump
    if game.phase is Phase.PLAY:
        counts = [len(game.hand_of(s)) for s in range(game.n_seats)]
        assert max(counts) - min(counts) <= 1


def check_hand_result(game, scores_before: list[int]) -> list[int]:
    """Check the hand just scored (``game.results[-1]``): one trick per
    card of a hand, each with a card per seat and its winner counted;
    score lines add up to each side's points, cite the game's rule ids and
    take ``scores_before`` to ``scores_after``; bags stay under the limit.
    Returns the scores after it."""
    r = game.results[-1]
    n_sides = len(game.sides)
    assert len(r.tricks) == r.hand_size == sum(r.tricks_won)
    assert all(t.winner is not None and len(t.cards) == game.n_seats for t in r.tricks)
    assert r.tricks_won == tuple(sum(1 for t in r.tricks if t.winner == s) for s in range(game.n_seats))
    assert len(r.points) == len(r.scores_after) == n_sides
    for side in range(n_sides):
        assert sum(l.points for l in r.score_lines if l.who == side) == r.points[side]
    assert all(l.rule in game.spec.rule_ids for l in r.score_lines)
    after = [b + p for b, p in zip(scores_before, r.points)]
    assert list(r.scores_after) == after
    if r.bags_after is not None:
        assert all(0 <= b < game.rules.bag_limit for b in r.bags_after)
    return after


def play_checked_game(game, rng: random.Random, step: Callable[[Any, random.Random], None], *,
                      max_hands: int | None = None, before: Callable[[Any, int], None] | None = None,
                      after: Callable[[Any, int], None] | None = None,
                      conserve: Callable[[Any], bool] = lambda game: True):
    """Play ``game`` to its end (or ``max_hands`` hands in all) with
    ``step(game, rng)`` applying one action, checking after every action
    that the cards are conserved (when ``conserve(game)``) and after every
    hand its result (:func:`check_hand_result`), and at the end that the
    running scores are the game's.  ``before(game, steps)`` and
    ``after(game, steps)`` run around each step (decision checks, save,
    undo).  Returns the game."""
    scores = list(game.scores)
    hand_no, dealt = None, None
    steps = 0
    while game.phase is not Phase.GAME_OVER and (max_hands is None or len(game.results) < max_hands):
        if game.hands_dealt != hand_no:  # a new hand: what was dealt
            hand_no = game.hands_dealt
            dealt = {c for s in range(game.n_seats) for c in game.hand_of(s)}
        if before is not None:
            before(game, steps)
        hands_done = len(game.results)
        step(game, rng)
        steps += 1
        if len(game.results) > hands_done:
            scores = check_hand_result(game, scores)
        if conserve(game):
            check_cards_conserved(game, dealt if game.hands_dealt == hand_no else None)
        if after is not None:
            after(game, steps)
    assert list(game.scores) == scores
    return game
