"""A person at the table: the ``human`` seat of ``hexmj play --agents`` of any rule set (§5.2, §9.1,
§10, §11; standard rules 出牌).

:class:`ConsoleAgent` answers its seat's decisions by asking a person at a
terminal.  At a hextech table, before each question the terminal shows what that seat's
:class:`~engine.hextech.view.PlayerView` holds and nothing more: the own hand in tile
notation and Chinese names, every seat's melds (others' concealed kongs face
down, §10), flowers, rivers, revealed tiles and hand sizes, the contracts as
far as they are public (§9.4), the augments (public, §5.4), the wall count and
the scores; the world card and the treasure order are public from their reveal
(§6.2, §8), so the terminal notes them as they are announced.  Cards are shown
with their Chinese names and 卡面正文.  At the core's table (``--rules NAME``) it shows what the
seat's :class:`~engine.core.seat_view.SeatView` holds: the own hand, every seat's melds (another's
concealed kong counted, its face never named, 出牌 3 (二)), flowers, river and hand size, the wall
count, the dealer, the prevalent wind and the scores.  Then the legal options, numbered: the
person types a number (always an option's place in the list), an option's
text, or a tile alone for the one option played with it (``5m`` for
``discard 5m``); anything else is asked again with a one-line reason.

The table is drawn on standard error, so the account (or ``--json``) on
standard output stays whole.  End of input (Ctrl-D) stops the session with
:class:`LeftTable` (exit 7), Ctrl-C with exit 130 (``tools/cli.py``); the log
written with ``--log FILE`` then holds every answer given, and
``hexmj play --resume FILE`` re-plays them without asking anyone and asks the
person again from the decision where the session stopped.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Generic, TextIO, TypeVar

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dsl.pools import pool_cards
from engine.agents.bots import PERSON, LoggedPerson
from engine.core.agent import Agent
from engine.core.decisions import Decision
from engine.core.seat_view import SeatView
from engine.core.seats import PLAYERS
from engine.core.tiles import format_one, format_tiles, name, parse
from engine.hextech.bus import Event
from engine.hextech.view import PlayerView
from tools.exit_codes import CommandError

V = TypeVar("V")

PEOPLE = ("human", "console")
MAX_TYPED = 200
"""The longest line a person's answer is read from; a longer one names no option and is read no
further than its end, a chunk at a time (R803)."""
"""The ``--agents`` names of a seat taken by a person at this terminal (``console`` is an alias)."""

MELD_NAMES = {"chi": "吃", "pon": "碰", "minkan": "明杠", "ankan": "暗杠", "kakan": "加杠"}
"""The Chinese word for each kind of meld (§10)."""


class LeftTable(CommandError):
    """The person at a seat ended the input (Ctrl-D): the session stops where it stands (exit 7);
    with ``--log FILE``, ``hexmj play --resume FILE`` continues it."""

    status = 7


@cache
def card_texts(mode: str, folder: Path | None = None) -> Mapping[str, tuple[str, str]]:
    """Each card of the mode's pool (§3) by id: its Chinese name and its 卡面正文; once per process."""
    return {card.id: (card.name, card.text) for card in pool_cards(mode, folder=folder)}


