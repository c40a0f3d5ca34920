"""Statistics and history: every finished match a human played, per game, in
``user_home()/stats/<game id>.json``, written with the same durable writes as saves.

A match is kept as a small :class:`Played` entry (when, variant, players, which seats were
human, the bot levels faced, the final scores, the winners and the running totals after each
deal). :func:`summary` turns a game's entries into what the statistics screen shows per
variant: matches played and won, best and average score, the current and the longest winning
streak, and the bot levels played against. "Best" follows the game: where the winners hold the
lowest score (a game that counts down to 0) the lowest is best.

A damaged file is moved aside with a notice (like a save) and the history starts again; a file
with damaged entries is moved aside whole (they are kept there) and its readable entries go on; a
history keeps the last :data:`KEEP` matches of each game. Demo mode writes nothing (the user
folder is sealed).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from . import userfiles
from .userfiles import Damaged

FORMAT = "cardtable-stats/1"
KEEP = 500  # matches kept per game: a chart of the last 500 is already dense
MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Played:
    """One finished match as the history keeps it."""

    ended: str  # ISO date and time, local, to the second
    variant: str
    players: int
    humans: tuple[int, ...]
    levels: tuple[str, ...]  # the bot seats' levels, in seat order
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    totals: tuple[tuple[int, ...], ...] = ()  # running totals after each deal

    @property
    def won(self) -> bool:
        """A human seat is among the winners (hot-seat: any of them)."""
        return any(seat in self.winners for seat in self.humans)

    @property
    def score(self) -> int:
        """The first human seat's final score (what the statistics rank)."""
        return self.scores[self.humans[0]] if self.humans else 0

    @property
    def lower_is_better(self) -> bool:
        """The winners hold the lowest score and someone else more (a count-down game)."""
        if not self.winners or len(set(self.scores)) < 2:
            return False
        best = [self.scores[s] for s in self.winners]
        return max(best) == min(self.scores) and min(best) < max(self.scores)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["totals"] = [list(row) for row in self.totals]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Played:
        """One entry; raises ValueError/TypeError/KeyError on a malformed one."""
        if not isinstance(data, dict):
            raise TypeError("an entry is not a table")
        players = int(data["players"])
        scores = tuple(int(x) for x in data["scores"])
        if not 1 <= players <= 12 or len(scores) != players:
            raise ValueError("players and scores disagree")

        def seats(values: Any) -> tuple[int, ...]:
            out = tuple(int(x) for x in values)
            if any(not 0 <= s < players for s in out):
                raise ValueError("a seat out of range")
            return out

        totals = tuple(tuple(int(x) for x in row) for row in data.get("totals") or ())
        if any(len(row) != players for row in totals):
            raise ValueError("a running total has the wrong number of seats")
        return cls(
            str(data["ended"])[:19],
            str(data["variant"])[:40],
            players,
            seats(data["humans"]),
            tuple(str(x)[:16] for x in data.get("levels") or ()),
            scores,
            seats(data["winners"]),
            totals,
        )


@dataclass(frozen=True)
class Summary:
    """One game and variant, as the statistics screen shows it."""

    game: str
    variant: str
    played: int
    won: int
    best: int | None
    average: float | None
    streak: int  # wins in a row up to the last match
    longest: int
    levels: dict[str, int] = field(default_factory=dict)  # bot level -> matches played against it
    lower_is_better: bool = False

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def stats_dir() -> Path:
    return userfiles.home() / "stats"


def stats_path(game_id: str) -> Path:
    """``stats/<game id>.json``; ValueError for an id that is not a safe name."""
    return userfiles.game_file(stats_dir(), game_id)


def played_from(state: Any, when: float | None = None) -> Played | None:
    """The history entry of a finished match (``None``: not over, or no human played)."""
    if not state.is_over:
        return None
    humans = tuple(i for i, s in enumerate(state.seats) if s.get("kind") != "bot")
    if not humans:
        return None
    levels = tuple(str(s.get("level", "normal")) for s in state.seats if s.get("kind") == "bot")
    totals = running_totals(state)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(when))
    return Played(
        stamp,
        str(state.variant),
        int(state.players),
        humans,
        levels,
        tuple(int(x) for x in state.scores),
        tuple(int(x) for x in state.winners),
        tuple(totals),
    )


