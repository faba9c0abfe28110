"""calculator/_retrieval/_evaluation_set.py: each format, each refusal with its line, and
excerpts located where they were cut from."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from calculator._retrieval._evaluation_set import (
    REASONS,
    EvaluationQuestion,
    EvaluationSetError,
    evaluation_set_format,
    read_evaluation_set,
)
from locale_contract import LANGUAGES, LOCALES

DOCUMENTS = [
    ("cats.txt", "Cats sleep sixteen hours a day.\nThey purr when content."),
    ("dogs.md", "Dogs bark at strangers.\nThey wag their tails when content."),
]


def read(text: str, file_format: str = "jsonl") -> list[EvaluationQuestion]:
    return read_evaluation_set(text, DOCUMENTS, file_format)


def refusal(text: str, file_format: str = "jsonl") -> tuple[int, str, dict[str, str]]:
    with pytest.raises(EvaluationSetError) as caught:
        read(text, file_format)
    return caught.value.line, caught.value.key, caught.value.params


def jsonl(*records: object) -> str:
    return "\n".join(json.dumps(record) for record in records) + "\n"


# --- The formats.


def test_jsonl_with_one_and_several_excerpts() -> None:
    text = jsonl(
        {"question": " How long do cats sleep? ", "excerpt": "sixteen hours", "id": 7},
        {"question": "Who barks?", "excerpts": ["Dogs bark", "strangers"], "document": "dogs.md"},
    )
    assert read(text) == [
        EvaluationQuestion("How long do cats sleep?", ((0, 11, 24),), 1),
        EvaluationQuestion("Who barks?", ((1, 0, 9), (1, 13, 22)), 2),
    ]


def test_csv_groups_consecutive_rows_of_one_question() -> None:
    text = (
        "Question,Excerpt,Document,Notes\n"
        "Who purrs?,They purr,,x\n"
        "Who purrs?,content.,cats.txt\n"
        "Who barks?,Dogs bark\n"
        "Who purrs?,Cats sleep\n"
    )
    assert read(text, "csv") == [
        EvaluationQuestion("Who purrs?", ((0, 32, 41), (0, 47, 55)), 2),
        EvaluationQuestion("Who barks?", ((1, 0, 9),), 4),
        # Not consecutive: a question of its own.
        EvaluationQuestion("Who purrs?", ((0, 0, 10),), 5),
    ]


def test_tsv_with_columns_in_another_order() -> None:
    text = "excerpt\tquestion\nsixteen hours\tHow long?\n"
    assert read(text, "tsv") == [EvaluationQuestion("How long?", ((0, 11, 24),), 2)]


def test_a_quoted_newline_is_part_of_the_excerpt_and_lines_count_from_the_record() -> None:
    text = 'question,excerpt\n"Two\nlines?","a day.\nThey purr"\nWho barks?,"Dogs, ""the"" bark"\n'
    with pytest.raises(EvaluationSetError) as caught:
        read(text, "csv")
    # The first record (lines 2 to 4) is found; the second, which starts on line 5, is not.
    assert (caught.value.line, caught.value.key) == (5, "not_found")
    assert caught.value.params["excerpt"] == 'Dogs, "the" bark'
    questions = read(text.split("Who barks", maxsplit=1)[0], "csv")
    assert questions == [EvaluationQuestion("Two\nlines?", ((0, 25, 41),), 2)]


def test_a_byte_order_mark_and_crlf_are_accepted() -> None:
    csv_text = '\ufeffquestion,excerpt\r\nWho barks?,Dogs bark\r\n\r\nWhy?,"a day.\nThey"\r\n'
    assert read(csv_text, "csv") == [
        EvaluationQuestion("Who barks?", ((1, 0, 9),), 2),
        EvaluationQuestion("Why?", ((0, 25, 36),), 4),
    ]
    lines = "\ufeff" + jsonl({"question": "q", "excerpt": "Dogs bark"}).replace("\n", "\r\n")
    assert read(lines) == [EvaluationQuestion("q", ((1, 0, 9),), 1)]


def test_blank_lines_and_rows_are_skipped() -> None:
    text = "\n" + jsonl({"question": "q", "excerpt": "Dogs bark"}) + "  \n\n"
    assert read(text) == [EvaluationQuestion("q", ((1, 0, 9),), 2)]
    table = "\nquestion,excerpt\n , \nq,Dogs bark\n,\n"
    assert read(table, "csv") == [EvaluationQuestion("q", ((1, 0, 9),), 4)]


def test_a_json_string_may_hold_a_line_separator() -> None:
    documents = [("d", "one\u2028two")]
    text = json.dumps({"question": "q", "excerpt": "one\u2028two"}, ensure_ascii=False)
    assert read_evaluation_set(text, documents, "jsonl")[0].excerpts == ((0, 0, 7),)


def test_an_excerpt_is_matched_verbatim() -> None:
    assert refusal(jsonl({"question": "q", "excerpt": "dogs bark"}))[1] == "not_found"
    assert refusal(jsonl({"question": "q", "excerpt": "Dogs  bark"}))[1] == "not_found"


def test_formats_by_file_name() -> None:
    names = ["a.jsonl", "b.NDJSON", "c.csv", "d.tsv", "e.tab", "f.json", "noext"]
    found = [evaluation_set_format(name) for name in names]
    assert found == ["jsonl", "jsonl", "csv", "tsv", "tsv", None, None]
    with pytest.raises(ValueError, match="unknown evaluation set format"):
        read("", "xml")


# --- Each refusal, with its line.

GOOD = {"question": "q", "excerpt": "Dogs bark"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (jsonl(GOOD) + "{oops\n", (2, "not_json", {"line": "2"})),
        (jsonl(GOOD, [1, 2]), (2, "not_an_object", {"line": "2"})),
        (jsonl(GOOD, "text"), (2, "not_an_object", {"line": "2"})),
        ("[" * 100_000 + "\n", (1, "not_json", {"line": "1"})),
        (jsonl({"excerpt": "Dogs"}), (1, "missing_field", {"line": "1", "field": "question"})),
        (jsonl({"question": "q"}), (1, "missing_field", {"line": "1", "field": "excerpt"})),
        (
            jsonl({"question": 3, "excerpt": "x"}),
            (1, "not_text", {"line": "1", "field": "question"}),
        ),
        (
            jsonl({"question": "q", "excerpt": None}),
            (1, "not_text", {"line": "1", "field": "excerpt"}),
        ),
        (
            jsonl({"question": "q", "excerpt": "Dogs", "document": 1}),
            (1, "not_text", {"line": "1", "field": "document"}),
        ),
        (jsonl({"question": "q", "excerpts": "Dogs"}), (1, "not_texts", {"line": "1"})),
        (jsonl({"question": "q", "excerpts": ["Dogs", 2]}), (1, "not_texts", {"line": "1"})),
        (
            jsonl({"question": "q", "excerpts": []}),
            (1, "empty_field", {"line": "1", "field": "excerpts"}),
        ),
        (
            jsonl({"question": "  ", "excerpt": "x"}),
            (1, "empty_field", {"line": "1", "field": "question"}),
        ),
        (
            jsonl({"question": "q", "excerpt": ""}),
            (1, "empty_field", {"line": "1", "field": "excerpt"}),
        ),
        (
            jsonl({"question": "q", "excerpts": ["Dogs", " \n"]}),
            (1, "empty_field", {"line": "1", "field": "excerpt"}),
        ),
        (
            jsonl({"question": "q", "excerpt": "Dogs", "excerpts": ["Dogs"]}),
            (1, "both_excerpt_fields", {"line": "1"}),
        ),
        ("", (1, "no_questions", {})),
        ("\n\n", (1, "no_questions", {})),
        (
            jsonl(GOOD, {"question": "q", "excerpt": "Dogs", "document": "birds.txt"}),
            (2, "unknown_document", {"line": "2", "document": "birds.txt"}),
        ),
        (
            jsonl(GOOD, GOOD, {"question": "q", "excerpt": "Parrots talk"}),
            (3, "not_found", {"line": "3", "excerpt": "Parrots talk"}),
        ),
        (
            jsonl({"question": "q", "excerpt": "Dogs bark", "document": "cats.txt"}),
            (1, "not_in_document", {"line": "1", "excerpt": "Dogs bark", "document": "cats.txt"}),
        ),
        (
            jsonl({"question": "q", "excerpt": "when content."}),
            (
                1,
                "in_two_documents",
                {"line": "1", "excerpt": "when content.", "first": "cats.txt", "second": "dogs.md"},
            ),
        ),
        (
            # Named, the document still holds the excerpt more than once.
            jsonl({"question": "q", "excerpt": "s", "document": "dogs.md"}),
            (1, "repeated", {"line": "1", "excerpt": "s", "document": "dogs.md"}),
        ),
        (
            jsonl({"question": "q", "excerpt": "e"}),
            (1, "repeated", {"line": "1", "excerpt": "e", "document": "cats.txt"}),
        ),
    ],
)
def test_jsonl_refusals(text: str, expected: tuple[int, str, dict[str, str]]) -> None:
    assert refusal(text) == expected


def test_a_named_document_settles_an_excerpt_found_in_two() -> None:
    text = jsonl({"question": "q", "excerpt": "when content.", "document": "dogs.md"})
    assert read(text) == [EvaluationQuestion("q", ((1, 45, 58),), 1)]


def test_overlapping_occurrences_are_two() -> None:
    documents = [("d", "xaaay")]
    with pytest.raises(EvaluationSetError) as caught:
        read_evaluation_set(jsonl({"question": "q", "excerpt": "aa"}), documents, "jsonl")
    assert caught.value.key == "repeated"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("question,answer\nq,a\n", (1, "missing_field", {"line": "1", "field": "excerpt"})),
        ("\n\nexcerpt\nDogs\n", (3, "missing_field", {"line": "3", "field": "question"})),
        ("question,excerpt\n", (1, "no_questions", {})),
        (
            "question,excerpt\nq,Dogs bark\n,Dogs\n",
            (3, "empty_field", {"line": "3", "field": "question"}),
        ),
        (
            "question,excerpt\nq,Dogs bark\nq\n",
            (3, "empty_field", {"line": "3", "field": "excerpt"}),
        ),
        ('question,excerpt\nq,Dogs bark\nq,"Dogs" bark\n', (3, "unreadable_row", {"line": "3"})),
        ('question,excerpt\nq,Dogs bark\nq,"Dogs\nbark\n', (3, "unreadable_row", {"line": "3"})),
        (
            'question,excerpt\n"a\nb",Dogs bark\nq,Birds\n',
            (4, "not_found", {"line": "4", "excerpt": "Birds"}),
        ),
        (
            "question,excerpt,document\nq,Dogs,cats\n",
            (2, "unknown_document", {"line": "2", "document": "cats"}),
        ),
    ],
)
def test_table_refusals(text: str, expected: tuple[int, str, dict[str, str]]) -> None:
    assert refusal(text, "csv") == expected


def test_a_long_excerpt_is_quoted_short() -> None:
    excerpt = "Parrots " * 20
    line, key, params = refusal(jsonl({"question": "q", "excerpt": excerpt}))
    assert (line, key) == (1, "not_found")
    assert len(params["excerpt"]) == 60
    assert params["excerpt"].endswith("…")


def test_the_error_speaks_english_and_travels() -> None:
    with pytest.raises(EvaluationSetError) as caught:
        read(jsonl(GOOD) * 1200 + jsonl({"question": "q", "excerpt": "Birds"}))
    error = caught.value
    assert str(error) == (
        "Line 1,201: the excerpt “Birds” is not found word for word in any document."
    )
    assert error.to_dict() == {
        "line": 1201,
        "key": "not_found",
        "params": {"line": "1201", "excerpt": "Birds"},
        "integer_params": ["line"],
    }
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.to_dict(), str(copy)) == (error.to_dict(), str(error))
    with pytest.raises(TypeError, match="takes"):
        EvaluationSetError(1, "not_found")


def test_every_reason_is_worded_in_every_catalog() -> None:
    for language in LANGUAGES:
        catalog = json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))
        for reason, names in REASONS.items():
            text = catalog[f"evaluation_set.{reason}"]
            assert text.format(**dict.fromkeys(names, "x")), (language, reason)


# --- Excerpts cut from random documents are found where they were cut.


# Few letters, so excerpts are often found twice; quotes, separators and line breaks of every
# kind, so the tables' quoting and the JSON lines' splitting are tried.
LETTERS = 'abcdef "\t,\n\r\u00e9\u2028'


def places(text: str, excerpt: str) -> set[tuple[int, int]]:
    """Brute force of the rule: every span of ``text`` that is ``excerpt``, or, where the
    excerpt has LF and no CR and the text has CRLF, the excerpt with CRLF; an LF span that
    is the LF of a CRLF is the CRLF span's, not one more."""
    found = {
        (at, at + len(excerpt))
        for at in range(len(text) - len(excerpt) + 1)
        if text[at : at + len(excerpt)] == excerpt
        and not (
            excerpt.startswith("\n") and at > 0 and text[at - 1] == "\r" and "\r" not in excerpt
        )
    }
    if "\n" in excerpt and "\r" not in excerpt and "\r\n" in text:
        crlf = excerpt.replace("\n", "\r\n")
        found |= {
            (at, at + len(crlf))
            for at in range(len(text) - len(crlf) + 1)
            if text[at : at + len(crlf)] == crlf
        }
    return found


