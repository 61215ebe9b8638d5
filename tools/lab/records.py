"""The session record: what one played session leaves for the balance lab (§18.3, §18.4).

§18.3 asks that every round record each player's augments and contract, the
world card, the chance cards, the treasure order, the wall left when each of
the three winners appeared, and the final scores. §18.4 asks that a card
changed in play keep its id with a version suffix (``S-08-v2``) and that
old test records are never overwritten, so a record names the exact card
versions that were in force. §18.1 and §16 keep shortened 4-round sessions
apart from full 8-round ones: ``rounds`` says which one a record is.  With
the party module on, each round lists every performer's challenge outcome
(§7.1, §7.4, §17.4) and the session the chips each player holds at its end
(§7.4; the 欢乐之星 is per session, §18.3).

Players are numbered 0..3 by the seat they took at the start of the session
(玩家A..D, §4); a seat change during a round (O-X01) does not renumber them.
Card ids are versioned ids: ``S-08`` is version 1, ``S-08-v2`` version 2.
"""

from __future__ import annotations

import hashlib
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

RECORD_FORMAT: Literal[1] = 1
PLAYERS = 4

Mode = Literal["strategy", "party", "all"]
SessionLength = Literal[4, 8]
Deck = Literal["chance", "party"]
ContractKind = Literal["normal", "black"]
Outcome = Literal["done", "alternative", "refused", "chip_skipped", "failed"]
Player = Annotated[int, Field(ge=0, lt=PLAYERS)]
Count = Annotated[int, Field(ge=0)]
CardId = Annotated[str, Field(pattern=r"^[A-Z]-[A-Z]?\d{2}(-v\d+)?$")]


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class HeldCard(_Record):
    """An augment held during one round (§5): how often it acted and how often it could not.

    ``triggered`` counts the times one of its abilities ran; ``unable`` the times
    it was called on but could do nothing (a look at an empty wall, a pick with
    no legal choice).
    """

    card: CardId
    triggered: Count = 0
    unable: Count = 0


class ContractRecord(HeldCard):
    """The contract a player chose for the round (§9) and how it ended (§9.5, §10).

    ``completed`` is true once its condition was confirmed, at hu or before;
    ``abandoned`` is true when the player gave it up in the abandon window (§10.2).
    """

    kind: ContractKind
    completed: bool
    abandoned: bool

    @model_validator(mode="after")
    def _completed_is_kept(self) -> ContractRecord:
        if self.completed and self.abandoned:
            raise ValueError(f"{self.card}: a completed contract cannot be abandoned (§10.3)")
        return self


class DrawnCard(_Record):
    """One chance or party card drawn (§6.4–§6.8, §7.2).

    A completely unexecutable chance card is put away and another is drawn,
    once per trigger (§6.8): each card drawn is one record, the first with
    ``unexecutable`` true and ``triggered`` false.  A partly executable card is
    ``triggered``.
    """

    card: CardId
    deck: Deck
    player: Player
    triggered: bool
    unexecutable: bool


class ChallengeRecord(_Record):
    """One performer's outcome of a party challenge (§7.1, §7.4, §17.4): done, done by the
    alternative, refused, skipped with a chip, or failed."""

    card: CardId
    player: Player
    outcome: Outcome


class WorldRecord(_Record):
    """The round's world card (§6.1–§6.3): how often it triggered and how often it could not act."""

    card: CardId
    triggered: Count = 0
    unexecutable: Count = 0


class WinRecord(_Record):
    """One winner of the round in win order 1..3 (§11 phases 3–5, §12.3) and the drawable wall then (§10)."""

    player: Player
    order: Annotated[int, Field(ge=1, le=3)]
    wall_left: Count
    self_drawn: bool


class PlayerRound(_Record):
    """What one player held in a round and what the round gave them (§5, §9, §13)."""

    augments: tuple[HeldCard, ...]
    contract: ContractRecord | None
    score: int


class RoundRecord(_Record):
    """One round of §11: its dealer (§4), cards, winners, wall and scores.

    ``world`` is ``None`` only when the world deck held no card (§6.2).
    """

    number: Annotated[int, Field(ge=1, le=8)]
    dealer: Player
    world: WorldRecord | None
    treasure: CardId | None = None
    players: tuple[PlayerRound, PlayerRound, PlayerRound, PlayerRound]
    drawn: tuple[DrawnCard, ...] = ()
    challenges: tuple[ChallengeRecord, ...] = ()
    wins: tuple[WinRecord, ...] = ()
    exhausted: bool
    turns: Count

    @model_validator(mode="after")
    def _wins_are_ordered(self) -> RoundRecord:
        if [win.order for win in self.wins] != list(range(1, len(self.wins) + 1)):
            raise ValueError(f"round {self.number}: wins must be in win order 1, 2, 3 (§11)")
        if len({win.player for win in self.wins}) != len(self.wins):
            raise ValueError(f"round {self.number}: a player wins at most once a round (§11)")
        if self.exhausted == (len(self.wins) == 3):
            raise ValueError(f"round {self.number}: a round ends on the 3rd win or an exhausted wall (§11)")
        return self


class SessionRecord(_Record):
    """One session (一场) as the lab stores and aggregates it (§16, §18.3, §18.4).

    ``cards`` are the versioned ids of every card in the session's pool,
    ``pool`` names the pool (a mode's default pool or a pool file), ``seed``
    is the seed the table was dealt from, ``agents`` the bots or people at the
    four seats, ``source`` says whether the lab simulated it, a host played it with bots or people
    at the terminal (``play``) or people played it at a real table (``table``);
    ``chips`` each player's chips at the session's end, ``None`` while the party module is off (§7.4).
    """

    format: Literal[1] = RECORD_FORMAT
    source: Literal["simulate", "play", "table"] = "simulate"
    cards: tuple[CardId, ...]
    mode: Mode
    pool: str
    seed: int
    rounds: SessionLength
    agents: tuple[str, str, str, str]
    played: tuple[RoundRecord, ...]
    final_scores: tuple[int, int, int, int]
    chips: tuple[Count, Count, Count, Count] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> SessionRecord:
        if [r.number for r in self.played] != list(range(1, self.rounds + 1)):
            raise ValueError(f"a {self.rounds}-round session must record rounds 1..{self.rounds} (§18.1)")
        for player in range(PLAYERS):
            total = sum(r.players[player].score for r in self.played)
            if total != self.final_scores[player]:
                final = self.final_scores[player]
                raise ValueError(f"player {player}: final score {final} is not the sum {total} (§13.1)")
        return self

    @property
    def versions(self) -> str:
        """A fingerprint of the card versions in force; records of different ones never mix (§18.4)."""
        return versions_fingerprint(self.cards)

    @property
    def cohort(self) -> Cohort:
        """The group a report may aggregate this record with: same card versions, same session length."""
        return Cohort(versions=self.versions, rounds=self.rounds, mode=self.mode)


class Cohort(_Record):
    """Records a report may put together: one set of card versions, one length, one mode (§16, §18.4)."""

    versions: str
    rounds: SessionLength
    mode: Mode


def versions_fingerprint(cards: tuple[str, ...] | list[str]) -> str:
    """The first 16 hex digits of the SHA-256 of the sorted versioned ids."""
    return hashlib.sha256("\n".join(sorted(cards)).encode()).hexdigest()[:16]


def base_id(card: str) -> str:
    """The id a card keeps across versions (§18.4): ``S-08-v2`` → ``S-08``."""
    return card.split("-v")[0]
