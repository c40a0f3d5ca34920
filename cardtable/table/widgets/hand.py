"""Your hand at a trick table: the cards you may not play now are dimmed (dropped anyway, they go
home with the engine's reason), and while a selection is built in steps (an exchange: the select
mode, ``select_mode.py``, moves each clicked card between your hand and your row aside, a
per-seat ``spread`` zone laid out above your hand) the hand keeps a gap where each picked card
was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules import Action

from .. import trick_layout
from .base import Widget
from .select_mode import aside, toggles

if TYPE_CHECKING:
    from ..cards import CardSprite
    from ..context import TableContext
    from ..layout import TableLayout
    from ..zone_box import Slot


class HandWidget(Widget):
    """Dimmed cards and a selection picked card by card (see the module's words)."""

    kind = "hand"

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self._dim: tuple[list[Action] | None, frozenset[tuple[str, str]]] = (None, frozenset())
        self.home: list[str | None] | None = None  # your hand's order while cards are picked from it
        self.aside: str | None = None  # where picked cards go (your row above the hand)

    def text_of(self, action: Action) -> str | None:
        return None if action.card is None else self.ctx.deck.faces[action.card].text

    # ============================================================= layout
    def adjust_layout(self, layout: TableLayout) -> None:
        for name, spec in self.ctx.specs.items():  # your row of cards set aside, above your hand
            if spec.get("per_seat") and spec.get("kind") == "spread":
                trick_layout.place_aside(layout, f"{name}/{layout.bottom_seat}")

    def slot_shown(self, zone: str) -> bool:
        """Your row aside shows its empty place while a move of yours may go there (the exchange)."""
        base = zone.split("/")[0]
        spec = self.ctx.specs.get(base, {})
        if spec.get("per_seat") and spec.get("kind") == "spread":
            return zone == f"{base}/{self.ctx.seat}" and any(a.target == zone for a in self.ctx.legal)
        return True

    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        return self._hand_slots(zone, cards) if zone == self.ctx.my_hand else None

    def _hand_slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        """While cards are picked one by one (an exchange), your hand keeps a gap where each
        picked card was: the cards stay under the pointer from click to click."""
        ctx = self.ctx
        row = self.aside = aside(ctx) or self.aside  # (known from the legal actions, empty while a move plays)
        picked = ctx.board.zones.get(row or "", []) if row and row != zone else []
        if not picked and not toggles(ctx):
            self.home = None
            return None
        texts = [c.text for c in cards]
        both = texts + [c.text for c in picked]
        if self.home is None or sorted(map(str, self.home)) != sorted(map(str, both)):
            self.home = both  # the hand as it lay when picking began (picked cards at its end)
        box = ctx.board.layout.zones.get(zone)
        if box is None:
            return None
        spots = box.slots(len(self.home))
        free = list(range(len(self.home)))
        out = []
        for text in texts:
            index = next(i for i in free if self.home[i] == text)
            free.remove(index)
            out.append(spots[index])
        return out

    # ============================================================== board
    def _playable_zones(self) -> set[str]:
        """Zones the viewer plays from now: its hand and any zone a legal play takes from (a seatless place's)."""
        return {self.ctx.my_hand or "", *(a.source or "" for a in self.ctx.legal if a.kind == "play")}

    def dimmed(self, card: CardSprite) -> bool:
        legal = self.ctx.legal
        if not legal or card.text is None:
            return False
        if self._dim[0] is not legal:  # worked out once per list of legal actions
            self._dim = (legal, frozenset((a.source or "", self.text_of(a) or "") for a in legal if a.kind == "play"))
        playable = self._dim[1]
        if not playable or card.zone not in self._playable_zones():
            return False
        return (card.zone, card.text) not in playable
