"""Card faces, card backs, empty-pile slots and highlight rings, drawn and cached per size.

Everything is drawn two to four times too large with plain ``pygame.draw`` and text, then
scaled down once with ``smoothscale``: antialiased edges at any size without bitmaps.
Returned surfaces are shared by the cache: blit them, never draw on them.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import pairwise

import pygame

from rules.cards import CardFace

from . import looks
from . import text as txt
from .glyphs import INK, TRY_COLORS, TRY_SUITS, Color, draw_glyph, known, mix, suit_color

CARD_RATIO = 1.4

CREAM = (253, 251, 244)
EDGE = (118, 114, 106)
WHITE = (255, 255, 255)
GOLD = (255, 215, 0)
RADIUS = 0.075  # corner radius, as a fraction of the card width

# Number cards: one colour per number (Trio's 1..12); 7, the number that wins alone, is
# magenta with a star.
NUMBER_COLORS: tuple[Color, ...] = (
    (214, 39, 40),
    (238, 118, 0),
    (190, 148, 0),
    (110, 160, 20),
    (34, 139, 60),
    (0, 150, 150),
    (196, 24, 120),
    (31, 110, 190),
    (66, 66, 180),
    (128, 60, 170),
    (210, 90, 160),
    (130, 80, 60),
)
TRYCE_TILE = (243, 226, 180)

BACKS: dict[str, tuple[Color, Color, Color]] = {
    # base, lattice, accent
    "default": ((16, 52, 82), (36, 110, 128), (206, 176, 98)),
    "red": ((104, 20, 34), (152, 52, 62), (214, 180, 104)),
    "green": ((18, 70, 48), (44, 122, 88), (214, 190, 110)),
    "plum": ((62, 24, 70), (104, 58, 118), (222, 190, 120)),
    "charcoal": ((34, 36, 40), (70, 74, 82), (196, 200, 208)),
}

FaceKey = tuple[str, str | None, object, str, str | None, str | None]


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card ``width`` px wide."""
    width = int(width)
    return width, round(width * CARD_RATIO)


def _scale(width: int) -> int:
    """How many times too large to draw: more for small cards, where edges matter most."""
    return 4 if width < 64 else 3 if width < 120 else 2


def _index_height(width: int) -> float:
    """Corner numeral height as a fraction of the width: relatively larger on small cards."""
    return 0.16 + 0.07 * min(1.0, max(0.0, (110 - width) / 70))


