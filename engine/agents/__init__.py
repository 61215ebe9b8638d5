"""The agents: whoever answers a seat's decisions when no person does — one set of bots for every
rule set, each rule set's counsel to them, and the search's imagined play.

A layer of its own above the rule sets and the modules and below the tools
(``[tool.hexmahjong.layers]``): an agent reads a rule set's views and answers through the core's
one agent protocol (``engine.core.agent.Agent``, generic over the view), and no rule set imports an
agent.  :mod:`engine.agents.bots` and :mod:`engine.agents.search` play every rule set, by name in
:mod:`engine.agents.roster`, knowing a hand by the counsel of the view's rule set
(:mod:`engine.agents.counsel`); :mod:`engine.agents.hextech` is the hextech rule set's counsel, with
its card choices and its imagined rounds.
"""
