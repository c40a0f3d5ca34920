"""Bots that think within a time budget keep within it by how they stop, not by a timed assert:
Trio's ``hard`` deals no more worlds than weighing them leaves time for (ISMCTS's own stopping is
tested with the search, in test_maskplay.py)."""

from __future__ import annotations

import rules
from rules.bots import make_bot
from rules.games.trio.bots import FEWEST_WORLDS


def test_trio_hard_deals_fewer_worlds_when_weighing_them_would_overrun_its_budget() -> None:
    state = rules.load_game("trio").new_match(players=3, seed=2)
    seat = state.current_player
    hard = make_bot("trio", "hard", seat, seed=1)
    memory = hard.remembered(state.view(seat))
    hard._weigh = 10.0  # ten seconds to weigh a deal for a reveal: no more than the fewest fit
    assert len(hard.imagine(memory, None, 3)) == FEWEST_WORLDS
    hard._weigh = 0.0  # weighing for free: dealing alone fills the budget, up to every sample
    hard.budget_ms = 60_000.0
    assert len(hard.imagine(memory, None, 3)) == hard.samples
    hard.budget_ms = None  # no budget: every sample
    assert len(hard.imagine(memory)) == hard.samples


def test_trio_hard_times_its_weighing_for_the_next_decision() -> None:
    state = rules.load_game("trio").new_match(players=3, seed=2)
    seat = state.current_player
    hard = make_bot("trio", "hard", seat, seed=1)
    hard._weigh = 0.0
    hard.choose(state.view(seat))
    assert hard._weigh > 0.0
