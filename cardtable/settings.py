"""The player's preferences (animation speed, sound, colours, fullscreen), kept in
``user_home()/settings.json``. A missing file gives the defaults; a broken one gives the
defaults and a one-line notice, never a traceback."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from rules import user_home

SPEED_RANGE = (0.25, 4.0)
SPEEDS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0)


@dataclass
class Settings:
    """What the player chose in the settings scene."""

    animation_speed: float = 1.0
    sound: bool = True
    colorblind: bool = False
    fullscreen: bool = False
    show_reveal_history: bool = False


def settings_path() -> Path:
    return user_home() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a notice for the player (``None`` when all is well).

    Unknown keys are ignored and a bad value falls back to its default, so one stray entry
    never loses the others.
    """
    path = path or settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"Could not read your settings ({exc.strerror or exc}); using the defaults."
    try:
        data = json.loads(raw)
    except ValueError:
        return Settings(), "Your settings file was damaged; using the defaults."
    if not isinstance(data, dict):
        return Settings(), "Your settings file was damaged; using the defaults."
    settings = Settings()
    bad = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = _checked(f.name, data[f.name])
        if value is None:
            bad.append(f.name)
        else:
            setattr(settings, f.name, value)
    notice = f"Some settings were unreadable and reset: {', '.join(bad)}." if bad else None
    return settings, notice


def _checked(name: str, value: Any) -> Any:
    default = getattr(Settings(), name)
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        return float(min(SPEED_RANGE[1], max(SPEED_RANGE[0], value)))
    return None  # pragma: no cover - every field is a bool or a float


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns a message when the disk refused."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        return f"Could not save your settings: {exc.strerror or exc}"
    return None
