"""The one rule for a game's id (a built-in game, a plugin's, a house-rule file's).

An id names files on every platform: ``saves/<id>.json``, ``stats/<id>.json``. So the rules
files (``cardtable-sim check`` and the menu, through the schema), the saves and the statistics
all ask :func:`id_problem`, and a game that can be played can always be saved and counted.
"""

from __future__ import annotations

import re
from typing import Any

ID_MAX = 40
_SHAPE = re.compile(r"[a-z0-9-]+")
#: Names Windows keeps for devices, whatever the case or extension: ``con.json`` is the console.
RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
)


def id_problem(value: Any) -> str | None:
    """What is wrong with ``value`` as a game id, in words (None: it is a good id)."""
    if not isinstance(value, str):
        return "expected a game id (a string)"
    if not value:
        return "expected at least 1 character, got ''"
    if len(value) > ID_MAX:
        return f"expected at most {ID_MAX} characters, got {len(value):,}"
    if not _SHAPE.fullmatch(value):
        return f"expected lowercase letters, digits and '-', got {_show(value)}"
    if value[0] in "-.":
        return f"expected a letter or digit first, got {_show(value)}"
    if value.split(".", 1)[0].lower() in RESERVED:
        return f"{value!r} is a name Windows keeps for a device (it cannot name a file there)"
    return None


def is_id(value: Any) -> bool:
    """Whether ``value`` is a good game id (:func:`id_problem` finds nothing)."""
    return id_problem(value) is None


def _show(value: str) -> str:
    return repr(value) if len(value) <= 40 else f"{value[:30]!r}... ({len(value):,} characters)"
