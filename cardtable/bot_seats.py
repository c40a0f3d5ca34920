"""The bots in a match's seats, made alike in the app and in the bots' own process
(:mod:`cardtable.bot_host`): their default names, the bot of a level, its thinking time."""

from __future__ import annotations

from rules.bots import LEVELS, Bot, RandomBot, make_bot

BOT_NAMES = ("Ada", "Basil", "Cleo", "Dmitri", "Edith", "Felix", "Greta", "Hugo")


def bot_names(count: int, first: int = 0) -> list[str]:
    """Friendly default names for ``count`` bot seats."""
    return [BOT_NAMES[(first + i) % len(BOT_NAMES)] for i in range(count)]


def set_thinking(bot: Bot, budget_ms: float | None) -> None:
    """``bot`` thinks at most ``budget_ms`` a decision if it takes a time limit (``budget_ms``,
    the ``hard`` bots; others are left alone); ``None`` gives it back its class's own."""
    if not hasattr(bot, "budget_ms"):
        return
    if budget_ms is None:
        own = getattr(type(bot), "budget_ms", None)
        if own is not None:
            bot.budget_ms = own  # type: ignore[attr-defined]
    else:
        bot.budget_ms = float(budget_ms)  # type: ignore[attr-defined]


def new_bot(game_id: str, level: str, seat: int, seed: int | None = None) -> Bot:
    """``rules.bots.make_bot``, falling back to a weaker level whose module is missing."""
    levels = list(LEVELS)
    start = levels.index(level) if level in levels else 0
    for candidate in reversed(levels[: start + 1]):
        try:
            return make_bot(game_id, candidate, seat, seed)
        except ImportError:
            continue
    return RandomBot(game_id, seat, seed)
