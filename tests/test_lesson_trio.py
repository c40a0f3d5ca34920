"""Trio's lesson (rules/games/trio/lesson.toml, issue 22): it loads, plays through to the end of
the match, and the story it tells happens: the player's first turn ends in a mismatch, the
player takes the trio of 1s (one of them from Ada's hand) and wins with the connected trio of
8s (one of them from the middle place the mismatch showed). The arranged deal keeps Trio's
invariants, and at every step that waits for a move, another move gets the step's advice."""

from __future__ import annotations

from lesson_replay import assert_other_moves_advised, lesson_fixtures
from lesson_replay import replay as replay_moves
from test_trio_invariants import TrioChecks

import rules
from rules.lessons import PLAYER, Lesson

TRIO = rules.load_game("trio")


lesson, played = lesson_fixtures(TRIO)


def replay(lesson: Lesson, moves: list[tuple[int, int, str]]):
    return replay_moves(lesson, TRIO, moves)


def test_the_lesson_is_a_spicy_three_player_match_of_short_steps(lesson: Lesson):
    scene = lesson.scenes[0]
    assert (scene.variant, scene.players, lesson.then_variant, lesson.then_level) == ("spicy", 3, "spicy", "easy")
    assert 15 <= len(lesson.steps) <= 30
    assert all(len(step.say.split()) <= 60 for step in lesson.steps)
    moves = [step for step in lesson.steps if step.until == "move"]
    assert len(moves) >= len(lesson.steps) / 3, "taught by doing: a third of the steps at least are moves"


def test_the_arranged_deal_is_legal_and_the_player_starts(lesson: Lesson):
    state = lesson.new_match(TRIO)
    TrioChecks().state(state)
    assert sorted(state.deck.text(c) for zone in state.zones.values() for c in zone) == sorted(
        str(n) for n in range(1, 13) for _ in range(3)
    )
    assert state.current_player == PLAYER
    assert [state.deck.text(c) for c in state.zones["hand/0"]] == ["1", "1", "2", "3", "4", "4", "5", "8", "8"]


def test_the_lesson_plays_to_the_players_win_with_connected_trios(played):
    state, moves = played
    assert state.is_over and state.winners == [PLAYER]
    assert state.reason == "two connected trios (1 and 8)"
    assert state.trio_numbers([PLAYER]) == [1, 8]
    assert all(state.trio_numbers([seat]) == [] for seat in (1, 2)), "the bots take no trio"


def test_the_story_a_mismatch_then_the_trio_of_1s_then_the_8s(lesson: Lesson, played):
    _, moves = played
    checks = TrioChecks()
    turns = []  # (seat, result, the numbers revealed) of every turn
    shown: list[str] = []
    steps = replay(lesson, moves)
    for state, _coach, _seat, _text in steps:
        checks.state(state)
        events = steps.send(None)
        shown += [e["card"] for e in events if e.kind == "reveal"]
        for event in events:
            if event.kind == "turn_over":
                turns.append((event["seat"], event["result"], shown))
                shown = []
    checks.state(state)
    mine = [turn for turn in turns if turn[0] == PLAYER]
    assert mine[0] == (PLAYER, "mismatch", ["1", "8"])
    assert mine[1] == (PLAYER, "trio", ["1", "1", "1"])
    assert [t for t in turns if t[0] != PLAYER] == [
        (1, "mismatch", ["1", "12"]),
        (2, "mismatch", ["10", "12"]),
        (1, "mismatch", ["5", "6"]),
        (2, "mismatch", ["2", "9"]),
    ]
    player = [text for _, seat, text in moves if seat == PLAYER]
    assert player == [
        "reveal low 0",
        "reveal middle/4",
        "reveal low 0",
        "reveal low 0",
        "reveal low 1",
        "reveal high 0",
        "reveal high 0",
        "reveal middle/4",
    ]


def test_every_bot_move_is_scripted(lesson: Lesson, played):
    """The story does not depend on what the normal bot would choose."""
    _, moves = played
    scripted = [text for step in lesson.steps for text in step.bots]
    assert [text for _, seat, text in moves if seat != PLAYER] == scripted


def test_every_target_is_on_the_table(lesson: Lesson, played):
    """Zones the lesson points at exist; a card it points at is in the player's hand then."""
    _, moves = played
    state = lesson.new_match(TRIO)
    hand_at = {}
    steps = replay(lesson, moves)
    for before, coach, _seat, _text in steps:
        hand_at.setdefault(coach.index, [before.deck.text(c) for c in before.zones["hand/0"]])
        steps.send(None)
    for i, step in enumerate(lesson.steps):
        kind, name = step.target or ("", "")
        if kind == "zone":
            assert name in state.zones, f"step {i + 1} points at {name}"
        elif kind == "card":
            later = [hand for index, hand in hand_at.items() if index >= i]
            assert name in later[0], f"step {i + 1} points at a {name}, not in the player's hand"
        elif kind == "plate":
            assert 0 <= int(name) < state.players


def test_another_move_at_every_move_step_gets_the_steps_advice(lesson: Lesson, played):
    _, moves = played
    tried = 0
    steps = replay(lesson, moves)
    for state, coach, seat, text in steps:
        step = coach.step
        if seat == PLAYER and step.until == "move":
            assert assert_other_moves_advised(state, coach, text), f"step {coach.index + 1} allows every legal move"
            # A card inside a hand is refused by the rules first, then the lesson advises.
            inner = state.zones["hand/0"][1]
            why = state.why_not(inner, "hand/0", "revealed")
            said = coach.verdict(state.deck.text(inner), why)
            assert said == f"{why} {step.otherwise}" and "lowest or the highest" in why
            tried += 1
        steps.send(None)
    assert tried == sum(step.until == "move" for step in lesson.steps) == 8
