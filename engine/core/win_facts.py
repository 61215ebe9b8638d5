"""What the table knows of a win, as the :class:`WinContext` a rule set judges and scores (standard
rules 和牌的规定 二, fan 44–47, 58; issue 14 item 1).

Every flag is a fact of the table, never a judgement of a rule set (which of them score, and what
one excludes, is the rule set's): 和绝张 the other three copies of the winning face on view (in a
river or an exposed meld, :meth:`Player.on_view`), 妙手回春 / 海底捞月 the wall empty, 杠上开花
the tile came by the replacement of one's own kong, 抢杠和 the tile added to a pon, 天和 the
dealer's dealt hand, 地和 a non-dealer's first tile (the dealer's first discard or its own first
draw) before any call (R472).
"""

from __future__ import annotations

from engine.core.hand import is_complete_counts
from engine.core.table import P, Player, Table
from engine.core.win import WinContext


def winning(
    table: Table[Player],
    winner: int,
    tile: int,
    discarder: int | None,
    *,
    after_kong: bool = False,
    robbing_kong: bool = False,
    shown: int | None = None,
) -> bool:
    """Whether the rule set lets ``winner`` win on ``tile`` (see :func:`win_context`): the hand's
    counts are tried first where they decide a no (:attr:`Table.plain_judge`)."""
    player = table.players[winner]
    if table.plain_judge:
        vec = player.counts()
        if discarder is not None:
            vec[tile] += 1
        if not is_complete_counts(vec, len(player.melds)):
            return False
    win = win_context(
        table, winner, tile, discarder, after_kong=after_kong, robbing_kong=robbing_kong, shown=shown
    )
    return table.rules.may_win(win, table.options)


def copies_on_view(table: Table[P], face: int) -> int:
    """How many tiles of ``face`` every seat sees (:meth:`Table.visible_kinds`, counted without
    listing their kinds)."""
    n = 0
    for player in table.players:
        n += player.copies_on_view(face)
    return n


def last_copy(
    table: Table[Player], concealed: tuple[int, ...], tile: int, in_river: bool, shown: int | None
) -> bool:
    """和绝张 (番种 58): the winner's ``concealed`` tiles hold ``tile`` once and the other three
    copies are on view (``in_river``: the winning tile itself lies on view, in the discarder's
    river, and is not one of them).  ``shown``, the copies on view a response window counted, is
    read first, as it rarely reaches three; else the hand is, as counting the copies costs more."""
    if shown is not None:
        return shown - in_river >= 3 and concealed.count(tile) == 1
    return concealed.count(tile) == 1 and copies_on_view(table, tile) - in_river >= 3


def win_context(
    table: Table[Player],
    winner: int,
    tile: int,
    discarder: int | None,
    *,
    after_kong: bool = False,
    robbing_kong: bool = False,
    shown: int | None = None,
) -> WinContext:
    """The win of ``winner`` on ``tile``: self-drawn (``discarder`` ``None``, the tile already in
    hand), on ``discarder``'s discard (still in its river), or robbing ``discarder``'s added kong.
    The other three copies of the face are on view (和绝张) only if the winner's hand holds no other;
    ``shown`` is :func:`copies_on_view` of the face when the caller has counted it at this table."""
    player = table.players[winner]
    concealed = player.hand_kinds()
    if discarder is not None:
        concealed += (tile,)
    in_river = discarder is not None and not robbing_kong
    first_tile = not player.discarded and not table.any_call
    dealer = table.dealer
    return WinContext(
        concealed=concealed,
        melds=tuple([m.meld for m in player.melds]),
        winning_tile=tile,
        winner=winner,
        discarder=discarder,
        prevalent_wind=table.prevalent_wind,
        seat_wind=table.seat_wind(winner),
        dealer=dealer,
        meld_sources=tuple([m.from_player for m in player.melds]),
        flowers=player.flower_kinds(),
        last_copy=last_copy(table, concealed, tile, in_river, shown),
        last_of_wall=not table.wall,
        after_kong=after_kong,
        robbing_kong=robbing_kong,
        heavenly=first_tile and winner == dealer and discarder is None,
        earthly=first_tile
        and winner != dealer
        and (discarder is None or (discarder == dealer and len(table.players[dealer].river) == 1)),
    )
