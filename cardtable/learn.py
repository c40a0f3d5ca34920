"""Learning a game: its lesson (``rules.lessons``) played at the table with the coach beside the
player. :func:`start_lesson` opens it from the menu, a game's New game screen, the rules (F1) or
``cardtable --learn GAME``; the table's coach calls :func:`open_step` to start a lesson's next
scene or to put a step back (Back), and :func:`lesson_done` at its end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules
from rules.config import tomllib
from rules.lessons import Coach, Lesson, lesson_for
from rules.registry import game_specs

from . import lessons_done
from .userfiles import one_line

DEFAULT_MINUTES = 10

if TYPE_CHECKING:
    from .scene import Host


def lesson_of(game_id: str) -> tuple[Lesson | None, str | None]:
    """The game's lesson, or None and why not (one line: a broken lesson never stops the game)."""
    try:
        game = rules.load_game(game_id)
        return lesson_for(game), None
    except rules.RulesError as exc:
        return None, f"The lesson cannot be opened: {one_line(str(exc), 160)}"
    except Exception as exc:  # noqa: BLE001 - a plugin's package may raise anything
        return None, f"The lesson cannot be opened: {one_line(f'{type(exc).__name__}: {exc}', 160)}"


def has_lesson(game_id: str) -> bool:
    """Whether the game's spec names a lesson (the file is read only when it is opened)."""
    spec = game_specs().get(game_id)
    return bool(getattr(spec, "lesson", None))


def lesson_minutes(game_id: str) -> int:
    """How long the game's lesson takes, as its file says (10 when it does not say, or cannot be
    read: the menu reads no more than this before the lesson is opened)."""
    spec = game_specs().get(game_id)
    try:
        data = tomllib.loads(spec.resource_path(spec.lesson, "lesson").read_text(encoding="utf-8"))
        minutes = data.get("minutes", DEFAULT_MINUTES)
    except Exception:  # noqa: BLE001 - a broken lesson says so when it is opened
        return DEFAULT_MINUTES
    return minutes if isinstance(minutes, int) and 0 < minutes < 100 else DEFAULT_MINUTES


def start_lesson(app: Host, game_id: str) -> bool:
    """Open ``game_id``'s lesson at the table over the current screen; a problem is a toast."""
    lesson, problem = lesson_of(game_id)
    if lesson is None:
        app.toast(problem or "This game has no lesson yet.")
        return False
    return open_step(app, Coach(lesson), replace=False)


def open_step(app: Host, coach: Coach, record: dict[str, Any] | None = None, replace: bool = True) -> bool:
    """The table for the coach's step: a new scene's match, or ``record`` replayed (Back)."""
    from .session import Session

    try:
        game = rules.load_game(coach.lesson.game_id)
        scene = coach.new_scene if coach.new_scene is not None else coach.step.scene
        state = rules.replay(record) if record is not None else coach.lesson.new_match(game, scene)
    except rules.RulesError as exc:
        app.toast(f"The lesson cannot go on: {one_line(str(exc), 160)}")
        return False
    coach.begin(state)
    app.open("table", replace=replace, session=Session.for_lesson(state, replayed=record is not None), coach=coach)
    return True


def lesson_done(game_id: str) -> str | None:
    """Count the lesson as finished; a problem with the disk is returned as one line."""
    try:
        lessons_done.record(game_id)
    except OSError as exc:
        return f"The lesson could not be counted: {exc.strerror or exc}"
    return None


def play_real_match(app: Host, coach: Coach) -> None:
    """The New game screen for the lesson's game, preset to its variant with the bots on the
    level it names (``easy``)."""
    lesson = coach.lesson
    app.to_menu()
    preset = (lesson.then_variant, lesson.scenes[0].players, lesson.then_level)
    try:
        app.open("new-game", game_id=lesson.game_id, preset=preset)
    except rules.RulesError as exc:
        app.toast(one_line(str(exc), 160))
