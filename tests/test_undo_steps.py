"""Undo without snapshots: a selection toggle (Tribello's exchange) is taken back by moving its
card back, not by restoring a copy of the whole match, and the match is exactly as before. And
the undo policy: your own moves until the next player acts (a turn-ending discard included)."""

from __future__ import annotations

import json
from pathlib import Path

import rules
from rules.selection import ToggleBack


def test_toggles_keep_their_way_back_not_a_snapshot_and_undo_exactly() -> None:
    state = rules.load_game("tribello").new_match(seed=3)  # deal 1: trump by the cut, the dealer exchanges first
    seat = state.current_player
    hand = f"hand/{seat}"
    assert state.known.get(hand) == [state.cut]  # everyone knows the dealer holds the cut card
    before_views = [state.view(s) for s in range(3)]
    before_record = state.to_record()
    before_hand = state.zones[hand][:]
    cards = [state.cut, before_hand[0], before_hand[5]]
    for card in cards:
        state.apply(f"toggle {state.deck.text(card)}")
    state.apply(f"toggle {state.deck.text(before_hand[0])}")  # and one back
    assert [type(step) for _seat, step in state._undo] == [ToggleBack] * 4
    assert hand not in state.known  # the cut card may be among those set aside now
    for _ in range(4):
        assert state.can_undo(seat)
        state.undo()
    assert not state.can_undo(seat)
    assert state.zones[hand] == before_hand and not state.zones[f"exchange/{seat}"]
    assert state.known.get(hand) == [state.cut]
    assert [state.view(s) for s in range(3)] == before_views
    assert state.to_record() == before_record
    assert [a.text for a in state.legal_actions()][-1] == "keep"


def tryce_hand_one(actions: int) -> rules.State:
    """Hand 1 of tests/records/tryce-hands-1-and-2.json replayed up to ``actions`` actions."""
    record = json.loads((Path(__file__).parent / "records" / "tryce-hands-1-and-2.json").read_text(encoding="utf-8"))
    deal = {k: v for k, v in record["deals"][0].items() if k != "scores"}
    deal["actions"] = deal["actions"][:actions]
    return rules.replay({**record, "deals": [deal]})


def test_a_discard_that_passes_the_turn_is_undoable_until_the_next_player_acts() -> None:
    """One engine rule for every game: your own undoable actions stay undoable until another seat
    acts. A Tryce discard that passes the turn (no card revealed, the hand goes on) is one: taken
    back before the next player answers, it leaves no trace in the record or in any view."""
    state = tryce_hand_one(12)  # Ann has melded; her discard is next
    before_record, before_views = state.to_record(), [state.view(s) for s in range(3)]
    state.apply("discard 2C1")
    assert state.current_player == 1 and state.can_undo(0) and not state.can_undo(1)
    state.undo()
    assert state.current_player == 0 and state.to_record() == before_record
    assert [state.view(s) for s in range(3)] == before_views
    state.apply("discard 2C1")
    state.apply("sell")  # the next player acts: Ann's discard is no longer hers to take back
    assert not state.can_undo(0)


def test_a_discard_that_goes_down_is_not_undoable() -> None:
    state = tryce_hand_one(-1)  # all but the discard that ended hand 1
    assert state.current_player == 0 and state.can_undo(0)  # its swap, an ordinary step, is undoable
    state.apply("discard 3C1")
    assert state.deal_results and not state.can_undo(0)
