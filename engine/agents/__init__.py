"""The agents: whoever answers a seat's decisions when no person does — the bots and the search agent
with its imagined play.

A layer of its own above the rule sets and the modules and below the tools
(``[tool.hexmahjong.layers]``): an agent reads a rule set's views and answers through the core's
one agent protocol (``engine.core.agent.Agent``, generic over the view), and no rule set imports an
agent.  :mod:`engine.agents.bots` plays any rule set on the core's table;
:mod:`engine.agents.hextech` the hextech rule set, with its card choices and its search.
"""
