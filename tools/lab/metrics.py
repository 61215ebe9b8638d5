"""The balance metrics of §18.3, aggregated over session records of one cohort, with 95 % intervals.

Table metrics: the share of chance cards drawn that could not be executed
(§6.8; warning line above 20 %), the completion of normal contracts (band
55–85 %) and black contracts (band 20–55 %), the wall left when the first,
second and third players won, the share of rounds that ended with an
exhausted wall (§11 phase 6), the round length in turns, and the round
score.  Card metrics: for every augment and contract, its holders' mean
round score and win rate against every other player-round's, and the rates
(mean counts per round held) at which it triggered and could not act; for
world cards the same rates per round in force; for chance and party cards
the shares of their draws that triggered and that were unexecutable.

Party figures, only while the party module is on (§7.1, §7.4): the
challenges asked per session, the shares of their outcomes (done, by the
alternative, refused, skipped with a chip) and the chips held at a session's
end, all players together (the 欢乐之星 is decided per session).

Records of different card versions, lengths or modes never mix (§16, §18.4):
:class:`tools.lab.tally.Tally` refuses them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import InputError
from tools.lab.records import Cohort, SessionRecord
from tools.lab.stats import Difference, Estimate, difference, share
from tools.lab.tally import Completion, Drawn, Held, Party, Tally, tally

CardType = Literal["augment", "contract", "world", "chance", "party", "treasure"]

CHANCE_UNEXECUTABLE_LIMIT = 0.20
NORMAL_BAND = (0.55, 0.85)
BLACK_BAND = (0.20, 0.55)

_TYPES: dict[str, CardType] = {
    "S": "augment",
    "G": "augment",
    "P": "augment",
    "C": "contract",
    "B": "contract",
    "W": "world",
    "O": "chance",
    "F": "party",
    "T": "treasure",
}


def card_type(card: str) -> CardType:
    """The kind of a card from its id letter (§3): S/G/P augments, C/B contracts, W, O, F, T."""
    return _TYPES[card[0]]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Metrics(_Frozen):
    """The table metrics of §18.3 over every round of the cohort."""

    chance_unexecutable: Estimate
    normal_contract_completion: Estimate
    black_contract_completion: Estimate
    wall_left_at_win: tuple[Estimate, Estimate, Estimate]
    exhausted_rounds: Estimate
    round_turns: Estimate
    round_score: Estimate
    win_order: tuple[Estimate, Estimate, Estimate, Estimate]


CARD_FIGURES = (
    "holder_score",
    "holder_win_rate",
    "completion",
    "triggers_per_round",
    "unexecutable_per_round",
    "triggered",
    "unexecutable",
)
"""A card's figures (:class:`CardStats`), those it has: rates for held and world cards, shares for drawn
ones; the first three are the holder's."""


class CardStats(_Frozen):
    """One card's figures.

    Held cards (augments, contracts): ``rounds`` is the number of player-rounds
    it was held, ``triggers_per_round`` and ``unexecutable_per_round`` are rates
    (mean counts per round held: a card may act several times a round),
    ``score_advantage`` and ``win_advantage`` compare its holders with every
    other player-round.  World cards: the same rates per round in force.
    Chance and party cards: ``rounds`` is the number of draws, ``triggered``
    and ``unexecutable`` are shares of draws.  ``completion`` is set for
    contracts only.
    """

    card: str
    type: CardType
    rounds: int
    triggered: Estimate | None = None
    unexecutable: Estimate | None = None
    triggers_per_round: Estimate | None = None
    unexecutable_per_round: Estimate | None = None
    holder_score: Estimate | None = None
    score_advantage: Difference | None = None
    holder_win_rate: Estimate | None = None
    win_advantage: Difference | None = None
    completion: Estimate | None = None
    flags: tuple[str, ...] = ()


class AgentCard(_Frozen):
    """One augment's or contract's figures among the player-rounds one agent held it (§18.3): how
    many (``rounds``), the share of them it won (``win_rate``, §11) and its mean round score
    (``mean_score``, §13); for a contract also the shares completed (§9.5) and abandoned (§10)."""

    rounds: int
    win_rate: Estimate
    mean_score: Estimate
    completion: Estimate | None = None
    abandoned: Estimate | None = None


AGENT_FIGURES = ("completion", "abandoned", "win_rate", "mean_score")
"""An :class:`AgentCard`'s figures, in the order the report and the summary show them."""


