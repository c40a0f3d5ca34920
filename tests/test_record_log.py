"""Every action applied lands in the record log's current deal, however the state came to be: a
new match, the next deal, a clone, a snapshot undo, a sampled state. (``State`` keeps a direct
reference to the deal's action list, so that ``apply`` does not look the log entry up: each of
these must keep it pointing at the right list.)"""

from __future__ import annotations

import random

import rules

OH_HELL = {"max_cards": 2, "sequence": "fixed"}  # 3 deals of 2 cards: short


def last_deal(state: rules.State) -> list[list[object]]:
    return state.to_record()["deals"][-1]["actions"]


def play_first(state: rules.State) -> tuple[int, str]:
    """Apply the first legal action; the (seat, text) a record should hold for it."""
    seat, action = state.current_player, state.legal_actions()[0]
    state.apply(action, events=False)
    return seat, action.text


def test_actions_land_in_each_deal_in_turn_and_replay() -> None:
    state = rules.load_game("ohhell").new_match(players=3, seed=5, settings=OH_HELL)
    expected: list[list[list[object]]] = [[]]
    while not state.is_over:
        deal = state.deal_no
        seat, text = play_first(state)
        expected[-1].append([seat, text])
        if state.deal_no != deal and not state.is_over:  # the next deal began: its entry is empty
            assert last_deal(state) == []
            expected.append([])
    assert [d["actions"] for d in state.to_record()["deals"]] == expected
    assert rules.replay(state.to_record()).to_record() == state.to_record()


def test_a_clone_records_its_own_actions_and_leaves_the_original_alone() -> None:
    state = rules.load_game("ohhell").new_match(players=3, seed=6, settings=OH_HELL)
    first = play_first(state)
    twin = state.clone()
    second = play_first(twin)
    assert last_deal(twin) == [list(first), list(second)]
    assert last_deal(state) == [list(first)]
    third = play_first(state)
    assert last_deal(state) == [list(first), list(third)]
    assert last_deal(twin) == [list(first), list(second)]


def test_after_a_snapshot_undo_the_next_action_is_recorded_once() -> None:
    state = rules.load_game("try").new_match(seed=4)
    rng = random.Random(4)
    for _ in range(400):  # to an undoable action taken back by a snapshot (no cheaper way back)
        legal = state.legal_actions()
        undoable = [a for a in legal if a.undoable and state._undo_step(a) is None]
        if undoable:
            break
        state.apply(legal[int(rng.random() * len(legal))], events=False)
    assert undoable, "no undoable action in 400 random moves of Try"
    before = last_deal(state)
    state.apply(undoable[0], events=False)
    state.undo()
    assert last_deal(state) == before
    seat, text = play_first(state)
    assert last_deal(state) == [*before, [seat, text]]


def test_a_sampled_state_records_from_an_empty_deal() -> None:
    state = rules.load_game("ohhell").new_match(players=3, seed=7, settings=OH_HELL)
    play_first(state)
    seat = state.current_player
    sampled = rules.sample(state.view(seat), random.Random(1))
    action = sampled.legal_actions()[0]
    sampled.apply(action, events=False)
    assert last_deal(sampled) == [[seat, action.text]]
    assert len(last_deal(state)) == 1  # the sampled state never writes to the template's log
