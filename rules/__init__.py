"""Cardtable's headless rules engine: games, matches, records and bots. Never imports pygame.

The contract (DESIGN.md): ``list_games``, ``load_game``, ``replay``, ``sample``,
``events_for``, ``RulesError``, ``IllegalAction``; a game's ``new_match`` returns a
:class:`State` with ``current_player``, ``legal_actions``, ``apply``, ``view``...
"""

from .actions import Action, Event, events_for
from .errors import IllegalAction, RulesError
from .game import Game
from .record import read_record, replay
from .registry import HouseRuleProblem, check_rules_file, list_games, load_game, load_rules_file, user_games, user_home
from .sample import sample
from .state import RECORD_FORMAT, State, View
from .view import DealResult, Move

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "DealResult",
    "Event",
    "Game",
    "HouseRuleProblem",
    "IllegalAction",
    "Move",
    "RulesError",
    "State",
    "View",
    "check_rules_file",
    "events_for",
    "list_games",
    "load_game",
    "load_rules_file",
    "read_record",
    "replay",
    "sample",
    "user_games",
    "user_home",
]
