"""Chunk lengths as a distribution, held to a brute force over the lengths written out."""

from __future__ import annotations

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from calculator._distribution import distribution

GROUPS = st.lists(st.tuples(st.integers(0, 50), st.integers(1, 2_000)), min_size=1).filter(
    lambda groups: any(count for count, _ in groups)
)


@given(GROUPS, st.integers(1, 100), st.integers(1, 40))
def test_the_figures_are_the_sorted_lengths(
    groups: list[tuple[int, int]], percent: int, bins: int
) -> None:
    lengths = sorted(length for count, length in groups for _ in range(count))
    found = distribution(groups)
    assert found.chunks == len(lengths)
    assert (found.least, found.most) == (lengths[0], lengths[-1])
    assert found.percentile(percent) == lengths[math.ceil(percent * len(lengths) / 100) - 1]
    assert found.median == lengths[math.ceil(len(lengths) / 2) - 1]
    histogram = found.histogram(bins)
    assert sum(count for _, _, count in histogram) == len(lengths)
    assert histogram[0][0] == lengths[0] and histogram[-1][1] == lengths[-1]
    for first, last, count in histogram:
        assert count == sum(first <= length <= last for length in lengths)
    assert all(b[0] == a[1] + 1 for a, b in itertools.pairwise(histogram))
