"""``hexmj tune`` on planted faults (issue 34 items 1, 2, 7; §18.3, §18.4): a contract made nearly
impossible, a chance card made undoable most of the time and an augment made overwhelming are each
flagged and given a version that lands inside the line when measured again on fresh seeds; a card
inside its line gets no proposal."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj as hexmj
from tune_support import plant, pool_file

EXAMPLES = Path(__file__).resolve().parents[1] / "cards" / "examples"
CONTRACTS = """mode: strategy
seed: 5
draw:
  C: [C-14, C-16]
  B: [B-06, B-07, B-13, B-14]
versions:
  C-14: {version}
"""
CHANCE = """mode: strategy
seed: 5
draw:
  W: [W-05, W-06]
  O-P: [O-P05, O-P04]
  O-N: []
  O-C: [O-C05]
  O-X: []
versions:
  O-P05: {version}
"""
AUGMENTS = """mode: strategy
seed: 5
draw:
  G: [G-15, G-02, G-05, G-11]
versions:
  G-15: {version}
"""


def tune(folder: Path, pool: Path, *extra: str) -> list[str]:
    return ["tune", "--cards", str(folder), "--pool", str(pool), "--rounds", "4", "--workers", "1", *extra]


def fresh(
    folder: Path, pool: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], games: int
) -> dict[str, Any]:
    """The pool's figures on fresh seeds (base seed 777, the tune runs used 1)."""
    args = ["simulate", "--cards", str(folder), "--pool", str(pool), "--rounds", "4", "--workers", "1"]
    code, out, err = hexmj(
        [*args, "--games", str(games), "--seed", "777", "--db", "none", "--json"], monkeypatch, capsys
    )
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


