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
survive :func:`with_version`.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError

from engine.errors import InputError
from engine.plugins import MODES

_KEYS = ("mode", "seed", "draw", "versions", "copies")
_SERIES = re.compile(r"[A-Z](?:-[A-Z])?")


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
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise InputError(f"{path}: cannot read pool file: {err.strerror}") from err
    except UnicodeDecodeError as err:
        line = err.object[: err.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: not UTF-8 text") from err
    try:
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
    data = _read(path)
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
