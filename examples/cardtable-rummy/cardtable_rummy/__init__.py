"""Rummy for Cardtable, as a plugin: a second rummy written from the engine's pieces only.

This module is what the entry point ``cardtable.games: rummy`` loads to list the game, so it
stays light: every reference below is a ``"module:attribute"`` string resolved on first use.
"""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="cardtable_rummy:rummy.toml",
    procedure="cardtable_rummy.procedure:RummyState",
    bots={"easy": "cardtable_rummy.bots:RummyEasyBot", "normal": "cardtable_rummy.bots:RummyNormalBot"},
    presenter="cardtable_rummy.presenter:RummyPresenter",
)

__all__ = ["SPEC"]
