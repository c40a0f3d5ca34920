"""Actions and events: the small values that cross the engine's edge."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

_set = object.__setattr__  # a frozen value's fields, set once as it is made


@dataclass(frozen=True)
class Action:
    """One legal move: a stable ``text`` form plus, where a card moves, its zones.

    ``card`` is the engine's int (``None`` when the actor may not know it, e.g. a stock
    draw); ``source``/``target`` are zone names such as ``"stock"`` or ``"hand/1"``.
    ``label`` is what a button shows for choices that are not drags. ``end`` says which end the
    action takes from or adds to: of a sorted hand (``"low"`` / ``"high"``) when the card is
    hidden from the actor, of a meld (``"start"`` / ``"end"``) for a card laid at one end.
    ``value`` is what the action names besides a card (a bid's number, a joker's vowel, a meld's
    kind, the span a run's spare wild cards take), so that bots and the table never read it out of
    the text. ``index`` is the place in ``target`` the action concerns where the card alone does not
    say it (the wild card of a meld a natural card replaces).
    """

    kind: str
    text: str
    card: int | None = None
    source: str | None = None
    target: str | None = None
    undoable: bool = True
    label: str = ""
    end: str | None = None
    value: int | str | None = None
    index: int | None = None

    def __str__(self) -> str:
        return self.text

    @classmethod
    def made(cls, kind: str, text: str, label: str = "", undoable: bool = True) -> Action:
        """An action with no card, equal to ``Action(kind, text, label=label, undoable=undoable)``
        but made without the frozen dataclass's field-by-field setting (in under half the time): for actions
        a procedure makes afresh on every listing (a confirm naming the cards chosen so far)."""
        action = object.__new__(cls)
        _set(
            action,
            "__dict__",
            {
                "kind": kind,
                "text": text,
                "card": None,
                "source": None,
                "target": None,
                "undoable": undoable,
                "label": label,
                "end": None,
                "value": None,
                "index": None,
            },
        )
        return action


@dataclass(frozen=True)
class Event:
    """A visible change. ``audience`` None: everyone sees all of it; otherwise seats
    outside the audience see it with the ``secret`` fields blanked (or not at all when
    ``secret`` is empty)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    secret: tuple[str, ...] = ()

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them (``None``: a spectator, public only)."""
    shown: list[Event] = []
    for event in events:
        if event.audience is None or (seat is not None and seat in event.audience):
            shown.append(event)
        elif event.secret:
            data = {k: (None if k in event.secret else v) for k, v in event.data.items()}
            shown.append(Event(event.kind, data, None, ()))
    return shown
