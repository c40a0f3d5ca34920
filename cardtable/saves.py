"""Autosaves: each game keeps its own match in progress, as a record in
``user_home()/saves/<game id>.json`` (a match of each game can wait).

Written durably after every action (:mod:`cardtable.userfiles`); a finished match leaves no
save. A damaged save is never deleted: it is moved aside with a timestamped name and a
one-line notice. The old single save (``saves/current.json``) is moved to its game's name on
the first start (:func:`migrate`).

The menu reads saves with :func:`list_saved`, which checks their shape only (cheap); the
rules check everything when the match is resumed (``rules.replay``), and a save they refuse
is moved aside the same way (:func:`refuse`). Each version of a save is parsed once: the
menu's list and the resume share it (:func:`read_save`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rules
from rules.ids import is_id

from . import userfiles
from .userfiles import Damaged

OLD_NAME = "current.json"
MAX_NAME = 64  # a seat name longer than this is not one the app wrote
MAX_SEATS = 12
MAX_SAVE_BYTES = userfiles.MAX_JSON_BYTES


def saves_dir() -> Path:
    return userfiles.home() / "saves"


def save_path(game_id: str) -> Path:
    """``saves/<game id>.json``; ValueError for an id that is not a safe name."""
    folder = saves_dir()
    path = userfiles.game_file(folder, game_id)
    if not userfiles.inside(folder, path):
        raise ValueError(f"not a safe game id: {game_id!r}")
    return path


# --------------------------------------------------------------------- writing
def write_record(record: dict[str, Any]) -> None:
    """Save ``record`` (a match record) as its game's match in progress, durably.

    Raises OSError when the disk refuses, ValueError for a game id that is not a safe file
    name, TypeError/ValueError for a record that is not JSON (the old save is then kept).
    """
    userfiles.write_json(save_path(record.get("game")), record)


class _Writer:
    """Saves written off the frame: a durable write (fsync) costs 8–23 ms on a plain disk, too
    long for a frame. The table hands each move's record here; one thread writes the latest per
    game (a newer record replaces one not yet written) and ends when nothing is left, so the
    interpreter waits for a write in progress at exit. Readers in this process :meth:`flush`
    first and so always see the latest save, and so does the session before it makes the next
    move (``Session._settle_saves``): a kill loses at most the move in flight. (A meld game at top
    speed, bots back to back, once lost 24 moves when nothing waited.)"""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, tuple[dict[str, Any] | None, Callable[[str], None] | None]] = {}
        self._busy = False

    def submit(self, path: Path, record: dict[str, Any] | None, on_problem: Callable[[str], None] | None) -> None:
        """Write ``record`` to ``path`` soon (``None``: remove it)."""
        with self._cond:
            self._pending[path] = (record, on_problem)
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, name="cardtable-saves", daemon=False).start()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    self._busy = False
                    self._cond.notify_all()
                    return
                path = next(iter(self._pending))
                record, on_problem = self._pending.pop(path)
            problem = _write_at(path, record)
            if problem and on_problem is not None:
                on_problem(problem)

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every save handed over is written."""
        with self._cond:
            self._cond.wait_for(lambda: not self._busy, timeout)


_writer = _Writer()


def _write_at(path: Path, record: dict[str, Any] | None) -> str | None:
    try:
        if record is None:
            if not userfiles.sealed():
                path.unlink(missing_ok=True)
        else:
            userfiles.write_json(path, record)
    except OSError as exc:
        return f"The game could not be saved: {exc.strerror or exc}"
    except (TypeError, ValueError) as exc:
        return f"The game could not be saved: {exc}"
    return None


def write_now(game_id: str, record: dict[str, Any] | None) -> str | None:
    """Write (or with ``None`` clear) ``game_id``'s save now; the problem in words, or None."""
    try:
        path = save_path(game_id)
    except ValueError as exc:
        return f"The game could not be saved: {exc}"
    return _write_at(path, record)


