"""What every one at the table may see: the public table and the public announcements (§5.4, §6.2,
§8, §9.4, §10, §11, §12.4).

:func:`public_view` builds the host screen's table from the parts of a round
that are open to all: rivers, exposed melds (concealed kongs face down until
their owner has won, §10), flowers, tiles a card revealed, the hands of
players who have won (§11 phase 3), concealed-tile counts, contracts once
every player has chosen one (§9.4), augments (§5.4), scores, the wall count,
the dealer.  It has no field for a concealed hand, a card offer or what a card
let one player see, so it cannot carry one.

:data:`HEXTECH_FEED` is hextech's part of the one public feed
(:class:`~tools.console_web.feed.PublicFeed`): the events named in :data:`FEED`, each written as a
line from its public fields only: the round,
the world card (§6.2), the treasure order (§8), the augments drafted (revealed
together, §5.2), flowers, discards, calls and kongs (a concealed kong without
its tile), wins, the abandon window (§12.4), the party challenges' outcomes
(§7.4) and the round's end.  A draw, an offer or a concealed kong's tile is
never named there, so the feed holds nothing a seat must not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.melds import MeldKind
from engine.core.seats import PLAYERS
from engine.core.tiles import format_one
from engine.hextech.effects.context import RoundTable
from engine.hextech.state import ContractStatus
from engine.hextech.view import KINDS
from tools.console_web.feed import FeedWords, Heard, PublicFeed

MELD_WORDS = {"chi": "吃", "pon": "碰", "minkan": "明杠", "ankan": "暗杠", "kakan": "加杠"}
WAY_WORDS = {"self_draw": "自摸", "ron": "点和", "rob_kong": "抢杠"}
TIER_WORDS = {"silver": "银色", "gold": "金色", "prismatic": "棱彩"}
REASON_WORDS = {"third_win": "第三人胡牌", "wall_exhausted": "牌墙摸完"}
OUTCOME_WORDS = {
    "done": "完成",
    "alternative": "以替代动作完成",
    "refused": "拒绝",
    "chip_skipped": "花费1枚筹码跳过",
    "failed": "未成功",
}
ABANDON_WORDS = {"keep": "保留", "abandon": "放弃"}
CALLED = frozenset({MeldKind.CHI.value, MeldKind.PON.value})
"""The calls after which the caller discards without drawing."""


def _who(event: Heard) -> str:
    return "" if event.player is None else PLAYERS[event.player]


class _Fields(dict[str, object]):
    """An event's fields as a feed line's template reads them, ``who`` the seat of its player; a
    field the event lacks reads ``None``."""

    def __missing__(self, key: str) -> None:
        return None


def _said(template: str) -> Callable[[Heard], str]:
    """An event worded as ``template`` with its fields filled in (``{who}`` its player's seat)."""
    return lambda event: template.format_map(_Fields(event.data, who=_who(event)))


def _by_seat(value: object, joint: str = " ", word: Callable[[object], object] = str) -> str:
    """A seat-to-value mapping as ``A x，B y`` (each value as ``word`` names it), or nothing."""
    if not isinstance(value, dict):
        return ""
    return "，".join(f"{seat}{joint}{word(item)}" for seat, item in value.items())


def _drafted(event: Heard) -> str:
    tier = TIER_WORDS.get(str(event.data.get("tier")), "")
    return f"{tier}强化：{_by_seat(event.data.get('picks'))}"


def _meld(event: Heard) -> str:
    kind = str(event.data.get("kind"))
    return f"{_who(event)} {MELD_WORDS.get(kind, kind)} {event.data.get('tile')}（{event.data.get('from')}）"


def _kong(event: Heard) -> str:
    kind = str(event.data.get("kind"))
    if kind == MeldKind.ANKAN.value:
        return f"{_who(event)} 暗杠"
    return f"{_who(event)} {MELD_WORDS.get(kind, kind)} {event.data.get('tile')}"


def _hu(event: Heard) -> str:
    way = WAY_WORDS.get(str(event.data.get("way")), "")
    return f"{_who(event)} 胡牌（{way} {event.data.get('tile')}）{event.data.get('total')}分"


def _abandon(event: Heard) -> str:
    choices = _by_seat(event.data.get("choices"), word=lambda c: ABANDON_WORDS.get(str(c), c))
    return f"放弃窗口：{choices}"


def _settled(event: Heard) -> str:
    chips = int(str(event.data.get("chips", 0)))
    moved = f"（{event.data.get('to')} 欢乐筹码 {chips:+d}）" if chips else ""
    outcome = OUTCOME_WORDS.get(str(event.data.get("outcome")), "")
    return f"{_who(event)} {outcome} {event.data.get('card')}{moved}"


def _treasure(event: Heard) -> str:
    """The treasure order and its faces; an order whose treasure is each player's own (T-07's seat
    wind, §8.3) has no face for all to see."""
    faces = event.data.get("faces")
    return (
        f"宝牌顺序 {event.data.get('card')}：{faces}"
        if faces
        else f"宝牌顺序 {event.data.get('card')}（各人的个人宝牌）"
    )


def _ended(event: Heard) -> str:
    return f"本局结束：{REASON_WORDS.get(str(event.data.get('reason')), '')}"


FEED: Mapping[str, Callable[[Heard], str]] = {
    "round.started": _said("第{round}局开始，庄家 {dealer}"),
    "world.revealed": _said("世界牌 {card}"),
    "treasure.revealed": _treasure,
    "augment.drafted": _drafted,
    "flower.revealed": _said("{who} 亮花 {flower}"),
    "discard.made": _said("{who} 打出 {tile}"),
    "meld.exposed": _meld,
    "kong.established": _kong,
    "hu.confirmed": _hu,
    "tiles.revealed": _said("{who} 亮出 {tiles}"),
    "abandon.window": _abandon,
    "challenge.settled": _settled,
    "challenge.discarded": _said("{who} 花费1枚筹码弃置 {card}"),
    "round.ended": _ended,
    "seats.rotated": lambda event: f"换座：{_by_seat(event.data.get('seats'), '→')}",
}
"""The public events and how the feed words each (every field used is announced at the table)."""


def _discarded(feed: PublicFeed, event: Heard) -> None:
    feed.last_discard = event.player
    feed.called = None


def _melded(feed: PublicFeed, event: Heard) -> None:
    feed.last_discard = None
    feed.called = event.player if event.data.get("kind") in CALLED else None


def _started(feed: PublicFeed, event: Heard) -> None:
    feed.round = int(str(event.data.get("round", feed.round + 1)))
    feed.marks.update(world=None, treasure=None, treasure_faces="")
    feed.turn = feed.last_discard = feed.called = None


def _world(feed: PublicFeed, event: Heard) -> None:
    feed.marks["world"] = str(event.data.get("card", "")) or None


def _treasure_order(feed: PublicFeed, event: Heard) -> None:
    feed.marks.update(
        treasure=str(event.data.get("card", "")) or None, treasure_faces=str(event.data.get("faces", ""))
    )


def _turn(feed: PublicFeed, event: Heard) -> None:
    feed.turn = event.player


def _round_ended(feed: PublicFeed, event: Heard) -> None:
    feed.turn = feed.last_discard = feed.called = None


def _shown(feed: PublicFeed) -> dict[str, Any]:
    """The world card and the treasure order in force, as every message carries them (§6.2, §8)."""
    treasure = feed.marks.get("treasure")
    return {
        "world": feed.marks.get("world"),
        "treasure": None if treasure is None else {"card": treasure, "faces": feed.marks["treasure_faces"]},
    }


HEXTECH_FEED = FeedWords(
    said=FEED,
    marks={
        "discard.made": _discarded,
        "meld.exposed": _melded,
        "round.started": _started,
        "world.revealed": _world,
        "treasure.revealed": _treasure_order,
        "turn.started": _turn,
        "round.ended": _round_ended,
    },
    shown=_shown,
)
"""The hextech rule set's part of the public feed: its bus's public events, the turn announced by
``turn.started``, the world card and the treasure order in force."""


@dataclass(frozen=True)
class PublicSeat:
    """One seat as the whole table sees it."""

    melds: tuple[tuple[str, tuple[str, ...]], ...]
    river: tuple[str, ...]
    flowers: tuple[str, ...]
    revealed: tuple[str, ...]
    won: bool
    won_hand: tuple[str, ...]
    concealed_count: int
    contract: str | None


@dataclass(frozen=True)
class PublicView:
    """The public table of the round in play; ``seats`` empty between rounds."""

    seats: tuple[PublicSeat, ...] = ()
    wall_left: int = 0
    dealer: int | None = None
    abandon_window_done: bool = False


def _tiles(instances: Iterable[int], *, ordered: bool = False) -> tuple[str, ...]:
    """Tile instances as faces in notation, in their order or sorted (a hand laid down)."""
    kinds = [KINDS[i] for i in instances]
    return tuple(format_one(k) for k in (sorted(kinds) if ordered else kinds))


def public_view(rnd: RoundTable | None) -> PublicView:
    """The public part of the round ``rnd``'s table (see the module's docstring)."""
    if rnd is None:
        return PublicView()
    table = rnd.table
    players = table.players
    contracts_public = all(pl.contract_status is not ContractStatus.NONE for pl in players)
    seats = tuple(
        PublicSeat(
            melds=tuple(
                (
                    m.meld.kind.value,
                    ()
                    if m.meld.kind is MeldKind.ANKAN and not pl.won
                    else tuple(format_one(k) for k in m.meld.tiles),
                )
                for m in pl.melds
            ),
            river=_tiles(pl.river),
            flowers=_tiles(pl.flowers),
            revealed=_tiles(pl.revealed, ordered=True),
            won=pl.won,
            won_hand=_tiles(pl.hand, ordered=True) if pl.won else (),
            concealed_count=len(pl.hand),
            contract=pl.contract if contracts_public else None,
        )
        for pl in players
    )
    return PublicView(
        seats=seats,
        wall_left=len(table.wall),
        dealer=table.dealer,
        abandon_window_done=rnd.abandon_window_done,
    )
