"""Loading and validating a game's TOML rules file (and users' house-rule files).

Every problem is reported as ``FILE: key.path: message``; a file is either fully valid
or raises :class:`RulesError` listing all its problems (``error.problems``).
"""

from __future__ import annotations

import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import Deck, Suit
from .errors import RulesError
from .ids import id_problem
from .schema import AnyOf, Choice, IntRange, ListOf, MapOf, Table, Text, show, validate

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

SCHEMA_VERSION = 1

# Limits on what a rules file may hold (docs/records.md lists them): past these, a file is
# refused with a message before anything is built from it.
RULES_MAX_BYTES = 1024 * 1024  # a rules or house-rule file
TOML_MAX_DEPTH = 32  # arrays and inline tables nested in one another
TOML_MAX_DOTS = 64  # dots outside strings on one line (dotted keys nest tables)
TOML_MAX_DIGITS = 30  # digits in one number
ID_MAX, NAME_MAX, BLURB_MAX, DESCRIPTION_MAX, RULES_TEXT_MAX = 40, 60, 300, 500, 20_000
ID = Text(ID_MAX, min_len=1, rule=id_problem)  # the one id rule: saves and statistics use it too
NAME = Text(NAME_MAX, min_len=1)
WORD = Text(ID_MAX, min_len=1)  # a setting value, a zone or suit id, a variant or style name
CARD = Text(16, min_len=1)  # a card's notation
INT = IntRange(-(10**9), 10**9)
VALUE = AnyOf((INT, bool, WORD), "an integer, true or false, or a word")

SETTING = Table(
    required={"type": Choice(("int", "bool", "choice")), "default": VALUE, "description": Text(DESCRIPTION_MAX)},
    optional={
        "min": INT,
        "max": INT,
        "choices": ListOf(WORD, 1, 64),
        "official": bool,
        "label": NAME,
        # choice -> the words a player reads for it ("must_follow" -> "Always follow suit")
        "choice_labels": MapOf(NAME, "choice"),
        # offered in New game only while these other settings have these values (a variant
        # fixes them): Trio's "Trios to win" only when not spicy
        "applies_when": MapOf(VALUE, "setting name"),
        # false: kept for records and house-rule files, never offered (it changes nothing yet)
        "offered": bool,
    },
)
PLAYERS = Table(required={"min": IntRange(1, 8), "max": IntRange(1, 8)}, optional={"default": IntRange(1, 8)})
SUIT = Table(required={"id": WORD, "name": NAME, "letter": CARD})
RANK = AnyOf((IntRange(-1000, 1000), CARD), "a rank (an integer or a short text)")
LETTER = Text(1, min_len=1, pattern=r"[A-Z]", pattern_hint="one capital letter A-Z")
EXTRA = Table(required={"id": WORD, "name": NAME, "text": CARD}, optional={"rank": RANK, "copies": IntRange(1, 16)})
DECK = Table(
    required={"style": WORD, "suits": ListOf(SUIT, 0, 16), "ranks": ListOf(RANK, 1, 64)},
    optional={
        "copies": IntRange(1, 8),
        "extras": ListOf(EXTRA, 0, 64),
        "remove": ListOf(CARD, 0, 1000),
        "rank_text": MapOf(CARD),
        # each copy's notation ends with its number (QH1, QH2): copies that differ stay apart in records
        "copy_marks": bool,
        # card notation -> the one letter that card bears (Tryce)
        "letters": MapOf(LETTER, "card"),
    },
)
ZONE = Table(
    required={"name": WORD, "visibility": Choice(("public", "owner", "hidden"))},
    optional={
        "per_seat": bool,
        "place": WORD,
        "kind": Choice(("pile", "hand", "row", "stack", "grid", "trick", "spread", "melds", "board")),
        "label": NAME,
    },
)
# The hints the table reads (docs/plugins.md lists what each does); any other key is refused, so
# a misspelt hint is an error in the file, never silently ignored.
HINTS = Table(
    optional={
        "under_trick": WORD,
        "beside_trick": Text(200),
        "revealed_near_source": AnyOf((bool, WORD), "a zone's name or true"),
        "sets_of": IntRange(1, 13),
        "memory": bool,
        "hands_sorted": bool,
        "select": WORD,
        "own_face_up": Text(200),
    }
)
LAYOUT = Table(required={"zones": ListOf(ZONE, 1, 64)}, optional={"hints": HINTS})
VARIANT = Table(
    required={"description": Text(DESCRIPTION_MAX)},
    optional={
        "name": NAME,
        "players": PLAYERS,
        "settings": MapOf(VALUE),
        "deck": Table(optional={"remove": ListOf(CARD, 0, 1000)}),
        "deal": MapOf(AnyOf((INT, WORD, bool, dict, list), "a value")),
    },
)