@dataclass
class Terminal:
    """Where the people at the table are asked: lines typed come from ``read``, the table is drawn on
    ``console``; ``texts`` gives the cards' names and texts on first use, ``resume`` is the command
    that continues the session (empty without a log).  As a bus sink it notes only what every seat
    sees announced: the round, the world card (§6.2) and the treasure order (§8)."""

    read: TextIO
    console: Console
    texts: Callable[[], Mapping[str, tuple[str, str]]]
    resume: str = ""
    round: int = 0
    world: str = ""
    treasure: str = ""

    @classmethod
    def stdio(cls, texts: Callable[[], Mapping[str, tuple[str, str]]], log: Path | None = None) -> Terminal:
        """The terminal of ``hexmj play``: standard input, the table on standard error; ``texts`` the
        cards' names and texts (none at the core's table)."""
        resume = f"hexmj play --resume {log}" if log is not None else ""
        console = Console(file=sys.stderr, highlight=False)
        return cls(sys.stdin, console, texts, resume=resume)

    def people(
        self, show: Callable[[V, Decision], None], replaying: bool = False
    ) -> dict[str, Callable[[random.Random], Agent[V]]]:
        """The factories :func:`~engine.agents.roster.make_bots` adds to the bots: a person at this
        terminal, each decision shown by ``show`` (:meth:`show` at a hextech table,
        :meth:`show_seat` at the core's); in a log being replayed or resumed (``replaying``) also a
        seat a person answered from the host console (``web``, R375), which only the log answers."""
        here: dict[str, Callable[[random.Random], Agent[V]]] = dict.fromkeys(
            PEOPLE, lambda rng: ConsoleAgent(self, show)
        )
        return {**here, PERSON: LoggedPerson} if replaying else here

    def table_event(self, name: str, player: int | None, data: Mapping[str, Any]) -> None:
        """A sink of the core's table: the round the table shows."""
        if name == "round.started":
            self.round += 1

    def event(self, event: Event) -> None:
        """A bus sink: the public announcements the table shows."""
        if event.name == "round.started":
            self.round += 1
            self.world = self.treasure = ""
        elif event.name == "world.revealed":
            self.world = str(event.data.get("card", ""))
        elif event.name == "treasure.revealed":
            self.treasure = f"{event.data.get('card', '')} {event.data.get('faces', '')}".strip()

    def card(self, card_id: str, *, text: bool = True) -> Text:
        """A card as ``S-08 名字`` with its 卡面正文 on the next line (left out with ``text=False``)."""
        known = self.texts().get(card_id)
        if known is None:
            return Text(card_id)
        label, body = known
        shown = Text(f"{card_id} {label}", style="bold")
        if text and body:
            shown.append(f"\n      {body}", style="default")
        return shown

    def show(self, view: PlayerView, decision: Decision) -> None:
        """Draw the seat's view and the decision put to it, its options numbered."""
        out = self.console
        dealt = any(view.hand_sizes)
        when = f"Round {self.round}" if dealt else f"Before round {self.round + 1}"
        out.rule(f"{when} · seat {PLAYERS[view.me]} · {decision.kind.value}")
        if dealt:
            self._table(view)
        else:
            out.print("Scores " + scores(view))
        self._cards(view)
        self._options(decision)

    def show_seat(self, view: SeatView, decision: Decision) -> None:
        """Draw a seat's view of the core's table and the decision put to it, its options numbered."""
        out = self.console
        out.rule(f"Round {self.round} · seat {PLAYERS[view.me]} · {decision.kind.value}")
        wind = f"{format_one(view.prevalent_wind)}{name(view.prevalent_wind)}"
        out.print(
            f"Wall {view.wall_left} left · dealer {PLAYERS[view.dealer]} · prevalent wind {wind} · scores "
            + scores(view)
        )
        out.print(table_seats(view))
        out.print(Text(f"Your hand  {tiles(view.hand)}", style="bold"))
        self._options(decision)

    def _options(self, decision: Decision) -> None:
        """What the decision is about and its options, numbered."""
        out = self.console
        if decision.about:
            about = decision.about.removeprefix("card:")
            out.print(Text("About  ").append(self.gloss(about)))
        for number, option in enumerate(decision.options, 1):
            out.print(Text(f"  {number:>2}. ").append(self.gloss(option)))

    def _table(self, view: PlayerView) -> None:
        """The dealt table: world and treasure cards, wall, scores, every seat, the own hand."""
        out = self.console
        if self.world:
            out.print(Text("World  ").append(self.card(self.world)))
        if self.treasure:
            card_id, _, faces = self.treasure.partition(" ")
            shown = self.card(card_id, text=False).append(f"  {tiles(parse(faces))}")
            out.print(Text("Treasure  ").append(shown))
        dealer = PLAYERS[view.dealer]
        out.print(f"Wall {view.wall_left} left · dealer {dealer} · scores " + scores(view))
        out.print(seats(view))
        out.print(Text(f"Your hand  {tiles(view.hand)}", style="bold"))
        if view.seen:
            out.print(f"Seen by a card  {tiles(view.seen)}")

    def _cards(self, view: PlayerView) -> None:
        """The own contract and augments with their texts; the others' by name where public."""
        out = self.console
        mine = view.contracts[view.me]
        if mine:
            state = "open" if view.contract_open else "no longer open"
            out.print(Text(f"Your contract ({state})  ").append(self.card(mine)))
        for augment in view.augments[view.me]:
            out.print(Text("Your augment  ").append(self.card(augment)))
        for p in range(4):
            public = [c for c in (view.contracts[p], *view.augments[p]) if c]
            if public and p != view.me:
                line = Text(f"{PLAYERS[p]}  ")
                for card_id in public:
                    line.append(self.card(card_id, text=False)).append("  ")
                out.print(line)

    def gloss(self, option: str) -> Text:
        """An option with what its words mean: card names and texts, tiles' Chinese names."""
        shown = Text(option, style="bold")
        words = option.split()
        cards = [w for w in words if w in self.texts()]
        if cards:
            for card_id in cards:
                shown.append("\n      ").append(self.card(card_id))
            return shown
        glossed = [names(w) for w in words]
        if any(glossed):
            shown.append("  " + " ".join(g for g in glossed if g), style="default")
        return shown

    def ask(self, decision: Decision) -> str:
        """The option the person picks, asked again with a reason until it is one."""
        seat = PLAYERS[decision.player]
        while True:
            self.console.print(f"{seat}> ", end="")
            try:
                line = self.read.readline(MAX_TYPED + 1)
                too_long = len(line) > MAX_TYPED and not line.endswith("\n")
                while too_long and (rest := self.read.readline(MAX_TYPED)) and not rest.endswith("\n"):
                    pass
            except KeyboardInterrupt:
                self._stopped(seat)
                raise
            if not line:
                self._stopped(seat)
                raise LeftTable(f"the person at {seat} left the table (end of input)")
            if too_long:
                span = f"a number 1–{len(decision.options)}"
                self.console.print(
                    Text(f"a line of more than {MAX_TYPED} characters names no option: type {span}")
                )
                continue
            answer, reason = pick(decision.options, line)
            if answer is not None:
                return answer
            self.console.print(Text(reason))

    def _stopped(self, seat: str) -> None:
        """Say where the session stopped and how it goes on."""
        self.console.print()
        how = f"continue with: {self.resume}" if self.resume else "it was not logged (--log FILE keeps it)"
        self.console.print(Text(f"Session stopped at {seat}'s decision; {how}"), soft_wrap=True)


