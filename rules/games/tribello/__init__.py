"""Tribello, trick taking with quotas for three players."""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="rules.games.tribello:tribello.toml",
    procedure="rules.games.tribello.procedure:TribelloState",
    bots={
        "easy": "rules.games.tribello.bots:TribelloEasyBot",
        "normal": "rules.bots.trick_bot:TrickNormalBot",
        "hard": "rules.games.tribello.bots:TribelloHardBot",
    },
    presenter="rules.games.tribello.presenter:TribelloPresenter",
    lesson="rules.games.tribello:lesson.toml",
)
