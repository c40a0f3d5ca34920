"""A small validator for rules files: every problem is reported with its key path.

Specs are plain Python values: a type (``str``, ``int``, ``bool``, ``float``, ``type(None)``),
a :class:`Table` (known keys), a :class:`MapOf` (free keys, one value spec), a :class:`ListOf`,
a :class:`Pair`, an :class:`IntRange`, a :class:`Text` or a :class:`Choice`.  No expression language.

Every message is one bounded line, whatever the input holds: values are shown by :func:`show`
(a 100,000-character string or a 5,000-digit number is summarised, never echoed), keys by
:func:`key_text`.  A plain ``str`` spec is a :class:`Text` of at most ``TEXT_MAX`` characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class IntRange:
    lo: int | None = None
    hi: int | None = None


TEXT_MAX = 1000  # characters in a string the spec does not bound otherwise
KEY_MAX = 40  # characters in a free key (a setting, zone or variant name)


@dataclass(frozen=True)
class Text:
    """A string of ``min_len``..``max_len`` characters; no control characters (but newlines and
    tabs when ``lines``); when ``pattern`` is given, it must match all of it; when ``rule`` is
    given, it names what else is wrong (``rules.ids.id_problem``: one rule for every game id)."""

    max_len: int = TEXT_MAX
    lines: bool = False
    min_len: int = 0
    pattern: str | None = None
    pattern_hint: str = ""
    rule: Callable[[str], str | None] | None = None


@dataclass(frozen=True)
class Pair:
    """A list of exactly two values, ``[first, second]``."""

    first: Any
    second: Any
    label: str = "a pair"


@dataclass(frozen=True)
class Choice:
    options: tuple[str, ...]


@dataclass(frozen=True)
class ListOf:
    item: Any
    min_len: int = 0
    max_len: int | None = None


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


TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", float: "a number", type(None): "null"}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def show(value: Any) -> str:
    """A short, one-line picture of any value for a message (never recursive, never long)."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**40 else None
        return str(value) if digits is not None else "a number of more than 40 digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if len(value) > 40:
            return f"{value[:30]!r}... ({len(value):,} characters)"
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value):,} entries" if value else "an empty list"
    if isinstance(value, dict):
        return f"a table of {len(value):,} keys" if value else "an empty table"
    return f"a {type(value).__name__}"


def key_text(key: Any) -> str:
    """A key as it may appear in a key path (long or odd keys are summarised)."""
    text = str(key)
    if len(text) > KEY_MAX or _CONTROL.search(text) or not text:
        return show(text)
    return text


def text_problem(value: str, spec: Text) -> str | None:
    """What is wrong with a string for ``spec`` (None: nothing)."""
    if len(value) > spec.max_len:
        return f"expected at most {spec.max_len:,} characters, got {len(value):,}"
    if len(value) < spec.min_len:
        return f"expected at least {spec.min_len} character{'s' if spec.min_len > 1 else ''}, got {show(value)}"
    if (_CONTROL_BUT_LINES if spec.lines else _CONTROL).search(value):
        return f"expected text without control characters, got {show(value)}"
    if spec.pattern is not None and not re.fullmatch(spec.pattern, value):
        return f"expected {spec.pattern_hint or 'a matching text'}, got {show(value)}"
    if spec.rule is not None:
        return spec.rule(value)
    return None


def describe(spec: Any) -> str:
    if isinstance(spec, type):  # specs such as Table hold dicts: not hashable
        return TYPE_NAMES.get(spec, "a value")
    if isinstance(spec, Text):
        return "a string"
    if isinstance(spec, Pair):
        return spec.label
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


def _join(path: str, key: Any) -> str:
    return f"{path}.{key_text(key)}" if path else key_text(key)


def validate(value: Any, spec: Any, path: str, errors: list[str]) -> None:
    """Append ``"key.path: message"`` to ``errors`` for every problem found."""
    where = path or "(top level)"
    if spec is str:
        spec = Text()
    if isinstance(spec, AnyOf):
        for option in spec.specs:
            trial: list[str] = []
            validate(value, option, path, trial)
            if not trial:
                return
        for option in spec.specs:  # a string or integer refused for its length or range says why
            if (
                isinstance(value, str)
                and (option is str or isinstance(option, Text))
                or (_is_type(value, int) and isinstance(option, IntRange))
            ):
                validate(value, option, path, errors)
                return
        errors.append(f"{where}: expected {spec.label}, got {show(value)}")
        return
    if isinstance(spec, Text):
        if not isinstance(value, str):
            errors.append(f"{where}: expected a string, got {show(value)}")
        else:
            problem = text_problem(value, spec)
            if problem:
                errors.append(f"{where}: {problem}")
        return
    if isinstance(spec, type):
        if not _is_type(value, spec):
            errors.append(f"{where}: expected {describe(spec)}, got {show(value)}")
        return
    if isinstance(spec, IntRange):
        if not _is_type(value, int):
            errors.append(f"{where}: expected an integer, got {show(value)}")
        elif (spec.lo is not None and value < spec.lo) or (spec.hi is not None and value > spec.hi):
            lo = "" if spec.lo is None else str(spec.lo)
            hi = "" if spec.hi is None else str(spec.hi)
            errors.append(f"{where}: {show(value)} is out of range (expected {lo}..{hi})")
        return
    if isinstance(spec, Choice):
        if not isinstance(value, str) or value not in spec.options:
            errors.append(f"{where}: expected {describe(spec)}, got {show(value)}")
        return
    if isinstance(spec, Pair):
        if not isinstance(value, list) or len(value) != 2:
            errors.append(f"{where}: expected {spec.label}, got {show(value)}")
            return
        validate(value[0], spec.first, f"{path}[0]", errors)
        validate(value[1], spec.second, f"{path}[1]", errors)
        return
    if isinstance(spec, ListOf):
        if not isinstance(value, list):
            errors.append(f"{where}: expected a list, got {show(value)}")
            return
        if len(value) < spec.min_len:
            errors.append(f"{where}: expected at least {spec.min_len} entries")
        if spec.max_len is not None and len(value) > spec.max_len:
            errors.append(f"{where}: expected at most {spec.max_len:,} entries, got {len(value):,}")
            return
        for i, item in enumerate(value):
            validate(item, spec.item, f"{path}[{i}]", errors)
        return
    if isinstance(spec, MapOf):
        if not isinstance(value, dict):
            errors.append(f"{where}: expected a table, got {show(value)}")
            return
        for key, item in value.items():
            sub = _join(path, key)
            if not key or len(str(key)) > KEY_MAX or _CONTROL.search(str(key)):
                errors.append(
                    f"{sub}: expected a {spec.key_hint} of 1 to {KEY_MAX} characters without control characters"
                )
                continue
            validate(item, spec.value, sub, errors)
        return
    if isinstance(spec, Table):
        if not isinstance(value, dict):
            errors.append(f"{where}: expected a table, got {show(value)}")
            return
        known = {**spec.required, **spec.optional}
        for key in spec.required:
            if key not in value:
                errors.append(f"{path + '.' if path else ''}{key}: missing (expected {describe(spec.required[key])})")
        for key, item in value.items():
            sub = _join(path, key)
            if key not in known:
                errors.append(f"{sub}: unknown key (expected one of {', '.join(sorted(known))})")
            else:
                validate(item, known[key], sub, errors)
        return
    raise TypeError(f"bad spec {spec!r}")
