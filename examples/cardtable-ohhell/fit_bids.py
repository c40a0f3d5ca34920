"""Fit the weights of the normal bot's bid (``cardtable_ohhell.bidding.WEIGHTS``) from self-play.

    python examples/cardtable-ohhell/fit_bids.py [--deals N] [--rounds R] [--players P] [--seed S]

Plays ``--deals`` single deals of random size (1 card up to the most) between three ``normal``
bots, notes at every bid the hand's kinds of strength (:func:`count_hand`) and afterwards the
tricks that seat took, and fits each band of hand sizes by least squares (a little ridge, so a
kind a band never has stays at 0). The tricks a hand takes depend on its own bid (the bot then
plays to make it), so the fit is repeated ``--rounds`` times, each round's bots bidding with the
previous round's weights, fitted on all the rounds' deals so far. One round (bids from the plain
sum of the chances) fits best: 3 players, 2,500 deals a round, the exact-bid rate went 30 % (the
plain sum), 43.8 % (one round), 42.9 %, 41.4 % (more rounds); the previous bid made 35.6 %. Prints
each round's exact-bid rate and the table to paste into ``bidding.py``.
"""

from __future__ import annotations

import argparse
import random

from cardtable_ohhell import bidding
from cardtable_ohhell.bots import Reading, facts_for
from cardtable_ohhell.procedure import BID, OhHellDetails, OhHellFacts

import rules
from rules.bots import make_bot

RIDGE = 0.5
# The first round's bids: the chances summed as they are, a ruff at 0.6 of a trick.
NAIVE = (0.0, 1.0, 1.0, 1.0, 0.6, 0.0, 0.0, 0.0)


def solve(rows: list[tuple[list[float], float]], width: int) -> list[float]:
    """Least squares with a small ridge: (X'X + rI) b = X'y by Gaussian elimination."""
    a = [[RIDGE if i == j else 0.0 for j in range(width)] + [0.0] for i in range(width)]
    for x, y in rows:
        for i in range(width):
            if x[i]:
                for j in range(width):
                    a[i][j] += x[i] * x[j]
                a[i][width] += x[i] * y
    for col in range(width):
        pivot = max(range(col, width), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(width):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
    return [a[i][width] / a[i][i] for i in range(width)]


def play(deals: int, players: int, seed: int) -> tuple[dict[int, list[tuple[list[float], float]]], float]:
    """Rows per band and the exact-bid rate of ``deals`` deals."""
    game = rules.load_game("ohhell")
    rng = random.Random(seed)
    top = 51 // players
    rows: dict[int, list[tuple[list[float], float]]] = {band: [] for band in bidding.WEIGHTS}
    made = seats = 0
    for i in range(deals):
        size = 1 + int(rng.random() * top)
        settings = {"max_cards": size, "sequence": "fixed", "score_rule": "tricks-ten"}
        state = game.new_match(players=players, seed=seed * 100_000 + i, settings=settings)
        bots = [make_bot("ohhell", "normal", s, seed * 100_000 + i * 10 + s) for s in range(players)]
        noted: dict[int, list[float]] = {}
        while not state.deal_results:
            seat = state.current_player
            view = state.view(seat)
            facts = OhHellFacts.of(view)
            if facts.phase == BID:
                reading = Reading(view, facts_for(view.game, view.variant))
                count = bidding.count_hand(reading, seat, list(facts.bids))
                noted[seat] = [count.values[f] for f in bidding.FEATURES]
            state.apply(bots[seat].choose(view), events=False)
        details = OhHellDetails.of(state.deal_results[0])
        band = min(b for b in bidding.WEIGHTS if b >= size)
        for seat, x in noted.items():
            rows[band].append((x, float(details.tricks[seat])))
            made += details.exact[seat]
            seats += 1
    return rows, made / max(1, seats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    width = len(bidding.FEATURES)
    bidding.WEIGHTS = dict.fromkeys(bidding.WEIGHTS, NAIVE)
    pooled: dict[int, list[tuple[list[float], float]]] = {band: [] for band in bidding.WEIGHTS}
    for round_no in range(args.rounds):
        rows, rate = play(args.deals, args.players, args.seed + round_no)
        print(f"round {round_no + 1}: bids made {rate:.1%} with the weights in use", flush=True)
        for band, r in rows.items():
            pooled[band] += r
        # every round's deals so far: one round's fit alone swings between over- and underbidding
        bidding.WEIGHTS = {band: tuple(round(w, 2) for w in solve(r, width)) for band, r in pooled.items() if r}
    _rows, rate = play(args.deals, args.players, args.seed + args.rounds)
    print(f"the fitted weights: bids made {rate:.1%}")
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for band, w in sorted(bidding.WEIGHTS.items()):
        print(f"    {band}: ({', '.join(f'{v:.2f}' for v in w)}),")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
