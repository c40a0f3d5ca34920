"""Where the hold's cards lie (``hold.py``): the rows of hands whose ends are taken (each end
card set apart, the cards revealed from an end lying beyond it, toward the middle, on a spot
that covers no name plate nor a seat's cards), and a spread's sets (hint ``sets_of``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

import pygame

import sprites

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..zone_box import Slot, ZoneBox

LOW, HIGH = "low", "high"  # the two ends of a sorted hand: its first card and its last
CLOSED_STEP = 0.3  # others' hands: the step between the inner cards, in card widths
END_GAP = 0.5  # ... and the wider step that sets each end card apart
LIFT = 0.55  # a card revealed from another's hand lies this far (card heights) toward the centre
OWN_LIFT = 0.3  # ... from your own hand: lifted out of the fan
SET_STEP = 0.22  # the cards of one set overlap; sets sit a little apart
SET_GAP = 0.18
SPOT_STEPS = 12  # a revealed card in the way moves by up to this many steps each way
SPOT_STEP = 0.2  # ... of its width across, of its height up or down


class Hold(Protocol):
    """What the places read of the hold widget (``hold.HoldWidget``)."""

    ctx: Any
    hold: str
    grid: Any
    set_size: int

    def revealed(self) -> list[CardSprite]: ...
    def origin_of(self, card: CardSprite) -> tuple[str, str | None] | None: ...
    def card_width(self, card: CardSprite) -> int | None: ...
    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None: ...


class HoldPlaces:
    """The slots of the hold's hands, of its revealed cards and of a spread of sets."""

    def __init__(self, hold: Hold) -> None:
        self.w = hold
        self.ctx = hold.ctx

    def outside(self, zone: str) -> dict[str, list[CardSprite]]:
        """The cards revealed this turn from each end of hand ``zone``, in the order revealed."""
        out: dict[str, list[CardSprite]] = {LOW: [], HIGH: []}
        for card in self.w.revealed():
            where = self.w.origin_of(card)
            if where and where[0] == zone and where[1] in out:
                out[where[1]].append(card)
        return out

    def row(self, zone: str, count: int) -> list[Slot]:
        """The places of a hand of ``count`` cards, revealed ones included, low to high."""
        box = self.ctx.layout.zones.get(zone)
        if box is None or count <= 0:
            return []
        if box.fan:
            return box.slots(count)
        w = box.card_w
        steps = [END_GAP if i in (1, count - 1) else CLOSED_STEP for i in range(1, count)]
        total = sum(steps) * w
        room = max(box.span, w * 2) * 1.15 - w
        scale = min(1.0, room / total) if total > 0 else 1.0
        xs = [0.0]
        for step in steps:
            xs.append(xs[-1] + step * w * scale)
        left = box.anchor[0] - xs[-1] / 2
        return [(left + x, box.anchor[1], 0.0) for x in xs]

    def toward_centre(self, box: ZoneBox) -> float:
        """+1 when a card lifted out of ``box`` moves down (toward the middle), -1 up."""
        return -1.0 if box.mine or box.anchor[1] > self.ctx.layout.middle.centery + box.card_h else 1.0

    def revealed_slot(self, card: CardSprite) -> Slot:
        where = self.w.origin_of(card)
        layout = self.ctx.layout
        box = layout.zones.get(where[0]) if where else None
        if box is None:
            return (*layout.middle.center, 0.0)
        if where[1] is None:  # a grid card turns up in its place
            return (box.anchor[0], box.anchor[1] - 0.06 * box.card_h, 0.0)
        outside = self.outside(where[0])
        cards = self.ctx.board.zones.get(where[0], [])
        low, high = outside[LOW], outside[HIGH]
        row = self.row(where[0], len(low) + len(cards) + len(high))
        if not row:
            return (*layout.middle.center, 0.0)
        x, y, angle = row[0] if where[1] == LOW else row[-1]
        ends = low if where[1] == LOW else high
        order = ends.index(card)  # the second card from an end lies beyond the first
        outward = 1 if where[1] == HIGH else -1
        width = self.w.card_width(card) or box.card_w
        lift = (OWN_LIFT if box.mine else LIFT) * box.card_h * self.toward_centre(box)
        xs = [x + outward * (0.12 * box.card_w + i * 0.6 * width) for i in range(len(ends))]
        dx, dy = self.clear_spot(where[0], xs, y + lift, width)
        return (xs[order] + dx, y + lift + dy, angle * 0.5)

    def clear_spot(self, zone: str, xs: list[float], y: float, width: float) -> tuple[float, float]:
        """How far to move the cards revealed from one end of hand ``zone`` (centres ``xs`` at
        ``y``) so that they stay on the table and cover no name plate and no seat's cards beside
        or in front of a hand (its sets taken, with their labels); if it can be, no other hand and
        no middle card either. The nearest such spot, rather toward the middle than away."""
        layout = self.ctx.layout
        h = sprites.card_size(round(width))[1]
        group = pygame.Rect(0, 0, round(max(xs) - min(xs) + width), h)
        group.center = (round((min(xs) + max(xs)) / 2), round(y))
        W, H = layout.size
        area = pygame.Rect(0, layout.bar.bottom, W, H - layout.bar.bottom)
        hard, soft = self.keep_clear(zone)
        middle = getattr(layout, "centre", None) or layout.middle  # the middle's cards: the table's centre
        mid_x, mid_y = middle.centerx - group.centerx, middle.centery - group.centery
        best: tuple[float, float, float] | None = None  # cost, dx, dy
        fallback: tuple[float, float, float] | None = None
        for i in range(-SPOT_STEPS, SPOT_STEPS + 1):
            for j in range(-SPOT_STEPS, SPOT_STEPS + 1):
                dx, dy = i * SPOT_STEP * width, j * SPOT_STEP * h
                cost = math.hypot(dx / width, dy / h)
                if dx * mid_x < 0 or dy * mid_y < 0:
                    cost *= 1.5  # away from the middle: only when nothing nearer is clear
                if best is not None and cost >= best[0]:
                    continue
                spot = group.move(round(dx), round(dy))
                if not area.contains(spot) or spot.collidelist(hard) >= 0:
                    continue
                if spot.collidelist(soft) >= 0:
                    if fallback is None or cost < fallback[0]:
                        fallback = (cost, dx, dy)
                    continue
                best = (cost, dx, dy)
        chosen = best or fallback
        if chosen is None:  # nowhere clear (a tiny window): at least on the screen
            clamped = group.clamp(area)
            return float(clamped.x - group.x), float(clamped.y - group.y)
        return chosen[1], chosen[2]

    def keep_clear(self, zone: str) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What cards revealed from hand ``zone`` must not cover: every name plate and every
        seat's zone that is not a hand (with its label under it); and what they had better not:
        the other hands and the grid's places."""
        layout, board = self.ctx.layout, self.ctx.board
        gap = max(2, layout.margin // 3)
        hard = [seat.plate.inflate(gap, gap) for seat in layout.seats.values()]
        soft = []
        for name, box in layout.zones.items():
            if name in (zone, self.w.hold):
                continue
            cards = board.zones.get(name, [])
            slots = (self.w.slots(name, cards) or box.slots(len(cards))) if cards else []
            rect = box.rect(0).unionall([self.card_at(slot, box.card_w) for slot in slots])
            if self.w.grid.is_grid(name) or box.kind == "hand":
                soft.append(rect.inflate(gap, gap))
            elif box.seat is not None:
                rect.height += layout.label_h
                hard.append(rect.inflate(gap, gap))
        return hard, soft

    @staticmethod
    def card_at(slot: Slot, width: int) -> pygame.Rect:
        rect = pygame.Rect((0, 0), sprites.card_size(width))
        rect.center = (round(slot[0]), round(slot[1]))
        return rect

    def set_slots(self, zone: str, count: int) -> list[Slot]:
        """A spread of sets (hint ``sets_of``): each set's cards overlap, the sets a little apart."""
        box = self.ctx.layout.zones.get(zone)
        if box is None or count <= 0:
            return []
        w, n = box.card_w, self.w.set_size
        groups = (count + n - 1) // n
        group_w = w * (1 + (n - 1) * SET_STEP)
        total = groups * group_w + (groups - 1) * SET_GAP * w
        room = max(box.span, w * 2.5)
        shift = group_w + SET_GAP * w
        if total > room and groups > 1:  # many sets: they overlap more
            shift = (room - group_w) / (groups - 1)
            total = room
        left = box.anchor[0] - total / 2 + w / 2
        return [(left + (i // n) * shift + (i % n) * SET_STEP * w, box.anchor[1], 0.0) for i in range(count)]
