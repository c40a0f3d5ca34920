"""What crosses the engine's edge about a match: one seat's :class:`View` and each deal's
:class:`DealResult`, frozen values with a JSON round trip (``to_json`` / ``from_json``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any


class Frozen(dict):  # type: ignore[type-arg]
    """A read-only, JSON-ready dict: the mappings inside views and deal results. Whoever builds
    one puts only frozen values in it (scalars, tuples, Frozen), so :func:`freeze` keeps it as is."""

    __slots__ = ()

    def _refuse(self, *_args: Any, **_kwargs: Any) -> None:
        raise TypeError("a view is read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it holds (a view crosses to the bots' process), never item by item."""
        return (Frozen, (dict(self),))


_SCALARS = frozenset({str, int, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """``value`` with its dicts made :class:`Frozen` and its lists tuples, all the way down
    (built on every view, so scalars are passed by type, not by a call each)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return tuple([v if type(v) in _SCALARS else freeze(v) for v in value])
    if kind is Frozen:
        return value
    if isinstance(value, dict):
        return Frozen({k: v if type(v) in _SCALARS else freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """``value`` as plain JSON data: dicts and lists."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Move:
    """One legal action as a seat sees it: its ``text`` (what is applied), its ``kind`` ("play",
    "bid", "discard"...), and where a card moves, the card's text and the zones. Bots read the
    card here, never out of the text. ``end``: the end of a sorted hand a reveal takes; ``value``:
    what the action names besides a card (a bid's number, a joker's vowel, a meld's kind)."""

    kind: str
    text: str
    card: str | None = None
    source: str | None = None
    target: str | None = None
    end: str | None = None
    value: int | str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "card": self.card,
            "source": self.source,
            "target": self.target,
            "end": self.end,
            "value": self.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        return cls(data["kind"], data["text"], *(data.get(k) for k in ("card", "source", "target", "end", "value")))


@dataclass(frozen=True, slots=True, eq=True)
class View:
    """What one seat knows of a match (``seat`` None: a spectator).

    ``zones`` maps each zone to its cards as text, top first, ``None`` for a card the seat may
    not see; ``known`` holds the cards of hidden zones the seat knows all the same (a hand it was
    shown); ``legal`` the texts of the seat's legal actions (empty unless it is to act) and
    ``actions`` the same actions as :class:`Move` values (their cards and zones);
    ``public`` the procedure's facts a seat may know (phase, bids, history...).
    """

    game: str
    variant: str
    players: int
    settings: Mapping[str, Any]
    seat: int | None
    dealer: int
    deal: int
    current_player: int | None
    legal: tuple[str, ...]
    zones: Mapping[str, tuple[str | None, ...]]
    known: Mapping[str, tuple[str, ...]]
    public: Mapping[str, Any]
    scores: tuple[int, ...]
    over: bool
    names: tuple[str, ...]
    actions: tuple[Move, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = {name: thaw(getattr(self, name)) for name in _VIEW_FIELDS}
        data["actions"] = [m.to_json() for m in self.actions]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> View:
        moves = tuple(Move.from_json(m) for m in data.get("actions", ()))
        return cls(**{name: freeze(data[name]) for name in _VIEW_FIELDS}, actions=moves)


@dataclass(frozen=True, slots=True, eq=True)
class DealResult:
    """One finished deal: its number, dealer and scores (as booked in the record), and the
    game's own terms of it in ``details`` (tricks, quotas, the trump, a reason...), frozen JSON data."""

    deal: int
    dealer: int
    scores: tuple[int, ...]
    details: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "dealer": self.dealer, "scores": list(self.scores), "details": thaw(self.details)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealResult:
        return cls(int(data["deal"]), int(data["dealer"]), tuple(data["scores"]), freeze(dict(data["details"])))


_VIEW_FIELDS = tuple(f.name for f in fields(View) if f.name != "actions")
