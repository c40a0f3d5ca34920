"""Trio scenarios: a position, then the reveal (or swap) a sensible player makes, and the hint's
reason for it. Positions are hand-written deals replayed with the helpers of
tests/test_trio_rules.py: three players unless said, seat 0 plays first, hands sorted low to
high, ``middle`` the middle's cards in place order. Every one is asked of ``normal`` and ``hard``
(fixed seeds: each samples the same deals every run).
"""

from __future__ import annotations

import pytest
from test_trio_rules import play

import rules
from rules.bots import Advice, make_bot

BOTH = pytest.mark.parametrize("level", ["normal", "hard"])
# Seat 1 looked at middle/0 (a 1) and middle/2 (a 3), seat 2 at middle/3 and middle/4, before
# seat 0's turn comes round again.
MIDDLE = "1 2 3 6 7 7 9 10 11"
LOOKED = [
    [0, "reveal middle/5"],
    [0, "reveal middle/6"],
    [1, "reveal middle/0"],
    [1, "reveal middle/2"],
    [2, "reveal middle/3"],
    [2, "reveal middle/4"],
]


def advise(level: str, state: rules.State) -> Advice:
    """The bot's advice from the view and seed only: ``hard``'s worlds are not cut short by the
    clock (its budget runs out on a busy machine, fewer worlds are weighed and the move changes)."""
    seat = state.current_player
    bot = make_bot("trio", level, seat, seed=3)
    if getattr(bot, "budget_ms", None) is not None:
        bot.budget_ms = None  # every sample weighed, as cardtable-sim without --budget-ms
    advice = bot.advise(state.view(seat))
    assert advice.action in state.view(seat).legal and advice.reason
    return advice


@BOTH
def test_take_the_7s_trio_when_all_three_are_reachable(level: str) -> None:
    """Your three lowest cards are the 7s (every other card is higher): the trio of 7s wins."""
    state = play(["7 7 7 9 10 11 12 12 12", "1 1 2 2 3 3 4 4 5", "1 2 3 4 5 5 6 6 6"], middle="8 8 8 9 9 10 10 11 11")
    advice = advise(level, state)
    assert advice.action == "reveal low 0"
    assert advice.reason.endswith("and a trio of them wins")


@BOTH
def test_after_showing_your_lowest_4_show_the_next_4_you_hold(level: str) -> None:
    state = play(
        ["4 4 4 5 6 8 9 10 12", "1 2 3 5 6 8 9 11 12", "1 2 3 5 7 8 10 11 12"],
        [[0, "reveal low 0"]],
        middle="1 2 3 6 7 7 9 10 11",
    )
    advice = advise(level, state)
    assert advice.action == "reveal low 0"
    assert advice.reason == "your own card there is a 4: about 100% to get two more 4s"


@BOTH
def test_remember_where_a_1_was_seen_and_start_there(level: str) -> None:
    """Seat 1 turned up a 1 at middle/0 last round; you hold the other two 1s."""
    state = play(["1 1 4 5 6 8 9 10 12", "2 3 4 5 6 8 9 11 12", "2 3 4 5 7 8 10 11 12"], LOOKED, middle=MIDDLE)
    advice = advise(level, state)
    assert advice.action in ("reveal middle/0", "reveal low 0")
    assert "you know is there" in advice.reason


@BOTH
def test_two_1s_shown_complete_the_trio_where_the_third_was_seen(level: str) -> None:
    state = play(
        ["1 1 4 5 6 8 9 10 12", "2 3 4 5 6 8 9 11 12", "2 3 4 5 7 8 10 11 12"],
        [*LOOKED, [0, "reveal low 0"], [0, "reveal low 0"]],
        middle=MIDDLE,
    )
    advice = advise(level, state)
    assert advice.action == "reveal middle/0"
    assert advice.reason == "the card seen there is a 1: it completes the trio"


@BOTH
def test_do_not_look_for_an_11_at_your_own_hands_ends(level: str) -> None:
    """An 11 came up in the middle; your hand runs from 2 to 12: neither end can be an 11."""
    state = play(
        ["2 3 4 5 6 8 9 10 12", "1 2 3 5 6 8 9 11 12", "1 2 3 5 7 8 10 11 12"],
        [[0, "reveal middle/0"]],
        middle="11 1 4 6 7 7 9 10 4",
    )
    advice = advise(level, state)
    assert advice.action not in ("reveal low 0", "reveal high 0")
    assert "11" in advice.reason


@BOTH
def test_remember_the_12_seen_at_another_hands_top(level: str) -> None:
    """Last turn seat 2 turned up seat 1's highest card, a 12; you hold the other two 12s on top."""
    looked = [
        [0, "reveal middle/0"],
        [0, "reveal middle/1"],
        [1, "reveal middle/2"],
        [1, "reveal middle/3"],
        [2, "reveal high 1"],
        [2, "reveal middle/4"],
    ]
    state = play(
        ["1 2 3 5 6 8 9 12 12", "2 3 4 5 6 8 9 11 12", "1 2 3 5 7 8 10 11 11"], looked, middle="1 4 10 6 7 7 9 10 4"
    )
    assert advise(level, state).action == "reveal high 0"
    state.apply("reveal high 0")
    state.apply("reveal high 0")
    advice = advise(level, state)
    assert advice.action == "reveal high 1"
    assert advice.reason == "the card seen there is a 12: it completes the trio"


@BOTH
def test_spicy_go_for_the_trio_connected_to_yours(level: str) -> None:
    """Spicy: you hold the 2s; your 5s (2 + 5 = 7) win, your 1s would not."""
    state = play(
        ["1 1 1 5 5 5", "3 3 4 4 6 6 8 8 9", "9 9 10 10 11 11 12 12 12"],
        variant="spicy",
        trios={0: "2 2 2"},
        middle="3 4 6 7 7 7 8 10 11",
    )
    advice = advise(level, state)
    assert advice.action == "reveal high 0"
    assert advice.reason.endswith("and a trio of them wins")


@BOTH
def test_team_swap_offers_the_lone_card_and_keeps_the_pairs(level: str) -> None:
    state = play(
        ["1 1 2 2 3 3 4 4 5", "1 2 3 4 5 5 6 6 6", "7 7 8 8 9 9 10 10 11", "7 8 9 10 11 11 12 12 12"],
        variant="team-simple",
    )
    advice = advise(level, state)
    assert advice.action == "swap 5"
    assert advice.reason == "offers your lone 5 and keeps your pairs"
