"""Random-play invariants every game gets: cards conserved, views name only what a seat may
know, clones are independent, records replay exactly. Shared by the per-game invariant tests."""

from __future__ import annotations

import json
import random
from typing import Any

import rules


def card_names(value: Any, deck: Any) -> set[str]:
    """Every card text named anywhere inside ``value`` (a view, an event, an action text)."""
    texts = {face.text.upper() for face in deck.faces}
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, str):
            found.update(word for word in item.upper().split() if word in texts)
        elif isinstance(item, dict):
            for sub in item.values():
                walk(sub)
        elif isinstance(item, (list, tuple)):
            for sub in item:
                walk(sub)

    walk(value)
    return found


def seen_by(state: rules.State, seat: int | None) -> set[str]:
    """Card texts ``seat`` may know: in zones it sees, or publicly known to be in a hidden zone."""
    text = state.deck.text
    seen = {text(c) for zone, cards in state.zones.items() if state.zone_visible(zone, seat) for c in cards}
    for zone, cards in state.known.items():
        seen |= {text(c) for c in cards if c in state.zones[zone]}
    return seen


def audience(state: rules.State) -> list[int | None]:
    """Every seat, and a spectator (``None``)."""
    return [*range(state.players), None]


def all_views(state: rules.State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in audience(state)]


def check_cards_conserved(state: rules.State) -> None:
    cards = sorted(c for zone in state.zones.values() for c in zone)
    assert cards == list(range(state.deck.size))


def check_clone_is_independent(state: rules.State, rng: random.Random, steps: int = 60) -> None:
    """Playing on a clone leaves the original exactly as it was."""
    record, views = state.to_record(), all_views(state)
    twin = state.clone()
    assert twin.to_record() == record and all_views(twin) == views
    for _ in range(steps):
        if twin.is_over:
            break
        actions = twin.legal_actions()
        twin.apply(actions[int(rng.random() * len(actions))], events=False)
    assert state.to_record() == record
    assert all_views(state) == views


def check_replay(state: rules.State) -> None:
    """The record, through JSON, replays to the same state and the same views."""
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert again.zones == state.zones
    assert again.known == state.known
    assert again.scores == state.scores
    assert again.winners == state.winners
    assert again.is_over == state.is_over
    assert again.deal_results == state.deal_results
    assert all_views(again) == all_views(state)


def check_view(state: rules.State, seat: int | None) -> dict[str, Any]:
    """The view is JSON-ready, names only cards the seat may see (each really where the view
    puts it), and lists legal actions exactly for the seat to act."""
    view = state.view(seat)
    assert json.loads(json.dumps(view)) == json.loads(json.dumps(dict(view)))
    text = state.deck.text
    for zone, shown in view["zones"].items():
        real = [text(c) for c in state.zones[zone]]
        assert len(shown) == len(real)
        if state.zone_visible(zone, seat):
            assert list(shown) == real
        else:
            assert set(shown) <= {None}, f"{zone} leaks to seat {seat}"
    for zone, known in view["known"].items():
        assert not state.zone_visible(zone, seat)
        assert set(known) <= {text(c) for c in state.zones[zone]}
    assert card_names(view, state.deck) <= seen_by(state, seat)
    if seat is not None and seat == state.current_player:
        assert list(view["legal"]) == [a.text for a in state.legal_actions()]
    else:
        assert view["legal"] == ()
    return view
