"""The application: the window, the scene stack, the frame loop, toasts and the guard that
turns an unexpected error in a scene into a message and a log entry instead of a crash.

Loop per turn: events to the top scene (window resizes to every scene), ``update(dt)`` of the
top scene, then, only when something changed, draw the visible scenes bottom first with the
toast on top and flip, ``tick(60)``. When nothing needs a frame (no input, no scene change, the
top scene's :meth:`~cardtable.scene.Scene.needs_frame` False) the loop blocks on events until
the next due timer (a scene's :meth:`~cardtable.scene.Scene.next_due`, the toast's end): at rest
it draws nothing and costs nothing. When only small areas changed (a hover, the thinking cue:
the top scene's :meth:`~cardtable.scene.Scene.changed_rects`; a toast coming or going) the frame
is drawn clipped to them and only they are updated on the screen (``pygame.display.update``);
after a resize, a change of scenes or anything the scene cannot account for, the whole window.

The first window fits the desktop: the largest size of the table's preferred shape
(:data:`PREFERRED_SIZE`, 16:10) with room left for task bars (:func:`first_window_size`); a size
given with ``--size`` wins, and the last window's size, position and maximized state (kept in
the settings) come back. On Windows the process is DPI-aware (SDL's hint, set before the window
opens), so cards are drawn at the screen's real pixels instead of being scaled up and blurred;
on macOS the window is SDL's high-DPI one (``pygame.Window(allow_high_dpi=True)``): the table is
drawn at the drawable's real pixels and pointer events are mapped to them (:mod:`cardtable.screen`).
The window's size, position and maximized state are saved a moment after each move or resize
(:data:`PLACE_SAVE_DELAY`) and at quit.
The window never gets smaller than :data:`MIN_SIZE`; every scene is drawn at that size.
In demo mode the user data folder is sealed (:func:`cardtable.userfiles.seal`): no settings,
saves or log are read or written.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from typing import Any

import pygame

import rules

from . import routes, saves, screen, userfiles
from . import widgets as ui
from .scene import Route, Scene, SceneStack
from .settings import Settings, load_settings, save_settings
from .sounds import Sounds

CAPTION = "Cardtable"
TOAST_SECONDS = 3.0
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)
MIN_SIZE = (800, 560)  # every scene and every game's table is drawn at this size
PREFERRED_SIZE = (1280, 800)  # the table's shape (and its size where no desktop is known)
DPI_HINT = ("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # Windows: real pixels, no blurred scaling
HIGH_DPI_PLATFORMS = ("darwin",)  # a high-DPI window (Retina): drawn at the drawable's real pixels
PLACE_EVENTS = (*RESIZE_EVENTS, pygame.WINDOWMOVED, pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED)
PLACE_SAVE_DELAY = 0.75  # seconds after the last move or resize before the window's place is saved
FPS = 60
FRAME = 1.0 / FPS
LONGEST_REST = 30.0  # at rest the loop still wakes this often to run an update (it draws nothing)
# SDL has no blocking wait on these video drivers (SDL_WaitEventTimeout polls every 1 ms there):
# the rest sleeps in steps of REST_STEP instead, looking for an event between them.
POLLED_DRIVERS = ("dummy", "offscreen")
REST_STEP = 0.05


def wait_event(timeout: float) -> pygame.event.Event | None:
    """The next event, waiting at most ``timeout`` seconds (None: none came). Blocks in SDL where
    the video driver can; on a driver that cannot, sleeps in steps of :data:`REST_STEP`."""
    end = time.monotonic() + max(0.0, timeout)
    if pygame.display.get_driver() not in POLLED_DRIVERS:
        event = pygame.event.wait(max(1, round(timeout * 1000)))
        return None if event.type == pygame.NOEVENT else event
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return event
        left = end - time.monotonic()
        if left <= 0:
            return None
        time.sleep(min(left, REST_STEP))


def desktop_room(desktop: tuple[int, int]) -> tuple[int, int]:
    """What a window may take of a ``desktop`` (its size in pixels): room is left for a task
    bar or dock and the title bar (a tenth of the height, at least 80 px) and at the sides."""
    width, height = int(desktop[0]), int(desktop[1])
    return width - 2 * max(40, round(width * 0.05)), height - max(80, round(height * 0.1))


def first_window_size(
    desktops: list[tuple[int, int]], requested: tuple[int, int] | None = None, remembered: tuple[int, int] | None = None
) -> tuple[int, int]:
    """The size the window opens at: ``requested`` (``--size``) wins; else the ``remembered``
    one, made to fit the first desktop; else the largest size of :data:`PREFERRED_SIZE`'s shape
    that fits it (:func:`desktop_room`). Never smaller than :data:`MIN_SIZE`."""
    if requested is not None:
        return at_least_min(requested)
    room = desktop_room(desktops[0]) if desktops and min(desktops[0]) > 0 else None
    if remembered is not None:
        width, height = remembered
        if room is not None:
            width, height = min(width, room[0]), min(height, room[1])
        return at_least_min((width, height))
    if room is None:
        return PREFERRED_SIZE
    scale = min(room[0] / PREFERRED_SIZE[0], room[1] / PREFERRED_SIZE[1])
    return at_least_min((int(PREFERRED_SIZE[0] * scale), int(PREFERRED_SIZE[1] * scale)))


def desktop_sizes() -> list[tuple[int, int]]:
    """The desktops' sizes (``pygame.display.get_desktop_sizes``); [] when SDL cannot say."""
    try:
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except (pygame.error, AttributeError, TypeError, ValueError):
        return []