class ConsoleAgent(Generic[V]):
    """A seat whose decisions a person answers at a :class:`Terminal`, each shown by ``show`` (a
    decision a resumed log already answers is never put to a person,
    :func:`engine.core.session.drive`)."""

    name = "human"
    sees = True
    person = True

    def __init__(self, terminal: Terminal, show: Callable[[V, Decision], None]) -> None:
        self.terminal = terminal
        self.show = show

    def decide(self, view: V, decision: Decision) -> str:
        """The option the person picks after seeing the view."""
        self.show(view, decision)
        return self.terminal.ask(decision)


def pick(options: tuple[str, ...], typed: str) -> tuple[str | None, str]:
    """The option ``typed`` names (its number, its text, or a last word only it ends with) and ``""``,
    or ``None`` and the one-line reason it names none."""
    text = " ".join(typed.split())
    span = f"a number 1–{len(options)}"
    if not text:
        return None, f"type {span} or an option"
    if text.isascii() and text.isdigit():
        if len(text) <= 6 and 1 <= int(text) <= len(options):
            return options[int(text) - 1], ""
        return None, f"{text} is not an option's number: type {span}"
    exact = [o for o in options if o.casefold() == text.casefold()]
    ends = [o for o in options if o.split()[-1].casefold() == text.casefold()]
    for fits in (exact, ends):
        if len(fits) == 1:
            return fits[0], ""
        if fits:
            return None, f"{text} fits several options ({', '.join(fits)}): type its number"
    return None, f"{text!r} is not one of the options: type {span} or an option's text"


def names(word: str) -> str:
    """The Chinese names of the tiles a word writes (``567m`` → 五万六万七万), else ``""``."""
    try:
        return "".join(name(k) for k in parse(word))
    except ValueError:
        return ""


def tiles(kinds: Iterable[int]) -> str:
    """Tiles in notation, each followed by its Chinese name, in the given order: ``5m五万 7z红中``."""
    return " ".join(f"{format_one(k)}{name(k)}" for k in kinds) or "—"


def scores(view: PlayerView | SeatView) -> str:
    """The session totals, seat by seat."""
    return "  ".join(f"{PLAYERS[p]} {view.scores[p]:+d}" for p in range(4))


def seat_columns() -> Table:
    """The table of seats: who, hand, melds, flowers, river."""
    table = Table(show_edge=False, pad_edge=False, expand=False)
    for column in ("seat", "hand", "melds", "flowers", "river"):
        table.add_column(column)
    return table


def who(p: int, me: int, dealer: int) -> str:
    """A seat's letter, marked when it is the deciding seat's or the dealer's (庄)."""
    return PLAYERS[p] + (" (you)" if p == me else "") + (" 庄" if p == dealer else "")


def table_seats(view: SeatView) -> Table:
    """Every seat of the core's table as its view shows it: concealed tiles only as a count; melds,
    another seat's concealed kongs counted face down (出牌 3 (二)); flowers and rivers."""
    table = seat_columns()
    for p in range(4):
        shown = [f"{MELD_NAMES[m.kind.value]} {format_tiles(m.tiles)}" for m in view.melds[p]]
        if p != view.me:
            shown += [f"{MELD_NAMES['ankan']} (face down)"] * view.concealed_kongs[p]
        flowers = " ".join(name(k) for k in view.flowers[p])
        river = " ".join(map(format_one, view.rivers[p]))
        table.add_row(
            who(p, view.me, view.dealer), f"{view.hand_sizes[p]} tiles", "  ".join(shown), flowers, river
        )
    return table


def seats(view: PlayerView) -> Table:
    """Every seat as the view shows it: concealed tiles only as a count, except the own hand and the
    hands of players who have won (§11); melds, flowers, revealed tiles, rivers."""
    table = seat_columns()
    for p in range(4):
        if view.won[p] and p != view.me:
            hand = "won: " + tiles(view.won_hands[p])
        else:
            hand = f"{view.hand_sizes[p]} tiles"
        if view.revealed[p]:
            hand += " · shown " + tiles(view.revealed[p])
        melds = "  ".join(
            f"{MELD_NAMES.get(kind, kind)} {format_tiles(faces) if faces else '(face down)'}"
            for kind, faces in view.meld_faces[p]
        )
        flowers = " ".join(name(k) for k in view.flowers[p])
        table.add_row(
            who(p, view.me, view.dealer), hand, melds, flowers, " ".join(map(format_one, view.rivers[p]))
        )
    return table
