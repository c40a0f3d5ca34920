"""Try's rules (RULES.md section 1), one test per rule, from hand-written deals.

Most scenarios start from the worked example's deal (three players, seat 2 deals, seat 0
plays first): seat 0 bids Fire 10, seat 1 Fire 7, seat 2 Stars 2.
"""

from __future__ import annotations

import json

import pytest
from conftest import load_record, play_try, try_record

import rules

# The worked example's deal: after the bids seat 0 holds three Fire and waits for the Wild.
HANDS = [
    ["12F", "11F", "9F", "2K", "1S", "10F"],
    ["7F", "8F", "6F", "3K", "1K", "2D"],
    ["2S", "5F", "4F", "1D", "1B", "11K"],
]
BIDS = [[0, "bid 10F"], [1, "bid 7F"], [2, "bid 2S"]]
# Index 0 is the up-card; then the Wild for seat 0, 12S for seat 1, 2B for seat 2.
STOCK = ["10S", "W", "12S", "2B"]
WORKED_EXAMPLE = BIDS + [
    [0, "draw stock"],
    [1, "draw stock"],
    [1, "discard 12S"],
    [2, "draw stock"],
    [2, "discard 11K"],
]


def hand(state: rules.State, seat: int) -> list[str]:
    return list(state.view(seat).zones[f"hand/{seat}"])