@settings(max_examples=400, deadline=None)
@given(
    texts=st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=40), min_size=1, max_size=4),
    data=st.data(),
)
def test_a_unique_excerpt_is_found_where_it_was_cut(texts: list[str], data: st.DataObject) -> None:
    document = data.draw(st.integers(0, len(texts) - 1))
    text = texts[document]
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    excerpt = text[start:end]
    assume(excerpt.strip())
    occurrences = sum(len(places(other, excerpt)) for other in texts)
    event("unique" if occurrences == 1 else "found more than once")
    documents = [(f"doc{index}", other) for index, other in enumerate(texts)]
    file_format = data.draw(st.sampled_from(["jsonl", "csv", "tsv"]))
    if file_format == "jsonl":
        set_text = json.dumps({"question": "q", "excerpt": excerpt})
    else:
        delimiter = "," if file_format == "csv" else "\t"
        quoted = '"' + excerpt.replace('"', '""') + '"'
        set_text = f"question{delimiter}excerpt\r\nq{delimiter}{quoted}\r\n"
    if occurrences == 1:
        questions = read_evaluation_set(set_text, documents, file_format)
        # Where it was cut; or, an excerpt starting with the LF of a CRLF, that CRLF's place.
        (span,) = places(text, excerpt)
        assert questions == [
            EvaluationQuestion("q", ((document, *span),), 1 + (file_format != "jsonl"))
        ]
        assert span == (start, end) or (
            span == (start - 1, end) and text[start - 1 : start + 1] == "\r\n"
        )
    else:
        with pytest.raises(EvaluationSetError) as caught:
            read_evaluation_set(set_text, documents, file_format)
        assert caught.value.key in {"repeated", "in_two_documents"}


