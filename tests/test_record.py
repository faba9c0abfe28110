"""Frozen records behave as the frozen, slotted dataclasses they replace."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path
from typing import Any

import pytest

import calculator
from calculator._record import FrozenRecordError, fields_dict, record

PACKAGE = Path(calculator.__file__).parent


class Plan:
    tokens: int
    chunk_size: int = 512
    label: str = "default"


RecordPlan: type[Any] = record(type("Plan", (), dict(Plan.__dict__)))
DataclassPlan: type[Any] = dataclasses.dataclass(frozen=True, slots=True)(
    type("Plan", (), dict(Plan.__dict__))
)

CALLS = [
    ((1,), {}),
    ((1, 2), {}),
    ((1,), {"label": "x"}),
    ((), {"tokens": 3, "chunk_size": 4, "label": "y"}),
]


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_a_record_is_made_read_and_compared_as_the_dataclass(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    made, expected = RecordPlan(*args, **kwargs), DataclassPlan(*args, **kwargs)
    assert repr(made) == repr(expected)
    assert fields_dict(made) == dataclasses.asdict(expected)
    assert hash(made) == hash(expected)
    assert made == RecordPlan(*args, **kwargs)
    assert made != expected  # another class, as two dataclasses are
    assert not hasattr(made, "__dict__")
    assert RecordPlan.__match_args__ == DataclassPlan.__match_args__


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((1, 2, "z", 4), {}), ((1,), {"tokens": 2}), ((1,), {"size": 2})],
)
def test_a_record_refuses_the_calls_the_dataclass_refuses(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    with pytest.raises(TypeError):
        DataclassPlan(*args, **kwargs)
    with pytest.raises(TypeError):
        RecordPlan(*args, **kwargs)


def test_a_record_refuses_assignment_and_deletion() -> None:
    made = RecordPlan(1)
    with pytest.raises(FrozenRecordError):
        made.tokens = 2
    with pytest.raises(AttributeError):  # as a dataclass's FrozenInstanceError is
        del made.label
    assert made.tokens == 1


def records() -> list[type]:
    found = []
    for path in sorted(PACKAGE.glob("_*.py")):
        if path.stem.startswith("__"):
            continue  # __main__ would run the command line
        module = __import__(f"calculator.{path.stem}", fromlist=["_"])
        found += [
            value
            for value in vars(module).values()
            if inspect.isclass(value)
            and value.__module__ == module.__name__
            and "_record_defaults" in vars(value)
        ]
    return found


def test_every_value_class_of_the_calculator_is_a_slotted_record() -> None:
    classes = records()
    assert len(classes) >= 17
    for cls in classes:
        assert vars(cls)["__slots__"] == vars(cls)["__match_args__"], cls


def test_no_calculator_module_makes_a_dataclass() -> None:
    # The page's first start would compile each one's methods (calculator/_record.py).
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
                pytest.fail(f"{path.name} imports from dataclasses")
            if isinstance(node, ast.Import):
                assert "dataclasses" not in [alias.name for alias in node.names], path.name
