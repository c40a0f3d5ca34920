"""Random deals of Oh Hell per second through the public contract (3 players, 13 cards each).

    pip install -e examples/cardtable-ohhell
    python examples/cardtable-ohhell/bench_speed.py [--seconds S]

Like for like with OpenSpiel's ``oh_hell`` (3 players, a fixed 13 tricks): each deal is dealt,
bid (uniformly among the legal bids) and played to the end with uniformly random legal moves,
through ``new_match`` / ``legal_actions`` / ``apply`` only. Prints deals/s and actions/s with
events off (``apply(a, events=False)``, as search uses it) and on (as the table uses it), and
playouts/s from a clone of a state after the bids (a bot's search).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from cardtable_ohhell.procedure import BID, OhHellFacts

import rules

SETTINGS = {"max_cards": 13, "sequence": "fixed"}  # 3 deals of 13 cards each per match


def load() -> rules.Game:
    try:
        return rules.load_game("ohhell")
    except rules.RulesError as exc:
        hint = "install the plugin first (pip install -e examples/cardtable-ohhell)"
        raise SystemExit(f"{exc.summary()}: {hint}") from None


def random_deals(game: rules.Game, seconds: float, events: bool) -> tuple[int, int, float]:
    rng = random.Random(1)
    deals = actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_match(players=3, seed=seed, settings=SETTINGS)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))], events=events)
            actions += 1
        deals += len(state.deal_results)
    return deals, actions, time.perf_counter() - start


def playouts(game: rules.Game, seconds: float) -> tuple[int, float]:
    rng = random.Random(2)
    state = game.new_match(players=3, seed=7, settings=SETTINGS)
    while OhHellFacts.of(state.view(None)).phase == BID:
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        twin = state.clone()
        while len(twin.deal_results) == 0:
            legal = twin.legal_actions()
            twin.apply(legal[int(rng.random() * len(legal))], events=False)
        count += 1
    return count, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    game = load()
    print(f"Oh Hell, 3 players, 13 cards, uniformly random legal moves (Python {sys.version.split()[0]})")
    for events in (False, True):
        deals, actions, secs = random_deals(game, args.seconds, events)
        print(
            f"  events {'on ' if events else 'off'}: {deals / secs:8,.0f} deals/s  {actions / secs:10,.0f} actions/s"
            f"  ({deals} deals, {actions / deals:.0f} actions a deal)"
        )
    count, secs = playouts(game, args.seconds)
    print(f"  playouts from a clone after the bids: {count / secs:8,.0f}/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
