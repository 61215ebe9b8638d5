"""The ``hexmj`` command: the designer's and host's entry point.

Each subcommand lives in its own module under ``tools`` and is registered
here.  Every :class:`engine.errors.HexError` becomes one line on stderr and
its exit code; no traceback reaches the user.
"""

from __future__ import annotations

import sys

import typer

from engine.errors import HexError
from tools import cmd_cards, cmd_lint, cmd_modules, cmd_play, cmd_pool, cmd_replay, cmd_score, cmd_simulate

app = typer.Typer(
    name="hexmj",
    help="Hextech Mahjong (海克斯麻将 V1.2): rules engine and designer toolkit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command("modules")(cmd_modules.modules)
app.command("score")(cmd_score.score)
app.command("pool")(cmd_pool.pool)
app.command("cards")(cmd_cards.cards)
app.add_typer(cmd_cards.card_app, name="card")
app.command("lint")(cmd_lint.lint)
app.command("play")(cmd_play.play)
app.command("replay")(cmd_replay.replay)
app.command("simulate")(cmd_simulate.simulate)


def main() -> None:
    """Run the command line; user errors exit with their code and a one-line message."""
    try:
        code = app(standalone_mode=False)
    except HexError as err:
        print(f"hexmj: error: {err}", file=sys.stderr)
        sys.exit(err.exit_code)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except Exception as err:  # click usage errors carry their own exit code
        code = getattr(err, "exit_code", None)
        if code is None:
            raise
        show = getattr(err, "format_message", None)
        print(f"hexmj: error: {show() if show else err}", file=sys.stderr)
        sys.exit(code)
    sys.exit(code if isinstance(code, int) else 0)
