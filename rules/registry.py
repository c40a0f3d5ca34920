"""Games by id: every game the entry-point group ``cardtable.games`` registers
(:func:`rules.plugins.discover`), plus users' house-rule files.

A game's :class:`~rules.plugins.GameSpec` names its rules file and procedure; :func:`load_game`
builds the :class:`Game` once. Users may drop house-rule files (``extends = "try"``) into
``<CARDTABLE_HOME or user data>/rules``; they extend any discovered game, are validated like a
game's own file and are listed as games of their own. A plugin that cannot be loaded is left out
and told by :func:`plugin_problems`, one line each; it never hides the others.

:func:`check_rules_file` is the one verdict on a rules file: ``cardtable-sim check`` and the
game menu (through :func:`user_games`) both use it, so they never disagree about a file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import (
    BLURB_MAX,
    ID,
    NAME,
    RULES_MAX_BYTES,
    GameConfig,
    build_config,
    build_house_config,
    raise_problems,
    read_text,
    read_toml,
    tomllib,
)
from .errors import RulesError
from .game import Game
from .plugins import GameSpec, discover, resolve
from .schema import IntRange, Table, Text, show, validate
from .state import State

# sys.path when discovery last ran -> (specs by id, problems): the entry points are read again
# only when sys.path changes (a test or a tool putting a plugin on it)
_DISCOVERY: dict[tuple[str, ...], tuple[dict[str, GameSpec], list[str]]] = {}
# game id -> (its spec, the game built from it)
_GAMES: dict[str, tuple[GameSpec, Game]] = {}


def _discovered() -> tuple[dict[str, GameSpec], list[str]]:
    key = tuple(sys.path)
    found = _DISCOVERY.get(key)
    if found is None:
        specs, problems = discover()
        found = ({k: specs[k] for k in sorted(specs)}, problems)
        _DISCOVERY.clear()
        _DISCOVERY[key] = found
    return found


def game_specs() -> Mapping[str, GameSpec]:
    """Every discovered game's spec by id (house-rule games are not here: they use their base's)."""
    return _discovered()[0]


def plugin_problems() -> list[str]:
    """One line per registered game plugin that could not be loaded (it is left out of the games)."""
    return list(_discovered()[1])


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


def _procedure(game_id: str, spec: GameSpec) -> type[State]:
    try:
        procedure = resolve(spec.procedure)
    except RulesError as exc:
        raise RulesError(f"game {game_id!r}: procedure: {exc}") from None
    if not (isinstance(procedure, type) and issubclass(procedure, State)):
        raise RulesError(f"game {game_id!r}: procedure: {spec.procedure!r} is not a rules.State class")
    return procedure


def _config_schema(procedure: type[State]) -> Mapping[str, object]:
    """The schema of the procedure's own TOML tables: ``CONFIG_SCHEMA`` of its module, if any."""
    return getattr(sys.modules[procedure.__module__], "CONFIG_SCHEMA", {})


def _game_from_spec(game_id: str, spec: GameSpec) -> Game:
    path = spec.rules_path()
    data = read_toml(path)
    if data.get("id") != game_id:
        raise_problems(
            path, [f"id: expected {game_id!r} (the id the game's entry point registers), got {show(data.get('id'))}"]
        )
    procedure = _procedure(game_id, spec)
    return Game(build_config(path, data, _config_schema(procedure)), procedure, spec)


@dataclass(frozen=True)
class GameHeader:
    """What a menu shows of a game before it is chosen: its id, name, blurb and menu order."""

    id: str
    name: str
    blurb: str
    order: int | None


HEADER = Table(required={"id": ID, "name": NAME, "blurb": Text(BLURB_MAX)}, optional={"order": IntRange(0, 10_000)})


def game_header(game_id: str) -> GameHeader:
    """A discovered game's :class:`GameHeader`, read from its rules file alone: its procedure is not
    imported and the rest of the file not checked until the game is loaded (:func:`load_game`,
    when it is chosen), so the menu opens without importing every game. Raises :class:`RulesError`
    for an unknown game, an unreadable file, an id that is not the entry point's, or a bad header."""
    spec = game_specs().get(game_id)
    if spec is None:
        raise RulesError(f"unknown game {game_id!r}")
    cached = _GAMES.get(game_id)
    if cached is not None and cached[0] == spec:
        game = cached[1]
        return GameHeader(game.id, game.name, game.blurb, game.order)
    path = spec.rules_path()
    try:
        stamp = path.stat()
        key = (str(path), stamp.st_mtime_ns, stamp.st_size)
    except OSError:
        key = None
    known = _HEADERS.get(game_id)
    if known is not None and key is not None and known[0] == key:
        return known[1]
    header = _read_header(game_id, path)
    if key is not None:
        _HEADERS[game_id] = (key, header)
    return header