def save_soon(game_id: str, record: dict[str, Any] | None, on_problem: Callable[[str], None] | None = None) -> None:
    """:func:`write_now` on the saves' own thread (the file named now: the user folder it is in
    never changes under a pending write); ``on_problem`` hears what went wrong."""
    try:
        path = save_path(game_id)
    except ValueError as exc:
        if on_problem is not None:
            on_problem(f"The game could not be saved: {exc}")
        return
    _writer.submit(path, record, on_problem)


def flush() -> None:
    """Wait for every save handed to :func:`save_soon` to be written."""
    _writer.flush()


def clear_saved(game_id: str) -> None:
    """Forget ``game_id``'s match in progress (it ended, or the player abandoned it)."""
    if userfiles.sealed():
        return
    try:
        save_path(game_id).unlink()
    except (FileNotFoundError, ValueError):
        pass


# --------------------------------------------------------------------- reading
@dataclass(frozen=True)
class Saved:
    """One match waiting: its game, the record and when it was last saved (epoch seconds)."""

    game_id: str
    record: dict[str, Any]
    path: Path
    mtime: float


def check_record(record: Any, game_id: str) -> dict[str, Any]:
    """The record's shape as the app writes it; :class:`Damaged` saying what is wrong."""
    if not isinstance(record, dict):
        raise Damaged(f"expected a match record (a JSON object), got {type(record).__name__}")
    if record.get("format") != rules.RECORD_FORMAT:
        raise Damaged(f"format: expected {rules.RECORD_FORMAT!r}")
    game = record.get("game")
    if game != game_id:
        shown = str(game)[:40] if isinstance(game, str) else type(game).__name__
        raise Damaged(f"holds a match of {shown!r}, not {game_id!r}")
    seats = record.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise Damaged(f"seats: expected a list of 1 to {MAX_SEATS} seats")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name", ""), str):
            raise Damaged(f"seats[{i}]: expected a seat with a name")
        if len(seat.get("name", "")) > MAX_NAME:
            raise Damaged(f"seats[{i}].name: longer than {MAX_NAME} characters")
        if seat.get("kind", "human") not in ("human", "bot"):
            raise Damaged(f"seats[{i}].kind: expected human or bot")
    players = record.get("players", len(seats))
    if type(players) is not int or players != len(seats):
        raise Damaged(f"players: expected {len(seats)}, the number of seats")
    seed = record.get("seed", 0)
    if type(seed) is not int or abs(seed) >= 2**63:
        raise Damaged("seed: expected a whole number")
    start = record.get("start", {"deal": 1})
    if not isinstance(start, dict) or type(start.get("deal", 1)) is not int or not 1 <= start.get("deal", 1) <= 10_000:
        raise Damaged("start.deal: expected a deal number from 1")
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise Damaged("deals: expected a non-empty list")
    for i, deal in enumerate(deals):
        if not isinstance(deal, dict) or not isinstance(deal.get("layout"), dict):
            raise Damaged(f"deals[{i}]: expected a deal with a layout")
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise Damaged(f"deals[{i}].actions: expected a list")
    if "totals" in record or "winners" in record:
        raise Damaged("holds a finished match")
    return record


#: path -> (the file's identity when read, its checked record): a save is parsed once, whether
#: the menu lists it (again on every return to it) or resumes it; written anew, it is read anew.
_parsed: dict[Path, tuple[tuple[int, int, int], dict[str, Any]]] = {}


