"""Every card example (``cards/examples``, ``modules/*/examples``; docs/examples.md) is played here, one
test each, named by its file and line: a card's examples are part of the suite (issue 12 item 3)."""

from __future__ import annotations

import json

import pytest
from pools_lint_cli import run_hexmj

from dsl.example_run import card_library, run_example
from dsl.examples import Example, example_files, example_folders, load_examples
from dsl.loader import default_paths


def _examples() -> list[Example]:
    library = card_library()
    files = example_files(example_folders(default_paths()))
    return [example for path in files for example in load_examples(path, library).examples]


EXAMPLES = _examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e.file.rsplit('/', 1)[-1]}:{e.line}" for e in EXAMPLES])
def test_card_example(example: Example) -> None:
    """The example's table, answers and expectations, as ``hexmj check`` plays them."""
    outcome = run_example(example, card_library())
    assert outcome.passed, outcome.describe()


def test_every_card_id_has_an_example(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12 item 3: each of the library's 192 card ids (and every version shipped) is named by an
    example; ``hexmj check --coverage`` names each one that is not."""
    code, out, _ = run_hexmj(["check", "--coverage", "--json"], monkeypatch, capsys)
    found = json.loads(out)
    assert code == 0 and found["uncovered"] == [], "no example names " + " ".join(found["uncovered"])
    assert len(found["covered"]) >= 192
