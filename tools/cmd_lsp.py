"""``hexmj lsp``: the card language's server for editors, over standard input and output (LSP).

An editor starts it and talks to it; ``editors/vscode/`` is the VS Code extension that does, and
docs/designer-guide.md shows how to use it from other editors.
"""

from __future__ import annotations

from tools.rules_option import DEFAULT, CardRulesOption


def lsp(rules: CardRulesOption = DEFAULT) -> None:
    """Serve the card language to an editor over stdio: diagnostics, hover, completion, definitions."""
    from tools.lsp.server import server  # pygls only when the server runs

    server.start_io()
