"""Undo without snapshots: a selection toggle (Tribello's exchange) is taken back by moving its
card back, not by restoring a copy of the whole match, and the match is exactly as before."""

from __future__ import annotations

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

