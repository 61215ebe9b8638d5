"""Every base card is exercised in play (issue "The game engine", items 3 and 7): in seeded bot sessions
of mode ``all`` every W, O, S, G, P, C and B card is drawn or held (world card §6.2, augment draft
§5.2, contract deal §9.1, chance draw §6.3) and resolves at least once — its program runs, its rule
decides a question, or its condition is read at a hu (§5, §6, §9).

Sessions are played in seed order until every card has been seen both ways, at most
:data:`MAX_SESSIONS` of them; three greedy agents and one random one (greedy agents keep their
contracts and reach hu more often, the random one calls and draws oddly).  Sensible bots rarely
choose some contracts and augments (a flush-only black contract, say), so for the draft and the
contract choice the agents here prefer a card not yet exercised — every other decision is the
bots' own.  G-13 resolves only when its holder makes a concealed kong and then chis from a player
other than its upper, a few times in a hundred sessions, so the cap leaves room for it.
"""

from __future__ import annotations

from engine.agents.roster import make_bots
from engine.core.agent import Agent
from engine.core.decisions import Decision
from engine.core.session import drive
from engine.hextech.bus import Event
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.session import SessionConfig, SessionResult
from engine.hextech.view import PlayerView
from tools.hextech_session import new_session, session_cards

MAX_SESSIONS = 200
AGENTS = ["greedy", "random", "greedy", "greedy"]
BASE_SERIES = "WOSGPCB"


def _base(card_id: str) -> str:
    """``"C-05-v2"`` → ``"C-05"`` (§18.4 versions)."""
    return card_id.split("-v")[0]


class Exploring:
    """A bot that drafts and chooses contracts toward cards not yet exercised, and otherwise plays as
    the bot it wraps."""

    def __init__(self, bot: Agent[PlayerView], exercised: set[str]) -> None:
        self.bot = bot
        self.exercised = exercised
        self.name = f"exploring {bot.name}"
        self.sees = bot.sees
        self.person = bot.person

    def decide(self, view: PlayerView, decision: Decision) -> str:
        if decision.kind in (HextechKind.AUGMENT, HextechKind.CONTRACT):
            fresh = [o for o in decision.options if _base(o) not in self.exercised]
            if fresh:
                return fresh[0]
        return self.bot.decide(view, decision)


def _held(result: SessionResult, revealed: set[str]) -> set[str]:
    """The cards of a session that were drawn, dealt or held: world cards, augments, contracts (also
    those later replaced, seen on the bus), chance and party cards, treasure orders."""
    seen = set(revealed)
    for record in result.rounds:
        r = record.result
        seen |= {c for c in (record.world, record.treasure) if c}
        seen |= {a for held in record.augments for a in held}
        seen |= {c for c in r.contracts if c}
        seen |= {d.card for d in r.drawn}
    return {_base(c) for c in seen}


def test_every_base_card_is_drawn_and_resolved_in_play_s6_lib() -> None:
    cards, _ = session_cards("all")
    base = {card.base_id for card in cards if card.base_id[0] in BASE_SERIES}
    assert len(base) == 16 + 36 + 18 + 18 + 18 + 24 + 16  # §2: W, O, S, G, P, C, B series
    exercised: set[str] = set()
    held: set[str] = set()
    played = 0
    while played < MAX_SESSIONS and not base <= exercised & held:
        revealed: set[str] = set()

        def contracts(event: Event, into: set[str] = revealed) -> None:
            if event.name == "contract.revealed":
                into.add(str(event.data.get("contract", "")))
            elif event.name == "contract.replaced":
                into.add(str(event.data.get("new", "")))

        session = new_session(SessionConfig(played, "all"), [contracts])
        agents = [Exploring(bot, exercised) for bot in make_bots(AGENTS, played)]
        result = drive(session, agents)
        played += 1
        for record in result.rounds:
            exercised |= {_base(c) for c in record.result.exercised}
        held |= _held(result, revealed)
    never_run = sorted(base - exercised)
    never_held = sorted(base - held)
    assert never_run == [], f"never resolved in {played} sessions: {', '.join(never_run)}"
    assert never_held == [], f"never drawn or held in {played} sessions: {', '.join(never_held)}"
