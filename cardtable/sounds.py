"""Table sounds, synthesized once at start-up (no audio files to ship or license).

A card sliding, a card turned up, a trick gathered, a refused move, a fanfare. Played only
while ``settings.sound`` is on; silently absent when the mixer cannot start.
"""

from __future__ import annotations

import array
import math
import random
from collections.abc import Callable

import pygame

# Engine event kind -> sound name.
EVENT_SOUNDS = {
    "move": "slide",
    "flip": "snap",
    "reveal": "snap",
    "trick_won": "gather",
    "match_over": "fanfare",
}


def _tone(rate: int, seconds: float, shape: Callable[[float], float]) -> list[float]:
    return [shape(i / rate) for i in range(int(rate * seconds))]


def _noise(rate: int, seconds: float, decay: float, smooth: float, seed: int) -> list[float]:
    """Low-passed noise with an exponential decay: the rustle of a card on felt."""
    rng = random.Random(seed)
    out, level = [], 0.0
    for i in range(int(rate * seconds)):
        level += smooth * (rng.uniform(-1.0, 1.0) - level)
        out.append(level * math.exp(-decay * i / rate))
    return out


def _notes(rate: int, freqs: list[float], each: float) -> list[float]:
    out: list[float] = []
    for freq in freqs:
        out += _tone(rate, each, lambda t, f=freq: math.sin(2 * math.pi * f * t) * math.exp(-5 * t))
    return out


def _shapes(rate: int) -> dict[str, list[float]]:
    return {
        "slide": _noise(rate, 0.12, 28.0, 0.35, 1),
        "snap": _noise(rate, 0.05, 90.0, 0.8, 2),
        "gather": _noise(rate, 0.22, 14.0, 0.25, 3),
        "refuse": _tone(rate, 0.14, lambda t: math.sin(2 * math.pi * 150 * t) * math.exp(-18 * t)),
        "fanfare": _notes(rate, [523.25, 659.25, 783.99], 0.16),
    }


class Sounds:
    """The table's sounds; ``play(name)`` does nothing when sound is off or unavailable."""

    def __init__(self, enabled: Callable[[], bool], volume: float = 0.35) -> None:
        self._enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            init = pygame.mixer.get_init()
        except pygame.error:
            return
        if not init or init[1] != -16:  # only signed 16-bit buffers are built here
            return
        rate, _size, channels = init
        for name, samples in _shapes(rate).items():
            peak = max(1e-9, max(abs(s) for s in samples))
            pcm = array.array("h", (int(s / peak * 32767 * volume) for s in samples for _ in range(channels)))
            try:
                self._sounds[name] = pygame.mixer.Sound(buffer=pcm.tobytes())
            except pygame.error:
                return

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is not None and self._enabled():
            sound.play()

    def for_event(self, kind: str) -> None:
        name = EVENT_SOUNDS.get(kind)
        if name:
            self.play(name)
