"""What a card's program does to the position its holder's own view shows (§6, §6.4, §6.9, §6.11,
§14.2, §14.4, lib 二.1): how the search agent imagines the options of a ``choose one``, ``use … /
pass`` of an optional trigger, the suit a card asks its holder for and the card kept of several
drawn or the lasting card kept.

Each answer is a program read from the deciding card's compiled steps, never from its id
(:func:`answers`): the steps of the option chosen (only the options the engine offers are asked,
so an option's ``when`` guard is already respected, O-C09, O-X08); the trigger's steps for ``use``
and none for ``pass`` — for a trigger that replaces a draw, ``pass`` is that draw
(:data:`REPLACED`); for a suit asked for a card (O-P06's), the card's program from that choice on,
answered with the suit (:func:`bound`); the kept card's resolution, one way of playing it for each
option of a choice inside it or each suit it asks (:func:`ways`), and nothing for the lasting card
already held (it has resolved, §6.9).

A program is imagined by :data:`EFFECTS`, a table from primitive name (``engine.hextech.words``) to the
moves it makes on the :class:`Position` the imagined rounds read (each word's moves named in its family
of :mod:`engine.agents.hextech.words`, the moves themselves here, :data:`MOVES`): the hand, the tiles
the player has seen (a tile given up is known from then on,
:func:`engine.agents.hextech.imagined.after_give`; the tile just drawn put under the wall is the one the
seat's own view names, R500), its river, its tiles shown to the round's end, and the top of the wall it
knows — drawn first, every fourth tile from its own next draw
(:func:`engine.agents.hextech.imagined.own_head`), a looked-at top it may put back in any order ordered
so that what it draws itself serves it best, a tile of the suit it chose put on top (O-P06) when that
serves it better than the top as it lay. A suit chosen is read by the moves after it: a take limited to
it (O-C04's) takes only its tiles. Each sample deals the tiles the view has not shown into two random
streams, the player's own draws to come and the others' tiles (:func:`streams`); every answer's ``i``-th
sample deals alike, so two answers that draw alike are told apart by their own merit. A primitive the
table does not hold (a safe discard, a draw from the other end, a card drawn, a status, a contract
replaced) moves no tile the rounds read: what it is worth stays the program value of ``words.VALUES``,
which makes the greedy agent's answer, kept unless the imagined rounds clearly beat it.  A move the
view cannot make (the tile just drawn put under the wall when the view names none; a tile of a
suit another seat chose) leaves the whole decision to the greedy agent (:class:`Unimaginable`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.agents.hextech import choices, imagined, steering, words
from engine.agents.hextech.aims import NO_AIM, Steer
from engine.core.decisions import PASS, Decision, DecisionKind
from engine.core.tiles import NUM_KINDS, NUMBER_SUITS, is_number
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.view import PlayerView, with_parts
from engine.hextech.vocabulary import ArgValue, ChooseStep, CompiledCard, PrimitiveStep, Program


@dataclass(frozen=True)
class Position:
    """An imagined position: the seat's view after the moves so far; the top of the wall it knows,
    in order (tiles it has seen), and how many of them from the top it puts back in an order of its
    choice; the aims its held contract gives the hand (``steering.steer_of``: the faces it rules
    out given up first and taken last, the shape it aims at kept); the suits it chose so far, by
    the name the card gives them (``choose_value(suit, as: X)``, :func:`bound`); and the sample's
    unseen tiles in two streams, each in a random order — ``mine``, the player's own draws to come,
    ``spare``, the tiles the others would draw or hold, which an extra draw, a tile received or a
    look at another seat's draws takes first.  Every answer's sample ``i`` shares the two streams,
    so answers that draw alike are told apart by their own merit (common random numbers)."""

    view: PlayerView
    mine: tuple[int, ...] = ()
    spare: tuple[int, ...] = ()
    top: tuple[int, ...] = ()
    free: int = 0
    aims: Steer = NO_AIM
    chosen: tuple[tuple[str, str], ...] = ()


class Unimaginable(Exception):
    """A move the seat's view cannot make: the tile just drawn put under the wall
    (``put_bottom(drawn)``) when the view names no tile drawn, a tile of a filter the moves do not
    read (:data:`FILTERS`) or of a suit the seat has not chosen (another seat's choice, O-N03); or
    moves that leave the hand short of the tiles a round plays with (a take the view finds nothing
    for, though the engine offered the card: its discard would then leave the hand short)."""


LASTING = "round_end"
"""The duration of a reveal the rounds read: shown to the round's end (B-09's)."""

Args = Mapping[str, ArgValue]
Move = Callable[[Position, Args, random.Random], Position]


def _counts(view: PlayerView) -> list[int]:
    vec = [0] * NUM_KINDS
    for k in view.hand:
        if k < NUM_KINDS:
            vec[k] += 1
    return vec


def _unseen(view: PlayerView) -> list[int]:
    """The tiles the view has not shown the seat (flowers left out: one is replaced at once)."""
    return [k for k in choices.unseen(view) if k < NUM_KINDS]


def _worst(pos: Position, allowed: Callable[[int], bool] = lambda k: True) -> int | None:
    """The hand tile to give up: one the contract rules out first, then one whose loss keeps most of
    the shape it aims at (:func:`engine.agents.hextech.steering.shape_discards`), then the one whose loss
    costs least by shanten and isolation (:func:`engine.agents.hextech.choices.losses`)."""
    vec = _counts(pos.view)
    held = [k for k in range(NUM_KINDS) if vec[k] and allowed(k)]
    if not held:
        return None
    aims = pos.aims
    keeping = set(steering.shape_discards(pos.view.hand, aims)) or set(held)
    ranked = [
        (k not in aims.junk, k not in keeping, *loss)
        for k, loss in zip(held, choices.losses(vec, pos.view.n_melds, held), strict=True)
    ]
    return held[ranked.index(min(ranked))]


def _best_first(pos: Position, faces: Sequence[int], wins: bool = True) -> list[int]:
    """``faces`` from the best to take to the worst: the contract's junk last, then by how much of
    the shape it aims at the hand would cover with each (:func:`engine.agents.hextech.steering.covered`),
    the shanten the hand would have and its connection (:func:`engine.agents.hextech.choices.gain`); a
    tile that would complete a hand it cannot win with (``wins`` false: an extra draw, H14) after
    every other of its kind, so it stays on the wall for a draw that can win."""
    vec = _counts(pos.view)
    n = pos.view.n_melds
    aims = pos.aims

    def rank(k: int) -> tuple[bool, int, bool, tuple[int, int]]:
        got = choices.gain(vec, n, k)
        vec[k] += 1
        cover = steering.covered(vec, aims.shape) if aims.shape is not None else 0
        vec[k] -= 1
        return k in aims.junk, -cover, not wins and got[0] < 0, got

    return sorted(faces, key=rank)


def _into_hand(view: PlayerView, k: int, seen: tuple[int, ...] | None = None) -> PlayerView:
    hand = tuple(sorted((*view.hand, k)))
    return with_parts(view, hand=hand, seen=view.seen if seen is None else seen)


def _less(tiles: Sequence[int], k: int) -> tuple[int, ...]:
    out = list(tiles)
    out.remove(k)
    return tuple(out)


OWN_DRAWS = frozenset({"normal"})
"""The draws (``as``) that are the player's own normal draw, from either end (P-12's from the
tail is as unseen as the top's); any other (an extra draw, a replacement) takes a tile another
would have drawn."""


def draw(pos: Position, args: Args, rng: random.Random) -> Position:
    """A tile drawn: the known top tile first; else the player's own next draw for a normal draw,
    another unseen tile for any other."""
    if str(args.get("end", "top")) == "top" and pos.top:
        k = pos.top[0]
        view = _into_hand(pos.view, k, _less(pos.view.seen, k))
        return replace(pos, view=view, top=pos.top[1:], free=max(pos.free - 1, 0))
    if str(args.get("as", "extra")) in OWN_DRAWS and pos.mine:
        return replace(pos, view=_into_hand(pos.view, pos.mine[0]), mine=pos.mine[1:])
    if not pos.spare:
        return pos
    return replace(pos, view=_into_hand(pos.view, pos.spare[0]), spare=pos.spare[1:])


def throw(pos: Position, args: Args, rng: random.Random) -> Position:
    """The worst hand tile discarded, into the own river (§6.11)."""
    k = _worst(pos)
    return pos if k is None else replace(pos, view=imagined.discarded(pos.view, k))


FILTERS: Mapping[str, Callable[[int], bool]] = {"any": lambda k: True, "number": is_number}
"""The tile filters a move can read (``which``, ``filter``, ``suit``) besides a suit the seat chose
(:attr:`Position.chosen`); any other is :class:`Unimaginable`."""
DRAWN = "drawn"
"""The tile filter of ``put_bottom`` that names the tile just drawn (S-07, S-12, P-08, G-10, G-18)."""
SUIT = "suit"
"""The name ``suit_on_top`` reads the chosen suit by (O-P06's ``choose_value(suit, as: suit)``)."""


def _test(pos: Position, word: str) -> Callable[[int], bool]:
    """The tile filter ``word``: a suit the seat chose by that name, or one of :data:`FILTERS`."""
    suit = dict(pos.chosen).get(word)
    if suit is not None:
        return lambda k: imagined.of_suit(k, suit)
    test = FILTERS.get(word)
    if test is None:
        raise Unimaginable(word)
    return test


def _filter(pos: Position, args: Args, name: str) -> Callable[[int], bool]:
    return _test(pos, str(args.get(name, "any")))


def part(pos: Position, args: Args, rng: random.Random) -> Position:
    """A hand tile given up, put under the wall or to another seat, known from then on (so drawn in
    no imagined round): the tile just drawn, which the seat's own view names (``which: drawn``,
    R500), else the worst of the ``which`` filter."""
    view = pos.view
    if str(args.get("which", "any")) == DRAWN:
        if view.drawn is None or view.drawn not in view.hand:
            raise Unimaginable(DRAWN)
        return replace(pos, view=with_parts(imagined.after_give(view, view.drawn), drawn=None))
    k = _worst(pos, _filter(pos, args, "which"))
    return pos if k is None else replace(pos, view=imagined.after_give(view, k))


def receive(pos: Position, args: Args, rng: random.Random) -> Position:
    """An unseen tile received (another seat's hidden tile, §14.2)."""
    return draw(pos, {"end": "tail", "as": "extra"}, rng)


def retrieve(pos: Position, args: Args, rng: random.Random) -> Position:
    """A tile taken back from the own river (lib 四 O-P05, lib 七 G-09): the latest discard while it
    is still in the river (its last tile), or the best of the ``filter`` among the others — the
    river's last tile among them once the latest discard was called away (R353)."""
    view = pos.view
    me = view.me
    river = view.rivers[me]
    test = _filter(pos, args, "filter")
    latest = len(river) - 1 if view.latest_kept[me] else len(river)
    places = [latest] if str(args.get("which", "latest")) == "latest" else list(range(latest))
    places = [i for i in places if 0 <= i < len(river) and test(river[i])]
    if not places:
        return pos
    best = _best_first(pos, [river[i] for i in places])[0]
    at = max(i for i in places if river[i] == best)
    rivers = tuple(river[:at] + river[at + 1 :] if p == me else r for p, r in enumerate(view.rivers))
    kept = tuple(k and at != latest if p == me else k for p, k in enumerate(view.latest_kept))
    return replace(pos, view=with_parts(_into_hand(view, best), rivers=rivers, latest_kept=kept))


def _looked(pos: Position, n: int, end: str) -> tuple[list[int], Position, int]:
    """The ``n`` tiles a look at one end shows, seen from now on: at the top, the known top first,
    then the tiles of the player's own draws where it draws next (every fourth from its next draw,
    :func:`engine.agents.hextech.imagined.own_head`) and the others' between; at the tail, others' tiles.
    The position without them, and how many were the known top's."""
    known = list(pos.top[:n]) if end == "top" else []
    mine, spare = list(pos.mine), list(pos.spare)
    first = imagined.OTHERS_DRAW if imagined.counted(pos.view) >= imagined.HAND else 0
    more = []
    for place in range(len(known), n):
        own = end == "top" and place >= first and (place - first) % (imagined.OTHERS_DRAW + 1) == 0
        stream = mine if own and mine else spare
        if stream:
            more.append(stream.pop(0))
    view = with_parts(pos.view, seen=(*pos.view.seen, *more))
    return known + more, replace(pos, view=view, mine=tuple(mine), spare=tuple(spare)), len(known)


def look_and_take(pos: Position, args: Args, rng: random.Random) -> Position:
    """The best ``take`` of ``n`` tiles looked at taken into the hand (lib 二.1, H14), only tiles of
    the chosen suit when the take is limited to one (``suit: X``, O-C04: none of it, none taken);
    the rest back on top in their order (``rest: top``) or out of the draws; a tile taken and
    ``discard: yes``, then the worst discarded."""
    test = _filter(pos, args, "suit")
    end = str(args.get("end", "top"))
    tiles, looked, known = _looked(pos, int(str(args.get("n", 1))), end)
    view = looked.view
    wins = str(args.get("as", "extra")) != "extra"
    taken = _best_first(looked, [k for k in tiles if test(k)], wins)[: int(str(args.get("take", 1)))]
    rest = list(tiles)
    for k in taken:
        view = _into_hand(view, k, _less(view.seen, k))
        rest.remove(k)
    below = pos.top[known:]
    if str(args.get("rest", "top")) == "top" and end == "top":
        pos = replace(looked, view=view, top=(*rest, *below), free=0)
    else:
        pos = replace(looked, view=view, top=below, free=max(pos.free - known, 0))
    return throw(pos, args, rng) if taken and str(args.get("discard", "no")) == "yes" else pos


ORDERED = frozenset({"any", "chosen_on_top"})
"""The rules of a reorder that let the player put the looked-at tiles in any order it likes for
its own draws (``chosen_on_top``: one chosen on top, the rest in any order)."""
SUIT_ON_TOP = "suit_on_top"
"""The rule of a reorder that lets one looked-at tile of the chosen suit go on top (O-P06, R300)."""


def look(pos: Position, args: Args, rng: random.Random) -> Position:
    """``n`` tiles of the top looked at and known (lib 二.1), put back in the best order for the
    player's own draws unless the rule keeps their order (``unchanged``); with ``suit_on_top``
    (O-P06, R300), the tile of the chosen suit best for the player's own next draw on top and the
    rest under it as they lay, or all as they lay when the tile on top already serves it better or
    none is of the suit (with the three O-P06 looks at, the player draws none of those under the top
    itself: every fourth tile, §12).  A look at the tail changes nothing the rounds draw."""
    if str(args.get("end", "top")) != "top":
        return pos
    rule = str(args.get("rule", "any"))
    tiles, looked, known = _looked(pos, int(str(args.get("n", 1))), "top")
    below = pos.top[known:]
    if rule == SUIT_ON_TOP:
        test = _test(pos, SUIT)
        best = _best_first(looked, [*(k for k in tiles if test(k)), *tiles[:1]])[:1]
        if best and test(best[0]):
            tiles = [*best, *_less(tiles, best[0])]
    free = max(pos.free, len(tiles)) if rule in ORDERED else pos.free
    return replace(looked, top=(*tiles, *below), free=free)


def show(pos: Position, args: Args, rng: random.Random) -> Position:
    """``n`` hand tiles shown to the round's end (§14.4): those the hand needs most, or at random
    for a random chooser; a contract that counts revealed tiles kept reads them (B-09).  A tile
    shown for less time is hidden again before any ending the rounds read: nothing changes."""
    if str(args.get("until", "round_end")) != LASTING:
        return pos
    test = _filter(pos, args, "filter")
    view = pos.view
    vec = [c if test(k) else 0 for k, c in enumerate(_counts(view))]
    n = min(int(str(args.get("n", 1))), sum(vec))
    if str(args.get("chooser", "holder")) == "random":
        shown = rng.sample([k for k in range(NUM_KINDS) for _ in range(vec[k])], n)
    else:
        shown = list(choices.keepers(vec, n))
    for k in shown:
        view = imagined.after_reveal(view, k)
    return replace(pos, view=view)


def swap(pos: Position, args: Args, rng: random.Random) -> Position:
    """Up to ``most`` hand tiles swapped for as many top tiles (lib 八 P-04): as many as the hand can
    spare (:func:`engine.agents.hextech.choices.choose_count`), the worst given up, the top drawn."""
    options = [str(n) for n in range(int(str(args.get("most", 1))) + 1)]
    for _ in range(int(choices.choose_count(pos.view, options))):
        pos = draw(part(pos, {}, rng), {}, rng)
    return pos


MOVES: Mapping[str, Move] = {
    "draw": draw,
    "throw": throw,
    "part": part,
    "receive": receive,
    "retrieve": retrieve,
    "look_and_take": look_and_take,
    "look": look,
    "show": show,
    "swap": swap,
}
"""The moves a word's imagined effect is made of, by the name its family gives them
(:data:`engine.agents.hextech.words.IMAGINED`)."""

EFFECTS: Mapping[str, tuple[Move, ...]] = {
    word: tuple(MOVES[move] for move in moves) for word, moves in words.IMAGINED.items()
}
"""What each primitive the imagined rounds can play does to the position, as moves in order (each
word's moves are in its family of :mod:`engine.agents.hextech.words`)."""

SUBJECTS = ("player", "for", "owner")
"""Arguments naming the seat a primitive acts for (``engine.hextech.words.PRIMITIVES``)."""

REPLACED: Mapping[str, Program] = {
    "draw.normal": (PrimitiveStep("draw_tile", (("end", "top"), ("as", "normal"))),),
    "draw.replacement": (PrimitiveStep("draw_tile", (("end", "tail"), ("as", "replacement"))),),
}
"""What happens when a trigger that replaces an event (``instead of``) is passed: the event itself,
a draw (G-15, P-12, P-18); any other event's (a chance card drawn) moves no tile."""


def played(program: Program) -> bool:
    """Whether the program runs a primitive the imagined rounds play (:data:`EFFECTS`)."""
    return any(isinstance(step, PrimitiveStep) and step.primitive in EFFECTS for step in program)


def _own(args: Args) -> bool:
    """Whether the primitive acts for the holder (a step run for another seat leaves the own hand)."""
    return all(str(args[name]) in choices.HOLDER for name in SUBJECTS if name in args)


CHOOSE_VALUE = "choose_value"
"""The primitive that asks a value the card's later steps read by name (``as``)."""
CHOSEN = "chosen"
"""The argument a ``choose_value`` step of an answer's program carries the answer in (:func:`bound`)."""
SUIT_ANSWERS = tuple(s.value for s in NUMBER_SUITS)
"""The answers of a suit choice (``m``, ``p``, ``s``)."""


def _asks_suit(step: PrimitiveStep) -> bool:
    """Whether ``step`` asks the card's holder to choose a suit (``choose_value(suit, as: X)``; a suit
    another seat chooses, O-N03's, is not the holder's to weigh)."""
    if step.primitive != CHOOSE_VALUE:
        return False
    args = dict(step.args)
    return args.get("kind") == "suit" and str(args.get("chooser", "holder")) in choices.HOLDER


def bound(step: PrimitiveStep, value: str) -> PrimitiveStep:
    """The ``choose_value`` step answered ``value``: the moves after it read the suit by its name."""
    return PrimitiveStep(step.primitive, (*step.args, (CHOSEN, value)))


def imagine(start: Position, program: Program, rng: random.Random) -> Position:
    """The position after ``program``'s primitive steps of :data:`EFFECTS` (a choice, condition,
    status or later step inside moves no tile the rounds read), a suit answered (:func:`bound`)
    remembered by its name for the moves after it; raises :class:`Unimaginable`."""
    pos = start
    for step in program:
        if not isinstance(step, PrimitiveStep):
            continue
        args = dict(step.args)
        if step.primitive == CHOOSE_VALUE and CHOSEN in args:
            pos = replace(pos, chosen=(*pos.chosen, (str(args["as"]), str(args[CHOSEN]))))
        elif step.primitive in EFFECTS and _own(args):
            for move in EFFECTS[step.primitive]:
                pos = move(pos, args, rng)
    return pos


def settled(pos: Position) -> tuple[PlayerView, tuple[int, ...]]:
    """The view the rounds start from (a hand over its turn's size throws its worst,
    :func:`engine.agents.hextech.imagined.settled`) and the player's own draws, in order: the tiles of the
    known top it draws itself (those it may order, the best for its settled hand at its own
    draws), then its own stream."""
    view = imagined.settled(pos.view)
    top = list(pos.top)
    free = min(pos.free, len(top))
    if free > 1:
        first = imagined.OTHERS_DRAW if imagined.counted(view) >= imagined.HAND else 0
        own = range(first, free, imagined.OTHERS_DRAW + 1)
        ranked = _best_first(replace(pos, view=view), top[:free])[: len(own)]
        rest = top[:free]
        for k in ranked:
            rest.remove(k)
        mine, others = iter(ranked), iter(rest)
        top[:free] = [next(mine) if i in own else next(others) for i in range(free)]
    return view, (*imagined.own_head(view, top), *pos.mine)


def streams(view: PlayerView, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One sample's two streams of the tiles ``view`` has not shown (:class:`Position`)."""
    pool = _unseen(view)
    rng.shuffle(pool)
    return tuple(pool[0::2]), tuple(pool[1::2])


def starts(start: Position, program: Program, n: int, seed: int) -> list[tuple[PlayerView, tuple[int, ...]]]:
    """The ``n`` imagined starts of ``program``: sample ``i`` drawn with the random numbers of
    ``seed + i`` (:func:`streams`, the same for every answer), played and settled (:func:`settled`);
    raises :class:`Unimaginable`, a start short of a waiting hand's tiles among it."""
    out = []
    for i in range(n):
        rng = random.Random(seed + i)
        mine, spare = streams(start.view, rng)
        view, head = settled(imagine(replace(start, mine=mine, spare=spare), program, rng))
        if imagined.counted(view) < imagined.HAND - 1:
            raise Unimaginable("hand")
        out.append((view, head))
    return out


def ways(program: Program) -> list[Program]:
    """The ways a kept card's program may be played: one for each option of its first choice — a
    ``choose one`` (its options without a ``when`` guard when there are any: the engine may not
    offer a guarded one), the choice replaced by the option's steps, or a suit its holder chooses
    (O-C04, O-P06), the step answered with each suit (:func:`bound`); the program itself when it has
    none."""
    for i, step in enumerate(program):
        if isinstance(step, ChooseStep):
            options = [o for o in step.options if o.condition is None] or list(step.options)
            return [program[:i] + o.steps + program[i + 1 :] for o in options]
        if isinstance(step, PrimitiveStep) and _asks_suit(step):
            return [(*program[:i], bound(step, suit), *program[i + 1 :]) for suit in SUIT_ANSWERS]
    return [program]


def _suits(card: CompiledCard, options: Sequence[str]) -> dict[str, list[Program]] | None:
    """Each suit's program when the decision is the holder's suit choice for the card (O-P06's, a
    suit asked for another card than the held contract): the card's program from that step on, the
    step answered with the suit (:func:`bound`); ``None`` when the options are not suits or none of
    the card's programs asks one as a step of its own (not inside a choice or a condition)."""
    if not options or not set(options) <= set(SUIT_ANSWERS):
        return None
    for program in (card.resolution, *(hook.steps for hook in card.hooks)):
        for i, step in enumerate(program):
            if isinstance(step, PrimitiveStep) and _asks_suit(step):
                return {o: [(bound(step, o), *program[i + 1 :])] for o in options}
    return None


def _resolution(card: CompiledCard | None) -> list[Program] | None:
    """The ways of playing a drawn card's resolution; ``None`` for no card, or a contract."""
    return None if card is None or card.contract is not None else ways(card.resolution)


def _kept(view: PlayerView, drawn: Sequence[str], held: str | None = None) -> dict[str, list[Program]] | None:
    """The ways of playing each card that may be kept: a drawn one resolves, the ``held`` lasting
    card has resolved already (§6.4, §6.9)."""
    found = {o: _resolution(view.cards.get(o)) for o in drawn}
    if held is not None:
        found[held] = [()] if held in view.cards else None
    return {o: ways for o, ways in found.items() if ways is not None} if None not in found.values() else None


def answers(view: PlayerView, decision: Decision) -> dict[str, list[Program]] | None:
    """Each answer's ways of playing (:func:`ways`), read from the cards' programs: the lasting card
    held or the one drawn (§6.9); one of several cards drawn (§6.4); ``use`` or ``pass`` of the
    card's one optional trigger; the suit its holder chooses for the card ``decision.about``
    (:func:`_suits`); the offered options of a ``choose one`` of the card.  ``None`` for any other
    decision."""
    options = decision.options
    if decision.kind is HextechKind.KEEP_LASTING:
        return _kept(view, options[1:], options[0])
    if decision.kind is not DecisionKind.CHOOSE:
        return None
    if all(o in view.cards for o in options):
        return _kept(view, options)
    card = view.cards.get(decision.about)
    if card is None:
        return None
    if tuple(options) == (f"use {card.id}", PASS):
        hooks = [hook for hook in card.hooks if hook.optional]
        if len(hooks) != 1:
            return None
        passed = REPLACED.get(hooks[0].event, ()) if hooks[0].replaces else ()
        return {options[0]: [hooks[0].steps], PASS: [passed]}
    suits = _suits(card, options)
    if suits is not None:
        return suits
    programs = (card.resolution, *(hook.steps for hook in card.hooks))
    step = next((c for c in (choices.find_choice(p, options) for p in programs) if c is not None), None)
    if step is None:
        return None
    steps = {o.label: o.steps for o in step.options}
    return {o: [steps[o]] for o in options}


def key(view: PlayerView, head: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """What of an imagined start its rounds read (one start's rounds are imagined once per sample)."""
    me = view.me
    return (view.hand, view.seen, view.rivers[me], view.revealed[me], head)
