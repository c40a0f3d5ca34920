"""The table's layout planner: how big the hands are kept, where the board stays for a deal and
how many rows of choice buttons the layout keeps, for the table as it is now (:class:`Planned`).

The scene holds one and asks it for a layout whenever the view, the window or the log changes;
the planner keeps what it must remember between two plans (the largest hand so far, the board's
place this deal) and nothing else.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from rules import Action

from .layout import TableLayout, unit
from .widgets.board import board_sizes

SQUEEZE = 0.3  # the least of a card's width a squeezed hand shows (its corner's letter and rank)


class Planned(Protocol):
    """What the planner reads of the table: the view and moves of the seat drawn, the window."""

    view: Any
    legal: list[Action]
    seat: int | None
    size: tuple[int, int]
    log: Any  # the match log: ``room(size)`` left of it while it is open
    state: Any
    ext: Any  # the composed widgets: ``layout_specs``, ``adjust_layout``

    @property
    def bottom_seat(self) -> int: ...


class LayoutPlanner:
    """Plans ``table``'s layout (``plan``) from the game's zone ``specs`` and the cards ``dealt``."""

    def __init__(self, table: Planned, specs: dict[str, dict[str, Any]], dealt: int) -> None:
        self.table = table
        self.specs = specs
        self.kinds = {name: spec.get("kind", "pile") for name, spec in specs.items()}
        self.dealt = dealt  # cards dealt to a hand (room kept from the start)
        self.hand_max = 0
        self.board_kept: tuple[tuple[int, tuple[int, int], int], pygame.Rect, int] | None = None  # pin

    def plan(self, facts: Any, before: TableLayout | None) -> TableLayout:
        """The layout for the table now, the board of ``facts`` in its corner (``before``: the
        layout shown, if any): a hand that grows squeezes in rather than move the board or the
        choice buttons, while its cards stay readable."""
        zones = self.table.view.zones
        biggest = max(
            [len(cards) for name, cards in zones.items() if self.kinds.get(name.split("/")[0]) == "hand"] or [0]
        )
        held = self.hand_max
        self.hand_max = max(self.hand_max, biggest + 1, self.dealt + 1, 5)
        pin = self._board_pin()
        layout = self._layout_for(self.hand_max, pin, facts)
        buttons_move = before is not None and before.size == layout.size and before.choices != layout.choices
        if (buttons_move or pin is not None and layout.board != pin[0]) and held < self.hand_max:
            # the hand grew: it squeezes in rather than move the board or the choice buttons
            kept = self._layout_for(held, pin, facts)
            if (pin is None or kept.board == pin[0]) and self._readable(kept, biggest):
                self.hand_max, layout = held, kept
        if layout.board is not None:
            self.board_kept = (self._board_key(), layout.board.copy(), layout.board_size)
        return layout

    def _layout_for(self, hand_max: int, pin: tuple[pygame.Rect, int] | None, facts: Any) -> TableLayout:
        table = self.table
        boards = any(kind == "board" for kind in self.kinds.values())
        layout = TableLayout(
            table.log.room(table.size),  # left of the match log while it is open
            table.state.players,
            table.bottom_seat,
            table.ext.layout_specs(self.specs),
            list(table.view.zones),
            hand_max,
            self.choice_rows(),
            board_sizes(facts, unit(table.size)) if boards else (),
            table.size[0],  # the top bar keeps the window's width and scale
            unit(table.size),
            pin,
        )
        table.ext.adjust_layout(layout)
        self.unown(layout)
        return layout

    def unown(self, layout: TableLayout) -> None:
        """Nobody's eyes (hot seat, between turns): the bottom seat's zones are not "yours"."""
        if self.table.seat is not None:
            return
        for name, box in layout.zones.items():
            spec = self.specs.get(name.split("/")[0])
            if box.mine and box.label and spec is not None:
                box.label = str(spec.get("label", spec.get("name", box.label)))

    @staticmethod
    def _readable(layout: TableLayout, count: int) -> bool:
        """Whether ``count`` cards squeezed into the viewer's hand still show each corner's index."""
        hands = [z for z in layout.zones.values() if z.fan]
        return all(count <= 1 or (z.span - z.card_w) / (count - 1) >= SQUEEZE * z.card_w for z in hands)

    def _board_key(self) -> tuple[int, tuple[int, int], int]:
        """What the board's place holds for: the deal in play, the room left of the log, the seats."""
        table = self.table
        return len(table.state.deal_results), tuple(table.log.room(table.size)), table.state.players

    def _board_pin(self) -> tuple[pygame.Rect, int] | None:
        """The board's place earlier in this deal: it keeps it for the deal (a ``board`` zone)."""
        kept = self.board_kept
        if kept is None or kept[0] != self._board_key():
            return None
        return kept[1].copy(), kept[2]

    def choice_rows(self) -> int:
        """Rows of choice buttons the layout keeps above the status line: one when some action is
        not a drag; always one with meld areas (they keep their place between turns)."""
        if any(kind == "melds" for kind in self.kinds.values()):
            return 1
        return 1 if any(a.source is None for a in self.table.legal) else 0
