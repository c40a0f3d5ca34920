"""The engine's speed for search, side by side with OpenSpiel's ``oh_hell`` when it is at hand.

    python bench/engine_speed.py [--seconds S] [--runs N] [--open-spiel PYTHON] [--cpu]

Figures (each the median of ``--runs`` measurements of ``--seconds``):

- *public contract*: whole random deals through ``new_match`` / ``legal_actions`` /
  ``apply(action, events=False)`` — dealt, bid (Oh Hell) or exchanged (Tribello: every seat
  keeps its hand, or toggles at random), and played out with uniformly random legal moves;
- *search clone*: the tricks of a deal played at random on ``state.clone(search=True)`` from
  the first lead (no undo, no record log), through the same contract;
- *search path* (what ``hard`` uses): a world dealt from the first leader's view (the hidden
  cards shuffled into the places that may hold them, :class:`rules.bots.ismcts.Knowledge`), its
  tricks played at random on a :class:`rules.bots.maskplay.MaskKernel` and the deal scored;
- *ISMCTS*: iterations/s of ``hard``'s search at the first lead of a Tribello deal.

Oh Hell is the example plugin (``pip install -e examples/cardtable-ohhell``) with 3 players and
13 cards, like OpenSpiel's ``oh_hell`` with ``players=3, num_tricks_fixed=13``, whose random
deals (chance dealing, bids and play through ``pyspiel``'s Python API) give the ratios.
``open_spiel`` is never a dependency: it is imported when installed here, else run with the
interpreter ``--open-spiel`` (or ``$OPEN_SPIEL_PYTHON``) names, e.g. a throwaway venv with
``pip install open_spiel`` (the measurement is :mod:`openspiel_ohhell`'s, shared with
``examples/cardtable-ohhell/bench_speed.py --vs-openspiel``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from openspiel_ohhell import Reference  # bench/ is this script's directory, first on the path

import rules
from rules.bots.ismcts import Knowledge, search
from rules.bots.maskplay import MaskKernel, nth_bit
from rules.games.tribello.bots import QuotaGoal
from rules.tricks import TrickState, trick_deck

OHHELL = {"max_cards": 13, "sequence": "fixed"}

# What a figure's seconds are: the wall clock, or (--cpu) this process's CPU time, steadier on a
# shared machine (OpenSpiel's figure is then taken in its own process's CPU time too).
CLOCK = {"clock": time.perf_counter}


def timed(body: Callable[[], int], seconds: float) -> float:
    """Calls ``body`` (which returns the deals it played) for ``seconds``: deals per second."""
    clock = CLOCK["clock"]
    deals = 0
    start = clock()
    while clock() - start < seconds:
        deals += body()
    return deals / (clock() - start)


def load_average() -> str:
    """The machine's load (1, 5, 15 minutes) where the system tells it: figures on a shared
    machine are read with it."""
    try:
        one, five, fifteen = os.getloadavg()
    except (AttributeError, OSError):
        return "load average unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def median_of(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


# ------------------------------------------------------------------ figures
def contract_deals(game: rules.Game, settings: dict | None, keep: bool, seconds: float) -> float:
    """Whole random matches through the public contract, counted in deals."""
    rng = random.Random(2)
    seeds = iter(range(1, 10**9))

    def one() -> int:
        state = game.new_match(seed=next(seeds), settings=settings)
        while not state.is_over:
            actions = state.legal_actions()
            if keep and actions[-1].kind == "exchange":
                action = actions[-1]
            else:
                action = actions[int(rng.random() * len(actions))]
            state.apply(action, events=False)
        return len(state.deal_results)

    return timed(one, seconds)


def first_leads(game: rules.Game, settings: dict | None, count: int = 20) -> list[TrickState]:
    """States at the first lead of a deal (every seat keeps, bids at random)."""
    rng = random.Random(3)
    out = []
    for seed in range(1, count + 1):
        state = game.new_match(seed=seed, settings=settings)
        while state.phase != "play":  # type: ignore[attr-defined]
            actions = state.legal_actions()
            state.apply(actions[-1] if actions[-1].kind == "exchange" else actions[int(rng.random() * len(actions))])
        out.append(state)  # type: ignore[arg-type]
    return out


def search_clone_deals(starts: list[TrickState], seconds: float) -> float:
    """The tricks of a deal at random on a search clone, through the contract."""
    rng = random.Random(4)
    k = iter(range(10**9))

    def one() -> int:
        state = starts[next(k) % len(starts)].clone(search=True)
        deal = state.deal_no
        while state.deal_no == deal and not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))], events=False)
        return 1

    return timed(one, seconds)


def knowledge_of(state: TrickState) -> Knowledge:
    game = state.game
    scoring = game.config.scoring
    tdeck = trick_deck(state.deck, scoring["rank_order"], scoring.get("points"))
    index = {face.text: face.card for face in state.deck.faces}
    return Knowledge(state.view(state.current_player), tdeck, index, set())


def kernel_deals(starts: list[TrickState], score: Callable[[TrickState, MaskKernel], object], seconds: float) -> float:
    """The search path: a world from the first leader's view, its tricks at random on masks, scored."""
    rng = random.Random(5)
    worlds = [(state, knowledge_of(state)) for state in starts]
    k = iter(range(10**9))

    def one() -> int:
        state, know = worlds[next(k) % len(worlds)]
        kernel = know.mask_world(rng)
        while kernel.left > 0:
            legal = kernel.legal_mask()
            kernel.play(nth_bit(legal, int(rng.random() * legal.bit_count())))
        score(state, kernel)
        return 1

    return timed(one, seconds)


