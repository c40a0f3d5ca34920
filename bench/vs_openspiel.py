"""The project's Oh Hell bots against OpenSpiel's ISMCTS bot, on the same deals in both engines.

    python bench/vs_openspiel.py [--deals N] [--sims S] [--ours LEVEL] [--budget-ms MS]
                                 [--tricks T] [--seed S] [--lineups ab] [--ismcts-bids | --ismcts-plays]
                                 [--anchor honest|native]
                                 [--python PYTHON]

Oh Hell is the example plugin (``rules.load_game("ohhell")``) at 3 players with ``T`` cards a
deal, scored "every trick" (a point a trick, 10 more for an exact bid): the rules of OpenSpiel's
``oh_hell`` with ``players=3, num_tricks_fixed=T`` (its dealer's left bids first and leads, the
dealer bids last under the hook, the card after the hands is turned up for trump; its returns
are a seat's tricks plus 10 for an exact bid). Every deal comes from ``--seed`` and is given to
both engines: to OpenSpiel through its chance actions (the k-th card dealt goes to seat
k mod 3, then the up-card), to ours as the match's arranged first deal
(``new_match(layouts=[...], dealer=...)``). Each decision is made by the seat's bot on its own
engine's state and applied to both; at every step the two engines must agree on whose turn it
is and on the legal actions (a disagreement is printed and counted), and at the end on the
points.

Two lineups, each on the same deals with the seats rotated (every deal is played three times,
the odd bot out at seat 0, 1 and 2; the dealer moves on with the deal): (a) one of ours against
two ISMCTS, (b) two of ours against one ISMCTS (``--lineups a`` or ``b`` for one). Printed per
lineup and side: mean points per deal (OpenSpiel's returns, a side's seats averaged) with a 95 %
interval, how often a bid was made, the median and mean wall-clock ms a move of each bot (bids and plays),
the mean bid and how far the tricks taken missed it (over, under); then the gap between the sides
paired by deal (each deal's three seatings averaged, so its cards count once) with its interval.
To split a gap between bidding and play, ``--ismcts-bids`` has a stand-in ISMCTS make our seats'
bids (ours play them), and ``--ismcts-plays`` our seats' plays (ours bid).

ISMCTS is OpenSpiel's ISMCTS with one random roll-out per simulation, ``--sims`` simulations a
move, UCT constant 2 and the most visited move played. OpenSpiel 2.0.2's ``oh_hell`` resamples a
seat's information state by dealing the opponents the very cards they hold (never a card of the
undealt stock; the run prints the count), so its C++ ``ISMCTSBot`` plays knowing which cards are
in play. By default (``--anchor honest``) the anchor is therefore OpenSpiel's Python ``ISMCTSBot``
(the same algorithm) given worlds dealt from what its seat knows (``bench/honest_ismcts.py``);
``--anchor native`` plays the C++ bot as it is, ``--anchor seeing`` the Python bot on the same
worlds as the C++ bot (the port compared). Ours get ``--budget-ms`` a move where the level
has a budget (``hard``; for Oh Hell's ``normal`` and ``easy``, whose effort is fixed, a cap); by
default the native C++ bot's median time a move, measured on a few deals first (the Python
port's own, slower time is printed; ``--budget-ms`` with it gives ours the same wall time as the
anchor it plays).

``open_spiel`` is never a dependency of the app or its tests. Without ``pyspiel`` here, the
script runs itself again with ``--python PYTHON`` or ``$OPEN_SPIEL_PYTHON`` (this checkout and
the plugin's source put first on its path); without either it says how to make one and exits 2.
Figures only; asserts nothing. Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "examples" / "cardtable-ohhell"
PLAYERS = 3
RANKS = "23456789TJQKA"  # OpenSpiel's card c is rank c // 4, suit c % 4 in this suit order
SUITS = "CDSH"
MADE_BONUS = 10

HOW = (
    "this bench needs open_spiel (never a dependency of Cardtable): make an interpreter with it,\n"
    "  python -m venv /tmp/spiel && /tmp/spiel/bin/pip install open_spiel -e . -e examples/cardtable-ohhell\n"
    "then run  python bench/vs_openspiel.py --python /tmp/spiel/bin/python  (or set OPEN_SPIEL_PYTHON)"
)


def rerun_elsewhere(argv: list[str], python: str | None) -> int:
    """Run this script under ``python`` (one with ``pyspiel``), this checkout first on its path."""
    if not python:
        print(HOW, file=sys.stderr)
        return 2
    env = dict(os.environ)
    paths = [str(ROOT), str(PLUGIN)]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["VS_OPENSPIEL_CHILD"] = "1"  # never loop: the child does not try again
    try:
        return subprocess.call([python, str(Path(__file__).resolve()), *argv], env=env)
    except OSError as exc:
        print(f"could not run {python}: {exc}\n{HOW}", file=sys.stderr)
        return 2


# ------------------------------------------------------------------ the two encodings
def our_text(card: int) -> str:
    """OpenSpiel's card number as our card text: 48 -> "AC", 34 -> "10S"."""
    rank = RANKS[card // 4]
    return ("10" if rank == "T" else rank) + SUITS[card % 4]


@dataclass(frozen=True)
class Deal:
    """One deal as both engines get it: OpenSpiel's card numbers per seat, the up-card, the dealer."""

    hands: tuple[tuple[int, ...], ...]
    up: int
    dealer: int

    def layout(self) -> dict[str, list[str]]:
        named = {c for hand in self.hands for c in hand} | {self.up}
        return {
            **{f"hand/{seat}": [our_text(c) for c in hand] for seat, hand in enumerate(self.hands)},
            "trump": [our_text(self.up)],
            "stock": [our_text(c) for c in range(52) if c not in named],
        }


def make_deal(seed: int, index: int, tricks: int) -> Deal:
    cards = list(range(52))
    random.Random(seed * 1_000_003 + index).shuffle(cards)
    hands = tuple(tuple(cards[seat * tricks : (seat + 1) * tricks]) for seat in range(PLAYERS))
    return Deal(hands, cards[PLAYERS * tricks], index % PLAYERS)


# ------------------------------------------------------------------ tallies
@dataclass
class Side:
    """One kind of bot in a lineup: points per deal (its seats averaged), bids made, ms a move."""

    name: str
    points: list[float] = field(default_factory=list)
    made: int = 0
    bids: int = 0
    ms: list[float] = field(default_factory=list)
    misses: list[int] = field(default_factory=list)  # tricks taken less the bid, per seat and deal
    bid_sum: int = 0

    def interval(self) -> tuple[float, float]:
        n = len(self.points)
        mean = statistics.fmean(self.points) if n else 0.0
        half = 1.96 * statistics.stdev(self.points) / math.sqrt(n) if n > 1 else 0.0
        return mean, half


@dataclass
class Tally:
    disagreements: int = 0
    score_mismatches: int = 0
    steps: int = 0
    shown: int = 0

    def note(self, what: str) -> None:
        self.disagreements += 1
        if self.shown < 10:  # print the first few; the count tells the rest
            print(f"  DISAGREE: {what}", flush=True)
            self.shown += 1


# ------------------------------------------------------------------ one deal in lockstep
class Lockstep:
    def __init__(self, args: argparse.Namespace) -> None:
        import pyspiel

        import rules
        from rules.bots import make_bot

        self.pyspiel = pyspiel
        self.make_bot = make_bot
        self.args = args
        self.spiel_game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": args.tricks})
        self.ours_game = rules.load_game("ohhell")
        self.settings = {"max_cards": args.tricks, "sequence": "fixed", "score_rule": "tricks-ten", "hook": True}
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, args.seed)
        self.tally = Tally()
        self.bid_base = 52
        self.check_encoding()

    def check_encoding(self) -> None:
        """OpenSpiel's own names for its cards match :func:`our_text` (after "T" for ten)."""
        state = self.spiel_game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        names = {a: state.action_to_string(state.current_player(), a) for a in state.legal_actions()}
        assert all(int(names[a]) == a - self.bid_base for a in names), names
        for card in range(52):
            spiel = f"{SUITS[card % 4]}{RANKS[card // 4]}"  # OpenSpiel prints suit then rank
            assert our_text(card) == ("10" if spiel[1] == "T" else spiel[1]) + spiel[0]

    def ismcts(self, seed: int, native: bool = False) -> Any:
        """The anchor: OpenSpiel's C++ bot (``native``, or ``--anchor native``), else its Python
        bot on honestly dealt worlds."""
        if native or self.args.anchor == "native":
            ps = self.pyspiel
            return ps.ISMCTSBot(
                seed, self.evaluator, 2.0, self.args.sims, -1, ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
            )
        from honest_ismcts import honest_bot

        return honest_bot(
            self.spiel_game, PLAYERS, self.args.tricks, self.args.sims, seed, seeing=self.args.anchor == "seeing"
        )

    def play(
        self,
        deal: Deal,
        kinds: list[str],
        seed: int,
        budget_ms: float | None,
        sides: dict[str, Side],
        native: bool = False,
    ) -> None:
        """One deal: ``kinds[seat]`` is "ours" or "ismcts" (``native``: the C++ bot); tallies into ``sides``."""
        from rules.actions import events_for
        from rules.bots import Bot

        spiel = self.spiel_game.new_initial_state()
        spiel.apply_action(spiel.chance_outcomes()[0][0])  # the number of tricks (fixed: one outcome)
        spiel.apply_action(deal.dealer)
        for k in range(self.args.tricks):
            for seat in range(PLAYERS):
                spiel.apply_action(deal.hands[seat][k])
        spiel.apply_action(deal.up)
        ours = self.ours_game.new_match(
            players=PLAYERS, seed=seed, settings=self.settings, dealer=deal.dealer, layouts=[deal.layout()]
        )
        bots: dict[int, Any] = {}
        stand_in = {seat: self.ismcts(seed * 10 + 5 + seat, native) for seat in range(PLAYERS) if kinds[seat] == "ours"}
        for seat, kind in enumerate(kinds):
            if kind == "ours":
                bot = self.make_bot("ohhell", self.args.ours, seat, seed * 10 + seat)
                if budget_ms is not None and hasattr(bot, "budget_ms"):
                    bot.budget_ms = float(budget_ms)
                bots[seat] = bot
            else:
                bots[seat] = self.ismcts(seed * 10 + seat, native)
        watching = [b for b in bots.values() if isinstance(b, Bot) and type(b).observe is not Bot.observe]
        side_of = {"ours": sides["ours"], "ismcts": sides["ismcts"]}
        while not spiel.is_terminal():
            self.tally.steps += 1
            seat = spiel.current_player()
            if ours.current_player != seat:
                self.tally.note(f"seed {seed}: OpenSpiel's turn {seat}, ours {ours.current_player}")
                return
            spiel_legal = {self.to_text(a): a for a in spiel.legal_actions()}
            our_legal = set(ours.view(seat).legal)
            if set(spiel_legal) != our_legal:
                self.tally.note(
                    f"seed {seed} seat {seat}: only OpenSpiel {sorted(set(spiel_legal) - our_legal)}, "
                    f"only ours {sorted(our_legal - set(spiel_legal))}"
                )
            start = time.perf_counter()
            bidding = spiel.legal_actions()[0] >= self.bid_base
            by_ismcts = (self.args.ismcts_bids and bidding) or (self.args.ismcts_plays and not bidding)
            if kinds[seat] == "ours" and by_ismcts:  # the split: this decision of ours made by ISMCTS
                action = stand_in[seat].step(spiel)
                text = self.to_text(action)
            elif kinds[seat] == "ours":
                text = bots[seat].choose(ours.view(seat))
                action = spiel_legal.get(text)
            else:
                action = bots[seat].step(spiel)
                text = self.to_text(action)
            side_of[kinds[seat]].ms.append((time.perf_counter() - start) * 1000.0)
            if action is None or text not in our_legal:
                self.tally.note(f"seed {seed} seat {seat}: {text} is not legal in both engines")
                return
            spiel.apply_action(action)
            events = ours.apply(text, events=bool(watching))
            for bot in watching:
                bot.observe(events_for(events, bot.seat))
        returns = spiel.returns()
        result = ours.deal_results[0]
        if [int(r) for r in returns] != list(result.scores):
            self.tally.score_mismatches += 1
            print(f"  SCORES DIFFER: seed {seed}: OpenSpiel {returns}, ours {list(result.scores)}", flush=True)
        made = result.details["exact"]
        bids, tricks = result.details["bids"], result.details["tricks"]
        for kind in ("ours", "ismcts"):
            seats = [s for s in range(PLAYERS) if kinds[s] == kind]
            if not seats:  # ISMCTS in every seat (timing it alone)
                continue
            side = side_of[kind]
            side.points.append(statistics.fmean(returns[s] for s in seats))
            side.made += sum(1 for s in seats if made[s])
            side.bids += len(seats)
            side.misses.extend(tricks[s] - bids[s] for s in seats)
            side.bid_sum += sum(bids[s] for s in seats)

    def to_text(self, action: int) -> str:
        return f"bid {action - self.bid_base}" if action >= self.bid_base else f"play {our_text(action)}"

    def ismcts_median_ms(self, deals: int = 2) -> float:
        """The native C++ ISMCTS's median wall-clock ms a move over ``deals`` deals with it in every seat."""
        sides = {"ours": Side("-"), "ismcts": Side("-")}
        for i in range(deals):
            deal = make_deal(self.args.seed + 999_999, i, self.args.tricks)
            self.play(deal, ["ismcts"] * PLAYERS, 900_000 + i, None, sides, native=True)
        return statistics.median(sides["ismcts"].ms)

    def audit(self) -> None:
        """Print where each resampler deals the opponents' cards from (their real hands or the stock)."""
        from honest_ismcts import audit, honest_resampler

        game = self.spiel_game
        for name, resample in (
            ("OpenSpiel's own resample", None),
            ("the honest one", honest_resampler(game, PLAYERS, self.args.tricks, random.Random(5))),
        ):
            theirs, stock = audit(game, resample)
            print(f"{name}: {theirs:,} of the opponents' resampled cards are theirs, {stock:,} from the stock")