def set_window_icon(window: Any = None) -> None:
    """The window's icon: the 64 px PNG that ``python -m sprites.icon`` drew (absent: SDL's default);
    ``window``: a ``pygame.Window`` (else the display module's window)."""
    from importlib import resources

    try:
        with (resources.files("cardtable") / "assets" / "cardtable-64.png").open("rb") as handle:
            icon = pygame.image.load(handle, "cardtable-64.png")
        if window is not None:
            window.set_icon(icon)
        else:
            pygame.display.set_icon(icon)
    except (OSError, pygame.error, AttributeError):
        pass


class App:
    """Owns the window and the scenes. ``run()`` loops until ``quit()``; ``frame(dt)`` is one turn."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fast: bool = False,
        demo: str | None = None,
        players: int | None = None,
        seed: int | None = None,
        frames: int | None = None,
        high_dpi: bool | None = None,
    ) -> None:
        self.fast = fast
        # high_dpi: SDL's high-DPI window (default on macOS); elsewhere the display module's window
        self.high_dpi = sys.platform in HIGH_DPI_PLATFORMS if high_dpi is None else bool(high_dpi)
        self._high_window: Any = None
        self._fullscreen_now = False
        self._place_changed: float | None = None  # when the window last moved or resized, unsaved
        self.demo = demo
        #: A game whose lesson opens over the menu at the start (``cardtable --learn GAME``).
        self.learn_first: str | None = None
        self.demo_players = players
        self.demo_seed = seed
        self.frames_left = frames
        if demo is not None:
            userfiles.seal()  # the demo reads and writes nothing of the player's
        else:
            userfiles.unseal()
        if sys.platform == "win32":
            os.environ.setdefault(*DPI_HINT)  # read when the video subsystem starts
        pygame.init()
        pygame.display.set_caption(CAPTION)
        set_window_icon()
        userfiles.notices.clear()  # this run's notices only
        first_notice = 0
        self.settings: Settings
        self.settings, _notice = load_settings()
        self.apply_looks()
        saves.prepare()  # temporary files a kill left behind; the old single save moved
        userfiles.clean_temp(userfiles.home())
        self.sounds = Sounds(lambda: self.settings.sound, cache=userfiles.home() / "cache")
        remembered = self.settings.window_size if size is None and demo is None else []
        self.windowed_size = first_window_size(desktop_sizes(), size, tuple(remembered) if remembered else None)
        self.window_surface = self._open_window(self.windowed_size)
        self._set_minimum_size()
        self.maximized = False
        if size is None and demo is None:
            self._restore_place()
        self.size: tuple[int, int] = self.window_surface.get_size()
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.frames_drawn = 0  # frames drawn and flipped since the start
        self._redraw = True  # something changed that the screen does not show yet
        self._whole = True  # the next frame redraws the whole window (a scene change, a resize)
        self._toast_drawn: tuple[str, pygame.Rect] | None = None  # the toast the screen shows
        self.last_update: list[pygame.Rect] | None = None  # the last frame's updated areas (None: all)
        self._held: list[pygame.event.Event] = []  # the event that ended a rest
        self.running = False
        self.exit_code = 0
        self._toast: tuple[str, float] | None = None
        self._last_error: str | None = None
        self.toast_notices(first_notice)

    def toast_notices(self, first: int = 0) -> None:
        """Toast the notices about damaged files recorded since index ``first`` (one line)."""
        fresh = userfiles.notices[first:]
        if fresh:
            more = f" (and {len(fresh) - 1} more)" if len(fresh) > 1 else ""
            self.toast(userfiles.one_line(fresh[0], 160) + more)

    def _open_window(self, size: tuple[int, int], fullscreen: bool = False) -> pygame.Surface:
        """Open the window, or change it, at ``size`` (points) or fullscreen; returns the surface
        to draw on (the drawable's real pixels in a high-DPI window)."""
        self._fullscreen_now = fullscreen
        if not self.high_dpi:
            screen.set_scale(screen.ONE)
            if fullscreen:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        window = self._high_window
        if window is None:
            window = self._high_window = pygame.Window(CAPTION, size, resizable=True, allow_high_dpi=True)
            set_window_icon(window)
        if fullscreen:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            if tuple(window.size) != tuple(size):
                window.size = size
        return self._high_surface()

    def _high_surface(self) -> pygame.Surface:
        """The high-DPI window's surface now (it changes with the window) and its pixels per point."""
        surface = self._high_window.get_surface()
        screen.set_scale(screen.pixel_scale(self._high_window.size, surface.get_size()))
        return surface

    def present(self) -> None:
        """Show the frame drawn on the window's surface."""
        if self._high_window is not None:
            self._high_window.flip()
        else:
            pygame.display.flip()

    def _window(self) -> Any:
        """pygame-ce's Window of the display (None where it has none)."""
        if self._high_window is not None:
            return self._high_window
        try:
            # simplefilter inside catch_warnings, not catch_warnings(action=...): that keyword is 3.11+.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error, ValueError):
            return None

    def _restore_place(self) -> None:
        """Put the window where it was last time (when that place is on a desktop), maximized if it was."""
        window = self._window()
        if window is None:
            return
        place = self.settings.window_position
        desktops = desktop_sizes()
        if len(place) == 2 and desktops:
            x, y = place
            width = sum(w for w, _h in desktops)
            height = max(h for _w, h in desktops)
            if -self.windowed_size[0] // 2 < x < width - 80 and 0 <= y < height - 80:
                try:
                    window.position = (x, y)
                except (pygame.error, ValueError, TypeError):
                    pass
        if self.settings.maximized:
            try:
                window.maximize()
                self.maximized = True
            except pygame.error:
                pass

    def remember_window(self) -> bool:
        """Keep the window's size (the windowed one), position and maximized state in the
        settings; returns whether they changed."""
        if self.demo is not None:
            return False
        before = (list(self.settings.window_size), list(self.settings.window_position), self.settings.maximized)
        if not self.maximized and not self.settings.fullscreen:
            self.settings.window_size = [int(self.windowed_size[0]), int(self.windowed_size[1])]
            window = self._window()
            try:
                position = window.position if window is not None else None
            except (pygame.error, AttributeError):
                position = None
            if position is not None:
                self.settings.window_position = [int(position[0]), int(position[1])]
        self.settings.maximized = self.maximized
        return before != (self.settings.window_size, self.settings.window_position, self.settings.maximized)

    def _set_minimum_size(self) -> None:
        """Ask the window system to keep the window at least :data:`MIN_SIZE`."""
        try:
            self._window().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error, ValueError):
            pass

    def save_place_when_due(self, now: float | None = None) -> None:
        """A moment after the window last moved or resized, keep its place in the settings (a
        drag sends many events: one write once it ends)."""
        if self._place_changed is None:
            return
        now = time.monotonic() if now is None else now
        if now - self._place_changed < PLACE_SAVE_DELAY:
            return
        self._place_changed = None
        if self.remember_window():
            self.save_settings()

    # ------------------------------------------------------------- scenes
    def push(self, scene: Scene) -> None:
        self._redraw = self._whole = True
        self._guard(self.stack.push, scene)

    def back(self) -> Scene | None:
        """Close the top scene; the one below shows again."""
        self._redraw = self._whole = True
        return self._guard(self.stack.pop)

    pop = back  # the stack's own word (tests and tools say it)

    def replace(self, scene: Scene) -> None:
        self._redraw = self._whole = True
        self._guard(self.stack.replace, scene)

    def open(self, route: Route, *, replace: bool = False, **options: Any) -> Scene:
        """Open the scene named ``route`` (:mod:`cardtable.routes`) made with ``options``: pushed,
        or instead of the top scene with ``replace``. An error making it (a game's rules that
        cannot be loaded) reaches the caller, and nothing is opened."""
        scene = routes.make(self, route, **options)
        if replace:
            self.replace(scene)
        else:
            self.push(scene)
        return scene

    def to_menu(self) -> None:
        """Close every scene above the main menu (opening a menu if there is none)."""
        while len(self.stack.scenes) > 1:
            self.back()
        if not routes.is_menu(self.stack.top):
            self.open("menu", replace=True)

    def start(self) -> None:
        """The first scene: the main menu, or in demo mode a bots-only match at the table."""
        if self.demo is None:
            self.open("menu")
            if self.settings.fullscreen:
                self.set_fullscreen(True)
            if self.learn_first is not None:  # cardtable --learn GAME: its lesson over the menu
                from .learn import start_lesson

                start_lesson(self, self.learn_first)
            return
        from .bot_seats import bot_names
        from .session import Session

        game = rules.load_game(self.demo)
        players = self.demo_players or game.default_players
        seats = [{"name": name, "kind": "bot", "level": "normal"} for name in bot_names(players)]
        session = Session.new(self.demo, players, None, seats, self.demo_seed, {})
        self.open("table", session=session)

    # ---------------------------------------------------------------- misc
    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def toast(self, text: str) -> None:
        """Show ``text`` on top of any scene for a few seconds."""
        self._toast = (str(text).splitlines()[0] if str(text).strip() else "", time.monotonic() + TOAST_SECONDS)
        self._redraw = True

    @property
    def toast_text(self) -> str | None:
        if self._toast is None or time.monotonic() > self._toast[1]:
            return None
        return self._toast[0]

    def save_settings(self) -> None:
        problem = save_settings(self.settings)
        if problem:
            self.toast(problem)

    def apply_looks(self) -> None:
        """Draw with the card back and the felt the settings name, from the next frame on."""
        try:
            from sprites import looks
        except ImportError:  # no sprites: the default looks
            return
        looks.choose(self.settings.card_back, self.settings.table_colour)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and a resizable window; every scene follows the new size."""
        try:
            if on:
                if not self._fullscreen_now and not self.high_dpi:
                    self.windowed_size = self.size
                self.window_surface = self._open_window(self.windowed_size, fullscreen=True)
            else:
                self.window_surface = self._open_window(at_least_min(self.windowed_size))
                self._set_minimum_size()
        except pygame.error as exc:
            self.toast(f"Fullscreen is not available: {exc}")
            return
        self.settings.fullscreen = on
        self._resized(self.window_surface.get_size())

    # ---------------------------------------------------------------- loop
    def run(self) -> int:
        """The main loop; returns the exit code given to :meth:`quit`."""
        if not self.stack.scenes:
            self.start()
        self.running = True
        self.clock.tick()
        rested = False
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(dt if rested else min(dt, 0.1))  # after a rest: the time that really passed
            if self.frames_left is not None:
                self.frames_left -= 1
                if self.frames_left <= 0:
                    self.quit(0)
            rested = self.running and self.rest()
        if self.remember_window():
            self.save_settings()
        return self.exit_code

    def frame(self, dt: float) -> None:
        """One turn of the loop: events, update, and a drawn frame when something changed."""
        events, self._held = [*self._held, *pygame.event.get()], []
        if events or self.frames_left is not None:  # (--frames N draws N frames)
            self._redraw = True  # input: a hover, a press, a key (cheaper to draw than to tell)
        for event in events:
            self.dispatch(event)
        if self._toast is not None and time.monotonic() > self._toast[1]:
            self._toast = None  # its end is drawn
            self._redraw = True
        top = self.stack.top
        moving = self.needs_frame()
        if top is not None:
            self._guard(top.update, dt)
        if not self.stack.scenes:
            self.running = False
        if moving or self.needs_frame():
            self._redraw = False
            rects = None if self._whole or self._high_window is not None else self.changed_rects()
            if rects is None:
                self._whole = False
                self.draw()
                self.present()
            else:
                area = rects[0].unionall(rects[1:]).clip(self.window_surface.get_rect())
                self.window_surface.set_clip(area)
                try:
                    self.draw()
                finally:
                    self.window_surface.set_clip(None)
                pygame.display.update(area)
                rects = [area]
            self.last_update = rects
            self.frames_drawn += 1
        self.save_place_when_due()

    def changed_rects(self) -> list[pygame.Rect] | None:
        """The areas to redraw when only a few small ones changed (the top scene's
        :meth:`~cardtable.scene.Scene.changed_rects` and the toast's coming or going); None: the
        whole window (overlays are shown, the scene cannot say, or nothing changed that it knows)."""
        scenes = self.stack.visible()
        if len(scenes) != 1:
            return None
        rects = self._guard(scenes[0].changed_rects)
        if not isinstance(rects, list):
            return None
        rects = list(rects)
        toast = self._toast_now()
        if toast != self._toast_drawn:
            rects += [shown[1] for shown in (toast, self._toast_drawn) if shown is not None]
        return rects or None

    def needs_frame(self) -> bool:
        """Whether the next turn draws: something changed that the screen does not show yet, or
        the top scene has something moving."""
        if self._redraw:
            return True
        top = self.stack.top
        return top is not None and bool(self._guard(top.needs_frame))

    def next_due(self) -> float | None:
        """Seconds until something changes by itself: the top scene's timer, the toast's end."""
        dues = []
        top = self.stack.top
        if top is not None:
            due = self._guard(top.next_due)
            if isinstance(due, (int, float)):
                dues.append(float(due))
        if self._toast is not None:
            dues.append(self._toast[1] - time.monotonic())
        if self._place_changed is not None:
            dues.append(self._place_changed + PLACE_SAVE_DELAY - time.monotonic())
        return max(0.0, min(dues)) if dues else None

    def rest(self) -> bool:
        """When nothing needs a frame: block until an event arrives or something is due (a frame
        is drawn then), at most :data:`LONGEST_REST` (then only an update runs). Returns whether
        it waited."""
        if self.frames_left is not None or self.needs_frame() or pygame.event.peek():
            return False  # (a run of a given number of frames never rests: it measures them)
        due = self.next_due()
        if due is not None and due <= FRAME:
            self._redraw = True
            return False
        event = wait_event(LONGEST_REST if due is None else due)
        if event is not None:
            self._held.append(event)
        elif due is not None:
            self._redraw = True  # the timer came: what it ends or blinks is drawn
        return True

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: quit, window size, or the top scene."""
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            self.save_settings()
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.maximized = event.type == pygame.WINDOWMAXIMIZED
        if event.type in PLACE_EVENTS:
            self._place_changed = time.monotonic()
        if event.type in RESIZE_EVENTS:
            size = event.size if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self._resized(size)
            return
        top = self.stack.top
        if top is not None:
            self._guard(top.handle_event, screen.in_pixels(event, screen.scale()))

    def draw(self) -> None:
        surface = self.window_surface
        scenes = self.stack.visible()
        if not scenes:
            ui.draw_felt(surface)
        for scene in scenes:
            self._guard(scene.draw, surface)
        self._draw_toast(surface)

    def _resized(self, size: tuple[int, int]) -> None:
        if self._high_window is not None:
            self._high_resized()
            return
        fullscreen = self.window_surface.get_flags() & pygame.FULLSCREEN
        size = (max(1, int(size[0])), max(1, int(size[1]))) if fullscreen else at_least_min(size)
        if self.window_surface.get_size() != size and not fullscreen:
            self.window_surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._redraw = self._whole = True
        if self.window_surface.get_size() == self.size and all(s.size == self.size for s in self._sized_scenes()):
            return  # one resize arrives as several events: lay out once
        self.size = self.window_surface.get_size()
        if not fullscreen and not self.maximized:
            self.windowed_size = self.size
        self._relayout()

    def _high_resized(self) -> None:
        """The high-DPI window changed size: its new surface (real pixels); the windowed size
        kept in points (what the window is reopened at)."""
        window = self._high_window
        if not self._fullscreen_now and min(window.size) > 0 and tuple(window.size) != at_least_min(window.size):
            window.size = at_least_min(window.size)
        self.window_surface = self._high_surface()
        self._redraw = True
        if not self._fullscreen_now and not self.maximized:
            self.windowed_size = (int(window.size[0]), int(window.size[1]))
        if self.window_surface.get_size() == self.size and all(s.size == self.size for s in self._sized_scenes()):
            return
        self.size = self.window_surface.get_size()
        self._relayout()

    def _relayout(self) -> None:
        for scene in list(self.stack.scenes):
            self._guard(scene.resize, self.size)

    def _sized_scenes(self) -> list[Scene]:
        return [s for s in self.stack.scenes if hasattr(s, "size")]

    def _toast_now(self) -> tuple[str, pygame.Rect] | None:
        """The toast shown now and the box it takes (None: none)."""
        message = self.toast_text
        if not message:
            return None
        return message, self._toast_box(self._toast_image(message))

    def _toast_image(self, message: str) -> pygame.Surface:
        return ui.fit(ui.text(message, 24 * ui.unit(self.size), ui.CREAM, bold=True), self.size[0] * 0.9)

    def _toast_box(self, image: pygame.Surface) -> pygame.Rect:
        u = ui.unit(self.size)
        box = image.get_rect().inflate(round(40 * u), round(22 * u))
        box.midbottom = (self.size[0] // 2, self.size[1] - round(24 * u))
        return box

    def _draw_toast(self, surface: pygame.Surface) -> None:
        message = self.toast_text
        if not message:
            self._toast_drawn = None
            return
        image = self._toast_image(message)
        box = self._toast_box(image)
        self._toast_drawn = (message, box)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 24, 20, 225), veil.get_rect(), border_radius=box.height // 2)
        surface.blit(veil, box)
        pygame.draw.rect(surface, ui.GOLD, box, width=2, border_radius=box.height // 2)
        surface.blit(image, image.get_rect(center=box.center))

    # --------------------------------------------------------------- guard
    def _guard(self, call: Callable[..., Any], *args: Any) -> Any:
        """Run a scene hook; in play an unexpected error becomes a toast and a log entry.

        In demo mode errors propagate, so ``--demo`` exits 1 and CI notices.
        """
        if self.demo is not None:
            return call(*args)
        try:
            return call(*args)
        except Exception as exc:  # noqa: BLE001 - the last line of defence for the player
            self.report(exc)
            return None

    def report(self, exc: BaseException) -> None:
        """Toast ``exc`` and append its traceback to ``user_home()/cardtable.log`` (once per repeat)."""
        summary = f"{type(exc).__name__}: {exc}".splitlines()[0]
        self.toast(f"Something went wrong: {summary}")
        if summary == self._last_error:
            return
        self._last_error = summary
        write_log("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


def at_least_min(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` raised to :data:`MIN_SIZE` where smaller."""
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


def write_log(text: str) -> None:
    """Append ``text`` to the log file in the user folder; a log that cannot be written is
    skipped, and none is written in demo mode."""
    if userfiles.sealed():
        return
    try:
        home = userfiles.home()
        home.mkdir(parents=True, exist_ok=True)
        if userfiles.not_a_file(home / "cardtable.log"):  # a pipe there would wait for a reader for ever
            return
        with open(home / "cardtable.log", "a", encoding="utf-8") as handle:
            handle.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} (pid {os.getpid()})\n{text}\n")
    except OSError:
        pass
