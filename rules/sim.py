"""``cardtable-sim``: play whole matches headless with bots, replay records, check rules files.

    cardtable-sim GAME [--variant V] [--players N] [--games K] [--seed S] [--bots a,b,c]
                       [--rotate] [--budget-ms MS] [--records DIR] [--json]
    cardtable-sim replay FILE
    cardtable-sim check [--all] FILE.toml
    cardtable-sim lesson GAME [FILE.toml]

Works for every game in ``rules.list_games()``: it only uses the headless contract.
Bad input gets one line (exit 2 for an unknown game or bot, 1 for a bad file), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import events_for
from .bots import LEVELS, Bot, make_bot
from .errors import RulesError
from .game import Game
from .lessons import PLAYER, check_arranged, lesson_for, load_lesson, play_through
from .record import read_record, replay
from .registry import check_rules_file as check_file
from .registry import list_games, load_game, plugin_problems
from .shuffle import sub_seed

PROG = "cardtable-sim"


class UsageError(Exception):
    """A bad command line: one line for the player, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


@dataclass
class SimStats:
    """What a run of matches produced, and how fast."""

    game: str
    variant: str
    players: int
    games: int
    seed: int
    bots: list[str]
    rotate: bool
    wins: list[int] = field(default_factory=list)  # per seat
    wins_by_bot: dict[str, int] = field(default_factory=dict)
    team_wins: int = 0  # matches every seat won (cooperative games)
    shared: bool = True  # every match scored all seats alike (a cooperative game)
    scores: list[list[int]] = field(default_factory=list)  # per seat, one per match
    outcomes: dict[str, int] = field(default_factory=dict)
    deals: int = 0
    decisions: int = 0
    seconds: float = 0.0
    budget_ms: float | None = None
    think_ms: dict[str, list[float]] = field(default_factory=dict)  # per bot: each decision's time

    def per_bot(self) -> dict[str, dict[str, Any]]:
        """Per bot: its winning seats; ``share``, its share of all winning seats (a shared win counts
        for each winner), against ``fair_share`` (its seats / the players) as ``vs_fair``;
        ``win_rate``, the matches each of its seats won (fair: 1 / the players); its decision times."""
        all_wins = max(1, sum(self.wins_by_bot.values()))
        out: dict[str, dict[str, Any]] = {}
        for name in dict.fromkeys(self.bots):
            wins = self.wins_by_bot.get(name, 0)
            fair = self.bots.count(name) / self.players
            times = sorted(self.think_ms.get(name, []))
            out[name] = {
                "seats": self.bots.count(name),
                "wins": wins,
                "share": round(wins / all_wins, 4),
                "fair_share": round(fair, 4),
                "vs_fair": round(wins / all_wins / fair, 3),
                "win_rate": round(wins / max(1, self.games * self.bots.count(name)), 4),
                "decisions": len(times),
                "p50_ms": round(_percentile(times, 0.50), 2),
                "p95_ms": round(_percentile(times, 0.95), 2),
                "max_ms": round(times[-1], 2) if times else 0.0,
            }
        return out

    def summary(self) -> dict[str, Any]:
        """A JSON-ready summary: wins, score statistics, speed."""
        k = max(1, self.games)
        secs = max(self.seconds, 1e-9)
        all_scores = [s for seat in self.scores for s in seat]
        out: dict[str, Any] = {
            "matches": self.games,
            "per_bot": self.per_bot(),
            "budget_ms": self.budget_ms,
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": self.bots,
            "rotate": self.rotate,
            "wins": self.wins,
            "win_rate": [w / k for w in self.wins],
            "wins_by_bot": self.wins_by_bot,
            "team_wins": self.team_wins,
            "team_win_rate": self.team_wins / k,
            "shared_scores": self.shared,
            "scores": {
                "mean": [_mean(s) for s in self.scores],
                "median": [_median(s) for s in self.scores],
                "min": [min(s, default=0) for s in self.scores],
                "max": [max(s, default=0) for s in self.scores],
            },
            "mean_score": _mean(all_scores),
            "outcomes": dict(sorted(self.outcomes.items())),
            "deals": self.deals,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "matches_per_s": self.games / secs,
            "deals_per_s": self.deals / secs,
            "decisions_per_s": self.decisions / secs,
        }
        if self.outcomes:
            out["loss_by_stock_rate"] = self.outcomes.get("stock", 0) / k
        return out


