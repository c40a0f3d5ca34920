"""A zone's place on the table and how its cards spread: :class:`ZoneBox`, the slots of its
cards and the spreads' constants. Pure geometry, shared by the table's layout (``layout.py``)
and the meld rows (``meld_layout.py``), which both build boxes without either importing the
other's whole.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

import sprites

Slot = tuple[float, float, float]  # centre x, centre y, rotation in degrees (counter-clockwise)

# Card spreads, as fractions of a card's width.
FAN_STEP = 0.6  # the viewer's hand
CLOSED_STEP = 0.3  # the others' hands, face down
PILE_STEP = 0.2  # cards peeking out under a pile's top card
PILE_PEEK = 3  # how many cards under the top one show
ROW_STEP = 1.08  # a row / trick: side by side
SPREAD_STEP = 0.5
GRID_COLUMNS = 4
LAYER_STEP = 0.3  # of a card's height: a face-up card lying over a face-down one
ROW_KINDS = ("row", "trick", "spread", "grid", "hand")


@dataclass
class ZoneBox:
    """One zone's place: an anchor, the card width there and how its cards spread."""

    name: str
    kind: str
    card_w: int
    anchor: tuple[float, float]
    label: str = ""
    seat: int | None = None
    mine: bool = False  # a zone of the seat the table is drawn for
    span: float = 0.0  # the widest its cards may spread (px)
    corner: bool = False

    @property
    def card_h(self) -> int:
        return sprites.card_size(self.card_w)[1]

    @property
    def fan(self) -> bool:
        return self.kind == "hand" and self.mine

    def slots(self, count: int) -> list[Slot]:
        """Centre and angle of each card, index 0 first (a pile's index 0 is its top)."""
        if count <= 0:
            return []
        w, h = self.card_w, self.card_h
        ax, ay = self.anchor
        if self.kind == "stack":
            d = min(0.012 * w, 0.09 * w / count)
            return [(ax - (count - 1 - i) * d, ay - (count - 1 - i) * d, 0.0) for i in range(count)]
        if self.kind == "pile":
            return [(ax - min(i, PILE_PEEK) * PILE_STEP * w, ay, 0.0) for i in range(count)]
        if self.kind == "grid":
            cols = min(GRID_COLUMNS, count)
            rows = math.ceil(count / cols)
            out = []
            for i in range(count):
                r, c = divmod(i, cols)
                out.append((ax + (c - (cols - 1) / 2) * ROW_STEP * w, ay + (r - (rows - 1) / 2) * 1.06 * h, 0.0))
            return out
        step = {"hand": FAN_STEP if self.mine else CLOSED_STEP, "spread": SPREAD_STEP}.get(self.kind, ROW_STEP)
        if count > 1 and self.span > w:
            step = min(step * w, (self.span - w) / (count - 1))
        else:
            step *= w
        out = []
        for i in range(count):
            t = i - (count - 1) / 2
            if self.fan:
                reach = max(1.0, (count - 1) / 2)
                angle = -t * min(4.0, 22.0 / max(count, 1))
                out.append((ax + t * step, ay + (t / reach) ** 2 * 0.05 * h, angle))
            else:
                out.append((ax + t * step, ay, 0.0))
        return out

    def rect(self, count: int) -> pygame.Rect:
        """The area the zone's cards cover (its empty slot when it has none)."""
        w, h = self.card_w, self.card_h
        slots = self.slots(count) or [(self.anchor[0], self.anchor[1], 0.0)]
        xs = [x for x, _, _ in slots]
        ys = [y for _, y, _ in slots]
        return pygame.Rect(
            round(min(xs) - w / 2), round(min(ys) - h / 2), round(max(xs) - min(xs) + w), round(max(ys) - min(ys) + h)
        )

    def extent(self, count: int) -> pygame.Rect:
        """The most room the zone needs with ``count`` cards (piles: with their peeking cards)."""
        if self.kind == "pile":
            count = max(count, PILE_PEEK + 1)
        return self.rect(count)
