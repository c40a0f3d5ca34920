"""Suit symbols as vector shapes: Try's five suits, the four French suits, and their colours.

Each glyph is a short list of shapes in a unit box (x right, y down), drawn with plain
``pygame.draw`` onto a larger surface and smoothed by scaling down (supersampling), so it is
crisp at any size and needs no font with suit symbols.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache

import pygame

Color = tuple[int, ...]
Point = tuple[float, float]
# (role, kind, data): role picks the colour (fill, dark, light, shine, warm, hole) or is
# a fixed RGB colour;
# kind is "poly" (points), "circle" (cx, cy, r), "rrect" (x0, y0, x1, y1, radius) or
# "line" (x0, y0, x1, y1, width).
Shape = tuple[str | Color, str, tuple]

INK = (28, 28, 32)
GREY = (110, 110, 120)

TRY_SUITS = ("stars", "fire", "skulls", "drips", "brocs")
STANDARD_SUITS = ("spades", "hearts", "diamonds", "clubs")

TRY_COLORS: dict[str, Color] = {
    "stars": (226, 156, 12),
    "fire": (226, 70, 30),
    "skulls": (86, 64, 118),
    "drips": (28, 112, 214),
    "brocs": (52, 148, 62),
}
# Okabe-Ito based: distinguishable with every common colour-vision deficiency.
TRY_COLORS_CB: dict[str, Color] = {
    "stars": (230, 159, 0),
    "fire": (213, 94, 0),
    "skulls": (70, 60, 90),
    "drips": (0, 114, 178),
    "brocs": (0, 150, 110),
}
STANDARD_COLORS: dict[str, Color] = {
    "spades": INK,
    "hearts": (204, 30, 42),
    "diamonds": (204, 30, 42),
    "clubs": INK,
}
STANDARD_COLORS_CB: dict[str, Color] = {
    "spades": INK,
    "hearts": (204, 30, 42),
    "diamonds": (24, 92, 204),
    "clubs": (22, 132, 54),
}


def suit_color(style: str, suit: str | None, colorblind: bool = False) -> tuple[int, int, int]:
    """The colour a suit is drawn in; grey for a suit this module does not know.

    ``style`` is accepted for symmetry with the other calls: suit ids do not overlap.
    """
    if suit in ("wild", "joker"):
        return (112, 60, 168)
    if suit in TRY_COLORS:
        return (TRY_COLORS_CB if colorblind else TRY_COLORS)[suit]
    if suit in STANDARD_COLORS:
        return (STANDARD_COLORS_CB if colorblind else STANDARD_COLORS)[suit]
    return GREY


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """Colour ``t`` of the way from ``a`` to ``b``."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


# --- geometry helpers ---------------------------------------------------------------------


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 10) -> list[Point]:
    """Points of a cubic Bézier curve, without its first point (so curves chain)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        s = 1 - t
        out.append(
            (
                s**3 * p0[0] + 3 * s * s * t * p1[0] + 3 * s * t * t * p2[0] + t**3 * p3[0],
                s**3 * p0[1] + 3 * s * s * t * p1[1] + 3 * s * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def _path(start: Point, *curves: tuple[Point, Point, Point]) -> list[Point]:
    points = [start]
    for c1, c2, end in curves:
        points += _bezier(points[-1], c1, c2, end)
    return points


def _star_points(cx: float, cy: float, outer: float, inner: float, n: int = 5) -> list[Point]:
    points = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / n
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _heart_points(steps: int = 48) -> list[Point]:
    """The classic heart curve, normalised to the unit box, point at the bottom."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in raw]


# --- Try's suits --------------------------------------------------------------------------


def _stars() -> list[Shape]:
    cx, cy, outer = 0.5, 0.545, 0.52
    points = _star_points(cx, cy, outer, outer * 0.42)
    shapes: list[Shape] = [("fill", "poly", tuple(points))]
    # A bevel: the left half of every arm lighter, as if lit from the top left.
    for i in range(0, 10, 2):
        shapes.append(("light", "poly", ((cx, cy), points[i], points[i - 1])))
    return shapes