def _mean(values: list[int]) -> float:
    return statistics.fmean(values) if values else 0.0


def _median(values: list[int]) -> float:
    return float(statistics.median(values)) if values else 0.0


def _percentile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of an ascending list (nearest rank); 0 when empty."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered) + 0.5)) - 1))]


def _observes(bot: Bot) -> bool:
    return type(bot).observe is not Bot.observe


def play_match(
    game: Game,
    players: int,
    variant: str | None,
    seed: int,
    bots: list[str],
    budget_ms: float | None = None,
    think_ms: dict[str, list[float]] | None = None,
) -> tuple[Any, int]:
    """One whole match with ``bots[seat]`` at each seat; the final state and the decisions made.

    ``budget_ms``: the thinking time per decision of every bot that takes one (``hard``);
    ``think_ms``: when given, each bot decision's time (view and choice) is added under its level.
    """
    seats = [{"name": f"{name.capitalize()} {i + 1}", "kind": "bot", "level": name} for i, name in enumerate(bots)]
    state = game.new_match(players=players, variant=variant, seed=seed, seats=seats)
    players_bots = [make_bot(game.id, name, seat, sub_seed(seed, 1000 + seat)) for seat, name in enumerate(bots)]
    if budget_ms is not None:
        for bot in players_bots:
            if hasattr(bot, "budget_ms"):
                bot.budget_ms = float(budget_ms)
    watching = [b for b in players_bots if _observes(b)]
    clock = time.perf_counter
    decisions = 0
    while not state.is_over:
        seat = state.current_player
        bot = players_bots[seat]
        start = clock()
        if type(bot).choose is Bot.choose:
            # the plain random bot: the same pick as Bot.choose makes from the view, without building one
            actions = state.legal_actions()
            chosen: Any = actions[int(bot.rng.random() * len(actions))]
        else:
            chosen = bot.choose(state.view(seat))
        if think_ms is not None:
            think_ms.setdefault(bots[seat], []).append((clock() - start) * 1000.0)
        events = state.apply(chosen, events=bool(watching))
        decisions += 1
        for bot in watching:
            bot.observe(events_for(events, bot.seat))
    return state, decisions


def run_matches(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    games: int = 100,
    seed: int = 0,
    bots: list[str] | None = None,
    rotate: bool = False,
    records: Path | None = None,
    budget_ms: float | None = None,
) -> SimStats:
    """Play ``games`` matches (match ``i`` has seed ``seed + i``) and gather statistics.

    ``budget_ms`` sets the thinking time per decision of the bots that take one (``hard``).
    Raises :class:`RulesError` for an unknown game/variant or a bad player count,
    ``ValueError`` for an unknown bot, ``OSError`` when a record cannot be written.
    """
    game = load_game(game_id)
    variant = variant or game.variants[0]
    players = game.default_players if players is None else players
    names = list(bots or ["random"])
    for name in names:
        if name not in LEVELS:
            raise ValueError(f"unknown bot {name!r} (expected one of {', '.join(LEVELS)})")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--bots lists {len(names)} bots for {players} players")
    game.new_match(players=players, variant=variant, seed=seed)  # a bad setup fails before any play
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        records = records.resolve()
    stats = SimStats(
        game.id,
        variant,
        players,
        games,
        seed,
        names,
        rotate,
        wins=[0] * players,
        scores=[[] for _ in range(players)],
        budget_ms=budget_ms,
    )
    start = time.perf_counter()
    for i in range(games):
        seat_bots = [names[(seat + i) % players] for seat in range(players)] if rotate else names
        state, decisions = play_match(game, players, variant, seed + i, seat_bots, budget_ms, stats.think_ms)
        stats.decisions += decisions
        stats.deals += len(state.deal_results)
        winners = state.winners
        for seat in winners:
            stats.wins[seat] += 1
            stats.wins_by_bot[seat_bots[seat]] = stats.wins_by_bot.get(seat_bots[seat], 0) + 1
        if len(winners) == players:
            stats.team_wins += 1
        scores = state.scores
        stats.shared = stats.shared and len(set(scores)) == 1
        for seat, score in enumerate(scores):
            stats.scores[seat].append(score)
        outcome = getattr(state, "outcome", None)
        if isinstance(outcome, str):
            stats.outcomes[outcome] = stats.outcomes.get(outcome, 0) + 1
        if records is not None:
            path = record_path(records, game.id, seed + i)
            path.write_text(json.dumps(state.to_record(), indent=1) + "\n", encoding="utf-8")
    stats.seconds = time.perf_counter() - start
    return stats


