"""The one map from game ids to rules files and procedure modules, plus users' files.

Built-in games live beside this module (``<id>.toml`` + a procedure module).  Users may
drop house-rule files (``extends = "try"``) into ``<CARDTABLE_HOME or user data>/rules``;
they are validated like built-in files and listed as games of their own.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from importlib import resources
from pathlib import Path

from .config import build_config, build_house_config, raise_problems, read_toml
from .errors import RulesError
from .game import Game

# Game id -> procedure module under rules/ (a module may not be named after a keyword).
PROCEDURES: dict[str, str] = {
    "try": "try_game",
    "tribello": "tribello_game",
    "troeven": "troeven_game",
    "trio": "trio_game",
}


def user_home() -> Path:
    """The user data folder (``CARDTABLE_HOME`` overrides the platform's)."""
    env = os.environ.get("CARDTABLE_HOME")
    if env:
        return Path(env)
    try:
        from platformdirs import user_data_dir
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return Path.home() / ".cardtable"
    return Path(user_data_dir("cardtable", appauthor=False))


def user_rules_dir() -> Path:
    return user_home() / "rules"


def _builtin_path(game_id: str) -> Path:
    return Path(str(resources.files("rules").joinpath(f"{game_id}.toml")))


def load_rules_file(path: Path) -> Game:
    """Load and validate one rules file (built-in or a user's house rules)."""
    data = read_toml(path)
    base_id = data.get("extends") if isinstance(data.get("extends"), str) else None
    if base_id is not None:
        if base_id not in PROCEDURES:
            raise_problems(path, [f"extends: unknown game {base_id!r} "
                                  f"(expected one of {', '.join(sorted(PROCEDURES))})"])
        base = load_game(base_id)
        config = build_house_config(path, data, base.config)
        return Game(config, base.procedure)
    game_id = data.get("id")
    if game_id not in PROCEDURES:
        raise_problems(path, [f"id: unknown game {game_id!r}; a new game needs a procedure module "
                              f"(or use extends = \"<game>\" for house rules)"])
    module = importlib.import_module(f"rules.{PROCEDURES[game_id]}")
    config = build_config(path, data, getattr(module, "CONFIG_SCHEMA", {}))
    return Game(config, module.PROCEDURE)


@cache
def _load_builtin(game_id: str) -> Game:
    return load_rules_file(_builtin_path(game_id))


def _user_files() -> list[Path]:
    folder = user_rules_dir()
    try:
        return sorted(folder.glob("*.toml"))
    except OSError:
        return []


def user_games() -> tuple[dict[str, Game], list[str]]:
    """Valid user games by id, and one message per broken user file."""
    games: dict[str, Game] = {}
    problems: list[str] = []
    for path in _user_files():
        try:
            game = load_rules_file(path)
        except RulesError as exc:
            problems.append(str(exc))
            continue
        if game.id in PROCEDURES or game.id in games:
            problems.append(f"{path}: id: {game.id!r} is already taken")
            continue
        games[game.id] = game
    return games, problems


def list_games() -> list[str]:
    """Sorted ids of the playable games, users' valid house-rule games included."""
    return sorted(set(PROCEDURES) | set(user_games()[0]))


def load_game(game_id: str) -> Game:
    """A validated game by id; raises :class:`RulesError` for an unknown or broken one."""
    if game_id in PROCEDURES:
        return _load_builtin(game_id)
    games, _problems = user_games()
    if game_id in games:
        return games[game_id]
    raise RulesError(f"unknown game {game_id!r} (expected one of {', '.join(list_games())})")
