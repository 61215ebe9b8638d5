"""The ``hexmj`` command: the designer's and host's entry point.

Each subcommand lives in its own module under ``tools`` and is registered
here.  :func:`main` turns every way a command can end into an exit status,
with at most one ``hexmj: error: …`` line on stderr and never a traceback:

- an :class:`engine.core.errors.HexError` exits with its code (2 malformed input,
  3 illegal action, 4 card error, 5 log error; 70 for an
  :class:`engine.core.errors.EngineFault`, a defect whose message names the seed,
  which ``HEXMJ_TRACEBACK=1`` re-raises like any other defect);
- a usage error (unknown command or option, bad option value) exits 2 and
  points at the command's ``--help``; ``hexmj`` alone prints the help, exit 2;
- ``-h`` is ``--help`` everywhere, ``hexmj --version`` names the release; help
  shows a value's name (``--games GAMES``), never a Python type, and ends
  with the command's exit statuses (:data:`EXIT_STATUSES`);
- a command's own status (``score`` 1 for no legal hu, ``lint`` 1 for
  errors found) passes through;
- Ctrl-C exits 130 with one ``hexmj: interrupted: …`` line saying what
  stopped and, where the command knows it, how to go on
  (:class:`tools.interrupt.Interrupted`); a reader that closes the pipe early (``| head``)
  ends the command quietly with exit 1;
- output is UTF-8 whatever the locale's encoding;
- anything else is a defect: one line naming it, exit 70 (``HEXMJ_TRACEBACK=1``
  re-raises it for a bug report).
"""

from __future__ import annotations

import io
import os
import sys
from typing import Annotated, Any, NoReturn

import typer

from engine.core.errors import EngineFault, HexError
from engine.core.quoting import printable
from tools.exit_codes import EXIT_DEFECT, exit_code
from tools.interrupt import EXIT_INTERRUPTED, Interrupted
from tools.lazy import LazyGroup, lazy_command

EXIT_MEANINGS = {
    0: "done",
    1: "the answer is no",
    2: "malformed input or usage",
    3: "an illegal action",
    4: "a card error",
    5: "a log that does not replay or resume",
    6: "a module or a rule set that cannot be loaded",
    7: "a person ended input (--resume continues)",
    8: "a record store that has lost part of the console's tables",
    9: "the console cannot listen (its port is another program's)",
    EXIT_DEFECT: "a defect of hexmj",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C)",
}
"""What each exit status says (README's table)."""

EXIT_STATUSES = {
    "score": (1, 4),
    "pool": (4, 6),
    "cards": (4, 6),
    "card show": (4, 6),
    "card new-version": (4, 6),
    "lint": (1,),
    "modules": (6,),
    "rulesets": (6,),
    "play": (3, 4, 5, 6, 7),
    "replay": (4, 5, 6),
    "simulate": (4, 6),
    "tune": (4, 6),
    "fmt": (1, 4),
    "check": (1, 4, 6),
    "record": (4, 5, 6),
    "records": (6,),
    "lsp": (),
    "serve": (8, 9),
}
"""The statuses a command ends with besides 0, 2, 70 and 130, which every command may."""


HELP = ["-h", "--help"]


def exit_help(command: str) -> str:
    """The line ending a command's help: every exit status it can end with and what it says."""
    codes = sorted({0, 2, EXIT_DEFECT, EXIT_INTERRUPTED, *EXIT_STATUSES.get(command, ())})
    return "Exit status: " + "; ".join(f"{code} {EXIT_MEANINGS[code]}" for code in codes) + "."


def _polish(command: Any, path: str = "") -> None:
    """Help in the tool's words: value names instead of Python types, flags alone, exit statuses."""
    help_option = command.get_help_option(typer.Context(command, help_option_names=HELP))
    for param in (*command.params, *((help_option,) if help_option else ())):
        if param.param_type_name == "argument":
            param.display_type_rich = _no_type
        elif param.metavar is None:
            param.metavar = "" if param.is_flag else param.opts[-1].lstrip("-").upper()
    subcommands: dict[str, Any] = getattr(command, "commands", {})
    if path and command.epilog is None and not subcommands:
        command.epilog = exit_help(path)
    for name, sub in subcommands.items():
        _polish(sub, f"{path} {name}".strip())


