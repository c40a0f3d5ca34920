"""Hot-seat privacy: an opaque screen between two human seats. Nothing of the table shows
until the named player clicks "I am <name>"; then the scene closes and the table goes on.

Keys: Enter or Space = continue. Esc does nothing (the next player may not be looking yet);
the small "Leave to menu" button keeps the match in the autosave.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import widgets as ui
from . import ShellScene

if TYPE_CHECKING:
    from ..scene import Host


def card_fan(width: int) -> pygame.Surface | None:
    """Three card backs fanned out, face down: the hand waiting for its player."""
    try:
        from sprites.faces import card_back
    except ImportError:
        return None
    back = card_back(width)
    w, h = back.get_size()
    fan = pygame.Surface((w * 3, round(h * 1.25)), pygame.SRCALPHA)
    for angle, dx in ((14, -0.55), (0, 0.0), (-14, 0.55)):
        turned = pygame.transform.rotozoom(back, angle, 1.0)
        center = (fan.get_width() / 2 + dx * w, fan.get_height() / 2 + abs(dx) * h * 0.12)
        fan.blit(turned, turned.get_rect(center=center))
    return fan


class HandoffScene(ShellScene):
    """``Pass the computer to <seat_name>``; continuing pops this scene, then calls ``on_continue``."""

    overlay = False

    def __init__(self, app: Host, seat_name: str, on_continue: Callable[[], None]) -> None:
        super().__init__(app)
        self.seat_name = seat_name
        self.on_continue = on_continue
        self.continue_button = ui.Button(f"I am {seat_name} — show my cards", self.proceed, primary=True)
        self.menu_button = ui.Button("Leave to menu", self.app.to_menu)
        self.group.set([self.continue_button, self.menu_button])
        self.group.focus(self.continue_button)
        self._done = False
        self.layout()

    def proceed(self) -> None:
        if self._done:
            return
        self._done = True
        self.app.back()
        self.on_continue()

    def back(self) -> None:
        """Esc: stay here; only the named player's click shows the table."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in ui.ACTIVATE_KEYS
            and self.group.focused is not self.menu_button
        ):
            self.proceed()
            return
        super().handle_event(event)

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        self.panel = ui.centered(self.size, min(w - px(60), px(760)), min(h - px(60), px(480)))
        bw = min(self.panel.width - px(60), px(560))
        self.continue_button.rect = pygame.Rect(0, 0, bw, px(76))
        self.continue_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(40))
        self.menu_button.rect = pygame.Rect(0, 0, px(190), px(44))
        self.menu_button.rect.bottomright = (w - px(20), h - px(20))
        self.fan = card_fan(px(58))

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        px, u = self.px, self.u
        ui.draw_panel(surface, self.panel, radius=px(18))
        cx = self.panel.centerx
        line = ui.blit_text(
            surface, "Pass the computer to", 30 * u, ui.INK_SOFT, (cx, self.panel.top + px(44)), "midtop"
        )
        name = ui.blit_text(
            surface,
            self.seat_name,
            84 * u,
            ui.INK,
            (cx, line.bottom + px(18)),
            "midtop",
            bold=True,
            max_width=self.panel.width - px(60),
        )
        if self.fan is not None:
            room = pygame.Rect(
                self.panel.left,
                name.bottom,
                self.panel.width,
                self.continue_button.rect.top - px(22) - ui.line_height(22 * u) - name.bottom,
            )
            if room.height >= self.fan.get_height() * 0.8:
                surface.blit(self.fan, self.fan.get_rect(center=room.center))
        ui.blit_text(
            surface,
            "Everyone else, please look away.",
            22 * u,
            ui.INK_SOFT,
            (cx, self.continue_button.rect.top - px(22)),
            "midbottom",
        )
        self.group.draw(surface)
