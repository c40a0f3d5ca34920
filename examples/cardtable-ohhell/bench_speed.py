"""Random deals of Oh Hell per second through the public contract (3 players, 13 cards each).

    pip install -e examples/cardtable-ohhell
    python examples/cardtable-ohhell/bench_speed.py [--seconds S] [--vs-openspiel [PYTHON]] [--rounds N]

Like for like with OpenSpiel's ``oh_hell`` (3 players, a fixed 13 tricks): each deal is dealt,
bid (uniformly among the legal bids) and played to the end with uniformly random legal moves,
through ``new_match`` / ``legal_actions`` / ``apply`` only. Prints deals/s and actions/s with
events off (``apply(a, events=False)``, as search uses it) and on (as the table uses it), and
playouts/s from a clone of a state after the bids (a bot's search).

``--vs-openspiel`` then measures OpenSpiel's random ``oh_hell`` deals driven from Python
(``pyspiel``, never a dependency: in this process when it imports, else in the interpreter
PYTHON or ``$OPEN_SPIEL_PYTHON`` names) side by side with ours, events off: ``--rounds``
alternating measurements of ``--seconds`` each, in each process's CPU time (steadier on a shared
machine), and prints both medians and their ratio (``bench/openspiel_ohhell.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cardtable_ohhell.procedure import BID, OhHellFacts

import rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))  # the shared OpenSpiel reference
from openspiel_ohhell import Reference  # noqa: E402

SETTINGS = {"max_cards": 13, "sequence": "fixed"}  # 3 deals of 13 cards each per match


def load() -> rules.Game:
    try:
        return rules.load_game("ohhell")
    except rules.RulesError as exc:
        hint = "install the plugin first (pip install -e examples/cardtable-ohhell)"
        raise SystemExit(f"{exc.summary()}: {hint}") from None


def random_deals(
    game: rules.Game, seconds: float, events: bool, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, int, float]:
    rng = random.Random(1)
    deals = actions = 0
    seed = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_match(players=3, seed=seed, settings=SETTINGS)
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))], events=events)
            actions += 1
        deals += len(state.deal_results)
    return deals, actions, clock() - start


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


def load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except (AttributeError, OSError):
        return "load average unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def versus_openspiel(game: rules.Game, python: str | None, seconds: float, rounds: int) -> None:
    """Ours and OpenSpiel's random deals/s, measured in turn ``rounds`` times (CPU time): medians, ratio."""
    reference = Reference(python)
    if not reference.ready:
        print(f"vs OpenSpiel: {reference.why}")
        return
    print(f"vs {reference.where}, {rounds} rounds of {seconds:g} CPU seconds each side; {load_average()}")
    ours, theirs = [], []
    try:
        for k in range(rounds):
            deals, _actions, secs = random_deals(game, seconds, False, time.process_time)
            ours.append(deals / secs)
            rate = reference.measure(seconds, cpu=True)
            if rate is None:
                print(f"vs OpenSpiel: {reference.why}")
                return
            theirs.append(rate)
            print(f"  round {k + 1}: ours {ours[-1]:8,.0f} deals/s, OpenSpiel {rate:8,.0f} ({ours[-1] / rate:.2f}x)")
    finally:
        reference.close()
    mine, spiel = statistics.median(ours), statistics.median(theirs)
    print(
        f"  medians: ours {mine:,.0f} random deals per CPU second, OpenSpiel from Python {spiel:,.0f}: "
        f"ratio {mine / spiel:.2f}x  ({load_average()})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument(
        "--vs-openspiel",
        nargs="?",
        const="",
        metavar="PYTHON",
        help="also measure OpenSpiel's oh_hell from Python, interleaved (here, or in PYTHON / $OPEN_SPIEL_PYTHON)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="alternating measurements with --vs-openspiel")
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
    if args.vs_openspiel is not None:
        versus_openspiel(game, args.vs_openspiel or None, args.seconds, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