def test_a_contract_made_nearly_impossible_gets_a_version_inside_its_line_s18_3_s18_4(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """C-14 (一门六张) asks for 10 tiles of one suit instead of 6: completion near 5 %, under the normal
    line 55 %. ``tune --until-decided`` flags it and proposes C-14-v3 with the number lowered, inside
    the line with its interval; ``--write`` writes it after C-14-v2 with a review comment and copies
    C-14-v2's examples marked for review; on fresh seeds C-14-v3 completes inside 55–85 %."""
    shutil.copytree(
        EXAMPLES, working_copy / "examples", ignore=lambda _, names: [n for n in names if n != "C-14.yaml"]
    )
    version = plant(working_copy, "C-14", "max_suit_tiles >= 6", "max_suit_tiles >= 10")
    pool = pool_file(working_copy, "contracts.yaml", CONTRACTS.format(version=version))
    args = tune(working_copy, pool, "--card", "C-14", "--until-decided", "--games", "300", "--db", "none")
    code, out, err = hexmj([*args, "--json", "--write"], monkeypatch, capsys)
    assert code == 0, err
    doc = json.loads(out)
    flag = next(f for f in doc["flags"] if f["card"] == "C-14-v2")
    assert flag["figure"] == "completion" and flag["value"] < 0.1 and flag["high"] < 0.55
    assert flag["line"] == "普通契约完成率 低于55%或高于85% (§18.3)"
    (proposal,) = doc["proposals"]
    assert set(proposal) == {"card", "version", "edit", "figure", "before", "after", "side_effects"}
    assert (proposal["card"], proposal["version"], proposal["figure"]) == ("C-14-v2", "C-14-v3", "completion")
    edit = re.fullmatch(r"max_suit_tiles: 10 → (\d+)", proposal["edit"])
    assert edit is not None and int(edit.group(1)) < 10
    assert 0.55 <= proposal["after"]["low"] <= proposal["after"]["value"] <= proposal["after"]["high"] <= 0.85
    assert proposal["before"]["value"] == flag["value"]
    written = (working_copy / "contracts.hex").read_text(encoding="utf-8")
    assert written.index("card C-14-v2 ") < written.index("card C-14-v3 ")
    assert f"max_suit_tiles >= {edit.group(1)}" in written and "max_suit_tiles >= 10" in written
    assert "# hexmj tune: max_suit_tiles: 10 → " in written
    copied = (working_copy / "examples" / "C-14-v3.yaml").read_text(encoding="utf-8")
    source = (working_copy / "examples" / "C-14-v2.yaml").read_text(encoding="utf-8")
    assert (
        "C-14-v3" in copied
        and "C-14-v2" not in copied
        and copied.count("review: ") == source.count("review: ") > 0
    )
    check = pool_file(working_copy, "check.yaml", CONTRACTS.format(version="C-14-v3"))
    figures = fresh(working_copy, check, monkeypatch, capsys, 40)
    assert 0.55 <= figures["cards"]["C-14-v3"]["completion"]["value"] <= 0.85


def test_a_chance_card_undoable_most_of_the_time_becomes_a_choice_of_two_s18_3(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """O-P05 made to retrieve only a red dragon (unexecutable in most draws, over the 20 % line) gains
    an option of the pool's choice card O-C05 (§18.3 改为二选一), inside the line; O-P04, inside its
    line, is not flagged and gets no proposal; fresh seeds agree."""
    filtered = "retrieve(which: not_latest, filter: number)"
    version = plant(working_copy, "O-P05", filtered, "retrieve(which: not_latest, filter: red)")
    pool = pool_file(working_copy, "chance.yaml", CHANCE.format(version=version))
    args = tune(working_copy, pool, "--card", "O-P05", "--card", "O-P04", "--until-decided", "--games", "200")
    code, out, err = hexmj([*args, "--db", "none"], monkeypatch, capsys)
    assert code == 0, err
    lines = out.splitlines()
    flags = [line for line in lines if line.startswith("  O-")]
    assert len(flags) == 1 and flags[0].startswith("  O-P05-v2 unexecutable ")
    assert flags[0].endswith("机遇牌无效比例 超过20% (§18.3); 可能调整: 调整时机或改为二选一")
    assert not any("O-P04" in line for line in lines)
    head = next(i for i, line in enumerate(lines) if line.startswith("proposal O-P05-v3 (from O-P05-v2): "))
    assert lines[head].split(": ", 1)[1].startswith("option added: ")
    assert re.match(r"  unexecutable \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\] → 0\.\d{3} \[", lines[head + 1])
    assert "+  resolve do choose one {" in out and "not written (--write writes it" in out
    assert "card O-P05-v3" not in (working_copy / "chance.hex").read_text(encoding="utf-8")
    code, out, err = hexmj([*args, "--db", "none", "--write", "--json"], monkeypatch, capsys)
    assert code == 0, err
    (proposal,) = json.loads(out)["proposals"]
    assert proposal["after"]["high"] <= 0.20
    check = pool_file(working_copy, "check.yaml", CHANCE.format(version="O-P05-v3"))
    figures = fresh(working_copy, check, monkeypatch, capsys, 16)
    assert figures["cards"]["O-P05-v3"]["unexecutable"]["value"] <= 0.20


def test_an_overwhelming_augment_is_brought_inside_the_designers_band(
    working_copy: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """G-15 made to look at 6 tiles at every draw and to win without its contract: its holders score
    more than 2 points a round above the others. With the designer's band ``score_advantage=-1..1``
    it is flagged, a smaller look is proposed inside the band, the report draws before and after, and
    fresh seeds agree."""
    old = "instead of draw.normal by holder may do look_and_take(2, as: normal, rest: bottom)"
    new = (
        "instead of draw.normal by holder limit none may do look_and_take(6, as: normal, rest: bottom)\n"
        "  allow hu_without_contract for holder"
    )
    version = plant(working_copy, "G-15", old, new)
    pool = pool_file(working_copy, "augments.yaml", AUGMENTS.format(version=version))
    report = tmp_path / "report"
    extra = ("--card", "G-15", "--band", "score_advantage=-1..1", "--games", "40", "--db", "none")
    args = [*tune(working_copy, pool, *extra), "--json", "--report", str(report), "--write"]
    code, out, err = hexmj(args, monkeypatch, capsys)
    assert code == 0, err
    doc = json.loads(out)
    flag = next(f for f in doc["flags"] if f["card"] == "G-15-v2")
    assert (
        flag["figure"] == "score_advantage"
        and flag["low"] > 1
        and flag["line"] == "score_advantage -1..1 (--band)"
    )
    (proposal,) = doc["proposals"]
    edit = re.fullmatch(r"look_and_take\(n\): 6 → (\d)", proposal["edit"])
    assert edit is not None and int(edit.group(1)) < 6
    assert proposal["after"]["low"] >= -1 and proposal["after"]["high"] <= 1
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "G-15-v3: look_and_take(n): 6 → " in page and page.count("data:image/png;base64,") == 1
    assert re.search(
        r'alt="score_advantage of G-15-v2 \d\.\d{3} before and of G-15-v3 -?\d\.\d{3} after', page
    )
    check = pool_file(working_copy, "check.yaml", AUGMENTS.format(version="G-15-v3"))
    figures = fresh(working_copy, check, monkeypatch, capsys, 40)
    assert -1 <= figures["cards"]["G-15-v3"]["score_advantage"]["diff"] <= 1


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--band", "score_advantage"], "--band: 'score_advantage' is not FIGURE=LOW..HIGH"),
        (["--band", "completion=0..1"], "--band: 'completion' is not a figure of an augment"),
        (["--band", "score_advantage=2..1"], "LOW is above HIGH"),
        (["--card", "C-99x"], "is not a card id"),
        (["--card", "C-24"], "--card: C-24 is not in the strategy pool"),
        (["--games", "0"], "--games must be at least 1"),
        (["--rounds", "5"], "--rounds: 5 is not 8 or 4"),
        (["--rules", "standard"], "--rules standard: standard has no cards"),
    ],
)
def test_bad_tune_input_is_one_line_and_exit_2(
    extra: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = hexmj(
        ["tune", "--mode", "strategy", "--db", "none", "--games", "1", *extra], monkeypatch, capsys
    )
    assert code == 2
    assert message in err and err.count("\n") == 1


def _people_records(folder: Path, pool: Path, sessions: int) -> list[str]:
    """Sessions of the pool "played at a real table": the engine's sessions on other seeds, stored
    with source ``table``, in which every draw of O-P05 could not be carried out."""
    from tools.lab.engine_adapter import play_session
    from tools.lab.session_spec import SessionSpec

    spec = SessionSpec(mode="strategy", pool=pool, rounds=4, cards=folder)
    texts = []
    for seed in range(1000, 1000 + sessions):
        record = play_session(spec.model_copy(update={"seed": seed}))
        played = tuple(
            rnd.model_copy(
                update={
                    "drawn": tuple(
                        d.model_copy(update={"triggered": False, "unexecutable": True})
                        if d.card == "O-P05"
                        else d
                        for d in rnd.drawn
                    )
                }
            )
            for rnd in record.played
        )
        texts.append(record.model_copy(update={"source": "table", "played": played}).model_dump_json())
    return texts


def test_people_beside_bots_flags_where_they_disagree_beyond_the_intervals_s18_3(
    working_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Real-table sessions of the pool in the record store (source ``table``): tune shows their
    figures beside the bots' and marks O-P05, which people could never carry out while the bots
    could, and not O-P04, which both carry out every time; with a store without them, no "people"."""
    from tools.lab.store import open_store, store_json

    pool = pool_file(working_copy, "chance.yaml", CHANCE.replace("versions:\n  O-P05: {version}\n", ""))
    store_url = f"sqlite:///{tmp_path / 'tables.db'}"
    store = open_store(store_url)
    store_json(_people_records(working_copy, pool, 6), store)
    store.dispose()
    args = tune(working_copy, pool, "--card", "O-P04", "--until-decided", "--games", "64", "--db", store_url)
    code, out, err = hexmj([*args, "--json"], monkeypatch, capsys)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["proposals"] == []
    people = {row["card"]: row for row in doc["people"]}
    assert people["O-P05"]["figure"] == "O-P05.unexecutable"
    assert people["O-P05"]["disagree"] is True and people["O-P05"]["people"]["value"] == 1.0
    assert people["O-P05"]["bots"]["high"] < people["O-P05"]["people"]["low"]
    assert people["O-P04"]["disagree"] is False and people["O-P04"]["people"]["value"] == 0.0
    code, out, err = hexmj(args, monkeypatch, capsys)
    assert code == 0, err
    lines = out.splitlines()
    head = lines.index(
        "people beside bots (real-table sessions, 95 % intervals; ! they disagree beyond them):"
    )
    rows = {line.split()[0]: line for line in lines[head + 1 :] if line.startswith("  ")}
    assert rows["O-P05.unexecutable"].startswith("  O-P05.unexecutable people 1.000 [")
    assert rows["O-P05.unexecutable"].endswith(" !") and not rows["O-P04.unexecutable"].endswith(" !")
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    code, out, err = hexmj([*args[:-1], empty, "--json"], monkeypatch, capsys)
    assert code == 0, err
    assert "people" not in json.loads(out)


def test_the_examples_read_the_card_files_as_tune_wrote_them(working_copy: Path) -> None:
    """A version written into a card file after its examples' library was compiled (``tune --write``
    then ``check`` in one process, as the designer guide runs them) is found: the library is
    compiled again once a file was written since."""
    from dsl.example_run import card_library

    files = sorted(working_copy.glob("*.hex"))
    assert "O-P05-v2" not in card_library(files)
    plant(working_copy, "O-P05", "filter: number", "filter: honour")
    assert "O-P05-v2" in card_library(sorted(working_copy.glob("*.hex")))


def test_the_same_run_gives_the_same_bytes_whatever_the_workers_s18_3(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed fixes every session tune plays: one worker and two print the same JSON."""
    pool = pool_file(working_copy, "chance.yaml", CHANCE.replace("versions:\n  O-P05: {version}\n", ""))
    args = [*tune(working_copy, pool, "--card", "O-P04", "--until-decided", "--db", "none", "--json")]
    one = hexmj(args, monkeypatch, capsys)
    args[args.index("--workers") + 1] = "2"
    two = hexmj(args, monkeypatch, capsys)
    assert one[0] == two[0] == 0 and one[1] == two[1]
    assert json.loads(one[1])["proposals"] == []


def test_a_dask_cluster_proposes_what_local_workers_do(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cluster`` sends the pool's sessions and every candidate version (its text travels with its
    sessions) to a Dask scheduler: the same flags and the same proposal, byte for byte, as local
    workers give (issue 34 item 5)."""
    distributed = pytest.importorskip("distributed")
    pool = pool_file(working_copy, "chance.yaml", CHANCE.replace("versions:\n  O-P05: {version}\n", ""))
    args = [*tune(working_copy, pool, "--card", "O-P05", "--until-decided", "--db", "none", "--json")]
    local = hexmj(args, monkeypatch, capsys)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        at = args.index("--workers")
        remote = hexmj(
            [*args[:at], *args[at + 2 :], "--cluster", cluster.scheduler_address], monkeypatch, capsys
        )
    assert local[0] == remote[0] == 0, remote[2]
    assert local[1] == remote[1]
    (proposal,) = json.loads(local[1])["proposals"]
    assert proposal["card"] == "O-P05" and proposal["edit"].startswith("option added: ")


def test_a_proposal_never_overwrites_a_version_or_its_examples_s18_4(working_copy: Path) -> None:
    """``--write`` refuses a version id that exists, or an examples file that exists, and then
    writes nothing (R654)."""
    from dsl.loader import load_cards
    from engine.core.errors import InputError
    from tools.lab.lines import LINES
    from tools.lab.parameters import card_block
    from tools.lab.proposals import Proposal, Shown, write
    from tools.lab.sequential import Interval
    from tools.lab.tune import Flagged, Tuned

    shutil.copytree(
        EXAMPLES, working_copy / "examples", ignore=lambda _, names: [n for n in names if n != "C-14.yaml"]
    )
    plant(working_copy, "C-14", "max_suit_tiles >= 6", "max_suit_tiles >= 10")
    card = next(c for c in load_cards(sorted(working_copy.glob("*.hex"))) if c.id == "C-14")
    path = working_copy / "contracts.hex"
    text = path.read_text(encoding="utf-8")
    start, end = card_block(text, "C-14")
    interval = Interval(value=0.1, low=0.0, high=0.2, seeds=16, sd=0.1)
    flagged = Flagged(card="C-14", figure="completion", interval=interval, line=LINES["normal"])
    shown = Shown.of(interval)

    def proposed(version: str) -> Proposal:
        block = text[start:end].replace("card C-14 ", f"card {version} ")
        return Proposal(
            card="C-14", version=version, edit="max_suit_tiles: 6 → 5", diff="", block=block,
            figure="completion", before=shown, after=shown, seeds=16, side_effects=(),
        )  # fmt: skip

    tuned = Tuned(flagged, card, text[start:end], "C-14-v3")
    with pytest.raises(InputError, match="C-14-v2 exists already; a version is never overwritten"):
        write(proposed("C-14-v2"), tuned)
    (working_copy / "examples" / "C-14-v3.yaml").write_text("examples: []\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"C-14-v3\.yaml: already exists"):
        write(proposed("C-14-v3"), tuned)
    assert path.read_text(encoding="utf-8") == text
    assert (working_copy / "examples" / "C-14-v3.yaml").read_text(encoding="utf-8") == "examples: []\n"
