"""The row of choice buttons above the status line: one button per action that is not a drag
(pass, name trump, a bid's number).

Actions that carry an int ``value`` (``rules.actions.Action.value``: a bid of 0..13) become small
square number buttons, so fourteen bids fit in a row where fourteen wide buttons would not; the
other actions keep a wide button each. The row is centred above the status line, kept clear of
the viewer's own name plate, and moved up when the status line takes two lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from rules import Action

from .. import widgets as ui
from .layout import TableLayout

WIDE = 220  # a worded button's width at 1280x800


def numbered(action: Action) -> bool:
    """Whether ``action`` names a number (a bid of 3): its button is a small square."""
    return isinstance(action.value, int) and not isinstance(action.value, bool)


class NumberButton(ui.Button):
    """A small square button showing one number (a bid)."""

    compact = True
    number: int | None = None  # the number it names

    def __init__(self, label: str, on_click: Callable[[], Any] | None = None) -> None:
        super().__init__(label, on_click)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.draw_plain_frame(surface, shadow=self.enabled):
            return
        h = self.rect.height
        ui.blit_text(
            surface,
            self.label,
            min(h * 0.56, 34),
            ui.INK if self.enabled else ui.DIM,
            self.rect.center,
            "center",
            bold=True,
            max_width=self.rect.width - 4,
        )


def buttons_for(choices: Sequence[Action], apply: Callable[[Action], Any]) -> list[ui.Button]:
    """A button per choice: a :class:`NumberButton` for a numbered action, else a worded one."""
    out: list[ui.Button] = []
    for action in choices:
        label = action.label or action.text
        if numbered(action):
            button = NumberButton(label or str(action.value), lambda a=action: apply(a))
            button.number = action.value  # typed to press it (``table.keys``)
            out.append(button)
        else:
            out.append(ui.Button(label, lambda a=action: apply(a)))
    return out


def free_span(row: pygame.Rect, avoid: Sequence[pygame.Rect], gap: int) -> tuple[int, int]:
    """The widest stretch of ``row`` (left, right) that none of ``avoid`` covers."""
    left, right = row.left, row.right
    for rect in avoid:
        if not rect.colliderect(row):
            continue
        if rect.left - left >= right - rect.right:
            right = min(right, rect.left - gap)
        else:
            left = max(left, rect.right + gap)
    return left, max(left, right)


def place(buttons: Sequence[ui.Button], layout: TableLayout, lift: int = 0) -> None:
    """Lay ``buttons`` out in one row in ``layout.choices`` (moved up by ``lift`` px): number
    buttons square, worded ones up to :data:`WIDE` wide; all narrower when the row would not fit."""
    if not buttons:
        return
    u = layout.u
    gap = round(10 * u)
    row = layout.choices.move(0, -lift)
    h = row.height
    count = len(buttons)
    if not any(getattr(b, "compact", False) for b in buttons):  # worded buttons only: as wide as fits
        width = min(round(WIDE * u), (row.width - gap * (count - 1)) // count)
        left = row.centerx - (width * count + gap * (count - 1)) // 2
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(left + i * (width + gap), row.top, width, h)
        return
    gap = max(3, round(gap * 0.6))
    own = [box.plate for box in layout.seats.values() if box.bottom]
    lo, hi = free_span(row, own, gap)
    ideal = [h if getattr(b, "compact", False) else round(WIDE * u * 0.6) for b in buttons]
    room = hi - lo - gap * (count - 1)
    scale = min(1.0, room / max(1, sum(ideal)))
    widths = [max(8, int(w * scale)) for w in ideal]
    total = sum(widths) + gap * (count - 1)
    left = min(max(lo, row.centerx - total // 2), max(lo, hi - total))
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(left, row.top, width, h)
        left += width + gap