_TOML_TOKEN = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    rf"|[\[{{]|[\]}}]|\n|\.|[0-9][0-9_]{{{TOML_MAX_DIGITS},}}",
    re.S,
)


def _toml_shape_problem(text: str) -> str | None:
    """``line N: ...`` when ``text`` nests deeper, dots keys longer or holds longer numbers than a
    rules file may: the TOML parser would recurse past Python's limit or build tables in
    quadratic memory on such input, so it is refused before parsing."""
    depth = dots = 0
    for match in _TOML_TOKEN.finditer(text):
        token = match.group()
        first = token[0]
        if first in "[{":
            depth += 1
            if depth > TOML_MAX_DEPTH:
                problem = f"arrays or tables nested more than {TOML_MAX_DEPTH} deep"
                break
        elif first in "]}":
            depth = max(0, depth - 1)
        elif first == "\n":
            dots = 0
        elif first == ".":
            dots += 1
            if dots > TOML_MAX_DOTS:
                problem = f"more than {TOML_MAX_DOTS} dots outside strings on one line (a key of too many parts)"
                break
        elif first.isdigit():
            problem = f"a number of more than {TOML_MAX_DIGITS} digits"
            break
    else:
        return None
    return f"line {text.count(chr(10), 0, match.start()) + 1}: {problem}"


