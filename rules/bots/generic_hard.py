"""``hard`` for any trick game built on :class:`rules.tricks.TrickState`, without search code of its own.

A plugin opts in by naming :class:`GenericTrickHardBot` as its ``hard`` in its ``GameSpec`` and,
for its own deal score, giving its procedure one class method::

    @classmethod
    def deal_scores(cls, view, bids, tricks, points) -> list[float]:
        ...  # each seat's score for the deal if it ends with ``tricks`` won and ``points`` taken

(``bids``: the public ``bids`` with this seat's candidate filled in, or None in a game without
bids). Without it the bot plays for tricks and card points.

The card play is a flat search (:func:`flat_search`) on worlds consistent with the seat's view
(:class:`rules.bots.ismcts.Knowledge`: voids shown, cards played, cards known) and with the bids
(:mod:`rules.bots.bid_worlds`: of a few worlds dealt, one kept with odds by how near each hidden
hand's worth is to its bid): each kind of legal card (cards of a suit with nothing live between
them are one kind) is played in the same sampled worlds, each world played out at random with the
same random draws for every card (``rollout_epsilon`` below 1: that share of the cards random, the
rest by ``normal``'s rules of thumb reading every seat's wish for tricks again after each trick,
:class:`DealGoal`); the worse half of the kinds is dropped a third of the way in and again at two
thirds; ``normal``'s card is kept when it scored as well. With ``tree = True`` the play is
the project's ISMCTS tree instead (:func:`rules.bots.ismcts.search`). A number choice before the
play (a bid) is weighed by worlds that fit the hand played out at random, one play-out scoring
every legal number (:meth:`GenericTrickHardBot.bid_by_random_play`; so a dealer's hook is
respected). A game with its own bidding judgement overrides :meth:`GenericTrickHardBot.bid`.
Every other decision is ``normal``'s. Measured against OpenSpiel's ISMCTS in docs/bots.md.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..kinds import ActionKind
from ..trick_facts import TrickFacts
from ..tricks import trick_deck
from ..view import View
from . import Advice, Bot, bot_class
from .bid_worlds import BidReader, world_by_bids
from .ismcts import GAP_FADE, MARGIN, Goal, Knowledge, relative, search
from .maskplay import EPSILON, Values, random_playout, random_rollout, rollout

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
        return self.wants_now(kernel.won, kernel.points, kernel.left)[seat]

    def wants_now(self, won: Sequence[int], points: Sequence[int], left: int) -> list[bool]:
        key = (*won, *points, left)
        wants = self._wants.get(key)
        if wants is None:
            wants = self._wants[key] = [self._reach(won, points, left, s) for s in range(len(won))]
        return wants

    def _reach(self, won: Sequence[int], points: Sequence[int], left: int, seat: int) -> bool:
        """Whether the seat's score, as it takes more of the tricks left, first changes upward
        (an exact bid still short: yes; made: no, the next trick would lose the bonus; missed by
        taking too many: yes, tricks still count)."""
        tally = list(won)
        now = tally[seat]
        here = self.score(tally, points)[seat]
        for t in range(now + 1, now + left + 1):
            tally[seat] = t
            there = self.score(tally, points)[seat]
            if there != here:
                return there > here
        return False


def rules_bot(game_id: str) -> type[Bot]:
    """The game's rules-of-thumb bot: its ``normal``, or the rule bot a searching ``normal`` names
    (:class:`rules.bots.generic_normal.GenericTrickNormalBot`'s ``rules``)."""
    normal = bot_class(game_id, "normal")
    if issubclass(normal, GenericTrickHardBot):
        rules = getattr(normal, "rules", None)
        if rules is None:
            raise ImportError(f"{game_id}: a searching normal bot must name its game's rule bot as `rules`")
        return rules
    return normal


class GenericTrickHardBot(Bot):
    """``hard`` for a plugin trick game: the ISMCTS tree over the card play (or each kind of card
    played out in the same worlds), ``normal``'s bid (or bids by played-out worlds), within ``budget_ms`` a decision
    (``max_iterations`` caps the worlds, the tree's iterations and the bid's roll-outs per number,
    for tests that pin the effort)."""

    level = "hard"
    budget_ms = 500.0
    max_iterations = 1_000_000
    against_table = False  # the play scores each seat against the others' mean (False: its own score)
    tree = False  # True: the play by the ISMCTS tree (rules.bots.ismcts.search); False: each kind of card
    # played in the same worlds (flat_search)
    rollout_epsilon = 1.0  # the share of random cards in the flat search's play-outs, the rest by normal's rules
    # of thumb (1.0: every card random, as OpenSpiel's ISMCTS plays out, and 1.65x the worlds of 0.5 in the same
    # time; the rules alone read every hand in the world and so trust the seat's control too much: docs/bots.md)
    read_bids = True  # the play's worlds kept by how well the hidden hands fit their bids (bid_worlds)
    calibrate = True  # a hidden hand's worth by the line fitted from its cards' odds to whole hands' tricks
    search_bids = True  # weigh each number by random play-outs (bid_by_random_play); False: normal's bid
    margin = MARGIN / 3  # share of the budget kept back for the answer (a flat search ends on time)

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        own = getattr(type(self), "rules", None)  # a searching normal's (or easy's) own rule bot
        self.normal = (own or rules_bot(game_id))(game_id, seat, seed)
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
        know.deal_by_room = True  # a world that misses the voids is dealt card by card (faster)
        if TrickFacts.of(view).leader is None and (view.dealer + 1) % view.players in know.order:
            know.lead = know.order.index((view.dealer + 1) % view.players)  # before the play: left of the dealer leads
        if not know.left and not know.trick:  # before the play a game may count no tricks left yet: a card a trick
            know.left = len(know.hands[know.order.index(self.seat)] or ())
        return know

    def bid_reader(self, view: View, know: Knowledge, index: dict[str, int]) -> BidReader | None:
        """What the bids say of the hidden hands (None in a game without bids)."""
        bids = view.public.get("bids")
        if not bids:
            return None
        facts = TrickFacts.of(view)
        pos, bit = know.md.pos, know.md.bit
        played = [0] * know.n
        for trick in facts.history:
            for place, text in trick.plays:
                played[know.order.index(place)] |= bit[pos[index[text]]]
        for place, text in facts.trick:
            played[know.order.index(place)] |= bit[pos[index[text]]]
        return BidReader(know, list(bids), played, self.calibrate)

    def budget(self, start: float) -> float:
        """Seconds left for this decision: ``budget_ms`` less the margin and the time taken."""
        whole = self.budget_ms / 1000.0
        return whole - whole * self.margin - (time.perf_counter() - start)

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
        if TrickFacts.of(view).phase == "play" and plays and len(plays) == len(legal):
            return self.play(view, plays, start, explain)
        if numbers and len(numbers) == len(legal):
            return self.bid(view, numbers, start, explain)
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
        _tdeck, index, _procedure = self.tables(view)
        reader = self.bid_reader(view, know, index) if self.read_bids else None
        if not self.tree:
            anchor_card = index[anchor.action.split(" ", 1)[1]] if anchor.action.startswith("play ") else None
            stats, self.last_iterations = flat_search(
                know,
                goal,
                self.rng,
                budget,
                self.max_iterations,
                [index[t] for t in plays],
                anchor_card,
                self.rollout_epsilon,
                reader,
            )
            chosen = self.pick_mean(stats, plays, index, anchor.action)
        else:
            deal = know.mask_world if reader is None else lambda rng: world_by_bids(know, rng, reader)
            stats, self.last_iterations = search(deal, goal, self.rng, budget, self.max_iterations, gaps)
            chosen = self.pick(stats, plays, index, anchor.action)
        if chosen == anchor.action and anchor.reason:
            return anchor
        card = chosen.split(" ", 1)[1]
        visits, mean = stats.get(index[card], (0, 0.0))
        others = [m for c, (v, m) in stats.items() if c != index[card]]
        versus = f", the next best {max(others):.0%}" if others else ""
        fit = " and the bids" if reader is not None and reader.reads else ""
        return Advice(
            chosen,
            f"played out {self.last_iterations} deals that fit what you have seen{fit}: this card did best "
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

    def pick_mean(
        self, stats: dict[int, tuple[int, float]], plays: dict[str, str], index: dict[str, int], anchor: str
    ) -> str:
        """The card with the best mean; ``normal``'s (``anchor``) when it scored as well."""
        most = max(visits for visits, _mean in stats.values())
        tried = [t for t in plays if stats.get(index[t], (0, 0.0))[0] == most]  # the kinds kept to the end
        best = max(tried, key=lambda text: (stats[index[text]][1], -index[text]))
        mine = stats.get(index[anchor.split(" ", 1)[1]]) if anchor.startswith("play ") else None
        if mine and mine[0] == most and mine[1] >= stats[index[best]][1] - FLAT_ANCHOR / max(1, mine[0]) ** 0.5:
            return anchor
        return plays[best]

    def bid(self, view: View, numbers: dict[int, str], start: float, explain: bool = True) -> Advice:
        """A number (a bid): weighed by random play-outs (:meth:`bid_by_random_play`), or the rule
        bot's (its reason only when ``explain``: its choice may differ from its advice, as a
        slipping bot's does)."""
        if not self.search_bids:
            return self.normal.advise(view) if explain else Advice(self.normal.choose(view))
        return self.bid_by_random_play(view, numbers, start)

    def bid_by_random_play(self, view: View, numbers: dict[int, str], start: float) -> Advice:
        """The legal number with the best deal score on average over worlds that fit the hand, each
        played to the end with random legal cards: random play reads no bid, so one play-out a world
        scores every number (as OpenSpiel's ISMCTS weighs a bid, one number a play-out)."""
        know = self.knowledge(view)
        seat = self.seat
        normal = self.normal.choose(view)  # kept on a tie
        public_bids = view.public.get("bids")
        bids = list(public_bids) if public_bids is not None else [None] * view.players
        endings: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
        rng: random.Random = self.rng
        clock = time.perf_counter
        deadline = clock() + self.budget(start) * 0.7  # the rest scores every number
        rounds = 0
        while rounds < self.max_iterations and (rounds == 0 or clock() < deadline):
            rounds += 1
            world = know.mask_world(rng)  # refilled each round: played out in place
            random_playout(world, rng)
            endings[tuple(world.won), tuple(world.points)] += 1
        means = {}
        for number in numbers:
            mine = bids[:]
            mine[seat] = number
            score = self.score(view, mine)
            means[number] = sum(score(won, pts)[seat] * times for (won, pts), times in endings.items()) / rounds
        held = next((n for n, text in numbers.items() if text == normal), None)
        best = max(means, key=lambda n: (round(means[n], 9), n == held, -n))  # a tie: normal's
        self.last_iterations = rounds
        took = Counter({t: 0 for t in range(know.left + 1)})
        for (won, _pts), times in endings.items():
            took[won[seat]] += times
        often = took.most_common(1)[0][0]
        tricks = f"{often} trick{'s' if often != 1 else ''}"
        why = f"in {rounds:,} deals that fit your hand, played out, you took {tricks} most often"
        why += f"  \u00b7  {best} scores about {means[best]:.1f} on average"  # the status line's separator
        ranked = sorted((n for n in means if n != best), key=lambda n: -means[n])
        if ranked:
            why += f", {ranked[0]} about {means[ranked[0]]:.1f}"
        missing = [n for n in range(min(numbers), max(numbers) + 1) if n not in numbers]
        if missing:
            why += f"  \u00b7  {', '.join(map(str, missing))} is not allowed now"
        return Advice(numbers[best], why)


class Draws:
    """The same random draws again for each card's play-out in a world (``random()`` reads them in
    order): cheaper than seeding a generator for each."""

    __slots__ = ("random",)

    def __init__(self, floats: list[float]) -> None:
        self.random = iter(floats).__next__


FLAT_ANCHOR = 0.0  # normal's card is kept unless another scores this much better over sqrt(worlds)


def classes(know: Knowledge, cards: list[int], anchor: int | None) -> dict[int, int]:
    """Each of ``cards`` (the seat's legal cards) -> the card that stands for it: cards of a suit
    with no card between them that another hand may still hold or that lies on the table are
    alike (no card points: they take the same tricks); ``anchor`` stands for its own kind."""
    md = know.md
    pos = md.pos
    if md.has_points:
        return {c: c for c in cards}
    live = 0  # the cards another hand may hold, and the trick's
    for c in know.unseen:
        live |= md.bit[pos[c]]
    for c in know.trick:
        live |= md.bit[pos[c]]
    out: dict[int, int] = {}
    run: list[int] = []
    last = -2
    for p in sorted(pos[c] for c in cards):
        between = ((1 << p) - 1) & ~((1 << (last + 1)) - 1) if last >= 0 else 0
        if run and md.suit[p] == md.suit[last] and not between & live:
            run.append(p)
        else:
            _stand(run, md, anchor, out)
            run = [p]
        last = p
    _stand(run, md, anchor, out)
    return out


def _stand(run: list[int], md: Any, anchor: int | None, out: dict[int, int]) -> None:
    if not run:
        return
    kind = [md.card[p] for p in run]
    rep = anchor if anchor in kind else kind[0]
    for c in kind:
        out[c] = rep


def flat_search(
    know: Knowledge,
    goal: Goal,
    rng: random.Random,
    budget_s: float,
    max_rounds: int,
    cards: list[int],
    anchor: int | None,
    epsilon: float = EPSILON,
    reader: BidReader | None = None,
) -> tuple[dict[int, tuple[int, float]], int]:
    """Each kind of legal card played in the same sampled worlds and played out: per card standing
    for its kind, its worlds and mean utility, and the worlds dealt (one at least; no world is
    begun that the longest so far would not finish within ``budget_s``). The same worlds for every
    card, and in a world the same random draws for every card's play-out: their differences are
    the cards', not the deals'. As the time passes (a third, two thirds) the worse half of the
    kinds still in play is dropped, so the worlds go to the cards that may be best. ``epsilon``:
    the share of random cards in the play-outs (:func:`rollout`; 1: every card random,
    :func:`random_rollout`)."""
    stand = classes(know, cards, anchor)
    reps = sorted(set(stand.values()))
    md = know.md
    values = Values(goal)
    sums = dict.fromkeys(reps, 0.0)
    worlds = dict.fromkeys(reps, 0)
    seat = know.seat
    clock = time.perf_counter
    begun = last = clock()
    deadline = last + budget_s
    cuts = [begun + budget_s / 3, begun + 2 * budget_s / 3]
    longest = 0.0  # the longest round so far: the next one must still fit
    rounds = 0
    need = 2 * (know.left * know.n) + 2  # random draws a play-out may take (two a card at most)
    rand = rng.random
    alive = reps
    while rounds < max_rounds:
        if rounds:
            now = clock()
            longest = max(longest, now - last)
            last = now
            if now + longest >= deadline:
                break
            if cuts and now >= cuts[0] and len(alive) > 2:
                cuts.pop(0)
                alive = sorted(alive, key=lambda c: (-sums[c] / worlds[c], c))[: (len(alive) + 1) // 2]
                longest = 0.0  # fewer cards: a shorter round
        rounds += 1
        world = world_by_bids(know, rng, reader).copy()
        floats = [rand() for _ in range(need)]
        for c in alive:
            k = world.copy()
            k.play(md.pos[c])
            worlds[c] += 1
            if k.left <= 0:
                sums[c] += values.of(k)[seat]
            else:
                draws = Draws(floats)
                if epsilon >= 1.0:
                    sums[c] += random_rollout(k, values, draws)[seat]
                else:
                    sums[c] += rollout(k, goal, values, draws, epsilon)[seat]
    return {c: (worlds[c], sums[c] / worlds[c]) for c in reps}, rounds
