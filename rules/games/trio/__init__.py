"""Trio, deduction and memory: reveal three equal numbers, alone or with a partner."""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="rules.games.trio:trio.toml",
    procedure="rules.games.trio.procedure:TrioState",
    bots={
        "easy": "rules.games.trio.bots:TrioEasyBot",
        "normal": "rules.games.trio.bots:TrioNormalBot",
        "hard": "rules.games.trio.bots:TrioHardBot",
    },
    presenter="rules.games.trio.presenter:TrioPresenter",
    lesson="rules.games.trio:lesson.toml",
)
