"""Subcommands imported only when they run, so that ``hexmj --help`` and a light command start fast.

:func:`lazy_command` names a subcommand and where it lives (``module:attribute``: a command
function, or a :class:`typer.Typer` for a group such as ``card``).  :class:`LazyGroup` imports it
the first time it is asked for it; the list of commands in ``hexmj --help`` takes each one's
summary from its source (the function's docstring, the group's ``help=``) without importing it.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from functools import cache
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

LAZY: dict[str, str] = {}
"""Every lazily imported subcommand: its name and ``module:attribute``, in registration order."""


def lazy_command(name: str, target: str) -> None:
    """Register the subcommand ``name`` found at ``target`` (``tools.cmd_play:play``)."""
    LAZY[name] = target


def load(name: str, target: str) -> Any:
    """The click command of ``target``, named ``name``: imported now."""
    module, _, attribute = target.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    if isinstance(found, typer.Typer):
        command = typer.main.get_command(found)
    else:
        single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        single.command(name)(found)
        command = typer.main.get_command(single)
    command.name = name
    return command


@cache
def summary(target: str) -> str:
    """The help of ``target`` read from its source file: a function's docstring or ``help=``."""
    module, _, attribute = target.partition(":")
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return ""
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == attribute:
            return ast.get_docstring(node) or ""
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == attribute for t in node.targets
        ):
            call = node.value
            for keyword in call.keywords if isinstance(call, ast.Call) else ():
                if keyword.arg == "help" and isinstance(keyword.value, ast.Constant):
                    return str(keyword.value.value)
    return ""


class LazyGroup(TyperGroup):
    """A group holding the :data:`LAZY` subcommands besides those registered the usual way;
    :meth:`loaded` may prepare each one as it is imported."""

    listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        """Every subcommand, the usual ones first."""
        return [*super().list_commands(ctx), *(name for name in LAZY if name not in self.commands)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The subcommand, imported on first use; only its summary while the help lists them."""
        found = super().get_command(ctx, cmd_name)
        if found is not None or cmd_name not in LAZY:
            return found
        if self.listing:
            return TyperCommand(cmd_name, help=summary(LAZY[cmd_name]))
        command = load(cmd_name, LAZY[cmd_name])
        self.loaded(command, cmd_name)
        self.commands[cmd_name] = command
        return command

    def loaded(self, command: Any, name: str) -> None:
        """Called once with each subcommand imported."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The group's help, listing the subcommands without importing them."""
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False