def tribello_score(state: TrickState, kernel: MaskKernel) -> object:
    return QuotaGoal(state.quotas, state.aim, 13).utilities(kernel)  # type: ignore[attr-defined]


def ohhell_score(state: TrickState, kernel: MaskKernel) -> object:
    bids = state.bids  # type: ignore[attr-defined]
    return [10 + won if won == bid else 0 for won, bid in zip(kernel.won, bids, strict=True)]


def ismcts_rate(starts: list[TrickState], seconds: float, cpu: list[float] | None = None) -> float:
    """ISMCTS iterations per second (wall clock) at five first leads, the median; ``cpu`` gets the
    same per second of this process's CPU time (steadier on a shared machine)."""
    rates, cpu_rates = [], []
    per = max(0.05, seconds / len(starts[:5]))
    for state in starts[:5]:
        know = knowledge_of(state)
        goal = QuotaGoal(state.quotas, state.aim, 13)  # type: ignore[attr-defined]
        start, start_cpu = time.perf_counter(), time.process_time()
        _visits, iterations = search(know.mask_world, goal, random.Random(6), per)
        rates.append(iterations / (time.perf_counter() - start))
        cpu_rates.append(iterations / max(1e-9, time.process_time() - start_cpu))
    if cpu is not None:
        cpu.append(statistics.median(cpu_rates))
    return statistics.median(rates)


def open_spiel_rate(python: str | None, seconds: float, runs: int) -> tuple[float | None, str]:
    """OpenSpiel's random ``oh_hell`` deals/s (the median of ``runs``), here or with ``python``
    (:mod:`openspiel_ohhell`); (None, why) when it cannot run."""
    reference = Reference(python)
    try:
        rates = [reference.measure(seconds, cpu=CLOCK["clock"] is time.process_time) for _ in range(runs)]
    finally:
        reference.close()
    if not reference.ready or None in rates:
        return None, reference.why
    return statistics.median(rates), reference.where  # type: ignore[type-var]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one measurement")
    parser.add_argument("--runs", type=int, default=3, help="measurements per figure (medians are shown)")
    parser.add_argument("--open-spiel", metavar="PYTHON", help="an interpreter with open_spiel installed")
    parser.add_argument(
        "--cpu", action="store_true", help="count each process's CPU time instead of the wall clock (a shared machine)"
    )
    args = parser.parse_args(argv)
    secs, runs = args.seconds, args.runs
    CLOCK["clock"] = time.process_time if args.cpu else time.perf_counter
    print("seconds: " + ("CPU time of each process" if args.cpu else "wall clock") + f"; {load_average()}")

    reference, where = open_spiel_rate(args.open_spiel, secs, runs)
    print(f"reference: {where}" + (f": {reference:,.0f} random deals/s (3 players, 13 tricks)" if reference else ""))

    def line(label: str, rate: float) -> None:
        ratio = f"  {rate / reference:5.2f}x oh_hell" if reference else ""
        print(f"  {label:52s} {rate:9,.0f} deals/s{ratio}", flush=True)

    tribello = rules.load_game("tribello")
    starts = first_leads(tribello, None)
    print("Tribello (3 players, 13 tricks)")
    line("public contract, every seat keeps", median_of(runs, lambda: contract_deals(tribello, None, True, secs)))
    line(
        "public contract, random exchange toggles", median_of(runs, lambda: contract_deals(tribello, None, False, secs))
    )
    line("search clone, the tricks from the first lead", median_of(runs, lambda: search_clone_deals(starts, secs)))
    line(
        "search path: a world + its tricks on a MaskKernel",
        median_of(runs, lambda: kernel_deals(starts, tribello_score, secs)),
    )
    try:
        ohhell = rules.load_game("ohhell")
    except rules.RulesError:
        print("Oh Hell: the example plugin is not installed (pip install -e examples/cardtable-ohhell)")
    else:
        starts_oh = first_leads(ohhell, OHHELL)
        print("Oh Hell plugin (3 players, 13 tricks)")
        line(
            "public contract (deal, bids, tricks)", median_of(runs, lambda: contract_deals(ohhell, OHHELL, False, secs))
        )
        line("search clone, the tricks after the bids", median_of(runs, lambda: search_clone_deals(starts_oh, secs)))
        line(
            "search path: a world + its tricks on a MaskKernel",
            median_of(runs, lambda: kernel_deals(starts_oh, ohhell_score, secs)),
        )
    cpu: list[float] = []
    rate = median_of(runs, lambda: ismcts_rate(starts, secs, cpu))
    print(
        f"ISMCTS (hard's search) at the first lead of a Tribello deal: {rate:,.0f} iterations/s "
        f"({statistics.median(cpu):,.0f} per CPU second), medians of {runs} runs"
    )
    print(f"at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