def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.transform.smoothscale(big, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def _round_mask(surface: pygame.Surface, radius: int) -> None:
    """Make ``surface`` transparent outside a rounded rectangle of its own size."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _blit_center(dest: pygame.Surface, src: pygame.Surface, center: tuple[float, float]) -> None:
    dest.blit(src, src.get_rect(center=(round(center[0]), round(center[1]))))


def _glyph(suit: str, size: float, color: Color, flip: bool = False) -> pygame.Surface:
    """An aliased glyph for drawing on a big (supersampled) card; holes show the card."""
    s = max(1, round(size))
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    clear = (*CREAM, 0)
    surface.fill(clear)
    draw_glyph(surface, suit, surface.get_rect(), color, bg=clear, flip=flip)
    return surface


def _blank(width: int) -> tuple[pygame.Surface, int]:
    """A big blank card (cream face, thin border, rounded) and its scale factor."""
    k = _scale(width)
    w, h = card_size(width)
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill((*EDGE, 0))
    radius = round(w * k * RADIUS)
    pygame.draw.rect(big, EDGE, big.get_rect(), border_radius=radius)
    border = max(k, round(w * k * 0.011))
    pygame.draw.rect(big, CREAM, big.get_rect().inflate(-2 * border, -2 * border), border_radius=radius - border)
    return big, k


class _Layout:
    """Measures of one card face at its drawing scale."""

    def __init__(self, big: pygame.Surface, width: int, k: int) -> None:
        self.big = big
        self.k = k
        self.W, self.H = big.get_size()
        self.idx = _index_height(width) * self.W  # corner numeral height
        self.margin = 0.04 * self.W
        self.col = 1.2 * self.idx  # corner column width
        self.top = 0.055 * self.W
        self.inner = self.margin + self.col + 0.025 * self.W  # left edge of the centre area

    def centre_rect(self) -> pygame.Rect:
        return pygame.Rect(
            round(self.inner),
            round(self.top),
            round(self.W - 2 * self.inner),
            round(self.H - 2 * self.top),
        )

    def corner(self, items: list[pygame.Surface], gap: float = 0.03) -> None:
        """Stack ``items`` in the top-left corner column and upside down in the bottom-right."""
        if not items:
            return
        space = round(gap * self.W)
        height = sum(i.get_height() for i in items) + space * (len(items) - 1)
        width = round(self.margin + self.col)
        column = pygame.Surface((width, round(self.top) + height), pygame.SRCALPHA)
        y = round(self.top)
        for item in items:
            item = txt.fit(item, self.col * 1.05)
            column.blit(item, (round(self.margin + (self.col - item.get_width()) / 2), y))
            y += item.get_height() + space
        self.big.blit(column, (0, 0))
        self.big.blit(
            pygame.transform.flip(column, True, True),
            (self.W - column.get_width(), self.H - column.get_height()),
        )

    def panel(self, fill: Color, edge: Color) -> pygame.Rect:
        """A framed, rounded centre panel; returns its rect."""
        rect = self.centre_rect()
        radius = round(0.05 * self.W)
        pygame.draw.rect(self.big, fill, rect, border_radius=radius)
        pygame.draw.rect(self.big, edge, rect, max(1, round(0.012 * self.W)), border_radius=radius)
        return rect


def _rank_text(face: CardFace) -> str:
    return face.text if face.rank is None else str(face.rank)


# --- the styles ----------------------------------------------------------------------------


def _draw_suited(lay: _Layout, face: CardFace, color: Color, tile: str | None = None) -> None:
    """Corner index: rank over suit symbol, and for Tryce a letter tile below."""
    items = [txt.ink(_rank_text(face), round(lay.idx), color)]
    items.append(_glyph(str(face.suit), lay.idx * 0.8, color))
    if tile:
        # the letter matters most in a word: on a small card its tile takes the whole strip that
        # shows of an overlapped card (0.4 of the width), still left of it
        size = lay.idx * 1.15
        if lay.W < 64 * lay.k:
            size = max(size, min(lay.W * TILE_SMALL, lay.W * 0.36 - lay.margin))
            lay.col = max(lay.col, size / 1.05)
        items.append(_letter_tile(tile, size))
    lay.corner(items)


TILE_SMALL = 0.33  # of a small card's width: its letter tile


def _letter_tile(letter: str, size: float) -> pygame.Surface:
    s = max(2, round(size))
    tile = pygame.Surface((s, s), pygame.SRCALPHA)
    radius = max(1, round(s * 0.18))
    pygame.draw.rect(tile, mix(TRYCE_TILE, INK, 0.45), tile.get_rect(), border_radius=radius)
    edge = max(1, round(s * 0.06))
    pygame.draw.rect(
        tile,
        TRYCE_TILE,
        tile.get_rect().inflate(-2 * edge, -2 * edge),
        border_radius=max(1, radius - edge),
    )
    letter_ink = txt.fit(txt.ink(letter.upper(), round(s * 0.68), INK), s * 0.84)
    _blit_center(tile, letter_ink, (s / 2, s / 2))
    return tile


def _draw_try(lay: _Layout, face: CardFace, colorblind: bool) -> None:
    color = suit_color("try", face.suit, colorblind)
    _draw_suited(lay, face, color)
    if 80 * lay.k > lay.W:  # small: no room for a panel, the symbol as large as it goes
        rect = lay.centre_rect()
        size = lay.W * 0.48
    else:
        rect = lay.panel(mix(color, CREAM, 0.88), mix(color, CREAM, 0.45))
        size = min(rect.width * 0.86, lay.W * 0.5)
    _blit_center(lay.big, _glyph(str(face.suit), size, color), rect.center)


def _draw_wild(lay: _Layout, colorblind: bool) -> None:
    colors = [suit_color("try", s, colorblind) for s in TRY_SUITS]
    purple = (84, 44, 120)
    dots = pygame.Surface((round(lay.idx), round(lay.idx)), pygame.SRCALPHA)
    for i, col in enumerate(colors):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        r = lay.idx * 0.32
        c = (lay.idx / 2 + r * math.cos(a), lay.idx / 2 + r * math.sin(a))
        pygame.draw.circle(dots, col, c, lay.idx * 0.17)
    lay.corner([txt.ink("W", round(lay.idx), purple), dots])

    rect = lay.centre_rect()
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    bands = [mix(c, WHITE, 0.25) for c in (*colors, colors[0])]
    for y in range(rect.height):
        t = y / max(1, rect.height - 1) * (len(bands) - 1)
        i = min(int(t), len(bands) - 2)
        pygame.draw.line(panel, mix(bands[i], bands[i + 1], t - i), (0, y), (rect.width, y))
    _round_mask(panel, round(0.05 * lay.W))
    lay.big.blit(panel, rect)
    pygame.draw.rect(lay.big, purple, rect, max(1, round(0.012 * lay.W)), border_radius=round(0.05 * lay.W))

    cx, cy = rect.center
    if 80 * lay.k > lay.W:  # too small for the ring: the star alone
        size = min(rect.width * 1.1, lay.W * 0.5)
        _blit_center(lay.big, _glyph("wild", size, INK), (cx, cy))
        return
    badge = rect.width * 0.36
    rx = rect.width / 2 - badge * 0.64
    ry = min(rx * 2.4, rect.height / 2 - badge * 0.7)
    for i, suit in enumerate(TRY_SUITS):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        centre = (cx + rx * math.cos(a), cy + ry * math.sin(a))
        pygame.draw.circle(lay.big, CREAM, centre, badge / 2)
        pygame.draw.circle(lay.big, purple, centre, badge / 2, max(1, round(0.006 * lay.W)))
        _blit_center(lay.big, _glyph(suit, badge * 0.72, colors[i]), centre)
    _blit_center(lay.big, _glyph("wild", rect.width * 0.74, INK), (cx, cy + ry * 0.06))


COURTS = frozenset("JQKCVBDHR")  # English, French, Dutch and German court letters

# Pip positions on a standard card: (column 0..1, row 0..1); rows below the middle are
# drawn upside down.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: (
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ),
}


def _draw_standard(lay: _Layout, face: CardFace, colorblind: bool, width: int) -> None:
    color = suit_color("standard", face.suit, colorblind)
    _draw_suited(lay, face, color, face.letter if face.style == "tryce" else None)
    suit = str(face.suit)
    rank = _rank_text(face).upper()
    rect = lay.centre_rect()
    count = int(rank) if rank.isdigit() else 0
    if count in PIPS and width >= 70:
        pip = lay.W * 0.17
        area = rect.inflate(-pip * 1.1, 0)
        area.top, area.height = round(lay.H * 0.165), round(lay.H * 0.67)
        for col, row in PIPS[count]:
            centre = (area.left + col * area.width, area.top + row * area.height)
            _blit_center(lay.big, _glyph(suit, pip, color, flip=row > 0.5), centre)
    elif rank in COURTS and width < 70:  # small: the letter over the symbol, no frame
        _blit_center(
            lay.big,
            txt.ink(rank, round(lay.W * 0.3), color),
            (rect.centerx, rect.centery - lay.W * 0.16),
        )
        _blit_center(lay.big, _glyph(suit, lay.W * 0.3, color), (rect.centerx, rect.centery + lay.W * 0.2))
    elif rank in COURTS:
        rect = lay.panel(mix((236, 200, 120), CREAM, 0.75), mix(color, CREAM, 0.4))
        half = pygame.Surface((rect.width, rect.height // 2), pygame.SRCALPHA)
        letter = txt.ink(rank, round(rect.width * 0.5), color)
        glyph = _glyph(suit, rect.width * 0.34, color)
        _blit_center(half, letter, (rect.width / 2, half.get_height() * 0.42))
        _blit_center(half, glyph, (rect.width / 2, half.get_height() * 0.82))
        lay.big.blit(half, rect.topleft)
        lay.big.blit(pygame.transform.flip(half, True, True), (rect.left, rect.bottom - half.get_height()))
        pygame.draw.line(
            lay.big,
            mix(color, CREAM, 0.4),
            (rect.left + rect.width * 0.15, rect.centery),
            (rect.right - rect.width * 0.15, rect.centery),
            max(1, round(0.008 * lay.W)),
        )
    else:
        ace = rank in ("A", "1")
        size = min(rect.width * (0.95 if ace else 0.8), lay.W * 0.5)
        _blit_center(lay.big, _glyph(suit, size, color), rect.center)


def trio_partners(number: int) -> tuple[int, ...]:
    """Numbers that make a connected pair with ``number`` (sum 7 or difference 7)."""
    return tuple(m for m in range(1, 13) if m != number and (m + number == 7 or abs(m - number) == 7))


def _numeral(n: int, height: float, color: Color) -> pygame.Surface:
    """A numeral; 6 and 9 are underlined so they read the same either way up."""
    digits = txt.ink(str(n), round(height), color)
    if n not in (6, 9):
        return digits
    w, h = digits.get_size()
    bar = max(1, round(height * 0.09))
    out = pygame.Surface((w, h + 3 * bar), pygame.SRCALPHA)
    out.blit(digits, (0, 0))
    pygame.draw.rect(out, color, (0, h + bar * 2, w, bar))
    return out


def _draw_trio(lay: _Layout, n: int) -> None:
    color = NUMBER_COLORS[(n - 1) % len(NUMBER_COLORS)]
    lay.corner([_numeral(n, lay.idx * 1.1, color)])

    # Connection marks, top right and (upside down) bottom left.
    mark = lay.idx * 0.95
    partners = trio_partners(n)
    marks = pygame.Surface((round(mark), round(mark * 1.1 * max(1, len(partners)))), pygame.SRCALPHA)
    if n == 7:
        marks.blit(_glyph("stars", mark, (230, 170, 20)), (0, 0))
    for i, m in enumerate(partners):
        centre = (mark / 2, mark / 2 + i * mark * 1.1)
        pygame.draw.circle(marks, NUMBER_COLORS[m - 1], centre, mark / 2)
        label = txt.fit(txt.ink(str(m), round(mark * 0.5), WHITE), mark * 0.78)
        _blit_center(marks, label, centre)
    pos = (round(lay.W - lay.margin - mark - 0.02 * lay.W), round(lay.top))
    lay.big.blit(marks, pos)
    lay.big.blit(
        pygame.transform.flip(marks, True, True),
        (lay.W - pos[0] - marks.get_width(), lay.H - pos[1] - marks.get_height()),
    )

    cx, cy = lay.W / 2, lay.H / 2
    radius = lay.W * 0.3
    pygame.draw.circle(lay.big, mix(color, CREAM, 0.85), (cx, cy), radius)
    pygame.draw.circle(lay.big, color, (cx, cy), radius, max(1, round(0.02 * lay.W)))
    big = txt.fit(_numeral(n, lay.W * 0.3, color), radius * 1.6)
    _blit_center(lay.big, big, (cx, cy))


def _draw_joker(lay: _Layout) -> None:
    purple = (112, 60, 168)
    letters = [txt.ink(ch, round(lay.idx * 0.62), purple) for ch in "JOKER"]
    lay.corner(letters, gap=0.015)
    if 70 * lay.k > lay.W:
        rect, size = lay.centre_rect(), lay.W * 0.56
    else:
        rect = lay.panel(mix((236, 184, 40), CREAM, 0.8), mix(purple, CREAM, 0.4))
        size = min(rect.width * 0.95, lay.W * 0.56)
    _blit_center(lay.big, _glyph("joker", size, INK), rect.center)


def _draw_plain(lay: _Layout, face: CardFace) -> None:
    label = face.text or face.name or "?"
    lay.corner([txt.ink(label, round(lay.idx * 0.8), INK)])
    rect = lay.centre_rect()
    _blit_center(lay.big, txt.fit(txt.ink(label, round(lay.W * 0.22), INK), rect.width * 0.95), rect.center)


@lru_cache(maxsize=512)
def _face(face: CardFace, width: int, colorblind: bool) -> pygame.Surface:
    big, k = _blank(width)
    lay = _Layout(big, width, k)
    style, suit = face.style, face.suit
    if face.extra == "wild":
        _draw_wild(lay, colorblind)
    elif face.extra == "joker":
        _draw_joker(lay)
    elif style == "try" and suit in TRY_COLORS:
        _draw_try(lay, face, colorblind)
    elif style in ("standard", "tryce") and known(suit) and face.rank is not None:
        _draw_standard(lay, face, colorblind, width)
    elif style == "trio" and isinstance(face.rank, int) and 1 <= face.rank <= 12:
        _draw_trio(lay, face.rank)
    else:
        _draw_plain(lay, face)
    return _finish(big, card_size(width))


def card_face(face: CardFace, width: int, colorblind: bool = False) -> pygame.Surface:
    """The face of ``face`` at ``width`` px (height ``width * CARD_RATIO``), cached.

    Per-pixel alpha, rounded corners. Cached on what the card looks like, not on its
    index, so duplicate cards share one surface. Unknown styles draw ``face.text``.
    """
    look = CardFace(0, face.style, face.suit, face.rank, face.text, "", face.extra, face.letter)
    try:
        return _face(look, max(8, int(width)), bool(colorblind))
    except Exception:  # a card that cannot be drawn must not end the game: draw its text
        plain = CardFace(0, "", None, None, face.text, "", None, None)
        return _face(plain, max(8, int(width)), False)


@lru_cache(maxsize=64)
def _back(width: int, style: str) -> pygame.Surface:
    base, line, accent = BACKS.get(style, BACKS["default"])
    big, _k = _blank(width)
    bw = big.get_width()
    inset = round(bw * 0.06)
    rect = big.get_rect().inflate(-2 * inset, -2 * inset)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel.fill(base)
    pw, ph = rect.size
    cx, cy = pw / 2, ph / 2
    step = bw * 0.085
    thick = max(1, round(bw * 0.008))
    reach = (pw + ph) / 2
    n = math.ceil(reach / step) + 1
    for i in range(-n, n + 1):  # two families of diagonals crossing at the centre
        off = i * step
        pygame.draw.line(panel, line, (cx + off - reach, cy - reach), (cx + off + reach, cy + reach), thick)
        pygame.draw.line(panel, line, (cx + off - reach, cy + reach), (cx + off + reach, cy - reach), thick)
    dot = max(1, bw * 0.011)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = cx + (i + j) * step / 2, cy + (i - j) * step / 2
            if -dot <= x <= pw + dot and -dot <= y <= ph + dot:
                pygame.draw.circle(panel, mix(line, accent, 0.5), (x, y), dot)
    frame = round(bw * 0.035)
    pygame.draw.rect(
        panel,
        accent,
        panel.get_rect().inflate(-2 * frame, -2 * frame),
        max(1, round(bw * 0.01)),
        border_radius=round(bw * 0.03),
    )
    medal = pygame.Rect(0, 0, round(pw * 0.5), round(pw * 0.5))
    medal.center = (round(cx), round(cy))
    pygame.draw.ellipse(panel, base, medal.inflate(thick * 6, thick * 6))
    pygame.draw.ellipse(panel, accent, medal, max(1, round(bw * 0.012)))
    pygame.draw.ellipse(panel, line, medal.inflate(-medal.width // 5, -medal.height // 5), max(1, round(bw * 0.006)))
    star = [
        (
            cx + r * math.cos(-math.pi / 2 + i * math.pi / 4),
            cy + r * math.sin(-math.pi / 2 + i * math.pi / 4),
        )
        for i, r in enumerate([pw * 0.15, pw * 0.05] * 4)
    ]
    pygame.draw.polygon(panel, accent, star)
    _round_mask(panel, round(bw * (RADIUS - 0.04)))
    big.blit(panel, rect)
    return _finish(big, card_size(width))


def card_back(width: int, style: str | None = None) -> pygame.Surface:
    """A card back (navy-teal lattice with a gold frame; also "red", "green", "plum", "charcoal"),
    cached; ``None``: the one the player chose (``sprites.looks``)."""
    return _back(max(8, int(width)), str(style) if style is not None else looks.back_style())


def _rounded_path(rect: pygame.Rect, radius: float, steps: int = 8) -> list[tuple[float, float]]:
    """Points around a rounded rectangle, clockwise from the top-left straight edge."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    corners = (
        (x1 - radius, y0 + radius, -90),
        (x1 - radius, y1 - radius, 0),
        (x0 + radius, y1 - radius, 90),
        (x0 + radius, y0 + radius, 180),
    )
    points = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    points.append(points[0])
    return points


