"""The first window fits the screen (issue 14): the largest 16:10 size that leaves room for task
bars on fake desktops, ``--size`` winning, the last window's size and maximized state coming
back from the settings, and Windows' DPI-awareness hint set before the window opens."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pygame
import pytest

from cardtable import app as app_module
from cardtable.app import MIN_SIZE, App, first_window_size

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DESKTOPS = {(1366, 768): (1100, 688), (1920, 1080): (1555, 972), (3840, 2160): (3110, 1944)}


@pytest.mark.parametrize(("desktop", "expected"), DESKTOPS.items())
def test_the_first_size_is_the_largest_table_shape_that_fits(desktop, expected):
    width, height = first_window_size([desktop])
    assert (width, height) == expected
    assert abs(width / height - 1.6) < 0.01  # the table's shape
    assert height <= desktop[1] - 80 and width <= desktop[0] - 80  # room for a task bar and the title


def test_size_wins_and_nothing_is_smaller_than_the_minimum():
    assert first_window_size([(3840, 2160)], requested=(900, 600)) == (900, 600)
    assert first_window_size([(3840, 2160)], requested=(300, 200)) == MIN_SIZE
    assert first_window_size([(800, 600)]) == MIN_SIZE  # a tiny screen: the minimum still
    assert first_window_size([]) == (1280, 800)  # no desktop known
    assert first_window_size([(1366, 768)], remembered=(1600, 1000)) == (1230, 688)  # made to fit


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch, user_home: Path):
    def fake(size: tuple[int, int]) -> None:
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])

    return fake


@pytest.mark.parametrize(("size", "expected"), DESKTOPS.items())
def test_the_app_opens_at_the_size_that_fits_the_fake_desktop(desktop, size, expected):
    desktop(size)
    app = App()
    assert app.size == expected == app.window_surface.get_size()
    app.stack.clear()


def test_the_app_opens_at_the_size_asked_for(desktop):
    desktop((3840, 2160))
    app = App((900, 600))
    assert app.size == (900, 600) == app.window_surface.get_size()


def test_the_last_size_and_maximized_state_come_back(desktop, user_home):
    desktop((1920, 1080))
    app = App()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    pygame.time.set_timer(pygame.QUIT, 50, 1)
    assert app.run() == 0
    saved = json.loads((user_home / "settings.json").read_text(encoding="utf-8"))
    assert saved["window_size"] == [1000, 700] and saved["maximized"] is False

    again = App()
    assert again.size == (1000, 700)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1800, 950), w=1800, h=950))
    pygame.time.set_timer(pygame.QUIT, 50, 1)
    assert again.run() == 0
    saved = json.loads((user_home / "settings.json").read_text(encoding="utf-8"))
    assert saved["maximized"] is True and saved["window_size"] == [1000, 700]  # the size to restore to
    assert App((900, 600)).size == (900, 600)  # --size still wins


def test_a_damaged_window_size_is_set_aside_and_the_rest_kept(user_home):
    from cardtable.settings import load_settings

    (user_home / "settings.json").write_text(json.dumps({"window_size": [0, "x"], "colorblind": True}))
    settings, notice = load_settings()
    assert settings.window_size == [] and settings.colorblind is True
    assert notice is not None and "window_size: expected two whole numbers" in notice


def test_the_windows_dpi_hint_is_set_before_the_window_opens(monkeypatch, user_home):
    seen: list[str | None] = []
    real_init = pygame.init
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delenv(app_module.DPI_HINT[0], raising=False)
    monkeypatch.setattr(pygame, "init", lambda: (seen.append(os.environ.get(app_module.DPI_HINT[0])), real_init())[1])
    App((900, 600))
    assert seen[0] == "permonitorv2"
    monkeypatch.setenv(app_module.DPI_HINT[0], "system")  # the player's own choice wins
    App((900, 600))
    assert seen[-1] == "system"
