"""``hexmj lsp``: the language server of the card language over stdio (pygls, LSP 3.17).

Card files (``.hex``): diagnostics on every change (syntax with the caret's word, unknown names,
argument and type errors, the lint findings with their codes and severities, §15 conflicts with the
other cards of the card set), hover, completion, go to definition, document symbols, formatting
through :mod:`dsl.formatter`, and quick fixes where lint names the fix.  Pool files (``.yaml``
beside the cards): completion, hover and go to definition of card ids.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from dsl.analysis import Analysis, Finding, context_paths, file_cards
from dsl.errors import CardSyntaxError, Location
from dsl.formatter import format_text
from dsl.model import Card
from engine.hextech.plugins import ModuleInfo, installed_modules
from tools.lsp import features as f

NAME = "hexmj-lsp"
VERSION = "0.1.0"

_SEVERITY = {"error": t.DiagnosticSeverity.Error, "warning": t.DiagnosticSeverity.Warning}
_KINDS = {
    "event": t.CompletionItemKind.Event,
    "primitive": t.CompletionItemKind.Function,
    "static": t.CompletionItemKind.Interface,
    "fact": t.CompletionItemKind.Property,
    "predicate": t.CompletionItemKind.Property,
    "duration": t.CompletionItemKind.Unit,
    "role": t.CompletionItemKind.Variable,
    "filter": t.CompletionItemKind.EnumMember,
    "words": t.CompletionItemKind.EnumMember,
    "keyword": t.CompletionItemKind.Keyword,
    "field": t.CompletionItemKind.Field,
    "card": t.CompletionItemKind.Reference,
}


class CardServer(LanguageServer):
    """The server and what it knows: the installed modules, each open card file's latest analysis."""

    def __init__(self) -> None:
        super().__init__(NAME, VERSION)
        self.registry: list[ModuleInfo] = list(installed_modules())
        self.analyses: dict[str, Analysis] = {}

    def analyse(self, uri: str) -> Analysis:
        """The analysis of the open document's current text (kept until it changes)."""
        document = self.workspace.get_text_document(uri)
        known = self.analyses.get(uri)
        if known is not None and known.text == document.source:
            return known
        path = Path(to_fs_path(uri) or uri)
        context = [card for file in context_paths(path, self.registry) for card in file_cards(file)]
        analysis = Analysis(str(path), document.source, context, self.registry)
        self.analyses[uri] = analysis
        return analysis

    def card_places(self, uri: str) -> tuple[dict[str, Card], dict[str, Location]]:
        """Every card the document can name, and where each is defined: its own, then its card set's."""
        path = Path(to_fs_path(uri) or uri)
        cards: dict[str, Card] = {}
        places: dict[str, Location] = {}
        if path.suffix == ".hex":
            analysis = self.analyse(uri)
            for placed in analysis.cards:
                cards.setdefault(placed.card.id, placed.card)
                places.setdefault(placed.card.id, analysis.location(placed.card))
            files = context_paths(path, self.registry)
        else:
            files = _pool_card_files(path, self.registry)
        for file in files:
            for card in file_cards(file):
                cards.setdefault(card.id, card)
                places.setdefault(card.id, card.location)
        return cards, places


def _pool_card_files(path: Path, registry: list[ModuleInfo]) -> list[Path]:
    """The card files a pool file picks from: the ``.hex`` files beside it or in the folder above."""
    folder = path.resolve().parent
    core = sorted(folder.glob("*.hex")) or sorted(folder.parent.glob("*.hex"))
    return [*core, *(Path(p) for info in registry for p in info.card_files)]


server = CardServer()


def _range(line: int, start: int, end: int) -> t.Range:
    return t.Range(t.Position(line=line, character=start), t.Position(line=line, character=end))


def _diagnostic(finding: Finding) -> t.Diagnostic:
    d = finding.diagnostic
    message = f"{d.message}\nhint: {d.hint}" if d.hint else d.message
    return t.Diagnostic(
        range=_range(finding.line, finding.start, finding.end),
        message=message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        source="hexmj",
    )


def _publish(ls: CardServer, uri: str) -> None:
    if not uri.endswith(".hex"):
        return
    analysis = ls.analyse(uri)
    diagnostics = [_diagnostic(finding) for finding in analysis.findings]
    ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


@server.feature(t.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CardServer, params: t.DidOpenTextDocumentParams) -> None:
    """Check a card file when it is opened."""
    _publish(ls, params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CardServer, params: t.DidChangeTextDocumentParams) -> None:
    """Check a card file as the designer types."""
    _publish(ls, params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CardServer, params: t.DidSaveTextDocumentParams) -> None:
    """Check again on save: another file of the card set may have changed on disk."""
    _publish(ls, params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CardServer, params: t.DidCloseTextDocumentParams) -> None:
    """Forget a closed file and clear its diagnostics."""
    ls.analyses.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(
        t.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
    )


