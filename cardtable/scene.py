"""Scenes, the scene stack, and what a scene may ask of the app (:class:`Host`).

A scene never imports another scene nor the app: it opens one by its route's name through its
host (``self.app.open("rules", game_id=...)``; :mod:`cardtable.routes` is the one module that
knows the scenes), and goes back with ``self.app.back()``. So the shell's scenes and the table
depend on this module, not on each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

import pygame

if TYPE_CHECKING:
    from .settings import Settings
    from .sounds import Sounds

#: The scenes a scene may open by name (what each takes: :mod:`cardtable.routes`).
Route = Literal["menu", "new-game", "table", "rules", "stats", "settings", "handoff", "result"]


class Host(Protocol):
    """The app as its scenes see it (:class:`cardtable.app.App` in play): the window's size, the
    settings, sounds, the stack's verbs and a toast. Nothing else of the app is a scene's."""

    size: tuple[int, int]
    settings: Settings
    sounds: Sounds
    fast: bool  # animations skipped (tests, the fast demo)
    demo: str | None  # the game of a bots-only demo, else None
    stack: SceneStack

    def push(self, scene: Scene) -> None:
        """Show ``scene`` over the top one."""

    def replace(self, scene: Scene) -> None:
        """Show ``scene`` instead of the top one."""

    def back(self) -> Scene | None:
        """Close the top scene (the one below shows again); returns it."""

    def open(self, route: Route, *, replace: bool = False, **options: Any) -> Scene:
        """Make the scene named ``route`` with ``options`` and push it (or put it instead of the
        top one); an error making it reaches the caller, nothing is opened then."""

    def to_menu(self) -> None:
        """Close every scene above the main menu."""

    def toast(self, text: str) -> None:
        """Say ``text`` for a few seconds over any scene."""

    def toast_notices(self, first: int = 0) -> None:
        """Toast the notices about damaged files recorded since index ``first``."""

    def save_settings(self) -> None:
        """Write the settings (a problem is a toast)."""

    def apply_looks(self) -> None:
        """Draw with the card back and felt the settings name."""

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen or a window."""

    def quit(self, code: int = 0) -> None:
        """End the app with ``code``."""


class Scene:
    """One screen. Subclasses override the hooks they need.

    ``handle_event`` gets real pygame events; ``update(dt)`` advances animation (seconds);
    ``draw(surface)`` paints the whole window; ``resize(size)`` follows the window.

    The app draws only when something changed: after input, a resize or a change of scenes,
    while the top scene's :meth:`needs_frame` says something moves, and when its
    :meth:`next_due` timer comes. Otherwise it blocks on events and draws nothing.
    """

    #: Draw the scene below this one first (for overlays such as dialogs).
    overlay = False

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when another scene covers this one or it is popped."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def needs_frame(self) -> bool:
        """Whether something moves or is about to (an animation, a drag, a bot to answer): the
        app then updates and draws at the full frame rate. A scene that only changes on input
        keeps the default, False."""
        return False

    def next_due(self) -> float | None:
        """Seconds until the scene changes by itself (a message's end, a caret's blink); the
        app then updates and draws once. None: nothing is due."""
        return None

    def changed_rects(self) -> list[pygame.Rect] | None:
        """What changed on screen since the scene's last drawn frame, when only a few small
        areas did (a hover, a glow): the app then redraws and updates only those. [] when
        nothing did; None (the default) when it cannot say: the whole window is redrawn."""
        return None


class SceneStack:
    """push / pop / replace, with enter/leave calls in the right order."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any overlays under it."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return list(reversed(out))
