"""The one public feed of every rule set (R770–R772): each rule set gives only its words and what
its events mark; what the feed keeps and writes is the same for all, and nothing it is not told to
word is ever written."""

from __future__ import annotations

from engine.hextech.bus import Event
from tools.console_web.feed import FEED_KEPT, PublicFeed
from tools.console_web.public import HEXTECH_FEED
from tools.console_web.table_shown import TABLE_FEED


def _standard_round() -> PublicFeed:
    feed = PublicFeed(TABLE_FEED)
    feed.event("round.started", 0, {"number": 1, "prevalent": "1z"})
    return feed


def test_a_discard_lies_open_and_a_call_discards_without_a_draw_standard_chupai_2() -> None:
    """出牌 2: a discard answer is a line and lies in the river until called; the caller of a 碰 is
    to discard without a draw, and its discard ends that."""
    feed = _standard_round()
    feed.turn_answer(0, "discard 5m")
    assert feed.lines[-1] == "A 打出 5m" and feed.last_discard == 0
    feed.event("meld", 1, {"kind": "pon", "tile": "5m", "from": "A"})
    assert feed.lines[-1] == "B 碰 5m（A）"
    assert feed.last_discard is None and feed.called == 1
    feed.turn_answer(1, "discard 9p")
    assert feed.called is None and feed.last_discard == 1


def test_a_turn_answer_that_is_no_discard_writes_nothing_standard_chupai_2() -> None:
    """Control: a turn answered by a kong or a win is worded by its event, not by the answer."""
    feed = _standard_round()
    written = feed.written
    feed.turn_answer(0, "ankan 1s")
    assert feed.written == written and feed.last_discard is None


def test_a_concealed_kong_is_said_without_its_tile_standard_chupai_3() -> None:
    """出牌 3 (二) 扣放: a concealed kong is named, its tile never."""
    feed = _standard_round()
    feed.event("meld", 2, {"kind": "ankan", "tile": "9s", "from": None})
    assert feed.lines[-1] == "C 暗杠" and not any("9s" in line for line in feed.lines)


def test_the_core_tables_feed_keeps_the_prevalent_wind_and_the_rounds_account_r371() -> None:
    """The round's prevalent wind and the account of the rounds played, in every message."""
    feed = _standard_round()
    feed.event("round.ended", None, {"drawn": True, "gains": [0, 0, 0, 0]})
    assert feed.lines == ["第1局开始，庄家 A，圈风 东", "荒牌：无人得失"]
    shown = feed.shown()
    assert shown["prevalent_wind"] == "1z"
    assert shown["account"] == [
        {
            "number": 1,
            "dealer": "A",
            "prevalent_wind": "1z",
            "wins": [],
            "drawn": True,
            "gains": {"A": 0, "B": 0, "C": 0, "D": 0},
        }
    ]


def test_the_hextech_turn_is_marked_without_a_line_and_the_world_shown_s6_2_s8() -> None:
    """§6.2, §8: the world card and the treasure order in force are shown; the turn announced by
    ``turn.started`` is marked, never written; the round's end clears the turn."""
    feed = PublicFeed(HEXTECH_FEED)
    feed(Event("round.started", 0, data={"round": 2, "dealer": "A"}))
    feed(Event("world.revealed", data={"card": "W-03"}))
    feed(Event("treasure.revealed", data={"card": "T-07", "faces": ""}))
    feed(Event("turn.started", 2))
    assert feed.turn == 2 and feed.round == 2
    assert feed.lines == ["第2局开始，庄家 A", "世界牌 W-03", "宝牌顺序 T-07（各人的个人宝牌）"]
    assert feed.shown() == {"world": "W-03", "treasure": {"card": "T-07", "faces": ""}}
    feed(Event("round.ended", data={"reason": "wall_exhausted"}))
    assert feed.turn is None and feed.lines[-1] == "本局结束：牌墙摸完"


def test_an_event_the_words_do_not_name_is_never_heard_nor_written_s5_4() -> None:
    """§5.4: a draw or an offer is no public event; the bus gives the feed none, and the feed writes
    none it is handed."""
    feed = PublicFeed(HEXTECH_FEED)
    assert "turn.started" in feed.events and "tile.drawn" not in feed.events
    feed(Event("tile.drawn", 0, data={"tile": "5m"}))
    assert feed.lines == [] and feed.written == 0


def test_every_feed_keeps_its_latest_lines_and_gives_each_steps_lines_r771() -> None:
    """R771: a feed keeps its latest :data:`FEED_KEPT` lines whatever the session's length; the
    lines of a step are those written since the step before."""
    feed = _standard_round()
    for n in range(FEED_KEPT + 50):
        feed.turn_answer(n % 4, "discard 1m")
    assert len(feed.lines) == FEED_KEPT and feed.written == FEED_KEPT + 51
    assert feed.since(feed.written - 2) == ["A 打出 1m", "B 打出 1m"]
    assert feed.since(feed.written) == [] and feed.since(0) == feed.lines
