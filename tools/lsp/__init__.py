"""The language server of the card language (``hexmj lsp``): features in :mod:`tools.lsp.features`,
the protocol in :mod:`tools.lsp.server`."""
