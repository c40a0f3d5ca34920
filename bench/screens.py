"""Render a fixed set of screens headless and compare them pixel by pixel with an earlier set:
the check that a restructuring changed nothing a player sees.

    python bench/screens.py --out DIR                 # write DIR/<screen>.png
    python bench/screens.py --out DIR2 --compare DIR  # and list the screens that differ from DIR

The screens: the menu; the new-game, rules, statistics and settings scenes; and every game found
(the built-ins and any installed plugin) at the table mid-deal on the human's turn, at 1280x800
and 1920x1080, then with the hint shown. Each table is reached by applying a seeded sequence of
legal actions to a fresh match (not through the table), so the screens do not depend on the
table's internals. The frames run on a virtual clock, so two runs of one build are identical
(``--compare`` of a build with itself lists nothing). Prints one line per differing screen
(how many pixels differ and their bounding box) and a summary; exit 0 always (figures, not a
verdict), unless a screen could not be made at all (exit 1).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-screens-")
os.environ.setdefault("CARDTABLE_BOTS_APART", "0")

import pygame  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402

SIZES = ((1280, 800), (1920, 1080))
FRAMES = 300  # five virtual seconds: a deal-in and any message settle
SEED = 4242


def run_frames(app: App, frames: int = FRAMES) -> None:
    for _ in range(frames):
        app.frame(1 / 60)


def until_still(app: App, most_s: float = 20.0) -> None:
    """Frames until the screen stops changing: the hint is thought out on another thread, so it
    arrives after some wall time that depends on the machine's load, not on the virtual clock."""
    last = None
    still = 0
    start = time.monotonic()
    while still < 3 and time.monotonic() - start < most_s:
        run_frames(app, 20)
        app.draw()
        now = pygame.image.tobytes(app.window_surface, "RGB")
        still = still + 1 if now == last else 0
        last = now
        time.sleep(0.2)


def mid_deal(game_id: str, steps: int) -> Session:
    """A match of ``game_id`` (seat 0 human, the rest ``normal`` bots) after about ``steps``
    seeded legal actions, stopped on seat 0's turn."""
    count = rules.load_game(game_id).new_match(seed=SEED).players
    names = ("Ada", "Ben", "Cy", "Di", "Eve", "Flo")[: count - 1]
    seats = [{"name": "You", "kind": "human"}] + [{"name": n, "kind": "bot", "level": "normal"} for n in names]
    session = Session.new(game_id, count, None, seats, SEED, {})
    pick = random.Random(SEED)
    state = session.state
    done = 0
    for _ in range(steps * 20):
        if state.is_over:
            raise RuntimeError(f"{game_id}: the match ended before {steps} actions on seat 0's turn")
        if done >= steps and state.current_player == 0:
            break
        legal = state.legal_actions()
        state.apply(pick.choice(legal))
        done += 1
    return session


def table_screens(app: App, game_id: str) -> dict[str, Callable[[], None]]:
    from cardtable.table import TableScene

    def at(size: tuple[int, int], hint: bool) -> Callable[[], None]:
        def make() -> None:
            app._resized(size)
            session = mid_deal(game_id, 6)
            app.push(TableScene(app, session))
            run_frames(app)
            if hint:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
                until_still(app)

        return make

    made: dict[str, Callable[[], None]] = {}
    for size in SIZES:
        made[f"table-{game_id}-{size[0]}x{size[1]}"] = at(size, False)
    made[f"table-{game_id}-hint"] = at(SIZES[0], True)
    return made


def shell_screens(app: App, first_game: str) -> dict[str, Callable[[], None]]:
    def menu() -> None:
        app.to_menu()
        run_frames(app, 60)

    def scene(module: str, name: str, *args: object) -> Callable[[], None]:
        def make() -> None:
            import importlib

            cls = getattr(importlib.import_module(module), name)
            app.push(cls(app, *args))
            run_frames(app, 60)

        return make

    return {
        "menu": menu,
        "new-game": scene("cardtable.scenes.newgame", "NewGameScene", first_game),
        "rules": scene("cardtable.scenes.rules_help", "RulesHelpScene", first_game),
        "stats": scene("cardtable.scenes.stats_scene", "StatsScene"),
        "settings": scene("cardtable.scenes.settings_scene", "SettingsScene"),
    }


def capture(out: Path, only: str | None) -> list[str]:
    """Write every screen to ``out``; returns the names that could not be made."""
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=SIZES[0])
    games = list(rules.list_games())
    screens = shell_screens(app, games[0])
    for game_id in games:
        screens.update(table_screens(app, game_id))
    failed = []
    for name, make in screens.items():
        if only and only not in name:
            continue
        try:
            while app.stack.top is not None:
                app.pop()
            app._resized(SIZES[0])
            random.seed(SEED)  # the hint's bot is seeded from the global generator
            make()
            app.draw()
            pygame.image.save(app.window_surface, str(out / f"{name}.png"))
        except Exception:  # noqa: BLE001 - a screen that cannot be made is reported, the rest go on
            failed.append(name)
            print(f"{name}: could not be made", file=sys.stderr)
            traceback.print_exc()
    return failed


def compare(new: Path, old: Path) -> int:
    """Print the screens of ``new`` that differ from ``old``; returns how many differ."""
    differ = 0
    names = sorted({p.name for p in new.glob("*.png")} | {p.name for p in old.glob("*.png")})
    for name in names:
        a, b = new / name, old / name
        if not a.exists() or not b.exists():
            print(f"{name}: only in {'the new set' if a.exists() else 'the old set'}")
            differ += 1
            continue
        one, two = pygame.image.load(str(a)), pygame.image.load(str(b))
        if one.get_size() != two.get_size():
            print(f"{name}: size {one.get_size()} against {two.get_size()}")
            differ += 1
            continue
        one_bytes = pygame.image.tobytes(one, "RGB")
        two_bytes = pygame.image.tobytes(two, "RGB")
        if one_bytes == two_bytes:
            continue
        width = one.get_width()
        xs, ys, count = [], [], 0
        for i in range(0, len(one_bytes), 3):
            if one_bytes[i : i + 3] != two_bytes[i : i + 3]:
                count += 1
                pixel = i // 3
                xs.append(pixel % width)
                ys.append(pixel // width)
        print(f"{name}: {count} pixels differ, in x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}")
        differ += 1
    print(f"{len(names)} screens compared, {differ} differ")
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="where to write the PNGs")
    parser.add_argument("--compare", type=Path, help="an earlier set to compare with")
    parser.add_argument("--only", help="only the screens whose name contains this")
    args = parser.parse_args(argv)
    failed = capture(args.out, args.only)
    if args.compare:
        compare(args.out, args.compare)
    if failed:
        print(f"could not make: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
