"""Random-play invariants of Trio, for every variant and player count.

Seeded random matches are played to the end.  Every state is checked cheaply (36 cards
conserved, hands sorted, public knowledge really where it says, a legal move while live);
on a capped number of steps per match the expensive checks run too: every seat's view
leaks nothing, events leak nothing, ``sample`` agrees with the view it came from, clones
are independent, undo of a swap answer is exact.  Each finished match replays from JSON.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rules

DECK_SIZE = 36
CONFIGS = [("simple", 3), ("simple", 4), ("simple", 5), ("simple", 6), ("spicy", 3), ("spicy", 4), ("spicy", 5),
           ("spicy", 6), ("team-simple", 4), ("team-simple", 6), ("team-spicy", 4), ("team-spicy", 6)]
DEEP_STEPS = 12  # expensive checks per match: a random Trio match takes thousands of reveals


def texts(state: rules.State, cards: list[int]) -> list[str]:
    return [state.deck.text(c) for c in cards]


def check_state(state: rules.State) -> None:
    """Cheap invariants of every state."""
    cards = sorted(c for zone in state.zones.values() for c in zone)
    assert cards == list(range(DECK_SIZE)), "36 cards, each exactly once"
    for seat in range(state.players):
        hand = state.zones[f"hand/{seat}"]
        assert hand == sorted(hand), f"hand/{seat} is not sorted"
    for zone, known in state.known.items():
        assert known and all(c in state.zones[zone] for c in known), f"known cards of {zone} are not there"
    for zone, low in state.low.items():
        hand, high = state.zones[zone], state.high[zone]
        assert len(low) + len(high) <= len(hand), f"more cards known in {zone} than it holds"
        assert state.known[zone] == hand[:len(low)] + hand[len(hand) - len(high):]
    revealed = state.zones["revealed"]
    assert len({state.number[c] for c in revealed}) <= 1 and len(revealed) <= 2
    if state.is_over:
        assert state.legal_actions() == [] and state.current_player is None and state.winners
    else:
        assert state.legal_actions(), "a live state has a legal action"


def check_view(state: rules.State, seat: int | None, public_reveals: dict[int, list[list[Any]]],
               seen_in: dict[str, set[str]]) -> dict[str, Any]:
    """Every card the view names is in a zone the seat sees, publicly known to be there (and seen
    there), or was publicly revealed (the history); nothing else in the view names a card."""
    view = state.view(seat)
    assert json.loads(json.dumps(view)) == json.loads(json.dumps(dict(view)))
    for zone, shown in view["zones"].items():
        real = texts(state, state.zones[zone])
        if state.zone_visible(zone, seat):
            assert list(shown) == real
        else:
            assert list(shown) == [None] * len(real), f"{zone} leaks to seat {seat}"
    for zone, known in view["known"].items():
        assert not state.zone_visible(zone, seat)
        real = texts(state, state.zones[zone])
        for text in known:
            real.remove(text)  # a ValueError: the view claims a card that is not there
            assert text in seen_in.get(zone, ()), f"{text} in {zone} was never revealed there"
    public = view["public"]
    for entry in public["history"]:
        assert entry["reveals"] == public_reveals[entry["turn"]], "the history names only public reveals"
    assert all(len(r) == 2 and not r[0].isdigit() for r in public["revealed"]), "origins only, no cards"
    assert set(public["ends"]) <= set(view["known"]) | {f"hand/{seat}"}
    choice = public["choice"]
    if choice is not None:
        real = state.choice.answer_of(seat) if seat is not None else None
        assert choice["mine"] == real
        if real and real != "pass":
            assert real.split()[1] in texts(state, state.zones[f"hand/{seat}"])
    if seat is not None and seat == state.current_player:
        assert list(view["legal"]) == [a.text for a in state.legal_actions()]
    else:
        assert view["legal"] == ()
    return view


def check_events(state: rules.State, events: list[rules.Event]) -> None:
    """A swap's cards and a secret answer reach only the seats entitled to them."""
    for seat in [*range(state.players), None]:
        for event in rules.events_for(events, seat):
            if event.kind == "move" and event["source"].startswith("hand/"):
                team = {int(event["source"][5:]), int(event["target"][5:])}
                assert (event["card"] is not None) == (seat in team), f"a swapped card leaks to seat {seat}"
            if event.kind == "chose":
                assert (event["answer"] is not None) == (seat == event["seat"])