def _identity(path: Path) -> tuple[int, int, int] | None:
    """Size, modification time and inode: a save written again (a rename over it) differs."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


def read_save(path: Path, game_id: str, keep: bool = True) -> dict[str, Any] | None:
    """The checked record in ``path`` (``None`` when there is none); :class:`Damaged` otherwise.
    Read once per version of the file; ``keep=False`` hands the record over (it is dropped from
    the cache: the session that resumes it owns it)."""
    identity = _identity(path)
    cached = _parsed.pop(path, None)
    if cached is not None and identity is not None and cached[0] == identity and cached[1].get("game") == game_id:
        record = cached[1]
    else:
        record = userfiles.read_json(path, MAX_SAVE_BYTES)
        if record is None:
            return None
        record = check_record(record, game_id)
    if keep and identity is not None:
        _parsed[path] = (identity, record)
    return record


def load_saved(game_id: str) -> dict[str, Any] | None:
    """``game_id``'s match in progress; a damaged save is moved aside (with a notice): ``None``."""
    flush()
    try:
        path = save_path(game_id)
    except ValueError:
        return None
    try:
        return read_save(path, game_id, keep=False)
    except Damaged as exc:
        userfiles.set_aside(path, str(exc))
        return None


def list_saved() -> list[Saved]:
    """Every match waiting, the most recently played first. Damaged saves are moved aside
    with a notice; files that are not saves (other names) are left alone."""
    flush()
    if userfiles.sealed():
        return []
    folder = saves_dir()
    try:
        paths = sorted(p for p in folder.iterdir() if p.suffix == ".json" and is_id(p.stem))
    except OSError:
        return []
    found = []
    for gone in set(_parsed) - set(paths):
        del _parsed[gone]
    for path in paths:
        if path.name == OLD_NAME:
            continue
        try:
            record = read_save(path, path.stem)
            mtime = path.stat().st_mtime
        except Damaged as exc:
            userfiles.set_aside(path, str(exc))
            continue
        except OSError:
            continue
        if record is not None:
            found.append(Saved(path.stem, record, path, mtime))
    found.sort(key=lambda s: -s.mtime)
    return found


def refuse(game_id: str, why: str) -> str:
    """The rules refused ``game_id``'s save on resume: move it aside; returns the notice."""
    try:
        path = save_path(game_id)
    except ValueError:
        return userfiles.notice(f"saves/{str(game_id)[:40]}: {why}")
    return userfiles.set_aside(path, f"could not be resumed ({why})")


# ------------------------------------------------------------------- migration
def prepare() -> None:
    """At start: clean temporary files left by a kill and move the old single save."""
    if userfiles.sealed():
        return
    userfiles.clean_temp(saves_dir())
    migrate()


def migrate() -> None:
    """Move ``saves/current.json`` (one save for all games) to ``saves/<game id>.json``."""
    old = saves_dir() / OLD_NAME
    try:
        raw = userfiles.read_json(old, MAX_SAVE_BYTES)
        if raw is None:
            return
        game_id = raw.get("game") if isinstance(raw, dict) else None
        if not isinstance(game_id, str) or not is_id(game_id):
            raise Damaged("not a match record of a known game")
        check_record(raw, game_id)
    except Damaged as exc:
        userfiles.set_aside(old, str(exc))
        return
    target = save_path(game_id)
    if target.exists():  # both: the per-game save is the newer one; the old is kept aside
        userfiles.set_aside(old, f"an older save of {game_id!r}")
        return
    try:
        old.rename(target)
    except OSError as exc:
        userfiles.notice(f"saves/{OLD_NAME}: could not be moved to {target.name} ({exc.strerror or exc})")


# ------------------------------------------------------------------ describing
def progress(record: dict[str, Any], game: rules.Game | None = None) -> str:
    """How far the match is: "deal 2 of 12" ("hand 1 of 7": the game's word) when the game has
    a fixed number of deals, else the presenter's words ("turn 7" in a game of one deal), else
    "deal 4", or in the first deal the moves made ("deal 1, 17 moves in")."""
    deals = record.get("deals") if isinstance(record.get("deals"), list) else []
    start = record.get("start") if isinstance(record.get("start"), dict) else {}
    first = start.get("deal", 1) if type(start.get("deal", 1)) is int else 1
    number = first + max(0, len(deals) - 1)
    total = total_deals(game, record.get("variant")) if game is not None else None
    word = deal_word(game, record.get("variant")) if game is not None else "deal"
    if total:
        return f"{word} {min(number, total)} of {total}"
    last = deals[-1] if deals and isinstance(deals[-1], dict) else {}
    actions = last.get("actions") if isinstance(last.get("actions"), list) else []
    moves = [
        (a[0], a[1])
        for a in actions
        if isinstance(a, list) and len(a) > 1 and type(a[0]) is int and isinstance(a[1], str)
    ]
    said = _presenter_words(game, record.get("variant"), number, moves) if game is not None else None
    if said:
        return said
    if number > 1:
        return f"{word} {number}"
    return f"{word} 1, {len(moves)} move{'s' if len(moves) != 1 else ''} in" if moves else "just started"


