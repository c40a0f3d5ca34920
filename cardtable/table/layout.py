"""Where everything sits on the table, from the game's layout hints and the window size.

Pure geometry. The viewer sits at the bottom, the other seats clockwise around an ellipse
(left, top, right), each with a name plate, its hand, the stacks beside the hand (a bid, won
tricks) and a row in front (melds, sets taken). Zones placed "center" form a row in the middle,
"corner" zones take a free corner, and any other place ("dummy") gets a spot of its own near
the top. A zone numbered without being a seat's (``grid/0..7``, ``up/0..3``) is laid
out with its siblings as one block: a grid, or columns with face-down cards under face-up
ones. Card sizes follow the window height and the number of cards in the biggest hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

import sprites

from .meld_layout import board_rect, place_melds, trim_areas
from .zone_box import CLOSED_STEP, FAN_STEP, GRID_COLUMNS, LAYER_STEP, ROW_KINDS, ROW_STEP, SPREAD_STEP, ZoneBox


def _separate(boxes: list[pygame.Rect], area: pygame.Rect, gap: int) -> None:
    """Push overlapping seat boxes apart vertically (they stay inside ``area``)."""
    for _round in range(20):
        moved = False
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if not a.inflate(gap, gap).colliderect(b):
                    continue
                upper, lower = (a, b) if a.centery <= b.centery else (b, a)
                push = (upper.bottom + gap - lower.top + 1) / 2
                upper.move_ip(0, -round(push))
                lower.move_ip(0, round(push))
                upper.clamp_ip(area)
                lower.clamp_ip(area)
                moved = True
        if not moved:
            return


def _split(blocks: list[Block], rows: int) -> list[list[Block]]:
    """``blocks`` in order, cut into ``rows`` lines of about equal width."""
    rows = max(1, min(rows, len(blocks)))
    total = sum(b.size[0] for b in blocks)
    lines: list[list[Block]] = [[]]
    done = 0.0
    for block in blocks:
        if lines[-1] and len(lines) < rows and done + block.size[0] / 2 > total * len(lines) / rows:
            lines.append([])
        lines[-1].append(block)
        done += block.size[0]
    return lines


def own_label(spec: dict[str, Any]) -> str:
    """The viewer's zone as labelled at the table: "Your bid" for a one-word name, else the name."""
    label = str(spec.get("label", spec["name"]))
    return f"Your {label.lower()}" if len(label.split()) == 1 else label


def unit(size: tuple[int, int]) -> float:
    """1.0 at 1280x800; margins and text scale with it."""
    return max(0.5, min(size[0] / 1280, size[1] / 800))


@dataclass
class Block:
    """Zones placed together as one rectangle: a single zone, or numbered siblings."""

    label: str
    size: tuple[float, float]  # cards only; the label goes below
    zones: list[tuple[ZoneBox, tuple[float, float]]]  # each zone with its anchor from the top-left

    def place(self, left: float, top: float) -> pygame.Rect:
        for box, (dx, dy) in self.zones:
            box.anchor = (left + dx, top + dy)
        return pygame.Rect(round(left), round(top), round(self.size[0]), round(self.size[1]))


@dataclass
class SeatBox:
    """A seat's area: its name plate and where its cards go."""

    seat: int
    plate: pygame.Rect
    box: pygame.Rect
    angle: float  # degrees on the table ellipse; 90 is the bottom (the viewer)
    bottom: bool = False


