"""The headless engine contract (DESIGN.md): what the app, bots and the simulator rely on."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from rules.shuffle import seeded, shuffle, sub_seed

RULES_DIR = Path(rules.__file__).parent


def random_match(seed: int, players: int = 3) -> rules.State:
    state = rules.load_game("try").new_match(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))], events=False)
    return state


# ------------------------------------------------------------------- no pygame
def test_no_rules_module_imports_pygame_when_run():
    code = (
        "import sys, pkgutil, importlib\n"
        "sys.modules['pygame'] = None\n"
        "import rules, rules.bots, rules.games.try_.procedure\n"
        "for info in pkgutil.walk_packages(rules.__path__, 'rules.'):\n"
        "    importlib.import_module(info.name)\n"
        "state = rules.load_game('try').new_match(players=3, seed=1)\n"
        "while not state.is_over:\n"
        "    state.apply(state.legal_actions()[0])\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_no_rules_source_mentions_a_pygame_import():
    pattern = re.compile(r"^\s*(import|from)\s+pygame\b|import_module\(\s*['\"]pygame", re.MULTILINE)
    offenders = [
        str(path.relative_to(RULES_DIR))
        for path in RULES_DIR.rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


# ---------------------------------------------------------------------- games
def test_list_games_contains_try(user_home):
    games = rules.list_games()
    assert "try" in games
    assert games == sorted(games)


def test_load_game_of_an_unknown_id_raises_rules_error(user_home):
    with pytest.raises(rules.RulesError, match="nope"):
        rules.load_game("nope")


def test_try_game_describes_itself(try_game):
    assert try_game.name == "Try"
    assert try_game.variants[0] == "standard"
    assert (try_game.min_players, try_game.max_players) == (2, 3)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 4},
        {"players": "3"},
        {"players": True},
        {"variant": "nope"},
        {"seats": [{"name": "Ann"}]},
        {"seats": [{"name": "Ann", "kind": "robot"}] * 3},
        {"seats": [{"name": "Ann", "kind": "bot", "level": "genius"}] * 3},
        {"seats": ["Ann", "Bob", "Cy"]},
        {"settings": {"nope": 1}},
        {"settings": {"threshold": "high"}},
        {"settings": {"threshold": 1000}},
        {"settings": {"tryer_discards": 1}},
        {"settings": {"removed": 41}},
        {"seed": "42"},
        {"dealer": 3},
    ],
    ids=repr,
)
def test_new_match_refuses_bad_arguments_with_rules_error(try_game, kwargs):
    with pytest.raises(rules.RulesError):
        try_game.new_match(**kwargs)


def test_new_match_keeps_seats_and_draws_the_dealer_from_the_seed(try_game):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "bot", "level": "easy"}]
    state = try_game.new_match(players=2, seed=5, seats=seats)
    assert state.to_record()["seats"] == seats
    assert state.view(0).names == ("Ann", "Bo")
    dealers = {try_game.new_match(players=3, seed=seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    assert try_game.new_match(players=3, seed=5, dealer=2).dealer == 2


# ----------------------------------------------------------------- randomness
def test_same_seed_and_same_actions_give_the_same_match():
    assert random_match(11).to_record() == random_match(11).to_record()
    assert random_match(11).to_record()["deals"][0]["layout"] != random_match(12).to_record()["deals"][0]["layout"]


def test_the_shuffle_is_stable_seed_42(try_game):
    # A golden value: a change to the shuffle, the sub-seeds or the deal order shows up here.
    state = try_game.new_match(players=3, seed=42)
    layout = state.to_record()["deals"][0]["layout"]
    assert state.dealer == 1
    assert layout["removed"][:5] == ["7F", "12S", "1S", "10D", "9K"]
    assert layout["hand/2"] == ["11D", "8B", "5D", "11K", "10B", "6B"]
    assert layout["hand/0"] == ["3F", "6F", "9S", "W", "11F", "12K"]
    assert layout["stock"][:4] == ["2B", "4K", "7K", "11B"]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**31 - 1, 2**32, 2**48 - 1, sub_seed(42, 3)])
def test_a_deal_generator_is_random_random_of_its_seed(seed):
    # seeded() skips Random.seed's Python layer: the generator must be exactly Random(seed)'s.
    made, plain = seeded(seed), random.Random(seed)
    assert made.getstate() == plain.getstate()
    assert [made.random() for _ in range(5)] == [plain.random() for _ in range(5)]
    assert made.gauss(0, 1) == plain.gauss(0, 1) and made.getstate() == plain.getstate()


@pytest.mark.parametrize("length", [0, 1, 2, 3, 13, 52, 108])
def test_the_shuffle_is_fisher_yates_on_random_random(length):
    # The shuffle steps through kept float spans: the same swaps as the plain formula below.
    for seed in range(20):
        items, expected = list(range(length)), list(range(length))
        shuffle(items, random.Random(seed))
        rng = random.Random(seed)
        for i in range(length - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected


# -------------------------------------------------------------------- actions
def test_parse_action_round_trips_every_legal_action_text():
    for seed in range(10):
        state = rules.load_game("try").new_match(players=2 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                assert state.parse_action(action.text) == action
                assert state.parse_action(f"  {action.text.upper()} ") == action
            state.apply(actions[int(rng.random() * len(actions))], events=False)


def test_actions_name_no_card_their_actor_cannot_see():
    state = rules.load_game("try").new_match(players=3, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        seat = state.current_player
        for action in state.legal_actions():
            if action.card is not None:
                assert state.zone_visible(action.source, seat)
            if action.text == "draw stock":
                assert action.card is None and not action.undoable
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))], events=False)


def illegal_attempts(state: rules.State) -> list[object]:
    """Texts and actions that are not legal now: wrong phase, another hand, unknown card."""
    other = (state.current_player + 1) % state.players
    their_card = state.zones[f"hand/{other}"][0]
    return [
        "discard 99X",
        "play 3S",
        "",
        "draw",
        "bid",
        "discard " + state.deck.text(their_card),
        rules.Action("discard", "discard " + state.deck.text(their_card), their_card, f"hand/{other}", "discard"),
        rules.Action("draw", "draw stock", None, "stock", f"hand/{other}", undoable=False),
    ]


@pytest.mark.parametrize("moves", [0, 3, 4, 5], ids=["bidding", "drawing", "discarding", "next-turn"])
def test_apply_of_an_illegal_action_raises_and_leaves_the_state_unchanged(try_game, moves):
    state = try_game.new_match(players=3, seed=9)
    for _move in range(moves):
        state.apply(state.legal_actions()[0])
    legal = [a.text for a in state.legal_actions()]
    attempts = illegal_attempts(state) + [t for t in ("draw stock", "draw discard") if t not in legal]
    for attempt in attempts:
        record, views = state.to_record(), [state.view(s) for s in (0, 1, 2, None)]
        with pytest.raises(rules.IllegalAction) as refused:
            state.apply(attempt)
        assert str(refused.value)
        assert state.to_record() == record
        assert [state.view(s) for s in (0, 1, 2, None)] == views


def test_a_finished_match_refuses_every_action():
    state = random_match(4)
    assert state.legal_actions() == []
    with pytest.raises(rules.IllegalAction, match="over"):
        state.apply("draw stock")


# ---------------------------------------------------------------------- views
def test_a_view_is_frozen_and_round_trips_through_json(try_game):
    state = try_game.new_match(players=3, seed=2)
    view = state.view(state.current_player)
    data = json.loads(json.dumps(view.to_json()))
    assert data["seat"] == state.current_player
    assert rules.View.from_json(data) == view
    refused = [
        lambda: setattr(view, "seat", 1),
        lambda: delattr(view, "seat"),
        lambda: view.zones.__setitem__("stock", ()),
        lambda: view.public.update(phase="over"),
        lambda: view.settings.clear(),
    ]
    for attempt in refused:
        with pytest.raises((TypeError, AttributeError)):
            attempt()
    assert view == state.view(state.current_player)


def test_a_spectator_view_shows_public_zones_only(try_game):
    state = try_game.new_match(players=3, seed=2)
    for _seat in range(3):
        state.apply(state.legal_actions()[0])
    zones = state.view(None).zones
    assert zones["discard"] != (None,)
    assert all(set(cards) <= {None} for zone, cards in zones.items() if zone != "discard")
    assert state.view(None).legal == ()


def test_events_for_shows_a_secret_move_blanked_to_others(try_game):
    state = try_game.new_match(players=3, seed=2)
    seat = state.current_player
    events = state.apply(state.legal_actions()[0])
    (mine,) = rules.events_for(events, seat)
    (theirs,) = rules.events_for(events, (seat + 1) % 3)
    assert mine["card"] is not None and mine["target"] == f"bid/{seat}"
    assert theirs["card"] is None and theirs["target"] == f"bid/{seat}"
    assert rules.events_for([rules.Event("whisper", {"text": "psst"}, frozenset({seat}))], None) == []


def test_apply_without_events_returns_none_built(try_game):
    state = try_game.new_match(players=2, seed=2)
    assert state.apply(state.legal_actions()[0], events=False) == []


# ---------------------------------------------------------------- house rules
EASY = """schema = 1
extends = "try"
id = "try-easy"
name = "Try (easy)"
settings = { threshold = 50 }
"""


def test_a_house_rule_file_in_the_user_folder_is_a_game(user_home):
    (user_home / "rules").mkdir()
    (user_home / "rules" / "easy.toml").write_text(EASY, encoding="utf-8")
    assert "try-easy" in rules.list_games()
    game = rules.load_game("try-easy")
    assert game.name == "Try (easy)"
    state = game.new_match(players=3, seed=1)
    assert state.settings["threshold"] == 50
    assert state.view(0).public["threshold"] == 50
    while not state.is_over:
        state.apply(state.legal_actions()[0], events=False)
    again = rules.replay(json.loads(json.dumps(state.to_record())))
    assert again.game.id == "try-easy" and again.scores == state.scores
    assert rules.load_game("try").new_match(players=3, seed=1).settings["threshold"] == 65


def test_a_broken_user_file_is_reported_and_breaks_nothing(user_home):
    folder = user_home / "rules"
    folder.mkdir()
    (folder / "easy.toml").write_text(EASY, encoding="utf-8")
    (folder / "broken.toml").write_text(EASY.replace("threshold = 50", "threshold = 50, colour = 3"), encoding="utf-8")
    (folder / "garbled.toml").write_text("schema = = 1\n", encoding="utf-8")
    (folder / "taken.toml").write_text(EASY.replace('"try-easy"', '"try"'), encoding="utf-8")
    games, problems = rules.user_games()
    assert list(games) == ["try-easy"]
    assert len(problems) == 3
    lines = [str(p) for p in problems]
    assert all(line.startswith(f"{p.path}: ") and "\n" not in line for p, line in zip(problems, lines, strict=True))
    assert any("broken.toml" in p and "settings.colour" in p for p in lines)
    assert any("garbled.toml" in p and "line 1" in p for p in lines)
    assert any("taken.toml" in p and "is already a game's id" in p for p in lines)
    assert "try" in rules.list_games() and "try-easy" in rules.list_games()
    with pytest.raises(rules.RulesError):
        rules.load_game("broken")
