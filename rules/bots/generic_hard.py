"""``hard`` for any trick game built on :class:`rules.tricks.TrickState`, without search code of its own.

A plugin opts in by naming :class:`GenericTrickHardBot` as its ``hard`` in its ``GameSpec`` and,
for its own deal score, giving its procedure one class method::

    @classmethod
    def deal_scores(cls, view, bids, tricks, points) -> list[float]:
        ...  # each seat's score for the deal if it ends with ``tricks`` won and ``points`` taken

(``bids``: the public ``bids`` with this seat's candidate filled in, or None in a game without
bids). Without it the bot plays for tricks and card points. The card play is the project's
ISMCTS (:func:`rules.bots.ismcts.search`) on worlds consistent with the seat's view
(:class:`rules.bots.ismcts.Knowledge`: voids shown, cards played, cards known). A number choice
before the play (a bid) is weighed by playing sampled worlds out (the search's roll-out policy,
the last tricks solved) for each legal number and taking the best expected deal score: only legal
numbers are tried, so a dealer's hook is respected. A game with its own bidding judgement
overrides :meth:`GenericTrickHardBot.bid`. Every other decision is the game's ``normal`` bot's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..kinds import ActionKind
from ..tricks import trick_deck
from ..view import View
from . import Advice, Bot, bot_class
from .ismcts import GAP_FADE, MARGIN, Goal, Knowledge, relative, search
from .maskplay import MaskKernel, Values, rollout

Score = Callable[[Sequence[int], Sequence[int]], Sequence[float]]  # (tricks, points) -> score per seat


class DealGoal(Goal):
    """A deal score (``score``: tricks and card points per seat -> points per seat) as the search's
    utilities: each seat's score against the others' mean (``absolute``: its own score, for
    weighing a bid). A seat wants tricks while its best reachable score needs more of them."""

    def __init__(self, score: Score, players: int, tricks: int, absolute: bool = False) -> None:
        super().__init__(players)
        self.score = score
        self.absolute = absolute
        self._wants: dict[tuple[int, ...], list[bool]] = {}
        self.low = [0.0] * players
        self.spread = [1.0] * players
        zero = [0] * players
        for seat in range(players):
            reach = []
            for t in range(tricks + 1):
                won = zero[:]
                won[seat] = t
                reach.append(float(score(won, zero)[seat]))
            self.low[seat] = min(reach)
            self.spread[seat] = max(1.0, max(reach) - min(reach))
        self.wide = max(self.spread)

    def utilities(self, kernel: Any) -> list[float]:
        scores = self.score(kernel.won, kernel.points)
        if self.absolute:
            return [(s - lo) / w for s, lo, w in zip(scores, self.low, self.spread, strict=True)]
        return relative(scores, self.wide)

    def wants(self, kernel: Any, seat: int) -> bool:
        key = (*kernel.won, *kernel.points, kernel.left)
        wants = self._wants.get(key)
        if wants is None:
            wants = self._wants[key] = [self._reach(kernel, s) for s in range(len(kernel.won))]
        return wants[seat]

    def _reach(self, kernel: Any, seat: int) -> bool:
        won = list(kernel.won)
        now = won[seat]
        best, best_score = now, float("-inf")
        for t in range(now, now + kernel.left + 1):
            won[seat] = t
            s = self.score(won, kernel.points)[seat]
            if s > best_score:
                best, best_score = t, s
        return best > now


class GenericTrickHardBot(Bot):
    """``hard`` for a plugin trick game: ISMCTS over the card play, bids by played-out worlds,
    within ``budget_ms`` a decision (``max_iterations`` caps the search and the bid's roll-outs
    per number, for tests that pin the effort)."""

    level = "hard"
    budget_ms = 500.0
    max_iterations = 1_000_000
    against_table = False  # the play scores each seat against the others' mean (False: its own score)
    bid_span: int | None = None  # bids weighed: normal's and this many either side (None: every legal one)
    ANCHOR = 0.02  # normal's bid is kept unless another scores this much better (utility)

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.normal = bot_class(game_id, "normal")(game_id, seat, seed)
        self._tables: tuple[Any, dict[str, int], Any] | None = None
        self._gaps = [0.0]
        self.last_iterations = 0

    def observe(self, events: list[Any]) -> None:
        self.normal.observe(events)

    # ------------------------------------------------------------------ the game's pieces
    def tables(self, view: View) -> tuple[Any, dict[str, int], Any]:
        """The trick deck, card text -> card, and the game's procedure (read once)."""
        if self._tables is None:
            from ..registry import load_game

            game = load_game(view.game)
            deck = game.deck(view.variant)
            scoring = game.config.scoring
            tdeck = trick_deck(deck, scoring["rank_order"], scoring.get("points"))
            self._tables = (tdeck, {face.text: face.card for face in deck.faces}, game.procedure)
        return self._tables

    def score(self, view: View, bids: list[int | None] | None) -> Score:
        """The game's deal score with ``bids`` (its ``deal_scores`` hook), else tricks + points."""
        hook = getattr(self.tables(view)[2], "deal_scores", None)
        if hook is None:
            return lambda won, points: [w + p for w, p in zip(won, points, strict=True)]
        return lambda won, points: hook(view, bids, won, points)

    def knowledge(self, view: View) -> Knowledge:
        tdeck, index, _procedure = self.tables(view)
        know = Knowledge(view, tdeck, index, set())
        if view.public.get("leader") is None and (view.dealer + 1) % view.players in know.order:
            know.lead = know.order.index((view.dealer + 1) % view.players)  # before the play: left of the dealer leads
        return know

    def budget(self, start: float) -> float:
        whole = self.budget_ms / 1000.0
        return whole - whole * MARGIN - (time.perf_counter() - start)

    # ------------------------------------------------------------------ decisions
    def choose(self, view: View) -> str:
        return self.decide(view).action

    def advise(self, view: View) -> Advice:
        return self.decide(view, explain=True)

    def decide(self, view: View, explain: bool = False) -> Advice:
        start = time.perf_counter()
        legal = list(view.legal)
        if len(legal) == 1:
            return Advice(legal[0], "the only move allowed now")
        plays = {m.card: m.text for m in view.actions if m.kind == ActionKind.PLAY and m.card is not None}
        numbers = {int(m.value): m.text for m in view.actions if isinstance(m.value, int) and m.kind != ActionKind.PLAY}
        if view.public.get("phase") == "play" and plays and len(plays) == len(legal):
            return self.play(view, plays, start, explain)
        if numbers and len(numbers) == len(legal):
            return self.bid(view, numbers, start)
        return self.normal.advise(view) if explain else Advice(self.normal.choose(view))

    def play(self, view: View, plays: dict[str, str], start: float, explain: bool) -> Advice:
        """The card the search favours (``normal``'s unless another scores clearly better)."""
        anchor = self.normal.advise(view) if explain else Advice(self.normal.choose(view))
        know = self.knowledge(view)
        bids = view.public.get("bids")
        score = self.score(view, None if bids is None else list(bids))
        goal = DealGoal(score, view.players, know.left + sum(know.won), absolute=not self.against_table)
        gaps = self._gaps
        gaps[0] *= GAP_FADE
        budget = self.budget(start)
        if budget <= gaps[0]:
            return anchor
        stats, self.last_iterations = search(know.mask_world, goal, self.rng, budget, self.max_iterations, gaps)
        _tdeck, index, _procedure = self.tables(view)
        chosen = self.pick(stats, plays, index, anchor.action)
        if chosen == anchor.action and anchor.reason:
            return anchor
        card = chosen.split(" ", 1)[1]
        visits, mean = stats.get(index[card], (0, 0.0))
        others = [m for c, (v, m) in stats.items() if c != index[card]]
        versus = f", the next best {max(others):.0%}" if others else ""
        return Advice(
            chosen,
            f"played out {self.last_iterations} deals that fit what you have seen: this card did best "
            f"(it reached {mean:.0%} of your best score for the deal on average{versus})",
        )

    def pick(
        self, stats: dict[int, tuple[int, float]], plays: dict[str, str], index: dict[str, int], anchor: str
    ) -> str:
        """The most visited card; ``normal``'s (``anchor``) when it scored at least as well. (The
        built-in games keep ``normal``'s within 0.02: here that cost about 0.4 points a deal
        against ISMCTS, four paired runs of 30 deals.)"""
        best = max(plays, key=lambda text: (stats.get(index[text], (-1, 0.0))[0], -index[text]))
        mine, top = (
            stats.get(index[anchor.split(" ", 1)[1]]) if anchor.startswith("play ") else None,
            stats.get(index[best]),
        )
        if mine and top and mine[1] >= top[1]:
            return anchor
        return plays[best]

    def bid(self, view: View, numbers: dict[int, str], start: float) -> Advice:
        """The legal number with the best expected deal score over worlds played out with it."""
        know = self.knowledge(view)
        tricks = know.left + sum(know.won)
        public_bids = view.public.get("bids")
        bids = list(public_bids) if public_bids is not None else [None] * view.players
        fair = round(tricks / view.players)
        normal = self.normal.choose(view)
        held = next((n for n, text in numbers.items() if text == normal), None)
        if held is not None and self.bid_span is not None:  # the time goes to the numbers near normal's
            numbers = {n: t for n, t in numbers.items() if abs(n - held) <= self.bid_span}
        goals = {}
        for number in numbers:
            mine = [fair if b is None else b for b in bids]
            mine[self.seat] = number
            goals[number] = DealGoal(self.score(view, mine), view.players, tricks, absolute=True)
        values = {n: Values(g) for n, g in goals.items()}
        sums = dict.fromkeys(numbers, 0.0)
        rounds = 0
        budget = self.budget(start)
        deadline = start + budget
        rng: random.Random = self.rng
        seat_at = self.seat  # utilities are per seat
        while rounds < self.max_iterations and (rounds == 0 or time.perf_counter() < deadline):
            rounds += 1
            for number, goal in goals.items():
                world: MaskKernel = know.mask_world(rng)
                sums[number] += rollout(world, goal, values[number], rng)[seat_at]
        means = {n: s / rounds for n, s in sums.items()}
        best = max(means, key=lambda n: (means[n], -n))
        if held is not None and means[held] >= means[best] - self.ANCHOR:
            best = held
        goal = goals[best]
        expect = goal.low[seat_at] + means[best] * goal.spread[seat_at]
        why = (
            f"played out {rounds} deals that fit your hand for each bid: {best} scores about {expect:.1f} points"
            f" on average"
        )
        ranked = sorted((n for n in means if n != best), key=lambda n: -means[n])
        if ranked:
            other = goals[ranked[0]]
            score = other.low[seat_at] + means[ranked[0]] * other.spread[seat_at]
            why += f", the next best bid {ranked[0]} about {score:.1f}"
        missing = [n for n in range(min(numbers), max(numbers) + 1) if n not in numbers]
        if missing:
            why += f"; {', '.join(map(str, missing))} is not allowed now"
        self.last_iterations = rounds
        return Advice(numbers[best], why)
