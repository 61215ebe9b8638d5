"""What the host asks for when creating a table, checked field by field (§17.2, §17.3, §18.1).

The body of ``POST /api/tables``: ``{"mode", "seed", "bots": ["B", "C", "D"],
"agents": {"B": "search:16"}, "nicknames": {"A": "…"}, "filming": false, "test": false,
"pool": "first-test.yaml", "rules": "standard", "options": {"base": 2}, "timer": 30,
"stand_in": true}``, every field optional (mode ``all``, a random seed, no bots, every bot greedy, the
seat letters as nicknames, no filming, a formal session, the mode's own pool, the server's ``--rules``
and ``--option`` values, no turn timer, no stand-in bot for an away seat, R535).  A table of another
rule set than hextech takes ``rules`` and its ``options`` (each one ``--option NAME=VALUE``
could give, over the server's when the rule set is the server's, else over the rule set's
defaults), bots ``random`` or ``greedy``, and none of ``mode``, ``pool`` and ``filming``, which are
hextech's (R373).  A field that does not fit is a :class:`BadRequest` naming it.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.agents.roster import bot_factory
from engine.core.errors import InputError
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue
from engine.core.seats import PLAYERS
from engine.hextech.session import MODES
from tools.console_web.cards import pool_names
from tools.console_web.spec import NICKNAME_LIMIT, TableSpec, new_token, option_value
from tools.rules_option import DEFAULT

SEED_LIMIT = 2**63 - 1
FIELDS = frozenset(
    {
        "mode",
        "seed",
        "bots",
        "agents",
        "nicknames",
        "filming",
        "test",
        "pool",
        "rules",
        "options",
        "timer",
        "table",
        "stand_in",
    }
)
TIMER_RANGE = range(5, 601)
"""The seconds a turn timer may give each decision (R535)."""
ONLINE = "online"
"""The ``table`` of a table whose tiles the engine deals on the phones (a real table's is
:mod:`tools.console_web.physical_routes`')."""
HEXTECH_FIELDS = ("mode", "pool", "filming")
"""The fields of a hextech table only (its mode, card pool and filming consent, §17.3, §18.2)."""


class BadRequest(ValueError):
    """A request the console cannot take; the message names the field."""


def _flag(body: dict[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise BadRequest(f"{key}: expected true or false, got {value!r}")
    return value


def _timer(value: object) -> int:
    """The seconds of the turn timer, or 0 for none (R535)."""
    if value is None or value == 0:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value not in TIMER_RANGE:
        seconds = f"{TIMER_RANGE.start}–{TIMER_RANGE.stop - 1}"
        raise BadRequest(f"timer: expected 0 (no timer) or {seconds} seconds, got {value!r}")
    return value


def _nicknames(value: object) -> dict[str, str]:
    """The players' agreed public nicknames (§17.2): one line of printable text each, bounded."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadRequest("nicknames: expected an object of seat letters to nicknames")
    names: dict[str, str] = {}
    for letter, nickname in value.items():
        if letter not in PLAYERS:
            raise BadRequest(f"nicknames.{letter}: not a seat (A, B, C or D)")
        if not isinstance(nickname, str) or not nickname.strip():
            raise BadRequest(f"nicknames.{letter}: expected a non-empty text")
        if len(nickname) > NICKNAME_LIMIT or not nickname.isprintable():
            raise BadRequest(f"nicknames.{letter}: at most {NICKNAME_LIMIT} printable characters")
        names[letter] = nickname.strip()
    return names


@dataclass(frozen=True)
class Served:
    """The table a request gets unless its body says otherwise: ``hexmj serve --rules NAME`` and
    its ``--option`` values."""

    rules: str = DEFAULT
    options: Mapping[str, OptionValue] = field(default_factory=dict)


HEXTECH = Served()
"""The server's table without ``--rules``: hextech."""


def _rules(body: dict[str, Any], served: Served) -> tuple[str, dict[str, OptionValue]]:
    """The rule set the body names and its options' values (R373); only a rule set other than
    hextech is looked up in the registry."""
    name = body.get("rules", served.rules)
    if not isinstance(name, str):
        raise BadRequest(f"rules: expected a rule set's name, got {name!r}")
    given = body.get("options", {})
    if not isinstance(given, dict) or not all(isinstance(v, str | int | bool) for v in given.values()):
        raise BadRequest("options: expected an object of option names to values")
    if name == DEFAULT:
        if given:
            raise BadRequest(f"options.{next(iter(given))}: hextech tables take no options")
        return name, {}
    try:
        rules = ruleset(name)
    except InputError as err:
        raise BadRequest(f"rules: {str(err).replace(f'--rules {name}', repr(name), 1)}") from None
    values = rules.resolve_options([])
    if name == served.rules:
        values.update(served.options)
    for key, value in given.items():
        try:
            values[key] = option_value(rules, key, value)
        except InputError as err:
            raise BadRequest(str(err)) from None
    return name, values


def _bot_agents(value: object, bots: Collection[str]) -> dict[str, str]:
    """The agent each bot seat plays by (``greedy``, ``random``, ``search``, ``search:N``, at every
    rule set's table), checked as ``hexmj play --agents`` checks it."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadRequest("agents: expected an object of bot seat letters to agent names")
    for letter, name in value.items():
        if letter not in bots:
            raise BadRequest(f"agents.{letter}: not a bot seat (one of {', '.join(sorted(bots)) or 'none'})")
        if not isinstance(name, str):
            raise BadRequest(f"agents.{letter}: expected an agent name, got {name!r}")
        try:
            bot_factory(name, letter)
        except InputError as error:
            raise BadRequest(f"agents.{letter}: {str(error).removeprefix('--agents: ')}") from None
    return dict(value)


def table_spec(body: object, taken: Collection[str], served: Served | None = None) -> TableSpec:
    """The table the body asks for, with fresh tokens and an id not in ``taken``; ``served`` the
    rule set and options of a body that names none."""
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise BadRequest("body: expected a JSON object")
    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise BadRequest(f"{unknown[0]}: not a field (one of {', '.join(sorted(FIELDS))})")
    if body.get("table", ONLINE) != ONLINE:
        raise BadRequest(f"table: {body['table']!r} is not one of online, physical")
    rules, options = _rules(body, served or HEXTECH)
    if rules != DEFAULT:
        hextech = [key for key in HEXTECH_FIELDS if key in body]
        if hextech:
            raise BadRequest(f"{hextech[0]}: a field of hextech tables, not of rules {rules}")
    mode = body.get("mode", "all")
    if mode not in MODES:
        raise BadRequest(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    seed = body.get("seed", secrets.randbelow(2**31))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_LIMIT:
        raise BadRequest(f"seed: expected a whole number 0–{SEED_LIMIT}, got {seed!r}")
    bots = body.get("bots", [])
    if not isinstance(bots, list) or any(b not in PLAYERS for b in bots) or len(set(bots)) != len(bots):
        raise BadRequest(f"bots: expected a list of distinct seats A–D, got {bots!r}")
    pool = body.get("pool")
    if pool is not None and pool not in pool_names():
        raise BadRequest(f"pool: {pool!r} is not one of the pool files ({', '.join(pool_names())})")
    table = secrets.token_hex(3)
    while table in taken:
        table = secrets.token_hex(3)
    return TableSpec(
        id=table,
        mode=str(mode),
        seed=seed,
        bots=frozenset(bots),
        nicknames=_nicknames(body.get("nicknames")),
        filming=_flag(body, "filming"),
        test=_flag(body, "test"),
        host_token=new_token(),
        tokens={letter: new_token() for letter in PLAYERS if letter not in bots},
        pool=pool,
        bot_agents=_bot_agents(body.get("agents"), bots),
        rules=rules,
        options=options,
        fixed_seed="seed" in body,
        timer=_timer(body.get("timer")),
        stand_in=_flag(body, "stand_in"),
    )
