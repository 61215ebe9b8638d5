"""Every base card is exercised in play (issue "The game engine", items 3 and 7): in a fixed set of
bot sessions every W, O, S, G, P, C and B card is drawn or held and resolves at least once — its
program runs, its rule decides a question, or its condition is read at a hu (§5, §6, §9)."""

from __future__ import annotations

from engine.agents import make_agents
from engine.session import SessionConfig, drive
from tools.cmd_play import new_session, session_cards

SESSIONS = 40
BASE_SERIES = "WOSGPCB"


def test_every_base_card_is_drawn_and_resolved_in_play_s6_lib() -> None:
    cards, _ = session_cards("all")
    base = {card.base_id for card in cards if card.base_id[0] in BASE_SERIES}
    exercised: set[str] = set()
    for seed in range(SESSIONS):
        session = new_session(SessionConfig(seed, "all"))
        result = drive(session.steps(), session, make_agents(["greedy", "random", "greedy", "greedy"], seed))
        for record in result.rounds:
            exercised |= record.result.exercised
    never = sorted(base - exercised)
    assert never == [], f"never exercised in {SESSIONS} sessions: {', '.join(never)}"