def _fire() -> list[Shape]:
    outer = _path(
        (0.50, 0.98),
        ((0.80, 0.98), (0.93, 0.76), (0.86, 0.55)),
        ((0.80, 0.36), (0.62, 0.26), (0.60, 0.02)),
        ((0.46, 0.16), (0.34, 0.26), (0.38, 0.44)),  # into the flicker notch
        ((0.32, 0.40), (0.24, 0.34), (0.22, 0.20)),  # the small tongue
        ((0.08, 0.38), (0.06, 0.62), (0.14, 0.78)),
        ((0.22, 0.94), (0.36, 0.98), (0.50, 0.98)),
    )
    inner = _path(
        (0.50, 0.92),
        ((0.68, 0.92), (0.74, 0.76), (0.66, 0.62)),
        ((0.60, 0.52), (0.55, 0.46), (0.52, 0.36)),
        ((0.44, 0.48), (0.30, 0.58), (0.32, 0.76)),
        ((0.34, 0.88), (0.42, 0.92), (0.50, 0.92)),
    )
    return [("fill", "poly", tuple(outer)), ("warm", "poly", tuple(inner))]


def _skulls() -> list[Shape]:
    return [
        ("fill", "circle", (0.5, 0.43, 0.41)),
        ("fill", "rrect", (0.27, 0.60, 0.73, 0.97, 0.08)),
        ("hole", "circle", (0.33, 0.47, 0.12)),
        ("hole", "circle", (0.67, 0.47, 0.12)),
        ("hole", "poly", ((0.5, 0.60), (0.43, 0.73), (0.57, 0.73))),
        ("hole", "line", (0.395, 0.82, 0.395, 0.98, 0.045)),
        ("hole", "line", (0.5, 0.82, 0.5, 0.98, 0.045)),
        ("hole", "line", (0.605, 0.82, 0.605, 0.98, 0.045)),
        ("shine", "circle", (0.30, 0.22, 0.06)),
    ]


def _drips() -> list[Shape]:
    cx, cy, r, tip = 0.5, 0.655, 0.33, 0.02
    d = cy - tip
    spread = math.acos(r / d)
    up = -math.pi / 2
    start, end = up + spread, up - spread + 2 * math.pi
    arc = [
        (
            cx + r * math.cos(start + (end - start) * i / 32),
            cy + r * math.sin(start + (end - start) * i / 32),
        )
        for i in range(33)
    ]
    # Slightly concave sides up to the tip, like a falling drop.
    left = _bezier(arc[-1], (arc[-1][0] + 0.04, arc[-1][1] - 0.12), (cx - 0.03, tip + 0.12), (cx, tip))
    right = _bezier((cx, tip), (cx + 0.03, tip + 0.12), (arc[0][0] - 0.04, arc[0][1] - 0.12), arc[0])
    outline = arc + left + right[:-1]
    return [
        ("fill", "poly", tuple(outline)),
        (
            "shine",
            "poly",
            tuple(
                _path(
                    (0.30, 0.62),
                    ((0.28, 0.74), (0.34, 0.84), (0.44, 0.87)),
                    ((0.36, 0.80), (0.33, 0.72), (0.30, 0.62)),
                )
            ),
        ),
    ]


def _brocs() -> list[Shape]:
    stem = ((0.38, 0.98), (0.62, 0.98), (0.57, 0.58), (0.43, 0.58))
    return [
        ("light", "poly", stem),
        ("light", "line", (0.5, 0.74, 0.30, 0.55, 0.07)),
        ("light", "line", (0.5, 0.70, 0.70, 0.53, 0.07)),
        ("fill", "circle", (0.22, 0.50, 0.17)),
        ("fill", "circle", (0.78, 0.50, 0.17)),
        ("fill", "circle", (0.34, 0.28, 0.20)),
        ("fill", "circle", (0.66, 0.28, 0.20)),
        ("fill", "circle", (0.50, 0.44, 0.20)),
        ("light", "circle", (0.30, 0.24, 0.05)),
        ("light", "circle", (0.60, 0.20, 0.04)),
        ("light", "circle", (0.47, 0.40, 0.045)),
        ("light", "circle", (0.20, 0.47, 0.04)),
    ]


# --- French suits ---------------------------------------------------------------------------


def _hearts() -> list[Shape]:
    return [("fill", "poly", tuple((0.02 + 0.96 * x, 0.04 + 0.92 * y) for x, y in _heart_points()))]


