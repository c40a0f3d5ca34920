"""Where melds lie: zones of kind ``melds`` (``meld/<seat>/<n>``, created in play) sit in rows
in front of their owner, each meld a tight overlapped row of face-up cards reading left to
right (a word reads as a word), wrapping to more rows; and where a ``board`` zone's small table
goes (a corner that covers no card).

Pure geometry on a :class:`~cardtable.table.layout.TableLayout` being computed: after the seats
are placed, each seat gets an area of its own (grown from the side of its seat facing the
middle, around the stock and the other areas), and its melds are packed into it at the largest
card size that fits. The areas are obstacles for the middle and the corners.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

import sprites

from .hud import PILL_TWO
from .zone_box import PILE_PEEK, PILE_STEP, Slot, ZoneBox


class SeatArea(Protocol):
    """What the meld rows read of a seat's place: its box and whether it is the viewer's."""

    box: pygame.Rect
    bottom: bool


class TableLayout(Protocol):
    """What the meld rows read and set of the table's layout being computed (``layout.py``'s
    :class:`~cardtable.table.layout.TableLayout`; a Protocol, so neither module imports the other's
    whole)."""

    size: tuple[int, int]
    margin: int
    pile_w: int
    label_h: int
    hand_top: int
    middle: pygame.Rect
    status: pygame.Rect
    seats: Mapping[int, SeatArea]
    zones: dict[str, ZoneBox]
    zone_specs: dict[str, dict[str, Any]]
    zone_names: list[str]
    meld_areas: dict[int, pygame.Rect]


MELDS = "melds"
BOARD = "board"
MELD_STEP = 0.4  # of a card's width: the strip of an overlapped card (rank, suit and letter show)
MELD_GAP = 0.3  # of a card's width, between two melds in a row
ROW_GAP = 0.08  # of a card's height, between two rows
GROW_STEP = 4  # px an area grows by per round
WIDE_GAIN = 1.1  # side areas grown wide first when the tightest area then holds cards this much larger
OTHERS = 0.8  # the others' largest meld cards, of the viewer's: at three or four players
OTHERS_MANY = 1.0  # at five or six: their seats are small, and their letters are read across the table


@dataclass
class MeldRows:
    """One seat's melds packed into its ``area``: the zones in order, their card counts now, and
    the side the rows lean to (``align``: left, right, center; ``valign``: top, bottom, center)."""

    seat: int
    area: pygame.Rect
    zones: list[str]
    max_w: int
    min_w: int
    align: str = "center"
    valign: str = "top"
    counts: dict[str, int] = field(default_factory=dict)
    boxes: list[MeldBox] = field(default_factory=list)
    _cache: dict[tuple, tuple[int, dict[str, list[Slot]]]] = field(default_factory=dict)

    def pack(self, counts: dict[str, int] | None = None) -> tuple[int, dict[str, list[Slot]]]:
        """The card width and each zone's card centres, for ``counts`` (default: the current ones)."""
        counts = self.counts if counts is None else counts
        key = tuple(counts.get(z, 0) for z in self.zones)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        sizes = [(z, counts.get(z, 0)) for z in self.zones if counts.get(z, 0) > 0]
        width, split = self.min_w, True
        for may_split in (False, True):  # a meld cut over two rows only when smaller cards cannot help
            w = self._largest(sizes, may_split)
            if w is not None:
                width, split = w, may_split
                break
        lines = self._lines(sizes, width, force=True, split=split) or self._lines(sizes, width, force=True) or []
        out = self._place(lines, width)
        if len(self._cache) > 256:
            self._cache.clear()
        self._cache[key] = (width, out)
        return width, out

    def _largest(self, sizes: list[tuple[str, int]], split: bool) -> int | None:
        """The largest card width whose rows fit (smaller cards fit wherever larger ones do)."""
        lo, hi = self.min_w, self.max_w
        if not self._lines(sizes, lo, split=split):
            return None
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._lines(sizes, mid, split=split):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _lines(
        self, sizes: list[tuple[str, int]], w: int, force: bool = False, split: bool = True
    ) -> list[list[tuple[str, int, int]]] | None:
        """Rows of (zone, first card, cards) at card width ``w``; None when they do not fit. A
        meld that does not fit the rest of a row starts the next; one longer than a row goes on
        in the next."""
        area = self.area
        step, gap = MELD_STEP * w, MELD_GAP * w
        h = sprites.card_size(w)[1]
        if not force and sizes and (area.width < w or area.height < h):
            return None
        rows_fit = max(1, int((area.height + ROW_GAP * h) // (h * (1 + ROW_GAP))))
        lines: list[list[tuple[str, int, int]]] = [[]]
        x = 0.0
        for zone, count in sizes:
            first = 0
            while first < count:
                room = int((area.width - x - w) // step) + 1 if area.width - x >= w else 0
                want = count - first
                if want > room and lines[-1]:
                    lines.append([])
                    x = 0.0
                    continue
                take = min(want, max(room, 1))
                if take < want and not split:
                    return None
                lines[-1].append((zone, first, take))
                x += w + (take - 1) * step + gap
                first += take
                if first < count:
                    lines.append([])
                    x = 0.0
        lines = [line for line in lines if line]
        if not force and len(lines) > rows_fit:
            return None
        return lines

    def _place(self, lines: list[list[tuple[str, int, int]]], w: int) -> dict[str, list[Slot]]:
        area = self.area
        h = sprites.card_size(w)[1]
        step, gap = MELD_STEP * w, MELD_GAP * w
        total_h = len(lines) * h + max(0, len(lines) - 1) * ROW_GAP * h
        top = {"bottom": area.bottom - total_h, "center": area.centery - total_h / 2}.get(self.valign, area.top)
        out: dict[str, list[Slot]] = {}
        for r, line in enumerate(lines):
            line_w = sum(w + (n - 1) * step for _, _, n in line) + gap * (len(line) - 1)
            if self.align == "left":
                left = area.left
            elif self.align == "right":
                left = area.right - line_w
            else:
                left = area.centerx - line_w / 2
            y = top + r * h * (1 + ROW_GAP) + h / 2
            x = left + w / 2
            for zone, _first, n in line:
                out.setdefault(zone, []).extend((x + i * step, y, 0.0) for i in range(n))
                x += (n - 1) * step + w + gap
        return out

    def slots(self, zone: str, count: int) -> list[Slot]:
        counts = dict(self.counts)
        counts[zone] = count
        width, out = self.pack(counts)
        for box in self.boxes:
            box.card_w = width
        return out.get(zone, [])[:count]


@dataclass
class MeldBox(ZoneBox):
    """A meld's zone: its cards' places come from its seat's :class:`MeldRows`."""

    rows: MeldRows | None = None

    def slots(self, count: int) -> list[Slot]:
        if self.rows is None or count <= 0:
            return []
        return self.rows.slots(self.name, count)

    def rect(self, count: int) -> pygame.Rect:
        slots = self.slots(count)
        if not slots:  # an empty meld zone takes no room (its seat's area is the table's to use)
            centre = self.rows.area.center if self.rows is not None else self.anchor
            return pygame.Rect(round(centre[0]), round(centre[1]), 0, 0)
        w, h = self.card_w, self.card_h
        xs = [x for x, _, _ in slots]
        ys = [y for _, y, _ in slots]
        return pygame.Rect(
            round(min(xs) - w / 2), round(min(ys) - h / 2), round(max(xs) - min(xs) + w), round(max(ys) - min(ys) + h)
        )

    def extent(self, count: int) -> pygame.Rect:
        return self.rect(count)


# ------------------------------------------------------------------ the layout's part
def meld_specs(specs: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [s for s in specs.values() if s.get("kind") == MELDS]


def seat_melds(specs: list[dict[str, Any]], zone_names: list[str], seat: int) -> list[str]:
    """A seat's meld zones in order: each melds spec's ``name/<seat>`` then ``name/<seat>/<n>`` by n."""
    out = []
    for spec in specs:
        base = f"{spec['name']}/{seat}"
        numbered = [z for z in zone_names if z.startswith(base + "/") and z[len(base) + 1 :].isdigit()]
        out += [base] if base in zone_names else []
        out += sorted(numbered, key=lambda z: int(z.rsplit("/", 1)[1]))
    return out


def meld_seat(specs: list[dict[str, Any]], zone: str) -> int | None:
    """The seat a meld zone (``name/<seat>`` or ``name/<seat>/<n>``) belongs to; None: not one."""
    parts = zone.split("/")
    if len(parts) in (2, 3) and all(p.isdigit() for p in parts[1:]) and any(s["name"] == parts[0] for s in specs):
        return int(parts[1])
    return None


def centre_reserve(layout: TableLayout, bounds: pygame.Rect) -> pygame.Rect:
    """Room kept in the middle for the centre zones (a stock and a discard pile) at a modest size,
    halfway down the free band between the seats above the middle and ``bounds``' bottom."""
    pw = max(24, round(layout.pile_w * 0.75))
    ph = sprites.card_size(pw)[1]
    count = max(
        1,
        sum(
            1
            for s in layout.zone_specs.values()
            if s.get("place", "center") == "center" and not s.get("per_seat") and s.get("kind") not in (MELDS, BOARD)
        ),
    )
    width = count * pw * (1 + PILE_PEEK * PILE_STEP) + (count - 1) * pw * 0.5
    rect = pygame.Rect(0, 0, round(width), round(ph + layout.label_h))
    rect.centerx = round(layout.size[0] / 2)
    top = max(
        [bounds.top]
        + [
            s.box.bottom
            for s in layout.seats.values()
            if not s.bottom and s.box.left < rect.right and s.box.right > rect.left
        ]
    )
    rect.centery = round((top + bounds.bottom) / 2)
    return rect


def _free(rect: pygame.Rect, bounds: pygame.Rect, blocked: list[pygame.Rect]) -> bool:
    return bounds.contains(rect) and rect.collidelist(blocked) < 0


def grow_areas(
    seeds: dict[int, tuple[pygame.Rect, str]],
    bounds: pygame.Rect,
    obstacles: list[pygame.Rect],
    gap: int,
    weights: dict[int, float] | None = None,
    wide_first: bool = False,
) -> dict[int, pygame.Rect]:
    """Each seat's area grown step by step from its seed (a thin rect by its seat) away from the
    seat (``depth``: up, down, left or right) and sideways, until it meets the bounds, an obstacle
    or another area (kept ``gap`` apart). The smallest area (for its weight) grows first, each in
    turn along its ways, so the areas share the room."""
    areas = {seat: rect.copy() for seat, (rect, _) in seeds.items()}
    across = {"up": ("left", "right"), "down": ("left", "right"), "left": ("up", "down"), "right": ("up", "down")}
    sideways = {seat: wide_first and depth in ("left", "right") for seat, (_, depth) in seeds.items()}
    ways = {seat: [depth] if sideways[seat] else [depth, *across[depth]] for seat, (_, depth) in seeds.items()}
    later = {seat: list(across[depth]) if sideways[seat] else [] for seat, (_, depth) in seeds.items()}
    turn = dict.fromkeys(areas, 0)
    weights = weights or {}
    gap += gap % 2  # inflate() by an odd number grows one side more than the other
    pads = [o.inflate(gap, gap) for o in obstacles]

    def others(seat: int) -> list[pygame.Rect]:
        return pads + [a.inflate(gap, gap) for s, a in areas.items() if s != seat and a.width and a.height]

    for seat in list(areas):  # a seed that starts blocked gets nothing
        if not _free(areas[seat], bounds, others(seat)):
            areas[seat] = pygame.Rect(areas[seat].topleft, (0, 0))
            ways[seat], later[seat] = [], []
    for _step in range(20000):
        live = [seat for seat in areas if ways[seat]]
        if not live:
            break
        seat = min(live, key=lambda s: (areas[s].width * areas[s].height / weights.get(s, 1.0), s))
        way = ways[seat][turn[seat] % len(ways[seat])]
        blocked = others(seat)
        for step in (4 * GROW_STEP, GROW_STEP):  # long strides, then short ones up to what blocks
            trial = _grown(areas[seat], way, step)
            if _free(trial, bounds, blocked):
                areas[seat] = trial
                turn[seat] += 1
                break
        else:
            ways[seat].remove(way)
            if not ways[seat] and later[seat]:
                ways[seat], later[seat] = later[seat], []
    return areas


def _grown(rect: pygame.Rect, way: str, step: int) -> pygame.Rect:
    out = rect.copy()
    if way == "up":
        out.top -= step
        out.height += step
    elif way == "down":
        out.height += step
    elif way == "left":
        out.left -= step
        out.width += step
    else:
        out.width += step
    return out


def _card_room(areas: dict[int, pygame.Rect]) -> int:
    """The card width the tightest of ``areas`` allows for three melds of five or six cards."""
    sample = {"a": 5, "b": 5, "c": 6}
    return min([MeldRows(seat, area, list(sample), 120, 8).pack(sample)[0] for seat, area in areas.items()] or [0])


def _grow_seats(
    seeds: dict[int, tuple[pygame.Rect, str]],
    beside: dict[int, list[tuple[pygame.Rect, str]]],
    bounds: pygame.Rect,
    obstacles: list[pygame.Rect],
    gap: int,
    weights: dict[int, float],
    wide_first: bool,
) -> tuple[dict[int, tuple[pygame.Rect, str]], dict[int, pygame.Rect]]:
    """The seats' areas grown from ``seeds``, a seat across the top moved ``beside`` its box
    where the tightest area then holds the largest cards; the seeds kept and the areas."""
    areas = grow_areas(seeds, bounds, obstacles, gap, weights, wide_first)
    for seat, options in beside.items():  # keep the place where the tightest area holds the largest cards
        for option in options:
            trial = {**seeds, seat: option}
            grown = grow_areas(trial, bounds, obstacles, gap, weights, wide_first)
            if _card_room(grown) > _card_room(areas):
                seeds, areas = trial, grown
    return seeds, areas


def place_melds(layout: TableLayout, obstacles: list[pygame.Rect]) -> list[pygame.Rect]:
    """Give each seat an area for its melds and a :class:`MeldBox` per meld zone; returns the
    areas (obstacles for what is placed after)."""
    specs = meld_specs(layout.zone_specs)
    if not specs:
        return []
    m = layout.margin
    W = layout.size[0]
    bounds = layout.middle.inflate(-m, 0)
    bounds.height -= round(layout.status.height * (PILL_TWO - 1))  # the choices rise over a two-line status
    centre = centre_reserve(layout, bounds)
    seeds: dict[int, tuple[pygame.Rect, str]] = {}
    beside: dict[int, list[tuple[pygame.Rect, str]]] = {}
    for seat, box in layout.seats.items():
        if box.bottom:
            seed = pygame.Rect(0, 0, max(40, round(W * 0.2)), 1)
            seed.midbottom = (round(W / 2), bounds.bottom - 1)
            seeds[seat] = (seed, "up")
            continue
        b = box.box
        dx = (W / 2 - b.centerx) / max(1.0, W / 2)
        dy = (layout.middle.centery - b.centery) / max(1.0, layout.middle.height / 2)
        if abs(dx) > abs(dy):
            x = b.right + m if dx > 0 else b.left - m - 1
            seeds[seat] = (pygame.Rect(x, b.top, 1, b.height), "right" if dx > 0 else "left")
        else:
            y = b.bottom + m if dy > 0 else b.top - m - 1
            seeds[seat] = (pygame.Rect(b.left, y, b.width, 1), "down" if dy > 0 else "up")
            if dy > 0:  # a seat across the top may have more room beside its box than under it
                beside[seat] = [
                    (pygame.Rect(b.left - m - 1, b.top, 1, b.height), "left"),
                    (pygame.Rect(b.right + m, b.top, 1, b.height), "right"),
                ]
    weights = {seat: 1.6 if box.bottom else 1.0 for seat, box in layout.seats.items()}
    tall = _grow_seats(seeds, beside, bounds, [*obstacles, centre], m, weights, False)
    wide = _grow_seats(seeds, beside, bounds, [*obstacles, centre], m, weights, True)
    seeds, areas = wide if _card_room(wide[1]) >= WIDE_GAIN * _card_room(tall[1]) else tall
    layout.meld_areas = {}
    max_w = max(24, round(layout.pile_w * 0.8))
    others_w = round(max_w * (OTHERS_MANY if len(layout.seats) >= 5 else OTHERS))
    for seat, area in areas.items():
        depth = seeds[seat][1]
        bottom = layout.seats[seat].bottom
        align = {"right": "left", "left": "right"}.get(depth, "center")
        valign = {"up": "bottom", "down": "top"}.get(depth, "center")  # beside a seat: level with it
        rows = MeldRows(
            seat, area, seat_melds(specs, layout.zone_names, seat), max_w if bottom else others_w, 14, align, valign
        )
        layout.meld_areas[seat] = area
        for name in rows.zones:
            box = MeldBox(name, MELDS, rows.max_w, area.center, "", seat, mine=bottom, rows=rows)  # no label
            rows.boxes.append(box)
            layout.zones[name] = box
    return [a for a in areas.values() if a.width and a.height]


def trim_areas(layout: TableLayout, blocked: list[pygame.Rect]) -> None:
    """Cut the meld areas clear of ``blocked`` (the middle's piles as placed, with their labels),
    each on the side that keeps most of it."""
    m = layout.margin
    for area in layout.meld_areas.values():
        for rect in blocked:
            pad = rect.inflate(m, m)
            if not area.colliderect(pad):
                continue
            cuts = [
                pygame.Rect(area.left, area.top, area.width, max(0, pad.top - area.top)),
                pygame.Rect(area.left, pad.bottom, area.width, max(0, area.bottom - pad.bottom)),
                pygame.Rect(area.left, area.top, max(0, pad.left - area.left), area.height),
                pygame.Rect(pad.right, area.top, max(0, area.right - pad.right), area.height),
            ]
            best = max(cuts, key=lambda r: r.width * r.height)
            area.update(best)  # in place: the seat's rows and boxes hold this rect


def board_rect(layout: TableLayout, size: tuple[int, int], taken: list[pygame.Rect]) -> pygame.Rect | None:
    """A free corner for a board of ``size`` (the middle's corners, then the hand's band)."""
    m = layout.margin
    W, H = layout.size
    need = pygame.Rect((0, 0), size)
    area = layout.middle
    band = pygame.Rect(0, layout.hand_top, W, H - layout.hand_top)
    screen = pygame.Rect(0, 0, W, H)
    spots = [
        ("bottomright", (band.right - m, band.bottom - m // 2)),
        ("bottomleft", (band.left + m, band.bottom - m // 2)),
        ("topright", (area.right - m, area.top)),
        ("topleft", (area.left + m, area.top)),
        ("bottomright", (area.right - m, area.bottom)),
        ("bottomleft", (area.left + m, area.bottom)),
    ]
    pads = [t.inflate(m, m) for t in taken]
    for anchor, point in spots:
        setattr(need, anchor, point)
        if screen.contains(need) and need.collidelist(pads) < 0:
            return need.copy()
    return None
