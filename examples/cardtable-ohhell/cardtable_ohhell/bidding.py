"""Oh Hell's bid: the tricks a hand should take, counted from its cards and the trump.

Each card of the hand gets its chance to take a trick on its own (:meth:`Reading.chance`: no
higher card of its suit with the two opponents, and a side card not ruffed; a king under one's
own ace counts as the suit's second round). Those chances are summed in kinds, and the kinds
weighed by how many tricks such hands really took in play, by hand size
(:data:`WEIGHTS`, fitted by least squares on self-play deals with ``fit_bids.py`` beside this
package):

- ``sure``: the cards all but certain to take a trick (a master trump, an ace of a short suit);
- ``trumps``: the chances of the other trumps;
- ``sides``: the chances of the other side cards (aces of long suits, guarded kings...);
- ``ruffs``: spare trumps (those not likely winners themselves) against void or short side
  suits, each pair a likely ruff;
- ``length``: trumps beyond three, which win late when the others' trumps are gone;
- ``lead``: 1 when this seat leads the first trick;
- ``bid``: the bids already made above the bidders' fair share (others' strength is our loss).

The count also names the cards behind it, for the hint's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .bots import Reading

FEATURES = ("one", "sure", "trumps", "sides", "ruffs", "length", "lead", "bid")
SURE = 0.9  # a card this likely to hold is a sure trick in the reason
LIKELY = 0.5

# Weights by the largest hand size of a band (bands ending at 1, 2, 4, 7, 11, 17), in FEATURES
# order: ``python examples/cardtable-ohhell/fit_bids.py --deals 2500`` (3 players, seed 7). With
# them three ``normal``s make 43.8 % of their bids on deals of 1 to 17 cards (35.6 % before).
WEIGHTS: dict[int, tuple[float, ...]] = {
    1: (-0.19, 1.10, 1.12, 0.66, 0.00, 0.00, 0.16, -0.11),
    2: (-0.21, 1.39, 1.51, 0.85, 0.22, 0.00, -0.03, -0.20),
    4: (-0.35, 1.47, 1.49, 1.23, 0.39, -0.09, -0.02, -0.32),
    7: (-0.15, 1.18, 1.31, 1.25, 0.46, 0.42, -0.03, -0.39),
    11: (0.57, 0.83, 1.23, 1.04, 0.30, 0.83, 0.47, -0.31),
    17: (1.25, 0.75, 2.24, 1.17, -0.24, 0.89, 0.79, -0.18),
}


def weights_for(size: int) -> tuple[float, ...]:
    band = min((top for top in WEIGHTS if top >= size), default=max(WEIGHTS))
    return WEIGHTS[band]


@dataclass
class HandCount:
    """What a hand should take: the kinds of strength summed, the cards behind them, the estimate."""

    values: dict[str, float]
    sure: list[str] = field(default_factory=list)  # cards all but certain to take a trick
    likely: list[str] = field(default_factory=list)  # cards more likely than not
    ruffs: int = 0
    estimate: float = 0.0


def count_hand(
    reading: Reading, seat: int, bids: list[int | None], weights: tuple[float, ...] | None = None
) -> HandCount:
    """The hand's count from ``reading`` (this seat's view at its bid) and the bids already made."""
    facts = reading.facts
    mine = reading.mine
    size = len(mine)
    others = [s for s in reading.places if s != seat]
    trump = reading.trump
    values = dict.fromkeys(FEATURES, 0.0)
    values["one"] = 1.0
    count = HandCount(values)
    chances = {}
    for card in mine:
        suit = facts.suit[card]
        depth = sum(1 for c in mine if facts.suit[c] == suit and facts.strength[c] > facts.strength[card])
        p = reading.chance(card, None, others, depth)
        chances[card] = p
        if p >= SURE:
            count.sure.append(card)
            values["sure"] += 1.0
            continue
        values["trumps" if suit == trump else "sides"] += p
        if p >= LIKELY:
            count.likely.append(card)
    if trump is not None:
        trumps = [c for c in mine if facts.suit[c] == trump]
        spare = sum(1 for c in trumps if chances[c] < LIKELY)
        short = sum(
            max(0, 2 - sum(1 for c in mine if facts.suit[c] == s)) for s in range(len(facts.suit_ids)) if s != trump
        )
        count.ruffs = min(spare, short)
        values["ruffs"] = float(count.ruffs)
        values["length"] = float(max(0, len(trumps) - 3))
    values["lead"] = 1.0 if reading.places[0] == seat else 0.0
    made = [b for b in bids if b is not None]
    values["bid"] = sum(made) - len(made) * size / reading.players
    w = weights if weights is not None else weights_for(size)
    count.estimate = max(0.0, min(float(size), sum(wi * values[f] for wi, f in zip(w, FEATURES, strict=True))))
    return count


def nearest_bid(estimate: float, allowed: list[int]) -> int:
    """The allowed bid nearest ``estimate`` (a tie: the lower, a miss by taking too few is likelier
    to be mended by a trick someone else gives away)."""
    return min(allowed, key=lambda b: (abs(b - estimate), b))
