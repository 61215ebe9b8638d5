"""Speed of the language server (``hexmj lsp``) on a 200-card file.

The file holds the core cards (W, O, S, G, P, C, B) and later versions of the first augments, 200
cards in all, checked with the module cards as its card set.  Two measurements, each the median of
a series, in wall time:

- **diagnostics after a change**: one character typed into a card's text, until the server has
  published the file's findings (target: 150 ms).  In process, the incremental analysis
  (:class:`dsl.analysis.Analysis`, which re-parses only the card touched) runs beside the peer, the
  whole file parsed again and linted as ``hexmj lint`` does, and the ratio is printed; over the
  protocol, a pygls client times ``didChange`` → ``publishDiagnostics`` on a running ``hexmj lsp``.
- **hover** on a primitive and on a card id, request to answer (target: 20 ms), in process and over
  the protocol.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from dsl.analysis import Analysis, context_paths, file_cards
from dsl.lint import card_findings
from dsl.loader import CORE_CARDS
from dsl.parser import parse_text
from engine.build_info import describe
from engine.hextech.plugins import installed_modules
from tools.lsp import features

CARDS = 200
CHANGES = 30
HOVERS = 50
TARGET_DIAGNOSTICS = 0.150
TARGET_HOVER = 0.020


def two_hundred_cards() -> str:
    """The core card files one after the other, then versions 2 of augments up to 200 cards."""
    core = "\n".join(path.read_text(encoding="utf-8") for path in sorted(CORE_CARDS.glob("*.hex")))
    blocks = re.findall(r'^card [SGP]-[0-9]+ ".*?^}\n', core, flags=re.M | re.S)
    have = len(re.findall(r"^card ", core, flags=re.M))
    versions = [re.sub(r"^card ([SGP]-[0-9]+)", r"card \1-v2", block) for block in blocks[: CARDS - have]]
    text = core + "\n" + "\n".join(versions)
    assert len(re.findall(r"^card ", text, flags=re.M)) == CARDS
    return text


def report(what: str, seconds: float, target: float) -> None:
    """One line: what was measured, its median in milliseconds, the target and how far inside it."""
    print(
        f"{what:<40} {seconds * 1000:8.2f} ms  target {target * 1000:.0f} ms  ({target / seconds:.1f}× under)"
    )


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def edits(text: str) -> list[str]:
    """The file with one character more and one less in S-05's text, alternately, as a designer types."""
    marker = "在自己弃牌前发动。"
    return [text.replace(marker, marker + "啊", 1), text]


def in_process(path: Path, text: str) -> None:
    registry = installed_modules()
    context = [card for file in context_paths(path, registry) for card in file_cards(file)]
    versions = edits(text)
    Analysis(str(path), text, context, registry)
    count = iter(range(10**9))

    def incremental() -> None:
        Analysis(str(path), versions[next(count) % 2], context, registry)

    def whole() -> None:
        card_findings([*parse_text(versions[next(count) % 2], str(path)), *context], registry)

    ours = median_seconds(incremental, CHANGES)
    peer = median_seconds(whole, CHANGES // 3)
    report("diagnostics after a change, in process", ours, TARGET_DIAGNOSTICS)
    print(f"{'  peer: the whole file parsed and linted':<40} {peer * 1000:8.2f} ms  ratio {peer / ours:.1f}×")
    analysis = Analysis(str(path), text, context, registry)
    cards = {placed.card.id: placed.card for placed in analysis.cards}
    line = next(i for i, row in enumerate(analysis.lines) if "look_and_reorder(" in row)
    column = analysis.lines[line].index("look_and_reorder(") + 3
    seconds = median_seconds(lambda: features.hover(analysis, cards, line, column), HOVERS)
    report("hover on a primitive, in process", seconds, TARGET_HOVER)


async def over_protocol(path: Path, text: str) -> None:
    client = LanguageClient("hexmj-bench", "1")
    published: asyncio.Queue[float] = asyncio.Queue()

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: t.PublishDiagnosticsParams) -> None:
        published.put_nowait(time.perf_counter())

    await client.start_io(sys.executable, "-c", "from tools.cli import main; main()", "lsp")
    await client.initialize_async(t.InitializeParams(capabilities=t.ClientCapabilities(), process_id=None))
    client.initialized(t.InitializedParams())
    uri = from_fs_path(str(path)) or ""
    item = t.TextDocumentItem(uri=uri, language_id="hexcard", version=1, text=text)
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=item))
    await published.get()
    versions = edits(text)
    times = []
    for version in range(2, CHANGES + 2):
        start = time.perf_counter()
        document = t.VersionedTextDocumentIdentifier(uri=uri, version=version)
        change = t.TextDocumentContentChangeWholeDocument(text=versions[version % 2])
        client.text_document_did_change(
            t.DidChangeTextDocumentParams(text_document=document, content_changes=[change])
        )
        times.append(await published.get() - start)
    change_time = statistics.median(times)
    report("diagnostics after a change, protocol", change_time, TARGET_DIAGNOSTICS)
    lines = text.split("\n")
    for what, needle in (("a primitive", "look_and_reorder("), ("a card id", "card S-08 ")):
        line = next(i for i, row in enumerate(lines) if needle in row)
        position = t.Position(line=line, character=lines[line].index(needle) + 6)
        params = t.HoverParams(text_document=t.TextDocumentIdentifier(uri=uri), position=position)
        hovers = []
        for _ in range(HOVERS):
            start = time.perf_counter()
            assert await client.text_document_hover_async(params) is not None
            hovers.append(time.perf_counter() - start)
        seconds = statistics.median(hovers)
        report(f"hover on {what}, protocol", seconds, TARGET_HOVER)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


def main() -> None:
    """Print each measurement with its target (and the in-process ratio to the whole re-lint)."""
    print(describe())
    text = two_hundred_cards()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "two_hundred.hex"
        path.write_text(text, encoding="utf-8")
        in_process(path, text)
        asyncio.run(over_protocol(path, text))


if __name__ == "__main__":
    main()
