"""How long each game's lesson takes a new player, followed at the table at the normal pace.

The table runs at the normal animation speed on a virtual clock (every frame is 1/60 s; the bots'
rests and every card's flight count as they would on screen); to that the player's own time is
added: reading each step the coach shows (``--wpm`` words a minute, plus a second to find what it
points at) and ``--think`` seconds before each move they make. The lesson is followed as told,
with real key presses (``tests/lesson_play.py``). Prints one line per lesson: its steps, the
player's moves, the table's time, the reading and thinking time, and the total in minutes.

    python bench/lesson_time.py [GAME ...] [--wpm 180] [--think 4]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import lesson_play  # noqa: E402
from lesson_play import follow, table_of  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.learn import start_lesson  # noqa: E402
from rules.registry import game_specs  # noqa: E402

FRAME = 1 / 60
# at the normal pace a deal's cards fly for seconds: the table is let rest up to 100 s at a time
_rest = lesson_play.rest
lesson_play.rest = lambda app, frames=6000: _rest(app, frames)


def time_lesson(game_id: str, wpm: float, think: float) -> tuple[int, int, float, float]:
    """(steps shown, moves made, table seconds, player seconds) for one lesson."""
    app = App((1280, 800), fast=False)
    frames = 0
    frame = app.frame

    def counted(dt: float) -> None:
        nonlocal frames
        frames += 1
        frame(FRAME)

    app.frame = counted  # type: ignore[method-assign]
    app.start()
    start_lesson(app, game_id)
    reading = 0.0

    def look(table) -> None:
        nonlocal reading
        _heading, said = table.coach.layer.words()
        reading += len(said.split()) / wpm * 60 + 1.0

    followed = follow(app, look=look)
    _heading, said = table_of(app).coach.layer.words()
    reading += len(said.split()) / wpm * 60
    app.stack.clear()
    return len(followed.steps), len(followed.moves), frames * FRAME, reading + think * len(followed.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game with a lesson)")
    parser.add_argument("--wpm", type=float, default=180.0, help="reading speed, words a minute")
    parser.add_argument("--think", type=float, default=4.0, help="seconds the player takes before a move")
    args = parser.parse_args()
    games = args.games or sorted(gid for gid, spec in game_specs().items() if spec.lesson)
    print(f"{'game':10} {'steps':>5} {'moves':>5} {'table s':>8} {'player s':>9} {'total min':>9}")
    for game_id in games:
        steps, moves, table_s, player_s = time_lesson(game_id, args.wpm, args.think)
        print(f"{game_id:10} {steps:5d} {moves:5d} {table_s:8.0f} {player_s:9.0f} {(table_s + player_s) / 60:9.1f}")


if __name__ == "__main__":
    main()
