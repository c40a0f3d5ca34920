"""How strong and how quick the bots are, for every game and level: one markdown table.

    python bench/bot_table.py [--games N] [--budget-ms MS] [--minutes M] [--seed S] [--only LEVEL] [GAME ...]

For every game with a ``hard`` bot (Tribello; 3-Player Troeven, both versions; Trio and Tryce at
3 players; Try's cooperative teams), plays ``cardtable-sim`` style matches with the seats rotated
(match ``i`` moves every bot one seat on, so each level sits everywhere alike):

- ``hard`` against two ``normal``; ``normal`` against two ``random``; ``easy`` against two ``normal``
  (competitive games, 3 players);
- all-``easy``, all-``normal`` and all-``hard`` teams at 2 and 3 players (Try: cooperative, the
  team's success rate is what counts).

Each row stops after ``--games`` matches or when its share of ``--minutes`` is spent, whichever
comes first, and says how many matches it played. Prints the strength table (each level's share of
the wins against its fair share, ``×``) and the latency table (p50 / p95 / max ms a decision per
level, with the issue's targets: easy p95 <= 5 ms, normal <= 50 ms, hard <= its budget).
Figures only; asserts nothing. Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.actions import events_for  # noqa: E402
from rules.bots import Bot, levels_for, make_bot  # noqa: E402
from rules.registry import list_games, load_game  # noqa: E402
from rules.shuffle import sub_seed  # noqa: E402
from rules.sim import _percentile  # noqa: E402

PAIRINGS = [("hard", "normal"), ("normal", "random"), ("easy", "normal")]  # one bot against two of another
TEAMS = [("easy", 2), ("normal", 2), ("hard", 2), ("easy", 3), ("normal", 3), ("hard", 3)]
TARGET_P95 = {"easy": 5.0, "normal": 50.0}


@dataclass
class Row:
    """One setting's matches: wins per level, decision times per level."""

    game: str
    variant: str
    players: int
    bots: list[str]
    matches: int = 0
    seconds: float = 0.0
    wins: dict[str, int] = field(default_factory=dict)
    team_wins: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)  # wall-clock ms a decision, per level
    cpu: dict[str, list[float]] = field(default_factory=dict)  # the thread's CPU ms a decision, per level

    @property
    def label(self) -> str:
        name = load_game(self.game).name
        variant = "" if len(load_game(self.game).variants) == 1 else f", {self.variant}"
        return f"{name}{variant} ({self.players}p)"

    def share(self, level: str) -> float:
        """``level``'s share of the winning seats over its fair share (its seats / the players)."""
        total = sum(self.wins.values())
        if not total:
            return 0.0
        return self.wins.get(level, 0) / total / (self.bots.count(level) / self.players)


def settings(game_id: str) -> list[tuple[str, int]]:
    """(variant, players) rows for a game: every version, 3 players (the issue's settings)."""
    game = load_game(game_id)
    if game_id == "trio":
        return [(game.variants[0], 3)]
    return [(variant, 3) for variant in game.variants if not variant.startswith("team")]


def cooperative(game_id: str) -> bool:
    return game_id in ("try",)


def play_match(
    game_id: str, players: int, variant: str, seed: int, levels: list[str], budget_ms: float | None, row: Row
) -> Any:
    """One match as ``cardtable-sim`` plays it (``rules.sim.play_match``: the same seats, bot seeds
    and events), timing each decision by the wall clock and by the thread's CPU time (on a
    shared machine the first counts the time other programs held the CPU)."""
    game = load_game(game_id)
    seats = [{"name": f"{name.capitalize()} {i + 1}", "kind": "bot", "level": name} for i, name in enumerate(levels)]
    state = game.new_match(players=players, variant=variant, seed=seed, seats=seats)
    bots = [make_bot(game_id, name, seat, sub_seed(seed, 1000 + seat)) for seat, name in enumerate(levels)]
    for bot in bots:
        if budget_ms is not None and hasattr(bot, "budget_ms"):
            bot.budget_ms = float(budget_ms)
    watching = [b for b in bots if type(b).observe is not Bot.observe]
    while not state.is_over:
        seat = state.current_player
        bot = bots[seat]
        wall, cpu = time.perf_counter(), time.thread_time()
        chosen = bot.choose(state.view(seat))
        row.times.setdefault(levels[seat], []).append((time.perf_counter() - wall) * 1000.0)
        row.cpu.setdefault(levels[seat], []).append((time.thread_time() - cpu) * 1000.0)
        events = state.apply(chosen, events=bool(watching))
        for watcher in watching:
            watcher.observe(events_for(events, watcher.seat))
    return state


