"""The window's real pixels and the pointer's place on them.

On a high-DPI screen (a Mac's Retina display) the window is created with SDL's high-DPI flag
(``pygame.Window(allow_high_dpi=True)``): its surface, the drawable, has the screen's real
pixels (twice the window's size in points on a 2x display), so cards are drawn crisp, never
scaled up. SDL still reports the pointer and the window's size in points: every pointer event
is mapped to the drawable's pixels (:func:`in_pixels`) before a scene sees it, and
:func:`pointer` is ``pygame.mouse.get_pos()`` in those pixels. Elsewhere the scale is 1 and
nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
ONE = (1.0, 1.0)

_scale: tuple[float, float] = ONE


def pixel_scale(window_size: Sequence[float], pixel_size: Sequence[float]) -> tuple[float, float]:
    """Pixels of the drawable per point of the window, across and down (1, 1 where they match
    or a size is unknown or empty)."""
    try:
        sx = float(pixel_size[0]) / float(window_size[0])
        sy = float(pixel_size[1]) / float(window_size[1])
    except (ZeroDivisionError, IndexError, TypeError, ValueError):
        return ONE
    if not (sx > 0 and sy > 0):
        return ONE
    return sx, sy


def to_pixels(pos: Sequence[float], scale: tuple[float, float]) -> tuple[int, int]:
    """A point in window coordinates as the drawable's pixel under it (the pixel's top-left
    corner for a fractional scale, so the last point maps inside the drawable)."""
    return int(pos[0] * scale[0]), int(pos[1] * scale[1])


def in_pixels(event: pygame.event.Event, scale: tuple[float, float]) -> pygame.event.Event:
    """``event`` with its pointer position (and motion) in the drawable's pixels; any other
    event, or a scale of 1, unchanged."""
    if scale == ONE or event.type not in POINTER_EVENTS or not hasattr(event, "pos"):
        return event
    values = dict(event.dict)
    values["pos"] = to_pixels(event.pos, scale)
    if "rel" in values:
        values["rel"] = (round(event.rel[0] * scale[0]), round(event.rel[1] * scale[1]))
    return pygame.event.Event(event.type, values)


def set_scale(scale: tuple[float, float]) -> None:
    """The current window's pixels per point (the app sets it when the window opens or resizes)."""
    global _scale
    _scale = (float(scale[0]), float(scale[1]))


def scale() -> tuple[float, float]:
    return _scale


def pointer() -> tuple[int, int]:
    """The pointer's position in the drawable's pixels (``pygame.mouse.get_pos()`` is in points)."""
    return to_pixels(pygame.mouse.get_pos(), _scale)
