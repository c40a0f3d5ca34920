"""Try's bots as a team: the success rate of all-easy, all-normal and all-hard tables, and move times.

    python bench/try_bots.py [--players 2 3] [--levels easy normal hard] [--games 1000]
                             [--hard-games N] [--minutes M] [--budget-ms 50] [--worlds N] [--seed 0]

Every level plays the same deals (match ``i`` has seed ``seed + i``, as ``cardtable-sim``). ``hard``
is expensive: it plays ``--hard-games`` deals (default: as ``--games``) and stops early when
``--minutes`` have passed; the line says how many it played. ``--worlds N`` caps ``hard``'s worlds
per decision and lifts its time budget, so its strength does not depend on how busy the machine is
(its move times then say what those worlds cost here). Prints one line per level and player
count: games, team wins, success rate (with a 95 % interval), mean score, move times p50/p95/max.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from rules.registry import load_game
from rules.sim import play_match


def interval(wins: int, games: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a success rate."""
    if games == 0:
        return 0.0, 0.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(players: int, level: str, games: int, seed: int, budget_ms: float | None, minutes: float | None) -> str:
    game = load_game("try")
    think: dict[str, list[float]] = {}
    wins = played = 0
    scores: list[int] = []
    start = time.perf_counter()
    for i in range(games):
        if minutes is not None and time.perf_counter() - start > minutes * 60:
            break
        state, _decisions = play_match(game, players, None, seed + i, [level] * players, budget_ms, think)
        played += 1
        wins += state.outcome == "win"
        scores.append(state.team_score)
    times = sorted(think.get(level, [0.0]))

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))]

    low, high = interval(wins, played)
    budget = ""
    if level == "hard" and budget_ms is not None:
        from rules.games.try_.search import TryHardBot

        budget = f" {TryHardBot.worlds} worlds" if budget_ms >= 1e9 else f" budget {budget_ms:g} ms"
    return (f"try {players}p all-{level}{budget}: {played} games, {wins} wins, "
            f"{100 * wins / max(1, played):.1f} % (95 % {100 * low:.1f}-{100 * high:.1f}), "
            f"mean score {statistics.fmean(scores) if scores else 0:.1f}; "
            f"move p50 {pct(0.5):.2f} ms, p95 {pct(0.95):.2f} ms, max {times[-1]:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 2])
    parser.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hard-games", type=int, default=None)
    parser.add_argument("--minutes", type=float, default=None, help="stop each hard run after this long")
    parser.add_argument("--budget-ms", type=float, default=50.0)
    parser.add_argument("--worlds", type=int, default=None, help="hard: this many worlds per decision, no time limit")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    budget = args.budget_ms
    if args.worlds is not None:
        from rules.games.try_.search import TryHardBot

        TryHardBot.worlds = args.worlds
        budget = 1e9
    for players in args.players:
        for level in args.levels:
            hard = level == "hard"
            games = args.hard_games or args.games if hard else args.games
            print(run(players, level, games, args.seed, budget if hard else None,
                      args.minutes if hard else None), flush=True)


if __name__ == "__main__":
    main()
