"""``hard`` for the trick games: information-set Monte Carlo tree search over the card play.

One search tree for the seat to decide (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012). Each iteration deals a *world* consistent with the seat's view only (:class:`Knowledge`):
its own cards, the cards on the table and in the tricks won, the dummy's face-up cards, and
every other card shuffled into the places that may hold it — never a suit a place has shown
void in, a card known to be in a hand (Tribello's cut card) put there, the seat's own discards
left out of every hand. The tree descends by UCB among the cards legal in that world, grows one
node, then plays the deal out on a :class:`rules.tricks.PlayKernel` with a cheap policy built on
``normal``'s rules of thumb (win cheaply when last, duck when avoiding tricks, never overtake a
partner, smear points onto a partner's trick); the last two tricks are solved exactly (max^n).
Each place is scored by the game's own deal score (:class:`Goal`, written per game).

Decisions before the play (naming trump, Tribello's exchange) are ``normal``'s.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import Event
from ..tricks import DUMMY, FOLLOW_OR_TRUMP, PlayKernel, TrickDeck, trick_deck
from ..view import View
from .trick_bot import TrickNormalBot

UCB_C = 0.7
ENDGAME_TRICKS = 2  # tricks left when a rollout is solved exactly instead of played out
EPSILON = 0.1  # share of random moves in the rollout policy
MARGIN = 0.1  # share of the time budget kept back (the last iterations, the answer)
ANCHOR = 0.02  # normal's card is played unless the search's favourite scores this much better


class Goal:
    """What each seat wants from the rest of the deal: a game's deal score, as utilities in [0, 1].

    ``utilities(kernel)`` scores a finished kernel per seat; ``wants(kernel, seat)`` says whether
    the seat wants the trick (the rollout policy's guide); ``side[seat]`` groups partners.
    """

    def __init__(self, players: int) -> None:
        self.side = list(range(players))

    def utilities(self, kernel: PlayKernel) -> list[float]:  # pragma: no cover - per game
        raise NotImplementedError

    def wants(self, kernel: PlayKernel, seat: int) -> bool:
        return True


def relative(scores: Sequence[float], spread: float) -> list[float]:
    """Each seat's score against the others' mean, mapped to [0, 1] (``spread``: the widest gap)."""
    n = len(scores)
    total = sum(scores)
    out = []
    for s in scores:
        gap = s - (total - s) / (n - 1)
        out.append(min(1.0, max(0.0, 0.5 + gap / (2 * spread))))
    return out


class Knowledge:
    """What one seat knows of the tricks still to play, read from its view (and its memory).

    ``worlds(rng)`` deals the cards the seat cannot see into the places that may hold them.
    """

    def __init__(self, view: View, tdeck: TrickDeck, index: dict[str, int], set_aside: set[int]) -> None:
        public = view.public
        zones = view.zones
        self.seat = view.seat
        order = list(public["order"])
        self.order = order
        self.n = n = len(order)
        self.dummy = order.index(DUMMY) if DUMMY in order else -1
        dummy_player = public.get("dummy_player")
        self.actor = [dummy_player if p == DUMMY else p for p in order]
        self.trump = None if public["trump"] is None else _suit_index(tdeck, view, public["trump"])
        self.rule = public["follow_rule"]
        self.tdeck = tdeck
        suit_of = tdeck.suit_of
        parse = index.__getitem__
        self.trick = [parse(t) for _p, t in public["trick"]]
        leader = public["leader"]
        self.lead = order.index(leader) if leader is not None else 0
        self.left = public["tricks_left"]
        self.won = list(public["tricks_won"])
        players = len(self.won)
        self.points = [0] * players
        seen: set[int] = set(set_aside)
        for seat in range(players):
            pile = [parse(t) for t in zones.get(f"won/{seat}", ()) if t is not None]
            seen.update(pile)
            self.points[seat] = sum(tdeck.points[c] for c in pile)
        seen.update(self.trick)
        # Hands: the seat's own cards, the other places' counts.
        self.hands: list[list[int] | None] = []
        self.room = [0] * n
        for i, place in enumerate(order):
            if place == DUMMY:
                self.hands.append([])
                continue
            shown = zones.get(f"hand/{place}", ())
            if place == self.seat:
                mine = [parse(t) for t in shown if t is not None]
                seen.update(mine)
                self.hands.append(mine)
            else:
                self.hands.append(None)
                self.room[i] = len(shown)
        # The dummy's columns: face-up cards seen, face-down ones hidden.
        self.cols: list[list[int | None]] = []
        for c in range(public.get("dummy_columns") or 0):
            down = [None if t is None else parse(t) for t in zones.get(f"dummy_down/{c}", ())]
            up = [parse(t) for t in zones.get(f"dummy_up/{c}", ()) if t is not None]
            seen.update(up)
            seen.update(x for x in down if x is not None)
            self.cols.append(down + up)
        for texts in zones.values():  # every card face up somewhere (an up-card, a set-aside card...)
            seen.update(parse(t) for t in texts if t is not None)
        # Cards known to lie in a hidden hand (Tribello's cut card in the dealer's hand).
        self.fixed: dict[int, list[int]] = {}
        for zone, texts in view.known.items():
            if not zone.startswith("hand/"):
                continue
            place = int(zone.split("/")[1])
            if place in order and place != self.seat:
                cards = [parse(t) for t in texts]
                i = order.index(place)
                self.fixed[i] = cards
                self.room[i] -= len(cards)
                seen.update(cards)
        self.unseen = [c for c in range(len(suit_of)) if c not in seen]
        self.down_slots = sum(1 for col in self.cols for x in col if x is None)
        # Voids shown: a place that did not follow the led suit holds none of it.
        self.voids: list[set[int]] = [set() for _ in range(n)]
        for entry in public["history"]:
            self._note_voids([(p, parse(t)) for p, t in entry["plays"]])
        self._note_voids([(p, parse(t)) for p, t in public["trick"]])

    def _note_voids(self, plays: list[tuple[Any, int]]) -> None:
        if not plays:
            return
        suit_of = self.tdeck.suit_of
        led = suit_of[plays[0][1]]
        for place, card in plays[1:]:
            if place == DUMMY or suit_of[card] == led:
                continue
            if self.rule != FOLLOW_OR_TRUMP or suit_of[card] != self.trump:
                self.voids[self.order.index(place)].add(led)

    def world(self, rng: random.Random) -> PlayKernel:
        """One deal of the hidden cards consistent with what the seat knows."""
        suit_of = self.tdeck.suit_of
        targets = [i for i in range(self.n) if self.room[i] > 0]
        voids = self.voids
        got: dict[int, list[int]] = {}
        down: list[int] = []
        # Plain shuffles first: kept when no place gets a suit it has shown void in.
        cards = self.unseen[:]
        random_ = rng.random
        for _try in range(4 if any(voids) else 1):
            for i in range(len(cards) - 1, 0, -1):
                j = int(random_() * (i + 1))
                cards[i], cards[j] = cards[j], cards[i]
            at = 0
            got = {}
            ok = True
            for i in targets:
                hand = got[i] = cards[at : at + self.room[i]]
                at += self.room[i]
                void = voids[i]
                if void and any(suit_of[c] in void for c in hand):
                    ok = False
                    break
            if ok:
                return self._kernel(got, cards[at : at + self.down_slots])
        for attempt in range(20):
            relax = attempt == 19  # a view the voids cannot explain (never in a real deal): ignore them
            room = self.room[:]
            down_room = self.down_slots
            sink_room = len(self.unseen) - sum(room) - down_room  # the pickup, the discards...
            cards = self.unseen[:]
            rng.shuffle(cards)
            got = {i: [] for i in targets}
            down = []
            for card in cards:
                suit = suit_of[card]
                free = 0
                for i in targets:
                    if relax or suit not in voids[i]:
                        free += room[i]
                total = free + down_room + sink_room
                if total <= 0:
                    break
                pick = rng.random() * total
                if pick < free:
                    for i in targets:
                        if relax or suit not in voids[i]:
                            pick -= room[i]
                            if pick < 0:
                                got[i].append(card)
                                room[i] -= 1
                                break
                    else:  # rounding at the very end of the range
                        i = next(i for i in reversed(targets) if room[i] and (relax or suit not in voids[i]))
                        got[i].append(card)
                        room[i] -= 1
                elif pick < free + down_room:
                    down.append(card)
                    down_room -= 1
                else:
                    sink_room -= 1
            else:
                if not any(room[i] for i in targets) and not down_room:
                    break
        return self._kernel(got, down)

    def _kernel(self, got: dict[int, list[int]], down: list[int]) -> PlayKernel:
        hands = []
        for i in range(self.n):
            own = self.hands[i]
            if own is not None:
                hands.append(own[:])
            else:
                hands.append(got.get(i, []) + self.fixed.get(i, []))
        cols = []
        down = down[:]
        for col in self.cols:
            cols.append([down.pop() if x is None else x for x in col])
        return PlayKernel(hands, cols, self.dummy, self.actor, self.trick[:], self.lead, self.won[:],
                          self.points[:], self.left, self.trump, self.rule, self.tdeck)


def _suit_index(tdeck: TrickDeck, view: View, suit_id: str) -> int:
    from ..registry import load_game

    suits = load_game(view.game).deck(view.variant).suits
    return [s.id for s in suits].index(suit_id)


# ------------------------------------------------------------------ rollouts
def _threats(kernel: PlayKernel, after: int) -> tuple[list[int], list[bool]]:
    """What the next ``after`` places could beat a card with (the rollout reads the world's hands,
    as a player who has read the cards): per suit, their highest strength in it, and whether one
    of them could trump a trick led in it (holding a trump, void in it or free to trump)."""
    suit_of, strength, trump = kernel.suit_of, kernel.strength, kernel.trump
    top = [-1] * 8
    trumps = [False] * 8
    free = kernel.rule == FOLLOW_OR_TRUMP
    place = (kernel.lead + len(kernel.trick)) % kernel.n
    for k in range(1, after + 1):
        has = [False] * 8
        for c in kernel.cards_of((place + k) % kernel.n):
            suit = suit_of[c]
            has[suit] = True
            if strength[c] > top[suit]:
                top[suit] = strength[c]
        if trump is not None and has[trump]:
            for suit in range(8):
                if suit != trump and (free or not has[suit]):
                    trumps[suit] = True
    return top, trumps


def _holds(kernel: PlayKernel, card: int, led: int, top: list[int], trumps: list[bool]) -> bool:
    """Whether ``card`` holds a trick led in ``led`` against the threats of :func:`_threats`."""
    suit = kernel.suit_of[card]
    if kernel.strength[card] <= top[suit]:
        return False
    return suit == kernel.trump or not trumps[led]


def policy_move(kernel: PlayKernel, goal: Goal, rng: random.Random) -> int:
    """A ``normal``-like card for the place to play, reading the world's hands (some randomness)."""
    legal = kernel.legal()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < EPSILON:
        return legal[int(rng.random() * len(legal))]
    seat = kernel.seat()
    strength = kernel.strength
    suit_of = kernel.suit_of
    pts = kernel.card_points
    trick = kernel.trick
    later = kernel.n - 1 - len(trick)
    if not trick:
        if not goal.wants(kernel, seat):
            return min(legal, key=strength.__getitem__)
        top, trumps = _threats(kernel, later)
        sure = [c for c in legal if _holds(kernel, c, suit_of[c], top, trumps)]
        if sure:
            return max(sure, key=lambda c: (pts[c], strength[c]))
        trump = kernel.trump
        counts = [0] * 8
        for c in legal:
            counts[suit_of[c] & 7] += 1
        side = [c for c in legal if suit_of[c] != trump] or legal
        return min(side, key=lambda c: (-counts[suit_of[c] & 7], strength[c]))
    best, best_key = kernel.winning()
    best_seat = kernel.actor[(kernel.lead + best) % kernel.n]
    led = suit_of[trick[0]]
    key = kernel.key
    top, trumps = _threats(kernel, later) if later else ([-1] * 8, [False] * 8)
    if goal.side[best_seat] == goal.side[seat] and best_seat != seat:
        if later == 0 or _holds(kernel, trick[best], led, top, trumps):
            # The partner holds the trick: shed points onto it, not trumps.
            return max(legal, key=lambda c: (suit_of[c] != kernel.trump, pts[c], -strength[c]))
    if goal.wants(kernel, seat):
        winners = [c for c in legal if key(c) > best_key]
        sure = [c for c in winners if later == 0 or _holds(kernel, c, led, top, trumps)]
        if sure:
            return min(sure, key=lambda c: (suit_of[c] == kernel.trump, strength[c]))
        return min(legal, key=lambda c: (suit_of[c] == kernel.trump, pts[c], strength[c]))
    losers = [c for c in legal if key(c) < best_key]
    if losers:
        return max(losers, key=lambda c: (key(c), strength[c]))
    return max(legal, key=strength.__getitem__) if later == 0 else min(legal, key=strength.__getitem__)


def solve(kernel: PlayKernel, goal: Goal) -> list[float]:
    """The utilities of best play by every seat for itself (max^n) over the tricks left."""
    if kernel.left <= 0:
        return goal.utilities(kernel)
    if kernel.left == 1 and not kernel.trick:  # one card each: nothing left to choose
        for _ in range(kernel.n):
            kernel.play(kernel.legal()[0])
        return goal.utilities(kernel)
    seat = kernel.seat()
    best: list[float] | None = None
    for card in kernel.legal():
        child = kernel.copy()
        child.play(card)
        value = solve(child, goal)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


def rollout(kernel: PlayKernel, goal: Goal, rng: random.Random) -> list[float]:
    while kernel.left > ENDGAME_TRICKS or (kernel.trick and kernel.left == ENDGAME_TRICKS):
        kernel.play(policy_move(kernel, goal, rng))
    if kernel.left <= 0:
        return goal.utilities(kernel)
    return solve(kernel, goal)


# ------------------------------------------------------------------ the tree
class Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the card leading here
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def search(make_world: Callable[[random.Random], PlayKernel], goal: Goal, rng: random.Random,
           budget_s: float, max_iterations: int = 1_000_000) -> tuple[dict[int, tuple[int, float]], int]:
    """ISMCTS from the seat's information set: per card at the root its visits and mean utility,
    and the iterations run."""
    root = Node(-1)
    deadline = time.perf_counter() + budget_s
    log, sqrt = math.log, math.sqrt
    iterations = 0
    while iterations < max_iterations:
        if iterations & 3 == 0 and iterations and time.perf_counter() >= deadline:
            break
        iterations += 1
        world = make_world(rng)
        node = root
        path = []
        while not world.over:
            legal = world.legal()
            seat = world.seat()
            children = node.children
            untried = [c for c in legal if c not in children]
            if untried:
                card = untried[int(rng.random() * len(untried))]
                child = children[card] = Node(seat)
                for c in legal:
                    ch = children.get(c)
                    if ch is not None:
                        ch.avail += 1
                world.play(card)
                path.append(child)
                break
            best_card, best_score = legal[0], -1.0
            for c in legal:
                ch = children[c]
                ch.avail += 1
                score = ch.reward / ch.visits + UCB_C * sqrt(log(ch.avail) / ch.visits)
                if score > best_score:
                    best_card, best_score = c, score
            node = children[best_card]
            world.play(best_card)
            path.append(node)
        values = rollout(world, goal, rng) if not world.over else goal.utilities(world)
        for n in path:
            n.visits += 1
            n.reward += values[n.seat]
    stats = {card: (child.visits, child.reward / max(1, child.visits)) for card, child in root.children.items()}
    return stats, iterations


class TrickHardBot(TrickNormalBot):
    """``hard`` for a trick game: ISMCTS over the card play within ``budget_ms`` a decision.

    A game subclasses it with its :meth:`goal` (its deal score). Everything before the play is
    ``normal``'s.
    """

    level = "hard"
    budget_ms = 500.0
    max_iterations = 1_000_000

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self._tdeck: TrickDeck | None = None
        self._index: dict[str, int] = {}
        self._discarded: dict[int, set[str]] = {}  # deal -> this seat's discards seen in its events
        self._deal = 0
        self.last_iterations = 0

    def goal(self, view: View) -> Goal:  # pragma: no cover - per game
        raise NotImplementedError

    def observe(self, events: list[Event]) -> None:
        for event in events:
            data = event.data
            if event.kind == "deal":
                self._deal = int(data.get("deal", self._deal))
            elif (event.kind == "move" and data.get("target") == "discards"
                  and data.get("source") == f"exchange/{self.seat}" and data.get("card")):
                self._discarded.setdefault(self._deal, set()).add(str(data["card"]))

    def _tables(self, view: View) -> tuple[TrickDeck, dict[str, int]]:
        if self._tdeck is None:
            from ..registry import load_game

            game = load_game(view.game)
            deck = game.deck(view.variant)
            scoring = game.config.scoring
            self._tdeck = trick_deck(deck, scoring["rank_order"], scoring.get("points"))
            self._index = {face.text: face.card for face in deck.faces}
        return self._tdeck, self._index

    def knowledge(self, view: View) -> Knowledge:
        tdeck, index = self._tables(view)
        aside = self._set_aside.get(view.deal, set()) | self._discarded.get(view.deal, set())
        return Knowledge(view, tdeck, index, {index[t] for t in aside})

    def choose(self, view: View) -> str:
        start = time.perf_counter()
        plays = {m.card: m.text for m in view.actions if m.kind == "play" and m.card is not None}
        if len(view.legal) == 1 or len(plays) != len(view.legal) or view.public.get("phase") != "play":
            return super().choose(view)
        know = self.knowledge(view)
        goal = self.goal(view)
        anchor = super().choose(view)  # normal's card: kept unless the search finds better
        # The whole decision stays within the budget: reading the view counts, and a margin is
        # kept for the last iterations and the answer.
        budget = self.budget_ms / 1000.0 * (1.0 - MARGIN) - (time.perf_counter() - start)
        stats, self.last_iterations = search(know.world, goal, self.rng, max(0.0, budget), self.max_iterations)
        _tdeck, index = self._tables(view)
        return self.pick(stats, plays, index, anchor)

    @staticmethod
    def pick(stats: dict[int, tuple[int, float]], plays: dict[str, str], index: dict[str, int], anchor: str) -> str:
        """The most visited card, unless ``normal``'s card (``anchor``) scored about as well."""
        best = max(plays, key=lambda text: (stats.get(index[text], (-1, 0.0))[0], -index[text]))
        chosen = plays[best]
        if anchor != chosen and anchor.startswith("play "):
            mine = stats.get(index[anchor.split(" ", 1)[1]])
            top = stats.get(index[best])
            if mine and top and mine[1] >= top[1] - ANCHOR:
                return anchor
        return chosen
