"""The "Scores" button in the top bar of a table that keeps a score sheet between deals (a trick
or a meld table): the presenter's sheet of the deals played so far, over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import widgets as ui
from .base import Widget

if TYPE_CHECKING:
    from ..context import TableContext
    from ..layout import TableLayout


class ScoresWidget(Widget):
    """The Scores button, left of the table's Menu, Undo, Hint and Log."""

    kind = "scores"

    def __init__(self, ctx: TableContext, shortcut: bool = True) -> None:
        super().__init__(ctx)
        self.button = ui.Button(ctx.presenter.word("scores"), self.show_scores)
        self.button.shortcut = shortcut  # False: reached by Tab, its letter left to the choices

    def adjust_layout(self, layout: TableLayout) -> None:
        u, bar = layout.bar_u, layout.bar
        self.button.rect = pygame.Rect(0, 0, round(118 * u), max(24, bar.height - round(12 * u)))
        self.button.rect.midright = (bar.right - round(12 * u) - 4 * (round(96 * u) + round(10 * u)), bar.centery)

    def buttons(self) -> list[ui.Button]:
        self.button.enabled = bool(self.ctx.deals_played)
        return [self.button]
