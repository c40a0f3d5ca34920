"""The window remembered and crisp (issue 14 item 3, issue 10 item 7): its size, position and
maximized state saved a moment after a move or resize (not only at quit) and restored only where
they fit the desktop; the high-DPI window (macOS) drawn at the drawable's real pixels with the
pointer mapped onto them. Real pygame events under the dummy driver."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from cardtable import screen  # noqa: E402
from cardtable.app import MIN_SIZE, PLACE_SAVE_DELAY, App  # noqa: E402
from cardtable.scene import Scene  # noqa: E402


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch, user_home: Path):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    yield user_home
    screen.set_scale(screen.ONE)


@pytest.fixture
def high_dpi_app(desktop):
    """A high-DPI app at 1000x700; its window is destroyed after the test (one window at a time)."""
    app = App((1000, 700), high_dpi=True)
    yield app
    app.stack.clear()
    app._high_window.destroy()


def saved(home: Path) -> dict:
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


class Recorder(Scene):
    """A scene that keeps the pointer positions it was given."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seen: list[tuple[int, tuple[int, int]]] = []

    def handle_event(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self.seen.append((event.type, tuple(event.pos)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 80, 0))


# ---------------------------------------------------------------- mapping
def test_pixel_scale_and_the_pointer_mapped_to_the_drawables_pixels():
    assert screen.pixel_scale((1280, 800), (2560, 1600)) == (2.0, 2.0)
    assert screen.pixel_scale((1280, 800), (1280, 800)) == screen.ONE
    assert screen.pixel_scale((0, 800), (2560, 1600)) == screen.ONE  # a minimized window: no scale
    assert screen.pixel_scale((1000, 700), (1500, 1050)) == (1.5, 1.5)
    assert screen.to_pixels((640, 400), (2.0, 2.0)) == (1280, 800)
    assert screen.to_pixels((999, 699), (1.5, 1.5)) == (1498, 1048)  # the last point: still inside
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(3, -1), buttons=(1, 0, 0))
    mapped = screen.in_pixels(motion, (2.0, 2.0))
    assert (mapped.pos, mapped.rel, mapped.buttons) == ((20, 40), (6, -2), (1, 0, 0))
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert screen.in_pixels(key, (2.0, 2.0)) is key
    assert screen.in_pixels(motion, screen.ONE) is motion


def test_a_high_dpi_window_maps_real_clicks_to_its_pixels(high_dpi_app, monkeypatch):
    app = high_dpi_app
    assert app.high_dpi and app._high_window is not None
    assert app.size == (1000, 700) == app.window_surface.get_size()  # the dummy driver: 1 pixel per point
    scene = Recorder(app)
    app.push(scene)
    app.frame(0.016)
    drawn = app.frames_drawn
    assert drawn >= 1 and app.window_surface.get_at((5, 5))[:3] == (0, 80, 0)
    screen.set_scale((2.0, 2.0))  # as on a Retina screen: 2 pixels per point
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (30, 40))
    assert screen.pointer() == (60, 80)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(100, 50), button=1))
    app.frame(0.016)
    assert scene.seen[-2:] == [(pygame.MOUSEBUTTONDOWN, (200, 100)), (pygame.MOUSEBUTTONUP, (200, 100))]
    assert app.frames_drawn > drawn


def test_a_high_dpi_window_resizes_and_goes_fullscreen(high_dpi_app):
    app = high_dpi_app
    app.push(Recorder(app))
    app._high_window.size = (1100, 720)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 720), w=1100, h=720))
    app.frame(0.016)
    assert app.size == (1100, 720) == app.window_surface.get_size() and app.windowed_size == (1100, 720)
    app._high_window.size = (300, 200)  # below the minimum: raised to it
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    app.frame(0.016)
    assert app.size == MIN_SIZE
    app.set_fullscreen(True)
    app.set_fullscreen(False)
    assert app.size == MIN_SIZE and app.settings.fullscreen is False


# ------------------------------------------------------------ remembered
def test_the_place_is_saved_after_a_resize_or_move_without_quitting(desktop):
    app = App()
    app.push(Recorder(app))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    app.frame(0.016)
    assert not (desktop / "settings.json").exists()  # a drag sends many events: not yet
    assert 0 < app.next_due() <= PLACE_SAVE_DELAY  # the rest wakes up for it
    app.save_place_when_due(time.monotonic() + PLACE_SAVE_DELAY)
    assert saved(desktop)["window_size"] == [1000, 700]
    window = app._window()
    window.position = (120, 90)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMOVED, x=120, y=90))
    app.frame(0.016)
    app.save_place_when_due(time.monotonic() + PLACE_SAVE_DELAY)
    assert saved(desktop)["window_position"] == [120, 90]
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    app.frame(0.016)
    app.save_place_when_due(time.monotonic() + PLACE_SAVE_DELAY)
    assert saved(desktop)["maximized"] is True and saved(desktop)["window_size"] == [1000, 700]


def test_a_place_off_the_desktop_is_not_restored(desktop):
    (desktop / "settings.json").write_text(json.dumps({"window_size": [1000, 700], "window_position": [150, 60]}))
    app = App()
    assert app.size == (1000, 700) and tuple(app._window().position) == (150, 60)
    (desktop / "settings.json").write_text(json.dumps({"window_size": [3000, 2000], "window_position": [5000, 60]}))
    app = App()
    assert app.size == (1728, 972)  # made to fit the 1920x1080 desktop
    assert tuple(app._window().position) != (5000, 60)  # off every desktop: left where SDL put it
