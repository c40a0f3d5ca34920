"""Random trick-taking deals per second: a frozen plain-lists kernel beside the engine.

The reference kernel is a 3-player, 13-trick random playout on plain int lists (shuffle,
deal, follow suit, find the winner), frozen here so the engine has a fixed yardstick.
The engine's figures are whole random matches through the public contract
(``legal_actions`` + ``apply(events=False)``), counted in deals. Each figure is the median
of several runs; the ratio is kernel / engine (lower is better).

Usage: python bench/trick_kernel.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rules


def kernel_deal(rng: random.Random) -> list[int]:
    """One random 3-player deal of 13 tricks with a random trump: tricks won per seat."""
    cards = list(range(52))
    for i in range(51, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    hands = [cards[0:13], cards[13:26], cards[26:39]]
    trump = int(rng.random() * 5) - 1  # -1: no trump
    won = [0, 0, 0]
    leader = 0
    for _trick in range(13):
        played = []
        led = -1
        for k in range(3):
            hand = hands[(leader + k) % 3]
            if led < 0:
                options = hand
            else:
                options = [c for c in hand if c // 13 == led] or hand
            card = options[int(rng.random() * len(options))]
            hand.remove(card)
            if led < 0:
                led = card // 13
            played.append(card)
        best, best_key = 0, -1
        for k, card in enumerate(played):
            suit = card // 13
            key = 200 + card % 13 if suit == trump else 100 + card % 13 if suit == led else -1
            if key > best_key:
                best, best_key = k, key
        leader = (leader + best) % 3
        won[leader] += 1
    return won


def kernel_rate(seconds: float) -> float:
    rng = random.Random(1)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            kernel_deal(rng)
        deals += 100
    return deals / (time.perf_counter() - start)


def engine_rate(game_id: str, variant: str | None, seconds: float, keep: bool = False) -> float:
    """Random deals/s through the engine; ``keep``: every seat keeps its hand (no exchange toggling)."""
    game = rules.load_game(game_id)
    rng = random.Random(2)
    deals = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        state = game.new_match(variant=variant, seed=seed)
        while not state.is_over:
            actions = state.legal_actions()
            if keep and actions[-1].kind == "exchange":
                action = actions[-1]
            else:
                action = actions[int(rng.random() * len(actions))]
            state.apply(action, events=False)
        deals += len(state.deal_results)
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one measurement")
    parser.add_argument("--runs", type=int, default=5, help="paired runs per figure (medians are shown)")
    args = parser.parse_args()
    figures = [
        ("tribello", None, True, "Tribello, every seat keeps"),
        ("tribello", None, False, "Tribello, random exchange"),
        ("troeven", "dummy", False, "Troeven dummy (8 tricks)"),
        ("troeven", "thirty", False, "Troeven thirty (10 tricks)"),
    ]
    kernels: list[float] = []
    for game_id, variant, keep, label in figures:
        # Kernel and engine measured back to back in each run, so machine noise hits both alike.
        pairs = [
            (kernel_rate(args.seconds), engine_rate(game_id, variant, args.seconds, keep)) for _ in range(args.runs)
        ]
        kernels += [k for k, _e in pairs]
        rate = statistics.median(e for _k, e in pairs)
        ratio = statistics.median(k / e for k, e in pairs)
        print(f"engine {label:28s} {rate:7.0f} deals/s   kernel/engine {ratio:5.1f}", flush=True)
    print(f"reference kernel (3 players, 13 tricks, plain lists): {statistics.median(kernels):7.0f} deals/s")


if __name__ == "__main__":
    main()
