"""The host console (主持台): one table per session, each player on their own phone (§16, §17, §18.1).

``hexmj serve`` runs a Starlette application (:mod:`tools.console_web.app`) that
hosts tables (:mod:`tools.console_web.tables`: hextech's in :mod:`tools.console_web.live`, any
other rule set's in :mod:`tools.console_web.rules_table`, what both do alike in
:mod:`tools.console_web.seated`), stores every line of their logs in
the record store as they are played (:mod:`tools.console_web.records`), and
sends each seat only what its own view holds and the host only the public table
(:mod:`tools.console_web.messages`, :mod:`tools.console_web.rules_messages`).
``docs/console.md`` documents the API.
"""
