"""Each rule set's session as the commands and the console play it (§18.3, R382; issue 33 item 1).

A *session kind* (:class:`tools.kinds.kind.SessionKind`) is everything a command needs of a rule
set's session: its log's header, the session opened from it with its agents, its account, its
``--json`` document and its stored record.  :mod:`tools.kinds.hextech` is hextech's,
:mod:`tools.kinds.table` the core's table's (standard, hongzhong and every other rule set);
:mod:`tools.kinds.choice` picks one from ``--rules`` or a log's first line, and
:mod:`tools.kinds.play` plays, resumes, replays and records a session of any kind one way.
"""
