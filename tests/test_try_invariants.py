"""Try's own random-play invariants, on top of everything :func:`invariants.random_sim_test`
checks for every game (``test_game_invariants.py``): the Tried suit stays secret (views,
events) until the scoring, a sampled Tryer's hand holds the announced Try, the short-stock
house rules play out, and some matches are lost.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from invariants import GameChecks, audience, random_sim_test

import rules

DEFAULT_MATCHES = 50
SLOW_MATCHES = 1000
SLOW_PARTS = 4  # the slow run in parts of a few minutes: none near pytest's faulthandler_timeout


def holds_a_try(state: rules.State, seat: int) -> bool:
    """Four cards of one suit in the seat's hand, the Wild counting as every suit."""
    suits = [state.deck.faces[c].suit for c in state.zones[f"hand/{seat}"]]
    wild = suits.count(None)
    return any(suits.count(suit) + wild >= 4 for suit in set(suits) - {None})


class TryChecks(GameChecks):
    """Only "Try" is announced: the suit is the Tryer's secret until the scoring begins."""

    def view(self, state: rules.State, seat: int | None, view: dict[str, Any]) -> None:
        public = view.public
        if not state.is_over and seat != public["tryer"]:
            assert public["tried_suit"] is None

    def events(self, before: rules.State, after: rules.State, events: list[rules.Event]) -> None:
        tryer = after.view(None).public["tryer"]
        for seat in audience(after):
            if after.is_over or seat == tryer:
                continue
            shown = rules.events_for(events, seat)
            assert "tried_suit" not in {k for e in shown for k, v in e.data.items() if v is not None}
            assert all(e.data.get("suit") is None for e in shown)

    def sample(self, state: rules.State, seat: int, guess: rules.State) -> None:
        view = state.view(seat)
        tryer = view.public["tryer"]
        if tryer is not None and not view.over and not view.settings["tryer_discards"]:
            assert holds_a_try(guess, tryer), "the Tryer's sampled hand must hold the announced Try"


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
    return random_sim_test(
        "try", None, 2 + seed % 2, seed, settings=match_settings(seed), deep=deep, checks=TryChecks()
    )


def test_the_tried_suit_stays_secret_and_some_matches_are_lost():
    outcomes = {"win": 0, "loss": 0}
    for seed in range(DEFAULT_MATCHES):
        state = play_checked(seed, deep=seed % 2 == 0)
        outcomes[state.deal_results[0].details["outcome"]] += 1
    assert outcomes["loss"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("part", range(SLOW_PARTS))
def test_many_random_matches_keep_every_invariant(part):
    per_part = SLOW_MATCHES // SLOW_PARTS
    for seed in range(200 + part * per_part, 200 + (part + 1) * per_part):
        play_checked(seed)
