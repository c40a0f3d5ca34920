"""Tribello scenarios: a position, then the move a sensible player must (or must not) make, and
the hint's reason for it. One readable position each, built with the helpers of
tests/test_bots_tribello.py (seat 0 deals and leads; play goes 0, 1, 2; every seat keeps its hand).

Each is asked of ``normal`` and of ``hard`` (a fixed seed and 700 search iterations, so one answer
per position) where both should pass; a position only ``normal`` is held to says why.
"""

from __future__ import annotations

import pytest
from test_bots_tribello import CUT, NULLO, bot, deal, position

import rules
from rules.bots import Advice

BOTH = pytest.mark.parametrize("level", ["normal", "hard"])


def advise(level: str, state: rules.State) -> Advice:
    seat = state.current_player
    advice = bot(level, seat).advise(state.view(seat))
    assert advice.action in state.view(seat).legal and advice.reason
    return advice


# ---------------------------------------------------------------- following
@BOTH
def test_do_not_throw_your_king_under_the_ace(level: str) -> None:
    """The ace of spades is led: the king cannot win it, so follow with the 3 and keep the king."""
    state = position(deal([["AS"], ["KS", "3S"]]), ["AS"])
    advice = advise(level, state)
    assert advice.action == "play 3S"
    assert advice.reason.startswith("nothing of yours beats the Ace")


@BOTH
def test_win_the_trick_cheaply_when_last(level: str) -> None:
    """The 5 and the king of clubs are out; last to play with the ace and the 2: the ace takes it."""
    state = position(deal([["5C"], ["KC"], ["AC", "2C"]]), ["5C", "KC"])
    advice = advise(level, state)
    assert advice.action == "play AC"
    assert advice.reason == "the Ace is the cheapest card that takes the trick"


@BOTH
def test_a_lost_trick_gets_your_lowest_card_not_an_honour(level: str) -> None:
    state = position(deal([["AH"], ["KH"], ["QH", "2H", "JH"]]), ["AH", "KH"])
    advice = advise(level, state)
    assert advice.action == "play 2H"
    assert "cheapest card" in advice.reason


@BOTH
def test_void_and_last_overtrump_with_the_lowest_trump_that_wins(level: str) -> None:
    """Spades are trump (the 4 was cut). Basil ruffed the ace of diamonds with the 2; Cleo, void in
    diamonds, overtrumps with the 5, not the 9."""
    state = position(
        deal([["AD"], ["2S"], ["5S", "9S", "2C", "3C"]], void={1: "D", 2: "D"}, last="4S"), ["AD", "2S"], deal_no=CUT
    )
    advice = advise(level, state)
    assert advice.action == "play 5S"
    assert advice.reason == "no Diamonds to follow: the 5 of trumps takes the trick, the lowest trump that wins"


@BOTH
def test_do_not_waste_a_trump_on_a_trick_ruffed_by_the_ace(level: str) -> None:
    """Basil ruffed with the ace of trumps: no trump of Cleo's wins, so she keeps them."""
    state = position(
        deal([["AD"], ["AS"], ["3S", "2C", "KC", "3C"]], void={1: "D", 2: "D"}, last="4S"), ["AD", "AS"], deal_no=CUT
    )
    advice = advise(level, state)
    assert advice.action == "play 2C"
    assert advice.reason.startswith("no Diamonds to follow, and your trumps stay for later")


@BOTH
def test_void_in_no_trump_throws_a_low_card_and_keeps_the_long_suits_honours(level: str) -> None:
    state = position(deal([["AD"], ["2D"], ["AS", "KS", "QS", "JS", "10S", "2H"]], void={2: "D"}), ["AD", "2D"])
    thrown = advise(level, state).action.split()[1]
    assert thrown not in ("AS", "KS", "QS", "JS", "10S")
    assert thrown[:-1] in ("2", "3", "4")


# ------------------------------------------------------------------- leading
@BOTH
def test_lead_the_master_ace_in_no_trump(level: str) -> None:
    hand = ["AH", "2H", "3H", "4S", "5S", "6S", "7S", "8D", "9D", "10D", "2C", "3C", "4C"]
    advice = advise(level, position(deal([hand])))
    assert advice.action == "play AH"
    assert advice.reason == "the highest Hearts still out: it should take the trick"


def test_long_in_trumps_with_the_ace_draw_trumps():
    """Six trumps headed by the ace: lead it and pull the others' trumps. (``hard`` at 700
    iterations prefers a low diamond here, which a seasoned player would not.)"""
    hand = ["AS", "KS", "QS", "9S", "7S", "2H", "3H", "4D", "5D", "6D", "2C", "3C"]
    advice = advise("normal", position(deal([hand], last="4S"), deal_no=CUT))
    assert advice.action == "play AS"
    assert advice.reason.startswith("draws trumps")


# --------------------------------------------------------------------- nullo
@BOTH
def test_nullo_duck_under_the_ten_with_the_nine_not_the_two(level: str) -> None:
    """Taking tricks costs: duck, and duck with the highest card that still loses."""
    state = position(deal([["10H"], ["4H"], ["9H", "2H", "QH"]]), ["10H", "4H"], deal_no=NULLO)
    advice = advise(level, state)
    assert advice.action == "play 9H"
    assert advice.reason.startswith("the 9 is the highest card that still loses to the 10")


@BOTH
def test_nullo_when_you_cannot_duck_play_low_so_a_later_hand_may_go_over(level: str) -> None:
    state = position(deal([["2H"], ["3H", "KH", "QH"]]), ["2H"], deal_no=NULLO)
    advice = advise(level, state)
    assert advice.action == "play 3H"
    assert advice.reason.startswith("every card of yours beats")
