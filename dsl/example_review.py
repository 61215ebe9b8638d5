"""Examples copied with a new version of a card, marked to be checked against its text (§18.4, R594).

``hexmj card new-version S-08`` copies ``S-08.yaml`` to ``S-08-v2.yaml``: each copied example
still proves S-08's text until the designer has read it against S-08-v2's.  So every copied
example is given a ``review:`` line saying where it came from; ``hexmj check`` reports an example
that has one as ``REVIEW`` until the designer deletes the line.  (A mark the designer removes is a
line removed: the file is otherwise as the copy left it.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

REVIEW = "review"
"""The key of an example that is to be checked again."""


@dataclass(frozen=True)
class Marked:
    """A copied example that was marked: its line (1-based) in the copied file and its name."""

    line: int
    name: str


def review_note(old_id: str, new_id: str) -> str:
    """What the mark says: where the example came from and what clears it."""
    return f"copied from {old_id}: check it against {new_id}'s text, then delete this line"


def mark_for_review(text: str, old_id: str, new_id: str) -> tuple[str, list[Marked]]:
    """``text`` (an example file copied for ``new_id``) with a ``review:`` line in each example that
    has none (before its second key, so that deleting the line leaves the example as it was), and
    the examples marked; a file that does not read as example YAML is
    left as it is and nothing is marked (``hexmj check`` reports what is wrong with it)."""
    try:
        top = YAML().load(text)
    except YAMLError:
        return text, []
    listed = top.get("examples") if isinstance(top, CommentedMap) else None
    if not isinstance(listed, CommentedSeq):
        return text, []
    note = json.dumps(review_note(old_id, new_id), ensure_ascii=False)
    lines = text.split("\n")
    marked: list[Marked] = []
    added = 0
    for example in listed:
        if not isinstance(example, CommentedMap) or not example or REVIEW in example:
            continue
        keys = list(example)
        line, column = example.lc.key(keys[0])
        line += added
        if example.fa.flow_style():
            head = lines[line]
            lines[line] = f"{head[:column]}{REVIEW}: {note}, {head[column:]}"
        else:
            line = example.lc.key(keys[1])[0] + added if len(keys) > 1 else line + 1
            lines.insert(line, f"{' ' * column}{REVIEW}: {note}")
            added += 1
        marked.append(Marked(line + 1, str(example.get("example", ""))))
    return "\n".join(lines), marked
