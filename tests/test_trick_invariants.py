"""The trick games' own random-play invariants (Tribello, both versions of 3-Player Troeven), on
top of everything :func:`invariants.random_sim_test` checks for every game
(``test_game_invariants.py``): the trick on the table is the trick zone, the dummy shows a
face-up card over each face-down one and is played by its caller, a match over has winners
and some reach their end; and normal bots play legal moves from their views and beat random ones.

To keep the default run short a match starts late (``start``): Tribello at a deal of any
round, played for at most two deals (so round changes and the match's end both come up);
Troeven with tallies of 1 or 2, so it ends within a few deals. The slow run plays 600
matches, Tribello's to their end, in parts of a few minutes each: every step of every match is
checked; every tenth match deeply (every view at every step, clones, samples, undo chains) and
the rest's views at ``SLOW_VIEW_STEPS``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from invariants import GameChecks, play_out, random_sim_test

import rules
from rules.bots import make_bot
from rules.tricks import DUMMY

CASES = [
    ("tribello", None, {}),
    ("tribello", None, {"follow_rule": "follow_or_trump"}),
    ("troeven", "dummy", {}),
    ("troeven", "thirty", {}),
]
DEFAULT_MATCHES = 32  # in all, shared by the cases
SLOW_MATCHES = 600  # in all, played to the end of the match (Tribello: 300 matches, 3,600 deals)
SLOW_PARTS = 3  # per case: no part runs near pytest's faulthandler_timeout on a slow machine
SLOW_VIEW_STEPS = 80  # steps whose views are checked in a match that is not a deep one
TRIBELLO_DEALS_PLAYED = 2


class TrickChecks(GameChecks):
    def state(self, state: rules.State) -> None:
        """The trick on the table is the trick zone, and the dummy shows a face-up card over each
        face-down one and is played by its caller; a match over has winners."""
        if state.is_over:
            assert state.winners
            return
        public = state.view(None).public
        assert [card for _place, card in public["trick"]] == [state.deck.text(c) for c in state.zones["trick"]]
        for i in range(public["dummy_columns"]):
            assert not state.zones[f"dummy_down/{i}"] or state.zones[f"dummy_up/{i}"]
        if public["to_play"] == DUMMY:
            assert state.current_player == public["dummy_player"]
            assert all(a.source.startswith("dummy_up/") for a in state.legal_actions())


def late_start(game_id: str, seed: int, deals: int) -> dict[str, Any] | None:
    """Where a test match begins: Tribello at any deal, Troeven with tallies of 1 or 2.

    When whole matches are played (``deals`` 12), every other Troeven match starts afresh.
    """
    rng = random.Random(seed)
    if game_id == "troeven" and deals >= 12 and seed % 2 == 0:
        return None
    if game_id == "tribello":
        return {"deal": 1 + seed % 12, "scores": [int(rng.random() * 9) - 4 for _ in range(3)]}
    return {"deal": 1 + seed % 5, "scores": [1 + int(rng.random() * 2) for _ in range(3)]}


def play_checked(
    game_id: str,
    variant: str | None,
    settings: dict[str, Any],
    seed: int,
    deep: bool = True,
    deals: int = TRIBELLO_DEALS_PLAYED,
    view_steps: int | None = None,
) -> rules.State:
    """Play one seeded random match (or its first ``deals`` deals), checking every state (its
    views at ``view_steps`` of them, if given)."""
    return random_sim_test(
        game_id,
        variant,
        None,
        seed,
        settings=settings,
        start=late_start(game_id, seed, deals),
        deals=deals,
        deep=deep,
        view_steps=view_steps,
        checks=TrickChecks(),
    )


@pytest.mark.parametrize(("game_id", "variant", "settings"), CASES)
def test_the_trick_and_the_dummy_hold_and_matches_end(game_id, variant, settings):
    finished = 0
    for seed in range(4, 4 + DEFAULT_MATCHES // len(CASES)):  # Tribello from deals 5 to 12: some end
        state = play_checked(game_id, variant, settings, seed, deep=seed % 5 == 0)
        finished += state.is_over
    assert finished > 0, "some matches reach their end"


@pytest.mark.slow
@pytest.mark.parametrize("part", range(SLOW_PARTS))
@pytest.mark.parametrize(("game_id", "variant", "settings"), CASES)
def test_many_random_matches_keep_every_invariant(game_id, variant, settings, part):
    per_part = SLOW_MATCHES // len(CASES) // SLOW_PARTS
    first = 1000 + part * per_part
    for seed in range(first, first + per_part):
        deep = seed % 10 == 0
        views = None if deep else SLOW_VIEW_STEPS
        play_checked(game_id, variant, settings, seed, deep=deep, deals=12, view_steps=views)


@pytest.mark.parametrize(("game_id", "variant", "settings"), CASES)
def test_normal_bots_play_legal_actions_from_their_views_and_beat_random_ones(game_id, variant, settings):
    """Each seat's bot sees only ``view(seat)``; the normal bot in seat 0 outscores the random ones."""
    game = rules.load_game(game_id)
    better = 0
    matches = 12
    for seed in range(matches):
        state = game.new_match(variant=variant, settings=settings, seed=seed, dealer=seed % 3)
        bots = [make_bot(game_id, "normal" if seat == 0 else "random", seat, seed) for seat in range(3)]
        play_out(state, bots)
        # Tribello: higher is better; Troeven: the tally, lower is better.
        mine, others = state.scores[0], state.scores[1:]
        better += mine > max(others) if game_id == "tribello" else mine < min(others)
    assert better > matches // 2
