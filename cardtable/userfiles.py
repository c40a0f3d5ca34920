"""The player's files in the user data folder (``rules.user_home()``): read them without ever
failing, write them durably, and move a damaged one aside with a one-line notice.

Shared by saves, settings and (later) statistics:

- :func:`read_json` returns the data or raises :class:`Damaged` with what was wrong: too big,
  not UTF-8, not JSON, nested too deep, a number out of range (``Infinity``, ``1e400``).
- :func:`write_json` / :func:`write_bytes`: a temporary file in the same folder, flush and
  fsync, rename over the old file, then fsync the folder where the platform allows (not on
  Windows). A kill at any moment leaves the old file or the new one, never half of one.
- :func:`move_aside` renames a damaged file to ``<stem>.damaged-YYYYMMDD-HHMMSS<suffix>``
  (``-2``, ``-3``... when that name is taken: every copy kept, never deleted) and
  :func:`notice` records the one line for the player (the menu and a toast show it) and
  prints it on stderr.
- :func:`clean_temp` removes the temporary files a killed process left behind.
- :func:`seal` (the ``--demo``): from then on nothing is read from or written to the folder.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

from rules import user_home
from rules.ids import id_problem

TMP_SUFFIX = ".cardtable-tmp"
DAMAGED_TAG = ".damaged-"
MAX_JSON_BYTES = 8 * 1024 * 1024  # a save of a very long match is well under 1 MB
MAX_DEPTH = 64  # nesting deeper than this is not one of our files
STALE_TMP_SECONDS = 60.0

_sealed = False
#: Every notice of this run, oldest first (the menu shows them; the app toasts each once).
notices: list[str] = []


class Damaged(ValueError):
    """A file that exists but cannot be used; ``str()`` says what was wrong, in a few words."""


NOT_A_FILE = "not a regular file (a pipe or a device): left in place, not read"


def not_a_file(path: Path) -> bool:
    """Whether ``path`` exists as something other than a file or a folder (a named pipe, a
    device, a socket): opening one may wait for ever, so it is never opened. Asked with a stat
    before any open: ``O_NONBLOCK`` alone does not keep Windows from waiting."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


# ----------------------------------------------------------------- demo mode
def seal() -> None:
    """Never read or write the user data folder again in this process (``--demo``)."""
    global _sealed
    _sealed = True


def unseal() -> None:
    global _sealed
    _sealed = False


def sealed() -> bool:
    return _sealed


def home() -> Path:
    return user_home()


def shown(path: Path) -> str:
    """``path`` as the player reads it: relative to the user data folder when inside it."""
    try:
        return Path(path).resolve().relative_to(home().resolve()).as_posix()
    except (ValueError, OSError):
        return Path(path).name


def inside(folder: Path, path: Path) -> bool:
    """Whether ``path`` stays inside ``folder`` once resolved (no ``..``, no absolute escape)."""
    try:
        return Path(path).resolve().parent == Path(folder).resolve()
    except (OSError, RuntimeError):
        return False


# -------------------------------------------------------------------- reading
def game_file(folder: Path, game_id: str) -> Path:
    """``<folder>/<game id>.json`` (a save, a game's statistics); ValueError for an id that is not
    a safe name."""
    problem = id_problem(game_id)
    if problem is not None:
        raise ValueError(f"not a game id ({problem})")
    return folder / f"{game_id}.json"


