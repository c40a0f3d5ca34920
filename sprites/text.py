"""Text rendering with pygame's bundled default font, cached per (string, size, colour).

The default font (freesansbold, GPL with font exception, shipped inside pygame-ce) has no
card-suit symbols, so suits are drawn as shapes by :mod:`sprites.glyphs`, never as text.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

Color = tuple[int, ...]

# Cap height of the default font as a fraction of its point size (measured: "8" at size 100
# has 50 px of ink); used to ask for text by the height of its ink.
CAP_RATIO = 0.5


def _init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font at ``size`` (cached); initialises ``pygame.font`` on first use."""
    _init()
    face = pygame.font.Font(None, max(1, int(size)))
    face.bold = bold
    return face


# Below this size the font's hinting squeezes spaces to a pixel ("tally 7· 0points"): small text
# is drawn at twice its size and scaled down, which keeps the letters' proportions.
SMALL_SIZE = 28


@lru_cache(maxsize=2048)
def _text(s: str, size: int, color: Color, bold: bool) -> pygame.Surface:
    if size >= SMALL_SIZE:
        return font(size, bold).render(s, True, color)
    big = font(size * 2, bold).render(s, True, color)
    w, h = big.get_size()
    if w < 2 or h < 2:  # nothing to draw (an empty string): smoothscale must not see it
        return font(size, bold).render(s, True, color)
    return pygame.transform.smoothscale(big, (max(1, round(w / 2)), max(1, round(h / 2))))


def text(s: str, size: int, color: Color = (20, 20, 20), bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased with a transparent background (cached; do not modify it)."""
    return _text(str(s), int(size), tuple(color), bool(bold))


@lru_cache(maxsize=2048)
def _ink(s: str, height: int, color: Color, bold: bool) -> pygame.Surface:
    surface = _text(s, max(1, round(height / CAP_RATIO)), color, bold)
    box = surface.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return surface
    return surface.subsurface(box)


def ink(s: str, height: int, color: Color = (20, 20, 20), bold: bool = False) -> pygame.Surface:
    """``s`` cropped to its ink, sized so capitals and digits are ``height`` px tall (cached)."""
    return _ink(str(s), int(height), tuple(color), bool(bold))


def fit(surface: pygame.Surface, max_width: float) -> pygame.Surface:
    """``surface`` narrowed to ``max_width`` if wider (aspect kept), else itself."""
    w, h = surface.get_size()
    if w <= max_width or w == 0:
        return surface
    scale = max_width / w
    return pygame.transform.smoothscale(surface, (max(1, int(max_width)), max(1, round(h * scale))))


def clear_cache() -> None:
    """Forget every cached font and rendering."""
    font.cache_clear()
    _text.cache_clear()
    _ink.cache_clear()