_HEADERS: dict[str, tuple[tuple[str, int, int], GameHeader]] = {}


def _head_of(text: str) -> dict[str, Any] | None:
    """The top-level keys of a TOML text, parsed from the part before its first table (they must
    come first); ``None`` when that part does not parse alone (a ``[`` opening a line of a string)."""
    cut = len(text)
    for marker in ("\n[", "\r\n["):
        at = text.find(marker)
        if at >= 0:
            cut = min(cut, at)
    try:
        return tomllib.loads(text[:cut])
    except tomllib.TOMLDecodeError:
        return None


def _read_header(game_id: str, path: Path) -> GameHeader:
    data = _head_of(read_text(path, RULES_MAX_BYTES, "rules file"))
    if data is None:
        data = read_toml(path)  # the whole file: its syntax error, if any, told by line
    if data.get("id") != game_id:
        raise_problems(
            path, [f"id: expected {game_id!r} (the id the game's entry point registers), got {show(data.get('id'))}"]
        )
    problems: list[str] = []
    validate({k: data[k] for k in (*HEADER.required, *HEADER.optional) if k in data}, HEADER, "", problems)
    raise_problems(path, problems)
    return GameHeader(game_id, data["name"], data["blurb"], data.get("order"))


def _load_discovered(game_id: str, spec: GameSpec) -> Game:
    cached = _GAMES.get(game_id)
    if cached is None or cached[0] != spec:
        cached = _GAMES[game_id] = (spec, _game_from_spec(game_id, spec))
    return cached[1]


def load_rules_file(path: Path) -> Game:
    """Load and validate one rules file (a game's own, another for its procedure, or a user's house rules).

    :func:`check_rules_file` does this and also sets up a match of every variant and player count.
    """
    data = read_toml(path)
    specs = game_specs()
    if "extends" in data:
        base_id = data["extends"]
        if not isinstance(base_id, str) or base_id not in specs:
            raise_problems(
                path, [f"extends: unknown game {show(base_id)} (expected one of {', '.join(sorted(specs))})"]
            )
        if isinstance(data.get("id"), str) and data["id"] in specs:
            raise_problems(
                path,
                [
                    f"id: {data['id']!r} is already a game's id (a house-rule file "
                    f'needs an id of its own, such as "{base_id}-mine")'
                ],
            )
        base = load_game(base_id)
        config = build_house_config(path, data, base.config)
        return Game(config, base.procedure, base.spec)
    game_id = data.get("id")
    if not isinstance(game_id, str) or game_id not in specs:
        raise_problems(
            path,
            [
                f"id: unknown game {show(game_id)} (a house-rule file names the game it changes, "
                f'such as extends = "try"; a new game is a package with a procedure)'
            ],
        )
    spec = specs[game_id]
    procedure = _procedure(game_id, spec)
    config = build_config(path, data, _config_schema(procedure))
    if path != spec.rules_path():  # another file for the game's procedure: it may rely on what the game's file declares
        raise_problems(path, _missing_for_procedure(config, _load_discovered(game_id, spec).config))
    return Game(config, procedure, spec)


def _missing_for_procedure(config: GameConfig, shipped: GameConfig) -> list[str]:
    """The settings and zones of the shipped rules file that ``config`` lacks (its procedure reads them)."""
    problems = [
        f"settings.{name}: missing (the {shipped.id} procedure reads this setting)"
        for name in shipped.settings_spec
        if name not in config.settings_spec
    ]
    problems += [
        f"settings.{name}.type: expected {spec['type']!r} (the {shipped.id} procedure reads this "
        f"setting as one), got {config.settings_spec[name]['type']!r}"
        for name, spec in shipped.settings_spec.items()
        if name in config.settings_spec and config.settings_spec[name]["type"] != spec["type"]
    ]
    zones = {zone["name"] for zone in config.layout["zones"]}
    problems += [
        f"layout.zones: the zone {zone['name']!r} is missing (the {shipped.id} procedure uses it)"
        for zone in shipped.layout["zones"]
        if zone["name"] not in zones
    ]
    return problems


