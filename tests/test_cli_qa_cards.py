"""``hexmj cards``, ``card show``, ``card new-version`` and ``pool`` on a designer's working copy
of the card folder (``--cards`` / ``$HEXMJ_CARDS``, §18.2, §18.4), and their file handling."""

from __future__ import annotations

import hashlib
import json
import stat
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from dsl.loader import CORE_CARDS
from engine.core.errors import InputError
from engine.hextech.plugins import installed_modules
from tools.fsio import write_atomic

MODULE_CARD = "F-T01"
KEYS = "mode, seed, draw, versions, copies"


def fingerprint(folder: Path, names: tuple[str, ...] = ()) -> dict[str, str]:
    """The digest of each file in ``folder`` (or of the files ``names`` only)."""
    paths = [folder / name for name in names] if names else sorted(folder.iterdir())
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in paths if path.is_file()}


def test_new_version_writes_only_into_the_working_copy(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cards DIR`` versions S-08 in DIR and its pool file; the project's cards stay as they were."""
    touched = ("silver.hex", "pools.yaml")
    before = fingerprint(CORE_CARDS, touched)
    pool = working_copy / "pools.yaml"
    code, out, err = run_hexmj(
        ["card", "new-version", "S-08", "--cards", str(working_copy), "--use-in", str(pool)],
        monkeypatch,
        capsys,
    )
    assert (code, err) == (0, "")
    assert out.startswith(f"{working_copy / 'silver.hex'}:") and "S-08-v2" in out
    assert 'card S-08-v2 "绝张观察" silver {' in (working_copy / "silver.hex").read_text(encoding="utf-8")
    assert "S-08: S-08-v2" in pool.read_text(encoding="utf-8")
    assert fingerprint(CORE_CARDS, touched) == before
    code, out, _ = run_hexmj(
        ["pool", "--cards", str(working_copy), "--mode", "strategy", "--json"], monkeypatch, capsys
    )
    assert code == 0 and "S-08-v2" in json.loads(out)["cards"]


def test_the_card_folder_can_come_from_the_environment(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``$HEXMJ_CARDS`` stands for ``--cards``: a version made there is what ``card show`` finds."""
    monkeypatch.setenv("HEXMJ_CARDS", str(working_copy))
    assert run_hexmj(["card", "new-version", "S-08"], monkeypatch, capsys)[0] == 0
    code, out, _ = run_hexmj(["card", "show", "S-08-v2", "--json"], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["name"] == "绝张观察"
    code, out, _ = run_hexmj(["cards", "--json"], monkeypatch, capsys)
    assert "S-08-v2" in [card["id"] for card in json.loads(out)]


def test_a_module_card_is_versioned_into_the_working_copy_never_the_module_r202(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R202: F-T01 lives in the party module's file, outside DIR: the new version goes into DIR's copy
    of that file, the core files of DIR and the module's file stay as they were."""
    copy_before = fingerprint(working_copy)
    module_file = next(
        path for info in installed_modules() if info.name == "party" for path in info.card_files
    )
    module_text = module_file.read_bytes()
    argv = ["card", "new-version", MODULE_CARD, "--cards", str(working_copy)]
    try:
        code, out, err = run_hexmj(argv, monkeypatch, capsys)
    finally:
        if module_file.read_bytes() != module_text:
            module_file.write_bytes(module_text)
            pytest.fail(f"{module_file} was rewritten")
    copy = working_copy / "party" / module_file.name
    examples = copy.parent / "examples" / "F-T01-v2.yaml"
    head = f"{copy}:{out.split(':')[1]}: F-T01-v2\n{examples}: the examples of F-T01, "
    assert (code, err) == (0, "") and out.startswith(head)
    assert not (module_file.parent / "examples" / "F-T01-v2.yaml").exists()
    assert fingerprint(working_copy) == copy_before
    assert copy.read_text(encoding="utf-8").count("card F-T01") == 2


@pytest.mark.parametrize("command", [["cards"], ["card", "show", "S-08"], ["pool", "--mode", "all"]])
def test_a_missing_or_empty_card_folder_is_a_usage_error(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder that does not exist, or holds no card file: one line, exit 2."""
    code, _, err = run_hexmj([*command, "--cards", str(tmp_path / "nowhere")], monkeypatch, capsys)
    assert code == 2 and err.count("\n") == 1 and "does not exist" in err
    code, _, err = run_hexmj([*command, "--cards", str(tmp_path)], monkeypatch, capsys)
    assert (code, err) == (2, f"hexmj: error: {tmp_path}: no .hex card files in this folder\n")


def test_rewritten_files_keep_their_permissions(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The atomic rewrite of a card file and a pool file does not narrow them to 0600."""
    pool = working_copy / "pools.yaml"
    silver = working_copy / "silver.hex"
    pool.chmod(0o664)
    silver.chmod(0o644)
    argv = ["card", "new-version", "S-08", "--cards", str(working_copy), "--use-in", str(pool)]
    assert run_hexmj(argv, monkeypatch, capsys)[0] == 0
    assert stat.S_IMODE(pool.stat().st_mode) == 0o664
    assert stat.S_IMODE(silver.stat().st_mode) == 0o644
    assert not [path.name for path in working_copy.iterdir() if path.name.startswith(".")]


def test_a_pool_file_that_is_not_utf8_names_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Broken UTF-8 in a pool file: ``file:line: not UTF-8 text``, exit 2, no traceback."""
    pool = tmp_path / "pool.yaml"
    pool.write_bytes(b"mode: party\n# \xff\n")
    code, out, err = run_hexmj(["pool", "--pool", str(pool)], monkeypatch, capsys)
    assert (code, out, err) == (2, "", f"hexmj: error: {pool}:2: not UTF-8 text\n")


def test_no_mode_anywhere_pools_the_default_mode_r200(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R200: the house pool file names no mode and no --mode is given: ``pool`` lists mode all, the
    mode ``play`` and ``simulate`` default to, 192 cards (§3)."""
    code, out, _ = run_hexmj(["pool", "--cards", str(working_copy), "--json"], monkeypatch, capsys)
    assert code == 0
    doc = json.loads(out)
    assert (doc["mode"], len(doc["cards"])) == ("all", 192)


def test_a_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    """A write into a folder that cannot exist is an InputError (exit 2) naming the path, not an OSError."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(InputError, match=r"pools\.yaml: cannot write: .*notes\.txt is not a folder"):
        write_atomic(blocker / "pools.yaml", "mode: all\n")
    assert list(tmp_path.iterdir()) == [blocker]


def test_use_in_refuses_a_file_that_is_not_a_pool_file(
    working_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--use-in`` on some other YAML: refused with its line and key; neither file is touched."""
    other = tmp_path / "compose.yaml"
    other.write_text("services:\n  web: {}\n", encoding="utf-8")
    before = fingerprint(working_copy)
    argv = ["card", "new-version", "S-08", "--cards", str(working_copy), "--use-in", str(other)]
    code, out, err = run_hexmj(argv, monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"hexmj: error: {other}:1: services: unknown key (expected one of {KEYS})\n"
    assert fingerprint(working_copy) == before
    assert other.read_text(encoding="utf-8") == "services:\n  web: {}\n"


def test_score_and_lint_read_the_working_copy(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A version made in DIR can be scored there (§13, §18.4), and ``lint --cards DIR`` checks DIR."""
    folder = ["--cards", str(working_copy)]
    assert run_hexmj(["card", "new-version", "C-01", *folder], monkeypatch, capsys)[0] == 0
    win = {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", "hu_order": 1}
    request = working_copy.parent / "win.json"
    request.write_text(json.dumps({**win, "contract": {"id": "C-01-v2"}}), encoding="utf-8")
    code, out, _ = run_hexmj(["score", str(request), *folder], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["total"] == 6
    code, _, err = run_hexmj(["score", str(request)], monkeypatch, capsys)
    assert code == 2 and "unknown contract 'C-01-v2'" in err
    with (working_copy / "silver.hex").open("a", encoding="utf-8") as cards:
        cards.write('card S-90 "测试" silver {\n  on nonsense.event by holder do look_and_reorder(3)\n}\n')
    code, out, _ = run_hexmj(["lint", *folder, "--json"], monkeypatch, capsys)
    found = [f for f in json.loads(out)["findings"] if f["code"] == "UNKNOWN-EVENT"]
    assert code == 1 and found[0]["location"]["file"] == str(working_copy / "silver.hex")
