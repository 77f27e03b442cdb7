"""OpenSpiel baseline: random play driven from a Python loop.

These figures are the reference our own engine is compared against. Every
step of every hand -- the card-by-card deal (chance nodes), the bidding and
the play -- goes through ``pyspiel`` from Python, and all of it is timed.

Three ways of driving OpenSpiel are measured:

* ``"chance"`` (the original baseline): chance nodes are resolved by
  sampling ``state.chance_outcomes()`` with a seeded :class:`random.Random`
  (``rng.choices`` with the probabilities); decision nodes by
  ``rng.choice(state.legal_actions())``.
* ``"plain"``: a plain ``rng.choice(state.legal_actions())`` /
  ``apply_action`` loop at every node, chance nodes included (OpenSpiel's
  deal is uniform, so this is the same distribution, without building the
  outcome/probability pairs).
* ``"cpp"``: OpenSpiel's own C++ loop, ``pyspiel.evaluate_bots`` with
  uniform random bots (``pyspiel.make_uniform_random_bot``), one Python call
  per hand; chance nodes are sampled in C++.

Notes on the OpenSpiel games used:

* ``spades``: one episode is exactly one hand (52-card deal, 4 bids, 13
  tricks). ``win_threshold``/``mercy_threshold``/``win_or_loss_bonus`` only
  alter the returns of that single hand; they never extend the episode into
  a multi-hand game, so defaults are used.
* ``oh_hell``: the player-count parameter is ``players`` (not
  ``num_players``). ``num_tricks_fixed=-1`` (the default) draws the hand size
  at random, so it must be fixed to get a constant 12-trick hand; 12 is the
  maximum for 4 players with 52 cards (one card is turned up for trumps).
"""

import random
import time

SPADES_TRICKS_PER_HAND = 13


def _pyspiel():
    try:
        import pyspiel
    except ImportError as exc:  # pragma: no cover - depends on environment
        raise ImportError(
            "OpenSpiel is required for this baseline: pip install open_spiel"
        ) from exc
    return pyspiel


def _play_hand(game, rng):
    """Play one episode to the end with uniformly random moves."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _play_hand_plain(game, rng):
    """One episode with ``rng.choice(state.legal_actions())`` at every node."""
    state = game.new_initial_state()
    choice = rng.choice
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
    return state


MODES = ("chance", "plain", "cpp")


def _run(game, tricks_per_hand, seconds, seed, mode="chance"):
    """Play whole hands until ``seconds`` have elapsed; return the rates.

    ``mode``: ``"chance"``, ``"plain"`` or ``"cpp"`` (see the module docstring)."""
    if mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {MODES}")
    rng = random.Random(seed)
    hands = 0
    if mode == "cpp":
        pyspiel = _pyspiel()
        bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
        evaluate = pyspiel.evaluate_bots
        new = game.new_initial_state
        step = lambda: evaluate(new(), bots, rng.getrandbits(31))  # noqa: E731
    elif mode == "plain":
        step = lambda: _play_hand_plain(game, rng)  # noqa: E731
    else:
        step = lambda: _play_hand(game, rng)  # noqa: E731
    start = time.perf_counter()
    while True:
        step()
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {
        "hands": hands,
        "seconds": elapsed,
        "hands_per_second": hands / elapsed,
        "tricks_per_second": hands * tricks_per_hand / elapsed,
    }


def spades_hands_per_second(seconds: float = 3.0, seed: int = 1, mode: str = "chance") -> dict:
    """Random play of OpenSpiel ``spades``; one episode is one 13-trick hand.
    ``mode``: ``"chance"``, ``"plain"`` or ``"cpp"``."""
    game = _pyspiel().load_game("spades")
    return _run(game, SPADES_TRICKS_PER_HAND, seconds, seed, mode)


def oh_hell_tricks_per_second(
    seconds: float = 3.0, seed: int = 1, players: int = 4, num_tricks_fixed: int = 12, mode: str = "chance"
) -> dict:
    """Random play of OpenSpiel ``oh_hell`` with a fixed number of tricks per hand.
    ``mode``: ``"chance"``, ``"plain"`` or ``"cpp"``."""
    game = _pyspiel().load_game(
        "oh_hell", {"players": players, "num_tricks_fixed": num_tricks_fixed}
    )
    return _run(game, num_tricks_fixed, seconds, seed, mode)


if __name__ == "__main__":
    for name, result in [
        ("spades (chance_outcomes loop)", spades_hands_per_second()),
        ("spades (plain legal_actions loop)", spades_hands_per_second(mode="plain")),
        ("spades (C++ evaluate_bots)", spades_hands_per_second(mode="cpp")),
        ("oh_hell", oh_hell_tricks_per_second()),
    ]:
        print(
            f"{name:34s} {result['hands']:6d} hands in {result['seconds']:.2f}s: "
            f"{result['hands_per_second']:8.1f} hands/s, "
            f"{result['tricks_per_second']:9.1f} tricks/s"
        )
