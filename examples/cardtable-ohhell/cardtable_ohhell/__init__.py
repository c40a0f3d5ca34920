"""Oh Hell for Cardtable, as a plugin: the game a third party would write, in one package.

This module is what the entry point ``cardtable.games: ohhell`` loads to list the game, so it
stays light: every reference below is a ``"module:attribute"`` string the engine resolves on
first use (the menu reads the TOML only).
"""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="cardtable_ohhell:ohhell.toml",
    procedure="cardtable_ohhell.procedure:OhHellState",
    bots={
        "easy": "cardtable_ohhell.bots:OhHellEasyBot",
        "normal": "cardtable_ohhell.bots:OhHellNormalBot",
        "hard": "rules.bots.generic_hard:GenericTrickHardBot",  # the engine's search: docs/bots.md
    },
    presenter="cardtable_ohhell.presenter:OhHellPresenter",
    lesson="cardtable_ohhell:lesson.toml",  # a coached first deal: docs/plugins.md, "A lesson"
)

__all__ = ["SPEC"]
