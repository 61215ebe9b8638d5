"""The Hextech Mahjong V1.2 rule set: world and chance cards, augments, contracts and their abandon
window, the round flow of §11–§12 and the scoring of §13, with the party and treasure modules as
plugins, built on :mod:`engine.core`.

Importing the package registers the hand shapes its cards grant with the core's
(``engine/hextech/shapes.py``), so whatever reads a hextech card finds its shape by name."""

from engine.hextech import shapes as shapes
