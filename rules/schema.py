"""A small validator for rules files: every problem is reported with its key path.

Specs are plain Python values: a type (``str``, ``int``, ``bool``, ``float``), a
:class:`Table` (known keys), a :class:`MapOf` (free keys, one value spec), a
:class:`ListOf`, an :class:`IntRange` or a :class:`Choice`.  No expression language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class IntRange:
    lo: int | None = None
    hi: int | None = None


@dataclass(frozen=True)
class Choice:
    options: tuple[str, ...]


@dataclass(frozen=True)
class ListOf:
    item: Any
    min_len: int = 0


@dataclass(frozen=True)
class MapOf:
    value: Any
    key_hint: str = "name"


@dataclass(frozen=True)
class Table:
    required: dict[str, Any] = field(default_factory=dict)
    optional: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class AnyOf:
    specs: tuple[Any, ...]
    label: str


TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", float: "a number"}


def describe(spec: Any) -> str:
    if isinstance(spec, type):  # specs such as Table hold dicts: not hashable
        return TYPE_NAMES.get(spec, "a value")
    if isinstance(spec, IntRange):
        return "an integer"
    if isinstance(spec, Choice):
        return "one of " + ", ".join(repr(o) for o in spec.options)
    if isinstance(spec, ListOf):
        return "a list"
    if isinstance(spec, (Table, MapOf)):
        return "a table"
    if isinstance(spec, AnyOf):
        return spec.label
    return "a value"


def _is_type(value: Any, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


def validate(value: Any, spec: Any, path: str, errors: list[str]) -> None:
    """Append ``"key.path: message"`` to ``errors`` for every problem found."""
    where = path or "(top level)"
    if isinstance(spec, AnyOf):
        for option in spec.specs:
            trial: list[str] = []
            validate(value, option, path, trial)
            if not trial:
                return
        errors.append(f"{where}: expected {spec.label}, got {value!r}")
        return
    if isinstance(spec, type):
        if not _is_type(value, spec):
            errors.append(f"{where}: expected {describe(spec)}, got {value!r}")
        return
    if isinstance(spec, IntRange):
        if not _is_type(value, int):
            errors.append(f"{where}: expected an integer, got {value!r}")
        elif (spec.lo is not None and value < spec.lo) or (spec.hi is not None and value > spec.hi):
            lo = "" if spec.lo is None else str(spec.lo)
            hi = "" if spec.hi is None else str(spec.hi)
            errors.append(f"{where}: {value} is out of range (expected {lo}..{hi})")
        return
    if isinstance(spec, Choice):
        if value not in spec.options:
            errors.append(f"{where}: expected {describe(spec)}, got {value!r}")
        return
    if isinstance(spec, ListOf):
        if not isinstance(value, list):
            errors.append(f"{where}: expected a list, got {value!r}")
            return
        if len(value) < spec.min_len:
            errors.append(f"{where}: expected at least {spec.min_len} entries")
        for i, item in enumerate(value):
            validate(item, spec.item, f"{path}[{i}]", errors)
        return
    if isinstance(spec, MapOf):
        if not isinstance(value, dict):
            errors.append(f"{where}: expected a table, got {value!r}")
            return
        for key, item in value.items():
            validate(item, spec.value, f"{path}.{key}" if path else key, errors)
        return
    if isinstance(spec, Table):
        if not isinstance(value, dict):
            errors.append(f"{where}: expected a table, got {value!r}")
            return
        known = {**spec.required, **spec.optional}
        for key in spec.required:
            if key not in value:
                errors.append(f"{path + '.' if path else ''}{key}: missing "
                              f"(expected {describe(spec.required[key])})")
        for key, item in value.items():
            sub = f"{path}.{key}" if path else key
            if key not in known:
                errors.append(f"{sub}: unknown key (expected one of {', '.join(sorted(known))})")
            else:
                validate(item, known[key], sub, errors)
        return
    raise TypeError(f"bad spec {spec!r}")
