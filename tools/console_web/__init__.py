"""The host console (主持台): one table per session, each player on their own phone (§16, §17, §18.1).

``hexmj serve`` runs a Starlette application (:mod:`tools.console_web.app`) over one console
(:mod:`tools.console_web.console`: the tables, their store, their bots' turns and their open
screens, which every route module reaches).  It hosts tables (:mod:`tools.console_web.tables`,
each built from what the host chose, :mod:`tools.console_web.spec`; one table for every rule set
in :mod:`tools.console_web.live` over what a web seat's table does in
:mod:`tools.console_web.seated`, each rule set giving its parts, :mod:`tools.console_web.rule_parts`,
:mod:`tools.console_web.hextech_parts` and :mod:`tools.console_web.table_parts`), stores every
line of their logs in the record store as they are played (:mod:`tools.console_web.records`), and
sends each seat only what its own view holds and the host only the public table, built by one
builder for every rule set (:mod:`tools.console_web.messages`, the one public feed in
:mod:`tools.console_web.feed`, what a rule set shows of its own in
:mod:`tools.console_web.hextech_shown` and :mod:`tools.console_web.table_shown`).  The pages draw
tiles (:mod:`tools.console_web.tile_art`) and word every answer in Chinese
(:mod:`tools.console_web.labels`, :mod:`tools.console_web.pages`); a seat is held by one phone
(:mod:`tools.console_web.holders`, :mod:`tools.console_web.phones`); a round's result
(:mod:`tools.console_web.round_results`), the stand-in's clock (:mod:`tools.console_web.tending`)
and the replays (:mod:`tools.console_web.replays`, :mod:`tools.console_web.replay_routes`) have
modules of their own.  ``docs/console.md`` documents the API.
"""