def lineup(step: Lockstep, ours_seats: int, budget_ms: float | None) -> dict[str, Side]:
    """Every deal three times, the odd bot out at seat 0, 1, 2."""
    args = step.args
    sides = {"ours": Side(args.ours), "ismcts": Side(f"ISMCTS-{args.sims}")}
    odd = "ismcts" if ours_seats == 2 else "ours"
    even = "ours" if ours_seats == 2 else "ismcts"
    for i in range(args.deals):
        deal = make_deal(args.seed, i, args.tricks)
        for seat in range(PLAYERS):
            kinds = [odd if s == seat else even for s in range(PLAYERS)]
            step.play(deal, kinds, args.seed * 100_000 + i * PLAYERS + seat, budget_ms, sides)
        if (i + 1) % 10 == 0:
            print(f"    {i + 1} deals", file=sys.stderr, flush=True)
    return sides


def show(title: str, sides: dict[str, Side]) -> None:
    print(title)
    print(f"  {'bot':14s} {'points a deal':>16s} {'bids made':>10s} {'ms a move (median, mean)':>26s}")
    for side in sides.values():
        mean, half = side.interval()
        rate = side.made / side.bids if side.bids else 0.0
        ms = statistics.median(side.ms) if side.ms else 0.0
        average = statistics.fmean(side.ms) if side.ms else 0.0
        print(f"  {side.name:14s} {mean:9.2f} ± {half:4.2f} {rate:9.1%} {ms:17.1f}, {average:5.1f}")
        if side.misses:
            over = sum(1 for m in side.misses if m > 0) / len(side.misses)
            under = sum(1 for m in side.misses if m < 0) / len(side.misses)
            off = statistics.fmean(abs(m) for m in side.misses)
            print(
                f"  {'':14s} bid {side.bid_sum / len(side.misses):.2f} on average, missed by {off:.2f} tricks: "
                f"{over:.0%} over, {under:.0%} under"
            )
    ours, ismcts = sides["ours"].points, sides["ismcts"].points
    if len(ours) == len(ismcts) >= 2 * PLAYERS:  # the gap, paired by deal (its three seatings averaged)
        gaps = [
            statistics.fmean(ours[i : i + PLAYERS]) - statistics.fmean(ismcts[i : i + PLAYERS])
            for i in range(0, len(ours) - PLAYERS + 1, PLAYERS)
        ]
        half = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps))
        print(f"  {sides['ours'].name} less ISMCTS, paired by deal: {statistics.fmean(gaps):+.2f} ± {half:.2f} a deal")
    print(flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=130, help="deals per lineup (each played 3 times, rotated)")
    parser.add_argument("--sims", type=int, default=200, help="ISMCTS simulations a move")
    parser.add_argument("--ours", default="normal", help="our bot's level (easy, normal, hard)")
    parser.add_argument("--budget-ms", type=float, help="our bot's time a move (default: ISMCTS's median)")
    parser.add_argument("--tricks", type=int, default=13, help="cards a deal (1 to 17)")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--lineups", default="ab", help="which lineups: a (one of ours), b (two), ab")
    parser.add_argument("--ismcts-bids", action="store_true", help="our seats' bids made by ISMCTS (diagnosis)")
    parser.add_argument("--ismcts-plays", action="store_true", help="our seats' plays made by ISMCTS (diagnosis)")
    parser.add_argument(
        "--anchor",
        choices=("honest", "native", "seeing"),
        default="honest",
        help="ISMCTS on worlds its seat may believe in (honest), OpenSpiel's C++ bot as it is (native), "
        "or the Python bot on the C++ bot's worlds (seeing: the port compared)",
    )
    parser.add_argument("--python", help="an interpreter with open_spiel, when this one has none")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401  (never a dependency: only when installed)
    except ImportError:
        if os.environ.get("VS_OPENSPIEL_CHILD"):
            print(f"{sys.executable} has no pyspiel either.\n{HOW}", file=sys.stderr)
            return 2
        return rerun_elsewhere(argv, args.python or os.environ.get("OPEN_SPIEL_PYTHON"))
    sys.path[:0] = [p for p in (str(ROOT), str(PLUGIN)) if p not in sys.path]
    step = Lockstep(args)
    step.audit()
    from rules.bots import make_bot

    budget = args.budget_ms
    needs_budget = hasattr(make_bot("ohhell", args.ours, 0, 0), "budget_ms")
    if budget is None and needs_budget:
        budget = step.ismcts_median_ms()
        print(f"equal wall time: native ISMCTS-{args.sims}'s median {budget:.1f} ms a move is {args.ours}'s budget")
    print(
        f"Oh Hell, 3 players, {args.tricks} cards a deal, {args.deals} deals × 3 seats a lineup, seed {args.seed}; "
        f"{args.ours}"
        + (f" ({budget:.0f} ms a move)" if needs_budget else "")
        + f" against ISMCTS-{args.sims}, "
        + ("honest worlds" if args.anchor == "honest" else f"{args.anchor} (it sees which cards are in play)")
        + "\n",
        flush=True,
    )
    if "a" in args.lineups:
        show(f"(a) one {args.ours} against two ISMCTS", lineup(step, 1, budget))
    if "b" in args.lineups:
        show(f"(b) two {args.ours} against one ISMCTS", lineup(step, 2, budget))
    tally = step.tally
    print(
        f"{tally.steps} steps in lockstep: {tally.disagreements} disagreements on turn or legal actions, "
        f"{tally.score_mismatches} deals scored differently"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
