"""Oh Hell at the table mid-deal, saved as a picture (the README's ``docs/screenshot-ohhell.png``).

    pip install -e examples/cardtable-ohhell
    SDL_VIDEODRIVER=dummy python examples/cardtable-ohhell/screenshot.py [OUT.png]

Four players (Ann human, three normal bots), deal 6 of 25 (hearts trump): the bids are made and
the first trick waits for Ann, the dealer, with three cards on it. Drawn headless at 1280x800 by
the real table, as a player would see it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from cardtable_ohhell.procedure import BID, OhHellFacts  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from rules.bots import make_bot  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshot-ohhell.png"
NAMES = ("Ann", "Basil", "Cleo", "Dora")


def main(out: Path) -> None:
    seats = [
        {"name": n, "kind": "human"} if i == 0 else {"name": n, "kind": "bot", "level": "normal"}
        for i, n in enumerate(NAMES)
    ]
    state = rules.load_game("ohhell").new_match(players=4, seed=11, seats=seats, dealer=3)
    bots = [make_bot("ohhell", "normal", seat, 1) for seat in range(4)]
    while state.view(None).deal < 6 or OhHellFacts.of(state.view(None)).phase == BID:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
    app = App((1280, 800), fast=True)
    table = TableScene(app, Session.from_record(state.to_record()))  # the bots play on to Ann's turn
    app.push(table)
    for _ in range(600):
        app.frame(1 / 60)
        if table._my_turn() and not table._busy():
            break
    for _ in range(30):  # the last card lands, the banner fades
        app.frame(1 / 60)
    app.draw()
    pygame.image.save(app.window_surface, str(out))
    print(f"{out}: {table.status_text}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
