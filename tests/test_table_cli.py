"""``hexmj play``, ``replay`` and ``simulate`` with ``--rules`` for a rule set a third party added
(issue 14 items 2, 5): the test-only ``tiny`` is written as a package with a ``*.dist-info``
declaring ``[hexmj.rulesets]`` into a temporary folder, which a new process finds on
``PYTHONPATH``.  A seed fixes the session byte for byte; the log records the rule set and its
options and replays to the same result; a changed log is refused in one line, exit 5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from table_support import hexmj, install

PLAY = ("play", "--rules", "tiny", "--seed", "7", "--rounds", "2")


@pytest.fixture(scope="module")
def plugins(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install(tmp_path_factory.mktemp("plugins"))


def test_a_third_party_rule_set_plays_a_whole_session(plugins: Path) -> None:
    """``--rules tiny`` plays its declared session (4 rounds, the dealer rotating) with its fan."""
    done = hexmj(plugins, "play", "--rules", "tiny", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["rules"], doc["options"], doc["seed"]) == ("tiny", {"self_draw_only": False}, 3)
    assert [r["dealer"] for r in doc["rounds"]] == ["A", "B", "C", "D"]
    wins = [w for r in doc["rounds"] for w in r["wins"]]
    assert wins and all(w["fan"] == [{"name": "和", "value": 1, "count": 1}] for w in wins)
    totals = {row["seat"]: row["total"] for row in doc["standings"]}
    assert sum(totals.values()) == 0
    assert totals == {seat: sum(r["scores"][seat] for r in doc["rounds"]) for seat in "ABCD"}


def test_the_same_seed_gives_the_same_bytes(plugins: Path, tmp_path: Path) -> None:
    """Determinism: the JSON and the log of two runs are byte-identical; another seed differs."""
    runs = [hexmj(plugins, *PLAY, "--json", "--log", str(tmp_path / f"{n}.jsonl")) for n in (1, 2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert (tmp_path / "1.jsonl").read_bytes() == (tmp_path / "2.jsonl").read_bytes()
    other = hexmj(plugins, "play", "--rules", "tiny", "--seed", "8", "--rounds", "2", "--json")
    assert other.stdout != runs[0].stdout


def test_the_log_header_records_the_rules_and_options(plugins: Path, tmp_path: Path) -> None:
    """``--option self_draw_only`` goes through the rule set's options and into the header; with it
    every win is self-drawn."""
    log = tmp_path / "s.jsonl"
    done = hexmj(plugins, *PLAY, "--option", "self_draw_only", "--log", str(log), "--json")
    assert done.returncode == 0, done.stderr
    head = json.loads(log.read_text("utf-8").splitlines()[0])
    assert {k: head[k] for k in ("type", "rules", "options", "seed", "rounds", "agents")} == {
        "type": "session",
        "rules": "tiny",
        "options": {"self_draw_only": True},
        "seed": 7,
        "rounds": 2,
        "agents": ["greedy"] * 4,
    }
    wins = [w for r in json.loads(done.stdout)["rounds"] for w in r["wins"]]
    assert wins and all(w["from"] is None for w in wins)


def test_replay_reproduces_the_session(plugins: Path, tmp_path: Path) -> None:
    """``hexmj replay`` reads the rule set from the header and prints what play printed."""
    log = tmp_path / "s.jsonl"
    played = hexmj(plugins, *PLAY, "--agents", "random,greedy,random,greedy", "--log", str(log), "--json")
    assert played.returncode == 0, played.stderr
    replayed = hexmj(plugins, "replay", str(log), "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == played.stdout
    account = hexmj(plugins, "replay", str(log))
    assert account.stdout.startswith("Tiny session: seed 7, rules tiny, options self_draw_only=False")


def tampered(log: Path, change: str) -> Path:
    lines = log.read_text("utf-8").splitlines()
    if change == "seed":
        head = json.loads(lines[0])
        head["seed"] = 8
        lines[0] = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
    else:
        number, line = next(
            (n, json.loads(text))
            for n, text in enumerate(lines)
            if '"type":"decision"' in text and len(json.loads(text)["options"]) > 2
        )
        line["answer"] = next(o for o in line["options"] if o != line["answer"])
        lines[number] = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n", "utf-8")
    return log


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("seed", "digest: does not match the session header: edited after play"),
        ("answer", "replay diverges: "),
    ],
)
def test_a_tampered_log_is_refused_in_one_line(
    plugins: Path, tmp_path: Path, change: str, message: str
) -> None:
    """A changed header (its digest) or a changed answer (a line that no longer comes out): exit 5,
    one line naming the file and line, no traceback."""
    log = tmp_path / "s.jsonl"
    assert hexmj(plugins, *PLAY, "--log", str(log)).returncode == 0
    done = hexmj(plugins, "replay", str(tampered(log, change)))
    assert done.returncode == 5, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"hexmj: error: {log}:") and message in done.stderr


def test_a_log_cut_short_is_refused(plugins: Path, tmp_path: Path) -> None:
    """A log without its end line does not replay: exit 5."""
    log = tmp_path / "s.jsonl"
    assert hexmj(plugins, *PLAY, "--log", str(log)).returncode == 0
    log.write_text("\n".join(log.read_text("utf-8").splitlines()[:-1]) + "\n", "utf-8")
    done = hexmj(plugins, "replay", str(log))
    assert done.returncode == 5 and "cut short" in done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--option", "nosuch"), "--option nosuch: tiny has no such option (its options: self_draw_only)"),
        (("--option", "self_draw_only=maybe"), "--option self_draw_only: takes true or false, not 'maybe'"),
        (("--mode", "party"), "--mode: a flag of hextech sessions, not of --rules tiny"),
        (
            ("--agents", "minimax"),
            "--agents: unknown agent 'minimax' for A (one of random, greedy, search, human, console)",
        ),
        (("--rounds", "0"), "--rounds: 0 is not 1…256"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(plugins: Path, args: tuple[str, ...], message: str) -> None:
    """Bad input names the option and what it takes."""
    done = hexmj(plugins, "play", "--rules", "tiny", *args)
    assert done.returncode == 2 and done.stderr == f"hexmj: error: {message}\n"


def test_an_unknown_rule_set_is_named_with_those_installed(plugins: Path) -> None:
    """``--rules`` of a rule set nobody installed: exit 2, the installed ones listed."""
    done = hexmj(plugins, "play", "--rules", "nosuch")
    assert done.returncode == 2 and "--rules nosuch: no such rule set (installed: " in done.stderr
    assert "tiny" in done.stderr


def test_options_belong_to_another_rule_set(plugins: Path) -> None:
    """A hextech session takes no ``--option``."""
    done = hexmj(plugins, "play", "--option", "self_draw_only")
    assert done.returncode == 2 and "options belong to --rules NAME" in done.stderr


def test_simulate_reports_the_figures(plugins: Path) -> None:
    """``simulate --rules tiny``: win rate per seat, drawn rounds, mean scores, fan frequency; the
    same seed, the same figures."""
    args = ("simulate", "--rules", "tiny", "--games", "3", "--seed", "4", "--json")
    done = hexmj(plugins, *args)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["rules"], doc["games"], doc["rounds"]) == ("tiny", 3, 12)
    assert set(doc["win_rate"]) == set("ABCD") and 0 <= doc["drawn_rate"] <= 1
    assert sum(doc["win_rate"].values()) + doc["drawn_rate"] == pytest.approx(1, abs=1e-3)
    assert doc["fan_frequency"] == {"和": 1.0}
    assert sum(doc["mean_score"].values()) == pytest.approx(0, abs=1e-3)
    assert hexmj(plugins, *args).stdout == done.stdout
    text = hexmj(plugins, "simulate", "--rules", "tiny", "--games", "1")
    assert text.returncode == 0 and "win rate per round: A " in text.stdout
    refused = hexmj(plugins, "simulate", "--rules", "tiny", "--until-decided")
    assert refused.returncode == 2 and "--until-decided: a flag of hextech" in refused.stderr, refused.stderr


def test_hextech_stays_as_it_was(plugins: Path, tmp_path: Path) -> None:
    """``--rules hextech`` is the hextech session itself, byte for byte."""
    base = ("play", "--seed", "2", "--rounds", "4", "--mode", "strategy", "--json", "--db", "none")
    plain = hexmj(plugins, *base, "--log", str(tmp_path / "a.jsonl"))
    named = hexmj(plugins, *base, "--rules", "hextech", "--log", str(tmp_path / "b.jsonl"))
    assert plain.returncode == 0, plain.stderr
    assert named.stdout == plain.stdout
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert hexmj(plugins, "replay", str(tmp_path / "a.jsonl"), "--json").stdout == plain.stdout