def read_bytes(path: Path, limit: int = MAX_JSON_BYTES) -> bytes | None:
    """The file's bytes, ``None`` when it does not exist; :class:`Damaged` when unreadable or too big."""
    if _sealed:
        return None
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError
        if not stat.S_ISREG(mode):
            raise Damaged(NOT_A_FILE)
        # O_NONBLOCK: a file swapped for a pipe since the stat is still not waited on (POSIX)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise Damaged(NOT_A_FILE)
            data = handle.read(limit + 1)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise Damaged("a folder where a file should be") from None
    except OSError as exc:
        raise Damaged(f"could not be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
        raise Damaged(f"larger than {size}")
    return data


def _bad_constant(name: str) -> Any:
    raise Damaged(f"holds {name}, which is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Damaged(f"holds the number {text[:20]}, out of range")
    return value


def _depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Nesting depth (a leaf inside a container counts a level), iteratively (never a
    RecursionError). Only containers are walked: a save is mostly strings, and stepping through
    each of them made this cost six times the parse of a 4 MB save."""
    if not isinstance(value, (dict, list)):
        return 1
    deepest = 1
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        if children:
            deepest = max(deepest, level + 1)
            if level + 1 > limit:
                return level + 1
            stack.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def parse_json(data: bytes) -> Any:
    """JSON from bytes, or :class:`Damaged` naming what was wrong."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Damaged(f"not UTF-8 text (byte {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise Damaged("empty")
    try:
        value = json.loads(text, parse_constant=_bad_constant, parse_float=_finite)
    except Damaged:
        raise
    except json.JSONDecodeError as exc:
        raise Damaged(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise Damaged(f"nested deeper than {MAX_DEPTH} levels") from None
    except (ValueError, MemoryError) as exc:
        raise Damaged(f"not valid JSON ({type(exc).__name__})") from None
    if value is None:  # never one of our files (and None means "no file" to callers)
        raise Damaged("holds only null")
    if _depth(value) > MAX_DEPTH:
        raise Damaged(f"nested deeper than {MAX_DEPTH} levels")
    return value


def read_json(path: Path, limit: int = MAX_JSON_BYTES) -> Any:
    """The JSON in ``path``; ``None`` when there is no such file; :class:`Damaged` otherwise."""
    data = read_bytes(path, limit)
    if data is None:
        return None
    return parse_json(data)


# -------------------------------------------------------------------- writing
def write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` durably (see the module's docstring). Raises OSError."""
    if _sealed:
        return
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns() % 1_000_000}{TMP_SUFFIX}")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
    sync_folder(path.parent)


def write_json(path: Path, value: Any, indent: int | None = None) -> None:
    """``value`` as JSON in ``path``, durably. Raises OSError, or TypeError/ValueError for a
    value that is not JSON (before anything is written)."""
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(value, indent=indent, separators=separators, allow_nan=False)
    write_bytes(path, text.encode("utf-8"))


def sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it survives a power cut (POSIX only; Windows has none)."""
    if os.name == "nt" or not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":
        return False  # judged by age alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def clean_temp(folder: Path) -> list[Path]:
    """Remove the temporary files a killed writer left in ``folder``; returns those removed.

    A temporary file of a process still running (another Cardtable window) is left alone
    unless it is older than a minute.
    """
    if _sealed:
        return []
    removed = []
    try:
        candidates = [p for p in Path(folder).iterdir() if p.name.endswith(TMP_SUFFIX) and p.name.startswith(".")]
    except OSError:
        return []
    now = time.time()
    for path in candidates:
        parts = path.name[: -len(TMP_SUFFIX)].rsplit(".", 2)
        try:
            pid = int(parts[-2])
        except (ValueError, IndexError):
            pid = -1
        try:
            old = now - path.stat().st_mtime > STALE_TMP_SECONDS
            if old or pid < 0 or not _pid_alive(pid):
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


# ---------------------------------------------------------------- moving aside
def damaged_name(path: Path, stamp: str, n: int = 1) -> str:
    """``<game id>.json`` -> ``<game id>.damaged-20261201-210455.json``; a rules file keeps no
    ``.toml`` ending (``mine.toml.damaged-...``) so it is never read as rules again."""
    extra = "" if n == 1 else f"-{n}"
    if path.suffix == ".toml":
        return f"{path.name}{DAMAGED_TAG}{stamp}{extra}"
    return f"{path.stem}{DAMAGED_TAG}{stamp}{extra}{path.suffix}"


def move_aside(path: Path) -> Path:
    """Rename ``path`` to a timestamped damaged name beside it, never over an earlier copy.
    Returns the new path; raises OSError when the file cannot be moved."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(damaged_name(path, stamp, n))
        if target.exists():
            continue
        try:
            os.link(path, target)  # fails if the target appeared meanwhile: nothing overwritten
        except FileExistsError:
            continue
        except (OSError, NotImplementedError):
            if target.exists():
                continue
            os.rename(path, target)  # no hard links here (FAT, some shares): check-then-rename
            return target
        os.unlink(path)
        sync_folder(path.parent)
        return target
    raise OSError(f"too many damaged copies of {path.name}")


def set_aside(path: Path, what: str, after: str = "") -> str:
    """Move a damaged file aside and record the one-line notice naming it and what was wrong."""
    name = shown(path)
    what = one_line(what)
    if _sealed:
        return notice(f"{name}: {what}")
    if not_a_file(path):  # a pipe or a device is not ours to move: it stays, said once a run
        line = one_line(f"{name}: {what}", 300)
        return line if line in notices else notice(line)
    try:
        target = move_aside(path)
    except OSError as exc:
        return notice(f"{name}: {what}; it could not be moved aside ({exc.strerror or exc})")
    tail = f"; {after}" if after else ""
    return notice(f"{name}: {what}; kept as {target.name}{tail}")


def one_line(text: str, limit: int = 200) -> str:
    """``text`` as one short line (long strings from a damaged file are cut)."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def notice(message: str) -> str:
    """Record a notice for the player and print it as one line on stderr; returns it."""
    message = one_line(message, 300)
    notices.append(message)
    try:
        print(f"cardtable: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return message
