"""Try scenarios: a position, then the move a sensible player must (or must not) make.

Each scenario deals hand-written hands (tests/conftest.py's ``try_layout``: cards not named fill
the removed pile and the bottom of the stock), plays the scripted moves before the decision,
and asks the bot of each level whose seat is to move. Every bot watched the scripted moves as
its seat saw them. ``hard`` searches with a fixed seed and a cap on its worlds (never the clock),
so its answers are the same on every run.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import try_record

import rules
from rules.bots import Bot, make_bot

LEVELS = ["normal", "hard"]
HARD_WORLDS = 6  # worlds per hard decision in these scenarios


def table(
    level: str, hands: list[list[str]], actions: list[list[Any]], stock: list[str] = (), **kwargs: Any
) -> tuple[rules.State, list[Bot]]:
    """The deal dealt, the scripted ``actions`` applied and watched by bots of ``level``."""
    state = rules.replay(try_record(hands, [], stock, **kwargs))
    bots = [make_bot("try", level, seat, 100 + seat) for seat in range(len(hands))]
    for bot in bots:
        if level == "hard":
            bot.worlds = HARD_WORLDS
            bot.budget_ms = 60_000.0  # the cap on worlds ends the search, never the clock
    for seat, text in actions:
        assert state.current_player == seat, f"seat {state.current_player} is to move, not {seat}"
        events = state.apply(text)
        for bot in bots:
            bot.observe(rules.events_for(events, bot.seat))
    return state, bots


def move(state: rules.State, bots: list[Bot]) -> str:
    """The move the bot to act chooses (from its own view only)."""
    seat = state.current_player
    return bots[seat].choose(state.view(seat))


OTHERS = [["1F", "2F", "3F", "4F", "5F", "6F"], ["7F", "8F", "9F", "10F", "11F", "12F"]]


# ----------------------------------------------------------------------- bids
@pytest.mark.parametrize("level", LEVELS)
def test_bid_the_wild_it_scores_whatever_suit_is_tried(level):
    state, bots = table(level, [["12K", "11K", "9K", "W", "3D", "1B"], *OTHERS], [])
    assert move(state, bots) == "bid W"


@pytest.mark.parametrize("level", LEVELS)
def test_never_bid_a_high_card_of_a_suit_you_hold_alone(level):
    # A lone 11 of Drips is lost in full (-11) unless the team Tries Drips: no sensible bid.
    state, bots = table(level, [["11D", "2S", "12K", "3S", "9K", "1B"], *OTHERS], [])
    assert move(state, bots) != "bid 11D"


# ---------------------------------------------------------------- signalling
SHOWER = ["12F", "10F", "8F", "2K", "3D", "1S"]
THIRD = ["6S", "5S", "4K", "1B", "2B", "6D"]
OPENING = [[0, "bid 1S"], [1, "bid 2D"], [2, "bid 1B"], [0, "draw stock"], [0, "discard 12F"]]


@pytest.mark.parametrize("level", LEVELS)
def test_take_a_partners_shown_twelve_when_you_can_back_its_suit(level):
    backer = ["9F", "7F", "4S", "5K", "2D", "3B"]
    state, bots = table(level, [SHOWER, backer, THIRD], OPENING, ["1K", "2S"])
    assert state.view(1).zones["discard"][0] == "12F"
    assert move(state, bots) == "draw discard"


# normal's convention only: hard's play-outs find that holding the 12 for the team (Fire is
# seat 0's suit) scores more than letting it go, and it takes it.
@pytest.mark.parametrize("level", ["normal"])
def test_let_a_shown_card_go_when_you_cannot_back_its_suit(level):
    stranger = ["12K", "11K", "4S", "5D", "2D", "3B"]  # not a single Fire: taking the 12 would mislead
    state, bots = table(level, [SHOWER, stranger, THIRD], OPENING, ["1K", "2S"])
    assert move(state, bots) == "draw stock"


@pytest.mark.parametrize("level", LEVELS)
def test_show_your_top_card_first_when_you_hold_backup(level):
    state, bots = table(
        level,
        [SHOWER, ["1F", "2F", "3F", "7K", "5D", "6B"], THIRD],
        [[0, "bid 1S"], [1, "bid 1F"], [2, "bid 1B"], [0, "draw stock"]],
        ["1K", "2S"],
    )
    assert move(state, bots) == "discard 12F"


# ----------------------------------------------------------- accidental Trys
WILD_AND_TWO_LOW = [["W", "1D", "2D", "9S", "10S", "4B"], ["3D", "8S", "11S", "5K", "6K", "7B"]]
TO_THE_THREE = [
    [0, "bid 4B"],
    [1, "bid 7B"],
    [0, "draw stock"],
    [0, "discard 6F"],
    [1, "draw stock"],
    [1, "discard 3D"],
]


@pytest.mark.parametrize("level", LEVELS)
def test_do_not_try_with_the_wild_and_two_low_cards(level):
    # Taking the 3 of Drips would Try Drips at once: 1 + 2 + 3 + the Wild's 7 cannot reach 65.
    state, bots = table(level, WILD_AND_TWO_LOW, TO_THE_THREE, ["5F", "6F", "7K"], dealer=1)
    assert state.view(0).zones["discard"][0] == "3D"
    assert move(state, bots) == "draw stock"


@pytest.mark.parametrize("level", LEVELS)
def test_holding_the_wild_and_a_pair_discard_so_no_draw_can_try_that_pair(level):
    hands = [
        ["12S", "11S", "2F", "1F", "3K", "5D"],
        ["1K", "2K", "4K", "6D", "7D", "8B"],
        ["3S", "4S", "5B", "6B", "9D", "10D"],
    ]
    state, bots = table(level, hands, [[0, "bid 5D"], [1, "bid 1K"], [2, "bid 3S"], [0, "draw stock"]], ["1D", "W"])
    kept = list(state.view(0).zones["hand/0"])
    assert "W" in kept
    kept.remove(move(state, bots).split(" ", 1)[1])
    wild = kept.count("W")
    for suit in "FKDB":  # any suit but its own Stars
        assert sum(1 for card in kept if card.endswith(suit)) + wild < 3, kept


# hard's judgement only: normal sits on three of its suit at once (it discards the 3 of Drips).
@pytest.mark.parametrize("level", ["hard"])
def test_early_on_keep_two_of_your_suit_before_a_forced_stock_draw(level):
    # Seat 0 showed Fire, then took the 6 of Fire from the pile: its next draw must be from the
    # stock, which still holds 29 cards. Keeping three Fire would let that draw Try Fire long
    # before the team has collected it; it passes a Fire card on to the next partner instead.
    actions = [
        *OPENING,
        [1, "draw discard"],
        [1, "discard 3B"],
        [2, "draw stock"],
        [2, "discard 6F"],
        [0, "draw discard"],
    ]
    state, bots = table(level, [SHOWER, ["9F", "7F", "4S", "5K", "2D", "3B"], THIRD], actions, ["1K", "2S", "6F"])
    assert len(state.zones["stock"]) == 29
    kept = list(state.view(0).zones["hand/0"])
    assert sum(card.endswith("F") for card in kept) == 3
    kept.remove(move(state, bots).split(" ", 1)[1])
    assert sum(card.endswith("F") for card in kept) == 2, kept


# ------------------------------------------------------------ Trying on purpose
TRYER = ["12S", "11S", "10S", "2K", "1D", "3B"]
PARTNER = ["8F", "7K", "9S", "4D", "5B", "6F"]
TO_NINE = [[0, "bid 3B"], [1, "bid 4D"], [0, "draw stock"], [0, "discard 4F"], [1, "draw stock"]]


@pytest.mark.parametrize("level", LEVELS)
def test_take_the_fourth_card_of_the_suit_once_the_team_is_ready(level):
    state, bots = table(
        level, [TRYER, PARTNER], TO_NINE + [[1, "discard 9S"]], ["2F", "4F", "3K"], dealer=1, settings={"threshold": 30}
    )
    assert move(state, bots) == "draw discard"


@pytest.mark.parametrize("level", LEVELS)
def test_holding_three_of_the_suit_draw_a_harmless_pile_card_not_the_stock(level):
    # Before the team is ready, a stock draw could make a Try too early; the 3 of Skulls cannot.
    state, bots = table(
        level,
        [TRYER, PARTNER],
        TO_NINE + [[1, "discard 3K"]],
        ["2F", "4F", "3K"],
        dealer=1,
        settings={"threshold": 200},
    )
    assert move(state, bots) == "draw discard"


# ------------------------------------------------------------------ last turns
@pytest.mark.parametrize("level", LEVELS)
def test_on_a_last_turn_throw_away_the_high_off_suit_card(level):
    hands = [["11S", "10S", "9S", "12B", "1K", "2K"], ["8S", "7S", "6S", "1D", "3D", "4D"]]
    actions = [[0, "bid 2K"], [1, "bid 1D"], [0, "draw stock"], [0, "discard 4F"], [1, "draw stock"]]
    state, bots = table(level, hands, actions, ["3F", "4F", "5S", "2D"], dealer=1)
    assert state.view(0).public["tryer"] == 1
    text = move(state, bots)
    events = state.apply(text)  # the last draw
    for bot in bots:
        bot.observe(rules.events_for(events, bot.seat))
    assert move(state, bots) == "discard 12B"


# hard's bid only: normal bids its lowest card whatever its suit.
def test_a_low_bid_comes_from_the_strongest_suit_when_it_costs_a_point_more():
    # No suit is strong enough for a high bid. The 1 of Stars and the 2 of Skulls cost about the
    # same if their suit is not Tried, but Skulls (8, 5, 2) is the suit this seat is likeliest
    # to collect: its 2 scores if the team Tries Skulls.
    hand = ["8K", "5K", "2K", "1S", "9D", "4B"]
    assert move(*table("hard", [hand, *OTHERS], [])) == "bid 2K"
    assert move(*table("normal", [hand, *OTHERS], [])) == "bid 1S"


# hard's judgement only, with two players: normal keeps the 8 of Fire and throws the 10 of Stars.
def test_a_safe_draw_goes_straight_back_with_two_players():
    # Seat 0 holds three Stars before the team is ready: it draws the partner's 8 of Fire from the
    # pile rather than risk the stock, and puts that same card back (a pass). Keeping it would read
    # as a take backing Fire, its own act swaying the suit the table falls back on.
    actions = TO_NINE + [[1, "discard 8F"]]
    state, bots = table("hard", [TRYER, PARTNER], actions, ["2F", "4F", "3K"], dealer=1, settings={"threshold": 200})
    assert move(state, bots) == "draw discard"
    events = state.apply("draw discard")
    for bot in bots:
        bot.observe(rules.events_for(events, bot.seat))
    assert move(state, bots) == "discard 8F"
