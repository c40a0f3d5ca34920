"""The memory table's panels: the "lowest"/"highest"/"offered" tags, the numbers of the middle's
places and the optional history of the last turns' reveals (Settings: "show reveal history").

Everything here reads the seat's view only (``table.view``), like the rest of the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import widgets as ui
from . import hud

if TYPE_CHECKING:
    from .cards import CardSprite
    from .scene import TableScene

# ================================================================= words
def offered_card(table: TableScene) -> CardSprite | None:
    """The card this seat offered in the swap being chosen (its own secret), if any."""
    public = table.view.get("public") or {}
    choice = public.get("choice") or {}
    answer = str(choice.get("mine") or "")
    if public.get("phase") != "swap" or not answer.startswith("swap ") or table.my_hand is None:
        return None
    text = answer.split()[1]
    return next((c for c in table.board.zones.get(table.my_hand, []) if c.text == text), None)


# ================================================================= paint
def tag(surface: pygame.Surface, text: str, rect: pygame.Rect, u: float, above: bool) -> None:
    """A small gold label over (or under) a card: "lowest", "highest", "offered"."""
    image = ui.text(text, max(13.0, 15 * u), ui.INK, bold=True)
    box = image.get_rect().inflate(round(14 * u), round(6 * u))
    if above:
        box.midbottom = (rect.centerx, rect.top - round(4 * u))
    else:
        box.midtop = (rect.centerx, rect.bottom + round(4 * u))
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, ui.GOLD_LIGHT, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, ui.INK_SOFT, box, width=1, border_radius=box.height // 2)
    surface.blit(image, image.get_rect(center=box.center))


def _free_rect(table: TableScene, width: int, least: int) -> pygame.Rect | None:
    """The tallest free strip ``width`` wide on the felt (for the history panel), edges first."""
    layout = table.layout
    m = layout.margin
    W = layout.size[0]
    top, bottom = layout.bar.bottom + m, layout.size[1] - m
    blocks = [s.box for s in layout.seats.values() if not s.bottom] + [s.plate for s in layout.seats.values()]
    for name, box in layout.zones.items():
        if name != "revealed":
            blocks.append(box.extent(max(1, len(table.board.zones.get(name, [])))))
    blocks.append(layout.status)
    blocks += [b.rect for b in table.choice_buttons]
    for name, box in layout.zones.items():
        if name.startswith("hand/"):  # with room for the cards a turn lifts out of its ends
            rect = box.rect(max(1, len(table.board.zones.get(name, []))))
            reach = round(box.card_w * 1.6)
            blocks.append(rect.inflate(2 * reach, 0).union(rect.move(0, -box.card_h if box.mine else box.card_h)))
    best: pygame.Rect | None = None
    step = max(8, width // 6)
    xs = sorted(range(m, W - m - width + 1, step), key=lambda x: min(x - m, W - m - width - x))
    for left in xs:
        strip = pygame.Rect(left, top, width, bottom - top)
        edges = sorted((r.top - m // 2, r.bottom + m // 2) for r in blocks if r.colliderect(strip))
        y = top
        for start, end in [*edges, (bottom, bottom)]:
            if start - y >= least and (best is None or start - y > best.height + step):
                best = pygame.Rect(left, y, width, start - y)
            y = max(y, end)
    return best


def _where(table: TableScene, zone: str, end: str | None) -> str:
    """ "mid 3", "Bob low", "your high"."""
    if zone.startswith("middle/"):
        return f"mid {int(zone.split('/')[1]) + 1}"
    seat = int(zone.split("/")[1])
    who = "your" if seat == table.seat else table._name(seat)
    return f"{who} {end}"


def draw_history(surface: pygame.Surface, table: TableScene) -> None:
    """The last turns' reveals, newest first, a line each: who, then every card revealed (a
    chip) with where it came from, and the turn's result when it took a set ("trio!"). The panel
    is as wide as its longest line and goes where the felt is free."""
    history = list((table.view.get("public") or {}).get("history") or [])
    u = table.layout.u
    size = max(13.0, 15 * u)
    line = round(ui.line_height(size) * 1.3)
    pad, gap = round(10 * u), round(8 * u)
    radius = line * 0.4
    title = ui.text("Last reveals (newest first)", size, ui.GOLD_LIGHT, bold=True)
    rows = []
    for turn in reversed(history):
        who = "You" if turn.get("seat") == table.seat else table._name(turn.get("seat"))
        items = [
            (int(card), ui.text(_where(table, zone, end), size * 0.9, hud.SOFT))
            for card, zone, end in turn.get("reveals") or []
        ]
        result = str(turn.get("result") or "")
        took = result and result != "mismatch"  # the turn took a set: "trio!"
        trio = ui.text(f"{result}!", size, ui.GOLD_LIGHT, bold=True) if took else None
        rows.append((ui.text(who, size, ui.CREAM, bold=True), items, trio))
    name_w = max([round(40 * u)] + [min(r[0].get_width(), round(70 * u)) for r in rows]) + gap
    widths = [
        name_w + sum(2 * radius + 3 + img.get_width() + gap for _, img in items) + (trio.get_width() if trio else 0)
        for _, items, trio in rows
    ]
    width = round(min(max([title.get_width(), *widths]) + 2 * pad, table.layout.size[0] * 0.45))
    area = _free_rect(table, width, line * 2 + 2 * pad)
    if area is None:
        return
    rows = rows[: max(1, (area.height - 2 * pad) // line - 1)]
    panel = pygame.Rect(area.left, area.top, width, 2 * pad + line * (1 + max(1, len(rows))))
    hud.veil(surface, panel, (12, 26, 20, 215), round(10 * u))
    pygame.draw.rect(surface, (90, 120, 100), panel, width=1, border_radius=round(10 * u))
    clip = surface.get_clip()
    surface.set_clip(panel.inflate(-2, -2))
    x0, y = panel.left + pad, panel.top + pad + line / 2
    surface.blit(title, title.get_rect(midleft=(x0, round(y))))
    if not rows:
        ui.blit_text(surface, "none yet", size, hud.SOFT, (x0, y + line), "midleft")
    for name, items, trio in rows:
        y += line
        surface.blit(ui.fit(name, name_w - gap), name.get_rect(midleft=(x0, round(y))))
        x = x0 + name_w
        for number, where in items:
            hud.chip(surface, number, (x + radius, y), radius)
            surface.blit(where, where.get_rect(midleft=(round(x + 2 * radius + 3), round(y))))
            x += 2 * radius + 3 + where.get_width() + gap
        if trio is not None:
            surface.blit(trio, trio.get_rect(midleft=(round(x), round(y))))
    surface.set_clip(clip)


def draw_place_numbers(surface: pygame.Surface, table: TableScene, turned: set[str]) -> None:
    """A small badge on each place of the middle, so "mid 3" in the history can be found
    (not on the ``turned`` places: a card face up there shows its own number)."""
    u = table.layout.u
    for name, box in table.layout.zones.items():
        if name.startswith("middle/") and name not in turned:
            x, y = box.anchor
            r = max(8.0, 10 * u)
            centre = (round(x - box.card_w / 2 + r * 0.3), round(y - box.card_h / 2 + r * 0.3))
            pygame.draw.circle(surface, (14, 34, 24), centre, r)
            pygame.draw.circle(surface, hud.SOFT, centre, r, 1)
            label = ui.fit(ui.text(str(int(name.split("/")[1]) + 1), r * 1.3, ui.CREAM, bold=True), r * 1.6)
            surface.blit(label, label.get_rect(center=centre))
