"""Frame time of a busy Trio table: 6 players, trios taken, known hand ends face up, two cards
revealed this turn, an end of a hand hovered and the reveal history panel on. Headless (SDL
dummy driver).

Prints the median and 95th percentile of update + draw per frame over ~300 frames, at
1920x1080, 1280x800 and 900x600. Figures only, no pass/fail: ``python bench/trio_table.py [FRAMES]``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

import pygame  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402

NAMES = ("Ann", "Basil", "Cleo", "Dmitri", "Edith", "Felix")


def busy_record() -> dict:
    """A 6-player match some turns in, a trio taken, with Ann (seat 0) to act in a reveal."""
    game = rules.load_game("trio")
    seats = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "normal"} for i, n in enumerate(NAMES)]
    rng = random.Random(7)
    for seed in range(1, 500):
        state = game.new_match(players=6, seed=seed, seats=seats)
        for _ in range(400):
            if state.is_over or (state.current_player == 0 and state.turn_no > 12):
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and state.current_player == 0 and any(state.zones[f"trios/{s}"] for s in range(6)):
            return state.to_record()
    raise SystemExit("no busy table found")


def measure(size: tuple[int, int], frames: int) -> tuple[float, float]:
    app = App(size, fast=False)
    app.settings.show_reveal_history = True
    table = TableScene(app, Session.from_record(busy_record()))
    app.push(table)
    for _ in range(120):
        app.frame(1 / 60)
    for action in [a for a in table.legal if a.text.startswith("reveal middle")][:1] + table.legal[-1:]:
        if table._my_turn() and action in table.state.legal_actions():
            table._apply(action)
            for _ in range(60):
                app.frame(1 / 60)
    end = table.board.zones["hand/1"][-1]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(round(end.x), round(end.y)), rel=(0, 0), buttons=(0, 0, 0))
    )
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.frame(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
    app.stack.clear()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for size in ((1920, 1080), (1280, 800), (900, 600)):
        median, p95 = measure(size, frames)
        print(f"Trio 6 players {size[0]}x{size[1]}: median {median:.2f} ms, p95 {p95:.2f} ms per frame")


if __name__ == "__main__":
    main()
