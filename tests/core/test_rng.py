"""The seeded generator kept in every state: deterministic, copyable, independent copies."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kleos.core.rng import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def test_splitmix64_reference_values() -> None:
    """The generator is SplitMix64: state 0 gives the published first outputs, so logs replay
    identically on every platform and Python version."""
    r = Rng(0)
    assert r.next_u64() == 0xE220A8397B1DCDAF
    assert r.next_u64() == 0x6E789E6AA1B965F4
    assert r.next_u64() == 0x06C45D188009454F


@settings(deadline=None)
@given(seed=seeds)
def test_same_seed_same_sequence(seed: int) -> None:
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    assert [a.next_u64() for _ in range(8)] == [b.next_u64() for _ in range(8)]
    assert a.state == b.state


def test_different_seeds_differ() -> None:
    firsts = {Rng.from_seed(seed).next_u64() for seed in range(1000)}
    assert len(firsts) == 1000


@settings(deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=20))
def test_copy_is_independent(seed: int, steps: int) -> None:
    """A copy continues the same sequence and advancing one never moves the other."""
    r = Rng.from_seed(seed)
    for _ in range(steps):
        r.next_u64()
    c = r.copy()
    assert c == r and c is not r
    expected = r.copy().next_u64()
    for _ in range(5):
        c.next_u64()
    assert r.next_u64() == expected
    assert c.state != r.state


@settings(deadline=None)
@given(seed=seeds, n=st.integers(min_value=1, max_value=1000))
def test_below_is_in_range(seed: int, n: int) -> None:
    r = Rng.from_seed(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_random_is_in_unit_interval_and_roughly_uniform() -> None:
    r = Rng.from_seed(7)
    xs = [r.random() for _ in range(20_000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01


def test_d4_is_fair() -> None:
    """R-GEN-13: each face of the d4 is equally likely (chi-square, 3 d.o.f., far below 16.3 = p 0.001)."""
    r = Rng.from_seed(2024)
    n = 40_000
    counts = Counter(r.below(4) + 1 for _ in range(n))
    assert set(counts) == {1, 2, 3, 4}
    chi2 = sum((c - n / 4) ** 2 / (n / 4) for c in counts.values())
    assert chi2 < 16.3


def test_weighted_follows_the_weights_and_skips_zero_weights() -> None:
    r = Rng.from_seed(11)
    counts = Counter(r.weighted([0.0, 1.0, 3.0, 0.0]) for _ in range(20_000))
    assert set(counts) <= {1, 2}
    assert abs(counts[2] / 20_000 - 0.75) < 0.02


def test_weighted_single_outcome() -> None:
    r = Rng.from_seed(3)
    assert all(r.weighted([0.25]) == 0 for _ in range(100))
