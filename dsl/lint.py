"""``hexmj lint``: every problem of a set of card files, as :class:`dsl.errors.Diagnostic` findings.

Four passes, all reported in one run:

- the language's own checks: syntax (per file) and the semantic pass of
  :mod:`dsl.compiler` (unknown event or primitive, wrong argument, duplicate
  id, missing field…);
- module tags: a card tagged with a module that is not installed;
- endless trigger chains (:mod:`dsl.graph`), for the core alone and every
  combination of installed modules (§3, §6.7, §14.6);
- permission/prohibition conflicts (:mod:`dsl.conflicts`, §15), reported with
  the winner, or as an error when nothing decides; a party card that states or
  sets one is an error, since party cards never change legality (§7.1, R124);
- linting the whole card folder, a card that no example names (``NO-EXAMPLE``, a
  warning; docs/examples.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from dsl.compiler import check_cards
from dsl.conflicts import Conflict, Rule, card_rules, find_conflicts, load_rulings
from dsl.errors import CardSyntaxError, Diagnostic, Location
from dsl.examples import EXAMPLES_FOLDER, named_cards
from dsl.files import named_files
from dsl.graph import Chain, card_steps, endless_chains
from dsl.loader import default_paths, read_source
from dsl.model import Card
from dsl.parser import parse_text
from dsl.pools import card_modules
from engine.hextech.plugins import ModuleInfo, installed_modules


@dataclass(frozen=True)
class LintReport:
    """The findings of one lint run, sorted by place, and the sources they point into."""

    findings: tuple[Diagnostic, ...]
    sources: dict[str, str]

    @property
    def errors(self) -> int:
        """How many findings are errors."""
        return sum(1 for finding in self.findings if finding.severity == "error")


def card_files(paths: Sequence[Path]) -> list[Path]:
    """The ``.hex`` files named by ``paths`` (a folder stands for its ``.hex`` files, recursively); see
    :func:`dsl.files.named_files` for what is refused."""
    return named_files(paths, ".hex", "card file")


def lint(
    paths: Sequence[Path] | None = None,
    registry: Sequence[ModuleInfo] | None = None,
    *,
    examples: bool = False,
) -> LintReport:
    """Lint the card files of ``paths`` (default: the core cards and every installed module's cards);
    with ``examples``, also warn about every card no example beside its file names (docs/examples.md)."""
    modules = list(installed_modules() if registry is None else registry)
    files = card_files(paths) if paths else default_paths()
    sources: dict[str, str] = {}
    findings: list[Diagnostic] = []
    cards: list[Card] = []
    for path in files:
        text, bad_encoding = read_source(path)
        sources[str(path)] = text
        if bad_encoding is not None:
            findings.append(bad_encoding)
            continue
        try:
            cards.extend(parse_text(text, str(path)))
        except CardSyntaxError as err:
            findings.append(err.diagnostic)
    findings.extend(card_findings(cards, modules))
    if examples:
        findings.extend(example_findings(cards))
    return LintReport(tuple(sorted(set(findings), key=_place)), sources)


def card_findings(cards: Sequence[Card], registry: Sequence[ModuleInfo]) -> list[Diagnostic]:
    """Every finding about cards that parsed: the semantic pass, module tags, endless chains,
    §15 conflicts and party cards' rules (what :func:`lint` reports beyond syntax and encoding)."""
    findings = check_cards(cards)
    flagged = {card for finding in findings if finding.code == "UNKNOWN-MODULE" for card in finding.cards}
    findings.extend(f for f in module_tag_findings(cards, registry) if not set(f.cards) & flagged)
    findings.extend(chain_findings(cards, registry))
    findings.extend(conflict_findings(cards))
    findings.extend(party_rule_findings(cards))
    return findings


def example_findings(cards: Iterable[Card]) -> list[Diagnostic]:
    """``NO-EXAMPLE`` (a warning) for each card that no example file in the ``examples/`` folder beside
    its card file names: nothing shows that it does what its text says."""
    named: dict[Path, set[str]] = {}
    findings = []
    for card in cards:
        folder = Path(card.location.file).parent / EXAMPLES_FOLDER
        if folder not in named:
            named[folder] = named_cards(folder) if folder.is_dir() else set()
        if card.id not in named[folder]:
            findings.append(
                Diagnostic(
                    severity="warning",
                    code="NO-EXAMPLE",
                    cards=(card.id,),
                    message=f"{card.id} has no example: nothing shows it does what its text says",
                    location=card.location,
                    hint=f"write {folder / card.id}.yaml (docs/examples.md)",
                )
            )
    return findings


def _place(finding: Diagnostic) -> tuple[str, int, int, str, tuple[str, ...], str]:
    where = finding.location
    return (
        where.file if where else "",
        where.line if where else 0,
        where.column if where else 0,
        finding.code,
        finding.cards,
        finding.message,
    )


def module_tag_findings(cards: Iterable[Card], registry: Sequence[ModuleInfo]) -> list[Diagnostic]:
    """A card whose header names a module that is not installed can never be pooled (§3, §6.12)."""
    known = {module.name for module in registry} | {module.tag for module in registry}
    names = ", ".join(sorted(module.name for module in registry)) or "none"
    return [
        Diagnostic.error(
            "MODULE-NOT-INSTALLED",
            card.id,
            f"{card.id} is tagged with module {tag!r}, which is not installed",
            card.location,
            f"installed modules: {names}",
        )
        for card in cards
        for tag in card.tags
        if tag not in known
    ]


def module_combinations(registry: Sequence[ModuleInfo]) -> list[frozenset[str]]:
    """The core alone, then every combination of installed modules, smallest first."""
    names = sorted(module.name for module in registry)
    return [frozenset(combo) for size in range(len(names) + 1) for combo in combinations(names, size)]


def chain_findings(cards: Sequence[Card], registry: Sequence[ModuleInfo]) -> list[Diagnostic]:
    """Endless trigger chains, each reported once, in the smallest module combination that has it."""
    found: dict[tuple[str, ...], tuple[Chain, frozenset[str]]] = {}
    for combo in module_combinations(registry):
        present = [card for card in cards if card_modules(card, registry) <= combo]
        steps = [step for card in present for step in card_steps(card)]
        for chain in endless_chains(steps):
            found.setdefault(chain.cards, (chain, combo))
    by_id = {card.id: card for card in cards}
    return [_chain_diagnostic(chain, combo, by_id) for chain, combo in found.values()]


def _chain_diagnostic(chain: Chain, combo: frozenset[str], by_id: dict[str, Card]) -> Diagnostic:
    setting = "the core alone" if not combo else "modules " + " + ".join(sorted(combo))
    return Diagnostic(
        severity="error",
        code="LOOP",
        cards=chain.cards,
        message=(
            f"endless trigger chain in {setting}: {', '.join(chain.cards)} "
            f"through {', '.join(chain.events)}; no limit, world-card rule or guard breaks it"
        ),
        location=by_id[chain.cards[0]].location,
        hint="add a limit (limit 1 per round) to one of its steps, or a guard",
    )


def conflict_findings(cards: Iterable[Card]) -> list[Diagnostic]:
    """Permission/prohibition pairs, one finding per prohibition and outcome: a warning naming the
    §15 winner, an error when nothing decides."""
    rules = [rule for card in cards for rule in card_rules(card)]
    grouped: dict[tuple[str, str, str | None, str], list[Conflict]] = {}
    for conflict in find_conflicts(rules, load_rulings()):
        key = (conflict.forbid.card, conflict.action, conflict.winner, conflict.basis)
        grouped.setdefault(key, []).append(conflict)
    return [_conflict_diagnostic(group) for group in grouped.values()]


def party_rule_findings(cards: Iterable[Card]) -> list[Diagnostic]:
    """A party card's permission or prohibition: party cards never change legality (§7.1), so none
    can meet another card's rule (CARD-INVENTORY §3 pair 17, R124)."""
    written: dict[tuple[str, Location], Rule] = {}
    for card in cards:
        for rule in card_rules(card) if card.type == "party" else ():
            written.setdefault((rule.card, rule.location), rule)  # as written, not the actions it covers
    return [
        Diagnostic.error(
            "PARTY-RULE",
            rule.card,
            f"{rule.card} would {rule.polarity} {rule.action}; a party card never changes legality",
            rule.location,
            "a party card records challenges and chips only (§7.1)",
        )
        for rule in written.values()
    ]


def _conflict_diagnostic(group: list[Conflict]) -> Diagnostic:
    first = group[0]
    forbid = first.forbid
    allows = [conflict.allow.card for conflict in group]
    pair = f"{', '.join(allows)} allow {first.action}, {forbid.card} forbids it"
    cards = (forbid.card, *allows)
    if first.winner is None:
        return Diagnostic(
            severity="error",
            code="PERMISSION-CONFLICT",
            cards=cards,
            message=f"{pair}: {first.basis}",
            location=forbid.location,
            hint="add a ruling to cards/conflict-rulings.yaml and docs/rulings.md",
        )
    winner = forbid.card if first.winner == "forbid" else " and ".join(allows)
    return Diagnostic(
        severity="warning",
        code="PERMISSION-CONFLICT",
        cards=cards,
        message=f"{pair}: {winner} wins ({first.basis})",
        location=forbid.location,
    )
