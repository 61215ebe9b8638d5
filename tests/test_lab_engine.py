"""The lab's adapter to the rules engine: a real session becomes a session record (§4, §5, §18.1, §18.3)."""

from __future__ import annotations

from pathlib import Path

from engine.agents.roster import make_bots
from engine.core.session import drive
from engine.hextech.bus import Event, Sink
from engine.hextech.plugins import Modules, modules_for_mode
from engine.hextech.session import Session, SessionConfig, SessionResult
from tools.lab.engine_adapter import EventWatcher, play_session, session_cards, session_record
from tools.lab.metrics import aggregate
from tools.lab.records import SessionRecord
from tools.lab.session_spec import SessionSpec
from tools.lab.store import load_sessions, open_store, store_session
from tools.lab.summary import aggregate_doc, aggregate_lines

OUTCOMES = {"done", "alternative", "refused", "chip_skipped", "failed"}


def test_a_shortened_engine_session_becomes_a_record_s18_1() -> None:
    record = play_session(SessionSpec(mode="strategy", rounds=4, seed=2))
    assert record.rounds == 4 and len(record.played) == 4
    assert [r.dealer for r in record.played] == [0, 1, 2, 3]
    assert [len(r.players[0].augments) for r in record.played] == [1, 2, 3, 3]
    assert record.final_scores == tuple(sum(r.players[p].score for r in record.played) for p in range(4))
    assert all(r.exhausted or len(r.wins) == 3 for r in record.played)
    assert all(r.turns is not None and r.turns > 0 for r in record.played)
    assert all(p.contract is not None for r in record.played for p in r.players)
    assert all(
        card in record.cards
        for r in record.played
        for p in r.players
        for card in [a.card for a in p.augments]
    )


def test_same_seed_same_record_s18_3() -> None:
    spec = SessionSpec(mode="strategy", rounds=4, seed=5)
    assert play_session(spec).model_dump_json() == play_session(spec).model_dump_json()


def test_world_triggers_are_the_draws_the_world_card_caused_s6_1() -> None:
    watcher = EventWatcher()
    events = [
        Event("round.started", 0, data={"round": 1, "world": "W-01"}),
        Event("chance.draw", 2, "card:W-01"),
        Event("chance.draw", 3, "card:W-01"),
        Event("party.draw", 3, "card:O-C09"),
        Event("chance.draw", 1),
        Event("round.started", 1, data={"round": 2, "world": "W-02"}),
    ]
    for event in events:
        watcher(event)
    first, second = watcher.rounds
    assert first == {"W-01": 2, "O-C09": 1}
    assert not second


def test_the_watcher_records_only_the_events_it_counts_and_counts_as_from_every_event_s18_3() -> None:
    """The watcher names the events it counts by, so the round builds no other for it; its counts are
    those of a watcher given every event of the same session, and so is the session's record."""
    alone, alone_watcher = _recorded(5)
    everything: list[Event] = []
    accompanied, _ = _recorded(5, everything.append)
    given_all = EventWatcher()
    for event in everything:
        given_all(event)
    assert alone_watcher.rounds == given_all.rounds
    assert any(alone_watcher.rounds)
    assert alone == accompanied


def _recorded(seed: int, *others: Sink) -> tuple[SessionRecord, EventWatcher]:
    """A strategy session's record with the watcher alone or beside ``others``, and the watcher."""
    watcher = EventWatcher()
    session = Session(
        SessionConfig(seed=seed, mode="strategy", rounds=4),
        cards=session_cards("strategy", None, ()),
        sinks=[watcher, *others],
    )
    result = drive(session, make_bots(["greedy"] * 4, seed))
    return session_record(session, result, watcher, ("greedy",) * 4), watcher


def test_engine_records_count_chance_draws_and_world_triggers_s18_3() -> None:
    record = play_session(SessionSpec(mode="strategy", rounds=4, seed=2))
    for rnd in record.played:
        drawn = [d for d in rnd.drawn if d.deck == "chance"]
        assert all(d.triggered != d.unexecutable for d in drawn)
        assert rnd.world is not None and rnd.world.triggered <= len(drawn)


