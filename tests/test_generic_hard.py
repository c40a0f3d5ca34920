"""The generic ``hard`` for plugin trick games (rules/bots/generic_hard.py), on the Oh Hell example:
legal moves only over whole matches, the dealer's hook respected, reasons given, and worlds that
never put a card in a hand shown void in its suit. No strength is asserted here (bench/ measures)."""

from __future__ import annotations

import random
from typing import Any

from conftest import plugin_fixture

import rules
from rules.bots import make_bot
from rules.bots.generic_hard import GenericTrickHardBot

ohhell = plugin_fixture("ohhell", "cardtable-ohhell", "cardtable_ohhell")

SETTINGS = {"max_cards": 5}  # deals of 1..5..1 cards: whole matches stay quick


def hard(seat: int, seed: int) -> GenericTrickHardBot:
    bot = make_bot("ohhell", "hard", seat, seed)
    assert isinstance(bot, GenericTrickHardBot)
    bot.budget_ms = 60_000.0  # the iterations decide, not the clock
    bot.max_iterations = 40
    return bot


def test_oh_hell_names_the_generic_hard() -> None:
    assert isinstance(make_bot("ohhell", "hard", 0, 1), GenericTrickHardBot)


def test_hard_makes_only_legal_moves_and_respects_the_hook_over_whole_matches() -> None:
    hooked_seen = 0
    for seed in (3, 4):
        state = rules.load_game("ohhell").new_match(3, seed=seed, settings=SETTINGS)
        bots: list[Any] = [hard(0, seed), make_bot("ohhell", "normal", 1, seed), hard(2, seed + 1)]
        while not state.view(None).over:
            seat = state.current_player
            view = state.view(seat)
            text = bots[seat].choose(view)
            assert text in view.legal
            hooked = view.public.get("hooked_bid")
            if hooked is not None and isinstance(bots[seat], GenericTrickHardBot):
                hooked_seen += 1
                assert text != f"bid {hooked}"
            state.apply(text)
    assert hooked_seen > 0  # the hook came up for a hard dealer


def test_hard_gives_a_reason_for_bids_and_plays() -> None:
    state = rules.load_game("ohhell").new_match(3, seed=9, settings={"max_cards": 5, "sequence": "fixed"})
    reasons = {"bid": [], "play": []}
    normal = [make_bot("ohhell", "normal", s, 9) for s in range(3)]
    while state.deal_no == 1:
        seat = state.current_player
        view = state.view(seat)
        if len(view.legal) > 1:
            advice = hard(seat, 9).advise(view)
            assert advice.action in view.legal
            reasons[advice.action.split()[0]].append(advice.reason)
        state.apply(normal[seat].choose(view))
    assert reasons["bid"] and all(reasons["bid"])
    assert reasons["play"] and all(reasons["play"])
    assert all("deals" in why for why in reasons["bid"])


def test_a_world_never_puts_a_card_in_a_hand_shown_void_in_its_suit() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = rules.load_game("ohhell").new_match(3, seed=seed, settings={"max_cards": 8, "sequence": "fixed"})
        bots = [make_bot("ohhell", "normal", s, seed) for s in range(3)]
        while state.deal_no == 1:
            seat = state.current_player
            view = state.view(seat)
            if view.public.get("phase") == "play" and rng.random() < 0.5:
                know = hard(seat, seed).knowledge(view)
                for _ in range(20):
                    world = know.mask_world(rng)
                    for place, void in enumerate(know._void_masks):
                        if void and know.hands[place] is None:
                            checked += 1
                            assert not world.hands[place] & void
            state.apply(bots[seat].choose(view))
    assert checked > 0  # some hand had shown a void
