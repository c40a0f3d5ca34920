"""Tweens and a small animator: eased motion of any numeric attributes (a card's position,
rotation, flip), with velocity-based durations so long moves are not rushed.

Durations are divided by the player's animation speed (2.0 = twice as fast); in fast mode
(demo, tests) every animation lasts one frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Easing = Callable[[float], float]

FAST_DURATION = 0.0  # seconds: a fast-mode tween finishes on its first update


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


class Tween:
    """Moves ``target``'s attributes to the values in ``to`` over ``duration`` seconds, after
    ``delay``. Start values are read when the delay ends, so chained tweens follow on."""

    def __init__(
        self,
        target: Any,
        to: dict[str, float],
        duration: float,
        delay: float = 0.0,
        ease: Easing = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.target = target
        self.to = dict(to)
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.on_done = on_done
        self.elapsed = 0.0
        self.start: dict[str, float] | None = None
        self.done = False

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True once finished."""
        if self.done:
            return True
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
            self.delay = 0.0
        if self.start is None:
            self.start = {k: float(getattr(self.target, k)) for k in self.to}
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.finish()
            return True
        k = self.ease(self.elapsed / self.duration)
        for name, end in self.to.items():
            begin = self.start[name]
            setattr(self.target, name, begin + (end - begin) * k)
        return False

    def finish(self) -> None:
        """Jump to the end values and call ``on_done`` (once)."""
        if self.done:
            return
        for name, end in self.to.items():
            setattr(self.target, name, end)
        self.done = True
        if self.on_done is not None:
            self.on_done()


class Wait(Tween):
    """A pause that keeps the animator busy (a banner on screen, the look at revealed cards)."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(None, {}, duration, on_done=on_done)


class Animator:
    """The running tweens. ``busy`` while any runs; ``finish_all`` skips to the end."""

    def __init__(self, speed: float = 1.0, fast: bool = False) -> None:
        self.speed = speed
        self.fast = fast
        self.tweens: list[Tween] = []

    # ------------------------------------------------------------ timing
    def seconds(self, seconds: float) -> float:
        """A duration at the player's speed (``FAST_DURATION`` in fast mode)."""
        if self.fast:
            return FAST_DURATION
        return seconds / max(0.05, self.speed)

    def travel(self, distance: float, unit: float = 100.0) -> float:
        """How long a card takes to travel ``distance`` px (``unit``: a card width).

        Velocity-based, as in KPat: a short hop takes a fifth of a second, a move across
        the table about half a second, never more than 0.65 s at normal speed.
        """
        cards = distance / max(1.0, unit)
        return self.seconds(min(0.65, 0.16 + 0.14 * math.sqrt(max(0.0, cards))))

    # ----------------------------------------------------------- running
    def add(self, tween: Tween) -> Tween:
        """Start ``tween``; it takes over any running tween of the same attributes."""
        if tween.target is not None:
            for other in self.tweens:
                if other.target is tween.target and not other.done:
                    for name in tween.to:
                        if name in other.to and tween.delay <= 0:
                            other.to.pop(name)
                            if other.start is not None:
                                other.start.pop(name, None)
        self.tweens.append(tween)
        return tween

    def tween(
        self,
        target: Any,
        duration: float,
        delay: float = 0.0,
        ease: Easing = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
        **to: float,
    ) -> Tween:
        return self.add(Tween(target, to, duration, delay, ease, on_done))

    def wait(self, duration: float, on_done: Callable[[], None] | None = None) -> Tween:
        return self.add(Wait(duration, on_done))

    def update(self, dt: float) -> None:
        running = self.tweens
        self.tweens = []
        still = []
        for tween in running:
            if not tween.step(dt):
                still.append(tween)
        self.tweens = still + self.tweens  # tweens added by an on_done run next frame

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def moving(self, target: Any) -> bool:
        return any(t.target is target and t.to for t in self.tweens)

    def finish_all(self) -> None:
        """Skip ahead: every tween (and any started by an ``on_done``) jumps to its end."""
        for _round in range(100):
            if not self.tweens:
                return
            running, self.tweens = self.tweens, []
            for tween in running:
                tween.finish()

    def cancel(self, target: Any) -> None:
        """Stop the tweens of ``target`` where they are (no ``on_done``)."""
        self.tweens = [t for t in self.tweens if t.target is not target]
