"""The Oh Hell plugin's lesson (examples/cardtable-ohhell/cardtable_ohhell/lesson.toml, issue 22):
a plugin ships a lesson through its SPEC like a built-in game. It loads, plays through to the end
of its one deal, and its story happens: the player deals, the dealer's hook forbids the bid of 2
(Ada 1 + Ben 0 + 2 = 3 tricks), the player bids 1 and takes exactly one trick; Ben misses. At
every step that waits for a move, another move gets the step's advice; a hooked bid first gets
the rules' own reason.

The plugin is found as in ``test_ohhell_plugin.py`` (installed, or put on ``sys.path`` by its
fixture, imported here)."""

from __future__ import annotations

import pytest
from lesson_replay import assert_other_moves_advised, lesson_fixtures, replay
from test_ohhell_plugin import ohhell  # noqa: F401  (the autouse fixture: the plugin, found)

import rules
from rules.lessons import PLAYER, Lesson


@pytest.fixture(scope="module")
def game(ohhell) -> rules.Game:  # noqa: F811  (the fixture imported above)
    return rules.load_game("ohhell")


lesson, played = lesson_fixtures()


def test_the_plugins_lesson_is_found_through_its_spec(ohhell, lesson: Lesson):  # noqa: F811
    assert ohhell.lesson == "cardtable_ohhell:lesson.toml"
    assert lesson.path.endswith("cardtable_ohhell/lesson.toml")
    assert lesson.then_level == "easy" and lesson.scenes[0].dealer == PLAYER
    assert 8 <= len(lesson.steps) <= 20


def test_the_arranged_deal_is_the_one_the_story_needs(lesson: Lesson, game: rules.Game):
    state = lesson.new_match(game)
    text = state.deck.text
    hands = {zone: sorted(text(c) for c in state.zones[zone]) for zone in ("hand/0", "hand/1", "hand/2")}
    assert hands == {"hand/0": ["3H", "AS", "KH"], "hand/1": ["4D", "9C", "AH"], "hand/2": ["5H", "JD", "QC"]}
    assert [text(c) for c in state.zones["trump"]] == ["7S"]
    everything = sorted(text(c) for cards in state.zones.values() for c in cards)
    assert everything == sorted(text(c) for c in range(52)), "every card of the deck once"
    assert state.current_player == 1, "Ada, left of the dealer, bids first"


def test_the_hook_forbids_the_natural_bid_and_the_player_makes_exactly_one(lesson, game, played):
    state, moves = played
    assert [(seat, text) for _, seat, text in moves if text.startswith("bid")] == [
        (1, "bid 1"),
        (2, "bid 0"),
        (PLAYER, "bid 1"),
    ]
    result = state.deal_results[0].details
    assert result["bids"] == (1, 1, 0) and result["tricks"] == (1, 1, 1)
    assert result["exact"] == (True, True, False), "the hook made somebody miss: Ben"
    assert state.deal_results[0].scores == (11, 11, 0)
    assert [text for _, seat, text in moves if seat == PLAYER] == ["bid 1", "play KH", "play 3H", "play AS"]
    steps = replay(lesson, game, moves)
    for before, _coach, seat, text in steps:
        if seat == PLAYER and text == "bid 1":
            legal = [a.text for a in before.legal_actions()]
            assert legal == ["bid 0", "bid 1", "bid 3"], "the hook takes 2 away"
            assert "dealer's hook" in before.why_not("bid 2")
        steps.send(None)


def test_every_bot_move_is_scripted_or_the_only_one(lesson: Lesson, game: rules.Game, played):
    _, moves = played
    scripted = [text for step in lesson.steps for text in step.bots]
    steps = replay(lesson, game, moves)
    made = []
    for before, _coach, seat, text in steps:
        if seat != PLAYER:
            legal = [a.text for a in before.legal_actions()]
            if text in scripted[len(made) : len(made) + 1]:
                made.append(text)
            else:
                assert legal == [text], f"{text}: an unscripted bot move with a choice ({legal})"
        steps.send(None)
    assert made == scripted


def test_another_move_at_every_move_step_gets_the_steps_advice(lesson: Lesson, game: rules.Game, played):
    _, moves = played
    tried = 0
    steps = replay(lesson, game, moves)
    for before, coach, seat, text in steps:
        step = coach.step
        if seat == PLAYER and step.until == "move":
            assert assert_other_moves_advised(before, coach, text), f"step {coach.index + 1} allows every legal move"
            tried += 1
        if text == "bid 1" and seat == PLAYER:
            why = before.why_not("bid 2")
            assert coach.verdict("bid 2", why) == f"{why} {step.otherwise}"
        steps.send(None)
    assert tried == sum(step.until == "move" for step in lesson.steps) == 3


def test_every_target_is_on_the_table(lesson: Lesson, game: rules.Game, played):
    """Zones the lesson points at exist; a card it points at is in the player's hand at its step;
    a button it points at is a legal move's label then."""
    _, moves = played
    seen: dict[int, tuple[list[str], list[str], set[str]]] = {}
    steps = replay(lesson, game, moves)
    for before, coach, _seat, _text in steps:
        seen.setdefault(
            coach.index,
            (
                [before.deck.text(c) for c in before.zones["hand/0"]],
                [a.label for a in before.legal_actions()],
                set(before.zones),
            ),
        )
        steps.send(None)
    for i, step in enumerate(lesson.steps):
        kind, name = step.target or ("", "")
        hand, labels, zones = seen[min(index for index in seen if index >= i)]
        if kind == "zone":
            assert name in zones, f"step {i + 1} points at {name}"
        elif kind == "card":
            assert name in hand, f"step {i + 1} points at {name}, not in the player's hand"
        elif kind == "button":
            assert name in labels, f"step {i + 1} points at a button {name} the table does not show"
