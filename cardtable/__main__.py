"""``python -m cardtable``: open the menu, or with ``--demo GAME`` watch bots play one match
through the real table and exit (0 when it ended, 1 on any error: for CI).

Examples::

    python -m cardtable
    python -m cardtable --size 900x600
    python -m cardtable --demo try --players 3 --seed 7 --fast
"""

from __future__ import annotations

import argparse
import sys
import traceback


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x800, got {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"the window must be at least 320x240, got {text!r}")
    return w, h


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardtable", description="A card table for five uncommon games.")
    parser.add_argument("--demo", metavar="GAME", help="bots play one match of GAME at the table, then exit")
    parser.add_argument("--players", type=int, metavar="N", help="number of players for --demo")
    parser.add_argument("--seed", type=int, metavar="S", help="the deal's seed for --demo")
    parser.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH", help="window size (1280x800)")
    parser.add_argument("--fast", action="store_true", help="near-instant animations")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run Cardtable; returns the process exit code."""
    args = parse_args(argv)
    import pygame

    from cardtable.app import App  # absolute: this file is also the frozen build's script

    if args.demo is not None:
        try:
            import rules

            if args.demo not in rules.list_games():
                print(f"cardtable: unknown game {args.demo!r} (expected one of {', '.join(rules.list_games())})",
                      file=sys.stderr)
                return 2
            app = App(size=args.size, fast=True, demo=args.demo, players=args.players, seed=args.seed)
            return app.run()
        except Exception:  # noqa: BLE001 - a demo reports every failure and exits 1
            traceback.print_exc()
            return 1
    try:
        app = App(size=args.size, fast=args.fast)
    except pygame.error as exc:
        print(f"cardtable: cannot open a window: {exc}", file=sys.stderr)
        return 1
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
