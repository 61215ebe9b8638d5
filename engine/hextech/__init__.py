"""The Hextech Mahjong V1.2 rule set: world and chance cards, augments, contracts and their abandon
window, the round flow of §11–§12 and the scoring of §13, with the party and treasure modules as
plugins, built on :mod:`engine.core`."""