def _no_type(ctx: object) -> None:
    """An argument is shown by its name alone."""


class Commands(LazyGroup):
    """The ``hexmj`` group: its help and every subcommand's help polished (:func:`_polish`); the
    subcommands are imported when they run (:mod:`tools.lazy`)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line, its help polished first."""
        _polish(self)
        return super().main(*args, **kwargs)

    def loaded(self, command: Any, name: str) -> None:
        """A subcommand just imported: polish its help."""
        _polish(command, name)


def _show_version(shown: bool) -> None:
    if shown:
        from importlib.metadata import version

        typer.echo(f"hexmj {version('hexmahjong')}")
        raise typer.Exit()


app = typer.Typer(
    name="hexmj",
    cls=Commands,
    help="Hextech Mahjong (海克斯麻将 V1.2): rules engine and designer toolkit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": HELP},
)


@app.callback()
def _options(
    _version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the release and exit."),
    ] = False,
) -> None:
    """Hextech Mahjong (海克斯麻将 V1.2): rules engine and designer toolkit."""


lazy_command("modules", "tools.cmd_modules:modules")
lazy_command("rulesets", "tools.cmd_rulesets:rulesets")
lazy_command("score", "tools.cmd_score:score")
lazy_command("pool", "tools.cmd_pool:pool")
lazy_command("cards", "tools.cmd_cards:cards")
lazy_command("card", "tools.cmd_cards:card_app")
lazy_command("lint", "tools.cmd_lint:lint")
lazy_command("play", "tools.cmd_play:play")
lazy_command("replay", "tools.cmd_replay:replay")
lazy_command("simulate", "tools.cmd_simulate:simulate")
lazy_command("tune", "tools.cmd_tune:tune")
lazy_command("fmt", "tools.cmd_fmt:fmt")
lazy_command("lsp", "tools.cmd_lsp:lsp")
lazy_command("check", "tools.cmd_check:check")
lazy_command("record", "tools.cmd_record:record")
lazy_command("records", "tools.cmd_records:records")
lazy_command("serve", "tools.cmd_serve:serve")


def _fail(message: str, code: int) -> NoReturn:
    print(f"hexmj: error: {printable(message)}", file=sys.stderr)
    sys.exit(code)


def _usage_message(err: typer.TyperException) -> str:
    ctx = getattr(err, "ctx", None)
    path = getattr(ctx, "command_path", "") or _typed_command(sys.argv[1:])
    return f"{err.format_message().rstrip('.')} (see '{path} --help')"


def _typed_command(words: list[str]) -> str:
    """The (sub)command the words typed name, for an error that does not say: ``hexmj simulate``."""
    command: Any = typer.main.get_command(app)
    path = ["hexmj"]
    for word in words:
        sub = command.get_command(typer.Context(command), word) if hasattr(command, "get_command") else None
        if sub is None:
            break
        command, path = sub, [*path, word]
    return " ".join(path)


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
        if code == EXIT_INTERRUPTED:
            raise KeyboardInterrupt
    except Interrupted as err:
        print(f"hexmj: interrupted: {printable(str(err))}", file=sys.stderr)
        sys.exit(exit_code(err))
    except HexError as err:
        if isinstance(err, EngineFault) and os.environ.get("HEXMJ_TRACEBACK"):
            raise
        _fail(str(err), exit_code(err))
    except typer.TyperException as err:
        if not err.format_message().strip():
            sys.exit(err.exit_code)
        _fail(_usage_message(err), err.exit_code)
    except (KeyboardInterrupt, typer.Abort):
        command = " ".join(["hexmj", *(a for a in sys.argv[1:2] if not a.startswith("-"))])
        print(f"hexmj: interrupted: {command} stopped before it finished (Ctrl-C)", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        _pipe_closed()
    except Exception as err:
        if os.environ.get("HEXMJ_TRACEBACK"):
            raise
        what = next(iter(str(err).strip().splitlines()), "")
        _fail(f"unexpected {type(err).__name__}: {what} (defect; HEXMJ_TRACEBACK=1 shows where)", EXIT_DEFECT)
    sys.exit(code if isinstance(code, int) else 0)
