"""Every game's ``easy`` is ``normal`` with a person's slips, never random play.

From seeded matches of one ``easy`` against two ``normal``, each ``easy`` decision is also put to
a ``normal`` bot of the same seat that saw the same events: ``easy`` must choose a legal action
every time and differ from ``normal``'s action in some decisions but not in most (Trio's bots
sample, so a bounded share there).
How strong that makes ``easy`` (0.6×–0.9× of a fair share against two ``normal``) is measured by
``bench/easy_share.py``, never asserted here.
"""

from __future__ import annotations

import pytest

import rules
from rules.actions import events_for
from rules.bots import Bot, make_bot
from rules.shuffle import sub_seed

# (game, variant, matches, settings, the most decisions easy may differ in): short matches where a
# whole one is long. Trio's bots choose by sampling deals with their own generator, so there two
# ``normal``s with different seeds already differ in many decisions.
CASES = [
    ("tribello", "standard", 2, None, 0.5),
    ("troeven", "dummy", 2, None, 0.5),
    ("troeven", "thirty", 2, None, 0.5),
    ("trio", "simple", 2, None, 0.9),
    ("try", "standard", 4, None, 0.5),
    ("tryce", "standard", 1, None, 0.5),
]


def differences(game_id: str, variant: str, matches: int, settings: dict | None) -> tuple[int, int]:
    """(decisions where easy chose other than normal would have, easy's decisions with a choice)."""
    game = rules.load_game(game_id)
    differ = decisions = 0
    for match in range(matches):
        seed = sub_seed(2024, match)
        easy_seat = match % 3
        state = game.new_match(players=3, variant=variant, seed=seed, settings=settings)
        bots = [
            make_bot(game_id, "easy" if s == easy_seat else "normal", s, sub_seed(seed, 1000 + s)) for s in range(3)
        ]
        shadow = make_bot(game_id, "normal", easy_seat, sub_seed(seed, 1000 + easy_seat))
        watching = [b for b in [*bots, shadow] if type(b).observe is not Bot.observe]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            chosen = bots[seat].choose(view)
            assert chosen in view.legal, (game_id, chosen)
            if seat == easy_seat and len(view.legal) > 1:
                decisions += 1
                differ += shadow.choose(view) != chosen
            events = state.apply(chosen, events=bool(watching))
            for bot in watching:
                bot.observe(events_for(events, bot.seat))
    return differ, decisions


@pytest.mark.parametrize(
    ("game_id", "variant", "matches", "settings", "most"), CASES, ids=[f"{g}-{v}" for g, v, *_ in CASES]
)
def test_easy_plays_legally_and_differs_from_normal_in_some_decisions(game_id, variant, matches, settings, most):
    if game_id not in rules.list_games():
        pytest.skip(f"{game_id} is not installed here")
    assert make_bot(game_id, "easy", 0, 1).level == "easy"
    differ, decisions = differences(game_id, variant, matches, settings)
    assert decisions >= 20
    assert 0 < differ < most * decisions, (differ, decisions)
