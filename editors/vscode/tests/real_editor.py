"""Run the extension in a real VS Code build and photograph it: code-server from npm, driven by
Playwright in Debian's Chromium (docs/designer-guide.md, "The extension in a real editor").

    .venv/bin/python editors/vscode/tests/real_editor.py [--cache DIR] [--shots DIR]

1. Installs code-server (:data:`CODE_SERVER`, the last release for Node 20) into ``--cache``
   (default ``~/.cache/hexmj-code-server``), once.  Its native modules build with Debian's
   build-essential, pkg-config, libkrb5-dev, libx11-dev, libxkbfile-dev and libsecret-1-dev.
   ``@vscode/ripgrep`` downloads its binary from GitHub in its postinstall unless the archive is
   already in its download cache, ``$TMPDIR/vscode-ripgrep-cache-<version>/``: the script puts
   Debian's ``rg`` (package ``ripgrep``) there under the name the postinstall asks for, so nothing
   but npm is fetched.
2. Installs the extension (``editors/vscode``, with ``vscode-languageclient``) into the cache's
   extensions folder, and writes a workspace with one card file whose event is misspelt.
3. Starts code-server on 127.0.0.1 with that extension, its ``hexmj.command`` this checkout's
   ``hexmj lsp``; opens the card file in Chromium; waits for the diagnostic under the misspelt
   event, hovers it and ``look_and_reorder``, asks for completion after ``on tile``, and checks
   each answer names what ``hexmj lsp`` says.
4. Writes ``vscode-diagnostic.png``, ``vscode-hover.png`` and ``vscode-completion.png`` into
   ``--shots`` (default ``docs/images``) and stops code-server.  Exit 0 when every step was seen,
   1 naming the step that was not, 2 when an install step failed (its command and the end of its
   output).

It downloads some 200 MB from npm and builds native modules (a few minutes on two cores the first
time, some 30 s after), so it is not part of the test suite; the archive naming of step 1 is
(``tests/test_editor_script.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CODE_SERVER = "4.99.4"
"""The code-server release: the last whose native modules build for Node 20 (Debian's nodejs)."""
EXTENSION = Path(__file__).resolve().parents[1]
REPO = EXTENSION.parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CARD = """card S-90 "绝张观察" silver {
  频率: "每局1次"
  卡面正文: "当你取得一张牌，且桌面上已经公开可见至少2张同名牌时，查看牌墙顶部3张牌并重新排列。"

  on tile.aquired by holder when visible_copies(tile) >= 2 do look_and_reorder(3)
}
"""
"""S-08's text with its event misspelt (``tile.aquired``): the card the editor opens."""
MISSPELT = "tile.aquired"
SETTINGS = {
    "workbench.startupEditor": "none",
    "workbench.welcomePage.walkthroughs.openOnInstall": False,
    "workbench.tips.enabled": False,
    "security.workspace.trust.enabled": False,
    "extensions.autoCheckUpdates": False,
    "extensions.autoUpdate": False,
    "editor.unicodeHighlight.ambiguousCharacters": False,
    "editor.minimap.enabled": False,
    "workbench.colorTheme": "Default Dark Modern",
    "remote.autoForwardPorts": False,
    "editor.stickyScroll.enabled": False,
}


class Failed(Exception):
    """A step that was not seen (exit 1) or an install step that failed (exit 2)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run an install step; its failure is :class:`Failed` with the command and its last lines."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise Failed(f"{' '.join(command)} (in {cwd}) exited {done.returncode}:\n{tail}", 2)
    return done.stdout


def ripgrep_asset(postinstall: str, arch: str = "x64") -> str:
    """The archive ``@vscode/ripgrep``'s postinstall asks for on Linux: ``ripgrep-<tag>-<target>.tar.gz``
    with the tag its ``postinstall.js`` names (``const VERSION = 'v13.0.0-10'``)."""
    tag = re.search(r"const VERSION = '([^']+)'", postinstall)
    if tag is None:
        raise Failed("@vscode/ripgrep's postinstall.js names no VERSION: its download step changed", 2)
    target = {"x64": "x86_64-unknown-linux-musl", "arm64": "aarch64-unknown-linux-musl"}.get(arch)
    if target is None:
        raise Failed(f"no ripgrep target for the processor {arch}", 2)
    return f"ripgrep-{tag[1]}-{target}.tar.gz"


def stand_in_ripgrep(cache: Path, version: str, asset: str, rg: Path) -> Path:
    """Put ``rg`` into ``@vscode/ripgrep``'s download cache under ``cache`` (its ``TMPDIR``), as the
    archive of ``version`` it would download: ``rg`` alone at the archive's root."""
    folder = cache / f"vscode-ripgrep-cache-{version}"
    folder.mkdir(parents=True, exist_ok=True)
    archive = folder / asset
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(rg, arcname="rg")
    return archive


def install_code_server(cache: Path) -> Path:
    """code-server installed under ``cache`` (once), with Debian's ``rg`` standing in for the
    binary its ripgrep package would download; the path of its ``code-server`` command."""
    prefix = cache / f"code-server-{CODE_SERVER}"
    command = prefix / "node_modules" / ".bin" / "code-server"
    if command.exists():
        return command
    rg = shutil.which("rg")
    if rg is None:
        raise Failed("no rg: install Debian's ripgrep (apt-get install ripgrep)", 2)
    packs = cache / "packs"
    packs.mkdir(parents=True, exist_ok=True)
    tarball = packs / run(["npm", "pack", f"code-server@{CODE_SERVER}"], packs).strip().splitlines()[-1]
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/lib/vscode/npm-shrinkwrap.json")
        assert member is not None
        locked = json.load(member)["packages"]["node_modules/@vscode/ripgrep"]["version"]
    ripgrep = packs / run(["npm", "pack", f"@vscode/ripgrep@{locked}"], packs).strip().splitlines()[-1]
    with tarfile.open(ripgrep) as tar:
        member = tar.extractfile("package/lib/postinstall.js")
        assert member is not None
        asset = ripgrep_asset(member.read().decode())
    tmp = cache / "tmp"
    stand_in_ripgrep(tmp, locked, asset, Path(rg))
    env = {**os.environ, "TMPDIR": str(tmp), "npm_config_yes": "true", "npm_config_unsafe_perm": "true"}
    run(["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", str(tarball)], cache, env)
    return command


def install_extension(cache: Path) -> Path:
    """The extension copied into the cache's extensions folder with its runtime dependency."""
    package = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    folder = cache / "extensions"
    target = folder / f"{package['publisher']}.{package['name']}-{package['version']}"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(EXTENSION, target, ignore=shutil.ignore_patterns("node_modules", "tests"))
    run(["npm", "install", "--omit=dev", "--no-audit", "--no-fund"], target)
    return folder


def workspace(root: Path) -> Path:
    """A folder with the card file, its ``hexmj.command`` this checkout's ``hexmj lsp``."""
    folder = root / "cards"
    (folder / ".vscode").mkdir(parents=True)
    (folder / "S-90.hex").write_text(CARD, "utf-8")
    command = [sys.executable, "-c", "from tools.cli import main; main()", "lsp"]
    settings = {**SETTINGS, "hexmj.command": command}
    (folder / ".vscode" / "settings.json").write_text(json.dumps(settings, ensure_ascii=False), "utf-8")
    user = root / "data" / "User"
    user.mkdir(parents=True)
    (user / "settings.json").write_text(json.dumps(SETTINGS), "utf-8")
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def code_server(command: Path, extensions: Path, root: Path, folder: Path) -> Iterator[str]:
    """code-server serving ``folder`` on a free loopback port, stopped (its whole process group) after."""
    port = free_port()
    (root / "config.yaml").write_text("auth: none\n", "utf-8")
    args = [
        str(command),
        *("--config", str(root / "config.yaml"), "--auth", "none"),
        *("--bind-addr", f"127.0.0.1:{port}", "--user-data-dir", str(root / "data")),
        *("--extensions-dir", str(extensions), "--disable-telemetry", "--disable-update-check"),
        "--disable-workspace-trust",
        str(folder),
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with (root / "code-server.log").open("w") as log:
        server = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log_text = (root / "code-server.log").read_text("utf-8", "replace")
                    raise Failed(f"code-server did not start:\n{log_text[-2000:]}", 2) from None
                time.sleep(0.5)
        yield f"{url}?folder={folder}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def drive(url: str, shots: Path) -> list[str]:
    """Open the card in the editor, see the diagnostic, hover, complete; screenshots into ``shots``.
    Returns what each step saw, as the editor shows it."""
    from playwright.sync_api import sync_playwright

    seen = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(url)
        page.wait_for_selector(".monaco-workbench", timeout=90_000)
        page.get_by_role("treeitem", name="S-90.hex").click()
        squiggle = page.locator(".view-overlays .squiggly-error")
        step(lambda: squiggle.first.wait_for(timeout=90_000), "the diagnostic under the misspelt event")
        for word, expected, shot in (
            (MISSPELT, f"unknown event '{MISSPELT}'", "vscode-diagnostic.png"),
            ("look_and_reorder", "look_and_reorder(", "vscode-hover.png"),
        ):
            page.mouse.move(0, 0)
            page.locator(".view-line span", has_text=word).last.hover()
            hover = page.locator(".monaco-hover:visible", has_text=expected)
            step(lambda hover=hover: hover.first.wait_for(timeout=30_000), f"the hover over {word}")
            seen.append(" ".join(hover.first.inner_text().split()))
            page.screenshot(path=str(shots / shot))
        page.keyboard.press("Escape")
        page.locator(".view-lines .view-line", has_text="卡面正文").click()
        page.keyboard.press("End")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        page.keyboard.type("  on tile")
        page.keyboard.press("Control+Space")
        suggestions = page.locator(".suggest-widget .monaco-list-row", has_text="tile.acquired")
        step(lambda: suggestions.first.wait_for(timeout=30_000), "completion of an event after on")
        seen.append(" ".join(page.locator(".suggest-widget").inner_text().split()))
        page.screenshot(path=str(shots / "vscode-completion.png"))
        browser.close()
    return seen


def step(wait: object, what: str) -> None:
    """Wait for one step; one not seen in time is :class:`Failed` naming it."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        wait()  # type: ignore[operator]
    except Timeout:
        raise Failed(f"not seen: {what}", 1) from None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "hexmj-code-server")
    parser.add_argument("--shots", type=Path, default=REPO / "docs" / "images")
    args = parser.parse_args()
    try:
        args.cache.mkdir(parents=True, exist_ok=True)
        command = install_code_server(args.cache.resolve())
        extensions = install_extension(args.cache.resolve())
        with tempfile.TemporaryDirectory(prefix="hexmj-editor-") as scratch:
            root = Path(scratch)
            with code_server(command, extensions, root, workspace(root)) as url:
                seen = drive(url, args.shots)
    except Failed as err:
        print(f"real_editor: {err}", file=sys.stderr)
        return err.code
    for line in seen:
        print(line)
    print(f"real_editor: code-server {CODE_SERVER}: diagnostic, hover and completion seen; {args.shots}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
