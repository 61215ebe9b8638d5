"""Every card example (``cards/examples``, ``modules/*/examples``; docs/examples.md) is played here, one
test each, named by its file and line: a card's examples are part of the suite (issue 12 item 3)."""

from __future__ import annotations

import pytest

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
