"""What ``hexmj tune`` proposes: a new version of each flagged card (§18.4), with its ``.hex`` diff,
its figure before and after with intervals, what else in the pool moved, and its examples copied and
marked for review (issue 34 item 2).

A proposal is the next version of the card (``C-05-v2`` after ``C-05``; after the latest version
whatever version the pool plays), written after that latest version in its ``.hex`` file as
``hexmj card new-version`` writes one, with a comment that says what was edited and that its
卡面正文, 说明 and examples are to be reviewed: the text is the library's and the examples prove the
old version (R654).  The examples are copied and marked as ``card new-version`` copies and marks them
(each example a ``review:`` line that ``hexmj check`` reports until the designer deletes it, R594).
Nothing is overwritten: the id is new, the file only gains the block, and the examples are copied to
``examples/<new id>.yaml`` only when no such file exists.

*Side effects* are the other figures that moved on the same seeds: the table figures of §18.3 and
every other card's line figure (a contract's completion, a chance card's unexecutable share, an
augment's score advantage) seen at least :data:`SIDE_MIN` times in both runs, each as the difference
after − before over the seeds the proposal was measured on, with a 95 % interval widened for the
number of figures read together (Bonferroni), so that a pool of a hundred cards does not report five
of them by chance (R655).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from dsl.examples import EXAMPLES_FOLDER
from dsl.parser import parse_text
from dsl.versions import latest_versions, with_block_after
from engine.core.errors import InputError
from tools.cmd_cards import versioned_examples
from tools.fsio import write_atomic
from tools.lab.lines import LINES, card_kind
from tools.lab.parameters import card_block
from tools.lab.records import base_id
from tools.lab.seed_figures import TABLE_FIGURES, Figure, Sums, card_figure, figure_fixed, paired_fixed
from tools.lab.sequential import Interval
from tools.lab.tune import Tuned, Tuner

REVIEW = "hexmj tune: {edit}; review 卡面正文, 说明 and the examples before it is played"
"""The comment a proposed version carries after its header."""
EXAMPLES_REVIEW = (
    "# hexmj tune: copied from the examples of {old} for {new} ({edit}); review them: they prove {old}\n"
)
"""The line the copied examples start with."""


class Shown(BaseModel):
    """A figure and its interval, as the JSON gives it."""

    model_config = ConfigDict(frozen=True)

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, iv: Interval) -> Shown:
        return cls(value=round(iv.value, 6), low=round(iv.low, 6), high=round(iv.high, 6))


class SideEffect(BaseModel):
    """Another figure that moved: before and after on the same seeds, and the difference."""

    model_config = ConfigDict(frozen=True)

    figure: str
    before: Shown
    after: Shown
    diff: Shown


class Proposal(BaseModel):
    """A proposed version of a flagged card."""

    model_config = ConfigDict(frozen=True)

    card: str
    version: str
    edit: str
    diff: str
    block: str
    figure: str
    before: Shown
    after: Shown
    seeds: int
    side_effects: tuple[SideEffect, ...]

    def doc(self) -> dict[str, Any]:
        """The proposal in ``hexmj tune --json``."""
        return {
            "card": self.card,
            "version": self.version,
            "edit": self.edit,
            "figure": self.figure,
            "before": self.before.model_dump(),
            "after": self.after.model_dump(),
            "side_effects": [s.model_dump() for s in self.side_effects],
        }


def proposal(tuner: Tuner, tuned: Tuned) -> Proposal | None:
    """The proposal of a search that found one, its side effects measured on the same seeds."""
    probe = tuned.proposal
    if probe is None or probe.interval is None:
        return None
    marked = _marked(probe.block, probe.edit)
    file = tuned.source.location.file
    diff = difflib.unified_diff(
        (tuned.block.rstrip("\n") + "\n").splitlines(keepends=True),
        marked.splitlines(keepends=True),
        fromfile=f"{file} ({tuned.source.id})",
        tofile=f"{file} ({tuned.version})",
    )
    return Proposal(
        card=tuned.source.id,
        version=tuned.version,
        edit=probe.edit,
        diff="".join(diff),
        block=marked,
        figure=tuned.flagged.figure,
        before=Shown.of(tuned.flagged.interval),
        after=Shown.of(probe.interval),
        seeds=probe.measurement.played,
        side_effects=tuple(side_effects(tuner, tuned)),
    )


def _marked(block: str, edit: str) -> str:
    """The block with the review comment on the line after its header."""
    header, _, rest = block.partition("\n")
    return f"{header}\n  # {REVIEW.format(edit=edit)}\n{rest}"


def side_figures(tuner: Tuner, card: str) -> list[Figure]:
    """The figures a version of ``card`` may move: the table's and every other card's line figure."""
    figures = list(TABLE_FIGURES.values())
    for other in tuner.in_force():
        base = base_id(other)
        if base == base_id(card):
            continue
        kind = card_kind(base)
        if kind in LINES:
            figures.append(card_figure(base, LINES[kind].figure))
        elif kind == "augment":
            figures.append(card_figure(base, "score_advantage"))
    return figures


SIDE_MIN = 30
"""The fewest observations (rounds held, cards drawn) each part of a figure needs in both runs to be
read as a side effect: fewer give an interval the delta method cannot vouch for."""


def observed(figure: Figure, seeds: Sequence[Sums]) -> bool:
    """Every ratio of the figure has at least :data:`SIDE_MIN` observations over ``seeds``."""
    return all(
        sum(sums.get(key, 0) * c for sums in seeds for key, c in ratio.den) >= SIDE_MIN
        for _, ratio in figure.terms
    )


def side_effects(tuner: Tuner, tuned: Tuned) -> list[SideEffect]:
    """The figures that moved beyond their interval (Bonferroni over all read) on the proposal's seeds."""
    probe = tuned.proposal
    assert probe is not None
    seeds = probe.measurement.played
    tuner.bench.extend(tuner.pool, seeds)
    first, second = tuner.pool.seeds[:seeds], probe.measurement.seeds
    figures = [f for f in side_figures(tuner, tuned.source.id) if observed(f, first) and observed(f, second)]
    moved = []
    for figure in figures:
        diff = paired_fixed(figure, first, second, family=len(figures))
        if diff is None or diff.low <= 0 <= diff.high:
            continue
        before, after = figure_fixed(figure, first), figure_fixed(figure, second)
        assert before is not None and after is not None
        moved.append(
            SideEffect(
                figure=figure.name, before=Shown.of(before), after=Shown.of(after), diff=Shown.of(diff)
            )
        )
    return moved


def write(found: Proposal, tuned: Tuned) -> list[str]:
    """Write the proposal as ``card new-version`` writes a version: the block after the card's latest
    version in its file, the examples of the version it comes from copied and marked; what was
    written, one line each.  A version or an examples file that exists already is never touched."""
    path = Path(tuned.source.location.file)
    text = path.read_text(encoding="utf-8")
    written = parse_text(text, str(path))
    if any(card.id == found.version for card in written):
        raise InputError(f"{path}: {found.version} exists already; a version is never overwritten (§18.4)")
    latest = latest_versions(written)[base_id(found.card)]
    start, _ = card_block(text, latest)
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    new_text, new_line = with_block_after(text, line, column, found.block)
    folder = path.parent / EXAMPLES_FOLDER
    examples = versioned_examples(folder, found.card, found.version)
    write_atomic(path, new_text)
    done = [f"{path}:{new_line}: {found.version}"]
    if examples is not None:
        target, copied, _ = examples
        write_atomic(target, copied)
        done.append(f"{target}: the examples of {found.card}, each marked for review (R594)")
    return done
