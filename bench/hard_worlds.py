"""How many worlds the generic ``hard`` plays out in a decision, by the cards left in its hand.

    python bench/hard_worlds.py [--budget-ms MS] [--deals N] [--rounds R]

Oh Hell (the example plugin), 3 players, 13 cards, the rules of ``bench/vs_openspiel.py``. Each
deal is played by ``normal``s; at each of the seat to play's card choices with more than one kind
of card, a ``hard`` bot (``--budget-ms``, 9.1 by default: the native OpenSpiel ISMCTS's median
time a move here) decides and the worlds it played out are kept. Its odds tables are built before
the clock starts. Printed per cards in hand: the median worlds over the decisions and rounds
(``--rounds`` passes over the same positions; medians, as this machine is noisy), and the bid's
play-outs. Figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "examples" / "cardtable-ohhell")]

import rules  # noqa: E402
from rules.bots import make_bot  # noqa: E402

SETTINGS = {"max_cards": 13, "sequence": "fixed", "score_rule": "tricks-ten", "hook": True}


def positions(deals: int) -> list[object]:
    """The views at every card choice and bid of ``deals`` deals played by ``normal``s."""
    game = rules.load_game("ohhell")
    out = []
    for seed in range(deals):
        match = game.new_match(players=3, seed=10_000 + seed, settings=SETTINGS)
        bots = [make_bot("ohhell", "normal", s, seed) for s in range(3)]
        while not any(match.view(0).scores):
            seat = match.current_player
            view = match.view(seat)
            if len(view.legal) > 1:
                out.append(view)
            match.apply(bots[seat].choose(view))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget-ms", type=float, default=9.1)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    views = positions(args.deals)
    worlds: dict[str, list[int]] = defaultdict(list)
    for view in views:  # the odds tables, outside the clock
        bot = make_bot("ohhell", "hard", view.seat, 0)
        bot.max_iterations = 1
        bot.choose(view)
    for r in range(args.rounds):
        for i, view in enumerate(views):
            bot = make_bot("ohhell", "hard", view.seat, r * 1000 + i)
            bot.budget_ms = args.budget_ms
            bot.choose(view)
            if any(a.startswith("bid") for a in view.legal):
                worlds["bid"].append(bot.last_iterations)
            else:
                worlds[str(len(view.zones[f"hand/{view.seat}"]))].append(bot.last_iterations)
    print(f"hard at {args.budget_ms} ms a decision, {len(views)} decisions x {args.rounds} rounds; worlds (median)")
    for key in ["bid", *[str(h) for h in range(13, 1, -1)]]:
        if worlds.get(key):
            print(f"  {key:>4}: {statistics.median(worlds[key]):7.0f}   ({len(worlds[key])} decisions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
