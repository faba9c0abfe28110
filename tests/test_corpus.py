"""The corpus as the plan: every figure of documents split one by one is the sum of each
document's window walk (tests/reference.py), however the corpus is given."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from calculator import respond
from calculator._compare import Configuration, compare_configurations
from calculator._documents import plan_corpus, plan_documents, plan_equal_documents
from calculator._input_limit import input_limit
from calculator._reindex import corpus_settings_change, documents_change, edit_change
from reference import edited, reuse_walk, walk_windows, window_inputs

documents = st.lists(st.integers(0, 400), min_size=1, max_size=12)
windows = st.integers(1, 80).flatmap(
    lambda size: st.tuples(st.just(size), st.integers(0, size - 1))
)


def walked(lengths: list[int], chunk_size: int, overlap: int) -> list[list[int]]:
    return [walk_windows(length, chunk_size, overlap) for length in lengths]


@given(documents, windows)
def test_every_corpus_figure_is_the_sum_of_each_documents_walk(
    lengths: list[int], window: tuple[int, int]
) -> None:
    chunk_size, overlap = window
    walks = walked(lengths, chunk_size, overlap)
    plan = plan_documents(lengths, chunk_size, overlap)
    assert plan.documents == len(lengths)
    assert plan.tokens == sum(lengths)
    assert plan.chunks == sum(map(len, walks))
    assert plan.tokens_processed == sum(sum(walk) for walk in walks)
    assert plan.padded_tokens == plan.chunks * chunk_size
    every_chunk = sorted((n for walk in walks for n in walk), reverse=True)
    assert [n for group in plan.length_groups for n in [group.length] * group.count] == every_chunk
    # One stream of the same tokens is the seeds' comparison, not the plan.
    assert plan.one_stream.chunks == len(walk_windows(sum(lengths), chunk_size, overlap))


@given(documents, windows, st.integers(1, 100))
def test_the_input_limit_counts_each_documents_chunks(
    lengths: list[int], window: tuple[int, int], limit: int
) -> None:
    chunk_size, overlap = window
    chunks = [n for walk in walked(lengths, chunk_size, overlap) for n in walk]
    checked = input_limit(plan_documents(lengths, chunk_size, overlap), limit)
    assert checked.chunks_over_limit == sum(n > limit for n in chunks)
    assert checked.truncated_tokens == sum(max(0, n - limit) for n in chunks)


@given(documents, windows, windows)
def test_a_new_split_reuses_what_each_documents_walk_reuses(
    lengths: list[int], old: tuple[int, int], new: tuple[int, int]
) -> None:
    walks = [
        reuse_walk(window_inputs(range(n), *old), window_inputs(range(n), *new)) for n in lengths
    ]
    change = corpus_settings_change([(n, 1) for n in lengths], *old, *new)
    assert change.reused_chunks == sum(walk[0] for walk in walks)
    assert change.chunks_to_embed == sum(walk[1] for walk in walks)
    assert change.chunks_to_delete == sum(walk[2] for walk in walks)
    assert change.tokens_to_embed == sum(walk[3] for walk in walks)


@given(st.integers(1, 300), st.integers(1, 6), windows, st.data())
def test_an_edit_in_k_of_d_equal_documents(
    length: int, count: int, window: tuple[int, int], data: st.DataObject
) -> None:
    changed = data.draw(st.integers(0, count))
    at = data.draw(st.integers(0, length))
    delta = data.draw(st.integers(at - length, 50))
    old = window_inputs(range(length), *window)
    new = window_inputs(edited(length, at, delta), *window)
    reused, embed, delete, tokens = reuse_walk(old, new)
    document = plan_equal_documents(count, length, *window).document
    assert document is not None
    plan = documents_change(count, changed, document, edit_change(length, *window, at, delta))
    assert plan.chunks_to_embed == changed * embed
    assert plan.chunks_to_delete == changed * delete
    assert plan.tokens_to_embed == changed * tokens
    assert plan.reused_chunks == (count - changed) * len(old) + changed * reused


@given(documents, st.lists(windows, min_size=1, max_size=4))
def test_each_comparison_row_plans_the_corpus(
    lengths: list[int], rows: list[tuple[int, int]]
) -> None:
    corpus = tuple((n, 1) for n in lengths)
    comparison = compare_configurations(corpus, [Configuration(*row) for row in rows])
    for row, (chunk_size, overlap) in zip(comparison.rows, rows, strict=True):
        assert row.plan == plan_corpus(corpus, chunk_size, overlap)


def test_fifty_thousand_documents_of_1200_tokens() -> None:
    """The issue's engineer: the corpus makes 150,000 chunks at 512/64, one stream 133,929;
    at 1024/128, 100,000 against 66,965; a re-split to 512/128 embeds 47.2 M tokens."""
    at_512 = plan_equal_documents(50_000, 1200, 512, 64)
    assert (at_512.chunks, at_512.one_stream.chunks) == (150_000, 133_929)
    at_1024 = plan_equal_documents(50_000, 1200, 1024, 128)
    assert (at_1024.chunks, at_1024.one_stream.chunks) == (100_000, 66_965)
    assert corpus_settings_change([(1200, 50_000)], 512, 64, 512, 128).tokens_to_embed == (
        47_200_000
    )


def test_the_page_and_the_command_line_plan_one_corpus() -> None:
    """A link's documents are the page's plan, with the figures the command line gives."""
    answer = json.loads(respond(json.dumps({"query": "documents=50000&average_tokens=1200"})))
    assert answer["fields"]["corpus"] == "documents"
    assert (answer["result"]["chunks"], answer["result"]["document_count"]) == ("150000", "50000")
    assert answer["documents"]["one_stream"]["chunks"] == "133929"
    assert answer["compare"]["figures"]["rows"][0]["chunks"] == "150000"
