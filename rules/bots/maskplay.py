"""The card play on bitmasks: what ``hard``'s search plays tens of thousands of times a second.

A hand is one int, a bit per card. Bits are laid out suit by suit, each suit low to high in the
game's rank order (:class:`MaskDeck`), so "the cards of the led suit" is ``hand & suit_mask[led]``,
the lowest of a suit is its lowest bit and the highest its ``bit_length() - 1``. A *position*
(``pos``) is a bit's index; ``MaskDeck.card[pos]`` is the engine's card and ``MaskDeck.pos[card]``
the way back.

:class:`MaskKernel` is :class:`rules.tricks.PlayKernel` on masks (the same rules: following,
trumps, the winner, card points, the dummy's columns), keeping the winning card of the trick as
it goes. :func:`rollout` plays a deal out with ``normal``'s rules of thumb read off the masks and
solves the last tricks exactly; nothing in it allocates but the trick's short list.
"""

from __future__ import annotations

import random
from math import floor
from typing import TYPE_CHECKING, Any

from ..tricks import FOLLOW_OR_TRUMP, PlayKernel, TrickDeck, TrickKernel, playable

if TYPE_CHECKING:
    from .ismcts import Goal

ENDGAME_TRICKS = 2  # tricks left when a rollout is solved exactly instead of played out
EPSILON = 0.1  # share of random moves in the rollout policy


class MaskDeck:
    """A :class:`TrickDeck` as bit positions: per position its card, suit, strength and points."""

    __slots__ = (
        "above",
        "below",
        "bit",
        "card",
        "has_points",
        "points",
        "pos",
        "strength",
        "suit",
        "suit_mask",
        "suits",
    )

    def __init__(self, tdeck: TrickDeck) -> None:
        cards = sorted(range(len(tdeck.suit_of)), key=lambda c: (tdeck.suit_of[c], tdeck.strength[c], c))
        self.card: list[int] = cards
        self.pos: list[int] = [0] * len(cards)
        for p, c in enumerate(cards):
            self.pos[c] = p
        self.bit: list[int] = [1 << p for p in range(len(cards))]
        self.suit: list[int] = [tdeck.suit_of[c] for c in cards]
        self.strength: list[int] = [tdeck.strength[c] for c in cards]
        self.points: list[int] = [tdeck.points[c] for c in cards]
        self.has_points = any(self.points)
        self.suits = max(tdeck.suits, max(self.suit, default=-1) + 1)
        self.suit_mask: list[int] = [0] * self.suits
        for p, s in enumerate(self.suit):
            self.suit_mask[s] |= 1 << p
        # Per position: the cards of its suit ranking above it, and below it.
        n = len(cards)
        self.above: list[int] = [
            sum(1 << o for o in range(n) if self.suit[o] == self.suit[p] and self.strength[o] > self.strength[p])
            for p in range(n)
        ]
        self.below: list[int] = [
            sum(1 << o for o in range(n) if self.suit[o] == self.suit[p] and self.strength[o] < self.strength[p])
            for p in range(n)
        ]

    def may(self, trump: int, rule: str) -> list[int]:
        """Per led suit, the cards a hand holding that suit may play to the trick, as a mask (a hand
        void in it may play any card): read off :func:`rules.tricks.playable`, one card a suit."""
        sm = self.suit_mask
        firsts = [low_pos(m) for m in sm if m]  # a card of each suit
        may = []
        for led in range(self.suits):
            allowed = playable(firsts, led, None if trump < 0 else trump, rule, self.suit) if sm[led] else []
            may.append(sum(sm[self.suit[p]] for p in allowed))
        return may

    def mask(self, cards: list[int]) -> int:
        """The mask of engine ``cards``."""
        bit, pos = self.bit, self.pos
        return sum(bit[pos[c]] for c in cards)

    def cards(self, mask: int) -> list[int]:
        """The engine cards of ``mask``, low bit first."""
        out = []
        card = self.card
        while mask:
            low = mask & -mask
            out.append(card[low.bit_length() - 1])
            mask ^= low
        return out


