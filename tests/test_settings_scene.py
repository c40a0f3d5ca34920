"""The settings scene fits the window: every row's control inside the panel, and when the rows
are too short for their descriptions (twelve rows: at every size), the description of the row
pointed at (or focused) is read under the panel. Real pygame events under the dummy driver."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from pointer import post  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.scenes.settings_scene import SettingsScene  # noqa: E402


def drawn_help(settings: SettingsScene, app: App) -> str | None:
    """The text under the panel as the scene draws it (read back through blit_text)."""
    import cardtable.widgets as ui

    seen: list[tuple[str, tuple[float, float]]] = []
    real = ui.blit_text

    def spy(surface, s, size, color, pos, anchor="topleft", bold=False, max_width=None):  # type: ignore[no-untyped-def]
        seen.append((s, pos))
        return real(surface, s, size, color, pos, anchor, bold, max_width)

    ui.blit_text = spy
    try:
        settings.draw(app.window_surface)
    finally:
        ui.blit_text = real
    below = [s for s, (_, y) in seen if y > settings.panel.bottom]
    return below[0] if below else None


@pytest.mark.parametrize("size", [(800, 560), (1024, 700), (1920, 1080)])
def test_the_pointed_rows_description_is_read_under_the_panel(user_home: Path, size: tuple[int, int]) -> None:
    app = App(size, fast=True)
    try:
        settings = SettingsScene(app)
        app.push(settings)
        app.frame(1 / 60)
        assert settings.compact
        window = pygame.Rect((0, 0), app.size)
        for _, _, widget in settings.rows:
            assert settings.panel.contains(widget.rect) and window.contains(widget.rect)
        assert settings.panel.bottom + settings.px(30) <= settings.back_button.rect.top
        assert drawn_help(settings, app) == "Point at a setting to read what it does."
        label, description, widget = settings.rows[-1]
        post(pygame.MOUSEMOTION, pos=settings.lines[-1].midleft, rel=(0, 0), buttons=(0, 0, 0))
        app.frame(1 / 60)
        assert drawn_help(settings, app) == description
        post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
        app.frame(1 / 60)
        assert drawn_help(settings, app) == settings.rows[0][1]  # the focused row's, by keyboard
    finally:
        app.stack.clear()