def check_rules_file(path: Path) -> Game:
    """The one verdict on a rules file: ``cardtable-sim check`` and the menu both give it.

    Loads and validates the file, then sets up a match of every variant and allowed player count,
    so that an impossible deal (too few cards) is refused too. Raises :class:`RulesError` whose
    ``problems`` are ``key.path: message`` lines (without the file name). A whole game's rules
    file (no ``extends``) is played only as its game's own (the file its package registers): any
    other copy is refused first ("extends: missing"), its other problems listed after it.
    """
    data = read_toml(path)
    game_id = data.get("id")
    specs = game_specs()
    if "extends" not in data and isinstance(game_id, str) and game_id in specs and not _own_file(path, specs[game_id]):
        misplaced = (
            f"extends: missing (this is a whole game's rules file for {game_id!r}; only its game's package "
            f'plays one: a house-rule file names the game it changes, such as extends = "try")'
        )
        try:
            _check_whole(path)
        except RulesError as exc:
            raise_problems(path, [misplaced, *(_without_file(path, p) for p in exc.problems)])
        raise_problems(path, [misplaced])
    return _check_whole(path)


def _own_file(path: Path, spec: GameSpec) -> bool:
    try:
        return Path(path).resolve() == Path(spec.rules_path()).resolve()
    except (OSError, RuntimeError, ValueError):
        return False


def _without_file(path: Path, problem: str) -> str:
    prefix = f"{path}: "
    return problem[len(prefix) :] if problem.startswith(prefix) else problem


def _check_whole(path: Path) -> Game:
    """:func:`load_rules_file`, then a match of every variant and player count set up."""
    game = load_rules_file(path)
    problems: list[str] = []
    for variant in game.variants:
        for players in game.player_counts(variant):
            try:
                game.new_match(players=players, variant=variant, seed=0)
            except RulesError as exc:
                for problem in exc.problems:
                    problem = _without_file(path, problem)
                    if problem not in problems:
                        problems.append(problem)
    raise_problems(path, problems)
    return game


@dataclass(frozen=True)
class HouseRuleProblem:
    """A house-rule file the menu cannot offer: ``path`` (to move it aside) and ``message``
    (``key.path: what was expected``, without the file). ``str()`` is the one-line notice,
    ``FILE: key.path: what was expected``."""

    path: Path
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


# path -> ((size, mtime_ns), verdict): a file is read again only once it changed
_VERDICTS: dict[Path, tuple[tuple[int, int], Game | HouseRuleProblem]] = {}


def _verdict(path: Path) -> Game | HouseRuleProblem:
    try:
        stat = path.stat()
    except OSError as exc:
        return HouseRuleProblem(path, f"cannot read: {exc.strerror or exc}")
    key = (stat.st_size, stat.st_mtime_ns)
    cached = _VERDICTS.get(path)
    if cached is not None and cached[0] == key:
        return cached[1]
    verdict: Game | HouseRuleProblem
    if stat.st_size > RULES_MAX_BYTES:
        verdict = HouseRuleProblem(path, f"file too large (a rules file holds at most {RULES_MAX_BYTES // 1024:,} KB)")
    else:
        try:
            verdict = check_rules_file(path)
        except RulesError as exc:
            verdict = HouseRuleProblem(path, exc.summary())
    _VERDICTS[path] = (key, verdict)
    return verdict


def _user_files() -> list[Path]:
    folder = user_rules_dir()
    try:
        return sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
    except OSError:
        return []


def user_games() -> tuple[dict[str, Game], list[HouseRuleProblem]]:
    """Valid house-rule games by id, and one :class:`HouseRuleProblem` per file the menu cannot offer.

    Each file is read once per change (by name, size and modification time); files over
    ``RULES_MAX_BYTES`` are refused unread. Two files with one id: the first by name wins.
    """
    games: dict[str, Game] = {}
    problems: list[HouseRuleProblem] = []
    files = _user_files()
    for path in files:
        verdict = _verdict(path)
        if isinstance(verdict, HouseRuleProblem):
            problems.append(verdict)
        elif verdict.id in games:
            problems.append(
                HouseRuleProblem(path, f"id: {verdict.id!r} is already used by {games[verdict.id].config.path.name}")
            )
        else:
            games[verdict.id] = verdict
    for gone in set(_VERDICTS) - set(files):
        if gone.parent == user_rules_dir():
            del _VERDICTS[gone]
    return games, problems


def list_games() -> list[str]:
    """Sorted ids of the playable games: every discovered game and users' valid house-rule games."""
    return sorted(set(game_specs()) | set(user_games()[0]))


def load_game(game_id: str) -> Game:
    """A validated game by id, built once; raises :class:`RulesError` for an unknown or broken one."""
    spec = game_specs().get(game_id)
    if spec is not None:
        return _load_discovered(game_id, spec)
    games, _problems = user_games()
    if game_id in games:
        return games[game_id]
    raise RulesError(f"unknown game {game_id!r} (expected one of {', '.join(list_games())})")
