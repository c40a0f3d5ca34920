"""A game's public facts as a typed value: a frozen dataclass with the JSON round trip of a view.

A procedure declares ``FACTS`` (a :class:`Facts` subclass) and builds one in ``_facts(seat)``. The
engine writes it into ``View.public`` (``to_json``, the JSON every view and save has always had)
and, for :func:`rules.sample`, sets the procedure's fields back from it field by field
(:func:`restore`), so no game writes either direction by hand. Readers — bots, presenters, the
table — get the value back typed: ``TribelloFacts.of(view)``, or :func:`facts_of` for whatever the
view's game declares (the table asks ``isinstance(facts, TrickFacts)``, never a game's name).

A field says in its metadata (:func:`fact`) how it maps to the procedure: the attribute it comes
from and goes back to, a conversion between the two, whether it is derived (not restored), or
omitted from the JSON while ``None``. A nested :class:`Facts` marked ``flat`` sits in its parent's
mapping (a shared piece's facts, such as the draw pile's, among a game's own).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar

from .errors import RulesError
from .view import Frozen, freeze

F = TypeVar("F", bound="Facts")

_SCALARS = frozenset({str, int, float, bool, type(None)})


def fact(
    *,
    attr: str | None = None,
    derived: bool = False,
    load: Callable[[Any, Any], Any] | None = None,
    omit_none: bool = False,
    flat: bool = False,
    default: Any = MISSING,
) -> Any:
    """A facts field. ``attr``: the procedure attribute it mirrors (default: the field's name);
    ``derived``: published but not restored (the procedure recomputes it, or it is a constant of
    the setup); ``load(state, value)``: the attribute's value from the field's (default: the value,
    tuples as lists); ``omit_none``: left out of the JSON while ``None`` (a key some setups lack);
    ``flat``: a nested :class:`Facts` whose keys sit in this one's mapping."""
    meta = {"attr": attr, "derived": derived, "load": load, "omit_none": omit_none, "flat": flat}
    if omit_none and default is MISSING:
        default = None
    return field(default=default, metadata=meta)


def as_is(_state: Any, value: Any) -> Any:
    """A field's ``load`` that keeps its value as it is (a procedure attribute held as tuples)."""
    return value


def _to_json(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if isinstance(value, Facts):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {k: _to_json(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    """``freeze(_to_json(value))`` without the lists in between."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        for v in value:
            if type(v) not in _SCALARS:
                return tuple([v if type(v) in _SCALARS else _frozen(v) for v in value])
        return value  # a tuple of scalars is frozen already
    if kind is list:
        return tuple([v if type(v) in _SCALARS else _frozen(v) for v in value])
    if isinstance(value, Facts):
        kept = value.__dict__.get("_frozen")
        if kept is None:  # nested facts (a trick of the history) are frozen values: freeze them once
            kept = value.frozen()
            object.__setattr__(value, "_frozen", kept)
        return kept
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return Frozen({k: v if type(v) in _SCALARS else _frozen(v) for k, v in value.items()})
    return value


def _loader(hint: Any) -> Callable[[Any], Any] | None:
    """How a JSON value becomes a field's typed value (``None``: taken as it is, frozen)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if isinstance(hint, type) and issubclass(hint, Facts):
        return hint.from_json
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            load = _loader(inner[0])
            if load is not None:
                return lambda v: None if v is None else load(v)
        return None
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            load = _loader(args[0])
            if load is None:
                return lambda v: tuple(freeze(x) for x in v)
            return lambda v: tuple(load(x) for x in v)
        return None
    if origin is Mapping and len(args) == 2:
        load = _loader(args[1])
        if load is not None:
            return lambda v: Frozen({k: load(x) for k, x in v.items()})
        return None
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    return None


@dataclass(frozen=True, kw_only=True)
class Facts:
    """What a game publishes in every view, typed. Subclasses are frozen dataclasses of
    JSON-ready values (scalars, tuples, :class:`Frozen` mappings, nested facts, str enums)."""

    _plan: ClassVar[dict[type, tuple[Any, ...]]] = {}
    _names: ClassVar[dict[type, frozenset[str]]] = {}
    # Per class, (name, omit_none, flat) of each field: :meth:`frozen` unpacks these three, not a
    # whole plan row (a deal's terms are frozen every deal, a view's facts on every view).
    _freezing: ClassVar[dict[type, tuple[tuple[str, bool, bool], ...]]] = {}

    @classmethod
    def _fields(cls) -> tuple[Any, ...]:
        """Per field, once per class: (name, attr, derived, load, omit_none, flat, json loader)."""
        plan = Facts._plan.get(cls)
        if plan is None:
            hints = typing.get_type_hints(cls)
            rows = []
            for f in fields(cls):
                meta = f.metadata
                rows.append(
                    (
                        f.name,
                        meta.get("attr") or f.name,
                        meta.get("derived", False),
                        meta.get("load"),
                        meta.get("omit_none", False),
                        meta.get("flat", False),
                        _loader(hints[f.name]),
                    )
                )
            plan = Facts._plan[cls] = tuple(rows)
        return plan

    def to_json(self) -> dict[str, Any]:
        """The facts as plain JSON data, keys in field order (a flat field's keys in its place)."""
        data: dict[str, Any] = {}
        for name, _attr, _derived, _load, omit_none, flat, _json in self._fields():
            value = getattr(self, name)
            if flat:
                data.update(value.to_json())
            elif not (omit_none and value is None):
                data[name] = value if type(value) in _SCALARS else _to_json(value)
        return data

    def frozen(self, drop: Mapping[str, Any] | None = None) -> Frozen:
        """The facts as a view's frozen JSON mapping: ``freeze(self.to_json())``, made directly (a
        view is built on every bot decision, a deal's terms on every deal). A nested facts value
        is frozen once and kept. ``drop``: keys left out where their frozen value equals the one
        given (a deal's terms without the result's own fields)."""
        plan = Facts._freezing.get(self.__class__)
        if plan is None:  # once per class: of each field's row, only what freezing it reads
            plan = Facts._freezing[self.__class__] = tuple((row[0], row[4], row[5]) for row in self._fields())
        data: dict[str, Any] = {}
        values = self.__dict__  # the fields' values, read without a getattr() call each
        for name, omit_none, flat in plan:
            value = values[name]
            kind = type(value)
            if kind in _SCALARS:
                if value is not None or not omit_none:
                    data[name] = value
            elif flat:
                data.update(value.frozen())
            elif kind is tuple:  # _frozen(value), its commonest case written out: a tuple of scalars as it is
                for v in value:
                    if type(v) not in _SCALARS:
                        value = _frozen(value)
                        break
                data[name] = value
            else:
                data[name] = _frozen(value)
        if drop:
            for key, value in drop.items():
                if key in data and data[key] == value:
                    del data[key]
        return Frozen(data)

    @classmethod
    def made(cls: type[F], **values: Any) -> F:
        """``cls(**values)`` with a value for every field, made without the frozen dataclass's
        field-by-field setting (in a quarter of the time): for facts built on every deal (its
        terms, booked by every deal of a bench or a search). Anything else (a field missing or
        unknown, a ``__post_init__``) is made by the dataclass itself, which checks it."""
        names = Facts._names.get(cls)
        if names is None:  # once per class (a __post_init__ leaves no name to match)
            names = frozenset() if hasattr(cls, "__post_init__") else frozenset(row[0] for row in cls._fields())
            Facts._names[cls] = names
        if values.keys() != names:
            return cls(**values)
        facts = object.__new__(cls)
        object.__setattr__(facts, "__dict__", values)
        return facts

    @classmethod
    def from_json(cls: type[F], data: Mapping[str, Any]) -> F:
        """The facts from their JSON (a view's ``public``); raises :class:`RulesError` naming a
        missing key."""
        values = {}
        for name, _attr, _derived, _load, omit_none, flat, load in cls._fields():
            if flat:
                values[name] = load(data)  # type: ignore[misc]
                continue
            if name not in data:
                if omit_none:
                    values[name] = None
                    continue
                raise RulesError(f"public facts: {name!r} is missing for {cls.__name__}")
            value = data[name]
            values[name] = freeze(value) if load is None else load(value)
        return cls(**values)

    @classmethod
    def of(cls: type[F], view: Any) -> F:
        """The facts of a view (or of its ``public`` mapping), typed: parsed once per mapping."""
        public = getattr(view, "public", view)
        key = (id(public), cls)
        kept = _SEEN.get(key)
        if kept is not None and kept[0] is public:
            return kept[1]  # type: ignore[return-value]
        facts = cls.from_json(public)
        remember(public, facts)
        return facts


# Facts already parsed (or built with their view), by the id of their public mapping, which is
# kept with them so the id stays its own: a bot or presenter asks several times per view.
_SEEN: dict[tuple[int, type], tuple[Mapping[str, Any], Facts]] = {}


def remember(public: Mapping[str, Any], facts: Facts) -> None:
    """Keep ``facts`` as the typed form of ``public`` (a view's mapping, built from them)."""
    if len(_SEEN) >= 1024:
        _SEEN.clear()
    _SEEN[(id(public), type(facts))] = (public, facts)


def publish(facts: Facts) -> Frozen:
    """The view's ``public`` mapping of ``facts`` (frozen JSON), remembered as theirs."""
    public = facts.frozen()
    remember(public, facts)
    return public


def restore(state: Any, facts: Facts) -> None:
    """Set ``state``'s attributes from ``facts``, field by field (for :func:`rules.sample`)."""
    for name, attr, derived, load, _omit_none, flat, _json in facts._fields():
        if derived:
            continue
        value = getattr(facts, name)
        if flat:
            restore(state, value)
            continue
        if load is not None:
            value = load(state, value)
        elif type(value) is tuple:
            value = list(value)  # the procedure's lists (a nested one converts in its ``load``)
        setattr(state, attr, value)


def facts_of(view: Any) -> Facts | None:
    """The typed facts of ``view`` as its game declares them (``None``: a game with none)."""
    from .registry import load_game

    try:
        kind = getattr(load_game(view.game).procedure, "FACTS", None)
    except RulesError:
        return None
    if kind is None:
        return None
    try:
        return kind.of(view)
    except (RulesError, KeyError, TypeError, ValueError):
        return None


T = TypeVar("T", bound="DealDetails")


@dataclass(frozen=True, kw_only=True)
class DealDetails(Facts):
    """A game's terms of one finished deal (tricks, quotas, the trump, a reason...), typed: what
    :attr:`rules.DealResult.details` holds as JSON. A procedure declares its class as ``DETAILS``,
    builds one and books it with ``_end_deal(scores, details, events)``; readers get it back with
    ``TribelloDetails.of(result)``.

    The result's own fields (``deal``, ``dealer``, ``scores``) are not repeated in ``details`` where
    they are equal (the engine drops them), so :meth:`of` takes them from the result: a terms
    class may declare them as fields all the same, and its round trip holds."""

    @classmethod
    def of(cls: type[T], result: Any) -> T:
        """The terms of a :class:`rules.DealResult` (or of a ``details`` mapping), typed."""
        details = getattr(result, "details", None)
        if details is None:
            return cls.from_json(result)
        key = (id(details), cls)
        kept = _SEEN.get(key)
        if kept is not None and kept[0] is details:
            return kept[1]  # type: ignore[return-value]
        own = {"deal": result.deal, "dealer": result.dealer, "scores": list(result.scores)}
        terms = cls.from_json({**own, **details})
        remember(details, terms)
        return terms
