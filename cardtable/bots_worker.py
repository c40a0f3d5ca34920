"""Bots think off the frame: one worker thread computes ``bot.choose(view)`` while the table
keeps drawing; the table polls each frame and applies the answer after a natural pause.

A bot gets a read-only view (``state.view(seat)``), never the State. A request can be
dropped (after an undo, say): its answer, when it comes, is thrown away.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Request:
    """One question to a bot: who asked, for which seat, and when."""

    seat: int
    future: Future
    asked_at: float = field(default_factory=time.monotonic)
    tag: Any = None


class BotWorker:
    """A single worker thread; at most one question in flight."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self.clock = clock
        self.request: Request | None = None

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-bot")
        return self._pool

    def ask(self, seat: int, choose: Callable[[Any], str], view: Any, tag: Any = None) -> Request:
        """Start ``choose(view)`` on the worker; replaces (drops) any earlier request."""
        self.drop()
        future = self._executor().submit(choose, view)
        self.request = Request(seat, future, self.clock(), tag)
        return self.request

    @property
    def busy(self) -> bool:
        return self.request is not None

    def thinking(self, seat: int) -> bool:
        return self.request is not None and self.request.seat == seat

    def answer(self, delay: float = 0.0) -> tuple[Request, str | BaseException] | None:
        """The finished request and its answer (a text, or the exception the bot raised),
        once it is done and ``delay`` seconds have passed since it was asked; else None."""
        request = self.request
        if request is None or not request.future.done():
            return None
        if self.clock() - request.asked_at < delay:
            return None
        self.request = None
        error = request.future.exception()
        return request, (error if error is not None else request.future.result())

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current request is done (tests and demo mode only)."""
        if self.request is not None:
            try:
                self.request.future.result(timeout)
            except Exception:  # noqa: BLE001 - the answer() call reports it
                pass

    def drop(self) -> None:
        """Forget the request in flight; its thread finishes alone and is ignored."""
        if self.request is not None:
            self.request.future.cancel()
            self.request = None

    def close(self) -> None:
        self.drop()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
