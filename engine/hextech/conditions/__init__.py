"""The words of contract conditions and of the table facts that filters and guards ask, one module per
family, each word declared with its evaluation.

The words of a hand condition (:data:`engine.hextech.predicates.REGISTRY`) are read from a win:
``sets`` (the sets of the reading), ``faces`` (the tiles of the win), ``win`` (how it came).  What a
word is to the bots is in the family of the same name of :mod:`engine.agents.hextech.conditions`.
"""
