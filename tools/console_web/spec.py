"""What the host chose for a table and the tokens of its links (§17.2, §17.3, §18.1).

A :class:`TableSpec` is the same for a table of every rule set and for a table played with real
tiles; every console table is built from one and the record store keeps it as :meth:`TableSpec.json`
gives it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import InputError
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seats import PLAYERS
from engine.hextech.session import FULL_ROUNDS, TEST_ROUNDS
from tools.rules_option import DEFAULT

WEB = "web"
"""The agent name a person's seat has in the log's header."""
BOT = "greedy"
"""The bot that takes an empty seat."""
NICKNAME_LIMIT = 24
"""The longest public nickname (§17.2), in characters."""


def option_value(rules: RuleSet, name: str, value: object) -> OptionValue:
    """The value of the table option ``name`` that ``value`` gives, read as ``--option NAME=VALUE``
    reads it (R373); an :class:`InputError` ``options.NAME: …`` names the option and what it takes."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    try:
        return rules.option(name).parse(text)
    except InputError as err:
        raise InputError(f"options.{str(err).removeprefix('--option ')}") from None


def new_token() -> str:
    """An unguessable token (128 random bits), for a seat's or the host's link."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class TableSpec:
    """What the host chose for a table (§17.2, §17.3, §18.1) and the tokens of its links."""

    id: str
    mode: str
    seed: int
    bots: frozenset[str]
    nicknames: Mapping[str, str]
    filming: bool
    test: bool
    host_token: str
    tokens: Mapping[str, str]
    """Each person's seat letter → its token."""
    pool: str | None = None
    """A pool file of ``cards/pools`` by name (§18.2), or ``None`` for the mode's pool."""
    bot_agents: Mapping[str, str] = field(default_factory=dict)
    """The agent a bot seat plays by, by seat letter (``search``, ``search:16``); greedy otherwise."""
    rules: str = DEFAULT
    """The rule set the table plays (``hexmj rulesets``), by the parts it gives the one table
    (:func:`tools.console_web.live.rule_parts`)."""
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    """The value of each of the rule set's table options (none for hextech)."""
    fixed_seed: bool = False
    """The host fixed the seed: each next session plays the next seed; otherwise every session after
    the first draws its own (R523)."""
    table: str = "online"
    """``online``: the engine deals and plays the tiles on the phones; ``physical``: four people play
    real tiles and the console holds the cards (实体桌, :mod:`tools.console_web.physical_table`)."""
    timer: int = 0
    """Seconds a person has for each decision before the stand-in bot answers it; 0 for no timer
    (R535)."""
    stand_in: bool = False
    """Whether a bot answers for a seat whose phone has gone away, until it returns (R535)."""

    @property
    def rounds(self) -> int:
        """8 rounds, or 4 for a shortened test session (§18.1)."""
        return TEST_ROUNDS if self.test else FULL_ROUNDS

    def seat_of(self, token: str) -> str | None:
        """The seat letter a token opens, if it is one of this table's."""
        for letter, known in self.tokens.items():
            if secrets.compare_digest(known, token):
                return letter
        return None

    def agents(self) -> tuple[str, ...]:
        """The log header's agents: a bot or ``web`` per seat."""
        return tuple(self.bot_agents.get(letter, BOT) if letter in self.bots else WEB for letter in PLAYERS)

    def json(self) -> dict[str, Any]:
        """As stored."""
        return {
            "id": self.id,
            "mode": self.mode,
            "seed": self.seed,
            "bots": sorted(self.bots),
            "nicknames": dict(self.nicknames),
            "filming": self.filming,
            "test": self.test,
            "host_token": self.host_token,
            "tokens": dict(self.tokens),
            "pool": self.pool,
            "bot_agents": dict(self.bot_agents),
            "rules": self.rules,
            "options": dict(self.options),
            "fixed_seed": self.fixed_seed,
            "table": self.table,
            "timer": self.timer,
            "stand_in": self.stand_in,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSpec:
        """As stored by :meth:`json`."""
        return cls(
            id=str(data["id"]),
            mode=str(data["mode"]),
            seed=int(data["seed"]),
            bots=frozenset(data["bots"]),
            nicknames=dict(data["nicknames"]),
            filming=bool(data["filming"]),
            test=bool(data["test"]),
            host_token=str(data["host_token"]),
            tokens=dict(data["tokens"]),
            pool=None if data.get("pool") is None else str(data["pool"]),
            bot_agents=dict(data.get("bot_agents", {})),
            rules=str(data.get("rules", DEFAULT)),
            options=dict(data.get("options", {})),
            fixed_seed=bool(data.get("fixed_seed", False)),
            table=str(data.get("table", "online")),
            timer=int(data.get("timer", 0)),
            stand_in=bool(data.get("stand_in", False)),
        )