def play_row(row: Row, games: int, seconds: float, budget_ms: float | None, seed: int) -> Row:
    start = time.perf_counter()
    players = row.players
    for i in range(games):
        if i and time.perf_counter() - start > seconds and i % players == 0:
            break  # out of time: stop on a whole rotation so every level sat everywhere alike
        seat_bots = [row.bots[(seat + i) % players] for seat in range(players)]
        state = play_match(row.game, players, row.variant, sub_seed(seed, i), seat_bots, budget_ms, row)
        row.matches += 1
        winners = state.winners
        if len(winners) == players:
            row.team_wins += 1
        for seat in winners:
            row.wins[seat_bots[seat]] = row.wins.get(seat_bots[seat], 0) + 1
    row.seconds = time.perf_counter() - start
    return row


def rows_for(game_id: str) -> list[Row]:
    if cooperative(game_id):
        variant = load_game(game_id).variants[0]
        return [Row(game_id, variant, players, [level] * players) for level, players in TEAMS]
    rows = []
    for variant, players in settings(game_id):
        for one, two in PAIRINGS:
            rows.append(Row(game_id, variant, players, [one] + [two] * (players - 1)))
    return rows


def fmt_ms(times: list[float]) -> str:
    ordered = sorted(times)
    if not ordered:
        return "—"
    return f"{_percentile(ordered, 0.5):.1f} / {_percentile(ordered, 0.95):.1f} / {ordered[-1]:.0f}"


def report(rows: list[Row], budget_ms: float) -> str:
    out = ["| Game | setting | matches | strength | time a decision, ms (p50 / p95 / max) |", "|---|---|---|---|---|"]
    for row in rows:
        if cooperative(row.game):
            setting = f"{row.players} × {row.bots[0]}"
            strength = f"team wins {100 * row.team_wins / max(1, row.matches):.1f} %"
            times = f"{row.bots[0]}: {fmt_ms(row.times.get(row.bots[0], []))}"
        else:
            one, two = row.bots[0], row.bots[1]
            setting = f"{one} vs 2 {two}"
            strength = f"{one} {row.share(one):.2f}× fair"
            times = "; ".join(
                f"{level}: {fmt_ms(row.times[level])}"
                for level in (one, two)
                if level != "random" and row.times.get(level)
            )
        out.append(f"| {row.label} | {setting} | {row.matches} | {strength} | {times} |")
    out += [
        "",
        "| Game | level | decisions | wall ms p50 / p95 / max | CPU ms p50 / p95 / max | target (p95) |",
        "|---|---|---|---|---|---|",
    ]
    by_game: dict[str, tuple[dict[str, list[float]], dict[str, list[float]]]] = {}
    for row in rows:
        walls, cpus = by_game.setdefault(row.label.split(" (")[0], ({}, {}))
        for level, times in row.times.items():
            walls.setdefault(level, []).extend(times)
            cpus.setdefault(level, []).extend(row.cpu[level])
    for label, (walls, cpus) in by_game.items():
        for level in ("easy", "normal", "hard"):
            wall, cpu = sorted(walls.get(level, [])), sorted(cpus.get(level, []))
            if not wall:
                continue
            limit = TARGET_P95.get(level, budget_ms)
            met = [name for name, ordered in (("wall", wall), ("CPU", cpu)) if _percentile(ordered, 0.95) <= limit]
            verdict = f"<= {limit:g}: met by {' and '.join(met)}" if met else f"<= {limit:g}: missed"
            if level == "hard":
                verdict += f"; max {'within' if wall[-1] <= budget_ms else 'over'} budget (wall)"
            out.append(f"| {label} | {level} | {len(wall)} | {fmt_ms(wall)} | {fmt_ms(cpu)} | {verdict} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="games (default: every game with a hard bot)")
    parser.add_argument("--games", type=int, default=300, help="matches per row at most (default 300)")
    parser.add_argument("--budget-ms", type=float, default=300.0, help="hard's thinking time a decision")
    parser.add_argument("--minutes", type=float, default=15.0, help="the whole run's time, shared by the rows")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="only the rows led by these levels (comma-separated: hard or normal,easy)")
    args = parser.parse_args(argv)
    ids = args.games_ids or [g for g in list_games() if "hard" in levels_for(g)]
    only = set(args.only.split(",")) if args.only else {"easy", "normal", "hard"}
    rows = [row for g in ids for row in rows_for(g) if row.bots[0] in only]
    # Rows with a hard bot take the most time: give them three shares to the others' one.
    weights = [3.0 if "hard" in row.bots else 1.0 for row in rows]
    started = time.perf_counter()
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    total = args.minutes * 60.0
    left = total
    for k, row in enumerate(rows):
        share = left * weights[k] / sum(weights[k:])
        play_row(row, args.games, share, args.budget_ms, args.seed)
        left = max(0.0, left - row.seconds)
        print(
            f"# {row.label} {'/'.join(row.bots)}: {row.matches} matches in {row.seconds:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Seats rotated; hard's budget {args.budget_ms:g} ms a decision; seed {args.seed}; "
        f"{time.perf_counter() - started:.0f} s; load average {load_before:.1f} at the start, "
        f"{load:.1f} at the end.\n"
    )
    print(report(rows, args.budget_ms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
