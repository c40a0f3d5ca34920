"""Every game's lesson followed at the table to its end with real key presses, once as told
and once trying a move the coach did not ask for at every step; the coach's Back, Skip and
last screen; its bubble in small and large windows and beside the match log; a lesson is
never saved over a match waiting, and a finished one is counted."""

from __future__ import annotations

import pygame
import pytest
from keyboard import press
from lesson_play import follow, inner_steps, moves_made, settle_table, table_of
from pointer import click

import rules
from cardtable import lessons_done, saves
from cardtable.app import App
from cardtable.learn import start_lesson
from cardtable.scenes.newgame import NewGameScene
from rules.bots import levels_for
from rules.registry import game_specs

LESSONS = sorted(gid for gid, spec in game_specs().items() if spec.lesson)


def test_every_built_in_game_and_the_example_ship_a_lesson():
    assert {"try", "tryce", "tribello", "troeven", "trio", "ohhell"} <= set(LESSONS)


def open_lesson(app: App, game_id: str):
    app.start()
    assert start_lesson(app, game_id)
    settle_table(app)
    return table_of(app)


SIZES = [(800, 560), (1920, 1080)]


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_lesson_followed_as_told_keeps_the_bubble_in_view_beside_the_log(user_home, game_id):
    """Followed in a small window with the match log open; at every step the bubble is checked
    there and in a large window: inside the window, left of the log, off its target, its
    buttons inside it."""
    app = App(SIZES[0], fast=True)
    try:
        open_lesson(app, game_id)
        table_of(app).log.toggle()
        settle_table(app)

        def look(table):
            for size in (*SIZES, SIZES[0]):
                table.resize(size)
                table.coach.draw(app.window_surface)  # laid out for this size
                layer = table.coach.layer
                bubble = layer.bubble
                assert pygame.Rect((0, 0), size).contains(bubble), (bubble, size)
                assert bubble.right <= table.log.room(table.size)[0], "the bubble stays left of the log"
                if layer.target is not None:
                    assert not bubble.colliderect(layer.target), (table.coach.coach.step.point, bubble, layer.target)
                assert all(bubble.contains(b.rect) for b in layer.buttons if b.visible)

        followed = follow(app, look=look)
        lesson = table_of(app).coach.coach.lesson
        assert followed.steps == sorted(set(followed.steps)), "the steps come in order, none twice"
        told = [
            i for i, step in enumerate(lesson.steps) if step.until in ("next", "move") and i not in inner_steps(lesson)
        ]
        assert set(told) <= set(followed.steps), "every step the player reads or acts in is shown"
        assert followed.looked == len(followed.steps) and followed.moves
        assert table_of(app).coach.coach.finished
    finally:
        app.stack.clear()


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_move_the_coach_did_not_ask_for_is_answered_and_the_lesson_still_ends(app, game_id):
    """At every step asking for a move, another legal move is made first: the coach answers
    with the step's advice and nothing moves. The lesson then ends, is counted, is never saved
    as a match waiting, and offers a real match against easy bots."""
    open_lesson(app, game_id)
    followed = follow(app, stray=True)
    assert followed.answers, "some step asks for a move where another is legal"
    table = table_of(app)
    lesson = table.coach.coach.lesson
    assert table.coach.coach.finished
    assert [b.label for b in table.coach.layer.buttons] == ["Menu", "Play a real match"]
    assert lessons_done.finished()[game_id][0] == 1
    assert saves.load_saved(game_id) is None, "a lesson is never saved as a match waiting"
    click(app, table.coach.layer.play_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene) and scene.game.id == game_id
    assert scene.variant_name == (lesson.then_variant or scene.game.variants[0])
    bots = [row for row in scene.seats[: scene.players.value] if row.seat]
    gentlest = lesson.then_level if lesson.then_level in levels_for(game_id) else "normal"
    assert bots and all(row.kind.value == "bot" and row.level.value == gentlest for row in bots)


def test_back_puts_the_match_as_it_was_when_the_step_began(app):
    table = open_lesson(app, LESSONS[0])
    coach = table.coach.coach
    first = None
    for _ in range(200):  # follow until a step after a move the player made
        table = table_of(app)
        if coach.index > 0 and moves_made(table) > 0 and coach.step.until != "next":
            first = coach.index
            break
        follow_one(app)
    assert first is not None
    scene, record = coach.snapshots[first - 1]
    press(app, pygame.K_BACKSPACE)
    settle_table(app)
    table = table_of(app)
    assert coach.index == first - 1
    assert table.state.to_record() == record


def follow_one(app: App) -> None:
    """One thing the player does: Next, or the first move the step asks for."""
    from keyboard import do

    table = table_of(app)
    step = table.coach.coach.step
    if step.until == "next":
        press(app, pygame.K_RETURN)
    elif table._my_turn():
        do(app, table, next(a for a in table.state.legal_actions() if step.wants(a.text)))
    settle_table(app)


def test_skip_lesson_goes_back_to_the_menu_and_leaves_no_save(app):
    table = open_lesson(app, LESSONS[-1])
    click(app, table.coach.layer.skip_button.rect.center)
    assert type(app.stack.top).__name__ == "MenuScene"
    assert saves.load_saved(LESSONS[-1]) is None
    assert LESSONS[-1] not in lessons_done.finished()


def test_a_broken_lesson_is_one_line_and_the_game_still_plays(app, monkeypatch, tmp_path):
    from cardtable import learn

    broken = tmp_path / "lesson.toml"
    broken.write_text('title = "x"\n[[step]]\nsay = "hi"\nuntil = "never"\n', encoding="utf-8")
    spec = game_specs()[LESSONS[0]]
    real = type(spec).resource_path
    monkeypatch.setattr(
        type(spec), "resource_path", staticmethod(lambda ref, what: broken if what == "lesson" else real(ref, what))
    )
    rules.registry._GAMES.pop(LESSONS[0], None)
    app.start()
    said = []
    monkeypatch.setattr(app, "toast", said.append)
    assert not learn.start_lesson(app, LESSONS[0])
    assert len(said) == 1 and "\n" not in said[0] and "step[0].until" in said[0]
    rules.registry._GAMES.pop(LESSONS[0], None)
    monkeypatch.undo()
    assert rules.load_game(LESSONS[0]).new_match(seed=1).legal_actions()


def test_the_hint_in_a_lesson_shows_the_move_the_step_asks_for(app):
    open_lesson(app, "tribello")
    for _ in range(100):
        table = table_of(app)
        step = table.coach.coach.step
        if step.until == "move" and table._my_turn():
            break
        follow_one(app)
    wanted = next(a for a in table.state.legal_actions() if step.wants(a.text))
    press(app, pygame.K_h)
    for _ in range(120):
        app.frame(1 / 60)
        if table.hint is not None:
            break
    assert table.hint is not None and table.hint[1:] == (wanted.source, wanted.target)
    assert (step.otherwise or step.say).split(".")[0] in table.said.text