def running_totals(state: Any) -> list[tuple[int, ...]]:
    """Each seat's total after each finished deal. A deal's result books what it changed, so the
    totals are found backwards from the current scores (a count-down game starts from a tally of
    its own, not from 0)."""
    running = [int(x) for x in state.scores]
    totals: list[tuple[int, ...]] = []
    for result in reversed(state.deal_results):
        totals.append(tuple(running))
        running = [a - b for a, b in zip(running, result.scores, strict=False)]
    totals.reverse()
    return totals


def played_any(game_id: str) -> bool:
    """Whether ``game_id`` has a statistics file (a match of it was counted), without reading it:
    the menu asks this of every game as it opens."""
    try:
        return not userfiles.sealed() and stats_path(game_id).is_file()
    except (ValueError, OSError):
        return False


def history(game_id: str) -> list[Played]:
    """``game_id``'s finished matches, oldest first. A damaged file is moved aside with a notice
    and the history starts empty. Entries that cannot be read are never lost: the whole file is
    moved aside (a copy holding them, with a notice) and the readable entries written back."""
    if userfiles.sealed():
        return []
    try:
        path = stats_path(game_id)
    except ValueError:
        return []
    out, bad = _read(path)
    if bad:
        _keep_aside(path, out, bad)
    return out


def _read(path: Path) -> tuple[list[Played], int]:
    """The readable entries of ``path`` and how many could not be read (a damaged file is
    moved aside here, with a notice)."""
    try:
        data = userfiles.read_json(path, MAX_BYTES)
    except Damaged as exc:
        userfiles.set_aside(path, f"not readable ({exc})", "statistics start again")
        return [], 0
    if data is None:
        return [], 0
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("matches"), list):
        userfiles.set_aside(path, "not a statistics file of this version", "statistics start again")
        return [], 0
    out, bad = [], 0
    for entry in data["matches"][-KEEP:]:
        try:
            out.append(Played.from_json(entry))
        except (KeyError, TypeError, ValueError, OverflowError):
            bad += 1
    return out, bad


def _keep_aside(path: Path, readable: list[Played], bad: int) -> None:
    """Move the file with ``bad`` unreadable entries aside (kept whole) and write the readable
    ones back. If it cannot be moved, it stays as it is: :func:`record` then refuses to write
    over it (the entries would be lost)."""
    noun = "entry" if bad == 1 else "entries"
    line = userfiles.set_aside(path, f"{bad} {noun} could not be read", f"the other {len(readable)} are counted")
    if path.exists():
        return  # not moved: left as it is for the player to look at
    try:
        _write(path, readable)
    except OSError as exc:
        userfiles.notice(f"{userfiles.shown(path)}: could not be written again ({exc.strerror or exc}); {line}")


def _write(path: Path, matches: Sequence[Played]) -> None:
    userfiles.write_json(path, {"format": FORMAT, "matches": [p.to_json() for p in matches][-KEEP:]})


def record(game_id: str, played: Played) -> None:
    """Add ``played`` to ``game_id``'s history, durably. Raises OSError when the disk refuses,
    or when unreadable entries could not be moved aside (writing would lose them)."""
    if userfiles.sealed():
        return
    path = stats_path(game_id)
    matches = history(game_id)
    if _read(path)[1]:
        raise OSError(f"{userfiles.shown(path)} holds entries that could not be read or moved aside")
    _write(path, [*matches, played])


def summary(game_id: str, matches: Sequence[Played]) -> list[Summary]:
    """Per variant (in the order first played), the figures of ``matches``."""
    by_variant: dict[str, list[Played]] = {}
    for played in matches:
        by_variant.setdefault(played.variant, []).append(played)
    out = []
    for variant, group in by_variant.items():
        lower = sum(p.lower_is_better for p in group) * 2 > len(group)
        scores = [p.score for p in group if p.humans]
        streak = longest = run = 0
        for played in group:
            run = run + 1 if played.won else 0
            longest = max(longest, run)
        streak = run
        levels = Counter(level for played in group for level in set(played.levels))
        out.append(
            Summary(
                game_id,
                variant,
                len(group),
                sum(p.won for p in group),
                (min(scores) if lower else max(scores)) if scores else None,
                sum(scores) / len(scores) if scores else None,
                streak,
                longest,
                dict(sorted(levels.items())),
                lower,
            )
        )
    return out
