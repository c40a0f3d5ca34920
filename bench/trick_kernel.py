"""Random trick-taking deals per second: a frozen plain-lists kernel beside the engine.

The reference kernel is a 3-player, 13-trick random playout on plain int lists (shuffle,
deal, follow suit, find the winner), frozen here so the engine has a fixed yardstick.
The engine's figures are whole random matches through the public contract
(``legal_actions`` + ``apply(events=False)``), counted in deals. Each figure is the median
of several runs; the ratio is kernel / engine (lower is better).

Then the search's kernels (``hard``'s), on each trick game's first lead: random deals played out
on the list kernel (:class:`rules.tricks.PlayKernel`) and on the mask kernel
(:class:`rules.bots.maskplay.MaskKernel`), and ``hard``'s rollouts (a world dealt from the seat's
view, played out by the rollout policy, the last tricks solved), per second.

Usage: python bench/trick_kernel.py [--seconds S] [--runs N] [--only engine|search]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rules
from rules.bots import make_bot
from rules.bots.maskplay import MaskKernel, Values, mask_deck, nth_bit, rollout
from rules.tricks import PlayKernel, TrickState


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


def first_lead(game_id: str, variant: str | None, seed: int) -> TrickState:
    """A match at its first lead: every seat keeps its hand, the caller names the first suit."""
    state = rules.load_game(game_id).new_match(variant=variant, seed=seed)
    while state.phase != "play":
        actions = state.legal_actions()
        state.apply(actions[-1] if actions[-1].kind == "exchange" else actions[0])
    return state


def _list_step(k: PlayKernel, rng: random.Random) -> None:
    legal = k.legal()
    k.play(legal[int(rng.random() * len(legal))])


def _mask_step(k: MaskKernel, rng: random.Random) -> None:
    legal = k.legal_mask()
    k.play(nth_bit(legal, int(rng.random() * legal.bit_count())))


def search_rates(game_id: str, variant: str | None, seconds: float) -> tuple[float, float, float]:
    """Random deals/s on the list kernel and on the mask kernel, and hard's rollouts/s."""
    state = first_lead(game_id, variant, 1)
    lists = state.kernel()
    md = mask_deck(state.tdeck)
    masks = MaskKernel.of(lists, md)
    rng = random.Random(3)
    rates = []
    for start, step in ((lists, _list_step), (masks, _mask_step)):
        deals = 0
        begin = time.perf_counter()
        while time.perf_counter() - begin < seconds:
            for _ in range(20):
                k = start.copy()
                while not k.over:
                    step(k, rng)
            deals += 20
        rates.append(deals / (time.perf_counter() - begin))
    seat = state.current_player
    bot = make_bot(game_id, "hard", seat, seed=1)
    view = state.view(seat)
    know, goal = bot.knowledge(view), bot.goal(view)
    values = Values(goal)
    done = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        for _ in range(50):
            rollout(know.mask_world(rng), goal, values, rng)
        done += 50
    rates.append(done / (time.perf_counter() - begin))
    return rates[0], rates[1], rates[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one measurement")
    parser.add_argument("--runs", type=int, default=5, help="paired runs per figure (medians are shown)")
    parser.add_argument("--only", choices=("engine", "search"), help="one half of the figures")
    args = parser.parse_args()
    if args.only != "engine":
        for game_id, variant, label in (
            ("tribello", None, "Tribello"),
            ("troeven", "dummy", "Troeven dummy"),
            ("troeven", "thirty", "Troeven thirty"),
        ):
            runs = [search_rates(game_id, variant, args.seconds) for _ in range(args.runs)]
            lists, masks, rollouts = (statistics.median(r[i] for r in runs) for i in range(3))
            print(
                f"search {label:15s} list kernel {lists:7.0f} deals/s   mask kernel {masks:7.0f} deals/s"
                f"   rollouts {rollouts:7.0f}/s",
                flush=True,
            )
        if args.only == "search":
            return
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
