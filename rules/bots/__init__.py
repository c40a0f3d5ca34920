"""Bots: each plays one seat from that seat's view (and the events it was shown) only.

``make_bot(game_id, level, seat, seed)`` returns a :class:`Bot`. The registry maps
(game, level) to a class; a missing level falls back to the next weaker one, then to
``random`` — so every game has every level name, honestly documented in ``describe``.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..actions import Event

LEVELS = ("random", "easy", "normal", "hard")

# (game id, level) -> "module:Class" under rules.bots
REGISTRY: dict[tuple[str, str], str] = {
    ("try", "easy"): "try_bot:TryEasyBot",
    ("try", "normal"): "try_bot:TryNormalBot",
    ("tribello", "normal"): "trick_bot:TrickNormalBot",
    ("troeven", "normal"): "trick_bot:TrickNormalBot",
    ("trio", "easy"): "trio_bot:TrioEasyBot",
    ("trio", "normal"): "trio_bot:TrioNormalBot",
    ("trio", "hard"): "trio_bot:TrioHardBot",
}


class Bot:
    """Base bot: ``observe`` the events shown to its seat, ``choose`` an action text."""

    level = "random"

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        self.game_id = game_id
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, events: list[Event]) -> None:
        """Events as this seat may see them (``rules.events_for``); default: ignore."""

    def choose(self, view: dict[str, Any]) -> str:
        """The text of one legal action, from ``view["legal"]``."""
        legal = view["legal"]
        return legal[int(self.rng.random() * len(legal))]


class RandomBot(Bot):
    level = "random"


def _base_game(game_id: str) -> str:
    try:  # a user's house-rule game uses its base game's bots
        from ..registry import load_game

        return load_game(game_id).config.extends or game_id
    except Exception:  # noqa: BLE001 - an unknown game simply gets the random bot
        return game_id


def levels_for(game_id: str) -> list[str]:
    """The levels that really have a bot of their own for ``game_id`` (``random`` always)."""
    base_id = _base_game(game_id)
    return [level for level in LEVELS if level == "random" or (base_id, level) in REGISTRY]


def bot_class(game_id: str, level: str) -> type[Bot]:
    base_id = _base_game(game_id)
    order = LEVELS[: LEVELS.index(level) + 1] if level in LEVELS else ("random",)
    for candidate in reversed(order):
        target = REGISTRY.get((base_id, candidate))
        if target:
            module_name, cls_name = target.split(":")
            module = importlib.import_module(f"rules.bots.{module_name}")
            return getattr(module, cls_name)
    return RandomBot


def make_bot(game_id: str, level: str, seat: int, seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``seat``; raises ValueError for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot {level!r} (expected one of {', '.join(LEVELS)})")
    return bot_class(game_id, level)(game_id, seat, seed)
