"""``hard`` for the trick games: information-set Monte Carlo tree search over the card play.

One search tree for the seat to decide (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012). Each iteration deals a *world* consistent with the seat's view only (:class:`Knowledge`):
its own cards, the cards on the table and in the tricks won, the dummy's face-up cards, and
every other card shuffled into the places that may hold it — never a suit a place has shown
void in, a card known to be in a hand (Tribello's cut card) put there, the seat's own discards
left out of every hand. The tree descends by UCB among the cards legal in that world, grows one
node, then plays the deal out on bitmasks (:mod:`rules.bots.maskplay`: a world is dealt into one
reused :class:`MaskKernel`) with a cheap policy built on ``normal``'s rules of thumb (win cheaply
when sure, duck when avoiding tricks, never overtake a partner, smear points onto a partner's
trick); the last two tricks are solved exactly (max^n). Each place is scored by the game's own
deal score (:class:`Goal`, written per game; utilities are kept per tally of tricks and points).

Decisions before the play (naming trump, Tribello's exchange) are ``normal``'s.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from math import floor
from typing import Any, TypeVar

from ..actions import Event
from ..trick_facts import TrickFacts
from ..tricks import DUMMY, PlayKernel, TrickDeck, TrickKernel, trick_deck, voids_shown
from ..view import View
from .maskplay import MaskDeck, MaskKernel, Values, mask_deck, nth_bit, rollout
from .trick_bot import TrickNormalBot

K = TypeVar("K", bound=TrickKernel)

UCB_C = 0.7
MARGIN = 0.1  # share of the time budget kept back (the last iterations, the answer) ...
MARGIN_FLOOR = 0.008  # ... and at least this long (s; a busy machine's waits do not shrink with the
MARGIN_MOST = 0.25  # budget), but never more than this share of it
ANCHOR = 0.02  # normal's card is played unless the search's favourite scores this much better
GAP_FADE = 0.5  # how much of the longest wait between iterations a decision remembers from the last
SHUFFLE_TRIES = 1  # plain shuffles tried for a world that fits the voids shown, before dealing card by card
PLAIN_SHUFFLE_TRIES = 4  # the same before the list-based deal (the built-in games, a dummy's columns)
DEAL_TRIES = 8  # deals card by card tried before the list-based deal (which never fails)
GAP_SHARE = 0.1  # the most of a budget kept back for that wait (a busy machine's waits cost search time)


class Goal:
    """What each seat wants from the rest of the deal: a game's deal score, as utilities in [0, 1].

    ``utilities(kernel)`` scores a finished kernel per seat from its ``won`` and ``points`` alone
    (the search keeps each tally's utilities); ``wants(kernel, seat)`` says whether the seat wants
    tricks (the rollout policy's guide, read once per rollout); ``side[seat]`` groups partners.
    """

    fresh = False  # the roll-outs read ``wants_now`` after every trick (the built-in games: no)

    def __init__(self, players: int) -> None:
        self.side = list(range(players))

    def wants_now(self, won: Sequence[int], points: Sequence[int], left: int) -> list[bool]:
        """Per seat, whether it wants tricks with ``won`` and ``points`` so far and ``left`` to play
        (read by the roll-outs after every trick when :attr:`fresh`)."""
        return [True] * len(won)

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
    ``deal_by_room``: when plain shuffles miss the voids shown, deal card by card
    (:meth:`_deal_by_room`, the generic bots') rather than by the list-based deal after four
    shuffles (the built-in games' ``hard``, whose strength was measured that way).
    """

    deal_by_room = False

    def __init__(self, view: View, tdeck: TrickDeck, index: dict[str, int], set_aside: set[int]) -> None:
        facts = TrickFacts.of(view)  # the trick game's public facts, typed
        zones = view.zones
        self.seat = view.seat
        order = list(facts.order)
        self.order = order
        self.n = n = len(order)
        self.dummy = order.index(DUMMY) if DUMMY in order else -1
        dummy_player = facts.dummy_player
        self.actor = [dummy_player if p == DUMMY else p for p in order]
        self.trump = None if facts.trump is None else _suit_index(tdeck, view, facts.trump)
        self.rule = facts.follow_rule
        self.tdeck = tdeck
        suit_of = tdeck.suit_of
        parse = index.__getitem__
        self.trick = [parse(t) for _p, t in facts.trick]
        leader = facts.leader
        self.lead = order.index(leader) if leader is not None else 0
        self.left = facts.tricks_left
        self.won = list(facts.tricks_won)
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
        for c in range(facts.dummy_columns or 0):
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
        for played in facts.history:
            self._note_voids([(p, parse(t)) for p, t in played.plays])
        self._note_voids([(p, parse(t)) for p, t in facts.trick])
        self._masks(mask_deck(tdeck))

    def _masks(self, md: MaskDeck) -> None:
        """What :meth:`mask_world` starts from, worked out once: the known cards as masks, the
        unseen cards as positions, each hidden hand's room and its void suits as a mask."""
        self.md = md
        pos = md.pos
        self._pool = [pos[c] for c in self.unseen]
        self._base = [0 if hand is None else md.mask(hand) for hand in self.hands]
        for i, cards in self.fixed.items():
            self._base[i] |= md.mask(cards)
        self._rooms = [(i, self.room[i]) for i in range(self.n) if self.room[i] > 0]
        self._void_masks = [sum(md.suit_mask[s] for s in void) for void in self.voids]
        self._any_void = any(self._void_masks[i] for i, _room in self._rooms)
        self._dealt = sum(room for _i, room in self._rooms)
        if self.dummy >= 0:
            self._base[self.dummy] = sum(md.bit[pos[col[-1]]] for col in self.cols if col and col[-1] is not None)
        start = self._start_of(MaskKernel, self._base[:], [], [pos[c] for c in self.trick], md)
        self._start = (start.led, start.best, start.best_key, [pos[c] for c in self.trick])
        self._reused = start

    def _note_voids(self, plays: list[tuple[Any, int]]) -> None:
        for place, suit in voids_shown(plays, self.tdeck.suit_of, self.trump, self.rule):
            self.voids[self.order.index(place)].add(suit)

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

    def mask_world(self, rng: random.Random) -> MaskKernel:
        """One deal of the hidden cards as :meth:`world` deals it, on masks, into the same kernel
        every time (a search plays one world at a time)."""
        pool = self._pool
        random_ = rng.random
        bit = self.md.bit.__getitem__
        void_masks = self._void_masks
        size = len(pool)
        dealt = min(size, self._dealt + self.down_slots)  # the rest of the pool is no one's to play
        by_room = self.deal_by_room and not self.cols
        for _try in range((SHUFFLE_TRIES if by_room else PLAIN_SHUFFLE_TRIES) if self._any_void else 1):
            for i in range(dealt):  # Fisher-Yates from the front, as far as the cards dealt
                j = i + floor(random_() * (size - i))
                pool[i], pool[j] = pool[j], pool[i]
            hands = self._base[:]
            at = 0
            for i, room in self._rooms:
                mask = sum(map(bit, pool[at : at + room]))
                if mask & void_masks[i]:
                    break
                hands[i] |= mask
                at += room
            else:
                if self.down_slots:
                    down = pool[self._dealt : self._dealt + self.down_slots]
                    return self._refill(hands, down)
                return self._refill(hands, None)
        if by_room:
            for _try in range(DEAL_TRIES):
                hands = self._deal_by_room(rng)
                if hands is not None:
                    return self._refill(hands, None)
        kernel = MaskKernel.of(self.world(rng), self.md)
        self._reused = kernel
        return kernel

    def _split(self) -> tuple[list[int], list[int]]:
        """The unseen cards of a suit some hidden hand has shown void in, and the rest (worked out
        once, when a world first needs dealing card by card)."""
        split = self.__dict__.get("_split_pool")
        if split is None:
            shut = 0  # the suits some hidden hand may not hold
            for i, _room in self._rooms:
                shut |= self._void_masks[i]
            bit, pos = self.md.bit, self.md.pos
            pool = [pos[c] for c in self.unseen]  # the pool in its first order (mask_world shuffles it)
            split = self._split_pool = (
                [p for p in pool if bit[p] & shut],
                [p for p in pool if not bit[p] & shut],
            )
        return split

    def _deal_by_room(self, rng: random.Random) -> list[int] | None:
        """A deal that fits the voids when plain shuffles keep missing them (None at a dead end).
        The cards of a suit some hidden hand has shown void in go first, one by one in a random
        order, each to a hand that may hold it or to no one's, with odds by the room each has
        left; the other cards are then shuffled into the room left, as a plain deal is."""
        random_ = rng.random
        tight, loose = self._split()
        places = [i for i, _room in self._rooms]
        rooms = [room for _i, room in self._rooms]
        voids = [self._void_masks[i] for i in places]
        spare = len(self._pool) - self._dealt  # cards no one is to play (the stock, the discards)
        got = [0] * len(places)
        bit = self.md.bit
        reach = range(len(places))
        size = len(tight)
        for i in range(size - 1):
            j = i + floor(random_() * (size - i))
            tight[i], tight[j] = tight[j], tight[i]
        for p in tight:
            b = bit[p]
            free = 0
            for j in reach:
                if rooms[j] and not voids[j] & b:
                    free += rooms[j]
            if free + spare <= 0:
                return None
            pick = random_() * (free + spare)
            if pick >= free:
                spare -= 1
                continue
            last = -1
            for j in reach:
                if rooms[j] and not voids[j] & b:
                    last = j
                    pick -= rooms[j]
                    if pick < 0:
                        break
            got[last] |= b
            rooms[last] -= 1
        need = sum(rooms)
        size = len(loose)
        if need > size:
            return None
        for i in range(need):
            j = i + floor(random_() * (size - i))
            loose[i], loose[j] = loose[j], loose[i]
        at = 0
        hands = self._base[:]
        for j, i in enumerate(places):
            room = rooms[j]
            hands[i] |= got[j] | sum(map(bit.__getitem__, loose[at : at + room]))
            at += room
        return hands

    def _refill(self, hands: list[int], down: list[int] | None) -> MaskKernel:
        """The kernel set to the start of the search with ``hands`` (and the dummy's face-down
        cards ``down``, positions, dealt into its columns)."""
        k = self._reused
        k.hands = hands
        if self.cols:
            pos = self.md.pos
            cols = []
            at = 0
            for col in self.cols:
                filled = []
                for x in col:
                    if x is None:
                        filled.append(down[at])  # type: ignore[index]
                        at += 1
                    else:
                        filled.append(pos[x])
                cols.append(filled)
            k.cols = cols
        k.lead, k.left = self.lead, self.left
        k.won[:] = self.won
        k.points[:] = self.points
        k.led, k.best, k.best_key, trick = self._start
        k.trick[:] = trick
        return k

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
        return self._start_of(PlayKernel, hands, cols, self.trick[:], self.tdeck)

    def _start_of(self, kind: type[K], hands: list[Any], cols: list[list[int]], trick: list[int], table: Any) -> K:
        """A kernel of ``kind`` at the start of the search, with ``hands``, the dummy's ``cols`` and
        the ``trick`` on the table in its own form of a card (``table``: its per-card tables)."""
        return kind(
            hands,
            cols,
            self.dummy,
            self.actor,
            trick,
            self.lead,
            self.won[:],
            self.points[:],
            self.left,
            self.trump,
            self.rule,
            table,
        )


def _suit_index(tdeck: TrickDeck, view: View, suit_id: str) -> int:
    from ..registry import load_game

    suits = load_game(view.game).deck(view.variant).suits
    return [s.id for s in suits].index(suit_id)


# ------------------------------------------------------------------ the tree
class Node:
    """A node of the tree: the card (a position) chosen into it by ``seat``, its children by
    position (``tried``: their mask), its visits, reward and availability (how often its card was
    legal when its parent was visited)."""

    __slots__ = ("avail", "children", "mean", "reward", "seat", "spread", "tried", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the card leading here
        self.children: dict[int, Node] = {}
        self.tried = 0
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        # Kept as visits come, for the selection's sake: reward / visits, and UCB_C ** 2 / visits.
        self.mean = 0.0
        self.spread = 0.0


# log(n) for the availabilities the selection meets (grown as a search runs long).
_LOG: list[float] = [0.0]


def _logs(upto: int) -> list[float]:
    """:data:`_LOG` holding ``log(n)`` for every ``n`` below ``upto`` at least."""
    have = len(_LOG)
    if have < upto:
        _LOG.extend(math.log(n) for n in range(max(1, have), max(upto, 2 * have)))
    return _LOG


def search(
    make_world: Callable[[random.Random], MaskKernel],
    goal: Goal,
    rng: random.Random,
    budget_s: float,
    max_iterations: int = 1_000_000,
    gaps: list[float] | None = None,
) -> tuple[dict[int, tuple[int, float]], int]:
    """ISMCTS from the seat's information set: per card at the root its visits and mean utility,
    and the iterations run. ``make_world(rng)`` deals a world (it may refill the same kernel).

    The clock is read after every iteration, and the search stops while the longest gap between
    two readings so far (an iteration, or the process waiting for a core on a busy machine) would
    still end within ``budget_s``, keeping back at most :data:`GAP_SHARE` of it for that gap (on a
    busy machine a longer wait may still overrun: searching a fraction of the budget would weaken
    ``hard``, measured). ``gaps``, when given, starts as that longest gap (``gaps[0]``, what
    earlier searches met) and gets this search's."""
    root = Node(-1)
    values = Values(goal)
    last = time.perf_counter()
    deadline = last + budget_s
    worst = gaps[0] if gaps else 0.0
    most = budget_s * GAP_SHARE
    clock = time.perf_counter
    sqrt = math.sqrt
    c2 = UCB_C * UCB_C
    random_ = rng.random
    iterations = 0
    md = None
    logs = _logs(1024)
    while iterations < max_iterations:
        if iterations:
            now = clock()
            if now - last > worst:
                worst = now - last
            last = now
            if now + (worst if worst < most else most) >= deadline:
                break
        iterations += 1
        if iterations >= len(logs):  # a node is available at most once an iteration
            logs = _logs(iterations + 1)
        world = make_world(rng)
        md = world.md
        node = root
        path = []
        while world.left > 0:
            legal = world.legal_mask()
            children = node.children
            tried = node.tried
            untried = legal & ~tried
            # The children legal in this world (every legal card, once none is untried), low bit
            # first: a follower's few legal cards, not every card it was ever dealt in the tree.
            m = legal & tried
            if untried:
                while m:
                    low = m & -m
                    m ^= low
                    children[low.bit_length() - 1].avail += 1
                count = untried.bit_count()
                pos = nth_bit(untried, int(random_() * count)) if count > 1 else untried.bit_length() - 1
                child = children[pos] = Node(world.seat())
                child.avail = 1
                node.tried = tried | 1 << pos
                world.play(pos)
                path.append(child)
                break
            best_pos, best_score = -1, -1.0
            while m:
                low = m & -m
                m ^= low
                pos = low.bit_length() - 1
                ch = children[pos]
                avail = ch.avail = ch.avail + 1
                score = ch.mean + sqrt(logs[avail] * ch.spread)  # reward/visits + C*sqrt(log(avail)/visits)
                if score > best_score:
                    best_pos, best_score = pos, score
            node = children[best_pos]
            world.play(best_pos)
            path.append(node)
        result = rollout(world, goal, values, rng) if world.left > 0 else values.of(world)
        for n in path:
            visits = n.visits = n.visits + 1
            reward = n.reward = n.reward + result[n.seat]
            n.mean = reward / visits
            n.spread = c2 / visits
    if gaps is not None:
        gaps[:] = [worst]
    cards = md.card if md is not None else []
    stats = {cards[pos]: (child.visits, child.reward / max(1, child.visits)) for pos, child in root.children.items()}
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
        self._gaps = [0.0]  # the longest wait between two search iterations lately (seconds)

    def goal(self, view: View) -> Goal:  # pragma: no cover - per game
        raise NotImplementedError

    def observe(self, events: list[Event]) -> None:
        for event in events:
            data = event.data
            if event.kind == "deal":
                self._deal = int(data.get("deal", self._deal))
            elif (
                event.kind == "move"
                and data.get("target") == "discards"
                and data.get("source") == f"exchange/{self.seat}"
                and data.get("card")
            ):
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
        if len(view.legal) == 1 or len(plays) != len(view.legal) or TrickFacts.of(view).phase != "play":
            return super().choose(view)
        know = self.knowledge(view)
        goal = self.goal(view)
        anchor = super().choose(view)  # normal's card: kept unless the search finds better
        # The whole decision stays within the budget: reading the view counts, a margin is kept for
        # the answer, and the search stops while the longest gap it met between two iterations (a
        # busy machine's waits, remembered from the last decisions, fading) would still fit.
        whole = self.budget_ms / 1000.0
        budget = whole - max(whole * MARGIN, min(MARGIN_FLOOR, whole * MARGIN_MOST)) - (time.perf_counter() - start)
        gaps = self._gaps
        gaps[0] *= GAP_FADE
        if budget <= gaps[0]:  # no time to search: normal's card
            self.last_iterations = 0
            return anchor
        stats, self.last_iterations = search(know.mask_world, goal, self.rng, budget, self.max_iterations, gaps)
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
