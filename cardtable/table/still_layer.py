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

import math
from dataclasses import dataclass
from typing import Any

import pygame

import sprites

from .widgets.base import Widget


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
    if type(ext).draw_under is Widget.draw_under:
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
        sprites.looks.back_style(),  # the card back and the felt chosen in Settings
        sprites.looks.felt_id(),
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


# ------------------------------------------------------------------ partial redraws
@dataclass(frozen=True)
class Picture:
    """What a drawn frame of the table showed, for :func:`changes`: everything but the resting
    cards, the glowing frames and the plates in ``around``; those three as plans."""

    around: tuple
    cards: tuple[int, ...]  # the resting cards (ids) in paint order
    plans: tuple
    rings: tuple
    plates: tuple


def snapshot(ext: Any) -> tuple:
    """The extension's state as plain values (its attributes, containers copied): a change in
    it may show anywhere (a tooltip, a panel), so the table then redraws everything."""
    out = []
    for name, value in sorted(vars(ext).items()):
        if isinstance(value, (list, tuple)):
            value = tuple(value)
        elif isinstance(value, (set, frozenset)):
            value = frozenset(value)
        elif isinstance(value, dict):
            value = tuple(value.items())
        out.append((name, value))
    return tuple(out)


def card_bounds(plan: tuple) -> pygame.Rect:
    """The area a resting card's plan paints: the card, turned, with its shadow and ring."""
    x, y, lift, angle, width, base_w = plan[1:7]
    w, h = width, width * sprites.CARD_RATIO
    if angle:
        w = h = math.hypot(w, h)
    margin = max(2.0, width * 0.05) + sprites.ring_margin(base_w) + 4
    rect = pygame.Rect(0, 0, math.ceil(w + 2 * margin), math.ceil(h + 2 * margin))
    rect.center = (round(x), round(y - lift))
    return rect


def ring_bounds(ring: tuple) -> pygame.Rect:
    """The area a glowing frame (:func:`cardtable.table.hud.ring_around`) paints."""
    rect, card_w = pygame.Rect(ring[0]), ring[1]
    pad = sprites.ring_margin(card_w) + max(4, round(card_w * 0.08)) + 4
    if len(ring) > 4 and ring[4]:  # a turned card's frame: its turned outline's bounds
        side = math.ceil(math.hypot(rect.width, rect.height))
        rect = pygame.Rect(0, 0, side, side).move(rect.centerx - side // 2, rect.centery - side // 2)
    return rect.inflate(2 * pad, 2 * pad)


def changes(before: Picture, now: Picture) -> list[pygame.Rect] | None:
    """The areas that differ between two pictures, when only resting cards, glowing frames or
    plates do (their old and new places); [] when none; None when anything else does."""
    try:
        if before.around != now.around or before.cards != now.cards or len(before.plates) != len(now.plates):
            return None
    except Exception:  # noqa: BLE001 - an extension's state that cannot be compared: redraw all
        return None
    rects = []
    for old, new in zip(before.plans, now.plans, strict=True):
        if old != new:
            rects += [card_bounds(plan) for plan in (old, new) if plan is not None]
    if before.rings != now.rings:
        rects += [ring_bounds(ring) for ring in (*before.rings, *now.rings)]
    for old, new in zip(before.plates, now.plates, strict=True):
        if old != new:
            rects += [pygame.Rect(old[0]).inflate(4, 4), pygame.Rect(new[0]).inflate(4, 4)]
    return rects
