"""Engine and bot speed: whole matches per second, headless; prints figures, asserts nothing.

    python bench/sim_speed.py [GAME ...] [--runs R] [--games K] [--bot-games K] [--bot LEVEL]

For each game (default: try) and each player count it allows: random-play games/s and
decisions/s, then games/s and decisions/s with every seat played by LEVEL (default normal),
plus the bot's own time per decision (choose() alone). Each figure is the median of R runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import events_for, load_game  # noqa: E402
from rules.bots import make_bot  # noqa: E402
from rules.shuffle import sub_seed  # noqa: E402
from rules.sim import run_matches  # noqa: E402


def bot_decision_time(game_id: str, players: int, level: str, games: int, seed: int) -> tuple[float, int]:
    """Seconds spent inside ``choose`` and the number of decisions, over ``games`` matches."""
    game = load_game(game_id)
    spent = 0.0
    decisions = 0
    for i in range(games):
        state = game.new_match(players=players, seed=seed + i)
        bots = [make_bot(game.id, level, seat, sub_seed(seed + i, 1000 + seat)) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            start = time.perf_counter()
            text = bots[seat].choose(view)
            spent += time.perf_counter() - start
            decisions += 1
            events = state.apply(text)
            for bot in bots:
                bot.observe(events_for(events, bot.seat))
    return spent, decisions


def median_of(runs: int, measure) -> float:
    return statistics.median(measure(r) for r in range(runs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Engine and bot speed (median of several runs).")
    parser.add_argument("games_ids", nargs="*", default=["try"], metavar="GAME")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=300, help="random-play matches per run")
    parser.add_argument("--bot-games", type=int, default=40, help="bot matches per run")
    parser.add_argument("--bot", default="normal")
    args = parser.parse_args(argv)
    print(f"median of {args.runs} runs; Python {sys.version.split()[0]}")
    for game_id in args.games_ids:
        game = load_game(game_id)
        lo, hi = game.player_range()
        for players in range(lo, hi + 1):
            for level, games in (("random", args.games), (args.bot, args.bot_games)):
                summaries = [
                    run_matches(game_id, players, None, games, 1000 * r, [level]).summary() for r in range(args.runs)
                ]
                gps = statistics.median(s["matches_per_s"] for s in summaries)
                dps = statistics.median(s["decisions_per_s"] for s in summaries)
                line = f"{game_id} {players}p {level:>6}: {gps:8.1f} games/s {dps:9.0f} decisions/s"
                if level != "random":
                    times = [
                        bot_decision_time(game_id, players, level, max(1, games // 2), 5000 + 1000 * r)
                        for r in range(args.runs)
                    ]
                    ms = statistics.median(1000 * spent / max(1, n) for spent, n in times)
                    line += f"   bot {ms:.3f} ms/decision ({1000 / ms if ms else 0:.0f} decisions/s in choose)"
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
