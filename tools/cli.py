"""The ``hexmj`` command: the designer's and host's entry point.

Each subcommand lives in its own module under ``tools`` and is registered
here.  :func:`main` turns every way a command can end into an exit status,
with at most one ``hexmj: error: …`` line on stderr and never a traceback:

- an :class:`engine.errors.HexError` exits with its code (2 malformed input,
  3 illegal action, 4 card error, 5 log error; 70 for an
  :class:`engine.errors.EngineFault`, a defect whose message names the seed,
  which ``HEXMJ_TRACEBACK=1`` re-raises like any other defect);
- a usage error (unknown command or option, bad option value) exits 2 and
  points at the command's ``--help``; ``hexmj`` alone prints the help, exit 2;
- a command's own status (``score`` 1 for no legal hu, ``lint`` 1 for
  errors found) passes through;
- Ctrl-C exits 130 quietly; a reader that closes the pipe early (``| head``)
  ends the command quietly with exit 1;
- output is UTF-8 whatever the locale's encoding;
- anything else is a defect: one line naming it, exit 70 (``HEXMJ_TRACEBACK=1``
  re-raises it for a bug report).
"""

from __future__ import annotations

import io
import os
import sys
from typing import NoReturn

import typer

from engine.errors import EngineFault, HexError
from tools import (
    cmd_cards,
    cmd_lint,
    cmd_modules,
    cmd_play,
    cmd_pool,
    cmd_replay,
    cmd_score,
    cmd_serve,
    cmd_simulate,
)

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
app.command("serve")(cmd_serve.serve)


EXIT_INTERRUPTED = 130
"""Ctrl-C, as a shell reports a process ended by SIGINT."""

EXIT_DEFECT = 70
"""An unexpected exception: a defect of hexmj, not of its input (``EX_SOFTWARE``)."""


def _fail(message: str, code: int) -> NoReturn:
    print(f"hexmj: error: {message}", file=sys.stderr)
    sys.exit(code)


def _usage_message(err: typer.TyperException) -> str:
    ctx = getattr(err, "ctx", None)
    path = getattr(ctx, "command_path", "") or "hexmj"
    return f"{err.format_message().rstrip('.')} (see '{path} --help')"


def _pipe_closed() -> NoReturn:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(1)


def _utf8_output() -> None:
    """Write UTF-8 whatever the locale says: JSON is UTF-8 (RFC 8259) and card names are Chinese."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower().replace("-", "") != "utf8":
            stream.reconfigure(encoding="utf-8")


def main() -> None:
    """Run the command line; every failure ends as described in this module's docstring."""
    _utf8_output()
    try:
        code = app(standalone_mode=False)
        sys.stdout.flush()
    except HexError as err:
        if isinstance(err, EngineFault) and os.environ.get("HEXMJ_TRACEBACK"):
            raise
        _fail(str(err), err.exit_code)
    except typer.TyperException as err:
        if not err.format_message().strip():
            sys.exit(err.exit_code)
        _fail(_usage_message(err), err.exit_code)
    except (KeyboardInterrupt, typer.Abort):
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        _pipe_closed()
    except Exception as err:
        if os.environ.get("HEXMJ_TRACEBACK"):
            raise
        what = next(iter(str(err).strip().splitlines()), "")
        _fail(f"unexpected {type(err).__name__}: {what} (defect; HEXMJ_TRACEBACK=1 shows where)", EXIT_DEFECT)
    sys.exit(code if isinstance(code, int) else 0)
