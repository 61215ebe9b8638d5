"""The ``hexmj`` command: the designer's and host's entry point.

Each subcommand lives in its own module under ``tools`` and is registered
here.  Every :class:`engine.errors.HexError` becomes one line on stderr and
its exit code; no traceback reaches the user.
"""

from __future__ import annotations

import sys

import typer

from engine.errors import HexError

app = typer.Typer(
    name="hexmj",
    help="Hextech Mahjong (海克斯麻将 V1.2): rules engine and designer toolkit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def main() -> None:
    """Run the command line; user errors exit with their code and a one-line message."""
    try:
        app(standalone_mode=False)
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
