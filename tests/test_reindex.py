"""Re-embedding plans against a brute-force walk over real token sequences.

Every token of a test stream has its own id, the windows are walked along the
old and the new stream, and a new window keeps its embedding when the same
tuple of tokens was an old window: the definition the closed forms count.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from calculator import (
    CalculatorError,
    ReindexPlan,
    documents_change,
    edit_change,
    plan_chunks,
    settings_change,
)
from reference import edited, reuse_walk, window_inputs

# Each property test runs this many random cases against the brute force.
EXAMPLES = 2500


def figures(plan: ReindexPlan) -> tuple[int, int, int, int]:
    return plan.reused_chunks, plan.chunks_to_embed, plan.chunks_to_delete, plan.tokens_to_embed


def settings_walk(
    tokens: int, chunk_size: int, overlap: int, new_chunk_size: int, new_overlap: int
) -> tuple[int, int, int, int]:
    stream = list(range(tokens))
    return reuse_walk(
        window_inputs(stream, chunk_size, overlap),
        window_inputs(stream, new_chunk_size, new_overlap),
    )


def edit_walk(
    tokens: int, chunk_size: int, overlap: int, at: int, delta: int
) -> tuple[int, int, int, int]:
    return reuse_walk(
        window_inputs(list(range(tokens)), chunk_size, overlap),
        window_inputs(edited(tokens, at, delta), chunk_size, overlap),
    )


# tokens, C, O, C2, O2 → reused, to embed, to delete, tokens to embed
SETTINGS_EXAMPLES = [
    # 004: 200 000 tokens, 447 chunks at 512/64, 521 at 512/128: starts common to both steps
    # are the multiples of lcm(448, 384) = 2688 below 200 000 − 512, 75 of them.
    (200_000, 512, 64, 512, 128, 75, 446, 372, 266_560 - 75 * 512),
    (200_000, 512, 128, 512, 64, 75, 372, 446, 228_544 - 75 * 512),
    # Another chunk size: no full chunk can match, only the last one might.
    (200_000, 512, 64, 256, 0, 0, 782, 447, 200_000),
    (2500, 800, 200, 800, 200, 4, 0, 0, 0),  # nothing changed
    (2500, 800, 200, 1000, 400, 1, 3, 3, 3700 - 700),  # the same last chunk, 1800 … 2500
    (0, 512, 64, 256, 32, 0, 0, 0, 0),
    (300, 512, 64, 1024, 0, 1, 0, 0, 0),  # one short chunk either way: the whole text
]


@pytest.mark.parametrize(
    ("tokens", "size", "overlap", "new_size", "new_overlap", "reused", "embed", "delete", "fresh"),
    SETTINGS_EXAMPLES,
)
def test_settings_change_examples(
    tokens: int, size: int, overlap: int, new_size: int, new_overlap: int,
    reused: int, embed: int, delete: int, fresh: int,
) -> None:  # fmt: skip
    change = settings_change(tokens, size, overlap, new_size, new_overlap)
    assert figures(change) == (reused, embed, delete, fresh)
    assert change.old_chunks == plan_chunks(tokens, size, overlap).chunks
    assert change.new_chunks == plan_chunks(tokens, new_size, new_overlap).chunks
    if tokens <= 3000:
        assert settings_walk(tokens, size, overlap, new_size, new_overlap) == figures(change)


# tokens, C, O, at, delta → reused, to embed, to delete, tokens to embed
EDIT_EXAMPLES = [
    # One token inserted mid-text: 223 windows end before it, every later one shifts.
    (200_000, 512, 64, 100_000, 1, 223, 224, 224, 228_545 - 223 * 512),
    # A whole step inserted: the later windows line up again; two windows are new.
    (200_000, 512, 64, 100_000, 448, 446, 2, 1, 1024),
    (200_000, 512, 64, 100_000, -448, 445, 1, 2, 512),  # a whole step deleted
    (2500, 800, 200, 2500, 100, 3, 1, 1, 800),  # an append: only the last chunk grows
    (2000, 800, 200, 2000, 600, 3, 1, 0, 800),  # an append after an exact fit keeps it
    (2500, 800, 200, 0, 600, 4, 1, 0, 800),  # a step prepended: every old chunk stays
    (2500, 800, 200, 1900, -600, 2, 1, 2, 700),  # the end cut at 1900: 1200 … 1900 is new
    (2500, 800, 200, 0, -2500, 0, 0, 4, 0),  # everything deleted
    (0, 512, 64, 0, 700, 0, 2, 0, 764),  # an empty text filled
    (8000, 512, 64, 4000, 0, 18, 0, 0, 0),  # no edit
]


@pytest.mark.parametrize(
    ("tokens", "size", "overlap", "at", "delta", "reused", "embed", "delete", "fresh"),
    EDIT_EXAMPLES,
)
def test_edit_examples(
    tokens: int, size: int, overlap: int, at: int, delta: int,
    reused: int, embed: int, delete: int, fresh: int,
) -> None:  # fmt: skip
    change = edit_change(tokens, size, overlap, at, delta)
    assert figures(change) == (reused, embed, delete, fresh)
    assert edit_walk(tokens, size, overlap, at, delta) == figures(change)


@st.composite
def window_settings(draw: st.DrawFn, largest: int = 120) -> tuple[int, int]:
    size = draw(st.integers(1, largest))
    return size, draw(st.one_of(st.just(0), st.just(size - 1), st.integers(0, size - 1)))


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None)
@given(st.one_of(st.just(0), st.integers(0, 1500)), window_settings(), window_settings(),
       st.booleans())  # fmt: skip
@example(0, (5, 2), (5, 1), True)
@example(1000, (100, 20), (100, 40), True)
def test_settings_change_matches_the_walk(
    tokens: int, old: tuple[int, int], new: tuple[int, int], same_size: bool
) -> None:
    if same_size:  # the case where full-size chunks can match
        new = (old[0], min(new[1], old[0] - 1))
    change = settings_change(tokens, *old, *new)
    assert figures(change) == settings_walk(tokens, *old, *new)


@st.composite
def edits(draw: st.DrawFn) -> tuple[int, int, int, int, int]:
    """(N, C, O, at, delta), leaning on the cases that matter: p = 0, p = N, deletions
    to the end, and sizes that are a multiple of the step."""
    tokens = draw(st.one_of(st.just(0), st.integers(0, 1500)))
    size, overlap = draw(window_settings())
    step = size - overlap
    at = draw(st.one_of(st.just(0), st.just(tokens), st.integers(0, tokens)))
    room = tokens - at  # the most that can be deleted
    whole_steps = [k * step for k in range(1, room // step + 1)]
    deletion = st.one_of(
        st.just(room), st.integers(1, room), *([st.sampled_from(whole_steps)] * bool(whole_steps))
    )
    insertion = st.one_of(
        st.integers(1, 600), st.integers(1, 5).map(lambda k: k * step), st.just(step)
    )
    delta = draw(st.one_of(insertion, deletion.map(lambda d: -d)) if room else insertion)
    return tokens, size, overlap, at, delta


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None)
@given(edits())
@example((0, 5, 2, 0, 7))  # an empty text filled
@example((1000, 100, 20, 1000, 80))  # an append of a whole step
@example((1000, 100, 20, 0, 160))  # two steps prepended
@example((1000, 100, 20, 700, -300))  # a deletion reaching the end
@example((1000, 100, 20, 500, -240))  # a deletion of three steps mid-text
@example((1000, 100, 20, 0, -1000))  # everything deleted
def test_edit_matches_the_walk(edit: tuple[int, int, int, int, int]) -> None:
    assert figures(edit_change(*edit)) == edit_walk(*edit)


def test_every_small_settings_change_matches_the_walk() -> None:
    """Exhaustive on small texts: every N ≤ 24 and every pair of settings with C ≤ 6."""
    windows = [(size, overlap) for size in range(1, 7) for overlap in range(size)]
    checked = 0
    for tokens in range(25):
        for old in windows:
            for new in windows:
                assert figures(settings_change(tokens, *old, *new)) == settings_walk(
                    tokens, *old, *new
                )
                checked += 1
    assert checked == 25 * 21 * 21


def test_every_small_edit_matches_the_walk() -> None:
    """Exhaustive on small texts: every N ≤ 20, C ≤ 5, position and edit up to +9 tokens."""
    checked = 0
    for tokens in range(21):
        for size in range(1, 6):
            for overlap in range(size):
                for at in range(tokens + 1):
                    for delta in range(at - tokens, 10):
                        change = edit_change(tokens, size, overlap, at, delta)
                        assert figures(change) == edit_walk(tokens, size, overlap, at, delta)
                        checked += 1
    assert checked == 15 * sum((n + 1) * (n + 2) // 2 + 9 * (n + 1) for n in range(21))


def test_10_to_the_18_tokens_is_exact() -> None:
    tokens = 10**18
    change = settings_change(tokens, 512, 64, 512, 128)
    assert change.reused_chunks == (tokens - 513) // 2688 + 1
    assert change.new_chunks == plan_chunks(tokens, 512, 128).chunks
    assert change.tokens_to_embed == change.new_tokens_processed - 512 * change.reused_chunks
    middle = tokens // 2
    edit = edit_change(tokens, 512, 64, middle, 448 * 10**6)
    ended_before = (middle - 512) // 448 + 1
    assert edit.reused_chunks == edit.old_chunks - 1 == plan_chunks(tokens, 512, 64).chunks - 1
    assert edit.reused_chunks > ended_before
    assert edit.chunks_to_embed == edit.new_chunks - edit.reused_chunks == 10**6 + 1
    shifted = edit_change(tokens, 512, 64, middle, 1)
    assert shifted.reused_chunks == ended_before


def test_a_new_model_reuses_the_chunks_but_no_embedding() -> None:
    same = edit_change(8000, 512, 64, 0, 0).with_new_model()
    assert figures(same) == (0, 18, 18, 9088)
    assert same.old_chunks == same.new_chunks == 18


def test_changed_documents_lose_only_their_own_chunks() -> None:
    document = plan_chunks(2000, 512, 51)  # 5 chunks, 2204 tokens processed
    assert figures(documents_change(10_000, 25, document)) == (49_875, 125, 125, 25 * 2204)
    one_edit = edit_change(2000, 512, 51, 2000, 100)  # each changed document grows at its end
    plan = documents_change(10_000, 25, document, one_edit)
    assert figures(plan) == (49_975, 25, 25, 25 * (2100 - 1844))
    assert figures(documents_change(10, 0, document)) == (50, 0, 0, 0)
    assert figures(documents_change(10, 10, document).with_new_model()) == (0, 50, 50, 22_040)


# call → field, key, params
INVALID_CALLS = [
    (lambda: settings_change(100, 512, 64, 0, 0), "new_chunk_size", "too_small", {"minimum": "1"}),
    (
        lambda: settings_change(100, 512, 64, 128, 128),
        "new_overlap",
        "overlap_not_below_chunk_size",
        {"overlap": "128", "chunk_size": "128"},
    ),
    (lambda: settings_change(100, 512, 512, 128, 0), "overlap", "overlap_not_below_chunk_size",
     {"overlap": "512", "chunk_size": "512"}),
    (lambda: edit_change(100, 512, 64, 101, 1), "edit_at", "too_large", {"maximum": "100"}),
    (lambda: edit_change(100, 512, 64, -1, 1), "edit_at", "too_small", {"minimum": "0"}),
    (lambda: edit_change(100, 512, 64, 40, -61), "edit_tokens", "too_small", {"minimum": "-60"}),
    (lambda: edit_change(100, 512, 64, 100, -1), "edit_tokens", "too_small", {"minimum": "0"}),
    (
        lambda: edit_change(100, 512, 64, 0, 1.0),  # type: ignore[arg-type]
        "edit_tokens",
        "not_an_integer",
        {"type": "float"},
    ),
    (
        lambda: documents_change(10, 11, plan_chunks(100, 10, 0)),
        "changed_documents",
        "too_large",
        {"maximum": "10"},
    ),
    (
        lambda: documents_change(10, -1, plan_chunks(100, 10, 0)),
        "changed_documents",
        "too_small",
        {"minimum": "0"},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("call", "field", "key", "params"), INVALID_CALLS)
def test_invalid_arguments(call: object, field: str, key: str, params: dict[str, str]) -> None:
    assert callable(call)
    with pytest.raises(CalculatorError) as raised:
        call()
    assert (raised.value.field, raised.value.key, raised.value.params) == (field, key, params)
