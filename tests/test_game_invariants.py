"""Random play over every game, every variant and every player count it allows (DESIGN.md:
"One test harness over all games"): a game is covered from its first commit, with nothing to
add here. The invariants are those of :func:`invariants.random_sim_test`; each game's own (Try's
secret suit, Trio's sorted hands, the trick on the table) are small tests in its own file.

Some matches are played with random house rules (the TOML's bool and choice settings that the
variant leaves open). ``QUICK`` only makes known games cheaper to cover in the default run (a
late start, a few deals, views checked on some steps of Trio's thousands); a game missing from
it is played from its first deal to its end, every step checked.
"""

from __future__ import annotations

import random
import tempfile
from typing import Any

import pytest
from invariants import random_sim_test

import rules

DEFAULT_MATCHES = 10  # per game (at least 2 per case), shared by its variants and player counts, unless MATCHES says;
# the slow run plays thousands of whole matches of every game
MATCHES = {"try": 140, "tribello": 60, "troeven": 70, "trio": 72, "tryce": 8}  # with each game's own test: ~450 in all
HOUSE_RULES_EVERY = 3  # every third match plays with random house rules


def late_deal(seed: int, rng: random.Random, players: int) -> dict[str, Any]:
    return {"deal": 1 + seed % 12, "scores": [int(rng.random() * 9) - 4 for _ in range(players)]}


def any_hand(seed: int, rng: random.Random, players: int) -> dict[str, Any]:
    return {"deal": 7 - seed % 7}  # the last hand first: a match ends


def low_tallies(seed: int, rng: random.Random, players: int) -> dict[str, Any]:
    return {"deal": 1 + seed % 5, "scores": [1 + int(rng.random() * 2) for _ in range(players)]}


def near_target(seed: int, rng: random.Random, players: int) -> dict[str, Any]:
    return {"deal": 1 + seed % 5, "scores": [70 + int(rng.random() * 29) for _ in range(players)]}


# game id -> how its default-run matches are kept short: a start (seed, rng -> a record's
# "start"), how many deals are played, on how many steps views and events are checked, and
# one match in how many gets the deep checks (DEEP_EVERY unless said).
QUICK: dict[str, dict[str, Any]] = {
    "tribello": {"start": late_deal, "deals": 2, "deep_every": 5},  # any deal of any round: the end comes up
    "troeven": {"start": low_tallies, "deals": 2, "deep_every": 5},  # tallies of 1 or 2: the end comes soon
    "trio": {"view_steps": 12},  # a random match takes thousands of reveals
    "tryce": {"start": any_hand, "deals": 1, "view_steps": 24},  # one of the seven hands, ~350 random actions
    "rummy": {"start": near_target, "view_steps": 24},  # the example plugin: penalties near its 100
}
DEEP_EVERY = 2


def cases() -> list[tuple[str, str, int]]:
    """(game, variant, players) for every game found, every variant, every count it allows
    (the games installed, not the house rules of whoever runs the tests: an empty user folder)."""
    with tempfile.TemporaryDirectory() as home, pytest.MonkeyPatch.context() as env:
        env.setenv("CARDTABLE_HOME", home)
        games = rules.list_games()
    out = []
    for game_id in games:
        game = rules.load_game(game_id)
        for variant in game.variants:
            out += [(game_id, variant, players) for players in game.player_counts(variant)]
    return out


CASES = cases()


def house_rules(game: rules.Game, variant: str, rng: random.Random) -> dict[str, Any]:
    """Random values for the bool and choice settings the variant leaves open."""
    fixed = game.config.variants[variant].get("settings", {})
    values: dict[str, Any] = {}
    for name, spec in sorted(game.settings_spec().items()):
        if name in fixed:
            continue
        if spec["type"] == "bool":
            values[name] = rng.random() < 0.5
        elif spec["type"] == "choice":
            values[name] = spec["choices"][int(rng.random() * len(spec["choices"]))]
    return values


def play(game_id: str, variant: str, players: int, seed: int) -> rules.State:
    game = rules.load_game(game_id)
    rng = random.Random(-1 - seed)
    plan = QUICK.get(game_id, {})
    deep = seed % plan.get("deep_every", DEEP_EVERY) == 0
    settings = house_rules(game, variant, rng) if seed % HOUSE_RULES_EVERY == 0 else {}
    if game.player_counts(variant, settings) != game.player_counts(variant):
        settings = {}  # a house rule that changes who may play is not this case's
    start = plan["start"](seed, rng, players) if "start" in plan else None
    return random_sim_test(
        game_id,
        variant,
        players,
        seed,
        settings=settings,
        start=start,
        deals=plan.get("deals"),
        deep=deep,
        view_steps=plan.get("view_steps"),
    )


def share(game_id: str) -> int:
    """The default run's matches for one case of ``game_id``."""
    count = sum(1 for case in CASES if case[0] == game_id)
    return max(2, round(MATCHES.get(game_id, DEFAULT_MATCHES) / count))


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES)
def test_random_play_keeps_every_invariant(game_id: str, variant: str, players: int) -> None:
    ended = 0
    for seed in range(share(game_id)):
        state = play(game_id, variant, players, seed)
        ended += state.is_over
    assert ended, "some matches reach their end"


SLOW_MATCHES = 40  # whole matches per game without a long run of its own (a plugin, a new game)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted({case[0] for case in CASES} - set(MATCHES)))
def test_many_whole_matches_of_every_other_game(game_id: str) -> None:
    """The built-in games have their long runs in their own files; any other game found gets
    ``SLOW_MATCHES`` whole matches here, from the first deal, every step checked."""
    cases = [case for case in CASES if case[0] == game_id]
    ended = 0
    for seed in range(SLOW_MATCHES):
        _, variant, players = cases[seed % len(cases)]
        state = random_sim_test(game_id, variant, players, 1000 + seed, deep=seed % 10 == 0)
        ended += state.is_over
    assert ended == SLOW_MATCHES, "every whole match reaches its end"
