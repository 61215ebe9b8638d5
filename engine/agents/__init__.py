"""The agents: whoever answers a seat's decisions when no person does — the bots and the search agents
with their imagined play.

A layer of its own above the rule sets and the modules and below the tools
(``[tool.hexmahjong.layers]``): an agent reads a rule set's views and answers through the core's
one agent protocol (``engine.core.agent.Agent``, generic over the view), and no rule set imports an
agent.  :mod:`engine.agents.bots` and :mod:`engine.agents.search` play any rule set on the core's
table, by name in :mod:`engine.agents.roster`; :mod:`engine.agents.hextech` the hextech rule set,
with its card choices and its search.
"""