def read_text(path: Path, limit: int, what: str) -> str:
    """A file's text, refused (as ``FILE: ...``) when it is over ``limit`` bytes or not UTF-8,
    or is not a regular file: a named pipe or a device is never opened (it may wait for ever;
    a stat first, as ``O_NONBLOCK`` does not keep Windows from waiting)."""
    try:
        mode = os.stat(path).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            problem = "cannot read: not a regular file (a pipe or a device)"
            raise RulesError(f"{path}: {problem}", problems=[problem])
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise RulesError(
            f"{path}: cannot read: {exc.strerror or exc}", problems=[f"cannot read: {exc.strerror or exc}"]
        ) from None
    if len(raw) > limit:
        problem = f"file too large (a {what} holds at most {limit // 1024:,} KB)"
        raise RulesError(f"{path}: {problem}", problems=[problem])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        problem = f"line {line}: not UTF-8 text (byte 0x{raw[exc.start]:02x})"
        raise RulesError(f"{path}: {problem}", problems=[problem]) from None


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a rules file; syntax errors become ``FILE: line N: message``."""
    text = read_text(path, RULES_MAX_BYTES, "rules file")
    problem = _toml_shape_problem(text)
    if problem is None:
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            message, line = str(exc), None
            msg, pos = getattr(exc, "msg", None), getattr(exc, "pos", None)
            if isinstance(msg, str) and isinstance(pos, int):  # tomli 2.1+ (Python 3.10), 3.14's tomllib
                if pos >= len(text):
                    line, message = len(text.splitlines()) or 1, msg + " at the end of the file"
                else:
                    line, message = exc.lineno, msg
            elif "(at line " in message:  # tomllib 3.11-3.13: the place only in the message
                line = message.rsplit("(at line ", 1)[1].split(",", 1)[0]
                message = message.rsplit(" (at line ", 1)[0]
            elif message.endswith(" (at end of document)"):
                line = len(text.splitlines()) or 1
                message = message.removesuffix(" (at end of document)") + " at the end of the file"
            problem = f"line {line}: {message}" if line is not None else f"syntax: {message}"
    raise RulesError(f"{path}: {problem}", problems=[problem])


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
    order: int | None = None  # the game's place in the menu; games without one come after, by name

    def deck(self, variant: str) -> Deck:
        table = self.deck_table
        remove = list(table.get("remove", [])) + list(self.variants[variant].get("deck", {}).get("remove", []))
        rank_text = {_rank_key(k, table["ranks"]): v for k, v in table.get("rank_text", {}).items()}
        return Deck(
            table["style"],
            [Suit(s["id"], s["name"], s["letter"]) for s in table["suits"]],
            list(table["ranks"]),
            int(table.get("copies", 1)),
            list(table.get("extras", [])),
            rank_text,
            remove,
            copy_marks=bool(table.get("copy_marks", False)),
            letters=table.get("letters"),
        )

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

    def offers(self, name: str, values: dict[str, Any]) -> bool:
        """Whether New game offers setting ``name`` while the match's settings are ``values``:
        not when its spec says ``offered = false``, nor when ``applies_when`` names a setting
        whose value differs (a setting that would change nothing is never shown)."""
        spec = self.settings_spec.get(name, {})
        if not spec.get("offered", True):
            return False
        return all(values.get(other) == value for other, value in spec.get("applies_when", {}).items())

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
        return [] if isinstance(value, bool) else [f"{where}: expected true or false, got {show(value)}"]
    if kind == "choice":
        choices = spec.get("choices", [])
        if isinstance(value, str) and value in choices:
            return []
        return [f"{where}: expected one of {', '.join(map(repr, choices))}, got {show(value)}"]
    errors: list[str] = []
    lo, hi = spec.get("min", INT.lo), spec.get("max", INT.hi)
    validate(value, IntRange(lo, hi), where, errors)
    return errors


def top_schema(extra: dict[str, Any] | Table) -> Table:
    """The schema of a built-in rules file plus its procedure's own tables (``CONFIG_SCHEMA``).

    A procedure gives a :class:`Table` to make its tables required, a plain dict for optional ones.
    """
    extra_required, extra_optional = (extra.required, extra.optional) if isinstance(extra, Table) else ({}, extra)
    # an optional table of the procedure's that has required keys of its own cannot be left out
    needed = {k: v for k, v in extra_optional.items() if isinstance(v, Table) and v.required}
    extra_required = {**extra_required, **needed}
    extra_optional = {k: v for k, v in extra_optional.items() if k not in needed}
    return Table(
        required={
            "schema": IntRange(SCHEMA_VERSION, SCHEMA_VERSION),
            "id": ID,
            "name": NAME,
            "blurb": Text(BLURB_MAX),
            "players": PLAYERS,
            "deck": DECK,
            "layout": LAYOUT,
            **extra_required,
        },
        optional={
            "settings": MapOf(SETTING),
            "variants": MapOf(VARIANT),
            "rules": Text(RULES_TEXT_MAX, lines=True),
            "order": IntRange(0, 10_000),
            **extra_optional,
        },
    )


HOUSE = Table(
    required={"schema": IntRange(SCHEMA_VERSION, SCHEMA_VERSION), "extends": WORD, "id": ID, "name": NAME},
    optional={"blurb": Text(BLURB_MAX), "settings": MapOf(object, "setting name"), "variant": WORD},
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
        for choice in spec.get("choice_labels", {}):
            if choice not in spec.get("choices", ()):
                problems.append(f"settings.{name}.choice_labels.{choice}: not one of its choices")
        for other, value in spec.get("applies_when", {}).items():
            if other not in settings or other == name:
                known = ", ".join(sorted(n for n in settings if n != name)) or "none"
                problems.append(f"settings.{name}.applies_when.{other}: not another setting (expected one of {known})")
            else:
                problems += _check_value(settings[other], value, f"settings.{name}.applies_when.{other}")
    players = data["players"]
    if players["min"] > players["max"]:
        problems.append(f"players: min {players['min']} is above max {players['max']}")
    default = players.get("default", players["min"])
    if not players["min"] <= default <= players["max"]:
        problems.append(f"players.default: {default} is out of range ({players['min']}..{players['max']})")
    variants = data.get("variants") or {"standard": {"description": "The standard rules."}}
    config = GameConfig(
        id=data["id"],
        name=data["name"],
        blurb=data["blurb"],
        path=path,
        players=(players["min"], players["max"], default),
        deck_table=data["deck"],
        settings_spec=settings,
        variants=variants,
        layout=data["layout"],
        deal=data.get("deal", {}),
        scoring=data.get("scoring", {}),
        rules_text=data.get("rules", ""),
        order=data.get("order"),
    )
    for vname, variant in variants.items():
        problems += config.check_settings(variant.get("settings", {}), f"variants.{vname}.settings")
        vp = variant.get("players")
        if vp and not (players["min"] <= vp["min"] <= vp["max"] <= players["max"]):
            problems.append(
                f"variants.{vname}.players: {vp['min']}..{vp['max']} is outside the game's "
                f"{players['min']}..{players['max']}"
            )
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
        raise _problems(
            path, [f"variant: unknown variant {variant!r} of {base.id} (expected one of {', '.join(base.variants)})"]
        )
    problems = base.check_settings(data.get("settings", {}))
    if problems:
        raise _problems(path, problems)
    variants = base.variants
    if variant is not None:
        variants = {variant: base.variants[variant], **{k: v for k, v in base.variants.items() if k != variant}}
    return GameConfig(
        id=data["id"],
        name=data["name"],
        blurb=data.get("blurb", base.blurb),
        path=path,
        players=base.players,
        deck_table=base.deck_table,
        settings_spec=base.settings_spec,
        variants=variants,
        layout=base.layout,
        deal=base.deal,
        scoring=base.scoring,
        rules_text=base.rules_text,
        house_settings=dict(data.get("settings", {})),
        extends=base.id,
    )


def raise_problems(path: Path, problems: list[str]) -> None:
    if problems:
        raise _problems(path, problems)
