"""The hold's panels: the small tags over a card (a hand's ends, a card given), the numbers
of a grid's places and the optional history of past turns (Settings: "show reveal history").

Everything here reads the seat's view only (``ctx.view``), through the game's presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import widgets as ui
from .. import hud

if TYPE_CHECKING:
    from ..context import TableContext


def hold_zone(ctx: TableContext) -> str:
    """The zone the hint ``revealed_near_source`` names (``true``: the first centre row)."""
    hint = ctx.hints.get("revealed_near_source")
    if isinstance(hint, str) and hint:
        return hint
    rows = [n for n, s in ctx.specs.items() if s.get("kind") == "row" and s.get("place") == "center"]
    return rows[0] if rows else "hold"


# ================================================================= paint
def tag(surface: pygame.Surface, text: str, rect: pygame.Rect, u: float, above: bool) -> None:
    """A small gold label over (or under) a card (the presenter's word: "lowest", "offered")."""
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


def _free_rect(ctx: TableContext, width: int, least: int, hold: str) -> pygame.Rect | None:
    """The tallest free strip ``width`` wide on the felt (for the history panel), edges first."""
    layout = ctx.layout
    m = layout.margin
    W = layout.size[0]
    top, bottom = layout.bar.bottom + m, layout.size[1] - m
    blocks = [s.box for s in layout.seats.values() if not s.bottom] + [s.plate for s in layout.seats.values()]
    for name, box in layout.zones.items():
        if name != hold:
            blocks.append(box.extent(max(1, len(ctx.board.zones.get(name, [])))))
    blocks.append(layout.status)
    blocks += [b.rect for b in ctx.choices]
    for name, box in layout.zones.items():
        if ctx.kinds.get(name.split("/")[0]) == "hand":  # with room for the cards a turn lifts out of its ends
            rect = box.rect(max(1, len(ctx.board.zones.get(name, []))))
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


def draw_history(surface: pygame.Surface, ctx: TableContext) -> None:
    """The presenter's history of past turns, newest first, a line each: who, then every card
    it names (a chip) with where it was, and the turn's highlight. The panel is as wide
    as its longest line and goes where the felt is free."""
    history = ctx.presenter.history(ctx.view, ctx.seat, ctx.names)
    if history is None:
        return
    u = ctx.layout.u
    size = max(13.0, 15 * u)
    line = round(ui.line_height(size) * 1.3)
    pad, gap = round(10 * u), round(8 * u)
    radius = line * 0.4
    title = ui.text(history.title, size, ui.GOLD_LIGHT, bold=True)
    rows = []
    for turn in history.rows:
        items = [
            (int(item.card) if item.card.isdigit() else None, ui.text(item.where, size * 0.9, hud.SOFT))
            for item in turn.items
        ]
        mark = ui.text(turn.result, size, ui.GOLD_LIGHT, bold=True) if turn.result else None
        rows.append((ui.text(turn.who, size, ui.CREAM, bold=True), items, mark))
    name_w = max([round(40 * u)] + [min(r[0].get_width(), round(70 * u)) for r in rows]) + gap
    widths = [
        name_w + sum(2 * radius + 3 + img.get_width() + gap for _, img in items) + (mark.get_width() if mark else 0)
        for _, items, mark in rows
    ]
    width = round(min(max([title.get_width(), *widths]) + 2 * pad, ctx.layout.size[0] * 0.45))
    area = _free_rect(ctx, width, line * 2 + 2 * pad, hold_zone(ctx))
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
        ui.blit_text(surface, history.empty, size, hud.SOFT, (x0, y + line), "midleft")
    for name, items, mark in rows:
        y += line
        surface.blit(ui.fit(name, name_w - gap), name.get_rect(midleft=(x0, round(y))))
        x = x0 + name_w
        for number, where in items:
            hud.chip(surface, number, (x + radius, y), radius)
            surface.blit(where, where.get_rect(midleft=(round(x + 2 * radius + 3), round(y))))
            x += 2 * radius + 3 + where.get_width() + gap
        if mark is not None:
            surface.blit(mark, mark.get_rect(midleft=(round(x), round(y))))
    surface.set_clip(clip)