def legal(state: rules.State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def tried_suit(state: rules.State) -> str | None:
    return state.view(None).public["tried_suit"]


def draw_and_discard_stock(state: rules.State) -> None:
    """The current player draws from the stock and discards the card just drawn (if the deal goes on)."""
    seat = state.current_player
    before = hand(state, seat)
    state.apply("draw stock")
    if state.current_player == seat and not state.is_over:
        (drawn,) = set(hand(state, seat)) - set(before)
        state.apply(f"discard {drawn}")


# ------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("players", "stock"), [(2, 37), (3, 31)])
def test_stock_after_setup_holds_37_cards_with_two_players_and_31_with_three(try_game, players, stock):
    for seed in range(5):
        state = try_game.new_match(players=players, seed=seed)
        for _seat in range(players):
            state.apply(state.legal_actions()[0])
        view = state.view(None)
        assert len(view.zones["stock"]) == stock
        assert len(view.zones["discard"]) == 1
        assert len(view.zones["removed"]) == 11
        assert all(len(view.zones[f"hand/{s}"]) == 5 for s in range(players))


def test_bids_are_asked_clockwise_from_the_first_player_and_the_up_card_turns_after_them():
    state = play_try(HANDS, [], STOCK, dealer=1)
    asked = []
    for _seat in range(3):
        asked.append(state.current_player)
        assert state.view(None).zones["discard"] == ()
        state.apply(state.legal_actions()[0])
    assert asked == [2, 0, 1]
    assert state.view(None).zones["discard"] == ("10S",)
    assert state.current_player == 2


def test_the_wild_may_be_bid():
    hands = [["12F", "11F", "9F", "2K", "1S", "W"], HANDS[1], HANDS[2]]
    state = play_try(hands, [[0, "bid W"]], ["10S"])
    assert state.view(0).zones["bid/0"] == ("W",)


def test_house_rule_wild_may_not_be_bid():
    hands = [["12F", "11F", "9F", "2K", "1S", "W"], HANDS[1], HANDS[2]]
    state = play_try(hands, [], ["10S"], settings={"wild_may_be_bid": False})
    assert "bid W" not in legal(state)
    assert len(legal(state)) == 5
    with pytest.raises(rules.IllegalAction):
        state.apply("bid W")
    wild_bid = rules.Action("bid", "bid W", state.deck.parse("W"), "hand/0", "bid/0")
    with pytest.raises(rules.IllegalAction, match="Wild"):
        state.apply(wild_bid)


def test_removed_setting_sets_how_many_cards_are_hidden(try_game):
    state = try_game.new_match(players=3, seed=7, settings={"removed": 20})
    for _seat in range(3):
        state.apply(state.legal_actions()[0])
    zones = state.view(None).zones
    assert len(zones["removed"]) == 20
    assert len(zones["stock"]) == 61 - 20 - 18 - 1


# ---------------------------------------------------------------------------- Try
def test_wild_counts_as_fourth_card_and_forces_try():
    state = play_try(HANDS, BIDS + [[0, "draw stock"]], STOCK)
    assert sorted(hand(state, 0)) == sorted(["12F", "11F", "9F", "2K", "1S", "W"])
    public = state.view(None).public
    assert public["tryer"] == 0
    assert state.view(0).public["tried_suit"] == "Fire"
    assert state.current_player == 1  # the last turns begin


def test_try_can_come_from_a_discard_draw_and_cannot_be_undone():
    state = play_try(HANDS, BIDS, ["W"])  # the Wild is the up-card
    (draw,) = [a for a in state.legal_actions() if a.text == "draw discard"]
    assert not draw.undoable
    state.apply(draw)
    assert state.view(None).public["tryer"] == 0
    assert not state.can_undo(0)


def test_no_try_from_a_bid_four_of_a_suit_counting_the_bid_is_not_a_try():
    # Seat 0 was dealt four Fire and bid one of them: three in hand plus the bid do not Try.
    state = play_try(HANDS, BIDS + [[0, "draw stock"]], ["10S", "12S"])
    assert state.view(None).public["tryer"] is None
    assert state.current_player == 0
    assert all(text.startswith("discard ") for text in legal(state))


def test_dealt_four_of_a_suit_tries_on_its_first_draw_not_before():
    hands = [HANDS[0], ["1K", "3K", "5K", "7K", "2D", "8F"], HANDS[2]]
    bids = [[0, "bid 10F"], [1, "bid 8F"], [2, "bid 2S"]]
    state = play_try(hands, bids, ["10S", "12S", "4D"])
    assert state.view(None).public["tryer"] is None  # four Skulls in hand, but no draw yet
    state.apply("draw stock")
    state.apply("discard 12S")
    assert state.view(None).public["tryer"] is None
    assert state.current_player == 1
    state.apply("draw stock")
    assert state.view(None).public["tryer"] == 1
    assert state.view(1).public["tried_suit"] == "Skulls"


# ----------------------------------------------------------------- the discard pile
def took_the_discard_last_turn() -> rules.State:
    """Seat 0 took the up-card (the 10S) from the discard pile and discarded it; the others drew
    from the stock: seat 0's turn again."""
    return play_try(
        HANDS,
        BIDS
        + [
            [0, "draw discard"],
            [0, "discard 10S"],
            [1, "draw stock"],
            [1, "discard 12S"],
            [2, "draw stock"],
            [2, "discard 3D"],
        ],
        ["10S", "12S", "3D", "4D", "5D", "6D"],
    )


def test_discard_pile_draws_on_consecutive_turns_are_refused_until_a_stock_draw():
    state = took_the_discard_last_turn()
    assert state.current_player == 0
    assert legal(state) == ["draw stock"]
    before = state.to_record()
    with pytest.raises(rules.IllegalAction):
        state.apply("draw discard")
    with pytest.raises(rules.IllegalAction, match="last turn"):
        state.apply(rules.Action("draw", "draw discard", state.deck.parse("3D"), "discard", "hand/0"))
    assert state.to_record() == before

    for _seat in range(3):
        draw_and_discard_stock(state)
    assert state.current_player == 0
    assert "draw discard" in legal(state)


def test_card_just_drawn_from_the_discard_pile_may_be_discarded_again():
    state = play_try(HANDS, BIDS + [[0, "draw discard"]], STOCK)
    assert "discard 10S" in legal(state)
    state.apply("discard 10S")
    assert state.view(None).zones["discard"][0] == "10S"
    assert state.current_player == 1


def test_a_card_taken_from_the_discard_pile_is_public_knowledge():
    state = play_try(HANDS, BIDS + [[0, "draw discard"]], STOCK)
    assert state.view(1).known == {"hand/0": ("10S",)}
    assert state.view(None).known == {"hand/0": ("10S",)}
    state.apply("discard 10S")
    assert state.view(1).known == {}


# ----------------------------------------------------------------- loss by stock
NO_TRY_HANDS = [
    ["2K", "1S", "2S", "1F", "2F", "1K"],  # at most two of a suit: never four after a draw
    ["4K", "3S", "4S", "3F", "4F", "3K"],
    ["6K", "5S", "6S", "5F", "6F", "5K"],
]


def test_last_stock_card_drawn_without_a_try_loses_at_once():
    bids = [[0, "bid 2K"], [1, "bid 4K"], [2, "bid 6K"]]
    state = play_try(NO_TRY_HANDS, bids)
    for _draw in range(30):
        draw_and_discard_stock(state)
    assert not state.is_over
    assert len(state.view(None).zones["stock"]) == 1
    seat = state.current_player
    state.apply("draw stock")
    assert state.is_over
    assert state.current_player is None
    assert len(hand(state, seat)) == 6  # lost at once: no discard
    assert state.scores == [0, 0, 0]
    assert state.winners == []
    (result,) = state.deal_results
    assert result.details["outcome"] == "loss"
    assert result.details["tried_suit"] is None


# ------------------------------------------------------------------ the last turns
def test_tryer_does_not_discard():
    state = play_try(HANDS, BIDS + [[0, "draw stock"]], STOCK)
    assert len(hand(state, 0)) == 6
    assert state.current_player == 1
    state.apply("draw stock")
    state.apply("discard 12S")
    state.apply("draw stock")
    state.apply("discard 11K")
    assert state.is_over
    assert len(hand(state, 0)) == 6


def test_house_rule_tryer_discards():
    state = play_try(HANDS, BIDS + [[0, "draw stock"]], STOCK, settings={"tryer_discards": True})
    assert state.current_player == 0
    assert all(text.startswith("discard ") for text in legal(state))
    state.apply("discard 1S")
    assert state.current_player == 1
    assert len(hand(state, 0)) == 5


def test_each_other_player_gets_exactly_one_last_turn_clockwise_from_the_tryer():
    hands = [HANDS[0], ["7F", "8F", "6F", "3K", "1K", "2D"], HANDS[2]]
    bids = [[0, "bid 10F"], [1, "bid 2D"], [2, "bid 2S"]]
    state = play_try(
        hands, bids + [[0, "draw stock"], [0, "discard 12S"], [1, "draw stock"]], ["10S", "12S", "W", "3D", "4D"]
    )
    assert state.view(None).public["tryer"] == 1
    turns = []
    while not state.is_over:
        turns.append(state.current_player)
        draw_and_discard_stock(state)
    assert turns == [2, 0]
    assert len(hand(state, 1)) == 6


def test_four_of_another_suit_during_the_last_turns_changes_nothing():
    hands = [HANDS[0], ["7F", "8F", "3K", "1K", "5K", "2D"], HANDS[2]]
    state = play_try(hands, BIDS + [[0, "draw stock"], [1, "draw stock"]], ["10S", "W", "6K", "2B"])
    assert sorted(c for c in hand(state, 1) if c.endswith("K")) == ["1K", "3K", "5K", "6K"]
    assert state.view(None).public["tryer"] == 0
    assert state.current_player == 1
    assert all(text.startswith("discard ") for text in legal(state))
    state.apply("discard 8F")
    state.apply("draw stock")
    state.apply("discard 11K")
    assert state.is_over
    assert state.deal_results[0].details["tried_suit"] == "Fire"
    assert state.deal_results[0].details["tryer"] == 0


# Three players with 40 cards removed: the stock is the up-card and two more.
SHORT = {"settings": {"removed": 40}}
SHORT_HANDS = [HANDS[0], HANDS[1], ["2S", "5F", "4F", "3F", "1B", "11K"]]


def test_last_turn_with_empty_stock_must_take_the_discard_if_allowed_and_is_skipped_if_not():
    # Seat 0 takes the up-card, seat 1 a stock card, seat 2 Tries with the last stock card.
    actions = BIDS + [[0, "draw discard"], [0, "discard 10S"], [1, "draw stock"], [1, "discard 12S"], [2, "draw stock"]]
    state = play_try(SHORT_HANDS, actions, ["10S", "12S", "W"], **SHORT)
    assert state.view(None).public["tryer"] == 2
    assert state.view(None).zones["stock"] == ()
    # Seat 0 drew from the discard pile on its last turn: its last turn is skipped.
    assert state.current_player == 1
    assert legal(state) == ["draw discard"]
    state.apply("draw discard")
    state.apply("discard 3K")
    assert state.is_over
    assert len(hand(state, 0)) == 5


def test_a_skipped_last_turn_is_shown_as_an_event():
    actions = BIDS + [[0, "draw discard"], [0, "discard 10S"], [1, "draw stock"], [1, "discard 12S"]]
    state = play_try(SHORT_HANDS, actions, ["10S", "12S", "W"], **SHORT)
    events = state.apply("draw stock")
    skips = [e for e in rules.events_for(events, 1) if e.kind == "skip"]
    assert [e["seat"] for e in skips] == [0]


def test_house_rule_no_discard_limit_on_last_turns_with_an_empty_stock():
    actions = BIDS + [[0, "draw discard"], [0, "discard 10S"], [1, "draw stock"], [1, "discard 12S"], [2, "draw stock"]]
    state = play_try(
        SHORT_HANDS, actions, ["10S", "12S", "W"], settings={"removed": 40, "last_turn_discard_limit": False}
    )
    assert state.current_player == 0
    assert legal(state) == ["draw discard"]


def test_running_out_of_stock_during_the_last_turns_is_not_a_loss():
    # Seat 0 Tries with the first stock card; seat 1 takes the last one; seat 2 must take the discard.
    state = play_try(SHORT_HANDS, BIDS + [[0, "draw stock"], [1, "draw stock"]], ["10S", "W", "12S"], **SHORT)
    assert state.view(None).zones["stock"] == ()
    assert not state.is_over
    assert state.current_player == 1
    state.apply("discard 12S")
    assert legal(state) == ["draw discard"]
    state.apply("draw discard")
    state.apply("discard 12S")
    assert state.is_over
    (result,) = state.deal_results
    assert result.details["tried_suit"] == "Fire"
    assert result.details["score"] == state.scores[0] != 0


# ------------------------------------------------------------------------ scoring
def test_worked_example_scores_71_and_wins_score_terms():
    state = play_try(HANDS, [], STOCK)
    parse = state.deck.parse_many
    hands = parse(["12F", "11F", "9F", "8F", "6F", "5F", "4F", "W", "2K", "1S", "3K", "1K", "2D", "1D", "1B", "2B"])
    bids = parse(["10F", "7F", "2S"])
    fire = [suit.name for suit in state.deck.suits].index("Fire")
    terms = state.score_terms(fire, hands, bids)
    assert [t.value for t in terms] == [55, 7, 17, -6, -2]
    assert sum(t.value for t in terms) == 71


def test_worked_example_scores_71_and_wins_through_a_replayed_record():
    record = load_record("try_worked_example.json")
    assert record == try_record(HANDS, WORKED_EXAMPLE, STOCK, scores=[71, 71, 71])
    state = rules.replay(record)
    assert state.is_over
    assert state.scores == [71, 71, 71]
    assert state.winners == [0, 1, 2]
    (result,) = state.deal_results
    assert result.details["outcome"] == "win"
    assert result.details["tried_suit"] == "Fire"
    assert len([c for s in range(3) for c in result.details["hands"][str(s)]]) == 16
    assert sorted(c for s in range(3) for c in result.details["bids"][str(s)]) == ["10F", "2S", "7F"]


def test_threshold_setting_decides_the_win():
    state = play_try(HANDS, WORKED_EXAMPLE, STOCK, settings={"threshold": 72})
    assert state.scores == [71, 71, 71]  # a loss on points still shows the team total
    assert state.winners == []
    assert state.deal_results[0].details["outcome"] == "loss"
    state = play_try(HANDS, WORKED_EXAMPLE, STOCK, settings={"threshold": 71})
    assert state.winners == [0, 1, 2]


def test_scores_are_zero_before_scoring_and_the_team_total_on_every_seat_after():
    state = play_try(HANDS, [], STOCK)
    assert state.scores == [0, 0, 0]
    for seat, text in WORKED_EXAMPLE:
        assert state.scores == [0, 0, 0]
        assert state.winners == []
        assert state.current_player == seat
        state.apply(text)
    assert state.scores == [71, 71, 71]


def test_winners_are_all_seats_on_a_win():
    state = play_try(HANDS, WORKED_EXAMPLE, STOCK)
    assert state.winners == [0, 1, 2]
    assert state.to_record()["winners"] == [0, 1, 2]


def test_a_two_player_game_from_start_to_end():
    record = load_record("try_two_players.json")
    (deal,) = record["deals"]
    state = rules.replay({**record, "deals": [{"dealer": deal["dealer"], "layout": deal["layout"]}]})
    assert state.current_player == 0
    for bid in range(2):
        state.apply(deal["actions"][bid][1])
    assert len(state.view(None).zones["stock"]) == 37
    state = rules.replay(record)
    assert state.is_over
    (result,) = state.deal_results
    assert result.details["tryer"] == 0
    assert result.details["tried_suit"] == "Stars"
    assert sum(len(cards) for cards in result.details["hands"].values()) == 11
    # Stars 12+11+10+7+9+8+5 in hands, Stars bids 6+4, half of 3K 2F 1F 4D.
    assert [t["value"] for t in result.details["terms"]] == [62, 0, 10, -5, 0]
    assert state.scores == [67, 67]
    assert state.winners == [0, 1]


# ------------------------------------------------------------------------ secrecy
def test_tried_suit_stays_secret_until_scoring():
    state = play_try(HANDS, BIDS, STOCK)
    events = state.apply("draw stock")
    for seat in (1, 2, None):
        shown = rules.events_for(events, seat)
        assert any(e.kind == "try" for e in shown)
        assert "fire" not in json.dumps([e.data for e in shown]).lower()
        assert "fire" not in json.dumps(state.view(seat).to_json()).lower()
        assert state.view(seat).public["tried_suit"] is None
    assert state.view(0).public["tried_suit"] == "Fire"
    assert any(e.data.get("suit") == "Fire" for e in rules.events_for(events, 0))
    for _seat, text in WORKED_EXAMPLE[4:]:
        assert state.view(1).public["tried_suit"] is None
        state.apply(text)
    assert all(state.view(seat).public["tried_suit"] == "Fire" for seat in (0, 1, 2, None))


def test_bids_and_removed_cards_stay_hidden_until_scoring_and_removed_cards_after():
    state = play_try(HANDS, BIDS, STOCK)
    for seat in (0, 1, 2, None):
        zones = state.view(seat).zones
        for other in range(3):
            if other != seat:
                assert set(zones[f"bid/{other}"]) == {None}
                assert set(zones[f"hand/{other}"]) == {None}
    for _seat, text in WORKED_EXAMPLE[3:]:
        state.apply(text)
    zones = state.view(1).zones
    assert zones["bid/0"] == ("10F",)
    assert set(zones["removed"]) == {None}


# ---------------------------------------------------------------------------- undo
def test_undo_takes_back_a_discard_but_never_a_stock_draw():
    state = play_try(HANDS, BIDS + [[0, "draw stock"]], ["10S", "12S"])
    assert not state.can_undo(0)  # the stock draw showed a hidden card
    before = state.view(0)
    state.apply("discard 12S")
    assert state.can_undo(0)
    state.undo()
    assert state.view(0) == before
    assert not state.can_undo(0)


def test_undo_takes_back_a_discard_draw_and_its_discard():
    state = play_try(HANDS, BIDS, STOCK)
    before = state.to_record()
    state.apply("draw discard")
    state.apply("discard 1S")
    state.undo()
    state.undo()
    assert state.to_record() == before


def test_undo_is_refused_once_another_player_has_acted():
    state = play_try(HANDS, BIDS + [[0, "draw discard"], [0, "discard 1S"]], STOCK)
    assert state.can_undo(0) and not state.can_undo(1)
    state.apply("draw discard")
    assert not state.can_undo(0)
    assert state.can_undo(1)


def test_the_last_bid_cannot_be_undone_as_it_turns_the_up_card():
    state = play_try(HANDS, BIDS[:2], STOCK)
    assert state.can_undo(1)
    state.apply("bid 2S")
    assert not state.can_undo(2)
