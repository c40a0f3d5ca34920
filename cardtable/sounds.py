"""Table sounds, synthesized (no audio files to ship or license), never at start-up.

A card sliding, a card turned up, a trick gathered, a refused move, a fanfare. Played only
while ``settings.sound`` is on; silently absent when the mixer cannot start.

Synthesizing them sample by sample takes ~80 ms, so nothing is built before the first frame:
the first sound played reads them all from a cache file in the user data folder (~180 KB,
``cache/sounds-*.pcm``, written the first time); without a cache file (``--demo``, whose
user data folder is sealed, or no cache path given) each sound is synthesized when first played.
"""

from __future__ import annotations

import array
import json
import math
import random
from collections.abc import Callable
from pathlib import Path

import pygame

from . import userfiles

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


SHAPES: dict[str, Callable[[int], list[float]]] = {
    "slide": lambda rate: _noise(rate, 0.12, 28.0, 0.35, 1),
    "snap": lambda rate: _noise(rate, 0.05, 90.0, 0.8, 2),
    "gather": lambda rate: _noise(rate, 0.22, 14.0, 0.25, 3),
    "refuse": lambda rate: _tone(rate, 0.14, lambda t: math.sin(2 * math.pi * 150 * t) * math.exp(-18 * t)),
    "fanfare": lambda rate: _notes(rate, [523.25, 659.25, 783.99], 0.16),
}
#: Change when a shape above changes: the cache file's name carries it, so old caches are ignored.
SYNTH_VERSION = 1
CACHE_LIMIT = 4 * 1024 * 1024


def _shapes(rate: int) -> dict[str, list[float]]:
    return {name: shape(rate) for name, shape in SHAPES.items()}


def pcm(samples: list[float], channels: int, volume: float) -> bytes:
    """Signed 16-bit native-order PCM, normalized to ``volume`` of full scale, each sample on every channel."""
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 32767 * volume / peak
    mono = array.array("h", [int(s * scale) for s in samples])
    if channels == 1:
        return mono.tobytes()
    out = array.array("h", bytes(len(mono) * 2 * channels))
    for channel in range(channels):
        out[channel::channels] = mono
    return out.tobytes()


def cache_path(folder: Path, rate: int, channels: int, volume: float) -> Path:
    return Path(folder) / f"sounds-v{SYNTH_VERSION}-{rate}-{channels}-{round(volume * 1000)}.pcm"


def encode_cache(buffers: dict[str, bytes]) -> bytes:
    """One JSON header line ``{"name": length, ...}``, then the buffers in that order."""
    header = json.dumps({name: len(data) for name, data in buffers.items()}).encode("utf-8")
    return header + b"\n" + b"".join(buffers.values())


def decode_cache(data: bytes) -> dict[str, bytes] | None:
    """The buffers of a cache file; ``None`` when it is not a whole one (then it is rebuilt)."""
    head, sep, body = data.partition(b"\n")
    try:
        lengths = json.loads(head.decode("utf-8")) if sep else None
    except (UnicodeDecodeError, ValueError):
        return None
    if (
        not isinstance(lengths, dict)
        or set(lengths) != set(SHAPES)
        or not all(type(n) is int and n > 0 and n % 2 == 0 for n in lengths.values())
        or sum(lengths.values()) != len(body)
    ):
        return None
    buffers, at = {}, 0
    for name, n in lengths.items():
        buffers[name] = body[at : at + n]
        at += n
    return buffers


class _Lazy(dict):
    """name -> ``pygame.mixer.Sound``, each built on first lookup (``sounds._sounds[name]``)."""

    def __init__(self, build: Callable[[str], object]) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, name: str) -> object:
        sound = self._build(name)
        self[name] = sound
        return sound


class Sounds:
    """The table's sounds; ``play(name)`` does nothing when sound is off or unavailable.

    ``cache``: the folder for the cache file (the app passes ``<user data>/cache``); reading
    and writing it go through :mod:`cardtable.userfiles`, so a sealed ``--demo`` touches nothing.
    """

    def __init__(self, enabled: Callable[[], bool], volume: float = 0.35, cache: Path | None = None) -> None:
        self._enabled = enabled
        self._volume = volume
        self._cache = cache
        self._cached: dict[str, bytes] | None = None
        self._cache_tried = False
        self._format: tuple[int, int] | None = None
        self._sounds = _Lazy(self._build)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            init = pygame.mixer.get_init()
        except pygame.error:
            return
        if not init or init[1] != -16:  # only signed 16-bit buffers are built here
            return
        self._format = (init[0], init[2])

    @property
    def available(self) -> bool:
        return self._format is not None

    def _buffers_from_cache(self) -> dict[str, bytes] | None:
        """Every sound's PCM from the cache file, or synthesized once and written there."""
        if self._cache_tried:
            return self._cached
        self._cache_tried = True
        if self._cache is None or self._format is None or userfiles.sealed():
            return None
        rate, channels = self._format
        path = cache_path(self._cache, rate, channels, self._volume)
        try:
            data = userfiles.read_bytes(path, CACHE_LIMIT)
        except userfiles.Damaged:
            data = None
        buffers = decode_cache(data) if data is not None else None
        if buffers is None:
            buffers = {name: pcm(shape(rate), channels, self._volume) for name, shape in SHAPES.items()}
            try:
                userfiles.write_bytes(path, encode_cache(buffers))
            except OSError:
                pass  # a read-only folder: synthesize again next start
        self._cached = buffers
        return buffers

    def _build(self, name: str) -> object:
        if self._format is None or name not in SHAPES:
            return None
        buffers = self._buffers_from_cache()
        if buffers is not None:
            data = buffers[name]
        else:
            rate, channels = self._format
            data = pcm(SHAPES[name](rate), channels, self._volume)
        try:
            return pygame.mixer.Sound(buffer=data)
        except pygame.error:
            return None

    def play(self, name: str) -> None:
        if self._format is None or not self._enabled():
            return
        sound = self._sounds[name] if name in SHAPES or name in self._sounds else None
        if sound is not None:
            sound.play()

    def for_event(self, kind: str) -> None:
        name = EVENT_SOUNDS.get(kind)
        if name:
            self.play(name)
