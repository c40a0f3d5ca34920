"""The README's screenshots of every game, drawn by the real app at a real table.

    python docs/make_screenshots.py [--driver xvfb|dummy] [--only GAME ...] [--size 1280x800]

Each game's match is played by normal bots (Ann's seat too) up to a moment worth showing, then
opened at the table from Ann's seat, as a player resuming it would see it: the bots play on to
her turn and the cards come to rest. With ``--driver xvfb`` (the default when ``Xvfb`` is
installed) a virtual X server is started, the app opens a real X11 window in it and the window
is captured by ImageMagick's ``import`` (found with ``xdotool`` by its class, ``cardtable``);
with ``--driver dummy`` the app draws headless and the window's surface is saved. Both give the
same picture. Rerunnable: the matches are seeded, so a rerun draws the same moments with
whatever the table looks like now. Writes ``docs/screenshot-<game>.png`` (Try's is
``docs/screenshot.png``) and prints what each shows.

    apt-get install -y xvfb xdotool imagemagick   # for --driver xvfb
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
NAMES = ("Ann", "Basil", "Cleo", "Dmitri", "Edith", "Felix")


@dataclass(frozen=True)
class Moment:
    """A moment of a match worth showing: the game, its players, where the match starts, and
    what must hold when Ann (seat 0) is to move."""

    game: str
    players: int
    seed: int
    wanted: Callable[[Any], bool]
    out: str
    start: dict | None = None
    hover: str = ""  # the zone whose last card the pointer rests on (its card lifts), if any


def _zone_sizes(state: Any, base: str) -> list[int]:
    return [len(cards) for name, cards in state.zones.items() if name.split("/")[0] == base]


def _try(state: Any) -> bool:
    return sum(_zone_sizes(state, "discard")) >= 5 and any(a.kind == "discard" for a in state.legal_actions())


def _tryce(state: Any) -> bool:
    return sum(1 for n in _zone_sizes(state, "meld") if n) >= 4 and any(
        a.kind == "discard" for a in state.legal_actions()
    )


def _trio(state: Any) -> bool:
    return sum(_zone_sizes(state, "trios")) >= 3 and sum(_zone_sizes(state, "revealed")) >= 1


def _tricks(state: Any) -> bool:
    return sum(_zone_sizes(state, "trick")) >= 2 and sum(_zone_sizes(state, "won")) >= 6


MOMENTS = {
    "try": Moment("try", 3, 11, _try, "screenshot.png", hover="hand/0"),
    "tryce": Moment("tryce", 4, 3, _tryce, "screenshot-tryce.png", {"deal": 6, "scores": [0] * 4}, "hand/0"),
    "trio": Moment("trio", 4, 7, _trio, "screenshot-trio.png"),
    "tribello": Moment("tribello", 3, 5, _tricks, "screenshot-tribello.png", hover="hand/0"),
    "troeven": Moment("troeven", 3, 5, _tricks, "screenshot-troeven.png", hover="hand/0"),
}


def record_of(moment: Moment) -> dict:
    """The match of ``moment`` played by normal bots up to Ann's first turn where it holds."""
    import rules
    from rules.bots import make_bot

    seats = [{"name": NAMES[0], "kind": "human"}] + [
        {"name": NAMES[s], "kind": "bot", "level": "normal"} for s in range(1, moment.players)
    ]
    extra = {"start": moment.start} if moment.start else {}
    state = rules.load_game(moment.game).new_match(players=moment.players, seed=moment.seed, seats=seats, **extra)
    bots = [make_bot(moment.game, "normal", seat, moment.seed + seat) for seat in range(moment.players)]
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.current_player
        if seat == 0 and moment.wanted(state):
            return state.to_record()
        state.apply(bots[seat].choose(state.view(seat)))
    raise SystemExit(f"{moment.game}: the moment to show never came (seed {moment.seed})")


def shoot(game: str, out: Path, size: tuple[int, int], driver: str) -> None:
    """In the child: open the table of ``game``'s moment, let it come to rest, capture it."""
    import pygame

    from cardtable.app import App
    from cardtable.session import Session
    from cardtable.table import TableScene

    moment = MOMENTS[game]
    app = App(size)
    table = TableScene(app, Session.from_record(record_of(moment)))
    app.push(table)
    for _ in range(3000):
        app.frame(1 / 60)
        if table._my_turn() and not table._busy() and not table.dirty:
            break
    if not table._my_turn():
        raise SystemExit(f"{game}: the table never came to Ann's turn")
    cards = [c for c in table.board.zones.get(moment.hover, []) if not table.ext.dimmed(c)]
    if cards:
        card = cards[len(cards) * 2 // 3]  # a card you may play rises under the pointer
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(round(card.x), round(card.y)), rel=(0, 0), buttons=(0, 0, 0))
        )
    for _ in range(120):  # the last cards land, a banner fades, a hovered card rises
        app.frame(1 / 60)
    table.forget_layers()
    app.draw()
    pygame.display.flip()
    if driver == "dummy":
        pygame.image.save(app.window_surface, str(out))
    else:
        time.sleep(0.3)  # the X server shows the flip
        window = subprocess.run(
            ["xdotool", "search", "--class", "cardtable"], capture_output=True, text=True, check=True
        ).stdout.split()[0]
        subprocess.run(["import", "-window", window, str(out)], check=True)
    print(
        f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {game}, {moment.players} players; "
        f"{table.status_text}"
    )
    app.stack.clear()


def start_xvfb(size: tuple[int, int]) -> tuple[subprocess.Popen, str]:
    """A virtual X server on a free display, a little larger than the window."""
    for number in range(91, 120):
        if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        display = f":{number}"
        server = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", f"{size[0] + 64}x{size[1] + 64}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                return server, display
            if server.poll() is not None:
                break
            time.sleep(0.1)
        server.terminate()
    raise SystemExit("no display for Xvfb could be opened")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", choices=("xvfb", "dummy"), default="xvfb" if shutil.which("Xvfb") else "dummy")
    parser.add_argument("--only", nargs="*", choices=sorted(MOMENTS), default=sorted(MOMENTS))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--out", default=str(DOCS))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.lower().split("x"))
    if args.child:
        shoot(args.child, Path(args.out) / MOMENTS[args.child].out, size, args.driver)
        return
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": str(ROOT),
        "CARDTABLE_HOME": tempfile.mkdtemp(prefix="cardtable-shots-"),
    }  # nothing of the player's
    server = None
    if args.driver == "xvfb":
        for tool in ("Xvfb", "xdotool", "import"):
            if shutil.which(tool) is None:
                raise SystemExit(f"{tool} is missing: apt-get install -y xvfb xdotool imagemagick (or --driver dummy)")
        server, display = start_xvfb(size)
        env.update(
            DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_FRAMEBUFFER_ACCELERATION="0", SDL_VIDEO_X11_WMCLASS="cardtable"
        )
    else:
        env.update(SDL_VIDEODRIVER="dummy")
    failed = []
    try:
        for game in args.only:
            command = [
                sys.executable,
                __file__,
                "--child",
                game,
                "--driver",
                args.driver,
                "--size",
                args.size,
                "--out",
                args.out,
            ]
            if subprocess.run(command, env=env).returncode != 0:
                failed.append(game)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    if failed:
        raise SystemExit(f"no screenshot of {', '.join(failed)}")


if __name__ == "__main__":
    main()