def record_path(folder: Path, game_id: str, seed: int) -> Path:
    """Where ``--records`` writes a match: a name made of safe parts only, checked to stay in ``folder``."""
    stem = re.sub(r"[^a-z0-9-]", "_", str(game_id).lower())[:40].strip("_") or "game"
    path = folder / f"{stem}-{int(seed)}.json"
    if path.resolve().parent != folder.resolve():
        raise OSError(f"{path.name}: would be written outside {folder}")
    return path


def format_stats(summary: dict[str, Any]) -> str:
    """The text report of a run."""
    s = summary
    lines = [
        f"{s['game']} ({s['variant']}), {s['players']} players, {s['games']} games, seed {s['seed']}, "
        f"bots {','.join(s['bots'])}{' (rotated)' if s['rotate'] else ''}"
    ]
    wins = ", ".join(f"seat {i}: {w} ({s['win_rate'][i]:.1%})" for i, w in enumerate(s["wins"]))
    lines.append(f"wins: {wins}")
    if s["rotate"] or len(set(s["bots"])) > 1:
        lines.append("wins by bot: " + ", ".join(f"{k}: {v}" for k, v in sorted(s["wins_by_bot"].items())))
        for name, b in s["per_bot"].items():
            lines.append(
                f"  {name}: {b['share']:.1%} of the wins ({b['vs_fair']:.2f}x its fair share), "
                f"decisions p50 {b['p50_ms']:.1f} ms, p95 {b['p95_ms']:.1f} ms, max {b['max_ms']:.1f} ms"
            )
    same = s["shared_scores"]
    if same or s["team_wins"]:
        lines.append(f"team win rate (every seat won): {s['team_wins']} ({s['team_win_rate']:.1%})")
    sc = s["scores"]
    for i in [0] if same else range(s["players"]):
        who = "team scores" if same else f"seat {i} scores"
        lines.append(
            f"{who}: mean {sc['mean'][i]:.2f}, median {sc['median'][i]:g}, min {sc['min'][i]}, max {sc['max'][i]}"
        )
    if s["outcomes"]:
        lines.append(
            "outcomes: " + ", ".join(f"{k} {v} ({v / max(1, s['games']):.1%})" for k, v in s["outcomes"].items())
        )
        if set(s["outcomes"]) <= {"win", "loss", "stock"}:
            lines.append(f"loss by stock: {s['loss_by_stock_rate']:.1%}")
    lines.append(
        f"speed: {s['matches_per_s']:.1f} matches/s (games/s), {s['deals_per_s']:.1f} deals/s, "
        f"{s['decisions_per_s']:.0f} decisions/s ({s['seconds']:.2f} s)"
    )
    return "\n".join(lines)


