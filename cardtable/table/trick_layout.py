"""Where a trick zone's things sit: the trick in the middle (each card in front of the place
that played it), the piles beside it, a deck lying where the trick goes before the first
trick, your row of cards set aside above your hand, and the corner badge.

Pure geometry on a computed :class:`~cardtable.table.layout.TableLayout`: the generic layout
places the seats, hands, won piles and the dummy; this module takes over the middle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

import sprites
from rules.tricks import DUMMY  # the engine's name for the dummy's place at a trick

from .layout import TableLayout
from .zone_box import ROW_STEP, SPREAD_STEP, Slot, ZoneBox

__all__ = ["DUMMY", "TrickBox", "badge_rect", "clear_corner", "place_aside", "place_middle"]
TRICK_RX = 0.82  # a trick card's distance from the centre toward its player, in card widths ...
TRICK_RY = 0.46  # ... and in card heights
COMPASS = (1.05, 0.56)  # four places (a dummy at the table): a cross, sides this far out (widths), ends (heights)
TILT = 5.0  # degrees a side player's card leans
BOTTOM_ANGLE = 90.0
TOP_ANGLE = 270.0


@dataclass
class TrickBox(ZoneBox):
    """The trick: a spot per place (seat or dummy); drops land anywhere in its ``area``."""

    spots: dict[object, Slot] = field(default_factory=dict)
    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def spot(self, place: object, index: int) -> Slot:
        """Where the card ``place`` played lies (an unknown place: the spots in order)."""
        if place in self.spots:
            return self.spots[place]
        spots = list(self.spots.values()) or [(self.anchor[0], self.anchor[1], 0.0)]
        return spots[index % len(spots)]

    def slots(self, count: int) -> list[Slot]:
        return [self.spot(None, i) for i in range(count)]

    def rect(self, count: int) -> pygame.Rect:
        return self.area.copy()

    def extent(self, count: int) -> pygame.Rect:
        return self.area.copy()


def _place_angles(layout: TableLayout, dummy: bool) -> dict[object, float]:
    """Each place's direction from the centre of the table (degrees, y down; 90 = you). With
    four places (a dummy at the top) they snap to a cross, so no card hides another's corner."""
    angles: dict[object, float] = {seat: box.angle % 360 for seat, box in layout.seats.items()}
    if dummy:
        angles[DUMMY] = TOP_ANGLE
    if len(angles) == 4:
        angles = {place: round(angle / 90) * 90.0 % 360 for place, angle in angles.items()}
    return angles


def _blocks_bottom(layout: TableLayout, prefixes: tuple[str, ...]) -> float | None:
    """The lowest edge (with its label) of the zones named ``prefix...`` (the dummy's columns)."""
    boxes = [box for name, box in layout.zones.items() if name.startswith(prefixes)]
    if not boxes:
        return None
    return max(box.rect(1).bottom for box in boxes) + layout.label_h


