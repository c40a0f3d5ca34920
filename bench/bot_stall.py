"""Frame gaps while bots think: the real table (SDL dummy driver) plays a bots-only match at the
normal animation speed for a while, its frame loop paced at 60 frames a second like the app's,
and every gap between two frames is measured.

Run twice — bots thinking on the app's worker thread (``CARDTABLE_BOTS_APART=0``, the old way)
and in their own process (the default) — and prints, for each, the worst frame gap, the 99th
percentile, how far the worst went over the 60 fps budget (16.7 ms), and the time spent inside
the frames (update + draw): a gap far above it was the machine's, not the table's. Figures only:

    python bench/bot_stall.py [GAME] [LEVEL] [SECONDS]     # default: trio hard 20
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

BUDGET_MS = 1000 / 60


def one_run(game: str, level: str, seconds: float) -> None:
    """In a child: play for ``seconds`` and print the gaps (ms) as one line of numbers."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    import rules
    from cardtable.app import App
    from cardtable.session import Session
    from cardtable.table import TableScene

    game_obj = rules.load_game(game)
    players = game_obj.default_players
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "level": level} for i in range(players)]
    app = App(size=(1280, 800), fast=False)
    table = TableScene(app, Session.new(game, players, None, seats, 7, {}))
    app.push(table)
    clock = pygame.time.Clock()
    gaps: list[float] = []
    busy: list[float] = []
    last = time.perf_counter()
    end = last + seconds
    while time.perf_counter() < end and app.stack.top is table:
        dt = clock.tick(60) / 1000
        start = time.perf_counter()
        app.frame(dt)
        now = time.perf_counter()
        gaps.append((now - last) * 1000)
        busy.append((now - start) * 1000)
        last = now
    table.session.close()
    print(" ".join(f"{g:.2f}" for g in gaps[5:]))  # the first frames warm caches up
    print(" ".join(f"{b:.2f}" for b in busy[5:]))


def main() -> None:
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__)
        return
    game = sys.argv[1] if len(sys.argv) > 1 else "trio"
    level = sys.argv[2] if len(sys.argv) > 2 else "hard"
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 20.0
    home = tempfile.mkdtemp(prefix="cardtable-bench-")
    for apart, label in (("0", "bots on the app's thread"), ("1", "bots in their own process")):
        env = {**os.environ, "CARDTABLE_BOTS_APART": apart, "CARDTABLE_HOME": home}
        out = subprocess.run(
            [sys.executable, __file__, "--child", game, level, str(seconds)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        lines = out.strip().splitlines()
        gaps = [float(x) for x in lines[-2].split()]
        busy = sorted(float(x) for x in lines[-1].split())
        ordered = sorted(gaps)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        worst = ordered[-1]
        print(
            f"{game} {level}, {label}: {len(gaps)} frames, median gap {statistics.median(gaps):.1f} ms, "
            f"p99 {p99:.1f} ms, worst frame gap: {worst:.0f} ms ({worst - BUDGET_MS:+.0f} ms over the budget); "
            f"time inside a frame: median {statistics.median(busy):.1f} ms, worst {busy[-1]:.0f} ms"
        )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        one_run(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    else:
        main()
