"""The player's preferences (animation speed, sound, colours, fullscreen, the bots' thinking
time) and the window's last size, position and maximized state, kept in
``user_home()/settings.json``. A missing file gives the defaults; a damaged one is moved aside
with a one-line notice (the good values kept), never a traceback."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from . import userfiles
from .userfiles import Damaged

SPEED_RANGE = (0.25, 4.0)
MAX_SETTINGS_BYTES = 64 * 1024
SPEEDS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0)
WINDOW_RANGE = (-100_000, 100_000)  # a remembered window size or position, in pixels
# The table's hands and tricks: how your hand is sorted, how long a finished trick stays.
HAND_ORDERS = ("trump_right", "trump_left", "dealt")  # by suit with trump at the right / left; as dealt
TRICK_PAUSES = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0)  # seconds at normal speed
# How long cards turned up in a turn stay face up once that turn is over (a memory game's reveals).
REVEAL_STAYS = (2.0, 3.0, 5.0, 8.0)  # seconds at normal speed
CHOICES: dict[str, tuple[str, ...]] = {"hand_order": HAND_ORDERS}
RANGES: dict[str, tuple[float, float]] = {  # other numbers: SPEED_RANGE
    "trick_pause": (0.0, 10.0),
    "reveal_stays": (1.0, 30.0),
}
# Seconds a bot that thinks against a clock (``budget_ms``: the ``hard`` bots) may take over a
# decision; 0 leaves each game's own (0.3 to 1 s).
THINK_TIMES = (0.0, 0.1, 0.25, 0.5, 1.0)
NUMBER_CHOICES: dict[str, tuple[float, ...]] = {"bot_think_time": THINK_TIMES}


@dataclass
class Settings:
    """What the player chose in the settings scene."""

    animation_speed: float = 1.0
    sound: bool = True
    colorblind: bool = False
    fullscreen: bool = False
    show_reveal_history: bool = False
    window_size: list[int] = field(default_factory=list)  # [width, height] of the last window; []: none yet
    window_position: list[int] = field(default_factory=list)  # [x, y] of its top-left corner; []: unknown
    maximized: bool = False
    # the table's hands and tricks
    hand_order: str = "trump_right"
    high_cards_first: bool = False
    trick_pause: float = 1.0  # seconds a finished trick stays before it is gathered (normal speed)
    reveal_stays: float = 3.0  # seconds cards revealed in a turn stay face up after it (normal speed)
    # comforts: a forced move played for you, and the table's looks (ids of ``sprites.looks``)
    autoplay_forced: bool = False  # your only legal card play is played for you after a moment
    card_back: str = "default"
    table_colour: str = "green"
    # the bots: seconds a ``hard`` bot may think over a decision (one of THINK_TIMES; 0: the game's own)
    bot_think_time: float = 0.0


def bot_budget_ms(settings: Any) -> float | None:
    """The thinking time per decision (ms) the settings give the bots that take one (``budget_ms``);
    ``None``: each game's own (also for settings without the entry)."""
    seconds = getattr(settings, "bot_think_time", 0.0)
    return float(seconds) * 1000.0 if isinstance(seconds, (int, float)) and seconds > 0 else None


def choices(name: str) -> tuple[str, ...]:
    """The ids a choice setting may hold (``card_back``, ``table_colour``); () for any other."""
    try:
        from sprites import looks
    except ImportError:  # no sprites: only the defaults
        return (getattr(Settings(), name),) if name in ("card_back", "table_colour") else ()
    if name == "card_back":
        return tuple(looks.BACK_CHOICES)
    if name == "table_colour":
        return tuple(looks.FELT_CHOICES)
    return ()


def settings_path() -> Path:
    return userfiles.home() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a notice for the player (``None`` when all is well).

    Unknown keys are ignored (a newer version's). A file that is not a JSON object, or that
    holds a value of the wrong type or out of range, is moved aside with a one-line notice;
    the values that were good are kept and written back at once, so nothing else is lost.
    """
    path = path or settings_path()
    try:
        data = userfiles.read_json(path, MAX_SETTINGS_BYTES)
    except Damaged as exc:
        return Settings(), userfiles.set_aside(path, str(exc), "using the default settings")
    if data is None:
        return Settings(), None
    if not isinstance(data, dict):
        what = f"expected a JSON object of settings, got {type(data).__name__}"
        return Settings(), userfiles.set_aside(path, what, "using the default settings")
    settings = Settings()
    bad = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value, problem = _checked(f.name, data[f.name])
        if value is not None:
            setattr(settings, f.name, value)
        if problem:
            bad.append(f"{f.name}: {problem}")
    if not bad:
        return settings, None
    notice = userfiles.set_aside(path, ", ".join(bad), "the other settings were kept")
    save_settings(settings, path)
    return settings, notice


def _checked(name: str, value: Any) -> tuple[Any, str | None]:
    """The value to use (``None``: the default) and what was wrong with it."""
    default = getattr(Settings(), name)
    if name in CHOICES:
        allowed = CHOICES[name]
        if value in allowed:
            return value, None
        return None, f"expected one of {', '.join(allowed)}, got {userfiles.one_line(repr(value), 24)}"
    if name in NUMBER_CHOICES:
        allowed_numbers = NUMBER_CHOICES[name]
        if not isinstance(value, bool) and isinstance(value, (int, float)) and value in allowed_numbers:
            return float(value), None
        listed = ", ".join(f"{n:g}" for n in allowed_numbers)
        return None, f"expected one of {listed}, got {userfiles.one_line(repr(value), 24)}"
    if isinstance(default, list):  # a window's [width, height] or [x, y]
        lo, hi = WINDOW_RANGE
        if value == []:
            return [], None
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value)
        ):
            return None, f"expected two whole numbers, got {userfiles.one_line(repr(value), 24)}"
        if name == "window_size" and min(value) < 1:
            return None, f"expected a size of at least 1x1, got {value[0]}x{value[1]}"
        return list(value), None
    if isinstance(default, bool):
        return (value, None) if isinstance(value, bool) else (None, "expected true or false")
    if isinstance(default, str):  # one of a few named choices
        allowed = choices(name)
        if value in allowed:
            return value, None
        return None, f"expected one of {', '.join(allowed)}, got {userfiles.one_line(repr(value), 24)}"
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None, "expected a number"
        try:
            number = float(value)
        except OverflowError:
            return None, "a number out of range"
        if not math.isfinite(number):
            return None, "a number out of range"
        lo, hi = RANGES.get(name, SPEED_RANGE)
        if not lo <= number <= hi:
            return float(min(hi, max(lo, number))), f"{userfiles.one_line(repr(value), 24)} is outside {lo:g} to {hi:g}"
        return number, None
    return None, None  # pragma: no cover - every field is a choice, a bool, a float or a list


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings durably; returns a message when the disk refused."""
    path = path or settings_path()
    try:
        userfiles.write_json(path, asdict(settings), indent=2)
    except OSError as exc:
        return f"Could not save your settings: {exc.strerror or exc}"
    return None