def place_middle(
    layout: TableLayout, dummy: tuple[str, ...], side_piles: list[str], deck: str | None, name: str = "trick"
) -> TrickBox:
    """Lay out the trick zone ``name`` (and the piles beside it) in the free middle of ``layout``;
    returns the trick's box.

    ``dummy``: the name prefixes of the dummy's zones (none: no dummy at the table);
    ``side_piles``: zones set beside the trick (a pickup, its discards); ``deck``: a zone that
    lies where the trick goes (undealt cards, gone before the first trick).
    """
    m = layout.margin
    top = layout.middle.top
    under_dummy = _blocks_bottom(layout, dummy) if dummy else None
    if under_dummy is not None:
        top = max(top, round(under_dummy + m / 2))
    others = [box.box for box in layout.seats.values() if not box.bottom]
    if others:  # the trick sits among the players: no higher than the middle of the highest seat
        top = max(top, min(box.centery for box in others))
    bottom = layout.middle.bottom
    left, right = layout.middle.left + m, layout.middle.right - m
    cx = layout.size[0] / 2
    for box in layout.seats.values():
        if box.bottom or box.box.bottom <= top or box.box.left < cx < box.box.right:
            continue  # a seat across the top bounds the height (above), not the sides
        if box.box.centerx < cx:
            left = max(left, box.box.right + m)
        else:
            right = min(right, box.box.left - m)
    angles = _place_angles(layout, bool(dummy))
    ups = [math.sin(math.radians(a)) for a in angles.values()]
    across = [abs(math.cos(math.radians(a))) for a in angles.values()]
    rx, ry = COMPASS if len(angles) == 4 else (TRICK_RX, TRICK_RY)
    # the spread of the spots, in card sizes: height over (1 + rise + fall), width over (1 + 2 * reach)
    tall = 1 + ry * (max(ups) - min(ups))
    wide = 1 + 2 * rx * max(across)
    side_w = 0.8 * (1.0 + SPREAD_STEP) if side_piles else 0.0  # room for the piles beside (in trick cards)
    by_h = (bottom - top) / (tall * sprites.CARD_RATIO)
    by_w = (right - left) / (wide + 2 * side_w + 0.6)
    card_w = max(24, round(min(layout.pile_w, by_h * 0.94, by_w)))
    card_h = sprites.card_size(card_w)[1]
    mid_y = (top + bottom) / 2 - card_h * ry * (max(ups) + min(ups)) / 2
    spots: dict[object, Slot] = {}
    for place, angle in angles.items():
        rad = math.radians(angle)
        x = cx + math.cos(rad) * rx * card_w
        y = mid_y + math.sin(rad) * ry * card_h
        spots[place] = (x, y, -math.cos(rad) * TILT)
    xs = [x for x, _, _ in spots.values()]
    ys = [y for _, y, _ in spots.values()]
    area = pygame.Rect(0, 0, round(max(xs) - min(xs) + card_w * 1.15), round(max(ys) - min(ys) + card_h * 1.1))
    area.center = (round((max(xs) + min(xs)) / 2), round((max(ys) + min(ys)) / 2))
    trick = TrickBox(name, "trick", card_w, (cx, mid_y), label="", spots=spots, area=area)
    layout.zones[name] = trick
    if deck is not None and deck in layout.zones:
        box = layout.zones[deck]
        box.card_w, box.anchor, box.corner = card_w, (cx, mid_y), False
    pile_w = round(card_w * 0.8)
    pile_h = sprites.card_size(pile_w)[1]
    for k, pile in enumerate(side_piles):  # the first (a pickup) at the right, the next at the left
        box = layout.zones.get(pile)
        if box is None:
            continue
        width = pile_w if k == 0 else round(pile_w * 0.7)
        box.card_w, box.corner, box.kind = width, k > 0, "stack"
        x = min(area.right + m * 3 + width / 2, right - width / 2)
        if k % 2:
            x = max(area.left - m * 3 - width / 2, left + width / 2)
        box.anchor = (x, mid_y - pile_h * 0.1)
    return trick


def place_aside(layout: TableLayout, zone: str) -> None:
    """Your row of cards set aside (an exchange): just above your hand."""
    box = layout.zones.get(zone)
    if box is None:
        return
    card_w = round(layout.pile_w * 0.8)
    card_h = sprites.card_size(card_w)[1]
    box.card_w, box.kind = card_w, "row"
    box.span = min(layout.size[0] * 0.6, card_w * (1 + 12 * ROW_STEP))
    box.anchor = (layout.size[0] / 2, layout.middle.bottom - layout.label_h - card_h / 2)


def badge_rect(layout: TableLayout, lines: int) -> pygame.Rect:
    """The corner badge (trump, round, deal) under the top bar at the left."""
    u = layout.u
    m = layout.margin
    height = round((6 + 30 + 8 + (lines - 1) * 22) * u)
    return pygame.Rect(m, layout.bar.bottom + m // 2, round(280 * u), height)


def clear_corner(layout: TableLayout, corner: pygame.Rect) -> None:
    """Move the seats the corner badge would cover down below it (and the seats level with
    them as far, so the table stays symmetric)."""
    m = layout.margin
    others = [(seat, box) for seat, box in layout.seats.items() if not box.bottom]
    hit = [box for _, box in others if box.box.colliderect(corner.inflate(m, m))]
    if not hit:
        return
    dy = max(corner.bottom + m // 2 - box.box.top for box in hit)
    dy = max(0, min([dy] + [layout.middle.bottom - box.box.bottom for box in hit]))
    if dy == 0:
        return
    level = min(box.box.top for box in hit) + dy
    for seat, box in others:
        if box.box.top >= level:
            continue
        box.box.move_ip(0, dy)
        box.plate.move_ip(0, dy)
        for zone in layout.zones.values():
            if zone.seat == seat:
                zone.anchor = (zone.anchor[0], zone.anchor[1] + dy)
