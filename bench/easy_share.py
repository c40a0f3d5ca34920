"""How strong ``easy`` is in every game: its share of the wins against two ``normal`` players.

    python bench/easy_share.py [--matches N] [--coop-matches N] [--seed S] [GAME[:VARIANT] ...]

Every game found (the built-ins and installed plugins; every version of 3-Player Troeven and
Trio's non-team ones) at 3 players: ``--matches`` whole matches of one ``easy`` against two
``normal`` (``rules.sim.play_match``: the same seats, bot seeds and events as
``cardtable-sim``), the seats rotated (match ``i`` puts ``easy`` at seat ``i`` mod 3).

*Share* is the README's "×": ``easy``'s share of the winning seats (a shared win counts for each
winner) over its fair share, a third; 1× plays as well as ``normal``, and the target for a gentle
opponent is 0.6×–0.9×. Try is cooperative (the whole table wins or loses together), so there the
share is the team's success with one ``easy`` seat over that of three ``normal`` on the same deals
(``--coop-matches`` of each, as a Try success is rare). The 95 % interval is a bootstrap over the
matches (2,000 resamples, paired for Try). Figures only; asserts nothing. Run it under ``nice``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.registry import list_games, load_game  # noqa: E402
from rules.shuffle import sub_seed  # noqa: E402
from rules.sim import play_match  # noqa: E402

PLAYERS = 3
COOPERATIVE = {"try"}  # every seat wins or loses together
RESAMPLES = 2000


def settings() -> list[tuple[str, str]]:
    """(game, variant) for every game found: each version that three players play alone."""
    out = []
    for game_id in list_games():
        game = load_game(game_id)
        for variant in game.variants:
            if variant.startswith("team"):
                continue
            lo, hi = game.player_range(variant)
            if lo <= PLAYERS <= hi:
                out.append((game_id, variant))
    return out


def interval(pairs: list[tuple[float, float]], rng: random.Random) -> tuple[float, float, float]:
    """sum(x) / sum(y) for (x, y) per match, scaled by 3 where a seat's fair share is a third, and
    its 2.5 and 97.5 percentiles over bootstrap resamples of the matches."""

    def ratio(sample: list[tuple[float, float]]) -> float:
        down = sum(y for _x, y in sample)
        return sum(x for x, _y in sample) / down if down else 0.0

    n = len(pairs)
    ratios = sorted(ratio([pairs[int(rng.random() * n)] for _ in range(n)]) for _ in range(RESAMPLES))
    return ratio(pairs), ratios[int(0.025 * RESAMPLES)], ratios[int(0.975 * RESAMPLES) - 1]


def competitive(game_id: str, variant: str, matches: int, seed: int) -> tuple[str, float, float, float]:
    game = load_game(game_id)
    pairs = []
    for i in range(matches):
        bots = ["easy" if seat == i % PLAYERS else "normal" for seat in range(PLAYERS)]
        state, _decisions = play_match(game, PLAYERS, variant, sub_seed(seed, i), bots)
        winners = state.winners
        pairs.append((PLAYERS * float(i % PLAYERS in winners), float(len(winners))))
    share, lo, hi = interval(pairs, random.Random(seed))
    wins = sum(1 for x, _y in pairs if x)
    return f"{wins} of {matches} matches won", share, lo, hi


def cooperative(game_id: str, variant: str, matches: int, seed: int) -> tuple[str, float, float, float]:
    """Paired: the same deal with one ``easy`` (rotated) and with three ``normal``."""
    game = load_game(game_id)
    pairs = []
    for i in range(matches):
        bots = ["easy" if seat == i % PLAYERS else "normal" for seat in range(PLAYERS)]
        with_easy, _ = play_match(game, PLAYERS, variant, sub_seed(seed, i), bots)
        alone, _ = play_match(game, PLAYERS, variant, sub_seed(seed, i), ["normal"] * PLAYERS)
        pairs.append((float(len(with_easy.winners) == PLAYERS), float(len(alone.winners) == PLAYERS)))
    share, lo, hi = interval(pairs, random.Random(seed))
    won = sum(x for x, _y in pairs)
    base = sum(y for _x, y in pairs)
    return f"team won {won:.0f} of {matches} with easy, {base:.0f} all normal", share, lo, hi


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("which", nargs="*", metavar="GAME[:VARIANT]", help="default: every game found")
    parser.add_argument("--matches", type=int, default=300, help="matches per game (default 300)")
    parser.add_argument("--coop-matches", type=int, default=3000, help="deals each way in Try (default 3000)")
    parser.add_argument("--seed", type=int, default=24_000)
    args = parser.parse_args(argv)
    chosen = settings()
    if args.which:
        wanted = [w.split(":", 1) for w in args.which]
        chosen = [(g, v) for g, v in chosen if any(w[0] == g and (len(w) == 1 or w[1] == v) for w in wanted)]
        if not chosen:
            print(f"no such game here: {' '.join(args.which)} (found: {', '.join(list_games())})")
            return 2
    print("| Game | easy vs 2 normal | share (95 % interval) | matches | s |")
    print("|---|---|---|---|---|", flush=True)
    for game_id, variant in chosen:
        name = load_game(game_id).name + ("" if len(load_game(game_id).variants) == 1 else f", {variant}")
        start = time.perf_counter()
        if game_id in COOPERATIVE:
            what, share, lo, hi = cooperative(game_id, variant, args.coop_matches, args.seed)
            count = args.coop_matches
        else:
            what, share, lo, hi = competitive(game_id, variant, args.matches, args.seed)
            count = args.matches
        seconds = time.perf_counter() - start
        print(f"| {name} | {what} | {share:.2f}× [{lo:.2f}, {hi:.2f}] | {count} | {seconds:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
