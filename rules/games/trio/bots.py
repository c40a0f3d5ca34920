"""Trio bots: reveal where a trio is likeliest, from what they remember of public reveals.

Every level samples hidden deals consistent with what it remembers (``rules.sample``, so
sorted hands and known hand ends hold) and looks up to three reveals ahead: the first
reveal, then the best next one for the number it showed, in each case judged only on the
sampled deals that agree with what would have been seen.  Trios are weighed by what they
are worth: a win, in spicy mode a number whose partner is still to be had, and (hard) a
number an opponent needs to win.

- ``easy`` forgets: it keeps at most the last round of turns, as ``normal``, and loses each card
  seen there with some chance every turn; few samples; in spicy mode it has only some of the
  pairs 7 apart in mind as connected (a sum of 7 it always sees).
- ``normal`` remembers the last round of turns (each player's last turn).
- ``hard`` remembers everything public and samples more deals.

Team swaps: offer the partner a card of a number the partner is known to hold, else a lone
card (one of a number one holds no pair of); keep pairs and the 7s.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import replace
from typing import Any

from rules.bots import Advice, Bot
from rules.facts import publish
from rules.sample import sample
from rules.view import Move, View, freeze

from .procedure import SWAP, TrioFacts

WIN = 10.0  # weight of a trio that wins the match
BLOCK = 4.0  # extra weight of a trio an opponent needs to win (hard)
STRANDED = 0.4  # spicy: weight of a trio whose connected numbers are all taken by others
UNSEEN = 0.02  # tie-break, per sampled deal: prefer learning an unseen card to showing a known one

Act = tuple[str, int]  # ("m", place) | ("l", seat) | ("h", seat)


def connected(a: int, b: int) -> bool:
    return a + b == 7 or abs(a - b) == 7


FEWEST_WORLDS = 8  # a budgeted search weighs at least this many deals
MARGIN = 0.1  # share of a budget kept back for the answer
WEIGH_GUESS = 0.0001  # seconds to weigh one deal for one reveal, until a search has timed it
WEIGH_FADE = 0.7  # how much of the slowest weighing lately a decision still expects


class World:
    """One sampled deal, reduced to numbers: middle places and sorted hands."""

    __slots__ = ("middle", "hands")

    def __init__(self, state: Any) -> None:
        number = state.number
        self.middle = {
            int(z.split("/")[1]): number[c[0]] for z, c in state.zones.items() if z.startswith("middle/") and c
        }
        self.hands = {
            int(z.split("/")[1]): [number[c] for c in cards]
            for z, cards in state.zones.items()
            if z.startswith("hand/")
        }

    def value(self, act: Act, taken: tuple[Act, ...]) -> int | None:
        """The number ``act`` would show after the reveals ``taken`` (``None``: nothing there)."""
        kind, where = act
        if kind == "m":
            return None if act in taken else self.middle.get(where)
        hand = self.hands[where]
        low = high = 0
        for k, w in taken:
            if w == where:
                if k == "l":
                    low += 1
                elif k == "h":
                    high += 1
        if low + high >= len(hand):
            return None
        return hand[low] if kind == "l" else hand[len(hand) - 1 - high]


def a(number: int) -> str:
    """ "a 5", "an 8", "an 11"."""
    return f"an {number}" if number in (8, 11, 18) else f"a {number}"


def act_of(move: Move) -> Act:
    """The place a reveal takes: a middle card, or the low or high end of a seat's hand."""
    kind, where = str(move.source).split("/")
    if kind == "middle":
        return ("m", int(where))
    return ("l" if move.end == "low" else "h", int(where))


