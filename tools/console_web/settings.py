"""What ``hexmj serve`` tells the console beyond its store and rule set (issue 29 items 4 and 5,
issue 30 item 1): the console key and its addresses, the largest budget a bot may think with, how
long an idle table lives, how many worker processes think for the bots."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.console_web.access import Access, console_key
from tools.console_web.bot_pool import DEFAULT_MAX_BUDGET, processors
from tools.console_web.expiry import DAY

LOCAL_PORT = 8000
"""The port of a console made without ``hexmj serve`` (tests, benchmarks) unless they say."""


def _local() -> Access:
    return Access.listening(console_key(None), "127.0.0.1", LOCAL_PORT)


@dataclass(frozen=True)
class ServeSettings:
    """The console's settings: ``access`` (the key, the addresses), ``max_budget`` (``--max-budget``),
    ``expire`` (``--expire``, seconds), ``workers`` (at most the machine's processors)."""

    access: Access = field(default_factory=_local)
    max_budget: int = DEFAULT_MAX_BUDGET
    expire: float = DAY
    workers: int = field(default_factory=processors)