def check_sample(state: rules.State, seat: int, rng: random.Random) -> None:
    """A sampled state agrees with the seat's view, keeps hands sorted and plays on."""
    view = state.view(seat)
    guess = rules.sample(view, rng)
    check_state(guess)
    assert guess.view(seat) == view
    for _ in range(20):
        if guess.is_over:
            break
        actions = guess.legal_actions()
        guess.apply(actions[int(rng.random() * len(actions))], events=False)
        check_state(guess)


def check_clone_is_independent(state: rules.State, rng: random.Random) -> None:
    record, view = state.to_record(), state.view(None)
    twin = state.clone()
    for _ in range(30):
        if twin.is_over:
            break
        actions = twin.legal_actions()
        twin.apply(actions[int(rng.random() * len(actions))], events=False)
    assert state.to_record() == record and state.view(None) == view


def check_replay(state: rules.State) -> None:
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert {z: texts(again, c) for z, c in again.zones.items()} == {z: texts(state, c) for z, c in state.zones.items()}
    assert (again.scores, again.winners, again.is_over) == (state.scores, state.winners, state.is_over)
    assert again.deal_results == state.deal_results
    assert [again.view(s) for s in range(state.players)] == [state.view(s) for s in range(state.players)]


def play_checked(seed: int) -> rules.State:
    """Play one seeded random match to the end, checking the invariants on the way."""
    variant, players = CONFIGS[seed % len(CONFIGS)]
    rng = random.Random(seed)
    state = rules.load_game("trio").new_match(players=players, variant=variant, seed=seed)
    public_reveals: dict[int, list[list[Any]]] = {}
    seen_in: dict[str, set[str]] = {}  # numbers publicly revealed from each place (since its last swap)
    deep_every = 1 + int(rng.random() * 200)
    deep_left = DEEP_STEPS
    step = 0
    while True:
        check_state(state)
        if state.is_over:
            break
        deep = deep_left > 0 and (step < 6 or step % deep_every == 0)
        seat = state.current_player
        if deep:
            deep_left -= 1
            for viewer in [*range(players), None]:
                check_view(state, viewer, public_reveals, seen_in)
            check_sample(state, seat, random.Random(rng.random()))
            check_sample(state, (seat + 1) % players, random.Random(rng.random()))
            check_clone_is_independent(state, random.Random(rng.random()))
        actions = state.legal_actions()
        action = actions[int(rng.random() * len(actions))]
        turn = state.turn_no
        before = [state.view(s) for s in range(players)] if deep and action.undoable else None
        events = state.apply(action)
        for event in rules.events_for(events, None):
            if event.kind == "reveal":
                public_reveals.setdefault(turn, []).append([event["card"], event["source"], event["end"]])
                seen_in.setdefault(event["source"], set()).add(event["card"])
            if event.kind == "swap" and event["swapped"]:
                for partner in event["team"]:
                    seen_in.pop(f"hand/{partner}", None)
        if deep:
            check_events(state, events)
        if before is not None:  # a swap answer that is not the last: exactly undoable by its seat
            assert state.can_undo(seat)
            state.undo()
            assert [state.view(s) for s in range(players)] == before
            state.apply(action)
        step += 1
    for viewer in [*range(players), None]:
        check_view(state, viewer, public_reveals, seen_in)
    check_replay(state)
    return state


def test_random_matches_keep_every_invariant():
    reasons = set()
    for seed in range(100):
        state = play_checked(seed)
        reasons.add(state.deal_results[0]["reason"].split(" (")[0])
    assert reasons >= {"the trio of 7s", "3 trios", "two connected trios"}


@pytest.mark.slow
def test_many_random_matches_keep_every_invariant():
    for seed in range(100, 1100):
        play_checked(seed)