# Texts with a line end and a letter after it, so that every drawn excerpt can span one.
LINES = st.text(alphabet="ab \n", max_size=40).map(lambda text: text + "\nab")


@settings(max_examples=400, deadline=None)
@given(texts=st.lists(LINES, min_size=1, max_size=3), data=st.data())
def test_an_excerpt_with_lf_is_found_in_a_document_written_with_crlf(
    texts: list[str], data: st.DataObject
) -> None:
    # A visitor types or pastes the excerpt (LF), the file was written on Windows (CRLF).
    documents = [(f"doc{index}", text.replace("\n", "\r\n")) for index, text in enumerate(texts)]
    document = data.draw(st.integers(0, len(texts) - 1))
    text = texts[document]
    # An excerpt spanning one of the text's line ends (drawn, not filtered for: a filter that
    # refuses most draws fails Hypothesis's health check).
    at = data.draw(st.sampled_from([index for index, char in enumerate(text) if char == "\n"]))
    start = data.draw(st.integers(0, at))
    end = data.draw(st.integers(at + 1, len(text)))
    excerpt = text[start:end]
    assume(excerpt.strip())
    expected = {
        (index, *span)
        for index, (_, other) in enumerate(documents)
        for span in places(other, excerpt)
    }
    event("unique" if len(expected) == 1 else "found more than once")
    set_text = json.dumps({"question": "q", "excerpt": excerpt})
    if len(expected) == 1:
        (span,) = expected
        assert read_evaluation_set(set_text, documents, "jsonl")[0].excerpts == (span,)
        index, begin, finish = span
        assert documents[index][1][begin:finish] == excerpt.replace("\n", "\r\n")
    else:
        with pytest.raises(EvaluationSetError) as caught:
            read_evaluation_set(set_text, documents, "jsonl")
        assert caught.value.key in {"repeated", "in_two_documents"}


def test_a_set_of_too_many_excerpts_is_refused_at_the_line_past_the_limit() -> None:
    from calculator._retrieval._evaluation_set import MAX_EXCERPTS  # noqa: PLC0415

    document = " ".join(f"w{index}" for index in range(MAX_EXCERPTS + 2))
    lines = [
        json.dumps({"question": f"q{index}", "excerpt": f" w{index} "})
        for index in range(1, MAX_EXCERPTS + 2)
    ]
    with pytest.raises(EvaluationSetError) as refused:
        read_evaluation_set("\n".join(lines), [("d.txt", document)], "jsonl")
    assert (refused.value.key, refused.value.line) == ("too_many_excerpts", MAX_EXCERPTS + 1)
    assert refused.value.params["maximum"] == str(MAX_EXCERPTS)
    # At the limit, every excerpt is found.
    assert len(read_evaluation_set("\n".join(lines[:MAX_EXCERPTS]), [("d.txt", document)],
                                   "jsonl")) == MAX_EXCERPTS  # fmt: skip
