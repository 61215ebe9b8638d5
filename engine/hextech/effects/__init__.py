"""The effect primitives cards are written with, and the machinery that runs card programs.

Each primitive is a small named function registered in
:data:`engine.hextech.effects.program.PRIMITIVES`, grouped by what it acts on:
``deck_ops`` (chance and party cards), ``wall_ops`` (the wall), ``hand_ops``
(hands and discards), ``table_ops`` (values, players, seats, contracts,
treasure, party).  ``table_changes`` makes the changes the round keeps
track of (reveals, views, retractions, seats, contracts).  ``hooks`` puts
cards on the bus; ``facts`` answers the guards; ``context`` declares the round
as effects act on it (``RoundTable``) and resolves roles and tile filters.

The package itself imports nothing: :mod:`engine.hextech.round`, whose round
carries out what effects ask of it, imports the four groups
(:data:`engine.hextech.round.PRIMITIVE_GROUPS`), and importing a group registers its
primitives.  Nothing here imports the round, its flow or the card runtime.
"""
