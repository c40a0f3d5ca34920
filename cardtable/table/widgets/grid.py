"""The grid: zones of kind ``grid`` (``name/0``, ``name/1``...), one card per fixed place. A place
whose card is gone stays marked as a faint gap, the grid sits halfway between the seats above it
and the status line, the keys step through its places in order, and its places may be numbered
(``name/I`` shows I + 1) so that words like "mid 3" can be found.

:class:`GridWidget` serves a layout with a grid; the hold (``hold.py``) works beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

import sprites

from ... import widgets as ui
from .. import hud
from .base import Widget

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext
    from ..layout import TableLayout
    from ..zone_box import ZoneBox


class GridWidget(Widget):
    """The grid's hooks: its places centred, gaps marked, keys stepping through its places."""

    kind = "grid"

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.away: Callable[[], set[str]] = set  # places whose card is away for now (the hold's)

    def zone_kind(self, zone: str) -> str | None:
        return self.ctx.kinds.get(zone.split("/")[0])

    def is_hand(self, zone: str) -> bool:
        return self.zone_kind(zone) == "hand"

    def is_grid(self, zone: str) -> bool:
        return self.zone_kind(zone) == "grid"

    def grid_places(self, zones: Any) -> list[str]:
        """The grid's places in order (``name/0``, ``name/1``...)."""
        places = [z for z in zones if self.is_grid(z)]
        return sorted(places, key=lambda z: (z.split("/")[0], int(z.split("/")[1]) if z.count("/") else 0))

    def taken(self) -> set[str]:
        """Places whose card is away for now (not a gap): the hold's turned-up cards."""
        return self.away()

    def adjust_layout(self, layout: TableLayout) -> None:
        places = [box for name, box in layout.zones.items() if self.is_grid(name)]
        if places:
            self._centre_grid(layout, places)

    @staticmethod
    def _centre_grid(layout: TableLayout, places: list[ZoneBox]) -> None:
        """The grid's places halfway between the seats above them and the status line."""
        grid = places[0].rect(1).unionall([box.rect(1) for box in places[1:]])
        block = grid.inflate(0, 2 * layout.label_h)
        top = max(
            [layout.middle.top]
            + [
                s.box.bottom + layout.margin
                for s in layout.seats.values()
                if not s.bottom and s.box.left < block.right and s.box.right > block.left
            ]
        )
        bottom = layout.status.top - layout.margin
        shift = round((top + bottom) / 2 - grid.centery)
        if shift <= 0 or grid.bottom + layout.label_h + shift > bottom:
            return
        for box in places:
            box.anchor = (box.anchor[0], box.anchor[1] + shift)
        layout.labels = [
            (text, (x, y + shift) if abs(y - grid.bottom) < 2 * layout.label_h else (x, y), width)
            for text, (x, y), width in layout.labels
        ]

    def focusable(self, cards: list[CardSprite]) -> list[CardSprite] | None:
        """Keys step through the grid's places in order."""
        board = self.ctx.board
        places = [c for name in self.grid_places(board.zones) for c in board.zones[name][:1]]
        return [*places, *(c for c in cards if c not in places)] if places else None

    def draw_under(self, surface: pygame.Surface) -> None:
        """Empty places (their card taken for good) stay marked as gaps."""
        draw_gaps(surface, self.ctx, self.taken())

    def under_key(self) -> tuple:
        """What :meth:`draw_under` paints depends on (the table caches it while this holds)."""
        ctx = self.ctx
        return tuple(sorted(self.taken())), tuple(
            name
            for name in ctx.layout.zones
            if ctx.kinds.get(name.split("/")[0]) == "grid" and not ctx.board.zones.get(name)
        )


def draw_gaps(surface: pygame.Surface, ctx: TableContext, taken: set[str]) -> None:
    """A faint empty slot on each empty grid place (not on the ``taken`` ones: their card is away
    for now)."""
    for name, box in ctx.layout.zones.items():
        if ctx.kinds.get(name.split("/")[0]) == "grid" and not ctx.board.zones.get(name) and name not in taken:
            gap = sprites.pile_slot(box.card_w, "", False).copy()
            gap.set_alpha(70)
            surface.blit(gap, gap.get_rect(center=(round(box.anchor[0]), round(box.anchor[1]))))


def draw_place_numbers(surface: pygame.Surface, ctx: TableContext, turned: set[str]) -> None:
    """A small badge on each place of a grid (``name/I`` shows I + 1), so "mid 3" in the history
    can be found (not on the ``turned`` places: a card face up there shows its own number)."""
    u = ctx.layout.u
    for name, box in ctx.layout.zones.items():
        if ctx.kinds.get(name.split("/")[0]) == "grid" and name not in turned:
            x, y = box.anchor
            r = max(8.0, 10 * u)
            centre = (round(x - box.card_w / 2 + r * 0.3), round(y - box.card_h / 2 + r * 0.3))
            pygame.draw.circle(surface, (14, 34, 24), centre, r)
            pygame.draw.circle(surface, hud.SOFT, centre, r, 1)
            label = ui.fit(ui.text(str(int(name.split("/")[1]) + 1), r * 1.3, ui.CREAM, bold=True), r * 1.6)
            surface.blit(label, label.get_rect(center=centre))
