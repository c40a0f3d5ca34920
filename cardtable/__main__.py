"""``python -m cardtable``: open the menu, or with ``--demo GAME`` watch bots play one match
through the real table (reading and writing nothing in the user data folder).

``--demo GAME`` plays at the normal animation speed and waits on the result screen until the
window is closed; ``--demo GAME --fast`` plays at top speed and exits when the match ends
(0 when it ended, 1 on any error: for CI and tests). ``--frames N`` draws N frames, then
quits with exit code 0 (smoke tests, start-up timing).

Examples::

    python -m cardtable
    python -m cardtable --size 900x600
    python -m cardtable --demo <game id> --players 3 --seed 7 --fast
    python -m cardtable --frames 5
    python -m cardtable --version
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback

# This file is also the frozen build's script, run without the package's __init__ first: no
# pygame-ce banner on stdout from here either (see cardtable/__init__.py).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: The version a frozen build reports when it carries no package metadata (keep equal to pyproject.toml's).
FALLBACK_VERSION = "0.1.0"


def version() -> str:
    """The installed package's version (``importlib.metadata``), else :data:`FALLBACK_VERSION`."""
    from importlib import metadata

    try:
        return metadata.version("cardtable")
    except metadata.PackageNotFoundError:
        return FALLBACK_VERSION


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x800, got {text!r}") from None
    from cardtable.app import MIN_SIZE

    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, got {text!r}")
    return w, h


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a number of frames from 1, got {text!r}")
    return n


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardtable", description="A card table for five uncommon games.")
    parser.add_argument(
        "--demo", metavar="GAME", help="bots play one match of GAME at the table (touches none of your files)"
    )
    parser.add_argument("--learn", metavar="GAME", help="open GAME's lesson: a coached first deal")
    parser.add_argument("--players", type=int, metavar="N", help="number of players for --demo")
    parser.add_argument("--seed", type=int, metavar="S", help="the deal's seed for --demo")
    parser.add_argument(
        "--size",
        type=_size,
        metavar="WxH",
        help="window size (default: the last one, or the largest that fits the screen)",
    )
    parser.add_argument(
        "--fast", action="store_true", help="near-instant animations; with --demo, exit when the match ends"
    )
    parser.add_argument("--frames", type=_count, metavar="N", help="draw N frames, then quit with exit code 0")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run Cardtable; returns the process exit code."""
    if getattr(sys, "frozen", False):  # a frozen build's bots' process starts as this executable
        import multiprocessing

        multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.version:  # before pygame is imported: instant, and works without a display
        print(f"cardtable {version()}")
        return 0
    import pygame

    from cardtable.app import App  # absolute: this file is also the frozen build's script

    if args.demo is not None:
        from cardtable import userfiles

        userfiles.seal()
        try:
            import rules

            try:
                rules.load_game(args.demo)
            except rules.RulesError:
                print(
                    f"cardtable: unknown game {args.demo!r} (expected one of {', '.join(rules.list_games())})",
                    file=sys.stderr,
                )
                return 2
            app = App(
                size=args.size, fast=args.fast, demo=args.demo, players=args.players, seed=args.seed, frames=args.frames
            )
            return app.run()
        except Exception:  # noqa: BLE001 - a demo reports every failure and exits 1
            traceback.print_exc()
            return 1
        finally:
            userfiles.unseal()
    from cardtable import crash

    if args.learn is not None:
        import rules

        if args.learn not in rules.list_games():
            print(
                f"cardtable: unknown game {args.learn!r} (expected one of {', '.join(rules.list_games())})",
                file=sys.stderr,
            )
            return 2
    try:
        app = App(size=args.size, fast=args.fast, frames=args.frames)
        app.learn_first = args.learn  # a game without a lesson (or a broken one) says so over the menu
    except pygame.error as exc:
        print(f"cardtable: cannot open a window: {exc}", file=sys.stderr)
        crash.show(f"Cardtable cannot open a window:\n\n{exc}")
        return 1
    except Exception as exc:  # noqa: BLE001 - a double-clicked app has no console: log it and show it
        return crash.fatal(exc, version())
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - what escaped the main loop (scenes' errors never get here)
        return crash.fatal(exc, version())


if __name__ == "__main__":
    sys.exit(main())
