"""The new-game screen's last choices per game (variant, number of players, settings, each seat's
name, kind and bot level), kept in ``user_home()/last_choices.json`` with the same durable writes
as saves (:mod:`cardtable.userfiles`).

A missing file means no choices yet; a damaged one (not JSON, not an object, a game's entry of
the wrong shape) is moved aside with a one-line notice and the defaults are used, never a
traceback. The values are only what the player chose last: the new-game screen checks each one
against the game's rules file before using it (a variant or a setting value the game no longer
has is dropped, the rest kept).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import userfiles
from .userfiles import Damaged

FORMAT = "cardtable-last-choices/1"
MAX_BYTES = 256 * 1024
MAX_SEATS = 8
MAX_NAME = 16
SEAT_KINDS = ("human", "bot")


def choices_path() -> Path:
    return userfiles.home() / "last_choices.json"


def _word(value: Any, limit: int = 40) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def _scalar(value: Any) -> bool:
    return isinstance(value, (bool, int, str)) and (not isinstance(value, str) or len(value) <= 40)


def check_entry(entry: Any) -> str | None:
    """What is wrong with one game's choices (None: the shape is right)."""
    if not isinstance(entry, dict):
        return f"expected an object, got {type(entry).__name__}"
    if "variant" in entry and not _word(entry["variant"]):
        return "variant: expected a short word"
    players = entry.get("players")
    if players is not None and not (
        isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= MAX_SEATS
    ):
        return f"players: expected a number from 1 to {MAX_SEATS}"
    settings = entry.get("settings", {})
    if not isinstance(settings, dict) or not all(_word(k) and _scalar(v) for k, v in settings.items()):
        return "settings: expected names with a number, true/false or a word each"
    seats = entry.get("seats", [])
    if not isinstance(seats, list) or len(seats) > MAX_SEATS:
        return f"seats: expected a list of at most {MAX_SEATS}"
    for i, seat in enumerate(seats):
        if not (
            isinstance(seat, dict)
            and isinstance(seat.get("name", ""), str)
            and len(seat.get("name", "")) <= MAX_NAME
            and seat.get("kind") in SEAT_KINDS
            and (seat.get("level") is None or _word(seat["level"]))
        ):
            return f"seats[{i}]: expected a name, a kind (human or bot) and a bot's level"
    return None


def load_all(path: Path | None = None) -> tuple[dict[str, dict[str, Any]], str | None]:
    """Every game's last choices and a notice (None when all is well). A damaged file is moved
    aside: no choices, and the notice says so."""
    path = path or choices_path()
    try:
        data = userfiles.read_json(path, MAX_BYTES)
    except Damaged as exc:
        return {}, userfiles.set_aside(path, str(exc), "the new-game screen starts from the defaults")
    if data is None:
        return {}, None
    problem = None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        problem = f"expected an object with format {FORMAT!r} and its games"
    else:
        for game_id, entry in data["games"].items():
            what = check_entry(entry)
            if what:
                problem = f"{userfiles.one_line(game_id, 40)}: {what}"
                break
    if problem:
        return {}, userfiles.set_aside(path, problem, "the new-game screen starts from the defaults")
    return data["games"], None


def load(game_id: str, path: Path | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """``game_id``'s last choices (None: none kept) and a notice about a damaged file."""
    games, notice = load_all(path)
    return games.get(game_id), notice


def save(game_id: str, entry: dict[str, Any], path: Path | None = None) -> str | None:
    """Keep ``entry`` as ``game_id``'s last choices, durably (the other games' are kept);
    returns a one-line message when the disk refused or the entry is not of the right shape."""
    what = check_entry(entry)
    if what:
        return f"Your choices were not kept: {what}"
    path = path or choices_path()
    games, _notice = load_all(path)
    games[game_id] = entry
    try:
        userfiles.write_json(path, {"format": FORMAT, "games": games}, indent=1)
    except OSError as exc:
        return f"Could not keep your choices: {exc.strerror or exc}"
    return None
