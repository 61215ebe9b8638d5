"""``hexmj lsp`` over the protocol: a pygls client starts the server as a subprocess on stdio and
drives it on copies of the shipped card files, one test per capability."""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from lsprotocol import types as t
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from dsl.formatter import format_text
from dsl.loader import CORE_CARDS
from dsl.reference import entries, hover_markdown

_T = TypeVar("_T")

VERSION_2 = """
card S-08-v2 "绝张观察" silver {
  频率: "每局1次"
  卡面正文: "当你取得一张牌，且桌面上已经公开可见至少2张同名牌时，查看牌墙顶部3张牌并重新排列。"

  on tile.acquired by holder when visible_copies(tile) >= 3 do look_and_reorder(3)
}
"""


class Session:
    """A running server, its client, and the diagnostics it has published per document."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("hexmj-test", "1")
        self.published: dict[str, asyncio.Queue[list[t.Diagnostic]]] = {}
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]  # pygls leaves it unannotated
        def _published(params: t.PublishDiagnosticsParams) -> None:
            self.queue(params.uri).put_nowait(list(params.diagnostics))

    def queue(self, uri: str) -> asyncio.Queue[list[t.Diagnostic]]:
        return self.published.setdefault(uri, asyncio.Queue())

    def run(self, work: Coroutine[Any, Any, _T]) -> _T:
        return self.loop.run_until_complete(asyncio.wait_for(work, 60))

    def start(self) -> None:
        command = ["-c", "from tools.cli import main; main()", "lsp"]
        self.run(self.client.start_io(sys.executable, *command))
        capabilities = t.ClientCapabilities()
        self.run(self.client.initialize_async(t.InitializeParams(capabilities=capabilities, process_id=None)))
        self.client.initialized(t.InitializedParams())

    def stop(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())  # type: ignore[no-untyped-call]  # pygls leaves it unannotated
        self.loop.close()

    def uri(self, name: str) -> str:
        return from_fs_path(str(self.folder / name)) or ""

    def open(self, name: str, text: str | None = None) -> str:
        """Open a file of the folder (with ``text`` in place of what is on disk, if given)."""
        uri = self.uri(name)
        source = (self.folder / name).read_text(encoding="utf-8") if text is None else text
        self.versions[uri] = 1
        language = "hexcard" if name.endswith(".hex") else "yaml"
        item = t.TextDocumentItem(uri=uri, language_id=language, version=1, text=source)
        self.client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
        return uri

    def change(self, uri: str, text: str) -> None:
        self.versions[uri] += 1
        document = t.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri])
        change = t.TextDocumentContentChangeWholeDocument(text=text)
        self.client.text_document_did_change(
            t.DidChangeTextDocumentParams(text_document=document, content_changes=[change])
        )

    def diagnostics(self, uri: str) -> list[t.Diagnostic]:
        return self.run(self.queue(uri).get())

    def position(self, uri: str, needle: str, offset: int = 0) -> t.TextDocumentPositionParams:
        """The place of the first ``needle`` in the open document (plus ``offset`` characters)."""
        source = self.texts[uri]
        index = source.index(needle) + offset
        line = source.count("\n", 0, index)
        column = index - (source.rfind("\n", 0, index) + 1)
        return t.TextDocumentPositionParams(
            text_document=t.TextDocumentIdentifier(uri=uri), position=t.Position(line=line, character=column)
        )


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    """The server on a copy of the core card files (S-08-v2 added) and a pool file that plays it."""
    folder = tmp_path_factory.mktemp("cards")
    for path in CORE_CARDS.glob("*.hex"):
        shutil.copy(path, folder / path.name)
    with (folder / "silver.hex").open("a", encoding="utf-8") as silver:
        silver.write(VERSION_2)
    (folder / "pools").mkdir()
    (folder / "pools" / "trial.yaml").write_text(
        "mode: strategy\nversions:\n  S-08: S-08-v2\n", encoding="utf-8"
    )
    running = Session(folder)
    running.start()
    yield running
    running.stop()


def _open(session: Session, name: str, text: str | None = None) -> str:
    source = (session.folder / name).read_text(encoding="utf-8") if text is None else text
    uri = session.open(name, source)
    session.texts[uri] = source
    return uri


def test_diagnostics_follow_each_change(session: Session) -> None:
    """A misspelt primitive (UNKNOWN-PRIMITIVE, with lint's "did you mean"), then a missing ``do``
    (SYNTAX at the caret's word), while the §15 conflict S-05 has with G-04 (another file) stays a
    warning on S-05's forbid (lib 二.1 安全弃牌)."""
    shipped = (session.folder / "silver.hex").read_text(encoding="utf-8")
    typo = shipped.replace("look_and_reorder(3)", "look_and_reordr(3)", 1)
    uri = _open(session, "silver.hex", typo)
    found = session.diagnostics(uri)
    unknown = next(d for d in found if d.code == "UNKNOWN-PRIMITIVE")
    line = typo.split("\n")[unknown.range.start.line]
    assert line[unknown.range.start.character : unknown.range.end.character] == "look_and_reordr"
    assert (
        unknown.severity == t.DiagnosticSeverity.Error
        and "did you mean 'look_and_reorder'?" in unknown.message
    )
    conflict = next(d for d in found if d.code == "PERMISSION-CONFLICT")
    assert conflict.severity == t.DiagnosticSeverity.Warning and "S-05 wins" in conflict.message
    broken = shipped.replace("may do make_safe(this_discard)", "may make_safe(this_discard)", 1)
    session.change(uri, broken)
    found = session.diagnostics(uri)
    [syntax] = [d for d in found if d.code == "SYNTAX"]
    line = broken.split("\n")[syntax.range.start.line]
    assert line[syntax.range.start.character : syntax.range.end.character] == "make_safe"
    assert syntax.message == "unexpected 'make_safe'\nhint: expected 'do'"
    assert any(d.code == "PERMISSION-CONFLICT" for d in found) is False  # S-05 is the card that stopped
    session.change(uri, shipped)
    assert [d.code for d in session.diagnostics(uri)] == ["PERMISSION-CONFLICT"]


def test_hover_shows_a_card_and_the_vocabulary(session: Session) -> None:
    """An id in a text shows its card (O-X06's 说明 names itself); an event its row of the reference
    (§6.6 timing); a limit clause its meaning."""
    uri = _open(session, "chance.hex")
    answer = session.run(
        session.client.text_document_hover_async(_hover(session.position(uri, "触发O-X06", 2)))
    )
    assert answer is not None and isinstance(answer.contents, t.MarkupContent)
    assert answer.contents.value.startswith("**O-X06 命运接力** — chance chaos")
    assert "- 说明: 由本牌抽出的牌不能再次触发O-X06；若抽到O-X06，弃置并重抽1张。" in answer.contents.value
    silver = _open(session, "silver.hex")
    answer = session.run(
        session.client.text_document_hover_async(_hover(session.position(silver, "tile.acquired", 3)))
    )
    assert answer is not None and isinstance(answer.contents, t.MarkupContent)
    assert answer.contents.value == hover_markdown(*entries("tile.acquired")[0])
    answer = session.run(
        session.client.text_document_hover_async(_hover(session.position(silver, "limit 1 per session")))
    )
    assert answer is not None and isinstance(answer.contents, t.MarkupContent)
    assert answer.contents.value.startswith("**limit** `limit N per session`")


def _hover(at: t.TextDocumentPositionParams) -> t.HoverParams:
    return t.HoverParams(text_document=at.text_document, position=at.position)


def _labels(session: Session, uri: str, text: str, at: str) -> list[str]:
    session.change(uri, text)
    session.texts[uri] = text
    session.diagnostics(uri)
    where = session.position(uri, at, len(at))
    params = t.CompletionParams(text_document=where.text_document, position=where.position)
    answer = session.run(session.client.text_document_completion_async(params))
    assert isinstance(answer, t.CompletionList)
    return [item.label for item in answer.items]


def test_completion_offers_what_may_come_next(session: Session) -> None:
    """Events after ``on``, primitives with their parameters after ``do``, tile filters inside an
    argument list, card ids in a pool file."""
    uri = _open(session, "world.hex")
    card = 'card W-90 "x" world {\n  触发者: "x"\n  卡面正文: "x"\n  on kong.es'
    assert "kong.established" in _labels(session, uri, card, "on kong.es")
    assert "draw_card(deck, for=holder)" in _labels(session, uri, card + "tablished do dr", "do dr")
    assert "honour" in _labels(session, uri, card + "tablished when tile_is(tile, ho", "tile, ho")
    pool = _open(session, "pools/trial.yaml")
    where = session.position(pool, "S-08-v2")
    params = t.CompletionParams(text_document=where.text_document, position=where.position)
    answer = session.run(session.client.text_document_completion_async(params))
    assert isinstance(answer, t.CompletionList)
    assert {"S-08", "S-08-v2", "W-01"} <= {item.label for item in answer.items}


def test_definition_of_a_card_id_and_of_a_version(session: Session) -> None:
    """In a pool file ``S-08-v2`` goes to the version's card and ``S-08`` to version 1 (§18.4); in a
    card file an id named in a text goes to that card."""
    pool = _open(session, "pools/trial.yaml")
    silver = (session.folder / "silver.hex").read_text(encoding="utf-8").split("\n")
    for needle, header in (("S-08-v2", 'card S-08-v2 "绝张观察"'), ("S-08:", 'card S-08 "绝张观察"')):
        at = session.position(pool, needle, 1)
        params = t.DefinitionParams(text_document=at.text_document, position=at.position)
        answer = session.run(session.client.text_document_definition_async(params))
        assert isinstance(answer, t.Location) and answer.uri == session.uri("silver.hex")
        assert silver[answer.range.start.line].startswith(header)
    chance = _open(session, "chance.hex")
    at = session.position(chance, "触发O-X06", 3)
    params = t.DefinitionParams(text_document=at.text_document, position=at.position)
    answer = session.run(session.client.text_document_definition_async(params))
    assert isinstance(answer, t.Location) and answer.uri == chance
    assert session.texts[chance].split("\n")[answer.range.start.line].startswith('card O-X06 "命运接力"')


def test_document_symbols_are_the_cards_of_the_file(session: Session) -> None:
    """silver.hex: S-01 … S-18 and S-08-v2, each from its header."""
    uri = _open(session, "silver.hex")
    params = t.DocumentSymbolParams(text_document=t.TextDocumentIdentifier(uri=uri))
    answer = session.run(session.client.text_document_document_symbol_async(params))
    assert answer is not None
    names = [symbol.name for symbol in answer if isinstance(symbol, t.DocumentSymbol)]
    assert (
        names[:2] == ["S-01 稳健运营", "S-02 顺子工坊"]
        and names[-1] == "S-08-v2 绝张观察"
        and len(names) == 19
    )
    lines = session.texts[uri].split("\n")
    assert all(
        lines[s.range.start.line].startswith("card ") for s in answer if isinstance(s, t.DocumentSymbol)
    )


def test_formatting_gives_the_layout_of_hexmj_fmt(session: Session) -> None:
    """The edit replaces the document with :func:`dsl.formatter.format_text` of it."""
    messy = 'card W-90 "x" world {  触发者:"x"\n卡面正文: "x"  # 注\n on idle   do extra_tidy() }\n'
    uri = _open(session, "scratch.hex", messy)
    session.diagnostics(uri)
    params = t.DocumentFormattingParams(
        text_document=t.TextDocumentIdentifier(uri=uri),
        options=t.FormattingOptions(tab_size=2, insert_spaces=True),
    )
    [edit] = session.run(session.client.text_document_formatting_async(params)) or []
    assert edit.new_text == format_text(messy) and edit.range.start == t.Position(line=0, character=0)


def test_quick_fix_replaces_the_unknown_name_with_lints_suggestion(session: Session) -> None:
    """UNKNOWN-EVENT ``kong.establishd``: the fix writes ``kong.established`` over exactly that word."""
    text = (
        'card W-90 "x" world {\n  触发者: "x"\n  卡面正文: "x"\n\n  on kong.establishd do extra_tidy()\n}\n'
    )
    uri = _open(session, "typo.hex", text)
    [unknown] = [d for d in session.diagnostics(uri) if d.code == "UNKNOWN-EVENT"]
    params = t.CodeActionParams(
        text_document=t.TextDocumentIdentifier(uri=uri),
        range=unknown.range,
        context=t.CodeActionContext(diagnostics=[unknown]),
    )
    [action] = session.run(session.client.text_document_code_action_async(params)) or []
    assert isinstance(action, t.CodeAction) and action.title == "Change to 'kong.established'"
    assert action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes[uri]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character) == (4, 5, 20)
    assert edit.new_text == "kong.established"


def test_quick_fix_adds_the_module_tag_that_the_label_names(session: Session) -> None:
    """W-13's 标签 "宝牌模块" without ``module treasure`` (TAG-MISMATCH, lib 一): the fix adds the tag
    before the header's ``{``."""
    text = 'card W-91 "x" world {\n  标签: "宝牌模块"\n  触发者: "x"\n  卡面正文: "x"\n}\n'
    uri = _open(session, "tag.hex", text)
    [mismatch] = [d for d in session.diagnostics(uri) if d.code == "TAG-MISMATCH"]
    params = t.CodeActionParams(
        text_document=t.TextDocumentIdentifier(uri=uri),
        range=mismatch.range,
        context=t.CodeActionContext(diagnostics=[mismatch]),
    )
    [action] = session.run(session.client.text_document_code_action_async(params)) or []
    assert isinstance(action, t.CodeAction) and action.title == "Add 'module treasure'"
    assert action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes[uri]
    line = text.split("\n")[0]
    fixed = line[: edit.range.start.character] + edit.new_text + line[edit.range.end.character :]
    assert fixed == 'card W-91 "x" world module treasure {'
