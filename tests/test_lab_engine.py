"""The lab's adapter to the rules engine: a real session becomes a session record (§4, §5, §18.1, §18.3)."""

from __future__ import annotations

from engine.bus import Event
from tools.lab.engine_adapter import EventWatcher, play_session
from tools.lab.session_spec import SessionSpec


def test_a_shortened_engine_session_becomes_a_record_s18_1() -> None:
    record = play_session(SessionSpec(mode="strategy", rounds=4, seed=2))
    assert record.rounds == 4 and len(record.played) == 4
    assert [r.dealer for r in record.played] == [0, 1, 2, 3]
    assert [len(r.players[0].augments) for r in record.played] == [1, 2, 3, 3]
    assert record.final_scores == tuple(sum(r.players[p].score for r in record.played) for p in range(4))
    assert all(r.exhausted or len(r.wins) == 3 for r in record.played)
    assert all(r.turns > 0 for r in record.played)
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


def test_events_give_turns_contracts_and_unexecutable_chance_cards_s6_8() -> None:
    watcher = EventWatcher()
    events = [
        Event("round.started", 0, data={"round": 1, "world": "W-01"}),
        Event("turn.started", 0),
        Event("chance.drawn", 0, data={"card": "O-P01", "source": "W-01"}),
        Event("card.resolved", 0, data={"card": "O-P01", "unexecutable": True}),
        Event("chance.drawn", 0, data={"card": "O-N01", "source": "W-01"}),
        Event("card.resolved", 0, data={"card": "O-N01", "unexecutable": False}),
        Event("card.resolved", 0, data={"card": "W-01", "unexecutable": False}),
        Event("turn.started", 1),
        Event("contract.completed", 1, data={"at_hu": False}),
        Event("abandon.window", data={"choices": {"C": "abandon", "D": "keep"}}),
        Event("round.started", 1, data={"round": 2, "world": "W-02"}),
    ]
    for event in events:
        watcher(event)
    first, second = watcher.rounds
    assert first.turns == 2
    assert [(d.card, d.unexecutable, d.triggered) for d in first.drawn] == [
        ("O-P01", True, False),
        ("O-N01", False, True),
    ]
    assert first.triggered["W-01"] == 1 and first.unable["O-P01"] == 1
    assert first.completed == {1} and first.abandoned == {2}
    assert second.turns == 0 and not second.drawn
