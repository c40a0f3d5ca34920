"""Frame time of the busiest Try table: 3 players mid-game, a card being dragged over the
table and cards flying between the seats and the piles. Headless (SDL dummy driver).

Prints the median and 95th percentile of update + draw per frame, over ~300 frames, at
1920x1080 and 1280x800. Figures only, no pass/fail: ``python bench/frame_time.py [FRAMES]``.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

import pygame  # noqa: E402

from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402

SEATS = [
    {"name": "Ann", "kind": "human"},
    {"name": "Basil", "kind": "bot", "level": "normal"},
    {"name": "Cleo", "kind": "bot", "level": "normal"},
]


def mid_game(app: App, turns: int = 4) -> TableScene:
    """A table after a few of Ann's turns, in her discard phase (her hand at 6 cards)."""
    table = TableScene(app, Session.new("try", 3, None, SEATS, 2024, {}))
    app.push(table)
    played = 0
    for _ in range(5000):
        app.frame(1 / 60)
        if table._my_turn() and not table._busy() and not table.dirty:
            legal = table.state.legal_actions()
            if played >= turns and legal[0].kind == "discard":
                break
            table._apply(next((a for a in legal if a.text == "draw stock"), legal[0]))
            played += 1
    app.fast = table.animator.fast = False
    return table


def send_flying(table: TableScene) -> None:
    """The bots' cards fly in from the stock again, as during a deal (animation load)."""
    origin = table.layout.zones["stock"].anchor
    for zone in ("hand/1", "hand/2", "discard"):
        box = table.layout.zones[zone]
        cards = table.board.zones[zone]
        for i, (card, (x, y, angle)) in enumerate(zip(cards, box.slots(len(cards)), strict=True)):
            card.x, card.y = origin
            card.flying = True
            table.animator.tween(
                card,
                table.animator.travel(500, box.card_w),
                delay=0.03 * i,
                x=x,
                y=y,
                angle=angle,
                on_done=lambda c=card: setattr(c, "flying", False),
            )


def measure(size: tuple[int, int], frames: int) -> list[float]:
    app = App(size, fast=True)
    table = mid_game(app)
    card = table.board.zones["hand/0"][2]
    start = (round(card.x), round(card.y - card.lift))
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    surface = app.window_surface
    times = []
    for i in range(frames):
        angle = i / 40
        pos = (round(size[0] * (0.5 + 0.25 * math.cos(angle))), round(size[1] * (0.45 + 0.15 * math.sin(angle))))
        if i % 45 == 0:
            send_flying(table)
        began = time.perf_counter()
        table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        table.update(1 / 60)
        table.draw(surface)
        times.append(time.perf_counter() - began)
    assert table.press is not None and table.press.dragging, "the drag should still be in progress"
    app.stack.clear()
    return times


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"Try table, 3 players, mid-game, drag in progress, cards flying; {frames} frames (update + draw)")
    for size in ((1920, 1080), (1280, 800)):
        times = sorted(measure(size, frames))
        median = statistics.median(times) * 1000
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))] * 1000
        print(f"  {size[0]}x{size[1]}: median {median:.2f} ms, p95 {p95:.2f} ms  (~{1000 / median:.0f} fps)")


if __name__ == "__main__":
    main()
