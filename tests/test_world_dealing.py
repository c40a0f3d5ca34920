"""Worlds dealt when hidden hands have shown voids (rules/bots/ismcts.py ``Knowledge``): dealt card
by card when a plain shuffle misses, they still fit every void and every hand's room, and each
card lands in each hand about as often as rejection sampling (exactly uniform) puts it there. On
the Oh Hell example, mid-deal positions reached by ``normal``s."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from conftest import plugin_fixture

import rules
from rules.bots import make_bot

ohhell = plugin_fixture("ohhell", "cardtable-ohhell", "cardtable_ohhell")


def knowledge_with_voids(count: int) -> list[Any]:
    """The hard bot's knowledge at ``count`` card choices where some hidden hand has shown a void."""
    out = []
    for seed in range(40):
        state = rules.load_game("ohhell").new_match(3, seed=seed, settings={"max_cards": 13, "sequence": "fixed"})
        bots = [make_bot("ohhell", "normal", s, seed) for s in range(3)]
        while state.deal_no == 1 and len(out) < count:
            seat = state.current_player
            view = state.view(seat)
            if view.public.get("phase") == "play" and len(view.legal) > 1:
                know = make_bot("ohhell", "hard", seat, seed).knowledge(view)
                if know._any_void and len(know._split()[0]) >= 3:
                    out.append(know)
                    break  # one a deal: different deals
            state.apply(bots[seat].choose(view))
        if len(out) >= count:
            break
    return out


def test_a_deal_card_by_card_fits_the_voids_and_the_rooms(ohhell: object) -> None:
    knows = knowledge_with_voids(12)
    assert len(knows) >= 8
    rng = random.Random(2)
    dealt = 0
    for know in knows:
        for _ in range(40):
            hands = know._deal_by_room(rng)
            if hands is None:
                continue
            dealt += 1
            held = 0
            for i, hand in enumerate(hands):
                assert not held & hand  # no card twice
                held |= hand
                if know.hands[i] is None:
                    assert not hand & know._void_masks[i]
            for i, room in know._rooms:
                assert (hands[i] & ~know._base[i]).bit_count() == room
            assert hands[know.order.index(know.seat)] == know._base[know.order.index(know.seat)]
    assert dealt >= 300  # dead ends are rare


def test_a_deal_card_by_card_puts_each_card_where_a_uniform_deal_would(ohhell: object) -> None:
    """Per hidden hand and card, how often the card is in the hand: within 0.05 of rejection
    sampling's (plain shuffles kept only when they fit the voids), 4,000 deals each way."""
    know = knowledge_with_voids(1)[0]
    rng = random.Random(9)
    bit = know.md.bit
    uniform: Counter[tuple[int, int]] = Counter()
    kept = 0
    pool = know._pool[:]
    while kept < 4000:
        rng.shuffle(pool)
        at, hands = 0, {}
        for i, room in know._rooms:
            hands[i] = sum(bit[p] for p in pool[at : at + room])
            at += room
        if any(hands[i] & know._void_masks[i] for i in hands):
            continue
        kept += 1
        for i, mask in hands.items():
            for p in pool:
                if mask & bit[p]:
                    uniform[i, p] += 1
    by_room: Counter[tuple[int, int]] = Counter()
    made = 0
    while made < 4000:
        dealt = know._deal_by_room(rng)
        if dealt is None:
            continue
        made += 1
        for i, _room in know._rooms:
            for p in pool:
                if dealt[i] & ~know._base[i] & bit[p]:
                    by_room[i, p] += 1
    cells = [(i, p) for i, _room in know._rooms for p in pool]
    assert max(abs(uniform[c] - by_room[c]) / 4000 for c in cells) < 0.05