def _spades() -> list[Shape]:
    body = tuple((0.04 + 0.92 * x, 0.78 - 0.76 * y) for x, y in _heart_points())
    stem = _path(
        (0.5, 0.55),
        ((0.5, 0.80), (0.40, 0.94), (0.28, 0.98)),
        ((0.44, 0.98), (0.56, 0.98), (0.72, 0.98)),
        ((0.60, 0.94), (0.5, 0.80), (0.5, 0.55)),
    )
    return [("fill", "poly", body), ("fill", "poly", tuple(stem))]


def _diamonds() -> list[Shape]:
    top, right, bottom, left = (0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)
    points = _path(
        top,
        ((0.62, 0.2), (0.76, 0.36), right),
        ((0.76, 0.64), (0.62, 0.8), bottom),
        ((0.38, 0.8), (0.24, 0.64), left),
        ((0.24, 0.36), (0.38, 0.2), top),
    )
    return [("fill", "poly", tuple(points))]


def _clubs() -> list[Shape]:
    stem = _path(
        (0.5, 0.50),
        ((0.5, 0.80), (0.40, 0.94), (0.28, 0.98)),
        ((0.44, 0.98), (0.56, 0.98), (0.72, 0.98)),
        ((0.60, 0.94), (0.5, 0.80), (0.5, 0.50)),
    )
    return [
        ("fill", "circle", (0.5, 0.24, 0.22)),
        ("fill", "circle", (0.25, 0.56, 0.22)),
        ("fill", "circle", (0.75, 0.56, 0.22)),
        ("fill", "circle", (0.5, 0.5, 0.14)),
        ("fill", "poly", tuple(stem)),
    ]


# --- special cards ------------------------------------------------------------------------


def _wild() -> list[Shape]:
    """A star whose five arms wear the five Try suit colours."""
    cx, cy, outer = 0.5, 0.545, 0.52
    points = _star_points(cx, cy, outer, outer * 0.42)
    shapes: list[Shape] = [("fill", "poly", tuple(points))]
    for arm, suit in enumerate(TRY_SUITS):
        i = 2 * arm
        col = TRY_COLORS[suit]
        shapes.append((col, "poly", ((cx, cy), points[i - 1], points[i], points[i + 1])))
        shapes.append((mix(col, (255, 255, 255), 0.35), "poly", ((cx, cy), points[i], points[i - 1])))
    return shapes


def _joker() -> list[Shape]:
    """A jester's hat: three floppy points with bells on a gold band."""
    left = _path(
        (0.22, 0.74),
        ((0.14, 0.58), (0.04, 0.44), (0.08, 0.26)),
        ((0.26, 0.36), (0.40, 0.50), (0.46, 0.74)),
    )
    middle = _path(
        (0.32, 0.74),
        ((0.36, 0.48), (0.42, 0.24), (0.50, 0.10)),
        ((0.58, 0.24), (0.64, 0.48), (0.68, 0.74)),
    )
    right = [(1 - x, y) for x, y in left]
    gold = (236, 184, 40)
    return [
        ((204, 30, 42), "poly", tuple(left)),
        ((22, 132, 54), "poly", tuple(right)),
        ((112, 60, 168), "poly", tuple(middle)),
        (gold, "rrect", (0.14, 0.70, 0.86, 0.86, 0.05)),
        (gold, "circle", (0.08, 0.26, 0.07)),
        (gold, "circle", (0.92, 0.26, 0.07)),
        (gold, "circle", (0.50, 0.10, 0.07)),
        ((255, 236, 150), "circle", (0.30, 0.78, 0.035)),
        ((255, 236, 150), "circle", (0.50, 0.78, 0.035)),
        ((255, 236, 150), "circle", (0.70, 0.78, 0.035)),
    ]


_SHAPES: dict[str, Callable[[], list[Shape]]] = {
    "stars": _stars,
    "fire": _fire,
    "skulls": _skulls,
    "drips": _drips,
    "brocs": _brocs,
    "spades": _spades,
    "hearts": _hearts,
    "diamonds": _diamonds,
    "clubs": _clubs,
    "wild": _wild,
    "joker": _joker,
}
_OUTLINED = frozenset((*TRY_SUITS, "wild", "joker"))


@cache
def shapes(suit: str) -> tuple[Shape, ...]:
    """The shapes of ``suit``'s symbol in the unit box; empty for an unknown suit."""
    make = _SHAPES.get(suit)
    return tuple(make()) if make else ()