def _dashes(
    surface: pygame.Surface,
    color: tuple[int, ...],
    points: list[tuple[float, float]],
    dash: float,
    gap: float,
    width: int,
) -> None:
    on, left = True, dash
    for (ax, ay), (bx, by) in pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        pos = 0.0
        while pos < length:
            take = min(left, length - pos)
            if on:
                t0, t1 = pos / length, (pos + take) / length
                pygame.draw.line(
                    surface,
                    color,
                    (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                    (ax + (bx - ax) * t1, ay + (by - ay) * t1),
                    width,
                )
            pos += take
            left -= take
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


@lru_cache(maxsize=64)
def _slot(width: int, label: str, highlight: bool) -> pygame.Surface:
    k = _scale(width)
    w, h = card_size(width)
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    bw = w * k
    rgb = GOLD if highlight else WHITE
    big.fill((*rgb, 0))
    radius = round(bw * RADIUS)
    line = max(k, round(bw * (0.03 if highlight else 0.016)))
    pygame.draw.rect(big, (*rgb, 60 if highlight else 26), big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-line, -line)
    if highlight:
        pygame.draw.rect(big, (*rgb, 240), big.get_rect(), line, border_radius=radius)
        pygame.draw.rect(
            big,
            (*rgb, 110),
            big.get_rect().inflate(-2 * line, -2 * line),
            line,
            border_radius=max(0, radius - line),
        )
    else:
        _dashes(big, (*rgb, 130), _rounded_path(inner, radius - line / 2), bw * 0.07, bw * 0.045, line)
    if label:
        ink = txt.fit(txt.ink(label, round(bw * 0.13), rgb), bw * 0.8).copy()
        ink.set_alpha(200 if highlight else 150)
        _blit_center(big, ink, big.get_rect().center)
    return _finish(big, (w, h))


def pile_slot(width: int, label: str = "", highlight: bool = False) -> pygame.Surface:
    """An empty pile's place: a translucent rounded card outline, gold when ``highlight``."""
    return _slot(max(8, int(width)), str(label), bool(highlight))


def ring_margin(width: int) -> int:
    """How far a :func:`highlight_ring` reaches beyond each edge of a ``width`` card."""
    return max(4, round(int(width) * 0.09))


@lru_cache(maxsize=64)
def _ring(width: int, color: Color) -> pygame.Surface:
    k = 2
    w, h = card_size(width)
    g = ring_margin(width)
    size = (w + 2 * g, h + 2 * g)
    big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
    big.fill((*color, 0))
    gk = g * k
    radius = round(w * k * RADIUS)
    steps = max(4, gk)
    for i in range(steps):  # outside in, rising alpha: a soft glow
        t = (i + 1) / steps
        grow = round(gk * (1 - t))
        rect = pygame.Rect(gk - grow, gk - grow, w * k + 2 * grow, h * k + 2 * grow)
        pygame.draw.rect(big, (*color, round(190 * t * t)), rect, border_radius=radius + grow)
    line = max(k, round(w * k * 0.025))
    card = pygame.Rect(gk, gk, w * k, h * k)
    pygame.draw.rect(big, (*color, 255), card.inflate(2 * line, 2 * line), border_radius=radius + line)
    pygame.draw.rect(big, (*color, 0), card.inflate(-2 * line, -2 * line), border_radius=max(0, radius - line))
    return _finish(big, size)


def highlight_ring(width: int, color: Color = GOLD) -> pygame.Surface:
    """A glowing frame for a selected card or valid target (cached).

    It is ``ring_margin(width)`` px larger than the card on every side: blit it at the
    card's top-left minus that margin. The card's inside is transparent.
    """
    return _ring(max(8, int(width)), tuple(color)[:3])


def clear_cache() -> None:
    """Forget every cached face, back, slot and ring (after a resize, say)."""
    for cached in (_face, _back, _slot, _ring):
        cached.cache_clear()
