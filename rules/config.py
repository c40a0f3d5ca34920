"""Loading and validating a game's TOML rules file (and users' house-rule files).

Every problem is reported as ``FILE: key.path: message``; a file is either fully valid
or raises :class:`RulesError` listing all its problems (``error.problems``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import Deck, Suit
from .errors import RulesError
from .schema import AnyOf, Choice, IntRange, ListOf, MapOf, Table, validate

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

SCHEMA_VERSION = 1

SETTING = Table(
    required={"type": Choice(("int", "bool", "choice")), "default": AnyOf((int, bool, str), "a value"),
              "description": str},
    optional={"min": int, "max": int, "choices": ListOf(str, 1), "official": bool,
              "label": str},
)
PLAYERS = Table(required={"min": IntRange(1, 8), "max": IntRange(1, 8)},
                optional={"default": IntRange(1, 8)})
SUIT = Table(required={"id": str, "name": str, "letter": str})
EXTRA = Table(required={"id": str, "name": str, "text": str},
              optional={"rank": AnyOf((int, str), "an integer or string"), "copies": IntRange(1, 16)})
DECK = Table(
    required={"style": str, "suits": ListOf(SUIT), "ranks": ListOf(AnyOf((int, str), "a rank"), 1)},
    optional={"copies": IntRange(1, 8), "extras": ListOf(EXTRA), "remove": ListOf(str),
              "rank_text": MapOf(str)},
)
ZONE = Table(
    required={"name": str, "visibility": Choice(("public", "owner", "hidden"))},
    optional={"per_seat": bool, "place": str, "kind": Choice(("pile", "hand", "row", "stack", "grid",
                                                              "trick", "spread")),
              "label": str},
)
LAYOUT = Table(required={"zones": ListOf(ZONE, 1)},
               optional={"hints": MapOf(AnyOf((str, int, bool), "a hint"))})
VARIANT = Table(
    required={"description": str},
    optional={"name": str, "players": PLAYERS, "settings": MapOf(AnyOf((int, bool, str), "a value")),
              "deck": Table(optional={"remove": ListOf(str)}),
              "deal": MapOf(AnyOf((int, str, bool, dict, list), "a value"))},
)


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; syntax errors become ``FILE: line N: message``."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        text = str(exc)
        line = getattr(exc, "lineno", None)
        if line is None and "(at line " in text:
            line = text.rsplit("(at line ", 1)[1].split(",", 1)[0]
            text = text.rsplit(" (at line ", 1)[0]
        where = f"line {line}" if line is not None else "syntax"
        raise RulesError(f"{path}: {where}: {text}", problems=[f"{where}: {text}"]) from None
    except OSError as exc:
        raise RulesError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _problems(path: Path, problems: list[str]) -> RulesError:
    lines = [f"{path}: {p}" for p in problems]
    return RulesError("\n".join(lines), problems=problems)


@dataclass
class GameConfig:
    """A validated rules file: everything a procedure needs, nothing parsed twice."""

    id: str
    name: str
    blurb: str
    path: Path
    players: tuple[int, int, int]
    deck_table: dict[str, Any]
    settings_spec: dict[str, dict[str, Any]]
    variants: dict[str, dict[str, Any]]
    layout: dict[str, Any]
    deal: dict[str, Any]
    scoring: dict[str, Any]
    rules_text: str = ""
    house_settings: dict[str, Any] = field(default_factory=dict)
    extends: str | None = None

    def deck(self, variant: str) -> Deck:
        table = self.deck_table
        remove = list(table.get("remove", [])) + list(self.variants[variant].get("deck", {}).get("remove", []))
        rank_text = {_rank_key(k, table["ranks"]): v for k, v in table.get("rank_text", {}).items()}
        return Deck(table["style"], [Suit(s["id"], s["name"], s["letter"]) for s in table["suits"]],
                    list(table["ranks"]), int(table.get("copies", 1)), list(table.get("extras", [])),
                    rank_text, remove)

    def player_range(self, variant: str) -> tuple[int, int]:
        players = self.variants[variant].get("players")
        if players:
            return players["min"], players["max"]
        return self.players[0], self.players[1]

    def default_settings(self, variant: str) -> dict[str, Any]:
        values = {name: spec["default"] for name, spec in self.settings_spec.items()}
        values.update(self.variants[variant].get("settings", {}))
        values.update(self.house_settings)
        return values

    def check_settings(self, values: dict[str, Any], where: str = "settings") -> list[str]:
        """Problems with setting values (unknown name, wrong type, out of range)."""
        problems = []
        for name, value in values.items():
            spec = self.settings_spec.get(name)
            if spec is None:
                known = ", ".join(sorted(self.settings_spec)) or "none"
                problems.append(f"{where}.{name}: unknown setting (expected one of {known})")
                continue
            problems += _check_value(spec, value, f"{where}.{name}")
        return problems


def _rank_key(key: str, ranks: list[Any]) -> Any:
    for rank in ranks:
        if str(rank) == key:
            return rank
    return key


def _check_value(spec: dict[str, Any], value: Any, where: str) -> list[str]:
    kind = spec["type"]
    if kind == "bool":
        return [] if isinstance(value, bool) else [f"{where}: expected true or false, got {value!r}"]
    if kind == "choice":
        choices = spec.get("choices", [])
        return [] if value in choices else [f"{where}: expected one of {', '.join(map(repr, choices))}, got {value!r}"]
    errors: list[str] = []
    validate(value, IntRange(spec.get("min"), spec.get("max")), where, errors)
    return errors


def top_schema(extra: dict[str, Any] | Table) -> Table:
    """The schema of a built-in rules file plus its procedure's own tables (``CONFIG_SCHEMA``).

    A procedure gives a :class:`Table` to make its tables required, a plain dict for optional ones.
    """
    extra_required, extra_optional = (extra.required, extra.optional) if isinstance(extra, Table) else ({}, extra)
    return Table(
        required={"schema": IntRange(SCHEMA_VERSION, SCHEMA_VERSION), "id": str, "name": str,
                  "blurb": str, "players": PLAYERS, "deck": DECK, "layout": LAYOUT, **extra_required},
        optional={"settings": MapOf(SETTING), "variants": MapOf(VARIANT), "rules": str, **extra_optional},
    )


HOUSE = Table(
    required={"schema": IntRange(SCHEMA_VERSION, SCHEMA_VERSION), "extends": str, "id": str, "name": str},
    optional={"blurb": str, "settings": MapOf(AnyOf((int, bool, str), "a value")), "variant": str},
)


def build_config(path: Path, data: dict[str, Any], extra_schema: dict[str, Any] | Table) -> GameConfig:
    """Validate ``data`` (a parsed built-in rules file) and build its :class:`GameConfig`."""
    problems: list[str] = []
    validate(data, top_schema(extra_schema), "", problems)
    if problems:
        raise _problems(path, problems)
    settings = data.get("settings", {})
    for name, spec in settings.items():
        problems += _check_value(spec, spec["default"], f"settings.{name}.default")
        if spec["type"] == "choice" and "choices" not in spec:
            problems.append(f"settings.{name}.choices: missing (a choice setting lists its choices)")
    players = data["players"]
    if players["min"] > players["max"]:
        problems.append(f"players: min {players['min']} is above max {players['max']}")
    default = players.get("default", players["min"])
    if not players["min"] <= default <= players["max"]:
        problems.append(f"players.default: {default} is out of range ({players['min']}..{players['max']})")
    variants = data.get("variants") or {"standard": {"description": "The standard rules."}}
    config = GameConfig(
        id=data["id"], name=data["name"], blurb=data["blurb"], path=path,
        players=(players["min"], players["max"], default), deck_table=data["deck"],
        settings_spec=settings, variants=variants, layout=data["layout"],
        deal=data.get("deal", {}), scoring=data.get("scoring", {}), rules_text=data.get("rules", ""),
    )
    for vname, variant in variants.items():
        problems += config.check_settings(variant.get("settings", {}), f"variants.{vname}.settings")
        vp = variant.get("players")
        if vp and not (players["min"] <= vp["min"] <= vp["max"] <= players["max"]):
            problems.append(f"variants.{vname}.players: {vp['min']}..{vp['max']} is outside the game's "
                            f"{players['min']}..{players['max']}")
    if not problems:
        for vname in variants:
            try:
                config.deck(vname)
            except RulesError as exc:
                problems.append(f"deck: {exc}")
    if problems:
        raise _problems(path, problems)
    return config


def build_house_config(path: Path, data: dict[str, Any], base: GameConfig) -> GameConfig:
    """A user's house-rule file: a new id on top of a built-in game with other defaults."""
    problems: list[str] = []
    validate(data, HOUSE, "", problems)
    if problems:
        raise _problems(path, problems)
    variant = data.get("variant")
    if variant is not None and variant not in base.variants:
        raise _problems(path, [f"variant: unknown variant {variant!r} of {base.id} "
                               f"(expected one of {', '.join(base.variants)})"])
    problems = base.check_settings(data.get("settings", {}))
    if problems:
        raise _problems(path, problems)
    variants = base.variants
    if variant is not None:
        variants = {variant: base.variants[variant], **{k: v for k, v in base.variants.items() if k != variant}}
    return GameConfig(
        id=data["id"], name=data["name"], blurb=data.get("blurb", base.blurb), path=path,
        players=base.players, deck_table=base.deck_table, settings_spec=base.settings_spec,
        variants=variants, layout=base.layout, deal=base.deal, scoring=base.scoring,
        rules_text=base.rules_text, house_settings=dict(data.get("settings", {})), extends=base.id,
    )


def raise_problems(path: Path, problems: list[str]) -> None:
    if problems:
        raise _problems(path, problems)
