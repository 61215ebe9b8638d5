"""Pool files: a designer's YAML description of a custom pool (§18.2, §18.4).

Every key is optional::

    mode: party            # strategy | party | all (§3)
    seed: 20260814         # seeds the random draws below
    draw:                  # per id series: N cards at random, or a list of ids
      W: 8
      C: [C-01, C-02]
    versions:              # which version of a card plays (§18.4)
      S-08: S-08-v2
    copies: [O-X06]        # a copy pack (复本包, §3): a second copy of each id, marked 副本2

Series not named under ``draw`` keep every card of the mode.  Files are read
and rewritten with ruamel.yaml's round-trip mode, so comments and key order
survive :func:`with_version`.  Only plain YAML is read: what a pool file never
needs (anchors, merge keys, tags, a list as a key, deep nesting, long numbers
and long lines) is refused at its place before YAML builds anything, so no file
costs more than time linear in its size (:func:`_check_shape`).
"""

from __future__ import annotations

import io
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    Event,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
)

from engine.core.errors import InputError
from engine.hextech.plugins import MODES

_KEYS = ("mode", "seed", "draw", "versions", "copies")
_SERIES = re.compile(r"[A-Z](?:-[A-Z])?")

MAX_SIZE = 1 << 20
"""The largest pool file read, in bytes (a full pool file of every card is under 10 KB)."""
MAX_LINE = 1000
"""The longest line of a pool file, in characters: a longer one is refused before YAML reads it."""
MAX_NESTING = 3
"""How deep a pool file nests: the file's mapping, ``draw`` or ``versions``, a list of ids."""
MAX_DIGITS = 18
"""The longest number a pool file may write (a seed)."""
_NUMBER = re.compile(r"[-+]?[0-9_]+")


@dataclass(frozen=True)
class PoolSpec:
    """A parsed pool file; ``lines`` maps a dotted key (``draw.W``) to its 1-based line for messages."""

    path: Path
    mode: str | None = None
    seed: int = 0
    draw: dict[str, int | tuple[str, ...]] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)
    copies: tuple[str, ...] = ()
    """The ids of the copy pack: each plays a second copy, 副本2 (§3)."""
    lines: dict[str, int] = field(default_factory=dict)

    def error(self, key: str, message: str) -> InputError:
        """An :class:`InputError` that names this file, the line of ``key`` and the key."""
        return InputError(f"{self.path}:{self.lines.get(key, 1)}: {key}: {message}")


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.preserve_quotes = True
    return yaml


