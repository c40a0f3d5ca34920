"""Try, the cooperative five-suit game (its id stays ``try``: a package may not be named after a keyword)."""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="rules.games.try_:try.toml",
    procedure="rules.games.try_.procedure:TryState",
    bots={
        "easy": "rules.games.try_.bots:TryEasyBot",
        "normal": "rules.games.try_.bots:TryNormalBot",
        "hard": "rules.games.try_.search:TryHardBot",
    },
    presenter="rules.games.try_.presenter:TryPresenter",
    lesson="rules.games.try_:lesson.toml",
)
