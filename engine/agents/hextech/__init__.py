"""The hextech rule set's agents: the random and greedy bots (``bots``) with their card choices
(``choices``), the search agent (``search``) and its imagined play (``imagined``,
``imagined_programs``, ``steering``, ``drafting``, ``imposed``), and the bots by name (``roster``)."""