# ------------------------------------------------------------------ commands
def _play(argv: list[str]) -> int:
    parser = _Parser(prog=PROG, description="Play whole matches headless with bots.")
    parser.add_argument("game")
    parser.add_argument("--variant")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--rotate", action="store_true")
    parser.add_argument("--records", type=Path)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--budget-ms", type=float, help="thinking time per decision of the hard bots")
    args = parser.parse_args(argv)
    games = list_games()
    if args.game not in games:
        raise UsageError(f"unknown game {args.game!r} (expected one of {', '.join(games)})")
    bots = [b.strip() for b in args.bots.split(",")]
    for name in bots:
        if name not in LEVELS:
            raise UsageError(f"unknown bot {name!r} (expected one of {', '.join(LEVELS)})")
    if args.games < 0:
        raise UsageError("--games: expected a number of games, 0 or more")
    if args.budget_ms is not None and not 1 <= args.budget_ms <= 60_000:
        raise UsageError("--budget-ms: expected a thinking time from 1 to 60000 ms")
    try:
        stats = run_matches(
            args.game,
            args.players,
            args.variant,
            args.games,
            args.seed,
            bots,
            args.rotate,
            args.records,
            args.budget_ms,
        )
    except (RulesError, ValueError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    except OSError as exc:
        print(f"{PROG}: {args.records}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    summary = stats.summary()
    print(json.dumps(summary) if args.json else format_stats(summary))
    return 0


def _replay(argv: list[str]) -> int:
    parser = _Parser(prog=f"{PROG} replay", description="Replay a record and print its scores.")
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    path: Path = args.file
    try:
        state = replay(read_record(path))
    except RulesError as exc:  # every bad record or file: one line, FILE: key.path: what was expected
        print(f"{path}: {_located(path, exc)}", file=sys.stderr)
        return 1
    names = [s.get("name") or f"Player {i + 1}" for i, s in enumerate(state.seats)]
    print(
        f"{path}: {state.game.id} ({state.variant}), {state.players} players, "
        f"{len(state.deal_results)} deal(s) scored, {'over' if state.is_over else 'unfinished'}"
    )
    print("scores: " + ", ".join(f"{names[i]} {score}" for i, score in enumerate(state.scores)))
    if state.is_over:
        winners = state.winners
        print("winners: " + (", ".join(names[i] for i in winners) if winners else "none"))
    return 0


def _located(path: Path, exc: RulesError) -> str:
    """The one-line summary of ``exc`` without a leading ``FILE: `` (the caller adds it)."""
    line = exc.summary()
    prefix = f"{path}: "
    return line[len(prefix) :] if line.startswith(prefix) else line


def check_rules_file(path: Path) -> list[str]:
    """Problems with a rules file, each ``FILE: key.path: message``; empty when valid.

    The verdict is :func:`rules.registry.check_rules_file`'s, the same the game menu gives.
    """
    try:
        check_file(path)
    except RulesError as exc:
        prefix = f"{path}: "
        return [p if p.startswith(prefix) else prefix + p for p in exc.problems]
    return []


def _check(argv: list[str]) -> int:
    parser = _Parser(prog=f"{PROG} check", description="Validate a rules file (exit 0 when valid).")
    parser.add_argument("file", type=Path)
    parser.add_argument("--all", action="store_true", help="list every problem, one per line")
    args = parser.parse_args(argv)
    path: Path = args.file
    try:
        check_file(path)
    except RulesError as exc:
        if args.all:
            for line in check_rules_file(path):
                print(line, file=sys.stderr)
        else:  # one line, the same the game menu shows for this file
            print(f"{path}: {_located(path, exc)}", file=sys.stderr)
        return 1
    print(f"{path}: ok")
    return 0


def _lesson(argv: list[str]) -> int:
    parser = _Parser(
        prog=f"{PROG} lesson",
        description="Check a game's lesson (its own, or FILE written for it) and follow it to its end "
        "as an obedient player would (exit 0 when it can be).",
    )
    parser.add_argument("game")
    parser.add_argument("file", type=Path, nargs="?", help="a lesson file (default: the one the game ships)")
    args = parser.parse_args(argv)
    games = list_games()
    if args.game not in games:
        raise UsageError(f"unknown game {args.game!r} (expected one of {', '.join(games)})")
    try:
        game = load_game(args.game)
        if args.file is not None:
            lesson = load_lesson(args.file, game)
            check_arranged(lesson, game)
        else:
            lesson = lesson_for(game)
            if lesson is None:
                print(f"{PROG}: {game.id} ships no lesson", file=sys.stderr)
                return 1
        _state, moves = play_through(lesson, game)
    except RulesError as exc:
        print(f"{PROG}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 1
    shown = len({index for index, _seat, _text in moves})
    mine = sum(seat == PLAYER for _index, seat, _text in moves)
    print(
        f"{lesson.title}: ok ({len(lesson.steps)} steps in {len(lesson.scenes)} scene(s); followed to its end: "
        f"{mine} moves by the player, {len(moves) - mine} by the bots, made in {shown} of its steps)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``cardtable-sim``; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {"replay": _replay, "check": _check, "lesson": _lesson}
    for problem in plugin_problems():  # a broken plugin is left out, said once, and hides no other game
        print(f"{PROG}: {problem}", file=sys.stderr)
    try:
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        if not argv or argv[0] in ("-h", "--help"):
            usage = __doc__.strip().split("\n\n")[1]
            print(usage, file=sys.stdout if argv else sys.stderr)
            return 0 if argv else 2
        return _play(argv)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
