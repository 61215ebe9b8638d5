"""The hextech rule set's counsel to the one set of bots (``counsel``) with its card choices
(``choices``), and the imagined rounds its search bot thinks with (``search``) and their imagined
play (``imagined``, ``imagined_programs``, ``steering``, ``drafting``, ``imposed``)."""
