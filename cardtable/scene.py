"""Scenes and the scene stack: the app shows the top scene; scenes push, pop or replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


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

    def __init__(self, app: App) -> None:
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
