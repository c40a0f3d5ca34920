"""Lessons finished, per game: ``stats/lessons.json`` (``{"format": ..., "games": {id: {"finished":
n, "last": unix time}}}``). Read by the menu (a game never played nor learned offers its lesson
first) and the statistics screen. A damaged file is moved aside with a notice and counting
starts again; an entry that cannot be read is left out."""

from __future__ import annotations

import time
from typing import Any

from rules.ids import id_problem

from . import userfiles
from .stats import stats_dir
from .userfiles import Damaged

FORMAT = "cardtable-lessons/1"
MAX_BYTES = 256 * 1024


def path() -> Any:
    return stats_dir() / "lessons.json"


def finished() -> dict[str, tuple[int, float]]:
    """Game id -> (lessons finished, when last), for every game with one finished."""
    if userfiles.sealed():
        return {}
    where = path()
    try:
        data = userfiles.read_json(where, MAX_BYTES)
    except Damaged as exc:
        userfiles.set_aside(where, f"not readable ({exc})", "lessons finished are counted again")
        return {}
    if data is None:
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        userfiles.set_aside(where, "not a lessons file of this version", "lessons finished are counted again")
        return {}
    out = {}
    for game_id, entry in data["games"].items():
        if not isinstance(game_id, str) or id_problem(game_id) is not None or not isinstance(entry, dict):
            continue
        count, last = entry.get("finished"), entry.get("last")
        if isinstance(count, int) and not isinstance(count, bool) and count > 0 and isinstance(last, (int, float)):
            out[game_id] = (count, float(last))
    return out


def record(game_id: str) -> None:
    """One more lesson of ``game_id`` finished, durably. Raises OSError when the disk refuses."""
    if userfiles.sealed():
        return
    games = finished()
    count = games.get(game_id, (0, 0.0))[0] + 1
    games[game_id] = (count, time.time())
    userfiles.write_json(
        path(), {"format": FORMAT, "games": {g: {"finished": n, "last": t} for g, (n, t) in sorted(games.items())}}
    )
