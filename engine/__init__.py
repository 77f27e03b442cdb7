"""Trick Tutor's rules engine for Spades and Oh Hell (pure Python, no Jupyter).

Rules and their ids are in RULES.md (SP-…, OH-…).  Start with
:class:`SpadesGame` or :class:`OhHellGame` (each game is declared once, in its
module in :mod:`engine.games`, and listed in :mod:`engine.registry`:
``spec_for("spades", 4)``); every ``check_*`` returns a
:class:`Verdict`; ``play``/``bid``/``exchange``/``apply`` raise
:class:`IllegalActionError` (with the verdict) for illegal actions and
:class:`InvalidInputError` for malformed input.

A game object is not thread-safe: use each game from one thread at a time
(give every thread its own game, or a :meth:`~TrickGame.copy`).
"""
from .actions import Action, Bid, Deal, Draw, Look, Pass, Phase, Play
from .cards import DECK, Card, Rank, Suit, cards_of, mask_of, parse_card, parse_cards
from .deal import deal_hands, random_deal_number, shuffled_deck
from .errors import IllegalActionError, InvalidInputError, TrickTutorError
from .game import HandResult, ScoreLine, SeatView, TrickGame
from .games.oh_hell import OhHellGame, OhHellRules
from .games.spades import SEAT_NAMES, SpadesGame, SpadesRules, partner_of, score_spades_side, side_of
from .games.spades_two import SpadesTwoGame, standard_draw
from .registry import GameSpec, RecordCodec, game_names, register, spec_for, spec_of
from .tricks import Trick, TrickRules, legal_play_mask, trick_winner, winning_offset
from .verdict import Reason, Verdict
from . import text  # noqa: F401  (installs the text layer's renderer: verdict.message, str(error))

__all__ = [
    "Action", "Bid", "Deal", "Draw", "Look", "Pass", "Phase", "Play",
    "DECK", "Card", "Rank", "Suit", "cards_of", "mask_of", "parse_card", "parse_cards",
    "deal_hands", "random_deal_number", "shuffled_deck",
    "IllegalActionError", "InvalidInputError", "TrickTutorError",
    "HandResult", "ScoreLine", "SeatView", "TrickGame",
    "OhHellGame", "OhHellRules",
    "GameSpec", "RecordCodec", "game_names", "register", "spec_for", "spec_of",
    "SEAT_NAMES", "SpadesGame", "SpadesRules", "partner_of", "score_spades_side", "side_of",
    "SpadesTwoGame", "standard_draw",
    "Trick", "TrickRules", "legal_play_mask", "trick_winner", "winning_offset",
    "Reason", "Verdict",
]
