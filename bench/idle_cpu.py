"""What Cardtable costs at rest: the real app (dummy video driver) left alone for a while at the
main menu, in settings, on a result screen and at each discovered game's table waiting for the
human (at its default and largest player counts), with the CPU time the process used and the
frames it drew.

    python bench/idle_cpu.py [--seconds 10] [--only GAME ...]

Each case runs in a fresh process: the app is set up (a table is played by its bots until it is
the human's turn and nothing moves), then ``App.run()`` runs for the given seconds (a timer posts
QUIT) while the process's CPU time (``time.process_time``, every thread) and the frames drawn
(calls of ``pygame.display.flip``) are counted. One line per case, e.g.
``idle trio 6p: 0.4 % of a core, 1.0 frames/s``, then the worst. Nothing of the player's is
read or written (a temporary user folder).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SETTLE_SECONDS = 60.0  # at most this long for the bots to bring the table to the human's turn


def cases(only: list[str] | None = None) -> list[tuple[str, str, int]]:
    """(label, what, players): the menu, settings, and every discovered game at its default and
    largest player count."""
    import rules

    out: list[tuple[str, str, int]] = (
        [] if only else [("menu", "menu", 0), ("settings", "settings", 0), ("result", "result", 3)]
    )
    for game_id in rules.list_games():
        if only and game_id not in only:
            continue
        try:
            game = rules.load_game(game_id)
        except rules.RulesError as exc:
            print(f"skipped {game_id}: {exc}", file=sys.stderr)
            continue
        lo, hi = game.player_range()
        for players in dict.fromkeys((game.default_players, hi)):
            out.append((f"{game_id} {players}p", game_id, players))
    return out


def measure(what: str, players: int, seconds: float) -> dict[str, Any]:
    """Run in the child: set up ``what`` and time ``App.run()`` for ``seconds``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from cardtable.app import App
    from cardtable.bot_seats import bot_names

    app = App((1280, 800))
    if what == "menu":
        app.start()
    elif what == "settings":
        from cardtable.scenes.menu import MenuScene
        from cardtable.scenes.settings_scene import SettingsScene

        app.push(MenuScene(app))
        app.push(SettingsScene(app))
    elif what == "result":  # the result of a short match (Try, random bots) played out headless
        import rules
        from cardtable.scenes.result import ResultScene
        from cardtable.session import Session
        from rules.bots import make_bot

        seats = [{"name": "You", "kind": "human"}] + [
            {"name": name, "kind": "bot", "level": "random"} for name in bot_names(players - 1, 1)
        ]
        state = rules.load_game("try").new_match(players=players, seed=3, seats=seats)
        bots = [make_bot("try", "random", seat, 1) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            state.apply(bots[seat].choose(state.view(seat)))
        app.push(ResultScene(app, Session(state)))
        for _ in range(30):
            app.frame(1 / 30)
    else:
        from cardtable.session import Session
        from cardtable.table import TableScene

        seats = [{"name": "You", "kind": "human"}] + [
            {"name": name, "kind": "bot", "level": "normal"} for name in bot_names(players - 1, 1)
        ]
        session = Session.new(what, players, None, seats, 7, {})
        table = TableScene(app, session)
        app.push(table)
        deadline = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < deadline:
            app.frame(1 / 30)
            if app.stack.top is not table and not app.needs_frame():
                app.pop()  # a score sheet between deals, waiting for Continue: the table goes on
            if app.stack.top is table and table._my_turn() and not table._busy() and not table.dirty:
                break
        else:
            return {"error": "the table never waited for the human"}
        for _ in range(90):  # the last lifts and banners settle
            app.frame(1 / 30)
    flips = [0]
    real_flip = pygame.display.flip

    def counted_flip() -> None:
        flips[0] += 1
        real_flip()

    pygame.display.flip = counted_flip
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), 1)
    cpu, wall = time.process_time(), time.perf_counter()
    app.run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"cpu": 100.0 * cpu / wall, "fps": flips[0] / wall, "wall": wall}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each case rests (default 10)")
    parser.add_argument("--only", nargs="*", help="only these games (no menu or settings)")
    parser.add_argument("--child", nargs=2, metavar=("WHAT", "PLAYERS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]), args.seconds)))
        return 0
    worst: tuple[float, str] | None = None
    with tempfile.TemporaryDirectory(prefix="cardtable-idle-") as home:
        env = {**os.environ, "CARDTABLE_HOME": home, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        for label, what, players in cases(args.only):
            command = [sys.executable, __file__, "--seconds", str(args.seconds), "--child", what, str(players)]
            done = subprocess.run(command, env=env, capture_output=True, text=True)
            lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
            if done.returncode != 0 or not lines:
                tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
                print(f"idle {label}: failed ({tail})")
                continue
            result = json.loads(lines[-1])
            if "error" in result:
                print(f"idle {label}: {result['error']}")
                continue
            print(f"idle {label}: {result['cpu']:.1f} % of a core, {result['fps']:.1f} frames/s", flush=True)
            if worst is None or result["cpu"] > worst[0]:
                worst = (result["cpu"], label)
    if worst is not None:
        print(f"worst: {worst[1]}, {worst[0]:.1f} % of a core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