class TrioBot(Bot):
    """The shared search; levels differ in memory, samples and what a trio is worth."""

    level = "normal"
    samples = 24
    block = False

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.salt = self.rng.random()
        self._weigh = WEIGH_GUESS  # seconds to weigh a deal for a reveal, the slowest lately (fading)

    # ----------------------------------------------------------- memory
    def remembers(self, zone: str, turn: int, text: str, now: int, players: int) -> bool:
        """Whether this bot still remembers ``text`` seen in ``zone`` at ``turn``."""
        return True

    def remembered(self, view: View) -> View:
        """The view with the public knowledge this bot has forgotten taken out."""
        public = TrioFacts.of(view)
        now, players = public.turn_no, view.players
        known: dict[str, list[str]] = {}
        ends: dict[str, list[int]] = {}
        learned: dict[str, list[int]] = {}
        for zone, texts in view.known.items():
            turns = public.learned[zone]
            keep = [self.remembers(zone, t, c, now, players) for c, t in zip(texts, turns, strict=True)]
            if zone.startswith("hand/"):
                n_low, n_high = public.ends[zone]
                low = 0
                while low < n_low and keep[low]:
                    low += 1
                high = 0
                while high < n_high and keep[len(texts) - 1 - high]:
                    high += 1
                chosen = list(range(low)) + list(range(len(texts) - high, len(texts)))
                if chosen:
                    ends[zone] = [low, high]
            else:
                chosen = [i for i in range(len(texts)) if keep[i]]
            if chosen:
                known[zone] = [texts[i] for i in chosen]
                learned[zone] = [turns[i] for i in chosen]
        if len(known) == len(view.known) and all(len(v) == len(view.known[z]) for z, v in known.items()):
            return view
        forgot = replace(public, ends=freeze(ends), learned=freeze(learned))
        return replace(view, known=freeze(known), public=publish(forgot))

    # ----------------------------------------------------------- choosing
    def choose(self, view: View) -> str:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if TrioFacts.of(view).phase == SWAP:
            return self.choose_swap(view)
        return self.choose_reveal(view, legal)

    def choose_reveal(self, view: View, legal: list[str]) -> str:
        return legal[self.search(view)[0]]

    def search(self, view: View) -> tuple[int, list[float], list[World], list[Act], set[Act]]:
        """The best reveal's index in ``view.actions``, every reveal's score, the sampled deals,
        the reveals and the places whose card this bot knows."""
        start = time.perf_counter()
        memory = self.remembered(view)
        acts = [act_of(m) for m in view.actions]
        worlds = self.imagine(memory, start, len(acts))
        weighing = time.perf_counter()
        revealed = view.zones["revealed"]
        seen = self.seen_places(memory)
        scores = []
        for act in acts:
            if revealed:
                x = int(revealed[0])
                score = self.successes(worlds, acts, (), x, 3 - len(revealed), first=act)
            else:
                groups: dict[int | None, list[World]] = {}
                for w in worlds:
                    groups.setdefault(w.value(act, ()), []).append(w)
                score = sum(
                    self.worth(x, view) * self.successes(ws, acts, (act,), x, 2)
                    for x, ws in groups.items()
                    if x is not None
                )
            score += UNSEEN * len(worlds) * (0 if act in seen else 1)
            scores.append(score + self.rng.random() * 1e-9)
        best = max(range(len(scores)), key=scores.__getitem__)
        if worlds and acts:  # how long weighing a deal for a reveal took, for the next budget
            took = (time.perf_counter() - weighing) / (len(worlds) * len(acts))
            self._weigh = max(took, self._weigh * WEIGH_FADE)
        return best, scores, worlds, acts, seen

    def imagine(self, memory: View, start: float | None = None, reveals: int = 1) -> list[World]:
        """``samples`` deals consistent with ``memory``; with a budget, fewer (at least
        :data:`FEWEST_WORLDS`): dealing stops while weighing the deals so far for ``reveals``
        reveals (timed on the last decisions) and the longest wait between two deals would still
        end within the budget counted from ``start``."""
        budget_ms = getattr(self, "budget_ms", None)  # only ``hard`` has a time limit
        if budget_ms is None:
            return [World(sample(memory, self.rng)) for _ in range(self.samples)]
        clock = time.perf_counter
        last = clock()
        deadline = (last if start is None else start) + budget_ms / 1000.0 * (1.0 - MARGIN)
        weigh = self._weigh * max(1, reveals)
        worst = 0.0
        worlds: list[World] = []
        while len(worlds) < self.samples:
            now = clock()
            if now - last > worst:  # a deal, or a wait for a core on a busy machine
                worst = now - last
            last = now
            if len(worlds) >= FEWEST_WORLDS and now + worst + (len(worlds) + 1) * weigh >= deadline:
                break
            worlds.append(World(sample(memory, self.rng)))
        return worlds

    # ----------------------------------------------------------- hints
    def advise(self, view: View) -> Advice:
        """This level's move, with why: the chance of a trio the reveal gives over the deals this
        bot imagines from what it remembers (public reveals only), or what a swap offers."""
        legal = list(view.legal)
        if len(legal) == 1:
            return Advice(legal[0], "your only move")
        if TrioFacts.of(view).phase == SWAP:
            action = self.choose_swap(view)
            return Advice(action, self.swap_reason(view, action))
        best, _scores, worlds, acts, seen = self.search(view)
        return Advice(legal[best], self.reveal_reason(view, acts[best], worlds, acts, seen))

    def reveal_reason(self, view: View, act: Act, worlds: list[World], acts: list[Act], seen: set[Act]) -> str:
        revealed = view.zones["revealed"]
        n = max(1, len(worlds))
        values = Counter(w.value(act, ()) for w in worlds)
        known = act in seen and len(values) == 1 and None not in values
        if revealed:
            x = int(revealed[0])
            need = 3 - len(revealed)
            here = values.get(x, 0) / n
            chance = self.successes(worlds, acts, (), x, need, first=act) / n
            goal = f"the trio of {x}s" if need == 1 else f"two more {x}s"
            if known and here >= 1.0:
                where = "your own card there" if act[1] == self.seat and act[0] != "m" else "the card seen there"
                then = "it completes the trio" if need == 1 else f"about {chance:.0%} to get {goal}"
                text = f"{where} is {a(x)}: {then}"
            elif here < 0.005:  # "about 0%" says nothing: say that no place is better
                text = f"another {x} is unlikely anywhere you may look (under 1% here), and no place is better"
            elif here < 0.15:
                text = f"a long shot for another {x} (about {here:.0%}), but the best place left"
            else:
                text = f"the likeliest place for another {x} (about {here:.0%}); about {chance:.0%} to get {goal}"
            if need == 1 and self.worth(x, view) >= WIN:
                text += ", and that trio wins"
            return text
        groups: dict[int, list[World]] = {}
        for w in worlds:
            value = w.value(act, ())
            if value is not None:
                groups.setdefault(value, []).append(w)
        chance = sum(self.successes(ws, acts, (act,), x, 2) for x, ws in groups.items()) / n
        if known:
            x = next(iter(values))
            text = f"starts with {a(x)} you know is there: about {chance:.0%} to find two more"
            worth = self.worth(x, view)
            if worth >= WIN:
                text += ", and a trio of them wins"
            elif self.block and worth > 1.0:
                text += ", a trio an opponent needs to win"
            return text
        return f"a card you have not seen: about {chance:.0%} to turn it into a trio, the best chance on the table"

    def swap_reason(self, view: View, action: str) -> str:
        if action == "pass":
            return "keeps your hand: nothing in it is worth offering"
        number = int(action.split(" ", 1)[1])
        players = view.players
        partner = (self.seat + players // 2) % players
        theirs = {int(t) for t in self.remembered(view).known.get(f"hand/{partner}", ())}
        if number in theirs:
            return f"offers {a(number)}: your partner is known to hold {number}s"
        return f"offers your lone {number} and keeps your pairs"

    def successes(
        self, worlds: list[World], acts: list[Act], taken: tuple[Act, ...], x: int, need: int, first: Act | None = None
    ) -> float:
        """How many of ``worlds`` end in a trio of ``x`` when ``need`` more matching reveals are
        chosen one by one, each on the worlds agreeing with what has been shown."""
        if need == 0 or not worlds:
            return len(worlds)
        best = 0.0
        for act in (first,) if first is not None else acts:
            agree = [w for w in worlds if w.value(act, taken) == x]
            if len(agree) <= best:
                continue
            best = max(best, self.successes(agree, acts, taken + (act,), x, need - 1))
        return best

    def seen_places(self, view: View) -> set[Act]:
        """Reveals whose card this bot already knows: its own hand's ends, remembered cards."""
        seen: set[Act] = {("l", self.seat), ("h", self.seat)}
        public = TrioFacts.of(view)
        for zone in view.known:
            kind, where = zone.split("/")
            if kind == "middle":
                seen.add(("m", int(where)))
            else:
                n_low, n_high = public.ends[zone]
                if n_low:
                    seen.add(("l", int(where)))
                if n_high:
                    seen.add(("h", int(where)))
        return seen

    def worth(self, x: int, view: View) -> float:
        """What taking the trio of ``x`` is worth to this bot's side."""
        settings = view.settings
        mine, others = self.trios(view)
        spicy = settings["spicy"]

        def wins(held: list[int]) -> bool:
            if x == 7 and settings["sevens_win"]:
                return True
            if spicy:
                return any(self.connects(x, y) for y in held)
            return len(held) + 1 >= settings["trios_to_win"]

        if wins(mine):
            return WIN
        value = 1.0
        if spicy:
            taken = {y for held in others for y in held}
            if all(y in taken for y in range(1, 13) if self.connects(x, y)):
                value = STRANDED
        if self.block and any(wins(held) for held in others):
            value += BLOCK
        return value

    def connects(self, x: int, y: int) -> bool:
        """Whether this bot sees trios of ``x`` and ``y`` as connected (spicy mode)."""
        return connected(x, y)

    def trios(self, view: View) -> tuple[list[int], list[list[int]]]:
        """Numbers of the trios held by this bot's side, and by each other side."""
        players = view.players
        teams = TrioFacts.of(view).teams or [[s] for s in range(players)]
        zones = view.zones

        def held(team: list[int]) -> list[int]:
            return [int(zones[f"trios/{s}"][i]) for s in team for i in range(0, len(zones[f"trios/{s}"]), 3)]

        mine = next(t for t in teams if self.seat in t)
        return held(mine), [held(t) for t in teams if self.seat not in t]

    # ------------------------------------------------------------- swaps
    def choose_swap(self, view: View) -> str:
        """Offer a card the partner is known to collect, else a lone card; pass with only pairs."""
        legal = set(view.legal)
        players = view.players
        partner = (self.seat + players // 2) % players
        memory = self.remembered(view)
        hand = [int(t) for t in view.zones[f"hand/{self.seat}"]]
        counts = Counter(hand)
        theirs = {int(t) for t in memory.known.get(f"hand/{partner}", ())}
        lone = [n for n, c in counts.items() if c == 1]
        wanted = [n for n in lone if n in theirs]
        candidates = wanted or [n for n in lone if n != 7] or lone
        if not candidates:
            return "pass"
        choice = f"swap {candidates[int(self.rng.random() * len(candidates))]}"
        return choice if choice in legal else "pass"


class TrioEasyBot(TrioBot):
    """Forgets: nothing older than a round stays in mind, and within it every card seen is lost with
    a chance of ``forget`` each turn; in spicy mode some connections 7 apart go unseen."""

    level = "easy"
    samples = 16
    forget = 0.15  # chance a turn of losing a card seen (normal: keeps every card of the last round)
    rounds = 1  # and nothing older than the last round of turns, as normal (was: a long tail of old cards)
    knows_apart = 0.4  # spicy: the share of the five pairs 7 apart (1-8 ... 5-12) it sees as connected

    def remembers(self, zone: str, turn: int, text: str, now: int, players: int) -> bool:
        if self.rounds is not None and now - turn >= self.rounds * players:
            return False
        u = random.Random(f"{self.salt}:{zone}:{turn}:{text}").random()
        lifetime = math.log(max(u, 1e-12)) / math.log(1.0 - self.forget)
        return now - turn <= lifetime

    def connects(self, x: int, y: int) -> bool:
        """Sums to 7 it always sees (the rule's first half); of the pairs 7 apart it has only some
        in mind, a fixed few per bot, as a player new to spicy mode would."""
        if x + y == 7:
            return True
        if abs(x - y) != 7:
            return False
        low = min(x, y)
        return random.Random(f"{self.salt}:apart:{low}").random() < self.knows_apart

    def choose_swap(self, view: View) -> str:
        if self.rng.random() < 0.5:
            return "pass"
        return super().choose_swap(view)


class TrioNormalBot(TrioBot):
    """Remembers the cards seen in the last round of turns."""

    level = "normal"
    samples = 24
    rounds = 1

    def remembers(self, zone: str, turn: int, text: str, now: int, players: int) -> bool:
        return now - turn < self.rounds * players


class TrioHardBot(TrioBot):
    """Remembers everything public, samples more deals, and denies opponents their winning trio."""

    level = "hard"
    samples = 160
    block = True
    budget_ms = 1000.0  # a decision's time limit (``cardtable-sim --budget-ms``); half for dealing
