"""Random-play invariants of Try: what must hold in every state of every match.

Seeded random matches (two and three players mixed) are played to the end; on the way
every state is checked: cards conserved, legal actions while live, views and events leak
nothing, undo is exact and refused where it must be, clones are independent, ``sample``
agrees with the view it came from, and the record replays to the same end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from invariants import (
    all_views,
    audience,
    card_names,
    check_cards_conserved,
    check_clone_is_independent,
    check_replay,
    seen_by,
)
from invariants import (
    check_view as check_shared_view,
)

import rules


def card_places(state: rules.State) -> dict[int, str]:
    """Where each card is: card -> zone name."""
    return {card: zone for zone, cards in state.zones.items() for card in cards}










def check_view(state: rules.State, seat: int | None) -> dict[str, Any]:
    """The shared view checks, and Try's own: the Tried suit stays secret until the scoring."""
    view = check_shared_view(state, seat)
    public = view["public"]
    if not state.is_over and seat != public["tryer"]:
        assert public["tried_suit"] is None
    return view


def check_events(before: rules.State, after: rules.State, events: list[rules.Event]) -> None:
    """Events shown to a seat name only cards that seat saw before or sees after the action."""
    for seat in audience(after):
        shown = rules.events_for(events, seat)
        named = card_names([dict(e.data) for e in shown], after.deck)
        assert named <= seen_by(before, seat) | seen_by(after, seat), f"events leak {named} to seat {seat}"
        if not after.is_over and seat != after.view(None)["public"]["tryer"]:
            assert "tried_suit" not in {k for e in shown for k, v in e.data.items() if v is not None}
            assert all(e.data.get("suit") is None for e in shown)






def check_sample(state: rules.State, seat: int, rng: random.Random) -> None:
    """A sampled state agrees with the seat's view and plays on."""
    view = state.view(seat)
    guess = rules.sample(view, rng)
    check_cards_conserved(guess)
    text = guess.deck.text
    for zone, shown in view["zones"].items():
        cards = [text(c) for c in guess.zones[zone]]
        assert len(cards) == len(shown)
        assert all(s is None or s == c for s, c in zip(shown, cards, strict=True))
    for zone, known in view["known"].items():
        assert set(known) <= {text(c) for c in guess.zones[zone]}
    assert guess.view(seat) == view
    public = view["public"]
    if public["tryer"] is not None and not view["over"] and not view["settings"]["tryer_discards"]:
        assert holds_a_try(guess, public["tryer"]), "the Tryer's sampled hand must hold the announced Try"
    while not guess.is_over:
        actions = guess.legal_actions()
        assert actions
        guess.apply(actions[int(rng.random() * len(actions))], events=False)


def holds_a_try(state: rules.State, seat: int) -> bool:
    """Four cards of one suit in the seat's hand, the Wild counting as every suit."""
    suits = [state.deck.faces[c].suit for c in state.zones[f"hand/{seat}"]]
    wild = suits.count(None)
    return any(suits.count(suit) + wild >= 4 for suit in set(suits) - {None})




class UndoModel:
    """What undo should allow: the actor's own undoable actions since its last irreversible one."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.chain: list[tuple[rules.Action, list[dict[str, Any]], dict[str, Any]]] = []

    def after(self, seat: int, action: rules.Action, views: list[dict[str, Any]], record: dict[str, Any]) -> None:
        if seat != self.seat or not action.undoable:
            self.chain = []
        self.seat = seat
        if action.undoable:
            self.chain.append((action, views, record))

    def check(self, state: rules.State) -> None:
        for seat in range(state.players):
            expected = seat == self.seat and bool(self.chain) and not state.is_over
            assert state.can_undo(seat) == expected, f"can_undo({seat}) should be {expected}"
        if state.is_over or not self.chain:
            return
        # Undo the whole chain, checking each step restores exactly, then redo it.
        for _action, views, record in reversed(self.chain):
            state.undo()
            assert all_views(state) == views
            assert state.to_record() == record
        assert not any(state.can_undo(seat) for seat in range(state.players))
        for action, _views, _record in self.chain:
            state.apply(action, events=False)


def match_settings(seed: int) -> dict[str, Any]:
    """Mostly the official rules; some matches with a short stock and the house rules."""
    rng = random.Random(-seed)
    if seed % 3:
        return {}
    return {
        "removed": rng.choice([11, 30, 38, 40]),
        "tryer_discards": rng.random() < 0.5,
        "last_turn_discard_limit": rng.random() < 0.5,
        "wild_may_be_bid": rng.random() < 0.5,
    }


def play_checked(seed: int, deep: bool = True) -> rules.State:
    """Play one seeded random match, checking the invariants in every state."""
    rng = random.Random(seed)
    players = 2 + seed % 2
    state = rules.load_game("try").new_match(players=players, seed=seed, settings=match_settings(seed))
    undo = UndoModel()
    step = 0
    while True:
        check_cards_conserved(state)
        for seat in audience(state):
            check_view(state, seat)
        actions = state.legal_actions()
        if state.is_over:
            assert actions == [] and state.current_player is None
            break
        assert actions, "a live state has a legal action"
        seat = state.current_player
        if deep and step % 7 == 3:
            check_clone_is_independent(state, random.Random(rng.random()))
        if deep and step % 5 == 1:
            check_sample(state, seat, random.Random(rng.random()))
            check_sample(state, (seat + 1) % players, random.Random(rng.random()))
        if deep and step == 12:
            check_replay(state)  # an unfinished record replays too
        action = actions[int(rng.random() * len(actions))]
        before = state.clone()
        views, record = all_views(state), state.to_record()
        events = state.apply(action)
        check_events(before, state, events)
        if action.undoable and not state.is_over:  # never undo across a reveal of hidden cards to the actor
            assert seen_by(state, seat) <= seen_by(before, seat), f"{action.text} reveals cards but is undoable"
        undo.after(seat, action, views, record)
        undo.check(state)
        step += 1
    check_replay(state)
    return state


def test_random_matches_keep_every_invariant():
    outcomes = {"win": 0, "loss": 0}
    for seed in range(200):
        state = play_checked(seed, deep=seed % 2 == 0)
        outcomes[state.deal_results[0]["outcome"]] += 1
    assert outcomes["loss"] > 0


@pytest.mark.slow
def test_many_random_matches_keep_every_invariant():
    for seed in range(200, 2200):
        play_checked(seed)
