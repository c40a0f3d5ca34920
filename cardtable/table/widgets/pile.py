"""The won piles of a trick table (a seat's public ``stack``): the tricks won lie face down (a
gathered trick turns over on its way) and show no empty place; the pointer over one shows the
last trick (drawn by the trick widget, ``trick.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Widget

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext


class PileWidget(Widget):
    """The won piles (see the module's words)."""

    kind = "pile"

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.over: str | None = None  # the won pile under the pointer

    def _won_pile(self, zone: str) -> bool:
        """A seat's public stack: where its tricks won go."""
        spec = self.ctx.specs.get(zone.split("/")[0], {})
        return bool(spec.get("per_seat")) and spec.get("kind") == "stack" and spec.get("visibility") == "public"

    def face_up(self, card: CardSprite) -> bool | None:
        if self._won_pile(card.zone):
            return card.flying  # tricks won lie face down; a gathered trick turns over on its way
        return None

    def slot_shown(self, zone: str) -> bool:
        return not self._won_pile(zone)

    def hover(self, pos: tuple[int, int]) -> None:
        self.over = None
        for name, cards in self.ctx.board.zones.items():
            if name.startswith("won/") and cards and any(c.rect().collidepoint(pos) for c in cards[:1]):
                self.over = name
