"""3-Player Troeven, a trump caller and card points counted down to 0."""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="rules.games.troeven:troeven.toml",
    procedure="rules.games.troeven.procedure:TroevenState",
    bots={
        "easy": "rules.games.troeven.bots:TroevenEasyBot",
        "normal": "rules.bots.trick_bot:TrickNormalBot",
        "hard": "rules.games.troeven.bots:TroevenHardBot",
    },
    presenter="rules.games.troeven.presenter:TroevenPresenter",
    lesson="rules.games.troeven:lesson.toml",
)
