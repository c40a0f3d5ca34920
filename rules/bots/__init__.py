"""Bots: each plays one seat from that seat's view (and the events it was shown) only.

``make_bot(game_id, level, seat, seed)`` returns a :class:`Bot`. A game's spec names its bots by
level (``GameSpec.bots``; a house-rule game uses its base game's); a missing level falls back to
the next weaker one, then to ``random`` — so every game has every level name, honestly
documented in ``describe``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import Event
from ..errors import RulesError
from ..game import BOT_LEVELS
from ..plugins import resolve
from ..view import View

if TYPE_CHECKING:
    from ..game import Game

LEVELS = BOT_LEVELS


@dataclass(frozen=True)
class Advice:
    """A bot's suggestion for a player's hint: the action's text and a one-line reason a player
    can read, the fact that decides it ("the 10 is the cheapest card that takes the trick"), never
    the move again nor a card's code; ``reason`` is empty when the bot has none to give."""

    action: str
    reason: str = ""


class Bot:
    """Base bot: ``observe`` the events shown to its seat, ``choose`` an action text."""

    level = "random"

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        self.game_id = game_id
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, events: list[Event]) -> None:
        """Events as this seat may see them (``rules.events_for``); default: ignore."""

    def choose(self, view: View) -> str:
        """The text of one legal action, from ``view.legal``."""
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

    def advise(self, view: View) -> Advice:
        """The move this bot would make, with its reason (for the table's hint). Bots that can say
        why override this; the default gives ``choose``'s move and no reason."""
        return Advice(self.choose(view))


class RandomBot(Bot):
    level = "random"


def _bots(game_id: str) -> Mapping[str, str]:
    """The game's bots by level, from its spec (a house-rule game's spec is its base game's)."""
    try:
        from ..registry import load_game

        spec = load_game(game_id).spec
    except RulesError:  # an unknown game simply gets the random bot
        return {}
    return spec.bots if spec is not None else {}


def levels_for(game_id: str) -> list[str]:
    """The levels that really have a bot of their own for ``game_id`` (``random`` always)."""
    bots = _bots(game_id)
    return [level for level in LEVELS if level == "random" or level in bots]


def bot_class(game_id: str, level: str) -> type[Bot]:
    """The class of ``level``'s bot, else of the next weaker level the game has; raises ImportError
    when the module named for that level cannot be loaded."""
    bots = _bots(game_id)
    order = LEVELS[: LEVELS.index(level) + 1] if level in LEVELS else ("random",)
    for candidate in reversed(order):
        target = bots.get(candidate)
        if target:
            try:
                return resolve(target)
            except RulesError as exc:
                raise ImportError(f"{game_id} {candidate} bot: {exc}") from None
    return RandomBot


def bot_seed(match_seed: int, seat: int) -> int:
    """A bot's own generator seed at the table: from the match seed, never the match's generator."""
    return (match_seed * 7919 + (seat + 1) * 104729) % (1 << 32)


def make_bot(game_id: str, level: str, seat: int, seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``seat``; raises ValueError for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot {level!r} (expected one of {', '.join(LEVELS)})")
    return bot_class(game_id, level)(game_id, seat, seed)


def brief(game: Game, record: Mapping[str, Any], bots: Mapping[int, Bot]) -> bool:
    """Show ``bots`` (seat -> bot) every event of the match in ``record`` as their seats saw it.

    The match is stepped again from its record on a replica that no bot ever sees. Returns False
    when the record cannot be stepped: the bots then know the current view only.
    """
    from ..actions import events_for
    from ..record import stepped_events

    try:
        for events in stepped_events(game, record):
            for bot_seat, bot in bots.items():
                bot.observe(events_for(events, bot_seat))
    except (RulesError, KeyError, TypeError, ValueError, IndexError):
        return False
    return True
