"""A stand-in table: session records of the right shape drawn from a seed, without the rules engine.

It follows the outline of a session that the lab reads (§4 dealers, §5 the
augment draft at rounds 1/3/5 or 1/2/3 in the shortened test of §18.1, §6
world and chance cards with the redraw of §6.8, §9–§10 contracts and the
abandon window, §11 the three winners or an exhausted wall, §13.3–§13.5
order, contract and self-draw points), with each card's behaviour drawn from
a hash of its versioned id, so a new version of a card plays differently.
It is what the lab's own tests and its benchmark run when they must not
depend on the engine's progress; :mod:`tools.lab.engine_adapter` plays real
sessions.
"""

from __future__ import annotations

import hashlib
import random
from functools import cache

from dsl.loader import CORE_CARDS
from dsl.parser import parse_file
from engine.hextech.plugins import modules_for_mode
from tools.lab.records import (
    ContractRecord,
    DrawnCard,
    HeldCard,
    PlayerRound,
    RoundRecord,
    SessionRecord,
    WinRecord,
    WorldRecord,
    base_id,
)
from tools.lab.session_spec import SessionSpec

WALL_AFTER_DEAL = 83
ORDER_POINTS = (4, 3, 2)
NORMAL_POINTS, BLACK_POINTS, SELF_DRAW_POINTS, BLACK_ABANDON = 1, 3, 1, -1

_SERIES = {"W": 16, "O-P": 9, "O-N": 9, "O-C": 9, "O-X": 9, "S": 18, "G": 18, "P": 18, "C": 24, "B": 16}


def library_ids(mode: str) -> list[str]:
    """The base ids of the rule set's own cards the stand-in uses in ``mode`` (§3): none of a
    module's own decks, and a card a module links only while the mode enables that module."""
    enabled = frozenset(info.name for info in modules_for_mode(mode))
    linked = _linked()
    ids = [
        f"{series}{n:02d}" if "-" in series else f"{series}-{n:02d}"
        for series, k in _SERIES.items()
        for n in range(1, k + 1)
    ]
    return [card for card in ids if linked.get(card, frozenset()) <= enabled]


@cache
def _linked() -> dict[str, frozenset[str]]:
    """The modules each linked card of the rule set's own needs, as its header tags them (lib 一):
    the core card files parsed once, nothing compiled."""
    cards = (card for path in sorted(CORE_CARDS.glob("*.hex")) for card in parse_file(path))
    return {card.base_id: frozenset(card.tags) for card in cards if card.tags}


def _trait(card: str) -> float:
    """A number in [0, 1) fixed by the versioned id: the card's temperament at the stand-in table."""
    return int.from_bytes(hashlib.blake2b(card.encode(), digest_size=4).digest()) / 2**32


def play_session(spec: SessionSpec) -> SessionRecord:
    """Play one stand-in session of ``spec`` and return its record."""
    forced = {base_id(card): card for card in spec.versions}
    cards = [forced.get(card, card) for card in library_ids(spec.mode)]
    rng = random.Random(spec.seed)
    tiers = (1, 2, 3) if spec.rounds == 4 else (1, 3, 5)
    decks = {
        prefix: [c for c in cards if c.startswith(prefix)] for prefix in ("W", "O", "S", "G", "P", "C", "B")
    }
    augments: list[list[str]] = [[] for _ in range(4)]
    played = []
    for number in range(1, spec.rounds + 1):
        if number in tiers:
            tier = decks["SGP"[tiers.index(number)]]
            for player, card in enumerate(rng.sample(tier, 4)):
                augments[player].append(card)
        played.append(_round(rng, number, decks, augments))
    finals = tuple(sum(r.players[p].score for r in played) for p in range(4))
    return SessionRecord(
        cards=tuple(cards),
        mode=spec.mode,
        pool=spec.pool_name,
        seed=spec.seed,
        rounds=spec.rounds,
        agents=spec.agents,
        played=tuple(played),
        final_scores=(finals[0], finals[1], finals[2], finals[3]),
    )


def _round(
    rng: random.Random, number: int, decks: dict[str, list[str]], augments: list[list[str]]
) -> RoundRecord:
    world = rng.choice(decks["W"])
    edge = [sum(_trait(c) for c in augments[p]) - 0.5 * len(augments[p]) for p in range(4)]
    winners = sorted(range(4), key=lambda p: rng.random() - 0.1 * edge[p])
    n_wins = 3 if rng.random() < 0.8 else rng.randrange(3)
    walls = sorted((rng.randrange(WALL_AFTER_DEAL - 10) for _ in range(n_wins)), reverse=True)
    wins = tuple(
        WinRecord(player=p, order=i + 1, wall_left=walls[i], self_drawn=rng.random() < 0.4)
        for i, p in enumerate(winners[:n_wins])
    )
    contracts = [_contract(rng, decks, won=any(w.player == p for w in wins)) for p in range(4)]
    drawn = tuple(_chance(rng, decks["O"], p) for p in range(4) for _ in range(rng.randrange(3)))
    players = tuple(
        PlayerRound(
            augments=tuple(_augment(rng, card) for card in augments[p]),
            contract=contracts[p],
            score=_score(contracts[p], next((w for w in wins if w.player == p), None)),
        )
        for p in range(4)
    )
    triggered = rng.randrange(5)
    return RoundRecord(
        number=number,
        dealer=(number - 1) % 4,
        world=WorldRecord(
            card=world, triggered=triggered, unexecutable=int(rng.random() < _trait(world) / 3)
        ),
        players=(players[0], players[1], players[2], players[3]),
        drawn=tuple(card for pair in drawn for card in pair),
        wins=wins,
        exhausted=n_wins < 3,
        turns=WALL_AFTER_DEAL - (walls[-1] if n_wins == 3 else 0),
    )


def _augment(rng: random.Random, card: str) -> HeldCard:
    return HeldCard(card=card, triggered=rng.randrange(3), unable=int(rng.random() < _trait(card) / 4))


def _contract(rng: random.Random, decks: dict[str, list[str]], won: bool) -> ContractRecord:
    """A contract drawn and played out; a winner who did not complete it had abandoned it (§9.6, §10.2)."""
    black = rng.random() < 0.3
    card = rng.choice(decks["B" if black else "C"])
    completed = rng.random() < (0.25 if black else 0.6) + 0.3 * _trait(card)
    return ContractRecord(
        card=card,
        kind="black" if black else "normal",
        completed=completed,
        abandoned=not completed and (won or rng.random() < 0.5),
        triggered=int(completed),
    )


def _chance(rng: random.Random, deck: list[str], player: int) -> tuple[DrawnCard, ...]:
    first = rng.choice(deck)
    if rng.random() >= _trait(first) * 0.4:
        return (DrawnCard(card=first, deck="chance", player=player, triggered=True, unexecutable=False),)
    second = rng.choice(deck)
    dead = rng.random() < _trait(second) * 0.4
    return (
        DrawnCard(card=first, deck="chance", player=player, triggered=False, unexecutable=True),
        DrawnCard(card=second, deck="chance", player=player, triggered=not dead, unexecutable=dead),
    )


def _score(contract: ContractRecord, win: WinRecord | None) -> int:
    penalty = BLACK_ABANDON if contract.abandoned and contract.kind == "black" else 0
    if win is None:
        return penalty
    bonus = (BLACK_POINTS if contract.kind == "black" else NORMAL_POINTS) if contract.completed else 0
    return penalty + ORDER_POINTS[win.order - 1] + bonus + (SELF_DRAW_POINTS if win.self_drawn else 0)
