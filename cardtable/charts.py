"""Line charts drawn with pygame: the running totals through a match (one line per player) and a
score across past matches. Pure drawing on a given rectangle; the numbers come from the caller.

:func:`scale` (the axis range with round ticks) and :func:`points` (values to pixels) are plain
functions, tested on their own; :func:`draw_lines` paints axes, ticks, the lines with a dot at
each value, and a legend.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from . import widgets as ui

# Line colours, told apart on the felt and by colour-blind players (Okabe-Ito).
PALETTE = (
    (230, 159, 0),
    (86, 180, 233),
    (240, 228, 66),
    (204, 121, 167),
    (0, 158, 115),
    (213, 94, 0),
    (255, 255, 255),
    (0, 114, 178),
)


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 times a power of ten) giving about ``ticks`` intervals over ``span``."""
    if span <= 0:
        return 1
    raw = span / max(1, ticks)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(1, int(factor * power))
    return max(1, int(10 * power))


def scale(series: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """``(low, high, step)``: the value axis covering every value and 0, on round ticks."""
    values = [v for line in series for v in line] or [0]
    low, high = min(0, min(values)), max(0, max(values))
    if low == high:
        high = low + 1
    step = nice_step(high - low)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def points(
    line: Sequence[int], rect: pygame.Rect, count: int, low: int, high: int, at: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """``line``'s values as pixels in ``rect``: x by position among ``count`` (the first value at
    the left edge; ``at`` gives each value's position, else 0, 1, 2...), y by value between ``low``
    (bottom) and ``high`` (top)."""
    span = max(1, high - low)
    step = rect.width / max(1, count - 1)
    places = range(len(line)) if at is None else at
    return [
        (round(rect.left + i * step), round(rect.bottom - (v - low) * rect.height / span))
        for i, v in zip(places, line, strict=True)
    ]


def draw_lines(
    surface: pygame.Surface,
    rect: pygame.Rect,
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    u: float,
    x_label: str = "",
    x_names: Sequence[str] = (),
    xs: Sequence[Sequence[int]] | None = None,
    count: int | None = None,
) -> None:
    """A line chart of ``series`` (one per name) in ``rect``: a translucent panel, the value axis
    with round ticks (0 drawn stronger), one line per series with a dot at each value, and a legend
    along the top. ``x_names`` label the positions (at most ~12 shown); ``x_label`` the axis.
    ``xs`` (parallel to ``series``) places each value at a position among ``count`` (several
    series sharing one axis with gaps); by default a series' values take positions 0, 1, 2..."""
    ui.draw_panel(surface, rect, color=(12, 40, 26), border=ui.GOLD, radius=round(10 * u), shadow=False)
    size = max(ui.MIN_TEXT, 15 * u)
    pad = round(12 * u)
    legend_h = ui.line_height(size) + pad // 2
    axis_w = round(48 * u)
    below = ui.line_height(size) + pad // 2  # the position labels
    plot = pygame.Rect(
        rect.left + pad + axis_w,
        rect.top + pad + legend_h,
        rect.width - 2 * pad - axis_w,
        rect.height - 2 * pad - legend_h - below,
    )
    if plot.width < 20 or plot.height < 20:
        return
    low, high, step = scale(series)
    for value in range(low, high + 1, step):
        y = round(plot.bottom - (value - low) * plot.height / max(1, high - low))
        color = (150, 170, 150) if value == 0 else (55, 85, 65)
        pygame.draw.line(surface, color, (plot.left, y), (plot.right, y), 2 if value == 0 else 1)
        ui.blit_text(surface, str(value), size, ui.CREAM, (plot.left - pad // 2, y), "midright")
    if count is None:
        count = max((len(line) for line in series), default=0)
    if count:
        every = max(1, math.ceil(count / 12))
        for i in range(0, count, every):
            x = round(plot.left + i * plot.width / max(1, count - 1)) if count > 1 else plot.centerx
            label = x_names[i] if i < len(x_names) else str(i + 1)
            ui.blit_text(surface, label, size, ui.CREAM, (x, plot.bottom + pad // 3), "midtop")
    if x_label:
        ui.blit_text(surface, x_label, size, ui.GOLD_LIGHT, (rect.right - pad, rect.bottom - pad // 2), "bottomright")
    dot = max(3, round(4 * u))
    for n, line in enumerate(series):
        color = PALETTE[n % len(PALETTE)]
        if count == 1:
            spots = [(plot.centerx, points(line, plot, 2, low, high)[0][1])] if line else []
        else:
            spots = points(line, plot, count, low, high, None if xs is None else xs[n])
        if len(spots) > 1:
            pygame.draw.lines(surface, color, False, spots, max(2, round(3 * u)))
        for spot in spots:
            pygame.draw.circle(surface, color, spot, dot)
    x = rect.left + pad + axis_w
    for n, name in enumerate(names):
        color = PALETTE[n % len(PALETTE)]
        y = rect.top + pad + legend_h // 2
        pygame.draw.line(surface, color, (x, y), (x + round(18 * u), y), max(2, round(3 * u)))
        drawn = ui.blit_text(
            surface, name, size, ui.CREAM, (x + round(24 * u), y), "midleft", max_width=rect.right - x - pad
        )
        x = drawn.right + round(18 * u)
        if x > rect.right - pad:
            break
