"""Outs: how likely one more card lets a Tryce hand go down, counted over imagined stock cards.

A hand *goes down* with the cards it holds when the planner's best plan completes every part the
contract still needs and what is left over is nothing (a pat hand: the whole hand is melded at
once) or one card to discard, after laying off on the table the single cards that fit there (once
the seat may lay off). The *outs* of a hand are the share of the unseen cards (the stock and the
cards hidden in the other hands, less those known to be held) that, added to it, let it go down:
sampled, the same sample for every hand compared, so that two discards are weighed on the same
imagined draws.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from .finder import Contract

if TYPE_CHECKING:
    from .bots import Table, TryceNormalBot


def goes_down(bot: TryceNormalBot, table: Table, cards: Sequence[int]) -> bool:
    """Whether ``cards`` (the hand with the turn's card) can all go down this turn at ``table``."""
    pat = table.pat
    need = table.contract if pat else table.need
    if need.parts == 0:
        plan_used, rest = 0, list(cards)
    else:
        plan = bot.plan(cards, need, pat)
        if plan.parts < need.parts:
            return False
        if pat:
            return plan.used == len(cards)
        used = plan.cards()
        plan_used, rest = plan.used, [c for c in cards if c not in used]
    if len(rest) <= 1:
        return plan_used > 0 or need.parts == 0
    if pat or not table.may_lay_off or not table.melds:
        return False
    stuck = [c for c in rest if not bot.finder.lay_offs([c], table.melds, pairs=False)]
    return len(stuck) <= 1


def outs(
    bot: TryceNormalBot,
    table: Table,
    hands: Mapping[Hashable, Sequence[int]],
    drawn: Sequence[int],
    time_up: Callable[[], bool],
) -> dict[Hashable, float]:
    """For each hand of ``hands``, the share of the cards ``drawn`` with which it goes down (every
    hand tried with each card in turn, until ``time_up``; 0 for all when no card was tried)."""
    hits = dict.fromkeys(hands, 0)
    tried = 0
    for x in drawn:
        if tried and time_up():
            break
        for key, cards in hands.items():
            if x not in cards and goes_down(bot, table, list(cards) + [x]):
                hits[key] += 1
        tried += 1
    return {key: hits[key] / tried if tried else 0.0 for key in hands}


def too_far(bot: TryceNormalBot, table: Table, cards: Sequence[int], reach: int, extra: int = 1) -> bool:
    """Whether ``cards`` are plainly more than one card from going down: with ``extra`` cards more
    (1: the turn's card to come; 0: a discard is still to be made) they are fewer than the contract
    takes, or their best plan misses more than one part, or leaves more than ``reach`` cards over
    (one more in a hand that discards)."""
    pat = table.pat
    need = table.contract if pat else table.need
    if need.parts == 0:
        return False
    least = 4 * need.words - (1 if pat else 0) + 3 * need.groups + 4 * need.runs
    if len(cards) + extra < least:
        return True
    plan = bot.plan(cards, need, pat)
    missing = Contract(
        need.groups - sum(o.kind == "group" for o in plan.melds),
        need.runs - sum(o.kind == "run" for o in plan.melds),
        need.words - sum(o.kind == "word" for o in plan.melds),
    )
    if missing.parts > 1:
        return True
    return len(cards) - plan.used - (1 - extra) > reach + (0 if pat else 1)
