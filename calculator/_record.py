"""Frozen records: the calculator's value classes, as ``@dataclass(frozen=True, slots=True)``
would make them, built without generating source code.

Why not dataclasses: a dataclass writes its ``__init__``, ``__repr__``, ``__eq__`` and the
rest as source text and compiles it when its module is imported.  The page's Python answers
a first visit from bytecode, and in Pyodide those compilations were most of
``import calculator`` (6-10 ms a class in WebAssembly's first, unoptimized tier; the
calculator has 17 of them), time a visitor waits for the first answer.  A record's methods
are shared functions that read the class's field names, made once here.

A record is declared as a dataclass is: annotated fields, defaults after the fields without
one; ``from __future__ import annotations`` in its module (the field names are read from the
class's ``__annotations__``).  It gets ``__slots__``, keyword or positional ``__init__``,
``__repr__``, ``__eq__``, ``__hash__`` and ``__match_args__``, and refuses assignment.

>>> @record
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(x=1, y=0), hash(Point(1)) == hash((1, 0))
(Point(x=1, y=0), True, True)
>>> Point(1).x = 2
Traceback (most recent call last):
    ...
calculator._record.FrozenRecordError: cannot assign to field 'x'
>>> Point(1, 2, 3)
Traceback (most recent call last):
    ...
TypeError: Point() takes 2 fields, 3 given
>>> Point(y=1)
Traceback (most recent call last):
    ...
TypeError: Point() missing field 'x'
>>> fields_dict(Point(3, 4))
{'x': 3, 'y': 4}
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform

    _Record = TypeVar("_Record")
else:
    # The page's Python need not import typing for this: the decorator only marks the
    # class for the type checkers.
    def dataclass_transform(**_options: object) -> object:
        return lambda decorator: decorator


class FrozenRecordError(AttributeError):
    """A record's field was assigned or deleted."""


def _field_names(record_object: object) -> tuple[str, ...]:
    names: tuple[str, ...] = type(record_object).__match_args__  # type: ignore[attr-defined]
    return names


def _values(record_object: object) -> tuple[object, ...]:
    return tuple(getattr(record_object, name) for name in _field_names(record_object))


def _init(self: object, *args: object, **kwargs: object) -> None:
    cls = type(self)
    names: tuple[str, ...] = cls.__match_args__  # type: ignore[attr-defined]
    defaults: dict[str, object] = cls._record_defaults  # type: ignore[attr-defined]
    if len(args) > len(names):
        raise TypeError(f"{cls.__name__}() takes {len(names)} fields, {len(args)} given")
    values = dict(zip(names, args, strict=False))
    for name, value in kwargs.items():
        if name not in names:
            raise TypeError(f"{cls.__name__}() has no field {name!r}")
        if name in values:
            raise TypeError(f"{cls.__name__}() got field {name!r} twice")
        values[name] = value
    for name in names:
        if name in values:
            object.__setattr__(self, name, values[name])
        elif name in defaults:
            object.__setattr__(self, name, defaults[name])
        else:
            raise TypeError(f"{cls.__name__}() missing field {name!r}")


def _repr(self: object) -> str:
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _field_names(self))
    return f"{type(self).__qualname__}({fields})"


def _eq(self: object, other: object) -> object:
    if type(other) is not type(self):
        return NotImplemented
    return _values(self) == _values(other)


def _hash(self: object) -> int:
    return hash(_values(self))


def _refuse(self: object, name: str, *_value: object) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r}")


_METHODS = {
    "__init__": _init,
    "__repr__": _repr,
    "__eq__": _eq,
    "__hash__": _hash,
    "__setattr__": _refuse,
    "__delattr__": _refuse,
}


@dataclass_transform(frozen_default=True)
def record(cls: type[_Record]) -> type[_Record]:
    """``cls`` made a frozen record with slots (a new class, as ``slots=True`` makes one)."""
    # The class's own annotations (its fields), as strings: nothing to evaluate or import.
    names = tuple(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063
    namespace = {
        key: value
        for key, value in cls.__dict__.items()
        if key not in names and key not in ("__dict__", "__weakref__")
    }
    namespace |= _METHODS
    namespace["__slots__"] = names
    namespace["__match_args__"] = names
    namespace["__qualname__"] = cls.__qualname__
    namespace["_record_defaults"] = {
        name: cls.__dict__[name] for name in names if name in cls.__dict__
    }
    metaclass: Any = type(cls)
    made: type[_Record] = metaclass(cls.__name__, cls.__bases__, namespace)
    return made


def fields_dict(record_object: object) -> dict[str, Any]:
    """A record's fields by name, in declaration order."""
    return {name: getattr(record_object, name) for name in _field_names(record_object)}