def _lines(ls: CardServer, uri: str) -> list[str]:
    return ls.workspace.get_text_document(uri).source.split("\n")


@server.feature(t.TEXT_DOCUMENT_HOVER)
def hover(ls: CardServer, params: t.HoverParams) -> t.Hover | None:
    """A card id: its name, type and text; a word of the vocabulary: its reference row."""
    uri, at = params.text_document.uri, params.position
    cards, _ = ls.card_places(uri)
    if uri.endswith(".hex"):
        found = f.hover(ls.analyse(uri), cards, at.line, at.character)
    else:
        word = f.word_at(_lines(ls, uri), at.line, at.character, f.CARD_ID)
        found = (f.card_markdown(cards[word.text]), word) if word and word.text in cards else None
    if found is None:
        return None
    text, word = found
    contents = t.MarkupContent(kind=t.MarkupKind.Markdown, value=text)
    return t.Hover(contents=contents, range=_range(word.line, word.start, word.end))


@server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=[" ", "(", ".", ","]))
def completion(ls: CardServer, params: t.CompletionParams) -> t.CompletionList:
    """Events after ``on``, primitives with their parameters, facts, durations, tile filters; card ids
    in pool files."""
    uri, at = params.text_document.uri, params.position
    if uri.endswith(".hex"):
        proposals = f.completions(_lines(ls, uri), at.line, at.character)
    else:
        proposals = f.card_id_completions(ls.card_places(uri)[0])
    items = [
        t.CompletionItem(
            label=p.label,
            kind=_KINDS.get(p.kind, t.CompletionItemKind.Text),
            detail=p.detail,
            insert_text=p.insert,
            insert_text_format=t.InsertTextFormat.Snippet
            if "$" in p.insert
            else t.InsertTextFormat.PlainText,
        )
        for p in proposals
    ]
    return t.CompletionList(is_incomplete=False, items=items)


@server.feature(t.TEXT_DOCUMENT_DEFINITION)
def definition(ls: CardServer, params: t.DefinitionParams) -> t.Location | None:
    """A card id (``S-08``, ``S-08-v2``) in a card or pool file: the card's header."""
    uri, at = params.text_document.uri, params.position
    _, places = ls.card_places(uri)
    where = f.definition(_lines(ls, uri), at.line, at.character, places)
    if where is None:
        return None
    target = from_fs_path(where.file) or where.file
    return t.Location(uri=target, range=_range(where.line - 1, where.column - 1, where.column - 1))


@server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: CardServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
    """The cards of the file, each from its header to its last line."""
    analysis = ls.analyse(params.text_document.uri)
    out = []
    for placed in analysis.cards:
        card = placed.card
        last = len(analysis.lines[placed.last]) if placed.last < len(analysis.lines) else 0
        header = _range(placed.first, 0, len(analysis.lines[placed.first]))
        out.append(
            t.DocumentSymbol(
                name=f"{card.id} {card.name}",
                detail=" ".join(w for w in (card.type, card.group) if w),
                kind=t.SymbolKind.Class,
                range=t.Range(
                    t.Position(line=placed.first, character=0), t.Position(line=placed.last, character=last)
                ),
                selection_range=header,
            )
        )
    return out


@server.feature(t.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: CardServer, params: t.DocumentFormattingParams) -> list[t.TextEdit] | None:
    """The canonical layout of ``hexmj fmt``; nothing while the file does not parse."""
    source = ls.workspace.get_text_document(params.text_document.uri).source
    try:
        formatted = format_text(source)
    except CardSyntaxError:
        return None
    if formatted == source:
        return []
    lines = source.split("\n")
    whole = t.Range(t.Position(line=0, character=0), t.Position(line=len(lines), character=0))
    return [t.TextEdit(range=whole, new_text=formatted)]


@server.feature(
    t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(code_action_kinds=[t.CodeActionKind.QuickFix])
)
def code_actions(ls: CardServer, params: t.CodeActionParams) -> list[t.CodeAction]:
    """Quick fixes for the findings in the range: lint's suggested name, a missing module tag."""
    uri = params.text_document.uri
    analysis = ls.analyse(uri)
    wanted = params.range
    actions = []
    for finding in analysis.findings:
        if not wanted.start.line <= finding.line <= wanted.end.line:
            continue
        for fix in f.quick_fixes(analysis, finding):
            edit = t.TextEdit(range=_range(fix.line, fix.start, fix.end), new_text=fix.text)
            actions.append(
                t.CodeAction(
                    title=fix.title,
                    kind=t.CodeActionKind.QuickFix,
                    diagnostics=[_diagnostic(finding)],
                    edit=t.WorkspaceEdit(changes={uri: [edit]}),
                    is_preferred=True,
                )
            )
    return actions
