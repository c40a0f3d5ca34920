"""Games are plugins: each game — built-in or installed by a third party — declares one
:class:`GameSpec` and registers it under the entry-point group ``cardtable.games``.

A plugin's ``pyproject.toml``::

    [project.entry-points."cardtable.games"]
    ohhell = "cardtable_ohhell:SPEC"

and its package::

    SPEC = GameSpec(
        rules_file="cardtable_ohhell:ohhell.toml",
        procedure="cardtable_ohhell.procedure:OhHellState",
        bots={"normal": "cardtable_ohhell.bots:OhHellNormalBot"},
        presenter="cardtable_ohhell.presenter:OhHellPresenter",
    )

Every reference is a ``"module:attribute"`` string resolved on first use, so listing the
games (the menu) reads each TOML and imports no procedure, bot or presenter. The entry
point's name is the game's id and must equal the TOML's ``id``. Nothing here imports pygame:
``widgets`` names pygame-side code of a third-party game and is resolved only by the table.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import RulesError

ENTRY_POINT_GROUP = "cardtable.games"


@dataclass(frozen=True)
class GameSpec:
    """One game as its package declares it; every field but ``rules_file`` and ``procedure``
    is optional.

    - ``rules_file``: ``"package:file.toml"``, read through :mod:`importlib.resources`
      (works in a wheel, an editable install and a frozen build).
    - ``procedure``: ``"module:Class"``, the :class:`rules.State` subclass. Its module may
      define ``CONFIG_SCHEMA`` (the schema of the TOML's ``[deal]`` and ``[scoring]`` tables).
    - ``bots``: level (``easy``, ``normal``, ``hard``) -> ``"module:Class"`` of a
      :class:`rules.bots.Bot`; ``random`` is always there.
    - ``presenter``: ``"module:Class"`` of the game's words and marks for the table (pygame-free).
    - ``widgets``: zone kind -> ``"module:factory"`` of a special table widget (third-party games
      only; the built-in games need none).
    - ``lesson``: ``"package:lesson.toml"``, a coached first deal (:mod:`rules.lessons`): the menu
      then offers *Learn* on the game's tile.
    """

    rules_file: str
    procedure: str
    bots: Mapping[str, str] = field(default_factory=dict)
    presenter: str | None = None
    widgets: Mapping[str, str] = field(default_factory=dict)
    lesson: str | None = None

    def rules_path(self) -> Path:
        """The rules file as a path on disk."""
        return self.resource_path(self.rules_file, "rules_file")

    @staticmethod
    def resource_path(reference: str, what: str) -> Path:
        """A ``"package:file"`` reference (``what``: the field naming it) as a path on disk."""
        package, _, name = reference.partition(":")
        if not package or not name:
            raise RulesError(f"{what}: expected 'package:file.toml', got {reference!r}")
        try:
            return Path(str(resources.files(package).joinpath(name)))
        except (ModuleNotFoundError, TypeError) as exc:
            raise RulesError(f"{what}: cannot find {reference!r} ({exc})") from None


def resolve(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names; raises :class:`RulesError`."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise RulesError(f"expected 'module:attribute', got {reference!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise RulesError(f"cannot import {module_name!r}: {exc}") from None
    try:
        obj: Any = module
        for part in attribute.split("."):
            obj = getattr(obj, part)
    except AttributeError:
        raise RulesError(f"{module_name!r} has no {attribute!r}") from None
    return obj


def _distribution_name(folder: str) -> str:
    """``Cardtable_OhHell-0.1.0.dist-info`` -> ``cardtable-ohhell`` (PEP 503 normalised)."""
    stem = folder.rsplit(".", 1)[0]
    name = stem.split("-", 1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def entry_points(group: str, path: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """``(name, "module:attribute")`` of every entry point in ``group`` declared by the
    distributions on ``path`` (``sys.path``), the first distribution of a name winning, as
    :func:`importlib.metadata.entry_points` finds them — without importing
    :mod:`importlib.metadata`, whose import (``email``, ``zipfile``...) costs more than the
    whole menu's first frame can spare. Reads ``*.dist-info`` and ``*.egg-info`` folders'
    ``entry_points.txt``; a folder that cannot be read is skipped."""
    seen: set[str] = set()
    found: list[tuple[str, str]] = []
    for entry in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:  # a zip file, a missing folder
            continue
        for folder in names:
            if not folder.endswith((".dist-info", ".egg-info")):
                continue
            distribution = _distribution_name(folder)
            if distribution in seen:
                continue
            try:
                text = Path(entry or ".", folder, "entry_points.txt").read_text(encoding="utf-8")
            except OSError:
                if Path(entry or ".", folder).is_dir():
                    seen.add(distribution)  # a distribution without entry points
                continue
            seen.add(distribution)
            found.extend(_group_of(text, group))
    return found


def _group_of(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines under ``[group]`` of an ``entry_points.txt`` (INI syntax)."""
    found = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.split("[", 1)[0].strip()))  # extras ("[gui]") are not ours
    return found


def discover() -> tuple[dict[str, GameSpec], list[str]]:
    """Every registered game by id, and one line per plugin that could not be loaded.

    A broken plugin never hides the others: its problem is reported and it is left out.
    """
    specs: dict[str, GameSpec] = {}
    problems: list[str] = []
    for name, value in sorted(entry_points(ENTRY_POINT_GROUP), key=lambda e: e[0]):
        if name in specs:
            continue  # two distributions declare one id: the first in name order wins
        try:
            module_name, _, attribute = value.partition(":")
            spec: Any = importlib.import_module(module_name.strip())
            for part in attribute.strip().split(".") if attribute.strip() else ():
                spec = getattr(spec, part)
        except Exception as exc:  # noqa: BLE001 - a third party's import error must not stop the app
            problems.append(f"game plugin {name!r} ({value}): {type(exc).__name__}: {exc}")
            continue
        if not isinstance(spec, GameSpec):
            problems.append(f"game plugin {name!r} ({value}): expected a GameSpec, got {type(spec).__name__}")
            continue
        specs[name] = spec
    return specs, problems
