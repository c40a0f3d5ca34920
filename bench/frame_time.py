"""Frame time of busy tables with animations running: a card of the human's hand dragged over
the table and cards flying between the seats and the piles. Headless (SDL dummy driver).

    python bench/frame_time.py [FRAMES]             # Try, 3 players mid-game, 1920x1080 and 1280x800
    python bench/frame_time.py --busiest [FRAMES]   # Trio 6p late in a match, Tryce 6p late in hand 7

The default prints the median and 95th percentile of update + draw per frame. ``--busiest``
runs whole turns of the app's loop (events, update, draw, the display's update) at 1920x1080,
a card of the human's hand dragged round the table and every second three opponents' hands
flying in from the middle, and prints one line per table, e.g. ``trio 6p 1920x1080: median
2.4 ms, p99 6.1 ms`` (the targets of issue 10: median <= 3 ms, p99 <= 8 ms), with the main
thread's CPU time per turn beside it (the wall clock counts the waits of a busy machine too).
Figures only, no pass/fail.
"""

from __future__ import annotations

import math
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
    assert table.pointer.press is not None and table.pointer.press.dragging, "the drag should still be in progress"
    app.stack.clear()
    return times


# ------------------------------------------------------------------ the busiest tables
NAMES = ("Ann", "Basil", "Cleo", "Dmitri", "Edith", "Felix")
BUSIEST_SIZE = (1920, 1080)


def six_seats() -> list[dict[str, str]]:
    return [{"name": n, "kind": "human" if i == 0 else "bot", "level": "normal"} for i, n in enumerate(NAMES)]


def late_record(game_id: str, start: dict | None, wanted: callable) -> dict:
    """A 6-player match of ``game_id`` played by normal bots (from deal ``start``), stopped at
    the last turn of Ann (seat 0) where ``wanted(state)`` holds before the match (or hand) ends;
    the first seed from 3 on whose match has such a turn (a hand may end before Ann's)."""
    from rules.bots import make_bot

    game = rules.load_game(game_id)
    for seed in range(3, 60):
        state = game.new_match(players=6, seed=seed, seats=six_seats(), **({"start": start} if start else {}))
        bots = {seat: make_bot(game_id, "normal", seat, seat) for seat in range(6)}
        deal = state.deal_no
        best = None
        rng = random.Random(5)
        for _ in range(3000):
            if state.is_over or state.deal_no != deal:
                break
            seat = state.current_player
            if seat == 0 and wanted(state):
                best = state.to_record()
            legal = state.legal_actions()
            choice = bots[seat].choose(state.view(seat))
            action = next((a for a in legal if a.text == choice), None) or rng.choice(legal)
            state.apply(action)
        if best is not None:
            return best
    raise SystemExit(f"no late {game_id} table found")


def trio_late() -> dict:
    """Trio, 6 players, late in the match: Ann to reveal with trios taken around the table."""
    return late_record("trio", None, lambda s: any(a.text.startswith("reveal") for a in s.legal_actions()))


def tryce_late() -> dict:
    """Tryce, 6 players, late in hand 7: hands grown by buys, Ann to discard."""
    return late_record(
        "tryce", {"deal": 7, "scores": [0] * 6}, lambda s: any(a.kind == "discard" for a in s.legal_actions())
    )


def fly_hands(table: TableScene, seats: tuple[int, ...] = (1, 2, 3)) -> None:
    """The cards of three opponents' hands fly in from the middle again, one after the other
    (half a deal's load at six seats)."""
    origin = table.layout.middle.center
    for seat in seats:
        zone = f"hand/{seat}"
        box = table.layout.zones.get(zone)
        cards = table.board.zones.get(zone, [])
        if box is None:
            continue
        for i, (card, (x, y, angle)) in enumerate(zip(cards, table.board.slots(zone, cards), strict=False)):
            card.x, card.y = origin
            card.flying = True
            table.animator.tween(
                card,
                table.animator.travel(500, box.card_w),
                delay=0.02 * i,
                x=x,
                y=y,
                angle=angle,
                on_done=lambda c=card: setattr(c, "flying", False),
            )


def busiest(label: str, record: dict, frames: int) -> tuple[list[float], list[float]]:
    """Frame times (s) of whole loop turns at a table from ``record``, wall clock and the main
    thread's CPU time: a drag around the table and every second the other zones' cards flying in."""
    from cardtable.session import Session

    app = App(BUSIEST_SIZE, fast=False)
    table = TableScene(app, Session.from_record(record))
    app.push(table)
    for _ in range(900):
        app.frame(1 / 60)
        if table._my_turn() and not table._busy() and not table.dirty:
            break
    hand = table.board.zones[table.my_hand]
    card = next((c for c in hand[len(hand) // 2 :] + hand if table._may_pick(c)), None)
    if card is None:
        raise SystemExit(f"{label}: no card of the hand may be picked up")
    start = (round(card.x), round(card.y - card.lift))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(1 / 60)
    width, height = BUSIEST_SIZE
    times, cpu = [], []
    for i in range(frames):
        angle = i / 40
        pos = (round(width * (0.5 + 0.3 * math.cos(angle))), round(height * (0.5 + 0.2 * math.sin(angle))))
        if i % 60 == 0:
            fly_hands(table)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        began, used = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - began)
        cpu.append(time.thread_time() - used)
    if table.pointer.press is None or not table.pointer.press.dragging:
        raise SystemExit(f"{label}: the drag ended early")
    app.stack.clear()
    return times, cpu


def figures(times: list[float]) -> tuple[float, float]:
    """Median and 99th percentile in ms."""
    times = sorted(times)
    return statistics.median(times) * 1000, times[min(len(times) - 1, int(len(times) * 0.99))] * 1000


def main_busiest(frames: int) -> None:
    print(f"Busiest tables at {BUSIEST_SIZE[0]}x{BUSIEST_SIZE[1]}, a drag and cards flying; {frames} loop turns each")
    for label, record in (("trio 6p", trio_late()), ("tryce 6p", tryce_late())):
        times, cpu = busiest(label, record, frames)
        median, p99 = figures(times)
        cpu_median, cpu_p99 = figures(cpu)
        print(
            f"{label} {BUSIEST_SIZE[0]}x{BUSIEST_SIZE[1]}: median {median:.1f} ms, p99 {p99:.1f} ms"
            f"  (CPU of the main thread: median {cpu_median:.1f} ms, p99 {cpu_p99:.1f} ms)"
        )


def main() -> None:
    args = sys.argv[1:]
    if "--busiest" in args:
        args.remove("--busiest")
        main_busiest(int(args[0]) if args else 600)
        return
    frames = int(args[0]) if args else 300
    print(f"Try table, 3 players, mid-game, drag in progress, cards flying; {frames} frames (update + draw)")
    for size in ((1920, 1080), (1280, 800)):
        times = sorted(measure(size, frames))
        median = statistics.median(times) * 1000
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))] * 1000
        print(f"  {size[0]}x{size[1]}: median {median:.2f} ms, p95 {p95:.2f} ms  (~{1000 / median:.0f} fps)")


if __name__ == "__main__":
    main()
