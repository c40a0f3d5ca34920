"""Render a contact sheet of cards, backs, slots and rings to a PNG, for looking at.

Usage: ``python -m sprites.preview out.png [width ...]`` (headless: uses the dummy driver).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from rules.cards import CardFace

from . import (
    TRY_SUITS,
    card_back,
    card_face,
    card_size,
    highlight_ring,
    pile_slot,
    ring_margin,
    suit_glyph,
    text,
)

FELT = (22, 92, 58)


def sample_faces() -> list[list[CardFace]]:
    """Rows of faces to show: every Try card, then standard, Tryce and Trio samples."""
    rows: list[list[CardFace]] = []
    for suit in TRY_SUITS:
        rows.append([CardFace(0, "try", suit, r, f"{r}{suit[0].upper()}", f"{r} of {suit}") for r in range(1, 13)])
    rows.append([CardFace(0, "try", None, None, "W", "Wild", extra="wild")])
    standard = [
        ("A", "spades"),
        ("K", "hearts"),
        ("Q", "diamonds"),
        ("J", "clubs"),
        (10, "hearts"),
        (9, "spades"),
        (8, "diamonds"),
        (7, "clubs"),
        (6, "hearts"),
        (5, "spades"),
        (4, "diamonds"),
        (3, "clubs"),
        (2, "hearts"),
    ]
    rows.append([CardFace(0, "standard", s, r, f"{r}{s[0].upper()}", "") for r, s in standard])
    rows.append(
        [
            CardFace(0, "tryce", s, r, f"{r}{s[0].upper()}", "", letter=letter)
            for (r, s), letter in zip(standard[:6], "QEXTAW", strict=True)
        ]
        + [
            CardFace(0, "tryce", None, None, "JK", "Joker", extra="joker"),
            CardFace(0, "mystery", None, None, "??", "Unknown"),
        ]
    )
    rows.append([CardFace(0, "trio", None, n, str(n), str(n)) for n in range(1, 13)])
    return rows


def sheet(widths: tuple[int, ...], colorblind: bool = False) -> pygame.Surface:
    """A felt-coloured sheet with every sample at each width."""
    rows = sample_faces()
    gap = 8
    blocks = []
    for width in widths:
        w, h = card_size(width)
        extras = [
            card_back(width),
            card_back(width, "red"),
            pile_slot(width),
            pile_slot(width, "Stock"),
            pile_slot(width, "Discard", highlight=True),
        ]
        n_cols = max(max(len(r) for r in rows), len(extras) + 2)
        block = pygame.Surface((gap + n_cols * (w + gap + 2 * ring_margin(width)), gap + (len(rows) + 1) * (h + gap)))
        block.fill(FELT)
        step = w + gap
        for y, row in enumerate(rows):
            for x, face in enumerate(row):
                block.blit(card_face(face, width, colorblind), (gap + x * step, gap + y * (h + gap)))
        y = gap + len(rows) * (h + gap)
        for x, surface in enumerate(extras):
            block.blit(surface, (gap + x * step, y))
        x = gap + len(extras) * step + ring_margin(width)
        block.blit(card_face(rows[0][11], width), (x, y))
        block.blit(highlight_ring(width), (x - ring_margin(width), y - ring_margin(width)))
        gx = x + step + ring_margin(width)
        for i, suit in enumerate((*TRY_SUITS, "spades", "hearts", "wild", "joker")):
            block.blit(suit_glyph("try", suit, 20), (gx + (i % 3) * 24, y + (i // 3) * 24))
        block.blit(text(f"width {width}", 18, (230, 230, 230)), (gx + 80, y))
        blocks.append(block)
    out = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks)))
    out.fill(FELT)
    y = 0
    for block in blocks:
        out.blit(block, (0, y))
        y += block.get_height()
    return out


def main(argv: list[str]) -> int:
    """Write the sheet to ``argv[0]`` (default ``preview.png``) at the widths that follow."""
    path = argv[0] if argv else "preview.png"
    widths = tuple(int(a) for a in argv[1:]) or (56, 120)
    pygame.init()
    pygame.image.save(sheet(widths, colorblind=os.environ.get("COLORBLIND") == "1"), path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
