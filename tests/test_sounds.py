"""Table sounds: synthesized at start-up, played on engine events only while sound is on."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from cardtable.sounds import EVENT_SOUNDS, Sounds  # noqa: E402


class Recorder:
    def __init__(self) -> None:
        self.played = 0

    def play(self) -> None:
        self.played += 1


def make(enabled: list[bool]) -> Sounds:
    pygame.init()
    sounds = Sounds(lambda: enabled[0])
    assert sounds.available, "the dummy audio driver gives a mixer: every sound should be built"
    return sounds


def test_every_event_sound_is_synthesized_with_audible_samples() -> None:
    sounds = make([True])
    for name in set(EVENT_SOUNDS.values()) | {"refuse"}:
        raw = sounds._sounds[name].get_raw()
        assert len(raw) > 1000 and raw.strip(b"\x00"), name


def test_sounds_play_only_while_the_setting_is_on() -> None:
    enabled = [True]
    sounds = make(enabled)
    recorder = Recorder()
    sounds._sounds["slide"] = recorder  # type: ignore[assignment]
    sounds.for_event("move")
    enabled[0] = False
    sounds.for_event("move")
    sounds.for_event("no such event")
    assert recorder.played == 1
