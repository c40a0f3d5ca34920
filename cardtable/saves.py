"""The autosave: the match in progress, kept as a record in ``user_home()/saves/current.json``.

Written atomically (a temporary file, then ``os.replace``) after every action, so a crash
or power cut leaves either the old save or the new one. A damaged save is never deleted:
it is moved aside to ``current.corrupt.json`` and the menu says so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rules import user_home

CORRUPT_NAME = "current.corrupt.json"


def autosave_path() -> Path:
    return user_home() / "saves" / "current.json"


def corrupt_path() -> Path:
    return autosave_path().with_name(CORRUPT_NAME)


def write_record(record: dict[str, Any]) -> None:
    """Save ``record`` (a match record) as the current game, atomically."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(record, handle, separators=(",", ":"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def load_saved() -> tuple[dict[str, Any] | None, str | None]:
    """The saved record (or ``None``) and a message for the player when the save was damaged."""
    path = autosave_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"The saved game could not be read: {exc.strerror or exc}"
    try:
        record = json.loads(raw)
    except ValueError:
        record = None
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        return None, set_aside("it is damaged")
    return record, None


def read_saved() -> dict[str, Any] | None:
    """The saved record; ``None`` when there is none or it is damaged (then it is moved aside)."""
    return load_saved()[0]


def set_aside(why: str) -> str:
    """Move the current save to ``current.corrupt.json``; returns the message to show."""
    path, target = autosave_path(), corrupt_path()
    try:
        os.replace(path, target)
    except OSError as exc:
        return f"The saved game could not be resumed ({why}) nor moved aside: {exc.strerror or exc}"
    return f"The saved game could not be resumed ({why}); it was kept as {target.name}."


def clear_saved() -> None:
    """Forget the current game (the match ended)."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


def describe(record: dict[str, Any]) -> str:
    """A short line for the menu: the game, the players and the deal."""
    seats = record.get("seats") if isinstance(record.get("seats"), list) else []
    names = [str(s.get("name", "?")) for s in seats if isinstance(s, dict)]
    deals = record.get("deals") if isinstance(record.get("deals"), list) else []
    parts = [", ".join(names[:4]) + (" ..." if len(names) > 4 else "")] if names else []
    if len(deals) > 1:
        parts.append(f"deal {len(deals)}")
    return " - ".join(parts)
