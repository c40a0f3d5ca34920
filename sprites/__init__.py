"""Cards drawn, not shipped as bitmaps: faces, backs, pile slots, rings, suit glyphs, text.

Everything is drawn procedurally at the size asked for and cached per (look, size); the
returned surfaces are shared, so blit them and never draw on them. No game rules live here
and nothing is imported from ``cardtable``; card descriptions come from ``rules.cards``.
Fonts: pygame's bundled default font (freesansbold); suits are shapes, not font glyphs.
"""

from __future__ import annotations

import os

# No pygame-ce banner on stdout when a tool imports these before cardtable (see cardtable/__init__.py).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from . import faces as _faces
from . import glyphs as _glyphs
from . import looks
from . import text as _text
from .faces import (
    CARD_RATIO,
    card_back,
    card_face,
    card_size,
    highlight_ring,
    pile_slot,
    ring_margin,
    trio_partners,
)
from .glyphs import STANDARD_SUITS, TRY_SUITS, suit_color, suit_glyph
from .text import text


def clear_caches() -> None:
    """Forget every cached surface and font (say after the window's scale changes)."""
    _faces.clear_cache()
    _glyphs.clear_cache()
    _text.clear_cache()


__all__ = [
    "CARD_RATIO",
    "STANDARD_SUITS",
    "TRY_SUITS",
    "card_back",
    "card_face",
    "card_size",
    "clear_caches",
    "highlight_ring",
    "looks",
    "pile_slot",
    "ring_margin",
    "suit_color",
    "suit_glyph",
    "text",
    "trio_partners",
]
