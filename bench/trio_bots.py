"""Trio bots: decision time per level (p50/p95/max) and random engine playouts per second.

    python bench/trio_bots.py [--games K] [--seed S]

Plays K matches per setting (3 players simple and spicy: hard against two normal bots, seats
rotated; 4 players in teams: hard + hard against normal + normal; 3 players: easy against two
random bots) and times every ``choose`` call, then times pure random playouts of the engine
(legal actions and apply, no views) for every variant and player count.  Prints figures;
asserts nothing.  The target for the hard bot is p95 <= 500 ms a decision.
"""

from __future__ import annotations

import argparse
import random
import time

import rules
from rules.bots import make_bot

SETTINGS = [
    ("simple", ["hard", "normal", "normal"]),
    ("spicy", ["hard", "normal", "normal"]),
    ("team-simple", ["hard", "normal", "hard", "normal"]),
    ("simple", ["easy", "random", "random"]),
]
PLAYOUTS = [
    ("simple", 3),
    ("simple", 4),
    ("simple", 5),
    ("simple", 6),
    ("spicy", 3),
    ("spicy", 6),
    ("team-simple", 4),
    ("team-simple", 6),
    ("team-spicy", 4),
    ("team-spicy", 6),
]


def timed_match(variant: str, levels: list[str], seed: int, times: dict[str, list[float]]) -> list[int]:
    """One match of bots; the time of every decision goes to ``times[level]``; returns the winners' levels' seats."""
    game = rules.load_game("trio")
    state = game.new_match(players=len(levels), variant=variant, seed=seed)
    bots = [make_bot("trio", level, seat, seed * 31 + seat) for seat, level in enumerate(levels)]
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        start = time.perf_counter()
        text = bots[seat].choose(view)
        times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        state.apply(text, events=False)
    return state.winners


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_bots(games: int, seed: int) -> None:
    for variant, levels in SETTINGS:
        times: dict[str, list[float]] = {}
        wins = dict.fromkeys(levels, 0)
        for k in range(games):
            shift = k % len(levels)
            seated = levels[shift:] + levels[:shift]
            for winner in set(timed_match(variant, seated, seed + k, times)):
                wins[seated[winner]] += 1
        print(f"{variant}, {len(levels)} players, {'/'.join(levels)}, {games} matches, seats rotated")
        print("  wins (a team's win counts once per level): " + ", ".join(f"{lv} {w}" for lv, w in wins.items()))
        for level, values in times.items():
            print(
                f"  {level:6s} {len(values):6d} decisions  p50 {percentile(values, 0.5) * 1000:7.1f} ms  "
                f"p95 {percentile(values, 0.95) * 1000:7.1f} ms  max {max(values) * 1000:7.1f} ms"
            )


def bench_playouts(seconds: float, seed: int) -> None:
    game = rules.load_game("trio")
    print("random playouts (engine only: legal_actions + apply without events)")
    for variant, players in PLAYOUTS:
        rng = random.Random(seed)
        matches = steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_match(players=players, variant=variant, seed=seed + matches)
            while not state.is_over:
                actions = state.legal_actions()
                state.apply(actions[int(rng.random() * len(actions))], events=False)
                steps += 1
            matches += 1
        elapsed = time.perf_counter() - start
        print(
            f"  {variant:11s} {players} players: {matches / elapsed:6.1f} matches/s, "
            f"{steps / elapsed:8.0f} actions/s, {steps / matches:6.0f} actions a match"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--playout-seconds", type=float, default=2.0)
    args = parser.parse_args()
    bench_bots(args.games, args.seed)
    bench_playouts(args.playout_seconds, args.seed)


if __name__ == "__main__":
    main()
