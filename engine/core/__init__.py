"""The mahjong core: what every rule set shares and none decides.

Tiles and their notation, hands and their counts, declared melds, the shapes a hand is read as and
its decompositions, waits and shanten, the wall, the seats and the shape of a decision.  The core
imports nothing of any rule set (``engine.hextech``, ``engine.standard``, ``engine.hongzhong``):
``tests/test_layers.py`` checks the direction of every import against ``[tool.hexmahjong.layers]``.
"""
