"""A lesson's play-through (``rules.lessons.play_through``) walked again move by move, with the
coach kept in step as the table keeps it: shared by the per-game lesson tests."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

import rules
from rules.lessons import Coach, Lesson, lesson_for, play_through

Moves = list[tuple[int, int, str]]  # (step index, seat, move) of a play-through
Moment = tuple[rules.State, Coach, int, str]  # the match and the coach just before a move, its seat and text


def replay(lesson: Lesson, game: rules.Game, moves: Moves) -> Generator[Any, None, None]:
    """Each move of a play-through (one scene) with the state and the coach just before it;
    ``send(None)`` makes the move and gives back its events."""
    state = lesson.new_match(game)
    coach = Coach(lesson)
    coach.begin(state)
    for index, seat, text in moves:
        while coach.step.until == "next":
            coach.next(state)
        assert coach.index == index, f"the coach is on step {coach.index + 1}, the move was made at {index + 1}"
        yield state, coach, seat, text
        events = state.apply(state.parse_action(text))
        coach.played(state, seat, text)
        while coach.settle(state):
            pass
        yield events


def assert_other_moves_advised(state: rules.State, coach: Coach, text: str) -> int:
    """At a step asking for a move (``text`` made there): that move goes through, and every
    other legal move gets the step's advice. Returns how many others there were."""
    step = coach.step
    assert coach.verdict(state.parse_action(text)) is None
    others = [a for a in state.legal_actions() if not step.wants(a.text)]
    for action in others:
        said = coach.verdict(action)
        assert said is not None and step.otherwise in said, f"step {coach.index + 1}: {action.text}"
    return len(others)


def lesson_fixtures(game: rules.Game | None = None) -> tuple[Any, Any]:
    """A lesson test file's module-scoped fixtures ``lesson`` (the lesson ``game``'s spec names;
    without ``game``, the file's own ``game`` fixture's) and ``played`` (its play-through:
    the final state and the moves). ``lesson, played = lesson_fixtures(...)``."""

    def the_game(request: pytest.FixtureRequest) -> rules.Game:
        return game if game is not None else request.getfixturevalue("game")

    @pytest.fixture(scope="module", name="lesson")
    def lesson(request: pytest.FixtureRequest) -> Lesson:
        found = lesson_for(the_game(request))
        assert found is not None, "the game's spec names no lesson"
        return found

    @pytest.fixture(scope="module", name="played")
    def played(request: pytest.FixtureRequest, lesson: Lesson) -> tuple[rules.State, Moves]:
        return play_through(lesson, the_game(request))

    return lesson, played