@dataclass
class TableLayout:
    """Everything's place for one window size, seat count, viewer and biggest hand."""

    size: tuple[int, int]
    players: int
    bottom_seat: int
    zone_specs: dict[str, dict[str, Any]]
    zone_names: list[str]
    hand_max: int = 6
    extra_rows: int = 0  # rows of choice buttons above the hand (name trump, pass...)
    board_sizes: tuple[tuple[int, int], ...] = ()  # a board zone's table: its sizes, most wanted first
    bar_width: int = 0  # the top bar's width and unit when it is wider than the table (0: the table's)
    bar_unit: float = 0.0
    board_pin: tuple[pygame.Rect, int] | None = None  # where the board was (its rect, size index): kept if free
    zones: dict[str, ZoneBox] = field(default_factory=dict)
    seats: dict[int, SeatBox] = field(default_factory=dict)
    labels: list[tuple[str, tuple[float, float], float]] = field(default_factory=list)  # block labels

    def __post_init__(self) -> None:
        self.compute()

    # --------------------------------------------------------------- sizes
    def compute(self) -> None:
        W, H = self.size
        u = self.u = unit(self.size)
        self.margin = m = max(6, round(14 * u))
        self.label_h = round(22 * u)
        self.bar_u = self.bar_unit or u  # the scale of the top bar and its buttons
        self.bar = pygame.Rect(0, 0, self.bar_width or W, max(30, round(44 * self.bar_u)))
        n = max(5, self.hand_max)
        by_height = H * 0.2 / sprites.CARD_RATIO
        by_width = W * 0.6 / (1 + (n - 1) * FAN_STEP)
        self.big_w = bw = max(30, min(180, round(min(by_height, by_width))))
        self.small_w = max(24, round(bw * (0.56 if self.players <= 4 else 0.48)))  # five or six others: smaller
        self.pile_w = max(28, round(bw * 0.92))
        self.plate_size = (max(150, round(196 * u)), max(42, round(52 * u)))
        self.zones = {}
        self.seats = {}
        self.labels = []
        self.reserved: list[pygame.Rect] = []  # the board and the meld areas: nothing else goes there
        self.board: pygame.Rect | None = None
        self.board_size = 0  # which of ``board_sizes`` fitted
        self.meld_areas: dict[int, pygame.Rect] = {}
        self._place_bottom(W, H, m, bw, n)
        self._place_others(W, m)
        self._place_board()
        self._place_melds()
        self._place_middle(W, m)
        if self.meld_areas:
            trim_areas(self, [self.centre] + [z.extent(60) for z in self.zones.values() if z.seat is None])
        self._place_corners(W, H, m)

    # ------------------------------------------------------------ grouping
    def _numbered(self, spec: dict[str, Any]) -> list[str]:
        """Zone names ``base/i`` of a spec that is not per seat, in number order."""
        prefix = spec["name"] + "/"
        names = [z for z in self.zone_names if z.startswith(prefix) and z[len(prefix) :].isdigit()]
        return sorted(names, key=lambda z: int(z[len(prefix) :]))

    def _seat_zones(self, seat: int) -> tuple[str | None, list[dict[str, Any]], list[dict[str, Any]]]:
        """A seat's hand zone, its zones beside the hand (stacks) and in front of it (rows)."""
        hand = None
        beside, front = [], []
        for spec in self.zone_specs.values():
            if not spec.get("per_seat") or f"{spec['name']}/{seat}" not in self.zone_names:
                continue
            if spec.get("kind") in ("melds", "board"):  # laid out apart (meld_layout.py)
                continue
            if spec.get("kind") == "hand" and hand is None:
                hand = f"{spec['name']}/{seat}"
            elif spec.get("kind") in ("stack", "pile"):
                beside.append(spec)
            else:
                front.append(spec)
        return hand, beside, front

    def _capacity(self, kind: str) -> int:
        return self.players if kind == "trick" else 4

    def _single(self, spec: dict[str, Any], card_w: int) -> Block:
        """One zone as a block, as wide as its usual number of cards (more cards squeeze in)."""
        kind = spec.get("kind", "pile")
        kind = "row" if kind == "hand" else kind
        box = ZoneBox(spec["name"], kind, card_w, (0.0, 0.0), label=spec.get("label", spec["name"]))
        room = box.extent(self._capacity(kind) if kind in ROW_KINDS else 1)
        box.span = room.width
        box.anchor = (-room.left, -room.top)  # so the block's top-left is the room's top-left
        return Block(box.label, room.size, [(box, box.anchor)])

    def _siblings(self, specs: list[dict[str, Any]], card_w: int) -> Block:
        """Numbered zones as one block: a grid (one grid spec) or columns of layers."""
        label = str(specs[0].get("label", specs[0]["name"])).split(" (")[0]
        if len(specs) == 1 and specs[0].get("kind") == "grid":
            names = self._numbered(specs[0])
            cols = min(len(names), max(GRID_COLUMNS, math.ceil(len(names) / 2)))
            rows = math.ceil(len(names) / cols)
            w = round(card_w * (0.8 if rows > 1 else 1.0))
            h = sprites.card_size(w)[1]
            zones = []
            for i, name in enumerate(names):
                r, c = divmod(i, cols)
                box = ZoneBox(name, "grid", w, (0.0, 0.0))
                zones.append((box, (w / 2 + c * ROW_STEP * w, h / 2 + r * 1.06 * h)))
            return Block(label, (w + (cols - 1) * ROW_STEP * w, h + (rows - 1) * 1.06 * h), zones)
        h = sprites.card_size(card_w)[1]
        layers = sorted(specs, key=lambda s: s.get("visibility") != "hidden")  # face-down cards underneath
        columns = sorted({int(z.rsplit("/", 1)[1]) for s in specs for z in self._numbered(s)})
        zones = []
        for depth, spec in enumerate(layers):
            for col, index in enumerate(columns):
                name = f"{spec['name']}/{index}"
                if name in self.zone_names:
                    box = ZoneBox(name, spec.get("kind", "stack"), card_w, (0.0, 0.0))
                    zones.append((box, (card_w / 2 + col * 1.12 * card_w, h / 2 + depth * LAYER_STEP * h)))
        width = card_w + (len(columns) - 1) * 1.12 * card_w
        return Block(label, (width, h + (len(layers) - 1) * LAYER_STEP * h), zones)

    def _blocks(self, places: set[str] | None, card_w: int) -> list[Block]:
        """Blocks of the zones (not per seat) placed at ``places`` (None: any unknown place)."""
        known = {"center", "seat", "corner"}
        out: list[Block] = []
        numbered: dict[str, list[dict[str, Any]]] = {}
        for spec in self.zone_specs.values():
            place = spec.get("place", "center")
            if spec.get("per_seat") or (place not in places if places is not None else place in known):
                continue
            if spec["name"] in self.zone_names:
                out.append(self._single(spec, card_w))
            elif self._numbered(spec):
                numbered.setdefault(place if spec.get("kind") != "grid" else spec["name"], []).append(spec)
        out += [self._siblings(specs, card_w) for specs in numbered.values()]
        return out

    def _keep(self, block: Block, left: float, top: float, label: str | None = None) -> pygame.Rect:
        rect = block.place(left, top)
        for box, _ in block.zones:
            self.zones[box.name] = box
        shown = block.label if label is None else label
        if len(block.zones) > 1 and shown:  # single zones label themselves (with their counts)
            self.labels.append((shown, (rect.centerx, rect.bottom + round(4 * self.u)), rect.width * 1.4))
        return rect.inflate(0, 0).union(pygame.Rect(rect.left, rect.bottom, rect.width, self.label_h))

    # -------------------------------------------------------------- viewer
    def _place_bottom(self, W: int, H: int, m: int, bw: int, n: int) -> None:
        seat = self.bottom_seat
        bh = sprites.card_size(bw)[1]
        hand, beside, front = self._seat_zones(seat)
        fan_w = bw + (n - 1) * FAN_STEP * bw
        side_w = round(bw * 0.78)
        room = W - 2 * m - len(beside) * (side_w + m) - self.plate_size[0] - 2 * m
        fw = round(self.pile_w * 0.8)
        widths = [fw * (1 + (self._capacity(s.get("kind", "row")) - 1) * SPREAD_STEP) for s in front]
        need = sum(widths) + m * 2 * len(front)
        beside_hand = bool(front) and room - need >= bw * 2.5  # the row fits beside a tighter fan
        if beside_hand:
            room -= need
            cx = m + self.plate_size[0] + 2 * m + room / 2  # the hand moves left to make room
        else:
            cx = W / 2
        fan_w = min(fan_w, max(bw * 2.0, room))
        hand_cy = H - m - bh / 2 - 0.05 * bh
        self.hand_top = round(hand_cy - bh / 2 - 0.2 * bh)
        cx = min(W / 2, max(cx, m + self.plate_size[0] + 2 * m + fan_w / 2))  # room for the plate on the left
        if hand:
            self.zones[hand] = ZoneBox(hand, "hand", bw, (cx, hand_cy), seat=seat, mine=True, span=fan_w)
        plate = pygame.Rect((0, 0), self.plate_size)
        plate.midright = (round(cx - fan_w / 2 - m * 1.5), round(hand_cy))
        if plate.left < m:
            plate.bottomleft = (m, self.hand_top - m // 2)
        x = cx + fan_w / 2 + m * 1.5
        for spec in beside:
            name = f"{spec['name']}/{seat}"
            label = own_label(spec)
            self.zones[name] = ZoneBox(
                name, spec.get("kind", "stack"), side_w, (x + side_w / 2, hand_cy + bh * 0.08), label, seat, True
            )
            x += side_w + m
        self.seats[seat] = SeatBox(
            seat, plate, pygame.Rect(m, self.hand_top, W - 2 * m, H - self.hand_top), 90.0, bottom=True
        )
        pill_h = max(26, round(34 * self.u))
        self.status = pygame.Rect(0, 0, min(W - 2 * m, round(760 * self.u)), pill_h)
        self.status.midbottom = (round(cx), self.hand_top - m // 2)
        self.choices = pygame.Rect(
            m, self.status.top - m // 2 - pill_h * self.extra_rows, W - 2 * m, pill_h * self.extra_rows
        )
        bottom = self.choices.top - m
        if front:  # the viewer's rows (melds, sets): beside the hand if there is room, else above the status
            fh = sprites.card_size(fw)[1]
            if beside_hand:
                y = hand_cy
            else:
                x = cx - need / 2
                y = bottom - self.label_h - fh / 2
                bottom = round(y - fh / 2 - m)
            for spec, width in zip(front, widths, strict=True):
                name = f"{spec['name']}/{seat}"
                self.zones[name] = ZoneBox(
                    name, spec.get("kind", "row"), fw, (x + width / 2, y), own_label(spec), seat, True, span=width
                )
                x += width + 2 * m
        self.middle = pygame.Rect(0, self.bar.bottom + m, W, bottom - self.bar.bottom - m)

    # -------------------------------------------------------------- others
    def _other_plate(self) -> tuple[int, int]:
        plate_w, plate_h = self.plate_size
        return plate_w, max(38, round(plate_h * 0.86))

    def _place_others(self, W: int, m: int) -> None:
        """The other seats around the ellipse; each box: plate, hand + stacks, a row in front."""
        n = self.players
        sw = self.small_w
        sh = sprites.card_size(sw)[1]
        hand_w = sw + (max(self.hand_max, 5) - 1) * CLOSED_STEP * sw
        side_w = round(sw * 0.92)
        plate_w, plate_h = self._other_plate()
        area = self.middle
        melds = any(s.get("kind") == "melds" for s in self.zone_specs.values())
        plans = []
        for k in range(1, n):
            seat = (self.bottom_seat + k) % n
            hand, beside, front = self._seat_zones(seat)
            angle = 90.0 + k * 360.0 / n
            row_w = hand_w + len(beside) * (side_w + m // 2 + 2)
            fronts = [sw * (1 + (self._capacity(s.get("kind", "row")) - 1) * SPREAD_STEP) for s in front]
            front_w = sum(fronts) + m * (len(fronts) - 1)
            # the row in front goes beside the hand at the top, or when seats share a side (5+)
            level = bool(front) and (abs(math.sin(math.radians(angle))) > 0.9 or n >= 5)
            if level:
                row_w += m + front_w
            box = pygame.Rect(
                0,
                0,
                round(max(row_w, plate_w, 0 if level else front_w)),
                round(plate_h + m // 2 + sh + (m // 2 + sh if front and not level else 0)),
            )
            rx = max(0.0, (W - 2 * m - box.width) / 2)
            ry = max(0.0, (area.height - box.height) / 2)
            across = math.cos(math.radians(angle))
            if melds and abs(across) >= 0.5:  # a side seat at the window's edge: room for its melds
                across = math.copysign(1.0, across)
            box.center = (
                round(W / 2 + rx * across),
                round(area.centery + ry * math.sin(math.radians(angle))),
            )
            box.clamp_ip(area)
            plans.append((seat, angle, box, hand, beside, front, fronts, front_w, row_w, level))
        _separate([p[2] for p in plans], area, m)
        for seat, angle, box, hand, beside, front, fronts, front_w, row_w, level in plans:
            plate = pygame.Rect(0, 0, min(plate_w, box.width), plate_h)
            plate.midtop = box.midtop
            self.seats[seat] = SeatBox(seat, plate, box, angle)
            y = plate.bottom + m // 2 + sh / 2
            x = box.centerx - row_w / 2
            if hand:
                self.zones[hand] = ZoneBox(hand, "hand", sw, (x + hand_w / 2, y), seat=seat, span=hand_w)
            x += hand_w + m // 2 + 2
            for spec in beside:
                name = f"{spec['name']}/{seat}"
                label = spec.get("label", "")
                self.zones[name] = ZoneBox(name, spec.get("kind", "stack"), side_w, (x + side_w / 2, y), label, seat)
                x += side_w + m // 2
            if level:
                x += m // 2
            else:
                y += sh + m // 2
                x = box.centerx - front_w / 2
            for spec, width in zip(front, fronts, strict=True):
                name = f"{spec['name']}/{seat}"
                label = spec.get("label", "")
                self.zones[name] = ZoneBox(
                    name, spec.get("kind", "row"), sw, (x + width / 2, y), label, seat, span=width
                )
                x += width + m

    # ------------------------------------------------------ board, melds
    def _place_board(self) -> None:
        """A ``board`` zone's table in a free corner, the first of its sizes that fits; where it
        was (``board_pin``) while that place stays free, so it does not jump within a deal."""
        if not any(s.get("kind") == "board" for s in self.zone_specs.values()):
            return
        taken = [s.box for s in self.seats.values() if not s.bottom] + [self.status, self.choices]
        taken += [s.plate for s in self.seats.values() if s.bottom]
        taken += [z.extent(self.hand_max) for z in self.zones.values() if z.mine]
        if self.board_pin is not None:  # the board keeps its place while it covers nothing
            rect, index = self.board_pin
            pads = [t.inflate(self.margin, self.margin) for t in taken]
            fits = index < len(self.board_sizes) and self.board_sizes[index] == rect.size
            if fits and pygame.Rect((0, 0), self.size).contains(rect) and rect.collidelist(pads) < 0:
                self.board, self.board_size = rect.copy(), index
                self.reserved.append(self.board)
                return
        for index, size in enumerate(self.board_sizes):
            rect = board_rect(self, size, taken)
            if rect is not None:
                self.board, self.board_size = rect, index
                self.reserved.append(rect)
                return

    def _place_melds(self) -> None:
        """Each seat's area for its melds (zones of kind ``melds``, created in play)."""
        obstacles = [s.box for s in self.seats.values() if not s.bottom] + list(self.reserved)
        self.reserved += place_melds(self, obstacles)

    # -------------------------------------------------------------- middle
    def _free_band(self, left: float, right: float) -> tuple[float, float]:
        """The vertical room in the middle between the seats above and below ``left..right``."""
        top, bottom = self.middle.top, self.middle.bottom
        for seat in self.seats.values():
            box = seat.box
            if seat.bottom or box.right <= left or box.left >= right:
                continue
            if box.centery < self.middle.centery:
                top = max(top, box.bottom + self.margin)
            else:
                bottom = min(bottom, box.top - self.margin)
        return top, bottom

    def _rooms(self, obstacles: list[pygame.Rect]) -> list[pygame.Rect]:
        """Free rectangles of the middle around its centre line, between the obstacles: for
        each band (from an edge or an obstacle to another), the width left by the obstacles
        beside it. A band an obstacle crosses at the centre line has no room."""
        m, area, cx = self.margin, self.middle, self.size[0] / 2
        tops = {area.top} | {r.bottom + m for r in obstacles if area.top < r.bottom < area.bottom}
        bottoms = {area.bottom} | {r.top - m for r in obstacles if area.top < r.top < area.bottom}
        rooms = []
        for top in tops:
            for bottom in bottoms:
                if bottom - top < self.label_h * 2:
                    continue
                left, right = area.left + m, area.right - m
                for r in obstacles:
                    if r.bottom <= top or r.top >= bottom:
                        continue
                    if r.left < cx < r.right:
                        break
                    if r.centerx < cx:
                        left = max(left, r.right + m)
                    else:
                        right = min(right, r.left - m)
                else:
                    rooms.append(pygame.Rect(round(left), round(top), round(right - left), round(bottom - top)))
        return rooms

    def _place_middle(self, W: int, m: int) -> None:
        """Zones of places other than center/seat/corner (a dummy) near the top, then the centre
        row in the free room where its cards can be largest."""
        taken: list[pygame.Rect] = []
        loose = False  # a dummy that found no spot of its own joins the centre row
        for block in self._blocks(None, round(self.pile_w * 0.8)):
            left = W / 2 - block.size[0] / 2
            top, _ = self._free_band(left, left + block.size[0])
            area = pygame.Rect(round(left), round(top), round(block.size[0]), round(block.size[1]) + self.label_h)
            if area.bottom < self.middle.centery and area.collidelist(taken) < 0:
                taken.append(self._keep(block, left, top))
            else:
                loose = True

        def blocks(card_w: int) -> list[Block]:
            return self._blocks({"center"}, card_w) + (self._blocks(None, round(card_w * 0.8)) if loose else [])

        obstacles = [s.box for s in self.seats.values() if not s.bottom] + taken
        obstacles += [r.inflate(m, m) for r in self.reserved]  # a margin from the board and meld areas
        rooms = self._rooms(obstacles) or [self.middle]
        full = blocks(self.pile_w)
        best = (0.0, 0, self.middle)  # fit, rows, room
        for rows in range(1, min(3, max(1, len(full))) + 1):
            width, height = self._rows_size(_split(full, rows), round(self.pile_w * 0.5))
            for room in rooms:
                fit = min(1.0, room.width / max(width, 1), room.height / max(height, 1))
                if fit > best[0] + 0.02 or (
                    abs(fit - best[0]) <= 0.02
                    and rows == best[1]
                    and abs(room.centery - self.middle.centery) < abs(best[2].centery - self.middle.centery)
                ):
                    best = (fit, rows, room)
        fit, rows, room = best
        scale = max(0.3, min(1.0, fit or 1.0))
        card_w = round(self.pile_w * scale)
        lines = _split(blocks(card_w), rows or 1)
        gap = round(self.pile_w * 0.5 * scale)
        width, height = self._rows_size(lines, gap)
        y = room.centery - height / 2
        self.centre = pygame.Rect(round(room.centerx - width / 2), round(y), round(width), round(height))
        for line in lines:
            line_w = sum(b.size[0] for b in line) + gap * (len(line) - 1)
            line_h = max(b.size[1] for b in line)
            x = min(max(self.size[0] / 2 - line_w / 2, room.left), room.right - line_w)
            for block in line:
                self._keep(block, x, y + (line_h - block.size[1]) / 2)
                x += block.size[0] + gap
            y += line_h + self.label_h + self.margin // 2
        self.centre = self.centre.unionall(taken) if taken else self.centre

    def _rows_size(self, lines: list[list[Block]], gap: int) -> tuple[float, float]:
        width = max([sum(b.size[0] for b in line) + gap * (len(line) - 1) for line in lines] or [0])
        height = sum(max(b.size[1] for b in line) + self.label_h for line in lines if line)
        return width, height + (len(lines) - 1) * self.margin // 2

    # ------------------------------------------------------------- corners
    def _place_corners(self, W: int, H: int, m: int) -> None:
        """Corner zones (cards out of play): a free corner, else the first free spot; smaller
        cards when the table is crowded."""
        taken = [s.box for s in self.seats.values() if not s.bottom] + [self.centre, self.status]
        taken += [s.plate for s in self.seats.values() if s.bottom] + self.reserved
        taken += [z.extent(self.hand_max) for z in self.zones.values() if z.mine]
        count = len(self._blocks({"corner"}, self.small_w))
        for index in range(count):
            for scale in (1.0, 0.75, 0.55):
                block = self._blocks({"corner"}, max(16, round(self.small_w * scale)))[index]
                spot = self._free_spot(block, taken, W, H, m)
                if spot is not None:
                    break
            if spot is None:
                spot = pygame.Rect(m, self.middle.top, 0, 0)
            taken.append(spot)
            self._keep(block, spot.centerx - block.size[0] / 2, spot.top + m / 2)
            for box, _ in block.zones:
                box.corner = True

    def _free_spot(self, block: Block, taken: list[pygame.Rect], W: int, H: int, m: int) -> pygame.Rect | None:
        area = self.middle
        band = pygame.Rect(0, self.hand_top, W, H - self.hand_top)
        screen = pygame.Rect(0, 0, W, H)
        need = pygame.Rect(
            0, 0, max(round(block.size[0]) + 2 * m, round(110 * self.u)), round(block.size[1]) + self.label_h + m
        )
        spots = [
            ("topleft", (area.left + m, area.top)),
            ("topright", (area.right - m, area.top)),
            ("bottomright", (area.right - m, area.bottom)),
            ("bottomleft", (area.left + m, area.bottom)),
            ("bottomright", (band.right - m, band.bottom - m // 2)),
            ("bottomleft", (band.left + m, band.bottom - m // 2)),
        ]
        for anchor, point in spots:
            setattr(need, anchor, point)
            if need.collidelist(taken) < 0 and screen.contains(need):
                return need.copy()
        step = max(8, need.width // 4)  # no corner free: the first free place in the middle
        for y in range(area.top, area.bottom - need.height + 1, step):
            for x in range(area.left + m, area.right - m - need.width + 1, step):
                spot = need.move_to(topleft=(x, y))
                if spot.collidelist(taken) < 0:
                    return spot
        return None
