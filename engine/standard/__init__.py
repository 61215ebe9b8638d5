"""The standard rules (spec 002): 144 tiles with flowers, the 81-fan table, built on :mod:`engine.core`."""
