"""The table's resting layer: the felt, the empty places, what the extension paints under the
cards, every card at rest, the highlights, the zones' labels, the name plates and the board in
its corner, painted once into a surface of the window's size and reused while none of it
changes. A frame with cards in flight or a drag then costs one blit of the layer plus the moving
cards and what lies above (the status line, the buttons), instead of every card again.

The base layer is keyed on everything its picture depends on (the window's size, the layout, each
resting card's plan: text, place, lift, angle, width, turn, face up or down, shadow, dimmed,
ring; the empty places; the plans of the highlights, labels, plates and board; the extension's
``under_key()``); an extension that paints under the cards without saying what its marks depend
on is never cached (the table paints everything afresh each frame, as before).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from .extensions import TableExtension


@dataclass
class Layer:
    """A painted layer, the key it was painted for and the faces it shows (zone, card)."""

    key: tuple
    image: pygame.Surface
    faces: tuple[tuple[str, str], ...]
    layout: Any = None  # held, so no later layout takes its id (the key names it by id)

    def fits(self, surface: pygame.Surface) -> bool:
        return self.image.get_size() == surface.get_size()


def under_key(ext: Any) -> tuple | None:
    """What the extension's marks under the cards depend on: () when it paints none there, its
    ``under_key()`` when it says, else None (not cacheable)."""
    if type(ext).draw_under is TableExtension.draw_under:
        return ()
    own = getattr(ext, "under_key", None)
    if own is None:
        return None
    key = own()
    return None if key is None else (type(ext).__name__, key)


def key(table: Any, slots: list, plans: list) -> tuple | None:
    """The resting layer's key for ``table`` now; None when it cannot be cached."""
    under = under_key(table.ext)
    if under is None:
        return None
    return (
        tuple(table.size),
        id(table.layout),
        bool(table.painter.colorblind),
        under,
        tuple(slots),
        tuple(plan for _card, plan in plans),
    )


def freeze(marks: tuple) -> tuple:
    """The plans of the marks (lists of tuples) as a key."""
    return tuple(tuple(part) if isinstance(part, list) else part for part in marks)


def blank_like(surface: pygame.Surface) -> pygame.Surface:
    """An opaque surface of ``surface``'s size and pixel format (blits between them are plain copies)."""
    return pygame.Surface(surface.get_size(), 0, surface)
