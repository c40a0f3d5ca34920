"""The shared draw/discard piece (rules/drawdiscard.py): draws, the take rule, the up-card, discards,
and the stock rebuilt from the discard pile as a recorded chance outcome.

Try uses the piece with an empty stock that ends the game; the rebuild (Tryce's) is tried here on
a Try deal's zones with a second set of rules, ``REBUILDING``. Try's bids, which come first, are
the shared secret choice (rules/choices.py).
"""

from __future__ import annotations

import pytest

import rules
from rules.drawdiscard import REBUILD, DrawDiscard, not_twice_in_a_row
from rules.errors import RulesError

REBUILDING = DrawDiscard(when_empty=REBUILD, max_rebuilds=2)


def dealt(seed: int = 3) -> rules.State:
    """A three-player Try deal after the bids: the up-card is turned, seat 0 is to draw."""
    state = rules.load_game("try").new_match(players=3, seed=seed, dealer=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    return state


def empty_the_stock(state: rules.State) -> None:
    """Every stock card onto the discard pile (the first one ends on top)."""
    while state.zones["stock"]:
        state.move(state.zones["stock"][-1], "stock", "discard", None)


def test_try_turns_the_up_card_and_offers_the_stock_and_the_discard():
    state = dealt()
    assert len(state.zones["discard"]) == 1
    assert [a.text for a in state.legal_actions()] == ["draw stock", "draw discard"]
    stock, take = state.legal_actions()
    assert stock.card is None and take.card == state.zones["discard"][0]  # the unseen card is never named


def test_a_taken_discard_is_known_in_that_hand_until_discarded_again():
    state = dealt()
    top = state.zones["discard"][0]
    state.apply("draw discard")
    assert state.known["hand/0"] == [top] and state.drew_from_discard
    state.apply(f"discard {state.deck.text(top)}")  # legal, if pointless
    assert state.known["hand/0"] == [] and state.from_discard_last[0]


def test_the_take_rule_hook_refuses_a_second_take_in_a_row():
    state = dealt()
    state.from_discard_last[1] = True
    pile = DrawDiscard(may_take=not_twice_in_a_row)
    assert pile.may_take_discard(state, 0) and not pile.may_take_discard(state, 1)
    assert DrawDiscard().may_take_discard(state, 1)  # no hook: always, while there is a discard


def test_an_empty_stock_ends_drawing_unless_the_rules_rebuild_it():
    state = dealt()
    empty_the_stock(state)
    assert not DrawDiscard().can_draw_stock(state)
    assert DrawDiscard().draw_stock(state, "hand/0", None, frozenset({0})) is None
    assert REBUILDING.can_draw_stock(state)


def test_the_rebuild_keeps_the_top_discard_and_is_recorded_as_a_chance_outcome():
    state = dealt()
    REBUILDING.start(state)
    empty_the_stock(state)
    pile = list(state.zones["discard"])
    events: list = []
    card = REBUILDING.draw(state, 0, "stock", "hand/0", events)
    assert state.zones["discard"] == pile[:1]
    assert sorted(state.zones["stock"] + [card]) == sorted(pile[1:])
    seat, text = state.log[-1]["actions"][-1]
    assert seat is None and text.split()[0] == "rebuild" and len(text.split()) == len(pile)
    assert [e.kind for e in events] == ["rebuild", "move"] and events[1].audience == frozenset({0})
    assert state.rebuilds == 1 and not state.drew_from_discard


def test_a_replayed_rebuild_takes_its_order_from_the_record():
    state = dealt()
    REBUILDING.start(state)
    empty_the_stock(state)
    again = state.clone()
    REBUILDING.rebuild(state, None)
    recorded = state.log[-1]["actions"][-1][1]
    again.rng.seed(12345)  # the generator is never consulted on replay
    again._chance.append(recorded)
    REBUILDING.rebuild(again, None)
    assert again.zones["stock"] == state.zones["stock"]
    assert again.log[-1]["actions"][-1] == [None, recorded]


def test_a_recorded_rebuild_of_other_cards_is_refused():
    state = dealt()
    REBUILDING.start(state)
    empty_the_stock(state)
    state._chance.append("rebuild 1S 2S")
    with pytest.raises(RulesError, match="not possible here"):
        REBUILDING.rebuild(state, None)


def test_the_stock_is_exhausted_after_the_set_number_of_rebuilds_or_with_one_discard():
    state = dealt()
    REBUILDING.start(state)
    for _ in range(2):
        empty_the_stock(state)
        assert REBUILDING.rebuild(state, None)
    empty_the_stock(state)
    assert not REBUILDING.can_draw_stock(state)  # three rebuilds would be one too many
    assert REBUILDING.draw_stock(state, "hand/0", None, None) is None
    fresh = dealt()
    REBUILDING.start(fresh)
    empty_the_stock(fresh)
    fresh.zones["hand/1"] += fresh.zones["discard"][1:]
    del fresh.zones["discard"][1:]
    assert not REBUILDING.rebuild(fresh, None)  # nothing under the top discard: the hand stalls


def test_without_keep_top_the_whole_pile_is_shuffled_in():
    state = dealt()
    pile = DrawDiscard(when_empty=REBUILD, keep_top=False)
    pile.start(state)
    empty_the_stock(state)
    size = len(state.zones["discard"])
    assert pile.rebuild(state, None)
    assert state.zones["discard"] == [] and len(state.zones["stock"]) == size


def test_trys_bids_are_one_secret_choice_asked_from_the_first_player_before_the_up_card():
    # Try's bids come before its first draw: the same mechanism as Trio's swaps (rules/choices.py).
    state = rules.load_game("try").new_match(players=3, seed=3, dealer=1)
    assert state.bids.kind == "bid" and state.bids.order == (2, 0, 1) and state.current_player == 2
    first = state.legal_actions()[0]
    assert first.undoable
    state.apply(first)
    assert state.bids.answered() == (2,) and state.view(0).public["bids_placed"] == (False, False, True)
    state.apply(state.legal_actions()[0])
    last = state.legal_actions()[0]
    assert not last.undoable  # the last bid turns the up-card: no undo across that reveal
    state.apply(last)
    assert state.bids.done and len(state.zones["discard"]) == 1 and state.current_player == 2


def test_a_rebuild_before_the_stock_is_empty_shuffles_what_is_left_in_too():
    state = dealt()
    REBUILDING.start(state)
    state.move(state.zones["stock"][0], "stock", "discard", None)
    total = len(state.zones["stock"]) + len(state.zones["discard"])
    assert REBUILDING.rebuild(state, None)
    assert len(state.zones["discard"]) == 1 and len(state.zones["stock"]) == total - 1


def test_cards_shuffled_back_into_the_stock_are_a_recorded_chance_outcome():
    state = dealt()
    drawn = [state.zones["stock"][0], state.zones["stock"][1]]
    for card in drawn:  # say, a draw among two buyers
        state.move(card, "stock", "discard", None)
    size = len(state.zones["stock"])
    again = state.clone()
    REBUILDING.shuffle_back(state, drawn, "discard", None)
    assert len(state.zones["stock"]) == size + 2 and not set(drawn) & set(state.zones["discard"])
    seat, text = state.log[-1]["actions"][-1]
    assert seat is None and text.startswith("shuffle ")
    again._chance.append(text)
    REBUILDING.shuffle_back(again, drawn, "discard", None)
    assert again.zones["stock"] == state.zones["stock"]