def test_the_treasure_order_is_recorded_only_in_the_all_mode_s8() -> None:
    full = play_session(SessionSpec(mode="all", rounds=4, seed=3))
    strategy = play_session(SessionSpec(mode="strategy", rounds=4, seed=3))
    assert all(r.treasure is not None and r.treasure.startswith("T-") for r in full.played)
    assert all(r.treasure is None for r in strategy.played)
    assert full.cohort != strategy.cohort


def _figures(seed: int) -> tuple[SessionRecord, SessionResult]:
    cards = session_cards("all", None, ())
    modules = frozenset(info.name for info in modules_for_mode("all"))
    watcher = EventWatcher()
    session = Session(
        SessionConfig(seed=seed, mode="all"),
        cards=cards,
        modules=modules,
        plugins=Modules.enable(modules),
        sinks=[watcher],
    )
    result = drive(session, make_bots(["greedy"] * 4, seed))
    return session_record(session, result, watcher, ("greedy",) * 4), result


def test_held_cards_count_what_they_could_not_do_and_drawn_cards_put_away_do_not_count_s18_3() -> None:
    """§18.3, §6.8, §6.9: a held card's ``unable`` is the engine's count of abilities that were called on
    and could do nothing, its ``triggered`` the count of those that acted; a drawn card put away without
    effect (a kept lasting slot, S-10's redraw) is neither triggered nor unexecutable."""
    unable = discarded = 0
    for seed in range(1, 31):
        record, result = _figures(seed)
        for played, engine_round in zip(record.played, result.rounds, strict=True):
            figures = engine_round.result
            contracts = [p.contract for p in played.players if p.contract is not None]
            for held in [*(a for p in played.players for a in p.augments), *contracts]:
                base = held.card.split("-v")[0]
                only_used = int(base in figures.exercised and base not in figures.unable)
                assert (held.triggered, held.unable) == (
                    figures.acted.get(base, 0) or only_used,
                    figures.unable.get(base, 0),
                )
                unable += held.unable
            for drawn, engine_drawn in zip(played.drawn, figures.drawn, strict=True):
                assert drawn.triggered == (not engine_drawn.unexecutable and not engine_drawn.discarded)
                discarded += engine_drawn.discarded
        if unable and discarded:
            break
    assert unable > 0 and discarded > 0


def test_party_outcomes_and_chips_are_recorded_stored_and_summarised_s7_4_s18_3(tmp_path: Path) -> None:
    """§7.1, §7.4, §18.3: a party session's record lists every challenge outcome and the chips at its
    end; both survive the store, and the summary shows the party figures only with the module on."""
    records = [play_session(SessionSpec(mode="party", seed=seed)) for seed in (3, 5)]
    asked = [c for record in records for r in record.played for c in r.challenges]
    assert asked and all(c.outcome in OUTCOMES for c in asked)
    assert all(record.chips is not None for record in records)
    store = open_store(f"sqlite:///{tmp_path / 'party.db'}")
    for record in records:
        store_session(record, f"sqlite:///{tmp_path / 'party.db'}")
    assert load_sessions(store, records[0].cohort) == records
    summary = aggregate(records)
    assert summary.party is not None
    assert summary.party.challenges_per_session.value == len(asked) / 2
    lines = aggregate_lines(summary, 1)
    assert any("party challenges asked per session" in line for line in lines)
    assert any("chips held at session end" in line for line in lines)
    assert "party" in aggregate_doc(summary, 1, "default")
    plain = aggregate([play_session(SessionSpec(mode="strategy", rounds=4, seed=1))])
    assert plain.party is None
    assert not any("party" in line for line in aggregate_lines(plain, 1))
    assert "party" not in aggregate_doc(plain, 1, "default")
