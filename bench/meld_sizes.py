"""The card width (px) each seat's melds get at a Tryce-like table with melds laid, per window size
and player count, and the time to lay such a table out. Headless (SDL dummy driver).

Two samples per seat: three words of 6, 4 and 3 letters ("words"), and four melds of 4 to 7 cards
("full"). Seats are listed from the viewer (seat 0, at the bottom) round the table. Figures only,
no pass/fail: ``python bench/meld_sizes.py [PLAYERS ...]`` (default 5 6).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from cardtable.table.layout import TableLayout, unit  # noqa: E402
from cardtable.table.meld_layout import MeldBox  # noqa: E402
from cardtable.table.widgets.board import board_sizes  # noqa: E402
from rules.presenter import Board  # noqa: E402

SIZES = ((1024, 700), (1280, 800), (1366, 768), (1920, 1080))
SPECS = {
    "hand": {"name": "hand", "per_seat": True, "kind": "hand", "place": "seat", "label": "Hand"},
    "stock": {"name": "stock", "kind": "stack", "place": "center", "label": "Stock"},
    "discard": {"name": "discard", "kind": "pile", "place": "center", "label": "Discard"},
    "meld": {"name": "meld", "per_seat": True, "kind": "melds", "place": "seat", "label": "Melds"},
    "staged": {"name": "staged", "per_seat": True, "kind": "melds", "place": "seat", "label": "Staged"},
    "build": {"name": "build", "per_seat": True, "kind": "melds", "place": "seat", "label": "Building"},
    "board": {"name": "board", "kind": "board", "place": "corner", "label": "Information board"},
}
BOARD = Board(
    "Information board",
    ("Hand", "Cards", "Contract", "Points", "Pat"),
    tuple((str(n), "10", "1 group, 1 word", "10", "no") for n in range(1, 8)),
    highlight=2,
)
SAMPLES = {"words": (6, 4, 3), "full": (4, 5, 6, 7)}


def layout_of(size: tuple[int, int], players: int, melds: int = 4) -> TableLayout:
    names = [f"hand/{s}" for s in range(players)] + ["stock", "discard"]
    names += [f"meld/{s}/{n}" for s in range(players) for n in range(melds)]
    names += [f"{z}/{s}" for z in ("staged", "build") for s in range(players)]
    return TableLayout(
        size, players, 0, SPECS, names, hand_max=15, extra_rows=1, board_sizes=board_sizes(BOARD, unit(size))
    )


def widths(layout: TableLayout, counts: tuple[int, ...]) -> list[int]:
    """Each seat's card width for melds of ``counts`` cards, seat 0 first."""
    out = []
    for seat in range(layout.players):
        box = layout.zones[f"meld/{seat}/0"]
        assert isinstance(box, MeldBox) and box.rows is not None
        out.append(box.rows.pack({f"meld/{seat}/{n}": c for n, c in enumerate(counts)})[0])
    return out


def main(players: list[int]) -> None:
    pygame.init()
    for n in players:
        print(f"{n} players: px per card, seat 0 (you) then round the table")
        for size in SIZES:
            layout = layout_of(size, n)
            cells = "   ".join(
                f"{name} " + " ".join(f"{w:3d}" for w in widths(layout, counts)) for name, counts in SAMPLES.items()
            )
            print(f"  {size[0]}x{size[1]}:  {cells}")
        runs = []
        for _ in range(5):
            start = time.process_time()
            for size in SIZES:
                layout_of(size, n)
            runs.append((time.process_time() - start) / len(SIZES) * 1000)
        print(f"  layout: median {statistics.median(runs):.1f} ms CPU (5 runs of {len(SIZES)} sizes)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [5, 6])