def known(suit: str | None) -> bool:
    """Whether ``suit`` has a drawn symbol."""
    return suit in _SHAPES


def _role_colors(color: Color, bg: Color) -> dict[str, Color]:
    return {
        "fill": color,
        "dark": mix(color, (0, 0, 0), 0.45),
        "light": mix(color, (255, 255, 255), 0.35),
        "shine": mix(color, (255, 255, 255), 0.7),
        "warm": mix(color, (255, 222, 90), 0.7),
        "hole": bg,
    }


def draw_glyph(
    surface: pygame.Surface,
    suit: str,
    rect: pygame.Rect | tuple[int, int, int, int],
    color: Color,
    bg: Color = (0, 0, 0, 0),
    flip: bool = False,
) -> bool:
    """Draw ``suit``'s symbol filling square-ish ``rect`` (aliased: draw large, scale down).

    ``bg`` fills the holes (a skull's eyes): the card colour on a card, transparent alone.
    ``flip`` turns it upside down (the lower pips of a card). False for an unknown suit.
    """
    parts = shapes(suit)
    if not parts:
        return False
    x, y, w, h = pygame.Rect(rect)
    grow = max(1.0, w * 0.035) if suit in _OUTLINED else 0.0
    x, y, w, h = x + grow, y + grow, w - 2 * grow, h - 2 * grow  # room for the outline
    colors = _role_colors(color, bg)

    def pt(u: float, v: float) -> tuple[float, float]:
        return x + u * w, y + (1 - v if flip else v) * h

    def paint(col: Color, kind: str, data: tuple, grow: float = 0.0) -> None:
        if kind == "poly":
            points = [pt(u, v) for u, v in data]
            pygame.draw.polygon(surface, col, points)
            if grow:
                width = max(1, round(2 * grow))
                pygame.draw.lines(surface, col, True, points, width)
                for p in points:
                    pygame.draw.circle(surface, col, p, grow)
        elif kind == "circle":
            cx, cy, r = data
            pygame.draw.circle(surface, col, pt(cx, cy), r * w + grow)
        elif kind == "rrect":
            x0, y0, x1, y1, r = data
            (ax, ay), (bx, by) = pt(x0, y0), pt(x1, y1)
            box = pygame.Rect(round(ax), round(min(ay, by)), round(bx - ax), round(abs(by - ay)))
            g = round(grow)
            pygame.draw.rect(surface, col, box.inflate(2 * g, 2 * g), border_radius=round(r * w) + g)
        elif kind == "line":
            x0, y0, x1, y1, width = data
            a, b = pt(x0, y0), pt(x1, y1)
            thick = max(1, round(width * w + 2 * grow))
            pygame.draw.line(surface, col, a, b, thick)
            for p in (a, b):
                pygame.draw.circle(surface, col, p, thick / 2)

    if grow:
        for role, kind, data in parts:
            if role != "hole":
                paint(colors["dark"], kind, data, grow)
    for role, kind, data in parts:
        paint(colors[role] if isinstance(role, str) else role, kind, data)
    return True


@lru_cache(maxsize=512)
def _glyph(suit: str, size: int, color: Color) -> pygame.Surface:
    scale = 4 if size < 64 else 2
    big = pygame.Surface((size * scale, size * scale), pygame.SRCALPHA)
    clear = (*color[:3], 0)
    big.fill(clear)
    if not draw_glyph(big, suit, big.get_rect(), color[:3], bg=clear):
        r = size * scale // 3
        pygame.draw.circle(big, color[:3], big.get_rect().center, r)
    return pygame.transform.smoothscale(big, (size, size))


def suit_glyph(
    style: str, suit: str, size: int, color: Color | None = None, colorblind: bool = False
) -> pygame.Surface:
    """The symbol of ``suit`` alone, ``size`` px square, transparent around it (cached).

    ``color`` defaults to the suit's colour (in the four-colour scheme with ``colorblind``, as
    the cards are drawn); an unknown suit gives a plain dot.
    """
    col = tuple(color)[:3] if color is not None else suit_color(style, suit, colorblind)
    return _glyph(str(suit), max(1, int(size)), col)


def clear_cache() -> None:
    """Forget cached glyph surfaces."""
    _glyph.cache_clear()
