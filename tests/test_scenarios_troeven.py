"""3-Player Troeven scenarios, both versions: a position, then the move a sensible player must
(or must not) make, and the hint's reason for it. Positions are built with the helpers of
tests/test_bots_troeven.py: seat 0 deals, seat 1 calls trump and leads, seat 2 is the dealer's
partner; with a dummy the first trick goes caller, partner, dummy, dealer; in the thirty-card
version every player is alone and play goes 1, 2, 0. Card points: A 4, K 3, Q 2, J 1.

Each is asked of ``normal`` and of ``hard`` (a fixed seed and 700 search iterations) where both
should pass; a position only ``normal`` is held to says why.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_bots_troeven import dummy_deal, position, thirty_deal

import rules
from rules.bots import Advice, make_bot
from rules.bots.ismcts import TrickHardBot

BOTH = pytest.mark.parametrize("level", ["normal", "hard"])
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def advise(level: str, state: rules.State) -> Advice:
    seat = state.current_player
    bot: Any = make_bot("troeven", level, seat, seed=13)
    if isinstance(bot, TrickHardBot):
        bot.budget_ms = 60_000.0  # the iterations decide, not the clock: one answer per position
        bot.max_iterations = 700
    advice = bot.advise(state.view(seat))
    assert advice.action in state.view(seat).legal and advice.reason
    return advice


def points(action: str) -> int:
    return POINTS.get(action.split()[1][:-1], 0)


# ------------------------------------------------------------ with a dummy
@BOTH
def test_do_not_trump_a_trick_your_partner_is_winning(level: str) -> None:
    """Spades trump. The partner's ace of hearts holds the trick; the dealer, last, holds the 7 of
    hearts and the king of spades: a trump would only take the trick from the partner."""
    layout = dummy_deal(
        dealer=["7H", "KS", "9S", "8C", "9C", "10C", "9D", "8D"],
        caller=["8H"],
        partner=["AH"],
        up=["9H"],
        void={"up": "S"},
    )
    state = position("dummy", layout, "spades", ["8H", "AH", "9H"])
    advice = advise(level, state)
    assert advice.action == "play 7H"
    assert advice.reason.startswith("lets your partner's Ace win")


@BOTH
def test_last_and_void_trump_a_trick_worth_points(level: str) -> None:
    """The caller's king and the dummy's queen (5 points) lie in a hearts trick; the dealer, void
    in hearts, takes it with the lowest trump."""
    layout = dummy_deal(
        dealer=["8S", "9S", "8C", "9C", "10C", "9D", "8D", "7D"],
        caller=["KH"],
        partner=["7H"],
        up=["QH"],
        void={"hand/0": "H"},
    )
    state = position("dummy", layout, "spades", ["KH", "7H", "QH"])
    advice = advise(level, state)
    assert advice.action == "play 8S"
    assert "the lowest trump that wins" in advice.reason and "5 points in the trick" in advice.reason


@BOTH
def test_the_dummy_smears_points_onto_the_callers_master_trump(level: str) -> None:
    """The caller led the ace of trumps; the dummy, void in spades, adds its king of hearts: the
    trick is the caller's side's whatever the dealer plays."""
    layout = dummy_deal(caller=["AS"], partner=["7S"], up=["KH", "9D", "8C", "10H"], void={"up": "S"})
    state = position("dummy", layout, "spades", ["AS", "7S"])
    advice = advise(level, state)
    assert advice.action == "play KH"
    assert advice.reason == "lets your own Ace of trumps win and adds 3 points with the King"


def test_second_hand_gives_no_points_under_the_callers_ace():
    """The caller leads the ace of hearts; the partner follows with the 8, not the king. (``hard`` at
    700 iterations gives the king here, three points a careful player keeps.)"""
    layout = dummy_deal(caller=["AH"], partner=["KH", "8H", "QD", "9C"])
    state = position("dummy", layout, "spades", ["AH"])
    advice = advise("normal", state)
    assert advice.action == "play 8H"
    assert advice.reason.startswith("nothing of yours beats the Ace")


# ------------------------------------------------------------------ thirty
@BOTH
def test_thirty_win_the_trick_cheaply(level: str) -> None:
    """Nothing but the 8 and 7 of hearts in the trick: the dealer wins it with the 9, not the ace."""
    layout = thirty_deal(
        dealer=["AH", "9H", "8C", "9C", "10C", "9D", "8D", "7D", "JD", "QD"], caller=["8H"], partner=["7H"]
    )
    state = position("thirty", layout, "spades", ["8H", "7H"])
    advice = advise(level, state)
    assert advice.action == "play 9H"
    assert advice.reason == "the 9 is the cheapest card that takes the trick"


@BOTH
def test_thirty_a_trumped_trick_gets_a_card_without_points(level: str) -> None:
    """The ace of hearts was trumped by the 9 of spades; the dealer has no trump and follows with the
    10, not the king."""
    layout = thirty_deal(
        dealer=["KH", "10H", "8C", "9C", "10C", "9D", "8D", "7D", "JD", "QD"],
        caller=["AH", "QH", "JH", "9H", "8H", "7H", "AS", "KS", "QS", "JS"],
        partner=["9S"],
    )
    state = position("thirty", layout, "spades", ["AH", "9S"])
    advice = advise(level, state)
    assert advice.action == "play 10H"
    assert points(advice.action) == 0


@BOTH
def test_thirty_second_hand_keeps_its_ace_while_others_still_play(level: str) -> None:
    """The king of diamonds is led; one still plays after Cleo and may trump (trumping is allowed
    even when able to follow): she follows low and keeps the ace."""
    layout = thirty_deal(caller=["KD"], partner=["AD", "8D", "7D"])
    state = position("thirty", layout, "spades", ["KD"])
    advice = advise(level, state)
    assert advice.action == "play 7D"
    assert advice.reason.startswith("does not spend the Ace of Diamonds yet")


@BOTH
def test_thirty_the_caller_names_the_suit_it_holds_most_of(level: str) -> None:
    layout = thirty_deal(caller=["AC", "KC", "10C", "8D", "9H"])
    state = position("thirty", layout, None)
    advice = advise(level, state)
    assert advice.action == "trump clubs"
    assert advice.reason == "Clubs are your longest, strongest suit (3 cards, 2 of them high)"