def _read(path: Path) -> CommentedMap:
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise InputError(f"{path}: not a pool file (a YAML file)")
        size = status.st_size
        if size > MAX_SIZE:
            raise InputError(f"{path}: a pool file of {size} bytes; at most {MAX_SIZE} are read")
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise InputError(f"{path}: cannot read pool file: {err.strerror}") from err
    except UnicodeDecodeError as err:
        line = err.object[: err.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: not UTF-8 text") from err
    return _load(text, path)


def _load(text: str, path: Path) -> CommentedMap:
    """The YAML of a pool file's ``text``, once :func:`_check_shape` has found nothing a pool file
    never holds."""
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            raise InputError(f"{path}:{number}: a line of {len(line)} characters; at most {MAX_LINE}")
    try:
        _check_shape(_yaml().parse(text), path)
        data = _yaml().load(text)
    except YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        problem = getattr(err, "problem", None) or "not valid YAML"
        raise InputError(f"{where}: {problem}") from err
    if data is None:
        return CommentedMap()
    if not isinstance(data, CommentedMap):
        raise InputError(f"{path}:1: a pool file is a mapping of {', '.join(_KEYS)}")
    return data


def _check_shape(events: Any, path: Path) -> None:
    """Refuse, at its line, what YAML allows and a pool file never needs: anchors and aliases, merge
    keys (``<<``), explicit tags (``!!int``), a list or mapping as a key, nesting deeper than
    :data:`MAX_NESTING` and numbers longer than :data:`MAX_DIGITS`.  The event stream is read without
    recursion, so no input exhausts the stack before it is refused."""
    open_nodes: list[tuple[bool, int]] = []
    for event in events:
        problem = _problem(event, open_nodes)
        if problem:
            raise InputError(f"{path}:{event.start_mark.line + 1}:{event.start_mark.column + 1}: {problem}")


def _problem(event: Event, open_nodes: list[tuple[bool, int]]) -> str:
    """What is wrong with ``event`` in a pool file, or ``""``; ``open_nodes`` holds each open
    collection (is it a mapping, how many nodes it has had) and is kept up to date."""
    if isinstance(event, CollectionEndEvent):
        open_nodes.pop()
        return ""
    if not isinstance(event, NodeEvent):
        return ""
    is_key = bool(open_nodes) and open_nodes[-1][0] and open_nodes[-1][1] % 2 == 0
    if open_nodes:
        mapping, count = open_nodes[-1]
        open_nodes[-1] = (mapping, count + 1)
    if isinstance(event, AliasEvent) or event.anchor is not None:
        return "anchors and aliases (&, *) are not pool file syntax: write the value out"
    if isinstance(event, CollectionStartEvent):
        open_nodes.append((isinstance(event, MappingStartEvent), 0))
        if is_key:
            return "a key is a name, not a list or a mapping"
        if len(open_nodes) > MAX_NESTING:
            return f"nested more than {MAX_NESTING} levels deep (file, draw or versions, a list of ids)"
    tag = getattr(event, "tag", None)
    if tag is not None:
        return f"tags ({str(tag).replace('tag:yaml.org,2002:', '!!')}) are not pool file syntax"
    if isinstance(event, ScalarEvent) and event.style is None:
        if event.value == "<<":
            return "merge keys (<<) are not pool file syntax: write each key out"
        if _NUMBER.fullmatch(event.value) and len(event.value.lstrip("+-").replace("_", "")) > MAX_DIGITS:
            return f"a number of more than {MAX_DIGITS} digits"
    return ""


def _line(node: CommentedMap, key: Any) -> int:
    return int(node.lc.key(key)[0]) + 1


def _key_lines(data: CommentedMap) -> dict[str, int]:
    lines = {str(key): _line(data, key) for key in data}
    for key in ("draw", "versions"):
        node = data.get(key)
        if isinstance(node, CommentedMap):
            lines.update({f"{key}.{sub}": _line(node, sub) for sub in node})
    return lines


def load_pool_file(path: Path) -> PoolSpec:
    """Read and check a pool file; a bad key or value is an :class:`InputError` naming its line."""
    return _spec(_read(path), path)


def load_pool_text(text: str, path: Path) -> PoolSpec:
    """Check ``text`` as the pool file ``path`` would be checked once it holds it."""
    return _spec(_load(text, path), path)


def _spec(data: CommentedMap, path: Path) -> PoolSpec:
    spec = PoolSpec(path=path, lines=_key_lines(data))
    for key in data:
        if key not in _KEYS:
            raise spec.error(str(key), f"unknown key (expected one of {', '.join(_KEYS)})")
    mode = data.get("mode")
    if mode is not None and mode not in MODES:
        raise spec.error("mode", f"{mode!r} is not a mode (expected one of {', '.join(MODES)})")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise spec.error("seed", "expected a whole number")
    draw = _mapping(spec, data, "draw")
    for series in draw:
        if not _SERIES.fullmatch(str(series)):
            raise spec.error(f"draw.{series}", "not an id series (e.g. W, O-P, F-T, S, C)")
    versions = _mapping(spec, data, "versions")
    copies = data.get("copies", [])
    if not isinstance(copies, list) or not all(isinstance(item, str) for item in copies):
        raise spec.error("copies", "expected a list of card ids, e.g. [O-X06, F-I08]")
    repeated = sorted({item for item in copies if copies.count(item) > 1})
    if repeated:
        raise spec.error("copies", f"{repeated[0]} is listed twice: a copy pack adds one second copy (§3)")
    return PoolSpec(
        path=path,
        mode=mode,
        seed=seed,
        draw={str(series): _count(spec, f"draw.{series}", value) for series, value in draw.items()},
        versions={str(base): _text(spec, f"versions.{base}", value) for base, value in versions.items()},
        copies=tuple(copies),
        lines=spec.lines,
    )


def _mapping(spec: PoolSpec, data: CommentedMap, key: str) -> CommentedMap:
    node = data.get(key)
    if node is None:
        return CommentedMap()
    if not isinstance(node, CommentedMap):
        raise spec.error(key, "expected a mapping")
    return node


def _count(spec: PoolSpec, key: str, value: Any) -> int | tuple[str, ...]:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise spec.error(key, "expected a number of cards or a list of card ids")


def _text(spec: PoolSpec, key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise spec.error(key, "expected a card id such as S-08-v2")
    return value


def with_version(path: Path, base_id: str, version_id: str) -> str:
    """The text of the pool file at ``path`` once it plays ``version_id`` for ``base_id`` (§18.4).

    Comments and key order are kept; the base id itself removes the pick.  A
    file that is not a valid pool file is refused as :func:`load_pool_file`
    refuses it, before any edit.  The caller writes the text back atomically.
    """
    load_pool_file(path)
    data = _read(path)
    versions = data.get("versions")
    if not isinstance(versions, CommentedMap):
        versions = CommentedMap()
        data["versions"] = versions
    if version_id == base_id:
        versions.pop(base_id, None)
    else:
        versions[base_id] = version_id
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()
