"""The games, one module each, every one ending in its ``SPEC``
(:class:`~engine.spec.GameSpec`): :mod:`engine.games.spades` (four players,
SP-1 … SP-22 and the house rules SP-H1 … SP-H9),
:mod:`engine.games.spades_two` (two players, SP-2P-1 … SP-2P-6, reusing
Spades' code) and :mod:`engine.games.oh_hell` (3–7 players, OH-1 … OH-12,
OH-V1 … OH-V8).  :mod:`engine.registry` lists their specs.

A new game is one module here (its typed rules, its game class filling in
:class:`~engine.game.TrickGame`, its ``SPEC``), one entry in the registry's
list, and its chapter.
"""
