"""Driving a scene with real pygame events, shared by the scene tests: clicks, drags, settling."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.app import App
from cardtable.table import TableScene


def settle(app: App, frames: int = 600) -> None:
    """Run frames until the table waits for a human (or another scene is on top)."""
    for _ in range(frames):
        app.frame(1 / 60)
        top = app.stack.top
        if not isinstance(top, TableScene):
            return
        if not top._busy() and not top.dirty and (top._my_turn() or top.session.is_over):
            return


def post(kind: int, **data: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def key(app: App, code: int) -> None:
    """Press ``code`` (a KEYDOWN, no modifiers) and run a frame."""
    post(pygame.KEYDOWN, key=code, mod=0)
    app.frame(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.frame(1 / 60)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """Press at ``start``, move there in steps (a frame each), release over ``end``."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.frame(1 / 60)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.frame(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.frame(1 / 60)
