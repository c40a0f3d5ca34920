"""Drag and drop, KPat style: the table never decides rules, it asks the legal actions.

A picked-up card lights up the zones some legal action would take it to; the drop goes to
the zone the card overlaps most (or the one under the pointer); a drop anywhere else is
refused and the card goes home.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from rules import Action
from rules.cards import Deck

from .cards import CardSprite

DRAG_THRESHOLD = 6  # px the pointer must travel before a press becomes a drag


@dataclass
class Press:
    """A mouse button held on a card: a click until it moves far enough to be a drag."""

    card: CardSprite | None
    start: tuple[int, int]
    grab: tuple[float, float] = (0.0, 0.0)  # pointer minus card centre
    zone: str | None = None  # the zone pressed on when no card was under the pointer
    dragging: bool = False
    targets: set[str] = field(default_factory=set)
    over: str | None = None  # the zone the card would drop on now

    def moved_enough(self, pos: tuple[int, int]) -> bool:
        return abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) >= DRAG_THRESHOLD


def same_card(deck: Deck, action: Action, text: str | None) -> bool:
    """Whether ``action`` moves the card shown as ``text`` (an unseen card matches any)."""
    return action.card is None or (text is not None and deck.faces[action.card].text == text)


def actions_from(legal: list[Action], deck: Deck, source: str, text: str | None) -> list[Action]:
    """Legal actions taking the card ``text`` (or an unseen card) out of ``source``."""
    return [a for a in legal if a.source == source and same_card(deck, a, text)]


def targets_for(legal: list[Action], deck: Deck, source: str, text: str | None) -> set[str]:
    return {a.target for a in actions_from(legal, deck, source, text) if a.target is not None}


def action_for(legal: list[Action], deck: Deck, source: str, target: str, text: str | None) -> Action | None:
    """The one legal action for a drag of ``text`` from ``source`` to ``target``."""
    for action in actions_from(legal, deck, source, text):
        if action.target == target:
            return action
    return None


def drop_zone(
    card: pygame.Rect,
    pointer: tuple[int, int],
    areas: dict[str, pygame.Rect],
    valid: set[str] | frozenset[str] = frozenset(),
) -> str | None:
    """Where a drop lands: the valid zone the card overlaps most; else any zone it overlaps
    most; else the zone under the pointer; else None."""
    for allowed in (valid, None):
        best, best_area = None, 0
        for name, area in areas.items():
            if allowed is not None and name not in allowed:
                continue
            clip = card.clip(area)
            size = clip.width * clip.height
            if size > best_area:
                best, best_area = name, size
        if best is not None:
            return best
    for name, area in areas.items():
        if area.collidepoint(pointer):
            return name
    return None
