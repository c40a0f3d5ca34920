"""Worlds that fit the bids: a hidden hand whose deal would take about as many tricks as its
seat bid is likelier than one that would take many more or fewer.

A bid says what a hand is worth. Its worth here is the tricks random play would take with it
(:func:`trick_odds`: how often each card takes a trick when every card is played at random, one
sum over the cards the seat was dealt), as a bid weighed by random play-outs reads a hand (the
generic ``hard``'s, OpenSpiel's ISMCTS). :class:`BidReader` weighs a dealt world by how near each
bidding hidden hand's worth is to its bid (a normal curve of width :data:`SIGMA` tricks), and
:func:`world_by_bids` deals a few worlds and keeps one of them by those weights (sampling
importance resampling): the search then plays its worlds as they are, each worth the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from math import floor
from typing import Any

from .ismcts import Knowledge
from .maskplay import MaskDeck, MaskKernel, nth_bit

SIGMA = 1.0  # how far (tricks) a bid strays from the hand's worth, as a normal curve's width
DRAWS = 4  # worlds dealt for each one kept
ODDS_CARDS = 6_000  # cards played at random to measure the cards' odds (once per deck, hand size and trump)

_ODDS: dict[tuple[Any, ...], list[float]] = {}
_FITS: dict[tuple[Any, ...], tuple[float, float]] = {}  # the same keys: a hand's tricks ~ a + b * its odds summed


def _odds_key(md: MaskDeck, players: int, hand: int, trump: int, may: list[int]) -> tuple[Any, ...]:
    return (id(md), players, hand, trump, tuple(may))


def trick_odds(md: MaskDeck, players: int, hand: int, trump: int, may: list[int]) -> list[float]:
    """Per card position, how often the card takes the trick it is played to when ``players``
    hands of ``hand`` cards are dealt at random and every card is played at random (``trump``:
    the trump suit or -1; ``may``: :meth:`MaskDeck.may`). The side suits are alike, so a card's
    odds are its rank's over every side suit. Measured once and kept."""
    key = _odds_key(md, players, hand, trump, may)
    kept = _ODDS.get(key)
    if kept is not None:
        return kept
    rng = random.Random(hand * 1009 + trump)
    sample: list[tuple[int, int]] = []  # each hand dealt and the tricks it took
    size = len(md.card)
    took = [0] * size
    played = [0] * size
    sm, strength, suit_of = md.suit_mask, md.strength, md.suit
    deck = list(range(size))
    dealt = min(size, players * hand)
    each = dealt // players
    for _ in range(min(800, max(50, ODDS_CARDS // max(1, dealt)))):
        picked = rng.sample(deck, dealt)
        hands = [sum(1 << p for p in picked[i * each : (i + 1) * each]) for i in range(players)]
        lead = rng.randrange(players)
        dealt_hands = hands[:]
        tricks = [0] * players
        for _trick in range(each):
            led = best_key = best = -1
            for j in range(players):
                place = (lead + j) % players
                held = hands[place]
                legal = held & may[led] if j and held & sm[led] else held
                p = nth_bit(legal, floor(rng.random() * legal.bit_count()))
                hands[place] = held ^ (1 << p)
                played[p] += 1
                s = suit_of[p]
                stand = 200 + strength[p] if s == trump else 100 + strength[p] if (j == 0 or s == led) else -1
                if j == 0:
                    led = s
                if stand > best_key:
                    best_key, best, winner = stand, p, place
            took[best] += 1
            tricks[winner] += 1
            lead = winner
        sample.extend(zip(dealt_hands, tricks, strict=True))
    odds = [0.0] * size
    for p in range(size):  # pooled over the side suits (and the trump suit alone)
        trumps = suit_of[p] == trump
        alike = [q for q in range(size) if strength[q] == strength[p] and (suit_of[q] == trump) == trumps]
        seen = sum(played[q] for q in alike)
        odds[p] = sum(took[q] for q in alike) / seen if seen else 0.0
    _ODDS[key] = odds
    _FITS[key] = _fit(odds, sample)
    return odds


def _fit(odds: list[float], sample: list[tuple[int, int]]) -> tuple[float, float]:
    """The least-squares line from a hand's odds summed to the tricks it took: the cards' odds are
    each card's alone, over every other hand; a hand's cards take more tricks together when it is
    strong (its opponents then hold the weak cards), fewer when it is weak."""
    xs = [sum(odds[p] for p in range(len(odds)) if mask >> p & 1) for mask, _t in sample]
    ys = [float(t) for _m, t in sample]
    if len(xs) < 2:
        return 0.0, 1.0
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx <= 1e-9:
        return 0.0, 1.0
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    return my - slope * mx, slope


def worth_fit(md: MaskDeck, players: int, hand: int, trump: int, may: list[int]) -> tuple[float, float]:
    """The line (intercept, slope) from a hand's :func:`trick_odds` summed to the tricks random
    play takes with it (measured with the odds)."""
    key = _odds_key(md, players, hand, trump, may)
    if key not in _FITS:
        trick_odds(md, players, hand, trump, may)
    return _FITS[key]


_SUMS: dict[int, tuple[list[float], list[tuple[int, int, list[float]]]]] = {}
SUM_BITS = 16  # a suit of up to this many cards gets a table of its cards' odds summed per holding


def odds_sums(md: MaskDeck, odds: list[float]) -> list[tuple[int, int, list[float]]] | None:
    """Per suit, (its lowest position, its mask shifted down, the odds summed for every holding of
    it): a hand's odds summed in one lookup a suit (None when a suit is too long for a table)."""
    kept = _SUMS.get(id(odds))
    if kept is not None and kept[0] is odds:
        return kept[1]
    tables = []
    for mask in md.suit_mask:
        if not mask:
            continue
        shift = (mask & -mask).bit_length() - 1
        width = mask.bit_count()
        if width > SUM_BITS or mask >> shift != (1 << width) - 1:
            return None
        table = [0.0] * (1 << width)
        for m in range(1, 1 << width):
            low = m & -m
            table[m] = table[m ^ low] + odds[shift + low.bit_length() - 1]
        tables.append((shift, (1 << width) - 1, table))
    _SUMS[id(odds)] = (odds, tables)
    return tables


class BidReader:
    """Weighs a world's hidden hands by their seats' bids (see the module's text)."""

    def __init__(
        self, know: Knowledge, bids: Sequence[int | None], played: Sequence[int], calibrate: bool = True
    ) -> None:
        md = know.md
        held = [know.room[i] if cards is None else len(cards) for i, cards in enumerate(know.hands)]
        self.played = list(played)  # per place, its cards played this deal (a mask)
        hand = max((held[i] + self.played[i].bit_count() for i in range(know.n)), default=0)
        trump = -1 if know.trump is None else know.trump
        may = md.may(trump, know.rule)
        self.odds = trick_odds(md, know.n, hand, trump, may)
        self.fit = worth_fit(md, know.n, hand, trump, may) if calibrate else (0.0, 1.0)
        self.sums = odds_sums(md, self.odds)
        self.readers = [
            (i, bids[know.actor[i]])
            for i in range(know.n)
            if know.hands[i] is None and know.actor[i] < len(bids) and bids[know.actor[i]] is not None
        ]

    def worth(self, mask: int) -> float:
        """The tricks random play would take with the hand ``mask``: its cards' odds summed."""
        total = 0.0
        if self.sums is not None:
            for shift, width, table in self.sums:
                total += table[mask >> shift & width]
        else:
            odds = self.odds
            while mask:
                low = mask & -mask
                total += odds[low.bit_length() - 1]
                mask ^= low
        a, b = self.fit
        return a + b * total

    def weight(self, hands: Sequence[int]) -> float:
        """How well the hidden hands (with their cards played) fit their bids, as a likelihood."""
        gap = 0.0
        for i, bid in self.readers:
            miss = self.worth(hands[i] | self.played[i]) - bid
            gap += miss * miss
        return math.exp(-gap / (2 * SIGMA * SIGMA))

    @property
    def reads(self) -> bool:
        return bool(self.readers)


def world_by_bids(know: Knowledge, rng: random.Random, reader: BidReader | None, draws: int = DRAWS) -> MaskKernel:
    """A world dealt as :meth:`Knowledge.mask_world` deals it, or (with a ``reader`` that reads a
    bid) the one of ``draws`` such worlds kept with odds by their fit to the bids. The kernel is
    the knowledge's own, refilled: copy it to keep it."""
    if reader is None or not reader.reads or know.cols:
        return know.mask_world(rng)
    best_hands: Any = None
    total = 0.0
    for _ in range(draws):
        world = know.mask_world(rng)
        w = reader.weight(world.hands)
        total += w
        if best_hands is None or rng.random() * total < w:  # one kept, with odds by weight
            best_hands = world.hands[:]
    world.hands = best_hands
    return world
