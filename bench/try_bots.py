"""Try's bots as a team: the success rate of all-easy, all-normal and all-hard tables, and move times.

    python bench/try_bots.py [--players 2 3] [--levels easy normal hard] [--games 4000]
                             [--hard-games N] [--minutes M] [--budget-ms 50] [--worlds N] [--seed 0]
                             [--why]

Every level plays the same deals (match ``i`` has seed ``seed + i``, as ``cardtable-sim``). ``hard``
is expensive: it plays ``--hard-games`` deals (default: as ``--games``) and stops early when
``--minutes`` have passed; the line says how many it played. ``--worlds N`` caps ``hard``'s worlds
per decision and lifts its time budget, so its strength does not depend on how busy the machine is
(its move times then say what those worlds cost here). Prints one line per level and player
count: games, team wins, success rate (with a 95 % interval), mean score, move times p50/p95/max;
when both ``normal`` and ``hard`` play, a line counts the deals only one of them won, with a
sign test's p-value.
``--why`` adds, per line, why the team failed (:func:`failures`): the stock ran out, or a Try scored
too little (by how much, and in which suit against the best one the final hands held), with where
the Tried suit's points were (hands, bids, the removed pile, buried in the discard pile, left in the
stock), the off-suit junk in hands and the off-suit bids.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import time
from typing import Any

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


def failures(states: list[Any]) -> str:
    """Why the team failed in the finished matches ``states``, as lines of counts and means."""
    n = len(states)
    stock = [s for s in states if s.outcome == "stock"]
    tried = [s for s in states if s.outcome != "stock"]
    short = [s for s in tried if s.outcome != "win"]
    lines = [
        f"  stock ran out: {len(stock)} ({100 * len(stock) / max(1, n):.1f} %); "
        f"a Try: {len(tried)}, of which won {len(tried) - len(short)}, short {len(short)}"
    ]
    if short:
        gaps = sorted(int(s.settings["threshold"]) - s.team_score for s in short)
        buckets = [sum(lo <= g < hi for g in gaps) for lo, hi in ((1, 10), (10, 20), (20, 35), (35, 10**6))]
        lines.append(
            f"  short by (median {statistics.median(gaps):g}): 1-9: {buckets[0]}, 10-19: {buckets[1]}, "
            f"20-34: {buckets[2]}, 35+: {buckets[3]}"
        )
    for label, group in (("won", [s for s in tried if s.outcome == "win"]), ("short", short)):
        if not group:
            continue
        where: dict[str, list[int]] = {z: [] for z in ("hand", "bid", "removed", "discard", "stock")}
        junk, off_bids, in_bids, best_suit, best_would_win = [], [], [], 0, 0
        for s in group:
            suit, suit_of, faces = s.tried_suit, s.deck.suit_of, s.deck.faces
            points = dict.fromkeys(where, 0)
            for zone, cards in s.zones.items():
                kind = zone.split("/")[0]
                for c in cards:
                    if kind in points and suit_of[c] in (suit, -1):
                        points[kind] += faces[c].rank if suit_of[c] >= 0 else int(s.wild_points)
            for kind, value in points.items():
                where[kind].append(value)
            hands = [c for q in range(s.players) for c in s.zones[f"hand/{q}"]]
            bids = [c for q in range(s.players) for c in s.zones[f"bid/{q}"]]
            terms = s.score_terms(suit, hands, bids)
            junk.append(-terms[3].value)
            off_bids.append(-terms[4].value)
            in_bids.append(sum(1 for c in bids if suit_of[c] in (suit, -1)))
            totals = [sum(t.value for t in s.score_terms(k, hands, bids)) for k in range(len(s.deck.suits))]
            best_suit += totals[suit] == max(totals)
            best_would_win += max(totals) >= int(s.settings["threshold"])
        mean = {k: statistics.fmean(v) for k, v in where.items()}
        lines.append(
            f"  {label}: Tried suit's points in hands {mean['hand']:.1f}, bids {mean['bid']:.1f}, "
            f"removed {mean['removed']:.1f}, buried {mean['discard']:.1f}, left in stock "
            f"{mean['stock']:.1f}; bids in the suit {statistics.fmean(in_bids):.2f} of {group[0].players}, "
            f"off-suit bids -{statistics.fmean(off_bids):.1f}, junk in hands -{statistics.fmean(junk):.1f}; "
            f"Tried the final hands' best suit {best_suit}/{len(group)}"
            + (f", the best suit would have won {best_would_win}" if label == "short" else "")
        )
    if stock:
        lines.append(
            f"  stock ran out after a mean {statistics.fmean(len(s.zones['discard']) for s in stock):.0f} discards"
        )
    return "\n".join(lines)


def run(
    players: int,
    level: str,
    games: int,
    seed: int,
    budget_ms: float | None,
    minutes: float | None,
    why: bool = False,
    won: list[bool] | None = None,
) -> str:
    """One line for an all-``level`` table over ``games`` deals; ``won`` collects each deal's win."""
    game = load_game("try")
    think: dict[str, list[float]] = {}
    wins = played = 0
    scores: list[int] = []
    finished: list[Any] = []
    start = time.perf_counter()
    for i in range(games):
        if minutes is not None and time.perf_counter() - start > minutes * 60:
            break
        state, _decisions = play_match(game, players, None, seed + i, [level] * players, budget_ms, think)
        played += 1
        wins += state.outcome == "win"
        if won is not None:
            won.append(state.outcome == "win")
        scores.append(state.team_score)
        if why:
            finished.append(state)
            gc.freeze()  # the kept states leave the collector's scans: no pauses counted as move times
    times = sorted(think.get(level, [0.0]))

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))]

    low, high = interval(wins, played)
    budget = ""
    if level == "hard" and budget_ms is not None:
        from rules.games.try_.search import TryHardBot

        budget = f" {TryHardBot.worlds} worlds" if budget_ms >= 1e9 else f" budget {budget_ms:g} ms"
    line = (
        f"try {players}p all-{level}{budget}: {played} games, {wins} wins, "
        f"{100 * wins / max(1, played):.1f} % (95 % {100 * low:.1f}-{100 * high:.1f}), "
        f"mean score {statistics.fmean(scores) if scores else 0:.1f}; "
        f"move p50 {pct(0.5):.2f} ms, p95 {pct(0.95):.2f} ms, max {times[-1]:.2f} ms"
    )
    return line + ("\n" + failures(finished) if why else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 2])
    parser.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--hard-games", type=int, default=None)
    parser.add_argument("--minutes", type=float, default=None, help="stop each hard run after this long")
    parser.add_argument("--budget-ms", type=float, default=50.0)
    parser.add_argument("--worlds", type=int, default=None, help="hard: this many worlds per decision, no time limit")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--why", action="store_true", help="say why the team failed (a breakdown per line)")
    args = parser.parse_args()
    budget = args.budget_ms
    if args.worlds is not None:
        from rules.games.try_.search import TryHardBot

        TryHardBot.worlds = args.worlds
        budget = 1e9
    for players in args.players:
        won: dict[str, list[bool]] = {}
        for level in args.levels:
            hard = level == "hard"
            games = args.hard_games or args.games if hard else args.games
            won[level] = []
            print(
                run(
                    players,
                    level,
                    games,
                    args.seed,
                    budget if hard else None,
                    args.minutes if hard else None,
                    args.why,
                    won[level],
                ),
                flush=True,
            )
        if "hard" in won and "normal" in won:
            print(paired(won["hard"], won["normal"]), flush=True)


def paired(hard: list[bool], normal: list[bool]) -> str:
    """Deal by deal over the deals both played: how many only ``hard`` won, how many only ``normal``,
    and the two-sided p-value of a sign test on those deals (normal approximation, continuity
    corrected): how likely a split this uneven would be if the two levels were equally strong."""
    only_hard = sum(h and not n for h, n in zip(hard, normal, strict=False))
    only_normal = sum(n and not h for h, n in zip(hard, normal, strict=False))
    split = only_hard + only_normal
    z = max(0.0, abs(only_hard - only_normal) - 1) / math.sqrt(split) if split else 0.0
    return (
        f"  deal by deal ({min(len(hard), len(normal))} deals): only hard won {only_hard}, "
        f"only normal won {only_normal} (sign test p = {math.erfc(z / math.sqrt(2)):.2g})"
    )


if __name__ == "__main__":
    main()
