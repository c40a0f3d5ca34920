"""Tryce bots: contracts completed per hand, who goes down, speed, late-hand move time, win rates.

    python bench/tryce_bots.py [--games N] [--seed S] [--players P]
    python bench/tryce_bots.py --strength [--games N] [--seed S] [--budget-ms MS | --fixed-effort]
                               [--levels hard,normal,easy]

1. N matches of ``normal`` bots at every seat (seeds S, S+1, ...): per hand 1..7, how often a
   seat completes the hand's contract (laid every part) and how often a hand ends with a seat
   going down (else it stalled); who goes down (by seat); the mean rounds a hand lasts; how many
   takes of the top discard were thrown straight back; matches and decisions per second.
2. The normal bot's move time (CPU) in hand 7 once its hand holds 14+ cards (median and worst).
3. N random matches (every seat ``random``): matches per second.
4. Win rates of normal vs easy vs random (P seats: normal, easy, random, random...), seats
   rotated every match; and normal vs easy head to head (two of each).

``--strength``: instead, the three levels' strength and move times at 3 players, seats rotated:
``hard`` against two ``normal`` (wins, share against the fair third, hands gone down, mean score
margin) printed every 10 matches as it goes, then ``normal`` against two ``random``, then ``easy``
against two ``normal``; with each line, per level so far the move time p50 / p95 / max (wall clock,
every decision of the level's seats, as ``cardtable-sim`` counts it); and per hand 1..7 how often
the measured level went down, its mean score margin over the others, and the value of the cards
it was left holding when another seat went down. ``--fixed-effort``: hard thinks without a clock
(its sample counts bound it), so a loaded machine plays the same matches; ``--levels`` runs only
some of the three lines.

Plays through the engine (``game.new_match``, ``state.view``, ``bot.choose``, ``state.apply``);
reads the state only to count completed contracts. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable

import rules
from rules.bots import make_bot
from rules.games.tryce.facts import TryceDetails


def play(
    levels: list[str],
    seed: int,
    on_move: Callable[[object, int, float, str], None] | None = None,
    completed: Counter[tuple[int, str]] | None = None,
    down: Counter[tuple[int, str]] | None = None,
) -> tuple[object, int]:
    """One match with ``levels[seat]`` at each seat; returns the final state and the decisions made.
    ``completed[(hand, level)]`` counts seats that completed the hand's contract, ``down[(hand, who)]``
    the hands gone down (``who``: the level, or ``stalled``)."""
    game = rules.load_game("tryce")
    state = game.new_match(players=len(levels), seed=seed)
    bots = [make_bot("tryce", level, seat, seed * 31 + seat) for seat, level in enumerate(levels)]
    decisions = 0
    results = 0
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        start = time.process_time()  # CPU time: the machine may be shared
        text = bots[seat].choose(view)
        spent = time.process_time() - start
        if on_move is not None:
            on_move(view, seat, spent, text)
        complete = [state.contract_complete(s) for s in range(len(levels))] if completed is not None else []
        state.apply(text, events=False)
        decisions += 1
        if len(state.deal_results) > results:
            results += 1
            terms = TryceDetails.of(state.deal_results[-1])
            hand, went = terms.hand, terms.went_down
            if completed is not None:
                if went is not None:
                    complete[went] = True
                for s, done in enumerate(complete):
                    completed[(hand, levels[s])] += done
            if down is not None:
                down[(hand, "stalled" if went is None else levels[went])] += 1
                if went is not None:
                    down[(hand, f"seat {went}")] += 1
    return state, decisions


def bench_normal(games: int, seed: int, players: int) -> None:
    completed: Counter[tuple[int, str]] = Counter()
    down: Counter[tuple[int, str]] = Counter()
    late: list[float] = []
    turns: Counter[int] = Counter()  # turns (take, sell or draw) played per hand number
    taken: dict[int, str] = {}  # seat -> the up-card it took this turn
    takes = back = 0  # takes of the top discard, and those thrown straight back

    def on_move(view: object, seat: int, spent: float, text: str) -> None:
        nonlocal takes, back
        public = view.public  # type: ignore[attr-defined]
        if public.get("hand_no") == 7 and len(view.zones.get(f"hand/{seat}", ())) >= 14:  # type: ignore[attr-defined]
            late.append(spent)
        move = next((m for m in view.actions if m.text == text), None)  # type: ignore[attr-defined]
        if move is None:
            return
        if move.kind in ("take", "sell", "draw"):
            turns[int(public.get("hand_no", 0))] += 1
        if move.kind == "take":
            takes += 1
            taken[seat] = view.zones["discard"][0]  # type: ignore[attr-defined]
        elif move.kind == "discard" and seat in taken:
            back += move.card == taken.pop(seat)

    decisions = 0
    start = time.perf_counter()
    for k in range(games):
        _, made = play(["normal"] * players, seed + k, on_move, completed, down)
        decisions += made
    elapsed = time.perf_counter() - start
    print(f"normal x{players}, {games} matches: {games / elapsed:.2f} matches/s, {decisions / elapsed:.0f} decisions/s")
    print(f"  takes of the top discard: {takes}, thrown straight back {back} ({back / max(1, takes):.1%})")
    print("  hand  contract  seats completing it (of all seat-hands)  hands gone down  stalled  down by seat  rounds")
    board = rules.load_game("tryce").config.deal["board"]
    for row in board:
        hand = row["hand"]
        parts = "+".join(f"{row[k]} {k}" for k in ("groups", "runs", "words") if row[k])
        share = completed[(hand, "normal")] / (games * players)
        gone = down[(hand, "normal")]
        seats = " ".join(str(down[(hand, f"seat {s}")]) for s in range(players))
        print(
            f"  {hand}     {parts:22s} {share:6.1%}                            {gone / games:6.1%}"
            f"      {down[(hand, 'stalled')] / games:6.1%}   {seats}   {turns[hand] / (games * players):5.1f}"
        )
    if late:
        print(
            f"  hand 7 with 14+ cards in hand: {len(late)} moves, CPU time median "
            f"{statistics.median(late) * 1000:.1f} ms, worst {max(late) * 1000:.1f} ms"
        )


def bench_random(games: int, seed: int, players: int) -> None:
    start = time.perf_counter()
    decisions = 0
    for k in range(games):
        _, made = play(["random"] * players, seed + k)
        decisions += made
    elapsed = time.perf_counter() - start
    print(f"random x{players}, {games} matches: {games / elapsed:.2f} matches/s, {decisions / elapsed:.0f} decisions/s")


def bench_wins(games: int, seed: int, levels: list[str]) -> None:
    wins: Counter[str] = Counter()
    scores: dict[str, list[int]] = {}
    completed: Counter[tuple[int, str]] = Counter()
    for k in range(games):
        shift = k % len(levels)
        seated = levels[shift:] + levels[:shift]
        state, _ = play(seated, seed + k, completed=completed)
        for s in state.winners:  # type: ignore[attr-defined]
            wins[seated[s]] += 1
        for s, score in enumerate(state.scores):  # type: ignore[attr-defined]
            scores.setdefault(seated[s], []).append(score)
    print(f"{'/'.join(levels)}, {games} matches, seats rotated:")
    for level in dict.fromkeys(levels):
        seats = levels.count(level)
        done = sum(completed[(h, level)] for h in range(1, 8)) / (7 * games * seats)
        print(
            f"  {level:7s} wins {wins[level]:4d} ({wins[level] / games:6.1%} of matches, {seats} seat(s)); "
            f"mean score {statistics.fmean(scores[level]):7.1f}; contracts completed {done:6.1%}"
        )


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def strength(games: int, seed: int, levels: list[str], budget_ms: float, times: dict[str, list[float]]) -> None:
    """``levels[0]`` against the others at 3 seats, rotated; running totals every 10 matches."""
    from rules.sim import play_match

    game = rules.load_game("tryce")
    wins = down = hands = 0
    margins: list[float] = []
    by_hand: dict[int, list[tuple[bool, float, float]]] = {}  # hand -> (went down, margin, penalty when not)
    start = time.perf_counter()
    for k in range(games):
        shift = k % len(levels)
        seated = levels[shift:] + levels[:shift]
        me = seated.index(levels[0])
        think: dict[str, list[float]] = {}
        state, _ = play_match(game, len(levels), None, seed + k, seated, budget_ms, think)
        for level, spent in think.items():
            times.setdefault(level, []).extend(spent)
        wins += me in state.winners
        for result in state.deal_results:
            hands += 1
            terms = TryceDetails.of(result)
            down += terms.went_down == me
            points = [terms.contract_scores[s] + terms.melds[s] - terms.penalty[s] for s in range(len(levels))]
            by_hand.setdefault(terms.hand, []).append(
                (
                    terms.went_down == me,
                    points[me] - (sum(points) - points[me]) / (len(levels) - 1),
                    terms.penalty[me],
                )
            )
        scores = state.scores
        margins.append(scores[me] - (sum(scores) - scores[me]) / (len(levels) - 1))
        if (k + 1) % 10 == 0 or k + 1 == games:
            n = k + 1
            share = wins / n
            half = 1.96 * (share * (1 - share) / n) ** 0.5
            print(
                f"  {'/'.join(levels)}: {n} matches, {levels[0]} won {wins} ({share:.1%} ± {half:.1%}, "
                f"{share * len(levels):.2f}x its fair share), went down in {down}/{hands} hands, mean margin "
                f"{statistics.fmean(margins):+.1f}; {(time.perf_counter() - start) / n:.1f} s a match",
                flush=True,
            )
            for level in dict.fromkeys(levels):
                spent = times.get(level, [])
                print(
                    f"    {level:6s} move time: p50 {percentile(spent, 0.5):.2f} ms, "
                    f"p95 {percentile(spent, 0.95):.2f} ms, max {max(spent, default=0):.1f} ms "
                    f"over {len(spent)} decisions",
                    flush=True,
                )
    print(
        f"  {levels[0]} by hand: went down (fair {1 / len(levels):.0%}), mean score margin against the others, "
        "mean cards' value left in hand when another went down"
    )
    for hand in sorted(by_hand):
        rows = by_hand[hand]
        left = [pen for went, _, pen in rows if not went]
        print(
            f"    hand {hand}: down {sum(w for w, _, _ in rows) / len(rows):6.1%}, margin "
            f"{statistics.fmean(m for _, m, _ in rows):+6.1f}, left {statistics.fmean(left) if left else 0:5.1f}"
        )


def bench_strength(games: int, seed: int, budget_ms: float, levels: list[str] | None = None) -> None:
    times: dict[str, list[float]] = {}
    print(f"strength at 3 players, seats rotated, hard's budget {budget_ms:g} ms a decision:")
    if levels is None or "hard" in levels:
        strength(games, seed, ["hard", "normal", "normal"], budget_ms, times)
    if levels is None or "normal" in levels:
        strength(games, seed, ["normal", "random", "random"], budget_ms, times)
    if levels is None or "easy" in levels:
        strength(max(1, games // 3), seed, ["easy", "normal", "normal"], budget_ms, times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--strength", action="store_true", help="hard vs 2 normal, normal vs 2 random (3 seats)")
    parser.add_argument("--budget-ms", type=float, default=300.0, help="hard's thinking time a decision")
    parser.add_argument(
        "--fixed-effort",
        action="store_true",
        help="no clock for hard (a 60 s budget): its sample counts alone bound it, so the "
        "machine's load does not change its play",
    )
    parser.add_argument("--levels", default=None, help="with --strength, only these (hard,normal,easy)")
    args = parser.parse_args()
    if args.strength:
        budget = 60000.0 if args.fixed_effort else args.budget_ms
        bench_strength(args.games, args.seed, budget, args.levels.split(",") if args.levels else None)
        return
    bench_normal(args.games, args.seed, args.players)
    bench_random(args.games, args.seed, args.players)
    bench_wins(args.games, args.seed, ["normal", "easy"] + ["random"] * (args.players - 2))
    bench_wins(args.games, args.seed, ["normal", "easy"] * (args.players // 2))


if __name__ == "__main__":
    main()