_MASK_DECKS: dict[int, tuple[TrickDeck, MaskDeck]] = {}


def mask_deck(tdeck: TrickDeck) -> MaskDeck:
    """The :class:`MaskDeck` of ``tdeck`` (cached: trick decks are built once per game and variant)."""
    kept = _MASK_DECKS.get(id(tdeck))
    if kept is None or kept[0] is not tdeck:
        kept = _MASK_DECKS[id(tdeck)] = (tdeck, MaskDeck(tdeck))
    return kept[1]


def low_pos(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class MaskKernel(TrickKernel):
    """The tricks left in a deal on bitmasks (:class:`TrickKernel`; ``table``: the :class:`MaskDeck`).
    ``hands[i]``: place ``i``'s playable cards (the dummy's: the top card of each column); ``cols``:
    the dummy's columns as positions, bottom to top. ``best``/``best_key``: the trick's winning card
    so far (its index in play order, its :func:`rules.tricks.standing`). Its fast forms of the
    rules (the masks, the standing written out) are checked against the stated ones over every
    trick game (``tests/test_trick_kernels.py``)."""

    __slots__ = ("best", "best_key", "free", "led", "md", "may", "trump")

    def _rules(self, table: MaskDeck, trump: int | None, rule: str, trick: list[int]) -> None:
        self.md = table
        self.trump = -1 if trump is None else trump
        self.free = rule == FOLLOW_OR_TRUMP
        self.may = table.may(self.trump, rule)
        self.trick = []
        self.led = -1
        self.best = self.best_key = -1
        for p in trick:
            self._add(p)

    @classmethod
    def of(cls, kernel: PlayKernel, md: MaskDeck) -> MaskKernel:
        """The masks of a list :class:`PlayKernel` (the same deal, the same trick on the table)."""
        pos = md.pos
        hands = [md.mask(kernel.cards_of(i)) for i in range(kernel.n)]
        cols = [[pos[c] for c in col] for col in kernel.cols]
        return cls(
            hands,
            cols,
            kernel.dummy,
            kernel.actor,
            [pos[c] for c in kernel.trick],
            kernel.lead,
            kernel.won[:],
            kernel.points[:],
            kernel.left,
            kernel.trump,
            kernel.rule,
            md,
        )

    def copy(self) -> MaskKernel:
        new = object.__new__(MaskKernel)
        new.md, new.hands, new.dummy, new.actor, new.n = self.md, self.hands[:], self.dummy, self.actor, self.n
        new.cols = [c[:] for c in self.cols] if self.cols else self.cols
        new.lead, new.won, new.points, new.left = self.lead, self.won[:], self.points[:], self.left
        new.trump, new.free, new.trick, new.led = self.trump, self.free, self.trick[:], self.led
        new.best, new.best_key, new.may = self.best, self.best_key, self.may
        return new

    def legal_mask(self) -> int:
        """The cards the place to play may play, as a mask: holding the led suit, those of
        ``may[led]``, else any (:meth:`MaskDeck.may`)."""
        hand = self.hands[(self.lead + len(self.trick)) % self.n]
        led = self.led
        return hand & self.may[led] if led >= 0 and hand & self.md.suit_mask[led] else hand

    def legal(self) -> list[int]:
        """The engine cards the place to play may play (as :meth:`PlayKernel.legal`, in mask order)."""
        return self.md.cards(self.legal_mask())

    def key(self, p: int) -> int:
        """How the card at ``p`` would stand in the trick on the table (or lead it)."""
        md = self.md
        suit = md.suit[p]
        if suit == self.trump:
            return 200 + md.strength[p]
        if self.led < 0 or suit == self.led:
            return 100 + md.strength[p]
        return -1

    def _add(self, p: int) -> None:
        """``p`` joins the trick (no hand changes): the led suit and the winning card follow."""
        key = self.key(p)
        if not self.trick:
            self.led = self.md.suit[p]
        if key > self.best_key:
            self.best, self.best_key = len(self.trick), key
        self.trick.append(p)

    def play(self, p: int) -> None:
        """Play the card at position ``p`` (legal) for the place to play; gather a full trick."""
        n = self.n
        trick = self.trick
        place = (self.lead + len(trick)) % n
        md = self.md
        bit = md.bit[p]
        hands = self.hands
        if place == self.dummy:
            hand = hands[place] ^ bit
            for col in self.cols:
                if col and col[-1] == p:
                    col.pop()
                    if col:
                        hand |= md.bit[col[-1]]
                    break
            hands[place] = hand
        else:
            hands[place] ^= bit
        suit = md.suit[p]
        if not trick:
            self.led = suit
            self.best = 0
            self.best_key = (200 if suit == self.trump else 100) + md.strength[p]
        else:
            key = 200 + md.strength[p] if suit == self.trump else 100 + md.strength[p] if suit == self.led else -1
            if key > self.best_key:
                self.best, self.best_key = len(trick), key
        trick.append(p)
        if len(trick) == n:
            self._gather()

    def play_card(self, card: int) -> None:
        """Play the engine's ``card``."""
        self.play(self.md.pos[card])

    def _gather(self) -> None:
        trick = self.trick
        winner = (self.lead + self.best) % self.n
        seat = self.actor[winner]
        self.won[seat] += 1
        md = self.md
        if md.has_points:
            pts = md.points
            self.points[seat] += sum(pts[p] for p in trick)
        trick.clear()
        self.led = self.best = self.best_key = -1
        self.lead = winner
        self.left -= 1


# ------------------------------------------------------------------ rollouts
def nth_bit(mask: int, k: int) -> int:
    """The position of the ``k``-th lowest set bit of ``mask`` (0-based)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(
    k: MaskKernel,
    goal: Goal,
    rng: random.Random,
    until: int = ENDGAME_TRICKS,
    plays: int = -1,
    epsilon: float = EPSILON,
) -> None:
    """Play ``k`` on until ``until`` tricks are left with none on the table (or ``plays`` cards
    are played) by ``normal``'s rules of thumb, reading the world's hands as a player who has read
    the cards, with some randomness (``epsilon``: the share of random moves): lead a sure winner,
    else low from the longest side suit; win as cheaply as is sure to hold; never overtake a
    partner who holds the trick, but smear points onto it; when avoiding tricks, duck with the
    highest card that still loses.

    The rollouts' hot loop: :meth:`MaskKernel.play` is written out in it (the same steps), and
    ``goal.wants`` is read once per seat (and after every trick, for a goal with ``fresh``).
    """
    md = k.md
    sm, strength, suit_of, points, has_points = md.suit_mask, md.strength, md.suit, md.points, md.has_points
    suits = range(md.suits)
    n, hands, actor, dummy, free, trump, may = k.n, k.hands, k.actor, k.dummy, k.free, k.trump, k.may
    above, below = md.above, md.below
    afters = _afters(n)
    tmask = sm[trump] if trump >= 0 else 0
    plain = ~tmask  # every card but the trumps
    side_of = goal.side
    partners = len(set(side_of)) < len(side_of)  # whether any seats play together
    wants = [goal.wants(k, seat) for seat in range(len(k.won))]
    fresh = goal.fresh  # read again after every trick (a wish that changes as tricks are won)
    random_ = rng.random
    trick, lead, led, best, best_key, left = k.trick, k.lead, k.led, k.best, k.best_key, k.left
    won, tallies = k.won, k.points
    # The cards to play: until ``until`` tricks are left with none on the table (a trick begun at
    # ``until`` is finished), or ``plays`` of them.
    if left > until:
        count = (left - until) * n - len(trick)
    else:
        count = n - len(trick) if trick and left == until else 0
    if 0 <= plays < count:
        count = plays
    for _ in range(count):
        played = len(trick)
        place = (lead + played) % n
        hand = hands[place]
        legal = hand & may[led] if played and hand & sm[led] else hand
        if not legal & (legal - 1):
            p = legal.bit_length() - 1
        elif random_() < epsilon:
            m = legal
            for _ in range(floor(random_() * legal.bit_count())):
                m &= m - 1
            p = (m & -m).bit_length() - 1
        else:
            seat = actor[place]
            later = afters[played][place]  # the places after this one
            p = -1
            if not played:
                if not wants[seat]:  # the lowest card (as _lowest)
                    low_s = 1 << 30
                    for s in suits:
                        mine = legal & sm[s]
                        if mine:
                            q = (mine & -mine).bit_length() - 1
                            if strength[q] < low_s:
                                p, low_s = q, strength[q]
                else:  # a sure winner: nothing above it after, not to be trumped
                    rest = 0
                    for other in later:
                        rest |= hands[other]
                    best_v = -1
                    for s in suits:
                        mine = legal & sm[s]
                        if not mine:
                            continue
                        if s != trump and rest & tmask:  # may a later place trump it?
                            ruff = False
                            for place_after in later:
                                other = hands[place_after]
                                if other & tmask and (free or not other & sm[s]):
                                    ruff = True
                                    break
                            if ruff:
                                continue
                        while mine:
                            hi = mine.bit_length() - 1
                            if rest & above[hi]:
                                break
                            value = (points[hi] << 8) + strength[hi]
                            if value > best_v:
                                p, best_v = hi, value
                            if not has_points:
                                break
                            mine ^= 1 << hi
                    if p < 0:  # low from the longest side suit
                        pool = legal & plain or legal
                        best_v = -1
                        for s in suits:
                            mine = pool & sm[s]
                            if mine:
                                low = (mine & -mine).bit_length() - 1
                                value = (mine.bit_count() << 8) - strength[low]
                                if value > best_v:
                                    p, best_v = low, value
            else:
                q = trick[best]  # the card winning the trick so far
                if partners:
                    best_seat = actor[(lead + best) % n]
                    partner = best_seat != seat and side_of[best_seat] == side_of[seat]
                else:
                    partner = False
                # Winners: led cards above the best (while no trump is on it), trumps above any trump.
                winners = legal & above[q]
                if best_key < 200 and trump != led:
                    winners |= legal & tmask
                if (winners and wants[seat]) or partner:
                    rest = 0
                    for other in later:
                        rest |= hands[other]
                    ruff = False  # may a later place trump this trick?
                    if rest & tmask:
                        for place_after in later:
                            other = hands[place_after]
                            if other & tmask and (free or not other & sm[led]):
                                ruff = True
                                break
                    if partner and not rest & above[q] and (suit_of[q] == trump or not ruff):
                        p = _shed(legal & plain or legal, md)  # the partner holds it: points onto it
                    elif wants[seat]:
                        # The cheapest that holds the trick: a side card before a trump, the lowest first.
                        for pool in (winners & plain, winners & tmask):
                            while pool:
                                low = pool & -pool
                                q = low.bit_length() - 1
                                if not rest & above[q] and (suit_of[q] == trump or not ruff):
                                    p = q
                                    break
                                pool ^= low
                            if p >= 0:
                                break
                if p >= 0:
                    pass
                elif wants[seat]:
                    pool = legal & plain or legal
                    if not has_points:
                        if not pool & ~sm[led]:  # following suit: the lowest
                            p = (pool & -pool).bit_length() - 1
                        else:  # the lowest card (as _cheapest without points)
                            low_s = 1 << 30
                            for s in suits:
                                mine = pool & sm[s]
                                if mine:
                                    q = (mine & -mine).bit_length() - 1
                                    if strength[q] < low_s:
                                        p, low_s = q, strength[q]
                    else:
                        p = _cheapest(pool, md)
                else:
                    # Ducking: the highest card that still loses (a trump under a trump, the led
                    # suit under the best, else the highest discard); else high when last, else low.
                    pool = legal & below[q]
                    if not pool and best_key >= 200 and led != trump:
                        pool = legal & sm[led]
                    if pool:
                        p = pool.bit_length() - 1
                    else:
                        pool = legal & ~sm[led] & plain
                        if pool:
                            p = _highest(pool, md)
                        else:
                            p = _highest(legal, md) if played == n - 1 else _lowest(legal, md)
        # Play p (as MaskKernel.play).
        if place == dummy:
            hand ^= 1 << p
            for col in k.cols:
                if col and col[-1] == p:
                    col.pop()
                    if col:
                        hand |= 1 << col[-1]
                    break
            hands[place] = hand
        else:
            hands[place] = hand ^ (1 << p)
        s = suit_of[p]
        trick.append(p)
        if not played:
            led, best, best_key = s, 0, (200 if s == trump else 100) + strength[p]
            continue
        key = 200 + strength[p] if s == trump else 100 + strength[p] if s == led else -1
        if key > best_key:
            best, best_key = played, key
        if played + 1 == n:
            lead = (lead + best) % n
            winner = actor[lead]
            won[winner] += 1
            if has_points:
                tallies[winner] += sum(map(points.__getitem__, trick))
            trick.clear()
            led = best = best_key = -1
            left -= 1
            if fresh:
                wants = goal.wants_now(won, tallies, left)
    k.lead, k.led, k.best, k.best_key, k.left = lead, led, best, best_key, left


def random_playout(k: MaskKernel, rng: random.Random) -> None:
    """Play ``k`` to the end with every place playing a uniformly random legal card (as
    OpenSpiel's random roll-outs do): the k-th lowest legal card for a draw of k / count, a lone
    legal card without a draw. :meth:`MaskKernel.play` written out for the search's hottest loop:
    no trick list kept (only the winning card so far and the trick's points), the place to play
    counted on rather than worked out. A deal with a dummy goes through :func:`playout` with every
    card random."""
    if k.dummy >= 0:
        from .ismcts import Goal  # only its no-wish default is read

        playout(k, Goal(len(k.won)), rng, until=0, epsilon=1.0)
        return
    md = k.md
    sm, strength, suit_of, points, has_points = md.suit_mask, md.strength, md.suit, md.points, md.has_points
    n, hands, actor, trump, may = k.n, k.hands, k.actor, k.trump, k.may
    random_ = rng.random
    lead, led, best, best_key, left = k.lead, k.led, k.best, k.best_key, k.left
    won, tallies = k.won, k.points
    played = len(k.trick)
    pts = sum(points[p] for p in k.trick) if has_points else 0
    place = (lead + played) % n
    while left:
        hand = hands[place]
        legal = hand & may[led] if played and hand & sm[led] else hand
        if legal & (legal - 1):
            for _ in range(floor(random_() * legal.bit_count())):
                legal &= legal - 1
            legal &= -legal
        hands[place] = hand ^ legal
        p = legal.bit_length() - 1
        s = suit_of[p]
        if has_points:
            pts += points[p]
        if not played:
            led, best, best_key = s, 0, (200 if s == trump else 100) + strength[p]
        elif s == trump:
            if 200 + strength[p] > best_key:
                best, best_key = played, 200 + strength[p]
        elif s == led and 100 + strength[p] > best_key:
            best, best_key = played, 100 + strength[p]
        played += 1
        if played < n:
            place = place + 1 if place + 1 < n else 0
            continue
        lead = place = (lead + best) % n  # the trick's winner leads the next
        winner = actor[lead]
        won[winner] += 1
        if has_points:
            tallies[winner] += pts
            pts = 0
        played = 0
        led = best = best_key = -1
        left -= 1
    k.trick.clear()
    k.lead, k.led, k.best, k.best_key, k.left = lead, led, best, best_key, left


_AFTERS: dict[int, list[list[tuple[int, ...]]]] = {}


def _afters(n: int) -> list[list[tuple[int, ...]]]:
    """``_afters(n)[played][place]``: the places after ``place`` in a trick where ``played`` cards
    are down, in playing order."""
    table = _AFTERS.get(n)
    if table is None:
        table = _AFTERS[n] = [
            [tuple((place + j) % n for j in range(1, n - played)) for place in range(n)] for played in range(n)
        ]
    return table


def _lowest(mask: int, md: MaskDeck) -> int:
    """The position of the weakest card of ``mask``."""
    best_p, best_s = -1, 1 << 30
    sm, strength = md.suit_mask, md.strength
    for s in range(md.suits):
        mine = mask & sm[s]
        if mine:
            p = (mine & -mine).bit_length() - 1
            if strength[p] < best_s:
                best_p, best_s = p, strength[p]
    return best_p


def _highest(mask: int, md: MaskDeck) -> int:
    """The position of the strongest card of ``mask``."""
    best_p, best_s = -1, -1
    sm, strength = md.suit_mask, md.strength
    for s in range(md.suits):
        mine = mask & sm[s]
        if mine:
            p = mine.bit_length() - 1
            if strength[p] > best_s:
                best_p, best_s = p, strength[p]
    return best_p


def _cheapest(mask: int, md: MaskDeck) -> int:
    """The card of ``mask`` with the fewest points, the weakest first."""
    if not md.has_points:
        return _lowest(mask, md)
    best_p, best_v = -1, 1 << 30
    points, strength = md.points, md.strength
    while mask:
        low = mask & -mask
        p = low.bit_length() - 1
        value = (points[p] << 8) + strength[p]
        if value < best_v:
            best_p, best_v = p, value
        mask ^= low
    return best_p


def _shed(mask: int, md: MaskDeck) -> int:
    """The card of ``mask`` with the most points, the weakest first (onto a partner's trick)."""
    best_p, best_v = -1, -(1 << 30)
    points, strength = md.points, md.strength
    while mask:
        low = mask & -mask
        p = low.bit_length() - 1
        value = (points[p] << 8) - strength[p]
        if value > best_v:
            best_p, best_v = p, value
        mask ^= low
    return best_p


class Values:
    """A goal's utilities by the deal's tallies (``won`` and ``points`` per seat), worked out once
    per tally: a search reaches the same few endings thousands of times."""

    __slots__ = ("goal", "memo")

    def __init__(self, goal: Goal) -> None:
        self.goal = goal
        self.memo: dict[tuple[int, ...], list[float]] = {}

    def of(self, k: MaskKernel) -> list[float]:
        key = (*k.won, *k.points)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self.goal.utilities(k)
        return value

    def ending(self, k: MaskKernel, first: int, pts: int, last: int, pts2: int) -> list[float]:
        """The utilities once seat ``first`` takes the next trick with ``pts`` card points and seat
        ``last`` the one after with ``pts2`` (the endgame solvers' leaves): the tallies are moved
        for the lookup and put back."""
        won, tallies = k.won, k.points
        won[first] += 1
        won[last] += 1
        tallies[first] += pts
        tallies[last] += pts2
        key = (*won, *tallies)  # as of()
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self.goal.utilities(k)
        won[first] -= 1
        won[last] -= 1
        tallies[first] -= pts
        tallies[last] -= pts2
        return value


def solve(k: MaskKernel, values: Values) -> list[float]:
    """The utilities of best play by every seat for itself (max^n) over the tricks left."""
    if k.left == 2 and not k.trick and k.dummy < 0:
        return two_tricks(k, values)
    return every_line(k, values)


def every_line(k: MaskKernel, values: Values) -> list[float]:
    """:func:`solve` by trying every card on copies of the kernel (any position, the dummy's too)."""
    if k.left <= 0:
        return values.of(k)
    if k.left == 1 and not k.trick:  # one card each: nothing left to choose
        for _ in range(k.n):
            k.play(low_pos(k.legal_mask()))
        return values.of(k)
    seat = k.seat()
    best: list[float] | None = None
    legal = k.legal_mask()
    while legal:
        low = legal & -legal
        legal ^= low
        child = k.copy() if legal else k
        child.play(low.bit_length() - 1)
        value = every_line(child, values)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


def two_tricks(k: MaskKernel, values: Values) -> list[float]:
    """:func:`solve` for the last two tricks with none on the table and no dummy: two cards a hand,
    the first trick searched in place (no copies), the last one forced. The same answer as the
    general search (cards tried low bit first, the first best kept)."""
    if k.n == 3:
        return _two_tricks3(k, values)
    return _two_tricks_any(k, values)


def _two_tricks3(k: MaskKernel, values: Values) -> list[float]:
    """:func:`two_tricks` for three places, in nested loops (a rollout's last step: no call per
    node). Who wins each trick is all that varies, with its points: each ending's utilities are
    looked up once."""
    md = k.md
    sm, strength, suit_of, points = md.suit_mask, md.strength, md.suit, md.points
    hands, actor, lead, trump, may = k.hands, k.actor, k.lead, k.trump, k.may
    has_points = md.has_points
    endings: dict[Any, list[float]] = {}  # by who wins each trick (and its points, if cards have any)
    p1, p2 = (lead + 1) % 3, (lead + 2) % 3
    h0, h1, h2 = hands[lead], hands[p1], hands[p2]
    s0, s1, s2 = actor[lead], actor[p1], actor[p2]
    seats = (s0, s1, s2)  # by place in the trick
    best0: list[float] | None = None
    m0 = h0
    while m0:
        low0 = m0 & -m0
        m0 ^= low0
        c0 = low0.bit_length() - 1
        k0 = (h0 ^ low0).bit_length() - 1
        led = suit_of[c0]
        key0 = (200 if led == trump else 100) + strength[c0]
        follow, allowed = sm[led], may[led]  # the followers' cards: holding the led suit, those allowed
        legal1 = h1 & allowed if h1 & follow else h1
        legal2 = h2 & allowed if h2 & follow else h2
        best1: list[float] | None = None
        m1 = legal1
        while m1:
            low1 = m1 & -m1
            m1 ^= low1
            c1 = low1.bit_length() - 1
            k1 = (h1 ^ low1).bit_length() - 1
            suit = suit_of[c1]
            key1 = 200 + strength[c1] if suit == trump else 100 + strength[c1] if suit == led else -1
            b1, bk1 = (1, key1) if key1 > key0 else (0, key0)
            best2: list[float] | None = None
            m2 = legal2
            while m2:
                low2 = m2 & -m2
                m2 ^= low2
                c2 = low2.bit_length() - 1
                k2 = (h2 ^ low2).bit_length() - 1
                suit = suit_of[c2]
                key2 = 200 + strength[c2] if suit == trump else 100 + strength[c2] if suit == led else -1
                first = 2 if key2 > bk1 else b1  # the first trick's winner, by its place in this trick
                # The last trick, led by that winner with the cards each place kept (written out).
                if first == 0:
                    q, r, t = k0, k1, k2
                elif first == 1:
                    q, r, t = k1, k2, k0
                else:
                    q, r, t = k2, k0, k1
                led2 = suit_of[q]
                win2, bk = 0, (200 if led2 == trump else 100) + strength[q]
                suit = suit_of[r]
                key = 200 + strength[r] if suit == trump else 100 + strength[r] if suit == led2 else -1
                if key > bk:
                    win2, bk = 1, key
                suit = suit_of[t]
                key = 200 + strength[t] if suit == trump else 100 + strength[t] if suit == led2 else -1
                if key > bk:
                    win2 = 2
                a, b = seats[first], seats[(first + win2) % 3]
                if has_points:
                    pts, pts2 = points[c0] + points[c1] + points[c2], points[k0] + points[k1] + points[k2]
                    ending = (a, pts, b, pts2)
                else:
                    pts = pts2 = 0
                    ending = a << 8 | b
                value = endings.get(ending)
                if value is None:
                    value = endings[ending] = values.ending(k, a, pts, b, pts2)
                if best2 is None or value[s2] > best2[s2]:
                    best2 = value
            if best1 is None or best2[s1] > best1[s1]:  # type: ignore[index]
                best1 = best2
        if best0 is None or best1[s0] > best0[s0]:  # type: ignore[index]
            best0 = best1
    assert best0 is not None
    return best0


def _two_tricks_any(k: MaskKernel, values: Values) -> list[float]:
    """:func:`two_tricks` for any number of places (a node per card played)."""
    md = k.md
    sm, strength, suit_of, points = md.suit_mask, md.strength, md.suit, md.points
    n, hands, actor, lead, trump, may = k.n, k.hands, k.actor, k.lead, k.trump, k.may
    kept = [0] * n  # the card each place keeps for the last trick

    def last(best: int, pts: int) -> list[float]:
        first = (lead + best) % n
        p = kept[first]
        led = suit_of[p]
        winner, best_key, pts2 = first, (200 if led == trump else 100) + strength[p], points[p]
        for j in range(1, n):
            place = (first + j) % n
            p = kept[place]
            pts2 += points[p]
            suit = suit_of[p]
            key = 200 + strength[p] if suit == trump else 100 + strength[p] if suit == led else -1
            if key > best_key:
                winner, best_key = place, key
        return values.ending(k, actor[first], pts, actor[winner], pts2)

    def node(i: int, led: int, best: int, best_key: int, pts: int) -> list[float]:
        place = (lead + i) % n
        hand = hands[place]
        legal = hand & may[led] if i and hand & sm[led] else hand
        seat = actor[place]
        result: list[float] | None = None
        while legal:
            low = legal & -legal
            legal ^= low
            p = low.bit_length() - 1
            kept[place] = (hand ^ low).bit_length() - 1
            suit = suit_of[p]
            if not i:
                value = node(1, suit, 0, (200 if suit == trump else 100) + strength[p], points[p])
            else:
                key = 200 + strength[p] if suit == trump else 100 + strength[p] if suit == led else -1
                b, bk = (i, key) if key > best_key else (best, best_key)
                value = node(i + 1, led, b, bk, pts + points[p]) if i + 1 < n else last(b, pts + points[p])
            if result is None or value[seat] > result[seat]:
                result = value
        assert result is not None
        return result

    return node(0, -1, -1, -1, 0)


def rollout(k: MaskKernel, goal: Goal, values: Values, rng: random.Random, epsilon: float = EPSILON) -> list[float]:
    """Play ``k`` out by :func:`playout` (``epsilon``: its share of random cards), the last
    :data:`ENDGAME_TRICKS` tricks solved exactly."""
    playout(k, goal, rng, epsilon=epsilon)
    if k.left <= 0:
        return values.of(k)
    if k.left == 2 and not k.trick and k.dummy < 0 and k.n == 3:  # as solve(), one call fewer
        return _two_tricks3(k, values)
    return solve(k, values)


def random_rollout(k: MaskKernel, values: Values, rng: random.Random) -> list[float]:
    """Play ``k`` to the end by :func:`random_playout`: the utilities of where it ends."""
    random_playout(k, rng)
    return values.of(k)


def describe(k: MaskKernel) -> dict[str, Any]:  # pragma: no cover - a debugging aid
    md = k.md
    return {
        "hands": [md.cards(h) for h in k.hands],
        "trick": [md.card[p] for p in k.trick],
        "lead": k.lead,
        "won": k.won,
        "left": k.left,
    }