def apart(per: Collection[AgentCard]) -> tuple[str, ...]:
    """The figures of one card on which some two agents' 95 % intervals do not overlap; a mean with
    no spread (one round, or rounds that all scored alike) has no interval to compare and is left
    out."""
    found = []
    for name in AGENT_FIGURES:
        spans = [
            (e.low, e.high)
            for held in per
            if (e := getattr(held, name)) is not None
            and e.low is not None
            and e.high is not None
            and e.high > e.low
        ]
        if len(spans) > 1 and max(low for low, _ in spans) > min(high for _, high in spans):
            found.append(name)
    return tuple(found)


class AgentContracts(_Frozen):
    """One agent's contracts over all its seats: the shares of chosen normal and black contracts it
    completed (§9.5, the §18.3 bands) and the share of all its contracts it abandoned (§10)."""

    normal_completion: Estimate
    black_completion: Estimate
    abandoned: Estimate


class PartyFigures(_Frozen):
    """The party module's figures (§7.1, §7.4): challenges asked per session, the shares of each
    outcome among them, and the chips all players hold at a session's end."""

    challenges_per_session: Estimate
    done: Estimate
    alternative: Estimate
    refused: Estimate
    chip_skipped: Estimate
    chips_per_session: Estimate


class Flag(_Frozen):
    """A figure outside its §18.3 warning line, or a holder advantage whose interval leaves out zero."""

    subject: str
    metric: str
    value: float | None
    rule: str


class Aggregate(_Frozen):
    """Everything a report shows for one cohort."""

    games: int
    cohort: Cohort
    metrics: Metrics
    cards: dict[str, CardStats]
    flags: tuple[Flag, ...]
    party: PartyFigures | None = None
    """``None`` while the party module is off (§3)."""
    agents: dict[str, AgentContracts] = {}
    """The agents that played (by name, as the records' seats say, sorted) and their contracts."""
    by_agent: dict[str, dict[str, AgentCard]] = {}
    """Per augment and contract (sorted by id), per agent that held it: the card's figures for
    that agent's seats, so that a card weak in one bot's hands can be told from a weak card."""


def aggregate(records: Iterable[SessionRecord]) -> Aggregate:
    """One cohort's §18.3 metrics, per-card figures and flags; flagged cards come first."""
    return summarize(tally(records))


def summarize(counts: Tally) -> Aggregate:
    """The report figures of a tally."""
    if counts.cohort is None:
        raise InputError("no session records to report on")
    metrics = _table_metrics(counts)
    cards = _card_stats(counts)
    order = sorted(cards, key=lambda c: (not c.flags, c.card))
    card_flags = [
        Flag(subject=c.card, metric=f, value=_flag_value(c, f), rule=_card_rule(c, f))
        for c in order
        for f in c.flags
    ]
    return Aggregate(
        games=counts.games,
        cohort=counts.cohort,
        metrics=metrics,
        cards={c.card: c for c in order},
        flags=_metric_flags(metrics) + tuple(card_flags),
        party=_party(counts.party),
        agents={agent: _agent_contracts(counts.agents[agent]) for agent in sorted(counts.agents)},
        by_agent=_by_agent(counts),
    )


def _by_agent(counts: Tally) -> dict[str, dict[str, AgentCard]]:
    out: dict[str, dict[str, AgentCard]] = {}
    for agent, cards in sorted(counts.agents.items()):
        for card, held in cards.items():
            out.setdefault(card, {})[agent] = _agent_card(card, held)
    return {card: out[card] for card in sorted(out)}


def _agent_contracts(cards: dict[str, Held]) -> AgentContracts:
    normal, black = Completion(), Completion()
    abandoned = 0
    for card, held in cards.items():
        if card_type(card) == "contract":
            kind = normal if card.startswith("C") else black
            kind.merge(Completion(chosen=held.score.n, completed=held.completed))
            abandoned += held.abandoned
    return AgentContracts(
        normal_completion=share(normal.completed, normal.chosen),
        black_completion=share(black.completed, black.chosen),
        abandoned=share(abandoned, normal.chosen + black.chosen),
    )


def _agent_card(card: str, held: Held) -> AgentCard:
    n = held.score.n
    contract = card_type(card) == "contract"
    return AgentCard(
        rounds=n,
        win_rate=held.wins.share(),
        mean_score=held.score.estimate(),
        completion=share(held.completed, n) if contract else None,
        abandoned=share(held.abandoned, n) if contract else None,
    )


def _party(party: Party) -> PartyFigures | None:
    if party.asked.n == 0:
        return None
    asked = party.asked.total
    return PartyFigures(
        challenges_per_session=party.asked.rate(),
        done=share(party.outcomes["done"], asked),
        alternative=share(party.outcomes["alternative"], asked),
        refused=share(party.outcomes["refused"], asked),
        chip_skipped=share(party.outcomes["chip_skipped"], asked),
        chips_per_session=party.chips.rate(),
    )


