"""What a rule set declares (issue 14 item 2).

A rule set is a package above the core (``engine.hextech``, ``engine.standard``,
``engine.hongzhong``, or a third party's) that registers a :class:`RuleSet` through the entry-point
group ``hexmj.rulesets`` (``engine.core.registry``).  It declares, as data, everything the table
needs to know to seat four players and play: its tile set, the deal (the hand's size, the dealer's
extra tile's place), how the dealer moves and how long a session is, which calls exist and their
priority, which win forms it accepts, how many winners a discard may have, and its table options.
Its scoring and settlement are the two functions every rule set writes for itself:
:meth:`RuleSet.score` reads a :class:`~engine.core.win.WinContext` and itemises the win as
:class:`~engine.core.win.Fan` lines, :meth:`RuleSet.settle` says who pays whom.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial

from engine.core.aim import Aim, FormShanten, aim_of
from engine.core.errors import InputError
from engine.core.hand import decompose
from engine.core.tiles import NUM_KINDS, instances_of, is_flower
from engine.core.win import Scored, WinContext

OptionValue = bool | int | str


class Call(StrEnum):
    """The calls a rule set may allow on another player's discard or in its own turn."""

    HU = "hu"
    PON = "pon"
    KONG = "kong"
    """An exposed kong on another player's discard (明杠)."""
    CHI = "chi"
    ADDED_KONG = "added_kong"
    """A fourth tile added to one's own pon (加杠), which another player may rob (抢杠)."""
    CONCEALED_KONG = "concealed_kong"


class DealerRotation(StrEnum):
    """How the deal moves after a round."""

    ROTATE = "rotate"
    """The next seat deals whatever happened (standard rules 术语 二: 庄家不连庄)."""
    WINNER_DEALS = "winner_deals"
    """The round's winner deals the next; after a drawn round the dealer stays."""
    DEALER_KEEPS_ON_WIN = "dealer_keeps_on_win"
    """The dealer deals again when it wins or the round is drawn, else the next seat deals."""


class DealerTile(StrEnum):
    """Where the deal gives the dealer its extra tile, the one that makes its hand fourteen (its
    place fixes which of the wall's tiles each hand gets)."""

    AFTER_THE_HANDS = "after_the_hands"
    """Each seat from the dealer's on takes its hand, then the dealer one more (R470)."""
    WITH_THE_DEALERS_HAND = "with_the_dealers_hand"
    """The dealer takes its hand and the extra tile together, then each other seat its hand (rulebook
    §11 phase 1: "庄家获得14张牌，其他玩家获得13张牌")."""


@dataclass(frozen=True)
class TileSet:
    """The tiles a rule set plays with: four copies of each of ``kinds``, one of each of ``flowers``
    (tile kinds of :mod:`engine.core.tiles`)."""

    kinds: tuple[int, ...]
    flowers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if any(not 0 <= k < NUM_KINDS for k in self.kinds) or len(set(self.kinds)) != len(self.kinds):
            raise InputError(f"a tile set's kinds must be distinct kinds below {NUM_KINDS}")
        if any(not is_flower(k) for k in self.flowers) or len(set(self.flowers)) != len(self.flowers):
            raise InputError("a tile set's flowers must be distinct flower kinds (the eight, 34-41)")

    def instances(self) -> tuple[int, ...]:
        """Every physical tile of the set, as tile instances, in instance order."""
        return tuple(i for k in (*self.kinds, *self.flowers) for i in instances_of(k))

    @property
    def size(self) -> int:
        """How many tiles the wall holds (144, 112, …)."""
        return 4 * len(self.kinds) + len(self.flowers)


