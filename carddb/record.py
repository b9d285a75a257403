"""Plain value classes with no code generated at run time.

A dataclass builds its `__init__`, `__eq__`, `__repr__` ... with exec() when its module is imported (a slotted one
builds the class twice), ~4 M instructions a class on every `ragedeck` start, and importing `dataclasses` pulls in
`inspect`, `ast`, `dis` and `tokenize`. The classes a command's path imports write their `__init__` by hand and
take equality, hashing, repr, `replace` and (for frozen ones) immutability from `Record`; those that were named
tuples write their `__new__` by hand and stay tuples through `TupleRecord`.
"""

from __future__ import annotations

import collections
from operator import attrgetter, itemgetter
from typing import Any, ClassVar, Self

# The C descriptor a named tuple reads its fields with (a property of an itemgetter where it is missing).
_tuple_getter: Any = getattr(collections, "_tuplegetter", None) or (
    lambda index, doc: property(itemgetter(index), doc=doc)
)

# What a frozen record's `__init__` sets its fields with, past its `__setattr__` guard.
set_field = object.__setattr__


class FrozenRecordError(AttributeError):
    """An attempt to change a field of a frozen record (as `dataclasses.FrozenInstanceError`)."""


def _no_fields(_record: object) -> tuple[()]:
    return ()


def _getter(names: tuple[str, ...]) -> Any:
    """The fields' values as one tuple (attrgetter returns a bare value for one name)."""
    if not names:
        return _no_fields
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return attrgetter(*names)


class Record:
    """Equality, hash, repr and `replace` by the class's `_fields` (its `__init__` arguments, in order).

    `_unhashed` fields are left out of the hash (a dict), `_uncompared` ones out of equality and repr (derived
    values). The hash is the fields' tuple's, so a record is hashable when its hashed fields are.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _unhashed: ClassVar[frozenset[str]] = frozenset()
    _uncompared: ClassVar[frozenset[str]] = frozenset()
    # Static: a plain function (the one-field and no-field getters) would otherwise be bound to the record.
    _compared: ClassVar[Any] = staticmethod(_no_fields)
    _hashed: ClassVar[Any] = staticmethod(_no_fields)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        compared = tuple(f for f in cls._fields if f not in cls._uncompared)
        hashed = tuple(f for f in compared if f not in cls._unhashed)
        cls._compared = staticmethod(_getter(compared))
        cls._hashed = staticmethod(_getter(hashed))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(self._compared(self) == self._compared(other))

    def __hash__(self) -> int:
        return hash(self._hashed(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields if f not in self._uncompared)
        return f"{self.__class__.__qualname__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Copied and pickled by its fields through __init__ (a frozen record refuses the default slot-by-slot setattr).
        return (self.__class__, tuple(getattr(self, f) for f in self._fields))

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes` (field name -> value), as `dataclasses.replace`."""
        values = {f: getattr(self, f) for f in self._fields}
        values.update(changes)
        return self.__class__(**values)


class FrozenRecord(Record):
    """A `Record` whose fields cannot be assigned after `__init__` (which sets them with `object.__setattr__`)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")


class MutableRecord(Record):
    """A `Record` whose fields may change: equal by value, so not hashable (as a dataclass without frozen)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


class TupleRecord(tuple[Any, ...]):
    """A named tuple written by hand (as `typing.NamedTuple`, without the `__new__` it builds with eval()).

    A subclass names its fields in `_fields` and writes `__new__(cls, field, ...)` returning
    `tuple.__new__(cls, (field, ...))`; each field is read by a property here. It stays a tuple: equal to, ordered
    and unpacked as one, with `_replace`, `_asdict` and the named tuple's repr.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for index, name in enumerate(cls.__dict__.get("_fields", ())):
            setattr(cls, name, _tuple_getter(index, f"Alias for field number {index}"))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True))
        return f"{self.__class__.__name__}({shown})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        # Copied and pickled through __new__ with the fields' values, as a named tuple is.
        return tuple(self)

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=True))

    def _replace(self, **changes: Any) -> Self:
        """A copy with `changes` (field name -> value), as a named tuple's `_replace`."""
        values = dict(zip(self._fields, self, strict=True))
        unknown = changes.keys() - values.keys()
        if unknown:
            raise ValueError(f"Got unexpected field names: {sorted(unknown)!r}")
        values.update(changes)
        return self.__class__(**values)

    replace = _replace