def _table_metrics(counts: Tally) -> Metrics:
    rounds = counts.rounds
    seats = 4 * rounds
    first, second, third = (wall.estimate() for wall in counts.wall_at_win)
    return Metrics(
        chance_unexecutable=share(counts.chance.unexecutable, counts.chance.n),
        normal_contract_completion=share(counts.normal.completed, counts.normal.chosen),
        black_contract_completion=share(counts.black.completed, counts.black.chosen),
        wall_left_at_win=(first, second, third),
        exhausted_rounds=share(counts.exhausted, rounds),
        round_turns=counts.turns.estimate(),
        round_score=counts.everyone.score.estimate(),
        win_order=(
            share(counts.places[1], seats),
            share(counts.places[2], seats),
            share(counts.places[3], seats),
            share(counts.places[0], seats),
        ),
    )


def _card_stats(counts: Tally) -> list[CardStats]:
    stats = [_held_stats(card, held, counts.everyone) for card, held in counts.held.items()]
    stats += [
        CardStats(
            card=card,
            type="world",
            rounds=world.triggered.n,
            triggers_per_round=world.triggered.rate(),
            unexecutable_per_round=world.unable.rate(),
        )
        for card, world in counts.world.items()
    ]
    stats += [_drawn_stats(card, drawn) for card, drawn in counts.drawn.items()]
    return stats


def _held_stats(card: str, held: Held, everyone: Held) -> CardStats:
    holder_score, holder_wins = held.score.estimate(), held.wins.share()
    completion = share(held.completed, held.score.n) if card_type(card) == "contract" else None
    stats = CardStats(
        card=card,
        type=card_type(card),
        rounds=held.score.n,
        triggers_per_round=held.triggered.rate(),
        unexecutable_per_round=held.unable.rate(),
        holder_score=holder_score,
        score_advantage=difference(everyone.score.minus(held.score).estimate(), holder_score),
        holder_win_rate=holder_wins,
        win_advantage=difference(everyone.wins.minus(held.wins).share(), holder_wins),
        completion=completion,
    )
    return stats.model_copy(update={"flags": _held_flags(stats)})


def _held_flags(s: CardStats) -> tuple[str, ...]:
    flags: list[str] = []
    if s.completion is not None and s.completion.value is not None:
        low, high = NORMAL_BAND if s.card.startswith("C") else BLACK_BAND
        if not low <= s.completion.value <= high:
            flags.append("completion")
    if s.score_advantage is not None and s.score_advantage.significant:
        flags.append("score_advantage")
    return tuple(flags)


def _drawn_stats(card: str, d: Drawn) -> CardStats:
    unexecutable = share(d.unexecutable, d.n)
    limited = card_type(card) == "chance" and (unexecutable.value or 0.0) > CHANCE_UNEXECUTABLE_LIMIT
    return CardStats(
        card=card,
        type=card_type(card),
        rounds=d.n,
        triggered=share(d.triggered, d.n),
        unexecutable=unexecutable,
        flags=("unexecutable",) if limited else (),
    )


def _card_rule(card: CardStats, flag: str) -> str:
    if flag == "completion":
        kind, (low, high) = ("normal", NORMAL_BAND) if card.card.startswith("C") else ("black", BLACK_BAND)
        return f"{kind} contract completion outside {low:.0%}–{high:.0%} (§18.3)"
    if flag == "score_advantage":
        return "holders' mean round score differs from everyone else's (95 % interval leaves out 0)"
    return "chance card unexecutable in more than 20 % of its draws (§18.3, §6.8)"


def _flag_value(card: CardStats, flag: str) -> float | None:
    if flag == "completion" and card.completion is not None:
        return card.completion.value
    if flag == "score_advantage" and card.score_advantage is not None:
        return card.score_advantage.diff
    return None if card.unexecutable is None else card.unexecutable.value


def _metric_flags(m: Metrics) -> tuple[Flag, ...]:
    flags: list[Flag] = []
    if m.chance_unexecutable.value is not None and m.chance_unexecutable.value > CHANCE_UNEXECUTABLE_LIMIT:
        rule = "chance cards unexecutable above 20 % (§18.3)"
        value = m.chance_unexecutable.value
        flags.append(Flag(subject="table", metric="chance_unexecutable", value=value, rule=rule))
    bands = (("normal_contract_completion", NORMAL_BAND), ("black_contract_completion", BLACK_BAND))
    for name, (low, high) in bands:
        value = getattr(m, name).value
        if value is not None and not low <= value <= high:
            rule = f"outside {low:.0%}–{high:.0%} (§18.3)"
            flags.append(Flag(subject="table", metric=name, value=value, rule=rule))
    return tuple(flags)
