"""The machinery that runs card programs, and what the words of the card language act on.

The words themselves — each primitive's declaration and its run — are in :mod:`engine.hextech.words`,
one module per family, each registering its runs in :data:`engine.hextech.effects.program.PRIMITIVES`.
``program`` runs a program; ``table_changes`` makes the changes the round keeps track of (reveals,
views, retractions, seats, contracts); ``hooks`` puts cards on the bus; ``facts`` answers the guards;
``context`` declares the round as effects act on it (``RoundTable``) and resolves roles and tile
filters.

The package itself imports nothing: :mod:`engine.hextech.round`, whose round carries out what effects
ask of it, imports the words (:data:`engine.hextech.round.PRIMITIVE_GROUPS`), and importing a family
registers its runs.  Nothing here imports the round, its flow or the card runtime.
"""
