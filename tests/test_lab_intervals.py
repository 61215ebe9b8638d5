"""Every interval the lab prints means what it says (§18.3, §18.4): shares stay in [0, 1] with a
width honest for small n, rates never go below 0, every value lies inside its interval, no interval
has zero width (a mean without spread has none and says so, R591), and the difference of two shares
stays in [−1, 1]; checked on generated counts and generated sessions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from tools.lab.compare import compare
from tools.lab.metrics import Aggregate, summarize
from tools.lab.session_spec import SessionSpec
from tools.lab.standin import play_session
from tools.lab.stats import (
    Difference,
    Estimate,
    difference,
    mean_of_moments,
    rate,
    share,
    shown,
    shown_difference,
)
from tools.lab.tally import tally

counts = st.integers(min_value=1, max_value=10**6).flatmap(
    lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
)


def check_estimate(e: Estimate) -> None:
    """One printed estimate: inside an interval of some width; a share inside [0, 1]; only a mean
    whose values have no spread has no interval (R591)."""
    if e.value is None:
        assert e.low is None and e.high is None and e.n == 0
        return
    if e.low is None or e.high is None:
        assert e.kind == "mean" and e.se == 0 and e.low is None and e.high is None
        assert "no interval" in shown(e)
        return
    assert e.low <= e.value <= e.high and e.low < e.high
    if e.kind == "share":
        assert 0.0 <= e.low < e.high <= 1.0
    if e.kind == "rate":
        assert 0.0 <= e.low < e.high


def check_difference(d: Difference) -> None:
    """One printed difference: inside its interval; of two shares, inside [−1, 1]."""
    check_estimate(d.a)
    check_estimate(d.b)
    if d.diff is None:
        return
    if d.low is None or d.high is None:
        assert None in (d.a.low, d.b.low) and not d.significant
        assert "no interval" in shown_difference(d)
        return
    assert d.low <= d.diff <= d.high and d.low < d.high
    if d.a.kind == d.b.kind == "share":
        assert -1.0 <= d.low <= d.high <= 1.0
    assert d.significant == (d.low > 0 or d.high < 0)


def walk(model: object) -> Iterator[Estimate | Difference]:
    """Every estimate and difference inside a lab result, however deeply it is held."""
    if isinstance(model, (Estimate, Difference)):
        yield model
        return
    if isinstance(model, BaseModel):
        for _, value in model:
            yield from walk(value)
    elif isinstance(model, dict):
        for value in model.values():
            yield from walk(value)
    elif isinstance(model, (tuple, list)):
        for value in model:
            yield from walk(value)


def check(model: object) -> int:
    found = 0
    for figure in walk(model):
        if isinstance(figure, Estimate):
            check_estimate(figure)
        else:
            check_difference(figure)
        found += 1
    return found


SHARES = (
    "chance_unexecutable",
    "normal_contract_completion",
    "black_contract_completion",
    "exhausted_rounds",
)
CARD_SHARES = ("holder_win_rate", "completion", "triggered", "unexecutable")
PARTY_SHARES = ("done", "alternative", "refused", "chip_skipped")


def shares(a: Aggregate) -> Iterator[Estimate]:
    """The figures docs/lab.md calls shares: each must be computed as one."""
    yield from (getattr(a.metrics, name) for name in SHARES)
    yield from a.metrics.win_order
    for card in a.cards.values():
        yield from (e for e in (getattr(card, name) for name in CARD_SHARES) if e is not None)
    if a.party is not None:
        yield from (getattr(a.party, name) for name in PARTY_SHARES)


def rates(a: Aggregate) -> Iterator[Estimate]:
    """The counts per round or per session: each must be a rate, never below 0."""
    for card in a.cards.values():
        yield from (e for e in (card.triggers_per_round, card.unexecutable_per_round) if e is not None)
    if a.party is not None:
        yield from (a.party.challenges_per_session, a.party.chips_per_session)


@given(counts)
def test_a_share_stays_in_0_1_and_has_width(hits_n: tuple[int, int]) -> None:
    hits, n = hits_n
    check_estimate(share(hits, n))


def test_small_n_is_honest_b03_five_of_five() -> None:
    """The issue's B-03 case: 5 completions out of 5 are not [1.000, 1.000] but Wilson's [0.566, 1]."""
    e = share(5, 5)
    assert (e.value, e.low, e.high) == (1.0, pytest.approx(0.565, abs=1e-3), 1.0)  # type: ignore[comparison-overlap]  # approx equals a float


@given(counts, counts)
def test_a_difference_of_shares_stays_in_minus_1_1(a: tuple[int, int], b: tuple[int, int]) -> None:
    check_difference(difference(share(*a), share(*b)))


@given(st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=60))
def test_a_rate_is_never_negative_and_holds_its_mean(values: list[int]) -> None:
    e = rate(len(values), sum(values), sum(v * v for v in values))
    check_estimate(e)
    assert e.value == pytest.approx(sum(values) / len(values), abs=1e-6)


@given(st.lists(st.integers(min_value=-300, max_value=300), min_size=1, max_size=60))
def test_a_mean_holds_its_value(values: list[int]) -> None:
    check_estimate(mean_of_moments(len(values), sum(values), sum(v * v for v in values)))


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["strategy", "party", "all"]),
    st.sampled_from([4, 8]),
    st.lists(st.integers(min_value=0, max_value=2**40), min_size=1, max_size=4),
    st.lists(st.integers(min_value=0, max_value=2**40), min_size=1, max_size=4),
)
def test_every_interval_of_a_report_and_a_comparison_s18_3(
    mode: str, rounds: int, seeds_a: list[int], seeds_b: list[int]
) -> None:
    """Generated sessions of every mode and length, few of them so that n is small: every estimate
    and difference in the aggregate (table, cards, party) and in a comparison passes."""
    spec = SessionSpec.model_validate({"mode": mode, "rounds": rounds})
    a = summarize(tally(play_session(spec.model_copy(update={"seed": s})) for s in seeds_a))
    b = summarize(tally(play_session(spec.model_copy(update={"seed": s})) for s in seeds_b))
    assert check(a) > 20
    assert all(e.kind == "share" for e in shares(a))
    assert all(e.kind == "rate" for e in rates(a))
    card = next(iter(a.cards))
    assert check(compare(card, a, card, b)) > 10


def test_a_rate_of_rounds_that_all_count_the_same_still_has_width() -> None:
    """40 rounds held, one trigger in each: not ``1.000 [1.000, 1.000]`` but the Poisson interval
    of 40 events in 40 rounds, about [0.71, 1.36]."""
    e = rate(40, 40, 40)
    assert e.value == 1.0 and e.low is not None and e.high is not None
    assert e.low == pytest.approx(0.714, abs=0.01) and e.high == pytest.approx(1.362, abs=0.01)
    none = rate(20, 0, 0)
    assert (none.value, none.low) == (0.0, 0.0) and none.high == pytest.approx(3.689 / 20, abs=1e-3)


@given(
    st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=40),
    st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=40),
)
def test_a_difference_of_rates_has_width_r591(a: list[int], b: list[int]) -> None:
    """Two rates, zero counts included, never give a zero-width difference (the walk-through's
    ``+0.000 [+0.000, +0.000]`` for two versions that never triggered)."""
    check_difference(difference(*(rate(len(v), sum(v), sum(x * x for x in v)) for v in (a, b))))


def test_a_mean_of_one_value_says_it_has_no_interval_r591() -> None:
    """One round held: ``12.000 [no interval: 1 value]``, not ``12.000 [12.000, 12.000]``; a
    difference with such a mean has no interval either."""
    one, alike, spread = mean_of_moments(1, 12, 144), mean_of_moments(3, 6, 12), mean_of_moments(2, 2, 4)
    assert shown(one) == "12.000 [no interval: 1 value]"
    assert shown(alike) == "2.000 [no interval: 3 values alike]"
    assert shown_difference(difference(spread, one)) == "+11.000 [no interval: 1 value]"
    zero = difference(rate(30, 0, 0), rate(30, 0, 0))
    assert shown_difference(zero) == "+0.000 [-0.123, +0.123]"
