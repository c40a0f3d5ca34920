"""The application icon: three cards fanned on a felt tile with a gold edge, drawn at any size.

Drawn large with plain ``pygame.draw`` (and the suit glyphs of :mod:`sprites.glyphs`), then
scaled down once with ``smoothscale``, like the cards. Write the shipped files with::

    python -m sprites.icon cardtable/assets

which writes ``cardtable-16.png`` ... ``cardtable-512.png`` (16, 32, 48, 64, 128, 256, 512) and
``cardtable.ico`` (Windows: PNG-compressed entries of 16-256 px) and ``cardtable.icns``
(macOS: PNG-compressed entries of 16-512 px, as ``iconutil`` would write them).
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pygame

from .glyphs import draw_glyph

SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 32, 48, 64, 128, 256)
# (icns type, pixel size) of the PNG-compressed entries macOS reads (10.7+).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512))

FELT = (24, 110, 62)
FELT_DARK = (14, 76, 42)
GOLD = (222, 178, 60)
GOLD_DARK = (150, 110, 26)
CREAM = (253, 251, 244)
EDGE = (90, 86, 80)
RED = (204, 30, 42)
INK = (28, 28, 32)

# The fan, left to right: suit, colour, rotation in degrees (counter-clockwise), centre offset.
FAN = (("spades", INK, 22, -0.12), ("diamonds", RED, 0, 0.0), ("hearts", RED, -22, 0.12))


def _card(w: int, h: int, suit: str, color: tuple[int, int, int]) -> pygame.Surface:
    """One card at the big (drawing) size: cream, dark rim, one large suit symbol."""
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = round(w * 0.12)
    pygame.draw.rect(card, EDGE, card.get_rect(), border_radius=radius)
    rim = max(2, round(w * 0.035))
    pygame.draw.rect(card, CREAM, card.get_rect().inflate(-2 * rim, -2 * rim), border_radius=radius - rim)
    g = round(w * 0.62)  # up and to the left: the part of a card the next one leaves uncovered
    draw_glyph(card, suit, pygame.Rect(round(w * 0.40 - g / 2), round(h * 0.33 - g / 2), g, g), color, bg=(*CREAM, 255))
    return card


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` RGBA surface (transparent outside the rounded tile)."""
    k = 2  # draw at 1024 px or more, a power of two times the size, then halve down to it
    while size * k < 1024:
        k *= 2
    big = size * k
    surface = pygame.Surface((big, big))  # opaque while drawing; the rounded corners are cut at the end
    surface.fill(GOLD_DARK)
    tile = surface.get_rect()
    radius = round(big * 0.2)
    pygame.draw.rect(surface, GOLD_DARK, tile, border_radius=radius)
    pygame.draw.rect(surface, GOLD, tile.inflate(-round(big * 0.03), -round(big * 0.03)), border_radius=radius)
    inner = tile.inflate(-round(big * 0.09), -round(big * 0.09))
    pygame.draw.rect(surface, FELT_DARK, inner, border_radius=round(radius * 0.8))
    pygame.draw.rect(
        surface, FELT, inner.inflate(-round(big * 0.02), -round(big * 0.02)), border_radius=round(radius * 0.78)
    )
    # Small sizes get bigger cards: the symbol is what must read at 16-32 px.
    cw = round(big * (0.42 if size <= 32 else 0.38))
    ch = round(cw * 1.4)
    pivot = (big * 0.53, big * 0.92)
    for suit, color, angle, dx in FAN:
        card = pygame.transform.rotate(_card(cw, ch, suit, color), angle)
        # Rotate about a point below the card (the hand holding the fan): offset the centre.
        vec = pygame.Vector2(0, -(pivot[1] - big * 0.52)).rotate(-angle)
        center = (pivot[0] + vec.x + dx * big * 0.25, pivot[1] + vec.y)
        surface.blit(card, card.get_rect(center=(round(center[0]), round(center[1]))))
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    icon.blit(surface, (0, 0))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), tile, border_radius=radius)
    icon.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    while icon.get_width() > 2 * size:  # halving steps: one big step loses a little opacity (alpha 253)
        icon = pygame.transform.smoothscale(icon, (icon.get_width() // 2,) * 2)
    return pygame.transform.smoothscale(icon, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as a PNG, in memory."""
    import io

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG-compressed images (Windows Vista and later read them)."""
    sizes = sorted(s for s in pngs if s <= 256)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s == 256 else s  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG-compressed images (the ``icp4``..``ic09`` types)."""
    body = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for kind, s in ICNS_TYPES if s in pngs
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_all(folder: Path) -> list[Path]:
    """Write every PNG, the .ico and the .icns into ``folder``; returns the files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    pngs = {s: png_bytes(draw_icon(s)) for s in SIZES}
    written = []
    for s, data in pngs.items():
        path = folder / f"cardtable-{s}.png"
        path.write_bytes(data)
        written.append(path)
    for name, data in (("cardtable.ico", ico_bytes(pngs)), ("cardtable.icns", icns_bytes(pngs))):
        (folder / name).write_bytes(data)
        written.append(folder / name)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m sprites.icon OUTDIR", file=sys.stderr)
        return 2
    for path in write_all(Path(args[0])):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