@dataclass(frozen=True)
class Option:
    """One table option: its name, its default and the values it takes (``choices`` for a word or
    a number of a few values, ``low``/``high`` for a number of a range; a flag is a bool)."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    label: str = ""
    """The option's name as the players read it, in the document's words (the console shows it)."""
    choice_labels: tuple[str, ...] = ()
    """Each of ``choices`` as the players read it, in the same order."""

    def shown(self, value: OptionValue) -> str:
        """The option and its value as the players read them: ``报警：是``, ``底分：2``,
        ``游戏模式：限制模式``; the name and value as given where the rule set has no label."""
        if not self.label:
            return f"{self.name}={value}"
        if isinstance(value, bool):
            return f"{self.label}：{'是' if value else '否'}"
        words = dict(zip(self.choices, self.choice_labels, strict=False))
        return f"{self.label}：{words.get(str(value), value)}"

    def parse(self, text: str | None) -> OptionValue:
        """The value ``--option NAME[=VALUE]`` gives; a bare flag is true.  Raises
        :class:`InputError` naming the option and what it takes."""
        where = f"--option {self.name}"
        if isinstance(self.default, bool):
            if text is None:
                return True
            words = {"true": True, "yes": True, "on": True, "1": True}
            words |= {"false": False, "no": False, "off": False, "0": False}
            if text.lower() not in words:
                raise InputError(f"{where}: takes true or false, not {text!r}")
            return words[text.lower()]
        if text is None:
            raise InputError(f"{where}: needs a value ({self.name}=VALUE)")
        if isinstance(self.default, int):
            digits = text.removeprefix("-")
            if not (digits.isascii() and digits.isdigit()) or len(text) > 6:
                raise InputError(f"{where}: takes a whole number, not {text!r}")
            number = int(text)
            if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
                raise InputError(f"{where}: takes {self.low}..{self.high}, not {number}")
            if self.choices and text not in self.choices:
                raise InputError(f"{where}: takes one of {', '.join(self.choices)}, not {number}")
            return number
        if self.choices and text not in self.choices:
            raise InputError(f"{where}: takes one of {', '.join(self.choices)}, not {text!r}")
        return text


@dataclass(frozen=True)
class RuleSet(ABC):
    """A rule set's declaration, and the two functions it writes itself.

    ``calls`` lists the calls it allows in tiers of priority, highest first: ``((HU,), (PON,
    KONG), (CHI,))`` reads 胡 > 碰/杠 > 吃; within a tier, and between several claims of one tier,
    seat order from the discarder decides (``winners_per_discard`` claims of the top tier stand).
    ``win_forms`` names the forms of :mod:`engine.core.groups` (and those a rule set adds) a hand
    may be complete in; the bots play toward them (:meth:`aim`)."""

    name: str
    title: str
    source: str
    tiles: TileSet
    calls: tuple[tuple[Call, ...], ...]
    win_forms: tuple[str, ...]
    session_rounds: int
    dealer_rotation: DealerRotation
    hand_size: int = 13
    dealer_tile: DealerTile = DealerTile.AFTER_THE_HANDS
    """Where the dealer's extra tile is dealt (:func:`engine.core.deal.deal`)."""
    winners_per_discard: int = 1
    chi_from_upper_seat_only: bool = True
    options: tuple[Option, ...] = ()
    settlement: str = ""
    """One sentence: who pays whom, as the rule set's document puts it."""
    notes: Mapping[str, str] = field(default_factory=dict)
    form_shanten: Mapping[str, FormShanten] = field(default_factory=dict)
    """The shanten toward each win form of the rule set's own, by its name in :attr:`win_forms` (a
    form :mod:`engine.core.aim` does not know), for the bots to play toward."""
    min_suit_tiles: int = 0
    """The tiles of one number suit a win needs, declared melds counted (0: none)."""
    waiting_hand_calls: bool = True
    """Whether a waiting hand (听牌: one tile completes it in one of :attr:`win_forms`) may chi, pon or
    kong another player's discard; false, it may only hu or pass, and kongs only on its own draw
    (spec 002 术语 十四: "听牌不能吃、碰、杠对方的牌（自己抓牌可杠）", R553)."""

    def allows(self, call: Call) -> bool:
        """Whether any tier holds ``call``."""
        return any(call in tier for tier in self.calls)

    def priority(self, call: Call) -> int:
        """The call's tier, 0 the highest.  Raises :class:`InputError` for a call the rule set
        does not have."""
        for rank, tier in enumerate(self.calls):
            if call in tier:
                return rank
        raise InputError(f"{self.name} has no call {call.value!r}")

    def claim_tiers(self) -> dict[str, tuple[int, int]]:
        """Each call by its name (``hu``, ``pon``, ``kong``, ``chi``, …, the words a claim answers
        with): its tier, 0 the highest, and how many claims of that tier stand —
        :attr:`winners_per_discard` of a tier holding ``hu``, else one."""
        return {
            call.value: (rank, self.winners_per_discard if Call.HU in tier else 1)
            for rank, tier in enumerate(self.calls)
            for call in tier
        }

    def aim(self, options: Mapping[str, OptionValue] | None = None) -> Aim:
        """What a bot plays toward: the :attr:`win_forms` as shanten, the forms of the rule set's own
        by :attr:`form_shanten`, and :attr:`min_suit_tiles`; given the table's options, and where
        the rule set judges a win beyond its forms (:meth:`may_win` overridden), that judgement."""
        judge = None
        if options is not None and type(self).may_win is not RuleSet.may_win:
            judge = partial(self.may_win, options=dict(options))
        return aim_of(self.win_forms, self.form_shanten, self.min_suit_tiles, judge)

    def option(self, name: str) -> Option:
        """The option named ``name``; raises :class:`InputError` listing the rule set's options."""
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise InputError(f"--option {name}: {self.name} has no such option (its options: {known})")

    def resolve_options(self, given: Sequence[str]) -> dict[str, OptionValue]:
        """Every option's value from ``--option NAME[=VALUE]`` words, defaults filled in."""
        values: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for word in given:
            name, sep, value = word.partition("=")
            values[name] = self.option(name).parse(value if sep else None)
        return values

    def may_win(self, win: WinContext, options: Mapping[str, OptionValue]) -> bool:
        """Whether the hand of ``win`` is a win this rule set lets its holder declare: by default, one
        reading of it is in one of :attr:`win_forms`.  A rule set with further conditions (a
        minimum of fan, eight tiles of a suit, no win on a discard) extends it."""
        return any(reading.form in self.win_forms for reading in decompose(win.concealed, win.melds))

    @abstractmethod
    def score(self, win: WinContext, options: Mapping[str, OptionValue]) -> Scored:
        """Itemise ``win`` under the rule set's fan table."""

    @abstractmethod
    def settle(self, win: WinContext, scored: Scored, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        """Each player's gain (a loss negative) for ``scored``: who pays whom."""
