"""The small in-table menu behind Esc: Resume, Rules, Menu (the match stays saved), Quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import widgets as ui


class TableMenu:
    """A modal panel over the table; ``open`` while shown. Esc or Resume closes it."""

    def __init__(self, on_rules: Callable[[], None], on_menu: Callable[[], None], on_quit: Callable[[], None]) -> None:
        self.open = False
        self.resume = ui.Button("Resume", self.close, primary=True)
        self.buttons = [
            self.resume,
            ui.Button("Rules", on_rules),  # stays open under the rules: their Back comes back here
            ui.Button("Menu (the game stays saved)", self._then(on_menu)),
            ui.Button("Quit", self._then(on_quit)),
        ]
        self.group = ui.FocusGroup(self.buttons)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()

        return run

    def show(self) -> None:
        self.open = True
        self.group.focus(self.resume)

    def close(self) -> None:
        self.open = False

    def layout(self, size: tuple[int, int], u: float) -> None:
        bw, bh, gap = round(340 * u), round(54 * u), round(14 * u)
        height = len(self.buttons) * (bh + gap) + round(90 * u)
        self.panel = ui.centered(size, bw + round(60 * u), height)
        top = self.panel.top + round(70 * u)
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midtop = (self.panel.centerx, top + i * (bh + gap))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.group.handle_event(event)

    def draw(self, surface: pygame.Surface, u: float) -> None:
        ui.shade(surface, 140)
        ui.draw_panel(surface, self.panel, ui.CREAM, ui.GOLD, radius=round(16 * u))
        ui.blit_text(
            surface, "Paused", 34 * u, ui.INK, (self.panel.centerx, self.panel.top + round(20 * u)), "midtop", bold=True
        )
        self.group.draw(surface)