def _presenter_words(game: rules.Game, variant: Any, number: int, moves: list[tuple[int, str]]) -> str | None:
    """The game presenter's words for how far its match is (None when it has none, or fails:
    a damaged save or a third party's presenter never breaks the menu)."""
    try:
        from rules.presenter import presenter_for

        presenter = presenter_for(game, game.deck(variant if variant in game.variants else game.variants[0]))
        said = presenter.progress_words(number, moves)
    except Exception:  # noqa: BLE001 - any presenter's error: the table's own words
        return None
    return userfiles.one_line(said, 60) if isinstance(said, str) and said.strip() else None


def _deal_table(game: rules.Game, variant: Any = None) -> dict[str, Any]:
    """The rules file's ``[deal]`` table, a variant's ``deal`` table overriding."""
    deal = dict(game.config.deal)
    override = game.config.variants.get(variant or game.variants[0], {}).get("deal")
    if isinstance(override, dict):
        deal.update(override)
    return deal


def _board(deal: dict[str, Any]) -> list[Any]:
    """The ``board`` of ``[deal]``: one row per deal of the match (what each deals), if any."""
    board = deal.get("board")
    return board if isinstance(board, list) and all(isinstance(row, dict) for row in board) else []


def deal_word(game: rules.Game, variant: Any = None) -> str:
    """What the game calls a deal: "hand" when its ``[deal]`` board numbers its rows by
    ``hand``, else "deal"."""
    try:
        board = _board(_deal_table(game, variant))
    except (AttributeError, KeyError, TypeError, IndexError):
        return "deal"
    return "hand" if board and all("hand" in row for row in board) else "deal"


def total_deals(game: rules.Game, variant: Any = None) -> int | None:
    """A game's fixed number of deals, from its rules file (``deals_per_round`` times the
    ``rounds`` of ``[deal]``, or ``deals``, or one per row of its ``board``; a variant's
    ``deal`` table overriding); ``None`` when the match has no fixed length."""
    try:
        deal = _deal_table(game, variant)
        per_round = deal.get("deals_per_round")
        rounds = deal.get("rounds")
        if type(per_round) is int and isinstance(rounds, list) and per_round > 0 and rounds:
            return per_round * len(rounds)
        count = deal.get("deals")
        if type(count) is int and count > 0:
            return count
        if _board(deal):
            return len(_board(deal))
    except (AttributeError, KeyError, TypeError, IndexError):
        return None
    return None


def when(mtime: float, now: float | None = None) -> str:
    """When a save was last written, as a player says it: "today 14:05", "yesterday", "3 Dec"."""
    now = time.time() if now is None else now
    then, today = time.localtime(mtime), time.localtime(now)
    days = _day(today) - _day(then)
    if days <= 0:
        return f"today {then.tm_hour:02d}:{then.tm_min:02d}"
    if days == 1:
        return "yesterday"
    month = time.strftime("%b", then)
    if then.tm_year == today.tm_year:
        return f"{then.tm_mday} {month}"
    return f"{then.tm_mday} {month} {then.tm_year}"


def _day(t: time.struct_time) -> int:
    return int(time.mktime((t.tm_year, t.tm_mon, t.tm_mday, 12, 0, 0, 0, 0, -1)) // 86400)
